"""The context an action is applied in: who acts, the log lines it writes, its dice.

Rulesets roll every die through :meth:`Context.roll` (and shuffle through
:meth:`Context.shuffle`), never through ``random``: in a hot-seat game the dice come
from the seeded generator in the state; in a play-by-email game from a *dice source*
that derives them from every player's committed seeds (:mod:`boardapp.core.pbem.pbem`).

A die or a log line that must stay secret to the player who rolls it (a card drawn
into a hidden hand) is marked ``private=True``: the opponent's program sees that a die
was rolled, not its value, until the player opens their seal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..base.errors import IllegalActionError
from ..base.i18n import N_, Msg
from .actions import LogLine
from .rng import roll
from .state import State

DiceSource = Callable[[int, bool, bool], int]
"""``source(sides, zero_based, private) -> face``: where a play-by-email game's dice come from."""

T = TypeVar("T")


def face_range(sides: int, zero_based: bool) -> str:
    """The faces of a die as text: ``"0-9"`` for a d10 read from 0, ``"1-6"`` for a d6."""
    return f"0-{sides - 1}" if zero_based else f"1-{sides}"


class Context:
    """Collects the log lines and die rolls of one action while it is applied."""

    def __init__(self, state: State, side: str, manual: bool = False,
                 dice: DiceSource | None = None) -> None:
        self.state = state
        self.side = side
        self.manual = manual
        self.lines: list[LogLine] = []
        self.private_lines: list[LogLine] = []
        self.dice: list[int] = []
        self.private_dice: list[bool] = []
        self.faces: list[str] = []
        self._source = dice

    def log(self, text: str | Msg, rule: str | None = None, *, private: bool = False,
            **args: Any) -> None:
        """Add a line to this action's log entry, citing ``rule`` if a rule applied.

        ``text`` is a message (``N_("{unit} retreats to {area}")``, see
        :mod:`boardapp.core.base.i18n`), kept as id and arguments and drawn in each
        reader's language; ``args`` are added to its arguments
        (``ctx.log(N_("{unit} retreats to {area}"), "9.5", unit=u, area=a)``). Plain text
        is kept as it is (a ruleset not translated yet).
        A ``private`` line is shown only to the player who acts (in a play-by-email
        game it is sealed with their hidden information).
        """
        if args:
            if not isinstance(text, Msg):
                raise TypeError("arguments are given to a message (N_), not to plain text")
            text = Msg(text.domain, text.text, {**text.args, **args}, text.plural, text.n)
        (self.private_lines if private else self.lines).append(LogLine.of(text, rule))

    def roll(self, sides: int, *, zero_based: bool = False, private: bool = False) -> int:
        """Roll a die: the next die set by hand (``set-dice``), the seeded RNG, or the
        play-by-email dice source. ``private`` dice stay secret to the roller."""
        if sides == 1:  # a choice among one: nothing random, nothing to roll
            return 0 if zero_based else 1
        if self._source is not None:
            value = self._source(sides, zero_based, private)
        else:
            queue = self.state["dice_queue"]
            if queue:
                value = int(queue.pop(0))
                low = 0 if zero_based else 1
                if not low <= value < low + sides:
                    raise IllegalActionError(
                        N_("The die set by hand reads {value}, but this roll is a d{sides} "
                           "reading {low}-{high}: set another value", value=value, sides=sides,
                           low=low, high=low + sides - 1))
            else:
                value = roll(self.state["rng"], sides, zero_based=zero_based)
        self.dice.append(value)
        self.private_dice.append(private)
        self.faces.append(face_range(sides, zero_based))
        return value

    def shuffle(self, items: list[T], *, private: bool = False) -> list[T]:
        """A shuffled copy of ``items`` (Fisher-Yates with :meth:`roll`)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.roll(i + 1, zero_based=True, private=private)
            out[i], out[j] = out[j], out[i]
        return out

    @property
    def public_dice(self) -> list[int | None]:
        """The dice as the opponent sees them: private ones are ``None``."""
        return [None if hidden else value for value, hidden in zip(self.dice,
                                                                   self.private_dice,
                                                                   strict=True)]
