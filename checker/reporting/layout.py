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


# -- edges that do not pass behind other nodes ---------------------------------------------------------------------
def _bezier_points(x1, y1, x2, y2, samples: int = 48) -> list:
    """Points along the vertical S-curve from (x1, y1) to (x2, y2) the drawings use (control points at mid-height)."""
    mid = (y1 + y2) / 2
    out = []
    for i in range(samples + 1):
        t = i / samples
        u = 1 - t
        out.append((u**3 * x1 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x2,
                    u**3 * y1 + 3 * u * u * t * mid + 3 * u * t * t * mid + t**3 * y2))
    return out


def _inside(point, box, pad: float) -> bool:
    x, y = point
    bx, by, bw, bh = box
    return bx - pad < x < bx + bw + pad and by - pad < y < by + bh + pad


def _segment_hits(p, q, box, pad: float) -> bool:
    """Whether the axis-parallel segment ``p``–``q`` meets ``box`` (x, y, w, h) grown by ``pad``."""
    bx, by, bw, bh = box
    (x1, y1), (x2, y2) = p, q
    lo_x, hi_x, lo_y, hi_y = min(x1, x2), max(x1, x2), min(y1, y2), max(y1, y2)
    return lo_x < bx + bw + pad and hi_x > bx - pad and lo_y < by + bh + pad and hi_y > by - pad


def curve_is_clear(x1, y1, x2, y2, boxes, pad: float = 2.0) -> bool:
    """Whether the S-curve of an edge misses every box of ``boxes`` (the nodes it does not join)."""
    hull = (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))  # the curve lies in its end points' rectangle
    boxes = [b for b in boxes if _segment_hits((hull[0], hull[1]), (hull[0] + hull[2], hull[1] + hull[3]), b, pad)]
    return not any(_inside(pt, box, pad) for pt in _bezier_points(x1, y1, x2, y2) for box in boxes)


def route_edge(start, end, boxes, channels, *, gap: float, pad: float = 2.0):
    """The path of an edge from ``start`` (the top middle of the node that uses) up to ``end`` (the bottom middle of
    the node used), as a list of points, that passes behind none of ``boxes`` (the other nodes: an edge drawn across
    a node reads as a chain through it, A -> C -> B where only A -> B exists).

    The S-curve when it is clear (returns ``None``: draw the curve); else an orthogonal route: up into the free
    band above ``start`` (``gap`` / 2 above it: rows are ``gap`` apart and hold no nodes in between), across to a
    free vertical ``channel`` (a column gap, a panel's margin), up to the band below ``end``, across, and up; the
    shortest such route that meets no box.  When no channel is free, the curve (``None``)."""
    (x1, y1), (x2, y2) = start, end
    if curve_is_clear(x1, y1, x2, y2, boxes, pad):
        return None
    low, high = y1 - gap / 2, y2 + gap / 2
    lo_y, hi_y = min(y2, y1), max(y2, y1)
    near = [b for b in boxes if b[1] - pad < hi_y and b[1] + b[3] + pad > lo_y]
    blocked = [(b[0] - pad, b[0] + b[2] + pad) for b in near]  # a channel inside one of these meets a box
    for channel in sorted(set(channels), key=lambda c: (abs(c - x1) + abs(c - x2), c)):
        if any(lo < channel < hi for lo, hi in blocked):
            continue
        points = [(x1, y1), (x1, low), (channel, low), (channel, high), (x2, high), (x2, y2)]
        if not any(_segment_hits(p, q, box, pad) for p, q in zip(points, points[1:]) for box in near):
            return points
    return None
