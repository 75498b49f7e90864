"""Replay tokens (issue 39): a failing item prints a token that ``verify ID --replay TOKEN`` and the plugin's
``--checker-replay TOKEN`` re-run exactly: its verifier alone, with the token's seed, profile and time limit, giving
the same outcome (the same refuting check and witness, the same exception, the same time-out).  A malformed,
damaged or stale token (the item's code changed) is a one-line usage error, exit 2.

The token itself: what it encodes comes back unchanged, and any change to its text is rejected (property tests)."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from checker.execution.replay import make_token, read_token

ROOT = Path(__file__).resolve().parents[1]
pytest_plugins = ["pytester"]

MODULE = '''
import time
import sympy as sp
from checker import lemma, theorem

u, a = sp.symbols("u a")
theta = sp.Function("theta")


@theorem("rp.false_ode", title="theta' + theta^2 = theta, a false claim", source="test")
def _(check):
    check.identity("claim", theta(u)**2 + sp.diff(theta(u), u), theta(u) + a)


@theorem("rp.read_n", title="n a = 2 a, with n read from a file", source="test")
def _(check):
    n = int(open("n.txt").read())
    check.identity("claim", n * a, 2 * a)


@lemma("rp.crashes", title="a verifier that raises", source="test")
def _(check):
    raise ValueError("boom")


@lemma("rp.hangs", title="a verifier that hangs", source="test")
def _(check):
    time.sleep(60)
'''
LOAD = ["--path", "mine.py", "--no-corpus"]


def cli(folder, *args, timeout=240):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "checker", *args], capture_output=True, text=True, cwd=folder,
                          env=env, timeout=timeout)


def tokens(stdout: str) -> dict:
    """id -> token, from the ``replay exactly: python -m checker verify ID --replay TOKEN ...`` lines."""
    return dict(re.findall(r"replay exactly: python -m checker verify (\S+) --replay (\S+)", stdout))


def witness_block(stdout: str) -> list:
    """The lines of the falsifying example (from ``Falsifying example`` to ``Residual``)."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Falsifying example"))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("Residual"))
    return lines[start:end + 1]


@pytest.fixture(scope="module")
def first_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("replay")
    (folder / "mine.py").write_text(MODULE, encoding="utf-8")
    (folder / "n.txt").write_text("3", encoding="utf-8")
    proc = cli(folder, "verify", "all", *LOAD, "--seed", "5", "--timeout", "3", "--no-cache")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    found = tokens(proc.stdout)
    assert set(found) == {"rp.false_ode", "rp.read_n", "rp.crashes", "rp.hangs"}, proc.stdout
    shown = cli(folder, "show", "rp.false_ode", *LOAD, "--seed", "5", "--timeout", "3", "--no-cache")
    return folder, found, proc, shown


def test_a_refutation_replays_with_the_same_witness(first_run):
    folder, found, _, _ = first_run
    proc = cli(folder, "verify", "rp.false_ode", *LOAD, "--replay", found["rp.false_ode"])
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "replay: reproduced: refuted by check 'claim', the same witness" in proc.stdout
    assert "seed 5, profile default, time limit 3 s" in proc.stderr
    # the witness printed is the first run's, as the API gives it with the same options
    from checker.api import load, verify
    here = os.getcwd()
    os.chdir(folder)
    try:
        result = verify(load(paths=["mine.py"], corpus=False), ["rp.false_ode"], seed=5, timeout=3, cache=False,
                        jobs=1)["rp.false_ode"]
    finally:
        os.chdir(here)
    from checker.reporting.explain import witness_lines
    expected = witness_lines(result.witness)
    assert witness_block(proc.stdout) == expected[:len(witness_block(proc.stdout))]
    assert result.replay == found["rp.false_ode"]  # the API's token is the CLI's
    # and with the id left out, the token names it
    again = cli(folder, "verify", *LOAD, "--replay", found["rp.false_ode"])
    assert again.returncode == 1 and witness_block(again.stdout) == witness_block(proc.stdout)


def test_a_crash_and_a_time_out_replay_as_themselves(first_run):
    folder, found, _, _ = first_run
    crash = cli(folder, "verify", "rp.crashes", *LOAD, "--replay", found["rp.crashes"])
    assert crash.returncode == 1 and "replay: reproduced: error (verifier raised ValueError: boom" in crash.stdout
    hang = cli(folder, "verify", "rp.hangs", *LOAD, "--replay", found["rp.hangs"])
    assert hang.returncode == 1 and "time limit 3 s" in hang.stderr
    assert "replay: reproduced: inconclusive (verifier exceeded its time limit of 3 s" in hang.stdout


def test_an_outcome_that_changed_without_its_code_is_not_reproduced(first_run):
    folder, found, _, _ = first_run
    (folder / "n.txt").write_text("2", encoding="utf-8")  # what it reads changed, not its code: n a = 2 a holds
    try:
        proc = cli(folder, "verify", "rp.read_n", *LOAD, "--replay", found["rp.read_n"])
    finally:
        (folder / "n.txt").write_text("3", encoding="utf-8")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "replay: NOT reproduced" in proc.stdout
    assert 'verdict: the token has "refuted", this run "proved"' in proc.stdout


@pytest.mark.parametrize("change, message", [
    (lambda t: t[:-1], "damaged replay token"),
    (lambda t: t[:10] + ("A" if t[10] != "A" else "B") + t[11:], "damaged replay token"),
    (lambda t: "cr9" + t[3:], "unknown version"),
    (lambda t: "hello", "malformed replay token"),
])
def test_a_malformed_or_damaged_token_is_one_line_exit_2(first_run, change, message):
    folder, found, _, _ = first_run
    proc = cli(folder, "verify", "rp.false_ode", *LOAD, "--replay", change(found["rp.false_ode"]))
    assert proc.returncode == 2 and message in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert proc.stdout == ""


def test_a_token_for_another_item_or_with_other_options_is_one_line_exit_2(first_run):
    folder, found, _, _ = first_run
    other = cli(folder, "verify", "rp.crashes", *LOAD, "--replay", found["rp.false_ode"])
    assert other.returncode == 2 and "the token replays rp.false_ode, not rp.crashes" in other.stderr
    seed = cli(folder, "verify", "rp.false_ode", *LOAD, "--seed", "6", "--replay", found["rp.false_ode"])
    assert seed.returncode == 2 and "the token fixes --seed 5" in seed.stderr
    assert len(seed.stderr.strip().splitlines()) == 1


def _edited(folder, text, *args):
    """``verify *args`` with ``mine.py`` replaced by ``text`` (in the same folder; put back afterwards)."""
    (folder / "mine.py").write_text(text, encoding="utf-8")
    try:
        return cli(folder, "verify", *LOAD, *args)
    finally:
        (folder / "mine.py").write_text(MODULE, encoding="utf-8")


def test_a_stale_token_is_one_line_exit_2(first_run):
    folder, found, _, _ = first_run
    token = found["rp.false_ode"]
    edited = MODULE.replace('theta(u) + a)', 'theta(u) + 2*a)')  # the claim's code changed
    assert edited != MODULE
    proc = _edited(folder, edited, "rp.false_ode", "--replay", token)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "stale replay token: rp.false_ode: its declaration or code changed" in proc.stderr
    retitled = _edited(folder, MODULE.replace("a false claim", "a wrong claim"), "--replay", token)
    assert retitled.returncode == 2 and "stale replay token" in retitled.stderr  # the declaration counts too
    # an item the token names but nothing loads
    gone = _edited(folder, MODULE.replace('"rp.false_ode"', '"rp.renamed"'), "--replay", token)
    assert gone.returncode == 2 and "no item 'rp.false_ode' is loaded" in gone.stderr
    # the module's file is what the token checks: an edit to another item there makes it stale too (say less)
    other = _edited(folder, MODULE.replace('raise ValueError("boom")', 'raise KeyError("bang")'), "--replay", token)
    assert other.returncode == 2 and "stale replay token" in other.stderr
    # and the same file in another folder (another checkout, CI) is the same code: the token replays there
    elsewhere = folder.parent / (folder.name + "_copy")
    elsewhere.mkdir()
    (elsewhere / "mine.py").write_text(MODULE, encoding="utf-8")
    moved = cli(elsewhere, "verify", *LOAD, "--replay", token)
    assert moved.returncode == 1 and "replay: reproduced" in moved.stdout, moved.stdout + moved.stderr


def test_the_plugin_prints_and_replays_the_same_token(first_run, pytester):
    folder, found, _, _ = first_run
    (pytester.path / "mine.py").write_text(MODULE, encoding="utf-8")  # byte for byte the CLI run's file
    (pytester.path / "n.txt").write_text("3", encoding="utf-8")
    base = ("-p", "checker.pytest_plugin", "-p", "no:cacheprovider", "-W", "ignore::pytest.PytestAssertRewriteWarning",
            "--checker-path", "mine.py", "--checker-no-corpus")
    first = pytester.runpytest_subprocess(*base, "--checker-seed", "5", "--checker-timeout", "3", "--checker-no-cache",
                                          "-k", "false_ode")
    token = re.search(r"\(pytest: --checker-replay (\S+)\)", first.stdout.str()).group(1)
    assert token == found["rp.false_ode"]  # the plugin's token is the CLI's (another folder: the same code)
    replay = pytester.runpytest_subprocess(*base, "--checker-replay", token)
    replay.assert_outcomes(failed=1)
    out = replay.stdout.str()
    assert "replay: reproduced: refuted by check 'claim', the same witness" in out
    assert witness_block(out) == witness_block(first.stdout.str())
    assert "checker::rp.false_ode" in out and "rp.crashes" not in out  # the token's item alone
    bad = pytester.runpytest_subprocess(*base, "--checker-replay", token[:-2])
    assert bad.ret == pytest.ExitCode.USAGE_ERROR and "damaged replay token" in bad.stderr.str()
    (pytester.path / "mine.py").write_text(MODULE.replace('theta(u) + a)', 'theta(u) + 3*a)'), encoding="utf-8")
    stale = pytester.runpytest_subprocess(*base, "--checker-replay", token)
    assert stale.ret == pytest.ExitCode.USAGE_ERROR and "stale replay token" in stale.stderr.str()


# -- the token: a faithful, checked encoding ----------------------------------------------------------------------
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=8)
PAYLOADS = st.fixed_dictionaries({
    "item_id": st.text(min_size=1, max_size=20), "outcome": st.dictionaries(st.text(max_size=6), JSON, max_size=4),
    "seed": st.integers(-2**40, 2**40), "profile": st.sampled_from(["quick", "default", "thorough"]),
    "timeout": st.floats(0.001, 1e6), "code": st.none() | st.text("0123456789abcdef", min_size=20, max_size=20),
    "env": st.text("0123456789abcdef", min_size=16, max_size=16)})


def _token(p) -> str:
    return make_token(p["item_id"], p["outcome"], seed=p["seed"], profile=p["profile"], timeout=p["timeout"],
                      code=p["code"], env=p["env"])


@settings(max_examples=150, deadline=None, database=None, derandomize=True)
@given(PAYLOADS)
def test_a_token_gives_back_what_it_encodes(p):
    data = read_token(_token(p))
    assert data == {"v": 1, "id": p["item_id"], "seed": p["seed"], "profile": p["profile"],
                    "timeout": float(p["timeout"]), "code": p["code"], "env": p["env"], "outcome": p["outcome"]}
    assert read_token("  " + _token(p) + "\n") == data  # pasted with white space around it
    assert re.fullmatch(r"[A-Za-z0-9_.\-]+", _token(p))  # nothing a shell would take apart


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ "


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(PAYLOADS, st.data())
def test_any_change_to_a_token_is_rejected_in_one_line(p, data):
    token = _token(p)
    kind = data.draw(st.sampled_from(["replace", "delete", "insert", "truncate", "swap"]))
    i = data.draw(st.integers(0, len(token) - 1))
    if kind == "replace":
        changed = token[:i] + data.draw(st.sampled_from([c for c in ALPHABET if c != token[i]])) + token[i + 1:]
    elif kind == "delete":
        changed = token[:i] + token[i + 1:]
    elif kind == "insert":
        changed = token[:i] + data.draw(st.sampled_from(ALPHABET)) + token[i:]
    elif kind == "truncate":
        changed = token[:i]
    else:
        j = data.draw(st.integers(0, len(token) - 1))
        chars = list(token)
        chars[i], chars[j] = chars[j], chars[i]
        changed = "".join(chars)
    if changed.strip() == token:
        return  # white space at an end, or a swap of equal characters: the same token
    with pytest.raises(ValueError) as info:
        read_token(changed)
    assert "\n" not in str(info.value) and "replay token" in str(info.value)
