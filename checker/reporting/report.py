"""Reports: the JSON report and the Markdown page, written atomically.

``reports/verification.json`` holds a ``summary`` (counts per verdict, number not as
expected, seed, profile, dropped assumptions), ``assumptions`` (each with what rests on it),
``avoids`` (every declared independence and whether it is kept) and ``items`` (id, kind,
title, source, expected, verdict, status, uses, rests_on, method, checks, hypothesis
analysis, figures, witness).  It is deterministic: the same corpus, seed and profile give the
same bytes (wall times go to ``reports/timings.json``, which the runner reads to schedule).
A file is written to a temporary name beside its target and renamed, so no reader ever sees
a half-written report.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from ..kernel.evidence import first_witness
from ..execution.runner import method_summary, summarize


def write_atomically(path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file in the same folder and ``os.replace``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def item_record(corpus, result, not_needed=None, used_graph=None, rests_on=None) -> dict:
    from ..kernel.checks import verdict_scope
    it = corpus.items[result.id]
    record = {
        "id": it.id, "kind": it.kind, "title": it.title, "statement": it.statement, "source": it.source,
        "expected": it.expected, "verdict": result.verdict, "established": result.graph_verdict,
        "status": result.status, "uses": list(it.uses), "proof_uses": list(it.proof_uses),
        "assumes": [a.id for a in it.assumes], "rests_on": rests_on if rests_on is not None else corpus.rests_on(it.id, not_needed, used_graph),
        "method": method_summary(result), "checks": result.checks,
    }
    scope = verdict_scope(it, result.checks)
    if scope:
        record["scope"] = scope
    if getattr(result, "output", None):
        record["output"] = result.output
    if result.hypotheses:
        record["hypotheses"] = result.hypotheses
    if it.avoids:
        record["avoids"] = list(it.avoids)
    if result.figures:
        record["figures"] = result.figures
    if result.dropped_path:
        record["dropped_path"] = result.dropped_path
    if it.cited_kind:
        record["cited_kind"] = it.cited_kind
    if result.failure_detail:
        record["detail"] = result.failure_detail
    if result.blocked_by:
        record["blocked_by"] = result.blocked_by
    if result.narrower_scopes:
        record["narrower_scopes"] = result.narrower_scopes
    witness = first_witness(result.checks)
    if witness is not None:
        record["witness"] = witness
    if getattr(result, "replay", ""):
        record["replay"] = result.replay
    return record


def build_report(corpus, results, *, seed, profile, without=()) -> dict:
    """The whole report as plain data (deterministic: no wall times)."""
    from ..execution.ablation import avoids_results
    from ..kernel.checks import is_cut_sweep, is_not_run
    summary = summarize(corpus, results)
    avoids = [a for a in avoids_results(corpus) if a["item"] in results]
    broken = [a for a in avoids if a["outcome"] == "broken"]
    summary.update({"seed": seed, "profile": profile, "without": sorted(without),
                    "avoids_declared": len(avoids), "avoids_broken": len(broken),
                    "trusted_results": corpus.trusted_results()})
    cut = sum(1 for r in results.values() for c in r.checks if is_cut_sweep(c))
    not_run = sum(1 for r in results.values() for c in r.checks if is_not_run(c)) - cut
    if not_run:
        summary["cross_checks_not_run"] = not_run
    if cut:
        summary["sweeps_cut"] = cut
    if broken:
        summary["not_as_expected"] += len(broken)
    ids = sorted(i for i in corpus.order() if i in results)
    from ..execution.ablation import not_needed_map
    not_needed = not_needed_map(results)
    rests_on = corpus.rests_on_every_item(not_needed)  # one pass over the graph for every item's rests_on
    assumptions = [{"id": a.id, "kind": a.kind, "description": a.description,
                    "dependents": corpus.dependents(a.id)} for a in sorted(corpus.assumptions.values(), key=lambda a: a.id)]
    return {"summary": summary, "assumptions": assumptions, "avoids": avoids,
            "items": [item_record(corpus, results[i], not_needed, rests_on=rests_on[i]) for i in ids]}


def timings(results, seconds) -> dict:
    """Wall seconds per item and in total (not deterministic; kept apart from the report).  An item whose
    result came from the cache keeps the seconds of the run that computed it; ``from_cache`` counts them."""
    return {"total_seconds": round(seconds, 2),
            "from_cache": sum(1 for r in results.values() if getattr(r, "cached", False)),
            "items": {i: round(r.seconds, 3) for i, r in sorted(results.items())}}


def to_json(report: dict) -> str:
    return json.dumps(report, indent=2, sort_keys=False, ensure_ascii=False) + "\n"


def to_markdown(report: dict, corpus=None) -> str:
    """The report for reading on a code host (the same content as ``index.html``, as Markdown)."""
    s = report["summary"]
    lines = ["# Verification report", "",
             f"Seed {s['seed']}, profile `{s['profile']}`, {s['items']} items"
             + (f", without {', '.join(s['without'])}" if s.get("without") else "") + ". "
             "The browsable report is `index.html` (open it locally: the dependency graph, search, one page per item in `items/`); "
             "the graph alone: [graph.svg](graph.svg).", "",
             "| verdict | items |", "|---|---|"]
    if s.get("headline"):
        from ..execution.headline import headline_lines
        first, *rest = headline_lines(s["headline"])
        lines[2:2] = [f"**{first[0].upper() + first[1:]}.**", ""] + [
            "- " + line.replace("\n  ", "\n  - ") for line in rest] + [""]
    lines += [f"| {v} | {n} |" for v, n in s["verdicts"].items()]
    lines += _coverage_markdown(report) + _matrix_markdown(report) + _avoids_markdown(report)
    lines += ["", f"Unsupported by the graph: {s['unsupported']}. Not as expected: {s['not_as_expected']}"
              + (f" ({', '.join(s['not_as_expected_ids'])})" if s["not_as_expected_ids"] else "") + ".",
              f"Expected failures refuted: {', '.join(s['expected_failures_refuted']) or 'none'}.", "",
              "`proved`: every step checked symbolically. `confirmed`: randomized or numerical evidence only. "
              "`defined`: a definition whose construction was exercised. `stated`: text with no mathematical claim. "
              "Neither `defined` nor `stated` counts as proved.", "",
              "| id | kind | expected | verdict | status | method |", "|---|---|---|---|---|---|"]
    for r in report["items"]:
        lines.append(f"| [{r['id']}](#{_anchor(r['id'])}) | {r['kind']} | {r['expected']} | {r['verdict']}{' (' + r['scope'] + ')' if r.get('scope') and r['verdict'] in ('proved', 'confirmed') else ''} | {r['status']} | {r['method']} |")
    for r in report["items"]:
        lines += ["", f"## {r['id']}", "", f"**{r['title']}** ({r['kind']}"
                  + (f", cited as {r['cited_kind']}" if r.get("cited_kind") else "") + f"; source: {r['source']})", ""]
        if r["statement"]:
            lines += [r["statement"], ""]
        scoped = f" ({r['scope']})" if r.get("scope") and r["verdict"] in ("proved", "confirmed") else ""
        lines.append(f"Verdict: **{r['verdict']}**{scoped} (established: {r['established']}; status: {r['status']}; expected: {r['expected']}).")
        if r.get("detail"):
            lines.append(f"Detail: {r['detail']}")
        if r.get("blocked_by"):
            lines.append(f"Blocked by: {', '.join(r['blocked_by'])}")
        if r.get("narrower_scopes"):
            lines.append(f"Rests on results established only in a narrower scope: {', '.join(r['narrower_scopes'])}")
        if r.get("hypotheses"):
            lines += ["", "| hypothesis | kind | status | evidence |", "|---|---|---|---|"]
            for h in r["hypotheses"]:
                ev = h.get("evidence", "") + "".join(f" PROBLEM: {p}" for p in h.get("problems", ()))
                lines.append(f"| {h['assumption']} | {h['kind']} | {h['status']} | {_cell(ev)} |")
        if r.get("avoids"):
            kept = {a["avoids"]: a for a in report.get("avoids", []) if a["item"] == r["id"]}
            lines.append("")
            lines += [f"Avoids {x}: {kept[x]['outcome'] if x in kept else '?'}" for x in r["avoids"]]
        if r.get("figures"):
            lines += ["", "Figures (drawn on the item's page in items/): " + "; ".join(f["title"] for f in r["figures"]) + "."]
        ro = r["rests_on"]
        lines += ["", f"Uses: {', '.join(r['uses']) or '—'}. Proof uses: {', '.join(r['proof_uses']) or '—'}.",
                  f"Rests on postulates: {', '.join(ro['postulates']) or '—'}; hypotheses: {', '.join(ro['hypotheses']) or '—'}; "
                  f"definitions: {', '.join(ro['definitions']) or '—'}; trusted results: "
                  f"{', '.join(ro.get('trusted results', [])) or '—'}"
                  + (f"; declared but shown not needed: {', '.join(ro['not needed'])}" if ro.get("not needed") else "")
                  + "."]
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


def _coverage_markdown(report) -> list:
    from .html_report import coverage
    cov = coverage(report)
    verdicts = sorted({v for kinds in cov["table"].values() for v in kinds})
    lines = ["", "## Coverage", "", "| kind | " + " | ".join(verdicts) + " | total |",
             "|---|" + "---|" * (len(verdicts) + 1)]
    for kind in sorted(cov["table"]):
        row = cov["table"][kind]
        lines.append(f"| {kind} | " + " | ".join(str(row.get(v, "")) for v in verdicts) + f" | {sum(row.values())} |")
    lines += ["", f"Proved symbolically: {cov['proved']} of the {cov['claims']} items with a checked claim "
              f"({cov['share_proved']:.0%}); established proved: {cov['established_proved']} "
              f"({cov['share_established']:.0%}), everything they rest on being proved, defined, stated or a "
              "trusted result (a cited item: the corpus's axioms, listed with each item)."]
    return lines


def _matrix_markdown(report) -> list:
    lines = ["", "## Results and their assumptions", "",
             "For each result: the assumptions it rests on, marked **necessary** (a checked necessity witness), "
             "*not needed* (established without it), `uses` (assumed directly, not analysed) or `via` "
             "(through what it uses).", "", "| result | necessary | not needed | uses (not analysed) | via |",
             "|---|---|---|---|---|"]
    from ..kernel.analysis import ANALYSED_KINDS
    for r in report["items"]:
        rests = sorted(set(r["rests_on"]["postulates"]) | set(r["rests_on"]["hypotheses"]))
        if not rests or (r["kind"] not in ANALYSED_KINDS and not r["assumes"]):
            continue
        status = {h["assumption"]: h["status"] for h in r.get("hypotheses", [])}
        groups = {"necessary": [], "not needed": [], "uses": [], "via": []}
        for a in rests:
            st = status.get(a)
            groups[st if st in ("necessary", "not needed") else ("uses" if a in r["assumes"] else "via")].append(a)
        lines.append(f"| {r['id']} | " + " | ".join(", ".join(groups[g]) or "—" for g in groups) + " |")
    return lines


def _avoids_markdown(report) -> list:
    rows = report.get("avoids", [])
    lines = ["", "## Declared independence (avoids)", ""]
    if not rows:
        return lines + ["No item declares an independence."]
    lines += ["| item | must not rest on | outcome |", "|---|---|---|"]
    lines += [f"| {a['item']} | {a['avoids']} | {a['outcome']}" + (f": {' -> '.join(a['path'])}" if a.get("path") else "") + " |"
              for a in rows]
    return lines


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
