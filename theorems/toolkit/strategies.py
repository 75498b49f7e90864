"""Hypothesis strategies producing exact sympy objects for property-based tests of mechanics.

This file contains strategies for

* :func:`rationals` -- small sympy Rationals;
* :func:`rational_matrices` -- matrices of small Rationals;
* :func:`spd_matrices` -- symmetric positive definite matrices ``BᵀB + c·I``, ``c ≥ 1``;
* :func:`full_row_rank_matrices` -- k×n matrices of rank k;
* :func:`polynomials` -- polynomials with small rational coefficients in given Symbols;
* :func:`polynomial_vector_fields` -- lists of such polynomials, one per coordinate;
* :func:`mass_operators` -- the block-diagonal mass operator diag(m_1 I_3, ..., m_N I_3), m_i > 0;
* :func:`regular_constraints` -- rheonomic or scleronomic polynomial constraints G(t, x) with
  G(0, 0) = 0 and D_xG(0, 0) of full row rank, with a consistent initial velocity;
* :func:`polynomial_forces` -- force fields F(t, x, v) with small polynomial components.

Every strategy is a pure hypothesis strategy (no global random state, so shrinking and
``derandomize=True`` work) and every entry is an exact ``sympy.Rational``.  Calls with equal arguments return
one shared strategy object (built once, validated once by hypothesis: strategies are immutable, so this changes
nothing a strategy draws, only the cost of building and validating it again inside a ``flatmap``).

:data:`MODELS` says which of the corpus's assumptions each public strategy models: every instance it draws
satisfies the predicate of each assumption listed (``tests/test_strategies.py`` checks it on drawn instances).
"""
from __future__ import annotations

from functools import lru_cache, partial
from itertools import product
from operator import itemgetter, ne
from typing import Sequence

import sympy
from sympy import QQ
from sympy.polys.matrices import DomainMatrix

from checker.kernel.engine.lazy import lazy_module

st = lazy_module("hypothesis.strategies")  # imported on first use: only the strategies need it

__all__ = [
    "rationals",
    "rational_matrices",
    "spd_matrices",
    "full_row_rank_matrices",
    "polynomials",
    "polynomial_vector_fields",
    "mass_operators",
    "regular_constraints",
    "polynomial_forces",
    "ConstraintInstance",
    "MODELS",
]

#: Public strategy (qualified name) -> the ids of the assumptions whose predicate every instance satisfies, the
#: instance handed to the predicate in the form it takes (a matrix; a constraint with the point (0, 0) of its
#: locus; ...).  A strategy not listed models no assumption with a predicate: its docstring says what it draws.
MODELS = {
    "theorems.strategies.spd_matrices": ("holonomic.chart_mass_spd", "immersion.mass_spd",
                                         "legendre.kinetic_matrix_spd"),
    "theorems.strategies.mass_operators": ("holonomic.mass_operator_spd", "holonomic.chart_mass_spd"),
    "theorems.strategies.full_row_rank_matrices": ("linalg.A_full_row_rank", "velocity_constraint.constant_rank"),
    "theorems.strategies.polynomials": ("holonomic.chart_constraint_C2",),
    "theorems.strategies.polynomial_vector_fields": ("holonomic.chart_constraint_C2",),
    "theorems.strategies.regular_constraints": ("holonomic.locus_nonempty", "holonomic.chart_constraint_C2"),
    "theorems.page3_velocity_constraints.holonomic_equivalence.integrable_data": ("velocity_constraint.re_presentation_rho_invertible",
                                                       "velocity_constraint.data_C2"),
    "theorems.page3_velocity_constraints.holonomic_equivalence.contact_data": ("velocity_constraint.data_C2",),
    "theorems.page3_velocity_constraints.velocity_constraint.datum_instances": ("velocity_constraint.constant_rank", "velocity_constraint.data_C2"),
    "theorems.symmetry.invariant_potentials": ("noether.h_translation_invariant_potential",),
}


#: how many distinct argument tuples each strategy keeps built (a few dozen occur in the corpus)
_SHARED = 256


def _hashable(symbols) -> tuple:
    """A tuple of the Symbols (or applied functions) of a sequence: the part of a strategy's key they make up."""
    return tuple(symbols)


def rationals(max_num: int = 9, max_den: int = 5, nonzero: bool = False) -> st.SearchStrategy:
    """Rationals ``p/q`` with ``|p| ≤ max_num`` and ``1 ≤ q ≤ max_den`` (``p ≠ 0`` if ``nonzero``)."""
    return _rationals(max_num, max_den, nonzero)


# Filter predicates are named functions, not lambdas: hypothesis reads a lambda's source (parsing its file) to
# describe it or to look for bounds in it, in every process that first meets it; a named function it describes
# by its name.  None of these predicates has bounds hypothesis could use, so the draws are the same.

#: ``value != 0`` (as ``0 != value``), the filter of nonzero integers.  A ``partial`` of ``operator.ne``:
#: hypothesis looks for bounds in every predicate that filters integers, each time the filtered strategy is
#: validated (inside a ``flatmap``, at every draw), and finds a function's bounds by reading and parsing its
#: source; a ``partial`` of an operator it reads directly, and ``ne`` gives no bounds.  The draws are the same.
is_nonzero = partial(ne, 0)


def has_nonzero_entry(values) -> bool:
    """Some entry of ``values`` is not 0."""
    return any(value != 0 for value in values)


def is_invertible(matrix) -> bool:
    """``det(matrix) != 0``."""
    return matrix.det() != 0


@lru_cache(maxsize=_SHARED, typed=True)
def _rationals(max_num, max_den, nonzero):
    if max_num < 1 or max_den < 1:
        raise ValueError("max_num and max_den must be at least 1")
    numerators = st.integers(-max_num, max_num)
    if nonzero:
        numerators = numerators.filter(is_nonzero)
    return st.builds(sympy.Rational, numerators, st.integers(1, max_den))


def rational_matrices(rows: int, cols: int, max_num: int = 9, max_den: int = 5) -> st.SearchStrategy:
    """``rows × cols`` sympy Matrices with entries drawn from :func:`rationals`."""
    return _rational_matrices(rows, cols, max_num, max_den)


@lru_cache(maxsize=_SHARED, typed=True)
def _rational_matrices(rows, cols, max_num, max_den):
    entries = st.lists(rationals(max_num, max_den), min_size=rows * cols, max_size=rows * cols)
    return entries.map(lambda values: sympy.Matrix(rows, cols, values))


def spd_matrices(n: int, max_num: int = 5, max_den: int = 3) -> st.SearchStrategy:
    """Symmetric positive definite ``BᵀB + c·I`` (B rational, c ≥ 1 rational): SPD by construction.

    ``BᵀB`` is positive semidefinite and ``c·I`` with ``c ≥ 1`` is positive definite, so the sum is SPD.
    """
    return _spd_matrices(n, max_num, max_den)


@lru_cache(maxsize=_SHARED, typed=True)
def _spd_matrices(n, max_num, max_den):
    shifts = st.builds(lambda p, q: 1 + sympy.Rational(p, q), st.integers(0, max_num), st.integers(1, max_den))
    return st.builds(lambda B, c: B.T * B + c * sympy.eye(n),
                     rational_matrices(n, n, max_num, max_den), shifts)


def _repair_row_rank(M: sympy.Matrix) -> sympy.Matrix:
    """``M + s·[I_k | 0]`` for the least ``s ∈ {0, …, k}`` giving rank k.

    ``det(M[:, :k] + s I)`` is a monic degree-k polynomial in s, so it has at most k roots and one of
    the k + 1 values of s makes that leading block invertible.  The rank is decided over QQ (DomainMatrix), the
    same exact rank as ``Matrix.rank`` of these rational matrices.
    """
    k = M.rows
    block = sympy.zeros(k, M.cols)
    block[:, :k] = sympy.eye(k)
    exact = DomainMatrix.from_Matrix(M).convert_to(QQ)
    exact_block = DomainMatrix.from_Matrix(block).convert_to(QQ)
    for s in range(k + 1):
        if (exact + exact_block * QQ(s)).rank() == k:
            return M + s * block
    raise AssertionError("unreachable: a monic polynomial of degree k has at most k roots")


def full_row_rank_matrices(k: int, n: int, max_num: int = 9, max_den: int = 5) -> st.SearchStrategy:
    """``k × n`` rational Matrices of rank k (k ≤ n), by repairing a random matrix with an identity block."""
    if not 0 <= k <= n:
        raise ValueError("need 0 <= k <= n for full row rank")
    return _full_row_rank_matrices(k, n, max_num, max_den)


@lru_cache(maxsize=_SHARED, typed=True)
def _full_row_rank_matrices(k, n, max_num, max_den):
    return rational_matrices(k, n, max_num, max_den).map(_repair_row_rank)


def _monomials(symbols: Sequence[sympy.Symbol], max_degree: int) -> list:
    """All monomials in ``symbols`` of total degree at most ``max_degree``."""
    return list(_monomial_tuple(_hashable(symbols), max_degree))


@lru_cache(maxsize=_SHARED, typed=True)
def _monomial_tuple(symbols: tuple, max_degree: int) -> tuple:
    return tuple(_monomials_of(symbols, max_degree))


def _monomials_of(symbols, max_degree):
    symbols = list(symbols)
    return [sympy.Mul(*(s ** e for s, e in zip(symbols, exponents)))
            for exponents in product(range(max_degree + 1), repeat=len(symbols))
            if sum(exponents) <= max_degree]


def polynomials(symbols: Sequence[sympy.Symbol], max_degree: int = 2, max_terms: int = 4,
                min_terms: int = 0, max_num: int = 9, max_den: int = 5) -> st.SearchStrategy:
    """Polynomials with ``min_terms..max_terms`` distinct monomials of degree ≤ ``max_degree`` (nonzero if ``min_terms ≥ 1``)."""
    return _polynomials(_hashable(symbols), max_degree, max_terms, min_terms, max_num, max_den)


@lru_cache(maxsize=_SHARED, typed=True)
def _polynomials(symbols, max_degree, max_terms, min_terms, max_num, max_den):
    monomials = _monomials(symbols, max_degree)
    terms = st.lists(st.tuples(rationals(max_num, max_den, nonzero=True), st.sampled_from(monomials)),
                     min_size=min_terms, max_size=min(max_terms, len(monomials)),
                     unique_by=itemgetter(1))  # one term per monomial
    return terms.map(lambda ts: sympy.Add(*(c * m for c, m in ts)))


def polynomial_vector_fields(coords: Sequence[sympy.Symbol], max_degree: int = 2, max_terms: int = 3,
                             max_num: int = 9, max_den: int = 5) -> st.SearchStrategy:
    """Vector fields as lists of polynomial components, one per coordinate, in the Symbols ``coords``."""
    return _polynomial_vector_fields(_hashable(coords), max_degree, max_terms, max_num, max_den)


@lru_cache(maxsize=_SHARED, typed=True)
def _polynomial_vector_fields(coords, max_degree, max_terms, max_num, max_den):
    coords = list(coords)
    component = polynomials(coords, max_degree, max_terms, max_num=max_num, max_den=max_den)
    return st.lists(component, min_size=len(coords), max_size=len(coords))


def mass_operators(particles: int = 1, max_num: int = 5, max_den: int = 2) -> st.SearchStrategy:
    """The mass operator diag(m_1 I_3, ..., m_N I_3) with positive rational masses (symmetric positive definite)."""
    return _mass_operators(particles, max_num, max_den)


@lru_cache(maxsize=_SHARED, typed=True)
def _mass_operators(particles, max_num, max_den):
    masses = st.lists(st.fractions(min_value=sympy.Rational(1, max_den), max_value=max_num, max_denominator=max_den),
                      min_size=particles, max_size=particles)
    return masses.map(lambda ms: sympy.diag(*[sympy.Rational(m.numerator, m.denominator) for m in ms for _ in range(3)]))


class ConstraintInstance:
    """A constraint G(t, x) (length-k list) with G(0, 0) = 0, rank D_xG(0, 0) = k, and consistent data (0, 0, v0)."""

    def __init__(self, G, v0, rheonomic: bool):
        self.G, self.v0, self.rheonomic = G, v0, rheonomic

    def __repr__(self):
        return f"ConstraintInstance(G={[sympy.sstr(g) for g in self.G]}, v0={list(self.v0)}, rheonomic={self.rheonomic})"


def regular_constraints(x: Sequence, t, k: int, rheonomic: bool = True, max_num: int = 3, max_den: int = 2) -> st.SearchStrategy:
    """G_a = L_a·x + s_a t x_j + r_a x_i² + u_a t² (u = s = 0 when scleronomic), L of full row rank k.

    ``x`` are the coordinates (symbols or functions of t).  G(0, 0) = 0, D_xG(0, 0) = L has rank k,
    and ``v0`` is a nonzero vector of ker L, so (0, 0, v0) is consistent data (G_t(0, 0) = 0 as well).
    """
    return _regular_constraints(_hashable(x), t, k, rheonomic, max_num, max_den)


@lru_cache(maxsize=_SHARED, typed=True)
def _regular_constraints(x, t, k, rheonomic, max_num, max_den):
    x = list(x)
    n = len(x)
    small = rationals(max_num, max_den)
    row = st.tuples(small, st.integers(0, n - 1), small, st.integers(0, n - 1), small)

    def build(args):
        L, rows, kernel_weights = args
        G = []
        for a in range(k):
            s_a, j, r_a, i, u_a = rows[a]
            linear = sum(L[a, c] * x[c] for c in range(n))
            time_terms = (s_a * t * x[j] + u_a * t**2) if rheonomic else 0
            G.append(linear + time_terms + r_a * x[i] ** 2)
        basis = L.nullspace()
        v0 = sum((w * b for w, b in zip(kernel_weights, basis)), sympy.zeros(n, 1))
        return ConstraintInstance(G, list(v0), rheonomic)

    return st.tuples(full_row_rank_matrices(k, n, max_num=max_num, max_den=max_den),
                     st.lists(row, min_size=k, max_size=k),
                     st.lists(rationals(max_num, max_den, nonzero=True), min_size=n - k, max_size=n - k)).map(build)


def polynomial_forces(t, x: Sequence, v: Sequence, max_terms: int = 2, max_num: int = 3, max_den: int = 2) -> st.SearchStrategy:
    """Force fields F(t, x, v): one polynomial of degree ≤ 2 in (t, x, v) per coordinate."""
    return _polynomial_forces(t, _hashable(x), _hashable(v), max_terms, max_num, max_den)


@lru_cache(maxsize=_SHARED, typed=True)
def _polynomial_forces(t, x, v, max_terms, max_num, max_den):
    variables = [t, *x, *v]
    return st.lists(polynomials(variables, max_degree=2, max_terms=max_terms, max_num=max_num, max_den=max_den),
                    min_size=len(x), max_size=len(x))
