"""Ideal holonomic constraints: the adopted reaction law and the two balance theorems of seed 004.

This file contains

* the postulate ``holonomic.ideal_reaction_law`` (R·δ = 0 for every virtual displacement) and
  the lemma ``holonomic.ideal_reaction_multiplier_representation`` (R = D_xGᵀλ, λ unique), proved for
  symbolic dimensions n, k by matrix identities of symbolic shape, with its dimensions checked by
  ``sympy.physics.units``;
* the theorem ``holonomic.ideal_constraints_determine_reaction``, all four clauses for every N and k
  (:mod:`theorems.page4_regular_constraints.holonomic_every_size`: matrix identities of symbolic shape at a state,
  the differentiation along the motion by the cited chain and product rules of every size): C = D_xG M⁻¹ D_xGᵀ
  symmetric positive definite, Λ and its uniqueness, M a = F + D_xGᵀΛ, D_xG a + κ = 0, the closed form of the
  derivative of a (a ∈ C¹ when G ∈ C³, F ∈ C¹) feeding the cited C¹ ⇒ locally Lipschitz and Picard–Lindelöf,
  preservation of G = 0 (cited zero-second-derivative result), and R·w = −λ·G_t; the same clauses for generic G, F
  at n = 3, k = 1, 2 and randomized trajectories integrated by mpmath are supporting evidence;
* the theorem ``holonomic.reaction_power_energy_balance``, all four clauses for every N and k: the power law, the
  energy rate along M a = −∇U + d + D_xGᵀλ, conservation, and the integrated forms (scalar functions of t:
  fundamental theorem of calculus and zero-derivative result, cited); the n = 3, k = 1, 2 versions support;
* the cited definitions of potential presentations / mechanical energy and of the totals of a
  particle model that the energy theorem uses;
* necessity witnesses for the headline hypotheses (rank loss, a non-Lipschitz force, an indefinite mass,
  rheonomic constraint, no reaction law, drag, a time-dependent potential).
"""
from __future__ import annotations


import mpmath
import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational, Symbol

from checker import cited, hypothesis, lemma, postulate, theorem
from checker.kernel.engine.randomized import OutsideDomain
from checker.kernel.engine.symbolic import jet_normalize

from theorems.foundations.analytic_facts import (C1_LOCALLY_LIPSCHITZ, CHAIN_AND_PRODUCT_RULES, FUNDAMENTAL_THEOREM,
                                                 PICARD_LINDELOF, ZERO_DERIVATIVE, ZERO_SECOND_DERIVATIVE)
from theorems.page4_regular_constraints.holonomic_every_size import (check_energy_every_size, check_integrated_base_cases,
                                                                   check_reaction_law_every_size)
from theorems.page4_regular_constraints.holonomic_datum import H_RANK_ON_LOCUS, H_SCLERONOMIC
from theorems.toolkit.holonomic_dynamics import (constraint_derivatives, exact_ideal_fractions, field_matrix_product,
                                         ideal_holonomic_dynamics, integrate_ideal_motion, state_function)
from theorems.foundations.linalg import field_zero_decision, rational_function_matrices
from theorems.toolkit.fraction_free import cross_cancelled_product, occurring_generators
from theorems.toolkit.strategies import mass_operators, polynomial_forces, regular_constraints

t = Symbol("t", real=True)
X3 = [Function(f"x{i}", real=True)(t) for i in range(1, 4)]  # one particle, 3N = 3 coordinates
W3 = [c.diff(t) for c in X3]
_POSITIONS = sympy.symbols("_p1:4", real=True)
_SPEEDS = sympy.symbols("_w1:4", real=True)
_TO_STATE = {**{c.diff(t): v for c, v in zip(X3, _SPEEDS)}, **{c: s for c, s in zip(X3, _POSITIONS)}}
_FROM_STATE = {**{s: c for c, s in zip(X3, _POSITIONS)}, **{v: c.diff(t) for c, v in zip(X3, _SPEEDS)}}


def partial_t(expr):
    """The partial derivative in the explicit time slot of an expression in t, x(t), x'(t).

    For a generic function U(t, x(t), ...) with t only in its first slot this is ``U.fdiff(1)``, sympy's partial
    derivative in that slot, ``Subs(Derivative(U(ξ, x(t), ...), ξ), ξ, t)``: the notation sympy's own chain rule
    writes for it (so d/dt U(t, x(t)) and its decomposition share their terms); otherwise the derivative in t with
    x(t), x'(t) held as symbols."""
    expr = sympy.sympify(expr)
    if isinstance(expr, sympy.core.function.AppliedUndef) and expr.args and expr.args[0] == t \
            and not any(a.xreplace(_TO_STATE).has(t) for a in expr.args[1:]):
        return expr.fdiff(1)
    return expr.subs(_TO_STATE).diff(t).subs(_FROM_STATE)

IDEAL_REACTION_LAW = postulate(
    "holonomic.ideal_reaction_law",
    title="Adopted ideal-reaction law for holonomic constraints: the d'Alembert condition, its scope and its limits",
    statement=r"Along every constrained motion of a holonomic-constraint model the reaction annihilates every "
              r"virtual displacement: $R(t)\cdot\delta=0$ for all $\delta\in V(t,x(t))=\ker D_xG(t,x(t))$. "
              r"Adopted, not deduced; not asserted for dry friction, unilateral contacts, rank-drop points, active "
              r"forces along admissible directions; not a work statement.",
    source="seed 004_ff83f823a612679d.txt, postulate (i)-(vi)",
    uses=["holonomic.constraint_model_definition", "linalg.euclidean_inner_product"])

H1 = hypothesis("holonomic.h1_C3_and_rank_on_O", "(h1) G is of class C^3 on O and D_xG has rank k at every point of O "
                "(not only on the locus)")
H2 = hypothesis("holonomic.h2_force_C1", "(h2) the force map F is of class C^1")
H_FORCE_LIPSCHITZ = hypothesis(
    "holonomic.force_state_local_lipschitz",
    "the force branch's standing hypotheses (clause (iii) of the adopted force model, seed 004's first paragraph): F is "
    "continuous and locally Lipschitz in the state (x, v), locally uniformly in t")
H_MASS = hypothesis("holonomic.mass_operator_spd", "the mass operator M = diag(m_i I_3), m_i > 0, is symmetric positive definite",
                    predicate=lambda M: Matrix(M).is_symmetric() and all(Matrix(M)[:i, :i].det() > 0 for i in range(1, Matrix(M).rows + 1)))
H_POTENTIAL = hypothesis("holonomic.potential_presentation", "F_i = -grad_{x_i} U + d_i with U of class C^2 (energy dimension)")
H_STATIC = hypothesis("holonomic.static_potential", "the potential does not depend on time: dU/dt partial = 0 "
                      "(a hypothesis of the energy theorem's clause 3)")
H_NO_RESIDUAL = hypothesis("holonomic.no_residual_force", "no non-potential force contribution: d = 0 "
                           "(a hypothesis of the energy theorem's clause 3)")

THEOREM_ID = "holonomic.ideal_constraints_determine_reaction"
ENERGY_ID = "holonomic.reaction_power_energy_balance"


# --- the multiplier representation ----------------------------------------------------------------

def check_multiplier_algebra_symbolic_dimension(check, *, recovery_factor=1):
    """#71 for symbolic dimensions n, k: J = D_xG a k×n ``MatrixSymbol`` with J Jᵀ invertible (rank k); each
    residual is a matrix identity of symbolic shape (the kernel proves it for every size by matrix-expression algebra).

    Annihilation: (Jᵀλ)ᵀδ = λᵀ(Jδ), zero for δ ∈ ker J.  Existence: with λ := (JJᵀ)⁻¹JR and P := I − Jᵀ(JJᵀ)⁻¹J,
    R = Jᵀλ + PR, J(PR) = 0 (PR is a virtual displacement) and Rᵀ(PR) = (PR)ᵀ(PR); the ideal law for δ = PR gives
    |PR|² = 0, so PR = 0 and R = Jᵀλ.  Uniqueness: (JJᵀ)⁻¹J(Jᵀμ) = μ, so R = Jᵀμ forces μ = (JJᵀ)⁻¹JR.  JJᵀ is
    invertible by rank k: uᵀ(JJᵀ)u = |Jᵀu|² and Jᵀ is injective.  ``recovery_factor`` scales the claimed recovered
    multiplier (a test mutation: 2 must be refuted)."""
    n, k = sympy.symbols("n k", integer=True, positive=True)
    J, lam, mu = sympy.MatrixSymbol("J", k, n), sympy.MatrixSymbol("lambda", k, 1), sympy.MatrixSymbol("mu", k, 1)
    delta, R, u = sympy.MatrixSymbol("delta", n, 1), sympy.MatrixSymbol("R", n, 1), sympy.MatrixSymbol("u", k, 1)
    gram_inverse = sympy.Inverse(J * J.T)
    recovered = gram_inverse * J * R
    PR = R - J.T * recovered
    scope = "symbolic dimensions: J = D_xG a k x n MatrixSymbol (any n = 3N, k), J J^T invertible (rank k)"
    facts = [
        ("R = J^T lambda annihilates ker J: (J^T lambda)^T delta = lambda^T (J delta), which is 0 when J delta = 0",
         (J.T * lam).T * delta - lam.T * (J * delta)),
        ("J J^T is invertible when rank J = k: u^T (J J^T) u = |J^T u|^2, and J^T u = 0 only for u = 0",
         u.T * (J * J.T) * u - (J.T * u).T * (J.T * u)),
        ("existence: R = J^T lambda + P R with lambda = (J J^T)^-1 J R, P = I - J^T (J J^T)^-1 J", R - J.T * recovered - PR),
        ("existence: P R is a virtual displacement, J (P R) = 0", J * PR),
        ("existence: R^T (P R) = (P R)^T (P R), so the ideal law for delta = P R gives |P R|^2 = 0, P R = 0 and "
         "R = J^T lambda", R.T * PR - PR.T * PR),
        ("uniqueness: (J J^T)^-1 J (J^T mu) = mu, so R = J^T mu forces mu = (J J^T)^-1 J R: lambda is the only "
         "multiplier", gram_inverse * J * (J.T * mu) - recovery_factor * mu),
    ]
    for name, residual in facts:
        check.identity(name, residual, sympy.ZeroMatrix(*residual.shape), scope=scope)


def check_multiplier_representation(check, *, reaction_dimension="force", max_k=2, particles=(1, 2),
                                    recovery_factor=1):
    """R ⟂ ker D_xG with rank k ⇔ R = D_xGᵀλ, λ = (JJᵀ)⁻¹JR unique, for symbolic n, k; [λ_α] = μℓ²τ⁻²/γ_α makes
    [R] a force; exact random instances as supporting evidence."""
    from sympy.physics import units
    from sympy.physics.units.systems.si import dimsys_SI
    gamma = units.Dimension("gamma")
    force = units.mass * units.length / units.time**2
    multiplier = units.mass * units.length**2 / units.time**2 / gamma
    jacobian_entry = gamma / units.length
    claimed = {"force": force, "energy": force * units.length}[reaction_dimension]
    check.fact("dimensions: [D_xG]·[lambda] = (gamma/length)(mass length^2 time^-2 / gamma) is a force",
               dimsys_SI.equivalent_dims(jacobian_entry * multiplier, claimed), method="computation",
               detail=f"[R_j] = {dimsys_SI.get_dimensional_dependencies(jacobian_entry * multiplier)}")
    check_multiplier_algebra_symbolic_dimension(check, recovery_factor=recovery_factor)

    def instances():
        return st.tuples(st.sampled_from(particles), st.integers(1, max_k)).flatmap(
            lambda nk: st.tuples(_full_rank(nk[1], 3 * nk[0]), _rational_vector(nk[1])))

    def holds(instance):
        J, lam = instance
        R = J.T * lam
        annihilates = all((R.T * d)[0] == 0 for d in J.nullspace())
        recovered = (J * J.T).LUsolve(J * R)
        return annihilates and recovered == lam and not J.T.nullspace()

    with check.supporting():
        check.property("R = J^T lambda annihilates ker J, and lambda = (JJ^T)^-1 J R is the only multiplier", instances(),
                       holds, scope=f"randomized, exact rationals, N in {list(particles)} particles, k = 1..{max_k}",
                       samples=30, describe=lambda inst: [sympy.sstr(m) for m in inst])
    multiplier_representation_witnesses(check)


def multiplier_representation_witnesses(check):
    """Both hypotheses needed: rank loss makes λ non-unique (G = (x1, 2x1)); without the law R = e2 is no
    transpose multiple of D_xG = (1, 0, 0)."""
    J = Matrix([[1, 0, 0], [2, 0, 0]])  # G = (x1, 2 x1): rank 1 < k = 2 on the whole locus x1 = 0
    R = Matrix([1, 0, 0])
    lam_a, lam_b = Matrix([1, 0]), Matrix([0, Rational(1, 2)])
    check.necessary(H_RANK_ON_LOCUS, "G = (x1, 2 x1) (k = 2, N = 1), R = (1, 0, 0) at a point of the locus x1 = 0",
                    instances={H_RANK_ON_LOCUS: _constraint_datum([X3[0], 2 * X3[0]])},
                    violates=[("rank D_xG = 1 < k = 2 on the locus", J.rank() == 1, "computation")],
                    others_hold={IDEAL_REACTION_LAW: [("the ideal law holds: R annihilates ker D_xG = span{e2, e3}",
                                                       all((R.T * d)[0] == 0 for d in J.nullspace()), "computation")]},
                    conclusion_fails=[("lambda = (1, 0) and lambda = (0, 1/2) both give D_xG^T lambda = R: lambda is not "
                                       "unique", J.T * lam_a == R and J.T * lam_b == R and lam_a != lam_b, "computation")])
    J1, R1 = Matrix([[1, 0, 0]]), Matrix([0, 1, 0])  # G = x1, a reaction along the locus
    check.necessary(IDEAL_REACTION_LAW, "G = x1 (k = 1, N = 1), R = (0, 1, 0) (a reaction along the locus)",
                    instances={H_RANK_ON_LOCUS: _constraint_datum([X3[0]])},
                    violates=[("R . e2 = 1 != 0 for the virtual displacement e2 in ker D_xG",
                               (R1.T * Matrix([0, 1, 0]))[0] != 0 and Matrix([0, 1, 0]) in J1.nullspace(), "computation")],
                    others_hold={H_RANK_ON_LOCUS: [("rank D_xG = 1 = k everywhere", J1.rank() == 1, "computation")]},
                    conclusion_fails=[("R is not D_xG^T lambda for any lambda: D_xG^T lambda = (lambda, 0, 0)",
                                       Matrix.hstack(J1.T, R1).rank() > J1.T.rank(), "computation")])


def _constraint_datum(G):
    """The constraint G(t, x) in the form the rank-on-the-locus predicate reads (G, x, t)."""
    from types import SimpleNamespace
    return SimpleNamespace(G=list(G), x=X3, t=t)


def _full_rank(k, n):
    from theorems.toolkit.strategies import full_row_rank_matrices
    return full_row_rank_matrices(k, n, max_num=4, max_den=2)


def _rational_vector(k):
    from theorems.toolkit.strategies import rational_matrices
    return rational_matrices(k, 1, max_num=4, max_den=2)


lemma("holonomic.ideal_reaction_multiplier_representation",
      title="Under the ideal-reaction law the reaction is D_xGᵀλ with a unique multiplier",
      statement=r"If $D_xG(t,x(t))$ is surjective (true on $\Sigma$) and the ideal law holds, there is a unique "
                r"$\lambda(t)\in\mathbb{R}^k$ with $R(t)=D_xG(t,x(t))^{\mathsf T}\lambda(t)$; $[\lambda_\alpha]="
                r"\mu\ell^2\tau^{-2}/\gamma_\alpha$. Which element occurs is fixed by the twice-differentiated constraint.",
      source="seed 004_ff83f823a612679d.txt, postulate (i)", assumes=[IDEAL_REACTION_LAW, H_RANK_ON_LOCUS],
      uses=["holonomic.reaction_transpose_multiple_lemma", "linalg.annihilator_of_kernel_transpose_multiple"])(
    check_multiplier_representation)


# --- the determination theorem ----------------------------------------------------------------------

def generic_system(k: int):
    """Generic data for n = 3: G_a(t, x) and F_i(t, x, v) undefined functions, M = diag(m1, m2, m3) with m_i > 0."""
    masses = sympy.symbols("m1:4", positive=True)
    M = sympy.diag(*masses)
    G = Matrix([Function(f"G{a}")(t, *X3) for a in range(1, k + 1)])
    F = Matrix([Function(f"F{i}")(t, *X3, *W3) for i in range(1, 4)])
    return M, F, G


def check_constraint_differentiation(check, *, curvature_factor=2):
    """d/dt G(t,x(t)) = G_t + D_xG x' and d²/dt² G(t,x(t)) = D_xG x'' + G_tt + 2G_tx[x'] + G_xx[x',x'].

    For one generic component G(t, x) (an undefined function of t and x in R³); the identities are
    componentwise, so they hold for every component of G : O → R^k.
    """
    G = generic_system(1)[2]  # G1(t, x): the component clause 3 differentiates again (sympy's cache serves both)
    J_g, G_t_g, _ = constraint_derivatives(G, X3, t)
    accel = Matrix([c.diff(t, 2) for c in X3])
    scope = ("symbolic, n = 3, one generic component G(t, x) (componentwise, so for each of the k components "
             "of G: O -> R^k)")
    Gs, V = G.subs(_TO_STATE), Matrix(_SPEEDS)
    page_curvature = (Gs.diff(t, 2) + curvature_factor * Gs.diff(t).jacobian(_POSITIONS) * V
                      + Matrix([(V.T * sympy.hessian(g, _POSITIONS) * V)[0] for g in Gs])).subs(_FROM_STATE)
    # both sides in jet coordinates (x, x', x'' as independent symbols), as the identity checker reduces them
    jets = lambda m: m.applyfunc(jet_normalize)  # noqa: E731
    check.identity("d/dt G(t,x(t)) = G_t + D_xG x'", jets(G.diff(t)), jets(G_t_g + J_g * Matrix(W3)), scope=scope)
    check.identity("d^2/dt^2 G(t,x(t)) = D_xG x'' + G_tt + 2 G_tx[x'] + G_xx[x',x']",
                   jets(G.diff(t).diff(t)), jets(J_g * accel + page_curvature), scope=scope)


def _field_fact(check, name, difference, to_sympy, scope):
    """Record ``difference = 0`` (a matrix over a field of rational functions) as an exact symbolic fact."""
    check.fact(name, field_zero_decision(difference, to_sympy), method="symbolic", scope=scope)


def check_multiplier_algebra(check, k, *, sign=-1, power_sign=-1):
    """The linear-algebra parts of clauses 1-4 for k components and n = 3, exactly in a field of rational functions.

    D_xG = J, F, the curvature terms κ = G_tt + 2G_tx[v] + G_xx[v,v] and G_t are independent symbols and
    M = diag(m1, m2, m3) > 0; the toolkit's (C, Λ, a) (:func:`ideal_multiplier`) are compared in
    Q(m, J, F, κ, ...) with C symmetric and uᵀCu = |Jᵀu|²_{M⁻¹} (> 0 for u ≠ 0 when rank J = k), the page's Λ,
    uniqueness, M a = F + JᵀΛ, J a + κ = 0 (so the twice-differentiated constraint holds along x'' = a),
    a = P F + b with P = M⁻¹(I − JᵀC⁻¹JM⁻¹) free of F (a is affine in F), and R·w = −λ·G_t on permitted w.
    """
    masses = sympy.symbols("m1:4", positive=True)
    M = sympy.diag(*masses)
    J = Matrix(k, 3, lambda i, j: Symbol(f"J{i + 1}{j + 1}", real=True))
    F = Matrix(sympy.symbols("F1:4", real=True))
    curvature = Matrix(sympy.symbols(f"kappa1:{k + 1}", real=True))
    G_t = Matrix(sympy.symbols(f"g1:{k + 1}", real=True))
    w = Matrix(sympy.symbols("w1:4", real=True))
    u = Matrix(sympy.symbols(f"u1:{k + 1}", real=True))
    ell = Matrix(sympy.symbols(f"l1:{k + 1}", real=True))
    (Md, Jd, Fd, cd, Gtd, wd, ud, ld), to_sympy = rational_function_matrices(M, J, F, curvature, G_t, w, u, ell)
    # the toolkit's exact (C, Λ, a) (what ideal_multiplier writes out as cancelled quotients), read into that field
    Cd, Lamd, ad = exact_ideal_fractions(M, J, F, curvature).parts_in(Md.domain)
    scope = (f"symbolic (exact in the field of rational functions), k = {k}, n = 3, D_xG, F, curvature terms and "
             "G_t as independent symbols, M = diag(m1,m2,m3) > 0")
    M_inv = Md.inv()  # diagonal
    bracket = Jd * M_inv * Fd + cd  # D_xG M^-1 F + G_tt + 2G_tx[v] + G_xx[v,v]
    C_Lam = field_matrix_product(Cd, Lamd)
    JT_Lam = field_matrix_product(Jd.transpose(), Lamd)
    page_sign = Md.domain.convert(sign)
    _field_fact(check, f"clause 1: C = D_xG M^-1 D_xG^T (k={k})", Cd - Jd * M_inv * Jd.transpose(), to_sympy, scope)
    _field_fact(check, f"clause 1: C = D_xG M^-1 D_xG^T is symmetric (k={k})", Cd.transpose() - Cd, to_sympy, scope)
    JTu = Jd.transpose() * ud
    _field_fact(check, f"clause 1: u^T C u = (D_xG^T u)^T M^-1 (D_xG^T u) > 0 for u != 0 when rank D_xG = k (k={k})",
                ud.transpose() * Cd * ud - JTu.transpose() * M_inv * JTu, to_sympy, scope)
    _field_fact(check, f"clause 1: Lambda = -C^-1 [D_xG M^-1 F + G_tt + 2G_tx[v] + G_xx[v,v]], i.e. C Lambda = -[...] "
                f"with C invertible (k={k})", C_Lam - bracket * page_sign, to_sympy, scope)
    _field_fact(check, f"clause 1: uniqueness, D_xG M^-1 (F + D_xG^T l) + curvature = C (l - Lambda) for every l (k={k})",
                Jd * M_inv * (Fd + Jd.transpose() * ld) + cd - Cd * ld + C_Lam, to_sympy, scope)
    _field_fact(check, f"clause 2: M a = F + D_xG^T Lambda (k={k})", Md * ad - Fd - JT_Lam, to_sympy, scope)
    _field_fact(check, f"clauses 2-3: D_xG a + curvature = 0, so along x'' = a d/dt(G_t + D_xG x') = 0 (k={k})",
                Jd * ad + cd, to_sympy, scope)
    F_index = [list(Md.domain.symbols).index(f) for f in F]
    affine = all(e.numer.degree(i) <= 1 and e.denom.degree(i) <= 0 for e in ad.flat() for i in F_index)
    check.fact(f"clause 2: a is affine in F: each entry of a has a denominator free of F and a numerator of degree <= 1 "
               f"in F (k={k})", affine, method="symbolic", scope=scope,
               detail="a = P(t,x) F + b(t,x,v), P and b built from D_xG, G_t and the curvature terms: a locally "
                      "Lipschitz F gives a locally Lipschitz a when G is C^3")
    R_w = field_matrix_product(JT_Lam.transpose(), wd)
    rhs = (field_matrix_product(Lamd.transpose(), Gtd) * Md.domain.convert(power_sign)
           + field_matrix_product(Lamd.transpose(), Gtd + Jd * wd))
    _field_fact(check, f"clause 4: R.w = -lambda.G_t + lambda.(G_t + D_xG w) with R = D_xG^T lambda (k={k})",
                R_w - rhs, to_sympy, scope)


def check_determination_symbolic(check, k, *, curvature_factor=2, sign=-1, power_sign=-1, differential=True):
    """The symbolic parts of clauses 1-4: the differentiation of G (one generic component) and the
    linear algebra for k components (:func:`check_multiplier_algebra`)."""
    if differential:
        check_constraint_differentiation(check, curvature_factor=curvature_factor)
    check_multiplier_algebra(check, k, sign=sign, power_sign=power_sign)


def trajectory_instances(k: int, rheonomic: bool):
    """Random mass, regular polynomial constraint with consistent data at the origin, random force."""
    syms = sympy.symbols("_q1:4", real=True)
    vel = sympy.symbols("_v1:4", real=True)
    force = polynomial_forces(t, syms, vel, max_terms=2).map(
        lambda comps: [sympy.sympify(c).subs({**dict(zip(syms, X3)), **dict(zip(vel, W3))}) for c in comps])
    return st.tuples(mass_operators(1), regular_constraints(X3, t, k, rheonomic=rheonomic), force)


def measure_trajectory(instance, *, dps=18, times=(sympy.Rational(1, 8), sympy.Rational(1, 4)), acceleration=None,
                       power_sign=-1):
    """Integrate one instance; returns the largest of |G|, |G_t + D_xG v|, |R·w − power_sign·λ·G_t| and
    max |R·δ| over a basis δ of ker D_xG, where R = M a − F is formed from the integrated acceleration (not from Λ)
    and the kernel basis from D_xG alone."""
    M, constraint, F = instance
    dyn = ideal_holonomic_dynamics(M, F, constraint.G, X3, t, solve=False)  # evaluated numerically only
    report = integrate_ideal_motion(dyn, 0, [0, 0, 0], constraint.v0, times, dps=dps, acceleration=acceleration)
    system = report.system
    worst = max(report.constraint_drift, report.velocity_drift)
    with mpmath.workdps(dps):
        for time, (xs, vs) in zip(times, report.states):
            s = mpmath.mpf(time)
            C = system.parts(s, xs, vs)[1]
            if abs(mpmath.det(mpmath.matrix(C))) < mpmath.mpf(10) ** -6:
                raise OutsideDomain("rank of D_xG drops along the trajectory")
            worst = max(worst, abs(system.power_residual(s, xs, vs, power_sign=power_sign)),
                        system.kernel_residual(s, xs, vs))
    return worst


def trajectory_evidence(check, *, power_sign=-1, acceleration_error=0, dps=18, samples=3):
    """Clauses 2-4 on random trajectories (mpmath): drift of G and of G_t + D_xG v, the reaction power law with
    R = M a − F formed from the integrated acceleration, and R ⟂ ker D_xG with the kernel computed from D_xG."""
    tolerance = mpmath.mpf(10) ** (-(dps - 6))

    def residual(instance):
        M, constraint, F = instance
        wrong = None
        if acceleration_error:
            dyn = ideal_holonomic_dynamics(M, F, constraint.G, X3, t)
            wrong = list(dyn.acceleration + Matrix([acceleration_error, 0, 0]))
        return measure_trajectory(instance, dps=dps, acceleration=wrong, power_sign=power_sign)

    kinds = st.tuples(st.booleans(), st.integers(1, 2)).flatmap(lambda rk: trajectory_instances(rk[1], rk[0]))
    check.property("clauses 2-4 on random trajectories: max of |G|, |G_t + D_xG v|, |R.w + lambda.G_t| and "
                   "|R.delta| for delta in ker D_xG, with R = M a - F", kinds, residual, tolerance=tolerance,
                   samples=samples, describe=repr,
                   scope=f"{check.instances(samples)} random instances: N = 1 particle (3 coordinates), k in {{1, 2}}, random "
                         f"masses, polynomial rheonomic or scleronomic G (drawn at random) and force, mpmath Bulirsch–Stoer "
                         f"extrapolation at {dps} digits, sampled at t = 1/8 and 1/4")


def _generic_state_data(k):
    """Generic data in state symbols: M = diag(m1, m2, m3), G_a(t, p) and F_i(t, p, w) undefined functions, and
    D_xG, the curvature terms G_tt + 2G_tx[w] + G_xx[w, w], as expressions in t, p, w."""
    masses = sympy.symbols("m1:4", positive=True)
    M = sympy.diag(*masses)
    G = Matrix([Function(f"G{a}")(t, *_POSITIONS) for a in range(1, k + 1)])
    F = Matrix([Function(f"F{i}")(t, *_POSITIONS, *_SPEEDS) for i in range(1, 4)])
    V = Matrix(_SPEEDS)
    J = G.jacobian(_POSITIONS)
    h = J * V + G.diff(t)
    curvature = h.diff(t) + h.jacobian(_POSITIONS) * V
    return masses, M, G, F, J, curvature


def _derivative_order(atom, name):
    """The order of ``atom`` as a derivative of the undefined function called ``name`` (None if it is not one)."""
    if isinstance(atom, sympy.Derivative) and getattr(atom.expr, "func", None) is not None \
            and atom.expr.func.__name__ == name:
        return int(atom.derivative_count)
    if isinstance(atom, sympy.core.function.AppliedUndef) and atom.func.__name__ == name:
        return 0
    return None


def _partial_of_undefined(g, z):
    """∂g/∂z for a symbol z, read off when g is a symbol, an undefined function of distinct symbols or a derivative of
    one in symbols: [] when it is a number (0 or 1: z is not an argument of g, or g is a symbol), else [(name, order)]
    for the one derivative it is (the order of g plus one: sympy's ``diff`` appends z to the variables).  None for any
    other g (then ``g.diff(z)`` is formed)."""
    if isinstance(g, sympy.Symbol):
        return []
    base = g.expr if isinstance(g, sympy.Derivative) else g
    if not isinstance(base, sympy.core.function.AppliedUndef) or not all(isinstance(a, sympy.Symbol) for a in base.args) \
            or len(set(base.args)) != len(base.args) \
            or (base is not g and not all(isinstance(v, sympy.Symbol) for v in g.variables)):
        return None
    if z not in base.args:
        return []
    return [(base.func.__name__, (int(g.derivative_count) if base is not g else 0) + 1)]


def check_lipschitz_certificate(check, k, *, max_G_order=3, max_F_order=1):
    """Clause 2 (unique maximal solutions) and clause 1 (λ continuous): the closed form of D_(x,v)a.

    Exactly, in the field of rational functions whose generators are m_i, w and the derivatives of G and F that
    occur: det C · a and det C · Λ are polynomials in them (their denominators involve only the masses), and the
    generators are derivatives of G of order ≤ 2 and values of F.  By the quotient and chain rules
    D_z a = [D_z(det C·a) det C − (det C·a) D_z det C]/det C², and D_z of a generator g is ∂g/∂z: the closed form of
    D_(x,v)a is a polynomial in the derivatives ∂g/∂z that occur (computed: derivatives of G of order ≤ 3, of F of
    order ≤ 1) over det C², with det C > 0 where rank D_xG = k (clause 1).  So with (h1) G ∈ C³ (rank k on O) and
    (h2) F ∈ C¹, a is C¹ in (x, v), hence locally Lipschitz (cited) and Picard–Lindelöf (cited) applies.
    ``max_G_order`` / ``max_F_order`` are the orders claimed (a test lowers them: the certificate must then fail).
    """
    masses, M, G, F, J, curvature = _generic_state_data(k)
    solution = exact_ideal_fractions(M, J, F, curvature)  # the toolkit's exact Λ, a (ideal_multiplier's quotients)
    Lam = [row[0] for row in solution.field_entries(solution.multiplier)]
    a = [row[0] for row in solution.field_entries(solution.acceleration)]
    det_elem = solution.data_gram_determinant()
    expressions = solution.generator_expressions()
    occurring = occurring_generators([*a, *Lam, det_elem])  # the generators of a, Λ and det C
    generators = [expressions[i] for i in occurring]
    scaled = {"a": [cross_cancelled_product(e, det_elem) for e in a],
              "Lambda": [cross_cancelled_product(e, det_elem) for e in Lam]}
    scope = (f"symbolic (exact in the field of rational functions), k = {k}, n = 3, generic G(t, x), F(t, x, v), "
             "M = diag(m1, m2, m3) > 0")

    def denominator_symbols(e):
        return set().union(*(expressions[i].free_symbols for i in occurring_generators([e.denom])))

    for name in ("a", "Lambda"):
        check.fact(f"clauses 1-2: det C * {name} is a polynomial in the generators (its denominator involves only the "
                   f"masses) (k={k})", all(denominator_symbols(e) <= set(masses) for e in scaled[name]),
                   method="symbolic", scope=scope)
    g_orders = [o for g in generators for o in [_derivative_order(g, f"G{b}") for b in range(1, k + 1)] if o is not None]
    f_orders = [o for g in generators for o in [_derivative_order(g, f"F{i}") for i in range(1, 4)] if o is not None]
    others = [g for g in generators if g not in set(masses) | set(_SPEEDS)
              and all(_derivative_order(g, n) is None for n in [f"G{b}" for b in range(1, k + 1)] + ["F1", "F2", "F3"])]
    check.fact(f"clause 1: Lambda = (det C Lambda)/det C with det C Lambda polynomial in m, w, F and derivatives of G "
               f"of order <= 2: Lambda is continuous in (t,x,v) where det C > 0 (G in C^2, F continuous), so "
               f"lambda(t) = Lambda(t,x(t),w(t)) is continuous (k={k})",
               not others and max(g_orders) <= 2 and max(f_orders) == 0, method="symbolic", scope=scope,
               detail=f"generators: derivatives of G of orders {sorted(set(g_orders))}, of F of orders "
                      f"{sorted(set(f_orders))}, masses and speeds")
    in_numerators = occurring_generators([e.numer for e in scaled["a"]] + [det_elem.numer])
    g_names, f_names = {f"G{b}" for b in range(1, k + 1)}, {"F1", "F2", "F3"}
    g_next, f_next, stray = set(), set(), []
    for z in (*_POSITIONS, *_SPEEDS):
        for idx in occurring:
            if idx not in in_numerators:
                continue  # g does not occur in det C * a nor in det C
            read = _partial_of_undefined(expressions[idx], z)
            if read is not None:  # ∂g/∂z read off: no atom (zero) or one derivative of one more order
                for name, order in read:
                    if name in g_names:
                        g_next.add(order)
                    elif name in f_names:
                        f_next.add(order)
                    else:
                        stray.append(expressions[idx].diff(z))
                continue
            dg = expressions[idx].diff(z)
            for atom in ({dg} if dg.is_Atom or isinstance(dg, (sympy.Derivative, sympy.core.function.AppliedUndef))
                         else dg.atoms(sympy.Derivative, sympy.core.function.AppliedUndef)):
                orders_g = [_derivative_order(atom, f"G{b}") for b in range(1, k + 1)]
                orders_f = [_derivative_order(atom, f"F{i}") for i in range(1, 4)]
                if any(o is not None for o in orders_g):
                    g_next.add(max(o for o in orders_g if o is not None))
                elif any(o is not None for o in orders_f):
                    f_next.add(max(o for o in orders_f if o is not None))
                elif not atom.is_number:
                    stray.append(atom)
    check.fact(f"clause 2: D_(x,v) a = [D(det C a) det C - (det C a) D det C]/det C^2 involves derivatives of G of order "
               f"<= {max_G_order} and of F of order <= {max_F_order} only, and 1/det C, det C > 0 by rank k: a is C^1 "
               f"in (x, v) under (h1) G in C^3 and (h2) F in C^1 (k={k})",
               not stray and max(g_next | set(g_orders)) <= max_G_order and max(f_next | set(f_orders)) <= max_F_order,
               method="symbolic", scope=scope,
               detail=f"orders in the closed form: G {sorted(g_next | set(g_orders))}, F {sorted(f_next | set(f_orders))}; "
                      f"then a in C^1 is locally Lipschitz ({C1_LOCALLY_LIPSCHITZ}) and x' = v, v' = a has a unique "
                      f"maximal solution through each datum ({PICARD_LINDELOF})")


def check_constraint_preservation(check, *, drop_reaction=False):
    """Clause 3 as one argument (k = 1, generic G and F): along x'' = a, g(t) = G(t, x(t)) has g'' ≡ 0 (checked
    with the relations x'' = a); consistent data give g(t0) = 0 and g'(t0) = G_t + D_xG v0 = 0, so g ≡ 0 and
    g' = G_t + D_xG x' ≡ 0 (the trusted result calculus.zero_second_derivative_zero_data).
    ``drop_reaction`` integrates a = M⁻¹F instead (a test mutation: the identity must then fail)."""
    M, F, G = generic_system(1)
    acceleration = M.inv() * F if drop_reaction else ideal_holonomic_dynamics(M, F, G, X3, t).acceleration
    check.identity("clause 3: along x'' = a, g(t) = G(t,x(t)) has g'' = 0; with consistent data g(t0) = 0 and "
                   "g'(t0) = G_t + D_xG v0 = 0 (holonomic.consistent_data), g = 0 and g' = G_t + D_xG x' = 0 on the "
                   f"interval ({ZERO_SECOND_DERIVATIVE})", G.diff(t).diff(t), sympy.zeros(1, 1),
                   relations={c.diff(t, 2): ai for c, ai in zip(X3, acceleration)}, premise=check.STATEMENT,
                   scope="symbolic, n = 3, k = 1, generic G(t,x) and F(t,x,v), M = diag(m1,m2,m3); for k = 2 the "
                         "componentwise identity d^2/dt^2 G = D_xG x'' + curvature and D_xG a + curvature = 0 (k=2)")


def check_determination(check, *, curvature_factor=2, sign=-1, power_sign=-1, acceleration_error=0, dps=18, samples=3,
                        max_G_order=3):
    """Clauses 1-4 for every N and k (:func:`check_reaction_law_every_size`: matrix identities of symbolic shape at a
    state, the differentiation along the motion by the cited chain and product rules), with the analytic steps cited
    (Picard–Lindelöf, C¹ ⇒ locally Lipschitz, g'' ≡ 0 with zero data ⇒ g ≡ 0); the same clauses for generic G, F at
    n = 3, k = 1, 2, random trajectories and a picture as supporting evidence; necessity witnesses for the reaction law, M SPD and (h2); the finding that (h1) is stronger than
    needed."""
    check_reaction_law_every_size(check, sign=sign, power_sign=power_sign, rank_assumption=H1, mass_assumption=H_MASS)
    with check.supporting():  # the same clauses at N = 1 (n = 3), k = 1, 2 with generic G, F: sanity checks
        check_constraint_differentiation(check, curvature_factor=curvature_factor)
        for k in (1, 2):
            check_multiplier_algebra(check, k, sign=sign, power_sign=power_sign)
            check_lipschitz_certificate(check, k, max_G_order=max_G_order)
        check_constraint_preservation(check)
        trajectory_evidence(check, power_sign=power_sign, acceleration_error=acceleration_error, dps=dps,
                            samples=samples)
        trajectory_drift_picture(check, power_sign=power_sign)
    reaction_law_witness(check)
    indefinite_mass_witness(check)
    non_lipschitz_force_witness(check)
    rank_on_locus_suffices(check)


def _is_polynomial_map(components, variables):
    """Every component is a polynomial in ``variables`` (so the map is C^∞, in particular C^1)."""
    return all(sympy.sympify(c).is_polynomial(*variables) for c in components)


def reaction_law_witness(check):
    """Without the reaction law the motion is not determined: two constrained curves, same data, residual reactions."""
    m = Symbol("m", positive=True)
    plane = X3[2]  # G = x3, F = 0
    force = [0, 0, 0]
    curves = [{X3[0]: t, X3[1]: 0 * t, X3[2]: 0 * t}, {X3[0]: t + t**3, X3[1]: 0 * t, X3[2]: 0 * t}]
    reactions = [Matrix([m * c[q].diff(t, 2) - f for q, f in zip(X3, force)]) for c in curves]
    data = [[c[q].subs(t, 0) for q in X3] + [c[q].diff(t).subs(t, 0) for q in X3] for c in curves]
    J = Matrix([plane]).jacobian(X3)
    kernel = J.nullspace()
    check.necessary(IDEAL_REACTION_LAW, "G = x3, F = 0, M = m I, curves (t, 0, 0) and (t + t^3, 0, 0)",
                    instances={H_MASS: m * sympy.eye(3)},
                    violates=[("the second curve's reaction R = M x'' - F = (6 m t, 0, 0) does not annihilate ker D_xG",
                               any(sympy.expand((reactions[1].T * d)[0]) != 0 for d in kernel), "computation")],
                    others_hold={
                        H1: [("(h1): G = x3 is polynomial and D_xG = (0, 0, 1) has rank 1 everywhere",
                              J.rank() == 1 and not J.free_symbols and _is_polynomial_map([plane], [t, *X3]),
                              "computation")],
                        H2: [("(h2): F = 0 is polynomial in (t, x, v), so of class C^1",
                              _is_polynomial_map(force, [t, *X3, *W3]), "computation")],
                        H_FORCE_LIPSCHITZ: [("standing hypothesis: F = 0 is continuous with D_(x,v)F = 0, so Lipschitz "
                                             "in (x, v) with constant 0", _state_lipschitz_constant_zero(force),
                                             "computation")],
                        H_MASS: [("M = m I is symmetric positive definite", H_MASS.holds_for(m * sympy.eye(3)),
                                  "computation")]},
                    conclusion_fails=[("both curves are constrained (x3 = 0) with the same consistent data and each "
                                       "solves M x'' = F + R with its residual reaction R = M x'' - F",
                                       all(c[plane] == 0 for c in curves) and data[0] == data[1], "computation"),
                                      ("the two constrained motions differ: the motion through the datum is not unique",
                                       sympy.expand(curves[0][X3[0]] - curves[1][X3[0]]) != 0, "computation")])


def indefinite_mass_witness(check, *, M=None):
    """M SPD needed: M = diag(1, −1, 1), G = x1 + x2 gives C = J M⁻¹ Jᵀ = 0: Λ is not determined.

    ``M`` replaces the witness's mass matrix (a test feeds an SPD one: the witness must then be rejected)."""
    M = sympy.diag(1, -1, 1) if M is None else Matrix(M)
    G = Matrix([X3[0] + X3[1]])
    force = [0, 0, 0]
    J = G.jacobian(X3)
    C = (J * M.inv() * J.T)[0]
    lam = Symbol("lambda", real=True)
    # with F = 0 and G linear the curvature terms vanish: C Λ = 0 is solved by every Λ
    check.necessary(H_MASS, f"M = {sympy.sstr(M)}, G = x1 + x2, F = 0", instances={H_MASS: M},
                    violates=[("M is not positive definite", not H_MASS.holds_for(M), "computation")],
                    others_hold={
                        H1: [("(h1): G is linear with D_xG = (1, 1, 0) of rank 1 everywhere", J.rank() == 1
                              and _is_polynomial_map(G, [t, *X3]), "computation")],
                        H2: [("(h2): F = 0 is polynomial in (t, x, v), so of class C^1",
                              _is_polynomial_map(force, [t, *X3, *W3]), "computation")],
                        H_FORCE_LIPSCHITZ: [("standing hypothesis: F = 0 is continuous with D_(x,v)F = 0, so Lipschitz "
                                             "in (x, v) with constant 0", _state_lipschitz_constant_zero(force),
                                             "computation")],
                        IDEAL_REACTION_LAW: [("the reaction D_xG^T lambda annihilates ker D_xG (the ideal law holds)",
                                              all(sympy.expand(((J.T * lam).T * d)[0]) == 0 for d in J.nullspace()),
                                              "computation")]},
                    conclusion_fails=[("C = D_xG M^-1 D_xG^T = 0 is not positive definite", C == 0, "computation"),
                                      ("every lambda solves C lambda = -(D_xG M^-1 F + curvature) = 0: the reaction "
                                       "D_xG^T lambda is not determined",
                                       sympy.expand(C * lam) == 0 and (J.T * lam) != sympy.zeros(3, 1), "computation")])


def _state_lipschitz_constant_zero(components):
    """Every component is independent of the state (x, v) (its state gradient is identically zero), so the map is
    Lipschitz in the state with constant 0; a polynomial map is also continuous."""
    return _is_polynomial_map(components, [t, *X3, *W3]) and all(
        sympy.diff(sympy.sympify(c), q) == 0 for c in components for q in [*X3, *W3])


def non_lipschitz_force_witness(check, *, force=None):
    """A finding, not a necessity witness: F = (√|x1|, 0, 0), G = x3, M = I, datum 0 has the two solutions
    x1 ≡ 0 and x1 = t⁴/144 (t ≥ 0), both ideal constrained motions (R = 0).  F violates (h2) *and* the force
    branch's standing state-local-Lipschitz hypothesis (|F1(s) − F1(0)|/s = 1/√s is unbounded as s → 0+), so it
    satisfies not all the other assumptions of the theorem and cannot show (h2) necessary: it shows only that
    uniqueness fails when F has neither.  ``force`` replaces the first force component (a test feeds a Lipschitz
    one: the finding must then fail)."""
    s = Symbol("s", positive=True)  # t >= 0 along the witness
    x1 = Symbol("x1", real=True)
    f = sympy.sqrt(sympy.Abs(x1)) if force is None else force
    motions = [sympy.S.Zero, s**4 / 144]
    solves = [sympy.simplify(xm.diff(s, 2) - f.subs(x1, xm)) == 0 for xm in motions]
    quotient = sympy.simplify((f.subs(x1, s) - f.subs(x1, 0)) / s)  # difference quotient of F1 at x1 = 0
    check.fact("finding: without (h2) and without the standing state-local-Lipschitz hypothesis uniqueness fails: "
               "F = (sqrt|x1|, 0, 0), G = x3, M = I violates both (|F1(s) - F1(0)|/s = 1/sqrt(s) is unbounded as "
               "s -> 0+), and x1 = 0 and x1 = t^4/144 both solve x1'' = sqrt|x1| (t >= 0) with the datum "
               "x1(0) = x1'(0) = 0, stay in x3 = 0 with R = 0, and differ",
               sympy.limit(quotient, s, 0, "+") is sympy.oo and all(solves)
               and all(xm.subs(s, 0) == 0 and xm.diff(s).subs(s, 0) == 0 for xm in motions)
               and motions[0] != motions[1], method="symbolic",
               scope="a witness to the finding (not a necessity witness: it violates two assumptions)")


def rank_on_locus_suffices(check):
    """Finding: (h1) asks more than needed -- rank k on Σ gives rank k on the open set {det C ≠ 0} ⊇ Σ."""
    m = Symbol("m", positive=True)
    G = Matrix([X3[0] ** 3 - X3[0]])
    J = G.jacobian(X3)
    C = sympy.expand((J * J.T / m)[0])
    locus = sympy.solve(G[0], X3[0])
    check.fact("finding: (h1) is stronger than needed: G = x1^3 - x1 has rank 0 at x1 = 1/sqrt(3) in O = R x R^3, yet "
               "C = (3x1^2 - 1)^2/m > 0 on the locus x1 in {-1, 0, 1}, so the theorem applies on the open set "
               "{det C != 0}, which contains the locus",
               J.subs(X3[0], 1 / sympy.sqrt(3)).is_zero_matrix and sorted(locus) == [-1, 0, 1]
               and all((C.subs(X3[0], r) > 0) == True for r in locus), method="computation",  # noqa: E712
               scope="a witness to the catalogue's finding (rank on an open neighbourhood of the locus suffices)")


theorem(THEOREM_ID,
        title="Ideal holonomic constraints determine the reaction: multiplier form, explicit acceleration, unique "
              "constrained motions and the reaction-power identity",
        statement=r"Under the ideal-reaction law, (h1) and (h2): (1) $R=D_xG^{\mathsf T}\lambda$ with $\lambda$ unique and "
                  r"continuous, $C=D_xG\,\mathsf M^{-1}D_xG^{\mathsf T}$ symmetric positive definite, $\lambda=\Lambda(t,x,w)$, "
                  r"$\Lambda=-C^{-1}[D_xG\,\mathsf M^{-1}F+G_{tt}+2G_{tx}[v]+G_{xx}[v,v]]$; (2) $(x,w)$ solves $x'=v$, "
                  r"$v'=a=\mathsf M^{-1}(F+D_xG^{\mathsf T}\Lambda)$, conversely every solution with consistent data is an "
                  r"ideal constrained motion, and maximal solutions are unique; (3) $G=0$ and $G_t+D_xGv=0$ are preserved; "
                  r"(4) $R\cdot w=-\lambda\cdot G_t$. Finding: (h1) is stronger than needed (rank on an open neighbourhood "
                  r"of $\Sigma$ suffices); (h1)'s $C^3$ and (h2) give $a\in C^1$ ($D_{(x,v)}a$ involves derivatives of $G$ "
                  r"up to order 3 and of $F$ up to order 1), hence unique maximal solutions by Picard-Lindelof (cited); "
                  r"uniqueness rests on the force branch's standing state-local-Lipschitz hypothesis on $F$ (declared); "
                  r"without (h2) and that hypothesis it fails ($F=(\sqrt{|x_1|},0,0)$, $G=x_3$: two motions through "
                  r"the datum 0).",
        source="seed 004_ff83f823a612679d.txt, theorem (clauses 1-4)",
        assumes=[IDEAL_REACTION_LAW, H1, H2, H_MASS, H_FORCE_LIPSCHITZ],
        uses=["holonomic.constraint_model_definition", "holonomic.ideal_reaction_multiplier_representation",
              "holonomic.consistent_data", PICARD_LINDELOF, C1_LOCALLY_LIPSCHITZ, ZERO_SECOND_DERIVATIVE,
              CHAIN_AND_PRODUCT_RULES],
        proof_uses=["holonomic.reaction_transpose_multiple_lemma", "linalg.annihilator_of_kernel_transpose_multiple",
                    "linalg.euclidean_inner_product"])(
    check_determination)


# --- energy ------------------------------------------------------------------------------------------

def check_energy_definitions(check):
    """K = Σ ½ m_i |w_i|², E = K + U, power F·w, work ∫F·w dt: dK/dt = w·M x'' and dE/dt = w·(M x'' + ∇U) + U_t."""
    M, _, _ = generic_system(1)
    U = Function("U")(t, *X3)
    w = Matrix(W3)
    K = (w.T * M * w)[0] / 2
    check.identity("dK/dt = w . M x''", K.diff(t), (w.T * M * Matrix([c.diff(t, 2) for c in X3]))[0],
                   scope="symbolic, n = 3, diagonal M")
    check.identity("dE/dt = w.(M x'' + grad U) + U_t for E = K + U", (K + U).diff(t),
                   (w.T * (M * Matrix([c.diff(t, 2) for c in X3]) + Matrix([U.diff(c) for c in X3])))[0] + partial_t(U),
                   scope="symbolic, generic U(t, x)")


cited("forces.potential_presentations_mechanical_energy", cited_kind="definition",
      title="Potential presentations of a force model, potential and mechanical energy",
      statement=r"(a) $F_i=-\nabla_{x_i}U+d_i$; (b) $E=K+U$.",
      source="cited: seed 004 'Potential presentations of a force model, potential and mechanical energy, closed versus "
             "exact force fields, local potentials and equipotential level sets'")(check_energy_definitions)


def check_particle_totals(check):
    """K = Σ ½ m_i |w_i|² for N = 2 equals ½ wᵀ M w with the block mass operator; power of F is F·w."""
    masses = sympy.symbols("m1 m2", positive=True)
    w = sympy.symbols("w1:7", real=True)
    M = sympy.diag(*[masses[i // 3] for i in range(6)])
    K_blocks = sum(masses[i] * sum(c**2 for c in w[3 * i:3 * i + 3]) for i in range(2)) / 2
    check.identity("K = sum_i m_i |w_i|^2 / 2 = w^T M w / 2 (N = 2)", K_blocks, (Matrix(w).T * M * Matrix(w))[0] / 2,
                   scope="symbolic, N = 2")


cited("mechanics.particle_model_totals_energy_power_work", cited_kind="definition",
      title="Total mass, momentum, angular momentum, kinetic energy, power and work of a particle model",
      statement=r"(b) $K=\sum_i\tfrac12m_i|w_i|^2$; (d) power $F\cdot w$, work $\int F\cdot w\,dt$.",
      source="cited: seed 004 'Total mass, total momentum, centre of mass, angular momentum, torque, kinetic energy, "
             "power and work of a particle model in an inertial frame'")(check_particle_totals)


H1_H2_ENERGY_NOTE = ("clauses 1-4 use only the multiplier representation R = D_xG^T lambda on the locus (ideal law and "
                     "rank on the locus) and G, U of class C^2: G, U, d are generic functions here and F = -grad U + d "
                     "is never differentiated")


def _energy_data(k):
    """Generic data of the energy theorem along a curve x(t): M = diag(m1,m2,m3), G_a(t,x), U(t,x), d_i(t,x,w),
    multipliers lambda_a(t), the ideal reaction R = D_xG^T lambda and the rules x'' = M^-1(-grad U + d + R)."""
    M, _, G = generic_system(k)
    U = Function("U")(t, *X3)
    d = Matrix([Function(f"d{i}")(t, *X3, *W3) for i in range(1, 4)])
    lam = Matrix([Function(f"lambda{a}")(t) for a in range(1, k + 1)])
    R = G.jacobian(X3).T * lam
    motion = {c.diff(t, 2): ai for c, ai in zip(X3, M.LUsolve(-Matrix([U.diff(c) for c in X3]) + d + R))}
    return M, G, U, d, lam, R, motion


def check_energy_clauses_along_motion(check, k, *, power_sign=-1, include_time_derivative=True):
    """Clauses 2 and 4 and the integrated clause 1, for k components, generic U, d, G and multipliers λ(t).

    Clause 2: E' = U_t + d·w − λ·G_t + λ·(d/dt)G(t,x(t)) along M x'' = −∇U + d + DₓGᵀλ, and G(t,x(t)) ≡ 0 on a
    constrained motion.  Clause 4 with a variable upper limit: Φ(t) = K(t) − K(t0) − [U(t0) − U(t) + ∫_{t0}^t
    (U_t + d·w − λ·G_t) ds] has Φ' = λ·(d/dt)G(t,x(t)) (the fundamental theorem of calculus for the integral, cited)
    and Φ(t0) = 0, so Φ ≡ 0 (zero derivative, cited).  Likewise Ψ(t) = ∫_{t0}^t (R·w + λ·G_t) ds has
    Ψ' = λ·(d/dt)G(t,x(t)) and Ψ(t0) = 0: ∫ R·w = −∫ λ·G_t."""
    M, G, U, d, lam, R, motion = _energy_data(k)
    w = Matrix(W3)
    K = (w.T * M * w)[0] / 2
    U_t = partial_t(U)
    G_t = Matrix([partial_t(g) for g in G])
    along_locus = (lam.T * G.diff(t))[0]  # λ·(d/dt)G(t, x(t)), zero on a constrained motion (G(t, x(t)) ≡ 0)
    power_term = power_sign * (lam.T * G_t)[0]
    rate = (1 if include_time_derivative else 0) * U_t + (d.T * w)[0] + power_term
    scope = (f"symbolic, n = 3, k = {k}, generic U(t,x), d(t,x,v), G(t,x), multipliers lambda(t), M = diag(m1,m2,m3); "
             "x'' = M^-1(-grad U + d + D_xG^T lambda) as relations")
    s, t0 = Symbol("s", real=True), Symbol("t0", real=True)
    at = lambda expr, when: expr.xreplace({t: when})  # noqa: E731 - the same expression along the curve at `when`
    check.identity(f"clause 2: E' = U_t + d.w - lambda.G_t + lambda.(d/dt)G(t,x(t)), and G(t,x(t)) = 0 on the "
                   f"constrained motion (k={k})", (K + U).diff(t), rate + along_locus, relations=motion,
                   premise=check.STATEMENT, scope=scope)
    work = K - at(K, t0) - (at(U, t0) - U + sympy.Integral(at(rate, s), (s, t0, t)))
    check.identity(f"clause 4: d/dt [K(t) - K(t0) - (U(t0) - U(t) + int_t0^t (U_t + d.w - lambda.G_t) ds)] = "
                   f"lambda.(d/dt)G(t,x(t)) = 0 on the constrained motion ({FUNDAMENTAL_THEOREM}) (k={k})",
                   work.diff(t), along_locus, relations=motion, premise=check.STATEMENT, scope=scope)
    check.identity(f"clause 4: the same expression vanishes at t = t0, so it is 0 for every t ({ZERO_DERIVATIVE}) "
                   f"(k={k})", work.subs(t, t0), 0, scope=scope)
    reaction_work = sympy.Integral(at((R.T * w)[0] - power_term, s), (s, t0, t))
    check.identity(f"clause 1 integrated: d/dt int_t0^t (R.w + lambda.G_t) ds = lambda.(d/dt)G(t,x(t)) = 0 and the "
                   f"integral vanishes at t0: int R.w dt = -int lambda.G_t dt ({FUNDAMENTAL_THEOREM}, "
                   f"{ZERO_DERIVATIVE}) (k={k})", reaction_work.diff(t), along_locus, scope=scope)
    check.identity(f"clause 1 integrated: int_t0^t0 (R.w + lambda.G_t) ds = 0 (k={k})", reaction_work.subs(t, t0), 0,
                   scope=scope)


def check_energy_clauses_on_locus(check, k, *, power_sign=-1, conservation_needs_scleronomic=True):
    """Clause 1 pointwise and clause 3 at a state (t, x, w) of a constrained motion, modulo relations: the
    permitted velocity G_t + D_xG w = 0 (a constrained motion stays on Σ), and for clause 3 G_t = 0 on Σ (scleronomic,
    holonomic.scleronomic_implies_Gt_vanishes), ∂_tU = 0 and d = 0.  E' at the state is the chain rule along
    (w, a): ∂_tE + ∇_xE·w + ∇_wE·a with M a = −∇U + d + DₓGᵀλ."""
    masses = sympy.symbols("m1:4", positive=True)
    M = sympy.diag(*masses)
    p, w = Matrix(_POSITIONS), Matrix(_SPEEDS)
    G = Matrix([Function(f"G{a}")(t, *p) for a in range(1, k + 1)])
    U = Function("U")(t, *p)
    d = Matrix([Function(f"d{i}")(t, *p, *w) for i in range(1, 4)])
    lam = Matrix(sympy.symbols(f"lambda1:{k + 1}", real=True))
    J, G_t = G.jacobian(p), G.diff(t)
    R = J.T * lam
    a = M.LUsolve(-Matrix([U.diff(q) for q in p]) + d + R)
    E = (w.T * M * w)[0] / 2 + U
    E_rate = E.diff(t) + (Matrix([E]).jacobian(p) * w)[0] + (Matrix([E]).jacobian(w) * a)[0]
    permitted = [sympy.Eq(G_t[i] + (J * w)[i], 0) for i in range(k)]
    scleronomic = [sympy.Eq(g, 0) for g in G_t] if conservation_needs_scleronomic else []
    scope = (f"symbolic, n = 3, k = {k}, at a state (t, x, w) of a constrained motion: generic G(t,x), U(t,x), "
             "d(t,x,w), multipliers lambda; relations as named")
    check.identity(f"clause 1: R.w = -lambda.G_t modulo the permitted velocity G_t + D_xG w = 0 (k={k})",
                   (R.T * w)[0], power_sign * (lam.T * G_t)[0], relations=permitted, premise=check.STATEMENT, scope=scope)
    check.identity(f"clause 1: scleronomic, R.w = 0 modulo G_t + D_xG w = 0 and G_t = 0 on the locus (k={k})",
                   (R.T * w)[0], 0, relations=permitted + scleronomic, premise=check.STATEMENT, scope=scope)
    check.identity(f"clause 3: scleronomic (G_t = 0 on the locus), static (U_t = 0), d = 0: E' = 0 modulo these "
                   f"relations and G_t + D_xG w = 0 (k={k})", E_rate, 0,
                   relations=permitted + scleronomic + [sympy.Eq(U.diff(t), 0)] + [sympy.Eq(di, 0) for di in d],
                   premise=check.STATEMENT, scope=scope)


def check_energy_balance(check, *, power_sign=-1, include_time_derivative=True, conservation_needs_scleronomic=True, dps=18,
                         samples=3, ks=(1, 2)):
    """Clauses 1-4 of the energy theorem: symbolic for generic U, d, G (k = 1, 2) -- without (h1) and without
    (h2) --, the integrals with a variable upper limit; trajectories and a picture as supporting evidence;
    necessity witnesses for the law and the clause-3 hypotheses."""
    with check.without(H1, H2, note=H1_H2_ENERGY_NOTE):
        check_energy_every_size(check, power_sign=power_sign, include_time_derivative=include_time_derivative,
                                conservation_needs_scleronomic=conservation_needs_scleronomic)
    with check.supporting():  # the same clauses at N = 1 (n = 3), k in ks, for generic G, U, d: sanity checks
        check_integrated_base_cases(check, power_sign=power_sign)
        for k in ks:
            check_energy_clauses_along_motion(check, k, power_sign=power_sign,
                                              include_time_derivative=include_time_derivative)
            check_energy_clauses_on_locus(check, k, power_sign=power_sign,
                                          conservation_needs_scleronomic=conservation_needs_scleronomic)
        M, _, G = generic_system(1)
        U = Function("U")(t, *X3)
        lam = Function("lambda")(t)
        J = G.jacobian(X3)
        R = J.T * Matrix([lam])
        w = Matrix(W3)
        E = (w.T * M * w)[0] / 2 + U
        scleronomic_static = {U: Function("U0")(*X3)}
        if conservation_needs_scleronomic:
            scleronomic_static[G[0]] = Function("G0")(*X3)
        check.identity(
            "clause 3 for a time-independent presentation: scleronomic, static, d = 0: E' = lambda.(G_t + D_xG w), "
            "which is 0 on the motion",
            E.subs(scleronomic_static).diff(t),
            lam * (partial_t(G[0].subs(scleronomic_static)) + (J * w)[0].subs(scleronomic_static).doit()),
            relations={c.diff(t, 2): ai for c, ai in zip(X3, M.LUsolve((-Matrix([U.diff(c) for c in X3]) + R)
                                                                        .subs(scleronomic_static).doit()))},
            premise=check.STATEMENT, scope="symbolic, generic time-independent U and G")
    tolerance = mpmath.mpf(10) ** (-(dps - 6))

    def work_residual(instance):
        return _work_form_residual(instance, dps=dps, power_sign=power_sign)

    with check.supporting():
        if samples:
            check.property("clause 4 on random rheonomic trajectories: |K(t1)-K(t0) - [U(t0)-U(t1) + int(U_t + d.w - "
                           "lambda.G_t)]|", trajectory_instances(1, True), work_residual, tolerance=tolerance,
                           samples=samples, describe=repr,
                           scope=f"{check.instances(samples)} random instances: N = 1, k = 1, random masses, polynomial "
                                 f"rheonomic G, U = |x|^2/2 + t x1, d = force - grad U, mpmath Bulirsch–Stoer "
                                 f"extrapolation at {dps} digits on [0, 1/4], the work integral integrated along with "
                                 f"the motion")
        energy_balance_picture(check, power_sign=power_sign)
    accelerating_wall(check)
    energy_hypothesis_witnesses(check)


def _work_form_residual(instance, *, dps, power_sign):
    M, constraint, F = instance
    U = sum(c**2 for c in X3) / 2 + t * X3[0]
    d = Matrix(F) + Matrix([U.diff(c) for c in X3])  # so that F = -grad U + d
    dyn = ideal_holonomic_dynamics(M, F, constraint.G, X3, t, solve=False)  # evaluated numerically only
    w = Matrix(W3)
    K = (w.T * M * w)[0] / 2
    energy = state_function(dyn, [K, U, partial_t(U) + (d.T * w)[0]])
    t1 = mpmath.mpf(1) / 4

    def integrand(system, s, xs, vs):  # U_t + d.w + power_sign lambda.G_t (the true law: power_sign = -1)
        Lam = system.parts(s, xs, vs)[2]
        G_t = system.time_derivative(s, xs, vs)
        return energy(s, *xs, *vs)[2] + power_sign * sum(Lam[a] * G_t[a] for a in range(len(G_t)))

    report = integrate_ideal_motion(dyn, 0, [0, 0, 0], constraint.v0, [t1], dps=dps, integrands=[integrand])
    with mpmath.workdps(dps):
        work = report.integrals[0][0]
        start = [mpmath.mpf(0)] * 3 + [mpmath.mpf(v.p) / v.q for v in map(sympy.Rational, constraint.v0)]
        xs1, vs1 = report.states[0]
        (K0, U0, _), (K1, U1, _) = energy(0, *start), energy(t1, *xs1, *vs1)
        return abs(K1 - K0 - (U0 - U1 + work)) + report.constraint_drift


def _along(motion):
    """Substitution of a motion {x_i(t): expr} and its first two derivatives."""
    return {**{c.diff(t, 2): e.diff(t, 2) for c, e in motion.items()}, **{c.diff(t): e.diff(t) for c, e in motion.items()},
            **motion}


def accelerating_wall(check):
    """Necessity of 'scleronomic': G = x1 − ½at², F = 0, data 0: x1 = ½at², λ = m a, E' = m a² t = −λ G_t ≠ 0."""
    m, acc = Symbol("m", positive=True), Symbol("a", positive=True)
    motion = {X3[0]: acc * t**2 / 2, X3[1]: 0 * t, X3[2]: 0 * t}
    G = Matrix([X3[0] - acc * t**2 / 2])
    dyn = ideal_holonomic_dynamics(m * sympy.eye(3), [0, 0, 0], G, X3, t)
    along = _along(motion)
    lam = dyn.multiplier[0].subs(along)
    energy = (m * sum(e.diff(t) ** 2 for e in motion.values()) / 2)
    G_t = dyn.time_derivative[0].subs(along)
    U, d, F = sympy.S.Zero, [0, 0, 0], [0, 0, 0]  # the presentation F = -grad U + d of the witness
    check.necessary(H_SCLERONOMIC, "accelerating wall G = x1 - a t^2/2, F = 0 (U = 0, d = 0), M = m I, data 0",
                    instances={H_MASS: m * sympy.eye(3)}, violates=[
        ("the locus moves: G_t = -a t != 0 on it for t != 0", sympy.expand(G_t + acc * t) == 0, "symbolic")],
        others_hold={
            IDEAL_REACTION_LAW: [("ideal law: x1 = a t^2/2 solves the ideal system (R = D_xG^T lambda)",
                                  sympy.expand(dyn.acceleration[0].subs(along) - acc) == 0 and G.subs(motion)[0] == 0,
                                  "symbolic")],
            (H1, H2): [("(h1): D_xG = (1, 0, 0) has rank 1 everywhere, G polynomial; (h2): F = 0 is polynomial, so C^1",
                        dyn.jacobian.rank() == 1 and _is_polynomial_map(G, [t, *X3])
                        and _is_polynomial_map(F, [t, *X3, *W3]), "computation")],
            H_MASS: [("M = m I is symmetric positive definite", H_MASS.holds_for(m * sympy.eye(3)), "computation")],
            (H_POTENTIAL, H_STATIC, H_NO_RESIDUAL): [
                ("potential presentation F = -grad U + d with U = 0 (static: U_t = 0) and d = 0",
                 all(sympy.expand(f + sympy.diff(U, q) - di) == 0 for f, q, di in zip(F, X3, d))
                 and sympy.diff(U, t) == 0 and all(di == 0 for di in d), "computation")]},
        conclusion_fails=[
        ("lambda = m a and the reaction power R.w = m a^2 t = -lambda G_t is not 0 (clause 1, scleronomic case)",
         sympy.expand(lam - m * acc) == 0 and sympy.expand(energy.diff(t) + lam * G_t) == 0, "symbolic"),
        ("the energy is not conserved: E' = m a^2 t != 0 for t != 0 (clause 3)",
         sympy.expand(energy.diff(t) - m * acc**2 * t) == 0, "symbolic")])


def energy_hypothesis_witnesses(check):
    """Necessity of d = 0 (linear drag), of a static potential (U = c t) and of the law (tangential friction),
    each with the plane G = x3 and M = m I."""
    m, gamma, c = Symbol("m", positive=True), Symbol("gamma", positive=True), Symbol("c", positive=True)
    scleronomic_plane = "(h1) and scleronomic: G = x3 is time-independent with D_xG = (0, 0, 1) of rank 1"
    plane_J = Matrix([X3[2]]).jacobian(X3)
    drag = {X3[0]: m / gamma * (1 - sympy.exp(-gamma * t / m)), X3[1]: 0 * t, X3[2]: 0 * t}  # m x1'' = -gamma x1'
    drag_energy = m * drag[X3[0]].diff(t) ** 2 / 2  # U = 0
    check.necessary(H_NO_RESIDUAL, "G = x3, U = 0, linear drag d = -gamma w, M = m I; x1 = (m/gamma)(1 - exp(-gamma t/m))",
                    instances={H_MASS: m * sympy.eye(3)},
                    violates=[("d = -gamma w is not 0 along the motion (w1 = exp(-gamma t/m))",
                               drag[X3[0]].diff(t).subs(t, 0) == 1, "symbolic")],
                    others_hold={
                        (H1, H_SCLERONOMIC): [(scleronomic_plane, plane_J.rank() == 1, "computation")],
                        IDEAL_REACTION_LAW: [("the motion solves M x'' = d + R with R = 0 = D_xG^T 0 (ideal) on x3 = 0",
                                              sympy.simplify(m * drag[X3[0]].diff(t, 2)
                                                             + gamma * drag[X3[0]].diff(t)) == 0, "symbolic")],
                        (H_POTENTIAL, H_STATIC, H_MASS, H2): [
                            ("F = -grad U + d with U = 0 (static, C^2) and d = -gamma w (polynomial, C^1); M = m I is SPD",
                             H_MASS.holds_for(m * sympy.eye(3))
                             and _is_polynomial_map([-gamma * W3[0], -gamma * W3[1], -gamma * W3[2]], [t, *X3, *W3]),
                             "computation")]},
                    conclusion_fails=[("E' = -gamma |w|^2 = -gamma exp(-2 gamma t/m) < 0: E is not constant (clause 3)",
                                       sympy.simplify(drag_energy.diff(t) + gamma * sympy.exp(-2 * gamma * t / m)) == 0,
                                       "symbolic")])
    uniform = {X3[0]: t, X3[1]: 0 * t, X3[2]: 0 * t}
    U = c * t  # time-dependent potential with no spatial gradient: F = 0
    energy = (m * uniform[X3[0]].diff(t) ** 2 / 2 + U)
    check.necessary(H_STATIC, "G = x3, U = c t (c > 0), d = 0, M = m I; x = (t, 0, 0)",
                    instances={H_MASS: m * sympy.eye(3)},
                    violates=[("dU/dt partial = c != 0", sympy.diff(U, t) == c, "symbolic")],
                    others_hold={
                        (H1, H_SCLERONOMIC): [(scleronomic_plane, plane_J.rank() == 1, "computation")],
                        (IDEAL_REACTION_LAW, H_POTENTIAL): [
                            ("F = -grad U = 0, so x = (t, 0, 0) solves M x'' = F + R with the ideal R = 0",
                             all(sympy.diff(U, q) == 0 for q in X3) and uniform[X3[0]].diff(t, 2) == 0, "symbolic")],
                        (H_NO_RESIDUAL, H_MASS, H2): [
                            ("d = F + grad U = 0; M = m I is SPD; (h2): F = -grad U = 0 is polynomial, so C^1",
                             all(sympy.diff(U, q) == 0 for q in X3) and H_MASS.holds_for(m * sympy.eye(3)), "computation")]},
                    conclusion_fails=[("E' = c != 0: E is not constant (clause 3)", sympy.diff(energy, t) == c, "symbolic")])
    w1, w2 = sympy.symbols("w1 w2", real=True)
    friction = Matrix([-gamma * w1, -gamma * w2, 0])  # tangential friction on the plane x3 = 0
    power = sympy.expand((friction.T * Matrix([w1, w2, 0]))[0])
    check.necessary(IDEAL_REACTION_LAW, "G = x3, F = 0, M = m I, tangential friction R = -gamma (w1, w2, 0)",
                    instances={H_MASS: m * sympy.eye(3)},
                    violates=[("R . e1 = -gamma w1 != 0 for the virtual displacement e1 (w1 != 0)",
                               (friction.T * Matrix([1, 0, 0]))[0].subs(w1, 1) != 0, "symbolic")],
                    others_hold={
                        (H1, H_SCLERONOMIC): [(scleronomic_plane, plane_J.rank() == 1, "computation")],
                        (H_POTENTIAL, H_STATIC, H_NO_RESIDUAL, H_MASS, H2): [
                            ("U = 0 and d = 0 (static potential presentation of F = 0, polynomial so C^1); M = m I is SPD",
                             H_MASS.holds_for(m * sympy.eye(3)) and _is_polynomial_map([0, 0, 0], [t, *X3, *W3]),
                             "computation")]},
                    conclusion_fails=[("R.w = -gamma(w1^2 + w2^2) != 0 = -lambda.G_t for every lambda (G_t = 0): clause 1 "
                                       "fails", sympy.expand(power + gamma * (w1**2 + w2**2)) == 0 and power.subs({w1: 1, w2: 0}) != 0,
                                       "symbolic")])


theorem(ENERGY_ID,
        title="Reaction power and the mechanical-energy balance (the rheonomic-power theorem)",
        statement=r"Along an ideal constrained motion with $F_i=-\nabla_{x_i}U+d_i$, $E=K+U$: (1) $R\cdot w=-\lambda\cdot G_t$ "
                  r"and $\int R\cdot w\,dt=-\int\lambda\cdot G_t\,dt$, zero if scleronomic; (2) $E'=\partial_tU+\sum\langle"
                  r"\mathfrak d_i,w_i\rangle-\lambda\cdot G_t$; (3) scleronomic, $\partial_tU\equiv0$, $\mathfrak d\equiv0$ "
                  r"$\Rightarrow E$ constant; (4) $K(t_1)-K(t_0)=U(t_0)-U(t_1)+\int_{t_0}^{t_1}[\partial_tU+\sum\langle"
                  r"\mathfrak d_i,w_i\rangle-\lambda\cdot G_t]dt$. Finding: (h1)-(h2) are not used by any clause.",
        source="seed 004_ff83f823a612679d.txt, the rheonomic-power theorem",
        assumes=[IDEAL_REACTION_LAW, H1, H2, H_MASS, H_POTENTIAL, H_SCLERONOMIC, H_STATIC, H_NO_RESIDUAL],
        uses=[THEOREM_ID, "forces.potential_presentations_mechanical_energy",
              "mechanics.particle_model_totals_energy_power_work", FUNDAMENTAL_THEOREM, ZERO_DERIVATIVE,
              CHAIN_AND_PRODUCT_RULES],
        proof_uses=["holonomic.scleronomic_implies_Gt_vanishes"])(check_energy_balance)


# ---------------------------------------------------------------------------
# pictures of the trajectory checks (one representative rheonomic motion, checked and drawn)
# ---------------------------------------------------------------------------

#: the representative: one unit mass under gravity on the moving surface x3 = t·x1 + x2²/2 (rank 1 everywhere)
PICTURE_G = Matrix([X3[2] - t * X3[0] - X3[1] ** 2 / 2])
PICTURE_V0 = [1, 1, 0]  # consistent at t = 0, x = 0: G_t + D_xG v = -x1 + v3 - x2 v2 = 0


def representative_motion(dps=15, horizon=2, samples=21, integrands=()):
    """Integrate the representative ideal motion (with ``integrands`` along it); returns (times, report, dynamics)."""
    F = [0, 0, -1]
    dyn = ideal_holonomic_dynamics(sympy.eye(3), F, PICTURE_G, X3, t, solve=False)
    times = [mpmath.mpf(horizon) * k / (samples - 1) for k in range(samples)]
    return times, integrate_ideal_motion(dyn, 0, [0, 0, 0], PICTURE_V0, times, dps=dps, integrands=integrands), dyn


def trajectory_drift_picture(check, *, dps=15, power_sign=-1):
    """#73 clauses 2-4 along the representative motion: |G|, |G_t + D_xG v| and |R·w − power_sign·λ·G_t| over time,
    with R = M a − F formed from the integrated acceleration."""
    times, report, _ = representative_motion(dps)
    system = report.system
    with mpmath.workdps(dps):
        rows = [(abs(system.constraint(s, xs, vs)[0]), abs(system.velocity_residual(s, xs, vs)[0]),
                 abs(system.power_residual(s, xs, vs, power_sign=power_sign)))
                for s, (xs, vs) in zip(times, report.states)]
    worst = max(max(r) for r in rows)
    check.numeric("representative motion (x3 = t x1 + x2^2/2, gravity, unit mass): constraint, permitted velocity and "
                  "reaction power stay exact along t in [0, 2]", worst, mpmath.mpf(10) ** (-(dps - 5)),
                  scope=f"one rheonomic instance, mpmath Bulirsch–Stoer extrapolation at {dps} digits, {len(times)} sample times",
                  detail="max over the samples of |G|, |G_t + D_xG v|, |R.w + lambda.G_t|")
    check.figure("ideal motion on the moving surface x3 = t x1 + x2²/2: residuals along time",
                 [float(s) for s in times],
                 {"|G|": [r[0] for r in rows], "|G_t + D_xG v|": [r[1] for r in rows], "|R·w + λ·G_t|": [r[2] for r in rows]},
                 ylabel="residual", log=True,
                 caption=f"What the trajectory check measures, on one representative instance (mpmath Bulirsch–Stoer, {dps} "
                         "digits): the motion stays on the locus, its velocity stays permitted, and the reaction power "
                         "is −λ·G_t. Values at the level of the working precision are rounding.")


def energy_balance_picture(check, *, dps=15, power_sign=-1):
    """#76 clause 2/4 along the representative motion: E(t) − E(0) against the reaction work ∫ −λ·G_t (integrated
    along with the motion)."""
    def reaction_power(system, s, xs, vs):
        lam, g_t = system.parts(s, xs, vs)[2], system.time_derivative(s, xs, vs)
        return power_sign * lam[0] * g_t[0]

    times, report, _ = representative_motion(dps, horizon=1, samples=6, integrands=[reaction_power])
    with mpmath.workdps(dps):
        def energy(s, xs, vs):
            return sum(v * v for v in vs) / 2 + xs[2]  # K + U with U = x3 (unit gravity), d = 0

        e0 = energy(times[0], *report.states[0])
        gained = [energy(s, xs, vs) - e0 for s, (xs, vs) in zip(times, report.states)]
        work = [integrals[0] for integrals in report.integrals]
        residual = max(abs(g - w) for g, w in zip(gained, work))
    check.fact("the representative motion does not conserve E (so the balance is not trivially 0 = 0): "
               f"|E(1) - E(0)| = {mpmath.nstr(abs(gained[-1]), 4)}", abs(gained[-1]) > mpmath.mpf(10) ** -3,
               method="numerical", scope="one rheonomic instance")
    check.numeric("representative motion: E(t) - E(0) equals the reaction work int(-lambda.G_t) for t in [0, 1]",
                  residual, mpmath.mpf(10) ** (-(dps - 6)),
                  scope=f"one rheonomic instance (U = x3, d = 0), mpmath Bulirsch–Stoer extrapolation at {dps} digits, the "
                        f"work integral integrated along with the motion, {len(times)} times")
    check.figure("energy balance on the moving surface: E(t) − E(0) and the reaction work", [float(s) for s in times],
                 {"E(t) − E(0)": gained, "∫ −λ·G_t": work}, ylabel="energy",
                 caption="Clause 2 of the energy theorem on one rheonomic instance: the mechanical energy is not "
                         "conserved, and what it gains is exactly the work of the reaction, −λ·G_t (the curves coincide).")
    check.figure("energy balance residual |E(t) − E(0) − ∫ −λ·G_t|", [float(s) for s in times],
                 {"residual": [abs(g - w) for g, w in zip(gained, work)]}, ylabel="residual", log=True,
                 caption="The difference of the two curves above, at the level of the working precision.")
