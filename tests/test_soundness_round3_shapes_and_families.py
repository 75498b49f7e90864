"""Soundness, third round (issue 35), classes 2, 4, 12 and 15: property-based variants, differential checks.

2. a matrix letter is its name *and* its shape: one name with two shapes in one claim is a ``ValueError``, and the
   noncommutative normal form never identifies same-named symbols of different shapes;
4. a function or symbol sympy does not know to be real is complex-valued: conjugate/Abs/re/im claims that hold only
   for real values are never established for it (and still hold for declared-real ones);
12. a disguised zero (or constant) exponent is decided by the zero test, whatever its dimension;
15. the Legendre decisions see through disguised-zero coefficients of the velocities (right answer or undecided).
"""
from __future__ import annotations

import mpmath
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings, strategies as st

from checker.kernel.engine.matrix_shapes import noncommutative_zero

ESTABLISHED = ("proved", "confirmed")
try:
    from identity_truth import FIXED_EXAMPLES, identity_verdict as verdict
except ImportError:  # pragma: no cover
    from tests.identity_truth import FIXED_EXAMPLES, identity_verdict as verdict
FAST = FIXED_EXAMPLES


def identity_error(lhs, rhs) -> str:
    """The error text when ``check.identity`` refuses the claim, else ''."""
    try:
        verdict(lhs, rhs)
    except ValueError as exc:
        return str(exc)
    return ""


# -- 2. matrix letters: name and shape -------------------------------------------------------------------------

n, k, m = sp.symbols("n k m", integer=True, positive=True)
SHAPES = [(n, k), (n, m), (k, n), (m, n), (n, n), (k, k)]


@FAST
@given(st.sampled_from(["A", "B", "W"]), st.sampled_from([((n, k), (n, m)), ((k, n), (m, n)), ((n, n), (k, k)),
                                                         ((n, k), (k, n))]),
       st.integers(0, 3))
def test_one_name_with_two_shapes_is_an_error(name, shapes, form):
    """Random claims in which one name carries two shapes: a one-line ValueError naming the symbol and both shapes."""
    first, second = sp.MatrixSymbol(name, *shapes[0]), sp.MatrixSymbol(name, *shapes[1])
    partner_first, partner_second = sp.MatrixSymbol("P", shapes[0][1], shapes[0][0]), \
        sp.MatrixSymbol("Q", shapes[1][1], shapes[1][0])
    lhs, rhs = [(first * partner_first, second * partner_second), (first.T * first, second.T * second),
                (partner_first * first, partner_second * second),
                (first * partner_first + first * partner_first, 2 * second * partner_second)][form]
    text = identity_error(lhs, rhs)
    assert text and name in text and "two shapes" in text and "\n" not in text
    for shape in shapes:
        assert sp.sstr(shape) in text


@FAST
@given(st.lists(st.integers(0, 2), min_size=1, max_size=4), st.booleans())
def test_same_named_same_shaped_products_keep_their_verdict(word, false):
    """The same name with one shape in a claim is one letter: ``W + W = 2W`` proved for every size, and a false
    rearrangement (a product reversed) is not established."""
    letters = [sp.MatrixSymbol(c, n, n) for c in "ABC"]
    product = sp.MatMul(*[letters[i] for i in word]).doit() if len(word) > 1 else letters[word[0]]
    if not false:
        chk = verdict(product + product, 2 * product)
        assert chk.outcome == "proved", chk.detail
    else:
        swapped = sp.MatMul(*[letters[i] for i in reversed(word)]).doit() if len(word) > 1 else letters[word[0]]
        assume_distinct = len(set(word)) > 1 and list(word) != list(reversed(word))
        if assume_distinct:
            chk = verdict(product, swapped)
            assert chk.outcome not in ESTABLISHED, chk.detail


@FAST
@given(st.sampled_from([((n, k), (n, m)), ((k, n), (m, n)), ((n, n), (k, k))]), st.integers(1, 3))
def test_normal_form_distinguishes_letters_by_shape(shapes, power):
    """The noncommutative normal form alone (the mechanism, below the one-shape rule): two same-named symbols of
    different shapes are different letters, so their difference is not zero."""
    first, second = sp.MatrixSymbol("A", *shapes[0]), sp.MatrixSymbol("A", *shapes[1])
    assert not noncommutative_zero(power * first.T * first - power * second.T * second)
    assert noncommutative_zero(power * first.T * first - power * first.T * first)


def test_differential_concrete_shapes_agree_with_entries():
    """At concrete sizes (no symbolic shape) the claim ``A(2×3)·B = A(2×2)·C`` is false entry by entry; the engine must
    not prove it (here: the one-shape rule refuses it)."""
    a23, a22 = sp.MatrixSymbol("A", 2, 3), sp.MatrixSymbol("A", 2, 2)
    b, c = sp.MatrixSymbol("B", 3, 2), sp.MatrixSymbol("C", 2, 2)
    assert "two shapes" in identity_error(a23 * b, a22 * c)
    entrywise = (a23 * b).as_explicit() - (a22 * c).as_explicit()
    assert any(sp.expand(e) != 0 for e in entrywise)


# -- 4. complex-valued functions and symbols --------------------------------------------------------------------

x_real = sp.Symbol("x", real=True)
z_plain = sp.Symbol("z")
f_plain, f_zero_free = sp.Function("f"), sp.Function("h", zero=False)
g_real, g_positive = sp.Function("g", real=True), sp.Function("u", positive=True)

#: claims that hold for every real value but fail for some complex one: (lhs, rhs) as functions of a value w
REAL_ONLY = [
    lambda w: (sp.conjugate(w), w),
    lambda w: (sp.Abs(w) ** 2, w ** 2),
    lambda w: (sp.re(w), w),
    lambda w: (sp.im(w), 0),
    lambda w: (sp.Abs(w), sp.sqrt(w ** 2)),
    lambda w: (sp.conjugate(w) * w, w ** 2),
    lambda w: (sp.re(w) ** 2, w ** 2),
]
#: claims that hold for every complex value
EVERY_COMPLEX = [
    lambda w: (sp.Abs(w) ** 2, w * sp.conjugate(w)),
    lambda w: (sp.re(w), (w + sp.conjugate(w)) / 2),
    lambda w: (sp.im(w), (w - sp.conjugate(w)) / (2 * sp.I)),
    lambda w: (sp.conjugate(sp.conjugate(w)), w),
    lambda w: (sp.Abs(sp.conjugate(w)), sp.Abs(w)),
]


def _plain_value(kind, scale):
    return {"function": f_plain(x_real) * scale, "nonzero function": f_zero_free(x_real) * scale,
            "symbol": z_plain * scale, "function of symbol": f_plain(z_plain) + scale}[kind]


def _real_value(kind, scale):
    return {"function": g_real(x_real) * scale, "positive function": g_positive(x_real) + scale,
            "symbol": x_real * scale}[kind]


@settings(max_examples=10, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, len(REAL_ONLY) - 1), st.sampled_from(["function", "nonzero function", "symbol",
                                                             "function of symbol"]), st.integers(1, 3))
def test_real_only_claims_about_values_not_known_real_are_not_established(which, kind, scale):
    lhs, rhs = REAL_ONLY[which](_plain_value(kind, scale))
    chk = verdict(lhs, rhs)
    assert chk.outcome not in ESTABLISHED, (lhs, rhs, chk.detail)


@settings(max_examples=8, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, len(REAL_ONLY) - 1), st.sampled_from(["function", "positive function", "symbol"]),
       st.integers(1, 3))
def test_real_only_claims_about_declared_real_values_are_not_refuted(which, kind, scale):
    lhs, rhs = REAL_ONLY[which](_real_value(kind, scale))
    chk = verdict(lhs, rhs)
    assert chk.outcome in ESTABLISHED, (lhs, rhs, chk.detail)


@settings(max_examples=8, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, len(EVERY_COMPLEX) - 1), st.sampled_from(["function", "nonzero function", "symbol",
                                                                 "function of symbol"]), st.integers(1, 3))
def test_complex_identities_about_plain_values_are_not_refuted(which, kind, scale):
    lhs, rhs = EVERY_COMPLEX[which](_plain_value(kind, scale))
    chk = verdict(lhs, rhs)
    assert chk.outcome in ESTABLISHED, (lhs, rhs, chk.detail)


@FAST
@given(st.integers(1, 4), st.integers(0, 2))
def test_analytic_identities_of_plain_functions_hold_at_complex_points(power, shift):
    """Formal identities (chain and product rules) of plain functions at plain symbols stay established."""
    f = f_plain
    lhs = sp.diff(f(z_plain + shift) ** power, z_plain)
    rhs = power * f(z_plain + shift) ** (power - 1) * sp.Subs(sp.Derivative(f(z_plain), z_plain), z_plain,
                                                                z_plain + shift).doit()
    chk = verdict(lhs, rhs)
    assert chk.outcome in ESTABLISHED, chk.detail


@FAST
@given(st.integers(-5, 5), st.integers(1, 5), st.integers(0, 3))
def test_differential_a_refutation_is_a_genuine_complex_point(re_part, im_part, which):
    """Truth by construction, checked independently with mpmath: at the refuting point the two sides differ."""
    lhs, rhs = REAL_ONLY[which](z_plain)
    chk = verdict(lhs, rhs)
    assert chk.outcome == "refuted", chk.detail
    point = sp.sympify(chk.witness["instance"][str(z_plain)])
    left = complex(sp.N(lhs.subs(z_plain, point), 30))
    right = complex(sp.N(rhs.subs(z_plain, point), 30))
    assert abs(left - right) > 1e-20
    # and the identity is really true at every real point (mpmath, independently of sympy's engine)
    value = mpmath.mpf(re_part) / im_part
    real_left = complex(sp.N(lhs.subs(z_plain, sp.Rational(re_part, im_part)), 30))
    real_right = complex(sp.N(rhs.subs(z_plain, sp.Rational(re_part, im_part)), 30))
    assert abs(real_left - real_right) <= 1e-25 * max(1, abs(value) ** 2)


# -- 12. exponents decided by the zero test ---------------------------------------------------------------------

from theorems.toolkit.dimensions import DIMENSIONLESS, LENGTH, TIME, is_dimensionally_homogeneous  # noqa: E402

a_, b_, s_ = sp.symbols("a b s", real=True)
q_, x_, y_ = sp.symbols("q x y", positive=True)


def disguised_zero(which, arg):
    return [sp.cosh(arg) ** 2 - sp.sinh(arg) ** 2 - 1, sp.sin(arg) ** 2 + sp.cos(arg) ** 2 - 1,
            (arg + 2) ** 2 - arg ** 2 - 4 * arg - 4, sp.exp(2 * arg) - sp.exp(arg) ** 2][which]


DIMS = {x_: LENGTH, y_: TIME, q_: DIMENSIONLESS}


@settings(max_examples=10, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 3), st.sampled_from([q_, sp.Integer(1), sp.Rational(1, 3), y_ / y_]), st.integers(0, 3),
       st.booleans())
def test_zero_and_constant_exponents_are_decided(which, arg, power, dimensional_factor):
    """``x**(Z)`` with Z a disguised zero is dimensionless; ``x**(power + Z)`` has [x]^power; ``x**(q + Z)`` (q a
    variable) is no dimension at all.  Z may carry a dimension (``y·Z``): it is still 0."""
    zero = disguised_zero(which, arg) * (y_ if dimensional_factor else 1)
    assert is_dimensionally_homogeneous(x_ ** zero + 1, DIMS)
    assert is_dimensionally_homogeneous((x_ ** (power + zero), x_ ** power), DIMS)
    if power:
        assert not is_dimensionally_homogeneous(x_ ** (power + zero) + 1, DIMS)
    assert not is_dimensionally_homogeneous(x_ ** (q_ + zero) + 1, DIMS)


@FAST
@given(st.integers(0, 3), st.integers(1, 3))
def test_differential_exponent_value_matches_numerics(which, power):
    """Truth by construction: the exponent's value at random points (mpmath) is the constant the decision used."""
    exponent = power + disguised_zero(which, q_)
    decision = is_dimensionally_homogeneous((x_ ** exponent, x_ ** power), DIMS)
    assert decision
    for point in (sp.Rational(1, 7), sp.Rational(9, 4), sp.Integer(5)):
        assert abs(complex(sp.N(exponent.subs(q_, point), 40)) - power) < 1e-30


# -- 15. Legendre decisions with disguised-zero coefficients ------------------------------------------------------

from theorems.toolkit.legendre import InverseBranchError, hamiltonian, is_hyperregular, is_regular  # noqa: E402

t_ = sp.Symbol("t", real=True)
qf = sp.Function("q", real=True)(t_)
vf = qf.diff(t_)


@FAST
@given(st.integers(0, 3), st.sampled_from([s_, qf, sp.Integer(1), sp.Rational(2, 3)]), st.sampled_from([3, 4]),
       st.integers(1, 3))
def test_disguised_zero_leading_coefficients(which, arg, degree, mass):
    """𝓛 = Z·v^d + m v²/2 − q² with Z ≡ 0: regular, hyperregular, H = p²/(2m) + q² (never a crash, never 'no branch')."""
    L = disguised_zero(which, arg) * vf ** degree + sp.Rational(mass, 2) * vf ** 2 - qf ** 2
    assert is_regular(L, qf, t_)
    decision = is_hyperregular(L, qf, t_)
    assert decision.undecided or bool(decision), decision
    branch = hamiltonian(L, qf, t_)
    p = branch.momenta[0]
    assert sp.simplify(branch.hamiltonian - (p ** 2 / (2 * mass) + qf ** 2)) == 0


@settings(max_examples=4, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(1, 3), st.sampled_from([3, 4]))
def test_genuine_leading_coefficients_keep_their_answers(mass, degree):
    """The same Lagrangians with a genuine coefficient (1 + Z): no disguised zero is dropped, the v^d term stays."""
    L = (1 + disguised_zero(0, s_)) * vf ** degree + sp.Rational(mass, 2) * vf ** 2
    plain = vf ** degree + sp.Rational(mass, 2) * vf ** 2
    genuine = is_regular(L, qf, t_)
    assert genuine.undecided or genuine.state == is_regular(plain, qf, t_).state, genuine
    try:
        branch = hamiltonian(L, qf, t_, simplify=False)
    except InverseBranchError:
        return
    assert branch.branch[vf] != branch.momenta[0] / mass
