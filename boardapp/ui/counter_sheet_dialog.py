"""Your own counters: open a counter sheet scan, lay its grid, cut it, assign its cells.

Left: the sheet (its front and back scans), the grid in numbers (rows, columns,
margins, gutters, rotation) and the scan on a zoomable view where three handles drag
the grid into place. "Cut the cells" cuts the sheet into the game's art folder in the
user's data folder (:class:`boardapp.core.art.store.ArtStore`); the cells then show,
laid out as on the sheet. Right: the assignment (:class:`.counter_assign_panel.AssignPanel`)
of the chosen cell to a piece, a marker or a card. Export and import share the
assignment (without images). Every problem shows in red under the view; nothing is
lost by a bad scan or a bad file.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.art.assignment import CellRef
from boardapp.core.art.catalogue import PieceRow
from boardapp.core.art.cutting import load_preview
from boardapp.core.art.sheet import CounterSheet, SheetError, SheetGrid, sheet_id_for
from boardapp.core.art.store import ArtStore
from boardapp.core.base.errors import BoardappError

from .counter_assign_panel import AssignPanel
from .counter_sheet_view import PREVIEW_MAX, SheetView
from .i18n import _


def scan_filter() -> str:
    """The file dialog's filter of counter sheet scans."""
    return _("Counter sheet scans (*.png *.jpg *.jpeg *.tif *.tiff);;All files (*)")


def json_filter() -> str:
    """The file dialogs' filter of counter assignments."""
    return _("Counter assignments (*.json);;All files (*)")


def margin_labels() -> dict[str, str]:
    """The grid's margins, named in the player's language."""
    return {"left": _("Left"), "top": _("Top"), "right": _("Right"), "bottom": _("Bottom"),
            "gutter_x": _("Gutter x"), "gutter_y": _("Gutter y")}


ICON = 44
ASSIGNED = QColor("#81c784")
"""The background of a cell that shows something (its tooltip says what)."""
_MARGINS = ("left", "top", "right", "bottom", "gutter_x", "gutter_y")


class CounterSheetDialog(QDialog):
    """Import counter sheets and assign their cells, for one game's ``store``."""

    def __init__(self, store: ArtStore, rows: list[PieceRow], markers: list[str],
                 cards: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Your own counters"))
        self.store = store
        self.sheet: CounterSheet | None = None
        self.face = "front"
        self._previews: dict[str, tuple] = {}
        self.chosen: CellRef | None = None
        self.resize(1500, 900)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self._left())
        self.panel = AssignPanel(store.assignment, rows, markers, cards,
                                 lambda: self.chosen, self._assignment_changed)
        right = QWidget()
        rlayout = QVBoxLayout(right)
        rlayout.addWidget(QLabel(_("Cells of the sheet (click one, then assign it):")))
        self.cells = QTableWidget()
        self.cells.setIconSize(QSize(ICON, ICON))
        self.cells.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.cells.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.cells.currentCellChanged.connect(lambda r, c, *_: self.choose_cell(r, c))
        rlayout.addWidget(self.cells, 2)
        rlayout.addWidget(self.panel, 3)
        bottom = QHBoxLayout()
        for text, slot in ((_("Export the assignment…"), self.export_dialog),
                           (_("Import an assignment…"), self.import_dialog),
                           (_("Close"), self.accept)):
            button = QPushButton(text)
            button.clicked.connect(slot)
            bottom.addWidget(button)
        rlayout.addLayout(bottom)
        split.addWidget(right)
        split.setSizes([900, 600])
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        self._fill_sheet_combo()
        if store.problem:
            self.show_problem(_("Your saved counters could not be read and were set aside: "
                                "{problem}").format(problem=store.problem))

    # -- left side: sheet, scans, grid, view -------------------------------------------------
    def _left(self) -> QWidget:
        left = QWidget()
        layout = QVBoxLayout(left)
        line = QHBoxLayout()
        self.sheet_combo = QComboBox()
        self.sheet_combo.currentIndexChanged.connect(self._sheet_chosen)
        line.addWidget(QLabel(_("Sheet:")))
        line.addWidget(self.sheet_combo, 1)
        new = QPushButton(_("New sheet from a scan…"))
        new.clicked.connect(lambda: self._choose_scan("front", new_sheet=True))
        line.addWidget(new)
        self.remove_button = QPushButton(_("Remove sheet"))
        self.remove_button.clicked.connect(self.remove_sheet)
        line.addWidget(self.remove_button)
        layout.addLayout(line)
        scans = QHBoxLayout()
        self.front_button = QPushButton(_("Front scan…"))
        self.front_button.clicked.connect(lambda: self._choose_scan("front"))
        self.back_button = QPushButton(_("Back scan (mirrored)…"))
        self.back_button.clicked.connect(lambda: self._choose_scan("back"))
        self.faces = QButtonGroup(self)
        for face in ("front", "back"):
            radio = QRadioButton(_("Show the front") if face == "front"
                                 else _("Show the back"))
            radio.setChecked(face == "front")
            radio.toggled.connect(lambda on, f=face: on and self.show_face(f))
            self.faces.addButton(radio)
            scans.addWidget(radio)
        scans.addWidget(self.front_button)
        scans.addWidget(self.back_button)
        self.files = QLabel("")
        scans.addWidget(self.files, 1)
        layout.addLayout(scans)
        layout.addLayout(self._grid_form())
        self.view = SheetView()
        self.view.on_grid = self._grid_dragged
        layout.addWidget(self.view, 1)
        zoom = QHBoxLayout()
        for text, slot in ((_("Zoom in"), self.view.zoom_in),
                           (_("Zoom out"), self.view.zoom_out),
                           (_("Whole sheet"), self.view.fit)):
            b = QPushButton(text)
            b.clicked.connect(slot)
            zoom.addWidget(b)
        zoom.addStretch(1)
        self.cut_button = QPushButton(_("Cut the cells"))
        self.cut_button.setStyleSheet("font-weight: bold")
        self.cut_button.clicked.connect(self.cut)
        zoom.addWidget(self.cut_button)
        layout.addLayout(zoom)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        layout.addWidget(self.problem)
        return left

    def _grid_form(self) -> QHBoxLayout:
        self.spins: dict[str, QSpinBox | QDoubleSpinBox] = {}
        row = QHBoxLayout()
        forms = [QFormLayout() for _i in range(3)]
        for name, label, form in (("rows", _("Rows"), 0), ("cols", _("Columns"), 0)):
            spin = QSpinBox()
            spin.setRange(1, 60)
            self.spins[name] = spin
            forms[form].addRow(label, spin)
        for i, name in enumerate(_MARGINS):
            spin = QDoubleSpinBox()
            spin.setRange(0, 20000)
            spin.setDecimals(1)
            spin.setSuffix(" px")
            self.spins[name] = spin
            forms[1 + i % 2].addRow(margin_labels()[name], spin)
        rot = QDoubleSpinBox()
        rot.setRange(-45, 45)
        rot.setDecimals(2)
        rot.setSingleStep(0.1)
        rot.setSuffix("°")
        self.spins["rotation"] = rot
        forms[0].addRow(_("Rotation"), rot)
        for spin in self.spins.values():
            spin.valueChanged.connect(self._spun)
        for form in forms:
            row.addLayout(form)
        return row

    # -- sheets ------------------------------------------------------------------------------
    def _fill_sheet_combo(self, select: str | None = None) -> None:
        self.sheet_combo.blockSignals(True)
        self.sheet_combo.clear()
        for sid, sheet in self.store.assignment.sheets.items():
            self.sheet_combo.addItem(sheet.name or sid, sid)
        if self.sheet is not None and self.sheet.id not in self.store.assignment.sheets:
            self.sheet_combo.addItem(_("{sheet} (not cut yet)").format(
                sheet=self.sheet.name or self.sheet.id), self.sheet.id)
        self.sheet_combo.blockSignals(False)
        index = self.sheet_combo.findData(select) if select else 0
        self.sheet_combo.setCurrentIndex(max(index, 0))
        self._sheet_chosen()

    def _sheet_chosen(self, *_: object) -> None:
        sid = self.sheet_combo.currentData()
        if sid in self.store.assignment.sheets:
            self.sheet = self.store.assignment.sheets[sid]
        elif self.sheet is None or self.sheet.id != sid:
            self.sheet = None
        self.show_face(self.face)

    def new_sheet(self, front: str) -> CounterSheet:
        """Start a sheet on scan ``front`` (shown, not cut yet)."""
        sid = sheet_id_for(Path(front).stem, set(self.store.assignment.sheets))
        self.sheet = CounterSheet(sid, Path(front).stem, front, None, SheetGrid())
        self._fill_sheet_combo(sid)
        return self.sheet

    def set_scan(self, face: str, path: str) -> None:
        """Use ``path`` as the ``face`` scan of the sheet shown (a new sheet if none)."""
        if self.sheet is None:
            if face == "front":
                self.new_sheet(path)
            return
        self.sheet = replace(self.sheet, **{face: path})
        self._previews.pop(face, None)
        self.show_face(face)

    def _choose_scan(self, face: str, new_sheet: bool = False) -> None:
        title = (_("The front of a counter sheet") if face == "front"
                 else _("The back of a counter sheet"))
        path = QFileDialog.getOpenFileName(self, title, "", scan_filter())[0]
        if not path:
            return
        if new_sheet or self.sheet is None:
            self.new_sheet(path)
            self.show_face("front")
        else:
            self.set_scan(face, path)

    def remove_sheet(self) -> None:
        if self.sheet is not None:
            self.store.remove_sheet(self.sheet.id)
            self.sheet = None
            self._fill_sheet_combo()
            self._assignment_changed()

    # -- the face shown ----------------------------------------------------------------------
    def show_face(self, face: str) -> None:
        """Show the ``face`` scan of the sheet with its grid and cells."""
        self.face = face
        sheet = self.sheet
        self.show_problem("")
        self.files.setText("" if sheet is None else _("front: {front}   back: {back}").format(
            front=Path(sheet.front).name if sheet.front else "—",
            back=Path(sheet.back).name if sheet.back else "—"))
        path = sheet.scan_of(face) if sheet else None
        grid = sheet.grid_of(face) if sheet else SheetGrid()
        self._show_grid_numbers(grid)
        self.view.grid = grid
        if path is None:
            self.view.show_image(None, (0, 0))
        else:
            try:
                if face not in self._previews or self._previews[face][0] != path:
                    self._previews[face] = (path, *load_preview(path, PREVIEW_MAX))
                _key, image, size = self._previews[face]
                if grid.rotation:
                    image = image.rotate(grid.rotation, fillcolor=(255, 255, 255))
                self.view.show_image(image, size)
                self.view.fit()
            except SheetError as exc:
                self.view.show_image(None, (0, 0))
                self.show_problem(str(exc))
        self._show_cells()

    def _show_grid_numbers(self, grid: SheetGrid) -> None:
        for name, spin in self.spins.items():
            spin.blockSignals(True)
            spin.setValue(getattr(grid, name))
            spin.blockSignals(False)

    def grid_from_spins(self) -> SheetGrid:
        return SheetGrid(**{n: (int(s.value()) if n in ("rows", "cols") else s.value())
                            for n, s in self.spins.items()})

    def _spun(self, *_: object) -> None:
        grid = self.grid_from_spins()
        rotated = self.sheet is not None and grid.rotation != self.sheet.grid_of(
            self.face).rotation
        self.set_grid(grid)
        if rotated:
            self.show_face(self.face)

    def _grid_dragged(self, grid: SheetGrid) -> None:
        self._show_grid_numbers(grid)
        self.set_grid(grid, redraw=False)

    def set_grid(self, grid: SheetGrid, redraw: bool = True) -> None:
        """Use ``grid`` for the face shown (a back grid of its own once edited)."""
        if self.sheet is None:
            return
        if self.face == "front":
            self.sheet = replace(self.sheet, grid=grid)
        else:
            self.sheet = replace(self.sheet, back_grid=replace(
                grid, rows=self.sheet.grid.rows, cols=self.sheet.grid.cols))
        if redraw:
            self.view.set_grid(grid)
        problem = grid.problem()
        self.show_problem(problem or "")

    # -- cutting and cells -------------------------------------------------------------------
    def cut(self) -> bool:
        """Cut the sheet shown into the game's art folder (in a worker thread); on a
        problem, say it and keep what was there."""
        if self.sheet is None or self.sheet.front is None:
            self.show_problem(_("Open the front scan of a sheet first."))
            return False
        done: dict = {"error": None}
        sheet = self.sheet

        def work() -> None:
            try:
                self.store.put_sheet(sheet)
            except (BoardappError, OSError, MemoryError) as exc:
                done["error"] = exc

        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        self.cut_button.setEnabled(False)
        try:
            thread = threading.Thread(target=work, name="counter-cut", daemon=True)
            thread.start()
            while thread.is_alive():
                QApplication.processEvents()
                thread.join(0.03)
        finally:
            QApplication.restoreOverrideCursor()
            self.cut_button.setEnabled(True)
        if done["error"] is not None:
            self.show_problem(_("The sheet was not cut: {problem}").format(
                problem=done["error"]))
            return False
        self._fill_sheet_combo(sheet.id)
        self.show_problem("")
        return True

    def _show_cells(self) -> None:
        sheet = self.sheet
        cut = sheet is not None and sheet.id in self.store.assignment.sheets
        grid = self.store.assignment.sheets[sheet.id].grid_of(self.face) if cut else None
        self.cells.clear()
        self.cells.setRowCount(grid.rows if grid else 0)
        self.cells.setColumnCount(grid.cols if grid else 0)
        if grid is None:
            return
        uses = self.store.assignment.uses()
        for r in range(grid.rows):
            self.cells.setRowHeight(r, ICON + 8)
            for c in range(grid.cols):
                ref = CellRef(sheet.id, self.face, r, c)
                item = QTableWidgetItem()
                if ref in uses:
                    item.setBackground(ASSIGNED)
                path = self.store.cell_path(ref)
                if path is not None:
                    item.setIcon(QIcon(QPixmap(str(path))))
                item.setToolTip(_("row {row}, column {column}: {use}").format(
                    row=r + 1, column=c + 1, use=uses.get(ref, _("unassigned"))))
                self.cells.setItem(r, c, item)
        for c in range(grid.cols):
            self.cells.setColumnWidth(c, ICON + 12)

    def choose_cell(self, row: int, col: int) -> CellRef | None:
        """Choose cell (``row``, ``col``) of the face shown (what the panel assigns)."""
        sheet = self.sheet
        if sheet is None or sheet.id not in self.store.assignment.sheets or row < 0 or col < 0:
            self.chosen = None
        else:
            self.chosen = CellRef(sheet.id, self.face, row, col)
        return self.chosen

    def _assignment_changed(self) -> None:
        self.store.save()
        self._show_cells()

    # -- export / import ---------------------------------------------------------------------
    def export_to(self, path: str) -> None:
        Path(path).write_text(self.store.export_text(), encoding="utf-8")

    def import_from(self, path: str) -> bool:
        """Take the assignment in ``path``; on a problem say it and change nothing."""
        try:
            data = Path(path).read_bytes()
            self.store.import_text(data, path)
        except (OSError, BoardappError) as exc:
            self.show_problem(_("Not imported: {problem}").format(problem=exc))
            return False
        self.panel.assignment = self.store.assignment
        self.panel.refresh()
        self.sheet = None
        self._fill_sheet_combo()
        waiting = [s.name or s.id for s in self.store.assignment.sheets.values() if not s.front]
        text = ""
        if self.store.problem:
            text = _("Imported, but a sheet could not be cut again: {problem}.").format(
                problem=self.store.problem) + " "
        if waiting:
            text += _("Imported. Open your own scan of each sheet and cut it: {sheets}").format(
                sheets=", ".join(waiting))
        self.show_problem(text)
        return True

    def export_dialog(self) -> None:
        path = QFileDialog.getSaveFileName(self, _("Export the counter assignment"),
                                           f"{self.store.game}-counters.json",
                                           json_filter())[0]
        if path:
            try:
                self.export_to(path)
            except OSError as exc:
                self.show_problem(_("Not exported: {problem}").format(problem=exc))

    def import_dialog(self) -> None:
        path = QFileDialog.getOpenFileName(self, _("Import a counter assignment"), "",
                                           json_filter())[0]
        if path:
            self.import_from(path)

    def show_problem(self, text: str) -> None:
        self.problem.setText(text)
