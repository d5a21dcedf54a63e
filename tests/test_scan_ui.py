"""Your own scanned board, through the window (pytest-qt, offscreen): load a scan,
calibrate it by clicking cities, edit the map on it (move a city, undo), save the user
map; the next window shows the scan again from the saved settings."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QMessageBox

from boardapp.core.board.mapdata import load_map
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.scan.boardsettings import UserMaps, settings_path, user_map_path
from boardapp.paths import maps_dir
from boardapp.ui.main_window import MainWindow
from tests.synthetic_scan import render_scan
from tests.test_scan_calibration import KNOWN, scan_size, spread_cities

SHIPPED = maps_dir() / "deux_bretagne.yaml"


@pytest.fixture
def env(tmp_path, monkeypatch):
    """Private user folders, a synthetic scan of the shipped map, no blocking dialog."""
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BOARDAPP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda p, t, text, *a, **k: shown.append(text))
    bmap = load_map(SHIPPED)
    scan = tmp_path / "my map.png"
    render_scan(bmap, KNOWN, scan_size(bmap, KNOWN)).save(scan)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(scan), ""))
    return {"scan": scan, "bmap": bmap, "errors": shown}


def open_window(qtbot):
    win = MainWindow(Game(find_ruleset("deux-bretagne", UserMaps()), seed=7))
    qtbot.addWidget(win)
    win.resize(1200, 850)
    win.show()
    qtbot.waitExposed(win)
    return win


def click_scene(view, point: QPointF) -> None:
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, view.mapFromScene(point))


def drag_scene(view, start: QPointF, end: QPointF) -> None:
    viewport = view.viewport()
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, 6):
        QTest.mouseMove(viewport, a + (b - a) * (i / 5))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def test_scan_calibrate_edit_undo_save(qtbot, env):
    win = open_window(qtbot)
    board = win.scan_board
    assert win.scene.scan_layer is None and not board.calibrate_action.isEnabled()

    # 1. Board -> Use a scanned map...: the tiles are built, the calibration opens
    dialog = board.choose_scan()
    assert dialog is not None and dialog.isVisible()
    qtbot.waitExposed(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()

    # 2. click four cities on the scan, as a user would
    bmap = env["bmap"]
    dialog.view.set_zoom(2.0)
    for area in spread_cities(bmap, 4):
        dialog.select_feature(area.id)
        target = QPointF(*KNOWN.apply(*area.pos))
        dialog.view.centerOn(target)
        click_scene(dialog.view, target)
    assert [p.name for p in dialog.points] == [a.id for a in spread_cities(bmap, 4)]
    cal = dialog.calibration
    assert cal is not None and cal.max_residual < 1.5
    assert dialog.table.rowCount() == 4 and float(dialog.table.item(0, 3).text()) < 1.5
    corners = np.array([(0, 0), (1600, 0), (0, 1150), (1600, 1150)])
    error = np.hypot(*(cal.transform.apply_many(corners) - KNOWN.apply_many(corners)).T)
    assert error.max() < 2.0  # clicks are whole screen pixels at half a scan pixel each
    assert ok.isEnabled()
    ok.click()

    # the board now draws the scan under the map, saved with the board settings
    assert win.scene.scan_layer is not None and board.toolbar.isVisible()
    saved = json.loads(settings_path(bmap.id).read_text())
    assert saved["scan"] == str(env["scan"]) and len(saved["points"]) == 4
    board.opacity_slider.setValue(30)
    assert win.scene.map_layer.opacity() == pytest.approx(0.3)
    board.show_action.trigger()
    assert not win.scene.map_layer.isVisible()
    board.show_action.trigger()
    assert win.scene.map_layer.isVisible()
    win.view.fit()
    qtbot.wait(20)
    image = win.view.viewport().grab().toImage()
    assert not image.isNull()

    # 3. edit the map on the scan: drag a city, undo, drag again, save
    board.edit_action.trigger()
    editor = board.editor
    assert editor is not None
    qtbot.waitExposed(editor)
    editor.view.set_zoom(2.0)
    city = spread_cities(bmap, 5)[4]  # in the middle of the map
    start = QPointF(*city.pos)
    end = QPointF(city.pos[0] + 12, city.pos[1] - 8)
    editor.view.centerOn(start)
    drag_scene(editor.view, start, end)
    moved = editor.editor.bmap.areas[city.id].pos
    assert moved != city.pos and abs(moved[0] - end.x()) < 1 and abs(moved[1] - end.y()) < 1
    assert editor.undo_action.isEnabled() and editor.message.startswith("Move")
    editor.undo_action.trigger()
    assert editor.editor.bmap.areas[city.id].pos == city.pos
    assert not editor.editor.dirty and editor.redo_action.isEnabled()
    drag_scene(editor.view, start, end)
    assert editor.editor.dirty
    # a drop into another area's city is refused with the reason, nothing changes
    other = next(a for a in bmap.areas.values() if a.id != city.id)
    before = editor.editor.bmap.areas[other.id].pos
    editor.editor.set_outline(city.id, [(moved[0] - 20, moved[1] - 20),
                                        (moved[0] + 20, moved[1] - 20),
                                        (moved[0] + 20, moved[1] + 20),
                                        (moved[0] - 20, moved[1] + 20)])
    editor.refresh()
    editor.view.centerOn(QPointF(*before))
    drag_scene(editor.view, QPointF(*before), QPointF(*moved))
    assert "refused" in editor.message and editor.editor.bmap.areas[other.id].pos == before
    shipped_text = SHIPPED.read_text(encoding="utf-8")
    editor.save_action.trigger()
    path = user_map_path(SHIPPED.name)
    assert path.is_file() and SHIPPED.read_text(encoding="utf-8") == shipped_text
    assert not editor.editor.dirty and env["errors"] == []
    # the board plays on the user map at once: a drop in the new outline lands there
    assert win.game.ruleset.board_map.file == str(path)
    assert win.scene.bmap.areas[city.id].polygon is not None
    assert win.scene.bmap.place_at(moved[0] + 15, moved[1] + 15) == city.id
    editor.close()

    # 4. the next window shows the scan again, from the cache, on the user map
    again = open_window(qtbot)
    assert again.scan_board.pyramid is not None and again.scan_board.pyramid.is_built
    assert again.scene.scan_layer is not None
    assert again.scene.map_layer.opacity() == pytest.approx(0.3)
    assert again.game.ruleset.board_map.areas[city.id].pos == moved


def test_a_scan_layer_deleted_before_its_repaint_is_left_alone(qtbot, tmp_path):
    import shiboken6
    from PIL import Image
    from PySide6.QtWidgets import QGraphicsScene

    from boardapp.core.scan.calibration import Transform
    from boardapp.core.scan.tiles import ScanPyramid
    from boardapp.ui.scan_layer import ScanLayer

    Image.new("RGB", (300, 200), "white").save(tmp_path / "scan.png")
    pyramid = ScanPyramid(tmp_path / "scan.png", tmp_path / "cache").ensure()
    scene = QGraphicsScene()
    layer = ScanLayer(pyramid, Transform.identity())
    scene.addItem(layer)
    layer._refresh.start()  # tiles still coming: a repaint is due
    scene.clear()  # a new game drawn: the scene deletes the item first
    qtbot.wait(50)  # an exception raised in the event loop would fail the test
    assert not shiboken6.isValid(layer)
