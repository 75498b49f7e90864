"""Soundness of the z' = xy' / y' - xz' = 0 items: each verifier passes as stated and rejects a mutation."""
import pytest
import sympy as sp

from checker import run_verifier
from checker.kernel.items import find
import theorems.foundations.frobenius as frob
import theorems.page2_semiholonomic.yxz as yxz
import theorems.page1_variations.zxy as zxy

t, x, y, z, mu = zxy.t, zxy.x, zxy.y, zxy.z, zxy.mu
X, Y, Z = zxy.X, zxy.Y, zxy.Z
ym, lam, vmu = yxz.m, yxz.lam, yxz.mu


def verdict(fn, **kw):
    return run_verifier(fn, **kw).verdict


@pytest.mark.parametrize("fn, expected", [
    (zxy.check_laws, "proved"),
    (zxy.check_differ, "proved"),  # the mpmath integration is supporting numerical evidence
    (zxy.check_scope_remarks, "proved"),
    (zxy.check_solution_sets, "proved"),
    (zxy.check_not_tangent_to_level_sets, "proved"),
    (zxy.check_not_holonomic_equivalent, "proved"),
    (yxz.check_one_form, "proved"),
    (yxz.check_dalembert, "proved"),
    (yxz.check_vakonomic, "proved"),
    (frob.check_frobenius_easy_directions, "confirmed"),  # the converse is only exercised on an instance
    (frob.check_rho_dphi_condition, "proved"),
])
def test_items_hold_as_stated(fn, expected):
    assert verdict(fn) == expected


def test_seed_001_false_statement_is_refuted_and_true_for_other_data():
    run = run_verifier(zxy.check_every_dalembert_motion_is_vakonomic)
    assert run.verdict == "refuted"
    refuted = [c for c in run.checks if c.outcome == "refuted"]
    assert refuted and all("vakonomic" in c.name for c in refuted)
    # the witness satisfies the hypotheses: the d'Alembert checks and each hypothesis check are proved
    assert all(c.outcome == "proved" for c in run.checks if "d'Alembert motion" in c.name)
    hypotheses = [c for c in run.checks if c.name.startswith("hypothesis ")]
    assert {c.name.split(":")[0] for c in hypotheses} == {f"hypothesis {a.id}" for a in find(
        "nonholonomic.zxy_dalembert_motions_are_vakonomic").assumes}
    assert all(c.outcome == "proved" for c in hypotheses)
    # with the consistent datum (0, 1, 0) the inclusion does hold: the verifier is not hard-wired to refute;
    # that witness violates the seed's data, and the predicate of the hypothesis says so
    other = run_verifier(zxy.check_every_dalembert_motion_is_vakonomic, a=0, b=1)
    assert all(c.outcome == "proved" for c in other.checks if "vakonomic" in c.name)
    assert [c.outcome for c in other.checks if "seed_initial_data" in c.name] == ["refuted"]


@pytest.mark.parametrize("mutation", [
    dict(dalembert=[(x.diff(t, 2), 0), (y.diff(t, 2), -x * mu), (z.diff(t, 2), -mu)]),  # flipped sign
    dict(vakonomic=[(x.diff(t, 2), -mu * y.diff(t)), (y.diff(t, 2), mu.diff(t) * x), (z.diff(t, 2), -mu.diff(t))]),  # dropped mu x'
    dict(displacements=[sp.Matrix([1, 0, 0]), sp.Matrix([0, 1, -X])]),  # wrong virtual displacement
])
def test_laws_reject_mutations(mutation):
    assert verdict(zxy.check_laws, **mutation) == "refuted"


@pytest.mark.parametrize("mutation", [
    dict(closed_form={y: sp.asinh(2 * t)}),  # wrong factor
    dict(closed_form={z: sp.sqrt(1 + t**2)}),  # dropped term (initial data fail)
    dict(closed_form={x: -t}),  # flipped sign
])
def test_counterexample_rejects_wrong_closed_forms(mutation):
    run = run_verifier(zxy.check_differ, **mutation)
    # a claim check is refuted (the supporting numerical cross-check disagrees too, which makes the run an error)
    assert run.verdict in ("refuted", "error")
    assert any(c.outcome == "refuted" and c.claim for c in run.checks)


def test_not_vakonomic_proof_fails_for_data_whose_motion_is_vakonomic():
    run = run_verifier(lambda c: c.proof("p", zxy.not_vakonomic_proof(a=0, b=1)))
    assert run.verdict == "inconclusive" and "contradiction" in run.checks[0].detail


@pytest.mark.parametrize("mutation", [
    dict(closed_form={y: sp.erf(t)}),  # not elementary (and not the motion)
    dict(closed_form={y: sp.asinh(2 * t)}),  # wrong factor
    dict(closed_form={z: t**2 / 2}),  # elementary, but not the motion
])
def test_scope_remark_rejects_wrong_closed_forms(mutation):
    assert verdict(zxy.check_scope_remarks, **mutation) == "refuted"


def test_scope_remark_checks_are_about_the_counterexample():
    run = run_verifier(zxy.check_scope_remarks)
    names = [c.name for c in run.checks]
    assert any("solves" in n for n in names) and any("seed_initial_data" in n for n in names)
    assert any("vakonomic z-equation" in n for n in names)


def test_solution_sets_reject_a_wrong_vakonomic_family():
    def wrong(c):
        family = zxy.vakonomic_family(c)
        return dict(family, mu=(x - c) / (1 + x**2))  # flipped sign
    assert verdict(zxy.check_solution_sets, family=wrong) == "refuted"


def test_integrable_distribution_offered_as_non_integrable_is_rejected():
    run = run_verifier(zxy.check_not_tangent_to_level_sets, fields=[sp.Matrix([1, 0, 0]), sp.Matrix([0, 1, Y])])
    assert run.verdict == "refuted"
    proof = next(c for c in run.checks if c.method == "proof script")
    assert proof.outcome == "inconclusive"


def test_holonomic_row_offered_as_not_holonomic_is_rejected():
    # dz - y dy = d(z - y^2/2) is holonomic: the proof must not go through, and the toolkit finds the pair
    run = run_verifier(zxy.check_not_holonomic_equivalent, row=(0, -Y, 1))
    assert run.verdict == "refuted"
    assert next(c for c in run.checks if c.method == "proof script").outcome == "inconclusive"


@pytest.mark.parametrize("mutation", [
    dict(omega=[0, 1, -Y]),  # dy - y dz is integrable
    dict(d_omega={(0, 2): 1}),  # flipped sign
    dict(wedge={(0, 1, 2): 2}),  # wrong factor
])
def test_one_form_rejects_mutations(mutation):
    assert verdict(yxz.check_one_form, **mutation) == "refuted"


@pytest.mark.parametrize("mutation", [
    dict(page=[(ym * yxz.x.diff(t, 2), 0), (ym * yxz.y.diff(t, 2), lam), (ym * yxz.z.diff(t, 2), yxz.x * lam)]),
    dict(page_multiplier=2 * yxz.PAGE_LAMBDA),
])
def test_dalembert_rejects_mutations(mutation):
    assert verdict(yxz.check_dalembert, **mutation) == "refuted"


@pytest.mark.parametrize("mutation", [
    dict(page=[(ym * yxz.x.diff(t, 2), -vmu * yxz.z.diff(t)), (ym * yxz.y.diff(t, 2), -vmu.diff(t)),
               (ym * yxz.z.diff(t, 2), yxz.x * vmu.diff(t))]),  # dropped mu x'
    dict(first_integrals=[ym * yxz.y.diff(t) - vmu, yxz.PAGE_FIRST_INTEGRALS[1]]),  # flipped sign
])
def test_vakonomic_rejects_mutations(mutation):
    assert verdict(yxz.check_vakonomic, **mutation) == "refuted"


def test_frobenius_rejects_a_form_that_is_not_rho_dphi():
    def not_exact(rho, phi, coords):
        return [rho * phi.diff(coords[0]), phi.diff(coords[1])] + [rho * phi.diff(c) for c in coords[2:]]

    def squared(rho, phi, coords):
        return [rho * phi.diff(c) ** 2 for c in coords]
    assert verdict(frob.check_rho_dphi_condition, one_form=not_exact) == "refuted"
    assert verdict(frob.check_rho_dphi_condition, one_form=squared) == "refuted"
    assert verdict(frob.check_frobenius_easy_directions, bracket_sign=-1) == "refuted"


def test_frobenius_split_and_citations():
    from checker.kernel.items import find
    from theorems.foundations.analytic_facts import C1_LOCALLY_LIPSCHITZ, PICARD_LINDELOF, SCHWARZ
    easy = find(frob.RHO_DPHI_ID)
    assert easy.kind == "theorem" and SCHWARZ in easy.uses
    assert frob.RHO_DPHI_ID in find(frob.FROBENIUS_ID).uses
    for item_id in ("nonholonomic.yxz_one_form_not_integrable", "velocity_constraint.zxy_not_holonomic_equivalent",
                    "constraints.linear_velocity_not_automatically_integrable"):
        assert frob.RHO_DPHI_ID in find(item_id).all_uses and frob.FROBENIUS_ID not in find(item_id).all_uses
    assert {PICARD_LINDELOF, C1_LOCALLY_LIPSCHITZ} <= set(find(zxy.DIFFER_ID).uses)
    assert PICARD_LINDELOF in find("velocity_constraint.zxy_dalembert_set_not_in_vakonomic_set").uses


def test_nonzero_offset_breaks_the_time_independence_step():
    run = run_verifier(zxy.check_not_holonomic_equivalent, offset=1)
    assert run.verdict == "inconclusive"
    assert any("Phi_t" in c.name and c.outcome == "inconclusive" for c in run.checks)
