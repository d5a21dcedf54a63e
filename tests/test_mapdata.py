"""Map files: validation with clear errors, the graph, the geometry and hit-testing."""

from __future__ import annotations

import copy

import pytest
import yaml

from boardapp.core.base.errors import DataError
from boardapp.core.board.mapdata import load_map, parse_map
from tests.conftest import tiny_map_data


def test_tiny_map_graph_and_outlines():
    bmap = parse_map(tiny_map_data(), "tiny.yaml")
    assert sorted(bmap.neighbours("b")) == ["a", "c"]
    assert sorted(bmap.neighbours("d")) == ["c", "hold"]
    assert bmap.place_at(25, 110) == "a"
    assert bmap.place_at(165, 20) == "c"  # anywhere in c's cell, not only on the city
    assert bmap.place_at(350, 40) == "hold"
    assert bmap.place_at(350, 150) is None  # off the land, outside every box
    # Voronoi cells cover the land exactly once.
    total = sum(bmap.outlines[a].area for a in bmap.areas)
    assert total == pytest.approx(300 * 200)


@pytest.mark.parametrize("edit, place, words", [
    (lambda d: d["areas"]["b"].update(nf=2, fortified=False), "areas.b.nf", "open city"),
    (lambda d: d["areas"]["c"].update(terrain="swamp"), "areas.c.terrain", "'swamp'"),
    (lambda d: d["roads"].append(["a", "zz"]), "roads[3]", "no area 'zz'"),
    (lambda d: d["areas"]["a"].update(region="south"), "areas.a.region", "no region"),
    (lambda d: d["areas"]["a"].update(fortifed=True), "areas.a.fortifed", "unknown field"),
    (lambda d: d["areas"]["a"].update(pos=[900, 900]), "areas.a.pos", "outside the land"),
    (lambda d: d["boxes"]["hold"].update(links=["q"]), "boxes.hold.links[0]", "no area 'q'"),
    (lambda d: d["roads"].append(["b", "a"]), "roads[3]", "listed twice"),
    (lambda d: d.update(version=99), "version", "update boardapp"),
])
def test_invalid_edits_are_reported_with_place(edit, place, words):
    data = copy.deepcopy(tiny_map_data())
    edit(data)
    with pytest.raises(DataError) as info:
        parse_map(data, "tiny.yaml")
    assert info.value.file == "tiny.yaml"
    assert info.value.place == place
    assert words in info.value.problem


def test_yaml_syntax_error_names_line(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("format: boardapp-map\nareas: [unclosed\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_map(path)
    assert "line" in info.value.place
    assert str(path) in str(info.value)


def test_yaml_tags_are_not_executed(tmp_path):
    path = tmp_path / "evil.yaml"
    path.write_text("!!python/object/apply:os.system ['echo hi']\n", encoding="utf-8")
    with pytest.raises(DataError):
        load_map(path)


def test_round_trip_through_yaml(tmp_path):
    path = tmp_path / "tiny.yaml"
    path.write_text(yaml.safe_dump(tiny_map_data()), encoding="utf-8")
    assert set(load_map(path).areas) == {"a", "b", "c", "d"}
