"""The command line as a user runs it: subprocesses, exit codes, output and reports."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"


def run_cli(*args, timeout=120):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "checker", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=env)


def user(*names):
    out = ["--no-corpus"]
    for n in names:
        out += ["--path", str(FIXTURES / n)]
    return out


def test_help_does_not_import_sympy():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    code = "import runpy, sys; sys.argv = ['checker', '--help']\ntry:\n    runpy.run_module('checker', run_name='__main__')\nexcept SystemExit:\n    pass\nprint('sympy' in sys.modules, 'networkx' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT)
    assert out.stdout.strip().splitlines()[-1] == "False False"


def test_verify_good_items_exits_zero_and_reports_each_verdict(tmp_path):
    report = tmp_path / "r.json"
    out = run_cli("verify", "all", *user("good_items.py"), "--json", str(report))
    assert out.returncode == 0, out.stdout + out.stderr
    data = json.loads(report.read_text())
    verdicts = {i["id"]: i["verdict"] for i in data["items"]}
    assert verdicts == {"user.law": "stated", "user.words": "stated", "user.square": "defined",
                        "user.chain_rule": "proved", "user.uses_chain": "proved", "user.false_variation": "refuted"}
    assert data["summary"]["not_as_expected"] == 0
    for entry in data["items"]:
        for key in ("id", "kind", "title", "source", "expected", "verdict", "status", "uses", "rests_on", "method"):
            assert key in entry
    false = next(i for i in data["items"] if i["id"] == "user.false_variation")
    assert false["status"] == "ok" and "witness" in false and "reproduce" in false["witness"]
    chain = next(i for i in data["items"] if i["id"] == "user.chain_rule")
    assert chain["rests_on"] == {"postulates": ["user.law"], "hypotheses": ["user.smooth"], "definitions": ["user.square"],
                                 "trusted results": [], "not needed": []}
    # one progress line per item on stderr
    assert sum(1 for line in out.stderr.splitlines() if line.startswith("[")) == 6
    assert "refuted as expected: user.false_variation" in out.stdout


def test_bad_items_do_not_stop_the_run_and_exit_one(tmp_path):
    import time
    report = tmp_path / "r.json"
    start = time.monotonic()
    out = run_cli("verify", "all", *user("bad_items.py"), "--timeout", "3", "--json", str(report))
    elapsed = time.monotonic() - start
    assert out.returncode == 1
    items = {i["id"]: i for i in json.loads(report.read_text())["items"]}
    assert items["bad.wrong_square"]["verdict"] == "refuted"
    assert items["bad.raises"]["verdict"] == "error" and "boom" in items["bad.raises"]["detail"]
    assert items["bad.hangs"]["verdict"] == "inconclusive" and "time limit" in items["bad.hangs"]["detail"]
    assert items["bad.records_nothing"]["verdict"] == "error"
    rests = items["bad.rests_on_wrong"]
    assert rests["verdict"] == "proved" and rests["established"] == "unsupported" and rests["status"] == "unsupported"
    assert elapsed < 45  # the hanging verifier (a 60 s sleep) was stopped at its 3 s limit


@pytest.mark.parametrize("fixture, message", [
    ("cyclic_items.py", "dependency cycle: cyc.a -> cyc.b -> cyc.c -> cyc.a"),
    ("duplicate_items.py", "duplicate item id: dup.same"),
    ("unknown_use_items.py", "unk.a uses unknown id unk.nowhere"),
    ("syntax_error_items.py", "SyntaxError"),
])
def test_load_errors_are_one_line_with_exit_two(fixture, message):
    out = run_cli("verify", "all", *user(fixture))
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]


def test_unknown_id_suggests_closest():
    out = run_cli("show", "user.chain_rul", *user("good_items.py"))
    assert out.returncode == 2
    assert "unknown id 'user.chain_rul'" in out.stderr and "user.chain_rule" in out.stderr


def test_missing_module_is_a_usage_error():
    out = run_cli("list", "--module", "no_such_module_here", "--no-corpus")
    assert out.returncode == 2 and "no module named 'no_such_module_here'" in out.stderr


def test_show_prints_proof_steps_and_evidence():
    out = run_cli("show", "user.uses_chain", *user("good_items.py"))
    assert out.returncode == 0, out.stderr
    assert "[       ok] mu = 0 (cancel)" in out.stdout
    assert "verdict: proved" in out.stdout


def test_assumptions_dependents_why_and_graph():
    args = user("good_items.py")
    out = run_cli("assumptions", "user.uses_chain", *args)
    assert out.returncode == 0 and "user.law" in out.stdout and "user.smooth" in out.stdout
    out = run_cli("dependents", "user.smooth", *args)
    assert "user.chain_rule" in out.stdout and "user.uses_chain" in out.stdout and "user.square" not in out.stdout
    out = run_cli("why", "user.uses_chain", "user.smooth", *args)
    assert out.stdout.strip().splitlines() == ["user.uses_chain --statement--> user.chain_rule",
                                                 "user.chain_rule --assumes--> user.smooth"]
    out = run_cli("why", "user.square", "user.smooth", *args)
    assert out.returncode == 1
    for fmt, marker in (("dot", "digraph"), ("graphml", "<graphml"), ("json", '"nodes"')):
        out = run_cli("graph", "--format", fmt, *args)
        assert out.returncode == 0 and marker in out.stdout


def test_report_writes_json_and_markdown(tmp_path):
    out = run_cli("report", *user("good_items.py"), "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert json.loads((tmp_path / "verification.json").read_text())["summary"]["items"] == 6
    md = (tmp_path / "verification.md").read_text()
    assert "## user.chain_rule" in md and "| proved |" in md
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary files left


def test_usage_error_exit_two():
    out = run_cli("verify")
    assert out.returncode == 2
