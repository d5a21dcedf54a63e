"""Paying the units and what unpaid units do (rules 4.0 D2b step 2, D3; 12.3-12.4).

In phase D2b each player pays the units he chooses (Ch 2 PS, Me and Art 1 PS; Mil are
paid automatically, and so are units in one of their side's supply bases that is neither
enemy controlled nor besieged, 12.32; units inside a besieged fortress can never be paid;
payment does not apply in the holding boxes, 2.64). What is not paid gets a "Pas de
solde" marker. Phase D3 then plays, for both players (Blois first) and segment by
segment: unpaid artillery is eliminated (12.41); unpaid BR knights leave and the
opponent receives as many BR knights, placed with one of his leaders as recruits are
(12.42, 5.42); every stack with unpaid units rolls on the Pillage Table (12.43), all the
rolls made on the cities' status before any of them (12.432); then each result is
applied: half or all of the Ch/Me units turn Marauder (12.433), a city pillaged again
costs the regular stack and the Marauder stack a step each (12.434, before combat), the
loyal units and the new Marauders fight a battle (12.433) and leaders left without units
go to a friendly area (12.435).

The steps; the rules they apply (data, predicates) are in ``model/pay.py``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import Modifier, resolve
from boardapp.core.engine.verbs import verb

from ..model import groups, labels
from ..model.base import DeuxBretagneModel
from ..model.battle import TABLES, step_loss
from ..model.control import update_counties
from ..model.names import data_word
from ..model.pay import (
    PLAYERS,
    SUPPLY_BASES,
    check_pillaged_counties,
    eliminate,
    kind_of,
    other,
    place_supply_base,
    receive_br_places,
    stack_units,
    supply_bases,
    to_marauder,
    unpaid_units,
)
from ..model.recruit import free_counters
from ..words import N_
from .common import DeuxBretagneStep


class ReceiveBr(DeuxBretagneStep):
    """The opponent of unpaid BR knights receives as many BR Ch (12.42)."""

    name = "receive-br"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        places = receive_br_places(rs, state, frame["side"])
        if len(places) == 1:
            self._place(rs, state, frame, places[0], ctx, flow)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("{side}: BR knights change sides — place the BR Ch you receive with one of "
                   "your leaders ({rule})", side=rs.side(frame['side']).name,
                   rule=rs.cite('12.42, 5.42')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for area in receive_br_places(rs, state, frame["side"]):
            yield Action("receive-br", (area,))

    @verb("receive-br", label=labels.place(N_("Receive the BR knights in {0}"), strict=True),
          logs=True)
    def on_receive_br(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        self._place(rs, state, frame, action.args[0], ctx, flow)

    @staticmethod
    def _place(rs: DeuxBretagneModel, state: State, frame: Frame, area: str, ctx: Context,
               flow: Flow) -> None:
        side = frame["side"]
        pid = free_counters(rs, state, f"{side}-ch-br")[0]
        put_piece(state, pid, area, index=len(pieces_at(state, area)))
        state["pieces"][pid]["flipped"] = bool(frame["vars"]["reduced"])
        ctx.log(N_("{side} receives {piece} in {place}", side=rs.side(side).name,
                   piece=rs.piece_name(state, pid), place=rs.board_map.place_name(area)),
                rs.cite("12.42"))
        flow.end(rs, state, ctx)


class PlaceLeaders(DeuxBretagneStep):
    """Leaders left without units when their army turned Marauder go to any friendly
    area, one at a time (12.435)."""

    name = "place-leaders"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not frame["vars"]["leaders"]:
            flow.end(rs, state, ctx)
        elif not list(self.actions(rs, state, frame)):
            ctx.log(N_("No friendly area for the leaders: they stay where they are"),
                    rs.cite("12.435"))
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        name = rs.piece_name(state, frame["vars"]["leaders"][0])
        return (N_("{side}: all the units of the army turned Marauder — place {name} in a "
                   "friendly area ({rule})", side=rs.side(frame['side']).name, name=name,
                   rule=rs.cite('12.435')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        side = frame["side"]
        for area in sorted(rs.board_map.areas):
            if (state["control"].get(area) == side
                    and not groups.enemy_units_at(rs, state, area, side)):
                yield Action("leader-to", (frame["vars"]["leaders"][0], area))

    @verb("leader-to", label=labels.leader_to)
    def on_leader_to(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        pid, area = action.args
        frame["vars"]["leaders"].remove(pid)
        if pid in state["vars"]["inside"]:
            state["vars"]["inside"].remove(pid)
        put_piece(state, pid, area)
        ctx.log(N_("{piece} goes to {place}", piece=rs.piece_name(state, pid),
                   place=rs.board_map.place_name(area)),
                rs.cite("12.435"))
        self.begin(rs, state, frame, ctx, flow)


class SupplyBase(DeuxBretagneStep):
    """A player puts his supply bases on the map when his event card says so (12.32:
    B-19 for Blois, M-21 for Montfort; where is on the card, not in the rules, so any
    area is offered)."""

    name = "supply-base"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if frame["vars"].get("left", 0) <= 0 or len(supply_bases(
                state, frame["side"])) >= SUPPLY_BASES:
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("{side}: place a supply base where your card says ({left} left) ({rule})",
                   side=rs.side(frame['side']).name, left=frame['vars']['left'],
                   rule=rs.cite('12.32')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        taken = supply_bases(state, frame["side"])
        for area in sorted(rs.board_map.areas):
            if area not in taken:
                yield Action("supply-base", (area,))

    @verb("supply-base", label=labels.place(N_("Supply base in {0}"), strict=True))
    def on_supply_base(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                       ctx: Context, flow: Flow) -> None:
        place_supply_base(rs, state, frame["side"], action.args[0], ctx)
        frame["vars"]["left"] -= 1
        self.begin(rs, state, frame, ctx, flow)


class Unpaid(DeuxBretagneStep):
    """Phase D3 (4.0 D3, 12.4) for both players, Blois first in each segment."""

    name = "unpaid"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        queue: list[dict[str, Any]] = []
        for side in PLAYERS:  # a) 12.41
            for pid in [p for p in unpaid_units(rs, state, side)
                        if kind_of(rs, state, p) == "art"]:
                eliminate(rs, state, pid)
                ctx.log(N_("Unpaid artillery dispersed: {piece}", piece=rs.piece_name(state, pid)),
                        rs.cite("4.0 D3a, 12.41"))
        for side in PLAYERS:  # b) 12.42
            for pid in [p for p in unpaid_units(rs, state, side)
                        if rs.piece_type(state, p).id.endswith("-ch-br")]:
                reduced = rs.is_reduced(state, pid)
                ctx.log(N_("Unpaid BR knights change sides: {piece} leaves; {side} receives a BR "
                           "Ch", piece=rs.piece_name(state, pid), side=rs.side(other(side)).name),
                        rs.cite("4.0 D3b, 12.42"))
                eliminate(rs, state, pid)
                queue.append({"kind": "br", "side": other(side), "reduced": reduced})
        for side in PLAYERS:  # c) 12.43, all rolled on the status before any (12.432)
            for area in sorted({state["pieces"][p]["loc"]
                                for p in unpaid_units(rs, state, side)}):
                queue.append(self._roll(rs, state, side, area, ctx))
        frame["vars"]["queue"] = queue
        self._next(rs, state, frame, ctx, flow)

    def resume(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self._next(rs, state, frame, ctx, flow)

    def _next(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        queue = frame["vars"]["queue"]
        while queue:
            item = queue[0]
            if item["kind"] == "br":
                queue.pop(0)
                if receive_br_places(rs, state, item["side"]):
                    flow.call(rs, state, ctx, "receive-br", side=item["side"],
                              reduced=item["reduced"])
                    return
                ctx.log(N_("{side} has no leader who could take the BR knights (a leader on the "
                           "map, not besieged, no pillage marker, room in the stack, a BR Ch "
                           "counter left): they do not enter play",
                           side=rs.side(item['side']).name),
                        rs.cite("12.42, 5.42, 5.412"))
                continue
            if self._apply(rs, state, item, ctx, flow):
                return  # a player's choice or a battle: ``resume`` goes on
            queue.pop(0)
        state["vars"]["fought"] = []  # the battles of D3 are in no activation (10.12)
        flow.end(rs, state, ctx)

    @staticmethod
    def _roll(rs: DeuxBretagneModel, state: State, side: str, area: str,
              ctx: Context) -> dict[str, Any]:
        """One Pillage Table roll for ``side``'s unpaid units in ``area`` (12.431)."""
        units = [p for p in unpaid_units(rs, state, side) if state["pieces"][p]["loc"] == area]
        was_pillaged = area in state["vars"]["pillage"]
        within = any(p in groups.inside(state) for p in units)
        mes = sum(1 for p in units if kind_of(rs, state, p) == "me")
        mods = [Modifier(N_("three or more units pillage"), 1 if len(units) >= 3 else 0),
                Modifier(N_("already pillaged"), 1 if was_pillaged else 0),
                Modifier(N_("inside a besieged fortified city"),
                         2 if area in state["vars"]["sieges"] and within else 0),
                Modifier(N_("a majority of Me units"), 1 if mes * 2 > len(units) else 0)]
        rows = TABLES["pillage_table"]["rows"]
        result = resolve(ctx, table=N_("Pillage Table"), column="", sides=10, zero_based=True,
                         modifiers=mods, lookup=lambda n: next(r for r in rows
                                                               if n <= r["upto"]),
                         describe=lambda r: N_("{result} in {place}", result=data_word(r["text"]),
                                               place=rs.board_map.place_name(area)),
                         rule=rs.cite("12.43, 12.432"), who=rs.side(side).name)
        return {"kind": "pillage", "side": side, "area": area, "units": units,
                "within": within, "outcome": result.result["result"],
                "again": was_pillaged, "stage": "apply"}

    def _apply(self, rs: DeuxBretagneModel, state: State, item: dict[str, Any], ctx: Context,
               flow: Flow) -> bool:
        """Apply one Pillage Table result stage by stage (12.433-12.435); True when a
        sub-procedure was entered (the item stays first in the queue until done)."""
        for stage, after, run in (("apply", "marauders", self._pillage),
                                  ("marauders", "again", self._turn_marauders),
                                  ("again", "battle", self._pillaged_again),
                                  ("battle", "alone", self._loyal_fight),
                                  ("alone", "done", self._leaders_alone)):
            if item["stage"] == stage:
                item["stage"] = after
                if run(rs, state, item, ctx, flow):
                    return True
        return False

    @staticmethod
    def _pillage(rs: DeuxBretagneModel, state: State, item: dict[str, Any], ctx: Context,
                 flow: Flow) -> bool:
        """The result on the units and the area (12.433)."""
        area = item["area"]
        outcome = item["outcome"]
        place = rs.board_map.place_name(item["area"])
        for pid in item["units"]:
            if pid in state["vars"]["unpaid"]:
                state["vars"]["unpaid"].remove(pid)
        if outcome == "paid":
            item["stage"] = "done"
        elif area not in state["vars"]["pillage"]:
            state["vars"]["pillage"].append(area)
            check_pillaged_counties(rs, state, ctx)
        if outcome == "all":
            for pid in [p for p in item["units"] if kind_of(rs, state, p) in ("ch", "me")
                        and state["pieces"][p]["loc"] == area]:
                to_marauder(rs, state, pid, ctx)
            state["control"][area] = None
            ctx.log(N_("{place} is independent (Marauders): no one controls it", place=place),
                    rs.cite("12.433, 3.3"))
            update_counties(rs, state, ctx)
        return False

    @staticmethod
    def _turn_marauders(rs: DeuxBretagneModel, state: State, item: dict[str, Any], ctx: Context,
                        flow: Flow) -> bool:
        """Half the units turn Marauders (12.433)."""
        side = item["side"]
        area = item["area"]
        outcome = item["outcome"]
        mech = [p for p in item["units"] if state["pieces"][p]["loc"] == area
                and kind_of(rs, state, p) in ("ch", "me")]
        if outcome == "half" and mech:
            flow.call(rs, state, ctx, "turn-marauder", side=side, units=mech,
                      count=math.ceil(len(mech) / 2))
            return True
        return False

    @staticmethod
    def _pillaged_again(rs: DeuxBretagneModel, state: State, item: dict[str, Any], ctx: Context,
                        flow: Flow) -> bool:
        """Pillaged again: a step lost by each stack (12.434)."""
        side = item["side"]
        area = item["area"]
        within = item["within"]
        place = rs.board_map.place_name(item["area"])
        if item["again"]:  # 12.434: the regular stack and the Marauder stack, a step each
            pending = []
            for owner in (side, "marauders"):
                stack = [p for p in stack_units(rs, state, area, owner, within)]
                order = ([p for p in stack if kind_of(rs, state, p) == "me"]
                         or [p for p in stack if kind_of(rs, state, p) == "ch"] or stack)
                if order:
                    pending.append(step_loss(owner, 1, order, N_("{place} pillaged again",
                                                                 place=place),
                                             rs.cite("12.434")))
            if pending:
                flow.call(rs, state, ctx, "step-losses", side=pending[0]["side"],
                          pending=pending)
                return True
        return False

    @staticmethod
    def _loyal_fight(rs: DeuxBretagneModel, state: State, item: dict[str, Any], ctx: Context,
                     flow: Flow) -> bool:
        """The loyal units fight the Marauders (12.433)."""
        side = item["side"]
        area = item["area"]
        within = item["within"]
        outcome = item["outcome"]
        place = rs.board_map.place_name(item["area"])
        loyal = stack_units(rs, state, area, side, within)
        rebels = stack_units(rs, state, area, "marauders", within)
        if outcome == "half" and loyal and rebels:
            ctx.log(N_("Loyal units and Marauders fight in {place}", place=place)
                    + (N_(" inside the fortress") if within else ""), rs.cite("12.433"))
            flow.call(rs, state, ctx, "battle", side=side, area=area,
                      attacker="marauders", defender=side, attacker_commander=None,
                      entered_from=None, spent_before={}, within=within, in_place=True)
            return True
        return False

    @staticmethod
    def _leaders_alone(rs: DeuxBretagneModel, state: State, item: dict[str, Any], ctx: Context,
                       flow: Flow) -> bool:
        """Leaders left alone with Marauders are placed (12.435)."""
        side = item["side"]
        area = item["area"]
        within = item["within"]
        outcome = item["outcome"]
        leaders = [p for p in pieces_at(state, area) if rs.piece_side(state, p) == side
                   and rs.is_leader(state, p) and (p in groups.inside(state)) == within]
        if (outcome in ("half", "all") and leaders
                and not stack_units(rs, state, area, side, within)
                and stack_units(rs, state, area, "marauders", within)):
            flow.call(rs, state, ctx, "place-leaders", side=side, leaders=leaders)
            return True
        return False


class TurnMarauder(DeuxBretagneStep):
    """The player chooses which half of his Ch/Me units turn Marauder (12.433)."""

    name = "turn-marauder"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        if v["count"] <= 0 or not v["units"]:
            flow.end(rs, state, ctx)
        elif len(v["units"]) <= v["count"]:
            for pid in list(v["units"]):
                to_marauder(rs, state, pid, ctx)
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("{side}: choose the unit that turns Marauder ({count} to choose) ({rule})",
                   side=rs.side(frame['side']).name, count=frame['vars']['count'],
                   rule=rs.cite('12.433')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for pid in frame["vars"]["units"]:
            yield Action("turn-marauder", (pid,))

    @verb("turn-marauder", label=labels.piece(N_("Turns Marauder: {0}")))
    def on_turn_marauder(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        pid = action.args[0]
        frame["vars"]["units"].remove(pid)
        frame["vars"]["count"] -= 1
        to_marauder(rs, state, pid, ctx)
        self.begin(rs, state, frame, ctx, flow)


PAY_STEPS = (Unpaid, TurnMarauder, ReceiveBr, PlaceLeaders, SupplyBase)
