"""Coverage of the re-check as numbers: how many claim checks were re-checked, how many agree, and why the others
were not (a JSON report re-checked on its own: ``python -m checker recheck --results FILE``)."""
from __future__ import annotations

from collections import Counter

from .records import NOT_RECHECKABLE, recheck_record

NO_FORM = "no checkable form: a boolean fact, property or numerical residual the verifier computed"
DECIDING = ("proved", "confirmed", "refuted")


def _is_claim(record: dict) -> bool:
    role = record.get("role") or {}
    return record.get("claim", True) is True and role.get("analysis") != "necessary"


def coverage(items: list) -> dict:
    """Counts over the deciding (proved/confirmed/refuted) claim checks of ``items`` (dicts with ``id`` and
    ``checks``, each check carrying its ``recheck`` field when it was re-checked)."""
    total = rechecked = agrees = 0
    disagreements, reasons, forms = [], Counter(), Counter()
    for item in items:
        for record in item.get("checks", []):
            if not isinstance(record, dict) or not _is_claim(record) or record.get("outcome") not in DECIDING:
                continue
            total += 1
            result = record.get("recheck")
            if not isinstance(result, dict):
                reasons[NO_FORM if not record.get("checkable") else "not re-checked"] += 1
                forms[record.get("method", "?")] += 1
                continue
            if result.get("result") == NOT_RECHECKABLE:
                reasons[_category(result.get("reason", ""))] += 1
                continue
            rechecked += 1
            if result.get("result") == "agrees":
                agrees += 1
            else:
                disagreements.append(f"{item.get('id')}: {record.get('name')}: {result}")
    with_form = total - sum(n for r, n in reasons.items() if r == NO_FORM)
    return {"claim_checks": total, "with_checkable_form": with_form, "rechecked": rechecked, "agrees": agrees,
            "disagrees": len(disagreements), "disagreements": disagreements,
            "not_rechecked": dict(reasons.most_common()), "without_form_by_method": dict(forms.most_common())}


def _category(reason: str) -> str:
    return reason.split(" (")[0].split(": ")[0][:90] if reason else "no reason given"


def coverage_text(numbers: dict) -> str:
    """The coverage lines ``verify`` prints."""
    with_form = numbers["with_checkable_form"]
    share = f"{100 * numbers['rechecked'] / with_form:.0f}%" if with_form else "-"
    lines = [f"independent re-check: {numbers['rechecked']} of {with_form} claim checks with a checkable form "
             f"re-checked ({share}), {numbers['agrees']} agree, {numbers['disagrees']} disagree "
             f"({numbers['claim_checks']} deciding claim checks in all)"]
    for reason, n in numbers["not_rechecked"].items():
        lines.append(f"  not re-checked: {n} x {reason}")
    for line in numbers["disagreements"]:
        lines.append(f"  DISAGREES: {line[:300]}")
    return "\n".join(lines)


def recheck_report(report: dict, seed: int = 0) -> dict:
    """Re-check every claim check of a JSON report (as ``verify --json`` writes it) in place; the coverage."""
    for item in report.get("items", []):
        for record in item.get("checks", []):
            if isinstance(record, dict) and isinstance(record.get("checkable"), dict):
                record["recheck"] = recheck_record(record, seed)
    return coverage(report.get("items", []))
