"""Calibrate a scan: click reference points on it and say which map feature each is.

The dialog shows the scan (its own tiles, in scan pixels) with a list of map features.
Choose a feature (a city, a box corner, a hex centre), click where it is on the scan;
from three points on (four for a photograph's perspective) the transform is fitted, each
point shows its residual error in pixels, and the map is drawn over the scan through the
fitted transform so that a misplaced click shows at once.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSlider,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.board.mapdata import BoardMap
from boardapp.core.scan.calibration import (
    Calibration,
    CalibrationError,
    RefPoint,
    Transform,
    calibrate,
    map_features,
    table_point,
)
from boardapp.core.scan.tiles import ScanPyramid

from .board_view import BoardView
from .map_items import MapLayer
from .scan_layer import ScanLayer, qtransform
from .table_items import TableLayer

MARK = QColor("#e0007a")
CLICK_SLOP = 4.0


class _ScanScene(QGraphicsScene):
    """The scan in scan pixels; a click (press and release in place) reports its point."""

    clicked = Signal(QPointF)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._press: QPointF | None = None
        self.setBackgroundBrush(QColor("#5f6b73"))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.screenPos().toPointF()
        event.ignore()  # the view may pan with a drag

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if (event.button() == Qt.MouseButton.LeftButton and self._press is not None
                and (event.screenPos().toPointF() - self._press).manhattanLength() < CLICK_SLOP):
            self.clicked.emit(event.scenePos())
        self._press = None
        super().mouseReleaseEvent(event)


class CalibrateDialog(QDialog):
    """Reference points on a scan of ``bmap``; :attr:`calibration` once enough are given."""

    def __init__(self, bmap: BoardMap, pyramid: ScanPyramid,
                 points: list[RefPoint] | None = None, kind: str = "affine",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Calibrate the scan — {bmap.name}")
        self.bmap = bmap
        self.pyramid = pyramid
        self.features = map_features(bmap)
        self.points: list[RefPoint] = []
        self.calibration: Calibration | None = None
        self.problem = ""
        self._marks: list[QGraphicsPathItem | QGraphicsSimpleTextItem] = []
        self._build(kind)
        for p in points or []:
            if self.feature(p.name) is not None:
                self.add_point(p.name, p.scan, refit=False)
        self.refit()

    # -- building ------------------------------------------------------------------------
    def _build(self, kind: str) -> None:
        self.scene = _ScanScene(self)
        self.scan_layer = ScanLayer(self.pyramid, Transform.identity())
        self.scene.addItem(self.scan_layer)
        w, h = self.pyramid.size
        self.scene.setSceneRect(-w * 0.05, -h * 0.05, w * 1.1, h * 1.1)
        table = getattr(self.bmap, "table", None)
        if table is not None:  # a plan of a table: its scenery drawn over the scan
            self.overlay = TableLayer(table)
        else:
            self.overlay = MapLayer(self.bmap)
            self.overlay.set_overlay(True)
        self.overlay.setOpacity(0.6)
        self.overlay.setVisible(False)
        self.overlay.setZValue(1)
        self.scene.addItem(self.overlay)
        self.scene.clicked.connect(self._clicked)
        self.view = BoardView(self.scene, self)
        self.view.setMinimumSize(640, 480)

        self.feature_box = QComboBox()
        self.feature_box.setEditable(True)
        self.feature_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for name in self.features:
            label = self.bmap.place_name(name) if self.bmap.is_place(name) else name
            self.feature_box.addItem(f"{label}  ({name})" if label != name else name, name)
        self.feature_box.setToolTip("The map feature you click next on the scan")
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Feature", "Scan x", "Scan y", "Error (px)"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.remove_button = QPushButton("Remove point")
        self.remove_button.clicked.connect(self._remove_selected)
        self.affine_radio = QRadioButton("Scan (affine)")
        self.projective_radio = QRadioButton("Photo (perspective, 4+ points)")
        group = QButtonGroup(self)
        group.addButton(self.affine_radio)
        group.addButton(self.projective_radio)
        (self.projective_radio if kind == "projective" else self.affine_radio).setChecked(True)
        self.affine_radio.toggled.connect(lambda _on: self.refit())
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setValue(60)
        self.opacity.valueChanged.connect(lambda v: self.overlay.setOpacity(v / 100))
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        side = QVBoxLayout()
        plan = ("On a plan of a table: choose a corner of the table (map.tl, map.br...) or "
                "type a point of the plan in centimetres (30,40 cm), then click it. "
                if getattr(self.bmap, "table", None) is not None else "")
        help_text = QLabel(plan + "Choose a map feature, then click where it is on the scan. "
                           "Three points or more, far apart; drag to pan, Ctrl+wheel to zoom.")
        help_text.setWordWrap(True)
        side.addWidget(help_text)
        side.addWidget(self.feature_box)
        side.addWidget(self.table, 1)
        side.addWidget(self.remove_button)
        side.addWidget(self.affine_radio)
        side.addWidget(self.projective_radio)
        row = QHBoxLayout()
        row.addWidget(QLabel("Map over the scan"))
        row.addWidget(self.opacity)
        side.addLayout(row)
        side.addWidget(self.status)
        side.addWidget(self.buttons)
        panel = QWidget()
        panel.setLayout(side)
        panel.setFixedWidth(360)
        layout = QHBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addWidget(panel)
        self.resize(1200, 800)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self.view.fitInView(self.scan_layer.boundingRect(), Qt.AspectRatioMode.KeepAspectRatio)

    # -- points ---------------------------------------------------------------------------
    @property
    def kind(self) -> str:
        return "projective" if self.projective_radio.isChecked() else "affine"

    def set_kind(self, kind: str) -> None:
        (self.projective_radio if kind == "projective" else self.affine_radio).setChecked(True)

    def current_feature(self) -> str:
        data = self.feature_box.currentData()
        if data is not None and self.feature_box.currentText() == self.feature_box.itemText(
                self.feature_box.currentIndex()):
            return str(data)
        return self.feature_box.currentText().strip()

    def select_feature(self, name: str) -> None:
        index = self.feature_box.findData(name)
        if index >= 0:
            self.feature_box.setCurrentIndex(index)

    def feature(self, name: str) -> tuple[float, float] | None:
        """The map point of feature ``name`` (on a table also ``X,Y cm``), or ``None``."""
        return self.features.get(name) or table_point(self.bmap, name)

    def _clicked(self, pos: QPointF) -> None:
        name = self.current_feature()
        if self.feature(name) is None:
            self.status.setText(f"Choose a map feature first ({name!r} is not one).")
            return
        self.add_point(name, (pos.x(), pos.y()))
        # move on to the next feature, as one clicks a series
        self.feature_box.setCurrentIndex((self.feature_box.currentIndex() + 1)
                                         % self.feature_box.count())

    def add_point(self, name: str, scan: tuple[float, float], refit: bool = True) -> None:
        """Say that feature ``name`` is at ``scan`` (a second click on it moves it)."""
        where = self.feature(name)
        assert where is not None, name
        point = RefPoint(name, where, (float(scan[0]), float(scan[1])))
        self.points = [p for p in self.points if p.name != name] + [point]
        if refit:
            self.refit()

    def remove_point(self, name: str) -> None:
        self.points = [p for p in self.points if p.name != name]
        self.refit()

    def _remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        for row in rows:
            self.remove_point(self.points[row].name)

    # -- fitting ----------------------------------------------------------------------------
    def refit(self) -> None:
        """Fit the transform to the points (if enough) and show the residuals."""
        self.calibration = None
        self.problem = ""
        try:
            if self.points:
                self.calibration = calibrate(self.points, self.kind)
        except CalibrationError as exc:
            self.problem = str(exc)
        self._show()

    def _show(self) -> None:
        cal = self.calibration
        self.table.setRowCount(len(self.points))
        for row, p in enumerate(self.points):
            error = f"{cal.residuals[row]:.2f}" if cal else "—"
            for col, text in enumerate((p.name, f"{p.scan[0]:.1f}", f"{p.scan[1]:.1f}", error)):
                item = QTableWidgetItem(text)
                if col == 3 and cal and cal.residuals[row] > 5:
                    item.setForeground(QColor("#b3261e"))
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        if cal is not None:
            per_cm = ""
            table = getattr(self.bmap, "table", None)
            if table is not None:
                scale = cal.transform.mean_scale() * self.bmap.size[0] / table.width
                per_cm = f"\n{scale:.2f} scan px per table cm ({scale * 25.4:.0f} dpi at 1:10)"
            self.status.setText(f"{cal.transform.describe()}\nError: rms {cal.rms:.2f} px, "
                                f"max {cal.max_residual:.2f} px{per_cm}")
            self.overlay.setTransform(qtransform(cal.transform))
            self.overlay.setVisible(True)
        else:
            self.status.setText(self.problem or "Click three points or more.")
            self.overlay.setVisible(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(cal is not None)
        self._draw_marks()

    def _draw_marks(self) -> None:
        for item in self._marks:
            self.scene.removeItem(item)
        self._marks = []
        size = max(6.0, self.pyramid.size[0] / 300)
        for p in self.points:
            path = QPainterPath()
            x, y = p.scan
            path.moveTo(x - size, y)
            path.lineTo(x + size, y)
            path.moveTo(x, y - size)
            path.lineTo(x, y + size)
            path.addEllipse(QPointF(x, y), size * 0.6, size * 0.6)
            mark = QGraphicsPathItem(path)
            pen = QPen(MARK, 2.0)
            pen.setCosmetic(True)
            mark.setPen(pen)
            mark.setZValue(5)
            label = QGraphicsSimpleTextItem(p.name)
            label.setBrush(MARK)
            f = QFont()
            f.setPixelSize(max(10, round(size * 1.4)))
            f.setBold(True)
            label.setFont(f)
            label.setPos(x + size, y - size * 2.2)
            label.setZValue(5)
            for item in (mark, label):
                item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                self.scene.addItem(item)
                self._marks.append(item)
