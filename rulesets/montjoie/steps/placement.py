"""5.0 Préparation: the starting garrisons, placed in the fixed initial order; or, with
the optional Position de départ libre (10.0), one garrison on each nation's starting
city and two more placed one at a time in turn, linked to one's own by road or by sea.

The option is read from the game's data, which the set-up does not see: while it is
chosen and not applied yet, the placements offered are those of a free start, and the
first placement applies it (the fixed garrisons of 5.0 make way for those of 10.0)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State, copy_state
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel
from ..model.cities import set_city
from ..model.setup import FREE_START, choices, fixed_city, third_choices
from ..words import N_
from .corrections import Corrections

GARRISON_KINDS = {"start": N_("start"), "free": N_("free"), "third": N_("third")}
"""The words of a garrison's kind in the log ("no city left for its third garrison")."""


def _label(rs: MontjoieModel, state: State, action: Action) -> str:
    return N_("Place a garrison in {city}", city=rs.city_name(action.arg(0)))


class PlacementPhase(Corrections):
    """Each player in turn places his garrisons (5.0); then the first turn begins."""

    name = "placement"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        queue = state["vars"]["setup_queue"]
        while queue and not self._options(rs, state, queue[0]):
            n, kind = queue.pop(0)
            ctx.log(N_("{nation}: no city left for its {kind} garrison"), rs.cite("5.0"),
                    nation=rs.nation_name(n), kind=GARRISON_KINDS.get(kind, kind))
        if queue:
            state["active"] = queue[0][0]
            return
        ctx.log(N_("Every starting garrison is placed: the first turn begins"), rs.cite("5.0"))
        state["vars"]["start_cities"] = {n: rs.owned(state, n) for n in rs.powers(state)}
        flow.next_phase(rs, state, ctx, side=state["vars"]["order"][0])

    @staticmethod
    def _options(rs: MontjoieModel, state: State, entry: list[str]) -> list[str]:
        nation, kind = entry
        if kind == "start":
            return [c for c in choices(rs, nation) if rs.owner(state, c) is None]
        if kind == "free":
            return free_choices(rs, state, nation)
        return third_choices(rs, state, nation)

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        view = free_view(rs, state)
        nation, kind = view["vars"]["setup_queue"][0]
        what = {"start": N_("a starting garrison"),
                "free": N_("a garrison linked to one of yours by road or by sea (Position de "
                           "départ libre, 10.0)")}.get(
            kind, N_("a third garrison linked to a starting one"))
        return N_("{nation}: place {what} (Montjoie 5.0)", nation=rs.nation_name(nation),
                  what=what)

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        view = free_view(rs, state)
        queue = view["vars"]["setup_queue"]
        if queue:
            for city in self._options(rs, view, queue[0]):
                yield Action("place-garrison", (city,))

    @verb("place-garrison", area=0, label=_label, logs=True)
    def on_place_garrison(self, rs: MontjoieModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        if free_pending(rs, state):
            apply_free_start(rs, state, ctx)
        nation, kind = state["vars"]["setup_queue"].pop(0)
        city = action.arg(0)
        set_city(rs, state, city, nation, 1)
        rule = rs.cite("5.0") + (f", {rs.reading_note(state, 'A22')}" if kind == "third"
                                 else "") + (", 10.0" if kind == "free" else "")
        ctx.log(N_("{nation} places a garrison in {city}"), rule,
                nation=rs.nation_name(nation), city=rs.city_name(city))
        self.begin(rs, state, frame, ctx, flow)


def free_pending(rs: MontjoieModel, state: State) -> bool:
    """Position de départ libre chosen and not applied yet."""
    v = state["vars"]
    return (rs.option(state, "free-start") and not v.get("free_applied")
            and not any(kind == "free" for _, kind in v["setup_queue"]))


def free_view(rs: MontjoieModel, state: State) -> State:
    """``state``, or a copy with the free start applied while it is pending."""
    if not free_pending(rs, state):
        return state
    view = copy_state(state)
    apply_free_start(rs, view, None)
    return view


def apply_free_start(rs: MontjoieModel, state: State, ctx: Context | None) -> None:
    """10.0: each player's garrison on his starting city instead of 5.0's; then two
    garrisons each, one at a time in the initial order."""
    v = state["vars"]
    players = rs.players(state)
    for n in players:
        first = fixed_city(rs, n)
        if first is not None and rs.owner(state, first) == n:
            set_city(rs, state, first, None, 0)
    for n in players:
        city = FREE_START[n]
        if city in rs.board_map.areas and rs.owner(state, city) is None:
            set_city(rs, state, city, n, 1)
    v["setup_queue"] = [[n, "free"] for _ in range(2) for n in players]
    v["free_applied"] = True
    if ctx is not None:
        ctx.log(N_("Position de départ libre: each player starts in {starts}; two more "
                   "garrisons each, one at a time"), rs.cite("10.0"),
                starts=", ".join(f"{rs.nation_name(n)} {rs.city_name(FREE_START[n])}"
                                 for n in players if FREE_START[n] in rs.board_map.areas))


def free_choices(rs: MontjoieModel, state: State, nation: str) -> list[str]:
    """Free cities linked to one of ``nation``'s by road, or by sea from one of its
    ports (10.0: "La voie maritime peut être utilisée")."""
    own = rs.owned(state, nation)
    found = {n for c in own for n in rs.road_neighbours(c)}
    if any(rs.is_port(c) for c in own):
        found |= {c for c in rs.cities() if rs.is_port(c)}
    return sorted(c for c in found if rs.owner(state, c) is None)
