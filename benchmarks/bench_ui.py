"""Start, drawing and drag figures of the window, each beside its target (printed, not
asserted; ``benchmarks/run.py`` calls :func:`main`, or run this file alone).

Whole-process figures are CPU seconds (user + system) of child processes, medians of a
few runs, compared with the import floor measured in the same run: a process that only
imports PySide6's QtWidgets, networkx, shapely and yaml. Drawing figures are in-process
medians of this thread's CPU time (the machine is shared: waiting for a core is not
counted) on a Les Deux Bretagne board with 1,000 counters (its own pieces cloned over
every area and box), in a 1366 x 768 view.
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

RUNS = 5
RULESET = "deux-bretagne"
COUNTERS = 1000
ZOOMS = (0.25, 0.5, 1.0, 2.0, 4.0)
VIEW_SIZE = (1366, 768)

FLOOR = "import networkx, shapely, yaml; import PySide6.QtWidgets"
"""The floor: the libraries every start needs, in the cheaper order (PySide6 reads the
source of every module imported after it)."""
START = """
import sys
from boardapp.ui.app import start_window  # first, as `boardapp` imports it
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
window = start_window(None, {ruleset!r})
window.show()
QTimer.singleShot(0, app.quit)
app.exec()
"""


def child_cpu(argv: list[str], env: dict[str, str] | None = None) -> float:
    """CPU seconds (user + system) of one run of ``argv`` and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_cpu(argv: list[str], env: dict[str, str] | None = None, runs: int = RUNS) -> float:
    """The median CPU seconds of ``runs`` runs after one warm-up."""
    child_cpu(argv, env)
    return statistics.median(child_cpu(argv, env) for _ in range(runs))


def row(what: str, value: str, target: str) -> None:
    """One printed figure and its target."""
    print(f"  {what:<44} {value:>18}   target {target}")


def process_figures() -> None:
    """Import floor, start to a window, render, --help and a CLI call."""
    py = sys.executable
    boardapp = [py, "-m", "boardapp"]
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, XDG_CONFIG_HOME=f"{tmp}/c", XDG_DATA_HOME=f"{tmp}/d",
                   XDG_STATE_HOME=f"{tmp}/s", XDG_CACHE_HOME=f"{tmp}/k",
                   HOME=tmp, PYTHONPATH=str(ROOT))
        # As an installed copy runs: with its bytecode cached (the warm-up run writes it),
        # not compiling every module of boardapp at each start.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        game = f"{tmp}/g.json"
        subprocess.run([*boardapp, "new", RULESET, "default", "-o", game, "--seed", "1"],
                       check=False, env=env, capture_output=True)
        if not Path(game).exists():  # the scenario is not called "default"
            from boardapp.core.engine.ruleset import find_ruleset
            scenario = type(find_ruleset(RULESET)).default_scenario
            subprocess.run([*boardapp, "new", RULESET, scenario, "-o", game, "--seed", "1"],
                           check=True, env=env, capture_output=True)
        floor = median_cpu([py, "-c", FLOOR], env)
        start = median_cpu([py, "-c", START.format(ruleset=RULESET)], env)
        render = median_cpu([*boardapp, "render", game, "-o", f"{tmp}/b.png"], env)
        helps = median_cpu([*boardapp, "--help"], env)
        show = median_cpu([*boardapp, "show", game], env)
        cli_modules = subprocess.run(
            [py, "-c", "import sys, boardapp.cli; print(' '.join(sorted(m for m in "
             "('numpy', 'networkx', 'shapely', 'PySide6', 'boardapp.core.scan.calibration')"
             " if m in sys.modules)))"], env=env, capture_output=True, text=True).stdout
    print(f"Process figures (CPU seconds, median of {RUNS} runs)")
    row("import floor (QtWidgets, networkx, shapely, yaml)", f"{floor:.3f} s", "-")
    row("start to a Deux Bretagne window", f"{start:.3f} s  {start / floor:.2f}x",
        "< 0.6 s, <= 1.5x floor")
    row("boardapp render (Deux Bretagne game)", f"{render:.3f} s  {render / floor:.2f}x",
        "<= 2.5x floor")
    row("boardapp --help", f"{helps:.3f} s", "-")
    row("boardapp show (new game)", f"{show:.3f} s  {show / helps:.2f}x",
        "<= 2x --help")
    row("heavy modules after importing the CLI", cli_modules.strip() or "none", "none")


def thousand_counters(game) -> dict:
    """A copy of ``game``'s state with its pieces cloned to 1,000, spread round-robin over
    every area and box of the main map."""
    import copy

    state = copy.deepcopy(game.state)
    bmap = game.ruleset.board_map
    places = sorted(bmap.areas) + sorted(bmap.boxes)
    originals = sorted(state["pieces"])
    rng = random.Random(1)
    for place in list(state["stacks"]):
        state["stacks"][place] = [p for p in state["stacks"][place] if p in state["pieces"]]
    n = 0
    while len(state["pieces"]) < COUNTERS:
        source = originals[n % len(originals)]
        pid = f"{source}~{n}"
        place = places[rng.randrange(len(places))]
        piece = dict(state["pieces"][source], loc=place)
        state["pieces"][pid] = piece
        state["stacks"].setdefault(place, []).append(pid)
        n += 1
    return state


def moved_one(state: dict) -> dict:
    """``state`` with one piece moved to another area (what one action changes)."""
    import copy

    after = copy.deepcopy(state)
    pid = next(p for p in sorted(after["pieces"]) if "~" in p)
    old = after["pieces"][pid]["loc"]
    new = next(p for p in sorted(after["stacks"]) if p != old and after["stacks"][p])
    after["stacks"][old].remove(pid)
    after["stacks"][new].insert(0, pid)
    after["pieces"][pid]["loc"] = new
    return after


def repaints(app, view, centre) -> dict[float, float]:
    """The median thread CPU time of a full repaint of ``view`` at each of :data:`ZOOMS`
    (the first repaint at a zoom, which fills the caches, left out)."""
    out = {}
    for zoom in ZOOMS:
        view.set_zoom(zoom)
        view.centerOn(centre)
        app.processEvents()
        times = []
        for _ in range(8):
            t0 = time.thread_time()
            view.viewport().repaint()
            times.append(time.thread_time() - t0)
        out[zoom] = statistics.median(times[1:])
    return out


def drawing_figures() -> None:
    """Repaint at each zoom, scene update after one action, drop_target."""
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QApplication

    from boardapp.core.engine.game import Game
    from boardapp.core.engine.ruleset import find_ruleset
    from boardapp.ui.board_scene import BoardScene
    from boardapp.ui.board_view import BoardView

    app = QApplication.instance() or QApplication([])
    game = Game(find_ruleset(RULESET), None, 1)
    scene = BoardScene()
    scene.set_game(game)
    big = thousand_counters(game)
    scene.show_state(big)
    view = BoardView(scene)
    view.resize(*VIEW_SIZE)
    view.show()
    app.processEvents()
    shown = sum(1 for item in scene.item_for_piece.values() if item.isVisible())
    print(f"Drawing ({RULESET}, {len(scene.item_for_piece)} counters, {shown} of them "
          f"visible, view {VIEW_SIZE[0]} x {VIEW_SIZE[1]})")
    centre = scene.board_rect().center()
    for zoom, seconds in repaints(app, view, centre).items():
        row(f"full repaint at zoom {zoom}", f"{seconds * 1000:.1f} ms", "< 16 ms")
    after = moved_one(big)
    times = []
    for i in range(9):
        t0 = time.thread_time()
        scene.show_state(after if i % 2 == 0 else big)
        times.append(time.thread_time() - t0)
    row("scene update after one action", f"{statistics.median(times) * 1000:.2f} ms",
        "< 3 ms")
    rng = random.Random(2)
    rect = scene.board_rect()
    dragged = [next(iter(scene.item_for_piece))]
    points = [QPointF(rect.left() + rng.random() * rect.width(),
                      rect.top() + rng.random() * rect.height()) for _ in range(200)]
    t0 = time.thread_time()
    for point in points:
        scene.drop_target(point, dragged)
    row("drop_target (one mouse move)", f"{(time.thread_time() - t0) / len(points) * 1000:.3f}"
        " ms", "< 0.5 ms")
    view.close()


def smallest_text(ruleset_id: str) -> tuple[float, float]:
    """The smallest name or value on a counter, in pixels, at the default zoom of a
    1366 x 768 window, and that zoom."""
    from PySide6.QtWidgets import QApplication

    from boardapp.core.engine.game import Game
    from boardapp.core.engine.ruleset import find_ruleset
    from boardapp.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(Game(find_ruleset(ruleset_id), None, 7))
    window.resize(*VIEW_SIZE)
    window.show()
    app.processEvents()
    view, scene = window.view, window.scene
    smallest = min((item.text_size() * item.scale() * view.zoom()
                    for item in scene.item_for_piece.values() if item.isVisible()),
                   default=0.0)
    zoom = view.zoom()
    window.hide()
    window.deleteLater()
    return smallest, zoom


def readable_figures() -> None:
    """Issue 15: counters' text at the default zoom on a small screen."""
    from boardapp.core.engine.ruleset import available_rulesets, find_ruleset
    from boardapp.core.table.tableboard import table_of

    print(f"Smallest counter text at the default zoom, {VIEW_SIZE[0]} x {VIEW_SIZE[1]} window")
    for rid in sorted(available_rulesets()):
        if table_of(find_ruleset(rid).board_map) is not None:
            continue  # a table draws figures on their bases, not counters
        try:
            pixels, zoom = smallest_text(rid)
        except AttributeError:  # a version without the level of detail
            continue
        row(f"{rid} (zoom {zoom:.2f})", f"{pixels:.1f} px", ">= 9 px")


def crowded_figures() -> None:
    """Issue 15: a crowded board at the default zoom (Montjoie!, four players, turn 7):
    the update after one action, the stacks moved apart, any still overlapping."""
    import copy

    from PySide6.QtWidgets import QApplication

    from boardapp.core.engine.game import Game
    from boardapp.core.engine.ruleset import find_ruleset
    from boardapp.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    game = Game(find_ruleset("montjoie"), "normale-4", 3)
    rng = random.Random(3)
    frames = []
    for n in range(550):
        action = rng.choice(list(game.legal_actions()))
        sides = game.ruleset.deciding_sides(game.state)
        game.push(action, side=next((s for s in sides
                                     if action in game.ruleset.legal_actions(game.state, s)),
                                    None))
        if n >= 548:
            frames.append(copy.deepcopy(game.state))  # actions change the state in place
    window = MainWindow(game)
    window.resize(*VIEW_SIZE)
    window.show()
    app.processEvents()
    scene = window.scene
    times = []
    for i in range(9):
        t0 = time.thread_time()
        scene.show_state(frames[i % 2])
        times.append(time.thread_time() - t0)
    offsets = scene.nudges.offsets
    drawn = [rect.translated(offsets[p]) if p in offsets else rect
             for p, rect in sorted(scene._clusters.items())]
    left = sum(1 for i, a in enumerate(drawn) for b in drawn[i + 1:] if a.intersects(b))
    print(f"Crowded board (montjoie normale-4, turn {game.state.get('turn')}, "
          f"{len(drawn)} occupied places, zoom {window.view.zoom():.2f}, counters drawn "
          f"{scene.counter_scale:g}x)")
    row("scene update after one action", f"{statistics.median(times) * 1000:.1f} ms",
        "< 16 ms")
    row("stacks moved apart / pairs still overlapping", f"{len(offsets)} / {left}", "- / 0")
    window.hide()
    window.deleteLater()


def main() -> None:
    process_figures()
    drawing_figures()
    readable_figures()
    crowded_figures()


if __name__ == "__main__":
    main()
