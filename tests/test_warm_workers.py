"""Warm verifier processes (issue 40 part 2): several verifiers per fork, and no item's record depends on it.

Differential: a generated module of saboteurs (each leaves the process changed in one way: a patched module binding,
class attribute, kernel method or built-in, mpmath's precision, sympy's global parameters, the environment, the
global random generator, a module-level memo, a poisoned sympy cache entry, sympy's Dummy counter) and probes (each
records what it sees of that state) is run with warm workers and with one fresh fork per item; every item's verdict
and check records are the same.  A worker that dies or hangs after running other items costs only its own item.
"""
import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from checker.execution import forking as warm
from checker.execution.loader import load
from checker.execution.runner import run

SABOTAGE = {
    "module": "sp.expand = lambda *a, **k: sp.Integer(0)",
    "klass": "sp.Symbol.__str__ = lambda self: 'HACKED'",
    "kernel": "Checks.next_seed = lambda self: 0",
    "builtin": "builtins.abs = lambda v: 0",
    "mpmath": "mpmath.mp.dps = 5",
    "parameters": "sympy.core.parameters.global_parameters.distribute = False",
    "environ": "os.environ['CHECKER_WARM_SABOTAGE'] = '1'",
    "random": "random.seed(12345)",
    "memo": "MEMO.append(1); TABLE['k'] = 1",
    "cache": ("original = sp.sin.__dict__['eval']\n"
              "    sp.sin.eval = classmethod(lambda cls, arg: sp.Integer(7))\n"
              "    sp.sin(sp.Integer(5))\n"
              "    sp.sin.eval = original"),
    "dummy": "sp.Dummy('d')",
}

#: what a probe sees: each must be the pristine value (a solo run) for the probe to be proved
PROBE = """
    seen = {{
        "expand": str(sp.expand((x + 1)**2)),
        "str": str(x),
        "next_seed": Checks.next_seed.__name__,
        "abs": abs(-2),
        "dps": mpmath.mp.dps,
        "distribute": sympy.core.parameters.global_parameters.distribute,
        "memo": (len(MEMO), len(TABLE)),
        "sin5": str(sp.sin(sp.Integer(5))),
        "dummy": sp.Dummy('p').dummy_index - DUMMY_AT_IMPORT,
    }}
    if {draws}:
        seen["environ"] = os.environ.get('CHECKER_WARM_SABOTAGE')
        seen["random"] = random.random()
    pristine = {{"expand": "x**2 + 2*x + 1", "str": "x", "next_seed": "next_seed", "abs": 2, "dps": 15,
                "distribute": True, "memo": (0, 0), "sin5": "sin(5)", "environ": None}}
    as_found = all(seen[k] == v for k, v in pristine.items() if k in seen)
    check.identity("seen " + repr(sorted(seen.items())), sp.Integer(int(as_found)), sp.Integer(1))
"""

HEADER = """import builtins, os, random
import mpmath, sympy
import sympy as sp
from checker import lemma
from checker.kernel.checks import Checks

x = sp.Symbol("x")
MEMO = []
TABLE = {}
DUMMY_AT_IMPORT = sp.Dummy('i').dummy_index
"""

_modules = itertools.count()


def module_source(prefix: str, kinds: list) -> str:
    """Items ``prefix.NNN`` in this order: a saboteur of each kind in ``kinds`` (``probe``/``draw``: a probe)."""
    out = [HEADER]
    for n, kind in enumerate(kinds):
        out.append(f'\n\n@lemma("{prefix}.{n:03d}", title="{kind}", source="test")\ndef _(check):\n')
        if kind in ("probe", "draw"):
            out.append(PROBE.format(draws=kind == "draw"))
        else:
            out.append(f"    {SABOTAGE[kind]}\n    check.identity('x = x', x, x)\n")
    return "".join(out)


def records(results) -> dict:
    """Verdict, detail and check records of each item, without timings."""
    out = {}
    for item_id, res in results.items():
        checks = [{k: v for k, v in c.items() if k not in ("seconds", "elapsed")} for c in res.checks]
        out[item_id] = (res.verdict, res.failure_detail, json.dumps(checks, sort_keys=True, default=str))
    return out


def run_module(tmp_path, kinds, monkeypatch, *, per_worker=None, jobs=1, timeout=60.0):
    n = next(_modules)
    path = tmp_path / f"warm_items_{n}.py"
    path.write_text(module_source(f"warm{n}", kinds))
    corpus = load(paths=[str(path)], corpus=False)
    with monkeypatch.context() as m:
        if per_worker is not None:
            m.setattr(warm, "ITEMS_PER_WORKER", per_worker)
        results = run(corpus, list(corpus.items), jobs=jobs, timeout=timeout)
    return {item_id.split(".", 1)[1]: res for item_id, res in results.items()}


def test_a_probe_alone_is_proved_and_sees_the_pristine_state(tmp_path, monkeypatch):
    results = run_module(tmp_path, ["probe", "draw"], monkeypatch, per_worker=1)
    assert [r.verdict for r in results.values()] == ["proved", "proved"]


@pytest.mark.parametrize("kind", sorted(SABOTAGE))
def test_no_sabotage_reaches_the_next_item_of_a_worker(tmp_path, monkeypatch, kind):
    kinds = ["probe", kind, "probe", "draw", "probe"]
    warm_run = records(run_module(tmp_path, kinds, monkeypatch))
    solo_run = records(run_module(tmp_path, kinds, monkeypatch, per_worker=1))
    assert warm_run == solo_run
    assert all(warm_run[f"{n:03d}"][0] == "proved" for n, k in enumerate(kinds) if k in ("probe", "draw"))


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(kinds=st.lists(st.sampled_from(sorted(SABOTAGE) + ["probe", "probe", "draw"]), min_size=3, max_size=9))
def test_any_sequence_of_saboteurs_and_probes_gives_the_records_of_one_fork_per_item(tmp_path_factory, kinds):
    tmp_path = tmp_path_factory.mktemp("warm")
    with pytest.MonkeyPatch.context() as monkeypatch:
        warm_run = records(run_module(tmp_path, kinds, monkeypatch, jobs=2))
        solo_run = records(run_module(tmp_path, kinds, monkeypatch, per_worker=1, jobs=2))
    assert warm_run == solo_run


def test_benign_items_share_a_worker(tmp_path, monkeypatch):
    """The point of it all: trivial items that leave nothing behind run in one process."""
    source = HEADER + "".join(f'\n\n@lemma("share.i{n}", title="t", source="test")\ndef _(check):\n'
                              f"    import os\n    check.identity('pid ' + str(os.getpid()), x, x)\n"
                              for n in range(6))
    path = tmp_path / "share_items.py"
    path.write_text(source)
    corpus = load(paths=[str(path)], corpus=False)
    results = run(corpus, list(corpus.items), jobs=1)
    pids = {r.checks[0]["name"] for r in results.values()}
    assert len(pids) == 1 and all(r.verdict == "proved" for r in results.values())


def _three(tmp_path, middle: str, name: str):
    source = HEADER + "".join(
        f'\n\n@lemma("{name}.i{n}", title="t", source="test")\ndef _(check):\n'
        + (f"    {middle}\n" if n == 1 else "") + "    check.identity('x = x', x, x)\n" for n in range(3))
    path = tmp_path / f"{name}_items.py"
    path.write_text(source)
    return load(paths=[str(path)], corpus=False)


@pytest.mark.parametrize("how", ["import os; os._exit(3)", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"])
def test_a_worker_that_dies_costs_only_the_item_it_ran(tmp_path, how):
    corpus = _three(tmp_path, how, "dies")
    results = run(corpus, list(corpus.items), jobs=1)
    assert results["dies.i0"].verdict == results["dies.i2"].verdict == "proved"
    assert results["dies.i1"].verdict == "error"
    assert "verifier process died" in results["dies.i1"].failure_detail


def test_a_worker_that_hangs_costs_only_the_item_it_ran(tmp_path):
    corpus = _three(tmp_path, "while True: pass", "hangs")
    results = run(corpus, list(corpus.items), jobs=1, timeout=3)
    assert results["hangs.i0"].verdict == results["hangs.i2"].verdict == "proved"
    assert results["hangs.i1"].verdict == "inconclusive"
    assert "time limit" in results["hangs.i1"].failure_detail


def test_the_guard_sees_each_kind_of_change():
    """Each change a saboteur makes is one the guard names (or one undone before the next item: memos, caches)."""
    import os
    import sympy
    guard = warm.StateGuard()
    if guard.changed():  # something of pytest's or hypothesis' own changed meanwhile: a fresh snapshot
        guard = warm.StateGuard()
    assert guard.changed() == ""
    original = sympy.expand
    sympy.expand = lambda *a, **k: 0
    try:
        assert "sympy" in guard.changed()
    finally:
        sympy.expand = original
    os.environ["CHECKER_WARM_GUARD"] = "1"
    try:
        assert guard.changed() == "environ"
    finally:
        del os.environ["CHECKER_WARM_GUARD"]
    sympy.Dummy("g")
    assert "Dummy" in guard.changed()  # its counter (a class attribute)
