"""Library classes and modules patched in place at import are in every cache key (issue 36).

A helper module imported by the item module patches sympy, mpmath or networkx when it is imported (an attribute of a
class set, replaced or deleted, a module constant, a dunder method, a nested class, a sympy function class, a value
whose repr holds a memory address, a user function put into a library module).  The verifiers read the patched
library, never the helper's code, so no code digest sees the helper.  Property: after any edit of the patches, a warm
run gives, item by item, the records of a run without the cache -- through the CLI (whole-run replay included) and
through ``pytest --checker``; and an item whose observation the edit changed is refuted (the edit was seen).

The mechanism: :func:`checker.execution.library_state.library_patches`.
"""
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

ROOT = Path(__file__).resolve().parents[1]

#: shape -> (the patch with ``{v}``, the values an edit picks from (None: no patch), the observation the verifier
#: makes, the observation as a function of the value)
SHAPES = {
    "class_attribute_set": ("sympy.Symbol._pt_set = {v!r}", [None, 1, "two"],
                            "getattr(sympy.Symbol, '_pt_set', 'absent')", lambda v: "absent" if v is None else v),
    "class_attribute_changed": ("sympy.Symbol.is_positive = {v!r}", [None, True, False],
                                "sympy.Symbol('x').is_positive", lambda v: v),
    "class_attribute_deleted": ("del sympy.Rational.__slots__", [None, "del"], "'__slots__' in vars(sympy.Rational)",
                                lambda v: v is None),
    "module_constant": ("sympy.core.evalf.DEFAULT_MAXPREC = {v!r}", [None, 100, 700],
                        "sympy.core.evalf.DEFAULT_MAXPREC", lambda v: 333 if v is None else v),
    "module_attribute_deleted": ("del sympy.core.evalf.TYPE_CHECKING", [None, "del"],
                                 "hasattr(sympy.core.evalf, 'TYPE_CHECKING')", lambda v: v is None),
    "dunder_method": ("sympy.Symbol.__format__ = lambda self, spec: {v!r} + self.name", [None, "a:", "b:"],
                      "format(sympy.Symbol('x'), '')", lambda v: "x" if v is None else v + "x"),
    "nested_class": ("sympy.polys.domains.expressiondomain.ExpressionDomain.Expression._pt_nested = {v!r}",
                     [None, 1, 2], "getattr(sympy.polys.domains.expressiondomain.ExpressionDomain.Expression, "
                                   "'_pt_nested', 'absent')", lambda v: "absent" if v is None else v),
    "function_class": ("sympy.sin._pt_fn = {v!r}", [None, "x", "y"], "getattr(sympy.sin, '_pt_fn', 'absent')",
                       lambda v: "absent" if v is None else v),
    "address_in_repr": ("sympy.Matrix._pt_box = Box({v!r})", [None, 1, 2],
                        "getattr(getattr(sympy.Matrix, '_pt_box', None), 'v', 'absent')",
                        lambda v: "absent" if v is None else v),
    "mpmath_context_class": ("type(mpmath.mp)._pt_mp = {v!r}", [None, 1.5, 2.5],
                             "getattr(type(mpmath.mp), '_pt_mp', 'absent')", lambda v: "absent" if v is None else v),
    "function_into_module": ("sympy.ntheory._pt_fn = lambda: {v!r}", [None, "f", "g"],
                             "getattr(sympy.ntheory, '_pt_fn', lambda: 'absent')()",
                             lambda v: "absent" if v is None else v),
    "setattr_networkx_class": ("setattr(networkx.Graph, '_pt_nx', {v!r})", [None, 1, 2],
                               "getattr(networkx.Graph, '_pt_nx', 'absent')", lambda v: "absent" if v is None else v),
}

PATCHER_HEAD = '''import mpmath, networkx, sympy
import sympy.polys.domains.expressiondomain


class Box:  # its instances' repr holds a memory address
    def __init__(self, v):
        self.v = v
'''


def patcher_source(values: dict) -> str:
    lines = [PATCHER_HEAD]
    for shape, v in sorted(values.items()):
        if v is not None:
            lines.append(SHAPES[shape][0].format(v=v))
    return "\n".join(lines) + "\n"


def items_source(first: dict) -> str:
    """The item module: one item per shape, expecting the observation the first patches give; it imports the
    patcher and never names it."""
    lines = ["import mpmath, networkx, sympy", "import sympy.polys.domains.expressiondomain",
             "import patcher  # noqa: F401 - patches the libraries", "from checker import theorem", ""]
    for shape in sorted(first):
        expected = SHAPES[shape][3](first[shape])
        lines += [f"@theorem('pt.{shape}', title='t', statement='observes {shape}')", "def _(check):",
                  f"    observed = {SHAPES[shape][2]}", f"    check.fact(f'observed {{observed!r}}', observed == {expected!r})",
                  ""]
    return "\n".join(lines)


def _env(folder: Path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(folder)]))  # (the patcher is importable)
    env.pop("CHECKER_CACHE_DIR", None)
    return env


def cli(folder: Path, *extra, cwd=None) -> tuple:
    out = folder / "out.json"
    if out.exists():
        out.unlink()
    proc = subprocess.run([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path",
                           str(folder / "mine.py"), "--cache-dir", str(folder / "cd"), "--json", str(out), *extra],
                          cwd=cwd or folder, capture_output=True, text=True, env=_env(folder), timeout=300)
    assert out.exists(), proc.stdout + proc.stderr
    items = json.loads(out.read_text())["items"]
    return proc, {i["id"]: (i["verdict"], json.dumps(i.get("checks"), sort_keys=True)) for i in items}


def pytest_outcomes(folder: Path) -> dict:
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--checker-no-corpus",
                           "--checker-path", "mine.py", "--checker-cache-dir", "pcd", "-rA"], cwd=folder,
                          capture_output=True, text=True, env=_env(folder), timeout=300)
    out = {}
    for line in proc.stdout.splitlines():
        word, _, rest = line.partition(" ")
        if word in ("PASSED", "FAILED") and rest.startswith("checker::"):
            out[rest.split()[0][len("checker::"):]] = word
    assert out, proc.stdout[-3000:]
    return out


edits = st.fixed_dictionaries({}, optional={shape: st.tuples(st.sampled_from(values), st.sampled_from(values))
                                            for shape, (_, values, _, _) in SHAPES.items()}).filter(bool)


@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@example(edit={shape: (values[0], values[-1]) for shape, (_, values, _, _) in SHAPES.items()})
@given(edit=edits)
def test_an_edited_patch_reruns_the_items_in_the_cli_and_in_pytest(tmp_path_factory, edit):
    folder = tmp_path_factory.mktemp("patches")
    first = {shape: before for shape, (before, _) in edit.items()}
    second = {shape: after for shape, (_, after) in edit.items()}
    (folder / "mine.py").write_text(items_source(first))
    (folder / "patcher.py").write_text(patcher_source(first))
    cold_proc, cold = cli(folder)
    assert {v for v, _ in cold.values()} == {"proved"}, cold_proc.stdout + cold_proc.stderr
    assert set(pytest_outcomes(folder).values()) == {"PASSED"}
    (folder / "patcher.py").write_text(patcher_source(second))
    warm_proc, warm = cli(folder)
    _, fresh = cli(folder, "--no-cache")
    assert warm == fresh, warm_proc.stderr
    changed = {f"pt.{s}" for s in edit if SHAPES[s][3](first[s]) != SHAPES[s][3](second[s])}
    assert {i for i, (v, _) in warm.items() if v == "refuted"} == changed, warm_proc.stdout
    assert "not cacheable" not in warm_proc.stdout
    outcomes = pytest_outcomes(folder)
    assert {i for i, word in outcomes.items() if word == "FAILED"} == changed


def test_an_unchanged_patch_keeps_every_result_and_the_replay(tmp_path):
    values = {shape: values[-1] for shape, (_, values, _, _) in SHAPES.items()}
    (tmp_path / "mine.py").write_text(items_source(values))
    (tmp_path / "patcher.py").write_text(patcher_source(values))
    cli(tmp_path)
    again, _ = cli(tmp_path)
    assert "replayed" in again.stderr, again.stderr
    (tmp_path / "elsewhere").mkdir()
    again, _ = cli(tmp_path, cwd=tmp_path / "elsewhere")  # (the same keys; another folder: not replayed whole)
    assert "replayed" not in again.stderr, again.stderr
    ran = [line for line in again.stderr.splitlines() if line.startswith("[") and "cached" not in line]
    assert not ran, again.stderr


def test_a_patched_value_no_digest_describes_makes_the_items_not_cacheable(tmp_path):
    (tmp_path / "mine.py").write_text(items_source({"class_attribute_set": 1}))
    (tmp_path / "patcher.py").write_text(patcher_source({"class_attribute_set": 1}) +
                                         "import threading\nsympy.Matrix._pt_lock = threading.Lock()\n")
    proc, records = cli(tmp_path)
    assert records["pt.class_attribute_set"][0] == "proved"
    assert any(line.startswith("not cacheable: pt.class_attribute_set:") and "sympy.matrices" in line
               and "_pt_lock" in line for line in proc.stdout.splitlines()), proc.stdout


def test_loading_the_corpus_patches_nothing():
    """The corpus patches no library, and what the libraries fill in themselves as the corpus loads (sympy's Dummy
    counter, networkx's compiled functions, ...) is not taken for a patch: the keys stay the same run to run."""
    code = ("from checker.execution.loader import load\nfrom checker.execution.library_state import library_patches\n"
            "load()\nprint(repr([(w, n) for w, n, *_ in library_patches()]))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(ROOT), timeout=300)
    assert proc.stdout.strip().splitlines()[-1] == "[]", proc.stdout + proc.stderr


# -------------------------------------------------------------------------------------------------------------------
# the mechanism in this process, on a small library of its own (what counts as a patch, what is the library's doing)
# -------------------------------------------------------------------------------------------------------------------
FAKE_LIBRARY = {
    "__init__.py": "C = 1\nCACHE = None\n\nclass K:\n    a = 1\n    b = 2\n    _count = 0\n\n    class Inner:\n"
                   "        x = 1\n\n\ndef lazy():\n    global CACHE\n    CACHE = {'built': len('abc')}\n",
    "late.py": "from . import K\nK.added_by_the_library = 3\nK.a = K.a\n",
    "later.py": "from . import K\nK.added_later = 4\n",
}


@pytest.fixture
def fake_library(tmp_path, monkeypatch):
    """A package ``ptfakelib`` the watcher tracks, imported fresh."""
    from checker.execution import library_state
    package = tmp_path / "ptfakelib"
    package.mkdir()
    for name, text in FAKE_LIBRARY.items():
        (package / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(library_state, "PATCH_TRACKED", library_state.PATCH_TRACKED + ("ptfakelib",))
    library_state.watch_library_patches()
    yield importlib.import_module("ptfakelib")  # (made here: not a package the test extra declares)
    for name in [n for n in sys.modules if n.split(".")[0] == "ptfakelib"]:
        del sys.modules[name]


def _patched(prefix="ptfakelib"):
    from checker.execution.library_state import library_patches
    return sorted((w, n) for w, n, *_ in library_patches() if w.startswith(prefix))


def _digest():
    from checker.execution.fingerprint import CodeFingerprints
    from checker.execution.library_state import library_patches_digest
    return library_patches_digest(CodeFingerprints([]))


def test_what_the_library_does_itself_is_no_patch(fake_library):
    none = _digest()
    fake_library.lazy()  # a module global it declares ``global``
    importlib.import_module("ptfakelib.late")  # a later import of the library adds a name to its class
    assert _patched() == [] and _digest() == none


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(target=st.sampled_from(["module", "class", "nested"]), op=st.sampled_from(["set", "change", "delete"]),
       value=st.one_of(st.integers(), st.text(max_size=5), st.tuples(st.integers(), st.booleans())))
def test_every_patch_is_seen_and_its_value_decides_the_digest(fake_library, target, op, value):
    owner = {"module": fake_library, "class": fake_library.K, "nested": fake_library.K.Inner}[target]
    where = {"module": "ptfakelib", "class": "ptfakelib.K", "nested": "ptfakelib.K.Inner"}[target]
    existing = {"module": "C", "class": "a", "nested": "x"}[target]
    saved = vars(owner).get(existing)
    none = _digest()
    try:
        if op == "set":
            setattr(owner, "_pt_new", value)
            assert (where, "_pt_new") in _patched()
        elif op == "change":
            setattr(owner, existing, value)
            assert (where, existing) in _patched() or value is saved
        else:
            delattr(owner, existing)
            assert (where, existing) in _patched()
        first = _digest()
        assert (first == none) == (op == "change" and value == saved and type(value) is type(saved))
        if op != "delete":  # the same value again (another object, equal): the same digest
            setattr(owner, "_pt_new" if op == "set" else existing, type(value)(value) if not isinstance(value, int)
                    else int(str(value)))
            assert _digest() == first
    finally:
        if "_pt_new" in vars(owner):
            delattr(owner, "_pt_new")
        setattr(owner, existing, saved)
    assert _patched() == [] and _digest() == none


def test_a_patch_made_before_a_later_import_of_the_library_stays_a_patch(fake_library):
    fake_library.K.a = 10
    fake_library.K.new_name = 11
    importlib.import_module("ptfakelib.later")  # adds a name to K while it is already patched
    assert ("ptfakelib.K", "a") in _patched() and ("ptfakelib.K", "new_name") in _patched()
