"""Which map a game was played on: the ruleset reads its maps through the provider it is
handed (the shipped files by default, the user's edited copies from the app), the game
file records each board's map (file, shipped or the user's copy, digest) and opening a
game on a computer with another map says so, without failing."""

from __future__ import annotations

import json

import pytest

from boardapp.cli import main
from boardapp.core.base.yamlio import load_yaml_file
from boardapp.core.board.maps import (
    SHIPPED,
    USER,
    MapRecord,
    ShippedMaps,
    map_digest,
    map_notes,
    records_from_json,
)
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.files.gamefile import dumps_game, load_game, loads_game, save_game
from boardapp.core.scan.boardsettings import UserMaps, remove_user_map, save_user_map
from boardapp.paths import maps_dir

GAME = "hex-demo"


def shipped_file() -> str:
    return find_ruleset(GAME).map_file


def edit_map(suffix: str = " (mine)") -> None:
    """Save the user's own copy of the game's map (another name: other bytes)."""
    data = load_yaml_file(maps_dir() / shipped_file())
    data["name"] = str(data["name"]) + suffix
    save_user_map(data, shipped_file(), origin="test")


def played(maps=None) -> Game:
    game = Game(find_ruleset(GAME, maps), None, 5)
    for action in game.legal_actions()[:2]:
        game.push(action)
    return game


def test_a_ruleset_reads_the_maps_it_is_handed():
    edit_map()
    alone = find_ruleset(GAME)  # the engine alone reads no user folder
    assert alone.board_map.file == str(maps_dir() / shipped_file())
    assert alone.map_records()["main"].origin == SHIPPED
    app = find_ruleset(GAME, UserMaps())
    assert app.board_map.name.endswith("(mine)")
    assert app.map_records()["main"].origin == USER


def test_the_file_records_the_map_of_every_board():
    data = json.loads(dumps_game(played()))
    shipped = (maps_dir() / shipped_file()).read_bytes()
    assert data["maps"] == {"main": {"file": shipped_file(), "origin": "shipped",
                                     "digest": map_digest(shipped)}}
    from rulesets.lily_ermine import RULESET as TwoBoards

    records = TwoBoards().map_records()
    assert {b: (r.file, r.origin) for b, r in records.items()} == {
        "main": ("lily_ermine.yaml", SHIPPED), "tactical": ("lily_ermine_tactical.yaml", SHIPPED)}


def test_a_game_reopened_on_the_same_maps_has_no_note(tmp_path):
    edit_map()
    game = played(UserMaps())
    path = tmp_path / "g.json"
    save_game(game, path)
    assert json.loads(path.read_text())["maps"]["main"]["origin"] == "user"
    again = load_game(path, maps=UserMaps())
    assert again.notes == [] and again.state == game.state


def test_a_game_played_on_a_user_map_this_computer_lacks_opens_with_a_note(tmp_path, capsys):
    edit_map()
    game = played(UserMaps())
    path = tmp_path / "g.json"
    save_game(game, path)
    assert remove_user_map(shipped_file())
    again = load_game(path, maps=UserMaps())
    assert again.state == game.state
    assert again.notes == [f"This game was played on its player's own edited copy of the map "
                           f"{shipped_file()}; this computer has no edited copy of it, so the "
                           "shipped map is used here."]
    assert main(["verify", str(path)]) == 0
    assert "this computer has no edited copy of it" in capsys.readouterr().out


def test_a_user_map_edited_since_or_a_shipped_game_opened_on_a_user_map_gives_a_note(
        tmp_path, capsys):
    edit_map()
    path = tmp_path / "mine.json"
    save_game(played(UserMaps()), path)
    edit_map(" (mine, moved)")
    notes = load_game(path, maps=UserMaps()).notes
    assert len(notes) == 1 and "differs" in notes[0] and "own edited copy" in notes[0]
    shipped = tmp_path / "shipped.json"
    save_game(played(), shipped)
    notes = load_game(shipped, maps=UserMaps()).notes
    assert notes == [f"This game was played on the shipped map {shipped_file()}; this "
                     "computer uses an edited copy of it that differs, so that copy is used "
                     "here."]
    capsys.readouterr()
    assert main(["verify", str(shipped)]) == 0  # the command line uses the user's map too
    assert "edited copy of it that differs" in capsys.readouterr().out


def test_a_file_without_the_record_or_with_a_bad_one_opens_without_a_note():
    game = played()
    data = json.loads(dumps_game(game))
    for value in (None, 5, [], {"main": "x"}, {"main": {"file": 1}},
                  {"main": {"file": "a.yaml", "origin": "borrowed", "digest": "0"}}):
        if value is None:
            data.pop("maps")
        else:
            data["maps"] = value
        again = loads_game(json.dumps(data))
        assert again.notes == [] and again.state == game.state


def test_a_shipped_map_changed_since_is_noted(tmp_path):
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / shipped_file()).write_bytes((maps_dir() / shipped_file()).read_bytes())
    game = played(ShippedMaps(folder))
    text = dumps_game(game)
    (folder / shipped_file()).write_text((maps_dir() / shipped_file()).read_text()
                                         + "\n# changed\n", encoding="utf-8")
    notes = loads_game(text, maps=ShippedMaps(folder)).notes
    assert notes == [f"This game was played on the shipped map {shipped_file()}; that map "
                     "has changed since, so today's shipped map is used here."]


def test_notes_name_the_board_when_a_game_has_several():
    was = {"main": MapRecord("a.yaml", SHIPPED, "1"), "tactical": MapRecord("b.yaml", USER, "2")}
    here = {"main": MapRecord("a.yaml", SHIPPED, "1"), "tactical": MapRecord("b.yaml", SHIPPED,
                                                                             "3")}
    assert map_notes(was, here, {"tactical": "Battle"}) == [
        "This game was played on its player's own edited copy of the map b.yaml (board "
        "Battle); this computer has no edited copy of it, so the shipped map is used here."]
    assert map_notes(was, was) == [] and map_notes({}, here) == []
    assert records_from_json({"main": was["main"].to_json(), 3: {}}) == {"main": was["main"]}


@pytest.mark.parametrize("bad", ["format: boardapp-map\nareas: [", "format: other\n"])
def test_a_damaged_user_map_is_skipped_for_the_shipped_one(bad, caplog):
    from boardapp.core.scan.boardsettings import user_map_path

    path = user_map_path(shipped_file())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(bad, encoding="utf-8")
    ruleset = find_ruleset(GAME, UserMaps())
    assert ruleset.board_map.file == str(maps_dir() / shipped_file())
    assert ruleset.map_records()["main"].origin == SHIPPED
    assert "user map skipped" in caplog.text


def test_the_app_and_the_command_line_play_on_the_users_map(tmp_path, capsys):
    from boardapp.ui.app import new_game
    from boardapp.ui.pbem_dialogs import open_as_player

    edit_map()
    game = new_game(GAME)
    assert game.ruleset.board_map.name.endswith("(mine)")
    path = tmp_path / "g.json"
    save_game(game, path)
    opened = open_as_player(None, path)
    assert opened is not None and opened.ruleset.board_map.name.endswith("(mine)")
    assert opened.notes == []
    made = tmp_path / "cli.json"
    assert main(["new", GAME, find_ruleset(GAME).default_scenario, "-o", str(made),
                 "--seed", "2"]) == 0
    assert json.loads(made.read_text())["maps"]["main"]["origin"] == "user"
    assert records_from_json(json.loads(made.read_text())["maps"])["main"].digest == \
        opened.ruleset.map_records()["main"].digest
