"""Seed 001's regular holonomic constraint in a time-dependent chart, its examples, and the two results it cites.

This file contains

* the definition ``holonomic.regular_constraint_definition`` (#12) of the constructions in
  :mod:`theorems.toolkit.chart` (:class:`Chart`, :func:`rank_everywhere_on_chart`,
  :func:`regular_holonomic_constraint`, :class:`RegularHolonomicConstraint`, re-exported here), and its hypotheses ``holonomic.chart_rank_everywhere``,
  ``holonomic.chart_mass_spd``, ``holonomic.chart_constraint_C2``, ``holonomic.chart_force_continuous``;
* the remark ``holonomic.regular_fibres_are_regular_level_sets`` (#13);
* the lemma ``holonomic.differentiated_constraint_permitted_velocity`` (#14, a checked proof) and the cited
  theorem ``calculus.chain_rule_total_derivative`` (#111; every size: :mod:`theorems.foundations.calculus_every_size`);
* the lemma ``holonomic.ideal_motion_implies_dalembert_condition`` (#15, checked proofs);
* the examples ``holonomic.pendulum_constraint_example`` (#16) and
  ``holonomic.planar_rolling_disk_constraint_example`` (#17), with their ideal dynamics from
  :func:`theorems.toolkit.holonomic_dynamics.ideal_holonomic_dynamics`;
* (in :mod:`.holonomic_chart_multipliers`) #18, the cited #87 and #88 (every size: :mod:`.holonomic_chart_every_size`).

Each verifier is a plain function ``check_*(check, **claim)`` whose keyword parameters are the data of
the claim with the true values as defaults; soundness tests run it on mutated claims.  The pointwise
constructions use plain Symbols (t, q); the dynamics use coordinates that are functions of t
(``sympy.physics.mechanics`` style), as the toolkit does.
"""
from __future__ import annotations

import contextlib
import functools
import itertools

import sympy
from hypothesis import strategies as st
from sympy import QQ, Function, Matrix, Rational, Symbol
from sympy.polys.rings import PolyRing

from checker import Decision, Proof, cited, definition, example, hypothesis, lemma, remark
from checker.kernel.engine.randomized import OutsideDomain
from checker.kernel.engine.zero import zero_test
from theorems.foundations.calculus_every_size import check_chain_rule_every_size
from theorems.foundations.linalg import euclidean_inner_product, transpose_multiplier
from theorems.toolkit.linear_algebra import compose_polynomial, polynomials_over_QQ
from theorems.toolkit.chart import (  # noqa: F401 - the toolkit's public names, re-exported
    WHOLE_SPACE, Chart, IrregularConstraint, RankUndecided, RegularHolonomicConstraint, _column,
    is_symmetric_positive_definite, rank_everywhere_on_chart, regular_holonomic_constraint, t)
from theorems.toolkit.strategies import full_row_rank_matrices, polynomials, rational_matrices, rationals, spd_matrices

__all__ = [
    "Chart", "WHOLE_SPACE", "IrregularConstraint", "RankUndecided", "RegularHolonomicConstraint",
    "rank_everywhere_on_chart", "regular_holonomic_constraint", "is_symmetric_positive_definite",
    "H_RANK_EVERYWHERE", "H_MASS_SPD", "H_CONSTRAINT_C2", "H_FORCE_CONTINUOUS",
    "pendulum_constraint", "rolling_disk_constraint", "pendulum_multiplier_by_hand",
    "check_regular_constraint_definition", "check_regular_fibres", "check_chain_rule",
    "check_differentiated_constraint", "check_ideal_motion_dalembert", "check_pendulum_example",
    "check_rolling_disk_example",
]

SEED001 = "seed 001_2e69a9934e04987b.txt"
DEFINITION_ID = "holonomic.regular_constraint_definition"
LEMMA_87 = "holonomic.reaction_transpose_multiple_lemma"
THEOREM_88 = "holonomic.ideal_system_time_dependent_chart"
CHAIN_RULE = "calculus.chain_rule_total_derivative"
TONG_COIN = "external.tong_rolling_coin_nonholonomic"

# ---------------------------------------------------------------------------
# the hypotheses of the definition (the constructions are theorems.toolkit.chart)
# ---------------------------------------------------------------------------

H_RANK_EVERYWHERE = hypothesis(
    "holonomic.chart_rank_everywhere",
    "G_q(t, q) has rank k at every point (t, q) of the chart O, not only on the locus G = 0 (seed 001's regularity)",
    predicate=lambda instance: bool(rank_everywhere_on_chart(*instance)),
    source=f"{SEED001}: 'G_q(t,q) has rank k for every (t,q) ∈ O'")
H_MASS_SPD = hypothesis("holonomic.chart_mass_spd", "M is a symmetric positive definite n×n matrix",
                        predicate=is_symmetric_positive_definite,
                        source=f"{SEED001}: 'Fix a symmetric positive definite matrix M'")
H_CONSTRAINT_C2 = hypothesis(
    "holonomic.chart_constraint_C2", "G : O → ℝᵏ is of class C² (C³ where the explicit acceleration is used)",
    predicate=lambda G: all(sympy.sympify(g).is_polynomial() for g in _column(G)),
    source=f"{SEED001}: 'let G : O → ℝᵏ be of class C²'")
H_FORCE_CONTINUOUS = hypothesis("holonomic.chart_force_continuous",
                                "the force f : O × ℝⁿ → ℝⁿ is continuous (C¹ where unique motions are used)",
                                source=f"{SEED001}: 'a continuous map f : O × ℝⁿ → ℝⁿ, the given force'")


def _rejects(make) -> tuple:
    """``(rejected, witness)`` for a constructor call."""
    try:
        make()
    except IrregularConstraint as exc:
        return True, exc.witness
    return False, None


# ---------------------------------------------------------------------------
# the examples' data
# ---------------------------------------------------------------------------

X, Y = sympy.symbols("x y", real=True)
THETA = Symbol("theta", real=True)
l, m, g = sympy.symbols("l m g", positive=True)
radius, inertia = sympy.symbols("a I_d", positive=True)
offset = Symbol("c", real=True)
PENDULUM_G = X**2 + Y**2 - l**2
PUNCTURED_PLANE = Chart("ℝ × (ℝ² ∖ {0})", (X**2 + Y**2,))
UPPER_LOWER_HALF_PLANES = Chart("ℝ × {(x, y) : y ≠ 0}", (Y,))
PLANE = Chart("ℝ × ℝ²")


def pendulum_constraint(chart: Chart = PUNCTURED_PLANE, rank_on: str = "chart") -> RegularHolonomicConstraint:
    """G(q) = |q|² − l² (l > 0) on the chart ℝ × (ℝ² ∖ {0}) (or another chart)."""
    return regular_holonomic_constraint([PENDULUM_G], (X, Y), t, chart, rank_on=rank_on)


def rolling_disk_constraint(c=offset) -> RegularHolonomicConstraint:
    """G(x, θ) = x − aθ − c on ℝ × ℝ² (the seed writes c = 0)."""
    return regular_holonomic_constraint([X - radius * THETA - c], (X, THETA), t, PLANE)


# ---------------------------------------------------------------------------
# random families of constraints with a planted rank-loss set
# ---------------------------------------------------------------------------

def _vector(values) -> Matrix:
    return Matrix(list(values))


def _expanded_over_QQ(build, gens):
    """``build`` applied to the generators of ℚ[gens], as sympy's expanded Expr: the same canonical sum of monomials
    as ``sympy.expand`` of the expression built from the Symbols, computed in the polynomial ring (rational data)."""
    ring = PolyRing(list(gens), QQ)
    return build(*ring.gens).as_expr()


def _planted_constraint(instance, coords):
    """(G, rank-loss chart complement, fibre point (t0, z), degenerate flag) of a planted instance.

    k = 1: G = (q − p)ᵀA(q − p) − c + β(t − t0), rank loss exactly at q = p.
    k = 2 (n = 3): G = (ℓ·(q − z) + β(t − t0), (q − p)ᵀA(q − p) − c), rank loss on the line p + s A⁻¹ℓ.
    c = (z − p)ᵀA(z − p), so (t0, z) is on the locus; ``degenerate`` instances put z on the rank-loss set.
    The polynomials are expanded exactly in ℚ[q, t] (the data are rational): the same Exprs as ``sympy.expand``.
    """
    k, A, p, z, ell, beta, t0, degenerate, s = instance
    p, ell = _vector(p), _vector(ell)
    u = A.LUsolve(ell) if k == 2 else None
    if degenerate:
        z = p + s * u if k == 2 else p
    z = _vector(z)
    degenerate = (z == p) if k == 1 else (z - p).cross(u).is_zero_matrix  # z on the rank-loss set
    c = ((z - p).T * A * (z - p))[0, 0]
    n = len(coords)
    gens = list(coords) + [t]
    rational = all(sympy.sympify(v).is_Rational for v in [*A, *p, *z, *ell, beta, t0, c] + (list(u) if k == 2 else []))
    if rational:
        num = QQ.from_sympy
        Aq, pq, zq, ellq = ([[num(A[i, j]) for j in range(n)] for i in range(n)], [num(v) for v in p],
                            [num(v) for v in z], [num(v) for v in ell])

        def quadric_poly(*g):
            d = [g[i] - pq[i] for i in range(n)]
            return sum((Aq[i][j] * d[i] * d[j] for i in range(n) for j in range(n)), g[0] * 0) - num(c)
        quadric = _expanded_over_QQ(quadric_poly, gens)
    else:
        q = _vector(coords)
        quadric = sympy.expand(((q - p).T * A * (q - p))[0, 0] - c)
    if k == 1:
        G = [quadric + beta * (t - t0)]
        if rational:
            h = _expanded_over_QQ(lambda *g: sum(((g[i] - pq[i]) ** 2 for i in range(n)), g[0] * 0), gens)
        else:
            h = sympy.expand(((q - p).T * (q - p))[0, 0])
        description = f"ℝ × (ℝ^{len(coords)} ∖ {{p}})"
    else:
        if rational:
            uq = [num(v) for v in u]
            G = [_expanded_over_QQ(lambda *g: sum((ellq[i] * (g[i] - zq[i]) for i in range(n)), g[0] * 0)
                                   + num(beta) * (g[n] - num(t0)), gens), quadric]

            def cross_norm(*g):
                d = [g[i] - pq[i] for i in range(3)]
                cross = [d[1] * uq[2] - d[2] * uq[1], d[2] * uq[0] - d[0] * uq[2], d[0] * uq[1] - d[1] * uq[0]]
                return cross[0] ** 2 + cross[1] ** 2 + cross[2] ** 2
            h = _expanded_over_QQ(cross_norm, gens)
        else:
            G = [sympy.expand((ell.T * (q - z))[0, 0] + beta * (t - t0)), quadric]
            cross = (q - p).cross(u)
            h = sympy.expand((cross.T * cross)[0, 0])
        description = "ℝ × (ℝ³ ∖ line p + s A⁻¹ℓ)"
    return G, Chart(description, (h,)), (t0, list(z)), degenerate


def _planted_instances(max_n: int = 3):
    def for_shape(shape):
        k, n = shape
        vec = st.lists(rationals(3, 2), min_size=n, max_size=n)
        return st.tuples(st.just(k), spd_matrices(n, max_num=2, max_den=2), vec, vec,
                         st.lists(rationals(3, 2, nonzero=True), min_size=n, max_size=n),
                         rationals(3, 2), rationals(2, 2), st.booleans(), rationals(3, 2, nonzero=True))
    shapes = [(1, n) for n in range(1, max_n + 1)] + ([(2, 3)] if max_n >= 3 else [])
    return st.sampled_from(shapes).flatmap(for_shape)


def _coords(n: int) -> list:
    return list(sympy.symbols(f"q1:{n + 1}", real=True))


def _describe_planted(instance):
    k, A, p, z, ell, beta, t0, degenerate, s = instance
    return {"k": k, "A": sympy.sstr(A), "p": [str(v) for v in p], "z": [str(v) for v in z], "ell": [str(v) for v in ell],
            "beta": str(beta), "t0": str(t0), "degenerate": degenerate, "s": str(s)}


# ---------------------------------------------------------------------------
# holonomic.regular_constraint_definition  (catalogue #12)
# ---------------------------------------------------------------------------

def _default_displacements(constraint, time_value, q_values):
    return constraint.virtual_displacements(time_value, q_values)


def check_regular_constraint_definition(check, *, rank_on="chart", virtual_displacements=_default_displacements,
                                        permitted=None, reaction_sign=1, max_n=3, samples=10):
    """The constructor rejects rank < k anywhere on O; V = ker G_q; permitted velocities; ideal-constraint motions.

    ``rank_on="locus"`` weakens the constructor to rank on Σ only (the hypothesis "on all of O" removed);
    ``virtual_displacements`` is the claimed construction of V; ``permitted`` the claimed permitted-velocity
    residual ``(constraint, v) -> expression`` (default G_t + G_q v); ``reaction_sign`` the sign in
    M q'' = f + sign·G_qᵀλ.
    """
    rejected, witness = _rejects(lambda: pendulum_constraint(PLANE, rank_on=rank_on))
    J = Matrix([PENDULUM_G]).jacobian([X, Y])
    witness_point = {X: sympy.sympify(witness["x"]), Y: sympy.sympify(witness["y"])} if witness else {}
    check.witness("pendulum G = |q|² − l² is not regular on ℝ × ℝ²", f"witness {witness}", [
        ("the constructor rejects it on ℝ × ℝ²", rejected, "computation"),
        ("at the witness G_q = 2qᵀ = 0, rank 0 < k = 1",
         bool(witness) and J.xreplace(witness_point).is_zero_matrix, "computation"),
    ], scope="pendulum, chart ℝ × ℝ²: rank on all of O, not only on the locus")
    for chart in (PUNCTURED_PLANE, UPPER_LOWER_HALF_PLANES):
        accepted = not _rejects(lambda: pendulum_constraint(chart, rank_on=rank_on))[0]
        check.fact(f"pendulum accepted on {chart.description}", accepted, method="computation",
                   detail=pendulum_constraint(chart).certificate.explanation if accepted else "rejected")
    disk = rolling_disk_constraint()
    check.fact("rolling disk G = x − aθ − c accepted on ℝ × ℝ²", disk.k == 1, method="computation",
               detail=disk.certificate.explanation)
    for label, G, coords in (("G = (x, 2x): rank 1 < k = 2 everywhere", [X, 2 * X], (X, Y)),
                             ("G = (x, y, x + y²): k = 3 > n = 2", [X, Y, X + Y**2], (X, Y))):
        check.fact(f"rejects {label}", _rejects(lambda: regular_holonomic_constraint(G, coords, t, PLANE,
                                                                                     rank_on=rank_on))[0],
                   method="computation")

    def constructor_discriminates(instance):
        k = instance[0]
        n = len(instance[2])
        coords = _coords(n)
        G, chart, _, _ = _planted_constraint(instance, coords)
        rejected_whole, witness = _rejects(lambda: regular_holonomic_constraint(G, coords, t, PLANE, rank_on=rank_on))
        if not rejected_whole:
            return False
        point = {t: sympy.sympify(witness["t"]), **{c: sympy.sympify(witness[str(c)]) for c in coords}}
        if Matrix(G).jacobian(coords).xreplace(point).rank() >= k:
            return False  # the witness is not a point of rank loss
        return not _rejects(lambda: regular_holonomic_constraint(G, coords, t, chart, rank_on=rank_on))[0]

    if samples:
        check.property("constructor: planted rank loss rejected on ℝ × ℝⁿ (exact witness), accepted on its complement",
                       _planted_instances(max_n), constructor_discriminates, samples=samples, describe=_describe_planted,
                       scope=f"{check.instances(samples)} instances; " + f"randomized, exact: k = 1 quadrics (q−p)ᵀA(q−p) − c + βt, n = 1..{max_n}; k = 2 plane ∩ quadric, "
                             "n = 3; A SPD; rank loss at p (k = 1) or on the line p + sA⁻¹ℓ (k = 2)")

    def displacements_and_velocities(instance):
        n = len(instance[2])
        coords = _coords(n)
        G, chart, (t0, z), degenerate = _planted_constraint(instance, coords)
        if degenerate:
            raise OutsideDomain("the fibre point lies on the rank-loss set")
        constraint = regular_holonomic_constraint(G, coords, t, chart)
        J = constraint.jacobian.xreplace(constraint.point(t0, z))
        basis = virtual_displacements(constraint, t0, z)
        k = constraint.k
        if len(basis) != n - k or any(not (J * _column(d)).is_zero_matrix for d in basis):
            return False
        if basis and Matrix.hstack(*[_column(d) for d in basis]).rank() != n - k:
            return False
        w1 = _column(instance[3])
        w2 = _column(instance[4])
        v1, v2 = constraint.permitted_velocity(t0, z, w1), constraint.permitted_velocity(t0, z, w2)
        residual = (lambda v: constraint.permitted_velocity_residual(t0, z, v)) if permitted is None else (
            lambda v: _column(permitted(constraint, v)).xreplace(constraint.point(t0, z)))
        if not (residual(v1).is_zero_matrix and residual(v2).is_zero_matrix):
            return False
        return (J * (v1 - v2)).is_zero_matrix  # permitted velocities form v1 + V

    pend = pendulum_constraint()
    on_circle = (Rational(3, 5) * l, Rational(4, 5) * l)
    basis = virtual_displacements(pend, 0, on_circle)
    check.fact("pendulum at q = l(3/5, 4/5): V = span{(−4, 3)} = ker 2qᵀ",
               len(basis) == 1 and (pend.jacobian.xreplace(pend.point(0, on_circle)) * _column(basis[0])).is_zero_matrix
               and Matrix.hstack(_column(basis[0]), Matrix([-4, 3])).rank() == 1, method="computation",
               detail=f"basis {basis}")
    if samples:
        check.property("V = ker G_q (n − k independent δ); permitted velocities v1 + V solve G_t + G_q v = 0",
                       _planted_instances(max_n), displacements_and_velocities, samples=samples, describe=_describe_planted,
                       scope=f"{check.instances(samples)} instances; " + f"randomized, exact: the planted rheonomic instances above at their locus point (t0, z) ∈ O, "
                             f"n = 1..{max_n}; permitted velocities = projections of random vectors")

    # Curves and motions, exactly.
    omega = Symbol("omega", positive=True)
    alpha = Symbol("alpha", positive=True)
    M2 = m * sympy.eye(2)
    zero_force = Matrix([0, 0])
    rotation = {X: l * sympy.cos(omega * t), Y: l * sympy.sin(omega * t)}
    check.fact("uniform rotation q = l(cos ωt, sin ωt) is a constrained curve", pend.constrained_curve(rotation),
               method="computation")
    uniform = pend.ideal_constraint_motion(M2, zero_force, rotation, multiplier=[-m * omega**2 / 2],
                                           reaction_sign=reaction_sign, permitted=permitted)
    check.fact("uniform rotation, f = 0: ideal-constraint motion with λ = −mω²/2 (M q'' = f + G_qᵀλ)", uniform,
               method="computation", scope="pendulum, M = m I, f = 0")
    accelerating = {X: l * sympy.cos(t**2), Y: l * sympy.sin(t**2)}
    check.fact("q = l(cos t², sin t²), f = 0: constrained, but its reaction is not G_qᵀλ (tangential part)",
               bool(pend.constrained_curve(accelerating))
               and not pend.ideal_constraint_motion(M2, zero_force, accelerating, reaction_sign=reaction_sign,
                                                    permitted=permitted),
               method="computation")
    check.fact("q = (l cos t, 2l sin t) is not a constrained curve",
               not pend.constrained_curve({X: l * sympy.cos(t), Y: 2 * l * sympy.sin(t)}), method="computation")
    wall = regular_holonomic_constraint([X - alpha * t**2 / 2], (X, Y), t, PLANE)
    pushed = {X: alpha * t**2 / 2, Y: t}
    check.fact("rheonomic wall G = x − αt²/2: q = (αt²/2, t), f = 0 is ideal with λ = mα (G_t = −αt enters)",
               wall.ideal_constraint_motion(M2, zero_force, pushed, multiplier=[m * alpha], reaction_sign=reaction_sign,
                                            permitted=permitted), method="computation",
               scope="n = 2, k = 1, rheonomic: permitted velocity G_t + G_q q' = −αt + αt = 0")
    check.witness("hypothesis predicates", "M SPD, rank everywhere", [
        ("holonomic.chart_mass_spd holds for [[2,1],[1,1]]", H_MASS_SPD.holds_for(Matrix([[2, 1], [1, 1]])), "computation"),
        ("… fails for diag(1, −1) and for [[1,2],[0,1]]", not H_MASS_SPD.holds_for(sympy.diag(1, -1))
         and not H_MASS_SPD.holds_for(Matrix([[1, 2], [0, 1]])), "computation"),
        ("holonomic.chart_rank_everywhere holds for the pendulum on ℝ × (ℝ² ∖ {0}) and fails on ℝ × ℝ²",
         H_RANK_EVERYWHERE.holds_for(([PENDULUM_G], (X, Y), t, PUNCTURED_PLANE))
         and not H_RANK_EVERYWHERE.holds_for(([PENDULUM_G], (X, Y), t, PLANE)), "computation"),
    ])


@definition(DEFINITION_ID,
            title="A regular holonomic constraint in a time-dependent chart, its virtual displacements, permitted "
                  "velocities and ideal-constraint motions",
            statement=r"Let $n,k\ge1$, $O\subseteq\mathbb R\times\mathbb R^n$ open and nonempty, $G:O\to\mathbb R^k$ of "
                      r"class $C^2$. The constraint $G(t,q)=0$ is regular when $G_q(t,q)$ has rank $k$ for every "
                      r"$(t,q)\in O$ (not only on the locus). With $M$ symmetric positive definite and $f$ continuous: a "
                      r"constrained curve has $(t,q(t))\in O$, $G(t,q(t))=0$; $V(t,q)=\ker G_q(t,q)$; $v$ is permitted "
                      r"when $G_t+G_qv=0$; a $C^2$ constrained curve with permitted velocity is an ideal-constraint "
                      r"motion when $Mq''=f(t,q,q')+G_q^{\mathsf T}\lambda$ for a continuous $\lambda$; "
                      r"$R=Mq''-f$ is the reaction and $R=G_q^{\mathsf T}\lambda$ its multiplier form. The converse "
                      r"(d'Alembert ⇒ ideal, unique $\lambda$) is the cited lemma "
                      r"\texttt{holonomic.reaction_transpose_multiple_lemma}; the determination of the motion is "
                      r"\texttt{holonomic.ideal_system_time_dependent_chart}. Chartwise, possibly rheonomic; no vakonomic "
                      r"relation is asserted; $\lambda$ is not a measured quantity.",
            source=f"{SEED001}: 'The constraint G(t,q)=0 is regular when G_q(t,q) has rank k for every (t,q) ∈ O' … "
                   "'Ideal-constraint motions' … 'R=G_q^T λ is its multiplier form'",
            uses=["constraints.holonomic_virtual_displacements", "linalg.euclidean_inner_product"],
            assumes=[H_RANK_EVERYWHERE, H_MASS_SPD, H_CONSTRAINT_C2, H_FORCE_CONTINUOUS])
def _(check):
    check_regular_constraint_definition(check)


# ---------------------------------------------------------------------------
# holonomic.regular_fibres_are_regular_level_sets  (catalogue #13)
# ---------------------------------------------------------------------------

#: every 1 ≤ k ≤ n ≤ 3: the checked proofs establish the remark for these sizes (scope n ≤ 3)
FIBRE_SIZES = tuple((k, n) for n in (1, 2, 3) for k in range(1, n + 1))


@functools.lru_cache(maxsize=None)
def _fibre_jacobians(k: int, n: int):
    """(G(t0, z), D(G(t0, ·))(z), G_q(t, q) at (t0, z)) for generic G_1..G_k(t, q) (computed once per size; the
    proofs and identities only read them)."""
    T, t0 = Symbol("T", real=True), Symbol("t0", real=True)
    Q, z = sympy.symbols(f"Q1:{n + 1}", real=True), sympy.symbols(f"z1:{n + 1}", real=True)
    funcs = [Function(f"G{a + 1}") for a in range(k)]
    G_q_at = Matrix([F(T, *Q) for F in funcs]).jacobian(list(Q)).subs({T: t0, **dict(zip(Q, z))}, simultaneous=True)
    fibre_map = Matrix([F(t0, *z) for F in funcs])
    return fibre_map, fibre_map.jacobian(list(z)), G_q_at


def _fibre_regularity_proof(k: int, n: int, require_regular: bool = True) -> Proof:
    """At a fibre point z of G(t0, ·) with (t0, z) ∈ O, D(G(t0, ·))(z) is onto ℝ^k: u = Jᵀ adj(JJᵀ) y / det(JJᵀ)
    solves J u = y for every y, where J is the Jacobian of the frozen map z ↦ G(t0, z) (generic G) and
    det(JJᵀ) ≠ 0 instantiates the rank hypothesis at (t0, z) (rank G_q = k there; J = G_q(t0, z))."""
    fibre_map, _, _ = _fibre_jacobians(k, n)
    # the Jacobian of z ↦ G(t0, z) at the fibre point, = G_q(t0, z) (the identity checked beside): any entries j_ai
    J = Matrix(k, n, lambda a_, i: Symbol(f"j{a_ + 1}{i + 1}", real=True))
    # rank k ⇔ det(JJᵀ) ≠ 0 (⇔ det J ≠ 0 when k = n, the cheaper certificate); w = Jᵀadj(JJᵀ)y (adj(J)y for k = n)
    square = k == n
    gram = sympy.expand(J.det() if square else (J * J.T).det())
    y = Matrix(sympy.symbols(f"y1:{k + 1}", real=True))
    w = Matrix(sympy.symbols(f"w1:{n + 1}", real=True))
    adjugate_image = J.adjugate() * y if square else J.T * (J * J.T).adjugate() * y
    p = Proof(f"fibre points are regular points (k = {k}, n = {n})")
    p.suppose("fibre point", (fibre_map, sympy.zeros(k, 1)), note="G(t0, z) = 0 and (t0, z) ∈ O")
    if require_regular:
        p.nonzero("rank k at (t0, z)", gram, assumption=H_RANK_EVERYWHERE,
                  note="(t0, z) ∈ O, so rank G_q(t0, z) = k, i.e. det(G_q G_qᵀ) ≠ 0 there (det G_q ≠ 0 for k = n)")
    defs = [p.define(f"w_{i + 1}", w[i], adjugate_image[i], note="w := Jᵀ adj(JJᵀ) y (polynomial)") for i in range(n)]
    scaled = [p.algebra(f"scaled row {a + 1}", defs, ((J * w)[a], gram * y[a]), certificate=[J[a, i] for i in range(n)],
                        note="(J w)_a = (JJᵀ adj(JJᵀ) y)_a = det(JJᵀ) y_a, and J = G_q(t0, z)") for a in range(k)]
    rows = [p.cancel(f"row {a + 1}", scaled[a], gram, ((J * w)[a] / gram, y[a]),
                     note="divide by det(G_q G_qᵀ) ≠ 0: J (w / det) = y") for a in range(k)]
    p.algebra("onto", rows, (J * w / gram, y),
              note="every y ∈ ℝ^k is D(G(t0, ·))(z) u with u = w / det: the differential is surjective")
    p.conclude("onto")
    return p


def check_regular_fibres(check, *, require_regular=True, max_n=3, proof_sizes=FIBRE_SIZES, samples=12,
                         every_dimension=True, right_inverse=lambda D, y: D.T * (D * D.T).I * y):
    """Every point (t0, z) of a fibre G(t0, ·)⁻¹(0) ∩ O_t0 of a regular constraint is a regular point (rank k):
    a right inverse of D = D(G(t0, ·))(z) = G_q(t0, z) for every k ≤ n (MatrixSymbols), checked proofs for generic G
    (1 ≤ k ≤ n ≤ 3), planted instances supporting them.

    ``require_regular=False`` drops the hypothesis: the proofs lose the rank step, the right inverse (which needs
    DDᵀ invertible, i.e. the hypothesis) is not available, the instances are taken on ℝ × ℝⁿ without the constructor.
    ``right_inverse(D, y)`` is the claimed preimage of y.
    """
    if every_dimension and require_regular:
        k, n = sympy.symbols("k n", integer=True, positive=True)
        D, y = sympy.MatrixSymbol("D", k, n), sympy.MatrixSymbol("y", k, 1)
        check.identity("D(G(t0, ·))(z) is onto: D·(Dᵀ(DDᵀ)⁻¹y) = y for every y (every k ≤ n)", D * right_inverse(D, y), y,
                       scope="symbolic dimension: D = D(G(t0, ·))(z) = G_q(t0, z) a k × n MatrixSymbol, every k ≤ n; "
                                "DDᵀ is invertible because rank G_q(t0, z) = k at (t0, z) ∈ O (the hypothesis)")

    def fibre_point_is_regular(instance):
        n = len(instance[2])
        coords = _coords(n)
        G, chart, (t0, z), _ = _planted_constraint(instance, coords)
        if require_regular:
            constraint = regular_holonomic_constraint(G, coords, t, chart)
            if not chart.contains(constraint.point(t0, z)):
                raise OutsideDomain("the locus point lies outside the chart")
        else:
            constraint = RegularHolonomicConstraint(Matrix(G), tuple(coords), t, PLANE, Decision(True))
        at = constraint.point(t0, z)
        if not Matrix(G).xreplace(at).is_zero_matrix:
            return False
        J = constraint.jacobian.xreplace(at)
        return J.rank() == constraint.k and J.columnspace() and Matrix.hstack(*J.columnspace()).rank() == constraint.k

    decided = every_dimension and require_regular  # the every-size identity decides: the rest supports
    _pendulum_and_degenerate_fibres(check)
    # the checked proofs at 1 ≤ k ≤ n ≤ 3 support the every-size identity: recorded after every claim check
    with (check.supporting() if decided else contextlib.nullcontext()):
        _fibre_proofs(check, proof_sizes, require_regular)
    with (check.supporting() if (decided or proof_sizes) else contextlib.nullcontext()):
        if samples:
            _fibres_on_planted_instances(check, fibre_point_is_regular, max_n, samples, require_regular)


def _fibre_proofs(check, proof_sizes, require_regular):
    """D(G(t0, ·))(z) = G_q(t0, z) and the checked proof that it is onto ℝ^k, for generic G at each (k, n)."""
    for k, n in check.sweep(proof_sizes):
        _, J, G_q_at = _fibre_jacobians(k, n)
        check.identity(f"D(G(t0, ·))(z) = G_q(t0, z) (k = {k}, n = {n})", J, G_q_at,
                       scope=f"symbolic, generic G(t, q), k = {k}, n = {n}")
        check.proof(f"D(G(t0, ·))(z) is onto ℝ^k at every fibre point in O (k = {k}, n = {n})",
                    _fibre_regularity_proof(k, n, require_regular),
                    scope=f"symbolic, generic G ∈ C¹ (k = {k}, n = {n}), every fibre point (t0, z) ∈ O")


def _fibres_on_planted_instances(check, fibre_point_is_regular, max_n, samples, require_regular):
    check.property("points of the fibres in O are regular points: D(G(t0,·))(z) surjective (rank k)",
                   _planted_instances(max_n), fibre_point_is_regular, samples=samples, describe=_describe_planted,
                   scope=f"{check.instances(samples)} instances; " + f"randomized, exact: planted k = 1 (n = 1..{max_n}) and k = 2 (n = 3) instances with a chosen "
                         "locus point, some of them on the rank-loss set; "
                         + ("constructor-accepted on the complement of the rank-loss set" if require_regular
                            else "hypothesis dropped: chart ℝ × ℝⁿ, no constructor"))


def _pendulum_and_degenerate_fibres(check):
    pend = pendulum_constraint()
    points = [(l * (1 - s**2) / (1 + s**2), l * 2 * s / (1 + s**2)) for s in (Rational(0), Rational(1, 2), Rational(2), -3)]
    check.fact("pendulum: rational points of the circle |q| = l have G_q = 2qᵀ of rank 1",
               all(sympy.simplify(PENDULUM_G.xreplace({X: a, Y: b})) == 0
                   and pend.jacobian.xreplace({X: a, Y: b}).rank(simplify=True) == 1 for a, b in points),
               method="computation", detail=f"points {points}")
    degenerate = Matrix([X**2 + Y**2])
    rejected, _ = _rejects(lambda: regular_holonomic_constraint(degenerate, (X, Y), t, PLANE))
    check.necessary(H_RANK_EVERYWHERE, "G = |q|² (l = 0) on ℝ × ℝ²",
                    violates=[("the constructor rejects G = |q|² (rank loss at q = 0)", rejected, "computation")],
                    conclusion_fails=[
                        ("its fibre is {0}: G(0) = 0 and G = x² + y² is a sum of squares of real coordinates",
                         degenerate[0].xreplace({X: 0, Y: 0}) == 0 and sympy.expand(degenerate[0] - X**2 - Y**2) == 0,
                         "computation"),
                        ("G_q(0) = 0: the fibre point is not a regular point",
                         degenerate.jacobian([X, Y]).xreplace({X: 0, Y: 0}).is_zero_matrix, "computation")])


@remark("holonomic.regular_fibres_are_regular_level_sets",
        title="Fibres of a regular constraint are regular level sets",
        statement=r"If $G_q$ has rank $k$ on all of $O$, each fibre $G(t,\cdot)^{-1}(0)\subseteq O_t$ is a regular level "
                  r"set: every point of it is a regular point ($D(G(t,\cdot))$ surjective). Without the rank hypothesis "
                  r"this fails: $G=|q|^2$ has the fibre $\{0\}$ with $G_q(0)=0$.",
        source=f"{SEED001}: 'Under this hypothesis each fibre G(t,·)^(-1)(0) is a regular level set and every point of it "
               "is a regular point'",
        uses=[DEFINITION_ID, "calculus.regular_critical_points_values_level_sets"], assumes=[H_RANK_EVERYWHERE])
def _(check):
    check_regular_fibres(check)


# ---------------------------------------------------------------------------
# calculus.chain_rule_total_derivative  (catalogue #111)
# ---------------------------------------------------------------------------

CHAIN_SIZES = tuple(itertools.product((1, 2, 3), repeat=3))


def _generic_map(name: str, variables, rows: int) -> Matrix:
    return Matrix([Function(f"{name}{i + 1}")(*variables) for i in range(rows)])


def check_chain_rule(check, *, product=lambda Dg_at_f, Df: Dg_at_f * Df, evaluate_outer_at_image=True,
                     sizes=CHAIN_SIZES, max_dim=3, samples=12, every_size=True):
    """D(g∘f)(a) = Dg(f(a))·Df(a) for every m, p, r (``every_size``, deciding: :mod:`.calculus_every_size`); generic f,
    g at ``sizes`` and polynomial maps support.  ``product``: the claimed rule; ``evaluate_outer_at_image=False``: Dg(a)."""
    if every_size:
        check_chain_rule_every_size(check, product=product, evaluate_outer_at_image=evaluate_outer_at_image)
    with (check.supporting() if every_size else contextlib.nullcontext()):
        _chain_rule_generic(check, product, evaluate_outer_at_image, sizes)

    def exact_on_polynomials(instance):
        (mm, p, r), f_polys, g_polys = instance
        x = sympy.symbols(f"x1:{mm + 1}", real=True)
        y = sympy.symbols(f"y1:{p + 1}", real=True)
        f = Matrix([sympy.sympify(e).xreplace(dict(zip(_POLY_VARS, x))) for e in f_polys])
        gy = Matrix([sympy.sympify(e).xreplace(dict(zip(_POLY_VARS, y))) for e in g_polys])
        composite = gy.xreplace(dict(zip(y, f)))
        at = dict(zip(y, f)) if evaluate_outer_at_image else {yi: x[i % mm] for i, yi in enumerate(y)}
        try:
            claimed = product(gy.jacobian(list(y)).xreplace(at), f.jacobian(list(x)))
        except sympy.ShapeError:
            return False
        return all(sympy.expand(e) == 0 for e in _composite_jacobian(gy, y, f, x, composite) - claimed)

    if not samples:
        return
    dims = st.tuples(st.integers(1, max_dim), st.integers(1, max_dim), st.integers(1, max_dim))
    with check.supporting():  # duplicates the generic identities above on polynomial maps: evidence, not the proof
        _chain_rule_on_polynomials(check, dims, exact_on_polynomials, samples, max_dim)


def _chain_rule_generic(check, product, evaluate_outer_at_image, sizes):
    for mm, p, r in check.sweep(sizes):
        x = sympy.symbols(f"x1:{mm + 1}", real=True)
        y = sympy.symbols(f"y1:{p + 1}", real=True)
        f = _generic_map("f", x, p)
        gy = _generic_map("g", y, r)
        composite = gy.xreplace(dict(zip(y, f)))
        Dg = gy.jacobian(list(y))
        if evaluate_outer_at_image:
            Dg_at = Dg.subs(dict(zip(y, f)), simultaneous=True)
        else:
            Dg_at = Dg.subs({yi: x[i % mm] for i, yi in enumerate(y)}, simultaneous=True)
        try:
            claimed = product(Dg_at, f.jacobian(list(x)))
        except sympy.ShapeError:
            claimed = sympy.zeros(r, mm) + sympy.oo
        if claimed.shape != (r, mm):
            check.fact(f"D(g∘f) has the shape r × m (m,p,r) = ({mm},{p},{r})", claimed.shape == composite.jacobian(list(x)).shape,
                       method="computation", detail=f"claimed shape {claimed.shape}")
            continue
        check.identity(f"D(g∘f) = Dg(f)·Df, (m,p,r) = ({mm},{p},{r})", composite.jacobian(list(x)), claimed,
                       scope=f"symbolic, generic C¹ f: ℝ^{mm} → ℝ^{p}, g: ℝ^{p} → ℝ^{r}")


def _composite_jacobian(g, y, f, x, composite) -> Matrix:
    """D(g∘f) for polynomial maps over ℚ: g∘f composed and differentiated exactly in ℚ[x] (the expanded Exprs of
    ``composite.jacobian(x)``); ``composite.jacobian(x)`` itself when a map is not a polynomial over ℚ."""
    f_polys, g_polys = polynomials_over_QQ(list(f), list(x)), polynomials_over_QQ(list(g), list(y))
    if f_polys is None or g_polys is None:
        return composite.jacobian(list(x))
    ring = f_polys[0].ring
    composed = [compose_polynomial(gp.terms(), f_polys, ring) for gp in g_polys]
    return Matrix(len(composed), len(x), [p.diff(gen).as_expr() for p in composed for gen in ring.gens])


def _chain_rule_on_polynomials(check, dims, exact_on_polynomials, samples, max_dim):
    check.property("D(g∘f) = Dg(f)·Df for polynomial maps, as polynomial identities", dims.flatmap(
        lambda d: st.tuples(st.just(d), st.lists(polynomials(_POLY_VARS[:d[0]], 2, 3, max_num=4, max_den=2), min_size=d[1],
                                                  max_size=d[1]),
                            st.lists(polynomials(_POLY_VARS[:d[1]], 2, 3, max_num=4, max_den=2), min_size=d[2],
                                     max_size=d[2]))),
                   exact_on_polynomials, samples=samples, describe=lambda inst: [inst[0], [sympy.sstr(e) for e in inst[1]],
                                                                            [sympy.sstr(e) for e in inst[2]]],
                   scope=f"{check.instances(samples)} instances; " + f"randomized, exact polynomial identities: f, g of degree ≤ 2, dimensions 1..{max_dim}")


_POLY_VARS = sympy.symbols("u1:4", real=True)


@cited(CHAIN_RULE, cited_kind="theorem",
       title="The chain rule for total derivatives: D(g∘f)(a) = Dg(f(a))∘Df(a)",
       statement=r"If $f$ is differentiable at $a$ and $g$ at $f(a)$, then $D(g\circ f)(a)=Dg(f(a))\circ Df(a)$; in "
                 r"matrices, the Jacobian of $g\circ f$ is the product $Dg(f(a))\,Df(a)$.",
       source="cited: 003, 004 'The chain rule for total derivatives: D(g∘f)(a)=Dg(f(a))∘Df(a)'",
       avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_chain_rule(check)


# ---------------------------------------------------------------------------
# holonomic.differentiated_constraint_permitted_velocity  (catalogue #14)
# ---------------------------------------------------------------------------

def _time_partial(func, args, time=t):
    """∂_t of the generic function ``func`` in its first slot, at (t, q(t)): Subs(d/ds func(s, q(t)), s, t)."""
    s = sympy.Dummy("s")
    return sympy.Subs(sympy.Derivative(func(s, *args[1:]), s), s, time)


#: every (k, n) with k, n ≤ 3 (the rows are independent: the identity and proof of each size cover it; scope k, n ≤ 3)
DIFFERENTIATED_SIZES = tuple(itertools.product((1, 2, 3), repeat=2))


def check_permitted_velocity_every_size(check, *, drop_time_term=False, drop_velocity_term=False):
    """For every k, n, componentwise: g_a(t) = G_a(t, q(t)) ≡ 0 on I, and by the chain rule of every size (cited,
    :data:`CHAIN_AND_PRODUCT_RULES`) g_a' = T_a + V_a with T_a = (G_t)_a and V_a = (G_q q')_a at (t, q(t)); so
    T_a + V_a = g_a' = 0 (checked proof, the components as generic functions of t: no size enters)."""
    from theorems.foundations.analytic_facts import CHAIN_AND_PRODUCT_RULES
    g, time_part, velocity_part = (Function(name, real=True)(t) for name in ("g_a", "T_a", "V_a"))
    claimed = (0 if drop_time_term else time_part) + (0 if drop_velocity_term else velocity_part)
    p = Proof("a C¹ constrained curve has a permitted velocity, for every k and n")
    p.suppose("constrained", (g, 0), along=t, note="g_a(t) = G_a(t, q(t)) = 0 for every t in I (any component a)")
    p.suppose("chain rule", (g.diff(t), time_part + velocity_part), along=t,
              note=f"the cited chain rule of every size ({CHAIN_AND_PRODUCT_RULES}): d/dt G_a(t, q(t)) = (G_t)_a + "
                   "(G_q q')_a")
    p.differentiate("g' = 0", "constrained", t, (g.diff(t), 0), note="differentiate the hypothesis")
    p.algebra("permitted", ["chain rule", "g' = 0"], (claimed, 0), note="(G_t + G_q q')_a = g_a' = 0")
    p.conclude("permitted")
    check.proof("G(t, q(t)) ≡ 0 ⇒ G_t + G_q q' = 0 (every k, n; each component)", p,
                scope=f"every k, n: componentwise, with the cited chain rule of every size ({CHAIN_AND_PRODUCT_RULES})")


def check_differentiated_constraint(check, *, drop_time_term=False, drop_velocity_term=None, sizes=DIFFERENTIATED_SIZES,
                                    max_n=3, samples=12):
    """d/dt G(t, q(t)) = G_t + G_q q' (generic G); so G(t, q(t)) ≡ 0 forces a permitted velocity (checked proof)."""
    for k, n in check.sweep(sizes):
        q = [Function(f"q{i + 1}", real=True)(t) for i in range(n)]
        funcs = [Function(f"G{a + 1}") for a in range(k)]
        G = Matrix([F(t, *q) for F in funcs])
        G_t = Matrix([_time_partial(F, (t, *q)) for F in funcs])
        G_q = Matrix(k, n, lambda a, i: sympy.Derivative(G[a], q[i]))
        velocity_terms = [[G_q[a, i] * q[i].diff(t) for i in range(n)] for a in range(k)]
        if drop_velocity_term is not None:
            for row in velocity_terms:
                row.pop(drop_velocity_term)
        claimed = Matrix([(0 if drop_time_term else G_t[a]) + sum(velocity_terms[a]) for a in range(k)])
        scope = f"symbolic, generic G(t, q) ∈ C¹, k = {k}, n = {n}, generic C¹ curve q(t)"
        check.identity(f"d/dt G(t, q(t)) = G_t + G_q q' (k = {k}, n = {n})", G.diff(t), claimed, scope=scope)
        p = Proof("a C¹ constrained curve has a permitted velocity")
        p.suppose("constrained", (G, sympy.zeros(k, 1)), along=t, note="G(t, q(t)) = 0 for every t ∈ I")
        p.algebra("chain rule", [], (G.diff(t), claimed), note="d/dt G(t, q(t)) = G_t + G_q q' (an identity sympy checks)")
        p.differentiate("permitted", "constrained", t, (claimed, sympy.zeros(k, 1)),
                        note="differentiate the hypothesis: G_t + G_q q' = 0, i.e. q' is permitted")
        p.conclude("permitted")
        check.proof(f"G(t, q(t)) ≡ 0 ⇒ G_t + G_q q' = 0 (k = {k}, n = {n})", p, scope=scope)

    def along_polynomial_curves(instance):
        n, g_poly, curve = instance
        Q = _coords(n)
        T = _POLY_T
        curve = [sympy.sympify(c).xreplace({T: t}) for c in curve]
        g = sympy.sympify(g_poly).xreplace({T: t, **dict(zip(_POLY_Q, Q))})
        G = g - g.xreplace(dict(zip(Q, curve)))  # G(t, q) vanishes along the curve: a constrained curve
        on_curve = {**dict(zip(Q, curve))}
        G_t = (0 if drop_time_term else sympy.diff(G, t))
        terms = [sympy.diff(G, qi) * sympy.diff(ci, t) for qi, ci in zip(Q, curve)]
        if drop_velocity_term is not None and drop_velocity_term < n:
            terms.pop(drop_velocity_term)
        return sympy.expand((G_t + sum(terms)).xreplace(on_curve)) == 0

    if not samples:
        return
    curves = st.integers(1, max_n).flatmap(lambda n: st.tuples(
        st.just(n), polynomials([_POLY_T] + list(_POLY_Q[:n]), 2, 4, min_terms=1, max_num=4, max_den=2),
        st.lists(polynomials([_POLY_T], 2, 3, max_num=4, max_den=2), min_size=n, max_size=n)))
    # the generic identities and proofs above decide; the polynomial instances only support them
    # (a claim check when no symbolic size runs, as in the mutation tests of the randomized part)
    with (check.supporting() if sizes else contextlib.nullcontext()):
        _permitted_on_polynomial_curves(check, curves, along_polynomial_curves, samples, max_n)


def _permitted_on_polynomial_curves(check, curves, along_polynomial_curves, samples, max_n):
    check.property("G_t + G_q c' ≡ 0 along polynomial constrained curves c of G(t,q) = g(t,q) − g(t,c(t))", curves,
                   along_polynomial_curves, samples=samples,
                   describe=lambda inst: {"n": inst[0], "g": sympy.sstr(inst[1]), "c": [sympy.sstr(c) for c in inst[2]]},
                   scope=f"{check.instances(samples)} instances; " + f"randomized, exact: polynomial g(t, q) of degree ≤ 2 (rheonomic), polynomial curves, n = 1..{max_n}")


_POLY_T = Symbol("T", real=True)
_POLY_Q = sympy.symbols("Q1:4", real=True)


@lemma("holonomic.differentiated_constraint_permitted_velocity",
       title="The velocity of a C¹ constrained curve is permitted",
       statement=r"If $G\in C^1(O,\mathbb R^k)$ and $q:I\to\mathbb R^n$ is a $C^1$ constrained curve, then "
                 r"$\frac{d}{dt}G(t,q(t))=G_t(t,q(t))+G_q(t,q(t))q'(t)=0$: $q'(t)$ is a permitted velocity for "
                 r"every $t\in I$ (so condition 1 of an ideal-constraint motion is automatic).",
       source=f"{SEED001}: 'For a C¹ constrained curve the differentiated constraint forces G_t + G_q q' = 0, so its "
              "velocity is automatically permitted'; seed 004_ff83f823a612679d.txt (b)",
       uses=[DEFINITION_ID], proof_uses=[CHAIN_RULE, "calculus.chain_and_product_rules_every_size"],
       avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_permitted_velocity_every_size(check)
    with check.supporting():  # the chain rule itself at k, n <= 3 for generic G: sanity checks of the cited rule
        check_differentiated_constraint(check)


# ---------------------------------------------------------------------------
# holonomic.ideal_motion_implies_dalembert_condition  (catalogue #15)
# ---------------------------------------------------------------------------

def _multiplier_reaction(G_q, lam, M):
    """The multiplier form R = G_qᵀλ."""
    return G_q.T * lam


def _kernel_displacements(G_q):
    return [d for d in G_q.nullspace()]


def _generic_jacobian(k: int, n: int):
    T, Q = Symbol("T", real=True), sympy.symbols(f"Q1:{n + 1}", real=True)
    G = Matrix([Function(f"G{a + 1}")(T, *Q) for a in range(k)])
    return G.jacobian(list(Q))


def _dalembert_proofs(check, reaction, pairing_sign, sizes):
    """R = G_qᵀλ ⇒ R·δ = λ·G_qδ; δ ∈ ker G_q ⇒ R·δ = 0 and (M q'' − f)·δ = 0 (checked proofs, generic entries)."""
    for k, n in check.sweep(sizes):
        G_q = Matrix(k, n, lambda a_, i: Symbol(f"j{a_ + 1}{i + 1}", real=True))  # G_q(t, q) of any G, at a point
        lam = Matrix(sympy.symbols(f"lambda1:{k + 1}", real=True))
        delta = Matrix(sympy.symbols(f"delta1:{n + 1}", real=True))
        Msym = Matrix(n, n, lambda i, j: Symbol(f"m{min(i, j) + 1}{max(i, j) + 1}", real=True))
        R = reaction(G_q, lam, Msym)
        scope = (f"symbolic, k = {k}, n = {n}: the Jacobian G_q(t, q) of any G at a point, generic entries j_ai = "
                 "∂G_a/∂q_i, generic λ, δ (the claim is pointwise)")
        check.identity(f"R·δ = λ·G_qδ for every δ (k = {k}, n = {n})", euclidean_inner_product(R, delta),
                       pairing_sign * euclidean_inner_product(lam, G_q * delta), scope=scope)
        p = Proof("the reaction G_qᵀλ does no virtual work")
        p.suppose("virtual", (G_q * delta, sympy.zeros(k, 1)), note="δ ∈ V(t, q) = ker G_q")
        p.algebra("no virtual work", ["virtual"], (euclidean_inner_product(R, delta), 0), certificate=list(lam),
                  note="R·δ = Σ_a λ_a (G_qδ)_a")
        p.conclude("no virtual work")
        check.proof(f"δ ∈ ker G_q ⇒ (G_qᵀλ)·δ = 0 (k = {k}, n = {n})", p, scope=scope)
        accel = Matrix(sympy.symbols(f"A1:{n + 1}", real=True))
        force = Matrix(sympy.symbols(f"f1:{n + 1}", real=True))
        d = Proof("an ideal-constraint motion satisfies the d'Alembert condition")
        d.suppose("motion", (Msym * accel, force + R), note="M q'' = f + G_qᵀλ at time t")
        d.suppose("virtual", (G_q * delta, sympy.zeros(k, 1)), note="δ ∈ V(t, q(t))")
        d.algebra("dalembert", ["motion", "virtual"], (euclidean_inner_product(Msym * accel - force, delta), 0),
                  certificate=list(delta) + list(lam), note="(M q'' − f)·δ = Σ_i δ_i (motion)_i + Σ_a λ_a (G_qδ)_a")
        d.conclude("dalembert")
        check.proof(f"(M q'' − f)·δ = 0 for δ ∈ V (k = {k}, n = {n})", d, scope=scope + ", symmetric M")


def _dalembert_every_dimension(check, reaction, pairing_sign, motion_reaction_sign=1):
    """For symbolic k, n (MatrixSymbols of shape k × n, k × 1, n × 1, n × n): R·δ = λᵀ(G_qδ) for every δ, a linear
    function of G_qδ, so R·δ = λᵀ0 = 0 on ker G_q; along a motion, q'' = M⁻¹(f + R) (M invertible),
    (M q'' − f)·δ = λᵀ(G_qδ) as well, 0 on ker G_q.  (The same implications in coordinates are the checked proofs of
    :func:`_dalembert_proofs`, supporting.)
    ``motion_reaction_sign`` is a test mutation of the equation of motion (M q'' = f − R must be refuted)."""
    k, n = sympy.symbols("k n", integer=True, positive=True)
    G_q, lam, delta = sympy.MatrixSymbol("G_q", k, n), sympy.MatrixSymbol("lambda", k, 1), sympy.MatrixSymbol("delta", n, 1)
    Mx, f = sympy.MatrixSymbol("M", n, n), sympy.MatrixSymbol("f", n, 1)
    R = reaction(G_q, lam, Mx)
    scope = "symbolic dimension: k × n MatrixSymbol G_q (any G_q, any rank), λ ∈ ℝ^k, δ ∈ ℝ^n, every k, n ≥ 1"
    check.identity("R·δ = λᵀ(G_qδ) for every δ, so R·δ = 0 for δ ∈ V = ker G_q (every k, n)", R.T * delta,
                   pairing_sign * (lam.T * (G_q * delta)), scope=scope)
    # an ideal motion: the acceleration q'' = M⁻¹(f + R) solves M q'' = f + R (M symmetric positive definite)
    acceleration = Mx.I * (f + motion_reaction_sign * R)
    check.identity("(M q'' − f)·δ = λᵀ(G_qδ) along q'' = M⁻¹(f + G_qᵀλ), so (M q'' − f)·δ = 0 for δ ∈ V (every k, n)",
                   (Mx * acceleration - f).T * delta,
                   pairing_sign * (lam.T * (G_q * delta)), scope=scope + ", M invertible")


def check_ideal_motion_dalembert(check, *, reaction=_multiplier_reaction, displacements=_kernel_displacements,
                                 pairing_sign=1, motion_reaction_sign=1, sizes=((1, 2), (1, 3), (2, 3)), max_k=4, max_n=6, samples=15,
                                 every_dimension=True, right_inverse=lambda D, y: D.T * (D * D.T).I * y):
    """R = G_qᵀλ ⇒ R·δ = λ·G_qδ = 0 on V = ker G_q (identities in MatrixSymbols of symbolic shape, and checked proofs
    for fixed sizes); so (M q'' − f)·δ = 0; converse by lemma #87 (instances support).

    ``reaction(G_q, λ, M)`` is the claimed multiplier form, ``displacements(G_q)`` the claimed basis of V and
    ``pairing_sign`` the sign in R·δ = sign·λ·G_qδ.
    """
    with check.without(H_RANK_EVERYWHERE, note="the symbolic identities and proofs hold for a Jacobian G_q with "
                                               "generic entries, of any rank"):
        if every_dimension:
            _dalembert_every_dimension(check, reaction, pairing_sign, motion_reaction_sign)
        else:  # the checked proofs in coordinates decide
            _dalembert_proofs(check, reaction, pairing_sign, sizes)
    if every_dimension:  # the proofs at fixed (k, n) support: after the claims, outside the without-block
        with check.supporting():
            _dalembert_proofs(check, reaction, pairing_sign, sizes)
    # the instances below support the symbolic checks (they decide only when no symbolic check runs)
    with (check.supporting() if (sizes or every_dimension) else contextlib.nullcontext()):
        _dalembert_instances(check, reaction, displacements, max_k, max_n, samples)


def _dalembert_instances(check, reaction, displacements, max_k, max_n, samples):

    def random_sizes():
        return st.sampled_from([(kk, nn) for kk in range(1, max_k + 1) for nn in range(kk + 1, max_n + 1)]).flatmap(
            lambda s: st.tuples(full_row_rank_matrices(*s, max_num=4, max_den=2), rational_matrices(s[0], 1, 4, 2),
                                spd_matrices(s[1], 2, 2), rational_matrices(s[1], 1, 4, 2),
                                rational_matrices(s[1], 1, 4, 2)))

    def dalembert_on_instances(instance):
        G_q, lam, M, f, w = instance
        R = reaction(G_q, lam, M)
        acceleration = M.LUsolve(f + R)
        basis = displacements(G_q)
        if len(basis) != G_q.cols - G_q.rows or any(not (G_q * b).is_zero_matrix for b in basis):
            return False
        if any(euclidean_inner_product(R, b) != 0 or euclidean_inner_product(M * acceleration - f, b) != 0 for b in basis):
            return False
        # the converse (lemma #87): a reaction annihilating V is G_qᵀμ with μ = (G_qG_qᵀ)⁻¹G_q R'
        P = G_q.T * (G_q * G_q.T).LUsolve(G_q)
        R_perp = P * w  # the part of w annihilating ker G_q
        mu = transpose_multiplier(G_q, R_perp)
        return (G_q.T * mu - R_perp).is_zero_matrix

    fixed = (Matrix([[1, 2, 0], [0, 1, 1]]), Matrix([1, -2]), Matrix([[2, 1, 0], [1, 2, 0], [0, 0, 1]]),
             Matrix([1, 0, -1]), Matrix([0, 1, 2]))
    check.fact("a fixed instance (k = 2, n = 3): (M q'' − f)·δ = 0 on ker G_q, and the converse",
               dalembert_on_instances(fixed), method="computation", detail=f"instance {[sympy.sstr(e) for e in fixed]}")
    if not samples:
        return
    check.property("(M q'' − f)·δ = 0 on ker G_q for q'' = M⁻¹(f + G_qᵀλ); converse: R ⟂ V ⇒ R = G_qᵀ(G_qG_qᵀ)⁻¹G_qR",
                   random_sizes(), dalembert_on_instances, samples=samples,
                   describe=lambda inst: [sympy.sstr(x) for x in inst],
                   scope=f"{check.instances(samples)} instances; " + f"randomized, exact rationals: G_q of rank k, k = 1..{max_k}, n = k+1..{max_n}, M SPD, random λ, f")


@lemma("holonomic.ideal_motion_implies_dalembert_condition",
       title="Ideal-constraint motions satisfy the d'Alembert condition",
       statement=r"If $R=G_q^{\mathsf T}\lambda$ then $R\cdot\delta=\lambda\cdot G_q\delta=0$ for every "
                 r"$\delta\in V(t,q)=\ker G_q(t,q)$; hence every ideal-constraint motion satisfies "
                 r"$(Mq''-f(t,q,q'))\cdot\delta=0$ for $\delta\in V(t,q(t))$: the reaction does no virtual work. (No "
                 r"rank hypothesis is needed; the converse with a unique multiplier is "
                 r"\texttt{holonomic.reaction_transpose_multiple_lemma} and needs rank $k$.)",
       source=f"{SEED001}: 'Since G_q^T λ·δ = λ·G_q δ = 0 for every δ ∈ V(t,q), every ideal-constraint motion satisfies the "
              "d'Alembert condition'",
       uses=[DEFINITION_ID, "linalg.euclidean_inner_product", LEMMA_87], assumes=[H_RANK_EVERYWHERE],
       avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_ideal_motion_dalembert(check)


# ---------------------------------------------------------------------------
# holonomic.pendulum_constraint_example  (catalogue #16)
# ---------------------------------------------------------------------------

def pendulum_multiplier_by_hand(x, y, vx, vy):
    """λ on the locus, from d²/dt²(|q|² − l²) = 2|q'|² + 2q·q'' = 0 with m q'' = (0, −mg) + 2λq:
    |q'|² − g y + 2λl²/m = 0, so λ = −m(|q'|² − g y)/(2l²)."""
    return -m * (vx**2 + vy**2 - g * y) / (2 * l**2)


def check_pendulum_example(check, *, hand_multiplier=pendulum_multiplier_by_hand, rank_witness=(0, 0),
                           tension=None, frequency_equation=None):
    """G = |q|² − l²: regular on ℝ × (ℝ²∖{0}) and ℝ × {y ≠ 0}, not on ℝ × ℝ² (q = 0); λ, θ'' and the tension from the toolkit."""
    J = Matrix([PENDULUM_G]).jacobian([X, Y])
    check.identity("G_q = 2qᵀ", J, 2 * Matrix([[X, Y]]), scope="symbolic")
    for chart in (PUNCTURED_PLANE, UPPER_LOWER_HALF_PLANES):
        accepted = not _rejects(lambda: pendulum_constraint(chart))[0]
        check.fact(f"regular on {chart.description}", accepted, method="computation")
    rejected, witness = _rejects(lambda: pendulum_constraint(PLANE))
    claimed = {X: sympy.sympify(rank_witness[0]), Y: sympy.sympify(rank_witness[1])}
    check.witness("not regular on ℝ × ℝ²", f"q = {rank_witness}", [
        ("the constructor rejects the chart ℝ × ℝ²", rejected, "computation"),
        ("G_q vanishes at the claimed witness", J.xreplace(claimed).is_zero_matrix, "computation"),
        ("the witness lies off the locus (G = −l² there): the rank loss violates 'all of O', not the locus",
         sympy.simplify(PENDULUM_G.xreplace(claimed)) != 0, "computation"),
    ])
    check.fact("on ℝ × {y ≠ 0} the circle points (±l, 0) are outside O (two open arcs remain)",
               all(PENDULUM_G.xreplace({X: s * l, Y: 0}) == 0 and not UPPER_LOWER_HALF_PLANES.contains({X: s * l, Y: 0})
                   for s in (1, -1)), method="computation")

    pend = pendulum_constraint()
    dyn = pend.dynamics(m * sympy.eye(2), [0, -m * g])
    state = _state_symbols(2)
    Lam = _to_state(dyn.multiplier[0], dyn, state)
    positions, speeds = state[0], state[1]
    xs, ys = positions
    vxs, vys = speeds
    scope = "symbolic, M = m I, f = (0, −mg), every state"
    check.identity("toolkit Λ·|q|² = −m(|v|² − g y)/2 (off the locus as well)", Lam * (xs**2 + ys**2),
                   -m * (vxs**2 + vys**2 - g * ys) / 2, scope=scope)
    th, om = sympy.symbols("theta omega", real=True)
    on_locus = {xs: l * sympy.sin(th), ys: -l * sympy.cos(th), vxs: l * om * sympy.cos(th), vys: l * om * sympy.sin(th)}
    locus_scope = "symbolic on the locus: q = l(sin θ, −cos θ), q' = lθ'(cos θ, sin θ), every θ, θ' = ω"
    check.identity("λ from the toolkit = the hand formula on the locus", Lam.xreplace(on_locus),
                   hand_multiplier(*[on_locus[s] for s in (xs, ys, vxs, vys)]), scope=locus_scope)
    acceleration = Matrix([_to_state(e, dyn, state) for e in dyn.acceleration]).xreplace(on_locus)
    theta_dd = (acceleration[0] * sympy.cos(th) + acceleration[1] * sympy.sin(th)) / l
    check.identity("θ'' = −(g/l) sin θ", theta_dd,
                   -(g / l) * sympy.sin(th) if frequency_equation is None else frequency_equation(th), scope=locus_scope)
    R = (2 * Lam * Matrix([xs, ys])).xreplace(on_locus)
    inward = -(R[0] * sympy.sin(th) - R[1] * sympy.cos(th))
    check.identity("tension along −q/l: m l θ'² + m g cos θ", inward,
                   m * l * om**2 + m * g * sympy.cos(th) if tension is None else tension(th, om), scope=locus_scope)
    radial = (acceleration[0] * sympy.sin(th) - acceleration[1] * sympy.cos(th))
    check.identity("the acceleration keeps |q| = l: radial component −lθ'²", radial, -l * om**2, scope=locus_scope)


def _state_symbols(n: int):
    return (list(sympy.symbols(f"s1:{n + 1}", real=True)), list(sympy.symbols(f"w1:{n + 1}", real=True)))


def _to_state(expr, dyn, state):
    """A toolkit expression in t, x(t), x'(t) written in state symbols (positions, speeds), derivatives done."""
    positions, speeds = state
    mapping = {c.diff(dyn.time): v for c, v in zip(dyn.coordinates, speeds)}
    expr = sympy.sympify(expr).xreplace(mapping)
    expr = expr.xreplace({c: s for c, s in zip(dyn.coordinates, positions)})
    return sympy.cancel(derivatives_done(expr))


def derivatives_done(expr, memo=None):
    """``expr.doit()`` for an expression whose unevaluated parts are ``Derivative``/``Subs`` atoms: each distinct
    atom is evaluated once (``memo`` shares the results between expressions) and put back in one ``xreplace``,
    instead of ``doit`` rebuilding every node and re-evaluating every occurrence of an atom."""
    memo = {} if memo is None else memo
    mapping = {}
    for atom in expr.atoms(sympy.Derivative, sympy.Subs):
        if atom not in memo:
            memo[atom] = atom.doit()
        mapping[atom] = memo[atom]
    return expr.xreplace(mapping)


@example("holonomic.pendulum_constraint_example",
         title="The planar pendulum constraint |q|² − l² = 0 is regular on ℝ × (ℝ²∖{0}) and on ℝ × {y ≠ 0}",
         statement=r"$n=2$, $k=1$, $G(q)=|q|^2-l^2$, $l>0$: $G_q=2q^{\mathsf T}\ne0$ on $\mathbb R\times(\mathbb R^2\setminus"
                   r"\{0\})$ and on $\mathbb R\times\{y\ne0\}$ (the seed writes the charts $\{y\ne0\}$ and "
                   r"$\mathbb R^2\setminus\{0\}$, but $O\subseteq\mathbb R\times\mathbb R^n$: the charts are these products); "
                   r"on $\mathbb R\times\mathbb R^2$ it is not regular ($G_q(0)=0$, off the locus). With $M=mI$, "
                   r"$f=(0,-mg)$ the ideal system gives $\lambda=-m(|q'|^2-gy)/(2l^2)$ on the locus, "
                   r"$\theta''=-(g/l)\sin\theta$ and the tension $ml\theta'^2+mg\cos\theta$.",
         source=f"{SEED001}: 'a planar pendulum is n=2, k=1, G(q)=|q|²−l² with l>0 on the chart {{(x,y): y≠0}} or on "
                "ℝ²∖{0}, where G_q=2q^T≠0'",
         uses=[DEFINITION_ID, THEOREM_88], assumes=[H_RANK_EVERYWHERE])
def _(check):
    check_pendulum_example(check)


# ---------------------------------------------------------------------------
# holonomic.planar_rolling_disk_constraint_example  (catalogue #17)
# ---------------------------------------------------------------------------

def check_rolling_disk_example(check, *, displacement=None, acceleration=None, multiplier=None, offsets=(0, offset)):
    """G = x − aθ − c: rank 1 everywhere, V = span{(a, 1)}; M = diag(m, I), f = (f, 0) gives x'' = f/(m + I/a²)."""
    f = Symbol("f", real=True)
    displacement = Matrix([radius, 1]) if displacement is None else _column(displacement)
    claimed_acceleration = f / (m + inertia / radius**2) if acceleration is None else acceleration(f)
    claimed_multiplier = (-inertia * f / (m * radius**2 + inertia)) if multiplier is None else multiplier(f)
    state = _state_symbols(2)
    reference = None
    for c in offsets:
        disk = rolling_disk_constraint(c)
        scope = f"symbolic, G = x − aθ − ({c}), a, m, I > 0, every state"
        check.identity(f"G_q = (1, −a) (c = {c})", disk.jacobian, Matrix([[1, -radius]]), scope=scope)
        basis = disk.virtual_displacements(0, (X, THETA))
        check.fact(f"ker G_q is one-dimensional (c = {c})", len(basis) == 1, method="computation",
                   detail=f"ker G_q basis {basis}")
        check.identity(f"G_q (claimed displacement) = 0 (c = {c})", disk.jacobian * displacement, Matrix([0]),
                       scope=scope)
        check.fact(f"the claimed displacement {sympy.sstr(list(displacement))} is not 0 (c = {c})",
                   any(zero_test(e).is_zero is False for e in displacement), method="computation")
        dyn = disk.dynamics(sympy.diag(m, inertia), [f, 0])
        a = Matrix([_to_state(e, dyn, state) for e in dyn.acceleration])
        lam = _to_state(dyn.multiplier[0], dyn, state)
        check.identity(f"x'' = f/(m + I/a²) (c = {c})", a[0], claimed_acceleration, scope=scope)
        check.identity(f"θ'' = x''/a (c = {c})", a[1], claimed_acceleration / radius, scope=scope)
        check.identity(f"λ = −I f/(m a² + I) (the contact force on x) (c = {c})", lam, claimed_multiplier, scope=scope)
        reference = a if reference is None else reference
        check.identity(f"the dynamics do not depend on the level c (c = {c})", a, reference, scope=scope)
    xd = Symbol("xdot", real=True)
    kinetic = m * xd**2 / 2 + inertia * (xd / radius)**2 / 2
    check.identity("T = ½(m + I/a²)x'² on θ' = x'/a: the reduced mass m + I/a²", kinetic,
                   (m + inertia / radius**2) * xd**2 / 2, scope="symbolic")


@example("holonomic.planar_rolling_disk_constraint_example",
         title="The planar rolling disk: the holonomic constraint x − aθ = c and the acceleration f/(m + I/a²)",
         statement=r"Configuration $(x,\theta)$, $G(q)=x-a\theta-c$ (the seed writes $x-a\theta$; the level "
                   r"'$x-a\theta=$ const' needs the constant $c$): $G_q=(1,-a)$ has rank 1 everywhere, "
                   r"$V=\operatorname{span}\{(a,1)\}$; with $M=\operatorname{diag}(m,I)$, $f=(f,0)$ the ideal system gives "
                   r"$x''=f/(m+I/a^2)$, $\theta''=x''/a$, $\lambda=-If/(ma^2+I)$. General three-dimensional rolling is "
                   r"not reducible to a single level set: the rolling coin is nonholonomic (the cited item "
                   r"\texttt{external.tong_rolling_coin_nonholonomic}, decided by the checker's Frobenius test).",
         source=f"{SEED001}: 'a rolling disk in the plane with configuration (x,θ) is G(q)=x−aθ, so that in that planar "
                "special case the constraint is holonomic'",
         uses=[DEFINITION_ID, THEOREM_88, TONG_COIN])
def _(check):
    check_rolling_disk_example(check)
