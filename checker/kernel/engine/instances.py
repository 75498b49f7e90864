"""Random instances of a claim: values for its symbols, concrete functions for its undefined functions.

*Symbols.*  A raw draw (kind, numerator, denominator, decimal exponent, irrational base) becomes
an exact sympy number: a small integer, a rational with a denominator up to 997, a rational
scaled by 10^e for |e| <= 9, a rational multiple of √2, √3, π or e, or ±10^e.  It is then moved
towards the symbol's assumptions (integer, parity, prime, sign, ...) and **validated**: for every
fact sympy holds about the symbol (``symbol.assumptions0``) the value must have the same fact
(``value.is_<fact>``, decided, not ``None``).  A value that cannot be validated is never used;
a symbol no value can be found for makes the instance inadmissible.

*Functions.*  An undefined function f of arity k becomes a member of a family
``T(u) = P(u) [+ a·exp(b·u)] [+ s·sin(w·u + φ)]`` with P a polynomial of degree
``D = max(order + 2, 4)`` (``order``: the highest derivative of f in the claim), wrapped to
honour f's assumptions (``exp(T)`` for a positive f, ``T²`` for a nonnegative one, ...), the
wrapper chosen by validating representative values against f's assumptions as for symbols.
A function sympy does not know to be real (``Function('f')``) is complex-valued: its family has complex
(Gaussian-integer) polynomial coefficients and amplitudes, so ``conjugate(f(x)) == f(x)`` is not confirmed; a
symbol sympy does not know to be real takes real, complex and purely imaginary values.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import sympy
from sympy.core.function import AppliedUndef

from .lazy import lazy_module

st = lazy_module("hypothesis.strategies")  # imported on first use (only instance generation needs it)

#: irrational bases for drawn values: algebraic and transcendental
IRRATIONAL_BASES = (sympy.sqrt(2), sympy.sqrt(3), sympy.pi, sympy.E)
#: tried in order when a drawn value cannot be moved to satisfy a symbol's assumptions
FALLBACK_VALUES = tuple(sympy.sympify(v) for v in (
    "1", "2", "3", "5", "1/2", "sqrt(2)", "pi", "-1", "-2", "-3", "-5", "-1/2", "-sqrt(2)", "-pi", "0", "4", "9",
    "7/3", "-7/3", "I", "-I", "2*I", "I/3", "1 + I", "1 - 2*I"))
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101)
COMPOSITES = (4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25, 26, 27, 28, 30, 32, 33, 34, 35, 36, 38, 39)


def raw_values(complex_valued: bool = False):
    """Hypothesis strategy for one raw value draw; shrinks towards the integer 0.

    ``complex_valued`` (a symbol sympy does not know to be real): the real draw, then a mode (0 real, 1 complex,
    2 purely imaginary) and a second draw of the same kind for the imaginary part; shrinks towards a real value."""
    real = st.tuples(st.integers(0, 4),            # kind: integer, rational, scaled rational, irrational, power of ten
                     st.integers(-1000, 1000),     # numerator
                     st.integers(1, 997),          # denominator
                     st.integers(-9, 9),           # decimal exponent
                     st.integers(0, len(IRRATIONAL_BASES) - 1))
    if not complex_valued:
        return real
    return st.tuples(real, st.integers(0, 2), real).map(lambda r: r[0] + (r[1],) + r[2])


def takes_complex_values(symbol) -> bool:
    """Whether sympy leaves open that ``symbol`` is non-real (no assumption makes it real, none makes it non-real):
    a plain ``Symbol('x')`` stands for every complex number, so its instances include complex points."""
    return symbol.is_extended_real is None and symbol.is_real is None and symbol.is_imaginary is not True


def complex_value_from_raw(raw) -> sympy.Expr:
    """The complex number a raw draw of :func:`raw_values` with ``complex_valued`` stands for (mode 0: the real
    draw alone; 1: real + i·imaginary; 2: i·imaginary)."""
    real, mode, imaginary = value_from_raw(raw[:5]), raw[5] % 3, value_from_raw(raw[6:11])
    if mode == 0 or imaginary == 0:
        return real
    if mode == 2:
        return sympy.I * imaginary
    return real + sympy.I * imaginary


def value_from_raw(raw) -> sympy.Expr:
    """The exact number a raw draw stands for (before the symbol's assumptions are applied).

    Kinds: 0 a small integer, 1 a rational p/q, 2 p/q·10^e, 3 p/q times √2, √3, π or e, 4 ±10^e (|e| <= 9).
    """
    kind, numerator, denominator, exponent, base = raw
    if kind == 0:
        return sympy.Integer(numerator % 21 - 10 if abs(numerator) > 10 else numerator)
    if kind == 4:
        return (-1 if numerator < 0 else 1) * sympy.Rational(10) ** exponent
    value = sympy.Rational(numerator, denominator)
    if kind == 2:
        value *= sympy.Rational(10) ** exponent
    if kind == 3:
        value *= IRRATIONAL_BASES[base]
    return value


SCAN_EXPONENTS = (-9, -6, -3, 0, 3, 6, 9)


def scale_scan(templates: dict, symbols: list, function_keys=None, symbol_keys=None) -> list:
    """Deterministic instances across scales: symbol j of instance i at ±10^e (e cycling through
    ``SCAN_EXPONENTS``, shifted by j so symbols differ), every function in family i mod 4 with all
    coefficients 1.  Small and large regions where a claim fails are visited before any random draw.
    """
    function_keys = function_keys or {f: str(f) for f in templates}
    symbol_keys = symbol_keys or {s: s.name for s in symbols}
    out = []
    count = 2 * len(SCAN_EXPONENTS)
    for i in range(count):
        sign = 1 if i % 2 == 0 else -1
        raws = {symbol_keys[s]: (4, sign, 1, SCAN_EXPONENTS[(i // 2 + j) % len(SCAN_EXPONENTS)], 0) for j, s in enumerate(symbols)}
        draws = {function_keys[f]: [i % len(FAMILIES)] + [1] * (len(t.strategy_layout()) - 1) for f, t in templates.items()}
        out.append({"functions": draws, "symbols": raws})
    return out


def satisfies_assumptions(value, assumptions: dict) -> bool:
    """Every fact of ``assumptions`` (a sympy assumptions dict) holds of ``value``, decided by sympy."""
    for fact, expected in assumptions.items():
        if expected is None:
            continue
        if _fact_of_number(value, fact) is not expected:
            return False
    return True


def _fact_of_number(value, fact):
    """``value.is_<fact>``; for a finite number, (anti)hermitian read as real / imaginary-or-zero when sympy is silent."""
    known = getattr(value, f"is_{fact}", None)
    if known is not None or not value.is_finite:
        return known
    if fact == "hermitian":
        return value.is_extended_real
    if fact == "antihermitian":
        real, zero = value.is_extended_real, value.is_zero
        return True if (value.is_imaginary or zero) else (False if real else None)
    return None


def move_towards(symbol, value):
    """Adjust a drawn value towards the symbol's assumptions (the result is validated afterwards)."""
    facts = symbol.assumptions0
    if facts.get("zero"):
        return sympy.Integer(0)
    if facts.get("integer") or facts.get("even") or facts.get("odd") or facts.get("prime") or facts.get("composite"):
        number = int(sympy.floor(value)) if value.is_real else 0
        if facts.get("prime"):
            number = PRIMES[abs(number) % len(PRIMES)]
        elif facts.get("composite"):
            number = COMPOSITES[abs(number) % len(COMPOSITES)]
        elif facts.get("even"):
            number = 2 * (number // 2)
        elif facts.get("odd"):
            number = 2 * (number // 2) + 1
        value = sympy.Integer(number)
    elif facts.get("noninteger") and value.is_integer:
        value = value + sympy.Rational(1, 2)
    if facts.get("rational") and not value.is_rational:
        value = sympy.Rational(str(sympy.N(value, 12))) if value.is_real else sympy.Integer(1)
    if facts.get("transcendental") and not value.is_transcendental:
        value = (value or 1) * sympy.pi
    elif facts.get("irrational") and not value.is_irrational:
        value = (value or 1) * (sympy.sqrt(2) if facts.get("algebraic") else sympy.pi)
    if facts.get("positive") or facts.get("nonnegative"):
        value = abs(value)
    if facts.get("negative") or facts.get("nonpositive"):
        value = -abs(value)
    if facts.get("imaginary") or facts.get("extended_real") is False or facts.get("real") is False:
        value = (value or 1) * sympy.I
    return value


def admissible_value(symbol, raw) -> Optional[sympy.Expr]:
    """A value for ``symbol`` from a raw draw satisfying all its assumptions, or ``None`` when none is found."""
    facts = symbol.assumptions0
    if len(raw) > 5 and takes_complex_values(symbol):
        value = complex_value_from_raw(raw)
        if satisfies_assumptions(value, facts):
            return value
        raw = raw[:5]
    value = move_towards(symbol, value_from_raw(raw[:5]))
    if satisfies_assumptions(value, facts):
        return value
    for candidate in FALLBACK_VALUES:
        if satisfies_assumptions(candidate, facts):
            return candidate
    return None


# -- function families -------------------------------------------------------------------

#: wrappers that turn a real template T into a function with a sign property, and values representative
#: of what the wrapped function takes (validated against the function's assumptions)
#: ``(name, wrap, guaranteed)``: a family member ``T`` (a polynomial plus exponential and sine terms; real parameters,
#: at real arguments, except for the complex wrappers, whose polynomial coefficients and amplitudes are complex and
#: whose values are what they say at every complex argument) wrapped so that its values have the ``guaranteed`` assumptions, spread over the
#: whole set they describe; the most general first (the zero family only stands for a function assumed zero)
WRAPPERS = (
    # a function sympy does not know to be real is complex-valued: the template with complex coefficients
    ("complex", lambda T, sign: T, {"complex": True}),
    ("complex nonzero", lambda T, sign: sympy.exp(T), {"complex": True, "zero": False}),
    ("real", lambda T, sign: T, {"real": True}),
    ("nonnegative", lambda T, sign: T**2, {"nonnegative": True}),
    ("nonpositive", lambda T, sign: -T**2, {"nonpositive": True}),
    ("nonzero", lambda T, sign: sign * sympy.exp(T), {"nonzero": True, "real": True}),
    ("positive", lambda T, sign: sympy.exp(T), {"positive": True}),
    ("negative", lambda T, sign: -sympy.exp(T), {"negative": True}),
    ("zero", lambda T, sign: sympy.Integer(0), {"zero": True}),
)
FAMILIES = ("polynomial", "polynomial+exp", "polynomial+sin", "polynomial+exp+sin")
MAX_MONOMIALS = 84


def function_assumptions(func) -> dict:
    """The assumptions a sympy undefined function class carries (``Function('f', positive=True)``)."""
    return dict(getattr(func, "default_assumptions", {}) or {})


def choose_wrapper(func):
    """``(name, wrap)`` of the most general wrapper whose values have every assumption of ``func``, or ``None``.

    The wrapper's guaranteed assumptions must imply each of ``func``'s facts (sympy's deduction on a Dummy that has
    them), so no instance leaves the function's value set; and the zero family stands only for a function assumed
    zero, never for an integer-, even- or rational-valued one (of which it would be one member only).  Such a function
    gets no family, and a claim about it is not sampled (``inconclusive``, with the reason)."""
    facts = {fact: value for fact, value in function_assumptions(func).items() if value is not None}
    for name, wrap, guaranteed in WRAPPERS:
        if name == "zero" and not facts.get("zero"):
            continue
        probe = sympy.Dummy(**guaranteed)
        if all(getattr(probe, f"is_{fact}", None) == value for fact, value in facts.items()):
            return name, wrap
    return None


def derivative_orders(exprs) -> dict:
    """For every undefined function class, the highest derivative order applied to an expression holding it."""
    orders: dict = {}
    for expr in exprs:
        for app in expr.atoms(AppliedUndef):
            orders.setdefault(app.func, 0)
        for d in expr.atoms(sympy.Derivative):
            for app in d.expr.atoms(AppliedUndef):
                orders[app.func] = max(orders.get(app.func, 0), int(d.derivative_count))
    return orders


def _monomials(dummies, degree):
    full = sorted(sympy.itermonomials(list(dummies), degree), key=sympy.default_sort_key)
    if len(full) <= MAX_MONOMIALS:
        return full
    low = set(sympy.itermonomials(list(dummies), 2))
    powers = {u**j for u in dummies for j in range(3, degree + 1)}
    product = {sympy.Mul(*dummies) * dummies[0] ** max(degree - len(dummies), 0)}
    return sorted(low | powers | product, key=sympy.default_sort_key)


@dataclass
class FunctionTemplate:
    """A parametric member of the families standing for one undefined function."""

    func: object
    arity: int
    degree: int
    wrapper: str
    dummies: tuple
    monomials: list
    poly_coeffs: tuple
    exp_amplitude: sympy.Symbol
    exp_rates: tuple
    sin_amplitude: sympy.Symbol
    sin_rates: tuple
    sin_phase: sympy.Symbol
    sign: sympy.Symbol
    body: sympy.Expr = None
    parameters: list = field(default_factory=list)

    @classmethod
    def build(cls, func, arity: int, order: int, wrap):
        # Dummies: a user's Symbol of the same name (``_af``, say) must not become a parameter of the family, which
        # would make the instances a family the claim was written for
        name = str(func)
        wrapper_name, wrapper = wrap
        # complex-valued families: complex polynomial coefficients and amplitudes (drawn as Gaussian integers)
        valued = {"complex": True} if wrapper_name.startswith("complex") else {"real": True}
        dummies = sympy.symbols(f"u{name}_0:{arity}", real=True, cls=sympy.Dummy)
        degree = max(order + 2, 4)
        monomials = _monomials(dummies, degree)
        coeffs = sympy.symbols(f"c{name}_0:{len(monomials)}", cls=sympy.Dummy, **valued)
        a = sympy.Dummy(f"a{name}", **valued)
        b = sympy.symbols(f"b{name}_0:{arity}", real=True, cls=sympy.Dummy)
        s = sympy.Dummy(f"s{name}", **valued)
        w = sympy.symbols(f"w{name}_0:{arity}", real=True, cls=sympy.Dummy)
        phase = sympy.Dummy(f"p{name}", real=True)
        sign = sympy.Dummy(f"e{name}", real=True)
        template = (sum(c * m for c, m in zip(coeffs, monomials))
                    + a * sympy.exp(sum(bi * u for bi, u in zip(b, dummies)))
                    + s * sympy.sin(sum(wi * u for wi, u in zip(w, dummies)) + phase))
        out = cls(func, arity, degree, wrapper_name, dummies, monomials, coeffs, a, b, s, w, phase, sign)
        out.body = wrapper(template, sign)
        out.parameters = [*coeffs, a, *b, s, *w, phase, sign]
        return out

    def strategy(self):
        """Parameters of one family member as one flat list of small integers (cheap to draw, shrinks to 0).

        Layout: family index, polynomial coefficients, exp amplitude and rate numerators, sin amplitude,
        rate numerators and phase numerator, one denominator, sign.
        """
        size = len(self.strategy_layout())
        return st.lists(st.integers(-9, 9), min_size=size, max_size=size)

    @property
    def complex_valued(self) -> bool:
        """Whether the family is complex-valued (its values keep the function's assumptions at every complex argument)."""
        return self.wrapper.startswith("complex")

    def strategy_layout(self) -> range:
        """Positions of the flat integer draw (see :meth:`strategy`); a complex-valued family draws, after those, the
        imaginary parts of its polynomial coefficients and of its two amplitudes."""
        imaginary = len(self.poly_coeffs) + 2 if self.complex_valued else 0
        return range(1 + len(self.poly_coeffs) + (1 + self.arity) + (1 + self.arity + 1) + 2 + imaginary)

    def assignment(self, draw) -> dict:
        """Exact values of the template's parameters for one draw."""
        values = iter(draw)
        family = FAMILIES[abs(next(values)) % len(FAMILIES)]
        out = {c: sympy.Integer(next(values)) for c in self.poly_coeffs}
        exp_amplitude = next(values)
        exp_rates = [next(values) for _ in self.exp_rates]
        sin_amplitude = next(values)
        sin_rates = [next(values) for _ in self.sin_rates]
        phase = next(values)
        denominator = 1 + abs(next(values)) % 4
        sign = -1 if next(values) < 0 else 1
        out[self.exp_amplitude] = sympy.Integer(exp_amplitude or 1) if "exp" in family else sympy.Integer(0)
        out.update({r: sympy.Rational(max(-3, min(3, v)), denominator) for r, v in zip(self.exp_rates, exp_rates)})
        out[self.sin_amplitude] = sympy.Integer(sin_amplitude or 1) if "sin" in family else sympy.Integer(0)
        out.update({r: sympy.Rational(v, denominator) for r, v in zip(self.sin_rates, sin_rates)})
        out[self.sin_phase] = sympy.Rational(phase, denominator)
        out[self.sign] = sympy.Integer(sign)
        if self.complex_valued:
            for c in self.poly_coeffs:
                out[c] += sympy.I * next(values, 0)
            for amplitude in (self.exp_amplitude, self.sin_amplitude):
                imaginary = next(values, 0)
                if out[amplitude] != 0:
                    out[amplitude] += sympy.I * imaginary
        return out

    def concrete(self, draw):
        """The concrete function of one draw as ``(argument names, expression)`` in u0, u1, ..."""
        names = sympy.symbols(f"u0:{self.arity}", real=True)
        body = self.body.xreplace(self.assignment(draw)).xreplace(dict(zip(self.dummies, names)))
        return names, body

    def family_of(self, draw) -> str:
        return FAMILIES[abs(draw[0]) % len(FAMILIES)] + ("" if self.wrapper == "real" else f" ({self.wrapper} wrapper)")

    def describe(self) -> str:
        shape = f"polynomials of degree <= {self.degree}, plus a·exp(b·u) and/or s·sin(w·u + φ)"
        if self.complex_valued:
            shape = shape.replace("polynomials", "complex-valued: polynomials with Gaussian-integer coefficients")
        return f"{self.func}: {shape}" + ("" if self.wrapper in ("real", "complex") else
                                           f", wrapped as a {self.wrapper} function")
