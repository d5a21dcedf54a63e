"""The action log: replay determinism, undo/redo to the set-up, game files."""

from __future__ import annotations

import json
import random

import pytest

from boardapp.core.base.errors import GameFileError, IllegalActionError, InvalidActionError
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import canonical, digest
from boardapp.core.files.gamefile import GAME_VERSION, dumps_game, load_game, loads_game, save_game
from tests.dbhelpers import new_game, play_act


def random_playout(game: Game, steps: int, seed: int) -> Game:
    """Random legal actions (moves, activations, turns) with die rolls between them."""
    chooser = random.Random(seed)
    for _ in range(steps):
        before = digest(game.state)
        legal = game.legal_actions()
        game.ruleset.flow_actions(game.state)
        game.ruleset.prompt(game.state)
        assert digest(game.state) == before  # questions never change the game
        moves = [a for a in legal if a.verb == "move"]
        pick = chooser.random()
        if legal and game.state.get("flow"):  # a decision is pending: take one
            game.push(chooser.choice(legal))
        elif moves and pick < 0.6:
            game.push(chooser.choice(moves))
        elif pick < 0.8 and legal:
            game.push(chooser.choice([a for a in legal if a.verb != "move"] or legal))
        else:
            game.push("roll")
        assert_invariants(game)
    return game


def assert_invariants(game: Game) -> None:
    """Every piece is in exactly the stack its location names (RTT's assert hook)."""
    state = game.state
    seen = [p for stack in state["stacks"].values() for p in stack]
    assert len(seen) == len(set(seen)) == len(state["pieces"])
    for place, stack in state["stacks"].items():
        assert stack, place
        for pid in stack:
            assert state["pieces"][pid]["loc"] == place


def test_replay_rebuilds_the_same_state():
    game = random_playout(new_game("14.4", seed=11), 150, seed=3)
    assert any(e.dice for e in game.log) and any(e.action.verb == "move" for e in game.log)
    again = Game.replay(game.ruleset, "14.4", 11, [(e.action.text(), e.side) for e in game.log])
    assert canonical(again.state) == canonical(game.state)
    assert [e.dice for e in again.log] == [e.dice for e in game.log]


def test_same_seed_same_dice_other_seed_other_dice():
    a, b, c = new_game(seed=5), new_game(seed=5), new_game(seed=6)
    rolls = [[g.push("roll").dice[0] for _ in range(30)] for g in (a, b, c)]
    assert rolls[0] == rolls[1] != rolls[2]
    assert all(0 <= r <= 9 for r in rolls[0])  # 2.7: the d10 reads 0-9


def test_undo_everything_back_to_the_setup_and_redo():
    game = random_playout(new_game(seed=2), 60, seed=8)
    final = canonical(game.state)
    texts = [e.render() for e in game.log]
    while game.can_undo:
        game.undo()
    assert canonical(game.state) == canonical(game.initial)
    assert game.undo() is None
    while game.can_redo:
        game.redo()
    assert canonical(game.state) == final
    assert [e.render() for e in game.log] == texts


def test_a_new_action_clears_redo():
    game = new_game()
    game.push("roll")
    game.undo()
    assert game.can_redo
    game.push("roll")
    assert not game.can_redo


def test_save_and_open_round_trip(tmp_path):
    game = random_playout(new_game(seed=4), 40, seed=1)
    path = tmp_path / "game.json"
    save_game(game, path)
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)  # human-readable JSON, one action per line
    assert data["format"] == "boardapp-game" and data["version"] == GAME_VERSION
    assert data["ruleset"]["id"] == "deux-bretagne" and data["scenario"] == "14.1"
    assert data["seed"] == 4 and len(data["actions"]) == 40
    assert text.count("\n") > 40
    opened = load_game(path)
    assert canonical(opened.state) == canonical(game.state)
    assert [e.render() for e in opened.log] == [e.render() for e in game.log]


def _file(game: Game) -> dict:
    return json.loads(dumps_game(game))


@pytest.mark.parametrize("damage, place, words", [
    (lambda d: d["actions"][1].update(action="move nobody rennes"), "actions[1] (action 2)",
     "cannot be replayed"),
    (lambda d: d["actions"][0].update(dice=[11]), "actions[0] (action 1)", "dice recorded"),
    (lambda d: d.update(version=7), "version", "update boardapp"),
    (lambda d: d.update(format="other"), "format", "not a boardapp game file"),
    (lambda d: d.update(scenario="99"), "scenario", "no scenario"),
    (lambda d: d["ruleset"].update(id="chess"), "ruleset.id", "no ruleset"),
    (lambda d: d.update(digest="0" * 64), "digest", "does not match"),
    (lambda d: d.update(seed="x"), "seed", "not a whole number"),
])
def test_damaged_files_are_reported_with_place(damage, place, words):
    game = new_game()
    game.push("roll")
    me = game.ruleset.board_map  # noqa: F841 (map loaded once)
    game.push("end")
    data = _file(game)
    damage(data)
    with pytest.raises(GameFileError) as info:
        loads_game(json.dumps(data), "g.json")
    assert info.value.place == place
    assert words in info.value.problem


def test_truncated_file_names_line_and_column(tmp_path):
    game = new_game()
    game.push("roll")
    path = tmp_path / "cut.json"
    path.write_text(dumps_game(game)[:-40], encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        load_game(path)
    assert info.value.place.startswith("line ")
    assert str(path) in str(info.value)


def test_replay_error_names_the_action():
    game = new_game()
    with pytest.raises(InvalidActionError, match="action 2"):
        Game.replay(game.ruleset, "14.1", 1, [("roll", None), ("fly to-the-moon", None)])


def test_save_is_atomic_and_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    game = new_game()
    path = tmp_path / "g.json"
    save_game(game, path)
    before = path.read_text(encoding="utf-8")
    game.push("roll")

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", boom)
    with pytest.raises(OSError):
        save_game(game, path)
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
    assert digest(load_game(path).state) == digest(new_game().state)


def test_a_die_set_by_hand_must_be_a_face_of_the_die():
    game = new_game()
    game.push("set-dice 10")  # the d10 reads 0-9 (2.7)
    before = canonical(game.state)
    with pytest.raises(IllegalActionError, match="reading 0-9"):
        game.push("roll")
    assert canonical(game.state) == before


def test_a_game_saved_before_the_map_was_edited_says_so(tmp_path, monkeypatch):
    game = new_game()
    play_act(game)
    moved = len(game.log)  # the index of the move in the file's actions
    game.push("move alain-de-rohan,blois-ch-br-1,blois-me-3 malestroit")
    path = tmp_path / "game.json"
    save_game(game, path)
    # The player corrects the map by hand: the road Josselin-Malestroit is removed.
    import yaml

    from boardapp.paths import maps_dir

    data = yaml.safe_load((maps_dir() / "deux_bretagne.yaml").read_text(encoding="utf-8"))
    data["roads"] = [r for r in data["roads"] if set(r[:2]) != {"josselin", "malestroit"}]
    edited = tmp_path / "maps"
    edited.mkdir()
    (edited / "deux_bretagne.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    monkeypatch.setenv("BOARDAPP_MAPS", str(edited))
    with pytest.raises(GameFileError) as info:
        load_game(path)
    assert info.value.place == f"actions[{moved}] (action {moved + 1})"
    assert "the map or the ruleset's data files were edited" in info.value.problem
