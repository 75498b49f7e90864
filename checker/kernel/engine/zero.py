"""A three-state zero test for one expression: ``zero``, ``nonzero`` or ``undecided``.

The identity engine's stages, for callers that need a decision rather than a check (the toolkit's
decision functions):

1. cheap normalisation (``doit``/``expand``/``cancel``, jets of curves as symbols): zero shown → ``zero``;
   a residual that is a number certified non-zero by ``evalf`` → ``nonzero``;
2. a few random instances (:mod:`checker.kernel.engine.instances`, every symbol assumption honoured; undefined
   functions as rich families), each decided as precision grows (:mod:`checker.kernel.engine.pointwise`): a non-zero
   point re-checked exactly or at higher precision → ``nonzero``, with the point;
3. trigonometric/power rewriting and ``simplify`` under a time limit: zero shown → ``zero``;
4. more random instances; a non-zero point → ``nonzero``; otherwise ``undecided`` (numerically zero at
   the points tried, not shown zero), or ``undecided`` with the reason when no point could be drawn.

``zero`` is a symbolic fact, ``nonzero`` a re-checked point; neither answer is ever guessed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from .identity import InstancePlan, nonzero_constant
from .symbolic import cheap_reduce, inexact_numbers, inexact_reason, rewriting_reduce


@dataclass(frozen=True)
class ZeroTest:
    """The answer: ``state`` in ``zero | nonzero | undecided``; ``point`` where non-zero; ``reason`` in words."""

    state: str
    reason: str = ""
    point: dict = field(default_factory=dict)

    @property
    def is_zero(self):
        """True (shown zero), False (shown non-zero) or None (undecided)."""
        return {"zero": True, "nonzero": False}.get(self.state)


def zero_test(expr, *, seed: int = 0, dps: int = 30, seconds: float = 5.0, samples: int = 12) -> ZeroTest:
    """Decide ``expr == 0`` identically (for all values of its symbols and undefined functions)."""
    expr = sympy.sympify(expr)
    floats = inexact_numbers(expr)
    if floats:
        return ZeroTest("undecided", f"not decided: {inexact_reason(floats, 'the expression')}")
    zero, reduced = cheap_reduce(expr)
    if zero:
        return ZeroTest("zero", "reduces to 0 (expand/cancel)")
    constant = nonzero_constant([reduced])
    if constant is not None:
        return ZeroTest("nonzero", f"a non-zero number ({constant})")
    plan = InstancePlan.build([expr.doit()], None, dps)
    if not plan.impossible:
        found = _nonzero_point(plan, seed, 3)
        if found is not None:
            return found
    zero, rewritten = rewriting_reduce(reduced, simplify_seconds=seconds)
    if not zero:
        constant = nonzero_constant([rewritten])
        if constant is not None:
            return ZeroTest("nonzero", f"rewrites to a non-zero number ({constant})")
    if zero:
        return ZeroTest("zero", "reduces to 0 (trigonometric/power rewriting or simplify)")
    if plan.impossible:
        return ZeroTest("undecided", f"not shown zero, and {plan.impossible}")
    plan.reset_counts()
    found = _nonzero_point(plan, seed + 1, samples)
    if found is not None:
        return found
    if plan.inside == 0:
        return ZeroTest("undecided", f"not shown zero, and no random point was inside the domain ({plan.counts_text()})")
    return ZeroTest("undecided", f"not shown zero; zero at {plan.counts_text()}")


def _nonzero_point(plan, seed, samples):
    result = plan.search(seed, samples)
    if not result.found:
        return None
    verdict = plan.recheck(result.counterexample)
    if not verdict["genuine"]:
        return None
    return ZeroTest("nonzero", f"non-zero at a point ({verdict['method']})", plan.describe(result.counterexample))
