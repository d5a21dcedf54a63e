"""A game's past, kept cheaply: one undo and one redo delta per action, and a snapshot of
the state every :data:`EVERY` actions (as JSON text).

:meth:`Timeline.state_at` rebuilds the state after any action from the nearest state
kept, forward through redo deltas or back through undo deltas, whichever is closer;
undo applies one undo delta. Memory grows by the size of what each action changed, not
by the size of the state.

A game opened from a position verified before (:meth:`Timeline.adopt`) knows only the
states of its file's checkpoints: the deltas between two of them are learnt when first
needed, by replaying the actions from the first (``Game._learn``).
"""

from __future__ import annotations

import json
from typing import Any

from .delta import Delta, Op, apply_delta, delta_size

EVERY = 32
"""Actions between two snapshots (a replay learns the deltas of at most so many actions
to undo one)."""

State = dict[str, Any]
Kept = tuple[Op, ...]
"""A delta as the timeline keeps it: a tuple of tuples of strings, which the garbage
collector stops tracking (a list it would walk at every full pass, for each action)."""


class Timeline:
    """The deltas of every action played and sparse snapshots of the states."""

    def __init__(self, start: State, text: str | None = None) -> None:
        """``text``: ``start`` as JSON text, if known already."""
        self.undo: list[Kept | None] = []
        self.redo: list[Kept | None] = []
        self.snaps: dict[int, str] = {0: json.dumps(start) if text is None else text}

    def __len__(self) -> int:
        return len(self.undo)

    def reset(self, start: State) -> None:
        """Forget everything: ``start`` is the state at step 0."""
        self.__init__(start)  # type: ignore[misc]

    def adopt(self, length: int, positions: dict[int, str]) -> None:
        """A game of ``length`` actions whose deltas are unknown, with the states after
        some of its actions (``positions``: step -> JSON text), the last one included."""
        self.undo = [None] * length
        self.redo = [None] * length
        self.snaps.update(positions)

    def known(self, index: int) -> bool:
        """Whether the deltas of action ``index + 1`` are known."""
        return self.undo[index] is not None

    def known_between(self, first: int, last: int) -> bool:
        """Whether the deltas of every action after step ``first`` up to ``last`` are known."""
        return all(d is not None for d in self.undo[first:last])

    def segment(self, step: int) -> tuple[int, int]:
        """The steps of the states kept on either side of ``step`` (the first at or
        before it; the second after it, or the end)."""
        first = max(s for s in self.snaps if s <= step)
        last = min((s for s in self.snaps if s > step), default=len(self.undo))
        return first, last

    def learn(self, first: int, undos: list[Delta], redos: list[Delta],
              positions: dict[int, str]) -> None:
        """The deltas of the actions after step ``first``, found by replaying them, and
        the states passed on the way."""
        self.undo[first:first + len(undos)] = map(tuple, undos)
        self.redo[first:first + len(redos)] = map(tuple, redos)
        self.snaps.update(positions)

    def push(self, undo: Delta, redo: Delta, after: State) -> None:
        """Record one action's deltas; ``after`` is the state it gave."""
        self.undo.append(tuple(undo))
        self.redo.append(tuple(redo))
        n = len(self.undo)
        if n % EVERY == 0:
            self.snaps[n] = json.dumps(after)

    def push_unknown(self, after: State) -> None:
        """Record one action whose deltas will be learnt when needed (a replay)."""
        self.undo.append(None)
        self.redo.append(None)
        n = len(self.undo)
        if n % EVERY == 0:
            self.snaps[n] = json.dumps(after)

    def pop(self) -> Kept:
        """Forget the last action; return its undo delta (which must be known)."""
        n = len(self.undo)
        self.snaps.pop(n, None)
        self.redo.pop()
        undo = self.undo.pop()
        assert undo is not None
        return undo

    def state_at(self, step: int, current: State) -> State:
        """A fresh copy of the state after action ``step``; ``current`` is the state after
        the last one. The deltas between the states kept around ``step`` must be known."""
        n = len(self.undo)
        if step >= n:
            return json.loads(json.dumps(current))
        if step in self.snaps:
            return json.loads(self.snaps[step])
        base, up = self.segment(step)
        if up - step < step - base:
            state = json.loads(self.snaps[up] if up < n else json.dumps(current))
            for i in range(up - 1, step - 1, -1):
                apply_delta(state, self.undo[i])  # type: ignore[arg-type]
            return state
        state = json.loads(self.snaps[base])
        for i in range(base, step):
            apply_delta(state, self.redo[i])  # type: ignore[arg-type]
        return state

    def size(self) -> int:
        """About how many characters the timeline keeps (deltas and snapshots)."""
        return (sum(delta_size(d) for d in self.undo if d)
                + sum(delta_size(d) for d in self.redo if d)
                + sum(len(s) for s in self.snaps.values()))
