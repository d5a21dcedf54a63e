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

import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from ..base.atomic import atomic_write_text
from ..base.userdirs import cache_dir

FILE_NAME = "verified-positions.txt"
MAX_BYTES = 4 * 1024 * 1024
_LINE = re.compile(r"^([0-9a-f]{64}) ([0-9a-f]{64})$")


def _path() -> Path:
    return cache_dir() / FILE_NAME


_memo: dict[str, tuple[tuple[int, int], dict[str, str]]] = {}
"""What this process last read of a cache file, with the file's (size, mtime)."""


def _read(path: Path) -> dict[str, str]:
    try:
        info = path.stat()
        stamp = (info.st_size, info.st_mtime_ns)
        memo = _memo.get(str(path))
        if memo is not None and memo[0] == stamp:
            return memo[1]
        text = path.read_text(encoding="ascii", errors="replace")
    except OSError:
        return {}
    out = {}
    for line in text.splitlines():
        match = _LINE.match(line)
        if match:
            out[match[1]] = match[2]
    _memo[str(path)] = (stamp, out)
    return out


def lookup(chains: Iterable[str]) -> dict[str, str]:
    """The digests verified here of the positions at ``chains`` (those found)."""
    wanted = set(chains)
    try:
        known = _read(_path())
    except OSError:
        return {}
    return {c: known[c] for c in wanted if c in known}


def remember(found: Mapping[str, str]) -> None:
    """Note the positions ``found`` (chain -> digest) as verified on this computer."""
    if not found:
        return
    try:
        path = _path()
        known = dict(_read(path))
        new = [f"{c} {d}\n" for c, d in found.items() if known.get(c) != d]
        if not new:
            return
        with open(path, "a", encoding="ascii") as out:
            out.write("".join(new))
        known.update(found)
        info = path.stat()
        _memo[str(path)] = ((info.st_size, info.st_mtime_ns), known)
        if os.path.getsize(path) > MAX_BYTES:
            lines = path.read_text(encoding="ascii", errors="replace").splitlines()
            atomic_write_text(path, "\n".join(lines[len(lines) // 2:]) + "\n")
    except OSError:
        pass  # a cache that cannot be written costs a replay next time, nothing else
