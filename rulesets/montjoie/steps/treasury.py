"""Séquence 1 : Trésor, with what comes first in a turn: the per-turn limits reset,
eliminated players' re-entry (7.0) and, in turn 1, the starting values the book does
not print (asked: Game data "Valeurs de départ"; A2 for the PI)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.i18n import Msg
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import owe
from boardapp.core.engine.verbs import verb

from ..model.base import MAX_PI, MontjoieModel
from ..model.cities import set_city
from ..words import N_
from .allies import automatic_choice_due, loyalty_due
from .common import go_next_phase
from .corrections import Corrections
from .secret_treasury import ally_income, loyal_allies, take_income

MAX_START_ECUS = 30


def new_limits(players: list[str]) -> dict[str, Any]:
    """The per-turn counters (see the model's state doc), empty."""
    return {"castles_built": {n: [] for n in players}, "expansions": {n: [] for n in players},
            "attacks": {n: [] for n in players}, "exchanged": []}


class TreasuryPhase(Corrections):
    """Re-entry and starting values when due, then everyone's income (Séq. 1)."""

    name = "tresor"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = state["vars"]
        if v["turn_limits"].get("turn") != state["turn"]:
            v["turn_limits"] = {**new_limits(rs.players(state)), "turn": state["turn"]}
            v["lost_prev"], v["lost"] = v["lost"], {}
            v["pp_bonus"] = {}
            v["pope"] = v["chevauchee"] = v["master_of_seas"] = None
            v["events"] = []
            v["bad_seasons"], v["bad_seasons_next"] = v["bad_seasons_next"], False
            rs.extra(state).pop("doubled", None)
        if v["eliminated"]:
            flow.call(rs, state, ctx, "reentry", v["eliminated"][0])
            return
        if loyalty_due(rs, state) and v.get("loyalty_turn") != state["turn"]:
            v["loyalty_turn"] = state["turn"]
            flow.call_many(rs, state, ctx, "bribes", sides=rs.players(state))
            return
        if automatic_choice_due(rs, state) and v.get("loyalty_turn") != state["turn"]:
            v["loyalty_turn"] = state["turn"]  # 9.0 allié automatique: chosen again
            flow.call_many(rs, state, ctx, "secret-ally", sides=rs.players(state),
                           again=True)
            return
        if not v["started"]:
            known = rs.sheet_values(state, "start").get("ecus")
            if known is None or not str(known).isdigit():
                # asked of the first player in the order, never of an ally nobody plays
                first = next(n for n in v["order"] if n in rs.players(state))
                flow.call(rs, state, ctx, "start-ecus", first)
                return
            start_values(rs, state, ctx, int(str(known)), N_("Game data"))
        if flanders_doubles(rs, state):
            rs.extra(state)["doubled"] = ""
            flow.call(rs, state, ctx, "flanders-double", "flandres")
            return
        if rs.secret_treasury(state):  # 0.3: each takes his own with his program
            start = rs.extra(state).pop("start_due", 0)
            owe(rs, state, ctx, flow, "revenu", {n: ["revenu"] for n in rs.players(state)},
                result="paid", start=start)
            return
        self.pay(rs, state, ctx)
        go_next_phase(rs, state, ctx, flow)

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        if result == "paid":
            self.clear_pillage(rs, state, ctx)
            go_next_phase(rs, state, ctx, flow)
            return
        self.begin(rs, state, frame, ctx, flow)

    @classmethod
    def pay(cls, rs: MontjoieModel, state: State, ctx: Context) -> None:
        """Everyone's income at once (games of 0.2 and before, écus public)."""
        for nation in rs.players(state):
            take_income(rs, state, ctx, nation)
        for ally, player in loyal_allies(rs, state):
            ally_income(rs, state, ctx, ally, player)
        cls.clear_pillage(rs, state, ctx)

    @staticmethod
    def clear_pillage(rs: MontjoieModel, state: State, ctx: Context) -> None:
        v = state["vars"]
        if v["pillage"]:
            ctx.log(N_("The pillage markers are removed"), rs.cite("Séq. 1"))
        v["pillage"] = []
        v["bad_seasons"] = False


def start_values(rs: MontjoieModel, state: State, ctx: Context, ecus: int, how: Msg) -> None:
    """Give every player the starting écus and PI (A2) once."""
    v = state["vars"]
    pi = MAX_PI if rs.reading(state, "A2") == "a" else 0
    for nation in rs.players(state):
        if not rs.secret_treasury(state):
            v["treasury"][nation] = v["treasury"].get(nation, 0) + ecus
        v["influence"][nation] = pi
    if rs.secret_treasury(state):  # each player takes them with his income (Income)
        rs.extra(state)["start_due"] = ecus
    v["started"] = True
    ctx.log(N_("Each player starts with {ecus} écus ({how}: the book does not print them) "
               "and {pi} Influence Points"), f"{rs.cite('5.0')}, {rs.reading_note(state, 'A2')}",
            ecus=ecus, how=how, pi=pi)


class StartEcus(Corrections):
    """The book does not print the starting écus: the players give them (asked once,
    kept in the game's data)."""

    name = "start-ecus"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("How many écus does each player start with? The rule book does not say "
                  "(Montjoie 5.0; Game data, Valeurs de départ)")

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for n in range(MAX_START_ECUS + 1):
            yield Action("start-ecus", (str(n),))

    @verb("start-ecus", label=N_("Each player starts with {0} écus"))
    def on_start_ecus(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        ecus = int(action.arg(0))
        state.setdefault("data", {}).setdefault("start", {})["ecus"] = str(ecus)
        start_values(rs, state, ctx, ecus, N_("given by the players"))
        flow.end(rs, state, ctx)


class Reentry(Corrections):
    """7.0: a player wiped off the board comes back at the start of the next turn in
    one of his three starting cities, with its fortifications."""

    name = "reentry"

    def options(self, rs: MontjoieModel, state: State, nation: str) -> list[str]:
        cities = state["vars"]["start_cities"].get(nation, [])
        if rs.reading(state, "A26") == "b":
            cities = [c for c in cities if rs.owner(state, c) in (None, nation)]
        return sorted(cities)

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not self.options(rs, state, frame["side"]):
            state["vars"]["eliminated"].remove(frame["side"])
            ctx.log(N_("{nation} has no starting city to come back to"),
                    f"{rs.cite('7.0')}, {rs.reading_note(state, 'A26')}",
                    nation=rs.nation_name(frame['side']))
            flow.end(rs, state, ctx)

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation} comes back: choose one of your three starting cities "
                  "(Montjoie 7.0)", nation=rs.nation_name(frame['side']))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for city in self.options(rs, state, frame["side"]):
            yield Action("reenter", (city,))

    @verb("reenter", area=0, label=lambda rs, state, a: N_(
        "Come back in {city}", city=rs.city_name(a.arg(0))))
    def on_reenter(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        nation, city = frame["side"], action.arg(0)
        before = rs.owner(state, city)
        set_city(rs, state, city, nation, max(1, rs.level(state, city)))
        state["vars"]["eliminated"].remove(nation)
        taken = N_(" (replacing {nation})", nation=rs.nation_name(before)) \
            if before not in (None, nation) else ""
        ctx.log(N_("{nation} comes back in {city}{taken}"),
                f"{rs.cite('7.0')}, {rs.reading_note(state, 'A26')}",
                nation=rs.nation_name(nation), city=rs.city_name(city), taken=taken)
        flow.end(rs, state, ctx)


def flanders_doubles(rs: MontjoieModel, state: State) -> bool:
    """Flanders' national variant (10.0): it doubles one city's income each turn (not in
    Île de France, 4.0): due now?"""
    return (rs.option(state, "national-variants") and rs.in_play(state, "flandres")
            and "doubled" not in rs.extra(state) and bool(doubling_choices(rs, state)))


def doubling_choices(rs: MontjoieModel, state: State) -> list[str]:
    return [c for c in rs.owned(state, "flandres") if c not in state["vars"]["pillage"]
            and rs.province(c) != "ile-de-france"]


class FlandersDouble(Corrections):
    """Flanders chooses the city whose income it doubles this turn (10.0)."""

    name = "flanders-double"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("Flandres: choose the city whose income is doubled this turn "
                  "(Montjoie 10.0)")

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for city in doubling_choices(rs, state):
            yield Action("double-income", (city,))

    @verb("double-income", area=0, label=lambda rs, state, a: N_(
        "Double the income of {city}", city=rs.city_name(a.arg(0))))
    def on_double_income(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        rs.extra(state)["doubled"] = action.arg(0)
        ctx.log(N_("Flandres doubles the income of {city} ({reading})"),
                rs.cite("10.0 Flandres"), city=rs.city_name(action.arg(0)),
                reading=rs.reading_note(state, 'A21'))
        flow.end(rs, state, ctx)
