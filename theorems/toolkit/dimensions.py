"""Dimensional analysis over ``sympy.physics.units``: the dimension of an expression and homogeneity of sums.

This file contains

* :func:`dimension_of` -- the physical dimension of a sympy expression, given the dimensions of its
  symbols (and of its curves x(t) and generic functions): products and powers compose, a sum must be
  homogeneous (else :class:`DimensionalInhomogeneity` names the offending terms), a derivative
  ∂f/∂v has [f]/[v], elementary functions need a dimensionless argument;
* :func:`same_dimension`, :func:`is_dimensionless`, :func:`dimension_exponents` -- comparisons and the
  readable exponent dict, through ``dimsys_SI`` (``equivalent_dims``, ``get_dimensional_dependencies``);
* :func:`is_dimensionally_homogeneous` -- decision: every term of a sum (or both sides of an equation)
  has one dimension, with the offending terms as witness;
* the dimension constants ``LENGTH`` (ℓ), ``TIME`` (τ), ``MASS`` (μ), ``FORCE``, ``ENERGY``, ``POWER`` and
  ``DIMENSIONLESS``; free dimensions such as [b_α] or φ_β are ``Dimension("b_1")``, which ``dimsys_SI``
  treats as further independent base dimensions;

The catalogue's dimension symbols μ, ℓ, τ are ``units.mass``, ``units.length``, ``units.time`` (SI).
Part of the toolkit (:mod:`theorems.toolkit`): declares no item; the items about dimensions (``units.*``)
are in :mod:`theorems.foundations.dimensions`.
"""
from __future__ import annotations

import sympy
from sympy import Derivative, Symbol
from sympy.core.function import AppliedUndef
from sympy.physics import units
from sympy.physics.units import Dimension
from sympy.physics.units.systems.si import dimsys_SI

from checker.kernel.decision import Decision
from theorems.toolkit.zero_handling import zero_state

__all__ = [
    "LENGTH", "TIME", "MASS", "FORCE", "ENERGY", "POWER", "DIMENSIONLESS",
    "DimensionalInhomogeneity", "dimension_of", "same_dimension", "is_dimensionless", "dimension_exponents",
    "is_dimensionally_homogeneous",
]

LENGTH, TIME, MASS = units.length, units.time, units.mass
FORCE = MASS * LENGTH / TIME**2
ENERGY = FORCE * LENGTH
POWER = ENERGY / TIME
DIMENSIONLESS = Dimension(1)

#: elementary functions whose argument must be dimensionless and whose value is dimensionless
_TRANSCENDENTAL = (sympy.sin, sympy.cos, sympy.tan, sympy.cot, sympy.sec, sympy.csc, sympy.exp, sympy.log, sympy.asin,
                   sympy.acos, sympy.atan, sympy.acot, sympy.asec, sympy.acsc, sympy.sinh, sympy.cosh, sympy.tanh,
                   sympy.coth, sympy.sech, sympy.csch, sympy.asinh, sympy.acosh, sympy.atanh, sympy.acoth, sympy.sinc,
                   sympy.erf, sympy.erfc, sympy.gamma, sympy.LambertW, sympy.floor, sympy.ceiling)


class DimensionUndecided(ArithmeticError):
    """A sum whose terms have different dimensions and one of whose parts could be neither shown ≡ 0 nor ≢ 0."""


class DimensionalArgument(ValueError):
    """An elementary function (sin, exp, log, ...) applied to an argument with a dimension (shown ≢ 0)."""

    def __init__(self, expr, dimension, part: str = "the argument"):
        self.expr, self.dimension = expr, dimension
        super().__init__(f"{sympy.sstr(expr)}: {part} has dimension {format_dimension(dimension)}, not 1")


class DimensionalInhomogeneity(ValueError):
    """A sum whose terms have different dimensions; ``terms`` lists ``(term, dimension)`` for every term."""

    def __init__(self, expr, terms):
        self.expr = expr
        self.terms = list(terms)
        shown = ", ".join(f"[{sympy.sstr(term)}] = {format_dimension(d)}" for term, d in self.terms)
        super().__init__(f"dimensionally inhomogeneous sum {sympy.sstr(expr)}: {shown}")


def _as_dimension(value) -> Dimension:
    if isinstance(value, Dimension):
        return value
    if value == 1:
        return DIMENSIONLESS
    raise ValueError(f"expected a sympy.physics.units Dimension, got {value!r}")


def dimension_exponents(dimension) -> dict:
    """The exponents of ``dimension`` over the SI base dimensions (and free ones), e.g. {'length': 1, 'time': -1}."""
    deps = dimsys_SI.get_dimensional_dependencies(_as_dimension(dimension))
    return {str(base.name): sympy.nsimplify(power) for base, power in sorted(deps.items(), key=lambda kv: str(kv[0].name))
            if power != 0}


def format_dimension(dimension) -> str:
    """A readable form: ``length*time**-1``, or ``1`` for a dimensionless quantity."""
    exponents = dimension_exponents(dimension)
    if not exponents:
        return "1"
    return "*".join(name if power == 1 else f"{name}**{power}" for name, power in exponents.items())


def same_dimension(a, b) -> bool:
    """Whether two dimensions agree in the SI dimension system (``dimsys_SI.equivalent_dims``)."""
    return bool(dimsys_SI.equivalent_dims(_as_dimension(a), _as_dimension(b)))


def is_dimensionless(dimension) -> bool:
    """Whether ``dimension`` is the dimension 1 (all exponents zero)."""
    return same_dimension(dimension, DIMENSIONLESS)


def _declared(expr, dimensions: dict):
    """The declared dimension of a symbol, a curve x(t) or a generic function application, or None."""
    if expr in dimensions:
        return _as_dimension(dimensions[expr])
    if isinstance(expr, AppliedUndef) and expr.func in dimensions:
        return _as_dimension(dimensions[expr.func])
    return None


def dimension_of(expr, dimensions: dict) -> Dimension:
    """The dimension of ``expr`` given ``dimensions`` (Symbol, curve x(t) or Function class → Dimension).

    Rules: numbers are dimensionless; [uv] = [u][v]; [u^r] = [u]^r for a number r (u and r dimensionless
    otherwise); a sum needs equal dimensions of all its terms (else :class:`DimensionalInhomogeneity`), where a
    literal 0 or a group of terms shown ≡ 0 takes any dimension; [∂^k f/∂v^k] = [f]/[v]^k; sin, exp, log, ... need a
    dimensionless argument and give 1 (else :class:`DimensionalArgument`), and so do base and exponent of u^w for a
    non-numeric w (u^w = exp(w log u)); atan2(y, x) needs [y] = [x] and gives 1;
    |u| has [u].  Raises ``ValueError`` for a symbol with no declared dimension.
    """
    expr = sympy.sympify(expr)
    declared = _declared(expr, dimensions)
    if declared is not None:
        return declared
    if expr.is_number:
        return DIMENSIONLESS  # a literal 0 takes any dimension: sums drop it (below)
    if isinstance(expr, Symbol) or isinstance(expr, AppliedUndef):
        raise ValueError(f"no dimension declared for {sympy.sstr(expr)}")
    if isinstance(expr, sympy.Mul):
        result = DIMENSIONLESS
        for factor in expr.args:
            result = result * dimension_of(factor, dimensions)
        return result
    if isinstance(expr, sympy.Pow):
        base, exponent = expr.args
        if exponent.is_Rational:
            return dimension_of(base, dimensions) ** exponent
        return _power_dimension(expr, dimensions)
    if isinstance(expr, sympy.Add):
        return _sum_dimension(expr, dimensions)
    if isinstance(expr, Derivative):
        result = dimension_of(expr.expr, dimensions)
        for variable, count in expr.variable_count:
            result = result / dimension_of(variable, dimensions) ** count
        return result
    if isinstance(expr, sympy.Subs):
        inner = dict(dimensions)
        inner.update({v: dimension_of(p, dimensions) for v, p in zip(expr.variables, expr.point)})
        return dimension_of(expr.expr, inner)
    if isinstance(expr, sympy.atan2):
        _sum_dimension(sympy.Add(*expr.args, evaluate=False), dimensions, what=expr)  # raises unless [y] = [x]
        return DIMENSIONLESS
    if isinstance(expr, sympy.Abs):
        return dimension_of(expr.args[0], dimensions)
    if isinstance(expr, _TRANSCENDENTAL):
        argument = dimension_of(expr.args[0], dimensions)
        if not is_dimensionless(argument):
            state = zero_state(expr.args[0]).is_zero
            if state is None:
                raise DimensionUndecided(f"{sympy.sstr(expr)}: the argument has dimension {format_dimension(argument)} "
                                         "and was neither shown ≡ 0 nor ≢ 0")
            if state is False:
                raise DimensionalArgument(expr, argument)
        return DIMENSIONLESS
    raise ValueError(f"dimension_of does not know how to treat {type(expr).__name__}: {sympy.sstr(expr)}")


def _constant_exponent(exponent):
    """The exact value of ``exponent`` when it is shown constant (every derivative in its symbols and function values
    shown ≡ 0, and the value it takes at a point shown equal to it), ``False`` when it is shown not constant, ``None``
    when undecided.  A zero in disguise (``cosh²q − sinh²q − 1``) is the number 0, whatever the exponent's dimension."""
    if exponent.is_Rational:
        return exponent
    state = zero_state(exponent).is_zero
    if state is True:
        return sympy.S.Zero
    if state is None:
        return None
    applications = sorted(exponent.atoms(AppliedUndef, Derivative), key=sympy.default_sort_key)
    plain = exponent.xreplace({a: sympy.Dummy(f"v{i}") for i, a in enumerate(applications)})
    variables = sorted(plain.free_symbols, key=sympy.default_sort_key)
    slopes = [zero_state(plain.diff(v)).is_zero for v in variables]
    if False in slopes:
        return False
    if None in slopes:
        return None
    for point in (sympy.Rational(3, 7), sympy.Rational(5, 3), sympy.Integer(2)):
        try:
            value = sympy.N(plain.xreplace({v: point for v in variables}), 40)
            candidate = sympy.nsimplify(value, rational=True, tolerance=sympy.Rational(1, 10**30))
        except (TypeError, ValueError, ArithmeticError):
            continue
        if candidate.is_Rational and zero_state(exponent - candidate).is_zero is True:
            return candidate
    return None


def _power_dimension(expr, dimensions: dict) -> Dimension:
    """[u^w] for an exponent that is not a rational literal: a constant exponent (a number, or an expression shown
    constant, a disguised 0 included, whatever its dimension) gives [u]^w; otherwise as
    :func:`_general_power_dimension`."""
    base, exponent = expr.args
    constant = _constant_exponent(exponent)
    if constant is not None and constant is not False:
        if constant == 0:
            return DIMENSIONLESS  # u^0 = 1
        if is_dimensionless(dimension_of(exponent, dimensions)) or exponent.is_number:
            return dimension_of(base, dimensions) ** constant
    if exponent.is_number:
        base_dimension = dimension_of(base, dimensions)
        if is_dimensionless(base_dimension):
            return DIMENSIONLESS
        if constant is None and zero_state(exponent).is_zero is None:
            raise DimensionUndecided(f"{sympy.sstr(expr)}: the exponent of a base of dimension "
                                     f"{format_dimension(base_dimension)} was neither shown ≡ 0 nor ≢ 0")
        return base_dimension ** exponent  # a number shown ≢ 0 (and not shown rational: kept as written)
    if constant is None:
        raise DimensionUndecided(f"{sympy.sstr(expr)}: the exponent was neither shown constant nor shown not constant")
    return _general_power_dimension(expr, dimensions)


def _general_power_dimension(expr, dimensions: dict) -> Dimension:
    """[u^w] for a non-numeric exponent: u^w = exp(w log u) needs [w] = 1 and [u] = 1 and is dimensionless
    (:class:`DimensionalArgument` for a part of dimension ≠ 1 shown ≢ 0; ``u^0`` = 1; undecided otherwise)."""
    base, exponent = expr.args
    for part in (exponent, base):
        dimension = dimension_of(part, dimensions)
        if is_dimensionless(dimension):
            continue
        state = zero_state(part).is_zero
        if state is False:
            raise DimensionalArgument(expr, dimension, "the exponent" if part is exponent else
                                      "the base of a power with a non-numeric exponent")
        if state is True and part is exponent:
            return DIMENSIONLESS  # u^0 = 1
        raise DimensionUndecided(f"{sympy.sstr(expr)}: a part of dimension {format_dimension(dimension)} was neither "
                                 "shown ≢ 0 nor such that the power is defined")
    return DIMENSIONLESS


def _sum_dimension(expr, dimensions: dict, what=None) -> Dimension:
    """[Σ terms]: terms that are literally 0 take any dimension; terms of different dimensions are grouped, and a group
    whose sum is shown ≡ 0 (:func:`theorems.zero_handling.zero_state`) is dropped.  Two groups with sums shown ≢ 0 are a
    :class:`DimensionalInhomogeneity`; a group neither shown ≡ 0 nor ≢ 0 is :class:`DimensionUndecided`."""
    terms = [(term, dimension_of(term, dimensions)) for term in expr.args if not (term.is_number and term == 0)]
    if not terms:
        return DIMENSIONLESS
    groups: list = []
    for term, d in terms:
        for group in groups:
            if same_dimension(group[0], d):
                group[1].append(term)
                break
        else:
            groups.append((d, [term]))
    if len(groups) == 1:
        return groups[0][0]
    states = [zero_state(sympy.Add(*members)).is_zero for _, members in groups]
    nonzero = [g for g, state in zip(groups, states) if state is False]
    if len(nonzero) >= 2:
        raise DimensionalInhomogeneity(what if what is not None else expr, terms)
    if None in states:
        raise DimensionUndecided(f"the sum {sympy.sstr(what if what is not None else expr)} mixes dimensions "
                                 f"{', '.join(format_dimension(d) for d, _ in groups)}, and the sum of some group of "
                                 "terms was neither shown ≡ 0 nor ≢ 0")
    return nonzero[0][0] if nonzero else groups[0][0]


def is_dimensionally_homogeneous(expr, dimensions: dict) -> Decision:
    """Decide whether every sum in ``expr`` is homogeneous (an equation ``(lhs, rhs)`` or ``Eq``: lhs − rhs).

    Holds with certificate ``{"dimension": exponents}``; fails with witness ``{"sum": ..., "terms": [(term,
    exponents), ...]}`` naming the terms of the first inhomogeneous sum found (two groups of terms of different
    dimensions whose sums are shown ≢ 0), or ``{"function": ..., "argument dimension": ...}`` for sin, exp, log, ... of
    a dimensional argument.  A literal 0 (``Eq(expr, 0)``) takes any dimension.  A term list is summed.  Undecided
    when a group of terms could be neither shown ≡ 0 nor ≢ 0.  Missing declarations are a ``ValueError``.
    """
    if isinstance(expr, sympy.logic.boolalg.BooleanAtom):
        raise ValueError(f"the equation was evaluated to {expr} by sympy before the call: pass (lhs, rhs) or "
                         "Eq(lhs, rhs, evaluate=False)")
    if isinstance(expr, sympy.Equality):
        expr = (expr.lhs, expr.rhs)
    if isinstance(expr, tuple) and len(expr) == 2:  # a side that is literally 0 takes the other side's dimension
        lhs, rhs = (sympy.sympify(side) for side in expr)
        expr = lhs if rhs == 0 else (-rhs if lhs == 0 else sympy.Add(lhs, -rhs, evaluate=False))
    elif isinstance(expr, list):
        expr = sympy.Add(*expr, evaluate=False)
    try:
        dimension = dimension_of(expr, dimensions)
    except DimensionalInhomogeneity as exc:
        terms = [(term, dimension_exponents(d)) for term, d in exc.terms]
        return Decision(False, witness={"sum": exc.expr, "terms": terms}, explanation=str(exc))
    except DimensionalArgument as exc:
        return Decision(False, witness={"function": exc.expr, "argument dimension": dimension_exponents(exc.dimension)},
                        explanation=str(exc))
    except DimensionUndecided as exc:
        return Decision.undecided_because(str(exc))
    return Decision(True, certificate={"dimension": dimension_exponents(dimension)},
                    explanation=f"homogeneous, of dimension {format_dimension(dimension)}")


def _matches(dimension, expected, what: str) -> Decision:
    """Decision: ``dimension`` equals ``expected`` (both shown in the explanation)."""
    ok = same_dimension(dimension, expected)
    text = f"{what}: {format_dimension(dimension)} {'=' if ok else '≠'} {format_dimension(expected)}"
    return Decision(ok, certificate=dimension_exponents(dimension) if ok else None,
                    witness=None if ok else {"found": dimension_exponents(dimension),
                                             "expected": dimension_exponents(expected)},
                    explanation=text)

