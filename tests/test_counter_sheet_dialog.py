"""The counter sheet dialog: open a synthetic scan, lay the grid (spin boxes and a
dragged handle), cut it, assign cells, export and import."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPointF

from boardapp.core.art.assignment import CellRef
from boardapp.core.art.catalogue import piece_catalogue
from boardapp.core.art.sheet import SheetGrid
from boardapp.core.art.store import ArtStore
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.ui.counter_sheet_dialog import CounterSheetDialog
from boardapp.ui.counter_sheet_view import grid_from_handles
from tests.synthetic_sheet import write_sheet

GRID = SheetGrid(rows=2, cols=5, left=12, top=8, right=16, bottom=10, gutter_x=4, gutter_y=6)
SIZE = (12 + 16 + 4 * 4 + 5 * 60, 8 + 10 + 6 + 2 * 60)


@pytest.fixture
def dialog(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    rs = find_ruleset("hex_demo")
    state = rs.setup(next(iter(rs.scenarios())), 1)
    rows = piece_catalogue(rs, state)
    d = CounterSheetDialog(ArtStore("hex_demo"), rows, ["Siege 1"], ["B-12"])
    qtbot.addWidget(d)
    write_sheet(tmp_path / "front.png", GRID, SIZE, "front")
    write_sheet(tmp_path / "back.png", GRID, SIZE, "back")
    return d


def _lay_grid(d, grid: SheetGrid) -> None:
    for name, spin in d.spins.items():
        spin.setValue(getattr(grid, name))


def test_open_lay_cut_and_assign(dialog, tmp_path):
    d = dialog
    d.new_sheet(str(tmp_path / "front.png"))
    d.set_scan("back", str(tmp_path / "back.png"))
    d.show_face("front")
    _lay_grid(d, GRID)
    assert d.sheet.grid == GRID and d.view.grid == GRID
    assert d.view.handles["far"].pos() == QPointF(SIZE[0] - 16, SIZE[1] - 10)
    assert d.cut(), d.problem.text()
    assert d.cells.rowCount() == 2 and d.cells.columnCount() == 5
    assert not d.cells.item(0, 0).icon().isNull()
    # assign: the first piece's full side to cell (0, 0), then fill the row
    first = d.panel.rows[0]
    d.panel.select_piece(first.pid)
    d.cells.setCurrentCell(0, 0)
    assert d.chosen == CellRef("front", "front", 0, 0)
    done = d.panel.fill_row()
    assert done[0] == first.pid
    a = d.store.assignment
    assert a.pieces[first.pid] == {"full": CellRef("front", "front", 0, 0),
                                   "reduced": CellRef("front", "back", 0, 4)}
    assert all(d.panel.rows[i].type == first.type for i in range(len(done))
               if d.panel.rows[i].pid in done)
    assert "front front r1 c1" in d.panel.table.item(0, 4).text()
    # a marker
    d.panel.markers.name.setCurrentText("Siege 1")
    d.cells.setCurrentCell(1, 4)
    assert d.panel.markers.assign_current()
    assert a.markers["Siege 1"] == CellRef("front", "front", 1, 4)
    # kept in the data folder
    again = ArtStore("hex_demo")
    assert again.assignment.pieces == a.pieces and again.assignment.markers == a.markers
    # export, then import into a fresh store
    d.export_to(str(tmp_path / "shared.json"))
    shared = json.loads((tmp_path / "shared.json").read_text())
    assert "front" not in shared["sheets"][0]


def test_dragging_a_handle_changes_the_grid(dialog, tmp_path):
    d = dialog
    d.new_sheet(str(tmp_path / "front.png"))
    _lay_grid(d, GRID)
    d.view.handles["origin"].setPos(QPointF(20, 14))  # as a mouse drag moves it
    assert (d.sheet.grid.left, d.sheet.grid.top) == (20, 14)
    assert d.spins["left"].value() == 20
    cw, ch = GRID.cell_size(SIZE)
    assert d.sheet.grid.cell_size(SIZE) == pytest.approx((cw - 8, ch - 6))
    grid = grid_from_handles(GRID, SIZE, "cell", 12 + 50, 8 + 50)
    assert grid.cell_size(SIZE) == pytest.approx((50, 50), abs=0.2)
    assert grid.right == GRID.right and grid.left == GRID.left


def test_bad_scan_and_bad_grid_say_so(dialog, tmp_path):
    d = dialog
    (tmp_path / "junk.png").write_bytes(b"junk")
    d.new_sheet(str(tmp_path / "junk.png"))
    assert "junk.png: not an image" in d.problem.text()
    assert not d.cut()
    assert "not cut" in d.problem.text()
    d.new_sheet(str(tmp_path / "front.png"))
    _lay_grid(d, SheetGrid(rows=2, cols=5, left=345))
    assert not d.cut() and "does not fit" in d.problem.text()
    assert not d.store.assignment.sheets
    (tmp_path / "bad.json").write_text('{"format": "boardapp-counter-art"}')
    assert not d.import_from(str(tmp_path / "bad.json"))
    assert "Not imported" in d.problem.text()
