"""A game: the setup, the append-only action log, and undo/redo (python-chess push/pop).

``Game.push`` checks and applies one action and appends it to the log; ``undo`` pops
the last one and restores the state saved before it; ``redo`` plays the popped action
again (same RNG state, so the same dice). Replaying the log from the setup rebuilds the
state exactly (:meth:`Game.replay`), which is what saving, opening and verifying rely on.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .actions import Action, LogEntry
from .context import Context
from .errors import BoardappError, InvalidActionError
from .manual import HANDLERS, NOT_MANUAL
from .ruleset import Ruleset
from .state import State, copy_state


class Game:
    """One game of one ruleset and scenario: state, log, undo and redo stacks."""

    def __init__(self, ruleset: Ruleset, scenario: str | None = None,
                 seed: int | None = None) -> None:
        self.ruleset = ruleset
        self.scenario = scenario or ruleset.default_scenario
        if self.scenario not in ruleset.scenarios():
            known = ", ".join(ruleset.scenarios())
            raise BoardappError(f"{ruleset.name} has no scenario {self.scenario!r} "
                                f"(scenarios: {known})")
        self.seed = random.SystemRandom().randrange(1 << 62) if seed is None else int(seed)
        self.initial: State = ruleset.setup(self.scenario, self.seed)
        self.state: State = copy_state(self.initial)
        self.log: list[LogEntry] = []
        self._before: list[State] = []
        self._redo: list[tuple[Action, str]] = []

    # -- playing -------------------------------------------------------------------------
    def push(self, action: Action | str, *, side: str | None = None) -> LogEntry:
        """Check and apply ``action`` (text or :class:`Action`); append it to the log.

        Raises :class:`IllegalActionError` (with its rule) or :class:`InvalidActionError`
        and leaves the game unchanged when the action is refused.
        """
        entry = self._apply(action, side)
        self._redo.clear()
        return entry

    def _apply(self, action: Action | str, side: str | None) -> LogEntry:
        if isinstance(action, str):
            action = Action.parse(action)
        side = side or self.ruleset.acting_side(self.state)
        before = copy_state(self.state)
        work = copy_state(self.state)
        manual = action.verb in HANDLERS and action.verb not in NOT_MANUAL
        ctx = Context(work, side, manual=manual)
        handler = HANDLERS.get(action.verb)
        if handler is not None:
            handler(self.ruleset, work, action, ctx)
            self.ruleset.after_manual(work, ctx)
        else:
            self.ruleset.apply(work, action, ctx)
        self.state = work
        self._before.append(before)
        entry = LogEntry(len(self.log) + 1, action, side, manual, ctx.lines, ctx.dice)
        self.log.append(entry)
        return entry

    def undo(self) -> LogEntry | None:
        """Take back the last action; return it (``None`` at the setup)."""
        if not self.log:
            return None
        entry = self.log.pop()
        self.state = self._before.pop()
        self._redo.append((entry.action, entry.side))
        return entry

    def redo(self) -> LogEntry | None:
        """Play again the last action taken back; return its new log entry."""
        if not self._redo:
            return None
        action, side = self._redo.pop()
        return self._apply(action, side)

    @property
    def can_undo(self) -> bool:
        return bool(self.log)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def legal_actions(self) -> list[Action]:
        """The ruleset's legal actions now (manual verbs are always possible besides)."""
        return list(self.ruleset.legal_actions(self.state))

    # -- replay ----------------------------------------------------------------------------
    @classmethod
    def replay(cls, ruleset: Ruleset, scenario: str, seed: int,
               actions: Iterable[tuple[str, str | None]]) -> Game:
        """A game rebuilt from its setup and ``(action text, side)`` pairs.

        An action that no longer applies raises :class:`InvalidActionError` naming its
        number in the log.
        """
        game = cls(ruleset, scenario, seed)
        for number, (text, side) in enumerate(actions, start=1):
            try:
                game.push(text, side=side)
            except BoardappError as exc:
                raise InvalidActionError(f"action {number} '{text}' cannot be replayed: "
                                         f"{exc}") from exc
        return game
