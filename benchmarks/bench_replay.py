"""The engine's figures of issue 14 (printed with their targets, not asserted):

- replay, ms per action, of random whole games of every installed ruleset;
- the replay curve of one long Les Deux Bretagne game, per action at 1k to 20k actions
  (it must stay flat);
- opening a 10,000-action game: ``load_game`` the first time (every action replayed and
  checked) and again (verified on this computer: the position from the file), and
  ``boardapp show`` / ``actions`` / ``play`` against ``boardapp --help`` in the same run;
- peak memory (RSS) of a process with that game open;
- undo, redo and ``state_at`` at depth in it.

    .venv/bin/python benchmarks/bench_replay.py
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import pickle
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.core.engine.ruleset import available_rulesets  # noqa: E402

LONG = "deux-bretagne"
CURVE = (1_000, 2_000, 5_000, 10_000, 20_000)
BIN = Path(sys.executable).parent


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def whole_games(seconds: float = 4.0) -> None:
    """Replay per action of random whole games (the set-up timed apart)."""
    from tests.contracthelpers import DEFAULT_PLAN, PLANS, play_plan

    print("replay of random whole games, per action (target: at most 0.15 ms on average "
          "for every game):")
    for rid, cls in sorted(available_rulesets().items()):
        ruleset, plan = cls(), PLANS.get(rid, DEFAULT_PLAN)
        scenario = cls.default_scenario
        ruleset.setup(scenario, 1)
        logs, seed, start = [], 1, time.perf_counter()
        while time.perf_counter() - start < seconds or not logs:
            played = play_plan(ruleset, scenario, seed, plan, checks=False)
            logs.append((seed, played.actions))
            seed += 1
        actions = replay = setup = 0.0
        for seed, log in logs:
            t0 = time.perf_counter()
            Game(ruleset, scenario, seed)
            t1 = time.perf_counter()
            Game.replay(ruleset, scenario, seed, log)
            t2 = time.perf_counter()
            setup += t1 - t0
            replay += (t2 - t1) - (t1 - t0)
            actions += len(log)
        print(f"  {rid:16} {_ms(replay / actions)} per action over {len(logs)} games "
              f"({actions / len(logs):.0f} actions a game; set-up {_ms(setup / len(logs))})")


def long_log(length: int) -> tuple[object, str, list[tuple[str, str]]]:
    """A random Les Deux Bretagne log of ``length`` actions (``run.random_log``), kept in
    a cache folder between runs (it takes a while to play)."""
    from benchmarks.run import random_log

    cls = available_rulesets()[LONG]
    ruleset = cls()
    scenario = max(ruleset.scenarios(), key=lambda s: ruleset.scenario_data[s].last_turn)
    key = hashlib.sha256(f"{cls.version}|{scenario}|{length}|"
                         f"{inspect.getsource(random_log)}".encode()).hexdigest()[:16]
    cache = Path(tempfile.gettempdir()) / f"boardapp-bench-{LONG}-{key}.pickle"
    if cache.exists():
        log = pickle.loads(cache.read_bytes())
        try:
            Game.replay(ruleset, scenario, 1, log[:50])
            return ruleset, scenario, log
        except Exception:  # the rules changed: play it again
            pass
    t0 = time.perf_counter()
    log = random_log(ruleset, scenario, length)
    print(f"  (played a {length}-action log to replay in {time.perf_counter() - t0:.0f} s; "
          f"kept in {cache})")
    cache.write_bytes(pickle.dumps(log))
    return ruleset, scenario, log


def curve(ruleset, scenario: str, log: list[tuple[str, str]]) -> None:
    print(f"replay curve, {LONG} (target: flat per action, at most 0.15 ms):")
    t0 = time.perf_counter()
    Game(ruleset, scenario, 1)
    setup = time.perf_counter() - t0
    firsts = []
    for n in CURVE:
        t0 = time.perf_counter()
        Game.replay(ruleset, scenario, 1, log[:n])
        per = (time.perf_counter() - t0 - setup) / n
        firsts.append(per)
        print(f"  {n:6} actions: {_ms(per)} per action")
    print(f"  growth 1k -> 20k: x{firsts[-1] / firsts[0]:.2f} per action (target: about x1)")


def _wall(args: list[str], env: dict[str, str], runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(args, env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


_PROBE = """
import json, resource, sys, time
t0 = time.perf_counter()
from boardapp.core.files.gamefile import load_game
game = load_game(sys.argv[1])
took = time.perf_counter() - t0
print(json.dumps({"load": took, "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "actions": len(game.log)}))
"""


def opening(ruleset, scenario: str, log: list[tuple[str, str]]) -> None:
    from boardapp.core.files.gamefile import load_game, save_game

    game = Game.replay(ruleset, scenario, 1, log[:10_000])
    work = Path(tempfile.mkdtemp(prefix="boardapp-bench-"))
    try:
        path = work / "long.json"
        env = {**os.environ, "BOARDAPP_CACHE_DIR": str(work / "cache"),
               "BOARDAPP_DATA_DIR": str(work / "data"),
               "BOARDAPP_CONFIG_DIR": str(work / "config")}
        saved = dict(os.environ)
        os.environ.update(env)
        try:
            save_game(game, work / "fresh.json")  # saved elsewhere: unknown here
            os.environ["BOARDAPP_CACHE_DIR"] = str(work / "other-cache")
            save_game(game, path)
            os.environ["BOARDAPP_CACHE_DIR"] = env["BOARDAPP_CACHE_DIR"]
            print("opening a 10,000-action game (target: under 0.5 s to an interactive "
                  "board; a CLI call at most 2x `boardapp --help`):")
            t0 = time.perf_counter()
            first = load_game(path)
            t_first = time.perf_counter() - t0
            save_game(first, path)  # verified here now
            t0 = time.perf_counter()
            again = load_game(path)
            t_again = time.perf_counter() - t0
            print(f"  load_game, first time on this computer (every action checked): "
                  f"{t_first:.3f} s")
            print(f"  load_game, verified before on this computer: {t_again:.3f} s")
            undo_redo(again)
        finally:
            os.environ.clear()
            os.environ.update(saved)
        exe = str(BIN / "boardapp")
        helptime = _wall([exe, "--help"], env)
        print(f"  boardapp --help: {helptime:.3f} s (the floor)")
        for args in (["show", str(path)], ["actions", str(path)]):
            took = _wall([exe, *args], env)
            print(f"  boardapp {args[0]}: {took:.3f} s = {took / helptime:.1f}x --help")
        shutil.copy(path, work / "play.json")
        legal = [a.text() for a in again.legal_actions()] or ["roll"]
        t0 = time.perf_counter()
        subprocess.run([exe, "play", str(work / "play.json"), legal[0]], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        took = time.perf_counter() - t0
        print(f"  boardapp play: {took:.3f} s = {took / helptime:.1f}x --help")
        print("peak memory (RSS) of a process with the 10,000-action game open "
              "(target: under 250 MB):")
        for label, file in (("verified before", path), ("first time", work / "fresh.json")):
            out = subprocess.run([str(BIN / "python"), "-c", _PROBE, str(file)], env=env,
                                 check=True, capture_output=True, text=True).stdout
            probe = json.loads(out.strip().splitlines()[-1])
            print(f"  {label}: {probe['rss'] / 1024:.0f} MB (opened in "
                  f"{probe['load']:.2f} s, cold process)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def undo_redo(game: Game, depth: int = 1000) -> None:
    """Undo ``depth`` actions one by one, redo them, and ``state_at`` at random steps."""
    import random

    n = len(game.log)
    undos, redos, ats = [], [], []
    for _ in range(depth):
        t0 = time.perf_counter()
        game.undo()
        undos.append(time.perf_counter() - t0)
    for _ in range(depth):
        t0 = time.perf_counter()
        game.redo()
        redos.append(time.perf_counter() - t0)
    rnd = random.Random(1)
    for _ in range(50):
        step = rnd.randrange(n + 1)
        t0 = time.perf_counter()
        game.state_at(step)
        ats.append(time.perf_counter() - t0)
    print(f"undo / redo at depth, {n}-action game opened from its file (target: under 5 ms):")
    for name, times in (("undo", undos), ("redo", redos), ("state_at (replay bar)", ats)):
        print(f"  {name}: median {_ms(statistics.median(times))}, max {_ms(max(times))} "
              f"over {len(times)}")


def main() -> None:
    whole_games()
    ruleset, scenario, log = long_log(CURVE[-1])
    curve(ruleset, scenario, log)
    opening(ruleset, scenario, log)


if __name__ == "__main__":
    main()
