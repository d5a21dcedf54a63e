"""Atomic file writes: a temporary file in the same folder, flushed, synced, renamed.

A crash or a kill at any moment leaves either the old file or the new one, never half
of one: ``os.replace`` is atomic on POSIX and Windows when both names are in the same
folder. A killed writer may leave a ``.NAME.*.tmp`` file behind, which
:func:`remove_stale_temp_files` cleans up.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def atomic_write_bytes(path: str | Path, data: bytes, *, sync: bool = True) -> None:
    """Write ``data`` to ``path`` atomically (creating its folder); on failure the old
    file is untouched."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if sync:
        _sync_folder(folder)


def atomic_write_text(path: str | Path, text: str, *, sync: bool = True) -> None:
    """Write ``text`` as UTF-8 to ``path`` atomically."""
    atomic_write_bytes(path, text.encode("utf-8"), sync=sync)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temp_files(folder: str | Path, older_than: float = 60.0) -> int:
    """Delete temporary files that killed writers left in ``folder``; return how many."""
    removed = 0
    now = time.time()
    for tmp in Path(folder).glob(f".*{TEMP_SUFFIX}"):
        try:
            if now - tmp.stat().st_mtime >= older_than:
                tmp.unlink()
                removed += 1
        except OSError:
            continue
    return removed
