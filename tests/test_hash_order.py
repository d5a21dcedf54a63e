"""Every ruleset plays the same game in every process: a rule that reads a Python set's or
a str-keyed dict's iteration order where that order follows the string hash (which
changes with PYTHONHASHSEED from one process to the next) would make a game file fail to
replay on the opponent's computer. Two processes with different hash seeds play the same
random games and must reach the same positions (seed 1 once found Guet-Apens's joust
turning a line by a set's order)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = """
import hashlib, json, random, sys
sys.path.insert(0, "tests")
from contracthelpers import taker
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import available_rulesets, find_ruleset
for name in sorted(available_rulesets()):
    rs = find_ruleset(name)
    for scenario in list(rs.scenarios())[:2]:
        game, rng = Game(rs, scenario, 1), random.Random(1)
        for _ in range(150):
            actions = [] if rs.outcome(game.state) else game.legal_actions()
            if not actions:
                break
            action = rng.choice(actions)
            game.push(action, side=taker(rs, game.state, action))
        text = json.dumps(game.state, sort_keys=True)
        print(name, scenario, len(game.log), hashlib.sha256(text.encode()).hexdigest())
"""


def _play(hash_seed: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", PLAY], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True, timeout=600)
    return done.stdout.splitlines()


def test_random_games_reach_the_same_positions_under_two_hash_seeds():
    first, second = _play("1"), _play("2")
    names = {line.split()[0] for line in first}
    assert {"deux-bretagne", "guet-apens", "montjoie", "lion-in-winter"} <= names
    assert all(int(line.split()[2]) > 0 for line in first)
    assert first == second
