"""The kernel's own variables never take a user's name: a Symbol the user happens to name like one of them stays
a variable of its own.

Two places once built Symbols by name: the generators of a proof's ``algebra`` step (``f(x)`` became ``_g0``) and
the parameters of the function families the randomized checks instantiate an undefined function with (``_af``,
``_cf_0``, ...).  A user's ``_g0`` then *was* ``f(x)``, and a checked proof derived ``f(x) = 0`` from ``_g0 = 0``;
a user's ``_af``, ``_cf_0``, ... made ``f(x) = (the family written with them)`` true at every instance, so the
false identity was confirmed.  Each claim below is false by construction (an arbitrary function is not a fixed
expression of other variables): it must never be checked, proved or confirmed.
"""
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import run_verifier
from checker.kernel.proof import Proof, check_proof

SETTINGS = settings(max_examples=15, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])

x = sp.Symbol("x", real=True)
FUNCTIONS = st.sampled_from([sp.Function("f", real=True), sp.Function("g", real=True), sp.Function("q")])


@SETTINGS
@given(FUNCTIONS, st.integers(0, 3), st.booleans(), st.integers(1, 3))
def test_an_algebra_step_never_identifies_a_function_value_with_a_namesake(func, k, derivative, extra):
    value = func(x).diff(x) if derivative else func(x)
    namesakes = [sp.Symbol(f"_g{i}") for i in range(k + extra)]
    proof = Proof()
    proof.hypothesis("h", (namesakes[k], 0))
    proof.hypothesis("others", (sum(namesakes) - namesakes[k], 0))
    proof.algebra("claim", ["h", "others"], (value, 0))
    proof.conclude("claim")
    assert [r.status for r in check_proof(proof)][-1] != "checked"


def test_an_algebra_step_still_checks_a_consequence():
    f = sp.Function("f")
    proof = Proof()
    proof.hypothesis("h", (f(x) - sp.Symbol("_g0"), 0))
    proof.algebra("claim", ["h"], (f(x) ** 2 - 2 * f(x) * sp.Symbol("_g0") + sp.Symbol("_g0") ** 2, 0))
    proof.conclude("claim")
    assert [r.status for r in check_proof(proof)] == ["checked", "checked"]


def _family_written_with_namesakes(func, degree: int):
    """The family ``Σ c_k x^k + a·exp(b x) + s·sin(w x + p)`` in Symbols named as the kernel once named its parameters."""
    name = str(func)
    c = sp.symbols(f"_c{name}_0:{degree + 1}", real=True)
    a, b, s, w, p = (sp.Symbol(f"_{letter}{name}{suffix}", real=True)
                     for letter, suffix in (("a", ""), ("b", "_0"), ("s", ""), ("w", "_0"), ("p", "")))
    return sum(ck * x**k for k, ck in enumerate(c)) + a * sp.exp(b * x) + s * sp.sin(w * x + p)


@SETTINGS
@given(FUNCTIONS, st.integers(3, 6), st.booleans())
def test_a_function_is_not_a_family_written_in_namesakes(func, degree, sign):
    family = _family_written_with_namesakes(func, degree)
    run = run_verifier(lambda check: check.identity("claim", func(x), -family if sign else family))
    assert run.checks[0].outcome not in ("proved", "confirmed"), run.checks[0].detail


# --- the toolkit: a parameter named like a toolkit's internal variable changes no answer ---------------------

from sympy import Function  # noqa: E402

from theorems import is_immersion  # noqa: E402
from theorems.toolkit.holonomic_dynamics import constraint_derivatives  # noqa: E402

t = sp.Symbol("t", real=True)
Q = [Function("q")(t), Function("r")(t)]
INTERNAL_NAMES = st.sampled_from(["_q_0", "_r_1", "_q_1", "_hx0", "_hv0", "_hx1", "_sx0", "_sv0", "_g0"])


@SETTINGS
@given(INTERNAL_NAMES, st.integers(-3, 3).filter(bool), st.integers(1, 2))
def test_renaming_a_parameter_changes_no_toolkit_answer(name, a, n):
    """Truth by construction: the same data with the parameter named ``c`` give the same answers."""
    coords = Q[:n]
    plain, odd = sp.Symbol("c", real=True), sp.Symbol(name, real=True)
    for c in (plain, odd):
        X = [coords[0] - c, a * c * coords[-1] + coords[0] ** 2] if n == 2 else [coords[0] - c]
        immersion = is_immersion(X, coords)
        G = sp.Matrix([coords[0] ** 2 - c * coords[-1] + a])
        rename = {odd: plain}
        J, G_t, curvature = constraint_derivatives(G, coords, t)
        if c is plain:
            expected = (immersion.holds, J, G_t, curvature)
        else:
            assert (immersion.holds, J.xreplace(rename), G_t.xreplace(rename), curvature.xreplace(rename)) == expected


def test_a_parameter_named_like_a_velocity_symbol_is_refused():
    """Forces are written in ``velocities`` (Symbols named ``<coordinate>_dot``): a parameter of G of that name and
    kind would be a velocity, so the datum is refused with a one-line error (a parameter of another kind is
    another Symbol and is accepted)."""
    import pytest

    from theorems.toolkit.chart import regular_holonomic_constraint
    x1, x2 = sp.symbols("x1 x2", real=True)
    with pytest.raises(ValueError, match="named like a velocity symbol"):
        regular_holonomic_constraint([x1 - sp.Symbol("x1_dot", real=True)], (x1, x2))
    ok = regular_holonomic_constraint([x1 - sp.Symbol("x1_dot", positive=True)], (x1, x2))
    assert sp.Symbol("x1_dot", positive=True) not in ok.velocities
