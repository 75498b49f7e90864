"""End-to-end: open the committed ``reports/index.html`` in headless Chromium and use it.

Checks that the dependency graph has exactly one node per item of ``reports/verification.json``, that
a real mouse click on a node brings its section to the viewport as the URL's target, that the matrix
and the legend render, and saves a screenshot under the test's temporary directory.  Chromium is
Debian's ``chromium`` package; ``.ci/run`` installs it and sets ``CHECKER_REQUIRE_BROWSER=1`` so CI
cannot skip this test silently.
"""
import json
import os
from pathlib import Path

import pytest

from browser import Browser, find_chromium

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "reports" / "index.html"


@pytest.fixture(scope="module")
def browser():
    binary = find_chromium()
    if binary is None:
        if os.environ.get("CHECKER_REQUIRE_BROWSER"):
            pytest.fail("CHECKER_REQUIRE_BROWSER is set but no chromium binary is on PATH")
        pytest.skip("no chromium on PATH (install Debian's chromium package)")
    with Browser(binary) as b:
        b.open(REPORT.as_uri())
        yield b


def test_graph_has_one_node_per_item(browser):
    items = json.loads((ROOT / "reports" / "verification.json").read_text())["items"]
    drawn = browser.evaluate(
        "Array.from(document.querySelectorAll('#dependency-graph a.node'))"
        ".filter(a => document.getElementById('item-' + a.dataset.id)).map(a => a.dataset.id)")
    assert sorted(drawn) == sorted(r["id"] for r in items)
    assert len(set(drawn)) == len(drawn)
    # every node (items and assumptions) has a visible, non-degenerate box
    sizes = browser.evaluate("Array.from(document.querySelectorAll('#dependency-graph a.node'))"
                             ".map(a => {const r = a.getBoundingClientRect(); return r.width * r.height})")
    assert sizes and min(sizes) > 100


def test_clicking_a_node_shows_its_section(browser, tmp_path):
    target = "holonomic.ideal_constraints_determine_reaction"
    box = browser.evaluate(f"""(() => {{
        const a = document.querySelector('#dependency-graph a.node[data-id="{target}"]');
        a.scrollIntoView({{block: 'center', inline: 'center'}});
        const r = a.getBoundingClientRect();
        return {{x: r.left + r.width / 2, y: r.top + r.height / 2}};
    }})()""")
    browser.screenshot(tmp_path / "graph.png")
    browser.click(box["x"], box["y"])
    browser.evaluate("new Promise(r => setTimeout(r, 300))")
    state = browser.evaluate("""(() => {
        const s = document.querySelector(':target');
        const r = s ? s.getBoundingClientRect() : null;
        return {hash: decodeURIComponent(location.hash), target: s && s.id, top: r && r.top,
                height: window.innerHeight, heading: s && s.querySelector('h3').textContent};
    })()""")
    assert state["hash"] == f"#item-{target}"
    assert state["target"] == f"item-{target}"
    assert 0 <= state["top"] < state["height"]
    assert target in state["heading"]
    shot = tmp_path / "section.png"
    browser.screenshot(shot)
    assert shot.stat().st_size > 10_000


def test_matrix_legend_and_mathml_render(browser):
    info = browser.evaluate("""(() => ({
        rows: document.querySelectorAll('table.matrix tr').length,
        necessary: document.querySelectorAll('table.matrix td.m-necessary').length,
        legend: !!document.querySelector('svg.legend'),
        math: document.querySelectorAll('section.item math').length,
        mathWidth: Math.max(...Array.from(document.querySelectorAll('section.item math')).slice(0, 20)
                             .map(m => m.getBoundingClientRect().width)),
    }))()""")
    assert info["rows"] > 10 and info["necessary"] > 0
    assert info["legend"]
    assert info["math"] > 50 and info["mathWidth"] > 5
