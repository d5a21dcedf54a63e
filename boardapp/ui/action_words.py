"""An action in the players' words: names of counters, places and sides, never ids.

Refusals and prompts may quote an action's text (``'move william-marshal anjou'``); the
board shows what the player did instead (``'Move William Marshal to Anjou'``).
"""

from __future__ import annotations

from boardapp.core.engine.actions import Action
from boardapp.core.engine.ruleset import Ruleset
from boardapp.core.engine.state import State

from .game_notes import place_text


def action_pieces(state: State, action: Action) -> list[str]:
    """The counters ``action`` names, in its order (each argument read as a list)."""
    found: list[str] = []
    for arg in action.args:
        for word in arg.split(","):
            if word in state["pieces"] and word not in found:
                found.append(word)
    return found


def _word(ruleset: Ruleset, state: State, word: str) -> str:
    if word in state["pieces"]:
        return ruleset.piece_name(state, word)
    if ruleset.is_place(word):
        return place_text(ruleset, word)
    for side in ruleset.sides:
        if side.id == word:
            return side.name
    return word


def action_words(ruleset: Ruleset, state: State, action: Action) -> str:
    """``action`` as the board names it: its verb's label, else the verb and the names of
    its arguments."""
    try:
        label = ruleset.action_label(state, action)
    except Exception:  # a label of another step may not fit this state: fall back to names
        label = ""
    plain = " ".join((action.verb.replace("-", " ").capitalize(), *action.args))
    if label and label != plain:
        return label
    names = [", ".join(_word(ruleset, state, w) for w in arg.split(",") if w)
             for arg in action.args]
    return " ".join((action.verb.replace("-", " ").capitalize(), *names))


def named_refusal(ruleset: Ruleset, state: State, action: Action, message: str) -> str:
    """``message`` with the action's quoted text replaced by its words."""
    text = action.text()
    quoted = f"'{text}'"
    if quoted in message:
        return message.replace(quoted, f"'{action_words(ruleset, state, action)}'")
    return message
