"""Performance figures for boardapp (printed, not asserted).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/run.py

Prints: time to an interactive window (headless), time to compute the reachable areas
for a stack, time to replay a 1,000-action log; then the contract test's games per minute
per ruleset (``benchmarks/contract.py``), the rules' cost per game
(``benchmarks/bench_rules.py``) and the cut of a 300-counter sheet (``benchmarks/art.py``).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.core.engine.ruleset import available_rulesets  # noqa: E402

# A longer game for the log: in Les Deux Bretagne Montfort starts with the four capitals and
# wins at the end of turn 2 unless Blois holds one (13.2); give Brest to Blois by hand.
PRELUDE = {"deux-bretagne": ["control brest blois"]}
AVOID = {"enlist"}  # random players adding the Enlisement cards at once end games early
# Actions that open an activation, tried before the others when no move is legal (Les Deux
# Bretagne: a move needs a card played as ACT or a free action, 5.2).
OPENERS = ("draw", "play", "free-action")


def arm(game: Game) -> None:
    """Play what lets the side to play move its armies: draw, then a card as ACT, answering
    its unknown activation value with the highest (Les Deux Bretagne, 5.2, 5.3)."""
    legal = [a.text() for a in game.legal_actions()]
    if "draw" in legal:
        game.push("draw")
        legal = [a.text() for a in game.legal_actions()]
    act = next((t for t in legal if t.startswith("play ") and t.endswith(" act")), None)
    if act:
        game.push(act)
        while game.state.get("flow"):
            answers = [a.text() for a in game.legal_actions()]
            game.push(max(answers) if all(a.startswith("value ") for a in answers)
                      else answers[0])


def random_log(ruleset, scenario: str, length: int, seed: int = 1) -> list[tuple[str, str]]:
    """A playable log of ``length`` actions: random legal moves, activations, dice."""
    chooser = random.Random(seed)
    game = Game(ruleset, scenario, seed)
    for text in PRELUDE.get(ruleset.id, []):
        game.push(text)
    while len(game.log) < length:
        legal = [a for a in game.legal_actions() if a.verb not in AVOID]
        moves = [a for a in legal if a.verb == "move"]
        others = [a for a in legal if a.verb != "move"]
        openers = [a for a in others if a.verb in OPENERS
                   and (a.verb != "play" or a.args[-1] == "act")]
        pick = chooser.random()
        if game.state.get("flow") and legal:
            action = chooser.choice(legal)
        elif moves and pick < 0.6:
            action = chooser.choice(moves)
        elif openers and pick < 0.8:
            action = chooser.choice(openers)
        elif others and pick < 0.9:
            action = chooser.choice(others)
        else:
            action = "roll"
        game.push(action)
    return [(e.action.text(), e.side) for e in game.log]


def time_window() -> float:
    from PySide6.QtWidgets import QApplication

    start = time.perf_counter()
    app = QApplication.instance() or QApplication([])
    from boardapp.ui.app import build_window

    window = build_window(None)
    window.show()
    app.processEvents()
    elapsed = time.perf_counter() - start
    window.close()
    return elapsed


def main() -> None:
    cls = sorted(available_rulesets().items())[0][1]
    ruleset = cls()
    scenario = cls.default_scenario
    print(f"ruleset: {cls.id}, scenario {scenario}")

    try:
        print(f"time to interactive window (headless, incl. Qt start): {time_window():.3f} s")
    except ImportError as exc:
        print(f"window: skipped ({exc})")

    game = Game(ruleset, scenario, 1)
    arm(game)
    state = game.state
    stacks = [[p for p in pieces if ruleset.piece_side(state, p) == state["active"]]
              for place, pieces in state["stacks"].items() if place in ruleset.board_map.graph]
    stacks = [s for s in stacks if s]
    times = []
    for _ in range(5):
        for stack in stacks:
            t0 = time.perf_counter()
            ruleset.reachable(state, stack)
            times.append(time.perf_counter() - t0)
    print(f"reachable areas for a stack: median {statistics.median(times) * 1000:.2f} ms, "
          f"max {max(times) * 1000:.2f} ms over {len(times)} queries")

    long_scenario = max(ruleset.scenarios(), key=lambda s: ruleset.scenario_data[s].last_turn) \
        if hasattr(ruleset, "scenario_data") else scenario
    t0 = time.perf_counter()
    log = random_log(ruleset, long_scenario, 1000)
    made = time.perf_counter() - t0
    t0 = time.perf_counter()
    replayed = Game.replay(ruleset, long_scenario, 1, log)
    elapsed = time.perf_counter() - t0
    moves = sum(1 for text, _ in log if text.startswith("move"))
    print(f"replay of a {len(replayed.log)}-action log ({moves} moves): {elapsed:.3f} s "
          f"({elapsed / len(log) * 1000:.2f} ms per action; generating it took {made:.1f} s)")

    from benchmarks.art import main as art_main

    art_main()

    from benchmarks.bench_ui import main as ui_main  # start, drawing, drops: figures and targets
    from benchmarks.contract import main as contract_main

    ui_main()
    from benchmarks.bench_art_ui import main as art_ui_main  # 1,000 image counters

    art_ui_main()
    contract_main()
    __import__("benchmarks.bench_replay").bench_replay.main()  # the engine's figures (14)
    from benchmarks.bench_rules import main as rules_main  # the rules' cost (issue 14)
    rules_main()
    __import__("benchmarks.bench_table", fromlist=["main"]).main()  # the free table (issue 18)
    # the computer opponent (issue 20), small counts: docs/computer-opponent.md has more
    __import__("benchmarks.bench_ai", fromlist=["main"]).main(["--games", "2",
                                                               "--strong-games", "0"])
    from benchmarks.summary import print_table  # issue 14's table, each figure and target

    print_table()


if __name__ == "__main__":
    main()
