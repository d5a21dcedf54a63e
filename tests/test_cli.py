"""The headless ``boardapp`` commands."""

from __future__ import annotations

import json

from boardapp.cli import main


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_rulesets_lists_the_scenarios(capsys):
    code, out, _ = run(capsys, "rulesets")
    assert code == 0
    assert "deux-bretagne: Les Deux Bretagne" in out
    assert "14.1: The Revenge of Charles de Blois [default]" in out


def test_new_show_actions_play_undo(tmp_path, capsys):
    path = str(tmp_path / "g.json")
    assert run(capsys, "new", "deux-bretagne", "14.1", "-o", path, "--seed", "3")[0] == 0
    code, out, _ = run(capsys, "show", path)
    assert code == 0
    assert "Turn 1 (1341) of 2" in out and "to play: Blois" in out
    assert "Victory points: Blois 5, Montfort 22" in out
    assert "Rennes [fortified NF 2] control: Montfort — Guillaume de Cadoudal" in out
    code, out, _ = run(capsys, "actions", path)
    actions = out.splitlines()
    assert code == 0 and "end" in actions and "draw" in actions
    assert not any(a.startswith("move ") for a in actions)  # a card or free action first
    assert run(capsys, "play", path, "draw")[0] == 0
    assert run(capsys, "play", path, "free-action")[0] == 0  # 5.32: one unit or leader
    actions = run(capsys, "actions", path)[1].splitlines()
    move = next(a for a in actions if a.startswith("move ") and a.endswith(" dinan"))
    code, out, _ = run(capsys, "play", path, *move.split())
    assert code == 0 and "Dinan" in out
    data = json.loads(open(path, encoding="utf-8").read())
    assert [a["action"] for a in data["actions"]] == ["draw", "free-action", move]
    code, out, _ = run(capsys, "undo", path)
    assert code == 0 and out.startswith("undone:")
    assert [a["action"] for a in json.loads(open(path, encoding="utf-8").read())["actions"]] \
        == ["draw", "free-action"]


def test_illegal_play_exits_2_with_the_rule(tmp_path, capsys):
    path = str(tmp_path / "g.json")
    run(capsys, "new", "ldb", "14.1", "-o", path)
    code, _, err = run(capsys, "play", path, "move alain-de-rohan ploermel")
    assert code == 2 and "Deux Bretagne 5.2" in err  # no card nor free action yet
    run(capsys, "play", path, "draw")
    run(capsys, "play", path, "free-action")
    before = open(path, encoding="utf-8").read()
    code, _, err = run(capsys, "play", path, "move alain-de-rohan ploermel")
    assert code == 2
    assert "Deux Bretagne 8.21" in err
    assert open(path, encoding="utf-8").read() == before


def test_play_with_dice_set_by_hand(tmp_path, capsys):
    path = str(tmp_path / "g.json")
    run(capsys, "new", "deux-bretagne", "14.1", "-o", path)
    code, out, _ = run(capsys, "play", path, "roll", "--dice", "7")
    assert code == 0 and out.strip().endswith("rolls d10: 7")
    code, out, _ = run(capsys, "log", path)
    lines = out.splitlines()
    assert "set by hand: 7" in lines[0] and "(by hand)" in lines[0]
    assert lines[1].endswith("rolls d10: 7")


def test_bad_file_is_an_error_not_a_crash(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, "show", str(path))
    assert code == 1 and "bad.json: line 1" in err
    code, _, err = run(capsys, "show", str(tmp_path / "missing.json"))
    assert code == 1 and "cannot read" in err
