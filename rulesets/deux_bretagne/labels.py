"""Button and menu labels of the Deux Bretagne actions, in players' words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.engine.actions import Action
from boardapp.core.engine.state import State

from . import cards as card_rules

if TYPE_CHECKING:
    from .rules import DeuxBretagne

# Verbs whose label is fixed, or a template on their first argument: {place} names it as a
# place, {piece} as a piece.
SIMPLE = {
    "end": "End activation", "next-turn": "Next turn", "done": "Done",
    "pay-all": "Pay all units", "withdraw": "Withdraw inside the fortress",
    "fight": "Stay outside and fight", "enlist": "Add the Enlisement cards (after the "
                                                 "plague, 5.11)",
    "besiege": "Besiege {place}", "assault": "Siege roll at {place}",
    "sortie": "Sortie from {place}", "forage": "Forage in {place}",
    "buy-marauders": "Buy the Marauders in {place}", "free-to": "Free to {place}",
    "remove-pillage": "Remove the pillage marker of {place}",
    "lose-step": "Step loss: {piece}", "pay": "Pay {piece}",
    "turn-marauder": "Turns Marauder: {piece}", "ransom": "Free {piece} (ransom)",
    "star-eliminate": "Eliminate {piece} (T6)",
}
CHIT_USES = {"shift": "1 column shift", "plus2": "+2 to the die", "plus1": "+1 to the die",
             "minus1": "-1 to the die", "retreat": "retreat before combat", "fight": "fight"}
VALUE_NAMES = {"activation": "Activation value", "resources": "Resource points (PS)",
               "coat": "Coat of arms", "asterisk": "Asterisk"}


def action_label(rs: DeuxBretagne, state: State, action: Action) -> str | None:
    """The label of ``action``, or ``None`` for the ruleset's default."""
    verb, args = action.verb, action.args
    if verb in SIMPLE:
        first = args[0] if args else ""
        place = rs.board_map.place_name(first) if "{place}" in SIMPLE[verb] else ""
        piece = rs.piece_name(state, first) if "{piece}" in SIMPLE[verb] else ""
        return SIMPLE[verb].format(place=place, piece=piece)
    if verb == "losses":
        if args[0] == "none":
            return "No losses"
        parts = []
        for item in args[0].split(","):
            pid, steps = item.split("=")
            gone = int(steps) >= 2 or rs.is_reduced(state, pid)
            parts.append(f"{'eliminate' if gone else 'reduce'} {rs.piece_name(state, pid)}")
        return "Losses: " + ", ".join(parts)
    if verb == "retreat":
        flow = rs.flow.top(state)
        name = rs.board_map.place_name(args[0])
        if flow and flow["vars"].get("area") == args[0]:
            return f"Retreat inside the fortress of {name}"
        return f"Retreat to {name}"
    if verb == "recruit":
        column = {"ch": "Knights", "me": "Mercenary"}.get(args[1], args[1])
        return f"Recruit: {rs.piece_name(state, args[0])} ({column} column)"
    if verb == "raise":
        suffix, target = args
        if target == "new":
            return f"New {rs.piece_types[f'{rs.acting_side(state)}-{suffix}'].label} unit"
        return f"Back to full: {rs.piece_name(state, target)}"
    if verb == "play":
        card, use = args
        return f"Play {card_rules.card_name(rs, card)} as {card_rules.USE_NAMES[use]}"
    if verb == "draw":
        return f"Draw cards up to {card_rules.hand_size(state['turn'])} (phase B)"
    if verb == "value":
        top = rs.flow.top(state)
        field = top["vars"]["missing"][0] if top and top["vars"].get("missing") else ""
        return f"{VALUE_NAMES.get(field, 'Value')}: {args[0]}"
    if verb == "discard":
        return f"Discard {card_rules.card_name(rs, args[0])}"
    if verb == "chit":
        return f"{args[0]} {rs.chits[args[0]]}: {CHIT_USES[args[1]]}"
    if verb == "move" and len(args) == 2:
        pieces = action.pieces(0)
        leaders = [p for p in pieces if p in state["pieces"] and rs.is_leader(state, p)]
        first = rs.piece_name(state, (leaders or pieces)[0])
        more = len(pieces) - 1
        who = first + (f" and {more} more" if more else "")
        return f"Move {who} to {rs.board_map.place_name(args[1])}"
    return None
