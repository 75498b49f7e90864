"""``is_immersion(X, [q], everywhere=True)`` on curves whose rank loss is known by construction.

X = (P, Q) with P' = F·(q² + 1) and Q' = F·q·(q² + 2): DX = (P', Q') vanishes exactly where F does, so X is an
immersion at every real q iff F has no real zero.  F is a product of planted factors: (q − r)^k with a rational r
(a real zero) and q² + c with c > 0 (none).  The Gram determinant P'² + Q'² is then a polynomial in q; Sturm's
theorem (``Poly.count_roots``) decides whether it has a real zero, and an exact real root is the witness.
"""
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from theorems.toolkit.immersion import is_immersion

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

q = sp.Symbol("q", real=True)
ROOTS = st.builds(sp.Rational, st.integers(-9, 9), st.integers(1, 5))
SHIFTS = st.builds(sp.Rational, st.integers(1, 9), st.integers(1, 5))


@SETTINGS
@given(st.lists(ROOTS, max_size=2), st.lists(SHIFTS, max_size=2), st.integers(1, 2))
def test_the_decision_matches_the_planted_rank_loss(roots, shifts, power):
    F = sp.Mul(*[(q - r) ** power for r in roots]) * sp.Mul(*[q**2 + c for c in shifts])
    P, Q = sp.integrate(F * (q**2 + 1), q), sp.integrate(F * q * (q**2 + 2), q)
    decision = is_immersion([P, Q], [q], everywhere=True)
    if roots:
        assert decision.state == "fails"
        (point,) = decision.witness["point"]
        assert sp.simplify(F.subs(q, point)) == 0  # a genuine point of rank loss
    else:
        assert decision.state == "holds"


@SETTINGS
@given(st.lists(SHIFTS, min_size=1, max_size=2))
def test_a_trigonometric_gram_determinant_without_zeros_holds(shifts):
    """X = (sin q, sin q cos q) has DX = (cos q, cos 2q), never 0: its Gram determinant is 4c⁴ − 3c² + 1 in
    c = cos q, with no zero in [−1, 1]; scaling the second component keeps it so."""
    for c in shifts:
        assert is_immersion([sp.sin(q), c * sp.sin(q) * sp.cos(q)], [q], everywhere=True).state == "holds"


@SETTINGS
@given(st.integers(2, 30).filter(lambda k: sp.sqrt(k).is_irrational))
def test_the_witness_is_a_whole_point(k):
    """X(r, θ) = (r³/3 − k r, θ): DX loses rank where r² = k, off the grid of small values; the witness gives both
    coordinates, r an exact irrational root."""
    r, theta = sp.symbols("r theta", real=True)
    decision = is_immersion([r**3 / 3 - k * r, theta], [r, theta], everywhere=True)
    assert decision.state == "fails"
    point = decision.witness["point"]
    assert len(point) == 2 and sp.simplify(point[0] ** 2 - k) == 0
