"""10.0 Vente de villes: "Dans chaque tour de Paix, les joueurs peuvent vendre une de
leurs villes", at 5 écus at least without a fortification, 8 with one (a castle or a
fortress: the garrison is not one, MJ 10.2.16); never Paris. The book names neither the
buyer nor the moment (A25): here another player, in the seller's Séq. 7 turn; the
seller offers a city to a player (``vendre CITY BUYER``, once per city and buyer a
turn), names his price (``prix N``, up to the buyer's écus; from 0.3, where the seller cannot
see them, up to 30 above the least price), the buyer accepts (if he can pay) or
refuses; one sale a turn per seller. From 0.3 the seller receives the price with his
own program (``encaisser``, :mod:`.secret_treasury`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import owe
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel
from ..model.cities import set_city
from ..words import N_
from . import national
from .corrections import Corrections
from .secret_treasury import private_total

RULE = "Montjoie 10.0 Vente de villes"
NEVER_SOLD = "paris"
PRICE_SPAN = 30
"""With the écus secret the seller may ask the least price and up to 30 more (a bound
of the list of offers, not a rule: the buyer refuses what he cannot pay)."""


def least_price(rs: MontjoieModel, state: State, city: str) -> int:
    """5 écus, 8 for a city with a castle or a fortress."""
    return 8 if rs.level(state, city) >= 2 else 5


def sale_actions(rs: MontjoieModel, state: State, seller: str) -> Iterator[Action]:
    """The offers ``seller`` may make now (Peace, the option chosen, no sale yet)."""
    v = state["vars"]
    if v.get("politics") != "paix" or not rs.option(state, "city-sales") \
            or not rs.rule_on(state) or national.used(state, f"vente-{seller}"):
        return
    offered = v.setdefault("extra", {}).get("offers", {})
    for city in rs.owned(state, seller):
        if city == NEVER_SOLD:
            continue
        for buyer in rs.players(state):
            key = f"{state['turn']}:{city}:{buyer}"
            if buyer != seller and key not in offered and (
                    rs.secret_treasury(state)  # the seller cannot see the buyer's écus
                    or v["treasury"].get(buyer, 0) >= least_price(rs, state, city)):
                yield Action("vendre", (city, buyer))


class SaleOffers:
    """The verb a seller uses in his turn (a base of the Séquence 7 phase step)."""

    @verb("vendre", area=0, label=lambda rs, state, a: N_(
        "Offer {city} for sale to {nation} (10.0)", city=rs.city_name(a.arg(0)),
        nation=rs.nation_name(a.arg(1))))
    def on_vendre(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        city, buyer = action.arg(0), action.arg(1)
        offers = state["vars"].setdefault("extra", {}).setdefault("offers", {})
        offers[f"{state['turn']}:{city}:{buyer}"] = True
        flow.call(rs, state, ctx, "vente", ctx.side, city=city, buyer=buyer,
                  seller=ctx.side, price=None)


class CitySale(Corrections):
    """The seller names his price, then the buyer accepts or refuses."""

    name = "vente"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        fv = frame["vars"]
        return [fv["seller"] if fv["price"] is None else fv["buyer"]]

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        fv = frame["vars"]
        city = rs.city_name(fv["city"])
        if fv["price"] is None:
            return N_("{nation}: your price for {city} ({rule})",
                      nation=rs.nation_name(fv['seller']), city=city, rule=RULE)
        return N_("{buyer}: buy {city} from {seller} for {price} écus? ({rule})",
                  buyer=rs.nation_name(fv['buyer']), city=city,
                  seller=rs.nation_name(fv['seller']), price=fv['price'], rule=RULE)

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        fv = frame["vars"]
        if fv["price"] is None:
            low = least_price(rs, state, fv["city"])
            high = low + PRICE_SPAN if rs.secret_treasury(state) else \
                state["vars"]["treasury"].get(fv["buyer"], 0)
            for price in range(low, high + 1):
                yield Action("prix", (str(price),))
            yield Action("refuser")
            return
        if rs.can_pay(state, fv["buyer"], fv["price"]):
            yield Action("acheter")
        yield Action("refuser")

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        flow.end(rs, state, ctx)  # the seller has received the price (encaisser)

    @verb("prix", label=N_("Ask {0} écus"))
    def on_prix(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                ctx: Context, flow: Flow) -> None:
        fv = frame["vars"]
        fv["price"] = int(action.arg(0))
        ctx.log(N_("{seller} offers {city} to {buyer} for {price} écus"), RULE,
                seller=rs.nation_name(fv['seller']), city=rs.city_name(fv['city']),
                buyer=rs.nation_name(fv['buyer']), price=fv['price'])

    @verb("acheter", label=N_("Buy the city"))
    def on_acheter(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        fv, v = frame["vars"], state["vars"]
        secret = rs.secret_treasury(state)
        v["treasury"][fv["buyer"]] -= fv["price"]
        if not secret:
            v["treasury"][fv["seller"]] += fv["price"]
        set_city(rs, state, fv["city"], fv["buyer"], rs.level(state, fv["city"]))
        national.use(state, f"vente-{fv['seller']}")
        ctx.log(N_("{buyer} buys {city} from {seller} for {price} écus"), RULE,
                buyer=rs.nation_name(fv['buyer']), city=rs.city_name(fv['city']),
                seller=rs.nation_name(fv['seller']), price=fv['price'])
        if secret:  # 0.3: the seller's own program receives the price
            private_total(rs, state, ctx, fv["buyer"])
            owe(rs, state, ctx, flow, "encaisser", {fv["seller"]: ["encaisser"]},
                price=fv["price"])
            return
        flow.end(rs, state, ctx)

    @verb("refuser", label=N_("No sale"))
    def on_refuser(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        ctx.log(N_("No sale of {city}"), RULE, city=rs.city_name(frame['vars']['city']))
        flow.end(rs, state, ctx)
