"""The honest headline of a run: what is proved *as stated*, counted apart from what is not.

"Proved" in a headline counts only an own (non-cited) item, expected to hold, whose own verdict is ``proved`` for
its whole statement: no scope narrower than the statement, that is no declared ``scope``, no scope narrowed by a
sweep or the quick profile (:func:`checker.kernel.evidence.verdict_scope`), and nothing it rests on established only
in a narrower scope (``narrower_scopes``, filled by :func:`checker.execution.runner.propagate`).  Own items proved
only in a narrower scope are listed with the scope; trusted results (cited items) and confirmed items are counted
apart.  *Established* for the whole statement asks more: the item is established ``proved`` along the graph, and
every trusted result it rests on (up to the first trusted result on each path) holds for its whole statement too.

May import: the kernel, and :mod:`checker.execution` modules below the runner (none today).
"""
from __future__ import annotations

from ..kernel.evidence import verdict_scope

#: verdicts that carry no checked claim (definitions exercised, text items, items dropped by ``--without``)
NO_CLAIM_VERDICTS = ("defined", "stated")


def _trusted_frontier(corpus, item_id: str) -> set:
    """The trusted results (cited items) below ``item_id`` reached without passing through another trusted result."""
    seen, stack, frontier = set(), [item_id], set()
    while stack:
        node = stack.pop()
        for dep in corpus.graph.successors(node):
            if dep in seen:
                continue
            seen.add(dep)
            if dep in corpus.items and corpus.items[dep].kind == "cited":
                frontier.add(dep)
                continue
            stack.append(dep)
    return frontier


def trusted_scopes(corpus, results: dict, item_id: str) -> list:
    """``["id (scope)"]`` for the trusted results ``item_id`` rests on (first on each path) whose verdict has a scope."""
    out = []
    for dep in sorted(_trusted_frontier(corpus, item_id)):
        res = results.get(dep)
        scope = verdict_scope(corpus.items[dep], res.checks if res is not None else ())
        if scope:
            out.append(f"{dep} ({scope})")
    return out


def _own_narrowing(corpus, result) -> list:
    """Why an own ``proved`` falls short of the whole statement: its verdict scope and the narrower scopes below it."""
    reasons = []
    scope = verdict_scope(corpus.items[result.id], result.checks)
    if scope:
        reasons.append(scope)
    reasons += [f"rests on {s}" for s in getattr(result, "narrower_scopes", None) or ()]
    return reasons


def headline(corpus, results: dict) -> dict:
    """The headline figures (plain data) of a run's ``results`` (after :func:`propagate`)."""
    own = [i for i in sorted(results) if corpus.items[i].kind != "cited" and corpus.items[i].expected == "holds"
           and results[i].verdict not in NO_CLAIM_VERDICTS]
    whole, narrower, established_whole, confirmed, not_proved = [], [], [], [], []
    for i in own:
        res = results[i]
        if res.verdict == "confirmed":
            confirmed.append(i)
        if res.verdict != "proved":
            not_proved.append({"id": i, "verdict": res.verdict})
            continue
        reasons = _own_narrowing(corpus, res)
        if reasons:
            narrower.append({"id": i, "scope": "; ".join(reasons)})
            continue
        whole.append(i)
        if res.graph_verdict == "proved" and not trusted_scopes(corpus, results, i):
            established_whole.append(i)
    cited = [i for i in sorted(results) if corpus.items[i].kind == "cited"]
    cited_narrow = [{"id": i, "scope": verdict_scope(corpus.items[i], results[i].checks)} for i in cited
                    if verdict_scope(corpus.items[i], results[i].checks)]
    total = len(own)
    return {"own_expected_to_hold": total,
            "own_proved_whole_statement": len(whole),
            "share_own_proved_whole_statement": round(len(whole) / total, 3) if total else 0.0,
            "own_proved_whole_statement_ids": whole,
            "own_proved_narrower_scope": len(narrower),
            "own_proved_narrower_scope_items": narrower,
            "own_not_proved": not_proved,
            "established_proved_whole_statement": len(established_whole),
            "share_established_proved_whole_statement": round(len(established_whole) / total, 3) if total else 0.0,
            "trusted_results_count": len(cited),
            "trusted_results_narrower_scope": cited_narrow,
            "confirmed": sum(r.verdict == "confirmed" for r in results.values()),
            "own_confirmed": len(confirmed)}


def headline_lines(h: dict) -> list:
    """The headline as text lines, the figure of own items proved for their whole statement first."""
    total = h["own_expected_to_hold"]

    def share(n):
        return f"{100 * n / total:.0f}%" if total else "-"
    lines = [f"own items proved for their whole statement: {h['own_proved_whole_statement']} of {total} non-cited "
             f"items expected to hold ({share(h['own_proved_whole_statement'])})",
             f"own items proved only in a narrower scope: {h['own_proved_narrower_scope']}"
             + "".join(f"\n  {x['id']} ({x['scope']})" for x in h["own_proved_narrower_scope_items"]),
             f"established proved for the whole statement (everything it rests on too, trusted results' scopes "
             f"included): {h['established_proved_whole_statement']} ({share(h['established_proved_whole_statement'])})",
             f"trusted results (cited): {h['trusted_results_count']}"
             + (f", {len(h['trusted_results_narrower_scope'])} of them checked only in a narrower scope"
                if h["trusted_results_narrower_scope"] else ""),
             f"confirmed (randomized or numerical evidence only): {h['confirmed']}, own: {h['own_confirmed']}"]
    return lines
