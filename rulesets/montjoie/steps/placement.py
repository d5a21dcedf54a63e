"""5.0 Préparation: the starting garrisons, placed in the fixed initial order."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel
from ..model.cities import set_city
from ..model.setup import choices, third_choices
from .corrections import Corrections


def _label(rs: MontjoieModel, state: State, action: Action) -> str:
    return f"Place a garrison in {rs.city_name(action.arg(0))}"


class PlacementPhase(Corrections):
    """Each player in turn places his garrisons (5.0); then the first turn begins."""

    name = "placement"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        queue = state["vars"]["setup_queue"]
        while queue and not self._options(rs, state, queue[0]):
            n, kind = queue.pop(0)
            ctx.log(f"{rs.nation_name(n)}: no city left for its {kind} garrison",
                    rs.cite("5.0"))
        if queue:
            state["active"] = queue[0][0]
            return
        ctx.log("Every starting garrison is placed: the first turn begins", rs.cite("5.0"))
        state["vars"]["start_cities"] = {n: rs.owned(state, n) for n in rs.powers(state)}
        flow.next_phase(rs, state, ctx, side=state["vars"]["order"][0])

    @staticmethod
    def _options(rs: MontjoieModel, state: State, entry: list[str]) -> list[str]:
        nation, kind = entry
        if kind == "start":
            return [c for c in choices(rs, nation) if rs.owner(state, c) is None]
        return third_choices(rs, state, nation)

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        nation, kind = state["vars"]["setup_queue"][0]
        what = "a starting garrison" if kind == "start" else \
            "a third garrison linked to a starting one"
        return f"{rs.nation_name(nation)}: place {what} (Montjoie 5.0)"

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        queue = state["vars"]["setup_queue"]
        if queue:
            for city in self._options(rs, state, queue[0]):
                yield Action("place-garrison", (city,))

    @verb("place-garrison", area=0, label=_label)
    def on_place_garrison(self, rs: MontjoieModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        nation, kind = state["vars"]["setup_queue"].pop(0)
        city = action.arg(0)
        set_city(rs, state, city, nation, 1)
        rule = rs.cite("5.0") + (f", {rs.reading_note(state, 'A22')}" if kind == "third"
                                 else "")
        ctx.log(f"{rs.nation_name(nation)} places a garrison in {rs.city_name(city)}", rule)
        self.begin(rs, state, frame, ctx, flow)
