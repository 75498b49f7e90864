"""Is a residual zero at one point?  Decided as the working precision grows, relative to its terms.

Each residual ``r = t_1 + ... + t_m`` (its top-level terms) is compiled once (``lambdify`` to
mpmath; a subexpression the terms share is computed once where nothing binds or branches) and evaluated at
``p`` and ``2p`` digits.  With ``size = max |t_i|``:

* **zero** when ``|r| <= size · 10^-(2p - 20)`` (beyond what ``2p`` digits resolve, with 20 digits of
  margin: a residual below that relative size is indistinguishable from 0 here, and the evidence says so),
  or when ``|r|`` shrank by at least ``10^(p - 10)`` as the precision doubled (rounding noise does that,
  a non-zero value converges instead);
* **nonzero** when the two values agree to three digits (the value converged, it is not noise);
* otherwise the precision is doubled once more, and a point still unsettled is **undecided**.

A point where a side is not finite (a pole, a logarithm of 0) is **outside** the domain.  Values
are compared as complex numbers (principal branches, sympy's semantics).
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath
import sympy
from sympy.core.function import AppliedUndef

ZERO_MARGIN_DIGITS = 20
STABLE_DIGITS = 3
#: a point whose evaluation takes longer is outside the domain (values too large to evaluate)
POINT_SECONDS = 2.0


@dataclass
class PointValue:
    """What a point says about the residuals: ``zero``, ``nonzero``, ``undecided`` or ``outside``."""

    status: str
    relative: object = 0  # largest |r| / size over the residuals at the highest precision used
    values: tuple = ()    # the residual values at the highest precision used
    reason: str = ""


def to_mpmath(value, dps: int):
    """An exact sympy number as an mpmath number with ``dps`` digits."""
    value = sympy.sympify(value)
    bits = int(dps * 3.33) + 16
    return value._to_mpmath(bits)


def _plainly_evaluated(expr) -> bool:
    """Every node of ``expr`` is a number, a symbol, a sum, a product, a power or an elementary function
    application (no binder, no branch, no condition): its value is the same whether a shared subexpression is
    computed once or each time it occurs."""
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (sympy.Symbol, sympy.Number, sympy.NumberSymbol, sympy.Add, sympy.Mul, sympy.Pow,
                             sympy.core.numbers.ImaginaryUnit)):
            continue
        if isinstance(node, sympy.Function) and not isinstance(node, (sympy.Piecewise, AppliedUndef)) \
                and all(isinstance(a, sympy.Expr) for a in node.args):
            continue
        return False
    return True


class CompiledResiduals:
    """Residuals compiled term by term to mpmath functions of ``arguments``."""

    def __init__(self, residuals, arguments, share=None):
        """``share``: compute each shared subexpression once (``None``: wherever that cannot change a value, see
        :func:`_plainly_evaluated`; ``False``: never)."""
        self.residuals = list(residuals)
        self.arguments = list(arguments)
        terms, self.layout = [], []
        for r in self.residuals:
            parts = list(r.args) if isinstance(r, sympy.Add) else [r]
            self.layout.append((len(terms), len(terms) + len(parts)))
            terms.extend(parts)
        # shared subexpressions are computed once (cse) only where every node is evaluated eagerly and binds nothing:
        # hoisting a subexpression out of an integral, a Piecewise branch or a condition would change what is computed
        self.shared = share is not False and all(map(_plainly_evaluated, terms))
        self.function = sympy.lambdify(self.arguments, terms, modules="mpmath", cse=self.shared)

    def evaluate(self, values: dict, dps: int):
        """``[(residual, size)]`` at ``dps`` digits, or a reason string when the point is outside the domain."""
        with mpmath.workdps(dps):
            try:
                args = [to_mpmath(values[a], dps) for a in self.arguments]
                terms = self.function(*args)
            except (ZeroDivisionError, ValueError, OverflowError, TypeError, ArithmeticError) as exc:
                return f"undefined ({type(exc).__name__})"
            except (MemoryError, RecursionError) as exc:  # values too large to represent (exp(exp(10^9)))
                return f"too large to evaluate ({type(exc).__name__})"
            out = []
            for start, stop in self.layout:
                part = [mpmath.mpmathify(v) for v in terms[start:stop]]
                if any(not mpmath.isfinite(v) for v in part):
                    return "not finite"
                total = mpmath.fsum(part)
                size = max([abs(v) for v in part] + [abs(total)])
                out.append((total, size))
            return out

    def at(self, values: dict, dps: int) -> PointValue:
        """Decide the residuals at one point (exact argument values) as described in the module docstring.

        A point whose evaluation takes over ``POINT_SECONDS`` (``exp(exp(10^6))`` and the like) is outside.
        """
        from .symbolic import TimeLimit, time_limit
        try:
            with time_limit(POINT_SECONDS):
                return self._at(values, dps)
        except TimeLimit:
            return PointValue("outside", reason=f"evaluation over {POINT_SECONDS} s")

    def _at(self, values: dict, dps: int) -> PointValue:
        precisions = (dps, 2 * dps, 4 * dps)
        previous = self.evaluate(values, precisions[0])
        if isinstance(previous, str):
            return PointValue("outside", reason=previous)
        for low, high in zip(precisions, precisions[1:]):
            current = self.evaluate(values, high)
            if isinstance(current, str):
                return PointValue("outside", reason=current)
            statuses = [_settle(a, b, low, high) for a, b in zip(previous, current)]
            relative = max((_relative(r, s) for r, s in current), default=mpmath.mpf(0))
            values_now = tuple(r for r, _ in current)
            if "nonzero" in statuses:
                return PointValue("nonzero", relative, values_now)
            if all(s == "zero" for s in statuses):
                return PointValue("zero", relative, values_now)
            previous = current
        return PointValue("undecided", relative, values_now, reason="the residual did not settle as precision grew")


def _relative(residual, size):
    return abs(residual) / size if size else mpmath.mpf(0)


def _settle(low_value, high_value, low_dps: int, high_dps: int) -> str:
    (r1, _), (r2, s2) = low_value, high_value
    if r2 == 0 or s2 == 0 or abs(r2) <= s2 * mpmath.mpf(10) ** (-(high_dps - ZERO_MARGIN_DIGITS)):
        return "zero"
    if abs(r2) <= abs(r1) * mpmath.mpf(10) ** (-(high_dps - low_dps - 10)):
        return "zero"
    if abs(r1 - r2) <= abs(r2) * mpmath.mpf(10) ** (-STABLE_DIGITS):
        return "nonzero"
    return "undecided"
