"""``reports/items/<id>.html``: one page per item, as Metamath has one per theorem.

The statement (MathML), verdict and what it was established as, the hypothesis analysis, what it
uses and what uses it, what it rests on (postulates, hypotheses, trusted results), every check with
its evidence (witnesses and residuals typeset, the raw record one click away, the reproduce command
as copyable text), the proof steps typeset, the figures, and the graph of its neighbourhood: what it uses
and what uses it directly.  The transitive closure (everything it rests on, everything that rests on it) is
listed on demand from the report's one shared graph index, not written into every page, so a report's size
is linear in items + edges (issue 40: inlined closures made it quadratic).
"""
from __future__ import annotations

from html import escape

from .html_page import Links, badge, closure_details, page, zoomable
from .mathml import statement_html
from .plot import plot_svg
from .svg import graph_svg, legend_html
from .typeset import equation_html, value_html

#: at most this many items that use an item directly are drawn; beyond, the first ones by id (all are listed)
MAX_ABOVE = 30


def neighbourhood(corpus, graph, node_id: str) -> tuple:
    """``(subgraph, note)``: ``node_id``, what it uses directly and what uses it directly (at most ``MAX_ABOVE``
    of those, the first by id; ``note`` says so).  Bounded by the item's own edges: no closure is computed."""
    below = set(graph.successors(node_id))
    above = sorted(graph.predecessors(node_id))
    note = ""
    if len(above) > MAX_ABOVE:
        note = f"{len(above)} items use it directly; the first {MAX_ABOVE} by id are drawn (all are listed above)."
        above = above[:MAX_ABOVE]
    return graph.subgraph(below | set(above) | {node_id}), note


def _hypotheses(rows, links: Links) -> str:
    if not rows:
        return ""
    body = []
    for h in rows:
        cls = {"necessary": "bad", "not needed": "ok"}.get(h["status"], "")
        problems = "".join(f'<div class="bad">problem: {escape(p)}</div>' for p in h.get("problems", ()))
        body.append(f"<tr><td data-label='assumption'>{links.link(h['assumption'])}</td><td data-label='kind'>"
                    f"{escape(h['kind'])}</td><td data-label='status' class='{cls}'>{escape(h['status'])}</td>"
                    f"<td data-label='evidence'>{escape(h.get('evidence', ''))}{problems}</td></tr>")
    return ("<h2>Hypotheses</h2><p class='muted'>necessary: a checked witness satisfies every other hypothesis and "
            "violates the conclusion without it; not needed: the conclusion was established without it.</p>"
            "<table class='cards hypotheses'><tr class='head'><th>assumption</th><th>kind</th><th>status</th>"
            f"<th>evidence</th></tr>{''.join(body)}</table>")


def _text(text: str) -> str:
    """Prose of a check record; a long one (a relation list) folded."""
    text = str(text)
    if len(text) <= 400:
        return f"<p>{escape(text)}</p>"
    return f"<details><summary>{escape(text[:160])}… ({len(text)} characters)</summary><pre>{escape(text)}</pre></details>"


def leading_failures(checks: list) -> list:
    """The checks in the order a reader needs them: refuted claim checks (the counterexample) first, then the other
    claim checks that did not pass, then the rest, each group in the verifier's order."""
    def rank(c):
        passed = c.get("outcome") in ("proved", "confirmed")
        return (0 if c.get("claim") and c.get("outcome") == "refuted" else 1 if c.get("claim") and not passed else 2)
    return sorted(checks, key=rank)


def _check(c: dict) -> str:
    role = c.get("role") or {}
    tag = f' <span class="muted">({escape(role["analysis"])}: {escape(role["hypothesis"])})</span>' if role else ""
    claim = "claim check" if c.get("claim") else "supporting check"
    out = [f'<section class="check"><h3>{escape(c["name"])}{tag} {badge(c["outcome"])}</h3>'
           f'<p class="muted">{escape(c["method"])} · {claim}' + (f' · scope: {escape(c["scope"])}' if c.get("scope") else "")
           + "</p>"]
    if c.get("detail"):
        out.append(_text(c["detail"]))
    facts = [(label, c[key]) for key, label in (("instances", "instances"), ("seed", "seed"), ("error_bound", "error bound"))
             if c.get(key) not in (None, "")]
    if c.get("max_residual") is not None:
        facts.append(("largest residual", c["max_residual"]))
    if facts:
        out.append('<dl class="kv">' + "".join(f"<dt>{escape(k)}</dt><dd>{escape(str(v))}</dd>" for k, v in facts) + "</dl>")
    for p in c.get("premises", []):
        rels = "".join(f"<li>{equation_html(r)}</li>" for r in p.get("relations", []))
        out.append(f"<details><summary>premises: {escape(p.get('premise', ''))} ({len(p.get('relations', []))})</summary>"
                   f"<ol class='steps'>{rels}</ol></details>")
    if c.get("witness") is not None:
        label = "witness" if c["outcome"] == "refuted" else "evidence"
        out.append(f"<h4>{label}</h4>{value_html(c['witness'])}")
    if c.get("steps"):
        steps = "".join(f"<li><code>{escape(s['label'])}</code> [{escape(s['rule'])}, "
                        f"<span class='{'ok' if s['status'] == 'checked' else 'bad'}'>{escape(s['status'])}</span>]"
                        f"{equation_html(s['statement'])}"
                        f"{('<span class=remark>' + escape(s['detail']) + '</span>') if s.get('detail') else ''}</li>"
                        for s in c["steps"])
        out.append(f"<details><summary>proof steps ({len(c['steps'])})</summary><ol class='steps'>{steps}</ol></details>")
    out.append("</section>")
    return "".join(out)


def item_page(corpus, report: dict, r: dict, nodes: dict, graph, neighbours: tuple) -> str:
    """The page of the item whose report record is ``r``; ``graph`` is the drawn graph (hypotheses folded),
    ``neighbours`` the ids of the previous and next item in dependency order (or None)."""
    links = Links(corpus, depth=1)
    it = corpus.items[r["id"]]
    used_by = sorted(p for p in corpus.graph.predecessors(r["id"]) if p in corpus.items)
    ro = r["rests_on"]
    scope = f' <span class="muted">({escape(r["scope"])})</span>' if r.get("scope") and r["verdict"] in ("proved", "confirmed") else ""
    established = "" if r["established"] == r["verdict"] else f" · established: {badge(r['established'])}"
    cited = f", cited as {escape(it.cited_kind)}" if it.cited_kind else ""
    prev_id, next_id = neighbours
    pager = ('<div class="pager">' + (f'<a href="{links.item(prev_id)}">← {escape(prev_id)}</a>' if prev_id else "<span></span>")
             + (f'<a href="{links.item(next_id)}">{escape(next_id)} →</a>' if next_id else "") + "</div>")
    head = (f'{pager}<h1>{escape(r["id"])}</h1><p>{badge(r["verdict"])}{scope}{established} · '
            f'<b>{escape(r["title"])}</b> ({escape(r["kind"])}{cited}; expected to {"fail" if r["expected"] == "fails" else "hold"}; '
            f'status: <span class="{"ok" if r["status"] == "ok" else "bad"}">{escape(r["status"])}</span>)</p>'
            f'<p class="muted">source: {escape(r["source"])}</p>')
    statement = f'<div class="statement"><p>{statement_html(r["statement"])}</p></div>' if r["statement"] else ""
    extra = []
    if r.get("detail"):
        extra.append(f"<p>Detail: {escape(r['detail'])}</p>")
    if r.get("replay"):
        from .typeset import command_html
        extra.append(f"<p>Replay exactly (this verifier alone, the same draw; the --path/--module that load it too): "
                     f"{command_html('python -m checker verify ' + r['id'] + ' --replay ' + r['replay'])}</p>")
    if r.get("blocked_by"):
        extra.append(f"<p class='bad'>Blocked by: {links.links(r['blocked_by'])}</p>")
    if r.get("narrower_scopes"):
        extra.append(f"<p>Rests on results established only in a narrower scope: "
                     f"{escape(', '.join(r['narrower_scopes']))}</p>")
    for avoided in it.avoids:
        path = corpus.why(it.id, avoided)
        extra.append(f"<p>Must not rest on {links.link(avoided)}: "
                     + (f"<span class='bad'>broken by {escape(' → '.join(path))}</span>" if path else "<span class='ok'>kept</span>")
                     + "</p>")
    deps = ('<h2>Dependencies</h2><dl class="kv">'
            f'<dt>uses</dt><dd>{links.links(r["uses"])}</dd><dt>uses in its proof</dt><dd>{links.links(r["proof_uses"])}</dd>'
            f'<dt>assumes</dt><dd>{links.links(r["assumes"])}</dd><dt>used by</dt><dd>{links.links(used_by)}</dd>'
            f'<dt>rests on postulates</dt><dd>{links.links(ro["postulates"])}</dd>'
            f'<dt>rests on hypotheses</dt><dd>{links.links(ro["hypotheses"])}</dd>'
            f'<dt>rests on trusted results</dt><dd>{links.links(ro.get("trusted results", []))}</dd>'
            + (f'<dt>declared, shown not needed</dt><dd>{links.links(ro["not needed"])}</dd>' if ro.get("not needed") else "")
            + "</dl>" + closure_details(r["id"], links, "uses", "everything it rests on, transitively")
            + closure_details(r["id"], links, "users", "everything that rests on it, transitively"))
    checks = ("<h2>Evidence</h2>" + "".join(_check(c) for c in leading_failures(r["checks"]))) if r["checks"] else ""
    if r.get("output"):
        checks += f"<details><summary>verifier output</summary><pre>{escape(str(r['output']))}</pre></details>"
    figures = "".join(f"<figure>{plot_svg(f)}<figcaption>{escape(f.get('caption', ''))}</figcaption></figure>"
                      for f in r.get("figures", []))
    sub, note = neighbourhood(corpus, graph, r["id"])
    svg = graph_svg(sub, nodes, href=links.node, highlight=r["id"], grouped=False, row_width=4)
    marks = set(svg.split('data-marks="', 1)[1].split('"', 1)[0].split())
    height = svg.split('height="', 1)[1].split('"', 1)[0]
    picture = (f'<h2 id="neighbourhood">What it uses and what uses it</h2><p class="muted">Its direct neighbours; arrows point '
               f'to what an item uses; foundations at the top. The whole closure is listed under Dependencies. {escape(note)}</p>'
               f'{zoomable(svg, f"min(72vh,{int(height) + 4}px)")}{legend_html(marks)}')
    body = (head + statement + "".join(extra) + _hypotheses(r.get("hypotheses", []), links) + deps + checks
            + (f"<h2>Figures</h2>{figures}" if figures else "") + picture + pager)
    return page(f"{r['id']} — checker report", body, links)

