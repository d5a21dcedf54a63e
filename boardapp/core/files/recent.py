"""The recent files list: a small JSON file in the user's configuration folder.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = add_recent(folder / "a.json", "Game A", folder=folder)
>>> [f.title for f in recent_files(folder=folder)]
['Game A']
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ..base.atomic import atomic_write_text
from ..engine.sends import now_iso

RECENT_NAME = "recent.json"
RECENT_MAX = 10


@dataclass(frozen=True)
class RecentFile:
    """A game file opened or saved recently."""

    path: str
    title: str = ""
    opened_at: str = ""

    @property
    def exists(self) -> bool:
        """Whether the file is still there (the menu may grey it out)."""
        return Path(self.path).is_file()


def _file(folder: str | Path | None) -> Path:
    if folder is None:
        from ..base.userdirs import config_dir

        folder = config_dir()
    return Path(folder) / RECENT_NAME


def recent_files(folder: str | Path | None = None) -> list[RecentFile]:
    """The recent files, most recent first (an unreadable list reads as empty)."""
    try:
        data = json.loads(_file(folder).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return []
    items = data.get("files") if isinstance(data, dict) else None
    out = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and isinstance(item.get("path"), str):
            out.append(RecentFile(item["path"], str(item.get("title", "")),
                                  str(item.get("opened_at", ""))))
    return out[:RECENT_MAX]


def _write(files: list[RecentFile], folder: str | Path | None) -> None:
    path = _file(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"version": 1, "files": [asdict(f) for f in files[:RECENT_MAX]]}
    atomic_write_text(path, json.dumps(data, indent=1, ensure_ascii=False), sync=False)


def add_recent(path: str | Path, title: str = "",
               folder: str | Path | None = None) -> list[RecentFile]:
    """Put ``path`` at the top of the list; return the new list."""
    key = str(Path(path).resolve())
    files = [f for f in recent_files(folder) if f.path != key]
    files.insert(0, RecentFile(key, title, now_iso()))
    _write(files, folder)
    return files[:RECENT_MAX]


def remove_recent(path: str | Path, folder: str | Path | None = None) -> list[RecentFile]:
    """Drop ``path`` from the list (e.g. it no longer opens); return the new list."""
    key = str(Path(path).resolve())
    files = [f for f in recent_files(folder) if f.path != key]
    _write(files, folder)
    return files


def clear_recent(folder: str | Path | None = None) -> None:
    """Empty the list."""
    _write([], folder)
