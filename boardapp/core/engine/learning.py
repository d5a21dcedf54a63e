"""Learning a stretch of a game's past a few actions at a time.

A game opened at a checkpoint (:meth:`~.game.Game.adopt`) knows the states its file
kept, not the deltas between them: a :class:`Stretch` replays the actions after one kept
state, recording each action's deltas, and is checked against the next kept state when
it reaches it. It can stop and go on later, so that undo, redo and the window's idle
time learn the past the player is going back to before he reaches it, a few actions at
a time, instead of one long replay at the first undo into an old stretch.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from .actions import LogEntry
from .delta import Delta, sync
from .timeline import EVERY, Timeline

State = dict[str, Any]

LEARN_STEP = 6
"""Actions an undo or a redo learns ahead (1 to 2 ms). Enough to stay ahead of undo: a
file keeps the positions of its last 256 actions every 32 and, before them, every 1,024
(:mod:`~boardapp.core.files.checkpoints`); by the time undo reaches a stretch of 1,024
unknown actions, the 224 or more undos through the last ones have learnt 6 x 224 actions."""


class Stretch:
    """The deltas of the actions after step ``first`` up to step ``last`` of a timeline,
    learnt by replaying them from the state kept at ``first``."""

    def __init__(self, past: Timeline, first: int, last: int) -> None:
        self.first, self.last, self.next = first, last, first
        text = past.snaps[first]
        self.work: State = json.loads(text)
        self.shadow: State = json.loads(text)
        self.undos: list[Delta] = []
        self.redos: list[Delta] = []
        self.positions: dict[int, str] = {}

    def covers(self, index: int) -> bool:
        """Whether action ``index + 1`` is in the stretch."""
        return self.first <= index < self.last

    def advance(self, log: Sequence[LogEntry], replay: Callable[[LogEntry, State], None],
                count: int) -> bool:
        """Replay up to ``count`` more actions of ``log`` (``replay(entry, state)`` applies
        one in place); whether the stretch is all replayed."""
        end = min(self.last, self.next + count)
        work, shadow = self.work, self.shadow
        for i in range(self.next, end):
            replay(log[i], work)
            undo, redo = sync(work, shadow)
            self.undos.append(undo)
            self.redos.append(redo)
            if (i + 1) % EVERY == 0:
                self.positions[i + 1] = json.dumps(work)
        self.next = end
        return end == self.last

    def leads_to(self, known: str) -> bool:
        """Whether the replay ended on ``known`` (the state kept at ``last``, as JSON)."""
        return json.dumps(self.work) == known

    def teach(self, past: Timeline) -> None:
        """Give ``past`` the deltas and states learnt (the stretch is all replayed)."""
        past.learn(self.first, self.undos, self.redos, self.positions)
