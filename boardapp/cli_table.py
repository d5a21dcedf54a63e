"""``boardapp measure FILE PIECE PIECE``: the ruler and line of sight between two figures on
a table, as text (or JSON): edge-to-edge distance, line of sight (or what blocks it),
cover, range band, arc. Measuring changes nothing in the file (when the rules forbid
measuring before declaring, it says to play the action ``measure`` instead)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from .core.base.i18n import N_, _

if TYPE_CHECKING:
    from .core.engine.game import Game


def add_measure_parser(sub: argparse._SubParsersAction,
                       parents: list[argparse.ArgumentParser]) -> None:
    m = sub.add_parser("measure", help=_("distance, line of sight, cover and range between "
                                         "two figures on a table"), parents=parents)
    m.add_argument("file")
    m.add_argument("piece")
    m.add_argument("other")
    m.add_argument("--json", action="store_true", help=_("the answer as JSON"))


def cmd_measure(args: argparse.Namespace, open_game: Callable[[argparse.Namespace], Game]) -> int:
    from .core.table.measure import measure, table_setup  # only this command needs them
    from .core.table.measuring import measure_is_logged

    game = open_game(args)
    table, _unused = table_setup(game.ruleset)
    if measure_is_logged(game.ruleset, game.state):
        print(N_("{game} forbids measuring before declaring: a measure is an action in the "
                 "log, seen by both sides (boardapp play {file} measure {piece} {other})",
                 game=game.ruleset.name, file=args.file, piece=args.piece, other=args.other),
              file=sys.stderr)
        return 1
    result = measure(game.ruleset, game.state, args.piece, args.other)
    if args.json:
        print(json.dumps({"from": args.piece, "to": args.other, **result.to_json()}, indent=1))
        return 0
    rs = game.ruleset
    print(N_("{piece} to {other}", piece=rs.piece_name(game.state, args.piece),
             other=rs.piece_name(game.state, args.other)))
    for line in result.lines(table):
        print(f"  {line}")
    return 0
