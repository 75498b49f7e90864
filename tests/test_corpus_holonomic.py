"""Soundness of the seed-004 headline theorems: they pass as stated, reject mutated claims, and their
hypothesis analysis (necessary / not needed) is what the catalogue says."""
import mpmath
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings

from checker import run_verifier
from checker.kernel.checks import is_not_run
from checker.kernel.items import registered
import theorems.page4_regular_constraints.holonomic as h
from theorems.holonomic_dynamics import ideal_holonomic_dynamics, integrate_ideal_motion

QUICK = dict(profile="quick")
ITEMS = {it.id: it for it in registered("theorems.page4_regular_constraints.holonomic")}
DETERMINATION = ITEMS[h.THEOREM_ID]
ENERGY = ITEMS[h.ENERGY_ID]
MULTIPLIER = ITEMS["holonomic.ideal_reaction_multiplier_representation"]


@pytest.fixture(scope="module")
def headline():
    """The determination theorem's verifier, run once (quick profile) as the registered item."""
    return run_verifier(h.check_determination, item=DETERMINATION, **QUICK)


@pytest.fixture(scope="module")
def energy():
    return run_verifier(h.check_energy_balance, item=ENERGY, **QUICK)


def symbolic(k, **mutation):
    return run_verifier(lambda c: h.check_determination_symbolic(c, k, **mutation), **QUICK)


def test_symbolic_clauses_hold_for_k_1():
    run = symbolic(1)
    assert run.verdict == "proved" and len(run.checks) == 11


@pytest.mark.parametrize("mutation, broken", [
    (dict(sign=1), "Lambda = -C^-1"),  # sign flipped in Lambda
    (dict(curvature_factor=1), "d^2/dt^2 G"),  # the factor 2 dropped from G_tx
    (dict(power_sign=1), "clause 4"),  # R.w = +lambda.G_t
])
def test_symbolic_mutations_are_refuted(mutation, broken):
    run = symbolic(1, **mutation)
    assert run.verdict == "refuted"
    assert [c.name for c in run.checks if c.outcome == "refuted"][0].startswith(("clause", "d^2")) and \
        any(broken in c.name for c in run.checks if c.outcome == "refuted")


def test_multiplier_algebra_for_k_2_is_exact_and_rejects_a_sign_flip():
    good = run_verifier(lambda c: h.check_multiplier_algebra(c, 2))
    assert good.verdict == "proved" and all(c.method == "symbolic" for c in good.checks)
    bad = run_verifier(lambda c: h.check_multiplier_algebra(c, 2, sign=1))
    refuted = [c for c in bad.checks if c.outcome == "refuted"]
    assert bad.verdict == "refuted" and refuted and refuted[0].witness["witness"]["at"]


def test_drift_check_fails_for_a_wrong_acceleration():
    # 10 digits (tolerance 1e-4) is plenty to see an acceleration error of 1, and keeps the shrinking cheap
    run = run_verifier(h.trajectory_evidence, acceleration_error=1, dps=10, **QUICK)
    failing = [c for c in run.checks if c.outcome == "refuted"]
    assert run.verdict == "refuted" and failing and all("trajectories" in c.name for c in failing)
    assert "instance" in failing[0].witness


def test_trajectory_power_law_is_formed_from_R_and_rejects_a_flipped_sign():
    """The numerical power residual forms R.w from R = M a - F and honours power_sign (issue 13: it did not)."""
    assert run_verifier(h.trajectory_evidence, **QUICK).verdict == "confirmed"
    run = run_verifier(h.trajectory_evidence, power_sign=1, dps=10, samples=6, **QUICK)
    assert run.verdict == "refuted"


def test_kernel_residual_is_independent_of_the_multiplier():
    """R = M a - F against a kernel basis of D_xG computed from D_xG: zero for the ideal a, not for a wrong one."""
    G = [h.X3[2] - h.t * h.X3[0]]
    dyn = ideal_holonomic_dynamics(sp.eye(3), [0, 0, -1], G, h.X3, h.t, solve=False)
    good = integrate_ideal_motion(dyn, 0, [0, 0, 0], [1, 0, 0], [sp.Rational(1, 4)], dps=15)
    wrong = integrate_ideal_motion(dyn, 0, [0, 0, 0], [1, 0, 0], [sp.Rational(1, 4)], dps=15,
                                   acceleration=[1, 0, -1])
    s = mpmath.mpf(1) / 4
    with mpmath.workdps(15):
        assert good.system.kernel_residual(s, *good.states[0]) < mpmath.mpf(10) ** -10
        assert wrong.system.kernel_residual(s, *wrong.states[0]) > mpmath.mpf(10) ** -2


def test_trajectory_evidence_in_the_default_profile():
    """The default profile runs the supporting trajectory search (3 instances) that the quick profile skips."""
    run = run_verifier(h.check_determination, item=DETERMINATION, profile="default")
    trajectories = [c for c in run.checks if "trajectories" in c.name]
    assert run.verdict == "proved" and len(trajectories) == 1 and not trajectories[0].claim
    assert trajectories[0].outcome == "confirmed" and trajectories[0].instances == 3 and trajectories[0].max_residual


def test_headline_theorem_is_proved_with_supporting_trajectory_evidence(headline):
    assert headline.verdict == "proved"
    trajectories = [c for c in headline.checks if "trajectories" in c.name]
    # the trajectories are a supporting search: the quick profile records it as not run (the default runs it:
    # test_trajectory_evidence_in_the_default_profile)
    assert len(trajectories) == 1 and is_not_run(trajectories[0]) and trajectories[0].instances == 0
    assert "quick profile" in trajectories[0].scope and not trajectories[0].claim
    assert not any(c.claim for c in headline.checks if c.method in ("randomized", "numerical"))
    assert all(c.outcome == "proved" for c in headline.checks if c.method in ("symbolic", "computation"))
    claims = [c for c in headline.checks if c.claim and not (c.role or {}).get("analysis")]
    for clause in ("clause 1", "clause 2", "clause 3", "clause 4"):
        assert any(c.name.startswith(clause) and c.outcome == "proved" for c in claims), clause
    text = " ".join(c.name + " " + (c.detail or "") for c in claims)
    for trusted in ("ode.picard_lindelof", "calculus.c1_maps_locally_lipschitz", "calculus.zero_second_derivative"):
        assert trusted in text, trusted


def test_headline_theorem_cites_its_analytic_steps():
    from theorems.foundations.analytic_facts import C1_LOCALLY_LIPSCHITZ, PICARD_LINDELOF, ZERO_SECOND_DERIVATIVE
    for trusted in (PICARD_LINDELOF, C1_LOCALLY_LIPSCHITZ, ZERO_SECOND_DERIVATIVE):
        assert trusted in DETERMINATION.all_uses
    # issue 38: proved for every N and k (matrix identities of symbolic shape), so no scope narrower than the statement
    assert not DETERMINATION.scope and not ENERGY.scope


def test_headline_theorem_hypothesis_table(headline):
    """Catalogue #73: the reaction law and M SPD are necessary; (h2) is not analysed: F = (sqrt|x1|, 0, 0) breaks
    the force branch's standing state-local-Lipschitz hypothesis too (issue 38), so it is a finding, not a
    witness; (h1) is used by the local-Lipschitz certificate, with no witness (catalogue: none found)."""
    assert headline.hypothesis_status(h.IDEAL_REACTION_LAW) == "necessary"
    assert headline.hypothesis_status(h.H2) == "not analysed"
    assert headline.hypothesis_status(h.H_FORCE_LIPSCHITZ) == "not analysed"
    assert headline.hypothesis_status(h.H_MASS) == "necessary"
    assert headline.hypothesis_status(h.H1) == "not analysed"
    assert not [p for row in headline.hypotheses for p in row.problems]


@pytest.mark.parametrize("witness, mutation, hypothesis", [
    (h.indefinite_mass_witness, dict(M=sp.eye(3)), h.H_MASS),  # an SPD mass does not violate M SPD
])
def test_a_witness_that_does_not_violate_its_hypothesis_is_rejected(witness, mutation, hypothesis):
    true_run = run_verifier(witness, item=DETERMINATION)
    assert true_run.hypothesis_status(hypothesis) == "necessary"
    run = run_verifier(witness, item=DETERMINATION, **mutation)
    assert run.hypothesis_status(hypothesis) == "not analysed"
    problems = [p for row in run.hypotheses for p in row.problems]
    assert problems and "rejected" in problems[0]


@pytest.mark.parametrize("k", [1, 2])
def test_lipschitz_certificate_needs_third_derivatives_of_G(k):
    """D_(x,v)a involves G up to order 3 and F up to order 1: claiming order 2 for G (or 0 for F) is refuted."""
    assert run_verifier(h.check_lipschitz_certificate, k).verdict == "proved"
    assert run_verifier(h.check_lipschitz_certificate, k, max_G_order=2).verdict == "refuted"
    if k == 1:
        assert run_verifier(h.check_lipschitz_certificate, k, max_F_order=0).verdict == "refuted"


def test_constraint_preservation_fails_without_the_reaction():
    assert run_verifier(h.check_constraint_preservation).verdict == "proved"
    assert run_verifier(h.check_constraint_preservation, drop_reaction=True, **QUICK).verdict == "refuted"


def test_energy_balance_is_proved_with_its_hypothesis_table(energy):
    assert energy.verdict == "proved"
    for necessary in (h.H_SCLERONOMIC, h.H_STATIC, h.H_NO_RESIDUAL, h.IDEAL_REACTION_LAW):
        assert energy.hypothesis_status(necessary) == "necessary", necessary.id
    # every claim check is symbolic and inside the without-block of (h1), (h2): they are not needed
    assert energy.hypothesis_status(h.H1) == "not needed" and energy.hypothesis_status(h.H2) == "not needed"
    assert not [p for row in energy.hypotheses for p in row.problems]
    claims = [c for c in energy.checks if c.claim and (c.role or {}).get("analysis") != "necessary"]
    assert claims and all(c.method == "symbolic" for c in claims)
    for clause in ("clause 1:", "clause 2", "clause 3: scleronomic (G_t = 0)"):
        assert any(c.name.startswith(clause) and "(every N, k)" in c.name for c in claims), clause
    for clause in ("clause 1 integrated", "clause 4"):  # scalar functions of t: no size at all
        assert any(c.name.startswith(clause) and c.outcome == "proved" for c in claims), clause
    # the base cases Phi(t0) = Psi(t0) = 0 cannot fail: they support, they never decide (issue 38)
    assert not any(c.claim and "(t0) = 0" in c.name for c in energy.checks)


@pytest.mark.parametrize("mutation, broken", [
    (dict(include_time_derivative=False), ("clause 2", "clause 4")),  # the U_t term dropped
    (dict(power_sign=1), ("clause 2", "clause 4", "clause 1 integrated")),  # R.w = +lambda.G_t
])
def test_energy_clauses_along_the_motion_reject_mutations(mutation, broken):
    """A dropped term and a flipped power sign refute the claim checks of the clauses the item's verifier runs
    (``check_energy_balance`` calls this function for k = 1, 2; k = 1 keeps the refutations cheap)."""
    run = run_verifier(lambda check: h.check_energy_clauses_along_motion(check, 1, **mutation), **QUICK)
    assert run.verdict == "refuted"
    for clause in broken:
        assert any(c.name.startswith(clause) and c.outcome == "refuted" for c in run.checks), clause


def test_energy_balance_rejects_a_removed_hypothesis():
    """The whole verifier with conservation claimed for a rheonomic constraint: clause 3 is refuted."""
    run = run_verifier(h.check_energy_balance, samples=0, ks=(1,), conservation_needs_scleronomic=False, **QUICK)
    assert run.verdict in ("refuted", "error")
    assert any(c.name.startswith("clause 3") and c.outcome == "refuted" for c in run.checks)


def test_scleronomic_relation_is_needed_for_conservation():
    """Clause 3 with G_t = 0 on the locus as a relation: without that relation it is not proved."""
    good = run_verifier(h.check_energy_clauses_on_locus, 2)
    assert good.verdict == "proved"
    bad = run_verifier(h.check_energy_clauses_on_locus, 1, conservation_needs_scleronomic=False, **QUICK)
    assert bad.verdict != "proved"
    assert [c.outcome for c in bad.checks if c.name.startswith("clause 3")] != ["proved"]


def test_multiplier_representation_and_its_units():
    run = run_verifier(h.check_multiplier_representation, item=MULTIPLIER, **QUICK)
    assert run.verdict == "proved"
    assert all(c.method != "randomized" for c in run.checks if c.claim)
    assert run.hypothesis_status(h.IDEAL_REACTION_LAW) == "necessary"
    assert run.hypothesis_status(h.H_RANK_ON_LOCUS) == "necessary"
    assert run_verifier(h.check_multiplier_representation, reaction_dimension="energy", **QUICK).verdict == "refuted"


def test_multiplier_representation_for_symbolic_dimension_rejects_a_wrong_multiplier():
    run = run_verifier(h.check_multiplier_representation, item=MULTIPLIER, recovery_factor=2, **QUICK)
    assert run.verdict != "proved"
    assert any(c.outcome == "refuted" and c.name.startswith("uniqueness") for c in run.checks)


def test_energy_definitions():
    assert run_verifier(h.check_energy_definitions).verdict == "proved"
    assert run_verifier(h.check_particle_totals).verdict == "proved"


@settings(max_examples=3, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(h.trajectory_instances(1, True))
def test_constraint_is_preserved_on_random_rheonomic_instances(instance):
    """Property: along the integrated ideal system G and the permitted-velocity residual stay at roundoff."""
    M, constraint, F = instance
    dyn = ideal_holonomic_dynamics(M, F, constraint.G, h.X3, h.t, solve=False)
    report = integrate_ideal_motion(dyn, 0, [0, 0, 0], constraint.v0, [sp.Rational(1, 4)], dps=18)
    assert report.constraint_drift < mpmath.mpf(10) ** -12 and report.velocity_drift < mpmath.mpf(10) ** -12


def test_pendulum_multiplier_from_the_toolkit():
    t = sp.Symbol("t", real=True)
    x, y = (sp.Function(n, real=True)(t) for n in "xy")
    m, g, l = sp.symbols("m g l", positive=True)
    dyn = ideal_holonomic_dynamics(m * sp.eye(2), [0, -m * g], [x**2 + y**2 - l**2], [x, y], t)
    # on the circle: 2 l^2 lambda = -m(|v|^2 - g y)
    lam = dyn.multiplier[0].subs(x**2 + y**2, l**2)
    expected = -m * (x.diff(t) ** 2 + y.diff(t) ** 2 - g * y) / (2 * l**2)
    assert sp.simplify(lam.subs(x, sp.sqrt(l**2 - y**2)) - expected.subs(x, sp.sqrt(l**2 - y**2))) == 0


def test_trajectory_pictures_check_what_they_draw():
    from theorems.page4_regular_constraints.holonomic import energy_balance_picture, trajectory_drift_picture
    good = run_verifier(energy_balance_picture)
    assert good.verdict == "confirmed"
    assert run_verifier(energy_balance_picture, power_sign=1).verdict == "refuted"  # wrong sign of the reaction power
    drift = run_verifier(trajectory_drift_picture)
    assert drift.verdict == "confirmed" and drift.checks[0].max_residual is not None
    assert run_verifier(trajectory_drift_picture, power_sign=1).verdict == "refuted"  # R.w = +lambda.G_t
