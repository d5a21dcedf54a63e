"""Montjoie! 10.0, the national variants that act in a turn or a combat (France's free
Retraite, Brittany's die, Navarre's court intrigue, England's island) and Joan of Arc's
Signe de Dieu, played through the engine with set dice."""

from __future__ import annotations

from tests.montjoiecombat import combat_position, log_text, play, set_dice
from tests.montjoiehelpers import legal


def choose(game, *options: str):
    for option in options:
        game.state["data"]["options"][option]["chosen"] = True
    return game


def fight(game, attacker, target, source, attack, defender, defence, dice):
    play(game, attacker, f"attack {target} {source}")
    for kind in attack:
        play(game, attacker, f"lay {kind}")
    play(game, attacker, "seal 0")
    for kind in defence:
        play(game, defender, f"lay {kind}")
    set_dice(game, *dice)
    play(game, defender, "seal 0")


def test_france_takes_a_yellow_back_with_its_free_retreat_once_a_turn():
    # 10.0 France: "une carte retraite gratuite par tour de jeu"; France's hand is
    # empty once its cards are laid, yet it is asked.
    game = choose(combat_position("france", cities={"bourges": ("france", 1),
                                                    "clermont": ("bourgogne", 2)},
                                  hands={"france": ["canon", "echelles"],
                                         "bourgogne": ["belier", "ecorcheur"]}),
                  "national-variants")
    fight(game, "france", "clermont", "bourges", ["canon", "echelles"], "bourgogne",
          ["belier"], (1, 6))
    play(game, "bourgogne", "pas-de-signe")
    assert legal(game, "france") == ["retraite-libre canon", "retraite-libre echelles",
                                     "pas-de-retraite"]
    play(game, "france", "retraite-libre canon")
    assert legal(game, "france") == ["pas-de-retraite"]  # once a turn
    play(game, "france", "pas-de-retraite")
    v = game.state["vars"]
    assert v["face_up"]["france"] == ["canon"]
    assert "echelles" in v["discard"] and "canon" not in v["discard"]
    assert "[Montjoie 10.0 France]" in log_text(game)


def test_without_the_variants_france_with_an_empty_hand_is_not_asked():
    game = combat_position("france", cities={"bourges": ("france", 1),
                                             "clermont": ("bourgogne", 2)},
                           hands={"france": ["canon", "echelles"],
                                  "bourgogne": ["belier", "ecorcheur"]})
    fight(game, "france", "clermont", "bourges", ["canon", "echelles"], "bourgogne",
          ["belier"], (1, 6))
    play(game, "bourgogne", "pas-de-signe")
    assert game.state["flow"] == [] or "retraite-libre canon" not in legal(game, "france")


def test_brittany_rolls_one_die_of_its_combat_again_once_a_turn():
    game = choose(combat_position("bretagne", cities={"rennes": ("bretagne", 1),
                                                      "caen": ("angleterre", 1)},
                                  hands={"bretagne": ["canon", "echelles"],
                                         "angleterre": ["belier"]}),
                  "national-variants")
    fight(game, "bretagne", "caen", "rennes", ["canon", "echelles"], "angleterre",
          ["belier"], (1, 6))
    # 6 + 3 + 1 = 10 against 2 + 4 + 6 = 12: Brittany rolls England's die again.
    assert legal(game, "bretagne") == ["relance attacker", "relance defender",
                                       "pas-de-signe"]
    set_dice(game, 1)
    play(game, "bretagne", "relance defender")
    assert legal(game, "bretagne") == ["pas-de-signe"]
    play(game, "bretagne", "pas-de-signe")
    v = game.state["vars"]
    assert v["last_combat"]["totals"] == [10, 7]
    assert v["cities"]["caen"]["owner"] == "bretagne"
    assert "again: 6 → 1" in log_text(game)


def test_navarre_makes_one_court_intrigue_a_turn_a_red_card_first():
    game = choose(combat_position("navarre", cities={"pampelune": ("navarre", 1),
                                                     "caen": ("angleterre", 1)},
                                  hands={"angleterre": ["canon", "retraite"]}),
                  "national-variants")
    assert "intrigue-navarre angleterre" in legal(game, "navarre")
    play(game, "navarre", "intrigue-navarre angleterre")  # England's program loses it
    v = game.state["vars"]
    assert v["hands"]["angleterre"] == ["canon"]
    assert v["discard"] == ["retraite"]
    assert "intrigue-navarre angleterre" not in legal(game, "navarre")
    assert "[Montjoie 10.0 Navarre]" in log_text(game)


def test_joan_of_arc_brings_a_sign_of_god_on_her_first_activation():
    game = choose(combat_position("france", cities={"bourges": ("france", 1),
                                                    "clermont": ("bourgogne", 1)},
                                  hands={"france": ["ambassadeur", "canon", "echelles"],
                                         "bourgogne": ["belier"]}),
                  "joan-of-arc")
    set_dice(game, 4, 5)  # 9: the Hero (Séq. 3 Ambassadeur)
    play(game, "france", "ambassadeur")
    assert game.state["vars"]["extra"]["joan"] == "sign"
    play(game, "france", "attack clermont bourges")
    for kind in ("canon", "echelles", "heros"):
        play(game, "france", f"lay {kind}")
    play(game, "france", "seal 0")
    play(game, "bourgogne", "lay belier")
    set_dice(game, 1, 6)
    play(game, "bourgogne", "seal 0")
    # France's hand is empty, yet Joan's sign is offered after the reveal.
    assert "signe-jeanne attacker canon" in legal(game, "france")
    play(game, "france", "signe-jeanne attacker canon")
    v = game.state["vars"]
    # 12 + 3 + Hero 2 + die 1 = 18 against garrison 2 + mountain 1 + 4 + 6 = 13
    assert v["last_combat"]["totals"] == [18, 13]
    assert v["extra"]["joan"] == "used"
    assert "Jeanne d'Arc et le Signe de Dieu" in log_text(game)


def test_england_expands_twice_by_sea_when_its_country_is_an_island():
    def england(*options):
        game = choose(combat_position("angleterre", cities={"bayonne": ("angleterre", 1),
                                                            "bordeaux": ("angleterre", 1)},
                                      hands={}), *options)
        game.state["vars"]["stage"] = "expansion"
        play(game, "angleterre", "expand-sea montpellier bayonne")
        return game
    assert "expand-sea cherbourg bordeaux" not in legal(england(), "angleterre")
    game = england("island")
    play(game, "angleterre", "expand-sea cherbourg bordeaux")
    assert "Mon pays est une île" in log_text(game)


def test_a_player_attacked_by_foreign_troops_plays_his_red_cards():
    """Séq. 6: a player attacked by foreign troops "defends normally": his Hero (+2),
    then a Signe de Dieu on his card once the dice are rolled, and, the city lost, a
    Retraite to keep his card (Séq. 3)."""
    from rulesets.montjoie.model.cities import set_city
    from tests.test_montjoie_rules import foreign_step, fresh
    game = fresh()
    rs, state = game.ruleset, game.state
    foreign_step(game)
    city = rs.owned(state, "bourgogne")[0]
    set_city(rs, state, city, "bourgogne", 1)
    v = state["vars"]
    v["hands"]["bourgogne"] = ["echelles", "signe-de-dieu", "retraite"]
    v["hand_sizes"]["bourgogne"] = 3
    v["heroes"]["bourgogne"] = "active"
    game.push(f"foreign-attack {city}", side="france")
    assert "foreign-heros" in legal(game, "bourgogne")
    game.push("foreign-heros", side="bourgogne")
    game.state["dice_queue"] = [6, 1]  # 5 + 6 = 11 against 3 + 2 + 1 + Hero 2 = 8
    game.push("foreign-defend echelles 0", side="bourgogne")
    assert legal(game, "bourgogne") == ["foreign-signe", "foreign-sans-signe"]
    game.push("foreign-sans-signe", side="bourgogne")
    assert rs.owner(game.state, city) == "etrangers"
    assert game.state["vars"]["heroes"]["bourgogne"] == "inactive"
    assert legal(game, "bourgogne") == ["foreign-retraite", "foreign-sans-retraite"]
    game.push("foreign-retraite", side="bourgogne")
    assert game.state["vars"]["hands"]["bourgogne"] == ["echelles", "signe-de-dieu"]


def test_a_sign_of_god_against_foreign_troops_doubles_the_card():
    from rulesets.montjoie.model.cities import set_city
    from tests.test_montjoie_rules import foreign_step, fresh
    game = fresh()
    rs, state = game.ruleset, game.state
    foreign_step(game)
    city = rs.owned(state, "bourgogne")[0]
    set_city(rs, state, city, "bourgogne", 1)
    v = state["vars"]
    v["hands"]["bourgogne"] = ["canon", "signe-de-dieu"]
    v["hand_sizes"]["bourgogne"] = 2
    game.push(f"foreign-attack {city}", side="france")
    game.state["dice_queue"] = [6, 1]  # 11 against 6 + 2 + 1 = 9; doubled 15
    game.push("foreign-defend canon 0", side="bourgogne")
    game.push("foreign-signe", side="bourgogne")
    assert rs.owner(game.state, city) == "bourgogne"
    assert game.state["vars"]["hands"]["bourgogne"] == ["canon"]
    assert "15 (card 6, 0 PI, fortification 2, die 1, card doubled)" in \
        "\n".join(e.render() for e in game.log)


def test_the_player_with_the_fewest_pp_asks_the_pope_at_the_start_of_his_turn():
    # 10.0 Soutien du Pape (A25 a: at the start of his Séq. 7 turn): 1D6 4-6 gives a
    # papal ambassador, played like an Ambassadeur (Séq. 3); once a turn.
    game = choose(combat_position("france", cities={"bourges": ("france", 1)}, hands={}),
                  "papal-support")
    state = game.state
    state["score"] = {n: 3 for n in state["vars"]["nations"]}
    state["score"]["france"] = 1
    state["vars"]["stage"] = "expansion"
    assert "soutien-du-pape" not in legal(game, "angleterre")
    set_dice(game, 5, 4, 5)  # accepted; the ambassador's 4 + 5 = 9, the Hero
    play(game, "france", "soutien-du-pape")
    assert state["vars"]["heroes"]["france"] == "active"
    assert "soutien-du-pape" not in legal(game, "france")
    assert "die 5, a papal ambassador" in log_text(game)
    assert "[Montjoie 10.0 Soutien du Pape, A25 (a)]" in log_text(game)


def test_nobody_asks_the_pope_when_the_fewest_pp_are_tied():
    game = choose(combat_position("france", cities={"bourges": ("france", 1)}, hands={}),
                  "papal-support")
    game.state["score"] = {n: 0 for n in game.state["vars"]["nations"]}
    game.state["vars"]["stage"] = "expansion"
    assert "soutien-du-pape" not in legal(game, "france")


def test_a_city_is_sold_in_peace_at_its_least_price_never_paris():
    # 10.0 Vente de villes: 5 écus at least, 8 with a fortification; never Paris. A game
    # of 0.2, when the écus were public: the seller asked at most what the buyer had.
    game = choose(combat_position("france", cities={"bourges": ("france", 2),
                                                    "paris": ("france", 1),
                                                    "clermont": ("france", 1)},
                                  hands={}), "city-sales")
    game.state["legacy"] = {"secret-treasury": False}
    v = game.state["vars"]
    v["politics"] = "paix"
    v["treasury"].update(france=0, angleterre=8, bourgogne=6)
    offered = legal(game, "france")
    assert "vendre bourges angleterre" in offered
    assert "vendre bourges bourgogne" not in offered  # 8 écus for a castle
    assert not any(a.startswith("vendre paris") for a in offered)
    play(game, "france", "vendre clermont angleterre")
    assert legal(game, "france") == [f"prix {n}" for n in range(5, 9)] + ["refuser"]
    play(game, "france", "prix 6")
    assert legal(game, "angleterre") == ["acheter", "refuser"]
    play(game, "angleterre", "acheter")
    assert v["cities"]["clermont"]["owner"] == "angleterre"
    assert (v["treasury"]["france"], v["treasury"]["angleterre"]) == (6, 2)
    assert not any(a.startswith("vendre") for a in legal(game, "france"))  # one a turn
    assert "[Montjoie 10.0 Vente de villes]" in log_text(game)


def test_with_secret_ecus_the_seller_asks_blind_and_receives_the_price_himself():
    # 0.3: the seller cannot see the buyer's écus: he may offer to anyone, up to 30 over
    # the least price; the buyer accepts only what he can pay; the seller's own program
    # receives the price (an obligation, "encaisser").
    game = choose(combat_position("france", cities={"bourges": ("france", 2),
                                                    "clermont": ("france", 1)},
                                  hands={}), "city-sales")
    v = game.state["vars"]
    v["politics"] = "paix"
    v["treasury"].update(france=0, angleterre=8, bourgogne=6)
    offered = legal(game, "france")
    assert {"vendre bourges angleterre", "vendre bourges bourgogne"} <= set(offered)
    play(game, "france", "vendre clermont bourgogne")
    assert legal(game, "france") == [f"prix {n}" for n in range(5, 36)] + ["refuser"]
    play(game, "france", "prix 9")
    assert legal(game, "bourgogne") == ["refuser"]  # 6 écus: he cannot pay 9
    play(game, "bourgogne", "refuser")
    play(game, "france", "vendre clermont angleterre")
    play(game, "france", "prix 6")
    play(game, "angleterre", "acheter")
    assert v["cities"]["clermont"]["owner"] == "angleterre"
    assert (v["treasury"]["france"], v["treasury"]["angleterre"]) == (6, 2)
    assert [e.action.text() for e in game.log[-2:]] == ["acheter", "encaisser"]
    assert game.log[-1].side == "france"
