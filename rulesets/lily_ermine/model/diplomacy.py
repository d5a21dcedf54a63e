"""Diplomacy (rules 11): the Alliances Table and the allies who change camp.

Each ally (Albret, Laval, Rieux, Rohan) has a cursor on the Alliances Table; the camp of
the space is the camp the ally serves. Each battle or siege won by a camp *and eligible
for VP* moves every cursor in play one space toward the victor (11; the alliance
example moves all the cursors, those already at the end stay). A cursor that crosses
to the other side takes its ally's counters with it: the nationalities listed in
``follows`` (one Mi for Laval, Rohan, Rieux; Albret with his Spanish Pi and Gascon Co
and Ab) change colours; those stacked with counters of their former camp are placed by
the new camp in a zone it controls (a pending choice, :func:`relocate_actions`).
If the highest-ranking historic commander of an ally is eliminated, the ally is
neutralised: its counters leave the game and its cursor goes to the centre (10).

The table's layout is not printed in the rules: data/tables.yaml ships an estimate.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.state import State, pieces_at, put_piece

from .base import LilyErmineModel
from .data import AllianceTable
from .names import data_word
from .words import N_

REMOVED = "eliminated"
"""The box of counters removed from the game (a neutralised ally, 10)."""


def init_vars(rs: LilyErmineModel, state: State) -> None:
    """Cursors on their start spaces (13); which allies are in play."""
    table: AllianceTable = rs.alliance_table
    v = state["vars"]
    v["cursors"] = dict(table.start)
    v["neutral"] = []
    v["in_play"] = sorted(a for a in table.start if _ally_on_map(rs, state, a))
    v["relocate"] = []
    for ally, space in table.start.items():
        camp = table.camp_of(space)
        if camp:
            for nat in table.follows.get(ally, ()):
                v["allegiance"][nat] = camp


def _ally_on_map(rs: LilyErmineModel, state: State, ally: str) -> bool:
    nats = rs.alliance_table.follows.get(ally, ())
    return any(rs.on_map(p["loc"]) and rs.nationality(state, pid) in nats
               for pid, p in state["pieces"].items())


def note_entries(rs: LilyErmineModel, state: State) -> None:
    """An ally whose counters reach the map is in play from now on (11)."""
    v = state["vars"]
    for ally in rs.alliance_table.start:
        if ally not in v["in_play"] and ally not in v["neutral"] and _ally_on_map(
                rs, state, ally):
            v["in_play"].append(ally)
            v["in_play"].sort()


def cursor_camp(rs: LilyErmineModel, state: State, ally: str) -> str | None:
    return rs.alliance_table.camp_of(state["vars"]["cursors"][ally])


def in_doubt(rs: LilyErmineModel, state: State, ally: str) -> bool:
    """Is the ally's cursor in the zone of doubt (11; random events 10)?"""
    return (ally not in state["vars"]["neutral"]
            and state["vars"]["cursors"][ally] in rs.alliance_table.doubt)


def move_cursors(rs: LilyErmineModel, state: State, ctx: Context, victor: str,
                 spaces: int = 1) -> None:
    """A win eligible for VP: every cursor in play moves toward ``victor`` (11)."""
    table: AllianceTable = rs.alliance_table
    v = state["vars"]
    note_entries(rs, state)
    rule = rs.cite("11")
    for ally in sorted(table.start):
        if ally in v["neutral"]:
            continue
        if ally not in v["in_play"]:
            ctx.log(N_("Alliances Table: {ally} is not yet in play; its cursor does not "
                       "move", ally=data_word(ally.capitalize())), rule)
            continue
        before = v["cursors"][ally]
        space = before
        for _ in range(spaces):
            space = table.step(space, victor)
        if space == before:
            ctx.log(N_("Alliances Table: {ally} is already at the end of the {side} side",
                       ally=data_word(ally.capitalize()), side=rs.side(victor).name), rule)
            continue
        v["cursors"][ally] = space
        ctx.log(N_("Alliances Table: {ally} {before} → {space} toward {side}",
                   ally=data_word(ally.capitalize()), before=f"{before:+d}", space=f"{space:+d}",
                   side=rs.side(victor).name), rule)
        old, new = table.camp_of(before), table.camp_of(space)
        if new and old != new:
            change_sides(rs, state, ctx, ally, new)


def change_sides(rs: LilyErmineModel, state: State, ctx: Context, ally: str, new: str) -> None:
    """``ally`` goes over to ``new`` with its counters (11)."""
    v = state["vars"]
    nats = rs.alliance_table.follows.get(ally, ())
    old = rs.other(new)
    rule = rs.cite("11")
    # Counters stacked with counters of the former camp are set apart, by stack.
    moving: dict[str, list[str]] = {}
    for pid, p in state["pieces"].items():
        if rs.nationality(state, pid) not in nats:
            continue
        loc = p["loc"]
        if rs.on_map(loc):
            others = [q for q in pieces_at(state, loc)
                      if rs.nationality(state, q) not in nats and rs.piece_side(state, q) == old]
            if others:
                moving.setdefault(loc, []).append(pid)
    for nat in nats:
        v["allegiance"][nat] = new
    for pid, p in state["pieces"].items():
        if rs.nationality(state, pid) in nats and p["loc"] == rs.reserve_of(old):
            put_piece(state, pid, rs.reserve_of(new))
    ctx.log(N_("{ally} changes camp and serves {side} ({names})",
               ally=data_word(ally.capitalize()), side=rs.side(new).name, names=listing(nats)),
            rule)
    for loc, pids in sorted(moving.items()):
        order = [q for q in pieces_at(state, loc) if q in pids]
        v["relocate"].append({"camp": new, "ally": ally, "from": loc, "pieces": order})
        ctx.log(N_("{names} leave the {side} stack in {place}: {side2} places them in a zone it "
                   "controls", names=rs.names(state, order), side=rs.side(old).name,
                   place=rs.board_map.place_name(loc), side2=rs.side(new).name), rule)


def neutralise(rs: LilyErmineModel, state: State, ctx: Context, ally: str) -> None:
    """The ally's highest historic commander is eliminated: it leaves the game (10)."""
    v = state["vars"]
    if ally in v["neutral"]:
        return
    nats = rs.alliance_table.follows.get(ally, ())
    gone = [pid for pid in state["pieces"] if rs.nationality(state, pid) in nats
            and state["pieces"][pid]["loc"] != REMOVED]
    for pid in gone:
        put_piece(state, pid, REMOVED)
    v["neutral"].append(ally)
    v["cursors"][ally] = rs.alliance_table.centre
    v["relocate"] = [r for r in v["relocate"] if r["ally"] != ally]
    ctx.log(N_("{ally} is neutralised: its counters leave the game ({value}) and its "
               "cursor goes to the centre of the Alliances Table",
               ally=data_word(ally.capitalize()),
               value=rs.names(state, gone) or N_("none")),
            rs.cite("10 Elimination of a historic commander"))


def ally_of_commander(rs: LilyErmineModel, state: State, cid: str) -> str | None:
    """The ally whose highest-ranked commander is ``cid`` (each ally has one), if any."""
    nat = rs.nationality(state, cid)
    for ally, nats in rs.alliance_table.follows.items():
        if nats and nats[0] == nat:
            return ally
    return None


# -- the pending relocation: a choice of the ally's new camp ---------------------------------
def pending(state: State) -> dict[str, Any] | None:
    items = state["vars"].get("relocate") or []
    return items[0] if items else None


def relocate_zones(rs: LilyErmineModel, state: State, item: dict[str, Any]) -> list[str]:
    camp = item["camp"]
    militia = any(not rs.is_commander(state, p) and rs.unit_code(state, p) == "Mi"
                  for p in item["pieces"])
    return [z for z in sorted(rs.board_map.areas) if rs.controller(state, z) == camp
            and z != item["from"] and not (militia and not rs.in_brittany(z))]


def relocate_actions(rs: LilyErmineModel, state: State) -> Iterator[Action]:
    item = pending(state)
    if item is None:
        return
    zones = relocate_zones(rs, state, item)
    for z in zones:
        yield Action.of("relocate", z)
    if not zones:
        yield Action.of("relocate", rs.reserve_of(item["camp"]))


def relocate(rs: LilyErmineModel, state: State, ctx: Context, zone: str) -> None:
    item = pending(state)
    if item is None:
        raise IllegalActionError(N_("no ally's counters wait to be placed"), rs.cite("11"))
    if Action.of("relocate", zone) not in set(relocate_actions(rs, state)):
        raise IllegalActionError(N_("{place} is not a zone {side} controls (militia stay in "
                                    "Brittany)", place=rs.board_map.place_name(zone),
                                    side=rs.side(item['camp']).name), rs.cite("11"))
    for pid in reversed(item["pieces"]):
        if pid in state["pieces"] and state["pieces"][pid]["loc"] == item["from"]:
            put_piece(state, pid, zone)
    state["vars"]["relocate"].pop(0)
    ctx.log(N_("{names} placed in {place} by {side}", names=rs.names(state, item['pieces']),
               place=rs.board_map.place_name(zone), side=rs.side(item['camp']).name), rs.cite("11"))


def table_lines(rs: LilyErmineModel, state: State) -> list[str]:
    v = state["vars"]
    out = []
    for ally in sorted(v["cursors"]):
        space = v["cursors"][ally]
        camp = rs.alliance_table.camp_of(space)
        tags = []
        if ally in v["neutral"]:
            tags.append(N_("neutralised"))
        elif ally not in v["in_play"]:
            tags.append(N_("not yet in play"))
        if space in rs.alliance_table.doubt and ally not in v["neutral"]:
            tags.append(N_("doubt"))
        line = N_("{ally} {space} {camp}", ally=data_word(ally.capitalize()),
                  space=f"{space:+d}", camp=rs.side(camp).name if camp else N_("centre"))
        out.append(N_("{line} ({tags})", line=line, tags=listing(tags)) if tags else line)
    return out
