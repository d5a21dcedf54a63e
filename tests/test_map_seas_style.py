"""Sea zones (``seas:``, a port's ``sea:``) and drawing style (``style:``) in the map
format: additive, validated with the file and place of each problem, editable."""

from __future__ import annotations

import copy

import pytest
from shapely.geometry import Point, box

from boardapp.core.base.errors import DataError
from boardapp.core.board.mapdata import check_map, parse_map
from boardapp.core.board.mapedit import MapEditor
from tests.conftest import tiny_map_data


def sea_map() -> dict:
    data = copy.deepcopy(tiny_map_data())
    data["seas"] = {"north-sea": {"name": "North Sea", "source": "test"},
                    "south-sea": {"name": "South Sea"}}
    data["areas"]["a"].update(port=True, sea="north-sea")
    data["areas"]["d"].update(port=True, sea="south-sea")
    data["style"] = {"region_border": "#c62828", "port_symbol": "ship"}
    return data


def test_a_map_without_seas_or_style_reads_as_before():
    data = copy.deepcopy(tiny_map_data())
    data["areas"]["a"]["port"] = True
    bmap = parse_map(data, "tiny.yaml")
    assert bmap.seas == {}
    assert bmap.areas["a"].port and bmap.areas["a"].sea is None
    assert bmap.style.region_border is None
    assert bmap.style.port_symbol == "anchor"


def test_ports_name_their_sea_and_the_style_is_read():
    bmap = parse_map(sea_map(), "seas.yaml")
    assert list(bmap.seas) == ["north-sea", "south-sea"]
    assert bmap.seas["north-sea"].name == "North Sea"
    assert bmap.seas["north-sea"].source == "test"
    assert bmap.areas["a"].sea == "north-sea"
    assert bmap.areas["d"].sea == "south-sea"
    assert bmap.areas["b"].sea is None
    assert bmap.style.region_border == "#c62828"
    assert bmap.style.port_symbol == "ship"


@pytest.mark.parametrize("edit, place, words", [
    (lambda d: d["areas"]["a"].update(sea="baltic"), "areas.a.sea", "no sea 'baltic'"),
    (lambda d: d["areas"]["b"].update(sea="north-sea"), "areas.b.sea", "only a port"),
    (lambda d: d["areas"]["c"].update(port=True), "areas.c.sea", "names its sea"),
    (lambda d: d["seas"].update({"Bad Sea": {}}), "seas.Bad Sea", "lowercase"),
    (lambda d: d["seas"]["north-sea"].update(depth=3), "seas.north-sea.depth",
     "unknown field"),
    (lambda d: d["style"].update(region_border="red"), "style.region_border",
     "not a colour"),
    (lambda d: d["style"].update(port_symbol="galley"), "style.port_symbol", "'galley'"),
    (lambda d: d["style"].update(border="#000000"), "style.border", "unknown field"),
    (lambda d: d.pop("seas"), "areas.a.sea", "add a seas: section"),
])
def test_bad_seas_and_styles_are_reported_with_file_and_place(edit, place, words):
    data = sea_map()
    edit(data)
    problems = check_map(data, "seas.yaml")
    assert place in [p.place for p in problems]
    found = next(p for p in problems if p.place == place)
    assert words in found.problem
    assert found.file == "seas.yaml"
    with pytest.raises(DataError, match="seas.yaml"):
        parse_map(data, "seas.yaml")


def test_the_editor_sets_a_ports_sea():
    ed = MapEditor(sea_map(), "seas.yaml")
    ed.set_field("c", "port", True)  # a new port opens on the map's first sea
    assert ed.bmap.areas["c"].port and ed.bmap.areas["c"].sea == "north-sea"
    ed.set_field("c", "sea", "south-sea")
    assert ed.bmap.areas["c"].sea == "south-sea"
    ed.set_field("b", "sea", "south-sea")  # choosing a sea makes a port
    assert ed.bmap.areas["b"].port and ed.bmap.areas["b"].sea == "south-sea"
    ed.set_field("b", "sea", None)  # no sea: no longer a port
    assert not ed.bmap.areas["b"].port and ed.bmap.areas["b"].sea is None
    ed.set_field("a", "port", False)
    assert "sea" not in ed.data["areas"]["a"]
    ed.undo()
    assert ed.bmap.areas["a"].sea == "north-sea"


def test_the_board_draws_red_borders_and_ships(qapp):
    from PySide6.QtGui import QColor

    from boardapp.ui.map_items import MapLayer, anchor_glyph_path, ship_glyph_path

    layer = MapLayer(parse_map(sea_map(), "seas.yaml"))
    assert layer._border_colour == QColor("#c62828")
    plain = MapLayer(parse_map(tiny_map_data(), "tiny.yaml"))
    assert plain._border_colour != QColor("#c62828")
    ship = ship_glyph_path(10, 10, 5).boundingRect()
    assert ship.width() == pytest.approx(10) and ship.height() == pytest.approx(10)
    assert ship != anchor_glyph_path(10, 10, 5).boundingRect()


def test_region_labels_are_read_and_placed_inside_their_region_off_the_cities(qapp):
    from boardapp.ui.map_items import MapLayer, name_rect, region_label_paths
    from boardapp.ui.region_labels import region_label_centres

    data = sea_map()
    data["style"]["region_labels"] = True
    bmap = parse_map(data, "seas.yaml")
    assert bmap.style.region_labels
    assert not parse_map(tiny_map_data(), "tiny.yaml").style.region_labels
    shape = bmap.outlines["a"].union(bmap.outlines["b"])
    marks = [(r.left(), r.top(), r.right(), r.bottom())
             for r in (name_rect(bmap.areas[c]) for c in "ab")]
    (x, y), = region_label_centres(bmap, {"north": (60.0, 12.0)}, {"north": shape},
                                   marks).values()
    label = box(x - 30, y - 6, x + 30, y + 6)
    assert shape.contains(label)
    assert not any(label.intersects(box(*m)) for m in marks)
    assert len(region_label_paths(bmap, {"north": shape})) == 1
    assert MapLayer(bmap)._region_labels
    assert not MapLayer(parse_map(tiny_map_data(), "tiny.yaml"))._region_labels


def test_a_region_too_small_for_its_name_still_gets_it_centred_inside():
    from boardapp.ui.region_labels import region_label_centres

    bmap = parse_map(sea_map(), "seas.yaml")
    shape = bmap.outlines["c"]  # 70 units wide
    (x, y), = region_label_centres(bmap, {"c": (200.0, 12.0)}, {"c": shape}, []).values()
    assert shape.contains(Point(x, y))
