"""The scan drawn under the board: tiles of a :class:`ScanPyramid` at the zoom in view.

:class:`ScanLayer` is one item whose own coordinates are the scan's pixels; its item
transform is the calibration's inverse (scan pixels to map coordinates), so that the
rest of the scene (areas, counters, highlights) stays in map coordinates and lands on
the scan. ``paint`` draws only the tiles that meet the exposed rectangle, from the
level whose pixels are about the size of the screen's at this zoom. Tiles come from
a bounded LRU cache; a paint loads new tiles for a few tens of milliseconds at most,
draws the missing ones from a coarser level meanwhile and asks for another paint, so
zooming and panning never wait for the disk.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from pathlib import Path

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from boardapp.core.engine.game import Game
from boardapp.core.scan.calibration import Transform
from boardapp.core.scan.tiles import TILE, ScanPyramid

from .i18n import _

Z_SCAN = -10.0
CACHE_BYTES = 96 * 1024 * 1024
PAINT_BUDGET = 0.030
"""Seconds a paint may spend reading tiles before it shows coarser ones and repaints."""

TileKey = tuple[int, int, int]


def qtransform(t: Transform) -> QTransform:
    """A QTransform doing what ``t`` does (Qt multiplies row vectors: transposed)."""
    m = t.matrix
    return QTransform(m[0][0], m[1][0], m[2][0], m[0][1], m[1][1], m[2][1],
                      m[0][2], m[1][2], m[2][2])


class TileCache:
    """The most recently drawn tiles, up to ``limit`` bytes (least recently used go)."""

    def __init__(self, pyramid: ScanPyramid, limit: int = CACHE_BYTES) -> None:
        self.pyramid = pyramid
        self.limit = limit
        self.bytes = 0
        self.loads = 0
        self._tiles: OrderedDict[TileKey, QImage] = OrderedDict()
        self._pinned: dict[TileKey, QImage] = {}
        top = len(pyramid.levels) - 1
        for row in range(pyramid.levels[top].rows):
            for col in range(pyramid.levels[top].cols):
                self._pinned[(top, col, row)] = self._read((top, col, row))

    def _read(self, key: TileKey) -> QImage:
        image = QImage(str(self.pyramid.tile_path(*key)))
        self.loads += 1
        if image.isNull():  # damaged cache file: show a blank tile rather than fail
            image = QImage(TILE, TILE, QImage.Format.Format_RGB32)
            image.fill(QColor("#d0d0d0"))
        return image

    def peek(self, key: TileKey) -> QImage | None:
        """The tile if it is in memory (no disk access)."""
        image = self._pinned.get(key)
        if image is not None:
            return image
        image = self._tiles.get(key)
        if image is not None:
            self._tiles.move_to_end(key)
        return image

    def get(self, key: TileKey) -> QImage:
        """The tile, read from the cache folder if needed."""
        image = self.peek(key)
        if image is not None:
            return image
        image = self._read(key)
        self._tiles[key] = image
        self.bytes += image.sizeInBytes()
        while self.bytes > self.limit and len(self._tiles) > 1:
            _, old = self._tiles.popitem(last=False)
            self.bytes -= old.sizeInBytes()
        return image

    def clear(self) -> None:
        self._tiles.clear()
        self.bytes = 0


class ScanLayer(QGraphicsItem):
    """The scan under the map, placed by the calibration (map -> scan ``transform``)."""

    def __init__(self, pyramid: ScanPyramid, transform: Transform,
                 progressive: bool = True) -> None:
        super().__init__()
        self.pyramid = pyramid
        self.map_to_scan = transform
        self.progressive = progressive
        self.cache = TileCache(pyramid)
        w, h = pyramid.size
        self._rect = QRectF(0, 0, w, h)
        self.frames = 0
        self.incomplete = False
        """Whether the last paint drew some tiles from a coarser level."""
        self._refresh = QTimer()
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(0)
        self._refresh.timeout.connect(self._repaint)
        self.setTransform(qtransform(transform.inverse()))
        self.setZValue(Z_SCAN)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def _repaint(self) -> None:
        # the scene may have deleted the item (a new game drawn) before the timer fired
        if shiboken6.isValid(self):
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return self._rect

    def map_bounds(self) -> QRectF:
        """The scan's outline in map (scene) coordinates."""
        return self.transform().mapRect(self._rect)

    def scan_polygon(self) -> QPolygonF:
        return self.transform().map(QPolygonF(self._rect))

    def level_for(self, painter: QPainter) -> int:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        return self.pyramid.level_for(lod)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self.frames += 1
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        # no antialiasing of tile edges: it would show the seams between tiles
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        exposed = option.exposedRect.intersected(self._rect)
        if exposed.isEmpty():
            exposed = self._rect
        level = self.level_for(painter)
        deadline = time.perf_counter() + PAINT_BUDGET if self.progressive else math.inf
        missing = self._draw_level(painter, exposed, level, deadline)
        self.incomplete = bool(missing)
        if missing:
            self._refresh.start()

    def tiles_in(self, rect: QRectF, level: int) -> list[TileKey]:
        """The tiles of ``level`` that meet ``rect`` (scan pixels)."""
        lv = self.pyramid.levels[level]
        span = TILE << level
        c0 = max(0, int(rect.left() // span))
        c1 = min(lv.cols - 1, int(math.ceil(rect.right() / span)) - 1)
        r0 = max(0, int(rect.top() // span))
        r1 = min(lv.rows - 1, int(math.ceil(rect.bottom() / span)) - 1)
        return [(level, c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]

    def _tile_rect(self, key: TileKey, image: QImage) -> QRectF:
        level, col, row = key
        s = float(1 << level)
        return QRectF(col * TILE * s, row * TILE * s, image.width() * s, image.height() * s)

    def _draw_level(self, painter: QPainter, rect: QRectF, level: int, deadline: float) -> int:
        """Draw ``rect`` at ``level``; tiles not ready in time come from coarser levels.
        Returns how many tiles were drawn coarser than wanted."""
        wanted = self.tiles_in(rect, level)
        ready: list[tuple[TileKey, QImage]] = []
        late: list[TileKey] = []
        for key in wanted:
            image = self.cache.peek(key)
            if image is None and time.perf_counter() < deadline:
                image = self.cache.get(key)
            if image is None:
                late.append(key)
            else:
                ready.append((key, image))
        if late:  # fill the holes from the finest coarser level in memory
            top = len(self.pyramid.levels) - 1
            for key in late:
                sub = self._tile_rect(key, QImage(TILE, TILE, QImage.Format.Format_RGB32))
                self._draw_coarse(painter, sub.intersected(self._rect), level + 1, top)
        for key, image in ready:
            painter.drawImage(self._tile_rect(key, image), image)
        return len(late)

    def _draw_coarse(self, painter: QPainter, rect: QRectF, level: int, top: int) -> None:
        for lv in range(min(level, top), top + 1):
            keys = self.tiles_in(rect, lv)
            images = [self.cache.peek(k) for k in keys]
            if all(img is not None for img in images) or lv == top:
                painter.save()
                painter.setClipRect(rect)
                for key, image in zip(keys, images, strict=True):
                    if image is not None:
                        painter.drawImage(self._tile_rect(key, image), image)
                painter.restore()
                return


def render_scan_image(game: Game, pyramid: ScanPyramid, transform: Transform,
                      scale: float = 1.0, overlay_opacity: float = 0.55) -> QImage:
    """The board of ``game`` drawn over the calibrated scan (``boardapp render --scan``):
    the scan's whole sheet and the board, at ``scale`` pixels per map unit."""
    from .board_scene import BoardScene
    from .render import ensure_app, render_scene

    ensure_app()
    scene = BoardScene()
    scene.set_game(game)
    scene.set_scan(pyramid, transform, progressive=False)
    scene.set_overlay(overlay_opacity > 0, overlay_opacity)
    source = scene.board_rect().united(scene.scan_layer.map_bounds())
    return render_scene(scene, source, scale)


def render_scan_png(game: Game, path: str | Path, pyramid: ScanPyramid, transform: Transform,
                    scale: float = 1.0, overlay_opacity: float = 0.55) -> tuple[int, int]:
    """Write :func:`render_scan_image` to the PNG file ``path``; return its size."""
    image = render_scan_image(game, pyramid, transform, scale, overlay_opacity)
    if not image.save(str(path), "PNG"):
        raise OSError(_("{file}: cannot write the PNG image").format(file=path))
    return image.width(), image.height()


def scene_point_on_scan(layer: ScanLayer, x: float, y: float) -> QPointF:
    """The scan pixel under map point ``(x, y)``."""
    return QPointF(*layer.map_to_scan.apply(x, y))
