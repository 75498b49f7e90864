"""Exact evaluation of rational trees with ``fractions.Fraction``: an arithmetic independent of sympy's.

A tree is *rational* when it is built from integers, rationals, symbols, ``+``, ``*``, integer powers and matrix
algebra (explicit matrices, matrix symbols, sums, products, transposes, inverses, integer powers, determinants,
traces, identity and zero matrices).  Two rational functions that agree at random rational points drawn from a set
of ``S`` values differ with probability at most ``d / S`` per point (Schwartz–Zippel).  Matrices are lists of rows.
"""
from __future__ import annotations

from fractions import Fraction

import sympy

RATIONAL_NODES = (sympy.Add, sympy.Mul, sympy.Pow, sympy.Symbol, sympy.Rational, sympy.MatrixBase,
                  sympy.MatrixSymbol, sympy.MatAdd, sympy.MatMul, sympy.MatPow, sympy.Transpose, sympy.Inverse,
                  sympy.Identity, sympy.ZeroMatrix, sympy.Determinant, sympy.Trace, sympy.Tuple)


def is_rational_tree(e) -> bool:
    """Whether ``e`` holds only nodes :func:`value` evaluates exactly."""
    nodes = [e] if not isinstance(e, sympy.MatrixBase) else list(e)
    for top in nodes:
        for node in sympy.preorder_traversal(top):
            if isinstance(node, sympy.Pow) and not node.exp.is_Integer:
                return False
            if type(node).__name__ == "Str" or isinstance(node, sympy.Integer):
                continue
            if not isinstance(node, RATIONAL_NODES):
                return False
    return True


def value(e, point: dict, matrices: dict):
    """``e`` at ``point`` (symbol -> Fraction), matrix symbols from ``matrices`` (name -> rows); exact."""
    if isinstance(e, sympy.Rational):
        return Fraction(int(e.p), int(e.q))
    if isinstance(e, sympy.Symbol):
        return point[e]
    if isinstance(e, (sympy.Add, sympy.MatAdd)):
        parts = [value(a, point, matrices) for a in e.args]
        total = parts[0]
        for p in parts[1:]:
            total = _add(total, p)
        return total
    if isinstance(e, (sympy.Mul, sympy.MatMul)):
        parts = [value(a, point, matrices) for a in e.args]
        scalar, matrix = Fraction(1), None
        for p in parts:
            if isinstance(p, list):
                matrix = p if matrix is None else _matmul(matrix, p)
            else:
                scalar *= p
        return scalar if matrix is None else [[scalar * x for x in row] for row in matrix]
    if isinstance(e, (sympy.Pow, sympy.MatPow)):
        base, k = value(e.args[0], point, matrices), int(e.args[1])
        if isinstance(base, list):
            if k < 0:
                base, k = _inverse(base), -k
            out = _identity(len(base))
            for _ in range(k):
                out = _matmul(out, base)
            return out
        return base ** k  # ZeroDivisionError at a pole
    if isinstance(e, sympy.MatrixBase):
        return [[value(e[i, j], point, matrices) for j in range(e.shape[1])] for i in range(e.shape[0])]
    if isinstance(e, sympy.MatrixSymbol):
        return matrices[str(e.args[0])]
    if isinstance(e, sympy.Identity):
        return _identity(int(value(e.shape[0], point, matrices)))
    if isinstance(e, sympy.ZeroMatrix):
        rows, cols = (int(value(d, point, matrices)) for d in e.shape)
        return [[Fraction(0)] * cols for _ in range(rows)]
    if isinstance(e, sympy.Transpose):
        m = value(e.arg, point, matrices)
        return [list(col) for col in zip(*m)]
    if isinstance(e, sympy.Inverse):
        return _inverse(value(e.arg, point, matrices))
    if isinstance(e, sympy.Determinant):
        return _determinant(value(e.arg, point, matrices))
    if isinstance(e, sympy.Trace):
        m = value(e.arg, point, matrices)
        return sum((m[i][i] for i in range(len(m))), Fraction(0))
    raise TypeError(f"not a rational tree: {type(e).__name__}")


def _add(a, b):
    if isinstance(a, list) != isinstance(b, list):
        raise TypeError("a matrix added to a scalar")
    if isinstance(a, list):
        if len(a) != len(b) or len(a[0]) != len(b[0]):
            raise ValueError("matrices of different shapes added")
        return [[x + y for x, y in zip(r, s)] for r, s in zip(a, b)]
    return a + b


def _matmul(a, b):
    if len(a[0]) != len(b):
        raise ValueError("matrix shapes do not match in a product")
    return [[sum((a[i][k] * b[k][j] for k in range(len(b))), Fraction(0)) for j in range(len(b[0]))]
            for i in range(len(a))]


def _identity(n):
    return [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]


def _inverse(m):
    """Gauss–Jordan over ℚ (``ZeroDivisionError`` for a singular matrix)."""
    n = len(m)
    work = [list(row) + _identity(n)[i] for i, row in enumerate(m)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if work[r][col] != 0), None)
        if pivot is None:
            raise ZeroDivisionError("a singular matrix")
        work[col], work[pivot] = work[pivot], work[col]
        p = work[col][col]
        work[col] = [x / p for x in work[col]]
        for r in range(n):
            if r != col and work[r][col] != 0:
                f = work[r][col]
                work[r] = [x - f * y for x, y in zip(work[r], work[col])]
    return [row[n:] for row in work]


def _determinant(m):
    n, work, det = len(m), [list(r) for r in m], Fraction(1)
    for col in range(n):
        pivot = next((r for r in range(col, n) if work[r][col] != 0), None)
        if pivot is None:
            return Fraction(0)
        if pivot != col:
            work[col], work[pivot] = work[pivot], work[col]
            det = -det
        det *= work[col][col]
        for r in range(col + 1, n):
            f = work[r][col] / work[col][col]
            work[r] = [x - f * y for x, y in zip(work[r], work[col])]
    return det
