"""Button and menu labels of the Deux Bretagne actions, in players' words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.core.engine.actions import Action
from boardapp.core.engine.state import State

from . import cards as card_rules

if TYPE_CHECKING:
    from .base import DeuxBretagneModel

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


def action_label(rs: DeuxBretagneModel, state: State, action: Action) -> str | None:
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


BATTLE_LABELS = {"join": "{piece} joins the support army", "command": "{piece} commands",
          "flank": "T7: {piece} loses one more step",
          "eliminate-unit": "Eliminate {piece} (over stacking)"}


def battle_label(rs: DeuxBretagneModel, state: State, action: Action) -> str | None:
    """Button labels of the battle choices above, in players' words."""
    if action.verb in BATTLE_LABELS and action.args and action.args[0] in state["pieces"]:
        return BATTLE_LABELS[action.verb].format(piece=rs.piece_name(state, action.args[0]))
    if action.verb == "leader-to" and len(action.args) == 2:
        pid, place = action.args
        if pid in state["pieces"] and rs.board_map.is_place(place):
            return f"{rs.piece_name(state, pid)} to {rs.board_map.place_name(place)}"
    return None


EVENTS_LABELS = {
    "free-action": "Free action: move 1 lone unit or 1 lone leader (5.32)",
    "war-send": "Set aside {piece} for the external war",
    "war-keep": "{piece} comes back from the war",
    "war-to": "Back from the war to {place}",
    "cahours-to": "Raoul de Cahours to {place}",
    "militia-to": "The Militia joins the siege of {place}",
    "enter-at": "The new leader enters at {place}",
    "by-hand": "Apply it by hand",
    "nf-city": "Change the fortress level of {place}",
    "nf-up": "Fortress level +1", "nf-down": "Fortress level -1",
    "enter-leader": "If your card says so: {piece} enters play (6.1)",
}


def events_label(rs: DeuxBretagneModel, state: State, action: Action) -> str | None:
    """Button labels of the verbs of this module and of free actions (None: not ours)."""
    verb, args = action.verb, action.args
    if verb in EVENTS_LABELS:
        first = args[0] if args else ""
        place = rs.board_map.place_name(first) if "{place}" in EVENTS_LABELS[verb] else ""
        piece = rs.piece_name(state, first) if "{piece}" in EVENTS_LABELS[verb] else ""
        return EVENTS_LABELS[verb].format(place=place, piece=piece)
    if verb == "war-roll":
        return f"Roll to end the external war of {args[0]} (7+)"
    if verb == "send-to-war":
        return f"Send {rs.piece_name(state, args[1])} to the external war of {args[0]}"
    if verb == "claim-evran":
        return f"Claim the Shares of Evran ({args[0]}, 13.2)"
    if verb == "evran" and args:
        return {"accept": "Accept: the conditions are fulfilled",
                "refuse": "Refuse the claim"}.get(args[0])
    if verb == "units" and args and args[0] in ("full", "reduced"):
        return f"{args[0].capitalize()} units (6.45)"
    return None


def pay_label(rs: DeuxBretagneModel, state: State, action: Action) -> str | None:
    """Button labels of the payment and resource choices, in players' words."""
    verb, args = action.verb, action.args
    if verb == "receive-br" and args and args[0] in rs.board_map.areas:
        return f"Receive the BR knights in {rs.board_map.place_name(args[0])}"
    if verb == "supply-base" and args and args[0] in rs.board_map.areas:
        return f"Supply base in {rs.board_map.place_name(args[0])}"
    if verb == "offer-exchange" and len(args) == 2 and all(a in state["pieces"] for a in args):
        return (f"Offer {rs.piece_name(state, args[1])} for {rs.piece_name(state, args[0])} "
                "(exchange)")
    if verb == "assault-instead" and args and args[0] in rs.board_map.areas:
        return f"Siege roll at {rs.board_map.place_name(args[0])} instead of foraging (10.2)"
    return {"accept-exchange": "Accept the exchange",
            "refuse-exchange": "Refuse the exchange",
            "forage-none": "Forage nowhere: lose the step (8.16)"}.get(verb)


def label(rs: DeuxBretagneModel, state: State, action: Action) -> str:
    """The words of ``action`` on its button or menu (every verb of the game's steps is
    declared with this label): the verb's own words, else the verb and its arguments."""
    for words in (action_label, events_label, battle_label, pay_label):
        text = words(rs, state, action)
        if text is not None:
            return text
    return " ".join((action.verb.replace("-", " ").capitalize(), *action.args))
