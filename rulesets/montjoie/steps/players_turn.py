"""Séquence 7 : Tour des joueurs (Montjoie Séq. 7): each player in the turn order plays
phase 1, Expansion, then phase 2, Combats; then every hand is discarded (Séq. 7 end,
:func:`.sequence7.end_of_sequence_7`) and Séquence 8 follows.

Phase 1: ``expand CITY FROM`` places a garrison on a free city linked by road to one of
the player's cities, ``expand-sea CITY FROM`` once a turn from a port to a port; two
expansions at most, not both from the same city (A7: may the second start from the
first new city). Phase 2: ``attack CITY FROM`` announces a combat (the procedure of
:mod:`.combat`; a landing may first be stopped by the Maître des mers, Séq. 6), and
``chevauchee CITY FROM`` the Great Raid of the player who drew it (Séq. 6: any enemy
city, no terrain bonus, one attack); ``end-turn`` ends the player's turn, his face-up
yellows back in his hand. The red cards played in one's own turn (Écorcheur,
Ambassadeur) are offered in both phases (:mod:`.red_cards`).
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
from ..model.conquest import COMBAT_RULE, EXPANSION_RULE, attacks, expansions
from ..model.offers import offer
from ..words import N_
from .allies import minor_controller, minor_turns_due, neutrals
from .ally_turn import ALLY_2P, NEUTRAL, AllyTurn, allies_of
from .combat import CombatCommit, CombatReveal, CombatSupport, FelonLoss, MasterOfSeas
from .combat_result import CombatRetreat, SignOfGod
from .common import first_in_order, next_in_order
from .mercenaries import MercenaryMoves
from .red_cards import Corruption, Intrigue, LoseRandomCard, RedCards
from .sales import CitySale, SaleOffers, sale_actions
from .sequence7 import after_discard, end_of_sequence_7

EXPANSION, COMBATS = "expansion", "combats"
_OWN_VERBS = frozenset({"expand", "expand-sea", "end-expansion", "attack", "chevauchee",
                        "end-turn"})
"""The verbs :meth:`PlayerTurns.actions_of` lists on their own."""


def _expand_label(rs: MontjoieModel, state: State, action: Action) -> str:
    how = N_("by sea") if action.verb == "expand-sea" else N_("by road")
    return N_("Expansion: a garrison in {city} from {source} ({how})",
              city=rs.city_name(action.arg(0)), source=rs.city_name(action.arg(1)), how=how)


def _attack_label(rs: MontjoieModel, state: State, action: Action) -> str:
    how = "" if geography(rs).by_road(action.arg(1), action.arg(0)) else N_(" (landing)")
    return N_("Attack {city} ({owner}) from {source}{how}", city=rs.city_name(action.arg(0)),
              owner=rs.nation_name(rs.owner(state, action.arg(0))),
              source=rs.city_name(action.arg(1)), how=how)


def limits(state: State, key: str, nation: str) -> list[list[str]]:
    return state["vars"]["turn_limits"].setdefault(key, {}).setdefault(nation, [])


def protected(rs: MontjoieModel, state: State) -> set[str]:
    """Séq. 6 Intervention du Pape: the city, or every city of the province, that no one
    may attack this turn."""
    pope = state["vars"].get("pope")
    if not pope:
        return set()
    if pope in rs.board_map.regions:
        return set(rs.province_cities(pope))
    return {pope}


def legal_expansions(rs: MontjoieModel, state: State, nation: str
                     ) -> list[tuple[str, str, bool]]:
    done = [{"from": a, "to": b, "sea": how == "sea"}
            for a, b, how in limits(state, "expansions", nation)]
    island = (nation == "angleterre" and rs.option(state, "island")
              and rs.rule_on(state))  # 10.0 Mon pays est une île
    return expansions(geography(rs), owners(rs, state), nation, done,
                      from_new_city=rs.reading(state, "A7") == "b",
                      limited_landings=rs.option(state, "limited-landings"), island=island)


def legal_attacks(rs: MontjoieModel, state: State, nation: str,
                  raid: bool = False) -> list[tuple[str, str]]:
    """The attacks ``nation`` may announce (``raid``: its Chevauchée's, Séq. 6)."""
    made = [{"from": a, "to": b} for a, b in limits(state, "attacks", nation)]
    usable = sum(1 for k in own_cards(state, nation) if k in YELLOW)
    return attacks(geography(rs), owners(rs, state), nation, made, usable,
                   state["vars"].get("politics") == "paix", protected=protected(rs, state),
                   limited_landings=rs.option(state, "limited-landings"), anywhere=raid)


class PlayerTurns(SaleOffers, RedCards):
    """Séq. 7: each player in turn, Expansion then Combats."""

    name = "joueurs"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        state["vars"]["allies_played"] = []
        self._start(rs, state, ctx, first_in_order(rs, state))

    @staticmethod
    def _start(rs: MontjoieModel, state: State, ctx: Context, nation: str) -> None:
        state["vars"]["current"] = nation
        state["vars"]["stage"] = EXPANSION
        state["active"] = nation
        ctx.log(N_("{nation}'s turn: phase 1, Expansion"), EXPANSION_RULE,
                nation=rs.nation_name(nation))

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        if result == "discarded":
            after_discard(rs, state, ctx, flow)
        elif isinstance(result, dict) and result.get("minor"):
            self._minors(rs, state, ctx, flow)
        elif isinstance(result, dict) and result.get("then_end"):
            self._end_turn(rs, state, ctx, flow)
        elif state["vars"].get("minor_building"):
            self._minor_turn(rs, state, ctx, flow, state["vars"].pop("minor_building"))

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        current = state["vars"].get("current")
        return [current] if current else []

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        v = state["vars"]
        name = rs.nation_name(v["current"])
        if v.get("stage") == COMBATS:
            return N_("{name}: attack a city, or end your turn ({rule})", name=name,
                      rule=COMBAT_RULE)
        return N_("{name}: place up to two garrisons on free cities, or go on to the combats "
                  "({rule})", name=name, rule=EXPANSION_RULE)

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        nation = state["vars"].get("current")
        if not nation:
            return
        v = state["vars"]
        fresh = not limits(state, "expansions", nation) and not limits(state, "attacks",
                                                                          nation)
        if v.get("stage") == COMBATS or fresh:  # 9.0: before or after his own power
            for ally in allies_of(rs, state, nation):
                yield Action("play-ally", (ally,))
        if fresh and v.get("stage") != COMBATS and rs.reading(state, "A25") == "a":
            yield from self.papal_actions(rs, state, nation)  # 10.0, A25 a
        yield from sale_actions(rs, state, nation)  # 10.0 Vente de villes
        if state["vars"].get("stage") == COMBATS:
            for source, target in legal_attacks(rs, state, nation):
                yield offer("attack", target, source)
            if state["vars"].get("chevauchee") == nation:
                for source, target in legal_attacks(rs, state, nation, raid=True):
                    yield offer("chevauchee", target, source)
            yield from self.red_card_actions(rs, state, nation)
            yield offer("end-turn")
            return
        for source, target, sea in legal_expansions(rs, state, nation):
            yield offer("expand-sea" if sea else "expand", target, source)
        yield from self.red_card_actions(rs, state, nation)
        yield offer("end-expansion")

    def actions_of(self, rs: MontjoieModel, state: State, frame: Frame,
                   verb_name: str) -> Iterator[Action]:
        """:meth:`actions` of one verb, in their order; the turn's own verbs (expansions,
        attacks, the ends of the phases: what checking an action asks most) without
        listing the others. The same reads of the state as :meth:`actions` (the turn's
        limits made for the player; the sale offers' record, ``vars["extra"]``, is made
        at the set-up)."""
        if verb_name not in _OWN_VERBS:
            yield from super().actions_of(rs, state, frame, verb_name)
            return
        v = state["vars"]
        nation = v.get("current")
        if not nation:
            return
        _fresh = not limits(state, "expansions", nation) and not limits(state, "attacks",
                                                                         nation)
        if v.get("stage") == COMBATS:
            if verb_name == "attack":
                for source, target in legal_attacks(rs, state, nation):
                    yield offer("attack", target, source)
            elif verb_name == "chevauchee" and v.get("chevauchee") == nation:
                for source, target in legal_attacks(rs, state, nation, raid=True):
                    yield offer("chevauchee", target, source)
            elif verb_name == "end-turn":
                yield offer("end-turn")
            return
        if verb_name == "end-expansion":
            yield offer("end-expansion")
        elif verb_name in ("expand", "expand-sea"):
            sea_verb = verb_name == "expand-sea"
            for source, target, sea in legal_expansions(rs, state, nation):
                if sea == sea_verb:
                    yield offer(verb_name, target, source)

    # -- phase 1 -----------------------------------------------------------------------
    @verb("expand", area=0, label=_expand_label, logs=True)
    def on_expand(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        self._expand(rs, state, action, ctx, "road")

    @verb("expand-sea", area=0, label=_expand_label)
    def on_expand_sea(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        self._expand(rs, state, action, ctx, "sea")

    @staticmethod
    def _expand(rs: MontjoieModel, state: State, action: Action, ctx: Context,
                how: str) -> None:
        target, source = action.arg(0), action.arg(1)
        set_city(rs, state, target, ctx.side, 1)
        limits(state, "expansions", ctx.side).append([source, target, how])
        by = N_("by sea") if how == "sea" else N_("by road")
        seas = sum(1 for d in limits(state, "expansions", ctx.side) if d[2] == "sea")
        island = ", Montjoie 10.0 Mon pays est une île" if seas > 1 else ""
        ctx.log(N_("{nation} places a garrison in {city} from {source} ({by})"),
                f"{EXPANSION_RULE}, {rs.reading_note(state, 'A7')}{island}",
                nation=rs.nation_name(ctx.side), city=rs.city_name(target),
                source=rs.city_name(source), by=by)

    @verb("end-expansion", label=N_("Go on to the combats (phase 2)"))
    def on_end_expansion(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        state["vars"]["stage"] = COMBATS
        ctx.log(N_("{nation}: phase 2, Combats"), COMBAT_RULE, nation=rs.nation_name(ctx.side))

    # -- phase 2 -----------------------------------------------------------------------
    @verb("attack", area=0, label=_attack_label, logs=True)
    def on_attack(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        target, source = action.arg(0), action.arg(1)
        limits(state, "attacks", ctx.side).append([source, target])
        fv = new_combat(rs, state, ctx.side, source, target)
        how = N_(" by landing") if fv["landing"] else ""
        ctx.log(N_("{nation} attacks {city} ({defender}) from {source}{how}"),
                f"{COMBAT_RULE}, Annonce du combat", nation=rs.nation_name(ctx.side),
                city=rs.city_name(target), defender=rs.nation_name(fv['defender']),
                source=rs.city_name(source), how=how)
        master = state["vars"].get("master_of_seas")
        if fv["landing"] and master in rs.players(state) and master != ctx.side:
            flow.call(rs, state, ctx, "maitre-des-mers", side=master, **fv)
        else:
            flow.call(rs, state, ctx, "combat-soutien", side=ctx.side, **fv)

    @verb("chevauchee", area=0, label=lambda rs, state, a: N_(
        "Chevauchée: attack {city} from {source}, no terrain bonus",
        city=rs.city_name(a.arg(0)), source=rs.city_name(a.arg(1))))
    def on_chevauchee(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        target, source = action.arg(0), action.arg(1)
        state["vars"]["chevauchee"] = None
        limits(state, "attacks", ctx.side).append([source, target])
        fv = {**new_combat(rs, state, ctx.side, source, target), "landing": False,
              "raid": True}
        ctx.log(N_("{nation} makes its Chevauchée: it attacks {city} ({defender}) from "
                   "{source}, without terrain bonus"), "Montjoie Séq. 6 Chevauchée",
                nation=rs.nation_name(ctx.side), city=rs.city_name(target),
                defender=rs.nation_name(fv['defender']), source=rs.city_name(source))
        flow.call(rs, state, ctx, "combat-soutien", side=ctx.side, **fv)

    @verb("play-ally", label=lambda rs, state, a: N_(
        "Play your ally {ally} now (Montjoie 9.0)", ally=rs.nation_name(a.arg(0))))
    def on_play_ally(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        ally, v = action.arg(0), state["vars"]
        v.setdefault("allies_played", []).append(ally)
        after = v.get("stage") == COMBATS
        ctx.log(N_("{nation} plays its ally {ally} after its own power: its turn ends with it")
                if after else N_("{nation} plays its ally {ally} before its own power"),
                "Montjoie 9.0", nation=rs.nation_name(ctx.side), ally=rs.nation_name(ally))
        flow.call(rs, state, ctx, "tour-allie", side=ctx.side, ally=ally, then_end=after)

    @verb("end-turn", label=N_("End your turn"))
    def on_end_turn(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        self._end_turn(rs, state, ctx, flow)

    def _end_turn(self, rs: MontjoieModel, state: State, ctx: Context, flow: Flow) -> None:
        v = state["vars"]
        nation = v["current"]
        back = v["face_up"].pop(nation, [])
        if back:  # public cards: kept apart until its next play from the hand
            v.setdefault("pending", {}).setdefault(nation, []).extend(back)
            ctx.log(N_("{nation} takes its {n} face-up yellow card(s) back, for defence"),
                    COMBAT_RULE, nation=rs.nation_name(nation), n=len(back))
        ctx.log(N_("{nation} ends its turn"), COMBAT_RULE, nation=rs.nation_name(nation))
        following = next_in_order(rs, state, nation)
        if following is not None:
            self._start(rs, state, ctx, following)
        elif minor_turns_due(rs, state):
            v["current"] = v["stage"] = None
            v["minors_todo"] = [m for m in v["order"] if m in v["minors"]]
            self._minors(rs, state, ctx, flow)
        else:
            self._end_sequence(rs, state, ctx, flow)

    @staticmethod
    def _end_sequence(rs: MontjoieModel, state: State, ctx: Context, flow: Flow) -> None:
        v = state["vars"]
        v["current"] = v["stage"] = None
        v["pending"] = {}
        v.pop("minors_todo", None)
        end_of_sequence_7(rs, state, ctx, flow)

    # -- 9.0, two players: the minor powers' turns after the players' -----------------
    def _minors(self, rs: MontjoieModel, state: State, ctx: Context, flow: Flow) -> None:
        """The next minor power in the turn order plays (9.0), then Séq. 7 ends."""
        v = state["vars"]
        while v.get("minors_todo"):
            minor = v["minors_todo"].pop(0)
            if not rs.owned(state, minor):
                continue
            if minor in neutrals(rs, state):
                v["minor_building"] = minor  # 9.0: the construction roll first
                flow.call(rs, state, ctx, "neutral-build", minor_controller(rs, state,
                          minor), todo=[minor])
            else:
                self._minor_turn(rs, state, ctx, flow, minor)
            return
        self._end_sequence(rs, state, ctx, flow)

    @staticmethod
    def _minor_turn(rs: MontjoieModel, state: State, ctx: Context, flow: Flow,
                    minor: str) -> None:
        kind = NEUTRAL if minor in neutrals(rs, state) else ALLY_2P
        player = minor_controller(rs, state, minor)
        state["active"] = player
        if kind == ALLY_2P:  # 9.0: "elle récupère toutes ses cartes jaunes"
            back = state["vars"]["face_up"].pop(player, [])
            if back:
                state["vars"].setdefault("pending", {}).setdefault(player, []).extend(back)
        if kind == ALLY_2P:
            said = N_("{minor}'s turn, played by {player} (its loyal ally)",
                      minor=rs.nation_name(minor), player=rs.nation_name(player))
        else:
            said = N_("{minor}'s turn, played by {player} (the neutral power, {reading})",
                      minor=rs.nation_name(minor), player=rs.nation_name(player),
                      reading=rs.reading_note(state, 'A19'))
        ctx.log(said, "Montjoie 9.0")
        flow.call(rs, state, ctx, "tour-allie", side=player, ally=minor, kind=kind,
                  player=player, then_end=False)


SEQUENCE_7_PROCEDURES = (MasterOfSeas, CombatSupport, CombatCommit, FelonLoss, CombatReveal,
                         SignOfGod, CombatRetreat, Corruption, Intrigue, LoseRandomCard,
                         AllyTurn, CitySale, MercenaryMoves)
"""The procedures of Séquence 7, for the ruleset's flow."""
