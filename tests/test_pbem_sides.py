"""A game by email with Les Deux Bretagne, from the command line: each player's program
plays only its player's side, and a file that says otherwise is refused (issue 13,
items 5-7).

Alice plays Blois, Bob Montfort. Alice draws, plays a card as ACT and chooses its value,
then sends: Blois has an army to move and it is Blois's decision.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardapp.cli import main
from boardapp.core.base.errors import BoardappError
from boardapp.core.files.gamefile import load_game, save_for_opponent
from boardapp.core.pbem import pbem as pbem_module
from tests.test_pbem_helpers import pbem_setup

WORDS = {"blois": "alice's passphrase", "montfort": "bob's passphrase"}


def run(capsys, monkeypatch, who, *args):
    """Run a command as the player of side ``who`` (``None``: without a passphrase)."""
    if who:
        monkeypatch.setenv("BOARDAPP_PASSPHRASE", WORDS[who])
    else:
        monkeypatch.delenv("BOARDAPP_PASSPHRASE", raising=False)
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def lines(capsys, monkeypatch, who, path, verb):
    """The actions ``boardapp actions`` lists for ``who`` that start with ``verb``."""
    code, out, _ = run(capsys, monkeypatch, who, "actions", path)
    assert code == 0
    return [a for a in out.splitlines() if a.split()[0] == verb]


@pytest.fixture
def sent(tmp_path, monkeypatch, capsys) -> str:
    """Blois has activated its leaders (sent): Charles de Blois may move."""
    pbem_setup(tmp_path, monkeypatch)
    path = str(tmp_path / "bretagne.json")
    assert run(capsys, monkeypatch, "blois", "new", "deux-bretagne", "14.1", "-o", path,
               "--pbem", "--players", "blois=Alice", "montfort=Bob", "--as", "blois")[0] == 0
    assert run(capsys, monkeypatch, "montfort", "join", path, "--as", "montfort")[0] == 0
    assert run(capsys, monkeypatch, "blois", "play", path, "draw")[0] == 0
    card = lines(capsys, monkeypatch, "blois", path, "play")
    act = next(a for a in card if a.endswith(" act"))
    assert run(capsys, monkeypatch, "blois", "play", path, *act.split())[0] == 0
    value = lines(capsys, monkeypatch, "blois", path, "value")[-1]
    assert run(capsys, monkeypatch, "blois", "play", path, *value.split())[0] == 0
    assert run(capsys, monkeypatch, "blois", "send", path)[0] == 0
    return path


def test_actions_lists_only_what_the_caller_may_play(sent, capsys, monkeypatch):
    moves = lines(capsys, monkeypatch, "blois", sent, "move")
    assert any("charles-de-blois" in m for m in moves)
    code, out, err = run(capsys, monkeypatch, "montfort", "actions", sent)
    assert code == 0 and out == ""  # Blois's decision: nothing for Bob
    assert "Blois (Alice)" in err and "Montfort (Bob)" in err
    code, out, err = run(capsys, monkeypatch, None, "actions", sent)
    assert code == 0 and out == "" and "passphrase" in err
    code, _, err = run(capsys, monkeypatch, "montfort", "play", sent, *moves[0].split())
    assert code == 2 and "Blois" in err  # and Bob's program does not play it
    code, _, err = run(capsys, monkeypatch, "montfort", "play", sent, "end")
    assert code == 2


def rogue_program(monkeypatch, side: str) -> None:
    """Bob's program edited to record its actions for ``side``: what a hand-edited or
    malicious program writes (the actions signed by Bob, recorded for Blois)."""
    real = pbem_module.run_action
    monkeypatch.setattr(pbem_module, "run_action",
                        lambda game, state, action, _side, dice:
                        real(game, state, action, side, dice))


def test_verify_refuses_a_side_played_by_a_player_who_does_not_hold_it(
        sent, capsys, monkeypatch):
    move = next(m for m in lines(capsys, monkeypatch, "blois", sent, "move")
                if "charles-de-blois" in m)
    game = load_game(sent, passphrase=WORDS["montfort"], side="montfort")
    with monkeypatch.context() as patch:
        rogue_program(patch, "blois")
        for action in (move, "end"):
            entry = game.push(action)
            entry.side = "blois"  # recorded for Blois, by Bob
    save_for_opponent(game, sent)  # and signed by Bob
    data = json.loads(Path(sent).read_text(encoding="utf-8"))
    assert [(a["side"], a["by"]) for a in data["actions"][3:]] == [("blois", "montfort")] * 2
    for who in (None, "blois", "montfort"):
        code, _, err = run(capsys, monkeypatch, who, "verify", sent)
        assert code == 1 and "NOT OK" in err and "action 4" in err, who
        assert "Montfort (Bob)" in err and "does not hold" in err
    code, _, err = run(capsys, monkeypatch, "blois", "show", sent)
    assert code == 1 and "does not hold" in err


def test_the_opponents_unsent_actions_stop_play_before_saving(sent, capsys, monkeypatch):
    assert run(capsys, monkeypatch, "blois", "play", sent, "roll")[0] == 0
    assert run(capsys, monkeypatch, "blois", "play", sent, "end")[0] == 0
    # Alice mails the file without 'send'; Montfort's activation is next
    before = Path(sent).read_bytes()
    code, _, err = run(capsys, monkeypatch, "montfort", "play", sent, "draw")
    assert code != 0
    assert "Blois (Alice)" in err and "actions 4-5" in err and "send" in err
    assert Path(sent).read_bytes() == before  # nothing saved
    assert run(capsys, monkeypatch, "montfort", "show", sent)[0] == 0
    code, out, _ = run(capsys, monkeypatch, "montfort", "verify", sent)
    assert code == 0 and "nobody can play on until they do" in out  # said on opening
    code, out, err = run(capsys, monkeypatch, "montfort", "actions", sent)
    assert out == "" and "send" in err
    game = load_game(sent, passphrase=WORDS["montfort"], side="montfort")
    with pytest.raises(BoardappError, match="send"):
        game.push("draw")
    assert not game.can_undo and "Blois" in game.undo_blocked_reason()
    # once Alice has sent, Bob plays on
    assert run(capsys, monkeypatch, "blois", "send", sent)[0] == 0
    assert run(capsys, monkeypatch, "montfort", "play", sent, "draw")[0] == 0
    assert run(capsys, monkeypatch, None, "verify", sent)[0] == 0


def test_verify_does_not_count_the_dice_of_unsent_actions_as_checked(
        sent, capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, None, "verify", sent)
    assert code == 0 and "0 public dice derived" in out
    assert run(capsys, monkeypatch, "blois", "play", sent, "roll")[0] == 0  # not sent
    for who in (None, "montfort"):
        code, out, _ = run(capsys, monkeypatch, who, "verify", sent)
        assert code == 0 and "0 public dice derived" in out, who
        assert "Actions 4 are not sent yet" in out or "Action 4 is not sent yet" in out
        assert "1 die of actions not yet sent" in out
    code, out, _ = run(capsys, monkeypatch, "blois", "verify", sent)  # Alice's own seeds
    assert code == 0 and "1 public dice derived" in out
    assert run(capsys, monkeypatch, "blois", "send", sent)[0] == 0
    code, out, _ = run(capsys, monkeypatch, None, "verify", sent)
    assert code == 0 and "1 public dice derived" in out and "not sent" not in out
