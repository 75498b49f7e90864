"""Seed 001's regular holonomic constraint in a time-dependent chart, its examples, and the two results it cites.

This file contains

* :class:`Chart` (an open set O = {(t, q) : h(t, q) ≠ 0 for each listed h} of ℝ × ℝⁿ),
  :func:`rank_everywhere_on_chart` (decision: rank G_q = k at *every* point of O, with a witness point
  of rank loss when it fails), :func:`regular_holonomic_constraint` (the constructor: it rejects data
  with rank < k somewhere on O) and :class:`RegularHolonomicConstraint` (virtual displacements
  V = ker G_q, permitted velocities G_t + G_q v = 0, constrained curves, the reaction M q'' − f, its
  multiplier form G_qᵀλ, ideal-constraint motions); the definition
  ``holonomic.regular_constraint_definition`` (#12) and its hypotheses ``holonomic.chart_rank_everywhere``,
  ``holonomic.chart_mass_spd``, ``holonomic.chart_constraint_C2``, ``holonomic.chart_force_continuous``;
* the remark ``holonomic.regular_fibres_are_regular_level_sets`` (#13);
* the lemma ``holonomic.differentiated_constraint_permitted_velocity`` (#14, a checked proof) and the cited
  theorem ``calculus.chain_rule_total_derivative`` (#111);
* the lemma ``holonomic.ideal_motion_implies_dalembert_condition`` (#15, checked proofs);
* the examples ``holonomic.pendulum_constraint_example`` (#16) and
  ``holonomic.planar_rolling_disk_constraint_example`` (#17), with their ideal dynamics from
  :func:`theorems.holonomic_dynamics.ideal_holonomic_dynamics`;
* the remark ``constraints.multiplier_presentation_dependence`` (#18): G ↦ ρG leaves V and the reaction
  unchanged on the locus and sends λ to ρ^{-T}λ;
* the cited lemma ``holonomic.reaction_transpose_multiple_lemma`` (#87) and the cited theorem
  ``holonomic.ideal_system_time_dependent_chart`` (#88, integrated with
  :func:`theorems.holonomic_dynamics.integrate_ideal_motion`).

Each verifier is a plain function ``check_*(check, **claim)`` whose keyword parameters are the data of
the claim with the true values as defaults; soundness tests run it on mutated claims.  The pointwise
constructions use plain Symbols (t, q); the dynamics use coordinates that are functions of t
(``sympy.physics.mechanics`` style), as the toolkit does.
"""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
from dataclasses import dataclass, field
from fractions import Fraction

import mpmath
import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational, Symbol
from sympy.printing.pycode import PythonCodePrinter

from checker import Decision, Proof, cited, definition, example, hypothesis, lemma, remark
from checker.randomized import OutsideDomain
from checker.symbolic import TimeLimit, time_limit
from checker.zero import zero_test
from theorems.zero_handling import all_zero
from theorems.analytic_facts import C1_LOCALLY_LIPSCHITZ, PICARD_LINDELOF, ZERO_SECOND_DERIVATIVE
from theorems.constraint_principles import holonomic_virtual_displacements
from theorems.holonomic_dynamics import (constraint_derivatives, ideal_holonomic_dynamics, ideal_multiplier,
                                         integrate_ideal_motion, state_functions)
from theorems.linalg import annihilator_proof, euclidean_inner_product, transpose_multiplier
from theorems.strategies import full_row_rank_matrices, polynomials, rational_matrices, rationals, spd_matrices

__all__ = [
    "Chart", "WHOLE_SPACE", "IrregularConstraint", "RankUndecided", "RegularHolonomicConstraint",
    "rank_everywhere_on_chart", "regular_holonomic_constraint", "is_symmetric_positive_definite",
    "H_RANK_EVERYWHERE", "H_MASS_SPD", "H_CONSTRAINT_C2", "H_FORCE_CONTINUOUS",
    "pendulum_constraint", "rolling_disk_constraint", "pendulum_multiplier_by_hand",
    "check_regular_constraint_definition", "check_regular_fibres", "check_chain_rule",
    "check_differentiated_constraint", "check_ideal_motion_dalembert", "check_pendulum_example",
    "check_rolling_disk_example", "check_multiplier_presentation", "check_reaction_transpose_multiple",
    "check_ideal_system_chart",
]

SEED001 = "seed 001_2e69a9934e04987b.txt"
DEFINITION_ID = "holonomic.regular_constraint_definition"
LEMMA_87 = "holonomic.reaction_transpose_multiple_lemma"
THEOREM_88 = "holonomic.ideal_system_time_dependent_chart"
CHAIN_RULE = "calculus.chain_rule_total_derivative"
TONG_COIN = "external.tong_rolling_coin_nonholonomic"

t = Symbol("t", real=True)


# ---------------------------------------------------------------------------
# charts, the rank decision and the constructor
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Chart:
    """An open set ``O = {(t, q) ∈ ℝ × ℝⁿ : h(t, q) ≠ 0 for every h in nonvanishing}`` (ℝ × ℝⁿ when empty)."""

    description: str
    nonvanishing: tuple = ()

    def contains(self, point: dict) -> bool:
        """Exact membership test of a point given as ``{symbol: value}``."""
        return all(sympy.cancel(sympy.sympify(h).xreplace(point)) != 0 for h in self.nonvanishing)


WHOLE_SPACE = Chart("ℝ × ℝⁿ")


class RankUndecided(ValueError):
    """:func:`rank_everywhere_on_chart` could neither exclude nor exhibit a point of rank loss in O."""


class IrregularConstraint(ValueError):
    """The data violate the definition: G_q has rank < k somewhere on the chart (``.witness`` is such a point)."""

    def __init__(self, message: str, decision: Decision):
        super().__init__(message)
        self.decision = decision
        self.witness = decision.witness


def _column(values) -> Matrix:
    m = Matrix(values)
    return m if m.cols == 1 else m.reshape(len(m), 1)


def _minors(J: Matrix, k: int) -> list:
    """All k×k minors of the k×n matrix J (expanded)."""
    return [sympy.expand(J.extract(list(range(k)), list(cols)).det())
            for cols in itertools.combinations(range(J.cols), k)]


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
            solved = {var: sympy.simplify(sympy.sympify(expr).xreplace(point)) for var, expr in branch.items()}
        except (ZeroDivisionError, ValueError):
            continue
        point.update(solved)
        if not all(_real_number(v) for v in point.values()):
            continue
        if checks(point):
            return point
    return None


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
    J = G.jacobian(coords)
    parameters = sorted((G.free_symbols | set().union(*(sympy.sympify(h).free_symbols for h in chart.nonvanishing)))
                        - set(variables), key=lambda s: s.name)
    where = "O" if on == "chart" else "Σ ∩ O"
    if k > n:
        equations = list(G) if on == "locus" else []
        branches = sympy.solve(equations, variables, dict=True) if equations else [{}]
        reason = f"k = {k} > n = {n}: a {k}×{n} matrix has rank at most {n}"
    else:
        minors = _minors(J, k)
        nonzero = [mnr for mnr in minors if mnr != 0]
        if any(not (mnr.free_symbols & set(variables)) and mnr.is_nonzero for mnr in nonzero):
            constant = [mnr for mnr in nonzero if not mnr.free_symbols & set(variables)][0]
            return Decision(True, certificate={"nonzero minor": constant},
                            explanation=f"a {k}×{k} minor of G_q is a nonzero constant: rank {k} everywhere")
        equations = nonzero + (list(G) if on == "locus" else [])
        if not nonzero:
            reason = f"every {k}×{k} minor of G_q vanishes identically"
            branches = sympy.solve(equations, variables, dict=True) if equations else [{}]
        else:
            reason = f"the {k}×{k} minors of G_q vanish"
            branches = sympy.solve(equations, variables, dict=True)
    if not branches:
        return Decision(True, certificate={"minors": equations},
                        explanation=f"the {k}×{k} minors of G_q have no common zero in {where}")
    excluded = []
    for branch in branches:
        restricted = [sympy.cancel(sympy.sympify(h).xreplace(branch)) for h in chart.nonvanishing]
        if any(r == 0 for r in restricted):
            excluded.append(branch)
            continue
        free = [v for v in variables + parameters if v not in branch]

        def is_rank_loss(point):
            if not chart.contains(point):
                return False
            Jp = J.xreplace(point).applyfunc(sympy.nsimplify)
            if on == "locus" and not all(sympy.simplify(g.xreplace(point)) == 0 for g in G):
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
    """Exact test: Mᵀ = M and every leading principal minor is positive (Sylvester's criterion)."""
    M = Matrix(M)
    if M.rows != M.cols or not (M - M.T).is_zero_matrix:
        return False
    return all(bool(sympy.simplify(M[:i, :i].det()) > 0) for i in range(1, M.rows + 1))


H_RANK_EVERYWHERE = hypothesis(
    "holonomic.chart_rank_everywhere",
    "G_q(t, q) has rank k at every point (t, q) of the chart O, not only on the locus G = 0 (seed 001's regularity)",
    predicate=lambda instance: bool(rank_everywhere_on_chart(*instance)),
    source=f"{SEED001}: 'G_q(t,q) has rank k for every (t,q) ∈ O'")
H_MASS_SPD = hypothesis("holonomic.chart_mass_spd", "M is a symmetric positive definite n×n matrix",
                        predicate=is_symmetric_positive_definite,
                        source=f"{SEED001}: 'Fix a symmetric positive definite matrix M'")
H_CONSTRAINT_C2 = hypothesis(
    "holonomic.chart_constraint_C2", "G : O → ℝᵏ is of class C² (C³ where the explicit acceleration is used)",
    predicate=lambda G: all(sympy.sympify(g).is_polynomial() for g in _column(G)),
    source=f"{SEED001}: 'let G : O → ℝᵏ be of class C²'")
H_FORCE_CONTINUOUS = hypothesis("holonomic.chart_force_continuous",
                                "the force f : O × ℝⁿ → ℝⁿ is continuous (C¹ where unique motions are used)",
                                source=f"{SEED001}: 'a continuous map f : O × ℝⁿ → ℝⁿ, the given force'")


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
        """G_q, the k×n Jacobian of q ↦ G(t, q)."""
        return self.G.jacobian(list(self.coords))

    @property
    def time_derivative(self) -> Matrix:
        """G_t."""
        return self.G.diff(self.time)

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
        residual = self.along(self.G, curve).applyfunc(lambda e: sympy.simplify(sympy.cancel(e)))
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
        return (Matrix(M) * acceleration - self.along(_column(f), curve)).applyfunc(sympy.simplify)

    def multiplier(self, R, curve: dict) -> Matrix:
        """λ = (G_qG_qᵀ)⁻¹G_q R along the curve (the only candidate for R = G_qᵀλ)."""
        return transpose_multiplier(self.along(self.jacobian, curve), R).applyfunc(sympy.simplify)

    def ideal_constraint_motion(self, M, f, curve: dict, multiplier=None, reaction_sign=1,
                                permitted=None) -> Decision:
        """q is a constrained curve with permitted velocity and M q'' = f + G_qᵀλ (λ given, or the candidate)."""
        constrained = self.constrained_curve(curve)
        velocity = Matrix([sympy.diff(curve[c], self.time) for c in self.coords])
        if permitted is None:
            permitted_residual = self.along(self.time_derivative + self.jacobian * velocity, curve)
        else:
            permitted_residual = self.along(permitted(self, velocity), curve)
        permitted_residual = permitted_residual.applyfunc(lambda e: sympy.simplify(sympy.cancel(e)))
        R = self.reaction(M, f, curve)
        lam = self.multiplier(R, curve) if multiplier is None else _column(multiplier)
        motion_residual = (R - reaction_sign * self.along(self.jacobian, curve).T * lam).applyfunc(
            lambda e: sympy.simplify(sympy.cancel(e)))
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
    decision = rank_everywhere_on_chart(G, coords, time, chart, on=rank_on)
    if not decision:
        raise IrregularConstraint(f"not a regular constraint on {chart.description}: {decision.explanation}", decision)
    return RegularHolonomicConstraint(G, coords, time, chart, decision)


def _rejects(make) -> tuple:
    """``(rejected, witness)`` for a constructor call."""
    try:
        make()
    except IrregularConstraint as exc:
        return True, exc.witness
    return False, None


# ---------------------------------------------------------------------------
# the examples' data
# ---------------------------------------------------------------------------

X, Y = sympy.symbols("x y", real=True)
THETA = Symbol("theta", real=True)
l, m, g = sympy.symbols("l m g", positive=True)
radius, inertia = sympy.symbols("a I_d", positive=True)
offset = Symbol("c", real=True)
PENDULUM_G = X**2 + Y**2 - l**2
PUNCTURED_PLANE = Chart("ℝ × (ℝ² ∖ {0})", (X**2 + Y**2,))
UPPER_LOWER_HALF_PLANES = Chart("ℝ × {(x, y) : y ≠ 0}", (Y,))
PLANE = Chart("ℝ × ℝ²")


def pendulum_constraint(chart: Chart = PUNCTURED_PLANE, rank_on: str = "chart") -> RegularHolonomicConstraint:
    """G(q) = |q|² − l² (l > 0) on the chart ℝ × (ℝ² ∖ {0}) (or another chart)."""
    return regular_holonomic_constraint([PENDULUM_G], (X, Y), t, chart, rank_on=rank_on)


def rolling_disk_constraint(c=offset) -> RegularHolonomicConstraint:
    """G(x, θ) = x − aθ − c on ℝ × ℝ² (the seed writes c = 0)."""
    return regular_holonomic_constraint([X - radius * THETA - c], (X, THETA), t, PLANE)


# ---------------------------------------------------------------------------
# random families of constraints with a planted rank-loss set
# ---------------------------------------------------------------------------

def _vector(values) -> Matrix:
    return Matrix(list(values))


def _planted_constraint(instance, coords):
    """(G, rank-loss chart complement, fibre point (t0, z), degenerate flag) of a planted instance.

    k = 1: G = (q − p)ᵀA(q − p) − c + β(t − t0), rank loss exactly at q = p.
    k = 2 (n = 3): G = (ℓ·(q − z) + β(t − t0), (q − p)ᵀA(q − p) − c), rank loss on the line p + s A⁻¹ℓ.
    c = (z − p)ᵀA(z − p), so (t0, z) is on the locus; ``degenerate`` instances put z on the rank-loss set.
    """
    k, A, p, z, ell, beta, t0, degenerate, s = instance
    q = _vector(coords)
    p, ell = _vector(p), _vector(ell)
    u = A.LUsolve(ell) if k == 2 else None
    if degenerate:
        z = p + s * u if k == 2 else p
    z = _vector(z)
    degenerate = (z == p) if k == 1 else (z - p).cross(u).is_zero_matrix  # z on the rank-loss set
    c = ((z - p).T * A * (z - p))[0, 0]
    quadric = sympy.expand(((q - p).T * A * (q - p))[0, 0] - c)
    if k == 1:
        G = [quadric + beta * (t - t0)]
        h = sympy.expand(((q - p).T * (q - p))[0, 0])
        description = f"ℝ × (ℝ^{len(coords)} ∖ {{p}})"
    else:
        G = [sympy.expand((ell.T * (q - z))[0, 0] + beta * (t - t0)), quadric]
        cross = (q - p).cross(u)
        h = sympy.expand((cross.T * cross)[0, 0])
        description = "ℝ × (ℝ³ ∖ line p + s A⁻¹ℓ)"
    return G, Chart(description, (h,)), (t0, list(z)), degenerate


def _planted_instances(max_n: int = 3):
    def for_shape(shape):
        k, n = shape
        vec = st.lists(rationals(3, 2), min_size=n, max_size=n)
        return st.tuples(st.just(k), spd_matrices(n, max_num=2, max_den=2), vec, vec,
                         st.lists(rationals(3, 2, nonzero=True), min_size=n, max_size=n),
                         rationals(3, 2), rationals(2, 2), st.booleans(), rationals(3, 2, nonzero=True))
    shapes = [(1, n) for n in range(1, max_n + 1)] + ([(2, 3)] if max_n >= 3 else [])
    return st.sampled_from(shapes).flatmap(for_shape)


def _coords(n: int) -> list:
    return list(sympy.symbols(f"q1:{n + 1}", real=True))


def _describe_planted(instance):
    k, A, p, z, ell, beta, t0, degenerate, s = instance
    return {"k": k, "A": sympy.sstr(A), "p": [str(v) for v in p], "z": [str(v) for v in z], "ell": [str(v) for v in ell],
            "beta": str(beta), "t0": str(t0), "degenerate": degenerate, "s": str(s)}


# ---------------------------------------------------------------------------
# holonomic.regular_constraint_definition  (catalogue #12)
# ---------------------------------------------------------------------------

def _default_displacements(constraint, time_value, q_values):
    return constraint.virtual_displacements(time_value, q_values)


def check_regular_constraint_definition(check, *, rank_on="chart", virtual_displacements=_default_displacements,
                                        permitted=None, reaction_sign=1, max_n=3, samples=10):
    """The constructor rejects rank < k anywhere on O; V = ker G_q; permitted velocities; ideal-constraint motions.

    ``rank_on="locus"`` weakens the constructor to rank on Σ only (the hypothesis "on all of O" removed);
    ``virtual_displacements`` is the claimed construction of V; ``permitted`` the claimed permitted-velocity
    residual ``(constraint, v) -> expression`` (default G_t + G_q v); ``reaction_sign`` the sign in
    M q'' = f + sign·G_qᵀλ.
    """
    rejected, witness = _rejects(lambda: pendulum_constraint(PLANE, rank_on=rank_on))
    J = Matrix([PENDULUM_G]).jacobian([X, Y])
    witness_point = {X: sympy.sympify(witness["x"]), Y: sympy.sympify(witness["y"])} if witness else {}
    check.witness("pendulum G = |q|² − l² is not regular on ℝ × ℝ²", f"witness {witness}", [
        ("the constructor rejects it on ℝ × ℝ²", rejected, "computation"),
        ("at the witness G_q = 2qᵀ = 0, rank 0 < k = 1",
         bool(witness) and J.xreplace(witness_point).is_zero_matrix, "computation"),
    ], scope="pendulum, chart ℝ × ℝ²: rank on all of O, not only on the locus")
    for chart in (PUNCTURED_PLANE, UPPER_LOWER_HALF_PLANES):
        accepted = not _rejects(lambda: pendulum_constraint(chart, rank_on=rank_on))[0]
        check.fact(f"pendulum accepted on {chart.description}", accepted, method="computation",
                   detail=pendulum_constraint(chart).certificate.explanation if accepted else "rejected")
    disk = rolling_disk_constraint()
    check.fact("rolling disk G = x − aθ − c accepted on ℝ × ℝ²", disk.k == 1, method="computation",
               detail=disk.certificate.explanation)
    for label, G, coords in (("G = (x, 2x): rank 1 < k = 2 everywhere", [X, 2 * X], (X, Y)),
                             ("G = (x, y, x + y²): k = 3 > n = 2", [X, Y, X + Y**2], (X, Y))):
        check.fact(f"rejects {label}", _rejects(lambda: regular_holonomic_constraint(G, coords, t, PLANE,
                                                                                     rank_on=rank_on))[0],
                   method="computation")

    def constructor_discriminates(instance):
        k = instance[0]
        n = len(instance[2])
        coords = _coords(n)
        G, chart, _, _ = _planted_constraint(instance, coords)
        rejected_whole, witness = _rejects(lambda: regular_holonomic_constraint(G, coords, t, PLANE, rank_on=rank_on))
        if not rejected_whole:
            return False
        point = {t: sympy.sympify(witness["t"]), **{c: sympy.sympify(witness[str(c)]) for c in coords}}
        if Matrix(G).jacobian(coords).xreplace(point).rank() >= k:
            return False  # the witness is not a point of rank loss
        return not _rejects(lambda: regular_holonomic_constraint(G, coords, t, chart, rank_on=rank_on))[0]

    if samples:
        check.property("constructor: planted rank loss rejected on ℝ × ℝⁿ (exact witness), accepted on its complement",
                       _planted_instances(max_n), constructor_discriminates, samples=samples, describe=_describe_planted,
                       scope=f"{check.instances(samples)} instances; " + f"randomized, exact: k = 1 quadrics (q−p)ᵀA(q−p) − c + βt, n = 1..{max_n}; k = 2 plane ∩ quadric, "
                             "n = 3; A SPD; rank loss at p (k = 1) or on the line p + sA⁻¹ℓ (k = 2)")

    def displacements_and_velocities(instance):
        n = len(instance[2])
        coords = _coords(n)
        G, chart, (t0, z), degenerate = _planted_constraint(instance, coords)
        if degenerate:
            raise OutsideDomain("the fibre point lies on the rank-loss set")
        constraint = regular_holonomic_constraint(G, coords, t, chart)
        J = constraint.jacobian.xreplace(constraint.point(t0, z))
        basis = virtual_displacements(constraint, t0, z)
        k = constraint.k
        if len(basis) != n - k or any(not (J * _column(d)).is_zero_matrix for d in basis):
            return False
        if basis and Matrix.hstack(*[_column(d) for d in basis]).rank() != n - k:
            return False
        w1 = _column(instance[3])
        w2 = _column(instance[4])
        v1, v2 = constraint.permitted_velocity(t0, z, w1), constraint.permitted_velocity(t0, z, w2)
        residual = (lambda v: constraint.permitted_velocity_residual(t0, z, v)) if permitted is None else (
            lambda v: _column(permitted(constraint, v)).xreplace(constraint.point(t0, z)))
        if not (residual(v1).is_zero_matrix and residual(v2).is_zero_matrix):
            return False
        return (J * (v1 - v2)).is_zero_matrix  # permitted velocities form v1 + V

    pend = pendulum_constraint()
    on_circle = (Rational(3, 5) * l, Rational(4, 5) * l)
    basis = virtual_displacements(pend, 0, on_circle)
    check.fact("pendulum at q = l(3/5, 4/5): V = span{(−4, 3)} = ker 2qᵀ",
               len(basis) == 1 and (pend.jacobian.xreplace(pend.point(0, on_circle)) * _column(basis[0])).is_zero_matrix
               and Matrix.hstack(_column(basis[0]), Matrix([-4, 3])).rank() == 1, method="computation",
               detail=f"basis {basis}")
    if samples:
        check.property("V = ker G_q (n − k independent δ); permitted velocities v1 + V solve G_t + G_q v = 0",
                       _planted_instances(max_n), displacements_and_velocities, samples=samples, describe=_describe_planted,
                       scope=f"{check.instances(samples)} instances; " + f"randomized, exact: the planted rheonomic instances above at their locus point (t0, z) ∈ O, "
                             f"n = 1..{max_n}; permitted velocities = projections of random vectors")

    # Curves and motions, exactly.
    omega = Symbol("omega", positive=True)
    alpha = Symbol("alpha", positive=True)
    M2 = m * sympy.eye(2)
    zero_force = Matrix([0, 0])
    rotation = {X: l * sympy.cos(omega * t), Y: l * sympy.sin(omega * t)}
    check.fact("uniform rotation q = l(cos ωt, sin ωt) is a constrained curve", pend.constrained_curve(rotation),
               method="computation")
    uniform = pend.ideal_constraint_motion(M2, zero_force, rotation, multiplier=[-m * omega**2 / 2],
                                           reaction_sign=reaction_sign, permitted=permitted)
    check.fact("uniform rotation, f = 0: ideal-constraint motion with λ = −mω²/2 (M q'' = f + G_qᵀλ)", uniform,
               method="computation", scope="pendulum, M = m I, f = 0")
    accelerating = {X: l * sympy.cos(t**2), Y: l * sympy.sin(t**2)}
    check.fact("q = l(cos t², sin t²), f = 0: constrained, but its reaction is not G_qᵀλ (tangential part)",
               bool(pend.constrained_curve(accelerating))
               and not pend.ideal_constraint_motion(M2, zero_force, accelerating, reaction_sign=reaction_sign,
                                                    permitted=permitted),
               method="computation")
    check.fact("q = (l cos t, 2l sin t) is not a constrained curve",
               not pend.constrained_curve({X: l * sympy.cos(t), Y: 2 * l * sympy.sin(t)}), method="computation")
    wall = regular_holonomic_constraint([X - alpha * t**2 / 2], (X, Y), t, PLANE)
    pushed = {X: alpha * t**2 / 2, Y: t}
    check.fact("rheonomic wall G = x − αt²/2: q = (αt²/2, t), f = 0 is ideal with λ = mα (G_t = −αt enters)",
               wall.ideal_constraint_motion(M2, zero_force, pushed, multiplier=[m * alpha], reaction_sign=reaction_sign,
                                            permitted=permitted), method="computation",
               scope="n = 2, k = 1, rheonomic: permitted velocity G_t + G_q q' = −αt + αt = 0")
    check.witness("hypothesis predicates", "M SPD, rank everywhere", [
        ("holonomic.chart_mass_spd holds for [[2,1],[1,1]]", H_MASS_SPD.holds_for(Matrix([[2, 1], [1, 1]])), "computation"),
        ("… fails for diag(1, −1) and for [[1,2],[0,1]]", not H_MASS_SPD.holds_for(sympy.diag(1, -1))
         and not H_MASS_SPD.holds_for(Matrix([[1, 2], [0, 1]])), "computation"),
        ("holonomic.chart_rank_everywhere holds for the pendulum on ℝ × (ℝ² ∖ {0}) and fails on ℝ × ℝ²",
         H_RANK_EVERYWHERE.holds_for(([PENDULUM_G], (X, Y), t, PUNCTURED_PLANE))
         and not H_RANK_EVERYWHERE.holds_for(([PENDULUM_G], (X, Y), t, PLANE)), "computation"),
    ])


@definition(DEFINITION_ID,
            title="A regular holonomic constraint in a time-dependent chart, its virtual displacements, permitted "
                  "velocities and ideal-constraint motions",
            statement=r"Let $n,k\ge1$, $O\subseteq\mathbb R\times\mathbb R^n$ open and nonempty, $G:O\to\mathbb R^k$ of "
                      r"class $C^2$. The constraint $G(t,q)=0$ is regular when $G_q(t,q)$ has rank $k$ for every "
                      r"$(t,q)\in O$ (not only on the locus). With $M$ symmetric positive definite and $f$ continuous: a "
                      r"constrained curve has $(t,q(t))\in O$, $G(t,q(t))=0$; $V(t,q)=\ker G_q(t,q)$; $v$ is permitted "
                      r"when $G_t+G_qv=0$; a $C^2$ constrained curve with permitted velocity is an ideal-constraint "
                      r"motion when $Mq''=f(t,q,q')+G_q^{\mathsf T}\lambda$ for a continuous $\lambda$; "
                      r"$R=Mq''-f$ is the reaction and $R=G_q^{\mathsf T}\lambda$ its multiplier form. The converse "
                      r"(d'Alembert ⇒ ideal, unique $\lambda$) is the cited lemma "
                      r"\texttt{holonomic.reaction_transpose_multiple_lemma}; the determination of the motion is "
                      r"\texttt{holonomic.ideal_system_time_dependent_chart}. Chartwise, possibly rheonomic; no vakonomic "
                      r"relation is asserted; $\lambda$ is not a measured quantity.",
            source=f"{SEED001}: 'The constraint G(t,q)=0 is regular when G_q(t,q) has rank k for every (t,q) ∈ O' … "
                   "'Ideal-constraint motions' … 'R=G_q^T λ is its multiplier form'",
            uses=["constraints.holonomic_virtual_displacements", "linalg.euclidean_inner_product"],
            assumes=[H_RANK_EVERYWHERE, H_MASS_SPD, H_CONSTRAINT_C2, H_FORCE_CONTINUOUS])
def _(check):
    check_regular_constraint_definition(check)


# ---------------------------------------------------------------------------
# holonomic.regular_fibres_are_regular_level_sets  (catalogue #13)
# ---------------------------------------------------------------------------

#: every 1 ≤ k ≤ n ≤ 3: the checked proofs establish the remark for these sizes (scope n ≤ 3)
FIBRE_SIZES = tuple((k, n) for n in (1, 2, 3) for k in range(1, n + 1))


def _fibre_jacobians(k: int, n: int):
    """(G(t0, z), D(G(t0, ·))(z), G_q(t, q) at (t0, z)) for generic G_1..G_k(t, q)."""
    T, t0 = Symbol("T", real=True), Symbol("t0", real=True)
    Q, z = sympy.symbols(f"Q1:{n + 1}", real=True), sympy.symbols(f"z1:{n + 1}", real=True)
    funcs = [Function(f"G{a + 1}") for a in range(k)]
    G_q_at = Matrix([F(T, *Q) for F in funcs]).jacobian(list(Q)).subs({T: t0, **dict(zip(Q, z))}, simultaneous=True)
    fibre_map = Matrix([F(t0, *z) for F in funcs])
    return fibre_map, fibre_map.jacobian(list(z)), G_q_at


def _fibre_regularity_proof(k: int, n: int, require_regular: bool = True) -> Proof:
    """At a fibre point z of G(t0, ·) with (t0, z) ∈ O, D(G(t0, ·))(z) is onto ℝ^k: u = Jᵀ adj(JJᵀ) y / det(JJᵀ)
    solves J u = y for every y, where J is the Jacobian of the frozen map z ↦ G(t0, z) (generic G) and
    det(JJᵀ) ≠ 0 instantiates the rank hypothesis at (t0, z) (rank G_q = k there; J = G_q(t0, z))."""
    fibre_map, _, _ = _fibre_jacobians(k, n)
    # the Jacobian of z ↦ G(t0, z) at the fibre point, = G_q(t0, z) (the identity checked beside): any entries j_ai
    J = Matrix(k, n, lambda a_, i: Symbol(f"j{a_ + 1}{i + 1}", real=True))
    # rank k ⇔ det(JJᵀ) ≠ 0 (⇔ det J ≠ 0 when k = n, the cheaper certificate); w = Jᵀadj(JJᵀ)y (adj(J)y for k = n)
    square = k == n
    gram = sympy.expand(J.det() if square else (J * J.T).det())
    y = Matrix(sympy.symbols(f"y1:{k + 1}", real=True))
    w = Matrix(sympy.symbols(f"w1:{n + 1}", real=True))
    adjugate_image = J.adjugate() * y if square else J.T * (J * J.T).adjugate() * y
    p = Proof(f"fibre points are regular points (k = {k}, n = {n})")
    p.suppose("fibre point", (fibre_map, sympy.zeros(k, 1)), note="G(t0, z) = 0 and (t0, z) ∈ O")
    if require_regular:
        p.nonzero("rank k at (t0, z)", gram, assumption=H_RANK_EVERYWHERE,
                  note="(t0, z) ∈ O, so rank G_q(t0, z) = k, i.e. det(G_q G_qᵀ) ≠ 0 there (det G_q ≠ 0 for k = n)")
    defs = [p.define(f"w_{i + 1}", w[i], adjugate_image[i], note="w := Jᵀ adj(JJᵀ) y (polynomial)") for i in range(n)]
    scaled = [p.algebra(f"scaled row {a + 1}", defs, ((J * w)[a], gram * y[a]), certificate=[J[a, i] for i in range(n)],
                        note="(J w)_a = (JJᵀ adj(JJᵀ) y)_a = det(JJᵀ) y_a, and J = G_q(t0, z)") for a in range(k)]
    rows = [p.cancel(f"row {a + 1}", scaled[a], gram, ((J * w)[a] / gram, y[a]),
                     note="divide by det(G_q G_qᵀ) ≠ 0: J (w / det) = y") for a in range(k)]
    p.algebra("onto", rows, (J * w / gram, y),
              note="every y ∈ ℝ^k is D(G(t0, ·))(z) u with u = w / det: the differential is surjective")
    p.conclude("onto")
    return p


def check_regular_fibres(check, *, require_regular=True, max_n=3, proof_sizes=FIBRE_SIZES, samples=12):
    """Every point (t0, z) of a fibre G(t0, ·)⁻¹(0) ∩ O_t0 of a regular constraint is a regular point (rank k):
    checked proofs for generic G (1 ≤ k ≤ n ≤ 3), planted instances supporting them.

    ``require_regular=False`` drops the hypothesis: the proofs lose the rank step, the instances are taken on
    ℝ × ℝⁿ without the constructor.
    """
    for k, n in proof_sizes:
        _, J, G_q_at = _fibre_jacobians(k, n)
        check.identity(f"D(G(t0, ·))(z) = G_q(t0, z) (k = {k}, n = {n})", J, G_q_at,
                       scope=f"symbolic, generic G(t, q), k = {k}, n = {n}")
        check.proof(f"D(G(t0, ·))(z) is onto ℝ^k at every fibre point in O (k = {k}, n = {n})",
                    _fibre_regularity_proof(k, n, require_regular),
                    scope=f"symbolic, generic G ∈ C¹ (k = {k}, n = {n}), every fibre point (t0, z) ∈ O")
    def fibre_point_is_regular(instance):
        n = len(instance[2])
        coords = _coords(n)
        G, chart, (t0, z), _ = _planted_constraint(instance, coords)
        if require_regular:
            constraint = regular_holonomic_constraint(G, coords, t, chart)
            if not chart.contains(constraint.point(t0, z)):
                raise OutsideDomain("the locus point lies outside the chart")
        else:
            constraint = RegularHolonomicConstraint(Matrix(G), tuple(coords), t, PLANE, Decision(True))
        at = constraint.point(t0, z)
        if not Matrix(G).xreplace(at).is_zero_matrix:
            return False
        J = constraint.jacobian.xreplace(at)
        return J.rank() == constraint.k and J.columnspace() and Matrix.hstack(*J.columnspace()).rank() == constraint.k

    with (check.supporting() if proof_sizes else contextlib.nullcontext()):
        if samples:
            _fibres_on_planted_instances(check, fibre_point_is_regular, max_n, samples, require_regular)
    _pendulum_and_degenerate_fibres(check)


def _fibres_on_planted_instances(check, fibre_point_is_regular, max_n, samples, require_regular):
    check.property("points of the fibres in O are regular points: D(G(t0,·))(z) surjective (rank k)",
                   _planted_instances(max_n), fibre_point_is_regular, samples=samples, describe=_describe_planted,
                   scope=f"{check.instances(samples)} instances; " + f"randomized, exact: planted k = 1 (n = 1..{max_n}) and k = 2 (n = 3) instances with a chosen "
                         "locus point, some of them on the rank-loss set; "
                         + ("constructor-accepted on the complement of the rank-loss set" if require_regular
                            else "hypothesis dropped: chart ℝ × ℝⁿ, no constructor"))


def _pendulum_and_degenerate_fibres(check):
    pend = pendulum_constraint()
    points = [(l * (1 - s**2) / (1 + s**2), l * 2 * s / (1 + s**2)) for s in (Rational(0), Rational(1, 2), Rational(2), -3)]
    check.fact("pendulum: rational points of the circle |q| = l have G_q = 2qᵀ of rank 1",
               all(sympy.simplify(PENDULUM_G.xreplace({X: a, Y: b})) == 0
                   and pend.jacobian.xreplace({X: a, Y: b}).rank(simplify=True) == 1 for a, b in points),
               method="computation", detail=f"points {points}")
    degenerate = Matrix([X**2 + Y**2])
    rejected, _ = _rejects(lambda: regular_holonomic_constraint(degenerate, (X, Y), t, PLANE))
    check.necessary(H_RANK_EVERYWHERE, "G = |q|² (l = 0) on ℝ × ℝ²",
                    violates=[("the constructor rejects G = |q|² (rank loss at q = 0)", rejected, "computation")],
                    conclusion_fails=[
                        ("its fibre is {0}: G(0) = 0 and G = x² + y² is a sum of squares of real coordinates",
                         degenerate[0].xreplace({X: 0, Y: 0}) == 0 and sympy.expand(degenerate[0] - X**2 - Y**2) == 0,
                         "computation"),
                        ("G_q(0) = 0: the fibre point is not a regular point",
                         degenerate.jacobian([X, Y]).xreplace({X: 0, Y: 0}).is_zero_matrix, "computation")])


@remark("holonomic.regular_fibres_are_regular_level_sets",
        title="Fibres of a regular constraint are regular level sets",
        statement=r"If $G_q$ has rank $k$ on all of $O$, each fibre $G(t,\cdot)^{-1}(0)\subseteq O_t$ is a regular level "
                  r"set: every point of it is a regular point ($D(G(t,\cdot))$ surjective). Without the rank hypothesis "
                  r"this fails: $G=|q|^2$ has the fibre $\{0\}$ with $G_q(0)=0$.",
        source=f"{SEED001}: 'Under this hypothesis each fibre G(t,·)^(-1)(0) is a regular level set and every point of it "
               "is a regular point'",
        uses=[DEFINITION_ID, "calculus.regular_critical_points_values_level_sets"], assumes=[H_RANK_EVERYWHERE],
        scope="k <= n <= 3")
def _(check):
    check_regular_fibres(check)


# ---------------------------------------------------------------------------
# calculus.chain_rule_total_derivative  (catalogue #111)
# ---------------------------------------------------------------------------

#: every (m, p, r) with m, p, r ≤ 3: the generic-function identities prove the rule for these sizes (scope m, p, r ≤ 3)
CHAIN_SIZES = tuple(itertools.product((1, 2, 3), repeat=3))


def _generic_map(name: str, variables, rows: int) -> Matrix:
    return Matrix([Function(f"{name}{i + 1}")(*variables) for i in range(rows)])


def check_chain_rule(check, *, product=lambda Dg_at_f, Df: Dg_at_f * Df, evaluate_outer_at_image=True,
                     sizes=CHAIN_SIZES, max_dim=3, samples=12):
    """D(g∘f)(a) = Dg(f(a))·Df(a): generic f: ℝᵐ → ℝᵖ, g: ℝᵖ → ℝʳ (symbolic), polynomial maps (randomized, exact).

    ``product`` is the claimed composition rule, ``evaluate_outer_at_image=False`` evaluates Dg at a instead of f(a).
    """
    for mm, p, r in sizes:
        x = sympy.symbols(f"x1:{mm + 1}", real=True)
        y = sympy.symbols(f"y1:{p + 1}", real=True)
        f = _generic_map("f", x, p)
        gy = _generic_map("g", y, r)
        composite = gy.xreplace(dict(zip(y, f)))
        Dg = gy.jacobian(list(y))
        if evaluate_outer_at_image:
            Dg_at = Dg.subs(dict(zip(y, f)), simultaneous=True)
        else:
            Dg_at = Dg.subs({yi: x[i % mm] for i, yi in enumerate(y)}, simultaneous=True)
        try:
            claimed = product(Dg_at, f.jacobian(list(x)))
        except sympy.ShapeError:
            claimed = sympy.zeros(r, mm) + sympy.oo
        if claimed.shape != (r, mm):
            check.fact(f"D(g∘f) has the shape r × m (m,p,r) = ({mm},{p},{r})", claimed.shape == composite.jacobian(list(x)).shape,
                       method="computation", detail=f"claimed shape {claimed.shape}")
            continue
        check.identity(f"D(g∘f) = Dg(f)·Df, (m,p,r) = ({mm},{p},{r})", composite.jacobian(list(x)), claimed,
                       scope=f"symbolic, generic C¹ f: ℝ^{mm} → ℝ^{p}, g: ℝ^{p} → ℝ^{r}")

    def exact_on_polynomials(instance):
        (mm, p, r), f_polys, g_polys = instance
        x = sympy.symbols(f"x1:{mm + 1}", real=True)
        y = sympy.symbols(f"y1:{p + 1}", real=True)
        f = Matrix([sympy.sympify(e).xreplace(dict(zip(_POLY_VARS, x))) for e in f_polys])
        gy = Matrix([sympy.sympify(e).xreplace(dict(zip(_POLY_VARS, y))) for e in g_polys])
        composite = gy.xreplace(dict(zip(y, f)))
        at = dict(zip(y, f)) if evaluate_outer_at_image else {yi: x[i % mm] for i, yi in enumerate(y)}
        try:
            claimed = product(gy.jacobian(list(y)).xreplace(at), f.jacobian(list(x)))
        except sympy.ShapeError:
            return False
        return all(sympy.expand(e) == 0 for e in composite.jacobian(list(x)) - claimed)

    if not samples:
        return
    dims = st.tuples(st.integers(1, max_dim), st.integers(1, max_dim), st.integers(1, max_dim))
    with check.supporting():  # duplicates the generic identities above on polynomial maps: evidence, not the proof
        _chain_rule_on_polynomials(check, dims, exact_on_polynomials, samples, max_dim)


def _chain_rule_on_polynomials(check, dims, exact_on_polynomials, samples, max_dim):
    check.property("D(g∘f) = Dg(f)·Df for polynomial maps, as polynomial identities", dims.flatmap(
        lambda d: st.tuples(st.just(d), st.lists(polynomials(_POLY_VARS[:d[0]], 2, 3, max_num=4, max_den=2), min_size=d[1],
                                                  max_size=d[1]),
                            st.lists(polynomials(_POLY_VARS[:d[1]], 2, 3, max_num=4, max_den=2), min_size=d[2],
                                     max_size=d[2]))),
                   exact_on_polynomials, samples=samples, describe=lambda inst: [inst[0], [sympy.sstr(e) for e in inst[1]],
                                                                            [sympy.sstr(e) for e in inst[2]]],
                   scope=f"{check.instances(samples)} instances; " + f"randomized, exact polynomial identities: f, g of degree ≤ 2, dimensions 1..{max_dim}")


_POLY_VARS = sympy.symbols("u1:4", real=True)


@cited(CHAIN_RULE, cited_kind="theorem",
       title="The chain rule for total derivatives: D(g∘f)(a) = Dg(f(a))∘Df(a)",
       statement=r"If $f$ is differentiable at $a$ and $g$ at $f(a)$, then $D(g\circ f)(a)=Dg(f(a))\circ Df(a)$; in "
                 r"matrices, the Jacobian of $g\circ f$ is the product $Dg(f(a))\,Df(a)$.",
       source="cited: 003, 004 'The chain rule for total derivatives: D(g∘f)(a)=Dg(f(a))∘Df(a)'",
       avoids=["holonomic.ideal_reaction_law"], scope="m, p, r <= 3")
def _(check):
    check_chain_rule(check)


# ---------------------------------------------------------------------------
# holonomic.differentiated_constraint_permitted_velocity  (catalogue #14)
# ---------------------------------------------------------------------------

def _time_partial(func, args, time=t):
    """∂_t of the generic function ``func`` in its first slot, at (t, q(t)): Subs(d/ds func(s, q(t)), s, t)."""
    s = sympy.Dummy("s")
    return sympy.Subs(sympy.Derivative(func(s, *args[1:]), s), s, time)


#: every (k, n) with k, n ≤ 3 (the rows are independent: the identity and proof of each size cover it; scope k, n ≤ 3)
DIFFERENTIATED_SIZES = tuple(itertools.product((1, 2, 3), repeat=2))


def check_differentiated_constraint(check, *, drop_time_term=False, drop_velocity_term=None, sizes=DIFFERENTIATED_SIZES,
                                    max_n=3, samples=12):
    """d/dt G(t, q(t)) = G_t + G_q q' (generic G); so G(t, q(t)) ≡ 0 forces a permitted velocity (checked proof)."""
    for k, n in sizes:
        q = [Function(f"q{i + 1}", real=True)(t) for i in range(n)]
        funcs = [Function(f"G{a + 1}") for a in range(k)]
        G = Matrix([F(t, *q) for F in funcs])
        G_t = Matrix([_time_partial(F, (t, *q)) for F in funcs])
        G_q = Matrix(k, n, lambda a, i: sympy.Derivative(G[a], q[i]))
        velocity_terms = [[G_q[a, i] * q[i].diff(t) for i in range(n)] for a in range(k)]
        if drop_velocity_term is not None:
            for row in velocity_terms:
                row.pop(drop_velocity_term)
        claimed = Matrix([(0 if drop_time_term else G_t[a]) + sum(velocity_terms[a]) for a in range(k)])
        scope = f"symbolic, generic G(t, q) ∈ C¹, k = {k}, n = {n}, generic C¹ curve q(t)"
        check.identity(f"d/dt G(t, q(t)) = G_t + G_q q' (k = {k}, n = {n})", G.diff(t), claimed, scope=scope)
        p = Proof("a C¹ constrained curve has a permitted velocity")
        p.suppose("constrained", (G, sympy.zeros(k, 1)), along=t, note="G(t, q(t)) = 0 for every t ∈ I")
        p.algebra("chain rule", [], (G.diff(t), claimed), note="d/dt G(t, q(t)) = G_t + G_q q' (an identity sympy checks)")
        p.differentiate("permitted", "constrained", t, (claimed, sympy.zeros(k, 1)),
                        note="differentiate the hypothesis: G_t + G_q q' = 0, i.e. q' is permitted")
        p.conclude("permitted")
        check.proof(f"G(t, q(t)) ≡ 0 ⇒ G_t + G_q q' = 0 (k = {k}, n = {n})", p, scope=scope)

    def along_polynomial_curves(instance):
        n, g_poly, curve = instance
        Q = _coords(n)
        T = _POLY_T
        curve = [sympy.sympify(c).xreplace({T: t}) for c in curve]
        g = sympy.sympify(g_poly).xreplace({T: t, **dict(zip(_POLY_Q, Q))})
        G = g - g.xreplace(dict(zip(Q, curve)))  # G(t, q) vanishes along the curve: a constrained curve
        on_curve = {**dict(zip(Q, curve))}
        G_t = (0 if drop_time_term else sympy.diff(G, t))
        terms = [sympy.diff(G, qi) * sympy.diff(ci, t) for qi, ci in zip(Q, curve)]
        if drop_velocity_term is not None and drop_velocity_term < n:
            terms.pop(drop_velocity_term)
        return sympy.expand((G_t + sum(terms)).xreplace(on_curve)) == 0

    if not samples:
        return
    curves = st.integers(1, max_n).flatmap(lambda n: st.tuples(
        st.just(n), polynomials([_POLY_T] + list(_POLY_Q[:n]), 2, 4, min_terms=1, max_num=4, max_den=2),
        st.lists(polynomials([_POLY_T], 2, 3, max_num=4, max_den=2), min_size=n, max_size=n)))
    # the generic identities and proofs above decide; the polynomial instances only support them
    # (a claim check when no symbolic size runs, as in the mutation tests of the randomized part)
    with (check.supporting() if sizes else contextlib.nullcontext()):
        _permitted_on_polynomial_curves(check, curves, along_polynomial_curves, samples, max_n)


def _permitted_on_polynomial_curves(check, curves, along_polynomial_curves, samples, max_n):
    check.property("G_t + G_q c' ≡ 0 along polynomial constrained curves c of G(t,q) = g(t,q) − g(t,c(t))", curves,
                   along_polynomial_curves, samples=samples,
                   describe=lambda inst: {"n": inst[0], "g": sympy.sstr(inst[1]), "c": [sympy.sstr(c) for c in inst[2]]},
                   scope=f"{check.instances(samples)} instances; " + f"randomized, exact: polynomial g(t, q) of degree ≤ 2 (rheonomic), polynomial curves, n = 1..{max_n}")


_POLY_T = Symbol("T", real=True)
_POLY_Q = sympy.symbols("Q1:4", real=True)


@lemma("holonomic.differentiated_constraint_permitted_velocity",
       title="The velocity of a C¹ constrained curve is permitted",
       statement=r"If $G\in C^1(O,\mathbb R^k)$ and $q:I\to\mathbb R^n$ is a $C^1$ constrained curve, then "
                 r"$\frac{d}{dt}G(t,q(t))=G_t(t,q(t))+G_q(t,q(t))q'(t)=0$: $q'(t)$ is a permitted velocity for "
                 r"every $t\in I$ (so condition 1 of an ideal-constraint motion is automatic).",
       source=f"{SEED001}: 'For a C¹ constrained curve the differentiated constraint forces G_t + G_q q' = 0, so its "
              "velocity is automatically permitted'; seed 004_ff83f823a612679d.txt (b)",
       uses=[DEFINITION_ID], proof_uses=[CHAIN_RULE], avoids=["holonomic.ideal_reaction_law"], scope="k, n <= 3")
def _(check):
    check_differentiated_constraint(check)


# ---------------------------------------------------------------------------
# holonomic.ideal_motion_implies_dalembert_condition  (catalogue #15)
# ---------------------------------------------------------------------------

def _multiplier_reaction(G_q, lam, M):
    """The multiplier form R = G_qᵀλ."""
    return G_q.T * lam


def _kernel_displacements(G_q):
    return [d for d in G_q.nullspace()]


def _generic_jacobian(k: int, n: int):
    T, Q = Symbol("T", real=True), sympy.symbols(f"Q1:{n + 1}", real=True)
    G = Matrix([Function(f"G{a + 1}")(T, *Q) for a in range(k)])
    return G.jacobian(list(Q))


def _dalembert_proofs(check, reaction, pairing_sign, sizes):
    """R = G_qᵀλ ⇒ R·δ = λ·G_qδ; δ ∈ ker G_q ⇒ R·δ = 0 and (M q'' − f)·δ = 0 (checked proofs, generic entries)."""
    for k, n in sizes:
        G_q = Matrix(k, n, lambda a_, i: Symbol(f"j{a_ + 1}{i + 1}", real=True))  # G_q(t, q) of any G, at a point
        lam = Matrix(sympy.symbols(f"lambda1:{k + 1}", real=True))
        delta = Matrix(sympy.symbols(f"delta1:{n + 1}", real=True))
        Msym = Matrix(n, n, lambda i, j: Symbol(f"m{min(i, j) + 1}{max(i, j) + 1}", real=True))
        R = reaction(G_q, lam, Msym)
        scope = (f"symbolic, k = {k}, n = {n}: the Jacobian G_q(t, q) of any G at a point, generic entries j_ai = "
                 "∂G_a/∂q_i, generic λ, δ (the claim is pointwise)")
        check.identity(f"R·δ = λ·G_qδ for every δ (k = {k}, n = {n})", euclidean_inner_product(R, delta),
                       pairing_sign * euclidean_inner_product(lam, G_q * delta), scope=scope)
        p = Proof("the reaction G_qᵀλ does no virtual work")
        p.suppose("virtual", (G_q * delta, sympy.zeros(k, 1)), note="δ ∈ V(t, q) = ker G_q")
        p.algebra("no virtual work", ["virtual"], (euclidean_inner_product(R, delta), 0), certificate=list(lam),
                  note="R·δ = Σ_a λ_a (G_qδ)_a")
        p.conclude("no virtual work")
        check.proof(f"δ ∈ ker G_q ⇒ (G_qᵀλ)·δ = 0 (k = {k}, n = {n})", p, scope=scope)
        accel = Matrix(sympy.symbols(f"A1:{n + 1}", real=True))
        force = Matrix(sympy.symbols(f"f1:{n + 1}", real=True))
        d = Proof("an ideal-constraint motion satisfies the d'Alembert condition")
        d.suppose("motion", (Msym * accel, force + R), note="M q'' = f + G_qᵀλ at time t")
        d.suppose("virtual", (G_q * delta, sympy.zeros(k, 1)), note="δ ∈ V(t, q(t))")
        d.algebra("dalembert", ["motion", "virtual"], (euclidean_inner_product(Msym * accel - force, delta), 0),
                  certificate=list(delta) + list(lam), note="(M q'' − f)·δ = Σ_i δ_i (motion)_i + Σ_a λ_a (G_qδ)_a")
        d.conclude("dalembert")
        check.proof(f"(M q'' − f)·δ = 0 for δ ∈ V (k = {k}, n = {n})", d, scope=scope + ", symmetric M")


def _dalembert_every_dimension(check, reaction, pairing_sign):
    """For symbolic k, n (MatrixSymbols of shape k × n, k × 1, n × 1, n × n): R·δ = λ·G_qδ for every δ, a linear
    function of G_qδ, so R·δ = 0 on ker G_q; along a motion M q'' = f + R, (M q'' − f)·δ = λ·G_qδ as well.  (The
    implications from G_qδ = 0 are the checked proofs of :func:`_dalembert_proofs`, in coordinates.)"""
    k, n = sympy.symbols("k n", integer=True, positive=True)
    G_q, lam, delta = sympy.MatrixSymbol("G_q", k, n), sympy.MatrixSymbol("lambda", k, 1), sympy.MatrixSymbol("delta", n, 1)
    Mx, f = sympy.MatrixSymbol("M", n, n), sympy.MatrixSymbol("f", n, 1)
    R = reaction(G_q, lam, Mx)
    scope = "symbolic dimension: k × n MatrixSymbol G_q (any G_q, any rank), λ ∈ ℝ^k, δ ∈ ℝ^n, every k, n ≥ 1"
    check.identity("R·δ = λ·G_qδ for every δ (every k, n)", R.T * delta, pairing_sign * (lam.T * (G_q * delta)),
                   scope=scope)
    # an ideal motion: M q'' = f + R, so M q'' − f = R (the reaction), and (M q'' − f)·δ = R·δ = λ·G_qδ
    accel_term = f + R  # M q'' along the motion
    check.identity("(M q'' − f)·δ = λ·G_qδ along M q'' = f + G_qᵀλ (every k, n)", (accel_term - f).T * delta,
                   pairing_sign * (lam.T * (G_q * delta)), scope=scope)


def check_ideal_motion_dalembert(check, *, reaction=_multiplier_reaction, displacements=_kernel_displacements,
                                 pairing_sign=1, sizes=((1, 2), (1, 3), (2, 3)), max_k=4, max_n=6, samples=15,
                                 every_dimension=True):
    """R = G_qᵀλ ⇒ R·δ = λ·G_qδ = 0 on V = ker G_q (identities in MatrixSymbols of symbolic shape, and checked proofs
    for fixed sizes); so (M q'' − f)·δ = 0; converse by lemma #87 (instances support).

    ``reaction(G_q, λ, M)`` is the claimed multiplier form, ``displacements(G_q)`` the claimed basis of V and
    ``pairing_sign`` the sign in R·δ = sign·λ·G_qδ.
    """
    with check.without(H_RANK_EVERYWHERE, note="the symbolic identities and proofs hold for a Jacobian G_q with "
                                               "generic entries, of any rank"):
        if every_dimension:
            _dalembert_every_dimension(check, reaction, pairing_sign)
        _dalembert_proofs(check, reaction, pairing_sign, sizes)
    # the instances below support the symbolic checks (they decide only when no symbolic check runs)
    with (check.supporting() if (sizes or every_dimension) else contextlib.nullcontext()):
        _dalembert_instances(check, reaction, displacements, max_k, max_n, samples)


def _dalembert_instances(check, reaction, displacements, max_k, max_n, samples):

    def random_sizes():
        return st.sampled_from([(kk, nn) for kk in range(1, max_k + 1) for nn in range(kk + 1, max_n + 1)]).flatmap(
            lambda s: st.tuples(full_row_rank_matrices(*s, max_num=4, max_den=2), rational_matrices(s[0], 1, 4, 2),
                                spd_matrices(s[1], 2, 2), rational_matrices(s[1], 1, 4, 2),
                                rational_matrices(s[1], 1, 4, 2)))

    def dalembert_on_instances(instance):
        G_q, lam, M, f, w = instance
        R = reaction(G_q, lam, M)
        acceleration = M.LUsolve(f + R)
        basis = displacements(G_q)
        if len(basis) != G_q.cols - G_q.rows or any(not (G_q * b).is_zero_matrix for b in basis):
            return False
        if any(euclidean_inner_product(R, b) != 0 or euclidean_inner_product(M * acceleration - f, b) != 0 for b in basis):
            return False
        # the converse (lemma #87): a reaction annihilating V is G_qᵀμ with μ = (G_qG_qᵀ)⁻¹G_q R'
        P = G_q.T * (G_q * G_q.T).LUsolve(G_q)
        R_perp = P * w  # the part of w annihilating ker G_q
        mu = transpose_multiplier(G_q, R_perp)
        return (G_q.T * mu - R_perp).is_zero_matrix

    fixed = (Matrix([[1, 2, 0], [0, 1, 1]]), Matrix([1, -2]), Matrix([[2, 1, 0], [1, 2, 0], [0, 0, 1]]),
             Matrix([1, 0, -1]), Matrix([0, 1, 2]))
    check.fact("a fixed instance (k = 2, n = 3): (M q'' − f)·δ = 0 on ker G_q, and the converse",
               dalembert_on_instances(fixed), method="computation", detail=f"instance {[sympy.sstr(e) for e in fixed]}")
    if not samples:
        return
    check.property("(M q'' − f)·δ = 0 on ker G_q for q'' = M⁻¹(f + G_qᵀλ); converse: R ⟂ V ⇒ R = G_qᵀ(G_qG_qᵀ)⁻¹G_qR",
                   random_sizes(), dalembert_on_instances, samples=samples,
                   describe=lambda inst: [sympy.sstr(x) for x in inst],
                   scope=f"{check.instances(samples)} instances; " + f"randomized, exact rationals: G_q of rank k, k = 1..{max_k}, n = k+1..{max_n}, M SPD, random λ, f")


@lemma("holonomic.ideal_motion_implies_dalembert_condition",
       title="Ideal-constraint motions satisfy the d'Alembert condition",
       statement=r"If $R=G_q^{\mathsf T}\lambda$ then $R\cdot\delta=\lambda\cdot G_q\delta=0$ for every "
                 r"$\delta\in V(t,q)=\ker G_q(t,q)$; hence every ideal-constraint motion satisfies "
                 r"$(Mq''-f(t,q,q'))\cdot\delta=0$ for $\delta\in V(t,q(t))$: the reaction does no virtual work. (No "
                 r"rank hypothesis is needed; the converse with a unique multiplier is "
                 r"\texttt{holonomic.reaction_transpose_multiple_lemma} and needs rank $k$.)",
       source=f"{SEED001}: 'Since G_q^T λ·δ = λ·G_q δ = 0 for every δ ∈ V(t,q), every ideal-constraint motion satisfies the "
              "d'Alembert condition'",
       uses=[DEFINITION_ID, "linalg.euclidean_inner_product", LEMMA_87], assumes=[H_RANK_EVERYWHERE],
       avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_ideal_motion_dalembert(check)


# ---------------------------------------------------------------------------
# holonomic.pendulum_constraint_example  (catalogue #16)
# ---------------------------------------------------------------------------

def pendulum_multiplier_by_hand(x, y, vx, vy):
    """λ on the locus, from d²/dt²(|q|² − l²) = 2|q'|² + 2q·q'' = 0 with m q'' = (0, −mg) + 2λq:
    |q'|² − g y + 2λl²/m = 0, so λ = −m(|q'|² − g y)/(2l²)."""
    return -m * (vx**2 + vy**2 - g * y) / (2 * l**2)


def check_pendulum_example(check, *, hand_multiplier=pendulum_multiplier_by_hand, rank_witness=(0, 0),
                           tension=None, frequency_equation=None):
    """G = |q|² − l²: regular on ℝ × (ℝ²∖{0}) and ℝ × {y ≠ 0}, not on ℝ × ℝ² (q = 0); λ, θ'' and the tension from the toolkit."""
    J = Matrix([PENDULUM_G]).jacobian([X, Y])
    check.identity("G_q = 2qᵀ", J, 2 * Matrix([[X, Y]]), scope="symbolic")
    for chart in (PUNCTURED_PLANE, UPPER_LOWER_HALF_PLANES):
        accepted = not _rejects(lambda: pendulum_constraint(chart))[0]
        check.fact(f"regular on {chart.description}", accepted, method="computation")
    rejected, witness = _rejects(lambda: pendulum_constraint(PLANE))
    claimed = {X: sympy.sympify(rank_witness[0]), Y: sympy.sympify(rank_witness[1])}
    check.witness("not regular on ℝ × ℝ²", f"q = {rank_witness}", [
        ("the constructor rejects the chart ℝ × ℝ²", rejected, "computation"),
        ("G_q vanishes at the claimed witness", J.xreplace(claimed).is_zero_matrix, "computation"),
        ("the witness lies off the locus (G = −l² there): the rank loss violates 'all of O', not the locus",
         sympy.simplify(PENDULUM_G.xreplace(claimed)) != 0, "computation"),
    ])
    check.fact("on ℝ × {y ≠ 0} the circle points (±l, 0) are outside O (two open arcs remain)",
               all(PENDULUM_G.xreplace({X: s * l, Y: 0}) == 0 and not UPPER_LOWER_HALF_PLANES.contains({X: s * l, Y: 0})
                   for s in (1, -1)), method="computation")

    pend = pendulum_constraint()
    dyn = pend.dynamics(m * sympy.eye(2), [0, -m * g])
    state = _state_symbols(2)
    Lam = _to_state(dyn.multiplier[0], dyn, state)
    positions, speeds = state[0], state[1]
    xs, ys = positions
    vxs, vys = speeds
    scope = "symbolic, M = m I, f = (0, −mg), every state"
    check.identity("toolkit Λ·|q|² = −m(|v|² − g y)/2 (off the locus as well)", Lam * (xs**2 + ys**2),
                   -m * (vxs**2 + vys**2 - g * ys) / 2, scope=scope)
    th, om = sympy.symbols("theta omega", real=True)
    on_locus = {xs: l * sympy.sin(th), ys: -l * sympy.cos(th), vxs: l * om * sympy.cos(th), vys: l * om * sympy.sin(th)}
    locus_scope = "symbolic on the locus: q = l(sin θ, −cos θ), q' = lθ'(cos θ, sin θ), every θ, θ' = ω"
    check.identity("λ from the toolkit = the hand formula on the locus", Lam.xreplace(on_locus),
                   hand_multiplier(*[on_locus[s] for s in (xs, ys, vxs, vys)]), scope=locus_scope)
    acceleration = Matrix([_to_state(e, dyn, state) for e in dyn.acceleration]).xreplace(on_locus)
    theta_dd = (acceleration[0] * sympy.cos(th) + acceleration[1] * sympy.sin(th)) / l
    check.identity("θ'' = −(g/l) sin θ", theta_dd,
                   -(g / l) * sympy.sin(th) if frequency_equation is None else frequency_equation(th), scope=locus_scope)
    R = (2 * Lam * Matrix([xs, ys])).xreplace(on_locus)
    inward = -(R[0] * sympy.sin(th) - R[1] * sympy.cos(th))
    check.identity("tension along −q/l: m l θ'² + m g cos θ", inward,
                   m * l * om**2 + m * g * sympy.cos(th) if tension is None else tension(th, om), scope=locus_scope)
    radial = (acceleration[0] * sympy.sin(th) - acceleration[1] * sympy.cos(th))
    check.identity("the acceleration keeps |q| = l: radial component −lθ'²", radial, -l * om**2, scope=locus_scope)


def _state_symbols(n: int):
    return (list(sympy.symbols(f"s1:{n + 1}", real=True)), list(sympy.symbols(f"w1:{n + 1}", real=True)))


def _to_state(expr, dyn, state):
    """A toolkit expression in t, x(t), x'(t) written in state symbols (positions, speeds), derivatives done."""
    positions, speeds = state
    mapping = {c.diff(dyn.time): v for c, v in zip(dyn.coordinates, speeds)}
    expr = sympy.sympify(expr).xreplace(mapping)
    expr = expr.xreplace({c: s for c, s in zip(dyn.coordinates, positions)})
    return sympy.cancel(expr.doit())


@example("holonomic.pendulum_constraint_example",
         title="The planar pendulum constraint |q|² − l² = 0 is regular on ℝ × (ℝ²∖{0}) and on ℝ × {y ≠ 0}",
         statement=r"$n=2$, $k=1$, $G(q)=|q|^2-l^2$, $l>0$: $G_q=2q^{\mathsf T}\ne0$ on $\mathbb R\times(\mathbb R^2\setminus"
                   r"\{0\})$ and on $\mathbb R\times\{y\ne0\}$ (the seed writes the charts $\{y\ne0\}$ and "
                   r"$\mathbb R^2\setminus\{0\}$, but $O\subseteq\mathbb R\times\mathbb R^n$: the charts are these products); "
                   r"on $\mathbb R\times\mathbb R^2$ it is not regular ($G_q(0)=0$, off the locus). With $M=mI$, "
                   r"$f=(0,-mg)$ the ideal system gives $\lambda=-m(|q'|^2-gy)/(2l^2)$ on the locus, "
                   r"$\theta''=-(g/l)\sin\theta$ and the tension $ml\theta'^2+mg\cos\theta$.",
         source=f"{SEED001}: 'a planar pendulum is n=2, k=1, G(q)=|q|²−l² with l>0 on the chart {{(x,y): y≠0}} or on "
                "ℝ²∖{0}, where G_q=2q^T≠0'",
         uses=[DEFINITION_ID, THEOREM_88], assumes=[H_RANK_EVERYWHERE])
def _(check):
    check_pendulum_example(check)


# ---------------------------------------------------------------------------
# holonomic.planar_rolling_disk_constraint_example  (catalogue #17)
# ---------------------------------------------------------------------------

def check_rolling_disk_example(check, *, displacement=None, acceleration=None, multiplier=None, offsets=(0, offset)):
    """G = x − aθ − c: rank 1 everywhere, V = span{(a, 1)}; M = diag(m, I), f = (f, 0) gives x'' = f/(m + I/a²)."""
    f = Symbol("f", real=True)
    displacement = Matrix([radius, 1]) if displacement is None else _column(displacement)
    claimed_acceleration = f / (m + inertia / radius**2) if acceleration is None else acceleration(f)
    claimed_multiplier = (-inertia * f / (m * radius**2 + inertia)) if multiplier is None else multiplier(f)
    state = _state_symbols(2)
    reference = None
    for c in offsets:
        disk = rolling_disk_constraint(c)
        scope = f"symbolic, G = x − aθ − ({c}), a, m, I > 0, every state"
        check.identity(f"G_q = (1, −a) (c = {c})", disk.jacobian, Matrix([[1, -radius]]), scope=scope)
        basis = disk.virtual_displacements(0, (X, THETA))
        check.fact(f"ker G_q is one-dimensional (c = {c})", len(basis) == 1, method="computation",
                   detail=f"ker G_q basis {basis}")
        check.identity(f"G_q (claimed displacement) = 0 (c = {c})", disk.jacobian * displacement, Matrix([0]),
                       scope=scope)
        check.fact(f"the claimed displacement {sympy.sstr(list(displacement))} is not 0 (c = {c})",
                   any(zero_test(e).is_zero is False for e in displacement), method="computation")
        dyn = disk.dynamics(sympy.diag(m, inertia), [f, 0])
        a = Matrix([_to_state(e, dyn, state) for e in dyn.acceleration])
        lam = _to_state(dyn.multiplier[0], dyn, state)
        check.identity(f"x'' = f/(m + I/a²) (c = {c})", a[0], claimed_acceleration, scope=scope)
        check.identity(f"θ'' = x''/a (c = {c})", a[1], claimed_acceleration / radius, scope=scope)
        check.identity(f"λ = −I f/(m a² + I) (the contact force on x) (c = {c})", lam, claimed_multiplier, scope=scope)
        reference = a if reference is None else reference
        check.identity(f"the dynamics do not depend on the level c (c = {c})", a, reference, scope=scope)
    xd = Symbol("xdot", real=True)
    kinetic = m * xd**2 / 2 + inertia * (xd / radius)**2 / 2
    check.identity("T = ½(m + I/a²)x'² on θ' = x'/a: the reduced mass m + I/a²", kinetic,
                   (m + inertia / radius**2) * xd**2 / 2, scope="symbolic")


@example("holonomic.planar_rolling_disk_constraint_example",
         title="The planar rolling disk: the holonomic constraint x − aθ = c and the acceleration f/(m + I/a²)",
         statement=r"Configuration $(x,\theta)$, $G(q)=x-a\theta-c$ (the seed writes $x-a\theta$; the level "
                   r"'$x-a\theta=$ const' needs the constant $c$): $G_q=(1,-a)$ has rank 1 everywhere, "
                   r"$V=\operatorname{span}\{(a,1)\}$; with $M=\operatorname{diag}(m,I)$, $f=(f,0)$ the ideal system gives "
                   r"$x''=f/(m+I/a^2)$, $\theta''=x''/a$, $\lambda=-If/(ma^2+I)$. General three-dimensional rolling is "
                   r"not reducible to a single level set: the rolling coin is nonholonomic (the cited item "
                   r"\texttt{external.tong_rolling_coin_nonholonomic}, decided by the checker's Frobenius test).",
         source=f"{SEED001}: 'a rolling disk in the plane with configuration (x,θ) is G(q)=x−aθ, so that in that planar "
                "special case the constraint is holonomic'",
         uses=[DEFINITION_ID, THEOREM_88, TONG_COIN])
def _(check):
    check_rolling_disk_example(check)


# ---------------------------------------------------------------------------
# constraints.multiplier_presentation_dependence  (catalogue #18)
# ---------------------------------------------------------------------------

def _inverse_transpose(rho, lam):
    return rho.T.LUsolve(lam)


#: the sizes of the generic matrix proofs (with the k = 1, n = 2 proof: the scope k ≤ 2, n ≤ 3)
PRESENTATION_SIZES = ((1, 3), (2, 2), (2, 3))


def check_multiplier_presentation(check, *, transform=_inverse_transpose, on_locus=True, require_invertible=True,
                                  k1_symbolic=True, k1_toolkit=True, k2_samples=6, k2_symbolic=PRESENTATION_SIZES):
    """G ↦ ρG (ρ invertible on Σ): V, permitted velocities and the reaction unchanged on Σ; λ ↦ ρ^{-T}λ.

    ``transform(ρ, λ)`` is the claimed new multiplier; ``on_locus=False`` claims D_q(ρG) = ρ D_qG off the locus
    too; ``require_invertible=False`` drops the hypothesis that ρ is invertible on Σ.  ``k1_symbolic`` and
    ``k1_toolkit``, ``k2_symbolic`` (sizes (k, n) of the matrix proofs), ``k2_samples`` select the parts that run
    (the k = 1 proof, the k = 1 toolkit identity, the generic-ρ proofs for k = 2, the randomized toolkit k = 2
    part; a fixed k = 2 toolkit instance always runs).  With the symbolic proofs running, the k = 2 toolkit
    instances support them (they check the toolkit's Λ, not the statement's algebra).
    """
    if k1_symbolic:
        _presentation_k1_symbolic(check, transform, on_locus, k1_toolkit)
    for k, n in k2_symbolic:
        check.proof(f"on Σ: D_q(ρG) = ρG_q, (ρG)_t = ρG_t, same V, permitted velocities and reaction, "
                    f"λ' = ρ^(-T)λ (k = {k}, n = {n})", _presentation_matrix_proof(k, n, transform),
                    scope=f"symbolic, generic G(t, q) ∈ ℝ^{k}, generic {k}×{k} ρ(t, q) with det ρ ≠ 0, n = {n}")
    with (check.supporting() if (k1_symbolic and k2_symbolic) else contextlib.nullcontext()):
        _presentation_k2(check, transform, require_invertible, k2_samples)
    _presentation_witness(check, require_invertible)


def _presentation_matrix_proof(k: int, n: int, transform) -> Proof:
    """On Σ = {G = 0}, for generic G(t, q) ∈ ℝ^k and ρ(t, q) ∈ GL(k): the product rule leaves only ρG_q and ρG_t;
    the virtual displacements of G and ρG agree (both directions), the permitted-velocity residuals differ by ρ,
    and λ' = transform(ρ, λ) gives the same reaction D_q(ρG)ᵀλ' = G_qᵀλ and λ'·(ρG)_t = λ·G_t."""
    T = Symbol("T", real=True)
    Q = sympy.symbols(f"Q1:{n + 1}", real=True)
    G = Matrix([Function(f"G{a + 1}")(T, *Q) for a in range(k)])
    rho = Matrix(k, k, lambda a_, b_: Function(f"rho{a_ + 1}{b_ + 1}")(T, *Q))
    lam = Matrix(sympy.symbols(f"lambda1:{k + 1}", real=True))
    delta, v = Matrix(sympy.symbols(f"delta1:{n + 1}", real=True)), Matrix(sympy.symbols(f"v1:{n + 1}", real=True))
    det = sympy.expand(rho.det())
    G_q, G_t = G.jacobian(list(Q)), G.diff(T)
    Gp = rho * G
    Gp_q, Gp_t = Gp.jacobian(list(Q)), Gp.diff(T)
    new_lam = Matrix(transform(rho, lam)).applyfunc(sympy.cancel)

    p = Proof(f"re-presentation by an invertible ρ at the locus (k = {k}, n = {n})")
    p.suppose("on the locus", (G, sympy.zeros(k, 1)), note="(t, q) ∈ Σ: G(t, q) = 0")
    p.nonzero("ρ invertible", det, note="det ρ(t, q) ≠ 0 on Σ (the hypothesis of the statement)")
    locus = ["on the locus"]
    for a in range(k):
        for i in range(n):
            p.algebra(f"Jacobian {a + 1},{i + 1}", locus, (Gp_q[a, i], (rho * G_q)[a, i]),
                      certificate=[rho[a, b].diff(Q[i]) for b in range(k)], note="∂_i(ρG) = ρ∂_iG + (∂_iρ)G")
        p.algebra(f"time derivative {a + 1}", locus, (Gp_t[a], (rho * G_t)[a]),
                  certificate=[rho[a, b].diff(T) for b in range(k)])
        p.algebra(f"permitted velocities {a + 1}", locus, ((Gp_t + Gp_q * v)[a], (rho * (G_t + G_q * v))[a]),
                  certificate=[rho[a, b].diff(T) + sum(rho[a, b].diff(Q[i]) * v[i] for i in range(n)) for b in range(k)])
    # V(ρG) = V(G) on Σ: each inclusion
    p.suppose("old virtual", (G_q * delta, sympy.zeros(k, 1)), note="δ ∈ ker G_q")
    drift = [[sum(rho[a, b].diff(Q[i]) * delta[i] for i in range(n)) for b in range(k)] for a in range(k)]
    for a in range(k):
        p.algebra(f"new virtual {a + 1}", locus + ["old virtual"], ((Gp_q * delta)[a], 0),
                  certificate=drift[a] + [rho[a, b] for b in range(k)], note="ker G_q ⊆ ker D_q(ρG) on Σ")
    p.suppose("new virtual'", (Gp_q * delta, sympy.zeros(k, 1)), note="δ ∈ ker D_q(ρG)")
    scaled = []
    for a in range(k):
        scaled.append(p.algebra(f"scaled old virtual {a + 1}", locus + ["new virtual'"], ((rho * G_q * delta)[a], 0),
                                certificate=[-c for c in drift[a]] + [1 if c == a else 0 for c in range(k)]))
    adj = rho.adjugate()
    for c in range(k):
        p.algebra(f"old virtual' {c + 1}", scaled, ((G_q * delta)[c], 0),
                  certificate=[adj[c, a] / det for a in range(k)], note="G_qδ = ρ⁻¹(ρG_qδ), ρ⁻¹ = adj ρ / det ρ")
    for i in range(n):
        p.algebra(f"reaction {i + 1}", locus, ((Gp_q.T * new_lam)[i], (G_q.T * lam)[i]),
                  certificate=[sympy.cancel(sum(rho[a, b].diff(Q[i]) * new_lam[a] for a in range(k))) for b in range(k)],
                  note="D_q(ρG)ᵀλ' = G_qᵀρᵀλ' + Σ_b G_b (∂_iρ)ᵀλ', and ρᵀλ' = λ")
    p.algebra("power product", locus, ((new_lam.T * Gp_t)[0, 0], (lam.T * G_t)[0, 0]),
              certificate=[sympy.cancel(sum(rho[a, b].diff(T) * new_lam[a] for a in range(k))) for b in range(k)])
    p.conclude("power product")
    return p


def _presentation_k1_symbolic(check, transform, on_locus, toolkit=True):
    T = Symbol("T", real=True)
    Q = sympy.symbols("Q1:3", real=True)
    Gf, rhof = Function("G"), Function("rho", nonzero=True)
    G, rho = Gf(T, *Q), rhof(T, *Q)
    lam = Symbol("lambda", real=True)
    delta = Matrix(sympy.symbols("delta1:3", real=True))
    v = Matrix(sympy.symbols("v1:3", real=True))
    G_q, rho_q = Matrix([[sympy.diff(G, qi) for qi in Q]]), Matrix([[sympy.diff(rho, qi) for qi in Q]])
    Gp = rho * G
    Gp_q = Matrix([[sympy.diff(Gp, qi) for qi in Q]])
    Gp_t, G_t = sympy.diff(Gp, T), sympy.diff(G, T)
    new_lam = transform(Matrix([[rho]]), Matrix([lam]))[0]
    scope = "symbolic, generic G(t, q), ρ(t, q) ≠ 0, k = 1, n = 2"
    p = Proof("re-presentation by a nowhere-zero scalar ρ at the locus")
    p.suppose("on the locus", (G, 0), note="(t, q) ∈ Σ")
    for i in range(2):
        p.algebra(f"Jacobian {i + 1}", ["on the locus"], (Gp_q[i], rho * G_q[i]), certificate=[rho_q[i]],
                  note="∂_i(ρG) = ρ ∂_iG + G ∂_iρ")
    p.algebra("time derivative", ["on the locus"], (Gp_t, rho * G_t), certificate=[sympy.diff(rho, T)])
    p.algebra("permitted velocities", ["on the locus"],
              (Gp_t + (Gp_q * v)[0], rho * (G_t + (G_q * v)[0])), certificate=[sympy.diff(rho, T) + (rho_q * v)[0]])
    p.suppose("new virtual", ((Gp_q * delta)[0], 0), note="δ ∈ ker D_q(ρG)")
    p.algebra("scaled old virtual", ["on the locus", "new virtual"], (rho * (G_q * delta)[0], 0),
              certificate=[-(rho_q * delta)[0], 1])
    p.cancel("old virtual", "scaled old virtual", rho, ((G_q * delta)[0], 0), note="ρ ≠ 0")
    for i in range(2):
        p.algebra(f"reaction {i + 1}", ["on the locus"], (Gp_q[i] * new_lam, G_q[i] * lam),
                  certificate=[rho_q[i] * lam / rho], note="∂_i(ρG)·λ/ρ = ∂_iG·λ + G ∂_iρ λ/ρ")
    p.algebra("power product", ["on the locus"], (new_lam * Gp_t, lam * G_t), certificate=[sympy.diff(rho, T) * lam / rho])
    p.conclude("power product")
    check.proof("on Σ: D_q(ρG) = ρG_q, (ρG)_t = ρG_t, same V and permitted velocities, same reaction, λ' = λ/ρ", p,
                scope=scope)
    if not on_locus:
        check.identity("D_q(ρG) = ρ D_qG (claimed off the locus)", Gp_q, rho * G_q, scope=scope + ", every (t, q)")

    if not toolkit:
        return
    # The toolkit's multiplier for both presentations (k = 1, generic), compared at consistent states.
    q = [Function(f"q{i + 1}", real=True)(t) for i in range(2)]
    vel = [c.diff(t) for c in q]
    Mg = sympy.diag(*sympy.symbols("m1 m2", positive=True))
    F = list(sympy.symbols("f1:3", real=True))  # only the value f(t, q, v) at the state enters Λ
    Gc, rhoc = Gf(t, *q), rhof(t, *q)
    lam_g = _generic_multiplier(Mg, F, Gc, q)
    lam_r = _generic_multiplier(Mg, F, rhoc * Gc, q)
    relations = _locus_relations([Gc], q)
    check.identity("toolkit: Λ(ρG) = Λ(G)/ρ at consistent states (G = 0, G_t + G_q v = 0)",
                   _atomize(lam_r, relations), _atomize(transform(Matrix([[rhoc]]), Matrix([lam_g]))[0], relations),
                   scope="symbolic, generic G(t, q), ρ(t, q), force value f = (f1, f2), M = diag(m1, m2), k = 1, n = 2, "
                         "on Σ with permitted velocity")


def _presentation_k2(check, transform, require_invertible, samples):

    def same_dynamics(instance):
        x0, w, t0, Mm, coefficients, forces, rho0, rho1, rho2, use_q = instance
        values = [t0, *x0, *coefficients[0], *coefficients[1], *list(rho0), *list(rho1)]
        values += [e for j in range(3) for e in (list(rho2[j]) if use_q else [0] * 4)]
        J_all, G_t_all, _, _ = _presentation_rows(values, t0, x0, [0, 0, 0])
        J0, G_t0 = J_all[:2, :], G_t_all[:2, :]
        if J0.rank() < 2:
            raise OutsideDomain("rank G_q < 2 at the state")
        v0 = w - J0.T * (J0 * J0.T).LUsolve(J0 * w + G_t0)
        J_s, G_t_s, curvature_s, rho_tq = _presentation_rows(values, t0, x0, list(v0))
        F = Matrix([sympy.sympify(e).xreplace({_FT: t0, **dict(zip(_FX, x0)), **dict(zip(_FV, v0))}) for e in forces])
        blocks = [(J_s[2 * b:2 * b + 2, :], G_t_s[2 * b:2 * b + 2, :], curvature_s[2 * b:2 * b + 2, :]) for b in range(3)]
        J, Gt, curv = blocks[0]
        _, L, a = ideal_multiplier(Mm, J, F, curv)
        for rho_s, (Jp, Gtp, curvp) in zip((rho0, rho_tq), blocks[1:]):
            if rho_s.det() == 0:
                if require_invertible:
                    raise OutsideDomain("ρ singular at the state")
                return len(Jp.nullspace()) == len(J.nullspace())  # V jumps where ρ is singular
            if not (Jp - rho_s * J).is_zero_matrix or not (Gtp - rho_s * Gt).is_zero_matrix:
                return False
            _, Lp, ap = ideal_multiplier(Mm, Jp, F, curvp)
            if not (Lp - transform(rho_s, L)).is_zero_matrix:
                return False
            if not ((Jp.T * Lp - J.T * L).is_zero_matrix and (ap - a).is_zero_matrix):
                return False
            if (Lp.T * Gtp - L.T * Gt)[0, 0] != 0:
                return False
        return True

    rho_strategy = rational_matrices(2, 2, 3, 2) if not require_invertible else rational_matrices(2, 2, 3, 2).filter(
        lambda r: r.det() != 0)
    instances = st.tuples(
        st.lists(rationals(2, 2), min_size=3, max_size=3).map(lambda v: [sympy.sympify(e) for e in v]),
        rational_matrices(3, 1, 3, 2), rationals(2, 2), spd_matrices(3, 2, 2),
        st.lists(st.lists(rationals(3, 2), min_size=4, max_size=4), min_size=2, max_size=2),
        st.lists(polynomials([_FT, *_FX, *_FV], 1, 2, max_num=3, max_den=2), min_size=3, max_size=3),
        rho_strategy, rational_matrices(2, 2, 2, 2), st.lists(rational_matrices(2, 2, 2, 2), min_size=3, max_size=3),
        st.booleans())
    fixed = ([Rational(1, 2), 0, -1], Matrix([1, -1, Rational(1, 2)]), Rational(1, 3),
             Matrix([[2, Rational(1, 2), 0], [Rational(1, 2), 3, 1], [0, 1, 1]]),
             [[1, -1, Rational(1, 2), 2], [Rational(-1, 2), 1, 1, -1]], [_FX[1] - _FV[0], _FT * _FV[2], 1 + _FX[0] ** 2],
             Matrix([[2, 1], [-1, 1]]), Matrix([[1, 0], [1, 1]]),
             [Matrix([[0, 1], [0, 0]]), Matrix([[1, 0], [2, -1]]), Matrix([[0, 0], [1, 1]])], True)
    check.fact("toolkit, k = 2, a fixed instance: Λ(ρG) = ρ^{-T}Λ(G), same reaction, acceleration and λ·G_t, for "
               "constant ρ0 and ρ0 + (t − t0)ρ1 + Σ_j (q_j − x0_j)ρ2_j", same_dynamics(fixed), method="computation",
               detail=f"instance {[sympy.sstr(e) for e in fixed]}")
    if not samples:
        return
    check.property("toolkit, k = 2: Λ(ρG) = ρ^{-T}Λ(G), same reaction, acceleration and λ·G_t; D_q(ρG) = ρD_qG, "
                   "(ρG)_t = ρG_t at consistent states", instances, same_dynamics, samples=samples,
                   describe=lambda inst: [sympy.sstr(x) for x in inst],
                   scope="randomized, exact rationals: n = 3, k = 2, G_a = (x_a − x0_a) + rheonomic quadratic terms, rank 2 "
                         "there, M SPD, polynomial F; ρ constant invertible and ρ0 + (t − t0)ρ1 "
                         "+ Σ_j (q_j − x0_j)ρ2_j (t- and q-dependent), invertible at the state; J, G_t, curvature by "
                         "constraint_derivatives (once, on a template with symbolic coefficients) and "
                         "Λ, a by ideal_multiplier (the two halves of ideal_holonomic_dynamics) at the state")


def _presentation_witness(check, require_invertible):
    s = Symbol("s", real=True)
    base = regular_holonomic_constraint([s], (s, Y), t, PLANE)
    rho_witness = s  # ρ(t, q) = s: ρG = s²
    squared = Matrix([rho_witness * base.G[0]])
    V_base = base.virtual_displacements(0, (0, 0))
    V_sq = holonomic_virtual_displacements([squared[0]], [s, Y], at={s: 0, Y: 0})
    if require_invertible:
        check.witness("ρ must be invertible on Σ", "G = s (first coordinate), ρ = s, so ρG = s²", [
            ("ρ = s vanishes on Σ = {s = 0}", rho_witness.xreplace({s: 0}) == 0 and sympy.solve(base.G[0], s) == [0],
             "computation"),
            ("D_q(s²) = 0 on Σ: V jumps from the line ker(1, 0) to all of ℝ²",
             len(V_base) == 1 and len(V_sq) == 2 and squared.jacobian([s, Y]).xreplace({s: 0}).is_zero_matrix, "computation"),
        ])
    else:
        check.fact("V unchanged for every re-presentation ρG (ρ = s, G = s)", len(V_sq) == len(V_base),
                   method="computation", detail=f"V(G) = {V_base}, V(ρG) = {V_sq}")


_FT = Symbol("T", real=True)
_FX = sympy.symbols("X1:4", real=True)
_FV = sympy.symbols("V1:4", real=True)


class _FractionPrinter(PythonCodePrinter):
    """Prints rationals as ``Fraction(p, q)``: compiled polynomials evaluate exactly on Fractions."""

    def _print_Rational(self, expr):
        return f"Fraction({expr.p}, {expr.q})"

    def _print_Integer(self, expr):
        return str(expr.p)


def _exact_function(args, exprs):
    """Compile polynomial expressions to a Python function evaluating them exactly on ``fractions.Fraction``."""
    return sympy.lambdify(args, list(exprs), modules=[{"Fraction": Fraction}], printer=_FractionPrinter)


@functools.lru_cache(maxsize=1)
def _presentation_template():
    """J, G_t and curvature (toolkit's constraint_derivatives) of G, ρ0G and ρ(t,q)G with symbolic coefficients.

    G_a = (x_a − x0_a) + ½Σ c_a·(τ, τ², d1d2, d3²) with τ = t − t0, d = x − x0; ρ = ρ0 + τρ1 + Σ_j d_jρ2_j.
    Computed once and compiled to an exact function of (t, x, v, coefficients); instances pass Fractions.
    """
    xs = [Function(f"q{i + 1}", real=True)(t) for i in range(3)]
    x0 = sympy.symbols("_x0_1:4", real=True)
    t0 = Symbol("_t0", real=True)
    c = [sympy.symbols(f"_c{a}_1:5", real=True) for a in range(2)]
    r0, r1 = sympy.symbols("_r0_1:5", real=True), sympy.symbols("_r1_1:5", real=True)
    r2 = [sympy.symbols(f"_r2{j}_1:5", real=True) for j in range(3)]
    G = Matrix(_random_regular_pair(xs, c, x0, t0))
    d = [xi - a_ for xi, a_ in zip(xs, x0)]
    rho = Matrix(2, 2, list(r0)) + (t - t0) * Matrix(2, 2, list(r1)) + sum(
        (d[j] * Matrix(2, 2, list(r2[j])) for j in range(3)), sympy.zeros(2, 2))
    J, G_t, curvature = constraint_derivatives(list(G) + list(Matrix(2, 2, list(r0)) * G) + list(rho * G), xs, t)
    positions, speeds = sympy.symbols("_S1:4", real=True), sympy.symbols("_W1:4", real=True)
    to_state = lambda e: e.xreplace({c_.diff(t): w for c_, w in zip(xs, speeds)}).xreplace(dict(zip(xs, positions)))
    rows = [to_state(e) for e in list(J) + list(G_t) + list(curvature) + list(rho)]
    args = [t, *positions, *speeds, t0, *x0, *c[0], *c[1], *r0, *r1, *r2[0], *r2[1], *r2[2]]
    return _exact_function(args, rows)


def _presentation_rows(instance_values, time_value, x, v):
    """(J, G_t, curvature) of the three presentations (6 rows each) and ρ(t, q) at a state, exactly."""
    out = [sympy.Rational(e.numerator, e.denominator) if isinstance(e, Fraction) else sympy.sympify(e)
           for e in _presentation_template()(*[Fraction(int(sympy.Rational(z).p), int(sympy.Rational(z).q))
                                               for z in [time_value, *x, *v, *instance_values]])]
    J = Matrix(6, 3, out[:18])
    return J, Matrix(out[18:24]), Matrix(out[24:30]), Matrix(2, 2, out[30:34])


def _random_regular_pair(xs, coefficients, x0, t0):
    """G_a = (x_a − x0_a) + ½Σ c·(t − t0, (t − t0)², (x1 − x0_1)(x2 − x0_2), (x3 − x0_3)²): G(t0, x0) = 0 (a = 1, 2)."""
    d = [xi - xi0 for xi, xi0 in zip(xs, x0)]
    tau = t - t0
    monomials = [tau, tau**2, d[0] * d[1], d[2]**2]
    G = []
    for a, coeffs in enumerate(coefficients):
        G.append(sympy.expand(d[a] + sum(c * mono for c, mono in zip(coeffs, monomials)) / 2))
    return G


def _generic_multiplier(M, F, G, q):
    """Λ of the toolkit for a generic scalar constraint (k = 1), in state symbols."""
    J, G_t, curvature = constraint_derivatives([G], q, t)
    _, Lam, _ = ideal_multiplier(M, J, F, curvature, simplify=False)
    return Lam[0]


_ATOM_STATE = (sympy.symbols("S1:3", real=True), sympy.symbols("W1:3", real=True))


def _atomize(expr, relations):
    """Write a toolkit expression in state symbols, derivatives of generic functions as symbols, then apply relations."""
    q_fns = relations["coordinates"]
    positions, speeds = _ATOM_STATE
    expr = sympy.sympify(expr).xreplace({c.diff(t): v for c, v in zip(q_fns, speeds)})
    expr = expr.xreplace({c: s for c, s in zip(q_fns, positions)}).doit()
    atoms = sorted(expr.atoms(sympy.Derivative), key=lambda d: (-d.derivative_count, str(d)))
    mapping = {d: relations["symbols"].setdefault(d, Symbol(f"_d{len(relations['symbols'])}")) for d in atoms}
    expr = expr.xreplace(mapping)
    undefined = [a for a in expr.atoms(sympy.Function) if isinstance(a.func, sympy.core.function.UndefinedFunction)]
    mapping = {a: relations["symbols"].setdefault(a, Symbol(f"_d{len(relations['symbols'])}")) for a in undefined}
    expr = expr.xreplace(mapping)
    return sympy.cancel(expr.xreplace(relations["locus"](relations["symbols"])))


def _locus_relations(G_list, q_fns):
    """Relations of a consistent state for a generic scalar G: G = 0 and W2 = −(G_t + G_{q1} W1)/G_{q2}."""
    positions, speeds = _ATOM_STATE
    G_state = G_list[0].xreplace({c: s for c, s in zip(q_fns, positions)})

    def locus(symbols):
        value = symbols.get(G_state)
        deriv = {var: symbols.get(sympy.Derivative(G_state, var)) for var in (t, *positions)}
        out = {}
        if value is not None:
            out[value] = 0
        if all(d is not None for d in deriv.values()):
            out[speeds[1]] = -(deriv[t] + deriv[positions[0]] * speeds[0]) / deriv[positions[1]]
        return out
    symbols = {}
    # make sure the value and first derivatives of G have symbols before any expression is atomized
    symbols[G_state] = Symbol("_g0")
    for var in (t, *positions):
        symbols[sympy.Derivative(G_state, var)] = Symbol(f"_g_{var}")
    return {"coordinates": q_fns, "symbols": symbols, "locus": locus}


@remark("constraints.multiplier_presentation_dependence",
        title="The multiplier depends on the presentation of the constraint; the reaction does not",
        statement=r"Re-presenting the constraint by $G'=\rho G$ with $\rho(t,q)$ invertible on $\Sigma$ (a nowhere-zero "
                  r"scalar for $k=1$, a matrix in $GL(k)$ in general) leaves, on $\Sigma$, $D_qG'=\rho D_qG$, "
                  r"$G'_t=\rho G_t$, hence the virtual displacements, the permitted velocities, the reaction "
                  r"$D_qG'^{\mathsf T}\lambda'$ and $\lambda'\cdot G'_t=\lambda\cdot G_t$ unchanged, and sends the multiplier "
                  r"to $\lambda'=\rho^{-\mathsf T}\lambda$ ($\lambda/\rho$ for $k=1$). So $\lambda$ is not a measured "
                  r"quantity; only the reaction enters the equations. Invertibility on $\Sigma$ is needed: $G=s$, "
                  r"$\rho=s$ makes $D_q(\rho G)=0$ on $\Sigma$.",
        source=f"{SEED001}: 'the multiplier λ is not a measured quantity: only the reaction G_q^T λ enters the equations "
               "of motion'; seed 003_c763788c7bc283aa.txt bullet 'The multiplier is not measured'; seed "
               "004_ff83f823a612679d.txt (e) 'Presentation of the constraint' and the theorem bullet 'multiplying G by an "
               "invertible matrix-valued function ρ(t,x) … changes λ to ρ^{-T}λ'",
        uses=[DEFINITION_ID, THEOREM_88, LEMMA_87], scope="k <= 2, n <= 3")
def _(check):
    check_multiplier_presentation(check)


# ---------------------------------------------------------------------------
# holonomic.reaction_transpose_multiple_lemma  (catalogue #87)
# ---------------------------------------------------------------------------

def _euclidean_multiplier(J, R, M):
    """λ = (JJᵀ)⁻¹JR."""
    return transpose_multiplier(J, R)


def check_reaction_transpose_multiple(check, *, multiplier=_euclidean_multiplier, rank_hypothesis=True,
                                      mass_hypothesis=True, symbolic=True, samples=20, max_k=3, max_n=5,
                                      symbolic_sizes=None):
    """rank G_q = k, R ⟂ ker G_q ⇒ R = G_qᵀλ, λ = (G_qG_qᵀ)⁻¹G_qR unique; G_qM⁻¹G_qᵀ and G_qG_qᵀ SPD; rank needed.

    ``multiplier(J, R, M)`` is the claimed formula; ``rank_hypothesis=False`` draws any J, ``mass_hypothesis=False``
    any symmetric M; ``symbolic_sizes`` the sizes (k, n) of the symbolic part (default 1 ≤ k ≤ n ≤ 3).  With the
    symbolic part running, the random instances support it.
    """
    symbolic_sizes = TRANSPOSE_MULTIPLE_SIZES if symbolic_sizes is None else symbolic_sizes
    if symbolic:
        for k, n in symbolic_sizes:
            _transpose_multiple_symbolic(check, multiplier, k, n)
    with (check.supporting() if (symbolic and symbolic_sizes) else contextlib.nullcontext()):
        _transpose_multiple_randomized(check, multiplier, rank_hypothesis, mass_hypothesis, samples, max_k, max_n)
    _transpose_multiple_witness(check)


#: every 1 ≤ k ≤ n ≤ 3: the checked proofs and identities establish the lemma for these sizes (scope k ≤ n ≤ 3)
TRANSPOSE_MULTIPLE_SIZES = tuple((k, n) for n in (1, 2, 3) for k in range(1, n + 1))


def _transpose_multiple_symbolic(check, multiplier, k=1, n=2):
    J = Matrix(k, n, lambda a_, i: Symbol(f"j{a_ + 1}{i + 1}", real=True))
    R = Matrix(sympy.symbols(f"R1:{n + 1}", real=True))
    Mx = Matrix(n, n, lambda i, j: Symbol(f"m{min(i, j) + 1}{max(i, j) + 1}", real=True))
    size = f"k = {k}, n = {n}"
    scope = f"symbolic, {size}, generic G_q = (j_ai) (rank k: det(G_qG_qᵀ) ≠ 0), generic symmetric M"
    p = annihilator_proof(J, R, multiplier=lambda A, ell: multiplier(A, ell, Mx), rank_assumption=H_RANK_EVERYWHERE)
    check.proof(f"R ⟂ ker G_q ⇒ R = G_qᵀλ with the claimed λ ({size})", p, scope=scope)
    c = Matrix(sympy.symbols(f"c1:{k + 1}", real=True))
    check.identity(f"uniqueness: the claimed λ of G_qᵀc is c, so G_qᵀc = G_qᵀc' ⇒ c = c' ({size})",
                   Matrix(multiplier(J, J.T * c, Mx)), c, scope=scope + " (rational identity, valid where det(G_qG_qᵀ) ≠ 0)")
    # every SPD M is LLᵀ with L lower triangular, positive diagonal (Cholesky); M = I (L = I) gives G_qG_qᵀ
    L = Matrix(n, n, lambda i, j: Symbol(f"L{i + 1}{j + 1}", positive=(i == j), real=True) if j <= i else 0)
    x = Matrix(sympy.symbols(f"x1:{k + 1}", real=True))
    C = J * (L * L.T).LUsolve(J.T)
    w = L.LUsolve(J.T * x)
    spd_scope = f"symbolic, {size}, every SPD M = LLᵀ (Cholesky, positive diagonal; L = I gives G_qG_qᵀ)"
    check.identity(f"C = G_q M⁻¹G_qᵀ is symmetric ({size})", C, C.T, scope=spd_scope)
    check.identity(f"xᵀCx = |L⁻¹G_qᵀx|² for M = LLᵀ: positive for x ≠ 0, since rank k makes G_qᵀ injective ({size})",
                   (x.T * C * x)[0, 0], (w.T * w)[0, 0], scope=spd_scope)


def _transpose_multiple_randomized(check, multiplier, rank_hypothesis, mass_hypothesis, samples, max_k, max_n):
    def sizes():
        shapes = [(k, n) for k in range(1, max_k + 1) for n in range(k, max_n + 1)]

        def for_shape(shape):
            k, n = shape
            Js = full_row_rank_matrices(k, n, 4, 2) if rank_hypothesis else rational_matrices(k, n, 2, 1)
            Ms = spd_matrices(n, 2, 2) if mass_hypothesis else rational_matrices(n, n, 3, 1).map(lambda B: B + B.T)
            return st.tuples(Js, Ms, rational_matrices(k, 1, 4, 2), rational_matrices(n, 1, 4, 2))
        return st.sampled_from(shapes).flatmap(for_shape)

    def lemma_holds(instance):
        Jm, M, cvec, wvec = instance
        k, n = Jm.shape
        if not mass_hypothesis and M.det() == 0:
            raise OutsideDomain("M singular")
        kernel = Jm.nullspace()
        R_ok = Jm.T * cvec
        if any((R_ok.T * d)[0, 0] != 0 for d in kernel):
            return False  # G_qᵀc annihilates V
        try:
            lam = multiplier(Jm, R_ok, M)
        except (ValueError, sympy.matrices.exceptions.NonInvertibleMatrixError):
            return False
        if not (Jm.T * lam - R_ok).is_zero_matrix or Jm.T.nullspace():  # representation, and uniqueness
            return False
        if kernel:
            R_bad = R_ok + kernel[0]  # does not annihilate V: no multiplier represents it
            if (Jm.T * multiplier(Jm, R_bad, M) - R_bad).is_zero_matrix:
                return False
        C = Jm * M.LUsolve(Jm.T)
        return is_symmetric_positive_definite(C) and is_symmetric_positive_definite(Jm * Jm.T)

    hyp = ("rank G_q = k" if rank_hypothesis else "any G_q (rank hypothesis dropped)") + ", " + (
        "M SPD" if mass_hypothesis else "M any invertible symmetric matrix (SPD dropped)")
    if not samples:
        return
    check.property("R ⟂ ker G_q ⇔ R = G_qᵀλ with the claimed λ, unique; C = G_qM⁻¹G_qᵀ and G_qG_qᵀ SPD", sizes(),
                   lemma_holds, samples=samples, describe=lambda inst: [sympy.sstr(x) for x in inst],
                   scope=f"{check.instances(samples)} instances; " + f"randomized, exact rationals: k = 1..{max_k}, n = k..{max_n}; {hyp}")


def _transpose_multiple_witness(check):
    W = Matrix([[1, 0], [2, 0]])
    Rw = Matrix([1, 0])
    M = sympy.diag(2, 3)
    check.necessary(H_RANK_EVERYWHERE, "G = (q1, 2q1): G_q = [[1, 0], [2, 0]], rank 1 < k = 2; R = (1, 0); M = diag(2, 3)",
                    violates=[("G_q violates rank G_q = k", W.rank() < 2, "computation")],
                    others_hold={H_MASS_SPD: [("M = diag(2, 3) is symmetric positive definite", H_MASS_SPD.holds_for(M),
                                               "computation")]},
                    instances={H_MASS_SPD: M},
                    conclusion_fails=[("the premise holds: R annihilates V = ker G_q = span{(0, 1)}",
                                       all((Rw.T * d)[0, 0] == 0 for d in W.nullspace()), "computation"),("λ = (1, 0) and λ = (−1, 1) both give G_qᵀλ = R: λ not unique",
                                       W.T * Matrix([1, 0]) == Rw and W.T * Matrix([-1, 1]) == Rw, "computation"),
                                      ("C = G_q M⁻¹G_qᵀ is singular, not positive definite",
                                       (W * M.inv() * W.T).det() == 0, "computation")])


@cited(LEMMA_87, cited_kind="lemma",
       title="Reactions annihilating the virtual displacements are transpose multiples, with a positive definite "
             "multiplier matrix",
       statement=r"If $G_q$ ($k\times n$) has rank $k$ and $R\cdot\delta=0$ for every $\delta\in\ker G_q$, then "
                 r"$R=G_q^{\mathsf T}\lambda$ for exactly one $\lambda$, namely $\lambda=(G_qG_q^{\mathsf T})^{-1}G_qR$; "
                 r"for $M$ symmetric positive definite, $G_qM^{-1}G_q^{\mathsf T}$ and $G_qG_q^{\mathsf T}$ are symmetric "
                 r"positive definite. Without the rank hypothesis $\lambda$ is not unique and $C$ is singular.",
       source="cited: 001, 004 'Reactions annihilating the virtual displacements are transpose multiples, with a positive "
              "definite multiplier matrix'",
       uses=["linalg.annihilator_of_kernel_transpose_multiple", "linalg.euclidean_inner_product"],
       assumes=[H_RANK_EVERYWHERE, H_MASS_SPD], avoids=["holonomic.ideal_reaction_law"], scope="k <= n <= 3")
def _(check):
    check_reaction_transpose_multiple(check)


# ---------------------------------------------------------------------------
# holonomic.ideal_system_time_dependent_chart  (catalogue #88)
# ---------------------------------------------------------------------------

def _drift_instances():
    def for_shape(shape):
        k, n = shape
        return st.tuples(st.just(shape), spd_matrices(n, 2, 2),
                         st.lists(st.lists(rationals(2, 2), min_size=4, max_size=4), min_size=k, max_size=k),
                         st.lists(polynomials([_FT, *_FX[:n], *_FV[:n]], 2, 2, max_num=2, max_den=2), min_size=n, max_size=n),
                         st.lists(rationals(1, 2), min_size=n, max_size=n), rational_matrices(n, 1, 1, 2))
    return st.sampled_from([(1, 2), (1, 2), (1, 3), (2, 3)]).flatmap(for_shape)


def _random_rheonomic(xs, coefficients):
    """G_a = x_a + ½Σ c·(t, t², x1x2, x_n²) (rheonomic, rank k near the origin); G(0, x0) is shifted to 0 by the caller."""
    n = len(xs)
    monomials = [t, t**2, xs[0] * xs[min(1, n - 1)], xs[-1]**2]
    return [xs[a] + sum(c * mono for c, mono in zip(coeffs, monomials)) / 2 for a, coeffs in enumerate(coefficients)]


#: the sizes of the generic d²G/dt² = 0 identity (k = 2, n = 3 takes minutes) and of the reaction-power proof:
#: the scope of #88 is n ≤ 2 (k ≤ n) and k = 1, n = 3
SYSTEM_SIZES = ((1, 1), (1, 2), (2, 2), (1, 3))
SYSTEM_POWER_SIZES = ((1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (3, 3))


def check_ideal_system_chart(check, *, curvature_scale=1, power_sign=-1, acceleration_override=None, dps=20, samples=3,
                             symbolic_sizes=SYSTEM_SIZES, power_sizes=SYSTEM_POWER_SIZES, fixed_instance=True):
    """a = M⁻¹(f + G_qᵀΛ) keeps d²/dt² G(t, q(t)) = 0 (generic G), G = 0 and G_t + G_q v = 0 are preserved
    (mpmath integration), and R·q' = −λ·G_t.

    ``curvature_scale`` scales the curvature term of Λ (0 drops it); ``power_sign`` is the sign in
    R·q' = sign·λ·G_t; ``acceleration_override(dynamics)`` replaces the acceleration fed to the integrator.
    ``symbolic_sizes``, ``power_sizes``, ``samples`` (0: no random trajectories) and ``fixed_instance`` select the parts.
    """
    for k, n in symbolic_sizes:
        q = [Function(f"q{i + 1}", real=True)(t) for i in range(n)]
        vel = [c.diff(t) for c in q]
        G = Matrix([Function(f"G{a + 1}")(t, *q) for a in range(k)])
        Msym = Matrix(n, n, lambda i, j: Symbol(f"m{min(i, j) + 1}{max(i, j) + 1}", real=True))
        F = Matrix([Function(f"f{i + 1}")(t, *q, *vel) for i in range(n)])
        J, G_t, curvature = constraint_derivatives(G, q, t)
        C, Lam, a = ideal_multiplier(Msym, J, F, curvature_scale * curvature)
        scope = (f"symbolic, generic G(t, q) (k = {k}, n = {n}), generic F(t, q, v), M = (m_ij) a "
                 "symbolic symmetric matrix (the identity holds wherever det M ≠ 0 and C ≠ 0, so for every SPD M)")
        state = _state_symbols(n)
        second = G.diff(t, 2).xreplace({c.diff(t, 2): ai for c, ai in zip(q, a)})
        check.identity(f"d²/dt² G(t, q(t)) = 0 along q'' = a (k = {k}, n = {n})",
                       Matrix([_jet_state(e, q, state) for e in second]), sympy.zeros(k, 1), scope=scope)

    for k, n in power_sizes:
        lam = Matrix(sympy.symbols(f"lambda1:{k + 1}", real=True))
        G_q = _generic_jacobian(k, n)
        Tsym, Q = Symbol("T", real=True), sympy.symbols(f"Q1:{n + 1}", real=True)
        G_t = Matrix([sympy.diff(Function(f"G{a + 1}")(Tsym, *Q), Tsym) for a in range(k)])
        v = Matrix(sympy.symbols(f"v1:{n + 1}", real=True))
        R = G_q.T * lam
        scope = f"symbolic, generic G(t, q) (k = {k}, n = {n}), generic λ, permitted velocity v"
        p = Proof("reaction power")
        p.suppose("permitted", (G_t + G_q * v, sympy.zeros(k, 1)), note="G_t + G_q q' = 0 along the motion")
        p.algebra("power", ["permitted"], (euclidean_inner_product(R, v), power_sign * euclidean_inner_product(lam, G_t)),
                  certificate=list(lam), note="R·v = λ·G_q v = −λ·G_t")
        p.conclude("power")
        check.proof(f"R·q' = −λ·G_t for R = G_qᵀλ and a permitted velocity (k = {k}, n = {n})", p, scope=scope)

    g_fn = Function("g")
    t0s = Symbol("t0", real=True)
    solution = sympy.dsolve(sympy.Eq(g_fn(t).diff(t, 2), 0), g_fn(t), ics={g_fn(t0s): 0, g_fn(t).diff(t).subs(t, t0s): 0})
    with check.supporting():  # the step itself is the trusted result calculus.zero_second_derivative_zero_data
        check.fact("preservation: g'' = 0 with g(t0) = g'(t0) = 0 has only g ≡ 0 (g = G(t, q(t)), consistent data)",
                   sympy.simplify(solution.rhs) == 0, method="computation",
                   detail=f"dsolve: {solution}; cited: {ZERO_SECOND_DERIVATIVE}")

    tolerance = mpmath.mpf(10) ** (-(dps // 2))
    times = [Rational(1, 20), Rational(1, 10)]

    def trajectory_residual(instance):
        (k, n), M, coefficients, forces, x0, w = instance
        xs = [Function(f"q{i + 1}", real=True)(t) for i in range(n)]
        vs = [c.diff(t) for c in xs]
        raw = _random_rheonomic(xs, coefficients)
        start = {c: sympy.sympify(v) for c, v in zip(xs, x0)}
        G = [sympy.expand(gi - gi.xreplace(start).subs(t, 0)) for gi in raw]
        J0 = Matrix(G).jacobian(xs).xreplace(start).subs(t, 0)
        if J0.rank() < k or (J0 * J0.T).det() < Rational(1, 10):
            raise OutsideDomain("rank G_q < k (or nearly) at the initial state")
        F = Matrix([sympy.sympify(e).xreplace({_FT: t, **dict(zip(_FX, xs)), **dict(zip(_FV, vs))}) for e in forces])
        dyn = _scaled_curvature(ideal_holonomic_dynamics(M, F, G, xs, t, simplify=False), M, F, curvature_scale)
        G_t0 = dyn.time_derivative.xreplace(start).subs(t, 0)
        v0 = w - J0.T * (J0 * J0.T).LUsolve(J0 * w + G_t0)
        override = None if acceleration_override is None else acceleration_override(dyn)
        try:
            with time_limit(8):
                report = integrate_ideal_motion(dyn, 0, x0, list(v0), times, dps=dps, acceleration=override)
        except (TimeLimit, ZeroDivisionError, ValueError) as exc:
            raise OutsideDomain(f"integration failed: {type(exc).__name__}") from exc
        rank_fns = state_functions(dyn, [(dyn.jacobian * dyn.jacobian.T).det()])
        power = euclidean_inner_product(dyn.reaction, vs) - power_sign * euclidean_inner_product(dyn.multiplier,
                                                                                                 dyn.time_derivative)
        power_fn = state_functions(dyn, [power])[0]
        worst_power = mpmath.mpf(0)
        with mpmath.workdps(dps):
            for time, (xv, vv) in zip(times, report.states):
                if abs(rank_fns[0](time, *xv, *vv)) < mpmath.mpf(1) / 1000:
                    raise OutsideDomain("rank G_q drops along the trajectory")
                worst_power = max(worst_power, abs(power_fn(time, *xv, *vv)))
        return max(report.constraint_drift, report.velocity_drift, worst_power)

    # the integrations check numerically what the identities above and the cited results establish: they support
    # them (and decide only when the symbolic d²G/dt² identity does not run)
    with (check.supporting() if symbolic_sizes else contextlib.nullcontext()):
        if samples:
            _integrated_motions(check, trajectory_residual, samples, dps, tolerance)
        if fixed_instance:
            _bead_on_accelerating_circle(check, curvature_scale, power_sign, acceleration_override, dps, tolerance)


def _integrated_motions(check, trajectory_residual, samples, dps, tolerance):
    if samples:
        check.property("integrated ideal motions keep G = 0, G_t + G_q v = 0 and R·v = −λ·G_t (largest residual reported)",
                       _drift_instances(), trajectory_residual, tolerance=tolerance, samples=samples,
                       describe=lambda inst: [str(inst[0]), sympy.sstr(inst[1]), [[str(c) for c in row] for row in inst[2]],
                                              [sympy.sstr(e) for e in inst[3]], [str(v) for v in inst[4]], sympy.sstr(inst[5])],
                       scope=f"{check.instances(samples)} instances; " + f"randomized: (k, n) ∈ {{(1,2), (1,3), (2,3)}}, M SPD (spd_matrices), rheonomic quadratic "
                             f"G(t, q) with G(0, x0) = 0, polynomial f(t, q, v) of degree ≤ 2, consistent v0 by projection; "
                             f"mpmath odefun at {dps} digits, sampled at t = 1/20, 1/10; instances whose rank drops along the "
                             f"trajectory are rejected; tolerance 10^-{dps // 2}")


def _bead_on_accelerating_circle(check, curvature_scale, power_sign, acceleration_override, dps, tolerance):
    """One fixed rheonomic instance: a bead on a circle whose centre accelerates, gravity, non-diagonal M."""
    bead_M = Matrix([[2, Rational(1, 2)], [Rational(1, 2), 1]])
    bead = regular_holonomic_constraint([(X - t**2 / 2)**2 + Y**2 - 1], (X, Y), t,
                                        Chart("ℝ × (ℝ² ∖ {(t²/2, 0)})", ((X - t**2 / 2)**2 + Y**2,)))
    dyn = bead.dynamics(bead_M, [0, -1])
    dyn = _scaled_curvature(dyn, bead_M, [0, -1], curvature_scale)
    x0 = [Rational(3, 5), Rational(-4, 5)]
    v0 = bead.permitted_velocity(0, x0, [1, 0])
    override = None if acceleration_override is None else acceleration_override(dyn)
    bead_times = [Rational(1, 8), Rational(1, 4)]
    report = integrate_ideal_motion(dyn, 0, x0, list(v0), bead_times, dps=dps, acceleration=override)
    xs = dyn.coordinates
    power = euclidean_inner_product(dyn.reaction, [c.diff(t) for c in xs]) - power_sign * euclidean_inner_product(
        dyn.multiplier, dyn.time_derivative)
    power_fn = state_functions(dyn, [power])[0]
    with mpmath.workdps(dps):
        worst = max(abs(power_fn(time, *xv, *vv)) for time, (xv, vv) in zip(bead_times, report.states))
    check.numeric("bead on an accelerating circle: drift of G, of G_t + G_q v and of R·v + λ·G_t",
                  max(report.constraint_drift, report.velocity_drift, worst), tolerance,
                  scope=f"G = (x − t²/2)² + y² − 1, M = [[2, 1/2], [1/2, 1]], f = (0, −1), q(0) = (3/5, −4/5), "
                        f"mpmath odefun at {dps} digits, t = 1/8 and 1/4",
                  detail=f"|G| ≤ {mpmath.nstr(report.constraint_drift, 3)}, |G_t + G_q v| ≤ "
                         f"{mpmath.nstr(report.velocity_drift, 3)}, |R·v + λ·G_t| ≤ {mpmath.nstr(worst, 3)}")


def _scaled_curvature(dyn, M, F, scale):
    """The toolkit's system with the curvature term of Λ scaled by ``scale`` (1: unchanged; a mutation otherwise)."""
    if scale == 1:
        return dyn
    _, Lam, a = ideal_multiplier(M, dyn.jacobian, F, scale * dyn.curvature_terms, simplify=False)
    return dataclasses.replace(dyn, acceleration=a, multiplier=Lam, curvature_terms=scale * dyn.curvature_terms)


def _jet_state(expr, q, state):
    """An expression along a curve q(t), written in state symbols (positions, speeds) with derivatives done."""
    positions, speeds = state
    expr = sympy.sympify(expr).xreplace({c.diff(t): v for c, v in zip(q, speeds)})
    return expr.xreplace({c: s for c, s in zip(q, positions)}).doit()


@cited(THEOREM_88, cited_kind="theorem",
       title="The ideal holonomic system in a possibly time-dependent chart: explicit acceleration, constraint "
             "preservation, local existence and reaction power",
       statement=r"For a regular constraint $G\in C^3$ (rank $k$ on all of $O$), $M$ symmetric positive definite and "
                 r"$f\in C^1$: $C=G_qM^{-1}G_q^{\mathsf T}$ is invertible, "
                 r"$\Lambda=-C^{-1}[G_qM^{-1}f+G_{tt}+2G_{tq}[v]+G_{qq}[v,v]]$ and $a=M^{-1}(f+G_q^{\mathsf T}\Lambda)$; "
                 r"along $q''=a$, $\frac{d^2}{dt^2}G(t,q(t))=0$, so solutions with consistent data keep $G=0$ and "
                 r"$G_t+G_qq'=0$; through consistent data there is a unique local solution, and "
                 r"$R\cdot q'=-\lambda\cdot G_t$. (Local existence and uniqueness: the right-hand side is $C^1$, "
                 r"hence locally Lipschitz, and the trusted results \texttt{calculus.c1_maps_locally_lipschitz} and "
                 r"\texttt{ode.picard_lindelof} apply; preservation: $g=G(t,q(t))$ has $g''\equiv0$ and "
                 r"$g(t_0)=g'(t_0)=0$, so $g\equiv0$ by \texttt{calculus.zero_second_derivative_zero_data}.)",
       source="cited: 001 'The ideal holonomic system in a possibly time-dependent chart: explicit acceleration, "
              "constraint preservation, local existence and reaction power'",
       uses=[DEFINITION_ID, LEMMA_87, PICARD_LINDELOF, C1_LOCALLY_LIPSCHITZ, ZERO_SECOND_DERIVATIVE],
       proof_uses=[CHAIN_RULE, "holonomic.differentiated_constraint_permitted_velocity"],
       assumes=[H_RANK_EVERYWHERE, H_MASS_SPD, H_CONSTRAINT_C2, H_FORCE_CONTINUOUS],
       scope="n <= 2 (k <= n), and k = 1, n = 3")
def _(check):
    check_ideal_system_chart(check)
