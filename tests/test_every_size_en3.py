"""Issue 38 (helper en3): items of pages 1 and 3 proved for their whole statement, every size.

For each item rewritten here the registered verifier must come out ``proved`` with an empty verdict scope (no
declared scope, no sweep before a claim check: :func:`checker.kernel.evidence.verdict_scope`) -- on the old code
each read "checked at sizes ... only" or carried a declared scope such as "n <= 3" --, its claim checks of symbolic
shape must be proved for every size, its fixed-size sweeps must be supporting only, and a mutation of the
every-size claim must leave it not proved.
"""
from __future__ import annotations

import functools
import importlib

import pytest

from checker import run_verifier
from checker.kernel.evidence import verdict_scope
from checker.kernel.items import registered

MODULES = {
    "velocity_constraint.admissible_velocities_affine": "theorems.page3_velocity_constraints.velocity_constraint",
    "velocity_constraint.multiplier_form": "theorems.page3_velocity_constraints.velocity_constraint_multipliers",
    "velocity_constraint.re_presentation_invariance": "theorems.page3_velocity_constraints.velocity_constraint_multipliers",
    "velocity_constraint.scope_exclusions": "theorems.page3_velocity_constraints.velocity_constraint_remarks",
    "velocity_constraint.holonomic_to_velocity_not_conversely":
        "theorems.page3_velocity_constraints.velocity_constraint_remarks",
    "velocity_constraint.holonomic_equivalence_first_integral": "theorems.page3_velocity_constraints.holonomic_equivalence",
    "velocity_constraint.single_row_integrating_factor": "theorems.page3_velocity_constraints.holonomic_equivalence",
    "constraints.multiplier_presentation_dependence": "theorems.page1_variations.holonomic_chart_multipliers",
}


def _item(item_id):
    module = importlib.import_module(MODULES[item_id])
    return {it.id: it for it in registered(module.__name__)}[item_id]


@functools.lru_cache(maxsize=None)
def _registered_run(item_id):
    it = _item(item_id)
    return run_verifier(it.verifier, kind=it.kind, item=it, profile="default")


def _run(item_id, verifier_name, **claim):
    it = _item(item_id)
    verifier = getattr(importlib.import_module(MODULES[item_id]), verifier_name)
    return run_verifier(verifier, kind=it.kind, item=it, profile="quick", **claim)


@pytest.mark.parametrize("item_id", sorted(MODULES))
def test_proved_for_the_whole_statement(item_id):
    it = _item(item_id)
    run = _registered_run(item_id)
    assert run.verdict == "proved", run
    assert not it.scope, it.scope
    assert verdict_scope(it, run.checks) == "", verdict_scope(it, run.checks)
    every = [c for c in run.checks if c.claim and "every size" in (c.detail or "")]
    assert every and all(c.outcome == "proved" for c in every), run


SWEPT = ["velocity_constraint.admissible_velocities_affine", "velocity_constraint.multiplier_form",
         "velocity_constraint.re_presentation_invariance", "velocity_constraint.holonomic_equivalence_first_integral",
         "velocity_constraint.single_row_integrating_factor", "constraints.multiplier_presentation_dependence"]


@pytest.mark.parametrize("item_id", SWEPT)
def test_fixed_size_sweeps_only_support_and_come_after_the_claims(item_id):
    run = _registered_run(item_id)
    records = [c.to_dict() for c in run.checks]
    swept = [i for i, r in enumerate(records) if r["name"].startswith("sizes swept")]
    assert swept, "the fixed-size evidence still runs"
    last_claim = max(i for i, r in enumerate(records) if r["claim"])
    assert all(i > last_claim for i in swept)
    assert not any(r["claim"] for r in records[swept[0]:])


MUTATIONS = [
    ("velocity_constraint.admissible_velocities_affine", "check_admissible_velocities",
     dict(v0_formula=lambda A, b: A.T * (A * A.T).I * b, sizes=(), samples=0)),
    ("velocity_constraint.multiplier_form", "check_multiplier_form",
     dict(multiplier_formula=lambda A, R: 2 * (A * A.T).I * A * R, sizes=(), samples=0)),
    ("velocity_constraint.re_presentation_invariance", "check_re_presentation",
     dict(transform_formula=lambda rho, mu: rho * mu, sizes=(), samples=0, datum_instance=False)),
    ("velocity_constraint.holonomic_equivalence_first_integral", "check_first_integral",
     dict(drop_time_term=True, sizes=(), identity_sizes=(), law_sizes=())),
    ("velocity_constraint.holonomic_equivalence_first_integral", "check_first_integral",
     dict(factor="rho", sizes=(), identity_sizes=(), law_sizes=())),
    ("velocity_constraint.single_row_integrating_factor", "check_single_row_integrating_factor",
     dict(criterion="closed", sizes=(), samples=0)),
    ("constraints.multiplier_presentation_dependence", "check_multiplier_presentation",
     dict(transform_formula=lambda P, lam: P.I * lam, k1_symbolic=False, k2_samples=0, k2_symbolic=())),
    ("constraints.multiplier_presentation_dependence", "check_multiplier_presentation",
     dict(transform_formula=lambda P, lam: P.T * lam, k1_symbolic=False, k2_samples=0, k2_symbolic=())),
    ("constraints.multiplier_presentation_dependence", "check_multiplier_presentation",
     dict(on_locus=False, k1_symbolic=False, k2_samples=0, k2_symbolic=())),
    ("velocity_constraint.holonomic_to_velocity_not_conversely", "check_holonomic_to_velocity",
     dict(law_formula=lambda J, G_t: (J, -G_t))),
    ("velocity_constraint.holonomic_to_velocity_not_conversely", "check_holonomic_to_velocity",
     dict(law_formula=lambda J, G_t: (J, 0 * G_t))),
]


@pytest.mark.parametrize("item_id, verifier, claim", MUTATIONS,
                         ids=[f"{m[0].split('.')[-1]}-{i}" for i, m in enumerate(MUTATIONS)])
def test_a_broken_every_size_claim_is_not_proved(item_id, verifier, claim):
    run = _run(item_id, verifier, **claim)
    assert run.verdict != "proved", run
    refuted = [c for c in run.checks if c.claim and c.outcome == "refuted"]
    assert refuted and any("every" in c.name for c in refuted), run


def test_single_row_every_n_needs_the_symmetric_hessian():
    """Without Schwarz (Hess Φ a general matrix) the dω identity of every n is refuted."""
    from theorems.page3_velocity_constraints import holonomic_equivalence as he
    assert run_verifier(he._single_row_every_dimension, criterion="wedge").verdict == "proved"
    run = run_verifier(he._single_row_every_dimension, criterion="wedge", symmetric_hessian=False)
    assert run.verdict == "refuted"
    assert [c.outcome for c in run.checks if c.name.startswith("dω(v, w)")] == ["refuted"]

