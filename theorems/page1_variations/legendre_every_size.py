"""Every-n checks of the Legendre definitions #24, #25, #27 and of lemma #28 (no items here: the verifiers of
:mod:`theorems.page1_variations.legendre` call them).

A generic 𝓛(t, q, v) and a generic inverse branch v̂(t, q, p) of symbolic dimension n enter through opaque values of
their derivatives at one point: 𝓛_t (1×1), 𝓛_q, 𝓛_v (n×1), the second derivatives 𝓛_vt (n×1), 𝓛_vq and the velocity
Hessian W = 𝓛_vv (n×n), and the branch's D_tv̂ (n×1), D_qv̂, D_pv̂ (n×n).  Derivatives along a path s ↦ (t + sτ,
q + sa, v + su) are the cited chain rule of every size (``calculus.chain_and_product_rules_every_size``); the
kernel's matrix-shape engine proves the resulting identities for every n.  Where a step is a hypothesis (the branch
relation 𝓛_v(t, q, v̂) = p, v̂(t, q, 𝓛_v(t, q, w)) = w) it is substituted or stated as a premise of a checked proof
whose algebra involves scalars only (determinants, the two mixed second derivatives of a function of two variables).
"""
from __future__ import annotations

import sympy
from sympy import Determinant, Function, MatrixSymbol, Symbol, ZeroMatrix

from checker import Proof
from theorems.page1_variations.noether import N_DIM, scalar_form
from theorems.page1_variations.noether_every_size import (CHAIN_AND_PRODUCT_RULES, L_Q, L_T, L_V, S,
                                                          field_chain_rule, rate_in, scalar_chain_rule)

ZERO_COLUMN = ZeroMatrix(N_DIM, 1)
SCHWARZ = "calculus.schwarz_symmetry_of_second_derivatives"
#: the point (t, q, v), a direction (τ, a, u) and a second velocity direction w; the momentum p and its direction π
Q_N, V_N, A_DIR, U_DIR, W_DIR = (MatrixSymbol(name, N_DIM, 1) for name in ("q", "v", "a", "u", "w"))
P_N, PI_DIR = MatrixSymbol("p", N_DIM, 1), MatrixSymbol("pi", N_DIM, 1)
TAU = Symbol("tau", real=True)
#: second derivatives of 𝓛: 𝓛_vt (n×1), 𝓛_vq and the velocity Hessian W = 𝓛_vv (n×n)
L_VT = MatrixSymbol("L_vt", N_DIM, 1)
L_VQ, HESSIAN = MatrixSymbol("L_vq", N_DIM, N_DIM), MatrixSymbol("W", N_DIM, N_DIM)
#: the inverse branch v̂(t, q, p) at the point (its value) and its derivatives
BRANCH = MatrixSymbol("vhat", N_DIM, 1)
BRANCH_T, BRANCH_Q, BRANCH_P = (MatrixSymbol("Dt_vhat", N_DIM, 1), MatrixSymbol("Dq_vhat", N_DIM, N_DIM),
                                MatrixSymbol("Dp_vhat", N_DIM, N_DIM))
#: the order of the derivative of 𝓛 each opaque symbol stands for
DERIVATIVE_ORDER = {L_T: 1, L_Q: 1, L_V: 1, L_VT: 2, L_VQ: 2, HESSIAN: 2}
SCOPE = ("symbolic, every n: the point, the directions and the derivative values of 𝓛 (and of the branch) are "
         "MatrixSymbols of symbolic size n; derivatives along a path by the cited chain rule of every size "
         f"({CHAIN_AND_PRODUCT_RULES})")


def momentum_rate(t_rate, q_rate, v_rate):
    """d/ds 𝓛_v(t(s), q(s), v(s)) = 𝓛_vt t' + 𝓛_vq q' + 𝓛_vv v' (the chain rule for the map 𝓛_v)."""
    return (L_VT * t_rate + L_VQ * q_rate + HESSIAN * v_rate).doit()


def derivative_order(expr) -> int:
    """The highest order of a derivative of 𝓛 among the opaque symbols in ``expr`` (0: none)."""
    atoms = sympy.sympify(expr).atoms(MatrixSymbol)
    return max((DERIVATIVE_ORDER.get(a, 0) for a in atoms), default=0)


def check_chart_every_n(check, *, hessian_factor=1):
    """#24: 𝓛_v is the gradient (d/ds 𝓛(t, q, v + su) = 𝓛_v·u), 𝓛_vv the Hessian (d/ds 𝓛_v(t, q, v + su) = 𝓛_vv u),
    and 𝓛_vv is symmetric: the two mixed derivatives of g(s, r) = 𝓛(t, q, v + su + rw) are wᵀ𝓛_vvᵀu and uᵀ𝓛_vvᵀw,
    equal by Schwarz (cited) for every n (a checked proof whose algebra is scalar)."""
    moved_v = V_N + S * U_DIR
    check.identity("every n: d/ds|₀ 𝓛(t, q, v + su) = 𝓛_v·u (𝓛_v is the gradient in the velocity slot)",
                   scalar_form(scalar_chain_rule(L_T, L_Q, L_V, None, None, rate_in(moved_v))),
                   scalar_form(L_V.T * U_DIR), scope=SCOPE)
    check.identity("every n: d/ds|₀ 𝓛_v(t, q, v + su) = 𝓛_vv u (𝓛_vv is the matrix of second partials in v)",
                   momentum_rate(0, ZERO_COLUMN, rate_in(moved_v)), hessian_factor * HESSIAN * U_DIR, scope=SCOPE)
    check.identity("every n: g(s, r) = 𝓛(t, q, v + su + rw) has g_sr = d/dr (𝓛_v·u) = uᵀ𝓛_vv w (the chain rule, "
                   "twice)", scalar_form(momentum_rate(0, ZERO_COLUMN, W_DIR).T * U_DIR),
                   scalar_form(U_DIR.T * HESSIAN * W_DIR), scope=SCOPE)
    r = Symbol("r")
    g = Function("g", real=True)(S, r)
    sr, rs = Symbol("uT_Lvv_w"), Symbol("wT_Lvv_u")  # the values uᵀ𝓛_vv w and wᵀ𝓛_vv u (scalars)
    p = Proof("𝓛_vv is symmetric, for every n")
    p.suppose("g_sr", (g.diff(S).diff(r), sr),
              note="g(s, r) = 𝓛(t, q, v + su + rw): g_s = 𝓛_v·u, then d/dr gives uᵀ𝓛_vv w (checked above)")
    p.suppose("g_rs", (g.diff(r).diff(S), rs), note="likewise g_r = 𝓛_v·w, then d/ds gives wᵀ𝓛_vv u")
    p.algebra("symmetric", ["g_sr", "g_rs"], (sr, rs), certificate=[-1, 1],
              note=f"g_sr = g_rs (Schwarz, cited: {SCHWARZ}; 𝓛 ∈ C²), so uᵀ𝓛_vv w = wᵀ𝓛_vv u = uᵀ𝓛_vvᵀw for all "
                   "u, w: 𝓛_vv = 𝓛_vvᵀ")
    p.conclude("symmetric")
    check.proof("every n: 𝓛 ∈ C² ⇒ 𝓛_vv symmetric (Schwarz on g(s, r) = 𝓛(t, q, v + su + rw))", p,
                scope=f"every n: the mixed derivatives of the scalar g(s, r) (Schwarz, {SCHWARZ}), their values by "
                      "the chain rule as scalars")


def check_legendre_map_every_n(check, *, jacobian_order=2, momentum_rows=None):
    """#25: along (t + sτ, q + sa, v + su) the Legendre map F = (t, q, 𝓛_v) moves by (τ, a, 𝓛_vt τ + 𝓛_vq a + 𝓛_vv u):
    D F is the identity in the (t, q) rows and (𝓛_vt, 𝓛_vq, 𝓛_vv) in the momentum rows; its entries are second
    derivatives of 𝓛 (continuous: F ∈ C¹ when 𝓛 ∈ C²)."""
    tau_dot = Symbol("tau_dot")
    moved_t, moved_q, moved_v = TAU + S * tau_dot, Q_N + S * A_DIR, V_N + S * U_DIR
    momentum = momentum_rate(rate_in(moved_t), rate_in(moved_q), rate_in(moved_v))
    claimed = momentum_rows if momentum_rows is not None else L_VT * tau_dot + L_VQ * A_DIR + HESSIAN * U_DIR
    check.identity("every n: the momentum rows of D F are (𝓛_vt, 𝓛_vq, 𝓛_vv)", momentum, claimed, scope=SCOPE)
    order = derivative_order(momentum)
    check.fact(f"every n: D F involves derivatives of 𝓛 of order ≤ {jacobian_order} only (𝓛_vt, 𝓛_vq, 𝓛_vv), so "
               "F ∈ C¹ when 𝓛 ∈ C²", order == jacobian_order, method="computation",
               detail=f"highest order {order}", scope=SCOPE)


def check_hamiltonian_every_n(check, *, p_sign=1):
    """#27: H = p·v̂ − 𝓛(t, q, v̂) with 𝓛_v(t, q, v̂) = p (the branch relation, substituted): along (t + sτ, q + sa,
    p + sπ), dH = π·v̂ − 𝓛_t τ − 𝓛_q·a, i.e. H_p = v̂, H_q = −𝓛_q∘, H_t = −𝓛_t∘ (compositions of C¹ maps: H ∈ C²)."""
    tau_dot = Symbol("tau_dot")
    branch_rate = (BRANCH_T * tau_dot + BRANCH_Q * A_DIR + BRANCH_P * PI_DIR).doit()  # chain rule for v̂(t, q, p)
    p_rate = rate_in(P_N + S * PI_DIR)
    H_rate = (p_sign * (p_rate.T * BRANCH + P_N.T * branch_rate)
              - scalar_chain_rule(L_T, L_Q, L_V, tau_dot, A_DIR, branch_rate))
    on_branch = H_rate.xreplace({L_V: P_N})  # the branch relation 𝓛_v(t, q, v̂(t, q, p)) = p
    scope = SCOPE + "; the branch relation 𝓛_v(t, q, v̂) = p substituted (the definition of v̂)"
    for label, keep in (("H_t = −𝓛_t(t, q, v̂)", {tau_dot}), ("H_q = −𝓛_q(t, q, v̂)", {A_DIR}), ("H_p = v̂", {PI_DIR})):
        zero = {d: (0 if d == tau_dot else ZERO_COLUMN) for d in (tau_dot, A_DIR, PI_DIR) if d not in keep}
        expected = {"H_t = −𝓛_t(t, q, v̂)": -L_T * tau_dot, "H_q = −𝓛_q(t, q, v̂)": -L_Q.T * A_DIR,
                    "H_p = v̂": PI_DIR.T * BRANCH}[label]
        check.identity(f"every n: {label} (the derivative of H = p·v̂ − 𝓛(t, q, v̂) in that direction)",
                       scalar_form(on_branch.xreplace(zero).doit()), scalar_form(expected), scope=scope)


def hyperregular_implies_regular_every_n(check, *, inverse_hypothesis, identity_factor=1):
    """#28 for every n: the chain rule (twice) differentiates w ↦ v̂(t, q, 𝓛_v(t, q, w)) in the direction u to
    D_pv̂ 𝓛_vv u; the hypothesis (this map is the identity, C¹) makes that u for every u, so D_pv̂ 𝓛_vv = I_n; then
    det D_pv̂ · det 𝓛_vv = det(D_pv̂ 𝓛_vv) = det I_n = 1, and det 𝓛_vv ≠ 0 (a checked proof with these scalars)."""
    moved_w = V_N + S * U_DIR
    composite = field_chain_rule(BRANCH_P, momentum_rate(0, ZERO_COLUMN, rate_in(moved_w)))
    check.identity("every n: d/ds|₀ v̂(t, q, 𝓛_v(t, q, w + su)) = D_pv̂ 𝓛_vv u (the chain rule, twice)", composite,
                   identity_factor * BRANCH_P * HESSIAN * U_DIR, scope=SCOPE)
    check.identity("every n: and d/ds|₀ (w + su) = u: so the hypothesis v̂(t, q, 𝓛_v(t, q, w)) = w gives D_pv̂ 𝓛_vv u = u "
                   "for every u, i.e. D_pv̂ 𝓛_vv = I_n", rate_in(moved_w), U_DIR, scope=SCOPE)
    check.identity("every n: det(D_pv̂ 𝓛_vv) = det D_pv̂ · det 𝓛_vv", Determinant(BRANCH_P * HESSIAN).doit(),
                   Determinant(BRANCH_P) * Determinant(HESSIAN), scope=SCOPE)
    d_branch, d_hessian, d_product = sympy.symbols("det_Dp_vhat det_L_vv det_product")
    pr = Proof("hyperregular ⇒ regular, for every n")
    pr.hypothesis("inverse", (d_product, 1), assumption=inverse_hypothesis,
                  note="v̂(t, q, 𝓛_v(t, q, w)) = w (C¹): differentiated, D_pv̂ 𝓛_vv = I_n (checked above), so "
                       "det(D_pv̂ 𝓛_vv) = det I_n = 1")
    pr.suppose("product", (d_branch * d_hessian, d_product), note="det(D_pv̂ 𝓛_vv) = det D_pv̂ · det 𝓛_vv (checked above)")
    pr.suppose("singular", (d_hessian, 0), note="suppose det 𝓛_vv = 0")
    pr.algebra("one", ["product", "inverse", "singular"], (1, 0), certificate=[-1, -1, d_branch],
               note="1 = det D_pv̂ · det 𝓛_vv = 0")
    pr.contradiction("det ≠ 0", "one", note="so det 𝓛_vv ≠ 0")
    pr.conclude("det ≠ 0")
    check.proof("every n: D_pv̂ 𝓛_vv = I_n ⇒ det 𝓛_vv ≠ 0", pr,
                scope="every n: the determinants as scalars; the matrix identities above for every n")


__all__ = ["check_chart_every_n", "check_legendre_map_every_n", "check_hamiltonian_every_n",
           "hyperregular_implies_regular_every_n", "derivative_order", "SCHWARZ", "HESSIAN", "BRANCH_P"]
