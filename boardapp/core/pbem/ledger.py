"""The local play-by-email ledger: what this computer has received, sent and rolled.

A small JSON file in the user's data folder, keyed by game id. It adds two checks that
a single file cannot make by itself:

- **A turn sent twice.** Every send seen on this computer is recorded with the hash of
  each action it closes. If a later file shows different actions under a send already
  seen (the opponent went back to an older file and played the turn again, with other
  dice), opening it fails and names the first action that differs.
- **Going back after rolling.** Once the local player has rolled dice in a turn, each of
  their actions in that turn is recorded with its position (the public state before it
  and the action). If they then go back to an older file and play differently, the
  ledger counts a *retry*; the next send carries the count, which the opponent sees.
  Playing the same actions again (after a crash) is not a retry: they give the same
  dice.

Both can be defeated by someone who deletes the ledger or plays on another computer:
they catch the casual cheat, and the README says so.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.atomic import atomic_write_text
from ..base.errors import GameFileError
from ..base.i18n import N_
from ..engine.sends import Send, first_of

if TYPE_CHECKING:
    from ..engine.game import Game
    from .pbem import Pbem

LEDGER_NAME = "pbem-ledger.json"


class Ledger:
    """The ledger file (``data_dir()/pbem-ledger.json`` unless ``path`` is given)."""

    def __init__(self, path: str | Path | None = None) -> None:
        if path is None:
            from ..base.userdirs import data_dir

            path = data_dir() / LEDGER_NAME
        self.path = Path(path)

    # -- storage ---------------------------------------------------------------------------
    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return {"games": {}}
        if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
            return {"games": {}}
        return data

    def _game(self, data: dict[str, Any], game_id: str) -> dict[str, Any]:
        entry = data["games"].setdefault(game_id, {})
        if not isinstance(entry, dict):
            entry = data["games"][game_id] = {}
        for key in ("sends", "rolls", "retries"):
            if not isinstance(entry.get(key), dict):
                entry[key] = {}
        return entry

    def _save(self, data: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.path, json.dumps(data, indent=1, sort_keys=True), sync=False)

    # -- sends -----------------------------------------------------------------------------
    def record_sends(self, pbem: Pbem, game: Game, sends: list[Send]) -> None:
        """Remember ``sends`` (received or made here)."""
        data = self._load()
        record = self._game(data, pbem.game_id)["sends"]
        for i, send in enumerate(sends):
            record[str(i)] = {"side": send.side, "upto": send.upto, "hashes": send.hashes}
        self._save(data)

    def check_received(self, game: Game, file: str) -> None:
        """Refuse a file that shows a send already seen here with other actions; then
        remember its sends. Note (not refuse) a file older than one already seen."""
        pbem = game.pbem
        if pbem is None:
            return
        data = self._load()
        known = self._game(data, pbem.game_id)["sends"]
        for i, send in enumerate(game.sends):
            seen = known.get(str(i))
            if not isinstance(seen, dict):
                continue
            first = first_of(game.sends, i)
            old = seen.get("hashes") if isinstance(seen.get("hashes"), list) else []
            for j, (a, b) in enumerate(zip(old, send.hashes, strict=False)):
                if a != b:
                    self._refuse(game, file, i, first + j)
            if seen.get("side") != send.side or len(old) != len(send.hashes):
                self._refuse(game, file, i, first + min(len(old), len(send.hashes)))
        if len(known) > len(game.sends):
            last = max((v.get("upto", 0) for v in known.values() if isinstance(v, dict)),
                       default=0)
            game.notes.append(f"This file is older than one already opened on this computer "
                              f"(it has {len(game.sends)} sends; you have seen up to action "
                              f"{last}).")
            return
        self.record_sends(pbem, game, game.sends)

    @staticmethod
    def _refuse(game: Game, file: str, index: int, number: int) -> None:
        pbem = game.pbem
        assert pbem is not None
        who = pbem.name(game, game.sends[index].side)
        raise GameFileError(file, f"actions[{number - 1}] " + str(N_("(action {n})", n=number)),
                            N_("{who} already sent a different action {number} in an earlier "
                               "file (send {value}, opened on this computer): this file plays "
                               "again a turn that was already sent, with other actions or dice",
                               who=who, number=number, value=index + 1))

    # -- the local player's turn -----------------------------------------------------------
    @staticmethod
    def _key(pbem: Pbem, index: int) -> str:
        return f"{pbem.me}:{index}"

    @staticmethod
    def _fingerprint(public_digest: str, action_text: str) -> str:
        return hashlib.sha256(f"{public_digest}|{action_text}".encode()).hexdigest()[:16]

    def note_action(self, pbem: Pbem, game: Game, number: int, public_digest: str,
                    action_text: str, rolled: bool) -> bool:
        """Record action ``number`` of the local player's turn; return whether it is a
        retry: the turn differs from one already played here after dice were rolled."""
        data = self._load()
        entry = self._game(data, pbem.game_id)
        key = self._key(pbem, pbem.own_index(game, pbem.me or "", number))
        turn = entry["rolls"].get(key)
        turn = turn if isinstance(turn, dict) else {}
        trail = {int(m): fp for m, fp in (turn.get("trail") or {}).items() if str(m).isdigit()}
        rolls = [m for m in turn.get("rolls") or [] if isinstance(m, int)]
        if not trail and not rolled:
            return False  # nothing rolled yet in this turn: nothing to protect
        now = self._fingerprint(public_digest, action_text)
        start = pbem.public_digest(game, game.initial)

        def current(m: int) -> str:
            if m == number:
                return now
            before = pbem.proofs[m - 2].public if m > 1 else start
            return self._fingerprint(before, game.log[m - 1].action.text())

        split = next((m for m in sorted(trail) if m <= number and trail[m] != current(m)),
                     None)
        retry = split is not None and any(r >= split for r in rolls)
        if split is not None:
            trail = {m: fp for m, fp in trail.items() if m < split}
            rolls = [r for r in rolls if r < split]
        trail = {m: fp for m, fp in trail.items() if m <= number}
        trail[number] = now
        if rolled:
            rolls.append(number)
        if retry:
            entry["retries"][key] = int(entry["retries"].get(key, 0) or 0) + 1
        entry["rolls"][key] = {"trail": {str(m): fp for m, fp in sorted(trail.items())},
                               "rolls": sorted(set(rolls))}
        self._save(data)
        return retry

    def retries(self, pbem: Pbem, index: int) -> int:
        """How many retries the local player's send number ``index`` carries."""
        entry = self._game(self._load(), pbem.game_id)
        value = entry["retries"].get(self._key(pbem, index), 0)
        return value if isinstance(value, int) else 0
