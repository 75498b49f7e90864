"""Symbolic reduction of residuals and random instantiation of generic objects.

``reduce_residual`` decides ``expr == 0`` the cheap way first (``doit``, ``expand``,
``cancel``) and reaches for ``simplify`` only last and under a time limit.
``random_instance`` replaces every undefined function (a generic potential, a
coordinate ``x(t)``) by a random polynomial and every free symbol by a random
rational that respects its sympy assumptions, so a universally quantified identity
can be falsified at concrete points.
"""
from __future__ import annotations

import contextlib
import signal
import threading
import time

import sympy
from sympy.core.function import AppliedUndef


class TimeLimit(Exception):
    """Raised when a symbolic step exceeds its time limit."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise :class:`TimeLimit` after ``seconds`` (only in the main thread; elsewhere no limit)."""
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _raise(signum, frame):
        raise TimeLimit(f"exceeded {seconds} s")

    previous = signal.getitimer(signal.ITIMER_REAL)[0]
    if previous and previous < seconds:  # an outer limit expires first: let it
        yield
        return
    started = time.monotonic()
    old = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        if previous:  # an outer limit was running: restore what is left of it
            signal.setitimer(signal.ITIMER_REAL, max(previous - (time.monotonic() - started), 0.001))


def as_residuals(eq) -> list:
    """Scalar residuals ``lhs - rhs`` of an equation, a matrix equation, or a bare expression."""
    if isinstance(eq, tuple) and len(eq) == 2:
        lhs, rhs = eq
    elif isinstance(eq, sympy.Equality):
        lhs, rhs = eq.lhs, eq.rhs
    else:
        lhs, rhs = eq, 0
    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    if isinstance(lhs, sympy.MatrixBase) or isinstance(rhs, sympy.MatrixBase):
        lhs, rhs = sympy.Matrix(lhs), sympy.Matrix(rhs)
        if lhs.shape != rhs.shape:
            raise ValueError(f"matrix equation with shapes {lhs.shape} and {rhs.shape}")
        return list(lhs - rhs)
    return [lhs - rhs]


def apply_relations(expr, relations):
    """Substitute ``relations`` (a dict old -> new, e.g. q'' -> acceleration) until nothing changes."""
    expr = sympy.sympify(expr).doit()
    if not relations:
        return expr
    for _ in range(8):
        new = expr.subs(relations).doit()
        if new == expr:
            break
        expr = new
    return expr


def jet_normalize(expr):
    """Replace curves x(t) and their derivatives by independent jet symbols, then ``doit``.

    A fully differentiated expression is a function of the jets (x, x', x'', ...), which can take
    any values at a point, so it vanishes for every curve exactly when it vanishes identically in
    the jet symbols.  This also makes the two ways sympy writes a partial derivative of a generic
    function along a curve (``Subs(Derivative(G(xi, x(t)), xi), xi, t)`` and ``Derivative(G(t, x), t)``
    with x frozen) the same expression.
    """
    expr = sympy.sympify(expr).doit()
    curves = [a for a in expr.atoms(AppliedUndef) if len(a.args) == 1 and a.args[0].is_Symbol]
    if not curves:
        return expr
    mapping = {}
    for d in expr.atoms(sympy.Derivative):
        if d.expr in curves and len(d.variable_count) == 1 and d.variable_count[0][0] == d.expr.args[0]:
            mapping[d] = sympy.Symbol(f"_jet_{d.expr.func}_{d.variable_count[0][1]}", **_real_if(d.expr))
    for c in curves:
        mapping[c] = sympy.Symbol(f"_jet_{c.func}_0", **_real_if(c))
    ordered = sorted(mapping.items(), key=lambda kv: -sympy.count_ops(kv[0]) - (kv[0].derivative_count if isinstance(kv[0], sympy.Derivative) else 0))
    for old, new in ordered:
        expr = expr.xreplace({old: new})
    return expr.doit()


def _real_if(curve) -> dict:
    return {"real": True} if curve.is_real else {}


def cheap_reduce(expr, relations=None):
    """``(True, 0)`` when ``doit``/``expand``/``cancel`` show ``expr == 0``, else ``(None, cancelled form)``."""
    expr = apply_relations(expr, relations)
    if expr == 0:
        return True, expr
    for normalise in (False, True):  # jet normalisation only when plain expansion did not show 0
        form = jet_normalize(expr) if normalise else expr
        expanded = sympy.expand(form)
        if expanded == 0:
            return True, expanded
        cancelled = sympy.cancel(sympy.together(expanded))
        if cancelled == 0:
            return True, cancelled
    return None, cancelled


def expensive_reduce(expr, simplify_seconds: float = 5.0):
    """Power and trigonometric rewriting, then ``simplify``, each under a time limit."""
    for transform in (lambda e: sympy.expand(sympy.powsimp(sympy.expand_power_base(e, force=False))),
                      lambda e: sympy.cancel(sympy.expand_trig(e))):
        try:
            with time_limit(simplify_seconds):
                candidate = transform(expr)
        except (TimeLimit, Exception):  # noqa: BLE001 - any failure only means "not shown zero"
            continue
        if candidate == 0:
            return True, candidate
    try:
        with time_limit(simplify_seconds):
            simplified = sympy.simplify(expr)
        return (True, simplified) if simplified == 0 else (None, simplified)
    except (TimeLimit, Exception):  # noqa: BLE001
        return None, expr


def reduce_residual(expr, relations=None, simplify_seconds: float = 5.0):
    """Return ``(verdict, reduced)`` where verdict is True (zero), or None (not shown zero)."""
    zero, reduced = cheap_reduce(expr, relations)
    return (zero, reduced) if zero else expensive_reduce(reduced, simplify_seconds)


def is_provably_nonzero(expr) -> bool:
    """True only when sympy's assumptions system shows ``expr != 0`` (sign or nonzero facts)."""
    expr = sympy.sympify(expr)
    for candidate in (expr, sympy.factor(sympy.together(expr))):
        if candidate.is_nonzero or candidate.is_positive or candidate.is_negative:
            return True
    return False


def undefined_functions(expr) -> list:
    """The undefined function classes applied in ``expr`` with their arities, sorted by name."""
    found = {}
    for app in sympy.sympify(expr).atoms(AppliedUndef):
        found[app.func] = len(app.args)
    return sorted(found.items(), key=lambda kv: str(kv[0]))


def free_symbols_sorted(expr) -> list:
    """Free symbols of ``expr`` sorted by name (a deterministic order for instance drawing)."""
    return sorted(sympy.sympify(expr).free_symbols, key=lambda s: s.name)


def random_polynomial(variables, coefficients, degree: int):
    """A polynomial in ``variables`` of total degree <= ``degree`` with the given coefficients (cycled)."""
    monomials = sorted(sympy.itermonomials(list(variables), degree), key=sympy.default_sort_key) if variables else [sympy.Integer(1)]
    if not coefficients:
        coefficients = [0]
    return sum(sympy.Rational(coefficients[i % len(coefficients)]) * m for i, m in enumerate(monomials))


def draw_value(symbol, raw):
    """Map a raw rational to a value admissible for the symbol's assumptions (positive, nonzero...)."""
    value = sympy.Rational(raw)
    if symbol.is_positive or symbol.is_nonnegative:
        value = abs(value) + (1 if symbol.is_positive else 0)
    if symbol.is_nonzero and value == 0:
        value = sympy.Integer(1)
    if symbol.is_integer and not value.is_integer:
        value = sympy.floor(value)
    return value


def derivatives_by_dummies(expr):
    """Rewrite derivatives with respect to non-symbols (``d/dx(t) U(x(t))``) as ``Subs`` of symbol derivatives.

    After this, undefined functions can be replaced by concrete ones and ``doit`` computes
    every derivative.
    """
    def is_target(e):
        return isinstance(e, sympy.Derivative) and any(not v.is_Symbol for v, _ in e.variable_count)

    def rewrite(e):
        dummies, points, variables = [], [], []
        body = e.expr
        for v, n in e.variable_count:
            if v.is_Symbol:
                variables.append((v, n))
            else:
                d = sympy.Dummy("d")
                body = body.xreplace({v: d})
                dummies.append(d)
                points.append(v)
                variables.append((d, n))
        return sympy.Subs(sympy.Derivative(body, *variables), dummies, points)

    expr = sympy.sympify(expr)
    for _ in range(4):
        new = expr.replace(is_target, rewrite)
        if new == expr:
            break
        expr = new
    return expr


def instantiate(expr, function_coefficients: dict, symbol_values: dict, degree: int = 2):
    """Replace undefined functions by polynomials and symbols by values, then ``doit``."""
    expr = derivatives_by_dummies(expr)
    for func, arity in undefined_functions(expr):
        dummies = sympy.symbols(f"_u0:{arity}")
        poly = random_polynomial(dummies, function_coefficients.get(str(func), [1]), degree)
        expr = expr.replace(func, sympy.Lambda(dummies, poly))
    expr = expr.doit()
    return expr.xreplace({s: symbol_values[s] for s in expr.free_symbols if s in symbol_values})


def evaluate(expr, dps: int = 40):
    """Numerical value of a closed expression with ``dps`` digits (exact when rational)."""
    expr = sympy.sympify(expr)
    if expr.is_Rational:
        return expr
    value = expr.evalf(dps)
    if value.free_symbols:
        raise ValueError(f"expression still has free symbols {sorted(map(str, value.free_symbols))}")
    return value
