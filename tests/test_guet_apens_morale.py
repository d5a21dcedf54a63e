"""Guet-Apens morale (GA 12): triggers, the environment, the bands, flight and panic,
the rally (TEST MORAL, l.2041-2095)."""

from __future__ import annotations

import pytest

from rulesets.guet_apens.model import morale


@pytest.mark.parametrize(("total", "band"), [
    (20, "steady"), (9, "steady"), (8, "flight1"), (6, "flight1"), (5, "flight2"),
    (3, "flight2"), (2, "panic"), (-3, "panic")])
def test_result_bands(total, band):
    """GA 12.4, l.2075-2082: more than 8 nothing; 6 to 8 Flight I; 3 to 5 Flight II;
    less than 3 Panic."""
    assert morale.result(total) == band


@pytest.mark.parametrize(("friends", "enemies", "fallen", "total"), [
    (5, 2, 0, 4), (4, 2, 0, 2), (2, 5, 0, -4), (2, 4, 0, -2), (3, 3, 0, 0), (0, 0, 0, 0),
    (1, 0, 0, 4), (3, 3, 2, -2)])
def test_environment(friends, enemies, fallen, total):
    """GA 12.3, l.2066-2071: more than twice as many friends +4, enemies -4; more
    friends +2, enemies -2; -1 per fallen friend within 10 cm. B19 "highest": +4 does
    not add +2."""
    terms, how = morale.environment(friends, enemies, fallen)
    assert how == "highest"
    assert sum(t.value for t in terms) == total


def test_environment_stacking_b19():
    """GA 12.3, B19 "stack": +4 and +2 together."""
    terms, _ = morale.environment(5, 2, readings={"B19": "stack"})
    assert sum(t.value for t in terms) == 6


def test_morale_test_total():
    """GA 12.2: Courage 5 + D4 2, two friends against five enemies (more than twice as
    many: -4) = 3, Flight II (GA 12.4)."""
    tally = morale.check(5, 2, friends=2, enemies=5, who="Jean")
    assert tally.total == 3
    assert morale.result(tally.total) == "flight2"
    assert "GA 12.2" in tally.text() and "B19=highest" in tally.text()


def test_triggers_once_or_every_time():
    """GA 12.1: tests 1 and 2 once per game, 3 and 4 each time."""
    assert morale.due(["half_lp", "alone_vs_three"], taken=["half_lp"]) == ["alone_vs_three"]
    assert morale.due(["leader_down", "intervention"], taken=["intervention"]) == [
        "leader_down", "intervention"]


def test_flight_effects():
    """GA 12.4: Flight I in a mêlée backs 3 cm facing the enemy; out of one runs to the
    nearest light, medium or large cover until the end of the period; Flight II to
    medium or large cover for the game; Panic leaves by the nearest edge."""
    f1 = morale.flight("flight1", in_melee=True)
    assert f1.retreat_cm == 3 and not f1.back_to_enemy and f1.stays == "period"
    assert morale.flight("flight1", in_melee=False).run_to == ("light", "medium", "large")
    f2 = morale.flight("flight2", in_melee=True)
    assert f2.run_to == ("medium", "large") and f2.back_to_enemy and f2.stays == "game"
    assert not f2.shoots and not f2.initiative_if_caught
    assert morale.flight("panic", in_melee=False).stays == "leaves"


def test_rally_more_than_30():
    """GA 12.5, l.2092: Courage + rallier's Courage + rallier's Strength + D4 > 30."""
    tally, ok = morale.rally(8, 10, 10, 2)
    assert tally.total == 30 and ok is False
    tally, ok = morale.rally(8, 10, 10, 3)
    assert tally.total == 31 and ok is True


def test_lance_bearer_flees_under_six():
    """GA 13.1.4: a bearer fleeing on a morale result under 6 abandons everything."""
    assert morale.bearer_abandons_lances(5) and not morale.bearer_abandons_lances(6)
