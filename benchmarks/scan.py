"""Scan benchmark: a 14,000 x 20,000 synthetic scan of the shipped map (printed, not
asserted).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/scan.py [--workdir DIR] [--keep]

Writes the scan as a PNG (band by band), then measures, each in a fresh process:

* time to first view: the tile pyramid built (first time) or found in the cache, the
  board window shown fitted on the whole board, first frame painted;
* peak memory (resident set) while building, and while viewing (first view, zooming and
  panning), against the 840 MB the decoded scan would take;
* a zoom from the whole board to 100 % (one scan pixel per screen pixel) in 24 frames:
  time per frame, frames drawn partly from a coarser level, time until sharp;
* the hit test of a drop (which area is under the counter) on the full map, and on a
  100 x 100 hex map.
"""

from __future__ import annotations

import argparse
import json
import os
import random
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
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

WIDTH, HEIGHT = 14_000, 20_000
SCALE, ANGLE = 11.5, 90.5
"""The map (1600 x 1150 units) turned a quarter and a half degree, 11.5 px per unit."""


def known_transform():
    from boardapp.core.scan.calibration import Transform

    return Transform.similarity(SCALE, ANGLE, (13_700.0, 700.0))


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def current_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


# -- phases, each run in its own process ----------------------------------------------------
def phase_generate(scan: Path) -> dict:
    from boardapp.core.board.mapdata import load_map
    from boardapp.paths import maps_dir
    from tests.synthetic_scan import write_scan_png

    t0 = time.perf_counter()
    bmap = load_map(maps_dir() / "deux_bretagne.yaml")
    write_scan_png(scan, bmap, known_transform(), (WIDTH, HEIGHT))
    return {"seconds": time.perf_counter() - t0, "bytes": scan.stat().st_size,
            "peak_mb": peak_mb()}


def _window(scan: Path):
    """The board window on a new game, with ``scan`` calibrated by the known transform."""
    from PySide6.QtWidgets import QApplication

    from boardapp.core.engine.game import Game
    from boardapp.core.engine.ruleset import find_ruleset
    from boardapp.core.scan.boardsettings import BoardSettings, save_board_settings
    from boardapp.core.scan.calibration import calibrate, reference_points
    from boardapp.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    ruleset = find_ruleset("deux-bretagne")
    bmap = ruleset.board_map
    t = known_transform()
    clicks = [(a.id, t.apply(*a.pos)) for a in list(bmap.areas.values())[::12]]
    settings = BoardSettings(bmap.id, scan=str(scan))
    settings.set_calibration(calibrate(reference_points(bmap, clicks)))
    save_board_settings(settings)
    window = MainWindow(Game(ruleset, seed=1))  # restores the scan: builds or finds tiles
    window.resize(1400, 950)
    window.show()
    window.view.fit()
    app.processEvents()
    return app, window


def phase_view(scan: Path | None) -> dict:
    """``scan`` None: the same window and gestures on the drawn map, for comparison."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QTransform

    from boardapp.core.scan.tiles import ScanPyramid

    base = current_mb()
    built = scan is not None and ScanPyramid(scan).is_built
    t0 = time.perf_counter()
    if scan is None:
        from PySide6.QtWidgets import QApplication

        from boardapp.ui.app import build_window

        app = QApplication.instance() or QApplication([])
        window = build_window(None, "deux-bretagne")
        window.show()
        window.view.fit()
        app.processEvents()
    else:
        app, window = _window(scan)
    layer = window.scene.scan_layer
    window.view.viewport().repaint()
    first_view = time.perf_counter() - t0
    build_peak = peak_mb()
    assert scan is None or layer is not None, window.scan_board.last_problem
    after_view = current_mb()

    # zoom from the whole board to 100 % (view zoom = scan px per map unit)
    view = window.view
    start, end, frames = view.zoom(), SCALE, 24
    centre = QPointF(800, 600)
    times, partial = [], 0
    for i in range(frames + 1):
        z = start * (end / start) ** (i / frames)
        view.setTransform(QTransform.fromScale(z, z))
        view.centerOn(centre)
        f0 = time.perf_counter()
        view.viewport().repaint()
        times.append(time.perf_counter() - f0)
        partial += bool(layer and layer.incomplete)
    s0 = time.perf_counter()
    settle = 0
    while layer is not None and layer.incomplete and settle < 200:
        view.viewport().repaint()
        settle += 1
    sharp = time.perf_counter() - s0
    # pan across the map at 100 %
    pan_times = []
    for k in range(30):
        view.centerOn(QPointF(200 + k * 40, 300 + k * 20))
        f0 = time.perf_counter()
        view.viewport().repaint()
        pan_times.append(time.perf_counter() - f0)
    window.close()
    app.processEvents()
    return {"cached": built, "first_view_s": first_view, "process_before_mb": base,
            "peak_mb": peak_mb(), "build_peak_mb": build_peak, "after_first_view_mb": after_view,
            "zoom_frames": len(times), "zoom_frame_ms_mean": 1000 * statistics.mean(times),
            "zoom_frame_ms_max": 1000 * max(times), "zoom_total_s": sum(times),
            "zoom_partial_frames": partial, "sharp_after_s": sharp, "sharp_repaints": settle,
            "pan_frame_ms_mean": 1000 * statistics.mean(pan_times),
            "pan_frame_ms_max": 1000 * max(pan_times),
            "tile_cache_mb": layer.cache.bytes / 2**20 if layer else 0,
            "tiles_read": layer.cache.loads if layer else 0}


def phase_hits() -> dict:
    from boardapp.core.board.mapdata import load_map, parse_map
    from boardapp.paths import maps_dir

    out = {}
    bmap = load_map(maps_dir() / "deux_bretagne.yaml")
    rng = random.Random(1)
    w, h = bmap.size
    points = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(20_000)]
    t0 = time.perf_counter()
    found = sum(bmap.place_at(x, y) is not None for x, y in points)
    out["map_us"] = 1e6 * (time.perf_counter() - t0) / len(points)
    out["map_areas"] = len(bmap.areas)
    out["map_found"] = found
    data = {"format": "boardapp-map", "version": 2, "id": "big-hex", "size": [15_000, 17_500],
            "hexgrid": {"orientation": "flat", "size": 50, "origin": [60, 60],
                        "fill": {"cols": 100, "rows": 100}}}
    t0 = time.perf_counter()
    big = parse_map(data, "big-hex")
    out["hex_load_s"] = time.perf_counter() - t0
    points = [(rng.uniform(0, 15_000), rng.uniform(0, 17_500)) for _ in range(20_000)]
    t0 = time.perf_counter()
    for x, y in points:
        big.place_at(x, y)
    out["hex_us"] = 1e6 * (time.perf_counter() - t0) / len(points)
    out["hex_areas"] = len(big.areas)
    return out


def run_phase(args: list[str], env: dict) -> dict:
    out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True,
                         env=env, cwd=ROOT)
    if out.returncode:
        raise SystemExit(f"phase {args[0]} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--workdir", default=None, help="where the scan and caches go "
                                                   "(default: a temporary folder)")
    p.add_argument("--keep", action="store_true", help="keep the work folder")
    p.add_argument("--phase", default=None, help=argparse.SUPPRESS)
    p.add_argument("--scan", default=None, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.phase:
        result = {"generate": lambda: phase_generate(Path(args.scan)),
                  "view": lambda: phase_view(Path(args.scan) if args.scan else None),
                  "hits": phase_hits}[args.phase]()
        print(json.dumps(result))
        return
    work = Path(args.workdir or tempfile.mkdtemp(prefix="boardapp-scan-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "BOARDAPP_DATA_DIR": str(work / "data"),
           "BOARDAPP_CONFIG_DIR": str(work / "config"), "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": str(ROOT)}
    scan = work / "scan-14000x20000.png"
    decoded_mb = WIDTH * HEIGHT * 3 / 2**20
    print(f"scan: {WIDTH} x {HEIGHT} px RGB ({decoded_mb:.0f} MB decoded), work folder {work}")
    if not scan.exists():
        g = run_phase(["--phase", "generate", "--scan", str(scan)], env)
        print(f"  written in {g['seconds']:.1f} s: {g['bytes'] / 2**20:.0f} MB PNG "
              f"(generator peak {g['peak_mb']:.0f} MB)")
    shutil.rmtree(work / "data" / "scans", ignore_errors=True)
    for label in ("first build", "cached"):
        r = run_phase(["--phase", "view", "--scan", str(scan)], env)
        print(f"{label}: time to first view {r['first_view_s']:.2f} s")
        if label == "first build":
            print(f"  peak memory while building: {r['build_peak_mb']:.0f} MB "
                  f"(Python + Qt before: {r['process_before_mb']:.0f} MB)")
        else:
            print(f"  peak memory while viewing (first view, zoom, pan): {r['peak_mb']:.0f} MB "
                  f"= {100 * r['peak_mb'] / decoded_mb:.0f} % of the decoded scan; tile cache "
                  f"{r['tile_cache_mb']:.0f} MB, {r['tiles_read']} tiles read")
            print(f"  zoom whole board -> 100 %: {r['zoom_frames']} frames, "
                  f"{r['zoom_frame_ms_mean']:.0f} ms mean, {r['zoom_frame_ms_max']:.0f} ms max "
                  f"({r['zoom_total_s']:.2f} s); {r['zoom_partial_frames']} frames drawn partly "
                  f"from a coarser level, sharp {r['sharp_after_s'] * 1000:.0f} ms later")
            print(f"  pan at 100 %: {r['pan_frame_ms_mean']:.0f} ms mean, "
                  f"{r['pan_frame_ms_max']:.0f} ms max per frame")
    r = run_phase(["--phase", "view"], env)
    print(f"for comparison, the drawn map without a scan: first view {r['first_view_s']:.2f} s, "
          f"peak memory {r['peak_mb']:.0f} MB, zoom frames {r['zoom_frame_ms_mean']:.0f} ms "
          f"mean, pan frames {r['pan_frame_ms_mean']:.0f} ms mean")
    h = run_phase(["--phase", "hits"], env)
    print(f"hit test per drop: {h['map_us']:.1f} µs on the shipped map ({h['map_areas']} areas); "
          f"{h['hex_us']:.1f} µs on a {h['hex_areas']}-hex map (loaded in "
          f"{h['hex_load_s']:.2f} s)")
    if not args.keep and not args.workdir:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
