"""What a computer player may see, and playing on from it without touching the game.

The computer plays fair: it decides from its side's *view* of the state, the others'
secrets masked as a player's program sees them by email (:func:`~..pbem.hidden.mask`),
then filled in by a guess consistent with what the side may see (the ruleset's
``determinize``). The generator of the dice is reseeded in every view: a search plays on
with dice of its own, never with the game's next rolls.
"""

from __future__ import annotations

import logging
import random

from ..base.errors import BoardappError
from ..engine.actions import Action
from ..engine.context import Context
from ..engine.game import apply_to
from ..engine.manual import HANDLERS, NOT_MANUAL
from ..engine.rng import new_rng
from ..engine.ruleset import Ruleset
from ..engine.state import State, copy_state
from ..engine.together import SEALED, SealedChoice, pending_obligations
from ..pbem.hidden import HIDDEN, get_path, is_missing, mask

log = logging.getLogger(__name__)
_WARNED: set[str] = set()
MAX_OBLIGATIONS = 50
"""Obligations carried out after one simulated action at most (a ruleset that owes
actions forever is stopped there)."""


def fair_view(ruleset: Ruleset, state: State, side: str, rng: random.Random) -> State | None:
    """A full state as ``side`` may imagine it: its own secrets; the others' sealed
    choices guessed among their options, their other secrets by ``ruleset.determinize``;
    the dice reseeded from ``rng``. ``None`` when the ruleset cannot guess a hidden part
    (the player then does not look ahead)."""
    view = mask(state, ruleset.hidden_paths(state), visible={side})
    guess_sealed(ruleset, view, side, rng)
    others = {s: p for s, p in (ruleset.secret_paths(state) or {}).items() if s != side}
    if any(not is_missing(get_path(state, path)) for paths in others.values()
           for path in paths):
        view = ruleset.determinize(view, side, rng.randrange(1 << 62))
        if view is None:
            return None
    view["rng"] = new_rng(rng.randrange(1 << 62))
    view["dice_queue"] = []
    return view


def guess_sealed(ruleset: Ruleset, view: State, side: str, rng: random.Random) -> None:
    """Replace each other side's masked sealed choice in ``view`` by one of the options
    its sealed step offered that side, drawn from ``rng``."""
    sealed = view.get(SEALED) or {}
    for frame in view.get("flow") or []:
        step = ruleset.flow.steps.get(frame.get("step"))
        if not isinstance(step, SealedChoice):
            continue
        for other in frame.get("sides") or []:
            if other != side and sealed.get(other) == HIDDEN:
                sealed[other] = rng.choice(step.options(ruleset, view, frame, other))


def play_on(ruleset: Ruleset, state: State, action: Action, side: str) -> State | None:
    """The state after ``side`` plays ``action`` in a copy of ``state`` (and the
    obligations it leads to); ``None`` if the rules refuse it."""
    work = copy_state(state)
    if not apply_quietly(ruleset, work, action, side):
        return None
    for _ in range(MAX_OBLIGATIONS):
        owed = pending_obligations(ruleset, work)
        if not owed:
            break
        owner, due = owed[0]
        if not apply_quietly(ruleset, work, due, owner):
            return None
    return work


def apply_quietly(ruleset: Ruleset, state: State, action: Action, side: str) -> bool:
    """Apply ``action`` in place; ``False`` (state then undefined) if it is refused."""
    manual = action.verb in HANDLERS and action.verb not in NOT_MANUAL
    try:
        apply_to(ruleset, state, action, Context(state, side, manual=manual))
    except BoardappError:  # refused by the rules: this branch is not taken
        return False
    except Exception:  # a guess the rules could not follow: skip it, say so once
        if ruleset.id not in _WARNED:
            _WARNED.add(ruleset.id)
            log.warning("%s: an action played on from a guessed view failed", ruleset.id,
                        exc_info=True)
        return False
    return True
