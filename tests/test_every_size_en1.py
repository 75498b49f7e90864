"""Issue 38 (helper en1): eight items proved for their whole statement, and sweep scopes in one clause.

Two defects are tested here, each with a test that fails on the old code:

* an item whose claim checks covered every size still read "checked at sizes ... only", because a sweep of supporting
  checks was recorded before a claim check (the kernel's rule, :func:`checker.kernel.evidence.swept_sizes`, is right:
  a sweep followed by a claim check may have bounded that claim); ``units.velocity_row_homogeneity`` and
  ``holonomic.nonconsistent_data_leave_locus`` had no every-size claim at all.  Now the every-size claims come first
  and the fixed-size sweeps support after them: the verdict scope of each registered item is empty.
* a verdict scope repeated its sweep text ("checked at sizes (1, 2) only; checked at sizes (1, 1), (1, 2) only"):
  now one clause.

Mutations: each rewritten claim, broken, leaves its item not ``proved`` (refuted claim checks, named as every-size
claims where they are).
"""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import run_verifier
from checker.kernel.checks import Checks
from checker.kernel.evidence import Check, merged_sweeps, verdict_scope
from checker.kernel.items import registered
import theorems.foundations.dimensions as dm
import theorems.page1_variations.holonomic_chart as hc
import theorems.page2_semiholonomic.constraint_principles as cp
import theorems.page4_regular_constraints.holonomic_datum_remarks as rem
import theorems.page4_regular_constraints.holonomic_datum_scleronomic as scl
import theorems.page4_regular_constraints.holonomic_datum_submanifold as sub
from theorems.foundations.dimensions import LENGTH, TIME

FAST = dict(profile="quick")


def _item(module, item_id):
    return {it.id: it for it in registered(module)}[item_id]


def _refuted_claims(run):
    return [c for c in run.checks if c.claim and c.outcome == "refuted"]


# --- the registered items: proved, with nothing narrower than the statement ---------------------------------------

# (module, id, verifier, light arguments that keep at least one size of every sweep)
ITEMS = [
    ("theorems.foundations.dimensions", "units.velocity_row_homogeneity", dm.check_row_homogeneity,
     dict(sizes=((1, 3),))),
    ("theorems.page4_regular_constraints.holonomic_datum_scleronomic", "holonomic.scleronomic_implies_Gt_vanishes",
     scl.check_scleronomic_implies_Gt_vanishes, dict(randomized=False, sizes=(1,))),
    ("theorems.page4_regular_constraints.holonomic_datum_scleronomic", "holonomic.scalar_rescaling_invariance",
     scl.check_rescaling_invariance, dict(proof_sizes=(1,), randomized_sizes=())),
    ("theorems.page4_regular_constraints.holonomic_datum_submanifold", "holonomic.instantaneous_locus_c2_submanifold",
     sub.check_instantaneous_locus_submanifold, dict(proof_sizes=(1,), randomized=False)),
    ("theorems.page4_regular_constraints.holonomic_datum_remarks", "holonomic.nonconsistent_data_leave_locus",
     rem.check_nonconsistent_data_leave_locus, dict(randomized=False)),
    ("theorems.page1_variations.holonomic_chart", "holonomic.ideal_motion_implies_dalembert_condition",
     hc.check_ideal_motion_dalembert, dict(sizes=((1, 2),), samples=0)),
    ("theorems.page1_variations.holonomic_chart", "holonomic.regular_fibres_are_regular_level_sets",
     hc.check_regular_fibres, dict(proof_sizes=((1, 1), (1, 2)), samples=0)),
    ("theorems.page2_semiholonomic.constraint_principles", "constraints.holonomic_dalembert_vakonomic_agree",
     cp.check_holonomic_prescriptions_agree, dict(sizes=((2, 1),))),
]


@pytest.mark.parametrize("module, item_id, verifier, light", ITEMS, ids=[row[1] for row in ITEMS])
def test_item_is_proved_for_its_whole_statement(module, item_id, verifier, light):
    """Default profile (sweeps run at every size they list): proved, no declared scope, no scope from a sweep; the
    sweep ran (its record is there) and only supporting checks follow it.  Old code: 'checked at sizes ... only'
    (and 'N <= 2' declared for the nonconsistent data)."""
    item = _item(module, item_id)
    assert item.scope == ""
    run = run_verifier(verifier, item=item, kind=item.kind, **light)
    assert run.verdict == "proved", run
    records = [c.to_dict() for c in run.checks]
    assert any(r["name"].startswith("sizes swept") for r in records), "the supporting sweep still runs"
    assert verdict_scope(item, records) == ""
    first_sweep = next(i for i, r in enumerate(records) if r["name"].startswith("sizes swept"))
    assert not any(c.claim for c in run.checks[first_sweep + 1:])


# --- mutations: a broken claim is not proved --------------------------------------------------------------------

@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(-1, 2), st.integers(-1, 2), st.integers(-2, 1))
def test_row_homogeneity_every_size_decides(b_power, time_power, length_power):
    """[A_αj] = [b_α]^x τ^y ℓ^z: only (1, 1, -1), [b_α]τ/ℓ, is proved (the old claims were rows at (k', n) ≤ (2, 6))."""
    rule = lambda b: b**b_power * TIME**time_power * LENGTH**length_power  # noqa: E731
    run = run_verifier(dm._check_row_every_size, rule, **FAST)
    page = (b_power, time_power, length_power) == (1, 1, -1)
    assert (run.verdict == "proved") == page, run
    if not page:
        assert _refuted_claims(run) and all("every k', n" in c.name for c in _refuted_claims(run))


def test_row_homogeneity_registered_verifier_rejects_a_wrong_dimension():
    run = run_verifier(dm.check_row_homogeneity, coefficient_dimension=lambda b: b * TIME / LENGTH**2, sizes=((1, 3),))
    assert run.verdict != "proved"
    assert any("every k', n" in c.name for c in _refuted_claims(run))


def test_scleronomic_Gt_from_one_instant_only_is_not_proved():
    """G = 0 at the one point (t, x0) only (not on an open set of times): the claim's differentiation is refused."""
    item = _item("theorems.page4_regular_constraints.holonomic_datum_scleronomic",
                 "holonomic.scleronomic_implies_Gt_vanishes")
    run = run_verifier(scl.check_scleronomic_implies_Gt_vanishes, item=item, kind=item.kind, randomized=False,
                       sizes=(1,), on_open_time_set=False)
    assert run.verdict == "inconclusive"
    assert any(c.claim and c.method == "proof script" and c.outcome == "inconclusive" for c in run.checks)


def test_scleronomic_Gt_moving_presentations_are_rejected_as_supporting_examples():
    """A moving P (G = ρ·P(t, x)): the ρ·P proofs, now examples recorded after the claim, are not proved."""
    run = run_verifier(scl.check_scleronomic_implies_Gt_vanishes, randomized=False, sizes=(1, 2), scleronomic=False)
    examples = [c for c in run.checks if c.method == "proof script" and "ρ(t, x)·P" in c.name]
    assert len(examples) == 2 and all(not c.claim and c.outcome == "inconclusive" for c in examples)


@pytest.mark.parametrize("multiplier", [lambda P, lam: P.I * lam, lambda P, lam: P.T * lam])
def test_rescaling_wrong_multiplier_is_refuted_for_every_size(multiplier):
    run = run_verifier(scl.check_rescaled_linear_algebra, multiplier=multiplier, **FAST)
    assert run.verdict == "refuted"


def test_rescaling_product_rule_off_the_locus_is_refuted():
    run = run_verifier(scl._rescaled_derivatives_every_size, kept_term=1, **FAST)
    assert run.verdict == "refuted" and all("every k, n" in c.name for c in _refuted_claims(run))


def test_instantaneous_locus_wrong_derivative_sign_is_refuted():
    run = run_verifier(sub.check_instantaneous_locus_submanifold, derivative_sign=1, proof_sizes=(), randomized=False,
                       **FAST)
    assert run.verdict == "refuted"


@pytest.mark.parametrize("mutation", [dict(multiplier_sign=1), dict(law=lambda g0, h0, dt: g0 + 2 * dt * h0),
                                      dict(law=lambda g0, h0, dt: g0 + dt * h0 + dt**2)])
def test_nonconsistent_data_mutations_are_refuted(mutation):
    run = run_verifier(rem.check_nonconsistent_data_leave_locus, randomized=False, **mutation, **FAST)
    assert run.verdict != "proved"
    assert _refuted_claims(run)


def test_nonconsistent_data_every_size_claim_fails_with_the_wrong_multiplier():
    run = run_verifier(rem.check_second_derivative_vanishes_every_size, multiplier_sign=1, **FAST)
    assert run.verdict == "refuted" and "every N, k" in _refuted_claims(run)[0].name


@pytest.mark.parametrize("mutation", [dict(pairing_sign=-1), dict(motion_reaction_sign=-1),
                                      dict(reaction=lambda G_q, lam, M: M * G_q.T * lam)])
def test_dalembert_every_size_mutations_are_refuted(mutation):
    run = run_verifier(hc.check_ideal_motion_dalembert, sizes=(), samples=0, **mutation, **FAST)
    assert run.verdict in ("refuted", "error")  # error: a supporting fixed instance fails as well
    assert any("every k, n" in c.name for c in _refuted_claims(run))


@pytest.mark.parametrize("right_inverse", [lambda D, y: D.T * y, lambda D, y: 2 * D.T * (D * D.T).I * y])
def test_regular_fibres_wrong_right_inverse_is_refuted(right_inverse):
    run = run_verifier(hc.check_regular_fibres, right_inverse=right_inverse, proof_sizes=(), samples=0, **FAST)
    assert run.verdict == "refuted"
    assert any("every k ≤ n" in c.name for c in _refuted_claims(run))


def test_regular_fibres_without_the_every_size_identity_keep_the_sweep_as_claims():
    """The fixed-size proofs decide when the every-size identity is off: then the scope says their sizes."""
    item = _item("theorems.page1_variations.holonomic_chart", "holonomic.regular_fibres_are_regular_level_sets")
    run = run_verifier(hc.check_regular_fibres, item=item, kind=item.kind, proof_sizes=((1, 1),), samples=0,
                       every_dimension=False)
    assert run.verdict == "proved"
    assert verdict_scope(item, [c.to_dict() for c in run.checks]) == "checked at sizes (1, 1) only"


# --- one clause for the sweeps ---------------------------------------------------------------------------------

def _sweep_then_claim(sweeps):
    check = Checks(seed=0)
    for sizes in sweeps:
        for _ in check.sweep(sizes):
            pass
    check.record(Check("a claim", "proved", "symbolic"))
    return [c.to_dict() for c in check.checks]


class _Plain:
    scope = ""


def test_two_sweeps_give_one_clause():
    """The old scope read 'checked at sizes (1, 2) only; checked at sizes (1, 1), (1, 2), (1, 3) only'."""
    scope = verdict_scope(_Plain(), _sweep_then_claim([[(1, 2)], [(1, 1), (1, 2), (1, 3)]]))
    assert scope == "checked at sizes (1, 2), (1, 1), (1, 3) only"


size_lists = st.lists(st.one_of(st.integers(1, 9).map(str),
                                st.tuples(st.integers(1, 4), st.integers(1, 4)).map(str)),
                      min_size=1, max_size=5, unique=True)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(size_lists, min_size=1, max_size=4))
def test_sweeps_merge_into_one_clause_naming_every_size(sweeps):
    scope = verdict_scope(_Plain(), _sweep_then_claim(sweeps))
    assert scope.count("checked at") == 1 and scope.endswith(" only") and scope.count("only") == 1
    for sizes in sweeps:
        for size in sizes:
            assert size in scope
    listed = scope[len("checked at sizes "):-len(" only")]
    wanted = list(dict.fromkeys(size for sizes in sweeps for size in sizes))
    assert listed == ", ".join(wanted)


def test_shortened_and_other_labels_are_kept_apart():
    assert merged_sweeps(["sizes 3, 6", "dims 1, 2"]) == "sizes 3, 6 and dims 1, 2"
    long = "sizes (1, 1), (1, 2), (1, 3), …, (3, 3) (9 sizes)"
    assert merged_sweeps([long, "sizes 1, 2"]) == f"{long} and sizes 1, 2"
