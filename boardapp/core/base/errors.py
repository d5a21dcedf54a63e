"""Error types. All subclass :class:`ValueError`, like python-chess's move errors.

A message never echoes a whole value: :func:`shorten` and :func:`quote` cut a value to
a readable length (its start, how much was left out, its end), and every
:class:`BoardappError` cuts what is still too long in its message (a long run of
characters without a space, then the whole message), so that a 50 MB string in a damaged file cannot
flood a terminal or freeze an error box.
"""

from __future__ import annotations

import re
from typing import Any

from .i18n import Msg

MAX_QUOTE = 80
"""Characters of a value quoted in a message."""
MAX_MESSAGE = 1000
"""Characters of a whole error message."""
_LONG_WORD = 200
_LONG = re.compile(rf"\S{{{_LONG_WORD},}}")
"""A run of characters without a space too long to be a word or a path: a value."""


def shorten(text: Any, limit: int = MAX_QUOTE) -> str:
    """``text`` in at most about ``limit`` characters: its start, the number of
    characters left out, its end."""
    text = str(text)
    if len(text) <= limit:
        return text
    keep = max(limit - 24, 12)
    head = keep * 2 // 3
    tail = keep - head
    return f"{text[:head]}…[{len(text) - head - tail:,} more characters]…{text[-tail:]}"


def quote(value: Any, limit: int = MAX_QUOTE) -> str:
    """``value`` quoted for a message (like ``repr``: control characters escaped), cut to
    about ``limit`` characters."""
    if isinstance(value, str):
        return repr(shorten(value, limit))
    return shorten(repr(value) if not isinstance(value, int | float) else str(value), limit)


def readable(message: Any, limit: int = MAX_MESSAGE) -> str:
    """A message with each over-long run of characters without a space (a value) cut,
    then cut as a whole. A short :class:`~boardapp.core.base.i18n.Msg` stays a message
    (drawn in the reader's language when shown)."""
    if isinstance(message, Msg):
        if len(message) <= min(limit, _LONG_WORD) or (
                len(message) <= limit and not _LONG.search(message)):
            return message
    message = str(message)
    if len(message) > _LONG_WORD:
        message = _LONG.sub(lambda m: shorten(m.group(0), MAX_QUOTE + 40), message)
    return shorten(message, limit)


class BoardappError(ValueError):
    """Base class of every error boardapp reports to the user (its message cut to a
    readable length, see :func:`readable`)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*(readable(a) if isinstance(a, str) else a for a in args))


class IllegalActionError(BoardappError):
    """An action the rules forbid. ``rule`` names the section that forbids it."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.reason = readable(message)
        self.rule = rule
        super().__init__(self.reason + f" ({rule})" if rule else self.reason)


class InvalidActionError(BoardappError):
    """Text that is not an action at all (bad syntax, unknown piece or place)."""


class DataError(BoardappError):
    """A data file (map, ruleset table, game file) is invalid.

    ``file`` is the path, ``place`` where in the file (a key path such as
    ``areas.brest.nf`` or ``line 12``) and ``problem`` what is wrong.
    """

    def __init__(self, file: str, place: str, problem: str) -> None:
        self.file = file
        self.place = shorten(place, 200)
        self.problem = readable(problem)
        place = self.place
        problem = self.problem
        where = f"{file}: {place}" if place else file
        super().__init__(Msg("boardapp", "{where}: {problem}", {"where": where,
                                                               "problem": problem}))


class GameFileError(DataError):
    """A game file that cannot be opened (damaged, edited, from a newer boardapp)."""
