"""Answering a repeated command from the cache without importing sympy or the corpus.

A whole ``verify`` run is recorded with the digest of every source file it could have read: the kernel
package, the corpus package, every local (non-library) module the run imported, every ``.py`` file
beside a ``--path`` file, and the listing of those folders (a new module is a change), plus the library
versions.  The same command with every digest unchanged prints the recorded output and writes the
recorded JSON; anything changed (or unreadable) falls back to a normal run, which reuses the per-item
results that are still valid (:mod:`checker.fingerprint`).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig

from .fingerprint import files_digest, package_files

LIBRARY_ROOTS = tuple(sorted({os.path.abspath(p) + os.sep for p in
                              (sys.prefix, sys.base_prefix, sys.exec_prefix,
                               sysconfig.get_paths().get("purelib", sys.prefix),
                               sysconfig.get_paths().get("platlib", sys.prefix),
                               sysconfig.get_paths().get("stdlib", sys.prefix)) if p}))


def run_key(command: str, args) -> str:
    """The options that decide a run's output (not ``--jobs``, not where the JSON goes)."""
    options = {"command": command, "ids": sorted(getattr(args, "ids", []) or []), "seed": args.seed,
               "profile": args.profile, "timeout": float(args.timeout), "without": sorted(args.without),
               "modules": list(args.module), "paths": [os.path.abspath(p) for p in args.path],
               "no_corpus": bool(args.no_corpus), "cwd": os.getcwd(), "python": sys.version, "executable": sys.executable}
    return hashlib.sha256(json.dumps(options, sort_keys=True).encode()).hexdigest()


def _file_digest(path: str) -> str:
    return files_digest([path])


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
    path = os.path.abspath(path)
    return path.endswith(".py") and not any(path.startswith(root) for root in LIBRARY_ROOTS)


def watched_sources(args) -> dict:
    """Path (or ``dir:``/``tree:`` listing) -> digest, for everything the finished run could have read."""
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
        out[f"tree:{tree}"] = _listing(tree, True)
    for p in args.path:
        directory = os.path.dirname(os.path.abspath(p))
        out[f"dir:{directory}"] = _listing(directory, False)
        for f in os.listdir(directory):
            if f.endswith(".py"):
                out[os.path.join(directory, f)] = None
    for path in list(out):
        if out[path] is None:
            out[path] = _file_digest(path)
    return out


def unchanged(files: dict) -> bool:
    for path, digest in files.items():
        if path.startswith("tree:"):
            now = _listing(path[5:], True)
        elif path.startswith("dir:"):
            now = _listing(path[4:], False)
        else:
            now = _file_digest(path)
        if now != digest:
            return False
    return True


def try_replay(cache, command: str, args):
    """The recorded output of this exact command if nothing it read changed, else ``None``."""
    record = cache.get_run(run_key(command, args))
    if record is None:
        return None
    files, output = record
    from .fingerprint import library_versions
    if output.get("versions") != library_versions() or not unchanged(files):
        return None
    return output


def record(cache, command: str, args, *, stdout: str, report_json: str, exit_code: int, items: int) -> None:
    from .fingerprint import library_versions
    cache.put_run(run_key(command, args), watched_sources(args),
                  {"stdout": stdout, "report": report_json, "exit": exit_code, "items": items,
                   "versions": library_versions()})
