"""Guet-Apens shot into a group carried out in the shooting sequence (GA 8.10, Example
IX): beyond half range, characters at most 1 cm apart form a group; the shot is a snap
shot (B10b); a miss within 2 of the number needed hits the neighbour on the shooter's
right on an even roll, on his left on an odd one (B10: none there, a miss)."""

from __future__ import annotations

import copy

from gahelpers import RS, table

from boardapp.core.engine.context import Context
from rulesets.guet_apens.steps.shooting import resolve_shot

BOW = {"missile": "short_bow", "sk": 16}


def group(gap: float, distance: float = 60.0):
    # a1 shoots eastwards at b1; b2 stands ``gap`` cm south of b1: on the shooter's right
    return table("III", {"a1": (10, 30, 90, BOW), "b1": (12 + distance, 30, 270, {}),
                         "b2": (12 + distance, 32 + gap, 270, {})})


def needed(state) -> int:
    trial = copy.deepcopy(state)
    trial["dice_queue"] = [20]
    ctx = Context(trial, "a")
    resolve_shot(RS, trial, ctx, "a1", "b1")
    return next(line.detail for line in ctx.lines if line.detail)["test"]["target"]


def test_a_miss_within_two_and_even_hits_the_neighbour_on_the_right():
    state = group(0.5)
    target = needed(state)
    die = target + 1 if (target + 1) % 2 == 0 else target + 2
    state["dice_queue"] = [die, 3]
    ctx = Context(state, "a")
    losses = resolve_shot(RS, state, ctx, "a1", "b1")
    assert losses == [("b2", 3)]
    test = next(line.detail for line in ctx.lines if line.detail)
    terms = [(m["label"], m["value"]) for m in test["modifiers"]]
    assert ("needed: snap shot or shooting during movement", -8) in terms
    assert any("GA 8.10" in (line.rule or "") and "B10=miss" in line.text
               and "on the right of" in line.text for line in ctx.lines)


def test_an_odd_miss_with_nobody_on_the_left_misses():
    state = group(0.5)
    target = needed(state)
    die = target + 1 if (target + 1) % 2 else target + 2
    state["dice_queue"] = [die]
    assert resolve_shot(RS, state, Context(state, "a"), "a1", "b1") == []


def test_no_group_beyond_1_cm_nor_within_half_range_unless_touching():
    for state in (group(1.5), group(0.5, distance=40.0)):
        ctx = Context(state, "a")
        state["dice_queue"] = [20]
        resolve_shot(RS, state, ctx, "a1", "b1")
        assert not any("GA 8.10" in (line.rule or "") for line in ctx.lines)


def test_a_character_less_than_5_cm_in_front_takes_the_shot_instead():
    """GA 8.10.3, Example IX: a character on the line from the shooter to the figure
    hit (here the neighbour b2, hit by an even miss within 2), less than 5 cm in front of
    it, is hit instead."""
    y = 30 + 2.5 * (58 / 62)  # on the line from a1 (10, 30) to b2 (72, 32.5), at x = 68
    state = table("III", {"a1": (10, 30, 90, BOW), "b1": (72, 30, 270, {}),
                          "b2": (72, 32.5, 270, {}), "b3": (68, y, 270, {})})
    target = needed(state)
    die = target + 1 if (target + 1) % 2 == 0 else target + 2
    state["dice_queue"] = [die, 3]
    ctx = Context(state, "a")
    assert resolve_shot(RS, state, ctx, "a1", "b1") == [("b3", 3)]
    assert any(line.rule and "8.10.3" in line.rule and "in front of" in line.text
               for line in ctx.lines)
    old = table("III", {"a1": (10, 30, 90, BOW), "b1": (72, 30, 270, {}),
                        "b2": (72, 32.5, 270, {}), "b3": (68, y, 270, {})})
    old["legacy"] = {"interposed": False}  # a game of version 0.2: left to the players
    old["dice_queue"] = [die, 3]
    assert resolve_shot(RS, old, Context(old, "a"), "a1", "b1") == [("b2", 3)]
