"""Crib Phase Four: control of the areas with leaders (control rolls); the aggressor and
(at its end) the disgraced markers are removed."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.tables import resolve
from boardapp.core.engine.verbs import verb

from ..model import N_, OTHER, PHASE_NAMES, PLAYERS, LionModel
from .common import LionPhase


class ControlPhase(LionPhase):
    """Phase Four: the check is part of the phase, not an option; then Next phase."""

    name = "control"

    def begin(self, rs: LionModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        super().begin(rs, state, frame, ctx, flow)
        v = state["vars"]
        v["battles"] = {}
        if v["aggressor"]:
            v["aggressor"] = {}
            ctx.log(N_("All aggressor markers removed"), self.rule(rs))

    def leave(self, rs: LionModel, state: State, ctx: Context) -> None:
        v = state["vars"]
        if v["disgraced"]:
            v["disgraced"] = []
            ctx.log(N_("Disgraced markers removed"), self.rule(rs))

    def ask(self, rs: LionModel, state: State, frame: Frame) -> str:
        if not state["vars"].get("control_checked"):
            return N_("{phase}: check control of the areas with leaders",
                      phase=PHASE_NAMES[self.name])
        return super().ask(rs, state, frame)

    def actions(self, rs: LionModel, state: State, frame: Frame) -> Iterator[Action]:
        if not state["vars"].get("control_checked"):
            yield Action("control-check")
        else:
            yield Action("next-phase")

    @verb("control-check", label=N_("Check control of every area with leaders (control rolls)"))
    def on_control_check(self, rs: LionModel, state: State, frame: Frame, action: Action,
                         ctx: Context, flow: Flow) -> None:
        """Crib Phase Four, each area with leaders checked once."""
        rule = self.rule(rs)
        state["vars"]["control_checked"] = True
        bmap = rs.board_map
        for area in sorted(bmap.areas):
            sides = {rs.leader_side(state, p) for p in state["stacks"].get(area, [])
                     if p not in state["vars"]["disgraced"]} & set(PLAYERS)
            if not sides:
                continue
            name = bmap.place_name(area)
            if rs.area_info[area].neutral:
                continue  # neutral areas can never be controlled
            if len(sides) == 2:
                ctx.log(N_("{name}: leaders of both sides, no control check", name=name), rule)
                continue
            side = sides.pop()
            owner = state["control"].get(area)
            if owner == side:
                continue
            if owner == OTHER[side]:
                state["control"][area] = None
                ctx.log(N_("{name} becomes uncontrolled ({name2} leader in an enemy area)",
                           name=name, name2=rs.side(side).name), rule)
                continue
            target, why = rs.control_target(state, area, side)
            res = resolve(ctx, table=N_("Control roll"),
                          column=N_("{name}, {why} = {target}", name=name, why=why,
                                    target=target),
                          sides=6, zero_based=False, modifiers=[],
                          lookup=lambda d, t=target: d <= t,
                          describe=lambda ok: N_("control") if ok else N_("no control"),
                          rule=rule, who=rs.side(side).name)
            if res.result:
                state["control"][area] = side
