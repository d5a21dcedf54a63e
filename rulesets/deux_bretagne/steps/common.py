"""What every step of Les Deux Bretagne does after each of its actions."""

from __future__ import annotations

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State

from ..model import events
from ..model.base import DeuxBretagneModel
from ..model.siege import check_sieges
from ..words import N_


def after_action(rs: DeuxBretagneModel, state: State, ctx: Context) -> None:
    """After every action, by the rules or by hand: sieges whose besiegers have gone are
    lifted (10.14), B-17's Militia follows its siege (6.43)."""
    check_sieges(rs, state, ctx)
    events.after_action(rs, state, ctx)  # 6.43


class DeuxBretagneStep(Step[DeuxBretagneModel]):
    """A step of the game: its action applied, the facts every action may change follow
    (:func:`after_action`)."""

    def act(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
            ctx: Context, flow: Flow) -> None:
        super().act(rs, state, frame, action, ctx, flow)
        after_action(rs, state, ctx)

    def why_not(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        """The default lookup; an action of another step while a procedure waits for a
        decision is refused as such."""
        why = super().why_not(rs, state, frame, action, side)
        if why is not None and action.verb not in self.verbs and frame["step"] not in \
                rs.flow.phases:
            return N_("A decision is pending first: ") + self.prompt(rs, state, frame), why[1]
        return why
