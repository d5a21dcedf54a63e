"""``boardapp show`` and ``boardapp actions`` on a long hot-seat game verified here
before answer from its last checkpoint without building the game
(``core/files/quickopen.py``): the same output as opening the game, and only when
opening the game would open it at that very position."""

from __future__ import annotations

import json

import pytest

from boardapp import cli
from boardapp.core.files import checkpoints, quickopen
from boardapp.core.files.gamefile import load_game


@pytest.fixture(autouse=True)
def _short_games_keep_checkpoints(monkeypatch):
    monkeypatch.setattr(checkpoints, "MIN_ACTIONS", 200)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_position_is_the_one_the_game_opens_at(saved):
    game, path = saved
    position = quickopen.verified_position(path.read_bytes())
    assert position is not None and position.length == len(game.log)
    assert json.dumps(position.state) == json.dumps(game.state)
    assert position.ruleset.summary(position.state) == game.ruleset.summary(game.state)
    opened = load_game(path)
    assert opened.from_checkpoint and json.dumps(opened.state) == json.dumps(position.state)


@pytest.mark.parametrize("command", ["show", "actions"])
def test_the_quick_answer_is_the_slow_one(saved, capsys, monkeypatch, command):
    _, path = saved
    asked = []
    real = quickopen.verified_position

    def spy(data, maps=None):
        asked.append(real(data, maps))
        return asked[-1]

    monkeypatch.setattr(quickopen, "verified_position", spy)
    quick = run(capsys, command, str(path))
    assert asked and asked[-1] is not None  # answered from the verified position
    monkeypatch.setattr(quickopen, "verified_position", lambda data, maps=None: None)
    slow = run(capsys, command, str(path))
    assert quick == slow and quick[0] == 0 and (quick[1] if command == "show" else quick[2])


def test_another_computers_file_is_opened_the_ordinary_way(saved, tmp_path, monkeypatch):
    _, path = saved
    monkeypatch.setenv("BOARDAPP_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert quickopen.verified_position(path.read_bytes()) is None
    load_game(path)  # replayed and checked: now verified here too
    assert quickopen.verified_position(path.read_bytes()) is not None


def edit_line(path, pick, change) -> None:
    """Rewrite the first line of ``path`` that ``pick`` accepts through ``change``."""
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if pick(line))
    comma = "," if lines[at].endswith(",") else ""
    item = json.loads(lines[at].strip().rstrip(","))
    lines[at] = "  " + json.dumps(change(item), ensure_ascii=False) + comma
    path.write_text("\n".join(lines), encoding="utf-8")


def test_an_edited_action_is_refused_as_before(saved, capsys):
    _, path = saved

    def other_dice(item):
        return {**item, "dice": [d % 6 + 1 for d in item["dice"]]}

    edit_line(path, lambda line: '"dice": [' in line and '"dice": []' not in line, other_dice)
    assert quickopen.verified_position(path.read_bytes()) is None
    code, out, err = run(capsys, "show", str(path))
    assert code == cli.EXIT_ERROR and not out and "dice" in err


def test_an_edited_last_position_is_refused_as_before(saved, capsys):
    game, path = saved
    n = len(game.log)

    def moved(item):
        item["state"]["edited"] = True
        return item

    edit_line(path, lambda line: line.startswith(f'  {{"n": {n}, "digest"'), moved)
    assert quickopen.verified_position(path.read_bytes()) is None
    code, out, err = run(capsys, "actions", str(path))
    assert code == cli.EXIT_ERROR and not out and "edited" in err


@pytest.mark.parametrize("edit", ["seats", "digest", "layout", "newer"])
def test_whatever_opening_would_question_is_left_to_it(saved, edit):
    game, path = saved
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    if edit == "layout":
        text = json.dumps(data, indent=2)
    else:
        head, rest = text.split('\n "sends": ', 1)
        value = {"seats": '\n "seats": {"nobody": "normal"},',
                 "digest": '\n "digest": "' + "0" * 64 + '",',
                 "newer": '\n "version": 99,'}[edit]
        text = head + value + '\n "sends": ' + rest
    assert quickopen.verified_position(text.encode("utf-8")) is None
