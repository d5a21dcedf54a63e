"""Lion in Winter by email: each program acts only when the game waits for its player
(``acting_side``), and a whole round with battles, choices of both sides and dice from
the committed seeds passes back and forth and replays at every opening."""

from __future__ import annotations

import random

import pytest

from boardapp.core.files.gamefile import load_game, save_for_opponent
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game
from rulesets.lion_in_winter import RULESET
from tests.test_pbem_helpers import pbem_setup

WORDS = {"english": "the english passphrase", "french": "the french passphrase"}


@pytest.fixture
def pbem_env(tmp_path, monkeypatch):
    return pbem_setup(tmp_path, monkeypatch)


def test_a_round_by_email(pbem_env):
    path = pbem_env / "lion.json"
    game = new_pbem_game(RULESET(), "1183", {"english": "Ann", "french": "Bob"}, "english",
                         WORDS["english"])
    save_for_opponent(game, path)
    joined = load_game(path)
    join_pbem(joined, "french", WORDS["french"])
    save_for_opponent(joined, path)
    chooser = random.Random(5)
    acted = set()
    me = joined.ruleset.acting_side(joined.state)
    for _ in range(80):  # impulses, battles, control, raising (nIP first); the dice vary
        if {("raise", "english"), ("raise", "french")} <= acted:
            break
        game = load_game(path, passphrase=WORDS[me], side=me)  # every check runs
        assert game.ruleset.acting_side(game.state) == me
        for _ in range(25):
            if game.ruleset.acting_side(game.state) != me:
                break
            legal = [a for a in game.legal_actions() if a.verb != "end-game"]
            game.push(chooser.choice(legal))
            acted.add((game.log[-1].action.verb, me))
        save_for_opponent(game, path)
        me = game.ruleset.acting_side(game.state)
    final = load_game(path)
    assert final.state["phase"] not in ("initiative", "impulses", "battles")
    assert final.state["vars"]["unassigned"]  # the raised troops, on the board
    for verb in ("move", "raise"):
        assert {(verb, "english"), (verb, "french")} <= acted, verb
    assert any(e.dice for e in final.log)
