"""Figures in the way of a line of sight, and measuring written in the log when the rules
forbid measuring before declaring (issue 18 point 3): through the core, the CLI and the
window's ruler, line-of-sight and ring tools (pytest-qt, offscreen)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtWidgets import QMessageBox

from boardapp.core.base.errors import InvalidActionError
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.engine.state import digest
from boardapp.core.table.bases import Base
from boardapp.core.table.measure import measure
from boardapp.core.table.measuring import measure_is_logged
from boardapp.core.table.sight import Eye, figures_in_the_way
from boardapp.ui.main_window import MainWindow
from boardapp.ui.table_items import mm
from rulesets.table_demo.model import RULES
from rulesets.table_demo.rules import TableDemo

RS = find_ruleset("table-demo")


class Declared(TableDemo):
    """The table demo with measuring forbidden before declaring (a test ruleset)."""

    table_rules = replace(RULES, measure_freely=False, measure_rule="Declared 4.1")


class AfterOrders(Declared):
    """Measuring is free once the first turn is over."""

    def measure_is_free(self, state) -> bool:
        return state["turn"] > 1


@pytest.fixture(autouse=True)
def quiet(monkeypatch) -> None:
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)


def in_a_row(ruleset) -> Game:
    """Red foot A and Blue foot A 40 cm apart on open ground, Red foot B between them."""
    game = Game(ruleset, None, 1)
    for text in ("place red-a 10,14,90", "place blue-a 50,14,270", "place red-b 30,14"):
        game.push(text, side="red")
    return game


def test_a_figure_between_two_others_blocks_their_line_of_sight():
    game = in_a_row(RS)
    found = measure(RS, game.state, "red-a", "blue-a")
    assert not found.sees and found.blocked_by == () and found.blocked_by_figures == ("red-b",)
    assert found.lines(RS.board_map.table)[1] == "line of sight: no, blocked by Red foot B"
    assert found.to_json()["blocked_by_figures"] == ["red-b"]
    assert measure(RS, game.state, "blue-a", "red-a").blocked_by_figures == ("red-b",)
    game.push("place red-b 30,18", side="red")  # stepped aside
    assert measure(RS, game.state, "red-a", "blue-a").sees
    # a figure on the hill (4 cm) sees over a figure on the ground in front of the target
    game.push("place red-a 40,45", side="red")
    game.push("place blue-a 40,5", side="red")
    game.push("place red-b 40,10", side="red")
    assert measure(RS, game.state, "red-a", "blue-a").sees
    # a ruleset whose figures do not block (the default) sees through them
    plain = replace(RULES, figures_block=False)
    assert not plain.figures_block and RULES.figures_block


def test_figures_in_the_way_with_heights():
    table = RS.board_map.table
    wall_of_men = {"m": (Base(30, 5, 2, 2), 3.0)}
    assert figures_in_the_way(table, Eye(10, 5, 3), Eye(50, 5, 3), wall_of_men) == ("m",)
    assert figures_in_the_way(table, Eye(10, 5, 3.5), Eye(50, 5, 3.5), wall_of_men) == ()
    assert figures_in_the_way(table, Eye(10, 5, 3), Eye(50, 9, 3), wall_of_men) == ()
    assert figures_in_the_way(table, Eye(10, 5, 3), Eye(10, 5, 3), wall_of_men) == ()


def test_a_measure_is_a_logged_action_when_measuring_before_declaring_is_forbidden():
    free = Game(RS, None, 1)
    assert not measure_is_logged(RS, free.state)
    game = in_a_row(Declared())
    assert measure_is_logged(game.ruleset, game.state)
    before = digest(game.state)
    entry = game.push("measure red-a blue-a", side="red")
    assert entry.lines[0].text == (
        "Red measures Red foot A to Blue foot A: distance: 38.00 cm (edge to edge); line "
        "of sight: no, blocked by Red foot B; cover: none; range: out of range; arc: front")
    assert entry.lines[0].rule == "Declared 4.1" and not entry.manual
    assert digest(game.state) == before  # the position does not change, the log does
    assert game.push("measure red-a 10,25", side="red").lines[0].text == (
        "Red measures Red foot A to 10,25 cm: 10.0 cm")
    assert game.push("measure 30,30 r=6", side="blue").lines[0].text == (
        "Blue measures a ring of 6 cm around 30,30 cm: nobody")
    assert game.push("measure red-b r=20", side="blue").lines[0].text.endswith(
        ": Blue foot A, Blue rider, Red foot A")
    with pytest.raises(InvalidActionError, match="neither a figure nor a point"):
        game.push("measure red-a somewhere", side="red")
    again = Game.replay(game.ruleset, game.scenario, game.seed,
                        [(e.action.text(), e.side) for e in game.log])
    assert [e.lines[0].text for e in again.log] == [e.lines[0].text for e in game.log]
    game.undo()
    assert game.log[-1].action.text() == "measure 30,30 r=6"


def test_a_ruleset_may_free_measuring_once_declared():
    game = Game(AfterOrders(), None, 1)
    assert measure_is_logged(game.ruleset, game.state)
    game.state["turn"] = 2
    assert not measure_is_logged(game.ruleset, game.state)


def open_window(qtbot, game: Game) -> MainWindow:
    window = MainWindow(game)
    qtbot.addWidget(window)
    window.show()
    return window


def test_the_sight_tool_names_the_figure_in_the_way(qtbot):
    game = in_a_row(RS)
    window = open_window(qtbot, game)
    view = window.view
    view.choose("sight")
    assert view.tool.press(mm(10, 14), False)
    view.tool.move(mm(50, 14), False)
    assert "line of sight: no, blocked by Red foot B" in view.tool.text.text()
    view.tool.release(mm(50, 14), False)
    assert len(game.log) == 3  # measuring freely writes nothing


def test_the_tools_write_each_measure_in_the_log_when_the_rules_say_so(qtbot):
    game = in_a_row(Declared())
    window = open_window(qtbot, game)
    view = window.view
    view.choose("sight")
    assert view.tool.press(mm(10, 14), False)
    view.tool.move(mm(50, 14), False)
    assert "distance" not in view.tool.text.text()  # nothing measured before the release
    assert "written in the log" in view.tool.text.text()
    view.tool.release(mm(50, 14), False)
    assert game.log[-1].action.text() == "measure red-a blue-a"
    assert game.log[-1].side == "red"
    assert "blocked by Red foot B" in view.tool.text.text()
    view.choose("ruler")
    assert view.tool.press(mm(50, 14), False)
    view.tool.move(mm(50, 25), False)
    view.tool.release(mm(50, 25), False)
    assert game.log[-1].action.text() == "measure blue-a 50,25"
    assert game.log[-1].side == "blue"
    assert view.tool.text.text().endswith("10.0 cm")
    view.choose("ring")
    assert view.tool.press(mm(30, 30), False)
    view.tool.move(mm(30, 50), False)
    view.tool.release(mm(30, 50), False)
    assert game.log[-1].action.text() == "measure 30,30 r=20.0"
    window.controller.undo()
    assert game.log[-1].action.text() == "measure blue-a 50,25"


class Belfry(TableDemo):
    """Red foot A climbs to the floor the ruleset gives (a test ruleset)."""

    def figure_level(self, state, pid) -> float:
        return state["vars"].get("levels", {}).get(pid, 0.0)


def test_a_figure_on_an_upper_floor_sees_over_what_hides_it_on_the_ground():
    game = in_a_row(Belfry())
    assert measure(game.ruleset, game.state, "red-a", "blue-a").blocked_by_figures == (
        "red-b",)
    game.state["vars"]["levels"] = {"red-a": 8.0}  # the church's upper floor, 8 cm
    assert measure(game.ruleset, game.state, "red-a", "blue-a").sees
