"""Several boards in one game: the ruleset's extra maps, places across boards, the window's
tabs (one view per board), drawing and dragging on the second board, render --board."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import BoardappError, DataError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.game import Game
from boardapp.core.files.gamefile import dumps_game, loads_game
from rulesets.lily_ermine import RULESET

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from boardapp.ui.counter_items import COUNTER_SIZE  # noqa: E402
from boardapp.ui.main_window import MainWindow  # noqa: E402

TZ = "tz-france-line1"


@pytest.fixture(scope="module")
def ruleset():
    return RULESET()


def test_a_ruleset_lists_its_boards_and_knows_where_each_place_is(ruleset):
    assert ruleset.board_ids() == ["main", "tactical"]
    assert ruleset.board_of("sz38") == "main"
    assert ruleset.board_of("reserve-france") == "main"
    assert ruleset.board_of(TZ) == "tactical"
    assert ruleset.board_of("nowhere") is None
    assert ruleset.place_name(TZ) == "French 1st line"
    assert ruleset.is_place("tz-brittany-lr")
    names = {p.name for p in ruleset.data_files()}
    assert {"lily_ermine.yaml", "lily_ermine_tactical.yaml"} <= names


def test_a_single_board_ruleset_is_unchanged():
    from rulesets.deux_bretagne import RULESET as DB

    rs = DB()
    assert rs.board_ids() == ["main"]
    assert list(rs.board_maps) == ["main"]
    assert rs.focus_board(Game(rs, seed=1).state) is None


def test_place_ids_must_be_unique_across_boards(tmp_path):
    import shutil

    from boardapp.paths import maps_dir

    shutil.copy(maps_dir() / "lily_ermine.yaml", tmp_path / "lily_ermine.yaml")
    shutil.copy(maps_dir() / "lily_ermine.yaml", tmp_path / "lily_ermine_tactical.yaml")
    rs = RULESET(maps_dir=tmp_path)
    with pytest.raises(DataError, match="unique across boards"):
        rs.board_maps  # noqa: B018


def test_a_piece_placed_on_the_second_board_saves_replays_and_undoes(ruleset):
    game = Game(ruleset, "1487", 3)
    game.push(Action.of("place", ["france-gd-1"], TZ))
    assert game.state["pieces"]["france-gd-1"]["loc"] == TZ
    assert "French 1st line" in game.log[-1].render()
    again = loads_game(dumps_game(game))
    assert again.state == game.state
    game.undo()
    assert game.state["pieces"]["france-gd-1"]["loc"] == "sz45"


@pytest.fixture
def window(qtbot, monkeypatch, ruleset):
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: None)
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    game = Game(ruleset, "1487", 5)
    win = MainWindow(game)
    qtbot.addWidget(win)
    win.resize(1400, 950)
    win.show()
    qtbot.waitExposed(win)
    return win


def _free_point(win, board, place):
    scene = win.scenes[board]
    bmap = scene.bmap
    x0, y0, x1, y1 = bmap.outlines[place].bounds
    for i in range(1, 8):
        for j in range(1, 8):
            x, y = x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * j / 8
            if bmap.place_at(x, y) == place and scene.counter_at(QPointF(x, y)) is None:
                return QPointF(x, y)
    raise AssertionError(f"no free point in {place}")


def test_the_window_shows_one_tab_per_board_and_each_draws_its_own_pieces(window):
    assert window.board_tabs.count() == 2
    assert [window.board_tabs.tabText(i) for i in range(2)] == ["Strategic map",
                                                                "Tactical map"]
    assert window.current_board() == "main"
    window.controller.push(Action.of("place", ["france-gd-1"], TZ))
    main, tactical = window.scenes["main"], window.scenes["tactical"]
    assert not main.item_for_piece["france-gd-1"].isVisible()
    item = tactical.item_for_piece["france-gd-1"]
    assert item.isVisible()
    centre = item.mapToScene(QPointF(COUNTER_SIZE / 2, COUNTER_SIZE / 2))  # drawn scaled
    assert tactical.bmap.place_at(centre.x(), centre.y()) == TZ
    assert not tactical.item_for_piece["france-gd-2"].isVisible()  # still at SZ 45


def test_a_drag_on_the_second_board_moves_the_piece_there(window, qtbot):
    window.controller.push(Action.of("place", ["france-gd-1"], TZ))
    window.show_board("tactical")
    view = window.views["tactical"]
    view.fit()
    qtbot.wait(10)
    scene = window.scenes["tactical"]
    item = scene.item_for_piece["france-gd-1"]
    start = item.mapToScene(QPointF(COUNTER_SIZE / 2, COUNTER_SIZE / 2))
    end = _free_point(window, "tactical", "tz-france-line2")
    viewport = view.viewport()
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, 6):
        QTest.mouseMove(viewport, a + (b - a) * (i / 5))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    assert window.game.state["pieces"]["france-gd-1"]["loc"] == "tz-france-line2"
    assert scene.item_for_piece["france-gd-1"].isVisible()


def test_replay_shows_the_step_on_every_board(window):
    window.controller.push(Action.of("place", ["france-gd-1"], TZ))
    window.scene.show_state(window.game.state_at(0))
    assert window.scenes["tactical"].replaying
    assert not window.scenes["tactical"].item_for_piece["france-gd-1"].isVisible()
    window.scene.show_state(None)
    assert window.scenes["tactical"].item_for_piece["france-gd-1"].isVisible()


def test_render_draws_the_board_asked_for(tmp_path, ruleset):
    from boardapp.ui.render import render_image

    game = Game(ruleset, "1487", 5)
    main = render_image(game, 0.5)
    tactical = render_image(game, 0.5, board="tactical")
    assert (main.width(), main.height()) != (tactical.width(), tactical.height())
    with pytest.raises(BoardappError, match="no board"):
        render_image(game, 0.5, board="nowhere")


def test_cli_render_board(tmp_path, ruleset):
    from boardapp.cli import main
    from boardapp.core.files.gamefile import save_game

    path = tmp_path / "g.json"
    save_game(Game(ruleset, "1487", 5), path)
    assert main(["render", str(path), "--board", "tactical", "-o",
                 str(tmp_path / "t.png")]) == 0
    assert (tmp_path / "t.png").stat().st_size > 1000


def test_the_window_follows_the_fight_to_the_tactical_map_and_back(window):
    from tests.test_lily_ermine_tactical_siege import ARMY

    game = window.game
    window.controller.push(Action.of("place", ARMY, "sz38"))
    state = game.state
    state["phase"], state["active"] = "combat", "france"
    state["vars"]["markers"] = {"sz38": "siege"}
    window.controller.push(Action.parse("set-dice 1"))
    window.controller.push(Action.of("siege", "sz38"))
    assert window.current_board() == "tactical"
    chips = window.scenes["tactical"].place_markers.texts()
    assert "FV 2 (printed 2)" in chips["tz-status"]  # the tactical map's status box
    window.controller.push(Action.parse("set-dice 6,6,1"))
    window.controller.push(Action.parse("siege-fire"))
    window.controller.push(Action.parse("siege-assault"))
    window.controller.push(Action.parse("combat-losses 0/0"))
    window.controller.push(Action.parse("commander-check none"))
    assert game.state["flow"][-1]["step"] == "battle-retreat"
    assert window.current_board() == "main"


def _drag(window, qtbot, board, start, end):
    view = window.views[board]
    viewport = view.viewport()
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, 6):
        QTest.mouseMove(viewport, a + (b - a) * (i / 5))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def test_deployment_by_dragging_a_stack_on_the_tactical_map(window, qtbot):
    from tests.test_lily_ermine_tactical_battle import BRETON, FRENCH

    game = window.game
    french = [p for ps in FRENCH.values() for p in ps]
    breton = [p for ps in BRETON.values() for p in ps]
    window.controller.push(Action.of("place", french + breton, "sz44"))
    state = game.state
    state["phase"], state["active"] = "combat", "brittany"
    state["vars"]["markers"] = {"sz44": "battle"}
    window.controller.push(Action.of("major-battle", "sz44"))
    assert window.current_board() == "tactical"
    window.views["tactical"].fit()
    qtbot.wait(10)
    scene = window.scenes["tactical"]
    stack = list(game.state["stacks"]["tz-france-line1"])
    item = scene.item_for_piece[stack[0]]
    start = item.pos() + QPointF(COUNTER_SIZE / 2, COUNTER_SIZE / 2)
    reach = scene.show_reach(stack)
    assert "tz-france-line2" in reach and "tz-brittany-line1" not in reach
    scene.clear_reach()
    _drag(window, qtbot, "tactical", start, _free_point(window, "tactical", "tz-france-line2"))
    assert game.state["stacks"]["tz-france-line2"] == stack
    assert "Deployment" in window.log_list.texts()[-1]


def test_a_counter_menu_sends_it_to_another_board(window):
    menu = window.scene.counter_menu("france-gd-1")
    sub = next(a.menu() for a in menu.actions() if a.text() == "Send to Tactical map")
    entry = next(a for a in sub.actions() if a.text() == "French 3rd line")
    entry.trigger()
    assert window.game.state["pieces"]["france-gd-1"]["loc"] == "tz-france-line3"
    back = window.scenes["tactical"].counter_menu("france-gd-1")
    sub = next(a.menu() for a in back.actions() if a.text() == "Send to Strategic map")
    next(a for a in sub.actions() if a.text() == "38 Rennes").trigger()
    assert window.game.state["pieces"]["france-gd-1"]["loc"] == "sz38"
    again = window.scene.counter_menu("france-gd-1")
    texts = [a.text() for a in again.actions()]
    assert "Send to Strategic map" not in texts  # not to its own board


def test_the_hand_dock_appears_when_a_secret_choice_begins(window, qtbot):
    from tests.test_lily_ermine_tactical_battle import BRETON, FRENCH, deploy

    game = window.game
    hand = window.pbem_ui.hand
    assert not hand.toggle.isEnabled()  # nothing hidden at the start of this game
    french = [p for ps in FRENCH.values() for p in ps]
    breton = [p for ps in BRETON.values() for p in ps]
    window.controller.push(Action.of("place", french + breton, "sz44"))
    game.state["phase"], game.state["active"] = "combat", "brittany"
    game.state["vars"]["markers"] = {"sz44": "battle"}
    window.controller.push(Action.of("major-battle", "sz44"))
    deploy(game, FRENCH)
    deploy(game, BRETON)
    window.controller.push(Action.parse("set-dice 4"))
    window.controller.push(Action.parse("random-event"))
    assert game.state["flow"][-1]["step"] == "mb-markers"
    assert hand.toggle.isEnabled() and not hand.isHidden()
    assert hand.covered and "France" in hand.cover.text()
    assert "Take your tactical markers" not in [a.text() for a in window.game_actions()]
    qtbot.mouseClick(hand.cover, Qt.MouseButton.LeftButton)
    buttons = hand.play_buttons()
    assert [b.text() for b in buttons] == ["Take your tactical markers"]
    buttons[0].click()
    labels = [b.text() for b in hand.play_buttons()]
    assert "Choose Cavalry charge" in labels


def test_only_a_map_drawn_from_geography_says_so():
    from boardapp.core.engine.ruleset import find_ruleset

    maps = find_ruleset("lily-ermine").board_maps
    assert maps["main"].geographic and maps["main"].approximate
    tactical = next(m for board, m in maps.items() if board != "main")
    assert tactical.approximate and not tactical.geographic
