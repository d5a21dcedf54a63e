"""Guet-Apens shooting (GA 8): the book's general example, range quarters, reaction
times, stillness, group shots, natural 1 and 20. Numbers from the rule book (TIR,
l.1116-1500)."""

from __future__ import annotations

import pytest

from rulesets.guet_apens.model import shooting
from rulesets.guet_apens.model.d20 import Term, check


def test_general_example_skill_17_at_62_cm_behind_light_cover():
    """GA 8.8.6, l.1407-1409: short bow, moved 2/3 of his movement (immobile only 1/3:
    -5), target at 62 cm (3rd quarter of 100 cm: -4) behind light cover (-2): Skill 17
    - 11 = 6 or less. D20 5 hits; D6 5 -> 5 LP lost."""
    still = shooting.stillness_factor(14, 21)  # moved 2/3 of a 21 cm run
    assert still == "still_third"
    test = shooting.shot(17, 62, "short_bow", ["light_cover", still], shooter="archer")
    assert test.target == 6
    assert sorted(v for v, _ in test.modifiers) == [-5, -4, -2]
    assert test.rolled(5).success is True
    assert test.rolled(7).success is False
    assert shooting.shot_damage([5]).lp == 5
    assert "GA 8.8.1" in test.text() and "B7=upper" in test.text()


@pytest.mark.parametrize(("weapon", "distance", "quarter", "modifier"), [
    ("short_bow", 10, 1, 0), ("short_bow", 30, 2, -2), ("short_bow", 62, 3, -4),
    ("short_bow", 99, 4, -6), ("crossbow", 30, 1, 0), ("crossbow", 40, 2, -3),
    ("crossbow", 80, 3, -6), ("crossbow", 130, 4, -9), ("long_bow", 140, 4, -6),
    ("thrown", 4, 2, -2), ("thrown", 12, 4, -6),
])
def test_range_quarters(weapon, distance, quarter, modifier):
    """GA 8.7, l.1136-1142 and l.1251-1256: ranges 12 / 100 / 140 cm in quarters;
    bows and thrown 0/-2/-4/-6, crossbow 0/-3/-6/-9."""
    q, _ = shooting.range_quarter(distance, weapon)
    assert q == quarter
    assert shooting.range_modifier(q, weapon) == modifier


def test_quarter_boundary_b7_and_beyond_range():
    """GA 8.7, B7: 25 cm of a short bow is the 1st quarter ("upper") or the 2nd
    ("lower"); beyond 100 cm there is no shot."""
    assert shooting.range_quarter(25, "short_bow") == (1, "upper")
    assert shooting.range_quarter(25, "short_bow", {"B7": "lower"}) == (2, "lower")
    assert shooting.range_quarter(100, "short_bow", {"B7": "lower"})[0] == 4
    assert shooting.shot(15, 100.5, "short_bow") is None


def test_natural_one_and_twenty():
    """GA 0.2, l.1243-1245: required -5 still succeeds on a 1; required 23 still fails
    on a 20."""
    low = check("shot", "GA 0.2", [Term("Skill", 4, "x"), Term("factors", -9, "y")])
    high = check("shot", "GA 0.2", [Term("Skill", 19, "x"), Term("point-blank", 4, "y")])
    assert low.target == -5 and low.rolled(1).success and low.rolled(1).natural == "natural 1"
    assert high.target == 23 and high.rolled(20).success is False
    assert high.rolled(19).success is True and not low.rolled(2).success


def test_reaction_example_vi():
    """GA 8.6.1, Example VI l.1231-1233: V and W run 18 cm. V in view under 6 cm: no
    shot; W in view over 6 but under 12: the crossbowman may, the archer not."""
    assert not shooting.may_react("crossbow", 5, 18)
    assert not shooting.may_react("short_bow", 5, 18)
    assert shooting.may_react("crossbow", 8, 18)
    assert not shooting.may_react("short_bow", 8, 18)
    assert shooting.may_react("short_bow", 12, 18)


def test_leaving_a_melee_example_x():
    """GA 8.6.3, Example X l.1608-1612: A (18 cm) leaves V: V shoots once A has moved
    18 cm, archer X at 12, crossbowman Y at 6."""
    assert not shooting.may_shoot_leaver("short_bow", 17, 18, was_in_melee=True)
    assert shooting.may_shoot_leaver("short_bow", 18, 18, was_in_melee=True)
    assert shooting.may_shoot_leaver("long_bow", 12, 18, was_in_melee=False)
    assert not shooting.may_shoot_leaver("long_bow", 11, 18, was_in_melee=False)
    assert shooting.may_shoot_leaver("crossbow", 6, 18, was_in_melee=False)


def test_stillness():
    """GA 8.6.2: still 2/3 -> full effect; 1/3 -> -5; less -> -8."""
    assert shooting.stillness_factor(7, 21) is None
    assert shooting.stillness_factor(14, 21) == "still_third"
    assert shooting.stillness_factor(15, 21) == "snap"


def test_rate_of_fire_and_reloading():
    """GA 8.4: crossbow once a period, reloads by staying still two movement sequences
    (2 cm allowed); archers twice; thrown weapons B6."""
    assert shooting.shots_per_period("crossbow")[0] == 1
    assert shooting.shots_per_period("short_bow")[0] == 2
    assert shooting.shots_per_period("thrown", {"B6": "once"}) == (1, "once")
    count = shooting.reload_step(0, 2)
    assert count == 1 and shooting.reload_step(count, 0) == 2
    assert shooting.reload_step(1, 3) == 0


def test_point_blank_rider_cover_and_vital_aim():
    """GA 8.8.2-8.8.4: point-blank +8 at 5 cm and less, not against a charging rider;
    a rider behind large cover counts medium (-5); no vital aim past 3/4 LP lost."""
    assert shooting.shot(10, 5, "short_bow").target == 18
    assert shooting.shot(10, 5, "short_bow", charged_by_rider=True).target == 10
    assert shooting.shot(10, 10, "short_bow", ["large_cover"], target_mounted=True).target == 5
    assert shooting.shot(10, 10, "short_bow", ["large_cover"]).target == 2
    with pytest.raises(ValueError):
        shooting.shot(10, 10, "short_bow", ["vital"], lost_over_three_quarters=True)


def test_example_viii_factors():
    """GA 8.8.5, Example VIII: bush -2, running in profile -6, running toward -2,
    shield -5, rider and horse +2 (even roll: the horse), aiming at the rider -2."""
    for name, value in [("light_cover", -2), ("running_profile", -6), ("running_front", -2),
                        ("shield", -5), ("rider_and_horse", 2), ("aim_rider", -2)]:
        assert shooting.factor(name).value == value
    assert shooting.rider_or_horse(8) == "horse" and shooting.rider_or_horse(13) == "rider"


def test_group_shot_example_ix():
    """GA 8.10.6, Example IX: a snap shot at W needs 11; 13 misses W but is within 2
    and odd: V, on W's left seen from A, is hit; 14 misses entirely."""
    names, how = shooting.group_factors([])
    assert names == ["snap"] and how == "always"
    test = check("shot", "GA 8.8.1", [Term("Skill", 11, "A")])
    assert shooting.group_miss(test.rolled(13)) == ("left", "miss")
    assert shooting.group_miss(test.rolled(12))[0] == "right"
    assert shooting.group_miss(test.rolled(14))[0] is None
    assert shooting.group_miss(test.rolled(20))[0] is None
    assert shooting.group_miss(test.rolled(13), {"left": False})[0] is None
    assert shooting.group_rule_applies(60, "short_bow", bases_touching=False)
    assert not shooting.group_rule_applies(40, "short_bow", bases_touching=False)
    assert shooting.group_rule_applies(40, "short_bow", bases_touching=True)


def test_damage_dice_and_mail_b9():
    """GA 8.9: D6 thrown and short bow, D8 long bow and crossbow; two dice for a vital
    part; B9: mail -2 only with reading "yes"."""
    assert [shooting.damage_die(w) for w in shooting.WEAPONS] == [6, 6, 8, 8]
    assert shooting.shot_damage([3, 5]).lp == 8
    assert shooting.shot_damage([5], mail=True).lp == 5
    assert shooting.shot_damage([5], mail=True, readings={"B9": "yes"}).lp == 3
