"""Deux Bretagne on Engine 2: the sequence of play as phase steps, every verb declared on
its step, the game folder in layers without import circles."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.ruleset import HOOKS, Ruleset
from rulesets.deux_bretagne import RULESET
from tests.dbhelpers import activate, at, new_game

GAME = Path(__file__).resolve().parent.parent / "rulesets" / "deux_bretagne"


def _imports(path: Path) -> set[str]:
    """The game's modules ``path`` imports (anywhere in it: type-only and lazy too)."""
    module = path.relative_to(GAME).with_suffix("").parts
    package = list(module if path.name == "__init__.py" else module[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or not node.level:
            continue
        base = package[:len(package) - (node.level - 1)] + (node.module or "").split(".")
        base = [p for p in base if p]
        for alias in node.names:
            whole = [*base, alias.name]
            found.add(".".join(whole if (GAME.joinpath(*whole).with_suffix(".py")).exists()
                               else base))
    return found


def test_the_game_folder_has_no_import_circle_and_no_file_over_800_lines():
    graph = nx.DiGraph()
    for path in GAME.rglob("*.py"):
        name = ".".join(path.relative_to(GAME).with_suffix("").parts)
        graph.add_node(name)
        graph.add_edges_from((name, target) for target in _imports(path))
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 800, path.name
    assert list(nx.simple_cycles(graph)) == []
    steps = [n for n in graph if n.startswith("steps.")]
    assert steps and all(not t.startswith("rules") for s in steps for t in graph[s])
    model = [n for n in graph if n.startswith("model.")]
    assert model and all(t.startswith("model") for m in model for t in graph[m])


def test_the_ruleset_overrides_only_hooks_and_names_no_phase_in_its_code():
    hooks = {h for group in HOOKS.values() for h in group}
    overridden = sorted(name for klass in RULESET.__mro__
                        if klass is not Ruleset and issubclass(klass, Ruleset)
                        for name, value in vars(klass).items()
                        if callable(value) and hasattr(Ruleset, name) and name not in hooks
                        and not name.startswith("__"))
    assert overridden == []
    for path in GAME.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for test in ('["phase"] ==', '["phase"] !=', '["phase"] in '):
            assert test not in text, path.name


def test_4_0_the_turn_sequence_is_the_flow_s_phases():
    rs = new_game().ruleset
    assert rs.flow.phases == ("action", "end-of-actions", "over")
    game = new_game()
    while game.state["phase"] == "action" and not game.state["flow"]:
        game.push("end")
    assert game.state["phase"] == "end-of-actions"
    while game.state["flow"]:  # 4.0 C: each player keeps one card (his hand dock)
        side = game.ruleset.acting_side(game.state)
        assert game.ruleset.flow_actions(game.state) == []
        game.push(game.ruleset.hand_actions(game.state, side)[0], side=side)
    assert [a.text() for a in game.legal_actions()] == ["next-turn"]
    assert game.ruleset.action_label(game.state, game.legal_actions()[0]) == "Next turn"


def test_every_legal_action_is_offered_somewhere_with_its_label():
    game = new_game()
    activate(game)
    rs, state = game.ruleset, game.state
    legal = game.legal_actions()
    assert {a.verb for a in legal} >= {"move", "end"}
    side = state["active"]
    shown = set(rs.flow_actions(state)) | set(rs.hand_actions(state, side))
    for place in state["stacks"]:
        shown |= set(rs.place_actions(state, place))
    for pid in state["pieces"]:
        shown |= set(rs.piece_actions(state, pid))
    for action in legal:
        assert action.verb == "move" or action in shown, action.text()
        assert rs.action_label(state, action)
    move = next(a for a in legal if a.verb == "move")
    assert rs.action_label(state, move).startswith("Move ")


def test_while_a_procedure_runs_only_its_step_s_verbs_are_legal():
    game = new_game()
    activate(game)
    stack = at(game, "josselin")
    game.push(f"move {','.join(stack)} ploermel")
    assert game.state["flow"][-1]["step"] == "reaction"
    for text in ("end", "draw", "free-action", "next-turn"):
        with pytest.raises(IllegalActionError, match="A decision is pending first"):
            game.push(text)
    with pytest.raises(IllegalActionError, match="not your decision"):
        game.push("fight", side="blois")
    game.push("fight")  # the defender's own decision
