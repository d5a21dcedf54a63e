"""Error types. All subclass :class:`ValueError`, like python-chess's move errors."""

from __future__ import annotations


class BoardappError(ValueError):
    """Base class of every error boardapp reports to the user."""


class IllegalActionError(BoardappError):
    """An action the rules forbid. ``rule`` names the section that forbids it."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.reason = message
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class InvalidActionError(BoardappError):
    """Text that is not an action at all (bad syntax, unknown piece or place)."""


class DataError(BoardappError):
    """A data file (map, ruleset table, game file) is invalid.

    ``file`` is the path, ``place`` where in the file (a key path such as
    ``areas.brest.nf`` or ``line 12``) and ``problem`` what is wrong.
    """

    def __init__(self, file: str, place: str, problem: str) -> None:
        self.file = file
        self.place = place
        self.problem = problem
        where = f"{file}: {place}" if place else file
        super().__init__(f"{where}: {problem}")


class GameFileError(DataError):
    """A game file that cannot be opened (damaged, edited, from a newer boardapp)."""
