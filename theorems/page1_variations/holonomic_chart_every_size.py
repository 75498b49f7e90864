"""Seed 001's cited lemma #87 and cited theorem #88 for every number of coordinates n and constraints k.

At one point (t, q, v) of the chart both are linear algebra in a handful of matrices of symbolic shape
(``sympy.MatrixSymbol``; :mod:`checker.kernel.engine.matrix_shapes` proves such identities for every size):

* ``holonomic.reaction_transpose_multiple_lemma`` (#87): G_q (k × n, rank k), R (n × 1), M = BᵀB with B invertible
  (every symmetric positive definite M is so: Cholesky).  With λ = (G_qG_qᵀ)⁻¹G_qR and v = R − G_qᵀλ: G_q v = 0
  (v ∈ ker G_q) and |v|² = Rᵀv, so R ⟂ ker G_q gives |v|² = 0, v = 0 (positive definiteness of the Euclidean inner
  product, the cited ``linalg.euclidean_inner_product``): R = G_qᵀλ.  That is the every-size form of the
  fundamental theorem of linear algebra (R ⟂ ker G_q ⇒ R ∈ im G_qᵀ); it needs (G_qG_qᵀ)⁻¹, whose existence is the
  checked deduction :func:`gram_positive_deduction` (Gᵀ injective by rank k, Euclidean positive definiteness ⇒
  yᵀG_qG_qᵀy > 0 for y ≠ 0).  Uniqueness: the formula applied to G_qᵀc gives c.  G_qM⁻¹G_qᵀ: symmetric, and
  yᵀG_qM⁻¹G_qᵀy = |B⁻ᵀG_qᵀy|², and positive for y ≠ 0 by the checked deduction
  :func:`~theorems.page4_regular_constraints.holonomic_every_size.constraint_mass_positive_deduction` (M⁻¹ = WᵀW with
  W = B⁻ᵀ injective, an identity; G_qᵀ injective by rank k; the cited Euclidean positive definiteness).
* ``holonomic.ideal_system_time_dependent_chart`` (#88): the clauses of #73 at a state, with a general symmetric
  positive definite M = BᵀB instead of the page's diag(m_i I₃) (the identities of
  :func:`theorems.page4_regular_constraints.holonomic_every_size.check_reaction_law_every_size` never use the
  diagonal form): C = G_qM⁻¹G_qᵀ symmetric positive definite, Λ solving CΛ = −[G_qM⁻¹f + κ], M a = f + G_qᵀΛ,
  G_q a + κ = 0 (so d²/dt² G(t, q(t)) = G_q q'' + κ = 0 along q'' = a by the cited chain rule of every size,
  ``calculus.chain_and_product_rules_every_size``, and G = 0, G_t + G_q q' = 0 are preserved by the cited
  ``calculus.zero_second_derivative_zero_data``), a' in closed form (a ∈ C¹: locally Lipschitz and Picard–Lindelöf,
  cited), and R·w = −λ·G_t + λ·(G_t + G_q w).
"""
from __future__ import annotations

import sympy
from sympy import Inverse, MatrixSymbol, ZeroMatrix

from checker.kernel.deduction import Deduction, atom, forall, implies
from theorems.foundations.analytic_facts import CHAIN_AND_PRODUCT_RULES
from theorems.foundations.linalg import EUCLIDEAN_DIMENSION, EUCLIDEAN_POSITIVE_DEFINITE, EUCLIDEAN_ID
from theorems.page1_variations.holonomic_chart import H_MASS_SPD, H_RANK_EVERYWHERE
from theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra import every_size_identity
from theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra import (
    gram_positive_deduction as general_gram_positive_deduction)
from theorems.page4_regular_constraints.holonomic_every_size import (check_reaction_law_every_size,
                                                                     constraint_mass_positive_deduction)

__all__ = ["check_transpose_multiple_every_size", "gram_positive_deduction", "check_ideal_system_every_size",
           "EVERY_SIZE_87", "EVERY_SIZE_88"]

N_DIM = EUCLIDEAN_DIMENSION  # n: the same shape symbol as the cited Euclidean formula (it is instantiated at G_qᵀy)
K_DIM = sympy.Symbol("k", integer=True, positive=True)
EVERY_SIZE_87 = ("every size: k and n symbols (MatrixSymbols G_q k×n of rank k, R n×1), M = BᵀB with B invertible "
                 "(every SPD M, Cholesky)")
EVERY_SIZE_88 = ("every size: k and n symbols (MatrixSymbols: G_q = D_qG k×n of rank k, f, v n×1, κ = G_tt + 2G_tq[v] "
                 "+ G_qq[v,v] and G_t k×1), M = BᵀB with B invertible (every SPD M, Cholesky); derivatives along the "
                 f"motion by the cited chain and product rules of every size ({CHAIN_AND_PRODUCT_RULES})")


def _page_multiplier(G, R, M):
    """λ = (G_qG_qᵀ)⁻¹G_qR (the lemma's formula; M does not enter)."""
    return Inverse(G * G.T) * G * R


def gram_positive_deduction(gram=lambda G: G * G.T, *, injective=True) -> Deduction:
    """#87's Gram matrix: :func:`~theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra.
    gram_positive_deduction` for G_q (k × n) under the rank hypothesis (``gram``, ``injective``: mutations)."""
    return general_gram_positive_deduction(MatrixSymbol("G_q", K_DIM, N_DIM), rank_assumption=H_RANK_EVERYWHERE,
                                           gram=gram, injective=injective)


def check_transpose_multiple_every_size(check, *, multiplier=_page_multiplier, mass_factor=1, injective=True,
                                        gram=lambda G: G * G.T):
    """#87 for every k and n: R ⟂ ker G_q ⇒ R = G_qᵀλ with λ = multiplier(G_q, R, M), λ unique, G_qG_qᵀ positive
    definite (a checked deduction) and G_qM⁻¹G_qᵀ symmetric positive definite.  ``multiplier``, ``mass_factor``
    (scales the right side of the positivity identity of C), ``injective`` and ``gram`` are test mutations."""
    k, n = K_DIM, N_DIM
    G, R, B = MatrixSymbol("G_q", k, n), MatrixSymbol("R", n, 1), MatrixSymbol("B", n, n)
    c, y = MatrixSymbol("c", k, 1), MatrixSymbol("y", k, 1)
    delta = MatrixSymbol("delta", n, 1)
    M = B.T * B
    lam = multiplier(G, R, M)
    v = R - G.T * lam
    C = G * Inverse(M) * G.T
    check.deduction("rank G_q = k ⇒ yᵀG_qG_qᵀy > 0 for y ≠ 0: G_qG_qᵀ is positive definite, so invertible and "
                    "(G_qG_qᵀ)⁻¹ below exists (every k, n)", gram_positive_deduction(gram, injective=injective),
                    scope=EVERY_SIZE_87)
    every_size_identity(check, "G_qG_qᵀ is symmetric (every k, n)", (G * G.T).T, G * G.T, scope=EVERY_SIZE_87)
    every_size_identity(check, "v = R − G_qᵀλ lies in ker G_q: G_q v = 0 for the claimed λ (every k, n)", G * v,
                        ZeroMatrix(k, 1), scope=EVERY_SIZE_87)
    every_size_identity(check, "|R − G_qᵀλ|² = Rᵀ(R − G_qᵀλ) for the claimed λ (every k, n)", v.T * v, R.T * v,
                        scope=EVERY_SIZE_87,
                        context=f"R ⟂ ker G_q and G_q v = 0 give Rᵀv = 0, so |v|² = 0 and v = 0 ({EUCLIDEAN_ID}: positive "
                                "definite): R = G_qᵀλ, i.e. R ∈ im G_qᵀ (the fundamental theorem of linear algebra, "
                                "here proved for every size)")
    every_size_identity(check, "uniqueness: the claimed λ of G_qᵀc is c, so G_qᵀc = G_qᵀc' ⇒ c = c' (every k, n)",
                        multiplier(G, G.T * c, M), c, scope=EVERY_SIZE_87)
    every_size_identity(check, "converse: (G_qᵀc)ᵀδ = cᵀ(G_qδ), 0 for δ ∈ ker G_q (every k, n)", (G.T * c).T * delta,
                        c.T * (G * delta), scope=EVERY_SIZE_87)
    every_size_identity(check, "C = G_qM⁻¹G_qᵀ is symmetric (every k, n)", C.T, C, scope=EVERY_SIZE_87)
    w = Inverse(B.T) * G.T * y
    every_size_identity(check, "yᵀ(G_qM⁻¹G_qᵀ)y = |B⁻ᵀG_qᵀy|² for M = BᵀB (every k, n)", y.T * C * y,
                        mass_factor * w.T * w, scope=EVERY_SIZE_87)
    every_size_identity(check, "M⁻¹ = WᵀW with W = B⁻ᵀ (every n)", Inverse(M), mass_factor * Inverse(B.T).T * Inverse(B.T),
                        scope=EVERY_SIZE_87)
    check.deduction("rank k and M⁻¹ = WᵀW with W injective ⇒ yᵀ(G_qM⁻¹G_qᵀ)y > 0 for y ≠ 0: C is positive definite "
                    "(every k, n)", constraint_mass_positive_deduction(
                        G, MatrixSymbol("W", n, n), rank_assumption=H_RANK_EVERYWHERE, mass_assumption=H_MASS_SPD,
                        rank=injective), scope=EVERY_SIZE_87)


def check_ideal_system_every_size(check, *, sign=-1, curvature_factor=1, power_sign=-1):
    """#88's clauses at a state, for every k and n, by #73's identities with a general SPD M = BᵀB (``sign``: of Λ,
    ``curvature_factor``: of κ in Λ, ``power_sign``: in R·w = power_sign·λ·G_t + λ·(G_t + G_q w); mutations)."""
    check_reaction_law_every_size(check, sign=sign, curvature_factor=curvature_factor, power_sign=power_sign,
                                  scope=EVERY_SIZE_88, rank_assumption=H_RANK_EVERYWHERE, mass_assumption=H_MASS_SPD)
