"""The map editor's core: checked edits, exact undo, and user maps that override the
shipped map without changing it."""

from __future__ import annotations

import copy
import json

import pytest
import yaml

from boardapp.core.base.errors import DataError
from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.board.mapdata import load_map
from boardapp.core.board.mapedit import MapEditError, MapEditor, slug
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.scan.boardsettings import (
    UserMaps,
    load_board_map,
    save_user_map,
    user_map_path,
    write_map,
)
from boardapp.paths import maps_dir
from tests.conftest import tiny_map_data

SHIPPED = maps_dir() / "deux_bretagne.yaml"


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BOARDAPP_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def frozen(data) -> str:
    return json.dumps(data, sort_keys=False)


def test_every_edit_undoes_to_the_exact_data():
    editor = MapEditor(load_yaml_file(SHIPPED), str(SHIPPED))
    start = frozen(editor.data)
    city = next(iter(editor.bmap.areas.values()))
    editor.move_city(city.id, (city.pos[0] + 6, city.pos[1] - 4))
    assert editor.bmap.areas[city.id].pos == (city.pos[0] + 6, city.pos[1] - 4)
    a, b = sorted(editor.bmap.areas)[:2]
    if b in editor.bmap.neighbours(a):
        editor.remove_road(a, b)
    else:
        editor.add_road(a, b)
    editor.set_field(city.id, "nf", 3)
    assert editor.bmap.areas[city.id].fortified and editor.bmap.areas[city.id].nf == 3
    editor.set_outline(city.id, editor.outline_points(city.id))
    region = next(iter(editor.bmap.regions))
    editor.set_field(city.id, "region", region)
    assert editor.dirty and len(editor.undo_stack) == 5
    while editor.undo():
        pass
    assert frozen(editor.data) == start and not editor.dirty
    while editor.redo():
        pass
    assert editor.bmap.areas[city.id].region == region
    assert editor.bmap.areas[city.id].polygon is not None


def test_invalid_edits_are_refused_with_the_reason():
    data = tiny_map_data()
    data["areas"]["a"]["polygon"] = [[0, 50], [60, 50], [60, 150], [0, 150]]
    editor = MapEditor(data, "tiny.yaml")
    before = frozen(editor.data)
    with pytest.raises(MapEditError, match="areas.a.pos: the city lies outside its own "
                                           "outline"):
        editor.move_city("a", (200, 100))
    with pytest.raises(MapEditError, match="areas.b.pos: the city lies inside the outline "
                                           "of 'a'"):
        editor.move_city("b", (30, 100))
    with pytest.raises(MapEditError, match="overlaps the outline of 'a'"):
        editor.set_outline("b", [(40, 60), (120, 60), (120, 140), (40, 140)])
    with pytest.raises(MapEditError, match="no area 'nowhere'"):
        editor.add_road("a", "nowhere")
    with pytest.raises(MapEditError, match="already"):
        editor.add_road("b", "a")
    with pytest.raises(MapEditError, match="'swamp' is not one of"):
        editor.set_field("c", "terrain", "swamp")
    assert frozen(editor.data) == before and not editor.undo_stack


def test_deleting_an_area_takes_its_roads_and_links_and_spares_occupied_ones():
    editor = MapEditor(tiny_map_data(), "tiny.yaml", protected={"b"})
    with pytest.raises(MapEditError, match="B cannot be deleted: pieces are there"):
        editor.delete_area("b")
    editor.delete_area("d")
    assert "d" not in editor.bmap.areas
    assert ["c", "d"] not in editor.data["roads"] and editor.data["boxes"]["hold"]["links"] == []
    editor.undo()
    assert list(editor.data["areas"]) == ["a", "b", "c", "d"]  # back in its place
    assert editor.data == tiny_map_data()
    edit = editor.add_area("Saint-Aubin du Cormier", (250, 40), terrain="forest")
    assert "saint-aubin-du-cormier" in editor.bmap.areas and edit.text.startswith("Add")
    assert slug("Pays de Saint-Brieuc") == "pays-de-saint-brieuc"


def test_boxes_tracks_and_hexes_move_and_change():
    editor = MapEditor(tiny_map_data(), "tiny.yaml")
    editor.set_box_rect("hold", (310, 30, 70, 50))
    assert editor.bmap.boxes["hold"].rect == (310, 30, 70, 50)
    hexes = MapEditor(load_yaml_file(maps_dir() / "sample_hex.yaml"), "hex.yaml")
    hx = next(a for a in hexes.bmap.areas.values() if a.terrain == "clear" and not a.city)
    hexes.set_field(hx.id, "terrain", "woods")
    assert hexes.bmap.areas[hx.id].terrain == "woods"
    other = hexes.bmap.neighbours(hx.id)[0]
    hexes.set_hexside(hx.id, other, ["river"])
    assert hexes.bmap.hexside(hx.id, other) == ("river",)
    hexes.move_track("turn", 10, -5)
    assert hexes.bmap.tracks["turn"].cells[0].rect[:2] == (1005, 365)
    with pytest.raises(MapEditError, match="has no town"):
        hexes.move_city(hx.id, (0, 0))
    town = next(a for a in hexes.bmap.areas.values() if a.city)
    hexes.move_city(town.id, (town.pos[0] + 5, town.pos[1] + 30))
    assert hexes.bmap.areas[town.id].pos == (town.pos[0] + 5, town.pos[1] + 30)
    with pytest.raises(MapEditError, match="the town lies outside its hex"):
        hexes.move_city(town.id, (town.pos[0] + 200, town.pos[1]))


def test_a_user_map_overrides_the_shipped_one_which_never_changes(user_dirs):
    shipped_text = SHIPPED.read_text(encoding="utf-8")
    editor = MapEditor(load_yaml_file(SHIPPED), str(SHIPPED))
    city = next(iter(editor.bmap.areas.values()))
    editor.move_city(city.id, (city.pos[0] + 5, city.pos[1] + 5))
    path = save_user_map(editor.data, SHIPPED.name, origin="test")
    assert path == user_map_path(SHIPPED.name) and path.read_text().startswith("# boardapp map")
    assert SHIPPED.read_text(encoding="utf-8") == shipped_text
    ruleset = find_ruleset("deux-bretagne", UserMaps())  # as the app makes it
    assert ruleset.board_map.file == str(path)
    assert ruleset.board_map.areas[city.id].pos == (city.pos[0] + 5, city.pos[1] + 5)
    assert ruleset.map_records()["main"].origin == "user"
    # the engine alone reads no user folder: without the user's maps, the shipped one
    assert find_ruleset("deux-bretagne").board_map.file == str(SHIPPED)
    # a damaged user map is skipped: the shipped one is used
    path.write_text("format: boardapp-map\nareas: [", encoding="utf-8")
    assert load_board_map(maps_dir(), SHIPPED.name).file == str(SHIPPED)


def test_export_refuses_an_invalid_map(tmp_path):
    data = copy.deepcopy(tiny_map_data())
    out = tmp_path / "shared.yaml"
    write_map(data, out, origin="tiny")
    assert set(load_map(out).areas) == {"a", "b", "c", "d"}
    assert yaml.safe_load(out.read_text())["roads"] == data["roads"]
    data["roads"].append(["a", "nowhere"])
    with pytest.raises(DataError, match="roads"):
        write_map(data, tmp_path / "bad.yaml")
    assert not (tmp_path / "bad.yaml").exists()


def test_typed_roads_are_roads_for_the_editor():
    data = copy.deepcopy(tiny_map_data())
    data["link_kinds"] = ["road", "river"]
    data["roads"][0] = ["a", "b", "river"]
    editor = MapEditor(data, "tiny.yaml")
    with pytest.raises(MapEditError, match="already"):
        editor.add_road("b", "a")
    editor.remove_road("a", "b")
    assert ["a", "b", "river"] not in editor.data["roads"]
    editor.undo()
    assert editor.data["roads"][0] == ["a", "b", "river"]
