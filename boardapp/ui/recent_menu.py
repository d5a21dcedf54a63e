"""File → Open recent: the games opened or saved lately (:mod:`boardapp.core.files.recent`).

A file that no longer exists is listed greyed out (and dropped from the list if it is
chosen while gone). *Clear the list* empties it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from boardapp.core.files.recent import add_recent, clear_recent, recent_files, remove_recent

from .i18n import _

if TYPE_CHECKING:
    from .main_window import MainWindow


class RecentMenu(QMenu):
    """The "Open recent" submenu of a window."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(_("Open &recent"), window)
        self.window_ = window
        self.aboutToShow.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Read the list again and rebuild the menu."""
        self.clear()
        files = recent_files()
        for i, item in enumerate(files, start=1):
            name = Path(item.path).name
            label = f"{item.title} — {name}" if item.title else name
            prefix = f"&{i} " if i < 10 else ""
            action = self.addAction((prefix + label.replace("&", "&&"))
                                    + ("" if item.exists else " " + _("(missing)")))
            action.setData(item.path)
            action.setToolTip(item.path)
            action.setStatusTip(item.path)
            action.setEnabled(item.exists)
            action.triggered.connect(lambda _=False, p=item.path: self.open(p))
        if not files:
            empty = self.addAction(_("No recent games"))
            empty.setEnabled(False)
        self.addSeparator()
        clear = self.addAction(_("&Clear the list"), self.clear_list)
        clear.setEnabled(bool(files))

    def paths(self) -> list[str]:
        """The files listed, most recent first."""
        return [a.data() for a in self.actions() if a.data()]

    def open(self, path: str) -> None:
        """Open a listed file (dropping it from the list if it cannot be opened)."""
        if self.window_.open_file(path):
            return
        if not Path(path).is_file():
            remove_recent(path)
            self.refresh()

    def note(self, path: Path, title: str) -> None:
        """``path`` was just opened or saved: put it first."""
        try:
            add_recent(path, title)
        except OSError:
            return  # the list is a convenience: never fail a save for it
        self.refresh()

    def clear_list(self) -> None:
        clear_recent()
        self.refresh()
