"""Seed 003 (e) and the bullets after (d): the remarks on the velocity-constraint branch.

Split from :mod:`theorems.page3_velocity_constraints.velocity_constraint` (topic module, item ids unchanged): the remarks
``velocity_constraint.scope_exclusions`` (#55: the multiplier system degenerates at a rank drop; the zero-row test
det(A_s𝖬⁻¹A_sᵀ) = s²·det(A0𝖬⁻¹A0ᵀ) for every k' ≥ 2 and 3N, random instances support),
``velocity_constraint.holonomic_to_velocity_not_conversely`` (#56) and the text items
``velocity_constraint.rolling_models_distinct`` (#57) and ``examples.companion_pages``.
"""
from __future__ import annotations

import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Symbol

from checker import remark, stated
from theorems.foundations.frobenius import exterior_derivative, satisfies_frobenius_condition
from theorems.page1_variations.holonomic_chart import WHOLE_SPACE, Chart
from theorems.page4_regular_constraints.holonomic_datum import HolonomicConstraintDatum, mass_operator
from theorems.foundations.linalg import transpose_multiplier
from theorems.toolkit.strategies import full_row_rank_matrices, mass_operators
from theorems.page3_velocity_constraints.velocity_constraint import (CURVE_ID, DATUM_ID, GL_ID, MASS_ID, MODEL_ID, MULTIPLIER_ID, SEED, ZX, ZXY_ROW,
                                          ZY, ZZ, _rejects, _symbol_set, _witness_point, differentiated_constraint_law,
                                          t, velocity_constraint_datum, x1, x2, x3)
from theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra import check_zero_row_every_size

__all__ = ["check_scope_exclusions", "check_holonomic_to_velocity"]


# ---------------------------------------------------------------------------
# velocity_constraint.scope_exclusions  (catalogue #55)
# ---------------------------------------------------------------------------

def _zero_row_generic(check, factor):
    """The zero-row test with generic entries: k' = 2, 3N = 3, 𝖬 = m1 I₃ (every k' ≥ 2 is in the every-size check)."""
    m1, s = Symbol("m1", positive=True), Symbol("s", real=True)
    A0 = Matrix(2, 3, lambda i, j: Symbol(f"a{i + 1}{j + 1}", real=True))
    A_s = A0.copy()
    A_s[1, :] = s * A0[1, :]
    M = mass_operator([m1])
    check.identity("zero-row test, generic entries: det(A_s𝖬⁻¹A_sᵀ) = factor(s)·det(A0𝖬⁻¹A0ᵀ) (k' = 2, 3N = 3)",
                   (A_s * M.inv() * A_s.T).det(), factor(s) * (A0 * M.inv() * A0.T).det(),
                   scope="symbolic, generic 2×3 A0, 𝖬 = m1 I₃, the second row scaled by s")


def check_scope_exclusions(check, *, degeneration=lambda m1, s: s**2 / m1, limit_value=0, samples=10, max_particles=2,
                           zero_row_factor=lambda s: s**2, every_size=True):
    """At a rank drop the multiplier system degenerates: A = (x1, 0, 0) gives A𝖬⁻¹Aᵀ = x1²/m1 → 0, μ = R1/x1 blows up,
    and the constructor excludes the point; the zero-row test: scaling the last row by s gives
    det(A_s𝖬⁻¹A_sᵀ) = s²·det(A0𝖬⁻¹A0ᵀ) → 0 (every k' ≥ 2 and 3N symbolically, k' = 1 is the first check; random
    exact instances support).

    ``degeneration(m1, x1)`` is the claimed A𝖬⁻¹Aᵀ, ``limit_value`` its claimed limit at x1 = 0, ``zero_row_factor(s)``
    the claimed factor of the zero-row test.
    """
    if every_size:
        check_zero_row_every_size(check, factor=zero_row_factor)
        _zero_row_generic(check, zero_row_factor)
    m1 = Symbol("m1", positive=True)
    M = mass_operator([m1])
    A = Matrix([[x1, 0, 0]])
    C = A * M.LUsolve(A.T)
    check.identity("A𝖬⁻¹Aᵀ = x1²/m1 for A = (x1, 0, 0), 𝖬 = m1 I₃", C[0, 0], degeneration(m1, x1),
                   scope="symbolic, N = 1, k' = 1")
    check.fact(f"A𝖬⁻¹Aᵀ → {limit_value} as x1 → 0", sympy.limit(C[0, 0], x1, 0) == limit_value, method="symbolic")
    check.fact("A𝖬⁻¹Aᵀ (and AAᵀ) singular at x1 = 0", C.xreplace({x1: 0}).det() == 0 and (A * A.T).xreplace({x1: 0}).det() == 0,
               method="computation")
    R = Matrix(_symbol_set("R", 3))
    mu = transpose_multiplier(A, R)[0]
    check.fact("μ = R1/x1 is unbounded as x1 → 0+ for R1 = 1", sympy.cancel(mu - R[0] / x1) == 0
               and sympy.limit(mu.xreplace({R[0]: 1}), x1, 0, "+") == sympy.oo, method="symbolic")
    rejected, witness = _rejects(lambda: velocity_constraint_datum(A, [0], (x1, x2, x3), t, WHOLE_SPACE))
    accepted = not _rejects(lambda: velocity_constraint_datum(A, [0], (x1, x2, x3), t, Chart("ℝ × {x1 ≠ 0}", (x1,))))[0]
    check.fact("the branch excludes the rank-drop point: the datum is rejected on ℝ × ℝ³ (witness x1 = 0) and accepted "
               "on ℝ × {x1 ≠ 0}", rejected and isinstance(witness, dict) and sympy.sympify(witness.get("x1")) == 0
               and accepted, method="computation", detail=f"witness {witness}")
    s = Symbol("s", real=True)

    def degenerates(instance):
        A0, M0 = instance
        k = A0.rows
        A_s = A0.copy()
        A_s[k - 1, :] = s * A0[k - 1, :]
        d0 = (A0 * M0.LUsolve(A0.T)).det()
        d_s = sympy.expand((A_s * M0.LUsolve(A_s.T)).det())
        return d0 > 0 and sympy.expand(d_s - zero_row_factor(s) * d0) == 0 and d_s.subs(s, 0) == 0  # continuous in s

    shapes = [(k, N) for N in range(1, max_particles + 1) for k in range(1, 3 * N)]
    if samples:
        with check.supporting():  # the symbolic zero-row checks decide
            check.property("zero-row test: det(A_s𝖬⁻¹A_sᵀ) = s²·det(A0𝖬⁻¹A0ᵀ) → 0 as the last row s·a → 0",
                           st.sampled_from(shapes).flatmap(lambda kn: st.tuples(
                               full_row_rank_matrices(kn[0], 3 * kn[1], 4, 2), mass_operators(kn[1]))),
                           degenerates, samples=samples, describe=lambda inst: [sympy.sstr(e) for e in inst],
                           scope=f"randomized, exact rationals: N = 1..{max_particles}, k' = 1..3N−1, A0 full row "
                                 "rank, 𝖬 = diag(m_i I₃) with random m_i > 0")


remark("velocity_constraint.scope_exclusions",
       title="Scope: rank-drop points, unilateral constraints, contact changes, impacts, dry friction and drives are "
             "excluded",
       statement=r"The branch excludes points where the rank of $A$ drops (the multiplier system degenerates there: for "
                 r"$A=(x_1,0,0)$, $A\mathsf M^{-1}A^{\mathsf T}=x_1^2/m_1\to0$ and $\mu=R_1/x_1$ is unbounded; no "
                 r"continuation is asserted); unilateral constraints and contact changes (a skate leaving the ground, a "
                 r"wheel beginning to slip), which require their own mode-change models; impacts; dry friction along "
                 r"admissible directions, which must be declared as a separate force contribution; and active drives, "
                 r"whose driving is an additional force. Whether a concrete mechanism is described by this class and "
                 r"whether its reaction can supply the computed multiplier are application-level statements; the "
                 r"definition asserts no measured value. (Only the degeneration is a mathematical claim.)",
       source=f"{SEED} (e) 'The framework excludes from this branch: points where the rank of A drops …'",
       uses=[DATUM_ID, MULTIPLIER_ID, MASS_ID, GL_ID, "holonomic.rank_loss_degeneration"])(
    lambda check: check_scope_exclusions(check))


# ---------------------------------------------------------------------------
# velocity_constraint.holonomic_to_velocity_not_conversely  (catalogue #56)
# ---------------------------------------------------------------------------

def _negated_time_law(holonomic):
    return holonomic.jacobian, -holonomic.time_derivative


def _differentiated_law_every_size(check, law_formula):
    """For every N and k (MatrixSymbols D_xG: k × 3N, G_t: k × 1, x': 3N × 1, the jets at t): the chain rule of every
    size (cited) gives d/dt G(t, x(t)) = G_t + D_xG x', which is A x' + b for (A, b) = law_formula(D_xG, G_t) (true:
    (D_xG, G_t)).  (G + c, c a constant vector, has the same jets D_xG, G_t, hence the same (A, b).)"""
    k, n = sympy.symbols("k n", integer=True, positive=True)
    J, G_t, v = sympy.MatrixSymbol("D_xG", k, n), sympy.MatrixSymbol("G_t", k, 1), sympy.MatrixSymbol("v", n, 1)
    A, b = law_formula(J, G_t)
    scope = ("symbolic, every N and k (MatrixSymbols of shape k × 3N, k × 1, 3N × 1: the jets of G and x at t); "
             "the chain rule of every size (calculus.chain_and_product_rules_every_size)")
    check.identity("every N, k: d/dt G(t, x(t)) = G_t + D_xG x' = A x' + b for (A, b) = law(G), along every C¹ curve",
                   G_t + J * v, A * v + b, scope=scope,
                   context="so the law A x' + b = 0 holds along x on an interval iff d/dt G(t, x(t)) = 0 there, i.e. iff "
                           "G(t, x(t)) is constant (calculus.zero_derivative_constant): every level G = c is a motion of "
                           "the differentiated model, the holonomic one is the level c = 0")


def check_holonomic_to_velocity(check, *, law=differentiated_constraint_law, radius=2, cubic_chart=None,
                                converse_row=ZXY_ROW, generic=True, law_formula=lambda J, G_t: (J, G_t)):
    """A holonomic datum gives the velocity datum (D_xG, G_t); it has more motions (every level G = const) and needs
    rank D_xG = k on the open O_v; not conversely (z' = xy').

    ``law(holonomic)`` is the claimed (A, b); ``radius`` the radius of the claimed extra motion of the sphere datum;
    ``cubic_chart`` the chart on which the differentiated datum of x1³ − x1 is claimed to exist (default: where
    3x1² − 1 ≠ 0); ``converse_row`` the velocity law claimed not to come from a holonomic model; ``law_formula(D_xG,
    G_t)`` the claimed (A, b) as matrix expressions, for the identity of every size.

    The identity d/dt G(t, x(t)) = A x' + b is proved for every N and k (a matrix identity of symbolic shape, the cited
    chain rule of every size; with it the law holds iff G(t, x(t)) is constant: every level is a motion); the toolkit's
    ``law`` is checked on generic G at N = 1, k = 1 and on the examples (instances).
    """
    _differentiated_law_every_size(check, law_formula)
    R3 = (x1, x2, x3)
    G_fn = Function("G")(t, *R3)
    A, b = law(HolonomicConstraintDatum([G_fn], R3, t))
    if generic:
        q = [Function(f"q{i + 1}", real=True)(t) for i in range(3)]
        along = {c: qc for c, qc in zip(R3, q)}
        velocity = Matrix([qc.diff(t) for qc in q])
        check.identity("d/dt G(t, x(t)) = A x' + b along every C¹ curve, for (A, b) = law(G)",
                       sympy.diff(G_fn.subs(along), t), (A * velocity + b)[0].subs(along),
                       scope="symbolic, generic G(t, x) ∈ C¹, N = 1, k = 1, generic curve x(t)")
    c = Symbol("c", real=True)
    A_c, b_c = law(HolonomicConstraintDatum([G_fn + c], R3, t))
    check.fact("the differentiated law does not see the level: G and G + c give the same (A, b)",
               (A_c - A).is_zero_matrix and (b_c - b).is_zero_matrix, method="symbolic")
    wall = HolonomicConstraintDatum([x1 - t**2 / 2], R3, t)
    pushed = [t**2 / 2, sympy.sin(t), 0]
    check.fact("rheonomic wall G = x1 − t²/2: its constrained curve (t²/2, sin t, 0) is kinematically admissible for "
               "(D_xG, G_t) = ((1, 0, 0), −t)",
               wall.is_constrained_curve(pushed)
               and bool(velocity_constraint_datum(*law(wall), R3, t).is_kinematically_admissible(pushed)),
               method="computation")

    sphere = HolonomicConstraintDatum([x1**2 + x2**2 + x3**2 - 1], R3, t, locus_points=[(0, (1, 0, 0))])
    punctured = Chart("ℝ × (ℝ³ ∖ {0})", (x1**2 + x2**2 + x3**2,))
    velocity_sphere = velocity_constraint_datum(*law(sphere), R3, t, punctured)
    circle = [(1 - t**2) / (1 + t**2), 2 * t / (1 + t**2), 0]  # rational parametrization of the unit circle
    on_sigma = circle
    extra = [radius * e for e in circle]
    check.fact("sphere |x|² = 1: the great circle ((1 − t²)/(1 + t²), 2t/(1 + t²), 0) is a constrained curve and "
               "kinematically admissible for (D_xG, G_t) on ℝ × (ℝ³ ∖ {0})",
               sphere.is_constrained_curve(on_sigma) and bool(velocity_sphere.is_kinematically_admissible(on_sigma)),
               method="computation")
    level = sympy.simplify(sphere.along(extra)[0])
    check.fact(f"more motions: {radius}·(the circle) is kinematically admissible for the velocity datum but "
               f"lies on the level G = {level} ≠ 0, so it is no constrained curve of the holonomic datum",
               bool(velocity_sphere.is_kinematically_admissible(extra)) and not sphere.is_constrained_curve(extra)
               and level != 0, method="computation")

    cubic = HolonomicConstraintDatum([x1**3 - x1], R3, t, locus_points=[(0, (v, 0, 0)) for v in (0, 1, -1)])
    rejected, witness = _rejects(lambda: velocity_constraint_datum(*law(cubic), R3, t, WHOLE_SPACE))
    point = _witness_point(witness, (t, *R3)) if isinstance(witness, dict) else {}
    check.fact("G = x1³ − x1 is a holonomic datum (rank 1 on Σ = {x1 ∈ {0, ±1}}) but its differentiated datum is rejected "
               "on ℝ × ℝ³: rank loss at x1² = 1/3, off Σ",
               rejected and bool(point) and sympy.expand(3 * point[x1]**2 - 1) == 0
               and sympy.simplify(cubic.along([point[x1], 0, 0])[0]) != 0, method="computation",
               detail=f"witness {witness}")
    chart = cubic_chart or Chart("ℝ × {3x1² − 1 ≠ 0}", (3 * x1**2 - 1,))
    accepted = not _rejects(lambda: velocity_constraint_datum(*law(cubic), R3, t, chart))[0]
    check.fact(f"… it is a datum on the open set O_v = {chart.description}, which contains Σ",
               accepted and all(chart.contains({t: 0, x1: v, x2: 0, x3: 0}) for v in (0, 1, -1)), method="computation")

    omega = list(converse_row)
    frobenius = satisfies_frobenius_condition(omega, [ZX, ZY, ZZ])
    check.fact(f"not conversely: ω = {sympy.sstr(omega)}·dx has ω ∧ dω ≠ 0, so no ρΦ_x = A locally (Frobenius): z' = xy' "
               "is the differentiated law of no holonomic model", frobenius, method="symbolic", expect=False,
               detail="the full argument is velocity_constraint.zxy_not_holonomic_equivalent")
    check.fact("… in particular A is no gradient D_xG (dω ≠ 0)", bool(exterior_derivative(omega, [ZX, ZY, ZZ])),
               method="symbolic")


remark("velocity_constraint.holonomic_to_velocity_not_conversely",
       title="A holonomic model gives a velocity-constraint model by differentiation, not conversely",
       statement=r"A holonomic model can be written as a velocity-constraint model by differentiating its constraint: "
                 r"$A=D_xG$, $b=G_t$, $k'=k$, since $\frac{d}{dt}G(t,x(t))=G_t+D_xGx'$; but not conversely (witness "
                 r"$z'=xy'$). Two subtleties: (i) the differentiated model has more motions, namely every level "
                 r"$G=\text{const}$ (the holonomic model is the part with data on $\Sigma$); (ii) the velocity datum "
                 r"requires $\operatorname{rank}D_xG=k$ on all of the open $O_v$, whereas the holonomic datum has it on "
                 r"$\Sigma$ only, so $O_v$ must be shrunk to the open set where the rank is $k$ ($G=x_1^3-x_1$: rank loss at "
                 r"$x_1^2=1/3$, off $\Sigma$). A holonomic model constrains configurations (its locus is a submanifold); "
                 r"a velocity-constraint model constrains velocities and its configuration stays in the open $Q$.",
       source=f"{SEED} bullet 'Position versus velocity constraints: … A holonomic model can be written as a "
              "velocity-constraint model by differentiating its constraint, but not conversely'",
       uses=[DATUM_ID, CURVE_ID, "holonomic.constraint_model_definition", "calculus.chain_rule_total_derivative",
             "velocity_constraint.zxy_not_holonomic_equivalent", "frobenius.rho_dphi_satisfies_frobenius_condition",
             "holonomic.nonconsistent_data_leave_locus", "velocity_constraint.holonomic_equivalence_definition"],
       proof_uses=["calculus.chain_and_product_rules_every_size", "calculus.zero_derivative_constant"])(
           lambda check: check_holonomic_to_velocity(check))


stated("examples.companion_pages", kind="cited", cited_kind="examples",
       title="The companion pages (worked pendulum and disk; planar no-slip against frictionless sliding)",
       statement="Seeds 001, 003 and 004 refer to 'the companion page' for worked examples: the pendulum and the "
                 "rolling disk (001), the planar ideal no-slip and frictionless sliding models compared (003), and the "
                 "'companion examples of this page' (004). The pages are not available; their checkable content is "
                 "covered by examples.ideal_planar_pendulum, examples.planar_rolling_disk_acceleration and "
                 "velocity_constraint.rolling_disk_holonomic_equivalent.",
       source="cited: seeds 001_2e69a9934e04987b.txt, 003_c763788c7bc283aa.txt, 004_ff83f823a612679d.txt 'the companion page'")


stated("velocity_constraint.rolling_models_distinct", kind="remark",
       title="Rolling is several models",
       statement="Planar straight rolling, no-slip rolling whose contact can supply the required friction, slip with "
                 "kinetic friction, and prescribed motion of the contact are different models with different "
                 "predictions; the planar ideal no-slip case is holonomic-equivalent (s' − aθ' = 0 with Φ = s − aθ, "
                 "ρ = 1). Tong's rolling-coin-on-a-slope example (x' = Rφ' sin θ, y' = Rφ' cos θ) is a specific "
                 "source-reported nonholonomic model; no classification of all three-dimensional rolling models is "
                 "asserted, and rank or contact changes are outside the definition. The companion page compares the "
                 "planar ideal no-slip and frictionless sliding models explicitly (not available here).",
       source=f"{SEED} bullet 'Rolling is several models'",
       uses=[DATUM_ID, MODEL_ID, "holonomic.planar_rolling_disk_constraint_example",
             "velocity_constraint.rolling_disk_holonomic_equivalent", "external.tong_rolling_coin_nonholonomic",
             "examples.companion_pages"])
