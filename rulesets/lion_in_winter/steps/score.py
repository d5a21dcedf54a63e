"""Crib Phase Eleven: the score is adjusted on entering the phase; then the next turn,
or the end of the game."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import N_, PHASE_NAMES, LionModel
from .common import LionPhase


class ScorePhase(LionPhase):
    """Phase Eleven: the turn's points are scored as the phase begins."""

    name = "score"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        super().begin(rs, state, frame, ctx, flow)
        rs.score(state, ctx)

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        return N_("{phase}: done; next turn", phase=PHASE_NAMES[self.name])

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("next-turn")
        if state["vars"].get("rounds") is None:
            yield Action("end-game")

    @verb("next-turn")
    def on_next_turn(self, rs: LionModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        state["turn"] += 1
        state["vars"]["death_checked"] = False
        state["vars"]["control_checked"] = False
        state["vars"]["fought"] = []
        flow.enter_phase(rs, state, ctx, "initiative",
                         side=state["vars"]["initiative"] or "english")

    @verb("end-game", label=N_("End the game now (its length is not in the crib sheet)"))
    def on_end_game(self, rs: LionModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        """The game length is unknown (not in the crib sheet, ``rounds: null`` in
        setup.yaml): the players end the game after a Phase Eleven."""
        state["vars"]["over"] = "players"
        ctx.log(N_("The game is ended by the players after round {turn}: {outcome}",
                   turn=state['turn'], outcome=rs.outcome(state)), self.rule(rs))
