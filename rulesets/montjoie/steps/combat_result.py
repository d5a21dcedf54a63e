"""Séquence 7 phase 2, the end of a combat (Montjoie Séq. 7 "Combat", "Résultat du
combat"): Signe de Dieu after the reveal, the totals, the result, Retraite, the cards.

- ``combat-signe``: the attacker, then the defender (a player with an empty hand is not
  asked), may play a Signe de Dieu to double
  one yellow card (Séq. 3: one per player per combat; A5, whose card); then the totals
  are compared (:func:`~..model.battle.totals`): the higher wins, a tie keeps the city
  to the defender. The winning attacker takes the city with its fortifications and
  keeps his yellows face up (not usable to attack again this turn); a winning defender
  takes his yellow back; the loser discards all he committed; in a tie both discard;
  red cards are discarded, but not a victorious Hero; a Hero who loses or ties dies.
- ``combat-retraite``: each combatant whose yellows are to be discarded (the loser, or
  both in a tie), the defender first, may play Retraite cards to take yellows back
  (Séq. 3: an attacker cannot use them again to attack).
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
from ..model.battle import (
    attack_words,
    is_player,
    mercenaries,
    minor_attack,
    own_cards,
    take_from_hand,
    totals,
)
from ..model.cards import YELLOW
from ..model.cities import take_city
from ..model.combat import ATTACKER, DEFENDER, HERO, TIE, winner
from ..words import N_
from . import national
from .combat import ROLE_WORDS, card_word
from .corrections import Corrections

RULE = "Montjoie Séq. 7"
CARD_RULE = "Montjoie Séq. 3"


def _name(rs: MontjoieModel, nation: str | None) -> str:
    return rs.nation_name(nation)


def _sign_label(rs: MontjoieModel, state: State, action: Action) -> str:
    return N_("Signe de Dieu: double {card} of {role}", card=card_word(action.arg(1)),
              role=ROLE_WORDS.get(action.arg(0), action.arg(0)))


class SignOfGod(Corrections):
    """Séq. 3 Signe de Dieu: after the reveal, each combatant may double one yellow."""

    name = "combat-signe"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        fv = frame["vars"]
        role = fv.get("signing")
        return [fv[role]] if role in (ATTACKER, DEFENDER) else []

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        fv = frame["vars"]
        a, d, _ = totals(rs, state, fv)
        return N_("{nation}: {attacker} {a} against {defender} {d}. Play a Signe de Dieu? "
                  "({rule})", nation=_name(rs, fv[fv['signing']]),
                  attacker=_name(rs, fv['attacker']), a=a, defender=_name(rs, fv['defender']),
                  d=d, rule=CARD_RULE)

    def actions_for(self, rs: MontjoieModel, state: State, frame: Frame,
                    side: str) -> Iterator[Action]:
        if side not in self.deciders(rs, state, frame):
            return
        fv = frame["vars"]
        mine = fv["signing"]
        joan = national.joan_sign(rs, state, side) and not fv.get("joan_signed")
        if "signe-de-dieu" in own_cards(state, side) or joan:
            roles = (mine,) if rs.reading(state, "A5") == "a" else (ATTACKER, DEFENDER)
            for role in roles:
                shown = (fv["revealed"].get(role) or {}).get("cards", [])
                for kind in sorted({k for k in shown if k in YELLOW}):
                    if "signe-de-dieu" in own_cards(state, side):
                        yield Action("signe-de-dieu", (role, kind))
                    if joan:
                        yield Action("signe-jeanne", (role, kind))
        if national.reroll(rs, state, side):
            for role in (ATTACKER, DEFENDER):
                yield Action("relance", (role,))
        yield Action("pas-de-signe")

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for side in self.deciders(rs, state, frame):
            yield from self.actions_for(rs, state, frame, side)

    @verb("signe-de-dieu", hand=True, label=_sign_label)
    def on_signe_de_dieu(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        fv = frame["vars"]
        role, kind = action.arg(0), action.arg(1)
        take_from_hand(state, ctx.side, "signe-de-dieu")
        state["vars"]["discard"].append("signe-de-dieu")
        fv["doubled"].setdefault(role, []).append(kind)
        ctx.log(N_("{nation} plays a Signe de Dieu: {card} of {owner} counts double"),
                f"{CARD_RULE}, {rs.reading_note(state, 'A5')}", nation=_name(rs, ctx.side),
                card=card_word(kind), owner=_name(rs, fv[role]))
        self._next(rs, state, frame, ctx, flow)

    @verb("signe-jeanne", label=lambda rs, state, a: N_(
        "Jeanne d'Arc's Signe de Dieu: double {card} of {role}", card=card_word(a.arg(1)),
        role=ROLE_WORDS.get(a.arg(0), a.arg(0))))
    def on_signe_jeanne(self, rs: MontjoieModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        fv = frame["vars"]
        role, kind = action.arg(0), action.arg(1)
        state["vars"]["extra"]["joan"] = "used"
        fv["joan_signed"] = True
        fv["doubled"].setdefault(role, []).append(kind)
        ctx.log(N_("{nation} uses Jeanne d'Arc's Signe de Dieu: {card} of {owner} counts "
                   "double"),
                f"{national.RULE} Jeanne d'Arc et le Signe de Dieu, "
                f"{rs.reading_note(state, 'A5')}", nation=_name(rs, ctx.side),
                card=card_word(kind), owner=_name(rs, fv[role]))
        self._next(rs, state, frame, ctx, flow)

    @verb("relance", label=lambda rs, state, a: N_(
        "Brittany: roll the die of {role} again (once a turn, 10.0)",
        role=ROLE_WORDS.get(a.arg(0), a.arg(0))))
    def on_relance(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        fv = frame["vars"]
        i = 0 if action.arg(0) == ATTACKER else 1
        national.use(state, "bretagne-de")
        before = fv["dice"][i]
        fv["dice"][i] = ctx.roll(6)
        ctx.log(N_("{nation} rolls the die of {owner} again: {before} → {after} (read: one die "
                   "of a combat it fights)"), f"{national.RULE} Bretagne",
                nation=_name(rs, ctx.side), owner=_name(rs, fv[action.arg(0)]), before=before,
                after=fv['dice'][i])

    @verb("pas-de-signe", label=N_("No Signe de Dieu"))
    def on_pas_de_signe(self, rs: MontjoieModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        self._next(rs, state, frame, ctx, flow)

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not self.asked(rs, state, frame["vars"]["attacker"]):
            self._next(rs, state, frame, ctx, flow)

    @staticmethod
    def asked(rs: MontjoieModel, state: State, nation: str | None) -> bool:
        """Whether ``nation`` is asked after the reveal: it may hold a Signe de Dieu, or
        has Joan of Arc's or Brittany's re-roll (10.0)."""
        return may_hold_cards(rs, state, nation) or national.joan_sign(rs, state, nation) \
            or national.reroll(rs, state, nation)

    def _next(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        fv = frame["vars"]
        if fv["signing"] == ATTACKER and self.asked(rs, state, fv["defender"]):
            fv["signing"] = DEFENDER
            return
        fv["signing"] = None
        resolve(rs, state, frame, ctx, flow)


def may_hold_cards(rs: MontjoieModel, state: State, nation: str | None) -> bool:
    """Whether ``nation`` is a player who may hold a red card: one with an empty hand
    (its size is public) is not asked, which saves a send by email."""
    return is_player(rs, state, nation) and rs.hand_size(state, str(nation)) > 0


def resolve(rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
            flow: Flow) -> None:
    """Séq. 7 "Résultat du combat": compare the totals and settle the city and the
    cards (the yellows to discard wait for the Retraite window)."""
    fv = frame["vars"]
    v = state["vars"]
    a, d, how = totals(rs, state, fv)
    result = winner(a, d)
    fv["totals"], fv["result"] = [a, d], result
    v["last_combat"] = {"attacker": fv["attacker"], "defender": fv["defender"],
                        "from": fv["from"], "to": fv["to"], "totals": [a, d],
                        "result": result}
    attacker, defender, city = fv["attacker"], fv["defender"], fv["to"]
    words = attack_words(fv, minor_attack(rs, state))
    ctx.log(N_("{attacker} {a} ({words}) against {defender} {d} ({how})"), RULE,
            attacker=_name(rs, attacker), a=a, words=words, defender=_name(rs, defender),
            d=d, how=how)
    _spend_influence(rs, state, fv)
    discard: dict[str, list[str]] = {ATTACKER: [], DEFENDER: []}
    for role in (ATTACKER, DEFENDER):
        cards = (fv["revealed"].get(role) or {}).get("cards", [])
        nation = fv[role]
        won = result == role
        for kind in cards:
            if kind == HERO:
                if not won:
                    v["heroes"][nation] = "inactive"
                    national.hero_killed(state, nation)
                    ctx.log(N_("{nation}'s Hero is killed"), CARD_RULE,
                            nation=_name(rs, nation))
            elif kind not in YELLOW or not won:
                discard[role].append(kind)
            elif role == ATTACKER:
                v["face_up"].setdefault(nation, []).append(kind)
            else:
                v.setdefault("pending", {}).setdefault(nation, []).append(kind)
    if result != DEFENDER and mercenaries(state, city):
        state["vars"]["mercenaries"].pop(city)
        ctx.log(N_("The mercenaries of {city} are destroyed"), "Montjoie 9.0",
                city=rs.city_name(city))
    if result == ATTACKER:
        taker = fv.get("for_ally") or attacker  # 9.0: a 2-player ally's city is its own
        take_city(rs, state, city, taker)
        ctx.log(N_("{nation} takes {city} and its fortifications; its yellow cards stay face "
                   "up, not usable to attack this turn"), RULE, nation=_name(rs, taker),
                city=rs.city_name(city))
    elif result == TIE:
        ctx.log(N_("Tie: both discard their cards and {nation} keeps {city}"), RULE,
                nation=_name(rs, defender), city=rs.city_name(city))
    else:
        ctx.log(N_("{nation} holds {city} and takes its yellow card back"), RULE,
                nation=_name(rs, defender), city=rs.city_name(city))
    fv["discard"] = discard
    losers = [r for r in (DEFENDER, ATTACKER) if r != result
              and (may_hold_cards(rs, state, fv[r]) or national.free_retreat(rs, state, fv[r]))
              and any(k in YELLOW for k in discard[r])]
    fv["retreating"] = losers
    flow.goto(rs, state, ctx, "combat-retraite", side=fv[losers[0]] if losers else None)


def _spend_influence(rs: MontjoieModel, state: State, fv: dict[str, Any]) -> None:
    """Séq. 8: the influence points used are spent (the combatants' own and pledged)."""
    infl = state["vars"]["influence"]
    for role in (ATTACKER, DEFENDER):
        stake = int((fv["revealed"].get(role) or {}).get("stake", 0))
        leader = fv["commanders"].get(role)
        if stake and leader in infl:
            infl[leader] = max(0, infl[leader] - stake)
        for nation, n in ((fv.get("pledgers") or {}).get(role) or {}).items():
            infl[nation] = max(0, infl.get(nation, 0) - int(n))


class CombatRetreat(Corrections):
    """Séq. 3 Retraite: "récupérer une carte qu'il a jouée lors d'un combat avant qu'elle
    ne soit défaussée" (yellow cards only; several may be played)."""

    name = "combat-retraite"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not frame["vars"]["retreating"]:
            finish(rs, state, frame, ctx, flow)

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        fv = frame["vars"]
        return [fv[fv["retreating"][0]]] if fv.get("retreating") else []

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        fv = frame["vars"]
        role = fv["retreating"][0]
        left = ", ".join(card_word(k) for k in fv["discard"][role] if k in YELLOW)
        return N_("{nation}: play Retraite to take back a yellow card before it is discarded "
                  "({left})? ({rule})", nation=_name(rs, fv[role]), left=left, rule=CARD_RULE)

    def actions_for(self, rs: MontjoieModel, state: State, frame: Frame,
                    side: str) -> Iterator[Action]:
        if side not in self.deciders(rs, state, frame):
            return
        fv = frame["vars"]
        role = fv["retreating"][0]
        yellows = sorted({k for k in fv["discard"][role] if k in YELLOW})
        if "retraite" in own_cards(state, side):
            for kind in yellows:
                yield Action("retraite", (kind,))
        if national.free_retreat(rs, state, side):
            for kind in yellows:
                yield Action("retraite-libre", (kind,))
        yield Action("pas-de-retraite")

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for side in self.deciders(rs, state, frame):
            yield from self.actions_for(rs, state, frame, side)

    @verb("retraite", hand=True, label=lambda rs, s, a: N_(
        "Retraite: take back {card}", card=card_word(a.arg(0))))
    def on_retraite(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        v = state["vars"]
        take_from_hand(state, ctx.side, "retraite")
        v["discard"].append("retraite")
        self._take_back(rs, state, frame, ctx, flow, action.arg(0), CARD_RULE)

    def _take_back(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
                   flow: Flow, kind: str, rule: str) -> None:
        fv = frame["vars"]
        v = state["vars"]
        role = fv["retreating"][0]
        fv["discard"][role].remove(kind)
        if role == ATTACKER:
            v["face_up"].setdefault(ctx.side, []).append(kind)
            where = N_("face up (not to attack again this turn)")
        else:
            v.setdefault("pending", {}).setdefault(ctx.side, []).append(kind)
            where = N_("to its hand")
        ctx.log(N_("{nation} plays Retraite and takes {card} back {where}"), rule,
                nation=_name(rs, ctx.side), card=card_word(kind), where=where)
        if not any(k in YELLOW for k in fv["discard"][role]):
            self._next(rs, state, frame, ctx, flow)

    @verb("retraite-libre", label=lambda rs, s, a: N_(
        "France's free Retraite: take back {card} (once a turn, 10.0)",
        card=card_word(a.arg(0))))
    def on_retraite_libre(self, rs: MontjoieModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        national.use(state, "france-retraite")
        self._take_back(rs, state, frame, ctx, flow, action.arg(0),
                        f"{national.RULE} France")

    @verb("pas-de-retraite", label=N_("No Retraite"))
    def on_pas_de_retraite(self, rs: MontjoieModel, state: State, frame: Frame,
                           action: Action, ctx: Context, flow: Flow) -> None:
        self._next(rs, state, frame, ctx, flow)

    def _next(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        fv = frame["vars"]
        fv["retreating"].pop(0)
        if fv["retreating"]:
            frame["side"] = fv[fv["retreating"][0]]
        else:
            finish(rs, state, frame, ctx, flow)


def finish(rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
           flow: Flow) -> None:
    """The cards still committed are discarded; the attacker's turn goes on."""
    fv = frame["vars"]
    gone = [k for role in (ATTACKER, DEFENDER) for k in fv["discard"][role]]
    state["vars"]["discard"].extend(gone)
    if gone:
        ctx.log(N_("Discarded: {cards}"), RULE, cards=', '.join(card_word(k) for k in gone))
    defender = fv["defender"]
    if is_player(rs, state, defender) and not rs.owned(state, defender):
        ctx.log(N_("{nation} has no city left: it returns next turn in one of its starting "
                   "cities"), "Montjoie 7.0", nation=_name(rs, defender))
    flow.end(rs, state, ctx, "combat-over")
