"""A run never leaves a mess (issue 14 §3): signals end every verifier, verifier output stays out of the
command's output, bad options and destinations are one-line usage errors, errors point at the user's line."""
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

HANGING = '''
from checker.kernel.items import theorem

@theorem("h.one", title="hangs")
def one(check):
    while True:
        pass

@theorem("h.two", title="hangs too")
def two(check):
    while True:
        pass
'''

NOISY = '''
import sympy
from checker.kernel.items import theorem

def helper(n):
    return {"a": 1}[n]

@theorem("n.noisy", title="prints a lot")
def noisy(check):
    for i in range(200000):
        print("noise line", i)
    x = sympy.Symbol("x")
    check.identity("x + x = 2x", x + x, 2 * x)

@theorem("n.raises", title="raises in a helper")
def raises(check):
    helper("b")
'''


def cli(tmp_path, *args, timeout=240):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "checker", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=tmp_path, env=env)


def _alive(token: str) -> list:
    out = subprocess.run(["pgrep", "-f", token], capture_output=True, text=True)
    return [p for p in out.stdout.split() if int(p) != os.getpid()]


@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_ends_every_verifier_process(tmp_path, sig, code):
    items = tmp_path / f"hanging_{sig.name.lower()}_items.py"
    items.write_text(textwrap.dedent(HANGING))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path", str(items),
                             "--jobs", "2", "--timeout", "120"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while len(_alive(str(items))) < 3 and time.monotonic() < deadline:  # the CLI and its two verifiers
        time.sleep(0.2)
    assert len(_alive(str(items))) >= 3
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    assert len(err.strip().splitlines()) <= 3 and "Traceback" not in err
    time.sleep(0.5)
    assert _alive(str(items)) == []


#: runs the CLI with the run-ending signal sent to itself at a chosen moment (``WHEN``): right after a verifier
#: process is forked, before the runner has recorded it; or inside an ``exec`` of a string (what dataclasses,
#: namedtuples and lambdify run), before the first verifier starts
SIGNAL_AT = '''
import os, signal, sys
import multiprocessing.popen_fork as popen_fork
import checker.execution.runner as runner

SIG, WHEN = signal.Signals[sys.argv[1]], sys.argv[2]
if WHEN == "fork":
    launch = popen_fork.Popen._launch
    def launch_then_signal(self, process_obj):
        launch(self, process_obj)  # the child never returns from here
        os.kill(os.getpid(), SIG)
    popen_fork.Popen._launch = launch_then_signal
else:
    preload = runner.preload
    def signal_inside_exec():
        exec("os.kill(os.getpid(), SIG)\\nfor _ in range(10 ** 6): pass", {"os": os, "SIG": SIG})
        preload()
    runner.preload = signal_inside_exec
from checker.interfaces.cli import main
sys.exit(main(sys.argv[3:]))
'''


@pytest.mark.parametrize("when", ["fork", "exec"])
@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_at_any_moment_ends_the_run_with_its_exit_code(tmp_path, sig, code, when):
    """A signal landing between a verifier's fork and the runner recording it used to leave that verifier running
    (parent 1, at 100% CPU, holding the command's output open); one landing inside an ``exec`` of a string made
    the process die by SIGINT (-2) after printing that it stopped.  Now: the exit code, and no process left."""
    items = tmp_path / f"hanging_{when}_{sig.name.lower()}_items.py"
    items.write_text(textwrap.dedent(HANGING))
    (tmp_path / "signal_at.py").write_text(SIGNAL_AT)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    # run with -m, as `python -m checker` runs: a script's SystemExit exits at once, hiding the SIGINT exit
    proc = subprocess.Popen([sys.executable, "-m", "signal_at", sig.name, when, "verify", "all", "--no-corpus",
                             "--path", str(items), "--jobs", "2", "--timeout", "120", "--no-cache"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    left = ["(not looked)"]
    try:
        out, err = proc.communicate(timeout=60)
        time.sleep(0.5)
        left = _alive(str(items))
    finally:
        for pid in _alive(str(items)):
            os.kill(int(pid), signal.SIGKILL)
    assert proc.returncode == code, err
    assert len(err.strip().splitlines()) == 1 and "stopped" in err
    assert left == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
def test_a_killed_run_takes_its_verifiers_with_it(tmp_path):
    """``kill -9`` of the CLI runs no handler of ours: its verifier processes used to run on, with parent 1."""
    folder = tmp_path / "pids"
    folder.mkdir()
    items = tmp_path / "noted_items.py"
    items.write_text(noted_hang_items(folder, ["h.noted"]))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path", str(items),
                             "--no-cache"], cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pids = noted_pids(folder, 1, proc)
    proc.kill()
    proc.wait()
    try:
        assert len(pids) == 1 and ended(pids)
    finally:
        for pid in pids:
            if running(pid):
                os.kill(pid, signal.SIGKILL)


#: a verifier that starts a process of its own (noting its id), then outlives its time limit
STARTS_A_PROCESS = '''
import os, subprocess, sys, time
from checker.kernel.items import theorem

@theorem("h.starts", title="starts a process, then hangs (or returns)")
def starts(check):
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    open(os.path.join({folder!r}, str(child.pid)), "w").close()
    time.sleep({seconds})
'''


@pytest.mark.parametrize("how", ["time limit", "SIGTERM", "verifier returns"])
def test_what_a_verifier_started_is_stopped_with_it(tmp_path, how):
    """A verifier stopped at its time limit (or at the end of an interrupted run) used to be killed alone, and
    one that returned left what it started: a process it had started ran on, with parent 1."""
    folder = tmp_path / "pids"
    folder.mkdir()
    items = tmp_path / "starts_items.py"
    items.write_text(STARTS_A_PROCESS.format(folder=str(folder), seconds=0 if how == "verifier returns" else 600))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path", str(items),
                             "--no-cache", "--timeout", "3" if how == "time limit" else "300"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pids = noted_pids(folder, 1, proc)
    if how == "SIGTERM":
        proc.send_signal(signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=60)
        assert len(pids) == 1 and ended(pids)
    finally:
        proc.kill()
        for pid in pids:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
    assert proc.returncode == (143 if how == "SIGTERM" else 1), err


def test_verifier_output_goes_into_its_evidence_not_the_commands_output(tmp_path):
    items = tmp_path / "noisy_items.py"
    items.write_text(textwrap.dedent(NOISY))
    report = tmp_path / "r.json"
    out = cli(tmp_path, "verify", "all", "--no-corpus", "--path", str(items), "--json", str(report))
    assert "noise line" not in out.stdout and "noise line" not in out.stderr
    data = {i["id"]: i for i in json.loads(report.read_text())["items"]}
    noisy = data["n.noisy"]
    assert noisy["verdict"] == "proved"
    assert noisy["output"]["bytes"] > 1_000_000 and len(noisy["output"]["text"]) < 5000
    assert "noise line 0" in noisy["output"]["text"] and "noise line 199999" in noisy["output"]["text"]
    # the error names the user's own file and line, not the kernel's or a library's frame
    detail = data["n.raises"]["detail"]
    assert "noisy_items.py:6" in detail and "KeyError" in detail and "Traceback" not in detail
    full = cli(tmp_path, "verify", "n.raises", "--no-corpus", "--path", str(items), "--json", str(report),
               "--traceback", "--no-cache")
    detail = {i["id"]: i for i in json.loads(report.read_text())["items"]}["n.raises"]["detail"]
    assert "Traceback" in detail and full.returncode == 1


LINGERING = '''
import threading, time
import sympy
from checker.kernel.items import theorem

x = sympy.Symbol("x")

@theorem("l.lingers", title="its process cannot exit after it answered")
def lingers(check):
    check.identity("x + x = 2x", x + x, 2 * x)
    threading.Thread(target=time.sleep, args=(3600,), daemon=False).start()

@theorem("l.after", title="runs while the other one exits")
def after(check):
    check.identity("x * x = x**2", x * x, x ** 2)
'''


def test_a_verifier_that_cannot_exit_after_answering_is_killed_and_does_not_hold_up_the_run(tmp_path):
    """A verifier's process that sent its result no longer occupies a job: the next item starts at once, and the
    process is killed when the run ends if it has not exited by then (here a non-daemon thread holds it)."""
    items = tmp_path / "lingering_items.py"
    items.write_text(textwrap.dedent(LINGERING))
    report = tmp_path / "r.json"
    start = time.monotonic()
    out = cli(tmp_path, "verify", "all", "--no-corpus", "--path", str(items), "--jobs", "1", "--no-cache",
              "--json", str(report), timeout=120)
    assert out.returncode == 0, out.stderr
    assert time.monotonic() - start < 60
    verdicts = {i["id"]: i["verdict"] for i in json.loads(report.read_text())["items"]}
    assert verdicts == {"l.lingers": "proved", "l.after": "proved"}
    time.sleep(0.5)
    assert _alive(str(items)) == []


@pytest.mark.parametrize("args, message", [
    (["verify", "all", "--timeout", "0"], "--timeout must be a positive number"),
    (["verify", "all", "--timeout", "-1"], "--timeout must be a positive number"),
    (["verify", "all", "--timeout", "nan"], "--timeout must be a positive number"),
    (["verify", "all", "--jobs", "0"], "--jobs must be at least 1"),
    (["verify", "all", "--jobs", "-3"], "--jobs must be at least 1"),
    (["verify", "all", "--no-corpus"], "--no-corpus loads only your items"),
    (["verify", "all", "--json", "/proc/no/such/r.json"], "cannot write there"),
    (["report", "--out", "/proc/reports"], "cannot write there"),
    (["report", "--out", "{tmp}/a_file"], "--out {tmp}/a_file: is a file, not a folder"),  # was a traceback, exit 1
    (["verify", "all", "--cache-dir", "{tmp}/a_file"], "--cache-dir {tmp}/a_file: is a file, not a folder"),
    (["cache", "info", "--cache-dir", "{tmp}/a_file"], "--cache-dir {tmp}/a_file: is a file, not a folder"),
    (["verify", "all", "--no-corpus", "--path", "{tmp}"], "{tmp} is a folder: --path takes a Python file"),
    (["verify"], "verify needs 'all', item ids, or --rerun-failed"),
    # what argparse itself rejects: one line too (it used to print the whole usage block first)
    (["verify", "all", "--seed", "abc"], "argument --seed: invalid int value: 'abc' (see python -m checker verify --help)"),
    (["verify", "all", "--profile", "fast"], "argument --profile: invalid choice: 'fast'"),
    (["graph", "--format", "nope"], "argument --format: invalid choice: 'nope'"),
    (["cache", "frob"], "invalid choice: 'frob'"),
    (["frob"], "argument COMMAND: invalid choice: 'frob'"),
    ([], "the following arguments are required: COMMAND (see python -m checker --help)"),
])
def test_bad_options_and_destinations_are_one_line_usage_errors(tmp_path, args, message):
    (tmp_path / "a_file").write_text("not a folder")
    args, message = [a.replace("{tmp}", str(tmp_path)) for a in args], message.replace("{tmp}", str(tmp_path))
    out = cli(tmp_path, *args, timeout=60)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]


def test_graph_into_a_closed_pipe_is_quiet(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(f"{sys.executable} -m checker graph | head -1", shell=True, capture_output=True, text=True,
                         cwd=tmp_path, env=env)
    assert "Traceback" not in out.stderr and "BrokenPipe" not in out.stderr


def test_show_an_assumption(tmp_path):
    out = cli(tmp_path, "show", "frames.inertial_frames_galilean_transformations", timeout=120)  # uses nothing
    assert out.returncode == 0 and "postulate" in out.stdout
    out = cli(tmp_path, "show", "holonomic.rank_on_locus", timeout=120)  # a hypothesis: not an item
    assert out.returncode == 0 and "hypothesis" in out.stdout and "assumed directly by" in out.stdout


def test_a_duplicate_id_names_both_files_and_lines(tmp_path):
    out = cli(tmp_path, "verify", "all", "--no-corpus", "--path", str(ROOT / "tests" / "fixtures" / "duplicate_items.py"))
    assert out.returncode == 2
    assert "duplicate_items.py:4" in out.stderr and "duplicate_items.py:9" in out.stderr


def test_the_report_set_is_swapped_in_whole(tmp_path, monkeypatch):
    from checker.reporting import publish
    from checker.execution.loader import load
    from checker.reporting.report import build_report
    from checker.execution.runner import propagate, run
    corpus = load(paths=[str(ROOT / "tests" / "fixtures" / "good_items.py")], corpus=False)
    results = run(corpus, list(corpus.items), isolate=False)
    propagate(corpus, results)
    report = build_report(corpus, results, seed=0, profile="default")
    out = tmp_path / "reports"
    publish.write_reports(corpus, report, out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert out / "items" / "user.chain_rule.html" in before
    real_render = publish.render_all

    def failing(corpus, report):
        files = dict(real_render(corpus, report))
        files["zzz-broken"] = object()  # writing this one fails after the others were written
        return files
    monkeypatch.setattr(publish, "render_all", failing)
    with pytest.raises(TypeError):
        publish.write_reports(corpus, report, out)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".reports.staging")]


def test_an_interrupt_while_the_report_set_is_swapped_in_leaves_one_whole_set(tmp_path, monkeypatch):
    """The set is moved into place by a dozen renames (``items/`` aside, then the new one in, then each file): a
    Ctrl-C landing between two of them used to leave a mixed set, or no ``items/`` at all.  At every rename the
    interrupt is sent; it is delivered once the whole new set is in place.  Rendering the reports leaves a thread
    that does not block signals in this process (a numerical library's), so this also fails where the signals
    are only blocked in the main thread."""
    import signal as signals

    from checker.reporting import publish
    from checker.execution.interrupts import Interrupted, run_ending_signals_raise
    from checker.execution.loader import load
    from checker.reporting.report import build_report
    from checker.execution.runner import propagate, run
    corpus = load(paths=[str(ROOT / "tests" / "fixtures" / "good_items.py")], corpus=False)
    sets = []
    for seed in (0, 1):  # two reports that differ (the seed is in the data and in every reproduce command)
        results = run(corpus, list(corpus.items), isolate=False, seed=seed)
        propagate(corpus, results)
        report = build_report(corpus, results, seed=seed, profile="default")
        out = tmp_path / f"set{seed}"
        publish.write_reports(corpus, report, out)
        sets.append((report, {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}))
    (old_report, old_files), (new_report, new_files) = sets
    assert old_files != new_files and set(old_files) == set(new_files)
    real_replace = os.replace
    out = tmp_path / "reports"
    renames = 0
    while True:
        publish.write_reports(corpus, old_report, out)
        calls = {"n": 0}

        def replace_then_interrupt(src, dst, **kwargs):
            calls["n"] += 1
            if calls["n"] == renames + 1:
                os.kill(os.getpid(), signals.SIGINT)
            return real_replace(src, dst, **kwargs)
        monkeypatch.setattr(os, "replace", replace_then_interrupt)
        try:
            with run_ending_signals_raise(), pytest.raises(Interrupted):
                publish.write_reports(corpus, new_report, out)
        finally:
            monkeypatch.setattr(os, "replace", real_replace)
        assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == new_files, renames
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".reports.staging")]
        renames += 1
        if renames >= calls["n"]:
            break
    assert renames >= 5


def _start_a_sleeper_and_return(path):
    from checker.execution.interrupts import own_process_group
    own_process_group()
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    Path(path).write_text(str(sleeper.pid))


def test_the_group_of_a_verifier_already_reaped_is_still_ended(tmp_path):
    """``multiprocessing`` reaps every ended child whenever it starts another, so the runner can meet a verifier
    that is already reaped: what it left in its group is ended all the same."""
    import multiprocessing

    from checker.execution.interrupts import kill_process_group
    proc = multiprocessing.get_context("fork").Process(target=_start_a_sleeper_and_return,
                                                       args=(str(tmp_path / "pid"),))
    proc.start()
    proc.join()  # reaped
    sleeper = int((tmp_path / "pid").read_text())
    try:
        assert running(sleeper)
        kill_process_group(proc)
        assert ended([sleeper])
    finally:
        if running(sleeper):
            os.kill(sleeper, signal.SIGKILL)
