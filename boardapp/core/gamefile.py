"""The game file: versioned, human-readable JSON holding the setup and the action log.

Shape (PGN's: a header, then one action per line)::

    {
      "format": "boardapp-game", "version": 1, "app": "boardapp 0.1.0",
      "ruleset": {"id": "...", "version": "..."}, "scenario": "...", "seed": 123,
      "actions": [{"n": 1, "action": "move a,b dest", "side": "...", "manual": false,
                   "text": ["what the log said"], "dice": [7]}, ...],
      "digest": "sha256 of the final state"
    }

Opening parses the JSON (never executes anything), checks the version, replays the log
from the setup and compares the digest, so a hand-edited or damaged file is reported
with what is wrong and where.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .. import __version__
from .errors import BoardappError, GameFileError
from .game import Game
from .ruleset import find_ruleset
from .state import digest
from .yamlio import load_json_text

GAME_FORMAT = "boardapp-game"
GAME_VERSION = 1
MAX_GAME_FILE_BYTES = 50 * 1024 * 1024


def game_to_json(game: Game) -> dict[str, Any]:
    """The game as the JSON-able dict that a game file holds."""
    return {
        "format": GAME_FORMAT,
        "version": GAME_VERSION,
        "app": f"boardapp {__version__}",
        "ruleset": {"id": game.ruleset.id, "version": game.ruleset.version},
        "scenario": game.scenario,
        "seed": game.seed,
        "actions": [entry.to_json() for entry in game.log],
        "digest": digest(game.state),
    }


def dumps_game(game: Game) -> str:
    """The game file text: one action per line, so that a diff or a reader can follow."""
    data = game_to_json(game)
    actions = data.pop("actions")
    head = json.dumps(data, indent=1, ensure_ascii=False)
    lines = ",\n".join("  " + json.dumps(a, ensure_ascii=False) for a in actions)
    body = f'"actions": [\n{lines}\n ]' if actions else '"actions": []'
    return head[:-2] + ",\n " + body + "\n}\n"


def save_game(game: Game, path: str | Path) -> None:
    """Write the game file atomically (temporary file, flush, rename)."""
    path = Path(path)
    text = dumps_game(game)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_game(path: str | Path) -> Game:
    """Open a game file; raise :class:`GameFileError` saying what and where if it is bad."""
    path = Path(path)
    name = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_GAME_FILE_BYTES:
            raise GameFileError(name, "", f"file too large ({size} bytes) for a game file")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise GameFileError(name, "", f"cannot read the file: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise GameFileError(name, "", "not a text file (is this a boardapp game?)") from exc
    return loads_game(text, name)


def loads_game(text: str, name: str = "<game>") -> Game:
    """Parse game file text (see :func:`load_game`)."""
    try:
        data = load_json_text(text, name)
    except BoardappError as exc:
        raise GameFileError(name, getattr(exc, "place", ""),
                            f"not valid JSON: {getattr(exc, 'problem', exc)}") from exc
    if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
        raise GameFileError(name, "format", "not a boardapp game file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise GameFileError(name, "version", "missing or not a number")
    if version > GAME_VERSION:
        raise GameFileError(name, "version", f"written by a newer boardapp (format {version}, "
                                             f"this one reads {GAME_VERSION}): update boardapp")
    ruleset_info = data.get("ruleset")
    if not isinstance(ruleset_info, dict) or not isinstance(ruleset_info.get("id"), str):
        raise GameFileError(name, "ruleset", "missing ruleset id")
    try:
        ruleset = find_ruleset(ruleset_info["id"])
    except BoardappError as exc:
        raise GameFileError(name, "ruleset.id", str(exc)) from exc
    scenario = data.get("scenario")
    if not isinstance(scenario, str):
        raise GameFileError(name, "scenario", "missing scenario id")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GameFileError(name, "seed", "missing or not a whole number")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise GameFileError(name, "actions", "expected a list of actions")
    try:
        game = Game(ruleset, scenario, seed)
    except BoardappError as exc:
        raise GameFileError(name, "scenario", str(exc)) from exc
    for i, item in enumerate(actions):
        place = f"actions[{i}] (action {i + 1})"
        if not isinstance(item, dict) or not isinstance(item.get("action"), str):
            raise GameFileError(name, place, "expected {\"action\": \"...\", ...}")
        side = item.get("side")
        if side is not None and not isinstance(side, str):
            raise GameFileError(name, f"{place}.side", "expected a side id")
        try:
            entry = game.push(item["action"], side=side)
        except BoardappError as exc:
            raise GameFileError(name, place, f"'{item['action']}' cannot be replayed: {exc}") \
                from exc
        recorded = item.get("dice")
        if isinstance(recorded, list) and recorded != entry.dice:
            raise GameFileError(name, place, f"the dice recorded ({recorded}) differ from the "
                                             f"replayed dice ({entry.dice}): the file was edited")
    expected = data.get("digest")
    if expected is not None and expected != digest(game.state):
        raise GameFileError(name, "digest", "the final state does not match the action log: "
                                            "the file was edited or damaged")
    return game
