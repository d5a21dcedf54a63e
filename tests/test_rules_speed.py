"""The rules made faster (issue 14) answer exactly as before: each shortcut is checked
against the plain computation it replaces, on random inputs and random game positions."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from boardapp.core.board.movement import Reach, reachable


def reachable_by_networkx(graph, start, budget, enter_cost, must_stop=lambda p: False,
                          arrival_extra=lambda p: 0):
    """The search as it was written before: networkx's Dijkstra with a cutoff."""
    if start not in graph:
        return {}
    slack = max((arrival_extra(n) for n in graph.nodes), default=0)

    def weight(u, v, _data):
        if u != start and must_stop(u):
            return None
        return enter_cost(u, v)

    dist, paths = nx.single_source_dijkstra(graph, start, cutoff=budget + slack, weight=weight)
    result = {}
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


@st.composite
def searches(draw):
    n = draw(st.integers(2, 14))
    nodes = [f"p{i}" for i in range(n)]
    edges = draw(st.lists(st.tuples(st.sampled_from(nodes), st.sampled_from(nodes)),
                          max_size=3 * n))
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from((a, b) for a, b in edges if a != b)
    values = draw(st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=16,
                           max_size=16))
    costs = {(a, b): values[(i * 7 + j * 3) % 16] for i, a in enumerate(nodes)
             for j, b in enumerate(nodes)}
    stops = set(draw(st.lists(st.sampled_from(nodes), max_size=n)))
    extras = {p: draw(st.integers(0, 2)) for p in nodes}
    return (graph, draw(st.sampled_from(nodes)), draw(st.integers(0, 8)), costs, stops,
            extras, draw(st.booleans()))


@settings(max_examples=200, deadline=None)
@given(searches())
def test_the_search_finds_what_networkx_found(case):
    graph, start, budget, costs, stops, extras, bounded = case

    def enter(src, dst):
        return costs[src, dst]

    expected = reachable_by_networkx(graph, start, budget, enter, stops.__contains__,
                                     extras.__getitem__)
    slack = 2 if bounded else None  # any upper bound of the extra gives the same answer
    found = reachable(graph, start, budget, enter, stops.__contains__, extras.__getitem__,
                      slack=slack)
    assert list(found.items()) == list(expected.items())
