"""A layered drawing of the dependency DAG (Sugiyama style, with networkx only).

Layer of a node = length of the longest dependency chain below it (foundations are layer 0, drawn at
the top); a layer wider than ``row_width`` nodes wraps onto several rows.  Within a row, nodes are
ordered by a few barycenter sweeps (the mean position of their neighbours in the rows above and
below), which removes most crossings; ties are broken by id so the drawing is deterministic.
"""
from __future__ import annotations

import networkx as nx


def layers(graph: nx.DiGraph) -> dict:
    """Node -> layer: 0 for nodes that use nothing, else 1 + the largest layer of what it uses."""
    level: dict = {}
    for node in reversed(list(nx.lexicographical_topological_sort(graph))):
        succ = list(graph.successors(node))
        level[node] = 1 + max(level[s] for s in succ) if succ else 0
    return level


def layered_positions(graph: nx.DiGraph, *, row_width: int = 10, sweeps: int = 4) -> dict:
    """Node -> (column, row) grid coordinates; rows top to bottom, columns left to right."""
    level = layers(graph)
    by_layer: dict = {}
    for node, lv in level.items():
        by_layer.setdefault(lv, []).append(node)
    rows: list = []
    for lv in sorted(by_layer):
        nodes = sorted(by_layer[lv])
        for start in range(0, len(nodes), row_width):
            rows.append(nodes[start:start + row_width])
    undirected = graph.to_undirected(as_view=True)
    for _ in range(sweeps):
        row_of = {n: r for r, row in enumerate(rows) for n in row}
        col_of = {n: c + (row_width - len(rows[row_of[n]])) / 2 for r, row in enumerate(rows) for c, n in enumerate(row)}
        for r, row in enumerate(rows):
            def barycenter(n, r=r):
                cols = [col_of[m] for m in undirected.neighbors(n) if row_of[m] != r]
                return (sum(cols) / len(cols), n) if cols else (col_of[n], n)
            rows[r] = sorted(row, key=barycenter)
            for c, n in enumerate(rows[r]):
                col_of[n] = c + (row_width - len(rows[r])) / 2
    return {n: (c + (row_width - len(row)) / 2, r) for r, row in enumerate(rows) for c, n in enumerate(row)}
