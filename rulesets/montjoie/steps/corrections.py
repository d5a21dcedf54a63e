"""Corrections by hand (the owner's rule: a player can always override the rules by
hand, logged "by hand"): a city's fortification level up or down, a nation's écus and
PI up or down. Declared ``manual`` on :class:`Corrections`, which every step of the
game inherits; offered on the menus of the cities and of the nations' boxes. (A city's
owner is set with the core's ``control CITY NATION|none``: :meth:`after_manual` of the
ruleset keeps the city in step.)"""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame, Step
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model.base import LEVELS, MAX_PI, MontjoieModel
from ..model.cities import set_city
from ..words import N_

STEPS = {"up": 1, "down": -1}


def _box(rs: MontjoieModel, state: State, a: Action) -> str:
    return f"nation-{a.arg(0)}"


class Corrections(Step[MontjoieModel]):
    """The corrections by hand every Montjoie! step offers."""

    def manual_actions(self, rs: MontjoieModel, state: State, frame: Frame
                       ) -> Iterator[Action]:
        for city in sorted(state["vars"]["cities"]):
            level = rs.level(state, city)
            if level < 3:
                yield Action("level", (city, "up"))
            yield Action("level", (city, "down"))
        for nation in state["vars"]["nations"]:
            for what in ("ecus", "pi"):
                yield Action("adjust", (nation, what, "up"))
                yield Action("adjust", (nation, what, "down"))

    @verb("level", area=0, manual=True, label=lambda rs, state, a: (
        N_("Raise {city}'s fortification (by hand)", city=rs.city_name(a.arg(0)))
        if a.arg(1) == "up" else
        N_("Lower {city}'s fortification (by hand)", city=rs.city_name(a.arg(0)))))
    def on_level(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        city, way = action.arg(0), action.arg(1)
        owner = rs.owner(state, city)
        if owner is None or way not in STEPS:
            raise IllegalActionError(N_("{city} is free: set its owner first (control)",
                                        city=rs.city_name(city)))
        level = max(0, min(3, rs.level(state, city) + STEPS[way]))
        set_city(rs, state, city, owner if level else None, level)
        ctx.log(N_("{city} set to {level} by hand"), city=rs.city_name(city),
                level=LEVELS[level])

    @verb("adjust", area=_box, manual=True, label=lambda rs, state, a: (
        N_("{nation}: {n} {what} (by hand)", nation=rs.nation_name(a.arg(0)),
           n='+1' if a.arg(2) == 'up' else '-1',
           what=N_("écu") if a.arg(1) == 'ecus' else N_("PI"))))
    def on_adjust(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        nation, what, way = action.arg(0), action.arg(1), action.arg(2)
        if nation not in state["vars"]["nations"] or way not in STEPS \
                or what not in ("ecus", "pi"):
            raise IllegalActionError(N_("'{action}': adjust NATION ecus|pi up|down",
                                        action=action.text()))
        table = state["vars"]["treasury" if what == "ecus" else "influence"]
        high = MAX_PI if what == "pi" else 10**6
        table[nation] = max(0, min(high, table.get(nation, 0) + STEPS[way]))
        if what == "ecus" and rs.secret_treasury(state):  # the total is his secret
            ctx.log(N_("{nation}: {n} écu (by hand)"), nation=rs.nation_name(nation),
                    n='+1' if way == 'up' else '-1')
            ctx.log(N_("Trésor de {nation}: {n} écus"), private=True,
                    nation=rs.nation_name(nation), n=table[nation])
            return
        ctx.log(N_("{nation}: {n} {what} (by hand)"), nation=rs.nation_name(nation),
                n=table[nation], what=N_("écus") if what == 'ecus' else N_("PI"))
