"""Turning a figure where it stands (issue 18 point 2): a click selects it and shows its
handle, dragging the handle around it turns it (one action), the order is carried out in
the first sixth; a game of the demo's version 0.1 replays as it was (the turn ignored)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.table.positions import position
from boardapp.ui.main_window import MainWindow
from boardapp.ui.table_items import mm

RS = find_ruleset("table-demo")


@pytest.fixture(autouse=True)
def quiet(monkeypatch) -> None:
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)


def test_the_handle_turns_a_figure_where_it_stands(qtbot):
    game = Game(RS, None, 1)
    window = MainWindow(game)
    qtbot.addWidget(window)
    window.show()
    tool = window.view.tools["move"]
    assert tool.handle.scene() is None
    assert tool.press(mm(12, 52), False)  # Red foot A, facing the top edge
    tool.release(mm(12, 52), False)  # a click: selected, its handle shown
    assert tool.selected == ["red-a"] and tool.handle.scene() is window.scene
    hx, hy = tool.handle.pos().x() / 10, tool.handle.pos().y() / 10
    assert (hx, hy) == pytest.approx((12, 49.5))  # 1.5 cm in front of its front edge
    assert tool.press(mm(hx, hy), False)
    tool.move(mm(20, 52), False)  # dragged round to its right
    assert tool.text.text() == "facing 90°"
    tool.release(mm(20, 52), False)
    assert game.log[-1].action.text() == "plan red-a 12,52,90"
    assert tool.selected == ["red-a"]  # still selected, to turn again
    game.play("commit red-a:12,52,90", side="red")
    game.play("commit hold", side="blue")
    assert position(game.state, "red-a") == (1200, 5200, 900)


def test_a_turn_in_place_is_ignored_when_replaying_a_game_of_version_0_1():
    old = Game(RS, None, 1, played_with="0.1")
    assert old.state["legacy"] == {"turn_in_place": False}
    old.push("plan red-a 12,52,90", side="red")
    old.play("commit red-a:12,52,90", side="red")
    old.play("commit hold", side="blue")
    assert position(old.state, "red-a") == (1200, 5200, 0)
