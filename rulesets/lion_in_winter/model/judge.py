"""How a position stands by the rules, for the computer opponent (crib Phase Eleven).

The score is zero-sum: the English lead, the French its opposite; the side leading at the
end wins (crib Phase Eleven). :func:`evaluate` adds the points each side would score at
this round's end (areas, capitals, leaders killed and in prison: crib Phase Eleven),
counted for each round still to play, and the troops' strength under each side's
leaders (crib Phases Five, Six).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.engine.state import State

from .base import OTHER, PLAYERS

if TYPE_CHECKING:
    from . import LionModel


def troops(rs: LionModel, state: State, side: str) -> int:
    """The strength of the troops with ``side``'s leaders on the map."""
    total = 0
    for leader, held in state["vars"].get("troops", {}).items():
        if leader in state["pieces"] and rs.leader_side(state, leader) == side:
            total += sum(int(n) for n in held.values())
    return total


def rounds_left(state: State) -> int:
    """The rounds still to score, this one included (1 if the length is not known)."""
    rounds = state["vars"].get("rounds")
    return max(1, int(rounds) - int(state["turn"]) + 1) if rounds else 1


def evaluate(rs: LionModel, state: State, side: str) -> float:
    """The lead on the score; then this round's points as they stand now, for each round
    left; then the troops."""
    lead = float(state["score"].get(side, 0) - state["score"].get(OTHER[side], 0))
    if rs.outcome(state) is not None:
        return lead + (1000.0 if lead > 0 else -1000.0 if lead < 0 else 0.0)
    points, _ = rs.turn_points(state)
    swing = points[side] - points[OTHER[side]]
    value = lead + swing * min(3, rounds_left(state))
    strength = {s: troops(rs, state, s) for s in PLAYERS}
    return value + 0.1 * (strength[side] - strength[OTHER[side]])
