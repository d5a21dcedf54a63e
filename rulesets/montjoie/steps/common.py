"""Helpers the steps share: who acts next in a phase taken in turn."""

from __future__ import annotations

from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow
from boardapp.core.engine.state import State

from ..model.base import MontjoieModel


def next_in_order(rs: MontjoieModel, state: State, nation: str) -> str | None:
    """The nation after ``nation`` in this turn's order (``None``: it was the last)."""
    order = [n for n in state["vars"]["order"] if n in rs.players(state)]
    i = order.index(nation) + 1 if nation in order else len(order)
    return order[i] if i < len(order) else None


def first_in_order(rs: MontjoieModel, state: State) -> str:
    return next(n for n in state["vars"]["order"] if n in rs.players(state))


def go_next_phase(rs: MontjoieModel, state: State, ctx: Context, flow: Flow) -> None:
    """Enter the next phase with the first player of the order to act."""
    flow.next_phase(rs, state, ctx, side=first_in_order(rs, state))
