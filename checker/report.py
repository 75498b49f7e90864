"""Reports: the JSON report and the Markdown page, written atomically.

``reports/verification.json`` holds a ``summary`` (counts per verdict, number not as
expected, seed, profile, total seconds) and ``items`` (id, kind, title, source,
expected, verdict, status, uses, rests_on, method, seconds, checks, witness).  A file
is written to a temporary name beside its target and renamed, so no reader ever sees
a half-written report.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from .runner import method_summary, summarize


def write_atomically(path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file in the same folder and ``os.replace``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def item_record(corpus, result) -> dict:
    it = corpus.items[result.id]
    record = {
        "id": it.id, "kind": it.kind, "title": it.title, "statement": it.statement, "source": it.source,
        "expected": it.expected, "verdict": result.verdict, "established": result.graph_verdict,
        "status": result.status, "uses": list(it.uses), "proof_uses": list(it.proof_uses),
        "assumes": [a.id for a in it.assumes], "rests_on": corpus.rests_on(it.id),
        "method": method_summary(result), "seconds": round(result.seconds, 3), "checks": result.checks,
    }
    if it.cited_kind:
        record["cited_kind"] = it.cited_kind
    if result.failure_detail:
        record["detail"] = result.failure_detail
    if result.blocked_by:
        record["blocked_by"] = result.blocked_by
    witnesses = [dict(check=c["name"], **c["witness"]) if isinstance(c["witness"], dict) else {"check": c["name"], "witness": c["witness"]}
                 for c in result.checks if c.get("outcome") == "refuted" and "witness" in c]
    if witnesses:
        record["witness"] = witnesses[0]
    return record


def build_report(corpus, results, *, seed, profile, seconds) -> dict:
    summary = summarize(corpus, results)
    summary.update({"seed": seed, "profile": profile, "total_seconds": round(seconds, 2)})
    ids = [i for i in corpus.order() if i in results]
    return {"summary": summary, "items": [item_record(corpus, results[i]) for i in sorted(ids)]}


def to_json(report: dict) -> str:
    return json.dumps(report, indent=2, sort_keys=False, ensure_ascii=False) + "\n"


def to_markdown(report: dict) -> str:
    s = report["summary"]
    lines = ["# Verification report", "",
             f"Seed {s['seed']}, profile `{s['profile']}`, {s['items']} items, {s['total_seconds']} s.", "",
             "| verdict | items |", "|---|---|"]
    lines += [f"| {v} | {n} |" for v, n in s["verdicts"].items()]
    lines += ["", f"Unsupported by the graph: {s['unsupported']}. Not as expected: {s['not_as_expected']}"
              + (f" ({', '.join(s['not_as_expected_ids'])})" if s["not_as_expected_ids"] else "") + ".",
              f"Expected failures refuted: {', '.join(s['expected_failures_refuted']) or 'none'}.", "",
              "`proved`: every step checked symbolically. `confirmed`: randomized or numerical evidence only. "
              "`defined`: a definition whose construction was exercised. `stated`: text with no mathematical claim. "
              "Neither `defined` nor `stated` counts as proved.", "",
              "| id | kind | expected | verdict | status | method |", "|---|---|---|---|---|---|"]
    for r in report["items"]:
        lines.append(f"| [{r['id']}](#{_anchor(r['id'])}) | {r['kind']} | {r['expected']} | {r['verdict']} | {r['status']} | {r['method']} |")
    for r in report["items"]:
        lines += ["", f"## {r['id']}", "", f"**{r['title']}** ({r['kind']}"
                  + (f", cited as {r['cited_kind']}" if r.get("cited_kind") else "") + f"; source: {r['source']})", ""]
        if r["statement"]:
            lines += [r["statement"], ""]
        lines.append(f"Verdict: **{r['verdict']}** (established: {r['established']}; status: {r['status']}; expected: {r['expected']}).")
        if r.get("detail"):
            lines.append(f"Detail: {r['detail']}")
        if r.get("blocked_by"):
            lines.append(f"Blocked by: {', '.join(r['blocked_by'])}")
        ro = r["rests_on"]
        lines += ["", f"Uses: {', '.join(r['uses']) or '—'}. Proof uses: {', '.join(r['proof_uses']) or '—'}.",
                  f"Rests on postulates: {', '.join(ro['postulates']) or '—'}; hypotheses: {', '.join(ro['hypotheses']) or '—'}; "
                  f"definitions: {', '.join(ro['definitions']) or '—'}."]
        if r["checks"]:
            lines += ["", "| check | outcome | method | evidence |", "|---|---|---|---|"]
            for c in r["checks"]:
                lines.append(f"| {_cell(c['name'])} | {c['outcome']} | {c['method']} | {_cell(_evidence_text(c))} |")
            for c in r["checks"]:
                if c.get("steps"):
                    lines += ["", f"Proof `{_cell(c['name'])}`:", ""]
                    for st in c["steps"]:
                        lines.append(f"1. `{st['label']}` [{st['rule']}, {st['status']}] `{st['statement']}`"
                                     + (f" — {st['detail']}" if st.get("detail") else ""))
        if r.get("witness"):
            lines += ["", f"Witness: `{json.dumps(r['witness'], ensure_ascii=False)}`"]
    return "\n".join(lines) + "\n"


def _evidence_text(c: dict) -> str:
    parts = [c.get("scope", ""), c.get("detail", "")]
    if c.get("instances") is not None:
        parts.append(f"{c['instances']} instances")
    if c.get("seed") is not None:
        parts.append(f"seed {c['seed']}")
    if c.get("max_residual") is not None:
        parts.append(f"max residual {c['max_residual']}")
    return "; ".join(p for p in parts if p)


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _anchor(item_id: str) -> str:
    return item_id.replace(".", "").replace("_", "_").lower()
