"""Crib Phase One: both players roll for the initiative; the impulses follow."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.tables import resolve
from boardapp.core.engine.verbs import verb

from ..model import N_, OTHER, PHASE_NAMES, PLAYERS, LionModel, decide_initiative, impulses_for
from .common import LionPhase


class InitiativePhase(LionPhase):
    """Phase One: one die each, modified by the kings; the winner's impulses."""

    name = "initiative"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        """A new turn begins (after the score of the last one)."""
        ctx.log(N_("Turn {turn}. {phase}"), rs.cite("New Turn"), turn=state["turn"],
                phase=PHASE_NAMES["initiative"])

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        return N_("{phase}: roll the dice", phase=PHASE_NAMES[self.name])

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("roll-initiative")

    @verb("roll-initiative", label=N_("Roll initiative"))
    def on_roll_initiative(self, rs: LionModel, state: State, frame: Frame, action: Action,
                           ctx: Context, flow: Flow) -> None:
        rule = rs.cite("Phase One")
        totals = {}
        for side in PLAYERS:
            res = resolve(ctx, table=N_("Initiative"), column=rs.side(side).name, sides=6,
                          zero_based=False, modifiers=rs.king_modifiers(state, side),
                          lookup=lambda t: t, rule=rule, who=rs.side(side).name)
            totals[side] = res.modified
        v = state["vars"]
        holder = v["initiative"]
        new = decide_initiative(totals["english"], totals["french"], holder)
        v["initiative"] = new
        v["rolls"] = totals
        v["impulses"] = impulses_for(totals["english"], totals["french"], new)
        why = (N_("higher roll") if totals["english"] != totals["french"] else
               N_("tie: no change of initiative") if holder else
               N_("tie in the first round: English"))
        ctx.log(N_("{name} take the initiative ({why}); impulses: {name} {impulses}, {name2} "
                   "{impulses2} (2 + lowest roll; one fewer)", name=rs.side(new).name, why=why,
                   impulses=v['impulses'][new], name2=rs.side(OTHER[new]).name,
                   impulses2=v['impulses'][OTHER[new]]), rule)
        flow.enter_phase(rs, state, ctx, "impulses", side=new)
