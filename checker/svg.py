"""SVG drawings for the reports: the dependency graph (nodes linked to their sections) and line plots.

Pure string building, no browser script: shape encodes the kind, fill the verdict, the stroke of an
edge how one item uses another (statement use solid, proof use dashed, assumption dotted).  Every
node is an ``<a>`` to its section, so clicking a node shows it.
"""
from __future__ import annotations

import math
from html import escape

from .layout import layered_positions

NODE_W, NODE_H, COL, ROW, MARGIN = 150, 34, 166, 78, 24

VERDICT_FILL = {
    "proved": "#2e7d32", "confirmed": "#8bc34a", "defined": "#90caf9", "stated": "#e0e0e0",
    "inconclusive": "#ffb300", "refuted": "#e53935", "error": "#6a1b9a", "unsupported": "#ff7043",
    "not established": "#bdbdbd", "postulate": "#ce93d8", "hypothesis": "#fff59d",
}
DARK_FILLS = {"proved", "refuted", "error"}
EDGE_STYLE = {"statement": ("#546e7a", ""), "proof": ("#8d6e63", "6,4"), "assumes": ("#8e24aa", "2,3")}
KIND_SHAPE = {"definition": "box", "postulate": "hexagon", "lemma": "rounded", "theorem": "ellipse",
              "corollary": "octagon", "counterexample": "diamond", "example": "parallelogram",
              "remark": "note", "cited": "double box", "hypothesis": "pill"}


def anchor(node_id: str, assumption: bool = False) -> str:
    """The HTML id of a node's section."""
    return ("assumption-" if assumption else "item-") + node_id


def short_label(node_id: str, width: int = 24) -> str:
    """The id without its namespace, cut to ``width`` characters."""
    tail = node_id.split(".", 1)[-1]
    return tail if len(tail) <= width else tail[:width - 1] + "…"


def _shape(kind: str, x: float, y: float, fill: str, stroke: str, stroke_width: float) -> str:
    w, h = NODE_W, NODE_H
    style = f'fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"'
    shape = KIND_SHAPE.get(kind, "box")
    if shape == "ellipse":
        return f'<ellipse cx="{x + w / 2:.1f}" cy="{y + h / 2:.1f}" rx="{w / 2:.1f}" ry="{h / 2:.1f}" {style}/>'
    if shape in ("rounded", "pill"):
        r = h / 2 if shape == "pill" else 10
        return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="{r}" {style}/>'
    if shape == "double box":
        return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" {style}/>'
                f'<rect x="{x + 3:.1f}" y="{y + 3:.1f}" width="{w - 6}" height="{h - 6}" fill="none" stroke="{stroke}"/>')
    if shape == "note":
        return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" stroke-dasharray="4,2" {style}/>'
    pts = {
        "hexagon": [(x + 12, y), (x + w - 12, y), (x + w, y + h / 2), (x + w - 12, y + h), (x + 12, y + h), (x, y + h / 2)],
        "octagon": [(x + 8, y), (x + w - 8, y), (x + w, y + 8), (x + w, y + h - 8), (x + w - 8, y + h), (x + 8, y + h),
                    (x, y + h - 8), (x, y + 8)],
        "diamond": [(x + w / 2, y - 4), (x + w, y + h / 2), (x + w / 2, y + h + 4), (x, y + h / 2)],
        "parallelogram": [(x + 12, y), (x + w, y), (x + w - 12, y + h), (x, y + h)],
    }.get(shape)
    if pts is None:
        return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" {style}/>'
    return f'<polygon points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in pts)}" {style}/>'


def graph_svg(graph, nodes: dict, *, highlight: str = "", row_width: int = 10, svg_id: str = "") -> str:
    """The DAG ``graph`` as SVG; ``nodes`` maps id -> {kind, verdict, title, assumption, expected}."""
    pos = layered_positions(graph, row_width=row_width)
    cols = max((c for c, _ in pos.values()), default=0) + 1
    rows = max((r for _, r in pos.values()), default=0) + 1
    width, height = int(2 * MARGIN + (cols - 1) * COL + NODE_W), int(2 * MARGIN + (rows - 1) * ROW + NODE_H)
    xy = {n: (MARGIN + c * COL, MARGIN + r * ROW) for n, (c, r) in pos.items()}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="graph"{f" id={chr(34)}{svg_id}{chr(34)}" if svg_id else ""} '
           f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
           f'aria-label="dependency graph, {len(pos)} nodes">',
           '<defs><marker id="arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" '
           'orient="auto-start-reverse"><path d="M0,0 L8,4 L0,8 z" fill="#78909c"/></marker></defs>', '<g class="edges">']
    for a, b in sorted(graph.edges):
        use = graph.edges[a, b].get("use", "statement")
        colour, dash = EDGE_STYLE.get(use, EDGE_STYLE["statement"])
        (xa, ya), (xb, yb) = xy[a], xy[b]
        x1, y1, x2, y2 = xa + NODE_W / 2, ya, xb + NODE_W / 2, yb + NODE_H
        if ya <= yb:  # same row (a wrapped layer) or upward: leave from the side
            y1, y2 = ya + NODE_H / 2, yb + NODE_H / 2
        mid = (y1 + y2) / 2
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<path class="edge edge-{use}" d="M{x1:.1f},{y1:.1f} C{x1:.1f},{mid:.1f} {x2:.1f},{mid:.1f} {x2:.1f},{y2:.1f}" '
                   f'fill="none" stroke="{colour}" stroke-opacity="0.45"{dash_attr} marker-end="url(#arrow)"/>')
    out.append('</g><g class="nodes">')
    for n in sorted(pos):
        info = nodes.get(n, {})
        kind, verdict = info.get("kind", "definition"), info.get("verdict", "stated")
        x, y = xy[n]
        fill = VERDICT_FILL.get(verdict, "#ffffff")
        is_hl = n == highlight
        stroke = "#000000" if is_hl or info.get("expected") == "fails" else "#37474f"
        shape = _shape("hypothesis" if info.get("assumption") and kind == "hypothesis" else kind, x, y, fill, stroke,
                       3 if is_hl else (2.5 if info.get("expected") == "fails" else 1))
        text_colour = "#ffffff" if verdict in DARK_FILLS else "#111111"
        tooltip = escape(f"{n} — {info.get('title', '')} — {kind}, {verdict}")
        out.append(f'<a href="#{escape(anchor(n, info.get("assumption", False)))}" class="node" data-id="{escape(n)}" '
                   f'data-kind="{escape(kind)}" data-verdict="{escape(verdict)}"><title>{tooltip}</title>{shape}'
                   f'<text x="{x + NODE_W / 2:.1f}" y="{y + NODE_H / 2 + 4:.1f}" text-anchor="middle" font-size="10.5" '
                   f'fill="{text_colour}">{escape(short_label(n))}</text></a>')
    out.append("</g></svg>")
    return "".join(out)


def legend_svg() -> str:
    """Shapes per kind, fills per verdict and strokes per use."""
    parts, x = [], 10
    kinds = ["definition", "postulate", "hypothesis", "lemma", "theorem", "corollary", "counterexample", "example",
             "remark", "cited"]
    for i, kind in enumerate(kinds):
        cx, cy = 10 + (i % 5) * 170, 10 + (i // 5) * 48
        parts.append(_shape(kind, cx, cy, "#ffffff", "#37474f", 1))
        parts.append(f'<text x="{cx + NODE_W / 2}" y="{cy + NODE_H / 2 + 4}" text-anchor="middle" font-size="11">{kind}</text>')
    y = 120
    for i, (verdict, fill) in enumerate(VERDICT_FILL.items()):
        cx, cy = 10 + (i % 6) * 142, y + (i // 6) * 26
        parts.append(f'<rect x="{cx}" y="{cy}" width="18" height="14" fill="{fill}" stroke="#37474f"/>'
                     f'<text x="{cx + 24}" y="{cy + 11}" font-size="11">{verdict}</text>')
    y = 182
    for i, (use, (colour, dash)) in enumerate(EDGE_STYLE.items()):
        cx = 10 + i * 220
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        label = {"statement": "statement use", "proof": "proof use", "assumes": "assumes (postulate / hypothesis)"}[use]
        parts.append(f'<line x1="{cx}" y1="{y}" x2="{cx + 40}" y2="{y}" stroke="{colour}" stroke-width="2"{dash_attr}/>'
                     f'<text x="{cx + 48}" y="{y + 4}" font-size="11">{label}</text>')
    x = max(x, 860)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="legend" viewBox="0 0 {x} 196" width="{x}" height="196" '
            f'role="img" aria-label="legend">{"".join(parts)}</svg>')


PALETTE = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f"]


def _ticks(lo: float, hi: float, n: int = 5) -> list:
    if hi <= lo:
        return [lo]
    return [lo + (hi - lo) * k / (n - 1) for k in range(n)]


def plot_svg(fig: dict, width: int = 540, height: int = 260) -> str:
    """A line plot of a figure recorded by ``Checks.figure``."""
    xs = fig["x"]
    series = fig["series"]
    log = fig.get("log")

    def tr(v):
        if not log:
            return v
        return math.log10(abs(v)) if v else -20.0
    ys = [tr(v) for vals in series.values() for v in vals]
    if not xs or not ys:
        return ""
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    if y1 - y0 < 1e-12:
        y0, y1 = y0 - 1, y1 + 1
    left, right, top, bottom = 62, 12, 26, 40
    pw, ph = width - left - right, height - top - bottom

    def px(v):
        return left + (v - x0) / ((x1 - x0) or 1) * pw

    def py(v):
        return top + ph - (v - y0) / (y1 - y0) * ph
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="plot" viewBox="0 0 {width} {height}" width="{width}" '
             f'height="{height}" role="img" aria-label="{escape(fig["title"])}">',
             f'<text x="{width / 2}" y="16" text-anchor="middle" font-size="12" font-weight="bold">{escape(fig["title"])}</text>',
             f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#90a4ae"/>']
    for v in _ticks(x0, x1):
        parts.append(f'<text x="{px(v):.1f}" y="{top + ph + 14}" text-anchor="middle" font-size="10">{v:.3g}</text>')
    for v in _ticks(y0, y1):
        label = f"1e{v:.0f}" if log else f"{v:.3g}"
        parts.append(f'<text x="{left - 4}" y="{py(v) + 3:.1f}" text-anchor="end" font-size="10">{label}</text>'
                     f'<line x1="{left}" x2="{left + pw}" y1="{py(v):.1f}" y2="{py(v):.1f}" stroke="#eceff1"/>')
    parts.append(f'<text x="{left + pw / 2}" y="{height - 6}" text-anchor="middle" font-size="11">{escape(fig.get("xlabel", ""))}</text>')
    ylabel = ("log10 |" + fig.get("ylabel", "") + "|") if log else fig.get("ylabel", "")
    parts.append(f'<text x="12" y="{top + ph / 2}" text-anchor="middle" font-size="11" '
                 f'transform="rotate(-90 12 {top + ph / 2})">{escape(ylabel)}</text>')
    for i, (label, vals) in enumerate(series.items()):
        colour = PALETTE[i % len(PALETTE)]
        pts = " ".join(f"{px(x):.1f},{py(tr(y)):.1f}" for x, y in zip(xs, vals))
        parts.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="1.8"/>')
        parts.append(f'<rect x="{left + 8}" y="{top + 6 + 14 * i}" width="12" height="3" fill="{colour}"/>'
                     f'<text x="{left + 24}" y="{top + 10 + 14 * i}" font-size="10">{escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)
