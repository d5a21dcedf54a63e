"""How a position stands by the rules, for the computer opponent (12).

The standing is the level of victory each camp's VP reach (12: crushing 20+, decisive
15-19, marginal 10-14; the same level is a tie), so the arena's winner is the rules'.
:func:`evaluate` looks at the VP the camp would hold if the game ended now (the VP won so
far and the last round's tally: 4 per diplomatic cursor in its camp, 1 per objective
zone it controls, 12) and the level of victory they reach, then at the strength points
on the map (2).
:func:`guess_markers` fills in the other camp's hidden tactical markers (10).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from boardapp.core.ai.measures import steps_to
from boardapp.core.engine.state import State

from .tactical import inventory
from .victory import CURSOR_VP, LEVELS, OBJECTIVE_VP, level

if TYPE_CHECKING:
    from .base import LilyErmineModel

CAMPS = ("france", "brittany")


def standing(rs: LilyErmineModel, state: State) -> dict[str, float]:
    """The level of victory each camp's VP reach: 3 crushing, 2 decisive, 1 marginal,
    0 none (12)."""
    out = {}
    for camp in CAMPS:
        rank = level(state["score"].get(camp, 0))
        out[camp] = float(len(LEVELS) - rank) if rank is not None else 0.0
    return out


def tally_now(rs: LilyErmineModel, state: State) -> dict[str, int]:
    """The VP of the last round's tally if it were made now (12)."""
    table = rs.alliance_table
    v = state["vars"]
    out = dict.fromkeys(CAMPS, 0)
    for ally, space in v["cursors"].items():
        camp = table.camp_of(space)
        if ally not in v["neutral"] and camp in out:
            out[camp] += CURSOR_VP
    for zone, camp in state["control"].items():
        if camp in out and rs.is_objective(zone):
            out[camp] += OBJECTIVE_VP
    return out


def strength(rs: LilyErmineModel, state: State, camp: str) -> int:
    """The strength points of ``camp``'s units on the map (2)."""
    return sum(rs.sp(state, p) for p, piece in state["pieces"].items()
               if rs.on_map(piece["loc"]) and rs.piece_side(state, p) == camp)


LEVEL_WORTH = 8.0
"""What a level of victory more than the other camp's is worth, in VP: the same level
is a tie whatever the VP (12), so 14 VP against 11 is no better than 11 against 11."""


def levels_reached(vp: int) -> int:
    """The levels of victory ``vp`` reaches: 0 none, 1 marginal, 2 decisive, 3 crushing
    (12)."""
    rank = level(vp)
    return len(LEVELS) - rank if rank is not None else 0


def evaluate(rs: LilyErmineModel, state: State, side: str) -> float:
    """The level reached once the game is over; before, the VP if it ended now and the
    level of victory they would reach against the other camp's (12: the same level is a
    tie, so a camp ahead on VP pursues the next level, or keeps the other below its
    own), then the strength on the map; a camp that would not win if the game ended now
    marches on the objective zones it lacks (:func:`march`), one that would keeps what
    it holds."""
    other = rs.other(side)
    vp = {c: state["score"].get(c, 0) for c in CAMPS}
    if rs.outcome(state) is not None:
        stand = standing(rs, state)
        return 1000.0 * (stand[side] - stand[other]) + (vp[side] - vp[other])
    tally = tally_now(rs, state)
    now = {c: vp[c] + tally[c] for c in CAMPS}
    value = float(now[side] - now[other])
    value += LEVEL_WORTH * (levels_reached(now[side]) - levels_reached(now[other]))
    value += 0.25 * (strength(rs, state, side) - strength(rs, state, other))
    if levels_reached(now[side]) <= levels_reached(now[other]):  # not winning: march
        value += MARCH_WORTH * march(rs, state, side)
    return value


MARCH_WORTH = 0.3
"""What a link nearer an objective zone the camp lacks is worth, in VP."""
REACH = 5
"""The links within which an army is said to threaten an objective zone."""


def march(rs: LilyErmineModel, state: State, camp: str) -> float:
    """How near ``camp``'s armies (2) stand to the objective zones it does not control
    (12: 1 VP per objective zone controlled at the end): for each such zone, the links
    its nearest army is inside :data:`REACH`, summed; higher is nearer (armies that
    split to threaten several zones are not the worse for it)."""
    armies = rs.armies(state, camp)
    total = 0
    for zone in sorted(rs.board_map.areas):
        if not rs.is_objective(zone) or state["control"].get(zone) == camp:
            continue
        dist = steps_to(rs.board_map, (zone,))
        total += max(0, REACH - min((dist.get(a, REACH) for a in armies), default=REACH))
    return float(total)


def guess_markers(view: State, side: str, seed: int) -> State:
    """``view`` with the other camp's hidden tactical markers (10) guessed: its whole
    inventory in an order drawn with ``seed``, none chosen yet (what it chose face down
    is not guessed)."""
    rng = random.Random(seed)
    secrets = view["vars"].get("tac_secret") or {}
    for camp, mine in secrets.items():
        if camp == side or mine:
            continue
        kinds = [k for k, n in sorted(inventory(camp).items()) for _ in range(n)]
        rng.shuffle(kinds)
        secrets[camp] = {"pool": kinds, "chosen": [], "picked": []}
    return view
