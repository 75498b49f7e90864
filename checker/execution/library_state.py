"""The global state of the libraries a verifier starts with: part of every result's key or manifest.

A module may set library state when it is imported (``mpmath.mp.dps = 50``, ``random.seed(1)``,
``numpy.set_printoptions(precision=3)``, ``settings.load_profile("ci")``); a verifier forked after the load inherits
it, and no code digest sees it.  Two kinds:

* :func:`library_state`: the settings of the loaded libraries that change what a computation gives or prints --
  mpmath's precision, rounding and flags (``mp``, ``iv``), sympy's global parameters (``evaluate``, ``distribute``,
  ``exp_is_pow``), its printers' global settings and polys configuration, hypothesis' default settings and
  profile, numpy's print options and floating-point error handling, the ``decimal`` context, the locale and
  ``sys``'s limit on integer digits.  Read in the parent after the load; the digest is in every key
  (:func:`checker.execution.fingerprint.item_keys`).  A library not loaded is not read (nothing is imported).
* :func:`global_random_states`: the states of the global random generators (``random``'s, numpy's legacy global
  ``RandomState``).  They are not seeded by anyone unless a module does it, so they are in a result's manifest only
  when its verifier drew from them (the state changed while it ran: :func:`checker.execution.pool.run_in_process`);
  the entry is the state the verifier started with, so reusing the result needs the same state now (a module-level
  ``random.seed(...)`` makes that reproducible; an unseeded generator never matches, and the item runs each time).
* :func:`library_patches`: the libraries' modules and classes patched in place at import (an attribute of a module
  or class of sympy, mpmath, hypothesis, networkx or numpy added, replaced or deleted since the library loaded),
  digested by :func:`library_patches_digest` into every key (below).

It also holds the process environment (:func:`process_environment`) and the warnings filters verifiers run under
(:func:`pin_warning_filters`).  This module imports nothing of the checker's (:mod:`checker.execution.dependencies`
asks it for the environment's digest; :func:`global_random_states` lives there,
where manifests are validated).
"""
from __future__ import annotations

import hashlib
import operator
import re
import sys
import types



def _digest(label: str, lines) -> str:
    """SHA-256 of a label and lines, each line ended by a NUL (no line holds one)."""
    return hashlib.sha256("\0".join([label, *lines, ""]).encode("utf-8", "surrogatepass")).hexdigest()


def _mpmath() -> list:
    mpmath = sys.modules.get("mpmath")
    out = []
    for name in ("mp", "iv", "fp"):
        ctx = getattr(mpmath, name, None) if mpmath is not None else None
        if ctx is None:
            continue
        fields = [repr(getattr(ctx, "_prec_rounding", None)), repr(getattr(ctx, "prec", None)),
                  repr(getattr(ctx, "pretty", None)), repr(getattr(ctx, "trap_complex", None))]
        out.append((f"mpmath.{name}", " ".join(fields)))
    return out


def _sympy() -> list:
    out = []
    parameters = sys.modules.get("sympy.core.parameters")
    if parameters is not None:
        g = parameters.global_parameters
        out.append(("sympy.global_parameters", repr(sorted((k, repr(getattr(g, k, None))) for k in
                                                            ("evaluate", "distribute", "exp_is_pow")))))
    printer = sys.modules.get("sympy.printing.printer")
    if printer is not None:
        out.append(("sympy.printer", repr(sorted(getattr(printer.Printer, "_global_settings", {}).items()))))
    polyconfig = sys.modules.get("sympy.polys.polyconfig")
    if polyconfig is not None:
        out.append(("sympy.polys", repr(sorted(getattr(polyconfig, "_current_config", {}).items()))))
    cache = sys.modules.get("sympy.core.cache")
    if cache is not None:
        out.append(("sympy.cache", repr((getattr(cache, "USE_CACHE", None), getattr(cache, "SYMPY_CACHE_SIZE", None)))))
    return out


def _hypothesis() -> list:
    module = sys.modules.get("hypothesis._settings") or sys.modules.get("hypothesis")
    settings = getattr(module, "settings", None)
    if settings is None:
        return []
    try:
        text = repr(settings.default)
    except Exception:  # noqa: BLE001 - an unreadable profile: never the same
        return [("hypothesis", "unreadable")]
    text = re.sub(r"database=[^,]*\([^)]*\)\)?", "database=...", text)  # where it lives is not how it computes
    return [("hypothesis", f"{getattr(settings, '_current_profile', None)} {text}")]


def _numpy() -> list:
    numpy = sys.modules.get("numpy")
    if numpy is None:
        return []
    try:
        return [("numpy.printoptions", repr(sorted((k, repr(v)) for k, v in numpy.get_printoptions().items()))),
                ("numpy.errstate", repr(sorted(numpy.geterr().items())))]
    except Exception:  # noqa: BLE001
        return [("numpy", "unreadable")]


def _standard_library() -> list:
    out = []
    decimal = sys.modules.get("decimal")
    if decimal is not None:
        out.append(("decimal", repr(decimal.getcontext())))
    locale = sys.modules.get("locale")
    if locale is not None:
        try:
            out.append(("locale", locale.setlocale(locale.LC_ALL)))
        except Exception:  # noqa: BLE001
            out.append(("locale", "unreadable"))
    if hasattr(sys, "get_int_max_str_digits"):
        out.append(("sys.int_max_str_digits", repr(sys.get_int_max_str_digits())))
    # the recursion limit decides whether a deep sympy tree is processed or raises RecursionError
    out.append(("sys.recursionlimit", repr(sys.getrecursionlimit())))
    return out


def _warnings() -> list:
    """The filters verifiers will run under: the pinned ones, else those in effect now."""
    import warnings
    filters = pinned_filters()
    return [("warnings.filters", repr(describe_filters(warnings.filters if filters is None else filters)))]


def library_state() -> list:
    """(name, value) of every library setting listed in the module docstring, for the libraries loaded now."""
    return sorted(_mpmath() + _sympy() + _hypothesis() + _numpy() + _standard_library() + _warnings())


def library_state_digest() -> str:
    return _digest("library state", [f"{k}={v}" for k, v in library_state()])


# -- the process environment -----------------------------------------------------------------------------------------
#: variables that describe the terminal session or the tool running the checker, never a computation: left out of the
#: environment in every key (names; a trailing ``*`` is a prefix).  ``CHECKER_CACHE_IGNORE_ENV`` (comma-separated,
#: same syntax) adds the user's own.  A verifier that reads one of them through ``os.environ`` still records it.
SESSION_VARIABLES = ("_", "PWD", "OLDPWD", "SHLVL", "TERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "TERM_SESSION_ID",
                     "COLORTERM", "COLUMNS", "LINES", "PS1", "PS2", "PS4", "PROMPT_COMMAND", "HISTFILE", "HISTSIZE",
                     "HISTFILESIZE", "HISTCONTROL", "MAIL", "MAILCHECK", "LS_COLORS", "LSCOLORS", "DISPLAY", "WINDOWID",
                     "WINDOWPATH", "SSH_*", "TMUX", "TMUX_PANE", "STY", "XDG_SESSION_*", "XDG_VTNR", "XDG_SEAT",
                     "DBUS_SESSION_BUS_ADDRESS", "GPG_TTY", "VTE_VERSION", "KONSOLE_*", "ITERM_*", "WT_SESSION",
                     "WT_PROFILE_ID", "INSIDE_EMACS", "VSCODE_*", "TERMINAL_EMULATOR", "PYTEST_*", "CHECKER_CACHE_DIR",
                     "CHECKER_CACHE_IGNORE_ENV",
                     # a Dask nanny's bookkeeping, and the string-hash seed it gives its workers: a run without
                     # PYTHONHASHSEED already gets a fresh random one (so do its forked verifiers), and the cache never
                     # keyed it; a verdict that depends on set order is a verifier's defect the cache cannot see
                     "__DASK_*", "PYTHONHASHSEED")


def _ignored_variable(name: str, patterns) -> bool:
    return any(name.startswith(p[:-1]) if p.endswith("*") else name == p for p in patterns)


def process_environment() -> list:
    """(name, value) of the environment C code in this process can read, less the session variables.

    A C library may call ``getenv`` for any name (the locale, ``TZ``, thread counts), and the interpreter keeps a
    copy of the environment it started with (``posix.environ``) that bypasses ``os.environ``: both are here, whole.
    """
    import os
    patterns = SESSION_VARIABLES + tuple(p.strip() for p in os.environ.get("CHECKER_CACHE_IGNORE_ENV", "").split(",")
                                          if p.strip())
    out = [("os", k, v) for k, v in environment_now() if not _ignored_variable(k, patterns)]
    posix = sys.modules.get("posix") or sys.modules.get("nt")
    started = getattr(posix, "environ", {}) or {}
    for k, v in started.items():
        k = k.decode("utf-8", "surrogateescape") if isinstance(k, bytes) else k
        v = v.decode("utf-8", "surrogateescape") if isinstance(v, bytes) else v
        if not _ignored_variable(k, patterns):
            out.append(("started", k, v))
    return sorted(out)


def environment_now() -> list:
    import os
    try:  # the values as stored, without the recording wrappers (this read is the checker's, not a verifier's)
        return [(os.environ.decodekey(k), os.environ.decodevalue(v)) for k, v in os.environ._data.items()]
    except Exception:  # noqa: BLE001
        return list(dict(os.environ).items())


def process_environment_digest() -> str:
    return _digest("process environment", [f"{w}:{k}={v}" for w, k, v in process_environment()])


# -- warnings filters ------------------------------------------------------------------------------------------------
#: the filters every verifier of this process runs under (:func:`pinned_filters`): those in effect when the results
#: cache keys were computed, so that what is in the key is what the verifier gets
_PINNED: dict = {"filters": None}


def _pattern(p):
    if p is None or isinstance(p, str):  # (a filter made in C, from -W, may hold its pattern as text)
        return p
    return (p.pattern, p.flags)


def describe_filters(filters) -> tuple:
    """``warnings.filters`` as plain data: (action, message pattern, category by module and name, module pattern,
    line).  An ``error`` filter makes a warning an exception and ``ignore`` hides it from a verifier recording
    warnings, so the list decides outcomes; order matters (the first match wins)."""
    return tuple((action, _pattern(message), f"{getattr(category, '__module__', '?')}:"
                  f"{getattr(category, '__qualname__', repr(category))}", _pattern(module), lineno)
                 for action, message, category, module, lineno in filters)


def pin_warning_filters(filters=None) -> tuple:
    """Pin the filters verifiers run under (the current ones by default); their description, for the key."""
    import warnings
    _PINNED["filters"] = list(warnings.filters if filters is None else filters)
    return describe_filters(_PINNED["filters"])


def pinned_filters():
    """The filters pinned for verifiers, or ``None`` (they run under whatever is in effect)."""
    return _PINNED["filters"]


def rebuild_filters(description) -> list:
    """The filters of :func:`describe_filters`'s description (a Dask worker gets the client's); ``LookupError``
    when a category cannot be found here."""
    import importlib
    import re

    def compiled(p):
        return p if p is None or isinstance(p, str) else re.compile(p[0], p[1])
    out = []
    for action, message, category, module, lineno in description:
        module_name, _, qualname = category.partition(":")
        owner = sys.modules.get(module_name) or importlib.import_module(module_name)
        cls = owner
        for part in qualname.split("."):
            cls = getattr(cls, part)
        out.append((action, compiled(message), cls, compiled(module), lineno))
    return out


# -- library classes and modules patched in place ---------------------------------------------------------------
# A user module may patch a library when it is imported: ``sympy.Symbol.is_positive = True``, ``del
# sympy.Matrix.foo``, ``sympy.core.evalf.DEFAULT_MAXPREC = 10``, ``setattr(type(mpmath.mp), "x", 3)``.  A verifier
# forked after the load inherits the patch, and no code digest sees it when the verifier does not reach the patching
# code.  So the namespace of every module of the tracked libraries and the ``__dict__`` of every class held there are
# copied (shallow: the objects themselves, compared by identity) as soon as the library is loaded -- at
# :func:`watch_library_patches` for the modules loaded then, and for a module loaded later when the outermost import
# of a tracked library that loaded it completes, so a library patching its own modules while it is imported is part
# of the library -- and :func:`library_patches` lists what differs now: every attribute added, replaced or deleted.
# The digest of the list (:func:`library_patches_digest`: the user's functions and classes by their code, values by
# their complete contents) is in every key.

#: the libraries whose modules and classes are watched (the pinned ones, and numpy; the standard library is not: other
#: installed packages and pytest change it as they load, which would make the CLI's keys differ from pytest's)
PATCH_TRACKED = ("sympy", "mpmath", "hypothesis", "networkx", "numpy")  # dependencies.LIBRARIES and numpy
#: what the libraries change themselves as they are used, beside the names their modules declare ``global``, no
#: patch: where -> attribute name prefixes (sympy counts the Dummies made; networkx compiles each decorated function
#: on its first call into its decorators' module)
LIBRARY_OWN = {"sympy.core.symbol.Dummy": ("_count",), "networkx.utils.decorators": ("argmap_",),
               "networkx.utils.decorators.argmap": ("_argmap__count",)}
_DELETED = object()
#: id of a module or class -> (the module or class, its dotted name, a shallow copy of its namespace then)
_NAMESPACES: dict = {}
#: (the live namespace, its copy) of each entry of ``_NAMESPACES``, in the order they were copied
_LIVE: list = []
_PENDING: list = []  # tracked modules loaded since the last snapshot
_WATCH = {"installed": False, "depth": 0}


def _tracked(name) -> bool:
    return isinstance(name, str) and name.partition(".")[0] in PATCH_TRACKED


def _snapshot_class(cls, where: str) -> None:
    if id(cls) in _NAMESPACES:
        return
    namespace = cls.__dict__
    _NAMESPACES[id(cls)] = (cls, where, dict(namespace))
    _LIVE.append((namespace, _NAMESPACES[id(cls)][2]))
    for name, value in namespace.items():  # nested classes
        if isinstance(value, type) and _tracked(getattr(value, "__module__", None)):
            _snapshot_class(value, f"{where}.{name}")


def _snapshot_module(name: str, module) -> None:
    namespace = getattr(module, "__dict__", None)
    if id(module) in _NAMESPACES or not isinstance(namespace, dict):
        return
    _NAMESPACES[id(module)] = (module, name, namespace.copy())
    _LIVE.append((namespace, _NAMESPACES[id(module)][2]))
    for key, value in namespace.items():
        if isinstance(value, type) and id(value) not in _NAMESPACES and _tracked(getattr(value, "__module__", None)):
            _snapshot_class(value, f"{value.__module__}.{value.__qualname__}")


def _absorb(sizes: list) -> None:
    """After the outermost import of a tracked module: the names a namespace copied before gained or lost while it
    ran (``sizes``: each namespace's size when it began) are the library's doing (mpmath's functions put on its
    context class when sympy's import loads them), unless the namespace already differed from its copy then."""
    for (live, then), before in zip(_LIVE, sizes):
        if len(live) != before and before == len(then):
            for name in [n for n in live if n not in then]:
                then[name] = live[name]
            for name in [n for n in then if n not in live]:
                del then[name]


def _settle() -> None:
    """Copy the namespaces of the tracked modules loaded since the last time (and of their classes)."""
    while _PENDING:
        module = _PENDING.pop()
        name = getattr(module, "__name__", None)  # (a module may put another object in its place in sys.modules)
        if isinstance(name, str):
            _snapshot_module(name, module)


def watch_library_patches() -> None:
    """Start watching (once per process; called beside :func:`checker.execution.dependencies.install` by
    :func:`checker.execution.loader.load` and the pytest plugin, before any user module is imported): copy the tracked modules loaded now, and wrap the import system's loading step so that each
    tracked module loaded later is copied when the outermost import of a tracked module completes."""
    if _WATCH["installed"]:
        return
    _WATCH["installed"] = True
    for name, module in list(sys.modules.items()):
        if _tracked(name):
            _snapshot_module(name, module)
    import _frozen_importlib as bootstrap  # the import system's own loading step, whatever the loader (pytest's
    inner = bootstrap._load_unlocked       # assertion rewriter loads hypothesis, a pytest plugin)

    def load_unlocked(spec):
        if not _tracked(getattr(spec, "name", None)):
            return inner(spec)
        sizes = None if _WATCH["depth"] else list(map(len, [live for live, _ in _LIVE]))
        _WATCH["depth"] += 1
        try:
            module = inner(spec)
            _PENDING.append(module)
            return module
        finally:
            _WATCH["depth"] -= 1
            if sizes is not None:
                _absorb(sizes)
                _settle()
    load_unlocked.__wrapped__ = inner
    bootstrap._load_unlocked = load_unlocked


def _unchanged(now, then) -> bool:
    """The same names bound to the same objects, in the same order (identity only: no ``__eq__`` runs)."""
    return len(now) == len(then) and all(map(operator.is_, now.values(), then.values())) and all(
        map(operator.is_, now, then))


_REBOUND: dict = {}  # module name -> the names its own code declares ``global``


def _rebound_by_itself(module) -> frozenset:
    """The names a library module's own functions rebind (``global name`` in its source): its lazily built tables
    and run-time counters (sympy's ``evalf_table``, hypothesis' garbage-collection timings), not patches."""
    name = module.__name__
    if name not in _REBOUND:
        names = set()
        source = getattr(module, "__file__", None)
        if isinstance(source, str) and source.endswith(".py"):
            try:
                with open(source, encoding="utf-8", errors="replace") as fh:
                    text = fh.read()
            except OSError:
                text = ""
            for line in re.findall(r"^[ \t]*global[ \t]+([\w, \t]+)", text, re.MULTILINE):
                names.update(n.strip() for n in line.split(","))
        _REBOUND[name] = frozenset(names)
    return _REBOUND[name]


def library_patches() -> list:
    """``(where, attribute, value then, value now)`` for every attribute of a watched library module or class added,
    replaced or deleted (``_DELETED``) since it was copied, sorted; a submodule bound on its package by a later import
    is the import system's doing, and what the libraries change themselves (a name a module's own code declares
    ``global``, :data:`LIBRARY_OWN`), not a patch."""
    _settle()
    out = []
    for owner, where, then in list(_NAMESPACES.values()):
        now = owner.__dict__
        if _unchanged(now, then):
            continue
        for name in set(now) | set(then):
            value, before = now.get(name, _DELETED), then.get(name, _DELETED)
            if value is before:
                continue
            if isinstance(owner, types.ModuleType) and (name in _rebound_by_itself(owner) or (
                    isinstance(value, types.ModuleType) and id(value) in _NAMESPACES  # a submodule it loaded
                    and getattr(value, "__name__", None) == f"{where}.{name}")):
                continue
            if str(name).startswith(LIBRARY_OWN.get(where, ())) or name == "__slotnames__":  # (copyreg's cache)
                continue
            out.append((where, str(name), before, value))
    return sorted(out, key=lambda p: (p[0], p[1]))


def library_patches_digest(prints) -> tuple:
    """``(digest, why)`` of :func:`library_patches`, the values digested by ``prints`` (a
    :class:`~checker.execution.fingerprint.CodeFingerprints`: the user's code by its code, data by its complete
    value); an attribute whose value now has the digest of its value then is unchanged (a library that makes its
    own function again as it loads: mpmath's context functions when sympy's import loads them).  ``why`` is not empty
    when some patched value has no faithful digest (then no item is cacheable)."""
    parts, why = [], ""
    for where, name, before, value in library_patches():
        digests = []
        for v in (before, value):
            digest, tainted = prints._root(lambda v=v: "deleted" if v is _DELETED else prints.value(v))
            digests.append(digest)
            if tainted and not why:
                why = f"a library patched at import ({where}.{name}): " \
                      f"{prints.reasons.get(digest) or 'a value no digest describes'}"
        if digests[0] != digests[1] or why:
            parts.append(_digest("patch", [where, name, digests[1]]))
    return _digest("library patches", parts), why
