"""Is a residual zero, modulo local relations?  ``expr == 0`` shown by sympy's reductions, or not shown.

:func:`reduce_residual` and :func:`shown_zero` take the relations a claim holds under (a dict of rules, parsed by
:mod:`checker.kernel.engine.relations`) and reduce with :mod:`checker.kernel.engine.symbolic`: the cheap way first (``doit``, ``expand``,
``cancel``, jets of curves as symbols), ``simplify`` last and under a time limit.
"""
from __future__ import annotations

from .relations import parse_relations
from .symbolic import cheap_reduce, expensive_reduce, rewriting_shows_zero


def reduce_residual(expr, relations=None, simplify_seconds: float = 5.0):
    """Return ``(verdict, reduced)`` where verdict is True (zero), or None (not shown zero)."""
    zero, reduced = cheap_reduce(expr, _parsed(relations))
    return (zero, reduced) if zero else expensive_reduce(reduced, simplify_seconds)


def shown_zero(expr, relations=None, simplify_seconds: float = 5.0) -> bool:
    """The verdict of :func:`reduce_residual` alone: its rewriting is skipped where the cheap reduced form is a
    non-zero rational function of symbols (:func:`nonzero_as_rational_function`), which no rewriting shows zero."""
    zero, reduced = cheap_reduce(expr, _parsed(relations))
    return bool(zero) or rewriting_shows_zero(reduced, simplify_seconds)


def _parsed(relations):
    if isinstance(relations, dict):
        return parse_relations(relations, "local relations")
    return relations
