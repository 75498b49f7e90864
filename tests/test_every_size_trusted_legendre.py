"""Issue 38: the trusted results #93, #94, #95 of seed 001 checked for every n (no narrowed scope in their verdicts).

``legendre.nonsingular_hessian_local_c1_inverse`` (#93) and ``hamiltonian.inverse_branch_hamilton_equations_energy``
(#94) declared ``n <= 3`` and checked their claims at n = 1, 2, 3; ``legendre.mechanical_lagrangian_hyperregular``
(#95) read "checked at sizes 1, 2 only" (a sweep of claim checks).  Now their claim checks are identities of opaque
derivative values of symbolic size n (the cited chain rule of every size), checked deductions from the cited
``linalg.determinant_criterion_invertibility`` (det ≠ 0 ⇒ invertible; positive definite ⇒ invertible) and scalar
proofs; the fixed-size checks only support.  The first test fails on the old code (the scopes); each mutation breaks
one every-n claim, which must then not be ``proved`` (and the run not either).
"""
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import run_verifier
from checker.kernel.evidence import verdict_scope
from checker.kernel.items import registered
import theorems.page1_variations.legendre as lg
from theorems.foundations.analytic_facts import DETERMINANT_CRITERION

ITEMS = {it.id: it for it in registered("theorems.page1_variations.legendre")}
# verifier, light arguments keeping one size of every supporting sweep, the number of every-n claim checks
EVERY_N = [
    (lg.LOCAL_INVERSE_ID, lg.check_nonsingular_hessian_local_inverse, dict(sizes=(1,), samples=2), 6),
    (lg.HAMILTON_ID, lg.check_hamilton_equations_energy, dict(sizes=(1,), examples=lg._hamilton_examples()[:1]), 6),
    (lg.MECHANICAL_ID, lg.check_mechanical_hyperregular, dict(symbolic_sizes=(1,), samples=0), 8),
]
#: the every-n parts alone (no fixed-size check can fail with them), for the mutations
NO_SUPPORT = {lg.LOCAL_INVERSE_ID: dict(sizes=(), samples=0), lg.HAMILTON_ID: dict(sizes=(), examples=()),
              lg.MECHANICAL_ID: dict(symbolic_sizes=(), samples=0)}
VERIFIERS = {item_id: verifier for item_id, verifier, _, _ in EVERY_N}


def _run(item_id, **claim):
    it = ITEMS[item_id]
    return run_verifier(VERIFIERS[item_id], item=it, kind=it.kind, **claim)


def _every_n(run):
    return [c for c in run.checks if c.claim and c.name.startswith("every n:")]


@pytest.mark.parametrize("item_id, verifier, light, count", EVERY_N, ids=[row[0] for row in EVERY_N])
def test_proved_for_every_n_with_no_narrower_scope(item_id, verifier, light, count):
    """Old code: #93 and #94 declared 'n <= 3' and all three verdicts read 'checked at sizes … only'."""
    it = ITEMS[item_id]
    assert it.kind == "cited" and it.scope == ""
    run = _run(item_id, **light)
    assert run.verdict == "proved", run
    every = _every_n(run)
    assert len(every) == count and all(c.outcome == "proved" for c in every), every
    records = [c.to_dict() for c in run.checks]
    assert verdict_scope(it, records) == ""
    sweeps = [i for i, r in enumerate(records) if r["name"].startswith("sizes swept")]
    assert sweeps, "the fixed-size checks still run, as support"
    assert not any(c.claim for c in run.checks[sweeps[0] + 1:])


def test_the_invertibility_steps_are_deductions_from_the_cited_criterion():
    for item_id in (lg.LOCAL_INVERSE_ID, lg.MECHANICAL_ID):
        assert DETERMINANT_CRITERION in ITEMS[item_id].uses
        deductions = [c for c in _run(item_id, **NO_SUPPORT[item_id]).checks if c.name.startswith("every n:")
                      and "deduction" in c.detail]
        assert len(deductions) == 1 and deductions[0].outcome == "proved" and "Invertible(" in deductions[0].detail


def _assert_broken(run, fragment):
    assert run.verdict != "proved", run
    broken = [c for c in _every_n(run) if c.outcome != "proved"]
    assert broken and any(fragment in c.name for c in broken), [(c.name, c.outcome) for c in run.checks]


# --- #93 ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mutation, fragment", [
    (dict(hessian_factor=2), "D_v(𝓛_v) = 𝓛_vv"),
    (dict(hessian_factor=-1), "D_v(𝓛_v) = 𝓛_vv"),
    (dict(det_product=lambda A, B: A.det() + B.det()), "det(𝓛_vv B)"),
    (dict(det_product=lambda A, B: 2 * A.det() * B.det()), "det(𝓛_vv B)"),
    (dict(inverse_derivative_n=lambda W: W), "D_pv̂ = 𝓛_vv⁻¹"),
    (dict(inverse_derivative_n=lambda W: W.T.I), "D_pv̂ = 𝓛_vv⁻¹"),
    (dict(inverse_derivative_n=lambda W: -W.I), "D_pv̂ = 𝓛_vv⁻¹"),
    (dict(nonsingular=False), "is invertible"),
])
def test_local_inverse_mutations_are_not_proved(mutation, fragment):
    _assert_broken(_run(lg.LOCAL_INVERSE_ID, **NO_SUPPORT[lg.LOCAL_INVERSE_ID], **mutation), fragment)


# --- #94 ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mutation, fragment", [
    (dict(q_sign=1), "H_q = −𝓛_q"),                   # wrong sign of H_q
    (dict(hamilton_sign=1), "claimed right side"),     # p' = +H_q: not the Euler–Lagrange equation
    (dict(energy_claim=lambda H_t, H_q, H_p: 0 * H_t), "dH/dt"),
    (dict(energy_claim=lambda H_t, H_q, H_p: H_t + H_q.T * H_p), "dH/dt"),
    (dict(energy_claim=lambda H_t, H_q, H_p: -H_t), "dH/dt"),
])
def test_hamilton_mutations_are_not_proved(mutation, fragment):
    _assert_broken(_run(lg.HAMILTON_ID, **NO_SUPPORT[lg.HAMILTON_ID], **mutation), fragment)


def test_hamilton_wrong_sign_breaks_the_energy_identity_too():
    run = _run(lg.HAMILTON_ID, **NO_SUPPORT[lg.HAMILTON_ID], hamilton_sign=1)
    assert [c.outcome for c in _every_n(run) if "dH/dt" in c.name] == ["refuted"]


# --- #95 ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mutation, fragment", [
    (dict(hamiltonian_n=lambda K, p: p.T * K * p / 2), "½pᵀK⁻¹p + U"),     # H = ½pᵀKp
    (dict(hamiltonian_n=lambda K, p: p.T * K.I * p), "½pᵀK⁻¹p + U"),       # the ½ dropped
    (dict(potential_sign=-1), "½pᵀK⁻¹p + U"),                              # H = ½pᵀK⁻¹p − U
    (dict(branch_n=lambda K, p: K * p), "the branch v = K⁻¹p"),
    (dict(branch_n=lambda K, p: K.I * p / 2), "the branch v = K⁻¹p"),
    (dict(inverse_rate_sign=1), "(K⁻¹)'"),
    (dict(spd=False), "K invertible"),
])
def test_mechanical_mutations_are_not_proved(mutation, fragment):
    inverse_rate = mutation.pop("inverse_rate_sign", None)
    if inverse_rate is not None:  # a parameter of the every-n helper: run it alone
        from checker.kernel.checks import Checks
        from theorems.page1_variations.legendre_every_size import mechanical_every_n
        check = Checks(seed=0)
        mechanical_every_n(check, spd_hypothesis=lg.H_KINETIC_SPD, inverse_rate_sign=inverse_rate)
        assert [c.outcome for c in check.checks if fragment in c.name] == ["refuted"]
        return
    _assert_broken(_run(lg.MECHANICAL_ID, **NO_SUPPORT[lg.MECHANICAL_ID], **mutation), fragment)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from([sp.Rational(1, 2), 1, 2, -1, sp.Rational(-1, 2)]), st.booleans())
def test_mechanical_hamiltonian_is_proved_only_with_half_inverse_kinetic_term(factor, inverse):
    """H = c·pᵀK^{±1}p + U: only c = ½ with K⁻¹ is proved for every n."""
    def claimed(K, p):
        return factor * p.T * (K.I if inverse else K) * p
    run = _run(lg.MECHANICAL_ID, **NO_SUPPORT[lg.MECHANICAL_ID], hamiltonian_n=claimed)
    assert (run.verdict == "proved") == (factor == sp.Rational(1, 2) and inverse), run
