"""Matrix identities of symbolic shape: proved for every size only by matrix algebra, never by flattening.

Truth is known by construction: a random expression tree over matrix symbols of symbolic shape is
compared with a rewriting of itself that is true (transpose of a product, distributivity, a scalar's
transpose) or with a mutation that is false at generic entries (a factor dropped, swapped or scaled).
The engine must prove or confirm the true ones and refute the false ones, and its witness must be
re-checked at the sizes it names.
"""
from __future__ import annotations

import sympy
from hypothesis import HealthCheck, given, settings, strategies as st

from checker.checks import Checks
from checker.matrix_shapes import at_sizes, concrete_sizes, shape_symbols

n, k = sympy.symbols("n k", integer=True, positive=True)
A = sympy.MatrixSymbol("A", n, n)
B = sympy.MatrixSymbol("B", n, n)
G = sympy.MatrixSymbol("G", k, n)
x = sympy.MatrixSymbol("x", n, 1)
y = sympy.MatrixSymbol("y", n, 1)
lam = sympy.MatrixSymbol("lam", k, 1)

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


def _outcome(lhs, rhs):
    return Checks().identity("c", lhs, rhs)


def test_a_scalar_equals_its_transpose_for_every_size():
    c = _outcome((G.T * lam).T * x, x.T * (G.T * lam))
    assert c.outcome == "proved" and "every size" in c.detail


def test_entries_are_not_flattened_under_a_summation_index():
    # n·|x|² = (1ᵀx)² holds when all entries are equal: a flattening engine would prove it
    one = sympy.OneMatrix(1, n)
    c = _outcome(n * (x.T * x), (one * x) * (one * x))
    assert c.outcome == "refuted" and c.witness["sizes"]


def test_a_true_identity_at_fixed_sizes_only_is_not_proved_for_every_size():
    # xᵀAy = yᵀAᵀx holds for every size, but sympy's algebra does not see it inside a product
    c = _outcome((x.T * A * y) * (x.T * y), (y.T * A.T * x) * (y.T * x))
    assert c.outcome in ("proved", "confirmed")
    if c.outcome == "confirmed":
        assert "not a proof for every size" in c.detail


_FACTORS = st.sampled_from([A, B, A.T, B.T, A + B, A * B, 2 * A, sympy.Identity(n)])


@SETTINGS
@given(st.lists(_FACTORS, min_size=1, max_size=3))
def test_transpose_of_a_product_is_proved(factors):
    product = sympy.MatMul(*factors)
    rewritten = sympy.MatMul(*[f.T for f in reversed(factors)]).T
    assert _outcome(product, rewritten).outcome == "proved"


@SETTINGS
@given(st.lists(_FACTORS, min_size=2, max_size=3), st.sampled_from(["swap", "drop", "scale"]))
def test_a_mutated_product_is_never_proved_and_its_witness_rechecks(factors, mutation):
    product = sympy.MatMul(*factors).doit()
    if mutation == "swap":
        mutated = sympy.MatMul(*reversed(factors)).doit()
    elif mutation == "drop":
        mutated = sympy.MatMul(*factors[1:]).doit()
    else:
        mutated = 3 * product
    truth = sympy.Matrix((product - mutated).subs(n, 3).as_explicit())
    # a mutation may happen to be true (A·A swapped is A·A): then only "not refuted" is required
    generic_zero = all(sympy.expand(v) == 0 for v in truth)
    c = _outcome(product, mutated)
    if generic_zero:
        assert c.outcome != "refuted"
        return
    assert c.outcome == "refuted", (factors, mutation, c.detail)
    assert c.witness["sizes"]


def test_shape_helpers():
    assert shape_symbols(G * x) == [k, n]
    assert concrete_sizes([n])[0] == {n: 1}
    assert at_sizes(G, {k: 2, n: 3}).shape == (2, 3)
