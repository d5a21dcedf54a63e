"""Guet-Apens secret manuscript carriers (GA 14.11.2): the Anglo-Normans' player notes
two carriers at the set-up in his own secret (the French program never holds it), then
makes one known when the book says (leaving North, a transfer, a search)."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import BoardappError
from boardapp.core.engine.game import Game
from rulesets.guet_apens import RULESET

RS = RULESET()


def test_two_carriers_noted_in_secret_then_one_made_known():
    game = Game(RS, "XI-2", 4)
    offered = [a.text() for a in RS.legal_actions(game.state, "a")]
    assert "carry a3" in offered
    assert not [a for a in RS.legal_actions(game.state, "b") if a.verb == "carry"]
    game.play("carry a3", side="a")
    game.play("carry a7", side="a")
    state = game.state
    assert state["vars"]["carriers"]["a"] == ["a3", "a7"]
    assert ("vars", "carriers", "a") in RS.secret_paths(state)["a"]
    assert len([line for line in RS.private_lines(state, "a") if "manuscript" in str(line)]) == 2
    public = [line.text for entry in game.log for line in entry.lines]
    assert not any("A3" in text or "A7" in text for text in public)
    with pytest.raises(BoardappError):
        game.push("carry a5", side="a")  # two carriers only
    game.play("ready", side="a")
    game.play("ready", side="b")
    assert "own a3" in [a.text() for a in RS.legal_actions(game.state, "a")]
    game.play("own a3", side="a")
    assert game.state["vars"]["carriers"]["a"] == ["a7"]
    assert game.state["vars"]["carriers_known"] == ["a3"]
    assert any("carries a manuscript" in line.text and "GA 14.11.2" in (line.rule or "")
               for line in game.log[-1].lines)
