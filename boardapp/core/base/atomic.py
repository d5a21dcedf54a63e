"""Atomic file writes: a temporary file in the same folder, flushed, synced, renamed.

A crash or a kill at any moment leaves either the old file or the new one, never half
of one: ``os.replace`` is atomic on POSIX and Windows when both names are in the same
folder. The file keeps its permissions across saves (a new file gets the usual ones,
0666 less the umask). A killed writer may leave a ``.NAME.<8 random characters>.tmp`` file behind:
the next save of NAME removes it once it is old (:data:`STALE_AFTER`) and only if it
has exactly that form, is a plain file and belongs to this user
(:func:`remove_stale_temp_files_of`); :func:`remove_stale_temp_files` empties a folder
of boardapp's own (the autosaves) of them.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import time
from pathlib import Path

from .i18n import N_

TEMP_SUFFIX = ".tmp"
STALE_AFTER = 600.0
"""Seconds after which a temporary file beside its target is a killed save's leftover
(a save takes well under a second; another process may be writing a younger one)."""
_TEMP_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"
_TEMP_TAIL = re.compile(r"\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX))


def atomic_write_bytes(path: str | Path, data: bytes, *, sync: bool = True,
                       mode: int | None = None) -> None:
    """Write ``data`` to ``path`` atomically (creating its folder); on failure the old
    file is untouched.

    An existing file keeps its permission bits; a new one gets ``mode`` (default
    0o666) less the umask, like any program's new file.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temp_files_of(path)
    keep = _mode_of(path)
    fd, tmp = _new_temp(folder, path.name, 0o600 if keep is not None else
                        (0o666 if mode is None else mode))
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if keep is not None and hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), keep)
            if sync:
                os.fsync(handle.fileno())
        if keep is not None and not hasattr(os, "fchmod"):
            os.chmod(tmp, keep)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if sync:
        _sync_folder(folder)


def atomic_write_text(path: str | Path, text: str, *, sync: bool = True,
                      mode: int | None = None) -> None:
    """Write ``text`` as UTF-8 to ``path`` atomically (see :func:`atomic_write_bytes`)."""
    atomic_write_bytes(path, text.encode("utf-8"), sync=sync, mode=mode)


def _mode_of(path: Path) -> int | None:
    """The permission bits of the existing regular file ``path`` (``None``: no such file)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None


def _new_temp(folder: Path, name: str, mode: int) -> tuple[int, str]:
    """Create ``.NAME.<8 random characters>.tmp`` in ``folder`` (exclusively, with ``mode`` less the
    umask); return its descriptor and path."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) \
        | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(100):
        tail = "".join(secrets.choice(_TEMP_CHARS) for _ in range(8))
        tmp = os.path.join(folder, f".{name}.{tail}{TEMP_SUFFIX}")
        try:
            return os.open(tmp, flags, mode), tmp
        except FileExistsError:
            continue
    raise FileExistsError(N_("no free temporary name for {name} in {folder}", name=name,
                             folder=folder))


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


def _is_ours(info: os.stat_result) -> bool:
    """A plain file (not a link, a pipe...) of this user."""
    if not stat.S_ISREG(info.st_mode):
        return False
    return not hasattr(os, "getuid") or info.st_uid == os.getuid()


def remove_stale_temp_files_of(path: str | Path, older_than: float = STALE_AFTER) -> int:
    """Delete what killed saves of ``path`` left beside it: files named exactly like
    this module's temporary files of ``path``, plain files of this user, older than
    ``older_than`` seconds. Return how many."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    prefix = f".{path.name}"
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and _TEMP_TAIL.fullmatch(name, len(prefix))):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if _is_ours(info) and now - info.st_mtime >= older_than:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def remove_stale_temp_files(folder: str | Path, older_than: float = 60.0) -> int:
    """Delete temporary files that killed writers left in ``folder``, a folder of
    boardapp's own (plain files of this user only); return how many."""
    removed = 0
    now = time.time()
    for tmp in Path(folder).glob(f".*{TEMP_SUFFIX}"):
        try:
            info = tmp.lstat()
            if _is_ours(info) and now - info.st_mtime >= older_than:
                tmp.unlink()
                removed += 1
        except OSError:
            continue
    return removed
