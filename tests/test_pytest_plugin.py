"""The pytest plugin as a user meets it: a pytest run (pytester) over a small module of items.

Most runs are in-process (``runpytest``, fast); the run over the whole corpus (collection only) and the CLI
whose seeds the plugin must match run as subprocesses.  ``-p checker.pytest_plugin`` loads the plugin whether
or not the package is installed: the ``pytest11`` entry point has that name, so pytest loads it once.
"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

# Everything a test here imports is imported first, at collection: pytester restores sys.modules after each
# test, and a module it dropped (sympy, the kernel, the corpus) would be imported twice by later tests (the
# corpus's items registered twice).
import multiprocessing.popen_fork  # noqa: F401
import sqlite3  # noqa: F401

import checker.kernel.analysis  # noqa: F401
import checker.interfaces.api  # noqa: F401
import checker.execution.cache  # noqa: F401
import checker.interfaces.cli  # noqa: F401
import checker.reporting.explain  # noqa: F401
import checker.execution.fingerprint  # noqa: F401
import checker.interfaces.pytest_plugin  # noqa: F401
import checker.execution.runner
from checker.execution.loader import load

checker.execution.runner.preload()
CORPUS_IDS = set(load().items)

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ("-p", "checker.pytest_plugin")
MINE = ("--checker-path", "mine.py", "--checker-no-corpus")

MINE_PY = '''
import time

import sympy as sp

from checker import lemma, theorem

a, b = sp.symbols("a b", real=True)
t = sp.Symbol("t", real=True)
x = sp.Function("x")(t)
U = sp.Function("U")


@theorem("mine.chain_rule", title="chain rule", source="test")
def _(check):
    check.identity("d/dt U(x(t))", sp.diff(U(x), t), sp.Derivative(U(x), x) * x.diff(t))


@theorem("mine.square_variation", title="(a+b)^2 = a^2 + b^2, a false variation", source="test", expected="fails")
def _(check):
    with check.claim():
        check.identity("(a+b)^2", (a + b)**2, a**2 + b**2)


@theorem("mine.false_square", title="(a+b)^2 = a^2 + b^2", source="test", uses=["mine.chain_rule"])
def _(check):
    check.identity("(a+b)^2", (a + b)**2, a**2 + b**2)


@lemma("mine.rests_on_false", title="rests on the false square", source="test", uses=["mine.false_square"])
def _(check):
    check.identity("a = a", a, a)


@lemma("mine.zz_hangs", title="hangs", source="test")
def _(check):
    time.sleep(60)
'''


@pytest.fixture
def mine(pytester):
    pytester.makepyfile(mine=MINE_PY)
    return pytester


def run(pytester, *args):
    # (-p imports the plugin this process imported already: pytest warns that it cannot rewrite its asserts)
    return pytester.runpytest(*PLUGIN, "-p", "no:cacheprovider", "-W", "ignore::pytest.PytestAssertRewriteWarning",
                              *args)


def collected(result) -> list:
    return sorted(line for line in result.outlines if line.startswith("checker::"))


def test_items_pass_when_as_expected_and_fail_with_witness_and_reproduce_command(mine):
    result = run(mine, *MINE, "--checker-timeout", "2", "--junitxml", "out.xml")
    result.assert_outcomes(passed=2, failed=3)
    out = result.stdout.str()
    # the refuted claim: the falsifying instance, its residual and the CLI command that reproduces it
    assert "Falsifying example (check '(a+b)^2'):" in out
    result.stdout.fnmatch_lines(["    a = *", "    b = *", "Residual: *", "Reproduce with:",
                                 "    python -m checker verify mine.false_square --seed 0 --profile default "
                                 "--path mine.py --no-corpus --timeout 2"])
    # what rests on it is unsupported; the hanging verifier was stopped at its limit
    assert "mine.rests_on_false (lemma, expected to hold): proved; established unsupported" in out
    assert "Rests on items that are not established: mine.false_square (refuted)" in out
    assert "verifier exceeded its time limit of 2 s and was stopped" in out
    failed = {line.split()[1] for line in result.outlines if line.startswith("FAILED ")}
    assert failed == {"checker::mine.false_square", "checker::mine.rests_on_false", "checker::mine.zz_hangs"}
    # one JUnit test case per item, with the verdicts as properties
    suite = ET.parse(mine.path / "out.xml").getroot().find("testsuite")
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert set(cases) == {"mine.chain_rule", "mine.square_variation", "mine.false_square", "mine.rests_on_false",
                          "mine.zz_hangs"}
    assert suite.get("failures") == "3"
    props = {p.get("name"): p.get("value") for p in cases["mine.square_variation"].iter("property")}
    assert props["verdict"] == "refuted" and props["status"] == "ok"
    assert cases["mine.false_square"].find("failure") is not None
    assert cases["mine.zz_hangs"].find("failure").get("message").startswith("mine.zz_hangs (lemma")


def test_k_selects_by_id_and_markers_by_kind_expectation_and_cached_verdict(mine):
    ids = collected(run(mine, *MINE, "--collect-only", "-q", "-k", "square"))
    assert ids == ["checker::mine.false_square", "checker::mine.square_variation"]
    ids = collected(run(mine, *MINE, "--collect-only", "-q", "--strict-markers", "-m", "lemma"))
    assert ids == ["checker::mine.rests_on_false", "checker::mine.zz_hangs"]
    ids = collected(run(mine, *MINE, "--collect-only", "-q", "--strict-markers", "-m", "expected_fails"))
    assert ids == ["checker::mine.square_variation"]
    # verdict markers come from the results cache: none before a run, the stored verdict after it
    assert collected(run(mine, *MINE, "--collect-only", "-q", "-m", "proved")) == []
    run(mine, *MINE, "-k", "chain or variation").assert_outcomes(passed=2)
    ids = collected(run(mine, *MINE, "--collect-only", "-q", "--strict-markers", "-m", "proved or refuted"))
    assert ids == ["checker::mine.chain_rule", "checker::mine.square_variation"]
    assert len(collected(run(mine, *MINE, "--collect-only", "-q", "-m", "not confirmed and checker"))) == 5


def test_cached_results_are_reused_and_no_cache_runs_again(mine):
    run(mine, *MINE, "-k", "chain", "--junitxml", "first.xml").assert_outcomes(passed=1)
    run(mine, *MINE, "-k", "chain", "--junitxml", "second.xml").assert_outcomes(passed=1)
    run(mine, *MINE, "-k", "chain", "--checker-no-cache", "--junitxml", "third.xml").assert_outcomes(passed=1)

    def cached(name):
        case = ET.parse(mine.path / name).getroot().find("testsuite").find("testcase")
        return {p.get("name"): p.get("value") for p in case.iter("property")}["cached"]
    assert [cached(n) for n in ("first.xml", "second.xml", "third.xml")] == ["False", "True", "False"]


def test_x_stops_at_the_first_failure_without_running_the_rest(mine):
    result = run(mine, *MINE, "-x", "--checker-timeout", "30")
    result.assert_outcomes(passed=1, failed=1)  # chain_rule, then false_square; the hanging item never ran
    assert result.duration < 20
    assert "exceeded its time limit" not in result.stdout.str()


def test_seeds_and_witness_match_the_cli(mine):
    result = run(mine, *MINE, "--checker-seed", "7", "-k", "false_square")
    result.assert_outcomes(failed=1)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cli = subprocess.run([sys.executable, "-m", "checker", "verify", "mine.false_square", "--seed", "7", "--path", "mine.py",
                          "--no-corpus", "--no-cache", "--json", "cli.json"], cwd=mine.path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert cli.returncode == 1, cli.stderr
    witness = next(r for r in json.loads((mine.path / "cli.json").read_text())["items"]
                   if r["id"] == "mine.false_square")["witness"]
    out = result.stdout.str()
    for name, value in witness["instance"].items():
        assert f"    {name} = {value}" in out
    assert f"seed: {witness['seed']}" in out
    assert witness["reproduce"] in out  # ... --seed 7 ...: the run seed, from which the item's seed is derived
    assert "--seed 7 " in witness["reproduce"]


def test_ini_options_collect_a_users_items(mine):
    mine.makeini("[pytest]\nchecker_paths = mine.py\nchecker_no_corpus = true\nchecker_timeout = 5\n")
    run(mine, "-k", "chain or variation").assert_outcomes(passed=2)


def test_inert_unless_asked(pytester):
    pytester.makepyfile(test_plain="def test_plain():\n    assert True\n")
    result = run(pytester, "-v")
    result.assert_outcomes(passed=1)
    assert "checker::" not in result.stdout.str()
    assert "expected_fails" not in run(pytester, "--markers").stdout.str()
    code = "import sys, checker.interfaces.pytest_plugin; print(sorted(m for m in ('sympy', 'networkx', 'hypothesis') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)
    assert out.stdout.strip() == "[]", out.stderr


def test_bad_options_and_unloadable_items_are_one_line_errors(pytester):
    result = run(pytester, "--checker-no-corpus")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --checker-no-corpus collects only your items*"])
    result = run(pytester, "--checker-path", "missing.py", "--checker-timeout", "0")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --checker-timeout must be a positive number of seconds*"])
    result = run(pytester, "--checker-path", "missing.py", "--checker-no-corpus")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["checker: cannot load items: no such file: missing.py"])


def test_checker_collects_every_corpus_item_beside_the_users(mine):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "pytest", *PLUGIN, "-p", "no:cacheprovider", "--checker",
                          "--checker-path", "mine.py", "--collect-only", "-q"], cwd=mine.path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    ids = {line.split("::", 1)[1] for line in out.stdout.splitlines() if line.startswith("checker::")}
    assert ids == CORPUS_IDS | {"mine.chain_rule", "mine.square_variation", "mine.false_square",
                                       "mine.rests_on_false", "mine.zz_hangs"}


def test_xdist_workers_run_their_items_and_agree_with_a_serial_run(mine, monkeypatch):
    pytest.importorskip("xdist")
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    result = mine.runpytest_subprocess(*PLUGIN, "-p", "no:cacheprovider", "-n", "2", *MINE, "-k", "not hangs")
    result.assert_outcomes(passed=2, failed=2)
    failed = {line.split()[1] for line in result.outlines if line.startswith("FAILED ")}
    assert failed == {"checker::mine.false_square", "checker::mine.rests_on_false"}
    result.stdout.fnmatch_lines(["*python -m checker verify mine.false_square --seed 0 --profile default --path mine.py "
                                 "--no-corpus"])


def test_the_node_ids_the_summary_prints_can_be_passed_back_to_pytest(mine):
    mine.makepyfile(test_beside="def test_beside():\n    pass\n")
    # the node id alone: that item runs (what it rests on is run for it, not reported), no test file is collected
    result = run(mine, *MINE, "checker::mine.chain_rule", "-rA")
    result.assert_outcomes(passed=1, deselected=4)
    assert "PASSED checker::mine.chain_rule" in result.stdout.str()
    # beside a path: both run
    result = run(mine, *MINE, "checker::mine.square_variation", "test_beside.py")
    result.assert_outcomes(passed=2, deselected=4)
    # an id that is no item: one line, a usage error
    result = run(mine, *MINE, "checker::mine.no_such_item")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "no checker item 'mine.no_such_item'" in result.stderr.str()
