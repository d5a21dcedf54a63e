"""Calibrating a scan: a synthetic scan of the shipped map drawn through a known
rotation, scale and offset; four clicked cities recover the transform within a pixel,
and drops on the scan land in the right area."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from boardapp.core.board.mapdata import load_map
from boardapp.core.scan.boardsettings import (
    BoardSettings,
    load_board_settings,
    save_board_settings,
    settings_path,
)
from boardapp.core.scan.calibration import (
    CalibrationError,
    RefPoint,
    Transform,
    calibrate,
    feature_point,
    map_features,
    parse_point_option,
    reference_points,
)
from boardapp.paths import maps_dir
from tests.synthetic_scan import find_disc, render_scan

KNOWN = Transform.similarity(0.8, 7.0, (190.0, 40.0))
"""Map units to scan pixels: 0.8 px per unit, turned 7 degrees, shifted."""
PERSPECTIVE = Transform.from_array(np.array([[0.75, 0.06, 120.0], [-0.03, 0.8, 90.0],
                                             [6e-5, 4e-5, 1.0]]), "projective")


@pytest.fixture(scope="module")
def bmap():
    return load_map(maps_dir() / "deux_bretagne.yaml")


def scan_size(bmap, transform):
    w, h = bmap.size
    corners = transform.apply_many(np.array([(0, 0), (w, 0), (0, h), (w, h)]))
    return int(corners[:, 0].max()) + 40, int(corners[:, 1].max()) + 40


@pytest.fixture(scope="module")
def scan(bmap):
    return render_scan(bmap, KNOWN, scan_size(bmap, KNOWN))


def spread_cities(bmap, n=4):
    """``n`` cities far apart (the corners of the map, as a user would pick)."""
    areas = list(bmap.areas.values())
    w, h = bmap.size
    picks = []
    for cx, cy in [(0, 0), (w, 0), (w, h), (0, h), (w / 2, h / 2), (w / 2, 0)][:n]:
        best = min(areas, key=lambda a: math.hypot(a.pos[0] - cx, a.pos[1] - cy))
        picks.append(best)
    return picks


def clicks(bmap, scan, transform, n):
    """(feature, scan point) as a user would click them: found on the image."""
    return [(a.id, find_disc(scan, transform.apply(*a.pos))) for a in spread_cities(bmap, n)]


def max_error(fitted: Transform, true: Transform, points) -> float:
    a = fitted.apply_many(np.asarray(points))
    b = true.apply_many(np.asarray(points))
    return float(np.hypot(*(a - b).T).max())


def test_four_clicked_cities_recover_the_transform_within_a_pixel(bmap, scan):
    cal = calibrate(reference_points(bmap, clicks(bmap, scan, KNOWN, 4)))
    assert cal.kind == "affine" and len(cal.residuals) == 4
    assert cal.max_residual < 1.0
    w, h = bmap.size
    everywhere = [a.pos for a in bmap.areas.values()] + [(0, 0), (w, 0), (0, h), (w, h)]
    assert max_error(cal.transform, KNOWN, everywhere) < 1.0
    assert "rotation 7" in cal.transform.describe()
    assert "residual" in cal.report() and cal.points[0].name in cal.report()


def test_drops_on_the_scan_find_the_area_under_them(bmap, scan):
    cal = calibrate(reference_points(bmap, clicks(bmap, scan, KNOWN, 4)))
    back = cal.transform.inverse()
    rng = np.random.default_rng(3)
    checked = 0
    for area in bmap.areas.values():
        inner = bmap.outlines[area.id].buffer(-2.0)  # a pixel of calibration error
        if inner.is_empty:
            continue
        points = [inner.representative_point().coords[0], area.pos]
        x0, y0, x1, y1 = inner.bounds
        for x, y in rng.uniform((x0, y0), (x1, y1), size=(30, 2)):
            if inner.contains(type(inner.centroid)(x, y)):
                points.append((x, y))
        for mx, my in points:
            sx, sy = KNOWN.apply(mx, my)  # where the user drops on the scan
            assert bmap.place_at(*back.apply(sx, sy)) == area.id, (area.id, (mx, my))
            checked += 1
    assert checked > 3 * len(bmap.areas)


def test_a_photograph_needs_the_projective_fit(bmap):
    photo = render_scan(bmap, PERSPECTIVE, scan_size(bmap, PERSPECTIVE))
    points = reference_points(bmap, clicks(bmap, photo, PERSPECTIVE, 6))
    affine = calibrate(points, "affine")
    projective = calibrate(points, "projective")
    assert affine.max_residual > 3.0  # a straight fit cannot follow the perspective
    assert projective.max_residual < 1.0
    cities = [a.pos for a in bmap.areas.values()]
    assert max_error(projective.transform, PERSPECTIVE, cities) < 1.0
    assert "perspective" in projective.transform.describe()


def test_bad_reference_points_are_refused_with_the_reason(bmap):
    a, b, c = list(bmap.areas.values())[:3]
    two = [RefPoint(a.id, a.pos, (0, 0)), RefPoint(b.id, b.pos, (10, 0))]
    with pytest.raises(CalibrationError, match="needs 3 reference points"):
        calibrate(two)
    line = [RefPoint(str(i), (i * 10.0, i * 5.0), (i * 3.0, i * 1.0)) for i in range(4)]
    with pytest.raises(CalibrationError, match="on one line"):
        calibrate(line)
    with pytest.raises(CalibrationError, match="needs 4"):
        calibrate(two + [RefPoint(c.id, c.pos, (3, 9))], "projective")
    with pytest.raises(CalibrationError, match="given twice"):
        calibrate(two + [RefPoint(a.id, a.pos, (5, 5))])
    with pytest.raises(CalibrationError, match="did you mean"):
        feature_point(bmap, a.id[:-1] + "x")
    with pytest.raises(CalibrationError, match="NAME=X,Y"):
        parse_point_option("rennes:12,13")
    assert parse_point_option(" rennes=12.5,-3") == ("rennes", (12.5, -3.0))


def test_features_name_cities_box_corners_and_the_sheet(bmap):
    features = map_features(bmap)
    area = next(iter(bmap.areas.values()))
    box = next(iter(bmap.boxes.values()))
    assert features[area.id] == area.pos
    x, y, w, h = box.rect
    assert features[f"{box.id}.tl"] == (x, y) and features[f"{box.id}.br"] == (x + w, y + h)
    assert features["map.br"] == bmap.size


def test_transform_round_trips_as_data_and_inverts():
    t = Transform.from_data(PERSPECTIVE.to_data())
    assert t == PERSPECTIVE
    back = t.inverse()
    x, y = back.apply(*t.apply(300.0, 200.0))
    assert (x, y) == pytest.approx((300.0, 200.0))
    with pytest.raises(ValueError, match="cannot be inverted"):
        Transform.from_data({"kind": "affine", "matrix": [[0, 0, 0], [0, 0, 0], [0, 0, 1]]})


def test_board_settings_are_saved_and_reused(tmp_path, monkeypatch, bmap):
    monkeypatch.setenv("BOARDAPP_CONFIG_DIR", str(tmp_path))
    assert load_board_settings(bmap.id) == BoardSettings(bmap.id)
    settings = BoardSettings(bmap.id, scan=str(tmp_path / "scan.png"))
    a, b, c = list(bmap.areas.values())[:3]
    settings.set_calibration(calibrate([RefPoint(a.id, a.pos, KNOWN.apply(*a.pos)),
                                        RefPoint(b.id, b.pos, KNOWN.apply(*b.pos)),
                                        RefPoint(c.id, c.pos, KNOWN.apply(*c.pos))]))
    settings.overlay_opacity = 0.3
    path = save_board_settings(settings)
    again = load_board_settings(bmap.id)
    assert again.calibrated and again.points == settings.points
    assert again.transform.apply(10, 20) == pytest.approx(KNOWN.apply(10, 20))
    assert again.overlay_opacity == 0.3
    data = json.loads(path.read_text())
    data["transform"]["matrix"] = "nonsense"
    path.write_text(json.dumps(data))
    damaged = load_board_settings(bmap.id)
    assert not damaged.calibrated and "transform" in damaged.problem
    assert settings_path(bmap.id) == path
