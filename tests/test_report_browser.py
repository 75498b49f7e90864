"""End-to-end: the HTML report opened in headless Chromium, used as a reader would.

The report is generated in-process from a small user module (``fixtures/report_items.py``: accents,
primes, alphabets, a matrix, two modules, a folded hypothesis, a proof and a refuted false
variation), so the test takes seconds and does not depend on the committed ``reports/``.  Checks:
the dots of ``\\dot``/``\\ddot`` are drawn above their letters in the report's math font (measured:
the accent's box sits on its base, and hiding it changes the pixels there); every item's page is
reached from the index's list and from its graph node (a real click); the search finds an item by a
fragment of its id and the filters narrow the list; no page scrolls sideways at 390 px; pan and zoom
move the graph; screenshots at 1400 px and 390 px are saved (under the test's temporary folder, or
``$CHECKER_SCREENSHOTS`` when set; they are not committed).  Chromium is Debian's ``chromium``;
``.ci/run`` installs it and sets ``CHECKER_REQUIRE_BROWSER=1`` so CI cannot skip this test silently.
"""
import json
import os
from pathlib import Path

import pytest

from browser import Browser, find_chromium

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "report_items.py"
DESKTOP, PHONE = (1400, 900), (390, 844)
NEXT_FRAME = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"  # a repaint


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from checker.execution.loader import load
    from checker.reporting.publish import write_reports
    from checker.reporting.report import build_report
    from checker.execution.runner import propagate, run
    corpus = load(paths=[str(FIXTURE)], corpus=False)
    results = run(corpus, list(corpus.items), isolate=False)
    propagate(corpus, results)
    out = tmp_path_factory.mktemp("site")
    write_reports(corpus, build_report(corpus, results, seed=0, profile="default"), out)
    return out


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = Path(os.environ.get("CHECKER_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def browser():
    binary = find_chromium()
    if binary is None:
        if os.environ.get("CHECKER_REQUIRE_BROWSER"):
            pytest.fail("CHECKER_REQUIRE_BROWSER is set but no chromium binary is on PATH")
        pytest.skip("no chromium on PATH (install Debian's chromium package)")
    with Browser(binary, width=DESKTOP[0], height=DESKTOP[1]) as b:
        yield b


def items_of(site):
    return [r["id"] for r in json.loads((site / "verification.json").read_text())["items"]]


def open_page(browser, path: Path):
    browser.open(path.as_uri())
    browser.evaluate("document.fonts.ready.then(() => true)")


def test_dots_render_above_their_letters(browser, site, shots):
    browser.resize(*DESKTOP)
    open_page(browser, site / "items" / "mech.angular_momentum.html")
    assert browser.evaluate("document.fonts.check('16px \"Checker Math\"') && "
                            "Array.from(document.fonts).some(f => f.family.includes('Checker Math') && f.status === 'loaded')")
    accents = browser.evaluate("""Array.from(document.querySelectorAll('.statement mover[accent="true"]')).map(m => {
        const base = m.children[0].getBoundingClientRect(), dot = m.children[1].getBoundingClientRect();
        const whole = m.getBoundingClientRect();
        return {text: m.children[1].textContent, bx: base.left, bw: base.width, btop: base.top, bh: base.height,
                dw: dot.width, dh: dot.height, dcx: dot.left + dot.width / 2, dbottom: dot.bottom,
                x: whole.left + window.scrollX, y: whole.top + window.scrollY, w: whole.width, h: whole.height};
    })""")
    # L_x = m(y ż − z ẏ) and its rate m(y z̈ − z ÿ), with L̇_x: five accents, dots and double dots
    assert len(accents) == 5 and {a["text"] for a in accents} == {"\u02d9", "\u00a8"}
    for a in accents:
        assert a["dh"] > 0 and a["dw"] > 0
        assert a["dbottom"] <= a["btop"] + 0.5 * a["bh"]          # above the letter, not beside or under it
        assert a["bx"] - 2 <= a["dcx"] <= a["bx"] + a["bw"] + 2     # over it
    # the pixels: hiding the accent (keeping the layout) changes what is drawn over the letter
    for index, a in enumerate(accents):
        clip = {"x": a["x"] - 2, "y": a["y"] - 4, "width": a["w"] + 4, "height": a["h"] + 6}
        shown = browser.screenshot(clip=clip)
        browser.evaluate(f"document.querySelectorAll('.statement mover[accent=\"true\"]')[{index}].children[1]"
                         ".style.visibility = 'hidden'")
        browser.evaluate(NEXT_FRAME)
        hidden = browser.screenshot(clip=clip)
        browser.evaluate(f"document.querySelectorAll('.statement mover[accent=\"true\"]')[{index}].children[1]"
                         ".style.visibility = ''")
        browser.evaluate(NEXT_FRAME)
        assert shown != hidden, f"accent {index} ({a['text']}) draws nothing"
    browser.screenshot(shots / "item-desktop.png")


def test_every_item_page_is_reached_from_the_index_and_from_its_graph_node(browser, site):
    browser.resize(*DESKTOP)
    open_page(browser, site / "index.html")
    ids = items_of(site)
    links = browser.evaluate("""(() => {
        const rows = {}, nodes = {};
        document.querySelectorAll('#item-list tr[data-id] a').forEach(a => rows[a.closest('tr').dataset.id] = a.href);
        document.querySelectorAll('#dependency-graph a.node').forEach(a => nodes[a.dataset.id] = a.href.baseVal
            ? new URL(a.href.baseVal, location.href).href : a.href);
        return {rows, nodes};
    })()""")
    assert sorted(links["rows"]) == sorted(ids) and sorted(links["nodes"]) == sorted(ids)  # hypotheses folded
    for item_id in ids:
        assert links["rows"][item_id] == links["nodes"][item_id]
        open_page(browser, Path(links["rows"][item_id].removeprefix("file://")))
        assert browser.evaluate("document.querySelector('h1').textContent") == item_id
        # its neighbourhood graph marks it and links back to its neighbours
        assert browser.evaluate(f"!!document.querySelector('svg.graph a.node[data-id=\"{item_id}\"] [data-mark=\"highlight\"]')")
    # a real click on a graph node opens that item's page
    open_page(browser, site / "index.html")
    target = "calc.vanishing_multiplier"
    box = browser.evaluate(f"""(() => {{
        const a = document.querySelector('#dependency-graph a.node[data-id="{target}"]');
        a.scrollIntoView({{block: 'center'}});
        const r = a.getBoundingClientRect();
        return {{x: r.left + r.width / 2, y: r.top + r.height / 2}};
    }})()""")
    browser.click(box["x"], box["y"])
    browser.wait_event("Page.loadEventFired")
    assert browser.evaluate("location.pathname").endswith(f"/items/{target}.html")


def test_search_and_filters_find_items(browser, site):
    browser.resize(*DESKTOP)
    open_page(browser, site / "index.html")

    def search(text="", **selects):
        return browser.evaluate(f"""(() => {{
            const q = document.getElementById('q'); q.value = {json.dumps(text)};
            q.dispatchEvent(new Event('input'));
            for (const [name, value] of Object.entries({json.dumps(selects)})) {{
                const s = document.querySelector('#filters select[name="' + name + '"]'); s.value = value;
                s.dispatchEvent(new Event('change'));
            }}
            return {{rows: Array.from(document.querySelectorAll('#item-list tr[data-id]')).filter(r => !r.hidden)
                                .map(r => r.dataset.id),
                    lit: Array.from(document.querySelectorAll('#dependency-graph a.node:not(.dim)')).map(a => a.dataset.id),
                    count: document.getElementById('count').textContent}};
        }})()""")
    found = search("angular_mom")
    assert found["rows"] == ["mech.angular_momentum"] and found["lit"] == ["mech.angular_momentum"]
    assert found["count"].startswith("1 of")
    assert sorted(search("", module="calc")["rows"]) == ["calc.false_square", "calc.vanishing_multiplier"]
    assert search("", verdict="refuted", module="")["rows"] == ["calc.false_square"]
    everything = search("", verdict="", module="")
    assert sorted(everything["rows"]) == sorted(items_of(site))


def test_no_page_scrolls_sideways_at_390_px_and_screenshots(browser, site, shots):
    browser.resize(*PHONE, mobile=True)
    pages = [site / "index.html", site / "assumptions.html", site / "matrix.html"] + sorted((site / "items").glob("*.html"))
    for path in pages:
        open_page(browser, path)
        width = browser.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE[0], f"{path.name} is {width} px wide at {PHONE[0]} px"
    open_page(browser, site / "items" / "calc.false_square.html")
    browser.screenshot(shots / "item-narrow.png")
    # the witness is typeset, and its reproduce command (beside its pasteable sympy line) is copyable text
    assert browser.evaluate("!!document.querySelector('dd .fx math') && "
                            "Array.from(document.querySelectorAll('.cmd code')).some(c => "
                            "c.textContent.startsWith('python -m checker verify calc.false_square'))")
    assert browser.evaluate("Array.from(document.querySelectorAll('.cmd code')).some(c => "
                            "c.textContent.startsWith('from sympy import *'))")
    open_page(browser, site / "index.html")
    assert (shots / "item-narrow.png").stat().st_size > 5_000
    browser.screenshot(shots / "index-narrow.png")
    browser.resize(*DESKTOP)
    open_page(browser, site / "index.html")
    browser.screenshot(shots / "index-desktop.png")
    assert (shots / "index-desktop.png").stat().st_size > 10_000


def test_the_graph_pans_and_zooms(browser, site):
    browser.resize(*DESKTOP)
    open_page(browser, site / "index.html")
    before = browser.evaluate("document.getElementById('dependency-graph').getAttribute('viewBox')")
    browser.evaluate("document.querySelector('.zoom button[data-zoom=\"in\"]').click()")
    zoomed = browser.evaluate("document.getElementById('dependency-graph').getAttribute('viewBox')")
    assert float(zoomed.split()[2]) < float(before.split()[2])  # narrower view: zoomed in
    box = browser.evaluate("(() => { const r = document.querySelector('.graph-view').getBoundingClientRect();"
                           " return {x: r.left + 20, y: r.top + 20}; })()")
    browser.call("Input.dispatchMouseEvent", session=True, type="mousePressed", x=box["x"], y=box["y"], button="left", clickCount=1)
    browser.call("Input.dispatchMouseEvent", session=True, type="mouseMoved", x=box["x"] + 60, y=box["y"] + 30, button="left")
    browser.call("Input.dispatchMouseEvent", session=True, type="mouseReleased", x=box["x"] + 60, y=box["y"] + 30, button="left",
                 clickCount=1)
    panned = browser.evaluate("document.getElementById('dependency-graph').getAttribute('viewBox')")
    assert float(panned.split()[0]) < float(zoomed.split()[0])  # dragged right: the view moved left
    assert browser.evaluate("location.pathname").endswith("/index.html")  # a drag is not a click on a node
