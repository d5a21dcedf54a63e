"""Maps as data: load a map YAML file, validate it, build its graph and geometry.

A map file (``maps/*.yaml``) lists areas (position, region, terrain, fortification,
port), roads between them, boxes off the map (holding boxes, prisons, pools), region
control boxes and tracks. :func:`load_map` validates every field and reports problems
as ``file: place: problem``; :class:`BoardMap` then answers graph questions through
networkx and geometry questions (which area is at this point) through shapely.
Area outlines are the ``polygon`` given in the file, or else the Voronoi cell of the
area's position clipped to the land outline, so that every point of land belongs to
exactly one area.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx
import shapely
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.strtree import STRtree

from .errors import DataError
from .yamlio import Checker, load_yaml_file

MAP_FORMAT = "boardapp-map"
MAP_VERSION = 1
TERRAINS = ("clear", "mountain", "marsh", "forest")
BOX_KINDS = ("holding", "prison", "pool")
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Region:
    """A region of the map (a county, province...) with its control values."""

    id: str
    name: str
    colour: str
    cities_needed: int | None
    vp: int | None
    source: str = ""


@dataclass(frozen=True)
class Area:
    """One area (a city, a zone) of the map."""

    id: str
    name: str
    pos: tuple[float, float]
    region: str | None
    terrain: str = "clear"
    fortified: bool = False
    nf: int = 0
    port: bool = False
    note: str = ""
    source: str = ""
    polygon: tuple[tuple[float, float], ...] | None = None


@dataclass(frozen=True)
class Box:
    """A box printed beside the map: holding box, prison, or a pool of counters."""

    id: str
    name: str
    kind: str
    rect: tuple[float, float, float, float]
    links: tuple[str, ...] = ()
    naval: bool = False
    access_sides: tuple[str, ...] | None = None
    access_pieces: tuple[str, ...] | None = None
    max_units: int | None = None
    source: str = ""

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.rect
        return (x + w / 2, y + h / 2)


@dataclass(frozen=True)
class TrackCell:
    """One cell of a track (turn track, victory point track)."""

    id: str
    label: str
    rect: tuple[float, float, float, float]


@dataclass(frozen=True)
class Track:
    """A track of cells such as the turn or victory point track."""

    id: str
    name: str
    cells: tuple[TrackCell, ...]

    def cell(self, cell_id: str) -> TrackCell | None:
        """The cell with id ``cell_id`` (``None`` if there is none)."""
        return next((c for c in self.cells if c.id == cell_id), None)


@dataclass
class BoardMap:
    """A validated map: data, a networkx graph of roads and box links, and geometry."""

    id: str
    name: str
    file: str
    size: tuple[float, float]
    approximate: bool
    notes: str
    land: tuple[tuple[float, float], ...]
    regions: dict[str, Region]
    areas: dict[str, Area]
    roads: list[tuple[str, str]]
    boxes: dict[str, Box]
    control_boxes: dict[str, tuple[float, float, float, float]]
    tracks: dict[str, Track]
    graph: nx.Graph = field(init=False, repr=False)
    outlines: dict[str, Polygon] = field(init=False, repr=False)
    _tree: STRtree = field(init=False, repr=False)
    _tree_ids: list[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.graph = self._build_graph()
        self.outlines = self._build_outlines()
        self._tree_ids = list(self.outlines)
        self._tree = STRtree([self.outlines[i] for i in self._tree_ids])

    # -- graph -------------------------------------------------------------------------
    def _build_graph(self) -> nx.Graph:
        graph = nx.Graph()
        for area in self.areas.values():
            graph.add_node(area.id, kind="area", terrain=area.terrain)
        for b in self.boxes.values():
            if b.kind == "holding":
                graph.add_node(b.id, kind="box", terrain="clear")
        for a, b in self.roads:
            graph.add_edge(a, b, kind="road")
        for b in self.boxes.values():
            for link in b.links:
                graph.add_edge(b.id, link, kind="box-link")
        return graph

    def neighbours(self, place: str) -> list[str]:
        """Places joined to ``place`` by a road or a box link."""
        return list(self.graph.neighbors(place)) if place in self.graph else []

    def is_place(self, place: str) -> bool:
        """True for an area or a box id."""
        return place in self.areas or place in self.boxes

    def place_name(self, place: str) -> str:
        """Display name of an area or box id."""
        if place in self.areas:
            return self.areas[place].name
        if place in self.boxes:
            return self.boxes[place].name
        return place

    def region_areas(self, region: str) -> list[str]:
        """Ids of the areas in ``region``."""
        return [a.id for a in self.areas.values() if a.region == region]

    # -- geometry ----------------------------------------------------------------------
    def _build_outlines(self) -> dict[str, Polygon]:
        outlines: dict[str, Polygon] = {}
        land = Polygon(self.land)
        if not land.is_valid:
            land = land.buffer(0)
        auto = [a for a in self.areas.values() if a.polygon is None]
        if auto:
            points = MultiPoint([a.pos for a in auto])
            w, h = self.size
            cells = shapely.voronoi_polygons(points, extend_to=box(-w, -h, 2 * w, 2 * h))
            for area in auto:
                p = Point(area.pos)
                cell = next((c for c in cells.geoms if c.contains(p)), None)
                if cell is None:
                    cell = p.buffer(30)
                outlines[area.id] = cell.intersection(land)
        for area in self.areas.values():
            if area.polygon is not None:
                outlines[area.id] = Polygon(area.polygon)
        # Explicit polygons win: cut them out of the automatic cells.
        explicit = [outlines[a.id] for a in self.areas.values() if a.polygon is not None]
        if explicit:
            union = shapely.union_all(explicit)
            for area in auto:
                outlines[area.id] = outlines[area.id].difference(union)
        for b in self.boxes.values():
            x, y, bw, bh = b.rect
            outlines[b.id] = box(x, y, x + bw, y + bh)
        return outlines

    def place_at(self, x: float, y: float) -> str | None:
        """The area or box under map point ``(x, y)``, or ``None`` (sea, margin)."""
        p = Point(x, y)
        for index in self._tree.query(p, predicate="intersects"):
            return self._tree_ids[int(index)]
        return None

    def anchor(self, place: str) -> tuple[float, float]:
        """Where pieces in ``place`` are drawn: the city position or the box centre."""
        if place in self.areas:
            return self.areas[place].pos
        if place in self.boxes:
            return self.boxes[place].centre
        raise KeyError(place)


def load_map(path: str | Path) -> BoardMap:
    """Load and validate the map file at ``path``.

    Raises :class:`DataError` naming the file, the place (``areas.brest.nf``) and the
    problem for the first invalid value found.
    """
    path = Path(path)
    data = load_yaml_file(path)
    return parse_map(data, str(path))


def parse_map(data: Any, file: str) -> BoardMap:
    """Validate already-parsed map ``data`` (see :func:`load_map`)."""
    c = Checker(file)
    top = c.mapping(data, "")
    c.known_keys(top, "", ("format", "version", "id", "name", "approximate", "notes", "size",
                           "projection", "land", "regions", "areas", "roads", "boxes",
                           "control_boxes", "tracks"))
    if top.get("format") != MAP_FORMAT:
        raise c.fail("format", f"expected {MAP_FORMAT!r}: is this a boardapp map file?")
    version = c.integer(top.get("version"), "version", 1)
    if version > MAP_VERSION:
        raise c.fail("version", f"map format {version} is newer than this boardapp "
                                f"understands ({MAP_VERSION}): update boardapp")
    map_id = c.text(top.get("id"), "id")
    size = c.point(top.get("size"), "size")
    land = tuple(c.point(p, f"land[{i}]") for i, p in enumerate(c.seq(top.get("land"), "land")))
    if len(land) < 3:
        raise c.fail("land", "the land outline needs at least 3 points")
    if not Polygon(land).is_valid:
        raise c.fail("land", "the land outline crosses itself")

    regions = c.each(top.get("regions", {}), "regions", lambda k, v, p: _region(c, k, v, p))
    areas = c.each(c.mapping(top.get("areas"), "areas"), "areas",
                   lambda k, v, p: _area(c, k, v, p, regions))
    if not areas:
        raise c.fail("areas", "a map needs at least one area")
    boxes = c.each(top.get("boxes", {}) or {}, "boxes", lambda k, v, p: _box(c, k, v, p))
    for key in boxes:
        if key in areas:
            raise c.fail(f"boxes.{key}", "an area already has this id")
    roads = _roads(c, top.get("roads", []), areas)
    for b in boxes.values():
        for i, link in enumerate(b.links):
            if link not in areas:
                raise c.fail(f"boxes.{b.id}.links[{i}]", f"no area {link!r} on this map")
    control_boxes = c.each(top.get("control_boxes", {}) or {}, "control_boxes",
                           lambda k, v, p: _control_box(c, k, v, p, regions))
    tracks = c.each(top.get("tracks", {}) or {}, "tracks", lambda k, v, p: _track(c, k, v, p))
    polygon = Polygon(land)
    for area in areas.values():
        if area.polygon is None and not polygon.contains(Point(area.pos)):
            raise c.fail(f"areas.{area.id}.pos", f"{list(area.pos)} lies outside the land outline")
    return BoardMap(
        id=map_id, name=c.text(top.get("name", map_id), "name"), file=file, size=size,
        approximate=bool(top.get("approximate", False)), notes=str(top.get("notes", "")),
        land=land, regions=regions, areas=areas, roads=roads, boxes=boxes,
        control_boxes=control_boxes, tracks=tracks)


def _slug(c: Checker, key: str, place: str) -> None:
    if not _SLUG.match(key):
        raise c.fail(place, f"id {key!r} must be lowercase letters, digits and '-'")


def _region(c: Checker, key: str, v: Any, place: str) -> Region:
    _slug(c, key, place)
    v = c.mapping(v, place)
    c.known_keys(v, place, ("name", "colour", "control", "source", "note"))
    control = c.mapping(v.get("control", {}) or {}, f"{place}.control")
    c.known_keys(control, f"{place}.control", ("cities", "vp"))
    cities = control.get("cities")
    vp = control.get("vp")
    colour = str(v.get("colour", "#e8e0c8"))
    if not re.match(r"^#[0-9a-fA-F]{6}$", colour):
        raise c.fail(f"{place}.colour", f"{colour!r} is not a colour like #a0b0c0")
    return Region(
        id=key, name=c.text(v.get("name"), f"{place}.name"), colour=colour,
        cities_needed=None if cities is None else c.integer(cities, f"{place}.control.cities", 0),
        vp=None if vp is None else c.integer(vp, f"{place}.control.vp", 0),
        source=str(v.get("source", "")))


def _area(c: Checker, key: str, v: Any, place: str, regions: dict[str, Region]) -> Area:
    _slug(c, key, place)
    v = c.mapping(v, place)
    c.known_keys(v, place, ("name", "lonlat", "pos", "region", "fortified", "nf", "port",
                            "terrain", "note", "source", "polygon"))
    region = v.get("region")
    if region is not None and region not in regions:
        raise c.fail(f"{place}.region", f"no region {region!r} (known: {', '.join(regions)})")
    fortified = c.boolean(v.get("fortified", False), f"{place}.fortified")
    nf = v.get("nf")
    if nf is not None and not fortified:
        raise c.fail(f"{place}.nf", "an open city has no fortress level: set fortified: true "
                                    "or remove nf")
    polygon = None
    if v.get("polygon") is not None:
        pts = tuple(c.point(p, f"{place}.polygon[{i}]")
                    for i, p in enumerate(c.seq(v["polygon"], f"{place}.polygon")))
        if len(pts) < 3 or not Polygon(pts).is_valid:
            raise c.fail(f"{place}.polygon", "the outline must be a simple polygon of 3+ points")
        polygon = pts
    pos = c.point(v.get("pos"), f"{place}.pos")
    if polygon is not None and not Polygon(polygon).contains(Point(pos)):
        raise c.fail(f"{place}.pos", "the city lies outside its own outline")
    return Area(
        id=key, name=c.text(v.get("name"), f"{place}.name"), pos=pos, region=region,
        terrain=c.choice(v.get("terrain", "clear"), f"{place}.terrain", TERRAINS),
        fortified=fortified,
        nf=c.integer(nf, f"{place}.nf", 0, 9) if nf is not None else 0,
        port=c.boolean(v.get("port", False), f"{place}.port"),
        note=str(v.get("note", "")), source=str(v.get("source", "")), polygon=polygon)


def _roads(c: Checker, value: Any, areas: dict[str, Area]) -> list[tuple[str, str]]:
    roads: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for i, item in enumerate(c.seq(value, "roads")):
        place = f"roads[{i}]"
        pair = c.seq(item, place)
        if len(pair) != 2:
            raise c.fail(place, "a road joins exactly two areas: [a, b]")
        a, b = (c.text(x, place) for x in pair)
        for end in (a, b):
            if end not in areas:
                raise c.fail(place, f"no area {end!r} on this map")
        if a == b:
            raise c.fail(place, "a road cannot join an area to itself")
        if frozenset((a, b)) in seen:
            raise c.fail(place, f"the road {a}-{b} is listed twice")
        seen.add(frozenset((a, b)))
        roads.append((a, b))
    return roads


def _box(c: Checker, key: str, v: Any, place: str) -> Box:
    _slug(c, key, place)
    v = c.mapping(v, place)
    c.known_keys(v, place, ("name", "kind", "rect", "links", "naval", "access", "source", "note"))
    access = c.mapping(v.get("access", {}) or {}, f"{place}.access")
    c.known_keys(access, f"{place}.access", ("sides", "pieces", "max_units"))
    sides = access.get("sides")
    pieces = access.get("pieces")
    max_units = access.get("max_units")
    return Box(
        id=key, name=c.text(v.get("name"), f"{place}.name"),
        kind=c.choice(v.get("kind"), f"{place}.kind", BOX_KINDS),
        rect=c.rect(v.get("rect"), f"{place}.rect"),
        links=tuple(c.text(x, f"{place}.links") for x in c.seq(v.get("links", []) or [],
                                                              f"{place}.links")),
        naval=c.boolean(v.get("naval", False), f"{place}.naval"),
        access_sides=None if sides is None else tuple(c.seq(sides, f"{place}.access.sides")),
        access_pieces=None if pieces is None else tuple(c.seq(pieces, f"{place}.access.pieces")),
        max_units=None if max_units is None else c.integer(max_units,
                                                           f"{place}.access.max_units", 0),
        source=str(v.get("source", "")))


def _control_box(c: Checker, key: str, v: Any, place: str, regions: dict[str, Region]):
    if key not in regions:
        raise c.fail(place, f"no region {key!r}")
    return c.rect(v, place)


def _track(c: Checker, key: str, v: Any, place: str) -> Track:
    v = c.mapping(v, place)
    c.known_keys(v, place, ("name", "cells", "source", "note"))
    cells = []
    for i, cell in enumerate(c.seq(v.get("cells"), f"{place}.cells")):
        cp = f"{place}.cells[{i}]"
        cell = c.mapping(cell, cp)
        cells.append(TrackCell(id=str(cell.get("id")), label=str(cell.get("label", "")),
                               rect=c.rect(cell.get("rect"), f"{cp}.rect")))
    return Track(id=key, name=c.text(v.get("name", key), f"{place}.name"), cells=tuple(cells))


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Euclidean distance between two map points."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


__all__ = ["Area", "BoardMap", "Box", "DataError", "Region", "Track", "TrackCell", "load_map",
           "parse_map"]
