"""Hex grids: geometry, the sample hex map, its validation, and the hex demo ruleset
moving a counter by hex costs."""

from __future__ import annotations

import copy

import pytest
import yaml

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.board.hexgrid import (
    HexGrid,
    axial_to_offset,
    distance,
    fit_grid,
    hex_id,
    neighbours,
    offset_to_axial,
    parse_hex_id,
)
from boardapp.core.board.mapdata import check_map, load_map, parse_map
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.files.gamefile import dumps_game, loads_game
from boardapp.core.scan.calibration import Transform
from boardapp.paths import maps_dir

SAMPLE = maps_dir() / "sample_hex.yaml"


def hx(col: int, row: int) -> str:
    """The area id of the hex printed at column ``col``, row ``row`` (from 0)."""
    return hex_id(*offset_to_axial(col, row, "flat"))


@pytest.fixture(scope="module")
def ruleset():
    rs = find_ruleset("hex-demo")
    rs.__dict__["board_map"] = load_map(SAMPLE)  # the shipped file, whatever the user has
    return rs


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_geometry_round_trips(orientation):
    grid = HexGrid(orientation, 25.0, (40.0, 30.0))
    for q in range(-3, 4):
        for r in range(-3, 4):
            assert grid.hex_at(*grid.centre(q, r)) == (q, r)
            for x, y in grid.corners(q, r):  # just inside each corner
                cx, cy = grid.centre(q, r)
                assert grid.hex_at(cx + 0.9 * (x - cx), cy + 0.9 * (y - cy)) == (q, r)
            for n in neighbours(q, r):
                a, b = grid.side((q, r), n)
                assert distance((q, r), n) == 1
                assert abs(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 - 25.0) < 1e-4
    for col in range(-2, 5):
        for row in range(-2, 5):
            assert axial_to_offset(*offset_to_axial(col, row, orientation), orientation) == (col,
                                                                                        row)
    assert parse_hex_id(hex_id(-4, 7)) == (-4, 7) and parse_hex_id("brest") is None


def test_grid_is_fitted_to_clicked_hex_centres():
    true = HexGrid("flat", 83.0, (412.0, 388.0))
    turn = Transform.similarity(1.0, 1.5, (0.0, 0.0))
    clicks = {h: turn.apply(*true.centre(*h)) for h in [(0, 0), (10, -2), (3, 6), (9, 4)]}
    fit = fit_grid(clicks, "flat")
    assert fit.grid.size == pytest.approx(83.0, abs=1e-6)
    assert fit.rotation == pytest.approx(1.5, abs=1e-6)
    assert max(fit.residuals.values()) < 1e-6
    with pytest.raises(ValueError, match="two hexes"):
        fit_grid({(0, 0): (1.0, 2.0)}, "flat")


def test_the_sample_map_is_a_hex_map(ruleset):
    bmap = ruleset.board_map
    assert bmap.hexgrid is not None and bmap.hexgrid.orientation == "flat"
    assert len(bmap.areas) == 12 * 9
    assert {a.name for a in bmap.areas.values() if a.city} == {"Aldford", "Bexley", "Fordham",
                                                              "Crag"}
    assert bmap.areas[hx(2, 4)].name == "Aldford" and bmap.areas[hx(0, 0)].name == "Hex 0101"
    assert bmap.areas[hx(7, 7)].terrain == "lake"
    assert bmap.hexside(hx(5, 4), hx(6, 4)) == ("river", "road")
    assert bmap.graph.edges[hx(5, 2), hx(6, 2)]["features"] == ("river",)
    # a hex has six neighbours inside the map, fewer on its edge
    assert len(bmap.neighbours(hx(4, 4))) == 6 and len(bmap.neighbours(hx(0, 0))) == 2
    # hit test: any point of a hex finds it, the spatial index agrees with the grid maths
    grid = bmap.hexgrid
    for area in bmap.areas.values():
        x, y = area.pos
        for dx, dy in [(0, 0), (20, 5), (-15, -18), (5, 25)]:
            assert bmap.place_at(x + dx, y + dy) == hex_id(*grid.hex_at(x + dx, y + dy))
    assert bmap.place_at(*bmap.boxes["eliminated"].centre) == "eliminated"


def test_costs_by_terrain_river_bridge_and_road(ruleset):
    cost = ruleset.step_cost
    assert cost(hx(0, 1), hx(1, 1)) == 2  # into woods
    assert cost(hx(3, 2), hx(4, 2)) == 3  # into hills
    assert cost(hx(6, 7), hx(7, 7)) is None  # the lake
    assert cost(hx(5, 2), hx(6, 2)) == 2  # across the river: 1 + 1
    assert cost(hx(5, 4), hx(6, 4)) == 1  # the Fordham bridge
    assert cost(hx(3, 4), hx(4, 4)) == 1  # along the road


def test_a_counter_moves_by_hex_costs_and_undoes(ruleset):
    game = Game(ruleset, seed=1)
    state = game.state
    reach = ruleset.reachable(state, ["red-inf-1"])  # 4 MP from Aldford
    assert reach[hx(6, 4)].cost == 4  # along the road and over the bridge
    assert hx(7, 4) not in reach  # one more hex
    assert reach[hx(1, 1)].cost >= 2
    assert all(ruleset.board_map.areas[h].terrain != "lake" for h in reach)
    entry = game.push(f"move red-inf-1 {hx(6, 4)}")
    assert "Fordham" in entry.render() and "(4 MP" in entry.render()
    assert game.state["pieces"]["red-inf-1"]["loc"] == hx(6, 4)
    with pytest.raises(IllegalActionError, match="has moved this turn"):
        game.push(f"move red-inf-1 {hx(5, 4)}")
    with pytest.raises(IllegalActionError, match=r"out of reach.*\(Hex demo 3, 4, 5\)"):
        game.push(f"move red-inf-2 {hx(10, 8)}")
    again = loads_game(dumps_game(game))
    assert again.state == game.state
    game.undo()
    assert game.state["pieces"]["red-inf-1"]["loc"] == hx(2, 4)


def test_enemy_hexes_block_and_zones_of_control_stop(ruleset):
    game = Game(ruleset, seed=1)
    game.push(f"place blue-inf-2 {hx(7, 4)}")  # by hand, next to Fordham
    reach = ruleset.reachable(game.state, ["red-cav-1"])  # 6 MP
    assert reach[hx(6, 4)].stops  # next to the enemy: movement stops
    assert hx(7, 4) not in reach and hx(8, 4) not in reach
    verdict = ruleset.check_move(game.state, ["red-cav-1"], hx(7, 4))
    assert not verdict.legal and verdict.rule == "Hex demo 5"


def test_a_search_stopped_at_its_target_agrees_with_the_whole_reach(ruleset):
    game = Game(ruleset, seed=1)
    game.push(f"place blue-inf-2 {hx(7, 4)}")  # by hand: a zone of control in the way
    for stack in (["red-cav-1"], ["red-inf-1"], ["red-inf-1", "red-cav-1"]):
        ruleset._searches = None  # every target searched anew, not read from the whole
        full = dict(ruleset.reachable(game.state, stack))
        for dest in ruleset.board_map.areas:
            ruleset._searches = None
            assert ruleset.reach(game.state, stack, dest) == full.get(dest), dest


def test_hexgrid_problems_name_their_place():
    data = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))
    bad = copy.deepcopy(data)
    grid = bad["hexgrid"]
    grid["hexes"]["nine"] = "clear"
    grid["hexes"]["1,1"] = "swamp"
    grid["hexsides"].append({"hexes": ["0,0", "3,3"], "features": ["river"]})
    grid["hexsides"].append({"hexes": ["0,0", "1,0"], "features": ["wall"]})
    grid["hexsides"].append({"hexes": ["0,0", "40,40"], "features": ["river"]})
    n = len(data["hexgrid"]["hexsides"])
    problems = {(p.place, p.problem) for p in check_map(bad, "hex.yaml")}
    places = {p for p, _ in problems}
    assert "hexgrid.hexes.nine" in places
    assert "hexgrid.hexes.1,1.terrain" in places
    assert (f"hexgrid.hexsides[{n}].hexes", "the two hexes do not share a side") in problems
    assert f"hexgrid.hexsides[{n + 1}].features[0]" in places
    assert (f"hexgrid.hexsides[{n + 2}].hexes", "no hex 40,40 on this map") in problems
    assert len(problems) == 5
    parse_map(data, "hex.yaml")  # the untouched file is valid


def test_the_sixth_turn_ends_the_game_with_a_result(ruleset):
    """Issue 13, item 14: the game ends after six turns (rule 6) with a result the window
    announces, no legal action left, and ``end`` refused with its rule."""
    game = Game(ruleset, None, 3)
    for _ in range(12):
        assert ruleset.outcome(game.state) is None
        game.push("end")
    # Nobody moved: each side holds its own town (rule 7)
    assert ruleset.outcome(game.state) == ("The six turns are over: a draw, 1 town each "
                                           "(Hex demo 7).")
    assert game.legal_actions() == []
    assert ruleset.deciding_sides(game.state) == []
    with pytest.raises(IllegalActionError):
        game.push("end")
    assert "Game over: The six turns are over: a draw" in ruleset.summary(game.state)


def test_a_move_is_refused_with_its_rule_and_offered_by_drag_only(ruleset):
    game = Game(ruleset, None, 3)
    with pytest.raises(IllegalActionError) as refused:
        game.push("move blue-inf-1 h9-1")
    assert refused.value.rule == "Hex demo 1"
    move = next(a for a in game.legal_actions() if a.verb == "move")
    assert ruleset.flow.verb_spec(game.state, "move").offers == ("drag",)
    assert move not in ruleset.flow_actions(game.state)
    assert ruleset.flow_actions(game.state) == [a for a in game.legal_actions()
                                                if a.verb == "end"]
    assert ruleset.action_label(game.state, move).startswith("Move Red ")
