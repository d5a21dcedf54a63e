"""The end of a turn and the start of the next (rules 4.0 D-F, A).

The model's part: data, predicates and the work its steps call; the steps, and the order
of the end of a turn, are in ``steps/turn.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.engine.state import State, pieces_at
from boardapp.core.engine.tables import Modifier

from . import groups
from .words import N_

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

PLAYERS = ("blois", "montfort")
STAGES = ("militia:blois", "militia:montfort", "income", "spend:blois", "spend:montfort",
          "unpaid", "sieges", "advance", "plague",
          "pillage:blois", "pillage:montfort", "returns")


def counties_of(rs: DeuxBretagneModel, state: State, side: str) -> list[str]:
    """The counties ``side`` controls."""
    return [r for r, s in state["region_control"].items() if s == side]


def militia_modifiers(rs: DeuxBretagneModel, state: State, side: str) -> list[Modifier]:
    """The Militia Go Home modifiers of ``side`` (11.0)."""
    mods = []
    if side == "montfort" and "M-01" not in state["vars"]["events"]:
        mods.append(Modifier(N_("event M-01 not played"), -2, N_("Militia Go Home")))
    n = len(counties_of(rs, state, side))
    if n == 0:
        mods.append(Modifier(N_("no county"), -3, N_("Militia Go Home")))
    elif n <= 2:
        mods.append(Modifier(N_("{n} counties", n=n), -2, N_("Militia Go Home")))
    elif n <= 4:
        mods.append(Modifier(N_("{n} counties", n=n), -1, N_("Militia Go Home")))
    elif n >= 6:
        mods.append(Modifier(N_("{n} counties", n=n), 1, N_("Militia Go Home")))
    for city in ("rennes", "nantes"):
        if state["control"].get(city) == side:
            mods.append(Modifier(N_("controls {place}", place=rs.board_map.place_name(city)), 1,
                                 N_("Militia Go Home")))
    return mods


def militia_on_map(rs: DeuxBretagneModel, state: State, side: str) -> list[str]:
    """``side``'s Militia units in the cities of the map."""
    return [p for a in rs.board_map.areas for p in pieces_at(state, a)
            if rs.piece_side(state, p) == side and rs.piece_type(state, p).id.endswith("-mil")]


def pillage_removable(rs: DeuxBretagneModel, state: State, side: str) -> list[str]:
    """Pillaged friendly cities with no enemy unit in or next to them (12.46)."""
    out = []
    for area in state["vars"]["pillage"]:
        if state["control"].get(area) != side:
            continue
        near = [area, *rs.board_map.neighbours(area)]
        if any(groups.enemy_units_at(rs, state, p, side) for p in near):
            continue
        out.append(area)
    return sorted(out)


