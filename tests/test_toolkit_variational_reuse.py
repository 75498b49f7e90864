"""The reuse paths of the toolkit give the same expressions as the direct computations."""
import random

import pytest
import sympy
from hypothesis import given, settings, strategies as st
from sympy import Function, Matrix, Rational, Symbol

from theorems.toolkit import variational as var
from theorems.toolkit import virtual_displacements as vd

t = Symbol("t")
q = [Function(name)(t) for name in ("x", "y", "z")]
L = sum((c.diff(t) ** 2 for c in q), sympy.S.Zero) / 2 - Function("V")(t, *q)
A = Matrix([[0, -q[0], 1]])


def test_euler_lagrange_reuse_is_the_direct_computation():
    direct = [sympy.diff(L, c.diff(t)).diff(t) - sympy.diff(L, c) for c in q]
    first = var.euler_lagrange(L, q, t)
    first.append("changed")  # the caller's list is its own
    assert var.euler_lagrange(L, q, t) == direct


@st.composite
def lagrangians(draw):
    """Sums of products of generic functions of the curves, their velocities, t and rational coefficients, with
    terms that repeat, combine (2x + 3x) or cancel (x − x) once differentiated."""
    atoms = [t, *q, *(c.diff(t) for c in q), Function("V")(t, *q), Function("W")(q[0], q[1].diff(t)),
             sympy.sin(q[2]), Symbol("m", positive=True)]
    factors = st.lists(st.sampled_from(atoms), min_size=1, max_size=3)
    terms = draw(st.lists(st.tuples(st.integers(-3, 3), factors, st.integers(1, 2)), min_size=1, max_size=5))
    return sympy.Add(*[c * sympy.Mul(*fs) ** e for c, fs, e in terms])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(lagrangians(), lagrangians())
def test_euler_lagrange_per_term_is_the_direct_formula_tree(L1, L2):
    """Differentiating L term by term (and remembering shared terms) gives the very tree of d/dt ∂L/∂q̇ − ∂L/∂q."""
    for lagrangian in (L1, L1 + L2, L2 - L1):
        direct = [sympy.diff(lagrangian, c.diff(t)).diff(t) - sympy.diff(lagrangian, c) for c in q]
        assert var.euler_lagrange(lagrangian, q, t) == direct


def test_given_multipliers_are_the_named_ones_renamed():
    mus = [Function("nu")(t)]
    given = var.vakonomic_equations(L, q, t, A, multiplier=mus)
    named = var.vakonomic_equations(L, q, t, A)
    renaming = {named.multipliers[0]: mus[0]}
    assert given.multipliers == mus
    assert given.residuals() == [r.subs(renaming) for r in named.residuals()]
    assert var.dalembert_equations(L, q, t, A, multiplier=mus).multipliers == mus


@pytest.mark.parametrize("bad", [[Function("V")(t)], [Function("nu")(t)] * 2, [Symbol("nu")],
                                 [Function("nu")(t, q[0])]])
def test_given_multipliers_are_checked(bad):
    with pytest.raises(ValueError):
        var.vakonomic_equations(L, q, t, A, multiplier=bad)


def test_rational_kernel_basis_is_the_generic_one():
    rng = random.Random(0)
    for _ in range(300):
        k, n = rng.randint(1, 4), rng.randint(1, 6)
        M = Matrix(k, n, lambda i, j: Rational(rng.choice([0, 0, 1, -1, 2, rng.randint(-9, 9)]), rng.choice([1, 2, 3, 7])))
        if rng.random() < 0.3:
            M[k - 1, :] = M[0, :] * rng.randint(-2, 2)
        fast, generic = vd.chetaev_virtual_displacements(M), vd._generic_kernel_basis(M)
        assert [list(v) for v in fast] == [list(v) for v in generic]
        assert all(type(a) is type(b) for u, v in zip(fast, generic) for a, b in zip(u, v))
