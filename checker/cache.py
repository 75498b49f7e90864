"""The results cache: an SQLite file in ``.checker/`` of the working directory (``--cache-dir`` to move it).

Why there: like pytest's ``.pytest_cache`` and Lean's ``.lake``, results belong to the checkout they
were computed from, a clone starts clean, and ``rm -rf .checker`` (or ``python -m checker cache
clear``) is all it takes to forget them.  ``CHECKER_CACHE_DIR`` sets the folder for a whole session.

Two tables:

* ``results``: one verifier run per item key (:mod:`checker.fingerprint`): the plain check records the
  verifier sent, from which the parent recomputes the verdict exactly as for a fresh run.  Only results
  whose verdict is settled are stored: never ``inconclusive``, ``error`` or a timeout.
* ``runs``: for a whole command (its options) the digest of every source file it read and its output;
  when no file changed, the command is answered from here without importing sympy or the corpus.

Every row carries a SHA-256 of its payload: a corrupted or truncated file, or a row that does not match
its digest, is reported in one line and ignored, never trusted.
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
CACHEABLE = ("proved", "confirmed", "defined", "stated", "refuted")


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

    # -- opening ------------------------------------------------------------------------------
    def _open(self, create: bool):
        if self._db is not None or self.broken:
            return self._db
        if not create and not os.path.exists(self.path):
            return None
        try:
            if create:
                os.makedirs(self.directory, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=10)
            db.execute("PRAGMA journal_mode=WAL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise sqlite3.DatabaseError(f"unknown cache schema {version}")
            db.execute("CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, item TEXT, verdict TEXT, "
                       "payload TEXT, digest TEXT, created REAL)")
            db.execute("CREATE TABLE IF NOT EXISTS runs (key TEXT PRIMARY KEY, files TEXT, output TEXT, "
                       "digest TEXT, created REAL)")
            db.execute("CREATE TABLE IF NOT EXISTS last_status (item TEXT PRIMARY KEY, status TEXT)")
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            db.execute("SELECT count(*) FROM results").fetchone()
            db.commit()
            self._db = db
        except (sqlite3.Error, OSError) as exc:
            self.broken = True
            warn(f"{self.path} is unreadable and is ignored ({type(exc).__name__}: {exc}); "
                 "`python -m checker cache clear` removes it")
            self._db = None
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
            self.broken = True
            warn(f"{self.path}: {type(exc).__name__}: {exc}; the cache is ignored for this run")
            return [] if fetch else None

    # -- item results -------------------------------------------------------------------------
    def get(self, key: str):
        """The verifier message stored under ``key`` and its seconds, or ``None``."""
        rows = self._execute("SELECT payload, digest FROM results WHERE key = ?", (key,), fetch=True)
        if not rows:
            self.misses += 1
            return None
        payload, digest = rows[0]
        if not isinstance(payload, str) or _digest(payload) != digest:
            self.ignored += 1
            self.misses += 1
            warn(f"a result in {self.path} does not match its digest and is ignored")
            return None
        try:
            data = json.loads(payload)
            message, seconds = data["message"], float(data["seconds"])
        except (ValueError, KeyError, TypeError):
            self.ignored += 1
            self.misses += 1
            warn(f"a result in {self.path} is malformed and is ignored")
            return None
        self.hits += 1
        return message, seconds

    def put(self, key: str, item_id: str, verdict: str, message: dict, seconds: float) -> None:
        if not self.writable or verdict not in CACHEABLE or message.get("failure"):
            return
        try:
            # key order kept (no sort_keys): a replayed report is byte-identical to a fresh one
            payload = json.dumps({"message": message, "seconds": seconds}, ensure_ascii=False)
        except (TypeError, ValueError):  # not plain data: run it again next time rather than store a lossy copy
            return
        self._execute("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?)",
                      (key, item_id, verdict, payload, _digest(payload), time.time()), create=True)

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
    def set_last_status(self, statuses: dict) -> None:
        if not self.writable:
            return
        self._execute("CREATE TABLE IF NOT EXISTS last_status (item TEXT PRIMARY KEY, status TEXT)", create=True)
        for item_id, status in statuses.items():
            self._execute("INSERT OR REPLACE INTO last_status VALUES (?, ?)", (item_id, status), create=True)

    def failed_last(self) -> list:
        rows = self._execute("SELECT item, status FROM last_status", fetch=True)
        from .evidence import as_expected
        return sorted(i for i, s in rows if not as_expected(s))

    # -- info / clear ---------------------------------------------------------------------------------
    def info(self) -> dict:
        out = {"path": self.path, "exists": os.path.exists(self.path), "results": 0, "runs": 0, "bytes": 0}
        if not out["exists"]:
            return out
        out["bytes"] = sum(os.path.getsize(os.path.join(self.directory, f)) for f in os.listdir(self.directory)
                           if f.startswith(FILENAME))
        rows = self._execute("SELECT verdict, count(*) FROM results GROUP BY verdict", fetch=True)
        out["results"] = sum(n for _, n in rows)
        out["verdicts"] = {v: n for v, n in rows}
        out["runs"] = (self._execute("SELECT count(*) FROM runs", fetch=True) or [(0,)])[0][0]
        out["failed_last_run"] = self.failed_last()
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
