"""Guet-Apens combat (GA 7, 9, 10.1-10.3): the charge, initiative and its order, parry
markers, the blow of Arnault against Barthélemy, broken lances, damage. Numbers from
the rule book (COMBAT l.1508-1570, CORPS A CORPS l.1590-1900)."""

from __future__ import annotations

import pytest

from rulesets.guet_apens.model import events, melee


def test_arnault_against_barthelemy():
    """GA 9.10.4, l.1857-1890: 15 + 12 - 13 (Agility) - 7 (on foot with shield) = 7;
    D20 5 hits; sword D6 4 - 2 (mail) = 2 LP."""
    test = melee.blow(15, 12, 13, ["foot_shield"], attacker="Arnault", defender="Barthélemy")
    assert test.target == 7
    assert test.rolled(5).success is True and test.rolled(8).success is False
    assert melee.weapon_die("sword") == 6
    assert melee.melee_damage([4], mail=True).lp == 2
    assert "GA 9.8.2" in test.text()


def test_initiative_order_example():
    """GA 9.4.4, l.1600: Amaury 21, Barthélemy 32, Charles 19 attack Vincent 24 ->
    Barthélemy, Vincent, Amaury, Charles."""
    order = melee.initiative_order({"Amaury": 21, "Barthélemy": 32, "Charles": 19,
                                    "Vincent": 24})
    assert order == [["Barthélemy"], ["Vincent"], ["Amaury"], ["Charles"]]


def test_ties_strike_together_and_automatic_or_no_initiative():
    """GA 9.4.5: equal numbers are simultaneous; GA 9.6: automatic initiative first,
    "no initiative" after."""
    order = melee.initiative_order({"A": 20, "B": 20, "C": 25, "D": 30},
                                   automatic=["A"], without=["D"])
    assert order == [["A"], ["C"], ["B"], ["D"]]
    assert melee.initiative_order({"A": 20, "B": 20}) == [["A", "B"]]


def test_initiative_modifiers():
    """GA 9.4.1, 9.5 (l.1652-1662): Agility + Courage + D4; horse poor -4 / good +4;
    two-handed -6; lance or war scythe +2."""
    assert melee.initiative(11, 9, 3).total == 23
    assert melee.initiative(11, 9, 3, horse_worth="good", weapon="lance").total == 29
    assert melee.initiative(11, 9, 3, horse_worth="poor").total == 19
    assert melee.initiative(11, 9, 3, weapon="two_handed_sword").total == 17
    assert melee.initiative(11, 9, 3, weapon="war_scythe").total == 25


def test_parry_maluses():
    """GA 9.7.2-9.7.3: one attacker -5, two -3, three -1, more 0. (a) three attack one
    who parries: all three first at -1; (b) one of them also parries: he rolls, the two
    others first at -3. Automatic initiative cancels parrying (GA 9.7.4)."""
    assert [melee.parry_malus(n) for n in (1, 2, 3, 4)] == [-5, -3, -1, 0]
    a = melee.markers("P", {"X": "A", "Y": "A", "Z": "A"})
    assert a.first == ("X", "Y", "Z") and a.malus == -1 and a.rolling == ()
    b = melee.markers("P", {"X": "A", "Y": "P", "Z": "A"})
    assert b.first == ("X", "Z") and b.malus == -3 and b.rolling == ("Y",)
    assert melee.markers("A", {"X": "A"}).rolling == ("X",)
    assert melee.markers("A", {"X": "P"}).defender_first == ("X",)
    assert melee.markers("P", {"X": "A"}, automatic=True).first == ()
    assert melee.blow(12, 12, 10, parried_by=2).target == 11


def test_charge_formula_and_effectiveness():
    """GA 9.1.2, l.1516: horse Agility + Skill - half the target horse's Agility
    (rounded up) - the target's Strength. GA 7.4, 7.9: effective after 12 cm (A and Y
    both over 12 cm: both resolve; 9 cm each: neither)."""
    test = melee.charge(26, 14, 21, 15)
    assert test.target == 26 + 14 - 11 - 15
    assert melee.charge_effective(13) and melee.charge_effective(12)
    assert not melee.charge_effective(9)


def test_broken_lance():
    """GA 9.2.2, l.1534: a charge needing 8 rolls 10: it fails and the lance breaks;
    charges break on 9-12, hand-to-hand on 10-11, whatever the number needed."""
    test = melee.charge(20, 10, 30, 7).rolled(10)
    assert test.target == 8 and test.success is False
    assert events.lance_breaks(10, charge=True)[0] is True
    assert [d for d in range(1, 21) if events.lance_breaks(d, charge=True)[0]] == [9, 10, 11, 12]
    assert [d for d in range(1, 21) if events.lance_breaks(d, charge=False)[0]] == [10, 11]
    assert events.lance_breaks(10, charge=False, knight=False,
                               readings={"B13": "knights"}) == (False, "knights")


def test_lance_malus_b15_and_abandon_b17():
    """GA 9.9 ***: rider with lance -6 in the 2nd mêlée turn (B15); GA 10.1: dropping
    the lance gives the adversary the initiative (FR) or not (EN, B17)."""
    assert melee.blow(12, 12, 10, rider_lance_turn=1).target == 14
    assert melee.blow(12, 12, 10, rider_lance_turn=2).target == 8
    assert melee.blow(12, 12, 10, rider_lance_turn=3).target == 8
    assert melee.blow(12, 12, 10, rider_lance_turn=3,
                      readings={"B15": "second_only"}).target == 14
    assert melee.abandon_lance() == (True, "fr")
    assert melee.abandon_lance({"B17": "en"}) == (False, "en")


def test_vital_aim_and_shield_factors():
    """GA 9.9 (l.1749-1758): vital -8, rider with shield -4, foot with shield -7,
    medium cover -5; no vital aim past 3/4 LP lost."""
    assert melee.blow(10, 10, 5, ["vital", "rider_shield", "medium_cover"]).target == -2
    with pytest.raises(ValueError):
        melee.blow(10, 10, 5, ["vital"], lost_over_three_quarters=True)


def test_unhorsing_and_horse_attack():
    """GA 10.2.2: a flat -5 instead of the tactical factors; GA 10.3.1: 1/3 of the
    horse's Agility (B18b nearest: 26 -> 9)."""
    assert melee.unhorsing(12, 12, 10).target == 9
    assert melee.horse_attack(12, 12, 26).target == 15
    assert melee.horse_attack(12, 12, 26, readings={"B18b": "down"}).target == 16


def test_damage_modifiers_b16():
    """GA 9.10.2: mail -2, gallop with lance +2, unconscious x3, vital part two dice;
    GA 10.4 held back: half, rounded down. B16 orders them."""
    assert melee.melee_damage([3], mail=True, unconscious=True).lp == 3
    assert melee.melee_damage([3], mail=True, unconscious=True,
                              readings={"B16": "multiply_then_add"}).lp == 7
    assert melee.melee_damage([1], mail=True).lp == 0
    assert melee.melee_damage([4, 6], gallop_lance=True).lp == 12
    assert melee.melee_damage([5], held_back=True).lp == 2
    assert melee.gallop_with_lance(20, 30) and not melee.gallop_with_lance(19, 30)


def test_weapon_dice_and_adversaries():
    """GA 9.10.1 (l.1772-1776), GA 9.3.1."""
    assert [melee.weapon_die(w) for w in ("club", "dagger", "lance", "spear", "flail",
                                         "mace", "axe", "two_handed_axe", "war_scythe")] == [
        4, 4, 6, 6, 8, 8, 8, 10, 10]
    assert melee.max_adversaries(False) == 4 and melee.max_adversaries(True) == 6


def test_automatic_initiative_example_xi():
    """GA 9.6, Example XI a (l.1701-1712): A, Agility 17 (run 23), hidden in a house,
    reaches V in 5 cm, under 1/3 of 23: automatic initiative. Crossing an obstacle
    gives it unless both are on it; a prone target too."""
    assert melee.automatic_initiative(hidden_reach_cm=5, own_move_cm=23) is not None
    assert melee.automatic_initiative(hidden_reach_cm=8, own_move_cm=23) is None
    assert melee.automatic_initiative(target_crossing=True) is not None
    assert melee.automatic_initiative(target_crossing=True, both_on_obstacle=True) is None
    assert melee.automatic_initiative(target_prone=True).startswith("GA 9.6.4")
    assert melee.automatic_initiative(survived_point_blank=True).startswith("GA 9.6.2")


def test_caught_refusing_combat():
    """GA 9.3.2: half Strength and Skill, rounded up."""
    assert melee.caught_refusing(15, 9) == (8, 5)
