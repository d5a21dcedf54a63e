"""Montjoie! Séquence 7 legality: expansion (phase 1) and attack (phase 2) on a toy map."""

from __future__ import annotations

from rulesets.montjoie.model.conquest import (
    FOREIGN,
    Geography,
    attacks,
    expansions,
    is_landing,
    why_not_attack,
    why_not_expand,
)

# brest - rennes - nantes ; rennes - caen ; caen - rouen ; ports: brest, nantes, bordeaux
GEO = Geography.of([("brest", "rennes"), ("rennes", "nantes"), ("rennes", "caen"),
                    ("caen", "rouen"), ("bordeaux", "bayonne")],
                   ports=["brest", "nantes", "bordeaux", "rouen"],
                   sea_zone={"brest": "atl", "nantes": "atl", "bordeaux": "atl",
                             "rouen": "manche"})
OWNER = {"brest": "bretagne", "rennes": "bretagne", "nantes": None, "caen": None,
         "rouen": "navarre", "bordeaux": "angleterre", "bayonne": FOREIGN}


def test_expansion_by_road_to_a_free_city():
    assert why_not_expand(GEO, OWNER, "bretagne", "rennes", "nantes", False, []) is None
    why = why_not_expand(GEO, OWNER, "bretagne", "brest", "nantes", False, [])
    assert why is not None and "no road" in why[0] and why[1] == "Montjoie Séq. 7 phase 1"


def test_expansion_never_to_an_owned_city_and_never_twice_from_one_city():
    why = why_not_expand(GEO, {**OWNER, "caen": "navarre"}, "bretagne", "rennes", "caen",
                         False, [])
    assert why is not None and "caen is not free" in why[0]
    done = [{"from": "rennes", "to": "nantes", "sea": False}]
    why = why_not_expand(GEO, OWNER, "bretagne", "rennes", "caen", False, done)
    assert why is not None and "same city" in why[0]


def test_two_expansions_a_turn_at_most():
    done = [{"from": "rennes", "to": "nantes", "sea": False},
            {"from": "brest", "to": "x", "sea": True}]
    assert "two expansions" in why_not_expand(GEO, OWNER, "bretagne", "brest", "caen",
                                              False, done)[0]


def test_a7_second_expansion_from_the_first_new_city_is_a_switch():
    owner = {**OWNER, "caen": "bretagne", "rouen": None}
    done = [{"from": "rennes", "to": "caen", "sea": False}]
    assert why_not_expand(GEO, owner, "bretagne", "caen", "rouen", False, done) is not None
    assert why_not_expand(GEO, owner, "bretagne", "caen", "rouen", False, done,
                          from_new_city=True) is None


def test_one_expansion_by_sea_from_a_port_to_a_port():
    owner = {**OWNER, "bordeaux": None}
    assert why_not_expand(GEO, owner, "bretagne", "brest", "bordeaux", True, []) is None
    assert "no port" in why_not_expand(GEO, owner, "bretagne", "rennes", "bordeaux", True,
                                       [])[0]
    done = [{"from": "brest", "to": "bordeaux", "sea": True}]
    owner["nantes"] = None
    why = why_not_expand(GEO, {**owner, "bordeaux": "bretagne"}, "bretagne", "brest",
                         "nantes", True, done)
    assert why is not None
    listed = expansions(GEO, owner, "bretagne", [])
    assert ("brest", "bordeaux", True) in listed and ("rennes", "nantes", False) in listed
    assert ("brest", "nantes", True) in listed  # no road brest-nantes: by sea


def test_limited_landings_keep_to_the_sea_zone():
    owner = {**OWNER, "rouen": None}
    assert why_not_expand(GEO, owner, "bretagne", "brest", "rouen", True, []) is None
    assert why_not_expand(GEO, owner, "bretagne", "brest", "rouen", True, [],
                          limited_landings=True) is not None


def test_attack_needs_two_yellows_a_link_and_an_enemy_city():
    owner = {**OWNER, "caen": "navarre"}
    assert why_not_attack(GEO, owner, "bretagne", "rennes", "caen", [], 2, False) is None
    assert "2 yellow" in why_not_attack(GEO, owner, "bretagne", "rennes", "caen", [], 1,
                                        False)[0]
    assert "free" in why_not_attack(GEO, OWNER, "bretagne", "rennes", "nantes", [], 3,
                                    False)[0]
    assert "neither by road" in why_not_attack(GEO, owner, "bretagne", "rennes", "rouen",
                                               [], 3, False)[0]


def test_foreign_troops_are_attacked_and_ports_attack_by_landing():
    assert why_not_attack(GEO, OWNER, "bretagne", "brest", "bordeaux", [], 2, False) is None
    assert is_landing(GEO, "brest", "bordeaux")
    assert not is_landing(GEO, "rennes", "caen")
    owner = {**OWNER, "rennes": "angleterre"}
    assert why_not_attack(GEO, owner, "angleterre", "rennes", "brest", [], 2, False) is None
    assert why_not_attack(GEO, {**OWNER, "bordeaux": "x"}, "x", "bordeaux", "bayonne", [],
                          2, False) is None


def test_one_attack_per_source_and_per_target_and_one_in_peace():
    owner = {**OWNER, "caen": "navarre"}
    made = [{"from": "rennes", "to": "caen"}]
    assert "already attacked" in why_not_attack(GEO, owner, "bretagne", "brest", "caen",
                                                made, 4, False)[0]
    assert "from a city" in why_not_attack(GEO, owner, "bretagne", "rennes", "rouen",
                                           made, 4, False)[0]
    assert "Peace" in why_not_attack(GEO, owner, "bretagne", "brest", "rouen", made, 4,
                                     True)[0]
    assert why_not_attack(GEO, owner, "bretagne", "brest", "rouen", made, 4, False) is None


def test_pope_protects_a_city_and_attacks_lists_every_legal_one():
    owner = {**OWNER, "caen": "navarre"}
    assert why_not_attack(GEO, owner, "bretagne", "rennes", "caen", [], 2, False,
                          protected=["caen"])[1] == "Montjoie Séq. 6"
    assert attacks(GEO, owner, "bretagne", [], 2, False) == [
        ("brest", "bordeaux"), ("brest", "rouen"), ("rennes", "caen")]
