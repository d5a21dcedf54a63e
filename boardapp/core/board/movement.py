"""Where can a stack go, and at what cost: a shortest-path query on the map graph.

The ruleset supplies the rules as small predicates (hammer's ``can_block_move_to``):
the cost of entering a place (``None`` when it may not be entered), whether the stack
must stop on entering it, and an optional extra cost paid on arrival (for example the
movement point spent to take control of a city). networkx's Dijkstra does the search.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


def reachable(graph: nx.Graph, start: str, budget: int, enter_cost: EnterCost,
              must_stop: Callable[[str], bool] = lambda place: False,
              arrival_extra: Callable[[str], int] = lambda place: 0) -> dict[str, Reach]:
    """All places reachable from ``start`` with ``budget`` movement points.

    ``enter_cost(src, dst)`` is the full cost of entering ``dst`` when moving on
    through it (including any ``arrival_extra``); the stack does not leave a place where
    ``must_stop`` is true. At the final place the ``arrival_extra`` may be left unpaid
    when the budget does not cover it (``extra_paid`` tells which). ``start`` itself is
    not in the result.

    >>> g = nx.path_graph(["a", "b", "c", "d"])
    >>> sorted(reachable(g, "a", 2, lambda s, d: 1))
    ['b', 'c']
    >>> reachable(g, "a", 5, lambda s, d: 1, must_stop=lambda p: p == "b")["b"].stops
    True
    """
    if start not in graph:
        return {}
    slack = max((arrival_extra(n) for n in graph.nodes), default=0)

    def weight(u: str, v: str, _data: dict) -> int | None:
        if u != start and must_stop(u):
            return None
        return enter_cost(u, v)

    dist, paths = nx.single_source_dijkstra(graph, start, cutoff=budget + slack, weight=weight)
    result: dict[str, Reach] = {}
    for place, cost in dist.items():
        if place == start:
            continue
        extra = arrival_extra(place)
        if cost <= budget:
            result[place] = Reach(place, int(cost), tuple(paths[place]), extra > 0,
                                  must_stop(place))
        elif cost - extra <= budget:
            result[place] = Reach(place, int(cost - extra), tuple(paths[place]), False,
                                  must_stop(place))
    return result
