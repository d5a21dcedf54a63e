"""Moves carried out together (core/table/together.py) give the same fractions whether
figures far from all others take their small steps one by one or jump to where the last
one puts them (the quick way, taken when the ruleset asks nothing at each small step:
``halt=None``). A ``halt`` that never stops anyone makes every figure step as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.table.bases import FEW_BASES, Base, Bases
from boardapp.core.table.paths import plan_path
from boardapp.core.table.together import Figure, carry_out

TABLE = find_ruleset("table-demo").board_map.table
COSTS = {"light": 2.0, "medium": 4.0, "large": 6.0}


def never(pid, bases, effort):
    return None


def _summary(fractions):
    return [(f.index, sorted(f.positions.items()), f.contacts, f.blocked, f.halted)
            for f in fractions]


figure = st.tuples(st.floats(3, 57), st.floats(3, 57), st.sampled_from([0.0, 90.0, 215.5]),
                   st.floats(-25, 25), st.floats(-25, 25), st.floats(0, 20),
                   st.sampled_from(["red", "blue"]), st.booleans())


@settings(max_examples=60, deadline=None)
@given(st.lists(figure, min_size=1, max_size=9))
def test_figures_alone_jump_to_the_same_place_as_step_by_step(specs):
    _same_either_way(specs)


@settings(max_examples=12, deadline=None)
@given(st.lists(figure, min_size=25, max_size=40))
def test_many_figures_alone_or_not_jump_to_the_same_place_as_step_by_step(specs):
    """Enough figures for the neighbours to be sifted all at once (numpy)."""
    assert len(_same_either_way(specs)) == 6


def _same_either_way(specs):
    figures = {}
    for n, (x, y, f, dx, dy, allowance, side, moves) in enumerate(specs):
        base = Base(x, y, 2.0, 2.0 if n % 2 else 4.0, f)
        end = (min(59.0, max(1.0, x + dx)), min(59.0, max(1.0, y + dy)))
        plan = plan_path(TABLE, [(x, y), end], COSTS) if moves else None
        if plan is not None and plan.refused:
            plan = None
        if any(base.distance(g.base) <= 0.05 for g in figures.values()):
            continue  # touching one set up already: not a position a move starts from
        figures[f"f{n}"] = Figure(side, base, plan, allowance, 45.0 if n % 3 == 0 else None)
    quick = carry_out(figures)
    assert _summary(quick) == _summary(carry_out(figures, halt=never))
    return quick


def test_two_riders_far_apart_then_meeting_stop_in_contact_either_way():
    a = Base(5, 30, 2, 4, 90)
    b = Base(55, 30, 2, 4, 270)
    figures = {"a": Figure("red", a, plan_path(TABLE, [(5, 30), (40, 30)], {}), 35.0),
               "b": Figure("blue", b, plan_path(TABLE, [(55, 30), (20, 30)], {}), 35.0)}
    quick, stepped = carry_out(figures), carry_out(figures, halt=never)
    assert _summary(quick) == _summary(stepped)
    assert ("a", "b") in [c for f in quick for c in f.contacts]


def test_bases_near_finds_what_every_pair_asked_finds():
    bases = {f"b{n}": Base(3 + (n * 7.3) % 50, 3 + (n * 11.1) % 50, 2, 2 + n % 3, n * 37.0)
             for n in range(30)}
    index = Bases(bases)
    for pid in index.ids:
        for radius in (0.0, 0.05, 1.0, 10.0, 25.0):
            assert index.near(pid, radius) == [
                q for q in index.ids if q != pid and bases[pid].within_of(bases[q], radius)]
    assert len(index.ids) > FEW_BASES  # sifted with numpy


@settings(max_examples=80, deadline=None)
@given(st.floats(0, 60), st.floats(0, 60), st.floats(0, 360), st.floats(0, 60),
       st.floats(0, 60), st.floats(0, 360), st.sampled_from([0.0, 0.05, 0.5, 3.0, 20.0, 80.0]))
def test_within_of_answers_what_geos_answers(x1, y1, f1, x2, y2, f2, gap):
    import shapely

    a, b = Base(x1, y1, 2, 4, f1), Base(x2, y2, 3, 2, f2)
    assert a.within_of(b, gap) == bool(shapely.dwithin(a.polygon, b.polygon, gap))


@settings(max_examples=80, deadline=None)
@given(st.floats(0, 360), st.floats(0, 360), st.floats(0, 360), st.floats(0, 6),
       st.sampled_from([0.0, 0.05, 2.05, 10.0]))
def test_within_of_near_the_edge_of_the_inner_circles_answers_what_geos_answers(
        f1, f2, angle, spread, gap):
    """Pairs placed where the inner-circle shortcut starts to answer (the hard cases)."""
    import math

    import shapely

    d = gap + 1.0 + 1.0 + spread - 3.0  # inner circles of 1 cm: around the shortcut's edge
    a = Base(30, 30, 2, 4, f1)
    b = Base(30 + max(d, 0.0) * math.cos(math.radians(angle)),
             30 + max(d, 0.0) * math.sin(math.radians(angle)), 2, 2, f2)
    assert a.within_of(b, gap) == bool(shapely.dwithin(a.polygon, b.polygon, gap))


def test_lines_of_sight_kept_or_asked_in_any_batch_give_the_same_answers():
    from boardapp.core.table import sight
    from boardapp.core.table.sight import Eye, sight_pairs

    eyes = {f"e{n}": Eye(2 + (n * 13.7) % 56, 2 + (n * 7.9) % 56, 1 + n % 4)
            for n in range(16)}
    pairs = [(p, q) for p in sorted(eyes) for q in sorted(eyes) if p < q]
    sight._SIGHTS.clear()
    together = sight_pairs(TABLE, eyes, pairs, 1.0)
    assert not all(together.values()) and any(together.values())  # the wood blocks some
    for pair in pairs:
        sight._SIGHTS.clear()
        assert sight_pairs(TABLE, eyes, [pair], 1.0) == {pair: together[pair]}
    assert sight_pairs(TABLE, eyes, pairs[::-1], 1.0) == together  # kept, any order
