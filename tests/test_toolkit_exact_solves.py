"""The toolkit's bounded exact solves (issue 17) and their agreement with sympy.physics.mechanics and plain sympy.

Fraction-free solves satisfy ``A Y = Δ B`` with Δ = ±det A; the size limit falls back to the unexpanded form, which
agrees with the exact one; the benchmark's problems (benchmarks/toolkit_vs_mechanics.py) at their smallest sizes give
the same accelerations as ``LagrangesMethod`` at random states and the same decisions as the plain scripts.
"""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.physics.mechanics import dynamicsymbols

from theorems import ideal_holonomic_dynamics, ideal_multiplier
from theorems.fraction_free import (PolynomialMatrices, TermLimitExceeded, fraction_free_solve, lu_solve_unexpanded,
                                    matrix_product)
from theorems.holonomic_dynamics import constraint_derivatives
from theorems.strategies import polynomials, rational_matrices
from theorems.variational import dalembert_equations, solve_exactly, solve_multipliers
from theorems.zero_handling import generic_rank, rational_ranks_at_points, reduced_form

FAST = settings(max_examples=25, deadline=None, derandomize=True, database=None)
x, y = sp.symbols("x y", real=True)


def _benchmark():
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "toolkit_vs_mechanics.py"
    spec = importlib.util.spec_from_file_location("toolkit_vs_mechanics", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = _benchmark()


# ---------------------------------------------------------------------------
# fraction-free linear algebra
# ---------------------------------------------------------------------------

def _polynomial_matrix(n):
    """n×n matrices A0 + x A1 with rational A0, A1 (entries polynomial in x)."""
    return st.tuples(rational_matrices(n, n, 5, 3), rational_matrices(n, n, 5, 3)).map(lambda p: p[0] + x * p[1])


@FAST
@given(st.integers(1, 4).flatmap(lambda n: st.tuples(_polynomial_matrix(n), rational_matrices(n, 2, 5, 3))))
def test_fraction_free_solve_satisfies_the_system(data):
    A, B = data
    rings = PolynomialMatrices(A, B + y * sp.ones(*B.shape))
    (An, dA), (Bn, dB) = rings.matrices
    det = sp.expand(A.det())
    if det == 0:
        with pytest.raises(ZeroDivisionError):
            fraction_free_solve(An, Bn, rings.ring)
        return
    Y, delta = fraction_free_solve(An, Bn, rings.ring)
    assert matrix_product(An, Y, rings.ring) == [[delta * b for b in row] for row in Bn]
    assert sp.expand(rings.to_expr(delta, dA ** A.rows) ** 2 - det ** 2) == 0  # Δ = ±det(An) = ±dA^n det A


def test_term_limit_is_raised_and_exact_answer_is_unchanged_without_it():
    A = sp.Matrix(3, 3, lambda i, j: (x + i) ** (i + j) + y * j)
    b = sp.Matrix([1, x, y])
    with pytest.raises(TermLimitExceeded):
        solve_exactly(A, b, max_terms=3)
    exact = solve_exactly(A, b)
    assert all(sp.cancel(e) == e for e in exact)
    assert (A * sp.Matrix(exact) - b).applyfunc(sp.cancel) == sp.zeros(3, 1)


def test_unexpanded_solve_never_divides_by_a_zero_in_disguise():
    a = x**2 + y**2
    singular = sp.Matrix([[a, 2 * a], [2 * a, 4 * a]])  # LUsolve alone divides by 4a − (2a)²/a ≡ 0
    with pytest.raises(sp.matrices.exceptions.NonInvertibleMatrixError):
        lu_solve_unexpanded(singular, sp.Matrix([1, 0]))
    with pytest.raises(sp.matrices.exceptions.NonInvertibleMatrixError):
        solve_exactly(singular, sp.Matrix([1, 0]))
    permuted = sp.Matrix([[a - a, 1], [x, y]])  # a pivot candidate 0 first in column 0
    solution = lu_solve_unexpanded(permuted, sp.Matrix([1, 2]))
    assert (permuted * solution - sp.Matrix([1, 2])).applyfunc(sp.cancel) == sp.zeros(2, 1)


# ---------------------------------------------------------------------------
# ideal holonomic dynamics: exact within the limit, unexpanded beyond it, both equal to LagrangesMethod's
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("N, form", [(2, "exact"), (3, "LUsolve")])
def test_pendulum_accelerations_equal_lagranges_method(N, form):
    problem = BENCH.pendulum(N)
    ours, our_form = BENCH.pendulum_ours(problem)
    theirs, _ = BENCH.pendulum_theirs(problem)
    assert our_form == form
    assert BENCH.pendulum_agreement(problem, ours, theirs).startswith("equal at 3 random states")


def _values_at(expressions, t, q, parameters, seed=1):
    rng = random.Random(seed)
    point = {c.diff(t): sp.Rational(rng.randint(1, 30), rng.randint(1, 7)) for c in q}
    rest = {c: sp.Rational(rng.randint(1, 30), rng.randint(1, 7)) for c in [*q, *parameters]}
    return [sp.sympify(e).xreplace(point).xreplace(rest) for e in expressions]


def test_ideal_multiplier_forms_agree_and_say_which_they_are():
    t, q, M, F, G, parameters = BENCH.pendulum(2)
    J, _, curvature = constraint_derivatives(G, q, t)
    forms = {simplify: ideal_multiplier(M, J, F, curvature, simplify=simplify) for simplify in (True, False, None)}
    assert forms[None] == forms[True]  # within the default limit the default is the exact form
    for simplify in (False, None):
        for ours, exact in zip(forms[simplify], forms[True]):
            assert _values_at(list(ours), t, q, parameters) == _values_at(list(exact), t, q, parameters)
    assert ideal_holonomic_dynamics(M, F, G, q, t).exact is True
    assert ideal_holonomic_dynamics(M, F, G, q, t, max_terms=5).exact is False
    assert ideal_holonomic_dynamics(M, F, G, q, t, simplify=False).exact is False


def test_singular_constraint_matrix_is_reported_in_every_form():
    t = dynamicsymbols._t
    a, b = dynamicsymbols("a b")
    G = [a**2 + b**2 - 1, 2 * (a**2 + b**2 - 1)]
    for simplify in (True, False, None):
        with pytest.raises(sp.matrices.exceptions.NonInvertibleMatrixError):
            ideal_holonomic_dynamics(sp.eye(2), [0, -1], G, [a, b], t, simplify=simplify)


# ---------------------------------------------------------------------------
# d'Alembert with velocity constraints against LagrangesMethod(nonhol_coneqs=...)
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("k", [1, 2, 3])
def test_rolling_accelerations_agree_with_lagranges_method(k):
    problem = BENCH.rolling(k)
    ours, _ = BENCH.rolling_ours(problem)
    theirs, _ = BENCH.rolling_theirs(problem)
    assert BENCH.rolling_agreement(problem, ours, theirs).startswith("agree at 3 random states")


def test_solve_multipliers_forms_agree():
    t, q, L, A, parameters = BENCH.rolling(2)
    system = dalembert_equations(L, q, t, A)
    exact = solve_multipliers(system, q, t)
    for other in (solve_multipliers(system, q, t, simplify=False), solve_multipliers(system, q, t, max_terms=1)):
        assert set(other) == set(exact)
        keys = sorted(exact, key=sp.default_sort_key)
        ours = [sp.N(v, 30) for v in _values_at([other[key] for key in keys], t, q, parameters)]
        reference = [sp.N(v, 30) for v in _values_at([exact[key] for key in keys], t, q, parameters)]
        assert all(abs(u - v) < 1e-25 for u, v in zip(ours, reference))


# ---------------------------------------------------------------------------
# decisions: the same answers as the plain scripts
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("which, holds", [("energy", True), ("momentum", True), ("virial", False)])
def test_toda_first_integrals_agree_with_the_plain_check(which, holds):
    problem = BENCH.toda(3)
    ours, _ = BENCH.toda_ours(which)(problem)
    plain, _ = BENCH.toda_plain(which)(problem)
    assert ours == plain == ("holds" if holds else "fails")


@pytest.mark.parametrize("family, n, holds", [("rotations", 4, True), ("rotations", 5, True), ("contact", 5, False),
                                              ("contact", 6, False)])
def test_distribution_families_agree_with_the_plain_script(family, n, holds):
    from theorems import is_involutive, lie_bracket
    coords, fields = getattr(BENCH, family)(n)
    decision = is_involutive(fields, coords)
    assert decision.holds is holds
    assert BENCH.involutive_plain((coords, fields))[0] == ("holds" if holds else "fails")
    if holds:
        for (i, j), c in decision.certificate.items():
            combination = sum((c[m] * sp.Matrix(fields[m]) for m in range(len(fields))), sp.zeros(n, 1))
            assert (combination - lie_bracket(fields[i], fields[j], coords)).applyfunc(sp.cancel) == sp.zeros(n, 1)
    else:
        assert decision.details["rank_with_bracket"] == decision.details["rank"] + 1
        assert generic_rank(sp.Matrix.hstack(*[sp.Matrix(f) for f in fields], decision.witness["bracket"])) \
            == decision.details["rank"] + 1


# ---------------------------------------------------------------------------
# the zero test's cheaper stages
# ---------------------------------------------------------------------------

@FAST
@given(polynomials([x, y], 2, 3), polynomials([x, y], 2, 3, min_terms=1), polynomials([x, y], 2, 2, min_terms=1))
def test_reduced_form_is_zero_exactly_when_cancel_is(p, q, s):
    for expr in (p / q - (p * s) / (q * s), p - sp.expand(p), p * (x + 1) - p * x, p / q):
        assert (reduced_form(expr) == 0) is (sp.cancel(sp.together(expr)) == 0)


@FAST
@given(st.integers(1, 3).flatmap(lambda n: st.lists(polynomials([x, y], 2, 2), min_size=3 * n, max_size=3 * n)))
def test_exact_ranks_at_points_never_exceed_the_generic_rank(entries):
    M = sp.Matrix(3, len(entries) // 3, entries)
    rank = generic_rank(M)  # itself cross-checked by rational_ranks_at_points
    ranks = rational_ranks_at_points(M, rank) or []
    assert all(r <= rank for r in ranks) and (not ranks or max(ranks) == rank)
