"""Identities of matrix expressions whose shapes are symbols (``MatrixSymbol('G', k, n)``).

Such an identity claims equality *for every size*.  It is checked in two ways:

1. **Symbolic, every size.**  ``lhs − rhs`` is put in sympy's canonical matrix-expression form
   (``doit``, ``expand``: transpose of products, inverses of products, ``X X⁻¹ = I``, ...); when that is
   the zero matrix the claim holds for every shape (sympy's matrix algebra is the only thing trusted).
   For a 1×1 (scalar) shape a matrix equals its transpose, so ``lhs − rhsᵀ`` is tried too.
2. **Exact, at concrete sizes.**  Every shape symbol is given small sizes honouring its assumptions
   and the claim is checked, entry by entry, by the ordinary identity engine.  A refutation there is a
   genuine counterexample (the sizes are part of the witness); if every size passes but step 1 failed,
   the claim is only ``confirmed``: what holds at sizes 1–3 is not proved for every size.

Entries are never flattened into one symbol per matrix under a symbolic summation index (that would
make ``A[i, j]`` one value for all ``i, j``).
"""
from __future__ import annotations

import itertools

import sympy
from sympy.matrices.expressions import MatrixExpr, MatrixSymbol, ZeroMatrix

from .symbolic import TimeLimit, time_limit

SIZES = (1, 2, 3)
MAX_SIZE_COMBINATIONS = 9
SIMPLIFY_SECONDS = 10.0


def shape_symbols(*exprs) -> list:
    """The symbols that occur in the shapes of the matrix symbols of ``exprs`` (sorted by name)."""
    found = set()
    for e in exprs:
        if isinstance(e, (list, tuple)):
            found |= set(shape_symbols(*e))
            continue
        if not isinstance(e, sympy.Basic):
            continue
        for m in e.atoms(MatrixSymbol):
            for dim in m.shape:
                found |= sympy.sympify(dim).free_symbols
        if isinstance(e, MatrixExpr):
            for dim in e.shape:
                found |= sympy.sympify(dim).free_symbols
    return sorted(found, key=lambda s: s.name)


def _is_zero_matrix(expr) -> bool:
    if isinstance(expr, ZeroMatrix):
        return True
    if isinstance(expr, sympy.MatrixBase):
        return all(sympy.sympify(e) == 0 for e in expr)
    return sympy.sympify(expr) == 0 or getattr(expr, "is_ZeroMatrix", False) is True


def canonical_difference(lhs, rhs):
    """``lhs − rhs`` in sympy's canonical matrix-expression form (cheap rewriting only)."""
    diff = sympy.sympify(lhs) - sympy.sympify(rhs)
    return diff.doit().expand().doit()


def proved_for_every_shape(lhs, rhs) -> str:
    """How the identity reduces to the zero matrix for every shape, or ``""`` when it does not."""
    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    candidates = [("matrix-expression algebra", rhs)]
    if getattr(lhs, "shape", None) == (1, 1) and isinstance(rhs, MatrixExpr):
        candidates.append(("matrix-expression algebra, a 1x1 matrix equals its transpose", rhs.T))
    for how, other in candidates:
        try:
            if _is_zero_matrix(canonical_difference(lhs, other)):
                return how
        except (TypeError, ValueError, AttributeError, NotImplementedError):
            continue
    for how, other in candidates:
        try:
            with time_limit(SIMPLIFY_SECONDS):
                if _is_zero_matrix(sympy.simplify(canonical_difference(lhs, other))):
                    return how + " (simplify)"
        except (TimeLimit, TypeError, ValueError, AttributeError, NotImplementedError, RecursionError):
            continue
    return ""


def _admissible(symbol, size: int) -> bool:
    value = sympy.Integer(size)
    for fact, wanted in symbol.assumptions0.items():
        have = getattr(value, f"is_{fact}", None)
        if have is not None and have != wanted:
            return False
    return True


def concrete_sizes(symbols) -> list:
    """Up to ``MAX_SIZE_COMBINATIONS`` assignments of sizes in ``SIZES`` to the shape symbols (small first)."""
    choices = []
    for s in symbols:
        ok = [n for n in SIZES if _admissible(s, n)]
        if not ok:
            return []
        choices.append(ok)
    combos = sorted(itertools.product(*choices), key=lambda c: (max(c), sum(c), c))
    return [dict(zip(symbols, c)) for c in combos[:MAX_SIZE_COMBINATIONS]]


def at_sizes(expr, sizes: dict):
    """``expr`` with every shape symbol (and every other occurrence of it) replaced by its size."""
    if isinstance(expr, (list, tuple)):
        return type(expr)(at_sizes(e, sizes) for e in expr)
    if isinstance(expr, dict):
        return {at_sizes(k, sizes): at_sizes(v, sizes) for k, v in expr.items()}
    if not isinstance(expr, sympy.Basic):
        return expr
    return expr.xreplace({s: sympy.Integer(v) for s, v in sizes.items()})


def sizes_text(sizes: dict) -> str:
    return ", ".join(f"{s} = {v}" for s, v in sizes.items())
