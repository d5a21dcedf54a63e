"""Stacks of neighbouring places kept apart when zoomed out (issue 15, point 3).

Zoomed out, counters are drawn up to three times larger, and at the fitted zoom of a
1366 x 768 window the stacks of two neighbouring cities covered each other (William
Marshal under Philip II in Lion in Winter; the dense map of Montjoie!). The layout now
moves overlapping stacks apart as little as it can and ties a moved stack to its city
with a thin line.
"""

from __future__ import annotations

import math
import random

import pytest
from contracthelpers import taker
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QMessageBox

from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.ui.declutter import separate
from boardapp.ui.main_window import MainWindow
from boardapp.ui.stack_nudge import SHOWN_FROM

BOARD = (0.0, 0.0, 400.0, 300.0)


def moved(rects, offsets):
    return {k: (r[0] + offsets.get(k, (0, 0))[0], r[1] + offsets.get(k, (0, 0))[1],
                r[2] + offsets.get(k, (0, 0))[0], r[3] + offsets.get(k, (0, 0))[1])
            for k, r in rects.items()}


def overlapping(rects):
    keys = sorted(rects)
    return [(a, b) for i, a in enumerate(keys) for b in keys[i + 1:]
            if min(rects[a][2], rects[b][2]) > max(rects[a][0], rects[b][0])
            and min(rects[a][3], rects[b][3]) > max(rects[a][1], rects[b][1])]


def test_stacks_apart_stay_where_they_are():
    rects = {"a": (10, 10, 50, 50), "b": (60, 10, 100, 50)}
    assert separate(rects, BOARD) == {}


def test_two_overlapping_stacks_part_along_their_smaller_overlap_each_half_way():
    rects = {"a": (100, 100, 140, 140), "b": (130, 105, 170, 145)}
    out = separate(rects, BOARD, gap=0.0)
    assert out == {"a": (-5.0, 0.0), "b": (5.0, 0.0)}  # 10 units of x overlap, 35 of y


def test_a_stack_held_by_the_edge_pushes_its_neighbour_the_whole_way():
    rects = {"a": (0, 100, 40, 140), "b": (20, 100, 60, 140)}
    out = moved(rects, separate(rects, BOARD, gap=0.0))
    assert out["a"][0] == 0 and out["b"][0] >= 40 - 1e-6
    assert not overlapping(out)


def test_a_moved_stack_keeps_off_the_boxes():
    box = (40, 0, 400, 60)
    rects = {"a": (0, 80, 40, 120), "b": (0, 100, 40, 140)}
    out = moved(rects, separate(rects, BOARD, [box], gap=0.0))
    assert not overlapping(out)
    for r in out.values():
        assert not (min(r[2], box[2]) > max(r[0], box[0]) and min(r[3], box[3]) > max(r[1], box[1]))


def test_a_stack_pinned_in_a_corner_turns_to_the_other_axis():
    """Two stacks in the bottom corner under a box: pushing them apart up and down is
    blocked (the edge below, the box above), so they part sideways."""
    box = (0, 200, 120, 250)
    rects = {"a": (0, 255, 40, 295), "b": (10, 258, 50, 298)}
    out = moved(rects, separate(rects, BOARD, [box], gap=1.0))
    assert not overlapping(out)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 360), st.integers(0, 260)), min_size=1,
                max_size=12),
       st.integers(0, 10_000))
def test_a_roomy_board_ends_with_no_stack_over_another_and_all_on_the_board(corners, salt):
    rects = {f"p{i}-{salt}": (float(x), float(y), x + 40.0, y + 40.0)
             for i, (x, y) in enumerate(corners)}
    out = separate(rects, BOARD, gap=1.0)
    final = moved(rects, out)
    assert not overlapping(final)
    for r in final.values():
        assert r[0] >= BOARD[0] - 1e-6 and r[2] <= BOARD[2] + 1e-6
        assert r[1] >= BOARD[1] - 1e-6 and r[3] <= BOARD[3] + 1e-6
    assert separate(rects, BOARD, gap=1.0) == out  # the same every time


@pytest.fixture
def crowded_window(qtbot, request, monkeypatch):
    """A 1366 x 768 window at its default zoom after ``actions`` random legal actions."""
    rid, actions = request.param
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    game = Game(find_ruleset(rid), seed=7)
    rng = random.Random(3)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal or game.ruleset.outcome(game.state) is not None:
            break
        action = rng.choice(legal)
        game.push(action, side=taker(game.ruleset, game.state, action))
    win = MainWindow(game)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    return win


def area_stacks(scene) -> dict[str, QRectF]:
    """What each occupied area's stacks cover on the board, their tags included."""
    out: dict[str, QRectF] = {}
    for pid, item in scene.item_for_piece.items():
        place = scene.drawn_state()["pieces"][pid].get("loc")
        if not item.isVisible() or place not in scene.bmap.areas:
            continue
        drawn = item.mapToScene(item.boundingRect().adjusted(2, 2, -2, -2)).boundingRect()
        out[place] = out[place].united(drawn) if place in out else drawn
    return out


@pytest.mark.parametrize("crowded_window", [("lion-in-winter", 0), ("montjoie", 120),
                                            ("deux-bretagne", 60)], indirect=True)
def test_no_area_stack_covers_another_at_the_default_zoom(crowded_window):
    scene = crowded_window.scene
    assert scene.counter_scale > 1.0  # zoomed out: counters are drawn larger
    stacks = area_stacks(scene)
    assert len(stacks) >= 5
    places = sorted(stacks)
    for i, a in enumerate(places):
        for b in places[i + 1:]:
            assert not stacks[a].intersects(stacks[b]), (a, b)
    lines = scene.nudges.lines()
    for place, off in scene.nudges.offsets.items():
        far = math.hypot(off.x(), off.y()) > SHOWN_FROM * scene.unit
        assert (place in lines) == far, place
        if far:  # the line starts at the city and ends on its stack
            assert lines[place].p1().toTuple() == scene.bmap.areas[place].pos
            room = 0.1 * scene.unit  # the counters' shadows
            assert stacks[place].adjusted(-room, -room, room, room).contains(lines[place].p2())


@pytest.mark.parametrize("crowded_window", [("lion-in-winter", 0)], indirect=True)
def test_philip_ii_is_no_longer_under_william_marshal(crowded_window):
    """The case the testers saw: both stacks whole, side by side, and each still
    nearer its own city than the other's."""
    scene = crowded_window.scene
    state = scene.drawn_state()
    where = {pid: piece.get("loc") for pid, piece in state["pieces"].items()}
    william = scene.item_for_piece["william-marshal"]
    philip = scene.item_for_piece["philip-ii"]
    a = william.mapToScene(william.boundingRect()).boundingRect()
    b = philip.mapToScene(philip.boundingRect()).boundingRect()
    assert not a.adjusted(2, 2, -2, -2).intersects(b.adjusted(2, 2, -2, -2))
    assert where["william-marshal"] != where["philip-ii"]
