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
    stable: tuple = ()    # (robust re-check) for each residual, whether its non-zero value was stable


def to_mpmath(value, dps: int):
    """An exact sympy number as an mpmath number (``mpf`` or ``mpc``, never a Python ``int`` or ``float``) with
    ``dps`` digits.

    Never a Python ``int``: compiled code would compute ``1/x`` or ``x**-k`` on it by Python's own arithmetic, in
    53-bit floats, and the rounding error (the same at every precision) would read as a converged residual."""
    value = sympy.sympify(value)
    bits = int(dps * 3.33) + 16
    with mpmath.workprec(bits):
        out = value._to_mpmath(bits, allow_ints=False)
        if not isinstance(out, (mpmath.mpf, mpmath.mpc)):
            out = mpmath.mpmathify(out)
    return out


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
        # the compiled arguments get generated names, one per argument object: distinct symbols that share a name
        # (``t`` and a positive ``t``, a Dummy) stay distinct, and no name can clash in the generated code
        generated = [sympy.Symbol(f"_arg{i}") for i in range(len(self.arguments))]
        renaming = dict(zip(self.arguments, generated))
        terms = [sympy.sympify(t).xreplace(renaming) for t in terms]
        self.function = sympy.lambdify(generated, terms, modules="mpmath", cse=self.shared, dummify=False)

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
                return self._zero_beyond_scale(values, dps, high, PointValue("zero", relative, values_now))
            previous = current
        return PointValue("undecided", relative, values_now, reason="the residual did not settle as precision grew")


    def _zero_beyond_scale(self, values: dict, dps: int, used: int, zero: PointValue) -> PointValue:
        """A point read zero because its residual fell below what ``used`` digits resolve (or was exactly 0), not
        because it shrank as the precision doubled: such a reading stands only when the precision covers the point's
        scale (:func:`scale_digits`: ``sqrt(10^80 + x^2) - 10^40`` is about ``10^-80`` of its terms, below 80 digits);
        otherwise the residual is evaluated again from ``dps + scale`` digits on and decided there (precision
        doubling, no fixed relative threshold), and a point whose scale cannot be estimated is undecided."""
        scale = self.point_scale(values)
        if scale is None:
            return PointValue("outside", reason="the residual fell below the working precision at a point whose "
                                                "scale could not be estimated (no evidence either way)")
        if used - ZERO_MARGIN_DIGITS - scale >= dps:  # the precision used covers the scale with dps digits to spare
            return zero
        start = dps + scale
        if 2 * start > RECHECK_CAP_DIGITS:
            return PointValue("outside", reason="the residual fell below the working precision at a point whose "
                                                "scale is beyond the re-check cap (no evidence either way)")
        low_value = self.evaluate(values, start)
        high_value = self.evaluate(values, 2 * start)
        for value in (low_value, high_value):
            if isinstance(value, str):
                return PointValue("outside", reason=value)
        statuses = [_settle(a, b, start, 2 * start) for a, b in zip(low_value, high_value)]
        relative = max((_relative(r, s) for r, s in high_value), default=mpmath.mpf(0))
        values_now = tuple(r for r, _ in high_value)
        if "nonzero" in statuses:
            return PointValue("nonzero", relative, values_now)
        if all(s == "zero" for s in statuses):
            return PointValue("zero", relative, values_now)
        return PointValue("undecided", relative, values_now,
                          reason=f"the residual did not settle at {start} and {2 * start} digits (the point's scale)")

    def point_scale(self, values: dict):
        """:func:`scale_digits` of the residuals at the point (the largest), or ``None``."""
        largest = 0
        binders = (sympy.Integral, sympy.Sum, sympy.Product, sympy.Limit, sympy.Derivative, sympy.Subs)
        for r in self.residuals:
            try:
                r = sympy.sympify(r)
                if r.has(*binders):  # their bound variables are not the point's: their own scale is not estimated
                    r = r.replace(lambda n: isinstance(n, binders), lambda n: sympy.Integer(1))
                digits = scale_digits(r.xreplace({a: values[a] for a in self.arguments}))
            except Exception:  # noqa: BLE001 - no estimate
                return None
            if digits is None:
                return None
            largest = max(largest, digits)
        return largest


def robust_at(compiled, values: dict, start_dps: int, cap_dps: int, seconds: float) -> PointValue:
    """The residuals at one point decided for a *refutation*: evaluated at ``start_dps``, then at doubling precision
    up to ``cap_dps``; ``nonzero`` only when some residual's value is the same (to :data:`STABLE_DIGITS` digits, and
    above the zero threshold) at three successive precisions (stable over two doublings), ``zero`` when every
    residual is zero by :func:`_settle` at the highest two; else ``undecided`` (also when the cap or the time is
    reached first).  ``start_dps`` should cover the point's scale (:func:`scale_digits`)."""
    from .symbolic import TimeLimit, time_limit
    history = []
    dps = max(int(start_dps), 15)
    try:
        with time_limit(seconds):
            while dps <= cap_dps:
                current = compiled.evaluate(values, dps)
                if isinstance(current, str):
                    return PointValue("outside", reason=current)
                history.append((dps, current))
                if len(history) >= 2:
                    (low, before), (high, now) = history[-2], history[-1]
                    statuses = [_settle(a, b, low, high) for a, b in zip(before, now)]
                    relative = max((_relative(r, s) for r, s in now), default=mpmath.mpf(0))
                    values_now = tuple(r for r, _ in now)
                    if all(s == "zero" for s in statuses):
                        return PointValue("zero", relative, values_now)
                    if len(history) >= 3:
                        (lowest, first) = history[-3]
                        stable = [_settle(a, b, lowest, low) == "nonzero" and s == "nonzero"
                                  for a, b, s in zip(first, before, statuses)]
                        if any(stable):
                            return PointValue("nonzero", relative, values_now, stable=tuple(stable))
                dps *= 2
    except TimeLimit:
        return PointValue("undecided", reason=f"the re-check at growing precision took over {seconds} s")
    return PointValue("undecided", reason=f"the residual did not settle up to {history[-1][0] if history else cap_dps} "
                                          f"digits")


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


#: the highest precision a refutation may be re-checked at (digits); a point whose scale needs more is not re-checked
RECHECK_CAP_DIGITS = 6000


def scale_digits(expr) -> int:
    """Digits a numeric evaluation of the number ``expr`` may lose to its scale: for every ``exp(X)`` (and hyperbolic
    function of ``X``) ``|X| / ln 10``, for every power ``b**e`` with numeric base and exponent ``|e| log10 |b|``,
    and for every rational the digits of its numerator and denominator.  A term such as ``exp(-1000)`` added to 1 is
    lost below that many digits (``log(1 + exp(-1000))`` evaluates to 0 at fewer than 435 digits), so a residual
    value is trusted only from about this many digits on.  ``None`` when a scale cannot be estimated (too large)."""
    largest = 0.0
    hyperbolic = (sympy.exp, sympy.sinh, sympy.cosh, sympy.tanh, sympy.coth, sympy.sech, sympy.csch)
    try:
        for node in set(sympy.preorder_traversal(expr)):
            digits = 0.0
            if isinstance(node, sympy.Rational):
                p, q = abs(int(node.p)), int(node.q)
                digits = len(str(p)) + len(str(q)) if (p > 10**6 or q > 10**6) else 0
            elif isinstance(node, hyperbolic) or (isinstance(node, sympy.Pow) and node.base is sympy.E):
                argument = node.exp if isinstance(node, sympy.Pow) else node.args[0]
                digits = _magnitude(argument) / 2.302585 + 1
            elif isinstance(node, sympy.Pow) and node.base.is_number and node.exp.is_number:
                base = _magnitude(node.base)
                log_base = abs(float(mpmath.log10(base))) if base > 0 else 0
                digits = _magnitude(node.exp) * log_base + 1
            largest = max(largest, digits)
            if largest > 10 * RECHECK_CAP_DIGITS:
                return None
    except (TypeError, ValueError, OverflowError, ArithmeticError):
        return None
    # twice the largest: two such losses may compound (a tiny term lost in a sum, then scaled up)
    return 2 * int(largest) + 1


def _magnitude(number) -> float:
    """``|number|`` roughly (15 digits), for scales; raises for what has no finite magnitude."""
    if not number.free_symbols:
        value = abs(complex(sympy.N(number, 15)))
        if value != value or value == float("inf"):
            raise OverflowError("no finite magnitude")
        return value
    raise ValueError("not a number")
