"""9.0, two players, Les mercenaires: "Le mercenaire est un pion qui peut se déplacer à
chaque attaque de votre adversaire, pour renforcer la défense de la ville attaquée. Il
se déplace de 2 villes. Les villes doivent être reliées par une route, à moins qu'il ne
s'agisse de ports. Les villes traversées peuvent appartenir à votre allié, mais jamais à
un neutre." When a city of a player or of his loyal ally is attacked, before the cards
are laid, he may move mercenaries there (``renfort FROM``, one at a time, at most 3 in
a city), then ``sans-renfort``. The city passed through must be his or his loyal
ally's (read: "never a neutral's", nor his opponent's)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel
from ..model.battle import geography
from ..words import N_
from .corrections import Corrections

RULE = "Montjoie 9.0 Les mercenaires"
MAX_STACK = 3


def friends(rs: MontjoieModel, state: State, player: str) -> set[str]:
    """``player`` and his loyal ally."""
    v = state["vars"]
    return {player, *(a for a, p in (v.get("ally_of") or {}).items()
                      if p == player and (v.get("loyal") or {}).get(a))}


def defending_player(rs: MontjoieModel, state: State, fv: dict[str, Any]) -> str | None:
    """The player whose mercenaries may reinforce the city attacked (2 players only)."""
    if len(rs.players(state)) != 2 or not rs.rule_on(state):
        return None
    for player in rs.players(state):
        if fv["defender"] in friends(rs, state, player) \
                and fv.get("for_ally", fv["attacker"]) not in friends(rs, state, player):
            return player
    return None


def _linked(rs: MontjoieModel, a: str, b: str) -> bool:
    geo = geography(rs)
    return geo.by_road(a, b) or geo.by_sea(a, b)


def sources(rs: MontjoieModel, state: State, player: str, city: str) -> list[str]:
    """The cities whose mercenaries may reach ``city`` (two cities at most)."""
    here = state["vars"].get("mercenaries") or {}
    if int(here.get(city, 0)) >= MAX_STACK:
        return []
    mine = friends(rs, state, player)
    out = []
    for src, count in sorted(here.items()):
        if src == city or not count or rs.owner(state, src) not in mine:
            continue
        if _linked(rs, src, city) or any(
                rs.owner(state, mid) in mine and _linked(rs, src, mid)
                and _linked(rs, mid, city) for mid in rs.cities()):
            out.append(src)
    return out


class MercenaryMoves(Corrections):
    """The defender moves mercenaries to the city attacked (9.0)."""

    name = "mercenaires"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: move mercenaries to {city}? ({rule})",
                  nation=rs.nation_name(frame['side']),
                  city=rs.city_name(frame['vars']['city']), rule=RULE)

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for src in sources(rs, state, frame["side"], frame["vars"]["city"]):
            yield Action("renfort", (src,))
        yield Action("sans-renfort")

    @verb("renfort", area=0, label=lambda rs, state, a: N_(
        "Move a mercenary from {city}", city=rs.city_name(a.arg(0))))
    def on_renfort(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        here = state["vars"]["mercenaries"]
        src, city = action.arg(0), frame["vars"]["city"]
        here[src] -= 1
        if not here[src]:
            here.pop(src)
        here[city] = here.get(city, 0) + 1
        ctx.log(N_("{nation} moves a mercenary from {source} to {city}"), RULE,
                nation=rs.nation_name(ctx.side), source=rs.city_name(src),
                city=rs.city_name(city))

    @verb("sans-renfort", label=N_("No (more) mercenary moves"))
    def on_sans_renfort(self, rs: MontjoieModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        flow.end(rs, state, ctx, "mercenaries")
