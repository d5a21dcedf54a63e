"""Where things go on the board: stack spots beside cities, grids in boxes, free corners.

Pure geometry on the map data, computed once per map: for every city the spot of its
stack is the candidate (upper right, upper left, above, beside the name...) that covers
the least of the other cities' symbols and names, the boxes and the tracks.
Pools get a grid of counter groups, fanned stacks a grid that stays on the board.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from PySide6.QtCore import QPointF, QRectF

from boardapp.core.board.mapdata import BoardMap
from boardapp.core.board.places import Area

from .counter_items import COUNTER_SIZE
from .map_items import city_radius, name_rect, place_rect, symbol_rect

CASCADE_STEP = 4.0
CASCADE_DEPTH = 4


@dataclass(frozen=True)
class StackSpot:
    """Where a city's stack is drawn: the top counter's corner and the cascade step."""

    origin: QPointF
    step: QPointF


def _centred(x: float, y: float, penalty: float,
             scale: float = 1.0) -> tuple[QPointF, QPointF, float]:
    """A candidate whose footprint (counter and cascade) is centred on ``(x, y)``."""
    s, step = COUNTER_SIZE * scale, CASCADE_STEP * scale
    d = step * CASCADE_DEPTH
    return (QPointF(x - (s + d) / 2, y - (s - d) / 2), QPointF(step, -step), penalty)


def _candidates(bmap: BoardMap, area: Area,
                scale: float = 1.0) -> list[tuple[QPointF, QPointF, float]]:
    """(top-left of the top counter, cascade step, preference penalty) for a city."""
    s = COUNTER_SIZE * scale
    r = city_radius(area)
    x, y = area.pos
    step = CASCADE_STEP * scale
    up_right = QPointF(step, -step)
    up_left = QPointF(-step, -step)
    if area.polygon is not None:  # a drawn outline or a hex: inside it, off the symbol
        outline = bmap.outlines[area.id]
        inner = outline.representative_point()
        spots = [_centred(inner.x, inner.y, 0.0, scale)]
        x0, y0, x1, y1 = outline.bounds
        for i in range(1, 4):
            for j in range(1, 4):
                px, py = x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * j / 4
                far = ((px - inner.x) ** 2 + (py - inner.y) ** 2) ** 0.5
                spots.append(_centred(px, py, 2.0 * far, scale))
        if not area.city or area.hex is not None:
            return spots
    else:
        spots = []
    half = name_rect(area).width() / 2
    return spots + [
        (QPointF(x + r + 3, y - s + 6), up_right, 0.0),
        (QPointF(x - r - 3 - s, y - s + 6), up_left, 40.0),
        (QPointF(x - s / 2, y - r - 4 - s), up_right, 80.0),
        (QPointF(x + max(r, half) + 4, y + r - 4), up_right, 160.0),
        (QPointF(x - max(r, half) - 4 - s, y + r - 4), up_left, 160.0),
        (QPointF(x + r + 3, y + r + 16), up_right, 260.0),
    ]


def footprint(origin: QPointF, step: QPointF, scale: float = 1.0) -> QRectF:
    """The rectangle a collapsed stack can cover (its counters and cascade)."""
    depth = CASCADE_DEPTH
    size = COUNTER_SIZE * scale
    rect = QRectF(origin.x(), origin.y(), size, size)
    return rect.united(rect.translated(step.x() * depth, step.y() * depth))


def _outside(bmap: BoardMap, area: Area, rects: np.ndarray) -> np.ndarray:
    """How much of each footprint (rows of left, top, right, bottom) lies outside the
    area's drawn outline."""
    feet = shapely.box(rects[:, 0], rects[:, 1], rects[:, 2], rects[:, 3])
    return shapely.area(shapely.difference(feet, bmap.outlines[area.id]))


def _ambiguity(area: Area, rects: np.ndarray, others: np.ndarray) -> np.ndarray:
    """A large cost for each footprint that would sit nearer another city than its own,
    where a player would read it as that city's stack (``others``: the other centres)."""
    cx = (rects[:, 0] + rects[:, 2]) / 2
    cy = (rects[:, 1] + rects[:, 3]) / 2
    own = (cx - area.pos[0]) ** 2 + (cy - area.pos[1]) ** 2
    if not len(others):
        return np.zeros(len(rects))
    d = (others[None, :, 0] - cx[:, None]) ** 2 + (others[None, :, 1] - cy[:, None]) ** 2
    return np.where((d < own[:, None]).any(axis=1), 20000.0, 0.0)


def _overlaps(rects: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """The area each of ``rects`` shares with each of ``boxes`` (both rows of left, top,
    right, bottom): a len(rects) x len(boxes) array."""
    if not len(boxes):
        return np.zeros((len(rects), 0))
    w = (np.minimum(rects[:, None, 2], boxes[None, :, 2])
         - np.maximum(rects[:, None, 0], boxes[None, :, 0]))
    h = (np.minimum(rects[:, None, 3], boxes[None, :, 3])
         - np.maximum(rects[:, None, 1], boxes[None, :, 1]))
    return np.where((w > 0) & (h > 0), w * h, 0.0)


def stack_spots(bmap: BoardMap, scale: float = 1.0) -> dict[str, StackSpot]:
    """The best spot for the stack of every city of ``bmap``, for counters ``scale``
    times their size at 100%."""
    fixed: list[tuple[QRectF, float]] = []
    for area in bmap.areas.values():
        if area.city:
            fixed.append((name_rect(area), 1.0))
            fixed.append((symbol_rect(area), 2.0))
    boxed = 1.0 if scale <= 1.0 else 4.0  # larger counters: never over a box's counters
    for box in bmap.boxes.values():
        fixed.append((QRectF(*box.rect), boxed))
    for rect in bmap.control_boxes.values():
        fixed.append((QRectF(*rect), 1.0))
    for track in bmap.tracks.values():
        for cell in track.cells:
            fixed.append((QRectF(*cell.rect), 1.0))
    bounds = place_rect(bmap)
    crowding = 0.5 if scale <= 1.0 else 3.0  # larger counters: keep stacks apart first
    boxes = np.array([(r.left(), r.top(), r.right(), r.bottom()) for r, _ in fixed]
                     or np.zeros((0, 4)))
    weights = np.array([w for _, w in fixed])
    centres = {a.id: a.pos for a in bmap.areas.values()}
    chosen: list[tuple[float, float, float, float]] = []
    spots: dict[str, StackSpot] = {}
    edge = (bounds.left(), bounds.top(), bounds.right(), bounds.bottom())
    for area in sorted(bmap.areas.values(), key=lambda a: (a.pos[1], a.pos[0])):
        candidates = _candidates(bmap, area, scale)
        feet = [footprint(origin, step, scale) for origin, step, _ in candidates]
        rects = np.array([(f.left(), f.top(), f.right(), f.bottom()) for f in feet])
        cost = np.array([penalty for _, _, penalty in candidates], dtype=float)
        if area.polygon is not None:
            cost += 4.0 * _outside(bmap, area, rects)
        cost += _overlaps(rects, boxes) @ weights
        sizes = (rects[:, 2] - rects[:, 0]) * (rects[:, 3] - rects[:, 1])
        cost += 2.0 * (sizes - _overlaps(rects, np.array([edge]))[:, 0])
        if area.hex is None:  # a hex's stack stays in its hex: no need to look
            if chosen:
                cost += crowding * _overlaps(rects, np.array(chosen)).sum(axis=1)
            others = np.array([p for i, p in centres.items() if i != area.id]
                              or np.zeros((0, 2)))
            cost += _ambiguity(area, rects, others)
        cost = np.round(cost, 6)  # sums in another order: ties stay ties
        best = int(np.argmin(cost))  # the first of equal costs, as before
        origin, step, _ = candidates[best]
        spots[area.id] = StackSpot(origin, step)
        chosen.append(tuple(rects[best]))
    return spots


def grid_positions(count: int, rect: QRectF, size: float = COUNTER_SIZE,
                   pitch: float = COUNTER_SIZE + 8,
                   smallest: float = 8.0) -> tuple[list[QPointF], float]:
    """Top-left corners of ``count`` cells in rows inside ``rect``, and the pitch used.

    The pitch shrinks (cells overlap like a fanned deck) until every cell fits or the
    pitch reaches ``smallest``.
    """
    if count <= 0:
        return [], pitch
    p = pitch
    while True:
        cols = max(1, int((rect.width() - size) // p) + 1)
        rows = max(1, int((rect.height() - size) // p) + 1)
        if cols * rows >= count or p <= smallest:
            break
        p -= 1.0
    cols = max(1, int((rect.width() - size) // p) + 1)
    cells = [QPointF(rect.left() + (i % cols) * p, rect.top() + (i // cols) * p)
             for i in range(count)]
    return cells, p


def fan_positions(origin: QPointF, count: int, bounds: QRectF, pitch: float,
                  columns: int) -> list[QPointF]:
    """``count`` cells in rows of ``columns`` from ``origin``, shifted to stay in ``bounds``."""
    cols = max(1, min(count, columns))
    rows = (count + cols - 1) // cols
    x0 = origin.x()
    if x0 + cols * pitch > bounds.right():
        x0 = max(bounds.left(), bounds.right() - cols * pitch)
    y0 = origin.y()
    if y0 + rows * pitch > bounds.bottom():
        y0 = max(bounds.top(), bounds.bottom() - rows * pitch)
    return [QPointF(x0 + (i % cols) * pitch, y0 + (i // cols) * pitch) for i in range(count)]
