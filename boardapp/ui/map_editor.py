"""The map editor: move, add and delete areas, cities, outlines, roads, boxes and
tracks by drawing on the scan; set terrain, fortress level, port (and its sea) and county.

Every gesture becomes one edit of a :class:`~boardapp.core.board.mapedit.MapEditor`, which
checks it (shapely) and refuses an invalid one with the reason, shown in red in the
status bar while the drawing snaps back. The editor has its own undo and redo. Saving
writes the user's map file (the shipped map is never changed) and the board plays on
it at once; Export writes a copy to share.

Tools (toolbar): *Select / move* (drag a city, a corner of the selected area's outline,
a box or a track; click an area to select it and edit its fields), *Add area* (click
where its city is), *Draw outline* (click the corners of the selected area, double-click
to finish), *Add road* and *Remove road* (click two areas), *Delete area* (click it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QColor,
    QKeySequence,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.board.mapdata import BoardMap
from boardapp.core.board.mapedit import MapEditor
from boardapp.core.engine.game import Game
from boardapp.core.scan.calibration import Transform
from boardapp.core.scan.tiles import ScanPyramid

from .board_menus import terrain_name
from .board_view import BoardView
from .editor_window import EditorWindow, EditorWords
from .i18n import N_, _
from .map_items import MapLayer, geometry_path
from .scan_layer import ScanLayer

HANDLE = QColor("#e0007a")
SELECTED = QColor("#ff8c00")
PICK_PX = 9.0
"""How near (screen pixels) a click must be to a handle to grab it."""
TOOLS = ("select", "add-area", "outline", "add-road", "remove-road", "delete-area")
TOOL_LABELS = {"select": N_("Select / move"), "add-area": N_("Add area"),
               "outline": N_("Draw outline"), "add-road": N_("Add road"),
               "remove-road": N_("Remove road"), "delete-area": N_("Delete area")}


def _pen(colour: QColor, width: float, style=Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    return pen


@dataclass
class _Grab:
    """A handle being dragged: what it is and where the drag started."""

    kind: str  # "city", "vertex", "box", "control", "track"
    key: str
    index: int
    start: QPointF
    item: QGraphicsItem | None


class EditorScene(QGraphicsScene):
    """The scan, the map being edited and the handles; mouse gestures become edits."""

    def __init__(self, window: MapEditorWindow) -> None:
        super().__init__(window)
        self.window = window
        self.setBackgroundBrush(QColor("#6f7a82"))
        self.map_layer: MapLayer | None = None
        self.handles: list[QGraphicsItem] = []
        self.city_items: dict[str, QGraphicsEllipseItem] = {}
        self.vertex_items: list[QGraphicsRectItem] = []
        self.rect_items: dict[tuple[str, str], QGraphicsRectItem] = {}
        self.pending: list[QPointF] = []
        self.preview = QGraphicsPathItem()
        self.preview.setPen(_pen(SELECTED, 2.0, Qt.PenStyle.DashLine))
        self.preview.setZValue(40)
        self.addItem(self.preview)
        self._grab: _Grab | None = None
        self._press: QPointF | None = None
        self.road_start: str | None = None

    # -- drawing -----------------------------------------------------------------------
    @property
    def editor(self) -> MapEditor:
        return self.window.editor

    def zoom(self) -> float:
        views = self.views()
        return views[0].transform().m11() if views else 1.0

    def rebuild(self) -> None:
        """Redraw the map and the handles from the editor's data."""
        bmap = self.editor.bmap
        if self.map_layer is not None:
            self.removeItem(self.map_layer)
        self.map_layer = MapLayer(bmap)
        self.map_layer.set_overlay(self.window.scan_layer is not None)
        self.map_layer.setOpacity(0.85 if self.window.scan_layer is not None else 1.0)
        self.addItem(self.map_layer)
        for item in self.handles:
            self.removeItem(item)
        self.handles = []
        self.vertex_items = []
        self.city_items = {}
        self.rect_items = {}
        for area in bmap.areas.values():
            if area.hex is not None and not area.city:
                continue
            dot = QGraphicsEllipseItem(QRectF(-6, -6, 12, 12))
            dot.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            dot.setPen(_pen(HANDLE, 2.0))
            dot.setPos(*area.pos)
            dot.setToolTip(_("{area} ({id}): drag to move the city").format(area=area.name,
                                                                            id=area.id))
            self._add_handle(dot, 30)
            self.city_items[area.id] = dot
        for box in bmap.boxes.values():
            self._rect_handle(("box", box.id), QRectF(*box.rect))
        for region, rect in bmap.control_boxes.items():
            self._rect_handle(("control", region), QRectF(*rect))
        for track in bmap.tracks.values():
            if track.cells:
                rect = QRectF(*track.cells[0].rect)
                for cell in track.cells[1:]:
                    rect = rect.united(QRectF(*cell.rect))
                self._rect_handle(("track", track.id), rect)
        self.show_selection()
        self.show_pending()
        rect = self.map_layer.boundingRect()
        if self.window.scan_layer is not None:
            rect = rect.united(self.window.scan_layer.map_bounds())
        self.setSceneRect(rect.adjusted(-80, -80, 80, 80))

    def _add_handle(self, item: QGraphicsItem, z: float) -> None:
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)
        self.handles.append(item)

    def _rect_handle(self, key: tuple[str, str], rect: QRectF) -> None:
        item = QGraphicsRectItem(rect)
        item.setPen(_pen(HANDLE, 1.5, Qt.PenStyle.DashLine))
        item.setToolTip(_("Drag to move"))
        self._add_handle(item, 20)
        self.rect_items[key] = item

    def show_selection(self) -> None:
        for item in self.vertex_items:
            if item in self.handles:
                self.handles.remove(item)
            self.removeItem(item)
        self.vertex_items = []
        area_id = self.window.selected
        if area_id is None or area_id not in self.editor.bmap.areas:
            return
        outline = QGraphicsPathItem(geometry_path(self.editor.bmap.outlines[area_id]))
        outline.setPen(_pen(SELECTED, 3.0))
        fill = QColor(SELECTED)
        fill.setAlpha(40)
        outline.setBrush(fill)
        self._add_handle(outline, 25)
        self.vertex_items.append(outline)  # removed with the corners
        if self.editor.bmap.areas[area_id].hex is not None:
            return
        for x, y in self.editor.outline_points(area_id):
            corner = QGraphicsRectItem(QRectF(-4, -4, 8, 8))
            corner.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            corner.setPen(_pen(QColor("#000000"), 1.0))
            corner.setBrush(SELECTED)
            corner.setPos(x, y)
            self._add_handle(corner, 35)
            self.vertex_items.append(corner)

    def show_pending(self) -> None:
        path = QPainterPath()
        if self.pending:
            path.moveTo(self.pending[0])
            for p in self.pending[1:]:
                path.lineTo(p)
        self.preview.setPath(path)

    # -- finding things under the mouse ------------------------------------------------
    def grab_at(self, pos: QPointF) -> _Grab | None:
        """The handle under ``pos``: a corner of the selection, a city, a box or track."""
        reach = PICK_PX / max(self.zoom(), 1e-6)
        area_id = self.window.selected
        if area_id is not None and area_id in self.editor.bmap.areas and \
                self.editor.bmap.areas[area_id].hex is None:
            for i, (x, y) in enumerate(self.editor.outline_points(area_id)):
                if math.hypot(x - pos.x(), y - pos.y()) <= reach:
                    return _Grab("vertex", area_id, i, pos, self.vertex_items[i + 1])
        best = None
        for aid, item in self.city_items.items():
            d = math.hypot(item.pos().x() - pos.x(), item.pos().y() - pos.y())
            if d <= reach and (best is None or d < best[0]):
                best = (d, aid, item)
        if best is not None:
            return _Grab("city", best[1], 0, pos, best[2])
        for (kind, key), item in self.rect_items.items():
            if item.rect().contains(pos) and not self._inside_area(pos):
                return _Grab(kind, key, 0, pos, item)
        return None

    def _inside_area(self, pos: QPointF) -> bool:
        place = self.editor.bmap.place_at(pos.x(), pos.y())
        return place is not None and place in self.editor.bmap.areas

    def area_at(self, pos: QPointF) -> str | None:
        place = self.editor.bmap.place_at(pos.x(), pos.y())
        return place if place in self.editor.bmap.areas else None

    # -- mouse -------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        pos = event.scenePos()
        self._press = pos
        if self.window.tool == "select":
            self._grab = self.grab_at(pos)
            if self._grab is not None:
                event.accept()
                return
        if self.window.tool != "select":
            event.accept()
            return
        event.ignore()  # a drag on the map pans it

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        grab = self._grab
        if grab is None or grab.item is None:
            super().mouseMoveEvent(event)
            return
        delta = event.scenePos() - grab.start
        if grab.kind in ("city", "vertex"):
            grab.item.setPos(event.scenePos())
        else:
            grab.item.setPos(delta)
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)
            return
        pos = event.scenePos()
        grab, self._grab = self._grab, None
        press, self._press = self._press, None
        moved = press is not None and (pos - press).manhattanLength() * self.zoom() >= 3
        if grab is not None:
            event.accept()
            if moved:
                self.window.finish_drag(grab, pos)
            else:
                self.window.click(grab.key if grab.kind == "city" else self.area_at(pos), pos)
            return
        if press is not None and not moved:
            event.accept()
            self.window.click(self.area_at(pos), pos)
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self.window.tool == "outline" and len(self.pending) >= 3:
            self.window.finish_outline()
            event.accept()
            return
        super().mouseDoubleClickEvent(event)


class MapEditorWindow(EditorWindow):
    """Edit the map of ``game`` on its scan (``pyramid`` placed by ``transform``)."""

    WORDS = EditorWords(N_("Cannot save the map"), N_("Saved as your map: {file}"),
                        N_("Export the map"), N_("Map files (*.yaml)"),
                        N_("Cannot export the map"), N_("Unsaved map"),
                        N_("Save your changes to the map?"))

    def __init__(self, game: Game, pyramid: ScanPyramid | None = None,
                 transform: Transform | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        ruleset = game.ruleset
        bmap = ruleset.board_map
        self.map_file = ruleset.map_file
        self.ruleset_name = ruleset.name
        occupied = {p["loc"] for p in game.state["pieces"].values()} & set(bmap.areas)
        self.editor = MapEditor(load_yaml_file(bmap.file), bmap.file, protected=occupied)
        self.selected: str | None = None
        self.tool = "select"
        self.message = ""
        self.scene = EditorScene(self)
        self.scan_layer: ScanLayer | None = None
        if pyramid is not None and transform is not None:
            self.scan_layer = ScanLayer(pyramid, transform)
            self.scene.addItem(self.scan_layer)
        self.view = BoardView(self.scene, self)
        self.setCentralWidget(self.view)
        self._build_actions()
        self._build_properties()
        self.setWindowTitle(_("Map editor — {map}").format(map=bmap.name))
        self.resize(1300, 900)
        self.refresh()

    # -- building ----------------------------------------------------------------------
    def _build_actions(self) -> None:
        bar = QToolBar(_("Map editor"), self)
        bar.setObjectName("map-editor")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(bar)
        key = QKeySequence
        self.undo_action = QAction(_("Undo"), self, shortcut=key("Ctrl+Z"))
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction(_("Redo"), self)
        self.redo_action.setShortcuts([key("Ctrl+Shift+Z"), key("Ctrl+Y")])
        self.redo_action.triggered.connect(self.redo)
        self.save_action = QAction(_("Save my map"), self, shortcut=key("Ctrl+S"))
        self.save_action.setToolTip(_("Save as your map: the board uses it instead of the "
                                      "shipped map (which is not changed)"))
        self.save_action.triggered.connect(self.save)
        self.export_action = QAction(_("Export…"), self)
        self.export_action.triggered.connect(self.export)
        self.fit_action = QAction(_("Fit"), self)
        self.fit_action.triggered.connect(self.view.fit)
        for action in (self.undo_action, self.redo_action, self.save_action, self.export_action):
            bar.addAction(action)
        bar.addSeparator()
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        for tool in TOOLS:
            action = QAction(str(TOOL_LABELS[tool]), self)
            action.setCheckable(True)
            action.setChecked(tool == "select")
            action.triggered.connect(lambda _=False, t=tool: self.set_tool(t))
            group.addAction(action)
            bar.addAction(action)
            self.tool_actions[tool] = action
        bar.addSeparator()
        bar.addAction(self.fit_action)
        self.delete_shortcut = QAction(self, shortcut=key("Delete"))
        self.delete_shortcut.triggered.connect(self.delete_selected)
        self.addAction(self.delete_shortcut)
        self.cancel_shortcut = QAction(self, shortcut=key("Escape"))
        self.cancel_shortcut.triggered.connect(self.cancel_pending)
        self.addAction(self.cancel_shortcut)
        self.finish_shortcut = QAction(self, shortcut=key("Return"))
        self.finish_shortcut.triggered.connect(self.finish_outline)
        self.addAction(self.finish_shortcut)
        self.status_label = QLabel()
        self.statusBar().addWidget(self.status_label, 1)

    def _build_properties(self) -> None:
        panel = QWidget()
        form = QFormLayout()
        self.title_label = QLabel(_("Click an area to edit it"))
        self.title_label.setWordWrap(True)
        self.name_edit = QLineEdit()
        self.name_edit.editingFinished.connect(
            lambda: self._set("name", self.name_edit.text().strip() or None))
        self.terrain_box = QComboBox()
        self.terrain_box.activated.connect(
            lambda _i: self._set("terrain", self.terrain_box.currentData()))
        self.fortified_box = QCheckBox(_("fortified"))
        self.fortified_box.clicked.connect(lambda on: self._set("fortified", bool(on)))
        self.nf_spin = QSpinBox()
        self.nf_spin.setRange(0, 9)
        self.nf_spin.editingFinished.connect(lambda: self._set("nf", self.nf_spin.value()))
        self.port_box = QCheckBox(_("port"))
        self.port_box.clicked.connect(lambda on: self._set("port", bool(on)))
        self.sea_box = QComboBox()
        self.sea_box.setToolTip(_("The sea this port opens on (none: not a port)"))
        self.sea_box.activated.connect(lambda _i: self._set("sea", self.sea_box.currentData()))
        self.region_box = QComboBox()
        self.region_box.activated.connect(
            lambda _i: self._set("region", self.region_box.currentData()))
        self.auto_outline = QPushButton(_("Automatic outline"))
        self.auto_outline.setToolTip(_("Forget the drawn outline: the area takes its share of "
                                       "the land around its city"))
        self.auto_outline.clicked.connect(self.clear_outline)
        form.addRow(_("Name"), self.name_edit)
        form.addRow(_("Terrain"), self.terrain_box)
        form.addRow("", self.fortified_box)
        form.addRow(_("Fortress level"), self.nf_spin)
        form.addRow("", self.port_box)
        form.addRow(_("Sea"), self.sea_box)
        form.addRow(_("County"), self.region_box)
        layout = QVBoxLayout(panel)
        layout.addWidget(self.title_label)
        layout.addLayout(form)
        layout.addWidget(self.auto_outline)
        help_text = QLabel(_(
            "Select / move (drag a city, a corner of the selected area's outline, a box or "
            "a track; click an area to select it and edit its fields), Add area (click "
            "where its city is), Draw outline (click the corners of the selected area, "
            "double-click to finish), Add road and Remove road (click two areas), Delete "
            "area (click it)."))
        help_text.setWordWrap(True)
        help_text.setStyleSheet("color: #555;")
        layout.addWidget(help_text)
        layout.addStretch(1)
        dock = QDockWidget(_("Area"), self)
        dock.setObjectName("area")
        dock.setWidget(panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.properties = panel

    # -- state -------------------------------------------------------------------------
    @property
    def bmap(self) -> BoardMap:
        return self.editor.bmap

    def refresh(self) -> None:
        """Redraw from the editor and update the actions and the properties."""
        if self.selected is not None and self.selected not in self.bmap.areas:
            self.selected = None
        self.scene.rebuild()
        self.undo_action.setEnabled(self.editor.can_undo)
        self.redo_action.setEnabled(self.editor.can_redo)
        self.undo_action.setText(_("Undo {edit}").format(edit=self.editor.undo_stack[-1].text)
                                 if self.editor.can_undo else _("Undo"))
        self.save_action.setEnabled(self.editor.dirty)
        star = "*" if self.editor.dirty else ""
        self.setWindowTitle(_("Map editor — {map}").format(map=self.bmap.name) + star)
        self._fill_properties()

    def _fill_properties(self) -> None:
        area = self.bmap.areas.get(self.selected) if self.selected else None
        self.properties.setEnabled(area is not None)
        widgets = (self.name_edit, self.terrain_box, self.fortified_box, self.nf_spin,
                   self.port_box, self.sea_box, self.region_box)
        for w in widgets:
            w.blockSignals(True)
        try:
            self.terrain_box.clear()
            for terrain in self.bmap.terrains:
                self.terrain_box.addItem(terrain_name(terrain), terrain)
            self.sea_box.clear()
            self.sea_box.addItem(_("(not a port)"), None)
            for sea in self.bmap.seas.values():
                self.sea_box.addItem(sea.name, sea.id)
            self.sea_box.setEnabled(bool(self.bmap.seas))
            self.region_box.clear()
            self.region_box.addItem(_("(none)"), None)
            for region in self.bmap.regions.values():
                self.region_box.addItem(region.name, region.id)
            if area is None:
                self.title_label.setText(_("Click an area to edit it"))
                return
            kind = _("<b>{area}</b> (hex {id})") if area.hex is not None else \
                _("<b>{area}</b> (area {id})")
            self.title_label.setText(kind.format(area=area.name, id=area.id))
            self.name_edit.setText(area.name)
            self.terrain_box.setCurrentIndex(max(0, self.terrain_box.findData(area.terrain)))
            self.fortified_box.setChecked(area.fortified)
            self.nf_spin.setValue(area.nf)
            self.nf_spin.setEnabled(area.fortified)
            self.port_box.setChecked(area.port)
            self.sea_box.setCurrentIndex(max(0, self.sea_box.findData(area.sea)))
            self.region_box.setCurrentIndex(max(0, self.region_box.findData(area.region)))
            self.auto_outline.setEnabled(area.polygon is not None and area.hex is None)
        finally:
            for w in widgets:
                w.blockSignals(False)

    # -- gestures ----------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.tool_actions[tool].setChecked(True)
        self.scene.road_start = None
        self.cancel_pending()
        hints = {"add-area": _("Click where the new area's city is"),
                 "outline": _("Click the corners of the selected area's outline; "
                              "double-click or Enter to finish, Escape to cancel"),
                 "add-road": _("Click the two areas the road joins"),
                 "remove-road": _("Click the two areas the road joins"),
                 "delete-area": _("Click the area to delete")}
        self.say(hints.get(tool, _("Drag cities, corners, boxes and tracks; click an area to "
                                   "edit it")))

    def select(self, area_id: str | None) -> None:
        self.selected = area_id
        self.scene.show_selection()
        self._fill_properties()

    def click(self, area_id: str | None, pos: QPointF) -> None:
        tool = self.tool
        if tool == "select":
            self.select(area_id)
        elif tool == "add-area":
            n = len(self.bmap.areas) + 1
            name = _("New area {number}").format(number=n)
            if self.do(self.editor.add_area, name, (pos.x(), pos.y())):
                self.select(self._last_added())
        elif tool == "outline":
            if self.selected is None:
                self.say(_("Select an area first (Select / move tool)"), refused=True)
                return
            self.scene.pending.append(pos)
            self.scene.show_pending()
        elif tool in ("add-road", "remove-road"):
            if area_id is None:
                return
            if self.scene.road_start is None:
                self.scene.road_start = area_id
                self.say(_("From {area}: now click the other area").format(
                    area=self.bmap.place_name(area_id)))
            else:
                start, self.scene.road_start = self.scene.road_start, None
                fn = self.editor.add_road if tool == "add-road" else self.editor.remove_road
                self.do(fn, start, area_id)
        elif tool == "delete-area" and area_id is not None:
            self.do(self.editor.delete_area, area_id)

    def _last_added(self) -> str | None:
        edit = self.editor.undo_stack[-1] if self.editor.undo_stack else None
        return str(edit.changes[0].path[1]) if edit else None

    def finish_drag(self, grab: _Grab, pos: QPointF) -> None:
        delta = pos - grab.start
        if grab.kind == "city":
            self.do(self.editor.move_city, grab.key, (pos.x(), pos.y()))
        elif grab.kind == "vertex":
            self.do(self.editor.move_vertex, grab.key, grab.index, (pos.x(), pos.y()))
        elif grab.kind == "box":
            x, y, w, h = self.bmap.boxes[grab.key].rect
            self.do(self.editor.set_box_rect, grab.key, (x + delta.x(), y + delta.y(), w, h))
        elif grab.kind == "control":
            x, y, w, h = self.bmap.control_boxes[grab.key]
            self.do(self.editor.set_control_box_rect, grab.key,
                    (x + delta.x(), y + delta.y(), w, h))
        elif grab.kind == "track":
            self.do(self.editor.move_track, grab.key, delta.x(), delta.y())

    def finish_outline(self) -> None:
        if self.tool != "outline" or self.selected is None or len(self.scene.pending) < 3:
            return
        points = [(p.x(), p.y()) for p in self.scene.pending]
        self.scene.pending = []
        self.do(self.editor.set_outline, self.selected, points)

    def cancel_pending(self) -> None:
        self.scene.pending = []
        self.scene.show_pending()

    def clear_outline(self) -> None:
        if self.selected is not None:
            self.do(self.editor.set_outline, self.selected, None)

    def delete_selected(self) -> None:
        if self.selected is not None:
            self.do(self.editor.delete_area, self.selected)

    def _set(self, name: str, value) -> None:
        if self.selected is None:
            return
        area = self.bmap.areas[self.selected]
        current = getattr(area, "region" if name == "region" else name, None)
        if value == current:
            return
        self.do(self.editor.set_field, self.selected, name, value)
