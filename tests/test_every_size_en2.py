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


# --- Legendre #24, #25, #27, #28 for every n ---------------------------------------------------------------------

import theorems.page1_variations.legendre as lg  # noqa: E402
from theorems.page1_variations import legendre_every_size as le  # noqa: E402

LEGENDRE = {it.id: it for it in registered("theorems.page1_variations.legendre")}
LEGENDRE_EVERY_N = [
    (lg.CHART_ID, "defined", dict(sizes=(1,), conventions=False), 4),
    (lg.MAP_ID, "defined", dict(sizes=(1,)), 2),
    (lg.HYPERREGULARITY_ID, "defined", dict(sizes=(1,), examples=()), 3),
    ("legendre.hyperregular_implies_regular", "proved", dict(sizes=(1,)), 4),
]


def _legendre_run(item_id, profile="quick", **claim):
    it = LEGENDRE[item_id]
    return run_verifier(it.verifier, item=it, kind=it.kind, profile=profile, **claim)


@pytest.mark.parametrize("item_id, verdict, claim, count", LEGENDRE_EVERY_N, ids=[c[0] for c in LEGENDRE_EVERY_N])
def test_legendre_every_n_claims_cover_every_size(item_id, verdict, claim, count):
    it = LEGENDRE[item_id]
    assert it.scope == ""
    run = _legendre_run(item_id, profile="default", **claim)
    assert run.verdict == verdict, run
    claims = _every_n_claims(run)
    assert len(claims) == count and all(c.outcome == "proved" for c in claims), claims
    # the fixed-size sweep is supporting and recorded after every claim check: it does not narrow the scope
    assert verdict_scope(it, [c.to_dict() for c in run.checks]) == ""
    swept = [c for c in run.checks if "swept" in c.name]
    assert swept and all(not c.claim for c in run.checks[run.checks.index(swept[0]):])


@pytest.mark.parametrize("item_id, claim", [
    (lg.CHART_ID, dict(hessian_factor=sp.Rational(1, 2), sizes=(), conventions=False)),
    (lg.MAP_ID, dict(jacobian_order=1, sizes=())),
    (lg.HYPERREGULARITY_ID, dict(p_sign=-1, sizes=(), examples=())),
    ("legendre.hyperregular_implies_regular", dict(identity_factor=2, sizes=())),
], ids=["#24 Hessian factor", "#25 first-order Jacobian", "#27 H = −p·v − 𝓛", "#28 D_pv 𝓛_vv = 2I"])
def test_legendre_every_n_mutations_are_refuted(item_id, claim):
    run = _legendre_run(item_id, **claim)
    assert run.verdict == "refuted", run
    assert any(c.outcome == "refuted" for c in _every_n_claims(run)), run


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from([0, 1, 2]), st.sampled_from([None, "hessian", "hessian_t", "no_t"]))
def test_legendre_map_momentum_rows_variants(order, rows):
    """#25's every-n Jacobian rows against variants: only (𝓛_vt, 𝓛_vq, 𝓛_vv) with order 2 is established."""
    tau_dot = sp.Symbol("tau_dot")
    variants = {None: None, "hessian": le.HESSIAN * le.U_DIR, "hessian_t": le.HESSIAN.T * le.U_DIR + le.L_VT * tau_dot
                + le.L_VQ * le.A_DIR, "no_t": le.L_VQ * le.A_DIR + le.HESSIAN * le.U_DIR}
    run = run_verifier(lambda check: le.check_legendre_map_every_n(check, jacobian_order=order,
                                                                   momentum_rows=variants[rows]), profile="quick")
    assert (run.verdict == "proved") == (order == 2 and rows is None), run


def test_regular_not_hyperregular_rests_on_unscoped_definitions():
    """#29 rested on #24, #25, #27 (n <= 3); the own items below it now have no scope."""
    below, todo = set(), ["legendre.regular_not_hyperregular"]
    while todo:
        for ref in LEGENDRE[todo.pop()].all_uses:
            if ref in LEGENDRE and ref not in below:
                below.add(ref)
                todo.append(ref)
    own = [i for i in below if LEGENDRE[i].kind != "cited"]
    assert {lg.CHART_ID, lg.MAP_ID, lg.HYPERREGULARITY_ID} <= set(own)
    assert all(LEGENDRE[i].scope == "" for i in own), [(i, LEGENDRE[i].scope) for i in own]


# --- immersion #10 (and #11, which rests on it) for every n and m ------------------------------------------------

import theorems.page1_variations.immersion as im  # noqa: E402

IMMERSION = {it.id: it for it in registered("theorems.page1_variations.immersion")}


def _immersion_run(**claim):
    it = IMMERSION[im.COROLLARY_ID]
    return run_verifier(im.check_reduced_dalembert_equation, item=it, kind=it.kind, profile="quick", samples=0,
                        **claim)


def test_10_chain_rule_and_c2_finding_for_every_size():
    it = IMMERSION[im.COROLLARY_ID]
    assert it.scope == "" and IMMERSION[im.REMARK_ID].scope == ""
    assert "calculus.chain_and_product_rules_every_size" in it.all_uses
    run = _immersion_run(sizes=((1, 2),))
    assert run.verdict == "proved", run
    every = [c for c in run.checks if c.claim and ("x = X∘q, every n and m" in c.name or "X ∈ C² suffices" in c.name)]
    assert len(every) == 2 and all(c.outcome == "proved" for c in every)
    assert "every size of m, n" in every[0].detail and every[1].detail == "highest order 2"
    # the fixed-size chain rule (generic X, 2-jet model) and the fixed-size proofs only support
    assert all(not c.claim for c in run.checks if "(n, m) = (1, 2)" in c.name)
    assert verdict_scope(it, [c.to_dict() for c in run.checks]) == ""


@pytest.mark.parametrize("claim", [dict(curvature_factor=2), dict(curvature_factor=0), dict(derivative_order=3),
                                   dict(derivative_order=1)], ids=["2 X_qq", "no X_qq", "C³ claimed", "C¹ claimed"])
def test_10_every_size_mutations_are_refuted(claim):
    run = _immersion_run(sizes=(), **claim)
    assert run.verdict == "refuted", run
    assert any(c.outcome == "refuted" and "every n and m" in c.name for c in run.checks if c.claim), run
