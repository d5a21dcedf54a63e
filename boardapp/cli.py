"""The ``boardapp`` command: the GUI, and headless commands for scripting and teaching.

    boardapp [FILE]                          the board (a new default game, or FILE)
    boardapp rulesets                        installed rulesets and their scenarios
    boardapp new RULESET SCENARIO -o FILE [--sides A,B,C]   a new game file
    boardapp show FILE                       a text summary of the game
    boardapp show FILE --json                the public view of the position as JSON
    boardapp actions FILE                    the legal actions now, one per line
    boardapp play FILE ACTION [--dice N,N]   apply one action and save the file
    boardapp undo FILE                       take back the last action
    boardapp render FILE -o board.png        draw the board to a PNG, no display needed
    boardapp render FILE --scan SCAN -o board.png   the same over your calibrated scan
    boardapp render FILE --board ID -o board.png    another board of the game (a battle map)
    boardapp map check MAPFILE               validate a map file, every problem with its place
    boardapp map calibrate MAPFILE SCAN --point NAME=X,Y ...   fit a scan to the map
    boardapp log FILE                        the action log in plain words
    boardapp measure FILE PIECE PIECE        on a table: distance, line of sight, cover, range
    boardapp play FILE place PIECE X,Y[,F]   on a table: put a figure at X,Y cm facing F degrees

Play by email (see the README's "Play by email"):

    boardapp new RULESET SCENARIO -o FILE --pbem --players SIDE=NAME SIDE=NAME --as SIDE
    boardapp join FILE --as SIDE             another player joins the game received
    boardapp send FILE                       "Save for the others": close your turn, save
    boardapp email FILE -o MESSAGE.eml [--to ADDRESS ...]
                                             the same, and write the email with the file
    boardapp verify FILE                     check everything; non-zero at the first bad step
    boardapp replay FILE [--from N] [--to M] each action with the state after it
    boardapp reveal FILE                     at the end: open your seal for all to check

A player's passphrase is read from ``--passphrase-file FILE``, else from
``$BOARDAPP_PASSPHRASE``, else asked in the terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import getpass
import importlib
import json
import os
import random
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from . import __version__, cli_ai, cli_map, cli_table
from .core.base.errors import BoardappError, GameFileError, IllegalActionError, quote
from .core.base.i18n import LANGUAGES, N_, _, normalise
from .core.base.names import check_player_name

if TYPE_CHECKING:
    from .core.engine.game import Game
    from .core.engine.ruleset import available_rulesets, find_ruleset
    from .core.files.gamefile import (
        load_game,
        parse_game_bytes,
        save_for_opponent,
        save_game,
    )
    from .core.files.quickopen import Position
    from .core.scan.usermaps import UserMaps

_ENGINE = {
    "Game": ".core.engine.game",
    "available_rulesets": ".core.engine.ruleset",
    "find_ruleset": ".core.engine.ruleset",
    "load_game": ".core.files.gamefile",
    "parse_game_bytes": ".core.files.gamefile",
    "save_for_opponent": ".core.files.gamefile",
    "save_game": ".core.files.gamefile",
    "UserMaps": ".core.scan.usermaps",
}
"""The engine's names this module uses, imported when a command runs (``--help``, the
parser and the window's start do not pay for the engine's imports twice)."""


def __getattr__(name: str) -> Any:
    """Import one of the engine's names on first use (``boardapp.cli.load_game``)."""
    if name not in _ENGINE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_ENGINE[name], __package__), name)
    globals()[name] = value
    return value


def _load_engine() -> None:
    """Bind every engine name this module's commands use (those already bound, e.g.
    replaced by a test, stay)."""
    for name in _ENGINE:
        if name not in globals():
            __getattr__(name)

COMMANDS = ("rulesets", "new", "show", "actions", "play", "undo", "render", "log",
            "join", "send", "email", "verify", "replay", "reveal", "map", "selftest",
            "measure", "arena", "hint")
QUICK_COMMANDS = ("show", "actions")
"""Commands that may answer from a position verified here before without the game
(:func:`_verified_position`): they import the engine only when they open the game."""
EXIT_ERROR = 1
EXIT_ILLEGAL = 2


def _parser() -> argparse.ArgumentParser:
    from .cli_words import translate_argparse

    translate_argparse()  # usage:, options, argparse's errors in the language chosen
    p = argparse.ArgumentParser(prog="boardapp", description=_("A digital board for "
                                                               "historical wargames. Without "
                                                               "a command, opens the board."))
    p.add_argument("--version", action="version", version=f"boardapp {__version__}")
    p.add_argument("--lang", choices=sorted(LANGUAGES), default=None,
                   help=_("the language (default: $BOARDAPP_LANG, the preference, the "
                          "system's)"))
    sub = p.add_subparsers(dest="command")
    who = argparse.ArgumentParser(add_help=False)
    who.add_argument("--as", dest="as_side", default=None, metavar="SIDE",
                     help=_("your side in a play-by-email game (default: found from the "
                            "passphrase)"))
    who.add_argument("--passphrase-file", default=None, metavar="FILE",
                     help=_("read your passphrase from the first line of FILE (else "
                            "$BOARDAPP_PASSPHRASE, else asked)"))
    sub.add_parser("rulesets", help=_("list installed rulesets and their scenarios"))
    new = sub.add_parser("new", help=_("write a new game file"), parents=[who])
    new.add_argument("ruleset")
    new.add_argument("scenario")
    new.add_argument("-o", "--output", required=True)
    new.add_argument("--seed", type=int, default=None, help=_("dice seed (default: random)"))
    new.add_argument("--sides", default=None, metavar="SIDE,SIDE,...",
                     help=_("the sides that play, where the scenario lets the set-up choose "
                            "them (default: all its sides; by email: the players' sides)"))
    new.add_argument("--pbem", action="store_true",
                     help=_("a play-by-email game: committed dice, hidden hands, signed sends"))
    new.add_argument("--players", nargs="+", default=[], metavar="SIDE=NAME",
                     help=_("the players of a play-by-email game, e.g. red=Alice"))
    new.add_argument("--draw-sides", action="store_true",
                     help=_("draw the sides at random among the players named (you keep "
                            "your name, --as names the side you gave it)"))
    show = sub.add_parser("show", help=_("text summary of a game"), parents=[who])
    show.add_argument("file")
    show.add_argument("--json", action="store_true",
                      help=_("the public view of the position as JSON (pieces, places, "
                             "control, scores, who decides; secrets as counts)"))
    actions = sub.add_parser("actions", help=_("the legal actions now"), parents=[who])
    actions.add_argument("file")
    play = sub.add_parser("play", help=_("apply one action and save the file"), parents=[who])
    play.add_argument("file")
    play.add_argument("action", nargs="+", help=_('the action, e.g. "move a,b rennes"'))
    play.add_argument("--dice", default=None,
                      help=_("set the next die results by hand, e.g. 3,7 (logged as manual)"))
    undo = sub.add_parser("undo", help=_("take back the last action and save the file"),
                          parents=[who])
    undo.add_argument("file")
    render = sub.add_parser("render", help=_("draw the board to a PNG"))
    render.add_argument("file")
    render.add_argument("-o", "--output", required=True)
    render.add_argument("--scale", type=float, default=1.0)
    render.add_argument("--board", default=None,
                        help=_("which board of a game with several (e.g. a battle map); "
                               "default: the main board"))
    cli_map.add_render_options(render)
    log = sub.add_parser("log", help=_("the action log in plain words"), parents=[who])
    log.add_argument("file")
    join = sub.add_parser("join", help=_("join a play-by-email game as SIDE"), parents=[who])
    join.add_argument("file")
    send = sub.add_parser("send", help=_("save for the other players: close your turn and save"),
                          parents=[who])
    send.add_argument("file")
    email = sub.add_parser("email", help=_("save for the other players and write an email "
                                           "(.eml) with the game attached"), parents=[who])
    email.add_argument("file")
    email.add_argument("-o", "--output", required=True, help=_("the .eml file to write"))
    email.add_argument("--to", nargs="+", default=None, metavar="ADDRESS",
                       help=_("the other players' email addresses (several, or separated by "
                              "commas)"))
    email.add_argument("--from", dest="from_addr", default=None, help=_("your email address"))
    verify = sub.add_parser("verify", help=_("check the whole file: replay, dice, seeds, "
                                             "signatures; non-zero at the first bad step"),
                            parents=[who])
    verify.add_argument("file")
    replay = sub.add_parser("replay", help=_("the actions with the state after each"),
                            parents=[who])
    replay.add_argument("file")
    replay.add_argument("--from", dest="start", type=int, default=None, metavar="N",
                        help=_("first action (0 shows the set-up; default: 1)"))
    replay.add_argument("--to", dest="stop", type=int, default=None, metavar="M",
                        help=_("last action (default: the last one)"))
    reveal = sub.add_parser("reveal", help=_("game over: open your seal so that everyone can "
                                             "check your hidden actions"), parents=[who])
    reveal.add_argument("file")
    cli_map.add_map_parser(sub)
    selftest = sub.add_parser("selftest", help=_("check this installation: open each game in "
                                                 "the window, play, save and reopen it"))
    selftest.add_argument("rulesets", nargs="*", help=_("only these rulesets (default: all)"))
    cli_table.add_measure_parser(sub, [who])
    cli_ai.add_parsers(sub, who)
    return p


def take_lang(argv: list[str]) -> tuple[list[str], str | None]:
    """``argv`` without ``--lang fr|en`` (anywhere, for the window and every command),
    and the language it asks for (``None``: not given)."""
    out, lang, i = [], None, 0
    while i < len(argv):
        word = argv[i]
        if word == "--lang" and i + 1 < len(argv):
            lang, i = argv[i + 1], i + 2
            continue
        if word.startswith("--lang="):
            lang = word.partition("=")[2]
        else:
            out.append(word)
        i += 1
    return out, lang


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``boardapp`` console script."""
    argv, lang = take_lang(list(sys.argv[1:] if argv is None else argv))
    if lang is not None and normalise(lang) is None:
        print(_("error: --lang {lang}: boardapp speaks {languages}").format(
            lang=lang, languages=", ".join(LANGUAGES)), file=sys.stderr)
        return EXIT_ERROR
    from .core.files.preferences import choose_language

    choose_language(lang)
    if not argv or (argv[0] not in COMMANDS and not argv[0].startswith("-")):
        from .ui.app import run_gui

        return run_gui(argv[0] if argv else None)
    args = _parser().parse_args(argv)
    if args.command is None:
        from .ui.app import run_gui

        return run_gui(None)
    try:
        if args.command not in QUICK_COMMANDS:
            _load_engine()
        with _quick_process():
            return COMMAND_FUNCS[args.command](args)
    except IllegalActionError as exc:
        print(N_("illegal: {exc}", exc=exc), file=sys.stderr)
        return EXIT_ILLEGAL
    except BoardappError as exc:
        print(N_("error: {exc}", exc=exc), file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:  # output piped into `head`: not an error
        sys.stderr.close()
        return 0
    except OSError as exc:
        print(N_("error: {exc}", exc=exc), file=sys.stderr)
        return EXIT_ERROR


@contextlib.contextmanager
def _quick_process() -> Iterator[None]:
    """While a command runs: maps checked here before skip their geometry checks
    (:mod:`.core.files.checkedmaps`), YAML files read here before are read as JSON
    (:mod:`.core.files.parsedyaml`); afterwards, as before (a test calls :func:`main`
    again and again in one process)."""
    from .core.base.yamlio import use_parsed_cache
    from .core.board.mapdata import use_checked_maps
    from .core.files import checkedmaps, parsedyaml

    checkedmaps.install()
    parsedyaml.install()
    try:
        yield
    finally:
        use_checked_maps(None)
        use_parsed_cache(None)
        gc.unfreeze()  # what :func:`_collector_waits` left out of the collector's walks


@contextlib.contextmanager
def _collector_waits() -> Iterator[None]:
    """The garbage collector waits while a game file is read and opened (a long game's
    file is half a million small values, none of them garbage, that it would walk again
    and again as they are made), then leaves what is open out of its walks."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()


def cmd_rulesets(args: argparse.Namespace) -> int:
    for rid, cls in sorted(available_rulesets().items()):
        ruleset = cls(maps=UserMaps())
        aliases = _(" (also: {aliases})").format(aliases=", ".join(cls.aliases)) \
            if cls.aliases else ""
        print(f"{rid}: {cls.name} {cls.version}{aliases}")
        for sid, info in ruleset.scenarios().items():
            default = _(" [default]") if sid == cls.default_scenario else ""
            print(f"  {sid}: {info.name}{default} — {info.description}")
    return 0


# -- passphrases and opening ---------------------------------------------------------------
def _passphrase(args: argparse.Namespace, *, required: bool, new: bool = False) -> str | None:
    """The player's passphrase: ``--passphrase-file``, ``$BOARDAPP_PASSPHRASE``, or asked."""
    path = getattr(args, "passphrase_file", None)
    if path:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.readline().rstrip("\r\n")
        except OSError as exc:
            raise BoardappError(N_("{path}: cannot read the passphrase file: {strerror}",
                                   path=path, strerror=exc.strerror)) from exc
        if not text:
            raise BoardappError(N_("{path}: the passphrase file is empty", path=path))
        return text
    env = os.environ.get("BOARDAPP_PASSPHRASE")
    if env:
        return env
    if required and sys.stdin.isatty():
        first = getpass.getpass(_("Your passphrase: "))
        if new and getpass.getpass(_("Again: ")) != first:
            raise BoardappError(N_("the two passphrases differ"))
        return first
    if required:
        raise BoardappError(N_("this needs your passphrase: give --passphrase-file FILE or "
                               "set $BOARDAPP_PASSPHRASE"))
    return None


def _open(args: argparse.Namespace, *, player: bool = False, full: bool = False,
          data: bytes | None = None) -> Game:
    """Open ``args.file``; a play-by-email game with the player's passphrase if given
    (required when ``player``), checked against this computer's ledger. ``full``:
    replay and check every action, even of a position verified here before. ``data``:
    the file's bytes, if read already."""
    _load_engine()
    with _collector_waits():
        return _open_file(args, player, full, data)


def _read(args: argparse.Namespace) -> bytes | None:
    """The bytes of ``args.file`` (``None`` if it cannot be read as a game file: opening
    it then says why)."""
    from .core.files.gamebytes import read_game_bytes

    try:  # a pipe or a device is refused at once (load_game then says why)
        return read_game_bytes(args.file)
    except (OSError, ValueError):  # GameFileError is a ValueError
        return None


def _verified_position(args: argparse.Namespace) -> tuple[Position | None, bytes | None]:
    """The last position of ``args.file`` when it is a hot-seat game opening at a position
    verified here before (:mod:`.core.files.quickopen`: the same position, the same
    checks, without building the game), else ``None``; and the file's bytes."""
    from .core.files.quickopen import verified_position
    from .core.scan.usermaps import UserMaps

    data = _read(args)
    if data is None:
        return None, None
    with _collector_waits():
        return verified_position(data, UserMaps()), data


def _open_file(args: argparse.Namespace, player: bool, full: bool,
               data: bytes | None = None) -> Game:
    if data is None:
        data = _read(args)
    parsed = parse_game_bytes(data) if data is not None else None
    if not isinstance(parsed, dict) or parsed.get("mode") != "pbem":
        return load_game(args.file, maps=UserMaps(), verified_here=not full, data=data,
                         parsed=parsed)  # the file read and parsed once
    from .core.pbem.ledger import Ledger

    passphrase = _passphrase(args, required=player)
    return load_game(args.file, passphrase=passphrase, side=getattr(args, "as_side", None),
                     ledger=Ledger(), maps=UserMaps(), data=data, parsed=parsed)


def _parse_players(items: list[str]) -> dict[str, str]:
    players: dict[str, str] = {}
    for item in items:
        side, sep, name = item.partition("=")
        if not sep or not side:
            raise BoardappError(N_("--players wants SIDE=NAME, not {quote}", quote=quote(item)))
        side = side.strip().lower()
        players[side] = check_player_name(name.strip(),
                                           N_("the player of {side}", side=side))
    return players


def draw_sides(players: dict[str, str], me: str,
               rng: random.Random | None = None) -> tuple[dict[str, str], str]:
    """The players' names drawn at random among their sides, and the side the name
    ``me`` had lands on (nations "chosen or drawn", before the game: not its dice)."""
    mine = players.get(me)
    names = list(players.values())
    (rng or random.SystemRandom()).shuffle(names)
    drawn = dict(zip(players, names, strict=True))
    return drawn, next((s for s, n in drawn.items() if n == mine), me)


def cmd_new(args: argparse.Namespace) -> int:
    ruleset = find_ruleset(args.ruleset, UserMaps())
    if not args.pbem:
        sides = [s.strip() for s in args.sides.split(",")] if args.sides else None
        game = Game(ruleset, args.scenario, args.seed, sides=sides)
        save_game(game, args.output)
        print(N_("new game written to {output}", output=args.output))
        return 0
    from .core.pbem.pbem import new_pbem_game

    if args.seed is not None:
        raise BoardappError(N_("a play-by-email game takes no --seed: its dice come from "
                               "both players' committed seeds"))
    players = _parse_players(args.players)
    me = args.as_side or next(iter(players), "")
    if args.draw_sides:
        players, me = draw_sides(players, me)
        print(N_("sides drawn: {sides}",
                 sides=", ".join(f"{s}={n}" for s, n in players.items())))
    game = new_pbem_game(ruleset, args.scenario, players, me,
                         _passphrase(args, required=True, new=True) or "")
    save_game(game, args.output)
    waiting = [s for s in players if s != me]
    print(N_("new play-by-email game written to {output}; you play {me}. Send the file to "
             "the other player(s) ({names}): they join with 'boardapp join {output} --as SIDE'",
             output=args.output, me=me, names=', '.join(waiting)))
    return 0


def cmd_join(args: argparse.Namespace) -> int:
    from .core.pbem.pbem import join_pbem

    game = load_game(args.file, maps=UserMaps())
    if not args.as_side:
        raise BoardappError(N_("say which side you play: --as SIDE"))
    join_pbem(game, args.as_side, _passphrase(args, required=True, new=True) or "")
    save_game(game, args.file)
    pbem = game.pbem
    assert pbem is not None
    if pbem.all_joined:
        print(N_("joined as {name}; every player has joined. {prompt}",
                 name=pbem.name(game, args.as_side), prompt=game.ruleset.prompt(game.state)))
    else:
        print(N_("joined as {name}; still waiting for others", name=pbem.name(game, args.as_side)))
    return 0


def cmd_send(args: argparse.Namespace) -> int:
    game = _open(args, player=True)
    send = save_for_opponent(game, args.file, args.as_side)
    if send is None:
        print(N_("{file} saved: nothing new to close since your last send", file=args.file))
    else:
        print(N_("{file} saved for the other players: actions up to {upto} sent by {side}",
                 file=args.file, upto=send.upto, side=send.side))
    return 0


def cmd_email(args: argparse.Namespace) -> int:
    from .core.files.email_message import email_game

    game = _open(args, player=True)
    msg = email_game(game, args.file, args.output, side=args.as_side, to=args.to,
                     from_addr=args.from_addr)
    print(N_("{output} written: {subject}", output=args.output, subject=msg['Subject']))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from .core.files.report import verify_report

    try:
        game = _open(args, full=True)
    except GameFileError as exc:
        print(N_("NOT OK: {exc}", exc=exc), file=sys.stderr)
        return EXIT_ERROR
    for line in verify_report(game):
        print(line)
    print(N_("OK: {file}", file=args.file))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    game = _open(args)
    last = len(game.log)
    start = 1 if args.start is None else args.start
    stop = last if args.stop is None else args.stop
    if not 0 <= start <= stop <= last:
        raise BoardappError(N_("--from and --to must satisfy 0 <= from <= to <= {last}", last=last))
    for step in range(start, stop + 1):
        head = _("0. set-up") if step == 0 else game.log[step - 1].render()
        print(head)
        print("    " + game.ruleset.summary(game.state_at(step)).replace("\n", "\n    "))
    return 0


def cmd_reveal(args: argparse.Namespace) -> int:
    from .core.pbem.pbem import open_seals

    game = _open(args, player=True)
    open_seals(game)
    save_game(game, args.file)
    print(N_("{file}: your seal is open. Everyone can now check your hidden actions and read "
             "your hidden information and dice seeds: do this only when the game is over.",
             file=args.file))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    if not args.json:
        position, data = _verified_position(args)
        if position is not None:
            print(position.ruleset.summary(position.state))
            return 0
        game = _open(args, data=data)
        print(game.ruleset.summary(game.state))
        return 0
    game = _open(args)
    if args.json:
        from .core.files.public_view import public_view

        print(json.dumps(public_view(game), indent=1, ensure_ascii=False))
        return 0
    return 0


def cmd_actions(args: argparse.Namespace) -> int:
    from .core.engine.manual import MANUAL_VERBS

    position, data = _verified_position(args)
    if position is not None:  # hot-seat: every side's actions
        for action in position.ruleset.legal_actions(position.state):
            print(action.text())
        _print_manual(MANUAL_VERBS)
        return 0
    game = _open(args, data=data)
    actions = game.legal_actions()  # by email: only what the caller may play
    for action in actions:
        print(action.text())
    reason = game.why_not_playing()
    if reason:
        print(N_("# you cannot play now: {reason}", reason=reason), file=sys.stderr)
        return 0
    pbem = game.pbem
    if pbem is not None and pbem.me is not None and not actions:
        waiting = [s for s in game.ruleset.deciding_sides(game.state) if s != pbem.me]
        if waiting:
            print(N_("# you play {name}: the game waits for {names}, whose program lists "
                     "their actions", name=pbem.name(game, pbem.me),
                     names=', '.join(pbem.name(game, s) for s in waiting)), file=sys.stderr)
    _print_manual(MANUAL_VERBS)
    return 0


def _print_manual(verbs: Sequence[str]) -> None:
    print(N_("# manual (always allowed, logged as by hand): {names}", names=', '.join(verbs)),
          file=sys.stderr)


def cmd_play(args: argparse.Namespace) -> int:
    game = _open(args, player=True)
    if args.dice:
        game.push(f"set-dice {args.dice.replace(' ', '')}")
    start = len(game.log)
    side = args.as_side if game.pbem is None else None  # hot-seat: who plays (several may)
    game.play(" ".join(args.action), side=side)
    save_game(game, args.file)
    for entry in game.log[start:]:  # the action, and what this program owed after it
        print(entry.render())
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    game = _open(args, player=True)
    reason = game.undo_blocked_reason()
    entry = game.undo()
    if entry is None:
        print(reason or _("nothing to undo: the game is at its set-up"))
        return 0
    save_game(game, args.file)
    print(N_("undone: {entry}", entry=entry.render()))
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    game = load_game(args.file, maps=UserMaps())
    if args.scan:
        cli_map.render_over_scan(game, args)
        print(N_("board drawn over {scan} to {output}", scan=args.scan, output=args.output))
        return 0
    from .ui.render import render_png

    render_png(game, args.output, scale=args.scale, board=args.board)
    print(N_("board drawn to {output}", output=args.output))
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    game = _open(args)
    for entry in game.log:
        print(entry.render())
    return 0


def cmd_selftest(args: argparse.Namespace) -> int:
    from .ui.selftest import run

    return run(args.rulesets or None)


COMMAND_FUNCS = {"rulesets": cmd_rulesets, "new": cmd_new, "show": cmd_show,
                 "actions": cmd_actions, "play": cmd_play, "undo": cmd_undo,
                 "render": cmd_render, "log": cmd_log, "join": cmd_join, "send": cmd_send,
                 "email": cmd_email, "verify": cmd_verify, "replay": cmd_replay,
                 "reveal": cmd_reveal, "map": cli_map.cmd_map, "selftest": cmd_selftest,
                 "measure": lambda args: cli_table.cmd_measure(args, _open),
                 "arena": cli_ai.cmd_arena, "hint": lambda args: cli_ai.cmd_hint(args, _open(args))}
