"""Which counters an action changed: every piece's face and side, recomputed only when
the parts of the state they were read from have changed.

The ruleset's ``counter_face`` and ``piece_side`` may read anything in the state. While
they run for a piece, :class:`FaceWatch` hands them a view of the state that notes what
they read, two levels deep (``state["pieces"]["x"]``, ``state["vars"]["inside"]``;
listing or comparing a whole part notes that whole part). After an action only the
pieces whose noted parts differ from the copies kept are asked again, so one move
among 1,000 counters costs a few comparisons, not 1,000 calls into the rules.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from itertools import compress, repeat
from operator import ne
from typing import Any

from boardapp.core.engine.ruleset import CounterFace
from boardapp.core.engine.state import State

Path = tuple[Hashable, ...]
"""A part of the state: () the whole state, (key,) a top-level part, (key, sub) one
entry of it."""
_MISSING = object()
_SCALARS = (str, int, float, bool, type(None))


class _Noted(dict):
    """A shallow copy of a mapping of the state that notes the entries read."""

    def __init__(self, data: dict, path: Path, notes: set[Path],
                 deeper: Callable[[Hashable, Any], Any] | None = None) -> None:
        super().__init__(data)
        self._path = path
        self._notes = notes
        self._deeper = deeper

    def _note(self, key: Hashable) -> None:
        self._notes.add((*self._path, key))

    def _whole(self) -> None:
        self._notes.add(self._path)

    def _read(self, key: Hashable, value: Any) -> Any:
        if self._deeper is not None and type(value) is dict:
            return self._deeper(key, value)  # the view of the part notes what it reads
        self._note(key)
        return value

    def __getitem__(self, key: Hashable) -> Any:
        if not super().__contains__(key):
            self._note(key)
        return self._read(key, super().__getitem__(key))

    def get(self, key: Hashable, default: Any = None) -> Any:
        if not super().__contains__(key):
            self._note(key)
            return default
        return self._read(key, super().__getitem__(key))

    def __contains__(self, key: object) -> bool:
        self._note(key)  # type: ignore[arg-type]
        return super().__contains__(key)

    def __iter__(self):
        self._whole()
        return super().__iter__()

    def __len__(self) -> int:
        self._whole()
        return super().__len__()

    def keys(self):
        self._whole()
        return super().keys()

    def values(self):
        self._whole()
        return super().values()

    def items(self):
        self._whole()
        return super().items()

    def copy(self) -> dict:
        self._whole()
        return dict(super().items())

    def __eq__(self, other: object) -> bool:
        self._whole()
        return dict(super().items()) == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        self._whole()
        return repr(dict(super().items()))


def _snap(value: Any) -> Any:
    """A copy of ``value`` that later changes to the state cannot reach."""
    if isinstance(value, _SCALARS):
        return value
    if type(value) is dict and all(isinstance(v, _SCALARS) for v in value.values()):
        return dict(value)
    return copy.deepcopy(value)


def _value_at(state: State, path: Path) -> Any:
    if not path:
        return state
    value = state.get(path[0], _MISSING)
    if len(path) == 1 or not isinstance(value, dict):
        return value if len(path) == 1 else _MISSING
    return value.get(path[1], _MISSING)


class FaceWatch:
    """Faces and sides of every piece of a state, kept up to date cheaply."""

    def __init__(self, face: Callable[[State, str], CounterFace],
                 side: Callable[[State, str], str | None]) -> None:
        self._face_of = face
        self._side_of = side
        self.faces: dict[str, CounterFace] = {}
        self.sides: dict[str, str] = {}
        self._deps: dict[str, frozenset[Path]] = {}
        self._readers: dict[Path, set[str]] = {}
        self._copies: dict[Path, Any] = {}
        self._pieces: dict[str, Any] = {}
        """The copy of every ``state["pieces"][pid]`` read (the common case, compared
        in one pass)."""
        self._always: set[str] = set()
        """Pieces whose face reads the whole state: asked again every time."""

    def reset(self) -> None:
        """Forget everything (a new game)."""
        self.__init__(self._face_of, self._side_of)  # type: ignore[misc]

    def refresh(self, state: State) -> set[str]:
        """Bring faces and sides up to date with ``state``; return the pieces whose face
        or side may have changed (new pieces included, removed ones dropped)."""
        pieces = state["pieces"]
        for pid in self.faces.keys() - pieces.keys():
            self._forget(pid)
        dirty = (pieces.keys() - self.faces.keys()) | self._always
        copies = self._pieces
        # every piece compared with its copy in one pass without a Python loop (1,000
        # pieces: a fraction of a millisecond); the few that differ, one by one
        differ = map(ne, map(pieces.get, copies.keys(), repeat(_MISSING)), copies.values())
        for pid in compress(copies.keys(), differ):
            dirty.update(self._readers.get(("pieces", pid), ()))
        for path, copied in self._copies.items():
            if _value_at(state, path) != copied:
                dirty.update(self._readers.get(path, ()))
        dirty &= pieces.keys()
        if dirty:
            self._recompute(state, dirty)
        return dirty

    def _forget(self, pid: str) -> None:
        self._always.discard(pid)
        self.faces.pop(pid, None)
        self.sides.pop(pid, None)
        for path in self._deps.pop(pid, ()):
            readers = self._readers.get(path)
            if readers is not None:
                readers.discard(pid)
                if not readers:
                    del self._readers[path]
                    self._copies.pop(path, None)
                    if len(path) == 2 and path[0] == "pieces":
                        self._pieces.pop(path[1], None)

    def _recompute(self, state: State, pids: set[str]) -> None:
        notes: set[Path] = set()
        seconds: dict[Hashable, _Noted] = {}

        def deeper(key: Hashable, value: Any) -> Any:
            if type(value) is not dict:
                return value
            noted = seconds.get(key)
            if noted is None:
                noted = seconds[key] = _Noted(value, (key,), notes)
            return noted

        view = _Noted(state, (), notes, deeper)
        copied: set[Path] = set()
        for pid in pids:
            self._always.discard(pid)
            for path in self._deps.get(pid, ()):
                readers = self._readers.get(path)
                if readers is not None:
                    readers.discard(pid)
            notes.clear()
            try:
                face = self._face_of(view, pid)  # type: ignore[arg-type]
                side = self._side_of(view, pid)  # type: ignore[arg-type]
                deps = frozenset(notes)
            except Exception:  # noqa: BLE001 - a rule that cannot read a view: ask it plainly
                face = self._face_of(state, pid)
                side = self._side_of(state, pid)
                deps = frozenset({()})
            self.faces[pid] = face
            self.sides[pid] = side or ""
            if () in deps:
                self._always.add(pid)
                deps = frozenset()
            self._deps[pid] = deps
            for path in deps:
                self._readers.setdefault(path, set()).add(pid)
                if path in copied:
                    continue
                copied.add(path)
                if len(path) == 2 and path[0] == "pieces":
                    self._pieces[path[1]] = _snap(_value_at(state, path))
                else:
                    self._copies[path] = _snap(_value_at(state, path))
