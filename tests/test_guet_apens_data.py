"""Guet-Apens data files: the printed tables cite their rule, the not-printed values are
marked so, every ambiguity B1-B37 is a switch with a default reading, and a damaged file
is a clear DataError."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import DataError
from rulesets.guet_apens.model import printed, readings


def test_every_table_cites_its_rule():
    for name in printed.TABLES:
        assert printed.rule(name).startswith("GA ")


def test_not_printed_values_are_marked_asked_of_the_players():
    data = printed.not_printed()
    assert {"terrain_light_obstacles", "standard_equipment", "figure_height_cm",
            "d8_directions"} <= set(data)
    assert all(e["note"] == "not printed, asked of the players" for e in data.values())


def test_every_ambiguity_is_a_switch():
    rows = readings.sheet_rows()
    ids = {r["id"] for r in rows}
    assert {f"B{n}" for n in range(1, 38)} <= ids
    assert all(r["default"] in r["readings"] and r["question"] for r in rows)
    assert readings.reading(None, "B7") == "upper"
    assert readings.reading({"B7": "lower"}, "B7") == "lower"


def test_unknown_switch_or_reading_is_a_data_error():
    with pytest.raises(DataError):
        readings.reading({"B7": "sideways"}, "B7")
    with pytest.raises(DataError):
        readings.reading(None, "B99")


def test_a_damaged_tables_file_names_the_file(tmp_path, monkeypatch):
    (tmp_path / "tables.yaml").write_text("life_points: {base: 5}\n", encoding="utf-8")
    monkeypatch.setattr(printed, "DATA", tmp_path)
    printed.tables.cache_clear()
    try:
        with pytest.raises(DataError, match="tables.yaml"):
            printed.tables()
    finally:
        printed.tables.cache_clear()
