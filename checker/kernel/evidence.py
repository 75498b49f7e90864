"""Evidence and verdicts.

A verifier records *checks*; each check has an outcome computed by the kernel
(``proved``: every step checked symbolically; ``confirmed``: randomized or numerical
evidence only; ``inconclusive``: timeout, or sympy could not decide; ``refuted``: a
witness was found; ``error``: the check itself failed).  The item's verdict is derived
from its checks, never written by hand:

* any ``error`` -> ``error``; else any ``refuted`` -> ``refuted``; else any
  ``inconclusive`` -> ``inconclusive``; else all ``proved`` -> ``proved``; else ``confirmed``;
* a definition whose checks all passed is ``defined`` (its construction was exercised);
* a text-only item (no verifier) is ``stated``.

Neither ``defined`` nor ``stated`` ever counts as proved.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Optional

OUTCOMES = ("proved", "confirmed", "inconclusive", "refuted", "error")
VERDICTS = ("proved", "confirmed", "defined", "stated", "inconclusive", "refuted", "error", "not established")
#: verdicts under which an item's own check establishes it
ESTABLISHED = ("proved", "confirmed", "defined", "stated")
METHODS = ("symbolic", "proof script", "witness", "computation", "instances", "randomized", "numerical")
#: methods whose passing outcome may be ``proved`` (exact); the others give at most ``confirmed``
EXACT_METHODS = ("symbolic", "proof script", "witness", "computation")
NO_CLAIM = "no check of the conclusion"


@dataclass
class Check:
    """One check a verifier ran, with the kernel-computed outcome."""

    name: str
    outcome: str
    method: str
    scope: str = ""
    detail: str = ""
    instances: Optional[int] = None
    seed: Optional[int] = None
    max_residual: Optional[str] = None
    error_bound: Optional[str] = None
    witness: Any = None
    steps: list = field(default_factory=list)
    #: relations the check was made modulo: ``[{"premise": id, "relations": ["old = new", ...]}]``
    premises: list = field(default_factory=list)
    #: hypothesis analysis: ``{"analysis": "necessary"|"not needed", "hypothesis": id, ...}``
    role: Optional[dict] = None
    #: whether the check establishes the item's statement (a claim check) or only supports it
    claim: bool = True
    #: what the check established, in a form the independent re-checker reads (:mod:`checker.kernel.checkable`)
    checkable: Optional[dict] = None
    #: the independent re-checker's result on ``checkable`` (:mod:`checker.recheck`): ``{"result": "agrees" |
    #: "disagrees" | "not re-checkable", ...}``; set outside the verifier, read by :func:`verdict_and_reason`
    recheck: Optional[dict] = None

    def __post_init__(self):
        if self.outcome not in OUTCOMES:
            raise ValueError(f"check {self.name!r}: unknown outcome {self.outcome!r}")
        if self.method not in METHODS:
            raise ValueError(f"check {self.name!r}: unknown method {self.method!r}")

    def to_dict(self) -> dict:
        d = asdict(self)
        return {k: v for k, v in d.items() if v is not None and not (isinstance(v, (str, list)) and not v)}


def validated_record(record) -> dict:
    """A check record (plain data) as the kernel accepts it; an inconsistent record becomes an ``error`` record.

    Consistency: known outcome and method; ``proved`` only by an exact method; a ``proved`` proof script
    has steps, every one ``checked``; ``claim`` is a bool.
    """
    if isinstance(record, Check):
        record = record.to_dict()
    if not isinstance(record, dict):
        return {"name": repr(record)[:80], "outcome": "error", "method": "computation", "claim": True,
                "detail": "malformed check record"}
    rec = dict(record)
    problem = ""
    if rec.get("outcome") not in OUTCOMES:
        problem = f"unknown outcome {rec.get('outcome')!r}"
    elif rec.get("method") not in METHODS:
        problem = f"unknown method {rec.get('method')!r}"
    elif not isinstance(rec.get("claim", True), bool):
        problem = "claim marker is not a bool"
    elif rec["outcome"] == "proved" and rec["method"] not in EXACT_METHODS:
        problem = f"outcome proved by the inexact method {rec['method']!r}"
    elif rec["outcome"] == "proved" and rec["method"] == "proof script" and \
            (not rec.get("steps") or any(not isinstance(st, dict) or st.get("status") != "checked" for st in rec["steps"])):
        problem = "a proof script with an unchecked step cannot be proved"
    if problem:
        rec.update(outcome="error", detail=f"inconsistent check record: {problem}")
        rec.setdefault("method", "computation")
        if rec["method"] not in METHODS:
            rec["method"] = "computation"
    rec.setdefault("claim", True)
    return rec


def combine(outcomes: list[str]) -> str:
    """The verdict of a list of check outcomes (weakest wins)."""
    for bad in ("error", "refuted", "inconclusive"):
        if bad in outcomes:
            return bad
    return "proved" if all(o == "proved" for o in outcomes) else "confirmed"


def item_verdict(kind: str, has_verifier: bool, checks: list, failure: str = "") -> str:
    """Verdict of an item from its kind and recorded checks (``failure``: the verifier raised or hung)."""
    return verdict_and_reason(kind, has_verifier, checks, failure)[0]


def verdict_and_reason(kind: str, has_verifier: bool, checks: list, failure: str = "", expected: str = "holds") -> tuple:
    """``(verdict, reason)`` from the claim checks; ``reason`` explains an ``error`` the checks caused.

    ``expected="fails"`` (a false variation): its supporting checks show that the witness satisfies the hypotheses,
    so its refutation needs every one of them decided."""
    if failure:
        return failure, ""
    if not has_verifier:
        return "stated", ""
    records = [validated_record(c) for c in checks]
    if not records:
        return "error", "the verifier recorded no check"
    broken = [r for r in records if r.get("detail", "").startswith("inconsistent check record")]
    if broken:
        return "error", f"{broken[0]['name']}: {broken[0]['detail']}"
    claims = [r for r in records if r["claim"] and not is_necessity(r)]
    if not claims:
        return "error", NO_CLAIM + " (only supporting or hypothesis-analysis checks were recorded)"
    failed_support = [r for r in records if not r["claim"] and not is_necessity(r)
                      and r["outcome"] in ("refuted", "error")]
    if failed_support:
        r = failed_support[0]
        return "error", f"supporting check {r['name']!r} is {r['outcome']} (only a claim check decides the verdict)"
    disagreeing = [r for r in claims if r["outcome"] in ("proved", "confirmed", "refuted") and rechecked_disagrees(r)]
    if disagreeing:
        r = disagreeing[0]
        return "error", f"the independent re-check disagrees: {r['name']}: {recheck_text(r['recheck'])}"
    verdict = combine([r["outcome"] for r in claims])
    if verdict == "refuted" and expected == "fails":
        # a false variation's refutation stands on its witness, and its supporting checks show the witness is one (it
        # satisfies the hypotheses): one of them undecided or not run leaves the refutation undecided
        undecided = [r for r in records if not r["claim"] and not is_necessity(r) and r["outcome"] == "inconclusive"]
        if undecided:
            r = undecided[0]
            return "inconclusive", (f"the refutation rests on the supporting check {r['name']!r}, which is "
                                    f"inconclusive{': ' + r['detail'] if r.get('detail') else ''}")
    if kind == "definition" and verdict in ("proved", "confirmed"):
        return "defined", ""
    return verdict, ""


def rechecked_disagrees(record: dict) -> bool:
    """Whether the independent re-checker (:mod:`checker.recheck`) disagrees with this record: then it decides
    nothing (``proved``/``confirmed``/``refuted`` become ``error``)."""
    result = record.get("recheck")
    return isinstance(result, dict) and result.get("result") == "disagrees"


def recheck_text(result: dict) -> str:
    """A disagreement in a line: the point and both values."""
    parts = [f"{k} {str(result[k])[:160]}" for k in ("point", "lhs", "rhs", "how") if k in result]
    return "; ".join(parts)[:600]


def is_necessity(check) -> bool:
    """Whether a check (object or dict) belongs to a necessity witness of a hypothesis."""
    role = check.get("role") if isinstance(check, dict) else check.role
    return bool(role) and role.get("analysis") == "necessary"


def is_claim(check) -> bool:
    """Whether a check (object or dict) is a claim check of its item (never a necessity fact)."""
    claim = check.get("claim", True) if isinstance(check, dict) else check.claim
    return claim is True and not is_necessity(check)


def method_of(checks: list) -> str:
    """The methods used, in a fixed order, joined by '+'."""
    used = {c["method"] if isinstance(c, dict) else c.method for c in checks}
    return "+".join(m for m in METHODS if m in used) or "none"


NOT_ESTABLISHED_STATUS = "not established under these assumptions"


def as_expected(status: str) -> bool:
    """Whether an item with this status came out as expected: the one rule behind ``verify``'s exit code, the
    JUnit report, ``--rerun-failed``, the pytest plugin and :attr:`checker.execution.runner.ItemResult.as_expected`.

    ``ok`` (see :func:`status_of`: established as expected, or a false variation refuted) passes, and so does an
    item that a ``--without`` run reports not established; anything else (``unsupported``, ``inconclusive``,
    ``error``, a refuted claim, an expected failure that was not refuted) does not.
    """
    return status in ("ok", NOT_ESTABLISHED_STATUS)


def first_witness(checks: list):
    """The witness of the first refuted check (with the check's name), or None: what reports and failures show."""
    for c in checks:
        if c.get("outcome") == "refuted" and "witness" in c:
            w = c["witness"]
            return dict(check=c["name"], **w) if isinstance(w, dict) else {"check": c["name"], "witness": w}
    return None


def status_of(expected: str, verdict: str, graph_verdict: str) -> str:
    """``ok`` when the item came out as expected, otherwise what went wrong."""
    if expected == "fails":
        return "ok" if verdict == "refuted" else f"expected refuted, got {verdict}"
    if verdict not in ESTABLISHED:
        return verdict
    if graph_verdict == "unsupported":
        return "unsupported"
    return "ok"


SWEEP_CUT_IN_QUICK = ("the quick profile runs each symbolic sweep at its first (smallest) size only; --profile "
                      "default runs every size")
NOT_RUN = "not run: "


def is_not_run(record) -> bool:
    """Whether a check record (dict or Check) stands for checks the profile did not run (a cross-check, or the
    larger sizes of a symbolic sweep)."""
    data = record.to_dict() if isinstance(record, Check) else record
    return (isinstance(data, dict) and data.get("claim") is False and data.get("outcome") == "inconclusive"
            and str(data.get("detail", "")).startswith(NOT_RUN))


def is_cut_sweep(record) -> bool:
    """Whether a check record (dict or Check) says that the quick profile cut a symbolic sweep to its first size."""
    data = record.to_dict() if isinstance(record, Check) else record
    return is_not_run(data) and str(data.get("detail", "")) == NOT_RUN + SWEEP_CUT_IN_QUICK


#: the detail of the record a sweep leaves (every profile): what the checks inside it ran at
SWEPT = "checks inside this sweep ran at "


def swept_sizes(records) -> list:
    """What each sweep whose checks may establish the statement ran at (``sizes 1, 2, 3``): every sweep after whose
    record a claim check was recorded (a sweep recorded after the last claim check decides nothing)."""
    records = [r.to_dict() if isinstance(r, Check) else r for r in records or ()]
    out = []
    for i, r in enumerate(records):
        if not (isinstance(r, dict) and r.get("claim") is False and str(r.get("detail", "")).startswith(SWEPT)):
            continue
        if any(isinstance(later, dict) and is_claim(later) for later in records[i + 1:]):
            text = str(r["detail"])[len(SWEPT):]
            if text not in out:
                out.append(text)
    return out


def _top_level_parts(text: str) -> list:
    """``"(1, 2), (2, 3)"`` -> ``["(1, 2)", "(2, 3)"]``; ``"1, 2"`` -> ``["1", "2"]`` (commas inside brackets kept)."""
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    parts.append(current.strip())
    return [part for part in parts if part]


def merged_sweeps(swept: list) -> str:
    """The sweeps' sizes as one clause: sweeps of the same label (``sizes``) give the union of their sizes, in order
    of first appearance (``sizes (1, 2)`` and ``sizes (1, 1), (1, 2)`` -> ``sizes (1, 2), (1, 1)``); a list that was
    shortened (``…``) or of another label is kept as it is, joined with "and"."""
    groups: dict = {}
    for text in swept:
        label, _, sizes = text.partition(" ")
        if "…" in text or not sizes:
            groups.setdefault(text, None)
            continue
        known = groups.setdefault(label, [])
        if known is None:  # a label that is also a whole shortened text: keep both apart
            groups.setdefault(text, None)
            continue
        known.extend(part for part in _top_level_parts(sizes) if part not in known)
    return " and ".join(key if sizes is None else f"{key} {', '.join(sizes)}" for key, sizes in groups.items())


def verdict_scope(item, records) -> str:
    """The scope shown with an item's verdict: its declared scope, the sizes of every sweep its claim checks ran in
    (a claim checked at n = 1, 2, 3 is not proved for every n: "sizes 1, 2, 3 only"), and, when the quick profile
    cut a symbolic sweep, that narrower scope (so a quick "proved" never reads as the default's)."""
    declared = getattr(item, "scope", "") or ""
    sweeps = swept_sizes(records)
    swept = f"checked at {merged_sweeps(sweeps)} only" if sweeps else ""
    if any(is_cut_sweep(r) for r in records or ()):
        base = "quick profile: the smallest size of each sweep only" + (f"; default: {declared}" if declared else "")
    else:
        base = declared
    return "; ".join(part for part in (base, swept) if part)
