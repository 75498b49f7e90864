"""Hypothesis analysis: for each assumption of a result, is it necessary, not needed, or not analysed?

* ``necessary``: a necessity witness was accepted -- an instance for which the verifier computed that it
  violates the assumption, satisfies the item's other assumptions, and violates the conclusion (all three
  groups of facts hold, and the "others hold" facts cover *every* other assumption of the item by id; each
  predicate the verifier gave an instance for was evaluated by the kernel; the evidence names the
  assumptions whose predicate was not evaluated);
* ``not needed``: checks recorded inside ``check.without(assumption)`` established the conclusion with the
  assumption removed: every check inside is a claim check and passed (proved or confirmed), and every
  claim check of the item lies inside such a block (the whole conclusion was checked without it);
  otherwise the table says which check kept it from being shown;
* ``not analysed``: neither.

A witness whose facts do not all hold is *rejected* (listed with the failing fact); a hypothesis that is
both witnessed necessary and shown not needed is a *contradiction*.  Both are problems that make
``verify`` fail: the corpus claims something about its hypotheses that the kernel could not confirm.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .evidence import is_claim

ANALYSED_KINDS = ("theorem", "lemma", "corollary")
STATUSES = ("necessary", "not needed", "not analysed")
PASSING = ("proved", "confirmed")


@dataclass
class HypothesisStatus:
    """The analysis of one assumption of one item."""

    assumption: str
    kind: str  # postulate | hypothesis
    status: str  # necessary | not needed | not analysed
    evidence: str = ""
    problems: list = field(default_factory=list)

    def to_dict(self) -> dict:
        d = {"assumption": self.assumption, "kind": self.kind, "status": self.status}
        if self.evidence:
            d["evidence"] = self.evidence
        if self.problems:
            d["problems"] = list(self.problems)
        return d


def _get(check, key):
    return check.get(key) if isinstance(check, dict) else getattr(check, key, None)


def premises_named(check) -> set:
    """The assumptions and items a check record names as premises: the ``premise`` of its relations, and the
    assumption each hypothesis step of its proof instantiates."""
    named = {p.get("premise") for p in (_get(check, "premises") or ()) if isinstance(p, dict)}
    named |= {s.get("assumption") for s in (_get(check, "steps") or ()) if isinstance(s, dict)}
    return {n for n in named if n}


def _proved_without_premises(checks) -> bool:
    """Every claim check of the item is a checked proof (its step records present) with no hypothesis or suppose
    step: the conclusion then holds unconditionally."""
    claims = [c for c in checks if is_claim(c)]

    def unconditional(c) -> bool:
        steps = _get(c, "steps") or ()
        return (_get(c, "outcome") == "proved" and _get(c, "method") == "proof script" and bool(steps)
                and not any(isinstance(s, dict) and s.get("rule") in ("hypothesis", "suppose") for s in steps))
    return bool(claims) and all(unconditional(c) for c in claims)


def analyse(item, checks: list) -> list[HypothesisStatus]:
    """The hypothesis table of ``item`` from the checks its verifier recorded (objects or dicts)."""
    assumed = list(item.assumes)
    table = []
    for a in assumed:
        witnesses: dict[str, list] = {}
        without: list = []
        outside = []  # claim checks of the item recorded outside every without(a) block
        for c in checks:
            role = _get(c, "role")
            inside = bool(role) and a.id in role.get("hypotheses", [role.get("hypothesis")])
            if inside and role.get("analysis") == "necessary":
                witnesses.setdefault(role.get("instance", ""), []).append((role.get("part"), c))
            elif inside and role.get("analysis") == "not needed":
                without.append(c)
            elif is_claim(c):
                outside.append(c)
        problems = []
        accepted = []
        for instance, facts in witnesses.items():
            parts = {p for p, _ in facts}
            failing = [c for _, c in facts if _get(c, "outcome") not in PASSING]
            missing = [p for p in ("violates", "conclusion fails") if p not in parts]
            covered = {cid for p, c in facts if p == "others hold" for cid in (_get(c, "role") or {}).get("covers", ())}
            uncovered = [o.id for o in assumed if o.id != a.id and o.id not in covered]
            missing += [f"{o} holds" for o in uncovered]
            if failing:
                problems.append(f"necessity witness {instance!r} rejected: {_get(failing[0], 'name')} "
                                f"is {_get(failing[0], 'outcome')}")
            elif missing:
                problems.append(f"necessity witness {instance!r} rejected: no fact shows {', '.join(missing)}")
            else:
                unevaluated = sorted({x for _, c in facts for x in (_get(c, "role") or {}).get("predicates_not_evaluated", ())})
                accepted.append(instance + (f" (predicates not evaluated: {', '.join(unevaluated)})" if unevaluated else ""))
        passing = bool(without) and all(_get(c, "outcome") in PASSING for c in without)
        supporting = [c for c in without if not is_claim(c)]
        leaning = [c for c in without if a.id in premises_named(c)]
        not_needed = passing and not supporting and not outside and not leaning
        if leaning:
            problems.append(f"'not needed' claim rejected: {_get(leaning[0], 'name')!r} in the without-block uses "
                            f"{a.id} as a premise")
        if without and not passing:
            bad = next(c for c in without if _get(c, "outcome") not in PASSING)
            problems.append(f"'not needed' claim failed: {_get(bad, 'name')} is {_get(bad, 'outcome')}")
        if accepted and not_needed:
            problems.append("contradiction: both a necessity witness and a proof without it were accepted")
        elif accepted and _proved_without_premises(checks):
            problems.append("contradiction: a necessity witness was accepted, but the item's claim checks prove the "
                            "conclusion with no premise at all (no assumption can be necessary for it)")
        if accepted and not not_needed:
            status, evidence = "necessary", f"witness: {accepted[0]}"
        elif not_needed and not accepted:
            notes = {(_get(c, 'role') or {}).get('note', '') for c in without} - {""}
            evidence = f"{len(without)} check(s) hold without it" + (f" ({'; '.join(sorted(notes))})" if notes else "")
            status = "not needed"
        else:
            status, evidence = "not analysed", ""
            if passing and supporting:
                evidence = (f"not shown not needed: {_get(supporting[0], 'name')!r} in the without-block is a "
                            "supporting check, not a check of the conclusion")
            elif passing and outside:
                evidence = (f"not shown not needed: {len(outside)} claim check(s) of the item lie outside the "
                            f"without-block (e.g. {_get(outside[0], 'name')!r})")
        table.append(HypothesisStatus(a.id, a.kind, status, evidence, problems))
    return table


def table_rows(table: list) -> list[str]:
    """Plain-text rows of a hypothesis table, for ``show``."""
    rows = []
    for h in table:
        h = h if isinstance(h, dict) else h.to_dict()
        line = f"  {h['status']:<13} {h['assumption']} ({h['kind']})"
        if h.get("evidence"):
            line += f": {h['evidence']}"
        rows.append(line)
        rows.extend(f"      problem: {p}" for p in h.get("problems", ()))
    return rows
