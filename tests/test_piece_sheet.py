"""A piece's sheet as data (core, no game named): the rows private to a side are seen
only by that side, a section left empty by it goes; and the Table dock's text of a
roll-under test and of a total."""

from __future__ import annotations

from boardapp.core.engine.piece_sheet import PieceSheet, SheetRow, SheetSection
from boardapp.ui.sheet_dock import sheet_html
from boardapp.ui.table_dock import table_html

SHEET = PieceSheet("Jean", (
    SheetSection("Values", (SheetRow("Skill", ("14", "11")),), columns=("start", "now"),
                 marked=1),
    SheetSection("Arrows", (SheetRow("Left", ("9",), owner="red"),)),
    SheetSection("Notes", ())), subtitle="archer")


def test_a_private_row_is_seen_only_by_its_owner():
    assert "Left: 9" in SHEET.seen_by("red").text()
    for viewer in ("blue", None):
        seen = SHEET.seen_by(viewer)
        assert "Left" not in seen.text() and "Arrows" not in seen.text()
        assert [s.title for s in seen.sections] == ["Values", "Notes"]
    assert "Skill: 14 | 11" in SHEET.text()


def test_the_sheet_html_stresses_the_column_in_force():
    html = sheet_html(SHEET.seen_by("red"), wide=True)
    assert "Jean" in html and "archer" in html and "background-color" in html
    assert html.index("Values") < html.index("Arrows")


def test_the_table_dock_writes_a_test_term_by_term_and_a_total():
    test = {"kind": "table", "table": "shot", "who": "Jean shoots", "result": "hit",
            "test": {"name": "shot", "rule": "GA 8.8", "target": 9, "needed": "9 or less",
                     "roll": 1, "natural": "natural 1", "result": "success",
                     "readings": {"B7": "upper"},
                     "terms": [{"label": "Skill", "value": 14, "source": "Jean"},
                               {"label": "range", "value": -5, "source": "GA 8.7"}]}}
    tally = {"kind": "tally", "name": "initiative", "rule": "GA 9.4", "total": 24,
             "readings": {}, "terms": [{"label": "Agility", "value": 11, "source": "A"},
                                       {"label": "D4", "value": 4, "source": "die"}]}
    html = table_html([test, tally], 3)
    for part in ("Jean shoots", "Skill", "14", "-5", "GA 8.7", "Number needed", "9 or less",
                 "natural 1", "hit", "B7 = upper", "GA 8.8", "initiative", "+4", "24",
                 "GA 9.4"):
        assert part in html, part
