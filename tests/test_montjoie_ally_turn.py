"""Montjoie! 9.0, three players: an ally's turn in Séquence 7, played by its controller
(expansion on 4-6, activity die in War, attacks at 5 + 1D6 with its controller's
influence, defence at 7 + 1D6)."""

from __future__ import annotations

from rulesets.montjoie.model.cities import set_city
from tests.montjoiecombat import log_text, play, set_dice, to_sequence_7
from tests.montjoiehelpers import new_game


def three_players():
    game = to_sequence_7(new_game("normale-3", seed=3), seed=3)
    state, rs = game.state, game.ruleset
    v = state["vars"]
    for city in list(v["cities"]):
        set_city(rs, state, city, None, 0)
    set_city(rs, state, "rennes", "bretagne", 1)
    set_city(rs, state, "caen", "angleterre", 1)
    set_city(rs, state, "bourges", "france", 1)
    set_city(rs, state, "dijon", "flandres", 1)
    v["ally_of"] = {"bretagne": "france", "navarre": "angleterre", "flandres": "bourgogne"}
    for nation in v["nations"]:
        v["hands"][nation] = []
        v["hand_sizes"][nation] = 0
        v["influence"][nation] = 0
    v["hands"]["angleterre"] = ["belier", "ecorcheur"]
    v["hand_sizes"]["angleterre"] = 2
    v["influence"]["france"] = 2
    v["politics"], v["pope"], v["allies_played"] = "guerre", None, []
    v["turn_limits"]["expansions"], v["turn_limits"]["attacks"] = {}, {}
    v["current"], v["stage"] = "france", "expansion"
    state["active"] = "france"
    return game


def legal(game, side):
    return [a.text() for a in game.ruleset.legal_actions(game.state, side)]


def test_an_ally_expands_rolls_its_activity_and_must_attack():
    game = three_players()
    assert "play-ally bretagne" in legal(game, "france")
    set_dice(game, 5)
    play(game, "france", "play-ally bretagne")
    play(game, "france", "ally-expand nantes rennes road")
    set_dice(game, 1)
    play(game, "france", "ally-activity")
    offered = legal(game, "france")
    # One attack, to be made (no "ally-rest"), even against France's own Bourges (9.0:
    # "même si elles doivent le conduire à s'attaquer").
    assert offered == ["ally-attack bourges nantes", "ally-attack caen nantes",
                       "ally-attack caen rennes"]
    play(game, "france", "ally-attack caen rennes")
    assert legal(game, "france") == ["seal 0", "seal 1", "seal 2"]
    play(game, "france", "seal 2")
    play(game, "angleterre", "lay belier")
    set_dice(game, 6, 1)
    play(game, "angleterre", "seal 0")
    play(game, "angleterre", "pas-de-signe")
    v = game.state["vars"]
    assert v["last_combat"]["totals"] == [5 + 2 + 6, 2 + 4 + 1]
    play(game, "angleterre", "pas-de-retraite")
    v = game.state["vars"]
    assert v["cities"]["caen"]["owner"] == "bretagne"
    assert v["cities"]["nantes"]["owner"] == "bretagne"
    assert v["influence"]["france"] == 0
    assert "play-ally bretagne" not in legal(game, "france")
    assert game.state["vars"]["stage"] == "expansion"  # France's own turn goes on
    assert "ally 5 + influence 2 + die 6" in log_text(game)


def test_an_ally_played_after_its_controller_ends_his_turn():
    game = three_players()
    play(game, "france", "end-expansion")
    set_dice(game, 1)
    play(game, "france", "play-ally bretagne")
    play(game, "france", "ally-rest")
    assert game.state["vars"]["current"] != "france"


def test_an_ally_defends_with_seven_a_die_and_its_controllers_influence():
    game = three_players()
    v = game.state["vars"]
    set_city(game.ruleset, game.state, "dijon", "bretagne", 1)
    set_city(game.ruleset, game.state, "macon", "bourgogne", 1)
    v["hands"]["bourgogne"] = ["canon", "echelles"]
    v["hand_sizes"]["bourgogne"] = 2
    v["current"], v["stage"] = "bourgogne", "combats"
    game.state["active"] = "bourgogne"
    play(game, "bourgogne", "attack dijon macon")
    play(game, "bourgogne", "lay canon")
    play(game, "bourgogne", "lay echelles")
    play(game, "bourgogne", "seal 0")
    assert game.ruleset.deciding_sides(game.state) == ["france"]
    set_dice(game, 3, 2)
    play(game, "france", "seal 1")
    assert game.state["vars"]["last_combat"]["totals"] == [6 + 3 + 3, 7 + 1 + 2]


def test_two_player_neutrals_defend_with_seven_and_their_fortification_above_a_garrison():
    from tests.montjoiecombat import to_sequence_7 as reach
    game = reach(new_game("normale-2", seed=2), seed=2)
    state, rs = game.state, game.ruleset
    v = state["vars"]
    for city in list(v["cities"]):
        set_city(rs, state, city, None, 0)
    neutral = next(n for n, kind in v["minors"].items() if kind == "neutre")
    set_city(rs, state, "macon", "france", 1)
    set_city(rs, state, "dijon", neutral, 2)
    v["hands"]["france"], v["hand_sizes"]["france"] = ["canon", "echelles"], 2
    v["influence"] = {n: 0 for n in v["influence"]}
    v["politics"], v["pope"], v["master_of_seas"] = "guerre", None, None
    v["turn_limits"]["expansions"], v["turn_limits"]["attacks"] = {}, {}
    v["current"], v["stage"] = "france", "combats"
    state["active"] = "france"
    play(game, "france", "attack dijon macon")
    play(game, "france", "lay canon")
    play(game, "france", "lay echelles")
    set_dice(game, 4, 3)
    play(game, "france", "seal 0")
    assert game.state["vars"]["last_combat"]["totals"] == [6 + 3 + 4, 7 + 2 + 3]
