"""The Lily and the Ermine on Engine 2: the sequence of play and the procedures are steps,
verbs are declared once, the ruleset overrides only hooks, and the game folder keeps its
layers (model, steps, ruleset) without import circles."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from boardapp.core.base.errors import IllegalActionError
from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import HOOKS, Ruleset
from rulesets.lily_ermine import RULESET
from rulesets.lily_ermine.model import LilyErmineModel
from tests.test_lily_ermine_tactical_siege import rennes

GAME = Path(RULESET.__module__.replace(".", "/")).parent
RS = RULESET()


def new_game(seed: int = 1) -> Game:
    return Game(RS, "1487", seed)


def to_phase(game: Game, phase: str, side: str = "france") -> None:
    while not (game.state["phase"] == phase and game.state["active"] == side):
        if game.state.get("flow"):
            game.push(game.legal_actions()[0])
        else:
            game.push("next-phase")


def test_the_ruleset_overrides_only_hooks():
    hooks = {h for group in HOOKS.values() for h in group}
    overridden = sorted(n for k in RULESET.__mro__ if k is not Ruleset and issubclass(k, Ruleset)
                        for n, v in vars(k).items() if callable(v) and hasattr(Ruleset, n)
                        and n not in hooks and not n.startswith("__"))
    assert overridden == []
    assert issubclass(RULESET, LilyErmineModel)


def test_the_turn_is_a_sequence_of_phase_steps():
    assert RS.flow.phases == ("rr", "movement", "fatigue", "combat", "over")
    game = new_game()
    seen = []
    while game.state["turn"] == 1:
        here = (game.state["phase"], game.state["active"])
        if not seen or seen[-1] != here:
            seen.append(here)
        game.push(game.legal_actions()[-1] if not game.state.get("flow")
                  else game.legal_actions()[0])
    assert seen == [(p, c) for c in ("france", "brittany")
                    for p in ("rr", "movement", "fatigue", "combat")]
    assert (game.state["phase"], game.state["active"]) == ("rr", "france")
    assert "Administrative phase: the time marker moves to round 2" in \
        " ".join(line.text for line in game.log[-1].lines)


def test_the_fatigue_phase_and_its_check_share_their_name():
    game = new_game()
    to_phase(game, "movement")
    game.push("set-dice 4")
    game.push("next-phase")  # the fatigue phase calls its check: a question is asked
    assert game.state["phase"] == "fatigue"
    assert [f["step"] for f in game.state["flow"]] == ["fatigue-ask"]
    game.push("fatigue-result 0")
    while game.state.get("flow"):
        game.push(game.legal_actions()[0])
    assert game.state["phase"] == "fatigue"
    assert [a.text() for a in game.legal_actions()] == ["next-phase"]


def test_a_running_procedure_refuses_next_phase_and_moves():
    """While a procedure runs only its step's verbs are legal (and the manual verbs)."""
    game = new_game()
    game.push("place roumille,brittany-ar-4,brittany-mi-5 sz43")
    to_phase(game, "movement")
    game.push("move beaudricourt,france-ar-1,france-cm-1 sz43")
    to_phase(game, "combat")
    game.push("set-dice 4")
    game.push("fight sz43")
    assert game.state["flow"][-1]["step"] == "battle-losses"
    with pytest.raises(IllegalActionError) as err:
        game.push("next-phase")
    assert err.value.rule == "Lily and the Ermine 10"
    assert "reduce a unit" in err.value.reason
    with pytest.raises(IllegalActionError):
        game.push("move tremoille,france-gd-1 sz44")
    game.push("place tremoille sz44")  # by hand: always possible
    assert game.log[-1].manual
    assert game.state["flow"][-1]["step"] == "battle-losses"


def test_a_pending_relocation_comes_before_the_phase():
    game = new_game()
    to_phase(game, "combat")
    game.state["vars"]["relocate"] = [{"camp": "brittany", "ally": "rieux", "from": "sz32",
                                       "pieces": ["rieux-mi-1"]}]
    assert RS.deciding_sides(game.state) == ["brittany"]
    assert {a.verb for a in game.legal_actions()} == {"relocate"}
    with pytest.raises(IllegalActionError) as err:
        game.push("next-phase", side="france")
    assert err.value.rule == "Lily and the Ermine 11" and "Brittany first places" in \
        err.value.reason
    place = game.legal_actions()[0]
    assert RS.action_label(game.state, place).startswith("Place in ")
    game.push(place)
    assert game.log[-1].side == "brittany"
    assert game.state["pieces"]["rieux-mi-1"]["loc"] == place.arg(0)
    assert RS.deciding_sides(game.state) == ["france"]
    assert "next-phase" in [a.text() for a in game.legal_actions()]


def test_the_tactical_map_is_shown_while_its_steps_run():
    game, _ = rennes()
    assert RS.focus_board(game.state) is None
    game.push("set-dice 2")
    game.push("siege sz38")
    step = RS.flow.steps[game.state["flow"][-1]["step"]]
    assert getattr(step, "board", None) == "tactical" == RS.focus_board(game.state)
    assert RS.board_title("tactical") == "Tactical map"
    assert RS.board_title("main") == "Strategic map"


def test_each_verb_is_declared_once():
    specs: dict[str, set[int]] = {}
    for step in RS.flow.steps.values():
        for name, spec in step.verbs.items():
            specs.setdefault(name, set()).add(id(spec))
    assert {name for name, found in specs.items() if len(found) > 1} == set()
    declared = re.findall(r'@verb\("([a-z-]+)"', "".join(
        p.read_text(encoding="utf-8") for p in sorted(GAME.rglob("*.py"))))
    assert sorted(declared) == sorted(set(declared))


def _imports(path: Path, package: str) -> set[str]:
    """The game's modules imported by ``path`` (type-only imports included)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.split(".")[:len(package.split(".")) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else []))
            out.update(f"{target}.{a.name}" for a in node.names)
            out.add(target)
    return out


def test_the_game_folder_keeps_its_layers():
    modules = {}
    for path in GAME.rglob("*.py"):
        rel = path.relative_to(GAME).with_suffix("")
        name = ".".join(("game", *rel.parts))
        modules[name.removesuffix(".__init__")] = path
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 800, path
        assert not re.search(r"\[.phase.\] *(==|!=|in )", path.read_text(encoding="utf-8"))
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        graph[name] = {m for m in _imports(path, package) if m in modules and m != name}
    for name, deps in graph.items():  # steps and model never import the ruleset
        if name.startswith(("game.steps", "game.model")):
            assert "game.rules" not in deps, name
        if name.startswith("game.model"):
            assert not any(d.startswith("game.steps") for d in deps), name

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for dep in graph[start]:
            if dep == goal or (dep not in seen and not seen.add(dep)
                               and reaches(dep, goal, seen)):
                return True
        return False

    assert [n for n in graph if reaches(n, n, set())] == []
