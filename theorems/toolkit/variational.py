"""Variational equations of motion for Lagrangian systems, with and without constraints.

This file contains

* :func:`euler_lagrange` -- the Euler--Lagrange operator
  ``EL_i(L) = d/dt ∂L/∂q̇_i − ∂L/∂q_i``;
* :class:`ConstrainedEquations` -- a constrained system of equations of motion together
  with its Lagrange multipliers;
* :func:`dalembert_equations` -- the Lagrange--d'Alembert (Chetaev) equations of a system
  with the linear velocity constraint ``A(q, t) q̇ + b(q, t) = 0``;
* :func:`vakonomic_equations` -- the Euler--Lagrange equations of the augmented Lagrangian
  ``L + μ·(A q̇ + b)`` (vakonomic mechanics);
* :func:`solve_multipliers` -- elimination of the multipliers by differentiating the
  constraint once and solving the resulting linear system (:func:`solve_exactly`: fraction-free, one
  cancellation per entry).

Conventions are those of ``sympy.physics.mechanics``: a coordinate is an applied function
of the time Symbol ``t`` (``dynamicsymbols('x')`` or ``Function('x')(t)``), its velocity is
``q.diff(t)``, and partial derivatives are taken with respect to ``q_i`` and ``q_i.diff(t)``
directly, treating them as independent.  Residuals are reduced with ``expand``/``cancel``;
``simplify`` is never called.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Sequence

import sympy
from sympy import Derivative, Dummy, Eq, Function, Matrix, Symbol
from sympy.core.function import AppliedUndef

__all__ = [
    "ConstrainedEquations",
    "euler_lagrange",
    "dalembert_equations",
    "vakonomic_equations",
    "solve_multipliers",
    "solve_exactly",
]


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

def _as_coordinate_list(q) -> list:
    """The coordinates as a plain Python list."""
    if isinstance(q, sympy.MatrixBase):
        return list(q)
    if isinstance(q, sympy.Basic):
        return [q]
    return list(q)


# the two conventions for (t, q, v): coordinates as functions of t, or plain Symbols with v=[...]

@dataclass(frozen=True)
class LagrangianChart:
    """The variables (t, q, v) of a fibre-full chart J × U × ℝⁿ, in the ``functions`` or ``symbols`` convention."""

    time: Symbol
    coordinates: tuple
    velocities: tuple
    convention: str

    @property
    def n(self) -> int:
        return len(self.coordinates)

    @property
    def variables(self) -> tuple:
        """(t, q_1, …, q_n, v_1, …, v_n)."""
        return (self.time, *self.coordinates, *self.velocities)

    def momentum_variables(self, names=None) -> tuple:
        """Momenta p_i in the chart's convention (functions p_x(t) or real Symbols p_x), or the given ones."""
        if names is not None:
            momenta = tuple(_as_coordinate_list(names))
            if len(momenta) != self.n:
                raise ValueError(f"need {self.n} momenta, got {len(momenta)}")
            return momenta
        labels = [f"p_{_name(c)}" for c in self.coordinates]
        if self.convention == "functions":
            return tuple(Function(s, real=True)(self.time) for s in labels)
        return tuple(Symbol(s, real=True) for s in labels)


def _name(variable) -> str:
    return variable.func.__name__ if isinstance(variable, AppliedUndef) else str(variable)


def _is_curve(c, t) -> bool:
    return isinstance(c, AppliedUndef) and c.args == (t,)


def lagrangian_chart(q, t, v=None) -> LagrangianChart:
    """The chart variables: coordinates all functions of ``t`` (no ``v``), or all Symbols with velocity Symbols ``v``.

    The one parser of the two conventions the toolkit accepts (used by :mod:`theorems.page1_variations.legendre` and
    :mod:`theorems.symmetry`).
    """
    if not isinstance(t, Symbol):
        raise ValueError(f"the time must be a sympy Symbol, got {t!r}")
    coordinates = _as_coordinate_list(q)
    if not coordinates:
        raise ValueError("need at least one coordinate (n ≥ 1)")
    if all(_is_curve(c, t) for c in coordinates):
        if v is not None:
            raise ValueError("coordinates are functions of t, so the velocities are q_i.diff(t); do not pass v")
        return LagrangianChart(t, tuple(coordinates), tuple(c.diff(t) for c in coordinates), "functions")
    if all(isinstance(c, Symbol) for c in coordinates):
        if v is None:
            raise ValueError("plain-Symbol coordinates need velocity Symbols v=[...], one per coordinate")
        velocities = _as_coordinate_list(v)
        if len(velocities) != len(coordinates) or not all(isinstance(s, Symbol) for s in velocities):
            raise ValueError(f"need {len(coordinates)} velocity Symbols, got {velocities!r}")
        if len({t, *coordinates, *velocities}) != 1 + 2 * len(coordinates):
            raise ValueError("time, coordinate and velocity Symbols must be distinct")
        return LagrangianChart(t, tuple(coordinates), tuple(velocities), "symbols")
    raise ValueError(f"coordinates must all be functions of {t} (x({t})) or all plain Symbols, got {coordinates!r}")


def _constraint_matrix(A, n: int) -> Matrix:
    """``A`` as a k×n Matrix; a flat list of n scalars is read as a single row."""
    if not isinstance(A, sympy.MatrixBase):
        entries = list(A)
        if entries and not isinstance(entries[0], (list, tuple, sympy.MatrixBase)):
            A = Matrix([entries])
        else:
            A = Matrix(entries)
    A = Matrix(A)
    if A.cols != n and A.rows == n and A.cols == 1:
        A = A.T
    if A.cols != n:
        raise ValueError(f"constraint matrix has {A.cols} columns, expected {n} (one per coordinate)")
    return A


def _constraint_offset(b, k: int) -> Matrix:
    """``b`` as a length-k column Matrix (``None`` means zero)."""
    if b is None:
        return sympy.zeros(k, 1)
    if isinstance(b, sympy.Basic) and not isinstance(b, sympy.MatrixBase):
        b = [b]
    b = Matrix(list(b))
    if len(b) != k:
        raise ValueError(f"constraint offset has {len(b)} entries, expected {k}")
    return b


def _taken_names(*objects) -> set[str]:
    """Names of the Symbols and undefined functions occurring in the given objects."""
    names: set[str] = set()
    for obj in objects:
        if obj is None:
            continue
        items = list(obj) if isinstance(obj, (list, tuple, sympy.MatrixBase)) else [obj]
        for item in items:
            item = sympy.sympify(item)
            names.update(s.name for s in item.free_symbols if hasattr(s, "name"))
            names.update(f.func.__name__ for f in item.atoms(AppliedUndef))
    return names


def _has_dummy(exprs) -> bool:
    """Does any of the expressions (or sequences of them) contain a Dummy?"""
    for e in exprs:
        items = e if isinstance(e, (list, tuple, sympy.MatrixBase)) else (e,)
        if any(isinstance(x, sympy.Basic) and x.has(Dummy) for x in items):
            return True
    return False


def _multipliers(multiplier, k: int, t, taken: set[str]) -> list:
    """The k multiplier functions of t: new ones named ``{multiplier}_{a}`` (a name), or the k given ones, which must be
    distinct functions of ``t`` alone whose names occur nowhere in the system."""
    if isinstance(multiplier, str):
        return _fresh_multipliers(multiplier, k, t, taken)
    given = list(multiplier)
    if len(given) != k or len(set(given)) != k or not all(_is_curve(g, t) for g in given):
        raise ValueError(f"need {k} distinct multiplier functions of {t}, got {given!r}")
    clashes = sorted({_name(g) for g in given} & taken)
    if clashes:
        raise ValueError(f"multiplier names {clashes} already occur in the system")
    return given


def _fresh_multipliers(base: str, k: int, t, taken: set[str]) -> list:
    """k new functions of t named ``{base}_{a}``, padded with underscores to avoid ``taken``."""
    multipliers = []
    for a in range(k):
        name = f"{base}_{a}"
        while name in taken:
            name += "_"
        taken.add(name)
        multipliers.append(Function(name)(t))
    return multipliers


# ---------------------------------------------------------------------------
# equations of motion
# ---------------------------------------------------------------------------

#: the most recent Euler--Lagrange expressions, by (L, coordinates, t): the operator is a pure function of them
_EULER_LAGRANGE_MEMO: dict = {}
_EULER_LAGRANGE_MEMO_SIZE = 64


def euler_lagrange(L, q, t) -> list:
    """The Euler--Lagrange operator: ``[d/dt ∂L/∂q̇_i − ∂L/∂q_i for each coordinate q_i]``.

    A trajectory solves the Euler--Lagrange equations of ``L`` exactly when every entry vanishes.
    The expressions of a recent call with the same (structurally equal) ``L``, coordinates and ``t`` are reused:
    the operator is computed by ``sympy.diff`` alone, a pure function of its arguments.
    """
    coordinates = _as_coordinate_list(q)
    try:
        key = (sympy.sympify(L), tuple(coordinates), t)
        known = _EULER_LAGRANGE_MEMO.get(key)
    except TypeError:  # an unhashable argument: computed, not remembered
        key, known = None, None
    if known is not None:
        return list(known)
    # the operator is linear and sympy differentiates a sum term by term: per term of L, then summed (Add flattens and
    # collects the same terms as differentiating the whole sum), so a term shared by two Lagrangians is done once
    pieces = [_euler_lagrange_term(term, coordinates, t) for term in sympy.Add.make_args(sympy.sympify(L))]
    result = [sympy.Add(*(rates[i] for rates, _ in pieces)) - sympy.Add(*(gradients[i] for _, gradients in pieces))
              for i in range(len(coordinates))]
    if key is not None:
        if len(_EULER_LAGRANGE_MEMO) >= _EULER_LAGRANGE_MEMO_SIZE:
            del _EULER_LAGRANGE_MEMO[next(iter(_EULER_LAGRANGE_MEMO))]
        _EULER_LAGRANGE_MEMO[key] = tuple(result)
    return list(result)


#: per term of a Lagrangian: (d/dt ∂term/∂q̇_i, ∂term/∂q_i) for each coordinate, by (term, coordinates, t)
_EULER_LAGRANGE_TERM_MEMO: dict = {}
_EULER_LAGRANGE_TERM_MEMO_SIZE = 256


def _euler_lagrange_term(term, coordinates, t) -> tuple:
    """``(d/dt ∂term/∂q̇_i for each i, ∂term/∂q_i for each i)`` by ``sympy.diff``, remembered (a pure function)."""
    try:
        key = (term, tuple(coordinates), t)
        known = _EULER_LAGRANGE_TERM_MEMO.get(key)
    except TypeError:  # an unhashable argument: computed, not remembered
        key, known = None, None
    if known is not None:
        return known
    known = (tuple(sympy.diff(term, qi.diff(t)).diff(t) for qi in coordinates),
             tuple(sympy.diff(term, qi) for qi in coordinates))
    if key is not None:
        if len(_EULER_LAGRANGE_TERM_MEMO) >= _EULER_LAGRANGE_TERM_MEMO_SIZE:
            del _EULER_LAGRANGE_TERM_MEMO[next(iter(_EULER_LAGRANGE_TERM_MEMO))]
        _EULER_LAGRANGE_TERM_MEMO[key] = known
    return known


@dataclass(frozen=True)
class ConstrainedEquations:
    """Equations of motion of a constrained system together with its Lagrange multipliers.

    ``dynamics`` has one ``Eq`` per coordinate, ``constraints`` one ``Eq(row·q̇ + b_a, 0)`` per
    constraint and ``multipliers`` the multiplier functions of time.  Iterating yields
    ``(equations, multipliers)`` so that ``eqs, mults = dalembert_equations(...)`` works.
    """

    dynamics: list
    constraints: list
    multipliers: list
    coordinates: list = field(default_factory=list)
    kind: str = ""

    @property
    def equations(self) -> list:
        """All equations: the dynamics followed by the constraints."""
        return list(self.dynamics) + list(self.constraints)

    def residuals(self) -> list:
        """``lhs − rhs`` of every equation (dynamics first, then constraints)."""
        return [eq.lhs - eq.rhs for eq in self.equations]

    def __iter__(self) -> Iterator:
        yield self.equations
        yield list(self.multipliers)


def dalembert_equations(L, q, t, A, b=None, multiplier="lambda") -> ConstrainedEquations:
    """Lagrange--d'Alembert equations ``EL_i(L) = Σ_a λ_a A_{a i}`` with ``A(q,t) q̇ + b(q,t) = 0``.

    The multipliers ``λ_a`` are new functions of ``t`` named ``{multiplier}_{a}``, or, when ``multiplier`` is a
    sequence of k functions of ``t`` (names not occurring in the system), those.
    """
    coordinates = _as_coordinate_list(q)
    A = _constraint_matrix(A, len(coordinates))
    b = _constraint_offset(b, A.rows)
    multipliers = _multipliers(multiplier, A.rows, t, _taken_names(L, A, b, coordinates, t))
    velocities = Matrix([qi.diff(t) for qi in coordinates])

    el = euler_lagrange(L, coordinates, t)
    dynamics = [
        Eq(el[i], sum((multipliers[a] * A[a, i] for a in range(A.rows)), sympy.S.Zero), evaluate=False)
        for i in range(len(coordinates))
    ]
    constraints = [
        Eq((A.row(a) * velocities)[0, 0] + b[a], 0, evaluate=False) for a in range(A.rows)
    ]
    return ConstrainedEquations(dynamics, constraints, multipliers, coordinates, "dalembert")


def vakonomic_equations(L, q, t, A, b=None, multiplier="mu") -> ConstrainedEquations:
    """Euler--Lagrange equations ``EL_i(L + Σ_a μ_a (A_a·q̇ + b_a)) = 0`` varied in q, plus the constraint.

    Varying the multipliers ``μ_a`` (new functions of ``t``, named as in :func:`dalembert_equations`, or the given
    ones) gives back the constraint rows.
    """
    coordinates = _as_coordinate_list(q)
    A = _constraint_matrix(A, len(coordinates))
    b = _constraint_offset(b, A.rows)
    multipliers = _multipliers(multiplier, A.rows, t, _taken_names(L, A, b, coordinates, t))
    velocities = Matrix([qi.diff(t) for qi in coordinates])

    constraint_values = [(A.row(a) * velocities)[0, 0] + b[a] for a in range(A.rows)]
    augmented = L + sum((mu * c for mu, c in zip(multipliers, constraint_values)), sympy.S.Zero)
    dynamics = [Eq(e, 0, evaluate=False) for e in euler_lagrange(augmented, coordinates, t)]
    constraints = [Eq(c, 0, evaluate=False) for c in constraint_values]
    return ConstrainedEquations(dynamics, constraints, multipliers, coordinates, "vakonomic")


#: the default limit of :func:`solve_multipliers` on the size of the exact solution (terms of a polynomial)
EXACT_TERM_LIMIT = 2000


def solve_exactly(matrix, rhs, max_terms=None) -> list:
    """The solution x of the square system ``matrix · x = rhs``, exactly in the field of rational functions of the
    entries' generators: fraction-free in their polynomial ring (:func:`theorems.fraction_free.fraction_free_solve`),
    the result re-checked there (``A Y = Δ B``), then one cancelled quotient per entry.
    ``NonInvertibleMatrixError`` when the matrix is singular, in that field or as functions (its determinant Δ
    shown ≡ 0 by the toolkit's zero test, a disguised 0 included), ``ZeroUndecided`` when Δ ≢ 0 cannot be shown;
    :class:`~theorems.fraction_free.TermLimitExceeded` when a polynomial formed has more than ``max_terms`` terms."""
    from theorems.toolkit.fraction_free import PolynomialMatrices, fraction_free_solve, matrix_product
    ring_matrices = PolynomialMatrices(matrix, rhs)
    ring = ring_matrices.ring
    (A, dA), (B, dB) = ring_matrices.matrices
    singular = sympy.matrices.exceptions.NonInvertibleMatrixError
    ring_matrices.require_nonzero(dB, "the common denominator of the right-hand side")
    try:
        Y, delta = fraction_free_solve(A, B, ring, max_terms)  # A Y = Δ B, so x = (A/dA)⁻¹ (B/dB) = dA Y / (Δ dB)
    except ZeroDivisionError as exc:
        raise singular(f"the linear system is singular: {exc}") from exc
    # Δ ≠ 0 with the generators as independent indeterminates; a disguised 0 (sin² + cos² − 1) is a singular matrix
    ring_matrices.require_nonzero(delta, "the determinant of the linear system", singular)
    if any(p != delta * b for row, brow in zip(matrix_product(A, Y, ring), B) for p, b in zip(row, brow)):
        raise ArithmeticError("the solution of the linear system does not check out")
    return [ring_matrices.to_expr(dA * row[0], delta * dB) for row in Y]


def solve_multipliers(eqs: ConstrainedEquations, q, t, simplify=None, max_terms: int = EXACT_TERM_LIMIT) -> dict:
    """Solve the dynamics and the once-differentiated constraint ``d/dt(A q̇ + b) = 0`` for (q̈, λ).

    Returns one dict with keys the multipliers ``λ_a`` and the accelerations ``q̈_i``, values
    expressions in ``q, q̇, t``.  If the dynamics contain ``λ̇_a`` (vakonomic systems) the unknown
    is ``λ̇_a`` instead, and the values may then also involve ``λ``.
    The linear system is written with ``linear_eq_to_matrix``; ``simplify=True`` solves it exactly with one cancelled
    quotient per value (:func:`solve_exactly`), ``simplify=False`` by sympy's ``LUsolve`` without simplification
    (:func:`theorems.fraction_free.lu_solve_unexpanded`), and
    ``simplify=None`` (the default) exactly unless a polynomial of the exact solve has more than ``max_terms`` terms,
    then by ``LUsolve``.  Both forms are exact and equal where defined.
    """
    coordinates = _as_coordinate_list(q)
    accelerations = [qi.diff(t, 2) for qi in coordinates]
    dynamics = [eq.lhs - eq.rhs for eq in eqs.dynamics]
    differentiated_constraints = [(eq.lhs - eq.rhs).diff(t) for eq in eqs.constraints]
    system = dynamics + differentiated_constraints

    multiplier_unknowns = []
    for lam in eqs.multipliers:
        rate = lam.diff(t)
        if any(e.has(lam.diff(t, 2)) for e in system):
            raise ValueError(f"second derivative of the multiplier {lam} occurs; cannot solve")
        multiplier_unknowns.append(rate if any(e.has(rate) for e in system) else lam)

    unknowns = accelerations + multiplier_unknowns
    placeholders = [Dummy(f"u{i}") for i in range(len(unknowns))]
    # The unknowns occur structurally (Derivative(q_i, (t, 2)), λ_a or λ̇_a), so xreplace is exact.
    replacement = dict(zip(unknowns, placeholders))
    linear_system = [sympy.expand(e.xreplace(replacement)) for e in system]
    if any(e.has(u) for e in linear_system for u in unknowns):
        raise ValueError("unknowns survive placeholder substitution; system is not in canonical form")

    matrix, rhs = sympy.linear_eq_to_matrix(linear_system, *placeholders)
    if matrix.rows != matrix.cols:
        raise ValueError(f"system has {matrix.rows} equations for {matrix.cols} unknowns")
    values = _solve_linear_system(matrix, rhs, simplify, max_terms)

    n = len(accelerations)
    result = dict(zip(multiplier_unknowns, values[n:]))
    result.update(zip(accelerations, values[:n]))
    return result


def _solve_linear_system(matrix, rhs, simplify, max_terms) -> list:
    """The values of :func:`solve_multipliers`: exact (:func:`solve_exactly`) or ``LUsolve`` (see its ``simplify``)."""
    from theorems.toolkit.fraction_free import TermLimitExceeded, lu_solve_unexpanded
    if simplify is not False:
        try:
            return solve_exactly(matrix, rhs, None if simplify else max_terms)
        except TermLimitExceeded:
            pass
    return list(lu_solve_unexpanded(matrix, rhs))
