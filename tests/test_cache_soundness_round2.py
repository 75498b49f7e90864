"""The results cache, round 2: a reused verdict is one whose every input is unchanged (issue: stale results).

Each class of input a verifier can depend on is edited and the cached run must give the fresh verdict: values
the key must hash completely (deep data, sympy matrices, ``__slots__`` instances, numpy arrays), code reached
other than through a direct global (modules through attribute chains, closures, default arguments; inherited
methods; ``functools.partial``; bound methods; sympy ``Function`` subclasses inside expressions; user code outside
the item's folder), and what a verifier reaches only while it runs (modules it imports, files it reads,
environment variables, names it computes).  Then the whole-run replay (an edit saved during a run), the last
statuses of a replayed run (``--rerun-failed``), a cache given up after an error, the verdicts ``cache info``
counts, and properties of the digests and manifests themselves (complete, deterministic, order-independent).
"""
import functools
import json
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

ROOT = Path(__file__).resolve().parents[1]


def checker(cwd, *args, env=None, timeout=300):
    full_env = dict(os.environ, PYTHONPATH=str(ROOT))
    full_env.pop("CHECKER_CACHE_DIR", None)
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "checker", *args], cwd=cwd, capture_output=True, text=True,
                          env=full_env, timeout=timeout)


def verify(cwd, path, *extra, env=None, ids=("all",)):
    """A verify of the items of ``path`` (alone) with the cache in ``cwd/cd``: (process, id -> verdict, ids run)."""
    out = Path(cwd) / "out.json"
    if out.exists():
        out.unlink()
    proc = checker(cwd, "verify", *ids, "--no-corpus", "--path", str(path), "--cache-dir", str(Path(cwd) / "cd"),
                   "--json", str(out), *extra, env=env)
    verdicts = {i["id"]: i["verdict"] for i in json.loads(out.read_text())["items"]} if out.exists() else {}
    return proc, verdicts, ran(proc)


def ran(proc) -> set:
    """Ids whose verifier ran (progress lines without 'cached'); everything when the run was replayed is none."""
    lines = [line.split("]", 1)[1].split() for line in proc.stderr.splitlines() if line.startswith("[")]
    return {parts[0] for parts in lines if "cached" not in parts}


def write(base: Path, files: dict) -> None:
    for name, text in files.items():
        target = base / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text))


# ---------------------------------------------------------------------------------------------------------------
# one project, one item per class of input; every input edited at once, then each item must run again
# ---------------------------------------------------------------------------------------------------------------
FILES = {
    "items/mine.py": '''
        import functools
        import importlib
        import json
        import os
        import sys
        HERE = os.path.dirname(os.path.abspath(__file__))
        sys.path[:0] = [HERE, os.path.join(HERE, "..", "lib")]
        import numpy as np
        import sympy as sp
        from checker import theorem
        import pkg.consts
        import moda
        import modb
        import loadedhelper
        from shapes import Vec
        from funcs import EXPR, x
        from mathlib import f as lib_f
        from cachedhelper import value as cached_value

        DEEP = {"a": [{"b": ({"c": [[{"d": {"e": {"f": {"g": 1}}}}]]},)}]}
        M = sp.Matrix([[1, 2], [3, 4]])

        class P:
            __slots__ = ("v",)

            def __init__(self, v):
                self.v = v

        INST = P(1)
        A = np.zeros(5000)
        A[2500] = 1

        @theorem("mine.deep", title="t", statement="a value nested 10 deep")
        def _(check):
            check.fact("v", DEEP["a"][0]["b"][0]["c"][0][0]["d"]["e"]["f"]["g"] == 1)

        @theorem("mine.matrix", title="t", statement="det M = -2")
        def _(check):
            check.identity("det", M.det(), sp.Integer(-2))

        @theorem("mine.slots", title="t", statement="INST.v == 1")
        def _(check):
            check.fact("v", INST.v == 1)

        @theorem("mine.numpy", title="t", statement="sum A == 1")
        def _(check):
            check.fact("v", bool(A.sum() == 1))

        @theorem("mine.chain", title="t", statement="pkg.consts.VALUE == 1")
        def _(check):
            check.fact("v", pkg.consts.VALUE == 1)

        @theorem("mine.default", title="t", statement="moda.VALUE == 1")
        def _(check, m=moda):
            check.fact("v", m.VALUE == 1)

        def _make(m):
            def verifier(check):
                check.fact("v", m.VALUE == 1)
            return verifier

        theorem("mine.closure", title="t", statement="modb.VALUE == 1")(_make(modb))

        @theorem("mine.inherited", title="t", statement="Vec(1) + Vec(0) has x == 1")
        def _(check):
            check.fact("v", (Vec(1) + Vec(0)).x == 1)

        def _body(check, k):
            check.fact("v", k * len(str(check.seed)[:1]) == 1)

        theorem("mine.partial", title="t", statement="k == 1")(functools.partial(_body, k=1))

        class Runner:
            def run(self, check):
                check.fact("v", len(str(check.seed)[:1]) == 1)

        theorem("mine.bound", title="t", statement="1 == 1")(Runner().run)

        @theorem("mine.function_class", title="t", statement="F'(x) = 1")
        def _(check):
            check.identity("derivative", sp.diff(EXPR, x), sp.Integer(1))

        @theorem("mine.outside", title="t", statement="f() == 1")
        def _(check):
            check.fact("v", lib_f() == 1)

        @theorem("mine.lazy", title="t", statement="lazyhelper.value() == 1")
        def _(check):
            import lazyhelper
            check.fact("v", lazyhelper.value() == 1)

        @theorem("mine.data", title="t", statement="data.json v == 1")
        def _(check):
            with open(os.path.join(HERE, "data.json")) as fh:
                check.fact("v", json.load(fh)["v"] == 1)

        @theorem("mine.env", title="t", statement="CHECKER_ROUND2_V == 1")
        def _(check):
            check.fact("v", os.environ.get("CHECKER_ROUND2_V", "1") == "1")

        @theorem("mine.computed_import", title="t", statement="dynhelper.VALUE == 1")
        def _(check):
            m = importlib.import_module("dyn" + "helper")
            check.fact("v", getattr(m, "VAL" + "UE") == 1)

        @theorem("mine.computed_loaded", title="t", statement="loadedhelper.VALUE == 1")
        def _(check):
            m = importlib.import_module("loaded" + "helper")
            check.fact("v", getattr(m, "VAL" + "UE") == 1)

        @theorem("mine.lru_cache", title="t", statement="cached_value() == 1")
        def _(check):
            check.fact("v", cached_value() == 1)

        @theorem("mine.control", title="t", statement="len('ab') == 2")
        def _(check):
            check.fact("v", len(str(check.seed)[:1]) + 1 == 2)
        ''',
    "items/pkg/__init__.py": "",
    "items/pkg/consts.py": "VALUE = 1\n",
    "items/moda.py": "VALUE = 1\n",
    "items/modb.py": "VALUE = 1\n",
    "items/dynhelper.py": "VALUE = 1\n",
    "items/loadedhelper.py": "VALUE = 1\n",
    "items/lazyhelper.py": "def value():\n    return 1\n",
    "items/data.json": '{"v": 1}\n',
    "items/shapes.py": '''
        class Base:
            def __init__(self, x):
                self.x = x

            def __add__(self, other):
                return type(self)(self.x + other.x)


        class Vec(Base):
            pass
        ''',
    "items/funcs.py": '''
        import sympy as sp
        x = sp.Symbol("x")


        class F(sp.Function):
            def fdiff(self, argindex=1):
                return sp.Integer(1)


        EXPR = F(x)
        ''',
    "lib/mathlib.py": "def f():\n    return 1\n",
    "items/cachedhelper.py": "import functools\n\n\n@functools.lru_cache\ndef value():\n    return 1\n",
}

#: item -> (the defect class it stands for, the edit that makes it refuted: file, old, new)
EDITS = {
    "mine.deep": ("values nested deeper than the old cut-off", "items/mine.py", '"g": 1', '"g": 2'),
    "mine.matrix": ("entries of a module-level sympy Matrix", "items/mine.py", "[3, 4]", "[3, 5]"),
    "mine.slots": ("an instance with __slots__", "items/mine.py", "INST = P(1)", "INST = P(2)"),
    "mine.numpy": ("a large numpy array", "items/mine.py", "A[2500] = 1", "A[2500] = 2"),
    "mine.chain": ("a module reached as pkg.sub.NAME", "items/pkg/consts.py", "VALUE = 1", "VALUE = 2"),
    "mine.default": ("a module in a default argument", "items/moda.py", "VALUE = 1", "VALUE = 2"),
    "mine.closure": ("a module in a closure cell", "items/modb.py", "VALUE = 1", "VALUE = 2"),
    "mine.inherited": ("a method inherited from a base class", "items/shapes.py", "self.x + other.x",
                       "self.x + other.x + 1"),
    "mine.partial": ("a functools.partial verifier", "items/mine.py", 'k * len(str(check.seed)[:1]) == 1', 'k * len(str(check.seed)[:1]) == 2'),
    "mine.bound": ("a bound-method verifier", "items/mine.py", 'check.fact("v", len(str(check.seed)[:1]) == 1)',
                   'check.fact("v", len(str(check.seed)[:1]) == 2)'),
    "mine.function_class": ("a sympy Function subclass inside an expression", "items/funcs.py", "return sp.Integer(1)",
                            "return sp.Integer(2)"),
    "mine.outside": ("user code outside the item's folder", "lib/mathlib.py", "return 1", "return 2"),
    "mine.lazy": ("a module imported inside the verifier", "items/lazyhelper.py", "return 1", "return 2"),
    "mine.data": ("a data file the verifier reads", "items/data.json", '"v": 1', '"v": 2'),
    "mine.env": ("an environment variable the verifier reads", None, None, None),
    "mine.lru_cache": ("a function wrapped by functools.lru_cache", "items/cachedhelper.py", "return 1", "return 2"),
    "mine.computed_import": ("a module imported by a computed name", "items/dynhelper.py", "VALUE = 1", "VALUE = 2"),
    "mine.computed_loaded": ("an already loaded module fetched by a computed name", "items/loadedhelper.py",
                             "VALUE = 1", "VALUE = 2"),
}
#: the whole environment is in every key (C code may read any variable): the user declares this one as read only
#: through ``os.environ`` (``CHECKER_CACHE_IGNORE_ENV``), so that the item reading it is the only one to run again
DECLARED = {"CHECKER_CACHE_IGNORE_ENV": "CHECKER_ROUND2_*"}
EDITED_ENV = dict(DECLARED, CHECKER_ROUND2_V="2")


@pytest.fixture(scope="module")
def edited_project(tmp_path_factory):
    """The project verified cold, then verified again after every edit of :data:`EDITS` (and the variable set),
    then with one input put back, then once more with nothing changed."""
    base = tmp_path_factory.mktemp("round2")
    write(base, FILES)
    path = base / "items" / "mine.py"
    cold = verify(base, path, env=DECLARED)
    for item, (_, file, old, new) in EDITS.items():
        if file is not None:
            target = base / file
            text = target.read_text()
            assert old in text, item
            target.write_text(text.replace(old, new, 1))
    edited = verify(base, path, env=EDITED_ENV)
    (base / "items" / "data.json").write_text('{"v": 1}\n')  # one input back: only its reader runs
    one_back = verify(base, path, env=EDITED_ENV)
    again = verify(base, path, env=EDITED_ENV)
    return {"cold": cold, "edited": edited, "one_back": one_back, "again": again}


def test_the_project_holds_before_the_edits(edited_project):
    proc, verdicts, _ = edited_project["cold"]
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert set(verdicts.values()) == {"proved"}, verdicts


@pytest.mark.parametrize("item", sorted(EDITS), ids=lambda i: EDITS[i][0].replace(" ", "_"))
def test_an_edited_input_of_each_class_reruns_its_item(edited_project, item):
    """The cached run after the edit gives the fresh verdict (refuted), because the item ran again."""
    proc, verdicts, ids_run = edited_project["edited"]
    assert "replayed" not in proc.stderr
    assert item in ids_run, f"{item} ({EDITS[item][0]}) was answered from the cache after its input changed"
    assert verdicts[item] == "refuted", proc.stdout


def test_what_no_edit_reached_stays_cached(edited_project):
    proc, verdicts, ids_run = edited_project["edited"]
    assert "mine.control" not in ids_run and verdicts["mine.control"] == "proved"


def test_putting_one_input_back_reruns_only_its_reader_and_then_nothing(edited_project):
    _, verdicts, ids_run = edited_project["one_back"]
    assert ids_run == {"mine.data"} and verdicts["mine.data"] == "proved"
    proc, verdicts_again, ids_again = edited_project["again"]
    assert "replayed" in proc.stderr and ids_again == set() and verdicts_again == verdicts


# ---------------------------------------------------------------------------------------------------------------
# the whole-run replay
# ---------------------------------------------------------------------------------------------------------------
def test_an_edit_saved_during_a_run_is_never_replayed_with_the_older_output(tmp_path):
    write(tmp_path, {"mine.py": '''
        import time
        from checker import theorem

        @theorem("mine.t", title="t", statement="holds")
        def _(check):
            with open("started", "w") as fh:
                fh.write("x")
            time.sleep(2)
            check.fact("v", len(str(check.seed)[:1]) == 1)
        '''})
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.Popen([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path", "mine.py",
                            "--cache-dir", "cd"], cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not (tmp_path / "started").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    source = tmp_path / "mine.py"
    source.write_text(source.read_text().replace('len(str(check.seed)[:1]) == 1', 'len(str(check.seed)[:1]) == 2'))  # saved during the run
    run.wait(120)
    later, verdicts, _ = verify(tmp_path, "mine.py")
    assert verdicts == {"mine.t": "refuted"}, later.stderr
    again, verdicts, _ = verify(tmp_path, "mine.py")
    assert verdicts == {"mine.t": "refuted"}


def test_a_replayed_verify_is_the_last_verify_for_rerun_failed(tmp_path):
    write(tmp_path, {"mine.py": '''
        from checker import theorem

        @theorem("mine.t", title="t", statement="the item's seed is even")
        def _(check):
            check.fact("v", check.seed % 2 == 0)
        '''})
    from checker.execution.runner import item_seed  # seeds at which the item's own seed is odd (fails) and even (holds)
    failing = next(s for s in range(50) if item_seed(s, "mine.t") % 2)
    passing = next(s for s in range(50) if not item_seed(s, "mine.t") % 2)
    verify(tmp_path, "mine.py", "--seed", str(failing))
    verify(tmp_path, "mine.py", "--seed", str(passing))
    replayed, _, _ = verify(tmp_path, "mine.py", "--seed", str(failing))
    assert "replayed" in replayed.stderr
    proc, verdicts, ids_run = verify(tmp_path, "mine.py", "--rerun-failed", "--seed", str(failing), ids=())
    assert ids_run == {"mine.t"} and verdicts == {"mine.t": "refuted"}, proc.stderr
    # the last statuses are those of the verify with the same options: at the passing seed nothing failed, but the
    # cache still holds the failing seed's failure: not "nothing to rerun", the options that differ (exit 2)
    proc, _, ids_run = verify(tmp_path, "mine.py", "--rerun-failed", "--seed", str(passing), ids=())
    assert ids_run == set() and "nothing to rerun" not in proc.stderr and proc.returncode == 2
    assert f"--seed {failing} (here --seed {passing})" in proc.stderr


# ---------------------------------------------------------------------------------------------------------------
# a cache given up, and what the digests do and do not protect
# ---------------------------------------------------------------------------------------------------------------
def one_fact_module(item_id: str, statement: str, value: str) -> str:
    """A user module with one theorem whose only check is the fact ``value`` (Python source, computed)."""
    return f'''
        from checker import theorem

        @theorem("{item_id}", title="t", statement="{statement}")
        def _(check):
            check.fact("v", {value})
        '''


def test_after_a_query_error_the_cache_is_neither_read_nor_written(tmp_path):
    write(tmp_path, {"mine.py": one_fact_module("mine.t", "holds", 'len(str(check.seed)[:1]) == 1')})
    verify(tmp_path, "mine.py")
    db = sqlite3.connect(tmp_path / "cd" / "cache.sqlite3")
    db.execute("DROP TABLE runs")
    db.execute("CREATE TABLE runs (x)")  # a damaged table: the first query of the run fails
    db.commit()
    before = db.execute("SELECT key, payload, created FROM results").fetchall()
    db.close()
    proc, verdicts, ids_run = verify(tmp_path, "mine.py")
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("checker: cache:")]
    assert len(warnings) == 1 and "ignored for this run" in warnings[0]
    assert ids_run == {"mine.t"} and verdicts == {"mine.t": "proved"}  # not read: it ran
    db = sqlite3.connect(tmp_path / "cd" / "cache.sqlite3")
    assert db.execute("SELECT key, payload, created FROM results").fetchall() == before  # not written


def test_cache_info_counts_the_verdicts_of_checked_payloads_and_inconsistent_rows_are_not_reused(tmp_path):
    write(tmp_path, {"mine.py": one_fact_module("mine.bad", "fails", 'len(str(check.seed)[:1]) == 2')})
    verify(tmp_path, "mine.py")
    db = sqlite3.connect(tmp_path / "cd" / "cache.sqlite3")
    (key, payload), = db.execute("SELECT key, payload FROM results")
    data = json.loads(payload)
    for c in data["message"]["checks"]:  # the records say proved; the verdict stored with them says refuted
        c["outcome"] = "proved"
        c.pop("witness", None)
    text = json.dumps(data)
    import hashlib
    db.execute("UPDATE results SET payload = ?, digest = ?, verdict = 'proved' WHERE key = ?",
               (text, hashlib.sha256(text.encode()).hexdigest(), key))
    db.execute("DELETE FROM runs")
    db.commit()
    db.close()
    info = checker(tmp_path, "cache", "info", "--cache-dir", "cd")
    assert "(1 refuted)" in info.stdout, info.stdout  # the payload's verdict, not the column's
    proc, verdicts, ids_run = verify(tmp_path, "mine.py")
    assert verdicts == {"mine.bad": "refuted"} and ids_run == {"mine.bad"}
    assert sum(line.startswith("checker: cache:") for line in proc.stderr.splitlines()) == 1


def test_a_value_nothing_can_digest_makes_its_item_and_its_dependents_uncacheable(tmp_path):
    write(tmp_path, {"mine.py": '''
        import threading
        from checker import theorem, lemma
        LOCK = threading.Lock()

        @lemma("mine.locked", title="t", statement="holds")
        def _(check):
            with LOCK:
                check.fact("v", len(str(check.seed)[:1]) == 1)

        @theorem("mine.above", title="t", statement="holds", uses=["mine.locked"])
        def _(check):
            check.fact("v", len(str(check.seed)[:1]) == 1)

        @theorem("mine.apart", title="t", statement="holds")
        def _(check):
            check.fact("v", len(str(check.seed)[:1]) == 1)
        '''})
    verify(tmp_path, "mine.py")
    proc, _, ids_run = verify(tmp_path, "mine.py")
    assert "replayed" not in proc.stderr and ids_run == {"mine.locked", "mine.above"}


# ---------------------------------------------------------------------------------------------------------------
# properties of the digests (in this process)
# ---------------------------------------------------------------------------------------------------------------
def _fingerprints(*project_dirs):
    from checker.execution.fingerprint import CodeFingerprints
    return CodeFingerprints([str(d) for d in project_dirs])


leaves = st.one_of(st.integers(), st.text(max_size=5), st.floats(allow_nan=False), st.booleans(), st.none())
data = st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=3), st.tuples(inner, inner),
                                                    st.dictionaries(st.text(max_size=3), inner, max_size=3)),
                    max_leaves=25)


def _paths(value, prefix=()):
    """Every path to a leaf of ``value`` (list/tuple indices and dict keys)."""
    if isinstance(value, (list, tuple, dict)) and not value:
        yield prefix  # an empty container is a leaf: it is replaced whole
    elif isinstance(value, (list, tuple)):
        for n, x in enumerate(value):
            yield from _paths(x, prefix + (n,))
    elif isinstance(value, dict):
        for k, x in value.items():
            yield from _paths(x, prefix + (k,))
    else:
        yield prefix


def _replaced(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, list):
        return [(_replaced(x, rest, new) if n == head else x) for n, x in enumerate(value)]
    if isinstance(value, tuple):
        return tuple((_replaced(x, rest, new) if n == head else x) for n, x in enumerate(value))
    return {k: (_replaced(x, rest, new) if k == head else x) for k, x in value.items()}


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=data, depth=st.integers(0, 12), choice=st.integers(0, 10**6))
def test_a_value_is_hashed_completely_at_any_depth(value, depth, choice):
    """Wrapped ``depth`` levels deeper, a value's digest is deterministic, and changing any one leaf changes it."""
    for _ in range(depth):
        value = {"k": [value]}
    first, second = _fingerprints().value(value), _fingerprints().value(value)
    assert first == second
    paths = list(_paths(value))
    path = paths[choice % len(paths)]
    changed = _replaced(value, path, ("a different leaf", choice))
    assert _fingerprints().value(changed) != first


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(rows=st.integers(1, 4), cols=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_every_entry_of_a_sympy_matrix_and_a_numpy_array_is_in_the_digest(rows, cols, seed):
    import numpy as np
    import sympy as sp
    entries = [[(seed * (i + 3) * (j + 5)) % 97 for j in range(cols)] for i in range(rows)]
    i, j = seed % rows, (seed // 7) % cols
    changed = [r[:] for r in entries]
    changed[i][j] += 1
    for make in (sp.Matrix, sp.ImmutableMatrix, sp.SparseMatrix):
        assert _fingerprints().value(make(entries)) != _fingerprints().value(make(changed))
        assert _fingerprints().value(make(entries)) == _fingerprints().value(make(entries))
    big, other = np.zeros(3000 + seed % 5000), np.zeros(3000 + seed % 5000)
    other[seed % len(other)] = 1
    assert _fingerprints().value(big) != _fingerprints().value(other)


def _user_module(tmp_path, name, source):
    import importlib.util
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_mutually_recursive_code_has_the_same_digest_whatever_was_digested_first(tmp_path):
    """A digest computed inside a cycle is complete: no memo of a partial digest leaks into another key."""
    source = '''
        def f(n):
            return 0 if n <= 0 else g(n - 1) + {edit}

        def g(n):
            return 0 if n <= 0 else f(n - 1)
        '''
    digests = []
    for edit in (1, 2):  # the same module, f edited
        module = _user_module(tmp_path, "cycle_mod", source.format(edit=edit))
        fp = _fingerprints(tmp_path)
        f_first = (fp.function(module.f), fp.function(module.g))
        fp = _fingerprints(tmp_path)
        g_digest = fp.function(module.g)
        assert (fp.function(module.f), g_digest) == f_first
        digests.append(f_first)
    assert digests[0][1] != digests[1][1]  # g's digest contains f's code even when f was digested first


def test_inherited_members_partial_and_bound_methods_are_in_the_digest(tmp_path):
    import functools
    one = _user_module(tmp_path, "shape_one", '''
        class Base:
            def area(self):
                return 1
        class Square(Base):
            pass
        def scaled(k, x):
            return k * x
        ''')
    two = _user_module(tmp_path, "shape_two", '''
        class Base:
            def area(self):
                return 2
        class Square(Base):
            pass
        def scaled(k, x):
            return k * x + 0
        ''')
    fp = _fingerprints(tmp_path)
    assert fp.value(one.Square) != fp.value(two.Square)
    assert fp.value(functools.partial(one.scaled, 1)) != fp.value(functools.partial(two.scaled, 1))
    assert fp.value(functools.partial(one.scaled, 1)) != fp.value(functools.partial(one.scaled, 2))
    assert fp.value(one.Square().area) != fp.value(two.Square().area)


def test_libraries_are_pinned_by_version_and_everything_else_is_user_code(tmp_path):
    from checker.execution.dependencies import is_library_path, is_user_path
    from checker.execution.fingerprint import library_token
    import numpy  # noqa: F401 - installed: its token carries its version
    from importlib import metadata
    assert metadata.version("numpy") in library_token("numpy.linalg")
    assert library_token("json") == "stdlib"
    assert is_library_path("/somewhere/lib/python3/site-packages/x/y.py")
    assert is_user_path(str(tmp_path / "lib" / "mathlib.py"))


def test_a_manifest_records_what_a_run_reads_as_it_read_it(tmp_path, monkeypatch):
    from checker.execution.dependencies import recording, unchanged
    data, scratch = tmp_path / "data.txt", tmp_path / "scratch.txt"
    data.write_text("one")
    monkeypatch.setenv("CHECKER_ROUND2_READ", "a")
    with recording() as rec:
        data.read_text()
        scratch.write_text("made here")  # written by the run itself: its own output, not an input
        scratch.read_text()
        os.environ.get("CHECKER_ROUND2_READ")
        os.environ.get("CHECKER_ROUND2_UNSET")
        os.listdir(tmp_path)
    manifest = rec.manifest
    assert f"file:{data}" in manifest and f"file:{scratch}" not in manifest
    assert {"env:CHECKER_ROUND2_READ", "env:CHECKER_ROUND2_UNSET", f"list:{tmp_path}"} <= set(manifest)
    assert unchanged(manifest)
    monkeypatch.setenv("CHECKER_ROUND2_UNSET", "now set")
    assert not unchanged(manifest)
    monkeypatch.delenv("CHECKER_ROUND2_UNSET")
    assert unchanged(manifest)
    data.write_text("two")
    assert not unchanged(manifest)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(before=st.binary(max_size=64), after=st.binary(max_size=64))
def test_a_recorded_file_matches_exactly_when_its_content_is_the_same(tmp_path_factory, before, after):
    from checker.execution.dependencies import recording, unchanged
    path = tmp_path_factory.mktemp("manifest") / "input.bin"
    path.write_bytes(before)
    with recording() as rec:
        path.read_bytes()
    path.write_bytes(after)
    assert unchanged(rec.manifest) == (before == after)


def test_a_dask_manifest_names_the_clients_files(tmp_path):
    from checker.execution import dask_executor
    local = str(tmp_path / "checker-shipped-x")
    monkey = {local + os.sep: "/home/user/items" + os.sep}
    saved = dict(dask_executor._SHIPPED_AS)
    dask_executor._SHIPPED_AS.clear()
    dask_executor._SHIPPED_AS.update(monkey)
    try:
        out = dask_executor.client_manifest({f"file:{local}/helper.py": "d1", f"list:{local}": "d2", "env:X": "d3",
                                             "file:/elsewhere/data.json": "d4"})
    finally:
        dask_executor._SHIPPED_AS.clear()
        dask_executor._SHIPPED_AS.update(saved)
    assert out == {"file:/home/user/items/helper.py": "d1", "list:/home/user/items": "d2", "env:X": "d3",
                   "file:/elsewhere/data.json": "d4"}


# ---------------------------------------------------------------------------------------------------------------
# the import recorder's fast path: a pinned module is one whose import adds nothing to a manifest
@functools.lru_cache(maxsize=None)
def _pinned_names() -> tuple:
    """The pinned modules once (the same list for every example: pinning grows as modules load)."""
    import json  # noqa: F401 - loaded here, so that the sample holds them
    import sympy.core.mul  # noqa: F401
    import checker.execution.runner  # noqa: F401
    from checker.execution.dependencies import pin_loaded_modules
    return tuple(sorted(pin_loaded_modules()))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_recording_an_import_of_any_pinned_module_adds_nothing_to_the_manifest(data):
    """The fast path skips exactly what :meth:`Recorder.finish` would skip: for any pinned module (and any of its
    loaded submodules in a ``from`` list), a recorder that saw the import finishes with no entry."""
    import sys
    from checker.execution.dependencies import Recorder
    name = data.draw(st.sampled_from(_pinned_names()))
    children = sorted(n.rsplit(".", 1)[1] for n in sys.modules if n.startswith(name + ".") and n.count(".") ==
                      name.count(".") + 1)
    fromlist = tuple(data.draw(st.lists(st.sampled_from(children), max_size=3))) if children else ()
    rec = Recorder()
    rec.accessed.add((name, 0, None, fromlist))
    assert rec.finish() == {}


def test_an_import_reaching_a_user_module_under_a_pinned_name_is_recorded(tmp_path, monkeypatch):
    """The fast path trusts a pinned name only while the loaded module under it is the one pinned: a user module
    put in its place (or a user module imported by any name) is recorded by its source."""
    import importlib.util
    import sys
    from checker.execution.dependencies import recording
    pinned = _pinned_names()
    assert "json" in pinned and "checker.execution.runner" in pinned and "sympy" in pinned
    source = tmp_path / "json.py"
    source.write_text("VALUE = 1\n")
    spec = importlib.util.spec_from_file_location("json", source)
    shadow = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shadow)
    monkeypatch.setitem(sys.modules, "json", shadow)
    with recording() as rec:
        exec("import json\nfrom json import VALUE", {})
    assert f"file:{source}" in rec.manifest
    monkeypatch.undo()
    with recording() as rec:
        exec("import json\nfrom sympy.core.mul import Mul\nimport checker.execution.runner", {})
    assert rec.manifest == {}


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_fast_path_returns_what_the_import_system_returns(data):
    """While recording, an import of a pinned module gives the object the import system gives (for ``import a.b``,
    ``from a.b import x`` and ``from package import submodule``), and records nothing."""
    import builtins
    import sys
    from checker.execution.dependencies import recording
    name = data.draw(st.sampled_from(_pinned_names()))
    attributes = sorted(a for a in vars(sys.modules[name]) if not a.startswith("__"))[:20]
    fromlist = tuple(data.draw(st.lists(st.sampled_from(attributes), max_size=2))) if attributes else ()
    expected = builtins.__import__(name, {}, {}, fromlist, 0)
    with recording() as rec:
        got = builtins.__import__(name, {}, {}, fromlist, 0)
    assert got is expected
    assert rec.manifest == {}
