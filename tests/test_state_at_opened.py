"""``Game.state_at`` on a game opened at its file's checkpoints (issue 14): any step, in any
order, undo and redo between, gives exactly the state a fresh replay of the log to that
step gives (key order included), whether the past around it was learnt or not; and the
replay bar walking forward replays one action a step."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardapp.core.engine.game import Game
from boardapp.core.files import checkpoints
from boardapp.core.files.gamefile import load_game, save_game
from tests.test_checkpoints import LENGTH, long_game


@pytest.fixture(autouse=True)
def _checkpoints_in_a_short_game(monkeypatch):
    """Checkpoints every 64 actions from 200 on (the real ones, every 1,024 from 1,000 on,
    make slow tests), the last 64 actions every 32."""
    monkeypatch.setattr(checkpoints, "MIN_ACTIONS", 200)
    monkeypatch.setattr(checkpoints, "FILE_EVERY", 64)
    monkeypatch.setattr(checkpoints, "TAIL", 64)


@pytest.fixture
def saved(tmp_path):
    """A saved game (verified here) and the state after each action by a fresh replay of
    its log from the set-up."""
    game = long_game(5)
    path = tmp_path / "long.json"
    save_game(game, path)
    fresh = Game(game.ruleset, game.scenario, game.seed)
    texts = [json.dumps(fresh.state)]
    for entry in game.log:
        fresh.push(entry.action, side=entry.side)
        texts.append(json.dumps(fresh.state))
    return path, texts


steps = st.integers(0, LENGTH)
moves = st.lists(st.one_of(st.tuples(st.just("at"), steps),
                           st.tuples(st.just("walk"), steps, st.integers(1, 40)),
                           st.tuples(st.just("undo"), st.integers(1, 40)),
                           st.tuples(st.just("redo"), st.integers(1, 40)),
                           st.tuples(st.just("learn"), st.integers(1, 64)),
                           st.tuples(st.just("branch"), st.integers(0, 40))),
                 min_size=1, max_size=8)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves)
def test_state_at_is_a_fresh_replay_to_that_step(saved, sequence):
    path, texts = saved
    texts = list(texts)
    game = load_game(path)
    assert game.from_checkpoint
    for move in sequence:
        if move[0] == "branch":  # another past from there: two dice rolled by hand
            for _ in range(move[1]):
                game.undo()
            del texts[len(game.log) + 1:]
            for _ in range(2):
                game.push("roll d6")
                texts.append(json.dumps(game.state))
        elif move[0] == "undo":
            for _ in range(move[1]):
                game.undo()
        elif move[0] == "redo":
            for _ in range(move[1]):
                game.redo()
        elif move[0] == "learn":
            game.learn_some(move[1])
        else:
            first = min(move[1], len(game.log))
            last = min(first + (move[2] if move[0] == "walk" else 0), len(game.log))
            for step in range(first, last + 1):
                assert json.dumps(game.state_at(step)) == texts[step]
        assert json.dumps(game.state) == texts[len(game.log)]


def test_the_replay_bar_walking_forward_replays_one_action_a_step(saved):
    path, texts = saved
    game = load_game(path)
    replayed = []
    replay = game._replay_entry

    def counting(entry, work):
        replayed.append(entry.number)
        replay(entry, work)

    game._replay_entry = counting
    assert json.dumps(game.state_at(70)) == texts[70]
    assert replayed == list(range(65, 71))  # from the checkpoint at 64
    for step in range(71, 100):
        replayed.clear()
        assert json.dumps(game.state_at(step)) == texts[step]
        assert replayed == [step]
    replayed.clear()
    assert json.dumps(game.state_at(97)) == texts[97]  # back: from the position kept at 96
    assert replayed == [97]
