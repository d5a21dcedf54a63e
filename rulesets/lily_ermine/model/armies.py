"""Armies and garrisons on the strategic map (rules 2, 8).

* An army is a commander on top of units; a garrison has its commander under the
  units, in a fortress zone (2). ``garrison ZONE`` turns an army into a garrison freely
  (8; also in R&R, where placements choose their form, 7.2); the reverse costs 2 MP as
  part of a move (``LilyErmineModel.army_budget``).
* An army may split without cost into as many armies as commanders (8): any commander
  moves with the units he takes (a commander may even move alone), and an army may
  drop off units on the way.
* Armies of a camp that meet in a zone are consolidated into one stack with the
  highest-ranking commander (8): :func:`consolidate` when a move ends there.
"""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State, pieces_at, reorder

from .base import LilyErmineModel
from .words import N_

RULE = "8 Procedure"


def is_army(rs: LilyErmineModel, state: State, zone: str, camp: str) -> bool:
    own = rs.own_at(state, zone, camp)
    return bool(own) and rs.is_commander(state, own[0]) and any(
        not rs.is_commander(state, p) for p in own)


def why_not_garrison(rs: LilyErmineModel, state: State, zone: str) -> tuple[str, str] | None:
    """Why the army in ``zone`` may not become a garrison now (in R&R or movement)."""
    camp = state["active"]
    if state["vars"]["moving"]:
        return N_("an army must complete its movement first (End move)"), rs.cite("8 Overview")
    area = rs.board_map.areas.get(zone)
    if area is None or not area.fortified:
        return N_("a garrison needs a fortress"), rs.cite("2")
    if not is_army(rs, state, zone, camp):
        return (N_("no army of {side} in {place}", side=rs.side(camp).name,
                   place=rs.board_map.place_name(zone)),
                rs.cite("8"))
    return None


def garrison_actions(rs: LilyErmineModel, state: State) -> Iterator[Action]:
    """In R&R and strategic movement: each army in a fortress may become a garrison."""
    if state["vars"]["moving"]:
        return
    for zone in sorted(rs.armies(state, state["active"])):
        if why_not_garrison(rs, state, zone) is None:
            yield Action.of("garrison", zone)


def make_garrison(rs: LilyErmineModel, state: State, ctx: Context, zone: str) -> None:
    """Commanders under the units: the army becomes a garrison, freely (8)."""
    why = why_not_garrison(rs, state, zone)
    if why:
        raise IllegalActionError(*why)
    stack = pieces_at(state, zone)
    camp = state["active"]
    cmds = [p for p in stack if rs.is_commander(state, p) and rs.piece_side(state, p) == camp]
    reorder(state, zone, [p for p in stack if p not in cmds] + cmds)
    ctx.log(N_("{names} under the stack in {place}: the army becomes a garrison",
               names=rs.names(state, cmds), place=rs.board_map.place_name(zone)), rs.cite(RULE))


def consolidate(rs: LilyErmineModel, state: State, ctx: Context, zone: str, camp: str,
                arrived: list[str]) -> None:
    """An army joins other counters of its camp: one stack under the highest-ranked
    commander, an army (8)."""
    own = rs.own_at(state, zone, camp)
    if not [p for p in own if p not in arrived]:
        return
    best = rs.commander_of(state, own)
    if best is None:
        return
    stack = pieces_at(state, zone)
    reorder(state, zone, [best] + [p for p in stack if p != best])
    ctx.log(N_("The armies of {side} in {place} are consolidated under {piece}",
               side=rs.side(camp).name, place=rs.board_map.place_name(zone),
               piece=rs.piece_name(state, best)), rs.cite(RULE))


def split_moves(rs: LilyErmineModel, state: State, zone: str,
                own: list[str]) -> Iterator[list[str]]:
    """Beside the whole stack: each commander of a stack of several with an even share of
    the units (an army splits into as many armies as commanders, 8)."""
    cmds = [p for p in own if rs.is_commander(state, p)]
    if len(cmds) < 2:
        return
    units = [p for p in own if not rs.is_commander(state, p)]
    for i, cid in enumerate(cmds):
        share = units[i::len(cmds)]
        yield [cid, *share]


# -- a garrison with a commander may fight as an army (10 Overview) ---------------------------
def queue_defence_choices(rs: LilyErmineModel, state: State, ctx: Context) -> None:
    """At the start of a combat phase: each siege where the besieged garrison has a
    commander waits for the inactive player's choice, siege or battle (10 Overview)."""
    enemy = rs.other(state["active"])
    zones = [z for z, kind in sorted(state["vars"]["markers"].items())
             if kind == "siege" and any(rs.is_commander(state, p)
                                        for p in rs.own_at(state, z, enemy))
             and any(not rs.is_commander(state, p) for p in rs.own_at(state, z, enemy))]
    state["vars"]["defence"] = zones
    for z in zones:
        ctx.log(N_("{place}: a commander is in the garrison; {side} chooses to stand a siege or "
                   "fight a battle as an army", place=rs.board_map.place_name(z),
                   side=rs.side(enemy).name),
                rs.cite("10 Overview"))


def defence_pending(state: State) -> str | None:
    zones = state["vars"].get("defence") or []
    return zones[0] if zones else None


def defence_actions(rs: LilyErmineModel, state: State) -> Iterator[Action]:
    zone = defence_pending(state)
    if zone is not None:
        yield Action.of("defend", zone, "siege")
        yield Action.of("defend", zone, "battle")


def choose_defence(rs: LilyErmineModel, state: State, ctx: Context, action: Action) -> None:
    if action not in set(defence_actions(rs, state)):
        raise IllegalActionError(N_("no choice of siege or battle waits for this answer"),
                                 rs.cite("10 Overview"))
    zone, how = action.arg(0), action.arg(1)
    state["vars"]["defence"].pop(0)
    camp = rs.other(state["active"])
    name = rs.board_map.place_name(zone)
    if how == "battle":
        state["vars"]["markers"][zone] = "battle"
        own = rs.own_at(state, zone, camp)
        best = rs.commander_of(state, own)
        stack = pieces_at(state, zone)
        reorder(state, zone, [best] + [p for p in stack if p != best])
        ctx.log(N_("{side} leaves the fortress of {name} and fights as an army under {piece}: "
                   "battle marker", side=rs.side(camp).name, name=name,
                   piece=rs.piece_name(state, best)), rs.cite("10 Overview"))
    else:
        ctx.log(N_("{side} stands the siege of {name}", side=rs.side(camp).name, name=name),
                rs.cite("10 Overview"))
