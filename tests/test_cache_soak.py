"""A differential soak test of the results cache (issue 36): a warm run's records equal a run without the cache.

Random user modules are built from the channels through which a verifier can read an input the code digest does not
see -- a file's existence, kind or size (``os.path.exists``, ``Path.is_file``, ``os.stat``), a folder's listing
(``os.listdir``, ``glob``), a data file, a stat or a variable read when the module is imported (an ``lru_cache``d
loader called at import), environment variables read through ``os.environb``, ``os.getenvb``, ``in``,
``dict(os.environ)``, ``os.environ.copy()``, library state set at import (``mpmath.mp.dps``, sympy's
``global_parameters``, numpy's print options, a hypothesis settings profile, ``random.seed``), a library class or
module patched in place (an attribute of ``sympy.Symbol`` set, replaced or deleted, ``sympy.core.evalf``'s
``DEFAULT_MAXPREC``, a method put on ``sympy.Matrix``) and another program's output -- each item reading one or two of them and recording what it observed in its check's name.  Between runs the
inputs are edited at random; after every edit the run through the cache must give, item by item, the records a run
without the cache gives.  Then each channel's recording is switched off in turn: the same soak must see a stale
result (the mutation check the issue asks for).

The runs go through :func:`checker.interfaces.api.verify` in this process (each verifier forked, as in the CLI); the
CLI and ``pytest --checker`` paths are checked once each at the end.
"""
import json
import os
import random
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: channel -> (setup code at module level, expression observed by the verifier); ``{i}`` is the item's number
CHANNELS = {
    "exists": ("", "os.path.exists(os.path.join(HERE, 'flag{i}'))"),
    "is_file": ("", "pathlib.Path(HERE, 'kind{i}').is_file()"),
    "stat_size": ("", "(os.stat(os.path.join(HERE, 'sized{i}')).st_size if os.path.lexists(os.path.join(HERE, "
                      "'sized{i}')) else None)"),
    "listdir": ("", "sorted(os.listdir(os.path.join(HERE, 'dir{i}')))"),
    "glob": ("", "sorted(os.path.basename(p) for p in glob.glob(os.path.join(HERE, 'dir{i}', '*.txt')))"),
    "import_data": ("@functools.lru_cache\ndef _data{i}():\n    with open(os.path.join(HERE, 'data{i}.json')) as fh:\n"
                    "        return json.load(fh)\n_data{i}()\n", "_data{i}()['v']"),
    "import_exists": ("@functools.lru_cache\ndef _flag{i}():\n    return os.path.exists(os.path.join(HERE, 'iflag{i}'))\n"
                      "_flag{i}()\n", "_flag{i}()"),
    "import_env": ("@functools.lru_cache\ndef _env{i}():\n    return os.environ.get('SOAK_IENV{i}')\n_env{i}()\n",
                   "_env{i}()"),
    "environb": ("", "os.environb.get(b'SOAK_ENV{i}')"),
    "getenvb": ("", "os.getenvb(b'SOAK_ENV{i}')"),
    "env_in": ("", "'SOAK_ENV{i}' in os.environ"),
    "env_dict": ("", "dict(os.environ).get('SOAK_ENV{i}')"),
    "env_copy": ("", "os.environ.copy().get('SOAK_ENV{i}')"),
    "mpmath": ("", "mpmath.mp.dps"),
    "sympy": ("", "sympy.core.parameters.global_parameters.distribute"),
    "numpy": ("", "str(numpy.array([1 / 3]))"),
    "hypothesis": ("", "hypothesis.settings.default.max_examples"),
    "random": ("", "random.random()"),
    "subprocess": ("", "subprocess.run(['cat', os.path.join(HERE, 'piped{i}')], capture_output=True, text=True).stdout"),
    # C code reading the environment itself (libc's getenv through ctypes): no Python-level read to record
    "c_getenv": ("", "_c_getenv(b'SOAK_CENV{i}')"),
    # the warnings filters the run is started with (``python -W``, pytest's ``filterwarnings``): an error or not
    "warnings": ("", "_warned('soak{i}')"),
    # a library class or module patched in place when the module is imported (``{patch}``: the current patch)
    "patch_class": ("class _Marker{i}:\n    def __init__(self, v):\n        self.v = v\n"
                    "def _seen{i}():\n    p = getattr(sympy.Symbol, '_soak_p{i}', None)\n"
                    "    return ('marker', p.v) if type(p).__name__ == '_Marker{i}' else p\n{patch}\n", "_seen{i}()"),
    "patch_module": ("{patch}\n", "sympy.core.evalf.DEFAULT_MAXPREC"),
    "patch_method": ("{patch}\n", "getattr(sympy.Matrix([1]), '_soak_m{i}', lambda: None)()"),
}
#: patched channel -> the patches an edit picks from (``{i}``: the item's number)
PATCHES = {
    "patch_class": ["sympy.Symbol._soak_p{i} = 1", "sympy.Symbol._soak_p{i} = 'two'",
                    "sympy.Symbol._soak_p{i} = _Marker{i}(3)", "setattr(sympy.Symbol, '_soak_p{i}', (4, 5))",
                    "if '_soak_p{i}' in vars(sympy.Symbol):\n    del sympy.Symbol._soak_p{i}"],
    "patch_module": ["sympy.core.evalf.DEFAULT_MAXPREC = 333", "sympy.core.evalf.DEFAULT_MAXPREC = 400",
                     "sympy.core.evalf.DEFAULT_MAXPREC = 512"],
    "patch_method": ["sympy.MutableDenseMatrix._soak_m{i} = lambda self: 'one'",
                     "sympy.MutableDenseMatrix._soak_m{i} = lambda self: 'two'",
                     "if '_soak_m{i}' in vars(sympy.MutableDenseMatrix):\n    del sympy.MutableDenseMatrix._soak_m{i}"],
}
#: the header's library state: name -> (code with {value}, the values an edit picks from)
HEADER = {
    "mpmath": ("mpmath.mp.dps = {value}", [15, 30, 50]),
    "sympy": ("sympy.core.parameters.global_parameters.distribute = {value}", [True, False]),
    "numpy": ("numpy.set_printoptions(precision={value})", [8, 3, 5]),
    "hypothesis": ("hypothesis.settings.register_profile('soak', max_examples={value})\n"
                   "hypothesis.settings.load_profile('soak')", [100, 7, 12]),
    "random": ("random.seed({value})", [1, 2, 3]),
}
#: which switch turns each channel's recording off (see :func:`switch_off`)
MUTATIONS = {
    "stat": ["exists", "is_file", "stat_size"],
    "listing": ["listdir", "glob"],
    "import": ["import_data", "import_exists", "import_env"],
    "environment": ["environb", "getenvb", "env_in", "env_dict", "env_copy"],
    "library state": ["mpmath", "sympy", "numpy", "hypothesis"],
    "random state": ["random"],
    "untracked": ["subprocess"],
    "process environment": ["c_getenv"],
    "warnings": ["warnings"],
    "library patches": ["patch_class", "patch_module", "patch_method"],
}
#: helpers of the module's header (user code: digested with the verifiers that call them)
HELPERS = """
def _c_getenv(name):
    getenv = ctypes.CDLL(None).getenv
    getenv.restype = ctypes.c_char_p
    return getenv(name)


def _warned(text):
    try:
        warnings.warn(text, UserWarning)
    except UserWarning:
        return 'raised'
    return 'passed'
"""


class Program:
    """A user module with items reading ``channels`` and the inputs they read, edited at random."""

    def __init__(self, folder: Path, items: list, rng: random.Random):
        self.folder, self.items, self.rng = folder, items, rng
        self.header = {name: values[0] for name, (_, values) in HEADER.items()}
        self.env: dict = {}
        self.files: dict = {}  # relative path -> text, or "<dir>"; absent: not there
        self.warnings_error = False  # the runs start with an ``error`` filter for the items' warnings
        self.patches: dict = {}  # (channel, item) -> the patch its module makes now

    def source(self) -> str:
        lines = ["import ctypes, functools, glob, json, os, pathlib, random, subprocess, warnings",
                 "import hypothesis, mpmath, numpy, sympy",
                 "from checker import theorem", "HERE = os.path.dirname(os.path.abspath(__file__))", HELPERS]
        lines += [HEADER[name][0].format(value=value) for name, value in self.header.items()]
        for i, channels in enumerate(self.items):
            for channel in channels:
                patch = self.patches.get((channel, i), PATCHES.get(channel, [""])[0]).format(i=i)
                lines.append(CHANNELS[channel][0].format(i=i, patch=patch))
            observed = ", ".join(CHANNELS[c][1].format(i=i) for c in channels)
            lines += [f"@theorem('soak.i{i}', title='t', statement='observes {'+'.join(channels)}')",
                      "def _(check):",
                      f"    observed = ({observed},)",
                      "    check.fact(f'observed {observed!r}', len(repr(observed)) % 2 == 0)", ""]
        return "\n".join(lines) + "\n"

    def write(self) -> Path:
        path = self.folder / "soak_items.py"
        path.write_text(self.source())
        for i, channels in enumerate(self.items):  # every directory an item lists exists
            (self.folder / f"dir{i}").mkdir(exist_ok=True)
        return path

    def _set_file(self, relative: str, content) -> None:
        target = self.folder / relative
        if target.is_dir() and not target.is_symlink():
            for child in target.iterdir():
                child.unlink()
            target.rmdir()
        elif target.exists():
            target.unlink()
        if content == "<dir>":
            target.mkdir()
        elif content is not None:
            target.write_text(content)

    def edit(self, channel: str, i: int) -> str:
        """Change the input ``channel`` of item ``i`` reads; returns what was done."""
        r = self.rng
        choice = {
            "exists": lambda: self._set_file(f"flag{i}", r.choice([None, "x"])),
            "import_exists": lambda: self._set_file(f"iflag{i}", r.choice([None, "x"])),
            "is_file": lambda: self._set_file(f"kind{i}", r.choice([None, "x", "<dir>"])),
            "stat_size": lambda: self._set_file(f"sized{i}", r.choice([None, "ab", "abcd", "abcdefg"])),
            "listdir": lambda: self._set_file(f"dir{i}/{r.choice(['a.txt', 'b.txt', 'c.dat'])}", r.choice([None, "x"])),
            "glob": lambda: self._set_file(f"dir{i}/{r.choice(['a.txt', 'b.txt', 'c.dat'])}", r.choice([None, "x"])),
            "import_data": lambda: self._set_file(f"data{i}.json", json.dumps({"v": r.randint(0, 3)})),
            "subprocess": lambda: self._set_file(f"piped{i}", r.choice(["one", "two", "three"])),
        }
        if channel in choice:
            choice[channel]()
        elif channel == "warnings":
            self.warnings_error = r.choice([False, True])
        elif channel in PATCHES:
            self.patches[(channel, i)] = r.choice(PATCHES[channel])
        elif channel in HEADER:
            self.header[channel] = r.choice(HEADER[channel][1])
        else:
            name = {"import_env": f"SOAK_IENV{i}", "c_getenv": f"SOAK_CENV{i}"}.get(channel, f"SOAK_ENV{i}")
            self.env[name] = r.choice([None, "a", "bb"])
        return channel

    def prepare(self) -> None:
        for i, channels in enumerate(self.items):
            for channel in channels:
                if channel in ("import_data", "subprocess", "stat_size"):
                    self.edit(channel, i)


def records(results) -> dict:
    """id -> (verdict, the check records): what must not depend on the cache."""
    return {i: (r.verdict, json.dumps(r.checks, sort_keys=True, default=str)) for i, r in sorted(results.items())}


@pytest.fixture
def library_state_restored():
    """The soak's modules set library state in this process when they are loaded: put it back afterwards."""
    import hypothesis
    import mpmath
    import numpy
    from sympy.core.parameters import global_parameters
    import sympy
    saved = (mpmath.mp.prec, global_parameters.distribute, numpy.get_printoptions(), random.getstate(),
             hypothesis.settings._current_profile)
    env = dict(os.environ)
    maxprec = sympy.core.evalf.DEFAULT_MAXPREC
    yield
    sympy.core.evalf.DEFAULT_MAXPREC = maxprec  # the library patches (``PATCHES``) undone
    for cls in (sympy.Symbol, sympy.MutableDenseMatrix):
        for name in [n for n in vars(cls) if n.startswith("_soak_")]:
            delattr(cls, name)
    mpmath.mp.prec, global_parameters.distribute = saved[0], saved[1]
    numpy.set_printoptions(**saved[2])
    random.setstate(saved[3])
    hypothesis.settings.load_profile(saved[4] or "default")
    for name in [n for n in os.environ if n.startswith("SOAK_")]:
        if name not in env:
            del os.environ[name]


def run_both(program: Program, cache):
    """Load the program (as written now) and verify it through the cache and without it."""
    from checker.interfaces.api import load, verify
    for name, value in program.env.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    path = program.write()
    with warnings.catch_warnings():
        if program.warnings_error:
            warnings.filterwarnings("error", message="soak", category=UserWarning)
        warm = verify(load(paths=[str(path)], corpus=False), cache=cache, jobs=2)
        fresh = verify(load(paths=[str(path)], corpus=False), cache=False, jobs=2)
    return warm, fresh


def soak(folder: Path, seed: int, rounds: int, items: list = None, cache_dir=None):
    """Run the soak; returns (the list of (round, item, edit) whose warm records differ from the fresh ones, how many
    results the warm runs took from the cache)."""
    from checker.execution.cache import ResultsCache
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    if items is None:
        names = sorted(CHANNELS)
        rng.shuffle(names)
        items = [[c] for c in names] + [sorted(rng.sample(sorted(CHANNELS), 2)) for _ in range(4)]
    program = Program(folder, items, rng)
    program.prepare()
    cache = ResultsCache(str(cache_dir or folder / "cache"))
    mismatches, reused = [], 0
    try:
        for round_ in range(rounds):
            edits = []
            if round_:
                for _ in range(rng.randint(1, 3)):
                    i = rng.randrange(len(items))
                    channel = rng.choice(items[i])
                    edits.append((i, program.edit(channel, i)))
            warm, fresh = run_both(program, cache)
            w, f = records(warm), records(fresh)
            reused += sum(r.cached for r in warm.values())
            for item_id in sorted(set(w) | set(f)):
                if w.get(item_id) != f.get(item_id):
                    mismatches.append((round_, item_id, edits))
    finally:
        cache.close()
    return mismatches, reused


def test_warm_runs_give_the_records_of_runs_without_the_cache(tmp_path, library_state_restored):
    mismatches, reused = soak(tmp_path, seed=36, rounds=8)
    assert mismatches == []
    assert reused > 30  # the cache was used: most items came from it after the first round


@pytest.mark.parametrize("switch", sorted(MUTATIONS))
def test_switching_off_one_channel_makes_the_soak_see_a_stale_result(tmp_path, library_state_restored, monkeypatch,
                                                                     switch):
    """Each channel's recording off in turn: a soak over that channel's items sees a warm run that differs."""
    from checker.execution import dependencies, fingerprint, library_state
    off = {
        "stat": lambda: monkeypatch.setattr(dependencies.Recorder, "stat_seen", lambda *a, **k: None),
        "listing": lambda: monkeypatch.setattr(dependencies.Recorder, "listed", lambda *a, **k: None),
        "import": lambda: (monkeypatch.setattr(dependencies, "import_manifest", lambda name: {}),
                           monkeypatch.setattr(fingerprint, "import_manifest", lambda name: {})),
        # (the whole environment is in every key too: both off)
        "environment": lambda: (monkeypatch.setattr(dependencies.Recorder, "env_read", lambda *a, **k: None),
                                monkeypatch.setattr(dependencies.Recorder, "env_all", lambda *a, **k: None),
                                monkeypatch.setattr(library_state, "process_environment", lambda: [])),
        "library state": lambda: monkeypatch.setattr(library_state, "library_state", lambda: []),
        "random state": lambda: monkeypatch.setattr(dependencies, "global_random_states", lambda: {}),
        "untracked": lambda: monkeypatch.setattr(dependencies.Recorder, "untracked", lambda *a, **k: None),
        "process environment": lambda: monkeypatch.setattr(library_state, "process_environment", lambda: []),
        "warnings": lambda: monkeypatch.setattr(library_state, "_warnings", lambda: []),
        "library patches": lambda: monkeypatch.setattr(library_state, "library_patches", lambda: []),
    }
    items = [[c] for c in MUTATIONS[switch]] + [["env_in"] if switch != "environment" else ["exists"]]
    off[switch]()  # (the same soak with every channel recorded sees no stale result: the test above)
    mismatches, _ = soak(tmp_path, seed=1, rounds=5, items=items)
    assert mismatches, f"with the {switch} recording off, no warm run differed: the soak cannot see that channel"


# -------------------------------------------------------------------------------------------------------------------
# the CLI (whole-run replay included) and pytest --checker, once each
# -------------------------------------------------------------------------------------------------------------------
CLI_MODULE = '''
import ctypes, functools, json, os, pathlib, posix, random
import mpmath
from checker import theorem
HERE = os.path.dirname(os.path.abspath(__file__))
mpmath.mp.dps = 15
random.seed(1)

@functools.lru_cache
def table():
    with open(os.path.join(HERE, "data.json")) as fh:
        return json.load(fh)
table()

@theorem("cli.exists", title="t", statement="flag exists")
def _(check):
    check.fact("v", os.path.exists(os.path.join(HERE, "flag")))

@theorem("cli.is_file", title="t", statement="kind is a file")
def _(check):
    check.fact("v", pathlib.Path(HERE, "kind").is_file())

@theorem("cli.import_data", title="t", statement="data v == 1")
def _(check):
    check.fact("v", table()["v"] == 1)

@theorem("cli.environb", title="t", statement="SOAK_CLI unset or 1")
def _(check):
    check.fact("v", os.environb.get(b"SOAK_CLI", b"1") == b"1")

@theorem("cli.c_getenv", title="t", statement="SOAK_CLI unset or 1, as C code reads it")
def _(check):
    getenv = ctypes.CDLL(None).getenv
    getenv.restype = ctypes.c_char_p
    check.fact("v", getenv(b"SOAK_CLI") in (None, b"1"))

@theorem("cli.posix_environ", title="t", statement="SOAK_CLI unset or 1 in the environment the interpreter started with")
def _(check):
    check.fact("v", posix.environ.get(b"SOAK_CLI", b"1") == b"1")

@theorem("cli.mpmath", title="t", statement="dps 15")
def _(check):
    check.fact("v", mpmath.mp.dps == 15)

@theorem("cli.random", title="t", statement="the first draw after seed 1")
def _(check):
    x = random.random()
    check.fact("v", abs(x - 0.13436424411240122) < 1e-12)
'''


def _edit_everything(folder: Path) -> None:
    (folder / "flag").unlink()
    (folder / "kind").unlink()
    (folder / "kind").mkdir()
    (folder / "data.json").write_text('{"v": 2}')
    source = folder / "mine.py"
    source.write_text(source.read_text().replace("mp.dps = 15", "mp.dps = 30").replace("seed(1)", "seed(2)"))


def _fresh_project(folder: Path) -> Path:
    folder.mkdir()
    (folder / "mine.py").write_text(textwrap.dedent(CLI_MODULE))
    (folder / "data.json").write_text('{"v": 1}')
    (folder / "flag").write_text("x")
    (folder / "kind").write_text("x")
    return folder / "mine.py"


def _verdicts(folder: Path, *extra, env=None):
    out = folder / "out.json"
    full_env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    proc = subprocess.run([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path", "mine.py",
                           "--cache-dir", "cd", "--json", str(out), *extra], cwd=folder, capture_output=True, text=True,
                          env=full_env, timeout=300)
    return proc, {i["id"]: i["verdict"] for i in json.loads(out.read_text())["items"]}


def test_the_cli_reruns_each_edited_channel(tmp_path):
    _fresh_project(tmp_path / "p")
    folder = tmp_path / "p"
    cold, verdicts = _verdicts(folder)
    assert set(verdicts.values()) == {"proved"}, cold.stdout + cold.stderr
    unchanged, _ = _verdicts(folder)  # (not replayed whole: a verifier drew from the global random generator)
    assert not [line for line in unchanged.stderr.splitlines() if line.startswith("[") and "cached" not in line]
    _edit_everything(folder)
    warm, verdicts = _verdicts(folder, env={"SOAK_CLI": "2"})
    assert "replayed" not in warm.stderr
    assert set(verdicts.values()) == {"refuted"}, warm.stderr
    again, verdicts_again = _verdicts(folder, env={"SOAK_CLI": "2"})
    assert verdicts_again == verdicts


WARNING_MODULE = '''
import warnings
from checker import theorem

@theorem("w.warns", title="t", statement="a UserWarning is only a warning")
def _(check):
    try:
        warnings.warn("careful", UserWarning)
        ok = True
    except UserWarning:
        ok = False
    check.fact("v", ok)
'''


def test_the_warnings_filters_a_run_starts_with_are_in_the_key(tmp_path):
    """``python -W error`` (or pytest's ``-W``/``filterwarnings``) turns the item's warning into an error: neither the
    per-item results nor the whole-run replay of a run without it may answer for it, nor the other way round."""
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "mine.py").write_text(WARNING_MODULE)

    def cli(*flags):
        out = folder / "out.json"
        proc = subprocess.run([sys.executable, *flags, "-m", "checker", "verify", "all", "--no-corpus", "--path",
                               "mine.py", "--cache-dir", "cd", "--json", str(out)], cwd=folder, capture_output=True,
                              text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)
        return proc, json.loads(out.read_text())["items"][0]["verdict"]
    assert cli()[1] == "proved"
    assert cli("-W", "error::UserWarning")[1] != "proved"
    assert cli()[1] == "proved"
    assert cli("-W", "error::UserWarning")[1] != "proved"  # (each answered from its own results)

    def plugin(*flags):
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        env.pop("CHECKER_CACHE_DIR", None)
        return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--checker-no-corpus",
                               "--checker-path", "mine.py", "--checker-cache-dir", "cd", *flags], cwd=folder,
                              capture_output=True, text=True, env=env, timeout=300).stdout
    assert "1 passed" in plugin(), plugin()
    assert "1 failed" in plugin("-W", "error::UserWarning")
    assert "1 passed" in plugin()


def test_pytest_checker_reruns_each_edited_channel(tmp_path):
    folder = tmp_path / "p"
    _fresh_project(folder)

    def run(env=None):
        full_env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
        full_env.pop("CHECKER_CACHE_DIR", None)
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--checker-no-corpus",
                               "--checker-path", "mine.py", "--checker-cache-dir", "cd", "-rA"], cwd=folder,
                              capture_output=True, text=True, env=full_env, timeout=300)
        return proc
    cold = run()
    assert "8 passed" in cold.stdout, cold.stdout[-2000:]
    _edit_everything(folder)
    warm = run({"SOAK_CLI": "2"})
    assert "8 failed" in warm.stdout, warm.stdout[-2000:]


def test_what_cannot_be_tracked_is_not_cached_and_is_listed(tmp_path):
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "mine.py").write_text(textwrap.dedent('''
        import datetime, subprocess, time
        from checker import theorem

        @theorem("u.clock", title="t", statement="the clock is past 2000")
        def _(check):
            check.fact("v", time.time() > 946684800)

        @theorem("u.datetime", title="t", statement="the year is past 2000")
        def _(check):
            check.fact("v", datetime.datetime.now().year > 2000)

        @theorem("u.program", title="t", statement="echo says hi")
        def _(check):
            check.fact("v", subprocess.run(["echo", "hi"], capture_output=True, text=True).stdout == "hi\\n")

        @theorem("u.plain", title="t", statement="(x + 1)^2 expands")
        def _(check):
            import sympy
            x = sympy.Symbol("x")
            check.fact("v", sympy.expand((x + 1) ** 2) == x**2 + 2 * x + 1)
        '''))
    first, _ = _verdicts(folder)
    second, verdicts = _verdicts(folder)
    assert set(verdicts.values()) == {"proved"}
    ran = {line.split()[2] for line in second.stderr.splitlines() if line.startswith("[") and "cached" not in line}
    assert ran == {"u.clock", "u.datetime", "u.program"}, second.stderr
    for item, why in (("u.clock", "the clock (time.time)"), ("u.datetime", "the clock (datetime now)"),
                      ("u.program", "subprocess")):
        assert any(line.startswith(f"not cacheable: {item}:") and why in line for line in second.stdout.splitlines()), \
            second.stdout
    info = subprocess.run([sys.executable, "-m", "checker", "cache", "info", "--cache-dir", "cd"], cwd=folder,
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert "not cacheable (they run every time): 3" in info.stdout, info.stdout
    show = subprocess.run([sys.executable, "-m", "checker", "show", "u.program", "--no-corpus", "--path", "mine.py",
                           "--cache-dir", "cd"], cwd=folder, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert "not cacheable: reads a subprocess's output" in show.stdout, show.stdout


# -------------------------------------------------------------------------------------------------------------------
# properties of the recorder itself (in this process): what it recorded matches exactly when the observation does
# -------------------------------------------------------------------------------------------------------------------
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

STATES = [None, "x", "xyz", "<dir>", "<link>"]
OBSERVERS = {
    "os.path.exists": lambda p: os.path.exists(p),
    "os.path.isfile": lambda p: os.path.isfile(p),
    "os.path.isdir": lambda p: os.path.isdir(p),
    "os.path.islink": lambda p: os.path.islink(p),
    "os.path.lexists": lambda p: os.path.lexists(p),
    "os.path.getsize": lambda p: os.path.getsize(p) if os.path.isfile(p) else None,
    "os.access": lambda p: os.access(p, os.R_OK),
    "Path.exists": lambda p: Path(p).exists(),
    "Path.is_file": lambda p: Path(p).is_file(),
    "Path.is_dir": lambda p: Path(p).is_dir(),
    "glob literal": lambda p: __import__("glob").glob(p),
    "glob pattern": lambda p: sorted(__import__("glob").glob(os.path.join(os.path.dirname(p), "*"))),
    "listdir": lambda p: sorted(os.listdir(os.path.dirname(p))),
    "scandir kinds": lambda p: sorted((e.name, e.is_dir()) for e in os.scandir(os.path.dirname(p))),
    "Path.iterdir": lambda p: sorted(x.name for x in Path(p).parent.iterdir()),
}


def _make(path: Path, state) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        path.rmdir()
    if state == "<dir>":
        path.mkdir()
    elif state == "<link>":
        path.symlink_to(path.parent / "elsewhere")
    elif state is not None:
        path.write_text(state)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(observer=st.sampled_from(sorted(OBSERVERS)), before=st.sampled_from(STATES), after=st.sampled_from(STATES),
       combined=st.booleans())
def test_a_recorded_stat_or_listing_matches_only_when_the_observation_is_the_same(tmp_path_factory, observer, before,
                                                                                  after, combined):
    """Soundness: after any change of the file, a manifest still matching means the observer sees what it saw.
    Completeness: nothing changed, the manifest matches.  (``combined``: also read the file's content.)"""
    from checker.execution.dependencies import install, recording, unchanged
    install()
    folder = tmp_path_factory.mktemp("stat")
    (folder / "elsewhere").write_text("target")
    path = folder / "input"
    _make(path, before)
    with recording() as rec:
        seen = OBSERVERS[observer](str(path))
        if combined and os.path.isfile(path):
            path.read_text()
    assert unchanged(rec.manifest), rec.manifest
    _make(path, after)
    if OBSERVERS[observer](str(path)) != seen:
        assert not unchanged(rec.manifest), (observer, before, after, rec.manifest)


ENV_READERS = {
    "[]": lambda: os.environ["SOAK_PROP"] if "SOAK_PROP" in os.environ else None,
    "get": lambda: os.environ.get("SOAK_PROP"),
    "getenv": lambda: os.getenv("SOAK_PROP"),
    "environb": lambda: os.environb.get(b"SOAK_PROP"),
    "getenvb": lambda: os.getenvb(b"SOAK_PROP"),
    "in": lambda: "SOAK_PROP" in os.environ,
    "dict": lambda: dict(os.environ).get("SOAK_PROP"),
    "copy": lambda: os.environ.copy().get("SOAK_PROP"),
    "items": lambda: [v for k, v in os.environ.items() if k == "SOAK_PROP"],
    "keys": lambda: "SOAK_PROP" in list(os.environ.keys()),
    "repr": lambda: "SOAK_PROP" in repr(os.environ),
    "setdefault": lambda: os.environ.setdefault("SOAK_PROP_OTHER", "d") and os.environ.get("SOAK_PROP"),
}


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(reader=st.sampled_from(sorted(ENV_READERS)), before=st.sampled_from([None, "a", "b"]),
       after=st.sampled_from([None, "a", "b"]))
def test_an_environment_read_of_any_spelling_matches_only_when_it_reads_the_same(reader, before, after):
    from checker.execution.dependencies import install, recording, unchanged
    install()
    saved = {k: os.environ.get(k) for k in ("SOAK_PROP", "SOAK_PROP_OTHER")}

    def put(value):
        if value is None:
            os.environ.pop("SOAK_PROP", None)
        else:
            os.environ["SOAK_PROP"] = value
    try:
        put(before)
        os.environ.pop("SOAK_PROP_OTHER", None)
        with recording() as rec:
            seen = ENV_READERS[reader]()
        os.environ.pop("SOAK_PROP_OTHER", None)  # what the run set is undone, as when its process ends
        assert unchanged(rec.manifest)
        put(after)
        if ENV_READERS[reader]() != seen:
            assert not unchanged(rec.manifest), (reader, before, after, rec.manifest)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def test_the_dask_executor_brings_each_channel_back_with_the_result(tmp_path):
    """The worker's manifest (the verifier's stats, variables, random state; its own imports' reads) comes back
    with the result: an edit between two ``--executor dask`` runs reruns the items that read it."""
    pytest.importorskip("distributed")
    folder = tmp_path / "p"
    _fresh_project(folder)
    source = folder / "mine.py"  # the workers get the .py files only: the inputs stay where the client has them
    source.write_text(source.read_text().replace("HERE = os.path.dirname(os.path.abspath(__file__))",
                                                 f"HERE = {str(folder)!r}"))
    env = {"DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "60s"}
    # (a worker's own activity draws from `random` after the module seeded it: cli.random is not reproducible there)
    cold, verdicts = _verdicts(folder, "--executor", "dask", "--jobs", "1", env=env)
    verdicts.pop("cli.random")
    assert set(verdicts.values()) == {"proved"}, cold.stdout + cold.stderr
    again, _ = _verdicts(folder, "--executor", "dask", "--jobs", "1", env=env)
    cached = {line.split()[2] for line in again.stderr.splitlines() if line.startswith("[") and "cached" in line}
    assert cached >= {"cli.exists", "cli.is_file", "cli.import_data", "cli.environb", "cli.mpmath"}, again.stderr
    _edit_everything(folder)
    warm, verdicts = _verdicts(folder, "--executor", "dask", "--jobs", "1", env=dict(env, SOAK_CLI="2"))
    verdicts.pop("cli.random")
    assert set(verdicts.values()) == {"refuted"}, warm.stdout + warm.stderr
