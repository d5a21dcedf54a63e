"""The stacks moved apart on the board, and the thin lines that tie them to their places.

The stack layout gives the rectangle every occupied place's stacks would cover at its
spot; :func:`boardapp.ui.declutter.separate` says how far to move the ones that overlap,
and a moved stack gets a line from its city (or area) to its nearest edge, so a player
still reads whose stack it is. Items here hold no game state: they are redrawn from the
layout each time.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsScene

from boardapp.core.board.mapdata import BoardMap

from .declutter import Rect, overlaps_left, separate
from .map_items import place_rect

LINE_COLOUR = QColor(40, 32, 22, 200)
SHOWN_FROM = 0.2
"""A stack moved by more than this share of a counter's side gets its line."""


def _rect(r: QRectF) -> Rect:
    return (r.left(), r.top(), r.right(), r.bottom())


def fixed_rects(bmap: BoardMap) -> list[Rect]:
    """What a moved stack may not cover: boxes, control boxes and track cells."""
    rects = [_rect(QRectF(*box.rect)) for box in bmap.boxes.values()]
    rects += [_rect(QRectF(*r)) for r in bmap.control_boxes.values()]
    for track in bmap.tracks.values():  # a track is one block: its cells touch
        cells = [QRectF(*cell.rect) for cell in track.cells]
        if cells:
            whole = cells[0]
            for cell in cells[1:]:
                whole = whole.united(cell)
            rects.append(_rect(whole))
    return rects


class StackNudges:
    """How far each occupied place's stacks are moved from their spot, with the lines."""

    def __init__(self, scene: QGraphicsScene, z: float) -> None:
        self.scene = scene
        self.z = z
        self.offsets: dict[str, QPointF] = {}
        self._lines: dict[str, QGraphicsLineItem] = {}
        self._fixed: list[Rect] | None = None
        self._asked: tuple | None = None
        self._unit = 0.0
        self.left = 0
        """How many pairs of stacks still overlap (a board too crowded to part)."""

    def reset(self) -> None:
        """Forget every offset (a new game or board; the scene was cleared)."""
        self.offsets.clear()
        self._lines.clear()
        self._fixed = None
        self._asked = None
        self._unit = 0.0
        self.left = 0

    def offset(self, place: str) -> QPointF:
        """How far the stacks of ``place`` are moved (zero for most)."""
        return self.offsets.get(place, QPointF())

    def update(self, bmap: BoardMap, clusters: dict[str, QRectF], unit: float) -> set[str]:
        """Move the stacks covering ``clusters`` (place -> rectangle at its spot) apart;
        the places whose offset changed (to be laid out again)."""
        asked = tuple(sorted((p, _rect(r)) for p, r in clusters.items()))
        if asked == self._asked:
            return set()
        self._asked = asked
        if self._fixed is None:
            self._fixed = fixed_rects(bmap)
        start = ({p: (o.x(), o.y()) for p, o in self.offsets.items()}
                 if unit == self._unit else None)  # zoomed: the spots changed
        self._unit = unit
        found = separate({p: _rect(r) for p, r in clusters.items()},
                         _rect(place_rect(bmap)), self._fixed, gap=unit * 0.06, start=start)
        offsets = {p: QPointF(dx, dy) for p, (dx, dy) in found.items()}
        changed = {p for p in set(offsets) | set(self.offsets)
                   if offsets.get(p) != self.offsets.get(p)}
        self.offsets = offsets
        self.left = overlaps_left({p: _rect(r.translated(self.offset(p)))
                                   for p, r in clusters.items()})
        self._draw_lines(bmap, clusters, unit)
        return changed

    def _draw_lines(self, bmap: BoardMap, clusters: dict[str, QRectF], unit: float) -> None:
        wanted: dict[str, QLineF] = {}
        for place, off in self.offsets.items():
            if math.hypot(off.x(), off.y()) <= SHOWN_FROM * unit:
                continue
            area = bmap.areas.get(place)
            if area is None or place not in clusters:
                continue
            rect = clusters[place].translated(off)
            anchor = QPointF(*area.pos)
            near = QPointF(min(max(anchor.x(), rect.left()), rect.right()),
                           min(max(anchor.y(), rect.top()), rect.bottom()))
            wanted[place] = QLineF(anchor, near)
        for place in [p for p in self._lines if p not in wanted]:
            self.scene.removeItem(self._lines.pop(place))
        for place, line in wanted.items():
            item = self._lines.get(place)
            if item is None:
                item = self._lines[place] = QGraphicsLineItem()
                pen = QPen(LINE_COLOUR, 2.0)
                pen.setCosmetic(True)
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                item.setPen(pen)
                item.setZValue(self.z)
                item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                self.scene.addItem(item)
            item.setLine(line)

    def lines(self) -> dict[str, QLineF]:
        """The lines drawn, by place (for tests and tools)."""
        return {p: item.line() for p, item in self._lines.items()}
