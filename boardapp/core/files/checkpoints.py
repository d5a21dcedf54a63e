"""Checkpoints: positions kept in a hot-seat game file, so that opening a long game
does not replay its whole log on a computer that has verified it before.

A file of format 3 may hold ``checkpoints``: the state after some actions (every
:data:`FILE_EVERY` actions, every :data:`~..engine.timeline.EVERY` in the last
:data:`TAIL`, and the end), each with its digest. The file is never trusted for them: a
checkpoint is used only when this computer has verified that very position before
(:mod:`.verified`), found by the *chain* of the log up to it, a hash over the file's
header (app, ruleset, its version and data, maps, scenario, seed, sides, game data) and
each action's line as the file records it (action, side, dice, log text: the line's very
text, so that opening needs none of them read, :mod:`.linelog`). Then the game opens
at the last checkpoint, and undo or the replay bar replay the actions they need from
the nearest one. Otherwise (another computer's file, a file edited by hand, a newer
boardapp, a cleared cache) the whole log is replayed and checked as before, each
checkpoint is compared with the replayed position (an edited one is refused), and the
positions are remembered as verified here.

Games shorter than :data:`MIN_ACTIONS` actions keep no checkpoint: their replay is quick.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ... import __version__
from ..board.maps import records_to_json
from ..engine.state import State, canonical
from ..engine.timeline import EVERY
from . import verified
from .linelog import LineEntry, action_line, entry_line

if TYPE_CHECKING:
    from ..engine.game import Game

MIN_ACTIONS = 1000
FILE_EVERY = 1024
TAIL = 256
"""The last actions whose positions are kept every :data:`EVERY` actions: undoing them
(or replaying them on the replay bar) after opening replays at most so many actions."""
CHAIN_FORMAT = "boardapp-chain/2"
"""2: each action's line as the file writes it (1 hashed each action's canonical JSON)."""


def full_digest(state: State) -> str:
    """The SHA-256 of the whole state (the ``legacy`` switches included)."""
    return hashlib.sha256(canonical(state).encode("ascii")).hexdigest()


def steps(length: int) -> list[int]:
    """The steps whose positions a file of a ``length``-action game keeps."""
    if length < MIN_ACTIONS:
        return []
    out = set(range(FILE_EVERY, length, FILE_EVERY))
    last = (length - 1) - (length - 1) % EVERY
    out.update(s for s in range(last, max(0, length - TAIL) - 1, -EVERY) if s > 0)
    out.add(length)
    return sorted(out)


_ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode


def chain(game: Game, lines: list[str], at: Iterable[int] | None = None) -> dict[int, str]:
    """The hash of the header and the log up to each step of ``at`` (default: every
    step; 0 = the header alone): SHA-256 over the header's canonical JSON and each
    action's line (:func:`~.linelog.action_line`), one a line."""
    wanted = set(range(len(lines) + 1) if at is None else at)
    top = chain_top(game)
    memo = _memo[0] if _memo else None
    if memo is not None and memo[0] is lines and memo[1] == (len(lines), top) \
            and wanted <= memo[2].keys():
        return {n: memo[2][n] for n in wanted}  # a first opening: checked, then replayed
    h = hashlib.sha256(top)
    out = {0: h.hexdigest()} if 0 in wanted else {}
    done = 0
    for n in sorted(n for n in wanted if 0 < n <= len(lines)):
        h.update(("\n".join(lines[done:n]) + "\n").encode("utf-8"))
        done = n
        out[n] = h.copy().hexdigest()
    _memo[:] = [(lines, (len(lines), top), out)]
    return out


def chain_top(game: Any) -> bytes:
    """The first line the chain hashes: the header's canonical JSON (``game``: a
    :class:`~..engine.game.Game`, or what has its ``ruleset``, ``played_with``,
    ``scenario``, ``seed``, ``sides`` and ``start_data``)."""
    rs = game.ruleset
    head = {"format": CHAIN_FORMAT, "app": __version__, "ruleset": rs.id,
            "version": game.played_with or rs.version, "data": rs.data_digest(),
            "maps": records_to_json(rs.map_records()), "scenario": game.scenario,
            "seed": game.seed, "sides": game.sides, "game_data": game.start_data}
    return _ENCODE(head).encode("ascii") + b"\n"


_memo: list[tuple[list[Any], tuple[int, bytes], dict[int, str]]] = []
"""The last chain computed, with the log it is of (the same list, not a copy): opening a
file not verified here hashes its log once to look it up, and again to check it."""


def write(game: Game, lines: list[str]) -> list[dict[str, Any]]:
    """The ``checkpoints`` of a game file whose actions are ``lines``; remembers them as
    verified here when the game was played (or verified) by this program and nothing
    changed its state by hand."""
    wanted = steps(len(game.log))
    if not wanted or game.pbem is not None:
        return []
    trusted = not game.edited and game.state == game._shadow
    hashes = chain(game, lines, wanted) if trusted else {}
    out, found = [], {}
    for n in wanted:
        state = game.state_at(n)
        d = full_digest(state)
        out.append({"n": n, "digest": d, "state": state})
        if trusted:
            found[hashes[n]] = d
    verified.remember(found)
    return out


def read(value: Any, length: int) -> dict[int, tuple[str, State]] | None:
    """The checkpoints of a file (step -> (digest, state)); ``None`` if they are
    missing or not of the expected shape (then the log is replayed: it says what is
    wrong, if anything)."""
    if not isinstance(value, list) or not value:
        return None
    out: dict[int, tuple[str, State]] = {}
    for item in value:
        if not isinstance(item, dict):
            return None
        n, d, state = item.get("n"), item.get("digest"), item.get("state")
        if (not isinstance(n, int) or isinstance(n, bool) or not 0 < n <= length
                or not isinstance(d, str) or not isinstance(state, dict)):
            return None
        out[n] = (d, state)
    return out if length in out else None


def open_verified(game: Game, lines: list[str], value: Any) -> bool:
    """Open ``game`` (new, no action yet) at the file's last checkpoint if this computer
    has verified its positions before (``lines``: the file's actions, :mod:`.linelog`);
    return whether it did."""
    positions = read(value, len(lines))
    if positions is None or game.pbem is not None:
        return False
    hashes = chain(game, lines, positions)
    known = verified.lookup(hashes[n] for n in positions)
    for n, (d, state) in positions.items():
        if known.get(hashes[n]) != d or full_digest(state) != d:
            return False  # (the chain stays in memory for check, after the replay)
    _memo.clear()  # (lines verified here are lines this program writes: read when needed)
    entries = [LineEntry(n, line) for n, line in enumerate(lines, start=1)]
    game.adopt(entries, {n: state for n, (_, state) in positions.items()})
    return True


def check(game: Game, items: list[Any], value: Any, lines: list[str] | None = None
          ) -> list[int]:
    """After a replay of the whole log (``items``, as the file records it; ``lines``, its
    lines, if the file has one action a line): the steps whose checkpoint in the file is
    not the replayed position. The others are remembered as verified here, with the
    file's lines, up to the first action the file does not record as the replay does
    (the same JSON: a file of an older boardapp may write it otherwise)."""
    positions = read(value, len(game.log))
    if positions is None or game.pbem is not None or game.edited:
        return []
    if lines is None:
        lines = [action_line(item) for item in items]
    mine_lines = [entry_line(entry) for entry in game.log]
    hashes = chain(game, lines, positions)
    agree = len(lines)
    if hashes != chain(game, mine_lines, positions):
        agree = next((i for i, (line, mine) in enumerate(zip(lines, mine_lines, strict=True))
                      if line != mine and not _same_json(line, mine)), agree)
    _memo.clear()
    bad, found = [], {}
    for n, (d, state) in sorted(positions.items()):
        mine = full_digest(game.state_at(n))
        if d != mine or full_digest(state) != mine:
            bad.append(n)
        elif n <= agree:
            found[hashes[n]] = mine
    if not bad:
        verified.remember(found)
    return bad


def _same_json(a: str, b: str) -> bool:
    """Whether two lines hold the same JSON (``True``, ``1`` and ``1.0`` told apart)."""
    try:
        return _ENCODE(json.loads(a)) == _ENCODE(json.loads(b))
    except (ValueError, RecursionError):
        return False
