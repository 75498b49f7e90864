"""Seed 001's multipliers: the presentation dependence of λ (#18), the transpose-multiple lemma (#87) and the ideal
holonomic system in a time-dependent chart (#88); split from :mod:`theorems.page1_variations.holonomic_chart` (same item ids).

This file contains

* the remark ``constraints.multiplier_presentation_dependence`` (#18): G ↦ ρG leaves V and the reaction
  unchanged on the locus and sends λ to ρ^{-T}λ (matrix identities for every k and n with the cited product rule of
  every size; checked proofs for generic G, ρ at k ≤ 2, n ≤ 3 and toolkit instances support);
* the cited lemma ``holonomic.reaction_transpose_multiple_lemma`` (#87) and the cited theorem
  ``holonomic.ideal_system_time_dependent_chart`` (#88, integrated with
  :func:`theorems.holonomic_dynamics.integrate_ideal_motion`; its analytic steps cite the trusted results
  ``ode.picard_lindelof``, ``calculus.c1_maps_locally_lipschitz`` and ``calculus.zero_second_derivative_zero_data``).

Each verifier is a plain function ``check_*(check, **claim)`` whose keyword parameters are the data of the claim
with the true values as defaults; soundness tests run it on mutated claims.
"""
from __future__ import annotations

import contextlib
import dataclasses
import functools
from fractions import Fraction

import mpmath
import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational, Symbol
from sympy.printing.pycode import PythonCodePrinter

from checker import Proof, cited, remark
from checker.kernel.engine.randomized import OutsideDomain
from checker.kernel.engine.symbolic import TimeLimit, time_limit
from theorems.foundations.analytic_facts import (C1_LOCALLY_LIPSCHITZ, CHAIN_AND_PRODUCT_RULES, PICARD_LINDELOF,
                                                 ZERO_SECOND_DERIVATIVE)
from theorems.page2_semiholonomic.constraint_principles import holonomic_virtual_displacements
from theorems.page1_variations.holonomic_chart import (CHAIN_RULE, DEFINITION_ID, H_CONSTRAINT_C2, H_FORCE_CONTINUOUS, H_MASS_SPD,
                                      H_RANK_EVERYWHERE, LEMMA_87, PLANE, SEED001, THEOREM_88, Chart, X, Y,
                                      _generic_jacobian, _state_symbols, derivatives_done, is_symmetric_positive_definite,
                                      regular_holonomic_constraint, t)
from theorems.page1_variations.holonomic_chart_every_size import (check_ideal_system_every_size,
                                                                  check_transpose_multiple_every_size)
from theorems.toolkit.holonomic_dynamics import (constraint_derivatives, ideal_holonomic_dynamics, ideal_multiplier,
                                         integrate_ideal_motion, state_functions)
from theorems.foundations.linalg import annihilator_proof, euclidean_inner_product, transpose_multiplier
from theorems.toolkit.strategies import full_row_rank_matrices, polynomials, rational_matrices, rationals, spd_matrices

__all__ = ["check_multiplier_presentation", "check_reaction_transpose_multiple", "check_ideal_system_chart",
           "PRESENTATION_SIZES", "TRANSPOSE_MULTIPLE_SIZES", "SYSTEM_SIZES", "SYSTEM_POWER_SIZES"]


# ---------------------------------------------------------------------------
# constraints.multiplier_presentation_dependence  (catalogue #18)
# ---------------------------------------------------------------------------

def _inverse_transpose(rho, lam):
    return rho.T.LUsolve(lam)


#: the sizes of the generic matrix proofs (with the k = 1, n = 2 proof: the scope k ≤ 2, n ≤ 3)
PRESENTATION_SIZES = ((1, 3), (2, 2), (2, 3))


def check_multiplier_presentation(check, *, transform=_inverse_transpose, on_locus=True, require_invertible=True,
                                  k1_symbolic=True, k1_toolkit=True, k2_samples=6, k2_symbolic=PRESENTATION_SIZES,
                                  every_size=True, transform_formula=None):
    """G ↦ ρG (ρ invertible on Σ): V, permitted velocities and the reaction unchanged on Σ; λ ↦ ρ^{-T}λ.

    ``transform(ρ, λ)`` is the claimed new multiplier; ``on_locus=False`` claims D_q(ρG) = ρ D_qG off the locus
    too; ``require_invertible=False`` drops the hypothesis that ρ is invertible on Σ.  ``k1_symbolic`` and
    ``k1_toolkit``, ``k2_symbolic`` (sizes (k, n) of the matrix proofs), ``k2_samples`` select the parts that run
    (the k = 1 proof, the k = 1 toolkit identity, the generic-ρ proofs for k = 2, the randomized toolkit k = 2
    part; a fixed k = 2 toolkit instance always runs).  With the symbolic proofs running, the k = 2 toolkit
    instances support them (they check the toolkit's Λ, not the statement's algebra).

    ``every_size`` runs the identities for every k and n (MatrixSymbols; the product rule of every size is cited),
    which decide the statement; the generic-entry matrix proofs at the sizes ``k2_symbolic`` then support (issue 38).
    ``transform_formula(P, λ)`` is the claimed new multiplier as a matrix expression (None: P^(-T)λ).
    """
    if every_size:
        _presentation_every_size(check, on_locus, **({} if transform_formula is None
                                                      else {"transform_formula": transform_formula}))
    if k1_symbolic:
        _presentation_k1_symbolic(check, transform, on_locus, k1_toolkit)
    with (check.supporting() if (k1_symbolic and k2_symbolic) else contextlib.nullcontext()):
        _presentation_k2(check, transform, require_invertible, k2_samples)
    _presentation_witness(check, require_invertible)
    # last: a sweep recorded after every claim check decides nothing (evidence.swept_sizes)
    with (check.supporting() if every_size else contextlib.nullcontext()):
        for k, n in check.sweep(k2_symbolic):
            check.proof(f"on Σ: D_q(ρG) = ρG_q, (ρG)_t = ρG_t, same V, permitted velocities and reaction, "
                        f"λ' = ρ^(-T)λ (k = {k}, n = {n})", _presentation_matrix_proof(k, n, transform),
                        scope=f"symbolic, generic G(t, q) ∈ ℝ^{k}, generic {k}×{k} ρ(t, q) with det ρ ≠ 0, n = {n}")


def _presentation_every_size(check, on_locus=True, transform_formula=lambda P, lam: P.T.I * lam):
    """For every k and n (MatrixSymbols; P = ρ, invertible on Σ, ρI for k = 1): at a point of Σ (G = 0) the product
    rule of every size (cited) gives D_q(PG)δ = P'[δ]G + P D_qG δ = P D_qG δ and (PG)_t = P_tG + PG_t = PG_t; so
    V(PG) = V(G), the permitted velocities agree, λ' = transform_formula(P, λ) keeps the reaction and λ·G_t, and it
    is the only multiplier of the reaction for PG (D_q(PG) has rank k).  ``on_locus=False`` claims the product-rule
    identities off Σ (G any vector)."""
    k, n = sympy.symbols("k n", integer=True, positive=True)
    P, dP, P_t = (sympy.MatrixSymbol(name, k, k) for name in ("P", "dP_delta", "P_t"))
    J, G_t = sympy.MatrixSymbol("D_qG", k, n), sympy.MatrixSymbol("G_t", k, 1)
    delta, v = sympy.MatrixSymbol("delta", n, 1), sympy.MatrixSymbol("v", n, 1)
    lam, mu = sympy.MatrixSymbol("lambda", k, 1), sympy.MatrixSymbol("mu", k, 1)
    G = sympy.ZeroMatrix(k, 1) if on_locus else sympy.MatrixSymbol("G", k, 1)  # G = 0 on Σ
    where = "on Σ" if on_locus else "at every (t, q)"
    scope = ("symbolic, every k and n (MatrixSymbols), at a point of Σ (G = 0), det P ≠ 0 there, rank D_qG = k; "
             "P'[δ], P_t the derivatives of P (the product rule of every size, "
             "calculus.chain_and_product_rules_every_size)")
    J_new, Gt_new = P * J, P * G_t
    check.identity(f"every k, n: D_q(PG)δ = P'[δ]G + P D_qG δ = P D_qG δ {where}", dP * G + P * (J * delta),
                   J_new * delta, scope=scope)
    check.identity(f"every k, n: (PG)_t = P_t G + P G_t = P G_t {where}", P_t * G + P * G_t, Gt_new, scope=scope)
    lam_new = transform_formula(P, lam)
    check.identity("every k, n: V(PG) = V(G): D_qG δ = P⁻¹(D_q(PG)δ)", J * delta, P.I * (J_new * delta), scope=scope,
                   context="and D_q(PG)δ = P(D_qGδ): the same kernel")
    check.identity("every k, n: permitted velocities: (PG)_t + D_q(PG)v = P(G_t + D_qG v)", Gt_new + J_new * v,
                   P * (G_t + J * v), scope=scope, context="zero exactly when G_t + D_qG v is (P invertible)")
    check.identity("every k, n: the reaction is kept: D_q(PG)ᵀλ' = D_qGᵀλ", J_new.T * lam_new, J.T * lam, scope=scope)
    check.identity("every k, n: λ'·(PG)_t = λ·G_t", lam_new.T * Gt_new, lam.T * G_t, scope=scope)
    check.identity("every k, n: λ' is the only multiplier: D_q(PG)ᵀμ = R gives μ = (D_q(PG)D_q(PG)ᵀ)⁻¹D_q(PG)R", mu,
                   (J_new * J_new.T).I * J_new * (J_new.T * mu), scope=scope,
                   context="D_q(PG) has rank k, so its Gram matrix is invertible; with R = D_qGᵀλ = D_q(PG)ᵀλ' this "
                           "gives μ = λ'")


def _presentation_matrix_proof(k: int, n: int, transform) -> Proof:
    """On Σ = {G = 0}, for generic G(t, q) ∈ ℝ^k and ρ(t, q) ∈ GL(k): the product rule leaves only ρG_q and ρG_t;
    the virtual displacements of G and ρG agree (both directions), the permitted-velocity residuals differ by ρ,
    and λ' = transform(ρ, λ) gives the same reaction D_q(ρG)ᵀλ' = G_qᵀλ and λ'·(ρG)_t = λ·G_t."""
    T = Symbol("T", real=True)
    Q = sympy.symbols(f"Q1:{n + 1}", real=True)
    G = Matrix([Function(f"G{a + 1}")(T, *Q) for a in range(k)])
    rho = Matrix(k, k, lambda a_, b_: Function(f"rho{a_ + 1}{b_ + 1}")(T, *Q))
    lam = Matrix(sympy.symbols(f"lambda1:{k + 1}", real=True))
    delta, v = Matrix(sympy.symbols(f"delta1:{n + 1}", real=True)), Matrix(sympy.symbols(f"v1:{n + 1}", real=True))
    det = sympy.expand(rho.det())
    G_q, G_t = G.jacobian(list(Q)), G.diff(T)
    Gp = rho * G
    Gp_q, Gp_t = Gp.jacobian(list(Q)), Gp.diff(T)
    new_lam = Matrix(transform(rho, lam)).applyfunc(sympy.cancel)

    p = Proof(f"re-presentation by an invertible ρ at the locus (k = {k}, n = {n})")
    p.suppose("on the locus", (G, sympy.zeros(k, 1)), note="(t, q) ∈ Σ: G(t, q) = 0")
    p.nonzero("ρ invertible", det, note="det ρ(t, q) ≠ 0 on Σ (the hypothesis of the statement)")
    locus = ["on the locus"]
    for a in range(k):
        for i in range(n):
            p.algebra(f"Jacobian {a + 1},{i + 1}", locus, (Gp_q[a, i], (rho * G_q)[a, i]),
                      certificate=[rho[a, b].diff(Q[i]) for b in range(k)], note="∂_i(ρG) = ρ∂_iG + (∂_iρ)G")
        p.algebra(f"time derivative {a + 1}", locus, (Gp_t[a], (rho * G_t)[a]),
                  certificate=[rho[a, b].diff(T) for b in range(k)])
        p.algebra(f"permitted velocities {a + 1}", locus, ((Gp_t + Gp_q * v)[a], (rho * (G_t + G_q * v))[a]),
                  certificate=[rho[a, b].diff(T) + sum(rho[a, b].diff(Q[i]) * v[i] for i in range(n)) for b in range(k)])
    # V(ρG) = V(G) on Σ: each inclusion
    p.suppose("old virtual", (G_q * delta, sympy.zeros(k, 1)), note="δ ∈ ker G_q")
    drift = [[sum(rho[a, b].diff(Q[i]) * delta[i] for i in range(n)) for b in range(k)] for a in range(k)]
    for a in range(k):
        p.algebra(f"new virtual {a + 1}", locus + ["old virtual"], ((Gp_q * delta)[a], 0),
                  certificate=drift[a] + [rho[a, b] for b in range(k)], note="ker G_q ⊆ ker D_q(ρG) on Σ")
    p.suppose("new virtual'", (Gp_q * delta, sympy.zeros(k, 1)), note="δ ∈ ker D_q(ρG)")
    scaled = []
    for a in range(k):
        scaled.append(p.algebra(f"scaled old virtual {a + 1}", locus + ["new virtual'"], ((rho * G_q * delta)[a], 0),
                                certificate=[-c for c in drift[a]] + [1 if c == a else 0 for c in range(k)]))
    adj = rho.adjugate()
    for c in range(k):
        p.algebra(f"old virtual' {c + 1}", scaled, ((G_q * delta)[c], 0),
                  certificate=[adj[c, a] / det for a in range(k)], note="G_qδ = ρ⁻¹(ρG_qδ), ρ⁻¹ = adj ρ / det ρ")
    for i in range(n):
        p.algebra(f"reaction {i + 1}", locus, ((Gp_q.T * new_lam)[i], (G_q.T * lam)[i]),
                  certificate=[sum(rho[a, b].diff(Q[i]) * new_lam[a] for a in range(k)) for b in range(k)],
                  note="D_q(ρG)ᵀλ' = G_qᵀρᵀλ' + Σ_b G_b (∂_iρ)ᵀλ', and ρᵀλ' = λ")
    p.algebra("power product", locus, ((new_lam.T * Gp_t)[0, 0], (lam.T * G_t)[0, 0]),
              certificate=[sum(rho[a, b].diff(T) * new_lam[a] for a in range(k)) for b in range(k)])
    p.conclude("power product")
    return p


def _presentation_k1_symbolic(check, transform, on_locus, toolkit=True):
    T = Symbol("T", real=True)
    Q = sympy.symbols("Q1:3", real=True)
    Gf, rhof = Function("G"), Function("rho", nonzero=True)
    G, rho = Gf(T, *Q), rhof(T, *Q)
    lam = Symbol("lambda", real=True)
    delta = Matrix(sympy.symbols("delta1:3", real=True))
    v = Matrix(sympy.symbols("v1:3", real=True))
    G_q, rho_q = Matrix([[sympy.diff(G, qi) for qi in Q]]), Matrix([[sympy.diff(rho, qi) for qi in Q]])
    Gp = rho * G
    Gp_q = Matrix([[sympy.diff(Gp, qi) for qi in Q]])
    Gp_t, G_t = sympy.diff(Gp, T), sympy.diff(G, T)
    new_lam = transform(Matrix([[rho]]), Matrix([lam]))[0]
    scope = "symbolic, generic G(t, q), ρ(t, q) ≠ 0, k = 1, n = 2"
    p = Proof("re-presentation by a nowhere-zero scalar ρ at the locus")
    p.suppose("on the locus", (G, 0), note="(t, q) ∈ Σ")
    for i in range(2):
        p.algebra(f"Jacobian {i + 1}", ["on the locus"], (Gp_q[i], rho * G_q[i]), certificate=[rho_q[i]],
                  note="∂_i(ρG) = ρ ∂_iG + G ∂_iρ")
    p.algebra("time derivative", ["on the locus"], (Gp_t, rho * G_t), certificate=[sympy.diff(rho, T)])
    p.algebra("permitted velocities", ["on the locus"],
              (Gp_t + (Gp_q * v)[0], rho * (G_t + (G_q * v)[0])), certificate=[sympy.diff(rho, T) + (rho_q * v)[0]])
    p.suppose("new virtual", ((Gp_q * delta)[0], 0), note="δ ∈ ker D_q(ρG)")
    p.algebra("scaled old virtual", ["on the locus", "new virtual"], (rho * (G_q * delta)[0], 0),
              certificate=[-(rho_q * delta)[0], 1])
    p.cancel("old virtual", "scaled old virtual", rho, ((G_q * delta)[0], 0), note="ρ ≠ 0")
    for i in range(2):
        p.algebra(f"reaction {i + 1}", ["on the locus"], (Gp_q[i] * new_lam, G_q[i] * lam),
                  certificate=[rho_q[i] * lam / rho], note="∂_i(ρG)·λ/ρ = ∂_iG·λ + G ∂_iρ λ/ρ")
    p.algebra("power product", ["on the locus"], (new_lam * Gp_t, lam * G_t), certificate=[sympy.diff(rho, T) * lam / rho])
    p.conclude("power product")
    check.proof("on Σ: D_q(ρG) = ρG_q, (ρG)_t = ρG_t, same V and permitted velocities, same reaction, λ' = λ/ρ", p,
                scope=scope)
    if not on_locus:
        check.identity("D_q(ρG) = ρ D_qG (claimed off the locus)", Gp_q, rho * G_q, scope=scope + ", every (t, q)")

    if not toolkit:
        return
    # The toolkit's multiplier for both presentations (k = 1, generic), compared at consistent states.
    q = [Function(f"q{i + 1}", real=True)(t) for i in range(2)]
    vel = [c.diff(t) for c in q]
    Mg = sympy.diag(*sympy.symbols("m1 m2", positive=True))
    F = list(sympy.symbols("f1:3", real=True))  # only the value f(t, q, v) at the state enters Λ
    Gc, rhoc = Gf(t, *q), rhof(t, *q)
    lam_g = _generic_multiplier(Mg, F, Gc, q)
    lam_r = _generic_multiplier(Mg, F, rhoc * Gc, q)
    relations = _locus_relations([Gc], q)
    check.identity("toolkit: Λ(ρG) = Λ(G)/ρ at consistent states (G = 0, G_t + G_q v = 0)",
                   _atomize(lam_r, relations), _atomize(transform(Matrix([[rhoc]]), Matrix([lam_g]))[0], relations),
                   scope="symbolic, generic G(t, q), ρ(t, q), force value f = (f1, f2), M = diag(m1, m2), k = 1, n = 2, "
                         "on Σ with permitted velocity")


def _presentation_k2(check, transform, require_invertible, samples):

    def same_dynamics(instance):
        x0, w, t0, Mm, coefficients, forces, rho0, rho1, rho2, use_q = instance
        values = [t0, *x0, *coefficients[0], *coefficients[1], *list(rho0), *list(rho1)]
        values += [e for j in range(3) for e in (list(rho2[j]) if use_q else [0] * 4)]
        J_all, G_t_all, _, _ = _presentation_rows(values, t0, x0, [0, 0, 0])
        J0, G_t0 = J_all[:2, :], G_t_all[:2, :]
        if J0.rank() < 2:
            raise OutsideDomain("rank G_q < 2 at the state")
        v0 = w - J0.T * (J0 * J0.T).LUsolve(J0 * w + G_t0)
        J_s, G_t_s, curvature_s, rho_tq = _presentation_rows(values, t0, x0, list(v0))
        F = Matrix([sympy.sympify(e).xreplace({_FT: t0, **dict(zip(_FX, x0)), **dict(zip(_FV, v0))}) for e in forces])
        blocks = [(J_s[2 * b:2 * b + 2, :], G_t_s[2 * b:2 * b + 2, :], curvature_s[2 * b:2 * b + 2, :]) for b in range(3)]
        J, Gt, curv = blocks[0]
        _, L, a = ideal_multiplier(Mm, J, F, curv)
        for rho_s, (Jp, Gtp, curvp) in zip((rho0, rho_tq), blocks[1:]):
            if rho_s.det() == 0:
                if require_invertible:
                    raise OutsideDomain("ρ singular at the state")
                return len(Jp.nullspace()) == len(J.nullspace())  # V jumps where ρ is singular
            if not (Jp - rho_s * J).is_zero_matrix or not (Gtp - rho_s * Gt).is_zero_matrix:
                return False
            _, Lp, ap = ideal_multiplier(Mm, Jp, F, curvp)
            if not (Lp - transform(rho_s, L)).is_zero_matrix:
                return False
            if not ((Jp.T * Lp - J.T * L).is_zero_matrix and (ap - a).is_zero_matrix):
                return False
            if (Lp.T * Gtp - L.T * Gt)[0, 0] != 0:
                return False
        return True

    rho_strategy = rational_matrices(2, 2, 3, 2) if not require_invertible else rational_matrices(2, 2, 3, 2).filter(
        lambda r: r.det() != 0)
    instances = st.tuples(
        st.lists(rationals(2, 2), min_size=3, max_size=3).map(lambda v: [sympy.sympify(e) for e in v]),
        rational_matrices(3, 1, 3, 2), rationals(2, 2), spd_matrices(3, 2, 2),
        st.lists(st.lists(rationals(3, 2), min_size=4, max_size=4), min_size=2, max_size=2),
        st.lists(polynomials([_FT, *_FX, *_FV], 1, 2, max_num=3, max_den=2), min_size=3, max_size=3),
        rho_strategy, rational_matrices(2, 2, 2, 2), st.lists(rational_matrices(2, 2, 2, 2), min_size=3, max_size=3),
        st.booleans())
    fixed = ([Rational(1, 2), 0, -1], Matrix([1, -1, Rational(1, 2)]), Rational(1, 3),
             Matrix([[2, Rational(1, 2), 0], [Rational(1, 2), 3, 1], [0, 1, 1]]),
             [[1, -1, Rational(1, 2), 2], [Rational(-1, 2), 1, 1, -1]], [_FX[1] - _FV[0], _FT * _FV[2], 1 + _FX[0] ** 2],
             Matrix([[2, 1], [-1, 1]]), Matrix([[1, 0], [1, 1]]),
             [Matrix([[0, 1], [0, 0]]), Matrix([[1, 0], [2, -1]]), Matrix([[0, 0], [1, 1]])], True)
    check.fact("toolkit, k = 2, a fixed instance: Λ(ρG) = ρ^{-T}Λ(G), same reaction, acceleration and λ·G_t, for "
               "constant ρ0 and ρ0 + (t − t0)ρ1 + Σ_j (q_j − x0_j)ρ2_j", same_dynamics(fixed), method="computation",
               detail=f"instance {[sympy.sstr(e) for e in fixed]}")
    if not samples:
        return
    check.property("toolkit, k = 2: Λ(ρG) = ρ^{-T}Λ(G), same reaction, acceleration and λ·G_t; D_q(ρG) = ρD_qG, "
                   "(ρG)_t = ρG_t at consistent states", instances, same_dynamics, samples=samples,
                   describe=lambda inst: [sympy.sstr(x) for x in inst],
                   scope="randomized, exact rationals: n = 3, k = 2, G_a = (x_a − x0_a) + rheonomic quadratic terms, rank 2 "
                         "there, M SPD, polynomial F; ρ constant invertible and ρ0 + (t − t0)ρ1 "
                         "+ Σ_j (q_j − x0_j)ρ2_j (t- and q-dependent), invertible at the state; J, G_t, curvature by "
                         "constraint_derivatives (once, on a template with symbolic coefficients) and "
                         "Λ, a by ideal_multiplier (the two halves of ideal_holonomic_dynamics) at the state")


def _presentation_witness(check, require_invertible):
    s = Symbol("s", real=True)
    base = regular_holonomic_constraint([s], (s, Y), t, PLANE)
    rho_witness = s  # ρ(t, q) = s: ρG = s²
    squared = Matrix([rho_witness * base.G[0]])
    V_base = base.virtual_displacements(0, (0, 0))
    V_sq = holonomic_virtual_displacements([squared[0]], [s, Y], at={s: 0, Y: 0})
    if require_invertible:
        check.witness("ρ must be invertible on Σ", "G = s (first coordinate), ρ = s, so ρG = s²", [
            ("ρ = s vanishes on Σ = {s = 0}", rho_witness.xreplace({s: 0}) == 0 and sympy.solve(base.G[0], s) == [0],
             "computation"),
            ("D_q(s²) = 0 on Σ: V jumps from the line ker(1, 0) to all of ℝ²",
             len(V_base) == 1 and len(V_sq) == 2 and squared.jacobian([s, Y]).xreplace({s: 0}).is_zero_matrix, "computation"),
        ])
    else:
        check.fact("V unchanged for every re-presentation ρG (ρ = s, G = s)", len(V_sq) == len(V_base),
                   method="computation", detail=f"V(G) = {V_base}, V(ρG) = {V_sq}")


_FT = Symbol("T", real=True)
_FX = sympy.symbols("X1:4", real=True)
_FV = sympy.symbols("V1:4", real=True)


class _FractionPrinter(PythonCodePrinter):
    """Prints rationals as ``Fraction(p, q)``: compiled polynomials evaluate exactly on Fractions.  Terms are printed
    in sympy's stored order (``order="none"``, no sorting): exact Fraction sums do not depend on the order."""

    _default_settings = {**PythonCodePrinter._default_settings, "order": "none"}

    def _print_Rational(self, expr):
        return f"Fraction({expr.p}, {expr.q})"

    def _print_Integer(self, expr):
        return str(expr.p)


def _exact_function(args, exprs):
    """Compile polynomial expressions to a Python function evaluating them exactly on ``fractions.Fraction``."""
    return sympy.lambdify(args, list(exprs), modules=[{"Fraction": Fraction}], printer=_FractionPrinter)


@functools.lru_cache(maxsize=1)
def _presentation_template():
    """J, G_t and curvature (toolkit's constraint_derivatives) of G, ρ0G and ρ(t,q)G with symbolic coefficients.

    G_a = (x_a − x0_a) + ½Σ c_a·(τ, τ², d1d2, d3²) with τ = t − t0, d = x − x0; ρ = ρ0 + τρ1 + Σ_j d_jρ2_j.
    Computed once and compiled to an exact function of (t, x, v, coefficients); instances pass Fractions.
    """
    xs = [Function(f"q{i + 1}", real=True)(t) for i in range(3)]
    x0 = sympy.symbols("_x0_1:4", real=True)
    t0 = Symbol("_t0", real=True)
    c = [sympy.symbols(f"_c{a}_1:5", real=True) for a in range(2)]
    r0, r1 = sympy.symbols("_r0_1:5", real=True), sympy.symbols("_r1_1:5", real=True)
    r2 = [sympy.symbols(f"_r2{j}_1:5", real=True) for j in range(3)]
    G = Matrix(_random_regular_pair(xs, c, x0, t0))
    d = [xi - a_ for xi, a_ in zip(xs, x0)]
    rho = Matrix(2, 2, list(r0)) + (t - t0) * Matrix(2, 2, list(r1)) + sum(
        (d[j] * Matrix(2, 2, list(r2[j])) for j in range(3)), sympy.zeros(2, 2))
    J, G_t, curvature = constraint_derivatives(list(G) + list(Matrix(2, 2, list(r0)) * G) + list(rho * G), xs, t)
    positions, speeds = sympy.symbols("_S1:4", real=True), sympy.symbols("_W1:4", real=True)
    to_state = lambda e: e.xreplace({c_.diff(t): w for c_, w in zip(xs, speeds)}).xreplace(dict(zip(xs, positions)))
    rows = [to_state(e) for e in list(J) + list(G_t) + list(curvature) + list(rho)]
    args = [t, *positions, *speeds, t0, *x0, *c[0], *c[1], *r0, *r1, *r2[0], *r2[1], *r2[2]]
    return _exact_function(args, rows)


def _presentation_rows(instance_values, time_value, x, v):
    """(J, G_t, curvature) of the three presentations (6 rows each) and ρ(t, q) at a state, exactly."""
    out = [sympy.Rational(e.numerator, e.denominator) if isinstance(e, Fraction) else sympy.sympify(e)
           for e in _presentation_template()(*[Fraction(int(sympy.Rational(z).p), int(sympy.Rational(z).q))
                                               for z in [time_value, *x, *v, *instance_values]])]
    J = Matrix(6, 3, out[:18])
    return J, Matrix(out[18:24]), Matrix(out[24:30]), Matrix(2, 2, out[30:34])


def _random_regular_pair(xs, coefficients, x0, t0):
    """G_a = (x_a − x0_a) + ½Σ c·(t − t0, (t − t0)², (x1 − x0_1)(x2 − x0_2), (x3 − x0_3)²): G(t0, x0) = 0 (a = 1, 2)."""
    d = [xi - xi0 for xi, xi0 in zip(xs, x0)]
    tau = t - t0
    monomials = [tau, tau**2, d[0] * d[1], d[2]**2]
    G = []
    for a, coeffs in enumerate(coefficients):
        G.append(sympy.expand(d[a] + sum(c * mono for c, mono in zip(coeffs, monomials)) / 2))
    return G


def _generic_multiplier(M, F, G, q):
    """Λ of the toolkit for a generic scalar constraint (k = 1), in state symbols."""
    J, G_t, curvature = constraint_derivatives([G], q, t)
    _, Lam, _ = ideal_multiplier(M, J, F, curvature, simplify=False)
    return Lam[0]


_ATOM_STATE = (sympy.symbols("S1:3", real=True), sympy.symbols("W1:3", real=True))


def _atomize(expr, relations):
    """Write a toolkit expression in state symbols, derivatives of generic functions as symbols, then apply relations."""
    q_fns = relations["coordinates"]
    positions, speeds = _ATOM_STATE
    expr = sympy.sympify(expr).xreplace({c.diff(t): v for c, v in zip(q_fns, speeds)})
    expr = derivatives_done(expr.xreplace({c: s for c, s in zip(q_fns, positions)}), relations["done"])
    atoms = sorted(expr.atoms(sympy.Derivative), key=lambda d: (-d.derivative_count, str(d)))
    mapping = {d: relations["symbols"].setdefault(d, Symbol(f"_d{len(relations['symbols'])}")) for d in atoms}
    expr = expr.xreplace(mapping)
    undefined = [a for a in expr.atoms(sympy.Function) if isinstance(a.func, sympy.core.function.UndefinedFunction)]
    mapping = {a: relations["symbols"].setdefault(a, Symbol(f"_d{len(relations['symbols'])}")) for a in undefined}
    expr = expr.xreplace(mapping)
    return sympy.cancel(expr.xreplace(relations["locus"](relations["symbols"])))


def _locus_relations(G_list, q_fns):
    """Relations of a consistent state for a generic scalar G: G = 0 and W2 = −(G_t + G_{q1} W1)/G_{q2}."""
    positions, speeds = _ATOM_STATE
    G_state = G_list[0].xreplace({c: s for c, s in zip(q_fns, positions)})

    def locus(symbols):
        value = symbols.get(G_state)
        deriv = {var: symbols.get(sympy.Derivative(G_state, var)) for var in (t, *positions)}
        out = {}
        if value is not None:
            out[value] = 0
        if all(d is not None for d in deriv.values()):
            out[speeds[1]] = -(deriv[t] + deriv[positions[0]] * speeds[0]) / deriv[positions[1]]
        return out
    symbols = {}
    # make sure the value and first derivatives of G have symbols before any expression is atomized
    symbols[G_state] = Symbol("_g0")
    for var in (t, *positions):
        symbols[sympy.Derivative(G_state, var)] = Symbol(f"_g_{var}")
    return {"coordinates": q_fns, "symbols": symbols, "locus": locus, "done": {}}


@remark("constraints.multiplier_presentation_dependence",
        title="The multiplier depends on the presentation of the constraint; the reaction does not",
        statement=r"Re-presenting the constraint by $G'=\rho G$ with $\rho(t,q)$ invertible on $\Sigma$ (a nowhere-zero "
                  r"scalar for $k=1$, a matrix in $GL(k)$ in general) leaves, on $\Sigma$, $D_qG'=\rho D_qG$, "
                  r"$G'_t=\rho G_t$, hence the virtual displacements, the permitted velocities, the reaction "
                  r"$D_qG'^{\mathsf T}\lambda'$ and $\lambda'\cdot G'_t=\lambda\cdot G_t$ unchanged, and sends the multiplier "
                  r"to $\lambda'=\rho^{-\mathsf T}\lambda$ ($\lambda/\rho$ for $k=1$). So $\lambda$ is not a measured "
                  r"quantity; only the reaction enters the equations. Invertibility on $\Sigma$ is needed: $G=s$, "
                  r"$\rho=s$ makes $D_q(\rho G)=0$ on $\Sigma$.",
        source=f"{SEED001}: 'the multiplier λ is not a measured quantity: only the reaction G_q^T λ enters the equations "
               "of motion'; seed 003_c763788c7bc283aa.txt bullet 'The multiplier is not measured'; seed "
               "004_ff83f823a612679d.txt (e) 'Presentation of the constraint' and the theorem bullet 'multiplying G by an "
               "invertible matrix-valued function ρ(t,x) … changes λ to ρ^{-T}λ'",
        uses=[DEFINITION_ID, THEOREM_88, LEMMA_87], proof_uses=["calculus.chain_and_product_rules_every_size"])
def _(check):
    check_multiplier_presentation(check)


# ---------------------------------------------------------------------------
# holonomic.reaction_transpose_multiple_lemma  (catalogue #87)
# ---------------------------------------------------------------------------

def _euclidean_multiplier(J, R, M):
    """λ = (JJᵀ)⁻¹JR."""
    return transpose_multiplier(J, R)


def check_reaction_transpose_multiple(check, *, multiplier=_euclidean_multiplier, rank_hypothesis=True,
                                      mass_hypothesis=True, symbolic=True, samples=20, max_k=3, max_n=5,
                                      symbolic_sizes=None, every_size=True, every_size_mutation=None):
    """rank G_q = k, R ⟂ ker G_q ⇒ R = G_qᵀλ, λ = (G_qG_qᵀ)⁻¹G_qR unique; G_qM⁻¹G_qᵀ and G_qG_qᵀ SPD; rank needed.

    ``every_size`` runs the identities and the deduction for every k and n
    (:func:`theorems.page1_variations.holonomic_chart_every_size.check_transpose_multiple_every_size`, with the
    keyword mutations ``every_size_mutation``), which decide the statement (issue 38); the fixed-size parts then
    support.  ``multiplier(J, R, M)`` is the claimed formula at fixed sizes; ``rank_hypothesis=False`` draws any J,
    ``mass_hypothesis=False`` any symmetric M; ``symbolic_sizes`` the sizes (k, n) of the generic-entry part (default
    1 ≤ k ≤ n ≤ 3).  Without the every-size part, the generic-entry part decides (scope: its sizes) and the random
    instances support it.
    """
    symbolic_sizes = TRANSPOSE_MULTIPLE_SIZES if symbolic_sizes is None else symbolic_sizes
    if every_size:
        check_transpose_multiple_every_size(check, **(every_size_mutation or {}))
    with (check.supporting() if every_size else contextlib.nullcontext()):
        if symbolic:
            for k, n in check.sweep(symbolic_sizes):
                _transpose_multiple_symbolic(check, multiplier, k, n)
        with (check.supporting() if (symbolic and symbolic_sizes) else contextlib.nullcontext()):
            _transpose_multiple_randomized(check, multiplier, rank_hypothesis, mass_hypothesis, samples, max_k, max_n)
    _transpose_multiple_witness(check)


#: every 1 ≤ k ≤ n ≤ 3: the generic-entry proofs and identities (supporting the every-size check)
TRANSPOSE_MULTIPLE_SIZES = tuple((k, n) for n in (1, 2, 3) for k in range(1, n + 1))


def _transpose_multiple_symbolic(check, multiplier, k=1, n=2):
    J = Matrix(k, n, lambda a_, i: Symbol(f"j{a_ + 1}{i + 1}", real=True))
    R = Matrix(sympy.symbols(f"R1:{n + 1}", real=True))
    Mx = Matrix(n, n, lambda i, j: Symbol(f"m{min(i, j) + 1}{max(i, j) + 1}", real=True))
    size = f"k = {k}, n = {n}"
    scope = f"symbolic, {size}, generic G_q = (j_ai) (rank k: det(G_qG_qᵀ) ≠ 0), generic symmetric M"
    p = annihilator_proof(J, R, multiplier=lambda A, ell: multiplier(A, ell, Mx), rank_assumption=H_RANK_EVERYWHERE)
    check.proof(f"R ⟂ ker G_q ⇒ R = G_qᵀλ with the claimed λ ({size})", p, scope=scope)
    c = Matrix(sympy.symbols(f"c1:{k + 1}", real=True))
    check.identity(f"uniqueness: the claimed λ of G_qᵀc is c, so G_qᵀc = G_qᵀc' ⇒ c = c' ({size})",
                   Matrix(multiplier(J, J.T * c, Mx)), c, scope=scope + " (rational identity, valid where det(G_qG_qᵀ) ≠ 0)")
    # every SPD M is LLᵀ with L lower triangular, positive diagonal (Cholesky); M = I (L = I) gives G_qG_qᵀ
    L = Matrix(n, n, lambda i, j: Symbol(f"L{i + 1}{j + 1}", positive=(i == j), real=True) if j <= i else 0)
    x = Matrix(sympy.symbols(f"x1:{k + 1}", real=True))
    C = J * (L * L.T).LUsolve(J.T)
    w = L.LUsolve(J.T * x)
    spd_scope = f"symbolic, {size}, every SPD M = LLᵀ (Cholesky, positive diagonal; L = I gives G_qG_qᵀ)"
    check.identity(f"C = G_q M⁻¹G_qᵀ is symmetric ({size})", C, C.T, scope=spd_scope)
    check.identity(f"xᵀCx = |L⁻¹G_qᵀx|² for M = LLᵀ: positive for x ≠ 0, since rank k makes G_qᵀ injective ({size})",
                   (x.T * C * x)[0, 0], (w.T * w)[0, 0], scope=spd_scope)


def _transpose_multiple_randomized(check, multiplier, rank_hypothesis, mass_hypothesis, samples, max_k, max_n):
    def sizes():
        shapes = [(k, n) for k in range(1, max_k + 1) for n in range(k, max_n + 1)]

        def for_shape(shape):
            k, n = shape
            Js = full_row_rank_matrices(k, n, 4, 2) if rank_hypothesis else rational_matrices(k, n, 2, 1)
            Ms = spd_matrices(n, 2, 2) if mass_hypothesis else rational_matrices(n, n, 3, 1).map(lambda B: B + B.T)
            return st.tuples(Js, Ms, rational_matrices(k, 1, 4, 2), rational_matrices(n, 1, 4, 2))
        return st.sampled_from(shapes).flatmap(for_shape)

    def lemma_holds(instance):
        Jm, M, cvec, wvec = instance
        k, n = Jm.shape
        if not mass_hypothesis and M.det() == 0:
            raise OutsideDomain("M singular")
        kernel = Jm.nullspace()
        R_ok = Jm.T * cvec
        if any((R_ok.T * d)[0, 0] != 0 for d in kernel):
            return False  # G_qᵀc annihilates V
        try:
            lam = multiplier(Jm, R_ok, M)
        except (ValueError, sympy.matrices.exceptions.NonInvertibleMatrixError):
            return False
        if not (Jm.T * lam - R_ok).is_zero_matrix or Jm.T.nullspace():  # representation, and uniqueness
            return False
        if kernel:
            R_bad = R_ok + kernel[0]  # does not annihilate V: no multiplier represents it
            if (Jm.T * multiplier(Jm, R_bad, M) - R_bad).is_zero_matrix:
                return False
        C = Jm * M.LUsolve(Jm.T)
        return is_symmetric_positive_definite(C) and is_symmetric_positive_definite(Jm * Jm.T)

    hyp = ("rank G_q = k" if rank_hypothesis else "any G_q (rank hypothesis dropped)") + ", " + (
        "M SPD" if mass_hypothesis else "M any invertible symmetric matrix (SPD dropped)")
    if not samples:
        return
    check.property("R ⟂ ker G_q ⇔ R = G_qᵀλ with the claimed λ, unique; C = G_qM⁻¹G_qᵀ and G_qG_qᵀ SPD", sizes(),
                   lemma_holds, samples=samples, describe=lambda inst: [sympy.sstr(x) for x in inst],
                   scope=f"{check.instances(samples)} instances; " + f"randomized, exact rationals: k = 1..{max_k}, n = k..{max_n}; {hyp}")


def _transpose_multiple_witness(check):
    W = Matrix([[1, 0], [2, 0]])
    Rw = Matrix([1, 0])
    M = sympy.diag(2, 3)
    check.necessary(H_RANK_EVERYWHERE, "G = (q1, 2q1): G_q = [[1, 0], [2, 0]], rank 1 < k = 2; R = (1, 0); M = diag(2, 3)",
                    violates=[("G_q violates rank G_q = k", W.rank() < 2, "computation")],
                    others_hold={H_MASS_SPD: [("M = diag(2, 3) is symmetric positive definite", H_MASS_SPD.holds_for(M),
                                               "computation")]},
                    instances={H_MASS_SPD: M},
                    conclusion_fails=[("the premise holds: R annihilates V = ker G_q = span{(0, 1)}",
                                       all((Rw.T * d)[0, 0] == 0 for d in W.nullspace()), "computation"),("λ = (1, 0) and λ = (−1, 1) both give G_qᵀλ = R: λ not unique",
                                       W.T * Matrix([1, 0]) == Rw and W.T * Matrix([-1, 1]) == Rw, "computation"),
                                      ("C = G_q M⁻¹G_qᵀ is singular, not positive definite",
                                       (W * M.inv() * W.T).det() == 0, "computation")])


@cited(LEMMA_87, cited_kind="lemma",
       title="Reactions annihilating the virtual displacements are transpose multiples, with a positive definite "
             "multiplier matrix",
       statement=r"If $G_q$ ($k\times n$) has rank $k$ and $R\cdot\delta=0$ for every $\delta\in\ker G_q$, then "
                 r"$R=G_q^{\mathsf T}\lambda$ for exactly one $\lambda$, namely $\lambda=(G_qG_q^{\mathsf T})^{-1}G_qR$; "
                 r"for $M$ symmetric positive definite, $G_qM^{-1}G_q^{\mathsf T}$ and $G_qG_q^{\mathsf T}$ are symmetric "
                 r"positive definite. Without the rank hypothesis $\lambda$ is not unique and $C$ is singular.",
       source="cited: 001, 004 'Reactions annihilating the virtual displacements are transpose multiples, with a positive "
              "definite multiplier matrix'",
       uses=["linalg.annihilator_of_kernel_transpose_multiple", "linalg.euclidean_inner_product"],
       assumes=[H_RANK_EVERYWHERE, H_MASS_SPD], avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_reaction_transpose_multiple(check)


# ---------------------------------------------------------------------------
# holonomic.ideal_system_time_dependent_chart  (catalogue #88)
# ---------------------------------------------------------------------------

def _drift_instances():
    def for_shape(shape):
        k, n = shape
        return st.tuples(st.just(shape), spd_matrices(n, 2, 2),
                         st.lists(st.lists(rationals(2, 2), min_size=4, max_size=4), min_size=k, max_size=k),
                         st.lists(polynomials([_FT, *_FX[:n], *_FV[:n]], 2, 2, max_num=2, max_den=2), min_size=n, max_size=n),
                         st.lists(rationals(1, 2), min_size=n, max_size=n), rational_matrices(n, 1, 1, 2))
    return st.sampled_from([(1, 2), (1, 2), (1, 3), (2, 3)]).flatmap(for_shape)


def _random_rheonomic(xs, coefficients):
    """G_a = x_a + ½Σ c·(t, t², x1x2, x_n²) (rheonomic, rank k near the origin); G(0, x0) is shifted to 0 by the caller."""
    n = len(xs)
    monomials = [t, t**2, xs[0] * xs[min(1, n - 1)], xs[-1]**2]
    return [xs[a] + sum(c * mono for c, mono in zip(coeffs, monomials)) / 2 for a, coeffs in enumerate(coefficients)]


#: the sizes of the generic d²G/dt² = 0 identity (k = 2, n = 3 takes minutes) and of the reaction-power proof
#: (supporting the every-size check; without it they decide, in the scope n ≤ 2 (k ≤ n) and k = 1, n = 3)
SYSTEM_SIZES = ((1, 1), (1, 2), (2, 2), (1, 3))
SYSTEM_POWER_SIZES = ((1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (3, 3))


def check_ideal_system_chart(check, *, curvature_scale=1, power_sign=-1, acceleration_override=None, dps=20, samples=3,
                             symbolic_sizes=SYSTEM_SIZES, power_sizes=SYSTEM_POWER_SIZES, fixed_instance=True,
                             every_size=True, every_size_mutation=None):
    """a = M⁻¹(f + G_qᵀΛ) keeps d²/dt² G(t, q(t)) = 0 (generic G), G = 0 and G_t + G_q v = 0 are preserved
    (mpmath integration), and R·q' = −λ·G_t.

    ``every_size`` runs the clauses for every k and n first
    (:func:`theorems.page1_variations.holonomic_chart_every_size.check_ideal_system_every_size`, keyword mutations
    ``every_size_mutation``): they decide the statement and every part below supports (issue 38).
    ``curvature_scale`` scales the curvature term of Λ (0 drops it); ``power_sign`` is the sign in
    R·q' = sign·λ·G_t; ``acceleration_override(dynamics)`` replaces the acceleration fed to the integrator.
    ``symbolic_sizes``, ``power_sizes``, ``samples`` (0: no random trajectories) and ``fixed_instance`` select the parts.
    """
    if every_size:
        check_ideal_system_every_size(check, **(every_size_mutation or {}))
    with (check.supporting() if every_size else contextlib.nullcontext()):
        _ideal_system_fixed_sizes(check, curvature_scale, power_sign, acceleration_override, dps, samples,
                                  symbolic_sizes, power_sizes, fixed_instance)


def _ideal_system_fixed_sizes(check, curvature_scale, power_sign, acceleration_override, dps, samples, symbolic_sizes,
                              power_sizes, fixed_instance):
    """The fixed-size parts of :func:`check_ideal_system_chart` (generic G at the sizes given, integrations)."""
    for k, n in check.sweep(symbolic_sizes):
        q = [Function(f"q{i + 1}", real=True)(t) for i in range(n)]
        vel = [c.diff(t) for c in q]
        G = Matrix([Function(f"G{a + 1}")(t, *q) for a in range(k)])
        Msym = Matrix(n, n, lambda i, j: Symbol(f"m{min(i, j) + 1}{max(i, j) + 1}", real=True))
        F = Matrix([Function(f"f{i + 1}")(t, *q, *vel) for i in range(n)])
        J, G_t, curvature = constraint_derivatives(G, q, t)
        C, Lam, a = ideal_multiplier(Msym, J, F, curvature_scale * curvature)
        scope = (f"symbolic, generic G(t, q) (k = {k}, n = {n}), generic F(t, q, v), M = (m_ij) a "
                 "symbolic symmetric matrix (the identity holds wherever det M ≠ 0 and C ≠ 0, so for every SPD M)")
        state, done = _state_symbols(n), {}
        second = G.diff(t).diff(t).xreplace(  # d/dt twice: no simplification pass over a 2nd derivative
            {c.diff(t, 2): ai for c, ai in zip(q, a)})
        check.identity(f"d²/dt² G(t, q(t)) = 0 along q'' = a (k = {k}, n = {n})",
                       Matrix([_jet_state(e, q, state, done) for e in second]), sympy.zeros(k, 1), scope=scope)

    for k, n in check.sweep(power_sizes):
        lam = Matrix(sympy.symbols(f"lambda1:{k + 1}", real=True))
        G_q = _generic_jacobian(k, n)
        Tsym, Q = Symbol("T", real=True), sympy.symbols(f"Q1:{n + 1}", real=True)
        G_t = Matrix([sympy.diff(Function(f"G{a + 1}")(Tsym, *Q), Tsym) for a in range(k)])
        v = Matrix(sympy.symbols(f"v1:{n + 1}", real=True))
        R = G_q.T * lam
        scope = f"symbolic, generic G(t, q) (k = {k}, n = {n}), generic λ, permitted velocity v"
        p = Proof("reaction power")
        p.suppose("permitted", (G_t + G_q * v, sympy.zeros(k, 1)), note="G_t + G_q q' = 0 along the motion")
        p.algebra("power", ["permitted"], (euclidean_inner_product(R, v), power_sign * euclidean_inner_product(lam, G_t)),
                  certificate=list(lam), note="R·v = λ·G_q v = −λ·G_t")
        p.conclude("power")
        check.proof(f"R·q' = −λ·G_t for R = G_qᵀλ and a permitted velocity (k = {k}, n = {n})", p, scope=scope)

    g_fn = Function("g")
    t0s = Symbol("t0", real=True)
    solution = sympy.dsolve(sympy.Eq(g_fn(t).diff(t, 2), 0), g_fn(t), ics={g_fn(t0s): 0, g_fn(t).diff(t).subs(t, t0s): 0})
    with check.supporting():  # the step itself is the trusted result calculus.zero_second_derivative_zero_data
        check.fact("preservation: g'' = 0 with g(t0) = g'(t0) = 0 has only g ≡ 0 (g = G(t, q(t)), consistent data)",
                   sympy.simplify(solution.rhs) == 0, method="computation",
                   detail=f"dsolve: {solution}; cited: {ZERO_SECOND_DERIVATIVE}")

    tolerance = mpmath.mpf(10) ** (-(dps // 2))
    times = [Rational(1, 20), Rational(1, 10)]

    def trajectory_residual(instance):
        (k, n), M, coefficients, forces, x0, w = instance
        xs = [Function(f"q{i + 1}", real=True)(t) for i in range(n)]
        vs = [c.diff(t) for c in xs]
        raw = _random_rheonomic(xs, coefficients)
        start = {c: sympy.sympify(v) for c, v in zip(xs, x0)}
        G = [sympy.expand(gi - gi.xreplace(start).subs(t, 0)) for gi in raw]
        J0 = Matrix(G).jacobian(xs).xreplace(start).subs(t, 0)
        if J0.rank() < k or (J0 * J0.T).det() < Rational(1, 10):
            raise OutsideDomain("rank G_q < k (or nearly) at the initial state")
        F = Matrix([sympy.sympify(e).xreplace({_FT: t, **dict(zip(_FX, xs)), **dict(zip(_FV, vs))}) for e in forces])
        dyn = _scaled_curvature(ideal_holonomic_dynamics(M, F, G, xs, t, simplify=False), M, F, curvature_scale)
        G_t0 = dyn.time_derivative.xreplace(start).subs(t, 0)
        v0 = w - J0.T * (J0 * J0.T).LUsolve(J0 * w + G_t0)
        override = None if acceleration_override is None else acceleration_override(dyn)
        try:
            with time_limit(8):
                report = integrate_ideal_motion(dyn, 0, x0, list(v0), times, dps=dps, acceleration=override)
        except (TimeLimit, ZeroDivisionError, ValueError) as exc:
            raise OutsideDomain(f"integration failed: {type(exc).__name__}") from exc
        rank_fns = state_functions(dyn, [(dyn.jacobian * dyn.jacobian.T).det()])
        power = euclidean_inner_product(dyn.reaction, vs) - power_sign * euclidean_inner_product(dyn.multiplier,
                                                                                                 dyn.time_derivative)
        power_fn = state_functions(dyn, [power])[0]
        worst_power = mpmath.mpf(0)
        with mpmath.workdps(dps):
            for time, (xv, vv) in zip(times, report.states):
                if abs(rank_fns[0](time, *xv, *vv)) < mpmath.mpf(1) / 1000:
                    raise OutsideDomain("rank G_q drops along the trajectory")
                worst_power = max(worst_power, abs(power_fn(time, *xv, *vv)))
        return max(report.constraint_drift, report.velocity_drift, worst_power)

    # the integrations check numerically what the identities above and the cited results establish: they support
    # them (and decide only when the symbolic d²G/dt² identity does not run)
    with (check.supporting() if symbolic_sizes else contextlib.nullcontext()):
        if samples:
            _integrated_motions(check, trajectory_residual, samples, dps, tolerance)
        if fixed_instance:
            _bead_on_accelerating_circle(check, curvature_scale, power_sign, acceleration_override, dps, tolerance)


def _integrated_motions(check, trajectory_residual, samples, dps, tolerance):
    if samples:
        check.property("integrated ideal motions keep G = 0, G_t + G_q v = 0 and R·v = −λ·G_t (largest residual reported)",
                       _drift_instances(), trajectory_residual, tolerance=tolerance, samples=samples,
                       describe=lambda inst: [str(inst[0]), sympy.sstr(inst[1]), [[str(c) for c in row] for row in inst[2]],
                                              [sympy.sstr(e) for e in inst[3]], [str(v) for v in inst[4]], sympy.sstr(inst[5])],
                       scope=f"{check.instances(samples)} instances; " + f"randomized: (k, n) ∈ {{(1,2), (1,3), (2,3)}}, M SPD (spd_matrices), rheonomic quadratic "
                             f"G(t, q) with G(0, x0) = 0, polynomial f(t, q, v) of degree ≤ 2, consistent v0 by projection; "
                             f"mpmath Bulirsch–Stoer extrapolation at {dps} digits, sampled at t = 1/20, 1/10; instances whose rank drops along the "
                             f"trajectory are rejected; tolerance 10^-{dps // 2}")


def _bead_on_accelerating_circle(check, curvature_scale, power_sign, acceleration_override, dps, tolerance):
    """One fixed rheonomic instance: a bead on a circle whose centre accelerates, gravity, non-diagonal M."""
    bead_M = Matrix([[2, Rational(1, 2)], [Rational(1, 2), 1]])
    bead = regular_holonomic_constraint([(X - t**2 / 2)**2 + Y**2 - 1], (X, Y), t,
                                        Chart("ℝ × (ℝ² ∖ {(t²/2, 0)})", ((X - t**2 / 2)**2 + Y**2,)))
    dyn = bead.dynamics(bead_M, [0, -1])
    dyn = _scaled_curvature(dyn, bead_M, [0, -1], curvature_scale)
    x0 = [Rational(3, 5), Rational(-4, 5)]
    v0 = bead.permitted_velocity(0, x0, [1, 0])
    override = None if acceleration_override is None else acceleration_override(dyn)
    bead_times = [Rational(1, 8), Rational(1, 4)]
    report = integrate_ideal_motion(dyn, 0, x0, list(v0), bead_times, dps=dps, acceleration=override)
    xs = dyn.coordinates
    power = euclidean_inner_product(dyn.reaction, [c.diff(t) for c in xs]) - power_sign * euclidean_inner_product(
        dyn.multiplier, dyn.time_derivative)
    power_fn = state_functions(dyn, [power])[0]
    with mpmath.workdps(dps):
        worst = max(abs(power_fn(time, *xv, *vv)) for time, (xv, vv) in zip(bead_times, report.states))
    check.numeric("bead on an accelerating circle: drift of G, of G_t + G_q v and of R·v + λ·G_t",
                  max(report.constraint_drift, report.velocity_drift, worst), tolerance,
                  scope=f"G = (x − t²/2)² + y² − 1, M = [[2, 1/2], [1/2, 1]], f = (0, −1), q(0) = (3/5, −4/5), "
                        f"mpmath Bulirsch–Stoer extrapolation at {dps} digits, t = 1/8 and 1/4",
                  detail=f"|G| ≤ {mpmath.nstr(report.constraint_drift, 3)}, |G_t + G_q v| ≤ "
                         f"{mpmath.nstr(report.velocity_drift, 3)}, |R·v + λ·G_t| ≤ {mpmath.nstr(worst, 3)}")


def _scaled_curvature(dyn, M, F, scale):
    """The toolkit's system with the curvature term of Λ scaled by ``scale`` (1: unchanged; a mutation otherwise)."""
    if scale == 1:
        return dyn
    _, Lam, a = ideal_multiplier(M, dyn.jacobian, F, scale * dyn.curvature_terms, simplify=False)
    return dataclasses.replace(dyn, acceleration=a, multiplier=Lam, curvature_terms=scale * dyn.curvature_terms)


def _jet_state(expr, q, state, memo=None):
    """An expression along a curve q(t), written in state symbols (positions, speeds) with derivatives done
    (each distinct derivative once: :func:`theorems.page1_variations.holonomic_chart.derivatives_done`, ``memo`` shared)."""
    positions, speeds = state
    expr = sympy.sympify(expr).xreplace({c.diff(t): v for c, v in zip(q, speeds)})
    return derivatives_done(expr.xreplace({c: s for c, s in zip(q, positions)}), memo)


@cited(THEOREM_88, cited_kind="theorem",
       title="The ideal holonomic system in a possibly time-dependent chart: explicit acceleration, constraint "
             "preservation, local existence and reaction power",
       statement=r"For a regular constraint $G\in C^3$ (rank $k$ on all of $O$), $M$ symmetric positive definite and "
                 r"$f\in C^1$: $C=G_qM^{-1}G_q^{\mathsf T}$ is invertible, "
                 r"$\Lambda=-C^{-1}[G_qM^{-1}f+G_{tt}+2G_{tq}[v]+G_{qq}[v,v]]$ and $a=M^{-1}(f+G_q^{\mathsf T}\Lambda)$; "
                 r"along $q''=a$, $\frac{d^2}{dt^2}G(t,q(t))=0$, so solutions with consistent data keep $G=0$ and "
                 r"$G_t+G_qq'=0$; through consistent data there is a unique local solution, and "
                 r"$R\cdot q'=-\lambda\cdot G_t$. (Local existence and uniqueness: the right-hand side is $C^1$, "
                 r"hence locally Lipschitz, and the trusted results \texttt{calculus.c1_maps_locally_lipschitz} and "
                 r"\texttt{ode.picard_lindelof} apply; preservation: $g=G(t,q(t))$ has $g''\equiv0$ and "
                 r"$g(t_0)=g'(t_0)=0$, so $g\equiv0$ by \texttt{calculus.zero_second_derivative_zero_data}.)",
       source="cited: 001 'The ideal holonomic system in a possibly time-dependent chart: explicit acceleration, "
              "constraint preservation, local existence and reaction power'",
       uses=[DEFINITION_ID, LEMMA_87, PICARD_LINDELOF, C1_LOCALLY_LIPSCHITZ, ZERO_SECOND_DERIVATIVE],
       proof_uses=[CHAIN_RULE, CHAIN_AND_PRODUCT_RULES, "holonomic.differentiated_constraint_permitted_velocity",
                   "linalg.euclidean_inner_product"],
       assumes=[H_RANK_EVERYWHERE, H_MASS_SPD, H_CONSTRAINT_C2, H_FORCE_CONTINUOUS])
def _(check):
    check_ideal_system_chart(check)
