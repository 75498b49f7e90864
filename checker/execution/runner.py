"""Running verifiers: each in its own forked process with a time limit, in dependency order.

A verifier that raises becomes ``error``, one that outlives its limit is killed and
becomes ``inconclusive``; neither stops the run.  After all verifiers ran, the graph
propagates (:func:`propagate`): an item whose own checks passed but which rests, directly or
transitively, on an item that is not established (refuted, inconclusive, error) is
``unsupported``, and every item's ``established`` level is the weakest own verdict over
everything it rests on.  The verdict is computed here, in the parent, from the plain check
records the verifier process sends (:func:`judge`).
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import sys
import time

from ..kernel.evidence import ESTABLISHED, NOT_ESTABLISHED_STATUS, as_expected, method_of, status_of, verdict_scope
from .pool import (DEFAULT_TIMEOUT, ItemResult, _report, _result, _run_pool, _stop_all, answer_result, preload,
                   reproduce_command, run_in_process)
from .headline import headline
from .pool import item_seed, judge, run_one  # noqa: F401 - the runner's public names since before the split


def schedule(corpus, ids, hints=None) -> list:
    """The order verifiers start in: longest expected first (seconds from ``hints``, e.g. the last report).

    Verdicts do not depend on the order (the graph propagates afterwards), so starting the slow
    verifiers first only shortens the wall time of a parallel run.  Without hints: dependency order.
    """
    order = [i for i in corpus.order() if i in set(ids)]
    if not hints:
        return order
    position = {i: n for n, i in enumerate(order)}
    return sorted(order, key=lambda i: (-float(hints.get(i, 0.0)), position[i]))


def timing_hints(path) -> dict:
    """Item seconds from a previous timings file (``{"items": {id: seconds}}``; empty when unreadable)."""
    import json
    try:
        with open(path, encoding="utf-8") as fh:
            items = json.load(fh).get("items", {})
        return {str(k): float(v) for k, v in items.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


NOT_ESTABLISHED = "not established"


def run(corpus, ids, *, seed: int = 0, profile: str = "default", load_flags: str = "", **options) -> dict:
    """Run the verifiers of ``ids`` (and nothing else); returns id -> :class:`ItemResult`, each with the command
    that reproduces it (``reproduce``).  The options are those of :func:`_run_items`."""
    results = _run_items(corpus, ids, seed=seed, profile=profile, load_flags=load_flags, **options)
    for item_id, res in results.items():
        res.reproduce = reproduce_command(item_id, seed, profile, load_flags)
    return results


def _run_items(corpus, ids, *, seed: int = 0, profile: str = "default", timeout: float = DEFAULT_TIMEOUT,
               jobs: int = 1, progress=None, isolate: bool = True, load_flags: str = "", hints=None,
               dropped=None, cache=None, keys=None, rerun=(), full_traceback: bool = False, executor: str = "local",
               scheduler=None, load_spec=None, retry_errors: bool = False) -> dict:
    """The verifiers of ``ids`` (and nothing else), run here or on Dask; id -> :class:`ItemResult`.

    ``dropped`` maps the ids resting on a dropped assumption to their dependency path
    (:func:`checker.execution.ablation.dropped_items`); those are not run: they are not established.
    With a results ``cache`` (:class:`checker.execution.cache.ResultsCache`) and the items' ``keys``
    (:func:`checker.execution.fingerprint.item_keys`), an item whose key has a stored result is not run: the
    stored check records are judged again here, exactly as a fresh run's; settled fresh results are stored.
    The ids in ``rerun`` always run, and so do those whose stored result is an ``error`` with ``retry_errors``.
    A verifier stopped at its time limit is noted in the cache for drawings (never reused as a result).
    """
    dropped = dropped or {}
    results: dict = {}
    if not keys:  # no key pinned the warnings filters: the verifiers run under those in effect now
        from .library_state import pin_warning_filters
        pin_warning_filters()
    if cache is not None and any(i not in (keys or {}) for i in ids):
        cache.unkeyed = True  # an item without a key runs every time, and the whole run is not replayed
    if cache is not None and keys:
        for item_id in sorted(set(ids) - set(dropped) - set(rerun)):
            stored = cache.get_entry(keys[item_id]) if item_id in keys else None
            if stored is not None and retry_errors and stored["verdict"] == "error":
                continue
            if stored is not None:
                result = _result(corpus.items[item_id], stored["message"], stored["seconds"])
                if result.verdict != stored["verdict"]:  # its records no longer give the verdict stored with them
                    cache.reject(item_id)
                    continue
                results[item_id] = result
                results[item_id].cached = True
                _report(progress, results[item_id])
        ids = [i for i in ids if i not in results]

    def settle(item_id, message, seconds):
        results[item_id] = _result(corpus.items[item_id], message, seconds)
        if cache is not None and keys and item_id in keys:
            results[item_id].not_cacheable = cache.put(keys[item_id], item_id, results[item_id].verdict, message,
                                                       seconds)

    for item_id in sorted(set(ids) & set(dropped)):
        results[item_id] = ItemResult(item_id, NOT_ESTABLISHED, [], 0.0,
                                      "rests on a dropped assumption: " + " -> ".join(dropped[item_id]),
                                      dropped_path=list(dropped[item_id]))
        _report(progress, results[item_id])
    order = schedule(corpus, [i for i in ids if i not in dropped], hints)
    if executor == "dask":
        from .dask_executor import run_on_dask

        def arrived(item_id, answer):
            if "message" in answer:
                settle(item_id, answer["message"], float(answer.get("seconds", 0.0)))
            else:
                results[item_id] = answer_result(corpus.items[item_id], answer)
            _report(progress, results[item_id])
        run_on_dask(corpus, order, seed=seed, profile=profile, timeout=timeout, load_flags=load_flags,
                    load_spec=load_spec or {"modules": [], "paths": [], "no_corpus": False}, scheduler=scheduler,
                    jobs=jobs if jobs and jobs > 0 else None, progress=arrived, full_traceback=full_traceback)
        _remember_time_outs(cache, keys, results, order)
        return results
    if not isolate:
        for item_id in order:
            start = time.monotonic()
            out = run_in_process(corpus.items[item_id], seed, profile, load_flags, full_traceback)
            settle(item_id, out, time.monotonic() - start)
            _report(progress, results[item_id])
        return results
    ctx = multiprocessing.get_context("fork")
    pending = list(order)
    if pending:
        preload()
    running: dict = {}
    exiting: list = []
    jobs = max(1, jobs)
    try:
        _run_pool(ctx, corpus, pending, running, jobs, seed, profile, load_flags, full_traceback, timeout,
                  results, settle, progress, exiting)
    finally:  # interrupted (Ctrl-C, SIGTERM) or failed: no verifier process outlives the run
        _stop_all(running, exiting)
    _remember_time_outs(cache, keys, results, order)
    return results


TIME_LIMIT_DETAIL = "verifier exceeded its time limit"


def _remember_time_outs(cache, keys, results: dict, ran) -> None:
    """Note in the cache which of the verifiers that ran were stopped at their time limit (for drawings: ``graph``
    draws them ``inconclusive``, not ``not run``) and forget the note of those that finished."""
    if cache is None or not keys:
        return
    stopped, finished = {}, []
    for item_id in ran:
        res = results.get(item_id)
        if res is None or item_id not in keys:
            continue
        if res.verdict == "inconclusive" and res.failure_detail.startswith(TIME_LIMIT_DETAIL):
            stopped[keys[item_id]] = (item_id, res.failure_detail)
        else:
            finished.append(keys[item_id])
    cache.note_timeouts(stopped, finished)


def drop(results: dict, dropped: dict) -> None:
    """Mark the results of ``dropped`` (id -> path to a dropped node) ``not established`` (what-if runs)."""
    for item_id, path in dropped.items():
        if item_id in results:
            old = results[item_id]
            results[item_id] = ItemResult(item_id, NOT_ESTABLISHED, old.checks, old.seconds,
                                          "rests on a dropped assumption or trusted result: " + " -> ".join(path),
                                          hypotheses=old.hypotheses, dropped_path=list(path), reproduce=old.reproduce)


_NOTHING = frozenset()


def _what_lies_below(corpus, results: dict) -> dict:
    """Node -> ``(not established, confirmed, scoped)`` over everything it rests on, in one pass over the graph
    (linear in nodes + edges, plus the size of the sets, which hold only the exceptions):

    * ``not established``: the items it rests on, transitively, whose result is missing or not established;
    * ``confirmed``: whether an established item whose evidence is only ``confirmed`` (:func:`_evidence_level`)
      lies below it without passing through a trusted result (:func:`_reached_before_trusted`);
    * ``scoped``: ``(id, scope)`` of the established items so reached that hold only in a narrower scope.

    The same answers as walking every item's closure (which made propagation quadratic in the items)."""
    import networkx as nx
    items, graph = corpus.items, corpus.graph
    own: dict = {}  # item -> (not established?, confirmed?, scope)
    for dep, it in items.items():
        res = results.get(dep)
        if res is None or res.verdict not in ESTABLISHED:
            own[dep] = (True, False, "")
        else:
            own[dep] = (False, _evidence_level(res) == "confirmed", verdict_scope(it, res.checks))
    below: dict = {}
    for node in reversed(list(nx.topological_sort(graph))):  # what a node uses comes before it
        bad, confirmed, scoped = set(), False, set()
        for dep in graph.successors(node):
            dep_bad, dep_confirmed, dep_scoped = below[dep]
            bad |= dep_bad
            facts = own.get(dep)
            if facts is not None and facts[0]:
                bad.add(dep)
            if dep in items and items[dep].kind == "cited":
                continue  # a trusted result: what lies only below it does not lower a proof that cites it
            confirmed = confirmed or dep_confirmed or (facts is not None and facts[1])
            scoped |= dep_scoped
            if facts is not None and facts[2]:
                scoped.add((dep, facts[2]))
        below[node] = (frozenset(bad) if bad else _NOTHING, confirmed, frozenset(scoped) if scoped else _NOTHING)
    return below


def _reached_before_trusted(corpus, item_id: str) -> set:
    """The items below ``item_id`` reached without passing through a trusted result (a cited item).

    The trusted results themselves are not in the set: they are taken on trust, and what lies only
    below them is their own business.
    """
    seen, stack = set(), [item_id]
    while stack:
        node = stack.pop()
        for dep in corpus.graph.successors(node):
            if dep in seen:
                continue
            if dep in corpus.items and corpus.items[dep].kind == "cited":
                continue
            seen.add(dep)
            stack.append(dep)
    return {d for d in seen if d in corpus.items}


def _evidence_level(result) -> str:
    """What a result passes on to the items resting on it: its verdict, except that a ``defined`` or ``stated`` item
    (neutral) whose exported equations (citable by others) were only *confirmed* passes on ``confirmed``."""
    from ..kernel.checks import is_export_check
    if result.verdict in ("defined", "stated") and any(
            is_export_check(r) and r.get("outcome") == "confirmed" for r in result.checks):
        return "confirmed"
    return result.verdict


def propagate(corpus, results: dict) -> None:
    """Fill ``graph_verdict``, ``status`` and ``blocked_by`` of every result.

    An item's established level is the weakest own verdict over the item and *everything it rests on,
    transitively* (through definitions and text items too): any item below it that is not established
    (refuted, inconclusive, error, not run, not established) makes it ``unsupported``, listed in
    ``blocked_by``; a ``proved`` item resting on a ``confirmed`` one is established as ``confirmed``.
    ``defined`` and ``stated`` are neutral: they pass on what lies below them and add nothing, except equations
    they export that were only confirmed (:func:`_evidence_level`).  What lies below and is established only in a
    narrower scope than its statement (``n <= 3``, the quick profile's cut sweeps) is listed in ``narrower_scopes``.

    Trusted results (cited items) are the corpus's axioms (DESIGN: only assumptions, cited results and
    sympy's arithmetic are taken on trust): a proof that cites one is checked *relative to it*, and the
    result is listed among the item's trusted results.  So a trusted result that is established (its own
    sanity checks passed, even only on instances) does not lower a ``proved`` item to ``confirmed``, and
    neither does anything that lies only below it; a trusted result that is *not* established (refuted,
    error, ...) still makes everything resting on it ``unsupported``.
    """
    below = _what_lies_below(corpus, results)
    for item_id in corpus.order():
        if item_id not in results:
            continue
        res = results[item_id]
        it = corpus.items[item_id]
        own = res.verdict
        if own == NOT_ESTABLISHED:
            res.graph_verdict, res.status = NOT_ESTABLISHED, NOT_ESTABLISHED_STATUS
            continue
        not_established, some_dep_confirmed, scoped = below[item_id]
        blocked = [f"{dep} (not run)" if results.get(dep) is None else f"{dep} ({results[dep].verdict})"
                   for dep in sorted(not_established)]
        narrower = [f"{dep} ({scope})" for dep, scope in sorted(scoped)]
        if own not in ESTABLISHED:
            res.graph_verdict = own
        elif blocked:
            res.graph_verdict = "unsupported"
        elif some_dep_confirmed and own == "proved":
            res.graph_verdict = "confirmed"
        else:
            res.graph_verdict = own
        res.blocked_by = blocked
        res.narrower_scopes = narrower
        res.status = status_of(it.expected, own, res.graph_verdict)
        problems = [p for h in res.hypotheses for p in h.get("problems", ())]
        if res.status == "ok" and problems:
            res.status = f"hypothesis analysis: {problems[0]}"


def summarize(corpus, results: dict) -> dict:
    """Counts per verdict and per graph verdict, the ids not as expected, and the honest ``headline``
    (:func:`checker.execution.headline.headline`: own items proved for their whole statement first)."""
    per_verdict: dict = {}
    for r in results.values():
        per_verdict[r.verdict] = per_verdict.get(r.verdict, 0) + 1
    not_ok = sorted(i for i, r in results.items() if not as_expected(r.status))
    unsupported = sorted(i for i, r in results.items() if r.graph_verdict == "unsupported")
    dropped = sorted(i for i, r in results.items() if r.status == NOT_ESTABLISHED_STATUS)
    checked = [r for r in results.values() if r.verdict not in ("defined", "stated", NOT_ESTABLISHED)]
    return {"items": len(results), "verdicts": dict(sorted(per_verdict.items())),
            "checked_claims": {"items": len(checked),
                               "proved_by_own_checks": sum(r.verdict == "proved" for r in checked),
                               "established_proved": sum(r.graph_verdict == "proved" for r in checked)},
            "unsupported": len(unsupported), "not_as_expected": len(not_ok), "not_as_expected_ids": not_ok,
            "not_established_under_assumptions": len(dropped),
            "expected_failures_refuted": sorted(i for i, r in results.items()
                                                if corpus.items[i].expected == "fails" and r.verdict == "refuted"),
            "headline": headline(corpus, results)}


def method_summary(result: ItemResult) -> str:
    return method_of(result.checks)


def default_jobs() -> int:
    """The cores this process may use (its CPU affinity where the platform has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def stderr_progress(corpus, total: int):
    """A progress callback printing one line per item to stderr."""
    count = [0]

    def show(res: ItemResult):
        count[0] += 1
        it = corpus.items.get(res.id)
        verdict = it.verdict_line(res.verdict, res.checks) if it is not None else res.verdict
        when = "cached" if res.cached else f"{res.seconds:6.2f}s"
        print(f"[{count[0]:>3}/{total}] {res.id:<62} {verdict:<12} {when:>7}", file=sys.stderr, flush=True)
    return show
