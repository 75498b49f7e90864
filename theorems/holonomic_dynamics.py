"""The ideal holonomic system: explicit acceleration and multiplier, and its numerical integration.

This file contains the construction behind seed 004's theorem "ideal holonomic constraints
determine the reaction" and its chart analogue in seed 001:

* :func:`constraint_derivatives` -- D_xG, G_t and G_tt + 2G_tx[v] + G_xx[v,v] of a constraint;
* :func:`ideal_multiplier` -- the linear algebra C = J M⁻¹Jᵀ, Λ, a from those pieces;
* :func:`ideal_holonomic_dynamics` -- both together: for a mass matrix M (symmetric positive definite), a force
  F(t,x,v) and a constraint G(t,x) = 0 with Jacobian J = D_xG of full row rank,
  ``C = J M⁻¹ Jᵀ``, ``Λ = −C⁻¹[J M⁻¹F + G_tt + 2G_tx[v] + G_xx[v,v]]`` and
  ``a = M⁻¹(F + JᵀΛ)``; the bracket term is the part of d²/dt² G(t,x(t)) that does not
  contain x'';
* :func:`integrate_ideal_motion` -- the first-order system x' = v, v' = a(t,x,v) integrated with
  mpmath at an explicit precision, reporting the drift of G and of the permitted-velocity
  residual G_t + J v along the way.

Coordinates are functions of time (``sympy.physics.mechanics`` style); the results are sympy
matrices in x(t) and x'(t).  The symbolic linear systems are solved exactly in a field of rational
functions (``DomainMatrix.lu_solve``), the numerical ones by Gaussian elimination in mpmath.
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath
import sympy
from sympy import Matrix


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


def constraint_derivatives(G, x, t):
    """``(J, G_t, curvature)`` of a constraint G(t, x): J = D_xG, G_t the explicit time derivative and
    curvature = G_tt + 2 G_tx[v] + G_xx[v, v], the part of d²/dt² G(t, x(t)) without x''; all in t, x(t), x'(t)."""
    coords = list(x)
    n = len(coords)
    G = _column(G)
    positions = sympy.symbols(f"_hx0:{n}", real=True)
    speeds = sympy.symbols(f"_hv0:{n}", real=True)
    to_symbols = {c.diff(t): v for c, v in zip(coords, speeds)}
    to_symbols.update({c: s for c, s in zip(coords, positions)})
    back = {s: c for c, s in zip(coords, positions)}
    back.update({v: c.diff(t) for c, v in zip(coords, speeds)})
    Gs = G.subs(to_symbols)
    V = Matrix(speeds)
    J = Gs.jacobian(positions)
    G_t = Gs.diff(t)
    h = J * V + G_t  # d/dt G(t, x(t)) with x' = V
    curvature = h.diff(t) + h.jacobian(positions) * V  # G_tt + 2 G_tx[V] + G_xx[V, V]
    return J.subs(back), G_t.subs(back), curvature.subs(back)


def ideal_multiplier(M, J, F, curvature, simplify: bool = True):
    """``(C, Λ, a)``: C = J M⁻¹ Jᵀ, Λ = −C⁻¹(J M⁻¹F + curvature), a = M⁻¹(F + JᵀΛ) (pure linear algebra).

    ``simplify=True`` solves exactly in the field of rational functions of the entries (function values
    and derivatives taken as indeterminates, :func:`theorems.linalg.rational_function_matrices`), so every
    entry comes out as one cancelled quotient; ``simplify=False`` returns sympy's raw ``LUsolve`` expressions.
    """
    M, J, F, curvature = Matrix(M), Matrix(J), _column(F), _column(curvature)
    if not simplify:
        M_inv_F = M.LUsolve(F)
        M_inv_JT = M.LUsolve(J.T)
        C = J * M_inv_JT
        Lam = C.LUsolve(-(J * M_inv_F + curvature))
        return C, Lam, M_inv_F + M_inv_JT * Lam
    from sympy.polys.matrices.exceptions import DMNonInvertibleMatrixError
    from theorems.linalg import rational_function_matrices
    (Md, Jd, Fd, curv_d), to_sympy = rational_function_matrices(M, J, F, curvature)
    try:
        M_inv_F = Md.lu_solve(Fd)
        M_inv_JT = Md.lu_solve(Jd.transpose())
        C = Jd * M_inv_JT
        Lam = C.lu_solve(-(Jd * M_inv_F + curv_d))
    except DMNonInvertibleMatrixError as exc:
        raise sympy.matrices.exceptions.NonInvertibleMatrixError(str(exc)) from exc
    return to_sympy(C), to_sympy(Lam), to_sympy(M_inv_F + M_inv_JT * Lam)


def ideal_holonomic_dynamics(M, F, G, x, t, simplify: bool = True, solve: bool = True) -> IdealHolonomicDynamics:
    """Acceleration a and multiplier Λ of the ideal holonomic system (M SPD, rank D_xG = k).

    ``M`` is an n×n Matrix, ``F`` a length-n vector of expressions in t, x(t), x'(t), ``G`` a
    length-k vector of expressions in t, x(t); ``x`` the n coordinate functions of ``t``.
    ``simplify=False`` skips the ``cancel`` steps; ``solve=False`` skips the symbolic solve altogether
    (a, Λ, C are None) for systems that are only integrated numerically (:class:`NumericIdealSystem`).
    """
    coords = list(x)
    n = len(coords)
    M, F, G = Matrix(M), _column(F), _column(G)
    if M.shape != (n, n) or F.rows != n:
        raise ValueError(f"M must be {n}x{n} and F of length {n} for {n} coordinates")
    J, G_t, curvature = constraint_derivatives(G, coords, t)
    C, Lam, a = ideal_multiplier(M, J, F, curvature, simplify=simplify) if solve else (None, None, None)
    return IdealHolonomicDynamics(a, Lam, C, J, G_t, curvature, G, coordinates=tuple(coords), time=t, mass=M, force=F)


@dataclass
class IntegrationReport:
    """What an integration of the ideal system measured."""

    times: list
    states: list  # [(x, v)] at the sample times, as mpf lists
    constraint_drift: object  # max |G| over the sample times
    velocity_drift: object  # max |G_t + J v|
    dps: int
    solution: object = None  # the mpmath odefun solution, callable at further times
    system: object = None  # the NumericIdealSystem that was integrated


def _state_symbols(dynamics: IdealHolonomicDynamics):
    """Symbols for (x, v) and the substitution x(t) ↦ x, x'(t) ↦ v (derivatives first, by ``xreplace``)."""
    coords = dynamics.coordinates
    positions = sympy.symbols(f"_sx0:{len(coords)}", real=True)
    speeds = sympy.symbols(f"_sv0:{len(coords)}", real=True)
    subs = {c.diff(dynamics.time): v for c, v in zip(coords, speeds)}
    subs.update({c: s for c, s in zip(coords, positions)})
    return positions, speeds, subs


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
        """``(J, C, Λ, a)`` at one state, as lists of mpf (J and C as lists of rows)."""
        J, curv, F, M = self._split(time, xs, vs)
        M_inv_F = solve_linear(M, F)
        M_inv_JT = [solve_linear(M, [J[a][i] for i in range(self.n)]) for a in range(self.k)]  # columns
        C = [[sum(J[a][i] * M_inv_JT[b][i] for i in range(self.n)) for b in range(self.k)] for a in range(self.k)]
        rhs = [-(sum(J[a][i] * M_inv_F[i] for i in range(self.n)) + curv[a]) for a in range(self.k)]
        Lam = solve_linear(C, rhs)
        accel = [M_inv_F[i] + sum(M_inv_JT[b][i] * Lam[b] for b in range(self.k)) for i in range(self.n)]
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
    """Solve the small dense system A y = b (lists of mpf) by Gaussian elimination with partial pivoting."""
    n = len(b)
    rows = [list(A[i]) + [b[i]] for i in range(n)]
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


def _mpf(value):
    if isinstance(value, (mpmath.mpf, float)):
        return mpmath.mpf(value)
    value = sympy.Rational(value)
    return mpmath.mpf(value.p) / value.q


def integrate_ideal_motion(dynamics: IdealHolonomicDynamics, t0, x0, v0, times, dps: int = 30,
                           acceleration=None) -> IntegrationReport:
    """Integrate x' = v, v' = a from (t0, x0, v0) with mpmath ``odefun`` at ``dps`` digits.

    ``acceleration`` overrides the ideal acceleration (to feed a wrong one on purpose).
    Reports the largest |G| and |G_t + J v| at the sample ``times``.
    """
    system = NumericIdealSystem(dynamics, acceleration)
    n = system.n
    with mpmath.workdps(dps):
        def field(time, state):
            xs, vs = state[:n], state[n:]
            return list(vs) + system.acceleration(time, xs, vs)

        start = [_mpf(v) for v in list(x0) + list(v0)]
        solution = mpmath.odefun(field, _mpf(t0), start)
        states, g_drift, h_drift = [], mpmath.mpf(0), mpmath.mpf(0)
        for time in times:
            s = solution(_mpf(time))
            xs, vs = list(s[:n]), list(s[n:])
            states.append((xs, vs))
            g_drift = max([g_drift] + [abs(g) for g in system.constraint(_mpf(time), xs, vs)])
            h_drift = max([h_drift] + [abs(h) for h in system.velocity_residual(_mpf(time), xs, vs)])
    return IntegrationReport(list(times), states, g_drift, h_drift, dps, solution, system)
