"""Edit > Game data: the values the rules do not print (card values, table cells, chart
results), one tab per data sheet of the ruleset.

Changes apply to the game being played as one logged ``data`` action per sheet (undoable,
saved, sent by email); ticking *Also make them the defaults for new games* writes them to
the ruleset's YAML file too (only those values change in the file; its comments stay).
Unknown values are shown as ``?`` on a yellow ground: the game asks the players for them
when play reaches one.
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..core.base.errors import BoardappError
from ..core.engine.data_action import data_action
from ..core.engine.datasheets import (
    UNKNOWN,
    CellType,
    Sheet,
    get_cell,
    row_texts,
    save_sheet_values,
    set_cell,
)
from .controller import GameController
from .game_notes import data_text
from .i18n import _, ngettext

UNKNOWN_BRUSH = QBrush(QColor("#fff2b3"))
UNUSED_BRUSH = QBrush(QColor("#e6e6e6"))
CHANGED_BRUSH = QBrush(QColor("#d9f2d9"))
ADDRESS = Qt.ItemDataRole.UserRole


def _address(sheet: Sheet, row_key: str, column_key: str) -> tuple[str, str]:
    """``(key, sub)`` of the cell at a table row and column."""
    if sheet.layout == "grid":
        return column_key, row_key
    if sheet.layout == "column":
        return row_key, "value"
    return row_key, column_key


class _CellDelegate(QStyledItemDelegate):
    """A list of choices for choice and yes/no cells, a line of text for the others."""

    def __init__(self, page: SheetPage) -> None:
        super().__init__(page)
        self.page = page

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # noqa: N802
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        kind = self.page.cell_type(index.row(), index.column())
        if kind.kind in ("choice", "bool"):
            box = QComboBox(parent)
            box.addItems([UNKNOWN, *(str(kind.word(v)) for v in (
                kind.choices if kind.kind == "choice" else (True, False)))])
            return box
        return QLineEdit(parent)

    def setEditorData(self, editor: QWidget,  # noqa: N802
                      index: QModelIndex | QPersistentModelIndex) -> None:
        text = index.data() or UNKNOWN
        if isinstance(editor, QComboBox):
            editor.setCurrentText(text)
        elif isinstance(editor, QLineEdit):
            editor.setText("" if text == UNKNOWN else text)

    def setModelData(self, editor: QWidget, model: Any,  # noqa: N802
                     index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QComboBox):
            text = editor.currentText()
        else:
            text = editor.text().strip() if isinstance(editor, QLineEdit) else ""
        self.page.set_text(index.row(), index.column(), text or UNKNOWN)


class SheetPage(QWidget):
    """One sheet as a table of cells."""

    def __init__(self, sheet: Sheet, values: dict[str, Any], parent: QWidget,
                 ruleset: Any = None) -> None:
        super().__init__(parent)
        self.sheet, self.ruleset = sheet, ruleset
        self.original = values
        self.values = copy.deepcopy(values)
        layout = QVBoxLayout(self)
        about = [str(sheet.note), _("Rule: {rule}").format(rule=sheet.rule) if sheet.rule else "",
                 _("Defaults in {file}").format(file=sheet.file)]
        label = QLabel("\n".join(a for a in about if a))
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(label)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b3261e; font-weight: bold;")
        self.table = QTableWidget(self)
        self.table.setItemDelegate(_CellDelegate(self))
        self.table.horizontalHeader().setMinimumSectionSize(64)
        self.table.horizontalHeader().setMaximumSectionSize(420)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed
                                   | QAbstractItemView.EditTrigger.AnyKeyPressed)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.problem)
        self._fill()

    # rows and columns of the table
    def _fill(self) -> None:
        sheet = self.sheet
        if sheet.layout == "grid":
            self.rows = list(sheet.row_labels)
            self.columns = list(self.values)
            die = sheet.cell.label or _("die")
            header_rows = [f"{die} {r}" for r in self.rows]
            header_columns = self.columns
        elif sheet.layout == "column":
            self.rows = list(self.values)
            self.columns = [next(iter(sheet.fields), "value")]
            header_rows = self.rows
            header_columns = [str(sheet.cell.label or self.columns[0])]
        else:
            self.rows = list(self.values)
            self.columns = list(sheet.fields)
            names = row_texts(sheet, sheet.row_label)
            header_rows = [f"{r} {data_text(self.ruleset, names[r])}" if r in names else r
                           for r in self.rows]
            header_columns = [str(sheet.fields[f].label or f) for f in self.columns]
        table = self.table
        table.setRowCount(len(self.rows))
        table.setColumnCount(len(self.columns))
        table.setVerticalHeaderLabels(header_rows)
        table.setHorizontalHeaderLabels(header_columns)
        for r in range(len(self.rows)):
            for c in range(len(self.columns)):
                item = QTableWidgetItem()
                table.setItem(r, c, item)
                self._show(r, c)
        helps = row_texts(sheet, sheet.row_help)
        for r, row in enumerate(self.rows):
            if row in helps:
                table.verticalHeaderItem(r).setToolTip(data_text(self.ruleset, helps[row]))
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)

    def address(self, row: int, column: int) -> tuple[str, str]:
        """``(key, sub)`` of the cell at ``row``, ``column``."""
        return _address(self.sheet, self.rows[row], self.columns[column])

    def cell_type(self, row: int, column: int) -> CellType:
        """What the cell at ``row``, ``column`` may hold."""
        return self.sheet.cell_type(self.address(row, column)[1])

    def value(self, row: int, column: int) -> Any:
        """The value shown at ``row``, ``column``."""
        key, sub = self.address(row, column)
        return get_cell(self.sheet, self.values, key, sub)

    def _show(self, row: int, column: int) -> None:
        key, sub = self.address(row, column)
        item = self.table.item(row, column)
        if (key, sub) in self.sheet.unused:
            item.setText("—")
            item.setBackground(UNUSED_BRUSH)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            item.setToolTip(_("{row} {column}: not used").format(row=key, column=sub))
            return
        value = self.value(row, column)
        item.setText(str(self.cell_type(row, column).word(value)))
        changed = value != get_cell(self.sheet, self.original, key, sub)
        font = QFont(item.font())
        font.setBold(changed)
        item.setFont(font)
        item.setBackground(CHANGED_BRUSH if changed else UNKNOWN_BRUSH if value is None
                           else QBrush())
        item.setToolTip(_("{row} {column} — unknown: the game asks for it").format(
            row=key, column=sub) if value is None else f"{key} {sub}")

    def select(self, key: str, sub: str) -> bool:
        """Select the cell ``key``:``sub`` (the value a question asks for)."""
        for r in range(len(self.rows)):
            for c in range(len(self.columns)):
                if self.address(r, c) == (key, sub):
                    self.table.setCurrentCell(r, c)
                    return True
        return False

    def show_all(self) -> None:
        """Redraw every cell from :attr:`values`."""
        for r in range(len(self.rows)):
            for c in range(len(self.columns)):
                self._show(r, c)

    def set_text(self, row: int, column: int, text: str) -> bool:
        """Set a cell from its written form; a value that does not fit is refused with
        the reason shown under the table."""
        if self.address(row, column) in self.sheet.unused:
            self.problem.setText(_("Not changed: this cell is not used"))
            return False
        kind = self.cell_type(row, column)
        try:
            value = kind.read(text)
        except ValueError as exc:
            self.problem.setText(_("Not changed: {reason}").format(reason=exc))
            return False
        why = kind.check(value)
        if why:
            self.problem.setText(_("Not changed: {reason}").format(reason=why))
            return False
        self.problem.clear()
        key, sub = self.address(row, column)
        set_cell(self.sheet, self.values, key, sub, value)
        self._show(row, column)
        self.table.resizeColumnToContents(column)
        return True

    def edits(self) -> list[tuple[str, str, Any]]:
        """The cells changed: ``(key, sub, new value)``."""
        out = []
        for r in range(len(self.rows)):
            for c in range(len(self.columns)):
                key, sub = self.address(r, c)
                new = get_cell(self.sheet, self.values, key, sub)
                if new != get_cell(self.sheet, self.original, key, sub):
                    out.append((key, sub, new))
        return out


class DataEditor(QDialog):
    """The game data of the ruleset being played, one tab per sheet."""

    def __init__(self, controller: GameController, parent: QWidget | None = None,
                 sheet_id: str | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        game = controller.game
        self.setWindowTitle(_("Game data — {game}").format(game=game.ruleset.name))
        self.resize(1150, 620)
        layout = QVBoxLayout(self)
        intro = QLabel(_("Values the rules do not print. <b>?</b> = unknown: when play "
                         "reaches it, boardapp shows the die and asks the players. Changes "
                         "apply to this game as one logged action (undo takes it back; it "
                         "goes with the game file and by email)."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.tabs = QTabWidget(self)
        self.pages: list[SheetPage] = []
        for sheet in game.ruleset.data_sheets():
            page = SheetPage(sheet, copy.deepcopy(game.ruleset.sheet_values(game.state,
                                                                           sheet.id)), self,
                             game.ruleset)
            self.pages.append(page)
            self.tabs.addTab(page, str(sheet.title))
            if sheet.id == sheet_id:
                self.tabs.setCurrentWidget(page)
        layout.addWidget(self.tabs, 1)
        self.save_defaults = QCheckBox(_("Also make them the defaults for new games (writes "
                                         "the ruleset's data file)"))
        layout.addWidget(self.save_defaults)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.apply_button = buttons.addButton(_("Apply to this game"),
                                              QDialogButtonBox.ButtonRole.ApplyRole)
        self.apply_button.clicked.connect(self.apply)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        # Undo, redo and answers change the game's values: the tabs follow them; another
        # game (File > Open, New) closes the dialog.
        controller.changed.connect(self.reload)
        controller.game_replaced.connect(self._game_replaced)

    def _game_replaced(self) -> None:
        for page in self.pages:  # the edits were for the game that is gone
            page.values = copy.deepcopy(page.original)
        self.close()

    def pending(self) -> int:
        """How many changed cells are not applied yet."""
        return sum(len(page.edits()) for page in self.pages)

    def reject(self) -> None:
        """Close (or Esc): changes not applied are applied or dropped as the player says."""
        n = self.pending()
        if n:
            answer = QMessageBox.question(
                self, _("Game data"),
                ngettext("{count} changed value is not applied to the game.",
                         "{count} changed values are not applied to the game.", n).format(
                             count=n),
                QMessageBox.StandardButton.Apply | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Apply)
            if answer == QMessageBox.StandardButton.Cancel:
                return
            if answer == QMessageBox.StandardButton.Apply and not self.apply():
                return
        super().reject()

    def reload(self) -> None:
        """Show the game's values again, keeping the edits not applied yet."""
        game = self.controller.game
        for page in self.pages:
            pending = page.edits()
            page.original = copy.deepcopy(game.ruleset.sheet_values(game.state,
                                                                    page.sheet.id))
            page.values = copy.deepcopy(page.original)
            for key, sub, value in pending:
                try:
                    set_cell(page.sheet, page.values, key, sub, value)
                except (KeyError, ValueError, IndexError):
                    continue  # the row is gone from this game's data
            page.show_all()

    def apply(self) -> bool:
        """Push one ``data`` action per changed sheet (and save the defaults if asked);
        ``False`` if something was refused (the dialog stays open and says why)."""
        ok = True
        for page in self.pages:
            edits = page.edits()
            if not edits:
                continue
            if self.controller.push(data_action(page.sheet, edits)) is None:
                page.problem.setText(self.controller.last_refusal)
                ok = False
                continue
            if self.save_defaults.isChecked():
                try:
                    save_sheet_values(page.sheet, edits)
                except BoardappError as exc:
                    QMessageBox.warning(self, _("Game data"),
                                        _("The defaults were not saved: {problem}").format(
                                            problem=exc))
                    ok = False
            page.original = copy.deepcopy(page.values)
            page.show_all()
        return ok


def open_data_editor(controller: GameController, parent: QWidget | None = None,
                     sheet_id: str | None = None,
                     cell: tuple[str, str] | None = None) -> DataEditor | None:
    """Show the game data editor (``None`` and a message if the ruleset has no data
    sheets)."""
    if not controller.game.ruleset.data_sheets():
        QMessageBox.information(parent, _("Game data"),
                                _("{game} has no game data to fill in.").format(
                                    game=controller.game.ruleset.name))
        return None
    dialog = getattr(parent, "_data_editor", None)
    if isinstance(dialog, DataEditor) and dialog.isVisible() and dialog.controller is controller:
        if sheet_id is not None:  # the one already open, on the sheet asked for
            for page in dialog.pages:
                if page.sheet.id == sheet_id:
                    dialog.tabs.setCurrentWidget(page)
        dialog.raise_()
        dialog.activateWindow()
    else:
        dialog = DataEditor(controller, parent, sheet_id)
        if parent is not None:
            parent._data_editor = dialog  # type: ignore[attr-defined]  # one per window
        dialog.show()
    if cell is not None:
        dialog.tabs.currentWidget().select(*cell)
    return dialog
