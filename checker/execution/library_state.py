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

It also holds the process environment (:func:`process_environment`) and the warnings filters verifiers run under
(:func:`pin_warning_filters`).  This module imports nothing of the checker's (:mod:`checker.execution.dependencies`
asks it for the environment's digest; :func:`global_random_states` lives there,
where manifests are validated).
"""
from __future__ import annotations

import hashlib
import re
import sys


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
    out = [("os", k, v) for k, v in _environment_now() if not _ignored_variable(k, patterns)]
    posix = sys.modules.get("posix") or sys.modules.get("nt")
    started = getattr(posix, "environ", {}) or {}
    for k, v in started.items():
        k = k.decode("utf-8", "surrogateescape") if isinstance(k, bytes) else k
        v = v.decode("utf-8", "surrogateescape") if isinstance(v, bytes) else v
        if not _ignored_variable(k, patterns):
            out.append(("started", k, v))
    return sorted(out)


def _environment_now() -> list:
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
