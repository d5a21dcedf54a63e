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
from ..base.i18n import N_, Msg

_WORD = re.compile(r"^[^\s]+$")
_GOOD_WORDS: set[str] = set()
"""Words already found good (the same few ids come back in every listing of legal
actions); kept to :data:`_GOOD_WORDS_MAX`."""
_GOOD_WORDS_MAX = 50_000


@dataclass(frozen=True)
class Action:
    """One action: ``verb`` and its ``args``; ``text()`` is its notation."""

    verb: str
    args: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for word in (self.verb, *self.args):
            if word.__class__ is str and word in _GOOD_WORDS:
                continue
            if not isinstance(word, str) or not _WORD.match(word):
                raise InvalidActionError(N_("bad action word {word}: words have no spaces",
                                            word=repr(word)))
            if word.__class__ is str and len(_GOOD_WORDS) < _GOOD_WORDS_MAX:
                _GOOD_WORDS.add(word)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its one-line text form."""
        if not isinstance(text, str):
            raise InvalidActionError(N_("an action is text, not {name}", name=type(text).__name__))
        words = text.split()
        if not words:
            raise InvalidActionError(N_("empty action"))
        action = object.__new__(cls)  # words split on white space need no other check
        object.__setattr__(action, "verb", words[0].lower())
        object.__setattr__(action, "args", tuple(words[1:]))
        return action

    @classmethod
    def of(cls, verb: str, *args: Any) -> Action:
        """Build an action; list/tuple arguments are joined with commas."""
        words = [a if a.__class__ is str
                 else ",".join(a) if isinstance(a, (list, tuple)) else str(a) for a in args]
        return cls(verb, tuple(words))

    def text(self) -> str:
        """The one-line text form."""
        return " ".join((self.verb, *self.args))

    def pieces(self, index: int) -> list[str]:
        """Argument ``index`` read as a comma-separated list of ids."""
        if index >= len(self.args):
            raise InvalidActionError(N_("'{action}': argument {n} is missing",
                                        action=self.text(), n=index + 1))
        return [p for p in self.args[index].split(",") if p]

    def arg(self, index: int) -> str:
        """Argument ``index``; a clear error if it is missing."""
        if index >= len(self.args):
            raise InvalidActionError(N_("'{action}': argument {n} is missing",
                                        action=self.text(), n=index + 1))
        return self.args[index]

    def __str__(self) -> str:
        return self.text()


@dataclass
class LogLine:
    """One line the log shows for an action; ``rule`` cites the rule section applied.

    A line written as a message (``msg``, see :mod:`boardapp.core.base.i18n`) is drawn in
    the reader's language (:meth:`render`); ``text`` is its English form (what a game file
    records as text, so the file reads by itself). A line of an older file, or of a ruleset
    not translated yet, is plain text, shown as recorded.
    """

    text: str
    rule: str | None = None
    detail: dict[str, Any] | None = None
    """Structured data behind the line (a table resolution), for the UI to show."""
    msg: Msg | None = None

    def __post_init__(self) -> None:
        if isinstance(self.text, Msg):  # LogLine(N_(...), rule): the message and its English
            self.msg = self.msg or self.text
            self.text = self.text.english()

    @classmethod
    def of(cls, text: str | Msg, rule: str | None = None,
           detail: dict[str, Any] | None = None) -> LogLine:
        """A line from plain text or a message."""
        if isinstance(text, Msg):
            return cls(text.english(), rule, detail, text)
        return cls(text, rule, detail)

    def render(self, lang: str | None = None) -> str:
        """The line as shown to players, with its rule citation, in ``lang`` (default: the
        language now)."""
        words = self.msg.render(lang) if self.msg is not None else self.text
        return f"{words} [{self.rule}]" if self.rule else words

    def source(self) -> str:
        """The line in English with its rule citation: what a game file records as text."""
        return f"{self.text} [{self.rule}]" if self.rule else self.text

    def to_json(self) -> str | dict[str, Any]:
        """The line as a game file keeps it in ``"log"``: a message with its rule
        (``"r"``), or the plain text of a line that is not a message."""
        if self.msg is None:
            return self.source()
        out = self.msg.to_json()
        if self.rule:
            out["r"] = self.rule
        return out

    @classmethod
    def from_json(cls, item: Any) -> LogLine:
        """A line read back from a file's ``"text"`` or ``"log"`` (``ValueError`` if it is
        neither text nor a message)."""
        if isinstance(item, str):
            if item.endswith("]") and " [" in item:
                words, _, rule = item[:-1].rpartition(" [")
                return cls(words, rule)
            return cls(item)
        rule = item.get("r") if isinstance(item, dict) else None
        if rule is not None and not isinstance(rule, str):
            raise ValueError(N_("a log line's rule is text"))
        return cls.of(Msg.from_json(item), rule)


def lines_from(text: Any, log: Any) -> list[LogLine]:
    """The lines of an action as a file records them: its ``"log"`` (messages, drawn in
    the reader's language) if it has one, else its ``"text"`` (shown as recorded).
    ``ValueError`` if they are not lists of lines."""
    items = log if log is not None else text
    if not isinstance(items, list):
        raise ValueError(N_("expected a list of log lines"))
    return [LogLine.from_json(item) for item in items]


def log_json(lines: list[LogLine]) -> list[str | dict[str, Any]] | None:
    """The ``"log"`` a file keeps for these lines (``None`` when none is a message: the
    text says it all, as in files written before messages)."""
    if not any(line.msg is not None for line in lines):
        return None
    return [line.to_json() for line in lines]


@dataclass
class LogEntry:
    """An action as played: who played it, whether by hand, and what it did."""

    number: int
    action: Action
    side: str
    manual: bool = False
    lines: list[LogLine] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)

    def render(self, lang: str | None = None) -> str:
        """The entry as plain words for the log pane: one line per thing that happened,
        in ``lang`` (default: the language now)."""
        lines = [line.render(lang) for line in self.lines] or [self.action.text()]
        tag = str(N_(" (by hand)").render(lang)) if self.manual else ""
        return f"{self.number}. " + "\n    ".join(lines) + tag

    def to_json(self) -> dict[str, Any]:
        """The entry for a game file; the text (English) is kept so the file reads by
        itself, the messages (``"log"``) so that each reader reads it in their language."""
        out = {"n": self.number, "action": self.action.text(), "side": self.side,
               "manual": self.manual, "text": [line.source() for line in self.lines],
               "dice": list(self.dice)}
        log = log_json(self.lines)
        if log is not None:
            out["log"] = log
        return out


class RecordedEntry(LogEntry):
    """A log entry read back from the record a game file keeps of it (``to_json``'s),
    when this computer has verified that record before: its lines are read from the
    record when first needed (opening a long game reads none), and it is written back
    as recorded."""

    def __init__(self, number: int, action: Action, side: str, manual: bool, dice: list[int],
                 record: dict[str, Any]) -> None:
        self.number, self.action, self.side, self.manual = number, action, side, manual
        self.dice = dice
        self._record = record
        self._lines: list[LogLine] | None = None

    @property  # type: ignore[override]
    def lines(self) -> list[LogLine]:
        if self._lines is None:
            text = self._record.get("text", [])
            try:
                self._lines = lines_from(text, self._record.get("log"))
            except ValueError:  # (a record verified here reads) its text, then
                self._lines = lines_from(text, None)
        return self._lines

    def to_json(self) -> dict[str, Any]:
        return dict(self._record)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return ((self.number, self.action, self.side, self.manual, self.lines, self.dice)
                == (other.number, other.action, other.side, other.manual, other.lines,
                    other.dice))

    __hash__ = None  # type: ignore[assignment]  (as LogEntry's)
