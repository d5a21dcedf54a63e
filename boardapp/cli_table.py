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

if TYPE_CHECKING:
    from .core.engine.game import Game


def add_measure_parser(sub: argparse._SubParsersAction,
                       parents: list[argparse.ArgumentParser]) -> None:
    m = sub.add_parser("measure", help="distance, line of sight, cover and range between two "
                                       "figures on a table", parents=parents)
    m.add_argument("file")
    m.add_argument("piece")
    m.add_argument("other")
    m.add_argument("--json", action="store_true", help="the answer as JSON")


def cmd_measure(args: argparse.Namespace, open_game: Callable[[argparse.Namespace], Game]) -> int:
    from .core.table.measure import measure, table_setup  # only this command needs them
    from .core.table.measuring import measure_is_logged

    game = open_game(args)
    table, _ = table_setup(game.ruleset)
    if measure_is_logged(game.ruleset, game.state):
        print(f"{game.ruleset.name} forbids measuring before declaring: a measure is an "
              f"action in the log, seen by both sides (boardapp play {args.file} measure "
              f"{args.piece} {args.other})", file=sys.stderr)
        return 1
    result = measure(game.ruleset, game.state, args.piece, args.other)
    if args.json:
        print(json.dumps({"from": args.piece, "to": args.other, **result.to_json()}, indent=1))
        return 0
    rs = game.ruleset
    print(f"{rs.piece_name(game.state, args.piece)} to {rs.piece_name(game.state, args.other)}")
    for line in result.lines(table):
        print(f"  {line}")
    return 0
