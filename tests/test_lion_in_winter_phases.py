"""Lion in Winter Phase Nine (placing leaders and crowning a king) as each player's
legal actions, and the game length (user data)."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import put_piece
from rulesets.lion_in_winter import RULESET

_RULESET = RULESET()


def at_phase_nine(placed: dict[str, str], control: dict[str, str],
                  initiative: str = "english") -> Game:
    game = Game(_RULESET, "1183", 5)
    state = game.state
    for pid, piece in state["pieces"].items():
        if piece["loc"] in _RULESET.board_map.areas:
            put_piece(state, pid, "leader-pool")
    for pid, area in placed.items():
        put_piece(state, pid, area)
    state["control"] = dict.fromkeys(_RULESET.board_map.areas)
    state["control"].update(control)
    state["vars"]["initiative"] = initiative
    state["phase"] = "death"
    state["vars"]["death_checked"] = True
    game.push("next-phase")
    assert len(game.log) == 1 and game.state["phase"] == "place"
    return game


def texts(game: Game) -> set[str]:
    return {a.text() for a in game.legal_actions()}


def test_placing_leaders_in_order_and_places():
    game = at_phase_nine({"henry-ii": "brabant", "philip-ii": "ile-de-france"},
                         {"anjou": "english", "ile-de-france": "french", "london": "english"})
    routed = set(game.state["stacks"]["routed"])
    assert routed == {"richard-i", "william-marshal", "william-barres", "louis-viii",
                      "llywelyn", "wallace"}
    # Non-aligned leaders first, alternately, the non-initiative player (French) first.
    assert _RULESET.acting_side(game.state) == "french"
    assert all(t.split()[1] in ("llywelyn", "wallace") for t in texts(game))
    assert "place-leader wallace ile-de-france" in texts(game)   # French-controlled
    assert "place-leader wallace holland" in texts(game)         # neutral
    assert "place-leader llywelyn gwynedd" in texts(game)        # his home
    with pytest.raises(IllegalActionError, match="neither controlled") as err:
        game.push("place-leader wallace london")
    assert "Phase Nine" in str(err.value.rule)
    with pytest.raises(IllegalActionError, match="non-aligned leaders are placed first"):
        game.push("place-leader louis-viii ile-de-france")
    game.push("place-leader wallace ile-de-france")
    assert _RULESET.leader_side(game.state, "wallace") == "french"
    assert game.state["vars"]["troops"]["wallace"] == {}
    assert _RULESET.acting_side(game.state) == "english"  # alternately
    entry = game.push("place-leader llywelyn gwynedd")
    assert _RULESET.leader_side(game.state, "llywelyn") == "english"
    assert game.state["vars"]["troops"]["llywelyn"] == {"infantry": 2}  # home: = rank
    assert "home area" in entry.render()
    # Then the nIP's national leaders, then the IP's.
    assert _RULESET.acting_side(game.state) == "french"
    assert "place-leader william-barres anjou" not in texts(game)  # English-controlled
    game.push("place-leader william-barres orleanais")  # his home, nobody's
    entry = game.push("place-leader louis-viii brabant")  # neutral, an English leader there
    assert game.state["vars"]["aggressor"] == {"brabant": "french"}
    assert "Aggressor marker" in entry.render()
    assert _RULESET.acting_side(game.state) == "english"
    game.push("place-leader richard-i poitou")
    game.push("place-leader william-marshal anjou")
    assert texts(game) == {"next-phase"}  # Henry II is king: no crowning


def test_home_area_even_if_enemy_controlled_and_crowning():
    game = at_phase_nine({"philip-ii": "ile-de-france", "henry-ii": "dead"},
                         {"poitou": "french", "ile-de-france": "french"}, initiative="french")
    game.state["vars"]["king"]["english"] = "henry-ii"
    # Non-aligned first: the English (nIP) and the French alternately.
    game.push("place-leader wallace lothian")
    game.push("place-leader llywelyn holland")
    assert _RULESET.acting_side(game.state) == "english"
    assert "place-leader richard-i poitou" in texts(game)  # home, though French
    game.push("place-leader richard-i poitou")
    assert game.state["vars"]["troops"]["richard-i"] == {"infantry": 3}
    game.push("place-leader william-marshal gloucester")
    game.push("place-leader william-barres orleanais")
    game.push("place-leader louis-viii ile-de-france")
    # The English king is dead: the English crown a 3-star leader (their choice).
    assert _RULESET.acting_side(game.state) == "english"
    assert texts(game) == {"crown richard-i"}
    entry = game.push("crown richard-i")
    assert "Phase Nine" in entry.render()
    assert game.state["vars"]["king"]["english"] == "richard-i"
    assert texts(game) == {"next-phase"}


def test_game_length_unknown_by_default_ended_by_hand():
    assert _RULESET.scenario_data["1183"].rounds is None
    game = Game(_RULESET, "1183", 2)
    game.state["phase"] = "score"
    assert texts(game) == {"next-turn", "end-game"}
    game.state["score"] = {"english": 3, "french": -3}
    offer = game.push("end-game")  # the players end it together (0.4): the French agree
    assert "offer to end the game" in offer.render() and _RULESET.outcome(game.state) is None
    assert texts(game) == {"agree-end", "play-on"}
    entry = game.push("agree-end")
    assert "English win" in _RULESET.outcome(game.state)
    assert "ended by the players" in entry.render()
    assert game.legal_actions() == []


def test_game_length_as_data_ends_the_game_after_the_last_round():
    game = Game(_RULESET, "1183", 2)
    game.state["vars"]["rounds"] = 2
    game.state["phase"] = "assign"
    game.state["vars"]["done"] = ["english", "french"]
    game.push("next-phase")
    assert game.state["phase"] == "score" and _RULESET.outcome(game.state) is None
    assert texts(game) == {"next-turn"}
    game.push("next-turn")
    game.state["phase"] = "assign"
    game.state["vars"]["done"] = ["english", "french"]
    game.state["control"] = dict.fromkeys(game.state["control"])
    game.state["score"] = {"english": 0, "french": 0}
    entry = game.push("next-phase")
    assert "last round" in entry.render()
    assert _RULESET.outcome(game.state).startswith("Draw")
    assert game.legal_actions() == []


def test_window_offers_placing_recruiting_and_battles_on_menus():
    game = at_phase_nine({"henry-ii": "brabant"}, {"london": "english"}, initiative="french")
    # A routed leader dragged onto an area is placed by the rules; refused elsewhere.
    assert _RULESET.move_action(game.state, ["wallace"], "holland").verb == "place-leader"
    assert "place-leader wallace holland" in {
        a.text() for a in _RULESET.place_actions(game.state, "holland")}
    assert any(a.verb == "place-leader" for a in _RULESET.piece_actions(game.state,
                                                                       "wallace"))
    assert not any(a.verb == "place-leader" for a in _RULESET.flow_actions(game.state))
    game.state["phase"] = "deploy"
    game.state["active"] = "english"
    game.state["vars"]["done"] = []
    menu = {a.text() for a in _RULESET.place_actions(game.state, "brabant")}
    assert "recruit brabant mercenaries:brabant henry-ii" in menu
    game.state["phase"] = "raise"
    game.state["vars"]["raised"] = {}
    menu = {a.text() for a in _RULESET.place_actions(game.state, "london")}
    assert {"raise london knights", "raise london longbowmen", "raise london gunners"} <= menu


def test_charts_filled_in_a_game_apply_without_asking():
    game = Game(_RULESET, "1183", 2)
    assert {s.id for s in _RULESET.data_sheets()} == {"elimination", "leader-death"}
    assert game.state["data"]["elimination"]["5"] is None  # shipped unknown
    game.push("data elimination 5:value=captured")
    game.state["dice_queue"] = [5]
    entry = game.push("elimination-roll william-barres")
    assert "rolls 5 → captured" in entry.render()
    assert game.state["pieces"]["william-barres"]["loc"] == "prison-english"
    assert not game.state["flow"]
    game.state["dice_queue"] = [4]
    game.push("elimination-roll william-marshal")  # 4 still unknown: asked
    assert {a.text() for a in game.legal_actions()} == {
        "chart-result killed", "chart-result captured", "chart-result routed"}


def test_the_prompt_says_when_the_game_is_over():
    from boardapp.core.engine.game import Game
    from rulesets.lion_in_winter import RULESET

    game = Game(RULESET(), seed=7)
    rs = game.ruleset
    while rs.outcome(game.state) is None:
        actions = game.legal_actions()
        ends = [a for a in actions if a.verb in ("end-game", "agree-end")]
        game.push(ends[0] if ends else actions[-1] if game.state["phase"] != "impulses"
                  else next(a for a in actions if a.verb == "pass"))
    assert rs.prompt(game.state).startswith("Game over: ")
    assert rs.outcome(game.state) in rs.prompt(game.state)


def _kill_philip_and_score(played_with: str | None = None) -> Game:
    game = Game(_RULESET, "1183", 1, played_with=played_with)
    game.push("elimination-roll philip-ii")
    game.push("chart-result killed")
    while game.state["phase"] != "score":
        actions = game.legal_actions()
        ahead = [a for a in actions if a.verb in ("next-phase", "done", "pass")]
        game.push(ahead[0] if ahead else actions[0])
    return game


def test_a_game_recorded_before_0_3_scores_a_killed_king_as_it_was_played():
    """Version 0.2 scored a king killed and succeeded this turn as a leader only: a game
    recorded then replays to its score (the switch is outside the digest)."""
    game = _kill_philip_and_score(played_with="0.2")
    english = next(line.text for line in game.log[-1].lines
                   if line.text.startswith("English: "))
    assert "Philip II Augustus killed +2" in english and "enemy king" not in english
    assert game.state["legacy"] == {"Phase Eleven killed king": False,
                                    "the players end the game together": False}


def test_a_king_killed_this_turn_scores_as_king_after_a_successor_is_crowned():
    """Issue 13 point 4: crib Phase Eleven, "Leaders Killed in Battle (this turn) ...
    Enemy King = +1VP": the king killed counts as king though Phase Nine crowned his
    successor before the score (Philip II, 3 stars: 2 + 1 = 3, not 2)."""
    game = Game(_RULESET, "1183", 1)
    assert game.state["vars"]["king"]["french"] == "philip-ii"
    game.push("elimination-roll philip-ii")
    game.push("chart-result killed")
    crowned = []
    while game.state["phase"] != "score":
        actions = game.legal_actions()
        ahead = [a for a in actions if a.verb in ("next-phase", "done", "pass")]
        action = ahead[0] if ahead else actions[0]
        if action.verb == "crown":
            crowned.append(action.text())
        game.push(action)
    assert "crown louis-ix" in crowned
    assert game.state["vars"]["king"]["french"] == "louis-ix"  # the successor (Phase Nine)
    lines = [line.text for line in game.log[-1].lines]
    english = next(t for t in lines if t.startswith("English: "))
    assert "Philip II Augustus killed +3 (enemy king +1)" in english
    assert game.state["vars"]["killed"] == []  # scored once, then to the dead box
    assert game.state["pieces"]["philip-ii"]["loc"] == "dead"


def test_the_other_side_may_play_on_rather_than_end_the_game():
    game = Game(_RULESET, "1183", 2)
    game.state["phase"] = "score"
    game.push("end-game")
    assert _RULESET.acting_side(game.state) == "french"
    entry = game.push("play-on", side="french")
    assert "play on" in entry.render() and "Turn 2" in entry.render()
    assert _RULESET.outcome(game.state) is None and game.state["phase"] == "initiative"


def test_a_game_recorded_before_0_4_ends_at_one_side_word():
    game = Game(_RULESET, "1183", 2, played_with="0.3")
    game.state["phase"] = "score"
    game.state["score"] = {"english": 3, "french": -3}
    entry = game.push("end-game")
    assert "ended by the players" in entry.render()
    assert "English win" in _RULESET.outcome(game.state)
