"""The Board menu: play on a scan of your own map, calibrate it, edit the map on it.

:class:`ScanBoard` owns the menu and the small scan toolbar of a main window. It keeps
the board settings of the map shown (:mod:`boardapp.core.scan.boardsettings`): the scan, its
calibration, the opacity and visibility of the map drawn over it, and reuses them the
next time the map is shown. Building a scan's tiles runs in a worker thread behind a
progress dialog; it happens once per scan file.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressDialog,
    QSlider,
    QToolBar,
)

from boardapp.core.base.errors import BoardappError
from boardapp.core.board.mapdata import BoardMap
from boardapp.core.board.maps import USER, LoadedMap, map_digest
from boardapp.core.scan.boardsettings import (
    BoardSettings,
    load_board_settings,
    remove_user_map,
    save_board_settings,
    user_map_path,
)

from .board_view import MAX_ZOOM
from .i18n import _

if TYPE_CHECKING:  # a scan (Pillow) and its calibration: imported when the player uses one
    from boardapp.core.scan.tiles import ScanPyramid

    from .calibrate_dialog import CalibrateDialog


def scan_filter() -> str:
    """The file dialog's filter of scans and photos."""
    return _("Scans and photos (*.png *.jpg *.jpeg *.tif *.tiff);;All files (*)")


def build_with_progress(parent, pyramid: ScanPyramid) -> bool:
    """Build ``pyramid`` (if its cache is not valid) behind a progress dialog; ``False``
    if cancelled. Raises :class:`ScanError` when the scan cannot be read."""
    if pyramid.is_built:
        return True
    dialog = QProgressDialog(_("Preparing the scan for display (once: the tiles are "
                               "kept)…"), _("Cancel"), 0, 1000, parent)
    dialog.setWindowTitle(_("Preparing the scan"))
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(300)
    done = {"fraction": 0.0, "error": None, "cancel": False}

    def progress(fraction: float) -> bool:
        done["fraction"] = fraction
        return not done["cancel"]

    def work() -> None:
        try:
            pyramid.build(progress)
        except BaseException as exc:  # reported in the GUI thread  # noqa: BLE001
            done["error"] = exc

    thread = threading.Thread(target=work, name="scan-tiles", daemon=True)
    thread.start()
    while thread.is_alive():
        QApplication.processEvents()
        dialog.setValue(int(done["fraction"] * 1000))
        if dialog.wasCanceled():
            done["cancel"] = True
        thread.join(0.03)
    dialog.close()
    error = done["error"]
    if error is not None:
        if done["cancel"]:
            return False
        raise error
    return True


class ScanBoard(QObject):
    """The Board menu and scan toolbar of ``window`` (a :class:`MainWindow`)."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.settings: BoardSettings | None = None
        self.pyramid: ScanPyramid | None = None
        self.editor = None
        self.last_problem = ""
        self._build()

    @property
    def scene(self):
        return self.window.scene

    @property
    def bmap(self) -> BoardMap:
        return self.window.game.ruleset.board_map

    # -- menu and toolbar ---------------------------------------------------------------------
    def _build(self) -> None:
        w = self.window
        self.menu = w.menuBar().addMenu(_("&Board"))
        self.use_action = self.menu.addAction(_("Use a &scanned map…"), self.choose_scan)
        self.use_action.setStatusTip(_("Draw a scan or photo of your physical map under the "
                                       "counters"))
        self.calibrate_action = self.menu.addAction(_("&Calibrate the scan…"), self.calibrate)
        self.show_action = QAction(_("Show the &map over the scan"), w)
        self.show_action.setCheckable(True)
        self.show_action.setChecked(True)
        self.show_action.toggled.connect(self._overlay_changed)
        self.menu.addAction(self.show_action)
        self.stop_action = self.menu.addAction(_("Stop using the scan"), self.stop_scan)
        self.menu.addSeparator()
        self.edit_action = self.menu.addAction(_("&Edit the map on the scan…"), self.edit_map)
        self.export_action = self.menu.addAction(_("E&xport my map…"), self.export_map)
        self.shipped_action = self.menu.addAction(_("Use the shipped map again"),
                                                  self.use_shipped_map)
        self.toolbar = QToolBar(_("Scan"), w)
        self.toolbar.setObjectName("scan")
        self.toolbar.addAction(self.show_action)
        self.toolbar.addWidget(QLabel(" " + _("Opacity") + " "))
        self.opacity_slider = QSlider(Qt.Orientation.Horizontal)
        self.opacity_slider.setRange(0, 100)
        self.opacity_slider.setFixedWidth(140)
        self.opacity_slider.setToolTip(_("Opacity of the map drawn over the scan"))
        self.opacity_slider.valueChanged.connect(lambda _v: self._overlay_changed())
        self.toolbar.addWidget(self.opacity_slider)
        w.addToolBar(self.toolbar)
        self._refresh()

    def _refresh(self) -> None:
        on = self.scene.scan_layer is not None
        self.calibrate_action.setEnabled(self.pyramid is not None)
        self.show_action.setEnabled(on)
        self.stop_action.setEnabled(on or bool(self.settings and self.settings.scan))
        self.toolbar.setVisible(on)
        mapfile = self.window.game.ruleset.map_file
        self.shipped_action.setEnabled(bool(mapfile) and user_map_path(mapfile).is_file())
        self.edit_action.setEnabled(bool(mapfile))
        table = getattr(self.bmap, "table", None) is not None
        self.use_action.setText("Use a scan of your &plan…" if table else "Use a &scanned map…")
        self.edit_action.setText("&Edit the table (on the plan)…" if table
                                 else "&Edit the map on the scan…")

    def _overlay_changed(self) -> None:
        visible = self.show_action.isChecked()
        opacity = self.opacity_slider.value() / 100
        self.scene.set_overlay(visible, opacity)
        if self.settings is not None and (self.settings.overlay_visible != visible
                                          or self.settings.overlay_opacity != opacity):
            self.settings.overlay_visible = visible
            self.settings.overlay_opacity = opacity
            self._save()

    def _save(self) -> None:
        assert self.settings is not None
        try:
            save_board_settings(self.settings)
        except OSError as exc:
            self._problem(_("The board settings cannot be saved: {problem}").format(
                problem=exc))

    def _problem(self, text: str) -> None:
        self.last_problem = text
        self.window.statusBar().showMessage(text, 15000)

    # -- restoring ---------------------------------------------------------------------------
    def restore(self) -> None:
        """Show the saved scan of the map shown, if any (called when a game is shown)."""
        self.settings = load_board_settings(self.bmap.id)
        self.pyramid = None
        self.scene.clear_scan()
        if self.settings.problem:
            self._problem(_("Board settings ignored: {problem}").format(
                problem=self.settings.problem))
        scan = self.settings.scan
        if scan and self.settings.transform is not None:
            if not Path(scan).is_file():
                self._problem(_("The scan {file} is missing: Board → Use a scanned map… "
                                "to choose it again").format(file=scan))
            else:
                from boardapp.core.scan.tiles import ScanError, ScanPyramid  # Pillow

                try:
                    pyramid = ScanPyramid(scan)
                    if build_with_progress(self.window, pyramid):
                        self.pyramid = pyramid
                        self._apply()
                except (ScanError, OSError) as exc:
                    self._problem(_("The scan cannot be shown: {problem}").format(
                        problem=exc))
        self._refresh()

    def _apply(self) -> None:
        assert self.settings is not None and self.pyramid is not None
        if self.settings.transform is None:
            return
        self.scene.set_scan(self.pyramid, self.settings.transform)
        # zoom in far enough to see the scan pixel for pixel
        self.window.view.max_zoom = max(MAX_ZOOM, 1.5 * self.settings.transform.mean_scale())
        self.show_action.blockSignals(True)
        self.show_action.setChecked(self.settings.overlay_visible)
        self.show_action.blockSignals(False)
        self.opacity_slider.blockSignals(True)
        self.opacity_slider.setValue(round(self.settings.overlay_opacity * 100))
        self.opacity_slider.blockSignals(False)
        self.scene.set_overlay(self.settings.overlay_visible, self.settings.overlay_opacity)
        self._refresh()

    # -- choosing and calibrating ------------------------------------------------------------
    def choose_scan(self) -> CalibrateDialog | None:
        """Ask for a scan file, prepare it, then calibrate it."""
        start = self.settings.scan if self.settings and self.settings.scan else ""
        path = QFileDialog.getOpenFileName(self.window, _("Use a scanned map"), start,
                                           scan_filter())[0]
        return self.use_scan(path) if path else None

    def use_scan(self, path: str | Path) -> CalibrateDialog | None:
        """Prepare scan ``path`` and open the calibration (returned, not yet closed)."""
        from boardapp.core.scan.tiles import ScanError, ScanPyramid  # Pillow

        try:
            pyramid = ScanPyramid(path)
            if not build_with_progress(self.window, pyramid):
                return None
        except (ScanError, OSError) as exc:
            QMessageBox.critical(self.window, _("Cannot use the scan"), str(exc))
            return None
        if self.settings is None:
            self.settings = load_board_settings(self.bmap.id)
        same = self.settings.scan and Path(self.settings.scan).resolve() == pyramid.source
        if not same:
            self.settings.points = []
            self.settings.transform = None
        self.settings.scan = str(pyramid.source)
        self.pyramid = pyramid
        self._refresh()
        return self.calibrate()

    def calibrate(self) -> CalibrateDialog | None:
        """Open the calibration of the current scan (non-blocking; saved on OK)."""
        if self.pyramid is None or self.settings is None:
            return None
        kind = self.settings.transform.kind if self.settings.transform else "affine"
        from .calibrate_dialog import CalibrateDialog

        dialog = CalibrateDialog(self.bmap, self.pyramid, self.settings.points, kind,
                                 self.window)
        dialog.accepted.connect(lambda: self._calibrated(dialog))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def _calibrated(self, dialog: CalibrateDialog) -> None:
        if dialog.calibration is None or self.settings is None:
            return
        self.settings.set_calibration(dialog.calibration)
        self._save()
        self._apply()
        self.window.view.fit()

    def stop_scan(self) -> None:
        """Back to the drawn map (the scan and calibration are forgotten)."""
        self.scene.clear_scan()
        if self.settings is not None:
            self.settings.scan = None
            self.settings.points = []
            self.settings.transform = None
            self._save()
        self.pyramid = None
        self._refresh()

    # -- the map ---------------------------------------------------------------------------------
    def edit_map(self):
        """Open the map editor on the scan (or on the drawn map without a scan); on a
        table, the table editor."""
        from boardapp.core.table.tableboard import table_of

        from .map_editor import MapEditorWindow
        from .table_editor import TableEditorWindow

        if self.editor is not None:
            self.editor.raise_()
            return self.editor
        editor = TableEditorWindow if table_of(self.bmap) is not None else MapEditorWindow
        try:
            self.editor = editor(self.window.game, self.pyramid,
                                          self.settings.transform if self.settings else None,
                                          self.window)
        except BoardappError as exc:
            QMessageBox.critical(self.window, _("Cannot edit the map"), str(exc))
            return None
        self.editor.saved.connect(self.map_changed)
        self.editor.destroyed.connect(lambda *_: setattr(self, "editor", None))
        self.editor.show()
        return self.editor

    def map_changed(self, bmap: BoardMap) -> None:
        """Play on ``bmap`` (a map just saved by the editor)."""
        ruleset = self.window.game.ruleset
        path = user_map_path(ruleset.map_file)
        digest = map_digest(path.read_bytes()) if path.is_file() else ""
        ruleset.use_map(LoadedMap(bmap, USER, digest))
        self.scene.set_game(self.window.game)
        self._refresh()

    def export_map(self) -> str | None:
        """Write the map in use (the user's own, or the shipped one) to a chosen file."""
        from boardapp.core.base.yamlio import load_yaml_file
        from boardapp.core.scan.boardsettings import write_map

        ruleset = self.window.game.ruleset
        source = Path(self.bmap.file)
        path = QFileDialog.getSaveFileName(self.window, _("Export my map"),
                                           source.name, _("Map files (*.yaml)"))[0]
        if not path:
            return None
        try:
            write_map(load_yaml_file(source), path, origin=f"{ruleset.name} ({source.name})")
        except (BoardappError, OSError) as exc:
            QMessageBox.critical(self.window, _("Cannot export the map"), str(exc))
            return None
        self.window.statusBar().showMessage(_("Map exported to {file}").format(file=path),
                                            10000)
        return path

    def use_shipped_map(self) -> None:
        """Forget the user's map: the shipped one is used again."""
        ruleset = self.window.game.ruleset
        answer = QMessageBox.question(self.window, _("Use the shipped map"),
                                      _("Remove your edited map and use the shipped one?"))
        if answer != QMessageBox.StandardButton.Yes:
            return
        remove_user_map(ruleset.map_file)
        ruleset.reload_maps()
        try:
            ruleset.board_map  # noqa: B018 (reload)
        except BoardappError as exc:
            QMessageBox.critical(self.window, _("Cannot load the shipped map"), str(exc))
            return
        self.scene.set_game(self.window.game)
        self._refresh()

    def wait_idle(self, seconds: float = 0.0) -> None:
        """Let queued repaints run (tests, benchmarks)."""
        end = time.perf_counter() + seconds
        QApplication.processEvents()
        while time.perf_counter() < end:
            QApplication.processEvents()
