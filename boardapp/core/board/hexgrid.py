"""Hex grids: axial coordinates, hex geometry and fitting a grid to points.

A hex grid is given by its ``orientation`` (``"flat"``: a flat top, columns of hexes;
``"pointy"``: a pointed top, rows of hexes), its ``size`` (centre to corner) and the
``origin`` (centre of hex ``q=0, r=0``), all in map units. Hexes are named by their axial
coordinates ``(q, r)`` (the third cube coordinate is ``-q-r``); printed wargame maps
number hexes by column and row, which :func:`offset_to_axial` converts.
The formulas are the usual ones for axial hex grids (Red Blob Games' guide).

>>> g = HexGrid("flat", 10.0, (0.0, 0.0))
>>> g.centre(1, 0)
(15.0, 8.660254)
>>> g.hex_at(15.0, 8.0)
(1, 0)
>>> sorted(neighbours(0, 0))[:2]
[(-1, 0), (-1, 1)]
>>> hex_id(3, -2), parse_hex_id("h3-m2")
('h3-m2', (3, -2))
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..base.i18n import N_

ORIENTATIONS = ("flat", "pointy")
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six axial neighbour offsets."""
SQRT3 = math.sqrt(3.0)
_ID = re.compile(r"^h(m?)(\d+)-(m?)(\d+)$")
_DIGITS = 6

Hex = tuple[int, int]


def hex_id(q: int, r: int) -> str:
    """The area id of hex ``(q, r)``: ``h3-4``; a minus sign is written ``m`` (``hm1-2``)."""
    return f"h{'m' if q < 0 else ''}{abs(q)}-{'m' if r < 0 else ''}{abs(r)}"


def parse_hex_id(text: str) -> Hex | None:
    """The ``(q, r)`` of a hex id, or ``None`` if ``text`` is not one."""
    m = _ID.match(text)
    if m is None:
        return None
    q = int(m.group(2)) * (-1 if m.group(1) else 1)
    r = int(m.group(4)) * (-1 if m.group(3) else 1)
    return q, r


def parse_hex_key(text: str) -> Hex | None:
    """``"3,-2"`` (as written in map files) as ``(3, -2)``; ``None`` if malformed."""
    parts = str(text).split(",")
    if len(parts) != 2:
        return None
    try:
        return int(parts[0].strip()), int(parts[1].strip())
    except ValueError:
        return None


def neighbours(q: int, r: int) -> list[Hex]:
    """The six hexes around ``(q, r)``."""
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def are_adjacent(a: Hex, b: Hex) -> bool:
    """Whether hexes ``a`` and ``b`` share a side."""
    return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS


def distance(a: Hex, b: Hex) -> int:
    """The number of hex steps from ``a`` to ``b``.

    >>> distance((0, 0), (2, -1))
    2
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def offset_to_axial(col: int, row: int, orientation: str) -> Hex:
    """Column and row of an offset layout (odd columns pushed down for flat hexes, odd
    rows pushed right for pointy ones, the common printed layout) to axial ``(q, r)``."""
    if orientation == "flat":
        return col, row - (col - (col & 1)) // 2
    return col - (row - (row & 1)) // 2, row


def axial_to_offset(q: int, r: int, orientation: str) -> tuple[int, int]:
    """The inverse of :func:`offset_to_axial`: ``(col, row)``."""
    if orientation == "flat":
        return q, r + (q - (q & 1)) // 2
    return q + (r - (r & 1)) // 2, r


def rectangle(cols: int, rows: int, orientation: str) -> Iterator[Hex]:
    """The hexes of a ``cols`` x ``rows`` rectangle of the offset layout, row by row."""
    for row in range(rows):
        for col in range(cols):
            yield offset_to_axial(col, row, orientation)


def _unit(q: float, r: float, orientation: str) -> tuple[float, float]:
    """Centre of hex ``(q, r)`` for size 1 and origin 0."""
    if orientation == "flat":
        return 1.5 * q, SQRT3 / 2 * q + SQRT3 * r
    return SQRT3 * q + SQRT3 / 2 * r, 1.5 * r


def _round(x: float) -> float:
    return round(x, _DIGITS) + 0.0


@dataclass(frozen=True)
class HexGrid:
    """A hex grid laid over the map: orientation, size and origin in map units."""

    orientation: str
    size: float
    origin: tuple[float, float]

    def __post_init__(self) -> None:
        if self.orientation not in ORIENTATIONS:
            raise ValueError(N_("orientation must be one of {orientations}",
                                orientations=', '.join(ORIENTATIONS)))
        if not self.size > 0:
            raise ValueError(N_("the hex size must be positive"))

    def centre(self, q: int, r: int) -> tuple[float, float]:
        """The centre of hex ``(q, r)`` in map units."""
        ux, uy = _unit(q, r, self.orientation)
        return (_round(self.origin[0] + self.size * ux), _round(self.origin[1] + self.size * uy))

    def corners(self, q: int, r: int) -> list[tuple[float, float]]:
        """The six corners of hex ``(q, r)``, clockwise on screen from the first."""
        cx, cy = self.centre(q, r)
        start = 0.0 if self.orientation == "flat" else -30.0
        out = []
        for i in range(6):
            a = math.radians(start + 60.0 * i)
            out.append((_round(cx + self.size * math.cos(a)), _round(cy + self.size * math.sin(a))))
        return out

    def side(self, a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two ends of the side shared by adjacent hexes ``a`` and ``b``."""
        if not are_adjacent(a, b):
            raise ValueError(N_("hexes {a} and {b} are not adjacent", a=a, b=b))
        ca = self.corners(*a)
        cb = set(self.corners(*b))
        shared = [p for p in ca if p in cb]
        if len(shared) == 2:
            return shared[0], shared[1]
        # rounding may differ by one unit in the last place: take the two nearest corners
        bx, by = self.centre(*b)
        ca.sort(key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
        return ca[0], ca[1]

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex whose outline holds map point ``(x, y)``."""
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        if self.orientation == "flat":
            q = 2.0 / 3.0 * px
            r = -1.0 / 3.0 * px + SQRT3 / 3.0 * py
        else:
            q = SQRT3 / 3.0 * px - 1.0 / 3.0 * py
            r = 2.0 / 3.0 * py
        return cube_round(q, r)

    def bounds(self, hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
        """``(min x, min y, max x, max y)`` of the outlines of ``hexes``."""
        xs: list[float] = []
        ys: list[float] = []
        for q, r in hexes:
            for x, y in self.corners(q, r):
                xs.append(x)
                ys.append(y)
        if not xs:
            return (0.0, 0.0, 0.0, 0.0)
        return min(xs), min(ys), max(xs), max(ys)

    def to_data(self) -> dict:
        """The grid as written in a map file."""
        return {"orientation": self.orientation, "size": self.size,
                "origin": [self.origin[0], self.origin[1]]}


def cube_round(q: float, r: float) -> Hex:
    """The hex nearest to fractional axial coordinates ``(q, r)``."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


@dataclass(frozen=True)
class GridFit:
    """A hex grid fitted to points (e.g. hex centres clicked on a scan)."""

    grid: HexGrid
    rotation: float
    """Rotation of the grid in degrees (counter-clockwise on screen is negative)."""
    residuals: dict[Hex, float]
    """Distance from each given point to the fitted centre of its hex."""


def fit_grid(points: dict[Hex, tuple[float, float]], orientation: str) -> GridFit:
    """The grid (origin, size, rotation) whose hex centres best match ``points``.

    A least-squares similarity fit: each point is ``origin + size * R(angle) * u(q, r)``
    where ``u`` is the unit layout of ``orientation``. Needs two hexes or more.

    >>> g = HexGrid("pointy", 30.0, (100.0, 50.0))
    >>> fit = fit_grid({h: g.centre(*h) for h in [(0, 0), (4, 1), (2, 3)]}, "pointy")
    >>> round(fit.grid.size, 6), fit.grid.origin, abs(fit.rotation) < 1e-6
    (30.0, (100.0, 50.0), True)
    """
    if len(points) < 2:
        raise ValueError(N_("fitting a hex grid needs the centres of two hexes or more"))
    # x = ox + a*ux - b*uy ; y = oy + b*ux + a*uy  (a = s cos t, b = s sin t)
    rows: list[list[float]] = []
    rhs: list[float] = []
    for (q, r), (x, y) in points.items():
        ux, uy = _unit(q, r, orientation)
        rows.append([1.0, 0.0, ux, -uy])
        rhs.append(x)
        rows.append([0.0, 1.0, uy, ux])
        rhs.append(y)
    ox, oy, a, b = _least_squares(rows, rhs)
    size = math.hypot(a, b)
    if size <= 0:
        raise ValueError(N_("the points do not define a grid (all at one place?)"))
    grid = HexGrid(orientation, size, (_round(ox), _round(oy)))
    angle = math.degrees(math.atan2(b, a))
    residuals = {}
    for (q, r), (x, y) in points.items():
        ux, uy = _unit(q, r, orientation)
        fx, fy = ox + a * ux - b * uy, oy + b * ux + a * uy
        residuals[(q, r)] = math.hypot(fx - x, fy - y)
    return GridFit(grid, angle, residuals)


def _least_squares(rows: list[list[float]], rhs: list[float]) -> list[float]:
    """Solve ``rows @ x = rhs`` in the least-squares sense."""
    import numpy as np  # only here: fitting a grid to a scan

    a = np.asarray(rows, dtype=float)
    if np.linalg.matrix_rank(a) < a.shape[1]:
        raise ValueError(N_("the points do not define a grid (too few or aligned)"))
    solution, *_ = np.linalg.lstsq(a, np.asarray(rhs, dtype=float), rcond=None)
    return [float(v) for v in solution]
