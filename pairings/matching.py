"""Maximum-weight matching over a small graph, deterministic.

networkx's implementation (Edmonds' blossom algorithm, after Galil's description)
works on Python integers, so the criteria's bit fields may be as wide as they need.
"""

from __future__ import annotations

import networkx as nx


def max_weight_matching(nodes: int, edges: list[tuple[int, int, int]]) -> dict[int, int]:
    """The mate of every matched node of a maximum-weight matching."""
    graph = nx.Graph()
    graph.add_nodes_from(range(nodes))
    graph.add_weighted_edges_from(edges)
    mate: dict[int, int] = {}
    for a, b in nx.max_weight_matching(graph):
        mate[a] = b
        mate[b] = a
    return mate
