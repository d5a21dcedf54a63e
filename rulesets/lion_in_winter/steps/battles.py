"""Crib Phase Three: the initiative player picks each battle in turn; the ``battle``
procedure (:mod:`.battle`) resolves it."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import N_, PHASE_NAMES, LionModel
from .common import LionPhase


def _battle_label(rs: LionModel, state: State, action: Action) -> str:
    return N_("Resolve the battle in {place}", place=rs.board_map.place_name(action.arg(0)))


class BattlesPhase(LionPhase):
    """Phase Three: every area with leaders of both sides has its battle, in the order
    the initiative player chooses (the active side)."""

    name = "battles"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        """Entered when no impulse is left (Phase Two)."""
        ctx.log(N_("No impulses left. {phase}"), self.rule(rs), phase=PHASE_NAMES["battles"])

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        if rs.battle_areas(state):
            return (N_("{phase}: {name} (initiative), choose the next battle",
                       phase=PHASE_NAMES[self.name], name=rs.side(state['active']).name))
        return super().ask(rs, state, frame)

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        areas = rs.battle_areas(state)
        for area in areas:
            yield Action("battle", (area,))
        if not areas:
            yield Action("next-phase")

    @verb("battle", area=0, decisions=True, label=_battle_label)
    def on_battle(self, rs: LionModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        """The initiative player picks the next battle (crib Phase Three: battles are
        resolved in the order chosen by the IP)."""
        area = action.arg(0)
        v = state["vars"]
        v.setdefault("battles", {}).setdefault(area, {"bc": {}, "misses": 0})
        ctx.log(N_("{name} choose the battle in {place}", name=rs.side(state['active']).name,
                   place=rs.board_map.place_name(area)), self.rule(rs, "order chosen by the IP"))
        flow.call(rs, state, ctx, "battle", rs.nip(state), area=area,
                  attacker=v["aggressor"].get(area, ""), bc={}, stage="bc",
                  chosen=False, decided=[], forced=False, fled={})
