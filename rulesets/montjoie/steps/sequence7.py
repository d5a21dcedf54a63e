"""Séquence 7 : Tour des joueurs, the PLACEHOLDER the combat helper replaces: each player
in the turn order plays his turn (here: only ends it). What the sequence must leave:
``state["vars"]["current"]`` names the player whose turn runs while it runs; when the
last player has ended, :func:`end_of_sequence_7` discards every hand (an obligation of
each player, Séq. 7 end) and the phase ``points`` follows.

Keep the phase's name ``joueurs`` and call :func:`end_of_sequence_7` at its end.
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

from ..model.base import MontjoieModel
from ..model.cards import CARD_NAMES, RED
from ..words import N_, and_list
from .common import first_in_order, go_next_phase, next_in_order
from .corrections import Corrections


def end_of_sequence_7(rs: MontjoieModel, state: State, ctx: Context, flow: Flow) -> None:
    """Every player discards his hand (Séq. 7: "toutes les cartes encore en possession
    des joueurs sont défaussées"), each with his own program; then Séq. 8."""
    state["vars"]["current"] = None
    holders = [n for n in rs.players(state) if rs.hand_size(state, n)]
    if holders and rs.option(state, "long-term"):
        flow.call_many(rs, state, ctx, "keep-red", sides=holders)
        return
    owed = {n: ["discard-hand"] for n in holders}
    if owed:
        owe(rs, state, ctx, flow, "end-discard", owed, result="discarded")
    else:
        after_discard(rs, state, ctx, flow)


def after_discard(rs: MontjoieModel, state: State, ctx: Context, flow: Flow) -> None:
    """The deck is made whole again for the next turn; Séq. 8 follows."""
    discard_cleanup(rs, state, ctx)
    go_next_phase(rs, state, ctx, flow)


def discard_cleanup(rs: MontjoieModel, state: State, ctx: Context) -> None:
    """Every card back in the deck (the hands are empty); A3 b: the heroes too."""
    v = state["vars"]
    v["discard"] = []
    v["face_up"] = {}
    if v.pop("mercenaries", None):
        ctx.log(N_("The mercenaries leave at the end of the turn"), rs.cite("9.0"))
    v.pop("mercenary_offer", None)
    if rs.reading(state, "A3") == "b":
        for n, hero in v["heroes"].items():
            if hero == "active":
                v["heroes"][n] = "inactive"
                ctx.log(N_("{nation}'s hero is discarded with the cards"),
                        f"{rs.cite('Séq. 7')}, {rs.reading_note(state, 'A3')}",
                        nation=rs.nation_name(n))
    ctx.log(N_("Every card is discarded and shuffled into the deck for the next turn"),
            rs.cite("Séq. 7"))


class EndDiscard(Corrections, Obligation[MontjoieModel]):
    """Each player discards his whole hand with his own program."""

    name = "end-discard"

    @verb("discard-hand", hand=True, label=N_("Discard your hand (end of Séq. 7)"))
    def on_discard_hand(self, rs: MontjoieModel, state: State, frame: Frame,
                        action: Action, ctx: Context, flow: Flow) -> None:
        v = state["vars"]
        count = len(v["hands"].get(ctx.side, []))
        v["hands"][ctx.side] = []
        v["hand_sizes"][ctx.side] = 0
        ctx.log(N_("{nation} discards {n} card(s)"), rs.cite("Séq. 7"),
                nation=rs.nation_name(ctx.side), n=count)


class PlayerTurns(Corrections):
    """Placeholder of Séq. 7: each player in turn ends his turn."""

    name = "joueurs"

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        first = first_in_order(rs, state)
        state["vars"]["current"] = first
        state["active"] = first

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        if result == "discarded":
            after_discard(rs, state, ctx, flow)

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        current = state["vars"]["current"]
        return [current] if current else []

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        return N_("{nation}: your turn (Montjoie Séq. 7)",
                  nation=rs.nation_name(state['vars']['current']))

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        if state["vars"]["current"]:
            yield Action("end-turn")

    @verb("end-turn", label=N_("End your turn"))
    def on_end_turn(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        nation = state["vars"]["current"]
        ctx.log(N_("{nation} ends its turn"), rs.cite("Séq. 7"), nation=rs.nation_name(nation))
        following = next_in_order(rs, state, nation)
        if following is None:
            end_of_sequence_7(rs, state, ctx, flow)
        else:
            state["vars"]["current"] = following
            state["active"] = following


class KeepRed(Corrections):
    """10.0 Stratégie à long terme: each player may keep one unplayed red card for the
    next turn (it counts among the cards he receives then); the rest is discarded. His
    choice is sealed: the others learn only whether he kept a card."""

    name = "keep-red"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        done = frame["vars"].get("done", [])
        return [s for s in frame.get("sides") or [] if s not in done]

    def actions(self, rs: MontjoieModel, state: State, frame: Frame) -> Iterator[Action]:
        for side in self.deciders(rs, state, frame):
            yield from self.actions_for(rs, state, frame, side)

    def actions_for(self, rs: MontjoieModel, state: State, frame: Frame,
                    side: str) -> Iterator[Action]:
        if side in self.deciders(rs, state, frame):
            for kind in sorted({c for c in rs.hand(state, side) if c in RED}):
                yield Action("keep-red", (kind,))
            yield Action("keep-red", ("aucune",))

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        names = and_list([rs.nation_name(s) for s in self.deciders(rs, state, frame)])
        return N_("{names}: keep one red card for next turn? (Stratégie à long terme, 10.0)",
                  names=names)

    @verb("keep-red", hand=True, sealed=True, label=lambda rs, state, a: N_("Discard all")
          if a.arg(0) == "aucune" else N_("Keep {card}", card=CARD_NAMES.get(a.arg(0), a.arg(0))))
    def on_keep_red(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                    ctx: Context, flow: Flow) -> None:
        v, side, kind = state["vars"], ctx.side, action.arg(0)
        kept = [kind] if kind in RED and kind in v["hands"][side] else []
        v["hands"][side] = kept
        v["hand_sizes"][side] = len(kept)
        frame["vars"].setdefault("done", []).append(side)
        ctx.log(N_("{nation} discards his hand, keeping one red card") if kept
                else N_("{nation} discards his hand"), rs.cite("10.0 Stratégie à long terme"),
                nation=rs.nation_name(side))
        if kept:
            ctx.log(N_("{nation} keeps {card}"), private=True, nation=rs.nation_name(side),
                    card=CARD_NAMES[kind])
        if not self.deciders(rs, state, frame):
            flow.end(rs, state, ctx, "discarded")
