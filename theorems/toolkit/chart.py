"""Seed 001's regular holonomic constraint in a time-dependent chart: charts, the rank decision, the constructor.

* :class:`Chart` -- an open set O = {(t, q) : h(t, q) ≠ 0 for each listed h} of ℝ × ℝⁿ;
* :func:`rank_everywhere_on_chart` -- decision: rank G_q = k at *every* point of O, with a witness point
  of rank loss when it fails;
* :func:`regular_holonomic_constraint` -- the constructor: it rejects data with rank < k somewhere on O;
* :class:`RegularHolonomicConstraint` -- virtual displacements V = ker G_q, permitted velocities G_t + G_q v = 0,
  constrained curves, the reaction M q'' − f, its multiplier form G_qᵀλ, ideal-constraint motions;
* :func:`is_symmetric_positive_definite` -- Sylvester's criterion, exactly.

The pointwise constructions use plain Symbols (t, q); the dynamics use coordinates that are functions of t
(``sympy.physics.mechanics`` style).  Part of the toolkit (:mod:`theorems.toolkit`): declares no item; the
definition ``holonomic.regular_constraint_definition`` and the items around it are in
:mod:`theorems.holonomic_chart`.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import sympy
from sympy import Function, Matrix, Rational, Symbol

from checker.decision import Decision, undecided_on_floats
from checker.symbolic import (TimeLimit, inexact_numbers, inexact_reason, nonzero_as_rational_function, time_limit,
                             zero_as_rational_function)
from theorems.toolkit.holonomic_dynamics import ideal_holonomic_dynamics
from theorems.toolkit.linear_algebra import jacobian_and_minors, transpose_multiplier
from theorems.toolkit.virtual_displacements import holonomic_virtual_displacements
from theorems.toolkit.zero_handling import ZeroUndecided, all_zero, rewritten_within, simplified_within

__all__ = [
    "Chart", "WHOLE_SPACE", "IrregularConstraint", "RankUndecided", "RegularHolonomicConstraint",
    "rank_everywhere_on_chart", "regular_holonomic_constraint", "is_symmetric_positive_definite",
]

t = Symbol("t", real=True)


@dataclass(frozen=True)
class Chart:
    """An open set ``O = {(t, q) ∈ ℝ × ℝⁿ : h(t, q) ≠ 0 for every h in nonvanishing}`` (ℝ × ℝⁿ when empty)."""

    description: str
    nonvanishing: tuple = ()

    def contains(self, point: dict) -> bool:
        """Exact membership test of a point given as ``{symbol: value}``."""
        return all(not _vanishes_identically(sympy.sympify(h).xreplace(point)) for h in self.nonvanishing)


WHOLE_SPACE = Chart("ℝ × ℝⁿ")


def _vanishes_identically(expr) -> bool:
    """``sympy.cancel(expr) == 0``, decided exactly in the fraction field over ℚ of its atoms where that can be
    (:func:`checker.symbolic.zero_as_rational_function`, and its converse for a rational function of symbols), the
    same verdict without cancel's rewriting; by ``cancel`` otherwise."""
    expr = sympy.sympify(expr)
    if zero_as_rational_function(expr):
        return True
    if nonzero_as_rational_function(expr):
        return False
    return sympy.cancel(expr) == 0


class RankUndecided(ValueError):
    """:func:`rank_everywhere_on_chart` could neither exclude nor exhibit a point of rank loss in O."""


#: ``sympy.solve`` for the rank-loss set of a user's constraint gets this long; then the rank is undecided
SOLVE_SECONDS = 10.0


def _rank_loss_branches(equations, variables) -> list:
    """The solution branches of the rank-loss equations (``sympy.solve``), or :class:`RankUndecided` after
    :data:`SOLVE_SECONDS`.  ``solve`` is pure: the branches of equal equations (the same constraint on another chart)
    are computed once and handed out as fresh dicts."""
    if not equations:
        return [{}]
    key = (tuple(equations), tuple(variables))
    if key not in _BRANCHES:
        try:
            with time_limit(SOLVE_SECONDS):
                branches = sympy.solve(equations, variables, dict=True)
        except TimeLimit as exc:
            raise RankUndecided(f"sympy.solve found no rank-loss set within {SOLVE_SECONDS:g} s") from exc
        if len(_BRANCHES) >= 256:
            _BRANCHES.clear()
        _BRANCHES[key] = branches
    return [dict(branch) for branch in _BRANCHES[key]]


_BRANCHES: dict = {}  # (equations, variables) -> the branches sympy.solve returned for them


class IrregularConstraint(ValueError):
    """The data violate the definition: G_q has rank < k somewhere on the chart (``.witness`` is such a point)."""

    def __init__(self, message: str, decision: Decision):
        super().__init__(message)
        self.decision = decision
        self.witness = decision.witness


def _column(values) -> Matrix:
    m = Matrix(values)
    return m if m.cols == 1 else m.reshape(len(m), 1)


_SEARCH_VALUES = [sympy.Integer(v) for v in (0, 1, -1, 2, -2, 3)] + [Rational(1, 2), Rational(-1, 2), Rational(1, 3)]


def _admissible(symbol, value) -> bool:
    if (symbol.is_positive and not value > 0) or (symbol.is_nonnegative and value < 0):
        return False
    return not (symbol.is_nonzero and value == 0)


def _real_number(value) -> bool:
    value = sympy.nsimplify(value) if not value.is_Rational else value
    return bool(value.is_real) and value.is_finite is not False


def _search_point(branch: dict, free: list, checks, limit: int = 400):
    """A point of a solution branch (free symbols set to small rationals) passing ``checks``, or None."""
    choices = [[v for v in _SEARCH_VALUES if _admissible(s, v)] for s in free]
    for count, values in enumerate(itertools.product(*choices)):
        if count >= limit:
            return None
        point = dict(zip(free, values))
        try:
            solved = {var: rewritten_within(sympy.sympify(expr).xreplace(point), sympy.simplify)
                      for var, expr in branch.items()}
        except (ZeroDivisionError, ValueError):
            continue
        point.update(solved)
        if not all(_real_number(v) for v in point.values()):
            continue
        if checks(point):
            return point
    return None


@undecided_on_floats
def rank_everywhere_on_chart(G, coords, time=t, chart: Chart = WHOLE_SPACE, on: str = "chart") -> Decision:
    """Does G_q(t, q) have rank k at every point of O (``on="chart"``), or at every point of Σ ∩ O (``on="locus"``)?

    Rank k fails exactly at the common zeros of the k×k minors of G_q (Cauchy–Binet: det(G_qG_qᵀ) is the
    sum of their squares).  These zeros are found with ``sympy.solve`` (polynomial G); a solution branch on
    which some listed h vanishes identically lies outside O; on any other branch a real point with every h ≠ 0
    is searched for and returned as the witness.  Raises :class:`RankUndecided` when neither happens.
    """
    if on not in ("chart", "locus"):
        raise ValueError("on must be 'chart' or 'locus'")
    G = _column(G)
    coords = list(coords)
    k, n = G.rows, len(coords)
    variables = [time] + coords
    J, minors = jacobian_and_minors(G, coords, sorted(G.free_symbols | set(coords), key=sympy.default_sort_key))
    parameters = sorted((G.free_symbols | set().union(*(sympy.sympify(h).free_symbols for h in chart.nonvanishing)))
                        - set(variables), key=lambda s: s.name)
    where = "O" if on == "chart" else "Σ ∩ O"
    if k > n:
        equations = list(G) if on == "locus" else []
        branches = _rank_loss_branches(equations, variables)
        reason = f"k = {k} > n = {n}: a {k}×{n} matrix has rank at most {n}"
    else:
        nonzero = [mnr for mnr in minors if mnr != 0]
        if any(not (mnr.free_symbols & set(variables)) and mnr.is_nonzero for mnr in nonzero):
            constant = [mnr for mnr in nonzero if not mnr.free_symbols & set(variables)][0]
            return Decision(True, certificate={"nonzero minor": constant},
                            explanation=f"a {k}×{k} minor of G_q is a nonzero constant: rank {k} everywhere")
        equations = nonzero + (list(G) if on == "locus" else [])
        if not nonzero:
            reason = f"every {k}×{k} minor of G_q vanishes identically"
            branches = _rank_loss_branches(equations, variables)
        else:
            reason = f"the {k}×{k} minors of G_q vanish"
            branches = _rank_loss_branches(equations, variables)
    if not branches:
        return Decision(True, certificate={"minors": equations},
                        explanation=f"the {k}×{k} minors of G_q have no common zero in {where}")
    excluded = []
    for branch in branches:
        if any(_vanishes_identically(sympy.sympify(h).xreplace(branch)) for h in chart.nonvanishing):
            excluded.append(branch)
            continue
        free = [v for v in variables + parameters if v not in branch]

        def is_rank_loss(point):
            if not chart.contains(point):
                return False
            Jp = J.xreplace(point).applyfunc(sympy.nsimplify)
            if on == "locus" and not all(rewritten_within(g.xreplace(point), sympy.simplify) == 0 for g in G):
                return False
            return Jp.rank(simplify=True) < k
        point = _search_point(branch, free, is_rank_loss)
        if point is None:
            raise RankUndecided(f"could not decide the rank of G_q on {chart.description}: branch {branch} of "
                                "the rank-loss set is not excluded by the chart and no real point of it was found")
        witness = {str(v): point[v] for v in variables if v in point}
        witness.update({str(v): point[v] for v in parameters if v in point})
        return Decision(False, witness=witness,
                        explanation=f"{reason} at {witness}, a point of {where} ({chart.description}): rank G_q < {k}")
    return Decision(True, certificate={"rank-loss branches": excluded, "chart": chart.description},
                    explanation=f"G_q has rank {k} on {where}: every point where {reason.split(' vanish')[0]} vanish lies "
                                f"outside {chart.description}")


def is_symmetric_positive_definite(M) -> bool:
    """Exact test: Mᵀ = M and every leading principal minor is positive (Sylvester's criterion).  A matrix holding a
    floating-point number raises :class:`ZeroUndecided` (rounded minors decide nothing)."""
    M = Matrix(M)
    floats = inexact_numbers(M)
    if floats:
        raise ZeroUndecided(f"not decided: {inexact_reason(floats, 'the matrix')}")
    if M.rows != M.cols or not (M - M.T).is_zero_matrix:
        return False
    return all(bool(sympy.simplify(M[:i, :i].det()) > 0) for i in range(1, M.rows + 1))


def _velocity_symbols(coords) -> tuple:
    return tuple(Symbol(f"{c.name}_dot", real=True) for c in coords)


@dataclass(frozen=True)
class RegularHolonomicConstraint:
    """A constraint G(t, q) = 0 whose Jacobian G_q has rank k at every point of the chart O (seed 001)."""

    G: Matrix
    coords: tuple
    time: Symbol
    chart: Chart
    certificate: Decision = field(repr=False)

    @property
    def k(self) -> int:
        return self.G.rows

    @property
    def n(self) -> int:
        return len(self.coords)

    @property
    def velocities(self) -> tuple:
        """Velocity symbols (one per coordinate) in which forces f(t, q, v) are written."""
        return _velocity_symbols(self.coords)

    @property
    def jacobian(self) -> Matrix:
        """G_q, the k×n Jacobian of q ↦ G(t, q) (computed once per constraint; a fresh copy each time)."""
        return self._derived("jacobian", lambda: self.G.jacobian(list(self.coords)))

    @property
    def time_derivative(self) -> Matrix:
        """G_t (computed once per constraint; a fresh copy each time)."""
        return self._derived("time_derivative", lambda: self.G.diff(self.time))

    def _derived(self, name: str, compute) -> Matrix:
        """The matrix ``compute()`` of the (frozen, immutable) data, remembered on the instance; a copy is returned, so
        a caller that mutates it cannot change what the next caller reads."""
        memo = self.__dict__.setdefault("_memo", {})
        if name not in memo:
            memo[name] = compute()
        return memo[name].copy()

    def point(self, time_value, q_values) -> dict:
        return {self.time: sympy.sympify(time_value), **{c: sympy.sympify(v) for c, v in zip(self.coords, q_values)}}

    def virtual_displacements(self, time_value, q_values) -> list:
        """A basis of V(t, q) = ker G_q(t, q)."""
        return holonomic_virtual_displacements(list(self.G), list(self.coords), at=self.point(time_value, q_values))

    def permitted_velocity_residual(self, time_value, q_values, v) -> Matrix:
        """G_t + G_q v at (t, q) (zero exactly for permitted velocities)."""
        at = self.point(time_value, q_values)
        return (self.time_derivative + self.jacobian * _column(v)).xreplace(at).applyfunc(sympy.cancel)

    def permitted_velocity(self, time_value, q_values, w) -> Matrix:
        """The permitted velocity nearest to w: w − G_qᵀ(G_qG_qᵀ)⁻¹(G_q w + G_t)."""
        at = self.point(time_value, q_values)
        J = self.jacobian.xreplace(at)
        w = _column(w)
        return (w - J.T * (J * J.T).LUsolve(J * w + self.time_derivative.xreplace(at))).applyfunc(sympy.cancel)

    def along(self, expr, curve: dict):
        """``expr`` (in t, q and the velocity symbols) along a curve ``{q_i: c_i(t)}``."""
        mapping = {v: sympy.diff(curve[c], self.time) for c, v in zip(self.coords, self.velocities)}
        mapping.update({c: curve[c] for c in self.coords})
        return sympy.sympify(expr).xreplace(mapping)

    def constrained_curve(self, curve: dict, sample_times=(0, Rational(1, 2), 1)) -> Decision:
        """G(t, q(t)) ≡ 0 (symbolically) and (t, q(t)) ∈ O at the sample times."""
        residual = self.along(self.G, curve).applyfunc(simplified_within)
        outside = [s for s in sample_times
                   if not self.chart.contains({self.time: s, **{c: curve[c].subs(self.time, s) for c in self.coords}})]
        on_locus = all_zero(residual)
        if on_locus is None:
            return Decision.undecided_because(f"G along the curve = {sympy.sstr(list(residual))} was neither shown ≡ 0 "
                                              "nor ≢ 0")
        holds = on_locus and not outside
        return Decision(holds, witness=None if holds else {"G along the curve": residual, "times outside O": outside},
                        explanation="G(t, q(t)) ≡ 0" if holds else "the curve leaves the locus or the chart")

    def reaction(self, M, f, curve: dict) -> Matrix:
        """R(t) = M q''(t) − f(t, q(t), q'(t))."""
        acceleration = Matrix([sympy.diff(curve[c], self.time, 2) for c in self.coords])
        return (Matrix(M) * acceleration - self.along(_column(f), curve)).applyfunc(
            lambda e: rewritten_within(e, sympy.simplify))

    def multiplier(self, R, curve: dict) -> Matrix:
        """λ = (G_qG_qᵀ)⁻¹G_q R along the curve (the only candidate for R = G_qᵀλ)."""
        return transpose_multiplier(self.along(self.jacobian, curve), R).applyfunc(
            lambda e: rewritten_within(e, sympy.simplify))

    def ideal_constraint_motion(self, M, f, curve: dict, multiplier=None, reaction_sign=1,
                                permitted=None) -> Decision:
        """q is a constrained curve with permitted velocity and M q'' = f + G_qᵀλ (λ given, or the candidate)."""
        constrained = self.constrained_curve(curve)
        velocity = Matrix([sympy.diff(curve[c], self.time) for c in self.coords])
        if permitted is None:
            permitted_residual = self.along(self.time_derivative + self.jacobian * velocity, curve)
        else:
            permitted_residual = self.along(permitted(self, velocity), curve)
        permitted_residual = permitted_residual.applyfunc(simplified_within)
        R = self.reaction(M, f, curve)
        lam = self.multiplier(R, curve) if multiplier is None else _column(multiplier)
        motion_residual = (R - reaction_sign * self.along(self.jacobian, curve).T * lam).applyfunc(simplified_within)
        parts = [constrained.holds, all_zero(permitted_residual), all_zero(motion_residual)]
        if False not in parts and None in parts:
            return Decision.undecided_because("a residual of the constrained curve, the permitted velocity or the motion "
                                              "was neither shown ≡ 0 nor ≢ 0")
        holds = False not in parts
        return Decision(holds, certificate={"multiplier": lam} if holds else None,
                        witness=None if holds else {"constrained": bool(constrained), "G_t + G_q q'": permitted_residual,
                                                    "M q'' - f - G_q^T lambda": motion_residual, "lambda": lam},
                        explanation="an ideal-constraint motion" if holds else "not an ideal-constraint motion")

    def coordinate_functions(self) -> list:
        return [Function(c.name, real=True)(self.time) for c in self.coords]

    def dynamics(self, M, f, simplify: bool = True):
        """The toolkit's ideal system (:func:`ideal_holonomic_dynamics`) for mass M and force f(t, q, v)."""
        x = self.coordinate_functions()
        to_functions = {c: xc for c, xc in zip(self.coords, x)}
        to_functions.update({v: xc.diff(self.time) for v, xc in zip(self.velocities, x)})
        F = _column(f).xreplace(to_functions)
        return ideal_holonomic_dynamics(Matrix(M), F, self.G.xreplace(to_functions), x, self.time, simplify=simplify)


def regular_holonomic_constraint(G, coords, time=t, chart: Chart = WHOLE_SPACE, *, rank_on: str = "chart"
                                 ) -> RegularHolonomicConstraint:
    """The regular constraint G(t, q) = 0 on O; raises :class:`IrregularConstraint` when rank G_q < k somewhere on O.

    ``rank_on="locus"`` only asks for rank k on Σ = {G = 0} (seed 004's datum, not seed 001's definition).
    """
    G = _column(G)
    coords = tuple(coords)
    if not all(isinstance(c, Symbol) for c in coords) or not isinstance(time, Symbol):
        raise TypeError("coordinates and time must be Symbols")
    if G.rows < 1:
        raise ValueError("need k ≥ 1 constraint components")
    namesakes = set(_velocity_symbols(coords)) & (G.free_symbols | {time})
    if namesakes:  # forces are written in the velocity symbols: a parameter of G with that name would be a velocity
        raise ValueError(f"G has a symbol named like a velocity symbol ({', '.join(sorted(map(str, namesakes)))}): "
                         "rename it (velocities are <coordinate>_dot)")
    decision = rank_everywhere_on_chart(G, coords, time, chart, on=rank_on)
    if not decision:
        raise IrregularConstraint(f"not a regular constraint on {chart.description}: {decision.explanation}", decision)
    return RegularHolonomicConstraint(G, coords, time, chart, decision)
