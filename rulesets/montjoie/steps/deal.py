"""Séquence 3 : Distribution des cartes: 4 cards in peace, 6 in war, each player drawing
in secret with his own program (an obligation); the 74-card deck's composition, not
printed, is asked first."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import Obligation, owe
from boardapp.core.engine.verbs import verb

from ..model.base import MontjoieModel
from ..model.cards import CARD_NAMES, DECK_SIZE, KINDS, composition, draw
from ..words import N_
from .common import go_next_phase
from .corrections import Corrections


def cards_due(rs: MontjoieModel, state: State, nation: str) -> int:
    """4 in peace, 6 in war (Séq. 3); Burgundy +1 with the national variants (10.0)."""
    n = 6 if state["vars"]["politics"] == "guerre" else 4
    if nation == "bourgogne" and rs.option(state, "national-variants"):
        n += 1
    v = state["vars"]
    if len(rs.players(state)) == 2 and any(p == nation and v.get("loyal", {}).get(a)
                                           for a, p in v.get("ally_of", {}).items()):
        n += 3 if v["politics"] == "guerre" else 2  # a loyal ally's cards (9.0)
    return n


class DealPhase(Corrections):
    """Ask the deck if unknown, then every player owes his draw."""

    name = "distribution"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        return []

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if any(x is None for x in composition(rs, state).values()):
            flow.call(rs, state, ctx, "deck-composition", state["vars"]["order"][0])
            return
        if len(rs.players(state)) == 2 and state["turn"] == 1:
            ctx.log(N_("The 2-player deck of 38 cards (15 Échelles, 4 Bélier, 4 Sape, 3 Canon, "
                       "3 Ambassadeur, 3 Retraite, 2 Ingénieur, 2 Pillage, 1 Signe de Dieu, "
                       "1 Félon); its Pillage cards are Écorcheurs ({reading})"),
                    rs.cite("9.0"), reading=rs.reading_note(state, 'A20'))
        owe(rs, state, ctx, flow, "deal", {n: ["draw-cards"] for n in rs.players(state)},
            result="dealt")

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        if result == "dealt":
            go_next_phase(rs, state, ctx, flow)
        else:
            self.begin(rs, state, frame, ctx, flow)


class Deal(Corrections, Obligation[MontjoieModel]):
    """Each player draws his cards in secret (Séq. 3)."""

    name = "deal"

    @verb("draw-cards", hand=True, label=N_("Draw your battle cards (Séq. 3)"))
    def on_draw_cards(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        n = cards_due(rs, state, ctx.side)
        kept = rs.hand_size(state, ctx.side)
        if kept:  # 10.0 Stratégie à long terme: the red card kept counts
            n = max(0, n - kept)
        draw(rs, state, ctx, ctx.side, n, f"{state['vars']['politics']}", rs.cite("Séq. 3"))


class DeckComposition(Corrections):
    """The players give the composition of the 74 cards, kind by kind (3.0: not printed;
    kept in the game's data, Game data "Paquet de cartes")."""

    name = "deck-composition"

    @staticmethod
    def unknown(rs: MontjoieModel, state: State) -> list[str]:
        comp = composition(rs, state)
        return [k for k in KINDS if comp[k] is None]

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        kind = self.unknown(rs, state)[0]
        return N_("The rule book does not print the 74 cards: how many {card} cards are in "
                  "your deck? (Montjoie 3.0)", card=CARD_NAMES[kind])

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        missing = self.unknown(rs, state)
        if not missing:
            return
        comp = composition(rs, state)
        left = DECK_SIZE - sum(x or 0 for x in comp.values())
        if len(missing) == 1:
            yield Action("deck-count", (missing[0], str(max(left, 0))))
            return
        for n in range(max(left, 0) + 1):
            yield Action("deck-count", (missing[0], str(n)))

    @verb("deck-count", label=lambda rs, state, a: N_(
        "{n} × {card}", n=a.arg(1), card=CARD_NAMES[a.arg(0)]))
    def on_deck_count(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                      ctx: Context, flow: Flow) -> None:
        kind, n = action.arg(0), int(action.arg(1))
        state.setdefault("data", {}).setdefault("deck", {})[kind] = n
        ctx.log(N_("Paquet de cartes: {n} {card} (given by the players: the book does not "
                   "print the deck)"), rs.cite("3.0"), n=n, card=CARD_NAMES[kind])
        if not self.unknown(rs, state):
            flow.end(rs, state, ctx)
