"""The quick sync of deltas (``engine/delta.py``: the marshal texts of the dicts the last
sync left, remembered per shadow) gives exactly what the plain walk gives, over random
sequences of changes, undos included: the same deltas, the same shadow, the same state."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boardapp.core.base.i18n import N_
from boardapp.core.engine import delta
from boardapp.core.engine.delta import apply_delta, sync

KEYS = ["a", "b", "c", "d", "e", "3"]
keys = st.sampled_from(KEYS)
leaves = st.none() | st.integers(-3, 3) | st.sampled_from(["x", "y", "xyz"]) | st.booleans()
values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(keys, inner, max_size=4), max_leaves=10)
states = st.dictionaries(keys, values, max_size=5)


def plain_sync(cur: dict[str, Any], shadow: dict[str, Any]) -> tuple[list, list]:
    """The walk without the memo: the computation the memo replaces."""
    undo: list = []
    redo: list = []
    delta._walk(cur, shadow, (), undo, redo, True)
    return undo, redo


def dicts_in(node: dict[str, Any], path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = [path]
    for k, v in node.items():
        if type(v) is dict:
            out.extend(dicts_in(v, (*path, k)))
    return out


def at(node: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    for k in path:
        node = node[k]
    return node


def draw_change(state: dict[str, Any], data: st.DataObject) -> tuple[Any, ...]:
    """A random change: set, delete, reorder, a tuple, a message, a swap of a value for
    an equal copy, or the same value again, in one of the dicts of ``state``."""
    where = data.draw(st.sampled_from(dicts_in(state)), label="dict")
    kind = data.draw(st.sampled_from(["set", "delete", "reorder", "tuple", "message",
                                      "same", "copy"]), label="change")
    key = data.draw(keys, label="key")
    if kind == "set":
        return where, kind, key, data.draw(values, label="value")
    if kind == "tuple":
        return where, kind, key, tuple(data.draw(st.lists(leaves, max_size=3), label="items"))
    if kind == "message":
        return where, kind, key, N_("{unit} retreats", unit=data.draw(st.sampled_from("xy")))
    return where, kind, key, None


def make(state: dict[str, Any], spec: tuple[Any, ...]) -> None:
    """Make the change ``spec`` in ``state`` (in place)."""
    path, kind, key, value = spec
    where = at(state, path)
    if kind in ("set", "tuple", "message"):
        where[key] = json.loads(json.dumps(value)) if kind == "set" else value
    elif kind == "delete":
        where.pop(key, None)
    elif kind == "reorder" and where:
        first = next(iter(where))
        where[first] = where.pop(first)
    elif kind == "same" and key in where:
        where[key] = where[key]
    elif kind == "copy" and key in where:
        where[key] = json.loads(json.dumps(where[key]))


@settings(max_examples=400, deadline=None)
@given(states, st.data())
def test_the_remembered_sync_gives_what_the_plain_walk_gives(start, data):
    text = json.dumps(start)
    cur_a, shadow_a = json.loads(text), json.loads(text)  # remembered
    cur_b, shadow_b = json.loads(text), json.loads(text)  # plain
    done: list = []  # the deltas of each sync: undo goes back, redo plays it again
    undone: list = []
    for _step in range(data.draw(st.integers(1, 10), label="steps")):
        step = data.draw(st.sampled_from(["change", "undo", "redo"]), label="step")
        if step == "undo" and done:
            undo, redo = done.pop()
            for target in (cur_a, shadow_a, cur_b, shadow_b):  # as Game.undo does
                apply_delta(target, undo)
            undone.append(redo)
            continue
        if step == "redo" and undone:  # the action again: the state moves, then a sync
            redo = undone.pop()
            apply_delta(cur_a, redo)
            apply_delta(cur_b, redo)
        else:
            undone.clear()
            for _change in range(data.draw(st.integers(0, 3), label="changes")):
                spec = draw_change(cur_a, data)
                make(cur_a, spec)
                make(cur_b, spec)
        got = sync(cur_a, shadow_a)
        want = plain_sync(cur_b, shadow_b)
        assert got == want
        done.append(got)
        assert repr(cur_a) == repr(cur_b)  # key order, tuples and messages alike
        assert repr(shadow_a) == repr(shadow_b)
        assert json.dumps(shadow_a) == json.dumps(cur_a)


def test_a_shadow_changed_by_a_delta_is_walked_again():
    cur = {"a": {"b": {"c": 1}}, "d": {"e": 2}}
    shadow = json.loads(json.dumps(cur))
    sync(cur, shadow)
    undo, _redo = sync(cur, shadow)
    assert undo == []
    apply_delta(shadow, [(("a", "b", "c"), "5")])  # the shadow moves: its memo is forgotten
    undo, redo = sync(cur, shadow)
    assert (undo, redo) == ([(("a", "b", "c"), "5")], [(("a", "b", "c"), "1")])
