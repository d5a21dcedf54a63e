"""The map files whose outlines this computer has checked before (a local cache, in the
user's cache folder: :func:`~boardapp.core.base.userdirs.cache_dir`), handed to the maps
by :func:`install` (the board package reads no user folder).

Checking a map's geometry (outlines valid, cities inside the land, drawn outlines not
overlapping) needs shapely, whose import alone costs more than a command that only reads
a position. A map file is known here by the SHA-256 of its bytes and of the checks'
version (:func:`~boardapp.core.board.mapdata.check_key`): a file whose very bytes passed
every check before is read again without the geometry checks (its outlines are built, by
the same code, only when drawn). A file edited by a single byte has another key: it is
checked in full.

The cache is only a shortcut: losing it, or failing to read or write it, costs the
checks, never a map. It is cut down to its newer half past :data:`MAX_BYTES`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..base.atomic import atomic_write_text
from ..base.userdirs import cache_dir
from ..board import mapdata

FILE_NAME = "checked-maps.txt"
MAX_BYTES = 256 * 1024
_LINE = re.compile(r"^[0-9a-f]{64}$")
_memo: dict[str, tuple[tuple[int, int], set[str]]] = {}
"""What this process last read of a cache file, with the file's (size, mtime)."""


def _path() -> Path:
    return cache_dir() / FILE_NAME


def _read(path: Path) -> set[str]:
    try:
        info = path.stat()
        stamp = (info.st_size, info.st_mtime_ns)
        memo = _memo.get(str(path))
        if memo is not None and memo[0] == stamp:
            return memo[1]
        text = path.read_text(encoding="ascii", errors="replace")
    except OSError:
        return set()
    out = {line for line in text.splitlines() if _LINE.match(line)}
    _memo[str(path)] = (stamp, out)
    return out


def known(checked: str) -> bool:
    """Whether the map file of key ``checked`` passed every check here before."""
    try:
        return checked in _read(_path())
    except OSError:
        return False


def remember(checked: str) -> None:
    """Note that the map file of key ``checked`` passed every check."""
    try:
        path = _path()
        if checked in _read(path):
            return
        with open(path, "a", encoding="ascii") as out:
            out.write(checked + "\n")
        if os.path.getsize(path) > MAX_BYTES:
            lines = path.read_text(encoding="ascii", errors="replace").splitlines()
            atomic_write_text(path, "\n".join(lines[len(lines) // 2:]) + "\n")
    except OSError:
        pass  # a cache that cannot be written costs the checks next time, nothing else


class _UserCache:
    """The cache of this module, as :func:`~boardapp.core.board.mapdata.use_checked_maps`
    wants it."""

    known = staticmethod(known)
    remember = staticmethod(remember)


def install() -> None:
    """Let the maps loaded in this process skip the geometry checks of files checked here
    before (the command line does: it seldom draws a board)."""
    mapdata.use_checked_maps(_UserCache())
