"""The Lily and the Ermine's strategic R&R and Alliances Table on the board."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QMessageBox  # noqa: E402

from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.ui.main_window import MainWindow  # noqa: E402
from rulesets.lily_ermine import RULESET  # noqa: E402


def test_buying_from_a_zones_menu_and_the_alliances_table(qtbot, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: None)
    game = Game(RULESET(), "1487", 5)
    win = MainWindow(game)
    qtbot.addWidget(win)
    win.show()
    scene = win.scene
    # The cursors of the Alliances Table are markers of its box (11); stars mark objectives.
    shown = scene.place_markers.texts()
    assert "Rieux -1 Brittany (doubt)" in shown["alliances"]
    assert "★" in shown["sz38"]
    menu = scene.place_menu("sz45")  # nothing to buy before the RP are rolled
    assert [a.text() for a in menu.actions() if a.isEnabled() and not a.isSeparator()] == [
        "Garrison in 45 Angers (Anjou)"]
    game.push("set-dice 3,3,3,3,1")
    win.push_button(next(a for a in game.legal_actions() if a.verb == "roll-rp"))
    labels = [a.text() for a in win.game_actions()]
    assert {"Swiss: 0 counters", "Swiss: 1 counter"} <= set(labels)  # the table asked (13)
    menu = scene.place_menu("sz45")
    texts = [a.text() for a in menu.actions() if a.isEnabled() and not a.isSeparator()]
    assert "Buy France Ar #5 full (2 RP) in 45 Angers (Anjou)" in texts
    next(a for a in menu.actions() if a.text().startswith("Buy France Ar #5 full")).trigger()
    assert game.state["pieces"]["france-ar-5"]["loc"] == "sz45"
    assert game.state["vars"]["rp"]["france"] == 10
