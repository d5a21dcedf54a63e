"""Guet-Apens hidden set-ups (GA 14.8.2, 14.9): the side that hides drags its figures
to places kept in its own secret (off the table meanwhile, the other side's program
never holding them), then places them when it moves them or has them shoot (``show``)
or, where the scenario says "when seen", as soon as an enemy on the table sees the
place after a movement."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import digest
from boardapp.core.table.positions import position
from rulesets.guet_apens import RULESET
from rulesets.guet_apens.steps.hidden import HIDDEN_BOX

RS = RULESET()


def test_a_hidden_figure_waits_off_the_table_its_place_a_secret():
    game = Game(RS, "VIII-2", 3)
    assert game.ruleset.move_action(game.state, ["b1"], "60,40").text() == "hide b1 60,40"
    assert game.ruleset.move_action(game.state, ["a1"], "20,40").verb == "place"
    game.play("hide b1 60,40", side="b")
    state = game.state
    assert state["pieces"]["b1"]["loc"] == HIDDEN_BOX and position(state, "b1") is None
    assert "at" not in state["pieces"]["b1"]
    assert state["vars"]["hidden"]["b"] == {"b1": "60,40,270"}
    assert ("vars", "hidden", "b") in RS.secret_paths(state)["b"]
    assert any("60,40" in str(line) for line in RS.private_lines(state, "b"))
    assert not any("Hidden" in str(line) for line in RS.private_lines(state, "a"))
    public = [line.text for entry in game.log for line in entry.lines]
    assert not any("60,40" in text for text in public)


def test_only_the_side_and_the_figures_the_scenario_names_hide():
    game = Game(RS, "IX", 3)
    with pytest.raises(BoardappError):
        game.push("hide a1 30,30", side="a")  # the Baron: in the open
    with pytest.raises(BoardappError):
        game.push("hide b1 30,30", side="b")
    game.push("hide a11 30,30", side="a")
    game.push("hide a12 32,30", side="a")
    with pytest.raises(BoardappError):
        game.push("hide a13 34,30", side="a")  # two archers only (GA 14.9)


def _ready(game: Game) -> None:
    for side in ("a", "b"):
        game.play("ready", side=side)


def test_shown_when_his_player_moves_him():
    game = Game(RS, "IX", 3)
    game.play("hide a11 30,30,90", side="a")
    _ready(game)
    assert any(a.text() == "show a11" for a in RS.legal_actions(game.state, "a"))
    assert not any(a.verb == "show" for a in RS.legal_actions(game.state, "b"))
    game.play("show a11", side="a")
    assert position(game.state, "a11") == (3000, 3000, 900)
    assert "a11" not in game.state["vars"]["hidden"]["a"]
    assert any("revealed at 30,30,90" in line.text and "GA 14.8.2" in (line.rule or "")
               for line in game.log[-1].lines)


def test_revealed_when_an_enemy_sees_his_place_after_a_movement():
    game = Game(RS, "VIII-2", 3)  # a blank table: every place is in sight
    game.play("hide b1 60,40", side="b")
    _ready(game)
    for _ in range(6):
        if game.state["pieces"]["b1"]["loc"] != HIDDEN_BOX:
            break
        for side in RS.deciding_sides(game.state):
            game.play("commit hold" if any(a.text() == "commit hold" for a in
                                          RS.legal_actions(game.state, side))
                      else RS.legal_actions(game.state, side)[0].text(), side=side)
            break
    assert position(game.state, "b1") == (6000, 4000, 2700)
    assert any("an enemy sees him" in line.text for entry in game.log
               for line in entry.lines)
    again = Game.replay(RS, "VIII-2", 3, [(e.action.text(), e.side) for e in game.log])
    assert digest(again.state) == digest(game.state)
