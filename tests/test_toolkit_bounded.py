"""Every value-preserving rewrite of a user's expression in the toolkit ends within its time limit (issue 17, part 2)."""
import time

import pytest
import sympy
from hypothesis import given, settings, strategies as st

from theorems.toolkit import chart
from theorems.toolkit.zero_handling import rewritten_within, simplified_within

x, y = sympy.symbols("x y")


def _endless(expr):
    while True:
        time.sleep(0.01)


def test_a_rewrite_that_does_not_finish_gives_the_expression_back_in_time():
    start = time.monotonic()
    assert rewritten_within(x**2 - 1, _endless, seconds=0.2) == x**2 - 1
    assert time.monotonic() - start < 2


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(st.integers(-3, 3), min_size=1, max_size=4), st.lists(st.integers(-3, 3), min_size=1, max_size=4))
def test_rewrites_keep_the_value(p, q):
    """factor, simplify and cancel within a limit: the result equals the input as a rational function."""
    expr = sum(c * x**i for i, c in enumerate(p)) / (1 + sum(c * y**i for i, c in enumerate(q)) ** 2)
    for rewritten in (rewritten_within(expr), simplified_within(expr), rewritten_within(expr, sympy.simplify)):
        assert sympy.cancel(rewritten - expr) == 0


def test_rank_loss_search_that_does_not_finish_is_undecided(monkeypatch):
    monkeypatch.setattr(chart, "SOLVE_SECONDS", 0.2)
    monkeypatch.setattr(chart.sympy, "solve", lambda *a, **k: _endless(None))
    start = time.monotonic()
    with pytest.raises(chart.RankUndecided, match="within"):
        chart.rank_everywhere_on_chart(sympy.Matrix([x**2 + y**2 - 1]), [x, y])
    assert time.monotonic() - start < 3
