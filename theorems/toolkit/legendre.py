"""The Legendre toolkit, for any Lagrangian 𝓛(t, q, v) in any number of coordinates.

:func:`legendre_map` (a :class:`LegendreMap`: the momentum p = 𝓛_v, the velocity Hessian 𝓛_vv and the map
(t, q, v) ↦ (t, q, 𝓛_v) with its Jacobian), :func:`is_regular` (decision: det 𝓛_vv ≠ 0 on the whole chart or at a
point, with a witness where it fails), :func:`hamiltonian` (a :class:`HamiltonianBranch`: the inverse branch
v(t, q, p) of 𝓛_v = p that sympy finds and H = p·v − 𝓛; :class:`NoInverseBranch` / :class:`SeveralInverseBranches`
otherwise), :func:`is_hyperregular` (decision: regular, and the branch is one real map on all momenta) and
:func:`hamilton_equations` (q' = H_p, p' = −H_q).  The items of seed 001 that use it are in :mod:`theorems.page1_variations.legendre`,
which re-exports every name defined here.

Conventions.  Coordinates are given either as functions of time (``x(t)``, the convention of
:mod:`theorems.variational`; the velocities are ``x(t).diff(t)``) or as plain Symbols together with velocity Symbols
``v=[...]``.  Momenta come back in the same convention: functions ``p_x(t)`` or Symbols ``p_x``.  Internally every
chart variable is replaced by a real Dummy (keeping a declared sign), so assumptions-based decisions treat t, q, v as
real; declare generic functions ``real=True`` (``Function('U', real=True)``) so that sympy knows their values are real.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import sympy
from sympy import Derivative, Dummy, Eq, Function, Matrix, Rational, Symbol
from sympy.core.function import AppliedUndef
from sympy.solvers.solveset import NonlinearError

from checker.kernel.decision import Decision, undecided_on_floats
from checker.kernel.engine.instances import function_assumptions, satisfies_assumptions
from checker.kernel.engine.symbolic import TimeLimit, is_provably_nonzero, time_limit
from theorems.toolkit.variational import (LagrangianChart, _as_coordinate_list, _has_dummy, _is_curve, _name,
                                          lagrangian_chart)
from theorems.toolkit.zero_handling import ZeroUndecided, solve_linear, zero_state

__all__ = [
    "LagrangianChart", "LegendreMap", "HamiltonianBranch", "InverseBranchError", "NoInverseBranch",
    "InverseBranchUndecided", "SeveralInverseBranches", "RegularityUndecided", "HyperregularityUndecided",
    "lagrangian_chart", "legendre_map", "is_regular", "hamiltonian", "is_hyperregular", "hamilton_equations",
]

SOLVE_SECONDS = 10.0
SIMPLIFY_SECONDS = 2.0


# ---------------------------------------------------------------------------
# the chart: time, coordinates, velocities in one of the two conventions
# ---------------------------------------------------------------------------

def _declared_assumptions(variable) -> dict:
    """Every assumption sympy holds about a chart variable: a Symbol's ``assumptions0``, the class assumptions of a
    curve ``Function('q', negative=True)(t)``; none for a velocity ``q'(t)`` beyond being real."""
    if isinstance(variable, Symbol):
        return dict(variable.assumptions0)
    if isinstance(variable, AppliedUndef):
        return {k: v for k, v in function_assumptions(variable.func).items() if v is not None}
    return {}


def _sign_assumptions(variable) -> dict:
    """The assumptions of the real Dummy standing for a chart variable: real, and every assumption declared on the
    variable (sign, nonzero, integer, ...), so that no decision reads a point outside the declared chart as one of it."""
    declared = _declared_assumptions(variable)
    out = {**declared, "real": True}
    try:
        Dummy("probe", **out)
    except Exception:  # noqa: BLE001 - inconsistent with real (a declared non-real variable): keep the declaration
        return declared
    return out


def _point_honours(point: dict) -> bool:
    """Every value of ``{frozen Dummy: value}`` is a real number with every assumption of its Dummy."""
    return all(sympy.sympify(value).is_extended_real is True and satisfies_assumptions(value, symbol.assumptions0)
               for symbol, value in point.items())


@dataclass(frozen=True)
class _Frozen:
    """The chart with every variable replaced by a real Dummy: ``to`` maps originals to dummies, ``back`` reverses."""

    chart: LagrangianChart
    to: dict
    back: dict

    @property
    def time(self):
        return self.to[self.chart.time]

    @property
    def coordinates(self) -> list:
        return [self.to[c] for c in self.chart.coordinates]

    @property
    def velocities(self) -> list:
        return [self.to[v] for v in self.chart.velocities]

    def freeze(self, expr):
        return sympy.sympify(expr).xreplace(self.to)

    def thaw(self, expr):
        return sympy.sympify(expr).xreplace(self.back)


#: the frozen charts made so far, by (chart, momenta): one set of Dummies per chart and process
_FROZEN: dict = {}


def _frozen(chart: LagrangianChart, momenta=(), inputs=()) -> _Frozen:
    """The chart frozen to real Dummies, the same ones for every call with the same (chart, momenta), so sympy's cache
    serves repeated derivatives of one Lagrangian.  Inputs that contain Dummies get fresh ones, created after theirs,
    as before: the relative order of all Dummies in a computation (which can decide a printed sign) is unchanged."""
    key = (chart, tuple(momenta))
    if _has_dummy((*chart.variables, *key[1], *inputs)):
        return _new_frozen(chart, momenta)
    fz = _FROZEN.get(key)
    if fz is None:
        fz = _FROZEN[key] = _new_frozen(chart, momenta)
    return fz


def _new_frozen(chart: LagrangianChart, momenta=()) -> _Frozen:
    to = {}
    for variable in (*chart.velocities, *chart.coordinates, chart.time, *momenta):
        label = f"{_name(variable.expr)}_dot" if isinstance(variable, Derivative) else _name(variable)
        to[variable] = Dummy(label, **_sign_assumptions(variable))
    return _Frozen(chart, to, {d: v for v, d in to.items()})


# ---------------------------------------------------------------------------
# the Legendre map
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class LegendreMap:
    """F_𝓛(t, q, v) = (t, q, 𝓛_v(t, q, v)): the momentum p = 𝓛_v (n×1) and the velocity Hessian 𝓛_vv (n×n)."""

    lagrangian: sympy.Expr
    chart: LagrangianChart
    momentum: Matrix
    hessian: Matrix
    _frozen: _Frozen = field(repr=False)

    @property
    def components(self) -> tuple:
        """(t, q_1, …, q_n, p_1, …, p_n), the value of F_𝓛."""
        return (self.chart.time, *self.chart.coordinates, *self.momentum)

    def jacobian(self) -> Matrix:
        """D F_𝓛 with respect to (t, q, v): [[1, 0, 0], [0, I, 0], [𝓛_vt, 𝓛_vq, 𝓛_vv]]."""
        fz = self._frozen
        variables = [fz.time, *fz.coordinates, *fz.velocities]
        return Matrix([fz.freeze(c) for c in self.components]).jacobian(variables).applyfunc(fz.thaw)

    def at(self, point: dict) -> tuple:
        """F_𝓛 at a point ``{chart variable: value}`` (unlisted variables stay symbolic)."""
        substitution = _point_in_frozen(self._frozen, point)
        return tuple(self._frozen.thaw(self._frozen.freeze(c).xreplace(substitution)) for c in self.components)


def _frozen_momentum(L, fz: _Frozen):
    """(𝓛, 𝓛_v) with the chart variables frozen."""
    Lf = fz.freeze(L)
    return Lf, Matrix([sympy.diff(Lf, v) for v in fz.velocities])


def _frozen_hessian(momentum: Matrix, fz: _Frozen) -> Matrix:
    return momentum.jacobian(fz.velocities)


def legendre_map(L, q, t, v=None) -> LegendreMap:
    """The Legendre map of 𝓛: momentum p = 𝓛_v and Hessian 𝓛_vv (coordinates as functions of t, or Symbols with ``v``)."""
    chart = lagrangian_chart(q, t, v)
    fz = _frozen(chart, inputs=(sympy.sympify(L),))
    _, momentum = _frozen_momentum(sympy.sympify(L), fz)
    hessian = _frozen_hessian(momentum, fz)
    return LegendreMap(sympy.sympify(L), chart, momentum.applyfunc(fz.thaw), hessian.applyfunc(fz.thaw), fz)


def _point_in_frozen(fz: _Frozen, point: dict) -> dict:
    substitution = {}
    for key, value in point.items():
        if key not in fz.to:
            raise ValueError(f"{key!r} is not a variable of the chart (t, q, v) = {fz.chart.variables}")
        substitution[fz.to[key]] = sympy.sympify(value)
    return substitution


# ---------------------------------------------------------------------------
# regularity
# ---------------------------------------------------------------------------

class RegularityUndecided(ValueError):
    """:func:`is_regular` could neither show det 𝓛_vv ≠ 0 nor find a point where it vanishes;
    kept for callers: since issue 12 the decision returns ``Decision.undecided`` instead."""


def _limited(transform, expr, seconds=SIMPLIFY_SECONDS):
    try:
        with time_limit(seconds):
            return transform(expr)
    except (TimeLimit, Exception):  # noqa: BLE001 - a failed rewrite only means "no simpler form"
        return expr


def _forms(expr):
    """``expr`` after cancel, then (not for rational functions, where they add nothing) trigsimp and simplify."""
    yield sympy.cancel(sympy.together(expr))
    if not sympy.sympify(expr).is_rational_function():
        yield _limited(sympy.trigsimp, expr)
        yield _limited(sympy.simplify, expr)


def _zero_or_nonzero(expr):
    """True when ``expr`` is shown ≠ 0, False when shown = 0, None when undecided."""
    for form in _forms(expr):
        if form == 0:
            return False
        if is_provably_nonzero(form):
            return True
    return None


def _definite_sign(expr) -> str:
    """'positive' / 'negative' / 'nonzero' when sympy's assumptions show it for every real value, else ''."""
    for form in _forms(expr):
        for sign in ("positive", "negative", "nonzero"):
            if getattr(form, f"is_{sign}"):
                return sign
    return ""


_PROBE_VALUES = [sympy.Integer(v) for v in (0, 1, -1, 2)] + [Rational(1, 2), Rational(-1, 3)]


def _zero_of(det, variables, limit: int = 40):
    """A real point of the chart where ``det`` vanishes (solving for one variable, probing the rest), or None."""
    numerator, denominator = sympy.fraction(sympy.together(det))
    for variable in [x for x in variables if numerator.has(x)]:
        try:
            with time_limit(SOLVE_SECONDS):
                roots = sympy.solve(numerator, variable)
        except (TimeLimit, NotImplementedError, Exception):  # noqa: BLE001
            continue
        for root in roots:
            others = [x for x in variables if x != variable and x in sympy.sympify(root).free_symbols]
            for values in itertools.islice(itertools.product(_PROBE_VALUES, repeat=len(others)), limit):
                point = dict(zip(others, values))
                point[variable] = sympy.sympify(root).xreplace(point)
                if not _point_honours(point):
                    continue  # a point outside the declared chart (any assumption of a variable) is no witness
                if zero_state(denominator.xreplace(point)).is_zero is not False:
                    continue
                if zero_state(det.xreplace(point)).is_zero is True:
                    return point
    return None


def _settled_lagrangian(L, velocities):
    """``(𝓛, undecided)``: 𝓛 with every group of terms that share one velocity-dependent factor dropped when the sum of
    their coefficients is shown ≡ 0 (a zero in disguise, ``(cosh²s − sinh²s − 1)·v⁴``, would otherwise change the degree
    in v that the decisions and ``sympy.solve`` see), and the coefficients neither shown ≡ 0 nor ≢ 0.  𝓛 is returned
    as given when nothing is dropped."""
    L = sympy.sympify(L)
    velocities = list(velocities)
    groups: dict = {}
    for term in sympy.Add.make_args(sympy.expand(L, power_exp=False, power_base=False, log=False)):
        coefficient, factor = term.as_independent(*velocities, as_Add=False)
        groups[factor] = groups.get(factor, sympy.S.Zero) + coefficient
    kept, undecided, dropped = [], [], False
    for factor, coefficient in groups.items():
        if not factor.has(*velocities) or coefficient.is_zero is False:
            kept.append(coefficient * factor)
            continue
        state = zero_state(coefficient).is_zero
        if state is True:
            dropped = True
            continue
        if state is None:
            undecided.append(coefficient)
        kept.append(coefficient * factor)
    return (sympy.Add(*kept) if dropped else L), undecided


def _plain_point(fz: _Frozen, point: dict) -> dict:
    return {fz.back[k]: v for k, v in point.items()}


@undecided_on_floats
def is_regular(L, q, t, at=None, v=None) -> Decision:
    """Is det 𝓛_vv ≠ 0 at every point of J × U × ℝⁿ (``at=None``) or at the point ``at`` = {chart variable: value}?

    Fails with the zero determinant (``det 𝓛_vv`` shown ≡ 0 by :func:`theorems.zero_handling.zero_state`) or a real
    point where it vanishes (``.details['point']``, shown 0 there); holds when sympy's assumptions show a definite sign
    (or, at a point, the value is shown ≠ 0); undecided (``Decision.undecided``) otherwise.
    """
    chart = lagrangian_chart(q, t, v)
    L, undecided = _settled_lagrangian(L, chart.velocities)
    try:
        return _is_regular(L, chart, at)
    except (TypeError, ArithmeticError) as exc:  # sympy on an expression it cannot order ("Invalid NaN comparison")
        return Decision.undecided_because(f"sympy failed deciding regularity ({type(exc).__name__}: {exc})"
                                          + _undecided_text(undecided))


def _undecided_text(undecided) -> str:
    return (f"; coefficients neither shown ≡ 0 nor ≢ 0: {', '.join(sympy.sstr(c) for c in undecided)}"
            if undecided else "")


def _is_regular(L, chart, at) -> Decision:
    fz = _frozen(chart, inputs=(sympy.sympify(L),))
    hessian = _frozen_hessian(_frozen_momentum(sympy.sympify(L), fz)[1], fz)
    det = sympy.cancel(sympy.together(hessian.det()))
    if at is not None:
        return _regular_at(det, fz, at)
    identically = zero_state(det)
    if identically.is_zero is True or _zero_or_nonzero(det) is False:
        return Decision(False, witness={"det L_vv": 0}, details={"point": {}, "shown by": identically.reason},
                        explanation="det 𝓛_vv ≡ 0: the Legendre map is regular nowhere")
    sign = _definite_sign(det)
    if sign:
        return Decision(True, certificate={"det L_vv": fz.thaw(det), "sign": sign},
                        explanation=f"det 𝓛_vv = {sympy.sstr(fz.thaw(det))} is {sign} at every real (t, q, v)")
    point = _zero_of(det, [*fz.velocities, *fz.coordinates, fz.time])
    if point is None:
        return Decision.undecided_because(f"could not decide whether det 𝓛_vv = {sympy.sstr(fz.thaw(det))} vanishes on "
                                          "the chart (no definite sign shown, no real zero found)")
    plain = _plain_point(fz, point)
    return Decision(False, witness={"point": {str(k): val for k, val in plain.items()}, "det L_vv": 0},
                    details={"point": plain},
                    explanation=f"det 𝓛_vv = {sympy.sstr(fz.thaw(det))} vanishes at {plain}: not regular there")


def _regular_at(det, fz: _Frozen, at: dict) -> Decision:
    substitution = _point_in_frozen(fz, at)
    violated = [str(fz.back[d]) for d, value in substitution.items()
                if not sympy.sympify(value).free_symbols and not _point_honours({d: value})]
    if violated:
        raise ValueError(f"the point {at} is outside the declared chart: the value of {', '.join(violated)} violates "
                         "its assumptions (or is not real)")
    value = det.xreplace(substitution)
    state = zero_state(value).is_zero
    nonzero = None if state is None else not state
    shown = {str(k): val for k, val in at.items()}
    if nonzero is None:
        return Decision.undecided_because(f"could not decide whether det 𝓛_vv = {sympy.sstr(fz.thaw(value))} vanishes "
                                          f"at {shown}")
    if nonzero:
        return Decision(True, certificate={"point": shown, "det L_vv": fz.thaw(value)},
                        explanation=f"det 𝓛_vv = {sympy.sstr(fz.thaw(value))} ≠ 0 at {shown}")
    return Decision(False, witness={"point": shown, "det L_vv": 0}, details={"point": dict(at)},
                    explanation=f"det 𝓛_vv = 0 at {shown}: not regular there")


# ---------------------------------------------------------------------------
# the inverse branch and the Hamiltonian
# ---------------------------------------------------------------------------

class InverseBranchError(ValueError):
    """No single inverse Legendre branch: see :class:`NoInverseBranch` and :class:`SeveralInverseBranches`."""


class NoInverseBranch(InverseBranchError):
    """sympy found no real solution v(t, q, p) of 𝓛_v(t, q, v) = p (``.candidates``: what it found and rejected)."""

    def __init__(self, message, candidates=()):
        super().__init__(message)
        self.candidates = list(candidates)


class InverseBranchUndecided(NoInverseBranch):
    """Whether 𝓛_v = p has a single real branch was not decided (a coefficient of 𝓛 in the velocities neither shown
    ≡ 0 nor ≢ 0, or sympy failed on it): not a claim that no branch exists."""


class SeveralInverseBranches(InverseBranchError):
    """sympy found several real solutions of 𝓛_v = p (``.branches``); choose one with ``hamiltonian(..., branch=i)``."""

    def __init__(self, message, branches):
        super().__init__(message)
        self.branches = list(branches)


@dataclass(frozen=True)
class HamiltonianBranch:
    """An inverse Legendre branch v(t, q, p) (``branch``: velocity ↦ expression) and H = p·v − 𝓛(t, q, v(t, q, p))."""

    hamiltonian: sympy.Expr
    momenta: tuple
    branch: dict
    chart: LagrangianChart
    lagrangian: sympy.Expr
    verification: str

    def velocity(self) -> Matrix:
        """v(t, q, p) as an n×1 Matrix."""
        return Matrix([self.branch[v] for v in self.chart.velocities])


def _solve_linear(equations, unknowns):
    """The unique solution of a linear system (``[]`` if singular), or None when the system is not linear."""
    try:
        A, b = sympy.linear_eq_to_matrix([sympy.expand(e) for e in equations], unknowns)
    except NonlinearError:
        return None
    try:
        solution = solve_linear(A, b)
    except ZeroUndecided as exc:
        raise NoInverseBranch(f"𝓛_v is affine in v, but its matrix was not shown invertible: {exc.reason}") from exc
    if solution is None:
        return []
    return [dict(zip(unknowns, solution.applyfunc(sympy.cancel)))]


def _nonlinear_candidates(equations, unknowns):
    try:
        with time_limit(SOLVE_SECONDS):
            found = sympy.solve(equations, unknowns, dict=True)
    except TimeLimit as exc:
        raise NoInverseBranch(f"sympy.solve did not solve 𝓛_v = p within {SOLVE_SECONDS} s") from exc
    except NotImplementedError as exc:
        raise NoInverseBranch(f"sympy.solve cannot solve 𝓛_v = p: {exc}") from exc
    return [s for s in found if set(s) == set(unknowns) and not any(sympy.sympify(e).has(*unknowns) for e in s.values())]


def _numbers_for(exprs) -> dict:
    """Real symbols for the function values and derivatives in ``exprs`` (a point evaluates any real function)."""
    atoms = set()
    for e in exprs:
        e = sympy.sympify(e)
        atoms |= e.atoms(Derivative) | e.atoms(sympy.Subs) | e.atoms(AppliedUndef)
    ordered = sorted(atoms, key=lambda a: -sympy.count_ops(a))
    return {a: Dummy(f"value{i}", real=True) for i, a in enumerate(ordered)}


_MOMENTUM_PROBES = [Rational(1, 3), Rational(-1, 4), Rational(2, 7), Rational(-3, 5), Rational(1, 6)]


def _probe_points(symbols, count: int = 3):
    """Deterministic rational points (values in (−1, 1), respecting sign assumptions) for the probe."""
    symbols = sorted(symbols, key=lambda s: s.name)
    for shift in range(count):
        point = {}
        for i, s in enumerate(symbols):
            value = _MOMENTUM_PROBES[(i + shift) % len(_MOMENTUM_PROBES)]
            point[s] = abs(value) if (s.is_positive or s.is_nonnegative) else value
        yield point


def _solves_somewhere(candidate, residuals, values) -> bool:
    """Is the candidate real and a solution (to 25 digits) at one of the probe points?"""
    exprs = [sympy.sympify(e).xreplace(values) for e in list(candidate.values()) + residuals]
    free = set().union(*(e.free_symbols for e in exprs))
    for point in _probe_points(free):
        try:
            numbers = [sympy.N(e.xreplace(point), 30) for e in exprs]
        except (ZeroDivisionError, ValueError, TypeError):
            continue
        branch, rest = numbers[:len(candidate)], numbers[len(candidate):]
        if any(not x.is_number or x.has(sympy.nan, sympy.zoo) for x in numbers):
            continue
        if all(abs(sympy.im(x)) < 1e-25 for x in branch) and all(abs(r) < 1e-20 for r in rest):
            return True
    return False


def _real_branches(candidates, equations):
    kept, rejected = [], []
    for candidate in candidates:
        residuals = [sympy.sympify(e).xreplace(candidate) for e in equations]
        values = _numbers_for(list(candidate.values()) + residuals)
        (kept if _solves_somewhere(candidate, residuals, values) else rejected).append((candidate, residuals))
    return kept, rejected


def _is_sqrt_one_plus_sinh_squared(e) -> bool:
    if not (e.is_Pow and e.exp == Rational(1, 2)):
        return False
    sinhs = list(e.base.atoms(sympy.sinh))
    return len(sinhs) == 1 and sinhs[0].args[0].is_real and sympy.expand(e.base - 1 - sinhs[0] ** 2) == 0


def _real_compositions(expr):
    """For real x: asinh(sinh x) → x (sinh is a bijection of ℝ) and √(1 + sinh²x) → cosh x (cosh > 0); sympy leaves
    both alone."""
    expr = sympy.sympify(expr).replace(
        lambda e: isinstance(e, sympy.asinh) and isinstance(e.args[0], sympy.sinh) and e.args[0].args[0].is_real,
        lambda e: e.args[0].args[0])
    return expr.replace(_is_sqrt_one_plus_sinh_squared, lambda e: sympy.cosh(list(e.base.atoms(sympy.sinh))[0].args[0]))


def _tidy(expr, momenta, simplify: bool):
    """Cancel ``expr`` (coefficient by coefficient when it is a polynomial in the momenta), then optionally simplify."""
    expr = _real_compositions(expr)
    if expr.is_polynomial(*momenta):
        poly = sympy.Poly(sympy.expand(expr), *momenta)
        expr = sum((sympy.cancel(c) * sympy.Mul(*(x**e for x, e in zip(momenta, monomial)))
                    for monomial, c in poly.terms()), sympy.S.Zero)
    else:
        expr = sympy.cancel(sympy.together(expr))
    if not simplify:
        return expr
    simpler = _limited(sympy.simplify, expr)
    return simpler if sympy.count_ops(simpler) < sympy.count_ops(expr) else expr


def _nonlinear_branch(equations, fz: _Frozen, index):
    """The real branch of sympy.solve's candidates (probe-checked), and whether 𝓛_v(v(p)) = p reduced to 0."""
    candidates = _nonlinear_candidates(equations, fz.velocities)
    kept, rejected = _real_branches(candidates, equations)
    if not kept:
        shown = [{str(fz.thaw(k)): fz.thaw(e) for k, e in c.items()} for c, _ in rejected]
        raise NoInverseBranch(f"sympy found no real solution v of 𝓛_v = p (candidates: {shown or 'none'})",
                              candidates=[c for c, _ in rejected])
    if len(kept) > 1 and index is None:
        shown = [{fz.thaw(k): fz.thaw(e) for k, e in c.items()} for c, _ in kept]
        raise SeveralInverseBranches(f"sympy found {len(kept)} real solutions of 𝓛_v = p: {shown}", shown)
    chosen, residuals = kept[index or 0]
    return chosen, all(zero_state(_real_compositions(r), SIMPLIFY_SECONDS).is_zero is True for r in residuals)


def hamiltonian(L, q, t, v=None, momenta=None, branch=None, simplify: bool = True) -> HamiltonianBranch:
    """Solve 𝓛_v(t, q, v) = p for v (a real branch sympy finds) and return it with H = p·v(t, q, p) − 𝓛(t, q, v(t, q, p)).

    When 𝓛_v is affine in v the branch is the LU solution (none when the matrix is singular).  Otherwise the candidates
    of ``sympy.solve`` that are not real solutions at any of a few rational probe points are rejected; raises
    :class:`NoInverseBranch` when none is left and :class:`SeveralInverseBranches` when several are (``branch=i`` picks
    the i-th).  ``verification`` says whether 𝓛_v(t, q, v(t, q, p)) = p reduced to 0 symbolically.  H is cancelled
    (and simplified under a time limit when ``simplify``).
    """
    chart = lagrangian_chart(q, t, v)
    given, (L, undecided) = sympy.sympify(L), _settled_lagrangian(L, chart.velocities)
    try:
        return _hamiltonian(L, given, chart, momenta, branch, simplify)
    except NoInverseBranch as exc:
        if undecided and not isinstance(exc, InverseBranchUndecided):
            raise InverseBranchUndecided(f"{exc}{_undecided_text(undecided)}") from exc
        raise
    except (TypeError, ArithmeticError) as exc:  # sympy on an expression it cannot order ("Invalid NaN comparison")
        raise InverseBranchUndecided(f"sympy failed solving 𝓛_v = p ({type(exc).__name__}: {exc})"
                                     + _undecided_text(undecided)) from exc


def _hamiltonian(L, given, chart, momenta, branch, simplify) -> HamiltonianBranch:
    P = chart.momentum_variables(momenta)
    fz = _frozen(chart, P, inputs=(sympy.sympify(L),))
    Lf, momentum = _frozen_momentum(sympy.sympify(L), fz)
    Pf = [fz.to[p] for p in P]
    equations = [momentum[i] - Pf[i] for i in range(chart.n)]
    linear = _solve_linear(equations, fz.velocities)
    if linear is not None:  # 𝓛_v affine in v: the unique solution (LU), or none when the matrix is singular
        if not linear:
            raise NoInverseBranch("𝓛_v is affine in v with a singular matrix: 𝓛_v = p has no solution for generic p")
        chosen = linear[0]
        verified = all(zero_state(e.xreplace(chosen)).is_zero is True for e in equations)
    else:
        chosen, verified = _nonlinear_branch(equations, fz, branch)
    H = sum((Pf[i] * chosen[fz.velocities[i]] for i in range(chart.n)), sympy.S.Zero) - Lf.xreplace(chosen)
    return HamiltonianBranch(hamiltonian=fz.thaw(_tidy(H, Pf, simplify)), momenta=P,
                             branch={fz.back[k]: fz.thaw(e) for k, e in chosen.items()}, chart=chart,
                             lagrangian=given,
                             verification="symbolic" if verified else "numerical (probe points)")


def hamilton_equations(H, q, p, t) -> list:
    """Hamilton's equations [q_i' = ∂H/∂p_i, …, p_i' = −∂H/∂q_i, …]; Symbols q, p are turned into functions of t."""
    coordinates, momenta = _as_coordinate_list(q), _as_coordinate_list(p)
    if len(coordinates) != len(momenta) or not coordinates:
        raise ValueError(f"need as many momenta as coordinates (≥ 1), got {len(coordinates)} and {len(momenta)}")
    H = sympy.sympify(H)
    if all(isinstance(x, Symbol) for x in coordinates + momenta):
        curves = {x: Function(x.name, real=True)(t) for x in coordinates + momenta}
        H = H.xreplace(curves)
        coordinates, momenta = [curves[x] for x in coordinates], [curves[x] for x in momenta]
    elif not all(_is_curve(x, t) for x in coordinates + momenta):
        raise ValueError(f"coordinates and momenta must all be functions of {t} or all Symbols")
    return ([Eq(x.diff(t), H.diff(y)) for x, y in zip(coordinates, momenta)]
            + [Eq(y.diff(t), -H.diff(x)) for x, y in zip(coordinates, momenta)])


class HyperregularityUndecided(ValueError):
    """:func:`is_hyperregular` could not decide (no single real branch, or its domain could not be settled);
    kept for callers: since issue 12 the decision returns ``Decision.undecided`` instead."""


_LARGE_PROBES = [sympy.Integer(v) for v in (2, -2, 3, -3, 10, -10)]
_BASE_VALUES = [sympy.Integer(v) for v in (0, 1, -1, 2, -2)] + [Rational(1, 2), Rational(-1, 2), sympy.sqrt(2), -sympy.sqrt(2)]


@undecided_on_floats
def is_hyperregular(L, q, t, v=None) -> Decision:
    """Regular on the chart, and 𝓛_v = p has exactly one real solution v(t, q, p) for *every* (t, q, p) (sympy's branch
    is real and finite for all real arguments); the inverse is then C¹ by the inverse function theorem.

    Fails with a regularity witness, or with a momentum p* for which the exact equation 𝓛_v(t*, q*, v) = p* has no
    real solution (the Legendre map is not onto); undecided (``Decision.undecided``) when it cannot decide, or when the
    branch does not reduce 𝓛_v(t, q, v(t, q, p)) − p to 0 symbolically.  The certificate carries the branch (so
    re-checked) and the Hamiltonian.
    """
    L = _settled_lagrangian(L, lagrangian_chart(q, t, v).velocities)[0]
    regular = is_regular(L, q, t, v=v)
    if regular.undecided:
        return regular
    if not regular:
        return Decision(False, witness=regular.witness, explanation=f"not regular: {regular.explanation}")
    try:
        branch = hamiltonian(L, q, t, v=v, simplify=False)
    except InverseBranchError as exc:
        return Decision.undecided_because(f"regular, but no single inverse branch: {exc}")
    try:
        return _hyperregular_from_branch(L, regular, branch)
    except (TypeError, ArithmeticError) as exc:  # sympy on an expression it cannot order ("Invalid NaN comparison")
        return Decision.undecided_because(f"sympy failed deciding whether the branch is real ({type(exc).__name__}: "
                                          f"{exc})")


def _hyperregular_from_branch(L, regular, branch) -> Decision:
    fz = _frozen(branch.chart, branch.momenta, inputs=(sympy.sympify(L),))
    values = [fz.freeze(e) for e in branch.branch.values()]
    if all(e.is_real is True for e in values):
        if branch.verification != "symbolic":
            return Decision.undecided_because(f"the branch {branch.branch} was not shown to solve 𝓛_v = p symbolically")
        return Decision(True, certificate={"branch": branch.branch, "hamiltonian": branch.hamiltonian,
                                           "momenta": branch.momenta, "det L_vv": regular.certificate["det L_vv"],
                                           "verification": branch.verification},
                        explanation=f"regular, and the unique branch {branch.branch} is real for every (t, q, p)")
    witness = _unreached_momentum(sympy.sympify(L), branch, fz, values)
    if witness is None:
        return Decision.undecided_because(f"could not decide whether the branch {branch.branch} is defined for all p")
    return Decision(False, witness=witness,
                    explanation=f"𝓛_v = p has no real solution at {witness['point']}: the Legendre map is not onto ℝⁿ")


def _unreached_momentum(L, branch: HamiltonianBranch, fz: _Frozen, values):
    """A point (t*, q*, p*) where the branch is not real and the exact equation 𝓛_v = p* has no real solution."""
    chart = branch.chart
    base = {}
    for x in (chart.time, *chart.coordinates):  # a base point (t*, q*) of the declared chart
        value = next((c for c in _BASE_VALUES if _point_honours({fz.to[x]: c})), None)
        if value is None:
            return None
        base[fz.to[x]] = value
    momenta = [fz.to[p] for p in branch.momenta]
    _, momentum = _frozen_momentum(L, fz)
    for p_values in itertools.islice(itertools.product(_LARGE_PROBES, repeat=len(momenta)), 30):
        point = {**base, **dict(zip(momenta, p_values))}
        if not _point_honours(dict(zip(momenta, p_values))):
            continue
        if all(sympy.N(e.xreplace(point)).is_real for e in values):
            continue
        equations = [momentum[i].xreplace(base) - p_values[i] for i in range(chart.n)]
        try:
            with time_limit(SOLVE_SECONDS):
                solutions = sympy.solve(equations, fz.velocities, dict=True)
        except (TimeLimit, NotImplementedError):
            continue
        if not solutions:
            return {"point": {str(fz.back[k]): val for k, val in point.items()},
                    "exact equation": [sympy.sstr(fz.thaw(e)) + " = 0" for e in equations],
                    "real solutions": []}
    return None
