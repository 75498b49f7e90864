"""Every-n model of a generic Lagrangian 𝓛(t, q, v), a generic field ξ(q) and a generic gauge B(t, q) (no items here).

The values of the first derivatives at one point of the jet are opaque matrix symbols of symbolic size n: the
gradients 𝓛_q, 𝓛_v, B_q, φ_q (n×1 columns; 𝓛_q·u is ``L_q.T * u``), the Jacobian Dξ = ξ_q (n×n), and the
scalars 𝓛_t, B_t, φ_t (1×1).  A derivative along a path λ ↦ (t(λ), q(λ), v(λ)) is the cited chain rule of every
size (``calculus.chain_and_product_rules_every_size``): d/dλ F = F_t t' + F_q·q' + F_v·v' for a scalar F and
d/dλ ξ(q(λ)) = Dξ q' for the field; the rates q', v' of a path written as a matrix expression in λ (q + sξ,
v + sDξv, ...) come from the product rule (:func:`theorems.page1_variations.noether.matrix_derivative`).
Nothing here is a size: every identity built from these objects is checked by the kernel's matrix-shape engine for
every n (:mod:`checker.kernel.engine.matrix_shapes`).
"""
from __future__ import annotations

import sympy
from sympy import MatrixExpr, MatrixSymbol, Symbol, ZeroMatrix

from theorems.page1_variations.noether import N_DIM, QN, VN, WN, matrix_derivative

CHAIN_AND_PRODUCT_RULES = "calculus.chain_and_product_rules_every_size"

#: first derivatives of 𝓛, B, φ and ξ at one point of the jet (every n)
L_Q, L_V, B_Q, PHI_Q = (MatrixSymbol(name, N_DIM, 1) for name in ("L_q", "L_v", "B_q", "phi_q"))
XI_N = MatrixSymbol("xi", N_DIM, 1)
DXI = MatrixSymbol("Dxi", N_DIM, N_DIM)
L_T, B_T, PHI_T, L_VALUE = (MatrixSymbol(name, 1, 1) for name in ("L_t", "B_t", "phi_t", "L"))
#: the parameter of a one-parameter family of points (t, q + sξ, v + sDξ v), and the velocity of a curve q'(t)
S = Symbol("s")
QDOT = MatrixSymbol("qdot", N_DIM, 1)

ZERO_COLUMN = ZeroMatrix(N_DIM, 1)
ZERO_SCALAR = ZeroMatrix(1, 1)
#: the value of B_q when B = B(t) does not depend on q
NO_Q_DEPENDENCE = ZERO_COLUMN


def scalar_chain_rule(F_t, F_q, F_v, t_rate, q_rate, v_rate):
    """d/dλ F(t(λ), q(λ), v(λ)) = F_t t' + F_q·q' + F_v·v' (cited chain rule of every size; a missing slot is None)."""
    terms = []
    if F_t is not None and t_rate is not None:
        terms.append(F_t * t_rate)
    if F_q is not None and q_rate is not None:
        terms.append(F_q.T * q_rate)
    if F_v is not None and v_rate is not None:
        terms.append(F_v.T * v_rate)
    return sympy.MatAdd(*terms).doit() if terms else ZERO_SCALAR


def field_chain_rule(jacobian, q_rate):
    """d/dλ ξ(q(λ)) = Dξ q' (cited chain rule of every size; ξ depends on q only)."""
    return (jacobian * q_rate).doit()


def rate_in(expr, parameter=S):
    """d/dλ of a matrix expression written in the scalar ``parameter`` (the product rule; every other symbol is fixed),
    at ``parameter = 0``."""
    def leaf(e):
        if isinstance(e, MatrixExpr):
            return ZeroMatrix(*e.shape)
        return sympy.diff(e, parameter)
    return matrix_derivative(sympy.sympify(expr), leaf).doit().subs(parameter, 0).doit()


def seed_symmetry_residual_n(L_q, L_v, xi, jacobian, v, B_t, B_q, B_sign=1):
    """The seed's identity as lhs − rhs: 𝓛_q·ξ(q) + 𝓛_v·Dξ(q)v − (B_t + B_q·v) (every n)."""
    return L_q.T * xi + L_v.T * (jacobian * v) - B_sign * (B_t + B_q.T * v)


def reparametrised_residual_n(L_t, L_q, L_v, L, v, xi, xi_rate, tau, tau_rate, B_rate):
    """#91's residual 𝓛_tτ + 𝓛_q·ξ + 𝓛_v·(D_tξ − vD_tτ) + 𝓛D_tτ − D_tB (every n; 1×1 τ, D_tτ, D_tB)."""
    return L_t * tau + L_q.T * xi + L_v.T * (xi_rate - v * tau_rate) + L * tau_rate - B_rate


def statement_D_t(F_t, F_q, v=VN):
    """The statement's operator D_tφ := φ_t + φ_q·v on a function of (t, q) (every n)."""
    return F_t + F_q.T * v


__all__ = ["CHAIN_AND_PRODUCT_RULES", "L_Q", "L_V", "B_Q", "PHI_Q", "XI_N", "DXI", "L_T", "B_T", "PHI_T", "L_VALUE",
           "S", "QDOT", "ZERO_COLUMN", "ZERO_SCALAR", "NO_Q_DEPENDENCE", "QN", "VN", "WN", "scalar_chain_rule",
           "field_chain_rule", "rate_in", "seed_symmetry_residual_n", "reparametrised_residual_n", "statement_D_t"]
