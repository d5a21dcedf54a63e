"""Paying the units and what unpaid units do (rules 4.0 D2b step 2, D3; 12.3-12.4).

In phase D2b each player pays the units he chooses (Ch 2 PS, Me and Art 1 PS; Mil are
paid automatically; units inside a besieged fortress can never be paid; payment does not
apply in the holding boxes, 2.64). What is not paid gets a "Pas de solde" marker. Phase D3
then: unpaid artillery is eliminated (12.41), unpaid BR knights leave (12.42: the
opponent receives as many BR knights, placed by hand), and every stack with unpaid units
rolls on the Pillage Table (12.43), besiegers and besieged on the city's status before
either roll (12.432); half or all of the Ch/Me units may turn Marauder (12.433). The
battle between loyal units and the new Marauders (12.433) is fought by hand.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from boardapp.core.actions import Action
from boardapp.core.context import Context
from boardapp.core.flow import Flow, Frame, Step
from boardapp.core.state import State, pieces_at, put_piece
from boardapp.core.tables import Modifier, resolve

from . import movement
from .battle import TABLES
from .siege import step_loss

if TYPE_CHECKING:
    from .rules import DeuxBretagne


def kind_of(rs: DeuxBretagne, state: State, pid: str) -> str:
    """ch, me, mil or art."""
    tid = rs.piece_type(state, pid).id
    for kind in ("mil", "art", "me"):
        if tid.endswith(f"-{kind}"):
            return kind
    return "ch"


def payable(rs: DeuxBretagne, state: State, side: str) -> list[str]:
    """``side``'s units that want pay this turn and are not paid yet (12.31)."""
    out = []
    within = movement.inside(state)
    for area in rs.board_map.areas:
        for pid in pieces_at(state, area):
            if (rs.piece_side(state, pid) != side or rs.is_leader(state, pid)
                    or kind_of(rs, state, pid) == "mil" or pid in state["vars"]["paid"]):
                continue
            if pid in within and area in state["vars"]["sieges"]:
                continue  # 12.31: never paid inside a besieged fortress
            out.append(pid)
    return out


def pay_cost(rs: DeuxBretagne, state: State, pid: str) -> int:
    """The pay of ``pid`` (12.31), full or reduced alike."""
    return TABLES["pay_rates"][kind_of(rs, state, pid)]


def pay_actions(rs: DeuxBretagne, state: State, side: str) -> Iterator[Action]:
    """``pay UNIT`` for each unit the player can afford, and ``pay-all`` if he can."""
    money = state["vars"]["resources"].get(side, 0)
    units = payable(rs, state, side)
    if units and sum(pay_cost(rs, state, p) for p in units) <= money:
        yield Action("pay-all")
    for pid in units:
        if pay_cost(rs, state, pid) <= money:
            yield Action("pay", (pid,))


def pay(rs: DeuxBretagne, state: State, side: str, pids: list[str], ctx: Context) -> None:
    """Pay ``pids`` (12.31)."""
    cost = sum(pay_cost(rs, state, p) for p in pids)
    state["vars"]["resources"][side] -= cost
    state["vars"]["paid"].extend(pids)
    ctx.log(f"{rs.side(side).name} pays {cost} PS: {rs.names(state, pids)}", rs.cite("12.31"))


def mark_unpaid(rs: DeuxBretagne, state: State, side: str, ctx: Context) -> None:
    """What is not paid gets a "Pas de solde" marker (4.0 D2b, 12.31)."""
    unpaid = payable(rs, state, side)
    within = movement.inside(state)
    unpaid += [p for a in state["vars"]["sieges"] for p in pieces_at(state, a)
               if p in within and rs.piece_side(state, p) == side
               and not rs.is_leader(state, p) and kind_of(rs, state, p) != "mil"]
    state["vars"]["unpaid"].extend(unpaid)
    if unpaid:
        ctx.log(f"{rs.side(side).name}: {len(unpaid)} unit(s) unpaid (Pas de solde): "
                f"{rs.names(state, unpaid)}", rs.cite("12.31"))


def to_marauder(rs: DeuxBretagne, state: State, pid: str, ctx: Context) -> str | None:
    """Replace unit ``pid`` by a Marauder unit of its type and steps (12.433)."""
    area = state["pieces"][pid]["loc"]
    reduced = rs.is_reduced(state, pid)
    kind = "ch" if kind_of(rs, state, pid) == "ch" else "me"
    name = rs.piece_name(state, pid)
    state["prev_loc"][pid] = area
    put_piece(state, pid, "reserve")
    state["pieces"][pid]["flipped"] = False
    if pid in state["vars"]["inside"]:
        state["vars"]["inside"].remove(pid)
    free = [p for p in pieces_at(state, "reserve")
            if state["pieces"][p]["type"] == f"marauder-{kind}"]
    if not free:
        ctx.log(f"{name} turns Marauder, but no Marauder counter is left: removed",
                rs.cite("12.433"))
        return None
    new = free[0]
    put_piece(state, new, area, index=len(pieces_at(state, area)))
    state["pieces"][new]["flipped"] = reduced
    ctx.log(f"{name} turns Marauder: {rs.piece_name(state, new)}", rs.cite("12.433"))
    return new


class Unpaid(Step):
    """Phase D3 for one side: artillery, BR knights, then the pillage rolls (12.4)."""

    name = "unpaid"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        side = frame["side"]
        unpaid = [p for p in state["vars"]["unpaid"] if rs.piece_side(state, p) == side
                  and state["pieces"][p]["loc"] in rs.board_map.areas]
        for pid in [p for p in unpaid if kind_of(rs, state, p) == "art"]:
            state["prev_loc"][pid] = state["pieces"][pid]["loc"]
            put_piece(state, pid, rs.eliminated_box)
            unpaid.remove(pid)
            ctx.log(f"Unpaid artillery dispersed: {rs.piece_name(state, pid)}",
                    rs.cite("12.41"))
        for pid in [p for p in unpaid if rs.piece_type(state, p).id.endswith("-ch-br")]:
            state["prev_loc"][pid] = state["pieces"][pid]["loc"]
            put_piece(state, pid, rs.eliminated_box)
            unpaid.remove(pid)
            ctx.log(f"Unpaid BR knights change sides: {rs.piece_name(state, pid)} leaves; "
                    f"{rs.side(other(side)).name} receives a BR Ch as if recruited (place it "
                    "by hand)", rs.cite("12.42"))
        areas = sorted({state["pieces"][p]["loc"] for p in unpaid})
        frame["vars"]["areas"] = areas
        frame["vars"]["before"] = {a: a in state["vars"]["pillage"] for a in areas}
        self._next(rs, state, frame, ctx, flow)

    def resume(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self._next(rs, state, frame, ctx, flow)

    def _next(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        side = frame["side"]
        while frame["vars"]["areas"]:
            area = frame["vars"]["areas"].pop(0)
            if self._roll(rs, state, frame, side, area, ctx, flow):
                return
        flow.end(rs, state, ctx)

    def _roll(self, rs: DeuxBretagne, state: State, frame: Frame, side: str, area: str,
              ctx: Context, flow: Flow) -> bool:
        """One Pillage Table roll for ``side``'s unpaid units in ``area`` (12.431)."""
        units = [p for p in state["vars"]["unpaid"] if state["pieces"][p]["loc"] == area
                 and rs.piece_side(state, p) == side]
        if not units:
            return False
        was_pillaged = state["vars"]["pillage_before"].get(area, frame["vars"]["before"][area])
        state["vars"]["pillage_before"].setdefault(area, was_pillaged)  # 12.432
        mes = sum(1 for p in units if kind_of(rs, state, p) == "me")
        mods = [Modifier("three or more units pillage", 1 if len(units) >= 3 else 0),
                Modifier("already pillaged", 1 if was_pillaged else 0),
                Modifier("inside a besieged fortified city",
                         2 if area in state["vars"]["sieges"] and units[0] in
                         movement.inside(state) else 0),
                Modifier("a majority of Me units", 1 if mes * 2 > len(units) else 0)]
        rows = TABLES["pillage_table"]["rows"]
        result = resolve(ctx, table="Pillage Table", column="", sides=10, zero_based=True,
                         modifiers=mods, lookup=lambda n: next(r for r in rows
                                                               if n <= r["upto"]),
                         describe=lambda r: f"{r['text']} in {rs.board_map.place_name(area)}",
                         rule=rs.cite("12.433"), who=rs.side(side).name)
        outcome = result.result["result"]
        for pid in units:
            state["vars"]["unpaid"].remove(pid)
        if outcome == "paid":
            return False
        if area not in state["vars"]["pillage"]:
            state["vars"]["pillage"].append(area)
        mech = [p for p in units if kind_of(rs, state, p) in ("ch", "me")]
        if outcome == "all":
            for pid in mech:
                to_marauder(rs, state, pid, ctx)
            state["control"][area] = None
            ctx.log(f"{rs.board_map.place_name(area)} is independent (Marauders)",
                    rs.cite("12.433"))
            rs.update_counties(state, ctx)
        elif outcome == "half" and mech:
            count = math.ceil(len(mech) / 2)
            if len(mech) > 1:
                ctx.log("Loyal units and new Marauders fight a battle in "
                        f"{rs.board_map.place_name(area)}: fight it by hand (12.433)",
                        rs.cite("12.433"))
            flow.call(rs, state, ctx, "turn-marauder", side=side, units=mech, count=count)
            return True
        if was_pillaged:  # 12.434: a new pillage costs the stack a step, Me first
            order = [p for p in units if kind_of(rs, state, p) == "me"] or [
                p for p in units if kind_of(rs, state, p) == "ch"]
            if order:
                flow.call(rs, state, ctx, "step-losses", side=side, pending=[step_loss(
                    side, 1, order, "Pillaged again", rs.cite("12.434"))])
                return True
        return False


class TurnMarauder(Step):
    """The player chooses which half of his Ch/Me units turn Marauder (12.433)."""

    name = "turn-marauder"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        if v["count"] <= 0 or not v["units"]:
            flow.end(rs, state, ctx)
        elif len(v["units"]) <= v["count"]:
            for pid in list(v["units"]):
                to_marauder(rs, state, pid, ctx)
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return (f"{rs.side(frame['side']).name}: choose the unit that turns Marauder "
                f"({frame['vars']['count']} to choose) ({rs.cite('12.433')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for pid in frame["vars"]["units"]:
            yield Action("turn-marauder", (pid,))

    def on_turn_marauder(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        pid = action.args[0]
        frame["vars"]["units"].remove(pid)
        frame["vars"]["count"] -= 1
        to_marauder(rs, state, pid, ctx)
        self.begin(rs, state, frame, ctx, flow)


def other(side: str) -> str:
    return "montfort" if side == "blois" else "blois"


PAY_STEPS = (Unpaid, TurnMarauder)
