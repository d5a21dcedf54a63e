"""Montjoie! Séquence 7 through the engine: expansion, attack legality, the red cards
played in one's own turn (Écorcheur, Ambassadeur), the turn passing on."""

from __future__ import annotations

from tests.montjoiecombat import combat_position, log_text, play, set_dice


def bretagne(**kw):
    game = combat_position("bretagne", cities={"rennes": ("bretagne", 1),
                                               "brest": ("bretagne", 1),
                                               "caen": ("navarre", 1)},
                           hands={"bretagne": kw.pop("hand", [])}, **kw)
    game.state["vars"]["stage"] = "expansion"
    return game


def legal(game, side):
    return [a.text() for a in game.ruleset.legal_actions(game.state, side)]


def test_expansion_offers_free_cities_by_road_and_one_by_sea():
    game = bretagne()
    offered = legal(game, "bretagne")
    assert "expand nantes rennes" in offered
    assert "expand caen rennes" not in offered  # Navarre's: attacked, never expanded to
    assert "expand-sea bordeaux brest" in offered
    assert "expand-sea nantes brest" in offered  # no road from Brest to Nantes
    assert offered[-1] == "end-expansion"


def test_two_expansions_not_both_from_one_city_and_one_by_sea():
    game = bretagne()
    play(game, "bretagne", "expand nantes rennes")
    offered = legal(game, "bretagne")
    assert not any(t.endswith(" rennes") for t in offered if t.startswith("expand"))
    play(game, "bretagne", "expand-sea cherbourg brest")
    assert not any(t.startswith("expand") and t != "end-expansion"
                   for t in legal(game, "bretagne"))
    v = game.state["vars"]
    assert v["cities"]["nantes"] == {"owner": "bretagne", "level": 1}
    assert v["turn_limits"]["expansions"]["bretagne"] == [["rennes", "nantes", "road"],
                                                          ["brest", "cherbourg", "sea"]]
    assert "Montjoie Séq. 7 phase 1, A7 (a)" in log_text(game)


def test_a7_reading_b_lets_the_second_expansion_start_from_the_first():
    game = bretagne(A7="b")
    play(game, "bretagne", "expand nantes rennes")
    assert "expand bordeaux nantes" in legal(game, "bretagne")
    game = bretagne()
    play(game, "bretagne", "expand nantes rennes")
    assert "expand bordeaux nantes" not in legal(game, "bretagne")


def test_attacks_need_two_yellows_and_never_target_free_cities():
    game = bretagne(hand=["canon"])
    play(game, "bretagne", "end-expansion")
    assert legal(game, "bretagne") == ["end-turn"]
    game = bretagne(hand=["canon", "echelles"])
    play(game, "bretagne", "end-expansion")
    offered = legal(game, "bretagne")
    assert "attack caen rennes" in offered
    assert not any(t.startswith("attack nantes") for t in offered)


def test_pope_protects_a_city():
    game = bretagne(hand=["canon", "echelles"])
    game.state["vars"]["pope"] = "caen"
    play(game, "bretagne", "end-expansion")
    assert "attack caen rennes" not in legal(game, "bretagne")


def test_ecorcheur_pillages_a_garrison_on_a_die_above_its_level():
    # A1 (a): a garrison (2 PC) falls to 3-6; A6 (a): 1 écu.
    game = bretagne(hand=["ecorcheur", "ecorcheur"])
    before = game.state["vars"]["treasury"]["bretagne"]
    set_dice(game, 2)
    play(game, "bretagne", "ecorcheur caen")
    assert game.state["vars"]["pillage"] == []
    set_dice(game, 3)
    play(game, "bretagne", "ecorcheur caen")
    v = game.state["vars"]
    assert v["pillage"] == ["caen"]
    assert v["treasury"]["bretagne"] == before + 1
    assert v["discard"] == ["ecorcheur", "ecorcheur"]
    assert "Montjoie Séq. 3 Écorcheur, A1 (a)" in log_text(game)


def test_ambassador_hero_and_outside_help():
    game = bretagne(hand=["ambassadeur", "ambassadeur"])
    set_dice(game, 4, 5)
    play(game, "bretagne", "ambassadeur")
    assert game.state["vars"]["heroes"]["bretagne"] == "active"
    set_dice(game, 3, 3)
    play(game, "bretagne", "ambassadeur")
    assert game.state["vars"]["hand_sizes"]["bretagne"] == 2


def test_ambassador_corruption_takes_a_city_on_a_die_above_its_level():
    game = bretagne(hand=["ambassadeur"])
    set_dice(game, 3, 2)
    play(game, "bretagne", "ambassadeur")
    assert legal(game, "bretagne") == ["corrompre caen"]
    set_dice(game, 5)
    play(game, "bretagne", "corrompre caen")
    assert game.state["vars"]["cities"]["caen"] == {"owner": "bretagne", "level": 1}
    assert game.state["vars"]["lost"]["navarre"] == [["caen", "bretagne", "corruption"]]


def test_ambassador_court_intrigue_makes_the_victim_lose_a_random_card():
    game = bretagne(hand=["ambassadeur"])
    v = game.state["vars"]
    v["hands"]["navarre"] = ["canon", "sape"]
    v["hand_sizes"]["navarre"] = 2
    set_dice(game, 6, 6)
    play(game, "bretagne", "ambassadeur")
    set_dice(game, 1)  # Navarre's private draw: the second card
    play(game, "bretagne", "intrigue navarre")
    assert game.state["vars"]["hands"]["navarre"] == ["canon"]
    assert game.state["vars"]["discard"] == ["ambassadeur", "sape"]


def test_the_turn_passes_in_order_and_the_sequence_ends_with_the_discard():
    game = bretagne()
    order = [n for n in game.state["vars"]["order"] if n in game.state["vars"]["nations"]]
    start = order.index("bretagne")
    for nation in order[start:]:
        assert game.state["vars"]["current"] == nation
        if game.state["vars"]["stage"] == "expansion":
            play(game, nation, "end-expansion")
        play(game, nation, "end-turn")
    assert game.state["phase"] != "joueurs" or game.state["vars"]["current"] is None


def test_chevauchee_attacks_any_enemy_city_without_terrain_bonus():
    # Séq. 6: Pampelune (a mountain) is far from Rennes; the Great Raid reaches it.
    game = bretagne(hand=["canon", "echelles", "ecorcheur"])
    v = game.state["vars"]
    v["cities"]["pampelune"] = {"owner": "navarre", "level": 1}
    v["hands"]["navarre"] = ["belier", "ecorcheur"]
    v["hand_sizes"]["navarre"] = 2
    v["chevauchee"] = "bretagne"
    play(game, "bretagne", "end-expansion")
    assert "attack pampelune rennes" not in legal(game, "bretagne")
    play(game, "bretagne", "chevauchee pampelune rennes")
    play(game, "bretagne", "lay canon")
    play(game, "bretagne", "lay echelles")
    play(game, "bretagne", "seal 0")
    play(game, "navarre", "lay belier")
    set_dice(game, 1, 1)
    play(game, "navarre", "seal 0")
    play(game, "bretagne", "pas-de-signe")
    play(game, "navarre", "pas-de-signe")
    assert game.state["vars"]["last_combat"]["totals"] == [10, 2 + 4 + 1]  # no mountain
    assert not any(t.startswith("chevauchee") for t in legal(game, "bretagne"))


def test_master_of_the_seas_may_stop_a_landing():
    game = bretagne(hand=["canon", "echelles"])
    v = game.state["vars"]
    v["cities"]["bordeaux"] = {"owner": "angleterre", "level": 1}
    v["master_of_seas"] = "angleterre"
    play(game, "bretagne", "end-expansion")
    play(game, "bretagne", "attack bordeaux brest")
    assert game.ruleset.deciding_sides(game.state) == ["angleterre"]
    play(game, "angleterre", "stop-landing")
    assert not game.state["flow"]
    assert game.state["vars"]["turn_limits"]["attacks"]["bretagne"] == [["brest", "bordeaux"]]
    assert game.state["vars"]["hands"]["bretagne"] == ["canon", "echelles"]
    assert "stops the landing" in log_text(game)


def test_ecorcheur_never_acts_on_the_allies_of_the_three_player_game():
    game = bretagne(hand=["ecorcheur"])
    game.state["vars"]["minors"]["navarre"] = "allie"
    assert "ecorcheur caen" not in legal(game, "bretagne")
