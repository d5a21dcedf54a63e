"""Autosave: the open game is saved after every action, so a crash never loses it.

The UI makes one :class:`Autosaver` per open game and calls :meth:`Autosaver.save`
after each action (and undo/redo), then :meth:`Autosaver.finish` when the game is
closed normally (saved or discarded on purpose). Each autosave is the game file
itself, written atomically, plus a small ``.meta.json`` beside it (the original file,
the time, the process id). On start, :func:`find_unfinished_autosave` returns the
newest autosave left by a process that is no longer running — a crash, a kill, a
power cut — for the UI to offer: restore (:func:`restore_autosave`) or discard
(:func:`discard_autosave`).

Files live in ``data_dir()/autosave`` (see :mod:`boardapp.core.base.userdirs`).
"""

from __future__ import annotations

import json
import os
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..base.atomic import atomic_write_text, remove_stale_temp_files
from ..engine.game import Game
from ..engine.sends import now_iso
from .gamefile import dumps_game, load_game

META_SUFFIX = ".meta.json"


def autosave_dir() -> Path:
    """The folder of autosaves (created if missing)."""
    from ..base.userdirs import data_dir

    folder = data_dir() / "autosave"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass(frozen=True)
class AutosaveInfo:
    """An autosave found on disk: where it is and what it holds."""

    path: Path
    original: str | None
    saved_at: str
    title: str
    actions: int
    pid: int

    @property
    def meta_path(self) -> Path:
        """The ``.meta.json`` beside the autosave."""
        return self.path.with_name(self.path.stem + META_SUFFIX)

    def describe(self) -> str:
        """One sentence for the restore prompt."""
        where = f" (from {self.original})" if self.original else " (never saved)"
        return f"{self.title}, {self.actions} actions, autosaved {self.saved_at}{where}"


class Autosaver:
    """Autosaves one open game; ``original`` is the file it was opened from, if any."""

    def __init__(self, original: str | Path | None = None,
                 folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else autosave_dir()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.original = str(original) if original is not None else None
        self.path = self.folder / f"{uuid.uuid4().hex}.json"

    @property
    def meta_path(self) -> Path:
        """The ``.meta.json`` beside the autosave."""
        return self.path.with_name(self.path.stem + META_SUFFIX)

    def save(self, game: Game) -> None:
        """Save ``game`` now (atomic; the previous autosave survives a crash meanwhile)."""
        atomic_write_text(self.path, dumps_game(game))
        meta = {"original": self.original, "saved_at": now_iso(), "pid": os.getpid(),
                "title": game.ruleset.title(game.state), "actions": len(game.log)}
        atomic_write_text(self.meta_path, json.dumps(meta, ensure_ascii=False))

    def finish(self) -> None:
        """The game was closed normally: forget its autosave."""
        for path in (self.path, self.meta_path):
            path.unlink(missing_ok=True)


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name == "nt" or pid <= 0:  # no safe signal-0 probe on Windows
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _read_meta(meta: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(meta.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def unfinished_autosaves(folder: str | Path | None = None) -> list[AutosaveInfo]:
    """Autosaves left by processes no longer running, newest first."""
    folder = Path(folder) if folder is not None else autosave_dir()
    if not folder.is_dir():
        return []
    remove_stale_temp_files(folder)
    found = []
    for path in folder.glob("*.json"):
        if path.name.endswith(META_SUFFIX):
            continue
        meta = _read_meta(path.with_name(path.stem + META_SUFFIX)) or {}
        pid = meta.get("pid") if isinstance(meta.get("pid"), int) else -1
        if _pid_alive(pid):
            continue
        original = meta.get("original")
        found.append(AutosaveInfo(
            path=path, original=original if isinstance(original, str) else None,
            saved_at=str(meta.get("saved_at", "")), title=str(meta.get("title", path.stem)),
            actions=meta["actions"] if isinstance(meta.get("actions"), int) else 0, pid=pid))
    found.sort(key=lambda info: (info.saved_at, info.path.stat().st_mtime), reverse=True)
    return found


def find_unfinished_autosave(folder: str | Path | None = None) -> AutosaveInfo | None:
    """The newest autosave a crash left behind, or ``None``: what to offer on start."""
    found = unfinished_autosaves(folder)
    return found[0] if found else None


def restore_autosave(info: AutosaveInfo, **load_args: Any) -> Game:
    """Open the autosaved game (``load_args`` as for :func:`load_game`, e.g. the
    passphrase of a play-by-email game). The autosave stays until discarded."""
    return load_game(info.path, **load_args)


def discard_autosave(info: AutosaveInfo) -> None:
    """Delete an autosave (restored and saved elsewhere, or refused by the user)."""
    info.path.unlink(missing_ok=True)
    info.meta_path.unlink(missing_ok=True)
