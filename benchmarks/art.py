"""Cutting a counter sheet: seconds to cut a 300-counter sheet (front and back, 600 dpi
scans of 5/8-inch counters) into cell images (printed, not asserted).

    .venv/bin/python benchmarks/art.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardapp.core.art.cutting import cut_sheet  # noqa: E402
from boardapp.core.art.sheet import CounterSheet, SheetGrid  # noqa: E402
from tests.synthetic_sheet import write_sheet  # noqa: E402

CELL = 375  # 5/8 inch at 600 dpi
GRID = SheetGrid(rows=15, cols=20, left=120, top=150, right=140, bottom=130, gutter_x=8,
                 gutter_y=8, rotation=0.4)
SIZE = (120 + 140 + 19 * 8 + 20 * CELL, 150 + 130 + 14 * 8 + 15 * CELL)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        front = write_sheet(folder / "front.png", GRID, SIZE, "front")
        back = write_sheet(folder / "back.png", GRID, SIZE, "back")
        sheet = CounterSheet("bench", "", str(front), str(back), GRID)
        t0, c0 = time.perf_counter(), time.thread_time()
        result = cut_sheet(sheet, folder / "cells")
        wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
    n = sum(result.cells.values())
    print(f"cut a {GRID.rows * GRID.cols}-counter sheet ({SIZE[0]} x {SIZE[1]} px, front and "
          f"back, rotation corrected): {wall:.2f} s wall, {cpu:.2f} s CPU, {n} cells of "
          f"{result.cell_size[0]} x {result.cell_size[1]} px")


if __name__ == "__main__":
    main()
