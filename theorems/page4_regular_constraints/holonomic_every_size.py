"""Seed 004's two headline theorems (#73, #76) for every number of particles N and constraints k.

At a fixed state (t, x, v) every clause is linear algebra in a handful of matrices of symbolic shape
(:mod:`checker.kernel.engine.matrix_shapes` proves such identities for every size): J = D_xG (k × n, n = 3N, rank k),
the mass operator M = BᵀB (the page's M = diag(m_i I₃), m_i > 0, with B = diag(√m_i I₃) invertible), the force F,
the curvature terms κ = G_tt + 2G_tx[v] + G_xx[v, v] (an opaque k-vector) and G_t.  Differentiation along a curve is
the cited chain and product rules of every size (:data:`CHAIN_AND_PRODUCT_RULES`): d/dt G(t, x(t)) = G_t + J x',
d²/dt² G(t, x(t)) = J x'' + κ, d/dt U(t, x(t)) = U_t + ∇Uᵀx', (AB)' = A'B + AB'; their derivative objects enter
as opaque matrix symbols.  The analytic steps cite Picard–Lindelöf, C¹ ⇒ locally Lipschitz, the zero-derivative
results and the fundamental theorem of calculus (:mod:`theorems.foundations.analytic_facts`).
"""
from __future__ import annotations

import sympy
from sympy import Inverse, MatrixSymbol, ZeroMatrix

from theorems.foundations.analytic_facts import (C1_LOCALLY_LIPSCHITZ, CHAIN_AND_PRODUCT_RULES, FUNDAMENTAL_THEOREM,
                                                 PICARD_LINDELOF, ZERO_DERIVATIVE, ZERO_SECOND_DERIVATIVE)
from theorems.foundations.linalg import EUCLIDEAN_ID, EUCLIDEAN_POSITIVE_DEFINITE
from checker.kernel.deduction import Deduction, atom, forall, implies

N_PARTICLES_COORDINATES, CONSTRAINTS = sympy.symbols("n k", integer=True, positive=True)
SCOPE = ("every size: n = 3N and k symbolic (MatrixSymbol shapes), J = D_xG k x n of rank k, M = B^T B with B "
         "invertible (M = diag(m_i I_3), B = diag(sqrt(m_i) I_3)); derivatives along the motion by the cited chain "
         f"and product rules of every size ({CHAIN_AND_PRODUCT_RULES})")


class ReactionData:
    """The matrices of the reaction law at one state, of symbolic shape, and the page's C, Λ, a, R built from them."""

    def __init__(self, *, sign=-1, curvature_factor=1):
        n, k = N_PARTICLES_COORDINATES, CONSTRAINTS
        self.n, self.k = n, k
        self.J, self.B = MatrixSymbol("J", k, n), MatrixSymbol("B", n, n)
        self.F, self.v = MatrixSymbol("F", n, 1), MatrixSymbol("v", n, 1)
        self.kappa, self.G_t = MatrixSymbol("kappa", k, 1), MatrixSymbol("G_t", k, 1)
        self.M = self.B.T * self.B
        self.M_inv = Inverse(self.M)
        self.C = self.J * self.M_inv * self.J.T
        self.C_inv = Inverse(self.C)
        #: Λ = −C⁻¹[J M⁻¹ F + κ] (``sign`` and ``curvature_factor`` are test mutations of the page's formula)
        self.Lam = sign * self.C_inv * (self.J * self.M_inv * self.F + curvature_factor * self.kappa)
        self.R = self.J.T * self.Lam
        self.a = self.M_inv * (self.F + self.R)


def constraint_mass_positive_deduction(J, W, *, rank_assumption, mass_assumption, rank=True, factor=True,
                                       relation=">") -> Deduction:
    """For every k, n: Jᵀ injective (∀y. Jᵀy = 0 ⇒ y = 0: rank J = k), W injective (∀x. Wx = 0 ⇒ x = 0: W = B⁻ᵀ for
    the mass M = BᵀB, B invertible, so M⁻¹ = WᵀW) and the cited positive definiteness of the Euclidean inner product
    give ∀u. u ≠ 0 ⇒ uᵀ(J WᵀW Jᵀ)u > 0, i.e. C = J M⁻¹ Jᵀ is positive definite.  Instantiate, contrapose, chain
    (u ≠ 0 ⇒ Jᵀu ≠ 0 ⇒ WJᵀu ≠ 0), instantiate the cited formula at WJᵀu, chain, rewrite |WJᵀu|² = uᵀJWᵀWJᵀu (an
    identity for every size), generalize.  ``rank``/``factor`` drop a premise, ``relation`` weakens the conclusion the
    cited formula is stated with to "≥" (test mutations: then no such deduction is checked)."""
    k, n = J.shape
    u, y, x = MatrixSymbol("u", k, 1), MatrixSymbol("y", k, 1), MatrixSymbol("x", n, 1)
    zero_k, zero_n = ZeroMatrix(k, 1), ZeroMatrix(n, 1)
    goal = forall(u, implies(atom("≠", u, zero_k), atom(relation, u.T * (J * W.T * W * J.T) * u, 0)))
    d = Deduction("rank J = k and M = BᵀB, B invertible ⇒ J M⁻¹ Jᵀ positive definite (every k, n)", goal)
    if rank:
        d.hypothesis("rank", forall(y, implies(atom("=", J.T * y, zero_n), atom("=", y, zero_k))),
                     assumption=rank_assumption, note="rank J = k: Jᵀ is injective")
    if factor:
        d.hypothesis("factor", forall(x, implies(atom("=", W * x, zero_n), atom("=", x, zero_n))),
                     assumption=mass_assumption, note="M = BᵀB with B invertible, W = B⁻ᵀ: W is injective, M⁻¹ = WᵀW")
    d.cite("euclidean", EUCLIDEAN_ID, EUCLIDEAN_POSITIVE_DEFINITE, note="zᵀz > 0 for z ≠ 0")
    d.instantiate("rank_at_u", "rank", u)
    d.contrapose("u_nonzero_gives_Jtu_nonzero", "rank_at_u")
    d.instantiate("factor_at_Jtu", "factor", J.T * u)
    d.contrapose("Jtu_nonzero_gives_WJtu_nonzero", "factor_at_Jtu")
    d.chain("u_nonzero_gives_WJtu_nonzero", "u_nonzero_gives_Jtu_nonzero", "Jtu_nonzero_gives_WJtu_nonzero")
    d.instantiate("euclidean_at_WJtu", "euclidean", (W * x).xreplace({x: J.T * u}))  # the tree instantiation made
    d.chain("u_nonzero_gives_square_positive", "u_nonzero_gives_WJtu_nonzero", "euclidean_at_WJtu")
    d.rewrite("C_positive", "u_nonzero_gives_square_positive",
              implies(atom("≠", u, zero_k), atom(relation, u.T * (J * W.T * W * J.T) * u, 0)),
              note="(WJᵀu)ᵀ(WJᵀu) = uᵀ(J WᵀW Jᵀ)u for every k, n")
    d.generalize("every_u", "C_positive", u)
    return d


def check_mass_weighted_gram_positive(check, d, *, rank_assumption, mass_assumption, scope=SCOPE):
    """C = J M⁻¹ Jᵀ positive definite for every k, n: M⁻¹ = WᵀW with W = B⁻ᵀ (an identity), and the checked
    deduction :func:`constraint_mass_positive_deduction` for a W that is injective."""
    W = MatrixSymbol("W", d.n, d.n)
    check.identity("clause 1: M^-1 = W^T W with W = B^-T (every N, k)", d.M_inv,
                   Inverse(d.B.T).T * Inverse(d.B.T), scope=scope)
    check.deduction("clause 1: rank k and M^-1 = W^T W with W injective => u^T C u > 0 for u != 0: C is positive "
                    "definite, hence invertible (every N, k)",
                    constraint_mass_positive_deduction(d.J, W, rank_assumption=rank_assumption,
                                                       mass_assumption=mass_assumption), scope=scope)


def _zero(expr):
    return ZeroMatrix(*expr.shape)


def check_reaction_law_every_size(check, *, sign=-1, curvature_factor=1, power_sign=-1, scope=SCOPE,
                                  rank_assumption=None, mass_assumption=None):
    """#73 clauses 1-4 at a state, for every N and k: C symmetric positive definite, Λ solves CΛ = −[J M⁻¹F + κ] and
    is the only multiplier that makes the acceleration admissible, M a = F + JᵀΛ, J a + κ = 0, R ⟂ ker J, the
    derivative of a in closed form (a ∈ C¹ when G ∈ C³, F ∈ C¹), and R·w = power_sign·Λ·G_t + Λ·(G_t + J w)."""
    d = ReactionData(sign=sign, curvature_factor=curvature_factor)
    J, M, M_inv, C, C_inv, Lam, a, R, F, kappa = d.J, d.M, d.M_inv, d.C, d.C_inv, d.Lam, d.a, d.R, d.F, d.kappa
    k, n = d.k, d.n
    u, ell, delta, w = (MatrixSymbol("u", k, 1), MatrixSymbol("l", k, 1), MatrixSymbol("delta", n, 1),
                        MatrixSymbol("w", n, 1))
    facts = [
        ("clause 1: C = D_xG M^-1 D_xG^T is symmetric", C.T, C),
        ("clause 1: u^T C u = |B^-T D_xG^T u|^2", u.T * C * u, (Inverse(d.B.T) * J.T * u).T * (Inverse(d.B.T) * J.T * u)),
        ("clause 1: C Lambda = -[D_xG M^-1 F + G_tt + 2G_tx[v] + G_xx[v,v]]", C * Lam, -(J * M_inv * F + kappa)),
        ("clause 1: uniqueness, for every l: D_xG M^-1 (F + D_xG^T l) + curvature = C (l - Lambda), so the admissible "
         "acceleration forces l = Lambda (C invertible)", J * M_inv * (F + J.T * ell) + kappa, C * (ell - Lam)),
        ("clause 1: R = D_xG^T Lambda annihilates every virtual displacement: R^T delta = Lambda^T (D_xG delta)",
         R.T * delta, Lam.T * (J * delta)),
        ("clause 2: M a = F + D_xG^T Lambda", M * a, F + R),
        ("clause 3: D_xG a + curvature = 0 (the twice-differentiated constraint d^2/dt^2 G(t,x(t)) = D_xG x'' + "
         f"curvature vanishes along x'' = a, {CHAIN_AND_PRODUCT_RULES}; with consistent data G = 0 and G_t + D_xG v = 0 "
         f"are preserved, {ZERO_SECOND_DERIVATIVE})", J * a + kappa, _zero(kappa)),
        (f"clause 4: R.w = -Lambda.G_t + Lambda.(G_t + D_xG w) (so R.w = -lambda.G_t on permitted w)",
         R.T * w, power_sign * Lam.T * d.G_t + Lam.T * (d.G_t + J * w)),
    ]
    for name, lhs, rhs in facts:
        check.identity(f"{name} (every N, k)", lhs, rhs, scope=scope)
    check_mass_weighted_gram_positive(check, d, rank_assumption=rank_assumption, mass_assumption=mass_assumption,
                                      scope=scope)
    check_acceleration_derivative_every_size(check, d, scope=scope)


def check_acceleration_derivative_every_size(check, d, *, scope=SCOPE):
    """a = M⁻¹(F − JᵀC⁻¹(J M⁻¹F + κ)) differentiated in any direction of (t, x, v) by the product rule, with
    (C⁻¹)' = −C⁻¹C'C⁻¹ (from (C C⁻¹)' = 0): a' = M⁻¹(F' + J'ᵀΛ + JᵀΛ'), Λ' = −C⁻¹(C'Λ + J'M⁻¹F + J M⁻¹F' + κ'),
    C' = J'M⁻¹Jᵀ + J M⁻¹J'ᵀ.  J' involves second derivatives of G, κ' third ones, F' first ones of F: with G ∈ C³ and
    F ∈ C¹ the closed form is continuous, a ∈ C¹, locally Lipschitz, and Picard–Lindelöf gives unique maximal
    solutions."""
    J, M_inv, C, C_inv, Lam, F, kappa = d.J, d.M_inv, d.C, d.C_inv, d.Lam, d.F, d.kappa
    dJ, dF, dkappa = (MatrixSymbol("J'", d.k, d.n), MatrixSymbol("F'", d.n, 1), MatrixSymbol("kappa'", d.k, 1))
    dC = dJ * M_inv * J.T + J * M_inv * dJ.T
    dC_inv = -C_inv * dC * C_inv
    dLam = -C_inv * (dC * Lam + dJ * M_inv * F + J * M_inv * dF + dkappa)
    bracket = J * M_inv * F + kappa
    product_rule = M_inv * (dF - dJ.T * C_inv * bracket - J.T * dC_inv * bracket
                            - J.T * C_inv * (dJ * M_inv * F + J * M_inv * dF + dkappa))
    scope = scope + f"; {C1_LOCALLY_LIPSCHITZ}, {PICARD_LINDELOF}"
    check.identity("clause 2: (C^-1)' = -C^-1 C' C^-1 solves the differentiated C C^-1 = I: C' C^-1 + C (C^-1)' = 0 "
                   "(every N, k)", dC * C_inv + C * dC_inv, ZeroMatrix(d.k, d.k), scope=scope)
    check.identity("clause 2: a' by the product rule equals M^-1 (F' + J'^T Lambda + J^T Lambda') with Lambda' = "
                   "-C^-1 (C' Lambda + J' M^-1 F + J M^-1 F' + kappa'): continuous when G is C^3 and F is C^1, so a is "
                   f"C^1, locally Lipschitz ({C1_LOCALLY_LIPSCHITZ}), and maximal solutions are unique ({PICARD_LINDELOF}) "
                   "(every N, k)",
                   product_rule, M_inv * (dF + dJ.T * Lam + J.T * dLam), scope=scope)


def check_energy_every_size(check, *, power_sign=-1, include_time_derivative=True, conservation_needs_scleronomic=True):
    """#76 at a state of an ideal constrained motion, for every N and k: K' = vᵀM a (product rule, M symmetric),
    E' = U_t + d·v − Λ·G_t + Λ·(G_t + J v) along M a = −∇U + d + JᵀΛ, the scleronomic static case E' = Λ·(J v), and
    the integrated forms (scalar functions of t: the fundamental theorem of calculus and the zero-derivative result)."""
    n, k = N_PARTICLES_COORDINATES, CONSTRAINTS
    B, J = MatrixSymbol("B", n, n), MatrixSymbol("J", k, n)
    M = B.T * B
    v, grad_U, dissipative = MatrixSymbol("v", n, 1), MatrixSymbol("gradU", n, 1), MatrixSymbol("d", n, 1)
    Lam, G_t, U_t = MatrixSymbol("lambda", k, 1), MatrixSymbol("G_t", k, 1), MatrixSymbol("U_t", 1, 1)
    a = Inverse(M) * (-grad_U + dissipative + J.T * Lam)
    K_rate = (a.T * M * v + v.T * M * a) / 2  # the product rule on K = v^T M v / 2
    U_rate = U_t + grad_U.T * v  # the chain rule on U(t, x(t))
    rate = (U_t if include_time_derivative else ZeroMatrix(1, 1)) + dissipative.T * v + power_sign * Lam.T * G_t
    check.identity("clause 1: R.v = -lambda.G_t + lambda.(G_t + D_xG v) for R = D_xG^T lambda; G_t + D_xG v = "
                   "d/dt G(t,x(t)) = 0 on the constrained motion (every N, k)",
                   (J.T * Lam).T * v, power_sign * Lam.T * G_t + Lam.T * (G_t + J * v), scope=SCOPE)
    check.identity("K' = (a^T M v + v^T M a)/2 = v^T M a (M symmetric) (every N)", K_rate, v.T * M * a, scope=SCOPE)
    check.identity("clause 2: E' = K' + U' = U_t + d.v - lambda.G_t + lambda.(G_t + D_xG v) along M a = -grad U + d + "
                   "D_xG^T lambda (every N, k)", K_rate + U_rate, rate + Lam.T * (G_t + J * v), scope=SCOPE)
    # clause 3: E' of clause 2 with U_t = 0 and d = 0, and G_t = 0 when scleronomic (``conservation_needs_scleronomic``
    # False keeps G_t: a test mutation claiming conservation for a rheonomic constraint, which must be refuted)
    kept_G_t = ZeroMatrix(k, 1) if conservation_needs_scleronomic else G_t
    conserved_rate = (K_rate + U_rate).subs({dissipative: ZeroMatrix(n, 1), U_t: ZeroMatrix(1, 1)})
    check.identity("clause 3: scleronomic (G_t = 0), static (U_t = 0), d = 0: E' = lambda.(G_t + D_xG v), which is 0 "
                   "for a permitted velocity; E is constant (" + ZERO_DERIVATIVE + ") (every N, k)",
                   conserved_rate, Lam.T * (kept_G_t + J * v), scope=SCOPE)
    check_integrated_forms(check, power_sign=power_sign)


def _integrated_forms(power_sign=-1):
    """Φ(t) = K(t) − K(t0) − [U(t0) − U(t) + ∫_{t0}^t r] and Ψ(t) = ∫_{t0}^t (P − power_sign·q) for scalar functions
    K, U, r, P (R·w), q (λ·G_t) of t, with the time symbols and the functions."""
    t, s, t0 = sympy.symbols("t s t0", real=True)
    K, U, r, g, power, lam_gt = (sympy.Function(name)(t) for name in ("K", "U", "r", "g", "P", "q"))
    at = lambda expr, when: expr.xreplace({t: when})  # noqa: E731
    phi = K - at(K, t0) - (at(U, t0) - U + sympy.Integral(at(r, s), (s, t0, t)))
    psi = sympy.Integral(at(power - power_sign * lam_gt, s), (s, t0, t))
    return dict(t=t, t0=t0, K=K, U=U, r=r, g=g, power=power, lam_gt=lam_gt, phi=phi, psi=psi)


def check_integrated_forms(check, *, power_sign=-1):
    """Clauses 1 and 4 integrated, with scalar functions of t only (so for every N, k): given K' + U' = r + g
    (clause 2, g = λ·(d/dt)G(t, x(t)) = 0 on the motion), Φ(t) = K(t) − K(t0) − [U(t0) − U(t) + ∫_{t0}^t r] has
    Φ' = g = 0 and Φ(t0) = 0, so Φ ≡ 0; likewise Ψ(t) = ∫_{t0}^t (R·w − power_sign·λ·G_t) with the integrand g."""
    f = _integrated_forms(power_sign)
    t, K, U, r, g = f["t"], f["K"], f["U"], f["r"], f["g"]
    scope = f"scalar functions of t (every N, k); {FUNDAMENTAL_THEOREM}, {ZERO_DERIVATIVE}"
    check.identity("clause 4: Phi' = g, which is 0 on the constrained motion, given K' + U' = r + g (clause 2, r = U_t "
                   "+ d.w - lambda.G_t)", f["phi"].diff(t), g, relations={K.diff(t): r + g - U.diff(t)},
                   premise=check.STATEMENT, scope=scope)
    check.identity("clause 1 integrated: Psi' = R.w + lambda.G_t = g, which is 0 on the constrained motion, given R.w = "
                   "-lambda.G_t + g (clause 1)", f["psi"].diff(t), g,
                   relations={f["power"]: power_sign * f["lam_gt"] + g}, premise=check.STATEMENT, scope=scope)


def check_integrated_base_cases(check, *, power_sign=-1):
    """Φ(t0) = Ψ(t0) = 0: true by the form of Φ and Ψ (∫ from t0 to t0 is 0), so a check that cannot fail; recorded
    as supporting checks (call inside ``check.supporting()``), never as claims (issue 38)."""
    f = _integrated_forms(power_sign)
    check.identity("clause 4: Phi(t0) = 0", f["phi"].subs(f["t"], f["t0"]), 0, scope="scalar functions of t")
    check.identity("clause 1 integrated: Psi(t0) = 0", f["psi"].subs(f["t"], f["t0"]), 0, scope="scalar functions of t")
