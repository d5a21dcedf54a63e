"""A table board: its size in centimetres and its scenery, read from ``maps/*.yaml``.

A table file (``format: boardapp-table``)::

    format: boardapp-table
    version: 1
    id: table-demo
    name: "Table demo"
    size: [60, 60]            # width, depth in cm
    scenery:
      wood:
        kind: wood            # see KINDS
        polygon: [[5, 5], [20, 5], [20, 20], [5, 20]]   # cm
        obstacle: light       # none, light, medium, large, impassable
        cover: light          # none, light, medium, large
        height: 10            # cm; 0 never blocks sight
      wall:
        kind: wall
        line: [[30, 25], [45, 25]]    # a line scenery, ``width`` cm wide (default 1)
        obstacle: medium
      hill:
        kind: hill
        polygon: [...]
        crest: [[..], [..]]   # the crest line (hills only)
        height: 6
      church:
        kind: building
        polygon: [...]
        floors: [0, 8]        # the height of each floor in cm (buildings only)

Every problem is reported as ``file: place: problem`` (``scenery.wall.line[1]``), all at
once (:class:`~boardapp.core.board.mapdata.MapErrors`). A hill is ground: a figure on it
stands at its height. Roads, paths and fords are *ways*: entering an obstacle at a point on
a way costs nothing (:mod:`.paths`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box
from shapely.strtree import STRtree

from ..base.errors import DataError, quote
from ..base.i18n import N_
from ..base.yamlio import Checker

TABLE_FORMAT = "boardapp-table"
TABLE_VERSION = 1
KINDS = ("wood", "hill", "pond", "building", "hedge", "wall", "barrier", "road", "path",
         "river", "ford", "rocks", "field")
LINE_KINDS = ("hedge", "wall", "barrier", "road", "path", "river")
"""Kinds that may be drawn as a line with a width (any kind may be a polygon)."""
WAYS = ("road", "path", "ford")
OBSTACLES = ("none", "light", "medium", "large", "impassable")
COVERS = ("none", "light", "medium", "large")
TOP_KEYS = ("format", "version", "id", "name", "notes", "size", "approximate", "scenery")
SHAPE_KEYS = ("kind", "name", "polygon", "line", "width", "obstacle", "cover", "height",
              "crest", "floors", "note")
MAX_SHAPES = 2000
MAX_POINTS = 2000
MAX_SIZE_CM = 10_000.0
GROUNDS_KEPT = 20_000
"""How many heights of the ground :meth:`Table.ground` keeps (then starts again)."""


@dataclass(frozen=True)
class Scenery:
    """One piece of scenery: its kind, outline (cm), obstacle and cover classes, height."""

    id: str
    kind: str
    name: str
    shape: Polygon
    obstacle: str = "none"
    cover: str = "none"
    height: float = 0.0
    line: tuple[tuple[float, float], ...] | None = None
    crest: tuple[tuple[float, float], ...] | None = None
    floors: tuple[float, ...] = ()

    @property
    def is_way(self) -> bool:
        return self.kind in WAYS


@dataclass
class Table:
    """A validated table board and its scenery, indexed with an STRtree."""

    id: str
    name: str
    file: str
    width: float
    depth: float
    scenery: dict[str, Scenery]
    notes: str = ""
    approximate: bool = False
    ids: list[str] = field(init=False, repr=False)
    shapes: list[Polygon] = field(init=False, repr=False)
    tree: STRtree = field(init=False, repr=False)
    heights: Any = field(init=False, repr=False)
    kinds: Any = field(init=False, repr=False)
    bounds: Any = field(init=False, repr=False)
    shape_array: Any = field(init=False, repr=False)
    edge_start: Any = field(init=False, repr=False)
    edge_end: Any = field(init=False, repr=False)
    edge_first: Any = field(init=False, repr=False)
    edge_count: Any = field(init=False, repr=False)
    _grounds: dict[tuple[float, float], float] = field(
        init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.ids = list(self.scenery)
        self.shapes = [self.scenery[i].shape for i in self.ids]
        for shape in self.shapes:
            shapely.prepare(shape)
        self.tree = STRtree(self.shapes)
        self.heights = np.array([self.scenery[i].height for i in self.ids] or [0.0])
        self.kinds = np.array([self.scenery[i].kind for i in self.ids] or [""])
        self.shape_array = np.array(self.shapes, dtype=object)
        self.bounds = shapely.bounds(self.shape_array).reshape(-1, 4)
        starts, ends, owners = [], [], []
        for n, shape in enumerate(self.shapes):
            for ring in (shape.exterior, *shape.interiors):
                xy = np.asarray(ring.coords)
                starts.append(xy[:-1])
                ends.append(xy[1:])
                owners.append(np.full(len(xy) - 1, n))
        self.edge_start = np.concatenate(starts) if starts else np.zeros((0, 2))
        self.edge_end = np.concatenate(ends) if ends else np.zeros((0, 2))
        owner = np.concatenate(owners) if owners else np.zeros(0, dtype=int)
        order = np.argsort(owner, kind="stable")
        self.edge_start, self.edge_end = self.edge_start[order], self.edge_end[order]
        counts = np.bincount(owner, minlength=len(self.shapes))
        self.edge_first = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(int)
        self.edge_count = counts.astype(int)
        """The boundary edges of every shape, grouped by shape (for sight, :mod:`.sight`)."""

    @property
    def outline(self) -> Polygon:
        return box(0, 0, self.width, self.depth)

    def on_table(self, x: float, y: float) -> bool:
        return 0 <= x <= self.width and 0 <= y <= self.depth

    def at(self, x: float, y: float) -> list[Scenery]:
        """The scenery under the point, in file order."""
        found = sorted(self.tree.query(Point(x, y), predicate="intersects").tolist())
        return [self.scenery[self.ids[i]] for i in found]

    def ground(self, x: float, y: float) -> float:
        """The height of the ground at the point: the highest hill under it, else 0
        (kept: figures are measured where they stand, many times)."""
        key = (x, y)
        found = self._grounds.get(key)
        if found is None:
            found = max((s.height for s in self.at(x, y) if s.kind == "hill"), default=0.0)
            if len(self._grounds) >= GROUNDS_KEPT:
                self._grounds.clear()
            self._grounds[key] = found
        return found

    def along(self, geometry: Any) -> list[int]:
        """Indexes (into :attr:`ids`) of the scenery a geometry touches, in file order."""
        return sorted(self.tree.query(geometry, predicate="intersects").tolist())


# -- reading and checking ---------------------------------------------------------------------
class _Problems:
    def __init__(self, file: str) -> None:
        self.c = Checker(file)
        self.found: list[DataError] = []

    def add(self, place: str, problem: str) -> None:
        self.found.append(self.c.fail(place, problem))

    def get(self, fn: Any, *args: Any, default: Any = None) -> Any:
        try:
            return fn(*args)
        except DataError as exc:
            self.found.append(exc)
            return default


def _points(p: _Problems, value: Any, place: str, least: int) -> tuple[tuple[float, float], ...]:
    items = p.get(p.c.seq, value, place, default=None)
    if items is None:
        return ()
    if len(items) > MAX_POINTS:
        p.add(place, N_("{n_items} points: at most {max_points}", n_items=len(items),
                        max_points=MAX_POINTS))
        return ()
    points = []
    for i, item in enumerate(items):
        point = p.get(p.c.point, item, f"{place}[{i}]")
        if point is None:
            return ()
        if not all(math.isfinite(v) and abs(v) <= MAX_SIZE_CM for v in point):
            p.add(f"{place}[{i}]", N_("coordinates are centimetres on the table"))
            return ()
        points.append((float(point[0]), float(point[1])))
    if len(points) < least:
        p.add(place, N_("needs at least {least} points, found {n_points}", least=least,
                        n_points=len(points)))
        return ()
    return tuple(points)


def _shape(p: _Problems, key: str, value: Any, table: Polygon) -> Scenery | None:
    place = f"scenery.{key}"
    v = p.get(p.c.mapping, value, place)
    if v is None:
        return None
    for extra in sorted(set(v) - set(SHAPE_KEYS)):
        p.add(f"{place}.{extra}", N_("unknown key (known: {shape_keys})",
                                     shape_keys=', '.join(SHAPE_KEYS)))
    kind = p.get(p.c.choice, v.get("kind"), f"{place}.kind", KINDS)
    obstacle = p.get(p.c.choice, v.get("obstacle", "none"), f"{place}.obstacle", OBSTACLES)
    cover = p.get(p.c.choice, v.get("cover", "none"), f"{place}.cover", COVERS)
    height = p.get(p.c.number, v.get("height", 0), f"{place}.height", default=0.0)
    if height is not None and not 0 <= height <= 1000:
        p.add(f"{place}.height", N_("{height}: a height is 0 to 1000 cm", height=height))
    name = str(v.get("name") or key)
    line = None
    if ("polygon" in v) == ("line" in v):
        p.add(place, N_("give either a polygon or a line"))
        return None
    if "polygon" in v:
        outline = _points(p, v["polygon"], f"{place}.polygon", 3)
        if not outline:
            return None
        shape = Polygon(outline)
        if not shape.is_valid or shape.area <= 0:
            p.add(f"{place}.polygon", N_("the outline crosses itself or encloses nothing"))
            return None
    else:
        if kind is not None and kind not in LINE_KINDS:
            p.add(f"{place}.line", N_("a {kind} is drawn as a polygon (lines: {line_kinds})",
                                      kind=kind, line_kinds=', '.join(LINE_KINDS)))
        line = _points(p, v["line"], f"{place}.line", 2)
        width = p.get(p.c.number, v.get("width", 1.0), f"{place}.width", default=1.0)
        if not line or width is None:
            return None
        if not 0 < width <= 100:
            p.add(f"{place}.width", N_("{width}: a width is more than 0 and at most 100 cm",
                                       width=width))
            return None
        shape = LineString(line).buffer(width / 2, cap_style="flat", join_style="mitre")
        if shape.is_empty or not isinstance(shape, Polygon):
            p.add(f"{place}.line", N_("the line folds back on itself"))
            return None
    if not shape.within(table):
        p.add(place, N_("the scenery goes beyond the edge of the table"))
    crest = None
    if "crest" in v:
        if kind != "hill":
            p.add(f"{place}.crest", N_("only a hill has a crest line"))
        crest = _points(p, v["crest"], f"{place}.crest", 2) or None
        if crest and not LineString(crest).within(shape.buffer(1e-6)):
            p.add(f"{place}.crest", N_("the crest line leaves the hill"))
    floors: tuple[float, ...] = ()
    if "floors" in v:
        if kind != "building":
            p.add(f"{place}.floors", N_("only a building has floors"))
        items = p.get(p.c.seq, v["floors"], f"{place}.floors", default=[])
        floors = tuple(x for x in (p.get(p.c.number, item, f"{place}.floors[{i}]")
                                   for i, item in enumerate(items)) if x is not None)
        if list(floors) != sorted(floors) or (height is not None and any(
                f > height for f in floors)):
            p.add(f"{place}.floors", N_("floors go upwards and stay under the roof (height)"))
    if kind is None or obstacle is None or cover is None or height is None:
        return None
    return Scenery(key, kind, name, shape, obstacle, cover, float(height), line, crest, floors)


def check_table(data: Any, file: str) -> tuple[list[DataError], Table | None]:
    """Every problem of table ``data`` and, when there is none, the table."""
    p = _Problems(file)
    top = p.get(p.c.mapping, data, "")
    if top is None:
        return p.found, None
    for extra in sorted(set(top) - set(TOP_KEYS)):
        p.add(extra, N_("unknown key (known: {top_keys})", top_keys=', '.join(TOP_KEYS)))
    if top.get("format") != TABLE_FORMAT:
        p.add("format", N_("expected {table_format}", table_format=quote(TABLE_FORMAT)))
        return p.found, None
    version = p.get(p.c.integer, top.get("version", 1), "version", 1, default=1)
    if version > TABLE_VERSION:
        p.add("version", N_("table format {version} is newer than this boardapp understands "
                            "({table_version}): update boardapp", version=version,
                            table_version=TABLE_VERSION))
        return p.found, None
    table_id = p.get(p.c.text, top.get("id"), "id", default="table")
    size = p.get(p.c.point, top.get("size"), "size")
    if size is None:
        return p.found, None
    width, depth = size
    if not (0 < width <= MAX_SIZE_CM and 0 < depth <= MAX_SIZE_CM):
        p.add("size", N_("{width} x {depth}: a table is more than 0 and at most {max_size_cm} cm "
                         "each way", width=width, depth=depth,
                         max_size_cm=format(MAX_SIZE_CM, 'g')))
        return p.found, None
    raw = top.get("scenery") or {}
    items = p.get(p.c.mapping, raw, "scenery", default={})
    if len(items) > MAX_SHAPES:
        p.add("scenery", N_("{n_items} shapes: at most {max_shapes}", n_items=len(items),
                            max_shapes=MAX_SHAPES))
        return p.found, None
    outline = box(0, 0, width, depth).buffer(1e-6)
    scenery = {}
    for key, value in items.items():
        shape = _shape(p, key, value, outline)
        if shape is not None:
            scenery[key] = shape
    if p.found:
        return p.found, None
    name = str(top.get("name") or table_id)
    return [], Table(table_id, name, file, float(width), float(depth), scenery,
                     str(top.get("notes", "")), bool(top.get("approximate", False)))
