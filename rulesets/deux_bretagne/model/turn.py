"""The end of a turn and the start of the next (rules 4.0 D-F, A): Militia go home (11),
county income (12.11), continued sieges (10.25), the turn marker and victory (4.0 F, 13.2),
then the pillage markers each player removes (12.46).

Ransoms, payment and Marauders bought (4.0 D2b, 12.2-12.53) are each player's step in
resources.py; the unpaid segment (4.0 D3, 12.4) is pay.py's; the plague (6.3) is here; the
leader withdrawn by chit T2 comes back last (battle.py). The card distribution of phase B
(5.1) is each player's ``draw`` action (cards.py), so that by email a player's draw
happens in his own action and stays secret.

The model's part (data, predicates and the work its steps call); the steps are in
``steps/turn.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.engine.state import State, pieces_at
from boardapp.core.engine.tables import Modifier

from . import groups

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
        mods.append(Modifier("event M-01 not played", -2, "Militia Go Home"))
    n = len(counties_of(rs, state, side))
    if n == 0:
        mods.append(Modifier("no county", -3, "Militia Go Home"))
    elif n <= 2:
        mods.append(Modifier(f"{n} counties", -2, "Militia Go Home"))
    elif n <= 4:
        mods.append(Modifier(f"{n} counties", -1, "Militia Go Home"))
    elif n >= 6:
        mods.append(Modifier(f"{n} counties", 1, "Militia Go Home"))
    for city in ("rennes", "nantes"):
        if state["control"].get(city) == side:
            mods.append(Modifier(f"controls {rs.board_map.place_name(city)}", 1,
                                 "Militia Go Home"))
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


