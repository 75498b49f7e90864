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


def require_one_shape_per_name(*exprs) -> None:
    """A ``ValueError`` when one matrix name carries two shapes in one claim (``A`` as n×k and as n×m).

    sympy tells such matrices apart (a ``MatrixSymbol`` is its name *and* its shape), yet they become one matrix at
    every size where the shapes coincide, so the claim would mean different things at different sizes; a claim names
    each matrix once."""
    shapes: dict = {}
    for m in _matrix_symbols(exprs):
        shapes.setdefault(m.name, set()).add(_shape(m))
    for name, found in sorted(shapes.items()):
        if len(found) > 1:
            listed = " and ".join(sorted(sympy.sstr(s) for s in found))
            raise ValueError(f"the matrix symbol {name} has two shapes in one claim ({listed}): give each matrix its "
                             f"own name")


def _matrix_symbols(exprs) -> set:
    found: set = set()
    for e in exprs:
        if isinstance(e, dict):
            found |= _matrix_symbols(list(e.keys()) + list(e.values()))
        elif isinstance(e, (list, tuple)):
            found |= _matrix_symbols(e)
        elif isinstance(e, sympy.Basic):
            found |= e.atoms(MatrixSymbol)
        elif isinstance(e, sympy.MatrixBase):
            found |= _matrix_symbols(list(e))
    return found


def _is_zero_matrix(expr) -> bool:
    if isinstance(expr, ZeroMatrix):
        return True
    if isinstance(expr, sympy.MatrixBase):
        return all(sympy.sympify(e) == 0 for e in expr)
    return sympy.sympify(expr) == 0 or getattr(expr, "is_ZeroMatrix", False) is True


def _powers_as_products(expr):
    """``X**m`` (a positive integer m) as the product ``X·X·…·X``, so that expansion distributes it."""
    from sympy.matrices.expressions import MatMul, MatPow
    return expr.replace(lambda e: isinstance(e, MatPow) and e.exp.is_Integer and e.exp > 1,
                        lambda e: MatMul(*([e.base] * int(e.exp))))


def canonical_difference(lhs, rhs):
    """``lhs − rhs`` in sympy's canonical matrix-expression form: products distributed over sums (integer
    powers first written as products), transposes and inverses of products pushed inside, then collected."""
    diff = sympy.sympify(lhs) - sympy.sympify(rhs)
    diff = diff.doit()
    for _ in range(3):
        expanded = _powers_as_products(diff).expand().doit()
        if expanded == diff:
            break
        diff = expanded
    return diff


def proved_for_every_shape(lhs, rhs) -> str:
    """How the identity reduces to the zero matrix for every shape, or ``""`` when it does not."""
    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    require_one_shape_per_name(lhs, rhs)
    candidates = [("matrix-expression algebra", rhs)]
    if getattr(lhs, "shape", None) == (1, 1) and isinstance(rhs, MatrixExpr):
        candidates.append(("matrix-expression algebra, a 1x1 matrix equals its transpose", rhs.T))
    for how, other in candidates:
        try:
            if _is_zero_matrix(canonical_difference(lhs, other)):
                return how
        except (TypeError, ValueError, AttributeError, NotImplementedError):
            continue
    if isinstance(lhs, MatrixExpr) and isinstance(rhs, MatrixExpr) and noncommutative_zero(lhs - rhs):
        return ("noncommutative normal form: products distributed, W^-1 W = W W^-1 = I cancelled, "
                "1x1 terms equal to their transposes")
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


# --- a normal form for products of matrices: noncommutative polynomials with inverse cancellation -----------

class _Unsupported(Exception):
    """The expression has a part the normal form does not model (a trace, a determinant, an entry, ...)."""


def _shape(expr):
    return tuple(sympy.sympify(d) for d in expr.shape)


class _Atom:
    """A letter of a word: a matrix symbol, its transpose, or the inverse of a word (``inverse`` holds it)."""

    __slots__ = ("name", "shape", "inverse", "transposed", "key")

    def __init__(self, name, shape, *, inverse=None, transposed=False):
        self.name, self.shape, self.inverse, self.transposed = name, shape, inverse, transposed
        # a letter is its name *and* its shape (sympy's MatrixSymbol identity): A (n×k) and A (n×m) are two letters
        self.key = ("inv", inverse[1], transposed) if inverse is not None else ("sym", name, shape, transposed)

    def __eq__(self, other):
        return isinstance(other, _Atom) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def __lt__(self, other):
        return repr(self.key) < repr(other.key)

    def transpose(self) -> "_Atom":
        if self.inverse is not None:  # (W⁻¹)ᵀ = (Wᵀ)⁻¹
            coeff, word = self.inverse[0], _transpose_word(self.inverse[1])
            return _Atom(None, (self.shape[1], self.shape[0]), inverse=(coeff, word))
        return _Atom(self.name, (self.shape[1], self.shape[0]), transposed=not self.transposed)


def _transpose_word(word: tuple) -> tuple:
    return tuple(a.transpose() for a in reversed(word))


def _poly_mul(p: dict, q: dict) -> dict:
    out: dict = {}
    for w1, c1 in p.items():
        for w2, c2 in q.items():
            w = w1 + w2
            out[w] = out.get(w, 0) + c1 * c2
    return out


def _poly_add(p: dict, q: dict, sign=1) -> dict:
    out = dict(p)
    for w, c in q.items():
        out[w] = out.get(w, 0) + sign * c
    return out


def _poly_transpose(p: dict) -> dict:
    return {_transpose_word(w): c for w, c in p.items()}


def _to_poly(e) -> dict:
    """``e`` as {word: scalar coefficient}; a word is a tuple of atoms, the empty word the identity."""
    from sympy.matrices.expressions import (Identity, Inverse, MatAdd, MatMul, MatPow, MatrixSymbol, Transpose,
                                            ZeroMatrix)
    if isinstance(e, MatrixSymbol):
        return {(_Atom(e.name, _shape(e)),): sympy.S.One}
    if isinstance(e, Identity):
        return {(): sympy.S.One}
    if isinstance(e, ZeroMatrix):
        return {}
    if isinstance(e, MatAdd):
        out: dict = {}
        for a in e.args:
            out = _poly_add(out, _to_poly(a))
        return out
    if isinstance(e, MatMul):
        out = {(): sympy.S.One}
        for a in e.args:
            if isinstance(a, MatrixExpr):
                out = _poly_mul(out, _to_poly(a))
            elif isinstance(a, sympy.Expr) and not a.atoms(MatrixSymbol):
                out = {w: c * a for w, c in out.items()}
            else:
                raise _Unsupported(a)
        return out
    if isinstance(e, Transpose):
        return _poly_transpose(_to_poly(e.arg))
    if isinstance(e, Inverse):
        inner = _reduce(_to_poly(e.arg))
        if len(inner) != 1:
            raise _Unsupported(e)  # the inverse of a sum is a letter of its own only in a later version
        (word, coeff), = inner.items()
        if not word:
            return {(): 1 / coeff}
        # (c·W)⁻¹ = c⁻¹·W⁻¹: the letter stands for the inverse of the bare word W (the key is W alone)
        return {(_Atom(None, _shape(e), inverse=(sympy.S.One, word)),): 1 / coeff}
    if isinstance(e, MatPow) and e.exp.is_Integer:
        if e.exp < 0:
            return _to_poly(Inverse(MatPow(e.base, -e.exp).doit()))
        out = {(): sympy.S.One}
        for _ in range(int(e.exp)):
            out = _poly_mul(out, _to_poly(e.base))
        return out
    raise _Unsupported(e)


def _cancel_inverses(word: tuple):
    """One cancellation ``W⁻¹·W → I`` or ``W·W⁻¹ → I`` in ``word``: ``(factor, new word)`` or ``None``."""
    for i, a in enumerate(word):
        if a.inverse is None:
            continue
        coeff, inner = a.inverse
        m = len(inner)
        if word[i + 1:i + 1 + m] == inner:
            return 1 / coeff, word[:i] + word[i + 1 + m:]
        if i >= m and word[i - m:i] == inner:
            return 1 / coeff, word[:i - m] + word[i + 1:]
    return None


def _word_shape(word: tuple):
    return (word[0].shape[0], word[-1].shape[1]) if word else None


def _reduce(p: dict) -> dict:
    """Cancel inverses, orient every 1×1 word (a scalar equals its transpose) and drop zero coefficients."""
    out: dict = {}
    for word, coeff in p.items():
        factor = sympy.S.One
        while True:
            step = _cancel_inverses(word)
            if step is None:
                break
            f, word = step
            factor *= f
        if _word_shape(word) == (1, 1):
            word = min(word, _transpose_word(word), key=lambda w: [repr(a.key) for a in w])
        out[word] = out.get(word, 0) + coeff * factor
    return {w: c for w, c in out.items() if sympy.expand(c) != 0}


def noncommutative_zero(expr) -> bool:
    """Whether ``expr`` (a matrix expression) is zero as a noncommutative polynomial in its letters after
    cancelling every ``W⁻¹W`` and ``WW⁻¹`` and orienting every 1×1 term (sound for every shape where the
    inverses written in ``expr`` exist); ``False`` when it is not, or when ``expr`` has parts it does not model."""
    try:
        return not _reduce(_to_poly(expr))
    except (_Unsupported, TypeError, AttributeError, ValueError, RecursionError):
        return False
