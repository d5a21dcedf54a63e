"""Spending resource points in phase D2b (rules 4.0 D2b, 12.2, 12.52-12.53), Blois first.

Each player may free captured leaders (ransom = their command value, paid to the other
player, 12.2), pay his units (12.31, see :mod:`pay`) and buy stacks of Marauders (1 PS a
Ch step, 0.5 PS a Me step, the whole stack, 12.52), which become his units of the same
type and steps (12.53).

The steps; the rules they apply (data, predicates) are in ``model/resources.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, pieces_at, put_piece
from boardapp.core.engine.verbs import verb

from ..model import labels
from ..model.base import DeuxBretagneModel
from ..model.control import update_counties
from ..model.pay import mark_unpaid, pay, pay_actions, pay_cost, payable
from ..model.recruit import free_counters
from ..model.resources import exchanges, marauder_stacks, other, ransoms, stack_price
from ..words import N_
from .common import DeuxBretagneStep


class Resources(DeuxBretagneStep):
    """A player spends his PS: ransoms and Marauders, or is done (4.0 D2b)."""

    name = "resources"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        money = state["vars"]["resources"].get(frame["side"], 0)
        return (N_("{side}: {money} PS — free captured leaders, pay your units, buy Marauders, "
                   "then Done ({rule})", side=rs.side(frame['side']).name, money=money,
                   rule=rs.cite('4.0 D2b, 12')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        side = frame["side"]
        money = state["vars"]["resources"].get(side, 0)
        for pid in ransoms(rs, state, side):
            yield Action("ransom", (pid,))
        for own, held in exchanges(rs, state, side, frame["vars"].get("refused", [])):
            yield Action("offer-exchange", (own, held))
        yield from pay_actions(rs, state, side)
        for area, units in sorted(marauder_stacks(rs, state).items()):
            if stack_price(rs, state, units) <= money:
                yield Action("buy-marauders", (area,))
        yield Action("done")

    def actions_of(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                   verb_name: str) -> Iterator[Action]:
        """Only the part of :meth:`actions` that yields ``verb_name`` (Done and the pay
        are checked without looking for ransoms, exchanges and Marauders)."""
        if verb_name == "done":
            return iter((Action("done"),))
        if verb_name in ("pay", "pay-all"):
            listing = pay_actions(rs, state, frame["side"])
            return (a for a in listing if a.verb == verb_name)
        return super().actions_of(rs, state, frame, verb_name)

    @verb("ransom", label=labels.piece(N_("Free {0} (ransom)")))
    def on_ransom(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        side, pid = frame["side"], action.args[0]
        price = rs.piece_type(state, pid).command
        state["vars"]["resources"][side] -= price
        state["vars"]["resources"][other(side)] = state["vars"]["resources"].get(
            other(side), 0) + price
        ctx.log(N_("{side} pays {price} PS to free {piece} (received by {side2})",
                   side=rs.side(side).name, price=price, piece=rs.piece_name(state, pid),
                   side2=rs.side(other(side)).name), rs.cite("12.2"))
        flow.call(rs, state, ctx, "place-freed", side=side, leader=pid)

    @verb("buy-marauders", label=labels.place(N_("Buy the Marauders in {0}")))
    def on_buy_marauders(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        side, area = frame["side"], action.args[0]
        units = marauder_stacks(rs, state)[area]
        price = stack_price(rs, state, units)
        state["vars"]["resources"][side] -= price
        names = []
        for pid in units:
            kind = "ch-fr" if side == "blois" else "ch-an"
            if rs.piece_type(state, pid).id.endswith("-me"):
                kind = "me"
            reduced = rs.is_reduced(state, pid)
            within = pid in state["vars"]["inside"]
            if within:
                state["vars"]["inside"].remove(pid)
            state["prev_loc"][pid] = area
            put_piece(state, pid, "reserve")
            state["pieces"][pid]["flipped"] = False
            free = free_counters(rs, state, f"{side}-{kind}")
            if not free:
                ctx.log(N_("No {side} {kind} counter left: the Marauder unit is discarded",
                           side=side, kind=kind),
                        rs.cite("12.53"))
                continue
            new = free[0]
            put_piece(state, new, area, index=len(pieces_at(state, area)))
            state["pieces"][new]["flipped"] = reduced
            if within and state["control"].get(area) == side:
                state["vars"]["inside"].append(new)  # they garrison his fortress
            names.append(rs.piece_name(state, new))
        ctx.log(N_("{side} buys the Marauders in {place} for {price} PS: {value}",
                   side=rs.side(side).name, place=rs.board_map.place_name(area), price=price,
                   value=listing(names) or 'none replaced'), rs.cite("12.52, 12.53"))
        if area not in state["vars"]["sieges"]:
            state["control"][area] = side
            ctx.log(N_("{side} takes control of {place}", side=rs.side(side).name,
                       place=rs.board_map.place_name(area)),
                    rs.cite("12.53"))
            update_counties(rs, state, ctx)

    @verb("offer-exchange", label=labels.offer_exchange)
    def on_offer_exchange(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        own, held = action.args
        side = frame["side"]
        ctx.log(N_("{side} offers to exchange {piece} for {piece2} (same command value)",
                   side=rs.side(side).name, piece=rs.piece_name(state, held),
                   piece2=rs.piece_name(state, own)), rs.cite("12.2"))
        flow.call(rs, state, ctx, "exchange-answer", side=other(side), offer=[own, held])

    def resume(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        if isinstance(result, dict) and "refused" in result:  # not offered again
            frame["vars"].setdefault("refused", []).append(result["refused"])

    @verb("pay", label=labels.piece(N_("Pay {0}")),
          cost=lambda rs, state, action: N_("{pay_cost} PS",
                                            pay_cost=pay_cost(rs, state, action.arg(0))),
          logs=True)
    def on_pay(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
               ctx: Context, flow: Flow) -> None:
        pay(rs, state, frame["side"], [action.args[0]], ctx)

    @verb("pay-all", label=N_("Pay all units"), cost=lambda rs, state, action: (
        N_("{sum} PS",
           sum=sum(pay_cost(rs, state, p) for p in payable(rs, state, rs.acting_side(state))))))
    def on_pay_all(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        pay(rs, state, frame["side"], payable(rs, state, frame["side"]), ctx)

    @verb("done", label=N_("Done"), loses=lambda rs, state, action: _unpaid(rs, state))
    def on_done(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        mark_unpaid(rs, state, frame["side"], ctx)
        flow.end(rs, state, ctx)


def _unpaid(rs: DeuxBretagneModel, state: State) -> str:
    """What Done gives up while paying: the units left unpaid (12.31)."""
    n = len(payable(rs, state, rs.acting_side(state)))
    return N_("{n} unit(s) stay unpaid: Pas de solde (12.31)", n=n) if n else ""


class PlaceFreed(DeuxBretagneStep):
    """A freed leader goes to any friendly area (12.2)."""

    name = "place-freed"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        name = rs.piece_name(state, frame["vars"]["leader"])
        return N_("{side}: place {name} in a friendly area (12.2)",
                  side=rs.side(frame['side']).name, name=name)

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for area in sorted(rs.board_map.areas):
            if state["control"].get(area) == frame["side"]:
                yield Action("free-to", (area,))

    @verb("free-to", label=labels.place(N_("Free to {0}")))
    def on_free_to(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        pid, area = frame["vars"]["leader"], action.args[0]
        put_piece(state, pid, area)
        ctx.log(N_("{piece} is free in {place}", piece=rs.piece_name(state, pid),
                   place=rs.board_map.place_name(area)),
                rs.cite("12.2"))
        flow.end(rs, state, ctx)


class ExchangeAnswer(DeuxBretagneStep):
    """The other player accepts or refuses an exchange of prisoners of the same command
    value (12.2: an exchange needs both players; a ransom cannot be refused)."""

    name = "exchange-answer"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        own, held = frame["vars"]["offer"]
        return (N_("{side}: {side2} offers {piece} for {piece2} — accept the exchange? ({rule})",
                   side=rs.side(frame['side']).name, side2=rs.side(other(frame['side'])).name,
                   piece=rs.piece_name(state, held), piece2=rs.piece_name(state, own),
                   rule=rs.cite('12.2')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        if frame["vars"].get("todo") is None:
            yield Action("accept-exchange")
            yield Action("refuse-exchange")

    @verb("accept-exchange", label=N_("Accept the exchange"))
    def on_accept_exchange(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                           action: Action, ctx: Context, flow: Flow) -> None:
        own, held = frame["vars"]["offer"]
        ctx.log(N_("Exchange accepted: {piece} and {piece2} are free",
                   piece=rs.piece_name(state, own), piece2=rs.piece_name(state, held)),
                rs.cite("12.2"))
        frame["vars"]["todo"] = [[other(frame["side"]), own], [frame["side"], held]]
        self.resume(rs, state, frame, ctx, flow, None)

    @verb("refuse-exchange", label=N_("Refuse the exchange"))
    def on_refuse_exchange(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                           action: Action, ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{side} refuses the exchange", side=rs.side(frame['side']).name),
                rs.cite("12.2"))
        flow.end(rs, state, ctx, result={"refused": list(frame["vars"]["offer"])})

    def resume(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        todo = frame["vars"]["todo"]
        if not todo:
            flow.end(rs, state, ctx)
            return
        side, pid = todo.pop(0)
        flow.call(rs, state, ctx, "place-freed", side=side, leader=pid)


RESOURCE_STEPS = (Resources, PlaceFreed, ExchangeAnswer)
