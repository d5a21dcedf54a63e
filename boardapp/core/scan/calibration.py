"""Calibration: the transform from map coordinates to the pixels of a scan of the map.

The user names three or more reference points: a map feature (a city, a box corner, a
hex centre: :func:`map_features`) and where it is on the scan. :func:`calibrate` fits the
transform by least squares, an affine one (rotation, scale, shear, offset: a flatbed
scan) or a projective one (a photograph taken at an angle, four points or more), and
gives the residual error of every point in scan pixels.

>>> pts = [RefPoint("a", (0, 0), (10, 20)), RefPoint("b", (100, 0), (210, 20)),
...        RefPoint("c", (0, 50), (10, 120))]
>>> cal = calibrate(pts)
>>> [round(v, 6) for v in cal.transform.apply(50, 25)]
[110.0, 70.0]
>>> cal.max_residual < 1e-9
True
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..base.errors import BoardappError, DataError
from ..base.i18n import N_
from ..board.mapdata import BoardMap

KINDS = ("affine", "projective")
MIN_POINTS = {"affine": 3, "projective": 4}

Point = tuple[float, float]


class CalibrationError(BoardappError):
    """The reference points cannot give a transform (too few, on a line, unknown)."""


@dataclass(frozen=True)
class Transform:
    """A plane transform as a 3x3 matrix acting on ``(x, y, 1)``.

    ``kind`` is ``"affine"`` (last row ``0 0 1``) or ``"projective"``.
    """

    matrix: tuple[tuple[float, float, float], ...]
    kind: str = "affine"

    @classmethod
    def identity(cls) -> Transform:
        return cls(((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)))

    @classmethod
    def from_array(cls, m: np.ndarray, kind: str) -> Transform:
        m = np.asarray(m, dtype=float)
        m = m / m[2, 2]
        if kind == "affine":
            m[2] = (0.0, 0.0, 1.0)
        return cls(tuple(tuple(float(v) for v in row) for row in m), kind)  # type: ignore[arg-type]

    @classmethod
    def similarity(cls, scale: float, angle_deg: float, offset: Point) -> Transform:
        """Rotate by ``angle_deg`` (clockwise on screen), scale, then shift by ``offset``."""
        a = math.radians(angle_deg)
        c, s = scale * math.cos(a), scale * math.sin(a)
        return cls(((c, -s, offset[0]), (s, c, offset[1]), (0.0, 0.0, 1.0)))

    def array(self) -> np.ndarray:
        return np.array(self.matrix, dtype=float)

    def apply(self, x: float, y: float) -> Point:
        """The image of point ``(x, y)``."""
        m = self.matrix
        w = m[2][0] * x + m[2][1] * y + m[2][2]
        return ((m[0][0] * x + m[0][1] * y + m[0][2]) / w,
                (m[1][0] * x + m[1][1] * y + m[1][2]) / w)

    def apply_many(self, points: np.ndarray) -> np.ndarray:
        """The images of an ``(n, 2)`` array of points."""
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        h = np.hstack([pts, np.ones((len(pts), 1))]) @ self.array().T
        return h[:, :2] / h[:, 2:3]

    def inverse(self) -> Transform:
        """The transform back (scan pixels to map coordinates)."""
        return Transform.from_array(np.linalg.inv(self.array()), self.kind)

    def then(self, other: Transform) -> Transform:
        """This transform followed by ``other``."""
        kind = "affine" if self.kind == other.kind == "affine" else "projective"
        return Transform.from_array(other.array() @ self.array(), kind)

    def mean_scale(self) -> float:
        """Scan pixels per map unit (geometric mean of the two axes near the origin)."""
        m = self.matrix
        return math.sqrt(abs(m[0][0] * m[1][1] - m[0][1] * m[1][0]))

    def describe(self) -> str:
        """The transform in words: scale, rotation, shear, offset (and perspective)."""
        m = self.matrix
        a, b, c = m[0]
        d, e, f = m[1]
        sx = math.hypot(a, d)
        rot = math.degrees(math.atan2(d, a))
        det = a * e - b * d
        sy = det / sx if sx else 0.0
        shear = (a * b + d * e) / det if det else 0.0
        text = str(N_("{kind}: scale x {sx}, y {sy} scan px per map unit, rotation {rot}°, "
                      "shear {shear}, offset ({c}, {f}) px", kind=self.kind,
                      sx=format(sx, ".5g"), sy=format(sy, ".5g"), rot=format(rot, ".4g"),
                      shear=format(shear, ".3g"), c=format(c, ".2f"), f=format(f, ".2f")))
        if self.kind == "projective":
            text += str(N_(", perspective ({px}, {py})", px=format(m[2][0], ".3g"),
                           py=format(m[2][1], ".3g")))
        return text

    def to_data(self) -> dict[str, Any]:
        """The transform as plain data (for the board settings)."""
        return {"kind": self.kind, "matrix": [list(row) for row in self.matrix]}

    @classmethod
    def from_data(cls, data: Any, file: str = "", place: str = "transform") -> Transform:
        """Read :meth:`to_data` output; :class:`DataError` if it is not a usable transform."""
        try:
            kind = data["kind"]
            rows = [[float(v) for v in row] for row in data["matrix"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(file, place, N_("expected kind and a 3x3 matrix")) from exc
        if kind not in KINDS or len(rows) != 3 or any(len(r) != 3 for r in rows):
            raise DataError(file, place, N_("expected kind affine/projective and a 3x3 matrix"))
        m = np.array(rows)
        if not np.all(np.isfinite(m)) or abs(np.linalg.det(m)) < 1e-12:
            raise DataError(file, place, N_("the matrix cannot be inverted"))
        return cls.from_array(m, kind)


@dataclass(frozen=True)
class RefPoint:
    """A reference point: the map feature ``name``, its map point and its scan pixel."""

    name: str
    map: Point
    scan: Point


@dataclass(frozen=True)
class Calibration:
    """A fitted transform with the residual error of each reference point."""

    points: tuple[RefPoint, ...]
    transform: Transform
    residuals: tuple[float, ...]
    """Distance in scan pixels between where each point was clicked and where the fitted
    transform puts its map feature."""

    @property
    def kind(self) -> str:
        return self.transform.kind

    @property
    def rms(self) -> float:
        """Root-mean-square residual in scan pixels."""
        return math.sqrt(sum(r * r for r in self.residuals) / len(self.residuals))

    @property
    def max_residual(self) -> float:
        return max(self.residuals)

    def report(self) -> str:
        """The transform and one line per point with its residual."""
        lines = [self.transform.describe()]
        width = max(len(p.name) for p in self.points)
        for p, r in zip(self.points, self.residuals, strict=True):
            lines.append(f"  {p.name:<{width}}  " + str(N_(
                "map ({mx}, {my})  scan ({sx}, {sy})  residual {r} px",
                mx=format(p.map[0], ".1f"), my=format(p.map[1], ".1f"),
                sx=format(p.scan[0], ".1f"), sy=format(p.scan[1], ".1f"),
                r=format(r, ".2f"))))
        lines.append("  " + str(N_("rms {rms} px, max {most} px", rms=format(self.rms, ".2f"),
                                   most=format(self.max_residual, ".2f"))))
        return "\n".join(lines)


def fit_affine(points: Iterable[RefPoint]) -> Transform:
    """The affine transform map -> scan that best fits ``points`` (least squares)."""
    pts = list(points)
    _need(pts, "affine")
    src = np.array([p.map for p in pts], dtype=float)
    dst = np.array([p.scan for p in pts], dtype=float)
    a = np.hstack([src, np.ones((len(pts), 1))])
    if np.linalg.matrix_rank(a) < 3:
        raise CalibrationError(N_("the reference points lie on one line: choose points spread "
                                  "over the map"))
    sol, *_ = np.linalg.lstsq(a, dst, rcond=None)  # (3, 2)
    m = np.vstack([sol.T, [0.0, 0.0, 1.0]])
    return Transform.from_array(m, "affine")


def _normaliser(pts: np.ndarray) -> np.ndarray:
    centre = pts.mean(axis=0)
    spread = np.sqrt(((pts - centre) ** 2).sum(axis=1)).mean() or 1.0
    s = math.sqrt(2) / spread
    return np.array([[s, 0, -s * centre[0]], [0, s, -s * centre[1]], [0, 0, 1]])


def fit_projective(points: Iterable[RefPoint]) -> Transform:
    """The projective transform map -> scan that best fits ``points`` (normalised DLT)."""
    pts = list(points)
    _need(pts, "projective")
    src = np.array([p.map for p in pts], dtype=float)
    dst = np.array([p.scan for p in pts], dtype=float)
    if np.linalg.matrix_rank(np.hstack([src, np.ones((len(pts), 1))])) < 3:
        raise CalibrationError(N_("the reference points lie on one line: choose points spread "
                                  "over the map"))
    ts, td = _normaliser(src), _normaliser(dst)
    s = (np.hstack([src, np.ones((len(pts), 1))]) @ ts.T)[:, :2]
    d = (np.hstack([dst, np.ones((len(pts), 1))]) @ td.T)[:, :2]
    rows = []
    for (x, y), (u, v) in zip(s, d, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    _, sing, vt = np.linalg.svd(np.array(rows))
    h = vt[-1].reshape(3, 3)
    m = np.linalg.inv(td) @ h @ ts
    if abs(m[2, 2]) < 1e-12 or sing[-2] < 1e-9:
        raise CalibrationError(N_("the reference points do not fix a perspective: choose four or "
                                  "more points, no three on one line"))
    return Transform.from_array(m, "projective")


def _need(points: list[RefPoint], kind: str) -> None:
    if kind not in KINDS:
        raise CalibrationError(N_("unknown fit {kind} (choose {kinds})", kind=repr(kind),
                                  kinds=' or '.join(KINDS)))
    need = MIN_POINTS[kind]
    if len(points) < need:
        raise CalibrationError(N_("an {kind} fit needs {need} reference points or more, "
                                  "{n_points} given", kind=kind, need=need, n_points=len(points)))
    names = [p.name for p in points]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise CalibrationError(N_("reference point {dupes} is given twice", dupes=repr(dupes[0])))


def calibrate(points: Iterable[RefPoint], kind: str = "affine") -> Calibration:
    """Fit the transform of ``kind`` to ``points`` and measure each point's residual."""
    pts = tuple(points)
    transform = fit_projective(pts) if kind == "projective" else fit_affine(pts)
    fitted = transform.apply_many(np.array([p.map for p in pts]))
    residuals = tuple(float(math.hypot(fx - p.scan[0], fy - p.scan[1]))
                      for (fx, fy), p in zip(fitted, pts, strict=True))
    return Calibration(pts, transform, residuals)


# -- map features a reference point can name --------------------------------------------
CORNERS = {"tl": (0.0, 0.0), "tr": (1.0, 0.0), "bl": (0.0, 1.0), "br": (1.0, 1.0),
           "centre": (0.5, 0.5)}


def _rect_points(prefix: str, rect: tuple[float, float, float, float]) -> dict[str, Point]:
    x, y, w, h = rect
    return {f"{prefix}.{k}": (x + fx * w, y + fy * h) for k, (fx, fy) in CORNERS.items()}


def map_features(bmap: BoardMap) -> dict[str, Point]:
    """Every map feature a reference point can name, with its map coordinates.

    Areas by id (the city, or the centre of a hex: ``brest``, ``h3-4``); the corners and
    centre of boxes, control boxes and track cells (``BOX.tl``, ``BOX.br``,
    ``BOX.centre``, ``control.REGION.tl``, ``TRACK.CELL.tl``); the map sheet's corners
    (``map.tl``...).
    """
    out: dict[str, Point] = {}
    for area in bmap.areas.values():
        out[area.id] = area.pos
    for b in bmap.boxes.values():
        out.update(_rect_points(b.id, b.rect))
    for region, rect in bmap.control_boxes.items():
        out.update(_rect_points(f"control.{region}", rect))
    for track in bmap.tracks.values():
        for cell in track.cells:
            out.update(_rect_points(f"{track.id}.{cell.id}", cell.rect))
    out.update(_rect_points("map", (0.0, 0.0, *bmap.size)))
    return out


def table_point(bmap: BoardMap, name: str) -> Point | None:
    """On a table (a plan in centimetres), the map point of ``X,Y cm`` (a point of the
    plan given in table centimetres from its top left corner); ``None`` otherwise."""
    table = getattr(bmap, "table", None)
    text = name.strip()
    if table is None or not text.endswith("cm"):
        return None
    words = text[:-2].replace(" ", "").split(",")
    try:
        x, y = (float(w) for w in words)
    except ValueError:
        return None
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    scale = bmap.size[0] / table.width  # map units (mm) per cm
    return x * scale, y * scale


def feature_point(bmap: BoardMap, name: str, features: dict[str, Point] | None = None) -> Point:
    """The map point of feature ``name`` (on a table also ``X,Y cm``, see
    :func:`table_point`); :class:`CalibrationError` suggests near names."""
    features = map_features(bmap) if features is None else features
    if name in features:
        return features[name]
    point = table_point(bmap, name)
    if point is not None:
        return point
    close = difflib.get_close_matches(name, list(features), n=3)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise CalibrationError(N_("no feature {name} on map {id}{hint}", name=repr(name), id=bmap.id,
                              hint=hint))


def parse_point_option(text: str) -> tuple[str, Point]:
    """``NAME=X,Y`` (a ``--point`` option) as ``(name, (x, y))``."""
    name, sep, rest = text.partition("=")
    parts = rest.split(",")
    try:
        if not sep or not name.strip() or len(parts) != 2:
            raise ValueError
        return name.strip(), (float(parts[0]), float(parts[1]))
    except ValueError:
        raise CalibrationError(N_("{v_text}: write a reference point as NAME=X,Y, e.g. "
                                  "rennes=1204.5,877", v_text=repr(text))) from None


def reference_points(bmap: BoardMap, clicks: Iterable[tuple[str, Point]]) -> list[RefPoint]:
    """Reference points from ``(feature name, scan pixel)`` pairs."""
    features = map_features(bmap)
    return [RefPoint(name, feature_point(bmap, name, features), scan) for name, scan in clicks]
