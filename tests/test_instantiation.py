"""Instantiating undefined functions by their templates: a partial derivative in the function's own argument
slots is taken from the template before the arguments are put in, which must be the same function as putting the
arguments in and differentiating (the chain rule), wherever the shortcut applies and wherever it must not.

Truth by construction: both ways are evaluated at random parameter and symbol values with sympy at 30 digits.
"""
import random

import sympy
from hypothesis import HealthCheck, given, settings, strategies as st
from sympy.core.function import AppliedUndef

from checker.kernel.engine.identity import InstancePlan, _slot_orders
from checker.kernel.engine.symbolic import derivatives_by_dummies

x, y = sympy.symbols("x y", real=True)
t = sympy.Symbol("t", real=True)
f, g = sympy.Function("f", real=True), sympy.Function("g", real=True)
q = sympy.Function("q", real=True)
SETTINGS = settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

#: derivatives of every kind the engine meets: in a slot of its own (the shortcut), in a symbol that fills two
#: slots or also occurs inside another argument (the chain rule), of a composition, of a curve, mixed and repeated
DERIVATIVES = [
    sympy.Derivative(f(x, y), x), sympy.Derivative(f(x, y), x, y), sympy.Derivative(f(x, y), (y, 2)),
    sympy.Derivative(f(x, x), x), sympy.Derivative(f(x, x * y), x), sympy.Derivative(f(x * y, y), y),
    sympy.Derivative(g(x + y), x), sympy.Derivative(g(sympy.sin(x)), (x, 2)), sympy.Derivative(q(t), t),
    sympy.Derivative(q(t), (t, 3)), sympy.Derivative(f(t, q(t)), t), sympy.Derivative(f(q(t), t), t, t),
    sympy.diff(f(t, q(t)), t, 2), sympy.diff(g(q(t)), t), sympy.Derivative(f(x, y), x, (y, 2), x),
]
ATOMS = [x, y, t, f(x, y), g(x), q(t), f(q(t), t), g(y * t)]


@st.composite
def residuals(draw):
    """A sum of products of derivatives and applications, with small integer coefficients."""
    terms = []
    for _ in range(draw(st.integers(1, 4))):
        factors = draw(st.lists(st.sampled_from(DERIVATIVES + ATOMS), min_size=1, max_size=3))
        terms.append(draw(st.integers(-3, 3).filter(bool)) * sympy.Mul(*factors))
    return sympy.Add(*terms)


def by_the_chain_rule(plan, expr):
    """The reference: every undefined function replaced by its template, then every derivative evaluated."""
    bodies = {func: sympy.Lambda(tpl.dummies, tpl.body) for func, tpl in plan.templates.items()}
    expr = expr.replace(lambda n: isinstance(n, AppliedUndef) and n.func in bodies, lambda n: bodies[n.func](*n.args))
    return expr.doit()


def _values(exprs, seed):
    """Random rational values of every free symbol (template parameters included) of ``exprs``."""
    rng = random.Random(seed)
    symbols = set().union(*(e.free_symbols for e in exprs))
    return {s: sympy.Rational(rng.randint(-9, 9), rng.randint(1, 5)) for s in sorted(symbols, key=str)}


@SETTINGS
@given(residuals(), st.integers(0, 10**6))
def test_the_template_partial_is_the_chain_rule(residual, seed):
    residual = derivatives_by_dummies(residual)
    plan = InstancePlan.build([residual], None, 15)
    if plan.impossible:
        return
    shortcut, reference = plan._instantiate(residual), by_the_chain_rule(plan, residual)
    assert not shortcut.has(AppliedUndef, sympy.Derivative) and not reference.has(AppliedUndef, sympy.Derivative)
    values = _values([shortcut, reference], seed)
    a, b = (sympy.N(e.xreplace(values), 30) for e in (shortcut, reference))
    assert abs(a - b) <= sympy.Float(10) ** -20 * max(1, abs(a), abs(b)), (residual, values)


def test_the_shortcut_applies_exactly_where_each_variable_fills_one_slot_alone():
    assert _slot_orders(sympy.Derivative(f(x, y), x, (y, 2), x)) == ((0, 2), (1, 2))
    assert _slot_orders(sympy.Derivative(q(t), (t, 3))) == ((0, 3),)
    assert _slot_orders(sympy.Derivative(f(x, x), x)) is None  # x fills two slots
    assert _slot_orders(sympy.Derivative(f(x, x * y), x)) is None  # x also inside the other argument
    assert _slot_orders(sympy.Derivative(g(x + y), x)) is None  # a composition: the chain rule


def test_a_wrong_partial_would_be_seen():
    """The comparison has teeth: a template partial in the wrong slot differs from the chain rule."""
    residual = sympy.Derivative(f(x, y), x)
    plan = InstancePlan.build([residual], None, 15)
    tpl = plan.templates[f]
    wrong = tpl.body.diff(tpl.dummies[1]).xreplace(dict(zip(tpl.dummies, (x, y))))
    reference = by_the_chain_rule(plan, residual)
    values = _values([reference, wrong], 3)
    assert abs(sympy.N((wrong - reference).xreplace(values), 30)) > 1e-10
