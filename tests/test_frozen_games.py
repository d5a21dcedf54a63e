"""Nothing a player saved is lost (issue 12 point 8): the game files frozen in
tests/data/frozen/ by an earlier version open, verify and replay with today's program to
exactly the position recorded when they were frozen.

If this fails after a change, the change lost (or altered) games that players saved:
fix the program or migrate the old files in the loader. NEVER regenerate the frozen
files or edit manifest.json to make this pass (see tests/data/frozen/make_frozen.py).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardapp import cli
from boardapp.cli import main
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.engine.state import digest
from boardapp.core.files.gamefile import final_digest, load_game
from boardapp.core.files.report import verify_report
from boardapp.core.pbem.keys import PassphraseError

FROZEN = Path(__file__).parent / "data" / "frozen"
MANIFEST = json.loads((FROZEN / "manifest.json").read_text(encoding="utf-8"))
ENTRIES = MANIFEST["files"]
IDS = [e["file"] for e in ENTRIES]
PBEM = [e for e in ENTRIES if e["mode"] == "pbem"]
# The test strings the play-by-email players chose when the file was frozen.
PASSPHRASES = {"blois": "frozen blois passphrase 1341",
               "montfort": "frozen montfort passphrase 1364"}


# Results today's version announces where the frozen version said nothing: the hex demo's
# end after six turns (rule 6) had no outcome, which left the game at a dead end.
NOW_ANNOUNCED = {"hex-demo_demo.json": "The six turns are over."}


@pytest.fixture(autouse=True)
def _no_passphrase_in_env(monkeypatch):
    monkeypatch.delenv("BOARDAPP_PASSPHRASE", raising=False)


def _file(entry: dict) -> Path:
    return FROZEN / entry["file"]


@functools.cache
def _loaded(name: str) -> Game:
    """The long file opened once with the normal loader (it takes seconds)."""
    return load_game(FROZEN / name)


def test_the_manifest_covers_the_frozen_files():
    on_disk = {p.name for p in FROZEN.glob("*.json")} - {"manifest.json"}
    assert on_disk == set(IDS)
    assert {"hex-demo", "deux-bretagne", "lily-ermine", "lion-in-winter"} <= \
        {e["ruleset"] for e in ENTRIES}
    assert any(e["ruleset"] == "deux-bretagne" and e["scenario"] == "14.3" for e in ENTRIES)
    assert max(e["actions"] for e in ENTRIES) >= 2000
    assert any(e["outcome"] for e in ENTRIES)  # a whole game, to its end
    assert PBEM and all(e["dice"] and e["sends"] >= 4 and e["sealed_actions"] for e in PBEM)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_the_frozen_file_is_the_one_frozen(entry):
    """The bytes are those the freezing version saved (no one 'fixed' the file)."""
    assert hashlib.sha256(_file(entry).read_bytes()).hexdigest() == entry["sha256"]


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_a_frozen_game_loads_verifies_and_replays(entry):
    path = _file(entry)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["digest"] == entry["digest"]
    # The normal loader: replays the log, checks dice, seeds and seals.
    game = _loaded(entry["file"]) if entry["kind"] == "long" else load_game(path)
    assert game.mode == entry["mode"]
    assert (game.ruleset.id, game.scenario, game.seed) == \
        (entry["ruleset"], entry["scenario"], entry["seed"])
    assert len(game.log) == entry["actions"]
    assert sum(len(e.dice) for e in game.log if e.dice) == entry["dice"]
    assert len(game.sends) == entry["sends"]
    assert final_digest(game) == entry["digest"]
    assert game.ruleset.outcome(game.state) == NOW_ANNOUNCED.get(entry["file"],
                                                                 entry["outcome"])
    report = verify_report(game)
    assert report[0].startswith(f"{entry['actions']} actions replayed")
    if entry["mode"] == "pbem" or entry["kind"] == "long":
        return  # the loader's replay above is the replay (the long file is checked once)
    # Replayed again from the log alone, apart from the loader: the same position.
    again = Game.replay(find_ruleset(data["ruleset"]["id"]), data["scenario"], data["seed"],
                        [(a["action"], a.get("side")) for a in data["actions"]],
                        data.get("game_data", {}),
                        played_with=data["ruleset"]["version"])
    assert digest(again.state) == entry["digest"]


@pytest.mark.parametrize("entry", PBEM, ids=[e["file"] for e in PBEM])
def test_the_frozen_pbem_game_opens_for_each_player(entry):
    path = _file(entry)
    for side, words in PASSPHRASES.items():
        game = load_game(path, passphrase=words, side=side)
        assert game.pbem is not None and game.pbem.me == side
        assert final_digest(game) == entry["digest"]
        assert digest(game.state) == entry["views"][side]  # their own hidden hand, seen
        assert game.legal_actions() or game.ruleset.acting_side(game.state) != side
    found = load_game(path, passphrase=PASSPHRASES["montfort"])  # the side found by the key
    assert found.pbem is not None and found.pbem.me == "montfort"
    with pytest.raises(PassphraseError):
        load_game(path, passphrase="not the passphrase", side="blois")


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_the_cli_shows_and_verifies_a_frozen_game(entry, capsys, monkeypatch):
    path = str(_file(entry))
    if entry["kind"] == "long":  # opened once only: the commands get the game opened above
        monkeypatch.setattr(cli, "load_game", lambda file, **_: _loaded(Path(file).name))
    assert main(["show", path]) == 0
    assert capsys.readouterr().out.strip()
    assert main(["verify", path]) == 0
    out = capsys.readouterr().out
    assert f"{entry['actions']} actions replayed" in out and f"OK: {path}" in out


@pytest.mark.parametrize("entry", PBEM, ids=[e["file"] for e in PBEM])
def test_the_cli_verifies_the_pbem_game_as_a_player(entry, capsys, tmp_path):
    secret = tmp_path / "montfort.pass"
    secret.write_text(PASSPHRASES["montfort"] + "\n", encoding="utf-8")
    path = str(_file(entry))
    assert main(["verify", path, "--as", "montfort", "--passphrase-file", str(secret)]) == 0
    out = capsys.readouterr().out
    assert "Opened as Montfort (Jean)" in out and f"OK: {path}" in out
    assert main(["show", path, "--as", "montfort", "--passphrase-file", str(secret)]) == 0
    assert capsys.readouterr().out.strip()


def test_the_installed_command_opens_a_frozen_game(tmp_path):
    """``python -m boardapp show`` and ``verify`` as a player runs them."""
    entry = min(ENTRIES, key=lambda e: e["bytes"])
    env = {**os.environ, "BOARDAPP_DATA_DIR": str(tmp_path / "data"),
           "BOARDAPP_CONFIG_DIR": str(tmp_path / "config")}
    env.pop("BOARDAPP_PASSPHRASE", None)
    for command in ("show", "verify"):
        done = subprocess.run([sys.executable, "-m", "boardapp", command, str(_file(entry))],
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip()
