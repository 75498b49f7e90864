"""The HTML report: ``index.html``, one page per item (:mod:`checker.reporting.html_item`), ``assumptions.html``
and ``matrix.html``, with the math font beside the item pages.

``index.html``: the summary and coverage, the search box and the filters (verdict, kind, module),
the dependency graph (one panel per module, hypotheses folded into their items, pan and zoom, a
legend entry for every mark; a node links to its item's page) and the list of items.  Past
``COLLAPSE_ABOVE`` items the graph is drawn one module per folded panel (a reader opens the modules
they want; the search opens those with a match), so a graph of thousands of nodes stays usable; the
whole drawing is still ``graph.svg``.
``assumptions.html``: every postulate and hypothesis with what rests on it.  ``matrix.html``: the
results × assumptions matrix (uses / necessary / not needed) and the declared independences.
Every page is deterministic for a given report.
"""
from __future__ import annotations

from html import escape
from importlib import resources

from ..kernel.analysis import ANALYSED_KINDS
from .html_item import item_page
from .html_page import (CSS, CSS_FILE, FONT_FILE, GRAPH_DATA_FILE, ITEMS_DIR, SCRIPT, SCRIPT_FILE, Links,
                        assumption_anchor, badge, graph_data_js, page, zoomable)
from .layout import namespace
from .mathml import statement_html
from .svg import VERDICT_FILL, drawn_graph, graph_svg, legend_html, node_table, page_name


def coverage(report: dict) -> dict:
    """Counts per kind and verdict, and the share of checked claims proved symbolically."""
    table: dict = {}
    for r in report["items"]:
        table.setdefault(r["kind"], {}).setdefault(r["verdict"], 0)
        table[r["kind"]][r["verdict"]] += 1
    claims = [r for r in report["items"] if r["verdict"] not in ("defined", "stated", "not established")]
    proved = [r for r in claims if r["verdict"] == "proved"]
    established = [r for r in claims if r["established"] == "proved"]
    return {"table": table, "claims": len(claims), "proved": len(proved),
            "share_proved": round(len(proved) / len(claims), 3) if claims else 0.0,
            "established_proved": len(established),
            "share_established": round(len(established) / len(claims), 3) if claims else 0.0}


def matrix_rows(corpus, report: dict) -> tuple:
    """(assumption columns, rows) of the results × assumptions matrix; a cell is
    ``necessary`` / ``not needed`` / ``uses`` (assumed directly, not analysed) / ``via`` (rests on it
    through what it uses) / ``""``."""
    rows, used = [], set()
    for r in report["items"]:
        if r["kind"] not in ANALYSED_KINDS and not r["assumes"]:
            continue
        rests = set(r["rests_on"]["postulates"]) | set(r["rests_on"]["hypotheses"])
        if not rests:
            continue
        status = {h["assumption"]: h["status"] for h in r.get("hypotheses", [])}
        cells = {}
        for a in rests:
            s = status.get(a)
            cells[a] = s if s in ("necessary", "not needed") else ("uses" if a in r["assumes"] else "via")
        used |= rests
        rows.append((r["id"], cells))
    columns = sorted(used, key=lambda a: (corpus.assumptions[a].kind != "postulate", a))
    return columns, rows


MATRIX_CSS = ("<style>.matrix td{text-align:center;min-width:16px;padding:1px 3px}.matrix th.col{writing-mode:vertical-rl;"
              "transform:rotate(180deg);font-weight:normal;max-height:260px;font-size:11px}.m-necessary{background:#ef9a9a}"
              ".m-notneeded{background:#a5d6a7}.m-uses{background:#e0e0e0}.m-via{background:#f5f5f5;color:#757575}</style>")


def _matrix_html(corpus, report, links: Links) -> str:
    columns, rows = matrix_rows(corpus, report)
    symbol = {"necessary": ("N", "m-necessary"), "not needed": ("–", "m-notneeded"), "uses": ("u", "m-uses"),
              "via": ("·", "m-via")}
    head = "".join(f'<th class="col" title="{escape(a)}">{escape(a)}</th>' for a in columns)
    body = []
    for item_id, cells in rows:
        tds = []
        for a in columns:
            c = cells.get(a, "")
            sym, cls = symbol.get(c, ("", ""))
            tds.append(f'<td class="{cls}" title="{escape(a)}: {escape(c)}">{sym}</td>' if c else "<td></td>")
        body.append(f"<tr><th>{links.link(item_id)}</th>{''.join(tds)}</tr>")
    return (f'<p>N: necessary (a checked necessity witness); –: not needed (the conclusion was established without '
            f'it); u: assumed, not analysed; ·: rests on it through what it uses.</p><div class="scroll">'
            f'<table class="matrix"><tr><th>result</th>{head}</tr>{"".join(body)}</table></div>')


def _avoids_html(report, links: Links) -> str:
    if not report["avoids"]:
        return "<p>No item declares an independence.</p>"
    rows = "".join(f"<tr><td data-label='item'>{links.link(a['item'])}</td><td data-label='must not rest on'>"
                   f"{links.link(a['avoids'])}</td><td data-label='outcome' class='{'ok' if a['outcome'] == 'kept' else 'bad'}'>"
                   f"{escape(a['outcome'])}{(': ' + escape(' → '.join(a['path']))) if a.get('path') else ''}</td></tr>"
                   for a in report["avoids"])
    return f"<table class='cards'><tr class='head'><th>item</th><th>must not rest on</th><th>outcome</th></tr>{rows}</table>"


def _coverage_html(report) -> str:
    cov = coverage(report)
    verdicts = sorted({v for kinds in cov["table"].values() for v in kinds})
    head = "".join(f"<th>{badge(v)}</th>" for v in verdicts)
    rows = []
    for kind in sorted(cov["table"]):
        cells = "".join(f"<td>{cov['table'][kind].get(v, '')}</td>" for v in verdicts)
        rows.append(f"<tr><th>{escape(kind)}</th>{cells}<td>{sum(cov['table'][kind].values())}</td></tr>")
    return (f'<div class="scroll"><table class="coverage"><tr><th>kind</th>{head}<th>total</th></tr>{"".join(rows)}</table></div>'
            f'<p>Proved symbolically: <b>{cov["proved"]}</b> of the {cov["claims"]} items with a checked claim '
            f'(share {cov["share_proved"]:.0%}); the others are confirmed by randomized or numerical evidence, or '
            f'refuted. Established proved: <b>{cov["established_proved"]}</b> ({cov["share_established"]:.0%}): '
            f'everything they rest on is proved, defined, stated or a trusted result (a cited item, the corpus\'s '
            f'axioms, listed with each item). <code>defined</code> and <code>stated</code> never count as proved.</p>')


def _headline_html(h, links: Links) -> str:
    """The honest headline, first on the index: own items proved for their whole statement, then the rest apart."""
    if not h:
        return ""
    total = h["own_expected_to_hold"]

    def share(n):
        return f"{100 * n / total:.0f}%" if total else "-"
    narrower = "".join(f"<li>{links.link(x['id'])} ({escape(x['scope'])})</li>"
                       for x in h["own_proved_narrower_scope_items"])
    return (f'<div id="headline"><p class="headline"><b>Own items proved for their whole statement: '
            f'{h["own_proved_whole_statement"]} of {total}</b> non-cited items expected to hold '
            f'({share(h["own_proved_whole_statement"])}).</p><ul>'
            f'<li>Own items proved only in a narrower scope: {h["own_proved_narrower_scope"]}'
            + (f'<details><summary>which, and the scope</summary><ul>{narrower}</ul></details>' if narrower else "")
            + f'</li><li>Established proved for the whole statement (everything it rests on too, trusted results\' '
            f'scopes included): {h["established_proved_whole_statement"]} ({share(h["established_proved_whole_statement"])})'
            f'</li><li>Trusted results (cited): {h["trusted_results_count"]}'
            + (f', {len(h["trusted_results_narrower_scope"])} checked only in a narrower scope'
               if h["trusted_results_narrower_scope"] else "")
            + f'</li><li>Confirmed (randomized or numerical evidence only): {h["confirmed"]}</li></ul></div>')


def _filters(report) -> str:
    def options(name, values):
        opts = "".join(f'<option value="{escape(v)}">{escape(v)}</option>' for v in sorted(set(values)))
        return f'<select name="{name}" aria-label="{name}"><option value="">every {name}</option>{opts}</select>'
    items = report["items"]
    return ('<div id="filters" class="filters"><input id="q" type="search" placeholder="search an id or a title" '
            'aria-label="search items">' + options("verdict", [r["verdict"] for r in items])
            + options("kind", [r["kind"] for r in items]) + options("module", [namespace(r["id"]) for r in items])
            + f'<span id="count" class="muted">{len(items)} items</span></div>')


def _item_list(report, links: Links) -> str:
    rows = []
    for r in report["items"]:
        established = "" if r["established"] == r["verdict"] else f' <span class="muted">established {escape(r["established"])}</span>'
        rows.append(f'<tr data-id="{escape(r["id"])}" data-title="{escape(r["title"])}" data-verdict="{escape(r["verdict"])}" '
                    f'data-kind="{escape(r["kind"])}" data-module="{escape(namespace(r["id"]))}">'
                    f'<td data-label="item"><a href="{escape(links.item(r["id"]))}">{escape(r["id"])}</a><br>'
                    f'<span class="muted">{escape(r["title"])}</span></td><td data-label="kind">{escape(r["kind"])}</td>'
                    f'<td data-label="verdict">{badge(r["verdict"])}{established}</td></tr>')
    return (f'<table id="item-list" class="cards items"><tr class="head"><th>item</th><th>kind</th><th>verdict</th></tr>'
            f'{"".join(rows)}</table>')


#: a report with more items than this draws its index graph as one folded panel per module
COLLAPSE_ABOVE = 300


def _module_panels(corpus, report) -> tuple:
    """``(html, marks)``: the graph as one folded ``<details>`` per module, each with that module's drawing."""
    links = Links(corpus, depth=0)
    nodes = node_table(corpus, report)
    graph = drawn_graph(corpus.graph, corpus.items)
    members: dict = {}
    for n in graph.nodes:
        members.setdefault(namespace(n), []).append(n)
    parts, marks = [], set()
    for module in sorted(members):
        sub = graph.subgraph(members[module])
        svg = graph_svg(sub, nodes, href=links.node, svg_id=f"dependency-graph-{module}")
        marks |= set(svg.split('data-marks="', 1)[1].split('"', 1)[0].split())
        parts.append(f'<details class="module-panel" data-module="{escape(module)}"><summary>{escape(module)} — '
                     f'{len(members[module])} items, {sub.number_of_edges()} uses inside the module</summary>'
                     f'{zoomable(svg)}</details>')
    return "".join(parts), marks


def index_page(corpus, report: dict, graph_svg_text: str, marks: set) -> str:
    links = Links(corpus, depth=0)
    s = report["summary"]
    counts = ", ".join(f"{n} {escape(v)}" for v, n in s["verdicts"].items())
    without = f" Without: {escape(', '.join(s['without']))}." if s.get("without") else ""
    expected = links.links(s["expected_failures_refuted"]) if s["expected_failures_refuted"] else "none"
    body = (f'<h1>Verification report</h1>{_headline_html(s.get("headline"), links)}<p id="summary">{s["items"]} items, seed {s["seed"]}, profile '
            f'<code>{escape(s["profile"])}</code>: {counts}. Unsupported: {s["unsupported"]}. Not as expected: '
            f'<span class="{"ok" if not s["not_as_expected"] else "bad"}">{s["not_as_expected"]}</span>. '
            f'Expected failures refuted: {expected}.{without} Declared independences: {s["avoids_declared"]}, broken: '
            f'{s["avoids_broken"]}. Data: <a href="verification.json">verification.json</a>, '
            f'<a href="verification.md">verification.md</a>, <a href="junit.xml">junit.xml</a>.</p>'
            f'<details><summary>Coverage by kind and verdict</summary>{_coverage_html(report)}</details>'
            f'{_filters(report)}'
            f'<h2 id="graph">Dependency graph</h2><p class="muted">One panel per module; an arrow goes from an item to what '
            f'it uses, foundations at the top; hypotheses are folded into the items that assume them (tag H n; '
            f'<code>python -m checker graph --format svg --hypotheses</code> draws them). Click a node for its page; '
            f'the search and filters above dim the other nodes. Alone: <a href="graph.svg">graph.svg</a>.</p>'
            + (f'{zoomable(graph_svg_text)}{legend_html(marks)}' if graph_svg_text else _folded_graph(corpus, report))
            + f'<h2 id="items">Items</h2>{_item_list(report, links)}')
    return page("checker: verification report", body, links)


def _folded_graph(corpus, report) -> str:
    panels, marks = _module_panels(corpus, report)
    return (f'<p class="muted">{len(report["items"])} items: each module is folded (open one to draw it; a search '
            f'opens the modules with a match and centres the drawing on a single match). An item\'s page draws its '
            f'neighbourhood.</p>{panels}{legend_html(marks)}')


def assumptions_page(corpus, report: dict) -> str:
    links = Links(corpus, depth=0)
    sections = []
    for a in report["assumptions"]:
        fill = VERDICT_FILL.get(a["kind"], "#ffffff")
        sections.append(
            f'<section class="check" id="{escape(assumption_anchor(a["id"]))}"><h3>{escape(a["id"])} '
            f'<span class="badge" style="background:{fill}">{escape(a["kind"])}</span></h3>'
            f'<div class="statement"><p>{statement_html(a["description"])}</p></div>'
            f'<p>{len(a["dependents"])} items rest on it; <span class="cmd"><code>python -m checker verify all --without '
            f'{escape(a["id"])}</code><button type="button" class="copy" hidden>copy</button></span> drops it.</p>'
            f'<details><summary>what rests on it</summary><p>{links.links(a["dependents"])}</p></details></section>')
    body = ("<h1>Assumptions</h1><p>The postulates (adopted idealisations) and hypotheses the results rest on; "
            "each item's page says which it rests on and whether its analysis showed them necessary.</p>" + "".join(sections))
    return page("checker: assumptions", body, links)


def matrix_page(corpus, report: dict) -> str:
    links = Links(corpus, depth=0)
    body = (f"{MATRIX_CSS}<h1>Results × assumptions</h1>{_matrix_html(corpus, report, links)}"
            f"<h2 id='avoids'>Declared independence (avoids)</h2>{_avoids_html(report, links)}")
    return page("checker: results and assumptions", body, links)


def whole_graph_svg(corpus, report, *, hypotheses: bool = False, legend: bool = False, href=None) -> str:
    """The whole dependency graph (one panel per module) with links to the item pages from the report's root."""
    links = Links(corpus, depth=0)
    graph = drawn_graph(corpus.graph, corpus.items, hypotheses)
    return graph_svg(graph, node_table(corpus, report), href=href or links.node, svg_id="dependency-graph", legend=legend)


def site_files(corpus, report: dict) -> dict:
    """Relative path -> content (text, or bytes for the font) of every HTML page and what they need."""
    if len(report["items"]) > COLLAPSE_ABOVE:
        svg, marks = "", set()
    else:
        svg = whole_graph_svg(corpus, report)
        marks = set(svg.split('data-marks="', 1)[1].split('"', 1)[0].split())
    files = {"index.html": index_page(corpus, report, svg, marks), "assumptions.html": assumptions_page(corpus, report),
             CSS_FILE: CSS.lstrip(), SCRIPT_FILE: SCRIPT + "\n", GRAPH_DATA_FILE: graph_data_js(corpus),
             "matrix.html": matrix_page(corpus, report),
             "graph.svg": whole_graph_svg(corpus, report, legend=True) + "\n"}
    nodes = node_table(corpus, report)
    graph = drawn_graph(corpus.graph, corpus.items)
    ids = [r["id"] for r in report["items"]]
    for i, r in enumerate(report["items"]):
        neighbours = (ids[i - 1] if i else None, ids[i + 1] if i + 1 < len(ids) else None)
        files[f"{ITEMS_DIR}/{page_name(r['id'])}"] = item_page(corpus, report, r, nodes, graph, neighbours)
    assets = resources.files("checker") / "assets"
    files[f"{ITEMS_DIR}/{FONT_FILE}"] = (assets / FONT_FILE).read_bytes()
    files[f"{ITEMS_DIR}/{FONT_FILE.replace('.woff2', '-OFL.txt')}"] = (assets / "OFL.txt").read_text(encoding="utf-8")
    return files
