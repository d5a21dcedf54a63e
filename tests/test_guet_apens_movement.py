"""Guet-Apens movement (GA 6, 7): allowances and costs from the rule book (MOUVEMENT
l.858-985, CHARGES l.1002-1075)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesets.guet_apens.model import movement


def test_example_agility_15():
    """GA 6.1.11, l.903: Agility 15 runs 21 cm, with a coat of mail 15, crawls 5."""
    assert movement.run(15)[0] == 21
    assert movement.run(15, mail=True)[0] == 15
    assert movement.crawl(15) == 5


def test_few_lp_and_riders_b3():
    """GA 6.1.3: 1 or 2 LP left: Agility only; B3: a rider in mail gallops his horse's
    Agility + 6 ("foot") or Agility only ("riders")."""
    assert movement.run(12, lp=2)[0] == 12 and movement.run(12, lp=3)[0] == 18
    assert movement.run(26, mail=True, mounted=True) == (32, "foot")
    assert movement.run(26, mail=True, mounted=True, readings={"B3": "riders"})[0] == 26


def test_walk_reverse_turns_and_mounting():
    """GA 6.1.2, 6.1.5, 6.1.7-6.1.9: walk 6; pack animals 12; reverse 6 -4/0/+4, on
    foot half the Agility; about-face 8 for a rider, free on foot; mount 8."""
    assert movement.walk() == 6 and movement.draught_run() == 12
    assert [movement.reverse(horse_worth=w) for w in ("poor", "average", "good")] == [2, 6, 10]
    assert movement.reverse(agility=13) == Fraction(13, 2)
    assert movement.about_face(True) == 8 and movement.about_face(False) == 0
    assert movement.mount() == 8
    assert movement.level_change(6, 4) == 10


def test_obstacles():
    """GA 6.3, l.970-985: light 4 or 6 (the unprinted table), medium 8, large 13,
    forbidden to horses and to Agility 5 or 6 (runs 11, 12)."""
    assert movement.obstacle_cost("medium") == 8
    assert movement.obstacle_cost("large") == 13
    assert movement.obstacle_cost("light", "hedge", {"hedge": 4}) == 4
    assert movement.obstacle_cost("light", "barrier") in (4, 6)
    with pytest.raises(ValueError):
        movement.obstacle_cost("light", "hedge", {"hedge": 5})
    assert not movement.may_cross_large(movement.run(5)[0])
    assert not movement.may_cross_large(movement.run(6)[0])
    assert movement.may_cross_large(movement.run(7)[0])
    assert not movement.may_cross_large(30, horse=True)


def test_paths_charges_and_loose_animals():
    """GA 4.4: +1/4 Agility; GA 7.6: 6 cm ahead then the horse's Agility; GA 7.3: a
    counter-charge after half the charger's move (Example II c: 26 -> 13 cm); GA 6.2:
    2D8, cm and direction."""
    assert movement.path_bonus(12) == 3
    assert movement.after_charge(26) == (6, 26)
    assert movement.counter_charge_starts(26) == 13
    assert movement.loose_animal(5, 1) == (5, 0.0)
    assert movement.loose_animal(3, 2, {2: 90.0})[1] == 90.0
