"""The écus kept secret (version 0.3; issue 17: "each player's hand, treasury and
committed cards private").

By email a player's program holds only his own écus, so every change of a nation's
écus is an action of that nation (an obligation, :mod:`boardapp.core.engine.together`)
and what the log says of it is public (France receives 7 écus, pays 6 for a castle)
while the running total is a private line. Three obligations:

- ``revenu``: each player takes his income of Séq. 1 (and, in turn 1, the starting
  écus of 5.0; a loyal ally's die and castles with 2 players, 9.0);
- ``encaisser``: the seller of a city receives its price (10.0 Vente de villes);
- ``montrer-tresor``: at the end of the game the players still tied after
  fortresses, provinces and castles show their écus, the last tie-break of 1.0
  ("enfin le joueur qui possède le plus d'argent dans son trésor"): the book compares
  them only then, so only then are they shown.
"""

from __future__ import annotations

from boardapp.core.base.i18n import listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import Obligation
from boardapp.core.engine.verbs import verb

from ..model.base import INCOME, MontjoieModel
from ..model.turn import income
from ..words import N_, and_list
from .corrections import Corrections

SALE_RULE = "Montjoie 10.0 Vente de villes"


def take_income(rs: MontjoieModel, state: State, ctx: Context, nation: str) -> None:
    """``nation``'s income of Séq. 1 (pillaged cities pay nothing; Bad Seasons halve it):
    the amount in the log, the total only in ``nation``'s private line when secret."""
    v = state["vars"]
    gain, pillaged = income(rs, state, nation)
    v["treasury"][nation] = v["treasury"].get(nation, 0) + gain
    notes = []
    if pillaged:
        notes.append(N_("pillaged, nothing from {cities}",
                        cities=", ".join(rs.city_name(c) for c in pillaged)))
    if v.get("bad_seasons"):
        notes.append(N_("Mauvaises Saisons: halved, {reading}",
                        reading=rs.reading_note(state, 'A24')))
    said = N_("Trésor: {nation} receives {gain} écus ({notes})",
              nation=rs.nation_name(nation), gain=gain,
              notes=listing(notes, "; ") or N_("1/2/3 per garrison/castle/fortress"))
    if rs.secret_treasury(state):
        ctx.log(said, rs.cite("Séq. 1"))
        private_total(rs, state, ctx, nation)
    else:
        ctx.log(N_("{said}, treasury {n}", said=said, n=v['treasury'][nation]),
                rs.cite("Séq. 1"))


def ally_income(rs: MontjoieModel, state: State, ctx: Context, ally: str,
                player: str) -> None:
    """9.0, 2 players: a loyal ally brings its player a die and its castles' and
    fortresses' income."""
    die = ctx.roll(6)
    forts = sum(INCOME[rs.level(state, c)] for c in rs.owned(state, ally)
                if rs.level(state, c) >= 2)
    state["vars"]["treasury"][player] += die + forts
    ctx.log(N_("Trésor: {ally}, loyal ally, brings {player} die {die} + {forts} from its "
               "castles and fortresses"), rs.cite("9.0"), ally=rs.nation_name(ally),
            player=rs.nation_name(player), die=die, forts=forts)


def loyal_allies(rs: MontjoieModel, state: State) -> list[tuple[str, str]]:
    """(ally, player) of the loyal allies that pay their player (9.0, 2 players)."""
    v = state["vars"]
    if len(rs.players(state)) != 2:
        return []
    return [(a, p) for a, p in sorted(v.get("ally_of", {}).items())
            if v.get("loyal", {}).get(a)]


def private_total(rs: MontjoieModel, state: State, ctx: Context, nation: str) -> None:
    """The new total, a line only ``nation`` reads."""
    ctx.log(N_("Trésor de {nation}: {n} écus"), private=True, nation=rs.nation_name(nation),
            n=rs.ecus(state, nation))


class Income(Corrections, Obligation[MontjoieModel]):
    """Each player takes his income with his own program (Séq. 1)."""

    name = "revenu"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        names = and_list([rs.nation_name(s) for s in self.deciders(rs, state, frame)])
        return N_("{names}: take your income (Montjoie Séq. 1)", names=names)

    @verb("revenu", hand=True, label=N_("Take your income (Séq. 1)"))
    def on_revenu(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        nation, v = ctx.side, state["vars"]
        start = int(frame["vars"].get("start") or 0)
        if start:
            v["treasury"][nation] = v["treasury"].get(nation, 0) + start
            ctx.log(N_("{nation} takes the {n} starting écus"), rs.cite("5.0"),
                    nation=rs.nation_name(nation), n=start)
        take_income(rs, state, ctx, nation)
        for ally, player in loyal_allies(rs, state):
            if player == nation:
                ally_income(rs, state, ctx, ally, player)
                private_total(rs, state, ctx, nation)


class SaleReceipt(Corrections, Obligation[MontjoieModel]):
    """The seller of a city receives its price with his own program (10.0)."""

    name = "encaisser"

    @verb("encaisser", hand=True, label=N_("Receive the price of the city (10.0)"))
    def on_encaisser(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                     ctx: Context, flow: Flow) -> None:
        price = int(frame["vars"]["price"])
        state["vars"]["treasury"][ctx.side] = state["vars"]["treasury"].get(ctx.side, 0) \
            + price
        ctx.log(N_("{nation} receives {n} écus"), SALE_RULE, nation=rs.nation_name(ctx.side),
                n=price)
        private_total(rs, state, ctx, ctx.side)


class ShowTreasury(Corrections, Obligation[MontjoieModel]):
    """The players tied at the end of the game show their écus (1.0's last tie-break)."""

    name = "montrer-tresor"

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        names = and_list([rs.nation_name(s) for s in self.deciders(rs, state, frame)])
        return N_("{names}: show your écus, the last tie-break (Montjoie 1.0)", names=names)

    @verb("montrer-tresor", hand=True, label=N_("Show your écus (tie-break, 1.0)"))
    def on_montrer_tresor(self, rs: MontjoieModel, state: State, frame: Frame,
                          action: Action, ctx: Context, flow: Flow) -> None:
        ecus = rs.ecus(state, ctx.side) or 0
        rs.extra(state).setdefault("shown_ecus", {})[ctx.side] = ecus
        ctx.log(N_("{nation} shows its treasury: {n} écus (tie-break)"), rs.cite("1.0"),
                nation=rs.nation_name(ctx.side), n=ecus)


SECRET_TREASURY_PROCEDURES = (Income, SaleReceipt, ShowTreasury)
"""The procedures of version 0.3 (registered by the rules)."""
