"""Guet-Apens scenarios: random legal orders for Scenario V (closed field) to the end,
many seeds, each replayed, saved, loaded and undone to the same positions. The deeper
run: ``GA_SEEDS=50``."""

from __future__ import annotations

import os

import pytest

from rulesets.guet_apens import RULESET
from tests.contracthelpers import Plan, check_game, play_plan

RS = RULESET()
SEEDS = int(os.environ.get("GA_SEEDS", "6"))


@pytest.mark.parametrize("seed", range(1, SEEDS + 1))
def test_random_orders_play_scenario_v_to_its_end_and_replay(seed):
    played = play_plan(RS, "V", seed, Plan(cap=3000), checks=False)
    assert played.ended
    state = played.game.state
    outcome = RS.outcome(state)
    assert outcome is not None
    if "draw" not in outcome:
        loser = "b" if outcome.startswith("Player A") else "a"
        assert all(set(f["states"]) & {"dead", "out", "captured"}
                   for f in state["vars"]["figs"].values() if f["side"] == loser)
    check_game(played)


def test_scenario_v_forces_respect_their_limits():
    state = RS.setup("V", 11)
    figs = state["vars"]["figs"]
    assert sorted(figs) == ["a1", "a2", "a3", "a4", "a5", "a6",
                            "b1", "b2", "b3", "b4", "b5", "b6"]
    for f in figs.values():  # GA 14.5: the limits of the forces table
        s = f["start"]
        assert s["ag"] >= 11 and s["sk"] >= 14 and s["co"] >= 10 and s["st"] >= 13
        assert f["horse"]["ag"] >= 18
    assert [f["role"] for f in figs.values()].count("sergeant") == 4
