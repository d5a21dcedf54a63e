"""Victory (13.2, 14.14, 14.24, 14.44) and the end of the scenario."""

from __future__ import annotations

from tests.dbhelpers import end_turn, new_game


def test_montfort_still_holding_the_four_capitals_wins_at_the_end_of_turn_2():
    game = new_game("14.1")  # Montfort starts with Rennes, Nantes, Brest and Gwened
    end_turn(game)
    assert game.state["turn"] == 2 and game.ruleset.outcome(game.state) is None  # 13.2
    end_turn(game)
    assert game.state["phase"] == "over"
    assert game.ruleset.outcome(game.state).startswith("Montfort wins: automatic victory")
    assert game.legal_actions() == []


def test_14_14_montfort_wins_if_blois_holds_neither_rennes_nor_nantes():
    game = new_game("14.1")
    end_turn(game)
    game.push("control brest blois")  # no automatic victory now
    end_turn(game)
    assert game.ruleset.outcome(game.state) == (
        "End of the scenario after turn 2: Montfort wins: Blois controls none of Rennes, "
        "Nantes")


def test_14_14_blois_wins_with_nantes():
    game = new_game("14.1")
    end_turn(game)
    game.push("control nantes blois")
    end_turn(game)
    assert "Blois wins, controlling Nantes" in game.ruleset.outcome(game.state)


def test_13_2_automatic_victory_not_at_the_end_of_turn_1():
    game = new_game("14.4")
    for city in ("rennes", "nantes", "brest", "gwened"):
        game.push(f"control {city} blois")
    end_turn(game)
    assert game.state["turn"] == 2 and game.state["phase"] == "action"  # turn 1 exempt
    end_turn(game)
    assert game.state["phase"] == "over"
    assert game.ruleset.outcome(game.state).startswith("Blois wins: automatic victory")
    assert "13.2" in game.log[-1].lines[-1].rule


def test_14_44_points_and_cities_or_a_tie():
    game = new_game("14.4")
    game.push("control brest blois")
    for _ in range(11):
        end_turn(game)
    assert game.state["phase"] == "over"
    # Montfort has 22 PV (not more than 25) and 3 of the four cities: a tie.
    assert game.ruleset.outcome(game.state).endswith("a tie: no side has the points and "
                                                     "the cities the scenario asks")
    game2 = new_game("14.4")
    game2.push("control brest blois")
    game2.push("score montfort 26")
    for _ in range(11):
        end_turn(game2)
    assert "Montfort wins with 26 PV and 3 of" in game2.ruleset.outcome(game2.state)


def test_13_2_the_opposing_leader_killed_after_the_enlisement_cards():
    game = new_game("14.4")
    game.push("control brest blois")  # no victory by the capitals
    game.push("eliminate charles-de-blois")  # killed (by hand)
    end_turn(game)
    assert game.ruleset.outcome(game.state) is None  # not before the Enlisement cards
    game.state["vars"]["plague_done"] = True  # as if the plague had struck (6.3)
    game.push("enlist")
    end_turn(game)
    assert game.ruleset.outcome(game.state) == (
        "Montfort wins: automatic victory, Charles de Blois killed or captured")


def test_13_2_jean_de_montfort_down_while_his_son_is_not_in_play():
    game = new_game("14.4")
    game.push("control brest blois")
    game.state["vars"]["plague_done"] = True  # as if the plague had struck (6.3)
    game.push("enlist")
    game.push("place jean-de-montfort prison-bro-chall")  # captured; the son not yet in play
    while game.state["phase"] == "action" and not game.state["flow"]:
        game.push("end")
    game.push("next-turn")
    while game.state["flow"]:  # nobody pays a ransom (12.2): "done" wherever offered
        done = [a for a in game.legal_actions() if a.verb == "done"]
        game.push(done[0] if done else game.legal_actions()[0])
    # The capitals do not count at the end of turn 1; the captured leader does.
    assert "Blois wins: automatic victory, Jean de Montfort or Jean de Montfort (son)" in \
        game.ruleset.outcome(game.state)
