"""Soundness tests for theorems.page1_variations.legendre (seed 001's Legendre map, regularity, hyperregularity, Hamiltonian).

Every verifier is run on its true claim (it must come out defined / proved / confirmed, every symbolic check proved)
and on mutated claims -- a wrong Hessian factor, the wrong sign of U in H, a wrong inverse branch, a Lagrangian
offered as hyperregular that is not, the zero Lagrangian offered as regular, a flipped sign in Hamilton's equations --
each of which must come out ``refuted`` (a mutated checked proof must not be ``proved``).  The expected-to-fail claim
"regularity is exactly local invertibility" is refuted by its witness and not refuted without it.  Toolkit tests
exercise legendre_map, is_regular, hamiltonian, is_hyperregular and hamilton_equations directly, in both conventions.
"""
from __future__ import annotations

from corpus_helpers import outcomes

import functools

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational

from checker import run_verifier
from checker.kernel.items import registered
from theorems.page1_variations import legendre as lg
from theorems.page1_variations import legendre_every_size as les
from theorems.strategies import rational_matrices, spd_matrices

ITEMS = {it.id: it for it in registered("theorems.page1_variations.legendre")}
t, Q, V, P = lg.t, lg.Q, lg.V, lg.P
Q1, Q2, V1, V2 = lg.Q1, lg.Q2, lg.V1, lg.V2
m, U, X = lg.m, lg.U, lg.X

TRUE_CLAIMS = [
    (lg.CHART_ID, ("defined",)),
    (lg.MAP_ID, ("defined",)),
    (lg.REGULARITY_ID, ("defined",)),
    (lg.HYPERREGULARITY_ID, ("defined",)),
    ("legendre.hyperregular_implies_regular", ("proved",)),
    ("legendre.regular_not_hyperregular", ("proved",)),
    (lg.LOCAL_INVERSE_ID, ("proved",)),
    (lg.HAMILTON_ID, ("proved",)),
    (lg.MECHANICAL_ID, ("proved",)),
    (lg.WITNESSES_ID, ("proved",)),
    (lg.SCOPE_ID, ("proved",)),
]


def _run(item_id, profile="quick", **claim):
    it = ITEMS[item_id]
    return run_verifier(it.verifier, kind=it.kind, item=it, profile=profile, **claim)


@functools.lru_cache(maxsize=None)
def _true_run(item_id):
    return _run(item_id)


_outcomes = outcomes


# ---------------------------------------------------------------------------
# the true claims pass, the false one is refuted by its witness
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("item_id, verdicts", TRUE_CLAIMS, ids=[i for i, _ in TRUE_CLAIMS])
def test_true_claim_is_established(item_id, verdicts):
    run = _true_run(item_id)
    assert run.verdict in verdicts, run
    symbolic = [c for c in run.checks if c.method in ("symbolic", "proof script")]
    assert all(c.outcome == "proved" for c in symbolic), run


def test_exactly_local_invertibility_is_refuted_by_the_quartic():
    run = _run("legendre.regularity_exactly_local_invertibility_claim")
    assert run.verdict == "refuted"
    assert _outcomes(run, "the claimed equivalence") == ["refuted"]
    # what does hold: the bijectivity facts and the corrected (C¹-inverse) equivalence
    assert _outcomes(run, "the corrected equivalence") == ["proved"]
    assert all(c.outcome == "proved" for c in run.checks if not c.name.startswith("the claimed"))
    witness = [c for c in run.checks if c.name.startswith("the claimed")][0].witness["witness"]
    assert witness["locally invertible"] is True and witness["regular at v0"] is False


def test_exactly_local_invertibility_is_not_refuted_for_a_regular_lagrangian():
    """Without the witness (𝓛 = v²/2 at 0) the claimed equivalence holds: the refutation is the quartic's doing."""
    run = _run("legendre.regularity_exactly_local_invertibility_claim", lagrangian=V**2 / 2, point=0)
    assert run.verdict == "proved", run


def test_necessity_witnesses_are_accepted():
    assert _true_run("legendre.hyperregular_implies_regular").hypothesis_status(lg.H_INVERSE_C1) == "necessary"
    assert _true_run(lg.LOCAL_INVERSE_ID).hypothesis_status(lg.H_HESSIAN_NONSINGULAR) == "necessary"
    assert _true_run(lg.MECHANICAL_ID).hypothesis_status(lg.H_KINETIC_SPD) == "necessary"
    assert _true_run(lg.MECHANICAL_ID).hypothesis_status(lg.H_MECHANICAL_DATA_C2) == "not analysed"


def test_the_checked_proofs_are_proofs():
    # every size of the sweeps (n = 1..3): the default profile (quick runs the first only)
    run = _run("legendre.hyperregular_implies_regular", profile="default")
    proofs = [c for c in run.checks if c.method == "proof script"]
    assert [c.outcome for c in proofs] == ["proved"] * 4  # every n (the claim), then n = 1..3 (supporting)
    assert [c.claim for c in proofs] == [True, False, False, False]
    run = _run(lg.HAMILTON_ID, profile="default")
    assert [c.outcome for c in run.checks if c.method == "proof script"] == ["proved", "proved", "proved"]


# ---------------------------------------------------------------------------
# mutated claims are refuted
# ---------------------------------------------------------------------------

def _half_gradient(L, q, v):
    return [L.diff(s) / 2 for s in v]


ROOT_CLAIM = ("√(1 + v²) offered as hyperregular", lg.ROOT, -sp.sqrt(1 - P**2))
WRONG_U_SIGN = ("½ m v² − U(t, q) with H = p²/2m − U", m * V**2 / 2 - U(t, Q), P**2 / (2 * m) - U(t, Q))
ZERO_AS_REGULAR = (("the zero Lagrangian", sp.S.Zero, [Q], [V], True, ()),)

MUTATIONS = [
    ("chart: Hessian with a factor ½", lg.CHART_ID, dict(hessian_factor=Rational(1, 2), sizes=(1,), conventions=False)),
    ("map: momentum ½𝓛_v", lg.MAP_ID, dict(momentum_of=_half_gradient, generic=False)),
    ("map: Jacobian of first order (F ∈ C² claimed)", lg.MAP_ID, dict(jacobian_order=1)),
    ("regularity: the zero Lagrangian claimed regular", lg.REGULARITY_ID, dict(examples=ZERO_AS_REGULAR)),
    ("hyperregularity: √(1+v²) offered as hyperregular", lg.HYPERREGULARITY_ID, dict(examples=(ROOT_CLAIM,))),
    ("hyperregularity: H with the wrong sign of U", lg.HYPERREGULARITY_ID, dict(examples=(WRONG_U_SIGN,))),
    ("counterexample: 𝓛_v = 1/2 claimed unattained", "legendre.regular_not_hyperregular", dict(bound=Rational(1, 2))),
    ("counterexample: det Hess = −2e^{2v1} (wrong Hessian factor)", "legendre.regular_not_hyperregular",
     dict(hessian_det=-2 * sp.exp(2 * V1))),
    ("counterexample: period π", "legendre.regular_not_hyperregular", dict(period=sp.pi)),
    ("local inverse: D_pv = 𝓛_vv (not its inverse)", lg.LOCAL_INVERSE_ID,
     dict(inverse_derivative=lambda L, v, b: sp.hessian(L, v).xreplace(dict(zip(v, b))), samples=3)),
    ("Hamilton: p' = +H_q (on a branch)", lg.HAMILTON_ID, dict(hamilton_sign=1, sizes=(), examples=lg._hamilton_examples()[-1:])),
    ("mechanical, every n: wrong inverse branch v = Kp", lg.MECHANICAL_ID,
     dict(branch_n=lambda K, p: K * p, samples=0, symbolic_sizes=())),
    ("mechanical, every n: H = ½pᵀK⁻¹p − U", lg.MECHANICAL_ID, dict(potential_sign=-1, samples=0, symbolic_sizes=())),
    ("local inverse, every n: det(AB) = det A + det B", lg.LOCAL_INVERSE_ID,
     dict(det_product=lambda A, B: A.det() + B.det(), sizes=(), samples=0)),
    ("witnesses: ½v² offered as not hyperregular", lg.WITNESSES_ID, dict(bounded=V**2 / 2)),
    ("scope: momentum transforms as A p", lg.SCOPE_ID, dict(transform=lambda A, p: A * p, matrix=[[1, 2], [0, 1]])),
]


@pytest.mark.parametrize("label, item_id, claim", MUTATIONS, ids=[m_[0] for m_ in MUTATIONS])
def test_mutated_claim_is_refuted(label, item_id, claim):
    run = _run(item_id, **claim)
    assert run.verdict == "refuted", run


#: mutations that the fixed-size checks catch; those checks only support the every-n claims (issue 38), so a failing
#: one makes the run an error (a claim check may be refuted too)
SUPPORT_MUTATIONS = [
    ("mechanical: H = ½pᵀK⁻¹p − U", lg.MECHANICAL_ID, dict(potential_sign=-1, samples=0, symbolic_sizes=(1,))),
    ("mechanical: wrong inverse branch v = Kp", lg.MECHANICAL_ID,
     dict(branch_of=lambda K, p: K * p, samples=0, symbolic_sizes=(1,))),
    ("local inverse: A adj A = 2 det A · I", lg.LOCAL_INVERSE_ID, dict(adjugate_factor=2, sizes=(2,), samples=3)),
    ("local inverse: det(AB) = det A + det B", lg.LOCAL_INVERSE_ID,
     dict(det_product=lambda A, B: A.det() + B.det(), sizes=(2,), samples=3)),
]


@pytest.mark.parametrize("label, item_id, claim", SUPPORT_MUTATIONS, ids=[m_[0] for m_ in SUPPORT_MUTATIONS])
def test_mutated_supporting_check_is_not_proved(label, item_id, claim):
    run = _run(item_id, **claim)
    assert run.verdict == "error", run
    assert any(not c.claim and c.outcome == "refuted" for c in run.checks)


def test_every_n_and_supporting_checks():
    """#95: the every-n MatrixSymbol identities are proved for every size; random SPD matrices (#95) and random
    matrices (#93) only support the symbolic claims."""
    run = _true_run(lg.MECHANICAL_ID)
    every = [c for c in run.checks if c.name.startswith("every n:")]
    assert len(every) == 8 and all(c.outcome == "proved" and c.claim for c in every)
    assert all("every size of n" in c.detail for c in every if c.method != "proof script")  # and one deduction
    for item_id in (lg.MECHANICAL_ID, lg.LOCAL_INVERSE_ID):
        randomized = [c for c in _true_run(item_id).checks if c.method == "randomized"]
        assert randomized and not any(c.claim for c in randomized)


def test_scopes_and_trusted_results():
    for item_id in (lg.LOCAL_INVERSE_ID, lg.HAMILTON_ID):
        assert ITEMS[item_id].scope == "", item_id  # every n (issue 38: tests/test_every_size_trusted_legendre.py)
    for item_id in (lg.CHART_ID, lg.MAP_ID, lg.HYPERREGULARITY_ID, "legendre.hyperregular_implies_regular"):
        assert ITEMS[item_id].scope == "", item_id  # every n (issue 38: tests/test_every_size_en2.py)
    assert ITEMS[lg.MECHANICAL_ID].scope == ""
    for item_id in (lg.LOCAL_INVERSE_ID, lg.REGULARITY_ID):
        assert "calculus.inverse_function_theorem" in ITEMS[item_id].all_uses


def test_broken_proofs_are_not_proved():
    run = _run("legendre.hyperregular_implies_regular", identity_factor=2, sizes=(3,))
    assert run.verdict not in ("proved", "confirmed"), run
    run = _run("legendre.hyperregular_implies_regular", identity_factor=2, sizes=(1,))
    assert run.verdict not in ("proved", "confirmed"), run
    assert _outcomes(run, "v(t, q, 𝓛_v(t, q, w)) = w") == ["inconclusive"]
    run = _run(lg.HAMILTON_ID, q_sign=1, sizes=(1,), examples=())
    assert _outcomes(run, "H_p = w") == ["inconclusive"], run  # the supporting proof at n = 1
    assert run.verdict == "refuted"  # the every-n claim H_q = +𝓛_q


# ---------------------------------------------------------------------------
# the toolkit
# ---------------------------------------------------------------------------

def test_legendre_map_in_both_conventions():
    functions = lg.legendre_map(m * X.diff(t) ** 2 / 2 - U(t, X), [X], t)
    assert functions.momentum == Matrix([m * X.diff(t)]) and functions.hessian == Matrix([[m]])
    assert functions.components == (t, X, m * X.diff(t))
    assert functions.jacobian() == Matrix([[1, 0, 0], [0, 1, 0], [0, 0, m]])
    symbols = lg.legendre_map(lg.EXP_COS, [Q1, Q2], t, v=[V1, V2])
    assert symbols.at({V1: 0, V2: 0}) == (t, Q1, Q2, 1, 0)
    assert sp.simplify(symbols.hessian.det() + sp.exp(2 * V1)) == 0


def test_bad_inputs_raise_clear_errors():
    with pytest.raises(ValueError, match="velocity Symbols"):
        lg.legendre_map(V**2, [Q], t)
    with pytest.raises(ValueError, match="do not pass v"):
        lg.legendre_map(X.diff(t) ** 2, [X], t, v=[V])
    with pytest.raises(ValueError, match="must all be functions"):
        lg.legendre_map(V**2, [X, Q], t, v=[V, V1])
    with pytest.raises(ValueError, match="not a variable"):
        lg.is_regular(V**2, [Q], t, at={V1: 0}, v=[V])
    with pytest.raises(ValueError, match="as many momenta"):
        lg.hamilton_equations(P**2, [Q, Q1], [P], t)


def test_is_regular_decisions_and_witnesses():
    quartic = lg.is_regular(lg.QUARTIC, [Q], t, v=[V])
    assert not quartic and quartic.details["point"] == {V: 0}
    assert lg.is_regular(lg.QUARTIC, [Q], t, at={V: 1}, v=[V])
    zero = lg.is_regular(0, [X], t)
    assert not zero and zero.witness["det L_vv"] == 0
    assert lg.is_regular(lg.ROOT, [Q], t, v=[V]).certificate["sign"] == "positive"
    assert lg.is_regular(lg.EXP_COS, [Q1, Q2], t, v=[V1, V2]).certificate["sign"] == "negative"
    moving = lg.is_regular(V**3 / 6 - t * V**2 / 2, [Q], t, v=[V])  # 𝓛_vv = v − t vanishes on v = t
    assert not moving
    point = moving.details["point"]
    assert point[V] == point[t]
    c = sp.Symbol("c", real=True)
    # regular iff c > 0: undecided for a parameter of unknown sign (an undecided Decision since issue 12)
    assert lg.is_regular(V**4 + c * V**2, [Q], t, v=[V]).undecided


def test_hamiltonian_branches_and_errors():
    mech = lg.hamiltonian(m * X.diff(t) ** 2 / 2 - U(t, X), [X], t)
    px = mech.momenta[0]
    assert mech.branch == {X.diff(t): px / m} and sp.expand(mech.hamiltonian - px**2 / (2 * m) - U(t, X)) == 0
    assert mech.verification == "symbolic"
    root = lg.hamiltonian(lg.ROOT, [Q], t, v=[V], momenta=[P])
    assert sp.simplify(root.branch[V].subs(P, Rational(3, 5)) - Rational(3, 4)) == 0  # the other sign was rejected
    with pytest.raises(lg.NoInverseBranch):
        lg.hamiltonian(0, [Q1, Q2], t, v=[V1, V2])
    with pytest.raises(lg.SeveralInverseBranches) as info:
        lg.hamiltonian(lg.QUARTIC, [Q], t, v=[V])
    assert len(info.value.branches) == 2  # p^{1/3} (real for p > 0) and a branch real for p < 0
    first = lg.hamiltonian(lg.QUARTIC, [Q], t, v=[V], momenta=[P], branch=0)
    assert first.branch[V] == P ** Rational(1, 3)


def test_hamilton_equations_both_conventions():
    H = P**2 / (2 * m) + Q**2 / 2
    eqs = lg.hamilton_equations(H, [Q], [P], t)
    q_, p_ = Function("q", real=True)(t), Function("p", real=True)(t)
    assert eqs == [sp.Eq(q_.diff(t), p_ / m), sp.Eq(p_.diff(t), -q_)]


def test_is_hyperregular_decisions():
    assert lg.is_hyperregular(m * V**2 / 2 - U(t, Q), [Q], t, v=[V])
    root = lg.is_hyperregular(lg.ROOT, [Q], t, v=[V])
    assert not root and root.witness["real solutions"] == [] and abs(sp.sympify(root.witness["point"]["p_q"])) >= 1
    assert not lg.is_hyperregular(sp.exp(V), [Q], t, v=[V])
    assert not lg.is_hyperregular(lg.QUARTIC, [Q], t, v=[V])  # bijective, but not regular at 0


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(1, 3).flatmap(lambda n: st.tuples(spd_matrices(n, 2, 2), rational_matrices(n, 1, 3, 2))))
def test_random_quadratic_lagrangians_have_the_affine_branch(data):
    K, b = data
    n = K.rows
    q, v, p = lg._chart_symbols(n)
    L = sp.expand((Matrix(v).T * K * Matrix(v))[0, 0] / 2 + (b.T * Matrix(v))[0, 0]) - U(t, *q)
    found = lg.hamiltonian(L, q, t, v=v, momenta=p, simplify=False)
    assert (found.velocity() - K.LUsolve(Matrix(p) - b)).applyfunc(sp.expand).is_zero_matrix
    assert sp.expand(found.hamiltonian - ((Matrix(p) - b).T * K.LUsolve(Matrix(p) - b))[0, 0] / 2 - U(t, *q)) == 0
    assert lg.is_regular(L, q, t, v=v)


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(1, 3).flatmap(lambda n: rational_matrices(n, n, 2, 1)))
def test_regularity_of_quadratic_forms_is_det_nonzero(B):
    K = B + B.T
    n = K.rows
    q, v, _ = lg._chart_symbols(n)
    L = sp.expand((Matrix(v).T * K * Matrix(v))[0, 0] / 2)
    assert bool(lg.is_regular(L, q, t, v=v)) == (K.det() != 0)


def test_every_n_wrong_variants_are_not_proved():
    """The every-n identities of #95 reject wrong variants; the symmetry of K = M + Mᵀ is what 𝓛_v = Kv needs."""
    from checker.kernel.checks import Checks
    c = Checks()
    V_, D_, K_, M_ = lg.V_N, lg.D_N, lg.K_N, lg.M_N

    def slope(K):
        return les.scalar_form(les.matrix_derivative((V_.T * K * V_) / 2, les._direction_rule(V_, D_)).doit())
    assert c.identity("𝓛_v = Kv", slope(K_), les.scalar_form(D_.T * K_ * V_)).outcome == "proved"
    assert c.identity("𝓛_v = 2Kv", slope(K_), les.scalar_form(2 * D_.T * K_ * V_)).outcome == "refuted"
    assert c.identity("non-symmetric M: 𝓛_v = Mv", slope(M_), les.scalar_form(D_.T * M_ * V_)).outcome == "refuted"
    assert c.identity("K⁻¹(Kv) = 2v", K_.I * (K_ * V_), 2 * V_).outcome == "refuted"
