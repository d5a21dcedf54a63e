"""The play-by-email commands: new --pbem, join, play, send, email, verify, replay,
reveal; and the existing commands on a play-by-email file."""

from __future__ import annotations

import email
import json
from email import policy

import pytest

from boardapp.cli import main
from tests.test_pbem_helpers import PASSWORDS, pbem_setup


@pytest.fixture
def pbem_env(tmp_path, monkeypatch):
    return pbem_setup(tmp_path, monkeypatch)


def run(capsys, monkeypatch, who, *args):
    """Run a command as player ``who`` (their passphrase in the environment)."""
    if who:
        monkeypatch.setenv("BOARDAPP_PASSPHRASE", PASSWORDS[who])
    else:
        monkeypatch.delenv("BOARDAPP_PASSPHRASE", raising=False)
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def game_file(pbem_env, capsys, monkeypatch):
    path = str(pbem_env / "duel.json")
    code, out, _ = run(capsys, monkeypatch, "red", "new", "duel", "short", "-o", path, "--pbem",
                       "--players", "red=Alice", "blue=Bob", "--as", "red")
    assert code == 0 and "you play red" in out and "boardapp join" in out
    code, out, _ = run(capsys, monkeypatch, "blue", "join", path, "--as", "blue")
    assert code == 0 and "every player has joined" in out
    return path


def test_a_game_by_email_from_the_command_line(game_file, pbem_env, capsys, monkeypatch):
    path = game_file
    assert run(capsys, monkeypatch, "red", "play", path, "draw")[0] == 0
    code, out, _ = run(capsys, monkeypatch, "red", "play", path, "play", "R1")
    assert code == 0 and "Red plays R1" in out
    assert run(capsys, monkeypatch, "red", "play", path, "end")[0] == 0
    eml = pbem_env / "turn1.eml"
    code, out, _ = run(capsys, monkeypatch, "red", "email", path, "-o", str(eml),
                       "--to", "bob@example.org")
    assert code == 0 and "Blue (Bob) to play" in out
    message = email.message_from_bytes(eml.read_bytes(), policy=policy.default)
    attachment = next(message.iter_attachments())
    assert attachment.get_content() == open(path, "rb").read()
    code, out, _ = run(capsys, monkeypatch, "blue", "show", path)
    assert code == 0 and "red: " in out and "hand ?" in out  # red's hand hidden from blue
    assert run(capsys, monkeypatch, "blue", "play", path, "draw")[0] == 0
    assert run(capsys, monkeypatch, "blue", "play", path, "end")[0] == 0
    code, out, _ = run(capsys, monkeypatch, "blue", "send", path)
    assert code == 0 and "actions up to 5 sent by blue" in out
    code, out, _ = run(capsys, monkeypatch, None, "verify", path)  # anyone, no key
    assert code == 0 and out.strip().endswith(f"OK: {path}")
    assert "Send 2: actions 4-5 by Blue (Bob)" in out
    code, out, _ = run(capsys, monkeypatch, None, "replay", path, "--from", "0", "--to", "2")
    lines = out.splitlines()
    assert lines[0] == "0. set-up" and lines[2] == "1. Red draws a card"
    assert lines[3].startswith("    Turn 1, play, red to play; red: 30 hp, hand ? ?")
    code, out, _ = run(capsys, monkeypatch, "red", "log", path)
    assert code == 0 and "Red drew" in out  # red sees her own private lines
    code, out, _ = run(capsys, monkeypatch, None, "log", path)
    assert "Red drew" not in out
    code, out, _ = run(capsys, monkeypatch, "red", "reveal", path)
    assert code == 0 and "seal is open" in out
    code, out, _ = run(capsys, monkeypatch, None, "verify", path)
    assert code == 0 and "Seals opened (everything of theirs checked): Red (Alice)." in out


def test_verify_exits_non_zero_at_the_first_bad_step(game_file, capsys, monkeypatch):
    path = game_file
    for action in ("roll", "draw", "end"):
        run(capsys, monkeypatch, "red", "play", path, action)
    run(capsys, monkeypatch, "red", "send", path)
    data = json.loads(open(path, encoding="utf-8").read())
    die = data["actions"][0]["dice"][0]
    data["actions"][0]["dice"] = [die % 6 + 1]
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
    code, out, err = run(capsys, monkeypatch, None, "verify", path)
    assert code == 1 and out == ""
    assert err.startswith(f"NOT OK: {path}: actions[0] (action 1): the dice recorded")


def test_dice_by_hand_wrong_passphrase_and_undo_by_email(game_file, pbem_env, capsys,
                                                         monkeypatch):
    path = game_file
    code, _, err = run(capsys, monkeypatch, "red", "play", path, "draw", "--dice", "3")
    assert code == 2 and "committed seeds" in err
    monkeypatch.setenv("BOARDAPP_PASSPHRASE", "wrong")
    assert main(["play", path, "draw"]) == 1
    assert "wrong passphrase" in capsys.readouterr().err
    code, _, err = run(capsys, monkeypatch, None, "play", path, "draw")
    assert code == 1 and "needs your passphrase" in err
    secret = pbem_env / "red.pass"
    secret.write_text(PASSWORDS["red"] + "\n", encoding="utf-8")
    assert main(["play", path, "draw", "--passphrase-file", str(secret)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, monkeypatch, "red", "undo", path)
    assert code == 0 and "cannot take it back" in out
    code, _, err = run(capsys, monkeypatch, "red", "new", "duel", "short", "-o", path,
                       "--pbem", "--players", "red=A", "--seed", "4")
    assert code == 1 and "takes no --seed" in err


def test_send_and_email_work_for_hot_seat_games(tmp_path, capsys, monkeypatch):
    path = str(tmp_path / "hs.json")
    run(capsys, monkeypatch, None, "new", "deux-bretagne", "14.1", "-o", path, "--seed", "3")
    run(capsys, monkeypatch, None, "play", path, "roll")
    code, out, _ = run(capsys, monkeypatch, None, "send", path)
    assert code == 0 and "actions up to 1 sent by blois" in out
    code, out, _ = run(capsys, monkeypatch, None, "email", path, "-o", str(tmp_path / "m.eml"))
    assert code == 0 and "Les Deux Bretagne" in out
    code, out, _ = run(capsys, monkeypatch, None, "verify", path)
    assert code == 0 and "Hot-seat game: 1 dice match" in out
