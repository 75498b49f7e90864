"""Writing every report file of ``python -m checker report`` into one folder, as one set.

``verification.json`` (data), ``verification.md`` (for a code host), the HTML report (``index.html``,
``assumptions.html``, ``matrix.html`` and ``items/<id>.html``, one page per item, with the math font in
``items/``), ``graph.svg`` (the dependency graph alone), ``graph.graphml`` (for other graph tools, with
verdicts as node attributes) and ``junit.xml`` (one test case per item).  All are deterministic
functions of the report.  Everything is rendered and written into a staging folder first, so a
failure leaves the previous reports in place, never a half-written set; ``items/`` is swapped in whole
(the page of an item that no longer exists goes with the old folder), and a Ctrl-C or SIGTERM arriving while the
set is moved into place waits until it is all there.
"""
from __future__ import annotations

import io
import os
from pathlib import Path

import networkx as nx

from ..execution.interrupts import run_ending_signals_held
from .report import to_json, to_markdown


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
    """Relative path -> content (text; bytes for a binary file such as the font) of every report file."""
    from .html_report import site_files
    from .junit import to_junit
    files = {
        "verification.json": to_json(report),
        "verification.md": to_markdown(report, corpus),
        "graph.graphml": graphml_text(corpus, report),
        "junit.xml": to_junit(report),
    }
    files.update(site_files(corpus, report))
    return dict(sorted(files.items()))


def _write(target: Path, content) -> None:
    """One file, flushed to disk; ``content`` is text (UTF-8) or bytes."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if not isinstance(content, (str, bytes)):
        raise TypeError(f"report file {target.name}: content must be text or bytes, not {type(content).__name__}")
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    with open(target, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.chmod(target, 0o644)


def write_reports(corpus, report: dict, out, extra=None) -> list:
    """Render all files (and ``extra``: name -> text), write the whole set into a temporary folder beside
    ``out``, and only when every file is written move them into ``out`` (``os.replace``, same filesystem;
    the ``items/`` folder is swapped as a whole): a full disk or an error while writing leaves the previous
    reports untouched, never half a set."""
    import shutil
    import tempfile
    out = Path(out)
    files = dict(render_all(corpus, report))
    files.update(extra or {})
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.staging-", dir=out.parent))
    try:
        for name, content in files.items():
            _write(staging / name, content)
        with run_ending_signals_held():  # a Ctrl-C or SIGTERM waits until the whole set is in place
            return _swap_in(staging, out, files)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _swap_in(staging: Path, out: Path, files) -> list:
    """Move the set from ``staging`` into ``out``: each folder of pages replaced whole (no page of a removed item
    stays behind), then each file; the paths written."""
    folders = sorted({name.split("/", 1)[0] for name in files if "/" in name})
    written = []
    for folder in folders:
        old = staging / f".old-{folder}"
        if (out / folder).exists():
            os.replace(out / folder, old)
        os.replace(staging / folder, out / folder)
        os.chmod(out / folder, 0o755)
        written.append(out / folder)
    for name in files:
        if "/" not in name:
            os.replace(staging / name, out / name)
            written.append(out / name)
    return written
