"""One verifier in its own forked process with a time limit, and a pool of them.

:func:`run_in_process` runs a verifier and returns plain data (its check records, a failure, its figures and the
manifest of what it read); :func:`_child` does so in a forked child, its output captured and its process group its
own; :func:`_run_pool` keeps at most ``jobs`` children running, kills one that outlives its limit (``inconclusive``)
and reports one that died (``error``); :func:`run_one` is one verifier so run, as a remote worker runs it.  The
verdict is never computed in the child: :func:`judge` derives it, in the parent, from the records.
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import sys
import time
import traceback
import zlib
from dataclasses import dataclass, field

from ..kernel.checks import Checks
from ..kernel.evidence import as_expected, first_witness
from .forking import call_on_fresh_frame_stack, collect_less_often, frozen_heap, restore_recursion_budget
from .interrupts import (end_with_parent, find_prctl, has_ended, kill_process_group, own_process_group,
                         release_in_child, run_ending_signals_held)


DEFAULT_TIMEOUT = 60.0


@dataclass
class ItemResult:
    """Everything the run learned about one item."""

    id: str
    verdict: str
    checks: list = field(default_factory=list)
    seconds: float = 0.0
    failure_detail: str = ""
    graph_verdict: str = ""
    status: str = ""
    blocked_by: list = field(default_factory=list)
    #: what the item rests on that is established only in a narrower scope than its statement: ``["id (n <= 3)"]``
    narrower_scopes: list = field(default_factory=list)
    hypotheses: list = field(default_factory=list)
    figures: list = field(default_factory=list)
    dropped_path: list = field(default_factory=list)
    #: the verifier did not run: its result was reused from the results cache (:mod:`checker.execution.cache`)
    cached: bool = False
    #: what the verifier printed (``{"bytes": n, "text": head and tail}``), kept out of the command's own output
    output: dict = field(default_factory=dict)
    #: the command that runs this item again with the same seed, profile and items (set by :func:`run`)
    reproduce: str = ""
    #: when its own verifier run is not as expected: the token ``verify ID --replay TOKEN`` re-runs it with
    #: (:mod:`checker.execution.replay`; set by :func:`checker.interfaces.api.verify`)
    replay: str = ""
    #: ``python -m checker verify ID --replay TOKEN`` and what loads the same items
    replay_command: str = ""
    #: why its result is not kept in the results cache (it read the clock, a socket, ...), when a cache was used
    not_cacheable: str = ""

    @property
    def established(self) -> str:
        """The verdict after propagation along the graph (``unsupported`` when something below is not established)."""
        return self.graph_verdict

    @property
    def as_expected(self) -> bool:
        """Whether the item came out as expected (:func:`checker.kernel.evidence.as_expected` of its status)."""
        return as_expected(self.status)

    @property
    def witness(self):
        """The witness of the first refuted check (instance, residual, seed, ...), or None."""
        return first_witness(self.checks)


def item_seed(run_seed: int, item_id: str) -> int:
    """The seed an item's verifier gets: a stable function of the run seed and the id."""
    return zlib.crc32(f"{run_seed}:{item_id}".encode()) % (2**31)


def reproduce_command(item_id: str, seed: int, profile: str, load_flags: str = "") -> str:
    flags = f" {load_flags}" if load_flags else ""
    return f"python -m checker verify {item_id} --seed {seed} --profile {profile}{flags}"


#: the folder of the whole checker package (every subpackage): its code is never the user's
KERNEL_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
OUTPUT_LIMIT = 4000  # characters of a verifier's own output kept in its evidence (head and tail)


def _user_frame(tb) -> str:
    """``file:line`` of the innermost frame in the user's (or the corpus's) own code, else the innermost one."""
    frames = traceback.extract_tb(tb)
    if not frames:
        return ""
    libraries = tuple(p for p in {sys.prefix, sys.base_prefix, sys.exec_prefix} if p)
    for frame in reversed(frames):
        f = os.path.abspath(frame.filename)
        if frame.filename.startswith("<") or f.startswith(KERNEL_DIR) or f.startswith(libraries):
            continue
        return f"{frame.filename}:{frame.lineno}"
    return f"{frames[-1].filename}:{frames[-1].lineno}"


def run_in_process(it, seed: int, profile: str, load_flags: str = "", full_traceback: bool = False) -> dict:
    """Run one verifier here and return plain data: the check records, a failure (``error``) and figures.

    The verdict is *not* computed here: :func:`judge` derives it from the records (in the parent).  Sympy's
    first derivatives take :mod:`checker.kernel.engine.differentiation`'s shortcut meanwhile (the same trees, computed faster),
    and sympy's own random numbers are seeded from the item's seed.

    ``depends`` is the run's manifest of dynamic dependencies (:mod:`checker.execution.dependencies`): the modules it
    imported, the files it read (hashed as it opened them), what it asked about files (stats, listings), the
    environment variables it read, the state of a global random generator it drew from
    (:mod:`checker.execution.library_state`), and what it read that no digest describes (``untracked:``, never
    matching); the results cache stores it with the result and reuses the result only while all of it is
    unchanged.
    """
    import warnings
    from .dependencies import global_random_states, recording
    from .library_state import pinned_filters
    random_before = global_random_states()
    with recording() as recorded, warnings.catch_warnings():
        if pinned_filters() is not None:  # the filters the keys were computed with (library_state._warnings)
            warnings.filters[:] = pinned_filters()
        checks = Checks(item=it, seed=item_seed(seed, it.id), profile=profile,
                        reproduce=reproduce_command(it.id, seed, profile, load_flags))
        failure, detail = "", ""
        if it.verifier is not None or it.exports:
            from ..kernel.engine.differentiation import sympy_first_derivatives_shortcut  # sympy: only where a verifier runs
            from ..kernel.engine.randomized import seed_sympy_random_numbers
            seed_sympy_random_numbers(checks.seed)
            try:
                with sympy_first_derivatives_shortcut():
                    if it.verifier is not None:
                        it.verifier(checks)
                    checks.check_exports()
            except Exception as exc:  # noqa: BLE001 - a crashing verifier is an error verdict
                failure = "error"
                detail = f"verifier raised {type(exc).__name__}: {exc}"
                where = _user_frame(exc.__traceback__)
                if where:
                    detail += f" (at {where})"
                if full_traceback:
                    detail += "\n" + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        records = checks.records()
    depends = recorded.manifest
    random_after = global_random_states()
    for name, digest in random_before.items():  # it drew from a global generator: the state it started with counts
        if random_after.get(name) != digest:
            depends["state:" + name] = digest
    return {"checks": records, "failure": failure, "detail": detail, "figures": list(checks.figures),
            "depends": depends}


#: whether :func:`judge` runs the independent re-checker on records not yet re-checked (``verify --no-recheck``)
RECHECK = {"enabled": True, "seed": 0}


def add_rechecks(records: list) -> None:
    """Set the ``recheck`` field of each record that has a checkable form (in place: a cached message keeps it).

    The re-checker (:mod:`checker.recheck`) shares no code with the kernel's engine; a record it disagrees with
    decides nothing (:func:`checker.kernel.evidence.verdict_and_reason`).  A record that already has a ``recheck``
    (a cached message stores its records with theirs) keeps it: a re-check result can only take a verdict away
    (``agrees`` never makes a check stronger), so one written by the verifier process gains it nothing."""
    from ..recheck import recheck_record
    for record in records:
        if isinstance(record, dict) and isinstance(record.get("checkable"), dict):
            if not isinstance(record.get("recheck"), dict):
                record["recheck"] = recheck_record(record, RECHECK["seed"])


def judge(it, message) -> dict:
    """Verdict, reason and hypothesis table of ``it`` from the plain records a verifier run sent."""
    from ..kernel.analysis import analyse
    from ..kernel.evidence import validated_record, verdict_and_reason
    if not isinstance(message, dict) or not isinstance(message.get("checks", []), list):
        return {"verdict": "error", "checks": [], "detail": "malformed message from the verifier process",
                "hypotheses": [], "figures": []}
    if RECHECK["enabled"]:
        add_rechecks(message["checks"] if "checks" in message else [])
    records = [validated_record(c) for c in message.get("checks", [])]
    failure = message.get("failure", "")
    failure = failure if failure in ("", "error", "inconclusive") else "error"
    verdict, reason = verdict_and_reason(it.kind, it.verifier is not None or bool(it.exports), records, failure,
                                         it.expected)
    detail = "; ".join(d for d in (str(message.get("detail", "") or ""), reason) if d)
    hypotheses = [h.to_dict() for h in analyse(it, records)]
    figures = message.get("figures", [])
    output = message.get("output", {})
    return {"verdict": verdict, "checks": records, "detail": detail, "hypotheses": hypotheses,
            "figures": figures if isinstance(figures, list) else [], "output": output if isinstance(output, dict) else {}}


def _result(it, message, seconds) -> "ItemResult":
    judged = judge(it, message)
    return ItemResult(it.id, judged["verdict"], judged["checks"], seconds, judged["detail"],
                      hypotheses=judged["hypotheses"], figures=judged["figures"], output=judged["output"])


def _capture_output():
    """Send this process's stdout and stderr (file descriptors 1 and 2) to a temporary file; returns it."""
    import tempfile
    sys.stdout.flush()
    sys.stderr.flush()
    sink = tempfile.TemporaryFile()
    os.dup2(sink.fileno(), 1)
    os.dup2(sink.fileno(), 2)
    return sink


def _captured(sink) -> dict:
    """What the verifier printed: its size and, when long, its head and tail."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        size = sink.seek(0, os.SEEK_END)
        if not size:
            return {}
        sink.seek(0)
        head = sink.read(OUTPUT_LIMIT // 2).decode("utf-8", "replace")
        if size <= OUTPUT_LIMIT:
            return {"bytes": size, "text": head + sink.read().decode("utf-8", "replace")}
        sink.seek(size - OUTPUT_LIMIT // 2)
        tail = sink.read().decode("utf-8", "replace")
        return {"bytes": size, "text": f"{head}\n[... {size - OUTPUT_LIMIT} bytes not kept ...]\n{tail}"}
    except (OSError, ValueError):
        return {}


def _child(it, seed, profile, load_flags, conn, full_traceback=False, signal_mask=None, parent_pid=None,
           random_state=None):
    """One verifier in a forked child (as :func:`worker` runs its items, for a single item given here)."""
    _worker({it.id: it}, seed, profile, load_flags, conn, full_traceback, signal_mask, parent_pid,
            first=(it.id, random_state))


def _worker(items, seed, profile, load_flags, conn, full_traceback=False, signal_mask=None, parent_pid=None,
            first=None, guard=None):
    """A forked verifier process: runs the items the parent sends (``(id, random state)``; ``None`` ends it), one
    at a time, answering ``{"message", "retire", "verified", "clean"}`` for each; ``retire`` (a reason) when the
    item left the process changed (:class:`checker.execution.forking.StateGuard`), read something (its manifest is not
    empty), failed, or the worker has run :data:`checker.execution.forking.ITEMS_PER_WORKER` items: it then exits, and
    the parent sends the next item to a fresh fork.  The cheap part of the guard runs after every item; the
    bindings of modules and classes are compared when the request asks (its third field) and before retiring:
    ``verified`` says they were, ``clean`` that they were unchanged (else the items since the last comparison may
    have started from a changed process: the parent runs them again).  ``first`` is a request to run before reading any (the single-item form);
    ``guard`` the parent's snapshot of its state (:class:`checker.execution.forking.StateGuard`, inherited by the fork),
    taken here when there is none."""
    if parent_pid is not None:  # whatever ends the run's process ends this verifier too
        end_with_parent(parent_pid)
        own_process_group()  # what the verifier starts is stopped with it
    if signal_mask is not None:  # forked with the run-ending signals held: a SIGTERM ends us from here on
        release_in_child(signal_mask)
    from .forking import ITEMS_PER_WORKER, StateGuard, clear_sympy_cache
    sink = None
    served = 0
    try:
        sink = _capture_output()
        restore_recursion_budget()  # the same run wherever the fork happened (checker.execution.forking)
        collect_less_often()
        guard = guard if guard is not None else StateGuard()
        guard.take_process_facts()  # this process's own: signals, descriptors, limits as set up here
        while True:
            request = first if first is not None else conn.recv()
            first = None
            if request is None:
                break
            item_id, random_state, check_bindings = (tuple(request) + (True,))[:3]
            sink.seek(0)
            sink.truncate()
            if random_state is not None:  # `random` reseeds itself in a forked child: the parent's state back
                import random
                random.setstate(random_state)
            guard.restore()
            clear_sympy_cache()
            served += 1
            try:
                message = call_on_fresh_frame_stack(run_in_process, items[item_id], seed, profile, load_flags,
                                                    full_traceback)
                output = _captured(sink)
                if output:
                    message["output"] = output
            except BaseException as exc:  # noqa: BLE001 - report anything
                message = {"failure": "error", "checks": [], "detail": f"{type(exc).__name__}: {exc}"}
            retire = ("failed" if message.get("failure") else "read something" if message.get("depends") else
                      "served its share" if served >= ITEMS_PER_WORKER else "")
            if not retire:  # what this item changed (cheap: after every item)
                changed = guard.changed(bindings=False)
                retire = f"changed: {changed}" if changed else ""
            verified = bool(check_bindings or retire)
            clean = True
            if verified:  # what this item or one since the last comparison changed
                changed = guard.bindings_changed()
                if changed:
                    clean, retire = False, f"changed: {changed}"
            try:
                conn.send({"message": message, "retire": retire, "verified": verified, "clean": clean})
            except BaseException as exc:  # noqa: BLE001 - a message that cannot be pickled
                conn.send({"message": {"failure": "error", "checks": [], "detail": f"{type(exc).__name__}: {exc}"},
                           "retire": "unpicklable message", "verified": False, "clean": False})
                break
            if retire:
                break
    except BaseException as exc:  # noqa: BLE001 - report anything
        try:
            conn.send({"message": {"failure": "error", "checks": [], "detail": f"{type(exc).__name__}: {exc}"},
                       "retire": "failed"})
        except Exception:  # noqa: BLE001
            pass
    finally:
        conn.close()


#: modules sympy and hypothesis import on first use inside many verifiers (differentiation, matrices, lambdify,
#: flat-mapped strategies), and the one multiprocessing imports on its first fork (else the first worker, forked
#: before the parent had it, sees a module loaded after its snapshot and retires): imported once before forking
_FIRST_USE_MODULES = ("sympy.tensor.array.array_derivatives", "sympy.tensor.array.expressions",
                      "sympy.matrices.expressions.applyfunc", "sympy.codegen.ast",
                      "hypothesis.strategies._internal.flatmapped", "multiprocessing.popen_fork")


def preload() -> None:
    """Import here, once, the engines every verifier imports on first use (identity, randomized checks, checked
    proofs, the constant-fact scan, the dependency recorder, hypothesis, and the modules sympy imports lazily), pin
    the loaded library modules for the recorder (:func:`checker.execution.dependencies.pin_loaded_modules`), find libc's
    ``prctl`` (ctypes, for :func:`checker.execution.interrupts.end_with_parent`) and do hypothesis' per-thread set-up, so
    forked verifier processes inherit them instead of each doing it again: a few tenths of a second per item, and
    seconds per item inside pytest, whose import hook rewrites hypothesis.  None of it changes what a verifier
    computes."""
    import importlib
    from ..kernel import constant_facts, proof  # noqa: F401
    from . import dependencies
    from ..kernel.engine import differentiation, identity, randomized  # noqa: F401
    for name in _FIRST_USE_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:  # pragma: no cover - another sympy/hypothesis layout: imported on first use instead
            pass
    randomized.prepare_engine()
    _generate_monomial_arithmetic()
    dependencies.pin_loaded_modules()
    find_prctl()


#: polynomial rings with up to this many generators get their monomial arithmetic generated before forking
_MOST_GENERATORS_PREPARED = 40


def _generate_monomial_arithmetic() -> None:
    """Have sympy generate the monomial arithmetic of polynomial rings in n ≤ 40 generators now, once.

    Sympy writes and ``exec``s seven functions (product, power, quotient, lcm, gcd, ... of exponent tuples) the first
    time a ring with n generators is made, and remembers them by n (``MonomialOps``, ``cacheit``): 0.4 ms each, in
    every forked verifier that makes a ring (3,700 of them over the corpus, 1.4 s of CPU).  Generated here, they are
    inherited.  The functions depend on n alone, so nothing a verifier computes changes."""
    try:
        from sympy.polys.monomials import MonomialOps
    except ImportError:  # pragma: no cover - another sympy layout: generated on first use instead
        return
    for n in range(1, _MOST_GENERATORS_PREPARED + 1):
        operations = MonomialOps(n)
        for generate in (operations.mul, operations.pow, operations.mulpow, operations.ldiv, operations.div,
                         operations.lcm, operations.gcd):
            generate()


def _stop_all(running: dict, exiting=()) -> None:
    """Kill and reap every verifier process still running, and close its pipe; give those that sent their message
    (``exiting``) a moment to end by themselves, then kill them too; each with its process group (what it started),
    before it is reaped."""
    for proc, conn, _ in running.values():
        kill_process_group(proc)
        proc.join(5)
        conn.close()
    deadline = time.monotonic() + 5
    for proc in exiting:
        while not has_ended(proc) and time.monotonic() < deadline:
            time.sleep(0.01)
        kill_process_group(proc)  # ended or not: what it left running in its group goes too
        proc.join(5)


def run_one(it, *, seed: int, profile: str, timeout: float, load_flags: str = "", full_traceback: bool = False) -> dict:
    """One verifier in a forked child with the time limit (what a remote worker runs): ``{"message", "seconds"}``
    from the verifier, or ``{"failure", "detail", "seconds"}`` when it died or outlived its limit."""
    results: dict = {}
    answer: dict = {}

    def settle(item_id, message, seconds):
        answer.update(message=message, seconds=seconds)
        results[item_id] = None  # judged by whoever asked (the client), not here

    corpus = _OneItem(it)
    preload()
    running: dict = {}
    exiting: list = []
    try:
        _run_pool(multiprocessing.get_context("fork"), corpus, [it.id], running, 1, seed, profile, load_flags,
                  full_traceback, timeout, results, settle, None, exiting)
    finally:
        _stop_all(running, exiting)
    if answer:
        return answer
    res = results[it.id]
    return {"failure": res.verdict, "detail": res.failure_detail, "seconds": res.seconds}


class _OneItem:
    """The part of a corpus :func:`_run_pool` reads, for one item."""

    def __init__(self, it):
        self.items = {it.id: it}


def answer_result(it, answer: dict) -> "ItemResult":
    """An :class:`ItemResult` from what :func:`run_one` (or a remote worker) answered."""
    if "message" in answer:
        return _result(it, answer["message"], float(answer.get("seconds", 0.0)))
    failure = answer.get("failure") if answer.get("failure") in ("error", "inconclusive") else "error"
    return ItemResult(it.id, failure, [], float(answer.get("seconds", 0.0)), str(answer.get("detail", "")))


def _run_pool(ctx, corpus, pending, running, jobs, seed, profile, load_flags, full_traceback, timeout,
              results, settle, progress, exiting):
    """Run the verifiers of ``pending`` in at most ``jobs`` warm worker processes (:func:`_worker`), enforcing each
    item's time limit from the moment it was sent.

    A worker whose item answered gets the next pending item unless it retires (:mod:`checker.execution.forking`);
    then it exits by itself, kept in ``exiting`` and reaped here (or killed by :func:`_stop_all`), and a fresh fork
    takes the next item.  The answers of a worker's items are held back until its bindings were compared and found
    unchanged (after at most :data:`checker.execution.forking.ITEMS_PER_BINDINGS_CHECK` items); when they had changed,
    only the first held-back item (it started from a verified process) is kept and the others run again, each
    followed by a comparison.  A worker that outlives an item's limit is killed with its process group (the item
    is ``inconclusive``); one that dies costs its item an ``error`` when it was the worker's first, and otherwise
    the item is run again alone, first in a fresh fork, so its record is the one an unbatched run gives; items
    held back from a worker killed or dead run again.  Items not yet sent are never lost.
    """
    from .forking import ITEMS_PER_BINDINGS_CHECK, StateGuard
    served: dict = {}  # worker pid -> items sent to it
    alone: set = set()  # items to run again, each as the first item of a fresh worker
    careful: set = set()  # items to run again, each followed by a comparison of the bindings
    held: dict = {}  # worker pid -> [(id, message, seconds)] answered since its last comparison
    sent_state: dict = {}  # worker pid -> the random state last sent to it (a worker that drew from it retires)
    guard = StateGuard() if pending else None  # what every worker compares itself with (inherited at the fork)

    def request(pid, item_id, last):
        """What a worker is sent: the item, the parent's random state, and whether to compare the bindings after it
        (``last``: no item is pending after it)."""
        check = last or item_id in careful or len(held.get(pid, ())) + 1 >= ITEMS_PER_BINDINGS_CHECK
        state = _global_random_state()
        if pid is not None and state is not None and sent_state.get(pid) == state:
            return item_id, None, check  # the worker still has it: an item that drew from it ended the worker
        sent_state[pid] = state
        return item_id, state, check

    def again(pid):
        """The items held back from worker ``pid`` go back to the front of ``pending``, each to be compared after."""
        back = [i for i, _, _ in held.pop(pid, [])]
        careful.update(back)
        pending[:0] = back

    while pending or running:
        _reap(exiting)
        while pending and len(running) < jobs:
            _reap(exiting)  # before `start` reaps them unasked (multiprocessing does): their groups are still theirs
            item_id = pending.pop(0)
            parent, child = ctx.Pipe(duplex=True)
            with run_ending_signals_held() as mask:  # a Ctrl-C or SIGTERM waits until the child is in `running`
                proc = ctx.Process(target=_worker, args=(corpus.items, seed, profile, load_flags, child,
                                                         full_traceback, mask, os.getpid(), request(None, item_id, not pending),
                                                         guard),
                                   daemon=True)
                with frozen_heap():  # the child's collections skip the parent's objects (checker.execution.forking)
                    proc.start()
                own_process_group(proc.pid)  # here too: whichever of the two runs first, the group exists
                running[item_id] = (proc, parent, time.monotonic())
                served[proc.pid] = 1
                sent_state[proc.pid] = sent_state.pop(None, None)
            child.close()
        finished = multiprocessing.connection.wait([p.sentinel for p, _, _ in running.values()] +
                                                   [c for _, c, _ in running.values()], timeout=0.05)
        now = time.monotonic()
        for item_id, (proc, conn, start) in list(running.items()):
            elapsed = now - start
            answer = None
            if conn in finished or conn.poll():
                try:
                    answer = conn.recv()
                except (EOFError, OSError):
                    answer = None
            if isinstance(answer, dict) and "message" in answer:
                del running[item_id]
                held.setdefault(proc.pid, []).append((item_id, answer["message"], elapsed))
                if answer.get("verified"):
                    answered = held.pop(proc.pid)
                    kept = answered if answer.get("clean") else answered[:1]  # changed by one of them: only the
                    held[proc.pid] = answered[len(kept):]  # first surely started from a verified process
                    again(proc.pid)
                    for kept_id, message, seconds in kept:  # judged here, at the depth it always was (a re-check
                        careful.discard(kept_id)  # that runs out of stack says so in words that depend on it)
                        settle(kept_id, message, seconds)
                        _report(progress, results[kept_id])
                retire = str(answer.get("retire") or "")
                if retire.startswith("changed") and served.get(proc.pid) == 1 and guard.changed(process=False):
                    guard = StateGuard()  # this process changed since the snapshot (not the item): a fresh one
                following = next((i for i in pending if i not in alone), None)
                if retire or following is None or not _send(conn, request(proc.pid, following, len(pending) == 1)):
                    _send(conn, None)
                    conn.close()
                    exiting.append(proc)
                    again(proc.pid)  # none when it compared before retiring; else they run again
                else:
                    pending.remove(following)
                    running[following] = (proc, conn, time.monotonic())
                    served[proc.pid] = served.get(proc.pid, 0) + 1
                continue
            unverified = bool(held.get(proc.pid))
            if answer is not None:  # not a worker's answer: the worker is not trusted with more
                kill_process_group(proc)
                proc.join(5)
                results[item_id] = ItemResult(item_id, "error", [], elapsed, "malformed message from the verifier process")
            elif has_ended(proc) or elapsed > timeout:
                died = has_ended(proc)
                kill_process_group(proc)  # what it started dies with it (before it is reaped)
                proc.join(5)
                again(proc.pid)
                if (served.get(proc.pid, 1) > 1 if died else unverified) and item_id not in alone:
                    alone.add(item_id)  # after others (not all verified): run it again, alone
                    pending.insert(0, item_id)
                    conn.close()
                    del running[item_id]
                    continue
                results[item_id] = (ItemResult(item_id, "error", [], elapsed,
                                               f"verifier process died (exit code {proc.exitcode})") if died else
                                    ItemResult(item_id, "inconclusive", [], elapsed,
                                               f"verifier exceeded its time limit of {timeout:g} s and was stopped"))
            else:
                continue
            again(proc.pid)
            conn.close()
            del running[item_id]
            _report(progress, results[item_id])
    return results


def _send(conn, request) -> bool:
    """Send a request to a worker; False when it cannot be sent (the worker is gone)."""
    try:
        conn.send(request)
        return True
    except (OSError, ValueError):
        return False


def _global_random_state():
    """The state of ``random``'s global generator here, which a verifier starts from (a module that seeds it when it
    is imported makes verifiers that draw from it reproducible; ``random`` would reseed itself in the child)."""
    random = sys.modules.get("random")
    return random.getstate() if random is not None else None


def _reap(exiting: list) -> None:
    """Forget (reap) the verifier processes of ``exiting`` that have ended, first ending what they left running in
    their process groups."""
    still = []
    for proc in exiting:
        if has_ended(proc):
            kill_process_group(proc)  # before reaping it: the group's number is still its own
            proc.join(5)
        else:
            still.append(proc)
    exiting[:] = still


def _report(progress, result):
    if progress is not None:
        progress(result)


