"""The movement sequences (GA 5 sequences 2 and 4, GA 6, GA 7): every side's orders,
its charges among them, given in secret, revealed and carried out together (the
counter-charges given beforehand, as an order "counter-charge if charged": one send by
email per side and movement sequence). The joust (Scenario I) declares its charges
alone."""

from __future__ import annotations

import math
from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import Obligation, RevealSealed, SealedChoice
from boardapp.core.engine.verbs import verb
from boardapp.core.table.bases import Bases

from ..model import SIDES, GuetApensModel, Order, orders_text, parse_orders
from ..model.words import N_, both
from .carriers import NameCarriers
from .carry import carry_out_sequence, toward
from .choices import ChoiceWords
from .escort import EscortOrders
from .exits import LeaveTable
from .hidden import ShowHidden
from .mules import MuleOrders

DECLARE_STEP = "declare"
MOVE_STEP = "move"
NONE = "none"



def first_fit(sides: list[str], nobody: str, why_not) -> tuple[str, str | None] | None:
    """``None`` if one of ``sides`` may send the orders (``why_not(side)`` is ``None``),
    else the last side's refusal (``nobody`` when no side may send any now)."""
    why: tuple[str, str | None] | None = (nobody, None)
    for side in sides:
        why = why_not(side)
        if why is None:
            return None
    return why

class RevealOrders(RevealSealed, Obligation[GuetApensModel]):
    """Each side's program reveals its own sealed choice (GA 7.2: charges revealed)."""

    @verb("reveal", hand=True, label=N_("Reveal your sealed choice"), logs=True)
    def on_reveal(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        super().on_reveal(rs, state, frame, action, ctx, flow)


def nearest_enemy(rs: GuetApensModel, state: State, pid: str, index: Bases,
                  riders_only: bool = False) -> str | None:
    side = rs.piece_side(state, pid)
    here = index.bases[pid]
    best = None
    found = []
    for q, base in index.bases.items():
        if q not in state["vars"]["figs"] or rs.piece_side(state, q) == side or \
                q in state["vars"].get("fixed", []) or (riders_only and not (
                    rs.mounted(state, q) and rs.active(state, q))) or \
                set(rs.fig(state, q)["states"]) & {"dead", "out", "captured"}:
            continue
        centres = math.hypot(base.x - here.x, base.y - here.y)
        found.append((centres - here.reach - base.reach, centres, q, base))
    for least, _, q, base in sorted(found):  # the nearest centres first
        if best is not None and least - FAR_MARGIN > best[0]:
            break  # this one and the rest are certainly farther than the best
        d = here.distance(base)
        if best is None or (d, q) < best:
            best = (d, q)
    return best[1] if best else None


FAR_MARGIN = 1e-6
"""Centimetres: a base whose least possible distance (the centres' less both reaches)
passes the best distance found by more than this cannot be nearer (GEOS's distance is
never below the true one by as much)."""


def chargers(rs: GuetApensModel, state: State, side: str) -> list[str]:
    """``side``'s riders that may declare a charge at some enemy now (GA 7)."""
    index = rs.index(state)
    out = []
    for pid in sorted(state["vars"]["figs"]):
        if rs.piece_side(state, pid) != side or not rs.active(state, pid) or \
                not rs.mounted(state, pid) or pid in state["vars"].get("fixed", []):
            continue
        target = nearest_enemy(rs, state, pid, index, riders_only=True)
        if target and rs.why_not_charge(state, pid, target, index) is None:
            out.append(pid)
    return out


class DeclareCharges(ChoiceWords, SealedChoice[GuetApensModel]):
    """GA 7.2: at the start of the movement sequence each side writes its charges and
    their targets in secret; they are revealed together."""

    name = DECLARE_STEP

    def prompt(self, rs: GuetApensModel, state: State, frame: Frame) -> str:
        names = both([rs.side(s).name for s in self.deciders(rs, state, frame)])
        return N_("{names}: declare your charges in secret (rider against rider, GA 7.2)",
                  names=names)

    def options(self, rs: GuetApensModel, state: State, frame: Frame, side: str) -> list[str]:
        index = rs.index(state)
        each = []
        for pid in chargers(rs, state, side):
            target = nearest_enemy(rs, state, pid, index, riders_only=True)
            each.append(f"{pid}!{target}")
        if frame["vars"].get("compulsory"):
            return ["/".join(each)] if each else [NONE]
        return [NONE, *each] + (["/".join(each)] if len(each) > 1 else [])

    def why_not(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        if action.verb != "commit" or len(action.args) != 1 or frame["vars"].get(
                "compulsory"):
            return super().why_not(rs, state, frame, action, side)
        deciders = self.deciders(rs, state, frame)
        if side is not None and side not in deciders:
            return self._not_yours(rs, deciders), rs.cite("7.2")
        if action.arg(0) == NONE:
            return None
        return first_fit([side] if side else deciders, N_("nobody declares now"),
                         lambda s: self._why_not_charges(rs, state, s, action.arg(0)))

    @staticmethod
    def _why_not_charges(rs: GuetApensModel, state: State, side: str,
                         text: str) -> tuple[str, str | None] | None:
        try:
            orders = parse_orders(text)
        except ValueError as exc:
            return str(exc), rs.cite("7.2")
        if not orders or any(not o.charge for o in orders):
            return N_("a declaration is PID!TARGET items joined by /"), rs.cite("7.2")
        return rs.why_not_orders(state, side, text)

    def chosen(self, rs: GuetApensModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, choices: dict[str, str]) -> None:
        v = state["vars"]
        charges = v.setdefault("charges", {})
        for side in frame["sides"]:
            if choices[side] == NONE:
                continue
            for order in parse_orders(choices[side]):
                charges[order.pid] = {"target": order.charge, "covered": 0.0}
                v.setdefault("last_charge", {})[order.pid] = v.get("movement", 0)
                ctx.log(N_("{name} charges {target}"), rs.cite("7.2"),
                        name=rs.piece_name(state, order.pid),
                        target=rs.piece_name(state, order.charge))
        flow.end(rs, state, ctx, None)


class MoveOrders(ChoiceWords, ShowHidden, NameCarriers, MuleOrders, LeaveTable, EscortOrders,
                 SealedChoice[GuetApensModel]):
    """GA 6.1.1: each side gives its figures' orders in secret (a path dragged on the
    table: walk or run by its length; crawl, reverse, about-face, mount, dismount), its
    charges (GA 7.2, ``PID!TARGET``) and, for a rider who may be charged, the order to
    counter-charge (``PID@counter``, GA 7.3); revealed and carried out together."""

    name = MOVE_STEP

    def prompt(self, rs: GuetApensModel, state: State, frame: Frame) -> str:
        names = both([rs.side(s).name for s in self.deciders(rs, state, frame)])
        return N_("Period {turn}, movement: {names}, drag your figures to plan their moves in "
                  "secret, then commit your orders", turn=state["turn"], names=names)

    def actions_for(self, rs: GuetApensModel, state: State, frame: Frame,
                    side: str) -> Iterator[Action]:
        yield from super().actions_for(rs, state, frame, side)
        if side in self.deciders(rs, state, frame):  # GA 14.8.2: a hidden figure shown
            yield from self.show_actions(rs, state, side)
            yield from self.own_actions(rs, state, side)  # GA 14.11.2
            yield from self.mule_actions(rs, state, side)  # GA 14.8.2, 14.10.3
            yield from self.exit_actions(rs, state, side)  # GA 14
            yield from self.escort_actions(rs, state, side)  # GA 13.5.1

    @staticmethod
    def drafts(state: State, side: str) -> dict[str, str]:
        return dict((state["vars"].get("drafts") or {}).get(side) or {})

    def options(self, rs: GuetApensModel, state: State, frame: Frame, side: str) -> list[str]:
        drafts = self.drafts(state, side)
        planned = orders_text([parse_orders(f"{p}{t}")[0] for p, t in sorted(drafts.items())])
        out = [planned]
        advance = self.advance(rs, state, side)
        if advance not in out:
            out.append(advance)
        return out

    def advance(self, rs: GuetApensModel, state: State, side: str) -> str:
        """Every free figure of ``side`` straight at the nearest enemy (a counter-charge
        when it is charged by a rider)."""
        index = rs.index(state)
        charges = state["vars"].get("charges", {})
        orders = []
        for pid in sorted(state["vars"]["figs"]):
            if rs.piece_side(state, pid) != side or not rs.active(state, pid) or \
                    pid in charges or pid in state["vars"].get("fixed", []) or \
                    rs.enemies_in_contact(state, pid, index):
                continue
            if rs.mounted(state, pid):
                rider = nearest_enemy(rs, state, pid, index, riders_only=True)
                if rider and rs.why_not_charge(state, pid, rider, index) is None:
                    orders.append(Order(pid, charge=rider))
                    continue
            target = nearest_enemy(rs, state, pid, index)
            if target is None:
                continue
            order = Order(pid, toward(rs, state, pid, target))
            if rs.why_not_order(state, side, order, index) is None:
                orders.append(order)
        return orders_text(orders)

    def why_not(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        if action.verb not in ("plan", "commit"):
            return super().why_not(rs, state, frame, action, side)
        deciders = self.deciders(rs, state, frame)
        if side is not None and side not in deciders:
            return self._not_yours(rs, deciders), rs.cite("6.1")
        if action.verb == "plan":
            if len(action.args) != 2 or len(action.pieces(0)) != 1:
                return N_("plan one figure: plan PID PATH"), rs.cite("6.1")
            pid = action.pieces(0)[0]
            if pid not in state["vars"]["figs"]:
                return N_("no figure {pid}", pid=repr(pid)), rs.cite("1.2")
            owner = rs.piece_side(state, pid)
            if owner not in deciders or (side is not None and side != owner):
                return N_("{name} is not yours to order", name=rs.piece_name(state, pid)), \
                    rs.cite("6.1")
            return self._why_not(rs, state, owner, f"{pid}:{action.arg(1)}")
        if len(action.args) != 1:
            return N_("commit ORDERS"), rs.cite("6.1")
        return first_fit([side] if side else deciders, N_("nobody gives orders now"),
                         lambda s: self._why_not(rs, state, s, action.arg(0)))

    @staticmethod
    def _why_not(rs: GuetApensModel, state: State, side: str,
                 text: str) -> tuple[str, str | None] | None:
        try:
            orders = parse_orders(text)
        except ValueError as exc:
            return str(exc), rs.cite("6.1")
        charges = state["vars"].get("charges", {})
        plain = []
        for order in orders:
            if order.charge:  # a charge declared with the orders (GA 7.2)
                if order.pid in charges:
                    return N_("{name} is charging", name=rs.piece_name(state, order.pid)), \
                        rs.cite("7.2")
                if rs.piece_side(state, order.pid) != side:
                    return N_("{name} is not yours", name=repr(order.pid)), rs.cite("7.2")
                why = rs.why_not_charge(state, order.pid, order.charge)
                if why is not None:
                    return why
            elif order.doing == "counter":  # GA 7.3: counter-charge if charged
                if order.pid in charges or rs.piece_side(state, order.pid) != side or \
                        not rs.mounted(state, order.pid) or not rs.active(state, order.pid):
                    return N_("{pid}@counter: a rider of yours, not charging, may "
                              "counter-charge", pid=order.pid), rs.cite("7.3")
            elif order.pid in charges:
                return N_("{name} is charging", name=rs.piece_name(state, order.pid)), \
                    rs.cite("7.2")
            else:
                plain.append(order)
        return rs.why_not_orders(state, side, orders_text(plain)) if plain else None

    @verb("plan", drag=True, sealed=True, label=N_("Plan {0}'s move to {1}"), logs=True)
    def on_plan(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        pid = action.pieces(0)[0]
        side = rs.piece_side(state, pid)
        state["vars"].setdefault("drafts", {}).setdefault(side, {})[pid] = ":" + action.arg(1)
        ctx.log(N_("{side} plans a move (secret)"), rs.cite("6.1"), side=rs.side(side).name)
        ctx.log(N_("{name} to {path}"), private=True, name=rs.piece_name(state, pid),
                path=action.arg(1))

    def chosen(self, rs: GuetApensModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, choices: dict[str, str]) -> None:
        v = state["vars"]
        v["drafts"] = {}
        orders: dict[str, Order] = {}
        charges = v.setdefault("charges", {})
        counters = []
        for side in frame["sides"]:
            for order in parse_orders(choices[side]):
                if order.charge:  # GA 7.2: revealed with the orders
                    charges[order.pid] = {"target": order.charge, "covered": 0.0}
                    v.setdefault("last_charge", {})[order.pid] = v.get("movement", 0)
                    ctx.log(N_("{name} charges {target}"), rs.cite("7.2"),
                            name=rs.piece_name(state, order.pid),
                            target=rs.piece_name(state, order.charge))
                elif order.doing == "counter":
                    counters.append(order.pid)
                else:
                    orders[order.pid] = order
        for pid in counters:  # GA 7.3: charged, he counter-charges after half a move
            by = sorted(p for p, c in charges.items() if c["target"] == pid and
                        not c.get("counter") and not c.get("contact"))
            if by and pid not in charges:
                charges[pid] = {"target": by[0], "covered": 0.0, "counter": True}
                ctx.log(N_("{name} counter-charges {target} after half of his move"),
                        rs.cite("7.3"), name=rs.piece_name(state, pid),
                        target=rs.piece_name(state, by[0]))
        carry_out_sequence(rs, state, ctx, orders)
        flow.end(rs, state, ctx, None)


def movers(rs: GuetApensModel, state: State) -> list[str]:
    """The sides with a figure able to move (they give orders)."""
    out = []
    for side in SIDES:
        if any(rs.piece_side(state, p) == side and rs.active(state, p) and
               p not in state["vars"].get("fixed", []) for p in state["vars"]["figs"]):
            out.append(side)
    return out


def call_declare(rs: GuetApensModel, state: State, ctx: Context, flow: Flow,
                 compulsory: bool = False) -> bool:
    """Call the declaration of charges if a side has a rider who may charge."""
    sides = [s for s in SIDES if chargers(rs, state, s)]
    if not sides:
        return False
    flow.call_many(rs, state, ctx, DECLARE_STEP, sides=sides, compulsory=compulsory)
    return True


def call_move(rs: GuetApensModel, state: State, ctx: Context, flow: Flow) -> bool:
    sides = movers(rs, state)
    if not sides:
        return False
    flow.call_many(rs, state, ctx, MOVE_STEP, sides=sides)
    return True
