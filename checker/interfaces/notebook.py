"""Rich display in Jupyter: items, results, a whole verification, proofs and the dependency graph as HTML.

Importing :mod:`checker` inside IPython (a notebook, ``ipython``) registers HTML formatters for these types
(:func:`register`); ``%load_ext checker`` does the same explicitly.  Formatters are registered by type name, so
nothing is imported until an object of that type is shown.  What is shown is what the reports show: the statement
typeset from its LaTeX, each check as a card (the counterexample first), proof steps typeset from their recorded
trees, and the graph drawn as SVG coloured by verdict.
"""
from __future__ import annotations

import sys
from html import escape

#: (module, class name) -> the function that renders an object of that class as HTML
_TYPES = {
    ("checker.kernel.items", "Item"): "item_html",
    ("checker.execution.pool", "ItemResult"): "result_html",
    ("checker.interfaces.api", "Verification"): "verification_html",
    ("checker.kernel.proof", "Proof"): "proof_html",
    ("checker.execution.graph", "Corpus"): "corpus_html",
}

_STYLE = ("<style>.checker-nb .badge{border-radius:4px;padding:0 .4em;font-size:90%}"
          ".checker-nb .muted{color:#666}.checker-nb .bad{color:#b00}.checker-nb .ok{color:#070}"
          ".checker-nb section.check{border-left:3px solid #ccc;padding-left:.6em;margin:.4em 0}"
          ".checker-nb details.raw{display:none}.checker-nb table td,.checker-nb table th{text-align:left}</style>")


def _wrap(body: str) -> str:
    return f'{_STYLE}<div class="checker-nb">{body}</div>'


def register(shell=None) -> bool:
    """Register the HTML formatters with ``shell`` (the running IPython, if any); True when registered."""
    if shell is None:
        shell = _running_ipython()
    if shell is None:
        return False
    html = shell.display_formatter.formatters["text/html"]
    for (module, name), function in _TYPES.items():
        html.for_type_by_name(module, name, _renderer(function))
    return True


def _running_ipython():
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return None
    try:
        return ipython.get_ipython()
    except Exception:  # noqa: BLE001 - an IPython that cannot say: no rich display
        return None


def _renderer(function_name: str):
    def render(obj):
        return globals()[function_name](obj)
    return render


def item_html(it) -> str:
    """An item: id, kind, title, statement (typeset), what it uses and assumes."""
    from ..reporting.mathml import statement_html
    uses = ", ".join(escape(u) for u in it.uses + it.proof_uses) or "nothing"
    assumes = ", ".join(escape(getattr(a, "id", str(a))) for a in it.assumes) or "nothing"
    expected = "fail (a false variation)" if it.expected == "fails" else "hold"
    return _wrap(f"<p><b>{escape(it.id)}</b> <span class='muted'>({escape(it.kind)}; expected to {expected})</span>"
                 f" — {escape(it.title)}</p>"
                 + (f"<p>{statement_html(it.statement)}</p>" if it.statement else "")
                 + f"<p class='muted'>uses: {uses} · assumes: {assumes}</p>")


def result_html(result) -> str:
    """A result: verdict, established verdict, status, the reproduce command and each check as a card."""
    from ..reporting.html_item import _check, leading_failures
    from ..reporting.html_page import badge
    status = "ok" if result.as_expected else "bad"
    head = (f"<p><b>{escape(result.id)}</b> {badge(result.verdict)}"
            + (f" · established {badge(result.established)}" if result.established not in ("", result.verdict) else "")
            + f" · <span class='{status}'>{escape(result.status or result.verdict)}</span>"
            + (f" <span class='muted'>({result.seconds:.2f} s{', cached' if result.cached else ''})</span>" if result.seconds else "")
            + "</p>")
    if result.failure_detail:
        head += f"<p>{escape(result.failure_detail)}</p>"
    records = [c if isinstance(c, dict) else c.to_dict() for c in result.checks]
    cards = "".join(_check(c) for c in leading_failures(records))
    reproduce = f"<p class='muted'>reproduce: <code>{escape(result.reproduce)}</code></p>" if result.reproduce else ""
    if getattr(result, "replay_command", ""):
        reproduce += f"<p class='muted'>replay exactly: <code>{escape(result.replay_command)}</code></p>"
    return _wrap(head + cards + reproduce)


def verification_html(verification) -> str:
    """A whole run: the summary counts, then one row per item (verdict, established, status)."""
    from ..reporting.html_page import badge
    summary = verification.summary
    counts = ", ".join(f"{n} {escape(v)}" for v, n in summary.get("verdicts", {}).items())
    rows = "".join(f"<tr><td>{escape(i)}</td><td>{badge(r.verdict)}</td><td>{badge(r.established)}</td>"
                   f"<td class='{'ok' if r.as_expected else 'bad'}'>{escape(r.status)}</td></tr>"
                   for i, r in verification.items())
    ok = "every item as expected" if verification.ok else \
        f"not as expected: {', '.join(escape(i) for i in verification.not_as_expected)}"
    return _wrap(f"<p><b>{len(verification)} items</b>: {counts}; <span class='{'ok' if verification.ok else 'bad'}'>"
                 f"{ok}</span> <span class='muted'>(seed {verification.seed}, profile {escape(verification.profile)},"
                 f" {verification.seconds:.1f} s)</span></p><table><tr><th>item</th><th>verdict</th>"
                 f"<th>established</th><th>status</th></tr>{rows}</table>")


def proof_html(proof) -> str:
    """A proof as written: each step's label, rule and equation typeset from its tree, then the conclusion."""
    from ..reporting.mathml import formula
    from ..reporting.typeset import latex_of
    items = []
    for step in proof.steps:
        eq = step.eq
        if isinstance(eq, tuple) and len(eq) == 2:
            latex = f"{latex_of(eq[0])} = {latex_of(eq[1])}"
        else:
            latex = latex_of(eq)
        cited = f" {escape(step.cited_item)}" if step.cited_item else ""
        items.append(f"<li><code>{escape(step.label)}</code> [{escape(step.rule)}{cited}] {formula(latex)}"
                     + (f" <span class='muted'>{escape(step.note)}</span>" if step.note else "") + "</li>")
    title = f"<p><b>{escape(proof.title)}</b></p>" if proof.title else ""
    conclusion = f"<p>conclusion: <code>{escape(proof.conclusion)}</code></p>" if proof.conclusion else ""
    return _wrap(title + f"<ol>{''.join(items)}</ol>" + conclusion)


def corpus_html(corpus) -> str:
    """The dependency graph as the reports draw it (SVG, shapes by kind), with the number of items."""
    from ..reporting.export import graph_text
    return _wrap(f"<p>{len(corpus.items)} items, {len(corpus.assumptions)} assumptions</p>"
                 + graph_text(corpus, "svg"))
