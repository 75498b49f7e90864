"""The cheaper strategy builds and datum checks give what the Expr computations they replace give.

* the shared (memoized) strategies of ``theorems.toolkit.strategies`` and of ``theorems.page4_regular_constraints.holonomic_datum`` draw the
  same instances, in the same order, at the same seed, as freshly built copies of the former code;
* the exact shortcuts (rank over QQ, expansion and evaluation in sympy's sparse polynomial ring) agree with the
  Expr route on drawn data: the same Expr (``srepr``), the same Rationals, the same accept/reject and message.
"""
import itertools

import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Matrix

from checker.kernel.engine.randomized import falsify
from theorems.page4_regular_constraints import holonomic_datum as hd
from theorems.page4_regular_constraints.holonomic_datum import HolonomicConstraintDatum, X, t
from theorems.toolkit import strategies as ts
from theorems.toolkit.linear_algebra import jacobian_and_minors

DRAWS = settings(max_examples=60, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


# ---------------------------------------------------------------------------
# the former code, rebuilt on every call (the reference for the draws)
# ---------------------------------------------------------------------------

def _old_rationals(max_num=9, max_den=5, nonzero=False):
    numerators = st.integers(-max_num, max_num)
    if nonzero:
        numerators = numerators.filter(lambda p: p != 0)
    return st.builds(sp.Rational, numerators, st.integers(1, max_den))


def _old_rational_matrices(rows, cols, max_num=9, max_den=5):
    entries = st.lists(_old_rationals(max_num, max_den), min_size=rows * cols, max_size=rows * cols)
    return entries.map(lambda values: sp.Matrix(rows, cols, values))


def _old_repair_row_rank(M):
    k = M.rows
    block = sp.zeros(k, M.cols)
    block[:, :k] = sp.eye(k)
    for s in range(k + 1):
        candidate = M + s * block
        if candidate.rank() == k:
            return candidate
    raise AssertionError("unreachable")


def _old_full_row_rank_matrices(k, n, max_num=9, max_den=5):
    return _old_rational_matrices(k, n, max_num, max_den).map(_old_repair_row_rank)


def _old_polynomials(symbols, max_degree=2, max_terms=4, min_terms=0, max_num=9, max_den=5):
    monomials = ts._monomials_of(symbols, max_degree)
    terms = st.lists(st.tuples(_old_rationals(max_num, max_den, nonzero=True), st.sampled_from(monomials)),
                     min_size=min_terms, max_size=min(max_terms, len(monomials)), unique_by=lambda term: term[1])
    return terms.map(lambda ts_: sp.Add(*(c * m for c, m in ts_)))


def _old_level_set_instances(sizes, *, with_time=False, max_degree=2):
    def for_size(size):
        n, k = size
        variables = ([t] if with_time else []) + list(X[:n])
        linear = st.lists(_old_rationals(4, 2, nonzero=True), min_size=len(variables), max_size=len(variables)).map(
            lambda cs: sum((c * v for c, v in zip(cs, variables)), sp.S.Zero))
        square = _old_rationals(3, 2, nonzero=True).map(lambda c: c * sum(variables, sp.S.Zero) ** 2)
        polys = st.lists(st.builds(lambda P, L, S: sp.expand(P + L + S),
                                   _old_polynomials(variables, max_degree=max_degree, max_terms=3, max_num=5, max_den=3),
                                   linear, square), min_size=k, max_size=k)
        point = st.lists(_old_rationals(3, 2), min_size=len(variables), max_size=len(variables))
        offsets = st.lists(st.integers(-9, 9), min_size=len(variables), max_size=len(variables))
        return st.tuples(st.just(n), st.just(k), polys, point, offsets)
    return st.sampled_from(list(sizes)).flatmap(for_size)


def _drawn(strategy, seed, examples=40):
    """The instances a corpus search (``checker.kernel.engine.randomized.falsify``) draws, in order, as srepr strings."""
    seen = []

    def record(instance):
        seen.append(sp.srepr(instance) if isinstance(instance, sp.Basic) else repr(instance))
        return True

    falsify(strategy, record, seed=seed, max_examples=examples, tolerance=0)
    return seen


XS = sp.symbols("x1:4", real=True)
SAME_DRAWS = [
    ("rationals", lambda: ts.rationals(), lambda: _old_rationals()),
    ("nonzero rationals", lambda: ts.rationals(3, 2, nonzero=True), lambda: _old_rationals(3, 2, nonzero=True)),
    ("full row rank", lambda: st.integers(1, 3).flatmap(lambda k: ts.full_row_rank_matrices(k, 4, max_num=2, max_den=1)),
     lambda: st.integers(1, 3).flatmap(lambda k: _old_full_row_rank_matrices(k, 4, max_num=2, max_den=1))),
    ("polynomials", lambda: st.tuples(ts.polynomials(XS), ts.polynomials(XS[:2], min_terms=1)),
     lambda: st.tuples(_old_polynomials(XS), _old_polynomials(XS[:2], min_terms=1))),
    ("level sets", lambda: hd._level_set_instances(((3, 1), (3, 2)), with_time=True),
     lambda: _old_level_set_instances(((3, 1), (3, 2)), with_time=True)),
]


def test_shared_strategies_draw_what_the_former_code_drew():
    for name, new, old in SAME_DRAWS:
        for seed in (0, 1, 2):
            first, again, before = _drawn(new(), seed), _drawn(new(), seed), _drawn(old(), seed)
            assert first == again == before, f"{name}, seed {seed}"
            assert len(first) >= 10


def test_equal_arguments_share_one_strategy():
    assert ts.rationals(3, 2) is ts.rationals(max_num=3, max_den=2)
    assert ts.polynomials(list(XS)) is ts.polynomials(tuple(XS))
    assert ts.polynomials(XS) is not ts.polynomials(sp.symbols("x1:4"))  # other assumptions: other Symbols


# ---------------------------------------------------------------------------
# the exact shortcuts agree with the Expr route
# ---------------------------------------------------------------------------

@DRAWS
@given(M=st.integers(0, 3).flatmap(lambda k: ts.rational_matrices(k, 3, max_num=2, max_den=2)))
def test_rank_repair_over_QQ_is_the_former_repair(M):
    assert ts._repair_row_rank(M) == _old_repair_row_rank(M)
    assert hd._rank(M) == M.rank(iszerofunc=hd._is_zero)


VARIABLES = [t, *X[:3]]
POLYS = st.lists(ts.polynomials(VARIABLES, max_degree=3, max_terms=5, max_num=5, max_den=3), min_size=1, max_size=3)
POINTS = st.lists(ts.rationals(3, 2), min_size=4, max_size=4)


@DRAWS
@given(polys=POLYS, point=POINTS, c=ts.rationals(3, 2, nonzero=True))
def test_ring_expansion_and_shift_are_the_expanded_exprs(polys, point, c):
    terms = polys + [c * sum(VARIABLES, sp.S.Zero) ** 2, (polys[0] - c) * (polys[-1] + t)]
    assert sp.srepr(hd._expanded_sum(terms, VARIABLES)) == sp.srepr(sp.expand(sp.Add(*terms)))
    subs = dict(zip(VARIABLES, point))
    expected = [sp.expand(P - P.xreplace(subs)) for P in terms]
    assert [sp.srepr(e) for e in hd._shifted_polynomials(terms, VARIABLES, point)] == [sp.srepr(e) for e in expected]
    assert hd._jacobian_at_point(terms, X[:3], VARIABLES, point) == Matrix(terms).jacobian(list(X[:3])).xreplace(subs)


class _ExprRouteDatum(HolonomicConstraintDatum):
    """The datum with every value computed from the Exprs (the former route)."""

    _exact = None


def _build(construction, G, point):
    try:
        return construction(G, X[:3], t, sample_point=point), None
    except ValueError as exc:
        return None, str(exc)


@DRAWS
@given(polys=st.lists(ts.polynomials(VARIABLES, max_degree=2, max_terms=4, max_num=5, max_den=3), min_size=1,
                      max_size=2), point=POINTS, shift=st.booleans(), w=st.lists(ts.rationals(3, 2), min_size=3,
                                                                                max_size=3))
def test_datum_checks_and_values_agree_with_the_expr_route(polys, point, shift, w):
    G = hd._shifted_polynomials(polys, VARIABLES, point) if shift else polys
    if len(G) == 2 and (G[0] - G[1]).is_zero:
        G = G[:1]
    t0, x0 = point[0], tuple(point[1:])
    fast, fast_error = _build(HolonomicConstraintDatum, G, (t0, x0))
    slow, slow_error = _build(_ExprRouteDatum, G, (t0, x0))
    assert fast_error == slow_error
    fast, slow = HolonomicConstraintDatum(G, X[:3], t), _ExprRouteDatum(G, X[:3], t)
    assert fast._exact is not None
    assert fast.jacobian == slow.jacobian and fast.time_derivative == slow.time_derivative
    assert fast.jacobian_at(t0, x0) == slow.jacobian_at(t0, x0)
    assert fast.time_derivative_at(t0, x0) == slow.time_derivative_at(t0, x0)
    assert fast.on_locus(t0, x0) == slow.on_locus(t0, x0)
    assert fast.permitted_velocity_residual(t0, x0, w) == slow.permitted_velocity_residual(t0, x0, w)


def test_datum_takes_the_expr_route_off_the_rational_polynomials():
    u = sp.Symbol("u", real=True)
    for G in ([X[0] - u * t], [sp.sin(t) * X[0]], [sp.Float(0.5) * X[0]]):
        assert HolonomicConstraintDatum(G, X[:3], t)._exact is None
    sphere = HolonomicConstraintDatum([hd.SPHERE], X[:3], t)
    point = (0, (1 / sp.sqrt(3), 0, 0))
    assert sphere._exact_values("jacobian", *point) is None
    assert sphere.jacobian_at(*point) == Matrix([[2 / sp.sqrt(3), 0, 0]])


@DRAWS
@given(polys=POLYS, with_time=st.booleans())
def test_ring_minors_are_the_expanded_minors_of_the_expr_jacobian(polys, with_time):
    G = Matrix(polys if with_time else [P.xreplace({t: 1}) for P in polys])
    x = list(X[:3])
    variables = ([t] if with_time else []) + x
    J = G.jacobian(x)
    expected = [sp.expand(J.extract(list(range(G.rows)), list(cols)).det())
                for cols in itertools.combinations(range(3), G.rows)]
    assert [sp.srepr(m) for m in jacobian_and_minors(G, x, variables)[1]] == [sp.srepr(m) for m in expected]
