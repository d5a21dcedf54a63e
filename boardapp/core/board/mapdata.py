"""Maps as data: load a map YAML file, validate it, build its graph and geometry.

A map file (``maps/*.yaml``) lists areas (position, region, terrain, fortification,
port), roads between them, boxes off the map (holding boxes, prisons, pools), region
control boxes and tracks (a road may carry a kind, ``[a, b, river]``, from the file's
``link_kinds`` list, default ``[road]``), optionally the sea zones its ports open on and
how its marks are drawn (:mod:`.mapparts`); a hex-and-counter map adds a ``hexgrid``
(orientation, size, origin, terrain per hex, hexside features such as rivers and roads),
whose hexes become areas like any other. :func:`check_map` validates every field and
returns every problem as ``file: place: problem``; :func:`load_map` raises them.
:class:`BoardMap` then answers graph questions through networkx and geometry questions
(which area is at this point) through shapely.
Area outlines are the ``polygon`` given in the file (the hexagon of a hex), or else the
Voronoi cell of the area's position clipped to the land outline, so that every point of
land belongs to exactly one area.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from ... import __version__
from ..base.errors import DataError, quote
from ..base.i18n import N_
from ..base.yamlio import Checker, load_yaml_file, read_yaml_file
from .boardmap import BoardMap, _point, _polygon
from .hexgrid import (
    ORIENTATIONS,
    HexGrid,
    are_adjacent,
    axial_to_offset,
    hex_id,
    parse_hex_key,
    rectangle,
)
from .mapparts import area_sea, parse_seas, parse_style
from .places import Area, Box, MapStyle, Region, Sea, Track, TrackCell

MAP_FORMAT = "boardapp-map"
MAP_VERSION = 2
"""Version 2 added ``terrains`` and ``hexgrid``; version 1 files read unchanged."""
TERRAINS = ("clear", "mountain", "marsh", "forest")
BOX_KINDS = ("holding", "prison", "pool")
HEXSIDE_FEATURES = ("river", "road")
TOP_KEYS = ("format", "version", "id", "name", "approximate", "notes", "size", "projection",
            "land", "terrains", "regions", "areas", "roads", "boxes", "control_boxes", "tracks",
            "hexgrid", "link_kinds", "seas", "style")
AREA_KEYS = ("name", "lonlat", "pos", "region", "fortified", "nf", "port", "terrain", "note",
             "source", "polygon", "sea")
OVERLAP_TOLERANCE = 0.5
"""Square map units two outlines may share before they count as overlapping (rounding)."""
MAX_PROBLEMS_SHOWN = 20
"""Problems a :class:`MapErrors` message lists (``problems`` holds them all)."""
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


class MapErrors(DataError):
    """Several problems in one map file. ``file``, ``place`` and ``problem`` are those of
    the first; ``problems`` lists them all, and the message has one line per problem."""

    def __init__(self, problems: list[DataError]) -> None:
        first = problems[0]
        super().__init__(first.file, first.place, first.problem)
        self.problems = list(problems)
        shown = [str(p) for p in problems[:MAX_PROBLEMS_SHOWN]]
        if len(problems) > MAX_PROBLEMS_SHOWN:
            shown.append(str(N_("... and {n} more problems",
                                n=len(problems) - MAX_PROBLEMS_SHOWN)))
        self.args = ("\n".join(shown),)


# -- loading and checking -------------------------------------------------------------------
def load_map(path: str | Path) -> BoardMap:
    """Load and validate the map file at ``path``.

    Raises :class:`DataError` naming the file, the place (``areas.brest.nf``) and the
    problem; when the file has several problems, a :class:`MapErrors` listing them all.
    """
    path = Path(path)
    try:
        stat = path.stat()
        key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = None
    if key is not None and key in _LOADED:
        return _LOADED[key]
    data, raw = read_yaml_file(path)
    checked = check_key(raw)
    store = _checked[0] if _checked else None
    geometry = store is None or not store.known(checked)
    problems, bmap = _parse_safely(data, str(path), geometry)
    if problems:
        raise problems[0] if len(problems) == 1 else MapErrors(problems)
    assert bmap is not None
    if geometry and store is not None:
        store.remember(checked)
    if key is not None:
        _LOADED[key] = bmap
    return bmap


class CheckedMaps(Protocol):
    """Where the keys of map files that passed every check are kept (:func:`check_key`)."""

    def known(self, key: str) -> bool: ...

    def remember(self, key: str) -> None: ...


_checked: list[CheckedMaps] = []
"""The store :func:`load_map` consults, if one was given (:func:`use_checked_maps`)."""
CHECKS = f"boardapp-map-checks/1 {__version__}"
"""Part of every key: a boardapp whose checks may differ checks every map again."""


def use_checked_maps(store: CheckedMaps | None) -> None:
    """From now on, :func:`load_map` reads a file whose very bytes passed every check
    before (found in ``store``) without the geometry checks, and notes in ``store`` the
    files that pass them (``None``: every file is checked in full, the default)."""
    _checked[:] = [] if store is None else [store]


def check_key(data: bytes) -> str:
    """The key of a map file's bytes for :class:`CheckedMaps` (SHA-256 of the bytes and
    of :data:`CHECKS`)."""
    return hashlib.sha256(CHECKS.encode("ascii") + b"\n" + data).hexdigest()


# Maps already loaded, by file and version on disk: opening games and building rulesets
# read a map file once per change. A BoardMap is never modified after it is built.
_LOADED: dict[tuple[str, int, int], BoardMap] = {}


def parse_map(data: Any, file: str) -> BoardMap:
    """Validate already-parsed map ``data`` (see :func:`load_map`)."""
    problems, bmap = _parse_safely(data, file)
    if problems:
        raise problems[0] if len(problems) == 1 else MapErrors(problems)
    assert bmap is not None
    return bmap


def check_map(data: Any, file: str) -> list[DataError]:
    """Every problem of map ``data`` (empty when the map is valid), each naming its place
    (``areas.brest.nf``, ``roads[3]``, ``hexgrid.hexes.3,4.terrain``)."""
    return _parse_safely(data, file)[0]


def check_map_file(path: str | Path) -> list[DataError]:
    """Every problem of the map file at ``path``, a YAML syntax error included."""
    return examine_map_file(path)[0]


def examine_map_file(path: str | Path) -> tuple[list[DataError], BoardMap | None]:
    """Every problem of the map file at ``path`` and, when it has none, the map (the file
    is read once). Whatever the file holds, this returns: a failure of any kind while
    reading or building the map is a problem naming the file."""
    try:
        data = load_yaml_file(path)
    except DataError as exc:
        return [exc], None
    return _parse_safely(data, str(path))


def _parse_safely(data: Any, file: str, geometry: bool = True
                  ) -> tuple[list[DataError], BoardMap | None]:
    """:func:`_parse`, with any unexpected failure (a geometry library refusing strange
    numbers, a value nested too deeply) reported as a problem instead of a crash.
    ``geometry``: check the outlines too (shapely); false only for a file whose very bytes
    passed every check on this computer before (:mod:`.checkedmaps`)."""
    try:
        if isinstance(data, dict) and data.get("format") == "boardapp-table":
            from ..table.tableboard import parse_table_board  # a table: see core/table

            return parse_table_board(data, file)
        return _parse(data, file, geometry)
    except DataError as exc:
        return [exc], None
    except (RecursionError, MemoryError) as exc:
        return [DataError(file, "", N_("the map cannot be read: {name}",
                                       name=type(exc).__name__))], None
    except Exception as exc:  # noqa: BLE001 - a user's map must never crash the program
        return [DataError(file, "", N_("the map cannot be built: {name}: {exc}",
                                       name=type(exc).__name__, exc=exc))], None


class _Problems:
    """Collects :class:`DataError` s instead of stopping at the first."""

    def __init__(self, file: str, geometry: bool = True) -> None:
        self.c = Checker(file)
        self.found: list[DataError] = []
        self.geometry = geometry
        """Whether outlines are checked (shapely): see :func:`_parse_safely`."""

    def add(self, place: str, problem: str) -> None:
        self.found.append(DataError(self.c.file, place, problem))

    def get(self, fn: Callable[..., Any], *args: Any, default: Any = None) -> Any:
        """``fn(*args)``, or ``default`` after recording the problem it raised."""
        try:
            return fn(*args)
        except DataError as exc:
            self.found.append(exc)
            return default

    def keys(self, value: dict[str, Any], place: str, allowed: tuple[str, ...]) -> None:
        """Record every key of ``value`` not in ``allowed`` (typos such as ``fortifed``)."""
        for key in value:
            if key not in allowed:
                self.add(f"{place}.{key}" if place else key,
                         N_("unknown field (expected one of {sorted})",
                            sorted=', '.join(sorted(allowed))))

    def each(self, value: Any, place: str,
             fn: Callable[[str, Any, str], Any]) -> dict[str, Any]:
        """``fn(key, item, place)`` for every entry of a mapping; entries whose check
        recorded a problem (``fn`` returned ``None``) are left out."""
        mapping = self.get(self.c.mapping, value, place, default={})
        out = {}
        for key, item in mapping.items():
            before = len(self.found)
            result = self.get(fn, key, item, f"{place}.{key}")
            if result is not None and len(self.found) == before:
                out[key] = result
        return out


def _parse(data: Any, file: str, geometry: bool = True
           ) -> tuple[list[DataError], BoardMap | None]:
    p = _Problems(file, geometry)
    c = p.c
    try:
        top = c.mapping(data, "")
    except DataError as exc:
        return [exc], None
    p.keys(top, "", TOP_KEYS)
    if top.get("format") != MAP_FORMAT:
        p.add("format", N_("expected {map_format}: is this a boardapp map file?",
                           map_format=quote(MAP_FORMAT)))
        return p.found, None
    version = p.get(c.integer, top.get("version"), "version", 1, default=1)
    if version > MAP_VERSION:
        p.add("version", N_("map format {version} is newer than this boardapp understands "
                            "({map_version}): update boardapp", version=version,
                            map_version=MAP_VERSION))
        return p.found, None
    map_id = p.get(c.text, top.get("id"), "id", default="map")
    size = p.get(c.point, top.get("size"), "size", default=(1000.0, 1000.0))
    terrains = _terrains(p, top.get("terrains"))
    seas = parse_seas(p, top.get("seas"))
    regions = p.each(top.get("regions", {}) or {}, "regions",
                     lambda k, v, place: _region(p, k, v, place))
    raw_areas = top.get("areas", {} if "hexgrid" in top else None)
    area_keys = set(raw_areas) if isinstance(raw_areas, dict) else set()
    areas: dict[str, Area] = p.each(raw_areas, "areas",
                                    lambda k, v, place: _area(p, k, v, place, regions, terrains,
                                                                 seas))
    grid: HexGrid | None = None
    hexsides: dict[frozenset[str], tuple[str, ...]] = {}
    if "hexgrid" in top:
        parsed = _hexgrid(p, top["hexgrid"], regions, terrains, seas)
        if parsed is not None:
            grid, hex_areas, hexsides = parsed
            for aid, area in hex_areas.items():
                if aid in area_keys:
                    p.add(f"areas.{aid}", N_("hex {hex},{hex2} has this id already",
                                             hex=area.hex[0], hex2=area.hex[1]))
                else:
                    areas[aid] = area
                    area_keys.add(aid)
    if not area_keys:
        p.add("areas", N_("a map needs at least one area"))
    land = _land(p, top, grid, size, areas)
    boxes = p.each(top.get("boxes", {}) or {}, "boxes", lambda k, v, place: _box(p, k, v, place))
    for key in boxes:
        if key in area_keys:
            p.add(f"boxes.{key}", N_("an area already has this id"))
    link_kinds = tuple(p.get(c.seq, top.get("link_kinds", ["road"]) or ["road"], "link_kinds",
                             default=["road"]))
    for i, kind in enumerate(link_kinds):
        if not (isinstance(kind, str) and _SLUG.match(kind)):
            p.add(f"link_kinds[{i}]", N_("{kind}: a kind is lowercase letters, digits and '-'",
                                         kind=quote(kind)))
    road_kinds: dict[frozenset[str], str] = {}
    roads = _roads(p, top.get("roads", []) or [], area_keys, areas, link_kinds, road_kinds)
    for b in boxes.values():
        for i, link in enumerate(b.links):
            if link not in area_keys:
                p.add(f"boxes.{b.id}.links[{i}]", N_("no area {link} on this map",
                                                     link=quote(link)))
    control_boxes = p.each(top.get("control_boxes", {}) or {}, "control_boxes",
                           lambda k, v, place: _control_box(c, k, v, place, regions))
    tracks = p.each(top.get("tracks", {}) or {}, "tracks",
                    lambda k, v, place: _track(c, k, v, place))
    if land is not None and geometry:
        _check_geometry(p, land, areas)
    if p.found:
        return p.found, None
    bmap = BoardMap(
            id=map_id, name=p.get(c.text, top.get("name", map_id), "name", default=map_id),
            file=file, size=size, approximate=bool(top.get("approximate", False)),
            geographic="projection" in top,
            notes=str(top.get("notes", "")), land=land, regions=regions, areas=areas,
            roads=[r for r in roads if r[0] in areas and r[1] in areas],
            boxes=boxes, control_boxes=control_boxes, tracks=tracks,
            terrains=terrains, hexgrid=grid, hexsides=hexsides,
            link_kinds=link_kinds or ("road",), road_kinds=road_kinds, seas=seas,
            style=parse_style(p, top.get("style")))
    if not geometry:
        return p.found, (None if p.found else bmap)
    from shapely.errors import GEOSException

    try:
        bmap.outlines  # noqa: B018 - built now, to check them
    except (GEOSException, ValueError) as exc:
        p.add("areas", N_("the area outlines cannot be built: {exc}", exc=exc))
        return p.found, None
    for area in areas.values():
        outline = bmap.outlines[area.id]
        if area.polygon is None and outline.is_empty:
            p.add(f"areas.{area.id}.pos", N_("no land is left for this area: other outlines "
                                             "cover its whole cell"))
    return p.found, (None if p.found else bmap)


def _terrains(p: _Problems, value: Any) -> dict[str, str | None]:
    """``terrains:`` maps each terrain name to its colour (or nothing)."""
    if value is None:
        return dict.fromkeys(TERRAINS)
    out: dict[str, str | None] = {}
    if isinstance(value, list):
        value = dict.fromkeys(value)
    for name, colour in p.get(p.c.mapping, value, "terrains", default={}).items():
        place = f"terrains.{name}"
        if not _SLUG.match(name):
            p.add(place, N_("terrain {name} must be lowercase letters, digits and '-'",
                            name=quote(name)))
            continue
        if colour is not None and not (isinstance(colour, str) and _COLOUR.match(colour)):
            p.add(place, N_("{colour} is not a colour like #a0b0c0", colour=quote(colour)))
            continue
        out[name] = colour
    return out or dict.fromkeys(TERRAINS)


def _land(p: _Problems, top: dict[str, Any], grid: HexGrid | None,
          size: tuple[float, float], areas: dict[str, Area]):
    c = p.c
    if "land" not in top and grid is not None:
        w, h = size
        return ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))
    raw = p.get(c.seq, top.get("land"), "land", default=None)
    if raw is None:
        return None
    before = len(p.found)
    land = tuple(p.get(c.point, pt, f"land[{i}]", default=(0.0, 0.0)) for i, pt in enumerate(raw))
    if len(p.found) > before:
        return None
    if len(land) < 3:
        p.add("land", N_("the land outline needs at least 3 points"))
        return None
    if p.geometry and not _polygon(land).is_valid:
        p.add("land", N_("the land outline crosses itself"))
        return None
    return land


def _check_geometry(p: _Problems, land: tuple[tuple[float, float], ...],
                    areas: dict[str, Area]) -> None:
    """Cities inside the land and outside other outlines; drawn outlines not overlapping."""
    from shapely.geometry import Point, Polygon
    from shapely.strtree import STRtree

    land_poly = Polygon(land)
    drawn = [a for a in areas.values() if a.polygon is not None and a.hex is None]
    polys = [Polygon(a.polygon) for a in drawn]
    tree = STRtree(polys) if polys else None
    for area in areas.values():
        if area.polygon is not None:
            continue
        if not land_poly.contains(Point(area.pos)):
            p.add(f"areas.{area.id}.pos", N_("{pos} lies outside the land outline",
                                             pos=list(area.pos)))
        elif tree is not None:
            for i in tree.query(Point(area.pos), predicate="intersects"):
                p.add(f"areas.{area.id}.pos", N_("the city lies inside the outline of {id}",
                                                 id=quote(drawn[int(i)].id)))
                break
    if tree is None:
        return
    left, right = tree.query(polys, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i >= j:
            continue
        shared = polys[i].intersection(polys[j]).area
        if shared > OVERLAP_TOLERANCE:
            p.add(f"areas.{drawn[j].id}.polygon",
                  N_("the outline overlaps the outline of {id} ({shared} square units)",
                     id=quote(drawn[i].id), shared=format(shared, ".0f")))


def _slug(c: Checker, key: str, place: str) -> None:
    if not _SLUG.match(key):
        raise c.fail(place, N_("id {key} must be lowercase letters, digits and '-'",
                               key=quote(key)))


def _region(p: _Problems, key: str, v: Any, place: str) -> Region | None:
    c = p.c
    _slug(c, key, place)
    v = c.mapping(v, place)
    p.keys(v, place, ("name", "colour", "control", "source", "note"))
    control = p.get(c.mapping, v.get("control", {}) or {}, f"{place}.control", default={})
    p.keys(control, f"{place}.control", ("cities", "vp"))
    cities = control.get("cities")
    vp = control.get("vp")
    colour = str(v.get("colour", "#e8e0c8"))
    if not _COLOUR.match(colour):
        p.add(f"{place}.colour", N_("{colour} is not a colour like #a0b0c0", colour=quote(colour)))
    return Region(
        id=key, name=p.get(c.text, v.get("name"), f"{place}.name", default=key), colour=colour,
        cities_needed=None if cities is None else p.get(c.integer, cities,
                                                        f"{place}.control.cities", 0),
        vp=None if vp is None else p.get(c.integer, vp, f"{place}.control.vp", 0),
        source=str(v.get("source", "")))


def _city_fields(p: _Problems, v: dict[str, Any], place: str, regions: dict[str, Region],
                 terrains: dict[str, str | None], seas: dict[str, Sea]) -> dict[str, Any]:
    """The fields an area and a hex share: region, terrain, fortification, port, sea."""
    c = p.c
    region = v.get("region")
    if region is not None and region not in regions:
        p.add(f"{place}.region", N_("no region {region} (known: {regions})", region=quote(region),
                                    regions=', '.join(regions)))
    fortified = p.get(c.boolean, v.get("fortified", False), f"{place}.fortified", default=None)
    nf = v.get("nf")
    if nf is not None and fortified is False:
        p.add(f"{place}.nf", N_("an open city has no fortress level: set fortified: true or "
                                "remove nf"))
    port = p.get(c.boolean, v.get("port", False), f"{place}.port", default=False)
    return {
        "region": region,
        "terrain": p.get(c.choice, v.get("terrain", "clear"), f"{place}.terrain", terrains,
                         default="clear"),
        "fortified": bool(fortified),
        "nf": p.get(c.integer, nf, f"{place}.nf", 0, 9, default=0) if nf is not None else 0,
        "port": port, "sea": area_sea(p, v, place, seas, port),
        "note": str(v.get("note", "")), "source": str(v.get("source", "")),
    }


def _area(p: _Problems, key: str, v: Any, place: str, regions: dict[str, Region],
          terrains: dict[str, str | None], seas: dict[str, Sea]) -> Area:
    c = p.c
    _slug(c, key, place)
    v = c.mapping(v, place)
    p.keys(v, place, AREA_KEYS)
    fields = _city_fields(p, v, place, regions, terrains, seas)
    polygon = None
    if v.get("polygon") is not None:
        raw = p.get(c.seq, v["polygon"], f"{place}.polygon", default=[])
        pts = tuple(p.get(c.point, pt, f"{place}.polygon[{i}]", default=(0.0, 0.0))
                    for i, pt in enumerate(raw))
        if len(pts) < 3 or (p.geometry and not _polygon(pts).is_valid):
            p.add(f"{place}.polygon", N_("the outline must be a simple polygon of 3+ points that "
                                         "does not cross itself"))
        else:
            polygon = pts
    pos = p.get(c.point, v.get("pos"), f"{place}.pos", default=None)
    if polygon is not None and pos is not None and p.geometry \
            and not _polygon(polygon).contains(_point(pos)):
        p.add(f"{place}.pos", N_("the city lies outside its own outline"))
    return Area(id=key, name=p.get(c.text, v.get("name"), f"{place}.name", default=key),
                pos=pos or (0.0, 0.0), polygon=polygon, **fields)


def _hexgrid(p: _Problems, value: Any, regions: dict[str, Region],
             terrains: dict[str, str | None], seas: dict[str, Sea]):
    """The grid, its hex areas and its hexside features; ``None`` if the grid is unusable."""
    c = p.c
    place = "hexgrid"
    v = p.get(c.mapping, value, place)
    if v is None:
        return None
    p.keys(v, place, ("orientation", "size", "origin", "fill", "hexes", "hexsides",
                      "hexside_features", "source", "note"))
    before = len(p.found)
    orientation = p.get(c.choice, v.get("orientation", "flat"), f"{place}.orientation",
                        ORIENTATIONS)
    size = p.get(c.number, v.get("size"), f"{place}.size")
    if size is not None and size <= 0:
        p.add(f"{place}.size", N_("the hex size must be positive"))
    origin = p.get(c.point, v.get("origin", [0, 0]), f"{place}.origin")
    if len(p.found) > before:
        return None
    grid = HexGrid(orientation, size, origin)
    features = tuple(p.get(c.seq, v.get("hexside_features", list(HEXSIDE_FEATURES)),
                           f"{place}.hexside_features", default=list(HEXSIDE_FEATURES)))
    cells: dict[tuple[int, int], dict[str, Any]] = {}
    if v.get("fill") is not None:
        fill = p.get(c.mapping, v["fill"], f"{place}.fill", default={})
        p.keys(fill, f"{place}.fill", ("cols", "rows", "terrain"))
        cols = p.get(c.integer, fill.get("cols"), f"{place}.fill.cols", 1, 500, default=0)
        rows = p.get(c.integer, fill.get("rows"), f"{place}.fill.rows", 1, 500, default=0)
        terrain = p.get(c.choice, fill.get("terrain", "clear"), f"{place}.fill.terrain",
                        terrains, default="clear")
        for h in rectangle(cols, rows, orientation):
            cells[h] = {"terrain": terrain}
    hexes = p.get(c.mapping, v.get("hexes", {}) or {}, f"{place}.hexes", default={})
    for key, item in hexes.items():
        hp = f"{place}.hexes.{key}"
        h = parse_hex_key(key)
        if h is None:
            p.add(hp, N_('{key} is not a hex: write its axial coordinates as "q,r"',
                         key=quote(key)))
            continue
        if isinstance(item, str) or item is None:
            item = {"terrain": item or "clear"}
        item = p.get(c.mapping, item, hp)
        if item is None:
            continue
        p.keys(item, hp, ("terrain", "name", "town", "pos", "region", "fortified", "nf",
                          "port", "sea", "note", "source"))
        cells[h] = {**cells.get(h, {}), **item}
    areas: dict[str, Area] = {}
    for (q, r), cell in cells.items():
        hp = f"{place}.hexes.{q},{r}"
        fields = _city_fields(p, cell, hp, regions, terrains, seas)
        name = cell.get("name")
        if name is not None and not (isinstance(name, str) and name.strip()):
            p.add(f"{hp}.name", N_("expected text"))
            name = None
        town = p.get(c.boolean, cell.get("town", name is not None), f"{hp}.town", default=False)
        aid = hex_id(q, r)
        col, row = axial_to_offset(q, r, orientation)
        label = f"Hex {col + 1:02d}{row + 1:02d}"  # printed maps number hexes from 0101
        corners = tuple(grid.corners(q, r))
        pos = grid.centre(q, r)
        if cell.get("pos") is not None:
            pos = p.get(c.point, cell["pos"], f"{hp}.pos", default=pos)
            if p.geometry and not _polygon(corners).contains(_point(pos)):
                p.add(f"{hp}.pos", N_("the town lies outside its hex"))
        areas[aid] = Area(id=aid, name=name or label, pos=pos, polygon=corners, hex=(q, r),
                          city=town, **fields)
    sides: dict[frozenset[str], tuple[str, ...]] = {}
    for i, item in enumerate(p.get(c.seq, v.get("hexsides", []) or [], f"{place}.hexsides",
                                   default=[])):
        sp = f"{place}.hexsides[{i}]"
        item = p.get(c.mapping, item, sp)
        if item is None:
            continue
        p.keys(item, sp, ("hexes", "features", "note"))
        pair = p.get(c.seq, item.get("hexes"), f"{sp}.hexes", default=[])
        ends = [parse_hex_key(x) for x in pair]
        if len(ends) != 2 or None in ends:
            p.add(f"{sp}.hexes", N_('a hexside is written hexes: ["q,r", "q,r"]'))
            continue
        missing = [f"{h[0]},{h[1]}" for h in ends if h not in cells]
        if missing:
            p.add(f"{sp}.hexes", N_("no hex {missing} on this map", missing=' or '.join(missing)))
            continue
        if not are_adjacent(ends[0], ends[1]):
            p.add(f"{sp}.hexes", N_("the two hexes do not share a side"))
            continue
        feats = p.get(c.seq, item.get("features"), f"{sp}.features", default=[])
        for j, feat in enumerate(feats):
            if feat not in features:
                p.add(f"{sp}.features[{j}]", N_("{feat} is not one of {features}",
                                                feat=quote(feat), features=', '.join(features)))
        key2 = frozenset(hex_id(*h) for h in ends)
        sides[key2] = tuple(dict.fromkeys((*sides.get(key2, ()),
                                           *(f for f in feats if f in features))))
    return grid, areas, sides


def _roads(p: _Problems, value: Any, area_keys: set[str], areas: dict[str, Area],
           link_kinds: tuple[str, ...] = ("road",),
           road_kinds: dict[frozenset[str], str] | None = None) -> list[tuple[str, str]]:
    c = p.c
    roads: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for i, item in enumerate(p.get(c.seq, value, "roads", default=[])):
        place = f"roads[{i}]"
        pair = p.get(c.seq, item, place)
        if pair is None:
            continue
        if len(pair) not in (2, 3):
            p.add(place, N_("a road joins exactly two areas: [a, b] or [a, b, kind]"))
            continue
        kind = pair[2] if len(pair) == 3 else None
        if kind is not None and kind not in link_kinds:
            p.add(f"{place}[2]", N_("{kind} is not a link kind of this map (link_kinds: {map})",
                                    kind=quote(kind), map=', '.join(map(str, link_kinds))))
            continue
        ends = [p.get(c.text, x, place) for x in pair[:2]]
        if None in ends:
            continue
        a, b = ends
        missing = [end for end in (a, b) if end not in area_keys]
        if missing:
            p.add(place, N_("no area {missing} on this map", missing=quote(missing[0])))
            continue
        if a == b:
            p.add(place, N_("a road cannot join an area to itself"))
            continue
        if frozenset((a, b)) in seen:
            p.add(place, N_("the road {a}-{b} is listed twice", a=a, b=b))
            continue
        seen.add(frozenset((a, b)))
        roads.append((a, b))
        if kind is not None and road_kinds is not None:
            road_kinds[frozenset((a, b))] = kind
    return roads


def _box(p: _Problems, key: str, v: Any, place: str) -> Box:
    c = p.c
    _slug(c, key, place)
    v = c.mapping(v, place)
    p.keys(v, place, ("name", "kind", "rect", "links", "naval", "access", "source", "note"))
    access = p.get(c.mapping, v.get("access", {}) or {}, f"{place}.access", default={})
    p.keys(access, f"{place}.access", ("sides", "pieces", "max_units"))
    sides = access.get("sides")
    pieces = access.get("pieces")
    max_units = access.get("max_units")
    links = p.get(c.seq, v.get("links", []) or [], f"{place}.links", default=[])
    return Box(
        id=key, name=p.get(c.text, v.get("name"), f"{place}.name", default=key),
        kind=p.get(c.choice, v.get("kind"), f"{place}.kind", BOX_KINDS, default="pool"),
        rect=p.get(c.rect, v.get("rect"), f"{place}.rect", default=(0.0, 0.0, 1.0, 1.0)),
        links=tuple(p.get(c.text, x, f"{place}.links[{i}]", default="")
                    for i, x in enumerate(links)),
        naval=p.get(c.boolean, v.get("naval", False), f"{place}.naval", default=False),
        access_sides=None if sides is None else tuple(
            p.get(c.seq, sides, f"{place}.access.sides", default=[])),
        access_pieces=None if pieces is None else tuple(
            p.get(c.seq, pieces, f"{place}.access.pieces", default=[])),
        max_units=None if max_units is None else p.get(c.integer, max_units,
                                                       f"{place}.access.max_units", 0),
        source=str(v.get("source", "")))


def _control_box(c: Checker, key: str, v: Any, place: str, regions: dict[str, Region]):
    if key not in regions:
        raise c.fail(place, N_("no region {key}", key=quote(key)))
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


__all__ = ["Area", "BoardMap", "Box", "DataError", "MapErrors", "MapStyle", "Region", "Sea",
           "Track", "TrackCell", "check_map", "check_map_file", "load_map", "parse_map"]
