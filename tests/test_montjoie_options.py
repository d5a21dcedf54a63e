"""Montjoie!: the long-term strategy of 10.0 (the other options Séquences 1-6 and 8
carry are in test_montjoie_rules), the status, and the duels of Séq. 6: the Great
Battle's coalitions from a fixed shuffle (the book's example) and the naval battle."""

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
    """The status: turn, sequence, political state, order, each player's PI, PP and
    cards (his écus only in his own Hand lines: they are secret from 0.3; in the status
    of a game of 0.2), this turn's events and their effects."""
    game = new_game("normale-4")
    play_until(game, "achats")
    rs, state = game.ruleset, game.state
    state["vars"]["events"] = ["pape"]
    state["vars"]["pope"] = "bretagne"
    lines = rs.status(state).lines
    assert lines[0].startswith("Tour 1 (normale), Séquence 4 : Achats; état politique:")
    assert any(line.startswith("France: ") and " PI, " in line and " PP " in line
               for line in lines)
    assert not any("écus" in line for line in lines)
    ecus = state["vars"]["treasury"]["france"]
    assert f"Trésor (treasury): {ecus} écus" in rs.secret_lines(state, "france")
    assert not any("écus" in line for line in rs.secret_lines(state, "angleterre")
                   if "France" in line)
    state["legacy"] = {"secret-treasury": False}
    assert any(line.startswith("France: ") and f" {ecus} écus, " in line
               for line in rs.status(state).lines)
    assert any("Intervention du Pape" in line and "Pape: Bretagne" in line for line in lines)


def great_battle(game, shuffle_dice: list[int]) -> Context:
    """Enter the Great Battle as the first player's event, the hero cards shuffled with
    ``shuffle_dice``."""
    state = game.state
    state["phase"] = "evenements"
    state["vars"].update(events_todo=[], foreign_done=True)
    state["flow"] = []
    state["dice_queue"] = list(shuffle_dice)
    rs = game.ruleset
    ctx = Context(state, "france")
    rs.flow.call(rs, state, ctx, "event", "france", event="grande-bataille")
    return ctx


def test_great_battle_coalitions_from_a_fixed_shuffle():
    """Séq. 6 Grande Bataille, the book's example: the hero cards drawn France, England,
    Burgundy, Brittany: 'les 2 premières cartes forment la coalition 1, les 2 suivantes
    forment la coalition 2'. Each duel winner +1 PP, each member of the winning
    coalition +1 PP more (A14 a: the n-th duels the n-th)."""
    game = new_game("normale-4")
    play_until(game, "achats")
    rs = game.ruleset
    v = game.state["vars"]
    for n in rs.players(game.state):
        v["hands"][n], v["hand_sizes"][n] = ["canon", "echelles"], 2
    v["pp_bonus"] = {}
    ctx = great_battle(game, [2, 2, 1])  # Fisher-Yates: France, England, Burgundy, Brittany
    line = next(ln.text for ln in ctx.lines if "coalition 1" in ln.text)
    frame = game.state["flow"][-2]
    assert frame["vars"]["coalitions"] == [["france", "angleterre"],
                                           ["bourgogne", "bretagne"]]
    assert frame["vars"]["pairs"] == [["france", "bourgogne"], ["angleterre", "bretagne"]]
    assert "coalition 1 France, Angleterre; coalition 2 Bourgogne, Bretagne" in line
    stakes = {"france": "canon:0", "bourgogne": "echelles:0", "angleterre": "canon:0",
              "bretagne": "echelles:0"}
    for side, stake in stakes.items():
        game.push(f"commit {stake}", side=side)
    game.state["dice_queue"] = [3, 3, 3, 3]  # 6+3 against 3+3 twice
    game.fulfil()
    bonus = game.state["vars"]["pp_bonus"]
    assert bonus == {"france": 2, "angleterre": 2}
    texts = [ln.text for e in game.log for ln in e.lines]
    assert any("winning coalition: France, Angleterre, +1 PP each" in t for t in texts)
    # The losers discard the card they staked, each with his own program.
    assert game.state["vars"]["hands"]["bourgogne"] == ["canon"]
    assert game.state["vars"]["hands"]["france"] == ["canon", "echelles"]


def test_naval_battle_between_the_two_players_with_most_ports():
    """Séq. 6 Bataille navale: the winner gains 1 PP and is Maître des mers; a tie
    (A13 a) discards both cards."""
    from rulesets.montjoie.model.cities import set_city
    game = new_game("normale-4")
    play_until(game, "achats")
    rs, state = game.ruleset, game.state
    ports = [c for c in rs.cities() if rs.is_port(c) and rs.owner(state, c) is None]
    for city in ports[:3]:
        set_city(rs, state, city, "bretagne", 1)
    for city in ports[3:5]:
        set_city(rs, state, city, "angleterre", 1)
    v = state["vars"]
    for n in rs.players(state):
        v["hands"][n], v["hand_sizes"][n] = ["sape"], 1
    v["pp_bonus"] = {}
    state["phase"] = "evenements"
    state["vars"].update(events_todo=[], foreign_done=True)
    state["flow"] = []
    rs.flow.call(rs, state, Context(state, "france"), "event", "france",
                 event="bataille-navale")
    assert sorted(game.state["flow"][-1]["sides"]) == ["angleterre", "bretagne"]
    game.push("commit sape:0", side="bretagne")
    game.push("commit sape:0", side="angleterre")
    game.state["dice_queue"] = [4, 4]
    game.fulfil()
    assert game.state["vars"]["pp_bonus"] == {}
    assert game.state["vars"]["hands"]["bretagne"] == []
    assert game.state["vars"]["master_of_seas"] is None


def test_two_player_political_state_is_rolled_by_turn():
    """9.0 (digest E15): turn 1 peace automatically; turns 2-3 peace on 1-3; turns 4-5
    and the sixth peace on 1-2. France and England alternate first place."""
    from rulesets.montjoie.steps.politics import PoliticsPhase
    game = new_game("normale-2")
    rs, state = game.ruleset, game.state
    frame = {"vars": state["vars"]}
    state["vars"]["truce_next"] = False
    for turn, die, expected in ((1, None, "paix"), (3, 4, "guerre"), (3, 3, "paix"),
                                (4, 2, "paix"), (5, 3, "guerre"), (6, 2, "paix")):
        state["turn"] = turn
        state["dice_queue"] = [] if die is None else [die]
        state["phase"], state["flow"] = "politique", []
        ctx = Context(state, "france")
        PoliticsPhase().begin(rs, state, frame, ctx, rs.flow)
        assert state["vars"]["politics"] == expected, (turn, die)
        assert ctx.lines[0].rule == "Montjoie 9.0"
    from rulesets.montjoie.steps.order import draw_order
    state["vars"]["first_history"] = ["france"]
    assert draw_order(rs, state, Context(state, "france"))[0][0] == "angleterre"
    state["vars"]["first_history"] = ["france", "angleterre"]
    assert draw_order(rs, state, Context(state, "france"))[0][0] == "france"


def test_two_player_mercenaries_hired_in_the_purchases():
    """9.0: 1D6 halved rounded up mercenaries may be hired, 2 écus each, on one's own (or
    loyal ally's) garrisons, at most 3 in a city; they leave at the end of the turn."""
    game = new_game("normale-2", ecus=20)
    game.push("commit navarre", side="france")
    game.push("commit bretagne", side="angleterre")
    game.fulfil()
    play_until(game, "achats")
    rs = game.ruleset
    side = game.state["active"]
    assert "hire-mercenaries" in legal(game)
    game.state["dice_queue"] = [5]
    game.play("hire-mercenaries")
    city = rs.owned(game.state, side)[0]
    before = game.state["vars"]["treasury"][side]
    for _ in range(3):
        game.play(f"place-mercenary {city}")
    assert game.state["vars"]["mercenaries"] == {city: 3}
    assert game.state["vars"]["treasury"][side] == before - 6
    assert not any(a.startswith("place-mercenary") for a in legal(game))  # 3 hired
    assert "Mercenaires 3" in rs.place_markers(game.state)[city]
