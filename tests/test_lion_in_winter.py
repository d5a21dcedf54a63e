"""Lion in Winter: initiative, impulses, border and naval limits, the movement condition,
control markers, charts asked of the players, scoring, set-up, random legal play."""

from __future__ import annotations

import random

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import canonical, put_piece
from rulesets.lion_in_winter import RULESET
from rulesets.lion_in_winter.rules import (
    decide_initiative,
    impulses_for,
    score_for_rank,
    score_for_value,
)

_RULESET = RULESET()


def new_game(seed: int = 1) -> Game:
    return Game(_RULESET, "1183", seed)


def impulses(game: Game, placed: dict[str, str], side: str = "english",
             control: dict[str, str | None] | None = None, left: int = 3) -> Game:
    """Clear the map, put the ``placed`` leaders, and start ``side``'s impulse."""
    state = game.state
    for pid, piece in state["pieces"].items():
        if piece["loc"] in _RULESET.board_map.areas:
            put_piece(state, pid, "leader-pool")
    for pid, area in placed.items():
        put_piece(state, pid, area)
    state["control"] = dict.fromkeys(_RULESET.board_map.areas)
    state["control"].update(control or {})
    state["phase"] = "impulses"
    state["active"] = side
    state["vars"]["initiative"] = side
    state["vars"]["impulses"] = {"english": left, "french": left}
    return game


def test_initiative_rule_and_impulses():
    assert decide_initiative(5, 2, None) == "english"
    assert decide_initiative(2, 5, "english") == "french"
    assert decide_initiative(3, 3, "french") == "french"   # tie: no change
    assert decide_initiative(3, 3, None) == "english"      # first round tie: English
    assert impulses_for(6, 1, "english") == {"english": 3, "french": 2}
    assert impulses_for(4, 5, "french") == {"french": 6, "english": 5}
    assert impulses_for(0, 3, "french") == {"french": 2, "english": 1}


def test_roll_initiative_first_round_tie_with_king_modifier():
    game = new_game()
    game.state["dice_queue"] = [4, 3]  # English 4; French 3 +1 king in Ile-de-France
    entry = game.push("roll-initiative")
    v = game.state["vars"]
    assert v["rolls"] == {"english": 4, "french": 4}
    assert v["initiative"] == "english"
    assert v["impulses"] == {"english": 6, "french": 5}
    assert game.state["phase"] == "impulses" and game.state["active"] == "english"
    text = entry.render()
    assert "French king in Ile-de-France" in text and "Phase One" in text


def test_initiative_modifiers_king_in_england_and_no_king():
    game = new_game()
    put_piece(game.state, "henry-ii", "london")
    game.state["vars"]["king"]["french"] = None
    game.state["vars"]["initiative"] = "french"
    game.state["dice_queue"] = [2, 4]  # English 2+1 = 3; French 4-1 = 3: tie
    game.push("roll-initiative")
    v = game.state["vars"]
    assert v["rolls"] == {"english": 3, "french": 3}
    assert v["initiative"] == "french"  # tie keeps the initiative
    assert v["impulses"] == {"french": 5, "english": 4}


@pytest.mark.parametrize(("dest", "kind", "limit"), [
    ("northumberland", "clear", 2), ("lincolnshire", "river", 3),
    ("lancashire", "obstructed", 1)])
def test_border_limits(dest, kind, limit):
    leaders = ["henry-ii", "richard-i", "william-marshal", "john"]
    game = impulses(new_game(), dict.fromkeys(leaders, "yorkshire"))
    assert _RULESET.board_map.link_kind("yorkshire", dest) == kind
    ok = _RULESET.check_move(game.state, leaders[:limit], dest)
    assert ok.legal, ok.reason
    too_many = _RULESET.check_move(game.state, leaders[:limit + 1], dest)
    assert not too_many.legal and kind in too_many.reason
    assert "Phase Two" in too_many.rule
    with pytest.raises(IllegalActionError):
        game.push(f"move {','.join(leaders[:limit + 1])} {dest}")
    game.push(f"move {','.join(leaders[:limit])} {dest}")
    assert all(game.state["pieces"][p]["loc"] == dest for p in leaders[:limit])


def test_leaders_carry_their_troops_and_impulses_alternate():
    game = impulses(new_game(), {"richard-i": "yorkshire", "philip-ii": "champagne"}, left=1)
    troops = dict(game.state["vars"]["troops"]["richard-i"])
    game.push("move richard-i lincolnshire")
    assert game.state["vars"]["troops"]["richard-i"] == troops
    assert game.state["active"] == "french"
    game.push("pass")
    assert game.state["phase"] == "battles"  # no impulses left
    assert "I3" in _RULESET.counter_face(game.state, "richard-i").tag


def test_a_player_with_impulses_left_goes_on_alone():
    game = impulses(new_game(), {"richard-i": "yorkshire"})
    game.state["vars"]["impulses"] = {"english": 2, "french": 0}
    game.push("pass")
    assert game.state["active"] == "english" and game.state["phase"] == "impulses"


def test_movement_condition():
    # 1 English against 1 French leader: 1 > 1 fails.
    game = impulses(new_game(), {"richard-i": "yorkshire", "philip-ii": "yorkshire"})
    verdict = _RULESET.check_move(game.state, ["richard-i"], "northumberland")
    assert not verdict.legal and "movement condition" in verdict.rule
    # 2 against 1: may move.
    put_piece(game.state, "henry-ii", "yorkshire")
    assert _RULESET.check_move(game.state, ["richard-i"], "northumberland").legal
    # ... but not with a French control marker there too: 2 > 1 + 1 fails.
    game.state["control"]["yorkshire"] = "french"
    assert not _RULESET.check_move(game.state, ["richard-i"], "northumberland").legal
    # A lone leader in an enemy-controlled area is held.
    game = impulses(new_game(), {"richard-i": "yorkshire"}, control={"yorkshire": "french"})
    assert not _RULESET.check_move(game.state, ["richard-i"], "lincolnshire").legal
    assert not any(a.verb == "move" for a in game.legal_actions())


def test_naval_limits():
    leaders = ["henry-ii", "richard-i", "william-marshal"]
    kinds = _RULESET.board_map
    assert kinds.link_kind("kent", "calais") == "sea"
    # To a friendly-controlled area: 2.
    game = impulses(new_game(), dict.fromkeys(leaders, "kent"), control={"calais": "english"})
    assert _RULESET.check_move(game.state, leaders[:2], "calais").legal
    assert not _RULESET.check_move(game.state, leaders, "calais").legal
    # To any other area: 1 ...
    game = impulses(new_game(), dict.fromkeys(leaders, "kent"), control={"calais": "french"})
    assert _RULESET.check_move(game.state, leaders[:1], "calais").legal
    assert not _RULESET.check_move(game.state, leaders[:2], "calais").legal
    # ... but the English move 2 from a friendly-controlled area.
    game.state["control"]["kent"] = "english"
    assert _RULESET.check_move(game.state, leaders[:2], "calais").legal
    # The French have no such allowance.
    french = ["philip-ii", "william-barres"]
    game = impulses(new_game(), dict.fromkeys(french, "calais"), side="french",
                    control={"calais": "french"})
    verdict = _RULESET.check_move(game.state, french, "kent")
    assert not verdict.legal and "naval" in verdict.reason


def test_aggressor_marker_and_remove_control():
    game = impulses(new_game(), {"richard-i": "yorkshire", "henry-ii": "yorkshire",
                                 "philip-ii": "lincolnshire"})
    game.push("move richard-i lincolnshire")
    assert game.state["vars"]["aggressor"] == {"lincolnshire": "english"}
    game = impulses(new_game(), {"richard-i": "yorkshire", "henry-ii": "yorkshire"},
                    control={"yorkshire": "french"})
    assert "remove-control yorkshire" in {a.text() for a in game.legal_actions()}  # 2 > 0+1
    game.push("remove-control yorkshire")
    assert game.state["control"]["yorkshire"] is None
    game = impulses(new_game(), {"richard-i": "yorkshire", "henry-ii": "yorkshire",
                                 "philip-ii": "yorkshire"}, control={"yorkshire": "french"})
    with pytest.raises(IllegalActionError):  # 2 > 1 + 1 fails
        game.push("remove-control yorkshire")


def test_elimination_chart_asks_the_players_and_scores_a_killed_leader():
    game = new_game()
    game.state["phase"] = "battles"
    game.state["dice_queue"] = [5]
    game.push("elimination-roll philip-ii")
    assert "rolled 5" in _RULESET.prompt(game.state)
    assert {a.text() for a in game.legal_actions()} == {
        "chart-result killed", "chart-result captured", "chart-result routed"}
    game.push("chart-result killed")
    assert game.state["pieces"]["philip-ii"]["loc"] == "elimination"
    points, _ = _RULESET.turn_points(game.state)
    base = impulses(new_game(), {})
    assert points["english"] >= 3  # a 3-star king: 2 + 1
    assert base.state["vars"]["killed"] == []


def test_captured_leader_goes_to_the_enemy_prison_and_scores_by_stars():
    game = new_game()
    game.push("elimination-roll william-barres")
    game.push("chart-result captured")
    assert game.state["pieces"]["william-barres"]["loc"] == "prison-english"
    game.state["control"] = dict.fromkeys(game.state["control"])
    points, lines = _RULESET.turn_points(game.state)
    assert points == {"english": 2, "french": 0}
    assert "in prison +2" in lines["english"][0]


def test_scoring_area_values_and_capitals():
    assert [score_for_value(v) for v in (3, 2, 1)] == [2, 1, 1]
    assert [score_for_rank(r) for r in (3, 2, 1)] == [2, 1, 1]
    game = impulses(new_game(), {}, control={"ile-de-france": "english", "london": "english",
                                             "kent": "french", "calais": "french"})
    points, _ = _RULESET.turn_points(game.state)
    assert points == {"english": 2 + 1 + 2, "french": 1 + 1}


def test_phase_eleven_is_zero_sum_and_next_turn():
    game = impulses(new_game(), {}, control={"london": "english"}, left=0)
    game.state["phase"] = "assign"
    game.push("next-phase")
    assert game.state["phase"] == "score"
    assert game.state["score"] == {"english": 2, "french": -2}
    game.push("next-turn")
    assert game.state["turn"] == 2 and game.state["phase"] == "initiative"


def test_death_check_leaves_troops_unassigned():
    game = impulses(new_game(), {"richard-i": "poitou"})
    game.state["phase"] = "death"
    game.push("death-check")
    game.push("chart-result dies")
    assert game.state["pieces"]["richard-i"]["loc"] == "dead"
    assert game.state["vars"]["unassigned"]["poitou"]["infantry"] == 3
    assert "death-check" not in {a.verb for a in game.legal_actions()}


def test_crown_a_three_star_leader_only_when_the_throne_is_empty():
    game = new_game()
    with pytest.raises(IllegalActionError):
        game.push("crown richard-i")  # Henry II is king
    put_piece(game.state, "henry-ii", "dead")
    with pytest.raises(IllegalActionError):
        game.push("crown william-marshal")  # 2 stars
    game.push("crown richard-i")
    assert game.state["vars"]["king"]["english"] == "richard-i"


def test_setup_is_valid():
    state = new_game().state
    bmap = _RULESET.board_map
    info = _RULESET.area_info
    assert set(info) == set(bmap.areas)
    assert set(bmap.link_kinds) == {"clear", "river", "obstructed", "sea"}
    assert all(1 <= a.value <= 3 for a in info.values())
    for area, side in state["control"].items():
        assert side is None or not info[area].neutral
    for pid, piece in state["pieces"].items():
        assert piece["loc"] in bmap.areas or piece["loc"] == "leader-pool"
        assert _RULESET.leaders[pid].home in bmap.areas
    for side, king in state["vars"]["king"].items():
        assert _RULESET.leaders[king].rank == 3 and _RULESET.leader_side(state, king) == side
    assert all(c.results and all(v is None for v in c.results.values())
               for c in _RULESET.charts.values())  # unknown: asked of the players


def test_a_dead_king_is_no_king_an_imprisoned_one_is():
    game = new_game()
    put_piece(game.state, "henry-ii", "dead")
    assert [m.value for m in _RULESET.king_modifiers(game.state, "english")] == [-1]
    put_piece(game.state, "henry-ii", "prison-french")
    assert _RULESET.king_modifiers(game.state, "english") == []
    put_piece(game.state, "philip-ii", "elimination")
    assert [m.value for m in _RULESET.king_modifiers(game.state, "french")] == [-1]


def test_random_legal_play_and_undo():
    game = new_game(seed=7)
    rnd = random.Random(7)
    start = canonical(game.state)
    for _ in range(250):
        actions = [a for a in game.legal_actions() if a.verb != "end-game"]
        assert actions
        game.push(rnd.choice(actions))
        assert all(p["loc"] in game.state["stacks"] for p in game.state["pieces"].values())
    assert game.state["turn"] > 1
    while game.can_undo:
        game.undo()
    assert canonical(game.state) == start


def test_control_rolls():
    # A leader in an enemy area makes it uncontrolled, without a roll.
    game = impulses(new_game(), {"richard-i": "normandy"}, control={"normandy": "french"})
    game.state["phase"] = "control"
    game.push("control-check")
    assert game.state["control"]["normandy"] is None
    assert "control-check" not in {a.verb for a in game.legal_actions()}
    # Not home: 1d6 <= rank - mercenaries (Richard I: 3 stars, 1 mercenary -> 2).
    game = impulses(new_game(), {"richard-i": "normandy"})
    game.state["vars"]["unassigned"]["normandy"] = {"mercenaries": 1}
    game.state["phase"] = "control"
    assert _RULESET.control_target(game.state, "normandy", "english")[0] == 2
    game.state["dice_queue"] = [3]
    game.push("control-check")
    assert game.state["control"]["normandy"] is None
    game.state["vars"]["control_checked"] = False
    game.state["dice_queue"] = [2]
    entry = game.push("control-check")
    assert game.state["control"]["normandy"] == "english"
    assert "Phase Four" in entry.render()
    # Home area: 6 - mercenaries.
    game = impulses(new_game(), {"richard-i": "poitou"})
    assert _RULESET.control_target(game.state, "poitou", "english")[0] == 6
    # Neutral areas are never controlled; disgraced leaders do not count.
    game = impulses(new_game(), {"richard-i": "navarre", "henry-ii": "maine"})
    game.state["vars"]["disgraced"] = ["henry-ii"]
    game.state["phase"] = "control"
    game.state["dice_queue"] = [1, 1]
    game.push("control-check")
    assert game.state["control"]["navarre"] is None and game.state["control"]["maine"] is None


def _phase(game: Game, phase: str, active: str = "english") -> Game:
    game.state["phase"] = phase
    game.state["active"] = active
    game.state["vars"]["done"] = []
    game.state["vars"]["raised"] = {}
    return game


def test_raise_limits():
    game = _phase(impulses(new_game(), {}, control={"london": "english", "kent": "english",
                                                    "normandy": "english"}), "raise")
    why = _RULESET.why_not_raise
    assert why(game.state, "ile-de-france", "infantry", "english")  # not controlled
    assert why(game.state, "normandy", "longbowmen", "english")     # not England/Wales
    assert why(game.state, "kent", "gunners", "english")            # value 2
    assert why(game.state, "london", "gunners", "english") is None  # value 3
    assert why(game.state, "london", "mercenaries", "english")
    game.push("raise london knights")
    with pytest.raises(IllegalActionError, match="1 knights per area"):
        game.push("raise london knights")
    game.push("raise london gunners")
    game.push("raise london longbowmen")
    with pytest.raises(IllegalActionError, match="value"):  # 3 strength in a 3-value area
        game.push("raise london infantry")
    assert game.state["vars"]["unassigned"]["london"] == {"knights:england": 1, "gunners": 1,
                                                          "longbowmen": 1}
    game.push("done")
    assert game.state["active"] == "french"
    with pytest.raises(IllegalActionError):
        game.push("raise london infantry")  # not French-controlled


def test_assign_command_limits_and_leaderless_troops_removed():
    game = _phase(impulses(new_game(), {"william-marshal": "london", "richard-i": "london",
                                        "henry-ii": "kent"}), "assign")
    game.state["vars"]["troops"] = {"william-marshal": {"infantry": 5}, "richard-i": {}}
    game.state["vars"]["unassigned"] = {"london": {"longbowmen": 2, "knights": 1,
                                                   "infantry": 2}}
    why = _RULESET.why_not_assign
    assert "Richard I" in why(game.state, "william-marshal", "longbowmen")
    assert why(game.state, "richard-i", "longbowmen") is None
    assert "3-star" in why(game.state, "william-marshal", "knights")
    game.push("assign london infantry william-marshal")  # 6 = 3 x 2 stars
    with pytest.raises(IllegalActionError, match="3 x 2"):
        game.push("assign london infantry william-marshal")
    game.push("assign london knights richard-i")
    assert game.state["vars"]["troops"]["richard-i"] == {"knights": 1}
    game.push("done")
    assert game.state["active"] == "french"
    game.push("done")
    game.push("next-phase")
    assert game.state["vars"]["unassigned"] == {}
    assert game.state["phase"] == "score"


def test_placing_a_leader_by_hand_in_his_home_area():
    game = new_game()
    game.state["phase"] = "place"
    game.push("place robin-hood nottingham", side="english")
    assert game.state["vars"]["troops"]["robin-hood"] == {"infantry": 1}
    entry = game.push("place wallace anjou", side="french")  # non-aligned: serves France
    assert _RULESET.leader_side(game.state, "wallace") == "french"
    assert game.state["vars"]["troops"]["wallace"] == {}
    assert game.state["vars"]["aggressor"] == {"anjou": "french"}
    assert "Phase Nine" in entry.render()


def test_prisoner_exchange_by_equal_stars_and_ransom():
    game = impulses(new_game(), {}, control={"london": "english", "kent": "english"},
                    side="french")
    for pid in ("philip-ii", "william-barres"):
        put_piece(game.state, pid, "prison-english")
    for pid in ("richard-i", "robin-hood"):
        put_piece(game.state, pid, "prison-french")
    game.state["phase"] = "deploy"
    game.state["vars"]["done"] = ["english", "french"]
    game.push("next-phase")
    assert game.state["phase"] == "captured"
    # The initiative player (French) decides the exchanges.
    assert _RULESET.acting_side(game.state) == "french"
    texts = {a.text() for a in game.legal_actions()}
    assert texts == {"exchange richard-i philip-ii", "done"}  # 3 stars for 3 only
    game.push("done")
    # French ransoms: no control token to give up; the English ransom their own leaders.
    assert _RULESET.acting_side(game.state) == "english"
    texts = {a.text() for a in game.legal_actions()}
    assert "ransom richard-i london" in texts                 # value 3 >= 3 stars
    assert "ransom richard-i kent" not in texts               # value 2 < 3 stars
    assert not any("philip-ii" in t for t in texts)           # not theirs to ransom
    entry = game.push("ransom robin-hood kent")
    assert "Phase Seven (ransom)" in entry.render()
    assert game.state["control"]["kent"] is None
    assert game.state["pieces"]["robin-hood"]["loc"] == "routed"
    game.push("done")  # Richard I is left to rot
    assert {a.text() for a in game.legal_actions()} == {"next-phase"}
    points, lines = _RULESET.turn_points(game.state)
    assert "Richard I in prison +3" in lines["french"]


def test_prisoner_exchange_is_the_initiative_players():
    game = impulses(new_game(), {}, side="english")
    put_piece(game.state, "philip-ii", "prison-english")
    put_piece(game.state, "richard-i", "prison-french")
    game.state["phase"] = "deploy"
    game.state["vars"]["done"] = ["english", "french"]
    game.push("next-phase")
    assert _RULESET.acting_side(game.state) == "english"
    entry = game.push("exchange richard-i philip-ii")
    assert "decided by the IP" in entry.render()
    assert game.state["pieces"]["richard-i"]["loc"] == "routed"
    assert game.state["pieces"]["philip-ii"]["loc"] == "routed"
    assert {a.text() for a in game.legal_actions()} == {"next-phase"}


def _texts(game: Game) -> set[str]:
    return {a.text() for a in game.legal_actions()}


def test_siege_commander_choice_and_roll():
    game = impulses(new_game(), {"henry-ii": "normandy", "richard-i": "normandy",
                                 "philip-ii": "normandy"}, control={"normandy": "english"})
    game.state["vars"]["aggressor"] = {"normandy": "french"}
    game.state["vars"]["troops"]["philip-ii"] = {"gunners": 3, "infantry": 2}
    game.state["phase"] = "battles"
    game.state["vars"]["initiative"] = game.state["active"] = "french"
    assert _texts(game) == {"battle normandy"}  # the IP picks the battle; no next phase
    entry = game.push("battle normandy")
    assert "Phase Three (order chosen by the IP)" in entry.render()
    # The English (nIP) choose their commander first.
    assert _RULESET.acting_side(game.state) == "english"
    assert _texts(game) == {"commander henry-ii", "commander richard-i"}
    game.push("commander richard-i")  # a 3-star other than the king
    # The English control Normandy and face the aggressor: their choice, siege or battle.
    assert _RULESET.acting_side(game.state) == "english"
    assert _texts(game) == {"siege normandy", "battle-round normandy"}
    game.state["dice_queue"] = [2]
    entry = game.push("siege normandy")
    # SN = 3 + 3 + 5 (Richard) - 3 (Philip) - 2 (gunners, at most 2) = 6; die 2: fails
    assert "SN 6" in entry.render() and "the siege fails" in entry.render()
    # The attacker (French) chooses where each leader flees.
    assert _RULESET.acting_side(game.state) == "french"
    flee = sorted(_texts(game))
    assert flee and all(t.startswith("flee normandy philip-ii ") for t in flee)
    assert "flee normandy philip-ii ile-de-france" in flee
    entry = game.push("flee normandy philip-ii ile-de-france")
    assert game.state["pieces"]["philip-ii"]["loc"] == "ile-de-france"
    assert "philip-ii" not in game.state["vars"]["disgraced"]  # not disgraced
    assert not game.state["flow"] and _texts(game) == {"next-phase"}


def test_siege_flee_border_limits_and_capture():
    game = impulses(new_game(), {"william-marshal": "calais", "philip-ii": "calais",
                                 "louis-viii": "calais", "william-barres": "calais"},
                    control={"calais": "english"})
    for area in _RULESET.board_map.neighbours("calais"):
        game.state["control"][area] = "english"
    game.state["control"]["picardy"] = None
    assert _RULESET.board_map.link_kind("calais", "picardy") == "clear"
    game.state["vars"]["aggressor"] = {"calais": "french"}
    game.state["phase"] = "battles"
    game.state["vars"]["initiative"] = game.state["active"] = "french"
    game.state["dice_queue"] = [1]
    game.push("battle calais")
    game.push("commander philip-ii")  # the French: two 3-stars
    game.push("siege calais")
    game.push("flee calais louis-viii picardy")
    game.push("flee calais philip-ii picardy")  # 2 across a clear border: picardy is full
    assert game.state["pieces"]["william-barres"]["loc"] == "prison-english"
    assert not game.state["flow"]


def test_siege_falls_and_defenders_are_captured():
    game = impulses(new_game(), {"william-marshal": "calais", "philip-ii": "calais"},
                    control={"calais": "english"})
    game.state["vars"]["aggressor"] = {"calais": "french"}
    game.state["phase"] = "battles"
    game.state["vars"]["initiative"] = game.state["active"] = "french"
    game.state["dice_queue"] = [6]  # SN = 1 + 3 + 4 - 3 = 5 < 6
    game.push("battle calais")
    game.push("siege calais")
    assert game.state["pieces"]["william-marshal"]["loc"] == "prison-french"
    assert "william-marshal" not in game.state["vars"]["troops"]
    assert not game.state["flow"]


def test_battle_round_dice_robin_hood_bravery_and_misses():
    game = impulses(new_game(), {"robin-hood": "nottingham", "william-barres": "nottingham"})
    v = game.state["vars"]
    v["troops"]["robin-hood"] = {"infantry": 2, "longbowmen": 2}
    v["troops"]["william-barres"] = {"infantry": 1, "gunners": 2}
    v["aggressor"] = {"nottingham": "french"}
    game.state["phase"] = "battles"
    # Robin Hood: rating 2 + 1 (longbowmen) = 3; dice min(3, 2+2+1 leader) + min(3, 2) = 5.
    # William des Barres: rating 2; dice min(2, 1 + 1 leader) + min(2, 0) = 2.
    # Bravery 4 vs 4: no modifier. English dice 6,6,1,1,1; French 5,5 (aggressor misses).
    game.state["dice_queue"] = [6, 6, 1, 1, 1, 5, 5]
    entry = game.push("battle nottingham")  # nobody controls it: a battle, no question
    text = entry.render()
    assert "battle rating 3 (Robin Hood +1): 5 battle dice" in text
    assert "2 battle dice" in text and "2 hit(s)" in text and "0 hit(s)" in text
    assert game.state["vars"]["battles"]["nottingham"]["misses"] == 1
    assert "take 2 hit(s)" in _RULESET.prompt(game.state)  # the English scored 2
    assert _RULESET.acting_side(game.state) == "french"    # the side hit allocates
    game.push("lose william-barres infantry")
    game.push("lose william-barres gunners")
    # Leaders remain on both sides: the nIP (French) decide first, then the English.
    assert _RULESET.acting_side(game.state) == "french"
    assert "fight-on nottingham" in _texts(game)
    assert not any(t.startswith("retreat nottingham english") for t in _texts(game))
    game.push("fight-on nottingham")
    assert _RULESET.acting_side(game.state) == "english"
    game.state["dice_queue"] = [1] * 6  # 5 English dice, 1 French
    game.push("fight-on nottingham")    # the same commanders, no question asked
    game.push("fight-on nottingham")
    game.state["dice_queue"] = [1] * 6
    entry = game.push("fight-on nottingham")
    assert game.state["vars"]["battles"]["nottingham"]["misses"] == 3
    assert "force a retreat" in entry.render()
    assert "force-retreat nottingham" not in _texts(game)  # the aggressor's turn
    game.push("fight-on nottingham")
    assert "force-retreat nottingham" in _texts(game)  # the non-aggressor's
    game.push("force-retreat nottingham")
    assert _RULESET.acting_side(game.state) == "french"
    texts = _texts(game)
    assert texts and all(t.startswith("retreat nottingham french") for t in texts)


def test_jeanne_pre_roll_in_a_battle_round():
    game = impulses(new_game(), {"jeanne": "orleanais", "talbot": "orleanais"})
    game.state["vars"]["troops"]["jeanne"] = {"infantry": 3}
    game.state["vars"]["troops"]["talbot"] = {"infantry": 3}
    game.state["phase"] = "battles"
    # Talbot's bravery 5: a pre-roll of 6 > 5 and the English roll no dice. Jeanne has
    # bravery 6 (+1 to her dice): 2 dice 5, 1 -> 1 hit.
    game.state["dice_queue"] = [6, 5, 1]
    entry = game.push("battle orleanais")
    text = entry.render()
    assert "english no dice" in text
    assert "English roll no dice" in text and "French roll [5, 1] +1 (bravery): 1 hit(s)" in text
    assert "English, take 1 hit(s)" in _RULESET.prompt(game.state)


def test_hit_allocation_knights_mercenaries_and_the_commander_last():
    game = impulses(new_game(), {"henry-ii": "anjou", "william-marshal": "anjou",
                                 "philip-ii": "anjou"})
    v = game.state["vars"]
    v["troops"]["henry-ii"] = {"knights:france": 1, "mercenaries:brabant": 2}
    v["troops"]["william-marshal"] = {"mercenaries:navarre": 1}
    v["troops"]["philip-ii"] = {"infantry": 9}
    game.state["phase"] = "battles"
    # French (BC Philip II, rating 3): 3 dice 6, 6, 6 + bravery 0 = 3 hits; the English
    # (BC Henry II, the only 3-star) roll min(3, 1+2+1+2 leaders) = 3 dice of 1.
    game.state["dice_queue"] = [1, 1, 1, 6, 6, 6]
    game.push("battle anjou")
    moves = _texts(game)
    assert "lose henry-ii knights:france" in moves and "lose william-marshal leader" not in moves
    game.push("lose henry-ii knights:france")  # a knight covers 2 hits
    assert "take 1 hit(s)" in _RULESET.prompt(game.state)
    before = dict(v["unassigned"].get("brabant", {}))
    game.push("lose william-marshal mercenaries:navarre")  # one hit: every mercenary goes
    troops = game.state["vars"]["troops"]
    assert not any(k.startswith("mercenaries") for k in troops["henry-ii"])
    assert not troops["william-marshal"]
    # ... back to their home areas (our reading), for hire again.
    pools = game.state["vars"]["unassigned"]
    assert pools["brabant"]["mercenaries:brabant"] == before["mercenaries:brabant"] + 2
    assert pools["navarre"]["mercenaries:navarre"] == 2
    # Next round: 2 hits on leaders without troops: William Marshal first, the BC last.
    game.push("fight-on anjou")  # the French (nIP)
    game.state["dice_queue"] = [1, 1, 6, 6, 6]
    game.push("fight-on anjou")
    assert _texts(game) == {"lose william-marshal leader"}
    game.push("lose william-marshal leader")
    game.push("chart-result routed")  # the Elimination Chart, asked of the players
    assert game.state["pieces"]["william-marshal"]["loc"] == "routed"
    assert _texts(game) == {"lose henry-ii leader"}


def test_deploy_through_friendly_areas_not_obstructed_nor_french_by_sea():
    english = {a: "english" for a in ("yorkshire", "lincolnshire", "lancashire", "nottingham",
                                      "kent", "calais")}
    game = _phase(impulses(new_game(), {}, control=english), "deploy")
    game.state["vars"]["unassigned"] = {"yorkshire": {"infantry": 2}}
    reach = _RULESET.deploy_reach(game.state, "yorkshire", "english")
    assert "lincolnshire" in reach and "nottingham" in reach  # river, then on
    only_pennines = impulses(new_game(), {}, control={"yorkshire": "english",
                                                      "lancashire": "english"}).state
    assert _RULESET.board_map.link_kind("yorkshire", "lancashire") == "obstructed"
    assert _RULESET.deploy_reach(only_pennines, "yorkshire", "english") == set()
    assert "northumberland" not in reach  # not controlled
    game.push("deploy yorkshire infantry nottingham")
    assert game.state["vars"]["unassigned"]["nottingham"] == {"infantry": 1}
    with pytest.raises(IllegalActionError, match="Phase Six"):
        game.push("deploy yorkshire infantry northumberland")
    french = {"kent": "french", "calais": "french"}
    game = _phase(impulses(new_game(), {}, control=french), "deploy", active="french")
    assert "kent" not in _RULESET.deploy_reach(game.state, "calais", "french")
    game.state["control"].update({"kent": "english", "calais": "english"})
    assert "kent" in _RULESET.deploy_reach(game.state, "calais", "english")


def test_retreat_with_pursuit_and_disgrace():
    game = impulses(new_game(), {"henry-ii": "anjou", "william-marshal": "anjou",
                                 "philip-ii": "anjou"}, control={"touraine": "english"})
    game.state["phase"] = "battles"
    game.state["dice_queue"] = [1] * 6  # a round without hits (at least one round)
    game.push("battle anjou")
    assert _RULESET.acting_side(game.state) == "french"  # the nIP decides first
    texts = _texts(game)
    assert "retreat anjou french maine philip-ii" in texts
    assert not any(t.startswith("retreat anjou french touraine") for t in texts)  # enemy's
    assert not any(t.startswith("retreat anjou english") for t in texts)  # not theirs
    # Pursuit: Henry II, rating 3, 3 dice +1: 6, 5, 1 -> 2 hits.
    game.state["dice_queue"] = [6, 5, 1]
    entry = game.push("retreat anjou french maine philip-ii")
    assert "Pursuit" in entry.render() and "2 hit(s)" in entry.render()
    assert _RULESET.acting_side(game.state) == "french"  # the retreating side takes them
    game.push("lose philip-ii knights:france")  # a knight covers both hits
    assert game.state["pieces"]["philip-ii"]["loc"] == "maine"
    assert game.state["vars"]["disgraced"] == ["philip-ii"]
    assert game.state["vars"]["troops"]["philip-ii"] == {"infantry": 3, "knights:france": 0}
    assert not game.state["flow"] and _texts(game) == {"next-phase"}


def test_leaders_who_cannot_retreat_are_captured():
    game = impulses(new_game(), {"henry-ii": "lancashire", "richard-i": "lancashire",
                                 "philip-ii": "lancashire"})
    for area in _RULESET.board_map.neighbours("lancashire"):
        game.state["control"][area] = "french"
    game.state["phase"] = "battles"
    game.state["dice_queue"] = [1] * 7
    game.push("battle lancashire")
    assert _RULESET.acting_side(game.state) == "english"
    game.push("commander henry-ii")
    game.push("fight-on lancashire")  # the French (nIP)
    assert _RULESET.acting_side(game.state) == "english"
    assert "retreat lancashire english none none" in _texts(game)
    game.push("retreat lancashire english none none")
    assert game.state["pieces"]["henry-ii"]["loc"] == "prison-french"
    assert game.state["pieces"]["richard-i"]["loc"] == "prison-french"


def test_new_leaders_arrive_in_phase_nine():
    game = new_game()
    game.state["phase"] = "death"
    with pytest.raises(IllegalActionError, match="Phase Eight"):
        game.push("next-phase")  # the death check comes first
    game.state["vars"]["death_checked"] = True
    entry = game.push("next-phase")
    routed = game.state["stacks"]["routed"]
    sides = sorted(_RULESET.leaders[p].side for p in routed)
    assert sides == ["english", "english", "french", "french", "non-aligned", "non-aligned"]
    assert {"robin-hood", "john", "llywelyn", "wallace"} <= set(routed)  # earliest years
    assert "New leaders arrive" in entry.render()
