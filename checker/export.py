"""The dependency graph as text: Graphviz dot, GraphML, or node-link JSON."""
from __future__ import annotations

import io
import json

import networkx as nx


def graph_text(corpus, fmt: str) -> str:
    g = corpus.graph
    if fmt == "json":
        data = nx.node_link_data(g, edges="edges")
        return json.dumps(data, indent=1, sort_keys=True) + "\n"
    if fmt == "graphml":
        buf = io.BytesIO()
        nx.write_graphml(g, buf)
        return buf.getvalue().decode("utf-8")
    shapes = {"definition": "box", "postulate": "house", "lemma": "ellipse", "theorem": "doubleoctagon",
              "corollary": "octagon", "counterexample": "diamond", "example": "note", "remark": "plaintext",
              "cited": "component", "hypothesis": "parallelogram"}
    lines = ["digraph checker {", "  rankdir=BT;"]
    for n in sorted(g.nodes):
        kind = g.nodes[n]["kind"]
        lines.append(f'  "{n}" [shape={shapes.get(kind, "ellipse")}, label="{n}\\n({kind})"];')
    for a, b in sorted(g.edges):
        style = {"statement": "solid", "proof": "dashed", "assumes": "dotted"}[g.edges[a, b]["use"]]
        lines.append(f'  "{a}" -> "{b}" [style={style}];')
    lines.append("}")
    return "\n".join(lines) + "\n"
