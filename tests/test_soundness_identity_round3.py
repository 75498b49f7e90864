"""Soundness of the identity engine, round 3 (issue 35): classes 1, 3, 5 and 13, driven through the public API.

1. a closed form sympy's ``doit`` gives (integrals, sums, limits, derivatives) is cross-checked against the object
   itself computed numerically; a disagreement is ``inconclusive``, never a verdict (a fake ``doit`` is injected);
3. claims whose conditions (Piecewise, Heaviside, sign, floor/frac, relations) fail only at breakpoints are sampled
   there exactly; true ones stay established;
5. a property's sympy residual that is an exact zero in disguise has size 0 (decided by the kernel's zero test);
13. a residual far below the working precision is not declared zero where the point's scale explains it
   (precision raised by the scale's digits), and true identities with cancellation still pass.
"""
from __future__ import annotations

import sympy
from hypothesis import HealthCheck, given, settings, strategies as st

from checker import Proof
from checker.interfaces.api import run_verifier
from checker.kernel.proof import check_proof

try:
    from identity_truth import identity_verdict as verdict
except ImportError:  # pragma: no cover
    from tests.identity_truth import identity_verdict as verdict

ESTABLISHED = ("proved", "confirmed")
SETTINGS = settings(max_examples=5, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))
x, y = sympy.symbols("x y")
p = sympy.Symbol("p", positive=True)


def property_verdict(strategy, test):
    out = {}

    def ver(check):
        out["c"] = check.property("claim", strategy, test, samples=5)
    run_verifier(ver, seed=0)
    return out["c"]


# -- 1. sympy's closed forms are checked against the unevaluated object ---------------------------------------

def fake_integral(wrong):
    """An Integral whose ``doit`` returns ``wrong`` (a closed form sympy might get wrong)."""
    class FakeIntegral(sympy.Integral):
        def doit(self, **hints):
            return wrong
    return FakeIntegral


INTEGRANDS = [  # (integrand in x with parameter p > 0, lower, upper, true value)
    (sympy.exp(-p * x), 0, sympy.oo, 1 / p),
    (1 / (x**2 + p**2), -sympy.oo, sympy.oo, sympy.pi / p),
    (x * sympy.exp(-p * x), 0, sympy.oo, 1 / p**2),
    (x**2, 0, p, p**3 / 3),
    (sympy.cos(p * x), 0, sympy.pi / 2, sympy.sin(p * sympy.pi / 2) / p),
]


@SETTINGS
@given(st.sampled_from(INTEGRANDS), st.sampled_from([0, 1, 2, -1]), st.sampled_from([sympy.Integer(1), p, 1 / p**3]))
def test_a_wrong_closed_form_proves_nothing_and_refutes_nothing(case, shift, scale):
    """Differential: the true value is known by construction; sympy's ``doit`` is replaced by a wrong one."""
    f, low, high, true = case
    wrong = true + shift * scale if shift else 2 * true
    Fake = fake_integral(wrong)
    false_claim = verdict(Fake(f, (x, low, high)), wrong)
    assert false_claim.outcome not in ESTABLISHED, false_claim.detail
    true_claim = verdict(Fake(f, (x, low, high)), true)
    assert true_claim.outcome != "refuted", true_claim.detail
    assert "disagrees" in true_claim.detail or "could not be cross-checked" in true_claim.detail


@SETTINGS
@given(st.sampled_from(INTEGRANDS))
def test_true_closed_forms_are_still_established(case):
    f, low, high, true = case
    chk = verdict(sympy.Integral(f, (x, low, high)), true)
    assert chk.outcome in ESTABLISHED, chk.detail


def test_sums_and_limits_are_cross_checked():
    k = sympy.Symbol("k", integer=True, positive=True)

    class FakeSum(sympy.Sum):
        def doit(self, **hints):
            return sympy.pi**2 / 5
    assert verdict(FakeSum(1 / k**2, (k, 1, sympy.oo)), sympy.pi**2 / 5).outcome not in ESTABLISHED
    assert verdict(sympy.Sum(1 / k**2, (k, 1, sympy.oo)), sympy.pi**2 / 6).outcome in ESTABLISHED

    class FakeLimit(sympy.Limit):
        def doit(self, **hints):
            return 2 * p
    assert verdict(FakeLimit(sympy.sin(p * x) / x, x, 0), 2 * p).outcome not in ESTABLISHED
    assert verdict(sympy.Limit(sympy.sin(p * x) / x, x, 0), p).outcome in ESTABLISHED


def test_a_wrong_closed_form_does_not_pass_a_proofs_algebra_step():
    Fake = fake_integral(sympy.Integer(0))
    z = sympy.Symbol("z")
    proof = Proof()
    proof.hypothesis("h", (z, Fake(sympy.exp(-p * x), (x, 0, sympy.oo))))
    proof.algebra("bogus", ["h"], (z, 0))
    proof.conclude("bogus")
    assert not all(r.status == "checked" for r in check_proof(proof))


# -- 3. breakpoints ----------------------------------------------------------------------------------------------

BREAKPOINTS = [sympy.sqrt(2) + 1, sympy.cbrt(3), sympy.pi, sympy.E / 3, -sympy.sqrt(5), sympy.Integer(10)**12,
               sympy.Rational(7, 3)]


@SETTINGS
@given(st.sampled_from(BREAKPOINTS), st.sampled_from(["piecewise", "heaviside", "floor", "sign", "eq"]))
def test_claims_failing_only_at_a_breakpoint_are_not_established(c, kind):
    """Differential: each claim differs from a true one exactly at x = c (or on a sliver beside it)."""
    if kind == "piecewise":
        lhs, rhs = sympy.Piecewise((x, x < c), (x + 1, True)), sympy.Piecewise((x, x <= c), (x + 1, True))
    elif kind == "heaviside":
        lhs, rhs = sympy.Heaviside(x - c) * x, sympy.Heaviside(x - c, 1) * x
    elif kind == "floor":
        lhs, rhs = sympy.floor(x / c), sympy.floor(x / c + sympy.Rational(1, 10**15))
    elif kind == "sign":
        lhs, rhs = sympy.sign(x**2 - c**2)**2, sympy.Integer(1)
    else:
        lhs, rhs = sympy.Piecewise((0, sympy.Eq(x, c)), (x, True)), x
    chk = verdict(lhs, rhs)
    assert chk.outcome not in ESTABLISHED, chk.detail


@SETTINGS
@given(st.sampled_from(BREAKPOINTS), st.sampled_from(["min", "heaviside", "frac", "sign", "eq"]))
def test_true_claims_with_breakpoints_stay_established(c, kind):
    if kind == "min":
        lhs, rhs = sympy.Piecewise((x, x < c), (c, True)), sympy.Min(x, c)
    elif kind == "heaviside":
        lhs, rhs = sympy.Heaviside(x - c, 1), sympy.Piecewise((0, x < c), (1, True))
    elif kind == "frac":
        lhs, rhs = sympy.floor(x / c) + sympy.frac(x / c), x / c
    elif kind == "sign":
        lhs, rhs = sympy.sign(x - c) * sympy.Abs(x - c), x - c
    else:
        lhs, rhs = sympy.Piecewise((c, sympy.Eq(x, c)), (x, True)), x
    chk = verdict(lhs, rhs)
    assert chk.outcome in ESTABLISHED, chk.detail
    if chk.outcome == "confirmed":
        assert "breakpoints" in chk.detail and "breakpoints" in chk.scope


def test_unsolvable_boundaries_make_the_claim_inconclusive():
    lhs = sympy.Piecewise((x, x + sympy.exp(x) * sympy.sin(x) < sympy.Rational(1, 3)), (x, True))
    chk = verdict(lhs * (1 + sympy.gamma(x**2 + 1) - sympy.gamma(x**2 + 1)), x)
    assert chk.outcome != "refuted"


# -- 5. a property's sympy residual ------------------------------------------------------------------------------

DISGUISED_ZEROS = [
    (sympy.sqrt(2) + sympy.sqrt(3))**2 - 5 - 2 * sympy.sqrt(6),
    sympy.sin(1)**2 + sympy.cos(1)**2 - 1,
    sympy.sqrt(3 + 2 * sympy.sqrt(2)) - 1 - sympy.sqrt(2),
    sympy.log(6) - sympy.log(2) - sympy.log(3),
    sympy.cbrt(2) ** 3 - 2 + sympy.exp(sympy.log(5)) - 5,
]


@SETTINGS
@given(st.sampled_from(DISGUISED_ZEROS), st.integers(1, 5))
def test_disguised_zero_property_residuals_are_not_refuted(zero, k):
    chk = property_verdict(st.integers(1, 9), lambda n: k * zero * n)
    assert chk.outcome == "confirmed", chk.detail


@SETTINGS
@given(st.sampled_from(DISGUISED_ZEROS), st.integers(1, 5))
def test_tiny_non_zero_property_residuals_are_refuted(zero, k):
    chk = property_verdict(st.integers(1, 9), lambda n: zero + sympy.Integer(10)**(-70 - k))
    assert chk.outcome == "refuted", chk.detail


# -- 13. precision doubling, not a fixed threshold -----------------------------------------------------------------

@SETTINGS
@given(st.integers(30, 120), st.sampled_from(["sqrt", "log", "exp"]))
def test_residuals_below_the_old_threshold_are_not_confirmed(e, kind):
    big = sympy.Integer(10) ** e
    if kind == "sqrt":
        lhs, rhs = sympy.sqrt(big**2 + x**2), big
    elif kind == "log":
        lhs, rhs = sympy.log(big**2 + x**2), 2 * sympy.log(big)
    else:
        lhs, rhs = sympy.sqrt(sympy.exp(2 * e) + x**2), sympy.exp(e)
    chk = verdict(lhs, rhs)
    assert chk.outcome not in ESTABLISHED, chk.detail


@SETTINGS
@given(st.integers(30, 120), st.sampled_from(["sqrt", "log", "cancel"]))
def test_true_identities_with_cancellation_still_established(e, kind):
    big = sympy.Integer(10) ** e
    if kind == "sqrt":
        lhs, rhs = sympy.sqrt(big**2 + x**2) - big, x**2 / (sympy.sqrt(big**2 + x**2) + big)
    elif kind == "log":
        lhs, rhs = sympy.log(big**2 + x**2) - 2 * sympy.log(big), sympy.log(1 + x**2 / big**2)
    else:
        lhs, rhs = sympy.sin(x + big)**2 + sympy.cos(x + big)**2, 1
    chk = verdict(lhs, rhs)
    assert chk.outcome in ESTABLISHED, chk.detail
