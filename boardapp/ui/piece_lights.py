"""Light counters on a board: a ring drawn over them while a choice naming them is
hovered (the Decisions panel). The rings are items of their own above the counters;
the counters' painting is untouched."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from .board_scene import Z_DRAG, BoardScene
from .counter_items import COUNTER_SIZE

LIGHT = QColor("#ffd400")


class PieceLights:
    """The rings lit on one scene."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.rings: dict[str, QGraphicsRectItem] = {}
        """The ring of each lit counter, by piece id."""

    def _shown_item(self, pid: str):
        item = self.scene.item_for_piece.get(pid)
        if item is None or item.scene() is not self.scene:
            return None
        if item.isVisible():
            return item
        try:  # a counter inside a closed stack: light the stack
            members = self.scene.members(self.scene.key_of(pid))
        except (KeyError, AttributeError):
            return None
        for other in members:
            shown = self.scene.item_for_piece.get(other)
            if shown is not None and shown.isVisible():
                return shown
        return None

    def show(self, pids: list[str]) -> None:
        """Light ``pids`` (and only them) where they are drawn on this board."""
        self.clear()
        for pid in pids:
            item = self._shown_item(pid)
            if item is None:
                continue
            pos = item.scenePos()
            ring = QGraphicsRectItem(QRectF(pos.x() - 5, pos.y() - 5, COUNTER_SIZE + 10,
                                            COUNTER_SIZE + 10))
            ring.setPen(QPen(LIGHT, 5))
            ring.setBrush(Qt.BrushStyle.NoBrush)
            ring.setZValue(Z_DRAG - 1)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.scene.addItem(ring)
            self.rings[pid] = ring

    def clear(self) -> None:
        """Put every light out."""
        for ring in self.rings.values():
            try:
                if ring.scene() is self.scene:
                    self.scene.removeItem(ring)
            except RuntimeError:  # the scene was cleared (another game): already gone
                pass
        self.rings.clear()
