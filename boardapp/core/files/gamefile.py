"""The game file: versioned, human-readable JSON holding the setup and the action log.

Shape (PGN's: a header, then one action per line)::

    {
      "format": "boardapp-game", "version": 2, "app": "boardapp 0.1.0",
      "mode": "hotseat" | "pbem",
      "ruleset": {"id": "...", "version": "...", "data": "digest of the maps and data"},
      "maps": {"main": {"file": "x.yaml", "origin": "shipped" | "user", "digest": "..."}},
      "scenario": "...", "seed": 123,
      "sides": ["...", ...],            # only when the set-up chose the sides that play
      "seats": {"side": "normal", ...}, # the sides the computer plays (one desk only)
      "pbem": {"game_id": "...", "players": [{"side", "name", "anchor", "public_key",
               "keybox", "chain_length"}, ...]},                       # play by email only
      "sends": [{"side": "...", "upto": 12, "at": "2025-...", ...}, ...],
      "digest": "sha256 of the final state (the public state, by email)",
      "actions": [{"n": 1, "action": "move a,b dest", "side": "...", "manual": false,
                   "text": ["what the log said"], "dice": [7], ...}, ...]
    }

Opening reads at most :data:`MAX_GAME_FILE_BYTES`, parses the JSON (never executes
anything), brings an older format up to date (:mod:`boardapp.core.files.migrations`), checks
every field's shape, replays the log from the set-up and checks each action's dice,
state digest, seeds and signatures, so that a damaged or edited file is reported with
the file, the first bad place and what is wrong (:class:`GameFileError`). Saving is
atomic (:mod:`boardapp.core.base.atomic`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ... import __version__
from ..ai.seats import check_seats
from ..base.atomic import atomic_write_text
from ..base.errors import BoardappError, GameFileError, quote
from ..base.i18n import N_
from ..base.yamlio import load_json_text
from ..board.maps import MapProvider, map_notes, records_from_json, records_to_json
from ..engine import heap
from ..engine.datasheets import check_values
from ..engine.game import Game
from ..engine.ruleset import Ruleset, find_ruleset
from ..engine.sends import Send, first_of
from ..engine.state import digest
from ..pbem.pbem_format import (
    Reader,
    check_upto,
    read_players,
    read_record,
    read_sends,
    record_json,
)
from . import checkpoints
from .gamebytes import MAX_GAME_FILE_BYTES, read_game_bytes
from .linelog import SENTINEL, ActionLines, action_line, entry_line, split_actions
from .migrations import GAME_VERSION, migrate

if TYPE_CHECKING:
    from ..pbem.ledger import Ledger

GAME_FORMAT = "boardapp-game"
MODES = ("hotseat", "pbem")

__all__ = ["GAME_FORMAT", "GAME_VERSION", "MAX_GAME_FILE_BYTES", "game_to_json", "dumps_game",
           "save_game", "load_game", "loads_game", "loads_game_bytes", "read_game_bytes",
           "save_for_opponent", "unlock_game"]


# -- writing ----------------------------------------------------------------------------------
def final_digest(game: Game) -> str:
    """The digest the file ends with: of the state, or of the public state by email."""
    if game.pbem is not None:
        return game.pbem.public_digest(game, game.state)
    return digest(game.state)


def game_to_json(game: Game) -> dict[str, Any]:
    """The game as the JSON-able dict that a game file holds."""
    data, lines = _game_document(game)
    data["actions"] = [json.loads(line) for line in lines]
    return data


def _game_document(game: Game) -> tuple[dict[str, Any], list[str]]:
    """The game file's JSON, its ``"actions"`` apart: each action's line."""
    data: dict[str, Any] = {
        "format": GAME_FORMAT,
        "version": GAME_VERSION,
        "app": f"boardapp {__version__}",
        "mode": game.mode,
        "ruleset": {"id": game.ruleset.id, "version": game.played_with or game.ruleset.version,
                    "data": game.ruleset.data_digest()},
    }
    maps = game.ruleset.map_records()
    if maps:
        data["maps"] = records_to_json(maps)
    data |= {
        "scenario": game.scenario,
        "seed": game.seed,
    }
    if game.sides is not None:
        data["sides"] = list(game.sides)
    start_data = game.start_data
    if start_data:
        data["game_data"] = start_data
    if game.seats and game.pbem is None:
        data["seats"] = dict(game.seats)
    pbem = game.pbem
    if pbem is not None:
        data["pbem"] = {"game_id": pbem.game_id,
                        "players": [p.to_json() for p in pbem.players.values()]}
    data["sends"] = [s.to_json() for s in game.sends]
    data["digest"] = final_digest(game)
    data["actions"] = SENTINEL  # (its place among the keys)
    if pbem is not None:
        lines = [action_line(pbem.entry_json(game, i)) for i in range(len(game.log))]
    else:
        lines = [entry_line(entry) for entry in game.log]  # (a line read from the file as is)
        kept = checkpoints.write(game, lines)
        if kept:
            data["checkpoints"] = kept
    return data, lines


def dumps_game(game: Game) -> str:
    """The game file text: one action (and one send) per line, so a reader can follow
    (and a long game opens without reading them: :mod:`.linelog`)."""
    data, actions = _game_document(game)
    lists = {key: data.pop(key) for key in ("sends", "actions", "checkpoints") if key in data}
    lists["actions"] = actions
    head = json.dumps(data, indent=1, ensure_ascii=False)
    parts = []
    for key, items in lists.items():
        texts = items if key == "actions" else [action_line(item) for item in items]
        lines = "  " + ",\n  ".join(texts)
        parts.append(f'"{key}": [\n{lines}\n ]' if items else f'"{key}": []')
    return head[:-2] + ",\n " + ",\n ".join(parts) + "\n}\n"


def save_game(game: Game, path: str | Path) -> None:
    """Write the game file atomically (temporary file, flush, rename)."""
    atomic_write_text(path, dumps_game(game))


def save_for_opponent(game: Game, path: str | Path, side: str | None = None) -> Send | None:
    """Record a send (the opponent will see the log up to here) and save the file.

    In a play-by-email game the send is the local player's, reveals their next dice seed
    and is signed; nothing is recorded if they have played nothing since their last
    send. In a hot-seat game ``side`` (default: the side of the last action) is the
    sender. Return the new send, if any.
    """
    send: Send | None
    if game.pbem is not None:
        send = game.pbem.make_send(game)
    else:
        sender = side or (game.log[-1].side if game.log else game.state.get("active", ""))
        send = Send(sender, len(game.log), _now())
    if send is not None:
        game.sends.append(send)
    save_game(game, path)
    return send


def _now() -> str:
    from ..engine.sends import now_iso

    return now_iso()


# -- reading ----------------------------------------------------------------------------------
def load_game(path: str | Path, *, passphrase: str | None = None, side: str | None = None,
              ledger: Ledger | None = None, maps: MapProvider | None = None,
              verified_here: bool = True, data: bytes | None = None,
              parsed: Any = None) -> Game:
    """Open a game file; raise :class:`GameFileError` saying what and where if it is bad.

    A play-by-email file opens without a passphrase as the public view (anyone can
    verify it); with the player's ``passphrase`` (and ``side``, else every player's
    keybox is tried) it shows that player's hidden information and lets them play.
    With a ``ledger``, a turn the opponent already sent and sends again differently is
    refused (:mod:`boardapp.core.pbem.ledger`). ``maps``: where the ruleset reads its
    maps (the app hands in the user's edited maps; default: the shipped ones); a map that
    differs from the one the file records the game was played on adds a note.
    ``verified_here``: a hot-seat game opens at its last checkpoint when this computer
    has verified that position before (:mod:`.checkpoints`); false replays and checks
    the whole log whatever this computer knows (``boardapp verify``).
    ``data``, ``parsed``: the file's bytes and their JSON, if the caller has read them
    already (the file is then read and parsed once).
    """
    name = str(path)
    if data is None:
        data, parsed = read_game_bytes(path), None
    return loads_game_bytes(data, name, passphrase=passphrase, side=side, ledger=ledger,
                            maps=maps, verified_here=verified_here, parsed=parsed)


def loads_game_bytes(data: bytes, name: str = "<game>", **kwargs: Any) -> Game:
    """Parse the bytes of a game file (see :func:`load_game`)."""
    if len(data) > MAX_GAME_FILE_BYTES:
        raise GameFileError(name, "", N_("file too large for a game file"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GameFileError(name, N_("byte {n}", n=exc.start + 1),
                            N_("not UTF-8 text (is this a boardapp game?)")) from exc
    game = loads_game(text, name, **kwargs)
    heap.settle(len(game.log))  # a long game: no full collector pass during its play
    return game


def parse_game_bytes(data: bytes) -> Any:
    """The JSON of a game file's bytes, its actions perhaps not read yet (see
    :func:`parse_game_text`); ``None`` if it is not UTF-8 JSON (loading says why)."""
    try:
        return parse_game_text(data.decode("utf-8"))
    except (UnicodeDecodeError, GameFileError):
        return None


def parse_game_text(text: str, name: str = "<game>") -> Any:
    """The JSON of a game file's text (:class:`GameFileError` if it is not JSON); a file
    laid out one action a line as this program writes it keeps its ``"actions"`` as
    their lines (:class:`~.linelog.ActionLines`), read when needed."""
    split = split_actions(text)
    if split is not None:
        try:
            data = json.loads(split[0])
        except (ValueError, RecursionError):
            data = None
        if isinstance(data, dict) and data.get("actions") == SENTINEL:
            data["actions"] = ActionLines(split[1],
                                          lambda: _parse_json(text, name).get("actions"))
            return data
    return _parse_json(text, name)


def _parse_json(text: str, name: str) -> Any:
    try:
        return load_json_text(text, name)
    except BoardappError as exc:
        raise GameFileError(name, getattr(exc, "place", ""),
                            N_("not valid JSON: {getattr}",
                               getattr=getattr(exc, 'problem', exc))) from exc
    except RecursionError as exc:
        raise GameFileError(name, "", N_("not a game file: nested too deeply")) from exc
    except ValueError as exc:  # e.g. a number with too many digits
        raise GameFileError(name, "", N_("not valid JSON: {exc}", exc=exc)) from exc


def loads_game(text: str, name: str = "<game>", *, passphrase: str | None = None,
               side: str | None = None, ledger: Ledger | None = None,
               maps: MapProvider | None = None, verified_here: bool = True,
               parsed: Any = None) -> Game:
    """Parse game file text (see :func:`load_game`); ``parsed``: its JSON, if the caller
    has parsed it already (``json.loads(text)`` or :func:`parse_game_text`)."""
    data = parse_game_text(text, name) if parsed is None else parsed
    if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
        raise GameFileError(name, "format", N_("not a boardapp game file"))
    written = (data.get("version"), data.get("app"), _ruleset_version(data))
    data = migrate(data, name)
    r = Reader(name)
    mode = data.get("mode")
    if mode not in MODES:
        raise GameFileError(name, "mode", N_("unknown game mode {mode} (expected hotseat or "
                                             "pbem): written by a newer boardapp? update it",
                                             mode=quote(mode)))
    ruleset = _ruleset(r, data, maps)
    scenario = data.get("scenario")
    if not isinstance(scenario, str):
        raise GameFileError(name, "scenario", N_("missing scenario id"))
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GameFileError(name, "seed", N_("missing or not a whole number"))
    actions = data.get("actions")
    lines = actions.lines if isinstance(actions, ActionLines) else None
    quick = mode == "hotseat" and verified_here and data.get("checkpoints") is not None
    if isinstance(actions, ActionLines) and not quick:
        actions, lines = _read_lines(actions)
    if not isinstance(actions, list | ActionLines):
        raise GameFileError(name, "actions", N_("expected a list of actions"))
    start_data = _game_data(r, ruleset, data.get("game_data", {}))
    chosen = data.get("sides")
    if chosen is not None and (not isinstance(chosen, list)
                               or not all(isinstance(x, str) for x in chosen)):
        raise GameFileError(name, "sides", N_("expected a list of side ids"))
    played = _ruleset_version(data)

    def new_game() -> Game:
        try:
            return Game(ruleset, scenario, seed, start_data,
                        played if isinstance(played, str) else None, sides=chosen)
        except BoardappError as exc:
            raise GameFileError(name, "sides" if chosen else "scenario", str(exc)) from exc
        except Exception as exc:  # a ruleset's set-up failing on a strange seed
            raise GameFileError(name, "seed", N_("the set-up fails: {name}: {exc}",
                                                 name=type(exc).__name__, exc=exc)) from exc

    game = new_game()
    game.notes += _map_notes(game, data)
    sides = [s.id for s in ruleset.sides]
    try:
        seats = check_seats(sides, data.get("seats"), by_email=mode != "hotseat")
    except BoardappError as exc:
        raise GameFileError(name, "seats", str(exc)) from exc
    if mode == "hotseat":
        kept = data.get("checkpoints")
        if not (quick and lines is not None and _open_verified(game, lines, kept)):
            if game.log:  # its checkpoints failed their replay: replay it all
                notes, game = game.notes, new_game()
                game.notes = notes
            if isinstance(actions, ActionLines):
                actions, lines = _read_lines(actions)
            _replay_hotseat(r, game, actions, sides, _version_hint(game, data))
            _check_checkpoints(r, game, actions, kept, written, lines)
        game.seats = seats
        game.sends = read_sends(r, data.get("sends"), sides, False, len(game.log))
        expected = data.get("digest")
        if expected is not None and expected != digest(game.state):
            now = (GAME_VERSION, f"boardapp {__version__}", game.ruleset.version)
            if written == now:
                raise GameFileError(name, "digest", N_("the final state does not match the "
                                                       "action log: the file was edited or "
                                                       "damaged"))
            game.notes.append(f"This file was written by {written[1]} (format {written[0]}, "
                              f"{game.ruleset.name} {written[2]}). Its actions and dice replay "
                              "exactly, but the rules have changed since: the final state "
                              "is the one today's rules give.")
        return game
    _open_pbem(r, game, data, actions, passphrase, side)
    if data.get("digest") != final_digest(game):
        raise GameFileError(name, "digest", N_("the final public state does not match the action "
                                               "log: the file was edited or damaged"))
    if ledger is not None:
        ledger.check_received(game, name)
        assert game.pbem is not None
        game.pbem.ledger = ledger
    return game


def _read_lines(actions: ActionLines) -> tuple[Any, list[str] | None]:
    """The actions' JSON, and their lines if each is one action's."""
    items = actions.items()
    return items, (actions.lines if actions.faithful else None)


def _ruleset(r: Reader, data: dict[str, Any], maps: MapProvider | None) -> Ruleset:
    info = data.get("ruleset")
    if not isinstance(info, dict) or not isinstance(info.get("id"), str):
        raise r.fail("ruleset", N_("missing ruleset id"))
    try:
        return find_ruleset(info["id"], maps)
    except BoardappError as exc:
        raise r.fail("ruleset.id", str(exc)) from exc


def _game_data(r: Reader, ruleset: Ruleset, value: Any) -> dict[str, Any]:
    """The game data the file's game started with, checked against the ruleset's sheets
    (a file without any, written before game data existed, reads the data files)."""
    if not isinstance(value, dict):
        raise r.fail("game_data", N_("expected a mapping of data sheets"))
    sheets = {s.id: s for s in ruleset.data_sheets()}
    for sheet_id, values in value.items():
        if sheet_id not in sheets:
            raise r.fail(f"game_data.{sheet_id}", N_("{name} has no such data sheet ({value})",
                                                     name=ruleset.name,
                                                     value=', '.join(sheets) or 'none'))
        if not isinstance(values, dict):
            raise r.fail(f"game_data.{sheet_id}", N_("expected a mapping"))
        problems = check_values(sheets[sheet_id], values)
        if problems:
            place, _, problem = problems[0].partition(": ")
            raise r.fail(f"game_data.{sheet_id}.{place}", problem)
    return value


def _ruleset_version(data: Any) -> Any:
    info = data.get("ruleset") if isinstance(data, dict) else None
    return info.get("version") if isinstance(info, dict) else None


def _map_notes(game: Game, data: dict[str, Any]) -> list[str]:
    """What differs between the maps the file says the game was played on and the maps
    used here (nothing for a file without the record, written before it existed)."""
    saved = records_from_json(data.get("maps"))
    if not saved:
        return []
    ruleset = game.ruleset
    titles = {}
    for board in saved:
        try:
            titles[board] = ruleset.board_title(board)
        except (BoardappError, OSError, KeyError):
            titles[board] = board
    return map_notes(saved, ruleset.map_records(), titles)


def _version_hint(game: Game, data: dict[str, Any]) -> str:
    info = data.get("ruleset")
    saved_data = info.get("data") if isinstance(info, dict) else None
    maps = "".join(f". {note}" for note in _map_notes(game, data))
    if saved_data is not None and saved_data != game.ruleset.data_digest():
        return (" (the map or the ruleset's data files were edited since this game was "
                f"saved: undo the edit to open it, or start a new game{maps})")
    if maps:
        return f" ({maps[2:]})"
    played = info.get("version") if isinstance(info, dict) else None
    if played is not None and played != game.ruleset.version:
        return (f" (the game was played with {game.ruleset.name} version {played}; this "
                f"boardapp has version {game.ruleset.version})")
    return ""


def _open_verified(game: Game, lines: list[str], kept: Any) -> bool:
    """Open at the file's last checkpoint if this computer verified it before, learning
    the deltas of the last actions at once (quick undo); whether it did."""
    if not checkpoints.open_verified(game, lines, kept):
        return False
    try:
        game.learn_last()
    except Exception:  # the rules changed under an unchanged version: replay it all
        return False
    return True


def _check_checkpoints(r: Reader, game: Game, actions: list[Any], kept: Any,
                       written: tuple[Any, Any, Any], lines: list[str] | None = None) -> None:
    """After a replay: a checkpoint of this format that is not the position the log
    gives was edited (one of an older boardapp may differ: the rules changed).
    ``lines``: the actions' lines in the file, if it has one action a line."""
    if kept is None:
        return
    if checkpoints.read(kept, len(actions)) is None:
        raise r.fail("checkpoints", N_('expected a list of {{"n", "digest", "state"}} ending '
                                       "with the last action's"))
    bad = checkpoints.check(game, actions, kept, lines)
    now = (GAME_VERSION, f"boardapp {__version__}", game.ruleset.version)
    if bad and written == now:
        i = [c.get("n") for c in kept].index(bad[0])
        raise r.fail(f"checkpoints[{i}] " + str(N_("(the position after action {n})", n=bad[0])),
                     N_("not the position the action log gives: the file was edited or damaged"))


def _replay_hotseat(r: Reader, game: Game, actions: list[Any], sides: list[str],
                    hint: str = "") -> None:
    with game.replaying():
        _replay_actions(r, game, actions, sides, hint)


def _replay_actions(r: Reader, game: Game, actions: list[Any], sides: list[str],
                    hint: str) -> None:
    for i, item in enumerate(actions):
        place = f"actions[{i}] (action {i + 1})"
        if not isinstance(item, dict) or not isinstance(item.get("action"), str):
            raise r.fail(place, N_('expected {{"action": "...", ...}}'))
        side = item.get("side")
        if side is not None and side not in sides:
            raise r.fail(f"{place}.side", N_("expected a side id ({sides})",
                                             sides=', '.join(sides)))
        try:
            entry = game.push(item["action"], side=side)
        except BoardappError as exc:
            raise r.fail(place, N_("{item} cannot be replayed: {exc}{hint}",
                                   item=quote(item['action']), exc=exc, hint=hint)) \
                from exc
        except Exception as exc:  # the rules failing on strange input must not crash us
            raise r.fail(place, N_("{item} cannot be replayed: the rules failed ({name}: "
                                   "{exc}){hint}", item=quote(item['action']),
                                   name=type(exc).__name__, exc=exc, hint=hint)) from exc
        recorded = item.get("dice")
        if isinstance(recorded, list) and recorded != entry.dice:
            raise r.fail(place, N_("the dice recorded ({recorded}) differ from the replayed dice "
                                   "({dice}): the file was edited", recorded=quote(recorded),
                                   dice=entry.dice))


def _open_pbem(r: Reader, game: Game, data: dict[str, Any], actions: list[Any],
               passphrase: str | None, side: str | None) -> None:
    """Set up the play-by-email header and keys, then replay and check every action."""
    # Play by email's keys (cryptography) are imported when such a game is opened.
    from ..pbem.keys import PassphraseError, PlayerKeys
    from ..pbem.pbem import KeyMismatchError, Pbem, player_sides, seed_for

    header = r.mapping(data.get("pbem"), "pbem")
    game_id = r.hexa(header.get("game_id"), "pbem.game_id", 16)
    if game.seed != seed_for(game_id):
        raise r.fail("seed", N_("the set-up seed is not the one of this game id: the file was "
                                "edited"))
    pbem = Pbem(game_id, read_players(r, header.get("players"), player_sides(game)))
    if game.sides is not None and sorted(game.sides) != sorted(pbem.players):
        raise r.fail("sides", N_("the sides set up are not the players' sides: the file was "
                                 "edited"))
    game.pbem = pbem
    for i, player in enumerate(pbem.players.values()):
        if player.opened is not None:
            try:
                pbem.add_keys(player.side, PlayerKeys(bytes.fromhex(player.opened)))
            except KeyMismatchError as exc:
                raise r.fail(f"pbem.players[{i}].opened", str(exc)) from exc
    if passphrase is not None:
        try:
            pbem.unlock(passphrase, side)
        except KeyMismatchError as exc:  # the player's own key is not the header's
            raise r.fail(f"pbem.players[{list(pbem.players).index(exc.side)}]",
                         str(exc)) from exc
        except PassphraseError as exc:
            raise PassphraseError(N_("{file}: {exc}", file=r.file, exc=exc)) from exc
    game.refresh_views()
    sends = read_sends(r, data.get("sends"), list(pbem.players), True, None)
    if actions and not pbem.all_joined:
        raise r.fail("actions", N_("actions were played before every player joined"))
    game.sends = sends
    _replay_pbem(r, game, actions, _version_hint(game, data))
    if pbem.me is not None and pbem.unsent_by_others(game) is not None:
        game.notes.append(pbem.why_not_playing(game) + ".")


def _replay_pbem(r: Reader, game: Game, actions: list[Any], hint: str) -> None:
    from ..pbem.pbem import StepError
    from ..pbem.pbem_verify import check_send_opening, check_send_signature, replay_record

    pbem = game.pbem
    assert pbem is not None
    sides = [s.id for s in game.ruleset.sides]
    sends = game.sends
    owner = {}
    for s, send in enumerate(sends):
        for n in range(first_of(sends, s), send.upto + 1):
            owner[n] = s
    pending_by: str | None = None
    for i, item in enumerate(actions):
        number = i + 1
        place = f"actions[{i}] (action {number})"
        record = read_record(r, item, i, sides, pbem.players)
        s = owner.get(number)
        try:
            if s is not None:
                send = sends[s]
                first = first_of(sends, s)
                if number == first:
                    check_send_opening(pbem, game, s)
                if record.by != send.side:
                    raise StepError(N_("recorded as played by {by} but sent by {side}",
                                       by=pbem.name(game, record.by),
                                       side=pbem.name(game, send.side)))
                own: str | None = send.reveal
            else:
                if pending_by not in (None, record.by):
                    raise StepError(N_("actions not yet sent must all be the same player's"))
                pending_by = record.by
                own = None
                if record.by in pbem.keys:
                    index = pbem.own_index(game, record.by, number)
                    own = pbem.chain(record.by).value(index).hex()
            entry, after, proof = replay_record(pbem, game, record, own)
            if s is not None and pbem.entry_hash(game, record_json(record, number)) != \
                    sends[s].hashes[number - first_of(sends, s)]:
                raise StepError(N_("this action is not the one {side} sent and signed: it was "
                                   "changed after it was sent",
                                   side=pbem.name(game, sends[s].side)))
        except StepError as exc:
            raise r.fail(place, N_("{exc}{hint}", exc=exc, hint=hint)) from exc
        game.append_checked(entry, after)
        pbem.proofs.append(proof)
        if s is not None and number == sends[s].upto:
            try:
                check_send_signature(pbem, game, sends[s])
            except StepError as exc:
                first = first_of(sends, s)
                raise r.fail(f"sends[{s}] " + str(N_("(actions {first}-{last})", first=first,
                                                      last=number)), str(exc)) from exc
    if sends:
        check_upto(r, f"sends[{len(sends) - 1}]", sends[-1].upto, len(actions))


def unlock_game(game: Game, passphrase: str, side: str | None = None) -> Game:
    """The same game opened again with a player's passphrase (their view, able to play)."""
    if game.pbem is None:
        return game
    return loads_game(dumps_game(game), "<open game>", passphrase=passphrase, side=side)
