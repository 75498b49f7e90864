"""Sympy's closed forms checked against the objects they evaluate: integrals, sums, products, limits, derivatives.

``doit`` replaces ``∫_0^∞ e^{-ax} dx`` by a closed form, and sympy has known wrong closed forms (definite integrals
with parameters of unknown sign, conditions dropped).  Nothing the engine concludes may rest on such a value
unchecked: for each unevaluated object ``O`` of a claim that ``doit`` evaluates to ``E``, both are computed at sampled
values of the free symbols (honouring their assumptions, positive and negative, small and large) independently of
sympy's evaluation: ``O`` by mpmath (``quad`` for an integral, ``nsum``/``nprod`` for an infinite sum/product, exact
terms for a short finite one, ``limit``, ``diff``) at high precision, ``E`` by sympy's ``evalf``.  A disagreement, or
an integral, sum or limit that could not be computed at any point, is reported; the caller then gives no verdict.
An indefinite integral ``F = ∫ f dx`` is checked by ``dF/dx = f`` at the points.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import mpmath
import sympy
from sympy.core.function import AppliedUndef
from sympy.integrals.transforms import IntegralTransform

from ..symbolic import TimeLimit, time_limit

#: digits of the numerical evaluations, and the relative agreement required of sympy's value
CHECK_DPS = 30
AGREE = mpmath.mpf(10) ** -12
#: values the free symbols take at the sampled points (moved to honour their assumptions)
POINT_VALUES = ("7/5", "-7/5", "3", "-1/3", "1/2", "-3", "sqrt(2)", "10", "-10", "1/10")
POINTS = 5
SECONDS = 8.0
#: the largest finite sum or product whose terms are added exactly
FINITE_TERMS = 2000
#: a quadrature value beyond this is read as a divergent integral
DIVERGED = mpmath.mpf(10) ** 40

KINDS = (sympy.Integral, sympy.Sum, sympy.Product, sympy.Limit, sympy.Derivative, sympy.Subs)
#: objects that are integrals under another name (Laplace, Fourier, Mellin, sine/cosine, Hankel transforms and their
#: inverses): cross-checked as the integral that defines them (``as_integral``)
TRANSFORMS = (IntegralTransform,)


@dataclass
class CrossCheck:
    """``ok`` (every evaluated object agreed where it could be computed), else ``reason`` in words."""

    ok: bool
    reason: str = ""
    checked: int = 0


def evaluated_objects(expr) -> list:
    """``[(O, E)]``: the outermost unevaluated objects of ``expr`` (free of undefined functions) that ``doit``
    changes, each with its evaluation."""
    out = []
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Derivative) and isinstance(node.expr, AppliedUndef):
            continue  # a derivative of an undefined function: nothing for doit to evaluate (cheap test first)
        if isinstance(node, KINDS + TRANSFORMS) and node not in [o for o, _ in out] \
                and not node.atoms(AppliedUndef) and not any(node in o.args or node.has(o) or o.has(node)
                                                             for o, _ in out):
            try:
                with time_limit(SECONDS):
                    value = node.doit()
                    if value != node and isinstance(node, TRANSFORMS):
                        node = node.as_integral  # the transform is its integral: computed as such
            except (TimeLimit, Exception):  # noqa: BLE001 - not evaluated: nothing of sympy's to trust
                continue
            if value != node:
                out.append((node, value))
    return out


def cross_check(lhs, rhs, seed: int = 0) -> CrossCheck:
    """Cross-check every object of ``lhs == rhs`` that sympy evaluates (see the module docstring)."""
    exprs = [e for e in (sympy.sympify(lhs), sympy.sympify(rhs)) if isinstance(e, sympy.Basic)]
    exprs = [x for e in exprs for x in (list(e) if isinstance(e, sympy.MatrixBase) else [e])]
    pairs = [p for e in exprs if isinstance(e, sympy.Basic) and e.has(*KINDS, *TRANSFORMS)
             for p in evaluated_objects(e)]
    if not pairs:
        return CrossCheck(True)
    checked = 0
    for obj, closed in pairs:
        symbols = sorted(obj.free_symbols, key=lambda s: s.name)
        agreed, unsure = 0, ""
        for point in _points(symbols, seed):
            outcome = _compare(obj, closed, point)
            if outcome is None:
                continue
            if outcome is True:
                agreed += 1
                continue
            where = ", ".join(f"{s} = {sympy.sstr(v)}" for s, v in point.items()) or "its value"
            if outcome.startswith("unsure"):
                unsure = unsure or f"{outcome[7:]} at {where}"
                continue
            return CrossCheck(False, f"sympy's closed form of {sympy.sstr(obj)[:120]} ({sympy.sstr(closed)[:120]}) "
                                     f"disagrees with {outcome} at {where}", checked)
        if agreed == 0 and not isinstance(obj, (sympy.Derivative, sympy.Subs)):
            return CrossCheck(False, f"sympy's closed form of {sympy.sstr(obj)[:120]} could not be cross-checked "
                                     f"numerically ({unsure or 'no sampled point where both are defined'})", checked)
        checked += 1
    return CrossCheck(True, checked=checked)


def _points(symbols, seed):
    from ..instances import move_towards, satisfies_assumptions
    if not symbols:
        return [{}]
    rng = random.Random(seed)
    values = [sympy.sympify(v) for v in POINT_VALUES]
    out = []
    for i in range(POINTS):
        point = {}
        for j, s in enumerate(symbols):
            v = move_towards(s, values[(i + j) % len(values)] if i < 2 else rng.choice(values))
            if not satisfies_assumptions(v, s.assumptions0):
                break
            point[s] = v
        else:
            out.append(point)
    return out


def _compare(obj, closed, point):
    """True (agree), None (not defined there), ``'unsure: why'``, or the name of the disagreeing method."""
    try:
        with time_limit(SECONDS):
            if isinstance(obj, sympy.Integral) and all(len(limit) == 1 for limit in obj.limits):
                return _antiderivative(obj, closed, point)
            with mpmath.workdps(CHECK_DPS):
                direct = _derivative(obj, point) if isinstance(obj, sympy.Derivative) else _numeric(obj.xreplace(point))
            if direct is None:
                return None
            if direct == "unsure":
                return "unsure: the numerical evaluation did not converge"
            value, method = direct
            at = closed.xreplace(point)
            if at.has(*KINDS):
                at = at.doit()
            if at.has(*KINDS) or not at.is_number:
                return None if not mpmath.isfinite(value) else "unsure: the closed form is not a number there"
            if at.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
                return None if not mpmath.isfinite(value) else method
            number = sympy.N(at, CHECK_DPS)
            theirs = mpmath.mpc(str(sympy.re(number)), str(sympy.im(number)))
    except (TimeLimit, Exception):  # noqa: BLE001 - not computed: no evidence either way
        return None
    if not mpmath.isfinite(value):
        return method  # the object diverges where sympy's closed form is a finite number
    if abs(value - theirs) <= AGREE * max(1, abs(value), abs(theirs)):
        return True
    return method


def _numeric(obj):
    """``(value, method)`` of a closed object (no free symbols but its bound ones), ``None``, or ``'unsure'``."""
    if isinstance(obj, sympy.Integral):
        return _integral(obj)
    if isinstance(obj, (sympy.Sum, sympy.Product)):
        return _series(obj)
    if isinstance(obj, sympy.Limit):
        expr, var, target, direction = obj.args
        f = _function(expr, var)
        point = _mp(target)
        side = {"+": 1, "-": -1}.get(str(direction), 0)
        if side == 0 and mpmath.isfinite(point):
            left, right = mpmath.limit(f, point, direction=-1), mpmath.limit(f, point, direction=1)
            if abs(left - right) > AGREE * max(1, abs(left)):
                return (mpmath.mpf("nan"), "the two one-sided limits (mpmath limit)")
            return (right, "mpmath limit")
        return (mpmath.limit(f, point, direction=side or 1), "mpmath limit")
    if isinstance(obj, sympy.Subs):
        expr, variables, points = obj.args
        inner = expr
        if not isinstance(inner, sympy.Derivative) or len(variables) != 1:
            return None
        (var, order), = inner.variable_count
        if var != variables[0] or inner.expr.free_symbols - {var}:
            return None
        f = _function(inner.expr, var)
        return (mpmath.diff(f, _mp(points[0]), int(order)), "numerical differentiation (mpmath diff)")
    return None


def _antiderivative(obj, closed, point):
    """An indefinite integral ``F = ∫ f dx`` (one variable): ``dF/dx = f`` at the point, ``dF/dx`` by mpmath's
    numerical differentiation of sympy's closed form."""
    if len(obj.limits) != 1 or obj.limits[0][0] not in point:
        return None
    var = obj.limits[0][0]
    others = {s: v for s, v in point.items() if s != var}
    with mpmath.workdps(CHECK_DPS):
        slope = mpmath.diff(_function(closed.xreplace(others), var), _mp(point[var]))
        value = _function(obj.function.xreplace(others), var)(_mp(point[var]))
        if not (mpmath.isfinite(slope) and mpmath.isfinite(value)):
            return None
        if abs(slope - value) <= AGREE * max(1, abs(value)):
            return True
    return "numerical differentiation of the antiderivative (mpmath diff)"


def _derivative(obj, point):
    """A derivative in one symbol, d^k f/dx^k at the point's value of x, by mpmath's numerical differentiation."""
    if len(obj.variable_count) != 1:
        return None
    (var, order), = obj.variable_count
    if not var.is_Symbol or var not in point:
        return None
    others = {s: v for s, v in point.items() if s != var}
    f = _function(obj.expr.xreplace(others), var)
    return (mpmath.diff(f, _mp(point[var]), int(order)), "numerical differentiation (mpmath diff)")


def _integral(obj):
    if len(obj.limits) != 1 or len(obj.limits[0]) != 3:
        return None
    var, low, high = obj.limits[0]
    if obj.function.free_symbols - {var} or low.free_symbols or high.free_symbols:
        return None
    f = _function(obj.function, var)
    value, error = mpmath.quad(f, [_mp(low), _mp(high)], error=True)
    if not mpmath.isfinite(value) or abs(value) > DIVERGED:
        return (mpmath.mpf("inf"), "quadrature (mpmath quad)")
    if not mpmath.isfinite(value):
        return (value, "quadrature (mpmath quad)")
    if error > mpmath.mpf(10) ** -20 * max(1, abs(value)):
        return "unsure"
    return (value, "quadrature (mpmath quad)")


def _series(obj):
    if len(obj.limits) != 1:
        return None
    var, low, high = obj.limits[0]
    if obj.function.free_symbols - {var}:
        return None
    product = isinstance(obj, sympy.Product)
    if low.is_Integer and high.is_Integer and int(high) - int(low) <= FINITE_TERMS:
        terms = [obj.function.xreplace({var: sympy.Integer(k)}) for k in range(int(low), int(high) + 1)]
        exact = sympy.Mul(*terms) if product else sympy.Add(*terms)
        return (_mp(exact), "the terms added exactly")
    if not (low.is_Integer and high is sympy.oo):
        return None
    f = _function(obj.function, var)
    value = (mpmath.nprod if product else mpmath.nsum)(f, [int(low), mpmath.inf])
    return (value, "summation (mpmath nsum)" if not product else "mpmath nprod")


def _function(expr, var):
    compiled = sympy.lambdify([var], expr, modules="mpmath")
    return lambda t: mpmath.mpmathify(compiled(t))


def _mp(value):
    value = sympy.sympify(value)
    if value is sympy.oo:
        return mpmath.inf
    if value is -sympy.oo:
        return -mpmath.inf
    number = sympy.N(value, CHECK_DPS + 10)
    return mpmath.mpc(str(sympy.re(number)), str(sympy.im(number))) if not number.is_real else mpmath.mpf(str(number))
