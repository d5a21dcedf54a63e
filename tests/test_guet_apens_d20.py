"""Guet-Apens D20 tests (GA 0.2): a natural 1 always succeeds, a natural 20 always fails,
else the roll must be at most the number needed; the test shows every term and its
source for the Table dock and the log."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulesets.guet_apens.model.d20 import Term, check, half_up, nearest


@given(st.integers(min_value=-30, max_value=40), st.integers(min_value=1, max_value=20))
def test_roll_under_with_natural_one_and_twenty(target, roll):
    """GA 0.2, l.1243-1245."""
    test = check("shot", "GA 0.2", [Term("Skill", target, "archer")]).rolled(roll)
    assert test.success is (roll == 1 or (roll != 20 and roll <= target))


def test_terms_sources_and_detail():
    """Each modifier with its source; zero modifiers left out; the readings named."""
    test = check("hand-to-hand blow", "GA 9.8.2",
                 [Term("Strength", 15, "Arnault"), Term("Skill", 12, "Arnault"),
                  Term("defender's Agility", -13, "Barthélemy"), Term("nothing", 0, "x")],
                 readings=[("B15", "from_second")])
    assert test.modifiers == [(12, "Skill (Arnault)"), (-13, "defender's Agility (Barthélemy)")]
    detail = test.rolled(20).detail()
    assert detail["target"] == 14 and detail["result"] == "failure"
    assert detail["natural"] == "natural 20" and detail["readings"] == {"B15": "from_second"}
    assert "B15=from_second" in test.text() and "(GA 9.8.2)" in test.text()
    assert test.result == "to roll" and test.success is None


def test_roundings():
    """GA 0.3: rounded up; to the nearest, halves up."""
    assert [half_up(v) for v in (7, 8, 21)] == [4, 4, 11]
    assert [nearest(v, 4) for v in (6, 10, 9)] == [2, 3, 2]
