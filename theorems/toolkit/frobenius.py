"""Vector fields, differential forms and the Frobenius integrability theorem in coordinates.

This file contains

* :func:`lie_bracket` -- the Lie bracket ``[X, Y]^i = Σ_j (X^j ∂_j Y^i − Y^j ∂_j X^i)``;
* :func:`is_involutive` -- decision whether the span of vector fields is closed under the
  bracket (generic rank), with a witness bracket or a certificate of coefficients;
* :func:`exterior_derivative`, :func:`wedge_one_two` -- ``d`` of a one-form and the wedge
  product of a one-form with a two-form;
* :func:`satisfies_frobenius_condition` -- decision whether ``ω ∧ dω = 0``;
* :func:`annihilated_distribution` -- a basis of ``ker A``, the distribution annihilated by
  the rows of ``A`` read as one-forms;

Part of the toolkit (:mod:`theorems.toolkit`): declares no item; the Frobenius items are in
:mod:`theorems.foundations.frobenius`.

Coordinates are plain sympy Symbols.  A vector field is a list (or column Matrix) of its
components; a one-form ``ω = Σ a_i dx_i`` is the list of its coefficients ``a_i``; a two-form
(three-form) is a dict mapping increasing index tuples ``(i, j)`` (``(i, j, k)``) to the
coefficient of ``dx_i ∧ dx_j`` (``dx_i ∧ dx_j ∧ dx_k``), with zero coefficients omitted.

All rank and zero tests are *generic* and go through :mod:`theorems.toolkit.zero_handling` (a pivot is shown
non-zero, an entry treated as zero is shown zero, ranks are cross-checked at random points), so an answer
is valid on the open dense set where the ranks involved do not drop; when a zero test cannot be settled the
decision is undecided (``Decision.undecided``) with the reason.
"""
from __future__ import annotations

from functools import reduce
from itertools import combinations
from typing import Sequence

import sympy
from sympy import Matrix

from checker.kernel.decision import Decision, undecided_on_floats
from theorems.toolkit.zero_handling import (ZeroUndecided, _numeric_rank_checked, apply_row_operations, back_substitute, eliminate,
                                    generic_rank, kernel_basis, witness_point, zero_state)

__all__ = [
    "lie_bracket",
    "is_involutive",
    "exterior_derivative",
    "wedge_one_two",
    "satisfies_frobenius_condition",
    "annihilated_distribution",
]


# ---------------------------------------------------------------------------
# generic linear algebra over the field of functions (theorems.toolkit.zero_handling)
# ---------------------------------------------------------------------------

def _as_column(vector) -> Matrix:
    """A vector field as a column Matrix."""
    return Matrix(list(vector))


def _generic_rank(M: Matrix) -> int:
    """The generic rank of ``M`` (rank over the field of functions; :class:`ZeroUndecided` when not settled)."""
    return generic_rank(M)


class _Span:
    """The span of the columns of a matrix over the field of functions, eliminated once: membership of a vector is
    decided by replaying the row operations on it and solving on the pivot columns, then re-checked by substitution."""

    def __init__(self, fields_matrix: Matrix):
        self.matrix = fields_matrix
        self.operations: list = []
        self.rows, self.pivots = eliminate(fields_matrix, self.operations)
        _numeric_rank_checked(fields_matrix, len(self.pivots))

    @property
    def rank(self) -> int:
        return len(self.pivots)

    def coefficients(self, vector: Matrix):
        """``(c, residual)``: the candidate c (zero off the pivot columns) and ``M c − vector``; the vector lies in the
        span exactly when every residual entry is ≡ 0 (c is the only candidate: the pivot columns are independent)."""
        if not self.pivots:
            return sympy.zeros(self.matrix.cols, 1), Matrix(vector)
        transformed = apply_row_operations(self.operations, vector)
        c = Matrix(back_substitute(self.rows, self.pivots, transformed))
        return c, self.matrix * c - vector


# ---------------------------------------------------------------------------
# vector fields
# ---------------------------------------------------------------------------

def lie_bracket(X, Y, coords) -> Matrix:
    """The Lie bracket ``[X, Y]^i = Σ_j (X^j ∂_j Y^i − Y^j ∂_j X^i)`` as a column Matrix."""
    X, Y, coords = list(X), list(Y), list(coords)
    if not (len(X) == len(Y) == len(coords)):
        raise ValueError("vector fields and coordinates must have the same length")
    X, Y = [sympy.sympify(e) for e in X], [sympy.sympify(e) for e in Y]

    def derivative(a, b, xj):  # a ∂_j b, skipping the terms that vanish structurally
        return a * sympy.diff(b, xj) if a != 0 and b.has(xj) else sympy.S.Zero
    return Matrix([
        sympy.expand(sum((derivative(X[j], Y[i], xj) - derivative(Y[j], X[i], xj)
                          for j, xj in enumerate(coords)), sympy.S.Zero))
        for i in range(len(coords))
    ])


@undecided_on_floats
def is_involutive(fields: Sequence, coords) -> Decision:
    """Decide whether ``span(fields)`` is closed under the Lie bracket, for the generic rank.

    Holds iff every bracket ``[X_i, X_j]`` (``i < j``) lies in the span over the field of functions
    (:mod:`theorems.zero_handling`); the answer is valid off the set where the rank of the fields drops.  The fields are
    eliminated once (every pivot shown ≢ 0, the rank cross-checked at random points); for each bracket the row
    operations are replayed and the only candidate coefficients c solved on the pivot columns.  Certificate on
    success: ``{(i, j): c}`` with ``[X_i, X_j] = Σ_k c_k X_k`` (each component of the difference shown ≡ 0); witness on
    failure: ``dict(pair=(i, j), bracket=Matrix)``, a component of ``Σ_k c_k X_k − [X_i, X_j]`` being shown ≢ 0 (the
    generic rank rises by one, re-checked at random points; details give that component and a point where it is
    non-zero).  Undecided when a zero test cannot be settled.
    """
    columns = [_as_column(f) for f in fields]
    coords = list(coords)
    if not columns:
        return Decision(True, certificate={}, explanation="the empty family is involutive",
                        details={"rank": 0})
    try:
        span = _Span(Matrix.hstack(*columns))
        rank = span.rank
        certificate = {}
        for i, j in combinations(range(len(columns)), 2):
            bracket = lie_bracket(columns[i], columns[j], coords)
            coefficients, residual = span.coefficients(bracket)
            states = [zero_state(e) for e in residual]
            outside = [(index, e) for index, (e, state) in enumerate(zip(residual, states)) if state.is_zero is False]
            if outside:
                index, component = outside[0]
                _numeric_rank_checked(Matrix.hstack(span.matrix, bracket), rank + 1)  # re-check the witness
                return Decision(
                    False,
                    witness={"pair": (i, j), "bracket": bracket},
                    explanation=f"[X_{i}, X_{j}] leaves the span (generic rank {rank} -> {rank + 1})",
                    details={"rank": rank, "rank_with_bracket": rank + 1, "outside component": index,
                             "residual": component, "nonzero at": witness_point(component)},
                )
            if any(state.is_zero is None for state in states):
                reasons = "; ".join(state.reason for state in states if state.is_zero is None)
                return Decision.undecided_because(f"could not decide whether [X_{i}, X_{j}] lies in the span: {reasons}",
                                                  {"rank": rank})
            certificate[(i, j)] = coefficients
    except ZeroUndecided as exc:
        return Decision.undecided_because(exc.reason)
    return Decision(
        True,
        certificate=certificate,
        explanation=f"every bracket lies in the span (generic rank {rank})",
        details={"rank": rank},
    )


def annihilated_distribution(A, coords) -> list[Matrix]:
    """A basis of ``ker A = {v : A v = 0}``: the distribution annihilated by the rows of ``A``.

    Each vector is re-checked (``A v`` shown ≡ 0); :class:`~theorems.zero_handling.ZeroUndecided` when an entry
    cannot be settled.
    """
    A = Matrix(A)
    if A.cols != len(list(coords)):
        raise ValueError("constraint matrix must have one column per coordinate")
    return [_clear_denominators(v.applyfunc(sympy.cancel)) for v in kernel_basis(A)]


def _clear_denominators(v: Matrix) -> Matrix:
    """``v`` times the lcm of its entries' denominators (same generic span, polynomial entries when possible)."""
    denominators = [sympy.fraction(sympy.together(e))[1] for e in v]
    try:
        common = reduce(sympy.lcm, denominators, sympy.S.One)
    except (sympy.PolynomialError, TypeError, ValueError):
        return v
    return (common * v).applyfunc(sympy.cancel)


# ---------------------------------------------------------------------------
# differential forms
# ---------------------------------------------------------------------------

def exterior_derivative(omega, coords) -> dict:
    """``d(Σ a_i dx_i) = Σ_{i<j} (∂_i a_j − ∂_j a_i) dx_i ∧ dx_j`` as a dict ``{(i, j): coefficient}``.

    A coefficient is omitted only when shown ≡ 0 (:func:`theorems.zero_handling.zero_state`).
    """
    a, coords = list(omega), list(coords)
    if len(a) != len(coords):
        raise ValueError("one-form and coordinates must have the same length")
    two_form = {}
    for i, j in combinations(range(len(coords)), 2):
        coefficient = sympy.cancel(sympy.diff(a[j], coords[i]) - sympy.diff(a[i], coords[j]))
        if coefficient != 0 and zero_state(coefficient).is_zero is not True:
            two_form[(i, j)] = coefficient
    return two_form


def wedge_one_two(omega, two_form: dict, coords) -> dict:
    """``(ω ∧ η)_{ijk} = a_i η_jk − a_j η_ik + a_k η_ij`` for ``i < j < k``, as a dict (zeros dropped)."""
    a, coords = list(omega), list(coords)
    if len(a) != len(coords):
        raise ValueError("one-form and coordinates must have the same length")
    eta = lambda i, j: two_form.get((i, j), sympy.S.Zero)  # noqa: E731
    three_form = {}
    for i, j, k in combinations(range(len(coords)), 3):
        coefficient = sympy.cancel(a[i] * eta(j, k) - a[j] * eta(i, k) + a[k] * eta(i, j))
        if coefficient != 0 and zero_state(coefficient).is_zero is not True:
            three_form[(i, j, k)] = coefficient
    return three_form


@undecided_on_floats
def satisfies_frobenius_condition(omega, coords) -> Decision:
    """Decide whether the one-form ω satisfies ``ω ∧ dω = 0`` identically (Frobenius: ker ω integrable).

    Witness on failure: the three-form ``ω ∧ dω`` as a dict, with a coefficient shown ≢ 0 and a point where it is
    non-zero; certificate on success: ``dω`` (every coefficient of ``ω ∧ dω`` shown ≡ 0).  Undecided otherwise.
    """
    d_omega = exterior_derivative(omega, coords)
    three_form = wedge_one_two(omega, d_omega, coords)
    if not three_form:
        return Decision(True, certificate=d_omega, explanation="ω ∧ dω = 0 identically",
                        details={"d_omega": d_omega})
    for index, coefficient in three_form.items():
        if zero_state(coefficient).is_zero is False:
            return Decision(False, witness=three_form, explanation=f"ω ∧ dω ≠ 0: its {index} coefficient is ≢ 0",
                            details={"d_omega": d_omega, "coefficient": index, "point": witness_point(coefficient)})
    reasons = "; ".join(zero_state(c).reason for c in three_form.values())
    return Decision.undecided_because(f"the coefficients {sympy.sstr(three_form)} of ω ∧ dω were neither shown ≡ 0 "
                                      f"nor ≢ 0 ({reasons})", {"d_omega": d_omega})

