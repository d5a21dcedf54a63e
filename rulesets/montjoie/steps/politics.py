"""Séquence 2 : État politique: the secret simultaneous vote (a sealed choice), war if
at least half of the players voted war; Trêve forces peace; 2 players roll (9.0)."""

from __future__ import annotations

from typing import Any

from boardapp.core.base.i18n import Msg
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import SealedChoice
from boardapp.core.engine.verbs import verb

from ..model.base import POLITICS, MontjoieModel
from ..model.turn import war_declared
from ..words import N_, and_list
from .common import go_next_phase
from .corrections import Corrections

TWO_PLAYER_PEACE = {1: 6, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}
"""9.0, 2 players: the highest die giving peace by turn (turn 1 automatic peace)."""


class PoliticsPhase(Corrections):
    """Decide the political state of the turn (Séq. 2)."""

    name = "politique"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        return []

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = state["vars"]
        if v["truce_next"]:
            v["truce_next"] = False
            self.set(rs, state, ctx, "paix", N_("Trêve last turn: peace automatically"),
                     rs.cite("Séq. 6 Trêve"))
            go_next_phase(rs, state, ctx, flow)
            return
        if len(rs.players(state)) == 2:
            peace_up_to = TWO_PLAYER_PEACE.get(state["turn"], 2)
            if state["turn"] == 1:
                self.set(rs, state, ctx, "paix", N_("turn 1: peace automatically"),
                         rs.cite("9.0"))
            else:
                die = ctx.roll(6)
                self.set(rs, state, ctx, "paix" if die <= peace_up_to else "guerre",
                         N_("die {die} (peace on 1-{up_to})", die=die, up_to=peace_up_to),
                         rs.cite("9.0"))
            go_next_phase(rs, state, ctx, flow)
            return
        v["politics"] = None  # the marker leaves its box while the players vote
        flow.call_many(rs, state, ctx, "vote", sides=rs.players(state))

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        votes = dict(result)
        state["vars"]["votes"] = votes
        wars = sum(1 for x in votes.values() if x == "guerre")
        state_ = "guerre" if war_declared(votes) else "paix"
        self.set(rs, state, ctx, state_, N_("{wars} of {n} voted war (war if at least half)",
                                            wars=wars, n=len(votes)), rs.cite("Séq. 2"))
        go_next_phase(rs, state, ctx, flow)

    @staticmethod
    def set(rs: MontjoieModel, state: State, ctx: Context, politics: str, why: Msg,
            rule: str) -> None:
        state["vars"]["politics"] = politics
        cards = 6 if politics == "guerre" else 4
        ctx.log(N_("État politique: {politics}, {why}; {cards} cards each, {events} event(s), "
                   "{attacks}"), rule, politics=POLITICS[politics], why=why, cards=cards,
                events=2 if politics == 'guerre' else 1,
                attacks=N_("attacks as the cards allow") if politics == 'guerre'
                else N_("one attack"))


class Vote(Corrections, SealedChoice[MontjoieModel]):
    """Each player chooses his Peace or War pawn in secret (Séq. 2)."""

    name = "vote"

    def options(self, rs: MontjoieModel, state: State, frame: Frame, side: str) -> list[str]:
        return ["paix", "guerre"]

    @verb("commit", hand=True, sealed=True, label=lambda rs, state, a: N_(
        "Vote {politics}", politics=POLITICS.get(a.arg(0), a.arg(0))), logs=True)
    def on_commit(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        super().on_commit(rs, state, frame, action, ctx, flow)

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        names = and_list([rs.nation_name(s) for s in self.deciders(rs, state, frame)])
        return N_("{names}: choose Peace or War in secret (Montjoie Séq. 2)", names=names)
