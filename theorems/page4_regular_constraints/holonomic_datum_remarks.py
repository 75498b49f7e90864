"""Remarks of seed 004 on the datum and the ideal system: the residual reaction does not select motions (#63), the
force branch versus the constrained branch (#69), the reaction-power statement (#72), rank loss (#74) and
nonconsistent data (#75).

Split from :mod:`theorems.page4_regular_constraints.holonomic_datum`.  Motions use coordinates ``q`` that are functions of ``t``.  Each verifier
is a plain function ``check_*(check, **claim)``; the soundness tests in ``tests/test_corpus_holonomic_datum.py`` run
them on mutated claims.
"""
from __future__ import annotations


import mpmath
import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational, Symbol

from checker import Proof, remark
from checker.kernel.engine.symbolic import jet_normalize
from theorems.foundations.analytic_facts import CHAIN_AND_PRODUCT_RULES, PICARD_LINDELOF, ZERO_SECOND_DERIVATIVE
from theorems.page2_semiholonomic.constraint_principles import chetaev_virtual_displacements
from theorems.toolkit.holonomic_dynamics import ideal_holonomic_dynamics, integrate_ideal_motion, state_functions
from theorems.foundations.linalg import euclidean_inner_product
from theorems.toolkit.strategies import polynomials, rationals
from theorems.page4_regular_constraints.holonomic_datum import (  # noqa: F401 - the datum and shared helpers
    CIRCLE, H_RANK_ON_LOCUS, HolonomicConstraintDatum, SEED, SPHERE, X, _is_zero, _mpf, _rank, m, t, x1, x2, x3,
)


# ---------------------------------------------------------------------------
# holonomic.residual_reaction_unselective  (#63)
# ---------------------------------------------------------------------------



def _on_circle(theta):
    return [sympy.cos(theta), sympy.sin(theta), sympy.S.Zero]


def check_residual_reaction_unselective(check, *, first_motion=t, second_motion=t + t**3, second_curve=None):
    """On the circle |x| = 1, x3 = 0: θ = t and θ = t + t³ share their data, both are constrained motions with their
    residual reactions R = 𝖬x'' − F; the ideal-reaction law (F = 0) keeps only the first."""
    datum = HolonomicConstraintDatum(CIRCLE, X[:3], t, sample_point=(0, (1, 0, 0)))
    curves = [_on_circle(first_motion), second_curve if second_curve is not None else _on_circle(second_motion)]
    for i, curve in enumerate(curves, 1):
        check.identity(f"curve {i} is a constrained curve family: G(t, x(t)) ≡ 0", datum.along(curve),
                       sympy.zeros(2, 1), scope="symbolic, all t ∈ R")
    states = [([sympy.sympify(c).subs(t, 0) for c in curve], [sympy.diff(c, t).subs(t, 0) for c in curve])
              for curve in curves]
    check.fact("the two curves have the same (consistent) data at t = 0: x = (1,0,0), x' = (0,1,0)",
               states[0] == states[1] and datum.is_consistent(0, *states[0]), method="symbolic",
               detail=f"data {states}")
    difference = [sympy.sympify(a - b).subs(t, 1) for a, b in zip(*curves)]
    check.fact("the two curves differ (at t = 1)", any(not _is_zero(d) for d in difference), method="symbolic",
               detail=f"x_1(1) − x_2(1) = {difference}")
    F = [Function(f"F{i + 1}") for i in range(3)]

    def force(time, position, velocity):
        return [Fi(time, *position, *velocity) for Fi in F]
    for i, curve in enumerate(curves, 1):
        R = datum.residual_reaction([m], force, curve)
        x_t = Matrix(curve)
        check.identity(f"curve {i} with R = 𝖬x'' − F satisfies 𝖬x'' = F(t, x, x') + R", m * x_t.diff(t, 2),
                       Matrix(force(t, list(x_t), list(x_t.diff(t)))) + R, scope="symbolic, generic force F(t, x, v)")
    Rs = [Function(f"R{i + 1}")(t) for i in range(3)]
    Rp = [Function(f"Rp{i + 1}")(t) for i in range(3)]
    xs = [Function(f"y{i + 1}")(t) for i in range(3)]
    Fs = [Function(f"F{i + 1}")(t) for i in range(3)]
    p = Proof("the reaction of a given curve is unique")
    first = p.suppose("equation_R", (m * Matrix(xs).diff(t, 2), Matrix(Fs) + Matrix(Rs)))
    second = p.suppose("equation_R'", (m * Matrix(xs).diff(t, 2), Matrix(Fs) + Matrix(Rp)))
    comps = [p.algebra(f"component_{i + 1}", [first, second], (Rs[i], Rp[i]),
                       certificate=[0] * i + [-1] + [0] * (2 - i) + [0] * i + [1] + [0] * (2 - i)) for i in range(3)]
    p.algebra("unique", comps, (Matrix(Rs), Matrix(Rp)))
    p.conclude("unique")
    check.proof("two reactions with 𝖬x'' = F + R along the same curve coincide", p, scope="symbolic, generic x, F, R")
    ideal = []
    for curve in curves:
        R = datum.residual_reaction([m], lambda time, position, velocity: [0, 0, 0], curve)
        tangent = Matrix([sympy.diff(c, t) for c in curve])  # x' ≠ 0 lies in V, which is 1-dimensional (k = 2)
        ideal.append(sympy.simplify(euclidean_inner_product(R, tangent)))
    check.identity("with F = 0, curve 1 satisfies the ideal-reaction law: R·x' = 0 (x' spans V along the circle)",
                   ideal[0], 0, scope="symbolic, all t")
    check.fact("with F = 0, curve 2 violates it: R·x' ≠ 0 at t = 1, so the law selects among the candidates",
               not _is_zero(ideal[1].subs(t, 1)), method="symbolic", detail=f"R·x' = {sympy.sstr(ideal[1])}")


@remark("holonomic.residual_reaction_unselective",
        title="Without a reaction law every constrained curve is a constrained motion with its residual reaction",
        statement=r"For any specified constrained curve family $x$, the constrained equation fixes the reaction "
                  r"uniquely as the residual field $R(t)=\mathsf Mx''(t)-F(t,x(t),x'(t))$ (continuous, and defined "
                  r"along $x$ since $\Sigma\subseteq I_0\times Q$). Without an additional reaction law the constraint "
                  r"and this equation do not select which constrained curve families are dynamically admissible: every "
                  r"$C^2$ constrained curve can be paired with its residual field. The ideal-reaction law selects among "
                  r"these candidates. Witness: on the circle $|x|=1$, $x_3=0$, the motions $\theta=t$ and "
                  r"$\theta=t+t^3$ share their data; both are constrained motions; with $F=0$ only the first has a "
                  r"reaction annihilating $V$.",
        source=f"{SEED} (c) 'For any specified constrained curve family x, this equation fixes the reaction uniquely …'; "
               "postulate bullet 'Adopted, not derived'",
        uses=["holonomic.constraint_model_definition", "holonomic.consistent_data", "holonomic.ideal_reaction_law",
              "linalg.euclidean_inner_product"])
def _(check):
    check_residual_reaction_unselective(check)


# ---------------------------------------------------------------------------
# holonomic.force_branch_vs_constrained_branch  (#69)
# ---------------------------------------------------------------------------

def check_force_branch_vs_constrained_branch(check, *, initial_conditions_suffice=False):
    """A force-branch solution (R = 0) is a constrained motion only if G(t, x(t)) ≡ 0 (which gives the permitted-velocity
    condition); the equations coincide only for R = 0; Σ_t may be empty for some t and need not vary continuously."""
    plane = HolonomicConstraintDatum([x3], X[:3], t, sample_point=(0, (0, 0, 0)))
    sphere = HolonomicConstraintDatum([SPHERE], X[:3], t, sample_point=(0, (1, 0, 0)))
    free = lambda time, position, velocity: [0, 0, 0]  # noqa: E731 - F = 0, the force branch is x'' = 0

    def is_force_branch_solution(curve):
        return all(_is_zero(sympy.diff(c, t, 2)) for c in curve)

    in_plane = [1 + 2 * t, -t, sympy.S.Zero]
    check.fact("x = (1 + 2t, −t, 0) solves the force branch (F = 0) and G = x3 ≡ 0 along it: a constrained motion "
               "with R = 𝖬x'' − F = 0",
               is_force_branch_solution(in_plane) and plane.is_constrained_curve(in_plane)
               and plane.residual_reaction([m], free, in_plane).is_zero_matrix, method="symbolic")
    leaving = [t, sympy.S.Zero, t]
    check.fact("x = (t, 0, t) solves the force branch but violates the permitted-velocity condition at t = 0 "
               "(G_t + D_xG v = 1) and G(t, x(t)) = t ≢ 0: not a constrained motion",
               is_force_branch_solution(leaving) and not plane.is_permitted_velocity(0, (0, 0, 0), (1, 0, 1))
               and not plane.is_constrained_curve(leaving), method="symbolic")
    tangent_line = [sympy.S.One, t, sympy.S.Zero]
    initially_fine = sphere.is_consistent(0, (1, 0, 0), (0, 1, 0))
    if initial_conditions_suffice:
        check.fact("consistent data at t0 make a force-branch solution a constrained motion: the sphere's tangent line",
                   initially_fine and sphere.is_constrained_curve(tangent_line), method="symbolic",
                   detail=f"G(t, x(t)) = {sympy.sstr(sphere.along(tangent_line)[0])}")
    else:
        check.fact("the tangent line (1, t, 0) of the sphere has consistent data at t = 0 yet G(t, x(t)) = t² ≢ 0: the "
                   "condition G(t, x(t)) = 0 must hold at all times, not at one",
                   initially_fine and is_force_branch_solution(tangent_line) and not sphere.is_constrained_curve(tangent_line),
                   method="symbolic", detail=f"G(t, x(t)) = {sympy.sstr(sphere.along(tangent_line)[0])}")
    q = [Function(f"q{i + 1}")(t) for i in range(3)]
    Gq = Function("G")(t, *q)
    p = Proof("G ≡ 0 along a curve gives the permitted-velocity condition")
    p.suppose("on_locus", (Gq, 0), along=t, note="G(t, x(t)) = 0 at every time")
    p.differentiate("permitted", "on_locus", t, (sympy.diff(Gq, t), 0), note="G_t + D_xG x' = 0 (chain rule)")
    p.conclude("permitted")
    check.proof("the second condition is automatic from the first: G(t, x(t)) ≡ 0 ⇒ G_t + D_xG x' = 0", p,
                scope="symbolic, generic G(t, x), N = 1")
    Rs, Fs, xs = ([Function(f"{name}{i + 1}")(t) for i in range(3)] for name in ("R", "F", "y"))
    p = Proof("the two equations coincide only for R = 0")
    a = p.suppose("constrained", (m * Matrix(xs).diff(t, 2), Matrix(Fs) + Matrix(Rs)))
    b = p.suppose("force_branch", (m * Matrix(xs).diff(t, 2), Matrix(Fs)))
    comps = [p.algebra(f"R{i + 1}", [a, b], (Rs[i], 0), certificate=[0] * i + [-1] + [0] * (2 - i) + [0] * i + [1]
                       + [0] * (2 - i)) for i in range(3)]
    p.algebra("R_zero", comps, (Matrix(Rs), sympy.zeros(3, 1)))
    p.conclude("R_zero")
    check.proof("𝖬x'' = F + R and 𝖬x'' = F along the same curve ⇒ R = 0", p, scope="symbolic, generic x, F, R")
    hyperbola = HolonomicConstraintDatum([t * x1 - 1], X[:3], t, sample_point=(1, (1, 0, 0)))
    check.fact("Σ_t need not be nonempty for every t: G = t·x1 − 1 is rank-regular on Σ (certified), Σ_0 = ∅, "
               "Σ_t = {x1 = 1/t} for t ≠ 0 escapes to infinity as t → 0",
               H_RANK_ON_LOCUS.holds_for(hyperbola) and hyperbola.at(hyperbola.G[0], 0, (x1, x2, x3)) == -1
               and sympy.solve(hyperbola.G[0], x1) == [1 / t] and sympy.limit(1 / t, t, 0, "+") == sympy.oo,
               method="symbolic")


@remark("holonomic.force_branch_vs_constrained_branch",
        title="The constrained branch is a separate branch; presentations and time-dependent loci",
        statement=r"The equation of the force branch, $m_ix_i''=F_i$, is not the equation of a constrained motion unless "
                  r"$R=0$; conversely, a solution of the force-branch equation is a constrained motion with $R=0$ only if "
                  r"it also satisfies $G(t,x(t))=0$ and the permitted-velocity condition (the second follows from the "
                  r"first by the chain rule). Nothing in the definition asserts that $R$ is small, ideal or absent. The "
                  r"components $G_\alpha$ are fixed only up to an invertible matrix-valued factor (see "
                  r"holonomic.scalar_rescaling_invariance). Time-dependent loci need not be graphs: nothing asserts that "
                  r"$\Sigma_t$ is nonempty for every $t\in I_0$ or varies continuously.",
        source=f"{SEED} (e) bullets 'The constrained branch is a separate branch', 'Presentation of the constraint', "
               "'Time-dependent loci need not be graphs'",
        uses=["holonomic.constraint_model_definition", "holonomic.consistent_data",
              "holonomic.scalar_rescaling_invariance"],
        proof_uses=["calculus.chain_rule_total_derivative"])
def _(check):
    check_force_branch_vs_constrained_branch(check)


# ---------------------------------------------------------------------------
# holonomic.ideal_reaction_not_work_statement  (#72)
# ---------------------------------------------------------------------------

q = [Function(f"q{i + 1}", real=True)(t) for i in range(3)]  # the coordinates of one particle, functions of time
a_wall = Symbol("a", real=True, nonzero=True)
omega = Symbol("omega", positive=True)


def _along_motion(expr, motion):
    """``expr`` (in q(t), q'(t), ...) along an explicit motion."""
    mapping = {}
    for order in (2, 1):
        mapping.update({qi.diff(t, order): sympy.diff(ci, t, order) for qi, ci in zip(q, motion)})
    out = sympy.sympify(expr).subs(mapping)
    return out.subs(dict(zip(q, motion))).doit()


def ideal_motion_power(G, motion, mass=m, force=(0, 0, 0)):
    """For the ideal system of G (ideal_holonomic_dynamics, 𝖬 = m I3): the residual of q'' = a along the motion,
    the multiplier λ, the reaction R, R·q', λ·G_t and the virtual work of R on a basis of V, all along the motion."""
    dyn = ideal_holonomic_dynamics(mass * sympy.eye(3), list(force), list(G), q, t)
    along = lambda e: _along_motion(e, motion)  # noqa: E731
    residual = along(Matrix([qi.diff(t, 2) for qi in q]) - dyn.acceleration)
    lam = along(dyn.multiplier)
    R = along(dyn.reaction)
    w = Matrix([sympy.diff(c, t) for c in motion])
    J = along(dyn.jacobian)
    virtual = [euclidean_inner_product(R, d) for d in chetaev_virtual_displacements(J)]
    return {"residual": residual, "multiplier": lam, "reaction": R, "power": euclidean_inner_product(R, w),
            "lambda_dot_Gt": euclidean_inner_product(lam, along(dyn.time_derivative)), "virtual_work": virtual,
            "constraint": along(dyn.constraint)}


def check_ideal_reaction_not_work_statement(check, *, power_sign=-1, scleronomic_power_vanishes=True,
                                            wall_motion=None):
    """The ideal reaction does no virtual work but can do actual work for a rheonomic constraint: R·x' = −λ·G_t ≠ 0
    (accelerating wall, rotating line); for a scleronomic constraint R·x' = 0."""
    wall = [q[0] - a_wall * t**2 / 2]
    motion = wall_motion if wall_motion is not None else [a_wall * t**2 / 2, sympy.S.Zero, sympy.S.Zero]
    out = ideal_motion_power(wall, motion)
    scope = "symbolic, all t, m > 0, a ≠ 0 (F = 0, data x = 0, x' = 0 at t = 0)"
    check.identity("wall x1 = at²/2: the motion stays on the wall", out["constraint"], sympy.zeros(1, 1), scope=scope)
    check.identity("wall: x = (at²/2, 0, 0) solves the ideal system x'' = a(t, x, x')", out["residual"],
                   sympy.zeros(3, 1), scope=scope)
    check.identity("wall: the reaction does no virtual work (R·δ = 0 on V = span(e2, e3))", Matrix(out["virtual_work"]),
                   sympy.zeros(len(out["virtual_work"]), 1), scope=scope)
    check.identity("wall: λ = m a, R = (m a, 0, 0)", out["multiplier"], Matrix([m * a_wall]), scope=scope)
    check.identity("wall: R·x' = −λ·G_t", out["power"], power_sign * out["lambda_dot_Gt"], scope=scope)
    check.fact("wall: R·x' = m a² t ≠ 0 for t ≠ 0: the ideal reaction does work",
               sympy.simplify(out["power"] - m * a_wall**2 * t) == 0 and (m * a_wall**2).is_positive, method="symbolic",
               detail=f"R·x' = {sympy.sstr(out['power'])}")
    line = [-q[0] * sympy.sin(omega * t) + q[1] * sympy.cos(omega * t), q[2]]
    r = sympy.cosh(omega * t)
    bead = [r * sympy.cos(omega * t), r * sympy.sin(omega * t), sympy.S.Zero]
    out = ideal_motion_power(line, bead)
    scope = "symbolic, all t, m > 0, ω > 0 (bead on a line rotating at rate ω in the plane x3 = 0, F = 0)"
    check.identity("rotating line: r = cosh ωt stays on the line and solves the ideal system",
                   Matrix(list(out["constraint"]) + list(out["residual"])), sympy.zeros(5, 1), scope=scope)
    check.identity("rotating line: R·x' = −λ·G_t", out["power"], power_sign * out["lambda_dot_Gt"], scope=scope)
    check.identity("rotating line: R·x' = m ω³ sinh 2ωt (= dK/dt, K = ½mω² cosh 2ωt)", out["power"],
                   m * omega**3 * sympy.sinh(2 * omega * t), scope=scope)
    tp = Symbol("t", positive=True)
    power_later = sympy.simplify(out["power"]).xreplace({t: tp})  # the computed reaction power, at times t > 0
    check.fact("rotating line: R·x' = m ω³ sinh 2ωt > 0 for t > 0: the ideal reaction does work",
               power_later.is_positive is True, method="symbolic", detail=f"R·x' = {sympy.sstr(power_later)}")
    out = ideal_motion_power([SPHERE.xreplace(dict(zip(X[:3], q)))], [sympy.cos(t), sympy.sin(t), sympy.S.Zero])
    scope = "symbolic, all t (unit sphere, great circle at unit speed, F = 0)"
    check.identity("sphere (scleronomic): the great circle solves the ideal system", out["residual"], sympy.zeros(3, 1),
                   scope=scope)
    if scleronomic_power_vanishes:
        check.identity("sphere: G_t = 0, so R·x' = −λ·G_t = 0", Matrix([out["power"], out["lambda_dot_Gt"]]),
                       sympy.zeros(2, 1), scope=scope)


@remark("holonomic.ideal_reaction_not_work_statement",
        title="The ideal-reaction law is not a work statement",
        statement=r"Clause (i) concerns virtual displacements at fixed time; it does not assert that the reaction performs "
                  r"no work along the motion. For a scleronomic constraint the reaction power vanishes identically, but "
                  r"for a rheonomic constraint the reaction can do work, with $R\cdot x'=-\lambda\cdot G_t$. Prescribed "
                  r"motion of a support is encoded in the time-dependent $G$ and is compatible with clause (i). "
                  r"Witnesses: an accelerating wall $x_1=at^2/2$ ($R\cdot x'=ma^2t$) and a bead on a line rotating at "
                  r"rate $\omega$ ($r=\cosh\omega t$).",
        source=f"{SEED} postulate (iv)4 and (v) 'The law is not a work statement'",
        uses=["holonomic.ideal_reaction_law", "holonomic.ideal_constraints_determine_reaction",
              "holonomic.scleronomic_implies_Gt_vanishes", "linalg.euclidean_inner_product"])
def _(check):
    check_ideal_reaction_not_work_statement(check)


# ---------------------------------------------------------------------------
# holonomic.rank_loss_degeneration  (#74)
# ---------------------------------------------------------------------------

f_force = Symbol("f", real=True, nonzero=True)


def no_ideal_motion_proof(force=f_force) -> Proof:
    """G = x1², F = (f, 0, 0), f ≠ 0: no ideal constrained motion (V = R³ on Σ forces R = 0, the constraint R1 = −f)."""
    R1 = Function("R1")(t)
    p = Proof("no ideal motion through the rank-0 locus of x1²")
    p.suppose("on_locus", (q[0], 0), along=t, note="G = x1² = 0 ⇔ x1 = 0 along the motion (every t)")
    p.differentiate("velocity", "on_locus", t, (q[0].diff(t), 0))
    p.differentiate("acceleration", "velocity", t, (q[0].diff(t, 2), 0))
    p.suppose("ideal", (R1, 0), note="D_xG = 2x1 e1 = 0 on Σ, so V = R³ and R ⟂ V forces R = 0")
    p.suppose("equation", (m * q[0].diff(t, 2), force + R1), note="first component of 𝖬x'' = F + R")
    p.substitute("forced", "equation", ["acceleration", "ideal"], (force, 0))
    p.contradiction("contradiction", "forced")
    p.conclude("contradiction")
    return p


def kkt_matrix(M, J) -> Matrix:
    """The matrix of the linear system 𝖬x'' − Jᵀλ = F, J x'' = −(G_tt + 2G_tx[v] + G_xx[v,v]) for (x'', λ)."""
    k = J.rows
    return Matrix.vstack(Matrix.hstack(M, -J.T), Matrix.hstack(J, sympy.zeros(k, k)))


def check_rank_loss_degeneration(check, *, constraint=None, force=f_force):
    """At a rank drop C = D_xG 𝖬⁻¹ D_xGᵀ is singular and (x'', λ) is not determined: G = x1² on Σ; for x1³ − x1 the
    rank drops only off Σ (x1 = ±1/√3)."""
    G = constraint if constraint is not None else [q[0]**2]
    dyn = ideal_holonomic_dynamics(m * sympy.eye(3), [force, 0, 0], G, q, t)
    on_sigma = {q[0]: 0}
    C = dyn.constraint_matrix
    check.fact(f"G = {sympy.sstr(G[0])}: C = {sympy.sstr(C[0])} vanishes on Σ = {{x1 = 0}} (singular multiplier matrix)",
               all(_is_zero(e) for e in C.xreplace(on_sigma)), method="symbolic")
    denominators = [sympy.denom(sympy.together(e)) for e in dyn.multiplier]
    check.fact("Λ = −C⁻¹[…] is undefined on Σ: its denominator vanishes at x1 = 0",
               any(_is_zero(d.xreplace(on_sigma)) for d in denominators), method="symbolic",
               detail=f"denominators {[sympy.sstr(d) for d in denominators]}")
    K = kkt_matrix(m * sympy.eye(3), dyn.jacobian)
    check.fact("the linear system for (x'', λ) is singular on Σ (rank 3 < 4): the acceleration is not determined",
               _rank(K.xreplace(on_sigma)) < 4, method="symbolic",
               detail=f"rank {_rank(K.xreplace(on_sigma))} at x1 = 0, {_rank(K.xreplace({q[0]: 1}))} at x1 = 1")
    check.proof("G = x1², F = (f, 0, 0), f ≠ 0: no ideal constrained motion exists", no_ideal_motion_proof(force),
                scope="every interval, every m > 0, f ≠ 0")
    cubic = ideal_holonomic_dynamics(m * sympy.eye(3), [0, 0, 0], [q[0]**3 - q[0]], q, t).constraint_matrix[0]
    roots = sympy.solve(q[0]**3 - q[0], q[0])
    check.fact("G = x1³ − x1: C = (3x1² − 1)²/m is positive on Σ (x1 ∈ {0, ±1}) and vanishes at x1 = ±1/√3, off Σ: "
               "(h1) needs O to avoid those planes",
               all(cubic.xreplace({q[0]: r}).is_positive for r in roots)
               and all(_is_zero(cubic.xreplace({q[0]: r})) for r in (1 / sympy.sqrt(3), -1 / sympy.sqrt(3))),
               method="symbolic", detail=f"C = {sympy.sstr(sympy.factor(cubic))}")


@remark("holonomic.rank_loss_degeneration",
        title="At a point of rank loss the multiplier matrix degenerates",
        statement=r"The rank hypothesis (h1) on all of $O$ is used to make $C=D_xG\,\mathsf M^{-1}D_xG^{\mathsf T}$ "
                  r"invertible and $\Lambda$ everywhere defined and $C^1$. At a point of rank loss the multiplier matrix "
                  r"degenerates, the acceleration is not determined by the data, and the statement does not apply; no "
                  r"continuation across such a point is asserted. Witness: $G=x_1^2$ ($C=4x_1^2/m=0$ on $\Sigma$; with "
                  r"$F=(f,0,0)$, $f\neq0$, no ideal motion exists); $G=x_1^3-x_1$ drops rank only off $\Sigma$.",
        source=f"{SEED} theorem bullet 'Where the hypotheses enter'",
        uses=["holonomic.ideal_constraints_determine_reaction", "holonomic.ideal_reaction_law",
              "holonomic.virtual_displacement_space_dimension"])
def _(check):
    check_rank_loss_degeneration(check)


# ---------------------------------------------------------------------------
# holonomic.nonconsistent_data_leave_locus  (#75)
# ---------------------------------------------------------------------------

def _jet(expr, positions, speeds):
    """``expr`` in q(t), q'(t) rewritten in plain position and speed Symbols (derivatives first)."""
    mapping = {qi.diff(t): v for qi, v in zip(q, speeds)}
    out = sympy.sympify(expr).subs(mapping).subs(dict(zip(q, positions)))
    return out.doit()


def total_derivative(expr, positions, speeds, accelerations):
    """d/dt along a curve in jet coordinates: ∂_t + Σ v_i ∂_{x_i} + Σ a_i ∂_{v_i}."""
    return (sympy.diff(expr, t) + sum(v * sympy.diff(expr, x) for x, v in zip(positions, speeds))
            + sum(a * sympy.diff(expr, v) for v, a in zip(speeds, accelerations)))


def affine_drift(g0, h0, dt):
    """The seed's remark made precise (catalogue X9): G(t, x(t)) = G₀ + (t − t₀)·h₀, h₀ = G_t + D_xG v₀ at t₀."""
    return g0 + dt * h0


def _nonconsistent_instances():
    return st.tuples(st.sampled_from([1, 2]), polynomials([t, x1, x2], max_degree=2, max_terms=3, max_num=3, max_den=2),
                     polynomials([t, x1], max_degree=2, max_terms=2, max_num=3, max_den=2),
                     st.lists(rationals(2, 2), min_size=3, max_size=3), st.lists(rationals(2, 2), min_size=3, max_size=3))


def check_second_derivative_vanishes_every_size(check, *, multiplier_sign=-1):
    """For symbolic n = 3N and k: with C = J M⁻¹Jᵀ, Λ = −C⁻¹(J M⁻¹F + κ) and x'' = M⁻¹(F + JᵀΛ), the second derivative
    d²/dt² G(t, x(t)) = κ + J x'' (κ = G_tt + 2G_tx[v] + G_xx[v, v], the chain rule) is 0."""
    n, k = sympy.symbols("n k", integer=True, positive=True)
    M, J = sympy.MatrixSymbol("M", n, n), sympy.MatrixSymbol("J", k, n)
    F, kappa = sympy.MatrixSymbol("F", n, 1), sympy.MatrixSymbol("kappa", k, 1)
    C = J * M.I * J.T
    Lam = multiplier_sign * C.I * (J * M.I * F + kappa)
    check.identity("κ + J·M⁻¹(F + JᵀΛ) = 0 with Λ = −C⁻¹(J M⁻¹F + κ): d²/dt² G(t, x(t)) = κ + J x'' (the cited chain "
                   f"rule of every size, {CHAIN_AND_PRODUCT_RULES}) = 0 along the ideal system (every N, k)",
                   kappa + J * (M.I * (F + J.T * Lam)), sympy.ZeroMatrix(k, 1),
                   scope="symbolic, every n = 3N and k (MatrixSymbols), where M and C = J M⁻¹Jᵀ are invertible (rank k)")


def check_chain_rule_second_derivative(check, *, sizes=(3, 6)):
    """d²/dt² G(t, x(t)) = κ + D_xG x'' for a generic scalar G (each component of G separately), with κ the curvature
    term of :func:`theorems.holonomic_dynamics.constraint_derivatives`, for n = 3N coordinates."""
    from theorems.toolkit.holonomic_dynamics import constraint_derivatives
    for n in check.sweep(sizes):
        xs = [Function(f"y{i + 1}", real=True)(t) for i in range(n)]
        g = Function("G")(t, *xs)
        J, _, curvature = constraint_derivatives([g], xs, t)
        # both sides in jet coordinates (x, x', x'' as independent symbols), as the identity checker reduces them
        check.identity(f"d²/dt² G(t, x(t)) = κ + D_xG x'' (n = {n})", jet_normalize(g.diff(t).diff(t)),
                       jet_normalize(curvature[0] + (J * Matrix([c.diff(t, 2) for c in xs]))[0]),
                       scope=f"symbolic, generic scalar G(t, x) and curve x(t), n = {n} (N = {n // 3})")


def _jet_identities_at_n3(check):
    """The chain rule along the ideal system in jet coordinates for a generic G(t, x) and F(t, x, v), N = 1, k = 1
    (sympy's differentiation): d/dt G(t, x(t)) = G_t + D_xG x' and d²/dt² G(t, x(t)) = 0."""
    P = sympy.symbols("p1:4", real=True)
    V = sympy.symbols("v1:4", real=True)
    Gf = Function("G")
    forces = [Function(f"F{i + 1}")(t, *q, *[c.diff(t) for c in q]) for i in range(3)]
    dyn = ideal_holonomic_dynamics(m * sympy.eye(3), forces, [Gf(t, *q)], q, t)
    acceleration = [_jet(a, P, V) for a in dyn.acceleration]
    g = Gf(t, *P)
    first = total_derivative(g, P, V, acceleration)
    second = total_derivative(first, P, V, acceleration)
    check.identity("d/dt G(t, x(t)) = G_t + D_xG x' (jet coordinates, N = 1, k = 1)", first,
                   _jet(dyn.permitted_velocity_residual[0], P, V), scope="symbolic, generic G(t, x), N = 1, k = 1")
    check.identity("d²/dt² G(t, x(t)) = 0 along x'' = a(t, x, x') (Λ is chosen so; N = 1, k = 1)", second, 0,
                   scope="symbolic, generic G(t, x) and F(t, x, v), 𝖬 = m I3, where C ≠ 0; so G(t, x(t)) is affine in t")


def check_nonconsistent_data_leave_locus(check, *, law=affine_drift, dps=15, randomized=True, multiplier_sign=-1):
    """Along the ideal system d²/dt² G(t, x(t)) = 0, so G(t, x(t)) = G₀ + (t − t₀)h₀ (the cited trusted result
    g'' ≡ 0, g(t₀) = g'(t₀) = 0 ⇒ g ≡ 0, applied to g = G(t, x(t)) − law): with nonconsistent data the solution leaves
    the locus (or meets it at one instant at most).  The claims are for every N and k: d²/dt² G(t, x(t)) = κ + D_xG x''
    and d/dt G(t, x(t)) = G_t + D_xG x' by the cited chain rule of every size, κ + D_xG x'' = 0 in MatrixSymbols, the
    affine law and its roots.  Supporting, after the claims: the same chain rule computed by sympy for generic G at
    N = 1, 2, and mpmath integrations of the system."""
    check_second_derivative_vanishes_every_size(check, multiplier_sign=multiplier_sign)
    g0, h0, dt = sympy.symbols("g0 h0 dt")
    affine = law(g0, h0, dt)
    check.identity("the affine law has the initial data: value G₀ and slope h₀ at t₀, second derivative 0",
                   Matrix([affine.subs(dt, 0), sympy.diff(affine, dt).subs(dt, 0), sympy.diff(affine, dt, 2)]),
                   Matrix([g0, h0, 0]), scope="symbolic, each component of G (every N, k); the slope of G(t, x(t)) at "
                                               "t₀ is h₀ = [G_t + D_xG v]_{t₀} by the cited chain rule of every size; so "
                                               "g = G(t, x(t)) − law has g'' = 0, g(t₀) = g'(t₀) = 0, and g ≡ 0 by the "
                                               "cited calculus.zero_second_derivative_zero_data")
    h_nonzero, g_nonzero = Symbol("h0", nonzero=True), Symbol("g0", nonzero=True)
    one_root = sympy.solve(law(g0, h_nonzero, dt), dt)
    no_root = sympy.solve(law(g_nonzero, 0, dt), dt)
    check.fact("the affine drift vanishes at one instant at most unless G₀ = h₀ = 0: one root t − t₀ = −G₀/h₀ when "
               "h₀ ≠ 0, none when h₀ = 0 ≠ G₀", len(one_root) == 1 and _is_zero(one_root[0] + g0 / h_nonzero)
               and no_root == [] and sympy.sympify(law(g_nonzero, 0, dt)).is_nonzero is True, method="symbolic",
               detail=f"roots {one_root} and {no_root}")
    times = [Rational(1, 8), Rational(1, 4)]

    def drift(instance):
        k, Pp, Qp, x0, v0 = instance
        G = [q[2] - Pp.xreplace({x1: q[0], x2: q[1]})]
        if k == 2:
            G.append(q[1] - Qp.xreplace({x1: q[0]}))
        dynamics = ideal_holonomic_dynamics(sympy.eye(3), [-q[0], -q[1].diff(t), -1], G, q, t, simplify=False)
        g_fns = state_functions(dynamics, list(dynamics.constraint))
        h_fns = state_functions(dynamics, list(dynamics.permitted_velocity_residual))
        report = integrate_ideal_motion(dynamics, 0, x0, v0, times, dps=dps)
        with mpmath.workdps(dps):
            start = [_mpf(v) for v in list(x0) + list(v0)]
            G0 = [fn(0, *start) for fn in g_fns]
            H0 = [fn(0, *start) for fn in h_fns]
            worst = mpmath.mpf(0)
            for time, (xs, vs) in zip(times, report.states):
                for a, fn in enumerate(g_fns):
                    worst = max(worst, abs(fn(_mpf(time), *xs, *vs) - law(G0[a], H0[a], _mpf(time))))
            return worst

    P, V = sympy.symbols("p1:4", real=True), sympy.symbols("v1:4", real=True)  # jet coordinates x, x'
    witness_G = [q[2] - t * q[0]]
    x0, v0 = (0, 0, 1), (0, 0, -8)
    dynamics = ideal_holonomic_dynamics(sympy.eye(3), [0, 0, -1], witness_G, q, t, simplify=False)
    start = {**dict(zip(P, x0)), **dict(zip(V, v0)), t: 0}
    G0 = _jet(dynamics.constraint[0], P, V).xreplace(start)
    H0 = _jet(dynamics.permitted_velocity_residual[0], P, V).xreplace(start)
    zeros = sympy.solve(law(G0, H0, t), t)
    check.fact(f"witness: G = x3 − t x1, x0 = (0, 0, 1), v0 = (0, 0, −8): G₀ = {G0}, h₀ = {H0}, so G(t, x(t)) = "
               f"{sympy.sstr(law(G0, H0, t))} vanishes only at t = {zeros}: the solution leaves Σ",
               G0 != 0 and len(zeros) == 1, method="symbolic")
    # supporting, recorded after every claim check (a sweep followed by a claim check bounds the verdict's scope): the
    # chain rule along the system computed by sympy's differentiation for generic G at N = 1 (k = 1) and N = 1, 2
    with check.supporting():
        _jet_identities_at_n3(check)
        check_chain_rule_second_derivative(check)
    if not randomized:
        return
    with check.supporting():  # integrations of the system: instances of the symbolic law
        check.property("mpmath integration of the ideal system from random nonconsistent data: G(t, x(t)) follows "
                       "G₀ + (t − t₀)h₀", _nonconsistent_instances(), drift, samples=3,
                       tolerance=mpmath.mpf(10) ** -(dps - 6),
                       describe=lambda inst: [inst[0], sympy.sstr(inst[1]), sympy.sstr(inst[2]), inst[3], inst[4]],
                       scope=f"randomized: rheonomic graph constraints x3 = P(t,x1,x2) (k = 1) and x2 = Q(t,x1) "
                             f"(k = 2), 𝖬 = I, F = (−x1, −x2', −1), random rational (x0, v0) at t0 = 0, "
                             f"t ∈ {{1/8, 1/4}}, mpmath Bulirsch–Stoer extrapolation at {dps} digits")
        report = integrate_ideal_motion(dynamics, 0, list(x0), list(v0), times, dps=dps)
        g_fn = state_functions(dynamics, list(dynamics.constraint))[0]
        values = [g_fn(_mpf(time), *xs, *vs) for time, (xs, vs) in zip(times, report.states)]
        with mpmath.workdps(dps):
            deviation = max(abs(v - law(G0, H0, _mpf(time))) for v, time in zip(values, times))
        check.numeric("witness integrated: G(t, x(t)) = 1 − 8t is 0 only at t = 1/8 and −1 at t = 1/4", deviation,
                      mpmath.mpf(10) ** -(dps - 6), scope=f"mpmath Bulirsch–Stoer extrapolation at {dps} digits, t ∈ {{1/8, 1/4}}",
                      detail=f"G(t, x(t)) = {[mpmath.nstr(v, 12) for v in values]}")


@remark("holonomic.nonconsistent_data_leave_locus",
        title="Nonconsistent data: the ideal system still has solutions, which leave the locus (affine drift of G)",
        statement=r"Consistency is an initial-data condition. A solution of the system through nonconsistent data still "
                  r"exists but does not satisfy $G=0$; the constrained motions are exactly the solutions with consistent "
                  r"data. Precise form (catalogue X9): along any solution $\frac{d^2}{dt^2}G(t,x(t))=0$, hence "
                  r"$G(t,x(t))=G(t_0,x_0)+(t-t_0)[G_t+D_xGv]_{t_0}$, an affine function of $t$ that vanishes at most at "
                  r"one instant unless both coefficients are $0$.",
        source=f"{SEED} theorem bullet 'Consistency is an initial-data condition'",
        uses=["holonomic.ideal_constraints_determine_reaction", "holonomic.consistent_data"],
        proof_uses=[ZERO_SECOND_DERIVATIVE, PICARD_LINDELOF, CHAIN_AND_PRODUCT_RULES])
def _(check):
    check_nonconsistent_data_leave_locus(check)
