"""Montjoie! 9.0, two players: the minor powers in Séquence 7. After France and England,
the four minor powers play in the order drawn ("Les autres puissances ... sont tirées
aléatoirement"): a loyal ally is played by its player "comme votre puissance majeure"
(one expansion, one attack in Peace, with his own cards, his yellows taken back); a
neutral, played by the first player (A19), rolls for a construction, MUST expand, and
attacks at 6 + 1D6 ("Leur force est de 6 en attaque")."""

from __future__ import annotations

from rulesets.montjoie.model.cities import set_city
from tests.montjoiecombat import log_text, play, set_dice, to_sequence_7
from tests.montjoiehelpers import legal, new_game


def two_players(seed: int = 5):
    """France's combat phase in turn 1 (Peace): France at Bourges, England at Caen and
    Rouen; Flanders (France's loyal ally) at Paris; Burgundy (England's ally, disloyal
    this turn) at Mâcon; Brittany (neutral) at Rennes; Navarre off the board."""
    game = to_sequence_7(new_game("normale-2", seed=seed), seed=seed)
    state, rs = game.state, game.ruleset
    v = state["vars"]
    for city in list(v["cities"]):
        set_city(rs, state, city, None, 0)
    for city, owner in (("bourges", "france"), ("caen", "angleterre"),
                        ("rouen", "angleterre"), ("paris", "flandres"),
                        ("macon", "bourgogne"), ("rennes", "bretagne")):
        set_city(rs, state, city, owner, 1)
    v["ally_of"] = {"flandres": "france", "bourgogne": "angleterre"}
    v["minors"] = {"flandres": "allie", "bourgogne": "allie", "bretagne": "neutre",
                   "navarre": "neutre"}
    v["loyal"] = {"flandres": True, "bourgogne": False}
    v["order"] = ["france", "angleterre", "bretagne", "flandres", "bourgogne", "navarre"]
    for nation in v["nations"]:
        v["hands"][nation], v["hand_sizes"][nation] = [], 0
        v["influence"][nation] = 0
    v["hands"]["france"] = ["echelles", "canon"]
    v["hands"]["angleterre"] = ["belier"]
    v["hand_sizes"].update(france=2, angleterre=1)
    v["politics"], v["pope"], v["face_up"], v["pillage"] = "paix", None, {}, []
    v["turn_limits"]["expansions"], v["turn_limits"]["attacks"] = {}, {}
    v["current"], v["stage"] = "france", "combats"
    state["turn"], state["active"] = 1, "france"
    return game


def test_the_minor_powers_play_after_the_players_in_the_order_drawn():
    game = two_players()
    play(game, "france", "end-turn")
    play(game, "angleterre", "end-expansion")
    set_dice(game, 6)  # Brittany's construction roll: turn 1 builds on a 6 (9.0)
    play(game, "angleterre", "end-turn")
    # The neutral is played by the first player, France (A19 a).
    assert legal(game, "france") == ["neutral-build rennes"]
    play(game, "france", "neutral-build rennes")
    v = game.state["vars"]
    assert v["cities"]["rennes"] == {"owner": "bretagne", "level": 2}
    # It MUST expand: no "ally-no-expansion".
    offered = legal(game, "france")
    assert "ally-no-expansion" not in offered
    assert "ally-expand brest rennes road" in offered
    play(game, "france", "ally-expand brest rennes road")
    # Peace: one attack, optional; the neutral attacks at 6 + 1D6 (A19 a).
    assert "ally-rest" in legal(game, "france")
    play(game, "france", "ally-attack caen rennes")
    play(game, "angleterre", "lay belier")
    set_dice(game, 6, 1)
    play(game, "angleterre", "seal 0")  # his hand is empty: no red card to ask for
    assert game.state["vars"]["last_combat"]["totals"] == [6 + 6, 2 + 4 + 1]
    assert game.state["vars"]["cities"]["caen"]["owner"] == "bretagne"
    assert "neutral 6 + influence 0 + die 6 (Montjoie 9.0)" in log_text(game)


def test_a_loyal_ally_fights_with_its_players_cards_and_keeps_the_city():
    game = two_players()
    play(game, "france", "end-turn")
    play(game, "angleterre", "end-expansion")
    set_dice(game, 1)  # Brittany builds nothing
    play(game, "angleterre", "end-turn")
    play(game, "france", "ally-expand nantes rennes road")
    play(game, "france", "ally-rest")
    # Flanders, France's loyal ally: its expansion is optional, one attack in Peace,
    # fought with France's two yellow cards; never against France.
    offered = legal(game, "france")
    assert "ally-no-expansion" in offered
    play(game, "france", "ally-no-expansion")
    offered = legal(game, "france")
    assert "ally-attack rouen paris" in offered
    assert "ally-attack bourges paris" not in offered
    play(game, "france", "ally-attack rouen paris")
    play(game, "france", "lay canon")
    play(game, "france", "lay echelles")
    play(game, "france", "seal 0")
    set_dice(game, 6, 1)
    play(game, "angleterre", "lay belier")
    play(game, "angleterre", "seal 0")
    v = game.state["vars"]
    assert v["last_combat"]["totals"] == [6 + 3 + 6, 2 + 4 + 1]
    assert v["cities"]["rouen"]["owner"] == "flandres"
    # Burgundy failed its loyalty test: neutral this turn, it rolls and must expand.
    assert "Bourgogne (neutral): construction die" in log_text(game)
    set_dice(game, 1)
    if "neutral-build macon" in legal(game, "france"):
        play(game, "france", "neutral-build macon")
    assert "Bourgogne's turn, played by France (the neutral power" in log_text(game)
    offered = legal(game, "france")
    assert "ally-expand clermont macon road" in offered
    assert "ally-no-expansion" not in offered


def test_a_game_recorded_with_version_0_1_keeps_its_minor_powers_still():
    rs = new_game("normale-2").ruleset
    state = rs.setup("normale-2", 5, played_with="0.1")
    assert not rs.rule_on(state)
    assert rs.rule_on(rs.setup("normale-2", 5))


def test_the_minor_powers_start_unknown_is_asked_and_kept_in_game_data():
    # 9.0 does not print where the four minor powers start with 2 players.
    game = new_game("normale-2", seed=2)
    rs = game.ruleset
    for side, ally in (("angleterre", "bourgogne"), ("france", "navarre")):
        play(game, side, f"commit {ally}")
    while game.state["flow"] and game.state["flow"][-1]["step"] == "reveal":
        side = rs.deciding_sides(game.state)[0]
        play(game, side, legal(game, side)[0])
    assert game.state["flow"][-1]["step"] == "minor-start"
    first = game.state["flow"][-1]["vars"]["todo"][0]
    assert "minor-done" not in legal(game, "france")
    play(game, "france", "minor-city dijon")
    play(game, "france", "minor-city macon")
    play(game, "france", "minor-done")
    assert rs.owned(game.state, first) == ["dijon", "macon"]
    assert game.state["data"]["minor-start-2p"][first] == "dijon,macon"
    assert "given by the players, kept in Game data" in log_text(game)


def test_the_automatic_ally_is_chosen_again_in_secret_every_turn():
    # 9.0 option "allié automatique": no loyalty roll, but each turn each player
    # chooses in secret which of his two possible allies he plays.
    import random
    game = new_game("normale-2", seed=4, options=("automatic-ally",))
    game.initial["data"]["minor-start-2p"] = {"bourgogne": "dijon", "flandres": "bruges",
                                              "bretagne": "rennes", "navarre": "pau"}
    game.state["data"] = game.initial["data"]
    rs, rnd = game.ruleset, random.Random(4)
    while game.state["turn"] < 2 or game.state.get("phase") != "tresor" or \
            not game.state["flow"]:
        choices = [(s, a) for s in rs.deciding_sides(game.state)
                   for a in rs.legal_actions(game.state, s)]
        side, action = rnd.choice(choices)
        game.play(action, side=side)
    assert game.state["flow"][-1]["step"] == "secret-ally"
    play(game, "france", "commit flandres")
    play(game, "angleterre", "commit bretagne")
    while game.state["flow"] and game.state["flow"][-1]["step"] == "reveal":
        side = rs.deciding_sides(game.state)[0]
        play(game, side, legal(game, side)[0])
    v = game.state["vars"]
    assert v["ally_of"] == {"flandres": "france", "bretagne": "angleterre"}
    assert v["minors"]["navarre"] == v["minors"]["bourgogne"] == "neutre"
    assert "Allié automatique: France plays Flandres" in log_text(game)
    assert "Fidélité" not in log_text(game)


def test_a_player_builds_a_castle_on_his_loyal_allys_city():
    # 9.0: "Un joueur peut décider de construire des Châteaux ou des Remparts sur un
    # allié"; the city stays the ally's.
    game = two_players()
    state = game.state
    v = state["vars"]
    state["phase"], state["flow"] = "achats", [{"step": "achats", "side": "france",
                                                "vars": {}}]
    v["treasury"]["france"] = 20
    v["turn_limits"]["castles_built"] = {}
    offered = legal(game, "france")
    assert "build-castle paris" in offered and "build-castle macon" not in offered
    play(game, "france", "build-castle paris")
    assert v["cities"]["paris"] == {"owner": "flandres", "level": 2}


def test_mercenaries_move_two_cities_to_the_city_attacked():
    # 9.0 Les mercenaires: at each attack of the opponent a mercenary may move up to two
    # cities, by road (or port to port), through his or his ally's cities.
    game = two_players()
    v = game.state["vars"]
    set_city(game.ruleset, game.state, "evreux", "angleterre", 1)
    set_city(game.ruleset, game.state, "paris", "france", 1)
    v["mercenaries"] = {"evreux": 1, "caen": 2}
    v["hands"]["france"], v["hand_sizes"]["france"] = ["canon", "echelles"], 2
    play(game, "france", "attack rouen paris")
    offered = legal(game, "angleterre")
    assert offered == ["renfort caen", "renfort evreux", "sans-renfort"]
    play(game, "angleterre", "renfort caen")
    play(game, "angleterre", "renfort evreux")
    play(game, "angleterre", "sans-renfort")
    assert v["mercenaries"] == {"caen": 1, "rouen": 2}
    assert "[Montjoie 9.0 Les mercenaires]" in log_text(game)


def test_an_ambassador_kept_for_the_turn_makes_the_ally_loyal_without_a_roll():
    # 9.0: "Au lieu de tester la fidélité de votre allié, si vous possédez une carte
    # ambassadeur vous pouvez la jouer" (a card kept with 10.0 long-term strategy).
    game = two_players()
    state = game.state
    v = state["vars"]
    v["hands"]["france"], v["hand_sizes"]["france"] = ["ambassadeur"], 1
    v["treasury"].update(france=2, angleterre=0)
    state["flow"] = [{"step": "bribes", "side": "france", "sides": ["france", "angleterre"],
                      "vars": {}}]
    assert "commit ambassadeur:1" in legal(game, "france")
    play(game, "france", "commit ambassadeur:0")
    play(game, "angleterre", "commit 0:0")
    while state["flow"] and state["flow"][-1]["step"] == "reveal":
        side = game.ruleset.deciding_sides(state)[0]
        play(game, side, legal(game, side)[0])
    assert v["loyal"]["flandres"] is True
    assert v["hands"]["france"] == []
    assert "France plays an Ambassadeur: Flandres is on its side without a roll" in \
        log_text(game)
