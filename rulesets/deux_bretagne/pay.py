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
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.tables import Modifier, resolve

from . import movement
from .battle import STACK_LIMIT, TABLES
from .recruit import free_counters
from .siege import step_loss

if TYPE_CHECKING:
    from .rules import DeuxBretagne

SUPPLY_BASES = 2  # 12.32: each camp has 2


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
            if supplied(rs, state, side, area):
                continue  # 12.32: paid by the supply base
            out.append(pid)
    return out


def base_paid(rs: DeuxBretagne, state: State, side: str) -> list[str]:
    """``side``'s Ch, Me and Art units paid by a supply base this turn (12.32)."""
    return [p for a in supply_bases(state, side) if supplied(rs, state, side, a)
            for p in pieces_at(state, a) if rs.piece_side(state, p) == side
            and not rs.is_leader(state, p) and kind_of(rs, state, p) != "mil"]


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
    fed = base_paid(rs, state, side)
    if fed:
        ctx.log(f"{rs.side(side).name}: paid by the supply base(s): {rs.names(state, fed)}",
                rs.cite("12.32"))
    if unpaid:
        ctx.log(f"{rs.side(side).name}: {len(unpaid)} unit(s) unpaid (Pas de solde): "
                f"{rs.names(state, unpaid)}", rs.cite("12.31"))


PLAYERS = ("blois", "montfort")


def unpaid_units(rs: DeuxBretagne, state: State, side: str) -> list[str]:
    """``side``'s units with a "Pas de solde" marker still on the map."""
    return [p for p in state["vars"]["unpaid"] if rs.piece_side(state, p) == side
            and state["pieces"][p]["loc"] in rs.board_map.areas]


def eliminate(rs: DeuxBretagne, state: State, pid: str) -> None:
    """Remove unit ``pid`` from the map (its counter may be used again)."""
    state["prev_loc"][pid] = state["pieces"][pid]["loc"]
    put_piece(state, pid, rs.eliminated_box)
    state["pieces"][pid]["flipped"] = False
    for key in ("inside", "unpaid"):
        if pid in state["vars"][key]:
            state["vars"][key].remove(pid)


def stack_units(rs: DeuxBretagne, state: State, area: str, side: str,
                within: bool) -> list[str]:
    """``side``'s combat units in ``area``, inside the fortress or outside it."""
    inner = movement.inside(state)
    return [p for p in pieces_at(state, area) if rs.piece_side(state, p) == side
            and not rs.is_leader(state, p) and (p in inner) == within]


def supply_bases(state: State, side: str) -> list[str]:
    """The areas where ``side``'s supply bases are (12.32; placed by B-19 / M-21)."""
    return list(state["vars"].get("supply_bases", {}).get(side, []))


def supplied(rs: DeuxBretagne, state: State, side: str, area: str) -> bool:
    """Whether ``side``'s units in ``area`` are paid by a supply base there (12.32): the
    base is ``side``'s, the area is not enemy controlled and not besieged."""
    return (area in supply_bases(state, side) and state["control"].get(area) in (side, None)
            and area not in state["vars"]["sieges"])


def place_supply_base(rs: DeuxBretagne, state: State, side: str, area: str,
                      ctx: Context) -> None:
    """Put one of ``side``'s two supply bases on ``area`` for good (12.32)."""
    bases = state["vars"].setdefault("supply_bases", {}).setdefault(side, [])
    if len(bases) >= SUPPLY_BASES:
        raise IllegalActionError(f"{rs.side(side).name} has {SUPPLY_BASES} supply bases "
                                 "already", rs.cite("12.32"))
    if area not in rs.board_map.areas or area in bases:
        raise IllegalActionError(f"No supply base can go to {area!r}", rs.cite("12.32"))
    bases.append(area)
    ctx.log(f"{rs.side(side).name} supply base in {rs.board_map.place_name(area)}: units "
            "there are paid automatically while it is neither enemy controlled nor "
            "besieged", rs.cite("12.32"))


def receive_br_places(rs: DeuxBretagne, state: State, side: str) -> list[str]:
    """Where ``side`` may place a BR Ch received from the other camp (12.42), placed as a
    recruit is (5.4, 5.42): with one of his leaders on the map, not besieged, in an area
    with no pillage marker, within the stacking limit, a BR Ch counter left (5.412)."""
    if not free_counters(rs, state, f"{side}-ch-br"):
        return []
    inner = movement.inside(state)
    out = []
    for area in sorted(rs.board_map.areas):
        here = pieces_at(state, area)
        leaders = [p for p in here if rs.piece_side(state, p) == side
                   and rs.is_leader(state, p)
                   and not (p in inner and area in state["vars"]["sieges"])]
        units = [p for p in here if rs.piece_side(state, p) == side
                 and not rs.is_leader(state, p)]
        if leaders and area not in state["vars"]["pillage"] and len(units) < STACK_LIMIT:
            out.append(area)
    return out


class ReceiveBr(Step):
    """The opponent of unpaid BR knights receives as many BR Ch (12.42)."""

    name = "receive-br"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        places = receive_br_places(rs, state, frame["side"])
        if len(places) == 1:
            self._place(rs, state, frame, places[0], ctx, flow)

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return (f"{rs.side(frame['side']).name}: BR knights change sides — place the BR Ch "
                f"you receive with one of your leaders ({rs.cite('12.42, 5.42')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        for area in receive_br_places(rs, state, frame["side"]):
            yield Action("receive-br", (area,))

    def on_receive_br(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        self._place(rs, state, frame, action.args[0], ctx, flow)

    @staticmethod
    def _place(rs: DeuxBretagne, state: State, frame: Frame, area: str, ctx: Context,
               flow: Flow) -> None:
        side = frame["side"]
        pid = free_counters(rs, state, f"{side}-ch-br")[0]
        put_piece(state, pid, area, index=len(pieces_at(state, area)))
        state["pieces"][pid]["flipped"] = bool(frame["vars"]["reduced"])
        ctx.log(f"{rs.side(side).name} receives {rs.piece_name(state, pid)} in "
                f"{rs.board_map.place_name(area)}", rs.cite("12.42"))
        flow.end(rs, state, ctx)


class PlaceLeaders(Step):
    """Leaders left without units when their army turned Marauder go to any friendly
    area, one at a time (12.435)."""

    name = "place-leaders"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not frame["vars"]["leaders"]:
            flow.end(rs, state, ctx)
        elif not list(self.actions(rs, state, frame)):
            ctx.log("No friendly area for the leaders: they stay where they are",
                    rs.cite("12.435"))
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        name = rs.piece_name(state, frame["vars"]["leaders"][0])
        return (f"{rs.side(frame['side']).name}: all the units of the army turned Marauder — "
                f"place {name} in a friendly area ({rs.cite('12.435')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        side = frame["side"]
        for area in sorted(rs.board_map.areas):
            if (state["control"].get(area) == side
                    and not movement.enemy_units_at(rs, state, area, side)):
                yield Action("leader-to", (frame["vars"]["leaders"][0], area))

    def on_leader_to(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        pid, area = action.args
        frame["vars"]["leaders"].remove(pid)
        if pid in state["vars"]["inside"]:
            state["vars"]["inside"].remove(pid)
        put_piece(state, pid, area)
        ctx.log(f"{rs.piece_name(state, pid)} goes to {rs.board_map.place_name(area)}",
                rs.cite("12.435"))
        self.begin(rs, state, frame, ctx, flow)


class SupplyBase(Step):
    """A player puts his supply bases on the map when his event card says so (12.32:
    B-19 for Blois, M-21 for Montfort; where is on the card, not in the rules, so any
    area is offered)."""

    name = "supply-base"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if frame["vars"].get("left", 0) <= 0 or len(supply_bases(
                state, frame["side"])) >= SUPPLY_BASES:
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagne, state: State, frame: Frame) -> str:
        return (f"{rs.side(frame['side']).name}: place a supply base where your card says "
                f"({frame['vars']['left']} left) ({rs.cite('12.32')})")

    def actions(self, rs: DeuxBretagne, state: State, frame: Frame) -> Iterator[Action]:
        taken = supply_bases(state, frame["side"])
        for area in sorted(rs.board_map.areas):
            if area not in taken:
                yield Action("supply-base", (area,))

    def on_supply_base(self, rs: DeuxBretagne, state: State, frame: Frame, action: Action,
                       ctx: Context, flow: Flow) -> None:
        place_supply_base(rs, state, frame["side"], action.args[0], ctx)
        frame["vars"]["left"] -= 1
        self.begin(rs, state, frame, ctx, flow)


def marauder_held(rs: DeuxBretagne, state: State, area: str) -> bool:
    """An area no one controls where only Marauder units stand (12.51)."""
    units = [p for p in pieces_at(state, area) if not rs.is_leader(state, p)]
    return (state["control"].get(area) is None and bool(units)
            and all(rs.piece_side(state, p) == "marauders" for p in units))


def check_marauder_counties(rs: DeuxBretagne, state: State, ctx: Context) -> None:
    """3.3, 12.433: when the Marauders hold as many cities of a county as its control
    rating, the county becomes independent: its control marker is discarded and its VP
    leave their holder (13.12)."""
    for region in rs.board_map.regions.values():
        owner = state["region_control"].get(region.id)
        if owner is None or region.cities_needed is None:
            continue
        held = [a for a in rs.board_map.region_areas(region.id)
                if marauder_held(rs, state, a)]
        if len(held) < region.cities_needed:
            continue
        state["region_control"][region.id] = None
        if owner in state["score"]:
            state["score"][owner] -= region.vp or 0
        ctx.log(f"The Marauders hold {len(held)} cities of {region.name}: the county is "
                f"independent, {rs.side(owner).name} loses its {region.vp or 0} VP",
                rs.cite("3.3, 12.433, 13.12"))


def check_pillaged_counties(rs: DeuxBretagne, state: State, ctx: Context) -> None:
    """12.45: a county whose areas all have a pillage marker is worth 1 VP less to its
    controller, back to normal when it no longer is. ``vars.county_vp_cut`` remembers who
    bears the cut, so that a change of control (which moves the printed VP, 13.12) keeps
    the scores right."""
    cuts = state["vars"].setdefault("county_vp_cut", {})
    pillaged = set(state["vars"]["pillage"])
    for region in rs.board_map.regions.values():
        if not region.vp:
            continue
        areas = rs.board_map.region_areas(region.id)
        owner = state["region_control"].get(region.id)
        owner = owner if owner in state["score"] else None
        wanted = owner if areas and pillaged.issuperset(areas) else None
        bearer = cuts.get(region.id)
        if bearer == wanted:
            continue
        if bearer is not None:
            state["score"][bearer] += 1
            del cuts[region.id]
            ctx.log(f"{region.name} is no longer wholly pillaged: its VP are back to "
                    f"{region.vp}", rs.cite("12.45"))
        if wanted is not None:
            state["score"][wanted] -= 1
            cuts[region.id] = wanted
            ctx.log(f"Every area of {region.name} is pillaged: it is worth {region.vp - 1} "
                    f"VP to {rs.side(wanted).name} (1 less)", rs.cite("12.45"))


def to_marauder(rs: DeuxBretagne, state: State, pid: str, ctx: Context) -> str | None:
    """Replace unit ``pid`` by a Marauder unit of its type and steps (12.433)."""
    area = state["pieces"][pid]["loc"]
    reduced = rs.is_reduced(state, pid)
    kind = "ch" if kind_of(rs, state, pid) == "ch" else "me"
    name = rs.piece_name(state, pid)
    state["prev_loc"][pid] = area
    put_piece(state, pid, "reserve")
    state["pieces"][pid]["flipped"] = False
    within = pid in state["vars"]["inside"]
    if within:
        state["vars"]["inside"].remove(pid)
    free = free_counters(rs, state, f"marauder-{kind}")
    if not free:
        ctx.log(f"{name} turns Marauder, but no Marauder counter is left: removed",
                rs.cite("12.433"))
        return None
    new = free[0]
    put_piece(state, new, area, index=len(pieces_at(state, area)))
    state["pieces"][new]["flipped"] = reduced
    if within:  # the Marauders stay where the unit was: inside the fortress (12.4 example)
        state["vars"]["inside"].append(new)
    ctx.log(f"{name} turns Marauder: {rs.piece_name(state, new)}", rs.cite("12.433"))
    return new


class Unpaid(Step):
    """Phase D3 (4.0 D3, 12.4) for both players, Blois first in each segment."""

    name = "unpaid"

    def begin(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        queue: list[dict[str, Any]] = []
        for side in PLAYERS:  # a) 12.41
            for pid in [p for p in unpaid_units(rs, state, side)
                        if kind_of(rs, state, p) == "art"]:
                eliminate(rs, state, pid)
                ctx.log(f"Unpaid artillery dispersed: {rs.piece_name(state, pid)}",
                        rs.cite("4.0 D3a, 12.41"))
        for side in PLAYERS:  # b) 12.42
            for pid in [p for p in unpaid_units(rs, state, side)
                        if rs.piece_type(state, p).id.endswith("-ch-br")]:
                reduced = rs.is_reduced(state, pid)
                ctx.log(f"Unpaid BR knights change sides: {rs.piece_name(state, pid)} "
                        f"leaves; {rs.side(other(side)).name} receives a BR Ch",
                        rs.cite("4.0 D3b, 12.42"))
                eliminate(rs, state, pid)
                queue.append({"kind": "br", "side": other(side), "reduced": reduced})
        for side in PLAYERS:  # c) 12.43, all rolled on the status before any (12.432)
            for area in sorted({state["pieces"][p]["loc"]
                                for p in unpaid_units(rs, state, side)}):
                queue.append(self._roll(rs, state, side, area, ctx))
        frame["vars"]["queue"] = queue
        self._next(rs, state, frame, ctx, flow)

    def resume(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self._next(rs, state, frame, ctx, flow)

    def _next(self, rs: DeuxBretagne, state: State, frame: Frame, ctx: Context,
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
                ctx.log(f"{rs.side(item['side']).name} has no leader who could take the BR "
                        "knights (a leader on the map, not besieged, no pillage marker, "
                        "room in the stack, a BR Ch counter left): they do not enter play",
                        rs.cite("12.42, 5.42, 5.412"))
                continue
            if self._apply(rs, state, item, ctx, flow):
                return  # a player's choice or a battle: ``resume`` goes on
            queue.pop(0)
        state["vars"]["fought"] = []  # the battles of D3 are in no activation (10.12)
        flow.end(rs, state, ctx)

    @staticmethod
    def _roll(rs: DeuxBretagne, state: State, side: str, area: str,
              ctx: Context) -> dict[str, Any]:
        """One Pillage Table roll for ``side``'s unpaid units in ``area`` (12.431)."""
        units = [p for p in unpaid_units(rs, state, side) if state["pieces"][p]["loc"] == area]
        was_pillaged = area in state["vars"]["pillage"]
        within = any(p in movement.inside(state) for p in units)
        mes = sum(1 for p in units if kind_of(rs, state, p) == "me")
        mods = [Modifier("three or more units pillage", 1 if len(units) >= 3 else 0),
                Modifier("already pillaged", 1 if was_pillaged else 0),
                Modifier("inside a besieged fortified city",
                         2 if area in state["vars"]["sieges"] and within else 0),
                Modifier("a majority of Me units", 1 if mes * 2 > len(units) else 0)]
        rows = TABLES["pillage_table"]["rows"]
        result = resolve(ctx, table="Pillage Table", column="", sides=10, zero_based=True,
                         modifiers=mods, lookup=lambda n: next(r for r in rows
                                                               if n <= r["upto"]),
                         describe=lambda r: f"{r['text']} in {rs.board_map.place_name(area)}",
                         rule=rs.cite("12.43, 12.432"), who=rs.side(side).name)
        return {"kind": "pillage", "side": side, "area": area, "units": units,
                "within": within, "outcome": result.result["result"],
                "again": was_pillaged, "stage": "apply"}

    def _apply(self, rs: DeuxBretagne, state: State, item: dict[str, Any], ctx: Context,
               flow: Flow) -> bool:
        """Apply one Pillage Table result stage by stage (12.433-12.435); True when a
        sub-procedure was entered (the item stays first in the queue until done)."""
        side, area, within = item["side"], item["area"], item["within"]
        outcome = item["outcome"]
        place = rs.board_map.place_name(area)
        if item["stage"] == "apply":
            item["stage"] = "marauders"
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
                ctx.log(f"{place} is independent (Marauders): no one controls it",
                        rs.cite("12.433, 3.3"))
                rs.update_counties(state, ctx)
        if item["stage"] == "marauders":
            item["stage"] = "again"
            mech = [p for p in item["units"] if state["pieces"][p]["loc"] == area
                    and kind_of(rs, state, p) in ("ch", "me")]
            if outcome == "half" and mech:
                flow.call(rs, state, ctx, "turn-marauder", side=side, units=mech,
                          count=math.ceil(len(mech) / 2))
                return True
        if item["stage"] == "again":
            item["stage"] = "battle"
            if item["again"]:  # 12.434: the regular stack and the Marauder stack, a step each
                pending = []
                for owner in (side, "marauders"):
                    stack = [p for p in stack_units(rs, state, area, owner, within)]
                    order = ([p for p in stack if kind_of(rs, state, p) == "me"]
                             or [p for p in stack if kind_of(rs, state, p) == "ch"] or stack)
                    if order:
                        pending.append(step_loss(owner, 1, order, f"{place} pillaged again",
                                                 rs.cite("12.434")))
                if pending:
                    flow.call(rs, state, ctx, "step-losses", side=pending[0]["side"],
                              pending=pending)
                    return True
        if item["stage"] == "battle":
            item["stage"] = "alone"
            loyal = stack_units(rs, state, area, side, within)
            rebels = stack_units(rs, state, area, "marauders", within)
            if outcome == "half" and loyal and rebels:
                ctx.log(f"Loyal units and Marauders fight in {place}"
                        + (" inside the fortress" if within else ""), rs.cite("12.433"))
                flow.call(rs, state, ctx, "battle", side=side, area=area,
                          attacker="marauders", defender=side, attacker_commander=None,
                          entered_from=None, spent_before={}, within=within, in_place=True)
                return True
        if item["stage"] == "alone":
            item["stage"] = "done"
            leaders = [p for p in pieces_at(state, area) if rs.piece_side(state, p) == side
                       and rs.is_leader(state, p) and (p in movement.inside(state)) == within]
            if (outcome in ("half", "all") and leaders
                    and not stack_units(rs, state, area, side, within)
                    and stack_units(rs, state, area, "marauders", within)):
                flow.call(rs, state, ctx, "place-leaders", side=side, leaders=leaders)
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
    """The opposing player side."""
    return "montfort" if side == "blois" else "blois"


PAY_STEPS = (Unpaid, TurnMarauder, ReceiveBr, PlaceLeaders, SupplyBase)


def action_label(rs: DeuxBretagne, state: State, action: Action) -> str | None:
    """Button labels of the payment and resource choices, in players' words."""
    verb, args = action.verb, action.args
    if verb == "receive-br" and args and args[0] in rs.board_map.areas:
        return f"Receive the BR knights in {rs.board_map.place_name(args[0])}"
    if verb == "supply-base" and args and args[0] in rs.board_map.areas:
        return f"Supply base in {rs.board_map.place_name(args[0])}"
    if verb == "offer-exchange" and len(args) == 2 and all(a in state["pieces"] for a in args):
        return (f"Offer {rs.piece_name(state, args[1])} for {rs.piece_name(state, args[0])} "
                "(exchange)")
    if verb == "assault-instead" and args and args[0] in rs.board_map.areas:
        return f"Siege roll at {rs.board_map.place_name(args[0])} instead of foraging (10.2)"
    return {"accept-exchange": "Accept the exchange",
            "refuse-exchange": "Refuse the exchange",
            "forage-none": "Forage nowhere: lose the step (8.16)"}.get(verb)
