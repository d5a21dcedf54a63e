"""Painting a counter with the player's own image (see :mod:`boardapp.core.art`).

The image fills the counter, clipped to its rounded corners, under a thin dark outline
so that stacked counters stay apart; a reduced piece that has no image of its reduced
side shows its full side with the white strip of a reduced unit and a "reduced" corner.
Cell images are read once and kept in :data:`SOURCES` (at most :data:`SOURCES_LIMIT`
bytes, least recently used first out); the scaled result goes into the counters' shared
face cache (:func:`boardapp.ui.counter_items.face_pixmap`), like a drawn face.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import NamedTuple

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen

SOURCES: OrderedDict[str, QImage] = OrderedDict()
SOURCES_LIMIT = 32 * 1024 * 1024
"""Bytes of cell images kept (about 128 cells of 256 x 256 pixels)."""
_sources_bytes = 0
OUTLINE = QColor("#1e1a14")


class CounterArt(NamedTuple):
    """The image a counter shows: its file, and whether the counter is reduced but the
    image is of its full side (then marked as reduced)."""

    path: str
    mark_reduced: bool = False


def source_image(path: str) -> QImage:
    """The cell image ``path`` (read once, kept while there is room; a null image when
    the file cannot be read)."""
    global _sources_bytes
    image = SOURCES.get(path)
    if image is not None:
        SOURCES.move_to_end(path)
        return image
    image = QImage(path)
    if not image.isNull():
        image = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    size = image.sizeInBytes()
    while SOURCES and _sources_bytes + size > SOURCES_LIMIT:
        _, old = SOURCES.popitem(last=False)
        _sources_bytes -= old.sizeInBytes()
    SOURCES[path] = image
    _sources_bytes += size
    return image


def sources_bytes() -> int:
    """Bytes of cell images held now."""
    return _sources_bytes


def paint_art(painter: QPainter, art: CounterArt, size: float, radius: float,
              lifted: bool) -> bool:
    """Draw ``art`` as a counter of ``size`` units with its top-left corner at (0, 0);
    ``False`` (nothing drawn) when the image cannot be read."""
    image = source_image(art.path)
    if image.isNull():
        return False
    body = QRectF(0, 0, size, size)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    shadow = 3.5 if lifted else 1.8
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 70 if lifted else 90))
    painter.drawRoundedRect(body.translated(shadow, shadow), radius, radius)
    clip = QPainterPath()
    clip.addRoundedRect(body, radius, radius)
    painter.save()
    painter.setClipPath(clip)
    painter.drawImage(body, image, QRectF(image.rect()))
    if art.mark_reduced:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 230))
        painter.drawRect(QRectF(0, 0, size, size * 0.14))
        painter.setBrush(QColor("#b3261e"))
        corner = QPainterPath()
        corner.moveTo(size, size * 0.55)
        corner.lineTo(size, size)
        corner.lineTo(size * 0.55, size)
        corner.closeSubpath()
        painter.drawPath(corner)
    painter.restore()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(OUTLINE, 1.4))
    painter.drawRoundedRect(body.adjusted(0.7, 0.7, -0.7, -0.7), radius, radius)
    painter.setPen(QPen(QColor(255, 255, 255, 150), 0.8))
    painter.drawRoundedRect(body.adjusted(1.9, 1.9, -1.9, -1.9), radius - 1, radius - 1)
    return True
