"""The Qt board (pytest-qt, offscreen): a projection of the core state, gestures as actions.

Like Orange Canvas's scene and editor tests: build the window on a real game, act through
the view with real mouse events, then assert on the core state, the log and undo.
"""

from __future__ import annotations

import json
import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.engine.state import digest
from boardapp.core.files.gamefile import load_game, save_game
from boardapp.ui.app import default_ruleset_id
from boardapp.ui.counter_items import COUNTER_SIZE, CounterItem
from boardapp.ui.main_window import MainWindow
from boardapp.ui.render import render_png
from tests.dbhelpers import play_act


@pytest.fixture(scope="module")
def ruleset():
    """The default ruleset, loaded once (its map is cached on the instance)."""
    return find_ruleset(default_ruleset_id())


@pytest.fixture(autouse=True)
def dialogs(monkeypatch) -> list[str]:
    """No modal dialog may block a test: questions answer Discard, errors are recorded."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text, *a, **k: shown.append(text))
    return shown


def arm(win) -> int:
    """Let the side to play move its armies, as a player would: in Les Deux Bretagne an
    activation needs a card (5.2), so he draws and plays one as ACT 3. Returns how many
    actions that took."""
    game, before = win.game, len(win.game.log)
    if game.ruleset.id == "deux-bretagne":
        play_act(game, push=win.controller.push)
    return len(game.log) - before


@pytest.fixture
def window(qtbot, ruleset):
    game = Game(ruleset, seed=7)
    win = MainWindow(game)
    qtbot.addWidget(win)
    win.resize(1400, 950)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    return win


def movable_stack(win):
    """A stack (2+ pieces) of the side to play that can move: its pieces, its area and an
    empty area it can reach."""
    game = win.game
    state, rs, bmap = game.state, game.ruleset, game.ruleset.board_map
    for place, pids in sorted(state["stacks"].items()):
        if (place not in bmap.areas or len(pids) < 2
                or rs.piece_side(state, pids[0]) != state["active"]):
            continue
        reach = rs.reachable(state, pids)
        for dest in sorted(reach):
            if dest in bmap.areas and not state["stacks"].get(dest):
                return list(pids), place, dest
    raise AssertionError("no movable stack in the set-up")


def view_point(win, scene_point: QPointF) -> QPoint:
    point = win.view.mapFromScene(scene_point)
    assert win.view.viewport().rect().contains(point), "point outside the view"
    return point


def drop_point(win, place: str) -> QPointF:
    """A point inside ``place`` with no counter on it."""
    bmap = win.game.ruleset.board_map
    outline = bmap.outlines[place]
    p = outline.representative_point()
    candidates = [(p.x, p.y)]
    x0, y0, x1, y1 = outline.bounds
    candidates += [(x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * j / 8)
                   for i in range(1, 8) for j in range(1, 8)]
    for x, y in candidates:
        point = QPointF(x, y)
        if bmap.place_at(x, y) == place and win.scene.counter_at(point) is None:
            return point
    raise AssertionError(f"no free point in {place}")


def mouse_drag(win, start: QPointF, end: QPointF, modifier=Qt.KeyboardModifier.NoModifier):
    """Press on ``start``, move in steps, release on ``end`` (scene points) on the view."""
    viewport = win.view.viewport()
    a, b = view_point(win, start), view_point(win, end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, a)
    for i in range(1, 6):
        QTest.mouseMove(viewport, a + (b - a) * (i / 5))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, b)


def top_counter_centre(win, pid: str) -> QPointF:
    item = win.scene.item_for_piece[pid]
    centre = item.mapToScene(QPointF(COUNTER_SIZE / 2, COUNTER_SIZE / 2))  # drawn scaled
    assert win.scene.counter_at(centre) is item, "the top counter is covered"
    return centre


def log_rows(win) -> list[str]:
    return win.log_list.texts()


def test_window_opens_on_a_new_default_game_with_every_counter(window):
    game = window.game
    assert game.ruleset.id == default_ruleset_id()
    counters = [i for i in window.scene.items() if isinstance(i, CounterItem)]
    assert len(counters) == len(game.state["pieces"])
    assert set(window.scene.item_for_piece) == set(game.state["pieces"])
    on_map = [p for p, piece in game.state["pieces"].items()
              if piece["loc"] in game.ruleset.board_map.areas]
    assert on_map and all(window.scene.item_for_piece[p].isVisible()
                          or window.scene.key_of(p) for p in on_map)
    assert window.prompt_label.text() == game.ruleset.prompt(game.state)
    area = next(iter(game.ruleset.board_map.areas.values()))
    assert window.scene.describe_place(QPointF(*area.pos)).startswith(area.name)
    assert game.ruleset.title(game.state) in window.windowTitle()
    assert not window.undo_action.isEnabled()


def test_dragging_a_stack_moves_it_and_undo_redo_follow(window):
    prep = arm(window)
    pids, source, dest = movable_stack(window)
    items_before = dict(window.scene.item_for_piece)
    mouse_drag(window, top_counter_centre(window, pids[0]), drop_point(window, dest))
    state = window.game.state
    assert all(state["pieces"][p]["loc"] == dest for p in pids)
    assert state["stacks"][dest] == pids
    assert len(log_rows(window)) == prep + 1 and window.undo_action.isEnabled()
    assert window.windowTitle().endswith("*")
    # the scene re-synced the same items, now drawn at the destination
    assert window.scene.item_for_piece == items_before
    assert window.scene.item_for_piece[pids[0]].pos() == window.scene.stack_origin((dest, ""))

    window.undo_action.trigger()
    assert all(window.game.state["pieces"][p]["loc"] == source for p in pids)
    assert len(log_rows(window)) == prep and window.redo_action.isEnabled()
    assert window.scene.item_for_piece[pids[0]].pos() == window.scene.stack_origin((source, ""))

    window.redo_action.trigger()
    assert all(window.game.state["pieces"][p]["loc"] == dest for p in pids)
    assert len(log_rows(window)) == prep + 1


def test_an_illegal_drop_snaps_back_and_cites_the_rule(window):
    prep = arm(window)
    game = window.game
    state, rs = game.state, game.ruleset
    pids, source, _ = movable_stack(window)
    refused = next(a for a in sorted(rs.board_map.areas)
                   if a != source and not state["stacks"].get(a)
                   and not (v := rs.check_move(state, pids, a)).legal and v.rule)
    verdict = rs.check_move(state, pids, refused)
    before = digest(state)
    home = window.scene.item_for_piece[pids[0]].pos()
    mouse_drag(window, top_counter_centre(window, pids[0]), drop_point(window, refused))
    assert digest(game.state) == before and len(game.log) == prep
    assert window.scene.item_for_piece[pids[0]].pos() == home
    assert f"({verdict.rule})" in window.refusal_label.text()
    assert verdict.reason in window.refusal_label.text()
    rows = log_rows(window)
    assert len(rows) == prep + 1 and rows[-1].startswith("Refused:")
    refused = window.log_list.model_.index(prep).data(Qt.ItemDataRole.ForegroundRole)
    assert refused.color().red() > 150


def test_shift_drop_places_by_hand_anywhere(window):
    arm(window)
    game = window.game
    pids, source, _ = movable_stack(window)
    far = next(a for a in sorted(game.ruleset.board_map.areas)
               if a != source and not game.state["stacks"].get(a)
               and not game.ruleset.check_move(game.state, pids, a).legal)
    mouse_drag(window, top_counter_centre(window, pids[0]), drop_point(window, far),
               Qt.KeyboardModifier.ShiftModifier)
    assert all(game.state["pieces"][p]["loc"] == far for p in pids)
    assert game.log[-1].action.verb == "place" and "(by hand)" in log_rows(window)[-1]


def test_a_drop_on_a_stack_joins_the_place_it_belongs_to(window):
    arm(window)
    game, scene = window.game, window.scene
    pids, source, _ = movable_stack(window)
    bmap = game.ruleset.board_map
    others = [p for p, v in sorted(game.state["stacks"].items())
              if p != source and p in bmap.areas and v]
    centres = {p: top_counter_centre(window, game.state["stacks"][p][0]) for p in others}
    # prefer a stack drawn over a neighbouring area: the counter, not the area, decides
    other = next((p for p in others if bmap.place_at(centres[p].x(), centres[p].y()) != p),
                 others[0])
    target = centres[other]
    mouse_drag(window, top_counter_centre(window, pids[0]), target,
               Qt.KeyboardModifier.ShiftModifier)
    assert all(game.state["pieces"][p]["loc"] == other for p in pids)
    assert scene.key_of(pids[0]) == (other, "")


def test_click_spreads_a_stack_and_a_counter_drags_alone(window):
    arm(window)
    scene = window.scene
    pids, source, dest = movable_stack(window)
    viewport = window.view.viewport()
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view_point(window, top_counter_centre(window, pids[0])))
    assert scene.expanded == (source, "")
    positions = {scene.item_for_piece[p].pos().toTuple() for p in pids}
    assert len(positions) == len(pids)  # fanned out, none hidden under another
    rs, state = window.game.ruleset, window.game.state
    played = len(window.game.log)
    # one counter alone (in Les Deux Bretagne, under an ACT card: the leader, 5.31)
    lone = next(p for p in pids if rs.check_move(state, [p], dest).legal)
    mouse_drag(window, top_counter_centre(window, lone), drop_point(window, dest))
    assert len(window.game.log) == played + 1  # one action was pushed
    assert window.game.state["pieces"][lone]["loc"] == dest
    assert all(window.game.state["pieces"][p]["loc"] == source for p in pids if p != lone)
    assert window.game.log[-1].action.pieces(0) == [lone]
    assert scene.expanded is None  # an action folds the fanned stack (issue 15)


def test_context_menu_actions_go_through_the_controller(window):
    prep = arm(window)
    game, ctrl, scene = window.game, window.controller, window.scene
    pids, source, _ = movable_stack(window)
    pid = pids[0]
    menu = scene.counter_menu(pid)
    labels = [a.text() for a in menu.actions()]
    assert {"Flip", "Send to box", "Eliminate", "Move to top", "Move to bottom"} <= set(labels)
    back = next(a for a in menu.actions() if a.text().startswith("Return"))
    assert not back.isEnabled()

    flipped = game.state["pieces"][pid]["flipped"]
    ctrl.flip(pid)
    assert game.state["pieces"][pid]["flipped"] is not flipped
    assert scene.item_for_piece[pid].face == game.ruleset.counter_face(game.state, pid)

    ctrl.eliminate(pid)
    assert game.state["pieces"][pid]["loc"] == game.ruleset.eliminated_box
    assert scene.key_of(pid)[0] == game.ruleset.eliminated_box
    menu = scene.counter_menu(pid)
    back = next(a for a in menu.actions() if a.text().startswith("Return"))
    assert back.isEnabled()
    assert back.text().endswith(game.ruleset.board_map.place_name(source))

    ctrl.return_piece(pid)
    assert game.state["pieces"][pid]["loc"] == source
    assert pid not in game.state["prev_loc"]

    ctrl.move_to_bottom(pid)
    assert game.state["stacks"][source][-1] == pid
    assert [e.action.verb for e in game.log[prep:]] == ["flip", "eliminate", "return",
                                                        "order"]
    assert len(log_rows(window)) == prep + 4


def test_toolbar_offers_roll_and_the_legal_no_argument_actions(window):
    game = window.game
    assert window.roll_action.text() == f"Roll {game.ruleset.dice.name}"
    window.roll_action.trigger()
    assert game.log[-1].action.verb == "roll" and len(game.log[-1].dice) == 1
    wanted = [a.text() for a in game.legal_actions() if not a.args]
    assert [a.data() for a in window.game_actions()] == list(dict.fromkeys(wanted))
    if window.game_actions():
        window.game_actions()[0].trigger()
        assert game.log[-1].action.text() == wanted[0]


def test_render_png_writes_the_whole_board(tmp_path, ruleset):
    game = Game(ruleset, seed=3)
    out = tmp_path / "board.png"
    size = render_png(game, out, scale=0.5)
    image = QImage(str(out))
    assert not image.isNull()
    w, h = ruleset.board_map.size
    assert (image.width(), image.height()) == size
    assert image.width() >= math.ceil(w * 0.5) and image.height() >= math.ceil(h * 0.5)
    assert len({image.pixel(x, image.height() // 2) for x in range(0, image.width(), 7)}) > 5


def test_opening_a_damaged_file_reports_it_and_keeps_the_game(window, tmp_path, dialogs):
    other = Game(window.game.ruleset, seed=11)
    other.push("roll")
    path = tmp_path / "damaged.json"
    save_game(other, path)
    data = json.loads(path.read_text())
    data["digest"] = "0" * 64
    path.write_text(json.dumps(data))
    shown = dialogs
    game, state = window.game, digest(window.game.state)
    assert window.open_file(path) is False
    assert len(shown) == 1 and "damaged.json" in shown[0] and "digest" in shown[0]
    assert window.game is game and digest(game.state) == state and window.path is None

    path.write_text("{not json")
    assert window.open_file(path) is False and "line 1" in shown[-1]


def test_save_and_open_round_trip(window, tmp_path):
    window.controller.roll()
    path = tmp_path / "game.json"
    assert window.save_to(path) and not window.windowTitle().endswith("*")
    assert window.open_file(path)
    dice = window.game.ruleset.dice.name
    assert [e.action.text() for e in window.game.log] == [f"roll {dice}"]
    assert log_rows(window) == [window.game.log[0].render()]
    assert "game.json" in window.windowTitle()


def test_ruleset_markers_and_counter_tags_follow_the_state(window):
    """Place markers (a siege level) and counter tags (in the fortress) come from the
    ruleset and follow undo, without the UI knowing what they mean."""
    controller, scene = window.controller, window.scene
    game = window.game
    rs = game.ruleset
    for text in ("place guillaume-de-cadoudal,montfort-me-10 hede", "place charles-de-blois,"
                 "blois-ch-fr-1,blois-ch-fr-2 dinan"):
        assert controller.push(text) is not None
    arm(window)
    controller.push("move charles-de-blois,blois-ch-fr-1,blois-ch-fr-2 hede")
    buttons = [a.text() for a in window.game_actions()]
    assert rs.action_label(game.state, rs.flow_actions(game.state)[0]) in buttons
    controller.push("withdraw")
    assert scene.item_for_piece["guillaume-de-cadoudal"].face.tag == "in fortress"
    controller.push("besiege hede")
    assert scene.place_markers.texts() == {"hede": ["Siege 0"]}
    controller.undo()
    assert scene.place_markers.texts() == {}


def test_the_end_of_the_game_is_announced_once(window, monkeypatch):
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: said.append(text))
    controller = window.controller
    while window.game.ruleset.outcome(window.game.state) is None:
        controller.push(controller.button_actions()[-1])
    assert said == [window.game.ruleset.outcome(window.game.state)]
    controller.push("roll")
    assert len(said) == 1
    assert said[0] in window.prompt_label.text()


def test_a_finished_game_opened_is_not_announced_again_by_an_undo(window, qtbot, monkeypatch,
                                                                  tmp_path):
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: said.append(text))
    controller = window.controller
    while window.game.ruleset.outcome(window.game.state) is None:
        controller.push(controller.button_actions()[-1])
    controller.push("roll")
    path = tmp_path / "over.boardapp"
    save_game(window.game, path)
    opened = MainWindow(load_game(path), path)
    qtbot.addWidget(opened)
    said.clear()
    opened.controller.undo()  # the roll taken back: still over, already known
    assert said == []
    assert opened.game.ruleset.outcome(opened.game.state) in opened.prompt_label.text()


def test_the_table_dock_shows_the_last_roll_in_full(window):
    controller = window.controller
    assert "No table rolled yet" in window.table_dock.text()
    assert controller.push("place olivier-de-clisson,montfort-ch-an-1 malestroit")
    assert controller.push("end")  # Montfort's activation
    arm(window)
    assert controller.push("set-dice 2,3,1,2")
    assert controller.push("move olivier-de-clisson,montfort-ch-an-1 josselin")
    assert controller.push("fight")  # Blois stays outside his fortress: a battle (8.24)
    text = window.table_dock.text()
    assert "Combat Table" in text and "column" in text and "Modified roll" in text
    assert "leader bonus" in text and "Deux Bretagne 9.25" in text


def test_a_place_offers_its_rules_actions_on_a_right_click(window):
    controller, scene = window.controller, window.scene
    for text in ("place guillaume-de-cadoudal,montfort-me-10 hede",
                 "place charles-de-blois,blois-ch-fr-1,blois-ch-fr-2 dinan"):
        assert controller.push(text) is not None
    arm(window)
    for text in ("move charles-de-blois,blois-ch-fr-1,blois-ch-fr-2 hede", "withdraw"):
        assert controller.push(text) is not None
    assert scene.place_menu("rennes") is None  # nothing to do there
    menu = scene.place_menu("hede")
    labels = [a.text() for a in menu.actions() if a.isEnabled() and not a.isSeparator()]
    assert "Besiege Hédé" in labels
    next(a for a in menu.actions() if a.text() == "Besiege Hédé").trigger()
    assert window.game.log[-1].action.text() == "besiege hede"


def test_two_sides_in_one_area_are_drawn_as_two_stacks(window):
    """A battle or a siege: each side's pieces form their own stack, side by side, so
    the enemy army is never hidden under the friendly one."""
    controller, scene, game = window.controller, window.scene, window.game
    controller.push("place guillaume-de-cadoudal,montfort-me-10 hede")
    controller.push("place charles-de-blois,blois-ch-fr-1,blois-ch-fr-2 hede")
    blois, montfort = scene.key_of("charles-de-blois"), scene.key_of("guillaume-de-cadoudal")
    assert blois == ("hede", "") and montfort == ("hede", "+montfort")
    assert scene.members(blois) == ["charles-de-blois", "blois-ch-fr-1", "blois-ch-fr-2"]
    assert scene.members(montfort) == ["guillaume-de-cadoudal", "montfort-me-10"]
    assert scene.item_for_piece["guillaume-de-cadoudal"].isVisible()
    assert scene.stack_origin(montfort) != scene.stack_origin(blois)
    # A press on the Montfort stack takes the Montfort pieces only.
    pieces, key, _ = scene.gesture("montfort-me-10")
    assert pieces == ["guillaume-de-cadoudal", "montfort-me-10"] and key == montfort
    # Restacking one side by hand keeps the other side's pieces where they are.
    scene.toggle_expanded(montfort)
    mouse_drag(window, scene.item_for_piece["montfort-me-10"].pos() + QPointF(20, 20),
               scene.item_for_piece["guillaume-de-cadoudal"].pos() + QPointF(20, 20))
    assert game.log[-1].action.verb == "order"
    assert game.state["stacks"]["hede"] == ["charles-de-blois", "blois-ch-fr-1",
                                            "blois-ch-fr-2", "montfort-me-10",
                                            "guillaume-de-cadoudal"]
