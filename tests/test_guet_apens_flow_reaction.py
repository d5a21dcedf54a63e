"""Guet-Apens reaction times (GA 8.6.1, Example VI): a runner seen over 2 sixths of his
move, then gone behind a cottage, may be shot by the crossbowman (1/3 of the move) in
the next shooting sequence, not by the archer (2/3); the shot is one during the
movement (-8), without the cottage's cover."""

from __future__ import annotations

from gahelpers import RS, table

from boardapp.core.engine.context import Context
from rulesets.guet_apens.model import Order
from rulesets.guet_apens.steps.carry import carry_out_sequence
from rulesets.guet_apens.steps.shooting import all_targets, resolve_shot


def runner_behind_the_cottage(played_with=None):
    # Scenario III's cottage: x 54-66, y 14-24, 8 cm high; a2 a crossbowman, a1 an archer
    state = table("III", {"a2": (40, 19, 90, {"missile": "crossbow"}),
                          "a1": (40, 21.5, 90, {"missile": "short_bow"}),
                          "b1": (72, 40, 0, {"ag": 15})})
    if played_with:
        state["legacy"] = RS.setup("III", 1, played_with=played_with)["legacy"]
    ctx = Context(state, "a")
    carry_out_sequence(RS, state, ctx, {"b1": Order("b1", "72,19")})  # 21 cm: his run
    return state


def test_the_crossbowman_may_react_the_archer_may_not():
    state = runner_behind_the_cottage()
    seen = state["vars"]["glimpsed"]
    assert seen["a2"]["b1"] == 2 and seen["a1"]["b1"] < 4
    targets = all_targets(RS, state, "a")
    assert [q for _, q in targets.get("a2", [])] == ["b1"]
    assert "a1" not in targets


def test_the_reaction_shot_is_a_shot_during_the_movement_without_cover():
    state = runner_behind_the_cottage()
    state["dice_queue"] = [20]
    ctx = Context(state, "a")
    resolve_shot(RS, state, ctx, "a2", "b1")
    test = next(line.detail for line in ctx.lines if line.detail)
    labels = [m["label"] for m in test["modifiers"]]
    assert "needed: snap shot or shooting during movement" in labels
    assert not [label for label in labels if "cover" in label]
    assert any("GA 8.6" in (line.rule or "") and "2/6" in line.text for line in ctx.lines)


def test_a_game_of_version_0_1_had_no_reaction_shots():
    state = runner_behind_the_cottage(played_with="0.1")
    assert "glimpsed" not in state["vars"]
    assert "a2" not in all_targets(RS, state, "a")
