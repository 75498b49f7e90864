"""Issue 38 (helper linalg): trusted results checked for every size.

The cited #87 ``holonomic.reaction_transpose_multiple_lemma`` (was "k <= n <= 3"), #88
``holonomic.ideal_system_time_dependent_chart`` (was "n <= 2 (k <= n), and k = 1, n = 3"),
``linalg.annihilator_of_kernel_transpose_multiple`` (was "checked at sizes (1, 2), (1, 3), (2, 3) only") and
``linalg.euclidean_inner_product`` (was "n <= 4") must come out ``proved`` with an empty verdict scope, their claim
checks for every size (matrix symbols of symbolic shape, sums of a symbolic number of terms, checked deductions),
the fixed-size parts supporting only; and each every-size claim, broken, must leave its item not ``proved``.
"""
from __future__ import annotations

import functools

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Inverse

from checker import run_verifier
from checker.kernel.checks import Checks
from checker.kernel.evidence import verdict_scope
from checker.kernel.items import registered
import theorems.foundations.linalg as la
import theorems.page1_variations.holonomic_chart_every_size as es
import theorems.page1_variations.holonomic_chart_multipliers as hm

FAST = dict(profile="quick")
ITEMS = {
    "holonomic.reaction_transpose_multiple_lemma": ("theorems.page1_variations.holonomic_chart_multipliers",
                                                    hm.check_reaction_transpose_multiple),
    "holonomic.ideal_system_time_dependent_chart": ("theorems.page1_variations.holonomic_chart_multipliers",
                                                    hm.check_ideal_system_chart),
    "linalg.annihilator_of_kernel_transpose_multiple": ("theorems.foundations.linalg", la.check_annihilator_lemma),
    "linalg.euclidean_inner_product": ("theorems.foundations.linalg", la.check_euclidean_inner_product),
}


def _item(item_id):
    return {it.id: it for it in registered(ITEMS[item_id][0])}[item_id]


@functools.lru_cache(maxsize=None)
def _registered_run(item_id):
    it = _item(item_id)
    return run_verifier(it.verifier, item=it, kind=it.kind)


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_trusted_item_is_proved_for_every_size(item_id):
    """Old code: each verdict carried a declared scope or 'checked at sizes ... only'."""
    it = _item(item_id)
    assert it.scope == ""
    run = _registered_run(item_id)
    assert run.verdict == "proved", run
    records = [c.to_dict() for c in run.checks]
    assert verdict_scope(it, records) == ""
    claims = [c for c in run.checks if c.claim]
    assert claims and all(c.outcome == "proved" for c in claims)
    assert any("every" in c.name for c in claims)
    sweeps = [i for i, r in enumerate(records) if r["name"].startswith("sizes swept")]
    if sweeps:  # the fixed-size sweeps still run, and nothing after one decides
        assert not any(c.claim for c in run.checks[sweeps[0] + 1:])


def test_the_gram_deduction_cites_the_euclidean_formula():
    """#87's deduction rests on the cited formula of linalg.euclidean_inner_product, which states it."""
    assert la.EUCLIDEAN_POSITIVE_DEFINITE in _item("linalg.euclidean_inner_product").formulas
    assert "linalg.euclidean_inner_product" in _item("holonomic.reaction_transpose_multiple_lemma").uses
    run = _registered_run("holonomic.reaction_transpose_multiple_lemma")
    deductions = [c for c in run.checks if c.claim and c.method == "proof script" and "G_qG_qᵀ" in c.name]
    assert deductions and deductions[0].outcome == "proved"


def _claims_not_all_proved(run):
    return run.verdict != "proved" and any(c.claim and c.outcome != "proved" for c in run.checks)


# --- #87 -------------------------------------------------------------------------------------------------------

MULTIPLIER_MUTATIONS = {
    "drop the inverse": lambda G, R, M: G * R,
    "factor 2": lambda G, R, M: 2 * Inverse(G * G.T) * G * R,
    "mass-weighted": lambda G, R, M: Inverse(G * Inverse(M) * G.T) * G * R,
    "wrong sign": lambda G, R, M: -Inverse(G * G.T) * G * R,
    "transposed shapes (GᵀG)⁻¹GᵀR": lambda G, R, M: Inverse(G.T * G) * G.T * R,
}


@pytest.mark.parametrize("name", sorted(MULTIPLIER_MUTATIONS))
def test_87_wrong_multiplier_is_not_proved_for_every_size(name):
    run = run_verifier(es.check_transpose_multiple_every_size, multiplier=MULTIPLIER_MUTATIONS[name], **FAST)
    assert run.verdict != "proved"


@pytest.mark.parametrize("mutation", [dict(mass_factor=2), dict(injective=False),
                                      dict(gram=lambda G: 2 * G * G.T)])
def test_87_every_size_mutations_are_not_proved(mutation):
    it = _item("holonomic.reaction_transpose_multiple_lemma")
    run = run_verifier(hm.check_reaction_transpose_multiple, item=it, kind=it.kind, symbolic=False, samples=0,
                       every_size_mutation=mutation, **FAST)
    assert _claims_not_all_proved(run), run


def test_87_gram_deduction_without_the_rank_premise_is_not_checked():
    check = Checks(seed=0)
    record = check.deduction("gram", es.gram_positive_deduction(injective=False))
    assert record.outcome != "proved"


# --- #88 -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mutation", [dict(sign=1), dict(curvature_factor=0), dict(power_sign=1)])
def test_88_every_size_mutations_are_refuted(mutation):
    run = run_verifier(es.check_ideal_system_every_size, **mutation, **FAST)
    assert run.verdict == "refuted"


def test_88_registered_verifier_with_a_wrong_power_sign_is_not_proved():
    it = _item("holonomic.ideal_system_time_dependent_chart")
    run = run_verifier(hm.check_ideal_system_chart, item=it, kind=it.kind, samples=0, symbolic_sizes=(),
                       power_sizes=(), fixed_instance=False, every_size_mutation=dict(power_sign=1), **FAST)
    assert _claims_not_all_proved(run)
    assert any("every N, k" in c.name for c in run.checks if c.claim and c.outcome == "refuted")


# --- the annihilator lemma and the Euclidean inner product -------------------------------------------------------

@pytest.mark.parametrize("multiplier", [lambda A, l: 2 * Inverse(A * A.T) * A * l, lambda A, l: A * l,
                                        lambda A, l: -Inverse(A * A.T) * A * l],
                         ids=["factor 2", "no Gram inverse", "wrong sign"])
def test_annihilator_every_size_claim_fails_with_a_wrong_multiplier(multiplier):
    it = _item("linalg.annihilator_of_kernel_transpose_multiple")
    run = run_verifier(la.check_annihilator_lemma, item=it, kind=it.kind, symbolic_multiplier=multiplier,
                       symbolic_sizes=(), **FAST)
    assert _claims_not_all_proved(run)


def _dropped_last_term(x, y, n):
    i = sympy.Symbol("i", integer=True)
    return sympy.Sum(x(i) * y(i), (i, 0, n - 2))


def _alternating(x, y, n):
    i = sympy.Symbol("i", integer=True)
    return sympy.Sum((-1) ** i * x(i) * y(i), (i, 0, n - 1))


def _not_symmetric(x, y, n):
    i = sympy.Symbol("i", integer=True)
    return sympy.Sum(x(i) * (y(i) + y(0)), (i, 0, n - 1))


def _weighted(x, y, n):
    i = sympy.Symbol("i", integer=True)
    return sympy.Sum(2 * x(i) * y(i), (i, 0, n - 1))


@pytest.mark.parametrize("inner", [_dropped_last_term, _alternating, _not_symmetric, _weighted],
                         ids=["dropped last term", "alternating signs", "not symmetric", "weight 2"])
def test_euclidean_every_size_mutations_are_refuted(inner):
    run = run_verifier(la.check_euclidean_every_size, inner=inner, **FAST)
    assert run.verdict == "refuted", run


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(-2, 3).filter(lambda c: c != 0), st.integers(0, 2), st.integers(-1, 1))
def test_euclidean_every_size_accepts_only_the_page_pairing(coefficient, power, shift):
    """Σ_{i < n + shift} c·x_i^p·y_i^p: only c = 1, p = 1, shift = 0 (the statement's Σ x_i y_i) is proved."""
    def inner(x, y, n):
        i = sympy.Symbol("i", integer=True)
        return sympy.Sum(coefficient * x(i) ** power * y(i) ** power, (i, 0, n - 1 + shift))
    run = run_verifier(la.check_euclidean_every_size, inner=inner, **FAST)
    page = (coefficient, power, shift) == (1, 1, 0)
    assert (run.verdict == "proved") == page, run


# --- the chain rule (#111) and the Jacobian (#84), from the definition of the derivative -------------------------

import theorems.foundations.calculus_every_size as ce  # noqa: E402
import theorems.page1_variations.holonomic_chart as hc  # noqa: E402
import theorems.page4_regular_constraints.holonomic_datum_cited as hdc  # noqa: E402

CALCULUS_ITEMS = [(hc, "calculus.chain_rule_total_derivative"), (hdc, "calculus.jacobian_matrix_and_gradient")]


@pytest.mark.parametrize("module, item_id", CALCULUS_ITEMS, ids=[i for _, i in CALCULUS_ITEMS])
def test_calculus_item_is_proved_for_every_size(module, item_id):
    """Old code: 'm, p, r <= 3; checked at sizes ... (27 sizes) only' and 'n <= 3, k <= 2'."""
    it = {i.id: i for i in registered(module.__name__)}[item_id]
    assert it.scope == ""
    run = run_verifier(it.verifier, item=it, kind=it.kind)
    assert run.verdict == "proved", run
    assert verdict_scope(it, [c.to_dict() for c in run.checks]) == ""
    claims = [c for c in run.checks if c.claim]
    assert claims and all("every" in c.name and c.outcome == "proved" for c in claims)
    # no differentiation rule is cited: the every-size chain rule is not the cited one restated
    assert "calculus.chain_and_product_rules_every_size" not in it.all_uses


@pytest.mark.parametrize("mutation", [dict(product=lambda B, A: 2 * B * A), dict(product=lambda B, A: A * B),
                                      dict(product=lambda B, A: B), dict(product=lambda B, A: -B * A),
                                      dict(evaluate_outer_at_image=False)],
                         ids=["factor 2", "factors reversed", "Dg alone", "sign", "Dg at a"])
def test_chain_rule_every_size_mutations_are_refuted(mutation):
    run = run_verifier(ce.check_chain_rule_every_size, **mutation, **FAST)
    assert run.verdict == "refuted", run


@pytest.mark.parametrize("mutation", [dict(directional=lambda D, w: 2 * D * w), dict(directional=lambda D, w: D.T),
                                      dict(gradient=lambda D: 2 * D.T), dict(gradient=lambda D: D),
                                      dict(gradient=lambda D: -D.T)],
                         ids=["directional factor 2", "directional shape", "gradient factor 2", "gradient not transposed",
                              "gradient sign"])
def test_jacobian_every_size_mutations_are_refuted(mutation):
    run = run_verifier(ce.check_jacobian_every_size, **mutation, **FAST)
    assert run.verdict == "refuted", run
    it = {i.id: i for i in registered(hdc.__name__)}["calculus.jacobian_matrix_and_gradient"]
    registered_run = run_verifier(hdc.check_jacobian_and_gradient, item=it, kind=it.kind, randomized=False,
                                  every_size_mutation=mutation, **FAST)
    assert _claims_not_all_proved(registered_run)
