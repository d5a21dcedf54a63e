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

import re
from pathlib import Path

from ..base.userdirs import cache_dir
from ..board import mapdata
from . import cachefile

FILE_NAME = "checked-maps.txt"
MAX_BYTES = 256 * 1024
_LINE = re.compile(r"^[0-9a-f]{64}$")


def _path() -> Path:
    return cache_dir() / FILE_NAME


def _parse(lines: list[str]) -> set[str]:
    return {line for line in lines if _LINE.match(line)}


def known(checked: str) -> bool:
    """Whether the map file of key ``checked`` passed every check here before."""
    try:
        return checked in cachefile.read(_path(), _parse, set())
    except OSError:
        return False


def remember(checked: str) -> None:
    """Note that the map file of key ``checked`` passed every check."""
    try:
        path = _path()
        if checked not in cachefile.read(path, _parse, set()):
            cachefile.append(path, [checked], MAX_BYTES)
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
