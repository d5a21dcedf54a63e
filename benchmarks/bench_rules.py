"""The rules' cost, per game (issue 14): random whole games per minute, plain and with the
contract's checks, against the target; and replay per action, whole and the rules' share
(the same replay with the engine's copy of the state per action left out).

    .venv/bin/python benchmarks/bench_rules.py [SECONDS [GAME ...]]

Figures are CPU seconds of this process (``time.process_time``), steadier than the wall
clock on a shared machine; the default scenario of each game, games as the contract test
plays them (``tests/contracthelpers.py``: same seeds, plans and checks).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.summary import record  # noqa: E402
from boardapp.core.engine import game as game_module  # noqa: E402
from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.core.engine.ruleset import Ruleset, available_rulesets  # noqa: E402
from tests.contracthelpers import (  # noqa: E402
    DEFAULT_PLAN,
    PLANS,
    games_per_minute,
    play_plan,
)

GAMES_PER_MINUTE = 200
"""Target: random whole games per minute of every game (random legal play; the same
games with every check of the contract test are printed beside it)."""
REPLAY_MS = 0.15
"""Target: replay, ms per action on average, of every game."""


@contextmanager
def without_copies() -> Iterator[None]:
    """The engine's copy of the state per action replaced by the state itself (only for
    timing a replay: undo needs the copies)."""
    saved: Callable = game_module.copy_state
    game_module.copy_state = lambda state: state  # type: ignore[assignment]
    try:
        yield
    finally:
        game_module.copy_state = saved  # type: ignore[assignment]


def replay_ms(ruleset: Ruleset, scenario: str, logs: list[tuple[int, list]]) -> float:
    """CPU milliseconds per action to replay ``logs`` (seed, (text, side) pairs)."""
    start = time.process_time()
    count = 0
    for seed, log in logs:
        Game.replay(ruleset, scenario, seed, log)
        count += len(log)
    return (time.process_time() - start) * 1000 / max(1, count)


def main(seconds: float = 5.0, only: list[str] | None = None) -> None:
    print(f"rules, per game (default scenario, CPU time; targets: >= {GAMES_PER_MINUTE} "
          f"random games a minute, replay <= {REPLAY_MS} ms an action):")
    for rid, cls in sorted(available_rulesets().items()):
        if only and rid not in only:
            continue
        ruleset = cls()
        scenario = cls.default_scenario
        ruleset.setup(scenario, 1)  # maps and data loaded before the clock starts
        plan = PLANS.get(rid, DEFAULT_PLAN)
        plain, _, length = games_per_minute(ruleset, scenario, plan, seconds, False,
                                            clock=time.process_time)  # CPU: the load varies
        checked, _, _ = games_per_minute(ruleset, scenario, plan, seconds, True,
                                         clock=time.process_time)
        logs = [(seed, play_plan(ruleset, scenario, seed, plan, False).actions)
                for seed in range(1, 4)]
        whole = replay_ms(ruleset, scenario, logs)
        with without_copies():
            rules = replay_ms(ruleset, scenario, logs)
        mark = "ok" if plain >= GAMES_PER_MINUTE else "BELOW TARGET"
        print(f"  {rid:16} games/min {plain:7.1f} plain, {checked:7.1f} checked "
              f"(target {GAMES_PER_MINUTE} plain: {mark}; {length} actions a game); "
              f"replay {whole:.3f} ms/action with the set-up, rules' share {rules:.3f}")
        record("random whole games per minute", rid, f"{plain:.0f}", f">= {GAMES_PER_MINUTE}",
               plain >= GAMES_PER_MINUTE)
        record("random whole games per minute", f"{rid}, every check", f"{checked:.0f}", "-",
               None)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0, sys.argv[2:])
