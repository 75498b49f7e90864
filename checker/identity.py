"""The identity claim: ``lhs == rhs`` for all values of its symbols and functions.

Symbolic first (:func:`checker.symbolic.reduce_residual`).  When sympy does not reduce
the residual to zero, the identity is falsified on random instances: every undefined
function becomes a polynomial with random coefficients, every symbol a random rational
respecting its assumptions; the residual is compiled once (``lambdify`` to mpmath) and
evaluated at ``dps`` digits.  A failure found by hypothesis is shrunk, then re-evaluated
exactly by sympy before it is reported as a refutation.  For a polynomial residual the
evidence states the Schwartz–Zippel bound of the extra uniform trials.
"""
from __future__ import annotations

import random

import mpmath
import sympy
from hypothesis import strategies as st

from .evidence import Check
from .randomized import OutsideDomain, falsify, format_number
from .symbolic import (apply_relations, as_residuals, cheap_reduce, derivatives_by_dummies, draw_value, expensive_reduce,
                       free_symbols_sorted, undefined_functions)

DEGREE = 2  # degree of the random polynomials that stand for undefined functions
SZ_RANGE = 10**6  # uniform integer trials for the Schwartz–Zippel bound are drawn from [-SZ_RANGE, SZ_RANGE]


def parametric_instance(residuals):
    """Replace each undefined function by a polynomial with coefficient symbols.

    Returns ``(expressions, coefficient_symbols_by_function, value_symbols)``.
    """
    coefficient_symbols = {}
    exprs = [derivatives_by_dummies(r) for r in residuals]
    for func, arity in undefined_functions(sympy.Tuple(*exprs)):
        dummies = sympy.symbols(f"_u0:{arity}")
        monomials = sorted(sympy.itermonomials(list(dummies), DEGREE), key=sympy.default_sort_key)
        coeffs = sympy.symbols(f"_c_{func}_0:{len(monomials)}")
        coefficient_symbols[str(func)] = coeffs
        poly = sum(c * m for c, m in zip(coeffs, monomials))
        exprs = [e.replace(func, sympy.Lambda(dummies, poly)) for e in exprs]
    exprs = [e.doit() for e in exprs]
    all_coeffs = {c for cs in coefficient_symbols.values() for c in cs}
    value_symbols = [s for s in free_symbols_sorted(sympy.Tuple(*exprs)) if s not in all_coeffs]
    return exprs, coefficient_symbols, value_symbols


def _instance_strategy(coefficient_symbols, value_symbols):
    small = st.fractions(min_value=-4, max_value=4, max_denominator=4)
    coeffs = {name: st.lists(st.integers(-3, 3), min_size=len(cs), max_size=len(cs))
              for name, cs in coefficient_symbols.items()}
    values = {s.name: small for s in value_symbols}
    return st.fixed_dictionaries({"functions": st.fixed_dictionaries(coeffs), "symbols": st.fixed_dictionaries(values)})


def _assignment(instance, coefficient_symbols, value_symbols) -> dict:
    subs = {}
    for name, cs in coefficient_symbols.items():
        for c, v in zip(cs, instance["functions"][name]):
            subs[c] = sympy.Integer(v)
    for s in value_symbols:
        subs[s] = draw_value(s, instance["symbols"][s.name])
    return subs


def _describe(instance, coefficient_symbols, value_symbols) -> dict:
    """The instance in words: each undefined function as the polynomial it became, each symbol's value."""
    out = {}
    for name, cs in coefficient_symbols.items():
        arity = _arity_of(cs)
        dummies = sympy.symbols(f"u0:{arity}")
        monomials = sorted(sympy.itermonomials(list(dummies), DEGREE), key=sympy.default_sort_key)
        poly = sum(sympy.Integer(v) * m for v, m in zip(instance["functions"][name], monomials))
        out[f"{name}({', '.join(map(str, dummies))})"] = sympy.sstr(poly)
    for s in value_symbols:
        out[s.name] = str(draw_value(s, instance["symbols"][s.name]))
    return out


def _arity_of(coefficients) -> int:
    """Number of arguments whose degree-DEGREE monomial count equals ``len(coefficients)``."""
    arity = 0
    while sympy.binomial(arity + DEGREE, DEGREE) < len(coefficients):
        arity += 1
    return arity


def check_identity(name, lhs, rhs, *, relations, scope, samples, seed, dps, context, witness_hook) -> Check:
    residuals = [apply_relations(r, relations) for r in as_residuals((lhs, rhs))]
    pending = [reduced for zero, reduced in map(cheap_reduce, residuals) if not zero]
    proved = Check(name, "proved", "symbolic", scope, "residual reduces to 0" + (f"; {context}" if context else ""))
    if not pending:
        return proved
    tolerance = mpmath.mpf(10) ** (-(dps // 2))
    # A quick numerical probe first: a residual that is visibly nonzero goes straight to
    # falsification instead of through simplify.
    exprs, coefficient_symbols, value_symbols = parametric_instance(pending)
    ordered = [c for cs in coefficient_symbols.values() for c in cs] + value_symbols
    compiled = sympy.lambdify(ordered, exprs, modules="mpmath")
    if not _probe_is_nonzero(compiled, ordered, dps, tolerance, seed):
        pending = [reduced for zero, reduced in map(expensive_reduce, pending) if not zero]
        if not pending:
            return proved
        exprs, coefficient_symbols, value_symbols = parametric_instance(pending)
        ordered = [c for cs in coefficient_symbols.values() for c in cs] + value_symbols
        compiled = sympy.lambdify(ordered, exprs, modules="mpmath")

    def residual(instance):
        subs = _assignment(instance, coefficient_symbols, value_symbols)
        with mpmath.workdps(dps):
            try:
                values = compiled(*[mpmath.mpf(subs[s].p) / subs[s].q for s in ordered])
            except (ZeroDivisionError, ValueError, OverflowError) as exc:
                raise OutsideDomain(str(exc)) from exc
            sizes = []
            for v in values:
                if isinstance(v, mpmath.mpc) and v.imag != 0:
                    raise OutsideDomain("complex value")
                v = mpmath.mpf(v.real if isinstance(v, mpmath.mpc) else v)
                if mpmath.isnan(v) or mpmath.isinf(v):
                    raise OutsideDomain("not finite")
                sizes.append(abs(v))
            return max(sizes) if sizes else mpmath.mpf(0)

    strategy = _instance_strategy(coefficient_symbols, value_symbols)
    result = falsify(strategy, residual, seed=seed, max_examples=samples, tolerance=tolerance)
    if result.found:
        subs = _assignment(result.counterexample, coefficient_symbols, value_symbols)
        exact = [sympy.sympify(e).xreplace(subs) for e in exprs]
        exact_values = [sympy.N(e, dps + 20) for e in exact]
        if any(abs(v) > tolerance for v in exact_values if v.is_number):
            witness = {"instance": _describe(result.counterexample, coefficient_symbols, value_symbols),
                       "residual": [format_number(v, 6) for v in exact_values],
                       "seed": seed}
            if context:
                witness["context"] = context
            return Check(name, "refuted", "randomized", scope,
                         f"residual nonzero at a shrunk instance after {result.instances} instances",
                         instances=result.instances, seed=seed, witness=witness_hook(witness))
    if result.instances == 0:
        return Check(name, "inconclusive", "randomized", scope,
                     f"sympy did not reduce the residual and every instance was outside the domain; residual: {sympy.sstr(pending[0])[:200]}",
                     seed=seed)
    bound, point = _schwartz_zippel(exprs, ordered, seed)
    if point is not None:
        witness = {"instance": {str(k): str(v) for k, v in point.items()}, "seed": seed,
                   "note": "uniform exact trial (coefficient symbols _c_F_i stand for the random polynomial of F)"}
        if context:
            witness["context"] = context
        return Check(name, "refuted", "randomized", scope, "polynomial residual nonzero at an exact uniform trial",
                     instances=result.instances, seed=seed, witness=witness_hook(witness))
    detail = (f"sympy did not reduce the residual to 0; no counterexample in {result.instances} random instances "
              f"({result.rejected} outside the domain)")
    if bound:
        detail += f"; {bound}"
    return Check(name, "confirmed", "randomized", scope, detail, instances=result.instances, seed=seed,
                 max_residual=format_number(result.max_residual), error_bound=bound or None)


def _probe_is_nonzero(compiled, ordered, dps, tolerance, seed, points: int = 3) -> bool:
    """True when a residual is visibly nonzero at one of a few random rational points."""
    rng = random.Random(seed ^ 0x5EED)
    with mpmath.workdps(dps):
        for _ in range(points):
            args = []
            for symbol in ordered:
                value = draw_value(symbol, sympy.Rational(rng.randint(-7, 7), rng.randint(1, 5)))
                args.append(mpmath.mpf(value.p) / value.q)
            try:
                values = compiled(*args)
            except (ZeroDivisionError, ValueError, OverflowError, TypeError):
                continue
            for v in values:
                try:
                    if abs(mpmath.mpmathify(v)) > tolerance:
                        return True
                except (TypeError, ValueError):
                    continue
    return False


def _schwartz_zippel(exprs, ordered, seed, trials: int = 3):
    """Exact uniform trials for polynomial residuals: ``(bound text or '', failing point or None)``."""
    rng = random.Random(seed)
    degrees = []
    for e in exprs:
        e = sympy.expand(e)
        if not e.is_polynomial(*ordered):
            return "", None
        degrees.append(sympy.Poly(e, *ordered).total_degree() if ordered else 0)
    for _ in range(trials):
        point = {s: sympy.Integer(rng.randint(-SZ_RANGE, SZ_RANGE)) for s in ordered}
        if any(sympy.expand(e).xreplace(point) != 0 for e in exprs):
            return "", point
    d = max(degrees) if degrees else 0
    per = sympy.Rational(d, 2 * SZ_RANGE + 1)
    return f"polynomial residual of degree {d}: {trials} exact uniform trials on [-{SZ_RANGE}, {SZ_RANGE}], error probability <= ({d}/{2*SZ_RANGE+1})^{trials} = {float(per**trials):.1e}", None
