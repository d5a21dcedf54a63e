"""Drawing the map of a :class:`~boardapp.core.board.mapdata.BoardMap`.

:class:`MapLayer` is one item that paints everything that never changes during a game
(sea, land, areas, region borders, roads, cities, boxes, tracks) and is cached in
device coordinates, so panning only blits. :class:`MarkerLayer` owns the few small
items that follow the state: control discs on cities, region controllers, the turn
marker and the score markers. Neither holds game state: :meth:`MarkerLayer.sync`
re-reads it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)
from shapely import unary_union
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.prepared import prep

from boardapp.core.board.mapdata import BoardMap
from boardapp.core.board.places import Area, Box
from boardapp.core.engine.state import State

from .i18n import _, ngettext
from .region_labels import region_label_centres

SEA = QColor("#9dbfd8")
LAND = QColor("#ece4cc")
AREA_BORDER = QColor("#8f8f8f")
REGION_BORDER = QColor("#5b4a3a")
COAST = QColor("#4d6f8a")
ROAD = QColor("#8a5a2b")
LINK_STYLES = {  # how a link of a named kind is drawn (any other kind: dotted road colour)
    "clear": (ROAD, Qt.PenStyle.SolidLine),
    "river": (QColor("#2f6fd0"), Qt.PenStyle.SolidLine),
    "obstructed": (QColor("#c0392b"), Qt.PenStyle.DashLine),
    "sea": (QColor("#7fb8e8"), Qt.PenStyle.DashLine),
}
RIVER = QColor("#2f6fb0")
INK = QColor("#2b2216")
HALO = QColor(255, 255, 255, 215)
NEUTRAL = QColor("#b0b0b0")
TERRAIN_GLYPH = {"mountain": "▲", "marsh": "≈", "forest": "♣"}
TERRAIN_COLOUR = {"mountain": "#6b4f2e", "marsh": "#2f6f7a", "forest": "#2f6b2f"}

TRACK_LABEL = 17.0
Z_MAP = 0.0
Z_MARKERS = 5.0

SideColour = Callable[[str], QColor]
"""Maps a side id to its colour (from ``ruleset.side(id).colour``)."""


# -- geometry helpers -------------------------------------------------------------------
def geometry_path(geom: BaseGeometry) -> QPainterPath:
    """A QPainterPath of a shapely polygon, multipolygon or collection (holes kept)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    if geom.is_empty:
        return path
    if geom.geom_type == "Polygon":
        rings = [geom.exterior, *geom.interiors]
        for ring in rings:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y, *_ in ring.coords]))
            path.closeSubpath()
    elif hasattr(geom, "geoms"):
        for part in geom.geoms:
            if part.geom_type in ("Polygon", "MultiPolygon", "GeometryCollection"):
                path.addPath(geometry_path(part))
    return path


def boundary_path(geom: BaseGeometry) -> QPainterPath:
    """The outline rings of a polygonal geometry as an open QPainterPath (for stroking)."""
    path = QPainterPath()
    if geom.is_empty:
        return path
    lines = geom.boundary
    parts = lines.geoms if hasattr(lines, "geoms") else [lines]
    for line in parts:
        coords = list(line.coords)
        if len(coords) < 2:
            continue
        path.moveTo(*coords[0][:2])
        for x, y, *_rest in coords[1:]:
            path.lineTo(x, y)
    return path


def star_path(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> QPainterPath:
    """A star centred on ``(cx, cy)`` pointing up."""
    poly = QPolygonF()
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / points
        poly.append(QPointF(cx + r * math.cos(a), cy + r * math.sin(a)))
    path = QPainterPath()
    path.addPolygon(poly)
    path.closeSubpath()
    return path


def anchor_glyph_path(cx: float, cy: float, s: float) -> QPainterPath:
    """A small ship's anchor (port mark) of height about ``2 * s``."""
    path = QPainterPath()
    path.addEllipse(QPointF(cx, cy - s * 0.8), s * 0.22, s * 0.22)
    path.moveTo(cx, cy - s * 0.58)
    path.lineTo(cx, cy + s)
    path.moveTo(cx - s * 0.45, cy - s * 0.3)
    path.lineTo(cx + s * 0.45, cy - s * 0.3)
    path.moveTo(cx - s * 0.8, cy + s * 0.25)
    path.quadTo(cx - s * 0.7, cy + s, cx, cy + s)
    path.quadTo(cx + s * 0.7, cy + s, cx + s * 0.8, cy + s * 0.25)
    return path


def ship_glyph_path(cx: float, cy: float, s: float) -> QPainterPath:
    """A small ship (port mark, as on boards that mark ports with a ship) of height
    about ``2 * s``: a hull, a mast and a square sail."""
    path = QPainterPath()
    path.moveTo(cx - s, cy + s * 0.35)
    path.lineTo(cx + s, cy + s * 0.35)
    path.lineTo(cx + s * 0.6, cy + s)
    path.lineTo(cx - s * 0.6, cy + s)
    path.closeSubpath()
    path.moveTo(cx, cy + s * 0.35)
    path.lineTo(cx, cy - s)
    path.addRect(QRectF(cx - s * 0.55, cy - s * 0.8, s * 1.1, s * 0.8))
    return path


def font(pixels: float, bold: bool = False, italic: bool = False,
         condensed: bool = False) -> QFont:
    """A sans-serif font sized in map units (pixels at 100% zoom)."""
    f = QFont("DejaVu Sans Condensed" if condensed else "DejaVu Sans")
    f.setStretch(QFont.Stretch.SemiCondensed if condensed else QFont.Stretch.Unstretched)
    f.setPixelSize(max(1, round(pixels)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


def text_path(text: str, f: QFont, x: float, y: float,
              align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignHCenter) -> QPainterPath:
    """``text`` as a path whose top edge is at ``y``, aligned on ``x`` (left/centre/right)."""
    fm = QFontMetricsF(f)
    width = fm.horizontalAdvance(text)
    if align & Qt.AlignmentFlag.AlignHCenter:
        x -= width / 2
    elif align & Qt.AlignmentFlag.AlignRight:
        x -= width
    path = QPainterPath()
    path.addText(QPointF(x, y + fm.ascent()), f, text)
    return path


def draw_halo_text(painter: QPainter, path: QPainterPath, colour: QColor,
                   halo: QColor = HALO, width: float = 3.0) -> None:
    """Fill a text path over a soft outline so that it reads on any background."""
    painter.strokePath(path, QPen(halo, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                  Qt.PenJoinStyle.RoundJoin))
    painter.fillPath(path, colour)


def place_rect(bmap: BoardMap) -> QRectF:
    """The rectangle holding the whole map and everything printed beside it."""
    w, h = bmap.size
    rect = QRectF(0, 0, w, h)
    for b in bmap.boxes.values():
        rect = rect.united(QRectF(*b.rect))
    for r in bmap.control_boxes.values():
        rect = rect.united(QRectF(*r))
    for track in bmap.tracks.values():
        for cell in track.cells:
            rect = rect.united(QRectF(*cell.rect))
        if track.cells:
            first = QRectF(*track.cells[0].rect)
            rect = rect.united(QRectF(first.left(), first.top() - TRACK_LABEL, 10, 10))
    return rect


CITY_RADIUS = 7.0
STAR_RADIUS = 12.0


def city_radius(area: Area) -> float:
    """The radius of a city's symbol: a star for a fortified city, else a circle."""
    return STAR_RADIUS if area.fortified else CITY_RADIUS


def name_font(area: Area) -> QFont:
    """The font of a city's name on the map."""
    return font(11.0, bold=area.fortified)


def name_rect(area: Area) -> QRectF:
    """The rectangle of a city's name, centred under its symbol (above it in a hex,
    whose lower part holds the counters)."""
    fm = QFontMetricsF(name_font(area))
    width = fm.horizontalAdvance(area.name)
    x, y = area.pos
    top = y + city_radius(area) + 1
    if area.hex is not None:
        top = y - city_radius(area) - fm.height()
    return QRectF(x - width / 2, top, width, fm.height())


def symbol_rect(area: Area) -> QRectF:
    """The city symbol with the port and terrain marks on its left."""
    r = city_radius(area) + 2
    x, y = area.pos
    left = 16 if (area.port or area.terrain != "clear") else 0
    return QRectF(x - r - left, y - r - 6, 2 * r + left, 2 * r + 6)


def free_spot(bmap: BoardMap, width: float, height: float) -> QPointF:
    """A place for a ``width`` x ``height`` note off the land, boxes and tracks.

    The free spot nearest the bottom-left corner of the map; the corner itself if none.
    """
    w, h = bmap.size
    land = Polygon(bmap.land)
    if not land.is_valid:
        land = land.buffer(0)
    land_test = prep(land.buffer(6))
    blocked = [QRectF(*b.rect) for b in bmap.boxes.values()]
    blocked += [QRectF(*r) for r in bmap.control_boxes.values()]
    for track in bmap.tracks.values():
        for cell in track.cells:
            blocked.append(QRectF(*cell.rect).adjusted(0, -20, 0, 0))
    step = 8.0
    top = h - height - 6
    rows = sum(1 for j in range(int(h // step) + 2) if top - j * step >= 6)
    cols = sum(1 for i in range(int(w // step) + 2) if 6.0 + i * step + width <= w - 6)
    # The distance from the corner grows with i + j: look at the spots in that order
    # (the first row first among equal distances) and stop at the first free one.
    for total in range(rows + cols):
        for j in range(max(0, total - cols + 1), min(rows, total + 1)):
            x, y = 6.0 + (total - j) * step, top - j * step
            rect = QRectF(x, y, width, height)
            if any(rect.intersects(b) for b in blocked):
                continue
            poly = Polygon([(x, y), (x + width, y), (x + width, y + height), (x, y + height)])
            if not land_test.intersects(poly):
                return QPointF(x, y)
    return QPointF(8, h - height - 8)


# -- the static layer -------------------------------------------------------------------
class MapLayer(QGraphicsItem):
    """Everything printed on the map sheet, painted from the map data and cached.
    ``words`` draws the file's own words (box and track names, cell labels) in the
    player's language (the ruleset's catalogue, :func:`~.game_notes.data_text`); names of
    places stay as printed."""

    def __init__(self, bmap: BoardMap, words: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.bmap = bmap
        self.words: Callable[[str], str] = words or str
        self.setZValue(Z_MAP)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._rect = place_rect(bmap).adjusted(-4, -4, 4, 4)
        self._note_pos: QPointF | None = None
        self.overlay = False
        """Drawn over a scan: no sea or land, light region colours (see set_overlay)."""
        self._build()

    def set_overlay(self, on: bool) -> None:
        """Draw as an overlay on a scan (outlines, roads, names) or as the whole map."""
        if on != self.overlay:
            self.overlay = on
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return self._rect

    # The paths are computed once; paint() only strokes and fills them.
    def _build(self) -> None:
        bmap = self.bmap
        self._region_fill: list[tuple[QColor, QPainterPath]] = []
        by_region: dict[str | None, list[BaseGeometry]] = {}
        for area in bmap.areas.values():
            by_region.setdefault(area.region, []).append(bmap.outlines[area.id])
        land_poly = Polygon(bmap.land)
        if not land_poly.is_valid:
            land_poly = land_poly.buffer(0)
        self._land = geometry_path(land_poly)
        self._coast = boundary_path(land_poly)
        self._region_border = QPainterPath()
        shapes: dict[str, BaseGeometry] = {}
        self._border_colour = (QColor(bmap.style.region_border) if bmap.style.region_border
                               else REGION_BORDER)
        for region, geoms in by_region.items():
            colour = QColor(bmap.regions[region].colour) if region in bmap.regions else LAND
            union = unary_union(geoms)
            self._region_fill.append((colour, geometry_path(union)))
            if region is not None:
                self._region_border.addPath(boundary_path(union))
                shapes[region] = union
        self._region_labels = region_label_paths(bmap, shapes) if bmap.style.region_labels \
            else []
        self._area_border = QPainterPath()
        for area in bmap.areas.values():
            self._area_border.addPath(boundary_path(bmap.outlines[area.id]))
        self._terrain_fill: dict[str, QPainterPath] = {}
        for area in bmap.areas.values():
            if bmap.terrains.get(area.terrain):
                path = self._terrain_fill.setdefault(area.terrain, QPainterPath())
                path.addPath(geometry_path(bmap.outlines[area.id]))
        self._rivers = QPainterPath()
        self._hex_roads = QPainterPath()
        if bmap.hexgrid is not None:
            for pair, features in bmap.hexsides.items():
                a, b = (bmap.areas[x] for x in sorted(pair))
                if "river" in features:
                    (x0, y0), (x1, y1) = bmap.hexgrid.side(a.hex, b.hex)
                    self._rivers.moveTo(x0, y0)
                    self._rivers.lineTo(x1, y1)
                if "road" in features:
                    self._hex_roads.moveTo(*a.pos)
                    self._hex_roads.lineTo(*b.pos)
        self._roads = QPainterPath()
        self._kind_roads: dict[str, QPainterPath] = {}  # links of another kind (river...)
        for a, b in bmap.roads:
            kind = bmap.link_kind(a, b)
            path = self._roads if kind == "road" else self._kind_roads.setdefault(
                kind, QPainterPath())
            path.moveTo(*bmap.areas[a].pos)
            path.lineTo(*bmap.areas[b].pos)
        self._links = QPainterPath()
        for box in bmap.boxes.values():
            for link in box.links:
                start = _rect_edge_towards(box.rect, bmap.areas[link].pos)
                self._links.moveTo(*start)
                self._links.lineTo(*bmap.areas[link].pos)
        self._names = [(text_path(a.name, name_font(a), a.pos[0], name_rect(a).top()), a)
                       for a in bmap.areas.values() if a.city]

    def _symbol_radius(self, area: Area) -> float:
        return city_radius(area)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if not self.overlay:
            painter.fillRect(self._rect, SEA)
            painter.fillPath(self._land, LAND)
        for colour, path in self._region_fill:
            painter.fillPath(path, _translucent(colour, 70) if self.overlay else colour)
        for terrain, path in self._terrain_fill.items():
            colour = QColor(self.bmap.terrains[terrain])
            painter.fillPath(path, _translucent(colour, 70) if self.overlay else colour)
        painter.strokePath(self._area_border, QPen(AREA_BORDER, 0.8))
        painter.strokePath(self._region_border, QPen(
            self._border_colour, 2.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
            Qt.PenJoinStyle.RoundJoin))
        painter.strokePath(self._coast, QPen(COAST, 2.0))
        painter.strokePath(self._roads, QPen(ROAD, 2.6, Qt.PenStyle.SolidLine,
                                             Qt.PenCapStyle.RoundCap))
        for kind, path in self._kind_roads.items():
            colour, style = LINK_STYLES.get(kind, (ROAD, Qt.PenStyle.DotLine))
            painter.strokePath(path, QPen(colour, 2.6, style, Qt.PenCapStyle.RoundCap))
        painter.strokePath(self._links, QPen(ROAD, 2.2, Qt.PenStyle.DashLine))
        painter.strokePath(self._rivers, QPen(RIVER, 4.0, Qt.PenStyle.SolidLine,
                                              Qt.PenCapStyle.RoundCap))
        painter.strokePath(self._hex_roads, QPen(ROAD, 3.0, Qt.PenStyle.SolidLine,
                                                 Qt.PenCapStyle.RoundCap))
        for box in self.bmap.boxes.values():
            self._paint_box(painter, box)
        for region, rect in self.bmap.control_boxes.items():
            self._paint_control_box(painter, region, rect)
        for track in self.bmap.tracks.values():
            self._paint_track(painter, track)
        for area in self.bmap.areas.values():
            self._paint_city(painter, area)
        for path in self._region_labels:
            draw_halo_text(painter, path, _translucent(self._border_colour, 190),
                           QColor(255, 255, 255, 150), 2.5)
        for path, _area in self._names:
            draw_halo_text(painter, path, INK)
        if self.bmap.approximate and not self.overlay:
            self._paint_note(painter)

    def _paint_city(self, painter: QPainter, area: Area) -> None:
        """The marks beside a city: port anchor and terrain glyph (the symbol is a
        :class:`CityItem`, which shows control)."""
        if not area.city:
            return
        x, y = area.pos
        r = self._symbol_radius(area)
        if area.port:
            mark = ship_glyph_path if self.bmap.style.port_symbol == "ship" else \
                anchor_glyph_path
            path = mark(x - r - 7, y + 5, 5.5)
            painter.strokePath(path, QPen(HALO, 3.5))
            painter.strokePath(path, QPen(QColor("#1f4e79"), 1.5))
        glyph = TERRAIN_GLYPH.get(area.terrain)
        if glyph:
            path = text_path(glyph, font(12, bold=True), x - r - 2, y - 16,
                             Qt.AlignmentFlag.AlignRight)
            draw_halo_text(painter, path, QColor(TERRAIN_COLOUR[area.terrain]))

    def _paint_box(self, painter: QPainter, box: Box) -> None:
        rect = QRectF(*box.rect)
        if box.kind == "holding":
            painter.setPen(QPen(ROAD, 2.5))
            painter.setBrush(QColor("#f3ead2"))
            painter.drawRoundedRect(rect, 6, 6)
            painter.setPen(QPen(ROAD, 0.8))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(4, 4, -4, -4), 4, 4)
        elif box.kind == "prison":
            painter.setPen(QPen(QColor("#404040"), 2))
            painter.setBrush(QColor("#d6d6d6"))
            painter.drawRect(rect)
            painter.setPen(QPen(QColor(90, 90, 90, 90), 2))
            step = 14.0
            x = rect.left() + step
            while x < rect.right():
                painter.drawLine(QPointF(x, rect.top() + 20), QPointF(x, rect.bottom()))
                x += step
        else:
            painter.setPen(QPen(QColor("#6f6f6f"), 1.5, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(255, 255, 255, 150))
            painter.drawRoundedRect(rect, 4, 4)
        path = text_path(self.words(box.name), font(12, bold=True), rect.left() + 8,
                         rect.top() + 3,
                         Qt.AlignmentFlag.AlignLeft)
        draw_halo_text(painter, path, INK)

    def _paint_control_box(self, painter: QPainter, region_id: str,
                           r: tuple[float, float, float, float]) -> None:
        region = self.bmap.regions[region_id]
        rect = QRectF(*r)
        painter.setPen(QPen(REGION_BORDER, 1.5))
        painter.setBrush(QColor(region.colour))
        painter.drawRoundedRect(rect, 4, 4)
        size = min(12.0, max(8.0, rect.height() / 4))
        painter.setPen(INK)
        painter.setFont(font(size, bold=True))
        inner = rect.adjusted(5, 3, -(rect.height() * 0.45 + 6), -3)
        painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                         | Qt.TextFlag.TextWordWrap, region.name)
        parts = []
        if region.cities_needed is not None:
            parts.append(_("cities needed {count}").format(count=region.cities_needed))
        if region.vp is not None:
            parts.append(_("VP {points}").format(points=region.vp))
        painter.setFont(font(size * 0.8))
        painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                         " / ".join(parts))

    def _paint_track(self, painter: QPainter, track) -> None:
        if not track.cells:
            return
        for cell in track.cells:
            rect = QRectF(*cell.rect)
            painter.setPen(QPen(INK, 1))
            painter.setBrush(QColor("#f7f1dd"))
            painter.drawRect(rect)
            painter.setFont(font(min(10.0, rect.height() / 3.2), bold=True))
            painter.setPen(INK)
            painter.drawText(rect.adjusted(2, 1, -2, -1),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                             self.words(cell.label))
        first = QRectF(*track.cells[0].rect)
        path = text_path(self.words(track.name), font(12, bold=True), first.left(),
                         first.top() - TRACK_LABEL, Qt.AlignmentFlag.AlignLeft)
        draw_halo_text(painter, path, INK)

    def _paint_note(self, painter: QPainter) -> None:
        name = Path(self.bmap.file).name
        text = (_("Approximate map built from real geography — edit maps/{file} to correct "
                  "it") if self.bmap.geographic else
                _("Approximate map — edit maps/{file} to correct it")).format(file=name)
        f = font(13, italic=True)
        fm = QFontMetricsF(f)
        width, height = fm.horizontalAdvance(text) + 16, fm.height() + 8
        if self._note_pos is None:
            self._note_pos = free_spot(self.bmap, width, height)
        rect = QRectF(self._note_pos, QSizeF(width, height))
        painter.setPen(QPen(QColor("#8a1c1c"), 1.2))
        painter.setBrush(QColor(255, 250, 235, 230))
        painter.drawRoundedRect(rect, 4, 4)
        painter.setFont(f)
        painter.setPen(QColor("#8a1c1c"))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def region_label_paths(bmap: BoardMap, shapes: dict[str, BaseGeometry]) -> list[QPainterPath]:
    """Each region's name in small italic capitals, inside it, clear of the cities'
    symbols and names and of the roads where it can be (:mod:`.region_labels`)."""
    f = font(10.5, italic=True)
    f.setCapitalization(QFont.Capitalization.AllUppercase)
    fm = QFontMetricsF(f)
    names = {r: bmap.regions[r].name for r in shapes if r in bmap.regions}
    sizes = {r: (fm.horizontalAdvance(n.upper()) + 4, fm.height()) for r, n in names.items()}
    marks = []
    for area in bmap.areas.values():
        if area.city:
            for rect in (name_rect(area), symbol_rect(area)):
                marks.append((rect.left(), rect.top(), rect.right(), rect.bottom()))
    centres = region_label_centres(bmap, sizes, shapes, marks)
    return [text_path(names[r], f, x, y - sizes[r][1] / 2) for r, (x, y) in centres.items()]


def _translucent(colour: QColor, alpha: int) -> QColor:
    out = QColor(colour)
    out.setAlpha(alpha)
    return out


def _rect_edge_towards(rect: tuple[float, float, float, float],
                       target: tuple[float, float]) -> tuple[float, float]:
    """The point where the segment from the rect's centre to ``target`` leaves the rect."""
    x, y, w, h = rect
    cx, cy = x + w / 2, y + h / 2
    dx, dy = target[0] - cx, target[1] - cy
    if dx == 0 and dy == 0:
        return cx, cy
    t = min(w / 2 / abs(dx) if dx else math.inf, h / 2 / abs(dy) if dy else math.inf)
    t = min(t, 1.0)
    return cx + dx * t, cy + dy * t


# -- markers that follow the state ------------------------------------------------------
class CityItem(QGraphicsRectItem):
    """A city symbol (circle, or star with its fortress level) with its control disc
    (its never-drawn rectangle is its bounding rectangle, kept by Qt)."""

    def __init__(self, area: Area) -> None:
        r = STAR_RADIUS + 2
        super().__init__(QRectF(-r, -r, 2 * r, 2 * r))
        self.setPen(Qt.PenStyle.NoPen)
        self.area = area
        self._control: QColor | None = None
        self.show_symbol = True
        """False over a scan with the map hidden: only the control disc is drawn."""
        self.setPos(*area.pos)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    @property
    def control_colour(self) -> QColor | None:
        """The colour of the controlling side (``None``: nobody)."""
        return self._control

    def set_control(self, colour: QColor | None) -> None:
        """Show the disc of the controlling side, or none."""
        if colour != self._control:
            self._control = colour
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        area = self.area
        painter.setPen(QPen(INK, 1.4))
        disc = 6.2 if area.fortified else 4.4
        if not self.show_symbol:
            if self._control is not None:
                painter.setBrush(self._control)
                painter.drawEllipse(QPointF(0, 0), disc + 1, disc + 1)
            return
        if area.fortified:
            painter.setBrush(QColor("#fbf7ea"))
            painter.drawPath(star_path(0, 0, STAR_RADIUS, STAR_RADIUS * 0.52))
        else:
            painter.setBrush(QColor("#ffffff"))
            painter.drawEllipse(QPointF(0, 0), CITY_RADIUS, CITY_RADIUS)
        text = INK
        if self._control is not None:
            painter.setPen(QPen(INK, 0.8))
            painter.setBrush(self._control)
            painter.drawEllipse(QPointF(0, 0), disc, disc)
            if self._control.lightnessF() < 0.6:
                text = QColor("#ffffff")
        if area.fortified and area.nf:
            painter.setPen(text)
            painter.setFont(font(9, bold=True))
            painter.drawText(QRectF(-6, -6, 12, 12), Qt.AlignmentFlag.AlignCenter, str(area.nf))


class MarkerLayer:
    """Control discs, region controllers, the turn marker and score markers.

    The items are made once by :meth:`build` and moved or recoloured by :meth:`sync`.
    """

    def __init__(self, scene: QGraphicsScene, bmap: BoardMap, side_colour: SideColour,
                 side_name: Callable[[str], str]) -> None:
        self.scene = scene
        self.bmap = bmap
        self.side_colour = side_colour
        self.side_name = side_name
        self.control: dict[str, CityItem] = {}
        self.region: dict[str, tuple[QGraphicsEllipseItem, QGraphicsSimpleTextItem]] = {}
        self.turn: QGraphicsRectItem | None = None
        self.score: dict[str, QGraphicsRectItem] = {}
        self._drawn: tuple | None = None
        self._build()

    def _add(self, item: QGraphicsItem) -> None:
        item.setZValue(Z_MARKERS)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)

    def set_symbols_visible(self, visible: bool) -> None:
        """Show the city symbols, or only the control discs (over a scan)."""
        for city in self.control.values():
            if city.show_symbol != visible:
                city.show_symbol = visible
                city.update()

    def _build(self) -> None:
        for area in self.bmap.areas.values():
            if not area.city:
                continue
            city = CityItem(area)
            self._add(city)
            self.control[area.id] = city
        for region_id, r in self.bmap.control_boxes.items():
            rect = QRectF(*r)
            d = min(rect.height() * 0.7, 26.0)
            disc = QGraphicsEllipseItem(QRectF(-d / 2, -d / 2, d, d))
            disc.setPos(rect.right() - d / 2 - 6, rect.center().y())
            disc.setPen(QPen(INK, 1.4))
            label = QGraphicsSimpleTextItem(disc)
            label.setFont(font(max(7.0, d * 0.42), bold=True))
            self._add(disc)
            self.region[region_id] = (disc, label)
        if "turn" in self.bmap.tracks and self.bmap.tracks["turn"].cells:
            cell = QRectF(*self.bmap.tracks["turn"].cells[0].rect)
            s = min(cell.width(), cell.height()) * 0.62
            self.turn = QGraphicsRectItem(QRectF(-s / 2, -s / 2, s, s))
            self.turn.setBrush(QColor("#2b2216"))
            self.turn.setPen(QPen(QColor("#f7f1dd"), 1.2))
            text = QGraphicsSimpleTextItem(_("Turn"), self.turn)
            text.setBrush(QColor("#f7f1dd"))
            text.setFont(font(max(6.0, s * 0.3), bold=True))
            br = text.boundingRect()
            text.setPos(-br.width() / 2, -br.height() / 2)
            self._add(self.turn)

    def _score_marker(self, side: str, cell_size: float) -> QGraphicsRectItem:
        s = cell_size * 0.5
        item = QGraphicsRectItem(QRectF(-s / 2, -s / 2, s, s))
        colour = self.side_colour(side)
        item.setBrush(colour)
        item.setPen(QPen(INK, 1.2))
        text = QGraphicsSimpleTextItem(self.side_name(side)[:1].upper(), item)
        text.setFont(font(max(6.0, s * 0.55), bold=True))
        text.setBrush(QColor("#ffffff") if colour.lightnessF() < 0.6 else INK)
        br = text.boundingRect()
        text.setPos(-br.width() / 2, -br.height() / 2)
        item.setToolTip(_("{side} victory points").format(side=self.side_name(side)))
        self._add(item)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        return item

    def sync(self, state: State) -> None:
        """Recolour and move every marker to match ``state`` (nothing when what they
        show has not changed since the last call)."""
        drawn = (dict(state["control"]), dict(state["region_control"]), state.get("turn"),
                 dict(state.get("score", {})))
        if drawn == self._drawn:
            return
        self._drawn = drawn
        for area_id, city in self.control.items():
            side = state["control"].get(area_id)
            city.set_control(None if side is None else self.side_colour(side))
        for region_id, (disc, label) in self.region.items():
            side = state["region_control"].get(region_id)
            if side is None:
                disc.setBrush(QBrush(QColor("#ffffff"), Qt.BrushStyle.Dense6Pattern))
                disc.setPen(QPen(INK, 1.0, Qt.PenStyle.DashLine))
                label.setText("")
                disc.setToolTip(_("No one controls this region"))
            else:
                colour = self.side_colour(side)
                disc.setBrush(colour)
                disc.setPen(QPen(INK, 1.4))
                label.setText(self.side_name(side)[:1].upper())
                label.setBrush(QColor("#ffffff") if colour.lightnessF() < 0.6 else INK)
                disc.setToolTip(_("Controlled by {side}").format(side=self.side_name(side)))
            br = label.boundingRect()
            label.setPos(-br.width() / 2, -br.height() / 2)
        turn_track = self.bmap.tracks.get("turn")
        if self.turn is not None and turn_track is not None:
            cell = turn_track.cell(str(state.get("turn")))
            self.turn.setVisible(cell is not None)
            if cell is not None:
                self.turn.setPos(QRectF(*cell.rect).center())
        self._sync_score(state)

    def _sync_score(self, state: State) -> None:
        track = self.bmap.tracks.get("vp")
        if track is None or not track.cells:
            return
        sides = list(state.get("score", {}))
        cell_size = min(QRectF(*track.cells[0].rect).width(),
                        QRectF(*track.cells[0].rect).height())
        for i, side in enumerate(sides):
            item = self.score.get(side)
            if item is None:
                item = self.score[side] = self._score_marker(side, cell_size)
            rect = QRectF(*vp_cell(track, int(state["score"][side])).rect)
            dx = (i - (len(sides) - 1) / 2) * rect.width() * 0.28
            dy = (i - (len(sides) - 1) / 2) * rect.height() * 0.18
            item.setPos(rect.center() + QPointF(dx, dy + rect.height() * 0.1))
            points = int(state["score"][side])
            item.setToolTip(ngettext("{side}: {points} victory point",
                                     "{side}: {points} victory points", points).format(
                                         side=self.side_name(side), points=points))


def vp_cell(track, score: int):
    """The cell of ``track`` for ``score``, clamped to the first or last cell."""
    cell = track.cell(str(score))
    if cell is not None:
        return cell
    numeric = [(int(c.id), c) for c in track.cells if c.id.lstrip("-").isdigit()]
    if not numeric:
        return track.cells[-1]
    low = min(numeric, key=lambda t: t[0])
    high = max(numeric, key=lambda t: t[0])
    return low[1] if score < low[0] else high[1]
