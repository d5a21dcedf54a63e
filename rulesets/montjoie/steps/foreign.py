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
from ..model.cards import YELLOW, discard_from_hand
from ..model.cities import set_city, take_city
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
    """A player attacked by foreign troops defends normally: he chooses a yellow card
    (he must while he holds one) and up to 3 PI."""

    name = "foreign-defence"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        who = rs.nation_name(v.get("attacker", FOREIGN))
        return (f"{rs.nation_name(frame['side'])}: {who} (5 + die) attack "
                f"{rs.city_name(v['city'])}: choose your yellow card and PI")

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        side = frame["side"]
        cards = sorted({c for c in rs.hand(state, side) if c in YELLOW}) or ["aucune"]
        for card in cards:
            for pi in range(min(PI_PER_COMBAT, state["vars"]["influence"].get(side, 0)) + 1):
                yield Action("foreign-defend", (card, str(pi)))

    @verb("foreign-defend", hand=True, label=lambda rs, state, a: "Defend with "
          + (f"{a.arg(0)} and " if a.arg(0) != "aucune" else "no card and ")
          + f"{a.arg(1)} PI")
    def on_foreign_defend(self, rs: MontjoieModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        side, city = frame["side"], frame["vars"]["city"]
        attacker = frame["vars"].get("attacker", FOREIGN)
        card, pi = action.arg(0), int(action.arg(1))
        state["vars"]["influence"][side] -= pi
        attack = FOREIGN_ATTACK + frame["vars"].get("bonus", 0) + ctx.roll(6)
        die = ctx.roll(6)
        fort = DEFENCE_PC[rs.level(state, city)]
        defence = YELLOW.get(card, 0) + pi + fort + terrain(rs, state, city) + die
        rule = (rs.cite("Séq. 6 Interventions étrangères") if attacker == FOREIGN
                else rs.cite("9.0")) + f", {rs.reading_note(state, 'A15')}"
        fell = resolve(rs, state, ctx, city, attack, defence,
                       f"{rs.nation_name(side)} {defence} (card {YELLOW.get(card, 0)}, "
                       f"{pi} PI, fortification {fort}, die {die})", rule, attacker)
        if card != "aucune" and fell:
            discard_from_hand(rs, state, side, card)
            ctx.log(f"{rs.nation_name(side)} discards the card he defended with", rule)
        flow.end(rs, state, ctx)
