"""Guet-Apens in the window (issue 19; pytest-qt, offscreen): a figure selected on the
table shows its character sheet in the Sheet dock (start and current values, the
quarter column of its wounds, states, equipment, horse), its ammunition only to its
owner at the screen, and a shot's D20 test in the Table dock, term by term with its
sources and the rule."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.pbem.hidden import mask
from boardapp.core.table.fixed import to_cm
from boardapp.core.table.positions import position
from boardapp.ui.main_window import MainWindow
from boardapp.ui.table_items import mm
from tests.contracthelpers import taker

SHOTS = ["ready", "ready", "commit hold", "commit hold", "reveal", "reveal",
         "commit a2>b2/a4>b4", "commit b2>a2/b4>a4", "reveal", "reveal"]
"""Scenario III, seed 3: the first period's orders held, then both sides shoot."""


@pytest.fixture(autouse=True)
def quiet(monkeypatch) -> None:
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)


def open_window(qtbot, game: Game) -> MainWindow:
    window = MainWindow(game)
    qtbot.addWidget(window)
    window.show()
    return window


def click_figure(window: MainWindow, pid: str) -> None:
    """A click on the figure's base with the move tool (press and release in place)."""
    x, y, _ = position(window.game.state, pid)
    tool = window.view.tools["move"]
    at = mm(to_cm(x), to_cm(y))
    assert tool.press(at, False)
    tool.release(at, False)


def play(game: Game, texts: list[str]) -> None:
    rs = game.ruleset
    for text in texts:
        action = next(a for a in game.legal_actions() if a.text() == text)
        game.push(action, side=taker(rs, game.state, action))


def test_selecting_a_figure_shows_its_sheet_with_the_values_of_the_state(qtbot):
    game = Game(find_ruleset("guet-apens"), "IX", 5)
    rs, state = game.ruleset, game.state
    baron = state["vars"]["figs"]["a1"]
    baron["lp"] = baron["start"]["lp"] - 3  # wounded: a quarter column reached
    baron["states"] = ["stunned"]
    window = open_window(qtbot, game)
    click_figure(window, "a1")
    dock = window.sheet_dock
    assert dock.pid == "a1" and dock.isVisible()
    text = dock.text()
    values, column = rs.values(state, "a1"), rs.column(state, "a1")
    assert column > 0 and "Baron A1" in text and "baron, knight" in text
    assert f"column {('start', '1/4', '1/2', '3/4')[column]}" in text
    for name, key in (("Agility", "ag"), ("Skill", "sk"), ("Strength", "st"),
                      ("Life Points", "lp")):
        line = next(ln.strip() for ln in text.splitlines() if ln.strip().startswith(name))
        cells = line.split()
        assert cells[-1] == str(values[key])  # now
        assert str(baron["start"][key]) in cells  # start
    assert "stunned" in text and "GA 10.2.3" in text
    horse = baron["horse"]
    assert f"Agility: {horse['ag']}" in text
    assert horse["worth"] in text and "ridden" in text
    assert ("Mail" in text) and "Weapon" in text
    baron["lp"] = baron["start"]["lp"]  # the state changes: the sheet follows it
    assert window.controller.push("roll d20")  # any action: the dock refreshes
    assert "unwounded" in dock.text()


def test_the_ammunition_is_shown_only_to_its_owner_at_the_screen(qtbot):
    game = Game(find_ruleset("guet-apens"), "III", 3)
    ammo = game.state["vars"]["ammo"]
    window = open_window(qtbot, game)
    dock, hand = window.sheet_dock, window.pbem_ui.hand
    acting = game.ruleset.acting_side(game.state)
    mine, theirs = ("a1", "b1") if acting == "a" else ("b1", "a1")
    click_figure(window, mine)
    assert hand.covered and "Shots left" not in dock.text()  # the screen not yet passed
    hand.cover.click()  # the player at the screen shows his hand: his secrets too
    assert f"{ammo[acting][mine]} of {ammo[acting][mine]}" in dock.text()
    click_figure(window, theirs)
    assert dock.pid == theirs and "Missile weapon" in dock.text()
    assert "Shots left" not in dock.text()
    hand.hide_button.click()
    click_figure(window, mine)
    assert "Shots left" not in dock.text()


def test_by_email_the_opponents_masked_ammunition_leaves_no_row():
    rs = find_ruleset("guet-apens")
    state = rs.setup("III", 3)
    seen_by_b = mask(state, rs.secret_paths(state), visible=["b"])
    sheet = rs.counter_face(seen_by_b, "a1").sheet()
    assert sheet is not None and "Shots left" not in sheet.seen_by("b").text()
    assert "Ammunition" in sheet.text() and "Shots left" in rs.counter_face(
        state, "b1").sheet().seen_by("b").text()
    assert rs.counter_face(state, "a1").sheet().seen_by(None).text().count("Shots") == 0


def test_a_shot_shows_its_number_needed_term_by_term_in_the_table_dock(qtbot):
    game = Game(find_ruleset("guet-apens"), "III", 3)
    window = open_window(qtbot, game)
    assert "No table rolled yet" in window.table_dock.text()
    play(game, SHOTS)
    window.controller.changed.emit()
    details = [ln.detail for ln in game.log[-1].lines if ln.detail and "test" in ln.detail]
    assert details, "the shots were rolled"
    test = details[-1]["test"]
    text = window.table_dock.text()
    assert test["name"] in text and "Number needed" in text and "D20" in text
    for term in test["terms"]:
        assert term["label"] in text and term["source"] in text
    assert f"Number needed\n{test['target']}\n{test['needed']}\nD20\n{test['roll']}" in text
    assert f"Result: {details[-1]['result']}" in text and test["rule"] in text
    assert any("GA 8.8" in (ln.rule or "") for ln in game.log[-1].lines)
