"""The re-checker's own instances: random values of symbols and random members of function families.

Symbols take random rationals honouring their assumptions (the engine's convention: a symbol without assumptions
takes real values).  An undefined function of ``n`` arguments becomes ``c0 + Σ aᵢxᵢ + b·(Σ cᵢxᵢ)² +
d·exp(Σ eᵢxᵢ) + g·sin(Σ hᵢxᵢ + φ)`` with random coefficients, complex unless the function is declared real; a
positive function is the exponential of a real member, a nonnegative one a real member squared, and so on.
"""
from __future__ import annotations

from fractions import Fraction

import mpmath

from .numeric import NotRecheckable

#: facts with no family here (a function so assumed makes the claim not re-checkable)
UNSUPPORTED_FACTS = ("integer", "rational", "irrational", "even", "odd", "prime", "composite", "algebraic",
                     "transcendental", "imaginary", "infinite", "polar")


#: function values remembered per instance (by arguments and precision)
MEMO = 4096


def symbol_value(symbol, rng, sign=None) -> Fraction:
    """A random rational honouring ``symbol``'s assumptions (of the given ``sign`` where they leave it free, so that
    both signs are met among the first points)."""
    facts = symbol.assumptions0
    for fact in ("irrational", "transcendental", "imaginary", "infinite", "prime", "composite"):
        if facts.get(fact):
            raise NotRecheckable(f"a symbol assumed {fact} ({symbol})")
    if facts.get("integer"):
        v = rng.randint(1, 6)
        if facts.get("even"):
            v = 2 * v
        elif facts.get("odd"):
            v = 2 * v - 1
        if facts.get("nonnegative") and not facts.get("positive") and rng.random() < 0.2:
            v = 0 if not facts.get("odd") else v
        if facts.get("negative") or (facts.get("nonpositive") and not facts.get("zero")):
            v = -v
        elif not (facts.get("positive") or facts.get("nonnegative")) and (sign == -1 or (sign is None and rng.random() < 0.5)):
            v = -v
        return Fraction(0) if facts.get("zero") else Fraction(v)
    if facts.get("zero"):
        return Fraction(0)
    v = Fraction(rng.randint(1, 40), rng.randint(1, 9))
    if facts.get("negative") or facts.get("nonpositive"):
        return -v
    if facts.get("positive") or facts.get("nonnegative"):
        return v
    if sign is not None:
        return v if sign > 0 else -v
    return v if rng.random() < 0.5 else -v


def _coefficient(rng, real: bool):
    re = Fraction(rng.randint(-12, 12), rng.randint(2, 9))
    im = Fraction(0) if real else Fraction(rng.randint(-12, 12), rng.randint(2, 9))
    return re, im


def _member(arity: int, rng, real: bool):
    """Coefficients of one member of the base family (drawn once: the same function at every precision)."""
    def coeffs(n):
        return [_coefficient(rng, real) for _ in range(n)]
    return {"c0": coeffs(1)[0], "a": coeffs(arity), "b": coeffs(1)[0], "c": coeffs(arity), "d": coeffs(1)[0],
            "e": [(Fraction(re, 3), Fraction(0)) for re, _ in coeffs(arity)], "g": coeffs(1)[0],
            "h": coeffs(arity), "phi": coeffs(1)[0]}


def _number(pair):
    re, im = pair
    value = mpmath.mpf(re.numerator) / re.denominator
    if im:
        value = value + mpmath.mpc(0, 1) * (mpmath.mpf(im.numerator) / im.denominator)
    return value


def _numbers(member):
    """The member's coefficients as mpmath numbers at the current precision (converted once per precision)."""
    return {key: [_number(c) for c in value] if isinstance(value, list) else _number(value)
            for key, value in member.items()}


def _evaluate(numbers, xs):
    def linear(key):
        total = mpmath.mpf(0)
        for k, x in zip(numbers[key], xs):
            total += k * x
        return total
    return (numbers["c0"] + linear("a") + numbers["b"] * linear("c") ** 2
            + numbers["d"] * mpmath.exp(linear("e")) + numbers["g"] * mpmath.sin(linear("h") + numbers["phi"]))


def function_instance(facts: dict, arity: int, rng):
    """``make(dps) -> callable``: a random member of the family that honours ``facts`` (at real arguments)."""
    for fact in UNSUPPORTED_FACTS:
        if facts.get(fact):
            raise NotRecheckable(f"a function assumed {fact}: no family of the re-checker has that property")
    if facts.get("zero"):
        return lambda dps: (lambda *xs: mpmath.mpf(0))
    real = any(facts.get(f) for f in ("real", "extended_real", "positive", "negative", "nonnegative",
                                      "nonpositive", "extended_positive", "extended_negative"))
    member = _member(arity, rng, real)
    if facts.get("positive") or facts.get("extended_positive"):
        wrap = lambda v: mpmath.exp(v / 4)  # noqa: E731
    elif facts.get("negative") or facts.get("extended_negative"):
        wrap = lambda v: -mpmath.exp(v / 4)  # noqa: E731
    elif facts.get("nonnegative") or facts.get("extended_nonnegative"):
        wrap = lambda v: v * v  # noqa: E731
    elif facts.get("nonpositive") or facts.get("extended_nonpositive"):
        wrap = lambda v: -v * v  # noqa: E731
    elif facts.get("nonzero") or facts.get("extended_nonzero"):
        wrap = lambda v: mpmath.exp(v / 4)  # noqa: E731
    else:
        wrap = lambda v: v  # noqa: E731

    nonzero = any(facts.get(f) for f in ("positive", "negative", "nonzero", "extended_positive",
                                         "extended_negative", "extended_nonzero"))

    def make(dps):
        with mpmath.workdps(dps):
            numbers = _numbers(member)

        memo: dict = {}

        def f(*xs):
            key = (xs, mpmath.mp.prec)
            if key in memo:  # findroot and diff come back to the same arguments often
                return memo[key]
            if len(memo) > MEMO:
                memo.clear()
            memo[key] = value = _value(xs)
            return value

        def _value(xs):
            value = wrap(_evaluate(numbers, xs))
            if nonzero and abs(value) < mpmath.mpf(10) ** (-(mpmath.mp.dps // 3)):
                # a function declared nonzero whose value is numerically zero: the point is outside what can be told
                raise ValueError("a function declared nonzero is numerically zero here")
            if real and isinstance(value, mpmath.mpc):
                # a real function at a complex argument: its family is real only at real arguments
                if all(mpmath.im(x) == 0 for x in xs):
                    value = mpmath.re(value)
            return value
        return f
    return make
