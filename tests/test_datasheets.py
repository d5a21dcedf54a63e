"""Game data sheets: values the players fill in, kept per game, written back to the YAML
file without losing its comments (boardapp.core.engine.datasheets, the ``data`` verb)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from boardapp.core.base.errors import BoardappError, DataError, GameFileError, InvalidActionError
from boardapp.core.engine import ruleset as ruleset_module
from boardapp.core.engine.actions import Action
from boardapp.core.engine.context import Context
from boardapp.core.engine.data_action import data_action
from boardapp.core.engine.datasheets import CellType, Sheet, read_sheet, save_sheet_values
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import State
from boardapp.core.files.gamefile import dumps_game, load_game, save_game
from tests.test_pbem_helpers import Duel

TABLES = """\
# Damage of each card colour: NOT PRINTED, fill from your cards.
damage:
  rule: "7"
  results:
    # one value per die face 1-6; null = unknown
    red:  [1, 2, null, 4, null, 6]   # the red column
    blue: [null, null, null, null, null, null]
cards:
  R1: {name: "First", power: null, coat: blue}   # the first card
  R2: {name: null, power: 3}
  R3:
    name: Third
    power: null
charts:
  fate: {1: killed, 2: null}
"""


def sheets(folder: Path) -> list[Sheet]:
    file = folder / "tables.yaml"
    return [
        Sheet("damage", "Damage Table", file, ("damage", "results"), "grid",
              {"cell": CellType("int", low=0, high=9)}, row_labels=tuple("123456"),
              rule="Duel 7"),
        Sheet("cards", "Cards", file, ("cards",), "records",
              {"name": CellType("text"), "power": CellType("int", low=1, high=3),
               "coat": CellType("choice", choices=("blue", "green"))}, keys=r"R\d+"),
        Sheet("fate", "Fate Chart", file, ("charts", "fate"), "column",
              {"result": CellType("choice", choices=("killed", "routed"))}),
    ]


class TableDuel(Duel):
    """Duel whose damage comes from a table the players fill in."""

    id = "table-duel"
    folder: Path = Path()

    def data_sheets(self) -> list[Sheet]:
        return sheets(self.folder)

    def apply(self, state: State, action: Action, ctx: Context) -> None:
        if action.verb == "hit":
            column = self.sheet_values(state, "damage")[action.arg(0)]
            die = ctx.roll(6)
            value = column[die - 1]
            ctx.log(f"die {die}: {'?' if value is None else value} damage")
            state["vars"]["hp"]["blue"] -= value or 0
            return
        super().apply(state, action, ctx)


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "tables.yaml").write_text(TABLES, encoding="utf-8")
    monkeypatch.setattr(TableDuel, "folder", tmp_path)
    installed = ruleset_module.available_rulesets
    monkeypatch.setattr(ruleset_module, "available_rulesets",
                        lambda: {**installed(), TableDuel.id: TableDuel})
    return tmp_path


def test_sheets_read_the_three_layouts(env: Path) -> None:
    damage, cards, fate = sheets(env)
    assert read_sheet(damage)["red"] == [1, 2, None, 4, None, 6]
    assert read_sheet(cards) == {"R1": {"name": "First", "power": None, "coat": "blue"},
                                 "R2": {"name": None, "power": 3, "coat": None},
                                 "R3": {"name": "Third", "power": None, "coat": None}}
    assert read_sheet(fate) == {"1": "killed", "2": None}


def test_a_bad_value_in_the_file_names_file_and_place(env: Path) -> None:
    file = env / "tables.yaml"
    file.write_text(TABLES.replace("R2: {name: null, power: 3}", "R2: {name: null, power: 7}"))
    with pytest.raises(DataError) as err:
        read_sheet(sheets(env)[1])
    assert err.value.file == str(file)
    assert err.value.place == "cards.R2:power"
    assert "7 is above 3" in err.value.problem


def test_saving_changes_only_the_values_and_keeps_the_comments(env: Path) -> None:
    damage, cards, fate = sheets(env)
    save_sheet_values(damage, [("red", "3", 5), ("blue", "6", 0)])
    save_sheet_values(cards, [("R1", "power", 2), ("R2", "coat", "green"),
                              ("R3", "coat", "blue"), ("R1", "name", "First: the 'one'")])
    save_sheet_values(fate, [("2", "value", "routed")])
    text = (env / "tables.yaml").read_text()
    for comment in ("# Damage of each card colour", "# one value per die face 1-6",
                    "# the red column", "# the first card"):
        assert comment in text
    assert "red:  [1, 2, 5, 4, null, 6]" in text
    assert read_sheet(damage)["blue"] == [None, None, None, None, None, 0]
    assert read_sheet(cards) == {
        "R1": {"name": "First: the 'one'", "power": 2, "coat": "blue"},
        "R2": {"name": None, "power": 3, "coat": "green"},
        "R3": {"name": "Third", "power": None, "coat": "blue"}}
    assert read_sheet(fate) == {"1": "killed", "2": "routed"}
    assert yaml.safe_load(text)["cards"]["R3"] == {"name": "Third", "power": None,
                                                   "coat": "blue"}


def test_saving_refuses_a_value_of_the_wrong_kind(env: Path) -> None:
    before = (env / "tables.yaml").read_text()
    with pytest.raises(BoardappError, match="expected one of blue, green"):
        save_sheet_values(sheets(env)[1], [("R1", "coat", "purple")])
    assert (env / "tables.yaml").read_text() == before


def test_a_game_keeps_the_data_it_started_with(env: Path, tmp_path: Path) -> None:
    game = Game(TableDuel(), seed=5)
    assert game.state["data"]["damage"]["red"][0] == 1
    # The defaults change after the game began: the game is not affected ...
    save_sheet_values(sheets(env)[0], [("red", "1", 9)])
    game.push("set-dice 1")
    game.push("hit red")
    assert game.state["vars"]["hp"]["blue"] == 29
    # ... and it replays from its file with its own data, not the file's.
    path = tmp_path / "game.json"
    save_game(game, path)
    assert json.loads(path.read_text())["game_data"]["damage"]["red"][0] == 1
    again = load_game(path)
    assert again.state == game.state
    # A new game takes the new defaults.
    assert Game(TableDuel(), seed=5).state["data"]["damage"]["red"][0] == 9


def test_the_data_verb_sets_values_in_one_game_and_undoes(env: Path, tmp_path: Path) -> None:
    game = Game(TableDuel(), seed=5)
    damage = sheets(env)[0]
    entry = game.push(data_action(damage, [("red", "3", 7), ("blue", "1", 2)]))
    assert entry.action.text() == "data damage red:3=7 blue:1=2"
    assert entry.manual
    assert "Damage Table: red 3 = 7; blue 1 = 2" in entry.lines[0].text
    game.push("set-dice 3")
    game.push("hit red")
    assert game.state["vars"]["hp"]["blue"] == 23
    path = tmp_path / "game.json"
    save_game(game, path)
    assert load_game(path).state == game.state
    game.undo()
    game.undo()
    game.undo()
    assert game.state["data"]["damage"]["red"][2] is None
    # The file on disk was never touched by the game.
    assert read_sheet(damage)["red"][2] is None


@pytest.mark.parametrize("text, message", [
    ("data damage red:7=1", "has no cell red:7"),
    ("data damage green:1=1", "has no cell green:1"),
    ("data damage red:1=12", "12 is above 9"),
    ("data damage red:1=x", "expected a whole number from 0 to 9, got 'x'"),
    ("data cards R1:coat=purple", "expected one of blue, green"),
    ("data nothing R1:coat=blue", "no data sheet 'nothing'"),
    ("data cards R1coat", "expected KEY:SUB=VALUE"),
])
def test_the_data_verb_refuses_bad_edits(env: Path, text: str, message: str) -> None:
    game = Game(TableDuel(), seed=5)
    with pytest.raises(InvalidActionError, match=message):
        game.push(text)
    assert not game.log


def test_text_with_spaces_and_unknown_values_round_trip(env: Path) -> None:
    game = Game(TableDuel(), seed=5)
    cards = sheets(env)[1]
    action = data_action(cards, [("R2", "name", "Le Roi: 50% = ?"), ("R2", "power", None)])
    assert action.args == ("cards", "R2:name=Le%20Roi%3A%2050%25%20%3D%20%3F", "R2:power=?")
    game.push(action.text())
    assert game.state["data"]["cards"]["R2"] == {"name": "Le Roi: 50% = ?", "power": None,
                                                 "coat": None}


def _file_with(game: Game, **changes: Any) -> str:
    data = json.loads(dumps_game(game))
    data.update(changes)
    data.pop("digest")
    return json.dumps(data)


def test_a_file_with_bad_game_data_is_refused_with_its_place(env: Path,
                                                             tmp_path: Path) -> None:
    game = Game(TableDuel(), seed=5)
    bad = game.start_data
    bad["damage"]["red"][1] = "many"
    path = tmp_path / "bad.json"
    path.write_text(_file_with(game, game_data=bad))
    with pytest.raises(GameFileError) as err:
        load_game(path)
    assert err.value.place == "game_data.damage.red:2"
    path.write_text(_file_with(game, game_data={"weather": {}}))
    with pytest.raises(GameFileError, match="no such data sheet"):
        load_game(path)


def test_a_file_from_before_game_data_reads_the_data_files(env: Path,
                                                           tmp_path: Path) -> None:
    game = Game(TableDuel(), seed=5, data={})
    assert "data" not in game.state
    game.push("set-dice 2")
    game.push("hit red")
    path = tmp_path / "old.json"
    save_game(game, path)
    assert "game_data" not in json.loads(path.read_text())
    again = load_game(path)
    assert again.state == game.state and again.state["vars"]["hp"]["blue"] == 28
    # Setting a value in such a game gives it its own copy from then on.
    again.push("data damage red:2=1")
    assert again.state["data"]["damage"]["red"][:2] == [1, 1]


def test_row_labels_and_help_come_from_the_file(env: Path) -> None:
    from boardapp.core.engine.datasheets import row_texts

    cards = sheets(env)[1]
    assert row_texts(cards, "name") == {"R1": "First", "R3": "Third"}
    assert row_texts(cards, "") == {}


@pytest.mark.parametrize("bad, place, problem", [
    ({"damage": []}, "game_data.damage", "expected a mapping"),
    ({"damage": {"red": [1, 2]}}, "game_data.damage.red", "expected a list of 6 values"),
    ({"cards": {"R1": 3}}, "game_data.cards.R1", "expected a mapping of fields"),
    ({"cards": {"R1": {"colour": "red"}}}, "game_data.cards.R1:colour", "not a field"),
    ({"fate": {"1": "eaten"}}, "game_data.fate.1:value", "expected one of killed, routed"),
    ([1, 2], "game_data", "expected a mapping of data sheets"),
])
def test_every_malformed_game_data_is_refused_with_its_place(env: Path, tmp_path: Path,
                                                             bad: Any, place: str,
                                                             problem: str) -> None:
    game = Game(TableDuel(), seed=5)
    path = tmp_path / "bad.json"
    path.write_text(_file_with(game, game_data=bad))
    with pytest.raises(GameFileError) as err:
        load_game(path)
    assert err.value.place == place and problem in err.value.problem
