"""Bataille navale and Grande Bataille (Séq. 6): duels in which each side stakes one
battle card and up to 3 PI (a sealed choice, revealed together) and rolls a die.

Naval battle: the two players with the most ports (lots on a tie); the winner gains 1
PP and is Maître des mers this turn; the loser's card is discarded, the winner keeps
his. Great Battle: the hero cards shuffled form two equal coalitions (one player drawn
out when they are odd), the n-th of each duelling (A14); each duel winner gains 1 PP,
each member of the coalition with more duel wins 1 PP more. Ties: A13. A staked card
counts its PC (a red card 0). Félon and Signe de Dieu in these duels are left to the
players (by hand)."""

from __future__ import annotations

from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.together import Obligation, SealedChoice, owe
from boardapp.core.engine.verbs import verb

from ..model.base import PI_PER_COMBAT, MontjoieModel
from ..model.cards import CARD_NAMES, YELLOW, discard_from_hand
from ..words import N_, and_list
from .corrections import Corrections

NO_CARD = "aucune"


def against(rs: MontjoieModel, pair: list[str]) -> str:
    """"France against Angleterre" in the reader's words."""
    out = ""
    for n in pair:
        out = N_("{a} against {b}", a=out, b=rs.nation_name(n)) if out else rs.nation_name(n)
    return out


def stake_value(stake: str) -> tuple[str, int, int]:
    """``canon:2`` → (card, card PC, PI)."""
    card, _, pi = stake.partition(":")
    return card, YELLOW.get(card, 0), int(pi or 0)


def naval_pair(rs: MontjoieModel, state: State, ctx: Context) -> list[str]:
    """The two players with the most ports, lots drawn among those tied."""
    ports = {n: sum(1 for c in rs.owned(state, n) if rs.is_port(c)) for n in rs.players(state)}
    ranked = sorted(ports, key=lambda n: -ports[n])
    if len(ranked) < 2:
        return ranked
    cut = ports[ranked[1]]
    sure = [n for n in ranked if ports[n] > cut]
    tied = [n for n in ranked if ports[n] == cut]
    return sure + ctx.shuffle(tied)[: 2 - len(sure)]


class Duels(Corrections):
    """Set up the duels of the event (frame var ``event``), then resolve them."""

    name = "naval-battle"

    def deciders(self, rs: MontjoieModel, state: State, frame: Frame) -> list[str]:
        return []

    def begin(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        v = frame["vars"]
        if v["event"] == "bataille-navale":
            pair = naval_pair(rs, state, ctx)
            v["pairs"], v["coalitions"] = [pair], []
            ctx.log(N_("Bataille navale: {pair} (the most ports)"),
                    rs.cite("Séq. 6 Bataille navale"), pair=against(rs, pair))
        else:
            drawn = ctx.shuffle(rs.players(state))
            if len(drawn) % 2:
                out = drawn.pop(ctx.roll(len(drawn), zero_based=True))
                ctx.log(N_("Grande Bataille: {nation} is drawn out (odd number)"),
                        rs.cite("Séq. 6 Grande Bataille"), nation=rs.nation_name(out))
            half = len(drawn) // 2
            one, two = drawn[:half], drawn[half:]
            v["coalitions"] = [one, two]
            v["pairs"] = [[a, b] for a, b in zip(one, two, strict=True)]
            ctx.log(N_("Grande Bataille: coalition 1 {one}; coalition 2 {two}; duels {duels} "
                       "({reading})"), rs.cite("Séq. 6 Grande Bataille"),
                    one=", ".join(map(rs.nation_name, one)),
                    two=", ".join(map(rs.nation_name, two)),
                    duels="; ".join(f"{rs.nation_name(a)}-{rs.nation_name(b)}"
                                    for a, b in v["pairs"]),
                    reading=rs.reading_note(state, 'A14'))
        sides = [n for pair in v["pairs"] for n in pair]
        if len(sides) < 2:
            flow.end(rs, state, ctx)
            return
        flow.call_many(rs, state, ctx, "stake", sides=sides)

    def resume(self, rs: MontjoieModel, state: State, frame: Frame, ctx: Context,
               flow: Flow, result: Any) -> None:
        v = frame["vars"]
        if result == "discarded":
            flow.end(rs, state, ctx)
            return
        stakes: dict[str, str] = dict(result)
        event = v["event"]
        rule = rs.cite("Séq. 6 " + ("Bataille navale" if event == "bataille-navale"
                                    else "Grande Bataille"))
        losers: dict[str, list[str]] = {}
        wins: dict[str, int] = {}
        again = False
        for a, b in v["pairs"]:
            totals = {}
            for n in (a, b):
                card, pc, pi = stake_value(stakes[n])
                state["vars"]["influence"][n] -= pi
                die = ctx.roll(6)
                totals[n] = pc + pi + die
                ctx.log(N_("{nation}: {card} {pc} + {pi} PI + die {die} = {total}"), rule,
                        nation=rs.nation_name(n), card=CARD_NAMES.get(card, N_("no card")),
                        pc=pc, pi=pi, die=die, total=totals[n])
            if totals[a] == totals[b]:
                if rs.reading(state, "A13") == "b" and event == "bataille-navale":
                    again = True
                    ctx.log(N_("Tie: the battle is fought again ({reading})"), rule,
                            reading=rs.reading_note(state, 'A13'))
                    continue
                ctx.log(N_("Tie: nobody wins, both cards are discarded ({reading})"), rule,
                        reading=rs.reading_note(state, 'A13'))
                for n in (a, b):
                    losers.setdefault(n, []).append(stake_value(stakes[n])[0])
                continue
            win, lose = (a, b) if totals[a] > totals[b] else (b, a)
            wins[win] = wins.get(win, 0) + 1
            state["vars"]["pp_bonus"][win] = state["vars"]["pp_bonus"].get(win, 0) + 1
            losers.setdefault(lose, []).append(stake_value(stakes[lose])[0])
            extra = N_(", Maître des mers this turn") if event == "bataille-navale" else ""
            if event == "bataille-navale":
                state["vars"]["master_of_seas"] = win
            ctx.log(N_("{win} wins the duel: +1 PP{extra}; {lose} discards his card"), rule,
                    win=rs.nation_name(win), extra=extra, lose=rs.nation_name(lose))
        if v["coalitions"]:
            self.coalition_bonus(rs, state, ctx, v["coalitions"], wins, rule)
        owed = {n: [f"discard-stake {c}" for c in cards if c != NO_CARD]
                for n, cards in losers.items()}
        owed = {n: acts for n, acts in owed.items() if acts}
        if again:
            flow.call_many(rs, state, ctx, "stake", sides=[n for p in v["pairs"] for n in p])
        elif owed:
            owe(rs, state, ctx, flow, "discard-stake", owed, result="discarded")
        else:
            flow.end(rs, state, ctx)

    @staticmethod
    def coalition_bonus(rs: MontjoieModel, state: State, ctx: Context,
                        coalitions: list[list[str]], wins: dict[str, int], rule: str) -> None:
        score = [sum(wins.get(n, 0) for n in c) for c in coalitions]
        if score[0] == score[1]:
            if rs.reading(state, "A14") == "b":
                best = coalitions[ctx.roll(2, zero_based=True)]
            else:
                ctx.log(N_("The coalitions won as many duels: no coalition bonus ({reading})"),
                        rule, reading=rs.reading_note(state, 'A14'))
                return
        else:
            best = coalitions[0] if score[0] > score[1] else coalitions[1]
        for n in best:
            state["vars"]["pp_bonus"][n] = state["vars"]["pp_bonus"].get(n, 0) + 1
        ctx.log(N_("The winning coalition: {nations}, +1 PP each"), rule,
                nations=", ".join(map(rs.nation_name, best)))


class GreatBattle(Duels):
    """The Great Battle: the same procedure (see :class:`Duels`)."""

    name = "great-battle"


class Stake(Corrections, SealedChoice[MontjoieModel]):
    """Each duellist stakes in secret one card and up to 3 PI (``canon:2``)."""

    name = "stake"

    def options(self, rs: MontjoieModel, state: State, frame: Frame, side: str) -> list[str]:
        hand = [c for c in dict.fromkeys(sorted(rs.hand(state, side))) if c != "?"]
        pis = range(min(PI_PER_COMBAT, state["vars"]["influence"].get(side, 0)) + 1)
        cards = hand or [NO_CARD]
        return [f"{c}:{pi}" for c in cards for pi in pis]

    def prompt(self, rs: MontjoieModel, state: State, frame: Frame) -> str:
        names = and_list([rs.nation_name(s) for s in self.deciders(rs, state, frame)])
        return N_("{names}: stake a card and up to 3 PI in secret (Montjoie Séq. 6)",
                  names=names)

    @verb("commit", hand=True, sealed=True, label=lambda rs, state, a: N_(
        "Stake {card} and {pi} PI", card=CARD_NAMES.get(stake_value(a.arg(0))[0],
                                                       N_("no card")),
        pi=stake_value(a.arg(0))[2]), logs=True)
    def on_commit(self, rs: MontjoieModel, state: State, frame: Frame, action: Action,
                  ctx: Context, flow: Flow) -> None:
        super().on_commit(rs, state, frame, action, ctx, flow)


class DiscardStake(Corrections, Obligation[MontjoieModel]):
    """A duel's loser discards his staked card from his own hand."""

    name = "discard-stake"

    @verb("discard-stake", hand=True, label=N_("Discard the card you staked ({0})"))
    def on_discard_stake(self, rs: MontjoieModel, state: State, frame: Frame,
                         action: Action, ctx: Context, flow: Flow) -> None:
        kind = action.arg(0)
        if kind in rs.hand(state, ctx.side):
            discard_from_hand(rs, state, ctx.side, kind)
        ctx.log(N_("{nation} discards {card}"), rs.cite("Séq. 6"),
                nation=rs.nation_name(ctx.side), card=CARD_NAMES.get(kind, kind))
