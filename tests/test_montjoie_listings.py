"""Montjoie!'s quick listings agree with its predicates (issue 14): the expansions and
attacks of Séquence 7 are listed without asking :func:`why_not_expand` and
:func:`why_not_attack` candidate by candidate, and a step checks an action by listing
its verb alone (``actions_of``); both must give exactly what the plain way gives."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from boardapp.core.engine.game import Game
from rulesets.montjoie.model.battle import geography
from rulesets.montjoie.model.conquest import (
    Geography,
    attacks,
    expansions,
    why_not_attack,
    why_not_expand,
)
from rulesets.montjoie.rules import Montjoie

RS = Montjoie()
GEO = geography(RS)
CITIES = sorted(RS.board_map.areas)
ZONED = Geography(GEO.roads, GEO.ports,
                  {p: ("atl" if i % 2 else "manche") for i, p in enumerate(sorted(GEO.ports))})
"""The map's roads and ports with sea zones (the shipped map may not give them)."""
SIDES = ("france", "angleterre", "bretagne")


def plain_expansions(geo, owner, side, done, **kw):
    """Every candidate asked of :func:`why_not_expand`, as the listing once did."""
    out = []
    for source in sorted(c for c, o in owner.items() if o == side):
        for target in sorted(geo.roads.get(source, ())):
            if why_not_expand(geo, owner, side, source, target, False, done,
                              from_new_city=kw["from_new_city"]) is None:
                out.append((source, target, False))
        if source in geo.ports:
            for target in sorted(geo.ports):
                if not geo.by_road(source, target) and why_not_expand(
                        geo, owner, side, source, target, True, done, **kw) is None:
                    out.append((source, target, True))
    return out


def plain_attacks(geo, owner, side, made, yellows, peace, **kw):
    out = []
    enemies = {c for c, o in owner.items() if o is not None and o != side}
    for source in sorted(c for c, o in owner.items() if o == side):
        near = set(geo.roads.get(source, ()))
        if source in geo.ports:
            near |= geo.ports
        for target in sorted(enemies if kw["anywhere"] else near):
            if why_not_attack(geo, owner, side, source, target, made, yellows, peace,
                              **kw) is None:
                out.append((source, target))
    return out


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), zoned=st.booleans(), new_city=st.booleans(),
       limited=st.booleans(), island=st.booleans(), anywhere=st.booleans(),
       yellows=st.integers(0, 3), peace=st.booleans())
def test_quick_listings_give_what_the_predicates_allow(seed, zoned, new_city, limited,
                                                       island, anywhere, yellows, peace):
    rnd = random.Random(seed)
    geo = ZONED if zoned else GEO
    owner = {c: rnd.choice((None, None, *SIDES)) for c in CITIES}
    side = rnd.choice(SIDES)
    own = [c for c, o in owner.items() if o == side] or CITIES[:2]
    done = [{"from": rnd.choice(own), "to": rnd.choice(CITIES), "sea": rnd.random() < 0.3}
            for _ in range(rnd.choice((0, 0, 1, 1, 2)))]
    kw = {"from_new_city": new_city, "limited_landings": limited, "island": island}
    assert expansions(geo, owner, side, done, **kw) == plain_expansions(
        geo, owner, side, done, **kw)
    made = [{"from": rnd.choice(own), "to": rnd.choice(CITIES)}
            for _ in range(rnd.choice((0, 0, 1, 2)))]
    kw2 = {"protected": set(rnd.sample(CITIES, rnd.choice((0, 2)))),
           "limited_landings": limited, "anywhere": anywhere}
    assert attacks(geo, owner, side, made, yellows, peace, **kw2) == plain_attacks(
        geo, owner, side, made, yellows, peace, **kw2)


def test_a_verb_listed_alone_is_what_the_whole_listing_gives():
    """At every position of a random game where the player's turn (Séq. 7) or the
    purchases (Séq. 4) run, each verb's own listing equals the whole listing's actions
    of that verb, in order."""
    game = Game(RS, "normale-4", 3)
    rnd = random.Random(3)
    seen = set()
    for _ in range(700):
        state = game.state
        frame = RS.flow.current(state)
        if frame is not None and frame["step"] in ("joueurs", "achats"):
            step = RS.flow.step(frame)
            everything = list(step.actions(RS, state, frame))
            for verb in {a.verb for a in everything} | {"expand", "attack", "end-turn",
                                                       "end-expansion", "end-purchases"}:
                assert list(step.actions_of(RS, state, frame, verb)) == [
                    a for a in everything if a.verb == verb], (frame["step"], verb)
                seen.add((frame["step"], verb))
        sides = RS.deciding_sides(state)
        if not sides:
            break
        side = rnd.choice(sides)
        game.play(rnd.choice(list(RS.legal_actions(state, side))), side=side)
    assert {("joueurs", "expand"), ("joueurs", "attack"), ("achats", "build-castle")} <= seen
