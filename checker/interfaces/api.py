"""The public Python API: load items, verify them exactly as the CLI does, read the results.

    from checker.interfaces.api import load, verify
    corpus = load(paths=["mine.py"], corpus=False)      # and/or the built-in corpus, --module-style modules
    results = verify(corpus, ["mine.chain_rule"], seed=0, profile="default", timeout=60)
    r = results["mine.chain_rule"]                      # a checker.execution.runner.ItemResult
    r.verdict, r.established, r.status, r.as_expected, r.checks, r.witness, r.reproduce

``python -m checker verify``, ``show`` and ``report`` and the pytest plugin (:mod:`checker.interfaces.pytest_plugin`) all
run items through :func:`verify`: each verifier in its own forked process under its time limit, with the seed
:func:`checker.execution.runner.item_seed` derives from the run seed and the id, the results cache, and the graph's
propagation.  :func:`run_verifier` runs one verifier function in this process (tests of a verifier itself).
"""
from __future__ import annotations

import os
import time

from ..execution.loader import LoadSpec, load
from ..execution.runner import DEFAULT_TIMEOUT, ItemResult, item_seed, reproduce_command

__all__ = ["ItemResult", "LoadSpec", "Verification", "VerifierRun", "closure", "load", "open_cache", "run_verifier",
           "stored_results", "stored_verification", "verify"]


class Verification(dict):
    """The results of one :func:`verify`: id -> :class:`~checker.execution.runner.ItemResult` for the requested items and
    everything they rest on (the CLI's ``verify ID`` runs the same set), with the run's seed, profile and time."""

    def __init__(self, results: dict, *, corpus, requested, seed: int, profile: str, seconds: float):
        super().__init__(results)
        self.corpus, self.requested = corpus, list(requested)
        self.seed, self.profile, self.seconds = seed, profile, seconds

    @property
    def summary(self) -> dict:
        """Counts per verdict, the ids not as expected, ... (:func:`checker.execution.runner.summarize`)."""
        from ..execution.runner import summarize
        return summarize(self.corpus, self)

    @property
    def not_as_expected(self) -> list:
        """The ids (requested or rested on) that did not come out as expected, sorted."""
        return sorted(i for i, r in self.items() if not r.as_expected)

    @property
    def ok(self) -> bool:
        """Every item of the run came out as expected (what makes ``verify`` exit 0)."""
        return not self.not_as_expected


def closure(corpus, ids) -> list:
    """``ids`` and every item they rest on, transitively, in dependency order."""
    reached, stack = set(ids), list(ids)  # one walk for all of them: linear in nodes + edges
    while stack:
        for dep in corpus.graph.successors(stack.pop()):
            if dep not in reached:
                reached.add(dep)
                stack.append(dep)
    wanted = set(ids) | {d for d in reached if d in corpus.items}
    return [i for i in corpus.order() if i in wanted]


def open_cache(cache, *, writable: bool = True):
    """The results cache to use: ``None``/``False`` none, ``True`` the default folder (``.checker`` or
    ``$CHECKER_CACHE_DIR``), a path that folder, or an open :class:`checker.execution.cache.ResultsCache` as is."""
    from ..execution.cache import ResultsCache, cache_dir
    if cache is None or cache is False:
        return None
    if isinstance(cache, ResultsCache):
        return cache
    return ResultsCache(cache_dir(None if cache is True else os.fspath(cache)), writable=writable)


def stored_results(corpus, cache=True, *, seed: int = 0, profile: str = "default", timeout: float = DEFAULT_TIMEOUT,
                   keys=None, time_outs: bool = False) -> dict:
    """id -> :class:`~checker.execution.runner.ItemResult` stored in the results cache under each item's *current* key (its
    own verdict, not propagated), running nothing; an item never verified with these options, or changed since,
    is absent.  ``keys`` as in :func:`verify`.  With ``time_outs`` (drawings), an item whose verifier the last run
    under its key stopped at its time limit is ``inconclusive`` (such a result is never reused by :func:`verify`)."""
    from ..execution.runner import answer_result
    cache = open_cache(cache, writable=False)
    if cache is None:
        return {}
    if keys is None:
        from ..execution.fingerprint import item_keys
        keys = item_keys(corpus, seed=seed, profile=profile, timeout=timeout,
                         project_dirs=(corpus.load_spec or LoadSpec()).project_dirs())
    out = {}
    for item_id, key in keys.items():
        stored = cache.get(key)
        if stored is not None and item_id in corpus.items:
            out[item_id] = answer_result(corpus.items[item_id], {"message": stored[0], "seconds": stored[1]})
        elif time_outs and item_id in corpus.items and cache.get_timeout(key) is not None:
            out[item_id] = ItemResult(item_id, "inconclusive", [], 0.0,
                                      f"{cache.get_timeout(key)} (in the last run, which is not reused)")
    return out


def stored_verification(corpus, cache=True, *, seed: int = 0, profile: str = "default",
                        timeout: float = DEFAULT_TIMEOUT) -> dict:
    """The stored results (:func:`stored_results`) of the items whose whole closure has one, propagated through
    the graph as :func:`verify` would: what the last verifications established, without running anything.
    Items left out (something they rest on has no stored result) are "not run"."""
    from ..execution.runner import propagate
    stored = stored_results(corpus, cache, seed=seed, profile=profile, timeout=timeout, time_outs=True)
    complete = {i: r for i, r in stored.items() if all(d in stored for d in closure(corpus, [i]))}
    propagate(corpus, complete)
    return complete


def run_flags(spec: LoadSpec, timeout: float = DEFAULT_TIMEOUT) -> str:
    """The options a reproduce command needs besides the id, seed and profile: what loads the same items, and a
    time limit other than the default (a verifier cut off at 2 s is ``inconclusive``; run with 60 s it may not be)."""
    flags = spec.flags()
    if float(timeout) != DEFAULT_TIMEOUT:
        flags = f"{flags} --timeout {float(timeout):g}".strip()
    return flags


def verify(corpus, ids="all", *, seed: int = 0, profile: str = "default", timeout: float = DEFAULT_TIMEOUT,
           jobs=None, cache=True, rerun=(), without=(), progress=None, hints=None, full_traceback: bool = False,
           executor: str = "local", scheduler=None, known=None, keys=None,
           retry_errors: bool = False) -> Verification:
    """Verify ``ids`` (``"all"`` or item ids) of ``corpus`` as ``python -m checker verify`` does.

    Every verifier of the ids and of what they rest on runs in its own process under ``timeout`` seconds
    (``jobs`` at once, default: the usable cores), seeded by :func:`checker.execution.runner.item_seed`; a result stored in
    the ``cache`` (see :func:`open_cache`) under an unchanged key is reused unless its id is in ``rerun``.
    ``without`` drops assumptions or trusted results (the CLI's ``--without``).  A stored ``error`` (a verifier
    that raised) is reused like any result unless ``retry_errors`` (``--retry-errors``).  ``known`` (id -> ItemResult of
    an earlier run with the same options, e.g. this session's) are taken as they are, not run again; ``keys`` are
    the cache keys when already computed (:func:`checker.execution.fingerprint.item_keys`, same options).  Then the
    graph propagates, so each result has its ``established`` verdict and ``status``.  An unknown id is a
    ``KeyError``.
    """
    from ..execution.runner import default_jobs, drop, propagate, run
    ids = list(corpus.items) if ids == "all" else [ids] if isinstance(ids, str) else list(ids)
    for i in ids:
        if i not in corpus.items:
            raise KeyError(f"unknown item id {i!r}")
    start = time.monotonic()
    spec = corpus.load_spec or LoadSpec()
    cache = open_cache(cache)
    reasons: dict = {}
    if cache is None:
        keys = None
    elif keys is None:
        from ..execution.fingerprint import item_keys
        keys = item_keys(corpus, seed=seed, profile=profile, timeout=timeout, project_dirs=spec.project_dirs(),
                         reasons=reasons)
    known = known or {}
    needed = closure(corpus, ids)
    results = run(corpus, [i for i in needed if i not in known], seed=seed, profile=profile, timeout=timeout,
                  jobs=jobs or default_jobs(), progress=progress, load_flags=run_flags(spec, timeout), hints=hints, cache=cache,
                  keys=keys, rerun=set(rerun), full_traceback=full_traceback, executor=executor, scheduler=scheduler,
                  load_spec=spec.for_workers(), retry_errors=retry_errors)
    results.update({i: known[i] for i in needed if i in known})
    if cache is not None:  # an item without a key is not cacheable: say why (``verify``, ``show``, ``cache info``)
        unkeyed = {i: reasons.get(i) or getattr(keys, "reasons", {}).get(i) or "its key cannot be computed"
                   for i in needed if i not in keys and i not in known}
        for i, why in unkeyed.items():
            results[i].not_cacheable = why
        cache.note_uncacheable(unkeyed)
    if without:  # what-if: every item ran; what rests on a dropped node (not shown not needed) falls
        from ..execution.ablation import dropped_items, not_needed_map
        drop(results, dropped_items(corpus, list(without), not_needed_map(results)))
    propagate(corpus, results)
    from ..execution.replay import tokens_for
    tokens_for(corpus, results, seed=seed, profile=profile, timeout=timeout)
    return Verification(results, corpus=corpus, requested=ids, seed=seed, profile=profile,
                        seconds=time.monotonic() - start)


class VerifierRun:
    """The checks a verifier recorded and the verdict the kernel derives from them."""

    def __init__(self, checks, kind: str, failure: str = ""):
        from ..kernel.evidence import verdict_and_reason
        self.checks = checks.checks
        self.records = checks.records()
        expected = checks.item.expected if checks.item is not None else "holds"
        self.verdict, self.reason = verdict_and_reason(kind, True, self.records, failure, expected)
        self.failure = failure
        self.item = checks.item
        self.seed = checks.seed

    @property
    def hypotheses(self) -> list:
        """The hypothesis analysis (:func:`checker.kernel.analysis.analyse`) of the item, when one was given."""
        from ..kernel.analysis import analyse
        return analyse(self.item, self.records) if self.item is not None else []

    def hypothesis_status(self, assumption) -> str:
        """``necessary`` / ``not needed`` / ``not analysed`` for one assumption of the item."""
        aid = assumption if isinstance(assumption, str) else assumption.id
        for h in self.hypotheses:
            if h.assumption == aid:
                return h.status
        raise KeyError(f"{aid!r} is not an assumption of {getattr(self.item, 'id', None)!r}")

    def __repr__(self):
        return f"VerifierRun(verdict={self.verdict!r}, checks={[c.name + ':' + c.outcome for c in self.checks]})"


def run_verifier(verifier, *args, kind: str = "theorem", item=None, uses=(), seed: int = 0,
                 profile: str = "default", **kwargs) -> VerifierRun:
    """Run ``verifier(check, *args, **kwargs)`` here and return its derived verdict.

    ``seed`` is the run seed, as ``verify --seed``: the checks of an item get :func:`checker.execution.runner.item_seed`
    of it and the item's id, exactly as in ``python -m checker verify ID --seed N``, so the randomized instances
    are the CLI's (without an item or ``uses`` there is no id, and ``seed`` is used as is).
    ``item`` (or just ``uses``, the ids a proof may cite) stands for the item being checked.  A stand-in
    built from ``uses`` declares no assumptions, so hypothesis steps are not matched against any (they are
    premises, as outside an item); the kernel's runs always check them against the real item.
    Exceptions from the verifier propagate (a test wants to see them).  Sympy's first derivatives take
    :mod:`checker.kernel.engine.differentiation`'s shortcut meanwhile, as in the runner (the same trees, computed faster).
    """
    from ..kernel.checks import Checks
    stand_in = item is None and bool(uses)
    if stand_in:
        from ..kernel.items import Item
        item = Item("user.verifier", kind, "run_verifier", "", "", uses=tuple(uses))
    if item is not None:
        checks = Checks(item=item, seed=item_seed(seed, item.id), profile=profile,
                        reproduce=reproduce_command(item.id, seed, profile))
    else:
        checks = Checks(item=None, seed=seed, profile=profile)
    checks.assumptions_unknown = stand_in
    from ..kernel.engine.differentiation import sympy_first_derivatives_shortcut
    with sympy_first_derivatives_shortcut():  # as in the runner: the verifier computes what it computes there
        verifier(checks, *args, **kwargs)
    return VerifierRun(checks, kind)
