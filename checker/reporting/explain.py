"""Why an item did not come out as expected, as text in the manner of Hypothesis's "Falsifying example".

:func:`failure_text` is what the pytest plugin prints for a failing item test: the verdict and the reason,
the falsifying instance (the witness, already shrunk by the kernel) and its residual, the checks that did
not pass, and the command that reproduces the run.  Plain data in, text out: it reads an
:class:`~checker.execution.runner.ItemResult` after propagation.
"""
from __future__ import annotations

import json

PASSING = ("proved", "confirmed")
#: witness fields shown on lines of their own, in this order (the rest follow as ``key: value``)
SHOWN_FIRST = ("check", "instance", "functions", "residual", "witness", "sympy")


def _value(v) -> str:
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)


def witness_lines(witness) -> list:
    """The falsifying example: the instance one assignment per line, then the residual and the rest."""
    if not isinstance(witness, dict):
        return [f"Falsifying example: {_value(witness)}"]
    lines = ["Falsifying example" + (f" (check {witness['check']!r})" if "check" in witness else "") + ":"]
    instance = witness.get("instance")
    if isinstance(instance, dict):
        lines += [f"    {name} = {_value(value)}" for name, value in instance.items()] or ["    (no variables)"]
    elif instance is not None:
        lines.append(f"    {_value(instance)}")
    for key in ("functions", "witness"):
        if key in witness:
            lines.append(f"    {key}: {_value(witness[key])}")
    if "sympy" in witness:
        lines += ["Paste into Python (the instance, exact):", f"    {witness['sympy']}"]
    if "residual" in witness:
        residual = witness["residual"]
        if isinstance(residual, list) and len(residual) == 1:
            residual = residual[0]
        lines.append(f"Residual: {_value(residual)}")
    lines += [f"{key}: {_value(value)}" for key, value in witness.items()
              if key not in SHOWN_FIRST and key != "reproduce"]
    return lines


def _headline(item, result) -> str:
    expected = "expected to fail (a false variation)" if item.expected == "fails" else "expected to hold"
    verdict = item.verdict_line(result.verdict, result.checks)
    established = f"; established {result.graph_verdict}" if result.graph_verdict not in ("", result.verdict) else ""
    status = f" ({result.status})" if result.status not in (result.verdict, result.graph_verdict) else ""
    return f"{item.id} ({item.kind}, {expected}): {verdict}{established}{status}"


def failure_text(item, result) -> str:
    """Why ``result`` (of ``item``) is not as expected, with the witness and the reproduce command."""
    lines = [_headline(item, result)]
    if result.failure_detail:
        lines.append(f"Reason: {result.failure_detail}")
    if result.blocked_by:
        lines.append(f"Rests on items that are not established: {', '.join(result.blocked_by)}")
    if getattr(result, "narrower_scopes", None):
        lines.append(f"Rests on results established only in a narrower scope: {', '.join(result.narrower_scopes)}")
    if item.expected == "fails" and result.verdict != "refuted":
        lines.append("The false variation was not refuted: no claim check found a witness.")
    problems = [p for h in result.hypotheses for p in h.get("problems", ())]
    lines += [f"Hypothesis analysis: {p}" for p in problems]
    witness = result.witness
    if witness is not None:
        lines += witness_lines(witness)
    failing = [c for c in result.checks if c.get("outcome") not in PASSING]
    if failing:
        lines.append("Checks that did not pass:")
        for c in failing:
            role = "claim" if c.get("claim", True) else "supporting"
            lines.append(f"    {c['name']}: {c['outcome']} [{c.get('method', '?')}, {role}]"
                         + (f" {c['detail']}" if c.get("detail") else ""))
    output = getattr(result, "output", None) or {}
    if output.get("text"):
        lines.append(f"The verifier printed ({output.get('bytes', 0)} bytes):")
        lines += ["    " + line for line in output["text"].splitlines()]
    if result.reproduce:
        lines += ["Reproduce with:", f"    {result.reproduce}"]
    if getattr(result, "replay_command", ""):
        lines += ["Replay exactly (this verifier alone, the same draw; it must give the same outcome):",
                  f"    {result.replay_command}", f"    (pytest: --checker-replay {result.replay})"]
    return "\n".join(lines)
