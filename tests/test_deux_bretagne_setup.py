"""Scenario 14.1 set up exactly as rules 14.11-14.13 say."""

from __future__ import annotations

from collections import Counter

from tests.dbhelpers import at, new_game

MONTFORT_COUNTIES = {"bro-leon", "bro-gernev", "bro-wened", "pays-nantais", "pays-rennais",
                     "pays-de-saint-malo"}
BLOIS_COUNTIES = {"bro-dreger", "pays-de-saint-brieuc", "pays-de-dol"}
BLOIS_EXCEPTIONS = {"kastell-nevez-ar-faou", "lesneven", "josselin", "le-gavre", "dinan",
                    "saint-malo", "fougeres", "vitre"}


def contents(game, place):
    return Counter(game.state["pieces"][p]["type"] for p in at(game, place))


def test_placements_14_11():
    game = new_game()
    expected = {
        "rennes": {"guillaume-de-cadoudal": 1, "montfort-me": 1, "montfort-mil": 2},
        "nantes": {"jean-de-montfort": 1, "montfort-ch-br": 1, "montfort-me": 2,
                   "montfort-mil": 2},
        "gwened": {"olivier-de-clisson": 1, "montfort-me": 1, "montfort-mil": 1},
        "machecoul": {"raoul-de-cahours": 1, "montfort-me": 1},
        "brest": {"montfort-mil": 1},
        "ploermel": {"montfort-me": 1},
        "anjev": {"charles-de-blois": 1, "blois-ch-fr": 2, "blois-me": 2},
        "josselin": {"alain-de-rohan": 1, "blois-ch-br": 1, "blois-me": 1},
        "gwengamp": {"herve-de-penhoet": 1, "blois-ch-br": 1, "blois-mil": 1},
        "saint-malo": {"blois-me": 1},
    }
    for place, pieces in expected.items():
        assert contents(game, place) == Counter(pieces), place
    on_map = {p for place, stack in game.state["stacks"].items()
              if place not in ("reserve", "eliminated") for p in stack}
    assert len(on_map) == sum(sum(v.values()) for v in expected.values())
    # "All units are at full capacity" (14.11); leaders on top of their stacks.
    assert not any(game.state["pieces"][p]["flipped"] for p in on_map)
    for place in expected:
        top = at(game, place)[0]
        if at(game, place, "leader"):
            assert game.ruleset.is_leader(game.state, top)


def test_control_14_11():
    game = new_game()
    bmap = game.ruleset.board_map
    assert {r for r, s in game.state["region_control"].items() if s == "montfort"} == \
        MONTFORT_COUNTIES
    assert {r for r, s in game.state["region_control"].items() if s == "blois"} == \
        BLOIS_COUNTIES
    for area in bmap.areas.values():
        if area.id in BLOIS_EXCEPTIONS or area.region in BLOIS_COUNTIES:
            assert game.state["control"][area.id] == "blois", area.id
        else:
            assert area.region in MONTFORT_COUNTIES
            assert game.state["control"][area.id] == "montfort", area.id
    # The exceptions are cities of Montfort counties, as 14.11 implies.
    assert all(bmap.areas[a].region in MONTFORT_COUNTIES for a in BLOIS_EXCEPTIONS)


def test_turn_score_hand_and_chits_14_13():
    game = new_game()
    state = game.state
    assert state["turn"] == 1
    assert game.ruleset.turn_label(1) == "turn 1 (1341)"
    assert state["score"] == {"blois": 5, "montfort": 22}
    assert state["vars"]["hands"] == {"blois": ["B-12"], "montfort": []}
    out = {"T5", "T6", "T8", "T13", "T15", "T17", "T18"}
    assert set(state["vars"]["chit_cup"]) == {f"T{i}" for i in range(1, 19)} - out
    assert state["active"] == "blois" and state["phase"] == "action"
    assert state["vars"]["last_turn"] == 2


def test_map_keeps_the_values_the_rules_give():
    bmap = new_game().ruleset.board_map
    assert bmap.approximate
    brest, rennes, hede = bmap.areas["brest"], bmap.areas["rennes"], bmap.areas["hede"]
    assert (brest.fortified, brest.nf) == (True, 2)  # 2.63
    assert (rennes.fortified, rennes.nf) == (True, 2)  # 10.13
    assert (hede.fortified, hede.nf) == (True, 1)  # 10.25
    assert not bmap.areas["malestroit"].fortified  # 9.5
    assert bmap.areas["malestroit"].region == "bro-wened"  # 9.5
    assert "josselin" in bmap.neighbours("malestroit")  # 9.5
    sb = bmap.regions["pays-de-saint-brieuc"]
    assert (sb.cities_needed, sb.vp) == (3, 2)  # 2.62
    assert sorted(bmap.region_areas("pays-de-saint-brieuc")) == \
        ["kintin", "lamballe", "moncontour", "saint-brieuc"]  # 3.3
    assert sorted(bmap.boxes["normandi"].links) == ["dol", "fougeres"]  # 2.64
    assert len(bmap.regions) == 9
    # Starting PV = the counties each side controls (14.13).
    vp = {r.id: r.vp for r in bmap.regions.values()}
    assert sum(vp[r] for r in BLOIS_COUNTIES) == 5
    assert sum(vp[r] for r in MONTFORT_COUNTIES) == 22
    names = {a.name for a in bmap.areas.values()}
    for city in ("Rennes", "Nantes", "Brest", "Gwened", "Malestroit", "Josselin", "Hédé",
                 "Saint-Brieuc", "Moncontour", "Lamballe", "Kintin", "Kastell Nevez ar Faou",
                 "Lesneven", "Le Gâvre", "Dinan", "Saint-Malo", "Fougères", "Vitré", "Machecoul",
                 "Ploërmel", "Gwengamp", "Karaez", "Fougeray", "Lannuon", "Combourg",
                 "La Guerche", "Châteaubriant", "Gwenrann", "Clisson", "Kastellin", "Montfort",
                 "Ancenis", "Dol"):
        assert city in names


def test_setup_14_3_the_black_boarhound():
    game = new_game("14.3")
    state, rs = game.state, game.ruleset
    assert state["turn"] == 7 and rs.turn_label(7) == "turn 7 (1353-56)"
    assert state["score"] == {"blois": 9, "montfort": 11}
    assert state["vars"]["hands"]["blois"] == ["B-28"]
    assert set(state["vars"]["chits_out"]) == {"T6", "T10"}
    assert rs.fortress_level(state, "brest") == 3  # "Brest: Fortress +1"
    # Raoul de Cahours fights for Blois (event B-03 played) and shows Blois's colour.
    assert rs.piece_side(state, "raoul-de-cahours") == "blois"
    assert rs.counter_face(state, "raoul-de-cahours").colour == rs.side("blois").colour
    assert state["pieces"]["raoul-de-cahours"]["loc"] == "gwenrann"
    # Rennes: Penhoët and his reduced Me inside, besieged by the Montfort army (siege 0).
    inside = set(state["vars"]["inside"])
    assert "herve-de-penhoet" in inside
    assert {p for p in at(game, "rennes") if rs.piece_side(state, p) == "blois"} == inside
    assert state["vars"]["sieges"]["rennes"]["side"] == "montfort"
    reduced = [p for p in at(game, "rennes") if rs.is_reduced(state, p)]
    assert [state["pieces"][p]["type"] for p in reduced] == ["blois-me"]
    # Marauders make their cities independent (3.1).
    for city in ("kastellin", "montfort", "ancenis"):
        assert state["control"][city] is None
        assert all(rs.piece_side(state, p) == "marauders" for p in at(game, city))
    assert [rs.is_reduced(state, p) for p in at(game, "montfort")] == [True, False]
    assert state["region_control"]["pays-nantais"] is None
    assert state["control"]["lannuon"] == "montfort"  # a Montfort city in a Blois county
    assert {"M-01", "M-02", "B-03"} <= set(state["vars"]["events"])
    assert "jean-de-normandie" in state["vars"]["leaders_out"]
    assert state["pieces"]["jean-de-normandie"]["loc"] == "reserve"
