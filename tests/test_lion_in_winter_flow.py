"""Lion in Winter on the engine's flow: the eleven phases are the flow's phase steps,
one rule of legality (the deciding side, the running step), corrections by hand on a
leader's menu, and the game folder's layers (model, steps, ruleset)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.game import Game
from boardapp.core.engine.state import put_piece
from rulesets.lion_in_winter import RULESET
from rulesets.lion_in_winter.model import PHASES

_RULESET = RULESET()
FOLDER = Path(__file__).parent.parent / "rulesets" / "lion_in_winter"


def at(phase: str, placed: dict[str, str], active: str = "english") -> Game:
    game = Game(_RULESET, "1183", 4)
    state = game.state
    for pid, piece in state["pieces"].items():
        if piece["loc"] in _RULESET.board_map.areas:
            put_piece(state, pid, "leader-pool")
    for pid, area in placed.items():
        put_piece(state, pid, area)
        state["vars"]["troops"][pid] = {"infantry": 1}
    state["control"] = dict.fromkeys(_RULESET.board_map.areas)
    state["phase"], state["active"] = phase, active
    state["vars"].update(initiative=active, impulses={"english": 2, "french": 2}, done=[],
                         raised={}, deployed={})
    return game


def test_the_sequence_of_play_is_the_flows_phases():
    assert _RULESET.flow.phases == PHASES
    game = at("control", {})
    game.state["vars"]["control_checked"] = True
    entry = game.push("next-phase")  # Phase Four ends, Phase Five begins
    lines = [line.text for line in entry.lines]
    assert game.state["phase"] == "raise"
    assert lines[0].startswith("Phase Five: raise troops")
    assert lines[-1] == "French first (the non-initiative player)"
    assert game.state["active"] == "french"


def test_only_the_deciding_side_acts():
    game = at("impulses", {"richard-i": "anjou", "philip-ii": "maine"})
    with pytest.raises(IllegalActionError, match="not your decision"):
        game.push("pass", side="french")
    with pytest.raises(IllegalActionError, match="not your decision"):
        game.push("move richard-i poitou", side="french")
    game.push("move richard-i poitou", side="english")
    assert game.state["pieces"]["richard-i"]["loc"] == "poitou"
    assert _RULESET.acting_side(game.state) == "french"


def test_leaders_are_dragged_only_in_the_impulses():
    game = at("impulses", {"richard-i": "anjou"})
    assert "poitou" in _RULESET.reachable(game.state, ["richard-i"])
    game.state["phase"] = "raise"
    assert _RULESET.reachable(game.state, ["richard-i"]) == {}
    verdict = _RULESET.check_move(game.state, ["richard-i"], "poitou")
    assert not verdict.legal and "Phase Five" in verdict.rule
    assert _RULESET.move_action(game.state, ["richard-i"], "poitou").verb == "move"


def test_corrections_by_hand_on_a_leaders_menu_in_any_phase():
    game = at("raise", {"richard-i": "anjou", "philip-ii": "anjou"})
    menu = {a.text(): _RULESET.action_label(game.state, a)
            for a in _RULESET.piece_actions(game.state, "richard-i")}
    assert menu["elimination-roll richard-i"] == \
        "Leader hit (by hand): roll on the Elimination Chart"
    assert menu["troops richard-i infantry -1"] == "-1 Infantry (by hand)"
    assert "troops richard-i knights:france +1" in menu  # a knight of Anjou's country
    assert not any(a.verb == "troops" for a in game.legal_actions())  # not decisions
    game.push("troops richard-i infantry +2", side="french")  # a hand on the table
    assert game.state["vars"]["troops"]["richard-i"]["infantry"] == 3
    with pytest.raises(IllegalActionError, match="has only"):
        game.push("troops richard-i gunners -1")


def test_corrections_by_hand_wait_while_a_battle_runs():
    game = at("battles", {"richard-i": "anjou", "philip-ii": "anjou"})
    game.push("battle anjou")
    assert game.state["flow"]
    assert _RULESET.piece_actions(game.state, "richard-i") == []
    with pytest.raises(IllegalActionError):
        game.push("troops richard-i infantry +1")
    with pytest.raises(IllegalActionError):
        game.push("next-phase")


def test_a_recruit_is_on_the_menus_of_both_areas_and_of_the_leader():
    game = at("deploy", {"richard-i": "artois"})
    game.state["control"].update({"artois": "english"})
    recruit = "recruit brabant mercenaries:brabant richard-i"
    assert recruit in {a.text() for a in game.legal_actions()}
    for area in ("brabant", "artois"):
        assert recruit in {a.text() for a in _RULESET.place_actions(game.state, area)}
    assert recruit in {a.text() for a in _RULESET.piece_actions(game.state, "richard-i")}
    assert recruit not in {a.text() for a in _RULESET.flow_actions(game.state)}


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            found.add("." * node.level + (node.module or ""))
    return found


def test_the_layers_model_steps_ruleset():
    for path in (FOLDER / "model").glob("*.py"):
        assert not any("steps" in i or "rules" in i for i in _imports(path)), path
    for path in (FOLDER / "steps").glob("*.py"):
        allowed = {"..model", "..data", "..battle", ".common"}
        assert _imports(path) <= allowed, path
    for path in FOLDER.rglob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 800, path


def test_after_the_end_only_corrections_by_hand_remain():
    game = at("score", {"richard-i": "anjou"})
    game.push("end-game")
    game.push("agree-end")
    assert _RULESET.outcome(game.state) and game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        game.push("next-turn")
    game.push("troops richard-i infantry +1")  # a correction stays possible
    assert game.state["vars"]["troops"]["richard-i"]["infantry"] == 2
    menu = {a.verb for a in _RULESET.piece_actions(game.state, "richard-i")}
    assert "troops" in menu and "elimination-roll" not in menu
    with pytest.raises(IllegalActionError, match="game is over"):
        game.push("elimination-roll richard-i")  # its question could not be answered
