"""The turn of an ally in the 3-player game (Montjoie 9.0 "Règle pour 3 joueurs"),
played by the player who controls it, before or after his own power's turn.

"L'allié peut réaliser une expansion d'une nouvelle ville, sur un résultat de 4 à 6 au
dé. Puis s'il le désire, il détermine l'activité de son allié en temps de guerre avec
1D6 ; le joueur devra jouer toutes les attaques obtenues": 1-2 one attack, 3-4 two, 5-6
three. In Peace an ally may make one attack. An ally attacks with 5 + 1D6 and defends
with 7 + 1D6, plus the influence points its controller adds (:mod:`..model.battle`).

The 2-player game (9.0 "Règle pour 2 joueurs") plays its minor powers with the same
procedure, ``kind`` telling which: a loyal ally (``allie-2p``) is played by its player
"comme votre puissance majeure": one expansion if he wishes (by land or sea), one attack
in Peace and two in War, each a combat with his own cards; a neutral (``neutre``), after
its construction roll (:class:`..allies.NeutralBuild`), MUST expand by one city ("les
neutres sont obligés de s'étendre") and attacks as a 3-player ally, at 6 + 1D6.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel
from ..model.battle import geography, new_combat, own_cards, owners
from ..model.cards import YELLOW
from ..model.cities import set_city
from ..model.conquest import attacks, expansions
from ..words import N_
from .corrections import Corrections

RULE = "Montjoie 9.0"
ALLY_2P, NEUTRAL = "allie-2p", "neutre"
"""The kinds of minor-power turns of the 2-player game (9.0); a 3-player ally's has
none."""
ACTIVITY = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
WAYS = {"road": N_("road"), "sea": N_("sea")}
"""9.0: the ally's attacks in War by the die."""


def allies_of(rs: MontjoieModel, state: State, player: str) -> list[str]:
    """The allies ``player`` controls in the 3-player game that have not played this
    turn."""
    v = state["vars"]
    if len(rs.players(state)) != 3:
        return []
    done = v.get("allies_played") or []
    return sorted(a for a, p in (v.get("ally_of") or {}).items()
                  if p == player and v["minors"].get(a) == "allie" and a not in done)


def _ally_attacks(rs: MontjoieModel, state: State, ally: str,
                  player: str | None = None) -> list[tuple[str, str]]:
    """The attacks ``ally`` may make; ``player``: a 2-player ally fought with its
    player's cards, who needs two yellow cards (Séq. 7, 9.0 "comme votre puissance
    majeure")."""
    made = [{"from": a, "to": b}
            for a, b in state["vars"]["turn_limits"].setdefault("attacks", {}).get(ally, [])]
    usable = 2 if player is None else sum(1 for k in own_cards(state, player)
                                          if k in YELLOW)
    found = attacks(geography(rs), owners(rs, state), ally, made, usable, False,
                    protected=protected_cities(rs, state) if rs.rule_on(state) else (),
                    limited_landings=rs.option(state, "limited-landings"))
    return [(a, b) for a, b in found if player is None or rs.owner(state, b) != player]


def protected_cities(rs: MontjoieModel, state: State) -> set[str]:
    """Séq. 6 Intervention du Pape: the city or province no one may attack this turn."""
    pope = state["vars"].get("pope")
    if not pope:
        return set()
    if pope in rs.board_map.regions:
        return set(rs.province_cities(pope))
    return {pope}


class AllyTurn(Corrections):
    """9.0: an ally's expansion roll, activity roll and attacks."""

    name = "tour-allie"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        fv = frame["vars"]
        ally = fv["ally"]
        if fv.get("kind") in (ALLY_2P, NEUTRAL):
            if self._expansions(rs, state, ally):
                fv["stage"] = "expansion"
                must = fv["kind"] == NEUTRAL
                ctx.log(N_("{nation} must expand by one city") if must else
                        N_("{nation} may expand by one city"), RULE,
                        nation=rs.nation_name(ally))
                return
            ctx.log(N_("{nation} has no free city to expand into"), RULE,
                    nation=rs.nation_name(ally))
            self._activity(rs, state, frame, ctx, flow)
            return
        die = ctx.roll(6)
        if die >= 4 and self._expansions(rs, state, ally):
            fv["stage"] = "expansion"
            ctx.log(N_("{nation} may expand by one city (die {die})"), RULE,
                    nation=rs.nation_name(ally), die=die)
            return
        ctx.log(N_("{nation} does not expand (die {die})") if die >= 4 else
                N_("{nation} does not expand (die {die}, 4 to 6 needed)"), RULE,
                nation=rs.nation_name(ally), die=die)
        self._activity(rs, state, frame, ctx, flow)

    @staticmethod
    def _expansions(rs: MontjoieModel, state: State, ally: str) -> list[tuple[str, str, bool]]:
        return expansions(geography(rs), owners(rs, state), ally, [],
                          limited_landings=rs.option(state, "limited-landings"))

    def _activity(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
                  flow: Flow) -> None:
        fv = frame["vars"]
        if fv.get("kind") == ALLY_2P:  # 9.0: 1 attack in Peace, 2 in War, if he wishes
            war = state["vars"].get("politics") == "guerre"
            fv.update(stage="attacks", left=2 if war else 1, mandatory=False)
            self._check(rs, state, frame, ctx, flow)
        elif state["vars"].get("politics") == "guerre":
            fv["stage"] = "activity"
        else:
            fv.update(stage="attacks", left=1, mandatory=False)
            self._check(rs, state, frame, ctx, flow)

    def _check(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow) -> None:
        fv = frame["vars"]
        if fv["left"] <= 0 or not _ally_attacks(rs, state, fv["ally"], _cards_of(fv)):
            if fv["left"] > 0 and fv["mandatory"]:
                ctx.log(N_("{nation} has no city left to attack"), RULE,
                        nation=rs.nation_name(fv['ally']))
            flow.end(rs, state, ctx, _ended(fv))

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        fv = frame["vars"]
        ally = rs.nation_name(fv["ally"])
        if fv["stage"] == "expansion":
            return N_("{ally}: place a garrison on one free city ({rule})", ally=ally,
                      rule=RULE)
        if fv["stage"] == "activity":
            return N_("{ally}: roll its activity (1-2: one attack, 3-4: two, 5-6: three, all "
                      "to be made) or make no attack ({rule})", ally=ally, rule=RULE)
        if fv["mandatory"]:
            return N_("{ally} must make {n} more attack(s) ({rule})", ally=ally, n=fv['left'],
                      rule=RULE)
        return N_("{ally} may make {n} more attack(s) ({rule})", ally=ally, n=fv['left'],
                  rule=RULE)

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        fv = frame["vars"]
        if fv["stage"] == "expansion":
            for source, target, sea in self._expansions(rs, state, fv["ally"]):
                yield Action("ally-expand", (target, source, "sea" if sea else "road"))
            if fv.get("kind") != NEUTRAL:  # 9.0: a neutral must expand
                yield Action("ally-no-expansion")
        elif fv["stage"] == "activity":
            yield Action("ally-activity")
            yield Action("ally-rest")
        else:
            for source, target in _ally_attacks(rs, state, fv["ally"], _cards_of(fv)):
                yield Action("ally-attack", (target, source))
            if not fv["mandatory"]:
                yield Action("ally-rest")

    @verb("ally-expand", area=0, label=lambda rs, state, a: N_(
        "Ally's expansion: {city} from {source} (by {way})", city=rs.city_name(a.arg(0)),
        source=rs.city_name(a.arg(1)), way=WAYS.get(a.arg(2), a.arg(2))))
    def on_ally_expand(self, rs: MontjoieModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        ally = frame["vars"]["ally"]
        set_city(rs, state, action.arg(0), ally, 1)
        ctx.log(N_("{nation} places a garrison in {city}"), RULE, nation=rs.nation_name(ally),
                city=rs.city_name(action.arg(0)))
        self._activity(rs, state, frame, ctx, flow)

    @verb("ally-no-expansion", label=N_("No expansion for the ally"))
    def on_ally_no_expansion(self, rs: MontjoieModel, state: State, frame: Frame,
                             action: Action, ctx: Context, flow: Flow) -> None:
        self._activity(rs, state, frame, ctx, flow)

    @verb("ally-activity", label=N_("Roll the ally's activity (1D6)"))
    def on_ally_activity(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        fv = frame["vars"]
        die = ctx.roll(6)
        fv.update(stage="attacks", left=ACTIVITY[die], mandatory=True)
        ctx.log(N_("{nation}'s activity: die {die}, {n} attack(s) to make"), RULE,
                nation=rs.nation_name(fv['ally']), die=die, n=ACTIVITY[die])
        self._check(rs, state, frame, ctx, flow)

    @verb("ally-rest", label=N_("No (more) attack for the ally"))
    def on_ally_rest(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        fv = frame["vars"]
        ctx.log(N_("{nation} makes no more attack"), RULE, nation=rs.nation_name(fv['ally']))
        flow.end(rs, state, ctx, _ended(fv))

    @verb("ally-attack", area=0, label=lambda rs, state, a: N_(
        "Ally attacks {city} from {source}", city=rs.city_name(a.arg(0)),
        source=rs.city_name(a.arg(1))))
    def on_ally_attack(self, rs: MontjoieModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        ally = frame["vars"]["ally"]
        target, source = action.arg(0), action.arg(1)
        state["vars"]["turn_limits"].setdefault("attacks", {}).setdefault(
            ally, []).append([source, target])
        if frame["vars"].get("kind") == ALLY_2P:  # fought with its player's cards
            fv = {**new_combat(rs, state, ctx.side, source, target), "for_ally": ally}
        else:
            fv = new_combat(rs, state, ally, source, target)
        said = N_("{nation} attacks {city} ({defender}) from {source}",
                  nation=rs.nation_name(ally), city=rs.city_name(target),
                  defender=rs.nation_name(fv['defender']), source=rs.city_name(source))
        if "for_ally" in fv:
            said = N_("{said}, with {player}'s cards", said=said,
                      player=rs.nation_name(ctx.side))
        ctx.log(said, f"{RULE}, Montjoie Séq. 7")
        flow.call(rs, state, ctx, "combat-soutien", side=ctx.side, **fv)

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        frame["vars"]["left"] -= 1
        self._check(rs, state, frame, ctx, flow)


def _cards_of(fv: dict[str, Any]) -> str | None:
    """The player whose cards a 2-player ally fights with (``None``: no cards)."""
    return fv.get("player") if fv.get("kind") == ALLY_2P else None


def _ended(fv: dict[str, Any]) -> dict[str, Any]:
    """What the turn of a minor power hands back to Séquence 7."""
    return {"ally": fv["ally"], "then_end": fv.get("then_end", False),
            "minor": bool(fv.get("kind"))}
