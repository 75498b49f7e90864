"""The exact zero test of the identity engine's first stage (:func:`checker.kernel.engine.symbolic.zero_as_rational_function`).

Truth is known by construction: a random rational expression in independent atoms minus a rearranged
copy of itself is 0; adding a non-zero term (or a relation between atoms the test must not know) makes it
non-zero.  Whatever the test calls 0 must evaluate to 0 at random complex points (a differential check
that does not trust sympy's polynomial arithmetic).
"""
import random

import sympy
from hypothesis import HealthCheck, given, settings, strategies as st

from checker.kernel.engine.symbolic import zero_as_rational_function
from rational_expressions import rational_expressions as shared_rational_expressions

x, y, z = sympy.symbols("x y z")
f, g = sympy.Function("f"), sympy.Function("g")
ATOMS = [x, y, z, f(x), g(x, y), f(x).diff(x), sympy.sin(x), sympy.cos(x), sympy.exp(y), sympy.sqrt(z),
         sympy.pi, x**y, sympy.log(z)]
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


def _numeric_zero(expr, trials: int = 6) -> bool:
    """|expr| tiny at random complex values of its symbols, with f = sin, g = product (concrete functions)."""
    rng = random.Random(0)
    concrete = {f: sympy.Lambda(sympy.Symbol("u"), sympy.sin(sympy.Symbol("u")) + 2),
                g: sympy.Lambda((sympy.Symbol("u"), sympy.Symbol("w")), sympy.Symbol("u") * sympy.Symbol("w") + 3)}
    body = expr.subs(concrete).doit()
    for _ in range(trials):
        values = {s: sympy.Float(rng.uniform(0.3, 2), 30) + sympy.I * sympy.Float(rng.uniform(-1, 1), 30)
                  for s in body.free_symbols}
        value = complex(body.subs(values).evalf(30))
        if abs(value) > 1e-15:
            return False
    return True


def rational_expressions(depth=3):
    """A random expression built from the atoms with +, *, integer powers and quotients."""
    return shared_rational_expressions(ATOMS, depth)


def _rearranged(expr):
    """The same rational function written differently (expanded, put over one denominator, factored)."""
    return sympy.factor_terms(sympy.together(sympy.expand(expr)))


@SETTINGS
@given(rational_expressions())
def test_an_expression_minus_a_rearranged_copy_is_zero(expr):
    if expr.has(sympy.zoo, sympy.nan):
        return
    assert zero_as_rational_function(expr - _rearranged(expr))


@SETTINGS
@given(rational_expressions(), st.sampled_from(ATOMS), st.integers(1, 5))
def test_adding_a_nonzero_term_is_never_zero(expr, atom, k):
    if expr.has(sympy.zoo, sympy.nan):
        return
    assert not zero_as_rational_function(expr - _rearranged(expr) + k * atom)


@SETTINGS
@given(rational_expressions(), rational_expressions())
def test_whatever_is_called_zero_is_zero_numerically(a, b):
    expr = a - b
    if expr.has(sympy.zoo, sympy.nan):
        return
    if zero_as_rational_function(expr):
        assert _numeric_zero(expr)


@SETTINGS
@given(st.sampled_from([
    sympy.sin(x)**2 + sympy.cos(x)**2 - 1,      # a relation between atoms: not a rational-function zero
    sympy.exp(x)**y - sympy.exp(x * y),          # false for complex x
    sympy.sqrt(x * y) - sympy.sqrt(x) * sympy.sqrt(y),
    sympy.log(x * y) - sympy.log(x) - sympy.log(y),
    (x**3)**sympy.Rational(1, 3) - x,
    f(x) - f(y),
    sympy.Float("0.1", 30) * x - x / 10 + sympy.Float("1e-40") * y,   # floats are never decided here
]), rational_expressions())
def test_relations_between_atoms_and_floats_are_not_decided(claim, expr):
    combined = claim + expr - _rearranged(expr)
    if claim.has(sympy.Float) and not combined.has(sympy.Float):
        return  # sympy's own float arithmetic folded the tiny coefficient away: nothing left to decide
    assert not zero_as_rational_function(combined)


def test_non_expressions_and_noncommutative_factors_are_not_decided():
    A, B = sympy.symbols("A B", commutative=False)
    assert not zero_as_rational_function(A * B - B * A)
    assert not zero_as_rational_function(sympy.Matrix([0]))
    assert not zero_as_rational_function(sympy.oo - x)


# -- the decided non-zero case: a non-zero rational function of symbols alone ------------------------------------

from checker.kernel.engine.symbolic import nonzero_as_rational_function  # noqa: E402


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.lists(st.integers(-4, 4), min_size=2, max_size=6), st.integers(1, 3))
def test_a_nonzero_polynomial_quotient_of_symbols_is_decided_nonzero(coefficients, power):
    """Truth by construction: p/q with p a non-zero polynomial is non-zero, and no rewriting makes it zero."""
    a, b = sympy.symbols("a b", real=True)
    p = sum(c * a**i * b**(len(coefficients) - i) for i, c in enumerate(coefficients))
    expr = p / (1 + a**2) ** power
    assert nonzero_as_rational_function(expr) == (sympy.expand(p) != 0)
    # a rearranged zero is never "decided non-zero"
    assert not nonzero_as_rational_function(expr - sympy.together(expr))


def test_only_symbols_alone_are_decided():
    x, y = sympy.symbols("x y")
    f = sympy.Function("f")
    assert nonzero_as_rational_function(x**2 - y)
    # atoms with relations, function values and radicals are not decided here
    assert not nonzero_as_rational_function(sympy.sin(x)**2 + sympy.cos(x)**2 - 1)
    assert not nonzero_as_rational_function(f(x) - x)
    assert not nonzero_as_rational_function(sympy.sqrt(x) - x)
    assert not nonzero_as_rational_function(sympy.Float(0.5) * x)
    # a symbol assumed zero takes a single value: x is 0 there, so it is not decided non-zero
    assert not nonzero_as_rational_function(sympy.Symbol("z", zero=True))
