"""Soundness tests for theorems.page3_velocity_constraints.velocity_constraint (seed 003's velocity-constraint datum and d'Alembert model).

Every verifier is run on its true claim (it must come out defined / proved / confirmed, every symbolic check proved,
its hypothesis analysis as claimed and without problems) and on mutated claims -- a flipped sign, a dropped term, a
wrong factor, the wrong multiplier law μ ↦ ρμ, a dropped hypothesis, a wrong witness -- each of which must come out
``refuted`` (a broken checked proof must not be ``proved``; a wrong necessity witness must be rejected).  All runs use
the ``quick`` profile.  Property-based tests exercise the constructions (rank decision, admissible velocities,
re-presentation, curves) directly.
"""
from __future__ import annotations

from corpus_helpers import outcomes

import dataclasses
import functools

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Matrix, Rational

from checker import Decision, run_verifier
from checker.kernel.items import registered
from theorems.page3_velocity_constraints import velocity_constraint as vc
from theorems.page1_variations.holonomic_chart import WHOLE_SPACE, Chart
from theorems.page4_regular_constraints.holonomic_datum import HolonomicConstraintDatum, mass_operator
from theorems.foundations.linalg import transpose_multiplier
from theorems.strategies import full_row_rank_matrices, rational_matrices

import theorems.page3_velocity_constraints.velocity_constraint_cited  # noqa: E402,F401  (topic modules of theorems.page3_velocity_constraints.velocity_constraint)
import theorems.page3_velocity_constraints.velocity_constraint_multipliers  # noqa: E402,F401
import theorems.page3_velocity_constraints.velocity_constraint_remarks  # noqa: E402,F401

MODULES = ("theorems.page3_velocity_constraints.velocity_constraint", "theorems.page3_velocity_constraints.velocity_constraint_multipliers",
           "theorems.page3_velocity_constraints.velocity_constraint_remarks", "theorems.page3_velocity_constraints.velocity_constraint_cited")
ITEMS = {it.id: it for module in MODULES for it in registered(module)}
t, x1, x2, x3 = vc.t, vc.x1, vc.x2, vc.x3
R3 = (x1, x2, x3)

CATALOGUE = {
    "velocity_constraint.datum_definition": "definition",
    "velocity_constraint.admissible_velocities_affine": "lemma",
    "velocity_constraint.kinematically_admissible_curve": "definition",
    "velocity_constraint.dalembert_model_definition": "definition",
    "velocity_constraint.ideal_reaction_adoption": "postulate",
    "velocity_constraint.multiplier_form": "lemma",
    "velocity_constraint.re_presentation_invariance": "lemma",
    "velocity_constraint.scope_exclusions": "remark",
    "velocity_constraint.holonomic_to_velocity_not_conversely": "remark",
    "velocity_constraint.rolling_models_distinct": "remark",
    "postulate.adopted_force_model": "cited",
    "definition.configuration_domain_mass_operator": "cited",
    "units.dimensions_si_conventions": "cited",
    "kinematics.coordinate_velocity_acceleration": "cited",
    "calculus.vector_valued_derivative_riemann_integral": "cited",
    "linalg.linear_map": "cited",
    "linalg.general_linear_group": "cited",
    "frames.inertial_frames_galilean_transformations": "cited",
    "examples.companion_pages": "cited",
}
TEXT_ONLY = {"velocity_constraint.ideal_reaction_adoption", "velocity_constraint.rolling_models_distinct",
             "postulate.adopted_force_model", "units.dimensions_si_conventions",
             "kinematics.coordinate_velocity_acceleration", "calculus.vector_valued_derivative_riemann_integral",
             "frames.inertial_frames_galilean_transformations", "examples.companion_pages"}
VERIFIERS = {
    "velocity_constraint.datum_definition": vc.check_datum_definition,
    "velocity_constraint.admissible_velocities_affine": vc.check_admissible_velocities,
    "velocity_constraint.kinematically_admissible_curve": vc.check_kinematically_admissible_curve,
    "velocity_constraint.dalembert_model_definition": vc.check_dalembert_model_definition,
    "velocity_constraint.multiplier_form": vc.check_multiplier_form,
    "velocity_constraint.re_presentation_invariance": vc.check_re_presentation,
    "velocity_constraint.scope_exclusions": vc.check_scope_exclusions,
    "velocity_constraint.holonomic_to_velocity_not_conversely": vc.check_holonomic_to_velocity,
    "definition.configuration_domain_mass_operator": vc.check_mass_operator,
    "linalg.linear_map": vc.check_linear_map,
    "linalg.general_linear_group": vc.check_general_linear_group,
}
ESTABLISHED = {"definition": ("defined",), "lemma": ("proved", "confirmed"), "remark": ("proved", "confirmed"),
               "cited": ("proved", "confirmed")}


def _run(item_id, profile="quick", **claim):
    it = ITEMS[item_id]
    return run_verifier(VERIFIERS[item_id], kind=it.kind, item=it, profile=profile, **claim)


@functools.lru_cache(maxsize=None)
def _true_run(item_id):
    return _run(item_id)


_outcomes = outcomes


# ---------------------------------------------------------------------------
# the registered items
# ---------------------------------------------------------------------------

def test_items_registered_with_catalogue_ids():
    assert {i: it.kind for i, it in ITEMS.items()} == CATALOGUE
    for item_id, it in ITEMS.items():
        assert it.title and it.statement and it.source, it
        assert (it.verifier is None) == (item_id in TEXT_ONLY), it
        if it.kind == "cited":
            assert it.cited_kind and it.source.startswith("cited:"), it
        else:
            assert it.source.startswith("seed 003_c763788c7bc283aa.txt"), it
    postulate = ITEMS["velocity_constraint.ideal_reaction_adoption"]
    assert postulate.assumption is vc.IDEAL_REACTION_ADOPTION and postulate.assumption.kind == "postulate"
    assert vc.IDEAL_REACTION_ADOPTION.id != "holonomic.ideal_reaction_law"
    for item_id in ("velocity_constraint.dalembert_model_definition", "velocity_constraint.multiplier_form"):
        assert vc.IDEAL_REACTION_ADOPTION in ITEMS[item_id].assumes
    assert "linalg.rank_nullity" in ITEMS["velocity_constraint.admissible_velocities_affine"].uses
    assert "linalg.annihilator_of_kernel_transpose_multiple" in ITEMS["velocity_constraint.multiplier_form"].uses
    assert "constraints.multiplier_presentation_dependence" in ITEMS["velocity_constraint.re_presentation_invariance"].uses
    assert "velocity_constraint.zxy_not_holonomic_equivalent" in \
        ITEMS["velocity_constraint.holonomic_to_velocity_not_conversely"].uses
    assert {h.id for h in ITEMS["velocity_constraint.datum_definition"].assumes} == {
        "velocity_constraint.constant_rank", "velocity_constraint.data_C2"}


# ---------------------------------------------------------------------------
# the true claims pass, with the hypothesis analysis they claim
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("item_id", sorted(VERIFIERS))
def test_true_claim_is_established(item_id):
    run = _true_run(item_id)
    assert run.verdict in ESTABLISHED[ITEMS[item_id].kind], run
    assert all(c.outcome == "proved" for c in run.checks if c.method in ("symbolic", "proof script")), run
    assert all(not h.problems for h in run.hypotheses), [h.to_dict() for h in run.hypotheses]


def test_hypothesis_analysis():
    affine = _true_run("velocity_constraint.admissible_velocities_affine")
    assert affine.hypothesis_status(vc.H_CONSTANT_RANK) == "necessary"
    multiplier = _true_run("velocity_constraint.multiplier_form")
    assert multiplier.hypothesis_status(vc.H_CONSTANT_RANK) == "necessary"
    assert multiplier.hypothesis_status(vc.IDEAL_REACTION_ADOPTION) == "not needed"
    representation = _true_run("velocity_constraint.re_presentation_invariance")
    assert representation.hypothesis_status(vc.H_RHO_INVERTIBLE) == "necessary"
    assert representation.hypothesis_status(vc.H_CONSTANT_RANK) == "not analysed"


def test_wrong_necessity_witness_is_rejected():
    """b = 0 at the rank drop: the admissible set is not empty, so that witness of 'empty' is rejected."""
    run = _run("velocity_constraint.admissible_velocities_affine", samples=0, sizes=(),
               rank_witness=(vc.RANK_DROP_A, (0,), vc.RANK_DROP_POINT))
    status = [h for h in run.hypotheses if h.assumption == vc.H_CONSTANT_RANK.id][0]
    assert status.problems and "rejected" in status.problems[0]
    # the second witness (dim ker A = 3 > 2) still holds, so the hypothesis stays necessary
    assert status.status == "necessary"


def test_re_presentation_proofs_are_checked_step_by_step():
    run = _run("velocity_constraint.re_presentation_invariance", profile="default")  # every size of the sweep
    proofs = [c for c in run.checks if c.method == "proof script"]
    assert len(proofs) == 1 + 4 + 2 + 5  # k' = 1: law + 4 rows; k' = 2: 2 law rows + 5 rows
    assert all(c.outcome == "proved" and c.steps for c in proofs)


# ---------------------------------------------------------------------------
# mutated claims are refuted
# ---------------------------------------------------------------------------

def _rank_at_one_point(A, b, coords, time, chart):
    """A constructor that only checks the rank at (0, 1, ..., 1): accepts data with rank loss elsewhere."""
    A = Matrix(A)
    point = {time: 0, **{c: 1 for c in coords}}
    if not 1 <= A.rows <= len(coords) - 1 or A.xreplace(point).rank() < A.rows or len(coords) % 3:
        raise ValueError("rejected")
    return vc.VelocityConstraintDatum(A, vc._column(b), tuple(coords), time, chart, Decision(True))


def _allow_full_rank_square(A, b, coords, time, chart):
    A = Matrix(A)
    if A.rows == len(coords) and A.rows:
        return vc.VelocityConstraintDatum(A, vc._column(b), tuple(coords), time, chart, Decision(True))
    return vc.velocity_constraint_datum(A, b, coords, time, chart)


def _law_minus_b(datum, t0, x0, w):
    return datum.at(datum.A, t0, x0) * Matrix(w) - datum.at(datum.b, t0, x0)


def _ignoring_b(datum, curve, interval):
    return dataclasses.replace(datum, b=sp.zeros(datum.k, 1)).is_kinematically_admissible(curve, interval)


def _ignoring_chart(datum, curve, interval):
    return dataclasses.replace(datum, chart=WHOLE_SPACE).is_kinematically_admissible(curve, interval)


def _closed_interval(datum, curve, interval):
    lo, hi = interval
    return datum.is_kinematically_admissible(curve, (lo - Rational(1, 10), hi + Rational(1, 10)))


def _degenerate_allowed(datum, curve, interval):
    lo, hi = interval
    return datum.is_kinematically_admissible(curve, interval if lo < hi else (lo, lo + 1))


def _row_space_ideal(datum, R, curve):
    A = datum.along(datum.A, curve)
    return all(sp.simplify((R.T * A.T)[0, j]) == 0 for j in range(A.rows))


def _negated_time_law(holonomic):
    return holonomic.jacobian, -holonomic.time_derivative


def _no_positivity_check(masses):
    return sp.diag(*[sp.sympify(mi) for mi in masses for _ in range(3)])


FAST_41 = dict(samples=0)
MUTATIONS = [
    ("datum: rank checked at one point only", "velocity_constraint.datum_definition",
     dict(construct=_rank_at_one_point, **FAST_41)),
    ("datum: k' = 3N allowed", "velocity_constraint.datum_definition", dict(construct=_allow_full_rank_square, **FAST_41)),
    ("datum: law A w − b", "velocity_constraint.datum_definition", dict(law=_law_minus_b, **FAST_41)),
    ("affine: v0 sign flipped", "velocity_constraint.admissible_velocities_affine",
     dict(particular=lambda A, b: -vc.particular_admissible_velocity(A, b), sizes=(), samples=0)),
    ("affine: dimension 3N − k' + 1", "velocity_constraint.admissible_velocities_affine",
     dict(dimension=lambda n, k: n - k + 1, sizes=(), samples=0)),
    ("affine: row space as directions", "velocity_constraint.admissible_velocities_affine",
     dict(directions=lambda A, b=None: [A.T[:, i] for i in range(A.rows)], sizes=(), samples=0)),
    ("affine: rank hypothesis dropped", "velocity_constraint.admissible_velocities_affine",
     dict(rank_hypothesis=False, sizes=(), samples=0)),
    ("curve: b dropped from the law", "velocity_constraint.kinematically_admissible_curve", dict(decide=_ignoring_b)),
    ("curve: O_v ignored", "velocity_constraint.kinematically_admissible_curve", dict(decide=_ignoring_chart)),
    ("curve: closed interval", "velocity_constraint.kinematically_admissible_curve", dict(decide=_closed_interval)),
    ("curve: degenerate J accepted", "velocity_constraint.kinematically_admissible_curve",
     dict(decide=_degenerate_allowed)),
    ("model: Mx'' = F − Aᵀμ", "velocity_constraint.dalembert_model_definition", dict(reaction_sign=-1, toolkit=False)),
    ("model: ideal means R ⟂ row space", "velocity_constraint.dalembert_model_definition",
     dict(ideal=_row_space_ideal, toolkit=False)),
    ("multiplier: 2μ", "velocity_constraint.multiplier_form",
     dict(multiplier=lambda A, R: 2 * transpose_multiplier(A, R), sizes=(), samples=0)),
    ("multiplier: μ = AR (no Gram inverse)", "velocity_constraint.multiplier_form",
     dict(multiplier=lambda A, R: A * R, sizes=(), samples=0)),
    ("multiplier: rank hypothesis dropped", "velocity_constraint.multiplier_form",
     dict(rank_hypothesis=False, sizes=(), samples=0)),
    ("re-presentation: μ' = ρμ (fixed instance)", "velocity_constraint.re_presentation_invariance",
     dict(transform=lambda rho, mu: rho * mu, sizes=(), samples=0, datum_instance=False)),
    ("re-presentation: μ' = ρ⁻¹μ (no transpose)", "velocity_constraint.re_presentation_invariance",
     dict(transform=lambda rho, mu: rho.LUsolve(mu), sizes=(), samples=0, datum_instance=False)),
    ("re-presentation: μ' = μ", "velocity_constraint.re_presentation_invariance",
     dict(transform=lambda rho, mu: mu, sizes=(), samples=0)),
    ("re-presentation: ρ not invertible", "velocity_constraint.re_presentation_invariance",
     dict(require_invertible=False, sizes=(), samples=0, datum_instance=False)),
    ("scope: A M⁻¹Aᵀ = x1² m1", "velocity_constraint.scope_exclusions",
     dict(degeneration=lambda m1, s: s**2 * m1, samples=0)),
    ("scope: limit 1/m1", "velocity_constraint.scope_exclusions",
     dict(degeneration=lambda m1, s: s**2 / m1, limit_value=1, samples=0)),
    ("holonomic→velocity: b = −G_t", "velocity_constraint.holonomic_to_velocity_not_conversely",
     dict(law=_negated_time_law, generic=False)),
    ("holonomic→velocity (every size): b = −G_t", "velocity_constraint.holonomic_to_velocity_not_conversely",
     dict(law_formula=lambda J, G_t: (J, -G_t))),
    ("holonomic→velocity (every size): A = 2D_xG", "velocity_constraint.holonomic_to_velocity_not_conversely",
     dict(law_formula=lambda J, G_t: (2 * J, G_t))),
    ("holonomic→velocity: extra motion on Σ", "velocity_constraint.holonomic_to_velocity_not_conversely",
     dict(radius=1)),
    ("holonomic→velocity: rank on the whole space", "velocity_constraint.holonomic_to_velocity_not_conversely",
     dict(cubic_chart=WHOLE_SPACE)),
    ("holonomic→velocity: integrable converse witness", "velocity_constraint.holonomic_to_velocity_not_conversely",
     dict(converse_row=Matrix([[0, 0, 1]]))),
    ("mass operator: −M", "definition.configuration_domain_mass_operator",
     dict(build=lambda ms: -mass_operator(ms), samples=0, quadratic_form=False)),
    ("mass operator: m_i = 0 accepted", "definition.configuration_domain_mass_operator",
     dict(build=_no_positivity_check, samples=0)),
    ("linear map: affine v ↦ Av + 1", "linalg.linear_map",
     dict(apply=lambda A, v: A * v + sp.ones(A.rows, 1), symbolic=False)),
    ("GL: (AB)⁻¹ = A⁻¹B⁻¹", "linalg.general_linear_group",
     dict(inverse_of_product=lambda A, B: A.LUsolve(B.LUsolve(sp.eye(A.rows))), samples=0)),
    # the every-size (symbolic shape) claims: a wrong formula must be refuted there alone
    ("affine (every size): v0 = +Aᵀ(AAᵀ)⁻¹b", "velocity_constraint.admissible_velocities_affine",
     dict(v0_formula=lambda A, b: A.T * (A * A.T).I * b, sizes=(), samples=0)),
    ("affine (every size): v0 = −Aᵀb (no Gram inverse)", "velocity_constraint.admissible_velocities_affine",
     dict(v0_formula=lambda A, b: -A.T * b, sizes=(), samples=0)),
    ("affine (every size): dimension 3N − k' − 1", "velocity_constraint.admissible_velocities_affine",
     dict(dimension=lambda n, k: n - k - 1, sizes=(), samples=0)),
    ("multiplier (every size): μ = 2(AAᵀ)⁻¹AR", "velocity_constraint.multiplier_form",
     dict(multiplier_formula=lambda A, R: 2 * (A * A.T).I * A * R, sizes=(), samples=0)),
    ("multiplier (every size): μ = AR (no Gram inverse)", "velocity_constraint.multiplier_form",
     dict(multiplier_formula=lambda A, R: A * R, sizes=(), samples=0)),
    ("re-presentation (every size): μ' = ρμ", "velocity_constraint.re_presentation_invariance",
     dict(transform_formula=lambda rho, mu: rho * mu, sizes=(), samples=0, datum_instance=False)),
    ("re-presentation (every size): μ' = ρ⁻¹μ", "velocity_constraint.re_presentation_invariance",
     dict(transform_formula=lambda rho, mu: rho.I * mu, sizes=(), samples=0, datum_instance=False)),
    ("scope (every size): zero-row factor s", "velocity_constraint.scope_exclusions",
     dict(zero_row_factor=lambda s: s, samples=0)),
    ("GL (every size): (AB)⁻¹ = A⁻¹B⁻¹", "linalg.general_linear_group",
     dict(inverse_of_product_formula=lambda A, B: A.I * B.I, samples=0)),
]

@pytest.mark.parametrize("label, item_id, claim", MUTATIONS, ids=[m_[0] for m_ in MUTATIONS])
def test_mutated_claim_is_refuted(label, item_id, claim):
    run = _run(item_id, **claim)
    assert run.verdict == "refuted", run


EVERY_SIZE_ITEMS = ["velocity_constraint.admissible_velocities_affine", "velocity_constraint.multiplier_form",
                    "velocity_constraint.re_presentation_invariance", "velocity_constraint.scope_exclusions",
                    "linalg.general_linear_group"]


@pytest.mark.parametrize("item_id", EVERY_SIZE_ITEMS)
def test_proved_for_every_size_and_randomized_checks_only_support(item_id):
    """The statement is decided by identities of symbolic shape proved for every size; no randomized check is a claim."""
    run = _true_run(item_id)
    assert run.verdict == "proved", run
    every = [c for c in run.checks if c.claim and "reduces to the zero matrix for every size" in c.detail]
    assert every and all(c.outcome == "proved" for c in every), run
    assert all(not c.claim for c in run.checks if c.method == "randomized"), run


def test_mass_operator_scope_and_symbolic_sylvester():
    run = _true_run("definition.configuration_domain_mass_operator")
    """Every N by induction (issue 38): no declared scope; the symbolic Sylvester checks at N <= 3 still pass."""
    assert run.verdict == "proved" and ITEMS["definition.configuration_domain_mass_operator"].scope == ""
    assert _outcomes(run, "𝖬 is symmetric positive definite for every positive") == ["proved"] * 3
    assert _outcomes(run, "step (definite, y != 0)") == ["proved"]


def test_wrong_multiplier_law_breaks_the_symbolic_identity():
    """μ' = ρμ (the wrong law): the datum instance (a claim) is refuted; the symbolic identity ρᵀμ' = μ at a fixed
    size (supporting since issue 38: the every-size identities decide) is refuted too, so the item is an error."""
    run = _run("velocity_constraint.re_presentation_invariance", transform=lambda rho, mu: rho * mu, sizes=(),
               samples=0)
    assert run.verdict == "refuted"
    assert _outcomes(run, "z' = xy' re-presented") == ["refuted"]
    run = _run("velocity_constraint.re_presentation_invariance", transform=lambda rho, mu: rho * mu, sizes=((1, 3),),
               samples=0)
    assert run.verdict == "error"
    assert _outcomes(run, "the claimed law") == ["refuted"]
    assert not [c for c in run.checks if c.claim and c.name.startswith("the claimed law")]


def test_dropped_rank_hypothesis_in_the_multiplier_lemma_is_seen_by_the_random_part():
    run = _run("velocity_constraint.multiplier_form", rank_hypothesis=False, sizes=(), samples=8,
               profile="default")  # a supporting search: the quick profile does not run it
    assert _outcomes(run, "R ⟂ ker A ⇔") == ["refuted"]
    assert run.verdict in ("refuted", "error")  # a refuted supporting check is an error of the item


def test_randomized_support_sees_a_wrong_direction_basis():
    """The supporting random instances still catch a wrong toolkit (the item is then an error, not proved)."""
    run = _run("velocity_constraint.admissible_velocities_affine", profile="default",  # quick skips supporting searches
               directions=lambda A, b=None: [A.T[:, i] for i in range(A.rows)], sizes=(), samples=5, every_size=False)
    assert _outcomes(run, "Av + b = 0 is solvable") == ["refuted"] and run.verdict == "error"


# ---------------------------------------------------------------------------
# the constructions
# ---------------------------------------------------------------------------

def test_constructor_rejections_and_witnesses():
    with pytest.raises(vc.RankDeficientDatum) as info:
        vc.velocity_constraint_datum(Matrix([[x1, 0, 0]]), [1], R3, t)
    assert sp.sympify(info.value.witness["x1"]) == 0
    with pytest.raises(ValueError):
        vc.velocity_constraint_datum(sp.eye(3), [0, 0, 0], R3, t)  # k' = 3N
    with pytest.raises(ValueError):
        vc.velocity_constraint_datum(Matrix([[1, 0, 0]]), [0, 0], R3, t)  # b of the wrong length
    with pytest.raises(TypeError):
        vc.velocity_constraint_datum(Matrix([[1, 0, 0]]), [0], (x1, x1, x2), t)  # repeated coordinate
    with pytest.raises(ValueError):
        vc.velocity_constraint_datum(Matrix([[1, 0, 0, 0]]), [0], vc.X[:4], t)  # 3N = 4
    datum = vc.velocity_constraint_datum(Matrix([[x1, 0, 0]]), [1], R3, t, Chart("x1 ≠ 0", (x1,)))
    assert datum.k == 1 and datum.n == 3 and datum.particles == 1


def test_rank_decision_on_a_moving_rank_loss_set():
    A = Matrix([[1, t, 0], [x3, 1, 0]])
    decision = vc.rank_everywhere(A, R3, t)
    assert not decision
    point = {s: sp.sympify(decision.witness[s.name]) for s in (t, *R3)}
    assert sp.expand(t * x3 - 1).xreplace(point) == 0 and A.xreplace(point).rank() == 1
    assert vc.rank_everywhere(A, R3, t, Chart("t x3 ≠ 1", (t * x3 - 1,)))
    assert vc.rank_everywhere(sp.eye(2).row_join(sp.zeros(2, 1)), R3, t).certificate == {"rank": 2}


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(vc.datum_instances())
def test_planted_rank_loss_is_found_exactly(instance):
    decision = vc.rank_everywhere(instance["A"], instance["coords"], t)
    assert not decision
    point = {s: sp.sympify(decision.witness.get(s.name, 0)) for s in (t, *instance["coords"])}
    assert instance["A"].xreplace(point).rank() < instance["k"]
    assert not instance["chart"].contains(point)  # on the planted set
    assert vc.rank_everywhere(instance["A"], instance["coords"], t, instance["chart"])


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([(1, 3), (2, 3), (2, 6), (5, 6)]).flatmap(
    lambda s: st.tuples(full_row_rank_matrices(*s, 4, 2), rational_matrices(s[0], 1, 4, 2))))
def test_particular_velocity_is_admissible_and_orthogonal_to_the_kernel(data):
    A, b = data
    space = vc.admissible_velocities(A, b)
    assert (A * space.particular + b).is_zero_matrix
    assert space.dimension == A.cols - A.rows
    assert all((space.particular.T * d)[0, 0] == 0 for d in space.directions)  # least norm: v0 ⟂ ker A
    assert (A * space.element(range(1, space.dimension + 1)) + b).is_zero_matrix
    assert vc.solve_velocity_law(A, b).certificate["dimension"] == space.dimension


def test_rank_deficient_law_is_empty_or_too_large():
    assert not vc.solve_velocity_law(Matrix([[0, 0, 0]]), [1])
    assert vc.solve_velocity_law(Matrix([[0, 0, 0]]), [0]).certificate["dimension"] == 3
    with pytest.raises(ValueError):
        vc.particular_admissible_velocity(Matrix([[1, 0, 0], [2, 0, 0]]), [0, 1])


@settings(max_examples=20, deadline=None)
@given(rational_matrices(2, 2, 3, 2).filter(lambda r: r.det() != 0), full_row_rank_matrices(2, 3, 3, 2),
       rational_matrices(2, 1, 3, 2))
def test_inverse_transpose_law_keeps_the_reaction(rho, A, mu):
    R = A.T * mu
    new = vc.re_presented_multiplier(rho, mu)
    assert (rho * A).T * new == R and transpose_multiplier(rho * A, R) == new


def test_the_wrong_law_rho_mu_changes_the_reaction():
    rho, A, mu = Matrix([[2, 1], [0, 1]]), Matrix([[1, 0, 0], [0, 1, 0]]), Matrix([1, 1])
    assert (rho * A).T * (rho * mu) != A.T * mu
    assert (rho * A).T * vc.re_presented_multiplier(rho, mu) == A.T * mu


def test_zxy_datum_motions_and_reactions():
    datum = vc.zxy_datum()
    curve = vc.zxy_dalembert_curve()
    decision = datum.is_dalembert_motion([1], None, curve)
    assert decision and sp.simplify(decision.certificate["multiplier"][0] - (1 + t**2) ** Rational(-3, 2)) == 0
    slanted = datum.is_dalembert_motion([1], None, [t, t, t**2 / 2])
    assert not slanted and slanted.witness["admissible"] and not slanted.witness["ideal"]
    assert not datum.is_kinematically_admissible([t, t, 0])
    basis = datum.virtual_displacements(0, (2, 0, 0))
    assert len(basis) == 2 and all((vc.ZXY_ROW.xreplace({vc.ZX: 2}) * d).is_zero_matrix for d in basis)
    assert datum.is_admissible_velocity(0, (2, 0, 0), (0, 1, 2)) and not datum.is_admissible_velocity(0, (2, 0, 0),
                                                                                                       (0, 1, 1))
    with pytest.raises(ValueError):
        datum.is_kinematically_admissible(curve, (0, 0))
    with pytest.raises(vc.RankDeficientDatum):
        datum.re_presented(Matrix([[vc.ZX]]))


def test_domain_membership_along_curves():
    rotation = vc.velocity_constraint_datum(Matrix([[-x2, x1, 0]]), [0], R3, t, Chart("punctured", (x1**2 + x2**2,)))
    assert not rotation.is_kinematically_admissible([t, 0, 0], (-1, 1))
    assert rotation.is_kinematically_admissible([t, 0, 0], (0, 1))
    assert rotation.is_kinematically_admissible([t, 0, 0], (0, sp.oo))
    assert not rotation.is_kinematically_admissible([t - 2, 0, 0], (0, sp.oo))
    assert "exact" in rotation.is_kinematically_admissible([t, 0, 0], (0, 1)).certificate["in O_v"]


def test_differentiated_datum_of_a_holonomic_datum():
    sphere = HolonomicConstraintDatum([x1**2 + x2**2 + x3**2 - 1], R3, t)
    velocity = vc.differentiated_datum(sphere, Chart("punctured", (x1**2 + x2**2 + x3**2,)))
    assert velocity.A == Matrix([[2 * x1, 2 * x2, 2 * x3]]) and velocity.b == Matrix([0])
    with pytest.raises(vc.RankDeficientDatum):
        vc.differentiated_datum(sphere)  # D_xG = 0 at the origin, a point of ℝ × ℝ³ off Σ
    moving = HolonomicConstraintDatum([x1 - t**2 / 2], R3, t)
    assert vc.differentiated_datum(moving).b == Matrix([-t])


def test_hypothesis_predicates():
    assert vc.H_CONSTANT_RANK.holds_for(Matrix([[1, 0, 0]]))
    assert not vc.H_CONSTANT_RANK.holds_for(Matrix([[1, 0, 0], [2, 0, 0]]))
    assert vc.H_RHO_INVERTIBLE.holds_for(Matrix([[1, 2], [3, 4]]))
    assert not vc.H_RHO_INVERTIBLE.holds_for(Matrix([[1, 2], [2, 4]]))


def test_topic_modules_keep_names_importable_and_sizes_small():
    import pathlib
    for name in ("check_multiplier_form", "check_re_presentation", "check_scope_exclusions", "check_holonomic_to_velocity",
                 "check_mass_operator", "check_linear_map", "check_general_linear_group", "DUPLICATED_ROWS"):
        assert callable(getattr(vc, name)) or name == "DUPLICATED_ROWS"
    root = pathlib.Path(vc.__file__).parent
    for path in root.glob("velocity_constraint*.py"):
        assert len(path.read_text().splitlines()) <= 1000, path


def test_wrong_inverse_of_the_derivative_is_refuted():
    """The continuity argument (inverse function theorem) rests on DΦ being invertible with the stated inverse."""
    from checker.kernel.checks import Checks
    from theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra import check_inverse_continuity_every_size
    true, wrong = Checks(), Checks()
    check_inverse_continuity_every_size(true)
    check_inverse_continuity_every_size(wrong, inverse_derivative=lambda G0, H0, u, w: G0.I * w)
    assert all(c.outcome == "proved" for c in true.checks)
    assert [c.outcome for c in wrong.checks if c.name.startswith("DΦ(G0, H0)∘L")] == ["refuted"]
