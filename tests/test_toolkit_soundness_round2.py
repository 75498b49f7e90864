"""Soundness of the toolkit, round 2: parameters, declared assumptions, disguised dependent rows, disguised pivots.

Each class of defect is exercised by property-based tests that generate many variants, with the testers' reproducers
(/work/probe/toolkit/repro_*.py) as explicit examples:

1. ``rank_everywhere_on_chart`` / ``regular_holonomic_constraint``: a rank loss at an admissible *parameter* value
   (G = a·x at a = 0) is a failure with a re-checked witness honouring every assumption, never "holds"; a loss only at
   a value the assumptions exclude is no failure.
2. ``is_regular`` / ``is_hyperregular``: no witness outside the declared chart (q negative, r nonzero, curves
   ``Function('q', negative=True)(t)``); fails only at a point honouring every assumption.
3. ``ideal_holonomic_dynamics`` / ``solve_multipliers`` (and the Gram solves): a constraint row dependent only after
   sin² + cos² = 1 is a singular system (``NonInvertibleMatrixError``) or undecided, never a result with a zero
   divisor; a returned result is genuine.
4. ``chetaev_virtual_displacements`` / ``holonomic_virtual_displacements`` (and the other kernels and ranks): a
   disguised zero pivot never gives a basis of the wrong size.
"""
from __future__ import annotations

import pytest
import sympy as sp
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sympy import Eq, Function, Matrix, Rational, Symbol
from sympy.matrices.exceptions import NonInvertibleMatrixError
from sympy.physics.mechanics import dynamicsymbols

from checker.kernel.engine.instances import function_assumptions, satisfies_assumptions
from theorems import LENGTH, MASS, TIME, ideal_holonomic_dynamics, is_dimensionally_homogeneous, is_hyperregular, \
    is_regular
from theorems.toolkit.chart import (Chart, IrregularConstraint, RankUndecided, is_symmetric_positive_definite,
                                    rank_everywhere_on_chart, regular_holonomic_constraint)
from theorems.toolkit.holonomic_equivalence import polynomial_first_integrals
from theorems.toolkit.linear_algebra import exact_rank, kernel_projector, transpose_multiplier
from theorems.toolkit.strategies import polynomials, rationals
from theorems.toolkit.symmetry import translation_invariants
from theorems.toolkit.variational import dalembert_equations, solve_exactly, solve_multipliers
from theorems.toolkit.virtual_displacements import chetaev_virtual_displacements, holonomic_virtual_displacements
from theorems.toolkit.zero_handling import ZeroUndecided, zero_state

FAST = settings(max_examples=12, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                                       HealthCheck.nested_given])

t = Symbol("t", real=True)
x, y, z = sp.symbols("x y z", real=True)
P = Symbol("p", positive=True)
T = dynamicsymbols._t
X, Y, Z = dynamicsymbols("x y z")


def _zeros(u):
    """Expressions ≡ 0 that a ring over independent indeterminates (sin u, cos u, ...) does not see as 0."""
    return [sp.sin(u)**2 + sp.cos(u)**2 - 1, sp.cosh(u)**2 - sp.sinh(u)**2 - 1, sp.cos(2 * u) - sp.cos(u)**2 + sp.sin(u)**2,
            (sp.sin(u) + sp.cos(u))**2 - 1 - sp.sin(2 * u), sp.sqrt(P**2) - P, sp.exp(sp.log(P)) - P]


def disguised_zeros(u):
    return st.integers(0, len(_zeros(u)) - 1).map(lambda i: _zeros(u)[i])


# ---------------------------------------------------------------------------
# 1. rank of G_q for every admissible parameter value
# ---------------------------------------------------------------------------

#: declarations a parameter may carry, and a membership test for its value set (real values)
PARAMETER_KINDS = [
    ("real", dict(real=True)), ("positive", dict(positive=True)), ("negative", dict(negative=True)),
    ("nonzero", dict(real=True, nonzero=True)), ("nonnegative", dict(nonnegative=True)), ("integer", dict(integer=True)),
    ("nonpositive", dict(nonpositive=True)),
]


def _assert_genuine_rank_witness(decision, G, coords, time=t, chart=Chart("ℝ × ℝⁿ"), on="chart"):
    """The witness honours every assumption, lies in O (and on Σ), and G_q has rank < k there (re-checked here)."""
    G = Matrix(G)
    symbols = G.free_symbols | set(coords) | {time}
    for h in chart.nonvanishing:
        symbols |= sp.sympify(h).free_symbols
    by_name = {str(s): s for s in symbols}
    point = {}
    for name, value in decision.witness.items():
        s, value = by_name[name], sp.sympify(value)
        assert satisfies_assumptions(value, s.assumptions0), (name, value, s.assumptions0)
        if s in coords or s == time:
            assert value.is_real, (name, value)
        point[s] = value
    J = G.jacobian(list(coords)).xreplace(point)
    assert not J.free_symbols, (decision.witness, J)
    assert J.applyfunc(lambda e: sp.nsimplify(sp.simplify(e))).rank() < G.rows, (decision.witness, J)
    for h in chart.nonvanishing:
        assert sp.simplify(sp.sympify(h).xreplace(point)) != 0
    if on == "locus":
        assert all(sp.simplify(g.xreplace(point)) == 0 for g in G), decision.witness


def _rank_decision(G, coords, chart=Chart("ℝ × ℝⁿ"), on="chart"):
    try:
        return rank_everywhere_on_chart(G, coords, t, chart, on=on)
    except RankUndecided:
        return None


@FAST
@given(st.integers(0, len(PARAMETER_KINDS) - 1), rationals(3, 2), st.integers(0, 3), st.sampled_from(["chart", "locus"]),
       rationals(3, 2, nonzero=True))
@example(0, Rational(0), 0, "chart", Rational(1))  # G = a x, a real: rank 0 at a = 0 (the reproducer)
@example(0, Rational(0), 2, "locus", Rational(1))  # x² + y² − l², l real: l = 0 (the reproducer)
def test_rank_loss_at_an_admissible_parameter_value_is_a_failure(kind, root, shape, on, c):
    name, facts = PARAMETER_KINDS[kind]
    a = Symbol("a", **facts)
    if shape == 0:  # minor (a − r)·c: loss exactly at a = r
        G, coords, roots = [c * (a - root) * x + c * t], [x], [root]
    elif shape == 1:  # minor a² − r²: loss at a = ±r (with y = 0)
        G, coords, roots = [(a**2 - root**2) * x + y**2], [x, y], [root, -root]
    elif shape == 2:  # circle of radius a − r: on the locus only at a = r; on the chart at x = y = 0 always
        G, coords, roots = [x**2 + y**2 - (a - root)**2], [x, y], [root] if on == "locus" else None
    else:  # (a − r)² x + c y: the minor c ≠ 0 never vanishes
        G, coords, roots = [(a - root)**2 * x + c * y], [x, y], []
    decision = _rank_decision(G, coords, on=on)
    admissible = roots is None or any(satisfies_assumptions(r, a.assumptions0) for r in roots)
    if decision is None:
        return  # undecided is allowed
    if decision.holds is False:
        _assert_genuine_rank_witness(decision, G, coords, on=on)
    assert decision.holds is (not admissible), (name, G, on, decision)


@FAST
@given(st.integers(0, len(PARAMETER_KINDS) - 1), rationals(3, 2), st.integers(0, 2))
@example(2, Rational(0), 0)  # G = x² + b x, b < 0: a witness b = 1 violated the declaration (the reproducer)
def test_rank_witnesses_honour_every_assumption(kind, shift, shape):
    name, facts = PARAMETER_KINDS[kind]
    b = Symbol("b", **facts)
    G = [[x**2 + b * x], [x**2 + (b - shift)**2 * x + t], [(x - b) * (x + shift) + y**2]][shape]
    coords = [x] if shape < 2 else [x, y]
    decision = _rank_decision(G, coords)
    if decision is not None and decision.holds is False:
        _assert_genuine_rank_witness(decision, G, coords)


@FAST
@given(st.integers(0, len(PARAMETER_KINDS) - 1), rationals(3, 2, nonzero=True))
def test_a_chart_excluding_the_parameter_value_holds(kind, c):
    name, facts = PARAMETER_KINDS[kind]
    a = Symbol("a", **facts)
    chart = Chart("a ≠ 0", (a,))
    decision = _rank_decision([c * a * x + t], [x], chart)
    assert decision is None or decision.holds is True, decision


def test_rank_everywhere_parameter_reproducer():
    a, l = Symbol("a", real=True), Symbol("l", real=True)
    for G, coords, on in (([a * x], [x], "chart"), ([(a**2 - 2) * x], [x], "chart"),
                          ([x**2 + y**2 - l**2], [x, y], "locus")):
        decision = rank_everywhere_on_chart(G, coords, t, on=on)
        assert decision.holds is False
        _assert_genuine_rank_witness(decision, G, coords, on=on)
    with pytest.raises(IrregularConstraint):
        regular_holonomic_constraint([x**2 + y**2 - l**2], [x, y], t, rank_on="locus")
    l_positive = Symbol("l", positive=True)
    assert regular_holonomic_constraint([x**2 + y**2 - l_positive**2], [x, y], t, rank_on="locus")
    b = Symbol("b", negative=True)
    decision = rank_everywhere_on_chart([x**2 + b * x], [x], t)
    assert decision.holds is False and sp.sympify(decision.witness["b"]).is_negative
    _assert_genuine_rank_witness(decision, [x**2 + b * x], [x])


def test_disguised_zero_minor_and_chart_condition():
    S = sp.sin(z)**2 + sp.cos(z)**2
    # ∂G/∂x = S − 1 ≡ 0 and ∂G/∂z = 0: rank 0 everywhere, not "no common zero"
    decision = _rank_decision([(S - 1) * x], [x, z])
    assert decision is None or decision.holds is False
    # the chart {S − 1 ≠ 0} is empty: no witness may lie in it
    decision = _rank_decision([x**2], [x], Chart("empty", (S - 1,)))
    assert decision is None or decision.holds is True


# ---------------------------------------------------------------------------
# 2. regularity on the declared chart
# ---------------------------------------------------------------------------

#: (declaration, det factor vanishing only outside the declared set, det factor vanishing inside it) for a coordinate q
def _factors(kind, q, c):
    c = abs(c)
    return {"negative": (c - q, q + c + 1), "positive": (c + q, q - c - 1), "nonzero": (q**2 * (1 + c), q - c - 1),
            "nonpositive": (c + 1 - q, q + c), "nonnegative": (q + c + 1, q - c)}[kind]


SIGN_KINDS = ["negative", "positive", "nonzero", "nonpositive", "nonnegative"]


def _assumptions(kind):
    return dict(real=True, nonzero=True) if kind == "nonzero" else {kind: True}


def _assert_genuine_regularity_witness(decision, L, declared):
    point = decision.details["point"]
    assert point, decision
    for key, value in point.items():
        facts = function_assumptions(key.func) if isinstance(key, sp.core.function.AppliedUndef) else \
            (key.assumptions0 if isinstance(key, Symbol) else {})
        assert sp.sympify(value).is_real and satisfies_assumptions(value, facts), (key, value, facts)
    assert sp.simplify(declared.xreplace(point)) == 0


@FAST
@given(st.sampled_from(SIGN_KINDS), rationals(3, 2), st.booleans(), st.booleans())
@example("negative", Rational(1), False, False)  # L = (1 − q) v²/2, q < 0 (the reproducer)
@example("nonzero", Rational(0), False, False)  # L = r² v²/2, r ≠ 0 (the reproducer)
@example("negative", Rational(1), True, False)  # the same with a curve Function('q', negative=True)(t)
@example("negative", Rational(1), False, True)  # (1 − q)(q + 2): zero at q = −2 < 0, a genuine witness
@example("positive", Rational(2), True, True)  # (2 + q)(q − 3) for a positive curve: zero at q = 3
@example("nonzero", Rational(1), False, True)  # 2q²(q − 2): zero at q = 2 ≠ 0
def test_is_regular_never_fails_outside_the_declared_chart(kind, c, curve, inside):
    if curve:
        q = Function("q", **_assumptions(kind))(T)
        v, coords, time, velocities = q.diff(T), [q], T, None
    else:
        q, v = Symbol("q", **_assumptions(kind)), Symbol("v", real=True)
        coords, time, velocities = [q], t, [v]
    outside, inside_factor = _factors(kind, q, c)
    det = outside * inside_factor if inside else outside
    L = det * v**2 / 2
    decision = is_regular(L, coords, time, v=velocities)
    if inside:  # det vanishes at an admissible q: fails with a genuine witness, or undecided
        assert decision.holds is not True, decision
        if decision.holds is False and decision.details.get("point"):
            _assert_genuine_regularity_witness(decision, L, det)
    else:  # det ≠ 0 on the declared chart: never fails
        assert decision.holds is not False, (L, decision)
        hyper = is_hyperregular(L, coords, time, v=velocities)
        assert hyper.holds is not False, (L, hyper)


@settings(FAST, max_examples=3)  # each example solves 𝓛_v = p (a few seconds)
@given(st.sampled_from(SIGN_KINDS + ["integer"]), st.sampled_from([dict(real=True), dict(positive=True),
                                                                 dict(negative=True)]), rationals(3, 2, nonzero=True))
def test_is_hyperregular_witness_lies_in_the_declared_chart(kind, time_facts, c):
    q = Symbol("q", **(_assumptions(kind) if kind != "integer" else dict(integer=True)))
    v, time = Symbol("v", real=True), Symbol("t", **time_facts)
    L = sp.log(sp.cosh(v)) + c * q**2 * v  # regular (det = sech² v), not onto: tanh v = p − c q² has no real v for large p
    decision = is_hyperregular(L, [q], time, v=[v])
    if decision.holds is False:
        by_name = {"q": q, "t": time}
        for name, value in decision.witness["point"].items():
            if name in by_name:
                assert satisfies_assumptions(sp.sympify(value), by_name[name].assumptions0), (name, value)
        point = {by_name.get(k, Symbol(k, real=True)): sp.sympify(val) for k, val in decision.witness["point"].items()}
        p_value = point[Symbol("p_q", real=True)]
        assert abs(p_value - c * point[q]**2) >= 1  # tanh v = p − c q² has no real solution there


def test_is_regular_reproducer_and_control():
    q = Symbol("q", negative=True)
    v = Symbol("v", real=True)
    assert is_regular((1 - q) * v**2 / 2, [q], t, v=[v]).holds is True
    assert is_hyperregular((1 - q) * v**2 / 2, [q], t, v=[v]).holds is True
    qf = Function("q", negative=True)(T)
    assert is_regular((1 - qf) * qf.diff(T)**2 / 2, [qf], T).holds is not False
    r = Symbol("r", real=True, nonzero=True)
    assert is_regular(r**2 * v**2 / 2, [r], t, v=[v]).holds is True
    qp = Symbol("q", positive=True)
    assert is_regular((1 + qp) * v**2 / 2, [qp], t, v=[v]).holds is True
    # an integer coordinate: det q² − 2 has no integer zero (no witness q = √2), so never fails
    n = Symbol("n", integer=True)
    assert is_regular((n**2 - 2) * v**2 / 2, [n], t, v=[v]).holds is not False
    # a point outside the declared chart is rejected, not answered
    with pytest.raises(ValueError):
        is_regular((1 - q) * v**2 / 2, [q], t, at={q: 1}, v=[v])


# ---------------------------------------------------------------------------
# 3. exact solves with a row dependent only after trigonometric relations
# ---------------------------------------------------------------------------

_SINGULAR = (NonInvertibleMatrixError, ZeroUndecided)


@FAST
@given(st.lists(rationals(3, 2, nonzero=True), min_size=2, max_size=2), rationals(3, 2, nonzero=True),
       disguised_zeros(Z), st.integers(0, 2), st.sampled_from([None, False, True]))
@example([Rational(1), Rational(1)], Rational(1), sp.sin(Z)**2 + sp.cos(Z)**2 - 1, 0, None)  # the reproducer
def test_ideal_dynamics_rejects_a_disguised_redundant_constraint(coefficients, k, zero, how, simplify):
    a, b = coefficients
    G1 = a * X + b * Y
    if how == 0:  # k G1 with the coefficient of x written as a(1 + zero)
        G2 = k * (a * (1 + zero) * X + b * Y)
    elif how == 1:  # k G1 + zero · y²
        G2 = k * G1 + zero * Y**2
    else:  # k G1 + zero · x y: a disguised zero times a non-constant
        G2 = k * G1 + zero * X * Y
    with pytest.raises(_SINGULAR):
        ideal_holonomic_dynamics(sp.eye(3), [1, 0, -1], [G1, G2], [X, Y, Z], T, simplify=simplify)


@FAST
@given(st.lists(rationals(3, 2, nonzero=True), min_size=2, max_size=2), disguised_zeros(Z),
       polynomials([X, Y], 1, 2, min_terms=1, max_num=3, max_den=2))
def test_ideal_dynamics_result_is_genuine_with_disguised_ones(coefficients, zero, force):
    a, b = coefficients
    G = [a * X + b * Y, (1 + zero) * Z + X**2]  # independent rows, one with a disguised factor 1
    F = [force, 0, -1]
    try:
        d = ideal_holonomic_dynamics(sp.eye(3), F, G, [X, Y, Z], T)
    except ZeroUndecided:
        return
    # M a = F + Jᵀ Λ and J a + curvature = 0, checked at a numeric state
    state = {X.diff(T): Rational(1, 3), Y.diff(T): Rational(-2, 5), Z.diff(T): Rational(3, 7), X: Rational(1, 2),
             Y: Rational(-1, 3), Z: Rational(2, 5), P: Rational(3, 2)}
    motion = (d.acceleration - Matrix(F) - d.jacobian.T * d.multiplier).subs(state)
    law = (d.jacobian * d.acceleration + d.curvature_terms).subs(state)
    assert all(abs(sp.N(e, 30)) < 1e-20 for e in list(motion) + list(law))


@FAST
@given(st.lists(rationals(3, 2), min_size=3, max_size=3).filter(lambda r: any(r)), rationals(3, 2, nonzero=True),
       disguised_zeros(Z), st.sampled_from([None, False, True]))
@example([Rational(1), Rational(1), Rational(0)], Rational(1), sp.sin(Z)**2 + sp.cos(Z)**2 - 1, None)  # reproducer
def test_solve_multipliers_rejects_disguised_redundant_rows(row, k, zero, simplify):
    L = (X.diff(T)**2 + Y.diff(T)**2 + Z.diff(T)**2) / 2 + X - Z
    first = [e for e in row]
    second = [k * e for e in row]
    index = next(i for i, e in enumerate(row) if e != 0)
    second[index] = k * row[index] * (1 + zero)  # the same row, after sin² + cos² = 1 (or another relation)
    with pytest.raises(_SINGULAR):
        solve_multipliers(dalembert_equations(L, [X, Y, Z], T, [first, second]), [X, Y, Z], T, simplify=simplify)


def test_exact_solve_and_gram_solves_on_disguised_singular_matrices():
    S = sp.sin(z)**2 + sp.cos(z)**2
    with pytest.raises(_SINGULAR):
        solve_exactly(Matrix([[1, x], [S, x]]), Matrix([1, 2]))
    A = Matrix([[1, x, 0], [S, x, 0]])
    with pytest.raises(_SINGULAR):
        transpose_multiplier(A, [1, 2, 3])
    with pytest.raises(_SINGULAR):
        kernel_projector(A)
    solution = solve_exactly(Matrix([[1, 0], [0, S]]), Matrix([1, 2]))  # invertible: Δ = S ≢ 0 is confirmed, solved
    assert zero_state(solution[0] - 1).is_zero is True and zero_state(solution[1] - 2).is_zero is True


def test_repro_solve_multipliers_plain_and_disguised_duplicates_agree():
    L = (X.diff(T)**2 + Y.diff(T)**2 + Z.diff(T)**2) / 2 + X - Z
    S = sp.sin(Z)**2 + sp.cos(Z)**2
    for rows in ([[1, 1, 0], [1, 1, 0]], [[1, 1, 0], [S, 1, 0]]):
        with pytest.raises(NonInvertibleMatrixError):
            solve_multipliers(dalembert_equations(L, [X, Y, Z], T, rows), [X, Y, Z], T)
    reference = solve_multipliers(dalembert_equations(L, [X, Y, Z], T, [[1, 1, 0]]), [X, Y, Z], T)
    assert reference[X.diff(T, 2)] == Rational(1, 2)


# ---------------------------------------------------------------------------
# 4. kernels, ranks and pivots with disguised zeros
# ---------------------------------------------------------------------------

def _disguise(M, zero, positions):
    """``M`` with zero·(1 + x) added to the listed entries (the same matrix as functions)."""
    M = Matrix(M)
    for i, j in positions:
        M[i, j] = M[i, j] + zero * (1 + x)
    return M


@st.composite
def disguised_matrices(draw):
    rows, cols = draw(st.integers(1, 2)), draw(st.integers(2, 3))
    clean = Matrix(rows, cols, draw(st.lists(st.sampled_from([0, 0, 1, -1, 2, x, y]), min_size=rows * cols,
                                             max_size=rows * cols)))
    zero = draw(disguised_zeros(z))
    positions = draw(st.lists(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)), min_size=1, max_size=3))
    return clean, _disguise(clean, zero, positions)


@FAST
@given(disguised_matrices())
@example((Matrix([[0, x, 1]]), Matrix([[sp.cos(2 * z) - sp.cos(z)**2 + sp.sin(z)**2, x, 1]])))  # the reproducer
def test_chetaev_basis_has_the_right_size(matrices):
    clean, disguised = matrices
    try:
        basis = chetaev_virtual_displacements(disguised)
    except ZeroUndecided:
        return
    expected = clean.cols - clean.rank()
    assert len(basis) == expected, (disguised, basis)
    for v in basis:
        assert all(zero_state(e).is_zero is True for e in clean * v)
    if basis:
        assert Matrix.hstack(*basis).applyfunc(sp.simplify).rank() == expected


@FAST
@given(polynomials([x, y], 2, 2, min_terms=1, max_num=3, max_den=2), disguised_zeros(z),
       polynomials([x, y], 2, 2, min_terms=1, max_num=3, max_den=2))
@example(y + z, sp.sin(z)**2 + sp.cos(z)**2 - 1, x)  # f = x(sin² + cos²) − x + y + z (the reproducer)
def test_holonomic_basis_has_the_right_size(base, zero, factor):
    f = base + z + zero * factor
    try:
        basis = holonomic_virtual_displacements(f, [x, y, z])
    except ZeroUndecided:
        return
    gradient = Matrix([[sp.diff(base + z, s) for s in (x, y, z)]])
    assert len(basis) == 2
    for v in basis:
        assert all(zero_state(e).is_zero is True for e in gradient * v)
    assert Matrix.hstack(*basis).applyfunc(sp.simplify).rank() == 2


@FAST
@given(disguised_matrices())
def test_exact_rank_sees_disguised_zeros(matrices):
    clean, disguised = matrices
    try:
        assert exact_rank(disguised) == clean.rank()
    except ZeroUndecided:
        pass


@FAST
@given(st.integers(0, 2), disguised_zeros(z))
def test_translation_invariants_with_a_disguised_zero_entry(index, zero):
    a = [0, 0, 0]
    a[index] = 1
    a[(index + 1) % 3] = zero
    invariants = translation_invariants(a, [x, y, P])
    assert len(invariants) == 2
    with pytest.raises(ValueError):
        translation_invariants([zero, 0, 0], [x, y, P])


@FAST
@given(disguised_zeros(z), rationals(3, 2, nonzero=True))
def test_symmetric_positive_definite_with_a_disguised_asymmetry(zero, c):
    M = Matrix([[2, zero], [0, 2 + c**2]])
    assert is_symmetric_positive_definite(M) is True


def test_polynomial_first_integrals_with_parameters():
    a = Symbol("a", real=True)
    S = sp.sin(a)**2 + sp.cos(a)**2
    plain = polynomial_first_integrals([Matrix([1, 0, 0])], [x, y, z], 1)
    disguised = polynomial_first_integrals([Matrix([S, S - 1, 0])], [x, y, z], 1)
    assert len(plain) == len(disguised) == 2


# ---------------------------------------------------------------------------
# minor: a power with a dimensional exponent
# ---------------------------------------------------------------------------

@FAST
@given(st.integers(2, 9), rationals(3, 2, nonzero=True))
@example(2, Rational(1))  # Eq(x, l 2**t) (the reproducer)
def test_power_with_a_dimensional_exponent_fails(base, c):
    l, m, k = sp.symbols("l m k", positive=True)
    xf = Function("x")(t)
    dims = {t: TIME, l: LENGTH, m: MASS, k: MASS / TIME**2, xf: LENGTH}
    bad = is_dimensionally_homogeneous(Eq(xf, l * base**(c * t)), dims)
    assert bad.holds is False and "argument dimension" in bad.witness
    good = is_dimensionally_homogeneous(Eq(xf, l * base**(c * k * t**2 / m)), dims)
    assert good.holds is True
