"""Seed 003's velocity-constraint datum (O_v, k', A, b) and the d'Alembert velocity-constraint model.

This file contains the constructions of seed 003 (a)-(c) and (e) and the items that name them:

* :func:`rank_everywhere` (decision: rank A(t, x) = k' at *every* point of O_v, with a witness point of rank
  loss; it reduces to :func:`theorems.page1_variations.holonomic_chart.rank_everywhere_on_chart` through G(t, x, y) = A(t, x)y),
  :func:`velocity_constraint_datum` (the constructor: it rejects k' outside 1..3N−1, bad shapes and rank loss
  anywhere on O_v, raising :class:`RankDeficientDatum` with the witness) and :class:`VelocityConstraintDatum`
  (the law A w + b = 0, admissible velocities v0 + ker A, kinematically admissible curves, the reaction
  𝖬x'' − F, ideal reactions, the multiplier μ = (AAᵀ)⁻¹AR, d'Alembert motions, re-presentation (ρA, ρb));
  O_v is a :class:`theorems.page1_variations.holonomic_chart.Chart`;
* :func:`particular_admissible_velocity` (v0 = −Aᵀ(AAᵀ)⁻¹b), :func:`admissible_velocities`,
  :func:`solve_velocity_law` (decision: is A v + b = 0 solvable, by Gauss–Jordan, independent of the formula),
  :func:`re_presented_multiplier` (μ ↦ ρ^{-T}μ) and :func:`differentiated_datum` (a holonomic datum's
  velocity law A = D_xG, b = G_t);
* the definition ``velocity_constraint.datum_definition`` (#41) with the hypotheses
  ``velocity_constraint.constant_rank`` and ``velocity_constraint.data_C2``; the lemma
  ``velocity_constraint.admissible_velocities_affine`` (#42); the definitions
  ``velocity_constraint.kinematically_admissible_curve`` (#43) and ``velocity_constraint.dalembert_model_definition``
  (#44); the postulate ``velocity_constraint.ideal_reaction_adoption`` (#45).

Topic modules (item ids unchanged; their verifiers stay importable from here): the lemmas
``velocity_constraint.multiplier_form`` (#46) and ``velocity_constraint.re_presentation_invariance`` in
:mod:`theorems.page3_velocity_constraints.velocity_constraint_multipliers`; the remarks ``velocity_constraint.scope_exclusions`` (#55),
``velocity_constraint.holonomic_to_velocity_not_conversely`` (#56) and ``velocity_constraint.rolling_models_distinct``
(#57, text) in :mod:`theorems.page3_velocity_constraints.velocity_constraint_remarks`; the cited items #101-#106, #110, #115 in
:mod:`theorems.page3_velocity_constraints.velocity_constraint_cited`; the matrix identities of symbolic shape that prove #42, #46, the
re-presentation, #55 and #110 for every k' and 3N in :mod:`theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra`.

Dimensions (#41(3), the multiplier's dimension) are checked in :mod:`theorems.foundations.dimensions`, holonomic equivalence
(#47-#52) in :mod:`theorems.page3_velocity_constraints.holonomic_equivalence`.  Pointwise constructions use plain Symbols ``t, x1, ..., x_3N``;
a curve is a list of 3N expressions in ``t``.  Each verifier is a plain function ``check_*(check, **claim)`` whose
keyword parameters are the data of the claim with the true values as defaults; the soundness tests in
``tests/test_corpus_velocity_constraint.py`` run them on mutated claims.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational, Symbol

from checker import definition, hypothesis, lemma, postulate
from checker.kernel.decision import Decision
from checker.kernel.engine.randomized import OutsideDomain
from theorems.toolkit.zero_handling import zero_state
from theorems.page2_semiholonomic.constraint_principles import chetaev_virtual_displacements
from theorems.page1_variations.holonomic_chart import WHOLE_SPACE, Chart, IrregularConstraint, rank_everywhere_on_chart
from theorems.page4_regular_constraints.holonomic_datum import HolonomicConstraintDatum, mass_operator
from theorems.foundations.linalg import A_FULL_ROW_RANK, euclidean_inner_product, transpose_multiplier
from theorems.toolkit.strategies import full_row_rank_matrices, is_invertible, rational_matrices, rationals
from theorems.toolkit.variational import dalembert_equations
from theorems.page1_variations import zxy
from theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra import check_affine_every_size

__all__ = [
    "VelocityConstraintDatum", "RankDeficientDatum", "AdmissibleVelocities",
    "rank_everywhere", "velocity_constraint_datum", "particular_admissible_velocity", "admissible_velocities",
    "solve_velocity_law", "re_presented_multiplier", "differentiated_constraint_law", "differentiated_datum",
    "datum_instances", "zxy_datum", "zxy_dalembert_curve",
    "H_CONSTANT_RANK", "H_DATA_C2", "H_RHO_INVERTIBLE", "IDEAL_REACTION_ADOPTION",
    "check_datum_definition", "check_admissible_velocities", "check_kinematically_admissible_curve",
    "check_dalembert_model_definition", "check_multiplier_form", "check_re_presentation",
    "check_scope_exclusions", "check_holonomic_to_velocity", "check_mass_operator", "check_linear_map",
    "check_general_linear_group",
]

SEED = "seed 003_c763788c7bc283aa.txt"
DATUM_ID = "velocity_constraint.datum_definition"
AFFINE_ID = "velocity_constraint.admissible_velocities_affine"
CURVE_ID = "velocity_constraint.kinematically_admissible_curve"
MODEL_ID = "velocity_constraint.dalembert_model_definition"
POSTULATE_ID = "velocity_constraint.ideal_reaction_adoption"
MULTIPLIER_ID = "velocity_constraint.multiplier_form"
REPRESENTATION_ID = "velocity_constraint.re_presentation_invariance"
ANNIHILATOR_ID = "linalg.annihilator_of_kernel_transpose_multiple"
RANK_NULLITY_ID = "linalg.rank_nullity"
GL_ID = "linalg.general_linear_group"
MASS_ID = "definition.configuration_domain_mass_operator"
FORCE_ID = "postulate.adopted_force_model"

t = Symbol("t", real=True)
X = sympy.symbols("x1:7", real=True)  # pointwise coordinates of N ≤ 2 particles (frozen time)
x1, x2, x3 = X[:3]
m, g = sympy.symbols("m g", positive=True)
ZX, ZY, ZZ = zxy.X, zxy.Y, zxy.Z  # the coordinates (x, y, z) of the z' = xy' sample model
ZXY_ROW = Matrix([[0, -ZX, 1]])  # z' − x y' = 0


def _column(values) -> Matrix:
    if isinstance(values, sympy.MatrixBase):
        return values if values.cols == 1 else values.reshape(len(values), 1)
    values = list(values) if isinstance(values, (list, tuple)) else [values]
    return Matrix([sympy.sympify(v) for v in values])


def _vanishes(expr, seconds: float = 2.0) -> bool:
    """``expr ≡ 0`` shown by the toolkit's zero test (:func:`theorems.zero_handling.zero_state`)."""
    return zero_state(expr, seconds).is_zero is True


def _all_vanish(exprs):
    """True when every expression is shown ≡ 0, False when one is shown ≢ 0, None otherwise."""
    states = [zero_state(e).is_zero for e in exprs]
    return False if False in states else (None if None in states else True)


def _symbol_set(names: str, n: int) -> list:
    return list(sympy.symbols(f"{names}1:{n + 1}", real=True))


# ---------------------------------------------------------------------------
# the rank decision and the constructor
# ---------------------------------------------------------------------------

class RankDeficientDatum(IrregularConstraint):
    """The data violate the constant-rank hypothesis: rank A < k' somewhere on O_v (``.witness`` is such a point)."""


def rank_everywhere(A, coords, time=t, chart: Chart = WHOLE_SPACE) -> Decision:
    """Does A(t, x) (k'×n) have rank k' at every point of O_v (the chart)?  Witness: a point of rank loss.

    Reduction to :func:`theorems.page1_variations.holonomic_chart.rank_everywhere_on_chart`, which decides the rank of a
    *Jacobian*: for fresh y ∈ ℝⁿ, G(t, x, y) = A(t, x)y has D_{(x,y)}G = [D_x(Ay) | A].  Its rank is ≥ rank A
    (A is a block), with equality at y = 0 where D_x(Ay) = 0; the chart does not involve y.  Hence rank A = k'
    on O_v iff rank D_{(x,y)}G = k' on O_v × ℝⁿ, and a point (t, x, y) of rank loss of the latter gives the
    point (t, x) of rank loss of A (re-checked exactly before it is returned).
    """
    A = Matrix(A)
    coords = list(coords)
    if A.cols != len(coords):
        raise ValueError(f"A has {A.cols} columns for {len(coords)} coordinates")
    if not A.free_symbols and A.rank() == A.rows:
        return Decision(True, certificate={"rank": A.rows}, explanation=f"A is constant of rank {A.rows}")
    ys = [sympy.Dummy(f"y{i + 1}", real=True) for i in range(A.cols)]
    inner = rank_everywhere_on_chart(A * Matrix(ys), coords + ys, time, chart)
    if inner:
        return Decision(True, certificate=inner.certificate,
                        explanation=f"rank A = {A.rows} on {chart.description} (via G = A(t,x)y: {inner.explanation})")
    dummy_names = {str(y) for y in ys}
    witness = {name: value for name, value in inner.witness.items() if name not in dummy_names}
    by_name = {s.name: s for s in A.free_symbols | {time, *coords}}
    point = {by_name[name]: sympy.sympify(value) for name, value in witness.items() if name in by_name}
    rank_there = A.xreplace(point).applyfunc(sympy.nsimplify).rank(simplify=True)
    if rank_there >= A.rows:
        raise ArithmeticError(f"rank reduction returned {witness}, where rank A = {rank_there}: not a rank-loss point")
    return Decision(False, witness=witness,
                    explanation=f"rank A = {rank_there} < k' = {A.rows} at {witness}, a point of {chart.description}")


def _check_coordinates(coords, time):
    if not coords or any(not isinstance(c, Symbol) for c in coords) or len(set(coords)) != len(coords):
        raise TypeError("the coordinates must be distinct Symbols")
    if not isinstance(time, Symbol) or time in coords:
        raise TypeError("the time must be a Symbol that is not a coordinate")
    if len(coords) % 3:
        raise ValueError(f"a configuration of N labelled particles lies in R^(3N); got {len(coords)} coordinates")


def velocity_constraint_datum(A, b, coords, time=t, chart: Chart = WHOLE_SPACE) -> "VelocityConstraintDatum":
    """The datum (O_v, k', A, b) of seed 003 (a): A a k'×3N Matrix, b a k'-vector, in ``time`` and ``coords``.

    Raises ``ValueError`` when 1 ≤ k' ≤ 3N − 1 fails or the shapes disagree, :class:`RankDeficientDatum` when
    rank A(t, x) < k' at some point of O_v = ``chart`` (with the witness point).  Class C² is not decided
    (the predicate of :data:`H_DATA_C2` tests polynomial entries, a sufficient condition).
    """
    coords = tuple(coords)
    _check_coordinates(coords, time)
    A = Matrix(A)
    b = _column(b)
    n = len(coords)
    if A.cols != n:
        raise ValueError(f"A has {A.cols} columns, the configuration space has dimension 3N = {n}")
    k = A.rows
    if not 1 <= k <= n - 1:
        raise ValueError(f"k' must satisfy 1 <= k' <= 3N - 1 = {n - 1}, got k' = {k}")
    if b.rows != k:
        raise ValueError(f"b has {b.rows} entries, A has k' = {k} rows")
    decision = rank_everywhere(A, coords, time, chart)
    if not decision:
        raise RankDeficientDatum(f"not a velocity-constraint datum on {chart.description}: {decision.explanation}",
                                 decision)
    return VelocityConstraintDatum(A, b, coords, time, chart, decision)


# ---------------------------------------------------------------------------
# admissible velocities (pointwise linear algebra)
# ---------------------------------------------------------------------------

def particular_admissible_velocity(A, b) -> Matrix:
    """v0 = −Aᵀ(AAᵀ)⁻¹b, the admissible velocity of least norm (A of full row rank; ``ValueError`` otherwise)."""
    A, b = Matrix(A), _column(b)
    gram = A * A.T
    if sympy.cancel(gram.det()) == 0:
        raise ValueError("AA^T is singular: A does not have full row rank")
    return (-A.T * gram.LUsolve(b, iszerofunc=lambda e: sympy.cancel(e) == 0)).applyfunc(sympy.cancel)


@dataclass(frozen=True)
class AdmissibleVelocities:
    """The affine space v0 + span(directions) of solutions of A v + b = 0 (directions: a basis of ker A)."""

    particular: Matrix
    directions: tuple

    @property
    def dimension(self) -> int:
        return len(self.directions)

    def element(self, coefficients) -> Matrix:
        """v0 + Σ c_i δ_i."""
        out = self.particular
        for c, d in zip(coefficients, self.directions):
            out = out + sympy.sympify(c) * d
        return out


def admissible_velocities(A, b) -> AdmissibleVelocities:
    """{v : A v + b = 0} = v0 + ker A with v0 = −Aᵀ(AAᵀ)⁻¹b (seed 003 (b)); ker A by the Chetaev construction."""
    return AdmissibleVelocities(particular_admissible_velocity(A, b), tuple(chetaev_virtual_displacements(A, b)))


def solve_velocity_law(A, b) -> Decision:
    """Is A v + b = 0 solvable?  Gauss–Jordan elimination, independent of the v0 formula.

    Certificate: ``{"solution": one solution, "dimension": number of free parameters}``; witness when it fails:
    the inconsistency found by the elimination.
    """
    A, b = Matrix(A), _column(b)
    try:
        solution, parameters = A.gauss_jordan_solve(-b)
    except ValueError as exc:
        return Decision(False, witness=str(exc), explanation="A v + b = 0 has no solution")
    particular = solution.xreplace({p: 0 for p in parameters})
    return Decision(True, certificate={"solution": particular, "dimension": parameters.rows},
                    explanation=f"A v + b = 0 is solvable, with {parameters.rows} free parameters")


def re_presented_multiplier(rho, mu) -> Matrix:
    """μ' = ρ^{-T}μ: the multiplier of the presentation (ρA, ρb) when μ is that of (A, b) (ρ invertible)."""
    return Matrix(rho).T.LUsolve(_column(mu), iszerofunc=lambda e: sympy.cancel(e) == 0).applyfunc(sympy.cancel)


# ---------------------------------------------------------------------------
# the datum
# ---------------------------------------------------------------------------

def _nonvanishing_on(h_along, time, interval, sample_times) -> tuple:
    """(holds, how): h(t, x(t)) ≠ 0 for t in the open interval; exact for polynomials in t, else at sample times."""
    h_along = sympy.cancel(sympy.sympify(h_along))
    if h_along == 0:
        return False, "vanishes identically"
    numerator, denominator = sympy.fraction(h_along)
    lo, hi = interval
    exact = (numerator.free_symbols <= {time} and numerator.is_polynomial(time) and denominator.is_number
             and all(c.is_Rational for c in sympy.Poly(numerator, time).all_coeffs()))
    if exact:
        poly = sympy.Poly(numerator, time)
        roots = poly.count_roots(None if lo == -sympy.oo else lo, None if hi == sympy.oo else hi)
        at_ends = sum(1 for e in (lo, hi) if e.is_finite and poly.eval(e) == 0)
        return roots - at_ends == 0, "exact (real roots counted on the open interval)"
    inside = [s for s in sample_times if lo < s < hi]
    return all(sympy.cancel(h_along.subs(time, s)) != 0 for s in inside), f"at the sample times {inside}"


@dataclass(frozen=True)
class VelocityConstraintDatum:
    """A velocity-constraint datum (O_v, k', A, b): law A(t, x)w + b(t, x) = 0, rank A = k' on O_v (seed 003 (a))."""

    A: Matrix
    b: Matrix
    coords: tuple
    time: Symbol
    chart: Chart
    certificate: Decision = field(repr=False, compare=False)

    @property
    def k(self) -> int:
        """k', the number of rows."""
        return self.A.rows

    @property
    def n(self) -> int:
        """3N."""
        return self.A.cols

    @property
    def particles(self) -> int:
        return self.n // 3

    def point(self, time_value, x_values) -> dict:
        if len(x_values) != self.n:
            raise ValueError(f"a point of R^(3N) needs {self.n} coordinates, got {len(x_values)}")
        return {self.time: sympy.sympify(time_value), **{c: sympy.sympify(v) for c, v in zip(self.coords, x_values)}}

    def at(self, expr, time_value=None, x_values=None):
        """``expr`` at (t, x) (unchanged, i.e. symbolic, when no point is given)."""
        if time_value is None and x_values is None:
            return expr
        return sympy.sympify(expr).xreplace(self.point(time_value, x_values))

    def contains(self, time_value, x_values) -> bool:
        """(t, x) ∈ O_v."""
        return self.chart.contains(self.point(time_value, x_values))

    def law_residual(self, time_value, x_values, w) -> Matrix:
        """A(t, x)w + b(t, x)."""
        return (self.at(self.A, time_value, x_values) * _column(w) + self.at(self.b, time_value, x_values)).applyfunc(
            sympy.cancel)

    def is_admissible_velocity(self, time_value, x_values, w) -> bool:
        return all(_vanishes(e) for e in self.law_residual(time_value, x_values, w))

    def admissible_velocities(self, time_value=None, x_values=None) -> AdmissibleVelocities:
        """v0 + ker A(t, x) (symbolic in (t, x) when no point is given)."""
        return admissible_velocities(self.at(self.A, time_value, x_values), self.at(self.b, time_value, x_values))

    def virtual_displacements(self, time_value=None, x_values=None) -> list:
        """A basis of V(t, x) = ker A(t, x)."""
        return chetaev_virtual_displacements(self.at(self.A, time_value, x_values))

    # -- curves ---------------------------------------------------------------------
    def along(self, expr, curve):
        """``expr`` (in t and x) along a curve given as 3N expressions in t."""
        curve = list(curve)
        if len(curve) != self.n:
            raise ValueError(f"a curve in R^(3N) needs {self.n} components, got {len(curve)}")
        return sympy.sympify(expr).xreplace({c: sympy.sympify(e) for c, e in zip(self.coords, curve)})

    def is_kinematically_admissible(self, curve, interval=(-sympy.oo, sympy.oo),
                                    sample_times=(Rational(-1, 2), 0, Rational(1, 3), Rational(1, 2))) -> Decision:
        """x : J → ℝ^{3N} with (t, x(t)) ∈ O_v and A x' + b = 0 on J (seed 003 (b)); J must have nonempty interior.

        The law is decided symbolically; membership in O_v exactly when each nonvanishing condition of the chart
        is polynomial in t along the curve (real roots counted on J), else at the sample times in J.  The curve is
        taken to be C² on J (sympy expressions analytic there).
        """
        lo, hi = (sympy.sympify(e) for e in interval)
        if not lo < hi:
            raise ValueError(f"J = ({lo}, {hi}) has empty interior")
        velocity = Matrix([sympy.diff(sympy.sympify(e), self.time) for e in curve])
        residual = self.along(self.A * velocity + self.b, curve)
        law = _all_vanish(residual)
        if law is None:
            return Decision.undecided_because(f"A x' + b = {sympy.sstr(list(residual))} was neither shown ≡ 0 nor ≢ 0")
        domain = [(h, *_nonvanishing_on(self.along(h, curve), self.time, (lo, hi), sample_times))
                  for h in self.chart.nonvanishing]
        inside = all(ok for _, ok, _ in domain)
        holds = law and inside
        how = "; ".join(f"{h} ≠ 0 {how}" for h, _, how in domain) or "O_v has no conditions"
        return Decision(holds, certificate={"law residual": residual, "in O_v": how} if holds else None,
                        witness=None if holds else {"A x' + b": residual, "in O_v": [(str(h), ok) for h, ok, _ in domain]},
                        explanation=("kinematically admissible" if holds else "not kinematically admissible")
                        + f" on J = ({lo}, {hi}) ({how})")

    def reaction(self, masses, force, curve) -> Matrix:
        """R = 𝖬x'' − F(t, x, x') along the curve; ``force(t, x, v)`` returns 3N expressions (``None``: F = 0)."""
        x_t = Matrix([sympy.sympify(e) for e in curve])
        M = mass_operator(masses)
        if M.rows != self.n:
            raise ValueError(f"{len(list(masses))} masses for 3N = {self.n} coordinates")
        F = sympy.zeros(self.n, 1) if force is None else _column(force(self.time, list(x_t), list(x_t.diff(self.time))))
        return M * x_t.diff(self.time, 2) - F

    def multiplier(self, R, curve) -> Matrix:
        """μ = (AAᵀ)⁻¹A R along the curve (the only candidate for R = Aᵀμ)."""
        return transpose_multiplier(self.along(self.A, curve), R).applyfunc(sympy.simplify)

    def is_ideal_reaction(self, R, curve) -> Decision:
        """R(t)·δ = 0 for every δ ∈ ker A(t, x(t)) (the d'Alembert condition of seed 003 (c))."""
        basis = chetaev_virtual_displacements(self.along(self.A, curve))
        pairings = [euclidean_inner_product(R, d) for d in basis]
        if _all_vanish(pairings) is None:
            return Decision.undecided_because(f"R·δ = {sympy.sstr(pairings)} was neither shown ≡ 0 nor ≢ 0")
        nonzero = [p for p in pairings if not _vanishes(p)]
        return Decision(not nonzero, witness={"R·δ": nonzero} if nonzero else None,
                        certificate={"ker A": basis} if not nonzero else None,
                        explanation="R annihilates ker A" if not nonzero else "R does not annihilate ker A")

    def is_dalembert_motion(self, masses, force, curve, interval=(-sympy.oo, sympy.oo)) -> Decision:
        """x is kinematically admissible and its reaction R = 𝖬x'' − F is ideal; the certificate carries R and μ."""
        admissible = self.is_kinematically_admissible(curve, interval)
        R = self.reaction(masses, force, curve)
        ideal = self.is_ideal_reaction(R, curve)
        for part in (admissible, ideal):
            if part.undecided:
                return part
        holds = bool(admissible) and bool(ideal)
        return Decision(holds, certificate={"reaction": R, "multiplier": self.multiplier(R, curve)} if holds else None,
                        witness=None if holds else {"admissible": bool(admissible), "ideal": bool(ideal),
                                                    "reaction": R, "R·δ": (ideal.witness or {}).get("R·δ")},
                        explanation="a motion of the d'Alembert model" if holds else
                        f"not a d'Alembert motion ({admissible.explanation}; {ideal.explanation})")

    def re_presented(self, rho) -> "VelocityConstraintDatum":
        """The datum (O_v, k', ρA, ρb) for ρ(t, x) k'×k' (rank re-checked: ρ must be invertible on O_v)."""
        rho = Matrix(rho)
        if rho.shape != (self.k, self.k):
            raise ValueError(f"ρ must be {self.k}×{self.k}")
        return velocity_constraint_datum((rho * self.A).applyfunc(sympy.expand), (rho * self.b).applyfunc(sympy.expand),
                                         self.coords, self.time, self.chart)


def differentiated_constraint_law(holonomic: HolonomicConstraintDatum) -> tuple:
    """(A, b) = (D_xG, G_t): the velocity law A w + b = 0 of a holonomic datum's differentiated constraint."""
    return holonomic.jacobian, holonomic.time_derivative


def differentiated_datum(holonomic: HolonomicConstraintDatum, chart: Chart = WHOLE_SPACE) -> VelocityConstraintDatum:
    """The velocity-constraint datum (O_v, k, D_xG, G_t) of a holonomic datum (rank D_xG = k required on all of O_v)."""
    A, b = differentiated_constraint_law(holonomic)
    return velocity_constraint_datum(A, b, holonomic.x, holonomic.t, chart)


def zxy_datum() -> VelocityConstraintDatum:
    """The sample datum z' = x y' on ℝ × ℝ³: A = (0, −x, 1), b = 0."""
    return velocity_constraint_datum(ZXY_ROW, [0], (ZX, ZY, ZZ), t)


def zxy_dalembert_curve() -> list:
    """The maximal d'Alembert motion (t, asinh t, √(1+t²) − 1) of :mod:`theorems.page1_variations.zxy` as a curve (x, y, z)."""
    motion, _ = zxy.dalembert_motion(1, 1)
    return [motion[zxy.x], motion[zxy.y], motion[zxy.z]]


# ---------------------------------------------------------------------------
# hypotheses and the postulate
# ---------------------------------------------------------------------------

def _constant_rank_holds(instance) -> bool:
    """A constant matrix: full row rank; a tuple (A, coords, time, chart): :func:`rank_everywhere`."""
    if isinstance(instance, sympy.MatrixBase):
        return A_FULL_ROW_RANK.holds_for(instance)
    return bool(rank_everywhere(*instance))


def _polynomial_data(instance) -> bool:
    A, b, variables = instance
    return all(sympy.sympify(e).is_polynomial(*variables) for e in list(Matrix(A)) + list(_column(b)))


H_CONSTANT_RANK = hypothesis(
    "velocity_constraint.constant_rank",
    "constant rank: rank A(t, x) = k' for every (t, x) ∈ O_v, i.e. A(t, x) : ℝ^{3N} → ℝ^{k'} is surjective",
    predicate=_constant_rank_holds, source=f"{SEED} (a)4")
H_DATA_C2 = hypothesis(
    "velocity_constraint.data_C2", "A : O_v → M_{k'×3N}(ℝ) and b : O_v → ℝ^{k'} are of class C² "
    "(the predicate tests polynomial entries, a sufficient condition)", predicate=_polynomial_data, source=f"{SEED} (a)3")
H_RHO_INVERTIBLE = hypothesis(
    "velocity_constraint.re_presentation_rho_invertible",
    "ρ(t, x) ∈ GL(k', ℝ) at every point of O_v (the re-presentation factor is invertible)",
    predicate=lambda rho: sympy.cancel(Matrix(rho).det()) != 0, source=f"{SEED} bullet 'The multiplier is not measured'")

IDEAL_REACTION_ADOPTION = postulate(
    POSTULATE_ID,
    title="Adopted ideal reaction for velocity constraints: the d'Alembert condition R ⟂ ker A",
    statement=r"Along every motion of a velocity-constraint model the reaction annihilates the virtual displacements: "
              r"$R(t)\cdot\delta=0$ for every $\delta\in V(t,x(t))=\ker A(t,x(t))$ (Euclidean pairing). This is the "
              r"adopted idealization of the mechanism that realizes the velocity constraint -- the analogue of the "
              r"holonomic ideal-reaction law \texttt{holonomic.ideal_reaction_law}, a distinct assumption -- and it is "
              r"not a consequence of imposing the constraint. It is a prescription for the reaction at frozen time and "
              r"configuration (Chetaev), not identified with the vakonomic (stationary augmented action) prescription; "
              r"whether a concrete mechanism is described by it, and whether its reaction can supply the computed "
              r"multiplier, are application-level statements. Not asserted at rank-drop points, for unilateral "
              r"constraints, contact changes, impacts, dry friction along admissible directions or active drives.",
    source=f"{SEED} (c) 'The model is a d'Alembert model when, in addition, the reaction is ideal … This is the adopted "
           "idealization … not a consequence of the constraint being imposed'; (e) 'a prescription for the reaction at "
           "frozen time and configuration'",
    uses=[DATUM_ID, CURVE_ID, "linalg.euclidean_inner_product"])


# ---------------------------------------------------------------------------
# random families of data with a planted rank-loss set
# ---------------------------------------------------------------------------

def _invertible_matrices(n: int, max_num: int = 3, max_den: int = 2):
    return rational_matrices(n, n, max_num, max_den).filter(is_invertible)


def datum_instances():
    """Planted data (k', N, A(t, x), chart, rank-loss point) with rank A < k' exactly on a known set.

    k' = 1: A = (x_{1..3} − p − t u)ᵀS (zero-padded for N = 2), rank loss exactly at x_{1..3} = p + t u;
    k' = 2: A = [[1, 0, c], [0, x1 − p1, x2 − p2]]S, rank loss exactly on the line x1 = p1, x2 = p2.
    S is invertible; the chart is the complement of the rank-loss set.  A public strategy (tuples)."""
    vec = st.lists(rationals(3, 2), min_size=3, max_size=3)
    return st.tuples(st.sampled_from([(1, 1), (2, 1), (1, 2)]), _invertible_matrices(3), vec, vec, rationals(3, 2)).map(
        _planted_datum)


def _planted_datum(args):
    (k, particles), S, p, u, c = args
    n = 3 * particles
    xs = X[:n]
    if k == 1:
        d = [xs[i] - p[i] - t * u[i] for i in range(3)]
        A = (Matrix([d]) * S).applyfunc(sympy.expand)
        A = A.row_join(sympy.zeros(1, n - 3))
        h = sympy.expand(sum(e**2 for e in d))
        description = "ℝ × {x : (x1, x2, x3) ≠ p + t u}"
        loss = {t: 0, **{xs[i]: p[i] for i in range(3)}}
    else:
        A = (Matrix([[1, 0, c], [0, xs[0] - p[0], xs[1] - p[1]]]) * S).applyfunc(sympy.expand)
        h = sympy.expand((xs[0] - p[0])**2 + (xs[1] - p[1])**2)
        description = "ℝ × {x : (x1, x2) ≠ (p1, p2)}"
        loss = {t: 0, xs[0]: p[0], xs[1]: p[1]}
    loss.update({s: 0 for s in xs if s not in loss})
    return {"k": k, "N": particles, "A": A, "coords": tuple(xs), "chart": Chart(description, (h,)), "loss point": loss}


def _describe_planted(inst) -> dict:
    return {"k": inst["k"], "N": inst["N"], "A": sympy.sstr(inst["A"]), "chart": inst["chart"].description}


# ---------------------------------------------------------------------------
# velocity_constraint.datum_definition  (catalogue #41)
# ---------------------------------------------------------------------------

def _rejects(make) -> tuple:
    """``(rejected, witness or message)`` for a constructor call."""
    try:
        make()
    except RankDeficientDatum as exc:
        return True, exc.witness
    except (ValueError, TypeError) as exc:
        return True, str(exc)
    return False, None


def _witness_point(witness, symbols) -> dict:
    return {s: sympy.sympify(witness[s.name]) if s.name in witness else sympy.S.Zero for s in symbols}


def _default_law(datum, time_value, x_values, w):
    return datum.law_residual(time_value, x_values, w)


def check_datum_definition(check, *, construct=velocity_constraint_datum, law=_default_law, samples=4):
    """The constructor of (O_v, k', A, b): rank A = k' on all of O_v (witness of rank loss otherwise), 1 ≤ k' ≤ 3N−1,
    shapes; the law A w + b = 0 on instances; the hypothesis predicates.

    ``construct(A, b, coords, time, chart)`` is the claimed constructor, ``law(datum, t, x, w)`` the claimed law residual.
    """
    R3 = (x1, x2, x3)
    zxy_rejected, _ = _rejects(lambda: construct(ZXY_ROW, [0], (ZX, ZY, ZZ), t, WHOLE_SPACE))
    check.fact("z' = xy' (A = (0, −x, 1), b = 0) is a datum on ℝ × ℝ³ (a 1×1 minor is the constant 1)",
               not zxy_rejected, method="computation")
    rejected, witness = _rejects(lambda: construct(Matrix([[x1, 0, 0]]), [1], R3, t, WHOLE_SPACE))
    point = _witness_point(witness, (t, *R3)) if isinstance(witness, dict) else {}
    check.witness("A = (x1, 0, 0) is not a datum on ℝ × ℝ³", f"rank-loss witness {witness}", [
        ("the constructor rejects it", rejected and isinstance(witness, dict), "computation"),
        ("at the witness A = 0: rank 0 < k' = 1", bool(point) and Matrix([[x1, 0, 0]]).xreplace(point).is_zero_matrix,
         "computation"),
    ], scope="rank on all of O_v, not at one point")
    check.fact("A = (x1, 0, 0), b = 1 is a datum on ℝ × {x1 ≠ 0}",
               not _rejects(lambda: construct(Matrix([[x1, 0, 0]]), [1], R3, t, Chart("ℝ × {x1 ≠ 0}", (x1,))))[0],
               method="computation")
    moving = Matrix([[1, t, 0], [x3, 1, 0]])  # minor 1 − t x3: rank loss on the moving set t x3 = 1
    rejected, witness = _rejects(lambda: construct(moving, [t, 0], R3, t, WHOLE_SPACE))
    point = _witness_point(witness, (t, *R3)) if isinstance(witness, dict) else {}
    check.fact("rheonomic A = [[1, t, 0], [x3, 1, 0]] rejected on ℝ × ℝ³ with a witness on t·x3 = 1 (rank 1 there)",
               rejected and bool(point) and sympy.expand(t * x3 - 1).xreplace(point) == 0
               and moving.xreplace(point).rank() == 1, method="computation", detail=f"witness {witness}")
    two = X[:6]
    bounds = [
        ("k' = 3N = 3 (A = I₃, b = 0)", lambda: construct(sympy.eye(3), [0, 0, 0], R3, t, WHOLE_SPACE), True),
        ("k' = 0 (empty A)", lambda: construct(sympy.zeros(0, 3), [], R3, t, WHOLE_SPACE), True),
        ("3N = 4 coordinates", lambda: construct(Matrix([[1, 0, 0, 0]]), [0], X[:4], t, WHOLE_SPACE), True),
        ("b of length 2 for k' = 1", lambda: construct(Matrix([[1, 0, 0]]), [0, 0], R3, t, WHOLE_SPACE), True),
        ("N = 2, k' = 3N − 1 = 5 (A = [I₅ | 0]) accepted", lambda: construct(sympy.eye(5).row_join(sympy.zeros(5, 1)),
                                                                           [0] * 5, two, t, WHOLE_SPACE), False),
        ("N = 2, k' = 1, A = (1, 0, 0, −1, 0, 0) accepted", lambda: construct(Matrix([[1, 0, 0, -1, 0, 0]]), [t],
                                                                           two, t, WHOLE_SPACE), False),
    ]
    for label, make, should_reject in bounds:
        check.fact(("rejects " if should_reject else "") + label, _rejects(make)[0] == should_reject, method="computation")

    # the law A w + b = 0
    datum = construct(ZXY_ROW, [0], (ZX, ZY, ZZ), t, WHOLE_SPACE)
    check.fact("z' = xy' at (x, y, z) = (1, 0, 0): w = (0, 1, 1) is admissible, w = (0, 1, 0) is not",
               Matrix(law(datum, 0, (1, 0, 0), (0, 1, 1))).is_zero_matrix
               and not Matrix(law(datum, 0, (1, 0, 0), (0, 1, 0))).is_zero_matrix, method="computation")
    wall = construct(Matrix([[1, 0, 0]]), [-t], R3, t, WHOLE_SPACE)  # x1' = t
    check.fact("rheonomic law x1' − t = 0 at t = 2: w = (2, 5, −1) is admissible, w = (−2, 0, 0) is not",
               Matrix(law(wall, 2, (0, 0, 0), (2, 5, -1))).is_zero_matrix
               and not Matrix(law(wall, 2, (0, 0, 0), (-2, 0, 0))).is_zero_matrix, method="computation")

    def discriminates(inst):
        A, coords, chart = inst["A"], inst["coords"], inst["chart"]
        b = [0] * inst["k"]
        rejected_whole, witness = _rejects(lambda: construct(A, b, coords, t, WHOLE_SPACE))
        if not rejected_whole or not isinstance(witness, dict):
            return False
        point = _witness_point(witness, (t, *coords))
        if A.xreplace(point).rank() >= inst["k"] or chart.contains(point):
            return False  # the witness must be a rank-loss point, i.e. on the planted set
        if A.xreplace(inst["loss point"]).rank() >= inst["k"]:
            return False
        return not _rejects(lambda: construct(A, b, coords, t, chart))[0]

    if samples:
        check.property("planted rank loss: rejected on ℝ × ℝ^{3N} with an exact rank-loss witness, accepted on the "
                       "complement", datum_instances(), discriminates, samples=samples, describe=_describe_planted,
                       scope="randomized, exact: k' = 1 (N = 1, 2) A = (x − p − tu)ᵀS, k' = 2 (N = 1) "
                             "A = [[1, 0, c], [0, x1 − p1, x2 − p2]]S, S invertible rational")
    check.witness("hypothesis predicates", "z' = xy', A = (x1, 0, 0)", [
        ("constant rank holds for z' = xy' on ℝ × ℝ³, fails for (x1, 0, 0)",
         H_CONSTANT_RANK.holds_for((ZXY_ROW, (ZX, ZY, ZZ), t, WHOLE_SPACE))
         and not H_CONSTANT_RANK.holds_for((Matrix([[x1, 0, 0]]), R3, t, WHOLE_SPACE)), "computation"),
        ("C² predicate: polynomial data pass, A = (1/x1, 0, 0) does not",
         H_DATA_C2.holds_for((ZXY_ROW, [0], [t, ZX, ZY, ZZ]))
         and not H_DATA_C2.holds_for((Matrix([[1 / x1, 0, 0]]), [0], [t, *R3])), "computation"),
    ])


definition(DATUM_ID,
           title="Velocity-constraint datum (O_v, k', A, b): constant-rank constraint law A(t,x)w + b(t,x) = 0",
           statement=r"On the force-branch data ($N\ge1$ labels, masses $m_i>0$, an open time window $I_0$, an open "
                     r"$Q\subseteq\mathbb R^{3N}$, a force map $F$, one inertial frame with coordinates $(t,x)$ and "
                     r"$w=x'$), a velocity-constraint datum is $(O_v,k',A,b)$ with (1) $O_v\subseteq I_0\times Q$ open "
                     r"and nonempty; (2) $1\le k'\le 3N-1$; (3) $A:O_v\to M_{k'\times3N}(\mathbb R)$ and "
                     r"$b:O_v\to\mathbb R^{k'}$ of class $C^2$, with declared dimensions such that every row satisfies "
                     r"$[A_{\alpha j}w_j]=[b_\alpha]$ (with $[w_j]=\ell\tau^{-1}$: $[A_{\alpha j}]=[b_\alpha]\tau/\ell$; "
                     r"checked in \texttt{theorems.foundations.dimensions}); (4) constant rank: $\operatorname{rank}A(t,x)=k'$ for "
                     r"every $(t,x)\in O_v$, i.e. $A(t,x)$ is surjective. The constraint law is $A(t,x)w+b(t,x)=0$.",
           source=f"{SEED} (a) 1-4 and 'The constraint law of the datum is A(t,x)w+b(t,x)=0'",
           uses=[FORCE_ID, MASS_ID, "units.dimensions_si_conventions", "kinematics.coordinate_velocity_acceleration",
                 "calculus.vector_valued_derivative_riemann_integral", "calculus.ck_maps_and_diffeomorphisms",
                 "linalg.linear_map", RANK_NULLITY_ID, "frames.inertial_frames_galilean_transformations"],
           assumes=[H_CONSTANT_RANK, H_DATA_C2])(lambda check: check_datum_definition(check))


# ---------------------------------------------------------------------------
# velocity_constraint.admissible_velocities_affine  (catalogue #42)
# ---------------------------------------------------------------------------

RANK_DROP_A = Matrix([[x1, 0, 0]])
RANK_DROP_POINT = {x1: 0, x2: 0, x3: 0}


def _normal_form(k: int, n: int) -> Matrix:
    """A = [I_k | B] with generic B (every full-row-rank A is ρ[I | B] up to a column permutation)."""
    return sympy.eye(k).row_join(Matrix(k, n - k, lambda i, j: Symbol(f"b{i + 1}{j + 1}", real=True)))


def _symbolic_matrix(k: int, n: int) -> tuple:
    """(A, description): generic entries a_ij for k' = 1, the normal form [I | B] (generic B) for k' ≥ 2.

    Every A of full row rank is ρ[I | B]P (ρ invertible, P a column permutation), and the claims are invariant
    under A ↦ ρA (velocity_constraint.re_presentation_invariance); the normal form keeps sympy's rational
    arithmetic small (generic 2×3 entries cost seconds)."""
    if k == 1:
        return Matrix(k, n, lambda i, j: Symbol(f"a{i + 1}{j + 1}", real=True)), "generic entries a_ij"
    return _normal_form(k, n), "A = [I | B] with generic B"


def _kernel_directions(A, b=None):
    return chetaev_virtual_displacements(A, b)


def _pointwise_instances(max_particles: int, rank_hypothesis: bool = True):
    """(A, b, c) with A k'×3N (N ≤ max_particles, 1 ≤ k' ≤ 3N − 1); full row rank, or with a duplicated row."""
    shapes = [(k, 3 * N) for N in range(1, max_particles + 1) for k in range(1, 3 * N)]

    def for_shape(shape):
        k, n = shape
        if rank_hypothesis or k == 1:
            matrices = full_row_rank_matrices(k, n, 4, 2)
        else:
            matrices = full_row_rank_matrices(k - 1, n, 4, 2).map(lambda B: B.col_join(B[-1:, :]))
        return st.tuples(matrices, rational_matrices(k, 1, 4, 2), st.lists(rationals(3, 2), min_size=n, max_size=n))
    return st.sampled_from(shapes).flatmap(for_shape)


def check_admissible_velocities(check, *, particular=particular_admissible_velocity, directions=_kernel_directions,
                                dimension=lambda n, k: n - k, rank_hypothesis=True, sizes=((1, 3), (2, 3)),
                                max_particles=2, samples=20, rank_witness=(RANK_DROP_A, (1,), RANK_DROP_POINT),
                                every_size=True, v0_formula=None):
    """{v : Av + b = 0} = v0 + ker A, nonempty, v0 = −Aᵀ(AAᵀ)⁻¹b, dim = 3N − k' (rank A = k'); necessity witness.

    The statement is proved for every k' and 3N by matrix identities of symbolic shape
    (:func:`theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra.check_affine_every_size`; the dimension by the cited
    rank–nullity theorem); the toolkit (``particular``, ``directions``) is checked exactly on a fixed instance (a
    claim: an instance of the statement); symbolically at fixed sizes and on randomized exact instances it supports.

    ``particular(A, b)`` is the claimed v0 of the toolkit, ``v0_formula(A, b)`` the claimed v0 as a matrix expression
    (None: −Aᵀ(AAᵀ)⁻¹b), ``directions(A, b)`` the claimed basis of the direction space, ``dimension(n, k)`` the
    claimed dimension; ``rank_hypothesis=False`` drops rank A = k' from the claim; ``rank_witness = (A(x), b,
    point)`` is the necessity witness offered for the rank hypothesis.
    """
    if every_size:
        check_affine_every_size(check, dimension=dimension, rank_assumption=H_CONSTANT_RANK if rank_hypothesis else None,
                                **({} if v0_formula is None else {"v0_formula": v0_formula}))

    def affine(instance):
        A, b, c = instance
        k, n = A.shape
        if rank_hypothesis and not H_CONSTANT_RANK.holds_for(A):
            raise OutsideDomain("rank A < k'")
        solvable = solve_velocity_law(A, b)
        if not solvable:
            return False  # the admissible set is empty
        try:
            v0 = particular(A, b)
        except ValueError:
            return False  # the formula for v0 is undefined (AAᵀ singular)
        basis = directions(A, b)
        if not (A * v0 + b).is_zero_matrix or len(basis) != dimension(n, k):
            return False
        if len(basis) != n - A.rank() or solvable.certificate["dimension"] != len(basis):  # rank–nullity
            return False
        if basis and Matrix.hstack(*basis).rank() != len(basis):
            return False
        if any(not (A * d).is_zero_matrix for d in basis):
            return False
        v = solvable.certificate["solution"]  # an admissible velocity found independently
        if basis and Matrix.hstack(*basis, v - v0).rank() != len(basis):
            return False  # v − v0 ∉ span(directions)
        if not basis and v != v0:
            return False
        shifted = AdmissibleVelocities(v0, tuple(basis)).element(c[:len(basis)])
        return (A * shifted + b).is_zero_matrix and (A * (shifted - v)).is_zero_matrix  # differences lie in ker A

    check.fact("a fixed instance: A = [[1, 2, 0], [0, 1, 1]], b = (1, −1): particular(A, b) admissible, directions a basis "
               "of ker A of dimension(3, 2) vectors, every solution v0 + span(directions)",
               affine((Matrix([[1, 2, 0], [0, 1, 1]]), Matrix([1, -1]), [2, 3, 5])), method="computation",
               scope="k' = 2, 3N = 3, exact")
    hyp = "A of full row rank" if rank_hypothesis else "A with a duplicated row for k' ≥ 2 (rank hypothesis dropped)"
    if samples:
        with check.supporting():  # the symbolic every-size checks above decide
            check.property("Av + b = 0 is solvable; v0 solves it; every solution is v0 + ker A; directions: a basis of "
                           "ker A of dimension 3N − k' = 3N − rank A (rank–nullity)",
                           _pointwise_instances(max_particles, rank_hypothesis),
                           affine, samples=samples, describe=lambda inst: [sympy.sstr(e) for e in inst],
                           scope=f"randomized, exact rationals: N = 1..{max_particles}, k' = 1..3N−1, {hyp}, b random; "
                                 "an independent solution by Gauss–Jordan; v0 + Σc_iδ_i admissible")

    A_w, b_w, point = rank_witness
    A0, b0 = Matrix(A_w).xreplace(point), _column(b_w)
    kernel_dim = len(chetaev_virtual_displacements(A0))
    if rank_hypothesis:
        check.necessary(H_CONSTANT_RANK, f"A = {sympy.sstr(Matrix(A_w))}, b = {sympy.sstr(list(b0))} at {point}",
                        violates=[(f"rank A = {A0.rank()} < k' = {A0.rows} there", A0.rank() < A0.rows, "computation")],
                        conclusion_fails=[("Av + b = 0 has no solution: the admissible set is empty",
                                           not solve_velocity_law(A0, b0), "computation")])
        A1 = Matrix(A_w).xreplace(point)
        check.necessary(H_CONSTANT_RANK, f"A = {sympy.sstr(Matrix(A_w))}, b = 0 at {point}",
                        violates=[(f"rank A = {A1.rank()} < k' = {A1.rows} there", A1.rank() < A1.rows, "computation")],
                        conclusion_fails=[(f"dim ker A = {kernel_dim} ≠ 3N − k' = {A1.cols - A1.rows}",
                                           kernel_dim != A1.cols - A1.rows, "computation")])
    else:
        check.fact(f"without rank A = k': the admissible set for A = {sympy.sstr(A0)}, b = {sympy.sstr(list(b0))} is "
                   f"nonempty of dimension 3N − k'", bool(solve_velocity_law(A0, b0)) and kernel_dim == A0.cols - A0.rows,
                   method="computation")
    # last: a sweep recorded after every claim check decides nothing (evidence.swept_sizes); the toolkit at fixed sizes
    # is evidence, the every-size identities above are the proof (issue 38)
    with check.supporting():
        _toolkit_affine_sweep(check, sizes, particular, directions, dimension)


def _toolkit_affine_sweep(check, sizes, particular, directions, dimension):
    """The toolkit's ``particular`` and ``directions`` with generic entries at the fixed ``sizes`` (supporting)."""
    for k, n in check.sweep(sizes):
        A, form = _symbolic_matrix(k, n)
        b = Matrix(_symbol_set("b", k))
        scope = f"symbolic, {form}, generic b (k' = {k}, 3N = {n}; where det AAᵀ ≠ 0, i.e. rank A = k')"
        check.identity(f"A v0 + b = 0 for v0 = particular(A, b) (k' = {k}, 3N = {n})", A * particular(A, b) + b,
                       sympy.zeros(k, 1), scope=scope)
        basis = directions(A, b)
        check.fact(f"the direction basis has dimension(3N, k') = {dimension(n, k)} vectors, independent, in ker A "
                   f"(k' = {k}, 3N = {n})",
                   len(basis) == dimension(n, k) and (not basis or Matrix.hstack(*basis).rank(simplify=True) == len(basis))
                   and all(_vanishes(e) for d in basis for e in A * d), method="symbolic", scope=scope)


lemma(AFFINE_ID,
      title="The admissible velocities form the nonempty affine space v0 + ker A of dimension 3N − k'",
      statement=r"If $\operatorname{rank}A(t,x)=k'$, the admissible velocities $\{v\in\mathbb R^{3N}:A(t,x)v+b(t,x)=0\}$ "
                r"form the nonempty affine subspace $v_0+\ker A(t,x)$, e.g. $v_0=-A^{\mathsf T}(AA^{\mathsf T})^{-1}b$, "
                r"with direction $V(t,x)=\ker A(t,x)$ of dimension $3N-k'$ (rank–nullity). The elements of $V(t,x)$ are "
                r"the virtual displacements: differences of admissible velocities at frozen $(t,x)$ (Chetaev). Without "
                r"the rank hypothesis the set can be empty ($A=(x_1,0,0)$, $b=1$ at $x_1=0$) or have larger dimension.",
      source=f"{SEED} (b) 'They form the nonempty affine subspace v_0 + ker A(t,x) … dim V(t,x) = 3N − k′ by rank-nullity'",
      uses=[DATUM_ID, RANK_NULLITY_ID, "constraints.linear_velocity_constraint_chetaev",
            "nonholonomic.zxy_constraint_dalembert_vakonomic_laws", "linalg.euclidean_inner_product"],
      assumes=[H_CONSTANT_RANK])(lambda check: check_admissible_velocities(check))


# ---------------------------------------------------------------------------
# velocity_constraint.kinematically_admissible_curve  (catalogue #43)
# ---------------------------------------------------------------------------

def _default_decision(datum, curve, interval):
    return datum.is_kinematically_admissible(curve, interval)


def check_kinematically_admissible_curve(check, *, decide=_default_decision):
    """Kinematically admissible curves: the law A x' + b = 0 along x, (t, x(t)) ∈ O_v on J, J with nonempty interior.

    ``decide(datum, curve, interval)`` is the claimed decision (a Decision or bool).
    """
    R = sympy.oo
    datum = zxy_datum()
    check.fact("z' = xy': the d'Alembert motion (t, asinh t, √(1+t²) − 1) is admissible on ℝ",
               decide(datum, zxy_dalembert_curve(), (-R, R)), method="computation")
    check.fact("z' = xy': (t, t, 0) is not admissible (z' = 0 ≠ x y' = t)", not decide(datum, [t, t, 0], (-R, R)),
               method="computation")
    check.fact("z' = xy': (t, t, t²/2) is admissible on ℝ", decide(datum, [t, t, t**2 / 2], (-R, R)),
               method="computation")
    driven = velocity_constraint_datum(ZXY_ROW, [-t], (ZX, ZY, ZZ), t)  # z' − x y' − t = 0
    check.fact("rheonomic z' = xy' + t: (0, 0, t²/2) is admissible, and is not for b = 0",
               bool(decide(driven, [0, 0, t**2 / 2], (-R, R))) and not decide(datum, [0, 0, t**2 / 2], (-R, R)),
               method="computation", detail="b enters the law")
    rotation = velocity_constraint_datum(Matrix([[-x2, x1, 0]]), [0], (x1, x2, x3), t,
                                         Chart("ℝ × {x1² + x2² ≠ 0}", (x1**2 + x2**2,)))
    check.fact("A = (−x2, x1, 0) on ℝ × {x1² + x2² ≠ 0}: the radial curve (1 + t², 0, 0) is admissible on ℝ",
               decide(rotation, [1 + t**2, 0, 0], (-R, R)), method="computation")
    check.fact("… (t, 0, 0) satisfies the law but leaves O_v at t = 0: not admissible on J = (−1, 1)",
               not decide(rotation, [t, 0, 0], (-1, 1)), method="computation")
    check.fact("… (t, 0, 0) is admissible on J = (0, 1) (the root t = 0 is an endpoint, outside J)",
               decide(rotation, [t, 0, 0], (0, 1)), method="computation")
    try:
        decide(datum, zxy_dalembert_curve(), (1, 1))
        degenerate_rejected = False
    except ValueError:
        degenerate_rejected = True
    check.fact("J = (1, 1) (empty interior) is rejected", degenerate_rejected, method="computation")


definition(CURVE_ID,
           title="Kinematically admissible curve families of a velocity-constraint datum",
           statement=r"A kinematically admissible curve family is a map $x:J\to Q$ of class $C^2$ on an interval "
                     r"$J\subseteq I_0$ with nonempty interior such that $(t,x(t))\in O_v$ and "
                     r"$A(t,x(t))x'(t)+b(t,x(t))=0$ for every $t\in J$; its velocity at each time is admissible by "
                     r"definition.",
           source=f"{SEED} (b) 'A kinematically admissible curve family is a map x:J→Q of class C^2 …'",
           uses=[DATUM_ID, "reals.intervals_nine_order_convex_forms", "kinematics.coordinate_velocity_acceleration",
                 "calculus.vector_valued_derivative_riemann_integral"])(
    lambda check: check_kinematically_admissible_curve(check))


# ---------------------------------------------------------------------------
# velocity_constraint.dalembert_model_definition  (catalogue #44)
# ---------------------------------------------------------------------------

def _default_ideal(datum, R, curve):
    return datum.is_ideal_reaction(R, curve)


def check_dalembert_model_definition(check, *, reaction_sign=1, ideal=_default_ideal, toolkit=True):
    """Motions (admissible x with 𝖬x'' = F + R) and d'Alembert motions (R ⟂ ker A), on instances; multiplier form
    𝖬x'' = F + Aᵀμ; agreement with the toolkit's Lagrange–d'Alembert equations (generic A, U).

    ``reaction_sign`` is the sign in 𝖬x'' = F + sign·Aᵀμ, ``ideal(datum, R, curve)`` the claimed ideal-reaction test.
    """
    datum = zxy_datum()
    curve = zxy_dalembert_curve()
    _, mu_closed = zxy.dalembert_motion(1, 1)
    R = datum.reaction([1], None, curve)
    mu = datum.multiplier(R, curve)
    scope = "z' = xy', 𝖬 = I₃, F = 0, x = (t, asinh t, √(1+t²) − 1)"
    check.fact("the d'Alembert motion of z' = xy' is kinematically admissible and its reaction R = x'' is ideal",
               bool(datum.is_kinematically_admissible(curve)) and bool(ideal(datum, R, curve)), method="computation",
               scope=scope)
    check.fact("its multiplier μ = (AAᵀ)⁻¹AR is (1 + t²)^(−3/2) (theorems.page1_variations.zxy's closed form)",
               _vanishes(mu[0] - mu_closed), method="computation", scope=scope)
    check.fact("multiplier form 𝖬x'' = F + Aᵀμ along it", all(_vanishes(e) for e in
                                                               R - reaction_sign * datum.along(datum.A, curve).T * mu),
               method="computation", scope=scope)
    gravity = lambda time, x, v: [0, 0, -m * g]  # noqa: E731
    still = [0, t, 0]
    Rg = datum.reaction([m], gravity, still)
    mug = datum.multiplier(Rg, still)
    check.fact("z' = xy' with gravity F = (0, 0, −mg), 𝖬 = m I₃: x = (0, t, 0) is a d'Alembert motion, R = (0, 0, mg), "
               "μ = mg and 𝖬x'' = F + Aᵀμ",
               bool(datum.is_kinematically_admissible(still)) and bool(ideal(datum, Rg, still)) and _vanishes(mug[0] - m * g)
               and all(_vanishes(e) for e in Rg - reaction_sign * datum.along(datum.A, still).T * mug),
               method="computation")
    slanted = [t, t, t**2 / 2]
    Rs = datum.reaction([1], None, slanted)
    check.fact("(t, t, t²/2), 𝖬 = I₃, F = 0: kinematically admissible with continuous reaction R = (0, 0, 1), a motion of "
               "the velocity-constraint model, but R·(0, 1, x) = t ≠ 0: not a motion of the d'Alembert model",
               bool(datum.is_kinematically_admissible(slanted)) and not ideal(datum, Rs, slanted)
               and not datum.is_dalembert_motion([1], None, slanted), method="computation",
               detail="the ideal condition is an additional requirement (the adopted postulate)")
    if not toolkit:
        return
    # agreement with theorems.variational.dalembert_equations for L = ½ m|x'|² − U(t, x), generic A(t, x), U(t, x)
    xs = [Function(f"q{i + 1}", real=True)(t) for i in range(3)]
    A = Matrix([[Function(f"A{j + 1}")(t, *xs) for j in range(3)]])
    U = Function("U")(t, *xs)
    L = m * sum(c.diff(t) ** 2 for c in xs) / 2 - U
    eqs = dalembert_equations(L, xs, t, A)
    lam = eqs.multipliers[0]
    force = Matrix([-sympy.diff(U, c) for c in xs])
    model = m * Matrix([c.diff(t, 2) for c in xs]) - force - reaction_sign * A.T * Matrix([lam])
    check.identity("toolkit: the Lagrange–d'Alembert equations of L = ½m|x'|² − U are 𝖬x'' = F + Aᵀμ, F = −∇U, μ = λ",
                   Matrix([e.lhs - e.rhs for e in eqs.dynamics]), model,
                   scope="symbolic, N = 1, k' = 1, generic A(t, x) and U(t, x)")


definition(MODEL_ID,
           title="The d'Alembert velocity-constraint model: motions, reactions, the ideal condition R ⟂ ker A",
           statement=r"A velocity-constraint model consists of the force-branch data and a datum $(O_v,k',A,b)$; a motion "
                     r"is a kinematically admissible $x:J\to Q$ with a continuous reaction field $R:J\to\mathbb R^{3N}$ "
                     r"of force dimension such that $\mathsf Mx''(t)=F(t,x(t),x'(t))+R(t)$ on $J$ ($\mathsf M$ the mass "
                     r"operator). The model is a d'Alembert model when, along every motion, $R(t)\cdot\delta=0$ for every "
                     r"$\delta\in V(t,x(t))=\ker A(t,x(t))$ (the adopted ideal condition "
                     r"\texttt{velocity_constraint.ideal_reaction_adoption}). In multiplier form "
                     r"(\texttt{velocity_constraint.multiplier_form}) the equation reads "
                     r"$\mathsf Mx''=F+A^{\mathsf T}\mu$.",
           source=f"{SEED} (c) 'a motion of the model is a kinematically admissible curve family … The model is a "
                  "d'Alembert model when, in addition, the reaction is ideal'",
           uses=[DATUM_ID, CURVE_ID, MASS_ID, FORCE_ID, "linalg.euclidean_inner_product"],
           proof_uses=[ANNIHILATOR_ID, "constraints.lagrange_dalembert_equations"],
           assumes=[IDEAL_REACTION_ADOPTION])(lambda check: check_dalembert_model_definition(check))


# ---------------------------------------------------------------------------
# topic modules: the items of seed 003 (c) bullet, (e) and the cited items live in
# theorems.page3_velocity_constraints.velocity_constraint_multipliers, theorems.page3_velocity_constraints.velocity_constraint_remarks and
# theorems.page3_velocity_constraints.velocity_constraint_cited; their verifiers stay importable from here (lazily: no import cycle)
# ---------------------------------------------------------------------------

_MOVED = {
    "check_multiplier_form": "theorems.page3_velocity_constraints.velocity_constraint_multipliers",
    "check_re_presentation": "theorems.page3_velocity_constraints.velocity_constraint_multipliers",
    "DUPLICATED_ROWS": "theorems.page3_velocity_constraints.velocity_constraint_multipliers",
    "SINGULAR_RHO": "theorems.page3_velocity_constraints.velocity_constraint_multipliers",
    "check_scope_exclusions": "theorems.page3_velocity_constraints.velocity_constraint_remarks",
    "check_holonomic_to_velocity": "theorems.page3_velocity_constraints.velocity_constraint_remarks",
    "check_mass_operator": "theorems.page3_velocity_constraints.velocity_constraint_cited",
    "check_linear_map": "theorems.page3_velocity_constraints.velocity_constraint_cited",
    "check_general_linear_group": "theorems.page3_velocity_constraints.velocity_constraint_cited",
}


def __getattr__(name):
    if name in _MOVED:
        import importlib
        return getattr(importlib.import_module(_MOVED[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
