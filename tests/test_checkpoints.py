"""Checkpoints in long hot-seat game files and the positions verified on this computer
(``core/files/checkpoints.py``, ``core/files/verified.py``): a game opens at its last
position only where this computer verified it; anything edited replays and is refused."""

from __future__ import annotations

import json
import random

import pytest

from boardapp.cli import main as cli_main
from boardapp.core.base.errors import GameFileError
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import digest
from boardapp.core.files import checkpoints
from boardapp.core.files.checkpoints import full_digest
from boardapp.core.files.gamefile import load_game, save_for_opponent, save_game
from rulesets.hex_demo import RULESET as HexDemo
from tests.test_pbem_helpers import SIDES, Player, new_duel, pbem_setup, play_exchanges

LENGTH = 270


@pytest.fixture(autouse=True)
def _short_games_keep_checkpoints(monkeypatch):
    """Checkpoints from 200 actions on (the real threshold, 1,000, makes slow tests)."""
    monkeypatch.setattr(checkpoints, "MIN_ACTIONS", 200)


def long_game(seed: int = 2) -> Game:
    """A hex-demo game played to its end, then dice rolled by hand: a long log."""
    game = Game(HexDemo(), "demo", seed)
    rnd = random.Random(seed)
    while len(game.log) < LENGTH:
        legal = game.legal_actions()
        game.push(rnd.choice(legal) if legal else "roll d6")
    return game


def texts(game: Game) -> list[str]:
    return [json.dumps(game.state_at(n)) for n in range(len(game.log) + 1)]


def test_a_game_saved_here_opens_at_its_position_and_undoes_exactly(saved):
    game, path = saved
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 3 and data["checkpoints"][-1]["n"] == LENGTH
    opened = load_game(path)
    assert opened.from_checkpoint  # not replayed from the set-up
    assert json.dumps(opened.state) == json.dumps(game.state)
    assert [e.render() for e in opened.log] == [e.render() for e in game.log]
    expected = texts(game)
    for step in (0, 1, 64, LENGTH // 2, LENGTH - 1):
        assert json.dumps(opened.state_at(step)) == expected[step]
    for depth in range(1, LENGTH + 1):
        opened.undo()
        assert json.dumps(opened.state) == expected[LENGTH - depth]
    opened.redo()
    assert json.dumps(opened.state) == expected[1]


def test_a_file_from_another_computer_is_replayed_then_remembered(saved, tmp_path,
                                                                   monkeypatch):
    game, path = saved
    monkeypatch.setenv("BOARDAPP_CACHE_DIR", str(tmp_path / "elsewhere"))
    first = load_game(path)
    assert not first.from_checkpoint  # every action replayed and checked
    again = load_game(path)
    assert again.from_checkpoint
    assert digest(again.state) == digest(first.state) == digest(game.state)


def test_verify_replays_every_action_whatever_this_computer_knows(saved, capsys):
    game, path = saved
    assert not load_game(path, verified_here=False).from_checkpoint
    assert cli_main(["verify", str(path)]) == 0


def edit_last_checkpoint(path, recompute: bool) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    last = data["checkpoints"][-1]
    pid = next(iter(last["state"]["pieces"]))
    last["state"]["pieces"][pid]["flipped"] = not last["state"]["pieces"][pid]["flipped"]
    if recompute:
        last["digest"] = full_digest(last["state"])
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("recompute", [False, True])
def test_a_checkpoint_edited_by_hand_is_refused(saved, recompute, capsys):
    _, path = saved
    edit_last_checkpoint(path, recompute)
    with pytest.raises(GameFileError, match="checkpoints.*the file was edited"):
        load_game(path)
    assert cli_main(["verify", str(path)]) != 0
    assert "NOT OK" in capsys.readouterr().err


def test_an_edited_log_does_not_match_what_this_computer_verified(saved):
    _, path = saved
    data = json.loads(path.read_text(encoding="utf-8"))
    rolled = next(i for i, a in enumerate(data["actions"]) if a["dice"])
    data["actions"][rolled]["dice"] = [d % 6 + 1 for d in data["actions"][rolled]["dice"]]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileError, match=rf"actions\[{rolled}\].*dice"):
        load_game(path)


def test_log_text_edited_by_hand_is_not_shown(saved):
    game, path = saved
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][-1]["text"] = ["Blue wins the war"]
    path.write_text(json.dumps(data), encoding="utf-8")
    opened = load_game(path)
    assert not opened.from_checkpoint  # replayed: the log's words are the rules'
    assert opened.log[-1].render() == game.log[-1].render()


def test_a_short_game_keeps_no_checkpoint(tmp_path, monkeypatch):
    monkeypatch.setattr(checkpoints, "MIN_ACTIONS", 1000)
    game = Game(HexDemo(), "demo", 1)
    game.push("roll d6")
    save_game(game, tmp_path / "short.json")
    assert "checkpoints" not in json.loads((tmp_path / "short.json").read_text())


def test_a_state_changed_by_hand_is_not_remembered_as_verified(tmp_path):
    game = long_game()
    game.state["score"] = {side: 9 for side in game.state["score"]}
    path = tmp_path / "edited.json"
    save_game(game, path)
    with pytest.raises(GameFileError):
        load_game(path)  # not taken for a position verified here


def test_a_game_by_email_checks_every_action_each_time_it_is_opened(tmp_path, monkeypatch):
    env = pbem_setup(tmp_path, monkeypatch)
    path = new_duel(env)
    players = {s: Player(s, env) for s in SIDES}
    play_exchanges(path, players, 3)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "checkpoints" not in data
    load_game(path)  # opened and verified once on this computer
    side = data["actions"][-1]["by"]
    game = players[SIDES[1 - SIDES.index(side)]].open(path)
    save_for_opponent(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][1]["public"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileError, match=r"actions\[1\]"):
        load_game(path)


def test_undo_learns_the_past_ahead_a_few_actions_at_a_time(tmp_path, monkeypatch):
    """A game opened at a checkpoint learns the deltas of the stretches before it while
    the player undoes (never one long replay at the first undo into an old stretch), and
    every undo, redo and step of the replay bar stays exact."""
    from boardapp.core.engine.learning import LEARN_STEP

    monkeypatch.setattr(checkpoints, "FILE_EVERY", 128)
    monkeypatch.setattr(checkpoints, "TAIL", 64)
    game = long_game(3)
    path = tmp_path / "long.json"
    save_game(game, path)
    assert [c["n"] for c in json.loads(path.read_text())["checkpoints"]] == [128, 224, 256,
                                                                             LENGTH]
    expected = texts(game)
    opened = load_game(path)
    assert opened.from_checkpoint
    replayed = []
    replay = opened._replay_entry

    def counting(entry, work):
        replayed.append(entry.number)
        replay(entry, work)

    opened._replay_entry = counting
    for depth in range(1, LENGTH + 1):
        replayed.clear()
        opened.undo()
        assert len(replayed) <= LEARN_STEP
        assert json.dumps(opened.state) == expected[LENGTH - depth]
    for depth in range(LENGTH):
        replayed.clear()
        opened.redo()
        assert replayed == []
        assert json.dumps(opened.state) == expected[depth + 1]
    assert [json.dumps(opened.state_at(n)) for n in range(LENGTH + 1)] == expected


def test_idle_learning_learns_the_whole_past(tmp_path, monkeypatch):
    """``learn_some`` until it says nothing is left: then any step of the replay bar is
    rebuilt without a replay, exactly."""
    monkeypatch.setattr(checkpoints, "FILE_EVERY", 128)
    game = long_game(4)
    path = tmp_path / "long.json"
    save_game(game, path)
    opened = load_game(path)
    assert opened.from_checkpoint
    rounds = 0
    while opened.learn_some(16):
        rounds += 1
    assert rounds >= LENGTH // 16
    opened._replay_entry = None  # no replay is needed any more
    assert [json.dumps(opened.state_at(n)) for n in range(LENGTH + 1)] == texts(game)


def test_a_game_opened_at_a_checkpoint_saves_the_same_file_and_reads_its_lines(saved,
                                                                              tmp_path):
    """The log entries of a game opened at a checkpoint read their lines from the file
    when needed, equal the played ones, and are written back as recorded."""
    from boardapp.core.engine.actions import RecordedEntry
    from boardapp.core.files.gamefile import dumps_game

    game, path = saved
    opened = load_game(path)
    assert opened.from_checkpoint and isinstance(opened.log[0], RecordedEntry)
    assert dumps_game(opened) == path.read_text(encoding="utf-8")
    assert opened.log == game.log and game.log == opened.log
    assert [line.render() for e in opened.log for line in e.lines] == \
        [line.render() for e in game.log for line in e.lines]
    again = tmp_path / "again.json"
    save_game(opened, again)
    assert load_game(again).from_checkpoint
