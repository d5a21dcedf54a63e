"""Line of sight over the table's scenery, with heights, and cover near the line.

Sight runs from eye to eye: a figure's eye is at the ground under it (the highest hill,
:meth:`~.tablemap.Table.ground`) plus its own height. A piece of scenery of height ``H``
blocks the line where the line passes through it lower than ``H``: a lower obstacle does
not block a higher viewer, and scenery of height 0 (a road, a pond) never blocks. A figure
standing in a building or behind a hedge it touches is not blocked by that scenery; a
figure in a wood sees, and is seen, through ``see_into`` cm of that wood (the ruleset says
how far). The line between two equal eyes is blocked the same way in both directions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString
from shapely.ops import substring

from .bases import Base
from .tablemap import COVERS, Scenery, Table

EPS = 1e-6


@dataclass(frozen=True)
class Eye:
    """Where sight starts or ends: a point of the table (cm) and a height above the
    table (cm)."""

    x: float
    y: float
    h: float


def eye_of(table: Table, base: Base, figure_height: float) -> Eye:
    """The eye of a figure on ``base``, ``figure_height`` cm above the ground under it."""
    return Eye(base.x, base.y, table.ground(base.x, base.y) + figure_height)


@dataclass(frozen=True)
class Sight:
    """What a line of sight meets: whether it is clear and, if not, what blocks it."""

    clear: bool
    blocked_by: tuple[str, ...] = ()
    """The ids of the scenery that blocks, in file order."""


def _blocks(s: Scenery, line: LineString, a: Eye, b: Eye, see_into: float) -> bool:
    if s.height <= 0:
        return False
    a_in = s.shape.contains(shapely.points(a.x, a.y))
    b_in = s.shape.contains(shapely.points(b.x, b.y))
    if (a_in or b_in) and s.kind not in ("hill", "wood"):
        return False  # looking out of a building, over a hedge one stands at
    part = line.intersection(s.shape)
    if part.is_empty:
        return False
    length = line.length
    if length <= EPS:
        return False
    lo, hi = 0.0, 1.0
    if s.kind == "wood":
        lo = see_into / length if a_in else 0.0
        hi = 1.0 - see_into / length if b_in else 1.0
        if lo >= hi:
            return False
    dx, dy = b.x - a.x, b.y - a.y
    for px, py in shapely.get_coordinates(_clipped(part, line, lo, hi)).tolist():
        t = ((px - a.x) * dx + (py - a.y) * dy) / (length * length)
        if a.h + t * (b.h - a.h) < s.height - EPS:
            return True
    return False


def _clipped(part, line: LineString, lo: float, hi: float):
    """``part`` of ``line`` between the fractions ``lo`` and ``hi`` of it."""
    if lo <= 0.0 and hi >= 1.0:
        return part
    window = substring(line, lo, hi, normalized=True)
    return part.intersection(window.buffer(EPS, cap_style="flat"))


def line_of_sight(table: Table, a: Eye, b: Eye, see_into: float = 0.0) -> Sight:
    """The line of sight from ``a`` to ``b`` over ``table``'s scenery."""
    if (a.x, a.y) == (b.x, b.y):
        return Sight(True)
    line = LineString([(a.x, a.y), (b.x, b.y)])
    blocking = [table.ids[i] for i in table.along(line)
                if _blocks(table.scenery[table.ids[i]], line, a, b, see_into)]
    return Sight(not blocking, tuple(blocking))


def cover_near(table: Table, a: Eye, target: Base,
               near: float = 1.0) -> tuple[str, tuple[str, ...]]:
    """The best cover class the target has against a viewer at ``a`` (``none``, ``light``...)
    and the scenery giving it: scenery with a cover class that the line of sight meets
    within ``near`` cm of the target's base (or that the target stands in)."""
    line = LineString([(a.x, a.y), (target.x, target.y)])
    if line.length <= EPS:
        return "none", ()
    end = line.intersection(target.polygon.buffer(near))
    found = []
    for i in table.along(end):
        s = table.scenery[table.ids[i]]
        if s.cover != "none":
            found.append(s)
    if not found:
        return "none", ()
    best = max(COVERS.index(s.cover) for s in found)
    return COVERS[best], tuple(s.id for s in found if COVERS.index(s.cover) == best)


def sight_pairs(table: Table, eyes: Mapping[str, Eye], pairs: Sequence[tuple[str, str]],
                see_into: float = 0.0) -> dict[tuple[str, str], bool]:
    """Whether each pair of eyes sees the other, computed for all the pairs at once (the
    same answers as :func:`line_of_sight`)."""
    if not pairs:
        return {}
    ax = np.array([eyes[p[0]].x for p in pairs])
    ay = np.array([eyes[p[0]].y for p in pairs])
    ah = np.array([eyes[p[0]].h for p in pairs])
    bx = np.array([eyes[p[1]].x for p in pairs])
    by = np.array([eyes[p[1]].y for p in pairs])
    bh = np.array([eyes[p[1]].h for p in pairs])
    clear = np.ones(len(pairs), dtype=bool)
    same = (ax == bx) & (ay == by)
    lines = shapely.linestrings(np.stack([np.stack([ax, ay], 1), np.stack([bx, by], 1)], 1))
    li, si = table.tree.query(lines, predicate="intersects")
    heights = np.array([table.scenery[i].height for i in table.ids] or [0.0])
    keep = (heights[si] > 0) & ~same[li]
    li, si = li[keep], si[keep]
    if len(li) == 0:
        return {p: True for p in pairs}
    shapes = np.array(table.shapes, dtype=object)
    inside = (shapely.contains_xy(shapes[si], ax[li], ay[li])
              | shapely.contains_xy(shapes[si], bx[li], by[li]))
    for row in np.nonzero(inside)[0].tolist():  # the few that start inside: one by one
        i, j = int(li[row]), int(si[row])
        a, b = eyes[pairs[i][0]], eyes[pairs[i][1]]
        line = LineString([(a.x, a.y), (b.x, b.y)])
        if _blocks(table.scenery[table.ids[j]], line, a, b, see_into):
            clear[i] = False
    li, si = li[~inside], si[~inside]
    if len(li):
        parts = shapely.intersection(lines[li], shapes[si])
        coords, owner = shapely.get_coordinates(parts, return_index=True)
        if len(owner):
            row = li[owner]
            dx, dy = bx[row] - ax[row], by[row] - ay[row]
            t = ((coords[:, 0] - ax[row]) * dx + (coords[:, 1] - ay[row]) * dy) / (
                dx * dx + dy * dy)
            h = ah[row] + t * (bh[row] - ah[row])
            low = np.full(len(li), np.inf)
            np.minimum.at(low, owner, h)
            blocked = low < heights[si] - EPS
            clear[li[blocked]] = False
    return {p: bool(c) for p, c in zip(pairs, clear.tolist(), strict=True)}
