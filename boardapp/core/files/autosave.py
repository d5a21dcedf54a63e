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
from .gamefile import dumps_game, load_game, read_game_bytes

META_SUFFIX = ".meta.json"
PRIVATE = 0o600
"""Autosaves are the user's own copies: new ones are readable by the user only."""


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
        self._previous: dict[str, Any] | None = None

    @property
    def meta_path(self) -> Path:
        """The ``.meta.json`` beside the autosave."""
        return self.path.with_name(self.path.stem + META_SUFFIX)

    def save(self, game: Game) -> None:
        """Save ``game`` now (atomic; the previous autosave survives a crash meanwhile).

        The meta file is written first and describes both the game being saved and the
        one saved before, so that whichever a kill leaves on disk, the restore prompt
        describes it (:func:`unfinished_autosaves` counts the file's own actions)."""
        text = dumps_game(game)
        now = {"saved_at": now_iso(), "title": game.ruleset.title(game.state),
               "actions": len(game.log)}
        meta = {"original": self.original, "pid": os.getpid(), **now,
                "previous": self._previous}
        atomic_write_text(self.meta_path, json.dumps(meta, ensure_ascii=False),
                          mode=PRIVATE)
        atomic_write_text(self.path, text, mode=PRIVATE)
        self._previous = now

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


def _count_actions(path: Path) -> int | None:
    """How many actions the game file ``path`` holds (``None``: it cannot be read)."""
    try:
        data = json.loads(read_game_bytes(path))
    except (OSError, ValueError, RecursionError):
        return None
    actions = data.get("actions") if isinstance(data, dict) else None
    return len(actions) if isinstance(actions, list) else None


def _describing(meta: dict[str, Any], actions: int | None) -> dict[str, Any]:
    """What the meta file says of the game file holding ``actions`` actions: its current
    entry, or the previous one when a kill came between the two writes."""
    previous = meta.get("previous")
    if actions is None or meta.get("actions") == actions:
        return meta
    if isinstance(previous, dict) and previous.get("actions") == actions:
        return previous
    return {**meta, "actions": actions}


def unfinished_autosaves(folder: str | Path | None = None) -> list[AutosaveInfo]:
    """Autosaves left by processes no longer running, newest first."""
    folder = Path(folder) if folder is not None else autosave_dir()
    if not folder.is_dir():
        return []
    remove_stale_temp_files(folder)
    found = []
    for path in folder.glob("*.json"):
        if path.name.endswith(META_SUFFIX):
            game_file = path.with_name(path.name[:-len(META_SUFFIX)] + ".json")
            meta = _read_meta(path) or {}
            pid = meta.get("pid") if isinstance(meta.get("pid"), int) else -1
            if not game_file.exists() and not _pid_alive(pid):
                path.unlink(missing_ok=True)  # killed before its first game file
            continue
        meta = _read_meta(path.with_name(path.stem + META_SUFFIX)) or {}
        pid = meta.get("pid") if isinstance(meta.get("pid"), int) else -1
        if _pid_alive(pid):
            continue
        original = meta.get("original")
        about = _describing(meta, _count_actions(path))
        found.append(AutosaveInfo(
            path=path, original=original if isinstance(original, str) else None,
            saved_at=str(about.get("saved_at", "")), title=str(about.get("title", path.stem)),
            actions=about["actions"] if isinstance(about.get("actions"), int) else 0, pid=pid))
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
