"""Where a region's (province's) name is written on the map: inside the region, clear of
the city symbols, the city names and the roads as far as it can be.

Each region's largest piece is searched on a grid for the spot where a rectangle of the
label's size lies inside the piece and covers the least of those marks (then: lies
farthest from them); a region too small for its label gets it centred inside, where it
covers the least. Pure geometry (shapely), computed once when the map layer is built.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import shapely
from shapely import STRtree, box
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from boardapp.core.board.mapdata import BoardMap

Rect = tuple[float, float, float, float]
"""left, top, right, bottom in map units."""

GRID = 14
"""Candidate spots across the larger side of a region's bounding box."""


def obstacles(bmap: BoardMap, city_marks: Iterable[Rect]) -> list[BaseGeometry]:
    """The marks a label should not cover: the city symbols and names (``city_marks``)
    and the roads (lines)."""
    marks: list[BaseGeometry] = [box(*r) for r in city_marks]
    for a, b in bmap.roads:
        marks.append(LineString([bmap.areas[a].pos, bmap.areas[b].pos]))
    return marks


ROAD_COST = 40.0
"""What a road crossing a label costs, in square units of a city mark covered."""


def _overlap(rects: np.ndarray, marks: np.ndarray) -> np.ndarray:
    """The area two lists of bounds share, pair by pair; a road (a line: bounds of no
    area but a diagonal) costs :data:`ROAD_COST`."""
    w = np.minimum(rects[:, 2], marks[:, 2]) - np.maximum(rects[:, 0], marks[:, 0])
    h = np.minimum(rects[:, 3], marks[:, 3]) - np.maximum(rects[:, 1], marks[:, 1])
    area = np.clip(w, 0, None) * np.clip(h, 0, None)
    return np.where(marks[:, 4] > 0, ROAD_COST, area)


def label_centre(piece: Polygon, width: float, height: float, tree: STRtree,
                 bounds: np.ndarray) -> tuple[float, float]:
    """The centre of the best ``width`` x ``height`` label spot in ``piece``: least of
    the marks covered (each road crossing it counts :data:`ROAD_COST`), then farthest
    from them. ``bounds``: each mark's bounds and 1 for a road, 0 for a city mark."""
    minx, miny, maxx, maxy = piece.bounds
    step = max(3.0, max(maxx - minx, maxy - miny) / GRID)
    xs, ys = np.meshgrid(np.arange(minx, maxx + step / 2, step),
                         np.arange(miny, maxy + step / 2, step))
    xs, ys = xs.ravel(), ys.ravel()
    rects = shapely.box(xs - width / 2, ys - height / 2, xs + width / 2, ys + height / 2)
    inside = piece.buffer(-1.5)
    shapely.prepare(inside)
    for ok in (shapely.contains(inside, rects),  # the whole label inside
               shapely.contains_xy(inside, xs, ys)):  # else its centre
        index = np.flatnonzero(ok)
        if index.size == 0:
            continue
        cand = rects[index]
        covered = np.zeros(index.size)
        at, mark = tree.query(cand, predicate="intersects")
        if at.size:
            np.add.at(covered, at, _overlap(shapely.bounds(cand[at]), bounds[mark]))
        apart = np.zeros(index.size)
        free = covered == 0
        if free.any():
            _, dist = tree.query_nearest(cand[free], return_distance=True, all_matches=False)
            apart[free] = dist
        best = int(index[np.lexsort((-apart, covered))[0]])
        return float(xs[best]), float(ys[best])
    pole = polylabel(piece, tolerance=2.0)
    return pole.x, pole.y


def region_label_centres(bmap: BoardMap, sizes: dict[str, tuple[float, float]],
                         shapes: dict[str, BaseGeometry],
                         city_marks: Iterable[Rect]) -> dict[str, tuple[float, float]]:
    """The centre of each region's label (``sizes``: width and height of each label;
    ``shapes``: each region's outline; ``city_marks``: the rectangles of the city symbols
    and names)."""
    marks = obstacles(bmap, city_marks)
    tree = STRtree(marks)
    kinds = np.array([[1.0 if m.geom_type == "LineString" else 0.0] for m in marks])
    bounds = np.hstack([shapely.bounds(np.asarray(marks, dtype=object)), kinds])
    out = {}
    for region, shape in shapes.items():
        parts = [g for g in getattr(shape, "geoms", [shape]) if g.geom_type == "Polygon"]
        if not parts or region not in sizes:
            continue
        piece = max(parts, key=lambda g: g.area)
        out[region] = label_centre(piece, *sizes[region], tree, bounds)
    return out
