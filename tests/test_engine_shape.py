"""Engine 2's shape, checked on every installed ruleset: the plugin interface is the
hooks, every verb is declared once on its handler, the sequence of play is steps (no
``state["phase"]`` chains), and each game folder is in layers without import circles."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

from boardapp.core.engine.flow import Step
from boardapp.core.engine.ruleset import HOOKS, Ruleset, available_rulesets

ROOT = Path(__file__).resolve().parent.parent
RULESETS = sorted(available_rulesets().items())
IDS = [rid for rid, _ in RULESETS]
HOOK_NAMES = {name for group in HOOKS.values() for name in group}
PHASE_CHAIN = re.compile(r"\[.phase.\] *(==|!=|in |not in )")


def _folder(cls: type[Ruleset]) -> Path:
    return Path(__import__(cls.__module__, fromlist=["x"]).__file__).parent


def test_the_plugin_interface_has_at_most_15_hooks_in_groups():
    """Engine 2 brought the rules' interface to 15 hooks; the computer opponent's group
    (issue 20: standing, evaluate, determinize) is optional, with defaults."""
    playing = {name for group, names in HOOKS.items() if group != "computer opponent"
               for name in names}
    assert len(playing) <= 15
    assert len(HOOKS["computer opponent"]) <= 3
    assert sum(len(group) for group in HOOKS.values()) == len(HOOK_NAMES)
    for name in HOOK_NAMES:
        assert callable(getattr(Ruleset, name)), name


@pytest.mark.parametrize(("rid", "cls"), RULESETS, ids=IDS)
def test_a_ruleset_overrides_only_hooks(rid, cls):
    overridden = sorted(
        f"{klass.__name__}.{name}" for klass in cls.__mro__
        if klass is not Ruleset and issubclass(klass, Ruleset)
        for name, value in vars(klass).items()
        if callable(value) and hasattr(Ruleset, name) and not name.startswith("__")
        and name not in HOOK_NAMES)
    assert overridden == []


@pytest.mark.parametrize(("rid", "cls"), RULESETS, ids=IDS)
def test_every_verb_is_declared_on_its_handler(rid, cls):
    undeclared = []
    for step in cls.flow.steps.values():
        for attr in dir(type(step)):
            if attr.startswith("on_") and not hasattr(getattr(type(step), attr), "__verb__"):
                undeclared.append(f"{type(step).__name__}.{attr}")
    assert undeclared == []
    assert cls.flow.phases, "the sequence of play is phase steps on the flow"


@pytest.mark.parametrize(("rid", "cls"), RULESETS, ids=IDS)
def test_no_phase_chains_and_no_file_over_800_lines(rid, cls):
    problems = []
    for path in sorted(_folder(cls).rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > 800:
            problems.append(f"{path.name}: {len(text.splitlines())} lines")
        problems += [f"{path.name}:{n}: {line.strip()}"
                     for n, line in enumerate(text.splitlines(), 1) if PHASE_CHAIN.search(line)]
    assert problems == []


def _imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` that ``path`` imports (type-only imports included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = path.with_suffix("").relative_to(ROOT).parts
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(here[:len(here) - node.level])
                if path.name == "__init__.py":
                    base = list(here[:len(here) - node.level])
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            targets = [name] + [f"{name}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            continue
        found |= {t for t in targets if t.startswith(package + ".")}
    return found


@pytest.mark.parametrize(("rid", "cls"), RULESETS, ids=IDS)
def test_a_game_folder_has_no_import_circle_and_steps_import_only_the_model(rid, cls):
    folder = _folder(cls)
    package = ".".join(folder.relative_to(ROOT).parts)
    modules = {".".join(p.with_suffix("").relative_to(ROOT).parts).removesuffix(".__init__"): p
               for p in folder.rglob("*.py")}
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        for target in _imports(path, package):
            while target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]
            if target in modules and target != name and not name.endswith(
                    package) and target != package:
                graph.add_edge(name, target)
    assert list(nx.simple_cycles(graph)) == []
    steps = [n for n in modules if ".steps." in n + "."]
    assert steps, "the game's steps live in steps/"
    for name in steps:
        wrong = [t for t in graph.successors(name) if t.endswith(".rules")]
        assert wrong == [], f"{name} imports the ruleset wiring"


def _model_of(step_cls: type) -> type | None:
    """The ruleset class a step is typed against (``Step[Model]`` in its bases)."""
    for klass in step_cls.__mro__:
        for base in vars(klass).get("__orig_bases__", ()):
            args = getattr(base, "__args__", ())
            origin = getattr(base, "__origin__", None)
            if isinstance(origin, type) and issubclass(origin, Step) and args \
                    and isinstance(args[0], type) and issubclass(args[0], Ruleset):
                return args[0]
    return None


@pytest.mark.parametrize(("rid", "cls"), RULESETS, ids=IDS)
def test_steps_are_typed_against_their_model(rid, cls):
    untyped = [type(step).__name__ for step in cls.flow.steps.values()
               if _model_of(type(step)) is None or not issubclass(cls, _model_of(type(step)))]
    assert untyped == []
    loose = []
    for step in cls.flow.steps.values():
        for name in dir(type(step)):
            fn = getattr(type(step), name)
            code = getattr(fn, "__code__", None)
            if code is None or code.co_argcount < 2 or name.startswith("__"):
                continue
            first = code.co_varnames[1]
            if first in ("rs", "ruleset") and fn.__annotations__.get(first) in (None, "Any"):
                loose.append(f"{type(step).__name__}.{name}")
    assert loose == []
