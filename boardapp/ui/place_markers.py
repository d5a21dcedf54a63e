"""Markers a ruleset puts on places (a siege level, a pillage marker...), drawn as small
labelled chips under the city's name, above the counters. They follow the state; they
hold none."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from boardapp.core.board.mapdata import BoardMap

from .map_items import font, name_rect

Z_PLACE_MARKERS = 800.0  # above stacks, below a spread stack (900+)
CHIP_FONT = 9.0
MARKER_ART = 30.0
"""The side of a marker shown with the player's own image (map units)."""


class MarkerChip(QGraphicsItem):
    """One marker: a dark rounded chip with white text, or the player's image of it
    (``art``: a cell image file, see :mod:`boardapp.core.art`)."""

    def __init__(self, text: str, art: str | None = None) -> None:
        super().__init__()
        self.text = str(text)  # a message drawn in the language now (Qt reads a str as is)
        self.art = art
        self._image = QImage(art) if art else QImage()
        self._font = font(CHIP_FONT, bold=True)
        width = QFontMetricsF(self._font).horizontalAdvance(text) + 10
        self._rect = QRectF(0, 0, width, CHIP_FONT + 7)
        if not self._image.isNull():
            self._rect = QRectF(0, 0, MARKER_ART, MARKER_ART)
            self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(Z_PLACE_MARKERS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(self.text)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return self._rect.adjusted(-1, -1, 1, 1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self._image.isNull():
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawImage(self._rect, self._image, QRectF(self._image.rect()))
            painter.setPen(QPen(QColor("#1e1a14"), 1.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(self._rect)
            return
        painter.setPen(QPen(QColor("#ffffff"), 1))
        painter.setBrush(QColor("#7a1f1f"))
        painter.drawRoundedRect(self._rect, 4, 4)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(self._font)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


class PlaceMarkerLayer:
    """Keeps one chip per (place, marker) in step with ``ruleset.place_markers``."""

    def __init__(self, scene: QGraphicsScene, bmap: BoardMap) -> None:
        self._scene = scene
        self._bmap = bmap
        self._chips: dict[tuple[str, str], MarkerChip] = {}
        self.art: Callable[[str], str | None] | None = None
        """The player's image file of a marker, by its text (``None``: none)."""

    def sync(self, markers: dict[str, list[str]]) -> None:
        """Show exactly ``markers`` (place id -> marker texts)."""
        wanted = {(place, text) for place, texts in markers.items() for text in texts
                  if self._bmap.is_place(place)}
        for key in [k for k in self._chips if k not in wanted]:
            self._scene.removeItem(self._chips.pop(key))
        for place, texts in markers.items():
            if not self._bmap.is_place(place):
                continue
            x, y = self._bmap.anchor(place)
            area = self._bmap.areas.get(place)
            top = name_rect(area).bottom() + 1 if area is not None else y
            for text in texts:
                chip = self._chips.get((place, text))
                art = self.art(text) if self.art is not None else None
                if chip is not None and chip.art != art:
                    self._scene.removeItem(self._chips.pop((place, text)))
                    chip = None
                if chip is None:
                    chip = self._chips[(place, text)] = MarkerChip(text, art)
                    self._scene.addItem(chip)
                chip.setPos(x - chip.boundingRect().width() / 2, top)
                top += chip.boundingRect().height() + 1

    def texts(self) -> dict[str, list[str]]:
        """What is shown, by place (for tests)."""
        out: dict[str, list[str]] = {}
        for place, text in self._chips:
            out.setdefault(place, []).append(text)
        return out
