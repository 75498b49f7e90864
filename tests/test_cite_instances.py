"""A ``cite`` step accepts only a genuine instance of the exported equation: one substitution, applied everywhere,
capture-free.

Two ways to get a non-instance past the checker once existed:

* **a partial instance.**  ``instance={f(a): a**2}`` was applied with sympy's ``subs``, which replaces the
  application ``f(a)`` and leaves ``f(x)`` alone.  From the true export ``Subs(f'(x), x, a) = d/da f(a)`` it made
  ``Subs(f'(x), x, a) = 2a``, and with ``a**3`` also ``= 3a²``: a checked proof of ``2a = 3a²`` for every ``a``.
  An application key now stands for the function (``f = Lambda(a, a**2)``) and every application is replaced.
* **capture.**  ``m -> t`` in ``d/dt (m g(t)) = m g'(t)`` gives ``d/dt (t g(t)) = t g'(t)``, false; likewise under an
  integral.  A value whose free symbols a binder of the export binds is refused, as is a value that binds a
  variable the export uses.

Every refused claim below is false by construction (a generic ``g`` and a non-constant value).
"""
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.kernel.proof import Proof, check_proof

SETTINGS = settings(max_examples=20, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

a, x, t, s, u = sp.symbols("a x t s u", real=True)
m = sp.Symbol("m", real=True)
f, g = sp.Function("f"), sp.Function("g")
COEFFICIENTS = st.lists(st.integers(-5, 5), min_size=2, max_size=4).filter(lambda c: any(c[1:]))


def _polynomial(coefficients, var):
    return sum(c * var**k for k, c in enumerate(coefficients))


def _cite_status(export, eq, instance):
    proof = Proof()
    proof.cite("c", "lib", eq, name="e", instance=instance)
    proof.conclude("c")
    return check_proof(proof, allowed_citations=["lib"], exports={"lib": {"e": export}})[0].status


DERIVATIVE_TWO_WAYS = (sp.Subs(sp.Derivative(f(x), x), x, a), sp.Derivative(f(a), a))


@SETTINGS
@given(COEFFICIENTS, st.booleans())
def test_an_application_key_instantiates_every_application(coefficients, as_lambda):
    P = _polynomial(coefficients, a)
    instance = {f: sp.Lambda(a, P)} if as_lambda else {f(a): P}
    partial = (DERIVATIVE_TWO_WAYS[0], sp.diff(P, a))  # only f(a) replaced: false for a generic f
    assert _cite_status(DERIVATIVE_TWO_WAYS, partial, instance) == "failed"
    whole = (sp.diff(P, a), sp.diff(P, a))  # f replaced everywhere: the genuine instance
    assert _cite_status(DERIVATIVE_TWO_WAYS, whole, instance) == "checked"


def test_two_partial_instances_no_longer_prove_a_false_polynomial_identity():
    proof = Proof()
    proof.cite("c2", "lib", (DERIVATIVE_TWO_WAYS[0], 2 * a), name="e", instance={f(a): a**2})
    proof.cite("c3", "lib", (DERIVATIVE_TWO_WAYS[0], 3 * a**2), name="e", instance={f(a): a**3})
    proof.algebra("false", ["c2", "c3"], (2 * a - 3 * a**2, 0))
    proof.conclude("false")
    statuses = {r.label: r.status for r in check_proof(proof, allowed_citations=["lib"],
                                                       exports={"lib": {"e": DERIVATIVE_TWO_WAYS}})}
    assert statuses["false"] != "checked"


@SETTINGS
@given(st.integers(1, 4), st.sampled_from(["derivative", "integral", "subs"]), COEFFICIENTS)
def test_a_value_captured_by_a_binder_is_refused(k, binder, coefficients):
    if binder == "derivative":  # d/dt (m g(t)) = m g'(t)
        export = (sp.Derivative(m * g(t), t), m * sp.Derivative(g(t), t))
        bound_variable = t
    elif binder == "integral":  # ∫ m g(s) ds = m ∫ g(s) ds
        export = (sp.Integral(m * g(s), (s, 0, 1)), m * sp.Integral(g(s), (s, 0, 1)))
        bound_variable = s
    else:  # (d/du (m g(u)))|u=0 = m g'(0)
        export = (sp.Subs(sp.Derivative(m * g(u), u), u, 0), m * sp.Subs(sp.Derivative(g(u), u), u, 0))
        bound_variable = u
    value = bound_variable**k + _polynomial(coefficients, a)
    captured = (export[0].subs(m, value), export[1].subs(m, value))  # what substitution by sympy's subs writes
    assert _cite_status(export, captured, {m: value}) == "failed"
    fine = _polynomial(coefficients, a)  # a value free of the bound variable: a genuine instance
    assert _cite_status(export, (export[0].subs(m, fine), export[1].subs(m, fine)), {m: fine}) == "checked"


def test_a_value_that_binds_a_variable_of_the_export_is_refused():
    """f = (v ↦ ∫₀¹ v·s ds) = v/2 makes both sides 1/2; applied by substitution at f(s), the export's s is captured by
    the value's integral, and sympy's subs writes the instance as 1/2 − 0 = 0, which is false."""
    export = (sp.Subs(sp.Derivative(f(x), x), x, s), sp.Derivative(f(s), s))
    value = sp.Lambda(u, sp.Integral(u * s, (s, 0, 1)))
    captured = (export[0] - export[1]).subs(f, value).doit()
    assert captured == sp.Rational(1, 2)
    assert _cite_status(export, (captured, 0), {f: value}) == "failed"


@SETTINGS
@given(COEFFICIENTS)
def test_one_function_is_instantiated_once(coefficients):
    P = _polynomial(coefficients, a)
    # f(x) ↦ P(x) + x and f(a) ↦ P(a) in Subs(f'(x), x, a) = d/da f(a) write 1 = 0
    assert _cite_status(DERIVATIVE_TWO_WAYS, (1, 0), {f(a): P, f(x): P.subs(a, x) + x}) == "failed"
