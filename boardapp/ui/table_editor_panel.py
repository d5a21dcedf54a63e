"""The table editor's toolbar and panel: the tools, the kind of scenery to draw, the
table's name and size, and the fields of the selected scenery (kind, name, obstacle
class, cover class, height, width of a line, floors of a building, crest of a hill).

The panel holds no data: it shows the editor's (:meth:`TablePanel.fill`) and turns each
change into one edit of the window (:meth:`~.table_editor.TableEditorWindow.set_field`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.table.tablemap import COVERS, KINDS, OBSTACLES

from .i18n import _

if TYPE_CHECKING:
    from .table_editor import TableEditorWindow


def build_actions(w: TableEditorWindow, tools: tuple[str, ...], labels: dict[str, str]) -> None:
    """The toolbar of ``w``: undo, redo, save, export, the tools, the kind to draw, fit."""
    bar = QToolBar(_("Table editor"), w)
    bar.setObjectName("table-editor")
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    w.addToolBar(bar)
    key = QKeySequence
    w.undo_action = QAction(_("Undo"), w, shortcut=key("Ctrl+Z"))
    w.undo_action.triggered.connect(w.undo)
    w.redo_action = QAction(_("Redo"), w)
    w.redo_action.setShortcuts([key("Ctrl+Shift+Z"), key("Ctrl+Y")])
    w.redo_action.triggered.connect(w.redo)
    w.save_action = QAction(_("Save my table"), w, shortcut=key("Ctrl+S"))
    w.save_action.setToolTip(_("Save as your table: the board uses it instead of the "
                               "shipped table (which is not changed)"))
    w.save_action.triggered.connect(w.save)
    w.export_action = QAction(_("Export…"), w)
    w.export_action.triggered.connect(lambda: w.export())
    for action in (w.undo_action, w.redo_action, w.save_action, w.export_action):
        bar.addAction(action)
    bar.addSeparator()
    w.tool_actions = {}
    group = QActionGroup(w)
    for tool in tools:
        action = QAction(str(labels[tool]), w)
        action.setCheckable(True)
        action.setChecked(tool == "select")
        action.triggered.connect(lambda _=False, t=tool: w.set_tool(t))
        group.addAction(action)
        bar.addAction(action)
        w.tool_actions[tool] = action
    bar.addWidget(QLabel(_(" of kind ")))
    w.kind_box = QComboBox()
    w.kind_box.addItems(list(KINDS))
    w.kind_box.setToolTip(_("The kind of the next scenery drawn"))
    bar.addWidget(w.kind_box)
    bar.addSeparator()
    fit = QAction(_("Fit"), w)
    fit.triggered.connect(w.view.fit)
    bar.addAction(fit)
    for text, slot in (("Delete", w.delete_selected), ("Escape", w.cancel_pending)):
        shortcut = QAction(w, shortcut=key(text))
        shortcut.triggered.connect(slot)
        w.addAction(shortcut)
    w.finish_action = QAction(_("Finish the drawing"), w)
    w.finish_action.setShortcuts([key("Return"), key("Enter")])
    w.finish_action.triggered.connect(w.finish)
    w.addAction(w.finish_action)
    w.status_label = QLabel()
    w.statusBar().addWidget(w.status_label, 1)


def _spin(top: float, step: float, suffix: str = " cm") -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(0.0, top)
    spin.setDecimals(1)
    spin.setSingleStep(step)
    spin.setSuffix(suffix)
    spin.setKeyboardTracking(False)
    return spin


class TablePanel(QDockWidget):
    """The table's name and size, and the selected scenery's fields."""

    def __init__(self, w: TableEditorWindow, guide: str = "") -> None:
        super().__init__(_("Table and scenery"), w)
        self.w = w
        self.setObjectName("table-properties")
        panel = QWidget()
        table_form = QFormLayout()
        self.table_name = QLineEdit()
        self.table_name.editingFinished.connect(self._table_name)
        self.table_width = _spin(10000.0, 10.0)
        self.table_depth = _spin(10000.0, 10.0)
        for spin in (self.table_width, self.table_depth):
            spin.editingFinished.connect(self._size)
        table_form.addRow(_("Table"), self.table_name)
        table_form.addRow(_("Width"), self.table_width)
        table_form.addRow(_("Depth"), self.table_depth)
        self.title = QLabel(_("Click scenery to edit it"))
        self.title.setWordWrap(True)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.editingFinished.connect(
            lambda: self.w.set_field("name", self.name.text().strip() or None))
        self.kind = self._combo(KINDS, "kind")
        self.obstacle = self._combo(OBSTACLES, "obstacle")
        self.cover = self._combo(COVERS, "cover")
        self.height = _spin(1000.0, 1.0)
        self.height.valueChanged.connect(lambda v: self.w.set_field("height", round(v, 1)))
        self.width = _spin(100.0, 0.5)
        self.width.setMinimum(0.1)
        self.width.valueChanged.connect(lambda v: self.w.set_field("width", round(v, 1)))
        self.floors = QLineEdit()
        self.floors.setPlaceholderText(_("e.g. 0, 8 (cm)"))
        self.floors.setToolTip(_("The height of each floor of a building, in cm"))
        self.floors.editingFinished.connect(self._floors)
        self.crest_button = QPushButton(_("Draw the crest line"))
        self.crest_button.clicked.connect(lambda: self.w.set_tool("crest"))
        self.no_crest = QPushButton(_("Remove the crest line"))
        self.no_crest.clicked.connect(lambda: self.w.set_field("crest", None))
        self.delete = QPushButton(_("Delete this scenery"))
        self.delete.clicked.connect(self.w.delete_selected)
        for label, widget in ((_("Name"), self.name), (_("Kind"), self.kind),
                              (_("Obstacle"), self.obstacle), (_("Cover"), self.cover),
                              (_("Height"), self.height), (_("Line width"), self.width),
                              (_("Floors"), self.floors)):
            form.addRow(label, widget)
        self.scenery_box = QWidget()
        box = QVBoxLayout(self.scenery_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.title)
        box.addLayout(form)
        for button in (self.crest_button, self.no_crest, self.delete):
            box.addWidget(button)
        layout = QVBoxLayout(panel)
        layout.addLayout(table_form)
        layout.addWidget(self.scenery_box)
        help_text = QLabel(guide)
        help_text.setWordWrap(True)
        help_text.setStyleSheet("color: #555;")
        layout.addWidget(help_text)
        layout.addStretch(1)
        self.setWidget(panel)
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.widgets = (self.table_name, self.table_width, self.table_depth, self.name,
                        self.kind, self.obstacle, self.cover, self.height, self.width,
                        self.floors)

    def _combo(self, items: tuple[str, ...], field: str) -> QComboBox:
        combo = QComboBox()
        combo.addItems(list(items))
        combo.activated.connect(lambda _i: self.w.set_field(field, combo.currentText()))
        return combo

    def _table_name(self) -> None:
        name = self.table_name.text().strip()
        if name and name != self.w.editor.table.name:
            self.w.do(self.w.editor.set_name, name)

    def _size(self) -> None:
        table = self.w.editor.table
        width, depth = self.table_width.value(), self.table_depth.value()
        if (width, depth) != (table.width, table.depth):
            self.w.do(self.w.editor.set_size, width, depth)

    def _floors(self) -> None:
        text = self.floors.text().replace(";", ",").strip()
        try:
            floors = [float(v) for v in text.split(",") if v.strip()]
        except ValueError:
            self.w.say(_("Floors: {text} is not a list of heights in cm (0, 8)").format(
                text=repr(text)), refused=True)
            return
        self.w.set_field("floors", floors or None)

    def fill(self) -> None:
        """Show the editor's table and selected scenery."""
        table = self.w.editor.table
        sid = self.w.selected
        data = self.w.editor.data.get("scenery", {}).get(sid, {}) if sid else {}
        for widget in self.widgets:
            widget.blockSignals(True)
        try:
            self.table_name.setText(table.name)
            self.table_width.setValue(table.width)
            self.table_depth.setValue(table.depth)
            self.scenery_box.setEnabled(bool(data))
            if not data:
                self.title.setText(_("Click scenery to edit it (Select / move)"))
                return
            scenery = table.scenery[sid]
            self.title.setText(f"<b>{scenery.name}</b>: {scenery.kind} <small>(id {sid})</small>")
            self.name.setText(scenery.name)
            self.kind.setCurrentText(scenery.kind)
            self.obstacle.setCurrentText(scenery.obstacle)
            self.cover.setCurrentText(scenery.cover)
            self.height.setValue(scenery.height)
            self.width.setEnabled("line" in data)
            self.width.setValue(float(data.get("width", 1.0)))
            self.floors.setEnabled(scenery.kind == "building")
            self.floors.setText(", ".join(f"{f:g}" for f in scenery.floors))
            self.crest_button.setEnabled(scenery.kind == "hill")
            self.no_crest.setEnabled(scenery.crest is not None)
        finally:
            for widget in self.widgets:
                widget.blockSignals(False)
