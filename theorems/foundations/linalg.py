"""Finite-dimensional linear algebra behind the multiplier rule: the Euclidean pairing and annihilators.

This file contains

* the cited definition ``linalg.euclidean_inner_product`` (bilinear, symmetric, positive definite) of
  :func:`euclidean_inner_product`, ``⟨x, y⟩ = Σ_{k<n} x_k y_k`` on ℝⁿ, checked for every n with sums of a symbolic
  number of terms (:func:`check_euclidean_every_size`), and its formula ``positive_definite`` (∀z ≠ 0. zᵀz > 0,
  every n) for checked deductions;
* :func:`kernel_projector` -- ``P = I − Aᵀ(AAᵀ)⁻¹A``, the orthogonal projector onto ``ker A`` of a
  surjective ``A``;
* :func:`transpose_multiplier` -- ``μ = (AAᵀ)⁻¹Aℓ``, the multiplier with ``ℓ = Aᵀμ`` when ``ℓ``
  annihilates ``ker A``;
* exact arithmetic in a field of rational functions: :func:`rational_function_matrices` (sympy matrices
  to matrices over ``Q(g_1, ..., g_r)``, every non-rational subexpression a generator) and the decision
  :func:`rational_identity` (``lhs = rhs`` as rational functions), far cheaper than ``cancel`` on large
  rational expressions;
* the hypothesis ``linalg.A_full_row_rank`` (rank A = k, i.e. A is surjective) and the cited lemma
  ``linalg.annihilator_of_kernel_transpose_multiple``: a functional vanishing on the kernel of a
  surjection ``A`` is ``Aᵀμ`` for exactly one ``μ`` (proved for symbolic k and n with MatrixSymbols,
  :func:`check_annihilator_symbolic_dimension`); its verifier also shows the rank hypothesis
  is needed (``A = [[1, 0], [1, 0]]``).

The constructions (:func:`euclidean_inner_product`, :func:`kernel_projector`, :func:`transpose_multiplier`,
:func:`rational_function_matrices`, :func:`rational_identity`) are the toolkit module
:mod:`theorems.toolkit.linear_algebra`, re-exported here.

Each verifier is a plain function whose keyword parameters are the data of the claim, with the
true values as defaults; soundness tests run it on mutated claims and expect a refutation.
Linear systems are solved with ``LUsolve``; nothing here inverts a matrix with ``inv()``.
"""
from __future__ import annotations

import contextlib
from itertools import combinations

import sympy
from hypothesis import strategies as st
from sympy import Matrix

from checker import Proof, cited, hypothesis
from checker.kernel.deduction import atom, forall, implies
from checker.kernel.engine.randomized import OutsideDomain
from theorems.toolkit import linear_algebra as _linear_algebra
from theorems.toolkit.frobenius import annihilated_distribution
from theorems.toolkit.linear_algebra import (  # noqa: F401 - the toolkit's constructions, re-exported
    euclidean_inner_product, field_zero_decision, kernel_projector, rational_function_matrices,
    rational_identity, transpose_multiplier)
from theorems.toolkit.strategies import full_row_rank_matrices, has_nonzero_entry, rational_matrices, rationals

__all__ = [
    *_linear_algebra.__all__,
    "A_FULL_ROW_RANK",
    "check_euclidean_inner_product",
    "check_annihilator_lemma",
    "EUCLIDEAN_ID", "EUCLIDEAN_DIMENSION", "EUCLIDEAN_POSITIVE_DEFINITE",
]

EUCLIDEAN_ID = "linalg.euclidean_inner_product"
#: n, the dimension of ℝⁿ in the cited formula (a shape symbol: the formula is stated for every n)
EUCLIDEAN_DIMENSION = sympy.Symbol("n", integer=True, positive=True)
#: the name of the cited formula ∀z ∈ ℝⁿ. z ≠ 0 ⇒ zᵀz > 0 (positive definiteness, every n)
EUCLIDEAN_POSITIVE_DEFINITE = "positive_definite"
_Z = sympy.MatrixSymbol("z", EUCLIDEAN_DIMENSION, 1)
EUCLIDEAN_FORMULAS = {EUCLIDEAN_POSITIVE_DEFINITE: forall(_Z, implies(
    atom("≠", _Z, sympy.ZeroMatrix(EUCLIDEAN_DIMENSION, 1)), atom(">", _Z.T * _Z, 0)))}


def _has_full_row_rank(A) -> bool:
    A = Matrix(A)
    return A.rank(iszerofunc=lambda e: sympy.cancel(e) == 0) == A.rows


A_FULL_ROW_RANK = hypothesis(
    "linalg.A_full_row_rank", "A has rank k (surjective)", predicate=_has_full_row_rank,
    source="cited: 003 'A linear functional annihilating the kernel of a surjection is a unique transpose multiple'")


def _vector(name: str, n: int) -> Matrix:
    return Matrix(sympy.symbols(f"{name}_1:{n + 1}"))


def _generic_matrix(k: int, n: int) -> Matrix:
    return Matrix(k, n, lambda i, j: sympy.Symbol(f"a_{i + 1}{j + 1}"))


def _kernel_basis(A: Matrix) -> list:
    """A basis of ``ker A`` (generic for symbolic entries), each vector with denominators cleared."""
    return [v.applyfunc(sympy.expand) for v in annihilated_distribution(A, range(A.cols))]


# ---------------------------------------------------------------------------
# linalg.euclidean_inner_product
# ---------------------------------------------------------------------------

def symbolic_euclidean_inner(x, y, n):
    """⟨x, y⟩ = Σ_{i<n} x_i y_i for a symbolic n (``x``, ``y``: index ↦ entry)."""
    i = sympy.Symbol("i", integer=True)
    return sympy.Sum(x(i) * y(i), (i, 0, n - 1))


def _indexed(name):
    base = sympy.IndexedBase(name, real=True)
    return lambda i: base[i]


def check_euclidean_every_size(check, *, inner=symbolic_euclidean_inner):
    """The definition for every n (a symbol): bilinear and symmetric (identities of sums with a symbolic number of
    terms), ⟨x, y⟩ = xᵀy (the entry of sympy's matrix product of n×1 MatrixSymbols: the cited formula's zᵀz), and
    ⟨x, x⟩ > 0 when some x_j ≠ 0: Σ_{i<n} x_i² = Σ_{i<j} x_i² + x_j² + Σ_{j<i<n} x_i² (sympy joins the adjacent
    sums), and with x_j ≠ 0 sympy's sign rules give a positive sum of squares, in each of the four cases of where j
    lies (first or not, last or not; j = 1 + a, n = j + 2 + b with a, b ≥ 0 integers, so no sum has reversed
    limits).  ``inner(x, y, n)`` is the claimed pairing (mutations)."""
    n = EUCLIDEAN_DIMENSION
    alpha, beta = sympy.symbols("alpha beta", real=True)
    x, xp, y, yp = (_indexed(name) for name in ("x", "xp", "y", "yp"))
    scope = "symbolic n (every n), real entries: sums of n terms (sympy Sum)"
    combo = lambda u, v, a_, b_: (lambda i: a_ * u(i) + b_ * v(i))  # noqa: E731
    check.identity("every n: linear in the first slot", inner(combo(x, xp, alpha, beta), y, n),
                   alpha * inner(x, y, n) + beta * inner(xp, y, n), scope=scope)
    check.identity("every n: linear in the second slot", inner(x, combo(y, yp, alpha, beta), n),
                   alpha * inner(x, y, n) + beta * inner(x, yp, n), scope=scope)
    check.identity("every n: symmetric", inner(x, y, n), inner(y, x, n), scope=scope)
    X, Y = sympy.MatrixSymbol("x", n, 1), sympy.MatrixSymbol("y", n, 1)
    product = (X.T * Y)[0, 0]  # sympy's Sum over a dummy index
    claimed = inner(lambda i: X[i, 0], lambda i: Y[i, 0], n)
    renamed = product.xreplace({product.variables[0]: claimed.variables[0]}) if isinstance(product, sympy.Sum) \
        and isinstance(claimed, sympy.Sum) else product
    check.fact("every n: ⟨x, y⟩ = xᵀy, the entry of the matrix product of n×1 matrices (the form zᵀz of the formula "
               "'positive_definite')", sympy.simplify(renamed - claimed) == 0, method="symbolic", scope=scope,
               detail=f"(xᵀy)[0, 0] = {sympy.sstr(product)}; claimed {sympy.sstr(claimed)}")
    i = sympy.Symbol("i", integer=True)
    a_, b_ = sympy.symbols("a b", integer=True, nonnegative=True)
    base = sympy.IndexedBase("x", real=True)
    xj = sympy.Symbol("x_j", real=True, nonzero=True)
    for first in (True, False):
        for last in (True, False):
            j = sympy.S.Zero if first else 1 + a_
            size = j + 1 if last else j + 2 + b_
            head = sympy.S.Zero if first else sympy.Sum(base[i] ** 2, (i, 0, j - 1))
            tail = sympy.S.Zero if last else sympy.Sum(base[i] ** 2, (i, j + 1, size - 1))
            split = head + sympy.Sum(base[i] ** 2, (i, j, j)) + tail
            whole = inner(_indexed("x"), _indexed("x"), size)
            case = f"j = {sympy.sstr(j)}, n = {sympy.sstr(size)}"
            check.fact(f"every n: ⟨x, x⟩ = Σ_(i<j) x_i² + x_j² + Σ_(j<i<n) x_i² ({case})",
                       sympy.simplify(whole - split) == 0, method="symbolic", scope=scope + f"; {case}, a, b ≥ 0")
            positive = (head + xj ** 2 + tail).is_positive
            check.fact(f"every n: Σ_(i<j) x_i² + x_j² + Σ_(j<i<n) x_i² > 0 when x_j ≠ 0 ({case})", positive is True,
                       method="symbolic", scope=scope + f"; {case}, a, b ≥ 0",
                       detail=f"sympy's sign of {sympy.sstr(head + xj ** 2 + tail)} with x_j real, nonzero: {positive}")


def check_euclidean_inner_product(check, *, inner=euclidean_inner_product, symbolic_dims=(1, 2, 3, 4),
                                  max_random_dim=6, every_size=True, symbolic_inner=symbolic_euclidean_inner):
    """Bilinear, symmetric, ⟨x,x⟩ = Σx_k² and ⟨x,x⟩ > 0 for x ≠ 0: for every n (:func:`check_euclidean_every_size`,
    with the claimed ``symbolic_inner``; ``every_size=False`` leaves it out) and, supporting, for the toolkit's
    ``inner`` at each n in ``symbolic_dims`` (x ≠ 0 means some x_j ≠ 0, and the sum is shown positive for each j)
    and a randomized check up to ``max_random_dim``."""
    if every_size:
        check_euclidean_every_size(check, inner=symbolic_inner)
    with (check.supporting() if every_size else contextlib.nullcontext()):
        _euclidean_fixed_dims(check, inner, symbolic_dims, max_random_dim)


def _euclidean_fixed_dims(check, inner, symbolic_dims, max_random_dim):
    alpha, beta = sympy.symbols("alpha beta")
    for n in symbolic_dims:
        x, xp, y, yp = (_vector(name, n) for name in ("x", "xp", "y", "yp"))
        scope = f"symbolic, n = {n}, generic real entries"
        check.identity(f"linear in the first slot (n = {n})", inner(alpha * x + beta * xp, y),
                       alpha * inner(x, y) + beta * inner(xp, y), scope=scope)
        check.identity(f"linear in the second slot (n = {n})", inner(x, alpha * y + beta * yp),
                       alpha * inner(x, y) + beta * inner(x, yp), scope=scope)
        check.identity(f"symmetric (n = {n})", inner(x, y), inner(y, x), scope=scope)
        check.identity(f"<x,x> is the sum of squares (n = {n})", inner(x, x),
                       sum((xk ** 2 for xk in x), sympy.S.Zero), scope=scope)
        positive = []
        for j in range(n):  # x ≠ 0: some coordinate x_j is nonzero, the others are any reals
            real = [sympy.Symbol(f"x_{i + 1}", real=True, nonzero=(i == j) or None) for i in range(n)]
            positive.append(sympy.sympify(inner(real, real)).is_positive)
        check.fact(f"positive definite: <x,x> > 0 whenever some x_j ≠ 0 (n = {n})",
                   all(p is True for p in positive), method="symbolic", scope=f"symbolic, n = {n}, real entries",
                   detail=f"sympy's sign of <x,x> with x_j ≠ 0, j = 1..{n}: {positive}")

    nonzero_vectors = st.integers(1, max_random_dim).flatmap(
        lambda n: st.lists(rationals(), min_size=n, max_size=n)).filter(has_nonzero_entry)
    with check.supporting():  # the symbolic checks above decide (n ≤ max(symbolic_dims))
        check.property("positive definite: <x,x> > 0 for nonzero rational x", nonzero_vectors,
                       lambda v: bool(inner(v, v) > 0),
                       scope=f"randomized, exact rationals, n = 1..{max_random_dim}")


@cited(EUCLIDEAN_ID, cited_kind="definition", formulas=EUCLIDEAN_FORMULAS,
       title="The Euclidean inner product ⟨x,y⟩ = Σ_{k<n} x_k y_k on ℝⁿ",
       statement=r"For $x, y \in \mathbb{R}^n$, $\langle x, y\rangle = \sum_{k<n} x_k y_k$ (zero-indexed sum); "
                 r"it is bilinear, symmetric and positive definite. Formula 'positive_definite': "
                 r"$z^{\mathsf T}z>0$ for every $z\in\mathbb{R}^n\setminus\{0\}$, every $n$.",
       source="cited: 001, 003, 004 'The Euclidean inner product ⟨x,y⟩ = Σ_{k<n} x_k y_k on ℝⁿ'", avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_euclidean_inner_product(check)


# ---------------------------------------------------------------------------
# linalg.annihilator_of_kernel_transpose_multiple
# ---------------------------------------------------------------------------

SYMBOLIC_SIZES = ((1, 2), (1, 3), (2, 3))
RANK_WITNESS = Matrix([[1, 0], [1, 0]])


def kernel_spanning_set(A: Matrix) -> list:
    """Polynomial vectors spanning ``ker A`` wherever rank A = k: for each (k+1)-set S of columns,
    (δ_S)_{s_i} = (−1)^i det A[:, S∖{s_i}] (Aδ_S = 0: a determinant with a repeated row)."""
    k, n = A.shape
    out = []
    for S in combinations(range(n), k + 1):
        delta = sympy.zeros(n, 1)
        for i, col in enumerate(S):
            rest = [c for c in S if c != col]
            delta[col] = (-1) ** i * (A.extract(list(range(k)), rest).det() if k else sympy.S.One)
        out.append(delta.applyfunc(sympy.expand))
    return out


def annihilator_proof(A: Matrix, ell: Matrix, multiplier=transpose_multiplier, rank_assumption=None) -> Proof:
    """Checked proof of ``ℓ·δ_S = 0 for every S ⇒ ℓ = Aᵀμ``, ``μ = multiplier(A, ℓ)``, δ_S spanning ker A.

    ``rank_assumption``: the item's full-rank hypothesis, instantiated by det(AAᵀ) ≠ 0 (a premise when None).

    μ enters through its defining equations ``μ_a = multiplier(A, ℓ)_a`` (symbols μ_a).  With d = det(AAᵀ) ≠ 0
    (full row rank, the only division), Σ_S δ_S δ_Sᵀ = d(I − Aᵀ(AAᵀ)⁻¹A), so the certificate of component i is
    (δ_S)_i / d for the ℓ·δ_S together with ``−A_ai`` for the definitions of μ.
    """
    spanning = kernel_spanning_set(A)
    mu = multiplier(A, ell)
    k = A.rows
    mu_symbols = Matrix(sympy.symbols(f"mu_1:{k + 1}"))
    gram = sympy.expand((A * A.T).det())
    p = Proof("a functional annihilating ker A is a transpose multiple")
    p.nonzero("full_rank", gram, assumption=rank_assumption, note="det(AAᵀ) ≠ 0: A has full row rank k")
    labels = []
    for j, delta in enumerate(spanning):
        labels.append(p.suppose(f"annihilates_{j + 1}", (euclidean_inner_product(ell, delta), 0),
                                note=f"ℓ vanishes on δ_{j + 1} = {sympy.sstr(list(delta))} ∈ ker A (ℓ ⟂ ker A)"))
    definitions = [p.define(f"definition_mu_{a + 1}", mu_symbols[a], mu[a], note="μ := multiplier(A, ℓ)")
                   for a in range(k)]
    components = []
    for i in range(A.cols):
        certificate = [delta[i] / gram for delta in spanning] + [-A[a, i] for a in range(k)]
        components.append(p.algebra(f"component_{i + 1}", labels + definitions, (ell[i] - (A.T * mu_symbols)[i], 0),
                                    certificate=certificate,
                                    note=f"(ℓ − Aᵀμ)_{i + 1} = Σ_S (δ_S)_{i + 1} ℓ·δ_S / det(AAᵀ)"))
    p.algebra("transpose_multiple", components, (ell, A.T * mu_symbols))
    p.conclude("transpose_multiple")
    return p


def _annihilator_instances(rank_hypothesis: bool, max_k: int, max_n: int):
    sizes = [(k, n) for k in range(1, max_k + 1) for n in range(k, max_n + 1)]

    def for_size(size):
        k, n = size
        matrices = full_row_rank_matrices(k, n) if rank_hypothesis else rational_matrices(k, n)
        return st.tuples(matrices, rational_matrices(k, 1), rational_matrices(n, 1))
    return st.sampled_from(sizes).flatmap(for_size)


def symbolic_transpose_multiplier(A, ell):
    """``μ = (AAᵀ)⁻¹Aℓ`` as a matrix expression (``A`` a k×n MatrixSymbol of symbolic shape)."""
    return sympy.Inverse(A * A.T) * A * ell


def check_annihilator_symbolic_dimension(check, *, multiplier=symbolic_transpose_multiplier, norm_factor=1):
    """The lemma for symbolic k and n (MatrixSymbols), as a chain of matrix identities.

    With v = ℓ − Aᵀμ, μ = (AAᵀ)⁻¹Aℓ: (1) Av = 0, so v ∈ ker A and ℓ ⟂ ker A gives ℓ·v = 0; (2) v·v = ℓ·v, so |v|² = 0
    and v = 0 (positive definiteness, linalg.euclidean_inner_product): ℓ = Aᵀμ.  (3) (AAᵀ)⁻¹A(Aᵀc) = c: the multiplier
    is unique.  (4) (Aᵀc)·δ = c·(Aδ): every Aᵀc annihilates ker A.  (5) x·(AAᵀx) = |Aᵀx|²: AAᵀx = 0 forces Aᵀx = 0,
    hence x = 0 when rank A = k (Aᵀ injective, rank–nullity), so the k×k matrix AAᵀ is invertible and μ is defined.
    """
    k, n = sympy.symbols("k n", integer=True, positive=True)
    A = sympy.MatrixSymbol("A", k, n)
    ell, delta = sympy.MatrixSymbol("l", n, 1), sympy.MatrixSymbol("delta", n, 1)
    c, x = sympy.MatrixSymbol("c", k, 1), sympy.MatrixSymbol("x", k, 1)
    mu = multiplier(A, ell)
    v = ell - A.T * mu
    scope = "symbolic k and n (MatrixSymbols A: k×n, ℓ: n×1), where AAᵀ is invertible (rank A = k, clause 5)"
    check.identity("(1) A(ℓ − Aᵀμ) = 0 for μ = (AAᵀ)⁻¹Aℓ: ℓ − Aᵀμ ∈ ker A (every k, n)", A * v, sympy.ZeroMatrix(k, 1), scope=scope)
    check.identity("(2) |ℓ − Aᵀμ|² = ℓ·(ℓ − Aᵀμ), which is 0 when ℓ ⟂ ker A: ℓ = Aᵀμ (every k, n)", v.T * v,
                   norm_factor * ell.T * v, scope=scope,
                   context="ℓ ⟂ ker A and (1) give ℓ·v = 0; |v|² = 0 gives v = 0 (positive definite inner product)")
    check.identity("(3) uniqueness: (AAᵀ)⁻¹A(Aᵀc) = c (every k, n)", multiplier(A, A.T * c), c, scope=scope,
                   context="if ℓ = Aᵀc then μ = c: two multipliers of the same ℓ agree")
    check.identity("(4) converse: (Aᵀc)·δ = c·(Aδ), which is 0 for δ ∈ ker A (every k, n)", (A.T * c).T * delta, c.T * (A * delta),
                   scope="symbolic k and n")
    check.identity("(5) x·(AAᵀx) = |Aᵀx|²: AAᵀ is injective, hence invertible, when rank A = k (every k, n)", x.T * (A * A.T * x),
                   (A.T * x).T * (A.T * x), scope="symbolic k and n",
                   context="AAᵀx = 0 ⇒ |Aᵀx|² = 0 ⇒ Aᵀx = 0 ⇒ x = 0 (rank Aᵀ = k: Aᵀ is injective by rank–nullity)")


def _annihilator_fixed_sizes(check, multiplier, projector, symbolic_sizes):
    """The toolkit's ``multiplier`` and ``projector`` for generic entries at the fixed ``symbolic_sizes`` (k, n):
    AP = 0, P² = P, Pᵀ = P, ℓ − Aᵀμ = Pℓ, Cauchy–Binet, uniqueness, and the checked proof ℓ ⟂ ker A ⇒ ℓ = Aᵀμ."""
    for k, n in check.sweep(symbolic_sizes):
        scope = f"symbolic for (k,n) = ({k},{n}), generic entries a_ij"
        A = _generic_matrix(k, n)
        P = projector(A)
        ell, c = _vector("l", n), _vector("c", k)
        exact = scope + " (exact in the field of rational functions)"
        check.fact(f"A P = 0 (k={k}, n={n})", rational_identity(A * P, sympy.zeros(k, n)), method="symbolic",
                   scope=exact, detail="P maps into ker A")
        # P = N/d with d = det(AAᵀ) (nonzero where rank A = k, by Cauchy–Binet below): P² = P ⇔ N² = dN,
        # a polynomial identity that expands far faster than the product of rational matrices.
        d = sympy.expand((A * A.T).det())
        N = (d * P).applyfunc(sympy.cancel)
        check.fact(f"P = N/d with N polynomial, d = det(AAᵀ) (k={k}, n={n})", rational_identity(d * P, N),
                   method="symbolic", scope=exact)
        check.fact(f"N = d P has polynomial entries (k={k}, n={n})", all(e.is_polynomial() for e in N),
                   method="computation", scope=scope)
        check.identity(f"P^2 = P, as N^2 = d N (k={k}, n={n})", N * N, d * N, scope=scope)
        check.identity(f"P^T = P (k={k}, n={n})", N.T, N, scope=scope + " (P^T = P as N^T = N)",
                       context="with P^2 = P: ℓ·Pℓ = |Pℓ|^2, so ℓ ⟂ ker A forces Pℓ = 0")
        check.fact(f"ℓ − Aᵀμ = Pℓ (k={k}, n={n})", rational_identity(ell - A.T * multiplier(A, ell), P * ell),
                   method="symbolic", scope=exact)
        minors = sum((A.extract(list(range(k)), list(cols)).det() ** 2 for cols in combinations(range(n), k)),
                     sympy.S.Zero)
        check.identity(f"Cauchy–Binet det(AAᵀ) = Σ minors² (k={k}, n={n})", (A * A.T).det(), minors, scope=scope,
                       context="AAᵀ is invertible exactly when some k×k minor is nonzero, i.e. rank A = k")
        check.fact(f"uniqueness: multiplier(A, Aᵀc) = c (k={k}, n={n})", rational_identity(multiplier(A, A.T * c), c),
                   method="symbolic", scope=exact + " (where det AAᵀ ≠ 0)")
        basis = _kernel_basis(A)
        check.identity(f"kernel basis lies in ker A (k={k}, n={n})",
                       A * Matrix.hstack(*basis) if basis else sympy.zeros(k, 1),
                       sympy.zeros(k, max(len(basis), 1)), scope=scope)
        if basis:
            check.identity(f"converse: Aᵀc annihilates ker A (k={k}, n={n})",
                           (A.T * c).T * Matrix.hstack(*basis), sympy.zeros(1, len(basis)), scope=scope)
        check.proof(f"ℓ ⟂ ker A ⇒ ℓ = Aᵀμ (k={k}, n={n})", annihilator_proof(A, ell, multiplier, rank_assumption=A_FULL_ROW_RANK),
                    scope=scope)


def check_annihilator_lemma(check, *, multiplier=transpose_multiplier, projector=kernel_projector,
                            rank_hypothesis=True, symbolic_sizes=SYMBOLIC_SIZES, max_k=3, max_n=6,
                            symbolic_multiplier=symbolic_transpose_multiplier, every_size=True):
    """ℓ ⟂ ker A with rank A = k ⇔ ℓ = Aᵀμ, μ = (AAᵀ)⁻¹Aℓ unique; and a witness that the rank hypothesis is needed.

    The statement is proved for symbolic k, n (:func:`check_annihilator_symbolic_dimension`); the toolkit's
    ``multiplier`` and ``projector`` are checked for the fixed ``symbolic_sizes`` (generic entries), and a randomized
    check on exact rational matrices supports both.  ``rank_hypothesis=False`` drops the hypothesis rank A = k.
    The symbolic-dimension identities decide and the fixed sizes support (issue 38); ``every_size=False`` leaves
    them out, and the fixed sizes decide (scope: those sizes) -- how the toolkit's constructions are tested.
    """
    if every_size:
        check_annihilator_symbolic_dimension(check, multiplier=symbolic_multiplier)
    with (check.supporting() if every_size else contextlib.nullcontext()):
        _annihilator_fixed_sizes(check, multiplier, projector, symbolic_sizes)

    def holds(instance) -> bool:
        A, c, w = instance
        k, n = A.shape
        if rank_hypothesis and not A_FULL_ROW_RANK.holds_for(A):
            raise OutsideDomain("the drawn A violates the rank hypothesis")
        if A.T.nullspace():  # Aᵀμ = 0 has μ ≠ 0: μ is not unique
            return False
        kernel = A.nullspace()
        if len(kernel) != n - k:
            return False
        functionals = [(A.T * c, True), (w, None)]
        if kernel:
            functionals.append((A.T * c + kernel[0], False))
        for ell, annihilates_expected in functionals:
            mu = multiplier(A, ell)
            annihilates = all((ell.T * d)[0, 0] == 0 for d in kernel)
            represented = (A.T * mu - ell).is_zero_matrix
            if annihilates != represented:
                return False
            if annihilates_expected is not None and annihilates != annihilates_expected:
                return False
            if annihilates_expected and mu != c:
                return False
        return True

    hyp = "rank A = k (full_row_rank_matrices)" if rank_hypothesis else "any rational A (rank hypothesis dropped)"
    with (check.supporting() if rank_hypothesis else check.claim()):  # the symbolic-dimension checks decide
        _annihilator_property(check, holds, rank_hypothesis, max_k, max_n, hyp)
    _rank_necessity(check, rank_hypothesis)


def _annihilator_property(check, holds, rank_hypothesis, max_k, max_n, hyp):
    check.property("ℓ ⟂ ker A ⇔ ℓ = Aᵀ(AAᵀ)⁻¹Aℓ, with unique μ", _annihilator_instances(rank_hypothesis, max_k, max_n),
                   holds, describe=lambda inst: [sympy.sstr(m) for m in inst],
                   scope=f"randomized, exact rationals, k = 1..{max_k}, n = k..{max_n}, {hyp}; "
                         "ℓ = Aᵀc (row space), ℓ arbitrary, ℓ = Aᵀc + δ (δ ∈ ker A, δ ≠ 0)")


def _rank_necessity(check, rank_hypothesis):
    W = RANK_WITNESS
    ell_w = Matrix([1, 0])
    mu_a, mu_b = Matrix([1, 0]), Matrix([0, 1])
    if rank_hypothesis:
        check.necessary(A_FULL_ROW_RANK, "A = [[1,0],[1,0]] (k = 2, rank 1), ℓ = (1, 0)",
                        violates=[("A violates the hypothesis rank A = k", not A_FULL_ROW_RANK.holds_for(W), "computation")],
                        instances={A_FULL_ROW_RANK: W},
                        conclusion_fails=[("the premise holds: ℓ annihilates ker A = span{(0,1)}",
                                           all((ell_w.T * d)[0, 0] == 0 for d in W.nullspace()), "computation"),("μ = (1,0) and μ = (0,1) both give Aᵀμ = ℓ, and Aᵀ(1,−1) = 0: μ is not unique",
                                           W.T * mu_a == ell_w and W.T * mu_b == ell_w
                                           and (W.T * Matrix([1, -1])).is_zero_matrix, "computation")])
    else:
        check.fact("μ unique for A = [[1,0],[1,0]], ℓ = (1,0)", not W.T.nullspace(), method="computation",
                   witness={"A": W, "mu": [mu_a, mu_b], "A^T mu": ell_w})


@cited("linalg.annihilator_of_kernel_transpose_multiple", cited_kind="lemma",
       title="A linear functional annihilating the kernel of a surjection is a unique transpose multiple",
       statement=r"Let $A \in \mathbb{R}^{k\times n}$ be surjective (rank $k$) and $\ell \in \mathbb{R}^n$ with "
                 r"$\ell\cdot\delta = 0$ for every $\delta \in \ker A$. Then there is exactly one "
                 r"$\mu \in \mathbb{R}^k$ with $\ell = A^{\mathsf T}\mu$, namely $\mu = (AA^{\mathsf T})^{-1}A\ell$. "
                 r"Conversely every $A^{\mathsf T}\mu$ annihilates $\ker A$.",
       source="cited: 003 'A linear functional annihilating the kernel of a surjection is a unique transpose multiple'",
       uses=["linalg.euclidean_inner_product", "linalg.rank_nullity"], assumes=[A_FULL_ROW_RANK],
       avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_annihilator_lemma(check)
