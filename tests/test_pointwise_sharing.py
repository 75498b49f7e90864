"""The residuals' compiled form computes shared subexpressions once (cse) only where that cannot change a value.

Truth by construction: the same residual compiled with and without sharing is the same function, so at every
point the two evaluations agree to the working precision; and a residual that binds a variable (an integral) or
branches (Piecewise) is never compiled with sharing, since hoisting a subexpression out of it changes what is
computed (a bound variable read outside its integral, a branch evaluated where it is not taken).
"""
import mpmath
import sympy
from hypothesis import HealthCheck, given, settings, strategies as st

from checker.kernel.engine.pointwise import CompiledResiduals, _plainly_evaluated
from rational_expressions import rational_expressions

x, y, s = sympy.symbols("x y s")
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
ELEMENTARY = [x, y, sympy.sin(x), sympy.exp(y), sympy.cos(x * y), sympy.sqrt(x ** 2 + 1), sympy.log(y ** 2 + 2)]


@SETTINGS
@given(st.lists(rational_expressions(ELEMENTARY, depth=3), min_size=1, max_size=3),
       st.fractions(-5, 5, max_denominator=7), st.fractions(-5, 5, max_denominator=7))
def test_sharing_computes_the_same_values(residuals, vx, vy):
    shared = CompiledResiduals(residuals, [x, y])
    plain = CompiledResiduals(residuals, [x, y], share=False)
    assert not plain.shared
    point = {x: sympy.Rational(vx.numerator, vx.denominator), y: sympy.Rational(vy.numerator, vy.denominator)}
    a, b = shared.evaluate(point, 30), plain.evaluate(point, 30)
    assert isinstance(a, str) == isinstance(b, str)
    if isinstance(a, str):
        return
    for (total_a, size_a), (total_b, size_b) in zip(a, b):
        scale = max(size_a, size_b, 1)
        assert abs(total_a - total_b) <= scale * mpmath.mpf(10) ** -25
        assert abs(size_a - size_b) <= scale * mpmath.mpf(10) ** -25


@SETTINGS
@given(rational_expressions(ELEMENTARY, depth=2))
def test_plain_residuals_are_shared(expr):
    assert _plainly_evaluated(expr) and CompiledResiduals([expr], [x, y]).shared


@SETTINGS
@given(rational_expressions(ELEMENTARY, depth=2), st.sampled_from(["integral", "piecewise", "max", "derivative"]))
def test_binders_and_branches_are_never_shared(expr, kind):
    """Wherever the plain expression sits, a binder or a branch anywhere in the tree turns sharing off."""
    if kind == "integral":
        inner = sympy.Integral(sympy.exp(s) * (expr.subs(x, s) ** 2 + 1), (s, 0, x))  # never 0
    elif kind == "piecewise":
        inner = sympy.Piecewise((1 / (x - 1), x > 1), (expr, True))
    elif kind == "max":
        inner = sympy.Max(x, y + 1)
    else:
        inner = sympy.Derivative(sympy.Function("f")(x), x)
    assert not _plainly_evaluated(expr + inner * y)
    assert not _plainly_evaluated(sympy.sin(inner) + expr)


def test_an_integral_sharing_its_body_with_the_outside_keeps_its_own_variable():
    """The residual sin(s)·∫_0^x sin(s) ds − sin(s)·(1 − cos x) is 0; with sin(s) hoisted out of the integral as a
    shared subexpression it would be read at the outer s.  Compiled, it is 0 at a point where s and x differ."""
    residual = sympy.sin(s) * sympy.Integral(sympy.sin(s), (s, 0, x)) - sympy.sin(s) * (1 - sympy.cos(x))
    compiled = CompiledResiduals([residual], [x, s])
    assert not compiled.shared
    assert compiled.at({x: sympy.Rational(3, 2), s: sympy.Rational(-7, 3)}, 30).status == "zero"
