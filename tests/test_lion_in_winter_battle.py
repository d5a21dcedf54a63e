"""Lion in Winter battle and siege formulas (crib Phase Three)."""

from __future__ import annotations

import doctest

import rulesets.lion_in_winter.battle as battle
from rulesets.lion_in_winter.battle import (
    battle_dice,
    battle_rating,
    bravery_modifier,
    count_hits,
    hits_covered,
    jeanne_pre_roll,
    siege_falls,
    siege_number,
)


def test_doctests():
    assert doctest.testmod(battle).failed == 0


def test_siege_number():
    assert siege_number(1, 3, 3, 0) == 4
    assert siege_number(3, 5, 2, 1) == 8
    assert siege_number(2, 2, 2, 7) == 3  # gunner points count at most 2
    assert siege_falls(5, 4) and not siege_falls(4, 4)


def test_battle_dice_with_and_without_longbowmen():
    assert battle_dice(2, [{"infantry": 5}], leaders=1) == 2
    assert battle_dice(4, [{"infantry": 1}], leaders=1) == 2  # strength limits
    assert battle_dice(2, [{"infantry": 3, "longbowmen": 3}], leaders=1) == 4
    assert battle_dice(3, [{"gunners": 3}], leaders=1) == 1  # gunners do not count


def test_robin_hood_and_bravery():
    assert battle_rating(2, "robin-hood", 1) == 3
    assert battle_rating(2, "robin-hood", 0) == 2
    assert battle_rating(2, "", 4) == 2
    assert bravery_modifier(5, 3) == 2 and bravery_modifier(3, 5) == 0
    assert count_hits([6, 5, 4, 1]) == 1
    assert count_hits([6, 5, 4, 1], modifier=2) == 3


def test_jeanne_pre_roll_and_hit_allocation():
    assert jeanne_pre_roll(1, 2) == "french-no-dice"
    assert jeanne_pre_roll(2, 2) == "normal"
    assert jeanne_pre_roll(6, 2) == "english-no-dice"
    assert hits_covered({"knights": 2}) == 4
    assert hits_covered({"mercenaries": 4}) == 1
    assert hits_covered({"infantry": 2, "longbowmen": 1}) == 3
    assert hits_covered({"knights:burgundy": 1, "mercenaries:brabant": 2,
                         "mercenaries:navarre": 1}) == 3
