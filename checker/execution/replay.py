"""Answering a repeated command from the cache without importing sympy or the corpus.

A whole ``verify`` run is recorded with the digest of every source file it could have read: the kernel
package, the corpus package, every local (non-library) module the run imported, every ``.py`` file
beside a ``--path`` file, and the listing of those folders (a new module is a change), every file, folder
listing and environment variable its verifiers read or imported while they ran (the manifests of
:mod:`checker.execution.dependencies`, including those stored with the results the run reused), plus the library
versions.  The same command with every digest unchanged prints the recorded output and writes the
recorded JSON; anything changed (or unreadable) falls back to a normal run, which reuses the per-item
results that are still valid (:mod:`checker.execution.fingerprint`).

The digests recorded are those of the files *as the run loaded them*, never as they are when it ends: the
files known before loading (kernel, corpus, ``--path`` folders, and whatever the last record of the same
command watched) are hashed before anything is loaded (:func:`try_replay`), every other file the load opens is
hashed as it is opened (the load is recorded like a verifier run), and the verifiers' files are hashed as
they open them.  A file found only at the end that was modified after the run started is recorded as changed.
So an edit saved while ``verify`` runs is never paired with the output computed from the older file.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import time

from .dependencies import MANIFEST_KINDS, NEVER, current, file_digest, is_library_path, merge
from .fingerprint import package_files

REPLAY_FORMAT = "replay-v2"


def run_key(command: str, args) -> str:
    """The options that decide a run's output (not ``--jobs``, not where the JSON goes)."""
    options = {"format": REPLAY_FORMAT, "command": command, "ids": sorted(getattr(args, "ids", []) or []),
               "seed": args.seed, "profile": args.profile, "timeout": float(args.timeout),
               "without": sorted(args.without), "modules": list(args.module),
               "paths": [os.path.abspath(p) for p in args.path], "no_corpus": bool(args.no_corpus),
               "cwd": os.getcwd(), "python": sys.version, "executable": sys.executable}
    return hashlib.sha256(json.dumps(options, sort_keys=True).encode()).hexdigest()


def status_options(args) -> dict:
    """The options that decide items' statuses, for ``--rerun-failed``: statuses of a verify with other options
    (another seed, profile, time limit, ``--without``, other files loaded) are not "the last verify's"."""
    return {"seed": args.seed, "profile": args.profile, "timeout": float(args.timeout),
            "without": sorted(args.without), "modules": list(args.module),
            "paths": [os.path.abspath(p) for p in args.path], "no_corpus": bool(args.no_corpus),
            "cwd": os.getcwd()}


def status_scope(args) -> str:
    """The key the statuses of a verify are kept under: its :func:`status_options`, written out (so that
    ``--rerun-failed`` can name or reuse the options of a verify that had failures)."""
    return json.dumps(status_options(args), sort_keys=True)


#: status option -> (the verify argument it comes from, how a command line writes it)
_RERUN_OPTIONS = {
    "seed": ("seed", lambda v: [f"--seed {v}"]),
    "profile": ("profile", lambda v: [f"--profile {v}"]),
    "timeout": ("timeout", lambda v: [f"--timeout {v:g}"]),
    "without": ("without", lambda v: [f"--without {w}" for w in v] or ["no --without"]),
    "modules": ("module", lambda v: [f"--module {m}" for m in v] or ["no --module"]),
    "paths": ("path", lambda v: [f"--path {os.path.relpath(p)}" for p in v] or ["no --path"]),
    "no_corpus": ("no_corpus", lambda v: ["--no-corpus" if v else "the corpus loaded"]),
}


def rerun_failed_plan(cache, args, given: set):
    """What ``verify --rerun-failed`` reruns: ``(ids, note)``, after setting ``args`` to the options of the
    verify that found them; or raises ``ValueError`` with a one-line reason (a usage error).

    The failures of the last verify with these options are rerun as they are.  When that verify had none (or
    there was none) but the cache holds failures of a verify with other options (in this folder), they are rerun
    with that verify's options when none of the differing options was written on this command line, and
    otherwise the reason names the options that differ: never "nothing to rerun" while failures are held."""
    here = status_options(args)
    mine = cache.failed_last(status_scope(args))
    if mine:
        return mine, ""
    for scope, failed in cache.failures_by_scope():
        try:
            theirs = json.loads(scope)
        except ValueError:
            theirs = None
        if theirs is not None and (not isinstance(theirs, dict) or theirs.get("cwd") != here["cwd"]):
            continue  # another folder's verify (a cache shared through --cache-dir)
        if theirs is None or set(theirs) != set(here):
            raise ValueError(f"{len(failed)} item(s) were not as expected in an earlier verify whose options this "
                             "version does not record; run that verify again (or 'cache clear')")
        differ = [k for k in here if k != "cwd" and theirs[k] != here[k]]
        written = [k for k in differ if _RERUN_OPTIONS[k][0] in given]
        if written:
            said = "; ".join(f"{' '.join(_RERUN_OPTIONS[k][1](theirs[k]))} (here "
                             f"{' '.join(_RERUN_OPTIONS[k][1](here[k]))})" for k in differ)
            raise ValueError(f"no item was not as expected in the last verify with these options, but "
                             f"{len(failed)} item(s) were in a verify with other options: {said}; repeat those options "
                             "to rerun them")
        for k in differ:
            setattr(args, _RERUN_OPTIONS[k][0], list(theirs[k]) if isinstance(theirs[k], list) else theirs[k])
        note = ", ".join(o for k in differ for o in _RERUN_OPTIONS[k][1](theirs[k]))
        return failed, (f"with the options of the verify that found them: {note}" if note else "")
    return [], ""


def _listing(directory: str, recursive: bool) -> str:
    """A digest of the names of the ``.py`` files in ``directory`` (a new or removed module is a change)."""
    if recursive:
        names = [os.path.relpath(f, directory) for f in package_files(directory)]
    else:
        try:
            names = [f for f in os.listdir(directory) if f.endswith(".py")]
        except OSError:
            names = ["<unreadable>"]
    return hashlib.sha256("\n".join(sorted(names)).encode()).hexdigest()


def _is_local(path: str) -> bool:
    """A module file that is not part of an installed library or the standard library."""
    return path.endswith(".py") and not is_library_path(path)


def _digest_now(entry: str) -> str:
    if entry.startswith("tree:"):
        return _listing(entry[5:], True)
    if entry.startswith("dir:"):
        return _listing(entry[4:], False)
    if entry.startswith(MANIFEST_KINDS):
        return current(entry)
    return file_digest(entry)  # a plain path


def _known_before_load(args) -> list:
    """The entries a run of ``args`` will watch that are known before anything is loaded."""
    import importlib.util
    kernel = os.path.dirname(os.path.abspath(__file__))
    trees = {kernel}
    if not args.no_corpus:
        try:
            spec = importlib.util.find_spec("theorems")
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.origin:
            trees.add(os.path.dirname(os.path.abspath(spec.origin)))
    entries = []
    for tree in sorted(trees):
        entries += [os.path.abspath(f) for f in package_files(tree)] + [f"tree:{tree}"]
    for p in args.path:
        directory = os.path.dirname(os.path.abspath(p))
        entries.append(f"dir:{directory}")
        try:
            entries += [os.path.join(directory, f) for f in sorted(os.listdir(directory)) if f.endswith(".py")]
        except OSError:
            pass
    return entries


def watched_sources(args) -> dict:
    """Path (or ``dir:``/``tree:`` listing) -> digest *now*, for everything the finished run could have read."""
    return {entry: _digest_now(entry) for entry in _watched_entries(args)}


def _watched_entries(args) -> list:
    kernel = os.path.dirname(os.path.abspath(__file__))
    out = {}
    trees = {kernel}
    for name, module in list(sys.modules.items()):
        f = getattr(module, "__file__", None)
        if f and _is_local(f):
            out[os.path.abspath(f)] = None
        if name == "theorems" and f:
            trees.add(os.path.dirname(os.path.abspath(f)))
    for tree in trees:
        for f in package_files(tree):
            out[os.path.abspath(f)] = None
        out[f"tree:{tree}"] = None
    for p in args.path:
        directory = os.path.dirname(os.path.abspath(p))
        out[f"dir:{directory}"] = None
        try:
            for f in os.listdir(directory):
                if f.endswith(".py"):
                    out[os.path.join(directory, f)] = None
        except OSError:
            pass
    return list(out)


def unchanged(files: dict, seen=None) -> bool:
    """Whether every entry of ``files`` still has its digest (the digests computed go into ``seen``)."""
    for path, digest in files.items():
        if not isinstance(digest, str) or digest.startswith(NEVER):
            return False
        now = _digest_now(path)
        if seen is not None:
            seen[path] = now
        if now != digest:
            return False
    return True


def try_replay(cache, command: str, args):
    """The recorded output of this exact command if nothing it read changed, else ``None``.

    On ``None`` the run that follows is being watched: the files known now are hashed before anything loads,
    and the load is recorded (:func:`record` uses both)."""
    record_ = cache.get_run(run_key(command, args))
    seen: dict = {}
    if record_ is not None:
        files, output = record_
        from .fingerprint import library_versions
        if output.get("versions") == library_versions() and unchanged(files, seen):
            return output
    _begin_watch(cache, args, seen)
    return None


def _begin_watch(cache, args, seen: dict) -> None:
    from . import dependencies
    started = time.time()
    before = dict(seen)
    for entry in _known_before_load(args):
        if entry not in before:
            before[entry] = _digest_now(entry)
    cache.replay_watch = {"started": started, "before": before, "recorder": dependencies.start()}


def _as_loaded(entry: str, watch: dict, loaded: dict) -> str:
    """The digest of ``entry`` as the run loaded it (see the module's docstring)."""
    if entry in watch["before"]:
        return watch["before"][entry]
    if not entry.startswith(("tree:", "dir:")):
        key = entry if entry.startswith(MANIFEST_KINDS) else "file:" + entry
        if key in loaded:
            return loaded[key]
        path = key[5:] if key.startswith("file:") else None
        if path is not None:
            try:
                if os.stat(path).st_mtime >= watch["started"] - 1.0:  # modified since the run started (or just before)
                    return NEVER + " (changed during the run)"
            except OSError:
                pass
    return _digest_now(entry)


def record(cache, command: str, args, *, stdout: str, report_json: str, exit_code: int, items: int) -> None:
    """Record the finished run for :func:`try_replay`, with the digests of what it read as it read them."""
    from . import dependencies
    from .fingerprint import library_versions
    watch = getattr(cache, "replay_watch", None)
    if watch is None:
        return  # the run was not watched from its start: nothing trustworthy to record
    cache.replay_watch = None
    loaded = dependencies.stop(watch["recorder"])
    if getattr(cache, "unkeyed", False) or cache.broken:
        return  # an item that could not be keyed: what it read is not known well enough to replay the run
    files = {entry: _as_loaded(entry, watch, loaded) for entry in _watched_entries(args)}
    merge(files, {k: v for k, v in loaded.items() if not (k.startswith("file:") and k[5:] in files)})
    merge(files, cache.dependencies)  # what the verifiers read (their manifests, hashed as they read it)
    cache.put_run(run_key(command, args), files,
                  {"stdout": stdout, "report": report_json, "exit": exit_code, "items": items,
                   "versions": library_versions()})
