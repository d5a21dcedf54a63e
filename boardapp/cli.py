"""The ``boardapp`` command: the GUI, and headless commands for scripting and teaching.

    boardapp [FILE]                          the board (a new default game, or FILE)
    boardapp rulesets                        installed rulesets and their scenarios
    boardapp new RULESET SCENARIO -o FILE    a new game file
    boardapp show FILE                       a text summary of the game
    boardapp actions FILE                    the legal actions now, one per line
    boardapp play FILE ACTION [--dice N,N]   apply one action and save the file
    boardapp undo FILE                       take back the last action
    boardapp render FILE -o board.png        draw the board to a PNG, no display needed
    boardapp log FILE                        the action log in plain words
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from . import __version__
from .core.errors import BoardappError, IllegalActionError
from .core.game import Game
from .core.gamefile import load_game, save_game
from .core.manual import MANUAL_VERBS
from .core.ruleset import available_rulesets, find_ruleset

COMMANDS = ("rulesets", "new", "show", "actions", "play", "undo", "render", "log")
EXIT_ERROR = 1
EXIT_ILLEGAL = 2


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="boardapp", description="A digital board for historical "
                                "wargames. Without a command, opens the board.")
    p.add_argument("--version", action="version", version=f"boardapp {__version__}")
    sub = p.add_subparsers(dest="command")
    sub.add_parser("rulesets", help="list installed rulesets and their scenarios")
    new = sub.add_parser("new", help="write a new game file")
    new.add_argument("ruleset")
    new.add_argument("scenario")
    new.add_argument("-o", "--output", required=True)
    new.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    show = sub.add_parser("show", help="text summary of a game")
    show.add_argument("file")
    actions = sub.add_parser("actions", help="the legal actions now")
    actions.add_argument("file")
    play = sub.add_parser("play", help="apply one action and save the file")
    play.add_argument("file")
    play.add_argument("action", nargs="+", help='the action, e.g. "move a,b rennes"')
    play.add_argument("--dice", default=None,
                      help="set the next die results by hand, e.g. 3,7 (logged as manual)")
    undo = sub.add_parser("undo", help="take back the last action and save the file")
    undo.add_argument("file")
    render = sub.add_parser("render", help="draw the board to a PNG")
    render.add_argument("file")
    render.add_argument("-o", "--output", required=True)
    render.add_argument("--scale", type=float, default=1.0)
    log = sub.add_parser("log", help="the action log in plain words")
    log.add_argument("file")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``boardapp`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0] not in COMMANDS and not argv[0].startswith("-")):
        from .ui.app import run_gui

        return run_gui(argv[0] if argv else None)
    args = _parser().parse_args(argv)
    if args.command is None:
        from .ui.app import run_gui

        return run_gui(None)
    try:
        return COMMAND_FUNCS[args.command](args)
    except IllegalActionError as exc:
        print(f"illegal: {exc}", file=sys.stderr)
        return EXIT_ILLEGAL
    except BoardappError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:  # output piped into `head`: not an error
        sys.stderr.close()
        return 0
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_ERROR


def cmd_rulesets(args: argparse.Namespace) -> int:
    for rid, cls in sorted(available_rulesets().items()):
        ruleset = cls()
        aliases = f" (also: {', '.join(cls.aliases)})" if cls.aliases else ""
        print(f"{rid}: {cls.name} {cls.version}{aliases}")
        for sid, info in ruleset.scenarios().items():
            default = " [default]" if sid == cls.default_scenario else ""
            print(f"  {sid}: {info.name}{default} — {info.description}")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    game = Game(find_ruleset(args.ruleset), args.scenario, args.seed)
    save_game(game, args.output)
    print(f"new game written to {args.output}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    game = load_game(args.file)
    print(game.ruleset.summary(game.state))
    return 0


def cmd_actions(args: argparse.Namespace) -> int:
    game = load_game(args.file)
    for action in game.legal_actions():
        print(action.text())
    print(f"# manual (always allowed, logged as by hand): {', '.join(MANUAL_VERBS)}",
          file=sys.stderr)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = load_game(args.file)
    if args.dice:
        game.push(f"set-dice {args.dice.replace(' ', '')}")
    entry = game.push(" ".join(args.action))
    save_game(game, args.file)
    print(entry.render())
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    game = load_game(args.file)
    entry = game.undo()
    if entry is None:
        print("nothing to undo: the game is at its set-up")
        return 0
    save_game(game, args.file)
    print(f"undone: {entry.render()}")
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    game = load_game(args.file)
    from .ui.render import render_png

    render_png(game, args.output, scale=args.scale)
    print(f"board drawn to {args.output}")
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    game = load_game(args.file)
    for entry in game.log:
        print(entry.render())
    return 0


COMMAND_FUNCS = {"rulesets": cmd_rulesets, "new": cmd_new, "show": cmd_show,
                 "actions": cmd_actions, "play": cmd_play, "undo": cmd_undo,
                 "render": cmd_render, "log": cmd_log}
