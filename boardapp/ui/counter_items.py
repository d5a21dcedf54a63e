"""Counter items: a piece drawn from its :class:`~boardapp.core.engine.ruleset.CounterFace`.

A :class:`CounterItem` knows only its piece id and the face to draw; where it stands
and what it does are decided by the scene from the core state (VASSAL's type/state
split: the face is data from the ruleset, never game logic in the item).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from boardapp.core.engine.ruleset import CounterFace

from .map_items import font

COUNTER_SIZE = 48.0
BORDER = QColor("#1e1a14")


def _fit_font(text: str, rect: QRectF, start: float, smallest: float, bold: bool,
              wrap: bool) -> QFont:
    """The largest font from ``start`` down to ``smallest`` that fits ``text`` in ``rect``.

    At each size the normal face is tried first, then the condensed one.
    """
    flags = Qt.AlignmentFlag.AlignCenter | (Qt.TextFlag.TextWordWrap if wrap else 0)
    size = start
    while size >= smallest:
        for condensed in (False, True):
            f = font(size, bold=bold, condensed=condensed)
            needed = QFontMetricsF(f).boundingRect(rect, flags, text)
            if needed.width() <= rect.width() + 0.01 and needed.height() <= rect.height() + 0.01:
                return f
        size -= 0.5
    return font(smallest, bold=bold, condensed=True)


class CounterItem(QGraphicsObject):
    """One counter, ~48x48 map units, its top-left corner at ``pos()``."""

    def __init__(self, pid: str, face: CounterFace) -> None:
        super().__init__()
        self.pid = pid
        self.face = face
        self._lifted = False
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(face.tooltip)
        self._layout()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return QRectF(-2, -2, COUNTER_SIZE + 6, COUNTER_SIZE + 6)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(0, 0, COUNTER_SIZE, COUNTER_SIZE))
        return path

    def set_face(self, face: CounterFace) -> None:
        """Show ``face`` (redraws only when it changed)."""
        if face == self.face:
            return
        self.face = face
        self.setToolTip(face.tooltip)
        self._layout()
        self.update()

    def set_lifted(self, lifted: bool) -> None:
        """Draw the counter raised (while it is dragged)."""
        if lifted != self._lifted:
            self._lifted = lifted
            self.update()

    def _layout(self) -> None:
        s = COUNTER_SIZE
        face = self.face
        if face.is_leader:
            self._title_rect = QRectF(3.5, 11, s - 7, 23.5)
            self._title_font = _fit_font(face.title, self._title_rect, 10.5, 6, True, True)
        else:
            self._title_rect = QRectF(2, 11, s - 4, 22)
            self._title_font = _fit_font(face.title, self._title_rect, 14, 7, True, False)
        self._sub_font = _fit_font(face.subtitle, QRectF(0, 0, s - 6, 10), 8, 5.5, False, False)
        self._value_row = (QRectF(4.5, s - 14.5, s - 9, 12.5) if face.is_leader
                           else QRectF(2.5, s - 14.5, s - 5, 13))
        self._value_font = _fit_font("  ".join(face.values),
                                     QRectF(0, 0, self._value_row.width(), 13), 11.5, 8,
                                     True, False)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        s = COUNTER_SIZE
        face = self.face
        body = QRectF(0, 0, s, s)
        radius = 9.0 if face.is_leader else 4.0
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        shadow = 3.5 if self._lifted else 1.8
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 70 if self._lifted else 90))
        painter.drawRoundedRect(body.translated(shadow, shadow), radius, radius)
        colour = QColor(face.colour)
        ink = QColor(face.text_colour)
        painter.setBrush(colour)
        painter.setPen(QPen(BORDER, 1.2))
        painter.drawRoundedRect(body.adjusted(0.6, 0.6, -0.6, -0.6), radius, radius)
        if face.is_leader:
            self._paint_leader_band(painter, colour, ink, radius)
        if face.reduced:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#ffffff"))
            painter.drawRect(QRectF(1.2, 2.5, s - 2.4, 8))
        sub_ink = ink
        if face.reduced:
            sub_ink = QColor("#1e1a14")
        elif face.is_leader:
            sub_ink = _contrast(colour.darker(135))
        if face.subtitle:
            painter.setPen(sub_ink)
            painter.setFont(self._sub_font)
            painter.drawText(QRectF(3, 1.5, s - 6, 10), Qt.AlignmentFlag.AlignCenter,
                             face.subtitle)
        painter.setPen(ink)
        painter.setFont(self._title_font)
        flags = Qt.AlignmentFlag.AlignCenter
        if face.is_leader:
            flags |= Qt.TextFlag.TextWordWrap
        painter.drawText(self._title_rect, flags, face.title)
        self._paint_values(painter, ink)
        if face.tag:
            self._paint_tag(painter, face.tag)

    @staticmethod
    def _paint_tag(painter: QPainter, tag: str) -> None:
        """A small dark label across the lower edge: a state note such as "in fortress"."""
        s = COUNTER_SIZE
        painter.setFont(font(6.5, bold=True))
        rect = QRectF(-2, s - 6, s + 4, 10)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(40, 30, 20, 225))
        painter.drawRoundedRect(rect, 3, 3)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, tag)

    def _paint_leader_band(self, painter: QPainter, colour: QColor, ink: QColor,
                           radius: float) -> None:
        s = COUNTER_SIZE
        band = QPainterPath()
        band.addRoundedRect(QRectF(0.6, 0.6, s - 1.2, s - 1.2), radius, radius)
        top = QPainterPath()
        top.addRect(QRectF(0, 0, s, 12))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour.darker(135))
        painter.drawPath(band.intersected(top))
        painter.setPen(QPen(ink, 0.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QRectF(2.6, 2.6, s - 5.2, s - 5.2), radius - 2, radius - 2)

    def _paint_values(self, painter: QPainter, ink: QColor) -> None:
        values = self.face.values
        if not values:
            return
        painter.setFont(self._value_font)
        painter.setPen(ink)
        row = self._value_row
        if len(values) == 1:
            painter.drawText(row, Qt.AlignmentFlag.AlignCenter, values[0])
            return
        slot = row.width() / len(values)
        for i, value in enumerate(values):
            if len(values) == 3:
                align = (Qt.AlignmentFlag.AlignLeft, Qt.AlignmentFlag.AlignHCenter,
                         Qt.AlignmentFlag.AlignRight)[i]
                rect = row
            else:
                align = Qt.AlignmentFlag.AlignHCenter
                rect = QRectF(row.left() + i * slot, row.top(), slot, row.height())
            painter.drawText(rect, align | Qt.AlignmentFlag.AlignVCenter, value)


def _contrast(colour: QColor) -> QColor:
    """Black or white, whichever reads better on ``colour``."""
    return QColor("#ffffff") if colour.lightnessF() < 0.55 else QColor("#1e1a14")


class BadgeItem(QGraphicsItem):
    """The count of pieces in a stack, a small disc at the stack's top-right corner."""

    def __init__(self, count: int) -> None:
        super().__init__()
        self._count = count
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_count(self, count: int) -> None:
        """Show ``count``."""
        if count != self._count:
            self._count = count
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return QRectF(-10, -10, 20, 20)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#ffffff"), 1.5))
        painter.setBrush(QColor("#b3261e"))
        painter.drawEllipse(QPointF(0, 0), 8.5, 8.5)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(font(10 if self._count < 10 else 8.5, bold=True))
        painter.drawText(QRectF(-9, -9, 18, 18), Qt.AlignmentFlag.AlignCenter, str(self._count))
