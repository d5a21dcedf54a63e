"""Guet-Apens campaign (GA 13.9): the book's recovery weeks (Récupération des points de
vie, l.2373-2395)."""

from __future__ import annotations

from rulesets.guet_apens.model import campaign

START = {"ag": 12, "sk": 15, "co": 9, "st": 18, "en": 11, "lp": 8}


def test_recovery_weeks_example():
    """GA 13.9.5: at 2 LP: week 1 Co 2 + St 5 + En 3 = 10 -> +1 (3 LP, no notch);
    week 2 -> 4 LP, the 1/2 column; week 3 5 + 9 + 6 = 20 -> +2 -> 6 LP; week 4
    7 + 14 + 8 = 29 -> 3 but capped: +2 -> 8 LP, whole again."""
    weeks = campaign.recover_weeks(START, 2, 3, 4)
    assert [w.score for w in weeks] == [10, 10, 20, 29]
    assert [w.gained for w in weeks] == [1, 1, 2, 2]
    assert [w.lp for w in weeks] == [3, 4, 6, 8]
    assert weeks[0].column == 3 and weeks[1].column == 2
    assert weeks[1].values == {"ag": 6, "sk": 8, "co": 5, "st": 9, "en": 6}
    assert weeks[2].values == {"ag": 9, "sk": 11, "co": 7, "st": 14, "en": 8}
    assert weeks[3].values == {"ag": 12, "sk": 15, "co": 9, "st": 18, "en": 11}
    assert campaign.is_whole(START, weeks[3].lp)


def test_witch_heals_two_weeks_in_one():
    """GA 14.10.6: the witch's troop heals as if two weeks had passed."""
    assert [w.lp for w in campaign.recover_weeks(START, 2, 3, 1, witch=True)] == [3, 4]


def test_day_of_battle():
    """GA 14.12.2 (b): a D4 of LP lost with the reductions of a wound (8 LP - 2 = 6:
    the 1/4 column)."""
    marks = campaign.day_of_battle(START, 2)
    assert marks.lp == 6 and marks.column == 1 and marks.values["st"] == 14
