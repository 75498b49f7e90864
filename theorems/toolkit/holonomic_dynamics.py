"""The ideal holonomic system: explicit acceleration and multiplier, and its numerical integration.

This file contains the construction behind seed 004's theorem "ideal holonomic constraints
determine the reaction" and its chart analogue in seed 001:

* :func:`constraint_derivatives` -- D_xG, G_t and G_tt + 2G_tx[v] + G_xx[v,v] of a constraint;
* :func:`ideal_multiplier` -- the linear algebra C = J M⁻¹Jᵀ, Λ, a from those pieces (:func:`exact_ideal_fractions`:
  the exact form before it is written out in sympy, as numerators over a denominator in the entries' polynomial ring);
* :func:`field_matrix_product` -- a product of matrices over a field of rational functions, one cancellation per entry;
* :func:`ideal_holonomic_dynamics` -- both together: for a mass matrix M (symmetric positive definite), a force
  F(t,x,v) and a constraint G(t,x) = 0 with Jacobian J = D_xG of full row rank,
  ``C = J M⁻¹ Jᵀ``, ``Λ = −C⁻¹[J M⁻¹F + G_tt + 2G_tx[v] + G_xx[v,v]]`` and
  ``a = M⁻¹(F + JᵀΛ)``; the bracket term is the part of d²/dt² G(t,x(t)) that does not
  contain x'';
* :func:`integrate_ideal_motion` -- the first-order system x' = v, v' = a(t,x,v) integrated with
  mpmath at an explicit precision (extrapolation, :mod:`theorems.toolkit.extrapolation_ode`), with any
  integrands along the motion, reporting the drift of G and of the permitted-velocity residual G_t + J v.

Coordinates are functions of time (``sympy.physics.mechanics`` style); the results are sympy
matrices in x(t) and x'(t).  The symbolic linear systems are solved exactly: fraction-free in the polynomial
ring of the entries with one cancellation per entry when the result is small (:mod:`theorems.fraction_free`),
else by ``LUsolve`` without simplification (the default chooses by an a-priori size bound, see
:func:`ideal_multiplier`); the numerical ones by Gaussian elimination in mpmath.
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath
import sympy
from sympy import Matrix

from . import extrapolation_ode


@dataclass(frozen=True)
class IdealHolonomicDynamics:
    """The objects of the ideal holonomic system, all in terms of t, x(t) and x'(t)."""

    acceleration: Matrix  # a(t, x, v) = M⁻¹(F + Jᵀ Λ)
    multiplier: Matrix  # Λ(t, x, v)
    constraint_matrix: Matrix  # C(t, x) = J M⁻¹ Jᵀ
    jacobian: Matrix  # J = D_x G
    time_derivative: Matrix  # G_t
    curvature_terms: Matrix  # G_tt + 2 G_tx[v] + G_xx[v, v]
    constraint: Matrix  # G
    coordinates: tuple
    time: sympy.Symbol
    mass: Matrix = None  # M
    force: Matrix = None  # F(t, x, v)
    exact: bool = False  # a, Λ, C as cancelled quotients (else sympy's unexpanded LUsolve form, or not solved)

    @property
    def reaction(self) -> Matrix:
        """R = Jᵀ Λ, the ideal reaction."""
        return self.jacobian.T * self.multiplier

    @property
    def permitted_velocity_residual(self) -> Matrix:
        """G_t + J x' (zero exactly for permitted velocities)."""
        velocities = Matrix([c.diff(self.time) for c in self.coordinates])
        return self.time_derivative + self.jacobian * velocities


def _column(values) -> Matrix:
    m = Matrix(values)
    return m if m.cols == 1 else m.reshape(len(m), 1)


def _replace(expr, mapping):
    """``expr`` with ``mapping`` applied: ``xreplace`` (one structural pass) when no ``Derivative`` occurs, else
    ``subs`` (which turns a derivative in a replaced variable into a ``Subs``)."""
    return expr.subs(mapping) if expr.has(sympy.Derivative) else expr.xreplace(mapping)


def constraint_derivatives(G, x, t):
    """``(J, G_t, curvature)`` of a constraint G(t, x): J = D_xG, G_t the explicit time derivative and
    curvature = G_tt + 2 G_tx[v] + G_xx[v, v], the part of d²/dt² G(t, x(t)) without x''; all in t, x(t), x'(t)."""
    coords = list(x)
    n = len(coords)
    G = _column(G)
    positions, speeds, to_symbols = state_dummies(coords, t, "h")
    back = {symbol: curve for curve, symbol in to_symbols.items()}
    Gs = G.applyfunc(lambda e: _replace(sympy.sympify(e), to_symbols))
    V = Matrix(speeds)
    J = Gs.jacobian(positions)
    G_t = Gs.diff(t)
    h = J * V + G_t  # d/dt G(t, x(t)) with x' = V
    curvature = h.diff(t) + h.jacobian(positions) * V  # G_tt + 2 G_tx[V] + G_xx[V, V]
    return tuple(m.applyfunc(lambda e: _replace(e, back)) for m in (J, G_t, curvature))


#: the default limit of :func:`ideal_multiplier` on the size of the exact solution (terms of a polynomial)
EXACT_TERM_LIMIT = 2000


def ideal_multiplier(M, J, F, curvature, simplify=None, max_terms: int = EXACT_TERM_LIMIT):
    """``(C, Λ, a)``: C = J M⁻¹ Jᵀ, Λ = −C⁻¹(J M⁻¹F + curvature), a = M⁻¹(F + JᵀΛ) (pure linear algebra).

    ``simplify=True``: exact in the field of rational functions of the entries (function values and derivatives
    taken as indeterminates), every entry one cancelled quotient (:func:`exact_ideal_multiplier`; its cost grows with
    the size of det C expanded, which is exponential in k for a chain of constraints).  ``simplify=False``: sympy's
    ``LUsolve`` expressions, unexpanded (M⁻¹ read off a diagonal M; pivots chosen non-zero at a random point,
    :func:`theorems.fraction_free.lu_solve_unexpanded`).  ``simplify=None`` (the default): exact when an
    a-priori bound on the terms of det C and of the numerators of Λ is at most ``max_terms`` and no polynomial of the
    exact computation exceeds it, else the ``simplify=False`` form.  Both forms are exact and equal where defined.
    """
    return _solve_ideal(M, J, F, curvature, simplify, max_terms)[:3]


def _solve_ideal(M, J, F, curvature, simplify, max_terms):
    """``(C, Λ, a, exact)`` of :func:`ideal_multiplier`; ``exact`` tells which form was returned."""
    from theorems.toolkit.fraction_free import TermLimitExceeded
    M, J, F, curvature = Matrix(M), Matrix(J), _column(F), _column(curvature)
    if simplify is False:
        return (*_unsimplified_ideal_multiplier(M, J, F, curvature), False)
    try:
        return (*exact_ideal_multiplier(M, J, F, curvature, None if simplify else max_terms), True)
    except TermLimitExceeded:
        return (*_unsimplified_ideal_multiplier(M, J, F, curvature), False)


def _unsimplified_ideal_multiplier(M, J, F, curvature):
    """``(C, Λ, a)`` by ``LUsolve`` without simplification (:func:`theorems.fraction_free.lu_solve_unexpanded`); M⁻¹ is
    read off when M is (structurally) diagonal."""
    from theorems.toolkit.fraction_free import lu_solve_unexpanded
    if all(M[i, j] == 0 for i in range(M.rows) for j in range(M.cols) if i != j):
        from theorems.toolkit.zero_handling import require_zero_state
        if any(M[i, i] == 0 or require_zero_state(M[i, i], "the diagonal entry of M") for i in range(M.rows)):
            raise sympy.matrices.exceptions.NonInvertibleMatrixError("M has a zero diagonal entry")
        M_inv_F = Matrix([F[i] / M[i, i] for i in range(M.rows)])
        M_inv_JT = Matrix(M.rows, J.rows, lambda i, a: J[a, i] / M[i, i])
    else:
        M_inv = lu_solve_unexpanded(M, Matrix.hstack(F, J.T))
        M_inv_F, M_inv_JT = M_inv[:, 0], M_inv[:, 1:]
    C = J * M_inv_JT
    Lam = lu_solve_unexpanded(C, -(J * M_inv_F + curvature))
    return C, Lam, M_inv_F + M_inv_JT * Lam


def exact_ideal_multiplier(M, J, F, curvature, max_terms=None):
    """``(C, Λ, a)`` of :func:`ideal_multiplier` exactly, fraction-free in the polynomial ring of the entries'
    generators (:mod:`theorems.fraction_free`) with one cancellation per entry at the end.

    With ``max_terms``, :class:`~theorems.fraction_free.TermLimitExceeded` is raised before the solve of C Λ = r when
    the bound Π_a (Σ_b terms(C_ab) + terms(r_a)) on the terms of det C and of Cramer's numerators exceeds it, and
    during the computation when a polynomial does.  ``NonInvertibleMatrixError`` when M or C is singular.
    """
    solution = exact_ideal_fractions(M, J, F, curvature, max_terms)
    to_sympy = solution.ring_matrices.to_sympy
    return tuple(to_sympy(*part) for part in (solution.constraint_matrix, solution.multiplier, solution.acceleration))


@dataclass(frozen=True)
class ExactIdealFractions:
    """C, Λ, a of the ideal system over the polynomial ring ``Q[g]`` of the entries' generators
    (``ring_matrices.ring``): each a pair (rows of numerators, one common denominator), not yet cancelled."""

    ring_matrices: object  # the PolynomialMatrices of (M, J, F, curvature): the ring, its field, to_sympy
    constraint_matrix: tuple  # (C numerators, denominator)
    multiplier: tuple  # (Λ numerators as a column, denominator)
    acceleration: tuple  # (a numerators as a column, denominator)

    def field_entries(self, part) -> list:
        """The entries of ``part`` (one of the three pairs) as cancelled elements of the field Q(g), row by row
        (the quotients :meth:`PolynomialMatrices.to_sympy` writes out)."""
        numerators, denominator = part
        field = self.ring_matrices.field.field
        return [[field.new(p, denominator) for p in row] for row in numerators]

    def generator_expressions(self) -> list:
        """The sympy expression of each generator of the ring, in the ring's order."""
        return self.ring_matrices.generator_expressions

    def data_gram_determinant(self):
        """det(J M⁻¹ Jᵀ) formed from the data J and a diagonal M (not from the solved C), in the field Q(g)."""
        from sympy.polys.matrices import DomainMatrix
        domain = self.ring_matrices.field
        field = domain.field
        (Mn, dM), (Jn, dJ) = self.ring_matrices.matrices[:2]
        n, k = len(Mn), len(Jn)
        if any(Mn[i][j] for i in range(n) for j in range(n) if i != j):
            raise ValueError("the Gram determinant here is for a diagonal M")
        J = [[field.new(p, dJ) for p in row] for row in Jn]
        inverse_masses = [field.new(dM, Mn[i][i]) for i in range(n)]
        C = [[sum((J[a][i] * J[b][i] * inverse_masses[i] for i in range(n)), field.zero) for b in range(k)]
             for a in range(k)]
        return DomainMatrix(C, (k, k), domain).det()

    def parts_in(self, domain) -> list:
        """[C, Λ, a] as DomainMatrices over the fraction field ``domain``, when every generator is a symbol of it:
        each entry the numerator over the denominator, moved into that field's ring and cancelled there."""
        from sympy.polys.matrices import DomainMatrix
        if any(not isinstance(g, sympy.Symbol) for g in self.generator_expressions()):
            raise ValueError("the generators must be symbols")
        field = domain.field
        parts = []
        for numerators, denominator in (self.constraint_matrix, self.multiplier, self.acceleration):
            den = denominator.set_ring(field.ring)
            rows = [[field.new(p.set_ring(field.ring), den) for p in row] for row in numerators]
            parts.append(DomainMatrix(rows, (len(rows), len(rows[0])), domain))
        return parts


def field_matrix_product(A, B):
    """A·B for DomainMatrices over a field of rational functions, each entry Σ_l (p_l/q_l)(r_l/s_l) formed as one
    quotient Σ_l p_l r_l (D / q_l s_l) / D, D the product of the distinct q_l s_l, cancelled once (the field's
    canonical lowest terms, so the same element as ``A * B``, which cancels after every product and sum)."""
    from sympy.polys.matrices import DomainMatrix
    field = A.domain.field
    ring = field.ring
    a, b = A.to_list(), B.to_list()
    rows = []
    for i in range(A.shape[0]):
        row = []
        for j in range(B.shape[1]):
            terms = [(x, y) for x, y in ((a[i][m], b[m][j]) for m in range(A.shape[1])) if x and y]
            denominators = [x.denom * y.denom for x, y in terms]
            common = ring.one
            for d in set(denominators):
                common = common * d
            numerator = ring.zero
            for (x, y), d in zip(terms, denominators):
                numerator += x.numer * y.numer * common.exquo(d)
            row.append(field.new(numerator, common))
        rows.append(row)
    return DomainMatrix(rows, (A.shape[0], B.shape[1]), A.domain)


def exact_ideal_fractions(M, J, F, curvature, max_terms=None) -> ExactIdealFractions:
    """C, Λ, a of :func:`exact_ideal_multiplier` before the final cancellation and conversion to sympy."""
    from theorems.toolkit.fraction_free import (PolynomialMatrices, TermLimitExceeded, fraction_free_solve, matrix_product,
                                        row_product_bound)
    M, J, F, curvature = Matrix(M), Matrix(J), _column(F), _column(curvature)
    n, k = M.rows, J.rows
    ring_matrices = PolynomialMatrices(M, J, F, curvature)
    ring = ring_matrices.ring
    (Mn, dM), (Jn, dJ), (Fn, dF), (cn, dc) = ring_matrices.matrices
    # M⁻¹[F | Jᵀ] = dM · Y / δ with Mn Y = δ [Fn | Jnᵀ]  (M = Mn/dM; F, J still over dF, dJ)
    B = [[Fn[i][0]] + [Jn[a][i] for a in range(k)] for i in range(n)]
    singular = sympy.matrices.exceptions.NonInvertibleMatrixError
    for denominator, name in ((dM, "M"), (dJ, "J"), (dF, "F"), (dc, "the curvature terms")):
        ring_matrices.require_nonzero(denominator, f"the common denominator of {name}")
    try:
        Y, delta = _diagonal_solve(Mn, B, ring) or fraction_free_solve(Mn, B, ring, max_terms)
    except ZeroDivisionError as exc:
        raise singular(f"M is singular: {exc}") from exc
    ring_matrices.require_nonzero(delta, "the divisor δ of M⁻¹ (M is singular)", singular)
    YF = [[row[0]] for row in Y]
    YJ = [row[1:] for row in Y]
    # C = J M⁻¹Jᵀ = dM · Cn / (δ dJ²);   r = −(J M⁻¹F + curvature) = rn / dr
    Cn = matrix_product(Jn, YJ, ring)
    JYF = matrix_product(Jn, YF, ring)
    d1 = dJ * delta * dF
    dr = d1 * _exact(dc, d1.gcd(dc)) if dc != 1 else d1
    rn = [[-(dM * JYF[a][0] * _exact(dr, d1) + cn[a][0] * _exact(dr, dc))] for a in range(k)]
    if max_terms is not None and row_product_bound([Cn[a] + rn[a] for a in range(k)]) > max_terms:
        raise TermLimitExceeded(f"the bound on the terms of det C exceeds {max_terms}")
    try:
        Z, Delta = fraction_free_solve(Cn, rn, ring, max_terms)  # Cn Z = Δ rn
    except ZeroDivisionError as exc:
        raise singular(f"C = J M⁻¹Jᵀ is singular: {exc}") from exc
    # Δ ≠ 0 in the ring of independent indeterminates; as a function it must be shown ≢ 0 (rank J = k robustly)
    ring_matrices.require_nonzero(Delta, "det C (C = J M⁻¹Jᵀ is singular: rank D_xG < k)", singular)
    # Λ = C⁻¹ r = (δ dJ² / dM) · Z / (Δ dr)
    lam_num = [delta * dJ * dJ * Z[a][0] for a in range(k)]
    lam_den = dM * Delta * dr
    # a = M⁻¹F + M⁻¹JᵀΛ = dM · (YF / dF + YJ · lam_num / (dJ lam_den)) / δ
    YJL = matrix_product(YJ, [[p] for p in lam_num], ring)
    acc_num = [[dM * (YF[i][0] * dJ * lam_den + YJL[i][0] * dF)] for i in range(n)]
    acc_den = delta * dF * dJ * lam_den
    return ExactIdealFractions(ring_matrices, ([[dM * p for p in row] for row in Cn], delta * dJ * dJ),
                               ([[p] for p in lam_num], lam_den), (acc_num, acc_den))


def _exact(p, q):
    return p if q == 1 else p.exquo(q)


def _diagonal_solve(A, B, ring):
    """``(Y, δ)`` with ``A Y = δ B`` for a diagonal A (δ the lcm of the diagonal), or None when A is not diagonal."""
    n = len(A)
    if any(A[i][j] for i in range(n) for j in range(n) if i != j):
        return None
    if any(not A[i][i] for i in range(n)):
        raise ZeroDivisionError("a zero diagonal entry")
    delta = ring.one
    for i in range(n):
        if A[i][i] != delta:
            delta = delta.lcm(A[i][i])
    return [[_exact(delta, A[i][i]) * p for p in B[i]] for i in range(n)], delta


def ideal_holonomic_dynamics(M, F, G, x, t, simplify=None, solve: bool = True,
                             max_terms: int = EXACT_TERM_LIMIT) -> IdealHolonomicDynamics:
    """Acceleration a and multiplier Λ of the ideal holonomic system (M SPD, rank D_xG = k).

    ``M`` is an n×n Matrix, ``F`` a length-n vector of expressions in t, x(t), x'(t), ``G`` a
    length-k vector of expressions in t, x(t); ``x`` the n coordinate functions of ``t``.
    ``simplify`` and ``max_terms`` as in :func:`ideal_multiplier` (by default: one cancelled quotient per entry when
    the exact solution is small, sympy's unexpanded ``LUsolve`` form otherwise; ``.exact`` tells which);
    ``solve=False`` skips the symbolic solve altogether (a, Λ, C are None) for systems that are only integrated
    numerically (:class:`NumericIdealSystem`).
    """
    coords = list(x)
    n = len(coords)
    M, F, G = Matrix(M), _column(F), _column(G)
    if M.shape != (n, n) or F.rows != n:
        raise ValueError(f"M must be {n}x{n} and F of length {n} for {n} coordinates")
    J, G_t, curvature = constraint_derivatives(G, coords, t)
    C, Lam, a, exact = _solve_ideal(M, J, F, curvature, simplify, max_terms) if solve else (None, None, None, False)
    return IdealHolonomicDynamics(a, Lam, C, J, G_t, curvature, G, coordinates=tuple(coords), time=t, mass=M, force=F,
                                  exact=exact)


@dataclass
class IntegrationReport:
    """What an integration of the ideal system measured."""

    times: list
    states: list  # [(x, v)] at the sample times, as mpf lists
    constraint_drift: object  # max |G| over the sample times
    velocity_drift: object  # max |G_t + J v|
    dps: int
    solution: object = None  # unused (kept for callers of the former mpmath odefun report)
    system: object = None  # the NumericIdealSystem that was integrated
    integrals: list = None  # integrals[i][j]: the j-th integrand integrated from t0 to times[i]


def state_dummies(coords, t, prefix: str):
    """Real Dummies for the positions and speeds of the curves ``coords`` (named ``{prefix}x0``, ``{prefix}v0``,
    ...; never a Symbol of the caller's) and the substitution x(t) ↦ x, x'(t) ↦ v (derivatives first)."""
    positions = sympy.symbols(f"{prefix}x0:{len(coords)}", real=True, cls=sympy.Dummy)
    speeds = sympy.symbols(f"{prefix}v0:{len(coords)}", real=True, cls=sympy.Dummy)
    subs = {c.diff(t): v for c, v in zip(coords, speeds)}
    subs.update({c: s for c, s in zip(coords, positions)})
    return positions, speeds, subs


def _state_symbols(dynamics: IdealHolonomicDynamics):
    """Symbols for (x, v) and the substitution x(t) ↦ x, x'(t) ↦ v (derivatives first, by ``xreplace``)."""
    return state_dummies(dynamics.coordinates, dynamics.time, "s")


def state_functions(dynamics: IdealHolonomicDynamics, expressions):
    """Compile expressions in t, x(t), x'(t) to mpmath functions of (t, x..., v...)."""
    positions, speeds, subs = _state_symbols(dynamics)
    return [sympy.lambdify((dynamics.time, *positions, *speeds), sympy.sympify(e).xreplace(subs), modules="mpmath")
            for e in expressions]


def state_function(dynamics: IdealHolonomicDynamics, expressions):
    """Compile a list of expressions in t, x(t), x'(t) to one mpmath function of (t, x..., v...) returning the list."""
    positions, speeds, subs = _state_symbols(dynamics)
    return sympy.lambdify((dynamics.time, *positions, *speeds),
                          [sympy.sympify(e).xreplace(subs) for e in expressions], modules="mpmath")


class NumericIdealSystem:
    """The ideal system evaluated numerically: the pieces J, curvature, F, M (one compiled mpmath function) and
    G, G_t (another) are evaluated at a state and Λ, a are obtained by solving C Λ = −(J M⁻¹F + curvature) by
    Gaussian elimination at each evaluation (no symbolic inverse)."""

    def __init__(self, dynamics: IdealHolonomicDynamics, acceleration=None):
        self.n = len(dynamics.coordinates)
        self.k = dynamics.jacobian.rows
        self._pieces = state_function(dynamics, [*dynamics.jacobian, *dynamics.curvature_terms, *dynamics.force,
                                                 *dynamics.mass])
        self._locus = state_function(dynamics, [*dynamics.constraint, *dynamics.time_derivative])
        self._override = state_function(dynamics, list(acceleration)) if acceleration is not None else None
        self._last_parts = None

    def _split(self, time, xs, vs):
        """(J rows, curvature, F, M rows) at one state."""
        n, k = self.n, self.k
        values = self._pieces(time, *xs, *vs)
        J = [values[a * n:(a + 1) * n] for a in range(k)]
        curv = values[k * n:k * n + k]
        F = values[k * n + k:k * n + k + n]
        flat_M = values[k * n + k + n:]
        return J, curv, F, [flat_M[i * n:(i + 1) * n] for i in range(n)]

    def parts(self, time, xs, vs):
        """``(J, C, Λ, a)`` at one state, as lists of mpf (J and C as lists of rows); the last state's parts are
        remembered (keyed by the state and the working precision), as the field and the integrands read them."""
        key = (mpmath.mp.prec, time, *xs, *vs)
        if self._last_parts is not None and self._last_parts[0] == key:
            return self._last_parts[1]
        result = self._compute_parts(time, xs, vs)
        self._last_parts = (key, result)
        return result

    def _compute_parts(self, time, xs, vs):
        J, curv, F, M = self._split(time, xs, vs)
        M_inv_F, *M_inv_JT = solve_linear_columns(M, [F] + [[J[a][i] for i in range(self.n)] for a in range(self.k)])
        C = [[_dot(J[a], M_inv_JT[b]) for b in range(self.k)] for a in range(self.k)]
        rhs = [-(_dot(J[a], M_inv_F) + curv[a]) for a in range(self.k)]
        Lam = solve_linear(C, rhs)
        accel = [M_inv_F[i] + _dot([column[i] for column in M_inv_JT], Lam) for i in range(self.n)]
        return J, C, Lam, accel

    def acceleration(self, time, xs, vs):
        if self._override is not None:
            return list(self._override(time, *xs, *vs))
        return self.parts(time, xs, vs)[3]

    def constraint(self, time, xs, vs):
        return list(self._locus(time, *xs, *vs)[:self.k])

    def time_derivative(self, time, xs, vs):
        """G_t at one state."""
        return list(self._locus(time, *xs, *vs)[self.k:])

    def velocity_residual(self, time, xs, vs):
        J = self._split(time, xs, vs)[0]
        return [g_t + sum(J[a][i] * vs[i] for i in range(self.n)) for a, g_t in enumerate(self.time_derivative(time, xs, vs))]

    def reaction(self, time, xs, vs):
        """R = M a − F at one state, with a the acceleration actually integrated (the override, if any): the
        reaction the motion needs, formed without Λ (for the ideal a it equals JᵀΛ)."""
        _, _, F, M = self._split(time, xs, vs)
        a = self.acceleration(time, xs, vs)
        return [sum(M[i][j] * a[j] for j in range(self.n)) - F[i] for i in range(self.n)]

    def power_residual(self, time, xs, vs, power_sign=-1):
        """R·w − power_sign·Λ·G_t, with R = M a − F (:meth:`reaction`) dotted with w = v; zero for the true law
        R·w = −Λ·G_t (``power_sign = −1``) on permitted velocities."""
        R = self.reaction(time, xs, vs)
        Lam = self.parts(time, xs, vs)[2]
        power = sum(R[i] * vs[i] for i in range(self.n))
        return power - power_sign * sum(Lam[a] * g_t for a, g_t in enumerate(self.time_derivative(time, xs, vs)))

    def kernel_residual(self, time, xs, vs):
        """The largest |R·δ| over a unit basis δ of ker D_xG computed from J alone (:func:`_kernel_basis`),
        with R = M a − F (:meth:`reaction`): zero when the reaction of the integrated motion is ideal."""
        J = self._split(time, xs, vs)[0]
        R = self.reaction(time, xs, vs)
        basis = _kernel_basis(J, self.n)
        return max([abs(sum(R[i] * d[i] for i in range(self.n))) for d in basis] or [mpmath.mpf(0)])


def _dot(us, vs):
    """Σ u_i v_i summed left to right, for vectors whose products are mpf at the working precision (each v_i is one):
    the value of ``sum(...)``, whose first addition 0 + u_0 v_0 only rounds an mpf already at that precision."""
    products = [u * v for u, v in zip(us, vs)]
    if not products:
        return 0  # sum([]): no constraint row
    total = products[0]
    for p in products[1:]:
        total = total + p
    return total


def _kernel_basis(J, n):
    """A basis of the kernel of the k×n matrix J (rows of mpf, full row rank) by elimination: the free columns
    of the reduced row echelon form give one kernel vector each (normalised to length 1)."""
    rows = [list(r) for r in J]
    k = len(rows)
    pivots, r = [], 0
    for col in range(n):
        if r == k:
            break
        pivot = max(range(r, k), key=lambda i: abs(rows[i][col]))
        if abs(rows[pivot][col]) < mpmath.mpf(10) ** (-(mpmath.mp.dps // 2)):
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        rows[r] = [x / rows[r][col] for x in rows[r]]
        for i in range(k):
            if i != r and rows[i][col] != 0:
                rows[i] = [x - rows[i][col] * y for x, y in zip(rows[i], rows[r])]
        pivots.append(col)
        r += 1
    basis = []
    for free in (c for c in range(n) if c not in pivots):
        d = [mpmath.mpf(0)] * n
        d[free] = mpmath.mpf(1)
        for i, col in enumerate(pivots):
            d[col] = -rows[i][free]
        norm = mpmath.sqrt(sum(x * x for x in d))
        basis.append([x / norm for x in d])
    return basis


def solve_linear(A, b):
    """Solve the small dense system A y = b at the working precision (``mpmath.mp.prec``) by Gaussian elimination
    with partial pivoting; every entry is first made an mpf (so integer data give no float quotients).

    A diagonal A is solved as y_i = b_i / A_ii: that is what the elimination computes there (its pivots are the
    diagonal entries and its multipliers 0, so its updates subtract exact zeros), without the updates."""
    n = len(b)
    diagonal = _working_diagonal(A)
    if diagonal is not None:
        return [_working_mpf(v) / d for v, d in zip(b, diagonal)]
    A = [[_working_mpf(v) for v in row] for row in A]
    b = [_working_mpf(v) for v in b]
    rows = [A[i] + [b[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if rows[pivot][col] == 0:
            raise ZeroDivisionError("singular matrix")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    y = [0] * n
    for i in reversed(range(n)):
        y[i] = (rows[i][n] - sum(rows[i][j] * y[j] for j in range(i + 1, n))) / rows[i][i]
    return y


def solve_linear_columns(A, columns) -> list:
    """``[solve_linear(A, b) for b in columns]``; a diagonal A is read (and its diagonal made mpf) once."""
    diagonal = _working_diagonal(A)
    if diagonal is None:
        return [solve_linear(A, b) for b in columns]
    return [[_working_mpf(v) / d for v, d in zip(b, diagonal)] for b in columns]


def _working_diagonal(A):
    """The diagonal of A as mpf at the working precision when A is diagonal with no zero on its diagonal, else None:
    the test :func:`solve_linear` makes on its converted entries (an int, float or mpf entry is zero exactly when its
    mpf is, so only the other entries are converted for it)."""
    n = len(A)
    for i in range(n):
        for j in range(n):
            if i != j:
                v = A[i][j]
                if v if isinstance(v, (int, float, mpmath.mpf)) else _working_mpf(v):
                    return None
    diagonal = [_working_mpf(A[i][i]) for i in range(n)]
    return diagonal if all(diagonal) else None


def _working_mpf(value):
    """``value`` (an mpf, int, float or exact sympy number) as an mpf at the working precision."""
    return value if isinstance(value, mpmath.mpf) else (mpmath.mpf(value) if isinstance(value, (int, float))
                                                         else _mpf(value))


def _mpf(value):
    if isinstance(value, (mpmath.mpf, float)):
        return mpmath.mpf(value)
    value = sympy.Rational(value)
    return mpmath.mpf(value.p) / value.q


def integrate_ideal_motion(dynamics: IdealHolonomicDynamics, t0, x0, v0, times, dps: int = 30,
                           acceleration=None, integrands=()) -> IntegrationReport:
    """Integrate x' = v, v' = a from (t0, x0, v0) at ``dps`` digits (Gragg–Bulirsch–Stoer extrapolation,
    :func:`theorems.toolkit.extrapolation_ode.integrate`, each step's error estimate below 10^-(dps+2)).

    ``acceleration`` overrides the ideal acceleration (to feed a wrong one on purpose).  Each of ``integrands``,
    a function (system, t, x, v) -> mpf, is integrated along the motion from t0 (as extra components of the
    same integration): ``report.integrals[i][j]`` is the integral of the j-th integrand up to ``times[i]``.
    Reports the largest |G| and |G_t + J v| at the sample ``times``.
    """
    system = NumericIdealSystem(dynamics, acceleration)
    n = system.n

    def field(time, state):
        xs, vs = state[:n], state[n:2 * n]
        return list(vs) + system.acceleration(time, xs, vs) + [f(system, time, xs, vs) for f in integrands]

    with mpmath.workdps(dps + 10):  # the data rounded at the integrator's working precision
        start = [_mpf(v) for v in list(x0) + list(v0)] + [mpmath.mpf(0)] * len(integrands)
        sampled = extrapolation_ode.integrate(field, _mpf(t0), start, [_mpf(time) for time in times], dps)
    with mpmath.workdps(dps):
        states, g_drift, h_drift = [], mpmath.mpf(0), mpmath.mpf(0)
        for time, s in zip(times, sampled):
            xs, vs = list(s[:n]), list(s[n:2 * n])
            states.append((xs, vs))
            g_drift = max([g_drift] + [abs(g) for g in system.constraint(_mpf(time), xs, vs)])
            h_drift = max([h_drift] + [abs(h) for h in system.velocity_residual(_mpf(time), xs, vs)])
    return IntegrationReport(list(times), states, g_drift, h_drift, dps, None, system,
                             [list(s[2 * n:]) for s in sampled])
