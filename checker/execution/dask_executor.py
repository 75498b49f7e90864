"""Running verifiers on a Dask distributed cluster: ``verify ... --executor dask [--scheduler ADDRESS]``.

Each item is one task.  On the worker the task loads the corpus (once per worker process) and the
user's files, which are scattered to every worker once per run (every ``.py`` file of each ``--path`` file's
folder, so a module it imports comes along), and runs the verifier in a forked child with the same time limit as the
local runner (:func:`checker.execution.runner.run_one`); the worker sends back the plain check records and the
verdict is computed here, in the client, exactly as for a local run (:func:`checker.execution.runner.judge`).
So verdicts, evidence and the JSON report are the same as the local runner's at the same seed.  Each verifier's
manifest of dynamic dependencies (:mod:`checker.execution.dependencies`) comes back with its records, its copies of the
shipped files renamed as the client's files (:func:`client_manifest`), for the results cache, with what the
worker's own imports of user modules read (:func:`_with_worker_imports`): stats, environment reads, the state of a
global random generator the verifier drew from and what no digest describes come back like the rest.

A task whose worker dies is not retried (``retries=0``, and the local cluster allows no failure): its
item is ``error``, the run goes on.  Without ``--scheduler`` a ``LocalCluster`` with one single-threaded
worker process per core is started and closed with the run.  Needs ``pip install -e '.[dask]'``.
"""
from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
import warnings

_WORKER_CORPORA: dict = {}
#: this worker's copy of a shipped folder -> the client's folder (a verifier's manifest names the client's files)
_SHIPPED_AS: dict = {}


def _shipped_files(paths) -> dict:
    """Folder -> {file name: source} for the folders of the ``--path`` files (their ``.py`` files)."""
    out: dict = {}
    for p in paths:
        folder = os.path.dirname(os.path.abspath(p))
        files = out.setdefault(folder, {})
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                with open(os.path.join(folder, name), encoding="utf-8") as fh:
                    files[name] = fh.read()
    return out


def _scratch_folder():
    """The worker's own scratch folder (Dask removes it when the worker closes), so shipped copies of the user's
    files are not left in the temporary directory; the temporary directory outside a worker."""
    try:
        from distributed import get_worker
        return get_worker().local_directory
    except (ImportError, ValueError, AttributeError):
        return None


def as_client_text(text):
    """``text`` with this worker's copies of the shipped folders named as the client's folders (an error that
    points at the user's file points at it, not at a temporary copy)."""
    if not isinstance(text, str):
        return text
    for local, folder in _SHIPPED_AS.items():
        text = text.replace(local, folder)
    return text


def spec_key(spec: dict) -> str:
    """A digest of a load spec (modules, paths, shipped files): the name a worker memoizes its corpus under."""
    import hashlib
    import json
    return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()


def _worker_corpus(spec: dict, key: str = ""):
    """The corpus on this worker for ``spec`` (modules, paths with their shipped folders, no_corpus), memoized under
    ``key`` (the client computes it once for the run: hashing the shipped files for every task would make a run
    quadratic in the size of the user's corpus)."""
    key = key or spec_key(spec)
    if key not in _WORKER_CORPORA:
        from .loader import load
        paths = []
        for folder, files in spec["shipped"].items():
            local = tempfile.mkdtemp(prefix="checker-shipped-", dir=_scratch_folder())
            _SHIPPED_AS[os.path.abspath(local) + os.sep] = folder + os.sep
            for name, text in files.items():
                with open(os.path.join(local, name), "w", encoding="utf-8") as fh:
                    fh.write(text)
            if local not in sys.path:
                sys.path.insert(0, local)
            for p in spec["paths"]:
                if os.path.dirname(os.path.abspath(p)) == folder:
                    paths.append(os.path.join(local, os.path.basename(p)))
        _WORKER_CORPORA[key] = load(modules=spec["modules"], paths=paths, corpus=not spec["no_corpus"])
    return _WORKER_CORPORA[key]


def verify_on_worker(item_id: str, spec: dict, seed: int, profile: str, timeout: float, load_flags: str,
                     full_traceback: bool, key: str = "") -> dict:
    """The task: ``{"message": ..., "seconds": s}`` from the verifier, or ``{"failure": ..., "detail": ...}``.
    ``spec`` arrives once per worker (the client scatters it to every worker), ``key`` names it."""
    import multiprocessing
    from .pool import run_one
    process = multiprocessing.current_process()
    was_daemon = process._config.get("daemon")  # a daemonic worker may not fork: the child is ours to reap
    process._config["daemon"] = False
    try:
        corpus = _worker_corpus(spec, key)
        unpinned = _pin_client_filters(spec.get("warnings"))
        answer = run_one(corpus.items[item_id], seed=seed, profile=profile, timeout=timeout, load_flags=load_flags,
                         full_traceback=full_traceback)
    finally:
        process._config["daemon"] = was_daemon
    message = answer.get("message")
    if isinstance(message, dict) and isinstance(message.get("depends"), dict):
        message["depends"] = client_manifest(_with_worker_imports(message["depends"]))
        # the whole environment of this worker (C code may read any of it; the client's is in the key)
        from .library_state import process_environment_digest
        message["depends"]["process-env:"] = process_environment_digest()
        if unpinned:
            from .dependencies import NEVER
            message["depends"]["untracked:warnings"] = f"{NEVER} (not cacheable: {unpinned})"
    if isinstance(message, dict):
        message["detail"] = as_client_text(message.get("detail", ""))
    if "detail" in answer:
        answer["detail"] = as_client_text(answer["detail"])
    return answer


def _pin_client_filters(description) -> str:
    """Pin the client's warnings filters for this worker's verifiers; why not, when a category is not found here."""
    from .library_state import pin_warning_filters, rebuild_filters
    if description is None:
        pin_warning_filters()
        return "the client sent no warnings filters"
    try:
        pin_warning_filters(rebuild_filters(description))
    except Exception as exc:  # noqa: BLE001 - a category the worker cannot import: its own filters, not cached
        pin_warning_filters()
        return f"a warnings category the worker cannot find ({type(exc).__name__}: {exc})"
    return ""


def _with_worker_imports(depends: dict) -> dict:
    """The verifier's manifest plus what this worker's imports of user modules read (a data file a module-level
    loader read here, a stat, a variable): the client keys its own imports, and reuses the result only if the
    worker's inputs are the client's too.  (An over-approximation: every user module the worker loaded.)"""
    from .dependencies import import_manifest, is_user_path
    out = dict(depends)
    for name, module in list(sys.modules.items()):
        f = getattr(module, "__file__", None)
        if isinstance(f, str) and is_user_path(f):
            for entry, digest in import_manifest(name).items():
                out.setdefault(entry, digest)
    return out


def client_manifest(depends: dict) -> dict:
    """A verifier's manifest (:mod:`checker.execution.dependencies`) with this worker's copies of the shipped files named
    as the client's files, so the client checks its own files; anything else stays as the worker saw it (a
    file the client does not have is missing there: the result is not reused, which is safe)."""
    out = {}
    for entry, digest in depends.items():
        kind, sep, path = entry.partition(":")
        if kind in ("file", "list") and sep:
            probe = path if kind == "file" else path + os.sep
            for local, folder in _SHIPPED_AS.items():
                if probe.startswith(local):
                    path = (folder + probe[len(local):]).rstrip(os.sep) if kind == "list" else folder + path[len(local):]
                    break
            entry = f"{kind}:{path}"
        out[entry] = digest
    return out


def _connect(Client, scheduler: str):
    """A client of the scheduler at ``scheduler``, tried for Dask's connect timeout (``distributed.comm.timeouts.
    connect``, 30 s unless configured, e.g. ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=5s``); an address that
    cannot be parsed or reached is a usage error (one line, exit 2), not a traceback."""
    import dask
    from .errors import UsageError
    try:
        return Client(scheduler, timeout=dask.config.get("distributed.comm.timeouts.connect", "30s"))
    except (OSError, ValueError, TimeoutError) as exc:
        raise UsageError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None


def _quiet_on_ctrl_c(start):
    """Start the local cluster with SIGINT blocked in this thread: the cluster's threads and the worker processes
    they spawn inherit the mask (a blocked signal stays blocked across fork and exec), so a Ctrl-C while workers
    start reaches none of them; it waits here and is delivered when this thread unblocks it.  Once a worker runs,
    :func:`dask_setup` gives SIGINT its default action there (the worker ends at once, without a word, and its
    verifiers with it).  A Ctrl-C reaches the terminal's whole process group, and each worker printed a 30-line
    traceback; now the client alone speaks (one line) and closes the cluster."""
    import signal
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (AttributeError, ValueError, OSError):  # no signal masks on this platform
        return start()
    try:
        return start()
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def dask_setup(worker):
    """Run in each local worker as it starts (this module is its ``preload``): SIGINT ends it silently (a Ctrl-C
    pressed while it started, held by the blocked mask, ends it now)."""
    import signal
    import threading
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def run_on_dask(corpus, ids, *, seed, profile, timeout, load_flags, load_spec, scheduler=None, jobs=None,
                progress=None, full_traceback=False) -> dict:
    """Run the verifiers of ``ids`` on the cluster; returns id -> (message or None, seconds, failure detail)."""
    try:
        import dask
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        from .errors import UsageError
        raise UsageError("--executor dask needs Dask distributed: pip install -e '.[dask]'") from None
    from .library_state import describe_filters, pinned_filters
    # the workers' verifiers run under the filters pinned here (library_state._warnings), whatever the workers have
    spec = dict(load_spec, shipped=_shipped_files(load_spec["paths"]),
                warnings=describe_filters(pinned_filters() if pinned_filters() is not None else warnings.filters))
    cluster = None
    # a local worker's environment is the client's (not distributed's thread settings): C code reads the same
    with dask.config.set({"distributed.nanny.pre-spawn-environ": {}, "distributed.nanny.environ": {},
                          "distributed.scheduler.allowed-failures": 0, "distributed.worker.daemon": False,
                          "distributed.logging.distributed": "error"}):
        if scheduler:
            client = _connect(Client, scheduler)
        else:
            workers = jobs or max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)
            with warnings.catch_warnings():
                # the scheduler's HTTP server falls back to a free port when 8787 is taken (another cluster): it says
                # so on stderr, which is not the user's business (no dashboard is asked for)
                warnings.filterwarnings("ignore", message=r"Port \d+ is already in use", category=UserWarning)
                cluster = _quiet_on_ctrl_c(lambda: LocalCluster(n_workers=workers, threads_per_worker=1,
                                                                processes=True, dashboard_address=None,
                                                                silence_logs=50, preload=[__name__]))
            client = Client(cluster)
        out: dict = {}
        try:
            started = {}
            futures = {}
            load_key = spec_key(spec)
            # the spec (with the user's files) goes to every worker once, not with each of thousands of tasks
            shared_spec = client.scatter(spec, broadcast=True, hash=False) if ids else spec
            for item_id in ids:
                started[item_id] = time.monotonic()
                f = client.submit(verify_on_worker, item_id, shared_spec, seed, profile, timeout, load_flags,
                                  full_traceback, load_key, pure=False, retries=0,
                                  key=f"checker-verify-{item_id}-{os.getpid()}-{time.time_ns()}")
                futures[f] = item_id
            for future in as_completed(list(futures)):
                item_id = futures[future]
                try:
                    answer = future.result()
                except Exception as exc:  # noqa: BLE001 - a dead worker (KilledWorker) or a lost task: error
                    answer = {"failure": "error", "seconds": time.monotonic() - started[item_id],
                              "detail": f"the Dask worker running it failed: {type(exc).__name__}: {exc}"}
                out[item_id] = answer
                if progress is not None:
                    progress(item_id, answer)
        finally:
            # closing the connections is the run's own doing: distributed's loggers (set up at its import, before the
            # configuration above) would report each closed connection with a traceback, after a Ctrl-C too
            distributed_log = logging.getLogger("distributed")
            level = distributed_log.level
            distributed_log.setLevel(logging.CRITICAL)
            try:
                client.close()
                if cluster is not None:
                    cluster.close()
            finally:
                distributed_log.setLevel(level)
    return out
