"""Montjoie!: optional rules of 10.0 that Séquences 1-6 and 8 carry (the national
variants, free start, turn balance and Paris Parliament are in test_montjoie_rules)."""

from __future__ import annotations

from boardapp.core.engine.context import Context
from tests.montjoiehelpers import legal, new_game, play_until


def test_long_term_strategy_keeps_one_red_card_counted_in_next_deal():
    """10.0 Stratégie à long terme: at the end of the turn a player may keep one unplayed
    red card; it is deducted from the cards he receives next turn. The choice is sealed."""
    game = new_game("normale-4", options=("long-term",))
    play_until(game, "joueurs")
    rs, state = game.ruleset, game.state
    v = state["vars"]
    for n in rs.players(state):
        v["hands"][n] = ["felon", "canon"]
        v["hand_sizes"][n] = 2
    from rulesets.montjoie.steps.sequence7 import end_of_sequence_7
    state["flow"] = []
    end_of_sequence_7(rs, state, Context(state, "france"), rs.flow)
    assert state["flow"][-1]["step"] == "keep-red"
    assert legal(game, "france") == ["keep-red felon", "keep-red aucune"]
    game.push("keep-red felon", side="france")
    assert rs.public_action(game.state, game.log[-1].action).text() == "keep-red ?"
    for n in rs.players(game.state):
        if n != "france":
            game.push("keep-red aucune", side=n)
    assert game.state["vars"]["hands"]["france"] == ["felon"]
    assert all(game.state["vars"]["hand_sizes"][n] == 0 for n in rs.players(game.state)
               if n != "france")
    play_until(game, "achats")
    due = 6 if game.state["vars"]["politics"] == "guerre" else 4
    assert game.state["vars"]["hand_sizes"]["france"] == due
    assert "felon" in game.state["vars"]["hands"]["france"]


def test_status_names_the_turn_politics_and_each_players_purse():
    """The status: turn, sequence, political state, order, each player's écus, PI, PP
    and cards, this turn's events and their effects."""
    game = new_game("normale-4")
    play_until(game, "achats")
    rs, state = game.ruleset, game.state
    state["vars"]["events"] = ["pape"]
    state["vars"]["pope"] = "bretagne"
    lines = rs.status(state).lines
    assert lines[0].startswith("Tour 1 (normale), Séquence 4 : Achats; état politique:")
    assert any(line.startswith("France: ") and " écus, " in line and " PI, " in line
               and " PP " in line for line in lines)
    assert any("Intervention du Pape" in line and "Pape: Bretagne" in line for line in lines)
