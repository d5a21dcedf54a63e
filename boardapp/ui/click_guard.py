"""One click, one action: the second click of a double click on a button takes nothing.

Qt turns the second press of a double click into a double-click event, which a button
treats as a press, so a quick double click clicks twice (two rolls, two undos, two cards
played). :func:`guard_buttons` swallows that event on the buttons given."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractButton, QWidget


class DoubleClickGuard(QObject):
    """An event filter eating double-click events (the press goes nowhere, so its
    release clicks nothing)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        return event.type() == QEvent.Type.MouseButtonDblClick


_GUARD: DoubleClickGuard | None = None


def guard_buttons(widgets: list[QWidget]) -> None:
    """Make a double click on each of ``widgets`` (or the buttons inside them) one click."""
    global _GUARD
    if _GUARD is None:
        _GUARD = DoubleClickGuard()
    for widget in widgets:
        buttons = [widget] if isinstance(widget, QAbstractButton) else []
        buttons += widget.findChildren(QAbstractButton)
        for button in buttons:
            button.installEventFilter(_GUARD)
