"""Sieges in Les Deux Bretagne (rules 8.24, 10.x) and the step losses they cause.

The Siege Table's -2 for Blois at a port is lifted by event B-01 for 2 of his activations
(``record_activation``, ``b01_in_force``); Marauders inside a fortress count in its siege
level and take the defender's losses when no defender is left inside (12.4 example).

``besiege AREA`` places a siege 0 marker (10.12, 10.13); ``assault AREA`` resolves siege
combat by an active leader (10.21). Pieces inside a fortress are listed in
``state["vars"]["inside"]``; siege markers in ``state["vars"]["sieges"]``.

The model's part: data, predicates and the work its steps call; the steps, and what
each one asks, are in ``steps/siege.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.state import State, pieces_at

from . import groups
from .base import activations_allowed, sieges
from .pay import check_marauder_counties, check_pillaged_counties
from .words import N_

if TYPE_CHECKING:
    from .base import DeuxBretagneModel


def units_of(rs: DeuxBretagneModel, state: State, area: str, side: str, *,
             within: bool | None = None) -> list[str]:
    """``side``'s combat units in ``area``; ``within`` True/False: inside/outside only."""
    inner = groups.inside(state)
    return [p for p in pieces_at(state, area)
            if rs.piece_side(state, p) == side and not rs.is_leader(state, p)
            and (within is None or (p in inner) == within)]


def combat_factors(rs: DeuxBretagneModel, state: State, pids: list[str]) -> int:
    """Printed combat factors of ``pids`` (artillery, rolled in battle, counts 0)."""
    total = 0
    for pid in pids:
        t = rs.piece_type(state, pid)
        value = t.combat[1 if rs.is_reduced(state, pid) else 0]
        total += value if isinstance(value, int) else 0
    return total


def siege_level(rs: DeuxBretagneModel, state: State, area: str, defender: str) -> int:
    """Fortress level + combat factors of all the units inside (10.13): the defender's,
    and Marauders who turned inside the fortress (12.4 example)."""
    nf = rs.fortress_level(state, area)
    inner = (units_of(rs, state, area, defender, within=True)
             + units_of(rs, state, area, "marauders", within=True))
    return nf + combat_factors(rs, state, inner)


def fortress_owner(state: State, area: str) -> str | None:
    """The side controlling the fortified city ``area``."""
    return state["control"].get(area)


def can_besiege(rs: DeuxBretagneModel, state: State, area: str, side: str) -> str | None:
    """Why ``side`` cannot place a siege marker in ``area`` now (``None`` if it can)."""
    a = rs.board_map.areas.get(area)
    if a is None or not a.fortified:
        return N_("only a fortified city is besieged (10.0)")
    owner = fortress_owner(state, area)
    if owner == side:
        return N_("{a} is yours already", a=a.name)
    if area in sieges(state):
        return N_("{a} is besieged already", a=a.name)
    if not [p for p in pieces_at(state, area)
            if rs.piece_side(state, p) == side and rs.is_leader(state, p)]:
        return N_("an active leader is needed to place a siege marker (10.12)")
    if groups.enemy_units_at(rs, state, area, side, outside_only=True):
        return N_("enemy units outside the fortress must be fought first (10.11)")
    enemy = owner if owner in rs.player_sides else None
    level = siege_level(rs, state, area, enemy) if enemy else rs.fortress_level(state, area)
    have = combat_factors(rs, state, units_of(rs, state, area, side, within=False))
    if have < level:
        return (N_("{have} combat factors against a siege level of {level} (fortress "
                   "{fortress_level} + units inside) (10.13)", have=have, level=level,
                   fortress_level=rs.fortress_level(state, area)))
    return None


def do_besiege(rs: DeuxBretagneModel, state: State, area: str, ctx: Context) -> None:
    """Place a siege 0 marker (10.12, 10.13)."""
    side = state["active"]
    why = can_besiege(rs, state, area, side)
    if why is not None:
        raise IllegalActionError(N_("{place} cannot be besieged: {why}",
                                    place=rs.board_map.place_name(area), why=why),
                                 rs.cite("10.12, 10.13"))
    leaders = [p for p in pieces_at(state, area)
               if rs.piece_side(state, p) == side and rs.is_leader(state, p)]
    started_here = all(state["vars"]["mp_spent"].get(p, 0) == 0 for p in leaders)
    number = state["vars"]["activation_no"]
    sieges(state)[area] = {"level": 0, "side": side,
                           "ready_at": number if started_here else number + 1}
    when = (N_("it may assault in this same activation, having started it here")
            if started_here else N_("the assault comes in a later activation"))
    ctx.log(N_("{side} places a siege 0 marker on {place}; {when}", side=rs.side(side).name,
               place=rs.board_map.place_name(area), when=when), rs.cite("10.12, 10.13"))


def can_assault(rs: DeuxBretagneModel, state: State, area: str, side: str) -> str | None:
    """Why ``side`` cannot make a siege roll in ``area`` now (``None`` if it can)."""
    marker = sieges(state).get(area)
    if marker is None or marker["side"] != side:
        return N_("no siege marker of yours there (10.21)")
    if state["vars"]["activation_no"] < marker["ready_at"]:
        return N_("the siege marker was placed in this activation (10.12)")
    if area in state["vars"]["fought"]:
        return N_("regular and siege combat never in the same activation (10.12)")
    if not [p for p in pieces_at(state, area)
            if rs.piece_side(state, p) == side and rs.is_leader(state, p)]:
        return N_("an active leader is needed for a siege roll (10.12)")
    return None


def do_assault(rs: DeuxBretagneModel, state: State, area: str, ctx: Context, flow: Flow) -> None:
    """Siege combat by an active leader (10.21)."""
    side = state["active"]
    why = can_assault(rs, state, area, side)
    if why is not None:
        raise IllegalActionError(N_("No siege roll in {place}: {why}",
                                    place=rs.board_map.place_name(area), why=why),
                                 rs.cite("10.21"))
    state["vars"]["fought"].append(area)
    flow.call(rs, state, ctx, "siege-roll", side=side, area=area)


def record_activation(state: State, side: str) -> None:
    """At the end of an activation: count ``side``'s activations over the game and keep
    the event B-01 played in it (Siege Table: Marine Castillane helps for 2 activations)."""
    v = state["vars"]
    done = v.setdefault("activations_done", {})
    done[side] = done.get(side, 0) + 1
    play = v.get("card_play")
    if play and play.get("side") == side and play.get("card") == "B-01" and play.get(
            "use") in ("evt", "act+evt"):
        v["b01_at"] = done[side]


def b01_in_force(state: State) -> bool:
    """Whether event B-01 was played in Blois's last 2 activations: the current one and
    the one before, or, outside the action phase, his last two (Siege Table)."""
    v = state["vars"]
    play = v.get("card_play")
    if play and play.get("side") == "blois" and play.get("card") == "B-01" and play.get(
            "use") in ("evt", "act+evt"):
        return True
    at = v.get("b01_at")
    if at is None:
        return False
    done = v.get("activations_done", {}).get("blois", 0)
    current = state["active"] == "blois" and v["activations"]["blois"] < activations_allowed(
        state["turn"])  # in an activation of the action phase (4.0 C)
    return at >= done - (0 if current else 1)


def check_sieges(rs: DeuxBretagneModel, state: State, ctx: Context) -> None:
    """Keep the fortress state consistent after any change (10.14, 8.24), and the
    counties: taken by Marauders (3.3, 12.433) or wholly pillaged (12.45), in pay.py.

    A siege marker goes when the besiegers' factors fall below the siege level; pieces
    inside a fortress come out when no enemy is left in the city.
    """

    check_marauder_counties(rs, state, ctx)  # before the VP cut of 12.45 is settled
    check_pillaged_counties(rs, state, ctx)
    for area, marker in list(sieges(state).items()):
        side = marker["side"]
        defender = fortress_owner(state, area)
        level = (siege_level(rs, state, area, defender) if defender in rs.player_sides
                 else rs.fortress_level(state, area))
        have = combat_factors(rs, state, units_of(rs, state, area, side, within=False))
        if have < level:
            del sieges(state)[area]
            ctx.log(N_("The siege of {place} is lifted: {have} combat factors against a siege "
                       "level of {level}", place=rs.board_map.place_name(area), have=have,
                       level=level), rs.cite("10.14"))
    inner = state["vars"]["inside"]
    keep = []
    for pid in inner:
        loc = state["pieces"][pid]["loc"]
        side = rs.piece_side(state, pid)
        if loc in rs.board_map.areas and groups.enemy_units_at(rs, state, loc, side,
                                                                outside_only=True):
            keep.append(pid)
    state["vars"]["inside"] = keep


def can_sortie(rs: DeuxBretagneModel, state: State, area: str, side: str) -> str | None:
    """Why ``side``'s units inside ``area`` cannot sortie now (``None`` if they can):
    a leader inside, enemy units masking the city outside, no siege marker (10.16)."""
    a = rs.board_map.areas.get(area)
    if a is None or not a.fortified:
        return N_("a sortie leaves a fortified city (10.16)")
    inner = groups.inside(state)
    mine = [p for p in pieces_at(state, area) if p in inner and rs.piece_side(state, p) == side]
    if not any(rs.is_leader(state, p) for p in mine) or not any(
            not rs.is_leader(state, p) for p in mine):
        return N_("a leader and units inside the fortress are needed (10.16)")
    if not groups.enemy_units_at(rs, state, area, side, outside_only=True):
        return N_("no enemy masks the city (10.15)")
    if area in sieges(state):
        return N_("the city is besieged (10.16 covers a masked city)")
    if area in state["vars"]["fought"]:
        return N_("one combat a city per activation (10.12)")
    return None


def do_sortie(rs: DeuxBretagneModel, state: State, area: str, ctx: Context, flow: Flow) -> None:
    """The units inside come out and fight the masking force (10.16): if they lose they
    go back inside (the battle's retreat for the attacker leads into the fortress)."""
    side = state["active"]
    why = can_sortie(rs, state, area, side)
    if why is not None:
        raise IllegalActionError(N_("No sortie from {place}: {why}",
                                    place=rs.board_map.place_name(area), why=why),
                                 rs.cite("10.16"))
    inner = groups.inside(state)
    mine = [p for p in pieces_at(state, area) if p in inner and rs.piece_side(state, p) == side]
    state["vars"]["inside"] = [p for p in state["vars"]["inside"] if p not in mine]
    leaders = [p for p in mine if rs.is_leader(state, p)]
    commander = max(leaders, key=lambda p: rs.piece_type(state, p).command)
    enemy = groups.enemy_units_at(rs, state, area, side, outside_only=True)
    ctx.log(N_("{side} sorties from the fortress of {place}", side=rs.side(side).name,
               place=rs.board_map.place_name(area)), rs.cite("10.16"))
    flow.call(rs, state, ctx, "battle", side=side, area=area, attacker=side,
              defender=rs.piece_side(state, enemy[0]), attacker_commander=commander,
              entered_from=area, spent_before={})
