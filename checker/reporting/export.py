"""The dependency graph as text: Graphviz dot, SVG, GraphML, or node-link JSON.

``dot`` and ``svg`` are drawings: each item is filled with the colour of its verdict (from a report,
see :func:`checker.reporting.svg.node_table`; ``not run`` without one), shaped by its kind, with a thick border
when it is expected to fail, and the hypotheses folded into the items that assume them unless
``hypotheses`` is asked for; both carry a legend with an entry for every mark they use.  GraphML and
JSON are data: the whole graph, assumptions included, for other graph tools.
"""
from __future__ import annotations

import io
import json

import networkx as nx

from .svg import DARK_FILLS, EDGE_LABEL, VERDICT_FILL, drawn_graph, node_table, page_name

DOT_SHAPES = {"definition": "box", "postulate": "house", "lemma": "box", "theorem": "ellipse",
              "corollary": "octagon", "counterexample": "diamond", "example": "parallelogram", "remark": "note",
              "cited": "box3d", "hypothesis": "parallelogram"}
DOT_STYLE = {"lemma": "filled,rounded"}
DOT_EDGE = {"statement": "solid", "proof": "dashed", "assumes": "dotted"}


def _quote(text: str) -> str:
    """A dot string: backslashes and quotes escaped, line breaks as dot's centred ``\\n``."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def dot_text(corpus, report=None, hypotheses: bool = False) -> str:
    """Graphviz dot, one cluster per module, nodes coloured by verdict and linked to their report pages."""
    from .layout import namespace
    nodes = node_table(corpus, report)
    g = drawn_graph(corpus.graph, corpus.items, hypotheses)
    lines = ["digraph checker {", "  rankdir=BT;", '  node [fontname="DejaVu Sans", fontsize=10];']
    used_kinds, used_verdicts, used_edges, fails, folded_any = set(), set(), set(), False, False
    by_module: dict = {}
    for n in sorted(g.nodes):
        by_module.setdefault(namespace(n), []).append(n)
    for module, members in sorted(by_module.items()):
        lines.append(f"  subgraph {_quote('cluster_' + module)} {{ label={_quote(module)}; color=\"#b0bec5\";")
        for n in members:
            info = nodes[n]
            kind, verdict = info["kind"], info["verdict"]
            used_kinds.add(kind)
            used_verdicts.add(verdict)
            label = n + f"\n({kind})"
            if info.get("hypotheses") and not hypotheses:
                folded_any = True
                label += f"\nH{len(info['hypotheses'])}: " + ", ".join(h.split(".", 1)[-1] for h in info["hypotheses"])
            attrs = [f"shape={DOT_SHAPES.get(kind, 'ellipse')}", f"style={_quote(DOT_STYLE.get(kind, 'filled'))}",
                     f"fillcolor={_quote(VERDICT_FILL.get(verdict, '#ffffff'))}", f"label={_quote(label)}",
                     f"tooltip={_quote(info.get('title', ''))}"]
            if verdict in DARK_FILLS:
                attrs.append('fontcolor="#ffffff"')
            if info.get("expected") == "fails":
                fails = True
                attrs.append("penwidth=3")
            attrs.append(f"URL={_quote(('items/' + page_name(n)) if n in corpus.items else 'assumptions.html#assumption-' + n)}")
            lines.append(f"    {_quote(n)} [{', '.join(attrs)}];")
        lines.append("  }")
    for a, b in sorted(g.edges):
        use = g.edges[a, b]["use"]
        used_edges.add(use)
        lines.append(f"  {_quote(a)} -> {_quote(b)} [style={DOT_EDGE[use]}];")
    lines += _dot_legend(used_kinds, used_verdicts, used_edges, fails, folded_any)
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dot_legend(kinds, verdicts, edges, fails, folded) -> list:
    """A legend node (an HTML-like table) with an entry for every mark the drawing uses."""
    rows = [f'<TR><TD BGCOLOR="{VERDICT_FILL.get(v, "#ffffff")}" WIDTH="30"></TD><TD ALIGN="LEFT">verdict: {v}</TD></TR>'
            for v in VERDICT_FILL if v in verdicts]
    rows += [f'<TR><TD>{DOT_SHAPES.get(k, "ellipse")}{" (rounded)" if "rounded" in DOT_STYLE.get(k, "") else ""}</TD>'
             f'<TD ALIGN="LEFT">kind: {k}</TD></TR>' for k in sorted(kinds)]
    rows += [f'<TR><TD>{DOT_EDGE[u]} arrow</TD><TD ALIGN="LEFT">{EDGE_LABEL[u]}</TD></TR>' for u in DOT_EDGE if u in edges]
    if fails:
        rows.append('<TR><TD>thick border</TD><TD ALIGN="LEFT">expected to fail (a false variation)</TD></TR>')
    if folded:
        rows.append('<TR><TD>H n</TD><TD ALIGN="LEFT">the n hypotheses it assumes (folded)</TD></TR>')
    rows.append('<TR><TD>box around</TD><TD ALIGN="LEFT">a module (the id\'s namespace)</TD></TR>')
    table = '<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0"><TR><TD COLSPAN="2"><B>legend</B></TD></TR>' + "".join(rows) + "</TABLE>"
    return [f'  "legend" [shape=plaintext, label=<{table}>];']


def graph_text(corpus, fmt: str, report=None, hypotheses: bool = False) -> str:
    g = corpus.graph
    if fmt == "json":
        data = nx.node_link_data(g, edges="edges")
        return json.dumps(data, indent=1, sort_keys=True) + "\n"
    if fmt == "graphml":
        buf = io.BytesIO()
        nx.write_graphml(g, buf)
        return buf.getvalue().decode("utf-8")
    if fmt == "svg":
        from .html_report import whole_graph_svg
        return whole_graph_svg(corpus, report, hypotheses=hypotheses, legend=True) + "\n"
    return dot_text(corpus, report, hypotheses)
