"""The retreat out of the zone after a combat (rules 10.5.1): each retreating camp
chooses where its army goes (the effects in :mod:`..model.combat`)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import LilyErmineModel
from ..model.combat import after_battle, destinations, no_retreat, retreat_army
from ..words import N_
from .common import LilyStep, place_label


class BattleRetreat(LilyStep):
    """Each retreating camp chooses where its army goes (10)."""

    name = "battle-retreat"
    section = "10"

    def begin(self, rs: LilyErmineModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        while v["retreats"]:
            camp = v["retreats"][0]
            own = rs.own_at(state, v["zone"], camp)
            if not own:
                v["retreats"].pop(0)
                continue
            if not destinations(rs, state, v["zone"], camp):
                v["retreats"].pop(0)
                no_retreat(rs, state, ctx, v["zone"], camp)
                continue
            frame["side"] = camp
            return
        after_battle(rs, state, ctx, v["zone"])
        flow.end(rs, state, ctx)

    def prompt(self, rs: LilyErmineModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        return (N_("R: {side} retreats out of {place} to an adjacent zone free of enemy units "
                   "(into an enemy zone every unit loses 1 SP) (10).",
                   side=rs.side(v['retreats'][0]).name, place=rs.board_map.place_name(v['zone'])))

    def actions(self, rs: LilyErmineModel, state: State, frame: Frame) -> Iterator[Action]:
        v = frame["vars"]
        if v["retreats"]:
            zones = destinations(rs, state, v["zone"], v["retreats"][0])
            for z in zones:
                yield Action.of("retreat-to", z)
            if not zones:  # the way out was closed by hand meanwhile
                yield Action.of("retreat-to", "none")

    @verb("retreat-to", label=place_label(N_("Retreat to {0}")))
    def on_retreat_to(self, rs: LilyErmineModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        camp = v["retreats"].pop(0)
        dest = action.arg(0)
        if dest == "none":
            no_retreat(rs, state, ctx, v["zone"], camp)
        else:
            retreat_army(rs, state, ctx, v["zone"], camp, dest)
        flow.goto(rs, state, ctx, "battle-retreat")



STEPS = (BattleRetreat,)
