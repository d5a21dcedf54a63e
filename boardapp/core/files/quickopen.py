"""A long hot-seat game's last position, read from its file without building the game,
when this computer has verified it before: what ``boardapp show`` and ``boardapp
actions`` need (the ruleset and the state now), in a fraction of opening the game.

The position is the one :func:`~.gamefile.load_game` opens a game at (its last
checkpoint, :func:`~.checkpoints.open_verified`), under the same conditions for it: a
file of this format laid out one action a line as this program writes it, the last
checkpoint's position found verified here under the chain of the whole log
(:mod:`.verified`) and its state hashing to that digest, the final digest the state's,
the seats and sends well formed. The chain is hashed over the file's bytes (the actions
are never decoded) and only the last checkpoint is read: the others, which these
commands do not use, are checked as before by whatever opens the game (the board,
``play``, ``undo``, ``verify``). When anything differs the answer is ``None`` and the
caller opens the file the ordinary way, which replays what it must and says what is
wrong, if anything: a file edited by hand is refused as before.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from ..base.errors import BoardappError
from . import checkpoints, verified

if TYPE_CHECKING:
    from ..board.maps import MapProvider
    from ..engine.ruleset import Ruleset
    from ..engine.state import State

ACTIONS_OPEN = b'\n "actions": [\n'
CHECKPOINTS_OPEN = b'\n ],\n "checkpoints": [\n'
END = b"\n ]\n}\n"
SEPARATOR = b",\n  "
GAME_FORMAT = "boardapp-game"
"""(:data:`.gamefile.GAME_FORMAT`, not imported: it imports the game engine)"""


class Position:
    """The last position of a game file: its ruleset, its state and its number of
    actions (``length``)."""

    def __init__(self, ruleset: Ruleset, state: State, length: int) -> None:
        self.ruleset = ruleset
        self.state = state
        self.length = length


class _Header:
    """What :func:`~.checkpoints.chain_top` reads of a game (a :class:`~..engine.game.Game`'s
    attributes), from the file's header."""

    def __init__(self, ruleset: Ruleset, data: dict[str, Any]) -> None:
        info = data["ruleset"]
        played = info.get("version")
        self.ruleset = ruleset
        self.played_with = played if isinstance(played, str) and played != ruleset.version \
            else None
        self.scenario = data["scenario"]
        self.seed = data["seed"]
        self.sides = ruleset.choose_sides(self.scenario, data.get("sides"))
        self.start_data = data.get("game_data", {})


def split(data: bytes) -> tuple[bytes, bytes, int, bytes] | None:
    """Of a game file laid out as :func:`~.gamefile.dumps_game` writes a long game: the
    header's JSON (``"actions"`` null, no checkpoints), the actions' lines as the chain
    hashes them (each line and a newline), how many, and the last checkpoint's line;
    ``None`` if it is not so laid out (:func:`~.linelog.split_actions` would refuse it)."""
    start = data.find(ACTIONS_OPEN)
    if start < 0:
        return None
    first = start + len(ACTIONS_OPEN)
    middle = data.find(CHECKPOINTS_OPEN, first)
    if middle < 0 or not data.endswith(END):
        return None
    body = data[first:middle]
    count = body.count(b"\n")
    if not (body.startswith(b"  {") and body.endswith(b"}")) \
            or body.count(b"},\n  {") != count:
        return None  # a line that is not one action's
    kept = data[middle + len(CHECKPOINTS_OPEN):len(data) - len(END)]
    last = kept[kept.rfind(b"\n") + 1:]
    if not last.startswith(b"  {"):
        return None
    hashed = body[2:].replace(SEPARATOR, b"\n") + b"\n"
    return data[:start] + b'\n "actions": null\n}', hashed, count + 1, last[2:]


def verified_position(data: bytes, maps: MapProvider | None = None) -> Position | None:
    """The last position of the game file ``data`` if it opens at a checkpoint verified
    on this computer (see the module's docstring), else ``None``."""
    from .migrations import GAME_VERSION

    parts = split(data)
    if parts is None:
        return None
    head_text, hashed, length, last_line = parts
    try:
        head = json.loads(head_text)
        last = json.loads(last_line)
    except (ValueError, RecursionError):
        return None
    if not (isinstance(head, dict) and head.get("format") == GAME_FORMAT
            and head.get("version") == GAME_VERSION and head.get("mode") == "hotseat"
            and isinstance(head.get("ruleset"), dict)
            and isinstance(head["ruleset"].get("id"), str)
            and isinstance(head.get("scenario"), str)
            and type(head.get("seed")) is int and isinstance(head.get("game_data", {}), dict)
            and _side_list(head.get("sides"))):
        return None
    positions = checkpoints.read([last], length)
    if positions is None:
        return None
    d, state = positions[length]
    from ..engine.ruleset import find_ruleset

    try:
        ruleset = find_ruleset(head["ruleset"]["id"], maps)
        if head["scenario"] not in ruleset.scenarios():
            return None
        h = hashlib.sha256(checkpoints.chain_top(_Header(ruleset, head)))
    except BoardappError:
        return None
    h.update(hashed)
    at_end = h.hexdigest()
    if verified.lookup([at_end]).get(at_end) != d or checkpoints.full_digest(state) != d:
        return None
    if not _tail_ok(head, ruleset, state, length):
        return None
    return Position(ruleset, state, length)


def _side_list(value: Any) -> bool:
    return value is None or (isinstance(value, list) and all(isinstance(x, str) for x in value))


def _tail_ok(head: dict[str, Any], ruleset: Ruleset, state: State, length: int) -> bool:
    """Whether the seats, sends and final digest are what opening the file accepts."""
    from ..ai.seats import check_seats
    from ..engine.state import digest

    sides = [s.id for s in ruleset.sides]
    sends = head.get("sends")
    try:
        check_seats(sides, head.get("seats"))
        if sends:  # (a game that was never sent has none: nothing to import for them)
            from ..pbem.pbem_format import Reader, read_sends

            read_sends(Reader("<game>"), sends, sides, False, length)
    except BoardappError:
        return False
    if sends is not None and not isinstance(sends, list):
        return False
    expected = head.get("digest")
    return expected is None or expected == digest(state)
