"""Replay identity between two trees of the code (a change meant to make the rules
quicker must not change a game): random legal games of every Guet-Apens scenario and of
the table demo, with the digest of the state (sha256 of its sorted JSON) and of the log
lines after every action, recorded with one tree and checked with another.

    git worktree add --detach /tmp/before main
    PYTHONPATH=/tmp/before .venv/bin/python benchmarks/replay_digests.py record /tmp/d.json
    .venv/bin/python benchmarks/replay_digests.py check /tmp/d.json [SCENARIO ...]

``check`` replays each recorded log here and compares the digests action by action, then
plays the same random game here (same seed) and compares its log: the legal actions
offered must be the same too. It prints the first difference of each game and exits 1
if there is one.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.core.engine.ruleset import find_ruleset  # noqa: E402
from tests.contracthelpers import random_step  # noqa: E402

GAMES = {"guet-apens": {"I": 40, "II": 15, "III": 15, "IV": 15, "V": 25, "VI": 10,
                        "VII": 10, "IX": 5},
         "table-demo": {None: 40}}
"""Seeds per scenario."""
CAP = {"IX": 400, "VII": 400, "VI": 400}
DEFAULT_CAP = 400
"""Actions per game at most (the large scenarios are cut there)."""


def digest(state: dict, lines: list) -> str:
    """The state's digest and its action's log lines' (short)."""
    return (hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16] + " "
            + hashlib.sha256(json.dumps([str(x) for x in lines]).encode()).hexdigest()[:8])


def play(rs, scenario: str | None, seed: int, cap: int) -> tuple[list, list[str]]:
    """A random legal game (chosen as the contract test chooses, without its checks) of
    at most ``cap`` actions: its log and the digest after each action."""
    game = Game(rs, scenario, seed)
    rnd = random.Random(seed)
    log, digests = [], []
    while len(log) < cap:
        step = random_step(rs, game.state, rnd)
        if step is None:
            break
        side, action = step
        entry = game.push(action, side=side)
        log.append([action.text(), side])
        digests.append(digest(game.state, entry.lines))
    return log, digests


def replay(rs, scenario: str | None, seed: int, log: list) -> list[str]:
    game = Game(rs, scenario, seed)
    out = []
    with game.replaying():
        for text, side in log:
            entry = game.push(text, side=side)
            out.append(digest(game.state, entry.lines))
    return out


def record(path: str, only: list[str]) -> None:
    out = {}
    for rid, scenarios in GAMES.items():
        rs = find_ruleset(rid)
        for scenario, seeds in scenarios.items():
            if only and str(scenario) not in only:
                continue
            for seed in range(1, seeds + 1):
                t0 = time.process_time()
                log, digests = play(rs, scenario, seed, CAP.get(str(scenario), DEFAULT_CAP))
                out[f"{rid}|{scenario}|{seed}"] = {"log": log, "digests": digests}
                print(f"{rid} {scenario} seed {seed}: {len(log)} actions, "
                      f"{time.process_time() - t0:.1f} s", flush=True)
    Path(path).write_text(json.dumps(out))


def check(path: str, only: list[str]) -> int:
    data = json.loads(Path(path).read_text())
    differences = games = actions = 0
    for key, rec in data.items():
        rid, scenario, seed = key.split("|")
        if only and scenario not in only:
            continue
        rs = find_ruleset(rid)
        named = None if scenario == "None" else scenario
        got = replay(rs, named, int(seed), rec["log"])
        games += 1
        actions += len(got)
        for n, (a, b) in enumerate(zip(rec["digests"], got, strict=True)):
            if a != b:
                print(f"replay differs: {key}, action {n + 1} {rec['log'][n]}")
                differences += 1
                break
        log, digests = play(rs, named, int(seed), len(rec["log"]))
        if log != rec["log"] or digests != rec["digests"]:
            print(f"the random game played here differs: {key}")
            differences += 1
    print(f"checked {games} games, {actions} actions: {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("record", "check"):
        sys.exit(__doc__)
    if sys.argv[1] == "record":
        record(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(check(sys.argv[2], sys.argv[3:]))
