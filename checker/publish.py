"""Writing every report file of ``python -m checker report`` into one folder, each atomically.

``verification.json`` (data), ``verification.md`` (for a code host), ``index.html`` (one
self-contained page), ``graph.svg`` (the dependency graph alone), ``graph.graphml`` (for other
graph tools, with verdicts as node attributes) and ``junit.xml`` (one test case per item).  All are
deterministic functions of the report.  Each is rendered completely before anything is written, so a
failure leaves the previous reports in place, never a half-written one.
"""
from __future__ import annotations

import io
from pathlib import Path

import networkx as nx

from .report import to_json, to_markdown, write_atomically


def graphml_text(corpus, report: dict) -> str:
    """The graph with each item's verdict, status and method as node attributes."""
    g = corpus.graph.copy()
    for r in report["items"]:
        g.nodes[r["id"]].update(verdict=r["verdict"], established=r["established"], status=r["status"],
                                method=r["method"])
    for n in g.nodes:
        g.nodes[n].pop("assumption_kind", None) if g.nodes[n].get("assumption_kind") is None else None
    buf = io.BytesIO()
    nx.write_graphml(g, buf)
    return buf.getvalue().decode("utf-8")


def render_all(corpus, report: dict) -> dict:
    """File name -> text of every report file."""
    from .html_report import node_table, to_html
    from .junit import to_junit
    from .svg import graph_svg
    return {
        "verification.json": to_json(report),
        "verification.md": to_markdown(report, corpus),
        "index.html": to_html(corpus, report),
        "graph.svg": graph_svg(corpus.graph, node_table(corpus, report), svg_id="dependency-graph") + "\n",
        "graph.graphml": graphml_text(corpus, report),
        "junit.xml": to_junit(report),
    }


def write_reports(corpus, report: dict, out) -> list:
    """Render all files, then write each atomically into ``out``; returns the paths written."""
    out = Path(out)
    files = render_all(corpus, report)
    written = []
    for name, text in files.items():
        write_atomically(out / name, text)
        written.append(out / name)
    return written
