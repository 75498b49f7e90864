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
:mod:`theorems.page1_variations.holonomic_chart`.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import sympy
from sympy import Function, Matrix, Rational, Symbol

from checker.kernel.decision import Decision, undecided_on_floats
from checker.kernel.engine.instances import satisfies_assumptions
from checker.kernel.engine.symbolic import TimeLimit, inexact_numbers, inexact_reason, time_limit
from theorems.toolkit.holonomic_dynamics import ideal_holonomic_dynamics
from theorems.toolkit.linear_algebra import jacobian_and_minors, transpose_multiplier
from theorems.toolkit.virtual_displacements import holonomic_virtual_displacements
from theorems.toolkit.zero_handling import (ZeroUndecided, all_zero, require_zero_state, rewritten_within,
                                            simplified_within, zero_state)

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

    def membership(self, point: dict) -> bool | None:
        """Is the point ``{symbol: value}`` in O?  True when every h is shown ≠ 0 there, False when one is shown = 0,
        None otherwise (:func:`zero_state`, the toolkit's robust zero test: a disguised 0 is a 0)."""
        states = [zero_state(sympy.sympify(h).xreplace(point)).is_zero for h in self.nonvanishing]
        return False if True in states else (None if None in states else True)

    def contains(self, point: dict) -> bool | None:
        """Exact membership test of a point given as ``{symbol: value}`` (None when it could not be decided)."""
        return self.membership(point)


WHOLE_SPACE = Chart("ℝ × ℝⁿ")


def _vanishes_identically(expr) -> bool:
    """``expr`` is shown ≡ 0 by :func:`zero_state` (a disguised 0 such as sin² + cos² − 1 included); False when it is
    shown ≢ 0 or undecided (so a branch is only ever excluded on a shown zero)."""
    return zero_state(sympy.sympify(expr)).is_zero is True


class RankUndecided(ValueError):
    """:func:`rank_everywhere_on_chart` could neither exclude nor exhibit a point of rank loss in O."""


#: ``sympy.solve`` for the rank-loss set of a user's constraint gets this long; then the rank is undecided
SOLVE_SECONDS = 10.0


def _rank_loss_branches(equations, unknowns) -> list:
    """The solution branches of the rank-loss equations in ``unknowns`` (t, q *and* the parameters, so that a loss at
    a special parameter value is a branch), by ``sympy.solve``; :class:`RankUndecided` after :data:`SOLVE_SECONDS` or
    when sympy cannot solve them.  ``solve`` is pure: the branches of equal equations are computed once and handed
    out as fresh dicts."""
    if not equations:
        return [{}]
    key = (tuple(equations), tuple(unknowns))
    if key not in _BRANCHES:
        try:
            with time_limit(SOLVE_SECONDS):
                branches = sympy.solve(equations, unknowns, dict=True)
        except TimeLimit as exc:
            raise RankUndecided(f"sympy.solve found no rank-loss set within {SOLVE_SECONDS:g} s") from exc
        except (NotImplementedError, sympy.polys.polyerrors.PolynomialError) as exc:
            raise RankUndecided(f"sympy.solve could not solve the rank-loss equations: {exc}") from exc
        if len(_BRANCHES) >= 256:
            _BRANCHES.clear()
        _BRANCHES[key] = branches
    return [dict(branch) for branch in _BRANCHES[key]]


_BRANCHES: dict = {}  # (equations, unknowns) -> the branches sympy.solve returned for them


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
_FALLBACK_VALUES = [sympy.sqrt(2), -sympy.sqrt(2), sympy.pi, -sympy.pi, sympy.I]


def _honours(symbol, value, real: bool) -> bool:
    """``value`` is a finite number with every assumption sympy holds about ``symbol`` (real too for t and q)."""
    value = sympy.sympify(value)
    if value.free_symbols or value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) or value.is_finite is not True:
        return False
    if real and value.is_extended_real is not True:
        return False
    return satisfies_assumptions(value, symbol.assumptions0)


def _candidates(symbol, real: bool) -> list:
    """Small exact values honouring every assumption of ``symbol`` (irrational ones when no rational one does)."""
    values = [v for v in _SEARCH_VALUES if _honours(symbol, v, real)]
    return values or [v for v in _FALLBACK_VALUES if _honours(symbol, v, real)]


def _search_point(branch: dict, free: list, checks, real: set, limit: int = 400):
    """A point of a solution branch (free symbols set to small values honouring their assumptions, the others solved
    for) where every value honours every assumption of its symbol (``real``: the chart variables, real-valued) and
    ``checks`` passes, or None."""
    choices = [_candidates(s, s in real) for s in free]
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
        if not all(_honours(s, v, s in real) for s, v in point.items()):
            continue  # outside the chart's real space or a parameter's declared range: no witness
        if checks(point):
            return point
    return None


def _branch_outside_assumptions(branch: dict, real: set) -> bool:
    """Some branch value is a number that decidedly violates an assumption of its symbol (or is not real, for t and
    q): no admissible point lies on the branch."""
    for symbol, value in branch.items():
        value = sympy.sympify(value)
        if value.free_symbols:
            continue
        if (symbol in real and value.is_extended_real is False) or _decided_violation(symbol, value):
            return True
    return False


def _decided_violation(symbol, value) -> bool:
    """Some assumption of ``symbol`` is decidedly false of the number ``value`` (not merely undecided)."""
    value = sympy.sympify(value)
    return any(expected is not None and getattr(value, f"is_{fact}", None) is (not expected)
               for fact, expected in symbol.assumptions0.items())


def _nonzero_rows(exprs, what: str) -> list:
    """The expressions that are not shown ≡ 0 (:func:`zero_state`; a disguised 0 imposes no condition, and
    ``sympy.solve`` would read it as an equation without solutions); :class:`RankUndecided` when one is undecided."""
    kept = []
    for e in exprs:
        if e == 0:
            continue
        state = zero_state(e)
        if state.is_zero is None:
            raise RankUndecided(f"could not decide whether the {what} {sympy.sstr(e)} is ≡ 0: {state.reason}")
        if state.is_zero is False:
            kept.append(e)
    return kept


@undecided_on_floats
def rank_everywhere_on_chart(G, coords, time=t, chart: Chart = WHOLE_SPACE, on: str = "chart") -> Decision:
    """Does G_q(t, q) have rank k at every point of O (``on="chart"``), or at every point of Σ ∩ O (``on="locus"``),
    for every value of the parameters (the other symbols) that their assumptions allow?

    Rank k fails exactly at the common zeros of the k×k minors of G_q (Cauchy–Binet: det(G_qG_qᵀ) is the
    sum of their squares).  These zeros are found with ``sympy.solve`` in t, q *and the parameters* (a rank loss at a
    special parameter value, G = a·x at a = 0, is a branch); a branch on which some listed h vanishes identically, or
    which fixes a symbol to a value its assumptions exclude, lies outside; on any other branch a point is searched for
    whose values honour every assumption, with every h ≠ 0 and every minor (and, on the locus, G) shown = 0 there
    (:func:`zero_state`), and returned as the witness.  Raises :class:`RankUndecided` when neither happens.
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
    unknowns = variables + parameters
    real = set(variables)
    where = "O" if on == "chart" else "Σ ∩ O"
    locus = _nonzero_rows(list(G), "component of G") if on == "locus" else []
    if k > n:
        equations = locus
        reason = f"k = {k} > n = {n}: a {k}×{n} matrix has rank at most {n}"
    else:
        if any(not (mnr.free_symbols & set(variables)) and mnr.is_nonzero for mnr in minors if mnr != 0):
            constant = [mnr for mnr in minors if mnr != 0 and not mnr.free_symbols & set(variables) and mnr.is_nonzero][0]
            return Decision(True, certificate={"nonzero minor": constant},
                            explanation=f"a {k}×{k} minor of G_q is nonzero for every admissible parameter value: "
                                        f"rank {k} everywhere")
        nonzero = _nonzero_rows(minors, f"{k}×{k} minor of G_q")
        equations = nonzero + locus
        reason = (f"every {k}×{k} minor of G_q vanishes identically" if not nonzero
                  else f"the {k}×{k} minors of G_q vanish")
    branches = _rank_loss_branches(equations, unknowns)
    if not branches:
        return Decision(True, certificate={"minors": equations},
                        explanation=f"the {k}×{k} minors of G_q have no common zero in {where} (for any admissible "
                                    "parameter value)")
    checked_minors = None if minors is None else [m for m in minors if m != 0]

    def is_rank_loss(point):
        if chart.membership(point) is not True:
            return False
        if on == "locus" and not all(zero_state(g.xreplace(point)).is_zero is True for g in G):
            return False
        return checked_minors is None or all(zero_state(m.xreplace(point)).is_zero is True for m in checked_minors)

    excluded, unresolved = [], []
    for branch in branches:
        if (any(_vanishes_identically(sympy.sympify(h).xreplace(branch)) for h in chart.nonvanishing)
                or _branch_outside_assumptions(branch, real)):
            excluded.append(branch)
            continue
        free = [v for v in unknowns if v not in branch]
        point = _search_point(branch, free, is_rank_loss, real)
        if point is None:
            unresolved.append(branch)
            continue
        witness = {str(v): point[v] for v in unknowns if v in point}
        return Decision(False, witness=witness,
                        explanation=f"{reason} at {witness}, a point of {where} ({chart.description}): rank G_q < {k}")
    if unresolved:
        raise RankUndecided(f"could not decide the rank of G_q on {chart.description}: branch {unresolved[0]} of "
                            "the rank-loss set is not excluded by the chart or the assumptions and no admissible point "
                            "of it was found")
    return Decision(True, certificate={"rank-loss branches": excluded, "chart": chart.description},
                    explanation=f"G_q has rank {k} on {where}: every point where {reason.split(' vanish')[0]} vanish lies "
                                f"outside {chart.description} or outside the symbols' assumptions")


def is_symmetric_positive_definite(M) -> bool:
    """Exact test: Mᵀ = M and every leading principal minor is positive (Sylvester's criterion).  A matrix holding a
    floating-point number raises :class:`ZeroUndecided` (rounded minors decide nothing)."""
    M = Matrix(M)
    floats = inexact_numbers(M)
    if floats:
        raise ZeroUndecided(f"not decided: {inexact_reason(floats, 'the matrix')}")
    if M.rows != M.cols:
        return False
    symmetric = all_zero(list(M - M.T))  # the toolkit's zero test: a disguised 0 asymmetry is none
    if symmetric is None:
        raise ZeroUndecided(f"could not decide whether M − Mᵀ = {sympy.sstr(M - M.T)} ≡ 0")
    if not symmetric:
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
        gram = J * J.T  # its pivots decided by the toolkit's zero test (at a point a disguised 0 is still a 0)
        solved = gram.LUsolve(J * w + self.time_derivative.xreplace(at),
                              iszerofunc=lambda e: require_zero_state(e, "a pivot of G_qG_qᵀ"))
        return (w - J.T * solved).applyfunc(sympy.cancel)

    def along(self, expr, curve: dict):
        """``expr`` (in t, q and the velocity symbols) along a curve ``{q_i: c_i(t)}``."""
        mapping = {v: sympy.diff(curve[c], self.time) for c, v in zip(self.coords, self.velocities)}
        mapping.update({c: curve[c] for c in self.coords})
        return sympy.sympify(expr).xreplace(mapping)

    def constrained_curve(self, curve: dict, sample_times=(0, Rational(1, 2), 1)) -> Decision:
        """G(t, q(t)) ≡ 0 (symbolically) and (t, q(t)) ∈ O at the sample times."""
        residual = self.along(self.G, curve).applyfunc(simplified_within)
        membership = {s: self.chart.membership({self.time: s, **{c: curve[c].subs(self.time, s) for c in self.coords}})
                      for s in sample_times}
        outside = [s for s, inside in membership.items() if inside is False]
        on_locus = all_zero(residual)
        if on_locus is None:
            return Decision.undecided_because(f"G along the curve = {sympy.sstr(list(residual))} was neither shown ≡ 0 "
                                              "nor ≢ 0")
        if on_locus and not outside and None in membership.values():
            return Decision.undecided_because("could not decide whether the curve is in the chart at the sample times "
                                              f"{[s for s, inside in membership.items() if inside is None]}")
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
