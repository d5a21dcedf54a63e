"""Losing strength points one unit at a time (9, 10): a unit of 2 SP is reduced (1 SP), or
a unit is eliminated to its camp's Reserve. Shared by the fatigue and battle steps."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, put_piece


def sp_loss_choices(rs: Any, state: State, pids: list[str], remaining: int) -> Iterator[Action]:
    """``reduce`` a 2-SP unit, or ``eliminate-unit`` one whose SP fit in ``remaining``."""
    for pid in pids:
        sp = rs.sp(state, pid)
        if sp == 2:
            yield Action.of("reduce", pid)
        if sp <= remaining:
            yield Action.of("eliminate-unit", pid)


class SpLossStep(Step):
    """A step whose player takes SP losses; subclasses say why (``LABEL``, ``RULE``) and
    what comes after each loss (``_after``)."""

    LABEL: ClassVar[str] = ""
    RULE: ClassVar[str] = ""

    def _after(self, rs: Any, state: State, frame: Frame, ctx: Context, flow: Flow,
               lost: int) -> None:
        raise NotImplementedError  # abstract: each loss step says what comes next

    def _lost(self, rs: Any, state: State, ctx: Context, pid: str, sp: int) -> None:
        """Hook before ``pid`` loses ``sp`` SP (the battle step scores gendarmes, 12)."""

    def on_reduce(self, rs: Any, state: State, frame: Frame, action: Action, ctx: Context,
                  flow: Flow) -> None:
        pid = action.arg(0)
        name = rs.piece_name(state, pid)
        self._lost(rs, state, ctx, pid, 1)
        state["pieces"][pid]["flipped"] = True
        ctx.log(f"{self.LABEL}: {name} loses 1 SP (reduced)", rs.cite(self.RULE))
        self._after(rs, state, frame, ctx, flow, 1)

    def on_eliminate_unit(self, rs: Any, state: State, frame: Frame, action: Action,
                          ctx: Context, flow: Flow) -> None:
        pid = action.arg(0)
        sp = rs.sp(state, pid)
        name = rs.piece_name(state, pid)
        self._lost(rs, state, ctx, pid, sp)
        state["prev_loc"][pid] = state["pieces"][pid]["loc"]
        if rs.unit_code(state, pid) != "Ca":
            # A captured cannon stays on its captured side: its new camp's unit (7.2).
            state["pieces"][pid]["flipped"] = False
        put_piece(state, pid, rs.reserve_of(frame["side"]))
        ctx.log(f"{self.LABEL}: {name} eliminated ({sp} SP) to the Reserve",
                rs.cite(self.RULE))
        self._after(rs, state, frame, ctx, flow, sp)
