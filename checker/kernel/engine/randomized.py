"""Randomized falsification driven by hypothesis.

``falsify`` searches a hypothesis strategy for an instance on which a claim fails,
seeded from the run (``random.Random(seed)``, no global random state, no example
database), and returns the *shrunk* failing instance, the number of instances tried
and the largest residual seen.  Instances outside a claim's domain are rejected, not
counted as failures.
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Optional

from .shared_patch import SharedPatch



class OutsideDomain(Exception):
    """Raised by a residual function for an instance the claim does not speak about."""


@dataclass
class FalsificationResult:
    """What a randomized search found."""

    counterexample: Any
    found: bool
    instances: int
    rejected: int
    max_residual: Any
    seed: int


#: after the first failure, at most this many further evaluations are spent shrinking it (a count, not a
#: time, so the reported witness is the same on every machine and its reproduce command gives it back)
MAX_SHRINK_EVALUATIONS = 120


def falsify(strategy, residual: Callable[[Any], Any], *, seed: int, max_examples: int,
            tolerance, max_shrinks: int = MAX_SHRINK_EVALUATIONS, shrink: bool = True) -> FalsificationResult:
    """Search for an instance with ``|residual(instance)| > tolerance`` (a boolean residual: False fails).

    ``residual`` may return a number (absolute residual), a bool (True = claim holds) or
    raise :class:`OutsideDomain` / ``ZeroDivisionError`` for an inadmissible instance.
    Shrinking stops after ``max_shrinks`` evaluations past the first failure (the smallest failing
    instance found by then is returned); ``shrink=False`` returns the first failing instance (a caller
    that shrinks its own way, :mod:`checker.kernel.engine.shrink`).
    """
    from hypothesis import HealthCheck, Phase, find, reject, settings  # here: importing the kernel stays cheap
    from hypothesis.errors import NoSuchExample, Unsatisfiable
    stats = {"instances": 0, "rejected": 0, "max": 0, "since_failure": None}
    failing: set = set()  # reprs of the instances seen to fail (hypothesis replays its final one)

    def fails(instance) -> bool:
        if stats["since_failure"] is not None:
            stats["since_failure"] += 1
            if stats["since_failure"] > max_shrinks:
                # shrinking budget spent: no new candidate is accepted, known failures stay failures
                return repr(instance) in failing
        try:
            value = residual(instance)
        except (OutsideDomain, ZeroDivisionError):
            stats["rejected"] += 1
            reject()
        stats["instances"] += 1
        if isinstance(value, bool):
            failed = not value
        else:
            size = abs(value)
            if size != size:  # NaN never passes
                failed = True
            else:
                if size > stats["max"]:
                    stats["max"] = size
                failed = size > tolerance
        if failed:
            failing.add(repr(instance))
            if stats["since_failure"] is None:
                stats["since_failure"] = 0
        return failed

    config = settings(max_examples=max_examples, database=None, deadline=None,
                      phases=(Phase.generate, Phase.shrink) if shrink else (Phase.generate,), report_multiple_bugs=False,
                      suppress_health_check=list(HealthCheck))
    try:
        with _detached_from_pytest(), _without_local_constants():
            example = find(strategy, fails, settings=config, random=random.Random(seed))
    except (NoSuchExample, Unsatisfiable):
        return FalsificationResult(None, False, stats["instances"], stats["rejected"], stats["max"], seed)
    return FalsificationResult(example, True, stats["instances"], stats["rejected"], stats["max"], seed)


def seed_sympy_random_numbers(seed: int) -> None:
    """Seed the generators sympy draws from itself (``sympy.core.random``: the order in which its assumption
    system tries facts, random points of ``Expr.equals``, ...), which sympy seeds from the OS at import: a
    verifier then computes the same on every run at the same seed, whatever ran before it in the process."""
    from sympy.core.random import seed as seed_sympy
    seed_sympy(seed)


def prepare_engine() -> None:
    """Do hypothesis' once-per-thread set-up now (before verifiers are forked), not in every verifier.

    The first search in a thread creates hypothesis' own PRNG and registers it, which runs a full garbage
    collection and scans the heap for referrers: about 0.08 s in each forked verifier that searches.  That PRNG is
    seeded afresh at the start of every search, so where it was created changes no draw.
    """
    try:
        from hypothesis.internal.entropy import deterministic_PRNG
    except ImportError:  # pragma: no cover - a hypothesis without it: each search sets itself up
        return
    with deterministic_PRNG():
        pass


@contextmanager
def _detached_from_pytest():
    """Run a search with no pytest item attached.

    Inside a user's ``@given`` test hypothesis formats every exception of a nested search (this one) with
    pytest's ``repr_failure``, which costs seconds per instance; the search is not the user's test.
    """
    try:
        from hypothesis.internal.escalation import current_pytest_item
    except ImportError:  # pragma: no cover - a hypothesis without it
        yield
        return
    with current_pytest_item.with_value(None):
        yield


def _install_empty_local_constants():
    """Hypothesis' collection of local constants made empty, with a cache of its own; what restores it (or ``None``:
    a hypothesis without local constants)."""
    try:
        from hypothesis.internal.conjecture import providers
        from hypothesis.internal.cache import LRUCache
        original = (providers._get_local_constants, providers.CONSTANTS_CACHE)
        empty = providers.Constants()
    except (ImportError, AttributeError):  # pragma: no cover - a hypothesis without local constants
        return None
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE = LRUCache(1024)
    return providers, original


def _restore_local_constants(saved):
    if saved is not None:
        providers, (collector, cache) = saved
        providers._get_local_constants, providers.CONSTANTS_CACHE = collector, cache


_LOCAL_CONSTANTS_PATCH = SharedPatch(_install_empty_local_constants, _restore_local_constants)


def _without_local_constants():
    """Run a search whose draws depend on the seed alone, not on which source files happen to be loaded.

    Hypothesis (6.131 and later) mixes literals collected from every "local" module in ``sys.modules`` into
    its draws, caching them in a ``.hypothesis/`` folder of the working directory: loading a user module
    (``--path``), or editing a constant in an unrelated file, changed the instances every item drew at the
    same seed, and each run wrote into the user's directory.  Inside the search the collection is an empty
    set (hypothesis' global constants are still drawn), with a cache of permitted constants of its own so
    that nothing a user's test collected leaks in, or out.  Nested and concurrent searches share one patch.
    """
    return _LOCAL_CONSTANTS_PATCH.active()


def residual_size(value):
    """What a test returned, as a verdict: a bool (Python, numpy or sympy), or the size of a number.

    NaN stays NaN (it never passes); anything else (``None``, a symbolic expression, an undecided
    relational, a list) is a ``TypeError``.
    """
    if isinstance(value, bool):
        return value
    name = type(value).__name__
    if type(value).__module__ == "numpy" and name in ("bool_", "bool"):
        return bool(value)
    if name in ("BooleanTrue", "BooleanFalse"):
        return bool(value)
    if isinstance(value, (int, float, complex)):
        return abs(value)
    import fractions
    import decimal
    if isinstance(value, fractions.Fraction):
        return abs(value)
    import mpmath
    if isinstance(value, decimal.Decimal):
        if value.is_nan():
            return mpmath.mpf("nan")
        with mpmath.workdps(max(len(value.as_tuple().digits) + 5, 15)):
            return abs(mpmath.mpf(str(value)))
    if isinstance(value, (mpmath.mpf, mpmath.mpc)):
        return abs(value)
    if type(value).__module__.startswith("numpy") and hasattr(value, "dtype") and getattr(value, "shape", None) == ():
        return abs(complex(value)) if "complex" in str(value.dtype) else abs(float(value))
    try:
        import sympy
        if isinstance(value, sympy.Basic) and value.is_number and not value.free_symbols:
            return _certified_size(value)
    except (ImportError, TypeError, ValueError):
        pass
    raise TypeError(f"a test must return a bool or a number, not {name} {str(value)[:60]!r}")


def _certified_size(value):
    """``|value|`` of a sympy number, evaluated reliably: compiled to mpmath and evaluated at growing precision from its
    scale on (:func:`checker.kernel.engine.pointwise.robust_at`: ``exp(1000)·log(1 + exp(-1000)) − 1`` is about ``-e^-1000/2``, not
    the ``-1`` a plain ``evalf(30)`` gives, nor even sympy's ``strict`` evalf); else sympy's certified ``evalf``; a value
    neither settles is a ``TypeError`` (no verdict is drawn from an unreliable number)."""
    import mpmath
    import sympy
    from .pointwise import RECHECK_CAP_DIGITS, CompiledResiduals, robust_at, scale_digits
    from .symbolic import certified_nonzero_number
    if isinstance(value, sympy.Rational):
        return abs(value)
    scale = scale_digits(value)
    if scale is not None and 4 * (30 + scale) <= RECHECK_CAP_DIGITS:
        try:
            compiled = CompiledResiduals([value], [])
            point = robust_at(compiled, {}, 30 + scale, RECHECK_CAP_DIGITS, 10.0)
        except Exception:  # noqa: BLE001 - not compiled: sympy's evalf below
            point = None
        if point is not None and point.status == "zero":
            # decided zero by the kernel's zero test (growing precision from the number's scale): its size is 0, not
            # the rounding noise left at the last precision ((√2 + √3)² − 5 − 2√6 is 0, never 1e-66)
            return mpmath.mpf(0)
        if point is not None and point.status == "nonzero":
            return abs(point.values[0])
        if point is not None and point.status == "outside":
            return mpmath.mpf("nan")
    if not certified_nonzero_number(value):
        raise TypeError(f"the residual {sympy.sstr(value)[:60]} could not be evaluated reliably (neither decided zero "
                        f"nor certified non-zero)")
    try:
        return abs(complex(sympy.N(value, 30, strict=True)))
    except Exception as exc:  # noqa: BLE001
        raise TypeError(f"the residual {sympy.sstr(value)[:60]} could not be evaluated reliably "
                        f"({type(exc).__name__})") from None


def format_number(value, digits: int = 3) -> str:
    """A short scientific rendering of a residual (works for sympy, mpmath, Decimal, Fraction and floats), faithful
    where a float is not: ``mpf('1e-400')`` prints as ``1.000e-400``, not ``0.000e+00``."""
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        number = None
    if number is not None and number != 0 and number not in (float("inf"), float("-inf")):
        return f"{number:.{digits}e}"
    try:
        import mpmath
        with mpmath.workdps(max(digits + 5, 15)):
            exact = mpmath.mpmathify(value) if not hasattr(value, "evalf") else mpmath.mpmathify(str(value.evalf(digits + 5)))
        if exact != 0 and mpmath.isfinite(exact):
            return mpmath.nstr(exact, digits + 1, min_fixed=1, max_fixed=0, strip_zeros=False)
    except (TypeError, ValueError, OverflowError, AttributeError):
        pass
    if number is not None:
        return f"{number:.{digits}e}"
    return str(value)
