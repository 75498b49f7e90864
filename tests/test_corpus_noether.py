"""Soundness tests for theorems.page1_variations.noether (seed 001's Noether statements and point symmetries).

Every verifier runs on its true claim (defined / proved / confirmed, every symbolic check proved) and on mutated
claims -- a wrong charge (the sign of the boost's t m q' term, a missing B), a potential that breaks the symmetry
offered as symmetric, a flipped sign, a dropped term, a wrong solution -- each of which must come out ``refuted``.
The hypothesis analysis (necessity witnesses) and the declared ``avoids`` of the Noether theorems are checked too.
"""
from __future__ import annotations

import functools

import networkx as nx
import pytest
import sympy as sp
from sympy import Function

from checker import run_verifier
from checker.kernel.items import registered
from checker.execution.loader import load
from theorems.page1_variations import noether as nt
from theorems.page1_variations import noether_point_symmetry as ps
from theorems.foundations.linalg import euclidean_inner_product
from theorems.symmetry import energy, noether_charge, total_derivative

ITEMS = {it.id: it for module in ("theorems.page1_variations.noether", "theorems.page1_variations.noether_point_symmetry") for it in registered(module)}
t, m, U0 = nt.t, nt.m, nt.U0

# (verifier, item, verdicts, smaller symbolic sizes for the test run; `verify` runs the defaults)
TRUE_CLAIMS = [
    (nt.check_potential_chart, nt.POTENTIAL_CHART, ("defined",), dict(dims=(1, 2))),
    (nt.check_translation, nt.TRANSLATION, ("proved",), dict(dims=(1, 2), generic_dims=(2,))),
    (nt.check_rotation, nt.ROTATION, ("proved",), {}),
    (nt.check_boost, nt.BOOST, ("proved",), dict(dims=(1, 2), generic_dims=(2,))),
    (nt.check_boost_identity, nt.BOOST_REMARK, ("proved",), dict(dims=(1, 2))),
    (nt.check_solution_constancy, "noether.solution_constancy_not_chart_symmetry", ("proved",), {}),
    (nt.check_confining_breaks_boost, "noether.confining_potential_breaks_boost", ("proved",), {}),
    (ps.check_point_symmetry_definition, nt.DEFINITION_19, ("defined",), dict(generic_dims=(1, 2))),
    (ps.check_first_order_reading, "noether.symmetry_identity_first_order_reading", ("proved",), dict(generic_dims=(1, 2))),
    (ps.check_constant_field_case, "noether.constant_field_translation_case", ("proved",), dict(dims=(1, 2))),
    (ps.check_total_derivative_operator, "noether.total_derivative_operator_Dt", ("proved",), dict(dims=(1,))),
    (ps.check_velocity_variation, "noether.velocity_variation_with_time_reparametrisation", ("proved",), dict(dims=(1,))),
    (ps.check_charge_conserved, nt.THEOREM_90, ("proved",), {}),
    (ps.check_time_reparametrisation, nt.THEOREM_91, ("proved",), {}),
    (ps.check_scope, nt.SCOPE_92, ("proved",), {}),
]
SIZES = {item_id: sizes for _, item_id, _, sizes in TRUE_CLAIMS}


@functools.lru_cache(maxsize=None)
def _true_run(verifier, item_id):
    it = ITEMS[item_id]
    return run_verifier(verifier, item=it, kind=it.kind, profile="quick", **SIZES[item_id])


def _mutated(verifier, item_id, **claim):
    it = ITEMS[item_id]
    return run_verifier(verifier, item=it, kind=it.kind, profile="quick", **claim)


def _refuted(run):
    assert run.verdict == "refuted", run
    return run


# ---------------------------------------------------------------------------
# the true claims
# ---------------------------------------------------------------------------

def test_every_item_of_the_module_is_covered():
    assert {item_id for _, item_id, _, _ in TRUE_CLAIMS} == {i for i, it in ITEMS.items() if it.verifier is not None}


@pytest.mark.parametrize("verifier, item_id, verdicts", [c[:3] for c in TRUE_CLAIMS], ids=[c[1] for c in TRUE_CLAIMS])
def test_true_claim_is_established(verifier, item_id, verdicts):
    run = _true_run(verifier, item_id)
    assert run.verdict in verdicts, run
    symbolic = [c for c in run.checks if c.method in ("symbolic", "proof script")]
    assert symbolic and all(c.outcome == "proved" for c in symbolic), run


@pytest.mark.parametrize("verifier, item_id, hypotheses", [
    (nt.check_translation, nt.TRANSLATION, (nt.H_TRANSLATION, nt.H_SOLUTION)),
    (nt.check_rotation, nt.ROTATION, (nt.H_ROTATION, nt.H_SOLUTION)),
    (nt.check_boost, nt.BOOST, (nt.H_TRANSLATION, nt.H_SOLUTION)),
    (ps.check_charge_conserved, nt.THEOREM_90, (nt.H_SYMMETRY, nt.H_SOLUTION)),
    (ps.check_time_reparametrisation, nt.THEOREM_91, (nt.H_REPARAMETRISED, nt.H_SOLUTION)),
])
def test_necessity_witnesses_are_accepted(verifier, item_id, hypotheses):
    run = _true_run(verifier, item_id)
    for h in hypotheses:
        assert run.hypothesis_status(h) == "necessary", run.hypotheses
    assert all(not h.problems for h in run.hypotheses)


def test_noether_theorems_avoid_the_reaction_postulate():
    corpus = load()
    for item_id in (nt.TRANSLATION, nt.ROTATION, nt.BOOST, nt.THEOREM_90, nt.THEOREM_91):
        assert ITEMS[item_id].avoids == (nt.REACTION_LAW,)
        assert nt.REACTION_LAW not in nx.descendants(corpus.graph, item_id)


def test_boost_remark_shows_the_time_dependence():
    run = _true_run(nt.check_boost_identity, nt.BOOST_REMARK)
    names = {c.name: c.outcome for c in run.checks}
    assert names["ξ = t a depends on t: ∂ξ/∂t = a ≠ 0"] == "proved"
    assert any(n.startswith("so it is not an instance of definition #19") and o == "proved" for n, o in names.items())


# ---------------------------------------------------------------------------
# mutations: each must be refuted
# ---------------------------------------------------------------------------

def _wrong_boost_charge(q, a, mass=m):
    """a·(−t m q' − m q): the sign of the t m q' term flipped."""
    return euclidean_inner_product(a, [-t * mass * c.diff(t) - mass * c for c in q])


def _boost_charge_missing_B_term(q, a, mass=m):
    """a·(t m q'): the −m q from B = m a·q dropped."""
    return euclidean_inner_product(a, [t * mass * c.diff(t) for c in q])


def _charge_missing_B(L, q, time, xi, B):
    return noether_charge(L, q, time, xi)


def _charge_energy_sign_flipped(L, q, time, xi, B, tau):
    """p·ξ + Eτ − B."""
    return noether_charge(L, q, time, xi, B) + energy(L, q, time) * tau


@pytest.mark.parametrize("claim", [dict(gradient_sign=-1, dims=(1,)), dict(mass_power=2, dims=())],
                         ids=["gradient sign", "mass factor"])
def test_potential_chart_mutations(claim):
    """The every-n claim checks decide (issue 38); the fixed-n supporting checks fail too, so the run is an error."""
    run = _mutated(nt.check_potential_chart, nt.POTENTIAL_CHART, **claim)
    assert run.verdict in ("refuted", "error"), run
    assert any(c.claim and c.outcome == "refuted" and c.name.startswith("every n") for c in run.checks), run


def test_translation_wrong_charge():
    _refuted(_mutated(nt.check_translation, nt.TRANSLATION, dims=(), random_dims=(),
                      charge=lambda q, a, mass=m: mass * euclidean_inner_product(a, q)))


def test_translation_breaking_potential_offered_as_symmetric():
    run = _refuted(_mutated(nt.check_translation, nt.TRANSLATION, dims=(), random_dims=(),
                            symmetric_potential=lambda q: U0(t, *q)))
    assert any(c.outcome == "refuted" and c.name.startswith("toolkit: (ξ, B) is a point symmetry") for c in run.checks)


def test_rotation_mutations():
    run = _refuted(_mutated(nt.check_rotation, nt.ROTATION, random_dims=(),
                            symmetric_potential=lambda q: U0(t, q[0], q[1]**2 + q[2]**2)))  # symmetric about e1
    assert any(c.outcome == "refuted" and "first integral" in c.name for c in run.checks)


@pytest.mark.parametrize("charge", [_wrong_boost_charge, _boost_charge_missing_B_term], ids=["t m q' sign", "missing B"])
def test_boost_wrong_charge(charge):
    _refuted(_mutated(nt.check_boost, nt.BOOST, charge=charge, dims=(), random_dims=()))


def test_boost_missing_B_in_the_generator():
    run = _refuted(_mutated(nt.check_boost, nt.BOOST, B=lambda q, a: 0, dims=(), random_dims=(), generic_dims=(2,)))
    assert any(c.outcome == "refuted" and c.name.startswith("n = 2, generic a: toolkit: (ξ, B)") for c in run.checks)
    _refuted(_mutated(nt.check_boost_identity, nt.BOOST_REMARK, B=lambda q, a: 0, dims=(), B_n=nt.MATRIX_NO_GAUGE))


def test_random_potentials_only_support_the_clauses():
    """The random polynomial potentials are supporting checks; the verdict comes from the symbolic claims."""
    for verifier, item_id in ((nt.check_translation, nt.TRANSLATION), (nt.check_boost, nt.BOOST),
                              (nt.check_rotation, nt.ROTATION)):
        run = _true_run(verifier, item_id)
        randomized = [c for c in run.checks if c.method == "randomized"]
        assert randomized and all(not c.claim for c in randomized), run
        claims = [c for c in run.checks if c.claim and not (c.role and c.role.get("analysis"))]
        assert claims and all(c.outcome == "proved" for c in claims), run


# ---------------------------------------------------------------------------
# every n: the MatrixSymbol identities
# ---------------------------------------------------------------------------

def _every_n(run):
    return {c.name: c for c in run.checks if c.name.startswith("every n:")}


def test_every_n_claims_are_proved_for_symbolic_n():
    for verifier, item_id, count in ((nt.check_translation, nt.TRANSLATION, 3), (nt.check_boost, nt.BOOST, 3),
                                     (nt.check_boost_identity, nt.BOOST_REMARK, 2)):
        checks = _every_n(_true_run(verifier, item_id))
        assert len(checks) == count and all(c.outcome == "proved" and "every size of n" in c.detail
                                            for c in checks.values()), checks


@pytest.mark.parametrize("verifier, item_id, claim", [
    (nt.check_translation, nt.TRANSLATION, dict(charge_n=lambda q, v, a: nt.m * a.T * q)),
    (nt.check_translation, nt.TRANSLATION, dict(charge_n=lambda q, v, a: 2 * nt.m * a.T * v)),
    (nt.check_translation, nt.TRANSLATION, dict(B_n=lambda q, a: nt.m * a.T * q)),
    (nt.check_boost, nt.BOOST, dict(charge_n=lambda q, v, a: -nt.m * nt.t * a.T * v - nt.m * a.T * q)),
    (nt.check_boost, nt.BOOST, dict(charge_n=lambda q, v, a: nt.m * nt.t * a.T * v)),
    (nt.check_boost, nt.BOOST, dict(B_n=nt.MATRIX_NO_GAUGE)),
], ids=["P = m a·q", "P doubled", "translation with B = m a·q", "K t-sign", "K missing B", "boost without B"])
def test_every_n_mutations_are_refuted(verifier, item_id, claim):
    run = _refuted(_mutated(verifier, item_id, dims=(), random_dims=(), generic_dims=(), **claim))
    every = _every_n(run)
    assert any(c.outcome == "refuted" for c in every.values()), run
    if "B_n" in claim:  # a wrong gauge term is caught by the residual identity itself
        assert [c.outcome for name, c in every.items() if "symmetry residual" in name] == ["refuted"]


def test_matrix_total_derivative_agrees_with_entries():
    """D_t of the matrix charges, at n = 2 written out entry by entry, is the chain rule on explicit jets."""
    n = 2
    q, v, w, a = (sp.Matrix(sp.symbols(f"{x}1:{n + 1}")) for x in ("q", "v", "w", "a"))
    explicit = {X.subs(nt.N_DIM, n): value for X, value in ((nt.QN, q), (nt.VN, v), (nt.WN, w), (nt.AN, a))}

    def entries(expr):
        return sp.expand(sp.Matrix(nt.scalar_form(expr).subs(nt.N_DIM, n).xreplace(explicit).doit())[0, 0])

    for charge in (nt.MATRIX_TRANSLATION_CHARGE, nt.MATRIX_BOOST_CHARGE):
        C = entries(charge(nt.QN, nt.VN, nt.AN))
        chain = sp.diff(C, t) + sum(sp.diff(C, x) * d for x, d in zip([*q, *v], [*v, *w]))
        assert sp.expand(entries(nt.matrix_total_derivative(charge(nt.QN, nt.VN, nt.AN))) - chain) == 0
    assert sp.expand(entries(nt.matrix_momentum_along(nt.AN)) - nt.m * (a.T * v)[0, 0]) == 0


@pytest.mark.parametrize("verifier, item_id, potential", [
    (nt.check_translation, nt.TRANSLATION, lambda q, a: nt.W(t, q[0])),
    (nt.check_boost, nt.BOOST, lambda q, a: nt.W(t, a[0] * q[1] - a[1] * q[0], q[0])),
    (nt.check_rotation, nt.ROTATION, lambda q, a: nt.W(t, euclidean_inner_product(a, q), q[0]**2 + q[1]**2)),
], ids=["translation", "boost", "rotation"])
def test_breaking_potential_offered_as_generic_invariant(verifier, item_id, potential):
    claim = dict(random_dims=(), invariant_potential=potential)
    if verifier is not nt.check_rotation:
        claim.update(dims=(), generic_dims=(2,))
    run = _refuted(_mutated(verifier, item_id, **claim))
    assert any(c.outcome == "refuted" and "generic a: toolkit" in c.name for c in run.checks), run


def test_solution_constancy_wrong_solution():
    omega = sp.sqrt(nt.k / m)
    _refuted(_mutated(nt.check_solution_constancy, "noether.solution_constancy_not_chart_symmetry",
                      solution=[sp.cos(omega * t), 0]))


def test_confining_counterexample_without_confinement():
    _refuted(_mutated(nt.check_confining_breaks_boost, "noether.confining_potential_breaks_boost",
                      stiffness=0, dims=(1,)))


@pytest.mark.parametrize("verifier, item_id, claim", [
    (ps.check_point_symmetry_definition, nt.DEFINITION_19, dict(B_sign=-1, generic_dims=())),
    (ps.check_first_order_reading, "noether.symmetry_identity_first_order_reading",
     dict(velocity_rule="v", generic_dims=())),
    (ps.check_constant_field_case, "noether.constant_field_translation_case", dict(q_dependent_gauge=0, dims=())),
    (ps.check_constant_field_case, "noether.constant_field_translation_case", dict(variation_sign=-1, dims=(2,))),
    (ps.check_total_derivative_operator, "noether.total_derivative_operator_Dt",
     dict(operator=lambda phi, q, time, v=None: total_derivative(phi, q, time, v=v) - sp.diff(phi, time),
          dims=())),
    (ps.check_velocity_variation, "noether.velocity_variation_with_time_reparametrisation", dict(sign=1, dims=())),
    (ps.check_charge_conserved, nt.THEOREM_90, dict(charge=_charge_missing_B, n_curves=(), proof_dims=())),
    (ps.check_time_reparametrisation, nt.THEOREM_91, dict(charge=_charge_energy_sign_flipped, n_jets=())),
    (ps.check_scope, nt.SCOPE_92, dict(stiffness=0)),
], ids=["#19 B sign", "#20 velocity rule", "#21 q-dependent B", "#21 variation sign", "#22 drop phi_t", "#23 sign",
       "#90 missing B",
        "#91 energy sign", "#92 no confinement"])
def test_remark_and_cited_mutations(verifier, item_id, claim):
    _refuted(_mutated(verifier, item_id, **claim))


def test_potential_chart_hypothesis_predicates():
    q = nt.coordinates(2)
    L = nt.potential_lagrangian(U0(t, *q), q)
    assert nt.H_POTENTIAL.holds_for((L, q))
    assert not nt.H_POTENTIAL.holds_for((L + q[0] * q[1].diff(t), q))
    assert nt.H_SOLUTION.holds_for((nt.potential_lagrangian(0, q), q, [t, 1]))
    assert not nt.H_SOLUTION.holds_for((nt.potential_lagrangian(0, q), q, [t**2, 1]))
    assert nt.H_TRANSLATION.holds_for((Function("V")(t, q[1]), q, [1, 0]))
    assert not nt.H_TRANSLATION.holds_for((Function("V")(t, q[0]), q, [1, 0]))


def test_scopes_of_the_every_n_items():
    """#19–#22 are checked for every n (opaque derivative values, issue 38), like the other every-n items: no scope."""
    for item_id in (nt.DEFINITION_19, "noether.symmetry_identity_first_order_reading",
                    "noether.constant_field_translation_case", "noether.total_derivative_operator_Dt",
                    nt.TRANSLATION, nt.BOOST, nt.BOOST_REMARK, "noether.velocity_variation_with_time_reparametrisation"):
        assert ITEMS[item_id].scope == ""


def test_velocity_variation_every_n():
    run = _true_run(ps.check_velocity_variation, "noether.velocity_variation_with_time_reparametrisation")
    checks = _every_n(run)
    assert len(checks) == 1 and all(c.outcome == "proved" and "every size of n" in c.detail for c in checks.values())
    wrong = _refuted(_mutated(ps.check_velocity_variation, "noether.velocity_variation_with_time_reparametrisation",
                              sign=1, dims=()))
    assert any(c.outcome == "refuted" and c.name.startswith("every n:") for c in wrong.checks)


def test_constant_field_generic_clause():
    run = _true_run(ps.check_constant_field_case, "noether.constant_field_translation_case")
    generic = [c for c in run.checks if "B = B(t)" in c.name and "d/ds|₀" in c.name]
    assert generic and all(c.outcome == "proved" for c in generic)
    # the every-n clause is the claim; the jet-Symbol checks at fixed n support it
    assert [c.claim for c in generic] == [c.name.startswith("every n:") for c in generic] and any(c.claim for c in generic)


@pytest.mark.parametrize("verifier, item_id, claim", [
    (ps.check_charge_conserved, nt.THEOREM_90,
     dict(charge_n=lambda Lv, xi, B, E, tau: Lv.T * xi, n_curves=(), proof_dims=())),
    (ps.check_time_reparametrisation, nt.THEOREM_91,
     dict(charge_n=lambda Lv, xi, B, E, tau: Lv.T * xi + E * tau - B, n_jets=())),
], ids=["#90 missing B", "#91 energy sign"])
def test_every_n_noether_identity_mutations(verifier, item_id, claim):
    run = _refuted(_mutated(verifier, item_id, **claim))
    assert any(c.outcome == "refuted" and c.name.startswith("every n:") for c in run.checks), run


def test_every_n_noether_identity_is_proved():
    for verifier, item_id in ((ps.check_charge_conserved, nt.THEOREM_90), (ps.check_time_reparametrisation, nt.THEOREM_91)):
        checks = _every_n(_true_run(verifier, item_id))
        assert len(checks) == 1 and all(c.outcome == "proved" and "every size of n" in c.detail for c in checks.values())
