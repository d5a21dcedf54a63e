"""The strategy cards (rules 2.5, 4.0 B-C, 5.0-5.6, 6.x, 14.x): drawing and playing them.

The steps; the state they keep (hands, decks, discards, the card played in the
activation) and the rules they apply are described in ``model/cards.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.flow import Flow, Frame
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import verb

from ..model import labels
from ..model.base import DeuxBretagneModel
from ..model.cards import (
    ANSWERED,
    ASKED,
    KEEP_AT_END,
    QUESTIONS,
    card_field,
    card_name,
    finish_play,
)
from ..words import N_
from .common import DeuxBretagneStep


class CardValue(DeuxBretagneStep):
    """A value the rules do not print: the player reads it on the card (cards.yaml null)."""

    name = "card-value"

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        v = frame["vars"]
        field = v["missing"][0]
        return (N_("{side}: {card} — {questions}? It is not in the rules: read it on your card "
                   "(remembered for this game)", side=rs.side(frame['side']).name,
                   card=card_name(rs, v['card']), questions=QUESTIONS[field]))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        field = frame["vars"]["missing"][0]
        known = card_field(rs, state, frame["vars"]["card"], field)
        if known is not None:  # filled in Game data since the question was asked
            yield Action("value", ("yes" if known is True else "no" if known is False
                                   else str(known),))
            return
        for answer in ASKED[field]:
            yield Action("value", (answer,))

    @verb("value", label=labels.value, logs=True)
    def on_value(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                 ctx: Context, flow: Flow) -> None:
        v = frame["vars"]
        field = v["missing"].pop(0)
        answer = action.args[0]
        stored: Any = (int(answer) if field in ("activation", "resources")
                       else answer == "yes" if field == "asterisk" else answer)
        state["vars"]["card_values"].setdefault(v["card"], {})[field] = stored
        sheet_row = state.get("data", {}).get("cards", {}).get(v["card"])
        if sheet_row is not None and field in sheet_row:
            sheet_row[field] = stored  # shown in Edit > Game data from now on
        ctx.log(N_("{card}: {answered}: {answer}, as given by the player (the rules do not print "
                   "it)", card=v['card'], answered=ANSWERED[field],
                   answer=labels.ANSWERS.get(answer, answer)), rs.cite("5.2"))
        if v["missing"]:
            return
        card, use, side = v["card"], v["use"], frame["side"]
        flow.end(rs, state, ctx)
        finish_play(rs, state, side, card, use, ctx, flow)


class DiscardDown(DeuxBretagneStep):
    """4.0 C: a player discards down to one card."""

    name = "discard-down"

    def begin(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context,
              flow: Flow) -> None:
        if len(state["vars"]["hands"][frame["side"]]) <= KEEP_AT_END:
            flow.end(rs, state, ctx)

    def resume(self, rs: DeuxBretagneModel, state: State, frame: Frame, ctx: Context, flow: Flow,
               result: Any) -> None:
        self.begin(rs, state, frame, ctx, flow)

    def prompt(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> str:
        n = len(state["vars"]["hands"][frame["side"]]) - KEEP_AT_END
        return (N_("{side}: end of the action phase — discard {n} more card(s), keeping one "
                   "({rule})", side=rs.side(frame['side']).name, n=n, rule=rs.cite('4.0 C')))

    def actions(self, rs: DeuxBretagneModel, state: State, frame: Frame) -> Iterator[Action]:
        for card in state["vars"]["hands"][frame["side"]]:
            yield Action("discard", (card,))

    @verb("discard", hand=True, label=labels.discard, logs=True)
    def on_discard(self, rs: DeuxBretagneModel, state: State, frame: Frame, action: Action,
                   ctx: Context, flow: Flow) -> None:
        side, card = frame["side"], action.args[0]
        state["vars"]["hands"][side].remove(card)
        state["vars"]["discard"][side].append(card)
        ctx.log(N_("{side} discards {card}", side=rs.side(side).name, card=card_name(rs, card)),
                rs.cite("4.0 C, 5.2"))
        self.begin(rs, state, frame, ctx, flow)


CARD_STEPS = (CardValue, DiscardDown)
