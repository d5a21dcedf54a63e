"""A long game opened is kept out of the garbage collector's full passes
(``core/engine/heap.py``): frozen when opened and as its past is learnt, given back when
another game is shown; a frozen game dropped is still freed at once."""

from __future__ import annotations

import gc
import weakref

import pytest

from boardapp.core.engine import heap
from boardapp.core.files import checkpoints
from boardapp.core.files.gamefile import load_game, save_game
from tests.test_checkpoints import long_game


@pytest.fixture(autouse=True)
def _given_back():
    yield
    heap.release()  # nothing stays frozen for the tests that follow


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.setattr(checkpoints, "MIN_ACTIONS", 200)
    path = tmp_path / "long.json"
    save_game(long_game(), path)
    return path


def _frozen(obj: object) -> bool:
    """Whether ``obj`` is out of the collector's generations (frozen)."""
    return gc.is_tracked(obj) and not any(o is obj for o in gc.get_objects())


def test_a_long_game_opened_is_frozen_until_another_is_shown(path, monkeypatch):
    monkeypatch.setattr(heap, "LONG", 200)
    game = load_game(path)
    assert gc.get_freeze_count() > 0 and _frozen(game.state) and _frozen(game)
    while game.learn_some(64):  # what is learnt is frozen too
        pass
    assert _frozen(game._past.undo)
    heap.release()
    assert gc.get_freeze_count() == 0 and not _frozen(game.state)


def test_a_short_game_opened_is_left_to_the_collector(path):
    game = load_game(path)  # 270 actions: under heap.LONG
    assert gc.get_freeze_count() == 0 and not _frozen(game.state)
    game.undo()
    assert gc.get_freeze_count() == 0


def test_a_frozen_game_dropped_is_freed_at_once(path, monkeypatch):
    monkeypatch.setattr(heap, "LONG", 200)
    game = load_game(path)
    game.undo()
    gone = weakref.ref(game)
    assert _frozen(game)
    del game
    assert gone() is None  # no cycle keeps it: freed without a collection
