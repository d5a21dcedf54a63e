"""Where a ruleset's maps come from, and the record of them a game file keeps.

The engine never looks for the user's files: whoever makes a ruleset hands it a *map
provider* (:class:`MapProvider`), which gives the map of each map file the ruleset names.
By default that is :class:`ShippedMaps`, the files shipped in ``maps/``; the app, the
command line and file loading hand in the user's maps instead (a map edited on a scan,
see :mod:`boardapp.core.scan.boardsettings`).

A game file records, per board, which map the game was played on (:class:`MapRecord`:
the file name, whether it was the shipped file or the user's edited copy, and a digest of
its bytes), so that opening it on a computer with another map can say so
(:func:`map_notes`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..base.i18n import N_
from .mapdata import BoardMap, load_map

SHIPPED = "shipped"
"""The map file shipped with boardapp (or with the ruleset)."""
USER = "user"
"""The user's own copy of a shipped map, edited on a scan."""
ORIGINS = (SHIPPED, USER)


def map_digest(data: bytes) -> str:
    """A short digest of a map file's bytes (16 hex digits, as the data digest)."""
    return hashlib.sha256(data).hexdigest()[:16]


@dataclass(frozen=True)
class LoadedMap:
    """A validated map, where it came from (:data:`SHIPPED` or :data:`USER`) and the
    digest of the bytes it was read from."""

    map: BoardMap
    origin: str
    digest: str


def load_map_file(path: str | Path, origin: str) -> LoadedMap:
    """Read and validate the map file ``path`` (:class:`DataError` if it is not valid)."""
    path = Path(path)
    bmap = load_map(path)
    try:
        digest = map_digest(path.read_bytes())
    except OSError:
        digest = ""
    return LoadedMap(bmap, origin, digest)


class MapProvider(Protocol):
    """What a ruleset reads its maps through."""

    def load(self, map_file: str) -> LoadedMap:
        """The map of ``map_file`` (a file name in ``maps/``, as a ruleset names it);
        :class:`DataError` if there is none valid."""
        ...  # pragma: no cover (protocol)


class ShippedMaps:
    """The map files shipped with boardapp: ``maps/`` (``$BOARDAPP_MAPS``), or ``folder``."""

    def __init__(self, folder: str | Path | None = None) -> None:
        if folder is None:
            from ...paths import maps_dir

            folder = maps_dir()
        self.folder = Path(folder)

    def path(self, map_file: str) -> Path:
        """The shipped file of ``map_file``."""
        return self.folder / map_file

    def load(self, map_file: str) -> LoadedMap:
        return load_map_file(self.path(map_file), SHIPPED)


@dataclass(frozen=True)
class MapRecord:
    """Which map a board of a game was played on, as a game file records it."""

    file: str
    """The map file's name (as the ruleset names it, e.g. ``some_game.yaml``)."""
    origin: str
    """:data:`SHIPPED` or :data:`USER`."""
    digest: str
    """:func:`map_digest` of the file's bytes."""

    def to_json(self) -> dict[str, str]:
        return {"file": self.file, "origin": self.origin, "digest": self.digest}

    @classmethod
    def from_json(cls, value: Any) -> MapRecord | None:
        """The record in ``value``; ``None`` if it is not one (an unreadable record is
        ignored: it only serves to explain a difference)."""
        if not isinstance(value, dict):
            return None
        file, origin, digest = value.get("file"), value.get("origin"), value.get("digest")
        if not (isinstance(file, str) and origin in ORIGINS and isinstance(digest, str)):
            return None
        return cls(file, origin, digest)


def records_to_json(records: Mapping[str, MapRecord]) -> dict[str, dict[str, str]]:
    """The ``maps`` field of a game file: board id -> record."""
    return {board: record.to_json() for board, record in records.items()}


def records_from_json(value: Any) -> dict[str, MapRecord]:
    """The records of a game file's ``maps`` field (none if absent: an older file)."""
    if not isinstance(value, dict):
        return {}
    found = {board: MapRecord.from_json(item) for board, item in value.items()}
    return {board: record for board, record in found.items()
            if isinstance(board, str) and record is not None}


def _which(record: MapRecord) -> str:
    if record.origin == USER:
        return N_("its player's own edited copy of the map {file}", file=record.file)
    return N_("the shipped map {file}", file=record.file)


def _here(was: MapRecord, now: MapRecord) -> str:
    if was.origin == USER and now.origin == SHIPPED:
        return N_("this computer has no edited copy of it, so the shipped map is used here")
    if now.origin == USER:
        return N_("this computer uses an edited copy of it that differs, so that copy is "
                  "used here")
    return N_("that map has changed since, so today's shipped map is used here")


def map_notes(saved: Mapping[str, MapRecord], here: Mapping[str, MapRecord],
              titles: Mapping[str, str] | None = None) -> list[str]:
    """One sentence per board whose map differs between a game file's record (``saved``)
    and the maps this computer uses (``here``); none when they agree or the file has no
    record (written before maps were recorded). ``titles``: board names, said when the
    game has several boards."""
    notes = []
    for board, was in saved.items():
        now = here.get(board)
        if now is None or now.digest == was.digest:
            continue
        if len(here) > 1:
            notes.append(N_("This game was played on {which} (board {board}); {here}.",
                            which=_which(was), board=(titles or {}).get(board, board),
                            here=_here(was, now)))
        else:
            notes.append(N_("This game was played on {which}; {here}.", which=_which(was),
                            here=_here(was, now)))
    return notes
