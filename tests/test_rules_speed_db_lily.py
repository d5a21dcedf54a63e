"""The shortcuts of Les Deux Bretagne and The Lily and the Ermine (issue 14) answer exactly
as the plain computations they replace, on random game positions (see
``tests/test_rules_speed.py`` for the others)."""

from __future__ import annotations

import random

from hypothesis import event, given, settings
from hypothesis import strategies as st

from boardapp.core.engine.context import Context
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import available_rulesets
from boardapp.core.engine.state import copy_state, put_piece
from tests.contracthelpers import PLANS, choose, taker
from tests.test_rules_speed import deux_bretagne_positions, lily_positions


# -- The Lily and the Ermine -------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_militia_owed_is_the_first_breton_militia_purchase(data):
    """13: the militia owed is the first purchase of a Breton Mi that the listing of
    every purchase gives."""
    from rulesets.lily_ermine.model.reinforcements import buy_actions, militia_owed

    rs, states = lily_positions()
    state = copy_state(data.draw(st.sampled_from(states)))
    zones = sorted(rs.board_map.areas)
    for pid in data.draw(st.lists(st.sampled_from(sorted(state["pieces"])), max_size=8)):
        put_piece(state, pid, data.draw(st.sampled_from(zones)))
    state["active"] = "brittany"
    state["turn"] = data.draw(st.sampled_from([1, 4, 7, 10, 13]))  # spring rounds
    state["vars"]["rp"]["brittany"] = data.draw(st.integers(0, 14))
    expected = next((a for a in buy_actions(rs, state) if a.verb == "buy"
                     and rs.nationality(state, a.arg(0)) == "brittany"
                     and rs.unit_code(state, a.arg(0)) == "Mi"), None)
    event(f"militia owed: {'yes' if expected else 'no'}")
    assert militia_owed(rs, state) == expected


def test_lily_names_and_sides_kept_are_those_found_anew():
    """A counter's name and camp, found once per counter type (and name), are what a new
    ruleset finds in every position of a random game, turned or not."""
    rs, states = lily_positions()
    for state in states:
        state = copy_state(state)
        for pid in sorted(state["pieces"])[::3]:
            state["pieces"][pid]["flipped"] = not state["pieces"][pid]["flipped"]
        fresh = type(rs)()
        for pid in sorted(state["pieces"]):
            assert rs.piece_name(state, pid) == fresh.piece_name(state, pid)
            assert rs.piece_name(state, pid).text == fresh.piece_name(state, pid).text
            assert rs.piece_side(state, pid) == fresh.piece_side(state, pid)


# -- Les Deux Bretagne -------------------------------------------------------------------------
def check_pillaged_counties_by_full_scan(rs, state, ctx):
    """12.45 as it was written before: every county with VP looked at after each action."""
    from rulesets.deux_bretagne.model.pay import areas_by_region
    from rulesets.deux_bretagne.words import N_

    cuts = state["vars"].setdefault("county_vp_cut", {})
    pillaged = set(state["vars"]["pillage"])
    by_region = areas_by_region(rs)
    for region in rs.board_map.regions.values():
        if not region.vp:
            continue
        areas = by_region.get(region.id, [])
        owner = state["region_control"].get(region.id)
        owner = owner if owner in state["score"] else None
        wanted = owner if areas and pillaged.issuperset(areas) else None
        bearer = cuts.get(region.id)
        if bearer == wanted:
            continue
        if bearer is not None:
            state["score"][bearer] += 1
            del cuts[region.id]
            ctx.log(N_("{region} is no longer wholly pillaged: its VP are back to {vp}",
                       region=region.name, vp=region.vp), rs.cite("12.45"))
        if wanted is not None:
            state["score"][wanted] -= 1
            cuts[region.id] = wanted
            ctx.log(N_("Every area of {region} is pillaged: it is worth {value} VP to {side} (1 "
                       "less)", region=region.name, value=region.vp - 1,
                       side=rs.side(wanted).name), rs.cite("12.45"))


@settings(max_examples=100, deadline=None)
@given(deux_bretagne_positions(), st.data())
def test_pillaged_counties_found_as_by_a_full_scan(state, data):
    from rulesets.deux_bretagne.model.pay import check_pillaged_counties
    from tests.dbhelpers import _RULESET as rs

    county = data.draw(st.sampled_from(sorted(rs.board_map.regions)))
    near = rs.board_map.region_areas(county)
    areas = sorted(rs.board_map.areas)
    pillage = data.draw(st.lists(st.sampled_from(near + areas), max_size=len(near) + 5,
                                 unique=True))
    state["vars"]["pillage"] = pillage
    cuts = {r: data.draw(st.sampled_from(["blois", "montfort"]))
            for r in data.draw(st.lists(st.sampled_from(sorted(rs.board_map.regions)),
                                        max_size=3, unique=True))}
    state["vars"]["county_vp_cut"] = cuts
    expected, found = copy_state(state), copy_state(state)
    ctx_expected, ctx_found = Context(expected, "blois"), Context(found, "blois")
    check_pillaged_counties_by_full_scan(rs, expected, ctx_expected)
    check_pillaged_counties(rs, found, ctx_found)
    event(f"counties changed: {len(ctx_found.lines)}")
    assert found == expected
    assert [line.render() for line in ctx_found.lines] == \
        [line.render() for line in ctx_expected.lines]


def test_moves_listed_go_where_the_reach_goes():
    """The action phase lists each group's moves to the places of ``reachable`` (the
    board's highlights), in the positions of a random game; a legal move applied after
    its check ends where a move checked anew ends."""
    from rulesets.deux_bretagne.steps.action import ActionPhase

    rid = "deux-bretagne"
    rs = available_rulesets()[rid]()
    game = Game(rs, None, 3)
    for text in PLANS[rid].prelude:
        game.push(text)
    rnd = random.Random(3)
    looked = 0
    for _number in range(400):
        legal = game.legal_actions()
        if not legal:
            break
        state = game.state
        frame = rs.flow.current(state)
        if frame is not None and frame["step"] == "action" and state["active"] in \
                rs.player_sides:
            side = state["active"]
            expected = []
            if any(a.verb == "move" for a in legal):
                for place, stack in sorted(state["stacks"].items()):
                    if place not in rs.board_map.graph:
                        continue
                    own = [p for p in stack if rs.piece_side(state, p) == side]
                    for group in ([own] if len(own) > 1 else []) + [[p] for p in own]:
                        expected += [("move", ",".join(group), dest)
                                     for dest in sorted(rs.reachable(state, group))]
            found = [(a.verb, *a.args) for a in ActionPhase.moves(rs, state)]
            assert found == expected
            looked += bool(found)
        action = choose(rnd, legal)
        game.push(action, side=taker(rs, game.state, action))
    assert looked > 5
