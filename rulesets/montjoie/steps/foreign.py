"""Séq. 6 phase 2, Interventions étrangères: 1D6 on the board's table (not printed in
the rule book: Game data "Interventions étrangères" shows its line, or the players read
their board); the first player then carries it out: a foreign attack (one per
intervention, "1 intervention étrangère" a turn; anything else by hand) is resolved
here: foreign troops 5 + 1D6 against a free city's militia 2 + 1D6, or against a
player, who defends normally (a yellow card, up to 3 PI, the fortification and a die);
a tie keeps the city (A15). Or he ends an intervention that is no attack."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import Msg, listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.tables import ask_result
from boardapp.core.engine.verbs import verb

from ..model.base import DEFENCE_PC, FOREIGN, LEVELS, PI_PER_COMBAT, MontjoieModel
from ..model.battle import grand_master_bonus
from ..model.cards import YELLOW, discard_from_hand
from ..model.cities import set_city, take_city
from ..words import N_
from . import national
from .corrections import Corrections

FOREIGN_ATTACK = 5
MILITIA = 2


class ForeignStep(Corrections):
    """Roll for the intervention; the first player ends it once carried out."""

    name = "foreign"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        die = ctx.roll(6)
        frame["vars"]["die"] = die
        text = rs.sheet_values(state, "foreign").get(str(die))
        if text:
            ctx.log(N_("Intervention étrangère: die {die} → {text} (Game data)"),
                    rs.cite("Séq. 6"), die=die, text=text)
        else:
            ask_result(ctx, table="Interventions étrangères", rule=rs.cite("Séq. 6"),
                       cell=(str(die), "text"),
                       question=N_("die {die}: read the board's table and carry it out",
                                   die=die))

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: foreign intervention, die {die}: carry out the board's table, "
                  "then go on (Montjoie Séq. 6)", nation=rs.nation_name(frame['side']),
                  die=frame['vars']['die'])

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for city in targets(rs, state):
            yield Action("foreign-attack", (city,))
        yield Action("foreign-done")

    @verb("foreign-attack", area=0, label=lambda rs, state, a: N_(
        "Foreign troops attack {city}", city=rs.city_name(a.arg(0))))
    def on_foreign_attack(self, rs: MontjoieModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        city = action.arg(0)
        owner = rs.owner(state, city)
        rule = f"{rs.cite('Séq. 6 Interventions étrangères')}, {rs.reading_note(state, 'A15')}"
        if owner == FOREIGN:
            if rs.option(state, "super-interventions") and rs.level(state, city) < 3:
                set_city(rs, state, city, FOREIGN, rs.level(state, city) + 1)
                ctx.log(N_("Foreign troops already hold {city}: it becomes a {level}"),
                        rs.cite("10.0 Super interventions étrangères"),
                        city=rs.city_name(city), level=LEVELS[rs.level(state, city)])
            else:
                ctx.log(N_("Foreign troops already hold {city}"), rule,
                        city=rs.city_name(city))
            flow.end(rs, state, ctx)
            return
        if owner in rs.players(state):
            flow.goto(rs, state, ctx, "foreign-defence", owner, city=city)
            return
        attack = FOREIGN_ATTACK + ctx.roll(6)
        base = MILITIA if owner is None else DEFENCE_PC[max(1, rs.level(state, city))]
        defence = base + terrain(rs, state, city) + ctx.roll(6)
        who = N_("the militia") if owner is None else rs.nation_name(owner)
        resolve(rs, state, ctx, city, attack, defence,
                N_("{who} {defence}", who=who, defence=defence), rule)
        flow.end(rs, state, ctx)

    @verb("foreign-done", label=N_("The foreign intervention is carried out"))
    def on_foreign_done(self, rs: MontjoieModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        ctx.log(N_("The foreign intervention is over"), rs.cite("Séq. 6"))
        flow.end(rs, state, ctx)


def targets(rs: MontjoieModel, state: State) -> list[str]:
    """Cities foreign troops may attack (any; under A12 b not the Pope's)."""
    pope = state["vars"]["pope"] if rs.reading(state, "A12") == "b" else None
    return [c for c in rs.cities() if c != pope and rs.province(c) != pope]


def terrain(rs: MontjoieModel, state: State, city: str) -> int:
    """The mountain bonus against foreign troops: only under A15 b."""
    return 1 if rs.reading(state, "A15") == "b" and rs.is_mountain(city) else 0


def resolve(rs: MontjoieModel, state: State, ctx: Context, city: str, attack: int,
            defence: int, defender: str | Msg, rule: str, attacker: str = FOREIGN) -> bool:
    """The foreign (or 3-player ally's) attack's result: the attacker takes the city when
    its total is higher (a tie keeps it, A15); True if it fell."""
    fell = attack > defence
    if fell:
        take_city(rs, state, city, attacker, "etrangers" if attacker == FOREIGN else "combat")
    who = N_("Foreign troops") if attacker == FOREIGN else rs.nation_name(attacker)
    ctx.log(N_("{who} attack {city}: {attack} against {defender}: {result}"), rule, who=who,
            city=rs.city_name(city), attack=attack, defender=defender,
            result=N_("the city falls to {nation}", nation=rs.nation_name(attacker)) if fell
            else N_("it holds"))
    return fell


class ForeignDefence(Corrections):
    """A player attacked by foreign troops (or a 3-player ally) defends normally: he
    chooses a yellow card (he must while he holds one) and up to 3 PI; from version 0.2
    with the red cards of his windows (Séq. 3): his Hero (+2 PC), an Ingénieur in
    defence (10.0), then, the dice rolled, a Signe de Dieu on his card, and, the city
    lost, a Retraite to take the card back (France's free one with 10.0's variants).
    ``stage``: None (choosing), ``signe`` (the dice rolled), ``retraite`` (lost)."""

    name = "foreign-defence"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        who = rs.nation_name(v.get("attacker", FOREIGN))
        if v.get("stage") == "signe":
            return N_("{nation}: {who} {attack} against your {defence}: play a Signe de "
                      "Dieu? (Montjoie Séq. 3)", nation=rs.nation_name(frame['side']),
                      who=who, attack=v['attack'], defence=self.defence(rs, state, frame))
        if v.get("stage") == "retraite":
            return N_("{nation}: play Retraite to take your card back? (Montjoie Séq. 3)",
                      nation=rs.nation_name(frame['side']))
        return N_("{nation}: {who} (5 + die) attack {city}: choose your yellow card and PI",
                  nation=rs.nation_name(frame['side']), who=who,
                  city=rs.city_name(v['city']))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        side, fv = frame["side"], frame["vars"]
        hand = rs.hand(state, side)
        if fv.get("stage") == "signe":
            if "signe-de-dieu" in hand:
                yield Action("foreign-signe")
            if national.joan_sign(rs, state, side):
                yield Action("foreign-signe-jeanne")
            yield Action("foreign-sans-signe")
            return
        if fv.get("stage") == "retraite":
            if "retraite" in hand:
                yield Action("foreign-retraite")
            if national.free_retreat(rs, state, side):
                yield Action("foreign-retraite-libre")
            yield Action("foreign-sans-retraite")
            return
        if rs.rule_on(state):
            if state["vars"]["heroes"].get(side) == "active" and not fv.get("hero"):
                yield Action("foreign-heros")
            if rs.option(state, "engineer-defence") and "ingenieur" in hand \
                    and not fv.get("engineer"):
                yield Action("foreign-ingenieur")
        cards = sorted({c for c in hand if c in YELLOW}) or ["aucune"]
        for card in cards:
            for pi in range(min(PI_PER_COMBAT, state["vars"]["influence"].get(side, 0)) + 1):
                yield Action("foreign-defend", (card, str(pi)))

    @verb("foreign-heros", label=N_("Add your Hero to the defence (+2 PC)"))
    def on_foreign_heros(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        frame["vars"]["hero"] = True
        ctx.log(N_("{nation}'s Hero defends {city} (+2 PC)"), "Montjoie Séq. 3 Héros",
                nation=rs.nation_name(ctx.side), city=rs.city_name(frame['vars']['city']))

    @verb("foreign-ingenieur", hand=True, label=N_("Play an Ingénieur in defence (+2 PC)"))
    def on_foreign_ingenieur(self, rs: MontjoieModel, state: State, frame: Frame,
                             action: Action, ctx: Context, flow: Flow) -> None:
        discard_from_hand(rs, state, ctx.side, "ingenieur")
        frame["vars"]["engineer"] = True
        ctx.log(N_("{nation} plays an Ingénieur in defence (+2 PC)"),
                "Montjoie 10.0 L'ingénieur en défense", nation=rs.nation_name(ctx.side))

    @verb("foreign-defend", hand=True, label=lambda rs, state, a: N_(
        "Defend with {card} and {pi} PI", card=a.arg(0), pi=a.arg(1))
          if a.arg(0) != "aucune" else N_("Defend with no card and {pi} PI", pi=a.arg(1)))
    def on_foreign_defend(self, rs: MontjoieModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        side, fv = frame["side"], frame["vars"]
        card, pi = action.arg(0), int(action.arg(1))
        state["vars"]["influence"][side] -= pi
        fv.update(card=card, pi=pi, doubled=False)
        fv["attack"] = FOREIGN_ATTACK + fv.get("bonus", 0) + ctx.roll(6)
        fv["die"] = ctx.roll(6)
        hand = rs.hand(state, side)
        if rs.rule_on(state) and card != "aucune" and (
                "signe-de-dieu" in hand or national.joan_sign(rs, state, side)):
            fv["stage"] = "signe"
            ctx.log(N_("The dice: {attack} against {defence}"), self.rule(rs, state, frame),
                    attack=fv['attack'], defence=self.defence(rs, state, frame))
            return
        self._resolve(rs, state, frame, ctx, flow)

    @verb("foreign-signe", hand=True, label=N_("Signe de Dieu: your card counts double"))
    def on_foreign_signe(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        discard_from_hand(rs, state, ctx.side, "signe-de-dieu")
        self._doubled(rs, state, frame, ctx, flow, "Montjoie Séq. 3 Signe de Dieu")

    @verb("foreign-signe-jeanne", label=N_("Jeanne d'Arc's Signe de Dieu: your card counts "
                                                 "double"))
    def on_foreign_signe_jeanne(self, rs: MontjoieModel, state: State, frame: Frame,
                                action: Action, ctx: Context, flow: Flow) -> None:
        state["vars"]["extra"]["joan"] = "used"
        self._doubled(rs, state, frame, ctx, flow,
                      f"{national.RULE} Jeanne d'Arc et le Signe de Dieu")

    def _doubled(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
                 flow: Flow, rule: str) -> None:
        frame["vars"]["doubled"] = True
        ctx.log(N_("{nation} plays a Signe de Dieu: his card counts double"), rule,
                nation=rs.nation_name(ctx.side))
        self._resolve(rs, state, frame, ctx, flow)

    @verb("foreign-sans-signe", label=N_("No Signe de Dieu"))
    def on_foreign_sans_signe(self, rs: MontjoieModel, state: State, frame: Frame,
                              action: Action, ctx: Context, flow: Flow) -> None:
        self._resolve(rs, state, frame, ctx, flow)

    @staticmethod
    def defence(rs: MontjoieModel, state: State, frame: Frame) -> int:
        fv = frame["vars"]
        card = YELLOW.get(fv["card"], 0) * (2 if fv.get("doubled") else 1)
        extra = 2 * bool(fv.get("hero")) + 2 * bool(fv.get("engineer"))
        if rs.rule_on(state):  # 10.0 Grand Maître: + 1 PC in defence too
            extra += grand_master_bonus(state, frame["side"])
        return (card + fv["pi"] + DEFENCE_PC[rs.level(state, fv["city"])]
                + terrain(rs, state, fv["city"]) + fv["die"] + extra)

    @staticmethod
    def rule(rs: MontjoieModel, state: State, frame: Frame) -> str:
        attacker = frame["vars"].get("attacker", FOREIGN)
        return (rs.cite("Séq. 6 Interventions étrangères") if attacker == FOREIGN
                else rs.cite("9.0")) + f", {rs.reading_note(state, 'A15')}"

    def _resolve(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
                 flow: Flow) -> None:
        side, fv = frame["side"], frame["vars"]
        city, card = fv["city"], fv["card"]
        attacker = fv.get("attacker", FOREIGN)
        fort = DEFENCE_PC[rs.level(state, city)]
        defence = self.defence(rs, state, frame)
        rule = self.rule(rs, state, frame)
        bits = listing([words for on, words in ((fv.get("hero"), N_(", Hero 2")),
                                                (fv.get("engineer"), N_(", Ingénieur 2")),
                                                (fv.get("doubled"), N_(", card doubled")))
                        if on], "")
        fell = resolve(rs, state, ctx, city, fv["attack"], defence,
                       N_("{nation} {defence} (card {card}, {pi} PI, fortification {fort}, die "
                          "{die}{bits})", nation=rs.nation_name(side), defence=defence,
                          card=YELLOW.get(card, 0), pi=fv['pi'], fort=fort, die=fv['die'],
                          bits=bits), rule, attacker)
        if fv.get("hero") and fv["attack"] >= defence:
            state["vars"]["heroes"][side] = "inactive"
            national.hero_killed(state, side)
            ctx.log(N_("{nation}'s Hero is killed"), "Montjoie Séq. 3 Héros",
                    nation=rs.nation_name(side))
        if card != "aucune" and fell:
            hand = rs.hand(state, side)
            if rs.rule_on(state) and ("retraite" in hand or national.free_retreat(
                    rs, state, side)):
                fv["stage"] = "retraite"
                return
            discard_from_hand(rs, state, side, card)
            ctx.log(N_("{nation} discards the card he defended with"), rule,
                    nation=rs.nation_name(side))
        flow.end(rs, state, ctx)

    @verb("foreign-retraite", hand=True, label=N_("Retraite: keep your card"))
    def on_foreign_retraite(self, rs: MontjoieModel, state: State, frame: Frame,
                            action: Action, ctx: Context, flow: Flow) -> None:
        discard_from_hand(rs, state, ctx.side, "retraite")
        ctx.log(N_("{nation} plays Retraite and keeps his card"), "Montjoie Séq. 3 Retraite",
                nation=rs.nation_name(ctx.side))
        flow.end(rs, state, ctx)

    @verb("foreign-retraite-libre", label=N_("France's free Retraite: keep your card"))
    def on_foreign_retraite_libre(self, rs: MontjoieModel, state: State, frame: Frame,
                                  action: Action, ctx: Context, flow: Flow) -> None:
        national.use(state, "france-retraite")
        ctx.log(N_("{nation} uses its free Retraite and keeps its card"),
                f"{national.RULE} France", nation=rs.nation_name(ctx.side))
        flow.end(rs, state, ctx)

    @verb("foreign-sans-retraite", label=N_("No Retraite: discard your card"))
    def on_foreign_sans_retraite(self, rs: MontjoieModel, state: State, frame: Frame,
                                 action: Action, ctx: Context, flow: Flow) -> None:
        discard_from_hand(rs, state, ctx.side, frame["vars"]["card"])
        ctx.log(N_("{nation} discards the card he defended with"),
                self.rule(rs, state, frame), nation=rs.nation_name(ctx.side))
        flow.end(rs, state, ctx)
