"""Séq. 6 phase 2, Interventions étrangères: 1D6 on the board's table (not printed in
the rule book: Game data "Interventions étrangères" shows its line, or the players read
their board); the first player then carries it out: a foreign attack (one per
intervention, "1 intervention étrangère" a turn; anything else by hand) is resolved
here: foreign troops 5 + 1D6 against a free city's militia 2 + 1D6, or against a
player, who defends normally (a yellow card, up to 3 PI, the fortification and a die);
a tie keeps the city (A15). Or he ends an intervention that is no attack."""

from __future__ import annotations

from collections.abc import Iterator

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
            ctx.log(f"Intervention étrangère: die {die} → {text} (Game data)",
                    rs.cite("Séq. 6"))
        else:
            ask_result(ctx, table="Interventions étrangères", rule=rs.cite("Séq. 6"),
                       cell=(str(die), "text"),
                       question=f"die {die}: read the board's table and carry it out")

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return (f"{rs.nation_name(frame['side'])}: foreign intervention, die "
                f"{frame['vars']['die']}: carry out the board's table, then go on "
                "(Montjoie Séq. 6)")

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for city in targets(rs, state):
            yield Action("foreign-attack", (city,))
        yield Action("foreign-done")

    @verb("foreign-attack", area=0, label=lambda rs, state, a: "Foreign troops attack "
          f"{rs.city_name(a.arg(0))}")
    def on_foreign_attack(self, rs: MontjoieModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        city = action.arg(0)
        owner = rs.owner(state, city)
        rule = f"{rs.cite('Séq. 6 Interventions étrangères')}, {rs.reading_note(state, 'A15')}"
        if owner == FOREIGN:
            if rs.option(state, "super-interventions") and rs.level(state, city) < 3:
                set_city(rs, state, city, FOREIGN, rs.level(state, city) + 1)
                ctx.log(f"Foreign troops already hold {rs.city_name(city)}: it becomes a "
                        f"{LEVELS[rs.level(state, city)]}", rs.cite("10.0 Super "
                                                                 "interventions étrangères"))
            else:
                ctx.log(f"Foreign troops already hold {rs.city_name(city)}", rule)
            flow.end(rs, state, ctx)
            return
        if owner in rs.players(state):
            flow.goto(rs, state, ctx, "foreign-defence", owner, city=city)
            return
        attack = FOREIGN_ATTACK + ctx.roll(6)
        base = MILITIA if owner is None else DEFENCE_PC[max(1, rs.level(state, city))]
        defence = base + terrain(rs, state, city) + ctx.roll(6)
        who = "the militia" if owner is None else rs.nation_name(owner)
        resolve(rs, state, ctx, city, attack, defence, f"{who} {defence}", rule)
        flow.end(rs, state, ctx)

    @verb("foreign-done", label="The foreign intervention is carried out")
    def on_foreign_done(self, rs: MontjoieModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        ctx.log("The foreign intervention is over", rs.cite("Séq. 6"))
        flow.end(rs, state, ctx)


def targets(rs: MontjoieModel, state: State) -> list[str]:
    """Cities foreign troops may attack (any; under A12 b not the Pope's)."""
    pope = state["vars"]["pope"] if rs.reading(state, "A12") == "b" else None
    return [c for c in rs.cities() if c != pope and rs.province(c) != pope]


def terrain(rs: MontjoieModel, state: State, city: str) -> int:
    """The mountain bonus against foreign troops: only under A15 b."""
    return 1 if rs.reading(state, "A15") == "b" and rs.is_mountain(city) else 0


def resolve(rs: MontjoieModel, state: State, ctx: Context, city: str, attack: int,
            defence: int, defender: str, rule: str, attacker: str = FOREIGN) -> bool:
    """The foreign (or 3-player ally's) attack's result: the attacker takes the city when
    its total is higher (a tie keeps it, A15); True if it fell."""
    fell = attack > defence
    if fell:
        take_city(rs, state, city, attacker, "etrangers" if attacker == FOREIGN else "combat")
    who = "Foreign troops" if attacker == FOREIGN else rs.nation_name(attacker)
    ctx.log(f"{who} attack {rs.city_name(city)}: {attack} against {defender}: "
            + (f"the city falls to {rs.nation_name(attacker)}" if fell else "it holds"), rule)
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
            return (f"{rs.nation_name(frame['side'])}: {who} {v['attack']} against your "
                    f"{self.defence(rs, state, frame)}: play a Signe de Dieu? (Montjoie "
                    "Séq. 3)")
        if v.get("stage") == "retraite":
            return (f"{rs.nation_name(frame['side'])}: play Retraite to take your card back? "
                    "(Montjoie Séq. 3)")
        return (f"{rs.nation_name(frame['side'])}: {who} (5 + die) attack "
                f"{rs.city_name(v['city'])}: choose your yellow card and PI")

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

    @verb("foreign-heros", label="Add your Hero to the defence (+2 PC)")
    def on_foreign_heros(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        frame["vars"]["hero"] = True
        ctx.log(f"{rs.nation_name(ctx.side)}'s Hero defends {rs.city_name(frame['vars']['city'])}"
                " (+2 PC)", "Montjoie Séq. 3 Héros")

    @verb("foreign-ingenieur", hand=True, label="Play an Ingénieur in defence (+2 PC)")
    def on_foreign_ingenieur(self, rs: MontjoieModel, state: State, frame: Frame,
                             action: Action, ctx: Context, flow: Flow) -> None:
        discard_from_hand(rs, state, ctx.side, "ingenieur")
        frame["vars"]["engineer"] = True
        ctx.log(f"{rs.nation_name(ctx.side)} plays an Ingénieur in defence (+2 PC)",
                "Montjoie 10.0 L'ingénieur en défense")

    @verb("foreign-defend", hand=True, label=lambda rs, state, a: "Defend with "
          + (f"{a.arg(0)} and " if a.arg(0) != "aucune" else "no card and ")
          + f"{a.arg(1)} PI")
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
            ctx.log(f"The dice: {fv['attack']} against {self.defence(rs, state, frame)}",
                    self.rule(rs, state, frame))
            return
        self._resolve(rs, state, frame, ctx, flow)

    @verb("foreign-signe", hand=True, label="Signe de Dieu: your card counts double")
    def on_foreign_signe(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        discard_from_hand(rs, state, ctx.side, "signe-de-dieu")
        self._doubled(rs, state, frame, ctx, flow, "Montjoie Séq. 3 Signe de Dieu")

    @verb("foreign-signe-jeanne", label="Jeanne d'Arc's Signe de Dieu: your card counts "
          "double")
    def on_foreign_signe_jeanne(self, rs: MontjoieModel, state: State, frame: Frame,
                                action: Action, ctx: Context, flow: Flow) -> None:
        state["vars"]["extra"]["joan"] = "used"
        self._doubled(rs, state, frame, ctx, flow,
                      f"{national.RULE} Jeanne d'Arc et le Signe de Dieu")

    def _doubled(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
                 flow: Flow, rule: str) -> None:
        frame["vars"]["doubled"] = True
        ctx.log(f"{rs.nation_name(ctx.side)} plays a Signe de Dieu: his card counts double",
                rule)
        self._resolve(rs, state, frame, ctx, flow)

    @verb("foreign-sans-signe", label="No Signe de Dieu")
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
        bits = "".join(words for on, words in ((fv.get("hero"), ", Hero 2"),
                                               (fv.get("engineer"), ", Ingénieur 2"),
                                               (fv.get("doubled"), ", card doubled"))
                       if on)
        fell = resolve(rs, state, ctx, city, fv["attack"], defence,
                       f"{rs.nation_name(side)} {defence} (card {YELLOW.get(card, 0)}, "
                       f"{fv['pi']} PI, fortification {fort}, die {fv['die']}{bits})", rule,
                       attacker)
        if fv.get("hero") and fv["attack"] >= defence:
            state["vars"]["heroes"][side] = "inactive"
            national.hero_killed(state, side)
            ctx.log(f"{rs.nation_name(side)}'s Hero is killed", "Montjoie Séq. 3 Héros")
        if card != "aucune" and fell:
            hand = rs.hand(state, side)
            if rs.rule_on(state) and ("retraite" in hand or national.free_retreat(
                    rs, state, side)):
                fv["stage"] = "retraite"
                return
            discard_from_hand(rs, state, side, card)
            ctx.log(f"{rs.nation_name(side)} discards the card he defended with", rule)
        flow.end(rs, state, ctx)

    @verb("foreign-retraite", hand=True, label="Retraite: keep your card")
    def on_foreign_retraite(self, rs: MontjoieModel, state: State, frame: Frame,
                            action: Action, ctx: Context, flow: Flow) -> None:
        discard_from_hand(rs, state, ctx.side, "retraite")
        ctx.log(f"{rs.nation_name(ctx.side)} plays Retraite and keeps his card",
                "Montjoie Séq. 3 Retraite")
        flow.end(rs, state, ctx)

    @verb("foreign-retraite-libre", label="France's free Retraite: keep your card")
    def on_foreign_retraite_libre(self, rs: MontjoieModel, state: State, frame: Frame,
                                  action: Action, ctx: Context, flow: Flow) -> None:
        national.use(state, "france-retraite")
        ctx.log(f"{rs.nation_name(ctx.side)} uses its free Retraite and keeps its card",
                f"{national.RULE} France")
        flow.end(rs, state, ctx)

    @verb("foreign-sans-retraite", label="No Retraite: discard your card")
    def on_foreign_sans_retraite(self, rs: MontjoieModel, state: State, frame: Frame,
                                 action: Action, ctx: Context, flow: Flow) -> None:
        discard_from_hand(rs, state, ctx.side, frame["vars"]["card"])
        ctx.log(f"{rs.nation_name(ctx.side)} discards the card he defended with",
                self.rule(rs, state, frame))
        flow.end(rs, state, ctx)
