"""Immersions and the reduced d'Alembert equation (seed 001): motion of a system parametrised by q ↦ X(q).

* :func:`generic_two_jet_map` -- a generic C² map whose partial derivatives of order ≤ 2 are undefined functions;
* :func:`reduced_mass_matrix` -- DXᵀ M DX;
* :func:`reduced_dalembert_equation` -- the reduced mass matrix, the generalized force DXᵀF, the acceleration
  correction DXᵀ M X_qq[q', q'] and the residual of the reduced equation, as a :class:`ReducedDalembertEquation`;
* :func:`is_immersion` -- decision: DX injective at a point, generically, or at every point.

Coordinates are functions of time (``sympy.physics.mechanics`` style).  Part of the toolkit
(:mod:`theorems.toolkit`): declares no item; the corollary ``immersion.reduced_dalembert_equation`` and the
items around it are in :mod:`theorems.page1_variations.immersion`.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import sympy
from sympy import Function, Matrix, Rational, Symbol
from sympy.core.function import AppliedUndef
from sympy.matrices.utilities import dotprodsimp

from checker.kernel.decision import Decision, undecided_on_floats
from checker.kernel.engine.instances import satisfies_assumptions
from theorems.toolkit.holonomic_dynamics import constraint_derivatives
from theorems.toolkit.variational import _as_coordinate_list
from theorems.toolkit.zero_handling import (ZeroUndecided, kernel_basis, require_zero_state, rewritten_within,
                                            witness_point, zero_state)

__all__ = [
    "ImmersionUndecided", "ReducedDalembertEquation", "generic_two_jet_map", "reduced_mass_matrix",
    "reduced_dalembert_equation", "is_immersion",
]


class ImmersionUndecided(ValueError):
    """:func:`is_immersion` could neither show DX injective everywhere nor find a point where it is not;
    kept for callers: since issue 12 the decision returns ``Decision.undecided`` instead."""


def _column(values) -> Matrix:
    if isinstance(values, sympy.Basic) and not isinstance(values, sympy.MatrixBase):
        values = [values]
    v = Matrix(values)
    return v if v.cols == 1 else v.reshape(len(v), 1)


def _partial_function(name: str, partials: list):
    """An undefined function ``name`` whose i-th partial derivative is ``partials[i]`` (applied to the same arguments)."""
    def fdiff(self, argindex=1):
        return partials[argindex - 1](*self.args)
    return Function(name, real=True, fdiff=fdiff)


def generic_two_jet_map(name: str, q, rows: int) -> Matrix:
    """A generic C² map X: ℝⁿ → ℝ^rows at the coordinates q: X_k, ∂_iX_k and ∂_i∂_jX_k = ∂_j∂_iX_k are undefined
    functions (named ``{name}{k}``, ``{name}{k}_{i}``, ``{name}{k}_{ij}``), and no derivative of order 3 is defined.

    An identity that holds for this map holds for every C² map (substitute its partial derivatives), and any third
    derivative a computation needs shows up as an unevaluated ``Derivative`` of a second partial.
    """
    coords = _as_coordinate_list(q)
    n = len(coords)
    if n < 1 or rows < 1:
        raise ValueError("need at least one coordinate and one component")
    components = []
    for k in range(1, rows + 1):
        second = {}
        for i, j in itertools.combinations_with_replacement(range(1, n + 1), 2):
            second[(i, j)] = second[(j, i)] = Function(f"{name}{k}_{i}{j}", real=True)
        first = [_partial_function(f"{name}{k}_{i}", [second[(i, j)] for j in range(1, n + 1)]) for i in range(1, n + 1)]
        components.append(_partial_function(f"{name}{k}", first)(*coords))
    return Matrix(components)


def reduced_mass_matrix(X, q, M) -> Matrix:
    """The reduced mass matrix DXᵀ M DX (n×n) of X: ℝⁿ → ℝᵐ at the coordinates q (Symbols or functions of t)."""
    X, coords, M = _column(X), _as_coordinate_list(q), Matrix(M)
    if M.shape != (X.rows, X.rows):
        raise ValueError(f"M must be {X.rows}x{X.rows} for a map with {X.rows} components, not {M.rows}x{M.cols}")
    DX = X.jacobian(coords)
    return DX.T * M * DX


def _reduced_terms(DX: Matrix, curvature: Matrix, M: Matrix, F: Matrix):
    """``(DXᵀ M DX, DXᵀ F, DXᵀ M c)`` for the Jacobian DX, the curvature c = X_qq[q', q'], the mass M and the force F."""
    DXT_M = DX.T * M
    return DXT_M * DX, DX.T * F, DXT_M * curvature


@dataclass(frozen=True)
class ReducedDalembertEquation:
    """The reduced d'Alembert equation DXᵀMDX q'' = DXᵀF − DXᵀ M X_qq[q', q'] of x = X(q), in t, q(t), q'(t), q''(t)."""

    jacobian: Matrix  # DX(q), m×n
    curvature: Matrix  # X_qq[q', q'], m×1
    mass: Matrix  # DXᵀ M DX, n×n (the reduced mass matrix)
    generalized_force: Matrix  # DXᵀ F
    correction: Matrix  # DXᵀ M X_qq[q', q'] (the acceleration correction of the parametrisation)
    residual: Matrix  # mass q'' − generalized_force + correction (zero along reduced motions)
    coordinates: tuple
    time: Symbol

    def acceleration(self) -> Matrix:
        """q'' = (DXᵀMDX)⁻¹(DXᵀF − DXᵀ M X_qq[q', q']) by ``LUsolve`` (the reduced mass must be invertible, #11)."""
        # every pivot decided by the toolkit's zero test (a disguised 0 is no pivot; undecided raises ZeroUndecided)
        return self.mass.LUsolve(self.generalized_force - self.correction,
                                 iszerofunc=lambda e: require_zero_state(e, "a pivot of DXᵀMDX"))


def reduced_dalembert_equation(X, q, t, M, F) -> ReducedDalembertEquation:
    """The reduced d'Alembert equation of x = X(q(t)) for M x'' = F + R with R·DXδ = 0 (seed 001's corollary).

    ``X``: m expressions in the n coordinate functions ``q`` of the time Symbol ``t`` (no explicit t, no
    derivatives); ``M``: an m×m Matrix; ``F``: m expressions in t, q(t), q'(t) (the applied force along x = X(q)).
    Returns DX, X_qq[q', q'], DXᵀMDX, DXᵀF, DXᵀ M X_qq[q', q'] and the residual
    DXᵀMDX q'' − DXᵀF + DXᵀ M X_qq[q', q'] (:class:`ReducedDalembertEquation`).
    """
    coords = _as_coordinate_list(q)
    if not coords or not all(isinstance(c, AppliedUndef) and c.args == (t,) for c in coords):
        raise ValueError(f"the coordinates must be functions of {t} (dynamicsymbols style), got {coords}")
    X, M, F = _column(X), Matrix(M), _column(F)
    if any(d.has(*coords) for d in X.atoms(sympy.Derivative) if t in d.variables):
        raise ValueError("X must depend on the coordinates only, not on their derivatives")
    if M.shape != (X.rows, X.rows) or F.rows != X.rows:
        raise ValueError(f"M must be {X.rows}x{X.rows} and F of length {X.rows} for a map with {X.rows} components")
    DX, X_t, curvature = constraint_derivatives(X, coords, t)
    if not X_t.applyfunc(sympy.cancel).is_zero_matrix:
        raise ValueError("X must not depend on t explicitly (a time-independent parametrisation X: Ω → ℝᵐ)")
    mass, force, correction = _reduced_terms(DX, curvature, M, F)
    accelerations = Matrix([c.diff(t, 2) for c in coords])
    return ReducedDalembertEquation(DX, curvature, mass, force, correction, mass * accelerations - force + correction,
                                    tuple(coords), t)


def _as_symbols(X: Matrix, coords: list):
    """X with coordinate functions replaced by Symbols carrying their assumptions, and those Symbols."""
    symbols = []
    for i, c in enumerate(coords):
        if isinstance(c, Symbol):
            symbols.append(c)
            continue
        facts = {k: True for k in ("positive", "negative", "nonzero", "nonnegative", "real") if getattr(c, f"is_{k}")}
        symbols.append(sympy.Dummy(f"{getattr(c, 'name', 'q')}_{i}", **facts))  # never a Symbol of the caller's
    return X.xreplace({c: s for c, s in zip(coords, symbols) if c is not s}), symbols


def _pythagorean(expr, angle=None):
    """``expr`` with sin²(u) rewritten as 1 − cos²(u) (u = ``angle``, or every sine argument), numerator and
    denominator expanded and cancelled: an exact rewriting that settles sin² + cos² = 1 without ``trigsimp``."""
    numerator, denominator = sympy.fraction(sympy.together(sympy.sympify(expr)))
    angles = [angle] if angle is not None else sorted({s_.args[0] for s_ in sympy.sympify(expr).atoms(sympy.sin)}, key=str)

    def rewrite(e):
        e = sympy.expand(e)
        for u in angles:
            e = sympy.expand(e.subs(sympy.sin(u)**2, 1 - sympy.cos(u)**2))
        return e
    return sympy.cancel(rewrite(numerator) / rewrite(denominator))


_SEARCH = [sympy.Integer(v) for v in (0, 1, -1, 2)] + [Rational(1, 2), Rational(-1, 3)]


def _admissible(symbol, value) -> bool:
    """``value`` has every fact sympy holds about ``symbol`` (sign, integer, ...; :mod:`checker.kernel.engine.instances`)."""
    return satisfies_assumptions(value, symbol.assumptions0)


def _grid(symbols):
    return itertools.product(*[[v for v in _SEARCH if _admissible(s, v)] for s in symbols])


def _one_generator_polynomial(expr, symbols):
    """``(poly, generator, lo, hi)`` when ``expr`` is a polynomial with rational coefficients in one generator: a real
    coordinate symbol (range ℝ) or cos/sin of one (range [−1, 1]); else None.  The range contains every value the
    generator takes where the coordinates' assumptions hold."""
    trigonometric = expr.atoms(sympy.cos, sympy.sin)
    candidates = list(trigonometric or expr.free_symbols)
    if len(candidates) != 1:
        return None
    g = candidates[0]
    variable = g if isinstance(g, sympy.Symbol) else g.args[0]
    if variable not in symbols or not variable.is_real or (not isinstance(g, sympy.Symbol) and not g.args[0].is_Symbol):
        return None
    try:
        poly = sympy.Poly(expr, g, domain=sympy.QQ)
    except (sympy.PolynomialError, sympy.polys.polyerrors.CoercionFailed, ValueError):
        return None
    if poly.degree() < 1:
        return None
    return (poly, g, -sympy.oo, sympy.oo) if isinstance(g, sympy.Symbol) else (poly, g, sympy.Integer(-1), sympy.Integer(1))


def _real_zeros(expr, symbols):
    """Exact knowledge of the zeros of a one-generator polynomial (Sturm's theorem, ``Poly.count_roots``): ``[]`` when
    it has none in the generator's range, the admissible real zeros of a coordinate when the generator is one, ``None``
    when not decided here."""
    found = _one_generator_polynomial(expr, symbols)
    if found is None:
        return None
    poly, g, lo, hi = found
    if poly.count_roots(lo, hi) == 0:
        return []
    if not isinstance(g, sympy.Symbol):
        return None
    zeros = [r for r in poly.real_roots() if _admissible(g, r)]
    return zeros or None


def _point_with(root, gram, symbols):
    """A whole point where ``gram`` (a polynomial in one coordinate) vanishes: that coordinate at ``root``, every other
    at an admissible value (None when one has none among the values tried)."""
    (variable,) = gram.free_symbols
    point = []
    for s in symbols:
        value = root if s == variable else next((v for v in _SEARCH if _admissible(s, v)), None)
        if value is None:
            return None
        point.append(value)
    return point


@undecided_on_floats
def is_immersion(X, q, at=None, everywhere: bool = False) -> Decision:
    """DX injective (rank n): at the point ``at`` (a list of values), generically (``everywhere=False``), or at every
    point allowed by the coordinates' assumptions (``everywhere=True``, shown by a positive Gram determinant
    det(DXᵀDX)).

    Generic rank n means det(DXᵀDX) ≢ 0 (Cauchy–Binet: the sum of the squares of the n×n minors); the certificate
    is the Gram determinant and a point where it is non-zero (re-checked), the witness a vector of ker DX (shown
    annihilated) or a point of rank loss (the determinant shown 0 there).  Zero tests go through
    :func:`theorems.zero_handling.zero_state`; undecided (``Decision.undecided``) when one cannot be settled.
    """
    X, coords = _column(X), _as_coordinate_list(q)
    n = len(coords)
    if n < 1:
        raise ValueError("need at least one coordinate")
    Xs, symbols = _as_symbols(X, coords)
    DX = Xs.jacobian(symbols)
    back = dict(zip(symbols, coords))
    try:
        if at is not None:
            values = [sympy.sympify(v) for v in _as_coordinate_list(at)]
            if len(values) != n:
                raise ValueError(f"the point has {len(values)} coordinates, expected {n}")
            point = dict(zip(symbols, values))
            J = DX.xreplace(point).applyfunc(sympy.cancel)
            kernel = kernel_basis(J)
            holds = not kernel
            return Decision(holds, witness=None if holds else {"point": list(point.values()), "kernel vector": list(kernel[0])},
                            certificate={"DX": J} if holds else None,
                            explanation=f"rank DX = {n - len(kernel)} at {list(point.values())} (n = {n})")
        with dotprodsimp(False):  # _pythagorean normalises the determinant: sympy's intermediate simplification of it is wasted
            determinant = (DX.T * DX).det()
        gram = rewritten_within(_pythagorean(determinant))
        shown = gram.xreplace(back)  # in the caller's coordinates
        state = zero_state(gram)
        if state.is_zero is True:
            kernel = kernel_basis(DX)
            return Decision(False, witness={"kernel vector": [e.xreplace(back) for e in kernel[0]] if kernel else None},
                            explanation=f"det(DXᵀDX) ≡ 0: rank DX < n = {n} at every point")
        if state.is_zero is None:
            return Decision.undecided_because(f"could not decide whether det(DXᵀDX) = {sympy.sstr(shown)} ≡ 0: {state.reason}")
    except ZeroUndecided as exc:
        return Decision.undecided_because(exc.reason)
    if not everywhere:
        return Decision(True, certificate={"Gram determinant": shown, "nonzero at": witness_point(gram)},
                        explanation=f"generic rank n = {n}: det(DXᵀDX) = {sympy.sstr(shown)} ≢ 0")
    if gram.is_positive:
        return Decision(True, certificate={"Gram determinant": shown},
                        explanation=f"det(DXᵀDX) = {sympy.sstr(shown)} > 0 at every point: DX injective everywhere")
    for values in _grid(symbols):
        if zero_state(gram.xreplace(dict(zip(symbols, values)))).is_zero is True:
            return Decision(False, witness={"point": list(values)},
                            explanation=f"det(DXᵀDX) = {sympy.sstr(shown)} vanishes at {list(values)}: rank DX < n there")
    zeros = _real_zeros(gram, symbols)
    if zeros == []:
        return Decision(True, certificate={"Gram determinant": shown, "real zeros": "none (Sturm count)"},
                        explanation=f"det(DXᵀDX) = {sympy.sstr(shown)} has no real zero (Sturm's theorem): DX injective "
                                    "everywhere")
    point = _point_with(zeros[0], gram, symbols) if zeros else None
    if point is not None:
        return Decision(False, witness={"point": point},
                        explanation=f"det(DXᵀDX) = {sympy.sstr(shown)} vanishes at {point} (an exact real root): "
                                    "rank DX < n there")
    return Decision.undecided_because(f"could not decide whether det(DXᵀDX) = {sympy.sstr(shown)} vanishes somewhere")


def _is_polynomial_map(X, q) -> bool:
    """X is a polynomial in the coordinates q (hence C^∞)."""
    Xs, symbols = _as_symbols(_column(X), _as_coordinate_list(q))
    return all(e.is_polynomial(*symbols) for e in Xs)
