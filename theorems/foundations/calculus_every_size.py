"""The chain rule (#111) and the Jacobian matrix (#84) for every dimension, from the definition of the derivative.

A map F is differentiable at a with derivative L (a matrix) when F(a + h) = F(a) + Lh + r(h) with r(h)/|h| → 0.
At symbolic dimensions the values F(a), the derivatives and the remainders are opaque matrix symbols, and the
algebra of the proofs is a chain of identities of symbolic shape, proved for every size by
:mod:`checker.kernel.engine.matrix_shapes`.  What is *not* checked by the kernel is the analytic glue, stated in each
check's context: a linear map is bounded (|Bx| ≤ ‖B‖|x|), sums and bounded multiples of o(|h|) terms are o(|h|), and
the linear part of a differentiable map is unique (take h = s·e_j, s → 0).  No differentiation rule is used (in
particular not the cited ``calculus.chain_and_product_rules_every_size``): the chain rule is proved here from the
definition, for maps differentiable at the point only.

* ``calculus.chain_rule_total_derivative``: f(a + h) = f(a) + Ah + r_f(h), g(b + k) = g(b) + Bk + r_g(k), b = f(a);
  with k = Ah + r_f(h): g(f(a + h)) = g(b) + BAh + [B r_f(h) + r_g(k)], and the bracket is o(|h|)
  (|B r_f(h)| ≤ ‖B‖|r_f(h)|; |k| ≤ (‖A‖ + 1)|h| for small h, so r_g(k) = o(|k|) = o(|h|)).  So D(g∘f)(a) = BA.
* ``calculus.jacobian_matrix_and_gradient``: [G(p + sw) − G(p)]/s = Dw + r(sw)/s and |r(sw)/s| = |w|·|r(sw)|/|sw| → 0,
  so d/ds G(p + sw)|₀ = DG(p)w; w = e_j (the j-th unit vector) gives the column DG(p)e_j = ∂G/∂x_j(p), so the entries
  of DG(p) are the partial derivatives ∂G_i/∂x_j(p); for k = 1, ∇G = DGᵀ is the vector with ∇G·w = DG w.
"""
from __future__ import annotations

import sympy
from sympy import MatrixSymbol, Symbol

__all__ = ["check_chain_rule_every_size", "check_jacobian_every_size", "CHAIN_EVERY_SIZE", "JACOBIAN_EVERY_SIZE"]

_M, _P, _R = (Symbol(name, integer=True, positive=True) for name in ("m", "p", "r"))
_N, _K = (Symbol(name, integer=True, positive=True) for name in ("n", "k"))
CHAIN_EVERY_SIZE = ("every m, p, r (MatrixSymbols: Df(a) = A p×m, Dg(f(a)) = B r×p, h m×1, remainders r_f(h) p×1 and "
                    "r_g(k) r×1 opaque); f differentiable at a, g at f(a)")
JACOBIAN_EVERY_SIZE = "every n, k (MatrixSymbols: DG(p) = D k×n, w n×1, the remainder r(sw) k×1 opaque)"
_GLUE = ("analytic steps not checked by the kernel: a linear map is bounded (|Bx| ≤ ‖B‖|x|), sums and bounded "
         "multiples of o(|h|) terms are o(|h|), and the linear part of a differentiable map is unique")


def check_chain_rule_every_size(check, *, product=lambda B, A: B * A, evaluate_outer_at_image=True):
    """D(g∘f)(a) = Dg(f(a))·Df(a) for every m, p, r: the expansion of g(f(a + h)) with the remainders of f and g.
    ``product(Dg, Df)`` is the claimed composition rule and ``evaluate_outer_at_image=False`` takes Dg at a (an
    unrelated matrix) instead of at f(a) (mutations)."""
    A, B = MatrixSymbol("A", _P, _M), MatrixSymbol("B", _R, _P)
    h, r_f, r_g = MatrixSymbol("h", _M, 1), MatrixSymbol("r_f", _P, 1), MatrixSymbol("r_g", _R, 1)
    g_b = MatrixSymbol("g_b", _R, 1)
    outer = B if evaluate_outer_at_image else MatrixSymbol("B_a", _R, _P)
    k = A * h + r_f
    composite = g_b + B * k + r_g  # g(b + k) with b = f(a), k = f(a + h) − f(a) = Ah + r_f(h)
    claimed = _shaped(lambda: product(outer, A))
    check.fact("every m, p, r: the claimed D(g∘f)(a) is r × m", claimed is not None and tuple(claimed.shape) == (_R, _M),
               method="symbolic", scope=CHAIN_EVERY_SIZE,
               detail=f"claimed shape: {None if claimed is None else claimed.shape}")
    if claimed is None or tuple(claimed.shape) != (_R, _M):
        return
    check.identity("every m, p, r: g(f(a + h)) − g(f(a)) = Dg(f(a))·Df(a)·h + [Dg(f(a))·r_f(h) + r_g(Df(a)h + r_f(h))]",
                   composite - g_b, claimed * h + (B * r_f + r_g), scope=CHAIN_EVERY_SIZE,
                   context="the bracket is o(|h|): |B r_f(h)| ≤ ‖B‖·|r_f(h)| and |Ah + r_f(h)| ≤ (‖A‖ + 1)|h| for small h, "
                           "so r_g(Ah + r_f(h)) = o(|h|); hence g∘f is differentiable at a with D(g∘f)(a) = BA (the "
                           f"linear part is unique); {_GLUE}")


def _shaped(build):
    """``build()``, or None when its matrix shapes do not match (sympy's ShapeError)."""
    try:
        return build()
    except sympy.ShapeError:
        return None


def check_jacobian_every_size(check, *, directional=lambda D, w: D * w, gradient=lambda D: D.T):
    """DG(p) is the k×n matrix of partial derivatives and d/ds G(p + sw)|₀ = DG(p)w, for every n, k; the gradient of a
    scalar G is DGᵀ.  ``directional(D, w)`` and ``gradient(D)`` are the claimed formulas (mutations)."""
    D, w, rem = MatrixSymbol("D", _K, _N), MatrixSymbol("w", _N, 1), MatrixSymbol("r", _K, 1)
    G_p = MatrixSymbol("G_p", _K, 1)
    s = Symbol("s", real=True, nonzero=True)
    claimed_dir = _shaped(lambda: directional(D, w))
    check.fact("every n, k: the claimed DG(p)w is k × 1", claimed_dir is not None and tuple(claimed_dir.shape) == (_K, 1),
               method="symbolic", scope=JACOBIAN_EVERY_SIZE)
    if claimed_dir is not None and tuple(claimed_dir.shape) == (_K, 1):
        check.identity("every n, k: [G(p + sw) − G(p)]/s = DG(p)w + r(sw)/s", (G_p + D * (s * w) + rem - G_p) / s,
                       claimed_dir + rem / s, scope=JACOBIAN_EVERY_SIZE,
                       context="|r(sw)/s| = |w|·|r(sw)|/|sw| → 0 as s → 0 (w ≠ 0; for w = 0 both sides are 0), so "
                               f"d/ds G(p + sw)|_0 = DG(p)w; {_GLUE}")
    if claimed_dir is not None and tuple(claimed_dir.shape) == (_K, 1):
        from sympy.matrices.expressions.matexpr import MatrixElement
        i, jn = Symbol("i", integer=True), Symbol("j", integer=True, nonnegative=True)
        # the claimed DG(p)w at w = e_j (w_l = δ_lj), entry i: the partial derivative ∂G_i/∂x_j(p)
        at_unit = claimed_dir[i, 0].replace(lambda e: isinstance(e, MatrixElement) and e.parent == w,
                                            lambda e: sympy.KroneckerDelta(e.i, jn))
        value = at_unit.doit()
        entry_ok = sympy.simplify((value - D[i, jn]).subs(_N, jn + 1 + Symbol("b", integer=True, nonnegative=True))) == 0
        check.fact("every n, k: the claimed DG(p)w at w = e_j has i-th entry DG_ij for 0 ≤ j < n: the partial "
                   "derivative ∂G_i/∂x_j(p) (the directional derivative along e_j) is the (i, j) entry", entry_ok,
                   method="symbolic", scope=JACOBIAN_EVERY_SIZE + "; j = 0..n − 1 (n = j + 1 + b, b ≥ 0)",
                   detail=f"sympy: {sympy.sstr(at_unit)} = {sympy.sstr(value)}")
    d_row = MatrixSymbol("DG", 1, _N)
    claimed = _shaped(lambda: gradient(d_row))
    shaped = claimed is not None and tuple(claimed.shape) == (_N, 1)
    check.fact("every n: the gradient of a scalar G is an n × 1 vector", shaped, method="symbolic", scope="every n")
    if shaped:
        check.identity("every n: ∇G·w = DG w for every w, ∇G = claimed gradient (the Euclidean pairing)",
                       claimed.T * w, d_row * w, scope="every n (MatrixSymbols DG 1×n, w n×1)",
                       context="a vector is determined by its pairings with every w (the Euclidean inner product is "
                               "positive definite)")
