"""Ideal holonomic constraints: the adopted reaction law and the two balance theorems of seed 004.

This file contains

* the postulate ``holonomic.ideal_reaction_law`` (R·δ = 0 for every virtual displacement) and
  the lemma ``holonomic.ideal_reaction_multiplier_representation`` (R = D_xGᵀλ, λ unique, with
  its dimensions checked by ``sympy.physics.units``);
* the theorem ``holonomic.ideal_constraints_determine_reaction``, all four clauses: C = D_xG M⁻¹
  D_xGᵀ symmetric positive definite, λ = Λ(t,x,v), the first-order system and its converse,
  preservation of G = 0 and of the permitted-velocity condition, and R·w = −λ·G_t —
  symbolically for generic G, F and diagonal M (n = 3, k = 1 and k = 2) and on randomized
  rheonomic and scleronomic instances integrated by mpmath;
* the theorem ``holonomic.reaction_power_energy_balance``, all four clauses (power, energy rate,
  conservation in the static scleronomic case, integrated work form), checked the same two ways;
* the cited definitions of potential presentations / mechanical energy and of the totals of a
  particle model that the energy theorem uses;
* necessity witnesses for the headline hypotheses (rank loss, rheonomic constraint, no reaction
  law, drag, a time-dependent potential).
"""
from __future__ import annotations


import mpmath
import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational, Symbol

from checker import cited, hypothesis, lemma, postulate, theorem
from checker.randomized import OutsideDomain
from checker.symbolic import jet_normalize

from .holonomic_datum import H_RANK_ON_LOCUS, H_SCLERONOMIC
from .holonomic_dynamics import (constraint_derivatives, ideal_holonomic_dynamics, ideal_multiplier, integrate_ideal_motion,
                                 state_function)
from .linalg import field_zero_decision, rational_function_matrices
from .strategies import mass_operators, polynomial_forces, regular_constraints

t = Symbol("t", real=True)
X3 = [Function(f"x{i}", real=True)(t) for i in range(1, 4)]  # one particle, 3N = 3 coordinates
W3 = [c.diff(t) for c in X3]
_POSITIONS = sympy.symbols("_p1:4", real=True)
_SPEEDS = sympy.symbols("_w1:4", real=True)
_TO_STATE = {**{c.diff(t): v for c, v in zip(X3, _SPEEDS)}, **{c: s for c, s in zip(X3, _POSITIONS)}}
_FROM_STATE = {**{s: c for c, s in zip(X3, _POSITIONS)}, **{v: c.diff(t) for c, v in zip(X3, _SPEEDS)}}


def partial_t(expr):
    """The partial derivative in the explicit time slot of an expression in t, x(t), x'(t)."""
    return sympy.sympify(expr).subs(_TO_STATE).diff(t).subs(_FROM_STATE)

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

def check_multiplier_representation(check, *, reaction_dimension="force", max_k=2, particles=(1, 2)):
    """R ⟂ ker D_xG with rank k ⇔ R = D_xGᵀλ, λ = (JJᵀ)⁻¹JR unique; [λ_α] = μℓ²τ⁻²/γ_α makes [R] a force."""
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

    def instances():
        return st.tuples(st.sampled_from(particles), st.integers(1, max_k)).flatmap(
            lambda nk: st.tuples(_full_rank(nk[1], 3 * nk[0]), _rational_vector(nk[1])))

    def holds(instance):
        J, lam = instance
        R = J.T * lam
        annihilates = all((R.T * d)[0] == 0 for d in J.nullspace())
        recovered = (J * J.T).LUsolve(J * R)
        return annihilates and recovered == lam and not J.T.nullspace()

    check.property("R = J^T lambda annihilates ker J, and lambda = (JJ^T)^-1 J R is the only multiplier", instances(), holds,
                   scope=f"randomized, exact rationals, N in {list(particles)} particles, k = 1..{max_k}", samples=30,
                   describe=lambda inst: [sympy.sstr(m) for m in inst])
    multiplier_representation_witnesses(check)


def multiplier_representation_witnesses(check):
    """Both hypotheses needed: rank loss makes λ non-unique (G = (x1, 2x1)); without the law R = e2 is no
    transpose multiple of D_xG = (1, 0, 0)."""
    J = Matrix([[1, 0, 0], [2, 0, 0]])  # G = (x1, 2 x1): rank 1 < k = 2 on the whole locus x1 = 0
    R = Matrix([1, 0, 0])
    lam_a, lam_b = Matrix([1, 0]), Matrix([0, Rational(1, 2)])
    check.necessary(H_RANK_ON_LOCUS, "G = (x1, 2 x1) (k = 2, N = 1), R = (1, 0, 0) at a point of the locus x1 = 0",
                    violates=[("rank D_xG = 1 < k = 2 on the locus", J.rank() == 1, "computation")],
                    others_hold={IDEAL_REACTION_LAW: [("the ideal law holds: R annihilates ker D_xG = span{e2, e3}",
                                                       all((R.T * d)[0] == 0 for d in J.nullspace()), "computation")]},
                    conclusion_fails=[("lambda = (1, 0) and lambda = (0, 1/2) both give D_xG^T lambda = R: lambda is not "
                                       "unique", J.T * lam_a == R and J.T * lam_b == R and lam_a != lam_b, "computation")])
    J1, R1 = Matrix([[1, 0, 0]]), Matrix([0, 1, 0])  # G = x1, a reaction along the locus
    check.necessary(IDEAL_REACTION_LAW, "G = x1 (k = 1, N = 1), R = (0, 1, 0) (a reaction along the locus)",
                    violates=[("R . e2 = 1 != 0 for the virtual displacement e2 in ker D_xG",
                               (R1.T * Matrix([0, 1, 0]))[0] != 0 and Matrix([0, 1, 0]) in J1.nullspace(), "computation")],
                    others_hold={H_RANK_ON_LOCUS: [("rank D_xG = 1 = k everywhere", J1.rank() == 1, "computation")]},
                    conclusion_fails=[("R is not D_xG^T lambda for any lambda: D_xG^T lambda = (lambda, 0, 0)",
                                       Matrix.hstack(J1.T, R1).rank() > J1.T.rank(), "computation")])


def _full_rank(k, n):
    from .strategies import full_row_rank_matrices
    return full_row_rank_matrices(k, n, max_num=4, max_den=2)


def _rational_vector(k):
    from .strategies import rational_matrices
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
    G = Matrix([Function("G")(t, *X3)])
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
                   jets(G.diff(t, 2)), jets(J_g * accel + page_curvature), scope=scope)


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
    C, Lam, a = ideal_multiplier(M, J, F, curvature)
    (Md, Jd, Fd, cd, Gtd, wd, ud, ld, Cd, Lamd, ad), to_sympy = rational_function_matrices(
        M, J, F, curvature, G_t, w, u, ell, C, Lam, a)
    scope = (f"symbolic (exact in the field of rational functions), k = {k}, n = 3, D_xG, F, curvature terms and "
             "G_t as independent symbols, M = diag(m1,m2,m3) > 0")
    M_inv = Md.inv()  # diagonal
    bracket = Jd * M_inv * Fd + cd  # D_xG M^-1 F + G_tt + 2G_tx[v] + G_xx[v,v]
    C_Lam = Cd * Lamd
    JT_Lam = Jd.transpose() * Lamd
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
    R_w = JT_Lam.transpose() * wd
    rhs = Lamd.transpose() * Gtd * Md.domain.convert(power_sign) + Lamd.transpose() * (Gtd + Jd * wd)
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


def measure_trajectory(instance, *, dps=18, times=(sympy.Rational(1, 8), sympy.Rational(1, 4)), acceleration=None):
    """Integrate one instance; returns the largest of |G|, |G_t + D_xG v|, |R·w + λ·G_t| and |R − proj R|.

    proj is the orthogonal projection onto the row space of D_xG: the ideal reaction lies there.
    """
    M, constraint, F = instance
    dyn = ideal_holonomic_dynamics(M, F, constraint.G, X3, t, solve=False)  # evaluated numerically only
    report = integrate_ideal_motion(dyn, 0, [0, 0, 0], constraint.v0, times, dps=dps, acceleration=acceleration)
    system = report.system
    worst = max(report.constraint_drift, report.velocity_drift)
    with mpmath.workdps(dps):
        for time, (xs, vs) in zip(times, report.states):
            J, C, Lam, _ = system.parts(mpmath.mpf(time), xs, vs)
            if abs(mpmath.det(mpmath.matrix(C))) < mpmath.mpf(10) ** -6:
                raise OutsideDomain("rank of D_xG drops along the trajectory")
            worst = max(worst, abs(system.power_residual(mpmath.mpf(time), xs, vs)))
            Jm, Lm = mpmath.matrix(J), mpmath.matrix(Lam)
            R = Jm.T * Lm
            projection = Jm.T * mpmath.inverse(Jm * Jm.T) * Jm
            worst = max(worst, mpmath.norm(R - projection * R))
    return worst


H2_NOTE = ("clauses 1-4 are identities in which F enters undifferentiated (a = P(t,x) F + b); with the standing "
           "force-model hypothesis (F continuous and locally Lipschitz in the state) and (h1), a is locally Lipschitz, "
           "so Picard-Lindelof gives unique maximal solutions without F in C^1")


def check_determination(check, *, curvature_factor=2, sign=-1, power_sign=-1, acceleration_error=0, dps=18, samples=3):
    """Clauses 1-4: symbolic for generic data (k = 1, 2) -- without (h2) --; drift and power residual on random
    trajectories; necessity witnesses for the reaction law, (h1) and M SPD; the finding that (h1) is stronger
    than needed."""
    with check.without(H2, note=H2_NOTE):
        check_constraint_differentiation(check, curvature_factor=curvature_factor)
        for k in (1, 2):
            check_multiplier_algebra(check, k, sign=sign, power_sign=power_sign)
    tolerance = mpmath.mpf(10) ** (-(dps - 6))

    def residual(instance):
        M, constraint, F = instance
        wrong = None
        if acceleration_error:
            dyn = ideal_holonomic_dynamics(M, F, constraint.G, X3, t)
            wrong = list(dyn.acceleration + Matrix([acceleration_error, 0, 0]))
        return measure_trajectory(instance, dps=dps, acceleration=wrong)

    kinds = st.tuples(st.booleans(), st.integers(1, 2)).flatmap(lambda rk: trajectory_instances(rk[1], rk[0]))
    check.property("clauses 3-4 on random trajectories: max of |G|, |G_t + D_xG v|, |R.w + lambda.G_t|, "
                   "|R - proj_rowspace(D_xG) R|", kinds, residual, tolerance=tolerance, samples=samples, describe=repr,
                   scope=f"{check.instances(samples)} random instances: N = 1 particle (3 coordinates), k in {{1, 2}}, random "
                         f"masses, polynomial rheonomic or scleronomic G (drawn at random) and force, mpmath odefun at "
                         f"{dps} digits, sampled at t = 1/8 and 1/4")
    rank_loss_witness(check)
    reaction_law_witness(check)
    indefinite_mass_witness(check)
    rank_on_locus_suffices(check)
    trajectory_drift_picture(check)


def rank_loss_witness(check, *, constraint=None):
    """(h1) needed (its rank clause, already on the locus): G = x1² has C = 4x1²/m = 0 on Σ, and with
    F = (f, 0, 0), f ≠ 0, no ideal constrained motion exists.  ``constraint`` replaces G (a test mutation)."""
    m, f = Symbol("m", positive=True), Symbol("f", positive=True)
    G = Matrix([X3[0] ** 2 if constraint is None else constraint])
    J = G.jacobian(X3)
    C = (J * J.T / m)[0]
    on_locus = {X3[0]: 0}
    check.necessary(H1, f"G = {sympy.sstr(G[0])}, M = m I, F = (f, 0, 0), f != 0",
                    violates=[("rank D_xG = 0 < k = 1 on the locus x1 = 0 (so also on O)",
                               J.subs(on_locus).rank() == 0, "computation")],
                    others_hold={
                        IDEAL_REACTION_LAW: [("the ideal-reaction law is imposed: R . delta = 0 for delta in ker D_xG "
                                              "= R^3", len(J.subs(on_locus).nullspace()) == 3, "computation")],
                        H2: [("F = (f, 0, 0) is constant, so of class C^1", all(sympy.diff(f, v) == 0 for v in X3),
                              "computation")],
                        H_MASS: [("M = m I with m > 0 is symmetric positive definite",
                                  H_MASS.holds_for(m * sympy.eye(3)), "computation")]},
                    conclusion_fails=[("C = 4 x1^2/m vanishes on the locus, so C is not positive definite and Lambda is "
                                       "undefined", sympy.expand(C.subs(on_locus)) == 0, "computation"),
                                      ("no ideal motion: the law forces R = 0 while staying on x1 = 0 needs "
                                       "R_1 = -f != 0", (-f).is_nonzero, "computation")])


def reaction_law_witness(check):
    """Without the reaction law the motion is not determined: two constrained curves, same data, residual reactions."""
    m = Symbol("m", positive=True)
    plane = X3[2]  # G = x3, F = 0
    curves = [{X3[0]: t, X3[1]: 0 * t, X3[2]: 0 * t}, {X3[0]: t + t**3, X3[1]: 0 * t, X3[2]: 0 * t}]
    reactions = [Matrix([m * c[q].diff(t, 2) for q in X3]) for c in curves]
    data = [[c[q].subs(t, 0) for q in X3] + [c[q].diff(t).subs(t, 0) for q in X3] for c in curves]
    kernel = [Matrix([1, 0, 0]), Matrix([0, 1, 0])]
    J = Matrix([plane]).jacobian(X3)
    check.necessary(IDEAL_REACTION_LAW, "G = x3, F = 0, M = m I, curves (t, 0, 0) and (t + t^3, 0, 0)",
                    violates=[("the second curve's reaction R = (6 m t, 0, 0) does not annihilate delta = e1 in ker D_xG",
                               any(sympy.expand((reactions[1].T * d)[0]) != 0 for d in kernel), "computation")],
                    others_hold={
                        H1: [("(h1): G = x3 is polynomial and D_xG = (0, 0, 1) has rank 1 everywhere",
                              J.rank() == 1 and not J.free_symbols, "computation")],
                        H2: [("(h2): F = 0 is of class C^1", True, "computation")],
                        H_MASS: [("M = m I is symmetric positive definite", H_MASS.holds_for(m * sympy.eye(3)),
                                  "computation")]},
                    conclusion_fails=[("both curves are constrained (x3 = 0) with the same consistent data and each "
                                       "solves M x'' = F + R with its residual reaction R = M x''",
                                       all(c[plane] == 0 for c in curves) and data[0] == data[1], "computation"),
                                      ("the two constrained motions differ: the motion through the datum is not unique",
                                       curves[0][X3[0]] != curves[1][X3[0]], "computation")])


def indefinite_mass_witness(check, *, M=None):
    """M SPD needed: M = diag(1, −1, 1), G = x1 + x2 gives C = J M⁻¹ Jᵀ = 0: Λ is not determined.

    ``M`` replaces the witness's mass matrix (a test feeds an SPD one: the witness must then be rejected)."""
    M = sympy.diag(1, -1, 1) if M is None else Matrix(M)
    G = Matrix([X3[0] + X3[1]])
    J = G.jacobian(X3)
    C = (J * M.inv() * J.T)[0]
    lam = Symbol("lambda", real=True)
    # with F = 0 and G linear the curvature terms vanish: C Λ = 0 is solved by every Λ
    check.necessary(H_MASS, f"M = {sympy.sstr(M)}, G = x1 + x2, F = 0",
                    violates=[("M is not positive definite", not H_MASS.holds_for(M), "computation")],
                    others_hold={
                        H1: [("(h1): G is linear with D_xG = (1, 1, 0) of rank 1 everywhere", J.rank() == 1,
                              "computation")],
                        H2: [("(h2): F = 0 is of class C^1", True, "computation")],
                        IDEAL_REACTION_LAW: [("the ideal-reaction law is imposed (R = D_xG^T lambda)", True,
                                              "computation")]},
                    conclusion_fails=[("C = D_xG M^-1 D_xG^T = 0 is not positive definite", C == 0, "computation"),
                                      ("every lambda solves C lambda = -(D_xG M^-1 F + curvature) = 0: the reaction "
                                       "D_xG^T lambda is not determined",
                                       sympy.expand(C * lam) == 0 and (J.T * lam) != sympy.zeros(3, 1), "computation")])


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
                  r"of $\Sigma$ suffices) and (h2) is not needed for uniqueness given the standing local Lipschitz hypothesis; "
                  r"uniqueness of maximal solutions is Picard-Lindelof for the $C^1$ field $a$ (cited, not re-proved).",
        source="seed 004_ff83f823a612679d.txt, theorem (clauses 1-4)",
        assumes=[IDEAL_REACTION_LAW, H1, H2, H_MASS],
        uses=["holonomic.constraint_model_definition", "holonomic.ideal_reaction_multiplier_representation",
              "holonomic.consistent_data"],
        proof_uses=["holonomic.reaction_transpose_multiple_lemma", "linalg.annihilator_of_kernel_transpose_multiple"])(
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


def check_energy_balance(check, *, power_sign=-1, include_time_derivative=True, conservation_needs_scleronomic=True, dps=18,
                         samples=3):
    """Clauses 1-4 of the energy theorem: symbolic identities for generic U, d, G -- without (h1) and without
    (h2) --; trajectories for the work form; necessity witnesses for the law and the clause-3 hypotheses."""
    M, _, G = generic_system(1)
    U = Function("U")(t, *X3)
    d = Matrix([Function(f"d{i}")(t, *X3, *W3) for i in range(1, 4)])
    grad_U = Matrix([U.diff(c) for c in X3])
    F = -grad_U + d
    lam = Function("lambda")(t)
    J = G.jacobian(X3)
    G_t = Matrix([partial_t(g) for g in G])
    R = J.T * Matrix([lam])
    w = Matrix(W3)
    relations = {c.diff(t, 2): ai for c, ai in zip(X3, M.LUsolve(F + R))}  # M x'' = -grad U + d + R
    E = (w.T * M * w)[0] / 2 + U
    U_t = partial_t(U)
    with check.without(H1, H2, note=H1_H2_ENERGY_NOTE):
        check.identity(
            "clause 1: R.w = -lambda.G_t + lambda.(G_t + D_xG w) for R = D_xG^T lambda", (R.T * w)[0],
            power_sign * lam * G_t[0] + lam * (G_t[0] + (J * w)[0]),
            scope="symbolic, n = 3, k = 1, generic G(t,x) and lambda(t); on a constrained motion G_t + D_xG w = 0, "
                  "and G_t = 0 on the locus when scleronomic (holonomic.scleronomic_implies_Gt_vanishes)")
        rate = ((1 if include_time_derivative else 0) * U_t + (d.T * w)[0] + power_sign * lam * G_t[0]
                + lam * (G_t[0] + (J * w)[0]))
        check.identity(
            "clause 2: E' = U_t + d.w - lambda.G_t + lambda.(G_t + D_xG w) along M x'' = -grad U + d + R",
            E.diff(t), rate, relations=relations, premise=check.STATEMENT,
            scope="symbolic, n = 3, k = 1, generic U(t,x), d(t,x,v), G(t,x), diagonal M; on a constrained "
                  "motion G_t + D_xG w = 0 (clause 1 via the determination theorem)")
        scleronomic_static = {U: Function("U0")(*X3)}
        if conservation_needs_scleronomic:
            scleronomic_static[G[0]] = Function("G0")(*X3)
        check.identity(
            "clause 3: scleronomic, static, d = 0: E' = lambda.(G_t + D_xG w), which is 0 on the motion",
            E.subs(scleronomic_static).diff(t),
            lam * (partial_t(G[0].subs(scleronomic_static)) + (J * w)[0].subs(scleronomic_static).doit()),
            relations={c.diff(t, 2): ai for c, ai in zip(X3, M.LUsolve((-grad_U + R).subs(scleronomic_static).doit()))},
            premise=check.STATEMENT, scope="symbolic, generic time-independent U and G")
    tolerance = mpmath.mpf(10) ** (-(dps - 6))

    def work_residual(instance):
        return _work_form_residual(instance, dps=dps, power_sign=power_sign)

    if samples:
        check.property("clause 4 on random rheonomic trajectories: |K(t1)-K(t0) - [U(t0)-U(t1) + int(U_t + d.w - "
                       "lambda.G_t)]|", trajectory_instances(1, True), work_residual, tolerance=tolerance,
                       samples=samples, describe=repr,
                       scope=f"{check.instances(samples)} random instances: N = 1, k = 1, random masses, polynomial "
                             f"rheonomic G, U = |x|^2/2 + t x1, d = force - grad U, mpmath odefun + quad at {dps} digits "
                             f"on [0, 1/4]")
    accelerating_wall(check)
    energy_hypothesis_witnesses(check)
    energy_balance_picture(check, power_sign=power_sign)


def _work_form_residual(instance, *, dps, power_sign):
    M, constraint, F = instance
    U = sum(c**2 for c in X3) / 2 + t * X3[0]
    d = Matrix(F) + Matrix([U.diff(c) for c in X3])  # so that F = -grad U + d
    dyn = ideal_holonomic_dynamics(M, F, constraint.G, X3, t, solve=False)  # evaluated numerically only
    w = Matrix(W3)
    K = (w.T * M * w)[0] / 2
    energy = state_function(dyn, [K, U, partial_t(U) + (d.T * w)[0]])
    t1 = mpmath.mpf(1) / 4
    report = integrate_ideal_motion(dyn, 0, [0, 0, 0], constraint.v0, [t1], dps=dps)
    system = report.system

    def integrand(s):
        state = report.solution(s)
        xs, vs = state[:3], state[3:]
        Lam = system.parts(s, xs, vs)[2]
        G_t = system.time_derivative(s, xs, vs)
        return energy(s, *state)[2] + power_sign * sum(Lam[a] * G_t[a] for a in range(len(G_t)))

    with mpmath.workdps(dps):
        solution = report.solution
        work = mpmath.quad(integrand, [0, t1])
        start, end = solution(0), solution(t1)
        (K0, U0, _), (K1, U1, _) = energy(0, *start), energy(t1, *end)
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
    check.necessary(H_SCLERONOMIC, "accelerating wall G = x1 - a t^2/2, F = 0 (U = 0, d = 0), M = m I, data 0", violates=[
        ("the locus moves: G_t = -a t != 0 on it for t != 0", sympy.expand(G_t + acc * t) == 0, "symbolic")],
        others_hold={
            IDEAL_REACTION_LAW: [("ideal law: x1 = a t^2/2 solves the ideal system (R = D_xG^T lambda)",
                                  sympy.expand(dyn.acceleration[0].subs(along) - acc) == 0 and G.subs(motion)[0] == 0,
                                  "symbolic")],
            (H1, H2): [("(h1): D_xG = (1, 0, 0) has rank 1 everywhere, G polynomial; (h2): F = 0 is C^1",
                        dyn.jacobian.rank() == 1, "computation")],
            H_MASS: [("M = m I is symmetric positive definite", H_MASS.holds_for(m * sympy.eye(3)), "computation")],
            (H_POTENTIAL, H_STATIC, H_NO_RESIDUAL): [("potential presentation with U = 0 (static) and d = 0", True,
                                                      "computation")]},
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
                    violates=[("d = -gamma w is not 0 along the motion (w1 = exp(-gamma t/m))",
                               drag[X3[0]].diff(t).subs(t, 0) == 1, "symbolic")],
                    others_hold={
                        (H1, H_SCLERONOMIC): [(scleronomic_plane, plane_J.rank() == 1, "computation")],
                        IDEAL_REACTION_LAW: [("the motion solves M x'' = d + R with R = 0 = D_xG^T 0 (ideal) on x3 = 0",
                                              sympy.simplify(m * drag[X3[0]].diff(t, 2)
                                                             + gamma * drag[X3[0]].diff(t)) == 0, "symbolic")],
                        (H_POTENTIAL, H_STATIC, H_MASS, H2): [("U = 0 is static and C^2; M = m I is SPD; (h2): d is C^1",
                                                               H_MASS.holds_for(m * sympy.eye(3)), "computation")]},
                    conclusion_fails=[("E' = -gamma |w|^2 = -gamma exp(-2 gamma t/m) < 0: E is not constant (clause 3)",
                                       sympy.simplify(drag_energy.diff(t) + gamma * sympy.exp(-2 * gamma * t / m)) == 0,
                                       "symbolic")])
    uniform = {X3[0]: t, X3[1]: 0 * t, X3[2]: 0 * t}
    U = c * t  # time-dependent potential with no spatial gradient: F = 0
    energy = (m * uniform[X3[0]].diff(t) ** 2 / 2 + U)
    check.necessary(H_STATIC, "G = x3, U = c t (c > 0), d = 0, M = m I; x = (t, 0, 0)",
                    violates=[("dU/dt partial = c != 0", sympy.diff(U, t) == c, "symbolic")],
                    others_hold={
                        (H1, H_SCLERONOMIC): [(scleronomic_plane, plane_J.rank() == 1, "computation")],
                        (IDEAL_REACTION_LAW, H_POTENTIAL): [
                            ("F = -grad U = 0, so x = (t, 0, 0) solves M x'' = F + R with the ideal R = 0",
                             all(sympy.diff(U, q) == 0 for q in X3) and uniform[X3[0]].diff(t, 2) == 0, "symbolic")],
                        (H_NO_RESIDUAL, H_MASS, H2): [("d = 0; M = m I is SPD; (h2): F = 0 is C^1",
                                                       H_MASS.holds_for(m * sympy.eye(3)), "computation")]},
                    conclusion_fails=[("E' = c != 0: E is not constant (clause 3)", sympy.diff(energy, t) == c, "symbolic")])
    w1, w2 = sympy.symbols("w1 w2", real=True)
    friction = Matrix([-gamma * w1, -gamma * w2, 0])  # tangential friction on the plane x3 = 0
    power = sympy.expand((friction.T * Matrix([w1, w2, 0]))[0])
    check.necessary(IDEAL_REACTION_LAW, "G = x3, F = 0, M = m I, tangential friction R = -gamma (w1, w2, 0)",
                    violates=[("R . e1 = -gamma w1 != 0 for the virtual displacement e1 (w1 != 0)",
                               (friction.T * Matrix([1, 0, 0]))[0].subs(w1, 1) != 0, "symbolic")],
                    others_hold={
                        (H1, H_SCLERONOMIC): [(scleronomic_plane, plane_J.rank() == 1, "computation")],
                        (H_POTENTIAL, H_STATIC, H_NO_RESIDUAL, H_MASS, H2): [
                            ("U = 0 and d = 0 (static potential presentation); M = m I is SPD; F = 0 is C^1",
                             H_MASS.holds_for(m * sympy.eye(3)), "computation")]},
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
              "mechanics.particle_model_totals_energy_power_work"],
        proof_uses=["holonomic.scleronomic_implies_Gt_vanishes"])(check_energy_balance)


# ---------------------------------------------------------------------------
# pictures of the trajectory checks (one representative rheonomic motion, checked and drawn)
# ---------------------------------------------------------------------------

#: the representative: one unit mass under gravity on the moving surface x3 = t·x1 + x2²/2 (rank 1 everywhere)
PICTURE_G = Matrix([X3[2] - t * X3[0] - X3[1] ** 2 / 2])
PICTURE_V0 = [1, 1, 0]  # consistent at t = 0, x = 0: G_t + D_xG v = -x1 + v3 - x2 v2 = 0


def representative_motion(dps=15, horizon=2, samples=21):
    """Integrate the representative ideal motion; returns (times, report, dynamics)."""
    F = [0, 0, -1]
    dyn = ideal_holonomic_dynamics(sympy.eye(3), F, PICTURE_G, X3, t, solve=False)
    times = [mpmath.mpf(horizon) * k / (samples - 1) for k in range(samples)]
    return times, integrate_ideal_motion(dyn, 0, [0, 0, 0], PICTURE_V0, times, dps=dps), dyn


def trajectory_drift_picture(check, *, dps=15):
    """#73 clauses 2-4 along the representative motion: |G|, |G_t + D_xG v| and |R·w + λ·G_t| over time."""
    times, report, _ = representative_motion(dps)
    system = report.system
    with mpmath.workdps(dps):
        rows = [(abs(system.constraint(s, xs, vs)[0]), abs(system.velocity_residual(s, xs, vs)[0]),
                 abs(system.power_residual(s, xs, vs))) for s, (xs, vs) in zip(times, report.states)]
    worst = max(max(r) for r in rows)
    check.numeric("representative motion (x3 = t x1 + x2^2/2, gravity, unit mass): constraint, permitted velocity and "
                  "reaction power stay exact along t in [0, 2]", worst, mpmath.mpf(10) ** (-(dps - 5)),
                  scope=f"one rheonomic instance, mpmath odefun at {dps} digits, {len(times)} sample times",
                  detail="max over the samples of |G|, |G_t + D_xG v|, |R.w + lambda.G_t|")
    check.figure("ideal motion on the moving surface x3 = t x1 + x2²/2: residuals along time",
                 [float(s) for s in times],
                 {"|G|": [r[0] for r in rows], "|G_t + D_xG v|": [r[1] for r in rows], "|R·w + λ·G_t|": [r[2] for r in rows]},
                 ylabel="residual", log=True,
                 caption=f"What the trajectory check measures, on one representative instance (mpmath odefun, {dps} "
                         "digits): the motion stays on the locus, its velocity stays permitted, and the reaction power "
                         "is −λ·G_t. Values at the level of the working precision are rounding.")


def energy_balance_picture(check, *, dps=15, power_sign=-1):
    """#76 clause 2/4 along the representative motion: E(t) − E(0) against the reaction work ∫ −λ·G_t."""
    times, report, _ = representative_motion(dps, horizon=1, samples=6)
    system = report.system
    with mpmath.workdps(dps):
        def reaction_power(s):
            state = report.solution(s)
            xs, vs = state[:3], state[3:]
            lam, g_t = system.parts(s, xs, vs)[2], system.time_derivative(s, xs, vs)
            return power_sign * lam[0] * g_t[0]

        def energy(s, xs, vs):
            return sum(v * v for v in vs) / 2 + xs[2]  # K + U with U = x3 (unit gravity), d = 0

        e0 = energy(times[0], *report.states[0])
        gained, work, total = [], [], mpmath.mpf(0)
        for k, (s, (xs, vs)) in enumerate(zip(times, report.states)):
            if k:
                total += mpmath.quad(reaction_power, [times[k - 1], s])
            gained.append(energy(s, xs, vs) - e0)
            work.append(total)
        residual = max(abs(g - w) for g, w in zip(gained, work))
    check.fact("the representative motion does not conserve E (so the balance is not trivially 0 = 0): "
               f"|E(1) - E(0)| = {mpmath.nstr(abs(gained[-1]), 4)}", abs(gained[-1]) > mpmath.mpf(10) ** -3,
               method="numerical", scope="one rheonomic instance")
    check.numeric("representative motion: E(t) - E(0) equals the reaction work int(-lambda.G_t) for t in [0, 1]",
                  residual, mpmath.mpf(10) ** (-(dps - 6)),
                  scope=f"one rheonomic instance (U = x3, d = 0), mpmath odefun and quad at {dps} digits, {len(times)} times")
    check.figure("energy balance on the moving surface: E(t) − E(0) and the reaction work", [float(s) for s in times],
                 {"E(t) − E(0)": gained, "∫ −λ·G_t": work}, ylabel="energy",
                 caption="Clause 2 of the energy theorem on one rheonomic instance: the mechanical energy is not "
                         "conserved, and what it gains is exactly the work of the reaction, −λ·G_t (the curves coincide).")
    check.figure("energy balance residual |E(t) − E(0) − ∫ −λ·G_t|", [float(s) for s in times],
                 {"residual": [abs(g - w) for g, w in zip(gained, work)]}, ylabel="residual", log=True,
                 caption="The difference of the two curves above, at the level of the working precision.")
