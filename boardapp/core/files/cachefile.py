"""A local cache file of lines (in the user's cache folder), shared by the caches of
checked maps (:mod:`.checkedmaps`) and verified positions (:mod:`.verified`): read and
parsed once per change of the file, appended to, and cut down to its newer half when it
grows too big. Failing to read or write it raises :class:`OSError` for the caller, whose
cache is only a shortcut."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..base.atomic import atomic_write_text

T = TypeVar("T")

_memo: dict[str, tuple[tuple[int, int], Any]] = {}
"""What this process last parsed of a cache file, with the file's (size, mtime)."""


def _stamp(path: Path) -> tuple[int, int]:
    info = path.stat()
    return info.st_size, info.st_mtime_ns


def read(path: Path, parse: Callable[[list[str]], T], empty: T) -> T:
    """``parse`` of the file's lines, or ``empty`` when there is no file; the parse of
    the file as this process last read it when it has not changed since."""
    try:
        stamp = _stamp(path)
        memo = _memo.get(str(path))
        if memo is not None and memo[0] == stamp:
            return memo[1]
        text = path.read_text(encoding="ascii", errors="replace")
    except OSError:
        return empty
    out = parse(text.splitlines())
    _memo[str(path)] = (stamp, out)
    return out


def append(path: Path, lines: list[str], max_bytes: int, parsed: Any = None) -> None:
    """Add ``lines`` to the file; ``parsed``: what the file now parses to, kept for the
    next :func:`read` (``None``: read it again). Past ``max_bytes`` the file keeps its
    newer half."""
    with open(path, "a", encoding="ascii") as out:
        out.write("".join(line + "\n" for line in lines))
    if parsed is not None:
        _memo[str(path)] = (_stamp(path), parsed)
    if os.path.getsize(path) > max_bytes:
        kept = path.read_text(encoding="ascii", errors="replace").splitlines()
        atomic_write_text(path, "\n".join(kept[len(kept) // 2:]) + "\n")
