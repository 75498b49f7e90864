"""Issue 38: "proved" means proved as stated -- every size, every clause.

Each defect the issue lists has a mutation test here: the claim check now fails when the claim is broken (on the old
code the mutated claim stayed proved, or the check could not fail).  Property-based tests draw many variants of each
claim (true ones must stay proved, false ones must not), and a differential fuzz test compares the matrix-shape
verdict with a truth known by construction.
"""
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import run_verifier
from checker.kernel.items import registered
import theorems.page1_variations.holonomic_chart as hc
import theorems.page1_variations.immersion  # noqa: F401 - registers #10
import theorems.page3_velocity_constraints.velocity_constraint_remarks  # noqa: F401 - registers #56
import theorems.page4_regular_constraints.holonomic as h
import theorems.page1_variations.noether as nt
import theorems.page2_semiholonomic.constraint_principles as cp
import theorems.page3_velocity_constraints.holonomic_equivalence as he
import theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra as vm
import theorems.page4_regular_constraints.holonomic_datum_submanifold as sub
import theorems.page4_regular_constraints.holonomic_every_size as every
import theorems.foundations.dimensions as dm
from theorems.foundations.dimensions import FORCE, LENGTH, POWER, TIME

FAST = dict(profile="quick")


def _claims(run, outcome):
    return [c for c in run.checks if c.claim and c.outcome == outcome]


def _items(module):
    return {it.id: it for it in registered(module)}


# --- #73 and #76 for every N and k -------------------------------------------------------------------------------

def test_73_and_76_have_no_scope_and_their_claim_checks_cover_every_size():
    items = _items("theorems.page4_regular_constraints.holonomic")
    for item_id in ("holonomic.ideal_constraints_determine_reaction", "holonomic.reaction_power_energy_balance"):
        assert items[item_id].scope == ""
    run = run_verifier(every.check_reaction_law_every_size, item=items["holonomic.ideal_constraints_determine_reaction"],
                       rank_assumption=h.H1, mass_assumption=h.H_MASS, **FAST)
    assert run.verdict == "proved"
    assert all("every size" in c.scope and ("residual reduces to the zero matrix for every size" in c.detail
                                            or c.method == "proof script") for c in run.checks)
    assert [c for c in run.checks if c.method == "proof script" and "positive definite" in c.name]


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from([-1, 1]), st.sampled_from([-1, 1]), st.sampled_from([1, 2, -1]))
def test_reaction_law_variants(sign, power_sign, curvature_factor):
    """Λ = sign·C⁻¹[J M⁻¹F + factor·κ], R·w = power_sign·Λ·G_t + ...: only the page's (−1, −1, 1) is proved."""
    run = run_verifier(every.check_reaction_law_every_size, sign=sign, power_sign=power_sign,
                       curvature_factor=curvature_factor, item=_items("theorems.page4_regular_constraints.holonomic")[
                           "holonomic.ideal_constraints_determine_reaction"], rank_assumption=h.H1,
                       mass_assumption=h.H_MASS, **FAST)
    page = (sign, power_sign, curvature_factor) == (-1, -1, 1)
    assert (run.verdict == "proved") == page, run
    if not page:
        assert _claims(run, "refuted") and all(c.witness for c in _claims(run, "refuted"))


@pytest.mark.parametrize("mutation, clause", [
    (dict(power_sign=1), "clause 1"), (dict(include_time_derivative=False), "clause 2"),
    (dict(conservation_needs_scleronomic=False), "clause 3")])
def test_energy_theorem_mutations_are_refuted_at_every_size(mutation, clause):
    assert run_verifier(every.check_energy_every_size, **FAST).verdict == "proved"
    run = run_verifier(every.check_energy_every_size, **mutation, **FAST)
    assert run.verdict == "refuted"
    assert any(c.name.startswith(clause) and "every N" in c.name for c in _claims(run, "refuted"))


def test_76_base_cases_are_not_claims():
    """Φ(t0) = Ψ(t0) = 0 cannot fail (∫ from t0 to t0 is 0): recorded only as supporting checks."""
    run = run_verifier(h.check_energy_balance, samples=0, ks=(), **FAST)
    base = [c for c in run.checks if "(t0) = 0" in c.name]
    assert base and not any(c.claim for c in base)
    # the integrated clauses that decide do fail when the relation they rest on is broken
    broken = run_verifier(lambda check: every.check_integrated_forms(check, power_sign=1), **FAST)
    assert broken.verdict == "proved"  # the sign enters both the integrand and the relation: consistent
    wrong = run_verifier(lambda check: check.identity("Phi' = g", every._integrated_forms()["phi"].diff(
        every._integrated_forms()["t"]), every._integrated_forms()["g"]), **FAST)
    assert wrong.verdict != "proved"  # without the clause-2 relation the step is not shown


# --- #14: the permitted velocity for every k, n ------------------------------------------------------------------

@pytest.mark.parametrize("mutation", [dict(drop_time_term=True), dict(drop_velocity_term=True)])
def test_14_every_size_proof_rejects_a_dropped_term(mutation):
    assert run_verifier(hc.check_permitted_velocity_every_size).verdict == "proved"
    assert run_verifier(hc.check_permitted_velocity_every_size, **mutation).verdict != "proved"


# --- #60 and #42: the dimension clauses ----------------------------------------------------------------------------

@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(-2, 2), st.integers(-2, 2), st.integers(-2, 2))
def test_60_dimension_clause_decides(a, b, c):
    """The claimed dimension a·n + b·k + c of Σ_t: proved exactly when it is n − k (the old code kept n − k + 1
    proved: the dimension was only in a supporting randomized check)."""
    run = run_verifier(sub.check_instantaneous_locus_submanifold, dimension=lambda n, k: a * n + b * k + c,
                       proof_sizes=(), randomized=False, **FAST)
    truth = (a, b, c) == (1, -1, 0)
    assert (run.verdict == "proved") == truth, run
    if not truth:
        assert any(c_.name.startswith("dimension") for c_ in _claims(run, "refuted"))


def test_60_n_minus_k_plus_1_is_refuted_by_the_registered_verifier():
    run = run_verifier(sub.check_instantaneous_locus_submanifold, dimension=lambda n, k: n - k + 1, randomized=False,
                       **FAST)
    assert run.verdict == "refuted"
    assert _items("theorems.page4_regular_constraints.holonomic_datum_submanifold")[
        "holonomic.instantaneous_locus_c2_submanifold"].scope == ""


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(-2, 2), st.integers(-2, 2), st.integers(-2, 2))
def test_42_dimension_is_derived_not_compared(a, b, c):
    run = run_verifier(vm.check_kernel_dimension_every_size, dimension=lambda n, k: a * n + b * k + c, **FAST)
    assert (run.verdict == "proved") == ((a, b, c) == (1, -1, 0)), run
    # the kernel parametrization itself is checked, whatever the claim
    assert sum(1 for ch in run.checks if ch.outcome == "proved" and "ker A" in ch.name) == 2


# --- #37: no tautology; elimination checked ------------------------------------------------------------------------

@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from([-1, 1]), st.sampled_from([-1, 1]), st.sampled_from([-1, 1]))
def test_37_every_size_variants(identity_sign, relation_sign, elimination_sign):
    run = run_verifier(cp.check_holonomic_prescriptions_agree, kind="remark", sizes=(), identity_sign=identity_sign,
                       multiplier_relation_sign=relation_sign, elimination_sign=elimination_sign, **FAST)
    page = (identity_sign, relation_sign, elimination_sign) == (1, -1, 1)
    assert (run.verdict == "proved") == page, run
    assert any(c.name.startswith("elimination") for c in run.checks)


def test_37_identity_is_not_the_substitution_tautology():
    """The EL identity is computed from its pieces: dropping the Schwarz term (∂_qG[q̇])ᵀμ breaks it."""
    n, k = sp.symbols("n k", integer=True, positive=True)
    E, G, G_t, G_q = (sp.MatrixSymbol(s, *shape) for s, shape in
                      (("E", (n, 1)), ("G", (k, n)), ("G_t", (k, n)), ("DG_qdot", (k, n))))
    mu, rate = sp.MatrixSymbol("mu", k, 1), sp.MatrixSymbol("mu_dot", k, 1)
    without_schwarz = (G_t + G_q).T * mu + G.T * rate - G_t.T * mu
    run = run_verifier(lambda check: check.identity("no Schwarz", E + without_schwarz, E + G.T * rate), **FAST)
    assert run.verdict == "refuted"


# --- #15: the motion enters ---------------------------------------------------------------------------------------

def test_15_wrong_equation_of_motion_is_refuted():
    assert run_verifier(hc.check_ideal_motion_dalembert, sizes=(), samples=0).verdict == "proved"
    run = run_verifier(hc.check_ideal_motion_dalembert, sizes=(), samples=0, motion_reaction_sign=-1)
    assert run.verdict == "refuted" and any("q''" in c.name for c in _claims(run, "refuted"))


# --- missing scopes: #49, units, #3 proved for every size; #10, #56 say their scope ----------------------------------

@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2), st.integers(-1, 2), st.integers(0, 2), st.integers(-1, 1))
def test_49_generic_term_decides(b_power, time_power, phi_power, length_power):
    """[ρ_αβ] = [b_α]^x τ^y / φ_β^z ℓ^w: only (1, 1, 1, 0) is the page's rule, for every k', n."""
    rule = lambda b, phi: b**b_power * TIME**time_power / phi**phi_power * LENGTH**length_power  # noqa: E731
    run = run_verifier(he.check_rho_dimension_assignment, kind="remark", rho_rule=rule, sizes=(), **FAST)
    assert (run.verdict == "proved") == ((b_power, time_power, phi_power, length_power) == (1, 1, 1, 0)), run


@pytest.mark.parametrize("mutation", [dict(transform=lambda rho, mu: rho * mu),
                                      dict(transform=lambda rho, mu: rho.T * mu),
                                      dict(multiplier_dimension=lambda b: FORCE / b),
                                      dict(multiplier_dimension=lambda b: POWER * b)])
def test_units_multiplier_every_size_rejects(mutation):
    run = run_verifier(dm._check_multiplier_every_size, mutation.get("multiplier_dimension", lambda b: POWER / b),
                       mutation.get("transform", dm._inverse_transpose_rule), **FAST)
    assert run.verdict == "refuted" and all("every k'" in c.name for c in _claims(run, "refuted"))


def test_units_multiplier_every_size_holds():
    assert run_verifier(dm._check_multiplier_every_size, lambda b: POWER / b, dm._inverse_transpose_rule,
                        **FAST).verdict == "proved"


@pytest.mark.parametrize("mutation", [dict(gradient_sign=-1), dict(mass_power=2), dict(mass_power=0)])
def test_3_every_n_rejects(mutation):
    run = run_verifier(nt.check_potential_chart, kind="definition", dims=(), **mutation, **FAST)
    assert any(c.name.startswith("every n") for c in _claims(run, "refuted")), run


def test_10_and_56_are_proved_for_their_whole_statement():
    immersion = _items("theorems.page1_variations.immersion")["immersion.reduced_dalembert_equation"]
    remarks = _items("theorems.page3_velocity_constraints.velocity_constraint_remarks")[
        "velocity_constraint.holonomic_to_velocity_not_conversely"]
    assert not remarks.scope  # #56: its differentiated law is proved for every N, k (issue 38, tests/test_every_size_en3.py)
    assert immersion.scope == ""  # #10 is proved for every n, m (issue 38, tests/test_every_size_en2.py)


# --- differential fuzz: the matrix-shape verdict against a truth known by construction --------------------------------

@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(-2, 2), st.integers(-2, 2), st.integers(-2, 2))
def test_reaction_identity_fuzz(f_coeff, kappa_coeff, lam_coeff):
    """C·(c·Λ) = −[a·J M⁻¹F + b·κ] holds for every size exactly when a = b = c (else it fails at size 1)."""
    d = every.ReactionData()
    lhs = lam_coeff * (d.C * d.Lam)
    rhs = -(f_coeff * d.J * d.M_inv * d.F + kappa_coeff * d.kappa)
    run = run_verifier(lambda check: check.identity("fuzz", lhs, rhs), **FAST)
    assert (run.verdict == "proved") == (lam_coeff == f_coeff == kappa_coeff), run
