"""Line of sight over the table's scenery, with heights, and cover near the line.

Sight runs from eye to eye: a figure's eye is at the ground under it (the highest hill,
:meth:`~.tablemap.Table.ground`) plus its own height. A piece of scenery of height ``H``
blocks the line where the line passes through it lower than ``H``: a lower obstacle does
not block a higher viewer, and scenery of height 0 (a road, a pond) never blocks. A figure
standing in a building or behind a hedge it touches is not blocked by that scenery; a
figure in a wood sees, and is seen, through ``see_into`` cm of that wood (the ruleset says
how far). The line between two equal eyes is blocked the same way in both directions.

Figures in the way (when a ruleset says that figures block sight) are found by
:func:`figures_in_the_way`: a figure blocks where the line crosses its base no higher than
its top, so figures of one height hide one another and a viewer on a hill sees over them.

Every answer about the scenery, one pair or many, comes from :func:`sight_pairs`, which
works on all the pairs at once with numpy: the sight line's height is linear along it, so
its lowest point inside a shape is where it first enters or last leaves it (or an eye
inside it); those are found from the shape's boundary edges.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString

from .bases import Base
from .tablemap import COVERS, Table

EPS = 1e-9
SEE_OUT_OF = ("hill", "wood")
"""Kinds that still hide a figure standing in them (others: it looks out of them)."""


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


def line_of_sight(table: Table, a: Eye, b: Eye, see_into: float = 0.0) -> Sight:
    """The line of sight from ``a`` to ``b`` over ``table``'s scenery."""
    blocking = _blocking(table, [a], [b], see_into)
    names = tuple(table.ids[j] for _, j in sorted(blocking, key=lambda r: r[1]))
    return Sight(not names, names)


def sight_pairs(table: Table, eyes: Mapping[str, Eye], pairs: Sequence[tuple[str, str]],
                see_into: float = 0.0) -> dict[tuple[str, str], bool]:
    """Whether each pair of eyes sees the other, computed for all the pairs at once."""
    if not pairs:
        return {}
    kept = _SIGHTS.get((id(table), see_into))
    if kept is None or kept[0] is not table:  # a table not seen yet (or a new one)
        kept = _SIGHTS[(id(table), see_into)] = (table, {})
    known = kept[1]
    keys = [(eyes[p], eyes[q]) for p, q in pairs]
    found = {key: known[key] for key in keys if key in known}
    asked = [key for key in dict.fromkeys(keys) if key not in found]
    if asked:  # each line is computed on its own (row by row): a batch changes no answer
        blocked = {i for i, _ in _blocking(table, [a for a, _ in asked],
                                           [b for _, b in asked], see_into)}
        if len(known) + len(asked) > SIGHTS_KEPT:
            known.clear()
        for i, key in enumerate(asked):
            found[key] = known[key] = i not in blocked
    return {pair: found[key] for pair, key in zip(pairs, keys, strict=True)}

SIGHTS_KEPT = 20_000
"""How many lines of sight :func:`sight_pairs` keeps per table (then starts again)."""
_SIGHTS: dict[tuple[int, float], tuple[Table, dict[tuple[Eye, Eye], bool]]] = {}


def _blocking(table: Table, froms: Sequence[Eye], tos: Sequence[Eye],
              see_into: float) -> list[tuple[int, int]]:
    """(pair index, scenery index) of every piece of scenery blocking a line."""
    a = np.array([(e.x, e.y, e.h) for e in froms], dtype=float).reshape(-1, 3)
    b = np.array([(e.x, e.y, e.h) for e in tos], dtype=float).reshape(-1, 3)
    lines = shapely.linestrings(np.stack([a[:, :2], b[:, :2]], axis=1))
    li, si = table.tree.query(lines)  # bounding boxes only: the edges below decide
    keep = table.heights[si] > 0
    li, si = li[keep], si[keep]
    d = b[:, :2] - a[:, :2]
    length = np.hypot(d[:, 0], d[:, 1])
    keep = (length[li] > EPS) & _meets_box(a, d, li, table.bounds[si])
    li, si = li[keep], si[keep]
    if len(li) == 0:
        return []
    shapes = table.shape_array[si]
    a_in = shapely.contains_xy(shapes, a[li, 0], a[li, 1])
    b_in = shapely.contains_xy(shapes, b[li, 0], b[li, 1])
    kinds = table.kinds[si]
    looks_out = ~np.isin(kinds, SEE_OUT_OF) & (a_in | b_in)
    wood = kinds == "wood"
    lo = np.where(wood & a_in, see_into / np.maximum(length[li], EPS), 0.0)
    hi = np.where(wood & b_in, 1.0 - see_into / np.maximum(length[li], EPS), 1.0)
    lo_in = np.where(lo > 0, shapely.contains_xy(shapes, *_at(a, d, li, lo)), a_in)
    hi_in = np.where(hi < 1, shapely.contains_xy(shapes, *_at(a, d, li, hi)), b_in)
    t_min = np.where(lo_in, lo, np.inf)
    t_max = np.where(hi_in, hi, -np.inf)
    rows, t = _crossings(table, a, d, li, si)
    inside = (t >= lo[rows] - EPS) & (t <= hi[rows] + EPS)
    np.minimum.at(t_min, rows[inside], t[inside])
    np.maximum.at(t_max, rows[inside], t[inside])
    met = (t_min <= t_max) & (lo < hi) & ~looks_out
    ha, hb = a[li, 2], b[li, 2]
    low = np.minimum(ha + np.where(met, t_min, 0) * (hb - ha),
                     ha + np.where(met, t_max, 0) * (hb - ha))
    blocks = met & (low < table.heights[si] - 1e-6)
    return list(zip(li[blocks].tolist(), si[blocks].tolist(), strict=True))


def _meets_box(a: np.ndarray, d: np.ndarray, li: np.ndarray, box: np.ndarray) -> np.ndarray:
    """Whether each line meets the bounding box (minx, miny, maxx, maxy) of its candidate
    shape (the slab test): the tree's query only compared the boxes of both."""
    lo = np.zeros(len(li))
    hi = np.ones(len(li))
    for axis in (0, 1):
        p, v = a[li, axis], d[li, axis]
        flat = np.abs(v) <= EPS
        safe = np.where(flat, 1.0, v)
        t1 = (box[:, axis] - p) / safe
        t2 = (box[:, axis + 2] - p) / safe
        lo = np.where(flat, lo, np.maximum(lo, np.minimum(t1, t2)))
        hi = np.where(flat, hi, np.minimum(hi, np.maximum(t1, t2)))
        outside = flat & ((p < box[:, axis] - EPS) | (p > box[:, axis + 2] + EPS))
        hi = np.where(outside, -1.0, hi)
    return lo <= hi + EPS


def _at(a: np.ndarray, d: np.ndarray, li: np.ndarray, t: np.ndarray):
    return a[li, 0] + t * d[li, 0], a[li, 1] + t * d[li, 1]


def _crossings(table: Table, a: np.ndarray, d: np.ndarray, li: np.ndarray,
               si: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each candidate line crosses the boundary of its shape: (candidate row,
    fraction along the line) for every crossing."""
    counts = table.edge_count[si]
    rows = np.repeat(np.arange(len(si)), counts)
    starts = np.repeat(table.edge_first[si], counts)
    offsets = np.arange(len(rows)) - np.repeat(np.cumsum(counts) - counts, counts)
    edge = starts + offsets
    q = table.edge_start[edge]
    s = table.edge_end[edge] - q
    p = a[li[rows], :2]
    r = d[li[rows]]
    denom = r[:, 0] * s[:, 1] - r[:, 1] * s[:, 0]
    qp = q - p
    ok = np.abs(denom) > EPS
    safe = np.where(ok, denom, 1.0)
    t = (qp[:, 0] * s[:, 1] - qp[:, 1] * s[:, 0]) / safe
    u = (qp[:, 0] * r[:, 1] - qp[:, 1] * r[:, 0]) / safe
    hit = ok & (u >= -EPS) & (u <= 1 + EPS) & (t >= -EPS) & (t <= 1 + EPS)
    return rows[hit], np.clip(t[hit], 0.0, 1.0)


def cover_near(table: Table, a: Eye, target: Base,
               near: float = 1.0) -> tuple[str, tuple[str, ...]]:
    """The best cover class the target has against a viewer at ``a`` (``none``, ``light``...)
    and the scenery giving it: scenery with a cover class that the line of sight meets
    within ``near`` cm of the target's base (or that the target stands in)."""
    line = LineString([(a.x, a.y), (target.x, target.y)])
    if line.length <= EPS:
        return "none", ()
    end = line.intersection(target.polygon.buffer(near))
    found = [s for s in (table.scenery[table.ids[i]] for i in table.along(end))
             if s.cover != "none"]
    if not found:
        return "none", ()
    best = max(COVERS.index(s.cover) for s in found)
    return COVERS[best], tuple(s.id for s in found if COVERS.index(s.cover) == best)


def figures_in_the_way(table: Table, a: Eye, b: Eye,
                       figures: Mapping[str, tuple[Base, float]]) -> tuple[str, ...]:
    """The figures that block the line of sight from ``a`` to ``b``, by id: ``figures``
    maps each figure that may stand in the way (not the two looking) to its base and
    height; a figure blocks where the line crosses its base lower than its top (the ground
    under it plus its height), so a viewer on a hill sees over a figure below."""
    line = LineString([(a.x, a.y), (b.x, b.y)])
    length = line.length
    if length <= EPS:
        return ()
    ids = sorted(figures)
    polygons = np.array([figures[p][0].polygon for p in ids], dtype=object)
    hits = shapely.intersects(line, polygons) if ids else np.zeros(0, dtype=bool)
    found = []
    for pid in (p for p, hit in zip(ids, hits.tolist(), strict=True) if hit):
        base, height = figures[pid]
        crossed = line.intersection(base.polygon)
        ts = [line.project(shapely.Point(p)) / length
              for p in shapely.get_coordinates(crossed).tolist()]
        low = min(a.h + t * (b.h - a.h) for t in (min(ts), max(ts)))
        if low <= table.ground(base.x, base.y) + height + 1e-6:
            found.append(pid)
    return tuple(found)
