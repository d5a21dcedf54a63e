"""What the map editor's and the table editor's windows share: one edit at a time with
its refusal said, undo and redo, saving the user's copy (the board uses it at once),
exporting a copy to share, and asking before unsaved changes are lost.

A subclass gives its words (:class:`EditorWords`, "map" or "table") and has ``editor``
(a :class:`~boardapp.core.board.mapedit.MapEditor`-like object with ``data``, ``dirty``,
``undo``, ``redo``, ``mark_saved``), ``status_label``, ``view``, ``map_file``,
``ruleset_name`` and ``refresh()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox

from boardapp.core.base.errors import BoardappError
from boardapp.core.board.mapedit import MapEditError
from boardapp.core.scan.boardsettings import save_user_map, write_map

from .i18n import Msg, _


@dataclass(frozen=True)
class EditorWords:
    """The words of one editor ("map" or "table"), as messages of the ui catalogue."""

    cannot_save: Msg
    saved_as: Msg
    """With ``{file}``."""
    export_title: Msg
    file_filter: Msg
    cannot_export: Msg
    unsaved_title: Msg
    unsaved_question: Msg


class EditorWindow(QMainWindow):
    """The shared half of an editor window (see the module doc)."""

    saved = Signal(object)
    """The user's copy was saved; the argument is the new board map."""
    WORDS: EditorWords

    def say(self, text: str, refused: bool = False) -> None:
        """Show ``text`` in the status line (in red when an edit was refused)."""
        self.message = text
        self.status_label.setText(text)
        self.status_label.setStyleSheet("color: #b3261e; font-weight: bold;" if refused else "")

    def do(self, fn, *args, **kwargs) -> bool:
        """Make one edit; on refusal say why (the drawing snaps back)."""
        try:
            edit = fn(*args, **kwargs)
        except MapEditError as exc:
            self.say(str(exc), refused=True)
            self.refresh()
            return False
        self.say(edit.text)
        self.refresh()
        return True

    def undo(self) -> None:
        """Take back the last edit."""
        edit = self.editor.undo()
        if edit is not None:
            self.say(_("Undone: {edit}").format(edit=edit.text))
        self.refresh()

    def redo(self) -> None:
        """Make again the last edit taken back."""
        edit = self.editor.redo()
        if edit is not None:
            self.say(_("Redone: {edit}").format(edit=edit.text))
        self.refresh()

    def save(self) -> bool:
        """Save the user's copy; the board uses it at once."""
        try:
            path = save_user_map(self.editor.data, self.map_file,
                                 origin=f"{self.ruleset_name} ({self.map_file})")
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self, str(self.WORDS.cannot_save), str(exc))
            return False
        self.editor.mark_saved()
        self.say(str(self.WORDS.saved_as).format(file=path))
        self.refresh()
        from boardapp.core.board.mapdata import load_map

        self.saved.emit(load_map(path))
        return True

    def export(self, path: str | None = None) -> str | None:
        """Write a copy to ``path`` (asked when ``None``) to share with other players."""
        if path is None:
            path = QFileDialog.getSaveFileName(self, str(self.WORDS.export_title),
                                               self.map_file, str(self.WORDS.file_filter))[0]
        if not path:
            return None
        try:
            write_map(self.editor.data, path, origin=f"{self.ruleset_name} ({self.map_file})")
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self, str(self.WORDS.cannot_export), str(exc))
            return None
        self.say(_("Exported to {file}").format(file=path))
        return path

    def showEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self.view.fit()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        if self.editor.dirty:
            answer = QMessageBox.question(
                self, str(self.WORDS.unsaved_title), str(self.WORDS.unsaved_question),
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
            if answer == QMessageBox.StandardButton.Cancel or (
                    answer == QMessageBox.StandardButton.Save and not self.save()):
                event.ignore()
                return
        event.accept()
