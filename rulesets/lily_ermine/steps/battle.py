"""A minor battle (rules 10): an unknown Combat Table result asked of the players,
then each camp's losses (the battle's effects in :mod:`..model.combat`)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State

from ..model import LilyErmineModel, victory
from ..model.combat import apply_result, next_loser, sp_loss_choices, units
from ..model.data import CombatResult
from ..words import N_
from .common import CombatAsk, SpLossStep


class BattleAsk(CombatAsk):
    """The Combat Table value of a minor battle is unknown: the players give it."""

    name = "battle-ask"

    def where(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        return rs.board_map.place_name(frame["vars"]["zone"])

    def resolved(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context, flow: Flow,
                 result: CombatResult) -> None:
        zone = frame["vars"]["zone"]
        flow.goto(rs, state, ctx, "battle-losses", queue=[])
        apply_result(rs, state, ctx, flow, zone, result)



class BattleLosses(SpLossStep):
    """Each camp in turn eliminates its SP, as its owner chooses (10)."""

    name = "battle-losses"
    section = "10"
    LABEL = N_("Battle")
    RULE = "10"

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        side, n = frame["vars"]["queue"][0]
        return (N_("Battle in {place}: {side} eliminates {n} more SP — reduce a unit (1 SP) or "
                   "eliminate one (10).", place=rs.board_map.place_name(frame['vars']['zone']),
                   side=rs.side(side).name, n=n))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        queue = frame["vars"]["queue"]
        if not queue:
            return
        side, remaining = queue[0]
        yield from sp_loss_choices(rs, state, units(rs, state, frame["vars"]["zone"], side),
                                   remaining)

    def _lost(self, rs: LilyErmineModel, state: State, ctx: Context, pid: str, sp: int) -> None:
        victory.gendarme_loss(rs, state, ctx, pid, sp)

    def _after(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               lost: int) -> None:
        queue = frame["vars"]["queue"]
        queue[0][1] -= lost
        if queue[0][1] <= 0:
            queue.pop(0)
        next_loser(rs, state, ctx, flow)



STEPS = (BattleAsk, BattleLosses)
