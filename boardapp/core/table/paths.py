"""Paths across the table: their length, the obstacles they cross, the point reached.

A path is a polyline of waypoints (cm) a figure's centre follows. Entering a piece of
scenery whose obstacle class is not ``none`` costs the centimetres the ruleset gives for
that class (``costs``: ``{"light": 4, "medium": 8, "large": 13}``); a class missing from
``costs`` (``impassable`` always) cannot be entered. Entering at a point on a road, a
path or a ford costs nothing. A figure pays a crossing where it enters: the *effort* of a
path is its length plus its crossings, and :meth:`PathPlan.at_effort` says where a
figure is, and which way it faces, once it has spent some of it (for moves carried out
in fractions).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

import shapely
from shapely.geometry import LineString, Point

from .fixed import bearing
from .tablemap import Table

EPS = 1e-7


@dataclass(frozen=True)
class Crossing:
    """An obstacle entered on the way: where (cm along the path), what, at what cost."""

    at: float
    scenery: str
    obstacle: str
    cost: float
    point: tuple[float, float]
    on_way: bool = False


@dataclass(frozen=True)
class PathPlan:
    """A planned path: its waypoints, length, crossings and, if it may not be taken, why."""

    points: tuple[tuple[float, float], ...]
    length: float
    crossings: tuple[Crossing, ...]
    refused: str | None = None
    """Why the path may not be taken (an impassable obstacle, the table's edge)."""

    @cached_property
    def effort(self) -> float:
        """Centimetres of allowance the path takes: its length and its crossings (found
        once: a move asks it at every small step)."""
        return self.length + sum(c.cost for c in self.crossings)

    def at_effort(self, effort: float, facing: float = 0.0) -> tuple[float, float, float]:
        """Where the figure is (x, y) and which way it faces (degrees) once it has spent
        ``effort`` cm of the path (the end once the effort is spent): it walks, and waits
        where it enters an obstacle until the crossing is paid. ``facing`` is the answer
        for a path of no length."""
        remaining = effort
        along = 0.0
        for c in self.crossings:
            if c.cost <= 0:
                continue
            if remaining <= c.at - along:
                return self.point_at(along + remaining, facing)
            remaining -= c.at - along
            along = c.at
            if remaining <= c.cost:
                return self.point_at(along, facing)
            remaining -= c.cost
        return self.point_at(min(self.length, along + remaining), facing)

    def point_at(self, along: float, facing: float = 0.0) -> tuple[float, float, float]:
        """The point ``along`` cm from the start and the facing of the path there."""
        x, y = self.points[0]
        walked = 0.0
        for (x0, y0), (x1, y1) in zip(self.points, self.points[1:], strict=False):
            seg = math.sqrt((x1 - x0) ** 2 + (y1 - y0) ** 2)
            if seg <= EPS:
                continue
            facing = bearing(x1 - x0, y1 - y0)
            if along <= walked + seg:
                f = max(0.0, along - walked) / seg
                return x0 + f * (x1 - x0), y0 + f * (y1 - y0), facing
            walked += seg
            x, y = x1, y1
        return x, y, facing


_PLANS: dict[tuple[object, ...], tuple[Table, PathPlan]] = {}
"""The plans found lately (an order's is checked, then carried out): by table, points
and costs; forgotten past :data:`_PLANS_KEPT`."""
_PLANS_KEPT = 1024


def plan_path(table: Table, points: Sequence[tuple[float, float]],
              costs: Mapping[str, float]) -> PathPlan:
    """The plan of the path through ``points`` (cm) on ``table`` with obstacle ``costs``."""
    pts = tuple((float(x), float(y)) for x, y in points)
    key = (id(table), pts, tuple(costs.items()))
    kept = _PLANS.get(key)
    if kept is not None and kept[0] is table:
        return kept[1]
    if len(_PLANS) >= _PLANS_KEPT:
        _PLANS.clear()
    plan = _plan(table, pts, costs)
    _PLANS[key] = (table, plan)
    return plan


def _plan(table: Table, pts: tuple[tuple[float, float], ...],
          costs: Mapping[str, float]) -> PathPlan:
    for x, y in pts:
        if not table.on_table(x, y):
            return PathPlan(pts, 0.0, (), f"{x:g},{y:g} is off the table")
    crossings: list[Crossing] = []
    walked = 0.0
    refused = None
    ways = [s.shape for s in table.scenery.values() if s.is_way]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        seg_len = math.sqrt((x1 - x0) ** 2 + (y1 - y0) ** 2)
        if seg_len <= EPS:
            continue
        seg = LineString([(x0, y0), (x1, y1)])
        for i in table.along(seg):
            s = table.scenery[table.ids[i]]
            if s.obstacle == "none":
                continue
            for t, point in _entries(seg.intersection(s.shape), x0, y0, x1, y1, seg_len):
                on_way = any(w.covers(Point(point)) for w in ways)
                if on_way:
                    cost = 0.0
                elif s.obstacle in costs:
                    cost = float(costs[s.obstacle])
                else:
                    cost = 0.0
                    refused = refused or f"{s.name} ({s.obstacle}) cannot be crossed"
                crossings.append(Crossing(walked + t * seg_len, s.id, s.obstacle, cost,
                                          point, on_way))
        walked += seg_len
    crossings.sort(key=lambda c: (c.at, c.scenery))
    return PathPlan(pts, walked, tuple(crossings), refused)


def _entries(part, x0: float, y0: float, x1: float, y1: float,
             length: float) -> list[tuple[float, tuple[float, float]]]:
    """Where the segment enters the shape it meets in ``part``: (fraction, point) of each
    piece of ``part`` that starts after the segment's start."""
    found = []
    pieces = getattr(part, "geoms", [part])
    for piece in pieces:
        if piece.is_empty:
            continue
        coords = shapely.get_coordinates(piece).tolist()
        ts = [((px - x0) * (x1 - x0) + (py - y0) * (y1 - y0)) / (length * length)
              for px, py in coords]
        n = min(range(len(ts)), key=ts.__getitem__)
        if ts[n] > EPS * 100:
            found.append((ts[n], (coords[n][0], coords[n][1])))
    return sorted(found)


def path_length(points: Sequence[tuple[float, float]]) -> float:
    """The length of a polyline in cm."""
    return sum(math.sqrt((x1 - x0) ** 2 + (y1 - y0) ** 2)
               for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False))
