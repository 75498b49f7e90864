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

This module imports only :mod:`checker.execution.dependencies` (digests; :func:`global_random_states` lives there,
where manifests are validated).
"""
from __future__ import annotations

import re
import sys

from .dependencies import _sha, global_random_states  # noqa: F401 - part of this module's story


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


def library_state() -> list:
    """(name, value) of every library setting listed in the module docstring, for the libraries loaded now."""
    return sorted(_mpmath() + _sympy() + _hypothesis() + _numpy() + _standard_library())


def library_state_digest() -> str:
    return _sha("library state", *(f"{k}={v}" for k, v in library_state()))
