"""Helpers the steps share: who acts next in a phase taken in turn."""

from __future__ import annotations

from boardapp.core.engine import together
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel
from ..words import N_
from .corrections import Corrections


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


class RevealSealed(Corrections, together.RevealSealed):
    """The core's reveal of the sealed choices (votes, stakes, allies, bribes), typed
    against the model and with the corrections by hand of every step."""

    @verb("reveal", hand=True, label=N_("Reveal your sealed choice"))
    def on_reveal(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        together.RevealSealed.on_reveal(self, rs, state, frame, action, ctx, flow)
