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
import warnings

from .dependencies import MANIFEST_KINDS, NEVER, current, file_digest, is_library_path, merge
from .fingerprint import package_files
from .library_state import describe_filters, process_environment_digest

REPLAY_FORMAT = "replay-v2"


def run_key(command: str, args) -> str:
    """The options that decide a run's output (not ``--jobs``, not where the JSON goes)."""
    options = {"format": REPLAY_FORMAT, "command": command, "ids": sorted(getattr(args, "ids", []) or []),
               "seed": args.seed, "profile": args.profile, "timeout": float(args.timeout),
               "without": sorted(args.without), "modules": list(args.module),
               "paths": [os.path.abspath(p) for p in args.path], "no_corpus": bool(args.no_corpus),
               "cwd": os.getcwd(), "python": sys.version, "executable": sys.executable,
               "warnings": repr(describe_filters(warnings.filters)), "environment": process_environment_digest()}
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
    key = run_key(command, args)  # (as the run starts: the load adds warnings filters of its libraries)
    record_ = cache.get_run(key)
    seen: dict = {}
    if record_ is not None:
        files, output = record_
        from .fingerprint import library_versions
        if output.get("versions") == library_versions() and unchanged(files, seen):
            return output
    _begin_watch(cache, args, seen, key)
    return None


def _begin_watch(cache, args, seen: dict, key: str) -> None:
    from . import dependencies
    started = time.time()
    before = dict(seen)
    for entry in _known_before_load(args):
        if entry not in before:
            before[entry] = _digest_now(entry)
    cache.replay_watch = {"started": started, "before": before, "recorder": dependencies.start(), "key": key}


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
    cache.put_run(watch["key"], files,
                  {"stdout": stdout, "report": report_json, "exit": exit_code, "items": items,
                   "versions": library_versions()})


# -- replay tokens: one failing item, re-run exactly ---------------------------------------------------------------
# A token is ``cr1.<payload>.<checksum>``: the payload is base64url of zlib-compressed JSON, the checksum the first
# 16 hex digits of the SHA-256 of everything before it, so any change to a token's text (a character replaced,
# dropped or added, a truncated paste) is rejected, and a version the reader does not know is named.  The payload
# holds what reproduces the item's own outcome: its id, the run seed (the item's verifier gets
# ``item_seed(seed, id)``: the randomized draw), profile and time limit, the digest of the item's declaration and
# the source file of its verifier (:func:`code_digest`) and of the checker's code and library versions, and the outcome to reproduce (:func:`outcome_signature`: the verdict, the refuting check and
# its witness instance, the error).  Like Hypothesis's ``@reproduce_failure``, a token is valid only for the code
# that made it: another declaration or code of the item, or another checker or library, is a stale token.

TOKEN_VERSION = "cr1"
_TOKEN_FIELDS = ("v", "id", "seed", "profile", "timeout", "code", "env", "outcome")
#: witness fields that add nothing to the refutation: how it was re-checked, the command line, what follows from the
#: instance (its sympy paste) and from the token (the seed)
_NOT_THE_WITNESS = ("check", "reproduce", "recheck", "sympy", "seed")


def outcome_signature(item, verdict: str, checks: list, detail: str = "", hypotheses=()) -> dict:
    """What a replay must give again: the item's own verdict; for a refutation the refuting check and its witness
    (the instance, residual, seed, ...); otherwise the claim checks that did not pass; for an error the exception
    (without the ``(at file:line)`` of the user's frame); and the problems the hypothesis analysis found."""
    import re
    from ..kernel.evidence import first_witness
    out: dict = {"verdict": verdict}
    witness = first_witness(checks)
    if witness is not None:
        out["check"] = witness["check"]
        out["witness"] = {k: v for k, v in witness.items() if k not in _NOT_THE_WITNESS}
    else:
        failing = [[c.get("name"), c.get("outcome")] for c in checks if isinstance(c, dict)
                   and c.get("claim", True) and c.get("outcome") not in ("proved", "confirmed")]
        if failing:
            out["checks"] = failing
    if verdict in ("error", "inconclusive") and detail:
        out["detail"] = re.sub(r" \(at [^()]*\)", "", str(detail).splitlines()[0])
    problems = [p for h in hypotheses or () for p in h.get("problems", ())]
    if problems:
        out["problems"] = problems
    return json.loads(json.dumps(out, ensure_ascii=False, default=str))  # plain JSON data, as it round-trips


def own_outcome_fails(item, result) -> bool:
    """Whether the item's *own* verifier run is not as expected (not merely something below it): those items get a
    replay token (an item only ``unsupported`` is replayed through the token of what it rests on)."""
    from ..kernel.evidence import as_expected, status_of
    if result.verdict == "not established":  # (runner.NOT_ESTABLISHED) a --without run did not run it
        return False
    problems = any(h.get("problems") for h in result.hypotheses or ())
    return problems or not as_expected(status_of(item.expected, result.verdict, result.verdict))


def environment_digest() -> str:
    """The checker's code (each file's content under its path inside the package) and the library versions: a
    token made under others is stale.  No absolute path enters, so a token made in CI replays in any checkout."""
    from .dependencies import _sha
    from .fingerprint import library_versions
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = [_sha(os.path.relpath(f, here), file_digest(f)) for f in package_files(here)]
    return _sha(*files, sorted(library_versions().items()))[:16]


def code_digest(corpus, item_id: str):
    """The item's declaration (id, kind, title, statement, source, uses, assumptions, expectation, scope, exports)
    and the content of the source files it and its verifier are defined in, or ``None`` when that file is not
    known.  Contents, never paths: the token of a checkout replays in another.  An edit to that file, even to
    another item, makes the token stale (when in doubt, say stale); code the verifier reaches in other files is not
    covered: a replay whose outcome changed through it says so (:func:`replay_item`)."""
    import inspect
    from .dependencies import _sha
    it = corpus.items[item_id]
    files = set()
    if it.verifier is not None:
        try:
            files.add(inspect.getsourcefile(inspect.unwrap(it.verifier)) or "")
        except (TypeError, ValueError):
            files.add("")
    origin = (it.origin or "").rpartition(":")[0]
    if origin:
        files.add(origin)
    if not files or "" in files:
        return None
    sources = sorted(file_digest(f) for f in files)
    if any(not d or len(d) != 64 for d in sources):  # missing, unreadable
        return None
    declaration = [it.id, it.kind, it.title, it.statement, it.source, list(it.uses), list(it.proof_uses),
                   it.expected, it.cited_kind, list(it.avoids), getattr(it, "scope", ""),
                   sorted((a.id, a.kind, a.description) for a in it.assumes),
                   sorted((str(k), str(v)) for k, v in (it.exports or {}).items())]
    return _sha(json.dumps(declaration, default=str, sort_keys=True), *sources)[:20]


def make_token(item_id: str, outcome: dict, *, seed: int, profile: str, timeout: float, code, env: str) -> str:
    """The replay token of one item's outcome (see the comment above :data:`TOKEN_VERSION`)."""
    import base64
    import zlib
    payload = {"v": 1, "id": item_id, "seed": int(seed), "profile": profile, "timeout": float(timeout),
               "code": code, "env": env, "outcome": outcome}
    raw = zlib.compress(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode("utf-8"), 9)
    body = f"{TOKEN_VERSION}.{base64.urlsafe_b64encode(raw).decode('ascii').rstrip('=')}"
    return f"{body}.{hashlib.sha256(body.encode('ascii')).hexdigest()[:16]}"


def read_token(text: str) -> dict:
    """The payload of a replay token, or ``ValueError`` with a one-line reason (malformed, damaged, unknown version)."""
    import base64
    import binascii
    import zlib
    text = str(text).strip()
    parts = text.split(".")
    if len(parts) != 3 or not parts[0]:
        raise ValueError("malformed replay token (expected cr1.<payload>.<checksum>, as a failing item prints it)")
    version, body, checksum = parts
    if version != TOKEN_VERSION:
        raise ValueError(f"replay token of an unknown version {version[:12]!r} (this checker reads {TOKEN_VERSION})")
    if hashlib.sha256(f"{version}.{body}".encode("utf-8", "surrogatepass")).hexdigest()[:16] != checksum:
        raise ValueError("damaged replay token: its checksum does not match (copy the whole token)")
    try:
        data = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))).decode("utf-8"))
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise ValueError("damaged replay token: its payload does not decode") from None
    if not isinstance(data, dict) or sorted(data) != sorted(_TOKEN_FIELDS) or data["v"] != 1 or \
            not isinstance(data["id"], str) or not isinstance(data["outcome"], dict) or \
            not isinstance(data["seed"], int) or not isinstance(data["timeout"], float) or \
            data["profile"] not in ("quick", "default", "thorough") or not data["timeout"] > 0:
        raise ValueError("malformed replay token: its payload is not a replay of an item")
    return data


def stale_reason(corpus, data: dict) -> str:
    """Why the token no longer replays what it was made from ("" when it does): the item is gone, its declaration
    or code changed, or the checker or a library did; or ``"unchecked"`` when its code cannot be digested."""
    item_id = data["id"]
    if item_id not in corpus.items:
        return f"no item {item_id!r} is loaded (give the --path/--module that declares it)"
    code = code_digest(corpus, item_id)
    if code != data["code"]:
        if code is None or data["code"] is None:
            return f"{item_id}: its code cannot be digested faithfully, so the token cannot be checked against it"
        return f"{item_id}: its declaration or code changed since the token was made"
    if environment_digest() != data["env"]:
        return "the checker's code or a library version changed since the token was made"
    return ""


def tokens_for(corpus, results: dict, *, seed: int, profile: str, timeout: float) -> None:
    """Set ``replay`` on every result whose own outcome is not as expected (:func:`own_outcome_fails`)."""
    failing = [i for i, r in results.items() if i in corpus.items and own_outcome_fails(corpus.items[i], r)]
    if not failing:
        return
    import shlex
    from .loader import LoadSpec
    env = environment_digest()
    flags = (corpus.load_spec or LoadSpec()).flags()
    for item_id in failing:
        res = results[item_id]
        code = code_digest(corpus, item_id)
        outcome = outcome_signature(corpus.items[item_id], res.verdict, res.checks, res.failure_detail, res.hypotheses)
        res.replay = make_token(item_id, outcome, seed=seed, profile=profile, timeout=timeout, code=code, env=env)
        res.replay_command = f"python -m checker verify {shlex.quote(item_id)} --replay {res.replay}" + \
            (f" {flags}" if flags else "")


def replay_item(corpus, data: dict, *, load_flags: str = ""):
    """Run the token's item's verifier alone, here, with the token's seed, profile and time limit and no cache;
    returns ``(result, differences)``: ``differences`` lists what differs from the token's outcome (empty: the
    same outcome, the same witness, was reproduced)."""
    from ..kernel.evidence import status_of
    from .runner import run
    item_id = data["id"]
    results = run(corpus, [item_id], seed=data["seed"], profile=data["profile"], timeout=data["timeout"], jobs=1,
                  load_flags=load_flags)
    res = results[item_id]
    it = corpus.items[item_id]
    res.graph_verdict = res.verdict  # the verifier alone: what lies below is not replayed
    res.status = status_of(it.expected, res.verdict, res.verdict)
    problems = [p for h in res.hypotheses for p in h.get("problems", ())]
    if res.status == "ok" and problems:
        res.status = f"hypothesis analysis: {problems[0]}"
    now = outcome_signature(it, res.verdict, res.checks, res.failure_detail, res.hypotheses)
    then = data["outcome"]
    differences = [f"{key}: the token has {json.dumps(then.get(key), ensure_ascii=False)}, this run "
                   f"{json.dumps(now.get(key), ensure_ascii=False)}" for key in sorted(set(then) | set(now))
                   if then.get(key) != now.get(key)]
    return res, differences


def describe_outcome(outcome: dict) -> str:
    """One line: the verdict, and the refuting check or the exception."""
    text = outcome.get("verdict", "?")
    if "check" in outcome:
        text += f" by check {outcome['check']!r}, the same witness"
    elif "detail" in outcome:
        text += f" ({outcome['detail']})"
    return text
