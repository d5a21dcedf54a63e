"""The actions of a game file kept as its lines, read one by one when needed.

A game file (:func:`~.gamefile.dumps_game`) writes one action a line. Opening a long game
at a position this computer verified before (:mod:`.checkpoints`) needs none of them
read: they are found by the hash of their lines, and each log entry reads its own line
when it is first needed (undo, the log pane, the replay bar). So the file's JSON is read
without its actions (:func:`split_actions`), and they are read only when the game is
replayed.

Reading a file this way gives exactly what reading it whole gives: the layout is taken
only when it is the one :func:`~.gamefile.dumps_game` writes (each action a line of its
own, ``"  {...}"``), otherwise the whole text is read as before; and a line that is not
an action's JSON sends the reader back to the whole text too (which then says what is
wrong and where).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..engine.actions import Action, RecordedEntry

ACTIONS_OPEN = '\n "actions": [\n'
ACTIONS_CLOSE = "\n ]"
LINE_SEPARATOR = ",\n"
INDENT = "  "
SENTINEL = "\u0000 the actions, read line by line"
"""What the JSON read without its actions holds at ``"actions"`` (an :class:`ActionLines`
replaces it)."""


def action_line(item: dict[str, Any]) -> str:
    """An action's line, as a game file writes it (without its indent and comma)."""
    return json.dumps(item, ensure_ascii=False)


class ActionLines:
    """The ``"actions"`` of a game file read without them: their lines (``lines``), and
    their JSON when asked for (:meth:`items`)."""

    def __init__(self, lines: list[str], whole: Callable[[], Any]) -> None:
        self.lines = lines
        self._whole = whole
        """Reads the whole file (its ``"actions"``): the answer when a line is not JSON."""
        self.faithful = True
        """Whether each line is one action (false once :meth:`items` found one that is
        not: then ``lines`` are not the actions')."""

    def __len__(self) -> int:
        return len(self.lines)

    def items(self) -> Any:
        """The actions' JSON, as reading the whole file gives it."""
        try:
            return [json.loads(line) for line in self.lines]
        except (ValueError, RecursionError):  # not one action a line: the whole file says
            self.faithful = False
            return self._whole()


def split_actions(text: str) -> tuple[str, list[str]] | None:
    """The text of a game file with ``"actions"`` holding :data:`SENTINEL` instead of
    the list, and the list's lines; ``None`` if the file is not laid out one action a
    line as :func:`~.gamefile.dumps_game` writes it."""
    start = text.find(ACTIONS_OPEN)
    if start < 0:
        return None
    first = start + len(ACTIONS_OPEN)
    end = text.find(ACTIONS_CLOSE, first)
    if end < 0:
        return None
    body = text[first:end]
    # Each line "  {...}": every newline ends a line with "}," and the next begins "  {"
    # (counted over the whole text at once, not line by line: a long game has many).
    newlines = body.count("\n")
    if not (body.startswith("  {") and body.endswith("}")) \
            or body.count("},\n  {") != newlines:
        return None
    rest = text[:start] + '\n "actions": ' + json.dumps(SENTINEL) + text[end + len(ACTIONS_CLOSE):]
    return rest, body[len(INDENT):].split(LINE_SEPARATOR + INDENT)


class LineEntry(RecordedEntry):
    """A log entry kept as its line of the game file (a line this computer wrote, or
    replayed and found to be what it writes: :mod:`.checkpoints`), read when first
    needed; written back as it is."""

    _READ = frozenset(("action", "side", "manual", "dice", "_record", "_lines"))

    def __init__(self, number: int, line: str) -> None:  # noqa: D107 - read later
        self.number = number
        self.line = line

    def __getattr__(self, name: str) -> Any:
        if name not in LineEntry._READ or "line" not in self.__dict__:
            raise AttributeError(name)
        item = json.loads(self.line)
        RecordedEntry.__init__(self, self.number, Action.parse(item["action"]), item["side"],
                               bool(item.get("manual", False)), list(item.get("dice", [])),
                               item)
        return self.__dict__[name]


def entry_line(entry: Any) -> str:
    """The line of a log entry in a game file."""
    if isinstance(entry, LineEntry):
        return entry.line
    return action_line(entry.to_json())
