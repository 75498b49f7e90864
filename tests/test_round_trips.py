"""Round trips: what the checker prints to reproduce a result reproduces it, with every option that changes it."""
import shlex

import pytest

from checker.api import load, verify
from checker.execution.pool import DEFAULT_TIMEOUT

FALSE_SQUARE = '''
import sympy as sp
from checker import theorem

x, a = sp.symbols("x a")


@theorem("trip.false_square", title="(x + a)^2 = x^2 + a^2", source="test")
def _(check):
    check.identity("binomial", (x + a)**2, x**2 + a**2)
'''


@pytest.fixture
def false_square(tmp_path, monkeypatch):
    (tmp_path / "trip.py").write_text(FALSE_SQUARE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return load(paths=["trip.py"], corpus=False)


@pytest.mark.parametrize("timeout", [DEFAULT_TIMEOUT, 7.5, 30])
def test_the_reproduce_command_carries_a_time_limit_other_than_the_default(false_square, timeout):
    results = verify(false_square, "all", timeout=timeout, cache=False, jobs=1)
    result = results["trip.false_square"]
    commands = [result.reproduce, result.witness["reproduce"]]
    for command in commands:
        words = shlex.split(command)
        assert words[:4] == ["python", "-m", "checker", "verify"]
        if timeout == DEFAULT_TIMEOUT:
            assert "--timeout" not in words
        else:
            assert words[words.index("--timeout") + 1] == f"{timeout:g}"
        assert words[words.index("--path") + 1] == "trip.py" and "--no-corpus" in words


# -- a witness pastes into Python and falsifies the claim there -------------------------------------------------
import sympy  # noqa: E402
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from checker import run_verifier  # noqa: E402

X, T = sympy.Symbol("x"), sympy.Symbol("t")
A = sympy.Symbol("a", positive=True)
THETA, PHI = sympy.Function("theta"), sympy.Function("phi")
TERMS = [X, A, X * A, THETA(X), THETA(X)**2, PHI(T) * X, sympy.sin(THETA(X)), THETA(X**2), sympy.exp(PHI(T))]


def _value_at(expr, namespace) -> complex:
    """``expr`` with the pasted functions (Lambdas) and values put in, evaluated."""
    for f in (THETA, PHI):
        if f.__name__ in namespace:
            expr = expr.replace(f, namespace[f.__name__])
    expr = expr.subs({s: namespace[s.name] for s in expr.free_symbols if s.name in namespace}).doit()
    return complex(sympy.N(expr, 30))


@settings(max_examples=15, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.nested_given])
@given(st.lists(st.sampled_from(TERMS), min_size=1, max_size=3), st.sampled_from(TERMS),
       st.integers(1, 5), st.sampled_from([1, -1]))
def test_a_witness_pastes_into_python_and_falsifies_the_claim_there(left_terms, extra, coefficient, sign):
    """False by construction: rhs = lhs + c·term with c ≠ 0 and a term that is not identically zero."""
    lhs = sum(left_terms)
    rhs = lhs + sign * coefficient * extra

    def verifier(check):
        check.identity("claim", lhs, rhs)

    run = run_verifier(verifier)
    (record,) = [c.to_dict() for c in run.checks if c.name == "claim"]
    if record["outcome"] != "refuted":
        assert record["outcome"] in ("inconclusive",), record  # never proved or confirmed
        return
    paste = record["witness"]["sympy"]
    namespace: dict = {}
    exec(paste, namespace)  # noqa: S102 - what a user pastes
    assert abs(_value_at(lhs - rhs, namespace)) > 1e-20, paste
