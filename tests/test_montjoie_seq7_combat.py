"""Montjoie! Séquence 7, combats played through the engine with set dice (hot-seat).

The positions follow the scope's worked cases (E3-E6): France attacks from Bourges
(plain) Clermont (a mountain city) held by Bourgogne; the totals are the book's
arithmetic (Séq. 3, 4 and 7)."""

from __future__ import annotations

from tests.montjoiecombat import combat_position, log_text, play, set_dice

CASTLE, GARRISON = 2, 1
SPARE = "ecorcheur"
"""A card each combatant keeps, so that he is asked for Signe de Dieu and Retraite (a
player with an empty hand is not asked)."""


def clermont(defender_hand: list[str], attacker_hand: list[str], level: int = CASTLE,
             **kw):
    return combat_position("france", cities={"bourges": ("france", 1),
                                             "clermont": ("bourgogne", level),
                                             "dijon": ("bourgogne", 1)},
                           hands={"france": [*attacker_hand, SPARE],
                                  "bourgogne": [*defender_hand, SPARE]},
                           **kw)


def fight(game, attack: list[str], stake: int, defence: list[str], dice: tuple[int, int],
          target: str = "clermont", source: str = "bourges", defender: str = "bourgogne"):
    play(game, "france", f"attack {target} {source}")
    for kind in attack:
        play(game, "france", f"lay {kind}")
    play(game, "france", f"seal {stake}")
    for kind in defence:
        play(game, defender, f"lay {kind}")
    set_dice(game, *dice)
    play(game, defender, "seal 0")


def frame_vars(game):
    """The running combat's variables (the last combat's once it is over)."""
    flow = game.state["flow"]
    return flow[-1]["vars"] if flow else game.state["vars"]["last_combat"]


def test_attacker_wins_a_mountain_castle_and_keeps_his_yellows_face_up():
    # E3: Cannon 6 + Ladders 3 + 2 PI + die 4 = 15 against castle 4 + mountain 1 +
    # Ram 4 + die 5 = 14.
    game = clermont(["belier"], ["canon", "echelles"], influence={"france": 2})
    fight(game, ["canon", "echelles"], 2, ["belier"], (4, 5))
    play(game, "france", "pas-de-signe")
    play(game, "bourgogne", "pas-de-signe")
    assert frame_vars(game)["totals"] == [15, 14]
    play(game, "bourgogne", "pas-de-retraite")
    v = game.state["vars"]
    assert v["cities"]["clermont"] == {"owner": "france", "level": CASTLE}
    assert v["face_up"]["france"] == ["canon", "echelles"]
    assert v["discard"] == ["belier"]
    assert v["influence"]["france"] == 0
    assert game.ruleset.deciding_sides(game.state) == ["france"]
    text = log_text(game)
    assert "France 15" in text and "Bourgogne 14" in text and "[Montjoie Séq. 7]" in text


def test_felon_cancels_the_castle_and_the_mountain_bonus_stays():
    game = clermont(["belier"], ["canon", "echelles", "felon"], influence={"france": 2})
    fight(game, ["canon", "echelles", "felon"], 2, ["belier"], (4, 5))
    play(game, "france", "pas-de-signe")
    play(game, "bourgogne", "pas-de-signe")
    assert frame_vars(game)["totals"] == [15, 0 + 1 + 4 + 5]
    play(game, "bourgogne", "pas-de-retraite")
    assert sorted(game.state["vars"]["discard"]) == ["belier", "felon"]


def test_engineer_brings_the_castle_down_to_a_garrison():
    game = clermont(["belier"], ["canon", "echelles", "ingenieur"], influence={"france": 2})
    fight(game, ["canon", "echelles", "ingenieur"], 2, ["belier"], (4, 5))
    play(game, "france", "pas-de-signe")
    play(game, "bourgogne", "pas-de-signe")
    assert frame_vars(game)["totals"] == [15, 2 + 1 + 4 + 5]


def test_landing_adds_one_to_the_defence():
    # Nantes and Cherbourg are ports with no road between them: a landing.
    game = combat_position("france", cities={"nantes": ("france", 1),
                                             "cherbourg": ("angleterre", GARRISON)},
                           hands={"france": ["canon", "sape", SPARE],
                                  "angleterre": ["belier", SPARE]})
    play(game, "france", "attack cherbourg nantes")
    assert frame_vars(game)["landing"] is True
    for kind in ("canon", "sape"):
        play(game, "france", f"lay {kind}")
    play(game, "france", "seal 0")
    play(game, "angleterre", "lay belier")
    set_dice(game, 1, 1)
    play(game, "angleterre", "seal 0")
    play(game, "france", "pas-de-signe")
    play(game, "angleterre", "pas-de-signe")
    assert frame_vars(game)["totals"] == [6 + 5 + 1, 2 + 1 + 4 + 1]
    assert "by landing" in log_text(game)


def test_defender_without_yellow_cards_adds_fortification_and_die_only():
    # E5: a garrison in the mountain, no card: 2 + 1 + die 3 + 1 PI.
    game = clermont([], ["canon", "echelles"], level=GARRISON,
                    influence={"bourgogne": 1})
    play(game, "france", "attack clermont bourges")
    play(game, "france", "lay canon")
    play(game, "france", "lay echelles")
    play(game, "france", "seal 0")
    legal = [a.text() for a in game.ruleset.legal_actions(game.state, "bourgogne")]
    assert legal == ["seal 0", "seal 1"]
    set_dice(game, 1, 3)
    play(game, "bourgogne", "seal 1")
    play(game, "france", "pas-de-signe")
    play(game, "bourgogne", "pas-de-signe")
    assert frame_vars(game)["totals"] == [10, 2 + 1 + 3 + 1]


def test_defender_holding_a_yellow_card_must_lay_it():
    game = clermont(["echelles", "retraite"], ["canon", "echelles"])
    play(game, "france", "attack clermont bourges")
    play(game, "france", "lay canon")
    play(game, "france", "lay echelles")
    play(game, "france", "seal 0")
    legal = [a.text() for a in game.ruleset.legal_actions(game.state, "bourgogne")]
    assert legal == ["lay echelles"]


def test_sign_of_god_doubles_a_yellow_after_the_reveal():
    # E6: the Cannon counts 12.
    game = clermont(["belier"], ["canon", "echelles", "signe-de-dieu"])
    fight(game, ["canon", "echelles"], 0, ["belier"], (1, 6))
    assert frame_vars(game)["revealed"]["attacker"]["cards"] == ["canon", "echelles"]
    play(game, "france", "signe-de-dieu attacker canon")
    play(game, "bourgogne", "pas-de-signe")
    assert frame_vars(game)["totals"] == [12 + 3 + 1, 4 + 1 + 4 + 6]
    assert game.state["vars"]["cities"]["clermont"]["owner"] == "france"


def test_tie_discards_both_sides_keeps_the_city_and_kills_the_hero():
    # E4: 6 + 3 + die 3 + Hero 2 = 14 against garrison 2 + Sape 5 + die 6 + 1 PI = 14
    # (Dijon, a plain city).
    game = combat_position("france", cities={"macon": ("france", 1),
                                             "dijon": ("bourgogne", GARRISON)},
                           hands={"france": ["canon", "echelles", "retraite"],
                                  "bourgogne": ["sape", SPARE]},
                           influence={"bourgogne": 1}, heroes={"france": "active"})
    play(game, "france", "attack dijon macon")
    for kind in ("canon", "echelles", "heros"):
        play(game, "france", f"lay {kind}")
    play(game, "france", "seal 0")
    play(game, "bourgogne", "lay sape")
    set_dice(game, 3, 6)
    play(game, "bourgogne", "seal 1")
    play(game, "france", "pas-de-signe")
    play(game, "bourgogne", "pas-de-signe")
    assert frame_vars(game)["totals"] == [14, 14]
    assert frame_vars(game)["result"] == "tie"
    play(game, "bourgogne", "pas-de-retraite")
    play(game, "france", "retraite canon")  # the Cannon taken back, face up
    play(game, "france", "pas-de-retraite")
    v = game.state["vars"]
    assert v["cities"]["dijon"]["owner"] == "bourgogne"
    assert v["heroes"]["france"] == "inactive"
    assert sorted(v["discard"]) == ["echelles", "retraite", "sape"]
    assert v["face_up"]["france"] == ["canon"]
    assert "Tie" in log_text(game) and "Hero is killed" in log_text(game)


def test_winning_defender_takes_his_yellow_back_and_the_hero_survives():
    game = clermont(["canon"], ["echelles", "echelles"], heroes={"bourgogne": "active"})
    play(game, "france", "attack clermont bourges")
    play(game, "france", "lay echelles")
    play(game, "france", "lay echelles")
    play(game, "france", "seal 0")
    play(game, "bourgogne", "lay canon")
    play(game, "bourgogne", "lay heros")
    set_dice(game, 6, 1)
    play(game, "bourgogne", "seal 0")
    play(game, "france", "pas-de-signe")
    play(game, "bourgogne", "pas-de-signe")
    assert frame_vars(game)["totals"] == [12, 6 + 4 + 1 + 1 + 2]
    play(game, "france", "pas-de-retraite")
    v = game.state["vars"]
    assert v["heroes"]["bourgogne"] == "active"
    assert v["discard"] == ["echelles", "echelles"]
    assert v["pending"]["bourgogne"] == ["canon"]
    assert v["cities"]["clermont"]["owner"] == "bourgogne"


def test_felon_in_defence_strips_one_attacker_yellow_at_random():
    game = clermont(["belier", "felon"], ["canon", "echelles"])
    play(game, "france", "attack clermont bourges")
    play(game, "france", "lay canon")
    play(game, "france", "lay echelles")
    play(game, "france", "seal 0")
    set_dice(game, 0)  # the attacker's private draw among his 2 yellows: the first
    play(game, "bourgogne", "felon-defence")
    assert game.state["vars"]["facedown"]["france"] == ["echelles"]
    assert game.state["vars"]["discard"] == ["felon", "canon"]
    play(game, "bourgogne", "lay belier")
    set_dice(game, 2, 2)
    play(game, "bourgogne", "seal 0")
    play(game, "france", "pas-de-signe")
    play(game, "bourgogne", "pas-de-signe")
    assert frame_vars(game)["totals"] == [3 + 2, 4 + 1 + 4 + 2]


def test_other_players_pledge_influence_up_to_three_per_combatant():
    game = clermont(["belier"], ["canon", "echelles"],
                    influence={"france": 3, "angleterre": 2, "navarre": 3})
    play(game, "france", "attack clermont bourges")
    assert sorted(game.ruleset.deciding_sides(game.state)) == ["angleterre", "navarre"]
    play(game, "navarre", "soutien attacker 2")
    play(game, "angleterre", "soutien defender 2")
    play(game, "france", "lay canon")
    play(game, "france", "lay echelles")
    legal = [a.text() for a in game.ruleset.legal_actions(game.state, "france")]
    assert legal == ["seal 0", "seal 1"]  # 2 pledged: one more at most
    play(game, "france", "seal 1")
    play(game, "bourgogne", "lay belier")
    set_dice(game, 1, 1)
    play(game, "bourgogne", "seal 0")
    play(game, "france", "pas-de-signe")
    play(game, "bourgogne", "pas-de-signe")
    assert frame_vars(game)["totals"] == [6 + 3 + 3 + 1, 4 + 1 + 4 + 2 + 1]
    v = game.state["vars"]
    assert (v["influence"]["france"], v["influence"]["navarre"],
            v["influence"]["angleterre"]) == (2, 1, 0)


def test_winning_attacker_cannot_attack_again_with_his_face_up_yellows():
    game = clermont(["belier"], ["canon", "echelles"])
    game.state["vars"]["cities"]["macon"] = {"owner": "bourgogne", "level": 1}
    fight(game, ["canon", "echelles"], 0, ["belier"], (6, 1))
    play(game, "france", "pas-de-signe")
    play(game, "bourgogne", "pas-de-signe")
    play(game, "bourgogne", "pas-de-retraite")
    legal = [a.text() for a in game.ruleset.legal_actions(game.state, "france")]
    assert not any(t.startswith("attack") for t in legal)
    play(game, "france", "end-turn")
    assert game.state["vars"]["pending"]["france"] == ["canon", "echelles"]


def test_peace_allows_one_attack_a_turn():
    game = combat_position("france", cities={"bourges": ("france", 1),
                                             "paris": ("angleterre", 1),
                                             "clermont": ("bourgogne", 1)},
                           hands={"france": ["canon", "echelles", "sape", "belier"],
                                  "angleterre": [SPARE], "bourgogne": []})
    game.state["vars"]["politics"] = "paix"
    fight(game, ["canon", "echelles"], 0, [], (6, 1), target="paris",
          defender="angleterre")
    play(game, "france", "pas-de-signe")
    play(game, "angleterre", "pas-de-signe")
    legal = [a.text() for a in game.ruleset.legal_actions(game.state, "france")]
    assert legal == ["end-turn"]


def test_a_combatant_with_an_empty_hand_is_not_asked_after_the_reveal():
    game = combat_position("france", cities={"bourges": ("france", 1),
                                             "clermont": ("bourgogne", GARRISON)},
                           hands={"france": ["canon", "echelles"], "bourgogne": ["belier"]})
    fight(game, ["canon", "echelles"], 0, ["belier"], (1, 6))
    # Both hands are empty (their sizes are public): no Signe de Dieu, no Retraite asked.
    assert not game.state["flow"]
    assert game.state["vars"]["last_combat"]["totals"] == [10, 2 + 1 + 4 + 6]
    assert game.state["vars"]["pending"]["bourgogne"] == ["belier"]


def test_foreign_troops_defend_with_five_their_garrison_and_a_die():
    # Séq. 6: "En défense la CC est de 5 P.C. + 2 P.C. de garnison + 1D6"; A15 (a): no
    # terrain bonus in a combat with foreign troops (Clermont is a mountain).
    game = combat_position("france", cities={"bourges": ("france", 1),
                                             "clermont": ("etrangers", GARRISON)},
                           hands={"france": ["canon", "echelles"]})
    play(game, "france", "attack clermont bourges")
    assert game.ruleset.place_markers(game.state)["clermont"] == ["Assaut"]
    play(game, "france", "lay canon")
    play(game, "france", "lay echelles")
    set_dice(game, 2, 3)
    play(game, "france", "seal 0")
    assert game.state["vars"]["last_combat"]["totals"] == [6 + 3 + 2, 5 + 2 + 3]
    assert game.state["vars"]["cities"]["clermont"]["owner"] == "france"
    assert "foreign troops 5 + fortification 2 + terrain 0 + die 3" in log_text(game)


def test_mercenaries_add_one_each_in_defence_and_die_when_the_city_falls():
    # 9.0 (two players' mercenaries, kept in vars["mercenaries"]): 1 PC each.
    game = clermont(["belier"], ["canon", "echelles"], level=GARRISON)
    game.state["vars"]["mercenaries"] = {"clermont": 2}
    fight(game, ["canon", "echelles"], 0, ["belier"], (6, 1))
    play(game, "france", "pas-de-signe")
    play(game, "bourgogne", "pas-de-signe")
    assert frame_vars(game)["totals"] == [15, 2 + 1 + 4 + 1 + 2]
    assert "clermont" not in game.state["vars"]["mercenaries"]
