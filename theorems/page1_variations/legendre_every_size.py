"""Every-n checks of the Legendre definitions #24, #25, #27, of lemma #28 and of the trusted results #93, #94, #95 (no
items here: the verifiers of :mod:`theorems.page1_variations.legendre` call them).

A generic 𝓛(t, q, v) and a generic inverse branch v̂(t, q, p) of symbolic dimension n enter through opaque values of
their derivatives at one point: 𝓛_t (1×1), 𝓛_q, 𝓛_v (n×1), the second derivatives 𝓛_vt (n×1), 𝓛_vq and the velocity
Hessian W = 𝓛_vv (n×n), and the branch's D_tv̂ (n×1), D_qv̂, D_pv̂ (n×n).  Derivatives along a path s ↦ (t + sτ,
q + sa, v + su) are the cited chain rule of every size (``calculus.chain_and_product_rules_every_size``); the
kernel's matrix-shape engine proves the resulting identities for every n.  Where a step is a hypothesis (the branch
relation 𝓛_v(t, q, v̂) = p, v̂(t, q, 𝓛_v(t, q, w)) = w) it is substituted or stated as a premise of a checked proof
whose algebra involves scalars only (determinants, the two mixed second derivatives of a function of two variables).
Invertibility (det 𝓛_vv ≠ 0 ⇒ 𝓛_vv invertible; K positive definite ⇒ K invertible) is a checked deduction from the
cited ``linalg.determinant_criterion_invertibility``; the matrix-shape engine then cancels W⁻¹W.  #95's kinetic matrix
is K = M + Mᵀ (every symmetric matrix is of this form), #94's curve enters through q' = v, q'' and p = 𝓛_v(t, q, q').
"""
from __future__ import annotations

import sympy
from sympy import Determinant, Function, Identity, MatrixExpr, MatrixSymbol, Symbol, ZeroMatrix

from checker import Proof
from checker.kernel.deduction import Deduction, atom, forall, implies
from theorems.foundations.analytic_facts import DETERMINANT_CRITERION
from theorems.page1_variations.noether import N_DIM, matrix_derivative, scalar_form
from theorems.page1_variations.noether_every_size import (CHAIN_AND_PRODUCT_RULES, L_Q, L_T, L_V, QDOT, S,
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


def check_hamiltonian_every_n(check, *, p_sign=1, q_sign=-1):
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
        expected = {"H_t = −𝓛_t(t, q, v̂)": -L_T * tau_dot, "H_q = −𝓛_q(t, q, v̂)": q_sign * L_Q.T * A_DIR,
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
    pr = _determinant_product_proof("hyperregular ⇒ regular, for every n",
                                    "v̂(t, q, 𝓛_v(t, q, w)) = w (C¹): differentiated, D_pv̂ 𝓛_vv = I_n (checked above), "
                                    "so det(D_pv̂ 𝓛_vv) = det I_n = 1", assumption=inverse_hypothesis)
    check.proof("every n: D_pv̂ 𝓛_vv = I_n ⇒ det 𝓛_vv ≠ 0", pr,
                scope="every n: the determinants as scalars; the matrix identities above for every n")


def _determinant_product_proof(title: str, note: str, assumption=None) -> Proof:
    """det X · det Y = det(XY) and det(XY) = 1 (premises, checked as every-n identities before; the second the
    hypothesis ``assumption`` when given) ⇒ det X ≠ 0."""
    d_x, d_y, d_xy = sympy.symbols("det_X det_Y det_XY")
    pr = Proof(title)
    if assumption is not None:
        pr.hypothesis("inverse", (d_xy, 1), assumption=assumption, note=note)
    else:
        pr.suppose("inverse", (d_xy, 1), note=note)
    pr.suppose("product", (d_x * d_y, d_xy), note="det(XY) = det X · det Y (checked above, every n)")
    pr.suppose("singular", (d_x, 0), note="suppose det X = 0")
    pr.algebra("one", ["product", "inverse", "singular"], (1, 0), certificate=[-1, -1, d_y],
               note="1 = det X · det Y = 0")
    pr.contradiction("det ≠ 0", "one", note="so det X ≠ 0")
    pr.conclude("det ≠ 0")
    return pr


def nonsingular_invertible_deduction(nonsingular_hypothesis, *, nonsingular=True) -> Deduction:
    """#93, every n: det 𝓛_vv ≠ 0 (the hypothesis) and the cited determinant criterion (∀A. det A ≠ 0 ⇒ Invertible(A),
    for n×n A of symbolic size) give Invertible(𝓛_vv).  ``nonsingular=False`` drops the hypothesis (a mutation)."""
    d = Deduction("det 𝓛_vv ≠ 0 ⇒ 𝓛_vv = D_v(𝓛_v) invertible (every n)", atom("Invertible", HESSIAN))
    if nonsingular:
        d.hypothesis("nonsingular", atom("≠", Determinant(HESSIAN), 0), assumption=nonsingular_hypothesis,
                     note="det 𝓛_vv(t, q, v0) ≠ 0")
    d.cite("criterion", DETERMINANT_CRITERION, "nonzero_determinant_invertible")
    d.instantiate("criterion_at_W", "criterion", HESSIAN)
    d.mp("invertible", "criterion_at_W", "nonsingular")
    return d


def local_inverse_every_n(check, *, nonsingular_hypothesis, hessian_factor=1, nonsingular=True,
                          det_product=lambda A, B: Determinant(A) * Determinant(B), inverse_derivative=lambda W: W.I):
    """#93 for every n: D_v(𝓛_v) = 𝓛_vv (chain rule); det 𝓛_vv ≠ 0 ⇒ 𝓛_vv invertible (a checked deduction from the
    cited determinant criterion); 𝓛_vv B = I_n ⇒ det 𝓛_vv ≠ 0 (det(WB) = det W det B, a checked proof); a local inverse
    v̂ (𝓛_v(t, q, v̂(t, q, p)) = p, C¹) has D_pv̂ = 𝓛_vv⁻¹ (chain rule, twice).  The existence of the local C¹ inverse
    is the cited inverse function theorem's."""
    moved_v = V_N + S * U_DIR
    check.identity("every n: d/ds|₀ 𝓛_v(t, q, v + su) = 𝓛_vv u, i.e. D_v(𝓛_v) = 𝓛_vv",
                   momentum_rate(0, ZERO_COLUMN, rate_in(moved_v)), hessian_factor * HESSIAN * U_DIR, scope=SCOPE)
    check.deduction("every n: det 𝓛_vv ≠ 0 ⇒ D_v(𝓛_v) = 𝓛_vv is invertible (cited determinant criterion)",
                    nonsingular_invertible_deduction(nonsingular_hypothesis, nonsingular=nonsingular),
                    scope=f"every n: 𝓛_vv an n×n MatrixSymbol; the criterion is {DETERMINANT_CRITERION} (cited)")
    other = MatrixSymbol("B", N_DIM, N_DIM)
    check.identity("every n: det(𝓛_vv B) = det 𝓛_vv · det B and det I_n = 1",
                   Determinant(HESSIAN * other).doit() + Determinant(Identity(N_DIM)).doit(),
                   det_product(HESSIAN, other) + 1, scope=SCOPE)
    check.proof("every n: D_v(𝓛_v) = 𝓛_vv invertible (𝓛_vv B = I_n) ⇒ det 𝓛_vv ≠ 0",
                _determinant_product_proof("invertible ⇒ nonzero determinant, every n",
                                           "X = 𝓛_vv, Y = B with XY = I_n: det(XY) = det I_n = 1"),
                scope="every n: the determinants as scalars; the determinant identities above for every n")
    composite = momentum_rate(0, ZERO_COLUMN, field_chain_rule(BRANCH_P, rate_in(P_N + S * PI_DIR)))
    check.identity("every n: d/ds|₀ 𝓛_v(t, q, v̂(t, q, p + sπ)) = 𝓛_vv D_pv̂ π (the chain rule, twice); the local "
                   "inverse relation 𝓛_v(t, q, v̂(t, q, p)) = p makes it d/ds|₀ (p + sπ) = π",
                   composite + rate_in(P_N + S * PI_DIR), HESSIAN * BRANCH_P * PI_DIR + PI_DIR, scope=SCOPE)
    check.identity("every n: so D_pv̂ π = 𝓛_vv⁻¹(𝓛_vv D_pv̂ π) = 𝓛_vv⁻¹ π for every π: D_pv̂ = 𝓛_vv⁻¹ (the derivative "
                   "of the local inverse)", inverse_derivative(HESSIAN) * composite, BRANCH_P * PI_DIR,
                   scope=SCOPE + "; 𝓛_vv invertible (the deduction above)")


#: the curve: q' (QDOT) and q'' (QDDOT) at the time t; the momentum curve's rate p' (PDOT); H's first partials
QDDOT, PDOT = MatrixSymbol("qddot", N_DIM, 1), MatrixSymbol("pdot", N_DIM, 1)
H_T = MatrixSymbol("H_t", 1, 1)
H_Q, H_P = MatrixSymbol("H_q", N_DIM, 1), MatrixSymbol("H_p", N_DIM, 1)


def hamilton_equations_every_n(check, *, q_sign=-1, hamilton_sign=-1,
                               energy_claim=lambda H_t, H_q, H_p: H_t):
    """#94 for every n.  (1) The differential of H on the branch (:func:`check_hamiltonian_every_n`).  (2) Along a C²
    curve q with q' = v, q'' = a at t and p = 𝓛_v(t, q, q'): v̂(t, q, p) = q' (v̂ inverts 𝓛_v(t, q, ·)), so q' = H_p,
    and p' − (claimed right side) equals the Euler–Lagrange expression d/dt 𝓛_v − 𝓛_q, p' and H_q by the chain rule.
    (3) dH/dt = H_t + H_q·q' + H_p·p' (chain rule) is ∂_tH along q' = H_p, p' = −H_q."""
    check_hamiltonian_every_n(check, q_sign=q_sign)
    tau_dot = Symbol("tau_dot")
    branch_rate = (BRANCH_T * tau_dot + BRANCH_Q * A_DIR + BRANCH_P * PI_DIR).doit()
    H_rate = (rate_in(P_N + S * PI_DIR).T * BRANCH + P_N.T * branch_rate
              - scalar_chain_rule(L_T, L_Q, L_V, tau_dot, A_DIR, branch_rate)).xreplace({L_V: P_N})
    # at p = 𝓛_v(t, q, q'): v̂(t, q, p) = q' (the branch inverts 𝓛_v(t, q, ·); hyperregular), so v̂ is q' below
    on_curve = H_rate.xreplace({BRANCH: V_N})
    H_p_pairing = on_curve.xreplace({tau_dot: 0, A_DIR: ZERO_COLUMN}).doit()
    H_q_pairing = on_curve.xreplace({tau_dot: 0, PI_DIR: ZERO_COLUMN}).doit()
    scope = (SCOPE + "; the curve's q' = v, q'' = qddot at t, p = 𝓛_v(t, q, q'), and v̂(t, q, 𝓛_v(t, q, w)) = w (v̂ the "
             "inverse of the bijection 𝓛_v(t, q, ·)), 𝓛_v(t, q, v̂(t, q, p)) = p")
    check.identity("every n: at p = 𝓛_v(t, q, q'), H_p·π = π·q' for every π: q' = H_p holds", scalar_form(H_p_pairing),
                   scalar_form(PI_DIR.T * V_N), scope=scope)
    p_rate = momentum_rate(1, V_N, QDDOT)  # p' = d/dt 𝓛_v(t, q(t), q'(t)) (the chain rule)
    euler_lagrange = momentum_rate(1, V_N, QDDOT).T * A_DIR - L_Q.T * A_DIR  # (d/dt 𝓛_v − 𝓛_q)·a, as stated
    check.identity("every n: (p' − (claimed right side of p' = −H_q))·a = (d/dt 𝓛_v(t, q, q') − 𝓛_q(t, q, q'))·a: "
                   "with q' = H_p, the Hamilton equations hold iff the Euler–Lagrange equation does (conversely q' = "
                   "H_p = v̂(t, q, p) gives p = 𝓛_v(t, q, v̂(t, q, p)) = 𝓛_v(t, q, q'))",
                   scalar_form(p_rate.T * A_DIR - hamilton_sign * H_q_pairing), scalar_form(euler_lagrange), scope=scope)
    rate = scalar_chain_rule(H_T, H_Q, H_P, 1, QDOT, PDOT).xreplace({QDOT: H_P, PDOT: hamilton_sign * H_Q})
    check.identity("every n: dH/dt = H_t + H_q·q' + H_p·p' (the chain rule) equals ∂_tH along q' = H_p, p' = −H_q",
                   scalar_form(rate.doit()), scalar_form(energy_claim(H_T, H_Q, H_P)),
                   scope="symbolic, every n: H_t (1×1), H_q, H_p (n×1) the partials of H at the point of the solution "
                         f"(MatrixSymbols of symbolic size n); dH/dt by the cited chain rule ({CHAIN_AND_PRODUCT_RULES})")


#: every n: K = M + Mᵀ with M an n×n MatrixSymbol (every symmetric K is of this form), vectors n×1 MatrixSymbols
M_N = MatrixSymbol("M", N_DIM, N_DIM)
K_N = M_N + M_N.T
D_N = MatrixSymbol("u", N_DIM, 1)
U_VALUE = Symbol("U", real=True)  # U(t, q) at the point: (t, q) is fixed in the fibre


def _direction_rule(variable, direction):
    return lambda e: direction if e == variable else (ZeroMatrix(*e.shape) if isinstance(e, MatrixExpr) else sympy.S.Zero)


def _inverse_branch_n(K, p):
    return K.I * p


def _kinetic_hamiltonian_n(K, p):
    return p.T * K.I * p / 2


def spd_invertible_deduction(spd_hypothesis, *, spd=True) -> Deduction:
    """Every n: K = M + Mᵀ positive definite (∀z. z ≠ 0 ⇒ zᵀKz > 0, the hypothesis) and the cited criterion (∀A.
    (∀z. z ≠ 0 ⇒ zᵀAz > 0) ⇒ Invertible(A)) give Invertible(K).  ``spd=False`` drops the hypothesis (a mutation)."""
    z = MatrixSymbol("z", N_DIM, 1)
    d = Deduction("K positive definite ⇒ K invertible (every n)", atom("Invertible", K_N))
    if spd:
        d.hypothesis("spd", forall(z, implies(atom("≠", z, ZeroMatrix(N_DIM, 1)), atom(">", z.T * K_N * z, 0))),
                     assumption=spd_hypothesis, note="K(t, q) positive definite")
    d.cite("criterion", DETERMINANT_CRITERION, "positive_definite_invertible")
    d.instantiate("criterion_at_K", "criterion", K_N)
    d.mp("invertible", "criterion_at_K", "spd")
    return d


def mechanical_every_n(check, *, spd_hypothesis, potential_sign=1, branch_n=_inverse_branch_n,
                       hamiltonian_n=_kinetic_hamiltonian_n, spd=True, inverse_rate_sign=-1):
    """#95 for every n: K invertible (a checked deduction from K SPD), 𝓛_v = Kv and 𝓛_vv = K (so K singular is not
    regular), the branch v = K⁻¹p solves 𝓛_v = p and is the only solution, H = ½pᵀK⁻¹p + U (``hamiltonian_n``),
    H_p = v; along a path in (t, q), (K⁻¹)' = −K⁻¹K'K⁻¹ (product rule on KK⁻¹ = I), continuous: the branch is C¹."""
    def lagrangian(velocity):
        return (velocity.T * K_N * velocity) / 2 - U_VALUE * Identity(1)
    scope = ("symbolic, every n: K = M + Mᵀ (every symmetric K; invertible by the deduction from K positive definite), "
             "v, p, u n×1 MatrixSymbols (n a symbol), U = U(t, q) at the point")
    check.deduction("every n: K positive definite ⇒ K invertible (cited criterion), so K⁻¹ below exists",
                    spd_invertible_deduction(spd_hypothesis, spd=spd),
                    scope=f"every n: K = M + Mᵀ with M an n×n MatrixSymbol; the criterion is {DETERMINANT_CRITERION}")
    slope = matrix_derivative(lagrangian(V_N), _direction_rule(V_N, D_N)).doit()
    check.identity("every n: 𝓛_v·u = uᵀKv for every u, i.e. 𝓛_v = Kv", scalar_form(slope), scalar_form(D_N.T * K_N * V_N),
                   scope=scope)
    check.identity("every n: d/ds|₀ 𝓛_v(v + su) = K u, i.e. 𝓛_vv = K (so det 𝓛_vv = det K: K singular is not regular)",
                   rate_in(K_N * (V_N + S * D_N)), K_N * D_N, scope=scope)
    k_rate = MatrixSymbol("Kdot", N_DIM, N_DIM)  # K' along a path s ↦ (t(s), q(s)) (K ∈ C²)
    check.identity("every n: (KK⁻¹)' = K'K⁻¹ + K(K⁻¹)' = 0 (product rule, KK⁻¹ = I) holds with (K⁻¹)' = −K⁻¹K'K⁻¹, "
                   "continuous in (t, q): v = K⁻¹p is C¹ (C² with K)", k_rate * K_N.I + K_N * (inverse_rate_sign * K_N.I * k_rate * K_N.I),
                   ZeroMatrix(N_DIM, N_DIM), scope=scope + "; K' the derivative of K(t, q) along a path (cited product rule)")
    branch = branch_n(K_N, P_N)
    check.identity("every n: the branch v = K⁻¹p solves 𝓛_v = Kv = p", K_N * branch, P_N, scope=scope)
    check.identity("every n: and it is the only solution: if Kv = p then the branch at p = Kv is v", branch_n(K_N, K_N * V_N),
                   V_N, scope=scope)
    H = P_N.T * branch - lagrangian(branch)
    check.identity("every n: H = p·v − 𝓛(t, q, v) at v = K⁻¹p is ½pᵀK⁻¹p + U", scalar_form(H),
                   scalar_form(hamiltonian_n(K_N, P_N) + potential_sign * U_VALUE * Identity(1)), scope=scope)
    H_slope = matrix_derivative(sympy.sympify(H).doit(), _direction_rule(P_N, D_N)).doit()
    check.identity("every n: H_p·u = uᵀK⁻¹p for every u, i.e. H_p = K⁻¹p = v (C^∞ in p)", scalar_form(H_slope),
                   scalar_form(D_N.T * K_N.I * P_N), scope=scope)



__all__ = ["check_chart_every_n", "check_legendre_map_every_n", "check_hamiltonian_every_n",
           "hyperregular_implies_regular_every_n", "derivative_order", "SCHWARZ", "HESSIAN", "BRANCH_P",
           "local_inverse_every_n", "nonsingular_invertible_deduction", "hamilton_equations_every_n",
           "mechanical_every_n", "spd_invertible_deduction", "D_N", "K_N", "M_N", "V_N", "P_N"]
