"""Séquence 5 : Tirage au sort de l'ordre des joueurs: the country pawns drawn at
random; nobody first twice running (A23: draw all again, or only the first); the first
player gains 1 PI. Two players alternate first place (9.0)."""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State

from ..model.base import MontjoieModel
from ..words import N_
from .allies import assign_allies_3p
from .common import go_next_phase
from .corrections import Corrections


def draw_order(rs: MontjoieModel, state: State, ctx: Context) -> tuple[list[str], int]:
    """The new order and how many draws it took."""
    players = rs.players(state)
    last_first = (state["vars"]["first_history"] or [None])[-1]
    if len(players) == 2:
        a, b = players
        first = b if last_first == a else a
        return [first, b if first == a else a], 1
    draws = 1
    if rs.option(state, "turn-balance") and state["turn"] <= 6:
        # 10.0 Équilibre du tour de jeu: the first drawn among those not first yet.
        been = set(state["vars"]["first_history"])
        fresh = [n for n in players if n not in been] or players
        first = ctx.shuffle(fresh)[0]
        if first != last_first or len(players) == 1:
            rest = ctx.shuffle([n for n in players if n != first])
            return [first, *rest], 1
    order = ctx.shuffle(players)
    while order[0] == last_first:
        draws += 1
        if rs.reading(state, "A23") == "b":
            others = ctx.shuffle([n for n in players if n != last_first])
            order = [others[0], *[n for n in order if n != others[0]]]
        else:
            order = ctx.shuffle(players)
    return order, draws


class OrderPhase(Corrections):
    """Draw the order (automatic)."""

    name = "ordre"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        return []

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = state["vars"]
        order, draws = draw_order(rs, state, ctx)
        minors = [n for n in v["order"] if n not in order]
        if len(order) == 2 and minors and rs.rule_on(state):
            minors = ctx.shuffle(sorted(minors))  # 9.0: "tirées aléatoirement"
            ctx.log(N_("The minor powers play after the players, in the order drawn: "
                       "{nations}"), rs.cite("9.0"),
                    nations=", ".join(rs.nation_name(n) for n in minors))
        v["order"] = order + minors
        v["first_history"].append(order[0])
        gained = rs.add_influence(state, order[0], 1)
        again = N_(", drawn {n} times (nobody first twice running, {reading})", n=draws,
                   reading=rs.reading_note(state, 'A23')) if draws > 1 else ""
        rule = rs.cite("9.0") if len(order) == 2 else rs.cite("Séq. 5")
        ctx.log(N_("Ordre des joueurs: {order}{again}; {first} is first and gains {n} PI"),
                rule, order=", ".join(rs.nation_name(n) for n in order), again=again,
                first=rs.nation_name(order[0]), n=gained)
        if not assign_allies_3p(rs, state, ctx, flow):
            go_next_phase(rs, state, ctx, flow)

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        go_next_phase(rs, state, ctx, flow)
