"""Small pictures of counters and boards for lists (the Decisions panel, the legend).

A counter is drawn by the board's own :class:`~.counter_items.CounterItem` painting,
scaled into a pixmap, so a choice shows the counter the player sees on the map.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from boardapp.core.engine.ruleset import CounterFace

from .counter_items import COUNTER_SIZE, CounterItem


def counter_pixmap(face: CounterFace, size: int = 40) -> QPixmap:
    """``face`` drawn as a ``size`` pixel square counter."""
    margin = 3
    pixmap = QPixmap(size + margin, size + margin)
    pixmap.fill(Qt.GlobalColor.transparent)
    item = CounterItem("icon", face)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / COUNTER_SIZE, size / COUNTER_SIZE)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return pixmap
