"""A validated map (:class:`BoardMap`): its data, a networkx graph of roads and box links,
and its geometry (area outlines, which area is at a point). Built by
:func:`.mapdata.load_map`; networkx and shapely are imported when first asked for."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .hexgrid import HexGrid
from .places import Area, Box, MapStyle, Region, Sea, Track

if TYPE_CHECKING:
    import networkx as nx
    from shapely.geometry import Polygon
    from shapely.strtree import STRtree


@dataclass(eq=False)
class BoardMap:
    """A validated map: data, a networkx graph of roads and box links, and geometry.

    The graph and the outlines are built when first asked for (networkx and shapely are
    imported then: a command that only reads a position never loads them). Two maps are
    equal only when they are the same object (as when each held its own graph)."""

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
    terrains: dict[str, str | None] = field(default_factory=dict)
    """Terrain names and their colour on the map (``None``: the region's colour)."""
    hexgrid: HexGrid | None = None
    hexsides: dict[frozenset[str], tuple[str, ...]] = field(default_factory=dict)
    """Features of the side between two hex areas (by the pair of area ids)."""
    link_kinds: tuple[str, ...] = ("road",)
    """The kinds a road (a link between two areas) may have; the first is the default."""
    road_kinds: dict[frozenset[str], str] = field(default_factory=dict)
    """The kind of each road written ``[a, b, kind]`` (by the pair of area ids)."""
    seas: dict[str, Sea] = field(default_factory=dict)
    """The sea zones ports open on (``Area.sea``), when the file names them."""
    style: MapStyle = field(default_factory=MapStyle)
    geographic: bool = False
    """True when the map is drawn from real geography (it has a ``projection``)."""

    # -- graph -------------------------------------------------------------------------
    @cached_property
    def graph(self) -> nx.Graph:
        """The networkx graph of roads, hexsides and box links (built on first use)."""
        import networkx as nx

        graph = nx.Graph()
        for area in self.areas.values():
            graph.add_node(area.id, kind="area", terrain=area.terrain)
        for b in self.boxes.values():
            if b.kind == "holding":
                graph.add_node(b.id, kind="box", terrain="clear")
        if self.hexgrid is not None:
            by_hex = {a.hex: a.id for a in self.areas.values() if a.hex is not None}
            for (q, r), aid in by_hex.items():
                for dq, dr in ((1, 0), (1, -1), (0, -1)):  # each side once
                    other = by_hex.get((q + dq, r + dr))
                    if other is not None:
                        features = self.hexsides.get(frozenset((aid, other)), ())
                        graph.add_edge(aid, other, kind="hex", features=features)
        for a, b in self.roads:
            graph.add_edge(a, b, kind=self.link_kind(a, b))
        for b in self.boxes.values():
            for link in b.links:
                graph.add_edge(b.id, link, kind="box-link")
        return graph

    def neighbours(self, place: str) -> list[str]:
        """Places joined to ``place`` by a road, a hexside or a box link."""
        return list(self.graph.neighbors(place)) if place in self.graph else []

    def link_kind(self, a: str, b: str) -> str:
        """The kind of the road between areas ``a`` and ``b`` (``road`` unless the file
        says otherwise, e.g. ``river``)."""
        return self.road_kinds.get(frozenset((a, b)), self.link_kinds[0])

    def hexside(self, a: str, b: str) -> tuple[str, ...]:
        """The features (``river``, ``road``...) of the side between hex areas ``a``, ``b``."""
        return self.hexsides.get(frozenset((a, b)), ())

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
    @cached_property
    def outlines(self) -> dict[str, Polygon]:
        """Each area's and box's outline (built on first use)."""
        import shapely
        from shapely.geometry import MultiPoint, Point, Polygon, box
        from shapely.strtree import STRtree

        outlines: dict[str, Polygon] = {}
        land = _land_polygon(self.land)
        auto = [a for a in self.areas.values() if a.polygon is None]
        if auto:
            points = MultiPoint([a.pos for a in auto])
            w, h = self.size
            cells = list(shapely.voronoi_polygons(points, extend_to=box(-w, -h, 2 * w, 2 * h))
                         .geoms)
            # Each city's cell found through a tree of the cells (a scan of every cell
            # for every city took minutes on a map of 10,000 areas).
            centres = shapely.points([a.pos for a in auto])
            found: dict[int, int] = {}
            if cells:
                at, cell_at = STRtree(cells).query(centres, predicate="intersects")
                for i, j in zip(at.tolist(), cell_at.tolist(), strict=True):
                    found.setdefault(i, j)
            chosen = [cells[found[i]] if i in found else Point(a.pos).buffer(30)
                      for i, a in enumerate(auto)]
            clipped = shapely.intersection(chosen, land)
            for area, cell in zip(auto, clipped, strict=True):
                outlines[area.id] = cell
        for area in self.areas.values():
            if area.polygon is not None:
                outlines[area.id] = Polygon(area.polygon)
        # Explicit polygons win: cut them out of the automatic cells.
        explicit = [outlines[a.id] for a in self.areas.values() if a.polygon is not None]
        if explicit and auto:
            union = shapely.union_all(explicit)
            for area in auto:
                outlines[area.id] = outlines[area.id].difference(union)
        for b in self.boxes.values():
            x, y, bw, bh = b.rect
            outlines[b.id] = box(x, y, x + bw, y + bh)
        return outlines

    @cached_property
    def _tree(self) -> tuple[STRtree, list[str]]:
        """An STRtree of the outlines and the place of each of its items."""
        from shapely.strtree import STRtree

        ids = list(self.outlines)
        return STRtree([self.outlines[i] for i in ids]), ids

    def place_at(self, x: float, y: float) -> str | None:
        """The area or box under map point ``(x, y)``, or ``None`` (sea, margin).

        An STRtree of the outlines answers, so a drop stays fast on large maps.
        """
        from shapely.geometry import Point

        tree, ids = self._tree
        for index in tree.query(Point(x, y), predicate="intersects"):
            return ids[int(index)]
        return None

    def anchor(self, place: str) -> tuple[float, float]:
        """Where pieces in ``place`` are drawn: the city position or the box centre."""
        if place in self.areas:
            return self.areas[place].pos
        if place in self.boxes:
            return self.boxes[place].centre
        raise KeyError(place)


def _polygon(points: Any) -> Polygon:
    from shapely.geometry import Polygon

    return Polygon(points)


def _point(pos: Any) -> Any:
    from shapely.geometry import Point

    return Point(pos)


def _land_polygon(points: tuple[tuple[float, float], ...]) -> Polygon:
    from shapely.geometry import Polygon

    land = Polygon(points)
    return land if land.is_valid else land.buffer(0)
