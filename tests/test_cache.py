"""The results cache (issue 14 §1): a reused result is a fresh run's result, an edit invalidates exactly
what reads it, and a damaged cache is never trusted."""
import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

ROOT = Path(__file__).resolve().parents[1]

HELPER = '''
"""A helper module the items import: its code runs inside the verifiers."""
import sympy

def square(x):
    return x * x

def unrelated():
    return 1
'''

ITEMS = '''
import sympy
from hypothesis import strategies as st
from checker.kernel.items import lemma, theorem, definition
from helper_mod import square

x, y = sympy.symbols("x y")
OFFSET = 0

@definition("c.base", title="a base definition")
def base(check):
    check.identity("square expands", square(x + y), x**2 + 2*x*y + y**2)

@lemma("c.leaf", title="a leaf lemma", uses=["c.base"])
def leaf(check):
    check.identity("difference of squares", (x - y) * (x + y), x**2 - y**2 + 0 * OFFSET)

@theorem("c.sampled", title="a randomized claim", uses=["c.base"])
def sampled(check):
    check.property("square is non-negative", st.integers(-50, 50), lambda n: square(n) >= 0)

@theorem("c.other", title="another leaf")
def other(check):
    check.identity("trivial sum", x + x, 2 * x)
'''


def project(tmp_path, items=ITEMS, helper=HELPER):
    (tmp_path / "helper_mod.py").write_text(textwrap.dedent(helper))
    (tmp_path / "cache_items.py").write_text(textwrap.dedent(items))
    return tmp_path / "cache_items.py"


def verify(tmp_path, *extra, ids=("all",), cache=None):
    cache = cache or tmp_path / "cache"
    env = dict(os.environ, PYTHONPATH=f"{ROOT}{os.pathsep}{tmp_path}", CHECKER_CACHE_DIR=str(cache))
    out_json = tmp_path / "out.json"
    proc = subprocess.run([sys.executable, "-m", "checker", "verify", *ids, "--no-corpus", "--path",
                           str(tmp_path / "cache_items.py"), "--json", str(out_json), *extra],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
    report = json.loads(out_json.read_text()) if out_json.exists() else None
    return proc, report


def ran(proc) -> set:
    """Ids whose verifier ran (progress lines without 'cached')."""
    lines = [line.split("]", 1)[1].split() for line in proc.stderr.splitlines() if line.startswith("[")]
    return {parts[0] for parts in lines if "cached" not in parts}


def comparable(report):
    items = []
    for it in report["items"]:
        it = dict(it)
        it.pop("seconds", None)
        items.append(it)
    return items


def test_a_second_identical_run_is_replayed_and_reports_the_same(tmp_path):
    project(tmp_path)
    first, r1 = verify(tmp_path)
    assert first.returncode == 0, first.stderr
    assert ran(first) == {"c.base", "c.leaf", "c.sampled", "c.other"}
    second, r2 = verify(tmp_path)
    assert second.returncode == 0 and "replayed" in second.stderr
    assert second.stdout == first.stdout and r1 == r2


def test_reused_results_equal_fresh_ones_item_by_item(tmp_path):
    project(tmp_path)
    verify(tmp_path)
    cached, r_cached = verify(tmp_path, ids=("c.leaf", "c.sampled", "c.other"))  # not a replay: other ids
    assert ran(cached) == set()
    fresh, r_fresh = verify(tmp_path, "--no-cache", ids=("c.leaf", "c.sampled", "c.other"))
    assert ran(fresh) == {"c.base", "c.leaf", "c.sampled", "c.other"}
    assert comparable(r_cached) == comparable(r_fresh)
    # byte for byte, key order included (the committed reports must not change when results come from the cache)
    assert json.dumps(comparable(r_cached), ensure_ascii=False) == json.dumps(comparable(r_fresh), ensure_ascii=False)


EDITS = [
    # the leaf's own code: only the leaf
    ("leaf code", lambda items, helper: (items.replace("x**2 - y**2 + 0 * OFFSET", "x**2 - y**2 + 0 * OFFSET + 0*x"),
                                         helper), {"c.leaf"}),
    # a declaration (title) of one item: only that item
    ("a title", lambda items, helper: (items.replace('title="another leaf"', 'title="another leaf, renamed"'), helper),
     {"c.other"}),
    # a foundation: it and exactly what rests on it
    ("a foundation", lambda items, helper: (items.replace('title="a base definition"', 'title="the base"'), helper),
     {"c.base", "c.leaf", "c.sampled"}),
    # a helper function in another module that two verifiers call
    ("a helper module", lambda items, helper: (items, helper.replace("return x * x", "return x ** 2")),
     {"c.base", "c.leaf", "c.sampled"}),
    # a module-level value one verifier reads (a value that is the same after evaluation is no change)
    ("a module value", lambda items, helper: (items.replace("OFFSET = 0", "OFFSET = 5"), helper), {"c.leaf"}),
    ("the same value", lambda items, helper: (items.replace("OFFSET = 0", "OFFSET = 0 * 1"), helper), set()),
    # code nobody runs: nothing
    ("dead code", lambda items, helper: (items, helper.replace("return 1", "return 2")), set()),
]


def test_an_edit_reruns_exactly_what_reads_it(tmp_path):
    """Each edit in turn, each made to the original sources (one cold run, then one run per edit).

    Every edit's run is keyed against the original results: an item the edit does not reach is the original item,
    so it must come from the cache, whatever the edit before wrote there (the cache keeps every result, and the
    items an earlier edit reached are back to their original sources).  Back at the original sources at the end,
    nothing runs: no edit evicted or overwrote an original result."""
    project(tmp_path)
    assert verify(tmp_path)[0].returncode == 0
    for label, edit, expected in EDITS:
        items, helper = edit(ITEMS, HELPER)
        project(tmp_path, items, helper)
        proc, _ = verify(tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert ran(proc) == expected, label
    project(tmp_path)
    back, _ = verify(tmp_path)
    assert ran(back) == set()


def test_a_changed_result_is_seen_after_an_edit(tmp_path):
    project(tmp_path)
    verify(tmp_path)
    project(tmp_path, ITEMS.replace("x**2 - y**2 + 0 * OFFSET", "x**2 - y**2 + 1"))
    proc, report = verify(tmp_path)
    verdicts = {i["id"]: i["verdict"] for i in report["items"]}
    assert verdicts["c.leaf"] == "refuted" and proc.returncode == 1


@pytest.mark.parametrize("damage", ["truncate", "garbage", "tamper"])
def test_a_damaged_cache_is_ignored_with_one_line(tmp_path, damage):
    project(tmp_path)
    verify(tmp_path)
    db = tmp_path / "cache" / "cache.sqlite3"
    for extra in ("-wal", "-shm"):
        Path(str(db) + extra).unlink(missing_ok=True)
    if damage == "truncate":
        data = db.read_bytes()
        db.write_bytes(data[: len(data) // 3])
    elif damage == "garbage":
        db.write_bytes(b"not a database" * 100)
    else:
        con = sqlite3.connect(db)
        con.execute("UPDATE results SET payload = payload || ' '")
        con.execute("DELETE FROM runs")
        con.commit()
        con.close()
    proc, report = verify(tmp_path)
    assert proc.returncode == 0, proc.stderr
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("checker: cache:")]
    assert warnings and all(len(w) < 300 for w in warnings)
    assert ran(proc) == {"c.base", "c.leaf", "c.sampled", "c.other"}
    assert {i["verdict"] for i in report["items"]} <= {"proved", "confirmed", "defined"}


def test_a_raised_error_is_stored_and_retried_on_request_and_a_time_out_never_is(tmp_path):
    """A verifier that raised is keyed like any result (its manifest says what it read): a warm run shows the same
    error without running it, ``--retry-errors`` runs it again.  One that hung is never reused (what a stopped
    process read is unknown): it runs to its limit every time, and is only noted for drawings."""
    items = ITEMS + textwrap.dedent('''
    @theorem("c.raises", title="raises")
    def raises(check):
        raise RuntimeError("boom")

    @theorem("c.hangs", title="hangs")
    def hangs(check):
        import time
        time.sleep(30)
    ''')
    project(tmp_path, items)
    first, report = verify(tmp_path, "--timeout", "2")
    assert first.returncode == 1
    verdicts = {i["id"]: i["verdict"] for i in report["items"]}
    assert verdicts["c.raises"] == "error" and verdicts["c.hangs"] == "inconclusive"
    second, again = verify(tmp_path, "--timeout", "2")
    assert "c.hangs" in ran(second) and not {"c.raises", "c.leaf"} & ran(second)
    assert again["items"] == report["items"] or {i["id"]: i["verdict"] for i in again["items"]} == verdicts
    assert "boom" in next(i for i in again["items"] if i["id"] == "c.raises")["detail"]
    retried, _ = verify(tmp_path, "--timeout", "2", "--retry-errors")
    assert {"c.raises", "c.hangs"} <= ran(retried) and "c.leaf" not in ran(retried)
    con = sqlite3.connect(tmp_path / "cache" / "cache.sqlite3")
    stored = {row[0] for row in con.execute("SELECT item FROM results")}
    noted = {row[0] for row in con.execute("SELECT item FROM timeouts")}
    assert "c.raises" in stored and "c.hangs" not in stored and noted == {"c.hangs"}
    # an edit that fixes the raising verifier changes its key: it runs, and its new result replaces the error
    project(tmp_path, items.replace('raise RuntimeError("boom")', 'check.identity("square", (x + y)**2, x**2 + 2*x*y + y**2)'))
    fixed, fixed_report = verify(tmp_path, "--timeout", "2")
    assert "c.raises" in ran(fixed)
    assert next(i for i in fixed_report["items"] if i["id"] == "c.raises")["verdict"] != "error"


def test_rerun_failed_runs_only_what_was_not_as_expected(tmp_path):
    project(tmp_path, ITEMS.replace("x**2 - y**2 + 0 * OFFSET", "x**2 - y**2 + 1"))
    first, _ = verify(tmp_path)
    assert first.returncode == 1
    project(tmp_path)  # fixed
    proc, report = verify(tmp_path, "--rerun-failed", ids=())
    assert proc.returncode == 0, proc.stderr
    assert ran(proc) == {"c.leaf"}
    proc, _ = verify(tmp_path, "--rerun-failed", ids=())
    assert proc.returncode == 0 and "nothing to rerun" in proc.stderr


def test_cache_info_and_clear(tmp_path):
    project(tmp_path)
    verify(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    info = subprocess.run([sys.executable, "-m", "checker", "cache", "info", "--cache-dir", str(tmp_path / "cache")],
                          capture_output=True, text=True, env=env)
    assert info.returncode == 0 and "item results: 4" in info.stdout
    clear = subprocess.run([sys.executable, "-m", "checker", "cache", "clear", "--cache-dir", str(tmp_path / "cache")],
                           capture_output=True, text=True, env=env)
    assert clear.returncode == 0
    assert not (tmp_path / "cache" / "cache.sqlite3").exists()


def test_a_replayed_run_imports_neither_sympy_nor_the_corpus(tmp_path):
    project(tmp_path)
    verify(tmp_path)
    code = ("import sys\nfrom checker.interfaces.cli import main\n"
            f"code = main(['verify', 'all', '--no-corpus', '--path', {str(tmp_path / 'cache_items.py')!r}])\n"
            "print('MODULES', 'sympy' in sys.modules, 'cache_items' in ' '.join(sys.modules), code)")
    env = dict(os.environ, PYTHONPATH=f"{ROOT}{os.pathsep}{tmp_path}", CHECKER_CACHE_DIR=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.stdout.strip().splitlines()[-1] == "MODULES False False 0", out.stdout + out.stderr


@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6))
def test_cached_and_fresh_agree_at_any_seed(tmp_path_factory, seed):
    """The first run computes every result fresh at the seed; asked again for two of them, the cache gives the
    same items (the fresh run of exactly those ids is compared in ``test_reused_results_equal_fresh_ones_item_by_item``)."""
    tmp_path = tmp_path_factory.mktemp("seeded")
    project(tmp_path)
    fresh, r_fresh = verify(tmp_path, "--seed", str(seed))
    assert ran(fresh) == {"c.base", "c.leaf", "c.sampled", "c.other"}
    cached, r_cached = verify(tmp_path, "--seed", str(seed), ids=("c.sampled", "c.leaf"))
    assert ran(cached) == set()
    wanted = {i["id"] for i in r_cached["items"]}
    assert wanted >= {"c.sampled", "c.leaf"}
    assert comparable(r_cached) == [i for i in comparable(r_fresh) if i["id"] in wanted]
