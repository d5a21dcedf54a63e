"""The table in the window (issue 18; pytest-qt, offscreen): scenery and figures drawn from
their coordinates, a free drag planning a path with the allowance left shown, the ruler
and the line-of-sight tools, and a board of areas left as it was."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.ui.main_window import MainWindow
from boardapp.ui.table_items import FigureItem, SceneryItem, mm


@pytest.fixture(autouse=True)
def quiet(monkeypatch) -> None:
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)


def open_window(qtbot, game: Game) -> MainWindow:
    window = MainWindow(game)
    qtbot.addWidget(window)
    window.show()
    return window


def test_the_table_draws_its_scenery_and_figures_on_their_bases(qtbot):
    window = open_window(qtbot, Game(find_ruleset("table-demo"), None, 1))
    scene = window.scene
    assert sorted(i.scenery_id for i in scene.items() if isinstance(i, SceneryItem)) == [
        "hill", "wall", "wood"]
    figures = {i.pid: i for i in scene.items() if isinstance(i, FigureItem)}
    assert sorted(figures) == ["blue-a", "blue-b", "blue-r", "red-a", "red-b", "red-r"]
    rider = figures["red-r"].polygon().boundingRect()
    assert (rider.width(), rider.height()) == pytest.approx((20, 40))  # 2 x 4 cm, facing up
    assert rider.center().x() == pytest.approx(200) and rider.center().y() == pytest.approx(540)
    assert not any(c.isVisible() for c in scene.item_for_piece.values())
    assert window.view.tool_bar.isVisibleTo(window.view)


def test_a_free_drag_plans_a_path_showing_the_allowance_left(qtbot):
    game = Game(find_ruleset("table-demo"), None, 1)
    window = open_window(qtbot, game)
    tool = window.view.tools["move"]
    assert tool.press(mm(12, 52), False)
    tool.move(mm(12, 46), False)
    assert tool.text.text() == "path 6.0 cm\n2.0 of 8 cm left"
    tool.move(mm(12, 40), False)
    assert tool.text.text() == "path 12.0 cm\n4.0 cm over the 8 cm allowance"
    tool.release(mm(12.3, 45.25), False)
    assert game.log[-1].action.text() == "plan red-a 12.3,45.25"
    assert tool.text.scene() is None  # the drawings go with the drag
    assert not tool.press(mm(3, 3), False)  # no figure there: the view pans


def test_the_ruler_and_the_line_of_sight_change_nothing(qtbot):
    game = Game(find_ruleset("table-demo"), None, 1)
    window = open_window(qtbot, game)
    view = window.view
    view.choose("ruler")
    assert view.tool.press(mm(10, 10), False)
    view.tool.move(mm(13, 14), False)
    assert view.tool.text.text() == "5.0 cm"
    view.tool.press(mm(12, 52), False)
    view.tool.move(mm(28, 52), False)
    assert view.tool.text.text() == "14.0 cm edge to edge"
    view.choose("sight")
    assert view.tool.press(mm(20, 54), False)
    view.tool.move(mm(36, 8), False)
    assert view.tool.text.text().splitlines() == [
        "distance: 45.22 cm (edge to edge)", "line of sight: yes", "cover: none",
        "range: out of range", "arc: front"]
    game.push("place red-a 41,34", side="red")
    game.push("place blue-a 41,20", side="red")
    window.scene.sync()
    view.tool.press(mm(41, 34), False)
    view.tool.move(mm(41, 20), False)
    assert "line of sight: yes" in view.tool.text.text()  # 3 cm eyes over a 2 cm wall
    assert [e.action.verb for e in game.log] == ["place", "place"]  # measuring logs nothing


def test_a_board_of_areas_has_no_table_tools(qtbot):
    window = open_window(qtbot, Game(find_ruleset("hex-demo"), None, 1))
    assert not window.view.tool_bar.isVisibleTo(window.view)
    assert not window.view.tools["move"].press(mm(10, 10), False)


def test_the_wheel_turns_a_dragged_figure_and_a_ring_names_who_is_within(qtbot):
    game = Game(find_ruleset("table-demo"), None, 1)
    window = open_window(qtbot, game)
    tool = window.view.tools["move"]
    assert tool.press(mm(12, 52), False)
    tool.move(mm(12, 48), False)
    tool.turn(90, False)  # from the path's facing (0, up the table) a quarter to the right
    tool.release(mm(12, 48), False)
    assert game.log[-1].action.text() == "plan red-a 12,48,90"
    view = window.view
    view.choose("ring")
    assert view.tool.press(mm(20, 54), False)  # the red rider
    view.tool.move(mm(20, 43), False)  # 9 cm beyond its front edge
    assert view.tool.text.text() == "9.0 cm: Red foot A, Red foot B"
    assert view.tool.ring.scene() is window.scene
    view.choose("move")
    assert view.tools["ring"].ring.scene() is None


def test_moves_carried_out_together_are_shown_step_by_step(qtbot):
    game = Game(find_ruleset("table-demo"), None, 1)
    window = open_window(qtbot, game)
    view, scene = window.view, window.scene
    window.controller.push("commit red-a:12,46")
    window.controller.push("commit hold")
    window.controller.fulfil()
    assert len(scene.fractions()) == 6 and view.step_next.isVisible()
    rect = lambda: scene.figures["red-a"].polygon().boundingRect().center()  # noqa: E731
    assert (rect().x(), rect().y()) == pytest.approx((120, 460))
    view.step(1)
    assert view.step_label.text() == "Moves: step 1 of 6"
    assert rect().y() == pytest.approx(506.7)  # a sixth of 8 cm from 52 cm
    view.step(-1)
    assert rect().y() == pytest.approx(460) and view.step_label.text().startswith("Moves: now")
    window.controller.push("plan red-a 12,40")
    assert scene.fractions() == [] and not view.step_next.isVisible()


def test_several_figures_selected_move_together_in_one_action(qtbot):
    game = Game(find_ruleset("table-demo"), None, 1)
    window = open_window(qtbot, game)
    tool = window.view.tools["move"]
    tool.ctrl = True
    assert tool.press(mm(12, 52), False) and tool.press(mm(28, 52), False)
    assert tool.selected == ["red-a", "red-b"]
    assert window.scene.figures["red-b"].pen().widthF() == 4
    tool.ctrl = False
    assert tool.press(mm(28, 52), False)  # drag red-b: red-a comes along
    tool.move(mm(28, 47), False)
    assert tool.text.text().endswith("(a group of 2)")
    assert tool.ghosts["red-a"].polygon().boundingRect().center().y() == pytest.approx(470)
    tool.release(mm(28, 47), False)
    assert game.log[-1].action.text() == "plan red-b,red-a 28,47"
    assert game.ruleset.secret_lines(game.state, "red") == [
        "Planned: Red foot A to 12,47", "Planned: Red foot B to 28,47"]
    assert tool.selected == [] and window.scene.figures["red-b"].pen().widthF() == 1.5
