"""Core building blocks: actions, dice, reachability on a plain graph."""

from __future__ import annotations

import networkx as nx
import pytest

from boardapp.core.base.errors import InvalidActionError
from boardapp.core.board.movement import reachable
from boardapp.core.engine.actions import Action
from boardapp.core.engine.rng import new_rng, roll


def test_action_text_round_trip():
    action = Action.of("move", ["p1", "p2"], "rennes")
    assert action.text() == "move p1,p2 rennes"
    assert Action.parse(action.text()) == action
    with pytest.raises(InvalidActionError):
        Action.parse("   ")
    with pytest.raises(InvalidActionError):
        Action.parse("move p1").arg(1)


def test_rng_is_seeded_and_fair():
    a, b = new_rng(42), new_rng(42)
    rolls = [roll(a, 10, zero_based=True) for _ in range(5000)]
    assert rolls[:50] == [roll(b, 10, zero_based=True) for _ in range(50)]
    assert set(rolls) == set(range(10))
    counts = [rolls.count(face) for face in range(10)]
    assert min(counts) > 400 and max(counts) < 600
    other = new_rng(43)
    assert [roll(other, 10) for _ in range(20)] != [roll(new_rng(42), 10) for _ in range(1)] * 20


def test_reachable_costs_stops_and_optional_extra():
    g = nx.path_graph(["s", "a", "b", "c"])
    costs = {"s": 1, "a": 1, "b": 2, "c": 1}
    r = reachable(g, "s", 3, lambda u, v: costs[v])
    assert {p: x.cost for p, x in r.items()} == {"a": 1, "b": 3}
    assert r["b"].path == ("s", "a", "b")
    # An enemy in a stops the move there.
    r = reachable(g, "s", 9, lambda u, v: costs[v], must_stop=lambda p: p == "a")
    assert set(r) == {"a"} and r["a"].stops
    # An extra point at b: paid when passing, optional at the end of the move.
    r = reachable(g, "s", 3, lambda u, v: costs[v] + (1 if v == "b" else 0),
                  arrival_extra=lambda p: 1 if p == "b" else 0)
    assert r["b"].cost == 3 and not r["b"].extra_paid
    assert "c" not in r
    r = reachable(g, "s", 4, lambda u, v: costs[v] + (1 if v == "b" else 0),
                  arrival_extra=lambda p: 1 if p == "b" else 0)
    assert r["b"].cost == 4 and r["b"].extra_paid
    # Blocked edge (None) hides a place.
    assert reachable(g, "s", 9, lambda u, v: None if v == "b" else 1).keys() == {"a"}
