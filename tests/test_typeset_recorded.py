"""Pages show what was checked: a formula is typeset from the recorded tree, never from an evaluated form.

The property: printing a recorded expression never evaluates it (no ``doit`` anywhere while it is printed), for
generated expressions holding unevaluated derivatives (of composites, partial, of several orders), integrals,
sums and substitutions; and the typeset derivative of a composite keeps its d/dt.  Spacing: a function name
after a factor is spaced as TeX spaces an operator name, and ``:=`` is one operator.
"""
import sympy
from hypothesis import given, settings, strategies as st

from checker.reporting import typeset
from checker.reporting.html_item import leading_failures
from checker.reporting.mathml import formula

t, x, y = sympy.symbols("t x y")
theta, phi = sympy.Function("theta"), sympy.Function("phi")
f = sympy.Function("f")

ATOMS = [theta(t), phi(t), t, x, sympy.Integer(2), sympy.Rational(1, 3), f(t, x)]
UNARY = [sympy.sin, sympy.cos, sympy.exp, lambda e: e**2, lambda e: 1 / (1 + e**2)]


@st.composite
def expressions(draw, depth=3):
    """Recorded-style trees: sums and products of functions of atoms, wrapped in unevaluated operators."""
    if depth == 0:
        return draw(st.sampled_from(ATOMS))
    kind = draw(st.sampled_from(["atom", "unary", "add", "mul", "derivative", "partial", "integral", "sum", "subs"]))
    inner = draw(expressions(depth - 1))
    if kind == "atom":
        return draw(st.sampled_from(ATOMS))
    if kind == "unary":
        return draw(st.sampled_from(UNARY))(inner)
    if kind == "add":
        return inner + draw(expressions(depth - 1))
    if kind == "mul":
        return inner * draw(expressions(depth - 1))
    if kind == "derivative":
        return sympy.Derivative(inner, (t, draw(st.integers(1, 3))))
    if kind == "partial":
        return sympy.Derivative(inner + x * y, x)
    if kind == "integral":
        return sympy.Integral(inner, (y, 0, 1))
    if kind == "sum":
        return sympy.Sum(inner * y, (y, 1, 3))
    return sympy.Subs(sympy.Derivative(f(t, y), y), y, inner)


class EvaluationDuringPrinting(AssertionError):
    pass


def _printing_without_evaluation(expr):
    """Print ``expr`` with every ``doit`` of sympy made to fail: the printer must not call it."""
    def refuse(self, **hints):
        raise EvaluationDuringPrinting(f"printing evaluated {type(self).__name__}")
    saved = sympy.Basic.doit
    saved_derivative = sympy.Derivative.doit
    sympy.Basic.doit = refuse
    sympy.Derivative.doit = refuse
    try:
        return typeset.latex_of(expr)
    finally:
        sympy.Basic.doit = saved
        sympy.Derivative.doit = saved_derivative


@settings(max_examples=150, deadline=None)
@given(expressions())
def test_printing_a_recorded_tree_never_evaluates_it(expr):
    latex = _printing_without_evaluation(expr)
    assert latex
    # each unevaluated operator of the tree is still there in the formula
    if expr.has(sympy.Integral):
        assert r"\int" in latex
    if expr.has(sympy.Sum):
        assert r"\sum" in latex


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(UNARY[:3]), st.sampled_from([theta(t), phi(t), theta(t) * phi(t)]))
def test_the_derivative_of_a_composite_keeps_its_d_dt(outer, inner):
    recorded = sympy.Derivative(outer(inner), t)
    latex = typeset.latex_of(typeset.parse(str(recorded)))
    assert r"\frac{d}{d t}" in latex


def test_the_issue_example_is_no_longer_a_tautology():
    latex = typeset.latex_of(typeset.parse("Derivative(cos(theta(t)), t)"))
    assert latex == r"\frac{d}{d t} \cos{\left(\theta \right)}"
    # the derivatives of a coordinate keep the mechanics' dots
    assert typeset.latex_of(typeset.parse("Derivative(theta(t), (t, 2))")) == r"\ddot{\theta}"


def test_a_function_after_a_factor_is_spaced_and_colon_equals_is_one_operator():
    product = formula(typeset.latex_of(typeset.parse("g*sin(theta(t))")))
    assert "<mi>g</mi><mspace" in product
    assert "\u2254" in formula("w := 2x + 3") and ":</m" not in formula("w := 2x + 3")
    assert "<mo>+</mo><mi>sin</mi>" in formula(r"a + \sin x")  # no space after an operator


def test_a_refuted_item_page_leads_with_its_counterexample():
    checks = [{"name": f"passing {i}", "outcome": "proved", "claim": True} for i in range(9)]
    checks.append({"name": "the refutation", "outcome": "refuted", "claim": True})
    checks.insert(3, {"name": "a supporting failure", "outcome": "refuted", "claim": False})
    ordered = leading_failures(checks)
    assert ordered[0]["name"] == "the refutation"
    assert [c["name"] for c in ordered[1:]] == [c["name"] for c in checks if c["name"] != "the refutation"]
