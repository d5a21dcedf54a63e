"""Montjoie! figures (printed, not asserted): the time of one whole turn with six
players in random legal play, and the size of the game file after a ten-turn game.

    .venv/bin/python benchmarks/montjoie.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.core.engine.ruleset import find_ruleset  # noqa: E402
from boardapp.core.files.gamefile import dumps_game  # noqa: E402


def ten_turns(seed: int) -> tuple[Game, dict[int, float]] | None:
    """A random 6-player normal game; its turn times if it lasted ten turns."""
    rs = find_ruleset("montjoie")
    game = Game(rs, "normale-6", seed)
    rnd = random.Random(seed)
    times: dict[int, float] = {}
    turn, start = 1, time.perf_counter()
    while rs.outcome(game.state) is None:
        side = rnd.choice(rs.deciding_sides(game.state))
        game.play(rnd.choice(list(rs.legal_actions(game.state, side))), side=side)
        if game.state["turn"] != turn:
            now = time.perf_counter()
            times[turn], start, turn = now - start, now, game.state["turn"]
    times[turn] = time.perf_counter() - start
    return (game, times) if game.state["turn"] == 10 else None


def main() -> None:
    for seed in range(1, 50):
        found = ten_turns(seed)
        if found is None:
            continue
        game, times = found
        size = len(dumps_game(game).encode("utf-8"))
        print(f"montjoie, 6 players, 10 turns (random legal play, seed {seed}): "
              f"{len(game.log)} actions; one turn {statistics.mean(times.values()):.3f} s "
              f"on average (max {max(times.values()):.3f} s); game file {size / 1024:.0f} KB")
        return
    print("montjoie: no random game of ten turns in 49 seeds")


if __name__ == "__main__":
    main()
