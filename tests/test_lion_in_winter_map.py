"""Link kinds in the map format (``[a, b, kind]`` with ``link_kinds``), the Lion in Winter
map built on them, and how the board draws them."""

from __future__ import annotations

import copy

import networkx as nx
import pytest

from boardapp.core.base.errors import DataError
from boardapp.core.board.mapdata import check_map, parse_map
from tests.conftest import tiny_map_data


def test_roads_without_kinds_are_roads():
    bmap = parse_map(tiny_map_data(), "tiny.yaml")
    assert bmap.link_kinds == ("road",)
    assert bmap.link_kind("a", "b") == "road"
    assert bmap.graph.edges["a", "b"]["kind"] == "road"


def test_a_road_may_carry_a_declared_kind():
    data = copy.deepcopy(tiny_map_data())
    data["link_kinds"] = ["clear", "river"]
    data["roads"] = [["a", "b", "river"], ["b", "c"], ["c", "d", "clear"]]
    bmap = parse_map(data, "tiny.yaml")
    assert bmap.link_kind("b", "a") == "river"
    assert bmap.link_kind("b", "c") == "clear"  # the first kind is the default
    assert bmap.graph.edges["a", "b"]["kind"] == "river"
    assert bmap.roads == [("a", "b"), ("b", "c"), ("c", "d")]


def test_a_bad_kind_is_reported_with_its_place():
    data = copy.deepcopy(tiny_map_data())
    data["roads"] = [["a", "b", "river"]]
    problems = check_map(data, "tiny.yaml")
    assert [p.place for p in problems] == ["roads[0][2]"]
    assert "not a link kind" in problems[0].problem
    data["link_kinds"] = ["river", "Bad Kind"]
    assert [p.place for p in check_map(data, "tiny.yaml")] == ["link_kinds[1]"]
    data["link_kinds"] = ["river"]
    data["roads"] = [["a", "b", "river", "x"]]
    with pytest.raises(DataError, match=r"roads\[0\]"):
        parse_map(data, "tiny.yaml")


def test_the_lion_in_winter_map():
    from rulesets.lion_in_winter import RULESET

    ruleset = RULESET()
    bmap = ruleset.board_map
    assert bmap.approximate
    areas = nx.subgraph(bmap.graph, list(bmap.areas))
    assert nx.is_connected(areas)
    kinds = {bmap.link_kind(a, b) for a, b in bmap.roads}
    assert kinds == {"clear", "river", "obstructed", "sea"}
    # Britain and the continent meet only by sea.
    assert bmap.link_kind("kent", "calais") == "sea"
    britain = {a for a, info in ruleset.area_info.items()
               if info.flag in ("england", "wales", "scotland")}
    for a, b in bmap.roads:
        if (a in britain) != (b in britain):
            assert bmap.link_kind(a, b) == "sea", (a, b)
    assert all("estimate" in a.source for a in bmap.areas.values())


def test_the_board_draws_each_kind(qapp):
    from boardapp.ui.map_items import LINK_STYLES, MapLayer
    from rulesets.lion_in_winter import RULESET

    layer = MapLayer(RULESET().board_map)
    assert set(layer._kind_roads) == {"clear", "river", "obstructed", "sea"}
    assert {"river", "obstructed", "sea"} <= set(LINK_STYLES)
