"""Spending resource points in phase D2b (rules 4.0 D2b, 12.2, 12.52-12.53), Blois first.

Each player may free captured leaders (ransom = their command value, paid to the other
player, 12.2), pay his units (12.31, see :mod:`pay`) and buy stacks of Marauders (1 PS a
Ch step, 0.5 PS a Me step, the whole stack, 12.52), which become his units of the same
type and steps (12.53).

The model's part (data, predicates and the work its steps call); the steps are in
``steps/resources.py``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from boardapp.core.engine.state import State, pieces_at

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

PRISON_OF = {"blois": "prison-bro-saoz", "montfort": "prison-bro-chall"}  # 9.42
STEP_COST_HALVES = {"ch": 2, "me": 1}  # 12.52: 1 PS a Ch step, 0.5 PS a Me step


def other(side: str) -> str:
    return "montfort" if side == "blois" else "blois"


def marauder_stacks(rs: DeuxBretagneModel, state: State) -> dict[str, list[str]]:
    """Areas holding Marauder units, with those units."""
    out = {}
    for area in rs.board_map.areas:
        units = [p for p in pieces_at(state, area) if rs.piece_side(state, p) == "marauders"]
        if units:
            out[area] = units
    return out


def stack_price(rs: DeuxBretagneModel, state: State, units: list[str]) -> int:
    """PS to buy a Marauder stack (12.52); half points are rounded up (our choice: PS are
    whole numbers on the resource track)."""
    halves = 0
    for pid in units:
        kind = "ch" if rs.piece_type(state, pid).id.endswith("-ch") else "me"
        steps = 1 if rs.is_reduced(state, pid) else 2
        halves += STEP_COST_HALVES[kind] * steps
    return math.ceil(halves / 2)


def exchanges(rs: DeuxBretagneModel, state: State, side: str,
              refused: list[list[str]]) -> list[tuple[str, str]]:
    """(own captured leader, enemy leader held by ``side``) pairs of the same command
    value that ``side`` may offer to exchange (12.2), leaving out offers refused."""
    mine = [p for p in pieces_at(state, PRISON_OF[side]) if rs.piece_side(state, p) == side]
    held = [p for p in pieces_at(state, PRISON_OF[other(side)])
            if rs.piece_side(state, p) == other(side)]
    return [(a, b) for a in mine for b in held
            if rs.piece_type(state, a).command == rs.piece_type(state, b).command
            and [a, b] not in refused]


def ransoms(rs: DeuxBretagneModel, state: State, side: str) -> list[str]:
    """``side``'s captured leaders it can afford to free (12.2)."""
    money = state["vars"]["resources"].get(side, 0)
    return [p for p in pieces_at(state, PRISON_OF[side])
            if rs.piece_side(state, p) == side and rs.piece_type(state, p).command <= money]


