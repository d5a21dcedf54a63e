"""Forage (rules 8.16): an army of 5 to 8 units pillages a city on its way.

The moving player chooses a city the army passed through or stopped in that has no
pillage marker yet; it gets one (after any battle there). If there is none, the army loses
a step, a Me unit first, else a Ch (8.16); its player chooses which. Pillage markers are listed in
``state["vars"]["pillage"]``.

The model's part (data, predicates and the work its steps call); the steps are in
``steps/forage.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Frame
from boardapp.core.engine.state import State, pieces_at, put_piece

from . import groups
from .words import N_

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

FORAGE_SIZE = (5, 8)


def must_forage(unit_count: int) -> bool:
    """Whether an army of ``unit_count`` combat units forages (8.16)."""
    return FORAGE_SIZE[0] <= unit_count <= FORAGE_SIZE[1]


def forage_cities(rs: DeuxBretagneModel, state: State, frame: Frame) -> list[str]:
    """Cities of the move that may be pillaged: no pillage marker yet, not a box."""
    seen: list[str] = []
    for place in frame["vars"]["cities"]:
        if (place in rs.board_map.areas and place not in state["vars"]["pillage"]
                and place not in seen):
            seen.append(place)
    return seen


def assault_instead(rs: DeuxBretagneModel, state: State, frame: Frame) -> str | None:
    """The city where the army stopped, if it may make a siege roll there now: it then
    need not forage (10.2)."""
    cities = frame["vars"]["cities"]
    dest = cities[-1] if cities and not frame["vars"].get("no_assault") else None
    if dest is None or dest not in rs.board_map.areas:
        return None
    from .cards import siege_refusal
    from .siege import can_assault

    side = frame["side"]
    if side != state["active"] or siege_refusal(rs, state, side):
        return None
    return dest if can_assault(rs, state, dest, side) is None else None


def army_lost(rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context) -> None:
    """8.161: an army eliminated by combat and foraging together leaves its leaders alive
    where it would have retreated: one that won its battle but is lost to foraging while
    enemy units remain in the city has lost the battle, and its leaders retreat to the
    city it came from (9.53)."""
    v = frame["vars"]
    cities = v["cities"]
    if not cities or any(state["pieces"][p]["loc"] != rs.eliminated_box for p in v["units"]):
        return
    dest = cities[-1]
    leaders = [p for p in v.get("leaders", []) if state["pieces"][p]["loc"] == dest]
    side = frame["side"]
    friends = [p for p in pieces_at(state, dest) if rs.piece_side(state, p) == side
               and not rs.is_leader(state, p)]
    back = cities[-2] if len(cities) > 1 else v.get("start")
    if not leaders or friends or back is None or not groups.enemy_units_at(
            rs, state, dest, side):
        return
    for pid in leaders:
        put_piece(state, pid, back)
    ctx.log(N_("The army is lost to combat and foraging while enemy units remain in {place}: it "
               "has lost the battle, {names} retreat to {place2}",
               place=rs.board_map.place_name(dest), names=rs.names(state, leaders),
               place2=rs.board_map.place_name(back)),
            rs.cite("8.161, 9.53"))


