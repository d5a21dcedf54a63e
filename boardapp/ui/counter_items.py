"""Counter items: a piece drawn from its :class:`~boardapp.core.engine.ruleset.CounterFace`.

A :class:`CounterItem` knows only its piece id and the face to draw; where it stands
and what it does are decided by the scene from the core state (VASSAL's type/state
split: the face is data from the ruleset, never game logic in the item).
"""

from __future__ import annotations

import math
from dataclasses import replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from boardapp.core.base.i18n import language
from boardapp.core.engine.ruleset import CounterFace

from .counter_art_paint import CounterArt, paint_art
from .map_items import font

COUNTER_SIZE = 48.0
SIMPLE_SMALLEST = 8.0
"""The smallest font of the zoomed-out face, in the item's units (see counter_lod)."""
BORDER = QColor("#1e1a14")


_BOUNDS = QRectF(-2, -2, COUNTER_SIZE + 6, COUNTER_SIZE + 6)
_TAGGED_BOUNDS = QRectF(-2, -2, COUNTER_SIZE + 6, COUNTER_SIZE + 4 + SIMPLE_SMALLEST * 1.5)
_BADGE_BOUNDS = QRectF(-10, -10, 20, 20)


def _fit_font(text: str, rect: QRectF, start: float, smallest: float, bold: bool,
              wrap: bool | Qt.TextFlag) -> QFont:
    """The largest font from ``start`` down to ``smallest`` (in half steps) that fits
    ``text`` in ``rect``; at each size the normal face is tried first, then the condensed
    one. A smaller font never needs more room, so the sizes are bisected."""
    key = (text, rect.width(), rect.height(), start, smallest, bold, wrap)
    found = _FITTED.get(key)
    if found is None:
        found = _FITTED[key] = _search_font(text, rect, start, smallest, bold, wrap)
    return QFont(found)


_FITTED: dict[tuple, QFont] = {}


def _search_font(text: str, rect: QRectF, start: float, smallest: float, bold: bool,
                 wrap: bool | Qt.TextFlag) -> QFont:
    if isinstance(wrap, bool):
        wrap = Qt.TextFlag.TextWordWrap if wrap else Qt.TextFlag(0)
    flags = Qt.AlignmentFlag.AlignCenter | wrap

    def fits(size: float) -> QFont | None:
        for condensed in (False, True):
            f = font(size, bold=bold, condensed=condensed)
            needed = QFontMetricsF(f).boundingRect(rect, flags, text)
            if needed.width() <= rect.width() + 0.01 and needed.height() <= rect.height() + 0.01:
                return f
        return None

    sizes = []
    size = start
    while size >= smallest:
        sizes.append(size)
        size -= 0.5
    if not sizes:
        return font(smallest, bold=bold, condensed=True)
    best = fits(sizes[0])
    if best is not None:
        return best
    lo, hi = 1, len(sizes) - 1  # sizes[lo - 1] does not fit; find the first that does
    found: QFont | None = None
    while lo <= hi:
        mid = (lo + hi) // 2
        f = fits(sizes[mid])
        if f is not None:
            found, hi = f, mid - 1
        else:
            lo = mid + 1
    return found if found is not None else font(smallest, bold=bold, condensed=True)


def _fits(f: QFont, rect: QRectF, flags, text: str) -> bool:
    needed = QFontMetricsF(f).boundingRect(rect, flags, text)
    return needed.width() <= rect.width() + 0.01 and needed.height() <= rect.height() + 0.01


class CounterItem(QGraphicsRectItem):
    """One counter, ~48x48 map units, its top-left corner at ``pos()``.

    Qt caches each counter's picture in device pixels; the face itself is drawn once per
    look and scale into a shared pixmap (:data:`FACES`) that identical counters copy;
    ``simple`` draws the face of the zoomed-out level of detail
    (:mod:`boardapp.ui.counter_lod`); ``art`` the player's own image instead of the
    drawn face (:mod:`boardapp.ui.counter_art_paint`).
    """

    def __init__(self, pid: str, face: CounterFace, simple: bool = False,
                 art: CounterArt | None = None) -> None:
        super().__init__()
        self.pid = pid
        self.face = face
        self.simple = simple
        self.art = art
        self._lifted = False
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton)
        # Qt keeps each counter's picture on screen (a repaint only blits it); when that
        # picture must be made again (a new zoom), identical counters share one drawing.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(str(face.tooltip))
        self._look = face_look(face, simple, art)
        # The rectangle is the bounding rectangle, kept by Qt (no call into Python to
        # ask it each time the board is drawn); it is never drawn itself.
        self.setPen(Qt.PenStyle.NoPen)
        self.setRect(self._look.bounds)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(0, 0, COUNTER_SIZE, COUNTER_SIZE))
        return path

    def set_face(self, face: CounterFace) -> None:
        """Show ``face`` (redraws only when it changed)."""
        if face == self.face:
            return
        self.face = face
        self.setToolTip(str(face.tooltip))
        self._set_look(face_look(face, self.simple, self.art))

    def set_simple(self, simple: bool) -> None:
        """Draw the zoomed-out face (larger text, fewer details) or the detailed one."""
        if simple != self.simple:
            self.simple = simple
            self._set_look(face_look(self.face, simple, self.art))

    def set_art(self, art: CounterArt | None) -> None:
        """Show the player's image ``art`` (``None``: the drawn face)."""
        if art != self.art:
            self.art = art
            self._set_look(face_look(self.face, self.simple, art))

    def _set_look(self, look: FaceLook) -> None:
        if look.bounds != self._look.bounds:
            self.setRect(look.bounds)
        self._look = look
        self.update()

    def set_lifted(self, lifted: bool) -> None:
        """Draw the counter raised (while it is dragged)."""
        if lifted != self._lifted:
            self._lifted = lifted
            self.update()

    def text_size(self) -> float:
        """The smallest font of the name and values, in the item's units."""
        return self._look.text_size()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        t = painter.worldTransform()
        if t.isRotating() or abs(t.m11() - t.m22()) > 1e-6 or t.m11() <= 0:
            self._look.paint(painter, self._lifted)
            return
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        pixmap = face_pixmap(self._look, self._lifted, t.m11(), ratio)
        bounds = self._look.bounds
        corner = t.map(bounds.topLeft())
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(QPointF(round(corner.x()), round(corner.y())), pixmap)
        painter.restore()


class FaceLook:
    """The fonts and rectangles of one face at one level of detail, and its painting."""

    def __init__(self, face: CounterFace, simple: bool, art: CounterArt | None = None) -> None:
        self.face = face
        self.simple = simple
        self.art = art
        self.bounds = _TAGGED_BOUNDS if simple and face.tag else _BOUNDS
        """The item's bounding rectangle (a simple face hangs its tag under it)."""
        self._fitted = False
        self._text_size: float | None = None

    def _fit(self) -> None:
        """Choose the fonts (on first use: a face never drawn costs nothing)."""
        if self._fitted:
            return
        self._fitted = True
        face = self.face
        s = COUNTER_SIZE
        self.title_flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        """How the name is laid out in ``title_rect``."""
        if self.simple:
            self.title_rect = QRectF(1.5, 1.5, s - 3, s - 16.5 if face.values else s - 3)
            self.title_font = _fit_font(face.title, self.title_rect, 17, SIMPLE_SMALLEST,
                                        True, True)
            if not _fits(self.title_font, self.title_rect, self.title_flags, face.title):
                # a word longer than the counter ("Beaudricourt"): broken, not shrunk
                self.title_flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWrapAnywhere
                self.title_font = font(SIMPLE_SMALLEST, bold=True, condensed=True)
            self.sub_font = self.title_font
            self.value_row = QRectF(2.5, s - 14.5, s - 5, 13)
            self.value_font = _fit_font("  ".join(face.values),
                                        QRectF(0, 0, self.value_row.width(), 13), 13,
                                        SIMPLE_SMALLEST, True, False)
            return
        if face.is_leader:
            self.title_rect = QRectF(3.5, 11, s - 7, 23.5)
            self.title_font = _fit_font(face.title, self.title_rect, 10.5, 6, True, True)
        else:
            self.title_rect = QRectF(2, 11, s - 4, 22)
            self.title_font = _fit_font(face.title, self.title_rect, 14, 7, True, False)
        self.sub_font = _fit_font(face.subtitle, QRectF(0, 0, s - 6, 10), 8, 5.5, False,
                                  False)
        self.value_row = (QRectF(4.5, s - 14.5, s - 9, 12.5) if face.is_leader
                          else QRectF(2.5, s - 14.5, s - 5, 13))
        self.value_font = _fit_font("  ".join(face.values),
                                    QRectF(0, 0, self.value_row.width(), 13), 11.5, 8,
                                    True, False)

    def text_size(self) -> float:
        """The smallest font of the name and values, in map units."""
        if self._text_size is None:  # fonts do not change once fitted
            self._fit()
            sizes = [self.title_font.pixelSize()]
            if self.face.values:
                sizes.append(self.value_font.pixelSize())
            self._text_size = float(min(sizes))
        return self._text_size

    def paint(self, painter: QPainter, lifted: bool) -> None:
        """Draw the counter with its top-left corner at (0, 0)."""
        self._fit()
        s = COUNTER_SIZE
        face = self.face
        body = QRectF(0, 0, s, s)
        radius = 9.0 if face.is_leader else 4.0
        if self.art is not None and paint_art(painter, self.art, s, radius, lifted):
            if face.tag and self.simple:
                _paint_tag(painter, face.tag, SIMPLE_SMALLEST,
                           QRectF(-2, s + 1, s + 4, SIMPLE_SMALLEST * 1.5))
            elif face.tag:
                _paint_tag(painter, face.tag, 6.5, QRectF(-2, s - 6, s + 4, 10))
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        shadow = 3.5 if lifted else 1.8
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 70 if lifted else 90))
        painter.drawRoundedRect(body.translated(shadow, shadow), radius, radius)
        colour = QColor(face.colour)
        ink = QColor(face.text_colour)
        painter.setBrush(colour)
        painter.setPen(QPen(BORDER, 1.2))
        painter.drawRoundedRect(body.adjusted(0.6, 0.6, -0.6, -0.6), radius, radius)
        if self.simple:
            self._paint_simple(painter, colour, ink, radius)
            return
        if face.is_leader:
            _paint_leader_band(painter, colour, ink, radius)
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
            painter.setFont(self.sub_font)
            painter.drawText(QRectF(3, 1.5, s - 6, 10), Qt.AlignmentFlag.AlignCenter,
                             face.subtitle)
        painter.setPen(ink)
        painter.setFont(self.title_font)
        flags = Qt.AlignmentFlag.AlignCenter
        if face.is_leader:
            flags |= Qt.TextFlag.TextWordWrap
        painter.drawText(self.title_rect, flags, face.title)
        self._paint_values(painter, ink)
        if face.tag:
            _paint_tag(painter, face.tag, 6.5, QRectF(-2, s - 6, s + 4, 10))

    def _paint_simple(self, painter: QPainter, colour: QColor, ink: QColor,
                      radius: float) -> None:
        """The zoomed-out face: the name as large as it fits, the values under it; a
        reduced unit's white strip and a leader's inner frame stay as thin marks."""
        s = COUNTER_SIZE
        face = self.face
        if face.is_leader:
            painter.setPen(QPen(ink, 0.8))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(2, 2, s - 4, s - 4), radius - 2, radius - 2)
        if face.reduced:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#ffffff"))
            painter.drawRect(QRectF(1.2, 1.2, s - 2.4, 3.5))
        painter.setPen(ink)
        painter.setFont(self.title_font)
        painter.drawText(self.title_rect, self.title_flags, face.title)
        self._paint_values(painter, ink)
        if face.tag:  # under the counter, where it hides neither name nor values
            _paint_tag(painter, face.tag, SIMPLE_SMALLEST,
                       QRectF(-2, s + 1, s + 4, SIMPLE_SMALLEST * 1.5))

    def _paint_values(self, painter: QPainter, ink: QColor) -> None:
        values = self.face.values
        if not values:
            return
        painter.setFont(self.value_font)
        painter.setPen(ink)
        row = self.value_row
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


_LOOKS: dict[tuple[CounterFace, bool, CounterArt | None, str], FaceLook] = {}
FACES: dict[tuple[CounterFace, bool, CounterArt | None, bool, float, float], QPixmap] = {}
"""Pre-rendered faces: (face, simple, art, lifted, device scale, pixel ratio) -> pixmap."""
FACES_LIMIT = 64 * 1024 * 1024
"""Bytes of pre-rendered faces kept before the cache starts again."""
_faces_bytes = 0


def face_look(face: CounterFace, simple: bool, art: CounterArt | None = None) -> FaceLook:
    """The (shared) fonts and layout of ``face`` (shown as image ``art``, if any), its
    words drawn in the language spoken now."""
    key = (face, simple, art, language())
    look = _LOOKS.get(key)
    if look is None:
        if len(_LOOKS) > 5000:
            _LOOKS.clear()
        look = _LOOKS[key] = FaceLook(drawn_face(face), simple, art)
    return look


def drawn_face(face: CounterFace) -> CounterFace:
    """``face`` with its words (messages of the ruleset's catalogue) drawn in the language
    spoken now: Qt would take a message's English value, not its translation."""
    return replace(face, title=str(face.title), subtitle=str(face.subtitle),
                   values=tuple(str(v) for v in face.values), tooltip=str(face.tooltip),
                   tag=str(face.tag))


def face_pixmap(look: FaceLook, lifted: bool, scale: float, ratio: float) -> QPixmap:
    """``look`` drawn at ``scale`` device pixels per unit (shared by identical counters)."""
    global _faces_bytes
    key = (look.face, look.simple, look.art, lifted, round(scale, 4), ratio)
    pixmap = FACES.get(key)
    if pixmap is not None:
        return pixmap
    bounds = look.bounds
    width = math.ceil(bounds.width() * scale * ratio)
    height = math.ceil(bounds.height() * scale * ratio)
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.scale(scale * ratio, scale * ratio)
    painter.translate(-bounds.left(), -bounds.top())
    look.paint(painter, lifted)
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    _faces_bytes += width * height * 4
    if _faces_bytes > FACES_LIMIT:
        FACES.clear()
        _faces_bytes = width * height * 4
    FACES[key] = pixmap
    return pixmap


def _paint_tag(painter: QPainter, tag: str, size: float, rect: QRectF) -> None:
    """A small dark label in ``rect``: a state note such as "in fortress"."""
    painter.setFont(font(size, bold=True))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(40, 30, 20, 225))
    painter.drawRoundedRect(rect, 3, 3)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, tag)


def _paint_leader_band(painter: QPainter, colour: QColor, ink: QColor, radius: float) -> None:
    """A leader's darker top band and inner frame."""
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


def _contrast(colour: QColor) -> QColor:
    """Black or white, whichever reads better on ``colour``."""
    return QColor("#ffffff") if colour.lightnessF() < 0.55 else QColor("#1e1a14")


class BadgeItem(QGraphicsRectItem):
    """The count of pieces in a stack, a small disc at the stack's top-right corner
    (its never-drawn rectangle is its bounding rectangle, kept by Qt)."""

    def __init__(self, count: int) -> None:
        super().__init__(_BADGE_BOUNDS)
        self._count = count
        self.setPen(Qt.PenStyle.NoPen)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_count(self, count: int) -> None:
        """Show ``count``."""
        if count != self._count:
            self._count = count
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#ffffff"), 1.5))
        painter.setBrush(QColor("#b3261e"))
        painter.drawEllipse(QPointF(0, 0), 8.5, 8.5)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(font(10 if self._count < 10 else 8.5, bold=True))
        painter.drawText(QRectF(-9, -9, 18, 18), Qt.AlignmentFlag.AlignCenter, str(self._count))
