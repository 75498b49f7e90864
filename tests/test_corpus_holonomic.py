"""Soundness of the seed-004 headline theorems: they pass as stated and reject mutated claims."""
import mpmath
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings

from checker import run_verifier
import theorems.holonomic as h
from theorems.holonomic_dynamics import ideal_holonomic_dynamics, integrate_ideal_motion

QUICK = dict(profile="quick")


def symbolic(k, **mutation):
    return run_verifier(lambda c: h.check_determination_symbolic(c, k, **mutation))


def test_symbolic_clauses_hold_for_k_1():
    run = symbolic(1)
    assert run.verdict == "proved" and len(run.checks) == 9


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


def test_drift_check_fails_for_a_wrong_acceleration():
    run = run_verifier(h.check_determination, acceleration_error=1, **QUICK)
    failing = [c for c in run.checks if c.outcome == "refuted"]
    assert run.verdict == "refuted" and failing and all("trajectories" in c.name for c in failing)
    assert "instance" in failing[0].witness


def test_headline_theorem_passes_with_trajectory_evidence():
    run = run_verifier(h.check_determination, **QUICK)
    assert run.verdict == "confirmed"
    trajectories = [c for c in run.checks if "trajectories" in c.name]
    assert len(trajectories) == 2 and all(c.outcome == "confirmed" and c.max_residual for c in trajectories)
    assert all(c.outcome == "proved" for c in run.checks if c.method in ("symbolic", "computation"))


def test_energy_balance_passes_and_rejects_mutations():
    assert run_verifier(h.check_energy_balance, **QUICK).verdict == "confirmed"
    assert run_verifier(h.check_energy_balance, power_sign=1, **QUICK).verdict == "refuted"
    assert run_verifier(h.check_energy_balance, include_time_derivative=False, **QUICK).verdict == "refuted"
    # energy claimed conserved for a rheonomic constraint
    rheonomic = run_verifier(h.check_energy_balance, conservation_needs_scleronomic=False, **QUICK)
    assert rheonomic.verdict == "refuted"
    assert any("clause 3" in c.name and c.outcome == "refuted" for c in rheonomic.checks)


def test_multiplier_representation_and_its_units():
    assert run_verifier(h.check_multiplier_representation, **QUICK).verdict == "confirmed"
    assert run_verifier(h.check_multiplier_representation, reaction_dimension="energy", **QUICK).verdict == "refuted"


def test_energy_definitions():
    assert run_verifier(h.check_energy_definitions).verdict == "proved"
    assert run_verifier(h.check_particle_totals).verdict == "proved"


@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
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
