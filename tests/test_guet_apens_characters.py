"""Guet-Apens characters and horses (GA 2, 3, 8.5, 13.1-13.2): generation, life points,
scenario limits, anonymous sets, horses, ammunition, lance bearers (PERSONNAGE
l.501-720, CHEVAL l.723-733, CAS PARTICULIERS l.2171-2200)."""

from __future__ import annotations

import pytest

from rulesets.guet_apens.model import characters


def dice(*faces: int):
    """A scripted ``roll(sides)`` giving ``faces`` in turn."""
    it = iter(faces)
    return lambda sides: next(it)


@pytest.mark.parametrize(("endurance", "lp"), [
    (4, 5), (7, 5), (8, 6), (9, 6), (10, 7), (11, 7), (12, 8), (13, 8), (14, 9), (15, 9),
    (16, 10), (17, 10), (18, 11), (19, 11)])
def test_life_points(endurance, lp):
    """GA 2.4, l.531-547: 5 LP plus the bonus 8-9 +1 ... 18-19 +6; the examples 7 -> 5,
    13 -> 8, 18 -> 11 (l.603-605)."""
    assert characters.life_points(endurance) == lp


def test_characteristics_3d6_plus_1():
    """GA 2.3, l.527-529: 3D6 + 1, so 4 to 19."""
    assert characters.characteristic(dice(1, 1, 1)) == 4
    assert characters.characteristic(dice(6, 6, 6)) == 19
    sheet = characters.roll_character(dice(*[4, 4, 3] * 5))
    assert sheet == {"ag": 12, "sk": 12, "co": 12, "st": 12, "en": 12, "lp": 8}
    with pytest.raises(ValueError):
        characters.characteristic(dice(7, 1, 1))


def test_scenario_limits_example():
    """GA 2.7, l.651-657 and 717-720: Agility max 10, Skill min 15: Agility 8 stays 8,
    12 -> 10; Skill 9 -> 15, 17 stays 17."""
    limits = {"ag": (None, 10), "sk": (15, None)}
    a = characters.apply_limits({"ag": 8, "sk": 9, "co": 10, "st": 10, "en": 10}, limits)
    b = characters.apply_limits({"ag": 12, "sk": 17, "co": 10, "st": 10, "en": 10}, limits)
    assert (a["ag"], a["sk"], b["ag"], b["sk"]) == (8, 15, 10, 17)


def test_limits_change_the_life_points_with_endurance():
    """GA 2.4, 2.7: the LP follow the clamped Endurance."""
    sheet = characters.apply_limits({"ag": 9, "sk": 9, "co": 9, "st": 9, "en": 9},
                                    {"en": (14, None)})
    assert sheet["en"] == 14 and sheet["lp"] == 9


def test_anonymous_sets_assigned_once_each():
    """GA 2.6 (b), l.640-647: roll sets, give each to a figure, keep them as rolled."""
    sets = characters.roll_sets(dice(*([6, 6, 6] + [1, 1, 1] * 4 + [2, 2, 2] * 5)), 2)
    assert sets[0]["ag"] == 19 and sets[1]["ag"] == 7
    given = characters.assign_sets(sets, ["archer", "peasant"], {"archer": 1, "peasant": 0},
                                   {"archer": {"sk": (15, None)}})
    assert given["peasant"]["ag"] == 19 and given["archer"]["sk"] == 15
    with pytest.raises(ValueError):
        characters.assign_sets(sets, ["a", "b"], {"a": 0, "b": 0})


@pytest.mark.parametrize(("agility", "worth"), [
    (14, "poor"), (19, "poor"), (20, "average"), (28, "average"), (29, "good"), (34, "good")])
def test_horse_worth(agility, worth):
    """GA 3.2, l.731-733: 14-19 poor, 20-28 average, 29-34 good."""
    assert characters.horse_worth(agility) == worth


def test_horse_agility_and_ammunition():
    """GA 3.1: 4D6 + 10 (14-34), clamped by a scenario's minimum; GA 8.5, l.1128: 5D4
    (5-20), scenario minimum or bonus."""
    assert characters.horse_agility(dice(1, 1, 1, 1)) == 14
    assert characters.horse_agility(dice(1, 1, 1, 1), (20, None)) == 20
    assert characters.ammunition(dice(4, 4, 4, 4, 4)) == 20
    assert characters.ammunition(dice(1, 1, 1, 1, 1), minimum=8) == 8
    assert characters.ammunition(dice(1, 1, 1, 1, 1), bonus=4) == 9


def test_lance_bearers_example():
    """GA 13.1.2, l.2181: a Baron, 7 knights, 4 mounted sergeants (who do not count):
    up to 3 bearers, 3 x D4 lances, at most 4 each."""
    assert characters.lance_bearers_allowed(1, 7) == 3
    assert characters.lance_reserve(dice(4, 4, 2), 3) == 10
    assert characters.share_lances(10, [4, 4, 2]) == [4, 4, 2]
    with pytest.raises(ValueError):
        characters.share_lances(10, [5, 3, 2])


def test_reserve_horses():
    """GA 13.2.3: D4 per 4 knights (Baron included), one squire per 3 horses."""
    assert characters.reserve_horses(dice(4, 3), 8) == (7, 3)


def test_equipment_default_is_a_data_sheet_value_edited_per_figure():
    """GA 2.8: standard equipment is not printed: a data-sheet default, changed per
    figure."""
    knight = characters.equipment("knight", {"shield": None})
    assert knight["shield"] is None and "lance" in knight["weapons"]
    assert characters.equipment("unknown troop")["weapons"] == []
