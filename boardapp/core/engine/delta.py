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
import json.scanner
from collections.abc import Sequence
from itertools import repeat
from marshal import dumps as _marshal
from typing import Any

Path = tuple[str, ...]
Op = tuple[Path, Any]
Delta = list[Op]

DELETE = None
"""The payload of a key that is absent (JSON text is never ``None``)."""
ORDER = "order"
_MISSING: Any = object()

_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Types whose values are immutable: kept as they are, not copied through JSON."""


def _encoder() -> Any:
    """``json.dumps`` with its default arguments, without building an encoder per call
    (the C encoder ``json.dumps`` builds, made once; the same text)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # a Python without the C accelerator
        return json.dumps
    default = json.JSONEncoder()
    encode = make({}, default.default, json.encoder.encode_basestring_ascii, None, ": ",
                  ", ", False, False, True)
    join = "".join

    def dumps(value: Any) -> str:
        return join(encode(value, 0))

    return dumps


def _decoder() -> Any:
    """``json.loads`` of the text :func:`_dumps` writes, without its per-call checks
    (the same scanner ``json.loads`` runs)."""
    scan = json.scanner.make_scanner(json.JSONDecoder())

    def loads(text: str) -> Any:
        return scan(text, 0)[0]

    return loads


_dumps = _encoder()
_loads = _decoder()


def sync(cur: dict[str, Any], shadow: dict[str, Any]) -> tuple[Delta, Delta]:
    """Bring ``shadow`` up to ``cur`` (normalising what changed in ``cur``); return the
    deltas ``(undo, redo)``: ``undo`` turns ``cur`` back into the old shadow.

    What the last sync to ``shadow`` left is remembered (:data:`Memo`): the marshal text
    of each value, dict by dict; a value whose text is the same again is unchanged (a
    dict with its key order), and is neither compared nor walked. The same deltas as the
    plain walk (``tests/test_delta_memo.py``)."""
    undo: Delta = []
    redo: Delta = []
    _walk_memo(cur, shadow, (), undo, redo, _memo_of(shadow))
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
    pairs = [(cur, old)]
    while pairs:  # one loop over the nested dicts, not a call per dict
        a, b = pairs.pop()
        if type(b) is not dict or list(a) != list(b):
            return True
        pairs.extend((v, b[k]) for k, v in a.items() if type(v) is dict)
    return False


def _order_differs(cur: dict[str, Any], old: Any) -> bool:
    """:func:`_reordered` of two equal dicts, mostly in C: their marshal texts (version 2,
    which writes each dict's items in their order and shares nothing) differ when an
    order does (or when equal numbers differ in type: then the walk finds nothing)."""
    try:
        return _marshal(cur, 2) != _marshal(old, 2)
    except ValueError:  # a value marshal does not write
        return _reordered(cur, old)


def _same(v: Any, o: Any) -> bool:
    """Whether ``v`` and ``o`` are the same JSON value: Python's ``==`` holds between True,
    1 and 1.0, which a game file tells apart (a list is compared as its text then)."""
    tv = type(v)
    if v != o or (tv is not type(o) and not (isinstance(v, str) and isinstance(o, str))):
        return False  # a message is its English text: the same as that text
    return _dumps(v) == _dumps(o) if tv is list or tv is tuple else True


def _walk(cur: dict[str, Any], old: dict[str, Any], path: Path, undo: Delta, redo: Delta,
          mutate: bool) -> None:
    get = old.get
    n_old = len(old)
    added = False
    for k in [k for k, v in cur.items()
              if not _same(v, get(k, _MISSING))
              or (type(v) is dict and _order_differs(v, old[k]))]:
        v = cur[k]
        sub = (*path, k)
        o = get(k, _MISSING)
        if o is _MISSING:
            added = True
            text = _dumps(v)
            undo.append((sub, DELETE))
            redo.append((sub, text))
            if mutate:
                if type(v) in _SCALARS:
                    old[k] = v
                else:
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
            old[k] = v if tv in _SCALARS else _loads(text)
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


# -- what the last sync to a shadow left: the marshal texts of its values ------------------------
Memo = list[Any]
"""``[texts, children]`` for a dict: ``texts`` the marshal text of each value as the last
:func:`sync` left it (``None``: not known), ``children`` the memo of each value that is a
dict. The shadow's value is equal to what its text says, key order included (but for the
change :mod:`delta` does not see, a number for an equal one of another type)."""

MEMOS_KEPT = 8
_memos: dict[int, tuple[dict[str, Any], Memo]] = {}
"""``id(shadow)``: (the shadow, its memo), for the shadows synced last (held, so that
their ids stay theirs). A shadow changes only through :func:`sync` and :func:`apply_delta`,
which forgets what it changes."""
_FOUR = repeat(4)
"""Marshal version 4 (quick; the same text for the same values in the same order and
sharing: a text that differs may only mean a string is shared otherwise, and then the walk
finds nothing)."""


def _texts(cur: dict[str, Any]) -> list[bytes | None]:
    """The marshal text of each value of ``cur`` (``None`` for one marshal cannot write)."""
    try:
        return list(map(_marshal, cur.values(), _FOUR))
    except ValueError:
        return [_text_or_none(v) for v in cur.values()]


def _text_or_none(value: Any) -> bytes | None:
    try:
        return _marshal(value, 4)
    except ValueError:
        return None


def _memo_of(shadow: dict[str, Any]) -> Memo:
    """The memo of ``shadow`` (a new one for a shadow not synced lately)."""
    key = id(shadow)
    entry = _memos.pop(key, None)
    if entry is None or entry[0] is not shadow:
        entry = (shadow, [{}, {}])
        while len(_memos) >= MEMOS_KEPT:
            del _memos[next(iter(_memos))]
    _memos[key] = entry  # the most recent last
    return entry[1]


def _forget(state: dict[str, Any], delta: Sequence[Op]) -> None:
    """``delta`` is about to change ``state``: if it is a shadow, forget what it changes."""
    entry = _memos.get(id(state))
    if entry is not None and entry[0] is state:
        texts, children = entry[1]
        for path, _payload in delta:
            if path:
                texts.pop(path[0], None)
                children.pop(path[0], None)
            else:  # (the order of the top keys: the texts stay right)
                continue


def _walk_memo(cur: dict[str, Any], old: dict[str, Any], path: Path, undo: Delta,
               redo: Delta, memo: Memo) -> bool:
    """:func:`_walk` (mutating) with the memo of ``old``; updates the memo; returns
    whether a value in ``cur`` was replaced by its copy (then its text may differ)."""
    known, children = memo
    keys = list(cur)
    texts = _texts(cur)
    get = old.get
    kget = known.get
    n_old = len(old)
    added = replaced = False
    now = dict(zip(keys, texts, strict=True))
    for k, text in zip(keys, texts, strict=True):
        was = kget(k)
        if text == was and was is not None:
            continue  # as the last sync left it, and so as the shadow is
        v = cur[k]
        o = get(k, _MISSING)
        tv = type(v)
        if tv is dict and type(o) is dict:
            child = children.get(k)
            if child is None:  # not known: compared as the plain walk does
                if v == o and not _order_differs(v, o):
                    children[k] = [dict(zip(v, _texts(v), strict=True)), {}]
                    continue
                child = children[k] = [{}, {}]
            if _walk_memo(v, o, (*path, k), undo, redo, child):
                replaced = True
                now[k] = _text_or_none(v)
            continue
        if o is not _MISSING and _same(v, o):  # the same value (or one the walk does not see)
            if tv is not dict:
                children.pop(k, None)
            continue
        children.pop(k, None)
        sub = (*path, k)
        text_new = _dumps(v)
        if o is _MISSING:
            added = True
            undo.append((sub, DELETE))
            redo.append((sub, text_new))
            if tv in _SCALARS:
                old[k] = v
            else:
                cur[k] = _loads(text_new)
                old[k] = _loads(text_new)
        else:
            undo.append((sub, _dumps(o)))
            redo.append((sub, text_new))
            if tv is list or tv is dict or tv is tuple:
                cur[k] = _loads(text_new)
            old[k] = v if tv in _SCALARS else _loads(text_new)
        if cur[k] is not v:
            replaced = True
            now[k] = _text_or_none(cur[k])
    memo[0] = now
    if added or len(cur) != n_old or keys != list(old):
        keys_old = list(old)[:n_old]  # keys added to the shadow went at its end
        for k in keys_old:
            if k not in cur:
                sub = (*path, k)
                undo.append((sub, _dumps(old[k])))
                redo.append((sub, DELETE))
                del old[k]
                children.pop(k, None)
        if keys != keys_old:
            undo.append((path, (ORDER, tuple(keys_old))))
            redo.append((path, (ORDER, tuple(keys))))
            _reorder(old, keys)
    return replaced


def _reorder(d: dict[str, Any], keys: list[str] | tuple[str, ...]) -> None:
    items = [(k, d[k]) for k in keys]
    d.clear()
    d.update(items)


def apply_delta(state: dict[str, Any], delta: Sequence[Op]) -> None:
    """Apply ``delta`` to ``state`` in place (each value a fresh copy)."""
    if _memos:
        _forget(state, delta)
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


def delta_size(delta: Sequence[Op]) -> int:
    """About how many characters ``delta`` keeps (for memory figures)."""
    return sum(len(p) if isinstance(p, str) else 16 for _, p in delta)
