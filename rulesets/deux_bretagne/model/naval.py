"""Naval movement (rules 8.15): a leader, with the units he commands, from a port city to
another port city (or, for Montfort, to and from the Bro Saoz box, 2.64).

Allowed by the card played in this activation: an Activation 3 card for Montfort, a card
with an anchor (B-01 Marine Castillane, the Chevauchée cards) for either side (8.151);
one leader and his army per card (8.153). The starting port is friendly; Blois may not
sail from a besieged port unless B-01 and B-16 were played (8.152). The whole movement
allowance is spent. Losing the battle in a port of arrival the army did not control costs
it one more step, then it sails back to the port it left (8.152, 9.53: battle.Retreat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.board.movement import Reach

from . import cards as card_rules
from .groups import Group, enemy_units_at
from .words import N_

if TYPE_CHECKING:
    from boardapp.core.engine.state import State

    from .base import DeuxBretagneModel

SEA_BOX = {"montfort": "bro-saoz"}  # 2.64: Bro Saoz, by naval movement, Montfort only


def is_sea_place(rs: DeuxBretagneModel, place: str, side: str) -> bool:
    """A port city, or the side's sea box."""
    area = rs.board_map.areas.get(place)
    return (area is not None and area.port) or SEA_BOX.get(side) == place


def naval_refusal(rs: DeuxBretagneModel, state: State, group: Group) -> str | None:
    """Why ``group`` may not sail now (``None`` if it may)."""
    play = state["vars"].get("card_play")
    if not group.leaders:
        return N_("combat units never sail without a leader (8.151)")
    if not play or play["side"] != group.side:
        return N_("naval movement needs a card played in this activation (8.151)")
    by_card = card_rules.value(rs, state, play["card"], "anchor") is True
    if not by_card and not (group.side == "montfort" and play.get("act") == 3):
        return (N_("naval movement needs an Activation 3 card (Montfort) or a card with an "
                   "anchor (8.151)"))
    if play.get("naval_used"):
        return N_("one naval movement per card (8.153)")
    if not is_sea_place(rs, group.start, group.side):
        return N_("naval movement starts in a port city (8.151)")
    if group.start in rs.board_map.areas and state["control"].get(group.start) != group.side:
        return N_("the port of departure must be yours (8.152)")
    besieged = group.start in state["vars"]["sieges"]
    events = set(state["vars"]["events"])
    if besieged and group.side == "blois" and not {"B-01", "B-16"} <= events:
        return N_("Blois sails from a besieged port only after B-01 and B-16 (8.152)")
    return None


def naval_reach(rs: DeuxBretagneModel, state: State, group: Group) -> dict[str, Reach]:
    """Every place ``group`` may reach by sea now."""
    if naval_refusal(rs, state, group) is not None:
        return {}

    out = {}
    places = [*rs.board_map.areas, *SEA_BOX.values()]
    for place in places:
        if place == group.start or not is_sea_place(rs, place, group.side):
            continue
        if place in SEA_BOX.values() and SEA_BOX.get(group.side) != place:
            continue
        if not group.units and enemy_units_at(rs, state, place, group.side):
            continue  # 8.21: a leader alone never enters enemy combat units, by sea too
        stops = bool(enemy_units_at(rs, state, place, group.side, outside_only=True))
        out[place] = Reach(place, group.budget, (group.start, place), False, stops)
    return out


def is_naval(rs: DeuxBretagneModel, reach: Reach) -> bool:
    """Whether ``reach`` is a sea crossing (not a road move)."""
    path = reach.path
    return len(path) == 2 and not rs.board_map.graph.has_edge(path[0], path[1])
