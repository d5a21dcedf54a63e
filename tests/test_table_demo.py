"""The table demo (issue 18): orders given in secret and carried out together in sixths,
table files validated, the CLI's place, measure and show --json, replay to the same digest,
and a game by email whose plans stay sealed."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardapp.cli import main
from boardapp.core.base.errors import DataError, IllegalActionError
from boardapp.core.board.mapdata import check_map, load_map
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.engine.state import digest
from boardapp.core.files.gamefile import dumps_game, loads_game
from boardapp.core.table.fixed import to_cm
from boardapp.core.table.positions import position
from rulesets.table_demo.model import Order

RS = find_ruleset("table-demo")


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_table_is_a_board_with_one_area_and_its_scenery():
    bmap = RS.board_map
    assert list(bmap.areas) == ["table"] and bmap.size == (600.0, 600.0)
    table = bmap.table
    assert (table.width, table.depth) == (60.0, 60.0)
    assert {s.kind for s in table.scenery.values()} == {"wood", "wall", "hill"}
    assert table.scenery["hill"].crest == ((36.0, 46.0), (50.0, 46.0))


@pytest.mark.parametrize(("scenery", "place", "words"), [
    ({"w": {"kind": "forest", "polygon": [[1, 1], [5, 1], [5, 5]]}}, "scenery.w.kind",
     "is not one of"),
    ({"w": {"kind": "wood", "polygon": [[1, 1], [5, 1]]}}, "scenery.w.polygon", "at least 3"),
    ({"w": {"kind": "wall", "line": [[1, 1], [90, 1]]}}, "scenery.w", "beyond the edge"),
    ({"w": {"kind": "wood", "line": [[1, 1], [5, 1]]}}, "scenery.w.line", "polygon"),
    ({"w": {"kind": "hill", "polygon": [[1, 1], [9, 1], [9, 9]], "height": -2}},
     "scenery.w.height", "0 to 1000"),
    ({"w": {"kind": "wall", "line": [[1, 1], [5, 1]], "obstacle": "huge"}},
     "scenery.w.obstacle", "is not one of"),
    ({"w": {"kind": "wood", "polygon": [[1, 1], [5, 1], [5, 5]], "crest": [[1, 1], [2, 2]]}},
     "scenery.w.crest", "only a hill"),
    ({"w": {"kind": "wood", "polygon": [[0, 0], [5, 5], [5, 0], [0, 5]]}},
     "scenery.w.polygon", "crosses itself"),
])
def test_a_bad_table_file_names_the_file_and_the_place(scenery, place, words):
    data = {"format": "boardapp-table", "version": 1, "id": "t", "size": [20, 20],
            "scenery": scenery}
    problems = check_map(data, "bad.yaml")
    assert problems, "the table should be refused"
    assert any(p.file == "bad.yaml" and p.place == place and words in p.problem
               for p in problems), [str(p) for p in problems]


def test_a_table_file_that_is_not_a_mapping_or_too_new_is_refused(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("format: boardapp-table\nversion: 9\nsize: [10, 10]\n", encoding="utf-8")
    with pytest.raises(DataError, match="newer"):
        load_map(path)
    path.write_text("format: boardapp-table\nsize: [0, 10]\n", encoding="utf-8")
    with pytest.raises(DataError, match="size"):
        load_map(path)


def _turn(game: Game, red: str, blue: str) -> None:
    game.push(f"commit {red}", side="red")
    game.play(f"commit {blue}", side="blue")


def test_orders_are_secret_then_carried_out_together_in_sixths():
    game = Game(RS, None, 1)
    assert RS.deciding_sides(game.state) == ["red", "blue"]
    game.push("plan red-a 12,45", side="red")
    assert RS.public_action(game.state, game.log[-1].action).text() == "plan ? ?"
    assert RS.secret_lines(game.state, "red") == ["Planned: Red foot A to 12,45"]
    assert [a.text() for a in RS.legal_actions(game.state, "red")][-1] == "commit red-a:12,45"
    with pytest.raises(IllegalActionError, match="not yours"):
        game.push("plan red-b 28,45", side="blue")
    with pytest.raises(IllegalActionError, match="takes 12.0 cm of its 8 cm"):
        game.push("commit blue-a:36,20", side="blue")
    game.push("commit red-a:12,45", side="red")
    game.play("commit blue-r:44,18", side="blue")
    lines = [line.text for e in game.log for line in e.lines]
    sixths = [t for t in lines if t.startswith("Sixth")]
    assert len(sixths) == 6
    assert sixths[0] == "Sixth 1: Blue rider 44,8.33,180; Red foot A 12,50.67,0"
    assert position(game.state, "red-a") == (1200, 4500, 0)
    assert game.state["turn"] == 2 and game.state["vars"]["drafts"] == {}


def test_figures_meeting_stop_in_contact_and_the_game_scores_the_hill():
    game = Game(RS, None, 1)
    game.push("place red-a 30,30,0", side="red")
    game.push("place blue-a 30,18,180", side="red")
    _turn(game, "red-a:30,22", "blue-a:30,26")
    lines = [line.render() for e in game.log for line in e.lines]
    assert "Red foot A stops in contact with Blue foot A [Table demo 5]" in lines
    a, b = position(game.state, "red-a"), position(game.state, "blue-a")
    assert to_cm(a[1] - b[1]) == pytest.approx(2.0, abs=0.06)
    game.push("place red-b,red-r 42,46", side="red")
    for _ in range(3):
        _turn(game, "hold", "hold")
    assert RS.outcome(game.state) == "Red wins, holding the hill 2 to 0."


@settings(max_examples=60, deadline=None)
@given(st.floats(0, 60), st.floats(0, 60), st.sampled_from(["red-a", "red-r"]))
def test_a_path_the_rules_accept_never_takes_more_than_the_allowance(x, y, pid):
    game = Game(RS, None, 1)
    order = Order(pid, ((round(x, 2), round(y, 2)),))
    accepted = RS.why_not_order(game.state, "red", order) is None
    plan = RS.plan(game.state, pid, order.points)
    assert accepted == (plan.refused is None and plan.effort <= RS.spec(game.state,
                                                                          pid).allowance)


def test_replay_undo_and_files_give_the_same_digest():
    game = Game(RS, None, 5)
    game.push("plan red-r 20,46;26,46,90", side="red")
    game.push("commit red-r:20,46;26,46,90", side="red")
    game.play("commit blue-a:36,12/blue-b:52,14", side="blue")
    again = Game.replay(RS, game.scenario, game.seed,
                        [(e.action.text(), e.side) for e in game.log])
    assert digest(again.state) == digest(game.state)
    assert digest(loads_game(dumps_game(game)).state) == digest(game.state)
    assert json.dumps(game.state["pieces"]["red-r"]["at"]) == "[2600, 4600, 900]"
    while game.can_undo:
        game.undo()
    assert position(game.state, "red-r") == (2000, 5400, 0)


def test_cli_place_measure_and_show_json(tmp_path, capsys):
    path = str(tmp_path / "t.json")
    assert run(capsys, "new", "table-demo", "demo", "-o", path, "--seed", "2")[0] == 0
    assert run(capsys, "play", path, "place", "red-a", "41,22,180")[0] == 0
    assert run(capsys, "play", path, "place", "blue-a", "41,34")[0] == 0
    code, out, _ = run(capsys, "measure", path, "red-a", "blue-a")
    assert code == 0
    assert "distance: 10.00 cm (edge to edge)" in out and "line of sight: yes" in out
    assert "range: short" in out
    code, out, _ = run(capsys, "measure", path, "red-r", "blue-a", "--json")
    assert json.loads(out)["blocked_by"] == ["hill"]
    code, out, _ = run(capsys, "show", path, "--json")
    pieces = {p["id"]: p for p in json.loads(out)["pieces"]}
    assert (pieces["red-a"]["x"], pieces["red-a"]["y"], pieces["red-a"]["facing"]) == (
        41.0, 22.0, 180.0)
    code, _, err = run(capsys, "play", path, "place", "red-a", "70,10")
    assert code != 0 and "off the table" in err
    code, _, err = run(capsys, "measure", path, "red-a", "nobody")
    assert code == 1 and "no piece" in err


def test_orders_by_email_stay_sealed_until_both_are_given(tmp_path, monkeypatch):
    from boardapp.core.files.gamefile import load_game, save_for_opponent
    from boardapp.core.pbem.pbem import join_pbem, new_pbem_game
    from tests.test_pbem_helpers import PASSWORDS, Player, pbem_setup

    pbem_setup(tmp_path, monkeypatch)
    path = tmp_path / "table.json"
    game = new_pbem_game(RS, None, {"red": "Alice", "blue": "Bob"}, "red", PASSWORDS["red"])
    path.write_text(dumps_game(game), encoding="utf-8")
    received = load_game(path)
    join_pbem(received, "blue", PASSWORDS["blue"])
    path.write_text(dumps_game(received), encoding="utf-8")
    red, blue = Player("red", tmp_path), Player("blue", tmp_path)
    mine = red.open(path)
    mine.play("plan red-a 12,45")
    mine.play("commit red-a:12,45")
    save_for_opponent(mine, path)
    text = path.read_text(encoding="utf-8")
    assert "12,45" not in text  # the plan and the orders are sealed in the file
    theirs = blue.open(path)
    assert [e.action.text() for e in theirs.log] == ["plan ? ?", "commit ?"]
    theirs.play("commit blue-a:36,14")
    save_for_opponent(theirs, path)
    again = red.open(path)
    again.fulfil()
    save_for_opponent(again, path)
    final = blue.open(path)
    final.fulfil()
    assert position(final.state, "red-a") == (1200, 4500, 0)
    assert position(final.state, "blue-a") == (3600, 1400, 1800)
    assert final.state["turn"] == 2


def test_an_eliminated_figure_leaves_the_table_and_returns_to_its_place():
    game = Game(RS, None, 1)
    game.push("eliminate red-a", side="red")
    assert position(game.state, "red-a") is None
    assert "red-a" not in [a.arg(0) for a in RS.legal_actions(game.state, "red")
                           if a.verb == "plan"]
    with pytest.raises(IllegalActionError, match="not on the table"):
        game.push("plan red-a 12,48", side="red")
    game.push("return red-a", side="red")
    assert position(game.state, "red-a") == (1200, 5200, 0)


def test_a_group_given_one_path_keeps_its_places():
    game = Game(RS, None, 1)
    game.push("plan red-a,red-b 12,46", side="red")  # red-b stands 16 cm right of red-a
    assert RS.secret_lines(game.state, "red") == ["Planned: Red foot A to 12,46",
                                                  "Planned: Red foot B to 28,46"]
    with pytest.raises(IllegalActionError, match="Red foot A's path takes 14.0 cm of its 8"):
        game.push("plan red-r,red-a 20,40", side="red")  # the rider may, A 2 cm ahead not
    with pytest.raises(IllegalActionError, match="not yours"):
        game.push("plan red-a,blue-a 12,46", side="red")
