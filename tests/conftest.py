"""Shared fixtures. Any logged ERROR fails the test (python-chess's RaiseLogHandler)."""

from __future__ import annotations

import logging
import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


class _RaiseOnError(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR and record.name.startswith(("boardapp", "rulesets")):
            raise AssertionError(f"logged error: {record.getMessage()}")


@pytest.fixture(autouse=True)
def _own_user_folders(tmp_path_factory, monkeypatch):
    """The user's folders (autosaves, recent files, ledgers, boards) of each test are its
    own: a test never reads or writes the real ones."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("BOARDAPP_CONFIG_DIR", str(home / "config"))
    monkeypatch.setenv("BOARDAPP_CACHE_DIR", str(home / "cache"))


@pytest.fixture(autouse=True)
def _english():
    """Tests read the program's words in English whatever the machine's locale (a test of
    the translations sets its language itself); the language is English again after it."""
    from boardapp.core.base.i18n import set_language

    os.environ["BOARDAPP_LANG"] = "en"
    set_language("en")
    yield
    set_language("en")
    os.environ["BOARDAPP_LANG"] = "en"


@pytest.fixture(autouse=True)
def _fail_on_logged_errors():
    handler = _RaiseOnError()
    root = logging.getLogger()
    root.addHandler(handler)
    yield
    root.removeHandler(handler)


def tiny_map_data() -> dict:
    """A small valid map: a line a-b-c-d with a marsh at c and one holding box."""
    return {
        "format": "boardapp-map", "version": 1, "id": "tiny", "name": "Tiny",
        "size": [400, 200],
        "land": [[0, 0], [300, 0], [300, 200], [0, 200]],
        "regions": {"north": {"name": "North", "colour": "#ddeecc",
                              "control": {"cities": 2, "vp": 1}}},
        "areas": {
            "a": {"name": "A", "pos": [20, 100], "region": "north"},
            "b": {"name": "B", "pos": [90, 100], "region": "north", "fortified": True, "nf": 1},
            "c": {"name": "C", "pos": [160, 100], "terrain": "marsh"},
            "d": {"name": "D", "pos": [230, 100]},
        },
        "roads": [["a", "b"], ["b", "c"], ["c", "d"]],
        "boxes": {"hold": {"name": "Hold", "kind": "holding", "rect": [320, 20, 60, 40],
                           "links": ["d"], "access": {"sides": ["red"]}}},
    }


@pytest.fixture
def pbem_env(tmp_path, monkeypatch):
    """A folder for a game by email, with a cheap key derivation and no passphrase in
    the environment."""
    from boardapp.core.pbem import keys

    monkeypatch.setattr(keys, "KDF_N", 2 ** 10)
    monkeypatch.delenv("BOARDAPP_PASSPHRASE", raising=False)
    return tmp_path


@pytest.fixture
def saved(tmp_path):
    """(game, path): the long game of tests/test_checkpoints.py saved here, so its
    positions are verified on this computer (the checkpoint and quick-open tests)."""
    from boardapp.core.files.gamefile import save_game
    from tests.test_checkpoints import long_game

    game = long_game()
    path = tmp_path / "long.json"
    save_game(game, path)
    return game, path
