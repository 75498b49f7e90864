"""Issue 39's rough edges of the drawings: an edge never passes behind a node it does not join (it would read as
a chain through that node), and ``graph`` draws an item whose verifier raised as ``error`` and one that hung as
``inconclusive``, not ``not run``."""
import os
import re
import subprocess
import sys
from pathlib import Path

import networkx as nx
from hypothesis import given, settings, strategies as st

from checker.reporting.layout import _bezier_points
from checker.reporting.svg import graph_svg

ROOT = Path(__file__).resolve().parents[1]


def node_boxes(svg: str) -> dict:
    """id -> (x, y, w, h) of each node's shape, read back from the SVG."""
    out = {}
    for node_id, body in re.findall(r'<a href="[^"]*" class="node" data-id="([^"]*)"[^>]*>(.*?)</a>', svg):
        shape = re.search(r"<(rect|ellipse|polygon) ([^>]*)/>", body)
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', shape.group(2)))
        if shape.group(1) == "rect":
            out[node_id] = tuple(float(attrs[k]) for k in ("x", "y", "width", "height"))
        elif shape.group(1) == "ellipse":
            cx, cy, rx, ry = (float(attrs[k]) for k in ("cx", "cy", "rx", "ry"))
            out[node_id] = (cx - rx, cy - ry, 2 * rx, 2 * ry)
        else:
            pts = [tuple(map(float, p.split(","))) for p in attrs["points"].split()]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out[node_id] = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return out


def path_points(d: str) -> list:
    """Points along an edge's path (``M .. C ..`` an S-curve, ``M .. L ..`` a polyline, sampled finely)."""
    numbers = [tuple(map(float, p.split(","))) for p in re.findall(r"-?[\d.]+,-?[\d.]+", d)]
    if " C" in d:
        (x1, y1), _, _, (x2, y2) = numbers
        return _bezier_points(x1, y1, x2, y2, samples=200)
    out = []
    for (ax, ay), (bx, by) in zip(numbers, numbers[1:]):
        out += [(ax + (bx - ax) * i / 50, ay + (by - ay) * i / 50) for i in range(51)]
    return out


def behind(svg: str) -> list:
    """``(edge, node)`` for every edge that passes behind a node it does not join (within one module's panel)."""
    boxes = node_boxes(svg)
    out = []
    for a, b, d in re.findall(r'<path class="edge" data-from="([^"]*)" data-to="([^"]*)"[^>]* d="([^"]*)"', svg):
        for n, (x, y, w, h) in boxes.items():
            if n in (a, b):
                continue
            if any(x + 1 < px < x + w - 1 and y + 1 < py < y + h - 1 for px, py in path_points(d)):
                out.append(((a, b), n))
    return out


def test_an_edge_two_layers_up_goes_around_the_node_between():
    g = nx.DiGraph()
    # m.a uses m.b two layers up; m.c (which m.a also uses) and m.d sit in the layer between
    g.add_edges_from([("m.a", "m.b"), ("m.a", "m.c"), ("m.c", "m.b"), ("m.d", "m.b"), ("m.e", "m.d")])
    for grouped in (True, False):
        svg = graph_svg(g, {}, href=lambda n: "#", grouped=grouped, row_width=1)
        assert behind(svg) == []


@st.composite
def dags(draw):
    n = draw(st.integers(3, 14))
    names = [f"{draw(st.sampled_from(['p', 'q']))}.n{i}" for i in range(n)]
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))
    g = nx.DiGraph()
    g.add_nodes_from(names)
    g.add_edges_from((names[i], names[j]) for i, j in edges if i > j)  # i uses j: acyclic
    return g


@settings(max_examples=60, deadline=None, database=None, derandomize=True)
@given(dags(), st.booleans(), st.integers(1, 4))
def test_no_edge_passes_behind_a_node_it_does_not_join(g, grouped, row_width):
    svg = graph_svg(g, {}, href=lambda n: "#", grouped=grouped, row_width=row_width)
    assert behind(svg) == []


MODULE = '''
import time
import sympy as sp
from checker import lemma, theorem

a = sp.Symbol("a")


@lemma("g.raises", title="raises", source="test")
def _(check):
    raise ValueError("boom")


@lemma("g.hangs", title="hangs", source="test")
def _(check):
    time.sleep(60)


@theorem("g.square", title="(a+1)^2", source="test", uses=["g.raises"])
def _(check):
    check.identity("square", (a + 1)**2, a**2 + 2*a + 1)
'''


def test_graph_draws_a_crash_as_error_and_a_hang_as_inconclusive(tmp_path):
    (tmp_path / "mine.py").write_text(MODULE, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "checker", *args, "--path", "mine.py", "--no-corpus",
                               "--timeout", "2"], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=240)
    assert cli("verify", "all").returncode == 1
    svg = cli("graph", "--format", "svg")
    verdicts = dict(re.findall(r'data-id="([^"]*)"[^>]*data-verdict="([^"]*)"', svg.stdout))
    assert verdicts == {"g.raises": "error", "g.hangs": "inconclusive", "g.square": "unsupported"}, svg.stderr
    assert "not run" not in svg.stderr
    dot = cli("graph").stdout
    assert re.search(r'"g.raises" \[[^\]]*fillcolor="#6a1b9a"', dot)  # the error colour
    # a fixed file is another key: nothing stored for it yet, drawn "not run" (never the old error)
    (tmp_path / "mine.py").write_text(MODULE.replace('raise ValueError("boom")', 'pass'), encoding="utf-8")
    svg = cli("graph", "--format", "svg")
    verdicts = dict(re.findall(r'data-id="([^"]*)"[^>]*data-verdict="([^"]*)"', svg.stdout))
    assert verdicts["g.raises"] == "not run"
