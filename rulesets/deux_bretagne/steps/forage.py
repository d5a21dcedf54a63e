"""Forage (rules 8.16): an army of 5 to 8 units pillages a city on its way.

The moving player chooses a city the army passed through or stopped in that has no
pillage marker yet; it gets one (after any battle there). If there is none, the army loses
a step, a Me unit first, else a Ch (8.16); its player chooses which. Pillage markers are listed in
``state["vars"]["pillage"]``.

The steps; the rules they apply (data, predicates) are in ``model/forage.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import labels
from ..model.base import DeuxBretagneModel
from ..model.battle import remove_steps, step_loss
from ..model.forage import army_lost, assault_instead, forage_cities
from ..words import N_
from .common import DeuxBretagneStep


class Forage(DeuxBretagneStep):
    """The moving player picks the city his army pillages (8.16)."""

    name = "forage"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not frame["vars"].get("after_battle"):
            self._settle(rs, state, frame, ctx, flow)

    def resume(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self._settle(rs, state, frame, ctx, flow)

    def _settle(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
                flow: Flow) -> None:
        frame["vars"]["after_battle"] = False
        if frame["vars"].get("stepped"):  # the step chosen by the player is lost
            army_lost(rs, state, frame, ctx)
            flow.end(rs, state, ctx)
            return
        if assault_instead(rs, state, frame):
            return  # the player chooses: forage, or assault and not forage (10.2)
        alive = [p for p in frame["vars"]["units"]
                 if state["pieces"][p]["loc"] not in (rs.eliminated_box,)]
        if not alive:
            flow.end(rs, state, ctx)
            return
        options = forage_cities(rs, state, frame)
        if not options:
            kinds = {p: rs.piece_type(state, p).id for p in alive}
            mech = ([p for p in alive if kinds[p].endswith("-me")]  # Me first, then Ch
                    + [p for p in alive if "-ch-" in kinds[p]])
            first = [p for p in mech if kinds[p].endswith("-me")] or mech
            if not mech:
                ctx.log(N_("The army finds nothing left to forage (no Me or Ch to lose a step)"),
                        rs.cite("8.16"))
            elif len(first) == 1:
                ctx.log(N_("The army finds nothing left to forage: {remove_steps}",
                           remove_steps=remove_steps(rs, state, mech[0], 1)), rs.cite("8.16"))
                army_lost(rs, state, frame, ctx)
            else:  # several Me (or, without Me, several Ch): the player chooses
                frame["vars"]["stepped"] = True
                flow.call(rs, state, ctx, "step-losses", side=frame["side"], pending=[
                    step_loss(frame["side"], 1, first, N_("Nothing left to forage"),
                              rs.cite("8.16"))])
                return
            flow.end(rs, state, ctx)
        elif len(options) == 1:
            self._pillage(rs, state, options[0], ctx)
            flow.end(rs, state, ctx)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        instead = (N_(" — or make a siege roll instead, then it need not forage (10.2)")
                   if assault_instead(rs, state, frame) else "")
        return (N_("{side}: your army of 5+ units must forage — choose the city it "
                   "pillages{instead} ({rule})", side=rs.side(frame['side']).name,
                   instead=instead, rule=rs.cite('8.16')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        if frame["vars"].get("after_battle"):
            return
        for place in forage_cities(rs, state, frame):
            yield Action("forage", (place,))
        dest = assault_instead(rs, state, frame)
        if dest:
            yield Action("assault-instead", (dest,))
            if not forage_cities(rs, state, frame):
                yield Action("forage-none")

    @verb("forage-none", label=N_("Forage nowhere: lose the step (8.16)"))
    def on_forage_none(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                       ctx: Context, flow: Flow) -> None:
        frame["vars"]["no_assault"] = True  # nothing left: the step of 8.16
        self._settle(rs, state, frame, ctx, flow)

    @verb("assault-instead",
          label=labels.place(N_("Siege roll at {0} instead of foraging (10.2)"), strict=True))
    def on_assault_instead(self, rs: DeuxBretagneModel, state: State, frame: Frame,
                           action: Action, ctx: Context, flow: Flow) -> None:
        from ..model.siege import do_assault

        area = action.args[0]
        ctx.log(N_("The army makes a siege roll at {place}: an army activated for an assault "
                   "does not forage", place=rs.board_map.place_name(area)), rs.cite("10.2"))
        flow.end(rs, state, ctx)
        do_assault(rs, state, area, ctx, flow)

    @verb("forage", label=labels.place(N_("Forage in {0}")))
    def on_forage(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        self._pillage(rs, state, action.args[0], ctx)
        flow.end(rs, state, ctx)

    @staticmethod
    def _pillage(rs: DeuxBretagneModel, state: State, place: str, ctx: Context) -> None:
        state["vars"]["pillage"].append(place)
        ctx.log(N_("The army forages: pillage marker on {place}",
                   place=rs.board_map.place_name(place)),
                rs.cite("8.16"))


FORAGE_STEPS = (Forage,)
