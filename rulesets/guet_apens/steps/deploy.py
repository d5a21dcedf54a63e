"""Setting up (GA 1.8, GA 14): the figures stand on their side's edge; each player may
place his own by hand (the scenario's plan and its hidden set-ups are the players'),
then says he is ready. When both are, the first period begins."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import GuetApensModel
from ..model.words import N_, WORDS, both
from .campaign import start_adventure
from .carriers import NameCarriers
from .entries import hold_reinforcements, reinforce_now, start_entries
from .hidden import ShowHidden, hide, why_not_hide

START_STEP = "deploy"


class Deploy(ShowHidden, NameCarriers, Step[GuetApensModel]):
    """Both players set up, each then ``ready``; where the scenario says, one side
    hides figures (``hide PID X,Y``, a drag: the place is its secret, GA 14.8.2)."""

    name = START_STEP

    def deciders(self, rs: GuetApensModel, state: State, frame: Frame) -> list[str]:
        done = frame["vars"].get("ready", [])
        return [s for s in frame["sides"] if s not in done]

    def prompt(self, rs: GuetApensModel, state: State, frame: Frame) -> str:
        sc = rs.scenario_data(state["scenario"])
        names = both([rs.side(s).name for s in self.deciders(rs, state, frame)])
        text = (WORDS.msg(str(sc["setup"])) if sc.get("setup")  # the scenario file's words
                else N_("each side on its own table edge (GA 1.8)"))
        return N_("Set-up: {names}, place your figures (by hand) and say when ready. {setup}",
                  names=names, setup=text)

    def actions(self, rs: GuetApensModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("ready", ())
        for side in self.deciders(rs, state, frame):
            yield from self.show_actions(rs, state, side)
            yield from self.carry_actions(rs, state, side)  # GA 14.11.2

    def decider(self, rs: GuetApensModel, state: State, frame: Frame,
                action: Action) -> str | None:
        if action.verb in ("show", "hide", "carry") and action.args:
            return rs.piece_side(state, action.pieces(0)[0])
        return None

    def why_not(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                side: str | None) -> tuple[str, str | None] | None:
        if action.verb != "hide":
            return super().why_not(rs, state, frame, action, side)
        if len(action.args) != 2 or len(action.pieces(0)) != 1:
            return N_("hide one figure: hide PID X,Y"), rs.cite("14.8.2")
        pid = action.pieces(0)[0]
        deciders = self.deciders(rs, state, frame)
        if pid in state["vars"]["figs"] and rs.piece_side(state, pid) not in deciders:
            return self._not_yours(rs, deciders), rs.cite("14.8.2")
        return why_not_hide(rs, state, side, pid, action.arg(1))

    @verb("hide", drag=True, sealed=True, label=N_("Hide {0} at {1}"))
    def on_hide(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        hide(rs, state, ctx, action.pieces(0)[0], action.arg(1))

    @verb("ready", label=N_("Set-up done: ready to play"))
    def on_ready(self, rs: GuetApensModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        frame["vars"].setdefault("ready", []).append(ctx.side)
        ctx.log(N_("{side} has set up"), rs.cite("1.8"), side=rs.side(ctx.side).name)
        if not self.deciders(rs, state, frame):
            start_adventure(rs, state, ctx)  # GA 14.10: what the last adventure carries
            start_entries(rs, state, ctx)  # GA 14.8.1: who enters when
            hold_reinforcements(rs, state, ctx)  # GA 14.10.4: a D6 each period
            ctx.log(N_("Period {turn} begins"), rs.cite("5"), turn=1)
            reinforce_now(rs, state, ctx)  # GA 14.10.6: the tower's D6 from period 1
            flow.end(rs, state, ctx, None)

    def resume(self, rs: GuetApensModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        return None
