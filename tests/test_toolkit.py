"""Behavioural tests of the mechanics toolkit: variational equations, Frobenius (the strategies: test_strategies.py)."""
from __future__ import annotations

import sympy as sp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.physics.mechanics import dynamicsymbols

from checker.kernel.decision import Decision
from theorems.foundations.frobenius import (
    annihilated_distribution,
    exterior_derivative,
    is_involutive,
    lie_bracket,
    satisfies_frobenius_condition,
    wedge_one_two,
)
from theorems.strategies import polynomial_vector_fields, polynomials
from theorems.variational import (
    ConstrainedEquations,
    dalembert_equations,
    euler_lagrange,
    solve_multipliers,
    vakonomic_equations,
)

t = sp.Symbol("t")
m = sp.Symbol("m", positive=True)
X, Y, Z = sp.symbols("x y z")
COORDS = [X, Y, Z]

PROPERTY = settings(max_examples=20, deadline=None, derandomize=True)


def _is_zero(expr) -> bool:
    return sp.expand(expr) == 0


def _d(f, n=1):
    return f.diff(t, n)


def _span_rank(vectors):
    return sp.Matrix.hstack(*[sp.Matrix(v) for v in vectors]).rank(iszerofunc=lambda e: sp.cancel(e) == 0)


# ---------------------------------------------------------------------------
# seed 002: L = ½ m (ẋ² + ẏ² + ż²), constraint ẏ − x ż = 0
# ---------------------------------------------------------------------------

@pytest.fixture
def seed002():
    x, y, z = dynamicsymbols("x y z")
    L = m / 2 * (_d(x) ** 2 + _d(y) ** 2 + _d(z) ** 2)
    A = sp.Matrix([[0, 1, -x]])
    return x, y, z, L, A


def test_seed002_dalembert_equations(seed002):
    x, y, z, L, A = seed002
    system = dalembert_equations(L, [x, y, z], t, A)
    assert isinstance(system, ConstrainedEquations)
    (lam,) = system.multipliers
    assert lam.args == (t,)
    expected = [m * _d(x, 2), m * _d(y, 2) - lam, m * _d(z, 2) + x * lam, _d(y) - x * _d(z)]
    residuals = system.residuals()
    assert len(residuals) == 4 and len(system.dynamics) == 3 and len(system.constraints) == 1
    assert all(_is_zero(r - e) for r, e in zip(residuals, expected))
    # dynamics are written Eq(EL_i, Σ λ A_ai)
    assert _is_zero(system.dynamics[2].rhs - (-x * lam))
    # unpacking works
    eqs, mults = dalembert_equations(L, [x, y, z], t, A)
    assert len(eqs) == 4 and mults == [lam]


def test_seed002_dalembert_rejects_mutated_expectations(seed002):
    x, y, z, L, A = seed002
    system = dalembert_equations(L, [x, y, z], t, A)
    (lam,) = system.multipliers
    residuals = system.residuals()
    flipped_sign = m * _d(z, 2) - x * lam
    dropped_term = m * _d(z, 2)
    assert not _is_zero(residuals[2] - flipped_sign)
    assert not _is_zero(residuals[2] - dropped_term)
    assert not _is_zero(residuals[1] - (m * _d(y, 2) + lam))


def test_seed002_vakonomic_equations(seed002):
    x, y, z, L, A = seed002
    system = vakonomic_equations(L, [x, y, z], t, A)
    (mu,) = system.multipliers
    assert str(mu.func) == "mu_0"
    # m ẍ = −μ ż, m ÿ = −μ̇, m z̈ = x μ̇ + μ ẋ; rhs is 0, everything on the lhs
    expected = [
        m * _d(x, 2) + mu * _d(z),
        m * _d(y, 2) + _d(mu),
        m * _d(z, 2) - x * _d(mu) - mu * _d(x),
        _d(y) - x * _d(z),
    ]
    assert all(eq.rhs == 0 for eq in system.dynamics)
    assert all(_is_zero(r - e) for r, e in zip(system.residuals(), expected))
    # mutated expectations do not match
    assert not _is_zero(system.residuals()[0] - (m * _d(x, 2) - mu * _d(z)))
    assert not _is_zero(system.residuals()[2] - (m * _d(z, 2) - x * _d(mu)))


def test_vakonomic_and_dalembert_differ_on_nonholonomic_constraint(seed002):
    x, y, z, L, A = seed002
    dal = dalembert_equations(L, [x, y, z], t, A)
    vak = vakonomic_equations(L, [x, y, z], t, A)
    (mu,) = vak.multipliers
    dal_values = solve_multipliers(dal, [x, y, z], t)
    vak_values = solve_multipliers(vak, [x, y, z], t)
    assert dal_values[_d(x, 2)] == 0
    assert sp.cancel(vak_values[_d(x, 2)] + mu * _d(z) / m) == 0
    # at an instant with μ = 0 the accelerations agree, but μ̇ ≠ 0 there, so μ does not stay 0
    at_zero = {k: sp.cancel(v.subs(mu, 0)) for k, v in vak_values.items()}
    assert all(sp.cancel(at_zero[_d(c, 2)] - dal_values[_d(c, 2)]) == 0 for c in (x, y, z))
    assert at_zero[_d(mu)] != 0


def test_multiplier_names_avoid_clashes():
    x, y = dynamicsymbols("x y")
    lam0 = sp.Function("lambda_0")(t)
    L = (_d(x) ** 2 + _d(y) ** 2) / 2 + lam0 * x
    system = dalembert_equations(L, [x, y], t, sp.Matrix([[1, -1]]))
    (lam,) = system.multipliers
    assert lam != lam0 and str(lam.func) == "lambda_0_"


def test_constraint_offset_b_appears_in_constraint_rows():
    x, y = dynamicsymbols("x y")
    L = (_d(x) ** 2 + _d(y) ** 2) / 2
    system = dalembert_equations(L, [x, y], t, [1, 0], b=[sp.sin(t)])
    assert _is_zero(system.residuals()[-1] - (_d(x) + sp.sin(t)))


# ---------------------------------------------------------------------------
# euler_lagrange
# ---------------------------------------------------------------------------

def test_euler_lagrange_harmonic_oscillator():
    q = dynamicsymbols("q")
    k = sp.Symbol("k", positive=True)
    L = m * _d(q) ** 2 / 2 - k * q ** 2 / 2
    (el,) = euler_lagrange(L, [q], t)
    assert _is_zero(el - (m * _d(q, 2) + k * q))
    assert not _is_zero(el - (m * _d(q, 2) - k * q))
    # the known solution cos(√(k/m) t) annihilates it
    omega = sp.sqrt(k / m)
    assert _is_zero(el.subs(q, sp.cos(omega * t)).doit())


S1, S2 = sp.symbols("s1 s2")


@PROPERTY
@given(U=polynomials([S1, S2], max_degree=3, max_terms=4))
def test_euler_lagrange_is_acceleration_plus_gradient(U):
    q1, q2 = dynamicsymbols("q1 q2")
    on_path = {S1: q1, S2: q2}
    L = (_d(q1) ** 2 + _d(q2) ** 2) / 2 - U.subs(on_path)
    el = euler_lagrange(L, [q1, q2], t)
    expected = [_d(q1, 2) + sp.diff(U, S1).subs(on_path), _d(q2, 2) + sp.diff(U, S2).subs(on_path)]
    assert all(_is_zero(a - b) for a, b in zip(el, expected))


# ---------------------------------------------------------------------------
# solve_multipliers
# ---------------------------------------------------------------------------

def test_solve_multipliers_unit_mass_z_equals_x_ydot():
    x, y, z = dynamicsymbols("x y z")
    L = (_d(x) ** 2 + _d(y) ** 2 + _d(z) ** 2) / 2
    system = dalembert_equations(L, [x, y, z], t, sp.Matrix([[0, -x, 1]]))
    values = solve_multipliers(system, [x, y, z], t)
    (lam,) = system.multipliers
    assert sp.cancel(values[lam] - _d(x) * _d(y) / (1 + x ** 2)) == 0
    assert sp.cancel(values[lam] + _d(x) * _d(y) / (1 + x ** 2)) != 0
    assert values[_d(x, 2)] == 0


def test_solve_multipliers_seed002(seed002):
    x, y, z, L, A = seed002
    system = dalembert_equations(L, [x, y, z], t, A)
    values = solve_multipliers(system, [x, y, z], t)
    (lam,) = system.multipliers
    assert sp.cancel(values[lam] - m * _d(x) * _d(z) / (1 + x ** 2)) == 0
    assert sp.cancel(values[lam] - _d(x) * _d(z) / (1 + x ** 2)) != 0
    # the accelerations satisfy the differentiated constraint
    constraint_rate = _d(system.residuals()[-1])
    assert sp.cancel(constraint_rate.subs(values)) == 0


def test_solve_multipliers_vakonomic_solves_for_multiplier_rate(seed002):
    x, y, z, L, A = seed002
    system = vakonomic_equations(L, [x, y, z], t, A)
    (mu,) = system.multipliers
    values = solve_multipliers(system, [x, y, z], t)
    assert _d(mu) in values and mu not in values
    expected = -(m * _d(x) * _d(z) + mu * x * _d(x)) / (1 + x ** 2)
    assert sp.cancel(values[_d(mu)] - expected) == 0


# ---------------------------------------------------------------------------
# Lie brackets and involutivity
# ---------------------------------------------------------------------------

def test_lie_bracket_heisenberg():
    assert lie_bracket([1, 0, 0], [0, 1, X], COORDS) == sp.Matrix([0, 0, 1])
    assert lie_bracket([0, 1, X], [1, 0, 0], COORDS) == sp.Matrix([0, 0, -1])


FIELDS3 = polynomial_vector_fields(COORDS, max_degree=2, max_terms=3)


@PROPERTY
@given(A=FIELDS3, B=FIELDS3)
def test_lie_bracket_antisymmetric(A, B):
    assert all(_is_zero(e) for e in lie_bracket(A, B, COORDS) + lie_bracket(B, A, COORDS))


@settings(max_examples=15, deadline=None, derandomize=True)
@given(A=FIELDS3, B=FIELDS3, C=FIELDS3)
def test_lie_bracket_jacobi_identity(A, B, C):
    jacobi = (lie_bracket(A, lie_bracket(B, C, COORDS), COORDS)
              + lie_bracket(B, lie_bracket(C, A, COORDS), COORDS)
              + lie_bracket(C, lie_bracket(A, B, COORDS), COORDS))
    assert all(_is_zero(e) for e in jacobi)


def test_heisenberg_distribution_is_not_involutive():
    result = is_involutive([[1, 0, 0], [0, 1, X]], COORDS)
    assert isinstance(result, Decision) and not result
    assert result.witness["pair"] == (0, 1)
    assert result.witness["bracket"] == sp.Matrix([0, 0, 1])
    assert result.details["rank"] == 2


def test_commuting_fields_are_involutive():
    # [∂x, ∂y + y∂z] = 0, so the distribution is integrable (leaves z − y²/2 = const)
    result = is_involutive([[1, 0, 0], [0, 1, Y]], COORDS)
    assert result
    assert result.certificate[(0, 1)] == sp.zeros(2, 1)


def test_coordinate_fields_are_involutive():
    e = [list(sp.eye(3).col(i)) for i in range(3)]
    assert is_involutive(e, COORDS)
    assert is_involutive(e[:2], COORDS)
    assert is_involutive([e[1]], COORDS)


def test_involutive_with_nonzero_certificate():
    # X = ∂x, Y = x∂y: [X, Y] = ∂y = (1/x) Y, in the span generically (x ≠ 0)
    fields = [[1, 0, 0], [0, X, 0]]
    result = is_involutive(fields, COORDS)
    assert result
    coefficients = result.certificate[(0, 1)]
    assert sp.cancel(coefficients[1] - 1 / X) == 0


def _certificate_reproduces_brackets(fields, coords, result):
    for (i, j), c in result.certificate.items():
        bracket = lie_bracket(fields[i], fields[j], coords)
        combination = sum((c[k] * sp.Matrix(fields[k]) for k in range(len(fields))), sp.zeros(len(coords), 1))
        assert all(sp.cancel(e) == 0 for e in combination - bracket)


@settings(max_examples=15, deadline=None, derandomize=True)
@given(A=polynomial_vector_fields(COORDS, max_degree=1, max_terms=2),
       B=polynomial_vector_fields(COORDS, max_degree=1, max_terms=2))
def test_random_pair_involutivity_certificate(A, B):
    result = is_involutive([A, B], COORDS)
    if result:
        _certificate_reproduces_brackets([A, B], COORDS, result)
    else:
        assert _span_rank([A, B, result.witness["bracket"]]) > _span_rank([A, B])


@settings(max_examples=15, deadline=None, derandomize=True)
@given(A=polynomial_vector_fields([X, Y], max_degree=2, max_terms=2),
       B=polynomial_vector_fields([X, Y], max_degree=2, max_terms=2))
def test_planar_pairs_are_involutive_with_checked_certificate(A, B):
    # any family of fields on the plane is involutive for the generic rank (rank ≤ 2 = dimension)
    result = is_involutive([A, B], [X, Y])
    if _span_rank([A, B]) == 2 or all(e == 0 for e in lie_bracket(A, B, [X, Y])):
        assert result
    if result:
        _certificate_reproduces_brackets([A, B], [X, Y], result)


# ---------------------------------------------------------------------------
# forms and the Frobenius condition
# ---------------------------------------------------------------------------

def test_forms_dy_minus_x_dz():
    # ω = dy − x dz ; dω = −dx∧dz.
    # ω∧dω = (dy − x dz)∧(−dx∧dz) = −dy∧dx∧dz + x dz∧dx∧dz = +dx∧dy∧dz.
    omega = [0, 1, -X]
    d_omega = exterior_derivative(omega, COORDS)
    assert d_omega == {(0, 2): -1}
    assert wedge_one_two(omega, d_omega, COORDS) == {(0, 1, 2): 1}
    result = satisfies_frobenius_condition(omega, COORDS)
    assert not result and result.witness == {(0, 1, 2): 1}


def test_forms_dy_minus_y_dz_is_integrable():
    # ω = dy − y dz ; dω = −dy∧dz ; ω∧dω = dy∧(−dy∧dz) − y dz∧(−dy∧dz) = 0
    omega = [0, 1, -Y]
    assert exterior_derivative(omega, COORDS) == {(1, 2): -1}
    assert satisfies_frobenius_condition(omega, COORDS)


def test_forms_dz_minus_x_dy():
    # ω = dz − x dy ; dω = −dx∧dy.
    # ω∧dω = (dz − x dy)∧(−dx∧dy) = −dz∧dx∧dy = −dx∧dy∧dz (dz∧dx∧dy is a cyclic permutation).
    omega = [0, -X, 1]
    d_omega = exterior_derivative(omega, COORDS)
    assert d_omega == {(0, 1): -1}
    result = satisfies_frobenius_condition(omega, COORDS)
    assert not result and result.witness == {(0, 1, 2): -1}


def test_frobenius_agrees_with_involutivity_of_kernel():
    for omega, integrable in [([0, 1, -X], False), ([0, 1, -Y], True), ([0, -X, 1], False)]:
        kernel = annihilated_distribution(sp.Matrix([omega]), COORDS)
        assert bool(is_involutive(kernel, COORDS)) is integrable
        assert bool(satisfies_frobenius_condition(omega, COORDS)) is integrable


POLY3 = polynomials(COORDS, max_degree=3, max_terms=4)


@PROPERTY
@given(f=POLY3)
def test_exact_forms_are_closed_and_integrable(f):
    omega = [sp.diff(f, c) for c in COORDS]
    assert exterior_derivative(omega, COORDS) == {}
    assert satisfies_frobenius_condition(omega, COORDS)


@PROPERTY
@given(f=POLY3, g=polynomials(COORDS, max_degree=2, max_terms=3, min_terms=1))
def test_rescaled_exact_forms_satisfy_frobenius(f, g):
    omega = [g * sp.diff(f, c) for c in COORDS]
    assert satisfies_frobenius_condition(omega, COORDS)


def test_annihilated_distribution_heisenberg():
    basis = annihilated_distribution(sp.Matrix([[0, -X, 1]]), COORDS)
    A = sp.Matrix([[0, -X, 1]])
    assert len(basis) == 2
    assert all(all(sp.cancel(e) == 0 for e in A * v) for v in basis)
    expected = [[1, 0, 0], [0, 1, X]]
    assert _span_rank(basis) == 2 == _span_rank(expected) == _span_rank(basis + expected)
