"""Small widgets shared by the window's parts."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QWidget


class ElidedLabel(QLabel):
    """A one-line label that shows "…" when its text is too long (the full text stays in
    :meth:`text`; callers put it in the tooltip)."""

    def __init__(self, text: str = "", parent: QWidget | None = None,
                 min_width: int = 40) -> None:
        super().__init__(text, parent)
        self._min_width = min_width

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             self.contentsRect().width())
        painter.drawText(self.contentsRect(), Qt.AlignmentFlag.AlignVCenter
                         | Qt.AlignmentFlag.AlignLeft, text)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(self._min_width, super().minimumSizeHint().height())
