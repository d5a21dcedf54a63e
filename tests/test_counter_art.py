"""Counter art core: grids, cutting synthetic sheets, the assignment and its JSON."""

from __future__ import annotations

import json
import struct
import zlib

import pytest
from PIL import Image

from boardapp.core.art.assignment import (
    Assignment,
    CellRef,
    assignment_from_json,
    assignment_to_json,
)
from boardapp.core.art.catalogue import next_of_type, piece_catalogue
from boardapp.core.art.cutting import SHEET_MAX_PIXELS, cell_file, cut_sheet
from boardapp.core.art.sheet import CounterSheet, SheetError, SheetGrid, back_cell, cell_boxes
from boardapp.core.art.store import ArtStore
from boardapp.core.base.errors import DataError
from boardapp.core.engine.ruleset import find_ruleset
from tests.synthetic_sheet import cell_colour, write_sheet

GRID = SheetGrid(rows=3, cols=4, left=20, top=10, right=30, bottom=14, gutter_x=6,
                 gutter_y=4)
SIZE = (20 + 30 + 3 * 6 + 4 * 50, 10 + 14 + 2 * 4 + 3 * 40)  # cells 50 x 40


def centre(path) -> tuple[int, int, int]:
    with Image.open(path) as im:
        return im.convert("RGB").getpixel((im.width // 2, im.height // 2))


def close(a, b, tol=8) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def test_cell_boxes_are_exact():
    boxes = cell_boxes(GRID, SIZE)
    assert boxes[0][0] == (20, 10, 70, 50)
    assert boxes[0][1] == (76, 10, 126, 50)
    assert boxes[2][3] == (20 + 3 * 56, 10 + 2 * 44, 20 + 3 * 56 + 50, 10 + 2 * 44 + 40)
    assert boxes[2][3][2] == SIZE[0] - 30 and boxes[2][3][3] == SIZE[1] - 14


def test_back_is_mirrored():
    assert back_cell(GRID, 1, 0) == (1, 3)
    back = cell_boxes(GRID.mirrored(), SIZE)
    assert back[0][0][0] == 30  # the front's right margin is the back's left one


def test_grid_off_the_sheet_is_refused():
    with pytest.raises(SheetError, match="does not fit"):
        cell_boxes(SheetGrid(rows=3, cols=4, left=200, right=200), SIZE, "sheet.png")
    with pytest.raises(SheetError, match="negative"):
        cell_boxes(SheetGrid(left=-3), SIZE)


def _sheet(tmp_path, grid=GRID, size=SIZE, back=True, rotate=0.0):
    front = write_sheet(tmp_path / "front.png", grid, size, "front", rotate)
    backf = write_sheet(tmp_path / "back.png", grid, size, "back", -rotate) if back else None
    return CounterSheet("s1", "Sheet 1", str(front), str(backf) if backf else None,
                        SheetGrid(**{**grid.to_json(), "rotation": -rotate}))


def test_cut_front_and_mirrored_back(tmp_path):
    sheet = _sheet(tmp_path)
    result = cut_sheet(sheet, tmp_path / "cells")
    assert result.cells == {"front": 12, "back": 12} and result.cell_size == (50, 40)
    cells = tmp_path / "cells"
    for r in range(3):
        for c in range(4):
            assert centre(cell_file(cells, "front", r, c)) == cell_colour("front", r, c)
            br, bc = back_cell(GRID, r, c)
            # the back cell behind front (r, c) shows the back of that counter
            assert centre(cell_file(cells, "back", br, bc)) == cell_colour("back", r, c)


def test_rotated_scan_is_corrected(tmp_path):
    grid = SheetGrid(rows=4, cols=5, left=40, top=40, right=40, bottom=40, gutter_x=10,
                     gutter_y=10)
    size = (40 * 2 + 4 * 10 + 5 * 80, 40 * 2 + 3 * 10 + 4 * 80)
    sheet = _sheet(tmp_path, grid, size, back=False, rotate=3.0)
    cut_sheet(sheet, tmp_path / "cells")
    for r in range(4):
        for c in range(5):
            path = cell_file(tmp_path / "cells", "front", r, c)
            with Image.open(path) as im:
                rgb = im.convert("RGB")
                corners = [rgb.getpixel((x, y)) for x in (6, im.width - 7)
                           for y in (6, im.height - 7)]
            assert all(close(p, cell_colour("front", r, c), 12) for p in corners), (r, c)
    # uncorrected, the corner cells catch paper
    cut_sheet(CounterSheet("s1", "", sheet.front, None, grid), tmp_path / "raw")
    with Image.open(cell_file(tmp_path / "raw", "front", 0, 4)) as im:
        assert not close(im.convert("RGB").getpixel((im.width - 3, 2)),
                         cell_colour("front", 0, 4), 12)


def test_bad_inputs_name_the_file_and_keep_the_old_cells(tmp_path):
    sheet = _sheet(tmp_path)
    cut_sheet(sheet, tmp_path / "cells")
    before = sorted(p.name for p in (tmp_path / "cells").iterdir())
    # a back of another size
    write_sheet(tmp_path / "small.png", GRID, (SIZE[0] // 2, SIZE[1] // 2), "back")
    bad_back = CounterSheet("s1", "", sheet.front, str(tmp_path / "small.png"), GRID)
    with pytest.raises(SheetError, match=r"small\.png.*back is .* front.*front\.png"):
        cut_sheet(bad_back, tmp_path / "cells")
    # not an image
    (tmp_path / "junk.png").write_bytes(b"not a png at all")
    with pytest.raises(SheetError, match=r"junk\.png: not an image"):
        cut_sheet(CounterSheet("s1", "", str(tmp_path / "junk.png")), tmp_path / "cells")
    # a grid off the sheet
    off = CounterSheet("s1", "", sheet.front, None, SheetGrid(rows=30, cols=40, left=200))
    with pytest.raises(SheetError, match=r"front\.png: the grid does not fit"):
        cut_sheet(off, tmp_path / "cells")
    with pytest.raises(SheetError, match="no such file"):
        cut_sheet(CounterSheet("s1", "", str(tmp_path / "gone.png")), tmp_path / "cells")
    assert sorted(p.name for p in (tmp_path / "cells").iterdir()) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".cells")]


def test_huge_image_is_refused_before_decoding(tmp_path):
    # a PNG header claiming 20,000 x 20,000 pixels (never decoded)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    side = 20_000
    assert side * side > SHEET_MAX_PIXELS
    path = tmp_path / "huge.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side,
                                                                          8, 2, 0, 0, 0))
                     + chunk(b"IEND", b""))
    with pytest.raises(SheetError, match=r"huge\.png: 20000 x 20000 pixels is larger"):
        cut_sheet(CounterSheet("s1", "", str(path)), tmp_path / "cells")


def _assignment() -> Assignment:
    a = Assignment("hex_demo")
    a.sheets["s1"] = CounterSheet("s1", "Sheet 1", "/scans/f.png", "/scans/b.png", GRID)
    a.fill_row("s1", 1, 1, ["a-1", "a-2", "a-3", "a-4"])
    a.assign("markers", "Siege 1", CellRef("s1", "front", 2, 0))
    a.assign("cards", "B-12", CellRef("s1", "back", 0, 0))
    return a


def test_fill_row_assigns_front_and_mirrored_back():
    a = _assignment()
    assert set(a.pieces) == {"a-1", "a-2", "a-3"}  # only three cells left in the row
    assert a.pieces["a-1"]["full"] == CellRef("s1", "front", 1, 1)
    assert a.pieces["a-1"]["reduced"] == CellRef("s1", "back", 1, 2)
    assert a.piece_cell("a-3", reduced=True) == CellRef("s1", "back", 1, 0)
    assert a.piece_cell("zz", reduced=False) is None


def test_assignment_round_trip_and_export_without_paths():
    a = _assignment()
    text = assignment_to_json(a)
    b = assignment_from_json(text, "art.json", "hex_demo")
    assert assignment_to_json(b) == text
    shared = assignment_to_json(a, with_files=False)
    assert "/scans" not in shared
    c = assignment_from_json(shared, "shared.json")
    assert c.pieces == a.pieces and c.markers == a.markers and c.cards == a.cards
    assert c.sheets["s1"].front is None and c.sheets["s1"].grid == GRID


@pytest.mark.parametrize(("edit", "place"), [
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d.update(game="other"), "game"),
    (lambda d: d["pieces"].update({"a-1": {"full": ["s9", "front", 0, 0]}}), "pieces.a-1.full"),
    (lambda d: d["pieces"].update({"a-1": {"full": ["s1", "front", 9, 0]}}), "pieces.a-1.full"),
    (lambda d: d["markers"].update({"X": ["s1", "side", 0, 0]}), "markers.X"),
    (lambda d: d["sheets"][0]["grid"].update(rows="ten"), "sheets[0]"),
    (lambda d: d["sheets"][0].update(id="../etc"), "sheets[0]"),
])
def test_bad_assignment_names_the_place(edit, place):
    data = json.loads(assignment_to_json(_assignment()))
    edit(data)
    with pytest.raises(DataError) as info:
        assignment_from_json(json.dumps(data), "art.json", "hex_demo")
    assert info.value.file == "art.json" and info.value.place.startswith(place)
    with pytest.raises(DataError, match="not JSON"):
        assignment_from_json("{", "art.json")


def test_store_keeps_art_in_data_folder_and_imports(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    sheet = _sheet(tmp_path)
    store = ArtStore("hex_demo")
    store.put_sheet(sheet)
    store.assignment.fill_row("s1", 0, 0, ["p1", "p2"])
    store.save()
    assert store.folder == tmp_path / "data" / "counter-art" / "hex_demo"
    again = ArtStore("hex_demo")
    cell = again.assignment.piece_cell("p2", reduced=True)
    assert cell == CellRef("s1", "back", 0, 2)
    assert centre(again.cell_path(cell)) == cell_colour("back", 0, 1)
    shared = again.export_text()
    other = ArtStore("hex_demo", root=tmp_path / "friend")
    other.import_text(shared, "shared.json")
    assert other.assignment.pieces == again.assignment.pieces
    assert other.cell_path(cell) is None  # his own scans are still to cut
    with pytest.raises(DataError):
        other.import_text("{}", "bad.json")
    assert other.assignment.pieces == again.assignment.pieces  # nothing lost
    # a damaged file is set aside, not lost
    again.file.write_text("{broken")
    third = ArtStore("hex_demo")
    assert third.problem and not third.assignment.pieces
    assert again.file.with_name("assignment.json.bad").read_text() == "{broken"


def test_catalogue_and_next_of_type():
    rs = find_ruleset("hex_demo")
    state = rs.setup(next(iter(rs.scenarios())), 1)
    rows = piece_catalogue(rs, state)
    assert len(rows) == len(state["pieces"]) and all(r.type and r.name for r in rows)
    first = rows[0]
    a = Assignment("hex_demo")
    picked = next_of_type(rows, a, first.side, first.type, 2)
    assert picked[0] == first.pid
    a.assign_piece(first.pid, "full", CellRef("s1", "front", 0, 0))
    assert first.pid not in next_of_type(rows, a, first.side, first.type, 2)


def test_import_recuts_own_scans_by_the_shared_grid(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    sheet = _sheet(tmp_path)
    store = ArtStore("hex_demo")
    store.put_sheet(CounterSheet("s1", "", sheet.front, sheet.back, SheetGrid(rows=1, cols=1)))
    friend = Assignment("hex_demo", {"s1": CounterSheet("s1", "", None, None, GRID)})
    friend.fill_row("s1", 2, 0, ["p1"])
    store.import_text(assignment_to_json(friend, with_files=False), "shared.json")
    assert not store.problem and store.assignment.sheets["s1"].front == sheet.front
    cell = store.assignment.piece_cell("p1", reduced=False)
    assert centre(store.cell_path(cell)) == cell_colour("front", 2, 0)
