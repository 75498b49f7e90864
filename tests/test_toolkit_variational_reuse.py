"""The reuse paths of the toolkit give the same expressions as the direct computations."""
import random

import pytest
import sympy
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
