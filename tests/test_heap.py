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
    heap._settled[0] = False
    gc.unfreeze()  # nothing stays frozen for the tests that follow


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.setattr(checkpoints, "MIN_ACTIONS", 200)
    path = tmp_path / "long.json"
    save_game(long_game(), path)
    return path


def _frozen(obj: object) -> bool:
    """Whether ``obj`` is out of the collector's generations (frozen)."""
    return gc.is_tracked(obj) and not any(o is obj for o in gc.get_objects())


class Node:
    """An object in a reference cycle: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_a_long_game_opened_is_frozen_until_another_is_shown(path, monkeypatch):
    monkeypatch.setattr(heap, "LONG", 200)
    cycle = Node()
    gone = weakref.ref(cycle)
    game = load_game(path)
    assert _frozen(game.state) and _frozen(game) and _frozen(cycle)
    while game.learn_some(64):  # what is learnt is frozen too
        pass
    assert _frozen(game._past.undo)
    del cycle
    gc.collect()
    assert gone() is not None  # frozen: left alone by the collector
    heap.release()  # another game shown: the garbage among what was frozen is freed
    assert gone() is None and _frozen(game.state)  # what is alive is frozen again


def test_a_short_game_opened_is_left_to_the_collector(path):
    game = load_game(path)  # 270 actions: under heap.LONG
    assert not _frozen(game.state) and not heap._settled[0]
    game.undo()
    assert not _frozen(game._past.undo)


def test_a_frozen_game_dropped_is_freed_at_once(path, monkeypatch):
    monkeypatch.setattr(heap, "LONG", 200)
    game = load_game(path)
    game.undo()
    gone = weakref.ref(game)
    assert _frozen(game)
    del game
    assert gone() is None  # no cycle keeps it: freed without a collection
