"""Files around a game: format versions and migration, crash-safe saves and autosave,
the recent files list, and the email that carries a game."""

from __future__ import annotations

import email
import json
import os
import random
import signal
import subprocess
import sys
import time
from email import policy
from pathlib import Path

import pytest

from boardapp.core.base.atomic import remove_stale_temp_files
from boardapp.core.base.errors import GameFileError
from boardapp.core.engine.state import canonical
from boardapp.core.files import gamefile
from boardapp.core.files.autosave import (
    Autosaver,
    discard_autosave,
    find_unfinished_autosave,
    restore_autosave,
)
from boardapp.core.files.email_message import email_game, email_subject
from boardapp.core.files.gamefile import (
    GAME_VERSION,
    dumps_game,
    load_game,
    loads_game,
    loads_game_bytes,
    save_for_opponent,
    save_game,
)
from boardapp.core.files.recent import RECENT_MAX, add_recent, recent_files, remove_recent
from boardapp.core.files.report import verify_report
from tests.dbhelpers import new_game
from tests.test_pbem_helpers import PASSWORDS, Player, new_duel, pbem_setup

ROOT = Path(__file__).resolve().parent.parent
FROZEN_V1 = ROOT / "tests" / "data" / "game-v1.json"


@pytest.fixture
def pbem_env(tmp_path, monkeypatch):
    return pbem_setup(tmp_path, monkeypatch)


# -- format versions ------------------------------------------------------------------------
def test_a_version_1_file_opens_and_is_saved_as_the_current_version(tmp_path):
    data = json.loads(FROZEN_V1.read_text(encoding="utf-8"))
    assert data["version"] == 1 and "mode" not in data  # frozen before format 2
    game = load_game(FROZEN_V1)
    assert game.mode == "hotseat" and game.sends == []
    assert [e.action.text() for e in game.log] == [a["action"] for a in data["actions"]]
    assert [e.dice for e in game.log] == [a["dice"] for a in data["actions"]]
    assert [e.side for e in game.log] == [a["side"] for a in data["actions"]]
    path = tmp_path / "again.json"
    save_game(game, path)
    again = load_game(path)
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == GAME_VERSION
    assert canonical(again.state) == canonical(game.state)
    assert verify_report(again)[0].startswith("9 actions replayed")


def test_a_file_from_a_newer_boardapp_says_update():
    data = json.loads(FROZEN_V1.read_text(encoding="utf-8"))
    data["version"] = GAME_VERSION + 1
    with pytest.raises(GameFileError) as info:
        loads_game(json.dumps(data), "future.json")
    assert info.value.place == "version" and "update boardapp" in info.value.problem
    data["version"] = GAME_VERSION
    data["mode"] = "tournament"
    with pytest.raises(GameFileError) as info:
        loads_game(json.dumps(data), "future.json")
    assert info.value.place == "mode" and "update it" in info.value.problem


def test_the_same_version_with_another_final_state_is_refused():
    game = new_game()
    game.push("roll")
    data = json.loads(dumps_game(game))
    data["digest"] = "1" * 64
    with pytest.raises(GameFileError, match="digest: the final state does not match"):
        loads_game(json.dumps(data), "g.json")
    old = dict(data, version=1)  # written by an older boardapp: rules may have changed
    del old["mode"], old["sends"]
    game = loads_game(json.dumps(old), "old.json")
    assert any("rules have changed since" in note for note in game.notes)


def test_size_limit_and_bytes_that_are_not_text(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 200)
    monkeypatch.setattr(gamefile, "MAX_GAME_FILE_BYTES", 100)
    with pytest.raises(GameFileError, match="file too large"):
        load_game(path)
    with pytest.raises(GameFileError) as info:
        loads_game_bytes(b'{"format": "\xff"}', "bin.json")
    assert info.value.place == "byte 13" and "not UTF-8" in info.value.problem
    with pytest.raises(GameFileError, match="nested too deeply"):
        loads_game("[" * 100_000, "deep.json")


# -- crash safety ---------------------------------------------------------------------------
WRITER = """
import sys
from boardapp.core.files.autosave import Autosaver
from tests.dbhelpers import new_game
folder = sys.argv[1]
game = new_game(seed=9)
saver = Autosaver(original=None, folder=folder)
saver.save(game)
print("ready", flush=True)
while True:                      # an action, then its autosave, as the UI does
    game.push("roll")
    saver.save(game)
"""


def test_killing_a_process_while_it_saves_never_loses_the_previous_save(tmp_path):
    chooser = random.Random(os.getpid())
    for attempt in range(3):
        folder = tmp_path / f"autosave-{attempt}"
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(folder)], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
            time.sleep(chooser.uniform(0.02, 0.25))  # somewhere in the middle of a save
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
        assert proc.returncode == -signal.SIGKILL
        found = find_unfinished_autosave(folder)  # the process is dead: offer to restore
        assert found is not None and found.original is None
        game = restore_autosave(found)  # it opens and replays: nothing half-written
        # killed before or after its first roll was saved: either save opens and replays
        assert all(e.action.text() == "roll" for e in game.log)
        assert found.actions in (len(game.log), len(game.log) - 1)
        remove_stale_temp_files(folder, older_than=0)
        assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []
        discard_autosave(found)
        assert find_unfinished_autosave(folder) is None


def test_autosave_of_a_running_program_is_not_offered(tmp_path):
    saver = Autosaver(original=tmp_path / "mine.json", folder=tmp_path)
    game = new_game()
    game.push("roll")
    saver.save(game)
    assert find_unfinished_autosave(tmp_path) is None  # ours, and we are running
    meta = json.loads(saver.meta_path.read_text(encoding="utf-8"))
    meta["pid"] = 2 ** 22 + 12345  # a process that does not exist: it crashed
    saver.meta_path.write_text(json.dumps(meta), encoding="utf-8")
    found = find_unfinished_autosave(tmp_path)
    assert found is not None and found.original == str(tmp_path / "mine.json")
    assert "1 actions" in found.describe()
    assert len(restore_autosave(found).log) == 1
    saver.finish()
    assert find_unfinished_autosave(tmp_path) is None


def test_autosave_of_a_game_by_email_restores_with_the_passphrase(pbem_env):
    path = new_duel(pbem_env)
    game = Player("red", pbem_env).open(path)
    game.push("draw")
    saver = Autosaver(original=path)  # in the user's data folder
    saver.save(game)
    meta = json.loads(saver.meta_path.read_text(encoding="utf-8"))
    saver.meta_path.write_text(json.dumps(dict(meta, pid=-1)), encoding="utf-8")
    found = find_unfinished_autosave()
    assert found is not None and found.path == saver.path
    restored = restore_autosave(found, passphrase=PASSWORDS["red"])
    assert restored.state["vars"]["hands"]["red"] == game.state["vars"]["hands"]["red"]


# -- recent files ---------------------------------------------------------------------------
def test_recent_files(tmp_path):
    folder = tmp_path / "config"
    assert recent_files(folder=folder) == []
    for i in range(RECENT_MAX + 3):
        add_recent(tmp_path / f"g{i}.json", f"Game {i}", folder=folder)
    add_recent(tmp_path / "g0.json", "Game 0 again", folder=folder)
    files = recent_files(folder=folder)
    assert len(files) == RECENT_MAX and files[0].title == "Game 0 again"
    assert files[1].title == f"Game {RECENT_MAX + 2}" and not files[0].exists
    remove_recent(tmp_path / "g0.json", folder=folder)
    assert all(f.title != "Game 0 again" for f in recent_files(folder=folder))
    (folder / "recent.json").write_text("{broken", encoding="utf-8")
    assert recent_files(folder=folder) == []


# -- email ----------------------------------------------------------------------------------
def test_the_email_parses_and_carries_the_file_byte_for_byte(pbem_env):
    path = new_duel(pbem_env)
    red = Player("red", pbem_env)
    game = red.open(path)
    game.push("draw")
    game.push("play R1")
    game.push("end")
    eml = pbem_env / "turn.eml"
    email_game(game, path, eml, to="bob@example.org")
    message = email.message_from_bytes(eml.read_bytes(), policy=policy.default)
    assert message["Subject"] == "boardapp: Duel, turn 1, Blue (Bob) to play"
    assert message["To"] == "bob@example.org"
    attachments = list(message.iter_attachments())
    assert len(attachments) == 1 and attachments[0].get_filename() == "duel.json"
    assert attachments[0].get_content() == path.read_bytes()  # byte for byte
    body = message.get_body(("plain",)).get_content()
    assert "Since you last saw the game (the start):" in body
    assert "1. Red draws a card" in body and "3. Red ends the turn" in body
    drawn = game.state["vars"]["hands"]["red"][0]
    assert "drew" not in body and drawn not in body  # the private line stays private
    opened = Player("blue", pbem_env).open(path)  # the attachment is the sent game
    assert len(opened.sends) == 1 and opened.last_seen("red") == 3


def test_email_of_a_hot_seat_game_summarises_since_the_opponents_last_send(tmp_path):
    game = new_game()
    game.push("roll")
    game.push("end")
    path = tmp_path / "hs.json"
    save_for_opponent(game, path)
    game.push("roll")
    game.push("end")
    eml = tmp_path / "hs.eml"
    email_game(game, path, eml)
    message = email.message_from_bytes(eml.read_bytes(), policy=policy.default)
    assert message["Subject"] == email_subject(game)
    assert message["Subject"].startswith("boardapp: Les Deux Bretagne, turn 1 (1341), ")
    body = message.get_body(("plain",)).get_content()
    assert message["Subject"].endswith("Blois to play")
    assert body.startswith("Montfort sends you the game")
    assert "Since you last saw the game (action 2):" in body  # Blois sent after action 2
    assert "3. Montfort rolls d10" in body and "1. Blois" not in body
    assert [s.upto for s in load_game(path).sends] == [2, 4]


def test_undo_past_a_hot_seat_send_forgets_the_send(tmp_path):
    game = new_game()
    game.push("roll")
    path = tmp_path / "hs.json"
    save_for_opponent(game, path)
    assert game.undo() is not None and game.sends == []
    save_game(game, path)
    assert load_game(path).sends == []
