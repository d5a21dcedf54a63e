"""How the Deux Bretagne actions read on their buttons and menus, in players' words.

Each verb is declared with its label on its step (``@verb(..., label=...)``): a fixed
text, one of the makers below for a text naming the place or the piece of the first
argument, or one of the functions below for the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.engine.actions import Action
from boardapp.core.engine.state import State
from boardapp.core.engine.verbs import Label

from . import cards as card_rules

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

CHIT_USES = {"shift": "1 column shift", "plus2": "+2 to the die", "plus1": "+1 to the die",
             "minus1": "-1 to the die", "retreat": "retreat before combat", "fight": "fight"}
VALUE_NAMES = {"activation": "Activation value", "resources": "Resource points (PS)",
               "coat": "Coat of arms", "asterisk": "Asterisk"}
EVRAN_ANSWERS = {"accept": "Accept: the conditions are fulfilled",
                 "refuse": "Refuse the claim"}


def words(action: Action) -> str:
    """The verb in words with its arguments (for an action the labels do not know)."""
    return " ".join((action.verb.replace("-", " ").capitalize(), *action.args))


def place(text: str, strict: bool = False) -> Label:
    """A label naming the place of the first argument in ``text`` ("Besiege {}");
    ``strict``: the verb in words when that argument is no area of the map."""
    def label(rs: DeuxBretagneModel, state: State, action: Action) -> str:
        first = action.args[0] if action.args else ""
        if strict and first not in rs.board_map.areas:
            return words(action)
        return text.format(rs.board_map.place_name(first))
    return label


def piece(text: str, strict: bool = False) -> Label:
    """A label naming the piece of the first argument in ``text`` ("Pay {}");
    ``strict``: the verb in words when that argument is no piece of the game."""
    def label(rs: DeuxBretagneModel, state: State, action: Action) -> str:
        first = action.args[0] if action.args else ""
        if strict and first not in state["pieces"]:
            return words(action)
        return text.format(rs.piece_name(state, first))
    return label


def losses(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``losses PIECE=STEPS,...`` (9.26, 9.3)."""
    if action.args[0] == "none":
        return "No losses"
    parts = []
    for item in action.args[0].split(","):
        pid, steps = item.split("=")
        gone = int(steps) >= 2 or rs.is_reduced(state, pid)
        parts.append(f"{'eliminate' if gone else 'reduce'} {rs.piece_name(state, pid)}")
    return "Losses: " + ", ".join(parts)


def retreat(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``retreat PLACE`` (9.5): inside the fortress of the battle's area, or elsewhere."""
    top = rs.flow.top(state)
    name = rs.board_map.place_name(action.args[0])
    if top and top["vars"].get("area") == action.args[0]:
        return f"Retreat inside the fortress of {name}"
    return f"Retreat to {name}"


def recruit(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``recruit LEADER ch|me`` (5.4)."""
    leader, column = action.args
    column = {"ch": "Knights", "me": "Mercenary"}.get(column, column)
    return f"Recruit: {rs.piece_name(state, leader)} ({column} column)"


def raise_step(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``raise KIND new|PIECE`` (5.41): a new unit, or a reduced one back to full."""
    suffix, target = action.args
    if target == "new":
        return f"New {rs.piece_types[f'{rs.acting_side(state)}-{suffix}'].label} unit"
    return f"Back to full: {rs.piece_name(state, target)}"


def play(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``play CARD USE`` (5.2)."""
    card, use = action.args
    return f"Play {card_rules.card_name(rs, card)} as {card_rules.USE_NAMES[use]}"


def draw(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``draw`` (4.0 B)."""
    return f"Draw cards up to {card_rules.hand_size(state['turn'])} (phase B)"


def value(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``value ANSWER``: a card's value the rules do not print (5.2)."""
    top = rs.flow.top(state)
    field = top["vars"]["missing"][0] if top and top["vars"].get("missing") else ""
    return f"{VALUE_NAMES.get(field, 'Value')}: {action.args[0]}"


def discard(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``discard CARD`` (4.0 C)."""
    return f"Discard {card_rules.card_name(rs, action.args[0])}"


def chit(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``chit CHIT USE`` (9.22)."""
    name, use = action.args
    return f"{name} {rs.chits[name]}: {CHIT_USES[use]}"


def move(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``move PIECES DEST`` (8.1): the leader (or the first piece) and how many more."""
    if len(action.args) != 2:
        return words(action)
    pieces = action.pieces(0)
    leaders = [p for p in pieces if p in state["pieces"] and rs.is_leader(state, p)]
    first = rs.piece_name(state, (leaders or pieces)[0])
    more = len(pieces) - 1
    who = first + (f" and {more} more" if more else "")
    return f"Move {who} to {rs.board_map.place_name(action.args[1])}"


def send_to_war(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``send-to-war CARD PIECE`` (6.2)."""
    card, pid = action.args
    return f"Send {rs.piece_name(state, pid)} to the external war of {card}"


def evran(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``evran accept|refuse`` (13.2)."""
    answer = action.args[0] if action.args else ""
    return EVRAN_ANSWERS.get(answer) or words(action)


def units(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``units full|reduced`` (6.45)."""
    if action.args and action.args[0] in ("full", "reduced"):
        return f"{action.args[0].capitalize()} units (6.45)"
    return words(action)


def leader_to(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``leader-to LEADER PLACE`` (9.221, 12.1)."""
    if len(action.args) == 2:
        pid, where = action.args
        if pid in state["pieces"] and rs.board_map.is_place(where):
            return f"{rs.piece_name(state, pid)} to {rs.board_map.place_name(where)}"
    return words(action)


def offer_exchange(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """``offer-exchange THEIRS MINE`` (12.52)."""
    if len(action.args) == 2 and all(a in state["pieces"] for a in action.args):
        theirs, mine = action.args
        return (f"Offer {rs.piece_name(state, mine)} for {rs.piece_name(state, theirs)} "
                "(exchange)")
    return words(action)
