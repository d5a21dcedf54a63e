"""The events whose first player chooses (Séq. 6): Soulèvement and Ravages des Grandes
Compagnies (``uprising``), Traité (``treaty``), Intervention du Pape (``pope``) and
Confiscation (``confiscation``, its victim's random loss an obligation)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.base.i18n import Msg
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import Obligation, owe
from boardapp.core.engine.verbs import verb

from ..model.base import LEVELS, MontjoieModel
from ..model.cards import CARD_NAMES, discard_from_hand
from ..model.cities import lose_level, take_city
from ..model.events import confiscated, event_label, uprising_count
from ..words import N_
from .corrections import Corrections


def _city(rs: MontjoieModel, state: State, a: Action) -> str:
    return rs.city_name(a.arg(0))


class Uprising(Corrections):
    """Soulèvement / Compagnies: 1D6 halved rounded up (max 3) cities; the first player
    names them one after another; each rises on 1D6 above its fortification (A1)."""

    name = "uprising"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        die = ctx.roll(6)
        full = rs.option(state, "chance-of-war")
        v["left"] = uprising_count(die, full)
        v["chosen"] = []
        how = N_("the whole die (Le hasard de la guerre, 10.0)") if full else \
            N_("halved rounded up, at most 3")
        ctx.log(N_("{event}: die {die} → {n} cities ({how})"), self.rule(rs, v["event"]),
                event=event_label(v['event']), die=die, n=v['left'], how=how)
        self.check(rs, state, frame, ctx, flow)

    @staticmethod
    def rule(rs: MontjoieModel, event: str) -> str:
        return rs.cite("Séq. 6 " + ("Soulèvement" if event == "soulevement"
                                    else "Ravages des Grandes Compagnies"))

    def targets(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        pope = state["vars"]["pope"] if rs.reading(state, "A12") == "b" else None
        return [c for c in sorted(state["vars"]["cities"])
                if c not in frame["vars"]["chosen"] and c != pope
                and rs.province(c) != pope]

    def check(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if frame["vars"]["left"] <= 0 or not self.targets(rs, state, frame):
            flow.end(rs, state, ctx)

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: name a city for {event} ({n} left)",
                  nation=rs.nation_name(frame['side']),
                  event=event_label(frame['vars']['event']), n=frame['vars']['left'])

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for city in self.targets(rs, state, frame):
            yield Action("uprise", (city,))

    @verb("uprise", area=0, label=lambda rs, state, a: N_(
        "{city} rises", city=_city(rs, state, a)))
    def on_uprise(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        city = action.arg(0)
        v["left"] -= 1
        v["chosen"].append(city)
        need = rs.test_value(state, city)
        die = ctx.roll(6)
        rule = f"{self.rule(rs, v['event'])}, {rs.reading_note(state, 'A1')}"
        name, owner = rs.city_name(city), rs.nation_name(rs.owner(state, city))
        if die <= need:
            ctx.log(N_("{city} ({owner}): die {die}, not above {need}: it holds"), rule,
                    city=name, owner=owner, die=die, need=need)
        elif v["event"] == "soulevement":
            level = lose_level(rs, state, city)
            ctx.log(N_("{city} ({owner}): die {die} > {need}: it rises and loses a level, now "
                       "{level}"), rule, city=name, owner=owner, die=die, need=need,
                    level=LEVELS[level])
        else:
            if city not in state["vars"]["pillage"]:
                state["vars"]["pillage"].append(city)
            extra = ""
            if rs.reading(state, "A8") == "b":
                extra = N_(" and loses a level, now {level}",
                           level=LEVELS[lose_level(rs, state, city)])
            ctx.log(N_("{city} ({owner}): die {die} > {need}: ravaged, pillaged{extra} "
                       "({reading})"), rule, city=name, owner=owner, die=die, need=need,
                    extra=extra, reading=rs.reading_note(state, 'A8'))
        self.check(rs, state, frame, ctx, flow)


class Treaty(Corrections):
    """Traité: the first player regains at once a city conquered from him last turn."""

    name = "treaty"

    def options(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        first = frame["side"]
        kinds = ("combat",) if rs.reading(state, "A10") == "b" else ("combat", "corruption")
        lost = state["vars"]["lost_prev"].get(first, [])
        return sorted({c for c, _taker, *how in lost if (how or ["combat"])[0] in kinds
                       and rs.owner(state, c) not in (None, first)})

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if not self.options(rs, state, frame):
            ctx.log(N_("Traité: {nation} lost no city last turn that it could regain: no "
                       "effect ({reading})"), rs.cite("Séq. 6 Traité"),
                    nation=rs.nation_name(frame['side']),
                    reading=rs.reading_note(state, 'A10'))
            flow.end(rs, state, ctx)

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: regain a city lost last turn (Traité)",
                  nation=rs.nation_name(frame['side']))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for city in self.options(rs, state, frame):
            yield Action("regain", (city,))

    @verb("regain", area=0, label=lambda rs, state, a: N_(
        "Regain {city}", city=_city(rs, state, a)))
    def on_regain(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        city = action.arg(0)
        before = rs.owner(state, city)
        take_city(rs, state, city, frame["side"], "traite")
        ctx.log(N_("Traité: {nation} regains {city} from {before}, as it stands ({reading})"),
                rs.cite("Séq. 6 Traité"), nation=rs.nation_name(frame['side']),
                city=rs.city_name(city), before=rs.nation_name(before),
                reading=rs.reading_note(state, 'A10'))
        flow.end(rs, state, ctx)


class Pope(Corrections):
    """Intervention du Pape: the first player names a city or a province nobody may
    attack this turn."""

    name = "pope"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: name the city or province the Pope protects this turn",
                  nation=rs.nation_name(frame['side']))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for city in rs.cities():
            yield Action("pope-city", (city,))
        for province in rs.provinces():
            yield Action("pope-province", (province,))

    @verb("pope-city", area=0, label=lambda rs, state, a: N_(
        "The Pope protects {city}", city=_city(rs, state, a)))
    def on_pope_city(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        self.protect(rs, state, ctx, flow, action.arg(0), rs.city_name(action.arg(0)))

    @verb("pope-province", area=lambda rs, state, a: rs.province_cities(a.arg(0)),
          label=lambda rs, state, a: N_(
              "The Pope protects the province {province}",
              province=rs.board_map.regions[a.arg(0)].name))
    def on_pope_province(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        self.protect(rs, state, ctx, flow, action.arg(0),
                     N_("the province {province}",
                        province=rs.board_map.regions[action.arg(0)].name))

    @staticmethod
    def protect(rs: MontjoieModel, state: State, ctx: Context, flow: Flow, where: str,
                name: str | Msg) -> None:
        state["vars"]["pope"] = where
        ctx.log(N_("Intervention du Pape: {name} may not be attacked this turn ({reading})"),
                rs.cite("Séq. 6 Intervention du Pape"), name=name,
                reading=rs.reading_note(state, 'A12'))
        flow.end(rs, state, ctx)


class Confiscation(Corrections):
    """Confiscation: the first player names an opponent, who loses at random 1 card if
    he holds 6, 2 if more (A11 under 6)."""

    name = "confiscation"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: name the opponent who loses cards",
                  nation=rs.nation_name(frame['side']))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for n in rs.players(state):
            if n != frame["side"]:
                yield Action("confiscate", (n,))

    @verb("confiscate", label=lambda rs, state, a: N_(
        "Confiscate from {nation} ({n} cards)", nation=rs.nation_name(a.arg(0)),
        n=rs.hand_size(state, a.arg(0))))
    def on_confiscate(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        victim = action.arg(0)
        size = rs.hand_size(state, victim)
        count = confiscated(size, rs.reading(state, "A11") == "b")
        rule = f"{rs.cite('Séq. 6 Confiscation')}, {rs.reading_note(state, 'A11')}"
        ctx.log(N_("Confiscation: {nation} holds {size} cards and loses {n} at random"), rule,
                nation=rs.nation_name(victim), size=size, n=count)
        if count:
            flow.goto(rs, state, ctx, "event-done")
            owe(rs, state, ctx, flow, "lose-random", {victim: ["lose-random"] * count})
        else:
            flow.end(rs, state, ctx)


class EventDone(Corrections):
    """An event whose obligations are carried out: it ends when they do."""

    name = "event-done"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        return []

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: object) -> None:
        flow.end(rs, state, ctx)


class LoseRandom(Corrections, Obligation[MontjoieModel]):
    """A player loses a card at random from his own hand, with his private die
    (Confiscation, Intrigue de cour): the card lost is discarded face up."""

    name = "lose-random"

    @verb("lose-random", hand=True, label=N_("Lose a card at random"))
    def on_lose_random(self, rs: MontjoieModel, state: State, frame: Frame,
                       action: Action, ctx: Context, flow: Flow) -> None:
        hand = rs.hand(state, ctx.side)
        if not hand:
            ctx.log(N_("{nation} has no card left to lose"), nation=rs.nation_name(ctx.side))
            return
        kind = sorted(hand)[ctx.roll(len(hand), zero_based=True, private=True)]
        discard_from_hand(rs, state, ctx.side, kind)
        ctx.log(N_("{nation} loses a card at random: {card}"), rs.cite("Séq. 6"),
                nation=rs.nation_name(ctx.side), card=CARD_NAMES[kind])
