"""Crib Phase Eleven: the score is adjusted on entering the phase; then the next turn,
or the end of the game.

The crib sheet gives no game length (``rounds: null`` in setup.yaml): the players end
the game together. Since version 0.4 the side in Phase Eleven offers to end it
(``end-game``) and the other side agrees (``agree-end``) or plays on (``play-on``: the
next round begins); a game recorded before ended at the first side's word alone
(``state["legacy"]``, :data:`ENDED_TOGETHER`)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State, rule_on
from boardapp.core.engine.verbs import verb

from ..model import N_, OTHER, PHASE_NAMES, LionModel
from .common import LionPhase

ENDED_TOGETHER = "the players end the game together"
"""The legacy switch: off in games recorded before 0.4 (one side ended the game)."""


def next_turn(rs: LionModel, state: State, ctx: Context, flow: Flow) -> None:
    """New Turn: advance the turn marker; Phase One begins."""
    state["turn"] += 1
    state["vars"]["death_checked"] = False
    state["vars"]["control_checked"] = False
    state["vars"]["fought"] = []
    flow.enter_phase(rs, state, ctx, "initiative", side=state["vars"]["initiative"] or "english")


def end_game(rs: LionModel, state: State, ctx: Context, rule: str) -> None:
    """The players end the game after this round's Phase Eleven."""
    state["vars"]["over"] = "players"
    ctx.log(N_("The game is ended by the players after round {turn}: {outcome}",
               turn=state['turn'], outcome=rs.outcome(state)), rule)


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

    @verb("next-turn", label=N_("Next turn"))
    def on_next_turn(self, rs: LionModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        next_turn(rs, state, ctx, flow)

    @verb("end-game", label=N_("End the game now (its length is not in the crib sheet)"))
    def on_end_game(self, rs: LionModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        """The game length is unknown (not in the crib sheet, ``rounds: null`` in
        setup.yaml): the players end the game after a Phase Eleven, both agreeing."""
        if not rule_on(state, ENDED_TOGETHER):  # a game recorded before 0.4
            end_game(rs, state, ctx, self.rule(rs))
            return
        side = state["active"]
        ctx.log(N_("{side} offer to end the game after round {turn}",
                   side=rs.side(side).name, turn=state["turn"]), self.rule(rs))
        flow.call(rs, state, ctx, "end-offer", side=OTHER[side])


class EndOffer(Step[LionModel]):
    """The other side answers an offer to end the game (the crib sheet gives no game
    length: the players end it together)."""

    name = "end-offer"

    def prompt(self, rs: LionModel, state: State, frame: Frame) -> str:
        return N_("{side}: end the game now, or play another round?",
                  side=rs.side(frame["side"]).name)

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("agree-end")
        yield Action("play-on")

    @verb("agree-end", label=N_("Agree: end the game now"))
    def on_agree_end(self, rs: LionModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        flow.end(rs, state, ctx)
        end_game(rs, state, ctx, rs.cite("Phase Eleven"))

    @verb("play-on", label=N_("Play another round"))
    def on_play_on(self, rs: LionModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{side} play on: the game goes on", side=rs.side(frame["side"]).name),
                rs.cite("Phase Eleven"))
        flow.end(rs, state, ctx)
        next_turn(rs, state, ctx, flow)
