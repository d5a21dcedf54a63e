"""The computer opponent's figures (issue 20): arena tables, decision times, playouts.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_ai.py [--games N]
        [--strong-games M] [--games-only RULESET ...]

For each game's main scenario: random playouts per minute (CPU time); then, on the
scenario ``MEASURED_ON`` names where it is another, ``normal`` against ``random`` and
``strong`` against ``normal`` over N (M) seeded games, the sides turning from game to
game, with each level's wins, draws, and the decision time
(CPU time of the seated players: mean, p95, max). Printed, never asserted (targets:
normal beats random in 90 of 100 games, strong beats normal in 60 of 100, a decision at
most 2 s on average and 10 s at most). With more than two sides (Montjoie), A "beats"
B when the side A holds wins more games than the most successful single side B holds.
``make bench`` runs it with small counts (``--games 4 --strong-games 2``); the figures in
docs/computer-opponent.md were run with the counts they state.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from boardapp.core.ai.arena import Tally, arena, percentile, play_game  # noqa: E402
from boardapp.core.ai.players import RandomPlayer  # noqa: E402
from boardapp.core.engine.ruleset import find_ruleset  # noqa: E402

GAMES = ("hex-demo", "deux-bretagne", "lily-ermine", "lion-in-winter", "montjoie",
         "table-demo", "guet-apens")
MEASURED_ON = {"guet-apens": "V", "montjoie": "normale-2"}
"""The scenario each game's computer is measured on where it is not the ruleset's
default (docs/computer-opponent.md, fourth pass): Guet-Apens' joust (I) leaves each side
three picks, Scenario V (closed field) every choice of a fight; Montjoie! is measured
between two players (9.0), normal against random, one nation each."""


def playouts_per_minute(rid: str, games: int = 3) -> tuple[float, float]:
    """Random games per CPU minute of ``rid``'s main scenario, and their mean length."""
    rs = find_ruleset(rid)
    sides = [s.id for s in rs.sides if s.playable]
    start = time.process_time()
    lengths = []
    for n in range(games):
        seats = {s: RandomPlayer(n * 31 + i) for i, s in enumerate(sides)}
        lengths.append(len(play_game(rs, None, n + 1, seats).log))
    spent = time.process_time() - start
    return games / spent * 60, statistics.mean(lengths)


def best_other(tally: Tally) -> int:
    """The most games one side held by level B won alone."""
    won: Counter[str] = Counter()
    for r in tally.records:
        if r.finished and len(r.winners) == 1 and r.seats.get(r.winners[0]) == "B":
            won[r.winners[0]] += 1
    return max(won.values(), default=0)


def spread(times: list[float]) -> str:
    """Decision times in CPU ms: mean, median, p95, max and how many."""
    times = times or [0.0]
    return (f"mean {statistics.mean(times) * 1000:.0f}, median {percentile(times, 50) * 1000:.0f}"
            f", p95 {percentile(times, 95) * 1000:.0f}, max {max(times) * 1000:.0f} ms "
            f"({len(times)} decisions)")


def row(rid: str, a: str, b: str, games: int, seed: int = 1) -> str:
    """An arena's lines: A's wins, B's, draws; the same for each side A held; each
    level's decision times."""
    rs = find_ruleset(rid)
    start = time.process_time()
    tally = arena(rs, MEASURED_ON.get(rid), a, b, games, seed=seed)
    spent = time.process_time() - start
    several = len([s for s in rs.sides if s.playable]) > 2
    other = f", best single B side {best_other(tally)}" if several else ""
    out = [f"  {a:>6} vs {b:<6} {games:3d} games: A {tally.wins('A'):3d}, "
           f"B {tally.wins('B'):3d}{other}, draws {tally.draws}, unfinished "
           f"{tally.unfinished}; {spent:.0f} s CPU"]
    held = sorted({side for r in tally.records for side, lv in r.seats.items() if lv == "A"})
    for side in held:
        mine = [r for r in tally.records if r.seats.get(side) == "A"]
        won = sum(1 for r in mine if r.finished and r.winners == [side])
        lost = sum(1 for r in mine if r.finished and len(r.winners) == 1
                   and r.winners != [side])
        drawn = sum(1 for r in mine if r.finished and len(r.winners) != 1)
        out.append(f"    A ({a}) on {side}: {len(mine)} game(s), won {won}, lost {lost}, "
                   f"drawn {drawn}, unfinished {sum(1 for r in mine if not r.finished)}")
    for label, level in (("A", a), ("B", b)):
        if level != "random":
            out.append(f"    decisions of {label} ({level}): {spread(tally.level_times[label])}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="normal against random")
    parser.add_argument("--strong-games", type=int, default=2, help="strong against normal")
    parser.add_argument("--seed", type=int, default=1, help="the arenas' seed")
    parser.add_argument("--no-playouts", action="store_true",
                        help="skip the random playouts per minute")
    parser.add_argument("rulesets", nargs="*", default=list(GAMES))
    args = parser.parse_args(argv)
    print("Computer opponent (issue 20), CPU time, main scenarios:")
    for rid in args.rulesets:
        if args.no_playouts:
            print(f"{rid}:", flush=True)
        else:
            per_minute, length = playouts_per_minute(rid)
            print(f"{rid}: {per_minute:.0f} random playouts per CPU minute "
                  f"({length:.0f} actions each)", flush=True)
        if args.games:
            print(row(rid, "normal", "random", args.games, args.seed), flush=True)
        if args.strong_games:
            print(row(rid, "strong", "normal", args.strong_games, args.seed), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
