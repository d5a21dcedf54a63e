"""Montjoie! combat arithmetic with set dice (Séq. 3, 4 and 7 of the French rule book).

Every expected number below comes from the book's printed values (the scope's worked
cases E3-E6, E9 and E11)."""

from __future__ import annotations

import pytest

from rulesets.montjoie.model.combat import (
    ATTACKER,
    CASTLE,
    CORRUPTION,
    COURT_INTRIGUE,
    DEFENDER,
    FORTRESS,
    FREE,
    GARRISON,
    HERO_RESULT,
    OUTSIDE_HELP,
    TIE,
    Commitment,
    Ground,
    Options,
    ambassador,
    attack_total,
    beats_fortification,
    defence_total,
    pillage_loot,
    settle,
    winner,
)

CANNON_LADDERS = Commitment(("canon-1", "echelles-2"), influence=2)
RAM = Commitment(("belier-1",))
CASTLE_MOUNTAIN = Ground(CASTLE, mountain=True)


def test_cards_influence_and_die_make_the_attack_total():
    assert attack_total(CANNON_LADDERS, die=4) == 6 + 3 + 2 + 4


def test_castle_in_the_mountain_adds_fortification_and_mountain():
    # E3: castle 4 + mountain 1 + Ram 4 + die 5 = 14, beaten by 15.
    assert defence_total(RAM, CANNON_LADDERS, CASTLE_MOUNTAIN, die=5) == 14
    assert winner(15, 14) == ATTACKER


def test_felon_cancels_the_fortification_but_not_the_mountain():
    felon = Commitment(CANNON_LADDERS.cards + ("felon-1",), influence=2, felon=True)
    assert defence_total(RAM, felon, CASTLE_MOUNTAIN, die=5) == 0 + 1 + 4 + 5


def test_engineer_lowers_a_castle_to_a_garrison():
    engineer = Commitment(CANNON_LADDERS.cards, engineer=True)
    assert defence_total(RAM, engineer, CASTLE_MOUNTAIN, die=5) == 2 + 1 + 4 + 5


def test_engineer_on_a_garrison_leaves_the_mountain_and_landing_bonuses():
    engineer = Commitment(CANNON_LADDERS.cards, engineer=True)
    ground = Ground(GARRISON, mountain=True, landing=True)
    assert defence_total(RAM, engineer, ground, die=1) == 0 + 1 + 1 + 4 + 1


def test_landing_adds_one_to_the_mountain_bonus():
    ground = Ground(CASTLE, mountain=True, landing=True)
    assert defence_total(RAM, CANNON_LADDERS, ground, die=5) == 4 + 1 + 1 + 4 + 5
    harder = Options(harder_landings=True)
    assert defence_total(RAM, CANNON_LADDERS, ground, die=5, options=harder) == 16


def test_defenders_engineer_cancels_the_attackers_by_default():
    engineer = Commitment(CANNON_LADDERS.cards, engineer=True)
    defence = Commitment(("belier-1", "ingenieur-1"), engineer=True)
    ground = Ground(FORTRESS)
    assert defence_total(defence, engineer, ground, die=2) == 6 + 4 + 2
    no_cancel = Options(engineer_cancels=False)
    assert defence_total(defence, engineer, ground, die=2, options=no_cancel) == 4 + 4 + 2
    in_defence = Options(engineer_in_defence=True)
    assert defence_total(defence, CANNON_LADDERS, ground, die=2, options=in_defence) == 14


def test_defender_without_yellow_cards_adds_fortification_die_hero_and_influence():
    bare = Commitment((), influence=1, hero=True)
    assert defence_total(bare, CANNON_LADDERS, Ground(GARRISON), die=3) == 2 + 3 + 1 + 2


def test_sign_of_god_doubles_one_yellow_card():
    doubled = Commitment(("canon-1", "echelles-2"), doubled=("canon-1",))
    assert attack_total(doubled, die=1) == 12 + 3 + 1


def test_influence_counts_at_most_three():
    assert attack_total(Commitment(("canon-1", "canon-2"), influence=5), die=1) == 16


def test_tie_discards_both_sides_keeps_the_city_and_kills_the_hero():
    # E4: 6 + 3 + die 3 + Hero 2 = 14 against garrison 2 + Sape 5 + die 6 + PI 1 = 14.
    attack = Commitment(("canon-1", "echelles-1", "heros-france"), hero=True)
    defence = Commitment(("sape-1",), influence=1)
    a = attack_total(attack, die=3)
    d = defence_total(defence, attack, Ground(GARRISON), die=6)
    assert (a, d) == (14, 14)
    assert winner(a, d) == TIE
    out = settle(TIE, attack, defence)
    assert not out.city_taken
    assert out.discard == {ATTACKER: ["heros-france", "canon-1", "echelles-1"],
                           DEFENDER: ["sape-1"]}
    assert out.heroes_killed == [ATTACKER]
    assert out.to_hand == {ATTACKER: [], DEFENDER: []}


def test_winning_attacker_keeps_yellows_face_up_and_loser_discards():
    attack = Commitment(("canon-1", "echelles-1", "felon-1"), felon=True)
    out = settle(ATTACKER, attack, Commitment(("belier-1",), hero=True))
    assert out.city_taken
    assert out.face_up[ATTACKER] == ["canon-1", "echelles-1"]
    assert out.discard == {ATTACKER: ["felon-1"], DEFENDER: ["belier-1"]}
    assert out.heroes_killed == [DEFENDER]


def test_winning_defender_returns_his_yellow_to_hand():
    out = settle(DEFENDER, CANNON_LADDERS, Commitment(("belier-1", "ingenieur-2")))
    assert out.to_hand[DEFENDER] == ["belier-1"]
    assert out.discard == {ATTACKER: ["canon-1", "echelles-2"], DEFENDER: ["ingenieur-2"]}
    assert not out.city_taken


@pytest.mark.parametrize(("total", "result"), [
    (2, CORRUPTION), (5, CORRUPTION), (6, OUTSIDE_HELP), (8, OUTSIDE_HELP),
    (9, HERO_RESULT), (10, HERO_RESULT), (11, COURT_INTRIGUE), (12, COURT_INTRIGUE)])
def test_ambassador_table(total, result):
    assert ambassador(total) == result


def test_ambassador_refuses_impossible_totals():
    with pytest.raises(ValueError):
        ambassador(13)


def test_pillage_and_corruption_need_a_die_above_the_fortification():
    # E11 under reading A1 (a), the PC value: garrison 2 needs 3-6, castle 4 needs 5-6.
    assert [d for d in range(1, 7) if beats_fortification(d, GARRISON, 2)] == [3, 4, 5, 6]
    assert [d for d in range(1, 7) if beats_fortification(d, CASTLE, 4)] == [5, 6]
    assert [d for d in range(1, 7) if beats_fortification(d, GARRISON, 1)] == [2, 3, 4, 5, 6]
    assert not any(beats_fortification(d, FORTRESS, t) for d in range(1, 7) for t in (3, 6))
    assert beats_fortification(1, FREE, 0)


def test_pillage_loot_by_reading_of_a6():
    assert [pillage_loot(lv, "a") for lv in (FREE, GARRISON, CASTLE)] == [1, 1, 2]
    assert pillage_loot(CASTLE, "c") == 1
