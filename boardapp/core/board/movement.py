"""Where can a stack go, and at what cost: a shortest-path query on the map graph.

The ruleset supplies the rules as small predicates (hammer's ``can_block_move_to``):
the cost of entering a place (``None`` when it may not be entered), whether the stack
must stop on entering it, and an optional extra cost paid on arrival (for example the
movement point spent to take control of a city). A Dijkstra search (networkx's, written
out) finds the places.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import count
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

EnterCost = Callable[[str, str], int | None]
"""``enter_cost(src, dst)``: movement points to enter ``dst`` from ``src``, or ``None``."""


@dataclass(frozen=True)
class Reach:
    """A place a stack can reach: total cost, the path taken, and what happens there."""

    place: str
    cost: int
    path: tuple[str, ...]
    extra_paid: bool = False
    stops: bool = False
    label: str = ""
    """What the board writes on the place while a drag shows it (default: the cost in
    MP), e.g. a price when the drag buys a counter."""


def _never(place: str) -> bool:
    return False


def _nothing(place: str) -> int:
    return 0


def reachable(graph: nx.Graph, start: str, budget: int, enter_cost: EnterCost,
              must_stop: Callable[[str], bool] = _never,
              arrival_extra: Callable[[str], int] = _nothing,
              slack: int | None = None, target: str | None = None) -> dict[str, Reach]:
    """All places reachable from ``start`` with ``budget`` movement points.

    ``enter_cost(src, dst)`` is the full cost of entering ``dst`` when moving on
    through it (including any ``arrival_extra``); the stack does not leave a place where
    ``must_stop`` is true. At the final place the ``arrival_extra`` may be left unpaid
    when the budget does not cover it (``extra_paid`` tells which). ``start`` itself is
    not in the result. ``slack``: an upper bound of ``arrival_extra`` (default: its
    largest value on the graph, asked of every place); any bound gives the same answer,
    a tight one a shorter search. ``target``: the search stops once the cost of reaching
    ``target`` is known; the result holds the places whose cost was known by then, each
    as the whole search gives it (``target`` among them if it can be reached): a check
    of one move costs less than the whole reach.

    The search is networkx's Dijkstra (``single_source_dijkstra`` with a cutoff) written
    out, with the same order of visits, ties and paths; ``must_stop`` and
    ``arrival_extra`` are asked once per place (they must not change during a search).

    >>> import networkx as nx
    >>> g = nx.path_graph(["a", "b", "c", "d"])
    >>> sorted(reachable(g, "a", 2, lambda s, d: 1))
    ['b', 'c']
    >>> reachable(g, "a", 5, lambda s, d: 1, must_stop=lambda p: p == "b")["b"].stops
    True
    >>> sorted(reachable(g, "a", 5, lambda s, d: 1, target="b"))
    ['b']
    """
    if start not in graph:
        return {}
    if slack is None:
        slack = 0 if arrival_extra is _nothing else max(
            (arrival_extra(n) for n in graph.nodes), default=0)
    cutoff = budget + slack
    stops: dict[str, bool] = {}

    def stop(place: str) -> bool:
        if place not in stops:
            stops[place] = must_stop(place)
        return stops[place]

    adjacency = graph._adj  # networkx's own adjacency, in its order of neighbours
    dist: dict[str, int] = {}
    seen: dict[str, int] = {start: 0}
    pred: dict[str, str] = {}
    counter = count(1)
    fringe: list[tuple[int, int, str]] = [(0, 0, start)]
    while fringe:
        dist_v, _, v = heappop(fringe)
        if v in dist:
            continue
        dist[v] = dist_v
        if v == target:
            break  # its cost and path are final
        if v != start and stop(v):
            continue  # no move on from a place where the stack must stop
        for u in adjacency[v]:
            cost = enter_cost(v, u)
            if cost is None:
                continue
            vu_dist = dist_v + cost
            if vu_dist > cutoff:
                continue
            if u in dist:
                if vu_dist < dist[u]:
                    raise ValueError("Contradictory paths found:", "negative weights?")
            elif u not in seen or vu_dist < seen[u]:
                seen[u] = vu_dist
                heappush(fringe, (vu_dist, next(counter), u))
                pred[u] = v
    paths: dict[str, tuple[str, ...]] = {start: (start,)}
    result: dict[str, Reach] = {}
    for place, cost in dist.items():
        if place == start:
            continue
        paths[place] = path = (*paths[pred[place]], place)
        extra = arrival_extra(place)
        if cost <= budget:
            result[place] = Reach(place, int(cost), path, extra > 0, stop(place))
        elif cost - extra <= budget:
            result[place] = Reach(place, int(cost - extra), path, False, stop(place))
    return result
