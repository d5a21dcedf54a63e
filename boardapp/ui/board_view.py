"""The board view: zoom (Ctrl+wheel, actions), fit, and panning.

Left-drag on empty sea pans (the scene ignores presses that miss a counter, so the
view's hand-drag takes over); the middle button pans anywhere. Every change of zoom is
told to the scene (``set_view_zoom``: counters' level of detail); Esc folds a fanned
stack.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPixmapCache,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

MIN_ZOOM = 0.1
MAX_ZOOM = 8.0
STEP = 1.25
PIXMAP_CACHE_KB = 96 * 1024
"""Room for the map layer's cached picture at any zoom (Qt's default, 10 MB, is less
than the picture of a large map at 100%, which was then drawn again on every repaint)."""


class BoardView(QGraphicsView):
    """A QGraphicsView with board-game zoom and pan."""

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self._pan_from: QPoint | None = None
        self._fit_when_shown = False
        self.max_zoom = MAX_ZOOM
        """The closest zoom (raised to see a big scan pixel for pixel)."""

    # -- zoom ------------------------------------------------------------------------------
    def zoom(self) -> float:
        """The current scale (1.0 = one map unit per pixel)."""
        return self.transform().m11()

    def set_zoom(self, factor: float) -> None:
        """Scale to ``factor`` (clamped), keeping the centre of the view in place."""
        factor = max(MIN_ZOOM, min(self.max_zoom, factor))
        anchor = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.scale(factor / self.zoom(), factor / self.zoom())
        self.setTransformationAnchor(anchor)
        self._zoomed()

    def _zoomed(self) -> None:
        """Tell the scene the zoom (it draws counters for it)."""
        scene = self.scene()
        if hasattr(scene, "set_view_zoom"):
            scene.set_view_zoom(self.zoom())

    def zoom_in(self) -> None:
        """Zoom in one step."""
        self.set_zoom(self.zoom() * STEP)

    def zoom_out(self) -> None:
        """Zoom out one step."""
        self.set_zoom(self.zoom() / STEP)

    def fit(self) -> None:
        """Show the whole board."""
        scene = self.scene()
        rect = scene.board_rect() if hasattr(scene, "board_rect") else scene.sceneRect()
        self.fitInView(rect.adjusted(-10, -10, 10, 10), Qt.AspectRatioMode.KeepAspectRatio)
        self._fit_when_shown = not self.isVisible()  # a hidden tab: its size is not known
        self._zoomed()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if self._fit_when_shown:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120.0
            if steps:
                factor = max(MIN_ZOOM, min(self.max_zoom, self.zoom() * (1.15 ** steps)))
                self.scale(factor / self.zoom(), factor / self.zoom())
                self._zoomed()
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        scene = self.scene()
        if event.key() == Qt.Key.Key_Escape and getattr(scene, "expanded", None) is not None:
            scene.toggle_expanded(None)
            event.accept()
            return
        super().keyPressEvent(event)

    # -- middle-button pan -----------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan_from is not None:
            now = event.position().toPoint()
            delta = now - self._pan_from
            self._pan_from = now
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.MiddleButton and self._pan_from is not None:
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        super().mouseReleaseEvent(event)
