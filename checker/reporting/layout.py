"""Where the nodes of a dependency drawing go (pure Python, networkx only; deterministic).

Two layouts, both layered (Sugiyama style: what a node uses is drawn above it):

* :func:`layered_positions`: one layered drawing.  Layer of a node = length of the longest chain of
  uses below it (foundations are layer 0, at the top); a layer wider than ``row_width`` wraps onto
  several rows; within a row, a few barycenter sweeps (the mean column of the neighbours in other
  rows) remove most crossings, ties broken by id.  Used for one item's neighbourhood.
* :func:`grouped_positions`: the whole graph as one panel per group (the id's namespace, i.e. the
  module or topic), each panel laid out as above from the uses inside it, panels in dependency order
  (a panel whose items use another's comes after it) packed into shelves of bounded width.  A
  drawing of every node in one set of layers was measured at 9,000 × 800 px with graphviz ``dot``
  for the 138 items of the corpus (a flat, unreadable band); panels keep each topic together and
  the drawing near a screen's proportions.
"""
from __future__ import annotations

import networkx as nx

LABEL_CHARS = 24


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


def wrap_label(text: str, width: int = LABEL_CHARS) -> list:
    """``text`` cut into lines of at most ``width`` characters, after an underscore, space or dot where possible."""
    tokens, current = [], ""
    for ch in text:
        current += ch
        if ch in "_ .":
            tokens.append(current)
            current = ""
    if current:
        tokens.append(current)
    lines, line = [], ""
    for token in tokens:
        while len(token) > width:  # a word longer than a line is cut
            if line:
                lines.append(line)
                line = ""
            lines.append(token[:width])
            token = token[width:]
        if len(line) + len(token) > width and line:
            lines.append(line)
            line = ""
        line += token
    if line:
        lines.append(line)
    return lines or [""]


def namespace(node_id: str) -> str:
    """The group of a node in a drawing: its id up to the first dot (the topic or module)."""
    return node_id.split(".", 1)[0] if "." in node_id else "(no namespace)"


def _group_order(graph: nx.DiGraph, group_of: dict) -> list:
    """Groups in dependency order: a group comes after every group its nodes use (cycles kept together)."""
    g = nx.DiGraph()
    g.add_nodes_from(sorted(set(group_of.values())))
    g.add_edges_from((group_of[a], group_of[b]) for a, b in graph.edges if group_of[a] != group_of[b])
    condensed = nx.condensation(g)
    level = layers(condensed)
    members = condensed.graph["mapping"]
    return sorted(g.nodes, key=lambda grp: (level[members[grp]], grp))


def _panel_columns(size: int) -> int:
    return 1 if size <= 2 else 2 if size <= 6 else 3 if size <= 12 else 4


def grouped_positions(graph: nx.DiGraph, *, node_w: float, node_h: float, col_gap: float = 18,
                      row_gap: float = 30, pad: float = 14, title_h: float = 22, max_width: float = 1560,
                      panel_gap: float = 26) -> tuple:
    """``(positions, panels)``: node -> (x, y) of its box's top-left corner, and the panels as
    ``(group, x, y, width, height)``, every coordinate in pixels from the drawing's top-left corner."""
    group_of = {n: namespace(n) for n in graph.nodes}
    blocks = []
    for grp in _group_order(graph, group_of):
        members = sorted(n for n in graph.nodes if group_of[n] == grp)
        cols = _panel_columns(len(members))
        grid = layered_positions(graph.subgraph(members), row_width=cols)
        rows = max(r for _, r in grid.values()) + 1
        width = 2 * pad + cols * node_w + (cols - 1) * col_gap
        height = title_h + 2 * pad + rows * node_h + (rows - 1) * row_gap
        local = {n: (pad + c * (node_w + col_gap), title_h + pad + r * (node_h + row_gap)) for n, (c, r) in grid.items()}
        blocks.append((grp, width, height, local))
    positions, panels = {}, []
    x = y = shelf_h = 0.0
    for grp, width, height, local in blocks:
        if x > 0 and x + width > max_width:
            x, y, shelf_h = 0.0, y + shelf_h + panel_gap, 0.0
        panels.append((grp, x, y, width, height))
        for n, (lx, ly) in local.items():
            positions[n] = (x + lx, y + ly)
        x += width + panel_gap
        shelf_h = max(shelf_h, height)
    return positions, panels
