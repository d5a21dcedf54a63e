"""Hidden information: which parts of a state are secret, masking them, public diffs.

A ruleset names the secret parts of a state with :meth:`Ruleset.secret_paths`: for
each side, a list of *paths*, each a tuple of dict keys from the state's root, e.g.
``("vars", "hands", "red")``. In a play-by-email game nobody's program holds the
whole state: each holds a *view* in which the other players' secrets are replaced by
placeholders (:func:`mask`). The *public state* masks everybody's secrets; its digest
is what every program agrees on after each action.

Placeholders keep the shape a summary needs and nothing else: a list becomes as many
``"?"`` as it has items (hand sizes stay public), a mapping becomes ``{}``, anything
else ``"?"``.

>>> state = {"vars": {"hands": {"a": ["c1", "c2"], "b": ["c3"]}}}
>>> paths = {"a": [("vars", "hands", "a")], "b": [("vars", "hands", "b")]}
>>> mask(state, paths, visible={"a"})["vars"]["hands"]
{'a': ['c1', 'c2'], 'b': ['?']}
>>> diff({"x": 1, "y": {"z": 2}}, {"x": 1, "y": {"z": 3}})
[{'op': 'set', 'path': ['y', 'z'], 'value': 3}]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..base.errors import BoardappError
from ..base.i18n import N_
from ..engine.state import State, copy_state

SecretPath = tuple[str, ...]
SecretPaths = dict[str, list[SecretPath]]
HIDDEN = "?"
_MISSING = object()


class HiddenInfoError(BoardappError):
    """An action that needs hidden information this program does not have."""


def normalise_paths(raw: Any, sides: Iterable[str]) -> SecretPaths:
    """Check and normalise what ``Ruleset.secret_paths`` returned."""
    known = set(sides)
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise BoardappError(N_("secret_paths must return a mapping side -> list of paths"))
    out: SecretPaths = {}
    for side, paths in raw.items():
        if side not in known:
            raise BoardappError(N_("secret_paths names an unknown side {side}", side=repr(side)))
        clean: list[SecretPath] = []
        for path in paths:
            path = tuple(path)
            if not path or not all(isinstance(k, str) for k in path):
                raise BoardappError(N_("secret path {path} must be a non-empty tuple of keys",
                                       path=repr(path)))
            clean.append(path)
        if clean:
            out[str(side)] = clean
    return out


def get_path(state: Any, path: SecretPath) -> Any:
    """The value at ``path``, or ``_MISSING``."""
    node = state
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return _MISSING
        node = node[key]
    return node


def is_missing(value: Any) -> bool:
    """Whether :func:`get_path` found nothing."""
    return value is _MISSING


def set_path(state: Any, path: SecretPath, value: Any) -> bool:
    """Set ``path`` if its parent exists; return whether it did."""
    node = state
    for key in path[:-1]:
        if not isinstance(node, dict) or key not in node:
            return False
        node = node[key]
    if not isinstance(node, dict):
        return False
    node[path[-1]] = value
    return True


def placeholder(value: Any) -> Any:
    """What others see of a secret ``value``."""
    if isinstance(value, list):
        return [HIDDEN] * len(value)
    if isinstance(value, dict):
        return {}
    return HIDDEN


def mask(state: State, paths: SecretPaths, visible: Iterable[str] = (),
         token: str = HIDDEN) -> State:
    """A copy of ``state`` with the secrets of every side not in ``visible`` hidden."""
    shown = set(visible)
    out = copy_state(state)
    for side, side_paths in paths.items():
        if side in shown:
            continue
        for path in side_paths:
            value = get_path(out, path)
            if is_missing(value):
                continue
            hidden = placeholder(value)
            if token != HIDDEN and isinstance(hidden, list):
                hidden = [token] * len(hidden)
            elif token != HIDDEN and hidden == HIDDEN:
                hidden = token
            set_path(out, path, hidden)
    return out


def read_secrets(state: State, paths: list[SecretPath]) -> list[list[Any]]:
    """``[[path, value], ...]`` for the paths present in ``state`` (JSON-able)."""
    out = []
    for path in paths:
        value = get_path(state, path)
        if not is_missing(value):
            out.append([list(path), value])
    return out


def write_secrets(state: State, items: list[list[Any]]) -> None:
    """Put back values read by :func:`read_secrets` (a sealed box's content)."""
    for path, value in items:
        set_path(state, tuple(path), value)


def touches(op_path: SecretPath, secret: SecretPath) -> bool:
    """Whether a change at ``op_path`` changes (part of) ``secret`` or contains it."""
    n = min(len(op_path), len(secret))
    return op_path[:n] == secret[:n]


# -- public diffs ---------------------------------------------------------------------------
def diff(before: Any, after: Any, path: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The changes from ``before`` to ``after``: mappings key by key, other values whole."""
    if isinstance(before, dict) and isinstance(after, dict):
        ops: list[dict[str, Any]] = []
        for key in before:
            if key not in after:
                ops.append({"op": "del", "path": [*path, key]})
        for key, value in after.items():
            if key not in before:
                ops.append({"op": "set", "path": [*path, key], "value": value})
            else:
                ops.extend(diff(before[key], value, (*path, key)))
        return ops
    if before == after and type(before) is type(after):
        return []
    return [{"op": "set", "path": list(path), "value": after}]


def check_patch(ops: Any) -> str | None:
    """What is wrong with a patch read from a file, or ``None``."""
    if not isinstance(ops, list):
        return "expected a list of changes"
    for i, op in enumerate(ops):
        if not isinstance(op, dict) or op.get("op") not in ("set", "del"):
            return f"change {i + 1}: expected {{\"op\": \"set\"|\"del\", ...}}"
        path = op.get("path")
        if not isinstance(path, list) or not path or not all(isinstance(k, str) for k in path):
            return f"change {i + 1}: the path must be a non-empty list of keys"
        if op["op"] == "set" and "value" not in op:
            return f"change {i + 1}: a set needs a value"
    return None


def apply_patch(state: State, ops: list[dict[str, Any]]) -> None:
    """Apply a patch made by :func:`diff` (checked by :func:`check_patch`) in place."""
    for i, op in enumerate(ops):
        *parents, last = op["path"]
        node: Any = state
        for key in parents:
            if not isinstance(node, dict) or key not in node:
                raise BoardappError(N_("change {value} goes through {key}, which is missing",
                                       value=i + 1, key=repr(key)))
            node = node[key]
        if not isinstance(node, dict):
            raise BoardappError(N_("change {value} does not lead to a mapping", value=i + 1))
        if op["op"] == "del":
            if last not in node:
                raise BoardappError(N_("change {value} deletes {last}, which is missing",
                                       value=i + 1, last=repr(last)))
            del node[last]
        else:
            node[last] = copy_state({"v": op["value"]})["v"]
