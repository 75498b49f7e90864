"""The Bulirsch–Stoer integrator of the toolkit against closed forms and against mpmath odefun."""
import mpmath
import pytest
from hypothesis import given, settings, strategies as st

from theorems.toolkit.extrapolation_ode import IntegrationFailed, integrate


def test_harmonic_oscillator_matches_cos_sin_to_the_asked_digits():
    """y'' = -y, y(0) = 1, y'(0) = 0: y = cos t, y' = -sin t at t = 1/4, 1, 2."""
    times = [mpmath.mpf(1) / 4, 1, 2]
    states = integrate(lambda _t, y: [y[1], -y[0]], 0, [1, 0], times, dps=20)
    with mpmath.workdps(30):
        error = max(max(abs(y - mpmath.cos(s)), abs(v + mpmath.sin(s))) for s, (y, v) in zip(times, states))
    assert error < mpmath.mpf(10) ** -18


def test_extra_component_is_the_integral_of_the_integrand():
    """y' = y, W' = y: W(t) = e^t - 1 (a functional integrated along with the motion)."""
    (state,) = integrate(lambda _t, s: [s[0], s[0]], 0, [1, 0], [mpmath.mpf(3) / 2], dps=18)
    with mpmath.workdps(30):
        assert abs(state[1] - (mpmath.e ** mpmath.mpf(1.5) - 1)) < mpmath.mpf(10) ** -16


def test_time_dependent_field():
    """y' = 2 t y, y(0) = 1: y = exp(t²) at t = 1."""
    (state,) = integrate(lambda t, y: [2 * t * y[0]], 0, [1], [1], dps=25)
    with mpmath.workdps(40):
        assert abs(state[0] - mpmath.e) < mpmath.mpf(10) ** -23


@settings(max_examples=15, deadline=None, derandomize=True)
@given(st.fractions(-2, 2, max_denominator=8), st.fractions(-2, 2, max_denominator=8),
       st.fractions(1, 3, max_denominator=4))
def test_agrees_with_mpmath_odefun_on_a_nonlinear_oscillator(y0, v0, stiffness):
    """Duffing-type y'' = -k y - y³ over [0, 1/2]: the two integrators agree well below 10^-(dps-4)."""
    dps = 18
    y0, v0, k = (mpmath.mpf(q.numerator) / q.denominator for q in (y0, v0, stiffness))

    def field(_t, s):
        return [s[1], -k * s[0] - s[0] ** 3]

    times = [mpmath.mpf(1) / 4, mpmath.mpf(1) / 2]
    ours = integrate(field, 0, [y0, v0], times, dps=dps)
    with mpmath.workdps(dps + 10):
        reference = mpmath.odefun(field, 0, [y0, v0])
        gap = max(abs(a - b) for s, state in zip(times, ours) for a, b in zip(state, reference(s)))
    assert gap < mpmath.mpf(10) ** -(dps - 4)


def test_a_blow_up_is_reported_not_integrated_through():
    """y' = y², y(0) = 1 blows up at t = 1: integrating to t = 2 fails (IntegrationFailed, a ValueError)."""
    with pytest.raises(IntegrationFailed):
        integrate(lambda _t, y: [y[0] ** 2], 0, [1], [2], dps=15)
    assert issubclass(IntegrationFailed, ValueError)


def test_times_before_the_start_are_refused():
    with pytest.raises(ValueError):
        integrate(lambda _t, y: [y[0]], 0, [1], [mpmath.mpf(1) / 2, mpmath.mpf(1) / 4], dps=15)


def test_ideal_motion_keeps_rational_data_at_the_asked_precision():
    """A unit circle with non-dyadic data x0 = (3/5, -4/5): the data are rounded at the working precision, not at
    15 digits, so |G| and |G_t + J v| stay far below 10^-15 at 25 digits; the integrand x1 integrates to ∫ x1 dt."""
    import sympy
    from sympy.physics.mechanics import dynamicsymbols
    from theorems.toolkit.holonomic_dynamics import ideal_holonomic_dynamics, integrate_ideal_motion

    t = dynamicsymbols._t
    xs = dynamicsymbols("c1:3")
    dynamics = ideal_holonomic_dynamics(sympy.eye(2), [0, -1], [xs[0] ** 2 + xs[1] ** 2 - 1], xs, t, solve=False)
    x0, v0 = [sympy.Rational(3, 5), sympy.Rational(-4, 5)], [sympy.Rational(4, 15), sympy.Rational(1, 5)]
    times = [sympy.Rational(1, 8), sympy.Rational(1, 4)]
    report = integrate_ideal_motion(dynamics, 0, x0, v0, times, dps=25, integrands=[lambda _s, _t, x, _v: x[0]])
    assert max(report.constraint_drift, report.velocity_drift) < mpmath.mpf(10) ** -22
    finer = integrate_ideal_motion(dynamics, 0, x0, v0, times, dps=35, integrands=[lambda _s, _t, x, _v: x[0]])
    with mpmath.workdps(35):
        assert abs(report.integrals[-1][0] - finer.integrals[-1][0]) < mpmath.mpf(10) ** -22
        assert abs(report.integrals[-1][0]) > mpmath.mpf(1) / 10  # ∫ x1 over [0, 1/4] with x1 ≈ 3/5: not trivial
