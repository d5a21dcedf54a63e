"""The context an action is applied in: who acts, the log lines it writes, its dice."""

from __future__ import annotations

from .actions import LogLine
from .rng import roll
from .state import State


class Context:
    """Collects the log lines and die rolls of one action while it is applied."""

    def __init__(self, state: State, side: str, manual: bool = False) -> None:
        self.state = state
        self.side = side
        self.manual = manual
        self.lines: list[LogLine] = []
        self.dice: list[int] = []

    def log(self, text: str, rule: str | None = None) -> None:
        """Add a line to this action's log entry, citing ``rule`` if a rule applied."""
        self.lines.append(LogLine(text, rule))

    def roll(self, sides: int, *, zero_based: bool = False) -> int:
        """Roll a die: the next die set by hand (``set-dice``) or the seeded RNG."""
        queue = self.state["dice_queue"]
        if queue:
            value = int(queue.pop(0))
        else:
            value = roll(self.state["rng"], sides, zero_based=zero_based)
        self.dice.append(value)
        return value
