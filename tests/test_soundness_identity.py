"""Soundness of the identity engine (issue 10), one group of property-based tests per class of the issue.

Each test *generates* variants of its class (hypothesis, derandomized, no shrinking so a failing engine
does not multiply the run time) whose truth is known by construction, runs them through the public API
(``Checks(seed=...).identity``) and checks the contract with :mod:`tests.identity_truth`:

* a FALSE claim is never ``proved``/``confirmed`` and never carries an error bound;
* a TRUE claim is never ``refuted`` (``inconclusive`` is honest);
* every refutation is re-checked from its witness alone (values, assumptions, concrete functions,
  relations), independently of the engine.

Classes (issue 10): 1 applications at different arguments / binders; 2 function families richer than
quadratics; 3 symbol values honouring assumptions and spanning scales; 4 a relative zero test;
5 the domain convention; 6 error bounds only for the claim itself; 7 relations as named, soundly reduced
premises; 8 the other claim forms (property, numeric, fact, non-commutative symbols).
"""
from __future__ import annotations

import math
import re

import mpmath
import numpy
import pytest
import sympy
from hypothesis import assume, given
from hypothesis import strategies as st
from sympy import (Abs, Derivative, Eq, Function, I, Integral, Max, Min, Rational, Subs, Sum, Symbol, ceiling, cos,
                   exp, floor, log, pi, sign, sin, sqrt)

from checker.kernel.checks import Checks
from checker.kernel.decision import Decision

try:
    from chosen_values import computed
except ImportError:  # run from the repository root as a package path
    from tests.chosen_values import computed

try:  # pytest puts tests/ on sys.path (rootdir-relative import for ``python -m pytest tests/...``)
    from identity_truth import (ESTABLISHED, assert_false_claim_sound, assert_true_claim_sound, describe, detached,
                                hsettings, recheck_witness, run)
except ImportError:  # pragma: no cover - imported as a package
    from tests.identity_truth import (ESTABLISHED, assert_false_claim_sound, assert_true_claim_sound, describe,
                                      detached, hsettings, recheck_witness, run)

x, y, z, t, s, u, h = sympy.symbols("x y z t s u h", real=True)
f, g = Function("f"), Function("g")
X = Function("x")  # a curve x(t), the mechanics convention
SAMPLES = 20

#: argument expressions for applications of f; pairs are drawn distinct
ARGUMENTS = [x, y, x + 1, 2 * x, x**2, 1 - x, x * y, x + y, sin(x), Rational(1, 3), sympy.Integer(0), sqrt(1 + y**2), x / 2 + y,
             x**3 - x]


def false_claim(lhs, rhs=0, *, seed=0, samples=SAMPLES, relations=None):
    chk = run(lhs, rhs, seed=seed, samples=samples, relations=relations)
    assert_false_claim_sound(chk, lhs, rhs, relations)
    return chk


def true_claim(lhs, rhs=0, *, seed=0, samples=SAMPLES, relations=None):
    chk = run(lhs, rhs, seed=seed, samples=samples, relations=relations)
    assert_true_claim_sound(chk, lhs, rhs, relations)
    return chk


# ==================================================================================================
# class 1: applications at different arguments stay different, also inside binders
# ==================================================================================================

@hsettings(6)
@given(st.sampled_from(ARGUMENTS), st.sampled_from(ARGUMENTS), st.integers(-3, 3), st.integers(0, 2),
       st.integers(0, 2**16))
def test_c1_applications_at_distinct_arguments_differ(a, b, coefficient, form, seed):
    """``f(a) == f(b)`` (with a common term, or for ``f'``) is false whenever ``a`` and ``b`` differ."""
    assume(sympy.expand(a - b) != 0 and coefficient != 0)
    lhs, rhs = [(f(a), f(b)),
                (coefficient * f(a) + x * y, coefficient * f(b) + x * y),
                (f(x).diff(x).subs(x, a), f(x).diff(x).subs(x, b))][form]
    false_claim(lhs, rhs, seed=seed)


@hsettings(3)
@given(st.sampled_from(ARGUMENTS), st.sampled_from(ARGUMENTS), st.integers(0, 2**16))
def test_c1_two_argument_applications_do_not_commute(a, b, seed):
    """``g(a, b) == g(b, a)`` is false for a generic ``g`` whenever ``a`` and ``b`` differ."""
    assume(sympy.expand(a - b) != 0)
    false_claim(g(a, b), g(b, a), seed=seed)


def _binder_false(template: int, m: int):
    k = Symbol("k", integer=True)
    return [
        (Integral(X(t), (t, 0, m)), m * X(t)),                       # the bound t is not the free t
        (Integral(X(s), (s, 0, m)), X(t)),
        (Integral(f(s), (s, 0, m)), Integral(f(s**2), (s, 0, m))),
        (Integral(f(x * s), (s, 0, 1)), f(x)),
        (Integral(f(s), (s, 0, x)), Integral(f(s), (s, 0, y))),
        (Sum(f(k), (k, 0, m)), (m + 1) * f(0)),
        (Sum(f(k), (k, 0, m)), Sum(f(k + 1), (k, 0, m))),
        (Subs(Derivative(f(u), u), u, x + m), Derivative(f(x), x)),    # derivative w.r.t. a dummy, at another point
        (Integral(X(s) * X(t), (s, 0, 1)), X(t) ** 2),
    ][template]


@hsettings(5)
@given(st.integers(0, 8), st.integers(1, 3), st.integers(0, 2**16))
def test_c1_binders_keep_bound_and_free_apart(template, m, seed):
    """Integrals, sums and Subs whose bound variable shares a name with a free one are not identified."""
    lhs, rhs = _binder_false(template, m)
    false_claim(lhs, rhs, seed=seed)


def _binder_true(template: int, a, b):
    k = Symbol("k", integer=True)
    n = 4
    return [
        (Integral(f(s), (s, a, b)), Integral(f(a + b - s), (s, a, b))),      # reflection
        (Integral(f(s + a), (s, 0, 1)), Integral(f(s), (s, a, a + 1))),       # shift
        (Integral(Derivative(f(s), s), (s, a, b)), f(b) - f(a)),             # fundamental theorem
        (Sum(f(k), (k, 0, n)), Sum(f(n - k), (k, 0, n))),                    # reversal
        (Integral(s * Derivative(f(s), s), (s, 0, 1)), f(1) - Integral(f(s), (s, 0, 1))),  # by parts
        (Integral(X(s), (s, 0, 1)) + X(t), X(t) + Integral(X(u), (u, 0, 1))),  # renaming a bound variable
    ][template]


@hsettings(4)
@given(st.integers(0, 5), st.integers(-2, 2), st.integers(1, 3), st.integers(0, 2**16))
def test_c1_true_binder_identities_are_not_refuted(template, a, width, seed):
    """True identities under binders (reflection, shift, FTC, reversal, parts, renaming) are never refuted."""
    lhs, rhs = _binder_true(template, sympy.Integer(a), sympy.Integer(a + width))
    true_claim(lhs, rhs, seed=seed)


def test_c1_issue_examples():
    false_claim(f(x), f(y))
    false_claim(X(s), X(t))
    false_claim(Integral(X(t), (t, 0, 1)), X(t))
    true_claim(Integral(f(s), (s, 0, 1)), Integral(f(1 - s), (s, 0, 1)))


# ==================================================================================================
# class 2: the families standing for an undefined function are richer than the claim
# ==================================================================================================

@hsettings(4)
@given(st.integers(3, 7), st.booleans(), st.integers(0, 2**16))
def test_c2_vanishing_high_derivative_is_false(order, two_arguments, seed):
    """``f^(k) == 0`` (exact for polynomials of degree < k) is false, for one and two arguments."""
    i = order // 2
    lhs = Derivative(g(x, y), (x, i), (y, order - i)) if two_arguments else Derivative(f(x), (x, order))
    false_claim(lhs, 0, seed=seed)


def _forward_difference(k, step):
    return sum((-1) ** (k - j) * sympy.binomial(k, j) * f(x + j * step) for j in range(k + 1))


def _polynomial_exact_false(template: int, k: int, step):
    a, b = sympy.Integer(0), step
    mid = (a + b) / 2
    taylor = sum(Derivative(f(x), (x, j)) * step**j / sympy.factorial(j) if j else f(x) for j in range(k + 1))
    return [
        (_forward_difference(k, step), 0),                                            # exact below degree k
        (f(x + step) - 2 * f(x) + f(x - step), step**2 * Derivative(f(x), (x, 2))),  # exact for cubics
        (f(x + step), taylor),                                                        # Taylor, exact to degree k
        (Integral(f(s), (s, a, b)), (b - a) / 6 * (f(a) + 4 * f(mid) + f(b))),          # Simpson, cubics
        (Integral(f(s), (s, a, b)), (b - a) / 2 * (f(a) + f(b))),                       # trapezoid, lines
        (Integral(f(s), (s, a, b)), (b - a) * f(mid)),                                  # midpoint, lines
        ((f(x + step) - f(x - step)) / (2 * step), Derivative(f(x), x)),               # central difference, quadratics
    ][template]


@hsettings(6)
@given(st.integers(0, 6), st.integers(2, 5), st.sampled_from([h, Rational(1, 2), sympy.Integer(1), Rational(3, 7)]),
       st.integers(0, 2**16))
def test_c2_claims_exact_for_low_degree_polynomials_are_false(template, k, step, seed):
    """Finite-difference, Taylor and quadrature rules exact for polynomials of low degree are false in general."""
    lhs, rhs = _polynomial_exact_false(template, k, step)
    false_claim(lhs, rhs, seed=seed)


@hsettings(4)
@given(st.integers(0, 3), st.integers(0, 2**16))
def test_c2_exact_calculus_rules_are_not_refuted(template, seed):
    """True calculus rules valid for every function (not only polynomials) are never refuted."""
    lhs, rhs = [
        (Derivative(Integral(f(s), (s, 0, x)), x), f(x)),
        (f(x + h), f(x) + Integral(Derivative(f(s), s), (s, x, x + h))),
        (Derivative(f(x) * g(x, y), x), Derivative(f(x), x) * g(x, y) + f(x) * Derivative(g(x, y), x)),
        (Derivative(f(x**2), x), 2 * x * Subs(Derivative(f(u), u), u, x**2)),
    ][template]
    true_claim(lhs, rhs, seed=seed)


def test_c2_function_assumptions_are_respected():
    """``Function('F', positive=True)`` is positive in every family member; a real one may be negative."""
    P, N, R = Function("P", positive=True), Function("N", negative=True), Function("R", real=True)
    true_claim(sqrt(P(x) ** 2 + 2 * P(x) + 1), P(x) + 1)
    true_claim(sqrt(N(x) ** 2 - 2 * N(x) + 1), 1 - N(x))
    true_claim(log(exp(P(x))), P(x))
    false_claim(sqrt(R(x) ** 2 + 2 * R(x) + 1), R(x) + 1)
    false_claim(Abs(R(x)), R(x))


def test_c2_evidence_names_the_families():
    """When the randomized stage decides a claim with an undefined function, the detail names the families."""
    P = Function("P", positive=True)
    lhs, rhs = sqrt(P(x) ** 2 + 2 * P(x) + 1), P(x) + 1
    chk = true_claim(lhs, rhs)
    if chk.outcome != "proved":
        text = chk.detail.lower()
        assert "polynomial" in text and ("exp" in text or "sin" in text), describe(chk, lhs, rhs)
    chk = false_claim(Derivative(f(x), (x, 3)), 0)
    assert chk.outcome == "refuted", describe(chk, Derivative(f(x), (x, 3)), 0)


def test_c2_issue_example():
    chk = false_claim(Derivative(g(x, y), (x, 3)), 0)
    assert chk.error_bound in (None, ""), describe(chk)


# ==================================================================================================
# class 3: values honour every assumption and span scales and denominators
# ==================================================================================================

def _assumption_claims(kind: str, a: sympy.Rational, m: int):
    """``(assumptions, weaker assumptions, claim(symbol) -> (lhs, rhs))``: true under the first, false under the second."""
    a = abs(a)
    table = {
        "negative": ({"negative": True}, {"real": True}, lambda n: (sqrt((n - a) ** 2), a - n)),
        "negative2": ({"negative": True}, {"real": True}, lambda n: (sqrt(n**2 - 2 * n + 1), 1 - n)),
        "nonnegative": ({"nonnegative": True}, {"real": True}, lambda p: (Abs(p + a), p + a)),
        "nonpositive": ({"nonpositive": True}, {"real": True}, lambda n: (Abs(n - a), a - n)),
        "positive": ({"positive": True}, {"real": True}, lambda p: (Max(p, -a), p)),
        "integer_power": ({"integer": True}, {"real": True}, lambda k: ((-1) ** (2 * k), 1)),
        "integer_sin": ({"integer": True}, {"real": True}, lambda k: (sin(m * pi * k), 0)),
        "integer_cos": ({"integer": True}, {"real": True}, lambda k: (cos(2 * m * pi * k), 1)),
        "integer_floor": ({"integer": True}, {"real": True}, lambda k: (floor(k), k)),
        "integer_ceiling": ({"integer": True}, {"real": True}, lambda k: (ceiling(k + a), k + ceiling(a))),
        "even": ({"even": True}, {"integer": True}, lambda k: ((-1) ** k, 1)),
        "even_cos": ({"even": True}, {"integer": True}, lambda k: (cos(pi * k / 2) ** 2, 1)),
        "odd": ({"odd": True}, {"integer": True}, lambda k: ((-1) ** k, -1)),
        "odd_sin": ({"odd": True}, {"integer": True}, lambda k: (sin(pi * k / 2) ** 2, 1)),
        "noninteger": ({"real": True, "integer": False}, {"real": True}, lambda v: (ceiling(v) - floor(v), 1)),
        "irrational": ({"irrational": True}, {"real": True}, lambda v: (ceiling(v) - floor(v), 1)),
        "prime": ({"prime": True}, {"integer": True}, lambda p: (Max(p, 2), p)),
        "prime_abs": ({"prime": True}, {"integer": True}, lambda p: (Abs(p - 1), p - 1)),
    }
    return table[kind]


ASSUMPTION_KINDS = ["negative", "negative2", "nonnegative", "nonpositive", "positive", "integer_power", "integer_sin",
                    "integer_cos", "integer_floor", "integer_ceiling", "even", "even_cos", "odd", "odd_sin",
                    "noninteger", "irrational", "prime", "prime_abs"]


@hsettings(24)
@given(st.sampled_from(ASSUMPTION_KINDS), st.fractions(0, 5, max_denominator=7), st.integers(1, 9),
       st.integers(0, 2**16))
def test_c3_claims_true_exactly_under_their_assumptions(kind, a, m, seed):
    """A claim true under a symbol's assumptions is never refuted; under weaker assumptions it is false."""
    strong, weak, claim = _assumption_claims(kind, Rational(a.numerator, a.denominator), m)
    lhs, rhs = claim(Symbol("n", **strong))
    true_claim(lhs, rhs, seed=seed)
    lhs, rhs = claim(Symbol("n", **weak))
    false_claim(lhs, rhs, seed=seed + 1)


SIGNS = [{}, {"positive": True}, {"negative": True}, {"nonnegative": True}, {"nonpositive": True}, {"nonzero": True}]
KINDS = [{"real": True}, {"integer": True}, {"real": True, "integer": False}, {"even": True}, {"odd": True},
         {"prime": True}, {"rational": True}, {"irrational": True}, {"real": True, "rational": False},
         {"integer": True, "noninteger": False}]


@hsettings(20)
@given(st.sampled_from(SIGNS), st.sampled_from(KINDS), st.fractions(-50, 50, max_denominator=9),
       st.integers(0, 2**16))
def test_c3_witnesses_honour_random_assumption_sets(sign_kw, kind_kw, c, seed):
    """For a symbol with a random assumption set, ``n == c`` is false; a refutation's value satisfies every assumption.

    (The witness re-check verifies each of the symbol's assumptions on the reported value.)
    """
    try:
        n = Symbol("n", **sign_kw, **kind_kw)
    except sympy.core.facts.InconsistentAssumptions:
        assume(False)
    assume(n.is_real is not False)
    c = Rational(c.numerator, c.denominator)
    lhs, rhs = n * (n + 1), c * (c + 1)  # false for all but at most two values of n
    chk = run(lhs, rhs, seed=seed, samples=SAMPLES)
    assert_false_claim_sound(chk, lhs, rhs)
    if chk.outcome == "inconclusive":
        assert chk.detail.strip(), describe(chk, lhs, rhs)


def _small_region_false(template: int, c, N: int):
    p = Symbol("p", positive=True)
    return [
        (Max(p, c), p),                       # false on (0, c)
        (Min(p, c), c),                       # false on (0, c)
        (Max(x - 1 / c, 0), 0),               # false only beyond 1/c (large scale)
        (sin(N * pi * x), 0),                 # zero on the lattice Z/N
        (sin(N * pi * x) ** 2, 0),
        (cos(2 * N * pi * x), 1),             # one on the lattice Z/N
        (floor(N * x), N * x),                # equal on the lattice Z/N
    ][template]


@hsettings(18)
@given(st.integers(0, 6), st.sampled_from([Rational(1, 10**k) for k in range(1, 6)] + [Rational(1, 7), Rational(3, 2)]),
       st.integers(2, 10**4), st.integers(0, 2**16))
def test_c3_claims_false_on_small_regions_or_off_lattices(template, c, N, seed):
    """Claims false only on a small interval (scale 1e-5..1e5) or off a lattice are never established."""
    lhs, rhs = _small_region_false(template, c, N)
    false_claim(lhs, rhs, seed=seed)


@hsettings(6)
@given(st.integers(2, 10**4), st.integers(0, 2**16))
def test_c3_lattice_claims_true_for_integers(N, seed):
    k = Symbol("k", integer=True)
    true_claim(sin(N * pi * k), 0, seed=seed)
    true_claim(cos(2 * N * pi * k), 1, seed=seed + 1)


def test_c3_false_only_at_special_points():
    """False only at 0 or only at the integers: the draws include such points (0, small integers)."""
    false_claim(sign(x) ** 2, 1)
    false_claim(ceiling(x) - floor(x), 1)
    k = Symbol("k", integer=True)
    false_claim(Max(k, 1), k)  # false for every integer below 1
    m = Symbol("m", integer=True)
    false_claim(sign(m) ** 2, 1)  # false at m = 0 only


def test_c3_undrawable_assumptions_are_inconclusive_with_a_reason():
    """A symbol no real value can satisfy gives an honest verdict (inconclusive with the reason), never proof."""
    for kwargs in ({"imaginary": True}, {"real": False}):
        w = Symbol("w", **kwargs)
        for lhs, rhs in ((w**2, Abs(w) ** 2), (w * (w + 1), 2)):
            chk = run(lhs, rhs)
            assert chk.outcome not in ESTABLISHED, describe(chk, lhs, rhs)
            if chk.outcome == "inconclusive":
                assert chk.detail.strip(), describe(chk, lhs, rhs)
            elif chk.outcome == "refuted":
                recheck_witness(chk, lhs, rhs)


def test_c3_issue_examples():
    p, n = Symbol("p", positive=True), Symbol("n", negative=True)
    false_claim(Max(p, 1), p)
    false_claim(sin(60 * pi * x), 0)
    true_claim(sqrt(n**2 - 2 * n + 1), 1 - n)


# ==================================================================================================
# class 4: a zero test relative to the terms, stable as precision grows
# ==================================================================================================

BASES = [sin(x), exp(x) * x, (x + 1) ** 3, f(x) * sin(x), log(1 + y**2), cos(x) * f(y), sqrt(1 + x**2)]
PERTURBATIONS = [cos(x), x, exp(x), sympy.Integer(1), x**2 + 1, f(x), x * y, sin(x + y)]


@hsettings(12)
@given(st.sampled_from(BASES), st.sampled_from(PERTURBATIONS), st.integers(15, 50), st.booleans(), st.booleans(),
       st.integers(0, 2**16))
def test_c4_tiny_perturbations_are_refuted_not_confirmed(base, term, k, as_float, multiplicative, seed):
    """``base == base + eps*term`` (eps = 10**-k, 15 <= k <= 50, exact or Float) is never established."""
    eps = sympy.Float(f"1e-{k}", 60) if as_float else Rational(1, 10**k)
    rhs = base * (1 + eps * term) if multiplicative else base + eps * term
    assume(sympy.expand(rhs - base) != 0)
    false_claim(base, rhs, seed=seed)


@hsettings(6)
@given(st.integers(1, 40), st.integers(0, 3), st.integers(0, 2**16))
def test_c4_true_claims_with_heavy_cancellation_are_not_refuted(a, template, seed):
    """True claims whose terms cancel to many digits (large exponentials) stay unrefuted."""
    lhs, rhs = [
        (sympy.cosh(a * x) ** 2 - sympy.sinh(a * x) ** 2, 1),
        (log(exp(a * x) + exp(-a * x)), a * x + log(1 + exp(-2 * a * x))),
        ((exp(a * x) + 1) ** 2 - exp(2 * a * x) - 2 * exp(a * x), 1),
        (sympy.atan(exp(a * x)) + sympy.atan(exp(-a * x)), pi / 2),
    ][template]
    true_claim(lhs, rhs, seed=seed)


def test_c4_issue_example():
    false_claim(sin(x), sin(x) + sympy.Float("1e-25") * cos(x))
    false_claim(sin(x), sin(x) + Rational(1, 10**25) * cos(x))


# ==================================================================================================
# class 5: the domain convention (real points where both sides are defined), counted
# ==================================================================================================

@hsettings(12)
@given(st.integers(0, 5), st.sampled_from([Rational(1, 1000), Rational(1, 7), sympy.Integer(1), sympy.Integer(40),
                                           sympy.Integer(10**4)]), st.integers(0, 2**16))
def test_c5_claims_mostly_outside_the_real_domain_are_not_confirmed(template, c, seed):
    """Complex on most (or all) of the line, false where real: never established."""
    lhs, rhs = [
        (I * sin(x + c), 0),
        (sqrt(-c - x**2), 0),                 # never real
        (sympy.asin(x / c), 0),               # real on [-c, c] only
        (sqrt(c**2 - x**2), c),               # real on [-c, c], equal only at 0
        (log(x - c), 0),                      # real beyond c only
        (sqrt(x - c) + sqrt(c - x), 1),       # defined at x = c only
    ][template]
    false_claim(lhs, rhs, seed=seed)


def test_c5_detail_states_the_domain_and_counts():
    """The evidence of a randomized verdict states the convention and the counts inside/outside the domain."""
    lhs, rhs = sympy.acos(x / 3) + sympy.asin(x / 3), pi / 2  # true on [-3, 3]; complex elsewhere
    chk = true_claim(lhs, rhs)
    if chk.outcome in ("confirmed", "inconclusive"):
        text = chk.detail.lower()
        assert "inside" in text and "outside" in text and re.search(r"\d", text), describe(chk, lhs, rhs)
    chk = false_claim(I * sin(x), 0)
    assert chk.outcome in ("inconclusive", "refuted", "error"), describe(chk, I * sin(x), 0)


# ==================================================================================================
# class 6: an error bound only where it bounds the claim itself
# ==================================================================================================

@hsettings(3)
@given(st.integers(2, 5), st.integers(0, 3), st.integers(20, 40), st.integers(0, 2**16))
def test_c6_error_bounds_only_for_polynomial_claims(k, j, e, seed):
    """Polynomial claims: a false one (tiny coefficient) is refuted without a bound; a true one may carry one.

    Claims with undefined functions never carry a bound, true or false.
    """
    expanded = sympy.expand((x + y) ** k)
    true_claim((x + y) ** k, expanded, seed=seed)
    false_claim((x + y) ** k, expanded + Rational(1, 10**e) * x**j * y, seed=seed + 1)
    false_claim(Derivative(f(x), (x, k + 1)), 0, seed=seed + 2)
    chk = true_claim(Derivative(f(x) ** 2, x), 2 * f(x) * Derivative(f(x), x), seed=seed + 3)
    assert not chk.error_bound, describe(chk)


# ==================================================================================================
# class 7: relations are named premises, reduced soundly
# ==================================================================================================

def _relation_forms(rel_lhs, rel_rhs):
    """The same relation as a list of Eq, a list of expressions, and a dict with a non-symbol key."""
    return [[Eq(rel_lhs, rel_rhs)], [rel_lhs - rel_rhs], {rel_lhs: rel_rhs}]


@hsettings(10)
@given(st.integers(2, 12), st.integers(0, 2), st.integers(0, 2**16))
def test_c7_powers_modulo_x_squared_is_one(k, form, seed):
    """``x**k == x**(k % 2)`` modulo ``x**2 = 1`` is true (never refuted); ``x**k == x**(k % 2 + 1)`` is false."""
    relations = _relation_forms(x**2, 1)[form]
    true_claim(x**k, x ** (k % 2), seed=seed, relations=relations)
    false_claim(x**k, x ** ((k + 1) % 2), seed=seed + 1, relations=relations)  # x = -1 refutes


@hsettings(8)
@given(st.integers(1, 4), st.integers(0, 2), st.integers(0, 4), st.integers(0, 2**16))
def test_c7_circle_relation(k, form, template, seed):
    """Claims modulo ``x**2 + y**2 = 1``: ideal members are true; others are false, with witnesses on the circle."""
    relations = _relation_forms(x**2 + y**2, 1)[form]
    true_claim((x**2 + y**2) ** k, 1, seed=seed, relations=relations)
    true_claim(x**4 - y**4 + k * x * (x**2 + y**2 - 1), x**2 - y**2, seed=seed + 1, relations=relations)
    lhs, rhs = [(x * y, 0), (x + y, 1), (x**2, k * y**2), (x**3 + y**3, 1), (x**2 - y**2, 1)][template]
    false_claim(lhs, rhs, seed=seed + 2, relations=relations)


INCONSISTENT = [{1: 0}, [sympy.Integer(1)], [x - 1, x - 2], [x * y - 1, x], [Eq(x**2, 1), Eq(x, 0)]]


@pytest.mark.parametrize("relations", INCONSISTENT, ids=[str(r) for r in INCONSISTENT])
@pytest.mark.parametrize("claim", [(x + 1, x), (x, 0), (y, 1)], ids=["x+1==x", "x==0", "y==1"])
def test_c7_inconsistent_relations_are_rejected(relations, claim):
    """Inconsistent relations (Gröbner basis {1}) are rejected: a usage error at the call or outcome error."""
    lhs, rhs = claim
    try:
        chk = run(lhs, rhs, relations=relations)
    except ValueError:
        return
    assert chk.outcome == "error", describe(chk, lhs, rhs, relations)


@pytest.mark.parametrize("premise", [None, ""])
def test_c7_relations_require_a_named_premise(premise):
    with pytest.raises((ValueError, TypeError)):
        Checks(seed=0).identity("claim", x**3, x, relations=[x**2 - 1], premise=premise)
    with pytest.raises((ValueError, TypeError)):
        if premise is None:
            Checks(seed=0).identity("claim", x**3, x, relations={x: 1})
        else:
            Checks(seed=0).identity("claim", x**3, x, relations={x: 1}, premise=premise)


def test_c7_premises_are_shown_in_the_evidence():
    chk = run(x**3, x, relations=[Eq(x**2, 1)], premise="holonomic.unit_constraint")
    assert chk.outcome == "proved", describe(chk, x**3, x)
    assert isinstance(chk.premises, list) and chk.premises, chk.premises
    assert any(p.get("premise") == "holonomic.unit_constraint" and "relations" in p for p in chk.premises), chk.premises
    assert "holonomic.unit_constraint" in chk.detail, chk.detail
    plain = run(x**2 - x**2, 0)
    assert not plain.premises, plain.premises


@hsettings(4)
@given(st.integers(1, 6), st.integers(0, 2**16))
def test_c7_substitution_rules_oscillator(w, seed):
    """With ``q'' = -w**2 q`` the energy is conserved (true); a wrong spring constant is refuted soundly."""
    q = Function("q")
    rules = {Derivative(q(t), (t, 2)): -(w**2) * q(t)}
    energy = Derivative(q(t), t) ** 2 + w**2 * q(t) ** 2
    true_claim(Derivative(energy, t), 0, seed=seed, relations=rules)
    wrong = Derivative(q(t), t) ** 2 + (w**2 + 1) * q(t) ** 2
    false_claim(Derivative(wrong, t), 0, seed=seed + 1, relations=rules)


@hsettings(6)
@given(st.integers(1, 5), st.integers(0, 2**16))
def test_c7_symbol_substitution_rules(k, seed):
    """``{x: y**k}``: ``x == y**k`` holds, ``x == y`` does not (for k > 1), and witnesses respect the rule."""
    rules = {x: y**k}
    true_claim(x, y**k, seed=seed, relations=rules)
    true_claim(x**2 - y ** (2 * k), 0, seed=seed + 1, relations=rules)
    if k > 1:
        false_claim(x, y, seed=seed + 2, relations=rules)


def test_c7_issue_examples():
    lhs, rhs, relations = x + 1, x, {1: 0}
    try:
        chk = run(lhs, rhs, relations=relations)
    except ValueError:
        chk = None
    if chk is not None:
        assert chk.outcome not in ESTABLISHED, describe(chk, lhs, rhs, relations)
    chk = run(x**3, x, relations=[x**2 - 1])
    assert chk.outcome == "proved", describe(chk, x**3, x, [x**2 - 1])


# ==================================================================================================
# class 8: the other claim forms
# ==================================================================================================

NAN_VALUES = [float("nan"), numpy.nan, mpmath.nan, sympy.nan, numpy.float64("nan")]


@hsettings(10)
@given(st.sampled_from(NAN_VALUES), st.integers(0, 3), st.integers(0, 2**16))
def test_c8_property_nan_never_passes(nan, pattern, seed):
    """A property whose residual is NaN (always, or on part of the inputs) is never confirmed/proved."""
    tests = [lambda v: nan,
             lambda v: nan if v > 0.5 else 0.0,
             lambda v: 0.0 if v < 0.25 else nan,
             lambda v: nan if int(v * 1000) % 2 else 0.0]
    chk = detached(Checks(seed=seed).property, "nan residual", st.floats(0, 1), tests[pattern], tolerance=1e-9,
                   samples=30)
    assert chk.outcome not in ESTABLISHED, (chk.outcome, chk.detail)


BAD_TOLERANCES = [float("nan"), float("inf"), -float("inf"), -1.0, -1e-12, 1e9, 1e12, numpy.nan, mpmath.inf]


@pytest.mark.parametrize("tolerance", BAD_TOLERANCES, ids=[repr(v) for v in BAD_TOLERANCES])
def test_c8_bad_tolerances_are_usage_errors(tolerance):
    with pytest.raises(ValueError):
        Checks(seed=0).property("p", st.floats(0, 1), lambda v: 0.0, tolerance=tolerance, samples=5)
    with pytest.raises(ValueError):
        Checks(seed=0).numeric("n", 0.0, tolerance)


@pytest.mark.parametrize("tolerance", [1e-10, 1e-6, 2.5e-3])
def test_c8_tolerance_is_shown(tolerance):
    exponent = int(math.floor(math.log10(tolerance)))
    pattern = re.compile(rf"(e-0*{-exponent}\b|10\^?\*?\*?-{-exponent}|{tolerance!r}|{tolerance:g})")
    chk = Checks(seed=0).numeric("n", tolerance / 10, tolerance)
    assert chk.outcome == "confirmed", (chk.outcome, chk.detail)
    assert pattern.search(chk.scope + " " + chk.detail), (chk.scope, chk.detail)
    chk = Checks(seed=0).property("p", st.floats(0, 1), lambda v: tolerance / 10, tolerance=tolerance, samples=5)
    assert chk.outcome == "confirmed", (chk.outcome, chk.detail)
    assert pattern.search(chk.scope + " " + chk.detail), (chk.scope, chk.detail)
    chk = Checks(seed=0).numeric("n", tolerance * 10, tolerance)
    assert chk.outcome == "refuted", (chk.outcome, chk.detail)


NOT_FACTS = [[Decision(False), Decision(False)], [], [True], x > 0, sympy.Integer(1), x, "yes", {"holds": True},
             (True,)]


@pytest.mark.parametrize("value", NOT_FACTS, ids=[repr(v) for v in NOT_FACTS])
def test_c8_fact_accepts_only_booleans_and_decisions(value):
    with pytest.raises(TypeError):
        Checks(seed=0).fact("fact", value)


def test_c8_fact_none_is_never_a_verdict():
    """``None`` (sympy's fuzzy "undecided") is a usage error or ``inconclusive``, never proved or refuted."""
    try:
        chk = Checks(seed=0).fact("fact", computed(None))
    except TypeError:
        return
    assert chk.outcome == "inconclusive", (chk.outcome, chk.detail)


@pytest.mark.parametrize("value, holds", [(True, True), (False, False), (numpy.bool_(True), True),
                                          (numpy.bool_(False), False), (sympy.true, True), (sympy.false, False),
                                          (Decision(True), True), (Decision(False), False),
                                          (sympy.Integer(2) > 1, True), (Eq(sympy.Integer(1), 2), False)])
def test_c8_fact_booleans(value, holds):
    chk = Checks(seed=0).fact("fact", value)
    assert chk.outcome == ("proved" if holds else "refuted"), (value, chk.outcome, chk.detail)


@hsettings(6)
@given(st.sampled_from([(sympy.true, True), (sympy.false, False), (sympy.Integer(1) < 2, True),
                        (sympy.Integer(3) < 2, False), (Eq(sympy.Integer(2), 2), True)]),
       st.integers(0, 2**16))
def test_c8_property_accepts_sympy_booleans(result, seed):
    value, holds = result
    chk = detached(Checks(seed=seed).property, "sympy boolean", st.integers(0, 9), lambda v: value, samples=10)
    assert chk.outcome == ("confirmed" if holds else "refuted"), (value, chk.outcome, chk.detail)


@pytest.mark.parametrize("undecided", [x > 0, Eq(x, 1), sympy.And(x > 0, y < 1)], ids=["x>0", "x==1", "and"])
def test_c8_property_undecided_relational_never_passes(undecided):
    try:
        chk = Checks(seed=0).property("undecided", st.integers(0, 9), lambda v: undecided, samples=10)
    except (ValueError, TypeError):
        return
    assert chk.outcome in ("error", "inconclusive"), (chk.outcome, chk.detail)


def test_c8_noncommutative_symbols_get_an_honest_verdict():
    A, B, C = sympy.symbols("A B C", commutative=False)
    for lhs, rhs in ((A * B, B * A), ((A + B) ** 2, A**2 + 2 * A * B + B**2), (A * B * C, C * B * A),
                     (A * B - B * A, 0)):
        chk = run(lhs, rhs)
        assert chk.outcome not in ESTABLISHED, describe(chk, lhs, rhs)
    for lhs, rhs in ((A * (B + C), A * B + A * C), ((A + B) ** 2, A**2 + A * B + B * A + B**2), (A * B, A * B)):
        chk = run(lhs, rhs)
        assert chk.outcome not in ("refuted", "error"), describe(chk, lhs, rhs)


# --- relations are not applied under a binder of what they do not hold identically in ----------------

_t = sympy.Symbol("t")
_x = sympy.Function("x")(_t)


@hsettings(15)
@given(st.sampled_from(["G", "H"]), st.integers(1, 2), st.sampled_from([0, 1, _t]))
def test_a_relation_along_a_curve_is_not_differentiated_in_the_curve(name, order, value):
    """G(t, x(t)) = c along a curve says nothing about ∂^m G/∂x^m: applying the rule inside that derivative
    'proved' ∂G/∂x = 0 (false for G = x, x ≡ 0)."""
    G = sympy.Function(name)(_t, _x)
    check = Checks().identity("partial in x along the curve", sympy.Derivative(G, (_x, order)), 0,
                              relations={G: value}, premise="along")
    assert check.outcome != "proved"


def test_a_curve_rule_still_holds_identically_in_its_argument():
    check = Checks().identity("x' along x = sin t", sympy.Derivative(_x, _t), sympy.cos(_t),
                              relations={_x: sympy.sin(_t)}, premise="curve")
    assert check.outcome == "proved"
