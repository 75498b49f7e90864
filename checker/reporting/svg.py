"""The dependency graph as SVG, with a legend entry for every visual mark it uses.

Marks: the shape of a node is its kind, the fill its verdict, a thick black border an item expected
to fail (a false variation), a blue ring the item whose page this is, a tag ``H n`` the n hypotheses
folded into the item (drawn as their own nodes only when asked), the stroke of an arrow how one item
uses another (statement solid, proof dashed, assumption dotted; an arrow between two modules is
faint until its node is pointed at), and a rounded panel one module (the id's namespace).  Every
drawn mark carries ``data-mark`` keys and :func:`legend_entries` has an entry for each key, so a test
can check that nothing drawn is missing from the legend.  Every node is a link to its page.
"""
from __future__ import annotations

from html import escape

from .layout import grouped_positions, layered_positions, namespace, route_edge, wrap_label

NODE_W, LINE_H, FONT, COL_GAP, ROW_GAP, MARGIN = 184, 12.5, 10.5, 18, 30, 16
HIGHLIGHT = "#1565c0"

VERDICT_FILL = {
    "proved": "#2e7d32", "confirmed": "#8bc34a", "defined": "#90caf9", "stated": "#e0e0e0",
    "inconclusive": "#ffb300", "refuted": "#e53935", "error": "#6a1b9a", "unsupported": "#ff7043",
    "not established": "#bdbdbd", "postulate": "#ce93d8", "hypothesis": "#fff59d", "not run": "#ffffff",
}
DARK_FILLS = {"proved", "refuted", "error"}
EDGE_STYLE = {"statement": ("#546e7a", ""), "proof": ("#8d6e63", "6,4"), "assumes": ("#8e24aa", "2,3")}
EDGE_LABEL = {"statement": "uses (in its statement)", "proof": "uses (in its proof)",
              "assumes": "assumes (a postulate or hypothesis)"}
KIND_SHAPE = {"definition": "box", "postulate": "hexagon", "lemma": "rounded", "theorem": "ellipse",
              "corollary": "octagon", "counterexample": "diamond", "example": "parallelogram",
              "remark": "note", "cited": "double box", "hypothesis": "pill"}
FONT_FAMILY = "DejaVu Sans,Verdana,Arial,sans-serif"


def page_name(node_id: str) -> str:
    """The file name of an item's page (``items/<page_name>``): the id where it is a safe file name."""
    import hashlib
    import re
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", node_id)
    if safe != node_id or safe.startswith(".") or not safe:
        safe = f"{safe}-{hashlib.sha256(node_id.encode()).hexdigest()[:8]}"
    return safe + ".html"


def node_table(corpus, report=None) -> dict:
    """id -> drawing attributes (kind, verdict, title, expected, assumption?, folded hypotheses) of every
    graph node; without a report every item is drawn ``not run``."""
    by_id = {r["id"]: r for r in (report or {}).get("items", [])}
    nodes = {}
    for n in corpus.graph.nodes:
        data = corpus.graph.nodes[n]
        if n in corpus.items:
            r = by_id.get(n)
            if r is None:
                verdict = "not run"
            elif r.get("established") in ("unsupported", "not established"):
                verdict = r["established"]
            else:
                verdict = r.get("verdict", "stated")
            if data["kind"] == "postulate" and verdict == "stated":
                verdict = "postulate"  # an adopted postulate is drawn as the assumption it is
            folded = sorted(a.id for a in corpus.items[n].assumes if a.id not in corpus.items)
            nodes[n] = {"kind": data["kind"], "verdict": verdict, "title": data.get("title", ""),
                        "expected": data.get("expected", "holds"), "hypotheses": folded}
        else:
            kind = data.get("assumption_kind", "hypothesis")
            nodes[n] = {"kind": kind, "verdict": kind, "title": data.get("title", ""), "assumption": True}
    return nodes


def drawn_graph(graph, corpus_items, hypotheses: bool = False):
    """The graph to draw: items only (hypotheses folded into the items that assume them) unless ``hypotheses``."""
    return graph if hypotheses else graph.subgraph([n for n in graph.nodes if n in corpus_items])


def _shape(kind: str, x: float, y: float, w: float, h: float, style: str) -> str:
    shape = KIND_SHAPE.get(kind, "box")
    if shape == "ellipse":
        return f'<ellipse cx="{x + w / 2:.1f}" cy="{y + h / 2:.1f}" rx="{w / 2:.1f}" ry="{h / 2:.1f}" {style}/>'
    if shape in ("rounded", "pill"):
        r = h / 2 if shape == "pill" else min(10, h / 3)
        return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{r:.1f}" {style}/>'
    if shape == "double box":
        return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" {style}/>'
                f'<rect x="{x + 3:.1f}" y="{y + 3:.1f}" width="{w - 6:.1f}" height="{h - 6:.1f}" fill="none" stroke="#37474f"/>')
    if shape == "note":
        return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" stroke-dasharray="4,2" {style}/>'
    d = min(12, w / 5)
    pts = {
        "hexagon": [(x + d, y), (x + w - d, y), (x + w, y + h / 2), (x + w - d, y + h), (x + d, y + h), (x, y + h / 2)],
        "octagon": [(x + d * .7, y), (x + w - d * .7, y), (x + w, y + d * .7), (x + w, y + h - d * .7),
                    (x + w - d * .7, y + h), (x + d * .7, y + h), (x, y + h - d * .7), (x, y + d * .7)],
        "diamond": [(x + w / 2, y - 3), (x + w, y + h / 2), (x + w / 2, y + h + 3), (x, y + h / 2)],
        "parallelogram": [(x + d, y), (x + w, y), (x + w - d, y + h), (x, y + h)],
    }.get(shape)
    if pts is None:
        return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" {style}/>'
    return f'<polygon points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in pts)}" {style}/>'


def _labels(nodes_ids, grouped: bool) -> dict:
    """Node -> (namespace line or "", name lines): the full id, the namespace left to the panel when grouped."""
    out = {}
    for n in nodes_ids:
        ns, _, name = n.partition(".") if "." in n else ("", "", n)
        out[n] = ("" if grouped else ns + ".", wrap_label(name))
    return out


def graph_svg(graph, nodes: dict, *, href, highlight: str = "", grouped: bool = True, row_width: int = 5,
              svg_id: str = "", legend: bool = False) -> str:
    """The DAG ``graph`` as SVG.  ``nodes`` maps id -> attributes (:func:`node_table`); ``href(id)`` is the
    link of a node.  ``grouped``: one panel per module (the whole graph); otherwise one layered drawing
    with the module written above each name (one item's neighbourhood).  ``legend`` appends the legend
    (for a standalone file)."""
    labels = _labels(graph.nodes, grouped)
    lines = max((len(name) + (1 if ns else 0) for ns, name in labels.values()), default=1)
    node_h = 12 + LINE_H * lines
    panels = []
    if grouped:
        pos, panels = grouped_positions(graph, node_w=NODE_W, node_h=node_h, col_gap=COL_GAP, row_gap=ROW_GAP)
        pos = {n: (MARGIN + x, MARGIN + y) for n, (x, y) in pos.items()}
    else:
        grid = layered_positions(graph, row_width=row_width)
        pos = {n: (MARGIN + c * (NODE_W + COL_GAP), MARGIN + r * (node_h + ROW_GAP)) for n, (c, r) in grid.items()}
    width = max((x + NODE_W for x, _ in pos.values()), default=0) + MARGIN
    height = max((y + node_h for _, y in pos.values()), default=0) + MARGIN
    for _, px, py, pw, ph in panels:
        width, height = max(width, MARGIN * 2 + px + pw), max(height, MARGIN * 2 + py + ph)
    marks: set = set()
    body = ['<g class="panels">']
    for grp, px, py, pw, ph in panels:
        marks.add("panel")
        body.append(f'<g class="panel" data-module="{escape(grp)}"><rect x="{MARGIN + px:.1f}" y="{MARGIN + py:.1f}" '
                    f'width="{pw:.1f}" height="{ph:.1f}" rx="10" fill="#f7f9fa" stroke="#b0bec5" data-mark="panel"/>'
                    f'<text x="{MARGIN + px + 12:.1f}" y="{MARGIN + py + 17:.1f}" font-size="12" font-weight="bold" '
                    f'fill="#37474f">{escape(grp)}</text></g>')
    body.append('</g><g class="edges">')
    group_of = {n: namespace(n) for n in graph.nodes}
    boxes = {n: (x, y, NODE_W, node_h) for n, (x, y) in pos.items()}
    channels = [MARGIN / 2] + [x - COL_GAP / 2 for x, _ in pos.values()] + [x + NODE_W + COL_GAP / 2 for x, _ in pos.values()]
    channels += [MARGIN + px + 7 for _, px, _, _, _ in panels] + [MARGIN + px + pw - 7 for _, px, _, pw, _ in panels]
    for a, b in sorted(graph.edges):
        use = graph.edges[a, b].get("use", "statement")
        colour, dash = EDGE_STYLE.get(use, EDGE_STYLE["statement"])
        cross = grouped and group_of[a] != group_of[b]
        (xa, ya), (xb, yb) = pos[a], pos[b]
        x1, y1, x2, y2 = xa + NODE_W / 2, ya, xb + NODE_W / 2, yb + node_h
        if yb + node_h > ya:  # not above: leave from the side
            y1, y2 = ya + node_h / 2, yb + node_h / 2
            x1, x2 = (xa, xb + NODE_W) if xb < xa else (xa + NODE_W, xb)
        mid = (y1 + y2) / 2
        shape = f"M{x1:.1f},{y1:.1f} C{x1:.1f},{mid:.1f} {x2:.1f},{mid:.1f} {x2:.1f},{y2:.1f}"
        if y2 < y1:  # drawn upwards: around the nodes it does not join, not behind them
            others = [box for n, box in boxes.items() if n not in (a, b)]
            route = route_edge((x1, y1), (x2, y2), others, channels, gap=ROW_GAP)
            if route is not None:
                shape = "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in route)
        mark = f"edge-{use}" + (" edge-cross" if cross else "")
        marks.update(mark.split())
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        body.append(f'<path class="edge{" cross" if cross else ""}" data-from="{escape(a)}" data-to="{escape(b)}" '
                    f'data-mark="{mark}" d="{shape}" '
                    f'fill="none" stroke="{colour}" stroke-opacity="{0.16 if cross else 0.6}"{dash_attr} '
                    f'marker-end="url(#arrow)"/>')
    body.append('</g><g class="nodes">')
    for n in sorted(pos):
        info = dict(nodes.get(n, {}))
        info["hypotheses"] = [h for h in info.get("hypotheses") or [] if h not in graph]  # folded: not drawn
        body.append(_node(n, info, pos[n], node_h, labels[n], href(n), n == highlight, marks))
    body.append("</g>")
    legend_part, legend_h = ("", 0)
    if legend:
        legend_part, legend_h, legend_w = legend_svg(marks, y=height, width=max(width, 600))
        width = max(width, legend_w)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="graph"{f" id={chr(34)}{svg_id}{chr(34)}" if svg_id else ""} '
            f'viewBox="0 0 {width:.0f} {height + legend_h:.0f}" width="{width:.0f}" height="{height + legend_h:.0f}" '
            f'font-family="{FONT_FAMILY}" role="img" aria-label="dependency graph, {len(pos)} nodes" '
            f'data-marks="{" ".join(sorted(marks))}">'
            '<defs><marker id="arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" '
            'orient="auto-start-reverse"><path d="M0,0 L8,4 L0,8 z" fill="#78909c"/></marker></defs>'
            + "".join(body) + legend_part + "</svg>")


def _node(n: str, info: dict, xy: tuple, node_h: float, label: tuple, link: str, is_hl: bool, marks: set) -> str:
    kind, verdict = info.get("kind", "definition"), info.get("verdict", "stated")
    x, y = xy
    fails = info.get("expected") == "fails"
    stroke, width = ("#000000", 3) if fails else ("#37474f", 1)
    mark = [f"kind-{kind}", f"verdict-{verdict}"] + (["expected-fails"] if fails else [])
    marks.update(mark)
    parts = [_shape(kind, x, y, NODE_W, node_h, f'fill="{VERDICT_FILL.get(verdict, "#ffffff")}" stroke="{stroke}" '
                    f'stroke-width="{width}" data-mark="{" ".join(mark)}"')]
    if is_hl:
        marks.add("highlight")
        parts.append(f'<rect x="{x - 5:.1f}" y="{y - 6:.1f}" width="{NODE_W + 10}" height="{node_h + 12:.1f}" rx="8" '
                     f'fill="none" stroke="{HIGHLIGHT}" stroke-width="3" data-mark="highlight"/>')
    folded = info.get("hypotheses") or []
    if folded:
        marks.add("hypotheses")
        parts.append(f'<g data-mark="hypotheses"><rect x="{x + NODE_W - 26:.1f}" y="{y - 7:.1f}" width="26" height="14" '
                     f'rx="7" fill="#fff59d" stroke="#37474f" stroke-width="0.8"/><text x="{x + NODE_W - 13:.1f}" '
                     f'y="{y + 3.5:.1f}" text-anchor="middle" font-size="9" fill="#111111">H{len(folded)}</text></g>')
    colour = "#ffffff" if verdict in DARK_FILLS else "#111111"
    ns, name = label
    rows = ([(ns, True)] if ns else []) + [(line, False) for line in name]
    top = y + node_h / 2 - LINE_H * len(rows) / 2 + FONT - 1
    texts = "".join(f'<tspan x="{x + NODE_W / 2:.1f}" y="{top + i * LINE_H:.1f}"'
                    + (' font-size="9" fill-opacity="0.75"' if muted else "") + f">{escape(line)}</tspan>"
                    for i, (line, muted) in enumerate(rows))
    tooltip = escape(f"{n} — {info.get('title', '')} — {kind}, {verdict}"
                     + (f"; hypotheses: {', '.join(folded)}" if folded else ""))
    return (f'<a href="{escape(link)}" class="node" data-id="{escape(n)}" data-kind="{escape(kind)}" '
            f'data-verdict="{escape(verdict)}" data-module="{escape(namespace(n))}"><title>{tooltip}</title>'
            f'{"".join(parts)}<text text-anchor="middle" font-size="{FONT}" fill="{colour}">{texts}</text></a>')


def legend_entries(marks) -> list:
    """``(key, swatch SVG, label)`` for every mark in ``marks`` (kinds, verdicts, edges, border, ring, tag, panel)."""
    out = []
    style = 'fill="#ffffff" stroke="#37474f" stroke-width="1"'
    for kind in KIND_SHAPE:
        if f"kind-{kind}" in marks:
            out.append((f"kind-{kind}", _shape(kind, 2, 4, 40, 16, style), kind))
    for verdict, fill in VERDICT_FILL.items():
        if f"verdict-{verdict}" in marks:
            out.append((f"verdict-{verdict}", f'<rect x="8" y="4" width="28" height="16" fill="{fill}" stroke="#37474f"/>',
                        verdict if verdict not in ("postulate", "hypothesis") else f"{verdict} (an assumption)"))
    for use, (colour, dash) in EDGE_STYLE.items():
        if f"edge-{use}" in marks:
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            out.append((f"edge-{use}", f'<line x1="2" y1="12" x2="42" y2="12" stroke="{colour}" stroke-width="2"{dash_attr}/>',
                        EDGE_LABEL[use]))
    extra = {
        "edge-cross": ('<line x1="2" y1="12" x2="42" y2="12" stroke="#546e7a" stroke-opacity="0.25" stroke-width="2"/>',
                       "use across modules (faint; shown when its node is pointed at)"),
        "expected-fails": ('<rect x="8" y="4" width="28" height="16" fill="#e53935" stroke="#000" stroke-width="3"/>',
                           "thick black border: expected to fail (a false variation; refuted is as expected)"),
        "highlight": (f'<rect x="6" y="2" width="32" height="20" rx="5" fill="none" stroke="{HIGHLIGHT}" stroke-width="3"/>',
                      "this page's item"),
        "hypotheses": ('<rect x="9" y="5" width="26" height="14" rx="7" fill="#fff59d" stroke="#37474f"/>'
                       '<text x="22" y="15.5" text-anchor="middle" font-size="9">H2</text>',
                       "H n: the n hypotheses it assumes (folded; listed on its page)"),
        "panel": ('<rect x="2" y="2" width="40" height="20" rx="5" fill="#f7f9fa" stroke="#b0bec5"/>', "a module (the id's namespace)"),
    }
    out += [(key, swatch, label) for key, (swatch, label) in extra.items() if key in marks]
    return out


def legend_html(marks) -> str:
    """The legend as an HTML list (wraps on a narrow screen)."""
    items = "".join(f'<li data-legend="{key}"><svg width="44" height="24" viewBox="0 -2 44 26" aria-hidden="true">{swatch}</svg>'
                    f"{escape(label)}</li>" for key, swatch, label in legend_entries(marks))
    return f'<ul class="legend">{items}</ul>'


def legend_svg(marks, *, y: float, width: float) -> tuple:
    """``(svg fragment, height, width)``: the legend as rows of entries under a drawing that ends at ``y``."""
    cell_w, cell_h = 300, 26
    cols = max(1, int((width - 2 * MARGIN) // cell_w))
    entries = legend_entries(marks)
    parts = [f'<g class="legend" transform="translate({MARGIN},{y + 8:.0f})"><text y="12" font-size="12" font-weight="bold">legend</text>']
    for i, (key, swatch, label) in enumerate(entries):
        cx, cy = (i % cols) * cell_w, 20 + (i // cols) * cell_h
        parts.append(f'<g data-legend="{key}" transform="translate({cx},{cy})">{swatch}'
                     f'<text x="50" y="16" font-size="10.5">{escape(label)}</text></g>')
    parts.append("</g>")
    rows = (len(entries) + cols - 1) // cols
    return "".join(parts), 36 + rows * cell_h, 2 * MARGIN + min(cols, max(len(entries), 1)) * cell_w
