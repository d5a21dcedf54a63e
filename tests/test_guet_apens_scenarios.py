"""Guet-Apens scenarios: random legal orders for Scenario V (closed field) to the end,
the loser's figures all out of the fight, replayed, saved, loaded and undone to the same
positions (the 50 seeds of issue 19 are the contract's long run, ``LONG_RUNS`` in
``tests/contracthelpers.py``; these are the seeds after them); every other scenario set
up as the booklet says and played (I-VII to their end, VIII-XII for two periods) with
replay identity. A deeper run: ``GA_SEEDS=50``."""

from __future__ import annotations

import os
import random

import pytest

from boardapp.core.engine.game import Game
from boardapp.core.engine.state import digest
from rulesets.guet_apens import RULESET
from tests.contracthelpers import Plan, check_game, play_plan

RS = RULESET()
SEEDS = int(os.environ.get("GA_SEEDS", "1"))
TO_THE_END = ("I", "II", "III", "IV", "VI", "VII")
OPENINGS = ("VIII-1", "VIII-2", "IX", "X-1", "X-2", "X-3", "X-3B", "X-4", "XI-1", "XI-2",
            "XII-1", "XII-2")


@pytest.mark.parametrize("seed", range(51, 51 + SEEDS))
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


@pytest.mark.parametrize("scenario", TO_THE_END)
def test_each_teaching_scenario_plays_to_its_end(scenario):
    played = play_plan(RS, scenario, 1, Plan(cap=3000), checks=False)
    assert played.ended and RS.outcome(played.game.state)
    check_game(played)


@pytest.mark.parametrize("scenario", OPENINGS)
def test_each_full_scenario_opens_and_replays(scenario):
    game = Game(RS, scenario, 2)
    chooser = random.Random(2)
    while game.state["turn"] <= 2 and RS.outcome(game.state) is None:
        side = RS.deciding_sides(game.state)[0]
        game.push(chooser.choice(list(RS.legal_actions(game.state, side))).text(), side=side)
    again = Game.replay(RS, scenario, 2, [(e.action.text(), e.side) for e in game.log],
                        game.start_data)
    assert digest(again.state) == digest(game.state)
    assert RS.board_map.table.approximate  # type: ignore[attr-defined]


def test_the_forces_are_those_of_the_booklet():
    state = RS.setup("V", 11)
    figs = state["vars"]["figs"]
    assert sorted(figs) == ["a1", "a2", "a3", "a4", "a5", "a6",
                            "b1", "b2", "b3", "b4", "b5", "b6"]
    for f in figs.values():  # GA 14.5: the limits of the forces table
        s = f["start"]
        assert s["ag"] >= 11 and s["sk"] >= 14 and s["co"] >= 10 and s["st"] >= 13
        assert f["horse"]["ag"] >= 18 and f["weapon"] == "sword"
    assert [f["role"] for f in figs.values()].count("sergeant") == 4
    ix = RS.setup("IX", 3)["vars"]
    sides = [f["side"] for f in ix["figs"].values()]
    assert (sides.count("a"), sides.count("b")) == (22, 18)  # GA 14.9
    baron = next(f for f in ix["figs"].values() if f["role"] == "baron")
    assert min(baron["start"][k] for k in ("ag", "sk", "co", "st", "en")) >= 14
    assert baron["horse"]["ag"] >= 27
    archers = [p for p, f in ix["figs"].items() if f["missile"] == "short_bow"]
    assert len(archers) == 4 and all(ix["ammo"]["a"][p] >= 8 for p in archers)
    iii = RS.setup("III", 3)["vars"]
    assert all(n == 12 for side in iii["ammo"].values() for n in side.values())  # GA 14.3


def test_the_ammunition_is_each_players_secret():
    state = RS.setup("IX", 4)
    paths = RS.secret_paths(state)
    assert ("vars", "ammo", "a") in paths["a"] and ("vars", "ammo", "a") not in paths["b"]
