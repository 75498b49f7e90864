"""Soundness of the toolkit's decisions under disguised zeros (issue 12).

Every decision function is run on random inputs drawn from the public strategies, then on the same inputs with a
zero disguised in them (added as sin²u + cos²u − 1, cosh²u − sinh²u − 1, exp(log p) − p, sqrt(p²) − p, cos 2u −
cos²u + sin²u, tan u cos u − sin u, ...; or a factor 1 written as sin²u + cos²u).  The answer must be unchanged, or
undecided; never the other way.  Then the issue's examples as regressions, and cross-checks against
``sympy.physics.mechanics``.
"""
from __future__ import annotations

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Function, Matrix, Symbol

from checker.kernel.decision import Decision, UndecidedError
from theorems import (LENGTH, TIME, check_holonomic_pair, energy, generator_depends_on_time, is_dimensionally_homogeneous,
                      is_first_integral, is_holonomic_equivalent, is_hyperregular, is_immersion, is_involutive,
                      is_point_symmetry, is_regular, satisfies_frobenius_condition)
from theorems.page3_velocity_constraints.holonomic_equivalence import contact_data, integrable_data
from theorems.strategies import polynomial_vector_fields, polynomials
from theorems.symmetry import euler_lagrange_accelerations, translation_invariants
from theorems.zero_handling import generic_rank, zero_state

FAST = settings(max_examples=12, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                                       HealthCheck.nested_given])

x, y, z = sp.symbols("x y z", real=True)
COORDS = (x, y, z)
P = Symbol("p", positive=True)
t = Symbol("t", real=True)


def _zeros(u, p=P):
    return [sp.sin(u)**2 + sp.cos(u)**2 - 1, sp.cosh(u)**2 - sp.sinh(u)**2 - 1, sp.exp(sp.log(p)) - p,
            sp.sqrt(p**2) - p, sp.cos(2 * u) - sp.cos(u)**2 + sp.sin(u)**2, sp.tan(u) * sp.cos(u) - sp.sin(u),
            (sp.sin(u) + sp.cos(u))**2 - 1 - sp.sin(2 * u)]


def disguised_zeros(symbols):
    """An expression ≡ 0 in one of the forms above, its angle drawn from ``symbols``."""
    return st.tuples(st.sampled_from(list(symbols)), st.integers(0, 6)).map(lambda a: _zeros(a[0])[a[1]])


def disguised_ones(symbols):
    return disguised_zeros(symbols).map(lambda zero: 1 + zero)


def _same_or_undecided(answer: Decision, expected: bool):
    assert answer.undecided or answer.holds is expected, answer


def _disguise_entries(entries, zero, one, how):
    """Add the zero times a coordinate to the first entry, or multiply every entry by the one."""
    entries = list(entries)
    if how == 0:
        entries[0] = entries[0] + zero * x
    else:
        entries = [one * e for e in entries]
    return entries


# ---------------------------------------------------------------------------
# the zero test and the generic rank
# ---------------------------------------------------------------------------

@FAST
@given(disguised_zeros(COORDS), polynomials(list(COORDS), 2, 3, min_terms=1))
def test_zero_state_never_calls_a_disguised_zero_nonzero(zero, p):
    assert zero_state(zero * p).is_zero is not False
    assert zero_state(zero + p).is_zero is not True  # p ≢ 0 (min_terms ≥ 1)


@FAST
@given(polynomial_vector_fields(list(COORDS), 2, 3), disguised_ones(COORDS), disguised_zeros(COORDS))
def test_generic_rank_sees_a_disguised_dependent_column(field, one, zero):
    first = Matrix([1 + x**2, y, z])
    M = Matrix.hstack(first, Matrix(field))
    rank = generic_rank(M)
    disguised = Matrix.hstack(M, one * first + zero * Matrix(field))
    assert generic_rank(disguised) == rank


# ---------------------------------------------------------------------------
# Frobenius
# ---------------------------------------------------------------------------

@FAST
@given(polynomial_vector_fields(list(COORDS), 2, 2), polynomial_vector_fields(list(COORDS), 2, 2),
       disguised_zeros(COORDS), disguised_ones(COORDS), st.integers(0, 1))
def test_is_involutive_unchanged_by_disguise(X, Y, zero, one, how):
    plain = is_involutive([X, Y], COORDS)
    if plain.undecided:
        return
    _same_or_undecided(is_involutive([_disguise_entries(X, zero, one, how), Y], COORDS), plain.holds)
    # a redundant generator written with a disguised factor changes nothing
    redundant = [one * e for e in X]
    _same_or_undecided(is_involutive([X, Y, redundant], COORDS), plain.holds)


@FAST
@given(polynomials(list(COORDS), 2, 2), polynomials(list(COORDS), 2, 2), disguised_zeros(COORDS),
       disguised_ones(COORDS), st.integers(0, 1))
def test_frobenius_condition_unchanged_by_disguise(a, b, zero, one, how):
    omega = [a, b, 1]
    plain = satisfies_frobenius_condition(omega, COORDS)
    assert not plain.undecided
    _same_or_undecided(satisfies_frobenius_condition(_disguise_entries(omega, zero, one, how), COORDS), plain.holds)


# ---------------------------------------------------------------------------
# holonomic equivalence
# ---------------------------------------------------------------------------

@FAST
@given(st.one_of(integrable_data(1, COORDS, time=None, max_num=2), contact_data(1, COORDS, time=None, max_num=2)),
       disguised_zeros(COORDS), disguised_ones(COORDS), st.integers(0, 1))
def test_holonomic_equivalence_unchanged_by_disguise(datum, zero, one, how):
    expected = datum.Phi is not None
    row = _disguise_entries(list(datum.A.row(0)), zero, one, how)
    answer = is_holonomic_equivalent([row], None, COORDS)
    _same_or_undecided(answer, expected)
    if answer.holds and "rho" in answer.certificate:
        assert check_holonomic_pair([row], None, COORDS, answer.certificate["rho"], answer.certificate["Phi"])
    # a redundant second row (a disguised multiple of the first) is rank-deficient: never "holds" as a 2-row datum
    try:
        redundant = is_holonomic_equivalent([row, [one * e for e in row]], None, COORDS)
    except ValueError:
        return
    assert redundant.undecided


@FAST
@given(integrable_data(1, COORDS, time=None, max_num=2), disguised_zeros(COORDS), disguised_ones(COORDS))
def test_planted_pair_checked_through_disguise(datum, zero, one):
    rho, Phi = datum.rho[0, 0], list(datum.Phi)
    _same_or_undecided(check_holonomic_pair(datum.A, None, COORDS, one * rho, Phi), True)
    _same_or_undecided(check_holonomic_pair(datum.A, None, COORDS, rho, [Phi[0] + zero]), True)
    _same_or_undecided(check_holonomic_pair(datum.A, None, COORDS, zero * rho, Phi), False)


# ---------------------------------------------------------------------------
# symmetries and first integrals
# ---------------------------------------------------------------------------

Q1, Q2 = Function("q1")(t), Function("q2")(t)
CURVES = [Q1, Q2]
QS = sp.symbols("a1 a2", real=True)


def _invariant_potential(direction):
    """Random polynomial potentials V(q) invariant under q ↦ q + s·direction, written in the curves."""
    w = translation_invariants(direction, QS)[0]
    return polynomials([Symbol("w")], 3, 2).map(lambda p: p.xreplace({Symbol("w"): w}).xreplace(dict(zip(QS, CURVES))))


@FAST
@given(_invariant_potential([1, 1]), disguised_zeros(CURVES), disguised_ones(CURVES), st.integers(0, 1))
def test_point_symmetry_and_noether_charge_unchanged_by_disguise(V, zero, one, how):
    kinetic = (Q1.diff(t)**2 + Q2.diff(t)**2) / 2
    L = kinetic - V
    disguised = kinetic - (V + zero * Q1 if how == 0 else one * V)
    _same_or_undecided(is_point_symmetry(disguised, CURVES, t, [1, 1]), True)
    _same_or_undecided(is_first_integral(Q1.diff(t) + Q2.diff(t), disguised, CURVES, t), True)
    _same_or_undecided(is_first_integral(energy(L, CURVES, t), disguised, CURVES, t), True)
    # the generator ξ = (1, 1) + zero·t does not depend on t
    _same_or_undecided(generator_depends_on_time([1 + zero * t, 1], CURVES, t), False)
    # a potential that is not invariant: the charge is not conserved (when V does not already cancel Q1 − Q2)
    breaking = disguised - one * Q1**2
    answer = is_first_integral(Q1.diff(t) + Q2.diff(t), breaking, CURVES, t)
    _same_or_undecided(answer, False)


@FAST
@given(disguised_zeros([Q1]), polynomials([Symbol("w")], 2, 2))
def test_zero_lagrangian_is_a_value_error(zero, p):
    q = Q1
    with pytest.raises(ValueError, match="vanishes identically"):
        is_first_integral(q.diff(t), zero * q.diff(t)**2 / 2 + p.xreplace({Symbol("w"): q}), [q], t)


@FAST
@given(polynomials([Symbol("w")], 2, 2), disguised_ones([Symbol("q", real=True)]), disguised_zeros([Symbol("q", real=True)]))
def test_regularity_unchanged_by_disguise(p, one, zero):
    q, v = Symbol("q", real=True), Symbol("v", real=True)
    U = p.xreplace({Symbol("w"): q})
    _same_or_undecided(is_regular(one * v**2 / 2 - U, [q], t, v=[v]), True)
    _same_or_undecided(is_regular(zero * v**2 / 2 - U, [q], t, v=[v]), False)
    _same_or_undecided(is_hyperregular(one * v**2 / 2 + q * v - U, [q], t, v=[v]), True)


# ---------------------------------------------------------------------------
# immersions and dimensions
# ---------------------------------------------------------------------------

@FAST
@given(polynomials([x, y], 2, 3), disguised_zeros([x, y]), disguised_ones([x, y]))
def test_immersion_unchanged_by_disguise(h, zero, one):
    graph = [x, y, h]
    _same_or_undecided(is_immersion([one * e for e in graph], [x, y]), True)
    _same_or_undecided(is_immersion([x + zero, y, h], [x, y]), True)
    _same_or_undecided(is_immersion([zero * e for e in graph], [x, y]), False)


@FAST
@given(polynomials([x, y], 2, 3, min_terms=1), disguised_zeros([Symbol("theta", real=True)]))
def test_dimensions_unchanged_by_disguise(p, zero):
    theta, l, s = Symbol("theta", real=True), Symbol("l", positive=True), Symbol("s", real=True)
    dims = {x: LENGTH, y: LENGTH, l: LENGTH, s: TIME, theta: 1}
    law = sp.expand(p.xreplace({x: x / l, y: y / l}) * l**2)  # homogeneous of dimension length²
    plain = is_dimensionally_homogeneous(sp.Eq(law, 0, evaluate=False), dims)
    assert plain.holds is True
    _same_or_undecided(is_dimensionally_homogeneous(sp.Eq(law + zero * s, 0, evaluate=False), dims), True)
    _same_or_undecided(is_dimensionally_homogeneous(sp.Eq(law + (1 + zero) * s * l, 0, evaluate=False), dims), False)


# ---------------------------------------------------------------------------
# the issue's examples
# ---------------------------------------------------------------------------

def test_unicycle_with_redundant_generator_is_not_involutive():
    th = Symbol("theta", real=True)
    fields = [[sp.cos(th), sp.sin(th), 0], [0, 0, 1], [1 - sp.sin(th)**2, sp.sin(th) * sp.cos(th), 0]]
    answer = is_involutive(fields, [x, y, th])
    assert answer.holds is False and answer.details["rank"] == 2


def test_redundant_and_disguised_rows_never_hold():
    th = Symbol("theta", real=True)
    knife = [sp.sin(th), -sp.cos(th), 0]
    with pytest.raises(ValueError, match="generic rank 1"):
        is_holonomic_equivalent([knife, [sp.sin(th) * sp.cos(th), -sp.cos(th)**2, 0]], None, [x, y, th])
    with pytest.raises(ValueError, match="generic rank 1"):
        is_holonomic_equivalent([[0, -x, 1], [0, 0, sp.cos(2 * z) - sp.cos(z)**2 + sp.sin(z)**2]], None, [x, y, z])
    assert is_holonomic_equivalent([knife], None, [x, y, th]).holds is False


def test_zero_lagrangian_in_disguise_raises():
    q = Function("q")(t)
    with pytest.raises(ValueError, match="det"):
        is_first_integral(q.diff(t), (sp.sin(q)**2 + sp.cos(q)**2 - 1) * q.diff(t)**2 / 2, [q], t)


def test_exact_form_with_disguised_zero_satisfies_frobenius():
    th = Symbol("theta", real=True)
    assert satisfies_frobenius_condition([0, (sp.sin(th)**2 + sp.cos(th)**2 - 1) * x, 1], [x, y, th]).holds is True


def test_undefined_function_arguments_are_compared_by_value():
    q = Function("q")(t)
    U = Function("U")
    L = q.diff(t)**2 / 2 - U(sp.sin(q)**2 + sp.cos(q)**2) + U(1)  # = q'²/2: translations are symmetries
    assert is_point_symmetry(L, [q], t, [1]).holds is True


def test_random_points_honour_assumptions():
    q = Function("q")(t)
    k = Symbol("k", negative=True)
    L = q.diff(t)**2 / 2
    # sqrt(k²) + k ≡ 0 for k < 0: the quantity is the conserved q'²/2
    answer = is_first_integral(q.diff(t)**2 / 2 + (sp.sqrt(k**2) + k) * q, L, [q], t)
    assert answer.holds is True
    c = Symbol("c", positive=True)
    assert zero_state(sp.Abs(c) - c).is_zero is True


def test_dimension_rules_of_the_issue():
    l, s = Symbol("l", positive=True), Symbol("s", real=True)
    dims = {x: LENGTH, y: LENGTH, l: LENGTH, s: TIME}
    assert is_dimensionally_homogeneous(sp.atan2(x + s, x), dims).holds is False
    assert is_dimensionally_homogeneous(sp.atan2(x * s, x), dims).holds is False
    assert is_dimensionally_homogeneous(sp.atan2(y, x), dims).holds is True
    assert is_dimensionally_homogeneous(sp.Eq(x**2 + y**2 - l**2, 0), dims).holds is True
    assert is_dimensionally_homogeneous(sp.Eq(0, x**2 + y**2 - l**2), dims).holds is True
    assert is_dimensionally_homogeneous(sp.exp(x), dims).holds is False
    assert is_dimensionally_homogeneous(sp.log(x / l) + sp.sin(s / s), dims).holds is True


def test_undecided_decision_is_neither_true_nor_false():
    answer = Decision.undecided_because("a zero test was not settled")
    assert answer.undecided and answer.state == "undecided"
    with pytest.raises(UndecidedError):
        bool(answer)
    from checker.kernel.checks import Checks
    checks = Checks()
    assert checks.fact("undecided", answer).outcome == "inconclusive"
    assert checks.fact("undecided, expected to fail", answer, expect=False).outcome == "inconclusive"


# ---------------------------------------------------------------------------
# cross-checks against sympy.physics.mechanics
# ---------------------------------------------------------------------------

def test_pendulum_accelerations_agree_with_lagranges_method():
    from sympy.physics.mechanics import LagrangesMethod, dynamicsymbols
    theta = dynamicsymbols("theta")
    m, g, l = sp.symbols("m g l", positive=True)
    T = dynamicsymbols._t
    one = sp.sin(theta)**2 + sp.cos(theta)**2
    L = m * l**2 * theta.diff(T)**2 / 2 + m * g * l * sp.cos(theta)
    method = LagrangesMethod(L, [theta])
    method.form_lagranges_equations()
    reference = method.rhs()[1]
    for lagrangian in (L, one * L):
        ours = euler_lagrange_accelerations(lagrangian, [theta], T)[0]
        assert zero_state(ours - reference).is_zero is True
    assert is_first_integral(energy(L, [theta], T), one * L, [theta], T).holds is True


def test_double_spring_accelerations_agree_with_lagranges_method():
    from sympy.physics.mechanics import LagrangesMethod, dynamicsymbols
    q1, q2 = dynamicsymbols("q1 q2")
    m, k = sp.symbols("m k", positive=True)
    T = dynamicsymbols._t
    L = m * (q1.diff(T)**2 + q2.diff(T)**2) / 2 - k * (q1**2 + (q2 - q1)**2) / 2
    method = LagrangesMethod(L, [q1, q2])
    method.form_lagranges_equations()
    rhs = method.rhs()
    ours = euler_lagrange_accelerations(sp.cosh(q1)**2 * L - sp.sinh(q1)**2 * L, [q1, q2], T)
    assert all(zero_state(a - b).is_zero is True for a, b in zip(ours, rhs[2:]))
