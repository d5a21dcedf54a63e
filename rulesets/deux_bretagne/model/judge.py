"""How a position stands by the rules, for the computer opponent (13.2, 14.x).

The winner is the side the rules name: the automatic victory (13.2), else the
scenario's own conditions checked as if the game ended now (14.14, 14.24, 14.44).
:func:`evaluate` adds what leads there: the scenario's cities held, victory points
(13.1), the strength of the armies on the map (2.2), how near they stand to the
cities the side does not hold yet, and the sieges under way (10.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.ai.measures import nearest
from boardapp.core.engine.state import State

from .base import PLAYERS, sieges
from .victory import CAPITAL_IDS, automatic_winner

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

WIN = 100.0
"""What the winner by the rules is worth over anything else."""


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


def evaluate(rs: DeuxBretagneModel, state: State, side: str) -> float:
    """How good ``state`` looks for ``side``: the winner by the rules first, then the
    goal cities held, VP, strength and the approach to the goals it lacks."""
    other = PLAYERS[1 - PLAYERS.index(side)]
    stand = standing(rs, state)
    value = WIN * (stand[side] - stand[other])
    if rs.outcome(state) is not None:
        return value * 10
    automatic = automatic_winner(rs, state)  # 13.2: settled at this turn's end, whatever
    if automatic is not None:                # happens meanwhile (a projection is not)
        value += WIN * 5 * (1 if automatic[0] == side else -1)
    bmap = rs.board_map
    targets = goals(rs, state)
    held = [state["control"].get(c) for c in targets]
    value += 8.0 * (held.count(side) - held.count(other))
    value += 1.0 * (state["score"].get(side, 0) - state["score"].get(other, 0))
    value += 0.5 * (strength(rs, state, side) - strength(rs, state, other))
    mine = [p for p, piece in state["pieces"].items()
            if piece["loc"] in bmap.areas and rs.piece_side(state, p) == side]
    for city in targets:
        if state["control"].get(city) != side:
            value -= 0.5 * nearest(bmap, state, mine, city)
    for city, marker in sieges(state).items():  # 10.2: a siege on its way to the city's fall
        weight = 4.0 if city in targets else 1.0
        level = 1 + int(marker.get("level", 0))
        value += weight * level * (1 if marker.get("side") == side else -1)
    return value
