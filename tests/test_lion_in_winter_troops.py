"""Lion in Winter troops: knights carry their flag (crib Phase Five), mercenaries have a
home area, are recruited through friendly chains and assigned at once (Phases Five,
Six), lower control rolls (Phase Four) and go home when removed."""

from __future__ import annotations

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import put_piece
from rulesets.lion_in_winter import RULESET
from rulesets.lion_in_winter.data import base_kind, key_origin, valid_key

_RULESET = RULESET()


def game_in(phase: str, placed: dict[str, str], control: dict[str, str],
            active: str = "english") -> Game:
    game = Game(_RULESET, "1183", 3)
    state = game.state
    for pid, piece in state["pieces"].items():
        if piece["loc"] in _RULESET.board_map.areas:
            put_piece(state, pid, "leader-pool")
    for pid, area in placed.items():
        put_piece(state, pid, area)
        state["vars"]["troops"][pid] = {}
    state["control"] = dict.fromkeys(_RULESET.board_map.areas)
    state["control"].update(control)
    state["phase"] = phase
    state["active"] = active
    state["vars"]["initiative"] = "french" if active == "english" else "english"
    state["vars"]["done"] = []
    state["vars"]["raised"] = {}
    return game


def test_troop_keys():
    assert base_kind("knights:burgundy") == "knights" and key_origin("knights:burgundy") == \
        "burgundy"
    assert valid_key("knights:england") and valid_key("infantry") and valid_key("knights")
    assert not valid_key("infantry:england") and not valid_key("archers")
    assert not valid_key("knights:")


def test_setup_knights_carry_the_flag_of_their_leaders_home():
    state = Game(_RULESET, "1183", 1).state
    assert state["vars"]["troops"]["philip-ii"]["knights:france"] == 1
    assert state["vars"]["unassigned"]["brabant"] == {"mercenaries:brabant": 2}
    assert _RULESET.place_markers(state)["brabant"] == ["For hire: Brabançons 2"]


def test_a_knight_is_raised_with_its_areas_flag_once_per_area():
    game = game_in("raise", {}, {"burgundy": "english", "london": "english"})
    game.push("raise burgundy knights")
    assert game.state["vars"]["unassigned"]["burgundy"] == {"knights:burgundy": 1}
    with pytest.raises(IllegalActionError, match="1 knights per area per turn"):
        game.push("raise burgundy knights")
    with pytest.raises(IllegalActionError, match="country of their flag") as err:
        game.push("raise london knights burgundy")
    assert "Phase Five" in str(err.value.rule)
    game.push("raise london knights england")
    assert game.state["vars"]["unassigned"]["london"] == {"knights:england": 1}


def test_burgundian_chevaliers_and_knight_command():
    game = game_in("assign", {"philip-bold": "burgundy", "bruce": "galloway",
                              "richard-i": "poitou"}, {})
    why = _RULESET.why_not_assign
    state = game.state
    assert why(state, "philip-bold", "knights:burgundy") is None  # a Burgundian chevalier
    assert "Burgundian" in why(state, "philip-bold", "knights:france")
    assert why(state, "bruce", "knights:scotland")        # non-aligned 3-star: no
    assert why(state, "richard-i", "knights:burgundy") is None  # any knight, 3-star


def test_mercenaries_are_recruited_through_friendly_chains_and_assigned_at_once():
    game = game_in("deploy", {"richard-i": "calais", "henry-ii": "champagne"},
                   {"calais": "english", "champagne": "english"})
    texts = {a.text() for a in game.legal_actions()}
    assert _RULESET.board_map.link_kind("brabant", "champagne") == "obstructed"
    assert not any(t.startswith("recruit") for t in texts)  # obstructed; Artois not ours
    game.state["control"]["artois"] = "english"
    texts = {a.text() for a in game.legal_actions()}
    assert "recruit brabant mercenaries:brabant richard-i" in texts  # Brabant-Artois-Calais
    game.state["control"]["artois"] = None
    assert not any(t.startswith("deploy brabant") for t in texts)  # never unassigned
    with pytest.raises(IllegalActionError, match="Phase Six"):
        game.push("deploy brabant mercenaries:brabant artois")
    with pytest.raises(IllegalActionError, match="chains of friendly-controlled"):
        game.push("recruit brabant mercenaries:brabant henry-ii")
    game.state["control"]["artois"] = "english"
    entry = game.push("recruit brabant mercenaries:brabant richard-i")
    assert "Phase Six" in entry.render()
    assert game.state["vars"]["troops"]["richard-i"] == {"mercenaries:brabant": 1}
    assert game.state["vars"]["unassigned"]["brabant"]["mercenaries:brabant"] == 1
    # The command limit applies at once: 3 x rank.
    game.state["vars"]["troops"]["richard-i"]["infantry"] = 8
    with pytest.raises(IllegalActionError, match="3 x 3"):
        game.push("recruit brabant mercenaries:brabant richard-i")
    # A leader in the home area recruits there.
    game.state["vars"]["troops"]["richard-i"]["infantry"] = 0
    put_piece(game.state, "henry-ii", "brabant")
    assert "recruit brabant mercenaries:brabant henry-ii" in {
        a.text() for a in game.legal_actions()}


def test_mercenaries_recruited_by_the_french_never_by_sea():
    game = game_in("deploy", {"philip-ii": "london"}, {"london": "french",
                                                       "flanders": "french"},
                   active="french")
    assert _RULESET.board_map.link_kind("flanders", "london") == "sea"
    game.state["vars"]["unassigned"]["flanders"] = {"mercenaries:brabant": 1}
    assert "philip-ii" not in _RULESET.recruit_targets(game.state, "flanders", "french")
    game.state["control"].update({"london": "english", "flanders": "english"})
    assert "philip-ii" not in _RULESET.recruit_targets(game.state, "flanders", "english")


def test_unassigned_mercenaries_return_home_in_phase_five_and_ten():
    game = game_in("control", {}, {})
    game.state["vars"]["control_checked"] = True
    game.state["vars"]["unassigned"]["anjou"] = {"mercenaries:brabant": 1, "infantry": 2}
    entry = game.push("next-phase")
    pools = game.state["vars"]["unassigned"]
    assert pools["brabant"]["mercenaries:brabant"] == 3
    assert pools["anjou"] == {"infantry": 2}
    assert "return to their home areas" in entry.render() and "Phase Five" in entry.render()
    game.state["phase"] = "assign"
    game.state["vars"]["done"] = ["english", "french"]
    pools["anjou"]["mercenaries:navarre"] = 1
    game.push("next-phase")
    pools = game.state["vars"]["unassigned"]
    assert "anjou" not in pools  # the infantry is removed
    assert pools["navarre"]["mercenaries:navarre"] == 2 and pools["brabant"][
        "mercenaries:brabant"] == 3


def test_mercenaries_at_home_are_not_grabbed_in_phase_ten():
    game = game_in("assign", {"richard-i": "brabant"}, {})
    assert not any(a.verb == "assign" for a in game.legal_actions())
    with pytest.raises(IllegalActionError, match="Phase Six"):
        game.push("assign brabant mercenaries:brabant richard-i")


def test_mercenaries_lower_the_control_roll():
    game = game_in("control", {"richard-i": "normandy"}, {})
    game.state["vars"]["troops"]["richard-i"] = {"mercenaries:brabant": 2}
    assert _RULESET.mercenaries_in(game.state, "normandy") == 2
    assert _RULESET.control_target(game.state, "normandy", "english")[0] == 3 - 2


def test_deployed_troops_move_once_per_phase():
    game = game_in("deploy", {}, {"yorkshire": "english", "lincolnshire": "english",
                                  "nottingham": "english"})
    game.state["vars"]["unassigned"] = {"yorkshire": {"infantry": 1}}
    game.push("deploy yorkshire infantry nottingham")
    assert not any(a.verb == "deploy" for a in game.legal_actions())  # the chain is done
    with pytest.raises(IllegalActionError, match="not deployed yet"):
        game.push("deploy nottingham infantry lincolnshire")
