"""Counter images on a 1,000-counter board (issue 21): full repaint at each zoom, a
drag frame and the scene update after one action, each beside the speed work's target,
and the memory the images take (printed, not asserted).

Every counter of a Les Deux Bretagne board cloned to 1,000 (as ``bench_ui.py`` does)
shows an image of its own: the 1,000 cells of the front and back of a 500-counter
synthetic sheet. Times are medians of this thread's CPU time.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_art_ui.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchmarks.bench_ui import (  # noqa: E402
    RULESET,
    VIEW_SIZE,
    ZOOMS,
    moved_one,
    repaints,
    row,
    thousand_counters,
)

SHEET_ROWS, SHEET_COLS, CELL = 20, 25, 150


def rss_mb() -> float:
    """This process's resident memory in MB (Linux; 0 elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def main() -> None:
    from PySide6.QtWidgets import QApplication

    from boardapp.core.art.sheet import CounterSheet, SheetGrid
    from boardapp.core.art.store import ArtStore
    from boardapp.core.engine.game import Game
    from boardapp.core.engine.ruleset import find_ruleset
    from boardapp.ui import counter_art_paint, counter_items
    from boardapp.ui.board_scene import BoardScene
    from boardapp.ui.board_view import BoardView
    from boardapp.ui.counter_art_paint import CounterArt
    from tests.synthetic_sheet import write_sheet

    app = QApplication.instance() or QApplication([])
    tmp = Path(tempfile.mkdtemp(prefix="bench-art-"))
    grid = SheetGrid(rows=SHEET_ROWS, cols=SHEET_COLS, left=20, top=20, right=20, bottom=20,
                     gutter_x=4, gutter_y=4)
    size = (40 + (SHEET_COLS - 1) * 4 + SHEET_COLS * CELL, 40 + (SHEET_ROWS - 1) * 4
            + SHEET_ROWS * CELL)
    store = ArtStore("bench", root=tmp / "art")
    store.put_sheet(CounterSheet("s", "", str(write_sheet(tmp / "f.png", grid, size, "front")),
                                 str(write_sheet(tmp / "b.png", grid, size, "back")), grid))
    cells = sorted(store.cells_folder("s").glob("*.png"))

    game = Game(find_ruleset(RULESET), None, 1)
    scene = BoardScene()
    scene.set_game(game)
    big = thousand_counters(game)
    scene.show_state(big)
    view = BoardView(scene)
    view.resize(*VIEW_SIZE)
    view.show()
    app.processEvents()
    centre = scene.board_rect().center()
    drawn = repaints(app, view, centre)
    before = rss_mb()
    index = {pid: i for i, pid in enumerate(sorted(scene.item_for_piece))}
    scene.counter_art = lambda pid, face: CounterArt(str(cells[index[pid] % len(cells)]))
    scene.refresh_art()
    app.processEvents()
    imaged = repaints(app, view, centre)
    print(f"Counter images ({RULESET}, {len(scene.item_for_piece)} counters, each its own "
          f"image of {len(cells)}, view {VIEW_SIZE[0]} x {VIEW_SIZE[1]})")
    for zoom in ZOOMS:
        row(f"full repaint at zoom {zoom}", f"{imaged[zoom] * 1000:.1f} ms (drawn faces "
            f"{drawn[zoom] * 1000:.1f} ms)", "< 16 ms")
    view.set_zoom(1.0)
    view.centerOn(centre)
    app.processEvents()
    item = next(i for i in scene.item_for_piece.values() if i.isVisible())
    item.set_lifted(True)
    times = []
    for step in range(20):
        item.moveBy(3 if step % 2 == 0 else -3, 2)
        t0 = time.thread_time()
        app.processEvents()
        times.append(time.thread_time() - t0)
    item.set_lifted(False)
    row("drag frame (one lifted counter moved, zoom 1)",
        f"{statistics.median(times[1:]) * 1000:.2f} ms", "< 16 ms")
    after = moved_one(big)
    times = []
    for i in range(9):
        t0 = time.thread_time()
        scene.show_state(after if i % 2 == 0 else big)
        times.append(time.thread_time() - t0)
    row("scene update after one action", f"{statistics.median(times) * 1000:.2f} ms",
        "< 3 ms")
    row("memory: cell images held", f"{counter_art_paint.sources_bytes() / 2**20:.1f} MB",
        f"<= {counter_art_paint.SOURCES_LIMIT / 2**20:.0f} MB")
    row("memory: shared face cache", f"{counter_items._faces_bytes / 2**20:.1f} MB",
        f"<= {counter_items.FACES_LIMIT / 2**20:.0f} MB")
    row("resident memory, drawn faces -> images", f"{before:.0f} -> {rss_mb():.0f} MB", "")
    view.close()


if __name__ == "__main__":
    main()
