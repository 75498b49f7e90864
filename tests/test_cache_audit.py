"""Audit of the results cache (issue 36): channels the soak test does not build, each edited at random between runs.

For every channel below a user module observes one input; between runs the input is edited (random choices, seeded),
and after every edit the run through the cache must give, item by item, the records a run without the cache gives:

* ``scandir``: a file's size as ``os.scandir``'s ``DirEntry.stat()`` tells it (no ``os.stat`` call is made);
* ``folder``: what a stat of a folder tells (its link count: the folders inside it);
* ``cwd``: a relative path opened from another working directory, and ``os.getcwd`` itself;
* ``patched``: a helper module that puts its own function into a library module at import (``sympy.my_rule = f``),
  the verifier calling it through the library;
* ``recursion``: ``sys.setrecursionlimit`` in a helper module's import (library state of the interpreter).

Mutation: with the recording of a channel switched off (the digest made constant), the same edits give a stale
result (``test_switching_a_channel_off_makes_the_audit_fail``).
"""
import json
import os
import random
import sys
from pathlib import Path

import pytest

HEAD = """import os, sys, json, pathlib
import sympy
from checker import theorem
HERE = os.path.dirname(os.path.abspath(__file__))
"""

#: channel -> (module-level code, the observed expression)
CHANNELS = {
    "scandir": ("", "sorted((e.name, e.stat().st_size) for e in os.scandir(os.path.join(HERE, 'scan')))"),
    "folder": ("", "os.stat(os.path.join(HERE, 'tree')).st_nlink"),
    "cwd_open": ("", "open('rel.txt').read() if os.path.exists('rel.txt') else None"),
    "getcwd": ("", "os.path.basename(os.getcwd())"),
    "patched": ("import helper_patch\n", "sympy.audit_rule(3)"),
    "recursion": ("import helper_limit\n", "sys.getrecursionlimit()"),
}


def source(channels) -> str:
    lines = [HEAD]
    for c in channels:
        lines.append(CHANNELS[c][0])
    for i, c in enumerate(channels):
        lines += [f"@theorem('audit.i{i}', title='t', statement='observes {c}')", "def _(check):",
                  f"    observed = {CHANNELS[c][1]}",
                  "    check.fact(f'observed {observed!r}', len(repr(observed)) % 2 == 0)", ""]
    return "\n".join(lines)


class Inputs:
    """The inputs of the channels, edited at random."""

    def __init__(self, folder: Path, rng: random.Random):
        self.folder, self.rng = folder, rng
        for d in ("scan", "tree", "A", "B"):
            (folder / d).mkdir(exist_ok=True)
        (folder / "A" / "rel.txt").write_text("in A")
        (folder / "B" / "rel.txt").write_text("B, longer")
        (folder / "scan" / "f.txt").write_text("x")
        self.cwd = folder / "A"
        self.patch_body, self.limit = "a * a", 3000
        self.write_helpers()

    def write_helpers(self):
        (self.folder / "helper_patch.py").write_text(
            f"import sympy\ndef rule(a):\n    return {self.patch_body}\nsympy.audit_rule = rule\n")
        (self.folder / "helper_limit.py").write_text(f"import sys\nsys.setrecursionlimit({self.limit})\n")

    def edit(self, channel: str) -> None:
        r = self.rng
        if channel == "scandir":
            (self.folder / "scan" / "f.txt").write_text("x" * r.randint(1, 9))
        elif channel == "folder":
            sub = self.folder / "tree" / r.choice(["a", "b"])
            if sub.exists():
                sub.rmdir()
            else:
                sub.mkdir()
        elif channel in ("cwd_open", "getcwd"):
            self.cwd = self.folder / r.choice(["A", "B"])
        elif channel == "patched":
            self.patch_body = r.choice(["a * a", "a + a", "a ** 3", "a - 1"])
            self.write_helpers()
        elif channel == "recursion":
            self.limit = r.choice([2000, 3000, 4000, 10000])
            self.write_helpers()


def records(results) -> dict:
    return {i: (r.verdict, json.dumps(r.checks, sort_keys=True, default=str)) for i, r in sorted(results.items())}


@pytest.fixture
def restored(monkeypatch):
    import sympy
    limit = sys.getrecursionlimit()
    yield
    sys.setrecursionlimit(limit)
    if hasattr(sympy, "audit_rule"):
        del sympy.audit_rule
    for name in ("helper_patch", "helper_limit"):
        sys.modules.pop(name, None)


def audit(folder: Path, channels, seed: int, rounds: int, monkeypatch) -> list:
    """Cold run, then ``rounds`` random edits each followed by a warm run and a run without the cache; the list of
    (round, edit) whose warm records differ from the fresh ones."""
    from checker.execution.cache import ResultsCache
    from checker.interfaces.api import load, verify
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    inputs = Inputs(folder, rng)
    path = folder / "audit_items.py"
    path.write_text(source(channels))
    monkeypatch.syspath_prepend(str(folder))
    cache = ResultsCache(str(folder / "cache"))
    mismatches = []

    def run(use_cache):
        for name in ("helper_patch", "helper_limit"):  # a helper edited between runs is imported afresh
            sys.modules.pop(name, None)
        monkeypatch.chdir(inputs.cwd)
        return records(verify(load(paths=[str(path)], corpus=False), cache=cache if use_cache else False, jobs=1))
    run(True)
    for k in range(rounds):
        edited = rng.choice(channels)
        inputs.edit(edited)
        warm, fresh = run(True), run(False)
        if warm != fresh:
            mismatches.append((k, edited, {i: (warm[i], fresh[i]) for i in warm if warm[i] != fresh.get(i)}))
    return mismatches


@pytest.mark.parametrize("seed", [1, 2])
def test_warm_runs_equal_runs_without_the_cache(tmp_path, seed, monkeypatch, restored):
    assert audit(tmp_path / f"s{seed}", sorted(CHANNELS), seed, rounds=6, monkeypatch=monkeypatch) == []


@pytest.mark.parametrize("channel, switch", [
    ("scandir", ("checker.execution.dependencies", "scan_digest")),
    ("folder", ("checker.execution.dependencies", "stat_digest")),
    ("cwd_open", ("checker.execution.dependencies", "cwd_digest")),
    ("patched", ("checker.execution.fingerprint", "CodeFingerprints._patched_into")),
])
def test_switching_a_channel_off_makes_the_audit_fail(tmp_path, channel, switch, monkeypatch, restored):
    """Mutation: the channel's recording made blind (a constant digest, nothing patched seen): a stale result."""
    import importlib
    module = importlib.import_module(switch[0])
    owner, _, attr = switch[1].rpartition(".")
    target = getattr(module, owner) if owner else module
    if attr == "_patched_into":  # (and the libraries' patches, which see a function put into sympy too)
        from checker.execution import library_state
        monkeypatch.setattr(target, attr, lambda self, module, names: [])
        monkeypatch.setattr(library_state, "library_patches", lambda: [])
    else:
        monkeypatch.setattr(target, attr, lambda *a, **k: "blind")
    found = [audit(tmp_path / f"m{seed}", [channel], seed, rounds=4, monkeypatch=monkeypatch) for seed in (1, 2, 3)]
    assert any(found), f"switching off {switch} went unnoticed"


@pytest.mark.parametrize("draw", ["random.SystemRandom().random()", "secrets.randbits(16)",
                                  "numpy.random.default_rng().integers(0, 2**30)"])
def test_a_verifier_drawing_from_the_systems_entropy_is_not_cached(tmp_path, draw):
    """``random`` bound ``os.urandom`` at its import; a library drawing through it on the user's behalf is an input no
    digest describes: the item is reported not cacheable, and a warm run computes it again."""
    import subprocess
    path = tmp_path / "entropy_items.py"
    path.write_text(HEAD + "import random, secrets, numpy\n" + f"""
@theorem('audit.entropy', title='t')
def _(check):
    observed = {draw}
    check.fact(f'observed {{observed!r}}', observed >= 0)
""")
    args = [sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--no-recheck", "--path", str(path),
            "--cache-dir", str(tmp_path / "cache")]
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    for _ in range(2):
        out = subprocess.run(args, capture_output=True, text=True, timeout=600, cwd=tmp_path, env=env)
        assert "not cacheable: audit.entropy" in out.stdout and "entropy" in out.stdout, out.stdout[-600:]
