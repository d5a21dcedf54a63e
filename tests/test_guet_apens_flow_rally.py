"""Guet-Apens rally in the morale sequence (GA 12.5): Courage + the rallier's Courage and
Strength + D4 more than 30 ends a flight; the rallier base to base (B22 ``contact``) or
within 25 cm and seen (``near``), not fighting; games of version 0.1 replay without the
rally."""

from __future__ import annotations

from gahelpers import RS, table

from boardapp.core.engine.context import Context
from boardapp.core.table.fixed import to_units
from boardapp.core.table.positions import position
from rulesets.guet_apens.steps.morale import end_of_period, forced_moves, morale_sequence
from rulesets.guet_apens.steps.rally import ralliers, rally_sequence

KNIGHT = {"co": 12, "st": 12}  # a2, a knight of IX


def fleeing(gap: float, scenario: str = "IX", courage: int = 8):
    # a13, an archer in Flight II; a2, a knight, beside him (gap cm apart)
    state = table(scenario, {"a13": (40, 30, 90, {"co": courage}),
                             "a2": (42 + gap, 30, 90, KNIGHT)})
    state["vars"]["figs"]["a13"]["states"] = ["flight2"]
    return state


def test_a_knight_base_to_base_rallies_over_30():
    state = fleeing(0.0)
    state["dice_queue"] = [3]  # 8 + 3 + 12 + 12 = 35 > 30
    ctx = Context(state, "a")
    rally_sequence(RS, state, ctx)
    assert state["vars"]["figs"]["a13"]["states"] == []
    tally = next(line.detail for line in ctx.lines if line.detail)
    assert [(t["label"], t["value"]) for t in tally["terms"]] == [
        ("Courage", 8), ("D4", 3), ("rallier's Courage", 12), ("rallier's Strength", 12)]
    assert tally["total"] == 35
    assert any("GA 12.5" in (line.rule or "") and "B22=contact" in line.text
               for line in ctx.lines)


def test_thirty_is_not_enough():
    state = fleeing(0.0, courage=5)
    state["dice_queue"] = [1]  # 5 + 1 + 12 + 12 = 30
    rally_sequence(RS, state, Context(state, "a"))
    assert state["vars"]["figs"]["a13"]["states"] == ["flight2"]


def test_how_near_the_rallier_must_be_is_b22():
    state = fleeing(10.0)
    assert ralliers(RS, state, "a13") == []
    state["data"] = {"readings": {"B22": {"default": "near"}}}
    assert ralliers(RS, state, "a13") == ["a2"]


def test_a_rallier_who_is_fighting_or_no_knight_does_not_rally():
    state = table("IX", {"a13": (40, 30, 90, {}), "a14": (42, 30, 90, {}),
                         "a2": (38, 30, 90, KNIGHT), "b4": (36, 30, 270, {})})
    state["vars"]["figs"]["a13"]["states"] = ["flight1"]
    assert ralliers(RS, state, "a13") == []  # a14 an archer, a2 fighting b4


def test_the_rally_comes_before_the_new_tests_of_sequence_7():
    state = fleeing(0.0)
    state["dice_queue"] = [4]
    ctx = Context(state, "a")
    morale_sequence(RS, state, ctx)
    assert state["vars"]["figs"]["a13"]["states"] == []


def test_a_game_of_version_0_1_has_no_rally():
    state = RS.setup("IX", 1, played_with="0.1")
    assert state["legacy"] == {"rally": False, "group_shots": False, "entries": False,
                               "reactions": False, "flight1_lasts": False,
                               "campaign": False, "reinforcements": False,
                               "interposed": False, "winner-rests": False, "mules": False,
                               "exits": False, "manuscripts": False, "escort": False}
    old = fleeing(0.0)
    old["legacy"] = state["legacy"]
    old["dice_queue"] = [4]
    rally_sequence(RS, old, Context(old, "a"))
    assert old["vars"]["figs"]["a13"]["states"] == ["flight2"]


def _flight_one(legacy=None):
    # a13, half his LP lost (Courage 19 halved), alone against b4: 9-10 + D4 1 - 4 = 6-7
    state = table("IX", {"a13": (40, 30, 90, {"co": 19}), "b4": (42, 30, 270, {})})
    if legacy:
        state["legacy"] = legacy
    state["vars"]["figs"]["a13"]["lp"] = 4
    state["dice_queue"] = [1]
    morale_sequence(RS, state, Context(state, "a"))
    assert "flight1" in state["vars"]["figs"]["a13"]["states"]
    end_of_period(RS, state, Context(state, "a"))  # the period of the test ends
    state["turn"] += 1
    forced_moves(RS, state, Context(state, "a"))
    return state


def test_flight_one_in_a_melee_backs_3_cm_in_the_next_period_then_ends():
    state = _flight_one()
    assert position(state, "a13")[0] == to_units(37)  # backed 3 cm, facing the enemy
    end_of_period(RS, state, Context(state, "a"))
    assert "flight1" not in state["vars"]["figs"]["a13"]["states"]


def test_a_game_of_version_0_1_ended_flight_one_before_its_move():
    state = _flight_one(RS.setup("IX", 1, played_with="0.1")["legacy"])
    assert position(state, "a13")[0] == to_units(40)
