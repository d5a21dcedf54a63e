"""Figures' bases: rotated rectangles on the table, and what the rules measure between them.

A :class:`Base` is a rectangle ``width`` cm across (side to side) and ``depth`` cm deep
(front to back) centred on ``(x, y)`` cm, its front turned to ``facing`` degrees (see
:mod:`.fixed`). Distances are edge to edge (``0`` exactly when the bases touch or
overlap). :class:`Bases` answers the questions asked of a whole table: contact, groups of
bases closer than a gap, bases within a radius, and the distance of every pair at once.

Speed without changing an answer: a base is immutable, so :func:`shared_base` hands out
one object per position (its polygon built once) and its distances to others are kept
(:meth:`Base.distance`). A question "within ``d`` cm?" is first put to the bases'
bounding circles (:meth:`Base.apart`: a certain no) and bounding boxes, and only then to
GEOS, with the very call an STRtree query would make (a prepared distance-within), so
every answer is the one the STRtree gave.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.strtree import STRtree

from .fixed import bearing, direction

CONTACT = 0.05
"""Centimetres (0.5 mm) between two bases that still count as touching: positions are
stored to 0.1 mm and bases are turned, so an exact zero is not to be expected."""
APART_MARGIN = 1e-6
"""Centimetres added to a bounding-circle test (:meth:`Base.apart`): far more than the
rounding of any distance on a table, so "apart" never contradicts GEOS."""
FRONT_ARC = 45.0
"""Half the angle of the front arc, in degrees (the rear arc is as wide): the default of
:meth:`Base.arc`; a ruleset may give its own."""


@dataclass(frozen=True)
class Base:
    """A figure's base on the table (centimetres and degrees)."""

    x: float
    y: float
    width: float = 2.0
    depth: float = 2.0
    facing: float = 0.0

    @cached_property
    def corners(self) -> tuple[tuple[float, float], ...]:
        """Front left, front right, rear right, rear left."""
        fx, fy = direction(self.facing)
        rx, ry = -fy, fx  # to the right of the facing (clockwise a quarter turn)
        hw, hd = self.width / 2, self.depth / 2
        return tuple((self.x + sf * hd * fx + sr * hw * rx, self.y + sf * hd * fy + sr * hw * ry)
                     for sf, sr in ((1, -1), (1, 1), (-1, 1), (-1, -1)))

    @cached_property
    def polygon(self) -> Polygon:
        return Polygon(self.corners)

    @cached_property
    def prepared(self) -> Polygon:
        """The same polygon, prepared (what an STRtree query prepares before it asks
        GEOS whether another geometry is within a distance). A copy: ``polygon`` stays
        unprepared, so no other predicate on it changes its path through GEOS."""
        copy = Polygon(self.corners)
        shapely.prepare(copy)
        return copy

    @cached_property
    def reach(self) -> float:
        """Half the diagonal: every point of the base is this near its centre."""
        return math.hypot(self.width, self.depth) / 2

    @cached_property
    def inner(self) -> float:
        """Half the narrower side: the circle of this radius round the centre lies
        inside the base."""
        return min(self.width, self.depth) / 2

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """The bounding box of the polygon (min x, min y, max x, max y), as GEOS has it:
        the least and greatest of the corners' coordinates."""
        xs = [c[0] for c in self.corners]
        ys = [c[1] for c in self.corners]
        return min(xs), min(ys), max(xs), max(ys)

    def apart(self, other: Base, gap: float) -> bool:
        """True when the bases are certainly more than ``gap`` cm apart (their bounding
        circles are); ``False`` says nothing."""
        far = gap + self.reach + other.reach + APART_MARGIN
        dx, dy = other.x - self.x, other.y - self.y
        return dx * dx + dy * dy > far * far

    def within_of(self, other: Base, gap: float) -> bool:
        """True when ``other`` is within ``gap`` cm of this base, exactly as an STRtree
        of ``other`` queried with this base (predicate ``dwithin``) finds it: the
        bounding boxes, this one grown by ``gap``, meet, and GEOS's prepared
        distance-within says yes (asked only when the bounding circles are near)."""
        if other is self:
            return True
        if self.apart(other, gap):
            return False
        dx, dy = other.x - self.x, other.y - self.y
        sure = gap + self.inner + other.inner - CERTAIN_MARGIN
        if sure > 0 and dx * dx + dy * dy <= sure * sure:
            return True  # their inner circles are this near: so are the bases
        key = (self, other, gap)
        found = _WITHIN.get(key)
        if found is None:
            x0, y0, x1, y1 = self.bounds
            ox0, oy0, ox1, oy1 = other.bounds
            found = not (ox0 > x1 + gap or ox1 < x0 - gap or oy0 > y1 + gap
                         or oy1 < y0 - gap) and \
                bool(shapely.dwithin(self.prepared, other.polygon, gap))
            if len(_WITHIN) >= MEMO_SIZE:
                _WITHIN.clear()
            _WITHIN[key] = found
        return found

    @property
    def centre(self) -> tuple[float, float]:
        return self.x, self.y

    def distance(self, other: Base) -> float:
        """Edge-to-edge distance in cm (0 when the bases touch or overlap); GEOS's, kept
        for the next time the same two bases are measured."""
        key = (self, other)
        found = _DISTANCES.get(key)
        if found is None:
            found = float(self.polygon.distance(other.polygon))
            if len(_DISTANCES) >= MEMO_SIZE:
                _DISTANCES.clear()
            _DISTANCES[key] = found
        return found

    def touches(self, other: Base, tolerance: float = CONTACT) -> bool:
        """True when the bases are in contact (closer than ``tolerance`` cm)."""
        return not self.apart(other, tolerance) and self.distance(other) <= tolerance

    def distance_to_point(self, x: float, y: float) -> float:
        return float(self.polygon.distance(Point(x, y)))

    def relative_bearing(self, x: float, y: float) -> float:
        """The angle, in degrees in ``(-180, 180]``, from this base's facing to the point
        ``(x, y)`` (negative: to its left)."""
        rel = (bearing(x - self.x, y - self.y) - self.facing) % 360.0
        return rel - 360.0 if rel > 180.0 else rel

    def arc(self, x: float, y: float, front: float = FRONT_ARC, rear: float = FRONT_ARC) -> str:
        """In which arc of this base the point ``(x, y)`` lies: ``front``, ``left``,
        ``right`` (the flanks) or ``rear``; ``front`` and ``rear`` are the half angles of
        those arcs."""
        rel = self.relative_bearing(x, y)
        if abs(rel) <= front:
            return "front"
        if abs(rel) >= 180.0 - rear:
            return "rear"
        return "left" if rel < 0 else "right"

    def arc_of(self, other: Base, front: float = FRONT_ARC, rear: float = FRONT_ARC) -> str:
        """The arc of this base in which ``other``'s centre lies."""
        return self.arc(other.x, other.y, front, rear)


CERTAIN_MARGIN = 1e-3
"""Centimetres: two bases whose inner circles (:attr:`Base.inner`) are closer than
``gap`` less this margin are within ``gap`` of one another (the bases hold the circles,
so the bases' distance is at most the circles'), which GEOS would say too:
:meth:`Base.within_of` answers yes without asking it."""
FEW_BASES = 24
"""Up to this many bases, :meth:`Bases.near` asks each base in turn (numpy's sifting
costs more than it saves)."""
NEAR_MARGIN = 1e-3
"""Centimetres added to the bounding circles when many bases are sifted at once
(:meth:`Bases.near`): only bases certainly apart are left out, every other answer is
:meth:`Base.within_of`'s."""
MEMO_SIZE = 20_000
"""How many answers :data:`_DISTANCES`, :data:`_WITHIN` and :data:`_SHARED` keep (then
start again: only speed depends on it)."""
_DISTANCES: dict[tuple[Base, Base], float] = {}
_WITHIN: dict[tuple[Base, Base, float], bool] = {}
_SHARED: dict[tuple[float, float, float, float, float], Base] = {}


def shared_base(x: float, y: float, width: float, depth: float, facing: float) -> Base:
    """The base with these fields: the same object each time (it is immutable), so its
    polygon is built once and its distances kept."""
    key = (x, y, width, depth, facing)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= MEMO_SIZE:
            _SHARED.clear()
        found = _SHARED[key] = Base(x, y, width, depth, facing)
    return found


def side_seen_from(viewer: tuple[float, float], target: tuple[float, float],
                   other: tuple[float, float]) -> str:
    """Whether ``other`` is ``left`` or ``right`` of ``target`` as seen from ``viewer``
    (``line`` when the three points are in a line)."""
    ax, ay = target[0] - viewer[0], target[1] - viewer[1]
    bx, by = other[0] - viewer[0], other[1] - viewer[1]
    cross = ax * by - ay * bx  # y grows downwards: positive is clockwise, to the right
    if abs(cross) <= 1e-9 * max(1.0, math.hypot(ax, ay) * math.hypot(bx, by)):
        return "line"
    return "right" if cross > 0 else "left"


class Bases:
    """Many bases by id, for queries over the whole table (each answer the one an STRtree
    of the bases gives, found without building one: see the module doc)."""

    def __init__(self, bases: Mapping[str, Base]) -> None:
        self.ids = sorted(bases)
        self.bases = {i: bases[i] for i in self.ids}

    @cached_property
    def polygons(self) -> list[Polygon]:
        return [self.bases[i].polygon for i in self.ids]

    @cached_property
    def tree(self) -> STRtree:
        return STRtree(np.array(self.polygons, dtype=object))

    def within(self, x: float, y: float, radius: float) -> list[str]:
        """The bases any part of which is within ``radius`` cm of the point, by id."""
        found = self.tree.query(Point(x, y), predicate="dwithin", distance=radius)
        return sorted(self.ids[i] for i in found.tolist())

    @cached_property
    def circles(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The centres and reaches of the bases, in id order (for :meth:`near`)."""
        bases = [self.bases[i] for i in self.ids]
        return (np.array([b.x for b in bases], dtype=float),
                np.array([b.y for b in bases], dtype=float),
                np.array([b.reach for b in bases], dtype=float))

    def near(self, pid: str, radius: float) -> list[str]:
        """The other bases within ``radius`` cm (edge to edge) of base ``pid``: those
        whose bounding circles are not certainly apart (tested for all at once, with a
        margin far above any rounding) are asked of :meth:`Base.within_of`."""
        me = self.bases[pid]
        if len(self.ids) <= FEW_BASES:  # one by one is quicker than numpy here
            return [q for q in self.ids if q != pid and me.within_of(self.bases[q], radius)]
        xs, ys, reach = self.circles
        far = radius + me.reach + reach + NEAR_MARGIN
        maybe = np.flatnonzero((xs - me.x) ** 2 + (ys - me.y) ** 2 <= far * far).tolist()
        ids, bases = self.ids, self.bases
        return [q for q in (ids[i] for i in maybe)
                if q != pid and me.within_of(bases[q], radius)]

    def contacts(self, pid: str, tolerance: float = CONTACT) -> list[str]:
        """The bases in contact with base ``pid``."""
        return self.near(pid, tolerance)

    def groups(self, gap: float, among: Iterable[str] | None = None) -> list[list[str]]:
        """The groups of bases each at most ``gap`` cm from another of its group (chains),
        largest first then by first id; ``among`` limits the bases considered."""
        members = sorted(set(among)) if among is not None else self.ids
        parent = {pid: pid for pid in members}

        def root(p: str) -> str:
            while parent[p] != p:
                parent[p] = parent[parent[p]]
                p = parent[p]
            return p

        for pa in members:
            me = self.bases[pa]
            for pb in self.ids:
                if pb in parent and me.within_of(self.bases[pb], gap):
                    ra, rb = root(pa), root(pb)
                    if ra != rb:
                        parent[max(ra, rb)] = min(ra, rb)
        groups: dict[str, list[str]] = {}
        for p in members:
            groups.setdefault(root(p), []).append(p)
        return sorted(groups.values(), key=lambda g: (-len(g), g[0]))

    def pair_distances(self) -> dict[tuple[str, str], float]:
        """The edge-to-edge distance of every pair of bases (ids in order), computed at once."""
        n = len(self.ids)
        if n < 2:
            return {}
        a, b = np.triu_indices(n, k=1)
        polys = np.array(self.polygons, dtype=object)
        found = shapely.distance(polys[a], polys[b])
        return {(self.ids[i], self.ids[j]): float(d)
                for i, j, d in zip(a.tolist(), b.tolist(), found.tolist(), strict=True)}
