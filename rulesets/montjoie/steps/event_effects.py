"""The events' effects (Séq. 6): one procedure ``event`` (frame var ``event``) that
resolves the automatic ones at once and calls a procedure for those with choices."""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State

from ..model.base import MontjoieModel
from ..model.events import EVENT_NAMES, event_label
from ..words import N_
from .corrections import Corrections

CHOICE_EVENTS = {"soulevement": "uprising", "compagnies": "uprising",
                 "traite": "treaty", "confiscation": "confiscation", "pape": "pope",
                 "bataille-navale": "naval-battle", "grande-bataille": "great-battle"}
"""Events with choices, and the procedure that resolves each (when registered)."""


class EventStep(Corrections):
    """Resolve one event for the first player (``frame["side"]``)."""

    name = "event"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        return []

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = state["vars"]
        event, first = frame["vars"]["event"], frame["side"]
        rule = rs.cite(f"Séq. 6 {EVENT_NAMES.get(event, event)}")
        if event == "peste":
            v["plague"] = True
            v["black_death_used"] = True
            ctx.log(N_("Peste noire: no campaign this turn; the turn ends, the cards are "
                       "discarded, no PP and no PI; the marker is removed ({reading})"), rule,
                    reading=rs.reading_note(state, 'A9'))
        elif event == "treve":
            v["truce_next"] = True
            ctx.log(N_("Trêve: next turn's political state will be peace"), rule)
        elif event == "mauvaises-saisons":
            v["bad_seasons_next"] = True
            ctx.log(N_("Mauvaises Saisons: next turn's income is halved, rounded up"), rule)
        elif event == "chevauchee":
            v["chevauchee"] = first
            ctx.log(N_("Chevauchée: {nation} may attack one enemy city this turn whatever its "
                       "distance, without terrain bonus (one attack)"), rule,
                    nation=rs.nation_name(first))
        elif event == "aucun":
            ctx.log(N_("The twelfth marker has no effect"), rs.cite("3.0"))
        elif CHOICE_EVENTS.get(event) in flow.steps:
            flow.goto(rs, state, ctx, CHOICE_EVENTS[event], event=event)
            return
        else:
            ctx.log(N_("{event}: not automated yet, the players resolve it by hand"), rule,
                    event=event_label(event))
        flow.end(rs, state, ctx)

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        flow.end(rs, state, ctx)
