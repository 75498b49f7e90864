"""checker.kernel.proof.shown_nonzero remembers its answers: the remembered answer is always the one computed afresh.

The key must tell apart everything the answer depends on: symbols that print alike but carry different
assumptions (x > 0 is nonzero, a plain x is not), and the expressions declared nonzero.
"""
import sympy
from hypothesis import given, settings, strategies as st

from checker.kernel.proof import _shown_nonzero, shown_nonzero

NAMES = ("x", "y")
ASSUMPTIONS = ({}, {"positive": True}, {"nonzero": True}, {"real": True})


@st.composite
def symbols(draw):
    return sympy.Symbol(draw(st.sampled_from(NAMES)), **draw(st.sampled_from(ASSUMPTIONS)))


@st.composite
def polynomials(draw):
    terms = draw(st.lists(st.tuples(st.integers(-3, 3), symbols(), st.integers(0, 2)), min_size=1, max_size=3))
    return sympy.Add(*(c * s**e for c, s, e in terms))


@settings(max_examples=60, deadline=None)
@given(exprs=st.lists(st.tuples(polynomials(), st.lists(polynomials(), max_size=2)), min_size=1, max_size=6))
def test_remembered_answers_are_the_fresh_answers(exprs):
    for expr, declared in exprs + exprs:  # every question asked twice: the second answer comes from memory
        assert shown_nonzero(expr, declared) == _shown_nonzero(sympy.sympify(expr), tuple(declared))


def test_symbols_with_other_assumptions_are_other_questions():
    positive, plain = sympy.Symbol("x", positive=True), sympy.Symbol("x")
    assert shown_nonzero(positive) is True
    assert shown_nonzero(plain) is False
    assert shown_nonzero(plain, [plain * (plain + 1)]) is True
    assert shown_nonzero(plain) is False


def test_a_zero_is_never_shown_nonzero_from_memory():
    x = sympy.Symbol("x")
    zero = sympy.expand((x + 1)**2 - x**2 - 2*x - 1)
    for _ in range(2):
        assert shown_nonzero(zero) is False
        assert shown_nonzero(zero, [x]) is False
