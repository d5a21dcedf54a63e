"""The headless map commands: ``map check``, ``map calibrate``, ``render --scan``."""

from __future__ import annotations

import copy

import pytest
import yaml
from PySide6.QtGui import QImage

from boardapp.cli import main
from boardapp.core.board.mapdata import load_map
from boardapp.paths import maps_dir
from tests.conftest import tiny_map_data
from tests.synthetic_scan import render_scan
from tests.test_scan_calibration import KNOWN, scan_size, spread_cities

SHIPPED = maps_dir() / "deux_bretagne.yaml"


def run(capsys, *args):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def scan(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BOARDAPP_CONFIG_DIR", str(tmp_path / "config"))
    bmap = load_map(SHIPPED)
    path = tmp_path / "scan.png"
    render_scan(bmap, KNOWN, scan_size(bmap, KNOWN)).save(path)
    points = [f"--point={a.id}={KNOWN.apply(*a.pos)[0]:.2f},{KNOWN.apply(*a.pos)[1]:.2f}"
              for a in spread_cities(bmap, 4)]
    return path, points


def test_map_check_prints_every_problem_and_exits_1(tmp_path, capsys):
    code, out, _ = run(capsys, "map", "check", SHIPPED)
    assert code == 0 and "is valid (51 areas" in out
    code, out, _ = run(capsys, "map", "check", maps_dir() / "sample_hex.yaml")
    assert code == 0 and "hex map 'sample-hex' is valid" in out
    data = copy.deepcopy(tiny_map_data())
    data["areas"]["b"]["terrain"] = "swamp"
    data["roads"].append(["c", "nowhere"])
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    code, out, err = run(capsys, "map", "check", path)
    assert code == 1
    assert out.splitlines() == [
        f"{path}: areas.b.terrain: 'swamp' is not one of clear, mountain, marsh, forest",
        f"{path}: roads[3]: no area 'nowhere' on this map"]
    assert "2 problems" in err
    path.write_text("areas: {a: [\n", encoding="utf-8")
    code, out, _ = run(capsys, "map", "check", path)
    assert code == 1 and "line 2" in out and "not valid YAML" in out


def test_map_calibrate_prints_the_transform_and_residuals(scan, capsys):
    path, points = scan
    code, out, err = run(capsys, "map", "calibrate", SHIPPED, path, *points)
    assert code == 0, err
    assert "affine: scale x 0.8" in out and "rotation 7°" in out
    assert out.count("residual 0.0") == 4 and "rms 0.00 px" in out
    code, _, err = run(capsys, "map", "calibrate", SHIPPED, path, *points[:2])
    assert code == 1 and "needs 3 reference points" in err
    code, _, err = run(capsys, "map", "calibrate", SHIPPED, path, "--point", "brest=99999,1",
                       *points[1:])
    assert code == 1 and "outside the scan" in err


def test_render_draws_the_game_over_the_calibrated_scan(scan, tmp_path, capsys):
    path, points = scan
    game = tmp_path / "g.json"
    assert run(capsys, "new", "deux-bretagne", "14.1", "-o", game, "--seed", "3")[0] == 0
    out_png = tmp_path / "board.png"
    code, _, err = run(capsys, "render", game, "--scan", path, "-o", out_png)
    assert code == 1 and "not calibrated" in err
    code, out, err = run(capsys, "map", "calibrate", SHIPPED, path, *points, "--save")
    assert code == 0 and "saved in" in out
    code, out, err = run(capsys, "render", game, "--scan", path, "-o", out_png, "--scale", "0.5")
    assert code == 0, err
    image = QImage(str(out_png))
    assert not image.isNull() and image.width() > 700
    assert "board drawn over" in out
    sea = [image.pixelColor(x, image.height() // 2) for x in range(0, image.width(), 5)]
    assert any(abs(c.red() - 120) < 8 and abs(c.blue() - 200) < 8 for c in sea)  # the scan
