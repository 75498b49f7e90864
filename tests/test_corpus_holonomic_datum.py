"""Soundness tests for theorems.page4_regular_constraints.holonomic_datum and its topic modules (seed 004's datum, its remarks, lemmas and counterexamples).

Every verifier is run once on its true claim (it must come out as established for its kind) and on mutated
claims -- a flipped sign, a dropped term, a wrong factor, a removed hypothesis, a wrong witness, a constructor
that skips a validation -- each of which must come out ``refuted`` (a mutated checked proof must not be
``proved``).  Property-based tests exercise the constructions (the datum constructor, consistent velocities,
the finite scleronomic models, the rank certificate, slice charts, implicit functions) over the strategies.
All verifier runs use the ``quick`` profile.
"""
from __future__ import annotations

import functools

import mpmath
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Matrix, Rational

from checker import run_verifier
from checker.kernel.items import registered
from checker.kernel.proof import check_proof
from theorems.page4_regular_constraints import holonomic_datum as hd
from theorems.strategies import polynomials, rationals

t, X = hd.t, hd.X
x1, x2, x3 = X[:3]
q = hd.q

ESTABLISHED = {"cited": ("proved", "confirmed"), "definition": ("defined",), "lemma": ("proved", "confirmed"),
               "remark": ("proved", "confirmed"), "counterexample": ("proved", "confirmed")}


def run(verifier, kind="theorem", **claim):
    return run_verifier(verifier, kind=kind, profile="quick", **claim)


# ---------------------------------------------------------------------------
# every item's verifier passes on the true claim
# ---------------------------------------------------------------------------

from theorems.page4_regular_constraints import (holonomic_datum_cited, holonomic_datum_remarks,  # noqa: E402,F401
                                                holonomic_datum_scleronomic, holonomic_datum_submanifold)

DATUM_MODULES = ("theorems.page4_regular_constraints.holonomic_datum", "theorems.page4_regular_constraints.holonomic_datum_cited", "theorems.page4_regular_constraints.holonomic_datum_scleronomic",
                 "theorems.page4_regular_constraints.holonomic_datum_remarks", "theorems.page4_regular_constraints.holonomic_datum_submanifold")
ITEMS = {it.id: it for name in DATUM_MODULES for it in registered(name)}

STATED_IDS = [
    "holonomic.constraint_model_definition", "calculus.c2_slice_submanifold_convention",
    "holonomic.instantaneous_locus_c2_submanifold", "holonomic.virtual_displacement_space_dimension",
    "holonomic.consistent_data", "holonomic.residual_reaction_unselective", "holonomic.scleronomic_rheonomic_definition",
    "holonomic.scleronomic_implies_Gt_vanishes", "holonomic.moving_locus_nonregular_Gt_zero",
    "holonomic.rank_regular_rheonomic_with_Gt_zero", "holonomic.scalar_rescaling_invariance",
    "holonomic.force_branch_vs_constrained_branch", "holonomic.ideal_reaction_not_work_statement",
    "holonomic.rank_loss_degeneration", "holonomic.nonconsistent_data_leave_locus",
    "reals.intervals_nine_order_convex_forms", "calculus.ck_maps_and_diffeomorphisms",
    "calculus.jacobian_matrix_and_gradient", "calculus.embedded_submanifolds_slice_charts",
    "calculus.regular_critical_points_values_level_sets", "calculus.tangent_space_regular_level_set",
    "calculus.parametrized_implicit_function_theorem_ck", "calculus.regular_level_set_is_embedded_submanifold",
    "linalg.rank_nullity",
]


def test_the_module_declares_the_catalogue_ids_with_sources():
    assert sorted(ITEMS) == sorted(STATED_IDS)
    for it in ITEMS.values():
        assert it.verifier is not None and it.title and it.statement and it.source, it
        if it.kind == "cited":
            assert it.cited_kind and it.source.startswith("cited:"), it
        else:
            assert it.source.startswith("seed 004_ff83f823a612679d.txt"), it


@functools.lru_cache(maxsize=None)
def _true_run(item_id):
    it = ITEMS[item_id]
    return run_verifier(it.verifier, kind=it.kind, item=it, profile="quick")


#: items whose every claim is symbolic: proved, not sampled
PROVED_NOT_SAMPLED = ["holonomic.moving_locus_nonregular_Gt_zero", "holonomic.rank_regular_rheonomic_with_Gt_zero",
                      "holonomic.residual_reaction_unselective", "holonomic.ideal_reaction_not_work_statement",
                      "holonomic.rank_loss_degeneration", "holonomic.force_branch_vs_constrained_branch"]

#: items upgraded to proved: symbolic claims decide, randomized and numerical checks only support
UPGRADED_TO_PROVED = ["holonomic.instantaneous_locus_c2_submanifold", "holonomic.virtual_displacement_space_dimension",
                      "holonomic.scleronomic_implies_Gt_vanishes", "holonomic.scalar_rescaling_invariance",
                      "holonomic.nonconsistent_data_leave_locus", "calculus.jacobian_matrix_and_gradient",
                      "holonomic.rank_regular_rheonomic_with_Gt_zero", "calculus.embedded_submanifolds_slice_charts"]


@pytest.mark.parametrize("item_id", STATED_IDS)
def test_true_claim_is_established(item_id):
    """Each item's verifier runs once here (xdist may send tests of one file to different workers, so the
    assertions about one run are made in one test)."""
    result = _true_run(item_id)
    assert result.verdict in ESTABLISHED[ITEMS[item_id].kind], result
    assert all(c.outcome == "proved" for c in result.checks if c.method in ("symbolic", "proof script")), result
    if item_id in PROVED_NOT_SAMPLED or item_id in UPGRADED_TO_PROVED:
        assert result.verdict == "proved", result
    if item_id in UPGRADED_TO_PROVED:
        assert all(not c.claim for c in result.checks if c.method in ("randomized", "numerical")), result


def test_the_proved_lists_name_stated_items():
    assert set(PROVED_NOT_SAMPLED) <= set(STATED_IDS) and set(UPGRADED_TO_PROVED) <= set(STATED_IDS)


# ---------------------------------------------------------------------------
# mutated claims are refuted
# ---------------------------------------------------------------------------

class _NoRankCheck(hd.HolonomicConstraintDatum):
    def _check_rank(self, t0, x0):
        return None


class _NoRangeCheck(hd.HolonomicConstraintDatum):
    def _check_k(self, k):
        return self.G.rows


class _NoLocusCheck(hd.HolonomicConstraintDatum):
    def _check_on_locus(self, t0, x0):
        return None


class _RejectsRheonomic(hd.HolonomicConstraintDatum):
    def __init__(self, G, *args, **kwargs):
        super().__init__(G, *args, **kwargs)
        if any(g.has(hd.t) for g in self.G):
            raise ValueError("refuses time-dependent constraints")


def _masses_without_sign_check(masses):
    return sp.diag(*[sp.sympify(mi) for mi in masses for _ in range(3)]) if masses else sp.zeros(0, 0)


def _static_consistency(datum, t0, x0, v0):  # forgets G_t
    return datum.on_locus(t0, x0) and all(hd._is_zero(e) for e in datum.jacobian_at(t0, x0) * Matrix(list(v0)))


def _wrong_sign_chart(phi, u, v, w):
    return hd.SliceChart(tuple(u), tuple(v), tuple(w), tuple(-p for p in phi))


def _inverse_wrong_chart():
    u, v, w = sp.symbols("u v w", real=True)
    chart = hd.slice_chart([u**2 - 3 * u], [u], [v], [w])

    class Wrong(hd.SliceChart):
        def inverse(self):
            return Matrix([self.u[0], self.w[0] - self.phi[0]])
    return Wrong(chart.u, chart.v, chart.w, chart.phi)


def _certificate_as_regular_value(g, var, c):
    return bool(hd.rank_on_locus_certificate([g], [var], level=[c]))


def _forward_only_closure(ambient, locus):
    locus = set(locus)
    return all((t2, x) in locus for (t1, x) in locus for (t2, y) in ambient if y == x and t2 > t1)


def _projection_onto_everything(ambient, locus):
    return set(locus) == set(ambient)


MUTATIONS = [
    ("intervals: eight forms claimed", hd.check_interval_forms, "cited", dict(claimed_count=8)),
    ("intervals: 'not attained' forgotten", hd.check_interval_forms, "cited", dict(lower_types=("unbounded", "closed"))),
    ("C^k: x|x| claimed C²", hd.check_ck_maps, "cited", dict(claimed_class_of_x_abs_x=2)),
    ("C^k: wrong inverse chart", hd.check_ck_maps, "cited", dict(polynomial_chart=_inverse_wrong_chart())),
    ("Jacobian transposed", hd.check_jacobian_and_gradient, "cited",
     dict(jacobian=lambda G, x: hd._jacobian(G, x).T, randomized=False, every_size=False)),
    ("Jacobian wrong factor", hd.check_jacobian_and_gradient, "cited",
     dict(jacobian=lambda G, x: 2 * hd._jacobian(G, x), randomized=False, every_size=False)),
    ("regular value = Gröbner certificate", hd.check_regular_values, "cited",
     dict(regular_value=_certificate_as_regular_value)),
    ("critical points of x³ − x wrong", hd.check_regular_values, "cited",
     dict(critical_points_of_cubic=[Rational(-1, 3), Rational(1, 3)])),
    ("rank-nullity with m instead of n", hd.check_rank_nullity, "cited",
     dict(nullity=lambda rows, cols, rank: rows - rank, symbolic_shapes=())),
    ("tangent space = row space", hd.check_tangent_space, "cited",
     dict(tangent_space=lambda J: [J.T], randomized=False)),
    ("smooth chart: a term dropped", hd.check_smooth_slice_charts, "cited",
     dict(chart=lambda u, v, w: hd.slice_chart([sp.sqrt(1 - u[0]**2)], u, v, w), randomized=False)),
    ("smooth chart: φ shifted (a wrong derivative)", hd.check_smooth_slice_charts, "cited",
     dict(chart=lambda u, v, w: hd.slice_chart([sp.sqrt(1 - u[0]**2 - u[1]**2) + u[0]], u, v, w), randomized=False)),
    ("IFT: derivative sign flipped", hd.check_parametrized_ift, "cited", dict(derivative_sign=1, sizes=((2, 1),))),
    ("level set: wrong dimension", hd.check_regular_level_set_submanifold, "cited",
     dict(dimension=lambda n, k: n, sizes=((2, 1),))),
    ("datum: rank not checked", hd.check_constraint_model_definition, "definition",
     dict(construction=_NoRankCheck, randomized=False)),
    ("datum: k range not checked", hd.check_constraint_model_definition, "definition", dict(construction=_NoRangeCheck)),
    ("datum: locus not checked", hd.check_constraint_model_definition, "definition", dict(construction=_NoLocusCheck)),
    ("datum: rejects valid rheonomic data", hd.check_constraint_model_definition, "definition",
     dict(construction=_RejectsRheonomic, randomized=False)),
    ("datum: masses not checked", hd.check_constraint_model_definition, "definition",
     dict(masses=_masses_without_sign_check)),
    ("consistent data: G_t dropped", hd.check_consistent_data, "definition",
     dict(consistency=_static_consistency, randomized=False)),
    ("slice chart: sign of φ flipped", hd.check_c2_slice_convention, "definition",
     dict(chart=_wrong_sign_chart, dims=((1, 1),))),
    ("locus: derivative sign flipped (matrix form, every size)", hd.check_instantaneous_locus_submanifold, "lemma",
     dict(derivative_sign=1, proof_sizes=(), randomized=False)),
    ("dim V claimed at every (t,x) ∈ O", hd.check_virtual_displacement_dimension, "lemma", dict(locus_only=False)),
    ("dim V: wrong off-locus witness", hd.check_virtual_displacement_dimension, "lemma",
     dict(witness={"G": x1**3 - x1, "point": (Rational(1, 2), 0, 0)})),
    ("dim V = 3N − k + 1", hd.check_virtual_displacement_dimension, "lemma",
     dict(dimension=lambda n, k: n - k + 1, randomized=False)),
    ("dim V: kernel parametrization with the wrong sign", hd.check_virtual_displacement_dimension, "lemma",
     dict(kernel_sign=1, randomized=False)),
    ("residual reaction: different initial data", hd.check_residual_reaction_unselective, "remark",
     dict(second_motion=2 * t)),
    ("residual reaction: second curve off the locus", hd.check_residual_reaction_unselective, "remark",
     dict(second_curve=[sp.cos(t), sp.sin(t), t])),
    ("residual reaction: first curve not ideal", hd.check_residual_reaction_unselective, "remark",
     dict(first_motion=t + t**2)),
    ("scleronomic: closure only forward in time", hd.check_scleronomic_definition, "definition",
     dict(closure=_forward_only_closure)),
    ("scleronomic: N = everything", hd.check_scleronomic_definition, "definition",
     dict(projection=_projection_onto_everything)),
    ("moving locus: regular presentation s − ut", hd.check_moving_locus_nonregular, "counterexample",
     dict(presentation=x1 - hd.u_speed * t)),
    ("moving locus: speed 0", hd.check_moving_locus_nonregular, "counterexample", dict(speed=0)),
    ("rank-regular rheonomic: L* = 0", hd.check_rank_regular_rheonomic, "counterexample", dict(L=0)),
    ("rank-regular rheonomic: connected window", hd.check_rank_regular_rheonomic, "counterexample",
     dict(window="connected")),
    ("rank-regular rheonomic: a moving first piece of G", hd.check_rank_regular_rheonomic, "counterexample",
     dict(first_piece=x1 + t - hd.T_star / 2)),
    ("rescaling: λ' = P⁻¹λ in the matrix algebra", hd.check_rescaling_invariance, "lemma",
     dict(symbolic_multiplier=lambda P, lam: P.I * lam, proof_sizes=(), randomized_sizes=())),
    ("nonconsistent data: multiplier sign flipped (every size)", hd.check_nonconsistent_data_leave_locus, "remark",
     dict(multiplier_sign=1, randomized=False)),
    ("Jacobian: a wrong factor on generic maps only", hd.check_jacobian_and_gradient, "cited",
     dict(jacobian=lambda G, x: hd._jacobian(G, x) * (1 if len(G) == 1 and len(x) == 3 else 2), randomized=False,
          every_size=False)),  # the toolkit's Jacobian decides only without the every-size proof (issue 38)
    ("force branch: initial conditions claimed sufficient", hd.check_force_branch_vs_constrained_branch, "remark",
     dict(initial_conditions_suffice=True)),
    ("reaction power: sign flipped", hd.check_ideal_reaction_not_work_statement, "remark", dict(power_sign=1)),
    ("rank loss: regular constraint", hd.check_rank_loss_degeneration, "remark", dict(constraint=[q[0]])),
    ("nonconsistent data: wrong slope factor", hd.check_nonconsistent_data_leave_locus, "remark",
     dict(law=lambda g0, h0, dt: g0 + 2 * dt * h0, randomized=False)),
]


@pytest.mark.parametrize("label, verifier, kind, mutation", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_mutated_claim_is_refuted(label, verifier, kind, mutation):
    result = run(verifier, kind, **mutation)
    assert result.verdict == "refuted", result


# mutations caught by a checked proof alone (the randomized parts switched off): a rejected proof is not a proof
PROOF_MUTATIONS = [
    ("locus: derivative sign flipped in the proof", hd.check_instantaneous_locus_submanifold, "lemma",
     dict(derivative_sign=1, proof_sizes=(1,), randomized=False, matrix_form=False)),
    ("rank loss: zero force, no contradiction", hd.check_rank_loss_degeneration, "remark", dict(force=0)),
    ("G_t = 0 from G = 0 at one instant only (no open set of times)", hd.check_scleronomic_implies_Gt_vanishes,
     "lemma", dict(on_open_time_set=False, randomized=False)),
]


@pytest.mark.parametrize("label, verifier, kind, mutation", PROOF_MUTATIONS, ids=[m[0] for m in PROOF_MUTATIONS])
def test_mutated_proof_is_not_proved(label, verifier, kind, mutation):
    result = run(verifier, kind, **mutation)
    assert result.verdict == "inconclusive", result
    assert any(c.method == "proof script" and c.outcome == "inconclusive" for c in result.checks), result


@pytest.mark.parametrize("mutation", [
    dict(scalar_multiplier=lambda rho, lam: rho * lam, proof_sizes=(1,), randomized_sizes=()),
    dict(matrix_multiplier=lambda P, lam: P.LUsolve(lam), proof_sizes=(2,), randomized_sizes=())])
def test_rescaling_proofs_at_fixed_k_support_and_reject_a_wrong_multiplier(mutation):
    """Issue 38: the rescaling lemma is decided for every k by matrix identities; the k = 1, 2 checked proofs support,
    and a wrong multiplier in them is still rejected (not proved) there."""
    result = run(hd.check_rescaling_invariance, "lemma", **mutation)
    proofs = [c for c in result.checks if c.method == "proof script"]
    assert proofs and all(c.outcome == "inconclusive" and not c.claim for c in proofs), result


def test_rescaling_product_rule_at_every_size_needs_G_zero():
    assert run(hd._rescaled_derivatives_every_size, "lemma").verdict == "proved"
    assert run(hd._rescaled_derivatives_every_size, "lemma", kept_term=1).verdict == "refuted"


def test_a_failing_supporting_check_is_not_hidden():
    # the numerical IFT check is supporting; with the sign flipped it fails, and the item is not proved
    result = run(hd.check_instantaneous_locus_submanifold, "lemma", derivative_sign=1, proof_sizes=(), sizes=((2, 1),))
    assert result.verdict in ("refuted", "error"), result


def test_rank_regular_rheonomic_facts_follow_the_datum():
    assert hd.restriction_to_window(sp.Piecewise((x1, (t > 0) & (t < hd.T_star)), (hd.L_star, True)), 0, hd.T_star) == x1
    assert hd.restriction_to_window(sp.Piecewise((x1, (t > 0) & (t < hd.T_star)), (hd.L_star, True)),
                                    2 * hd.T_star, 3 * hd.T_star) == hd.L_star
    assert hd.restriction_to_window(sp.Piecewise((x1, t < 1), (0, True)), 0, 2) is None  # straddles: undecided
    # with the item: its converse-clause deduction cites the items it uses
    result = run_verifier(hd.check_rank_regular_rheonomic, item=ITEMS["holonomic.rank_regular_rheonomic_with_Gt_zero"],
                          profile="quick", first_piece=x1 * x1 + x2)
    assert result.verdict == "proved", result  # another rank-regular time-independent piece is also a witness


def test_presentation_proofs_reject_a_moving_locus():
    for k in (1, 2):
        assert all(r.status == "checked" for r in check_proof(hd.presentation_Gt_proof(k)))
        assert any(r.status != "checked" for r in check_proof(hd.presentation_Gt_proof(k, scleronomic=False)))


def test_refutations_carry_witnesses():
    result = run(hd.check_virtual_displacement_dimension, "lemma", locus_only=False)
    refuted = [c for c in result.checks if c.outcome == "refuted"]
    assert refuted and all(c.witness for c in refuted)
    assert any("3" in c.detail for c in refuted)  # dim V = 3 = 3N at x1 = 1/√3


def test_mutated_proofs_are_not_proved():
    for k in (1, 2):
        assert all(r.status == "checked" for r in check_proof(hd.implicit_derivative_proof(k)))
        assert any(r.status != "checked" for r in check_proof(hd.implicit_derivative_proof(k, derivative_sign=1)))
    assert all(r.status == "checked" for r in check_proof(hd.x6_proof()))
    assert any(r.status != "checked" for r in check_proof(hd.x6_proof(sign=-1)))
    assert all(r.status == "checked" for r in check_proof(hd.no_ideal_motion_proof()))
    assert any(r.status != "checked" for r in check_proof(hd.no_ideal_motion_proof(force=0)))
    wrong = hd.rescaling_proof(1, lambda rho, lam: lam)  # λ' = λ
    assert any(r.status != "checked" for r in check_proof(wrong))


def test_second_derivative_formula_on_the_circle():
    # x1² + x2² = 1 near (0, 1): φ(u) = √(1 − u²), φ'(0) = 0, φ''(0) = −1
    with mpmath.workdps(30):
        f = hd.ImplicitFunction([x1**2 + x2**2 - 1], [x1, x2], [0, 1])
        assert f.v_idx == [1]
        assert abs(f.numerical_derivative(order=2)[0, 0] + 1) < mpmath.mpf(10) ** -15
        assert abs(f.second_derivative_formula()[0] + 1) < mpmath.mpf(10) ** -25
        assert abs(f.second_derivative_formula(sign=1)[0] - 1) < mpmath.mpf(10) ** -25
        g = hd.ImplicitFunction([x1 - x2**2 - x2], [x1, x2], [0, 0])  # v = x1 = φ(x2) = x2² + x2
        assert g.v_idx == [0]
        assert abs(g.numerical_derivative()[0, 0] - 1) < mpmath.mpf(10) ** -15
        assert abs(g.numerical_derivative(order=2)[0, 0] - 2) < mpmath.mpf(10) ** -12
        assert abs(g.second_derivative_formula()[0] - 2) < mpmath.mpf(10) ** -25


def test_finding_off_locus_is_recorded_inside_an_ok_item():
    result = _true_run("holonomic.virtual_displacement_space_dimension")
    finding = [c for c in result.checks if c.name.startswith("finding:")]
    assert finding and all(c.outcome == "proved" for c in finding)


def test_disconnected_window_is_essential():
    result = _true_run("holonomic.rank_regular_rheonomic_with_Gt_zero")
    names = " ".join(c.name for c in result.checks)
    assert "X6: when the time-line of x0 is an interval" in names and "connected window" in names
    [converse] = [c for c in result.checks if c.name.startswith("X6:")]
    assert converse.claim and converse.outcome == "proved" and "(deduction)" in converse.detail


# ---------------------------------------------------------------------------
# the constructions, property-based
# ---------------------------------------------------------------------------

SETTINGS = settings(max_examples=15, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@SETTINGS
@given(polynomials([t, x1, x2, x3], max_degree=2, max_terms=4, min_terms=1, max_num=5, max_den=3),
       st.lists(rationals(3, 2), min_size=4, max_size=4))
def test_datum_accepts_a_locus_point_iff_the_gradient_is_nonzero(P, point):
    G = sp.expand(P - P.xreplace(dict(zip([t, x1, x2, x3], point))))
    gradient = [sp.diff(G, v).xreplace(dict(zip([t, x1, x2, x3], point))) for v in (x1, x2, x3)]
    try:
        datum = hd.HolonomicConstraintDatum([G], X[:3], t, sample_point=(point[0], point[1:]))
        accepted = True
    except ValueError:
        accepted = False
    assert accepted == any(g != 0 for g in gradient)
    if accepted:
        assert len(datum.virtual_displacements(point[0], point[1:])) == 2
        assert hd.H_LOCUS_NONEMPTY.holds_for(datum)


@SETTINGS
@given(hd._graph_constraint_instances())
def test_nearest_permitted_velocity_is_consistent(instance):
    k, P, Q, base, w, t0 = instance
    datum = hd.HolonomicConstraintDatum(hd._graph_constraint(k, P, Q), X[:3], t)
    x0 = hd._point_on_graph(k, P, Q, base, t0)
    v = hd.nearest_permitted_velocity(datum, t0, x0, w)
    assert datum.is_consistent(t0, x0, v)
    assert datum.is_consistent(t0, x0, v + Matrix(datum.virtual_displacements(t0, x0)[0]))  # v + V is permitted


@SETTINGS
@given(hd._finite_models())
def test_scleronomic_formulations_agree(model):
    ambient, locus = model
    configurations = {x for (_, x) in ambient}
    assert hd.scleronomic_by_closure(ambient, locus) == hd.scleronomic_by_projection(ambient, locus) == \
        hd.scleronomic_by_search(ambient, locus, configurations)


@SETTINGS
@given(polynomials([x1, x2], max_degree=2, max_terms=4, min_terms=1, max_num=4, max_den=2),
       st.lists(rationals(3, 2), min_size=2, max_size=2))
def test_rank_certificate_is_sound_at_locus_points(P, point):
    G = sp.expand(P - P.xreplace({x1: point[0], x2: point[1]}))
    decision = hd.rank_on_locus_certificate([G], [x1, x2])
    if decision:
        assert hd.is_regular_point([G], [x1, x2], point)


@SETTINGS
@given(polynomials([sp.Symbol("u", real=True)], max_degree=3, max_terms=3, max_num=4, max_den=2))
def test_slice_chart_round_trip_for_polynomial_graphs(phi):
    u, v, w = sp.Symbol("u", real=True), sp.Symbol("v", real=True), sp.Symbol("w", real=True)
    chart = hd.slice_chart([phi], [u], [v], [w])
    assert sp.expand(hd._compose(chart.inverse(), [u, w], chart.forward()) - Matrix([u, v])) == sp.zeros(2, 1)
    assert sp.expand(hd._compose(chart.forward(), [u, v], Matrix([u, phi]))[1]) == 0


@SETTINGS
@given(hd._level_set_instances(((2, 1), (3, 2))))
def test_implicit_function_passes_through_the_base_point(instance):
    n, k, polys, point, offsets = instance
    G = hd._shifted_polynomials(polys, X[:n], point)
    if not hd.is_regular_point(G, X[:n], point):
        return
    with mpmath.workdps(30):
        f = hd.ImplicitFunction(G, X[:n], point)
        assert max(abs(a - b) for a, b in zip(f.phi(f.base_u), f.base_v)) < mpmath.mpf(10) ** -25


def test_mass_operator_and_hypothesis_predicates():
    M = hd.mass_operator([2, hd.m])
    assert M.shape == (6, 6) and M[0, 0] == 2 and M[5, 5] == hd.m
    for bad in ([], [0], [-1]):
        with pytest.raises(ValueError):
            hd.mass_operator(bad)
    cone = hd.HolonomicConstraintDatum([x1**2 + x2**2 - x3**2], X[:3], t)
    assert not hd.H_RANK_ON_LOCUS.holds_for(cone) and not hd.H_LOCUS_NONEMPTY.holds_for(cone)
    with pytest.raises(ValueError):
        hd.HolonomicConstraintDatum([x1**2 + x2**2 - x3**2], X[:3], t, sample_point=(0, (0, 0, 0)))
