"""``reports/index.html``: one self-contained page (no script, no network) for reading the verification.

Contents: coverage counts, the dependency graph as SVG with a legend (click a node to go to its
section), the results × assumptions matrix (uses / necessary / not needed), the declared
independences (``avoids``), the assumptions with what rests on them, and one section per item:
statement with MathML, verdict, hypothesis table, evidence, proof steps, figures, what it uses,
what uses it, and the subgraph of everything it rests on.
"""
from __future__ import annotations

from html import escape

import networkx as nx

from .analysis import ANALYSED_KINDS
from .mathml import statement_html
from .svg import VERDICT_FILL, anchor, graph_svg, legend_svg, plot_svg

CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0 auto;max-width:1500px;padding:0 18px;color:#1b1b1b;line-height:1.45}
h1{margin-top:18px} h2{border-bottom:1px solid #cfd8dc;padding-bottom:4px;margin-top:34px}
table{border-collapse:collapse;margin:8px 0;font-size:13px} td,th{border:1px solid #cfd8dc;padding:3px 6px;vertical-align:top}
th{background:#eceff1} code{font-size:12px;background:#f5f5f5;padding:0 2px;word-break:break-word}
.scroll{overflow:auto;border:1px solid #cfd8dc;max-height:900px;background:#fafafa}
.badge{display:inline-block;padding:1px 8px;border-radius:9px;font-size:12px;font-weight:600;border:1px solid #607d8b}
section.item,section.assumption{border:1px solid #e0e0e0;border-radius:6px;padding:6px 14px;margin:14px 0;scroll-margin-top:10px}
section:target{outline:3px solid #1565c0;background:#f3f8ff}
.matrix td{text-align:center;min-width:16px;padding:1px 3px} .matrix th.col{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:normal;max-height:260px;font-size:11px}
.m-necessary{background:#ef9a9a} .m-notneeded{background:#a5d6a7} .m-uses{background:#e0e0e0} .m-via{background:#f5f5f5;color:#757575}
.ok{color:#2e7d32} .bad{color:#c62828;font-weight:600} details{margin:6px 0} .steps li{font-size:12px}
.graph a.node:hover *{stroke:#000;stroke-width:2.5}
figure{display:inline-block;margin:6px 12px 6px 0;vertical-align:top} figcaption{font-size:12px;max-width:540px}
"""


def _badge(verdict: str) -> str:
    fill = VERDICT_FILL.get(verdict, "#ffffff")
    colour = "#fff" if verdict in ("proved", "refuted", "error") else "#111"
    return f'<span class="badge" style="background:{fill};color:{colour}">{escape(verdict)}</span>'


def _link(corpus, node: str) -> str:
    is_assumption = node in corpus.assumptions and node not in corpus.items
    return f'<a href="#{escape(anchor(node, is_assumption))}">{escape(node)}</a>'


def _links(corpus, nodes) -> str:
    return ", ".join(_link(corpus, n) for n in nodes) or "—"


def node_table(corpus, report: dict) -> dict:
    """id -> drawing attributes (kind, verdict, title, expected, assumption?) for every graph node."""
    by_id = {r["id"]: r for r in report["items"]}
    nodes = {}
    for n in corpus.graph.nodes:
        data = corpus.graph.nodes[n]
        if n in corpus.items:
            r = by_id.get(n, {})
            verdict = r.get("established") if r.get("established") in ("unsupported", "not established") else r.get("verdict", "stated")
            if data["kind"] == "postulate" and verdict == "stated":
                verdict = "postulate"  # an adopted postulate is drawn as the assumption it is
            nodes[n] = {"kind": data["kind"], "verdict": verdict, "title": data.get("title", ""),
                        "expected": data.get("expected", "holds")}
        else:
            kind = data.get("assumption_kind", "hypothesis")
            nodes[n] = {"kind": kind, "verdict": kind, "title": data.get("title", ""), "assumption": True}
    return nodes


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


def _matrix_html(corpus, report) -> str:
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
        body.append(f"<tr><th style='text-align:left'>{_link(corpus, item_id)}</th>{''.join(tds)}</tr>")
    return (f'<p>N: necessary (a checked necessity witness); –: not needed (the conclusion was established without '
            f'it); u: assumed, not analysed; ·: rests on it through what it uses.</p><div class="scroll">'
            f'<table class="matrix"><tr><th>result</th>{head}</tr>{"".join(body)}</table></div>')


def _coverage_html(report) -> str:
    cov = coverage(report)
    verdicts = sorted({v for kinds in cov["table"].values() for v in kinds})
    head = "".join(f"<th>{_badge(v)}</th>" for v in verdicts)
    rows = []
    for kind in sorted(cov["table"]):
        cells = "".join(f"<td>{cov['table'][kind].get(v, '')}</td>" for v in verdicts)
        rows.append(f"<tr><th style='text-align:left'>{escape(kind)}</th>{cells}<td>{sum(cov['table'][kind].values())}</td></tr>")
    return (f'<table class="coverage"><tr><th>kind</th>{head}<th>total</th></tr>{"".join(rows)}</table>'
            f'<p>Proved symbolically: <b>{cov["proved"]}</b> of the {cov["claims"]} items with a checked claim '
            f'(share {cov["share_proved"]:.0%}); the others are confirmed by randomized or numerical evidence, or '
            f'refuted. Established proved: <b>{cov["established_proved"]}</b> ({cov["share_established"]:.0%}): '
            f'everything they rest on is proved, defined, stated or a trusted result (a cited item, the corpus\'s '
            f'axioms, listed with each item). <code>defined</code> and <code>stated</code> never count as proved.</p>')


def _hypothesis_table(rows) -> str:
    if not rows:
        return ""
    body = []
    for h in rows:
        cls = {"necessary": "m-necessary", "not needed": "m-notneeded"}.get(h["status"], "")
        problems = "".join(f'<div class="bad">problem: {escape(p)}</div>' for p in h.get("problems", ()))
        body.append(f"<tr><td><a href='#{escape(anchor(h['assumption'], True))}'>{escape(h['assumption'])}</a></td>"
                    f"<td>{escape(h['kind'])}</td><td class='{cls}'>{escape(h['status'])}</td>"
                    f"<td>{escape(h.get('evidence', ''))}{problems}</td></tr>")
    return ("<h4>Hypotheses</h4><table class='hypotheses'><tr><th>assumption</th><th>kind</th><th>status</th>"
            f"<th>evidence</th></tr>{''.join(body)}</table>")


def _evidence(c: dict) -> str:
    parts = [c.get("scope", ""), c.get("detail", "")]
    for key, label in (("instances", "instances"), ("seed", "seed"), ("max_residual", "max residual")):
        if c.get(key) is not None:
            parts.append(f"{label} {c[key]}")
    text = "; ".join(escape(str(p)) for p in parts if p)
    if c.get("witness") is not None:
        import json
        text += f"<br>witness: <code>{escape(json.dumps(c['witness'], ensure_ascii=False))}</code>"
    return text


def _checks_html(checks) -> str:
    if not checks:
        return ""
    rows, proofs = [], []
    for c in checks:
        role = c.get("role") or {}
        tag = f" <i>({escape(role['analysis'])}: {escape(role['hypothesis'])})</i>" if role else ""
        rows.append(f"<tr><td>{escape(c['name'])}{tag}</td><td>{_badge(c['outcome'])}</td><td>{escape(c['method'])}</td>"
                    f"<td>{_evidence(c)}</td></tr>")
        if c.get("steps"):
            steps = "".join(f"<li><code>{escape(s['label'])}</code> [{escape(s['rule'])}, "
                            f"<span class='{'ok' if s['status'] == 'checked' else 'bad'}'>{escape(s['status'])}</span>] "
                            f"<code>{escape(s['statement'])}</code>{(' — ' + escape(s['detail'])) if s.get('detail') else ''}</li>"
                            for s in c["steps"])
            proofs.append(f"<details><summary>proof steps of <b>{escape(c['name'])}</b> ({len(c['steps'])})</summary>"
                          f"<ol class='steps'>{steps}</ol></details>")
    return ("<h4>Evidence</h4><table class='checks'><tr><th>check</th><th>outcome</th><th>method</th><th>scope and evidence</th></tr>"
            f"{''.join(rows)}</table>{''.join(proofs)}")


def _item_section(corpus, r: dict, nodes: dict) -> str:
    it = corpus.items[r["id"]]
    used_by = sorted(p for p in corpus.graph.predecessors(r["id"]) if p in corpus.items)
    below = nx.descendants(corpus.graph, r["id"]) | {r["id"]}
    sub = corpus.graph.subgraph(below)
    ro = r["rests_on"]
    figures = "".join(f"<figure>{plot_svg(f)}<figcaption>{escape(f.get('caption', ''))}</figcaption></figure>"
                      for f in r.get("figures", []))
    extra = []
    if r.get("detail"):
        extra.append(f"<p>Detail: {escape(r['detail'])}</p>")
    if r.get("blocked_by"):
        extra.append(f"<p class='bad'>Blocked by: {escape(', '.join(r['blocked_by']))}</p>")
    for avoided in it.avoids:
        path = corpus.why(it.id, avoided)
        extra.append(f"<p>Avoids {_link(corpus, avoided)}: " +
                     (f"<span class='bad'>broken by {escape(' → '.join(path))}</span>" if path else "<span class='ok'>kept</span>")
                     + "</p>")
    cited = f", cited as {escape(it.cited_kind)}" if it.cited_kind else ""
    return (f'<section class="item" id="{escape(anchor(r["id"]))}"><h3>{escape(r["id"])} {_badge(r["verdict"])}'
            + (f' <span class="scope">{escape(r["scope"])}</span>' if r.get("scope") and r["verdict"] in ("proved", "confirmed") else "")
            + '</h3>'
            f'<p><b>{escape(r["title"])}</b> ({escape(r["kind"])}{cited}; expected {escape(r["expected"])}; '
            f'established: {escape(r["established"])}; status: {escape(r["status"])})<br><small>source: {escape(r["source"])}</small></p>'
            f'<p class="statement">{statement_html(r["statement"])}</p>{"".join(extra)}'
            f'{_hypothesis_table(r.get("hypotheses", []))}'
            f'<p>Uses: {_links(corpus, r["uses"])}. Proof uses: {_links(corpus, r["proof_uses"])}. '
            f'Assumes: {_links(corpus, r["assumes"])}.<br>Used by: {_links(corpus, used_by)}.<br>'
            f'Rests on postulates: {_links(corpus, ro["postulates"])}; hypotheses: {_links(corpus, ro["hypotheses"])}; '
            f'trusted results: {_links(corpus, ro.get("trusted results", []))}'
            + (f'; declared, shown not needed: {_links(corpus, ro["not needed"])}' if ro.get("not needed") else "")
            + '.</p>'
            f'{_checks_html(r["checks"])}{figures}'
            f'<details class="ancestors"><summary>what {escape(r["id"])} rests on ({len(below) - 1} nodes)</summary>'
            f'<div class="scroll">{graph_svg(sub, nodes, highlight=r["id"], row_width=6)}</div></details></section>')


def _assumption_section(corpus, a: dict) -> str:
    return (f'<section class="assumption" id="{escape(anchor(a["id"], True))}">'
            f'<h3>{escape(a["id"])} <span class="badge" style="background:{VERDICT_FILL[a["kind"]]}">{escape(a["kind"])}</span></h3>'
            f'<p>{statement_html(a["description"])}</p><p>{len(a["dependents"])} items rest on it '
            f'(<code>python -m checker verify all --without {escape(a["id"])}</code> drops it): '
            f'{_links(corpus, a["dependents"])}</p></section>')


def _avoids_html(corpus, report) -> str:
    if not report["avoids"]:
        return "<p>No item declares an independence.</p>"
    rows = "".join(f"<tr><td>{_link(corpus, a['item'])}</td><td>{_link(corpus, a['avoids'])}</td>"
                   f"<td class='{'ok' if a['outcome'] == 'kept' else 'bad'}'>{escape(a['outcome'])}"
                   f"{(': ' + escape(' → '.join(a['path']))) if a.get('path') else ''}</td></tr>" for a in report["avoids"])
    return f"<table><tr><th>item</th><th>must not rest on</th><th>outcome</th></tr>{rows}</table>"


def to_html(corpus, report: dict) -> str:
    """The whole page (deterministic for a given report)."""
    s = report["summary"]
    nodes = node_table(corpus, report)
    counts = ", ".join(f"{n} {escape(v)}" for v, n in s["verdicts"].items())
    without = f" Without: {escape(', '.join(s['without']))}." if s.get("without") else ""
    expected = ", ".join(_link(corpus, i) for i in s["expected_failures_refuted"]) or "none"
    item_sections = "".join(_item_section(corpus, r, nodes) for r in report["items"])
    assumption_sections = "".join(_assumption_section(corpus, a) for a in report["assumptions"])
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>checker: verification report</title>'
            f'<meta name="viewport" content="width=device-width,initial-scale=1"><style>{CSS}</style></head><body>'
            f'<h1>Verification report</h1><p id="summary">{s["items"]} items, seed {s["seed"]}, profile '
            f'<code>{escape(s["profile"])}</code>: {counts}. Unsupported: {s["unsupported"]}. Not as expected: '
            f'<span class="{"ok" if not s["not_as_expected"] else "bad"}">{s["not_as_expected"]}</span>. '
            f'Expected failures refuted: {expected}.{without} Declared independences: {s["avoids_declared"]}, broken: '
            f'{s["avoids_broken"]}.</p>'
            f'<nav><a href="#coverage">coverage</a> · <a href="#graph">graph</a> · <a href="#matrix">assumptions matrix</a> · '
            f'<a href="#avoids">independence</a> · <a href="#assumptions">assumptions</a> · <a href="#items">items</a></nav>'
            f'<h2 id="coverage">Coverage</h2>{_coverage_html(report)}'
            f'<h2 id="graph">Dependency graph</h2><p>An arrow goes from an item to what it uses; foundations are at the top. '
            f'Click a node for its section.</p>{legend_svg()}<div class="scroll">{graph_svg(corpus.graph, nodes, svg_id="dependency-graph")}</div>'
            f'<h2 id="matrix">Results × assumptions</h2>{_matrix_html(corpus, report)}'
            f'<h2 id="avoids">Declared independence (avoids)</h2>{_avoids_html(corpus, report)}'
            f'<h2 id="assumptions">Assumptions</h2>{assumption_sections}'
            f'<h2 id="items">Items</h2>{item_sections}</body></html>\n')
