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

    def __post_init__(self):
        if self.outcome not in OUTCOMES:
            raise ValueError(f"check {self.name!r}: unknown outcome {self.outcome!r}")
        if self.method not in METHODS:
            raise ValueError(f"check {self.name!r}: unknown method {self.method!r}")

    def to_dict(self) -> dict:
        d = asdict(self)
        return {k: v for k, v in d.items() if v not in (None, "", [])}


def combine(outcomes: list[str]) -> str:
    """The verdict of a list of check outcomes (weakest wins)."""
    for bad in ("error", "refuted", "inconclusive"):
        if bad in outcomes:
            return bad
    return "proved" if all(o == "proved" for o in outcomes) else "confirmed"


def item_verdict(kind: str, has_verifier: bool, checks: list[Check], failure: str = "") -> str:
    """Verdict of an item from its kind and recorded checks (``failure``: the verifier raised or hung)."""
    if failure:
        return failure
    if not has_verifier:
        return "stated"
    if not checks:
        return "error"
    # a necessity witness is evidence about a hypothesis, not about the conclusion
    own = [c for c in checks if not is_necessity(c)] or checks
    verdict = combine([c.outcome for c in own])
    if kind == "definition" and verdict in ("proved", "confirmed"):
        return "defined"
    return verdict


def is_necessity(check) -> bool:
    """Whether a check (object or dict) belongs to a necessity witness of a hypothesis."""
    role = check.get("role") if isinstance(check, dict) else check.role
    return bool(role) and role.get("analysis") == "necessary"


def method_of(checks: list) -> str:
    """The methods used, in a fixed order, joined by '+'."""
    used = {c["method"] if isinstance(c, dict) else c.method for c in checks}
    return "+".join(m for m in METHODS if m in used) or "none"


def status_of(expected: str, verdict: str, graph_verdict: str) -> str:
    """``ok`` when the item came out as expected, otherwise what went wrong."""
    if expected == "fails":
        return "ok" if verdict == "refuted" else f"expected refuted, got {verdict}"
    if verdict not in ESTABLISHED:
        return verdict
    if graph_verdict == "unsupported":
        return "unsupported"
    return "ok"
