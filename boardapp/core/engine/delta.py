"""Deltas between two plain-data states: what one action changed, both ways.

An action is applied to the game's state in place; the game also keeps a *shadow*, an
independent copy of the state before the action. :func:`sync` walks the two (C-level
``==`` on whole sub-trees, Python only where they differ), brings the shadow up to date
and returns two deltas: ``undo`` (the shadow's old values) and ``redo`` (the new ones).
A delta is a list of ops ``(path, payload)``; ``payload`` is the JSON text of the value
at ``path``, :data:`DELETE` (the key is absent), or ``(ORDER, keys)`` (the dict at
``path`` has these keys in this order, so that iteration order stays exactly what a
replay from the set-up gives). Values are kept as JSON text: compact and immutable.

Every value that changed is replaced in the state by a fresh copy through JSON, as the
former whole-state copy through JSON did (tuples become lists, no two places share one
list), so the state after an action is the one a replay gives. One change is not seen:
a number swapped for an equal one of another type (``True`` for ``1``, ``1.0`` for ``1``)
inside a list or dict that is otherwise unchanged; the rules write no such thing.

>>> cur, old = {"a": 1, "b": {"c": [1], "d": 2}}, {"a": 1, "b": {"c": [0], "d": 2}}
>>> undo, redo = sync(cur, old)
>>> undo, redo, old == cur
([(('b', 'c'), '[0]')], [(('b', 'c'), '[1]')], True)
>>> apply_delta(cur, undo); cur
{'a': 1, 'b': {'c': [0], 'd': 2}}
"""

from __future__ import annotations

import json
from typing import Any

Path = tuple[str, ...]
Op = tuple[Path, Any]
Delta = list[Op]

DELETE = None
"""The payload of a key that is absent (JSON text is never ``None``)."""
ORDER = "order"
_MISSING: Any = object()

_dumps = json.dumps
_loads = json.loads


def sync(cur: dict[str, Any], shadow: dict[str, Any]) -> tuple[Delta, Delta]:
    """Bring ``shadow`` up to ``cur`` (normalising what changed in ``cur``); return the
    deltas ``(undo, redo)``: ``undo`` turns ``cur`` back into the old shadow."""
    undo: Delta = []
    redo: Delta = []
    if cur != shadow or _reordered(cur, shadow):
        _walk(cur, shadow, (), undo, redo, True)
    return undo, redo


def changes(cur: dict[str, Any], shadow: dict[str, Any]) -> Delta:
    """The delta that turns ``cur`` back into ``shadow`` (neither is changed)."""
    undo: Delta = []
    if cur != shadow or _reordered(cur, shadow):
        _walk(cur, shadow, (), undo, [], False)
    return undo


def _reordered(cur: dict[str, Any], old: Any) -> bool:
    """Whether two equal dicts (``==`` ignores order) differ in the order of their keys,
    at any depth (the order is part of the state: iteration follows it)."""
    if type(old) is not dict or list(cur) != list(old):
        return True
    return any(type(v) is dict and _reordered(v, old[k]) for k, v in cur.items())


def _walk(cur: dict[str, Any], old: dict[str, Any], path: Path, undo: Delta, redo: Delta,
          mutate: bool) -> None:
    get = old.get
    n_old = len(old)
    added = False
    for k in [k for k, v in cur.items()
              if v != get(k, _MISSING) or (type(v) is dict and _reordered(v, old[k]))]:
        v = cur[k]
        sub = (*path, k)
        o = get(k, _MISSING)
        if o is _MISSING:
            added = True
            text = _dumps(v)
            undo.append((sub, DELETE))
            redo.append((sub, text))
            if mutate:
                cur[k] = _loads(text)
                old[k] = _loads(text)
            continue
        tv = type(v)
        if tv is dict and type(o) is dict:
            _walk(v, o, sub, undo, redo, mutate)
            continue
        text = _dumps(v)
        undo.append((sub, _dumps(o)))
        redo.append((sub, text))
        if mutate:
            if tv is list or tv is dict or tv is tuple:
                cur[k] = _loads(text)
            old[k] = _loads(text)
    if added or len(cur) != n_old or list(cur) != list(old):
        keys_old = list(old)[:n_old]  # keys added to the shadow went at its end
        for k in keys_old:
            if k not in cur:
                sub = (*path, k)
                undo.append((sub, _dumps(old[k])))
                redo.append((sub, DELETE))
                if mutate:
                    del old[k]
        keys_cur = list(cur)
        if keys_cur != keys_old:
            undo.append((path, (ORDER, tuple(keys_old))))
            redo.append((path, (ORDER, tuple(keys_cur))))
            if mutate:
                _reorder(old, keys_cur)


def _reorder(d: dict[str, Any], keys: list[str] | tuple[str, ...]) -> None:
    items = [(k, d[k]) for k in keys]
    d.clear()
    d.update(items)


def apply_delta(state: dict[str, Any], delta: Delta) -> None:
    """Apply ``delta`` to ``state`` in place (each value a fresh copy)."""
    for path, payload in delta:
        node = state
        if type(payload) is tuple:  # (ORDER, keys)
            for key in path:
                node = node[key]
            _reorder(node, payload[1])
            continue
        for key in path[:-1]:
            node = node[key]
        if payload is DELETE:
            node.pop(path[-1], None)
        else:
            node[path[-1]] = _loads(payload)


def delta_size(delta: Delta) -> int:
    """About how many characters ``delta`` keeps (for memory figures)."""
    return sum(len(p) if isinstance(p, str) else 16 for _, p in delta)
