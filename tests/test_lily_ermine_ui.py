"""The Lily and the Ermine on the board: it opens, and the table question is a button."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QMessageBox  # noqa: E402

from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.ui.main_window import MainWindow  # noqa: E402
from rulesets.lily_ermine import RULESET  # noqa: E402


def test_board_opens_and_offers_the_fatigue_answers(qtbot, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: None)
    game = Game(RULESET(), "1487", 5)
    win = MainWindow(game)
    qtbot.addWidget(win)
    win.show()
    labels = [a.text() for a in win.game_actions()]
    assert labels == ["Roll RP dice", "Next phase"]
    for _ in range(2):
        win.push_button(game.legal_actions()[-1])  # Next phase: movement, then fatigue
    assert game.state["flow"][-1]["step"] == "fatigue-ask"
    labels = [a.text() for a in win.game_actions()]
    assert labels == ["0 SP lost", "1 SP lost"]
    assert "column 1-9 SP" in win.prompt_label.text()
    win.game_actions()[1].trigger()
    assert [a.text() for a in win.game_actions()] == ["Eliminate unit Rohan Mi #1"]
    assert game.ruleset.piece_actions(game.state, "rohan-mi-1")
