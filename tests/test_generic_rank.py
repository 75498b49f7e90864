"""The generic rank's shortcut (theorems.zero_handling.full_rank_at_a_rational_point): full rank at one admissible
rational point, computed exactly, shows full generic rank; anything else goes to the elimination.

Truth by construction and an independent exact rank: sympy's DomainMatrix rank over the field of rational functions
Q(symbols), which shares no code with the toolkit's elimination or its points.
"""
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy.polys.matrices import DomainMatrix

from theorems.strategies import polynomials
from theorems.zero_handling import full_rank_at_a_rational_point, generic_rank, pivot_columns

x, y = sp.symbols("x y", real=True)
P = sp.Symbol("p", positive=True)
N = sp.Symbol("n", integer=True)
SYMBOLS = [x, y, P, N]

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def independent_rank(M: sp.Matrix) -> int:
    """The rank over Q(symbols) by sympy's DomainMatrix (fraction-free over the field of fractions)."""
    return DomainMatrix.from_Matrix(M).to_field().rank()


@st.composite
def matrices_of_known_rank(draw):
    """U·V with U m×r and V r×n of random polynomials (rank ≤ r), rows divided by random non-zero polynomials."""
    m, n = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    r = min(m, n) - draw(st.integers(0, min(m, n)))  # full rank is the simplest case
    entry = polynomials(SYMBOLS, 2, 3, min_terms=1)
    U = sp.Matrix(m, r, [draw(entry) for _ in range(m * r)])
    V = sp.Matrix(r, n, [draw(entry) for _ in range(r * n)])
    M = U * V if r else sp.zeros(m, n)
    for i in range(m):
        if draw(st.booleans()):
            M[i, :] = M[i, :] / draw(polynomials(SYMBOLS, 1, 2, min_terms=1))
    return M.applyfunc(sp.expand)


@SETTINGS
@given(matrices_of_known_rank())
def test_the_shortcut_claims_full_rank_only_when_the_rank_is_full(M):
    """(The elimination, where the shortcut does not answer, is tested in test_toolkit_exact_solves.py and
    test_soundness_toolkit.py.)"""
    if full_rank_at_a_rational_point(M):
        assert independent_rank(M) == min(M.shape)
        assert generic_rank(M) == min(M.shape)


@settings(SETTINGS, max_examples=8)
@given(matrices_of_known_rank())
def test_the_shortcut_agrees_with_the_elimination(M):
    """Where the shortcut answers, the elimination (which it replaces) gives the same number."""
    if full_rank_at_a_rational_point(M):
        assert len(pivot_columns(M)) == min(M.shape)


# entries that take rational values at rational points without being rational functions: a minor non-zero at
# one point need not be non-zero on an open set (or on the admissible values), so the shortcut must not answer
_NOT_RATIONAL = [sp.Abs(x) - x, sp.Heaviside(x), sp.floor(x), sp.sign(x) + 1, sp.Max(x, 0), sp.Min(y, 1),
                 sp.Piecewise((x, x > 0), (0, True)), sp.Abs(y) - P, sp.frac(x), sp.ceiling(y) - y]


@settings(SETTINGS, max_examples=20)
@given(st.sampled_from(_NOT_RATIONAL), polynomials([x, y], 2, 3, min_terms=1), st.integers(0, 2))
def test_entries_that_are_not_rational_functions_go_to_the_elimination(odd, p, where):
    assert not odd.is_rational_function(x, y, P)
    M = sp.Matrix([[p, x, 1], [y, p * x, 2]])
    M[where % 2, where] = odd
    assert not full_rank_at_a_rational_point(M)


def test_a_rank_lost_at_integers_is_found_at_other_rationals():
    """x(x−1)(x−2)… vanishes at many integers; the points are rationals, and the shortcut shows rank 1."""
    M = sp.Matrix([[sp.prod([x - k for k in range(-3, 4)])]])
    assert full_rank_at_a_rational_point(M) and generic_rank(M) == 1


def test_a_symbol_with_no_rational_value_goes_to_the_elimination():
    irrational = sp.Symbol("a", irrational=True)
    assert not full_rank_at_a_rational_point(sp.Matrix([[irrational, 1]]))
    assert generic_rank(sp.Matrix([[irrational, 1]])) == 1


@pytest.mark.parametrize("M, rank", [
    (sp.Matrix([[x, y], [x**2, x * y]]), 1),  # rows proportional: never full rank
    (sp.Matrix([[x, y], [y, x]]), 2),
    (sp.Matrix([[0, 0, 0]]), 0),
    (sp.zeros(2, 0), 0),
    (sp.Matrix([[x / (x - 1) - 1 / (x - 1), 1]]), 1),  # ≡ 1 away from its removable pole
])
def test_small_matrices(M, rank):
    assert generic_rank(M) == rank
