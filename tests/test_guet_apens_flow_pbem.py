"""Guet-Apens by email: each player's program opens the file with its passphrase,
carries out what it owes (the reveal of its own orders), gives random legal orders
and saves the file for the other; the orders stay sealed until both are given, and
the sends a period takes are counted (Scenario V)."""

from __future__ import annotations

import random

import pytest

from boardapp.core.files.gamefile import load_game, save_for_opponent
from boardapp.core.pbem.pbem import join_pbem, new_pbem_game
from rulesets.guet_apens import RULESET
from tests.test_pbem_helpers import pbem_setup

PLAYERS = ("a", "b")
PERIODS = 3


def words(side: str) -> str:
    return f"{side}'s long passphrase"


@pytest.fixture
def pbem_env(tmp_path, monkeypatch):
    return pbem_setup(tmp_path, monkeypatch)


def test_a_period_by_email_keeps_the_orders_sealed_and_counts_its_sends(pbem_env):
    path = pbem_env / "guet-apens.json"
    game = new_pbem_game(RULESET(), "V", {"a": "Amaury", "b": "Barthélemy"}, "a", words("a"))
    save_for_opponent(game, path)
    joined = load_game(path)
    join_pbem(joined, "b", words("b"))
    save_for_opponent(joined, path)
    chooser = random.Random(5)
    sends: dict[int, int] = {}
    for _ in range(200):
        probe = load_game(path)
        period = probe.state["turn"]
        if period > PERIODS or probe.ruleset.outcome(probe.state) is not None:
            break
        me = probe.ruleset.acting_side(probe.state)
        assert me in PLAYERS
        mine = load_game(path, passphrase=words(me), side=me)
        mine.fulfil()
        for _ in range(20):
            if mine.ruleset.acting_side(mine.state) != me or \
                    mine.ruleset.outcome(mine.state) is not None:
                break
            legal = list(mine.ruleset.legal_actions(mine.state, me))
            if not legal:
                break
            mine.play(chooser.choice(legal), side=me)
            mine.fulfil()
        save_for_opponent(mine, path)
        sends[period] = sends.get(period, 0) + 1
    public = load_game(path)
    assert public.state["turn"] > PERIODS
    commits = [e for e in public.log if e.action.verb == "commit"]
    assert commits and all(e.action.args == ("?",) for e in commits)
    assert any("Revealed together" in line.text for e in public.log for line in e.lines)
    full = [sends[p] for p in range(1, PERIODS + 1)]
    assert all(n <= 8 for n in full), full
    print(f"Guet-Apens V, sends per period by email: {full}")
