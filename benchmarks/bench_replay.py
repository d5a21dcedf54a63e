"""The engine's figures of issue 14, printed with their targets (not asserted); times
are CPU seconds (the machine is shared):

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
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.summary import record  # noqa: E402
from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.core.engine.ruleset import available_rulesets  # noqa: E402

LONG = "deux-bretagne"
REPLAY_MS = 0.15
"""Target: replay, ms per action on average, of every game."""
CURVE = (1_000, 2_000, 5_000, 10_000, 20_000)
BIN = Path(sys.executable).parent


def _clock() -> float:
    """CPU seconds of this process: on a shared machine, steadier than the wall clock."""
    return time.process_time()


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def whole_games(seconds: float = 3.0) -> None:
    """Replay per action of random whole games (the set-up timed apart)."""
    from tests.contracthelpers import DEFAULT_PLAN, PLANS, play_plan

    print("replay of random whole games, per action (target: at most 0.15 ms on average "
          "for every game):")
    for rid, cls in sorted(available_rulesets().items()):
        ruleset, plan = cls(), PLANS.get(rid, DEFAULT_PLAN)
        scenario = cls.default_scenario
        ruleset.setup(scenario, 1)
        logs, seed, start = [], 1, _clock()
        while _clock() - start < seconds or not logs:
            played = play_plan(ruleset, scenario, seed, plan, checks=False)
            logs.append((seed, played.actions))
            seed += 1
        actions = replay = setup = 0.0
        for seed, log in logs:
            t0 = _clock()
            Game(ruleset, scenario, seed)
            t1 = _clock()
            Game.replay(ruleset, scenario, seed, log)
            t2 = _clock()
            setup += t1 - t0
            replay += (t2 - t1) - (t1 - t0)
            actions += len(log)
        per = replay / actions
        print(f"  {rid:16} {_ms(per)} per action over {len(logs)} games "
              f"({actions / len(logs):.0f} actions a game; set-up {_ms(setup / len(logs))})")
        record("replay per action", rid, _ms(per), f"<= {REPLAY_MS} ms",
               per * 1000 <= REPLAY_MS)


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
    t0 = _clock()
    log = random_log(ruleset, scenario, length)
    print(f"  (played a {length}-action log to replay in {_clock() - t0:.0f} s; "
          f"kept in {cache})")
    cache.write_bytes(pickle.dumps(log))
    return ruleset, scenario, log


def curve(ruleset, scenario: str, log: list[tuple[str, str]], keep: Path) -> None:
    """Replay ``log``, printing the time per action up to each step of :data:`CURVE`
    and between two of them; save the game at 10,000 actions to ``keep``."""
    from boardapp.core.files.gamefile import save_game

    print(f"replay curve, {LONG} (target: flat per action, at most 0.15 ms): per action "
          "from the start / since the step before")
    game = Game(ruleset, scenario, 1)
    replay = game.replaying()
    replay.__enter__()
    start = last = _clock()
    per = []
    for n, (text, side) in enumerate(log, start=1):
        game.push(text, side=side)
        if n in CURVE:
            now = _clock()
            before = CURVE[CURVE.index(n) - 1] if n != CURVE[0] else 0
            per.append((now - last) / (n - before))
            print(f"  {n:6} actions: {_ms((now - start) / n)} / {_ms(per[-1])}")
            if n == 10_000:
                replay.__exit__()
                save_game(game, keep)
                replay.__enter__()
            last = _clock()
    growth = per[-1] / per[0]
    print(f"  growth 1k -> 20k: x{growth:.2f} per action (target: about x1)")
    record("replay curve", f"{LONG}, 1k -> 20k", f"x{growth:.2f}", "about x1 (<= x1.5)",
           growth <= 1.5)
    record("replay curve", f"{LONG}, 10k-20k", _ms(per[-1]), f"<= {REPLAY_MS} ms",
           per[-1] * 1000 <= REPLAY_MS)


def _children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _cpu(args: list[str], env: dict[str, str], runs: int = 3, check: bool = True) -> float:
    """The median CPU seconds (user + system) of a command, over ``runs`` runs."""
    times = []
    for _ in range(runs):
        t0 = _children()
        subprocess.run(args, env=env, check=check, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        times.append(_children() - t0)
    return statistics.median(times)


_PROBE = """
import json, resource, sys, time
t0 = time.process_time()
from boardapp.core.files.gamefile import load_game
game = load_game(sys.argv[1])
took = time.process_time() - t0
def peak_kb():  # VmHWM is this process's own peak; ru_maxrss may carry the parent's
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"load": took, "rss": peak_kb(),
                  "actions": len(game.log)}))
"""


def opening(work: Path, path: Path) -> None:
    """``path``: a 10,000-action game saved on another computer (another cache)."""
    from boardapp.core.files.gamefile import load_game

    saved = dict(os.environ)
    try:
        env = {**os.environ, "BOARDAPP_CACHE_DIR": str(work / "cache"),
               "BOARDAPP_DATA_DIR": str(work / "data"),
               "BOARDAPP_CONFIG_DIR": str(work / "config")}
        os.environ.update(env)
        print("opening a 10,000-action game (target: under 0.5 s to an interactive board; "
              "a CLI call at most 2x `boardapp --help`):")
        t0 = _clock()
        load_game(path)
        t_first = _clock() - t0
        t0 = _clock()
        again = load_game(path)
        t_again = _clock() - t0
        print(f"  load_game, first time on this computer (every action replayed and "
              f"checked): {t_first:.3f} s")
        print(f"  load_game, verified before on this computer: {t_again:.3f} s")
        record("opening a 10,000-action game", "load_game, first time", f"{t_first:.3f} s",
               "-", None)
        record("opening a 10,000-action game", "load_game, verified before",
               f"{t_again:.3f} s", "< 0.5 s", t_again < 0.5)
        window_time(path)
        from boardapp.core.files.gamefile import save_game

        t0 = _clock()
        save_game(again, work / "saved.json")
        print(f"  saving it (the board autosaves after each action): {_clock() - t0:.3f} s")
        undo_redo(again)
        exe = str(BIN / "boardapp")
        helptime = _cpu([exe, "--help"], env)
        print(f"  boardapp --help: {helptime:.3f} s of CPU (the floor, same run)")
        for args in (["show", str(path)], ["actions", str(path)]):
            took = _cpu([exe, *args], env)
            print(f"  boardapp {args[0]}: {took:.3f} s = {took / helptime:.1f}x --help")
            record("one CLI call on it", f"boardapp {args[0]}",
                   f"{took:.3f} s {took / helptime:.1f}x", "<= 2x --help", took <= 2 * helptime)
        legal = [a.text() for a in again.legal_actions()] or ["roll"]
        plays = []
        for _ in range(3):
            shutil.copy(path, work / "play.json")
            plays.append(_cpu([exe, "play", str(work / "play.json"), legal[0]], env, 1,
                              check=False))
        took = statistics.median(plays)
        print(f"  boardapp play: {took:.3f} s = {took / helptime:.1f}x --help")
        record("one CLI call on it", "boardapp play", f"{took:.3f} s {took / helptime:.1f}x",
               "<= 2x --help", took <= 2 * helptime)
        record("one CLI call on it", "boardapp --help (floor)", f"{helptime:.3f} s", "-", None)
        print("peak memory (RSS) of a process with the 10,000-action game open "
              "(target: under 250 MB):")
        for label, cache in (("verified before", env["BOARDAPP_CACHE_DIR"]),
                             ("first time", str(work / "empty"))):
            out = subprocess.run([str(BIN / "python"), "-c", _PROBE, str(path)],
                                 env={**env, "BOARDAPP_CACHE_DIR": cache}, check=True,
                                 capture_output=True, text=True).stdout
            probe = json.loads(out.strip().splitlines()[-1])
            print(f"  {label}: {probe['rss'] / 1024:.0f} MB (opened in "
                  f"{probe['load']:.2f} s of CPU in a new process, imports included)")
            record("memory with it open", label, f"{probe['rss'] / 1024:.0f} MB", "< 250 MB",
                   probe["rss"] / 1024 < 250)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def window_time(path: Path) -> None:
    """CPU seconds from opening ``path`` to its board shown in the window, in a program
    running already (Qt started, modules imported: what opening a file costs)."""
    try:
        from PySide6.QtWidgets import QApplication

        from boardapp.core.files.gamefile import load_game
        from boardapp.ui.main_window import MainWindow
    except ImportError as exc:  # no Qt here
        print(f"  window: skipped ({exc})")
        return
    app = QApplication.instance() or QApplication([])
    warm = MainWindow(load_game(path))  # the first window pays for the caches
    warm.show()
    app.processEvents()
    warm.close()
    times = []
    for _ in range(3):
        t0 = _clock()
        window = MainWindow(load_game(path))
        window.show()
        app.processEvents()
        times.append(_clock() - t0)
        window.close()
        window.deleteLater()
        app.processEvents()
    took = statistics.median(times)
    print(f"  to the board in a window (program running, verified before): {took:.3f} s")
    record("opening a 10,000-action game", "to the board in a window", f"{took:.3f} s",
           "< 0.5 s", took < 0.5)


def undo_redo(game: Game, depth: int = 1000) -> None:
    """Undo ``depth`` actions one by one, redo them, and ``state_at`` at random steps:
    straight away, then after the window's idle learning of the whole past
    (:meth:`Game.learn_some` until nothing is left), and walking the replay bar."""
    import random

    n = len(game.log)
    undos, redos, cold, ats, walk = [], [], [], [], []
    for _ in range(depth):
        t0 = _clock()
        game.undo()
        undos.append(_clock() - t0)
    for _ in range(depth):
        t0 = _clock()
        game.redo()
        redos.append(_clock() - t0)
    rnd = random.Random(1)
    for _ in range(50):
        step = rnd.randrange(n + 1)
        t0 = _clock()
        game.state_at(step)
        cold.append(_clock() - t0)
    t0 = _clock()
    while game.learn_some(32):  # what the window does while idle (IDLE_LEARN)
        pass
    learnt = _clock() - t0
    for _ in range(50):
        step = rnd.randrange(n + 1)
        t0 = _clock()
        game.state_at(step)
        ats.append(_clock() - t0)
    start = rnd.randrange(n - 200)
    for step in [*range(start, start + 100), *range(start + 100, start, -1)]:
        t0 = _clock()
        game.state_at(step)
        walk.append(_clock() - t0)
    print(f"  undo / redo at depth, {n}-action game opened from its file (target: under 5 ms):")
    for name, times in (("undo", undos), ("redo", redos),
                        ("state_at (replay bar), after the idle learning", ats),
                        ("replay bar walked one step at a time", walk)):
        print(f"    {name}: median {_ms(statistics.median(times))}, max {_ms(max(times))} "
              f"over {len(times)}")
        record("undo / redo at depth", f"{name}, slowest of {len(times)}", _ms(max(times)),
               "< 5 ms", max(times) < 0.005)
    print(f"    state_at before it (the past not learnt yet): median "
          f"{_ms(statistics.median(cold))}, max {_ms(max(cold))} over {len(cold)}; the idle "
          f"learning of the whole past took {learnt:.2f} s of CPU")
    record("undo / redo at depth", "state_at before the idle learning, slowest of 50",
           _ms(max(cold)), "-", None)


def main() -> None:
    whole_games()
    ruleset, scenario, log = long_log(CURVE[-1])
    work = Path(tempfile.mkdtemp(prefix="boardapp-bench-"))
    saved = os.environ.get("BOARDAPP_CACHE_DIR")
    try:
        os.environ["BOARDAPP_CACHE_DIR"] = str(work / "another-computer")
        curve(ruleset, scenario, log, work / "long.json")
        if saved is None:
            del os.environ["BOARDAPP_CACHE_DIR"]
        else:
            os.environ["BOARDAPP_CACHE_DIR"] = saved
        opening(work, work / "long.json")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
