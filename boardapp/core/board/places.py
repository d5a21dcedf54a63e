"""The places of a map as plain values: regions, areas, boxes off the map and tracks
(read and checked by :mod:`.mapdata`)."""

from __future__ import annotations

from dataclasses import dataclass


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
    """One area (a city, a zone, a hex) of the map.

    ``hex`` is the axial ``(q, r)`` of a hex area (``None`` for other areas); ``city``
    says whether a city symbol is drawn at ``pos`` (a plain hex has none).
    """

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
    hex: tuple[int, int] | None = None
    city: bool = True
    sea: str | None = None
    """The sea zone of a port (an id of the map's ``seas``); ``None``: no sea named."""


@dataclass(frozen=True)
class Sea:
    """A sea zone the ports of a map open on (the Channel and Atlantic, the
    Mediterranean...): a ship lands only in a port of the sea it sails from, when the
    game limits landings."""

    id: str
    name: str
    source: str = ""


@dataclass(frozen=True)
class MapStyle:
    """How a map's own marks are drawn: the colour of region (province) borders
    (``None``: the usual dark brown), the port symbol (``anchor`` or ``ship``) and whether
    each region's name is written inside it."""

    region_border: str | None = None
    port_symbol: str = "anchor"
    region_labels: bool = False


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
