"""``boardapp arena`` and ``boardapp hint``: the computer opponent, headless.

    boardapp arena RULESET [SCENARIO] --a LEVEL --b LEVEL --games N [--seed S]
    boardapp hint FILE [--level LEVEL]
"""

from __future__ import annotations

import argparse
import time

from .core.ai.levels import LEVELS
from .core.base.i18n import N_, _


def add_parsers(sub: argparse._SubParsersAction, who: argparse.ArgumentParser) -> None:
    """Add ``arena`` and ``hint`` to the ``boardapp`` parser."""
    arena = sub.add_parser("arena", help=_("play computer players against each other and "
                                           "print the wins of each"))
    arena.add_argument("ruleset")
    arena.add_argument("scenario", nargs="?", default=None,
                       help=_("default: the ruleset's main scenario"))
    arena.add_argument("--a", dest="level_a", choices=LEVELS, default="normal",
                       help=_("level A, on one side (the sides turn from game to game)"))
    arena.add_argument("--b", dest="level_b", choices=LEVELS, default="random",
                       help=_("level B, on every other side"))
    arena.add_argument("--games", type=int, default=10)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--cap", type=int, default=5000,
                       help=_("actions after which a game stops unfinished"))
    arena.add_argument("-v", "--verbose", action="store_true", help=_("a line per game"))
    hint = sub.add_parser("hint", help=_("what the computer would play now for your side "
                                         "(nothing is played)"), parents=[who])
    hint.add_argument("file")
    hint.add_argument("--level", choices=LEVELS, default="normal")


def cmd_arena(args: argparse.Namespace) -> int:
    from .core.ai.arena import arena
    from .core.engine.ruleset import find_ruleset
    from .core.scan.usermaps import UserMaps

    ruleset = find_ruleset(args.ruleset, UserMaps())

    def line(record) -> None:
        if args.verbose:
            won = ", ".join(record.winners) if record.finished else _("unfinished")
            print(N_("seed {seed}: {seats} -> {won} after {length} actions, standing {standing}",
                     seed=record.seed, seats=record.seats, won=won, length=record.length,
                     standing=record.standing), flush=True)

    start = time.perf_counter()
    tally = arena(ruleset, args.scenario, args.level_a, args.level_b, args.games,
                  seed=args.seed, cap=args.cap, report=line)
    for text in tally.lines():
        print(text)
    print(N_("{value} s in all", value=format(time.perf_counter() - start, '.1f')))
    return 0


def cmd_hint(args: argparse.Namespace, game) -> int:
    from .core.ai.hint import suggest

    hint = suggest(game, args.level)
    print(f"{game.ruleset.side(hint.side).name}: {hint.label}")
    print(hint.action.text())
    return 0
