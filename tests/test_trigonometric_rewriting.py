"""checker.kernel.engine.symbolic's rewriting of circular and hyperbolic functions as exponentials (a step of ``expensive_reduce``).

Truth by construction: a residual built as a sum of multiples of sin² + cos² − 1, cosh² − sinh² − 1 and
sin 2a − 2 sin a cos a is identically zero however it is expanded; adding a term that is not zero at a random point
(checked there numerically, with sympy's N at 30 digits) makes one that is not.  The rewriting must show every true one zero and no false one.
"""
from fractions import Fraction

import sympy
from hypothesis import example, given, settings, strategies as st
from sympy import cos, cosh, sin, sinh

from checker.kernel.engine import symbolic

t = sympy.Symbol("t", real=True)
x = sympy.Symbol("x")


@st.composite
def arguments(draw):
    """The argument of a circular or hyperbolic function: k t, t² + c or x t."""
    k = draw(st.integers(1, 3))
    return draw(st.sampled_from([k * t, t ** 2 + k, x * t, t]))


@st.composite
def polynomials(draw, a, b):
    """A small polynomial in sin a, cos a, sinh b, cosh b, x, t with integer coefficients."""
    atoms = [sin(a), cos(a), sinh(b), cosh(b), x, t]
    terms = draw(st.lists(st.tuples(st.integers(-3, 3), st.sampled_from(atoms), st.sampled_from(atoms + [1])),
                          min_size=1, max_size=3))
    return sum((c * p * q for c, p, q in terms), sympy.S.Zero)


@st.composite
def zero_residuals(draw):
    """Σ P_i · (an identity's two sides subtracted), expanded: identically zero."""
    a, b = draw(arguments()), draw(arguments())
    identities = [sin(a) ** 2 + cos(a) ** 2 - 1, cosh(b) ** 2 - sinh(b) ** 2 - 1, sin(2 * a) - 2 * sin(a) * cos(a),
                  cosh(2 * b) - cosh(b) ** 2 - sinh(b) ** 2]
    chosen = draw(st.lists(st.sampled_from(identities), min_size=1, max_size=3))
    residual = sum((draw(polynomials(a, b)) * identity for identity in chosen), sympy.S.Zero)
    return sympy.expand(residual), a, b


def value_at(expr, point):
    return complex(sympy.N(expr.subs(point), 30))


@settings(max_examples=60, deadline=None)
@given(zero_residuals())
def test_every_identity_built_zero_is_shown_zero(case):
    residual, _, _ = case
    assert symbolic._trigonometric_as_exponentials(residual) in (0, None)  # None: expand already cancelled it
    assert residual == 0 or symbolic.expensive_reduce(residual)[0] is True


@settings(max_examples=40, deadline=None)
@example(case=(sympy.S.Zero, t, t), coefficient=1, kind="x", where=Fraction(0))  # found by CI: nothing left to rewrite
@given(zero_residuals(), st.integers(-3, 3).filter(bool), st.sampled_from(["sin", "cosh", "x", "sin2"]),
       st.fractions(-2, 2, max_denominator=5))
def test_no_residual_that_is_not_zero_is_shown_zero(case, coefficient, kind, where):
    """The residual plus a term: not zero at a random point (checked there), so never shown zero."""
    residual, a, b = case
    extra = {"sin": sin(a), "cosh": cosh(b), "x": x * t, "sin2": sin(a) ** 2}[kind]
    perturbed = sympy.expand(residual + coefficient * extra)
    point = {t: sympy.Rational(where.numerator, where.denominator) + sympy.Rational(1, 7), x: sympy.Rational(3, 5)}
    assert abs(value_at(perturbed, point)) > 1e-12  # genuinely not zero (independently of the engine)
    rewritten = symbolic._trigonometric_as_exponentials(perturbed)
    assert rewritten != 0
    if rewritten is None:  # nothing to rewrite: expand cancelled every circular and hyperbolic term (x·t added)
        assert not perturbed.has(sin, cos, sinh, cosh)


def test_expensive_reduce_shows_a_disguised_zero_and_not_its_perturbation():
    a = t ** 2 + 1
    zero = sympy.expand((x * sin(a) + 2) * (sin(a) ** 2 + cos(a) ** 2 - 1) + t * (cosh(t) ** 2 - sinh(t) ** 2 - 1))
    assert symbolic.expensive_reduce(zero)[0] is True
    assert symbolic.expensive_reduce(zero + sin(a) ** 2 / 10 ** 6)[0] is not True


def test_nothing_to_rewrite_without_circular_or_hyperbolic_functions():
    assert symbolic._trigonometric_as_exponentials(sympy.exp(x) ** 2 - sympy.exp(2 * x)) is None
    assert symbolic._trigonometric_as_exponentials(x ** 2 - x * x) is None
