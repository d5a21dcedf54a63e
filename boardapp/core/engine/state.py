"""Helpers on the plain-data game state.

The game state is one JSON-able dict (RTT's ``G``, boardgame.io's ``G`` + ``ctx``)::

    {
      "ruleset": "...", "scenario": "...",
      "rng": {"seed": int, "state": int}, "dice_queue": [int, ...],
      "turn": int, "phase": str, "active": side id,
      "pieces": {piece id: {"type": type id, "loc": place id, "flipped": bool}},
      "stacks": {place id: [piece id, ...]},      # index 0 is the top of the stack
      "control": {area id: side id | None},
      "region_control": {region id: side id | None},
      "score": {side id: int},
      "prev_loc": {piece id: place id},           # where an eliminated piece came from
      "vars": {...},                              # the ruleset's own slice
      "legacy": {rule: False, ...}                # rules off for an older game (rare)
    }

``legacy`` is set only by ``Ruleset.setup(..., played_with)`` for a game recorded with an
older ruleset version: it switches off a rule added since, so the game replays as it was
played. It is left out of the digest, so the file's recorded digest still matches.

Piece *types* (printed values) are not in the state: they belong to the ruleset data,
VASSAL's type/state split. Every function here keeps ``pieces[*].loc`` and ``stacks``
consistent.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

State = dict[str, Any]


def copy_state(state: State) -> State:
    """A deep copy of a plain-data state (faster than ``copy.deepcopy``)."""
    return json.loads(json.dumps(state))


def canonical(state: State) -> str:
    """The state as canonical JSON text (sorted keys, no spaces)."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


LEGACY = "legacy"
"""The state key of the rules switched off for an older game (not in the digest)."""


def digest(state: State) -> str:
    """A SHA-256 digest of the state, to compare two states or detect edits (the
    ``legacy`` switches of an older game left out)."""
    if LEGACY in state:
        state = {k: v for k, v in state.items() if k != LEGACY}
    return hashlib.sha256(canonical(state).encode("ascii")).hexdigest()


def rule_on(state: State, rule: str) -> bool:
    """False if ``rule`` is switched off for a game recorded before it existed."""
    return state.get(LEGACY, {}).get(rule, True)


def location(state: State, pid: str) -> str:
    """Where piece ``pid`` is."""
    return state["pieces"][pid]["loc"]


def pieces_at(state: State, place: str) -> list[str]:
    """The pieces at ``place``, top of the stack first."""
    return list(state["stacks"].get(place, []))


def put_piece(state: State, pid: str, place: str, index: int | None = None) -> None:
    """Move piece ``pid`` to ``place`` (on top, or at ``index`` of that stack)."""
    old = state["pieces"][pid]["loc"]
    stack = state["stacks"].get(old)
    if stack is not None and pid in stack:
        stack.remove(pid)
        if not stack:
            del state["stacks"][old]
    target = state["stacks"].setdefault(place, [])
    if index is None:
        target.insert(0, pid)
    else:
        target.insert(max(0, min(index, len(target))), pid)
    state["pieces"][pid]["loc"] = place


def reorder(state: State, place: str, order: list[str]) -> None:
    """Set the order of the stack at ``place``; ``order`` lists its pieces, top first."""
    current = state["stacks"].get(place, [])
    if sorted(current) != sorted(order):
        raise ValueError(f"the new order must list exactly the pieces at {place}")
    state["stacks"][place] = list(order)


def new_state(ruleset: str, scenario: str, rng: dict[str, int], sides: list[str]) -> State:
    """An empty state with the core keys every ruleset shares."""
    return {
        "ruleset": ruleset, "scenario": scenario, "rng": rng, "dice_queue": [],
        "turn": 1, "phase": "", "active": sides[0], "pieces": {}, "stacks": {},
        "control": {}, "region_control": {}, "score": {s: 0 for s in sides},
        "prev_loc": {}, "vars": {},
    }


def add_piece(state: State, pid: str, type_id: str, place: str, flipped: bool = False) -> None:
    """Create piece ``pid`` of type ``type_id`` at the bottom of ``place``."""
    if pid in state["pieces"]:
        raise ValueError(f"piece {pid} exists already")
    state["pieces"][pid] = {"type": type_id, "loc": place, "flipped": flipped}
    state["stacks"].setdefault(place, []).append(pid)
