"""The ideal holonomic system: explicit acceleration and multiplier, and its numerical integration.

This file contains the construction behind seed 004's theorem "ideal holonomic constraints
determine the reaction" and its chart analogue in seed 001:

* :func:`ideal_holonomic_dynamics` -- for a mass matrix M (symmetric positive definite), a force
  F(t,x,v) and a constraint G(t,x) = 0 with Jacobian J = D_xG of full row rank,
  ``C = J M⁻¹ Jᵀ``, ``Λ = −C⁻¹[J M⁻¹F + G_tt + 2G_tx[v] + G_xx[v,v]]`` and
  ``a = M⁻¹(F + JᵀΛ)``; the bracket term is the part of d²/dt² G(t,x(t)) that does not
  contain x'';
* :func:`integrate_ideal_motion` -- the first-order system x' = v, v' = a(t,x,v) integrated with
  mpmath at an explicit precision, reporting the drift of G and of the permitted-velocity
  residual G_t + J v along the way.

Coordinates are functions of time (``sympy.physics.mechanics`` style); the results are sympy
matrices in x(t) and x'(t).  Linear systems are solved with ``LUsolve``.
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


def ideal_holonomic_dynamics(M, F, G, x, t) -> IdealHolonomicDynamics:
    """Acceleration a and multiplier Λ of the ideal holonomic system (M SPD, rank D_xG = k).

    ``M`` is an n×n Matrix, ``F`` a length-n vector of expressions in t, x(t), x'(t), ``G`` a
    length-k vector of expressions in t, x(t); ``x`` the n coordinate functions of ``t``.
    """
    coords = list(x)
    n = len(coords)
    M = Matrix(M)
    F, G = _column(F), _column(G)
    if M.shape != (n, n) or F.rows != n:
        raise ValueError(f"M must be {n}x{n} and F of length {n} for {n} coordinates")
    positions = sympy.symbols(f"_hx0:{n}", real=True)
    speeds = sympy.symbols(f"_hv0:{n}", real=True)
    to_symbols = {c.diff(t): v for c, v in zip(coords, speeds)}
    to_symbols.update({c: s for c, s in zip(coords, positions)})
    back = {s: c for c, s in zip(coords, positions)}
    back.update({v: c.diff(t) for c, v in zip(coords, speeds)})
    Gs, Fs = G.subs(to_symbols), F.subs(to_symbols)
    V = Matrix(speeds)
    J = Gs.jacobian(positions)
    G_t = Gs.diff(t)
    h = J * V + G_t  # d/dt G(t, x(t)) with x' = V
    curvature = h.diff(t) + h.jacobian(positions) * V  # G_tt + 2 G_tx[V] + G_xx[V, V]
    M_inv_F = M.LUsolve(Fs)
    M_inv_JT = M.LUsolve(J.T)
    C = (J * M_inv_JT).applyfunc(sympy.cancel)
    rhs = -(J * M_inv_F + curvature)
    Lam = C.LUsolve(rhs).applyfunc(sympy.cancel)
    a = (M_inv_F + M_inv_JT * Lam).applyfunc(sympy.cancel)
    out = [m.subs(back) for m in (a, Lam, C, J, G_t, curvature, Gs)]
    return IdealHolonomicDynamics(*out, coordinates=tuple(coords), time=t)


@dataclass
class IntegrationReport:
    """What an integration of the ideal system measured."""

    times: list
    states: list  # [(x, v)] at the sample times, as mpf lists
    constraint_drift: object  # max |G| over the sample times
    velocity_drift: object  # max |G_t + J v|
    dps: int


def state_functions(dynamics: IdealHolonomicDynamics, expressions):
    """Compile expressions in t, x(t), x'(t) to mpmath functions of (t, x..., v...)."""
    t = dynamics.time
    coords = dynamics.coordinates
    positions = sympy.symbols(f"_sx0:{len(coords)}", real=True)
    speeds = sympy.symbols(f"_sv0:{len(coords)}", real=True)
    subs = {c.diff(t): v for c, v in zip(coords, speeds)}
    subs.update({c: s for c, s in zip(coords, positions)})
    return [sympy.lambdify((t, *positions, *speeds), sympy.sympify(e).subs(subs), modules="mpmath")
            for e in expressions]


def integrate_ideal_motion(dynamics: IdealHolonomicDynamics, t0, x0, v0, times, dps: int = 30,
                           acceleration=None) -> IntegrationReport:
    """Integrate x' = v, v' = a from (t0, x0, v0) with mpmath ``odefun`` at ``dps`` digits.

    ``acceleration`` overrides ``dynamics.acceleration`` (to feed a wrong one on purpose).
    Reports the largest |G| and |G_t + J v| at the sample ``times``.
    """
    n = len(dynamics.coordinates)
    accel = list(acceleration if acceleration is not None else dynamics.acceleration)
    accel_fns = state_functions(dynamics, accel)
    g_fns = state_functions(dynamics, list(dynamics.constraint))
    h_fns = state_functions(dynamics, list(dynamics.permitted_velocity_residual))
    with mpmath.workdps(dps):
        def field(time, state):
            xs, vs = state[:n], state[n:]
            return list(vs) + [f(time, *xs, *vs) for f in accel_fns]

        start = [mpmath.mpf(sympy.Rational(v).p) / sympy.Rational(v).q for v in list(x0) + list(v0)]
        solution = mpmath.odefun(field, mpmath.mpf(sympy.Rational(t0).p) / sympy.Rational(t0).q, start)
        states, g_drift, h_drift = [], mpmath.mpf(0), mpmath.mpf(0)
        for time in times:
            s = solution(mpmath.mpf(time))
            states.append((list(s[:n]), list(s[n:])))
            for f in g_fns:
                g_drift = max(g_drift, abs(f(time, *s)))
            for f in h_fns:
                h_drift = max(h_drift, abs(f(time, *s)))
    return IntegrationReport(list(times), states, g_drift, h_drift, dps)
