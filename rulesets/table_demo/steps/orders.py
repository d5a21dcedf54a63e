"""A turn (rules 2-6): both sides plan their figures' paths in secret, the orders are
revealed together and carried out together in sixths."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action, LogLine
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State
from boardapp.core.engine.together import Obligation, RevealSealed, SealedChoice
from boardapp.core.engine.verbs import verb
from boardapp.core.table.fixed import direction, point_text, to_cm, to_units
from boardapp.core.table.measure import figure_bases
from boardapp.core.table.positions import position, set_position
from boardapp.core.table.together import Figure, carry_out, fraction_detail

from ..model import (
    LAST_TURN,
    RULES,
    SIDES,
    TURN_IN_PLACE,
    Order,
    TableModel,
    orders_text,
    parse_orders,
    parse_path,
)
from ..words import N_

ORDERS_STEP = "orders"
SAMPLE_SHARES = (0.5, 0.95)
"""The listed moves of a figure (a table cannot list them all): these shares of its
allowance in eight directions."""


class RevealOrders(RevealSealed, Obligation[TableModel]):
    """Each side's program reveals its own orders once both are given (the core's
    reveal of sealed choices, rule 2)."""

    @verb("reveal", hand=True, label=N_("Reveal your orders"), logs=True)
    def on_reveal(self, rs: TableModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        super().on_reveal(rs, state, frame, action, ctx, flow)


class TurnPhase(Step[TableModel]):
    """The turn: calls the orders (rule 2) and, once they are carried out, starts the
    next turn or scores the hill (rule 6)."""

    name = "turn"

    def deciders(self, rs: TableModel, state: State, frame: Frame) -> list[str]:
        return []

    def resume(self, rs: TableModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        state["turn"] += 1
        if state["turn"] > LAST_TURN:
            count = rs.on_hill(state)
            state["score"].update(count)
            ctx.log(N_("The fourth turn is over: on the hill Red {red}, Blue {blue}",
                       red=count["red"], blue=count["blue"]), rs.cite("6"))
            return
        ctx.log(N_("Turn {turn} begins: both sides give orders", turn=state["turn"]),
                rs.cite("2"))
        flow.call_many(rs, state, ctx, ORDERS_STEP, sides=list(SIDES))


def _plan_label(rs: TableModel, state: State, action: Action) -> str:
    names = listing([rs.piece_name(state, p) for p in action.pieces(0)
                     if p in state["pieces"]])
    return N_("Plan {pieces}'s path to {path}", pieces=names, path=action.arg(1))


class Orders(SealedChoice[TableModel]):
    """Rule 2: each side plans its figures' paths in secret (``plan``, a drag of a
    figure), then commits its orders; all are revealed together and carried out (rule 5)."""

    name = ORDERS_STEP
    _checked: tuple[State, Action, list[Order]] | None = None
    """The orders of the plan :meth:`why_not` found legal last, with its position and
    action: the plan applied right after it (in that position, the same action object)
    needs not read them again."""

    def prompt(self, rs: TableModel, state: State, frame: Frame) -> str:
        names = listing([rs.side(s).name for s in self.deciders(rs, state, frame)],
                        str(N_(" and ")))
        return N_("Turn {turn}: {sides}, drag your figures to plan their paths in secret, "
                  "then commit your orders", turn=state["turn"], sides=names)

    @staticmethod
    def drafts(state: State, side: str) -> dict[str, str]:
        return state["vars"].setdefault("drafts", {}).setdefault(side, {})

    def options(self, rs: TableModel, state: State, frame: Frame, side: str) -> list[str]:
        """The orders planned so far (or none: hold)."""
        drafts = self.drafts_view(state, side)
        orders = []
        for pid, path in sorted(drafts.items()):
            points, facing = parse_path(path)
            orders.append(Order(pid, points, facing))
        return [orders_text(orders)]

    @staticmethod
    def drafts_view(state: State, side: str) -> dict[str, str]:
        return dict(state["vars"].get("drafts", {}).get(side) or {})

    def actions_for(self, rs: TableModel, state: State, frame: Frame,
                    side: str) -> Iterator[Action]:
        if side not in self.deciders(rs, state, frame):
            return
        for pid in sorted(figure_bases(rs, state)):
            if rs.piece_side(state, pid) == side:
                yield from self._sample_plans(rs, state, pid)
        yield from super().actions_for(rs, state, frame, side)

    def _sample_plans(self, rs: TableModel, state: State, pid: str) -> Iterator[Action]:
        at = position(state, pid)
        assert at is not None
        allowance = rs.spec(state, pid).allowance
        for share in SAMPLE_SHARES:
            for heading in range(0, 360, 45):
                dx, dy = direction(heading)
                x = to_units(to_cm(at[0]) + dx * allowance * share)
                y = to_units(to_cm(at[1]) + dy * allowance * share)
                order = Order(pid, ((to_cm(x), to_cm(y)),))
                if rs.why_not_order(state, rs.piece_side(state, pid), order) is None:
                    yield Action("plan", (pid, point_text(x, y)))

    def why_not(self, rs: TableModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        """A plan or orders are checked by the rules' predicates (paths on a table cannot
        all be listed); the reveal by the default lookup."""
        if action.verb not in ("plan", "commit") or len(action.args) != (
                2 if action.verb == "plan" else 1):
            return super().why_not(rs, state, frame, action, side)
        deciders = self.deciders(rs, state, frame)
        if side is not None and side not in deciders:
            return self._not_yours(rs, deciders), rs.cite("2")
        if action.verb == "commit":
            sides = [side] if side is not None else deciders
            if not any(rs.why_not_orders(state, s, action.arg(0)) is None for s in sides):
                return rs.why_not_orders(state, sides[0], action.arg(0)) if sides else (
                    "nobody gives orders now", None)
            return None
        pids = action.pieces(0)
        if not pids or len(set(pids)) != len(pids):
            return N_("name each figure once"), rs.cite("2")
        for pid in pids:
            if pid not in state["pieces"]:
                return N_("no piece {pid}", pid=repr(pid)), None
            owner = rs.piece_side(state, pid)
            if owner not in deciders or (side is not None and owner != side):
                return N_("{piece} is not yours to order",
                          piece=rs.piece_name(state, pid)), rs.cite("2")
        try:
            orders = rs.group_orders(state, pids, action.arg(1))
        except ValueError as exc:
            return str(exc), rs.cite("2")
        for order in orders:
            why = rs.why_not_order(state, rs.piece_side(state, order.pid), order)
            if why is not None:
                return why
        self._checked = (state, action, orders)  # the plan applies next (Flow.apply)
        return None

    @verb("plan", drag=True, sealed=True, label=_plan_label, logs=True)
    def on_plan(self, rs: TableModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        checked, self._checked = self._checked, None
        if checked is not None and checked[0] is state and checked[1] is action:
            orders = checked[2]  # found by the legality check, in this very position
        else:
            orders = rs.group_orders(state, action.pieces(0), action.arg(1))
        side = rs.piece_side(state, orders[0].pid)
        for order in orders:
            self.drafts(state, side)[order.pid] = order.text().split(":", 1)[1]
        name = rs.side(side).name
        ctx.log(N_("{name} plans a path (secret)", name=name), rs.cite("2"))
        for order in orders:
            ctx.log(N_("{name} plans {piece}'s path to {path}", name=name,
                       piece=rs.piece_name(state, order.pid),
                       path=order.text().split(":", 1)[1]), private=True)

    def chosen(self, rs: TableModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               choices: dict[str, str]) -> None:
        """Rule 5: carry out every side's orders together, a sixth at a time."""
        bases = figure_bases(rs, state)
        orders = {o.pid: o for side in SIDES for o in parse_orders(choices[side])}
        figures = {}
        for pid, base in bases.items():
            order = orders.get(pid)
            plan = rs.plan(state, pid, order.points) if order else None
            figures[pid] = Figure(rs.piece_side(state, pid), base, plan,
                                  rs.spec(state, pid).allowance,
                                  order.facing if order else None)
        state["vars"]["drafts"] = {}
        turn = state.get("legacy", {}).get(TURN_IN_PLACE, True)
        for fraction in carry_out(figures, RULES.fractions, turn_in_place=turn):
            for pid, (x, y, f) in fraction.positions.items():
                set_position(state, pid, x, y, f)
            moved = listing([N_("{piece} {point}", piece=rs.piece_name(state, p),
                                point=point_text(x, y, f))
                             for p, (x, y, f) in fraction.positions.items()], "; ")
            ctx.lines.append(LogLine(N_("Sixth {index}: {moves}", index=fraction.index,
                                        moves=moved or N_("nobody moves")),
                                     rs.cite("5"), detail=fraction_detail(fraction)))
            for pid, other in fraction.contacts:
                ctx.log(N_("{piece} stops in contact with {other}",
                           piece=rs.piece_name(state, pid), other=rs.piece_name(state, other)),
                        rs.cite("5"))
            for pid, other in fraction.blocked:
                ctx.log(N_("{piece} stops before {other}", piece=rs.piece_name(state, pid),
                           other=rs.piece_name(state, other)), rs.cite("5"))
        flow.end(rs, state, ctx, None)
