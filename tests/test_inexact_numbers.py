"""No exact decision on floating-point numbers: sympy rounds arithmetic on floats.

``(x + 1)(x + ε) − ε`` with ``ε = 1e-17`` expands to ``x**2 + 1.0*x`` (1 + 1e-17 rounds to 1), so the identity engine
once **proved** ``(x + 1)(x + ε) − ε = x² + x``, which is false for the numbers written (and for their binary values),
and the toolkit's zero test said "zero" of the difference.  Rounding can hide a non-zero (a false proof) or create
one (``0.1 + 0.2 − 0.3``: a false counterexample of a decimal identity), so a claim, proof step or decision input
holding a float is never decided: ``inconclusive`` / ``unchecked`` / ``undecided``, with the floats named.

The false claims are false by construction: the residual is ``ε·A`` with ``A`` a non-zero polynomial and ``ε ≠ 0``.
"""
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import run_verifier
from checker.kernel.proof import Proof, check_proof
from checker.kernel.engine.symbolic import inexact_numbers
from checker.kernel.engine.zero import zero_test
from theorems.toolkit.frobenius import is_involutive
from theorems.toolkit.legendre import is_regular
from theorems.toolkit.linear_algebra import rational_identity
from theorems.toolkit.strategies import polynomials
from theorems.toolkit.symmetry import is_first_integral
from theorems.toolkit.zero_handling import ZeroUndecided, eliminate, zero_state

SETTINGS = settings(max_examples=15, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])

x, y = sp.symbols("x y")
t = sp.Symbol("t", real=True)
NONCONSTANT = polynomials([x, y], max_degree=2, max_terms=3).filter(lambda p: p.free_symbols)
#: floats so small that 1 + ε rounds to 1 at sympy's default precision (and a few ordinary ones)
EPSILONS = st.one_of(st.builds(lambda m, k: sp.Float(m) * sp.Float(10) ** -k, st.integers(1, 9), st.integers(17, 40)),
                     st.sampled_from([sp.Float("0.1"), sp.Float("0.5"), sp.Float("2.0"), sp.Float("1e-3")]))


def _rounding_claim(A, eps):
    """``(A + 1)(A + ε) − ε = A² + A``: false whenever ε ≠ 0 and A ≢ 0 (the residual is ε·A)."""
    return (A + 1) * (A + eps) - eps, A**2 + A


@SETTINGS
@given(NONCONSTANT, EPSILONS)
def test_a_claim_holding_a_float_is_neither_proved_nor_refuted(A, eps):
    lhs, rhs = _rounding_claim(A, eps)
    run = run_verifier(lambda check: check.identity("claim", lhs, rhs))
    (only,) = run.checks
    assert only.outcome == "inconclusive" and run.verdict == "inconclusive"
    assert "floating-point" in only.detail


@SETTINGS
@given(NONCONSTANT, st.sampled_from(["0.5", "0.25", "2.0"]))
def test_a_true_claim_holding_a_float_is_not_proved_either(A, number):
    """Say less: a float that happens to be exact (0.5) is still a float; the claim is not decided."""
    run = run_verifier(lambda check: check.identity("claim", sp.Float(number) * A, sp.Rational(number) * A))
    assert run.checks[0].outcome == "inconclusive"


@SETTINGS
@given(NONCONSTANT, EPSILONS, st.booleans())
def test_floats_in_the_relations_are_not_decided_either(A, eps, as_dict):
    z = sp.Symbol("z")
    relations = {z: (A + 1) * (A + eps) - eps} if as_dict else [sp.Eq(z, (A + 1) * (A + eps) - eps)]
    run = run_verifier(lambda check: check.identity("claim", z, A**2 + A, relations=relations, premise="p"))
    assert run.checks[0].outcome == "inconclusive"


def test_exact_claims_are_still_decided():
    A = x**2 + y
    assert run_verifier(lambda check: check.identity("c", (A + 1) * (A + sp.Rational(1, 10**17)) - sp.Rational(1, 10**17),
                                                     A**2 + A)).verdict == "refuted"
    assert run_verifier(lambda check: check.identity("c", (A + 1) ** 2, A**2 + 2 * A + 1)).verdict == "proved"


@SETTINGS
@given(NONCONSTANT, EPSILONS, st.sampled_from(["algebra", "certificate", "cancel"]))
def test_a_proof_step_holding_a_float_is_never_checked(A, eps, rule):
    w = sp.Symbol("w")
    lhs, rhs = _rounding_claim(A, eps)
    proof = Proof()
    proof.suppose("h", (w, lhs))
    if rule == "algebra":
        proof.algebra("claim", ["h"], (w, rhs))
    elif rule == "certificate":
        proof.algebra("claim", ["h"], (w, rhs), certificate=[1])
    else:
        proof.suppose("h2", (2 * w, 2 * rhs + eps * A))
        proof.cancel("claim", "h2", 2, (w, rhs + eps * A / 2))
    proof.conclude("claim")
    results = check_proof(proof)
    claim = next(r for r in results if r.label == "claim")
    assert claim.status != "checked"
    assert all(r.status != "checked" for r in results if r.label.startswith("h"))


def test_a_proof_without_floats_still_checks():
    w = sp.Symbol("w")
    proof = Proof()
    proof.suppose("h", (w, (x + 1) * (x + sp.Rational(1, 10**17)) - sp.Rational(1, 10**17)))
    proof.algebra("claim", ["h"], (w, x**2 + x + x / 10**17))
    proof.conclude("claim")
    assert [r.status for r in check_proof(proof)] == ["checked", "checked"]


@SETTINGS
@given(NONCONSTANT, EPSILONS)
def test_the_zero_tests_leave_a_float_undecided(A, eps):
    lhs, rhs = _rounding_claim(A, eps)
    assert zero_test(lhs - rhs).state == "undecided"
    assert zero_state(lhs - rhs).state == "undecided"
    assert rational_identity(lhs, rhs).undecided


@SETTINGS
@given(NONCONSTANT, EPSILONS)
def test_elimination_refuses_a_float_entry(A, eps):
    lhs, rhs = _rounding_claim(A, eps)
    try:
        eliminate(sp.Matrix([[lhs - rhs, 1], [1, x]]))
    except ZeroUndecided as exc:
        assert "floating-point" in str(exc)
    else:
        raise AssertionError("eliminated a matrix holding a float")


@SETTINGS
@given(st.integers(1, 5), EPSILONS)
def test_toolkit_decisions_on_float_input_are_undecided(k, eps):
    q = sp.Function("q")(t)
    v = q.diff(t)
    L = v**2 / 2 - k * q**2 / 2
    energy = v**2 / 2 + k * q**2 / 2
    assert is_first_integral(energy, L, [q], t).holds is True  # exact: decided
    assert is_first_integral(energy + eps * q * v - eps * q * v, L, [q], t).holds is True  # built exact: eps cancels
    assert is_first_integral(v**2 / 2 + (k + eps) * q**2 / 2, L, [q], t).undecided
    assert is_regular(eps * v**2 / 2 - k * q**2 / 2, [q], t).undecided
    assert is_involutive([sp.Matrix([1, 0, y]), sp.Matrix([0, 1, eps * x])], [x, y, t]).undecided


NESTED = st.recursive(st.sampled_from([x, y + 1, sp.Rational(1, 3), sp.sqrt(2), sp.pi, sp.I, 7]),
                      lambda children: st.one_of(st.lists(children, max_size=3), st.tuples(children, children),
                                                 st.dictionaries(st.sampled_from(["a", "b"]), children, max_size=2),
                                                 st.builds(lambda a, b: sp.Matrix([[a, b]]), children.filter(
                                                     lambda c: isinstance(c, (sp.Basic, int))), children.filter(
                                                     lambda c: isinstance(c, (sp.Basic, int))))),
                      max_leaves=6)


@SETTINGS
@given(NESTED, st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).filter(bool), st.integers(0, 3))
def test_inexact_numbers_finds_a_float_wherever_it_is(structure, value, where):
    assert inexact_numbers(structure) == []
    planted = [sp.Float(value) * x, value, sp.Eq(y, sp.Float(value)), {"k": sp.Matrix([[1, sp.Float(value)]])}][where]
    assert inexact_numbers([structure, planted])
    assert inexact_numbers({"outer": (structure, planted)})


def test_options_are_not_input():
    """``seconds=2.0`` is an option of the decision, not a number of the problem: the decision is still taken."""
    from theorems.toolkit.holonomic_equivalence import is_holonomic_equivalent
    A = sp.Matrix([[1, 0, -y]])
    assert is_holonomic_equivalent(A, None, [x, y, t], seconds=2.0).state == \
        is_holonomic_equivalent(A, None, [x, y, t]).state != "undecided"
    assert is_holonomic_equivalent(A * sp.Float("0.5"), None, [x, y, t], seconds=2.0).undecided
