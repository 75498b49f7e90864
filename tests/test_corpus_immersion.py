"""Soundness tests for theorems.page1_variations.immersion (seed 001's reduced d'Alembert equation, the reduced mass matrix, #79, #81, #82).

Every verifier is run on its true claim (established, every symbolic check proved, the hypothesis analysis as the
catalogue says) and on mutated claims -- a dropped correction term, a wrong sign, a wrong reduced mass, a wrong
frequency, tangential friction, a necessity witness that does not violate its hypothesis -- each of which must be
refuted (or, for a witness, rejected by the hypothesis analysis).  Property-based tests exercise the toolkit.
"""
from __future__ import annotations

import functools

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Function, Matrix, Symbol

from checker import run_verifier
from checker.kernel.checks import is_not_run
from checker.kernel.items import registered
from theorems.page1_variations import immersion as im
from theorems.page1_variations.holonomic_chart import is_symmetric_positive_definite
from theorems.strategies import full_row_rank_matrices, spd_matrices

t, l, m, g, a, I_d = im.t, im.l, im.m, im.g, im.radius, im.inertia
ITEMS = {it.id: it for it in registered("theorems.page1_variations.immersion")}

TRUE_CLAIMS = [
    (im.COROLLARY_ID, im.check_reduced_dalembert_equation, ("proved",)),  # every n, m (issue 13 §4)
    (im.REMARK_ID, im.check_reduced_mass_spd, ("proved",)),
    (im.IMMERSIONS_ID, im.check_submersions_and_immersions, ("confirmed",)),
    (im.PENDULUM_ID, im.check_ideal_planar_pendulum, ("confirmed",)),
    (im.DISK_ID, im.check_rolling_disk_acceleration, ("proved",)),
]


def _run(item_id, verifier, profile="quick", **claim):
    it = ITEMS[item_id]
    return run_verifier(verifier, kind=it.kind, item=it, profile=profile, **claim)


@functools.lru_cache(maxsize=None)
def _true_run(item_id, verifier):
    return _run(item_id, verifier)


def _outcomes(run, prefix):
    found = [c.outcome for c in run.checks if c.name.startswith(prefix)]
    assert found, f"no check named {prefix!r} in {run}"
    return found


# ---------------------------------------------------------------------------
# the true claims pass, with the catalogue's hypothesis analysis
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("item_id, verifier, verdicts", TRUE_CLAIMS, ids=[c[0] for c in TRUE_CLAIMS])
def test_true_claim_is_established(item_id, verifier, verdicts):
    run = _true_run(item_id, verifier)
    assert run.verdict in verdicts, run
    assert all(c.outcome == "proved" for c in run.checks if c.method in ("symbolic", "proof script")), run
    assert all(not h.problems for h in run.hypotheses), run.hypotheses


def test_registered_items_are_the_catalogue_ids():
    assert set(ITEMS) == {im.COROLLARY_ID, im.REMARK_ID, im.IMMERSIONS_ID, im.PENDULUM_ID, im.DISK_ID}
    assert [h.id for h in ITEMS[im.COROLLARY_ID].assumes] == [h.id for h in im.HYPOTHESES]


def test_corollary_hypothesis_analysis():
    run = _true_run(im.COROLLARY_ID, im.check_reduced_dalembert_equation)
    assert run.hypothesis_status(im.H_IDEAL_REACTION) == "necessary"
    for h in (im.H_X_C3, im.H_IMMERSION, im.H_MASS_SPD):  # each block covers only some claim checks
        assert run.hypothesis_status(h) == "not analysed"
    for h in (im.H_DIMENSIONS, im.H_FORCE, im.H_CURVE):
        assert run.hypothesis_status(h) == "not analysed"
    proofs = [c for c in run.checks if c.method == "proof script"]
    assert len(proofs) == 3 and all(c.outcome == "proved" for c in proofs)
    randomized = [c for c in run.checks if c.method == "randomized"]
    # quick: a claim search draws >= 1 instance; a supporting search (a cross-check) is recorded as not run
    assert randomized and all(c.outcome == "confirmed" and c.instances >= 1 for c in randomized if c.claim)
    assert all(is_not_run(c) and c.instances == 0 and "quick profile" in c.scope for c in randomized if not c.claim)


def test_every_size_identities_decide_and_random_motions_only_support():
    for item_id, verifier in ((im.COROLLARY_ID, im.check_reduced_dalembert_equation),
                              (im.REMARK_ID, im.check_reduced_mass_spd)):
        run = _true_run(item_id, verifier)
        every = [c for c in run.checks if c.claim and "reduces to the zero matrix for every size" in c.detail]
        assert every and all(c.outcome == "proved" for c in every), run
        assert all(not c.claim for c in run.checks if c.method == "randomized"), run


def test_wrong_correction_sign_is_refuted_for_every_size():
    run = _run(im.COROLLARY_ID, im.check_reduced_dalembert_equation, correction_sign=1, sizes=(), samples=0)
    assert _outcomes(run, "(i) at each t, every n and m") == ["refuted"] and run.verdict == "refuted"


def test_remark_hypotheses_are_both_necessary():
    run = _true_run(im.REMARK_ID, im.check_reduced_mass_spd)
    assert run.hypothesis_status(im.H_IMMERSION) == "necessary"
    assert run.hypothesis_status(im.H_MASS_SPD) == "necessary"


def test_pendulum_period_is_measured_numerically():
    run = _true_run(im.PENDULUM_ID, im.check_ideal_planar_pendulum)
    numeric = [c for c in run.checks if c.method == "numerical"]
    assert len(numeric) == 3 and all(c.outcome == "confirmed" for c in numeric)


# ---------------------------------------------------------------------------
# mutated claims are refuted
# ---------------------------------------------------------------------------

SMALL = dict(sizes=((1, 2),), samples=0)  # the symbolic identity refutes; the randomized part is tested below
NO_PERIOD = dict(measure_period=False)


def _flipped_polar(r, th):
    return -im._polar_correction_claim(r, th)


MUTATIONS = [
    ("corollary: correction term dropped", im.COROLLARY_ID, im.check_reduced_dalembert_equation,
     dict(correction_sign=0, **SMALL)),
    ("corollary: correction with the wrong sign", im.COROLLARY_ID, im.check_reduced_dalembert_equation,
     dict(correction_sign=1, **SMALL)),
    ("corollary: tangential friction added to R", im.COROLLARY_ID, im.check_reduced_dalembert_equation,
     dict(friction=1, **SMALL)),
    ("corollary: polar correction sign", im.COROLLARY_ID, im.check_reduced_dalembert_equation,
     dict(polar_correction=_flipped_polar, **SMALL)),
    ("remark: injectivity dropped", im.REMARK_ID, im.check_reduced_mass_spd, dict(require_injective=False, samples=0)),
    ("remark (every size): reduced mass 2DXᵀMDX", im.REMARK_ID, im.check_reduced_mass_spd,
     dict(reduced=lambda D, M: 2 * D.T * M * D, samples=0)),
    ("remark (every size): reduced mass DXᵀDX", im.REMARK_ID, im.check_reduced_mass_spd,
     dict(reduced=lambda D, M: D.T * D, samples=0)),
    ("remark: definiteness dropped", im.REMARK_ID, im.check_reduced_mass_spd, dict(require_spd=False, samples=0)),
    ("immersions: bound reversed", im.IMMERSIONS_ID, im.check_submersions_and_immersions,
     dict(immersion_bound=lambda n, mm: mm <= n, samples=20)),
    ("pendulum: reduced mass m l", im.PENDULUM_ID, im.check_ideal_planar_pendulum, dict(reduced_mass=m * l, **NO_PERIOD)),
    ("pendulum: θ'' sign flipped", im.PENDULUM_ID, im.check_ideal_planar_pendulum,
     dict(equation=lambda th: (g / l) * sp.sin(th), **NO_PERIOD)),
    ("pendulum: frequency² 2g/l", im.PENDULUM_ID, im.check_ideal_planar_pendulum, dict(frequency_squared=2 * g / l)),
    ("pendulum: energy with +mgl cos θ", im.PENDULUM_ID, im.check_ideal_planar_pendulum,
     dict(energy=lambda th, om: m * l**2 * om**2 / 2 + m * g * l * sp.cos(th), **NO_PERIOD)),
    ("disk: reduced mass m + I/a", im.DISK_ID, im.check_rolling_disk_acceleration,
     dict(reduced_mass=m + I_d / a, offsets=(0,))),
    ("disk: x'' = f/m", im.DISK_ID, im.check_rolling_disk_acceleration, dict(acceleration=lambda f: f / m, offsets=(0,))),
]

#: mutations that also break a checked proof: no proof may be proved
BROKEN_PROOFS = {"corollary: correction term dropped", "corollary: correction with the wrong sign"}


@pytest.mark.parametrize("label, item_id, verifier, claim", MUTATIONS, ids=[mu[0] for mu in MUTATIONS])
def test_mutated_claim_is_refuted(label, item_id, verifier, claim):
    run = _run(item_id, verifier, **claim)
    assert run.verdict == "refuted", run
    if label in BROKEN_PROOFS:
        assert all(c.outcome != "proved" for c in run.checks if c.method == "proof script"), run


def test_friction_is_refuted_by_the_randomized_motions():
    """With R = normal part − x' the reduced equation fails on random motions (not only on the fixed parabola)."""
    run = _run(im.COROLLARY_ID, im.check_reduced_dalembert_equation, profile="default", friction=1, sizes=(), max_n=1,
               max_m=2, samples=4)
    assert _outcomes(run, "(i) along random motions")[0] == "refuted"
    assert _outcomes(run, "(i) along the motion q(t) = 1 + t")[0] == "refuted"


def test_wrong_frequency_is_refuted_by_the_measured_period_too():
    run = _run(im.PENDULUM_ID, im.check_ideal_planar_pendulum, frequency_squared=2 * g / l)
    assert _outcomes(run, "measured period")[0] == "refuted"
    assert _outcomes(run, "linearisation")[0] == "refuted"


# ---------------------------------------------------------------------------
# necessity witnesses that do not violate their hypothesis are rejected
# ---------------------------------------------------------------------------

Q1, Q2 = sp.symbols("q1 q2", real=True)
Q = Symbol("q", real=True)


@pytest.mark.parametrize("claim, hypothesis", [
    (dict(injectivity_witness=(Matrix([Q1 + Q2, Q1 - Q2]), [Q1, Q2], sp.eye(2))), im.H_IMMERSION),
    (dict(definiteness_witness=(Matrix([Q, Q]), [Q], sp.diag(1, 2))), im.H_MASS_SPD),
], ids=["injective X = (q1 + q2, q1 − q2)", "M = diag(1, 2) is SPD"])
def test_witness_satisfying_the_hypothesis_is_rejected(claim, hypothesis):
    run = _run(im.REMARK_ID, im.check_reduced_mass_spd, samples=3, **claim)
    assert run.hypothesis_status(hypothesis) != "necessary"
    problems = [p for h in run.hypotheses if h.assumption == hypothesis.id for p in h.problems]
    assert problems and "rejected" in problems[0]


def test_friction_witness_residual_is_minus_gamma():
    """The H7 witness: along q(t) = t the reduced residual m q'' − DXᵀF + correction is −γ (the pushing force)."""
    gamma = Symbol("gamma", positive=True)
    q = im._coordinates(1)
    eq = im.reduced_dalembert_equation(Matrix([q[0], 0]), q, t, m * sp.eye(2), Matrix([gamma, 0]))
    assert sp.simplify(eq.residual[0].xreplace({q[0].diff(t, 2): 0})) == -gamma


# ---------------------------------------------------------------------------
# the toolkit
# ---------------------------------------------------------------------------

def test_reduced_equation_of_the_polar_map():
    """Free motion in polar coordinates: DXᵀDX = diag(m, m r²), r'' = r θ'², θ'' = −2 r'θ'/r."""
    X, (r, th) = im._polar_map()
    eq = im.reduced_dalembert_equation(X, [r, th], t, m * sp.eye(2), Matrix([0, 0]))
    trig = lambda e: im._pythagorean(e, th)  # noqa: E731
    assert (eq.mass.applyfunc(trig) - sp.diag(m, m * r**2)).is_zero_matrix
    accel = eq.acceleration().applyfunc(trig)
    assert sp.cancel(accel[0] - r * th.diff(t)**2) == 0
    assert sp.cancel(accel[1] + 2 * r.diff(t) * th.diff(t) / r) == 0


def test_reduced_mass_matrix_accepts_symbols_and_functions():
    assert im.reduced_mass_matrix(Matrix([Q1 + Q2]), [Q1, Q2], Matrix([[1]])) == Matrix([[1, 1], [1, 1]])
    q = im._coordinates(1)
    assert im.reduced_mass_matrix(Matrix([q[0], 2 * q[0]]), q, sp.eye(2)) == Matrix([[5]])


@pytest.mark.parametrize("call, message", [
    (lambda: im.reduced_dalembert_equation(Matrix([Q, 0]), [Q], t, sp.eye(2), [0, 0]), "functions of t"),
    (lambda: im.reduced_dalembert_equation(Matrix([Function("q")(t) + t, 0]), [Function("q")(t)], t, sp.eye(2), [0, 0]),
     "explicitly"),
    (lambda: im.reduced_dalembert_equation(Matrix([Function("q")(t), 0]), [Function("q")(t)], t, sp.eye(3), [0, 0]),
     "must be 2x2"),
    (lambda: im.reduced_dalembert_equation(Matrix([Function("q")(t).diff(t), 0]), [Function("q")(t)], t, sp.eye(2),
                                           [0, 0]), "derivatives"),
    (lambda: im.reduced_mass_matrix(Matrix([Q, Q]), [Q], sp.eye(3)), "must be 2x2"),
    (lambda: im.generic_two_jet_map("X", [], 2), "at least one"),
    (lambda: im.is_immersion(Matrix([Q, Q]), [Q], at=[0, 1]), "expected 1"),
])
def test_bad_input_is_rejected_with_a_clear_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_is_immersion_decisions():
    assert im.is_immersion(Matrix([Q, Q]), [Q], everywhere=True)
    flat = im.is_immersion(Matrix([Q1 + Q2]), [Q1, Q2])
    assert not flat and flat.witness["kernel vector"] is not None
    rr, th = sp.symbols("r theta", real=True)
    polar = Matrix([rr * sp.cos(th), rr * sp.sin(th)])
    assert im.is_immersion(polar, [rr, th])  # generic rank 2
    nowhere_zero = im.is_immersion(polar, [rr, th], everywhere=True)
    assert not nowhere_zero and nowhere_zero.witness["point"][0] == 0
    assert not im.is_immersion(polar, [rr, th], at=[0, 1])
    assert im.is_immersion(polar, [rr, th], at=[1, 0])
    rp = Symbol("r", positive=True)
    assert im.is_immersion(polar.xreplace({rr: rp}), [rp, th], everywhere=True)


def test_generic_two_jet_map_has_symmetric_second_partials_and_no_third_derivatives():
    q = im._coordinates(2)
    X = im.generic_two_jet_map("Y", q, 1)
    assert sp.diff(X[0], q[0], q[1]) == sp.diff(X[0], q[1], q[0])
    assert isinstance(sp.diff(X[0], q[0], q[1], q[1]), sp.Derivative)


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 3).flatmap(lambda n: st.integers(n, 4).flatmap(
    lambda mm: st.tuples(full_row_rank_matrices(n, mm, 3, 2).map(lambda A: A.T), spd_matrices(mm, 2, 2)))))
def test_reduced_mass_is_spd_for_linear_immersions(instance):
    A, M = instance
    U = sp.symbols(f"u1:{A.cols + 1}", real=True)
    assert is_symmetric_positive_definite(im.reduced_mass_matrix(A * Matrix(U), U, M))


@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(-3, 3), min_size=4, max_size=4), spd_matrices(2, 2, 2))
def test_acceleration_solves_the_reduced_equation(coefficients, M):
    """For X(q) = (q, c0 + c1 q + c2 q² + c3 q³) the acceleration makes the residual vanish."""
    q = im._coordinates(1)
    c0, c1, c2, c3 = coefficients
    X = Matrix([q[0], c0 + c1 * q[0] + c2 * q[0]**2 + c3 * q[0]**3])
    F = Matrix([q[0].diff(t), -1])
    eq = im.reduced_dalembert_equation(X, q, t, M, F)
    residual = eq.residual.xreplace({q[0].diff(t, 2): eq.acceleration()[0]})
    assert sp.cancel(residual[0]) == 0
