"""The results cache: an SQLite file in ``.checker/`` of the working directory (``--cache-dir`` to move it).

Why there: like pytest's ``.pytest_cache`` and Lean's ``.lake``, results belong to the checkout they
were computed from, a clone starts clean, and ``rm -rf .checker`` (or ``python -m checker cache
clear``) is all it takes to forget them.  ``CHECKER_CACHE_DIR`` sets the folder for a whole session.

Tables:

* ``results``: one verifier run per item key (:mod:`checker.execution.fingerprint`): the plain check records the
  verifier sent, from which the parent recomputes the verdict exactly as for a fresh run, the verdict it had,
  and the run's *manifest* of dynamic dependencies (:mod:`checker.execution.dependencies`: files it read, modules it
  imported, environment variables): a stored result is reused only while every entry of its manifest is
  unchanged.  Stored: settled verdicts, and the ``error`` of a verifier that *raised* (its run read what its
  manifest says, like any other; a warm run shows the same error without running it, ``--retry-errors`` runs it
  again).  Never stored for reuse: ``inconclusive`` and a verifier that hung or whose process died: what a
  stopped process read is unknown, so its key would not cover it (a hanging verifier runs to its time limit on
  every warm run);
* ``timeouts``: the item keys whose verifier was stopped at its time limit in the last run under that key, for
  drawings only (``graph`` draws such an item ``inconclusive``, not ``not run``); never reused as a result.
* ``runs``: for a whole command (its options) the digest of every source file it read and its output;
  when no file changed, the command is answered from here without importing sympy or the corpus.
* ``uncacheable``: the items whose results cannot be cached and why (they read the clock, a socket, another
  program's output, ...: :func:`checker.execution.dependencies.not_cacheable`), listed by ``cache info``;
* ``last_statuses``: each item's status in the last ``verify`` with the same seed, profile, time limit,
  ``--without`` and loaded files (``--rerun-failed``), whether that verify ran or was replayed.

Every row carries a SHA-256 of its payload: a corrupted or truncated file, or a row that does not match
its digest, is reported in one line and ignored, never trusted.  The digest detects *corruption*, not
deliberate tampering: whoever can write the cache file can write a matching digest (a key kept beside the
cache would be just as writable), so the cache is trusted exactly as far as the source tree it sits in.  A
stored result whose records no longer give the verdict stored with them is ignored too (a consistency check,
not a protection).  After any error reading or writing the file, the cache is ignored for the rest of the run:
one warning, then no read and no write.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import time

DEFAULT_DIR = ".checker"
FILENAME = "cache.sqlite3"
SCHEMA_VERSION = 1
#: verdicts a cached result may carry; anything else is run again next time
CACHEABLE = ("proved", "confirmed", "defined", "stated", "refuted", "error")


def cache_dir(option=None) -> str:
    return option or os.environ.get("CHECKER_CACHE_DIR") or DEFAULT_DIR


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def warn(message: str) -> None:
    print(f"checker: cache: {message}", file=sys.stderr)


class ResultsCache:
    """The store; every failure to read it is a one-line warning and a miss, never an exception."""

    def __init__(self, directory: str, *, writable: bool = True):
        self.directory = directory
        self.path = os.path.join(directory, FILENAME)
        self.writable = writable
        self._db = None
        self.broken = False
        self.hits = 0
        self.misses = 0
        self.ignored = 0
        #: the manifests of every result reused or stored in this run, merged (the whole-run replay watches them)
        self.dependencies: dict = {}
        #: some item of this run could not be keyed (:func:`checker.execution.fingerprint.item_keys`): do not replay the run
        self.unkeyed = False
        #: what the whole-run replay watches while this run goes on (:func:`checker.execution.replay.try_replay`)
        self.replay_watch = None
        self._warned: set = set()

    # -- opening ------------------------------------------------------------------------------
    def _warn_once(self, kind: str, message: str) -> None:
        if kind not in self._warned:
            self._warned.add(kind)
            warn(message)

    def _give_up(self, message: str) -> None:
        """Ignore the cache for the rest of this run: one warning, then no read and no write."""
        self.broken = True
        self.close()
        self._warn_once("broken", message)

    def _open(self, create: bool):
        if self.broken:
            return None
        if self._db is not None:
            return self._db
        if not create and not os.path.exists(self.path):
            return None
        try:
            if create:
                os.makedirs(self.directory, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=10)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL stays consistent; a power cut may only lose the last writes
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise sqlite3.DatabaseError(f"unknown cache schema {version}")
            db.execute("CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, item TEXT, verdict TEXT, "
                       "payload TEXT, digest TEXT, created REAL)")
            db.execute("CREATE TABLE IF NOT EXISTS runs (key TEXT PRIMARY KEY, files TEXT, output TEXT, "
                       "digest TEXT, created REAL)")
            db.execute("CREATE TABLE IF NOT EXISTS last_statuses (scope TEXT, item TEXT, status TEXT, created REAL, "
                       "PRIMARY KEY (scope, item))")
            db.execute("CREATE TABLE IF NOT EXISTS uncacheable (item TEXT PRIMARY KEY, reason TEXT, created REAL)")
            db.execute("CREATE TABLE IF NOT EXISTS timeouts (key TEXT PRIMARY KEY, item TEXT, detail TEXT, created REAL)")
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            db.execute("SELECT count(*) FROM results").fetchone()
            db.commit()
            self._db = db
        except (sqlite3.Error, OSError) as exc:
            self._give_up(f"{self.path} is unreadable and is ignored ({type(exc).__name__}: {exc}); "
                          "`python -m checker cache clear` removes it")
        return self._db

    def _execute(self, sql, args=(), *, create=False, fetch=False):
        db = self._open(create)
        if db is None:
            return [] if fetch else None
        try:
            cur = db.execute(sql, args)
            rows = cur.fetchall() if fetch else None
            if not fetch:
                db.commit()
            return rows
        except (sqlite3.Error, OSError) as exc:
            self._give_up(f"{self.path}: {type(exc).__name__}: {exc}; the cache is ignored for this run")
            return [] if fetch else None

    # -- item results -------------------------------------------------------------------------
    def get(self, key: str):
        """The verifier message stored under ``key`` and its seconds, or ``None`` (none, damaged, or something
        its run read has changed since)."""
        entry = self.get_entry(key)
        return None if entry is None else (entry["message"], entry["seconds"])

    def get_entry(self, key: str):
        """``{"message", "seconds", "verdict"}`` stored under ``key`` if its payload matches its digest and every
        dependency its run recorded is unchanged (:func:`checker.execution.dependencies.unchanged`), else ``None``."""
        from .dependencies import unchanged
        rows = self._execute("SELECT payload, digest FROM results WHERE key = ?", (key,), fetch=True)
        if not rows:
            self.misses += 1
            return None
        payload, digest = rows[0]
        if not isinstance(payload, str) or _digest(payload) != digest:
            self.ignored += 1
            self.misses += 1
            self._warn_once("digest", f"a result in {self.path} does not match its digest and is ignored")
            return None
        try:
            data = json.loads(payload)
            message, seconds, depends = data["message"], float(data["seconds"]), data["depends"]
            verdict = data["verdict"]
            if not isinstance(message, dict) or not isinstance(depends, dict):
                raise TypeError("not a stored result")
        except (ValueError, KeyError, TypeError):
            self.ignored += 1
            self.misses += 1
            self._warn_once("malformed", f"a result in {self.path} is malformed and is ignored")
            return None
        if not unchanged(depends):  # a file it read, a module it imported, a variable it read changed
            self.misses += 1
            return None
        self._note(depends)
        self.hits += 1
        return {"message": message, "seconds": seconds, "verdict": verdict}

    def reject(self, item_id: str) -> None:
        """A stored result turned out inconsistent (its records do not give its verdict): counted and ignored."""
        self.hits -= 1
        self.misses += 1
        self.ignored += 1
        self._warn_once("inconsistent", f"a result in {self.path} ({item_id}) does not give the verdict stored with "
                                        "it and is ignored")

    def _note(self, depends) -> None:
        from .dependencies import merge
        merge(self.dependencies, depends)

    def put(self, key: str, item_id: str, verdict: str, message: dict, seconds: float) -> str:
        """Store a settled result with the manifest its run sent (``message["depends"]``, kept apart).  Returns why
        it is not cacheable when its manifest says it read something no digest describes (then it is not stored,
        and :meth:`note_uncacheable` lists it), else ``""``."""
        from .dependencies import not_cacheable
        if not isinstance(message, dict):
            return ""
        message = dict(message)
        depends = message.pop("depends", None)
        if isinstance(depends, dict):
            self._note(depends)
        why = not_cacheable(depends) if isinstance(depends, dict) else ""
        if why:
            self.note_uncacheable({item_id: why})
            return why
        failure = message.get("failure")
        if not self.writable or verdict not in CACHEABLE or not isinstance(depends, dict) or \
                (failure and not (failure == "error" and verdict == "error")):
            return ""  # a run that recorded no manifest is not stored: what it read is unknown
        try:
            # key order kept (no sort_keys): a replayed report is byte-identical to a fresh one
            payload = json.dumps({"message": message, "seconds": seconds, "verdict": verdict, "depends": depends},
                                 ensure_ascii=False)
        except (TypeError, ValueError):  # not plain data: run it again next time rather than store a lossy copy
            return
        self._execute("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?)",
                      (key, item_id, verdict, payload, _digest(payload), time.time()), create=True)
        self._execute("DELETE FROM uncacheable WHERE item = ?", (item_id,))
        return ""

    # -- time-outs, for drawings only --------------------------------------------------------------------
    def note_timeouts(self, stopped: dict, finished) -> None:
        """``stopped``: key -> (item, detail) of the verifiers stopped at their time limit in this run (drawn so,
        never reused); the notes of ``finished`` keys (they ran to the end this time) are forgotten."""
        if not self.writable:
            return
        now = time.time()
        for key, (item_id, detail) in sorted(stopped.items()):
            self._execute("INSERT OR REPLACE INTO timeouts VALUES (?, ?, ?, ?)", (key, item_id, str(detail), now),
                          create=True)
        noted = {k for (k,) in self._execute("SELECT key FROM timeouts", fetch=True)}
        for key in sorted(noted & set(finished)):
            self._execute("DELETE FROM timeouts WHERE key = ?", (key,))

    def get_timeout(self, key: str):
        """What the last run under ``key`` said when it stopped the verifier at its limit, or ``None``."""
        rows = self._execute("SELECT detail FROM timeouts WHERE key = ?", (key,), fetch=True)
        return str(rows[0][0]) if rows else None

    # -- items that cannot be cached -------------------------------------------------------------------
    def note_uncacheable(self, reasons: dict) -> None:
        """Remember the items of this run that could not be cached and why (``cache info`` lists them)."""
        if not self.writable or not reasons:
            return
        now = time.time()
        for item_id, why in sorted(reasons.items()):
            self._execute("INSERT OR REPLACE INTO uncacheable VALUES (?, ?, ?)", (item_id, str(why), now), create=True)

    def uncacheable(self) -> list:
        """(item, why) of the items the runs found not cacheable, most recent reason each."""
        rows = self._execute("SELECT item, reason FROM uncacheable ORDER BY item", fetch=True)
        return [(str(i), str(r)) for i, r in rows]

    # -- whole runs -----------------------------------------------------------------------------
    def get_run(self, key: str):
        rows = self._execute("SELECT files, output, digest FROM runs WHERE key = ?", (key,), fetch=True)
        if not rows:
            return None
        files, output, digest = rows[0]
        if not isinstance(files, str) or not isinstance(output, str) or _digest(files + output) != digest:
            warn(f"a run record in {self.path} does not match its digest and is ignored")
            return None
        try:
            return json.loads(files), json.loads(output)
        except ValueError:
            return None

    def put_run(self, key: str, files: dict, output: dict) -> None:
        if not self.writable:
            return
        f, o = json.dumps(files, sort_keys=True), json.dumps(output, sort_keys=True, ensure_ascii=False)
        self._execute("INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?)", (key, f, o, _digest(f + o), time.time()),
                      create=True)

    # -- the last run's statuses (--rerun-failed) ---------------------------------------------------
    def set_last_status(self, statuses: dict, scope: str = "") -> None:
        """Each item's status in this verify, under ``scope`` (:func:`checker.execution.replay.status_scope`: the options
        that decide statuses); a later ``--rerun-failed`` with the same scope reads them."""
        if not self.writable or not statuses:
            return
        now = time.time()
        db = self._open(True)
        if db is None:
            return
        try:
            db.executemany("INSERT OR REPLACE INTO last_statuses VALUES (?, ?, ?, ?)",
                           [(scope, item_id, status, now) for item_id, status in statuses.items()])
            db.commit()
        except (sqlite3.Error, OSError) as exc:
            self._give_up(f"{self.path}: {type(exc).__name__}: {exc}; the cache is ignored for this run")

    def failed_last(self, scope=None) -> list:
        """The items not as expected in the last verify with ``scope`` (``None``: the most recent verify's scope)."""
        if scope is None:
            rows = self._execute("SELECT scope FROM last_statuses ORDER BY created DESC LIMIT 1", fetch=True)
            if not rows:
                return []
            scope = rows[0][0]
        rows = self._execute("SELECT item, status FROM last_statuses WHERE scope = ?", (scope,), fetch=True)
        from ..kernel.evidence import as_expected
        return sorted(i for i, s in rows if not as_expected(s))

    def failures_by_scope(self) -> list:
        """``(scope, ids not as expected)`` of every kept verify that had failures, the most recent first."""
        rows = self._execute("SELECT scope, item, status, created FROM last_statuses", fetch=True) or []
        from ..kernel.evidence import as_expected
        failed: dict = {}
        latest: dict = {}
        for scope, item, status, created in rows:
            latest[scope] = max(latest.get(scope, 0.0), created)
            if not as_expected(status):
                failed.setdefault(scope, []).append(item)
        return [(scope, sorted(failed[scope])) for scope in sorted(failed, key=lambda s: -latest[s])]

    # -- info / clear ---------------------------------------------------------------------------------
    def info(self) -> dict:
        out = {"path": self.path, "exists": os.path.exists(self.path), "results": 0, "runs": 0, "bytes": 0}
        if not out["exists"]:
            return out
        out["bytes"] = sum(os.path.getsize(os.path.join(self.directory, f)) for f in os.listdir(self.directory)
                           if f.startswith(FILENAME))
        verdicts: dict = {}
        damaged = 0
        for payload, digest in self._execute("SELECT payload, digest FROM results", fetch=True):
            try:  # the verdict stored inside the payload its digest covers, not the unchecked column
                if not isinstance(payload, str) or _digest(payload) != digest:
                    raise ValueError("digest")
                verdict = json.loads(payload)["verdict"]
                if verdict not in CACHEABLE:
                    raise ValueError("verdict")
            except (ValueError, KeyError, TypeError):
                damaged += 1
                continue
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
        out["results"] = sum(verdicts.values())
        out["verdicts"] = verdicts
        out["damaged"] = damaged
        out["runs"] = (self._execute("SELECT count(*) FROM runs", fetch=True) or [(0,)])[0][0]
        out["failed_last_run"] = self.failed_last()
        out["uncacheable"] = self.uncacheable()
        return out

    def clear(self) -> int:
        """Remove the cache files; returns how many were removed."""
        self.close()
        removed = 0
        if os.path.isdir(self.directory):
            for f in os.listdir(self.directory):
                if f.startswith(FILENAME):
                    os.remove(os.path.join(self.directory, f))
                    removed += 1
        return removed

    def close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
        self._db = None
