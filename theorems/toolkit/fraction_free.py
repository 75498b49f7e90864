"""Exact linear algebra over a field of rational functions, fraction-free, with one cancellation per entry.

This file contains

* :func:`rational_generators` -- an expression as a rational function of generators (its symbols and every
  non-rational subexpression: function values, derivatives, radicals, trigonometric values);
* :class:`PolynomialMatrices` -- sympy matrices over one polynomial ring ``Q[g_1, ..., g_r]``, each as a matrix
  of numerators over one common denominator, and back to sympy (:meth:`PolynomialMatrices.to_sympy`: one
  ``cancel`` per entry, at the end);
* :func:`fraction_free_adjugate`, :func:`fraction_free_solve` -- ``A · adj = Δ I`` by fraction-free Gauss–Jordan
  elimination (Bareiss: exact divisions only, no gcd) and ``A Y = Δ B`` as ``Y = adj · B``, with an optional
  limit on the number of terms of every polynomial formed (:class:`TermLimitExceeded`);
* :func:`row_product_bound` -- an a-priori bound on the number of terms of ``det A``;
* :func:`occurring_generators`, :func:`cross_cancelled_product` -- which generators a polynomial or quotient uses,
  and a product of two quotients in lowest terms from the cross gcds only;
* :func:`lu_solve_unexpanded` -- sympy's ``LUsolve`` (no expansion, no cancellation) with every pivot chosen non-zero
  at a random rational point, so that no pivot is an expression that vanishes identically.

Arithmetic is exact in ``Q(g_1, ..., g_r)`` with the generators taken as independent indeterminates: a result
holds wherever its denominators are non-zero (relations such as sin² + cos² = 1 are not used), so a caller confirms
each divisor ≢ 0 as a function (:meth:`PolynomialMatrices.require_nonzero`: Δ = sin²z + cos²z − 1 ≠ 0 in the ring is
a disguised 0).  Imports only sympy (and, lazily, the toolkit's zero test for that confirmation).
"""
from __future__ import annotations

import random

import sympy
from sympy import Matrix
from sympy.core.function import AppliedUndef

__all__ = ["TermLimitExceeded", "rational_generators", "PolynomialMatrices", "fraction_free_adjugate", "fraction_free_solve",
           "matrix_product", "row_product_bound", "lu_solve_unexpanded", "occurring_generators", "cross_cancelled_product"]


class TermLimitExceeded(ArithmeticError):
    """A polynomial of the computation has more terms than the limit it was given."""


def rational_generators(expr, mapping: dict):
    """``expr`` with every maximal subexpression that is not a rational combination of symbols replaced by a
    dummy generator (a function value, a derivative, a radical, ...); ``mapping`` records ``subexpression: dummy``."""
    if expr.is_Symbol or expr.is_Rational:
        return expr
    if expr.is_Add or expr.is_Mul:
        return expr.func(*[rational_generators(a, mapping) for a in expr.args])
    if expr.is_Pow and expr.exp.is_Integer:
        return rational_generators(expr.base, mapping) ** expr.exp
    if expr not in mapping:
        mapping[expr] = sympy.Dummy(f"g{len(mapping)}")
    return mapping[expr]


class PolynomialMatrices:
    """Sympy matrices over one ring ``Q[g]``: ``self.matrices[i] = (numerators, denominator)`` with the i-th
    matrix equal to ``numerators / denominator`` (a list of rows of polynomials over one polynomial)."""

    def __init__(self, *matrices):
        mapping: dict = {}
        plain = [Matrix(m).applyfunc(lambda e: rational_generators(sympy.sympify(e), mapping)) for m in matrices]
        generators = sorted(set().union(*(m.free_symbols for m in plain)), key=sympy.default_sort_key)
        self.field = sympy.QQ.frac_field(*generators) if generators else sympy.QQ.frac_field(sympy.Dummy("g"))
        self.ring = self.field.field.ring
        back = {dummy: expr for expr, dummy in mapping.items()}
        self._expressions = [back.get(g, g) for g in self.field.field.symbols]
        self.matrices = [self._common_denominator(m) for m in plain]

    def _common_denominator(self, m: Matrix):
        zero = self.field.zero
        fractions = [[self.field.from_sympy(e) if e != 0 else zero for e in m.row(i)] for i in range(m.rows)]
        denominator = self.ring.one
        for row in fractions:
            for f in row:
                if f.denom != 1 and f.denom != denominator:
                    denominator = denominator.lcm(f.denom)
        return [[f.numer if f.denom == denominator else f.numer * denominator.exquo(f.denom) for f in row]
                for row in fractions], denominator

    @property
    def generator_expressions(self) -> list:
        """The sympy expression of each generator of the ring, in the ring's order (a symbol, or the subexpression
        a dummy generator stands for)."""
        return list(self._expressions)

    def require_nonzero(self, polynomial, what: str, singular=None) -> None:
        """Confirm that a divisor of the computation (a polynomial of the ring) is ≢ 0 as a function of the generator
        expressions, which need not be independent (sin z, cos z): :func:`theorems.toolkit.zero_handling.
        require_nonzero_divisor` (``singular`` raised when it is ≡ 0, ``ZeroUndecided`` when undecided)."""
        from theorems.toolkit.zero_handling import require_nonzero_divisor
        require_nonzero_divisor(polynomial, self._expressions, what, singular)

    def to_expr(self, numerator, denominator):
        """``numerator / denominator`` as one cancelled sympy quotient (the form a ``DomainMatrix`` over the field gives)."""
        if not numerator:
            return sympy.S.Zero
        element = self.field.field.new(numerator, denominator)  # cancels once, normalises the sign
        num = element.numer.as_expr(*self._expressions)
        den = element.denom.as_expr(*self._expressions)
        return num if den == 1 else num / den

    def to_sympy(self, numerators, denominator) -> Matrix:
        """A matrix of numerators over one denominator as a sympy Matrix of cancelled quotients."""
        return Matrix([[self.to_expr(p, denominator) for p in row] for row in numerators])


def _limited(p, max_terms):
    if max_terms is not None and len(p) > max_terms:
        raise TermLimitExceeded(f"a polynomial with {len(p)} terms (limit {max_terms})")
    return p


def _exact_quotient(p, q):
    if q == 1:
        return p
    return p.quo_term(q.LT) if q.is_term else p.exquo(q)


def occurring_generators(polynomials) -> list:
    """The indices of the ring generators that occur in any of ``polynomials`` (in the numerator or denominator,
    for elements of the fraction field), increasing."""
    found = set()
    for p in polynomials:
        for q in ((p.numer, p.denom) if hasattr(p, "numer") else (p,)):
            for monomial in q.itermonoms():
                found.update(i for i, e in enumerate(monomial) if e)
    return sorted(found)


def cross_cancelled_product(x, y):
    """x·y for quotients in lowest terms x = p/q, y = r/s of a field of rational functions, again in lowest terms:
    (p/gcd(p,s))(r/gcd(r,q)) over (q/gcd(r,q))(s/gcd(p,s)), without the gcd of the full products."""
    g1, g2 = x.numer.gcd(y.denom), y.numer.gcd(x.denom)
    return x.field.raw_new(x.numer.exquo(g1) * y.numer.exquo(g2), x.denom.exquo(g2) * y.denom.exquo(g1))


def fraction_free_adjugate(A, ring, max_terms=None):
    """``(adj, Δ)`` with ``A · adj = Δ I`` and Δ = ±det A (adj = ±adj A), for a square matrix of polynomials (lists of
    rows): fraction-free Gauss–Jordan elimination of ``[A | I]`` (Bareiss: every division exact, every entry formed
    is a minor of ``[A | I]``, so no product with Δ is ever expanded).  ``ZeroDivisionError`` when A is singular;
    :class:`TermLimitExceeded` when a polynomial formed has more than ``max_terms`` terms."""
    n = len(A)
    rows = [list(A[i]) + [ring.one if j == i else ring.zero for j in range(n)] for i in range(n)]
    previous = ring.one
    for k in range(n):
        pivot_row = next((i for i in range(k, n) if rows[i][k]), None)
        if pivot_row is None:
            raise ZeroDivisionError("singular matrix")
        rows[k], rows[pivot_row] = rows[pivot_row], rows[k]
        pivot = rows[k][k]
        for i in range(n):
            if i == k:
                continue
            lead = rows[i][k]
            for j in range(k + 1, 2 * n):
                value = pivot * rows[i][j] if rows[i][j] else ring.zero
                if lead and rows[k][j]:
                    value -= lead * rows[k][j]
                rows[i][j] = _limited(_exact_quotient(value, previous), max_terms) if value else value
            rows[i][k] = ring.zero
        previous = pivot
    return [row[n:] for row in rows], previous


def fraction_free_solve(A, B, ring, max_terms=None):
    """``(Y, Δ)`` with ``A Y = Δ B`` and Δ = ±det A, for a square ``A`` and a matrix ``B`` of polynomials (lists of
    rows): ``Y = adj · B`` with the adjugate of :func:`fraction_free_adjugate` (Cramer's numerators; Δ never
    multiplies B).  Raises as :func:`fraction_free_adjugate`, and :class:`TermLimitExceeded` for an entry of Y."""
    adjugate, delta = fraction_free_adjugate(A, ring, max_terms)
    Y = matrix_product(adjugate, B, ring)
    for row in Y:
        for p in row:
            _limited(p, max_terms)
    return Y, delta


def matrix_product(A, B, ring):
    """The product of two matrices of polynomials (lists of rows), skipping zero factors."""
    inner = len(B)
    return [[sum((A[i][m] * B[m][j] for m in range(inner) if A[i][m] and B[m][j]), ring.zero)
             for j in range(len(B[0]) if B else 0)] for i in range(len(A))]


def row_product_bound(A) -> int:
    """``Π_i Σ_j terms(A_ij)``: an upper bound on the number of terms of det A (Leibniz expansion)."""
    bound = 1
    for row in A:
        bound *= max(sum(len(p) for p in row), 1)
    return bound


_FALLBACKS = tuple(sympy.sympify(v) for v in ("1", "2", "1/2", "3", "-1", "-2", "-1/2", "sqrt(2)", "-sqrt(2)", "pi", "0"))


def _honours(atom, value) -> bool:
    """``value`` has every assumption of the symbol, or of the function whose value ``atom`` is (none for a derivative)."""
    from checker.kernel.engine.instances import function_assumptions, satisfies_assumptions
    if isinstance(atom, sympy.Symbol):
        return satisfies_assumptions(value, atom.assumptions0)
    if isinstance(atom, AppliedUndef):
        return satisfies_assumptions(value, {k: v for k, v in function_assumptions(atom.func).items() if v is not None})
    return True


def _random_point(expressions, rng):
    """Random rationals for the symbols, function values and derivatives of ``expressions``: positive, negated for a
    symbol assumed negative or nonpositive, whole for one assumed integer; a value that violates another assumption of
    its symbol (function) is replaced by one that honours every assumption, or the point is None."""
    atoms = set()
    for e in expressions:
        e = sympy.sympify(e)
        atoms |= e.atoms(sympy.Derivative) | e.atoms(AppliedUndef) | e.free_symbols
    point = {}
    for a in sorted(atoms, key=sympy.default_sort_key):
        value = sympy.Integer(rng.randint(1, 97)) if a.is_integer else sympy.Rational(rng.randint(1, 97), rng.randint(1, 13))
        value = -value if (a.is_negative or a.is_nonpositive) else value
        if not _honours(a, value):
            value = next((v for v in _FALLBACKS if _honours(a, v)), None)
            if value is None:
                return None
        point[a] = value
    return point


def _vanishes_at(expr, derivatives: dict, rest: dict) -> bool:
    """``expr`` is zero (or undefined) at the point: exactly when it evaluates to a rational, else to 30 digits."""
    value = sympy.sympify(expr).xreplace(derivatives).xreplace(rest)
    if value.has(sympy.Subs):
        value = value.doit()  # a derivative at a point, now of a constant
    if value.is_Rational:
        return value == 0
    try:
        number = sympy.N(value, 30)
    except (TypeError, ValueError, ArithmeticError):
        return True
    return not number.is_finite or not number.is_number or abs(number) < sympy.Float("1e-20")


def lu_solve_unexpanded(A: Matrix, B: Matrix, seed: int = 0) -> Matrix:
    """``A⁻¹B`` by sympy's ``LUsolve`` (entries left unexpanded) with pivots chosen non-zero at a random rational point
    (values honouring every assumption of each symbol and function): elimination at the point follows the symbolic
    one, so a pivot non-zero there is ≢ 0.  ``NonInvertibleMatrixError`` when no such pivot is found at two points
    (A singular, or both points unlucky)."""
    A, B = Matrix(A), Matrix(B)
    rng = random.Random(seed)
    for _ in range(2):
        point = _random_point(list(A) + list(B), rng)
        if point is None:  # no value honours the assumptions: no point may decide a pivot
            from theorems.toolkit.zero_handling import ZeroUndecided
            raise ZeroUndecided("no point honouring every assumption to choose the pivots of LUsolve at")
        derivatives = {a: v for a, v in point.items() if isinstance(a, sympy.Derivative)}
        rest = {a: v for a, v in point.items() if not isinstance(a, sympy.Derivative)}
        try:
            return A.LUsolve(B, iszerofunc=lambda e: _vanishes_at(e, derivatives, rest))
        except ValueError:
            continue
    raise sympy.matrices.exceptions.NonInvertibleMatrixError("no pivot non-zero at two random points: A is singular")
