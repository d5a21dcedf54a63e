"""The rules made faster (issue 14) answer exactly as before: each shortcut is checked
against the plain computation it replaces, on random inputs and random game positions."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from boardapp.core.board.movement import Reach, reachable
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import available_rulesets
from tests.contracthelpers import PLANS, choose, taker


def reachable_by_networkx(graph, start, budget, enter_cost, must_stop=lambda p: False,
                          arrival_extra=lambda p: 0):
    """The search as it was written before: networkx's Dijkstra with a cutoff."""
    if start not in graph:
        return {}
    slack = max((arrival_extra(n) for n in graph.nodes), default=0)

    def weight(u, v, _data):
        if u != start and must_stop(u):
            return None
        return enter_cost(u, v)

    dist, paths = nx.single_source_dijkstra(graph, start, cutoff=budget + slack, weight=weight)
    result = {}
    for place, cost in dist.items():
        if place == start:
            continue
        extra = arrival_extra(place)
        if cost <= budget:
            result[place] = Reach(place, int(cost), tuple(paths[place]), extra > 0,
                                  must_stop(place))
        elif cost - extra <= budget:
            result[place] = Reach(place, int(cost - extra), tuple(paths[place]), False,
                                  must_stop(place))
    return result


@st.composite
def searches(draw):
    n = draw(st.integers(2, 14))
    nodes = [f"p{i}" for i in range(n)]
    edges = draw(st.lists(st.tuples(st.sampled_from(nodes), st.sampled_from(nodes)),
                          max_size=3 * n))
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from((a, b) for a, b in edges if a != b)
    values = draw(st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=16,
                           max_size=16))
    costs = {(a, b): values[(i * 7 + j * 3) % 16] for i, a in enumerate(nodes)
             for j, b in enumerate(nodes)}
    stops = set(draw(st.lists(st.sampled_from(nodes), max_size=n)))
    extras = {p: draw(st.integers(0, 2)) for p in nodes}
    return (graph, draw(st.sampled_from(nodes)), draw(st.integers(0, 8)), costs, stops,
            extras, draw(st.booleans()))


@settings(max_examples=150, deadline=None)
@given(searches())
def test_the_search_finds_what_networkx_found(case):
    graph, start, budget, costs, stops, extras, bounded = case

    def enter(src, dst):
        return costs[src, dst]

    expected = reachable_by_networkx(graph, start, budget, enter, stops.__contains__,
                                     extras.__getitem__)
    slack = 2 if bounded else None  # any upper bound of the extra gives the same answer
    found = reachable(graph, start, budget, enter, stops.__contains__, extras.__getitem__,
                      slack=slack)
    assert list(found.items()) == list(expected.items())


# -- Les Deux Bretagne: the counties the Marauders take (3.3, 12.433) --------------------------
def check_marauder_counties_by_full_scan(rs, state, ctx):
    """The check as it was written before: every area of every county looked at."""
    from rulesets.deux_bretagne.model.pay import marauder_held

    for region in rs.board_map.regions.values():
        owner = state["region_control"].get(region.id)
        if owner is None or region.cities_needed is None:
            continue
        held = [a for a in rs.board_map.region_areas(region.id)
                if marauder_held(rs, state, a)]
        if len(held) < region.cities_needed:
            continue
        state["region_control"][region.id] = None
        if owner in state["score"]:
            state["score"][owner] -= region.vp or 0
        ctx.log(f"The Marauders hold {len(held)} cities of {region.name}: the county is "
                f"independent, {rs.side(owner).name} loses its {region.vp or 0} VP",
                rs.cite("3.3, 12.433, 13.12"))


@st.composite
def deux_bretagne_positions(draw):
    """A set-up of Les Deux Bretagne with pieces moved, areas and counties given to
    anyone or no one, and counters turned (B-03) at random."""
    from boardapp.core.engine.state import copy_state, put_piece
    from tests.dbhelpers import _RULESET as rs

    state = copy_state(_db_setup())
    areas = sorted(rs.board_map.areas)
    pieces = sorted(state["pieces"])
    owners = st.sampled_from([None, "blois", "montfort"])
    marauders = [p for p in pieces if rs.piece_side(state, p) == "marauders"]
    county = draw(st.sampled_from(sorted(rs.board_map.regions)))
    near = rs.board_map.region_areas(county)
    taken = draw(st.integers(0, min(len(near), len(marauders))))
    for pid, area in zip(marauders, near[:taken], strict=False):  # near a county's rating
        put_piece(state, pid, area)
        state["control"][area] = None
    for pid in draw(st.lists(st.sampled_from(pieces), max_size=20)):
        put_piece(state, pid, draw(st.sampled_from(near + areas)))
    for area in draw(st.lists(st.sampled_from(areas), max_size=30)):
        state["control"][area] = draw(owners)
    for region in sorted(rs.board_map.regions):
        state["region_control"][region] = draw(owners)
    for pid in draw(st.lists(st.sampled_from(pieces), max_size=5)):
        state["vars"]["side_of"][pid] = draw(st.sampled_from(["blois", "montfort",
                                                              "marauders"]))
    return state


_SETUP: dict = {}


def _db_setup():
    from tests.dbhelpers import _RULESET as rs

    if not _SETUP:
        _SETUP.update(rs.setup("14.1", 1))
    return _SETUP


@settings(max_examples=100, deadline=None)
@given(deux_bretagne_positions())
def test_marauder_counties_found_as_by_a_full_scan(state):
    from boardapp.core.engine.context import Context
    from boardapp.core.engine.state import copy_state
    from rulesets.deux_bretagne.model.pay import check_marauder_counties
    from tests.dbhelpers import _RULESET as rs

    expected, found = copy_state(state), copy_state(state)
    ctx_expected, ctx_found = Context(expected, "blois"), Context(found, "blois")
    check_marauder_counties_by_full_scan(rs, expected, ctx_expected)
    check_marauder_counties(rs, found, ctx_found)
    assert found == expected
    event(f"counties made independent: {len(ctx_found.lines)}")
    assert [line.render() for line in ctx_found.lines] == \
        [line.render() for line in ctx_expected.lines]


# -- the legality check by verb (Step.actions_of) -------------------------------------------
@pytest.mark.parametrize("rid", sorted(available_rulesets()))
def test_the_actions_of_a_verb_are_those_the_listing_gives(rid):
    """Every step's ``actions_of`` lists what its whole listing lists of that verb, in
    order, in the positions of a random game (one position in three)."""
    rs = available_rulesets()[rid]()
    game = Game(rs, None, 7)
    for text in PLANS[rid].prelude if rid in PLANS else ():
        game.push(text)  # longer games (see the plans)
    rnd = random.Random(7)
    for number in range(240):
        frame = rs.flow.current(game.state)
        legal = game.legal_actions()
        if frame is None or not legal:
            break
        if number % 3 == 0:
            step = rs.flow.step(frame)
            listed = list(step.actions(rs, game.state, frame))
            for verb_name in sorted({a.verb for a in listed} | set(step.verbs)):
                assert list(step.actions_of(rs, game.state, frame, verb_name)) == \
                    [a for a in listed if a.verb == verb_name], (number, verb_name)
        action = choose(rnd, legal)
        game.push(action, side=taker(rs, game.state, action))


# -- The Lily and the Ermine: the purchases of R&R (7, 13) ---------------------------------
def buy_actions_by_every_check(rs, state):
    """The purchases as they were listed before: every check of every zone for every
    counter."""
    from boardapp.core.engine.actions import Action
    from rulesets.lily_ermine.model.reinforcements import (
        _candidates,
        why_not_buy,
        why_not_rebuild,
        why_not_zone,
    )

    camp = state["active"]
    if state["vars"]["rp"].get(camp) is None:
        return
    zones = sorted(rs.board_map.areas)
    ctl = {z: rs.controller(state, z) for z in zones}
    for pid in _candidates(rs, state):
        for verb, reduced in (("buy", False), ("buy-reduced", True)):
            if why_not_buy(rs, state, pid, reduced) is not None:
                continue
            for z in zones:
                if why_not_zone(rs, state, pid, z, ctl) is None:
                    yield Action.of(verb, pid, z)
    for pid in sorted(state["pieces"]):
        if why_not_rebuild(rs, state, pid) is None:
            yield Action.of("rebuild", pid)


_LILY: list = []


def lily_positions():
    """The ruleset and positions of a random game of The Lily and the Ermine (one in
    eight, found once)."""
    if not _LILY:
        rs = available_rulesets()["lily-ermine"]()
        game = Game(rs, None, 5)
        rnd = random.Random(5)
        states = []
        for number in range(320):
            legal = game.legal_actions()
            if not legal:
                break
            if number % 8 == 0:
                states.append(game.state)
            game.push(choose(rnd, legal))
        _LILY.extend([rs, states])
    return _LILY


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_purchases_found_as_by_every_check(data):
    from boardapp.core.engine.state import copy_state, put_piece
    from rulesets.lily_ermine.model.reinforcements import buy_actions

    rs, states = lily_positions()
    state = copy_state(data.draw(st.sampled_from(states)))
    zones = sorted(rs.board_map.areas)
    for pid in data.draw(st.lists(st.sampled_from(sorted(state["pieces"])), max_size=8)):
        put_piece(state, pid, data.draw(st.sampled_from(zones)))
    state["active"] = data.draw(st.sampled_from(["france", "brittany"]))
    state["vars"]["rp"][state["active"]] = data.draw(st.integers(0, 14))
    state["turn"] = data.draw(st.integers(1, 13))
    for cid in sorted(rs.reinforcement_table.contingents):  # mercenaries allowed (13)
        if data.draw(st.booleans()):
            state["vars"].setdefault("allowance", {})[cid] = {
                "round": state["turn"], "count": data.draw(st.integers(0, 3)),
                "held": data.draw(st.booleans())}
    expected = list(buy_actions_by_every_check(rs, state))
    event(f"purchases: {'some' if expected else 'none'}")
    assert list(buy_actions(rs, state)) == expected


# -- the hex demo: the searches of the reach kept (rules 2-5) ----------------------------------
def test_hex_reach_kept_is_the_reach_searched_again():
    """The hex demo keeps its searches by start, MP and enemy hexes: in every position of
    random games, the reach of every stack and piece is what a new search finds."""
    from rulesets.hex_demo.rules import HexDemo

    kept = HexDemo()
    for seed in range(1, 4):
        game = Game(kept, None, seed)
        rnd = random.Random(seed)
        while legal := game.legal_actions():
            state = game.state
            fresh = HexDemo()  # nothing kept
            for pids in state["stacks"].values():
                for group in (pids, *([p] for p in pids)):
                    assert kept.reachable(state, list(group)) == \
                        fresh.reachable(state, list(group))
            game.push(choose(rnd, legal))


def test_lily_reach_kept_is_the_reach_searched_again():
    """The Lily and the Ermine keeps its searches of the strategic reach by start, MP,
    militia and enemy zones: in positions of a random game, with the camps swapped too,
    the reach of every stack is what a new search finds."""
    rs, states = lily_positions()
    for state in states:
        for camp in ("france", "brittany"):
            state = {**state, "active": camp}
            for zone in sorted(state["stacks"]):
                own = rs.own_at(state, zone, camp)
                kept = rs.move_reach(state, own)
                rs._searches = None  # nothing kept: a new search
                assert rs.move_reach(state, own) == kept


# -- the table demo: the orders of a plan read once (rule 2) -----------------------------------
def test_table_plan_applies_the_orders_its_check_read(monkeypatch):
    """A plan applies the orders its legality check read in the same position: random
    games replay to the same states and log lines as when the plan reads them again."""
    from rulesets.table_demo.steps.orders import Orders
    from tests.contracthelpers import DEFAULT_PLAN, play_plan

    rs = available_rulesets()["table-demo"]()
    games = [play_plan(rs, rs.default_scenario, seed, PLANS.get("table-demo", DEFAULT_PLAN),
                       checks=False).actions for seed in (1, 2, 3)]
    quick = [Game.replay(rs, rs.default_scenario, seed, log)
             for seed, log in enumerate(games, start=1)]
    monkeypatch.setattr(Orders, "_checked", property(lambda self: None,
                                                     lambda self, value: None))
    plain = [Game.replay(rs, rs.default_scenario, seed, log)
             for seed, log in enumerate(games, start=1)]
    assert sum(text.startswith("plan ") for log in games for text, _ in log) > 10
    for a, b in zip(quick, plain, strict=True):
        assert a.state == b.state
        assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]
