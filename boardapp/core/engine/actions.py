"""Actions: small value objects with a one-line text form (like a chess move in SAN/UCI).

An action is a verb and arguments, each argument a word without spaces; a list of
pieces is one argument joined by commas. ``Action.parse(action.text()) == action``.

>>> a = Action.parse("move cadoudal,mon-me-1 hede")
>>> a.verb, a.args
('move', ('cadoudal,mon-me-1', 'hede'))
>>> a.text()
'move cadoudal,mon-me-1 hede'
>>> a.pieces(0)
['cadoudal', 'mon-me-1']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..base.errors import InvalidActionError

_WORD = re.compile(r"^[^\s]+$")


@dataclass(frozen=True)
class Action:
    """One action: ``verb`` and its ``args``; ``text()`` is its notation."""

    verb: str
    args: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for word in (self.verb, *self.args):
            if not isinstance(word, str) or not _WORD.match(word):
                raise InvalidActionError(f"bad action word {word!r}: words have no spaces")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its one-line text form."""
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is text, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise InvalidActionError("empty action")
        action = object.__new__(cls)  # words split on white space need no other check
        object.__setattr__(action, "verb", words[0].lower())
        object.__setattr__(action, "args", tuple(words[1:]))
        return action

    @classmethod
    def of(cls, verb: str, *args: Any) -> Action:
        """Build an action; list/tuple arguments are joined with commas."""
        words = [",".join(a) if isinstance(a, list | tuple) else str(a) for a in args]
        return cls(verb, tuple(words))

    def text(self) -> str:
        """The one-line text form."""
        return " ".join((self.verb, *self.args))

    def pieces(self, index: int) -> list[str]:
        """Argument ``index`` read as a comma-separated list of ids."""
        if index >= len(self.args):
            raise InvalidActionError(f"'{self.text()}': argument {index + 1} is missing")
        return [p for p in self.args[index].split(",") if p]

    def arg(self, index: int) -> str:
        """Argument ``index``; a clear error if it is missing."""
        if index >= len(self.args):
            raise InvalidActionError(f"'{self.text()}': argument {index + 1} is missing")
        return self.args[index]

    def __str__(self) -> str:
        return self.text()


@dataclass
class LogLine:
    """One line the log shows for an action; ``rule`` cites the rule section applied."""

    text: str
    rule: str | None = None
    detail: dict[str, Any] | None = None
    """Structured data behind the line (a table resolution), for the UI to show."""

    def render(self) -> str:
        """The line as shown to players, with its rule citation."""
        return f"{self.text} [{self.rule}]" if self.rule else self.text


@dataclass
class LogEntry:
    """An action as played: who played it, whether by hand, and what it did."""

    number: int
    action: Action
    side: str
    manual: bool = False
    lines: list[LogLine] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)

    def render(self) -> str:
        """The entry as plain words for the log pane: one line per thing that happened."""
        lines = [line.render() for line in self.lines] or [self.action.text()]
        tag = " (by hand)" if self.manual else ""
        return f"{self.number}. " + "\n    ".join(lines) + tag

    def to_json(self) -> dict[str, Any]:
        """The entry for a game file; the text is kept so the file reads by itself."""
        return {"n": self.number, "action": self.action.text(), "side": self.side,
                "manual": self.manual, "text": [line.render() for line in self.lines],
                "dice": list(self.dice)}
