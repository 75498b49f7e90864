"""theorems.toolkit.holonomic_dynamics.solve_linear solves at the working precision, whatever the entries' types.

Integer data (a mass 3, a constant force) once gave Python floats (53 bits) inside integrations run at 18-30
digits; every answer must now be the exact solution rounded at ``mpmath.mp.prec``, up to the elimination's
few roundings.
"""
import mpmath
import sympy
from hypothesis import given, settings, strategies as st

from theorems.toolkit.holonomic_dynamics import solve_linear

entries = st.one_of(st.integers(-9, 9), st.fractions(-9, 9, max_denominator=7).map(sympy.Rational),
                    st.integers(-9, 9).map(mpmath.mpf))


@st.composite
def systems(draw):
    n = draw(st.integers(1, 4))
    diagonal = draw(st.booleans())
    A = [[draw(entries) if (i == j or not diagonal) else 0 for j in range(n)] for i in range(n)]
    b = [draw(entries) for _ in range(n)]
    return A, b


@settings(max_examples=150, deadline=None)
@given(system=systems(), dps=st.sampled_from([15, 18, 30]))
def test_every_entry_is_the_exact_solution_at_the_working_precision(system, dps):
    A, b = system
    exact_A = sympy.Matrix([[sympy.Rational(str(v)) if isinstance(v, mpmath.mpf) else sympy.Rational(v) for v in row]
                            for row in A])
    exact_b = sympy.Matrix([sympy.Rational(str(v)) if isinstance(v, mpmath.mpf) else sympy.Rational(v) for v in b])
    if exact_A.det() == 0:
        return
    exact = exact_A.LUsolve(exact_b)
    with mpmath.workdps(dps):
        y = solve_linear(A, b)
        assert all(isinstance(v, mpmath.mpf) for v in y)
        scale = max([1] + [abs(float(v)) for v in exact])
        for got, want in zip(y, exact):
            assert abs(got - mpmath.mpf(want.p) / want.q) <= mpmath.mpf(10) ** (-dps + 4) * scale * 100


def test_integer_data_give_no_float_quotient():
    with mpmath.workdps(30):
        (y,) = solve_linear([[3]], [-1])
        assert isinstance(y, mpmath.mpf)
        assert abs(y + mpmath.mpf(1) / 3) < mpmath.mpf(10) ** -29
