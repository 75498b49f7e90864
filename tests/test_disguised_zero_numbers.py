"""A checked proof never divides by, or cancels, a number that is zero in disguise.

The proof checker once decided "this number is non-zero" by comparing trees (``expr != 0``).  A number such as
``(√2 + √3)² − 5 − 2√6`` or ``sin²1 + cos²1 − 1`` is a tree other than 0 but equals 0, so a ``cancel`` step
with it as the factor turned the checked step ``z = 0`` into ``1 = 0``, and an ``algebra`` certificate ``1/z``
turned a tautology into ``x = 0``: both were **proved**.  Now a number is non-zero only when ``evalf`` certifies it
(``checker.kernel.engine.symbolic.certified_nonzero_number``), which a true zero never is.

Every number drawn below is zero by construction: an identity of elementary functions at random exact arguments.
"""
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import run_verifier
from checker.kernel.proof import Proof, check_proof, shown_nonzero
from checker.kernel.engine.symbolic import certified_nonzero_number, is_provably_nonzero

SETTINGS = settings(max_examples=20, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])

x = sp.Symbol("x")
POSITIVE = st.builds(sp.Rational, st.integers(1, 40), st.integers(1, 7))
INTEGERS = st.integers(2, 30)


def _pythagoras(u):
    return sp.sin(u) ** 2 + sp.cos(u) ** 2 - 1


def _hyperbolic(u):
    return sp.cosh(u) ** 2 - sp.sinh(u) ** 2 - 1


def _logarithm(a, b):
    return sp.log(a * b) - sp.log(a) - sp.log(b)


def _binomial(k, n):
    power = (1 + sp.sqrt(k)) ** n
    return power - sp.expand(power)


def _square_of_sum(a, b):
    return (sp.sqrt(a) + sp.sqrt(b)) ** 2 - sp.expand((sp.sqrt(a) + sp.sqrt(b)) ** 2)


ZEROS = st.one_of(
    st.builds(_pythagoras, POSITIVE), st.builds(_hyperbolic, POSITIVE), st.builds(_logarithm, INTEGERS, INTEGERS),
    st.builds(_binomial, INTEGERS.filter(lambda k: sp.sqrt(k).is_irrational), st.integers(2, 8)),
    st.builds(_square_of_sum, INTEGERS, INTEGERS),
).filter(lambda z: z != 0)  # a tree other than 0 (sympy did not evaluate it away), equal to 0
SCALES = st.builds(sp.Rational, st.integers(1, 9), st.integers(1, 9))


def _checked(proof, label):
    return next(r for r in check_proof(proof) if r.label == label).status == "checked"


@SETTINGS
@given(ZEROS, SCALES)
def test_a_disguised_zero_is_not_shown_nonzero(z, scale):
    z = scale * z
    assert not certified_nonzero_number(z)
    assert not is_provably_nonzero(z)
    assert not shown_nonzero(z)
    assert not shown_nonzero(z, declared=(x,))


@SETTINGS
@given(ZEROS, SCALES)
def test_cancelling_a_disguised_zero_does_not_prove_one_equals_zero(z, scale):
    z = scale * z
    proof = Proof()
    proof.algebra("zero", [], (z, 0))  # true: z is 0
    proof.cancel("one", "zero", z, (1, 0))
    proof.conclude("one")
    assert _checked(proof, "zero")
    assert not _checked(proof, "one")
    assert run_verifier(lambda check: check.proof("1 = 0", proof)).verdict != "proved"


@SETTINGS
@given(ZEROS, SCALES)
def test_a_certificate_never_divides_by_a_disguised_zero(z, scale):
    z = scale * z
    proof = Proof()
    proof.suppose("tautology", (x * z, 0))  # holds for every x, since z = 0
    proof.algebra("claim", ["tautology"], (x, 0), certificate=[1 / z])
    proof.conclude("claim")
    assert not _checked(proof, "claim")


@SETTINGS
@given(ZEROS, SCALES)
def test_a_definition_never_divides_by_a_disguised_zero(z, scale):
    w = sp.Symbol("w")
    proof = Proof()
    proof.define("w", w, 1 / (scale * z))
    proof.conclude("w")
    assert not _checked(proof, "w")


@SETTINGS
@given(ZEROS, SCALES)
def test_a_disguised_zero_is_no_contradiction(z, scale):
    proof = Proof()
    proof.algebra("zero", [], (scale * z, 0))
    proof.contradiction("absurd", "zero")
    proof.conclude("absurd")
    assert not _checked(proof, "absurd")


@SETTINGS
@given(ZEROS, st.integers(5, 40))
def test_a_tiny_nonzero_number_is_still_shown_nonzero(z, k):
    """The control: the same disguise plus 10⁻ᵏ is non-zero, and cancelling it is a proof."""
    n = z + sp.Rational(1, 10**k)
    assert certified_nonzero_number(n) and shown_nonzero(n)
    proof = Proof()
    proof.suppose("h", (n * x, 0))
    proof.cancel("x", "h", n, (x, 0))
    proof.conclude("x")
    assert _checked(proof, "x")
