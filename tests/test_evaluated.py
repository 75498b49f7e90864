"""``checker.kernel.engine.symbolic.evaluated``: ``doit`` remembered and skipped where it only rebuilds; never a different value."""
import sympy
from hypothesis import given, settings, strategies as st

from checker.kernel.engine.symbolic import evaluated

t, s = sympy.symbols("t s")
x, G = sympy.Function("x"), sympy.Function("G")
LEAVES = [t, s, sympy.Integer(2), sympy.Rational(1, 3), x(t), x(t).diff(t), G(t, x(t)), sympy.sin(t)]


@st.composite
def expressions(draw, depth=3):
    """Random expressions mixing evaluated nodes with nodes ``doit`` has work on (derivatives, Subs, integrals)."""
    if depth == 0 or draw(st.booleans()):
        return draw(st.sampled_from(LEAVES))
    a, b = draw(expressions(depth - 1)), draw(expressions(depth - 1))
    kind = draw(st.sampled_from(["add", "mul", "pow", "diff", "subs", "integral", "unevaluated"]))
    if kind == "add":
        return a + b
    if kind == "mul":
        return a * b
    if kind == "pow":
        return a ** 2
    if kind == "diff":
        return sympy.Derivative(a, t)
    if kind == "subs":
        return sympy.Subs(a, t, s)
    if kind == "integral":
        return sympy.Integral(a.subs(x(t), t), (t, 0, 1))
    return sympy.Add(a, b, -a, evaluate=False)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(expressions())
def test_evaluated_has_the_value_of_doit(expr):
    once = evaluated(expr)
    assert sympy.simplify(once.doit() - expr.doit()) == 0
    # a second call answers from memory with the same object, and its result is already evaluated
    assert evaluated(expr) is once and evaluated(once) is once


def test_evaluated_does_the_work_doit_does():
    expr = sympy.Derivative(t**3 + x(t), t)
    assert evaluated(expr) == 3 * t**2 + x(t).diff(t)
    assert evaluated(sympy.Subs(t**2, t, 2)) == 4
    assert evaluated(sympy.Integral(t, (t, 0, 1))) == sympy.Rational(1, 2)
    # matrices entry by entry
    assert evaluated(sympy.Matrix([sympy.Derivative(t**2, t)])) == sympy.Matrix([2 * t])


def test_rebuild_only_trees_are_returned_as_they_are():
    expr = x(t).diff(t) * G(t, x(t)) + sympy.sin(t) ** 2
    assert evaluated(expr) is expr


@st.composite
def shared_expressions(draw):
    """Sums and products whose terms repeat the same derivative/Subs/integral subtrees many times."""
    parts = draw(st.lists(expressions(), min_size=1, max_size=4))
    picks = draw(st.lists(st.tuples(st.integers(0, len(parts) - 1), st.integers(0, len(parts) - 1),
                                    st.sampled_from(LEAVES)), min_size=1, max_size=8))
    return sympy.Add(*[parts[i] * parts[j] * leaf for i, j, leaf in picks])


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.one_of(expressions(), shared_expressions()))
def test_evaluated_is_exactly_the_tree_doit_builds(expr):
    """Sharing the evaluation of repeated subtrees changes no node: the same tree as sympy's own ``doit``."""
    from checker.kernel.engine.symbolic import _doit_sharing
    assert _doit_sharing(expr, {}) == expr.doit()
    assert evaluated(expr) == expr.doit() or evaluated(expr) is expr  # ``expr`` itself where doit only rebuilds


def test_a_repeated_subs_is_evaluated_once(monkeypatch):
    from checker.kernel.engine import symbolic
    calls = []
    original = sympy.Subs.doit

    def counting(self, **hints):
        calls.append(self)
        return original(self, **hints)
    monkeypatch.setattr(sympy.Subs, "doit", counting)
    monkeypatch.setattr(symbolic, "_node_done", {})
    repeated = sympy.Subs(sympy.Derivative(G(s, x(t)), s), s, t)
    expr = sympy.Add(*[repeated * sympy.Symbol(f"c{i}") for i in range(50)])
    assert symbolic._doit_sharing(expr, {}) == original_doit_of(expr, original, monkeypatch)
    assert len([c for c in calls if c == repeated]) == 1


def original_doit_of(expr, original, monkeypatch):
    """``expr.doit()`` with sympy's own Subs.doit (not the counting one)."""
    monkeypatch.setattr(sympy.Subs, "doit", original)
    return expr.doit()
