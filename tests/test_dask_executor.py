"""`verify --executor dask` on a LocalCluster of 2 workers: the same report bytes as the local runner, time
limits enforced on the workers, user files available there, a dead worker is an `error`, nothing left running."""
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

try:  # pytest puts tests/ on sys.path (rootdir-relative import)
    from verifier_processes import ended, noted_hang_items, noted_pids, running
except ImportError:  # pragma: no cover - imported as a package
    from tests.verifier_processes import ended, noted_hang_items, noted_pids, running

ROOT = Path(__file__).resolve().parents[1]

if os.environ.get("CHECKER_REQUIRE_DASK") != "1":
    pytest.importorskip("distributed")

HELPER = '''
def square(x):
    return x * x
'''

ITEMS = '''
import time
import sympy
from checker.kernel.items import lemma, theorem
from dask_helper import square

x = sympy.Symbol("x")

@lemma("d.helper", title="uses a sibling module")
def helper(check):
    check.identity("square", square(x + 1), x**2 + 2*x + 1)

@theorem("d.false", title="refuted", expected="fails")
def false(check):
    with check.claim():
        check.identity("wrong", square(x), x**2 + 1)

@theorem("d.hangs", title="outlives its limit")
def hangs(check):
    time.sleep(30)
'''

KILLER = '''
import os
import signal
import time
from checker.kernel.items import theorem

@theorem("d.kills_worker", title="kills the process that runs the verifier's process (the Dask worker)")
def kills(check):
    os.kill(os.getppid(), signal.SIGKILL)
    time.sleep(30)
'''


def _run(tmp_path, *extra):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out_json = tmp_path / f"report{len(extra)}.json"
    proc = subprocess.run([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path",
                           str(tmp_path / "dask_items.py"), "--timeout", "2", "--no-cache", "--json", str(out_json),
                           *extra], capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
    assert out_json.exists(), proc.stderr
    return proc, json.loads(out_json.read_text())


def _alive(token: str) -> list:
    out = subprocess.run(["pgrep", "-f", token], capture_output=True, text=True)
    return [p for p in out.stdout.split() if int(p) != os.getpid()]


def test_dask_gives_the_local_report_and_survives_a_dead_worker(tmp_path):
    (tmp_path / "dask_helper.py").write_text(textwrap.dedent(HELPER))
    (tmp_path / "dask_items.py").write_text(textwrap.dedent(ITEMS))
    (tmp_path / "dask_killer.py").write_text(textwrap.dedent(KILLER))
    local, local_report = _run(tmp_path)
    dask, dask_report = _run(tmp_path, "--executor", "dask", "--jobs", "2", "--path", str(tmp_path / "dask_killer.py"))
    verdicts = {i["id"]: i for i in dask_report["items"]}
    assert verdicts["d.helper"]["verdict"] == "proved"
    assert verdicts["d.false"]["verdict"] == "refuted"
    assert verdicts["d.hangs"]["verdict"] == "inconclusive" and "time limit" in verdicts["d.hangs"]["detail"]
    assert verdicts["d.kills_worker"]["verdict"] == "error"
    assert "worker" in verdicts["d.kills_worker"]["detail"]
    # every item both runs share is byte-equal in the report
    shared = [i for i in dask_report["items"] if i["id"] != "d.kills_worker"]
    extra_flag = f" --path {tmp_path / 'dask_killer.py'}"  # in the reproduce commands of the Dask run only
    assert json.dumps(shared).replace(extra_flag, "") == json.dumps(local_report["items"])
    assert dask.returncode == local.returncode == 1
    assert _alive(str(tmp_path)) == []


def test_scheduler_needs_the_dask_executor(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "checker", "verify", "all", "--scheduler", "tcp://127.0.0.1:1"],
                         capture_output=True, text=True, cwd=tmp_path, env=env)
    assert out.returncode == 2 and "--scheduler needs --executor dask" in out.stderr



@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
def test_a_signal_ends_the_dask_run_and_every_verifier_on_its_workers(tmp_path):
    """SIGTERM used to close the LocalCluster (its workers ended) but leave each verifier the workers had forked
    running with parent 1, at 100% CPU, holding the command's output open.  Now: exit 143, output closed, no
    verifier left."""
    folder = tmp_path / "pids"
    folder.mkdir()
    items = tmp_path / "noted_items.py"
    items.write_text(noted_hang_items(folder, ["d.noted_one", "d.noted_two"]))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path", str(items),
                             "--no-cache", "--timeout", "300", "--executor", "dask", "--jobs", "2"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pids = noted_pids(folder, 2, proc, within=120)
    proc.send_signal(signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=90)  # returns once no process holds the output open
        left = [p for p in pids if not ended([p])]
    finally:
        proc.kill()
        for pid in pids:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
    assert len(pids) == 2 and left == []
    assert proc.returncode == 143, err


@pytest.mark.parametrize("address, message", [
    ("nonsense", "missing port number"),
    ("http://example.invalid:8786", "unknown address scheme 'http'"),
    ("tcp://127.0.0.1:1", "Timed out trying to connect"),
])
def test_a_scheduler_that_cannot_be_reached_is_a_one_line_usage_error(tmp_path, address, message):
    """It was a 50-65-line traceback with exit 1 (after 30 s for a closed port)."""
    (tmp_path / "dask_helper.py").write_text(textwrap.dedent(HELPER))
    (tmp_path / "dask_items.py").write_text(textwrap.dedent(ITEMS))
    env = dict(os.environ, PYTHONPATH=str(ROOT), DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="2s")
    out = subprocess.run([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path",
                          str(tmp_path / "dask_items.py"), "--no-cache", "--executor", "dask", "--scheduler", address],
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1, out.stderr
    assert f"cannot reach the Dask scheduler at {address!r}" in lines[0] and message in lines[0]


RAISES = '''
from checker.kernel.items import theorem

@theorem("d.raises", title="a verifier that raises")
def raises(check):
    raise RuntimeError("boom")
'''


def test_under_dask_an_error_points_at_the_users_file_and_no_copy_is_left(tmp_path):
    """A verifier's error named a temporary copy of the user's file, and every --path run left a checker-shipped-*
    folder in the temporary directory."""
    (tmp_path / "raising_items.py").write_text(textwrap.dedent(RAISES))
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(scratch))
    out_json = tmp_path / "report.json"
    proc = subprocess.run([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path",
                           str(tmp_path / "raising_items.py"), "--no-cache", "--executor", "dask", "--jobs", "1",
                           "--json", str(out_json)], capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
    item = json.loads(out_json.read_text())["items"][0]
    assert item["verdict"] == "error" and "boom" in item["detail"], proc.stderr
    assert f"(at {tmp_path / 'raising_items.py'}:" in item["detail"]
    assert "checker-shipped" not in item["detail"]
    assert list(scratch.rglob("checker-shipped-*")) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
def test_ctrl_c_under_dask_is_one_line(tmp_path):
    """A Ctrl-C reaches the terminal's whole process group: each LocalCluster worker printed a 30-line traceback."""
    folder = tmp_path / "pids"
    folder.mkdir()
    items = tmp_path / "noted_items.py"
    items.write_text(noted_hang_items(folder, ["d.noted_one", "d.noted_two"]))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path", str(items),
                             "--no-cache", "--timeout", "300", "--executor", "dask", "--jobs", "2"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    pids = noted_pids(folder, 2, proc, within=120)
    os.killpg(proc.pid, signal.SIGINT)  # what the terminal does on Ctrl-C
    start = time.monotonic()
    try:
        out, err = proc.communicate(timeout=90)
        took = time.monotonic() - start
        left = [p for p in pids if not ended([p])]
    finally:
        proc.kill()
        for pid in pids:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
    assert left == []
    assert proc.returncode == 130, err
    assert "Traceback" not in err and len([line for line in err.splitlines() if line.strip()]) <= 2, err
    # the workers end at once (SIGINT's default action there), not after the cluster's close times out (about 4 s)
    assert took < 3, took


def test_a_larger_corpus_spreads_over_both_workers_with_the_local_verdicts(tmp_path):
    """Issue 40: 40 generated items (a chain of uses) on a LocalCluster of 2 workers: both workers run verifiers
    (each verifier notes the pid of the process that runs it, the worker), and the report equals the local one."""
    lines = ["import os, time", "import sympy", "from checker.kernel.items import lemma", 'x = sympy.Symbol("x")']
    for k in range(40):
        uses = f'["s.i{k - 1}"]' if k else "[]"
        lines += [f'@lemma("s.i{k}", title="square {k}", uses={uses})', "def _(check):",
                  f'    with open({str(tmp_path / "workers.txt")!r}, "a") as fh:', "        fh.write(f'{os.getppid()}\\n')",
                  "    time.sleep(0.1)",
                  f"    check.identity('square', (x + {k})**2, x**2 + {2 * k}*x + {k * k})", ""]
    (tmp_path / "dask_items.py").write_text("\n".join(lines) + "\n")
    local, local_report = _run(tmp_path)
    (tmp_path / "workers.txt").unlink()
    dask, dask_report = _run(tmp_path, "--executor", "dask", "--jobs", "2")
    workers = (tmp_path / "workers.txt").read_text().split()
    assert len(workers) == 40 and len(set(workers)) == 2, workers  # every item ran once, on both workers
    assert json.dumps(dask_report["items"]) == json.dumps(local_report["items"])
    assert dask.returncode == local.returncode == 0
    assert _alive(str(tmp_path)) == []
