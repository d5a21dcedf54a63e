"""4.0 C-F: the end of the action phase (each player keeps one card), phases D-F run by
``Next turn`` (the end-of-turn procedure, ``turn.py``), and the game once it is over."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import cards as card_rules
from ..model.base import DeuxBretagneModel
from ..words import N_
from .common import DeuxBretagneStep


class EndOfActions(DeuxBretagneStep):
    """4.0 C: both players have played their activations; ``next-turn`` plays D-F."""

    name = "end-of-actions"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        ctx.log(N_("Action phase over; Next turn plays phases D-F"), rs.cite("4.0"))
        card_rules.discard_down(rs, state, ctx, flow)  # 4.0 C: keep 1 card

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return (N_("Action phase over: Next turn plays phases D-F (militia, resources, payment, "
                   "continued sieges, plague, victory) (4.0)"))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("next-turn")

    @verb("next-turn", label=N_("Next turn"))
    def on_next_turn(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        flow.call(rs, state, ctx, "end-of-turn", side=state["active"])


class GameOver(DeuxBretagneStep):
    """The scenario has ended (13.2, 14.x): nothing more to play."""

    name = "over"

    def deciders(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> list[str]:
        return []

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        return N_("The game is over: {get}", get=state['vars'].get('result', ''))

