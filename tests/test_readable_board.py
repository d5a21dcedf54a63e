"""Reading the board on a small screen (issue 15, point 3) and the scene's cheap updates.

At the default (fitted) zoom of a 1366 x 768 window every counter's name and values are
drawn at least 9 pixels high, boxes lay their counters out without overlap, and a fanned
stack opens inside the view and folds on Esc, on a click elsewhere and after an action.
The scene asks the rules again only for the faces an action may change (FaceWatch) and
finds counters under the mouse through its buckets: both must agree with a full look.
"""

from __future__ import annotations

import random

import pytest
from contracthelpers import taker
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import available_rulesets, find_ruleset
from boardapp.core.table.tableboard import table_of
from boardapp.ui.board_scene import BoardScene
from boardapp.ui.counter_items import COUNTER_SIZE, CounterItem
from boardapp.ui.counter_lod import DETAIL_ZOOM, counter_scale
from boardapp.ui.face_watch import FaceWatch
from boardapp.ui.main_window import MainWindow
from boardapp.ui.stacks import is_pool_group

RULESETS = sorted(rid for rid in available_rulesets()
                  if table_of(find_ruleset(rid).board_map) is None)
"""The games drawn with counters (a table's figures are drawn on their bases instead)."""
SMALL_SCREEN = (1366, 768)
READABLE_PX = 9.0


@pytest.fixture
def small_window(qtbot, request, monkeypatch):
    """A window of ``request.param`` on a 1366 x 768 screen, at its default zoom (no
    modal dialog may block: questions answer Discard)."""
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: None)
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    game = Game(find_ruleset(request.param), seed=7)
    win = MainWindow(game)
    qtbot.addWidget(win)
    win.resize(*SMALL_SCREEN)
    win.show()
    qtbot.waitExposed(win)
    return win


def shown_counters(scene: BoardScene) -> list[CounterItem]:
    return [item for item in scene.item_for_piece.values() if item.isVisible()]


def on_screen_rect(view, item: CounterItem) -> QRectF:
    return view.mapFromScene(item.mapToScene(QRectF(0, 0, COUNTER_SIZE, COUNTER_SIZE))) \
        .boundingRect().toRectF()


@pytest.mark.parametrize("small_window", RULESETS, indirect=True)
def test_every_counter_reads_at_the_default_zoom_of_a_small_screen(small_window):
    view, scene = small_window.view, small_window.scene
    counters = shown_counters(scene)
    assert counters
    for item in counters:
        pixels = item.text_size() * item.scale() * view.zoom()
        assert pixels >= READABLE_PX, (item.pid, item.face.title, round(pixels, 1))
        look = item._look
        needed = QFontMetricsF(look.title_font).boundingRect(look.title_rect,
                                                              look.title_flags,
                                                              item.face.title)
        assert needed.width() <= look.title_rect.width() + 0.5, item.face.title  # not cut
        assert needed.height() <= look.title_rect.height() + 0.5, item.face.title


@pytest.mark.parametrize("small_window", RULESETS, indirect=True)
def test_boxes_lay_counters_out_without_overlap(small_window):
    scene = small_window.scene
    bmap = scene.bmap
    for place, box in bmap.boxes.items():
        if box.kind == "holding" or scene.pool_mode(place) != "grid":
            continue
        tops = [scene.item_for_piece[scene.members(key)[0]] for key in
                {scene.key_of(p) for p in scene.drawn_state()["stacks"].get(place, [])}
                if is_pool_group(key[1])]
        rects = [item.mapToScene(QRectF(0, 0, COUNTER_SIZE, COUNTER_SIZE)).boundingRect()
                 for item in tops]
        roomy = box.rect[3] - 22 >= scene.unit  # else one counter hangs out of the box
        for i, a in enumerate(rects):
            assert not roomy or QRectF(*box.rect).adjusted(-1, -1, 1, 1).contains(a), place
            for b in rects[i + 1:]:
                assert not a.intersects(b), place


@pytest.mark.parametrize("small_window", ["lion-in-winter"], indirect=True)
def test_future_leaders_never_overlap_and_spread_inside_the_view(small_window):
    """Lion in Winter's "Future leaders" box cut names ("Robi Hoo"); it now shows a pile
    that a click spreads, every leader whole and inside the view."""
    view, scene = small_window.view, small_window.scene
    pool = "leader-pool"
    leaders = scene.drawn_state()["stacks"][pool]
    assert scene.pool_mode(pool) == "pile"
    top = scene.item_for_piece[leaders[0]]
    centre = top.mapToScene(QPointF(COUNTER_SIZE / 2, COUNTER_SIZE / 2))
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, view.mapFromScene(centre))
    assert scene.expanded == (pool, "*") and scene.pool_mode(pool) == "panel"
    shown = view.viewport().rect().toRectF()
    rects = [on_screen_rect(view, scene.item_for_piece[p]) for p in leaders]
    assert len(rects) == len(leaders)
    for i, a in enumerate(rects):
        assert shown.contains(a), "a spread leader is outside the view"
        for b in rects[i + 1:]:
            assert not a.intersects(b)
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert scene.expanded is None and scene.pool_mode(pool) == "pile"


@pytest.mark.parametrize("small_window", ["deux-bretagne"], indirect=True)
def test_a_fanned_stack_opens_in_the_view_and_folds_on_esc_a_click_or_an_action(
        small_window):
    view, scene, game = small_window.view, small_window.scene, small_window.game
    state = game.state
    place = next(p for p, pids in sorted(state["stacks"].items())
                 if p in scene.bmap.areas and len(pids) >= 3)
    key = scene.key_of(state["stacks"][place][0])
    view.set_zoom(1.0)
    view.centerOn(scene.stack_origin(key) + QPointF(400, 300))  # the stack near an edge
    scene.toggle_expanded(key)
    shown = view.viewport().rect().toRectF()
    for pid in scene.members(key):
        assert shown.contains(on_screen_rect(view, scene.item_for_piece[pid]))
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert scene.expanded is None
    scene.toggle_expanded(key)
    empty = next(QPointF(x, y) for x in range(20, 1500, 37) for y in range(20, 1100, 41)
                 if scene.counter_at(QPointF(x, y)) is None
                 and view.viewport().rect().contains(view.mapFromScene(QPointF(x, y))))
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, view.mapFromScene(empty))
    assert scene.expanded is None
    scene.toggle_expanded(key)
    assert scene.expanded == key
    small_window.controller.push(game.legal_actions()[0])
    assert scene.expanded is None


@pytest.mark.parametrize("small_window", ["deux-bretagne"], indirect=True)
def test_counters_are_larger_and_simpler_only_while_zoomed_out(small_window):
    view, scene = small_window.view, small_window.scene
    item = shown_counters(scene)[0]
    fitted = view.zoom()
    assert item.scale() == counter_scale(fitted) > 1 and item.simple
    view.set_zoom(DETAIL_ZOOM)
    assert item.scale() == 1.0 and not item.simple
    view.fit()  # (the scroll bars of the closer zoom may change the fitted zoom a little)
    assert item.scale() == counter_scale(view.zoom()) > 1 and item.simple


@pytest.mark.parametrize("rid", RULESETS)
def test_faces_kept_up_to_date_are_the_rules_faces(rid):
    """After each random action the faces and sides FaceWatch keeps (asking the rules
    only for what changed) are those the rules give for every piece."""
    ruleset = find_ruleset(rid)
    game = Game(ruleset, seed=3)
    watch = FaceWatch(ruleset.counter_face, ruleset.piece_side)
    chooser = random.Random(5)
    for _ in range(60):
        watch.refresh(game.state)
        for pid in game.state["pieces"]:
            assert watch.faces[pid] == ruleset.counter_face(game.state, pid), pid
            assert watch.sides[pid] == (ruleset.piece_side(game.state, pid) or ""), pid
        legal = game.legal_actions()
        if not legal:
            break
        action = chooser.choice(legal)  # taken by a side it is offered to (several may decide)
        game.push(action, side=taker(ruleset, game.state, action))


def test_the_counter_under_a_point_is_the_topmost_item_there(qtbot):
    """The buckets answer what walking every item of the scene answers."""
    game = Game(find_ruleset("deux-bretagne"), seed=7)
    scene = BoardScene()
    scene.set_game(game)
    chooser = random.Random(1)
    rect = scene.board_rect()
    for _ in range(400):
        point = QPointF(rect.left() + chooser.random() * rect.width(),
                        rect.top() + chooser.random() * rect.height())
        walked = next((i for i in scene.items(point) if isinstance(i, CounterItem)
                       and i.isVisible()), None)
        assert scene.counter_at(point) is walked
