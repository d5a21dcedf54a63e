"""Game file format versions and the migrations that bring old files up to date.

Each migration takes the parsed JSON of version ``v`` and returns version ``v + 1``;
opening a file runs them in order, so a file written by any older boardapp opens in
this one. A file from a *newer* boardapp is refused with a message saying to update.
``tests/data/`` keeps one frozen file per old version, opened by the tests.

=========  ===================================================================
version 1  hot-seat only: ruleset, scenario, seed, actions, digest
version 2  adds ``mode`` ("hotseat" or "pbem"), ``sends``, and for play by email
           the ``pbem`` header (players, keys) and the proofs of each action
version 3  adds ``checkpoints`` to a long hot-seat game: positions with their
           digests (:mod:`boardapp.core.files.checkpoints`); optional, nothing else
           changes
=========  ===================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base.errors import GameFileError
from ..base.i18n import N_

GAME_VERSION = 3
"""The format version this boardapp writes."""


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    out = dict(data)
    out["version"] = 2
    out["mode"] = "hotseat"
    out["sends"] = []
    return out


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "version": 3}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2,
                                                                      2: _v2_to_v3}


def migrate(data: dict[str, Any], file: str) -> dict[str, Any]:
    """``data`` brought up to :data:`GAME_VERSION`; :class:`GameFileError` if impossible."""
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise GameFileError(file, "version", N_("missing or not a number"))
    if version > GAME_VERSION:
        raise GameFileError(file, "version", N_("written by a newer boardapp (format {version}, "
                                                "this one reads up to {game_version}): update "
                                                "boardapp to open it", version=version,
                                                game_version=GAME_VERSION))
    if version < 1:
        raise GameFileError(file, "version", N_("unknown format version {version}",
                                                version=version))
    while version < GAME_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    return data
