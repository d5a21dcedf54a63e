"""Checking a map file reports every problem, each with its area and field."""

from __future__ import annotations

import copy

import pytest

from boardapp.core.base.errors import DataError
from boardapp.core.board.mapdata import MapErrors, check_map, check_map_file, load_map, parse_map
from tests.conftest import tiny_map_data


def square(x, y, s):
    return [[x, y], [x + s, y], [x + s, y + s], [x, y + s]]


def drawn_map() -> dict:
    """The tiny map with outlines drawn for a and b (c and d keep automatic cells)."""
    data = copy.deepcopy(tiny_map_data())
    data["areas"]["a"]["polygon"] = square(0, 50, 60)
    data["areas"]["b"]["polygon"] = square(60, 50, 60)
    return data


def places(problems):
    return [p.place for p in problems]


def test_drawn_outlines_are_valid():
    bmap = parse_map(drawn_map(), "tiny.yaml")
    assert bmap.place_at(30, 80) == "a" and bmap.place_at(90, 80) == "b"
    assert bmap.place_at(30, 20) in ("c", "d")  # outside the drawn squares: automatic cells


def test_overlapping_outlines_name_both_areas():
    data = drawn_map()
    data["areas"]["b"]["polygon"] = square(40, 50, 60)
    [problem] = check_map(data, "tiny.yaml")
    assert problem.place == "areas.b.polygon"
    assert problem.problem == "the outline overlaps the outline of 'a' (1200 square units)"
    assert str(problem).startswith("tiny.yaml: areas.b.polygon: ")


def test_a_city_outside_its_area():
    data = drawn_map()
    data["areas"]["a"]["pos"] = [100, 100]
    [problem] = check_map(data, "tiny.yaml")
    assert (problem.place, problem.problem) == ("areas.a.pos",
                                                "the city lies outside its own outline")
    data = drawn_map()
    data["areas"]["c"]["pos"] = [90, 80]  # an automatic area's city inside b's outline
    [problem] = check_map(data, "tiny.yaml")
    assert (problem.place, problem.problem) == ("areas.c.pos",
                                                "the city lies inside the outline of 'b'")


def test_a_road_to_a_missing_area():
    data = drawn_map()
    data["roads"].append(["d", "nowhere"])
    [problem] = check_map(data, "tiny.yaml")
    assert (problem.place, problem.problem) == ("roads[3]", "no area 'nowhere' on this map")


def test_a_crossed_outline():
    data = drawn_map()
    data["areas"]["a"]["polygon"] = [[0, 50], [60, 110], [60, 50], [0, 110]]
    assert places(check_map(data, "tiny.yaml")) == ["areas.a.polygon"]


def test_every_problem_is_reported_at_once(tmp_path):
    data = drawn_map()
    data["areas"]["b"]["polygon"] = square(40, 50, 60)
    data["areas"]["c"].update(terrain="swamp", fortified="yes", nf=12)
    data["areas"]["d"]["colour"] = "red"
    data["roads"].append(["a", "zz"])
    data["boxes"]["hold"]["links"] = ["d", "qq"]
    problems = check_map(data, "tiny.yaml")
    assert places(problems) == [
        "areas.c.fortified", "areas.c.terrain", "areas.c.nf",
        "areas.d.colour", "roads[3]", "boxes.hold.links[1]", "areas.b.polygon"]
    assert all(p.file == "tiny.yaml" for p in problems)
    with pytest.raises(MapErrors) as info:
        parse_map(data, "tiny.yaml")
    assert info.value.place == "areas.c.fortified"  # the first, like a single error
    assert len(info.value.problems) == 7 and len(str(info.value).splitlines()) == 7


def test_a_malformed_yaml_file(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("format: boardapp-map\nareas:\n  a: {name: A, pos: [1, 2]\n",
                    encoding="utf-8")
    [problem] = check_map_file(path)
    assert problem.file == str(path)
    assert problem.place.startswith("line ") and "not valid YAML" in problem.problem
    with pytest.raises(DataError) as info:
        load_map(path)
    assert str(info.value) == str(problem)
    path.write_text("- just\n- a list\n", encoding="utf-8")
    assert check_map_file(path)[0].problem == "expected a mapping, found a list"
    assert "no such file" in check_map_file(tmp_path / "missing.yaml")[0].problem.lower() or \
        "cannot read" in check_map_file(tmp_path / "missing.yaml")[0].problem
