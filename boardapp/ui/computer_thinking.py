"""The computer thinks in a worker thread: one decision (or one hint) at a time.

:class:`Thinking` runs ``Player.choose`` on a copy of the state in a ``QThread``, reports
its progress and stops early (with its best choice so far) when cancelled. The window
stays responsive: the search is pure Python and gives the interpreter up often. The
result comes back as a signal in the window's thread, which alone pushes actions.
"""

from __future__ import annotations

import copy
import threading
import time
from dataclasses import dataclass

from PySide6.QtCore import QThread, Signal

from boardapp.core.ai.players import Player
from boardapp.core.engine.actions import Action
from boardapp.core.engine.ruleset import Ruleset
from boardapp.core.engine.state import State


@dataclass(frozen=True)
class Decision:
    """What the computer chose for ``side`` at log length ``at`` and how long it took."""

    side: str
    action: Action | None
    at: int
    seconds: float
    cancelled: bool = False
    error: str = ""


class Thinking(QThread):
    """One decision for ``side`` by ``player`` on a private copy of ``state``. The player
    is the seat's own for the whole game (it remembers its turn, see
    :mod:`boardapp.core.ai.memory`): one thread at a time uses it."""

    progressed = Signal(float)
    """How far the thinking is (0 to 1)."""
    decided = Signal(object)
    """The :class:`Decision` (in the window's thread)."""

    def __init__(self, ruleset: Ruleset, state: State, side: str, player: Player,
                 at: int, parent=None) -> None:
        super().__init__(parent)
        self.ruleset = ruleset
        self.state = copy.deepcopy(state)  # the game goes on changing its own
        self.side = side
        self.player = player
        self.at = at
        self._stop = threading.Event()

    def cancel(self) -> None:
        """Stop as soon as the player can (its best choice so far is still reported)."""
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._stop.is_set()

    def _progress(self, done: float) -> bool:
        self.progressed.emit(float(done))
        return not self._stop.is_set()

    def run(self) -> None:  # noqa: D102 (QThread)
        start = time.process_time()
        try:
            legal = list(self.ruleset.legal_actions(self.state, self.side))
            action = None
            if legal and not self._stop.is_set():
                action = self.player.choose(self.ruleset, self.state, self.side, legal,
                                       self._progress)
            result = Decision(self.side, action, self.at, time.process_time() - start,
                              self._stop.is_set())
        except Exception as exc:  # a ruleset's evaluation failing must not kill the window
            result = Decision(self.side, None, self.at, time.process_time() - start,
                              self._stop.is_set(), f"{type(exc).__name__}: {exc}")
        self.decided.emit(result)
