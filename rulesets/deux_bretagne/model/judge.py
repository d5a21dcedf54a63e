"""How a position stands by the rules, for the computer opponent (13.2, 14.x).

The winner is the side the rules name: the automatic victory (13.2), else the
scenario's own conditions checked as if the game ended now (14.14, 14.24, 14.44).
:func:`evaluate` adds what leads there: the scenario's cities held, victory points
(13.1), the strength of the armies on the map (2.2), how near they stand to the
cities the side does not hold yet, and the sieges under way (10.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.ai.measures import steps_to
from boardapp.core.engine.state import State

from . import events
from .base import PLAYERS, current_play, sieges
from .siege import combat_factors
from .victory import CAPITAL_IDS, automatic_winner

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

WIN = 100.0
"""What the winner by the rules is worth over anything else."""
CLAIM = 50.0
"""What claiming the Shares of Evran costs the computer: their conditions are printed on
the card, not in the rules (13.2), so it cannot know it fulfils them and never claims."""


def final_winner(rs: DeuxBretagneModel, state: State) -> str | None:
    """The side the scenario's own conditions name if the game ended now (14.x)."""
    rule = rs.scenario_data[state["scenario"]].final_victory
    cities = rule.get("cities", [])
    if rule.get("type") == "control-any":
        held = any(state["control"].get(c) == rule["side"] for c in cities)
        return rule["side"] if held else rule["otherwise"]
    if rule.get("type") == "points-and-cities":
        for side in PLAYERS:
            held = sum(1 for c in cities if state["control"].get(c) == side)
            if state["score"][side] > rule["more_than"] and held >= rule["at_least"]:
                return side
    return None


def winner(rs: DeuxBretagneModel, state: State) -> str | None:
    """The winner once the game is over (as its result says), else the side that would
    win now (13.2, 14.x)."""
    result = state["vars"].get("result")
    if result:
        for side in PLAYERS:
            name = rs.side(side).name
            if result.startswith(f"{name} wins") or f": {name} wins" in result:
                return side
        return None
    automatic = automatic_winner(rs, state)
    return automatic[0] if automatic else final_winner(rs, state)


def standing(rs: DeuxBretagneModel, state: State) -> dict[str, float]:
    """1 for the side the rules make the winner (now, or at the end), 0 for the other."""
    best = winner(rs, state)
    return {side: 1.0 if side == best else 0.0 for side in PLAYERS}


def strength(rs: DeuxBretagneModel, state: State, side: str) -> float:
    """The combat factors of ``side``'s units on the map (2.2; reduced: the back)."""
    total = 0.0
    areas = rs.board_map.areas
    for pid, piece in state["pieces"].items():
        if piece["loc"] not in areas or rs.piece_side(state, pid) != side:
            continue
        t = rs.piece_type(state, pid)
        if t.leader:
            total += 2.0
            continue
        value = t.combat[1 if rs.is_reduced(state, pid) else 0]
        total += float(value) if isinstance(value, int | float) else 1.0
    return total


def goals(rs: DeuxBretagneModel, state: State) -> list[str]:
    """The cities the scenario's victory turns on (the capitals if it names none)."""
    rule = rs.scenario_data[state["scenario"]].final_victory
    return list(rule.get("cities") or CAPITAL_IDS)


def armies(rs: DeuxBretagneModel, state: State, side: str) -> list[tuple[str, list[str], int]]:
    """``side``'s armies on the map (7.1): (place, leaders, combat factors of the units
    with them, outside any fortress)."""
    areas = rs.board_map.areas
    inner = set(state["vars"].get("inside", []))
    found = []
    for place, stack in state["stacks"].items():
        if place not in areas:
            continue
        own = [p for p in stack if rs.piece_side(state, p) == side]
        leaders = [p for p in own if rs.is_leader(state, p)]
        if leaders:
            units = [p for p in own if not rs.is_leader(state, p) and p not in inner]
            found.append((place, leaders, combat_factors(rs, state, units)))
    return found


def needed_at(rs: DeuxBretagneModel, state: State, city: str, side: str) -> int:
    """The combat factors an army needs to besiege ``city`` (10.13), counting the enemy
    units outside the fortress too (a battle first, 10.11)."""
    enemy = [p for p in state["stacks"].get(city, [])
             if rs.piece_side(state, p) not in (side,) and not rs.is_leader(state, p)]
    return rs.fortress_level(state, city) + combat_factors(rs, state, enemy)


def acting_army(rs: DeuxBretagneModel, state: State, side: str) -> int | None:
    """The activation value of the card ``side`` is playing as ACT in this activation
    (5.3), 3 while its value is still being asked; ``None`` if no ACT card is in play."""
    play = current_play(state, side)
    if play is not None:
        return int(play["act"] or 0) if play["use"] in ("act", "act+evt") else None
    for frame in state.get("flow") or []:
        if frame.get("step") == "card-value" and frame.get("side") == side:
            use = (frame.get("vars") or {}).get("use")
            return 3 if use in ("act", "act+evt") else None
    return None


def campaign(rs: DeuxBretagneModel, state: State, side: str) -> float:
    """How far ``side`` has got with taking the goal cities it lacks (10.0-10.2): for
    each, its best army's fitness (enough combat factors to besiege it, 10.13) less the
    links it still has to march, a siege marker and its level; an ACT card in play that
    activates that army (5.3). The best city only, when one suffices (14.14)."""
    bmap = rs.board_map
    rule = rs.scenario_data[state["scenario"]].final_victory
    marching = armies(rs, state, side)
    act = acting_army(rs, state, side)
    plans = []
    for city in goals(rs, state):
        if state["control"].get(city) == side:
            continue
        dist = steps_to(bmap, (city,))
        need = max(1, needed_at(rs, state, city, side))
        fits = sorted(((10.0 * min(1.0, cf / (1.3 * need)) - 2.0 * dist.get(place, 20),
                        leaders) for place, leaders, cf in marching), reverse=True)
        best, best_leaders = fits[0] if fits else (-40.0, [])
        if len(fits) > 1:  # a second army coming to help (7.1: armies join)
            best += 0.25 * max(-10.0, fits[1][0])
        marker = sieges(state).get(city)
        if marker is not None and marker.get("side") == side:
            best += 6.0 + 4.0 * int(marker.get("level", 0))
        if act is not None and any(rs.piece_type(state, p).activation <= act
                                   for p in best_leaders):
            best += 3.0
        plans.append(best)
    if not plans:
        return 0.0
    if rule.get("type") == "control-any":
        return max(plans)
    return sum(plans) / len(plans)


def settled_winner(rs: DeuxBretagneModel, state: State) -> str | None:
    """The automatic victory (13.2) that nothing in the rest of the turn can undo: the
    Shares of Evran accepted, the opposing leader killed or captured. The four capitals
    are not settled: a city may still fall before the turn's end."""
    if events.evran_winner(state):
        return events.evran_winner(state)
    automatic = automatic_winner(rs, state)
    if automatic is None:
        return None
    owners = {state["control"].get(c) for c in CAPITAL_IDS}
    return None if owners == {automatic[0]} else automatic[0]


def evaluate(rs: DeuxBretagneModel, state: State, side: str) -> float:
    """How good ``state`` looks for ``side``: the winner by the rules first, then the
    goal cities held, VP, strength, the campaign against the goal cities it lacks (its
    best army's march and siege, the ACT card that moves it) and the cards in hand."""
    other = PLAYERS[1 - PLAYERS.index(side)]
    stand = standing(rs, state)
    value = WIN * (stand[side] - stand[other])
    if rs.outcome(state) is not None:
        return value * 10
    settled = settled_winner(rs, state)
    if settled is not None:
        value += WIN * 5 * (1 if settled == side else -1)
    targets = goals(rs, state)
    held = [state["control"].get(c) for c in targets]
    value += 8.0 * (held.count(side) - held.count(other))
    value += 1.0 * (state["score"].get(side, 0) - state["score"].get(other, 0))
    value += 0.5 * (strength(rs, state, side) - strength(rs, state, other))
    value += campaign(rs, state, side) - 0.5 * campaign(rs, state, other)
    for frame in state.get("flow") or []:  # step losses still to take (8.22, 10.24)
        if frame.get("step") == "evran-answer" and \
                (frame.get("vars") or {}).get("claimant") == side:
            value -= CLAIM  # 13.2: the card's conditions are not in the rules
        if frame.get("step") == "step-losses":
            for entry in (frame.get("vars") or {}).get("pending", []):
                sign = 1 if entry.get("side") == other else -1 if entry.get("side") == side else 0
                value += 1.5 * sign * int(entry.get("count", 0))
    hands = state["vars"].get("hands", {})
    value += 0.3 * (len(hands.get(side, [])) - len(hands.get(other, [])))
    return value
