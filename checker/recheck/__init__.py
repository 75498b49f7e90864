"""An independent re-checker of every claim check (the de Bruijn criterion: a second, small checker).

It reads a check record's checkable form (``record["checkable"]``: the claim's sides as sympy ``srepr``, the
relations or proof premises, the functions' assumptions, a refutation's witness) and re-evaluates the claim on its
own: numerically at fresh random points with mpmath (integrals by ``mpmath.quad``, sums by ``mpmath.nsum``,
derivatives by ``mpmath.diff`` of the instantiated functions, undefined functions from families of its own), and
exactly with ``fractions.Fraction`` where the claim is rational (Schwartz–Zippel), matrices of symbolic shape at
random sizes.  Each record gets ``{"result": "agrees" | "disagrees" | "not re-checkable", ...}``.

**What it may import:** sympy (only to parse ``srepr`` into expression trees and to walk and rebuild them: never
sympy's ``simplify``, ``doit``, ``diff``, ``solve``, ``integrate`` or ``evalf``), mpmath, and the standard library.
Nothing else of ``checker`` (not the kernel, its engine, the execution layer, the toolkit): ``tests/test_recheck.py``
reads the imports and fails on any other.
"""
from .records import NOT_RECHECKABLE, recheck_record, recheck_records
from .coverage import coverage, coverage_text, recheck_report

__all__ = ["NOT_RECHECKABLE", "coverage", "coverage_text", "recheck_record", "recheck_records", "recheck_report"]
