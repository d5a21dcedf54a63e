"""How the Deux Bretagne actions read on their buttons and menus, in players' words.

Each verb is declared with its label on its step (``@verb(..., label=...)``): a fixed
text, one of the makers below for a text naming the place or the piece of the first
argument, or one of the functions below for the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.base.i18n import Msg, listing
from boardapp.core.engine.actions import Action
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import Label

from . import cards as card_rules
from .words import N_

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

CHIT_USES = {"shift": N_("1 column shift"), "plus2": N_("+2 to the die"),
             "plus1": N_("+1 to the die"), "minus1": N_("-1 to the die"),
             "retreat": N_("retreat before combat"), "fight": N_("fight")}
VALUE_NAMES = {"activation": N_("Activation value"), "resources": N_("Resource points (PS)"),
               "coat": N_("Coat of arms"), "asterisk": N_("Asterisk")}
ANSWERS = {"yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue"), "yes": N_("yes"),
           "no": N_("no")}
"""The words of a card value given by a player (``value ANSWER``)."""
EVRAN_ANSWERS = {"accept": N_("Accept: the conditions are fulfilled"),
                 "refuse": N_("Refuse the claim")}


def words(action: Action) -> str:
    """The verb in words with its arguments (for an action the labels do not know)."""
    return " ".join((action.verb.replace("-", " ").capitalize(), *action.args))


def place(text: str, strict: bool = False) -> Label:
    """A label naming the place of the first argument in ``text`` (``N_("Besiege {0}")``);
    ``strict``: the verb in words when that argument is no area of the map."""
    def label(rs: DeuxBretagneModel, state: State, action: Action) -> str:
        first = action.args[0] if action.args else ""
        if strict and first not in rs.board_map.areas:
            return words(action)
        return fill(text, rs.board_map.place_name(first))
    return label


def piece(text: str, strict: bool = False) -> Label:
    """A label naming the piece of the first argument in ``text`` (``N_("Pay {0}")``);
    ``strict``: the verb in words when that argument is no piece of the game."""
    def label(rs: DeuxBretagneModel, state: State, action: Action) -> str:
        first = action.args[0] if action.args else ""
        if strict and first not in state["pieces"]:
            return words(action)
        return fill(text, rs.piece_name(state, first))
    return label


def fill(text: str, name: str) -> str:
    """``text`` (a message with a ``{0}`` field) naming ``name``."""
    if isinstance(text, Msg):
        return Msg(text.domain, text.text, {**text.args, "0": name})
    return text.format(name)


def losses(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``losses PIECE=STEPS,...`` (9.26, 9.3)."""
    if action.args[0] == "none":
        return N_("No losses")
    parts = []
    for item in action.args[0].split(","):
        pid, steps = item.split("=")
        gone = int(steps) >= 2 or rs.is_reduced(state, pid)
        name = rs.piece_name(state, pid)
        parts.append(N_("eliminate {piece}", piece=name) if gone else
                     N_("reduce {piece}", piece=name))
    return N_("Losses: {names}", names=listing(parts))


def retreat(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``retreat PLACE`` (9.5): inside the fortress of the battle's area, or elsewhere."""
    top = rs.flow.top(state)
    name = rs.board_map.place_name(action.args[0])
    if top and top["vars"].get("area") == action.args[0]:
        return N_("Retreat inside the fortress of {name}", name=name)
    return N_("Retreat to {name}", name=name)


def recruit(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``recruit LEADER ch|me`` (5.4)."""
    leader, column = action.args
    column = {"ch": N_("Knights"), "me": N_("Mercenary")}.get(column, column)
    return N_("Recruit: {piece} ({column} column)", piece=rs.piece_name(state, leader),
              column=column)


def raise_step(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``raise KIND new|PIECE`` (5.41): a new unit, or a reduced one back to full."""
    suffix, target = action.args
    if target == "new":
        return N_("New {label} unit",
                  label=rs.piece_types[f'{rs.acting_side(state)}-{suffix}'].label)
    return N_("Back to full: {piece}", piece=rs.piece_name(state, target))


def play(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``play CARD USE`` (5.2)."""
    card, use = action.args
    return N_("Play {card} as {use_names}", card=card_rules.card_name(rs, card),
              use_names=card_rules.USE_NAMES[use])


def draw(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``draw`` (4.0 B)."""
    return N_("Draw cards up to {hand_size} (phase B)",
              hand_size=card_rules.hand_size(state['turn']))


def value(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``value ANSWER``: a card's value the rules do not print (5.2)."""
    top = rs.flow.top(state)
    field = top["vars"]["missing"][0] if top and top["vars"].get("missing") else ""
    name = VALUE_NAMES.get(field) or N_("Value")
    return N_("{field}: {answer}", field=name, answer=ANSWERS.get(action.args[0], action.args[0]))


def discard(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``discard CARD`` (4.0 C)."""
    return N_("Discard {card}", card=card_rules.card_name(rs, action.args[0]))


def chit(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``chit CHIT USE`` (9.22)."""
    name, use = action.args
    return N_("{chit} {title}: {use}", chit=name, title=rs.chits[name],
              use=CHIT_USES.get(use, use))


def move(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``move PIECES DEST`` (8.1): the leader (or the first piece) and how many more."""
    if len(action.args) != 2:
        return words(action)
    pieces = action.pieces(0)
    leaders = [p for p in pieces if p in state["pieces"] and rs.is_leader(state, p)]
    first = rs.piece_name(state, (leaders or pieces)[0])
    more = len(pieces) - 1
    who = N_("{first} and {more} more", first=first, more=more) if more else first
    return N_("Move {who} to {place}", who=who, place=rs.board_map.place_name(action.args[1]))


def send_to_war(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``send-to-war CARD PIECE`` (6.2)."""
    card, pid = action.args
    return N_("Send {piece} to the external war of {card}", piece=rs.piece_name(state, pid),
              card=card)


def evran(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``evran accept|refuse`` (13.2)."""
    answer = action.args[0] if action.args else ""
    return EVRAN_ANSWERS.get(answer) or words(action)


def units(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``units full|reduced`` (6.45)."""
    if action.args and action.args[0] in ("full", "reduced"):
        return N_("Full units (6.45)") if action.args[0] == "full" else \
            N_("Reduced units (6.45)")
    return words(action)


def leader_to(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``leader-to LEADER PLACE`` (9.221, 12.1)."""
    if len(action.args) == 2:
        pid, where = action.args
        if pid in state["pieces"] and rs.board_map.is_place(where):
            return N_("{piece} to {place}", piece=rs.piece_name(state, pid),
                      place=rs.board_map.place_name(where))
    return words(action)


def offer_exchange(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``offer-exchange THEIRS MINE`` (12.52)."""
    if len(action.args) == 2 and all(a in state["pieces"] for a in action.args):
        theirs, mine = action.args
        return (N_("Offer {piece} for {piece2} (exchange)", piece=rs.piece_name(state, mine),
                   piece2=rs.piece_name(state, theirs)))
    return words(action)
