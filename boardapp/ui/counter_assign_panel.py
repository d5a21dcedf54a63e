"""The assignment half of the counter sheet dialog: which cell shows which piece, marker
or card.

The pieces tab lists the ruleset's pieces (name, side, type, values: see
:mod:`boardapp.core.art.catalogue`) with the cells of their full and reduced sides; a
cell chosen in the dialog is given to the selected piece's full or reduced side, or
the row from that cell on is filled with the next pieces of the selected piece's side
and type (their backs from the mirrored back cells). The markers and cards tabs take a
name (the game's own words, suggested from the position) for the chosen cell.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.art.assignment import Assignment, CellRef
from boardapp.core.art.catalogue import PieceRow, next_of_type

from .i18n import _


def piece_columns() -> list[str]:
    """The headers of the pieces table, in the player's language."""
    return [_("Piece"), _("Side"), _("Type"), _("Values"), _("Full side"), _("Reduced side")]


def cell_text(cell: CellRef | None) -> str:
    """A cell in a few characters: "s1 front r2 c3"."""
    if cell is None:
        return ""
    return f"{cell.sheet} {cell.face} r{cell.row + 1} c{cell.col + 1}"


class AssignPanel(QTabWidget):
    """Pieces, markers and cards tabs acting on the dialog's chosen cell.

    ``current_cell()`` gives the chosen cell (``None``: none); ``changed()`` is called
    after every change of the assignment (the dialog saves and redraws).
    """

    def __init__(self, assignment: Assignment, rows: list[PieceRow], markers: list[str],
                 cards: list[str], current_cell: Callable[[], CellRef | None],
                 changed: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.assignment = assignment
        self.rows = rows
        self.current_cell = current_cell
        self.changed = changed
        self.addTab(self._pieces_tab(), _("Pieces"))
        self.markers = _NamedTab(self, "markers", markers, _("Marker (e.g. Siege 1)"))
        self.cards = _NamedTab(self, "cards", cards, _("Card id (e.g. B-12)"))
        self.addTab(self.markers, _("Markers"))
        self.addTab(self.cards, _("Cards"))
        self.refresh()

    # -- pieces ------------------------------------------------------------------------------
    def _pieces_tab(self) -> QWidget:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(_("Filter pieces (name, side, type)…"))
        self.filter.textChanged.connect(self._apply_filter)
        layout.addWidget(self.filter)
        columns = piece_columns()
        self.table = QTableWidget(len(self.rows), len(columns))
        self.table.setHorizontalHeaderLabels(columns)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        for i, row in enumerate(self.rows):
            for j, text in enumerate((row.name, row.side, row.type, " ".join(row.values))):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, row.pid)
                self.table.setItem(i, j, item)
        layout.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        self.full_button = QPushButton(_("Cell → full side"))
        self.full_button.setToolTip(_("Show the chosen cell for the selected piece's full "
                                      "side"))
        self.full_button.clicked.connect(lambda: self.assign_selected("full"))
        self.reduced_button = QPushButton(_("Cell → reduced side"))
        self.reduced_button.clicked.connect(lambda: self.assign_selected("reduced"))
        self.fill_button = QPushButton(_("Fill the row"))
        self.fill_button.setToolTip(_("From the chosen front cell to the end of its row: the "
                                      "next pieces of the selected piece's side and type "
                                      "(their reduced sides from the back)"))
        self.fill_button.clicked.connect(self.fill_row)
        self.clear_button = QPushButton(_("Drawn face"))
        self.clear_button.setToolTip(_("Forget the selected piece's images"))
        self.clear_button.clicked.connect(self.clear_selected)
        for b in (self.full_button, self.reduced_button, self.fill_button, self.clear_button):
            buttons.addWidget(b)
        layout.addLayout(buttons)
        return tab

    def _apply_filter(self, text: str) -> None:
        words = text.lower().split()
        for i, row in enumerate(self.rows):
            hay = f"{row.pid} {row.name} {row.side} {row.type}".lower()
            self.table.setRowHidden(i, not all(w in hay for w in words))

    def select_piece(self, pid: str) -> None:
        for i, row in enumerate(self.rows):
            if row.pid == pid:
                self.table.selectRow(i)
                return

    def selected_piece(self) -> PieceRow | None:
        index = self.table.currentRow()
        return self.rows[index] if 0 <= index < len(self.rows) else None

    def assign_selected(self, slot: str) -> bool:
        row, cell = self.selected_piece(), self.current_cell()
        if row is None or cell is None:
            return False
        self.assignment.assign_piece(row.pid, slot, cell)
        self._done()
        return True

    def fill_row(self) -> list[str]:
        """Fill the chosen cell's row with the next pieces like the selected one."""
        row, cell = self.selected_piece(), self.current_cell()
        if row is None or cell is None or cell.face != "front":
            return []
        grid = self.assignment.sheets[cell.sheet].grid
        pids = next_of_type(self.rows, self.assignment, row.side, row.type,
                            grid.cols - cell.col)
        if row.pid not in pids and "full" not in self.assignment.pieces.get(row.pid, {}):
            pids = [row.pid, *pids][:grid.cols - cell.col]
        done = self.assignment.fill_row(cell.sheet, cell.row, cell.col, pids)
        self._done()
        return done

    def clear_selected(self) -> None:
        row = self.selected_piece()
        if row is not None:
            self.assignment.pieces.pop(row.pid, None)
            self._done()

    def _done(self) -> None:
        self.changed()
        self.refresh()

    def refresh(self) -> None:
        """Show the cells of every piece, marker and card."""
        for i, row in enumerate(self.rows):
            faces = self.assignment.pieces.get(row.pid, {})
            for j, slot in ((4, "full"), (5, "reduced")):
                self.table.setItem(i, j, QTableWidgetItem(cell_text(faces.get(slot))))
        self.markers.refresh()
        self.cards.refresh()


class _NamedTab(QWidget):
    """Markers or cards: a name (typed or suggested) for the chosen cell, and the list."""

    def __init__(self, panel: AssignPanel, kind: str, names: list[str], hint: str) -> None:
        super().__init__()
        self.panel = panel
        self.kind = kind
        layout = QVBoxLayout(self)
        line = QHBoxLayout()
        self.name = QComboBox()
        self.name.setEditable(True)
        self.name.addItems(names)
        self.name.lineEdit().setPlaceholderText(hint)
        line.addWidget(self.name, 1)
        self.assign_button = QPushButton(_("Cell → this name"))
        self.assign_button.clicked.connect(self.assign_current)
        line.addWidget(self.assign_button)
        layout.addLayout(line)
        self.list = QListWidget()
        layout.addWidget(self.list, 1)
        remove = QPushButton(_("Drawn face for the selected"))
        remove.clicked.connect(self.remove_selected)
        layout.addWidget(remove)

    def table(self) -> dict[str, CellRef]:
        a = self.panel.assignment
        return a.markers if self.kind == "markers" else a.cards

    def assign_current(self) -> bool:
        name, cell = self.name.currentText().strip(), self.panel.current_cell()
        if not name or cell is None or len(name) > 120:
            return False
        self.panel.assignment.assign(self.kind, name, cell)
        self.panel._done()
        return True

    def remove_selected(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.panel.assignment.assign(self.kind, item.data(Qt.ItemDataRole.UserRole), None)
            self.panel._done()

    def refresh(self) -> None:
        self.list.clear()
        for name, cell in sorted(self.table().items()):
            item = QListWidgetItem(f"{name}: {cell_text(cell)}")
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.list.addItem(item)
