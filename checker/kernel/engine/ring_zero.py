"""An exact zero test by polynomial arithmetic over the expression tree, without expanding it as sympy trees.

Every node of ``expr`` that is not a rational number, a sum, a product or an integer power is taken as an
independent indeterminate g_1, …, g_m; the sums, products and powers are then carried out in ℚ[g_1, …, g_m] on
(numerator, denominator) pairs.  A zero numerator over a non-zero denominator means ``expr`` is 0 as a rational
function of independent indeterminates, hence 0 at every value of them where it is defined: a proof, never a guess.
Sympy's own route to the same question (``sfield``) first writes the numerator and denominator out with ``expand``,
which builds every term of the product as a sympy tree; the ring does the same arithmetic on dictionaries.
"""
from __future__ import annotations

import sympy
from sympy.core.function import AppliedUndef
from sympy.polys.rings import PolyRing

#: more indeterminates than this: not attempted here (each monomial is a tuple of this length)
MAX_GENERATORS = 400


class _Undecided(Exception):
    """The ring cannot answer (a zero denominator, or too many indeterminates)."""


def zero_by_ring_arithmetic(expr):
    """True when ``expr`` is 0 in ℚ(indeterminates) (see the module docstring); False when it is not and every
    indeterminate is plain (:func:`_plain`), so that no rewriting of an indeterminate by ``expand`` could make it 0
    either; None otherwise (not decided here, and always for what does not commute).  A float is an indeterminate
    like any other atom (never equal to a rational): the kernel does not send floats here."""
    zero, _, plain = _ring_answer(expr)
    if zero is None or zero:
        return zero
    return False if plain else None


def nonzero_in_symbols(expr):
    """True when ``expr`` is a non-zero rational function of symbols alone, none of them assumed zero; False when
    it is 0; None otherwise (another indeterminate, which sympy's route might see cancel: not decided here)."""
    zero, generators, _ = _ring_answer(expr)
    if zero is None:
        return None
    if zero:
        return False
    return True if all(g.is_Symbol and g.is_zero is not True for g in generators) else None


def _ring_answer(expr) -> tuple:
    """(whether ``expr`` is 0 in ℚ(indeterminates), or None when not decided; the indeterminates; all plain)."""
    if not isinstance(expr, sympy.Expr) or isinstance(expr, sympy.MatrixBase) or expr.is_commutative is not True:
        return None, (), False  # the ring commutes: A·B − B·A is not 0 for matrices or operators
    generators, plain = _indeterminates(expr)
    if generators is None or len(generators) > MAX_GENERATORS:
        return None, generators, plain
    ring = PolyRing(generators or (sympy.Dummy("g"),), sympy.QQ)
    index = {g: ring.gens[i] for i, g in enumerate(generators)}
    try:
        numerator, _ = _evaluate(expr, ring, index, {})
    except _Undecided:
        return None, generators, plain
    return not numerator, generators, plain


def _indeterminates(expr) -> tuple:
    """(the indeterminates of ``expr`` in a deterministic order, whether every one of them is plain); (None, False)
    when a sum or product inside does not commute."""
    found, plain, stack = {}, True, [expr]
    while stack:
        node = stack.pop()
        if node.is_Rational:
            continue
        if node.is_Add or node.is_Mul:
            if node.is_commutative is not True:
                return None, False
            stack.extend(node.args)
        elif node.is_Pow and node.exp.is_Integer:
            stack.append(node.base)
        elif node not in found:
            found[node] = None
            plain = plain and _plain(node)
    return tuple(found), plain  # first-seen order: deterministic for a given tree


def _plain(node) -> bool:
    """A symbol, an undefined function of symbols, or a derivative of one with respect to symbols: nothing ``expand``
    rewrites (sympy's route would take the same indeterminate)."""
    if node.is_Symbol:
        return True
    if isinstance(node, AppliedUndef):
        return all(a.is_Symbol for a in node.args)
    if isinstance(node, sympy.Derivative):
        return _plain(node.expr) and isinstance(node.expr, AppliedUndef) and all(v.is_Symbol for v, _ in node.variable_count)
    return False


def _evaluate(node, ring, index, memo):
    """(numerator, denominator) of ``node`` in ``ring``; the denominator is a product of non-zero polynomials."""
    known = memo.get(node)
    if known is not None:
        return known
    if node.is_Rational:
        value = (ring(sympy.QQ(node.p, node.q)), ring.one)
    elif node.is_Add:
        value = _sum([_evaluate(a, ring, index, memo) for a in node.args], ring)
    elif node.is_Mul:
        numerator, denominator = ring.one, ring.one
        for a in node.args:
            n, d = _evaluate(a, ring, index, memo)
            numerator, denominator = numerator * n, denominator * d
        value = (numerator, denominator)
    elif node.is_Pow and node.exp.is_Integer:
        n, d = _evaluate(node.base, ring, index, memo)
        e = int(node.exp)
        if e < 0:
            if not n:
                raise _Undecided("a power of zero with a negative exponent")
            n, d, e = d, n, -e
        value = (n**e, d**e)
    else:
        value = (index[node], ring.one)
    memo[node] = value
    return value


def _sum(fractions, ring):
    """Σ n_i/d_i: numerators over the same denominator added first, then the groups over a common multiple."""
    groups: dict = {}
    for n, d in fractions:
        key = tuple(sorted(d.items()))
        if key in groups:
            groups[key] = (groups[key][0] + n, d)
        else:
            groups[key] = (n, d)
    numerator, denominator = ring.zero, ring.one
    for n, d in groups.values():
        if not n:
            continue
        if d == denominator:
            numerator += n
        elif d == 1:
            numerator += n * denominator
        elif denominator == 1:
            numerator, denominator = numerator * d + n, d
        else:
            common = denominator.gcd(d)
            numerator = numerator * d.exquo(common) + n * denominator.exquo(common)
            denominator = denominator * d.exquo(common)
    return numerator, denominator
