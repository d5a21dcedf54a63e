"""Any number of players, decisions taken together (issue 12 point 4), in hot-seat.

The sealed choice and the obligation are core steps (``engine/together.py``); the
Council test rulesets (``tests/council.py``) use them for three and for six sides.
"""

from __future__ import annotations

import random

import pytest

from boardapp.core.base.errors import BoardappError, IllegalActionError
from boardapp.core.engine.actions import Action
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import find_ruleset
from boardapp.core.engine.together import SEALED, pending_obligations
from boardapp.core.files.gamefile import dumps_game, loads_game
from tests.council import RULESETS, Council3, Council6


@pytest.fixture
def installed(monkeypatch):
    from boardapp.core.engine import ruleset as ruleset_module

    before = ruleset_module.available_rulesets
    monkeypatch.setattr(ruleset_module, "available_rulesets",
                        lambda: {**before(), **RULESETS})


def bid(game: Game, **bids: str) -> list[str]:
    """Each side commits its bid, in the order given; the lines of the new entries."""
    start = len(game.log)
    for side, choice in bids.items():
        game.play(f"commit {choice}", side=side)
    return [line.render() for e in game.log[start:] for line in e.lines]


def test_every_player_asked_decides_at_once():
    game = Game(Council3(), None, 5)
    rs = game.ruleset
    assert rs.deciding_sides(game.state) == ["red", "blue", "green"]
    assert rs.prompt(game.state).startswith("Red and Blue and Green: make your sealed choice")
    for side in ("red", "blue", "green"):
        offered = rs.hand_actions(game.state, side)
        assert [a.text() for a in offered] == ["commit gold0", "commit gold1", "commit gold2",
                                               "commit gold3"]
        assert rs.action_label(game.state, offered[2]) == "Choose gold2"
    assert rs.flow_actions(game.state) == []  # a sealed choice is made in the hand only
    game.play("commit gold2", side="blue")
    assert rs.deciding_sides(game.state) == ["red", "green"]
    assert rs.acting_side(game.state) == "red"  # the hand dock passes the screen to Red
    with pytest.raises(IllegalActionError, match="not your decision"):
        game.push("commit gold1", side="blue")  # committed: no second choice
    with pytest.raises(IllegalActionError):
        game.push("reveal", side="red")  # nothing is revealed before every choice


def test_choices_stay_sealed_until_the_last_is_made_then_are_revealed_together():
    game = Game(Council3(), None, 5)
    rs = game.ruleset
    lines = bid(game, red="gold1", blue="gold3")
    assert lines == ["Red makes a sealed choice", "Blue makes a sealed choice"]
    assert game.state[SEALED] == {"red": "gold1", "blue": "gold3"}
    assert rs.secret_lines(game.state, "blue")[-1].startswith("Your sealed choice: gold3")
    assert not any("gold" in line for line in rs.secret_lines(game.state, "green"))
    lines = bid(game, green="gold2")
    # The last choice leads to the reveals, each an action of its owner, played at once
    # in hot-seat (one program holds everything), then the result of the bids.
    assert [(e.action.text(), e.side) for e in game.log[3:6]] == [
        ("reveal", "red"), ("reveal", "blue"), ("reveal", "green")]
    assert "Revealed together: Red gold1, Blue gold3, Green gold2" in lines
    assert "Blue wins the bid and scores 3 (rule 2)" in lines
    assert SEALED not in game.state
    assert game.state["score"]["blue"] == 3


def test_an_obligation_is_carried_out_by_its_owner_with_a_private_die():
    game = Game(Council3(), None, 5)
    bid(game, red="gold1", blue="gold3", green="gold2")
    raids = [e for e in game.log if e.action.verb == "discard-random"]
    assert [e.side for e in raids] == ["red", "green"]  # the raided players, each his own
    assert all(len(e.dice) == 1 for e in raids)
    hands, discards = game.state["vars"]["hands"], game.state["vars"]["discards"]
    assert len(hands["red"]) == len(hands["green"]) == 1 and len(hands["blue"]) == 2
    assert [card[:-2] for card in discards] == ["red", "green"]
    assert {*hands["red"], *hands["green"], *discards} == {"red-1", "red-2", "green-1",
                                                            "green-2"}
    assert game.state["phase"] == "draw" and pending_obligations(game.ruleset,
                                                                 game.state) == []


def test_obligations_block_the_game_until_carried_out():
    game = Game(Council3(), None, 5)
    for side, choice in (("red", "gold1"), ("blue", "gold3"), ("green", "gold2")):
        game.push(f"commit {choice}", side=side)  # push: nothing carried out automatically
    rs = game.ruleset
    assert rs.deciding_sides(game.state) == ["red", "blue", "green"]
    assert [(s, a.text()) for s, a in pending_obligations(rs, game.state)] == [
        ("red", "reveal"), ("blue", "reveal"), ("green", "reveal")]
    assert [a.text() for a in rs.legal_actions(game.state, "blue")] == ["reveal"]
    assert rs.hand_actions(game.state, "blue") == [Action("reveal")]
    with pytest.raises(IllegalActionError):
        game.push("end", side="red")
    game.push("reveal", side="blue")
    assert rs.deciding_sides(game.state) == ["red", "green"]
    assert [e.action.text() for e in game.fulfil()] == ["reveal", "reveal",
                                                        "discard-random", "discard-random"]


def test_undo_takes_back_the_action_with_what_it_led_to_and_redo_plays_it_again():
    game = Game(Council3(), None, 5)
    bid(game, red="gold1", blue="gold3")
    before = game.state
    bid(game, green="gold2")
    after, length = game.state, len(game.log)
    assert game.undo().action.text() == "commit gold2"
    assert game.state == before and len(game.log) == 2
    assert game.redo().action.text() == "commit gold2"
    assert game.state == after and len(game.log) == length


def test_redo_plays_again_only_what_was_played():
    """Obligations a player took himself (push, no fulfil) are redone one by one, as
    they were played, not carried out again automatically (found by the contract with
    Montjoie!'s sealed vote)."""
    game = Game(Council3(), None, 5)
    for side, choice in (("red", "gold1"), ("blue", "gold3"), ("green", "gold2")):
        game.push(f"commit {choice}", side=side)
    game.push("reveal", side="green")
    game.push("reveal", side="red")
    after, length = game.state, len(game.log)
    while game.can_undo:
        game.undo()
    while game.can_redo:
        game.redo()
    assert game.state == after and len(game.log) == length


def test_a_whole_game_replays_from_its_file():
    game = Game(Council3(), None, 9)
    chooser = random.Random(4)
    while game.ruleset.outcome(game.state) is None:
        game.play(chooser.choice(game.legal_actions()))
    assert game.ruleset.outcome(game.state).endswith("points")
    again = Game.replay(Council3(), game.scenario, game.seed,
                        [(e.action.text(), e.side) for e in game.log])
    assert again.state == game.state


def test_the_core_adds_sealed_choice_paths_for_every_side():
    council, demo = Council6(), find_ruleset("hex_demo")
    state = Game(council, None, 1).state
    paths = council.hidden_paths(state)
    assert all((SEALED, s.id) in paths[s.id] for s in council.sides)
    assert ("vars", "hands", "red") in paths["red"]  # the ruleset's own stay
    assert demo.hidden_paths(Game(demo, None, 1).state) == {}  # no sealed choice, no path
    assert council.public_action(state, Action("commit", ("gold2",))) == Action("commit",
                                                                                ("?",))
    assert council.public_action(state, Action("end")) == Action("end")


# -- the sides that play ------------------------------------------------------------------
def test_a_scenario_may_let_the_set_up_choose_the_sides_that_play(installed):
    game = Game(Council6(), None, 3, sides=["teal", "red", "gold"])
    assert game.sides == ["red", "gold", "teal"]  # in the ruleset's order
    assert game.state["sides"] == ["red", "gold", "teal"]
    assert sorted(game.state["score"]) == ["gold", "red", "teal"]
    assert game.ruleset.deciding_sides(game.state) == ["red", "gold", "teal"]
    assert game.ruleset.playing_sides(game.state) == ["red", "gold", "teal"]
    game.play("commit gold1", side="gold")
    again = loads_game(dumps_game(game))
    assert again.sides == game.sides and again.state == game.state
    full = Game(Council6(), None, 3)
    assert full.sides is None and "sides" not in full.state
    assert full.ruleset.playing_sides(full.state) == [s.id for s in Council6.sides]


@pytest.mark.parametrize(("ruleset", "sides", "problem"), [
    (Council6, ["red"], "2 to 6 sides, not 1"),
    (Council6, ["red", "black"], "black cannot play"),
    (Council6, ["red", "red"], "a side named twice"),
    (Council3, ["red", "blue"], "played by all of red, blue, green"),
])
def test_the_sides_chosen_are_checked(ruleset, sides, problem):
    with pytest.raises(BoardappError, match=problem):
        Game(ruleset(), None, 3, sides=sides)


def test_a_file_naming_other_sides_is_refused(installed):
    text = dumps_game(Game(Council6(), None, 3, sides=["red", "blue"]))
    with pytest.raises(BoardappError, match="sides"):
        loads_game(text.replace('"sides": [\n  "red",\n  "blue"\n ]', '"sides": ["red"]'))


def test_the_command_line_sets_a_game_up_for_the_sides_chosen(installed, tmp_path, capsys):
    from boardapp.cli import main

    path = tmp_path / "g.json"
    assert main(["new", "council6", "council", "-o", str(path), "--sides",
                 "teal,blue,red", "--seed", "4"]) == 0
    game = loads_game(path.read_text(encoding="utf-8"))
    assert game.sides == ["red", "blue", "teal"]
    assert main(["new", "council6", "council", "-o", str(path), "--sides", "red"]) == 1
    assert "2 to 6 sides" in capsys.readouterr().err
