"""Every public strategy draws instances of what it claims to model: each assumption of ``theorems.strategies.MODELS``
holds, by the assumption's own predicate (the one the kernel evaluates on necessity witnesses), on drawn instances;
the strategies that model no assumption with a predicate draw what their docstrings say."""
import importlib

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.execution.loader import load
from theorems.page3_velocity_constraints import holonomic_equivalence as he
from theorems import symmetry
from theorems.page3_velocity_constraints import velocity_constraint as vc
from theorems.page4_regular_constraints.holonomic_datum import HolonomicConstraintDatum
from theorems.strategies import (MODELS, full_row_rank_matrices, mass_operators, polynomial_forces,
                                 polynomial_vector_fields, polynomials, rational_matrices, rationals,
                                 regular_constraints, spd_matrices)

T = sp.Symbol("t", real=True)
XS = sp.symbols("x1:4", real=True)
CURVES = [sp.Function(f"x{i}", real=True)(T) for i in range(1, 4)]
DRAWS = settings(max_examples=20, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _constraint_at_origin(c):
    """The drawn constraint as a datum with (t, x) = (0, 0) offered as a point of its locus (checked on Σ, rank k)."""
    G = [sp.sympify(g).subs(dict(zip(CURVES, XS))) for g in c.G]
    return HolonomicConstraintDatum(G, XS, T, locus_points=[(0, (0, 0, 0))])


def _constraint_column(c):
    return sp.Matrix([sp.sympify(g).subs(dict(zip(CURVES, XS))) for g in c.G])


#: (strategy, assumption id, a strategy to draw from, the instance in the form the predicate takes)
CASES = [
    ("theorems.strategies.spd_matrices", a, st.integers(1, 3).flatmap(spd_matrices), lambda M: M)
    for a in MODELS["theorems.strategies.spd_matrices"]
] + [
    ("theorems.strategies.mass_operators", a, st.integers(1, 2).flatmap(mass_operators), lambda M: M)
    for a in MODELS["theorems.strategies.mass_operators"]
] + [
    ("theorems.strategies.full_row_rank_matrices", "linalg.A_full_row_rank",
     st.integers(1, 3).flatmap(lambda k: full_row_rank_matrices(k, 3)), lambda A: A),
    ("theorems.strategies.full_row_rank_matrices", "velocity_constraint.constant_rank",
     st.integers(1, 3).flatmap(lambda k: full_row_rank_matrices(k, 4)), lambda A: A),
    ("theorems.strategies.polynomials", "holonomic.chart_constraint_C2", polynomials(XS), lambda p: [p]),
    ("theorems.strategies.polynomial_vector_fields", "holonomic.chart_constraint_C2", polynomial_vector_fields(XS),
     lambda field: field),
    ("theorems.strategies.regular_constraints", "holonomic.locus_nonempty",
     st.integers(1, 2).flatmap(lambda k: regular_constraints(CURVES, T, k)), _constraint_at_origin),
    ("theorems.strategies.regular_constraints", "holonomic.chart_constraint_C2",
     st.integers(1, 2).flatmap(lambda k: regular_constraints(CURVES, T, k)), _constraint_column),
    ("theorems.page3_velocity_constraints.holonomic_equivalence.integrable_data", "velocity_constraint.re_presentation_rho_invertible",
     st.integers(1, 2).flatmap(lambda k: he.integrable_data(k, XS, he.t)), lambda d: d.rho),
    ("theorems.page3_velocity_constraints.holonomic_equivalence.integrable_data", "velocity_constraint.data_C2",
     st.integers(1, 2).flatmap(lambda k: he.integrable_data(k, XS, he.t)), lambda d: (d.A, d.b, [d.time, *d.coords])),
    ("theorems.page3_velocity_constraints.holonomic_equivalence.contact_data", "velocity_constraint.data_C2",
     he.contact_data(1, XS, he.t), lambda d: (d.A, d.b, [d.time, *d.coords])),
    ("theorems.page3_velocity_constraints.velocity_constraint.datum_instances", "velocity_constraint.constant_rank",
     vc.datum_instances(), lambda d: (d["A"], d["coords"], vc.t, d["chart"])),
    ("theorems.page3_velocity_constraints.velocity_constraint.datum_instances", "velocity_constraint.data_C2",
     vc.datum_instances(), lambda d: (d["A"], sp.zeros(d["A"].rows, 1), [vc.t, *d["coords"]])),
    ("theorems.symmetry.invariant_potentials", "noether.h_translation_invariant_potential",
     st.sampled_from([(1, 0, 0), (0, 1, 1), (1, -2, 3)]).flatmap(
         lambda a: st.tuples(symmetry.invariant_potentials(symmetry.translation_invariants(a, XS), T), st.just(a))),
     lambda drawn: (drawn[0], list(XS), list(drawn[1]))),
]
#: public strategies that model no assumption with a predicate, and the test of what they draw
NO_PREDICATE = {"theorems.strategies.rationals": "test_rationals_and_rational_matrices_are_exact",
                "theorems.strategies.rational_matrices": "test_rationals_and_rational_matrices_are_exact",
                "theorems.strategies.polynomial_forces": "test_polynomial_forces_are_polynomial_fields"}
TOOLKIT_STRATEGIES = ["theorems.page3_velocity_constraints.holonomic_equivalence.integrable_data", "theorems.page3_velocity_constraints.holonomic_equivalence.contact_data",
                      "theorems.page3_velocity_constraints.velocity_constraint.datum_instances", "theorems.symmetry.invariant_potentials"]


@pytest.fixture(scope="module")
def assumptions():
    return load().assumptions


def test_every_public_strategy_is_tested_against_what_it_models():
    strategies = importlib.import_module("theorems.strategies")
    public = {f"theorems.strategies.{name}" for name in strategies.__all__
              if name not in ("ConstraintInstance", "MODELS")} | set(TOOLKIT_STRATEGIES)
    assert public == set(MODELS) | set(NO_PREDICATE)
    assert not set(MODELS) & set(NO_PREDICATE)
    for name in public:
        module, _, attr = name.rpartition(".")
        assert callable(getattr(importlib.import_module(module), attr)), name
    claimed = {(name, a) for name, ids in MODELS.items() for a in ids}
    assert claimed == {(name, a) for name, a, _, _ in CASES}
    for test in NO_PREDICATE.values():
        assert test in globals()


def test_every_claimed_assumption_has_a_predicate(assumptions):
    for name, ids in MODELS.items():
        for a in ids:
            assert a in assumptions, f"{name} claims the unknown assumption {a}"
            assert assumptions[a].predicate is not None, f"{name} claims {a}, which has no predicate"


@pytest.mark.parametrize("name, assumption_id, strategy, instance", CASES,
                         ids=[f"{n.rsplit('.', 1)[1]}-{a}" for n, a, _, _ in CASES])
def test_instances_satisfy_the_predicate_of_what_the_strategy_models(assumptions, name, assumption_id, strategy,
                                                                     instance):
    assumption = assumptions[assumption_id]

    @DRAWS
    @given(strategy)
    def holds(drawn):
        assert assumption.holds_for(instance(drawn)), f"{name} drew {drawn!r}, which violates {assumption_id}"

    holds()


@DRAWS
@given(c=st.integers(1, 2).flatmap(lambda k: regular_constraints(CURVES, T, k)))
def test_regular_constraints_come_with_consistent_data(c):
    """G(0, 0) = 0 and G_t(0, 0) + D_xG(0, 0)·v0 = 0: (0, 0, v0) is admissible data, with v0 ≠ 0."""
    G = _constraint_column(c)
    origin = {T: 0, **{x: 0 for x in XS}}
    assert G.subs(origin) == sp.zeros(G.rows, 1)
    velocity = G.jacobian(XS).subs(origin) * sp.Matrix(c.v0) + G.diff(T).subs(origin)
    assert velocity == sp.zeros(G.rows, 1) and any(v != 0 for v in c.v0)


@DRAWS
@given(F=polynomial_forces(T, XS, sp.symbols("v1:4", real=True)))
def test_polynomial_forces_are_polynomial_fields(F):
    variables = [T, *XS, *sp.symbols("v1:4", real=True)]
    assert len(F) == 3
    assert all(sp.sympify(f).is_polynomial(*variables) and sp.Poly(f, *variables).total_degree() <= 2 for f in F)


# what the strategies draw beyond the predicates (moved here from test_toolkit.py)

@DRAWS
@given(M=st.integers(1, 4).flatmap(spd_matrices))
def test_spd_matrices_are_symmetric_positive_definite(M):
    assert M == M.T
    assert all(M[:k, :k].det() > 0 for k in range(1, M.rows + 1))


@DRAWS
@given(data=st.data())
def test_full_row_rank_matrices_have_rank_k(data):
    n = data.draw(st.integers(1, 4))
    k = data.draw(st.integers(0, n))
    M = data.draw(full_row_rank_matrices(k, n, max_num=2, max_den=1))
    assert M.shape == (k, n) and M.rank() == k


@DRAWS
@given(r=rationals(nonzero=True), M=rational_matrices(2, 3))
def test_rationals_and_rational_matrices_are_exact(r, M):
    assert isinstance(r, sp.Rational) and r != 0
    assert M.shape == (2, 3) and all(isinstance(e, sp.Rational) for e in M)


@DRAWS
@given(p=polynomials(XS[:2], max_degree=2, max_terms=3, min_terms=1))
def test_polynomials_respect_degree_and_are_nonzero(p):
    assert p != 0
    assert sp.Poly(p, *XS[:2]).total_degree() <= 2
