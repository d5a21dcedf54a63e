"""Measures a ruleset's ``evaluate`` may build on: steps between places of a map, and
how near a side's pieces stand to the places it wants.

Each game says what counts by its own rules (its ``standing`` and ``evaluate``); these
are the generic parts: breadth-first distances over the map's links (cached per map
and target set) and the nearest piece to each target. Qt-free; names no game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from ..board.mapdata import BoardMap
from ..engine.state import State

_DISTANCES: dict[tuple[int, frozenset[str]], dict[str, int]] = {}
_KEPT = 512
"""Distance tables kept at most (one per map and set of targets)."""


def steps_to(bmap: BoardMap, targets: Iterable[str]) -> dict[str, int]:
    """Links from each place of ``bmap`` to the nearest of ``targets`` (places that
    cannot reach one are left out)."""
    goal = frozenset(t for t in targets if bmap.is_place(t))
    key = (id(bmap), goal)
    found = _DISTANCES.get(key)
    if found is not None:
        return found
    dist = {t: 0 for t in goal}
    queue = deque(goal)
    while queue:
        place = queue.popleft()
        for nxt in bmap.neighbours(place):
            if nxt not in dist:
                dist[nxt] = dist[place] + 1
                queue.append(nxt)
    if len(_DISTANCES) >= _KEPT:
        _DISTANCES.clear()
    _DISTANCES[key] = dist
    return dist


def nearest(bmap: BoardMap, state: State, pieces: Iterable[str], target: str,
            far: int = 20) -> int:
    """Links from ``target`` to the nearest of ``pieces`` on the map (``far`` if none
    stands on the map or can reach it)."""
    dist = steps_to(bmap, (target,))
    best = far
    for pid in pieces:
        loc = state["pieces"][pid]["loc"]
        best = min(best, dist.get(loc, far))
    return best


def approach(bmap: BoardMap, state: State, pieces: list[str], targets: Iterable[str],
             far: int = 20) -> float:
    """The sum, over ``targets``, of the links to the nearest of ``pieces``: lower is
    nearer (a side closing on the places it wants)."""
    return float(sum(nearest(bmap, state, pieces, t, far) for t in targets))
