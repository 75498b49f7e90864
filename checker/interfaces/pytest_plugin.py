"""The pytest plugin: every checker item as one pytest test, judged exactly as ``python -m checker verify`` judges it.

Installed with the package as the ``pytest11`` entry point ``checker``, so it is present in any pytest run, and
inert (no corpus loaded, no marker registered, nothing imported beyond this file) unless asked:
``--checker`` (the corpus), ``--checker-path FILE`` / ``--checker-module NAME`` (your items, beside the corpus
or, with ``--checker-no-corpus``, instead of it), or the same as ini options.

* One test per item, node id ``checker::<item id>``, in dependency order; markers ``checker``, the item's kind
  (``theorem``, ``lemma``, ...), ``expected_holds``/``expected_fails``, and the item's last verdict in the results
  cache under its current key (``proved``, ``confirmed``, ...; none before its first run).
* A test passes exactly when the item is as expected (:func:`checker.kernel.evidence.as_expected`, the CLI's exit-code
  rule); its failure shows the falsifying instance, the residual and the CLI command that reproduces it
  (:func:`checker.reporting.explain.failure_text`).
* Items run through :func:`checker.interfaces.api.verify` (what the CLI runs): each verifier in its own process under
  ``--checker-timeout``, seeded from ``--checker-seed`` and its id, with the results cache.  By default the
  selected items (and what they rest on) run once, in parallel, when the first item test runs; under
  pytest-xdist, or with ``-x``/``--maxfail``, each test runs what its item needs when it runs (see the README).
  The import recording the results cache needs (:func:`checker.execution.dependencies.install`) starts before the
  conftests load, so a user module a conftest imports is recorded too.
"""
from __future__ import annotations

import math

import pytest

PROFILES = ("quick", "default", "thorough")
#: the item ids named on the command line by their node ids (``pytest 'checker::ID'``)
NODE_IDS = pytest.StashKey[list]()
NODE_ID_PREFIX = "checker::"
#: verdicts a cached result can carry (:data:`checker.execution.cache.CACHEABLE`), used as markers
VERDICT_MARKERS = ("proved", "confirmed", "defined", "stated", "refuted")


def _key_inputs() -> tuple:
    """What the cache keys read from the process besides code: library state, the environment, library patches (the
    patched objects by identity: cheap, and a new patch is another object)."""
    from ..execution.library_state import library_patches, library_state_digest, process_environment_digest
    return (library_state_digest(), process_environment_digest(),
            tuple((where, name, id(value)) for where, name, _, value in library_patches()))


def pytest_addoption(parser):
    group = parser.getgroup("checker", "checker: items of the checker (and your own) as tests")
    group.addoption("--checker", action="store_true", default=None,
                    help="collect the items of the checker's corpus as tests (one test per item)")
    group.addoption("--checker-path", action="append", default=[], metavar="FILE",
                    help="collect the items declared in this Python file (repeatable)")
    group.addoption("--checker-module", action="append", default=[], metavar="NAME",
                    help="collect the items declared in this importable module (repeatable)")
    group.addoption("--checker-no-corpus", action="store_true", default=None,
                    help="collect only the --checker-path/--checker-module items, not the corpus")
    group.addoption("--checker-seed", type=int, default=None, metavar="N",
                    help="run seed of the randomized checks, as verify --seed (default 0)")
    group.addoption("--checker-profile", choices=PROFILES, default=None,
                    help="instance counts of randomized checks, as verify --profile (default: default)")
    group.addoption("--checker-timeout", type=float, default=None, metavar="S",
                    help="time limit of each verifier in seconds, as verify --timeout (default 60)")
    group.addoption("--checker-jobs", type=int, default=None, metavar="N",
                    help="verifiers run at once (default: the usable cores; 1 in a pytest-xdist worker)")
    group.addoption("--checker-replay", default=None, metavar="TOKEN",
                    help="run only the item of this replay token (a failing item prints it), its verifier alone with "
                         "the token's seed, profile and time limit, and check that it gives the same outcome")
    group.addoption("--checker-retry-errors", action="store_true", default=None,
                    help="run again the verifiers whose stored result is an error (as verify --retry-errors)")
    group.addoption("--checker-no-cache", action="store_true", default=None,
                    help="neither reuse nor store results in the checker's results cache")
    group.addoption("--checker-cache-dir", default=None, metavar="DIR",
                    help="folder of the results cache (default .checker, or $CHECKER_CACHE_DIR)")
    parser.addini("checker", "collect the corpus's items as tests (as --checker)", type="bool", default=False)
    parser.addini("checker_paths", "files of items to collect (as --checker-path)", type="paths", default=[])
    parser.addini("checker_modules", "modules of items to collect (as --checker-module)", type="args", default=[])
    parser.addini("checker_no_corpus", "collect only checker_paths/checker_modules items", type="bool", default=False)
    parser.addini("checker_seed", "as --checker-seed", default="")
    parser.addini("checker_profile", "as --checker-profile", default="")
    parser.addini("checker_timeout", "as --checker-timeout", default="")
    parser.addini("checker_jobs", "as --checker-jobs", default="")
    parser.addini("checker_no_cache", "as --checker-no-cache", type="bool", default=False)
    parser.addini("checker_cache_dir", "as --checker-cache-dir", default="")


class Settings:
    """The plugin's options, from the command line over the ini file."""

    def __init__(self, config):
        def option(name, ini):
            value = config.getoption(name)
            return value if value not in (None, [], "") else config.getini(ini)

        self.paths = [str(p) for p in config.getoption("checker_path")] or [str(p) for p in config.getini("checker_paths")]
        self.modules = list(config.getoption("checker_module")) or list(config.getini("checker_modules"))
        self.node_ids = list(config.stash.get(NODE_IDS, []))
        self.replay = None
        if config.getoption("checker_replay"):
            from ..execution.replay import read_token
            try:
                self.replay = read_token(config.getoption("checker_replay"))
            except ValueError as exc:
                raise pytest.UsageError(f"--checker-replay: {exc}") from None
            self.node_ids.append(self.replay["id"])
        # an item named by its node id alone is one of the corpus's (the items of a file need --checker-path)
        self.corpus_wanted = bool(option("checker", "checker")) or bool(self.node_ids and not (self.paths or self.modules))
        self.no_corpus = bool(option("checker_no_corpus", "checker_no_corpus"))
        self.active = self.corpus_wanted or bool(self.paths or self.modules) or self.no_corpus
        self.seed = _number(option("checker_seed", "checker_seed"), int, "--checker-seed", 0)
        self.profile = option("checker_profile", "checker_profile") or "default"
        self.timeout = _number(option("checker_timeout", "checker_timeout"), float, "--checker-timeout", 60.0)
        self.jobs = _number(option("checker_jobs", "checker_jobs"), int, "--checker-jobs", None)
        self.no_cache = bool(option("checker_no_cache", "checker_no_cache"))
        self.cache_dir = option("checker_cache_dir", "checker_cache_dir") or None
        if not self.active:
            return
        if self.no_corpus and not (self.paths or self.modules):
            raise pytest.UsageError("--checker-no-corpus collects only your items: give --checker-path FILE or "
                                    "--checker-module NAME")
        if self.profile not in PROFILES:
            raise pytest.UsageError(f"--checker-profile must be one of {', '.join(PROFILES)}, not {self.profile!r}")
        if not (math.isfinite(self.timeout) and self.timeout > 0):
            raise pytest.UsageError(f"--checker-timeout must be a positive number of seconds, not {self.timeout:g}")
        if self.jobs is not None and self.jobs < 1:
            raise pytest.UsageError(f"--checker-jobs must be at least 1, not {self.jobs}")


def _number(value, kind, option, default):
    if value in (None, ""):
        return default
    try:
        return kind(value)
    except (TypeError, ValueError):
        raise pytest.UsageError(f"{option} takes {'an integer' if kind is int else 'a number'}, not {value!r}") from None


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    """Before pytest reads the command line's paths and loads the conftests: take the node ids of checker items off
    the command line (``pytest 'checker::ID'``, the node id the summary prints, runs that item and collects no test
    files unless paths are given too); and when the checker is asked for, start recording what user modules read
    when they are imported, before any conftest or test module imports them (the results cache keys it:
    :mod:`checker.execution.dependencies`)."""
    named = [a for a in args if isinstance(a, str) and a.startswith(NODE_ID_PREFIX)]
    if named:
        args[:] = [a for a in args if not (isinstance(a, str) and a.startswith(NODE_ID_PREFIX))]
        early_config.stash[NODE_IDS] = [a[len(NODE_ID_PREFIX):] for a in named]
    ns = early_config.known_args_namespace
    wanted = bool(named) or any(getattr(ns, name, None) for name in ("checker", "checker_path", "checker_module",
                                                                       "checker_no_corpus", "checker_replay"))
    if not wanted:
        try:
            wanted = any(early_config.getini(name) for name in ("checker", "checker_paths", "checker_modules",
                                                                 "checker_no_corpus"))
        except (ValueError, KeyError):
            wanted = False
    if wanted:
        from ..execution.dependencies import install
        from ..execution.library_state import watch_library_patches
        install()
        watch_library_patches()  # (before the conftests: a library they patch is in every key)


def pytest_configure(config):
    settings = Settings(config)
    if not settings.active:
        return
    from ..execution.dependencies import install
    from ..execution.library_state import watch_library_patches
    install()
    watch_library_patches()
    from ..kernel.items import KINDS
    markers = [("checker", "a checker item (collected by the checker plugin)")]
    markers += [(kind, f"a checker item of kind {kind}") for kind in KINDS]
    markers += [("expected_holds", "a checker item expected to hold"),
                ("expected_fails", "a checker item expected to fail (a false variation: passes when refuted)")]
    markers += [(v, f"a checker item whose last result in the results cache is {v}") for v in VERDICT_MARKERS]
    for name, text in markers:
        config.addinivalue_line("markers", f"{name}: {text}")
    config.pluginmanager.register(CheckerSession(config, settings), "checker-session")


class ItemNotAsExpected(Exception):
    """A checker item that did not come out as expected; the message is the whole explanation."""


class CheckerCollector(pytest.Collector):
    """The parent of every item test (node id ``checker``): loads the items and makes one test of each."""

    def __init__(self, *, state, **kwargs):
        super().__init__(**kwargs)
        self.state = state

    def collect(self):
        from ..execution.graph import LoadError
        try:
            corpus, verdicts = self.state.load()
        except LoadError as exc:
            raise self.CollectError(f"checker: cannot load items: {exc}") from None
        tests = []
        for item_id in corpus.order():
            it = corpus.items[item_id]
            test = CheckerItem.from_parent(self, name=item_id, item=it, state=self.state)
            for marker in ("checker", it.kind, f"expected_{it.expected}", verdicts.get(item_id)):
                if marker:
                    test.add_marker(marker)
            tests.append(test)
        return tests

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, self.CollectError):
            return str(excinfo.value.args[0])
        return super().repr_failure(excinfo)


class CheckerItem(pytest.Item):
    """One checker item as a test: passes when the item came out as expected."""

    def __init__(self, *, item, state, **kwargs):
        super().__init__(**kwargs)
        self.item = item
        self.state = state

    def runtest(self):
        replay = self.state.settings.replay
        if replay is not None and replay["id"] == self.item.id:
            return self._replay(replay)
        result = self.state.result(self)
        for key in ("verdict", "established", "status", "seconds", "cached", "reproduce"):
            self.user_properties.append((key, getattr(result, key)))
        if result.not_cacheable:  # it runs every time (it read the clock, a socket, ...): say why
            self.user_properties.append(("not_cacheable", result.not_cacheable))
        if not result.as_expected:
            from ..reporting.explain import failure_text
            raise ItemNotAsExpected(failure_text(self.item, result))

    def _replay(self, replay):
        """The token's outcome again (the test fails with it, as under Hypothesis's ``@reproduce_failure``), or the
        differences when the same code gave another outcome (the test fails too: the replay did not reproduce)."""
        from ..execution.replay import describe_outcome, replay_item
        from ..reporting.explain import failure_text
        from .api import run_flags
        result, differences = replay_item(self.state.corpus, replay,
                                          load_flags=run_flags(self.state.corpus.load_spec, replay["timeout"]))
        for key in ("verdict", "status", "seconds"):
            self.user_properties.append((key, getattr(result, key)))
        text = failure_text(self.item, result) if not result.as_expected else f"{self.item.id}: {result.status}"
        if differences:
            raise ItemNotAsExpected("\n".join([text, "replay: NOT reproduced: the same code gave another outcome"]
                                              + [f"  {d}" for d in differences]))
        raise ItemNotAsExpected(f"{text}\nreplay: reproduced: {describe_outcome(replay['outcome'])}")

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ItemNotAsExpected):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        origin = self.item.origin or ""
        path, _, line = origin.rpartition(":")
        if path and line.isdigit():
            return path, int(line) - 1, f"{self.item.kind} {self.item.id}"
        return self.path, None, f"{self.item.kind} {self.item.id}"


class CheckerSession:
    """Loads the items at collection and runs them (once per session, or per test) through :func:`checker.interfaces.api.verify`."""

    def __init__(self, config, settings: Settings):
        self.config = config
        self.settings = settings
        self.corpus = None
        self.cache = None
        self.results: dict = {}
        self.keys = None
        self.batch_done = False

    # -- collection ------------------------------------------------------------------------------
    @pytest.hookimpl(hookwrapper=True)
    def pytest_make_collect_report(self, collector):
        """The session collects the checker's items beside the test files (one more top-level collector)."""
        outcome = yield
        report = outcome.get_result()
        if isinstance(collector, pytest.Session) and report.passed:
            report.result.append(CheckerCollector.from_parent(collector, name="checker", nodeid="checker", state=self))

    def pytest_ignore_collect(self, collection_path, config):
        """Named by node ids alone (``pytest 'checker::ID'``, no path): no test file is collected."""
        source = getattr(config, "args_source", None)
        if self.settings.node_ids and source is not None and source != pytest.Config.ArgsSource.ARGS:
            return True
        return None

    def pytest_collection_modifyitems(self, session, config, items):
        """Keep, of the checker's item tests, those named by node id (when any are); an unknown id is a usage error."""
        wanted = set(self.settings.node_ids)
        if not wanted or self.corpus is None:
            return
        unknown = sorted(wanted - set(self.corpus.items))
        if unknown:
            raise pytest.UsageError(f"no checker item {unknown[0]!r} (node ids are {NODE_ID_PREFIX}ID; "
                                    "the items of a file need --checker-path FILE)")
        if self.settings.replay is not None:
            from ..execution.replay import stale_reason
            why = stale_reason(self.corpus, self.settings.replay)
            if why:
                raise pytest.UsageError(f"--checker-replay: stale replay token: {why}")
        kept = [t for t in items if not isinstance(t, CheckerItem) or t.item.id in wanted]
        dropped = [t for t in items if isinstance(t, CheckerItem) and t.item.id not in wanted]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = kept

    def load(self):
        """Load the items (and open the cache); returns the corpus and id -> cached verdict (the markers)."""
        from ..execution.loader import load
        s = self.settings
        self.corpus = load(modules=s.modules, paths=s.paths, corpus=not s.no_corpus)
        if not s.no_cache:
            from .api import open_cache
            self.cache = open_cache(s.cache_dir or True)
        return self.corpus, self._cached_verdicts()

    def _cached_verdicts(self) -> dict:
        """id -> the verdict of the item's result stored under its current key (the markers ``proved``, ...)."""
        if self.cache is None:
            return {}
        from .api import stored_results
        from ..execution.fingerprint import item_keys
        s = self.settings
        self.keys = item_keys(self.corpus, seed=s.seed, profile=s.profile, timeout=s.timeout,
                              project_dirs=self.corpus.load_spec.project_dirs())
        self.keyed_state = _key_inputs()
        stored = stored_results(self.corpus, self.cache, keys=self.keys)
        return {i: r.verdict for i, r in stored.items() if r.verdict in VERDICT_MARKERS}

    # -- running ---------------------------------------------------------------------------------
    def per_test(self) -> bool:
        """Run each item when its test runs (xdist workers, -x/--maxfail) rather than all selected ones at once."""
        return hasattr(self.config, "workerinput") or bool(self.config.getoption("maxfail", 0))

    def result(self, test: CheckerItem):
        """The propagated result of ``test``'s item, running what is not known yet."""
        item_id = test.item.id
        if item_id not in self.results:
            if self.per_test() or self.batch_done:
                wanted = [item_id]
            else:
                wanted = [t.item.id for t in test.session.items if isinstance(t, CheckerItem)]
                self.batch_done = True
            self._verify(wanted)
        return self.results[item_id]

    def _verify(self, ids) -> None:
        from .api import verify
        from .cli import TIMINGS
        from ..execution.runner import default_jobs, timing_hints
        s = self.settings
        jobs = s.jobs or (1 if hasattr(self.config, "workerinput") else default_jobs())
        if self.cache is not None and getattr(self, "keyed_state", None) != _key_inputs():
            # a test changed library state, a library or the environment after collection (and left it so): the
            # items run under what is in effect now, so their keys say so
            from ..execution.fingerprint import item_keys
            self.keys = item_keys(self.corpus, seed=s.seed, profile=s.profile, timeout=s.timeout,
                                  project_dirs=self.corpus.load_spec.project_dirs())
            self.keyed_state = _key_inputs()
        results = verify(self.corpus, ids, seed=s.seed, profile=s.profile, timeout=s.timeout, jobs=jobs,
                         cache=self.cache, keys=self.keys, hints=timing_hints(TIMINGS), known=self.results,
                         retry_errors=bool(self.config.getoption("checker_retry_errors")))
        self.results.update(results)

    def pytest_unconfigure(self, config):
        if self.cache is not None:
            self.cache.close()
