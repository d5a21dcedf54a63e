"""Séquence 7 phase 2, one combat (Montjoie Séq. 7 "Annonce du combat", "Combat"): the
other players' influence, the cards laid face down, the defender's Félon, the reveal.

The procedure, entered by ``attack`` (:mod:`.players_turn`) with the public variables
of :func:`~..model.battle.new_combat`:

0. ``maitre-des-mers``: a landing announced, the Maître des mers (Séq. 6) may stop it.
1. ``combat-soutien``: every other player holding influence points may pledge some to
   the attacker or the defender (Séq. 8: "Les PI peuvent être joués sur les combats des
   autres joueurs", never more than 3 per combatant). Pledges are public.
2. ``combat-engagement``: the attacker lays face down two yellow cards, his Hero, an
   Ingénieur, a Félon (``lay``, a *sealed* verb: by email the file shows ``lay ?``), then
   seals with his own influence points (``seal``, sealed too); then the defender, who may
   first play a Félon (``felon-defence``) to make the attacker lose a yellow card drawn
   at random (an obligation of the attacker's program, ``combat-felon``), lays one
   yellow card if he has one (he must defend while he holds yellows), his Hero, an
   Ingénieur, and seals.
3. ``combat-revelation``: each combatant's own program turns its cards over (an
   obligation); when both are shown each rolls a die and the totals are computed
   (``combat-signe``, :mod:`.combat_result`).

Foreign troops and the powers no player plays (9.0) lay nothing: their strength is
printed (Séq. 6, 9.0).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import Obligation, owe
from boardapp.core.engine.verbs import verb

from ..model.base import PI_PER_COMBAT, MontjoieModel
from ..model.battle import fold_pending, own_cards, take_from_hand
from ..model.cards import CARD_NAMES, YELLOW
from ..model.combat import ATTACKER, DEFENDER, HERO
from ..model.offers import offer
from ..words import N_
from .corrections import Corrections
from .mercenaries import defending_player, sources

RULE = "Montjoie Séq. 7"
ROLE_WORDS = {ATTACKER: N_("the attacker"), DEFENDER: N_("the defender")}
LAYABLE_RED = {ATTACKER: ("ingenieur", "felon"), DEFENDER: ("ingenieur",)}
"""Séq. 7: the attacker may add an Ingénieur or a Félon to his cards; the defender an
Ingénieur (the Félon in defence is played before he lays, ``felon-defence``)."""
YELLOWS_TO_LAY = {ATTACKER: 2, DEFENDER: 1}


def card_word(kind: str) -> str:
    return "Héros" if kind == HERO else CARD_NAMES.get(kind, kind)


def _name(rs: MontjoieModel, nation: str | None) -> str:
    return rs.nation_name(nation)


def influence_of(state: State, nation: str) -> int:
    return int(state["vars"]["influence"].get(nation, 0))


# -- 0. the Master of the Seas --------------------------------------------------------
class MasterOfSeas(Corrections):
    """Séq. 6 Bataille navale: the Maître des mers may stop any landing this turn, as
    soon as it is announced; a landing stopped counts as an attack."""

    name = "maitre-des-mers"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        fv = frame["vars"]
        return N_("{nation}, Maître des mers: stop {attacker}'s landing at {city}? (Montjoie "
                  "Séq. 6 Bataille navale)", nation=_name(rs, frame['side']),
                  attacker=_name(rs, fv['attacker']), city=rs.city_name(fv['to']))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        yield Action("stop-landing")
        yield Action("let-land")

    @verb("stop-landing", label=N_("Stop the landing (Maître des mers)"))
    def on_stop_landing(self, rs: MontjoieModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{nation}, Maître des mers, stops the landing: it counts as an attack"),
                "Montjoie Séq. 6 Bataille navale", nation=_name(rs, ctx.side))
        flow.end(rs, state, ctx, "combat-over")

    @verb("let-land", label=N_("Let them land"))
    def on_let_land(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{nation}, Maître des mers, lets the landing go on"),
                "Montjoie Séq. 6 Bataille navale", nation=_name(rs, ctx.side))
        flow.goto(rs, state, ctx, "combat-soutien", side=frame["vars"]["attacker"])


# -- 1. the other players' influence ---------------------------------------------------
def supporters(rs: MontjoieModel, state: State, fv: dict[str, Any]) -> list[str]:
    """The players who may still pledge influence in this combat (none with the
    option "only the combatants' own influence")."""
    if sum(fv["pledged"].values()) >= 2 * PI_PER_COMBAT or \
            rs.option(state, "own-influence-only"):
        return []
    return [n for n in rs.players(state)
            if n not in (fv["attacker"], fv["defender"], *fv["commanders"].values())
            and n not in fv["answered"] and influence_of(state, n) > 0]


def _support_label(rs: MontjoieModel, state: State, action: Action) -> str:
    frame = rs.flow.current(state)
    nation = frame["vars"][action.arg(0)] if frame else action.arg(0)
    return N_("Pledge {n} influence point(s) to {nation} ({role})", n=action.arg(1),
              nation=_name(rs, nation), role=ROLE_WORDS.get(action.arg(0), action.arg(0)))


class CombatSupport(Corrections):
    """Séq. 7 / Séq. 8: the other players pledge influence points to a combatant."""

    name = "combat-soutien"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        fv = frame["vars"]
        if rs.rule_on(state) and not fv.get("reinforced"):  # 9.0, 2 players: the
            # mercenaries move in first
            fv["reinforced"] = True
            player = defending_player(rs, state, fv)
            if player and sources(rs, state, player, fv["to"]):
                flow.call(rs, state, ctx, "mercenaires", player, city=fv["to"])
                return
        if not supporters(rs, state, frame["vars"]):
            flow.goto(rs, state, ctx, "combat-engagement", side=frame["vars"]["attacker"])

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        self.begin(rs, state, frame, ctx, flow)

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        return supporters(rs, state, frame["vars"])

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        fv = frame["vars"]
        names = ", ".join(_name(rs, n) for n in self.deciders(rs, state, frame))
        return N_("{names}: pledge influence points to {attacker} or {defender}, or none "
                  "({rule})", names=names, attacker=_name(rs, fv['attacker']),
                  defender=_name(rs, fv['defender']), rule=RULE)

    def actions_for(self, rs: MontjoieModel, state: State, frame: Frame,
                    side: str) -> Iterator[Action]:
        fv = frame["vars"]
        if side not in self.deciders(rs, state, frame):
            return
        for role in (ATTACKER, DEFENDER):
            if not fv["commanders"].get(role):
                continue
            room = min(influence_of(state, side), PI_PER_COMBAT - fv["pledged"][role])
            for n in range(1, room + 1):
                yield Action("soutien", (role, str(n)))
        yield Action("sans-soutien")

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for side in self.deciders(rs, state, frame):
            yield from self.actions_for(rs, state, frame, side)

    @verb("soutien", label=_support_label, logs=True)
    def on_soutien(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        fv = frame["vars"]
        role, n = action.arg(0), int(action.arg(1))
        fv["pledged"][role] += n
        fv.setdefault("pledgers", {}).setdefault(role, {})[ctx.side] = n
        ctx.log(N_("{nation} pledges {n} influence point(s) to {to}"),
                f"{RULE}, Montjoie Séq. 8", nation=_name(rs, ctx.side), n=n,
                to=_name(rs, fv[role]))
        self._answered(rs, state, frame, ctx, flow)

    @verb("sans-soutien", label=N_("Pledge no influence in this combat"))
    def on_sans_soutien(self, rs: MontjoieModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        ctx.log(N_("{nation} pledges no influence"), RULE, nation=_name(rs, ctx.side))
        self._answered(rs, state, frame, ctx, flow)

    def _answered(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
                  flow: Flow) -> None:
        frame["vars"]["answered"].append(ctx.side)
        self.begin(rs, state, frame, ctx, flow)


# -- 2. the cards laid face down -------------------------------------------------------
def facedown(state: State, nation: str) -> list[str]:
    return list((state["vars"].get("facedown") or {}).get(nation, []))


def stake_room(state: State, fv: dict[str, Any], role: str) -> int:
    """The influence points ``role``'s commander may still lay: his own, 3 with the
    pledges."""
    return max(0, min(influence_of(state, fv["commanders"][role]),
                      PI_PER_COMBAT - fv["pledged"][role]))


class CombatCommit(Corrections):
    """Séq. 7 "Combat": the attacker, then the defender, lays his cards face down."""

    name = "combat-engagement"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        fv = frame["vars"]
        if fv["committing"] == ATTACKER and not fv["commanders"][ATTACKER]:
            fv["committing"] = DEFENDER
        if fv["committing"] == DEFENDER and not fv["commanders"][DEFENDER]:
            self._reveal(rs, state, frame, ctx, flow)

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        fv = frame["vars"]
        role = fv["committing"]
        return [fv["commanders"][role]] if role in (ATTACKER, DEFENDER) else []

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        fv = frame["vars"]
        role = fv["committing"]
        need = YELLOWS_TO_LAY.get(role, 0)
        if fv["commanders"].get(role) not in (None, fv.get(role)):
            return N_("{nation}: influence points for your ally {ally}, {role} of {city}, "
                      "face down (Montjoie 9.0)", nation=_name(rs, fv['commanders'][role]),
                      ally=_name(rs, fv[role]), role=ROLE_WORDS[role],
                      city=rs.city_name(fv['to']))
        return N_("{nation}, {role} of {city}: lay {n} yellow card(s) face down, and your Hero "
                  "or red cards if you wish, then seal with your influence ({rule})",
                  nation=_name(rs, fv.get(role)), role=ROLE_WORDS.get(role, ''),
                  city=rs.city_name(fv['to']), n=need, rule=RULE)

    def actions_for(self, rs: MontjoieModel, state: State, frame: Frame,
                    side: str) -> Iterator[Action]:
        if side not in self.deciders(rs, state, frame):
            return
        fv = frame["vars"]
        role = fv["committing"]
        if fv[role] != side:  # an ally of the 3-player game: its controller's influence
            for n in range(stake_room(state, fv, role) + 1):
                yield offer("seal", str(n))
            return
        cards = own_cards(state, side)
        laid = facedown(state, side)
        if (role == DEFENDER and not laid and not fv["felon_used"] and "felon" in cards
                and fv["commanders"][ATTACKER] == fv["attacker"]):  # a player's yellows
            yield Action("felon-defence")
        yellow_laid = sum(1 for k in laid if k in YELLOW)
        for kind in sorted(set(cards)):
            if kind in YELLOW and yellow_laid < YELLOWS_TO_LAY[role]:
                yield offer("lay", kind)
            elif kind in LAYABLE_RED[role] and kind not in laid:
                yield offer("lay", kind)
        if state["vars"]["heroes"].get(side) == "active" and HERO not in laid:
            yield offer("lay", HERO)
        has_yellow = any(k in YELLOW for k in cards)
        if yellow_laid == YELLOWS_TO_LAY[role] or (role == DEFENDER and not has_yellow):
            for n in range(stake_room(state, fv, role) + 1):
                yield offer("seal", str(n))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for side in self.deciders(rs, state, frame):
            yield from self.actions_for(rs, state, frame, side)

    @verb("lay", hand=True, sealed=True,
          label=lambda rs, state, a: N_("Lay {card} face down", card=card_word(a.arg(0))),
          logs=True)
    def on_lay(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
               ctx: Context, flow: Flow) -> None:
        kind = action.arg(0)
        if kind != HERO:
            take_from_hand(state, ctx.side, kind)
        else:
            fold_pending(state, ctx.side)
        state["vars"].setdefault("facedown", {}).setdefault(ctx.side, []).append(kind)
        fv = frame["vars"]
        fv["laid"][fv["committing"]] += 1
        ctx.log(N_("{nation} lays a card face down"), RULE, nation=_name(rs, ctx.side))
        ctx.log(N_("{nation} lays {card} face down"), private=True,
                nation=_name(rs, ctx.side), card=card_word(kind))

    @verb("seal", hand=True, sealed=True,
          label=N_("Seal, with {0} influence point(s) face down"))
    def on_seal(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        fold_pending(state, ctx.side)
        state["vars"].setdefault("stake", {})[ctx.side] = int(action.arg(0))
        fv = frame["vars"]
        ctx.log(N_("{nation} has laid {n} card(s) and its influence face down"), RULE,
                nation=_name(rs, ctx.side), n=fv['laid'][fv['committing']])
        ctx.log(N_("{nation} stakes {n} influence point(s)"), private=True,
                nation=_name(rs, ctx.side), n=action.arg(0))
        if fv["committing"] == ATTACKER:
            fv["committing"] = DEFENDER
            self.begin(rs, state, frame, ctx, flow)
        else:
            self._reveal(rs, state, frame, ctx, flow)

    @verb("felon-defence", hand=True,
          label=N_("Play the Félon: the attacker loses one of his yellow cards at random"))
    def on_felon_defence(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        fv = frame["vars"]
        take_from_hand(state, ctx.side, "felon")
        state["vars"]["discard"].append("felon")
        fv["felon_used"] = True
        ctx.log(N_("{nation} plays the Félon in defence: {attacker} loses a yellow card drawn "
                   "at random"), f"{RULE}, Montjoie Séq. 3", nation=_name(rs, ctx.side),
                attacker=_name(rs, fv['attacker']))
        owe(rs, state, ctx, flow, "combat-felon", {fv["attacker"]: ["lose-yellow"]},
            result="felon")

    def _reveal(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
                flow: Flow) -> None:
        fv = frame["vars"]
        fv["committing"] = None
        shown = [fv["commanders"][r] for r in (ATTACKER, DEFENDER) if fv["commanders"][r]]
        if not shown:  # 9.0, 2 players: two powers no player plays (printed strengths)
            self.resume(rs, state, frame, ctx, flow, {})
            return
        ctx.log(N_("The cards are laid: each combatant turns his over"), RULE)
        owe(rs, state, ctx, flow, "combat-revelation", {n: ["turn-over"] for n in shown},
            result={})

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        if result == "felon":
            frame["vars"]["laid"][ATTACKER] -= 1
            return
        fv = frame["vars"]
        for role in (ATTACKER, DEFENDER):
            if fv["commanders"][role] in result:
                fv["revealed"][role] = result[fv["commanders"][role]]
        fv["dice"] = [ctx.roll(6), ctx.roll(6)]
        ctx.log(N_("Each rolls a die: {attacker} {a}, {defender} {d}"), RULE,
                attacker=_name(rs, fv['attacker']), a=fv['dice'][0],
                defender=_name(rs, fv['defender']), d=fv['dice'][1])
        fv["signing"] = ATTACKER
        flow.goto(rs, state, ctx, "combat-signe", side=fv["attacker"])


# -- the obligations: the Félon's random loss, the reveal --------------------------------
class FelonLoss(Corrections, Obligation[MontjoieModel]):
    """Séq. 3 Félon (in defence): the attacker loses one of his face-down yellow cards,
    drawn at random (his program draws it, with a private die; the card is discarded
    face up)."""

    name = "combat-felon"

    @verb("lose-yellow", hand=True, label=N_("Lose a yellow card drawn at random (Félon)"))
    def on_lose_yellow(self, rs: MontjoieModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        laid = state["vars"]["facedown"][ctx.side]
        positions = [i for i, k in enumerate(laid) if k in YELLOW]
        kind = laid.pop(positions[ctx.roll(len(positions), zero_based=True, private=True)])
        state["vars"]["discard"].append(kind)
        ctx.log(N_("{nation} loses {card} to the Félon (drawn at random)"), "Montjoie Séq. 3",
                nation=_name(rs, ctx.side), card=card_word(kind))


class CombatReveal(Corrections, Obligation[MontjoieModel]):
    """Séq. 7: "les 2 joueurs révèlent simultanément leurs cartes et le nombre de Points
    d'Influence qu'ils ont misés": each program turns its own player's cards over."""

    name = "combat-revelation"

    @verb("turn-over", hand=True, label=N_("Turn your cards over"))
    def on_turn_over(self, rs: MontjoieModel, state: State, frame: Frame,
                     action: Action, ctx: Context, flow: Flow) -> None:
        v = state["vars"]
        cards = v.setdefault("facedown", {}).pop(ctx.side, [])
        stake = int(v.setdefault("stake", {}).pop(ctx.side, 0))
        frame["vars"].setdefault("result", {})[ctx.side] = {"cards": cards, "stake": stake}
        shown = ", ".join(card_word(k) for k in cards) or N_("no card")
        ctx.log(N_("{nation} reveals {shown} and {n} influence point(s)"), RULE,
                nation=_name(rs, ctx.side), shown=shown, n=stake)
