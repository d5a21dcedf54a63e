"""The window learns the past of a game opened at a checkpoint while idle (issue 14):
afterwards no undo and no step of the replay bar waits for a replay."""

from __future__ import annotations

import json

from boardapp.core.files import checkpoints
from boardapp.core.files.gamefile import load_game, save_game
from boardapp.ui.controller import GameController
from tests.test_checkpoints import LENGTH, long_game, texts


def test_the_window_learns_the_past_while_idle(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(checkpoints, "MIN_ACTIONS", 200)
    monkeypatch.setattr(checkpoints, "FILE_EVERY", 128)
    game = long_game(5)
    path = tmp_path / "long.json"
    save_game(game, path)
    opened = load_game(path)
    assert opened.from_checkpoint
    past = opened._past
    assert not all(past.known(i) for i in range(LENGTH))
    controller = GameController(opened)
    qtbot.waitUntil(lambda: all(past.known(i) for i in range(LENGTH)), timeout=20000)
    assert controller.game is opened and len(opened.log) == LENGTH
    opened._replay_entry = None  # no replay is needed any more
    assert [json.dumps(opened.state_at(n)) for n in range(LENGTH + 1)] == texts(game)
