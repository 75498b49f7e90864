"""The toolkit's one zero test and the generic linear algebra built on it (rank, kernel, solve).

Every decision function of :mod:`theorems` decides "is this expression identically zero?" here:

* :func:`zero_state` -- three states ``zero | nonzero | undecided``.  Fast exact stages first: ``expand``/
  ``cancel``; a rational function of independent symbols that does not cancel is non-zero; a polynomial in
  ``sin u, cos u`` (``sinh u, cosh u``) reduced modulo ``sin²u + cos²u − 1`` (``cosh²u − sinh²u − 1``) is zero iff
  its normal form is 0 (and, for independent symbol arguments, non-zero otherwise).  Anything else goes to the
  kernel's :func:`checker.kernel.engine.zero.zero_test` (trigonometric/power rewriting and ``simplify`` under a time limit,
  random points honouring every assumption, each non-zero point re-checked).  Results are cached.
* :func:`eliminate` -- Gaussian elimination over the field of functions where every pivot is shown non-zero and
  every entry treated as zero is shown zero; otherwise :class:`ZeroUndecided` is raised.
* :func:`generic_rank`, :func:`pivot_columns`, :func:`kernel_basis`, :func:`solve_linear` on top of it, with the
  rank cross-checked by the numerical rank at random points honouring assumptions (:func:`rank_at_points`).
* :func:`witness_point` -- a point (values honouring assumptions) where a non-zero expression is non-zero,
  re-checked.
* :func:`divisor_is_zero`, :func:`require_nonzero_divisor` -- the divisor of an exact solve over independent
  indeterminates (Δ = det of a fraction-free elimination) confirmed ≢ 0 as a function.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

import mpmath
import sympy
from sympy import Matrix
from sympy.core.function import AppliedUndef

from checker.kernel.engine.instances import admissible_value, satisfies_assumptions
from checker.kernel.engine.symbolic import TimeLimit, has_inexact, inexact_numbers, inexact_reason, time_limit, zero_as_rational_function
from checker.kernel.engine.zero import ZeroTest, zero_test

__all__ = ["ZeroUndecided", "zero_state", "reduced_form", "is_zero", "all_zero", "require_zero_state", "eliminate",
           "apply_row_operations", "back_substitute", "generic_rank", "pivot_columns", "kernel_basis", "solve_linear",
           "rank_at_points", "rational_ranks_at_points", "random_point", "witness_point", "normalise_function_arguments",
           "independent_generators", "divisor_is_zero", "require_nonzero_divisor"]

#: assumptions under which the value set of a symbol is infinite and open-dense enough for a non-zero polynomial
_OPEN_FACTS = frozenset({"real", "complex", "positive", "negative", "nonzero", "nonnegative", "nonpositive",
                         "commutative", "finite", "infinite", "extended_real", "extended_positive", "extended_negative",
                         "extended_nonzero", "extended_nonnegative", "extended_nonpositive", "hermitian", "imaginary",
                         "algebraic", "transcendental", "irrational", "noninteger"})
_ZERO_SECONDS = 2.0


class ZeroUndecided(ArithmeticError):
    """A zero test the toolkit could not settle; ``reason`` says which expression and why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _open_symbol(s) -> bool:
    facts = {k for k, v in s.assumptions0.items() if v is True}
    return not s.assumptions0.get("zero") and facts <= _OPEN_FACTS


def _rational_in_symbols(expr) -> bool:
    """A rational function with rational coefficients of Symbols whose value sets are infinite open sets (so that
    ``cancel`` decides zero)."""
    expr = sympy.sympify(expr)
    if expr.is_Symbol:
        return _open_symbol(expr)
    if expr.is_Rational:
        return True
    if expr.is_Add or expr.is_Mul:
        return all(_rational_in_symbols(a) for a in expr.args)
    if expr.is_Pow:
        return expr.exp.is_Integer and _rational_in_symbols(expr.base)
    return False


def _atom_argument(a) -> bool:
    """An open Symbol, or a curve: an undefined function of open Symbols (``x(t)``)."""
    if isinstance(a, sympy.Symbol):
        return _open_symbol(a)
    return isinstance(a, AppliedUndef) and all(isinstance(b, sympy.Symbol) and _open_symbol(b) for b in a.args)


def _independent_atoms(expr):
    """``expr`` with values of undefined functions at atom arguments (open Symbols, curves ``x(t)``), and their
    derivatives with respect to those arguments, replaced by fresh Symbols.  For generic functions these values are
    independent at a generic point (distinct argument tuples are distinct points), so a rational function of them
    that does not cancel is non-zero for some admissible functions and point.  Unchanged when another kind of
    application (a composite argument, a ``Subs``) occurs."""
    applications = expr.atoms(AppliedUndef)
    if not applications or expr.atoms(sympy.Subs):
        return expr
    if not all(all(_atom_argument(a) for a in app.args) and not app.is_zero for app in applications):
        return expr
    derivatives = expr.atoms(sympy.Derivative)
    if not all(isinstance(d.expr, AppliedUndef) and all(v in d.expr.args for v, _ in d.variable_count) for d in derivatives):
        return expr
    mapping = {d: sympy.Dummy("d") for d in derivatives}
    mapping.update({a: sympy.Dummy("f") for a in applications})
    return expr.xreplace(mapping)


_PAIRS = ((sympy.sin, sympy.cos, 1), (sympy.sinh, sympy.cosh, -1))


def _circle_reduce(polynomial):
    """``(normal form, circles, back)`` of a polynomial in sin/cos (sinh/cosh) modulo s² + c² = 1 (c² − s² = 1), with the
    circle variables as Dummies (``back`` maps them to the functions), or None when it is not such a polynomial."""
    mapping, relations, circles = {}, [], []
    for sine, cosine, sign in _PAIRS:
        for u in sorted({a.args[0] for a in polynomial.atoms(sine, cosine)}, key=sympy.default_sort_key):
            s, c = sympy.Dummy("s"), sympy.Dummy("c")
            mapping[sine(u)], mapping[cosine(u)] = s, c
            relations.append(c**2 + sign * s**2 - 1)
            circles.append((u, s, c))
    if not circles:
        return polynomial, [], {}
    plain = polynomial.xreplace(mapping)
    if plain.has(sympy.sin, sympy.cos, sympy.sinh, sympy.cosh):
        return None
    generators = [c for _, _, c in circles] + [s for _, s, _ in circles]
    try:
        _, remainder = sympy.reduced(plain, relations, *generators)
    except Exception:  # noqa: BLE001 - not a polynomial in them
        return None
    return sympy.expand(remainder), circles, {d: f for f, d in mapping.items()}


def _rewritten(expr):
    expr = expr.rewrite(sympy.tan, sympy.sin).rewrite(sympy.cot, sympy.sin).rewrite(sympy.sec, sympy.cos) \
        .rewrite(sympy.csc, sympy.sin).rewrite(sympy.tanh, sympy.sinh).rewrite(sympy.coth, sympy.sinh)
    return sympy.expand_trig(expr)


def _circle_normal_form(expr):
    """``(numerator normal form, certain)`` of ``expr`` modulo s² + c² = 1 (sinh/cosh: c² − s² = 1), or None.

    ``certain``: every trigonometric argument is a plain open Symbol and nothing else is non-rational, so a non-zero
    normal form (degree ≤ 1 in each c) is a non-zero function.
    """
    if not expr.atoms(sympy.sin, sympy.cos, sympy.sinh, sympy.cosh, sympy.tan, sympy.cot, sympy.sec, sympy.csc,
                      sympy.tanh, sympy.coth):
        return None
    numerator = sympy.expand(sympy.fraction(sympy.together(_rewritten(expr)))[0])
    reduced = _circle_reduce(numerator)
    if reduced is None:
        return None
    remainder, circles, back = reduced
    rest = remainder.xreplace({d: sympy.Dummy(f"g{i}", real=True) for i, d in enumerate(back)})
    certain = (all(isinstance(u, sympy.Symbol) and _open_symbol(u) for u, _, _ in circles)
               and _rational_in_symbols(rest))
    return remainder, certain


def _has_denominator(expr) -> bool:
    """A power with a negative exponent occurs (so ``cancel`` may have something to reduce)."""
    return any(p.exp.is_negative for p in expr.atoms(sympy.Pow))


def reduced_form(expr):
    """``expand(expr)``, then ``cancel(together(...))`` only when a denominator remains: zero exactly when ``expr`` is zero
    as a rational function of its generators (a polynomial in them needs no ``cancel``, which costs more than ``expand``)."""
    expanded = sympy.expand(expr)
    return sympy.cancel(sympy.together(expanded)) if _has_denominator(expanded) else expanded


#: a value-preserving rewrite of a user's expression (``factor``, ``simplify``) gets this long, then it is kept as it is
REWRITE_SECONDS = 2.0


def rewritten_within(expr, rewrite=sympy.factor, seconds: float = REWRITE_SECONDS):
    """``rewrite(expr)`` when sympy finishes it within ``seconds``, else ``expr`` unchanged: the same value either way.

    For rewrites that only change how an expression is written (``factor``, ``simplify``, ``cancel``): a decision
    taken on either form is the same decision, at most less often settled (a sign visible only when factored)."""
    try:
        with time_limit(seconds):
            return rewrite(expr)
    except (TimeLimit, Exception):  # noqa: BLE001 - the unrewritten expression is equal
        return expr


def simplified_within(expr, seconds: float = REWRITE_SECONDS):
    """``simplify(cancel(expr))`` within ``seconds``, else ``cancel(expr)`` (within ``seconds``), else ``expr``."""
    cancelled = rewritten_within(expr, sympy.cancel, seconds)
    return rewritten_within(cancelled, sympy.simplify, seconds)


@lru_cache(maxsize=8192)
def canonical(expr):
    """An expression equal to ``expr`` (where both are defined): cancelled (expanded when it has no denominator), with
    numerator and denominator reduced modulo sin² + cos² = 1 and cosh² − sinh² = 1 when they are polynomials in sin/cos
    (sinh/cosh).  Keeps eliminations small."""
    expr = sympy.sympify(expr)
    expr = sympy.cancel(sympy.together(expr)) if _has_denominator(expr) else sympy.expand(expr)
    if not expr.atoms(sympy.sin, sympy.cos, sympy.sinh, sympy.cosh, sympy.tan, sympy.cot, sympy.sec, sympy.csc):
        return expr
    try:
        numerator, denominator = sympy.fraction(sympy.together(_rewritten(expr)))
        parts = [_circle_reduce(sympy.expand(part)) for part in (numerator, denominator)]
    except Exception:  # noqa: BLE001
        return expr
    if any(p is None for p in parts):
        return expr
    (num, _, back_n), (den, _, back_d) = parts
    num, den = num.xreplace(back_n), den.xreplace(back_d)
    if den == 0:
        return expr
    candidate = sympy.cancel(num / den)
    return candidate if sympy.count_ops(candidate) <= sympy.count_ops(expr) else expr


@lru_cache(maxsize=8192)
def _cached_state(expr, seconds: float) -> ZeroTest:
    if has_inexact(expr):
        return ZeroTest("undecided", f"not decided: {inexact_reason(inexact_numbers(expr), sympy.sstr(expr))}")
    if expr == 0:
        return ZeroTest("zero", "is 0")
    if expr.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        return ZeroTest("undecided", f"{sympy.sstr(expr)} is not a finite expression")
    if zero_as_rational_function(expr):  # the kernel's exact test, without the expanded intermediate
        return ZeroTest("zero", "reduces to 0 (expand/cancel)")
    try:
        reduced = reduced_form(expr)
    except Exception:  # noqa: BLE001 - leave it to the kernel
        reduced = expr
    if reduced == 0:
        return ZeroTest("zero", "reduces to 0 (expand/cancel)")
    if reduced.has(sympy.zoo, sympy.nan):
        return ZeroTest("undecided", f"{sympy.sstr(expr)} is not a finite expression")
    if _rational_in_symbols(_independent_atoms(reduced)):
        return ZeroTest("nonzero", "a rational function of independent symbols (and function values) that does not cancel")
    try:
        circle = _circle_normal_form(reduced)
    except Exception:  # noqa: BLE001
        circle = None
    if circle is not None:
        remainder, certain = circle
        if remainder == 0:
            return ZeroTest("zero", "reduces to 0 modulo sin² + cos² = 1 / cosh² − sinh² = 1")
        if certain:
            return ZeroTest("nonzero", "its normal form modulo sin² + cos² = 1 / cosh² − sinh² = 1 is not 0")
    if not reduced.atoms(AppliedUndef, sympy.Derivative, sympy.Subs):
        point = _certified_nonzero_point(reduced)
        if point is not None:
            return ZeroTest("nonzero", "non-zero at a point (certified evalf, values honouring every assumption)", point)
    return zero_test(expr, seconds=seconds, samples=8)


def _certified_nonzero_point(expr, tries: int = 6, seconds: float = 1.0) -> dict | None:
    """A point (exact values honouring every assumption) where ``expr`` evaluates non-zero with certified precision."""
    try:
        with time_limit(seconds):
            found = _nonzero_point(expr, random.Random(0), tries)
    except TimeLimit:
        return None
    if found is None:
        return None
    point, value = found
    return {**{str(k): sympy.sstr(v) for k, v in point.items()}, "value": sympy.sstr(value)}


def _nonzero_point(expr, rng, tries: int):
    """``(point, value)``: exact values honouring every assumption where ``expr`` is certified non-zero, or None."""
    for _ in range(tries):
        point = random_point(expr.free_symbols, rng)
        if point is None:
            return None
        try:
            value = sympy.N(expr.xreplace(point), 20, strict=True)
        except Exception:  # noqa: BLE001 - undefined there, or precision not certified
            continue
        if value.is_number and value.is_finite and value != 0:
            return point, value
    return None


def independent_generators(generators) -> bool:
    """Every generator is an open Symbol, a curve value x(t) at open Symbols (of a function with open assumptions), or
    its derivative in those arguments: values independent at a generic point, so a polynomial over ℚ in them that is
    not 0 in the ring is ≢ 0 (and one that is 0 is ≡ 0)."""
    for g in generators:
        if isinstance(g, sympy.Derivative):
            if not (isinstance(g.expr, AppliedUndef) and all(v in g.expr.args for v, _ in g.variable_count)):
                return False
            g = g.expr
        if isinstance(g, sympy.Symbol):
            if not _open_symbol(g):
                return False
        elif isinstance(g, AppliedUndef):
            facts = {k for k, v in (getattr(g.func, "default_assumptions", {}) or {}).items() if v is True}
            if g.is_zero or not facts <= _OPEN_FACTS or not all(_atom_argument(a) for a in g.args):
                return False
        else:
            return False
    return True


def divisor_is_zero(polynomial, generators) -> bool | None:
    """Is the polynomial over ℚ (a ring element), evaluated at the generator expressions, ≡ 0?  For a divisor of an
    exact solve over independent indeterminates (Bareiss' Δ, a Gram determinant): False at once when it is not 0 in
    the ring and the generators are independent (:func:`independent_generators`), else :func:`zero_state` of the
    expression (sin z and cos z are not independent: Δ = sin²z + cos²z − 1 is a disguised 0).  None: undecided."""
    if not polynomial:
        return True
    if independent_generators(generators):
        return False
    return zero_state(polynomial.as_expr(*generators)).is_zero


def require_nonzero_divisor(polynomial, generators, what: str, singular=None) -> None:
    """Raise unless the divisor (see :func:`divisor_is_zero`) is shown ≢ 0: ``singular`` (an exception, by default
    ``ZeroDivisionError``) when it is shown ≡ 0, :class:`ZeroUndecided` when undecided."""
    state = divisor_is_zero(polynomial, generators)
    if state is False:
        return
    shown = sympy.sstr(polynomial.as_expr(*generators)) if polynomial else "0"
    if state is True:
        raise (singular or ZeroDivisionError)(f"{what} = {shown} is ≡ 0")
    raise ZeroUndecided(f"could not decide whether {what} = {shown} is ≡ 0")


def zero_state(expr, seconds: float = _ZERO_SECONDS) -> ZeroTest:
    """Decide ``expr ≡ 0`` (for every admissible value of its symbols and functions): ``zero | nonzero | undecided``."""
    return _cached_state(sympy.sympify(expr), float(seconds))


def is_zero(expr) -> bool | None:
    """True (shown ≡ 0), False (shown ≢ 0) or None (undecided)."""
    return zero_state(expr).is_zero


def all_zero(exprs) -> bool | None:
    """True when every expression is shown ≡ 0, False when one is shown ≢ 0, None otherwise."""
    states = [zero_state(e).is_zero for e in exprs]
    return False if False in states else (None if None in states else True)


def require_zero_state(expr, what: str = "") -> bool:
    """``is_zero`` that raises :class:`ZeroUndecided` instead of returning None."""
    answer = zero_state(expr)
    if answer.is_zero is None:
        raise ZeroUndecided(f"could not decide whether {what + ' ' if what else ''}{sympy.sstr(expr)} ≡ 0: {answer.reason}")
    return answer.is_zero


# ---------------------------------------------------------------------------
# elimination over the field of functions
# ---------------------------------------------------------------------------

def eliminate(M, operations: list | None = None) -> tuple:
    """Row echelon form of ``M``: ``(rows, pivots)`` with ``pivots`` a list of ``(row, column)``; every pivot is
    shown ≢ 0 and every entry below and right of the last pivot is shown ≡ 0 (else :class:`ZeroUndecided`).

    ``operations``, when given a list, receives the row operations in order, ``("swap", r, p)`` and
    ``("subtract", i, r, factor)`` (row i −= factor · row r), for :func:`apply_row_operations`."""
    M = Matrix(M)
    floats = inexact_numbers(M)
    if floats:  # canonical forms of float entries are rounded: an entry could cancel to a false 0
        raise ZeroUndecided(f"not decided: {inexact_reason(floats, 'the matrix')}")
    rows = [[canonical(e) for e in M.row(i)] for i in range(M.rows)]
    pivots, r = [], 0
    for c in range(M.cols):
        if r == len(rows):
            break
        states = {}
        for p in range(r, len(rows)):
            if rows[p][c] != 0:
                states[p] = zero_state(rows[p][c]).is_zero
                if states[p] is True:
                    rows[p][c] = sympy.S.Zero
        candidates = [p for p, z in states.items() if z is False]
        if not candidates:
            if any(z is None for z in states.values()):
                undecided = next(rows[p][c] for p, z in states.items() if z is None)
                raise ZeroUndecided(f"could not decide whether the entry {sympy.sstr(undecided)} is ≡ 0")
            continue
        p = min(candidates, key=lambda i: sympy.count_ops(rows[i][c]))
        rows[r], rows[p] = rows[p], rows[r]
        if operations is not None and p != r:
            operations.append(("swap", r, p))
        pivot = rows[r][c]
        for i in range(r + 1, len(rows)):
            if rows[i][c] == 0:
                continue
            factor = rows[i][c] / pivot
            if operations is not None:
                operations.append(("subtract", i, r, factor))
            rows[i] = [sympy.S.Zero if k == c else (canonical(rows[i][k] - factor * rows[r][k])
                                                    if k > c else rows[i][k]) for k in range(M.cols)]
        pivots.append((r, c))
        r += 1
    for i in range(r, len(rows)):  # rows without a pivot must be shown zero
        for k in range(M.cols):
            if rows[i][k] != 0:
                if not require_zero_state(rows[i][k], "the entry"):
                    raise ZeroUndecided(f"elimination left the non-zero entry {sympy.sstr(rows[i][k])} below the pivots")
                rows[i][k] = sympy.S.Zero
    return rows, pivots


def apply_row_operations(operations: list, vector) -> list:
    """The recorded row operations of :func:`eliminate` applied to a column vector (entries kept :func:`canonical`)."""
    w = [canonical(e) for e in vector]
    for operation in operations:
        if operation[0] == "swap":
            _, r, p = operation
            w[r], w[p] = w[p], w[r]
        else:
            _, i, r, factor = operation
            if w[r] != 0:
                w[i] = canonical(w[i] - factor * w[r])
    return w


def back_substitute(rows, pivots, vector) -> list:
    """Coefficients x with ``x[c] = 0`` off the pivot columns and ``Σ_c rows[r][c] x[c] = vector[r]`` for every pivot
    row r of an echelon form from :func:`eliminate` (``vector`` already transformed by :func:`apply_row_operations`)."""
    x = [sympy.S.Zero] * (len(rows[0]) if rows else 0)
    for r, c in reversed(pivots):
        total = vector[r] - sum((rows[r][k] * x[k] for k in range(c + 1, len(x)) if x[k] != 0), sympy.S.Zero)
        x[c] = reduced_form(total / rows[r][c]) if total != 0 else sympy.S.Zero
    return x


def _numeric_rank_checked(M: Matrix, rank: int, seed: int = 0, samples: int = 3) -> None:
    """Cross-check a symbolic rank by the rank at random points: never above it, and equal at one point at least.

    Exact ranks over Q at rational points when every entry evaluates to a rational number there
    (:func:`rational_ranks_at_points`), else numerical ranks (:func:`rank_at_points`)."""
    ranks = rational_ranks_at_points(M, rank, samples=samples, seed=seed)
    if ranks is None:
        ranks = rank_at_points(M, samples=samples, seed=seed)
    if ranks is None:
        return
    if any(r > rank for r in ranks):
        raise ZeroUndecided(f"symbolic rank {rank} but rank {max(ranks)} at a random point")
    if ranks and max(ranks) < rank:
        raise ZeroUndecided(f"symbolic rank {rank} but rank ≤ {max(ranks)} at every random point tried")


def pivot_columns(M) -> list:
    """Pivot columns of ``M`` (linearly independent; their number is the generic rank), cross-checked at points."""
    M = Matrix(M)
    _, pivots = eliminate(M)
    _numeric_rank_checked(M, len(pivots))
    return [c for _, c in pivots]


def generic_rank(M) -> int:
    """The rank of ``M`` over the field of functions: min(rows, cols) when a minor of that size is non-zero at an
    admissible rational point (:func:`full_rank_at_a_rational_point`), else shown by elimination (cross-checked at
    random points)."""
    M = Matrix(M)
    if full_rank_at_a_rational_point(M):
        return min(M.shape)
    return len(pivot_columns(M))


def full_rank_at_a_rational_point(M: Matrix, samples: int = 3, seed: int = 0) -> bool:
    """True when ``M``'s entries are rational functions of its symbols and ``M`` has rank min(rows, cols), computed
    exactly over Q, at a random rational point honouring the symbols' assumptions.

    Then some minor of that size is a rational function that is non-zero at an admissible point, so it is not
    ≡ 0 and the generic rank is min(rows, cols), the most it can be.  False says nothing (a rank lost at the points
    tried, a function value or a radical in an entry)."""
    full = min(M.shape)
    if not full or inexact_numbers(M):
        return False
    symbols = sorted(M.free_symbols, key=str)
    if not all(isinstance(s, sympy.Symbol) and s.is_commutative for s in symbols) or \
            not all(sympy.sympify(e).is_rational_function(*symbols) for e in M):
        return False
    ranks = rational_ranks_at_points(M, full, samples=samples, seed=seed)
    return bool(ranks) and max(ranks) == full


def kernel_basis(M) -> list:
    """A basis of ``{v : M v = 0}`` over the field of functions, each vector re-checked (``M v`` shown ≡ 0)."""
    M = Matrix(M)
    rows, pivots = eliminate(M)
    pivot_cols = [c for _, c in pivots]
    _numeric_rank_checked(M, len(pivot_cols))
    basis = []
    for free in [c for c in range(M.cols) if c not in pivot_cols]:
        v = [sympy.S.Zero] * M.cols
        v[free] = sympy.S.One
        for r, c in reversed(pivots):
            total = sum((rows[r][k] * v[k] for k in range(c + 1, M.cols)), sympy.S.Zero)
            v[c] = sympy.cancel(sympy.together(-total / rows[r][c]))
        vector = Matrix(v)
        for e in M * vector:
            if not require_zero_state(e, "a component of M v"):
                raise ZeroUndecided("a constructed kernel vector is not annihilated")
        basis.append(vector)
    return basis


def solve_linear(A, b) -> Matrix | None:
    """The solution x of ``A x = b`` for square ``A`` shown invertible (None when A is shown singular)."""
    A, b = Matrix(A), Matrix(b)
    rows, pivots = eliminate(Matrix.hstack(A, b))  # pivots in A's columns first: their number is rank A
    if [c for _, c in pivots][:A.cols] != list(range(A.cols)):
        return None
    x = [sympy.S.Zero] * A.cols
    for r, c in reversed(pivots[:A.cols]):
        total = rows[r][A.cols] - sum((rows[r][k] * x[k] for k in range(c + 1, A.cols)), sympy.S.Zero)
        x[c] = reduced_form(total / rows[r][c])
    solution = Matrix(x)
    for e in A * solution - b:
        if not require_zero_state(e, "a component of A x − b"):
            raise ZeroUndecided("the solution of A x = b does not check out")
    return solution


# ---------------------------------------------------------------------------
# random points honouring assumptions
# ---------------------------------------------------------------------------

def random_point(symbols, rng: random.Random) -> dict | None:
    """Values for ``symbols`` drawn like the kernel's instances (every assumption honoured), or None."""
    point = {}
    for s in sorted(symbols, key=str):
        raw = (rng.randint(0, 3), rng.randint(-1000, 1000), rng.randint(1, 997), rng.randint(-2, 2), rng.randint(0, 3))
        value = admissible_value(s, raw)
        if value is None:
            return None
        point[s] = value
    return point


def _rational_point(symbols, rng: random.Random, tries: int = 8) -> dict | None:
    """Random rationals p/q (|p| ≤ 97, q ≤ 13) honouring every assumption of ``symbols``, or None."""
    point = {}
    for s in symbols:
        for _ in range(tries):
            value = sympy.Rational(rng.randint(-97, 97), rng.randint(1, 13))
            if satisfies_assumptions(value, s.assumptions0):
                point[s] = value
                break
        else:
            return None
    return point


def _rank_over_q(rows: list) -> int:
    """The rank of a matrix of Fractions (lists of rows), by Gaussian elimination."""
    rows = [list(r) for r in rows]
    rank, cols = 0, len(rows[0]) if rows else 0
    for c in range(cols):
        pivot = next((i for i in range(rank, len(rows)) if rows[i][c] != 0), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for i in range(rank + 1, len(rows)):
            if rows[i][c] != 0:
                factor = rows[i][c] / rows[rank][c]
                rows[i] = [a - factor * b for a, b in zip(rows[i], rows[rank])]
        rank += 1
    return rank


def rational_ranks_at_points(M, expected: int, samples: int = 3, seed: int = 0) -> list | None:
    """Exact ranks of ``M`` over Q at random rational points (values honouring assumptions), drawn until one reaches
    ``expected`` (or exceeds it) or ``samples`` points were tried; None when an entry is not a rational number at a
    rational point (a function value, a radical: use :func:`rank_at_points`) or no such point was drawn."""
    M = Matrix(M)
    if not M.rows or not M.cols or M.atoms(AppliedUndef, sympy.Derivative, sympy.Subs):
        return None  # function values have no rational point here (and a derivative cannot be taken at a number)
    symbols = sorted(M.free_symbols, key=str)
    rng = random.Random(seed)
    ranks = []
    for _ in range(4 * samples):
        if len(ranks) == samples or (ranks and ranks[-1] >= expected):
            break
        point = _rational_point(symbols, rng)
        if point is None:
            return None
        values = [e.xreplace(point) for e in M]
        if not all(v.is_Rational for v in values):
            if any(v.has(sympy.zoo, sympy.nan) for v in values):
                continue  # a pole at this point
            return None
        ranks.append(_rank_over_q([[Fraction(int(v.p), int(v.q)) for v in values[i * M.cols:(i + 1) * M.cols]]
                                   for i in range(M.rows)]))
    return ranks or None


def rank_at_points(M, samples: int = 3, seed: int = 0, dps: int = 30) -> list | None:
    """The numerical rank of ``M`` at random points (30 digits, singular values below 10^-20 relative, or below
    10^-(dps-10) absolute, count as 0).

    None when the entries have undefined functions (no point can be drawn here) or no point is inside the domain.
    """
    M = Matrix(M)
    if M.atoms(AppliedUndef, sympy.Derivative, sympy.Subs) or not M.rows or not M.cols:
        return None
    symbols = sorted(M.free_symbols, key=str)
    rng = random.Random(seed)
    try:
        function = sympy.lambdify(symbols, M, modules="mpmath")
    except Exception:  # noqa: BLE001
        return None
    ranks = []
    for _ in range(4 * samples):
        if len(ranks) == samples:
            break
        point = random_point(symbols, rng)
        if point is None:
            return None
        with mpmath.workdps(dps):
            try:
                values = mpmath.matrix(function(*[p._to_mpmath(int(dps * 3.4) + 16) for p in point.values()]))
                if any(not mpmath.isfinite(v) for v in values):
                    continue
                complex_entries = any(mpmath.im(mpmath.mpmathify(v)) != 0 for v in values)
                singular = (mpmath.svd_c if complex_entries else mpmath.svd_r)(values, compute_uv=False)
            except (ZeroDivisionError, ValueError, TypeError, OverflowError, ArithmeticError):
                continue
            largest = max([abs(s) for s in singular] + [mpmath.mpf(0)])
            # relative 10^-20, and never below 10^-(dps-10): a disguised 0 (sin² + cos² − 1) evaluates to rounding
            # noise, which is not a singular value of its own
            floor = max(largest * mpmath.mpf(10) ** (-20), mpmath.mpf(10) ** (-(dps - 10)))
            ranks.append(sum(1 for s in singular if abs(s) > floor))
    return ranks or None


def witness_point(expr, seed: int = 0, tries: int = 24) -> dict | None:
    """A point where ``expr`` (shown ≢ 0) is non-zero: exact values honouring assumptions, the value re-checked by
    certified evaluation; the kernel's point when ``expr`` has undefined functions.  None if none was found."""
    expr = sympy.sympify(expr)
    if expr.atoms(AppliedUndef, sympy.Derivative, sympy.Subs):
        state = zero_state(expr)
        return dict(state.point) if state.state == "nonzero" and state.point else None
    found = _nonzero_point(expr, random.Random(seed), tries)
    if found is not None:
        point, value = found
        return {**{str(k): v for k, v in point.items()}, "value": value}
    state = zero_state(expr)
    return dict(state.point) if state.state == "nonzero" and state.point else None


# ---------------------------------------------------------------------------
# undefined functions with equal arguments
# ---------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _simplest(argument):
    """``simplify(argument)`` (under a time limit) when it is shorter and shown equal to ``argument``, else ``argument``."""
    if argument.is_Symbol or argument.is_number and argument.is_Rational or not argument.free_symbols and argument.is_Atom:
        return argument
    try:
        with time_limit(1.0):
            candidate = sympy.simplify(argument)
    except (TimeLimit, Exception):  # noqa: BLE001 - no simpler form
        return argument
    if sympy.count_ops(candidate) < sympy.count_ops(argument) and zero_state(argument - candidate).is_zero is True:
        return candidate
    return argument


def normalise_function_arguments(expr):
    """``expr`` with each argument of an undefined function (and each point of a ``Subs``) replaced by a shorter form
    shown equal to it (``U(sin²q + cos²q) → U(1)``), then applications ``f(a)``, ``f(b)`` merged when ``a − b`` is shown
    ≡ 0 componentwise.  Sound: only equalities shown by :func:`zero_state` are used."""
    expr = sympy.sympify(expr)
    mapping = {}
    for app in expr.atoms(AppliedUndef):  # each argument in its simplest form shown equal to it
        arguments = tuple(_simplest(a) for a in app.args)
        if arguments != app.args:
            mapping[app] = app.func(*arguments)
    for sub in expr.atoms(sympy.Subs):
        point = tuple(_simplest(a) for a in sub.point)
        if point != tuple(sub.point):
            new = sympy.Subs(sub.expr, sub.variables, point)
            mapping[sub] = new.doit() if all(isinstance(a, sympy.Symbol) or a.is_number for a in point) else new
    if mapping:
        expr = expr.xreplace(mapping)
    mapping = {}
    applications = sorted(expr.atoms(AppliedUndef), key=lambda a: (sympy.count_ops(a), sympy.default_sort_key(a)))
    for i, app in enumerate(applications):
        if app in mapping:
            continue
        for other in applications[i + 1:]:
            if other in mapping or other.func != app.func or len(other.args) != len(app.args):
                continue
            if all(zero_state(a - b).is_zero is True for a, b in zip(app.args, other.args)):
                mapping[other] = app
    if mapping:
        expr = expr.xreplace(mapping)
    mapping = {}  # derivatives at composite arguments: Subs(∂f(y), y, a) and Subs(∂f(y), y, b) with a − b ≡ 0
    substitutions = sorted(expr.atoms(sympy.Subs), key=lambda a: (sympy.count_ops(a), sympy.default_sort_key(a)))
    for i, sub in enumerate(substitutions):
        if sub in mapping:
            continue
        for other in substitutions[i + 1:]:
            if other in mapping or other.expr != sub.expr or other.variables != sub.variables:
                continue
            if all(zero_state(a - b).is_zero is True for a, b in zip(sub.point, other.point)):
                mapping[other] = sub
    return expr.xreplace(mapping) if mapping else expr
