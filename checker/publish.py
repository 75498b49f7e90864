"""Writing every report file of ``python -m checker report`` into one folder, each atomically.

``verification.json`` (data), ``verification.md`` (for a code host), ``index.html`` (one
self-contained page), ``graph.svg`` (the dependency graph alone), ``graph.graphml`` (for other
graph tools, with verdicts as node attributes) and ``junit.xml`` (one test case per item).  All are
deterministic functions of the report.  Each is rendered completely before anything is written, so a
failure leaves the previous reports in place, never a half-written one.
"""
from __future__ import annotations

import io
import os
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


def write_reports(corpus, report: dict, out, extra=None) -> list:
    """Render all files (and ``extra``: name -> text), write the whole set into a temporary folder beside
    ``out``, and only when every file is written move them into ``out`` (``os.replace``, same filesystem):
    a full disk or an error while writing leaves the previous reports untouched, never half a set."""
    import shutil
    import tempfile
    out = Path(out)
    files = dict(render_all(corpus, report))
    files.update(extra or {})
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.staging-", dir=out.parent))
    try:
        for name, text in files.items():
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(target, 0o644)
        written = []
        for name in files:
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / name, out / name)
            written.append(out / name)
        return written
    finally:
        shutil.rmtree(staging, ignore_errors=True)
