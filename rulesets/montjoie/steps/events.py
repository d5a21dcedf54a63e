"""Séquence 6 : Événements et Interventions étrangères: the first player draws 1 event
in peace, 2 in war, from the twelve markers (the twelfth, not printed, is asked), and
resolves them; then one foreign intervention (if chosen at the start). No events with 2
players (9.0)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import owe
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel
from ..model.events import EVENTS, event_label
from ..words import N_
from .allies import neutrals
from .common import first_in_order, go_next_phase
from .corrections import Corrections
from .sequence7 import discard_cleanup

TWELFTH = "douzieme"
"""The id of the twelfth event marker in the pool until the players say what it is."""


class EventsPhase(Corrections):
    """Draw the events, resolve them in the first player's order, then the foreign
    intervention (each a procedure); then Séq. 7."""

    name = "evenements"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        return []

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = state["vars"]
        v["events_todo"] = []
        v["foreign_done"] = False
        parliament(rs, state, ctx)
        if len(rs.players(state)) == 2:
            ctx.log(N_("No event markers with two players"), rs.cite("9.0"))
            todo = [n for n in neutrals(rs, state) if rs.owned(state, n)]
            if todo:
                flow.call(rs, state, ctx, "neutral-build", first_in_order(rs, state),
                          todo=todo)
                return
        else:
            # The markers drawn go back each turn, but Peste noire's (Séq. 6).
            v["events_pool"] = [e for e in (*EVENTS, TWELFTH)
                                if not (e == "peste" and v["black_death_used"])]
            count = 2 if v["politics"] == "guerre" else 1
            for _ in range(min(count, len(v["events_pool"]))):
                marker = v["events_pool"].pop(ctx.roll(len(v["events_pool"]),
                                                       zero_based=True))
                v["events_todo"].append(marker)
            names = listing([event_label(e) if e != TWELFTH else N_("the twelfth marker")
                             for e in v["events_todo"]])
            ctx.log(N_("{nation} draws the events: {names}"), rs.cite("Séq. 6"),
                    nation=rs.nation_name(first_in_order(rs, state)), names=names)
        self.next(rs, state, ctx, flow)

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        if result == "plague-discarded":
            self.after_plague(rs, state, ctx, flow)
            return
        self.next(rs, state, ctx, flow)

    def next(self, rs: MontjoieModel, state: State, ctx: Context, flow: Flow) -> None:
        """Resolve what is left: the twelfth marker's identity, the order of two events,
        each event, the foreign intervention; then Séq. 7."""
        v = state["vars"]
        first = first_in_order(rs, state)
        if TWELFTH in v["events_todo"]:
            known = rs.sheet_values(state, "start").get("twelfth_event")
            if known in (*EVENTS, "aucun"):
                v["events_todo"][v["events_todo"].index(TWELFTH)] = known
                ctx.log(N_("The twelfth marker is {event} (Game data)"), rs.cite("3.0"),
                        event=event_label(known))
            else:
                flow.call(rs, state, ctx, "twelfth-event", first)
                return
        if v.get("plague"):
            if rs.reading(state, "A9") == "a":
                v["events_todo"] = []
                v["foreign_done"] = True
        if len(v["events_todo"]) > 1 and not v.get("events_ordered"):
            flow.call(rs, state, ctx, "event-order", first)
            return
        if v["events_todo"]:
            event = v["events_todo"].pop(0)
            v["events"].append(event)
            v["events_ordered"] = False
            flow.call(rs, state, ctx, "event", first, event=event)
            return
        if not v["foreign_done"] and len(rs.players(state)) > 2:
            v["foreign_done"] = True
            if rs.option(state, "interventions"):
                flow.call(rs, state, ctx, "foreign", first)
                return
            ctx.log(N_("No foreign intervention: the rule was not chosen at the start"),
                    rs.cite("Séq. 6"))
        if v.get("plague"):  # Peste noire: the cards are discarded, then Séq. 8
            owed = {n: ["discard-hand"] for n in rs.players(state) if rs.hand_size(state, n)}
            if owed:
                owe(rs, state, ctx, flow, "end-discard", owed, result="plague-discarded")
            else:
                self.after_plague(rs, state, ctx, flow)
            return
        go_next_phase(rs, state, ctx, flow)

    @staticmethod
    def after_plague(rs: MontjoieModel, state: State, ctx: Context, flow: Flow) -> None:
        discard_cleanup(rs, state, ctx)
        flow.enter_phase(rs, state, ctx, "points", side=first_in_order(rs, state))


class TwelfthEvent(Corrections):
    """The players say what the twelfth event marker is (3.0: 12 markers, 11 events)."""

    name = "twelfth-event"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("The twelfth event marker was drawn: which event is it? The rule book "
                  "describes eleven (Montjoie 3.0; Game data, Valeurs de départ)")

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for e in (*EVENTS, "aucun"):
            yield Action("twelfth-is", (e,))

    @verb("twelfth-is", label=lambda rs, state, a: N_(
        "It is {event}", event=event_label(a.arg(0))))
    def on_twelfth_is(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        event = action.arg(0)
        state.setdefault("data", {}).setdefault("start", {})["twelfth_event"] = event
        todo = state["vars"]["events_todo"]
        todo[todo.index(TWELFTH)] = event
        ctx.log(N_("The twelfth marker is {event} (given by the players)"), rs.cite("3.0"),
                event=event_label(event))
        flow.end(rs, state, ctx)


class EventOrder(Corrections):
    """The first player chooses which of the two events he resolves first (Séq. 6)."""

    name = "event-order"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: which event do you resolve first? (Montjoie Séq. 6)",
                  nation=rs.nation_name(frame['side']))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for e in dict.fromkeys(state["vars"]["events_todo"]):
            yield Action("resolve-first", (e,))

    @verb("resolve-first", label=lambda rs, state, a: N_(
        "{event} first", event=event_label(a.arg(0))))
    def on_resolve_first(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        todo = state["vars"]["events_todo"]
        todo.remove(action.arg(0))
        todo.insert(0, action.arg(0))
        state["vars"]["events_ordered"] = True
        ctx.log(N_("{nation} resolves {event} first"), rs.cite("Séq. 6"),
                nation=rs.nation_name(frame['side']), event=event_label(action.arg(0)))
        flow.end(rs, state, ctx)


def parliament(rs: MontjoieModel, state: State, ctx: Context) -> None:
    """10.0 Paris et son Parlement: each turn the first player rolls; on 5-6 an uprising
    roll against Paris (1D6 above its fortification, A1); a fortress is immune."""
    paris = rs.find_city("paris")
    if not rs.option(state, "paris-parliament") or paris is None \
            or rs.owner(state, paris) is None or rs.level(state, paris) >= 3:
        return
    rule = rs.cite("10.0 Paris et son Parlement")
    die = ctx.roll(6)
    if die < 5:
        ctx.log(N_("The Paris Parliament accepts the garrison (die {die})"), rule, die=die)
        return
    need, second = rs.test_value(state, paris), ctx.roll(6)
    if second > need:
        from ..model.cities import lose_level
        level = lose_level(rs, state, paris)
        ctx.log(N_("The Paris Parliament rises (die {die}, then {second} > {need}): Paris "
                   "loses a level, now level {level}"), f"{rule}, {rs.reading_note(state, 'A1')}",
                die=die, second=second, need=need, level=level)
    else:
        ctx.log(N_("The Paris Parliament stirs (die {die}) but Paris holds ({second})"), rule,
                die=die, second=second)
