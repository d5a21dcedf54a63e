"""Moves carried out together (core/table/together.py) give the same fractions whether
figures far from all others take their small steps one by one or jump to where the last
one puts them (the quick way, taken when the ruleset asks nothing at each small step:
``halt=None``). A ``halt`` that never stops anyone makes every figure step as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.table.bases import Base, Bases
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
    figures = {}
    for n, (x, y, f, dx, dy, allowance, side, moves) in enumerate(specs):
        base = Base(x, y, 2.0, 2.0 if n % 2 else 4.0, f)
        end = (min(59.0, max(1.0, x + dx)), min(59.0, max(1.0, y + dy)))
        plan = plan_path(TABLE, [(x, y), end], COSTS) if moves else None
        if plan is not None and plan.refused:
            plan = None
        figures[f"f{n}"] = Figure(side, base, plan, allowance, 45.0 if n % 3 == 0 else None)
    if any(b.distance(o) <= 0.05 for i, b in enumerate(f.base for f in figures.values())
           for o in [g.base for g in figures.values()][i + 1:]):
        return  # figures set up touching: not a position a game starts a move from
    assert _summary(carry_out(figures)) == _summary(carry_out(figures, halt=never))


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
