"""Maximum-weight matching, deterministic.

rustworkx (compiled) takes integer weights up to 128 bits; networkx (pure Python,
much slower) takes Python integers of any width, for the rare bracket whose
criteria alone need more.
"""

from __future__ import annotations

import networkx as nx
import rustworkx as rx


def max_weight_matching(
    nodes: int, edges: list[tuple[int, int, int]], bits: int | None
) -> dict[int, int]:
    """The mate of every matched node; ``bits`` bounds the weights (None: unbounded)."""
    if bits is not None:
        graph = rx.PyGraph()
        graph.add_nodes_from(range(nodes))
        graph.add_edges_from(edges)
        matched = rx.max_weight_matching(graph, weight_fn=lambda weight: weight)
    else:
        nx_graph: nx.Graph[int] = nx.Graph()
        nx_graph.add_nodes_from(range(nodes))
        nx_graph.add_weighted_edges_from(edges)
        matched = nx.max_weight_matching(nx_graph)
    mate: dict[int, int] = {}
    for a, b in matched:
        mate[a] = b
        mate[b] = a
    return mate
