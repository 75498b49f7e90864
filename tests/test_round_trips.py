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
