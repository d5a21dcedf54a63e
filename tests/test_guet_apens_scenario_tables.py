"""Guet-Apens scenario tables (GA 14): VIII-1 entry periods, Scenario X's reinforcement
rolls, Scenario XII's drowning, Scenario IX's score, as the scenario booklet prints
them (l.3057, 3515-3523, 3673-3679, 4250-4252, 3311-3313)."""

from __future__ import annotations

import pytest

from rulesets.guet_apens.model import scenario_rules as sr


def test_viii_1_entry_example_and_b27():
    """GA 14.8.1, l.3059: A rolls 3, B 6 -> A enters period 1, B period 3 (the example;
    the English text would give 4: B27)."""
    assert sr.entry_periods(3, 6) == (1, 3, "example")
    assert sr.entry_periods(3, 6, {"B27": "text"}) == (1, 4, "text")
    assert sr.entry_periods(6, 3)[:2] == (3, 1)
    assert sr.entry_periods(4, 4)[:2] == (1, 1)


@pytest.mark.parametrize(("period", "faces"), [
    (2, [1]), (3, [1, 2]), (4, [1, 2, 3]), (5, [1, 2, 3, 4]), (6, [1, 2, 3, 4, 5])])
def test_verendois_reinforcements(period, faces):
    """GA 14.10.4, l.3515-3523: period 2 on 1 ... period 6 on 1-5; period 7 surely."""
    assert [d for d in range(1, 7) if sr.reinforcement_arrives(period, d)] == faces
    assert sr.reinforcement_arrives(7, None)
    assert not sr.reinforcement_arrives(1, 1)


def test_tower_reinforcements():
    """GA 14.10.6, l.3673-3679: period 1 on 1, 2 on 1-2, 3 on 1-4, then period 4."""
    got = [[d for d in range(1, 7) if sr.reinforcement_arrives(p, d, "tower")]
           for p in (1, 2, 3)]
    assert got == [[1], [1, 2], [1, 2, 3, 4]]
    assert sr.reinforcement_arrives(4, None, "tower")


def test_drowning():
    """GA 14.12.1, l.4252: all LP: drowns on 3-6; at least half: 2-6; less: surely."""
    assert [d for d in range(1, 7) if sr.drowns(d, 8, 8)] == [3, 4, 5, 6]
    assert [d for d in range(1, 7) if sr.drowns(d, 8, 4)] == [2, 3, 4, 5, 6]
    assert all(sr.drowns(d, 8, 3) for d in range(1, 7))


def test_pillage_score():
    """GA 14.9, l.3311-3313: the characteristics of the killed, leaders triple; a win
    needs 5 % more than one's own losses."""
    knight = {"ag": 14, "sk": 14, "co": 14, "st": 14, "en": 14, "lp": 9}
    archer = {"ag": 10, "sk": 16, "co": 9, "st": 10, "en": 10, "lp": 7}
    assert sr.pillage_losses([knight, archer], [True, False]) == 70 * 3 + 55
    assert sr.pillage_winner(105, 100) == "a"
    assert sr.pillage_winner(104, 100) == "draw"
    assert sr.pillage_winner(100, 210) == "b"
    assert sr.pillage_winner(0, 0) == "draw"
