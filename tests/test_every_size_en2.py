"""Issue 38 (helper en2): Noether #19–#22 (and what rests on #19), proved for every n.

The definition ``noether.infinitesimal_point_symmetry_definition`` (#19) and the remarks #20–#22 declared ``n <= 3``
(their claim checks were generic jet-Symbol identities at n = 1, 2, 3).  Now their claim checks are identities of
opaque derivative values of symbolic size n (𝓛_q, 𝓛_v, ξ_q, B_q, ...), related by the cited chain rule of every size
and proved by the matrix-shape engine; the fixed-size checks support them.  Each test below fails on the old code
(the items had a scope, the every-n claims and their mutation parameters did not exist); each mutation breaks one
every-n claim, which must then be refuted (the item not ``proved``).
"""
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import run_verifier
from checker.kernel.evidence import verdict_scope
from checker.kernel.items import registered
import theorems.page1_variations.noether as nt
import theorems.page1_variations.noether_point_symmetry as ps
from theorems.page1_variations import noether_every_size as ne

ITEMS = {it.id: it for module in ("theorems.page1_variations.noether", "theorems.page1_variations.noether_point_symmetry")
         for it in registered(module)}
EVERY_N = [
    (ps.check_point_symmetry_definition, nt.DEFINITION_19, "defined", dict(generic_dims=(1,)), 2),
    (ps.check_first_order_reading, "noether.symmetry_identity_first_order_reading", "proved", dict(generic_dims=(1,)), 2),
    (ps.check_constant_field_case, "noether.constant_field_translation_case", "proved", dict(dims=(1,)), 4),
    (ps.check_total_derivative_operator, "noether.total_derivative_operator_Dt", "proved", dict(dims=(1,)), 2),
]


def _run(verifier, item_id, **claim):
    it = ITEMS[item_id]
    return run_verifier(verifier, item=it, kind=it.kind, profile="quick", **claim)


def _every_n_claims(run):
    return [c for c in run.checks if c.claim and c.name.startswith("every n:")]


@pytest.mark.parametrize("verifier, item_id, verdict, sizes, count", EVERY_N, ids=[c[1] for c in EVERY_N])
def test_every_n_claims_cover_every_size(verifier, item_id, verdict, sizes, count):
    it = ITEMS[item_id]
    assert it.scope == ""
    assert "calculus.chain_and_product_rules_every_size" in it.uses
    run = _run(verifier, item_id, **sizes)
    assert run.verdict == verdict, run
    claims = _every_n_claims(run)
    assert len(claims) == count
    assert all(c.outcome == "proved" and "every size of n" in c.detail for c in claims), claims
    # the fixed-size jet-Symbol checks only support: no sweep and no declared scope narrows the verdict
    assert verdict_scope(it, [c.to_dict() for c in run.checks]) == ""
    assert all(not c.claim for c in run.checks if c.name.startswith("n = "))


@pytest.mark.parametrize("verifier, item_id, claim", [
    (ps.check_point_symmetry_definition, nt.DEFINITION_19, dict(B_sign=-1, generic_dims=())),
    (ps.check_point_symmetry_definition, nt.DEFINITION_19, dict(charge_sign=-1, generic_dims=())),
    (ps.check_first_order_reading, "noether.symmetry_identity_first_order_reading", dict(velocity_rule="v", generic_dims=())),
    (ps.check_constant_field_case, "noether.constant_field_translation_case", dict(variation_sign=-1, dims=())),
    (ps.check_constant_field_case, "noether.constant_field_translation_case", dict(field=nt.AN + nt.QN, dims=())),
    (ps.check_total_derivative_operator, "noether.total_derivative_operator_Dt",
     dict(operator_n=lambda F_t, F_q, v: F_q.T * v, dims=())),
    (ps.check_total_derivative_operator, "noether.total_derivative_operator_Dt",
     dict(operator_n=lambda F_t, F_q, v: F_t + F_q.T * ne.VN, dims=())),
], ids=["#19 B sign", "#19 charge sign", "#20 velocity unchanged", "#21 variation sign", "#21 q-dependent field",
        "#22 drop phi_t", "#22 v not q'"])
def test_every_n_mutations_are_refuted(verifier, item_id, claim):
    run = _run(verifier, item_id, **claim)
    assert run.verdict == "refuted", run
    assert any(c.outcome == "refuted" for c in _every_n_claims(run)), run


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from([-1, 0, 1, 2]), st.sampled_from([-1, 0, 1, 2]), st.booleans())
def test_definition_residual_variants(B_coefficient, xi_coefficient, transpose_jacobian):
    """#19's every-n identity against variants of the seed's formula: only the seed's (1, 1, Dξ) is proved."""
    xi_rate = ne.field_chain_rule(ne.DXI, ne.VN)
    B_rate = ne.scalar_chain_rule(ne.B_T, ne.B_Q, None, sp.S.One, ne.VN, None)
    lhs = nt.scalar_form(ne.reparametrised_residual_n(ne.L_T, ne.L_Q, ne.L_V, ne.L_VALUE, ne.VN, ne.XI_N, xi_rate,
                                                      ne.ZERO_SCALAR, ne.ZERO_SCALAR, B_rate))
    jacobian = ne.DXI.T if transpose_jacobian else ne.DXI
    rhs = nt.scalar_form(xi_coefficient * ne.L_Q.T * ne.XI_N + ne.L_V.T * (jacobian * ne.VN)
                         - B_coefficient * (ne.B_T + ne.B_Q.T * ne.VN))

    def verifier(check):
        check.identity("every n: variant", lhs, rhs)
    run = run_verifier(verifier, profile="quick")
    true = (B_coefficient, xi_coefficient, transpose_jacobian) == (1, 1, False)
    assert (run.verdict == "proved") == true, run


def test_resting_items_no_longer_inherit_a_scope():
    """#7, #8 and #23 rest on #19 only among the narrowed items: with #19 unscoped nothing narrows them."""
    for item_id in (nt.BOOST_REMARK, "noether.solution_constancy_not_chart_symmetry",
                    "noether.velocity_variation_with_time_reparametrisation", nt.DEFINITION_19,
                    "noether.symmetry_identity_first_order_reading", "noether.constant_field_translation_case",
                    "noether.total_derivative_operator_Dt"):
        assert ITEMS[item_id].scope == "", item_id
