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
from sympy import Function, Matrix, Symbol

from checker import cited, hypothesis, lemma, postulate, theorem
from checker.randomized import OutsideDomain

from .holonomic_dynamics import (NumericIdealSystem, constraint_derivatives, ideal_holonomic_dynamics, ideal_multiplier,
                                 integrate_ideal_motion, state_functions)
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
H_SCLERONOMIC = hypothesis("holonomic.scleronomic", "the constraint locus is time-independent (so G_t = 0 on the locus)")
H_STATIC = hypothesis("holonomic.static_potential", "the potential does not depend on time: dU/dt partial = 0")
H_NO_RESIDUAL = hypothesis("holonomic.no_residual_force", "no non-potential force contribution: d = 0")

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
      source="seed 004_ff83f823a612679d.txt, postulate (i)", assumes=[IDEAL_REACTION_LAW],
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


def check_determination_symbolic(check, k, *, curvature_factor=2, sign=-1, power_sign=-1):
    """The algebraic parts of clauses 1-4 in two layers, for n = 3 and k components.

    Differential layer (generic G(t,x) as undefined functions): d/dt G(t,x(t)) = G_t + D_xG x' and
    d²/dt² G(t,x(t)) = D_xG x'' + G_tt + 2G_tx[x'] + G_xx[x',x'].  Linear-algebra layer (D_xG, F,
    the curvature terms and G_t as independent symbols, M = diag(m1, m2, m3) > 0): C symmetric and
    uᵀCu = |Jᵀu|²_{M⁻¹}, the page's Λ, uniqueness, M a = F + JᵀΛ, J a + curvature = 0 (so the
    twice-differentiated constraint holds along x'' = a) and the power identity.
    """
    masses = sympy.symbols("m1:4", positive=True)
    M = sympy.diag(*masses)
    G = Matrix([Function(f"G{a}")(t, *X3) for a in range(1, k + 1)])
    J_g, G_t_g, curvature_g = constraint_derivatives(G, X3, t)
    accel = Matrix([c.diff(t, 2) for c in X3])
    scope_d = f"symbolic, n = 3, k = {k}, generic G(t, x)"
    Gs, V = G.subs(_TO_STATE), Matrix(_SPEEDS)
    page_curvature = (Gs.diff(t, 2) + curvature_factor * Gs.diff(t).jacobian(_POSITIONS) * V
                      + Matrix([(V.T * sympy.hessian(g, _POSITIONS) * V)[0] for g in Gs])).subs(_FROM_STATE)
    check.identity(f"d/dt G(t,x(t)) = G_t + D_xG x' (k={k})", G.diff(t), G_t_g + J_g * Matrix(W3), scope=scope_d)
    check.identity(f"d^2/dt^2 G(t,x(t)) = D_xG x'' + G_tt + 2 G_tx[x'] + G_xx[x',x'] (k={k})",
                   G.diff(t, 2), J_g * accel + page_curvature, scope=scope_d)

    J = Matrix(k, 3, lambda i, j: Symbol(f"J{i + 1}{j + 1}", real=True))
    F = Matrix(sympy.symbols("F1:4", real=True))
    curvature = Matrix(sympy.symbols(f"kappa1:{k + 1}", real=True))
    G_t = Matrix(sympy.symbols(f"g1:{k + 1}", real=True))
    w = Matrix(sympy.symbols("w1:4", real=True))
    C, Lam, a = ideal_multiplier(M, J, F, curvature)
    scope = f"symbolic, k = {k}, n = 3, D_xG, F, curvature terms and G_t as independent symbols, M = diag(m1,m2,m3) > 0"
    page_lambda = (sign * C.LUsolve(J * M.LUsolve(F) + curvature)).applyfunc(sympy.cancel)
    check.identity(f"clause 1: Lambda = -C^-1 [D_xG M^-1 F + G_tt + 2G_tx[v] + G_xx[v,v]] (k={k})", page_lambda, Lam, scope=scope)
    check.identity(f"clause 1: C = D_xG M^-1 D_xG^T is symmetric (k={k})", C.T, C, scope=scope)
    u = Matrix(sympy.symbols(f"u1:{k + 1}", real=True))
    check.identity(f"clause 1: u^T C u = (D_xG^T u)^T M^-1 (D_xG^T u) > 0 for u != 0 when rank D_xG = k (k={k})",
                   (u.T * C * u)[0], sum((J.T * u)[i] ** 2 / masses[i] for i in range(3)), scope=scope)
    ell = Matrix(sympy.symbols(f"l1:{k + 1}", real=True))
    check.identity(f"clause 1: uniqueness, D_xG M^-1 (F + D_xG^T l) + curvature = C (l - Lambda) for every l (k={k})",
                   J * M.LUsolve(F + J.T * ell) + curvature, C * (ell - Lam), scope=scope)
    check.identity(f"clause 2: M a = F + D_xG^T Lambda (k={k})", M * a, F + J.T * Lam, scope=scope)
    check.identity(f"clauses 2-3: D_xG a + curvature = 0, so along x'' = a d/dt(G_t + D_xG x') = 0 (k={k})",
                   J * a + curvature, sympy.zeros(k, 1), scope=scope)
    check.identity(f"clause 4: R.w = -lambda.G_t + lambda.(G_t + D_xG w) with R = D_xG^T lambda (k={k})",
                   ((J.T * Lam).T * w)[0], (power_sign * Lam.T * G_t + Lam.T * (G_t + J * w))[0], scope=scope)


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
    system = NumericIdealSystem(dyn)
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


def check_determination(check, *, curvature_factor=2, sign=-1, power_sign=-1, acceleration_error=0, dps=18):
    """Clauses 1-4: symbolic for generic data (k = 1, 2); drift and power residual on random trajectories."""
    for k in (1, 2):
        check_determination_symbolic(check, k, curvature_factor=curvature_factor, sign=sign, power_sign=power_sign)
    tolerance = mpmath.mpf(10) ** (-(dps - 6))

    def residual(instance):
        M, constraint, F = instance
        wrong = None
        if acceleration_error:
            dyn = ideal_holonomic_dynamics(M, F, constraint.G, X3, t)
            wrong = list(dyn.acceleration + Matrix([acceleration_error, 0, 0]))
        return measure_trajectory(instance, dps=dps, acceleration=wrong)

    for rheonomic in (True, False):
        kind = "rheonomic" if rheonomic else "scleronomic"
        check.property(f"clauses 3-4 on random {kind} trajectories: max of |G|, |G_t + D_xG v|, |R.w + lambda.G_t|, "
                       "|R - proj_rowspace(D_xG) R|",
                       st.integers(1, 2).flatmap(lambda k: trajectory_instances(k, rheonomic)), residual,
                       tolerance=tolerance, samples=3, describe=repr,
                       scope=f"N = 1 particle (3 coordinates), k in {{1, 2}}, random masses, polynomial {kind} G and "
                             f"force, mpmath odefun at {dps} digits, sampled at t = 1/8 and 1/4")
    necessity_of_rank(check)
    necessity_of_reaction_law(check)


def necessity_of_rank(check):
    """(h1) needed on the locus: G = x1² has C = 4x1²/m = 0 on Σ, and with F = (f, 0, 0) no ideal motion exists."""
    m, f = Symbol("m", positive=True), Symbol("f", positive=True)
    G = Matrix([X3[0] ** 2])
    J = G.jacobian(X3)
    C = (J * J.T / m)[0]
    on_locus = {X3[0]: 0}
    check.witness("necessity of the rank hypothesis", "G = x1^2, M = m I, F = (f, 0, 0), f != 0", [
        ("rank D_xG = 0 < k = 1 on the locus x1 = 0", J.subs(on_locus).rank() == 0, "computation"),
        ("C = 4 x1^2/m vanishes on the locus, so Lambda is undefined", sympy.simplify(C.subs(on_locus)) == 0, "computation"),
        ("the ideal law forces R = 0 (ker D_xG = R^3) while staying on x1 = 0 needs R_1 = -f != 0: no ideal motion",
         Matrix(J.subs(on_locus)).nullspace().__len__() == 3 and (-f).is_nonzero, "computation"),
    ])


def necessity_of_reaction_law(check):
    """Without the reaction law the motion is not determined: two constrained curves, same data, residual reactions."""
    m = Symbol("m", positive=True)
    plane = X3[2]  # G = x3, F = 0
    curves = [{X3[0]: t, X3[1]: 0 * t, X3[2]: 0 * t}, {X3[0]: t + t**3, X3[1]: 0 * t, X3[2]: 0 * t}]
    reactions = [Matrix([m * c[q].diff(t, 2) for q in X3]) for c in curves]
    data = [[c[q].subs(t, 0) for q in X3] + [c[q].diff(t).subs(t, 0) for q in X3] for c in curves]
    kernel = [Matrix([1, 0, 0]), Matrix([0, 1, 0])]
    check.witness("necessity of the ideal-reaction law", "G = x3, F = 0, curves (t, 0, 0) and (t + t^3, 0, 0)", [
        ("both curves are constrained and have the same initial data",
         all(c[plane] == 0 for c in curves) and data[0] == data[1], "computation"),
        ("each satisfies M x'' = F + R with its residual reaction R = M x''", all(r is not None for r in reactions), "computation"),
        ("the curves differ, and only the first reaction annihilates the virtual displacements",
         curves[0][X3[0]] != curves[1][X3[0]] and all((reactions[0].T * d)[0] == 0 for d in kernel)
         and any(sympy.simplify((reactions[1].T * d)[0]) != 0 for d in kernel), "computation"),
    ])


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


def check_energy_balance(check, *, power_sign=-1, include_time_derivative=True, conservation_needs_scleronomic=True, dps=18):
    """Clauses 1-4 of the energy theorem: symbolic identity for generic U, d, G; trajectories for the work form."""
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
    rate = ((1 if include_time_derivative else 0) * U_t + (d.T * w)[0] + power_sign * lam * G_t[0]
            + lam * (G_t[0] + (J * w)[0]))
    check.identity("clause 2: E' = U_t + d.w - lambda.G_t + lambda.(G_t + D_xG w) along M x'' = -grad U + d + R",
                   E.diff(t), rate, relations=relations,
                   scope="symbolic, n = 3, k = 1, generic U(t,x), d(t,x,v), G(t,x), diagonal M; on a constrained "
                         "motion G_t + D_xG w = 0 (clause 1 via the determination theorem)")
    scleronomic_static = {U: Function("U0")(*X3)}
    if conservation_needs_scleronomic:
        scleronomic_static[G[0]] = Function("G0")(*X3)
    check.identity("clause 3: scleronomic, static, d = 0: E' = lambda.(G_t + D_xG w), which is 0 on the motion",
                   E.subs(scleronomic_static).diff(t),
                   lam * (partial_t(G[0].subs(scleronomic_static)) + (J * w)[0].subs(scleronomic_static).doit()),
                   relations={c.diff(t, 2): ai for c, ai in zip(X3, M.LUsolve(
                       (-grad_U + R).subs(scleronomic_static).doit()))},
                   scope="symbolic, generic time-independent U and G")
    tolerance = mpmath.mpf(10) ** (-(dps - 6))

    def work_residual(instance):
        return _work_form_residual(instance, dps=dps, power_sign=power_sign)

    check.property("clause 4 on random rheonomic trajectories: |K(t1)-K(t0) - [U(t0)-U(t1) + int(U_t + d.w - lambda.G_t)]|",
                   trajectory_instances(1, True), work_residual, tolerance=tolerance, samples=3, describe=repr,
                   scope=f"N = 1, k = 1, random masses, polynomial rheonomic G, U = |x|^2/2 + t x1, d = force - grad U, "
                         f"mpmath odefun + quad at {dps} digits on [0, 1/4]")
    accelerating_wall(check)


def _work_form_residual(instance, *, dps, power_sign):
    M, constraint, F = instance
    U = sum(c**2 for c in X3) / 2 + t * X3[0]
    d = Matrix(F) + Matrix([U.diff(c) for c in X3])  # so that F = -grad U + d
    dyn = ideal_holonomic_dynamics(M, F, constraint.G, X3, t, solve=False)  # evaluated numerically only
    system = NumericIdealSystem(dyn)
    w = Matrix(W3)
    K = (w.T * M * w)[0] / 2
    K_f, U_f, base_f = state_functions(dyn, [K, U, partial_t(U) + (d.T * w)[0]])
    G_t_f = state_functions(dyn, list(dyn.time_derivative))
    t1 = mpmath.mpf(1) / 4
    report = integrate_ideal_motion(dyn, 0, [0, 0, 0], constraint.v0, [t1], dps=dps)

    def integrand(s):
        state = report.solution(s)
        xs, vs = state[:3], state[3:]
        Lam = system.parts(s, xs, vs)[2]
        return base_f(s, *state) + power_sign * sum(Lam[a] * G_t_f[a](s, *state) for a in range(len(G_t_f)))

    with mpmath.workdps(dps):
        solution = report.solution
        work = mpmath.quad(integrand, [0, t1])
        start = solution(0)
        end = solution(t1)
        lhs = K_f(t1, *end) - K_f(0, *start)
        rhs = U_f(0, *start) - U_f(t1, *end) + work
        return abs(lhs - rhs) + report.constraint_drift


def accelerating_wall(check):
    """Necessity of 'scleronomic': G = x1 − ½at², F = 0, data 0: x1 = ½at², λ = m a, E' = m a² t = −λ G_t ≠ 0."""
    m, acc = Symbol("m", positive=True), Symbol("a", positive=True)
    motion = {X3[0]: acc * t**2 / 2, X3[1]: 0 * t, X3[2]: 0 * t}
    G = Matrix([X3[0] - acc * t**2 / 2])
    dyn = ideal_holonomic_dynamics(m * sympy.eye(3), [0, 0, 0], G, X3, t)
    along = {**{c.diff(t, 2): e.diff(t, 2) for c, e in motion.items()}, **{c.diff(t): e.diff(t) for c, e in motion.items()},
             **motion}
    lam = dyn.multiplier[0].subs(along)
    energy = (m * sum(e.diff(t) ** 2 for e in motion.values()) / 2)
    check.witness("necessity of 'scleronomic' for conservation", "accelerating wall G = x1 - a t^2/2, F = 0, data 0", [
        ("x1 = a t^2/2 solves the ideal system", sympy.simplify(dyn.acceleration[0].subs(along) - acc) == 0, "symbolic"),
        ("lambda = m a and the energy rate m a^2 t equals -lambda G_t", sympy.simplify(lam - m * acc) == 0 and
         sympy.simplify(energy.diff(t) + lam * dyn.time_derivative[0].subs(along)) == 0, "symbolic"),
        ("the energy is not conserved (E' = m a^2 t != 0 for t != 0)", sympy.simplify(energy.diff(t) - m * acc**2 * t) == 0,
         "symbolic"),
    ])
    gamma = Symbol("gamma", positive=True)
    drag_rate = -gamma * sum(c**2 for c in W3)
    check.fact("necessity of d = 0: linear drag d = -gamma w gives E' = -gamma |w|^2 < 0 for w != 0 (clause 2)",
               (drag_rate.subs({W3[0]: 1, W3[1]: 0, W3[2]: 0})).is_negative, method="symbolic")


theorem(ENERGY_ID,
        title="Reaction power and the mechanical-energy balance (the rheonomic-power theorem)",
        statement=r"Along an ideal constrained motion with $F_i=-\nabla_{x_i}U+d_i$, $E=K+U$: (1) $R\cdot w=-\lambda\cdot G_t$ "
                  r"and $\int R\cdot w\,dt=-\int\lambda\cdot G_t\,dt$, zero if scleronomic; (2) $E'=\partial_tU+\sum\langle"
                  r"\mathfrak d_i,w_i\rangle-\lambda\cdot G_t$; (3) scleronomic, $\partial_tU\equiv0$, $\mathfrak d\equiv0$ "
                  r"$\Rightarrow E$ constant; (4) $K(t_1)-K(t_0)=U(t_0)-U(t_1)+\int_{t_0}^{t_1}[\partial_tU+\sum\langle"
                  r"\mathfrak d_i,w_i\rangle-\lambda\cdot G_t]dt$. Finding: (h1)-(h2) are not used by any clause.",
        source="seed 004_ff83f823a612679d.txt, the rheonomic-power theorem",
        assumes=[IDEAL_REACTION_LAW, H1, H2, H_MASS, H_POTENTIAL],
        uses=[THEOREM_ID, "forces.potential_presentations_mechanical_energy",
              "mechanics.particle_model_totals_energy_power_work"],
        proof_uses=["holonomic.scleronomic_implies_Gt_vanishes"])(check_energy_balance)
