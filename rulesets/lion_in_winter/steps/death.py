"""Crib Phase Eight: every leader on the map rolls on the Leader Death Chart."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import N_, PHASE_NAMES, LionModel
from .common import LionPhase


class DeathPhase(LionPhase):
    """Phase Eight: the check first (the ``chart`` procedure asks the printed results
    the game data does not give), then Next phase."""

    name = "death"

    def due(self, rs: LionModel, state: State) -> bool:
        """True while the leaders on the map have not rolled this turn."""
        return not state["vars"].get("death_checked") and any(
            p["loc"] in rs.board_map.areas for p in state["pieces"].values())

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        if self.due(rs, state):
            return N_("{phase}: roll for every leader on the map",
                      phase=PHASE_NAMES[self.name])
        return super().ask(rs, state, frame)

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("death-check") if self.due(rs, state) else Action("next-phase")

    @verb("death-check", label=N_("Roll on the Leader Death Chart for every leader on the map"))
    def on_death_check(self, rs: LionModel, state: State, frame: Frame, action: Action,
                       ctx: Context, flow: Flow) -> None:
        on_map = sorted(p for p, piece in state["pieces"].items()
                        if piece["loc"] in rs.board_map.areas)
        state["vars"]["death_checked"] = True
        rs.chart_call(state, ctx, "leader-death", on_map)
