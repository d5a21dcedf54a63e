"""The positions already verified on this computer (a local cache, in the user's cache
folder: :func:`~boardapp.core.base.userdirs.cache_dir`).

One line per position: the hash of the game's log up to it (the *chain*, see
:mod:`.checkpoints`) and the digest of the state that log gives, as this computer
replayed it or played it. A game file whose log hashes to a chain found here, and whose
position there has the digest found here, needs no replay up to it. An edited log has
another chain; an edited position another digest: neither matches.

The cache is only a shortcut: losing it, or failing to read or write it, costs a replay,
never a game. It is cut down to its newer half when it grows past :data:`MAX_BYTES`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from ..base.userdirs import cache_dir
from . import cachefile

FILE_NAME = "verified-positions.txt"
MAX_BYTES = 4 * 1024 * 1024
_LINE = re.compile(r"^([0-9a-f]{64}) ([0-9a-f]{64})$")


def _path() -> Path:
    return cache_dir() / FILE_NAME


def _parse(lines: list[str]) -> dict[str, str]:
    out = {}
    for line in lines:
        match = _LINE.match(line)
        if match:
            out[match[1]] = match[2]
    return out


def lookup(chains: Iterable[str]) -> dict[str, str]:
    """The digests verified here of the positions at ``chains`` (those found)."""
    wanted = set(chains)
    try:
        known = cachefile.read(_path(), _parse, {})
    except OSError:
        return {}
    return {c: known[c] for c in wanted if c in known}


def remember(found: Mapping[str, str]) -> None:
    """Note the positions ``found`` (chain -> digest) as verified on this computer."""
    if not found:
        return
    try:
        path = _path()
        known = dict(cachefile.read(path, _parse, {}))
        new = [f"{c} {d}" for c, d in found.items() if known.get(c) != d]
        if new:
            known.update(found)
            cachefile.append(path, new, MAX_BYTES, known)
    except OSError:
        pass  # a cache that cannot be written costs a replay next time, nothing else
