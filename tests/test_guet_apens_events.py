"""Guet-Apens special events (GA 10, 13.8): the unhorsing, horse-hit and knock-out
tables cell by cell, as printed (ÉVÉNEMENTS PARTICULIERS l.1939-1990, Assommer
l.2329-2335)."""

from __future__ import annotations

import pytest

from rulesets.guet_apens.model import events

UNHORSED = {1: "wounded", 2: "wounded", 3: "wounded", 4: "nothing", 5: "nothing",
            6: "nothing", 7: "nothing", 8: "nothing", 9: "nothing", 10: "stunned",
            11: "stunned", 12: "unconscious"}
"""l.1959: 1, 2 or 3 wounded, 4 to 9 nothing, 10 and 11 stunned, 12 unconscious."""


@pytest.mark.parametrize("die", range(1, 13))
def test_unhorsed_table(die):
    """GA 10.2.3: every face of the D12; wounded loses the die in LP and stays down one
    period defending with half; stunned stays down without defence; nobody gets up
    with the initiative."""
    fall = events.unhorsed(die)
    assert fall.result == UNHORSED[die]
    assert fall.lp_lost == (die if die <= 3 else 0)
    assert fall.periods_on_ground == (1 if die <= 3 or die in (10, 11) else 0)
    assert fall.defends == {"wounded": "halved", "stunned": "no"}.get(UNHORSED[die], "normal")
    assert fall.initiative_when_up is False


@pytest.mark.parametrize("die", range(1, 13))
def test_horse_killed_table(die):
    """GA 10.3.3, l.1978: the same, except 8 and 9: trapped under the horse."""
    fall = events.unhorsed(die, horse_killed=True)
    assert fall.result == ("trapped" if die in (8, 9) else UNHORSED[die])


SHOOTING = {1: "nothing", 2: "nothing", 3: "wounded", 4: "wounded", 5: "wounded",
            6: "dead", 7: "dead", 8: "dead"}
MELEE = {1: "nothing", 2: "nothing", 3: "wounded", 4: "wounded", 5: "wounded",
         6: "wounded", 7: "dead", 8: "dead", 9: "dead", 10: "dead"}
"""l.1973-1976: Tir 1-2 rien, 3-4-5 blessé, 6-7-8 mort; Corps à corps 1-2 rien,
3-4-5-6 blessé, 7-8-9-10 mort."""


@pytest.mark.parametrize("die", range(1, 9))
def test_horse_hit_by_shooting(die):
    """GA 10.3.2, shooting column."""
    assert events.horse_hit(die, melee=False) == SHOOTING[die]


@pytest.mark.parametrize("die", range(1, 11))
def test_horse_hit_in_hand_to_hand(die):
    """GA 10.3.2, hand-to-hand column."""
    assert events.horse_hit(die, melee=True) == MELEE[die]


def test_horse_states_b18():
    """GA 3.1: sound, gravely wounded or dead; B18 a second wound."""
    assert events.horse_state("sound", "nothing") == ("sound", "stays")
    assert events.horse_state("sound", "wounded")[0] == "wounded"
    assert events.horse_state("wounded", "wounded")[0] == "wounded"
    assert events.horse_state("wounded", "wounded", {"B18": "dies"})[0] == "dead"
    assert events.horse_state("sound", "dead")[0] == "dead"
    with pytest.raises(ValueError):
        events.horse_hit(9, melee=False)


@pytest.mark.parametrize(("die", "success", "extra"), [
    (1, False, 0), (2, False, 0), (3, True, 0), (4, True, 0), (5, True, 1), (6, True, 2)])
def test_knockout_table(die, success, extra):
    """GA 13.8, l.2335: 1 and 2 failed, 3 and 4 success, 5 success + 1 LP, 6 + 2 LP."""
    ko = events.knockout(die)
    assert (ko.success, ko.extra_lp) == (success, extra)


def test_trapped_rider_and_holding_back():
    """GA 10.3.4: two people free a trapped rider; GA 10.4: halved, rounded down."""
    assert events.freed(2) and not events.freed(1)
    assert [events.held_back(d) for d in (1, 2, 5, 6)] == [0, 1, 2, 3]


def test_blunted_swords_b26():
    """GA 14.6, B26: a D4 (FR) or the die divided by 4 (EN)."""
    assert events.blunted(6) == (4, 1, "d4")
    assert events.blunted(6, {"B26": "quarter"}) == (6, 4, "quarter")
