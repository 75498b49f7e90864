"""A forked verifier that runs the same wherever it was forked from (the CLI, the pytest plugin, a notebook).

A child made by ``fork()`` inherits its parent's Python call stack, heap and collector state.  Three things
then depend on the caller, not on the verifier:

* **CPython's frame stack.**  CPython keeps the frames of Python calls in 16 KiB chunks and unmaps a chunk as
  soon as the call that opened it returns.  Forked at some depth, a verifier whose calls go up and down across
  a chunk boundary maps and unmaps a chunk on every crossing (an ``mmap``/``munmap`` pair and its page faults):
  under pytest, whose hooks put some 60 frames below the fork, a corpus run made ~37,000 such pairs in one
  verifier, and its verifiers used 20-40% more CPU than the CLI's (issue 15).  :func:`call_on_fresh_frame_stack`
  runs the verifier at the start of a chunk with about 1 MiB of room, whatever lay below it.
* **The recursion budget.**  The inherited frames count toward ``sys.getrecursionlimit()``;
  :func:`restore_recursion_budget` gives the verifier the whole limit above them.
* **The collector.**  Every full collection in the child walks (and so copies, page by page) every object the
  parent had; :func:`frozen_heap` moves them to the collector's permanent generation while forking, so the
  child's collections walk only its own objects.  The parent gets them back right after the fork.

None of this changes what a verifier computes: only how much memory traffic its run costs.

**Warm workers.** A warm verifier process: one fork runs several verifiers in turn, as long as each leaves the process as it found it.

A fresh fork per verifier costs ~10 ms of CPU on this kind of machine even for a trivial verifier: its first steps
write to ~1,600 pages it shares copy-on-write with the parent (reference counts, sympy's caches, allocator pools),
each a page fault and a copy, plus the fork and the exit of a large process.  A second verifier in the same
process touches few new pages.  So a forked worker takes items one at a time from the parent (:func:`worker`), and
goes on to the next one only when the one before left no trace that could reach another item's record
(:class:`StateGuard`); otherwise it answers, says it is retiring, and exits, and the next item gets a fresh fork.

What every item starts from is the same whether it is a worker's first item or its hundredth:

* the module-level containers (dicts, lists, sets) of the kernel and of the user's modules get back the contents
  they had at the fork where their size changed (a memo filled by the item before);
* sympy's cache is emptied before each item (a verifier that patched sympy, filled the cache and restored the
  patch cannot leave poisoned entries), the first item included, so every verifier starts with an empty cache;
* the global ``random`` generator is set to the parent's state, sent with the item (as a fresh fork inherits it);
* everything :class:`StateGuard` watches is as it was when the worker was forked (else the worker retires): the
  values bound in every loaded module and in the classes of the kernel, the libraries and the user's modules (a
  monkeypatch), the sizes of the kernel's and the user's module-level containers and ``lru_cache`` s (a memo
  filled by one item), sympy's ``Dummy`` and lambdify counters (names in records), the loaded modules, the
  working directory, the environment, ``sys.path``, trace and profile hooks, the recursion limit, the collector's
  thresholds, the standard streams, warning filters, signal handlers and timers, threads, child processes, open
  file descriptors, mpmath's precision, sympy's global parameters, hypothesis' settings;
* an item whose run recorded any dynamic dependency (:mod:`checker.execution.dependencies`: a file, a listing, an
  environment variable, a module imported for the first time, a draw from a global generator) ends the worker's
  turn too, so no later item reuses what it read without the read in its own manifest.

A worker that dies or hangs costs only the item it was running: the parent kills it (its process group) and the
items not yet sent go to other workers; an item whose worker died after running others is run again in a fresh
fork, alone, so what it gets is what an unbatched run gives.  What a worker cannot see: an object mutated in place
that is neither a module's binding, a class attribute nor a container's size (say one entry of a module-level
dict replaced by another), and a process the verifier started that left the worker's children (a daemon, which is
still in the worker's process group and is killed with it).
"""
from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import threading

#: frame slots (pointer-sized words) of the trampoline: CPython gives a frame that does not fit in the current
#: chunk a new chunk of the next power of two >= 16 KiB above (slots + 1000 words); 131,000 slots of 8 bytes need
#: just over 1 MiB, so the chunk is 2 MiB and the calls made from the trampoline have its other ~1 MiB.
TRAMPOLINE_SLOTS = 131_000


def _trampoline(fn, args, kwargs):
    return fn(*args, **kwargs)


def _with_big_frame(function):
    """``function`` with a value stack of :data:`TRAMPOLINE_SLOTS` slots (unused, so never touched), or as is
    where the interpreter does not allow it."""
    try:
        function.__code__ = function.__code__.replace(co_stacksize=TRAMPOLINE_SLOTS)
    except (AttributeError, TypeError, ValueError):  # not CPython: no frame-stack chunks to worry about
        pass
    return function


_trampoline = _with_big_frame(_trampoline)


def call_on_fresh_frame_stack(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``, called from a frame that opens a new frame-stack chunk with ~1 MiB of room, so the
    call's own frames do not cross a chunk boundary that the caller's depth happened to put near them."""
    return _trampoline(fn, args, kwargs)


def stack_depth() -> int:
    """The number of Python frames below (and including) the caller's."""
    depth, frame = 0, sys._getframe(1)
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    return depth


def restore_recursion_budget() -> int:
    """Raise the recursion limit by the depth of the frames inherited at the fork, so that what runs next has the
    whole limit above it; returns the new limit."""
    limit = sys.getrecursionlimit() + stack_depth()
    sys.setrecursionlimit(limit)
    return limit


@contextlib.contextmanager
def frozen_heap():
    """While forking: the parent's objects in the collector's permanent generation (the child keeps them there,
    its collections skip them); the parent's collector gets them back on leaving.  Both are O(1) list moves.
    A process that froze objects itself (``gc.freeze()``) is left as it is: unfreezing would undo its choice."""
    if not hasattr(gc, "freeze") or gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


#: a verifier's young-generation threshold: allocations (net of frees) between two collections of the youngest
#: generation.  CPython's 700 suits long-running programs; a verifier lives seconds and allocates millions of
#: short sympy objects, so with 700 it made ~3,400 young and ~260 middle collections per corpus run, each middle
#: one walking every object that survived a young one.
VERIFIER_YOUNG_THRESHOLD = 10_000


def collect_less_often() -> None:
    """In a forked verifier: collect the youngest generation every :data:`VERIFIER_YOUNG_THRESHOLD` allocations,
    so the older generations (collected every 10 collections of the one below) are walked far less often.
    Cycles are still collected, only later; no value a verifier computes depends on when."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(VERIFIER_YOUNG_THRESHOLD, middle, old)


# ---- warm workers: several verifiers per fork ----
#: a worker runs at most this many items, then a fresh fork takes over (bounds what slow leaks can accumulate)
ITEMS_PER_WORKER = 200

#: the bindings of modules and classes (the costly part of the guard, ~2 ms) are compared after at most this many
#: items of a worker; the answers of the items in between are held back until a comparison found them clean
ITEMS_PER_BINDINGS_CHECK = 16

#: the packages whose modules' bindings and classes' attributes are watched for patches (besides the user's own
#: modules): what computes a record -- the kernel, the libraries it computes with, the built-ins and the standard
#: modules of arithmetic
WATCHED_PACKAGES = ("checker", "theorems", "sympy", "mpmath", "hypothesis", "numpy", "builtins", "functools", "math",
                    "cmath", "numbers", "fractions", "decimal", "random", "itertools", "operator", "copy")

#: bindings that are bookkeeping, not state a verifier's result depends on: hypothesis' running total of the
#: collector's time (a gc callback updates it whenever a collection runs; hypothesis uses differences of it)
#: sympy's Dummy and lambdify counters are compared after every item apart (:meth:`StateGuard.changed`)
BOOKKEEPING = {"hypothesis.internal.conjecture.junkdrawer": frozenset({"_gc_start", "_gc_cumulative_time"}),
               "sympy.core.symbol.Dummy": frozenset({"_count"}),
               "sympy.utilities.lambdify": frozenset({"_lambdify_generated_counter"})}

_SIGNALS = tuple(s for s in (getattr(signal, n, None) for n in ("SIGINT", "SIGTERM", "SIGALRM", "SIGCHLD", "SIGHUP",
                                                                 "SIGUSR1", "SIGUSR2", "SIGPIPE", "SIGVTALRM",
                                                                 "SIGPROF")) if s is not None)
_TIMERS = tuple(getattr(signal, n) for n in ("ITIMER_REAL", "ITIMER_VIRTUAL", "ITIMER_PROF") if hasattr(signal, n))


def _watched(name: str) -> bool:
    return name.partition(".")[0] in WATCHED_PACKAGES


def _is_user_module(name: str, module) -> bool:
    """Not the standard library's nor an installed library's: the corpus's or the user's own code (and the checker)."""
    if name.partition(".")[0] in ("checker", "theorems"):
        return True
    path = getattr(module, "__file__", None) or ""
    return bool(path) and "site-packages" not in path and "dist-packages" not in path and \
        not path.startswith(sys.base_prefix) and not path.startswith(sys.prefix)


def _size(value):
    """The size of a container or of an ``lru_cache`` (else None)."""
    if isinstance(value, (dict, list, set)):
        return len(value)
    info = getattr(value, "cache_info", None)
    if info is not None and callable(info):
        try:
            return info().currsize
        except Exception:  # noqa: BLE001 - not functools' cache_info
            return None
    return None


class StateGuard:
    """A snapshot of the process state a verifier could leave changed for the next one; :meth:`changed` says what
    differs now (empty when nothing does), :meth:`restore` puts back the contents of module-level containers.
    Taken in the parent before it forks workers (they inherit it), the process facts again in each worker."""

    def __init__(self):
        modules = list(sys.modules.items())
        self.module_names = tuple(name for name, _ in modules)
        #: (name, namespace, its size, its values): tuple comparison tries ``is`` before ``==``, in C
        self.bindings = []
        self.sizes = []  # (where, lru cache, its size)
        self.containers = []  # (container, a shallow copy) of the kernel's and the user's module-level containers
        for name, module in modules:
            namespace = getattr(module, "__dict__", None)
            if not isinstance(namespace, dict):
                continue
            watched = _watched(name)
            user = _is_user_module(name, module)
            if not (watched or user):
                continue
            self.bindings.append((name, namespace, len(namespace), _values(namespace, name)))
            for key, value in list(namespace.items()):
                if isinstance(value, type) and getattr(value, "__module__", None) == name:
                    proxy = value.__dict__
                    self.bindings.append((f"{name}.{key}", proxy, len(proxy), _values(proxy, f"{name}.{key}")))
                elif user and isinstance(value, (dict, list, set)):
                    self.containers.append((value, value.copy()))
                elif user and _size(value) is not None:
                    self.sizes.append((f"{name}.{key}", value, _size(value)))
        self.scalars = self._scalars()

    def restore(self) -> None:
        """Put back the contents a module-level container of the kernel or of the user's modules had at the snapshot
        (a memo a verifier filled: what a fresh fork would see), where its size differs."""
        for value, copy in self.containers:
            if len(value) != len(copy):
                if isinstance(value, list):
                    value[:] = copy
                else:
                    value.clear()
                    value.update(copy)

    @staticmethod
    def _scalars() -> dict:
        """Counters, settings and process facts, by name."""
        out = {"cwd": _cwd(), "environ": dict(os.environ), "sys.path": tuple(sys.path),
               "trace": (sys.gettrace(), sys.getprofile(), threading._trace_hook, threading._profile_hook),
               "recursion limit": sys.getrecursionlimit(), "switch interval": sys.getswitchinterval(),
               "collector": (gc.isenabled(), gc.get_threshold()),
               "streams": (sys.stdin, sys.stdout, sys.stderr, sys.displayhook, sys.excepthook,
                           sys.unraisablehook),
               "threads": tuple(threading.enumerate()), "children": _has_children(),
               "descriptors": _descriptors(), "umask": _umask(),
               "signals": tuple(signal.getsignal(s) for s in _SIGNALS),
               "signal mask": tuple(sorted(signal.pthread_sigmask(signal.SIG_BLOCK, ()))),
               "timers": tuple(signal.getitimer(t) for t in _TIMERS)}
        warnings = sys.modules.get("warnings")
        if warnings is not None:
            out["warnings"] = (tuple(warnings.filters), warnings.showwarning)
        symbol = sys.modules.get("sympy.core.symbol")
        if symbol is not None:
            out["sympy Dummy counter"] = symbol.Dummy._count
        lambdify = sys.modules.get("sympy.utilities.lambdify")
        if lambdify is not None:
            out["lambdify counter"] = getattr(lambdify, "_lambdify_generated_counter", None)
        parameters = sys.modules.get("sympy.core.parameters")
        if parameters is not None:
            g = parameters.global_parameters
            out["sympy parameters"] = tuple(getattr(g, n, None) for n in ("evaluate", "distribute", "exp_is_pow"))
        mpmath = sys.modules.get("mpmath")
        if mpmath is not None:
            out["mpmath"] = (mpmath.mp.prec, mpmath.mp.pretty, mpmath.iv.prec, mpmath.fp.__class__)
        decimal = sys.modules.get("decimal")
        if decimal is not None:
            c = decimal.getcontext()
            out["decimal"] = (c.prec, c.rounding, c.Emin, c.Emax, c.capitals, c.clamp)
        numpy = sys.modules.get("numpy")
        if numpy is not None:
            try:
                out["numpy"] = (tuple(sorted(numpy.geterr().items())),
                                tuple(sorted((k, repr(v)) for k, v in numpy.get_printoptions().items())))
            except Exception:  # noqa: BLE001
                pass
        settings = getattr(sys.modules.get("hypothesis"), "settings", None)
        if settings is not None:
            out["hypothesis"] = (settings.default, getattr(settings, "_current_profile", None))
        return out

    def take_process_facts(self) -> None:
        """Take the counters, settings and process facts again, here (in a worker forked from where the snapshot was
        taken: its signals, descriptors, limits and threads are its own)."""
        self.scalars = self._scalars()

    def changed(self, process: bool = True, bindings: bool = True) -> str:
        """What a verifier left different from the snapshot (the first difference found), or ``""``; without
        ``process``, not the counters, settings and process facts; without ``bindings``, not the values bound in
        modules and classes (:meth:`bindings_changed`)."""
        if len(sys.modules) != len(self.module_names) or tuple(sys.modules) != self.module_names:
            return "loaded modules"
        if bindings:
            changed = self.bindings_changed()
            if changed:
                return changed
        for name, value, size in self.sizes:
            if _size(value) != size:
                return f"size of {name}"
        if not process:
            return ""
        now = self._scalars()
        for key, value in self.scalars.items():
            if now.get(key) != value:
                return key
        return ""

    def bindings_changed(self) -> str:
        """The first module or class whose bound values differ from the snapshot, or ``""``."""
        for name, namespace, size, values in self.bindings:
            try:
                if len(namespace) != size or _values(namespace, name) != values:
                    return f"bindings of {name}"
            except Exception:  # noqa: BLE001 - a value whose == raises (an array): it was replaced
                return f"bindings of {name}"
        return ""


def _values(namespace, name):
    """The values bound in a namespace, in order (bookkeeping entries left out)."""
    skip = BOOKKEEPING.get(name)
    if skip is None:
        return tuple(namespace.values())
    return tuple(v for k, v in namespace.items() if k not in skip)


def _cwd():
    try:
        return os.getcwd()
    except OSError:
        return None


def _umask():
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _has_children() -> bool:
    """Whether this process has a child process (running or not yet reaped)."""
    try:
        os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        return True
    except ChildProcessError:
        return False
    except (AttributeError, OSError):  # pragma: no cover - no waitid: assume the worst
        return True


def _descriptors():
    try:
        return tuple(sorted(os.listdir("/proc/self/fd")))
    except OSError:  # pragma: no cover - no /proc
        return None


def clear_sympy_cache() -> None:
    """Empty sympy's cache (every ``cacheit`` function's), so that what the item computes does not come from an
    entry left by another (before each item of a worker, its first one included)."""
    cache = sys.modules.get("sympy.core.cache")
    if cache is not None:
        cache.clear_cache()
