"""The red cards played in one's own turn (Montjoie Séq. 3 "Les cartes rouges à jouer
pendant son tour de jeu"): Écorcheur and Ambassadeur, and what the Ambassador's two dice
bring (Corruption, Aide extérieure, Héros, Intrigue de cour).

- ``ecorcheur CITY``: pillage a free city or an opponent's, anywhere: one die greater
  than the fortification (A1), never a fortress, no terrain bonus; 1 or 2 écus (A6) and
  a pillage marker.
- ``ambassadeur``: two dice on the table (:func:`~..model.combat.ambassador`): 2-5 the
  player chooses an opponent's city to corrupt (``corrompre CITY``: one die greater than
  the fortification, never a fortress: the city changes hands); 6-8 two more cards;
  9-10 his Hero is active (10.0 Grand Maître if it was already); 11-12 he chooses an
  opponent (``intrigue NATION``), who loses a card drawn at random from his hand (an
  obligation of that player's program, ``perte-au-hasard``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.base.i18n import Msg
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import Obligation, owe
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel
from ..model.battle import own_cards, take_from_hand
from ..model.cards import CARD_NAMES, RED, draw
from ..model.cities import take_city
from ..model.combat import (
    AMBASSADOR_NAMES,
    CORRUPTION,
    COURT_INTRIGUE,
    FORTRESS,
    HERO_RESULT,
    OUTSIDE_HELP,
    OUTSIDE_HELP_CARDS,
    ambassador,
    beats_fortification,
    pillage_loot,
)
from ..words import N_
from . import national
from .corrections import Corrections

RULE = "Montjoie Séq. 3"


def pillage_targets(rs: MontjoieModel, state: State, nation: str) -> list[str]:
    """Séq. 3 Écorcheur: "une ville libre ou appartenant à un adversaire, n'importe où";
    never a fortress; never an ally's city in the 3-player game (9.0: "La carte
    Écorcheur n'agit pas sur les alliés")."""
    allies = {n for n, kind in state["vars"]["minors"].items() if kind == "allie"}
    return [c for c in rs.cities() if rs.owner(state, c) != nation
            and rs.owner(state, c) not in allies and rs.level(state, c) < FORTRESS]


def corruption_targets(rs: MontjoieModel, state: State, nation: str) -> list[str]:
    """Séq. 3 Corruption: "une ville appartenant à un adversaire" (another player's);
    never a fortress."""
    return [c for c in rs.cities() if rs.owner(state, c) in rs.players(state)
            and rs.owner(state, c) != nation and rs.level(state, c) < FORTRESS]


def _pillage_label(rs: MontjoieModel, state: State, action: Action) -> str:
    return N_("Écorcheur: pillage {city}", city=rs.city_name(action.arg(0)))


class RedCards(Corrections):
    """The verbs of the red cards a player plays in his own turn (a base of the
    Séquence 7 phase step)."""

    def red_card_actions(self, rs: MontjoieModel, state: State,
                         nation: str) -> Iterator[Action]:
        cards = own_cards(state, nation)
        if "ecorcheur" in cards:
            for city in pillage_targets(rs, state, nation):
                yield Action("ecorcheur", (city,))
        if "ambassadeur" in cards:
            yield Action("ambassadeur")
        if national.intrigue(rs, state, nation):
            for victim in self._intrigue_targets(rs, state, nation):
                yield Action("intrigue-navarre", (victim,))

    @verb("intrigue-navarre", label=lambda rs, state, a: N_(
        "Navarre's court intrigue: {nation} loses a red card drawn at random (10.0)",
        nation=rs.nation_name(a.arg(0))))
    def on_intrigue_navarre(self, rs: MontjoieModel, state: State, frame: Frame,
                            action: Action, ctx: Context, flow: Flow) -> None:
        victim = action.arg(0)
        national.use(state, "navarre-intrigue")
        ctx.log(N_("Intrigue de cour of Navarre: {nation} loses a red card drawn at random (a "
                   "yellow one if he holds no red card)"), f"{national.RULE} Navarre",
                nation=rs.nation_name(victim))
        owe(rs, state, ctx, flow, "perte-au-hasard", {victim: ["lose-red"]}, result="lost")

    @verb("ecorcheur", area=0, label=_pillage_label)
    def on_ecorcheur(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        city, v = action.arg(0), state["vars"]
        take_from_hand(state, ctx.side, "ecorcheur")
        v["discard"].append("ecorcheur")
        level, need = rs.level(state, city), rs.test_value(state, city)
        die = ctx.roll(6)
        rule = f"{RULE} Écorcheur, {rs.reading_note(state, 'A1')}"
        if not beats_fortification(die, level, need):
            ctx.log(N_("{nation}'s Écorcheurs fail to pillage {city}: die {die}, not above "
                       "{need}"), rule, nation=rs.nation_name(ctx.side),
                    city=rs.city_name(city), die=die, need=need)
            return
        loot = pillage_loot(level, rs.reading(state, "A6"))
        v["treasury"][ctx.side] = v["treasury"].get(ctx.side, 0) + loot
        if city not in v["pillage"]:
            v["pillage"].append(city)
        ctx.log(N_("{nation}'s Écorcheurs pillage {city} (die {die} above {need}): {loot} "
                   "écu(s) and a pillage marker"), f"{rule}, {rs.reading_note(state, 'A6')}",
                nation=rs.nation_name(ctx.side), city=rs.city_name(city), die=die, need=need,
                loot=loot)

    @verb("ambassadeur", hand=True, label=N_("Play the Ambassadeur (two dice)"))
    def on_ambassadeur(self, rs: MontjoieModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        v, nation = state["vars"], ctx.side
        take_from_hand(state, nation, "ambassadeur")
        v["discard"].append("ambassadeur")
        self._embassy(rs, state, ctx, flow, nation, N_("plays the Ambassadeur"))

    def papal_actions(self, rs: MontjoieModel, state: State,
                      nation: str) -> Iterator[Action]:
        """10.0 Soutien du Pape: the player with the fewest PP (alone) may ask once a
        turn."""
        if not rs.option(state, "papal-support") or not rs.rule_on(state) \
                or national.used(state, f"pape-{nation}"):
            return
        scores = {n: state["score"].get(n, 0) for n in rs.players(state)}
        low = min(scores.values())
        if scores.get(nation) == low and list(scores.values()).count(low) == 1:
            yield Action("soutien-du-pape")

    @verb("soutien-du-pape", label=N_("Ask for the Pope's support (1D6: 4-6, a "
                                            "papal ambassador; 10.0)"))
    def on_soutien_du_pape(self, rs: MontjoieModel, state: State, frame: Frame,
                           action: Action, ctx: Context, flow: Flow) -> None:
        nation = ctx.side
        national.use(state, f"pape-{nation}")
        die = ctx.roll(6)
        rule = f"{national.RULE} Soutien du Pape, {rs.reading_note(state, 'A25')}"
        if die <= 3:
            ctx.log(N_("{nation}, with the fewest Pretender Points, asks for the Pope's "
                       "support: die {die}, refused"), rule, nation=rs.nation_name(nation),
                    die=die)
            return
        ctx.log(N_("{nation}, with the fewest Pretender Points, asks for the Pope's support: "
                   "die {die}, a papal ambassador"), rule, nation=rs.nation_name(nation),
                die=die)
        self._embassy(rs, state, ctx, flow, nation, N_("receives a papal ambassador"))

    def _embassy(self, rs: MontjoieModel, state: State, ctx: Context, flow: Flow,
                 nation: str, how: Msg) -> None:
        """The Ambassador's two dice and what they bring (Séq. 3 Ambassadeur)."""
        v = state["vars"]
        dice = [ctx.roll(6), ctx.roll(6)]
        result = ambassador(sum(dice))
        ctx.log(N_("{nation} {how}: {a} + {b} = {total}, {result}"), f"{RULE} Ambassadeur",
                nation=rs.nation_name(nation), how=how, a=dice[0], b=dice[1],
                total=sum(dice), result=AMBASSADOR_NAMES[result])
        if result == OUTSIDE_HELP:
            draw(rs, state, ctx, nation, OUTSIDE_HELP_CARDS, N_("Aide extérieure"),
                 f"{RULE} Ambassadeur")
        elif result == HERO_RESULT:
            if v["heroes"].get(nation) == "active" and rs.option(state, "grand-master"):
                v.setdefault("grand_masters", []).append(nation)
                ctx.log(N_("{nation}'s Hero is already active: Grand Maître de l'Artillerie "
                           "this turn, + 1 PC"), "Montjoie 10.0", nation=rs.nation_name(nation))
            else:
                v["heroes"][nation] = "active"
                ctx.log(N_("{nation}'s Hero is active: + 2 PC in every combat he takes part "
                           "in, until he is killed"), f"{RULE} Ambassadeur",
                        nation=rs.nation_name(nation))
                if national.hero_activated(rs, state, nation):
                    ctx.log(N_("Jeanne d'Arc is activated for the first time: France "
                               "receives a Signe de Dieu, to use while she lives"),
                            f"{national.RULE} Jeanne d'Arc et le Signe de Dieu")
        elif result == CORRUPTION and corruption_targets(rs, state, nation):
            flow.call(rs, state, ctx, "ambassade-corruption", side=nation)
        elif result == COURT_INTRIGUE and self._intrigue_targets(rs, state, nation):
            flow.call(rs, state, ctx, "ambassade-intrigue", side=nation)
        elif result in (CORRUPTION, COURT_INTRIGUE):
            ctx.log(N_("Nobody to choose: the embassy has no effect"), f"{RULE} Ambassadeur")

    @staticmethod
    def _intrigue_targets(rs: MontjoieModel, state: State, nation: str) -> list[str]:
        return [n for n in rs.players(state) if n != nation and rs.hand_size(state, n)]


class Corruption(Corrections):
    """Séq. 3 Ambassadeur 2-5: the player chooses an opponent's city and rolls."""

    name = "ambassade-corruption"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: choose an opponent's city to corrupt ({rule} Ambassadeur, "
                  "Corruption)", nation=rs.nation_name(frame['side']), rule=RULE)

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for city in corruption_targets(rs, state, frame["side"]):
            yield Action("corrompre", (city,))

    @verb("corrompre", area=0,
          label=lambda rs, state, a: N_("Corrupt {city}", city=rs.city_name(a.arg(0))))
    def on_corrompre(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        city = action.arg(0)
        level, need = rs.level(state, city), rs.test_value(state, city)
        die = ctx.roll(6)
        rule = f"{RULE} Corruption, {rs.reading_note(state, 'A1')}"
        owner = rs.owner(state, city)
        if beats_fortification(die, level, need):
            take_city(rs, state, city, ctx.side, "corruption")
            ctx.log(N_("{city} betrays {owner} (die {die} above {need}): it is {nation}'s"),
                    rule, city=rs.city_name(city), owner=rs.nation_name(owner), die=die,
                    need=need, nation=rs.nation_name(ctx.side))
        else:
            ctx.log(N_("{city} stays loyal to {owner} (die {die}, not above {need})"), rule,
                    city=rs.city_name(city), owner=rs.nation_name(owner), die=die, need=need)
        flow.end(rs, state, ctx)


class Intrigue(Corrections):
    """Séq. 3 Ambassadeur 11-12: the player chooses an opponent, who loses a card drawn
    at random."""

    name = "ambassade-intrigue"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: choose the opponent who loses a card ({rule} Ambassadeur, "
                  "Intrigue de cour)", nation=rs.nation_name(frame['side']), rule=RULE)

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for nation in RedCards._intrigue_targets(rs, state, frame["side"]):
            yield Action("intrigue", (nation,))

    @verb("intrigue", label=lambda rs, state, a: N_(
        "Intrigue de cour against {nation}", nation=rs.nation_name(a.arg(0))))
    def on_intrigue(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        victim = action.arg(0)
        ctx.log(N_("Intrigue de cour: {nation} loses a card drawn at random"),
                f"{RULE} Ambassadeur", nation=rs.nation_name(victim))
        owe(rs, state, ctx, flow, "perte-au-hasard", {victim: ["lose-card"]}, result="lost")

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        flow.end(rs, state, ctx)


class LoseRandomCard(Corrections, Obligation[MontjoieModel]):
    """A player loses a card drawn at random from his own hand (his program draws it
    with a private die; the card goes face up on the discard)."""

    name = "perte-au-hasard"

    @verb("lose-card", hand=True, label=N_("Lose a card drawn at random"))
    def on_lose_card(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        cards = own_cards(state, ctx.side)
        kind = cards[ctx.roll(len(cards), zero_based=True, private=True)]
        take_from_hand(state, ctx.side, kind)
        state["vars"]["discard"].append(kind)
        ctx.log(N_("{nation} loses {card}, drawn at random"), RULE,
                nation=rs.nation_name(ctx.side), card=CARD_NAMES.get(kind, kind))

    @verb("lose-red", hand=True, label=N_("Lose a red card drawn at random (a yellow one "
                                          "if you hold no red card)"))
    def on_lose_red(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        cards = own_cards(state, ctx.side)
        reds = [k for k in cards if k in RED] or cards
        kind = reds[ctx.roll(len(reds), zero_based=True, private=True)]
        take_from_hand(state, ctx.side, kind)
        state["vars"]["discard"].append(kind)
        ctx.log(N_("{nation} loses {card}, drawn at random"), f"{national.RULE} Navarre",
                nation=rs.nation_name(ctx.side), card=CARD_NAMES.get(kind, kind))
