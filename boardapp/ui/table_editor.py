"""The table editor: draw and edit a free table's scenery, on a scan of a plan if there
is one, and save it as the user's table (validated YAML).

Every gesture becomes one edit of a :class:`~boardapp.core.table.tableedit.TableEditor`,
checked by the table's own validation and refused with the reason (in red in the status
bar) when the table would become invalid. The editor has its own undo and redo. Saving
writes the user's table file (the shipped one is never changed) and the board plays on it
at once; Export writes a copy to share.

Tools (toolbar): *Select / move* (click scenery to select it and edit its kind, name,
obstacle and cover classes, height, width and floors; drag a corner to move it),
*Draw shape* (click the corners of a new piece of scenery of the kind chosen beside the
tools; double-click or Enter to finish, Escape to cancel), *Draw line* (a hedge, wall,
barrier, road, path or river: click its points), *Draw crest* (click the crest line of
the selected hill), *Delete* (click scenery). Coordinates are centimetres from the top
left corner of the table.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QWidget,
)

from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.engine.game import Game
from boardapp.core.scan.calibration import Transform
from boardapp.core.scan.tiles import ScanPyramid
from boardapp.core.table.fixed import to_cm
from boardapp.core.table.positions import on_table, position
from boardapp.core.table.tableboard import MM_PER_CM
from boardapp.core.table.tableedit import TableEditor
from boardapp.core.table.tablemap import LINE_KINDS, Table

from .board_view import BoardView
from .editor_window import EditorWindow, EditorWords
from .i18n import N_, _
from .map_editor import HANDLE, PICK_PX, SELECTED, _pen
from .scan_layer import ScanLayer
from .table_editor_panel import TablePanel, build_actions
from .table_items import TableLayer, mm

TOOLS = ("select", "shape", "line", "crest", "delete")
TOOL_LABELS = {"select": N_("Select / move"), "shape": N_("Draw shape"),
               "line": N_("Draw line"), "crest": N_("Draw crest"), "delete": N_("Delete")}
HINTS = {"select": N_("Click scenery to edit it; drag a corner of the selected scenery"),
         "shape": N_("Click the corners of the new scenery; double-click or Enter to finish, "
                     "Escape to cancel"),
         "line": N_("Click the points of the new line; double-click or Enter to finish"),
         "crest": N_("Click the points of the selected hill's crest line; Enter to finish"),
         "delete": N_("Click the scenery to delete")}
HELP = N_("Tools (toolbar): Select / move (click scenery to select it and edit its kind, "
          "name, obstacle and cover classes, height, width and floors; drag a corner to "
          "move it), Draw shape (click the corners of a new piece of scenery of the kind "
          "chosen beside the tools; double-click or Enter to finish, Escape to cancel), Draw "
          "line (a hedge, wall, barrier, road, path or river: click its points), Draw crest "
          "(click the crest line of the selected hill), Delete (click scenery). Coordinates "
          "are centimetres from the top left corner of the table.")
"""The help under the table editor's fields (the module doc's "Tools" paragraph)."""


def cm_at(pos: QPointF) -> tuple[float, float]:
    """A scene point (mm) as table centimetres, to 0.1 mm."""
    return round(pos.x() / MM_PER_CM, 2), round(pos.y() / MM_PER_CM, 2)


class TableEditorScene(QGraphicsScene):
    """The scan, the table being edited and the handles; mouse gestures become edits."""

    def __init__(self, window: TableEditorWindow) -> None:
        super().__init__(window)
        self.window = window
        self.setBackgroundBrush(QColor("#6f7a82"))
        self.layer: TableLayer | None = None
        self.cloth: QGraphicsRectItem | None = None
        self.handles: list[QGraphicsItem] = []
        self.corners: list[tuple[str, int, QGraphicsRectItem]] = []
        self.pending: list[QPointF] = []
        self.preview = QGraphicsPathItem()
        self.preview.setPen(_pen(SELECTED, 2.0, Qt.PenStyle.DashLine))
        self.preview.setZValue(40)
        self.addItem(self.preview)
        self._grab: tuple[str, int, QGraphicsRectItem] | None = None
        self._press: QPointF | None = None

    @property
    def table(self) -> Table:
        table = self.window.editor.table
        assert table is not None
        return table

    def zoom(self) -> float:
        views = self.views()
        return views[0].transform().m11() if views else 1.0

    def rebuild(self) -> None:
        """Redraw the table and the handles from the editor's data."""
        table = self.table
        for item in (self.layer, self.cloth):
            if item is not None:
                self.removeItem(item)
        scan = self.window.scan_layer is not None
        self.cloth = QGraphicsRectItem(QRectF(0, 0, table.width * MM_PER_CM,
                                              table.depth * MM_PER_CM))
        self.cloth.setBrush(QColor(216, 207, 168, 70 if scan else 255))
        self.cloth.setPen(_pen(QColor("#3b3b3b"), 2.0))
        self.cloth.setZValue(1)
        self.addItem(self.cloth)
        self.layer = TableLayer(table)
        self.layer.setOpacity(0.75 if scan else 1.0)
        self.addItem(self.layer)
        self.show_selection()
        self.show_pending()
        rect = self.cloth.rect()
        if self.window.scan_layer is not None:
            rect = rect.united(self.window.scan_layer.map_bounds())
        self.setSceneRect(rect.adjusted(-80, -80, 80, 80))

    def show_selection(self) -> None:
        for item in self.handles:
            self.removeItem(item)
        self.handles, self.corners = [], []
        sid = self.window.selected
        if sid is None or sid not in self.table.scenery:
            return
        scenery = self.table.scenery[sid]
        outline = QPainterPath()
        outline.addPolygon(_poly(scenery.shape.exterior.coords))
        item = QGraphicsPathItem(outline)
        item.setPen(_pen(SELECTED, 3.0))
        fill = QColor(SELECTED)
        fill.setAlpha(40)
        item.setBrush(fill)
        self._add(item, 25)
        editor = self.window.editor
        which = "line" if scenery.line else "polygon"
        for kind in (which, "crest"):
            for i, (x, y) in enumerate(editor.points(sid, kind)):
                corner = QGraphicsRectItem(QRectF(-4, -4, 8, 8))
                corner.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
                corner.setPen(_pen(QColor("#000000"), 1.0))
                corner.setBrush(SELECTED if kind != "crest" else HANDLE)
                corner.setPos(mm(x, y))
                self._add(corner, 35)
                self.corners.append((kind, i, corner))

    def _add(self, item: QGraphicsItem, z: float) -> None:
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)
        self.handles.append(item)

    def show_pending(self) -> None:
        path = QPainterPath()
        if self.pending:
            path.moveTo(self.pending[0])
            for p in self.pending[1:]:
                path.lineTo(p)
        self.preview.setPath(path)

    def corner_at(self, pos: QPointF) -> tuple[str, int, QGraphicsRectItem] | None:
        reach = PICK_PX / max(self.zoom(), 1e-6)
        best = None
        for kind, i, item in self.corners:
            d = math.hypot(item.pos().x() - pos.x(), item.pos().y() - pos.y())
            if d <= reach and (best is None or d < best[0]):
                best = (d, (kind, i, item))
        return best[1] if best else None

    def scenery_at(self, pos: QPointF) -> str | None:
        """The scenery under ``pos`` (the last drawn, on top, first)."""
        found = self.table.at(*cm_at(pos))
        return found[-1].id if found else None

    # -- mouse -----------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self._press = event.scenePos()
        if self.window.tool == "select":
            self._grab = self.corner_at(self._press)
            if self._grab is None:
                event.ignore()  # a drag on the table pans it
                return
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self._grab is None:
            super().mouseMoveEvent(event)
            return
        self._grab[2].setPos(event.scenePos())
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)
            return
        pos = event.scenePos()
        grab, self._grab = self._grab, None
        press, self._press = self._press, None
        moved = press is not None and (pos - press).manhattanLength() * self.zoom() >= 3
        event.accept()
        if grab is not None and moved:
            self.window.move_corner(grab[0], grab[1], pos)
        elif press is not None and not moved:
            self.window.click(pos)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self.window.tool in ("shape", "line", "crest") and self.pending:
            self.window.finish()
            event.accept()
            return
        super().mouseDoubleClickEvent(event)


def _poly(coords) -> QPolygonF:
    return QPolygonF([mm(x, y) for x, y in coords])


class TableEditorWindow(EditorWindow):
    """Edit the table of ``game`` (on the scan ``pyramid`` placed by ``transform``)."""

    WORDS = EditorWords(N_("Cannot save the table"), N_("Saved as your table: {file}"),
                        N_("Export the table"), N_("Table files (*.yaml)"),
                        N_("Cannot export the table"), N_("Unsaved table"),
                        N_("Save your changes to the table?"))

    def __init__(self, game: Game, pyramid: ScanPyramid | None = None,
                 transform: Transform | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        ruleset = game.ruleset
        bmap = ruleset.board_map
        self.map_file = ruleset.map_file
        self.ruleset_name = ruleset.name
        figures = [(to_cm(at[0]), to_cm(at[1])) for at in
                   (position(game.state, p) for p in on_table(game.state)) if at]
        self.editor = TableEditor(load_yaml_file(bmap.file), bmap.file, figures)
        self.selected: str | None = None
        self.tool = "select"
        self.message = ""
        self.scene = TableEditorScene(self)
        self.scan_layer: ScanLayer | None = None
        if pyramid is not None and transform is not None:
            self.scan_layer = ScanLayer(pyramid, transform)
            self.scan_layer.setZValue(0)
            self.scene.addItem(self.scan_layer)
        self.view = BoardView(self.scene, self)
        self.setCentralWidget(self.view)
        self._build_actions()
        self._build_properties()
        self.resize(1300, 900)
        self.refresh()

    # -- building --------------------------------------------------------------------------
    def _build_actions(self) -> None:
        build_actions(self, TOOLS, TOOL_LABELS)

    def _build_properties(self) -> None:
        self.panel = TablePanel(self, str(HELP))

    # -- state -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the editor and update the actions and the panel."""
        if self.selected is not None and self.selected not in self.editor.table.scenery:
            self.selected = None
        self.scene.rebuild()
        self.undo_action.setEnabled(self.editor.can_undo)
        self.redo_action.setEnabled(self.editor.can_redo)
        self.undo_action.setText(_("Undo {edit}").format(edit=self.editor.undo_stack[-1].text)
                                 if self.editor.can_undo else _("Undo"))
        self.save_action.setEnabled(self.editor.dirty)
        star = "*" if self.editor.dirty else ""
        self.setWindowTitle(_("Table editor — {name}").format(name=self.editor.table.name)
                            + star)
        self.panel.fill()

    # -- gestures --------------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.tool_actions[tool].setChecked(True)
        self.cancel_pending()
        self.say(str(HINTS[tool]))

    def select(self, sid: str | None) -> None:
        self.selected = sid
        self.scene.show_selection()
        self.panel.fill()

    def click(self, pos: QPointF) -> None:
        if self.tool == "select":
            self.select(self.scene.scenery_at(pos))
        elif self.tool == "delete":
            sid = self.scene.scenery_at(pos)
            if sid is not None:
                self.do(self.editor.delete_scenery, sid)
        elif self.tool == "crest" and (self.selected is None or
                                       self.editor.table.scenery[self.selected].kind != "hill"):
            self.say(_("Select a hill first (Select / move tool)"), refused=True)
        else:
            self.scene.pending.append(pos)
            self.scene.show_pending()
            x, y = cm_at(pos)
            self.say(_("{hint} — {n} points, last at {x}, {y} cm").format(
                hint=HINTS[self.tool], n=len(self.scene.pending), x=f"{x:g}", y=f"{y:g}"))

    def finish(self) -> None:
        """Finish the shape, line or crest being drawn (Enter, double-click)."""
        points = [cm_at(p) for p in self.scene.pending]
        self.scene.pending = []
        self.scene.show_pending()
        kind = self.kind_box.currentText()
        if self.tool == "shape" and len(points) >= 3:
            if self.do(self.editor.add_scenery, kind, points):
                self.select(self._last_added())
        elif self.tool == "line" and len(points) >= 2:
            if kind not in LINE_KINDS:
                self.say(_("A {kind} is drawn as a shape (lines: {lines})").format(
                    kind=kind, lines=", ".join(LINE_KINDS)), refused=True)
            elif self.do(self.editor.add_scenery, kind, points, line=True):
                self.select(self._last_added())
        elif self.tool == "crest" and self.selected is not None and len(points) >= 2:
            self.do(self.editor.set_scenery_field, self.selected, "crest", points)

    def _last_added(self) -> str | None:
        edit = self.editor.undo_stack[-1] if self.editor.undo_stack else None
        return str(edit.changes[0].path[1]) if edit else None

    def move_corner(self, which: str, index: int, pos: QPointF) -> None:
        if self.selected is not None:
            self.do(self.editor.move_point, self.selected, which, index, cm_at(pos))

    def cancel_pending(self) -> None:
        self.scene.pending = []
        self.scene.show_pending()

    def delete_selected(self) -> None:
        if self.selected is not None:
            self.do(self.editor.delete_scenery, self.selected)

    def set_field(self, field: str, value) -> None:
        """Set a field of the selected scenery (from the panel)."""
        if self.selected is None:
            return
        current = self.editor.data["scenery"][self.selected].get(field)
        if value == current or (value is None and current is None):
            return
        self.do(self.editor.set_scenery_field, self.selected, field, value)
