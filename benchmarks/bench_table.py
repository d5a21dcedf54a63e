"""Figures of the free table (issue 18), printed, not asserted.

    .venv/bin/python benchmarks/bench_table.py

On a 180 x 120 cm table with 30 scenery shapes and 40 figures (20 a side): one line of
sight; every pair at once (distance edge to edge and line of sight; target under 20 ms);
planning one path (what a drag frame computes); carrying out one movement sequence for the
40 figures in sixths; and the size a turn of the table demo adds to a game file.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardapp.core.engine.game import Game  # noqa: E402
from boardapp.core.engine.ruleset import find_ruleset  # noqa: E402
from boardapp.core.files.gamefile import dumps_game  # noqa: E402
from boardapp.core.table.bases import Base, Bases  # noqa: E402
from boardapp.core.table.paths import plan_path  # noqa: E402
from boardapp.core.table.sight import (  # noqa: E402
    eye_of,
    figures_in_the_way,
    line_of_sight,
    sight_pairs,
)
from boardapp.core.table.tablemap import check_table  # noqa: E402
from boardapp.core.table.together import Figure, carry_out  # noqa: E402

WIDTH, DEPTH = 180.0, 120.0
COSTS = {"light": 4.0, "medium": 8.0, "large": 13.0}


def big_table(seed: int = 1):
    """30 shapes: 10 woods, 10 walls or hedges, 6 hills, 4 buildings, at random."""
    rnd = random.Random(seed)
    scenery = {}
    for n in range(30):
        x, y = rnd.uniform(10, WIDTH - 25), rnd.uniform(10, DEPTH - 25)
        if n % 3 == 1:
            dx, dy = rnd.uniform(-12, 12), rnd.uniform(-12, 12)
            scenery[f"wall{n}"] = {"kind": rnd.choice(["wall", "hedge"]), "obstacle": "medium",
                                   "cover": "medium", "height": rnd.choice([2, 3, 5]),
                                   "line": [[x, y], [x + abs(dx) + 3, y + dy]]}
            continue
        w, d = rnd.uniform(5, 15), rnd.uniform(5, 15)
        kind = ("wood", "hill", "wood", "building")[n % 4]
        scenery[f"{kind}{n}"] = {
            "kind": kind, "polygon": [[x, y], [x + w, y], [x + w, y + d], [x, y + d]],
            "obstacle": {"wood": "light", "hill": "none", "building": "impassable"}[kind],
            "cover": "light", "height": {"wood": 10, "hill": 12, "building": 8}[kind]}
    problems, table = check_table({"format": "boardapp-table", "version": 1, "id": "bench",
                                   "size": [WIDTH, DEPTH], "scenery": scenery}, "bench")
    assert not problems and table is not None, problems
    return table


def figures(table, seed: int = 2) -> dict[str, Base]:
    rnd = random.Random(seed)
    out: dict[str, Base] = {}
    while len(out) < 40:
        x, y = rnd.uniform(2, WIDTH - 2), rnd.uniform(2, DEPTH - 2)
        if any(s.obstacle == "impassable" for s in table.at(x, y)):
            continue
        side = "a" if len(out) < 20 else "b"
        out[f"{side}{len(out)}"] = Base(x, y, 2, 2 if len(out) % 3 else 4, rnd.uniform(0, 360))
    return out


def timed(fn, repeat: int) -> list[float]:
    """CPU time of this process per call (a shared machine's load counts less than in
    the wall clock's figures)."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return times


def ms(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:.2f} ms, min {min(times) * 1000:.2f} ms"


def floor() -> float:
    """A floor measured in the same run: 10,000 square roots in a Python loop (ms)."""
    return statistics.median(timed(lambda: [math.sqrt(i) for i in range(10_000)], 20)) * 1000


def main() -> None:
    print(f"table: floor (10,000 square roots in Python, CPU time): {floor():.2f} ms")
    table = big_table()
    bases = figures(table)
    eyes = {p: eye_of(table, b, 3.0) for p, b in bases.items()}
    ids = sorted(bases)
    rnd = random.Random(3)
    pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]]
    sample = [rnd.choice(pairs) for _ in range(200)]
    one = timed(lambda: [line_of_sight(table, eyes[a], eyes[b]) for a, b in sample], 5)
    print(f"table: one line of sight (180 x 120 cm, 30 shapes): "
          f"{statistics.median(one) / len(sample) * 1e6:.0f} us (CPU time, the mean of "
          f"{len(sample)})")

    def all_pairs() -> None:
        Bases(bases).pair_distances()
        sight_pairs(table, eyes, pairs)

    seen = sum(sight_pairs(table, eyes, pairs).values())
    print(f"table: all {len(pairs)} pairs of 40 figures, distance and line of sight "
          f"({seen} see each other): {ms(timed(all_pairs, 20))} (target < 20 ms)")
    standing = {p: (b, 3.0) for p, b in bases.items()}

    def in_the_way() -> None:
        for a, b in sample:
            others = {p: v for p, v in standing.items() if p not in (a, b)}
            figures_in_the_way(table, eyes[a], eyes[b], others)

    per = statistics.median(timed(in_the_way, 5)) / len(sample) * 1e6
    print(f"table: figures in the way of one line of sight (38 others): {per:.0f} us (CPU "
          f"time, the mean of {len(sample)})")
    paths = {}
    for pid, b in bases.items():
        x = min(WIDTH - 1, max(1, b.x + rnd.uniform(-10, 10)))
        y = min(DEPTH - 1, max(1, b.y + rnd.uniform(-10, 10)))
        paths[pid] = [(b.x, b.y), ((b.x + x) / 2, b.y), (x, y)]
    drag = timed(lambda: plan_path(table, paths["a0"], COSTS), 200)
    print(f"table: planning one path (a drag frame's geometry): {ms(drag)}")
    movers = {pid: Figure(pid[0], bases[pid], plan_path(table, paths[pid], COSTS), 14.0)
              for pid in ids}
    print(f"table: one movement sequence of 40 figures in sixths: "
          f"{ms(timed(lambda: carry_out(movers), 5))}")
    rs = find_ruleset("table-demo")
    game = Game(rs, None, 1)
    sizes = [len(dumps_game(game).encode("utf-8"))]
    for _ in range(4):
        for side in ("red", "blue"):
            legal = [a for a in rs.legal_actions(game.state, side) if a.verb == "plan"]
            for action in legal[:: max(1, len(legal) // 3)][:3]:
                game.push(action, side=side)
            commit = [a for a in rs.legal_actions(game.state, side) if a.verb == "commit"]
            game.play(commit[0], side=side)
        sizes.append(len(dumps_game(game).encode("utf-8")))
    steps = [b - a for a, b in zip(sizes, sizes[1:], strict=False)]
    print(f"table: one drag frame in the window, 40 figures and 30 shapes (offscreen, CPU "
          f"time): {drag_frame(table, bases)} (target < 8 ms)")
    print(f"guet-apens: one period of Scenario IX (22 against 18 figures) in replay, random "
          f"legal orders: {guet_apens_period()}")
    print(f"table: game file of the table demo: {sizes[0]} bytes at the set-up, "
          f"{statistics.mean(steps):.0f} bytes per turn (3 plans a side, hot-seat)")


def guet_apens_period(actions: int = 150, seed: int = 1) -> str:
    """CPU time of one period of Guet-Apens Scenario IX replayed: a random legal game
    (chosen as the contract test chooses) of ``actions`` actions, replayed, timed from one
    period to the next (the first, with the set-up, left out)."""
    from tests.contracthelpers import choose, legal_by_side

    rs = find_ruleset("guet-apens")
    game, rnd, log = Game(rs, "IX", seed), random.Random(seed), []
    while len(log) < actions:
        by_side = {s: a for s, a in legal_by_side(rs, game.state).items() if a}
        if not by_side:
            break
        side = rnd.choice(sorted(by_side))
        action = choose(rnd, by_side[side])
        game.push(action, side=side)
        log.append((action.text(), side))
    replay = Game(rs, "IX", seed)
    periods = []
    with replay.replaying():
        turn, t0 = replay.state.get("turn"), time.process_time()
        for text, side in log:
            replay.push(text, side=side)
            if replay.state.get("turn") != turn:
                now = time.process_time()
                periods.append(now - t0)
                turn, t0 = replay.state.get("turn"), now
    whole = periods[1:] or periods
    if not whole:
        return f"no period ended in {len(log)} actions"
    return (f"median {statistics.median(whole):.3f} s, mean {statistics.mean(whole):.3f} s "
            f"over {len(whole)} periods ({len(log)} actions)")


def drag_frame(table, bases: dict[str, Base]) -> str:
    """One frame of a drag in the window (offscreen): the move tool's geometry and
    drawings, and the board repainted, with 40 figures and 30 shapes."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from boardapp.core.board.maps import LoadedMap
    from boardapp.core.engine.rng import new_rng
    from boardapp.core.engine.state import add_piece, new_state
    from boardapp.core.table.fixed import to_tenths, to_units
    from boardapp.core.table.positions import set_position
    from boardapp.core.table.tableboard import TABLE_PLACE, board_of_table
    from boardapp.ui.main_window import MainWindow
    from boardapp.ui.table_items import mm

    board = board_of_table(table)

    class Provider:
        def load(self, map_file: str) -> LoadedMap:
            return LoadedMap(board, "shipped", "bench")

    demo = type(find_ruleset("table-demo"))

    class BigTable(demo):  # type: ignore[misc, valid-type]
        def setup(self, scenario, seed, played_with=None):
            state = new_state(self.id, scenario, new_rng(seed), ["red", "blue"])
            for n, (pid, b) in enumerate(sorted(bases.items())):
                name = f"{'red' if pid[0] == 'a' else 'blue'}-{n}"
                add_piece(state, name, "foot" if b.depth == 2 else "rider", TABLE_PLACE)
                set_position(state, name, to_units(b.x), to_units(b.y), to_tenths(b.facing))
            state["phase"] = "turn"
            state["vars"] = {"drafts": {}}
            state["flow"] = [{"step": "orders", "side": "red", "sides": ["red", "blue"],
                              "vars": {}}]
            return state

    app = QApplication.instance() or QApplication([])
    window = MainWindow(Game(BigTable(maps=Provider()), None, 1))
    window.resize(1600, 1000)
    window.show()
    app.processEvents()
    window.view.fit()
    app.processEvents()
    tool = window.view.tools["move"]
    first = min(window.scene.figures)
    base = bases[sorted(bases)[0]]
    assert tool.press(mm(base.x, base.y), False), first
    times = []
    for k in range(60):  # what a mouse move costs: the tool, then the dirty parts painted
        t0 = time.process_time()
        tool.move(mm(base.x + 8 * math.cos(k / 10), base.y + 8 * math.sin(k / 10)), False)
        app.processEvents()
        times.append(time.process_time() - t0)
    full = []
    for k in range(30):  # the worst case: the whole board repainted at every move
        t0 = time.process_time()
        tool.move(mm(base.x + 8 * math.sin(k / 10), base.y + 8 * math.cos(k / 10)), False)
        window.view.viewport().repaint()
        full.append(time.process_time() - t0)
    window.close()
    return f"{ms(times[5:])}; the whole board repainted each time: {ms(full[5:])}"


if __name__ == "__main__":
    main()
