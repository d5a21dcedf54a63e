"""What a table board draws: its scenery shapes and the figures on their rotated bases.

The items hold no game state: a :class:`FigureItem` knows its piece id and is redrawn from
the state's position (:mod:`boardapp.core.table.positions`); scenery items are drawn once
per table. Scene units are millimetres (:data:`~boardapp.core.table.tableboard.MM_PER_CM`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsItemGroup,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsSimpleTextItem,
)

from boardapp.core.table.bases import Base
from boardapp.core.table.tableboard import MM_PER_CM
from boardapp.core.table.tablemap import Scenery, Table

from .i18n import _

Z_SCENERY = 5.0
Z_FIGURE = 50.0
Z_TOOL = 200.0


def scenery_kind_name(kind: str) -> str:
    """A kind of scenery in the player's language (an unknown one as the table names it)."""
    names = {"wood": _("wood"), "hill": _("hill"), "pond": _("pond"),
             "building": _("building"), "hedge": _("hedge"), "wall": _("wall"),
             "barrier": _("barrier"), "road": _("road"), "path": _("path"),
             "river": _("river"), "ford": _("ford"), "rocks": _("rocks"), "field": _("field")}
    return names.get(kind, kind)


def scenery_degree(degree: str) -> str:
    """How much a piece of scenery hinders or covers (``OBSTACLES``, ``COVERS`` of
    :mod:`boardapp.core.table.tablemap`) in the player's language."""
    names = {"none": _("none"), "light": _("light"), "medium": _("medium"),
             "large": _("large"), "impassable": _("impassable")}
    return names.get(degree, degree)


KIND_COLOURS = {
    "wood": "#4f7f3f", "hill": "#c2a66b", "pond": "#6fa3d0", "building": "#8c6a4f",
    "hedge": "#355e2b", "wall": "#7a7a7a", "barrier": "#9a6a3a", "road": "#d8c79b",
    "path": "#e0d3a8", "river": "#5b93c9", "ford": "#9cc3e3", "rocks": "#8f8f86",
    "field": "#d6cf8f",
}


def mm(x: float, y: float) -> QPointF:
    """A table point (cm) in scene units."""
    return QPointF(x * MM_PER_CM, y * MM_PER_CM)


def to_table(point: QPointF) -> tuple[float, float]:
    """A scene point in table centimetres."""
    return point.x() / MM_PER_CM, point.y() / MM_PER_CM


def _polygon(points) -> QPolygonF:
    return QPolygonF([mm(x, y) for x, y in points])


class SceneryItem(QGraphicsPathItem):
    """One piece of scenery: its outline filled by kind, its name, a hill's crest.
    ``words`` draws the table file's names in the player's language (the ruleset's
    catalogue)."""

    def __init__(self, scenery: Scenery, words: Callable[[str], str] = str) -> None:
        super().__init__()
        name = words(scenery.name)
        self.scenery_id = scenery.id
        path = QPainterPath()
        path.addPolygon(_polygon(scenery.shape.exterior.coords))
        for ring in scenery.shape.interiors:
            path.addPolygon(_polygon(ring.coords))
        self.setPath(path)
        colour = QColor(KIND_COLOURS.get(scenery.kind, "#999999"))
        fill = QColor(colour)
        fill.setAlpha(200 if scenery.kind != "wood" else 170)
        self.setBrush(QBrush(fill))
        self.setPen(QPen(colour.darker(140), 2.0))
        self.setZValue(Z_SCENERY + (0.5 if scenery.line else 0.0))
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(_("{name}: {kind}, obstacle {obstacle}, cover {cover}, height "
                          "{height:g} cm").format(name=name,
                                                  kind=scenery_kind_name(scenery.kind),
                                                  obstacle=scenery_degree(scenery.obstacle),
                                                  cover=scenery_degree(scenery.cover),
                                                  height=scenery.height))
        if scenery.crest:
            crest = QPainterPath()
            crest.addPolygon(_polygon(scenery.crest))
            line = QGraphicsPathItem(crest, self)
            pen = QPen(colour.darker(170), 3.0, Qt.PenStyle.DashLine)
            line.setPen(pen)
        if not scenery.line:
            label = QGraphicsSimpleTextItem(name, self)
            label.setFont(QFont("Sans", 12))
            label.setBrush(QColor("#2a2a2a"))
            c = scenery.shape.representative_point()
            rect = label.boundingRect()
            label.setPos(mm(c.x, c.y) - QPointF(rect.width() / 2, rect.height() / 2))


class TableLayer(QGraphicsItemGroup):
    """All the scenery of a table, with a cm grid every 10 cm (``words``: see
    :class:`SceneryItem`)."""

    def __init__(self, table: Table, words: Callable[[str], str] = str) -> None:
        super().__init__()
        self.setZValue(Z_SCENERY)
        pen = QPen(QColor(0, 0, 0, 40), 1.0)
        grid = QPainterPath()
        for x in range(10, int(table.width), 10):
            grid.moveTo(mm(x, 0))
            grid.lineTo(mm(x, table.depth))
        for y in range(10, int(table.depth), 10):
            grid.moveTo(mm(0, y))
            grid.lineTo(mm(table.width, y))
        lines = QGraphicsPathItem(grid)
        lines.setPen(pen)
        lines.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.addToGroup(lines)
        for scenery in table.scenery.values():
            self.addToGroup(SceneryItem(scenery, words))


class FigureItem(QGraphicsPolygonItem):
    """A figure on its base, turned to its facing; the front edge is drawn thick."""

    def __init__(self, pid: str, colour: str, text_colour: str, title: str) -> None:
        super().__init__()
        self.pid = pid
        self.setBrush(QBrush(QColor(colour)))
        self.setPen(QPen(QColor("#1b1b1b"), 1.5))
        self.setZValue(Z_FIGURE)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.front = QGraphicsLineItem(self)
        self.front.setPen(QPen(QColor("#f5d142"), 4.0))
        self.label = QGraphicsSimpleTextItem(title, self)
        self.label.setFont(QFont("Sans", 9, QFont.Weight.Bold))
        self.label.setBrush(QColor(text_colour))

    def set_outlined(self, on: bool) -> None:
        """Outline the figure (selected) or not."""
        self.setPen(QPen(QColor("#ffffff"), 4.0) if on else QPen(QColor("#1b1b1b"), 1.5))

    def set_base(self, base: Base) -> None:
        """Draw the base at its place and facing."""
        corners = [mm(x, y) for x, y in base.corners]
        self.setPolygon(QPolygonF(corners))
        self.front.setLine(corners[0].x(), corners[0].y(), corners[1].x(), corners[1].y())
        rect = self.label.boundingRect()
        self.label.setPos(mm(base.x, base.y) - QPointF(rect.width() / 2, rect.height() / 2))


class GhostItem(QGraphicsPolygonItem):
    """Where a dragged figure would go (outline only)."""

    def __init__(self) -> None:
        super().__init__()
        self.setPen(QPen(QColor("#ffffff"), 2.0, Qt.PenStyle.DashLine))
        self.setBrush(QBrush(QColor(255, 255, 255, 60)))
        self.setZValue(Z_TOOL)

    def set_base(self, base: Base) -> None:
        self.setPolygon(QPolygonF([mm(x, y) for x, y in base.corners]))


class TurnHandle(QGraphicsPathItem):
    """The handle in front of the one selected figure: dragged around it, it turns it."""

    RADIUS = 7.0
    """Pixels (the handle keeps its size at any zoom)."""

    def __init__(self) -> None:
        super().__init__()
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), self.RADIUS, self.RADIUS)
        path.moveTo(-4, 0)
        path.lineTo(4, 0)
        self.setPath(path)
        self.setPen(QPen(QColor("#1b1b1b"), 1.5))
        self.setBrush(QBrush(QColor("#f5d142")))
        self.setZValue(Z_TOOL)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setToolTip("Drag around the figure to turn it")
        self.stalk = QGraphicsLineItem()
        self.stalk.setPen(QPen(QColor("#f5d142"), 2.0, Qt.PenStyle.DotLine))
        self.stalk.setZValue(Z_TOOL - 1)

    @staticmethod
    def point(base: Base) -> tuple[float, float]:
        """Where the handle stands (cm): 1.5 cm in front of the base's front edge."""
        fx, fy = (base.corners[0][0] + base.corners[1][0]) / 2, (
            base.corners[0][1] + base.corners[1][1]) / 2
        dx, dy = fx - base.x, fy - base.y
        norm = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        return fx + 1.5 * dx / norm, fy + 1.5 * dy / norm

    def place(self, base: Base) -> None:
        x, y = self.point(base)
        self.setPos(mm(x, y))
        self.stalk.setLine(base.x * MM_PER_CM, base.y * MM_PER_CM, x * MM_PER_CM,
                           y * MM_PER_CM)


class ToolLabel(QGraphicsSimpleTextItem):
    """The words a tool shows beside the pointer (lengths, sight), on a light box."""

    def __init__(self) -> None:
        super().__init__()
        self.setFont(QFont("Sans", 11))
        self.setZValue(Z_TOOL + 1)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.box = QGraphicsPolygonItem()
        self.box.setBrush(QBrush(QColor(255, 255, 240, 230)))
        self.box.setPen(QPen(QColor("#444444"), 1.0))
        self.box.setZValue(Z_TOOL)
        self.box.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)

    def show_text(self, text: str, at: QPointF) -> None:
        """Show ``text`` beside scene point ``at``, on the side of it that keeps the words
        inside the view (left of or above the pointer near the right or bottom edge)."""
        self.setText(text)
        self.setPos(at + self._offset(at))
        rect = self.boundingRect().adjusted(-4, -3, 4, 3)
        self.box.setPolygon(QPolygonF([rect.topLeft(), rect.topRight(), rect.bottomRight(),
                                       rect.bottomLeft()]))
        self.box.setPos(self.pos())
        self.setVisible(True)
        self.box.setVisible(True)

    def _offset(self, at: QPointF) -> QPointF:
        views = self.scene().views() if self.scene() is not None else []
        if not views:
            return QPointF(12, 12)
        view = views[0]
        scale = max(view.transform().m11(), 1e-6)
        seen = view.mapToScene(view.viewport().rect()).boundingRect()
        rect = self.boundingRect()
        dx, dy = 12 + rect.width() / scale, 12 + rect.height() / scale
        return QPointF(12 if at.x() + dx <= seen.right() else -dx,
                       12 if at.y() + dy <= seen.bottom() else -dy)

    def hide_all(self) -> None:
        self.setVisible(False)
        self.box.setVisible(False)
