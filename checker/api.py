"""Running one verifier function in-process, for tests and for users' own test suites."""
from __future__ import annotations

from .checks import Checks
from .evidence import verdict_and_reason


class VerifierRun:
    """The checks a verifier recorded and the verdict the kernel derives from them."""

    def __init__(self, checks: Checks, kind: str, failure: str = ""):
        self.checks = checks.checks
        self.records = checks.records()
        self.verdict, self.reason = verdict_and_reason(kind, True, self.records, failure)
        self.failure = failure
        self.item = checks.item

    @property
    def hypotheses(self) -> list:
        """The hypothesis analysis (:func:`checker.analysis.analyse`) of the item, when one was given."""
        from .analysis import analyse
        return analyse(self.item, self.records) if self.item is not None else []

    def hypothesis_status(self, assumption) -> str:
        """``necessary`` / ``not needed`` / ``not analysed`` for one assumption of the item."""
        aid = assumption if isinstance(assumption, str) else assumption.id
        for h in self.hypotheses:
            if h.assumption == aid:
                return h.status
        raise KeyError(f"{aid!r} is not an assumption of {getattr(self.item, 'id', None)!r}")

    def __repr__(self):
        return f"VerifierRun(verdict={self.verdict!r}, checks={[c.name + ':' + c.outcome for c in self.checks]})"


def run_verifier(verifier, *args, kind: str = "theorem", item=None, uses=(), seed: int = 0,
                 profile: str = "default", **kwargs) -> VerifierRun:
    """Run ``verifier(check, *args, **kwargs)`` here and return its derived verdict.

    ``item`` (or just ``uses``, the ids a proof may cite) stands for the item being checked.  A stand-in
    built from ``uses`` declares no assumptions, so hypothesis steps are not matched against any (they are
    premises, as outside an item); the kernel's runs always check them against the real item.
    Exceptions from the verifier propagate (a test wants to see them).
    """
    stand_in = item is None and bool(uses)
    if stand_in:
        from .items import Item
        item = Item("user.verifier", kind, "run_verifier", "", "", uses=tuple(uses))
    checks = Checks(item=item, seed=seed, profile=profile)
    checks.assumptions_unknown = stand_in
    verifier(checks, *args, **kwargs)
    return VerifierRun(checks, kind)
