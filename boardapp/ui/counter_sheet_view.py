"""The zoomable view of a counter sheet scan with its grid drawn over it.

The scene is in the scan's pixels (after its rotation is corrected); the scan itself is
shown as a preview of at most :data:`PREVIEW_MAX` pixels a side, scaled up, so that a
600 dpi sheet costs a few megabytes. Three handles lay the grid by hand: the top-left
corner of the first cell, the bottom-right corner of that first cell (the cell size,
hence the gutters) and the bottom-right corner of the last cell. Dragging one reports
the new grid through :attr:`SheetView.on_grid`; the spin boxes of the dialog show it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PIL import Image
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QWidget,
)

from boardapp.core.art.sheet import SheetGrid

from .board_view import BoardView
from .i18n import _

PREVIEW_MAX = 2400
HANDLE = 9.0
GRID_PEN = QColor("#e0007a")
HANDLE_FILL = QColor("#ffeb3b")


def pil_to_qimage(image: Image.Image) -> QImage:
    """An RGB Pillow image as a QImage (copied: it owns its pixels)."""
    rgb = image.convert("RGB")
    data = rgb.tobytes("raw", "RGB")
    return QImage(data, rgb.width, rgb.height, rgb.width * 3,
                  QImage.Format.Format_RGB888).copy()


class _Handle(QGraphicsRectItem):
    """A square the user drags; reports its centre to ``moved`` (in scene pixels)."""

    def __init__(self, name: str, moved: Callable[[str, QPointF], None]) -> None:
        super().__init__(-HANDLE, -HANDLE, 2 * HANDLE, 2 * HANDLE)
        self.name = name
        self._moved = moved
        self._quiet = False
        self.setBrush(QBrush(HANDLE_FILL))
        self.setPen(QPen(QColor("#000000"), 0))
        self.setZValue(10)
        self.setCursor(Qt.CursorShape.SizeAllCursor)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setToolTip({"origin": _("Drag: top-left corner of the first cell"),
                         "cell": _("Drag: bottom-right corner of the first cell (cell size)"),
                         "far": _("Drag: bottom-right corner of the last cell")}[name])

    def place(self, point: QPointF) -> None:
        self._quiet = True
        self.setPos(point)
        self._quiet = False

    def itemChange(self, change, value):  # noqa: N802 (Qt override)
        if (change == QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged
                and not self._quiet):
            self._moved(self.name, self.pos())
        return super().itemChange(change, value)


class SheetView(BoardView):
    """A scan with its grid; ``on_grid(grid)`` is called when a handle is dragged."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self._scene = QGraphicsScene()
        super().__init__(self._scene, parent)
        self.max_zoom = 16.0
        self.size_px: tuple[int, int] = (0, 0)
        self.grid = SheetGrid()
        self.on_grid: Callable[[SheetGrid], None] | None = None
        scene = self.scene()
        self._pixmap = QGraphicsPixmapItem()
        self._pixmap.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        scene.addItem(self._pixmap)
        self._lines = QGraphicsPathItem()
        self._lines.setPen(QPen(GRID_PEN, 0))
        self._lines.setZValue(5)
        scene.addItem(self._lines)
        self.handles = {n: _Handle(n, self._dragged) for n in ("origin", "cell", "far")}
        for h in self.handles.values():
            scene.addItem(h)
            h.setVisible(False)

    def show_image(self, image: Image.Image | None, full_size: tuple[int, int]) -> None:
        """Show ``image`` (a preview of a scan of ``full_size`` pixels; ``None``: none)."""
        self.size_px = full_size if image is not None else (0, 0)
        if image is None:
            self._pixmap.setPixmap(QPixmap())
        else:
            self._pixmap.setPixmap(QPixmap.fromImage(pil_to_qimage(image)))
            self._pixmap.setScale(full_size[0] / image.width)
        self.scene().setSceneRect(QRectF(-20, -20, full_size[0] + 40, full_size[1] + 40))
        self.set_grid(self.grid)

    def board_rect(self) -> QRectF:
        return QRectF(0, 0, *self.size_px)

    def set_grid(self, grid: SheetGrid) -> None:
        """Draw ``grid`` (no callback)."""
        self.grid = grid
        w, h = self.size_px
        visible = w > 0 and grid.problem() is None
        path = QPainterPath()
        if visible:
            cw, ch = grid.cell_size((w, h))
            for r in range(grid.rows):
                for c in range(grid.cols):
                    path.addRect(QRectF(grid.left + c * (cw + grid.gutter_x),
                                        grid.top + r * (ch + grid.gutter_y), cw, ch))
            self.handles["origin"].place(QPointF(grid.left, grid.top))
            self.handles["cell"].place(QPointF(grid.left + cw, grid.top + ch))
            self.handles["far"].place(QPointF(w - grid.right, h - grid.bottom))
        self._lines.setPath(path)
        for handle in self.handles.values():
            handle.setVisible(visible)

    def _dragged(self, name: str, pos: QPointF) -> None:
        grid = grid_from_handles(self.grid, self.size_px, name, pos.x(), pos.y())
        if grid != self.grid and grid.problem() is None:
            self.set_grid(grid)
            if self.on_grid:
                self.on_grid(grid)


def grid_from_handles(grid: SheetGrid, size: tuple[int, int], name: str, x: float,
                      y: float) -> SheetGrid:
    """``grid`` after handle ``name`` ("origin", "cell", "far") moved to (x, y) on an
    image of ``size``: the other two handles stay where they are."""
    w, h = size
    cw, ch = grid.cell_size(size)
    x, y = max(0.0, min(w, x)), max(0.0, min(h, y))
    left, top = grid.left, grid.top
    right_edge, bottom_edge = w - grid.right, h - grid.bottom
    if name == "origin":
        cell_x, cell_y = left + cw, top + ch
        left, top = min(x, cell_x - 4), min(y, cell_y - 4)
        cw, ch = cell_x - left, cell_y - top
    elif name == "cell":
        cw, ch = max(4.0, x - left), max(4.0, y - top)
    else:
        right_edge, bottom_edge = max(x, left + cw), max(y, top + ch)
    right_edge = max(right_edge, left + grid.cols * cw)
    bottom_edge = max(bottom_edge, top + grid.rows * ch)
    gx = (right_edge - left - grid.cols * cw) / (grid.cols - 1) if grid.cols > 1 else 0.0
    gy = (bottom_edge - top - grid.rows * ch) / (grid.rows - 1) if grid.rows > 1 else 0.0
    return replace(grid, left=round(left, 1), top=round(top, 1),
                   right=round(max(0.0, w - right_edge), 1),
                   bottom=round(max(0.0, h - bottom_edge), 1),
                   gutter_x=round(max(0.0, gx), 1), gutter_y=round(max(0.0, gy), 1))
