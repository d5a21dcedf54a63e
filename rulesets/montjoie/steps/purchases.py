"""Séquence 4 : Achats: in the turn order, each player buys cards (2 écus), castles
(6, short game 4) and ramparts (8, short game 6); one new castle a turn; a fortress only
on a castle of an earlier turn; at most 12 cards in hand; 20 castles and 10 ramparts.
With 2 players (9.0) he may also try to hire mercenaries: 1D6 halved rounded up may be
hired, 2 écus each, placed on his or his loyal ally's garrisons, at most 3 in a city;
they leave at the end of the turn (``vars["mercenaries"]``: city -> count; their +1 PC
in defence, their move of 2 cities and their loss belong to Séq. 7)."""

from __future__ import annotations

from collections.abc import Iterator

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model.base import CASTLE_FIGURES, HAND_LIMIT, RAMPART_FIGURES, MontjoieModel
from ..model.cards import draw
from ..model.cities import set_city
from ..model.offers import offer
from ..words import N_
from .common import go_next_phase, next_in_order
from .red_cards import RedCards


def builds_on(rs: MontjoieModel, state: State, nation: str, city: str) -> bool:
    """Whether ``nation`` may fortify ``city``: its own, or with 2 players its loyal
    ally's (9.0: "construire des Châteaux ou des Remparts sur un allié")."""
    owner = rs.owner(state, city)
    if owner == nation:
        return True
    v = state["vars"]
    return (len(rs.players(state)) == 2 and rs.rule_on(state)
            and (v.get("ally_of") or {}).get(owner) == nation
            and bool((v.get("loyal") or {}).get(owner)))


def why_not_castle(rs: MontjoieModel, state: State, nation: str,
                   city: str) -> str | None:
    """Why ``nation`` may not build a castle in ``city`` now (Séq. 4), or ``None``."""
    fault = _castle_fault(rs, state, nation, city, rs.figures_used(state))
    if fault == "garrison":
        return N_("a castle is built on one of your garrisons")
    if fault == "one":
        return N_("only one new castle a turn")
    if fault == "figures":
        return N_("the 20 castle figures are all on the board")
    if fault == "ecus":
        return N_("not enough écus")
    return None


def _castle_fault(rs: MontjoieModel, state: State, nation: str, city: str,
                  figures: tuple[int, int]) -> str | None:
    """:func:`why_not_castle` as a short key (``figures``: the castles and ramparts on
    the board, counted once for a whole listing)."""
    if not builds_on(rs, state, nation, city) or rs.level(state, city) != 1:
        return "garrison"
    if state["vars"]["turn_limits"]["castles_built"].get(nation):
        return "one"
    if figures[0] >= CASTLE_FIGURES:
        return "figures"
    if not rs.can_pay(state, nation, rs.costs(state)["castle"]):
        return "ecus"
    return None


def why_not_rampart(rs: MontjoieModel, state: State, nation: str,
                    city: str) -> str | None:
    """Why ``nation`` may not build a rampart in ``city`` now (Séq. 4), or ``None``."""
    fault = _rampart_fault(rs, state, nation, city, rs.figures_used(state))
    if fault == "castle":
        return N_("a rampart is built under one of your castles")
    if fault == "new-castle":
        return N_("a fortress only on a castle built in an earlier turn")
    if fault == "figures":
        return N_("the 10 rampart figures are all on the board")
    if fault == "ecus":
        return N_("not enough écus")
    return None


def _rampart_fault(rs: MontjoieModel, state: State, nation: str, city: str,
                   figures: tuple[int, int]) -> str | None:
    """:func:`why_not_rampart` as a short key (see :func:`_castle_fault`)."""
    if not builds_on(rs, state, nation, city) or rs.level(state, city) != 2:
        return "castle"
    if city in state["vars"]["turn_limits"]["castles_built"].get(nation, []):
        return "new-castle"
    if figures[1] >= RAMPART_FIGURES:
        return "figures"
    if not rs.can_pay(state, nation, rs.costs(state)["rampart"]):
        return "ecus"
    return None


class PurchasesPhase(RedCards):
    """Each player's purchases, in the order of the turn before (Séq. 4)."""

    name = "achats"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        n = frame["side"]
        c = rs.costs(state)
        # 0.3: the écus are secret, read in the Hand lines, never on the shared screen
        ecus = N_("your écus in your Hand") if rs.secret_treasury(state) else \
            N_("{n} écus", n=state['vars']['treasury'].get(n, 0))
        return N_("{nation}: purchases, {ecus} (card {card}, castle {castle}, rampart "
                  "{rampart}; Montjoie Séq. 4)", nation=rs.nation_name(n), ecus=ecus,
                  card=c['card'], castle=c['castle'], rampart=c['rampart'])

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        n = frame["side"]
        if (rs.can_pay(state, n, rs.costs(state)["card"])
                and rs.hand_size(state, n) < HAND_LIMIT):
            yield offer("buy-card")
        yield from self._buildings(rs, state, n)
        yield from mercenary_actions(rs, state, n)
        if rs.reading(state, "A25") == "b":  # 10.0 Soutien du Pape, A25 b: his first
            yield from self.papal_actions(rs, state, n)  # act of the game turn
        yield offer("end-purchases")

    @staticmethod
    def _buildings(rs: MontjoieModel, state: State, n: str) -> Iterator[Action]:
        """The castles and ramparts ``n`` may build now, city by city in order."""
        figures = rs.figures_used(state)
        for city in sorted(c for c, e in state["vars"]["cities"].items()
                           if builds_on(rs, state, n, c)):
            if _castle_fault(rs, state, n, city, figures) is None:
                yield offer("build-castle", city)
            if _rampart_fault(rs, state, n, city, figures) is None:
                yield offer("build-rampart", city)

    def actions_of(self, rs: MontjoieModel, state: State, frame: Frame,
                   verb_name: str) -> Iterator[Action]:
        """:meth:`actions` of one verb, in their order: the end of the purchases and the
        buildings without listing the rest."""
        if verb_name == "end-purchases":
            yield offer("end-purchases")
        elif verb_name in ("build-castle", "build-rampart"):
            yield from (a for a in self._buildings(rs, state, frame["side"])
                        if a.verb == verb_name)
        else:
            yield from super().actions_of(rs, state, frame, verb_name)

    @verb("buy-card", hand=True, label=N_("Buy a battle card (2 écus)"))
    def on_buy_card(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        n = ctx.side
        state["vars"]["treasury"][n] -= rs.costs(state)["card"]
        draw(rs, state, ctx, n, 1, N_("bought"), rs.cite("Séq. 4"))

    @verb("build-castle", area=0, label=lambda rs, state, a: N_(
        "Build a castle in {city} ({n} écus)", city=rs.city_name(a.arg(0)),
        n=rs.costs(state)['castle']))
    def on_build_castle(self, rs: MontjoieModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        n, city = ctx.side, action.arg(0)
        state["vars"]["treasury"][n] -= rs.costs(state)["castle"]
        set_city(rs, state, city, rs.owner(state, city), 2)  # an ally's stays its own
        state["vars"]["turn_limits"]["castles_built"].setdefault(n, []).append(city)
        ctx.log(N_("{nation} builds a castle in {city}"), rs.cite("Séq. 4"),
                nation=rs.nation_name(n), city=rs.city_name(city))

    @verb("build-rampart", area=0, label=lambda rs, state, a: N_(
        "Build a rampart in {city} ({n} écus)", city=rs.city_name(a.arg(0)),
        n=rs.costs(state)['rampart']), logs=True)
    def on_build_rampart(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        n, city = ctx.side, action.arg(0)
        state["vars"]["treasury"][n] -= rs.costs(state)["rampart"]
        set_city(rs, state, city, rs.owner(state, city), 3)
        ctx.log(N_("{nation} builds a rampart: {city} is a fortress"), rs.cite("Séq. 4"),
                nation=rs.nation_name(n), city=rs.city_name(city))

    @verb("hire-mercenaries", label=N_("Roll for mercenaries (9.0)"))
    def on_hire_mercenaries(self, rs: MontjoieModel, state: State, frame: Frame,
                            action: Action, ctx: Context, flow: Flow) -> None:
        die = ctx.roll(6)
        offer = (die + 1) // 2
        state["vars"].setdefault("mercenary_offer", {})[ctx.side] = offer
        ctx.log(N_("{nation} may hire {n} mercenaries (die {die} halved rounded up, 2 écus "
                   "each)"), rs.cite("9.0"), nation=rs.nation_name(ctx.side), n=offer, die=die)

    @verb("place-mercenary", area=0, label=lambda rs, state, a: N_(
        "Hire a mercenary in {city} (2 écus)", city=rs.city_name(a.arg(0))))
    def on_place_mercenary(self, rs: MontjoieModel, state: State, frame: Frame,
                           action: Action, ctx: Context, flow: Flow) -> None:
        v, city = state["vars"], action.arg(0)
        v["treasury"][ctx.side] -= MERCENARY_COST
        v["mercenary_offer"][ctx.side] -= 1
        here = v.setdefault("mercenaries", {})
        here[city] = here.get(city, 0) + 1
        ctx.log(N_("{nation} hires a mercenary in {city} ({n} there)"), rs.cite("9.0"),
                nation=rs.nation_name(ctx.side), city=rs.city_name(city), n=here[city])

    @verb("end-purchases", label=N_("End purchases"))
    def on_end_purchases(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        following = next_in_order(rs, state, ctx.side)
        ctx.log(N_("{nation} ends its purchases"), rs.cite("Séq. 4"),
                nation=rs.nation_name(ctx.side))
        if following is None:
            go_next_phase(rs, state, ctx, flow)
        else:
            state["active"] = following


MERCENARY_COST = 2
MAX_MERCENARIES = 3


def mercenary_sites(rs: MontjoieModel, state: State, nation: str) -> list[str]:
    """The garrisons of ``nation`` and of its loyal ally with room for a mercenary."""
    v = state["vars"]
    allies = [a for a, p in v.get("ally_of", {}).items()
              if p == nation and v.get("loyal", {}).get(a)]
    here = v.get("mercenaries", {})
    return sorted(c for n in (nation, *allies) for c in rs.owned(state, n)
                  if here.get(c, 0) < MAX_MERCENARIES)


def mercenary_actions(rs: MontjoieModel, state: State, nation: str) -> Iterator[Action]:
    """9.0, 2 players: the roll for mercenaries, then each one hired (2 écus)."""
    if len(rs.players(state)) != 2:
        return
    offer = state["vars"].get("mercenary_offer", {})
    if nation not in offer:
        yield Action("hire-mercenaries")
    elif offer[nation] > 0 and rs.can_pay(state, nation, MERCENARY_COST):
        for city in mercenary_sites(rs, state, nation):
            yield Action("place-mercenary", (city,))
