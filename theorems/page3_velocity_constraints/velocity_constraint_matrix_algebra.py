"""Matrix identities of symbolic shape for the velocity-constraint items (every k', every 3N).

Seed 003's pointwise linear algebra (admissible velocities, the multiplier form, re-presentation by ρ, the
zero-row degeneration, the group GL(k)) holds for every number of rows k' and every dimension 3N.  The
functions below state it with ``sympy.MatrixSymbol`` of symbolic shape (k' × n, with the shape symbols
``K``, ``N`` positive integers) and record each step as a ``check.identity`` for every size: the kernel
(:mod:`checker.kernel.engine.matrix_shapes`) proves such an identity only when sympy's matrix-expression algebra reduces the
residual to the zero matrix for every shape, and otherwise checks it exactly at small sizes (at most
``confirmed``; a failure there is a genuine counterexample).

:func:`expand_products` distributes products over sums before the kernel compares the two sides: sympy's
``expand`` folds ``P·P`` back into ``P²`` and never distributes a power of a sum (the projector identity
P² = P needs it).  It is an equality-preserving rewriting done by sympy's arithmetic (X·X⁻¹ = I for the
inverses that occur, which exist by the hypotheses named in each check's scope); the comparison of the two
sides is left to the kernel.

The logical glue between identities (e.g. "|PR|² = 0 forces PR = 0", positive definiteness of the Euclidean
inner product, a cited definition) is stated in each check's ``context``.
"""
from __future__ import annotations

import itertools

import sympy
from sympy import Identity, MatrixSymbol, Symbol, ZeroMatrix

__all__ = ["K", "N", "J", "expand_products", "every_size_identity", "gram_inverse", "kernel_projector_expr",
           "check_affine_every_size", "check_multiplier_every_size", "check_re_presentation_every_size",
           "check_zero_row_every_size", "check_general_linear_group_every_size", "EVERY_SIZE"]

K = Symbol("k", integer=True, positive=True)  # k', the number of rows
N = Symbol("n", integer=True, positive=True)  # 3N, the dimension of the configuration space
J = Symbol("j", integer=True, positive=True)  # k' − 1 rows kept by the zero-row test
EVERY_SIZE = "symbolic, every size (MatrixSymbols of shape k'×n, k' and n symbols)"


def _terms(expr) -> list:
    """``expr`` as a list of ``(scalar, [matrix factors])`` with no sum inside a product (inverses kept whole)."""
    if isinstance(expr, sympy.MatAdd):
        return [term for arg in expr.args for term in _terms(arg)]
    if isinstance(expr, sympy.MatMul):
        out = [(sympy.S.One, [])]
        for arg in expr.args:
            if not getattr(arg, "is_Matrix", False):
                out = [(c * arg, f) for c, f in out]
                continue
            out = [(c1 * c2, f1 + f2) for (c1, f1), (c2, f2) in itertools.product(out, _terms(arg))]
        return out
    if isinstance(expr, sympy.MatPow) and not isinstance(expr, sympy.Inverse) and expr.exp.is_Integer and expr.exp > 0:
        return _terms(sympy.MatMul(*([expr.base] * int(expr.exp)), evaluate=False))
    if isinstance(expr, sympy.Transpose):
        return [(c, [f.T for f in reversed(fs)]) for c, fs in _terms(expr.arg)]
    if isinstance(expr, ZeroMatrix):
        return []
    return [(sympy.S.One, [expr])]


def expand_products(expr, rounds: int = 8):
    """``expr`` with every product of sums distributed and each product put in sympy's canonical form
    (``MatMul.doit``: transposes of products, X·X⁻¹ = I), repeated until nothing changes."""
    expr = sympy.sympify(expr)
    if not isinstance(expr, sympy.MatrixExpr):
        return expr
    for _ in range(rounds):
        parts = [c * sympy.MatMul(*fs).doit() for c, fs in _terms(expr) if fs]
        new = sympy.MatAdd(*parts).doit() if parts else ZeroMatrix(*expr.shape)
        if new == expr:
            return new
        expr = new
    return expr


def every_size_identity(check, name: str, lhs, rhs, *, scope: str = EVERY_SIZE, context: str = ""):
    """``lhs = rhs`` for matrix expressions of symbolic shape, both sides expanded (:func:`expand_products`)."""
    note = "both sides with products distributed over sums (sympy MatMul/MatAdd)"
    return check.identity(name, expand_products(lhs), expand_products(rhs), scope=scope,
                          context=f"{context}; {note}" if context else note)


def gram_inverse(A):
    """(AAᵀ)⁻¹ (a matrix expression; AAᵀ is invertible when rank A = k', see :func:`check_affine_every_size`)."""
    return (A * A.T).I


def kernel_projector_expr(A):
    """P = I − Aᵀ(AAᵀ)⁻¹A, the orthogonal projector onto ker A."""
    return Identity(A.shape[1]) - A.T * gram_inverse(A) * A


def _default_v0(A, b):
    return -A.T * gram_inverse(A) * b


def _default_multiplier(A, R):
    return gram_inverse(A) * A * R


def _default_transform(rho, mu):
    return rho.T.I * mu


def gram_positive_deduction(A, *, rank_assumption, gram=lambda A: A * A.T, injective=True):
    """For every k, n (A: k × n): Aᵀ injective (∀w. Aᵀw = 0 ⇒ w = 0, the rank hypothesis) and the Euclidean inner
    product positive definite (∀z. z ≠ 0 ⇒ zᵀz > 0, cited) give ∀y. y ≠ 0 ⇒ yᵀ·gram(A)·y > 0: instantiate injectivity
    at y, contrapose, instantiate positivity at Aᵀy, chain, rewrite (Aᵀy)ᵀ(Aᵀy) = yᵀAAᵀy, generalize.  ``gram`` is the
    claimed positive matrix; ``injective=False`` drops the rank premise (mutations)."""
    from checker.kernel.deduction import Deduction, atom, forall, implies
    from theorems.foundations.linalg import EUCLIDEAN_ID, EUCLIDEAN_POSITIVE_DEFINITE
    k, n = A.shape
    y, w = MatrixSymbol("y", k, 1), MatrixSymbol("w", k, 1)
    zero_k, zero_n = ZeroMatrix(k, 1), ZeroMatrix(n, 1)
    goal = forall(y, implies(atom("≠", y, zero_k), atom(">", y.T * gram(A) * y, 0)))
    d = Deduction(f"rank {A} = k ⇒ {A}{A}ᵀ positive definite, hence invertible (every k, n)", goal)
    if injective:
        d.hypothesis("injective", forall(w, implies(atom("=", A.T * w, zero_n), atom("=", w, zero_k))),
                     assumption=rank_assumption, note=f"rank {A} = k: {A}ᵀ is injective (rank–nullity for {A}ᵀ)")
    d.cite("definite", EUCLIDEAN_ID, EUCLIDEAN_POSITIVE_DEFINITE, note="zᵀz = ⟨z, z⟩ > 0 for z ≠ 0")
    d.instantiate("injective_at_y", "injective", y)
    d.contrapose("y_nonzero_gives_Aty_nonzero", "injective_at_y")
    d.instantiate("definite_at_Aty", "definite", A.T * y)
    d.chain("y_nonzero_gives_positive", "y_nonzero_gives_Aty_nonzero", "definite_at_Aty")
    d.rewrite("gram_positive", "y_nonzero_gives_positive",
              implies(atom("≠", y, zero_k), atom(">", y.T * gram(A) * y, 0)),
              note=f"({A}ᵀy)ᵀ({A}ᵀy) = yᵀ{A}{A}ᵀy for every k, n")
    d.generalize("every_y", "gram_positive", y)
    return d


def _gram_invertible(check, A, label: str, rank_assumption):
    """AAᵀ positive definite (a checked deduction from rank A = k'), so AAᵀ ∈ GL(k') and (AAᵀ)⁻¹ below exists."""
    return check.deduction(f"{label}: yᵀ(AAᵀ)y > 0 for y ≠ 0, so AAᵀ is invertible (every k', n)",
                           gram_positive_deduction(A, rank_assumption=rank_assumption), scope=EVERY_SIZE)


def check_affine_every_size(check, *, v0_formula=_default_v0, dimension=lambda n, k: n - k, rank_assumption=None):
    """{v : Av + b = 0} = v0 + ker A, nonempty, dim ker A = n − k', for every k' and n (rank A = k')."""
    A, b = MatrixSymbol("A", K, N), MatrixSymbol("b", K, 1)
    v, delta, v1, v2 = (MatrixSymbol(s, N, 1) for s in ("v", "delta", "v1", "v2"))
    H = gram_inverse(A)
    P = kernel_projector_expr(A)
    v0 = v0_formula(A, b)
    _gram_invertible(check, A, "rank A = k' ⇒ AAᵀ invertible", rank_assumption)
    every_size_identity(check, "nonempty: A v0 + b = 0 for v0 = −Aᵀ(AAᵀ)⁻¹b (every k', n)", A * v0 + b, ZeroMatrix(K, 1))
    every_size_identity(check, "every solution is v0 + ker A: v − v0 = Pv + Aᵀ(AAᵀ)⁻¹(Av + b), P = I − Aᵀ(AAᵀ)⁻¹A "
                               "(every k', n)", v - v0, P * v + A.T * H * (A * v + b),
                        context="so Av + b = 0 gives v = v0 + Pv")
    every_size_identity(check, "Pv ∈ ker A: AP = 0 (every k', n)", A * P, ZeroMatrix(K, N))
    every_size_identity(check, "conversely A(v0 + δ) + b = Aδ: v0 + δ is admissible iff δ ∈ ker A (every k', n)",
                        A * (v0 + delta) + b, A * delta)
    every_size_identity(check, "Chetaev: A(v1 − v2) = (Av1 + b) − (Av2 + b): differences of admissible velocities lie "
                               "in ker A, and δ = (v0 + δ) − v0 (every k', n)",
                        A * (v1 - v2), (A * v1 + b) - (A * v2 + b))
    check_kernel_dimension_every_size(check, dimension=dimension)


def check_kernel_dimension_every_size(check, *, dimension=lambda n, k: n - k):
    """dim ker A = n − k' derived, for every k' and d = n − k': rank k' gives an invertible k'×k' minor A_v (columns
    permuted), A = [A_u A_v]; δ_u ↦ (δ_u, −A_v⁻¹A_uδ_u) maps R^d into ker A, onto it, injectively (first block δ_u), so
    dim ker A = d; the claimed ``dimension(n, k')`` is compared with d at n = d + k'."""
    d = Symbol("d", integer=True, positive=True)
    A_u, A_v = MatrixSymbol("A_u", K, d), MatrixSymbol("A_v", K, K)
    du, dv = MatrixSymbol("delta_u", d, 1), MatrixSymbol("delta_v", K, 1)
    lower = -A_v.I * A_u
    scope = "every k' and d = n − k' (MatrixSymbols), A_v the invertible k'×k' minor that rank k' provides"
    check.identity("dim V: into ker A, A_u·I + A_v·(−A_v⁻¹A_u) = 0 (every k', n)", A_u + A_v * lower, ZeroMatrix(K, d),
                   scope=scope)
    check.identity("dim V: onto ker A, δ_v − (−A_v⁻¹A_uδ_u) = A_v⁻¹(A_uδ_u + A_vδ_v), 0 on ker A (every k', n)",
                   dv - lower * du, A_v.I * (A_u * du + A_v * dv), scope=scope,
                   context="so every δ ∈ ker A is (δ_u, −A_v⁻¹A_uδ_u), and the map is injective (first block δ_u)")
    claimed = sympy.sympify(dimension(d + K, K))
    check.fact(f"dim V = d, the number of free coordinates δ_u, at n = d + k': claimed {sympy.sstr(claimed)}",
               sympy.expand(claimed - d) == 0, method="symbolic", scope=scope)


def check_multiplier_every_size(check, *, multiplier_formula=_default_multiplier, rank_assumption=None):
    """R ⟂ ker A ⇔ R = Aᵀμ with μ = (AAᵀ)⁻¹AR unique, for every k' and n (rank A = k')."""
    A, R = MatrixSymbol("A", K, N), MatrixSymbol("R", N, 1)
    c, c2 = MatrixSymbol("c", K, 1), MatrixSymbol("c2", K, 1)
    delta = MatrixSymbol("delta", N, 1)
    P = kernel_projector_expr(A)
    mu = multiplier_formula(A, R)
    _gram_invertible(check, A, "rank A = k' ⇒ AAᵀ invertible", rank_assumption)
    every_size_identity(check, "R − Aᵀμ = PR for μ = multiplier(A, R) (every k', n)", R - A.T * mu, P * R)
    every_size_identity(check, "PR ∈ ker A: AP = 0 (every k', n)", A * P, ZeroMatrix(K, N))
    every_size_identity(check, "Rᵀ(PR) = |PR|² (P symmetric and idempotent; every k', n)", R.T * P * R,
                        (P * R).T * (P * R),
                        context="R ⟂ ker A and PR ∈ ker A give Rᵀ(PR) = 0, so |PR|² = 0, PR = 0 (positive definiteness, "
                                "linalg.euclidean_inner_product) and R = Aᵀμ: the step of the cited "
                                "linalg.annihilator_of_kernel_transpose_multiple (not a checked deduction: the "
                                "deduction rules do not rewrite under an inverse)")
    every_size_identity(check, "uniqueness: multiplier(A, Aᵀc) = c (every k', n)", multiplier_formula(A, A.T * c), c,
                        context="so Aᵀc = Aᵀc' gives c = c': μ is unique")
    every_size_identity(check, "converse: (Aᵀc)ᵀδ = cᵀ(Aδ), zero for δ ∈ ker A (every k', n)", (A.T * c).T * delta,
                        c.T * (A * delta))
    every_size_identity(check, "uniqueness without the formula: c − c2 = (AAᵀ)⁻¹A(Aᵀc − Aᵀc2) (every k', n)", c - c2,
                        gram_inverse(A) * A * (A.T * c - A.T * c2))


def check_inverse_continuity_every_size(check, *, inverse_derivative=lambda G0, H0, u, w: G0.I * (w - u * H0)):
    """Continuity of t ↦ (A(t)A(t)ᵀ)⁻¹ through the inverse function theorem (cited), for every k'.

    Φ(G, H) = (G, GH) on M_k × M_k is polynomial; Φ(G, G⁻¹) = (G, I); DΦ(G0, H0)(dG, dH) = (dG, dG·H0 + G0·dH)
    has the inverse (u, w) ↦ (u, L(u, w)), L(u, w) = G0⁻¹(w − u·H0) (``inverse_derivative``), when G0 is invertible.  The inverse function theorem gives a
    C¹ local inverse of Φ near (G0, G0⁻¹); its second component at (G, I) is a right inverse of G, i.e. G⁻¹ (GL is
    a group).  So inversion is continuous on GL(k'), and μ = (AAᵀ)⁻¹AR is continuous in t along a curve.
    """
    G0, H0, dG, dH, u, w = (MatrixSymbol(s, K, K) for s in ("G0", "H0", "dG", "dH", "u", "w"))
    eps = Symbol("epsilon", real=True)
    context = ("with the cited inverse function theorem: inversion is C¹ on GL(k'); μ(t) = (AAᵀ)⁻¹AR is a product of "
               "continuous matrix functions of t")
    every_size_identity(check, "Φ(G, H) = (G, GH): second component (G0 + εdG)(H0 + εdH) = G0H0 + ε(dG·H0 + G0·dH) "
                               "+ ε²dG·dH (the derivative of Φ; every k')",
                        (G0 + eps * dG) * (H0 + eps * dH), G0 * H0 + eps * (dG * H0 + G0 * dH) + eps**2 * dG * dH,
                        context=context)
    every_size_identity(check, "Φ(G0, G0⁻¹) = (G0, I): G0·G0⁻¹ = I (every k')", G0 * G0.I, Identity(K), context=context)
    every_size_identity(check, "DΦ(G0, H0)∘L = id: u·H0 + G0·L(u, w) = w, L(u, w) = G0⁻¹(w − u·H0) (G0 invertible; "
                               "every k')", u * H0 + G0 * inverse_derivative(G0, H0, u, w), w, context=context)
    every_size_identity(check, "L∘DΦ(G0, H0) = id: L(dG, dG·H0 + G0·dH) = dH (G0 invertible; every k')",
                        inverse_derivative(G0, H0, dG, dG * H0 + G0 * dH), dH, context=context)


def check_re_presentation_every_size(check, *, transform=_default_transform):
    """(A, b) ↦ (ρA, ρb), ρ ∈ GL(k'): v0, ker A, the admissible set and the reaction unchanged, μ' = ρ^(-T)μ."""
    A, b, rho = MatrixSymbol("A", K, N), MatrixSymbol("b", K, 1), MatrixSymbol("rho", K, K)
    v, delta, R = (MatrixSymbol(s, N, 1) for s in ("v", "delta", "R"))
    mu = MatrixSymbol("mu", K, 1)
    new_A, new_b = rho * A, rho * b
    G = A * A.T
    Y = rho.T.I * G.I * rho.I  # the claimed inverse of (ρA)(ρA)ᵀ
    scope = EVERY_SIZE + "; ρ invertible, rank A = k'"
    every_size_identity(check, "((ρA)(ρA)ᵀ)·ρ^(-T)(AAᵀ)⁻¹ρ⁻¹ = I (every k', n)", new_A * new_A.T * Y, Identity(K),
                        scope=scope, context="with the product the other way round, below: "
                                             "((ρA)(ρA)ᵀ)⁻¹ = ρ^(-T)(AAᵀ)⁻¹ρ⁻¹ (inverses are unique in GL(k'))")
    every_size_identity(check, "ρ^(-T)(AAᵀ)⁻¹ρ⁻¹·((ρA)(ρA)ᵀ) = I (every k', n)", Y * (new_A * new_A.T), Identity(K),
                        scope=scope)
    every_size_identity(check, "v0 unchanged: −(ρA)ᵀ((ρA)(ρA)ᵀ)⁻¹(ρb) = −Aᵀ(AAᵀ)⁻¹b (every k', n)",
                        -new_A.T * Y * new_b, -A.T * G.I * b, scope=scope)
    every_size_identity(check, "admissible set unchanged: (ρA)v + ρb = ρ(Av + b) (every k', n)", new_A * v + new_b,
                        rho * (A * v + b), scope=scope)
    every_size_identity(check, "… and Av + b = ρ⁻¹((ρA)v + ρb) (every k', n)", A * v + b, rho.I * (new_A * v + new_b),
                        scope=scope)
    every_size_identity(check, "ker(ρA) = ker A: Aδ = ρ⁻¹(ρAδ) (every k', n)", A * delta, rho.I * (new_A * delta),
                        scope=scope)
    every_size_identity(check, "the projector onto the kernel is unchanged: I − (ρA)ᵀ((ρA)(ρA)ᵀ)⁻¹(ρA) = "
                               "I − Aᵀ(AAᵀ)⁻¹A (every k', n)", Identity(N) - new_A.T * Y * new_A,
                        kernel_projector_expr(A), scope=scope)
    every_size_identity(check, "μ' = multiplier of (ρA, R) = transform(ρ, multiplier of (A, R)) "
                               "(every k', n)", Y * new_A * R, transform(rho, G.I * A * R), scope=scope)
    every_size_identity(check, "the reaction is unchanged: (ρA)ᵀ·transform(ρ, μ) = Aᵀμ (every k', n)",
                        new_A.T * transform(rho, mu), A.T * mu, scope=scope)


def check_zero_row_every_size(check, *, factor=lambda s: s**2):
    """Scaling the last row of A0 by s: A_s = D_s A0 with D_s = diag(I_{k'−1}, s), and
    det(A_s𝖬⁻¹A_sᵀ) = factor(s)·det(A0𝖬⁻¹A0ᵀ) (true factor s²) → 0 as s → 0, for every k' ≥ 2 and n."""
    s = Symbol("s", real=True)
    A1, a, M = MatrixSymbol("A1", J, N), MatrixSymbol("a", 1, N), MatrixSymbol("M", N, N)
    C = MatrixSymbol("C", J + 1, J + 1)
    D = sympy.BlockDiagMatrix(Identity(J), s * Identity(1))
    A0 = sympy.BlockMatrix([[A1], [a]])
    scope = "symbolic, every size: k' = j + 1 ≥ 2 rows (A0 = [A1; a]), n columns, 𝖬 invertible"
    check.identity("D_s·A0 = [A1; s·a]: scaling the last row is multiplication by D_s = diag(I, s) (every j, n)",
                   sympy.block_collapse(D * A0), sympy.BlockMatrix([[A1], [s * a]]), scope=scope)
    every_size_identity(check, "A_s𝖬⁻¹A_sᵀ = D_s(A0𝖬⁻¹A0ᵀ)D_s (every j, n)", D * A0 * M.I * (D * A0).T,
                        D * (A0 * M.I * A0.T) * D, scope=scope)
    check.identity("det(D_s C D_s) = factor(s)·det C for every (j+1)×(j+1) matrix C (det multiplicative, "
                   "linalg.general_linear_group; det D_s = s)", sympy.det(D * C * D), factor(s) * sympy.det(C),
                   scope=scope)
    d0 = Symbol("d0", real=True)
    check.fact("factor(s)·det(A0𝖬⁻¹A0ᵀ) → 0 as s → 0 (polynomial in s, zero at s = 0)",
               sympy.limit(factor(s) * d0, s, 0) == 0 and sympy.sympify(factor(s)).is_polynomial(s), method="symbolic",
               scope="symbolic, d0 = det(A0𝖬⁻¹A0ᵀ) any real number")


def check_general_linear_group_every_size(check, *, inverse_of_product=lambda A, B: B.I * A.I):
    """AB ∈ GL(k) with (AB)⁻¹ = inverse_of_product(A, B) (true: B⁻¹A⁻¹), det(AB) = det A det B, (A⁻¹)⁻¹ = A,
    det I = 1, for every size k."""
    A, B = MatrixSymbol("A", K, K), MatrixSymbol("B", K, K)
    scope = "symbolic, every size k (A, B invertible k×k)"
    every_size_identity(check, "(AB)·inverse_of_product(A, B) = I (every k)", A * B * inverse_of_product(A, B),
                        Identity(K), scope=scope)
    every_size_identity(check, "inverse_of_product(A, B)·(AB) = I (every k)", inverse_of_product(A, B) * (A * B),
                        Identity(K), scope=scope)
    check.identity("det(AB) = det A · det B (every k)", sympy.det(A * B), sympy.det(A) * sympy.det(B), scope=scope,
                   context="so det(AB) ≠ 0 when det A, det B ≠ 0: AB ∈ GL(k)")
    every_size_identity(check, "A⁻¹·A = I and A·A⁻¹ = I, so A⁻¹ ∈ GL(k) with (A⁻¹)⁻¹ = A (every k)",
                        sympy.BlockDiagMatrix(A.I * A, A * A.I), sympy.BlockDiagMatrix(Identity(K), Identity(K)),
                        scope=scope)
    check.identity("det I = 1: I ∈ GL(k) (every k)", sympy.det(Identity(K)), 1, scope=scope)
