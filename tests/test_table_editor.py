"""The table editor (issue 18 point 1; pytest-qt, offscreen): draw scenery by clicks on
the table, set its classes, height, floors and crest, move a corner, undo; save it as the
user's table (validated YAML) which reads back to the same file and which the game plays
on at once; a table file's own checks refuse what would make it invalid."""

from __future__ import annotations

import importlib.util

import pytest
import yaml
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.board.mapdata import load_map
from boardapp.core.board.mapedit import MapEditError
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.scan.boardsettings import UserMaps, user_map_path
from boardapp.core.scan.calibration import CalibrationError, feature_point
from boardapp.core.table.tableedit import TableEditor
from boardapp.paths import maps_dir
from boardapp.ui.main_window import MainWindow
from boardapp.ui.table_editor import TableEditorWindow
from boardapp.ui.table_items import mm


@pytest.fixture(autouse=True)
def quiet(monkeypatch) -> None:
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)


def click(view, x: float, y: float) -> None:
    """A click on the table at (x, y) cm."""
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, view.mapFromScene(mm(x, y)))


def drag(view, start: tuple[float, float], end: tuple[float, float]) -> None:
    viewport = view.viewport()
    a, b = view.mapFromScene(mm(*start)), view.mapFromScene(mm(*end))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(viewport, b)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def open_editor(qtbot) -> tuple[MainWindow, TableEditorWindow]:
    window = MainWindow(Game(find_ruleset("table-demo", UserMaps()), None, 1))
    qtbot.addWidget(window)
    window.show()
    editor = window.scan_board.edit_map()
    assert isinstance(editor, TableEditorWindow)
    editor.resize(1200, 850)
    qtbot.waitExposed(editor)
    return window, editor


def test_draw_a_wood_by_clicks_set_its_classes_save_and_read_it_back(qtbot, tmp_path):
    window, editor = open_editor(qtbot)
    assert window.scan_board.edit_action.text() == "&Edit the table (on the plan)…"
    editor.set_tool("shape")
    editor.kind_box.setCurrentText("wood")
    corners = [(4, 4), (16, 4), (16, 12), (4, 12)]
    for x, y in corners:
        click(editor.view, x, y)
    assert len(editor.scene.pending) == 4
    editor.finish_action.trigger()  # Enter
    assert editor.selected == "wood-2"  # the demo has a "wood" already
    drawn = editor.editor.data["scenery"]["wood-2"]
    assert drawn["kind"] == "wood"
    flat = [v for point in drawn["polygon"] for v in point]
    assert flat == pytest.approx([v for point in corners for v in point], abs=0.3)
    panel = editor.panel
    panel.obstacle.setCurrentText("medium")
    panel.obstacle.activated.emit(panel.obstacle.currentIndex())
    panel.cover.setCurrentText("large")
    panel.cover.activated.emit(panel.cover.currentIndex())
    panel.height.setValue(11.5)
    panel.name.setText("Thorn wood")
    panel.name.editingFinished.emit()
    wood = editor.editor.table.scenery["wood-2"]
    assert (wood.name, wood.obstacle, wood.cover, wood.height) == (
        "Thorn wood", "medium", "large", 11.5)
    editor.undo()
    assert editor.editor.table.scenery["wood-2"].name == "Wood"
    editor.redo()
    assert editor.save()
    saved = user_map_path("table_demo.yaml")
    text = saved.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert data["scenery"]["wood-2"] == {
        "kind": "wood", "name": "Thorn wood", "polygon": drawn["polygon"],
        "obstacle": "medium", "cover": "large", "height": 11.5}
    assert data["scenery"]["wall"] == load_yaml_file(maps_dir() / "table_demo.yaml")[
        "scenery"]["wall"]
    # the game plays on it at once: the new wood is drawn and blocks sight
    assert "wood-2" in window.game.ruleset.board_map.table.scenery
    # read back: the same file again
    again = TableEditor(load_yaml_file(saved), str(saved))
    out = tmp_path / "again.yaml"
    from boardapp.core.scan.boardsettings import write_map

    write_map(again.data, out, origin="Table demo (table_demo.yaml)")
    assert out.read_text(encoding="utf-8").splitlines()[1:] == text.splitlines()[1:]
    assert load_map(out).table.scenery["wood-2"].height == 11.5
    editor.close()


def test_a_hill_crest_building_floors_a_wall_line_and_a_corner_moved(qtbot):
    _, editor = open_editor(qtbot)
    editor.set_tool("line")
    editor.kind_box.setCurrentText("hedge")
    for x, y in ((4, 30), (20, 30)):
        click(editor.view, x, y)
    editor.finish_action.trigger()
    hedge = editor.editor.data["scenery"][editor.selected]
    assert hedge["kind"] == "hedge" and len(hedge["line"]) == 2 and hedge["width"] == 1
    editor.panel.width.setValue(2.0)
    assert editor.editor.table.scenery[editor.selected].shape.area == pytest.approx(32, abs=1)
    # a building with two floors
    editor.set_tool("shape")
    editor.kind_box.setCurrentText("building")
    for x, y in ((44, 10), (52, 10), (52, 16), (44, 16)):
        click(editor.view, x, y)
    editor.finish_action.trigger()
    church = editor.selected
    editor.panel.floors.setText("0, 8")
    editor.panel.floors.editingFinished.emit()
    assert editor.editor.table.scenery[church].floors == (0.0, 8.0)
    editor.panel.floors.setText("9, 3")
    editor.panel.floors.editingFinished.emit()  # refused: floors go upwards
    assert "floors go upwards" in editor.message
    assert editor.editor.table.scenery[church].floors == (0.0, 8.0)
    # the hill's crest line, drawn on the selected hill
    editor.set_tool("select")
    click(editor.view, 40, 50)
    assert editor.selected == "hill"
    editor.panel.crest_button.click()
    for x, y in ((36, 48), (50, 48)):
        click(editor.view, x, y)
    editor.finish_action.trigger()
    crest = [v for point in editor.editor.table.scenery["hill"].crest for v in point]
    assert crest == pytest.approx([36, 48, 50, 48], abs=0.3)
    # a corner of the selected hill dragged: moved; dragged off the table: refused
    editor.set_tool("select")
    drag(editor.view, (54, 44), (56, 45))
    assert editor.editor.points("hill")[2] == pytest.approx((56, 45), abs=0.3)
    before = editor.editor.points("hill")
    drag(editor.view, before[2], (63, 45))
    assert "beyond the edge of the table" in editor.message
    assert editor.editor.points("hill") == before
    editor.close()


def test_the_table_editor_checks_every_edit():
    data = load_yaml_file(maps_dir() / "table_demo.yaml")
    ed = TableEditor(data, "table_demo.yaml", figures=[(52, 52)])
    with pytest.raises(MapEditError, match="a figure of the game stands at 52, 52"):
        ed.set_size(50, 50)
    ed.set_size(180, 120)
    assert (ed.table.width, ed.table.depth) == (180, 120)
    with pytest.raises(MapEditError, match="a wood is drawn as a polygon"):
        ed.add_scenery("wood", [(1, 1), (5, 5)], line=True)
    with pytest.raises(MapEditError, match="crosses itself"):
        ed.add_scenery("pond", [(1, 1), (5, 5), (5, 1), (1, 5)])
    with pytest.raises(MapEditError, match="only a hill has a crest"):
        ed.set_scenery_field("wood", "crest", [(8, 24), (18, 24)])
    assert ed.delete_scenery("wall").text == "Delete Low wall"
    assert "wall" not in ed.table.scenery
    ed.undo()
    assert list(ed.table.scenery) == ["wood", "wall", "hill"]  # back in its place
    with pytest.raises(MapEditError, match="not a table"):
        TableEditor(load_yaml_file(maps_dir() / "sample_hex.yaml"))


def _plan_drawer():
    spec = importlib.util.spec_from_file_location("draw_table_plan",
                                                  maps_dir() / "tools" / "draw_table_plan.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_point_of_a_plan_in_centimetres_is_a_calibration_feature():
    bmap = load_map(maps_dir() / "table_demo.yaml")
    assert feature_point(bmap, "map.br") == (600.0, 600.0)
    assert feature_point(bmap, "30,40 cm") == (300.0, 400.0)
    with pytest.raises(CalibrationError, match="no feature"):
        feature_point(bmap, "30,forty cm")


def test_calibrate_the_shipped_1_to_10_plan_in_cm_and_trace_a_cottage_on_it(qtbot):
    plan = maps_dir() / "plans" / "table_demo_plan_1to10.png"
    drawer = _plan_drawer()
    window = MainWindow(Game(find_ruleset("table-demo", UserMaps()), None, 1))
    qtbot.addWidget(window)
    window.show()
    dialog = window.scan_board.use_scan(plan)
    assert dialog is not None
    for name, (x, y) in (("map.tl", (0, 0)), ("map.tr", (60, 0)), ("map.bl", (0, 60)),
                         ("30,40 cm", (30, 40))):
        dialog.feature_box.setEditText(name)
        dialog.scene.clicked.emit(QPointF(*drawer.to_px(x, y)))
    assert [p.name for p in dialog.points] == ["map.tl", "map.tr", "map.bl", "30,40 cm"]
    assert dialog.calibration is not None and dialog.calibration.max_residual < 1.0
    dialog.accept()
    settings = window.scan_board.settings
    assert settings.calibrated
    # 600 dpi, 1:10: one table cm is one plan mm, 23.6 scan pixels (map units are mm)
    assert settings.transform.mean_scale() * 10 == pytest.approx(600 / 25.4, rel=1e-3)
    editor = window.scan_board.edit_map()
    assert isinstance(editor, TableEditorWindow) and editor.scan_layer is not None
    qtbot.waitExposed(editor)
    editor.set_tool("shape")
    editor.kind_box.setCurrentText("building")
    cottage = drawer.SCENERY["cottage"][1]
    for x, y in cottage:  # clicked where the cottage is drawn on the scan
        sx, sy = drawer.to_px(x, y)
        mx, my = settings.transform.inverse().apply(sx, sy)
        QTest.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier, editor.view.mapFromScene(mx, my))
    editor.finish_action.trigger()
    traced = editor.editor.table.scenery[editor.selected]
    assert traced.kind == "building" and traced.obstacle == "impassable"
    flat = [v for point in traced.shape.exterior.coords[:-1] for v in point]
    assert flat == pytest.approx([v for point in cottage for v in point], abs=0.3)
    editor.close()
