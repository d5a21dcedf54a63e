"""Games per minute of the contract test's random play, per installed ruleset (printed,
not asserted; ``make bench`` runs it after ``run.py``'s figures).

    .venv/bin/python benchmarks/contract.py [SECONDS]

For each ruleset, on its default scenario: games per minute with every check of
``tests/test_contract.py`` (as the test plays them), and of plain random legal play (the
rules alone), with the mean length of a game.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardapp.core.engine.ruleset import available_rulesets  # noqa: E402
from tests.contracthelpers import DEFAULT_PLAN, PLANS, games_per_minute  # noqa: E402


def main(seconds: float = 10.0) -> None:
    print("contract test, games per minute (default scenario; checked = every check of "
          "tests/test_contract.py, plain = random legal play alone):")
    for rid, cls in sorted(available_rulesets().items()):
        ruleset = cls()
        plan = PLANS.get(rid, DEFAULT_PLAN)
        scenario = cls.default_scenario
        ruleset.setup(scenario, 1)  # load the maps and data before the clock starts
        checked, games, length = games_per_minute(ruleset, scenario, plan, seconds)
        plain, plain_games, _ = games_per_minute(ruleset, scenario, plan, seconds,
                                                 checks=False)
        print(f"  {rid:16} {checked:7.1f} checked ({games} games), {plain:7.1f} plain "
              f"({plain_games} games); {length} actions a game on average")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 10.0)
