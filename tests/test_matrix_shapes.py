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

from checker.kernel.checks import Checks
from checker.kernel.engine.matrix_shapes import at_sizes, concrete_sizes, shape_symbols

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


def _written_out(expr, size):
    """``expr`` at n = ``size`` as an explicit Matrix: each matrix symbol replaced by the matrix of its entries, then
    multiplied out (sympy's own matrix arithmetic, not the engine under test, and not ``as_explicit``'s sums)."""
    expr = expr.subs(n, size)
    return sympy.Matrix(expr.xreplace({m: sympy.ImmutableMatrix(m.as_explicit()) for m in expr.atoms(sympy.MatrixSymbol)})
                        .doit())


def test_written_out_is_as_explicit():
    for expr in (A * B - B * A, (A + B).T * A - 2 * A, A * B * A.T - sympy.Identity(n)):
        assert (_written_out(expr, 3) - sympy.Matrix(expr.subs(n, 3).as_explicit())).applyfunc(sympy.expand).is_zero_matrix


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
    truth = _written_out(product - mutated, 3)
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


# --- the noncommutative normal form: differential fuzzing against exact evaluation at fixed sizes ----------

from checker.kernel.engine.matrix_shapes import noncommutative_zero  # noqa: E402

kk = sympy.Symbol("k", integer=True, positive=True)
AA = sympy.MatrixSymbol("A", kk, n)      # k×n, rank k at random entries when k <= n
HH = sympy.Inverse(AA * AA.T)            # k×k
PP = sympy.Identity(n) - AA.T * HH * AA  # the projector onto ker A

SQUARE_LETTERS = [B, B.T, PP, AA.T * HH * AA, sympy.Identity(n), 2 * B + PP]


@st.composite
def square_words(draw, depth=3):
    """Random n×n expressions from products, sums, transposes and scalar multiples of the letters."""
    if depth == 0 or draw(st.booleans()):
        return draw(st.sampled_from(SQUARE_LETTERS))
    kind = draw(st.sampled_from(["mul", "add", "T", "scale"]))
    a = draw(square_words(depth=depth - 1))
    if kind == "T":
        return a.T
    if kind == "scale":
        return draw(st.sampled_from([-1, 2, sympy.Rational(1, 3)])) * a
    b = draw(square_words(depth=depth - 1))
    return a * b if kind == "mul" else a + b


def _numeric(expr, size_k=2, size_n=3, seed=0):
    import random
    rnd = random.Random(seed)
    values = {AA: sympy.Matrix(size_k, size_n, lambda i, j: rnd.randint(-4, 4)),
              B: sympy.Matrix(size_n, size_n, lambda i, j: rnd.randint(-4, 4))}
    while values[AA].rank() < size_k:
        values[AA] = sympy.Matrix(size_k, size_n, lambda i, j: rnd.randint(-4, 4))
    concrete = expr.subs({kk: size_k, n: size_n})
    concrete = concrete.xreplace({sympy.MatrixSymbol("A", size_k, size_n): sympy.ImmutableMatrix(values[AA]),
                                  sympy.MatrixSymbol("B", size_n, size_n): sympy.ImmutableMatrix(values[B])})
    return sympy.Matrix(concrete.doit())


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(square_words(), square_words())
def test_the_normal_form_never_calls_a_nonzero_difference_zero(e1, e2):
    if noncommutative_zero(e1 - e2):
        for seed in range(2):
            assert _numeric(e1 - e2, seed=seed).is_zero_matrix, (e1, e2)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(square_words(), square_words(), square_words())
def test_true_rewritings_are_proved_for_every_size(a, b, c):
    # distributivity, associativity, transpose of a product, P² = P, H·A·Aᵀ = I inserted, scalars pulled out
    assert noncommutative_zero(a * (b + c) - (a * b + a * c))
    assert noncommutative_zero((a * b).T - b.T * a.T)
    assert noncommutative_zero(a * PP * PP * b - a * PP * b)
    assert noncommutative_zero(a * AA.T * HH * AA * AA.T * HH * AA - a * AA.T * HH * AA)
    assert noncommutative_zero(sympy.Inverse(3 * AA * AA.T) - HH / 3)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(square_words(), square_words())
def test_a_commuted_product_is_proved_only_when_it_is_true(a, b):
    if noncommutative_zero(a * b - b * a):
        assert _numeric(a * b - b * a).is_zero_matrix
