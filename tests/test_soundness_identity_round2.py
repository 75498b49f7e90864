"""Soundness of the identity engine, round 2: property-based variants of five defect classes.

1. sampled values reach compiled residuals as mpmath numbers at the working precision (never Python ints: 1/x in
   float64 once refuted true claims and confirmed false ones);
2. distinct objects with equal names are never identified (jets, draws, compiled argument names);
3. a refutation is re-checked at growing precision from the point's scale, and sympy's evalf must agree with it;
4. a function with value assumptions applied at a non-real argument gives no witness (its families honour the
   assumptions at real arguments only);
5. a residual that rewrites to a certified non-zero number is refuted, never confirmed;
6. ``residual_size``/``format_number`` evaluate and print numbers faithfully.
"""
from __future__ import annotations

import decimal
import fractions

import mpmath
import pytest
import sympy
from hypothesis import given, settings, strategies as st, HealthCheck

from checker.kernel.engine.pointwise import to_mpmath
from checker.kernel.engine.randomized import format_number, residual_size

ESTABLISHED = ("proved", "confirmed")
try:
    from identity_truth import FIXED_EXAMPLES, identity_verdict as verdict
except ImportError:  # pragma: no cover
    from tests.identity_truth import FIXED_EXAMPLES, identity_verdict as verdict
SETTINGS = FIXED_EXAMPLES



# -- 1. values as mpmath numbers ----------------------------------------------------------------

@given(st.sampled_from([sympy.Integer(3), sympy.Integer(-7), sympy.Integer(0), sympy.Rational(1, 3), sympy.I,
                        sympy.sqrt(2), 1 + 2 * sympy.I, sympy.Integer(10) ** 30]),
       st.sampled_from([15, 40, 120]))
@settings(max_examples=20, deadline=None, derandomize=True, database=None)
def test_values_enter_compiled_code_as_mpmath_numbers(value, dps):
    out = to_mpmath(value, dps)
    assert isinstance(out, (mpmath.mpf, mpmath.mpc))
    with mpmath.workdps(dps):
        if value != 0 and value.is_real:
            assert abs(1 / out - mpmath.mpf(1) / mpmath.mpmathify(sympy.N(value, dps + 10))) \
                <= mpmath.mpf(10) ** (-dps + 5) * abs(1 / out)


@SETTINGS
@given(st.integers(0, 3), st.sampled_from(["atan", "log", "power"]))
def test_true_identities_at_integer_points_not_refuted(c, kind):
    n = sympy.Symbol("n", integer=True, positive=True)
    x = sympy.Symbol("x", positive=True)
    if kind == "atan":
        lhs, rhs = sympy.atan(1 / (n + c)), sympy.pi / 2 - sympy.atan(n + c)
    elif kind == "log":
        lhs, rhs = sympy.log(n + c + 1) - sympy.log(n + c), 2 * sympy.atanh(1 / (2 * (n + c) + 1))
    else:
        lhs, rhs = sympy.atan(1 / x**(c + 1)), sympy.pi / 2 - sympy.atan(x**(c + 1))
    chk = verdict(lhs, rhs)
    assert chk.outcome != "refuted", chk.detail


@SETTINGS
@given(st.integers(2, 4), st.integers(0, 30))
def test_false_identities_differing_by_tiny_terms_not_established(c, extra):
    m = sympy.Symbol("m", integer=True, nonnegative=True)
    lhs = sympy.atan(1 / (m + c) + 2 ** (-m - 100 - extra))
    rhs = sympy.atan(1 / (m + c))
    chk = verdict(lhs, rhs)
    assert chk.outcome not in ESTABLISHED, chk.detail


# -- 2. names never identify objects ------------------------------------------------------------

def _same_name_pairs(name):
    t = sympy.Symbol("t")
    return [
        (sympy.sin(sympy.Symbol(name)), sympy.sin(sympy.Symbol(name, positive=True))),
        (sympy.sin(sympy.Symbol(name)), sympy.sin(sympy.Dummy(name))),
        (sympy.Function(name)(t), sympy.Function(name, real=True)(t)),
        (sympy.Function(name)(t), sympy.Function(name, complex=True)(t)),
        (sympy.Function("x")(sympy.Symbol(f"{name}_s")), sympy.Function(f"x_{name}")(sympy.Symbol("s"))),
        (sympy.Function("x")(sympy.Symbol(name)), sympy.Function("x")(sympy.Symbol(name, positive=True))),
        (sympy.cos(sympy.MatrixSymbol(name.upper(), 2, 2)[0, 1]), sympy.cos(sympy.Symbol(f"{name.upper()}[0,1]"))),
        (sympy.Symbol(name) + sympy.Dummy(name) ** 2, sympy.Symbol(name, real=True) + sympy.Symbol(name) ** 2),
    ]


@settings(max_examples=16, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["t", "a", "q1", "w"]), st.integers(0, 7))
def test_distinct_objects_with_equal_names_are_distinct(name, which):
    lhs, rhs = _same_name_pairs(name)[which]
    assert lhs != rhs
    chk = verdict(lhs, rhs)
    assert chk.outcome not in ESTABLISHED, chk.detail
    assert "duplicate argument" not in chk.detail


# -- 3. refutations are robust --------------------------------------------------------------------

@SETTINGS
@given(st.integers(1, 3), st.sampled_from(["log1p", "expm1"]))
def test_cancellations_at_large_arguments_are_never_refuted(a, kind):
    x = sympy.Symbol("x", real=True)
    u = sympy.exp(-a * x)
    if kind == "log1p":
        lhs, rhs = sympy.exp(a * x) * sympy.log(1 + u), 2 * sympy.exp(a * x) * sympy.atanh(u / (2 + u))
    else:
        lhs, rhs = sympy.exp(a * x) * (sympy.exp(u) - 1), sympy.exp(a * x) * 2 * sympy.exp(u / 2) * sympy.sinh(u / 2)
    chk = verdict(lhs, rhs)
    assert chk.outcome != "refuted", (chk.detail, chk.witness)


# -- 4. value assumptions of functions at non-real arguments --------------------------------------

@settings(max_examples=5, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["real", "positive", "negative", "nonnegative"]), st.sampled_from([sympy.I, 1 + sympy.I, -2 * sympy.I]))
def test_assumption_functions_at_complex_arguments_give_no_witness(fact, factor):
    x = sympy.Symbol("x", real=True)
    g = sympy.Function("g", **{fact: True})
    chk = verdict(sympy.im(g(factor * x)), 0)
    assert chk.outcome != "refuted", (chk.detail, chk.witness)
    chk = verdict(sympy.sin(sympy.arg(g(factor * x))) ** 2, 0)
    assert chk.outcome != "refuted", (chk.detail, chk.witness)


# -- 5. certified non-zero constants are counterexamples ------------------------------------------

def _disguised_zeros(x):
    return [sympy.sin(x) ** 2 + sympy.cos(x) ** 2 - 1, sympy.cosh(x) ** 2 - sympy.sinh(x) ** 2 - 1,
            sympy.sin(2 * x) - 2 * sympy.sin(x) * sympy.cos(x), sympy.tan(x) * sympy.cos(x) - sympy.sin(x)]


@settings(max_examples=8, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 3), st.integers(61, 150), st.sampled_from(["power", "exp"]))
def test_disguised_zero_plus_tiny_constant_is_never_established(which, k, tiny_kind):
    x = sympy.Symbol("x", real=True)
    tiny = sympy.Rational(1, 10**k) if tiny_kind == "power" else sympy.exp(-k)
    chk = verdict(_disguised_zeros(x)[which] + tiny, 0)
    assert chk.outcome not in ESTABLISHED, chk.detail


@settings(max_examples=4, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 3))
def test_disguised_zero_alone_is_not_refuted(which):
    x = sympy.Symbol("x", real=True)
    chk = verdict(_disguised_zeros(x)[which], 0)
    assert chk.outcome in ESTABLISHED, chk.detail


# -- differential: truth known by construction ----------------------------------------------------

@settings(max_examples=8, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 3), st.integers(1, 5), st.booleans(), st.integers(40, 120))
def test_differential_truth_by_construction(which, scale, false, k):
    n = sympy.Symbol("n", integer=True, positive=True)
    x = sympy.Symbol("x", real=True)
    pairs = [(sympy.atan(1 / (scale * n)), sympy.pi / 2 - sympy.atan(scale * n)),
             (sympy.log(n + scale) - sympy.log(n), sympy.log(1 + sympy.Rational(scale) / n)),
             (sympy.sin(x) ** 2 * scale, scale - scale * sympy.cos(x) ** 2),
             (sympy.exp(scale * x) * sympy.exp(-x), sympy.exp((scale - 1) * x))]
    lhs, rhs = pairs[which]
    if false:
        rhs = rhs + sympy.Rational(1, 2**k)
    chk = verdict(lhs, rhs)
    if false:
        assert chk.outcome not in ESTABLISHED, chk.detail
    else:
        assert chk.outcome != "refuted", (chk.detail, chk.witness)


# -- 6. numbers sized and printed faithfully ------------------------------------------------------

def test_residual_size_is_reliable_for_cancelling_sympy_numbers():
    res = sympy.exp(1000) * sympy.log(1 + sympy.exp(-1000)) - 1
    assert residual_size(res) < sympy.Rational(1, 10**400)
    assert residual_size(sympy.sqrt(2) - 1) > 0.4
    assert residual_size(decimal.Decimal("-0.001")) == mpmath.mpf("0.001")
    assert residual_size(fractions.Fraction(-1, 3)) == fractions.Fraction(1, 3)


def test_format_number_is_faithful_for_tiny_values():
    assert format_number(mpmath.mpf("1e-400")) != "0.000e+00"
    assert "e-400" in format_number(mpmath.mpf("1e-400"))
    assert format_number(0.5) == "5.000e-01"
