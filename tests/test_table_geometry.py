"""The free table's geometry (issue 18): bases, distances, arcs, groups, sight, paths and
moves carried out together, with Hypothesis properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardapp.core.board.maps import ShippedMaps
from boardapp.core.table.bases import CONTACT, Base, Bases, side_seen_from
from boardapp.core.table.fixed import parse_point, point_text, to_cm, to_units
from boardapp.core.table.paths import plan_path
from boardapp.core.table.sight import Eye, cover_near, eye_of, line_of_sight, sight_pairs
from boardapp.core.table.tableboard import table_of
from boardapp.core.table.together import Figure, carry_out

TABLE = table_of(ShippedMaps().load("table_demo.yaml").map)
COSTS = {"light": 2.0, "medium": 4.0, "large": 6.0}
coord = st.floats(0.0, 60.0, allow_nan=False)
facing = st.floats(0.0, 359.9, allow_nan=False)
size = st.sampled_from([(2.0, 2.0), (2.0, 4.0), (4.0, 2.0)])


@st.composite
def bases(draw):
    w, d = draw(size)
    return Base(draw(coord), draw(coord), w, d, draw(facing))


# -- fixed point --------------------------------------------------------------------------
def test_positions_are_stored_as_integers_of_a_tenth_of_a_millimetre():
    assert parse_point("12.5,30,90") == (1250, 3000, 900)
    assert parse_point("0.004,-3.26") == (0, -326, None)
    assert point_text(1250, 3000, 905) == "12.5,30,90.5"
    assert parse_point("1,2,-90")[2] == 2700


@given(st.integers(-10**6, 10**6), st.integers(-10**6, 10**6), st.integers(0, 3599))
def test_the_text_of_a_position_reads_back_to_it(x, y, f):
    assert parse_point(point_text(x, y, f)) == (x, y, f)


@pytest.mark.parametrize("text", ["1", "1,2,3,4", "a,2", "nan,1", "1e300,2"])
def test_bad_positions_are_refused(text):
    with pytest.raises(ValueError):
        parse_point(text)


# -- bases --------------------------------------------------------------------------------
@settings(max_examples=200)
@given(bases(), bases())
def test_distance_is_symmetric_never_negative_and_zero_exactly_when_bases_touch(a, b):
    d = a.distance(b)
    assert d >= 0
    assert d == pytest.approx(b.distance(a), abs=1e-9)
    assert (d == 0) == a.polygon.intersects(b.polygon)


def test_edge_to_edge_distance_of_turned_bases():
    a = Base(10, 10, 2, 2, 0)
    assert a.distance(Base(15, 10, 2, 2, 0)) == pytest.approx(3.0)
    assert a.distance(Base(15, 10, 2, 4, 90)) == pytest.approx(2.0)  # 4 cm deep, facing x
    assert a.distance(Base(15, 10, 2, 4, 0)) == pytest.approx(3.0)
    assert a.touches(Base(12, 10, 2, 2, 0))
    assert not a.touches(Base(12 + 2 * CONTACT, 10, 2, 2, 0))
    rider = Base(10, 10, 2, 4, 90)  # front left, front right, rear right, rear left
    assert [pytest.approx(c) for c in rider.corners] == [(12, 9), (12, 11), (8, 11), (8, 9)]
    turned = Base(0, 0, 2, 2, 45)
    assert turned.corners[0] == pytest.approx((0, -math.sqrt(2)))


def test_arcs_left_and_right():
    a = Base(10, 10, 2, 2, 90)  # facing the right edge of the table
    assert a.arc(20, 10) == "front"
    assert a.arc(0, 10) == "rear"
    assert a.arc(10, 0) == "left" and a.arc(10, 20) == "right"
    assert side_seen_from((0, 0), (0, -10), (1, -10)) == "right"
    assert side_seen_from((0, 0), (0, -10), (-1, -10)) == "left"
    assert side_seen_from((0, 0), (0, -10), (0, -20)) == "line"


def test_groups_contacts_and_radius():
    table = Bases({"a": Base(10, 10), "b": Base(12.5, 10), "c": Base(15, 10),
                   "d": Base(30, 10), "e": Base(12, 12)})
    assert table.groups(0.6) == [["a", "b", "c", "e"], ["d"]]
    assert table.groups(0.4) == [["a", "e"], ["b", "c"], ["d"]] or table.groups(0.4)[0] \
        == ["a", "b", "e"]
    assert table.contacts("a") == ["e"]
    assert table.within(20, 10, 5) == ["c"]
    assert table.near("d", 14) == ["c"]
    pairs = table.pair_distances()
    assert pairs[("a", "d")] == pytest.approx(18.0)


# -- line of sight ------------------------------------------------------------------------
def test_a_lower_obstacle_does_not_block_a_higher_viewer():
    north, south = Base(41, 20), Base(41, 34)
    tall = line_of_sight(TABLE, eye_of(TABLE, north, 3), eye_of(TABLE, south, 3))
    short = line_of_sight(TABLE, eye_of(TABLE, north, 1), eye_of(TABLE, south, 1))
    assert tall.clear and not short.clear and short.blocked_by == ("wall",)


def test_the_wood_blocks_and_a_figure_on_the_hill_sees_over_the_wall():
    assert line_of_sight(TABLE, Eye(2, 30, 3), Eye(30, 30, 3)).blocked_by == ("wood",)
    on_hill = eye_of(TABLE, Base(42, 45), 3)
    assert on_hill.h == 7
    assert line_of_sight(TABLE, on_hill, Eye(41, 20, 1)).clear


def test_cover_near_the_target():
    behind_wall = Base(41, 31)  # 1.5 cm behind the wall's far face
    assert cover_near(TABLE, Eye(41, 10, 3), behind_wall, 1.0) == ("none", ())
    assert cover_near(TABLE, Eye(41, 10, 3), behind_wall, 2.0) == ("medium", ("wall",))
    assert cover_near(TABLE, Eye(41, 10, 3), Base(12, 28), 1.0) == ("light", ("wood",))


@settings(max_examples=150)
@given(coord, coord, coord, coord, st.floats(0.5, 12.0))
def test_line_of_sight_is_symmetric_between_equal_heights(x1, y1, x2, y2, h):
    a, b = Eye(x1, y1, h), Eye(x2, y2, h)
    there, back = line_of_sight(TABLE, a, b), line_of_sight(TABLE, b, a)
    assert there.clear == back.clear
    assert sight_pairs(TABLE, {"a": a, "b": b}, [("a", "b"), ("b", "a")]) == {
        ("a", "b"): there.clear, ("b", "a"): back.clear}


# -- paths and moves ----------------------------------------------------------------------
def test_a_path_pays_for_the_obstacles_it_enters():
    plan = plan_path(TABLE, [(41, 20), (41, 34)], COSTS)
    assert plan.length == pytest.approx(14)
    assert [(c.scenery, c.cost) for c in plan.crossings] == [("wall", 4.0)]
    assert plan.effort == pytest.approx(18)
    assert plan.at_effort(9)[:2] == pytest.approx((41, 27.5))  # paying at the wall
    assert plan.at_effort(12.5)[:2] == pytest.approx((41, 28.5))
    assert plan_path(TABLE, [(41, 20), (80, 20)], COSTS).refused == "80,20 is off the table"
    assert plan_path(TABLE, [(41, 20), (41, 34)], {"light": 2}).refused is not None


@settings(max_examples=100)
@given(st.lists(st.tuples(coord, coord), min_size=1, max_size=4), st.floats(2.0, 20.0))
def test_a_planned_path_never_takes_more_than_its_allowance(points, allowance):
    start = (30.0, 10.0)
    plan = plan_path(TABLE, [start, *points], COSTS)
    figures = {"f": Figure("red", Base(*start), plan, allowance)}
    final = carry_out(figures)[-1].positions["f"]
    end = (to_cm(final[0]), to_cm(final[1]))
    reached = plan.at_effort(allowance)
    assert end == pytest.approx(reached[:2], abs=0.01)
    if plan.effort <= allowance and not plan.refused:
        assert end == pytest.approx(points[-1], abs=0.01)


def test_moves_carried_out_together_stop_at_contact():
    figures = {
        "a": Figure("red", Base(10, 50), plan_path(TABLE, [(10, 50), (10, 41)], COSTS), 8),
        "b": Figure("blue", Base(10, 40, facing=180),
                    plan_path(TABLE, [(10, 40), (10, 49)], COSTS), 8),
        "c": Figure("red", Base(30, 50, 2, 4), plan_path(TABLE, [(30, 50), (36, 50)], COSTS),
                    14, facing=90)}
    fractions = carry_out(figures)
    assert len(fractions) == 6
    third = fractions[2]
    assert sorted(third.contacts) == [("a", "b"), ("b", "a")]
    a, b = (Base(to_cm(p[0]), to_cm(p[1])) for p in (third.positions["a"],
                                                     third.positions["b"]))
    assert a.distance(b) <= CONTACT
    assert fractions[-1].positions["a"] == third.positions["a"]
    assert fractions[-1].positions["c"] == (to_units(36), to_units(50), 900)


def test_empty_and_single_tables_answer_without_error():
    assert Bases({}).groups(1.0) == [] and Bases({}).pair_distances() == {}
    assert Bases({"a": Base(1, 1)}).within(1, 1, 1) == ["a"]
    still = {"a": Figure("red", Base(10, 10)), "b": Figure("blue", Base(20, 10))}
    assert [f.positions for f in carry_out(still)] == [{}] * 6
    assert sight_pairs(TABLE, {}, []) == {}


def test_a_figure_stopped_early_in_a_sixth_leaves_nobody_moving():
    """Found by the contract's guided search: every mover stopped within a sixth."""
    figures = {
        "a": Figure("red", Base(10, 10.5), plan_path(TABLE, [(10, 10.5), (10, 3)], COSTS), 14),
        "b": Figure("blue", Base(10, 8))}
    fractions = carry_out(figures)
    assert fractions[0].contacts == [("a", "b")]
    assert fractions[-1].positions["a"][1] == pytest.approx(1000, abs=5)  # in contact
