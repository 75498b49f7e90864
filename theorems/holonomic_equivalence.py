"""Holonomic equivalence of velocity constraints A(t,x)w + b(t,x) = 0 (seed 003 (d)), decided by Frobenius.

This file contains

* :func:`velocity_constraint_forms` -- validated data (A, b, coordinates, time) and the k' one-forms
  ω_α = b_α dt + Σ_j A_αj dx_j on (t, x)-space (on x-space for time-independent data with b = 0);
* :func:`check_holonomic_pair` -- decision: a given pair (ρ, Φ) satisfies A = ρΦ_x, b = ρΦ_t with
  det ρ ≢ 0 and rank Φ_x = k' (generic), each identity reduced to zero;
* :func:`polynomial_first_integrals` -- the polynomial first integrals of degree ≤ d of a family of
  vector fields (a linear system for the coefficients);
* :func:`is_holonomic_equivalent` -- decision (local, at generic points) by the Frobenius test on the
  distribution ker ω = ⋂_α ker ω_α, reusing :mod:`theorems.frobenius`; when it holds it tries to
  construct (ρ, Φ) and checks them; when it fails the witness is a bracket of two fields of the
  distribution that leaves it, with the point-independent evidence ω([X, Y]) ≢ 0 (and ω ∧ dω ≢ 0 for one row);
* the items of seed 003 (d): the definition ``velocity_constraint.holonomic_equivalence_definition`` (#47),
  the lemma ``velocity_constraint.holonomic_equivalence_first_integral`` (#48, checked proofs, a necessity
  witness for the invertibility of ρ and one for the connectedness of J), the remarks
  ``velocity_constraint.rho_dimension_assignment`` (#49, with :mod:`theorems.dimensions`),
  ``velocity_constraint.single_row_integrating_factor`` (#50) and
  ``velocity_constraint.global_obstruction_not_local`` (#51, the angular form on the punctured plane),
  the example ``velocity_constraint.rolling_disk_holonomic_equivalent`` (#52), the cited classification
  ``external.tong_rolling_coin_nonholonomic`` (#114, decided here by the checker's own Frobenius test) and
  the cited calculus fact ``calculus.periodic_function_has_critical_point`` used by #51.

"Locally at generic points": all rank and zero tests are over rational functions (as in
:mod:`theorems.frobenius`), so an answer holds off the closed nowhere-dense set where a rank drops or a
denominator vanishes; "holonomic-equivalent" there means on a neighbourhood of each such point.
"""
from __future__ import annotations

import contextlib
import itertools
from dataclasses import dataclass
from typing import Optional

import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational, Symbol

from checker import Decision, Proof, cited, definition, example, hypothesis, lemma, remark
from checker.symbolic import TimeLimit, time_limit
from theorems.analytic_facts import ZERO_DERIVATIVE
from theorems.dimensions import (LENGTH, TIME, Dimension, check_disk_dimensionless_rho, dimension_of,
                                 format_dimension, is_dimensionally_homogeneous, rho_dimension, same_dimension,
                                 tong_dimensions, tong_laws)
from theorems.frobenius import (RHO_DPHI_ID, _generic_rank, annihilated_distribution, exterior_derivative, is_involutive,
                                lie_bracket, satisfies_frobenius_condition)
from theorems.strategies import polynomials, rationals
from theorems.zero_handling import (ZeroUndecided, all_zero, rank_at_points, require_zero_state, solve_linear, witness_point,
                                    zero_state)

__all__ = [
    "ConstraintForms", "velocity_constraint_forms", "check_holonomic_pair", "polynomial_first_integrals",
    "is_holonomic_equivalent", "integrable_data", "contact_data",
    "check_holonomic_equivalence_definition", "check_first_integral", "check_rho_dimension_assignment",
    "check_single_row_integrating_factor", "check_global_obstruction", "check_rolling_disk_equivalent",
    "check_tong_coin", "check_periodic_critical_point",
]

SEED003 = "seed 003_c763788c7bc283aa.txt"
DEFINITION_ID = "velocity_constraint.holonomic_equivalence_definition"
CHAIN_RULE = "calculus.chain_rule_total_derivative"
FROBENIUS = "external.frobenius_integrability"
PERIODIC = "calculus.periodic_function_has_critical_point"

t = Symbol("t", real=True)


# ---------------------------------------------------------------------------
# data and the one-forms
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ConstraintForms:
    """Validated velocity-constraint data: A (k'×n), b (k'), coordinates x, time t (or None)."""

    A: Matrix
    b: Matrix
    coords: tuple
    time: Optional[Symbol]

    @property
    def k(self) -> int:
        return self.A.rows

    @property
    def variables(self) -> list:
        """(t, x) when the data are time-dependent, else x."""
        return ([self.time] if self.time is not None else []) + list(self.coords)

    @property
    def forms(self) -> Matrix:
        """The k'×(n+1) matrix [b | A] of the one-forms b_α dt + A_α·dx (k'×n when time is None)."""
        return Matrix.hstack(self.b, self.A) if self.time is not None else self.A


def _rows(A) -> Matrix:
    if isinstance(A, sympy.MatrixBase):
        return Matrix(A)
    A = list(A)
    if A and all(not isinstance(r, (list, tuple, sympy.MatrixBase)) for r in A):
        return Matrix([A])  # a flat list is one row
    return Matrix(A)


def velocity_constraint_forms(A, b, coords, t=None) -> ConstraintForms:
    """Validate (A, b) on coordinates ``coords`` (time ``t`` or None) and return :class:`ConstraintForms`.

    A is a k'×n Matrix or nested list (a flat list is one row), b a k'-vector or None (b = 0).  With
    ``t=None`` the data are time-independent and b must be 0 (pass ``t`` for b ≠ 0).  Raises ``ValueError``
    for bad shapes, repeated or non-Symbol coordinates, or A of generic rank < k'.
    """
    coords = tuple(coords)
    if not coords or not all(isinstance(c, Symbol) for c in coords) or len(set(coords)) != len(coords):
        raise ValueError("coords must be a nonempty sequence of distinct sympy Symbols")
    if t is not None and (not isinstance(t, Symbol) or t in coords):
        raise ValueError("t must be a sympy Symbol different from the coordinates, or None")
    A = _rows(A).applyfunc(sympy.sympify)
    k, n = A.shape
    if k < 1 or n != len(coords):
        raise ValueError(f"A must be k'×n with k' ≥ 1 and n = {len(coords)} columns (one per coordinate); got {A.shape}")
    if k > n:
        raise ValueError(f"k' = {k} rows exceed n = {n} coordinates: A cannot have rank k'")
    if b is None:
        b = sympy.zeros(k, 1)
    else:
        b = Matrix(list(b) if not isinstance(b, sympy.MatrixBase) else list(b)).applyfunc(sympy.sympify)
        if b.rows != k:
            raise ValueError(f"b must have k' = {k} entries, got {b.rows}")
    if t is None and not all(require_zero_state(e, "the entry of b") for e in b):
        raise ValueError("time-independent data (t=None) need b = 0; pass the time symbol t for b ≠ 0")
    rank = _generic_rank(A)
    if rank < k:
        raise ValueError(f"A has generic rank {rank} < k' = {k}: the datum needs rank A = k' (drop dependent rows)")
    return ConstraintForms(A, b, coords, t)


def _vanishes(expr, seconds: float = 2.0) -> bool:
    """``expr`` shown ≡ 0 by the toolkit's zero test (:func:`theorems.zero_handling.zero_state`)."""
    return zero_state(expr, seconds).is_zero is True


def _finite(matrix) -> bool:
    return not any(sympy.sympify(e).has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) for e in matrix)


# ---------------------------------------------------------------------------
# checking a pair (ρ, Φ)
# ---------------------------------------------------------------------------

def check_holonomic_pair(A, b, coords, rho, Phi, t=None, *, seconds: float = 2.0) -> Decision:
    """Decide A = ρΦ_x and b = ρΦ_t with det ρ ≢ 0 and rank Φ_x = k' (generic; each residual shown ≡ 0).

    ``rho`` is k'×k' (a scalar for k' = 1), ``Phi`` a k'-vector of functions of (t, x) (of x when t is None).
    Certificate: ρ, Φ, det ρ, a point where det ρ ≠ 0 and the rank of Φ_x at random points; witness: the first
    failing condition with its residual (shown ≢ 0, and a point where it is non-zero).  Undecided when a zero test
    cannot be settled.
    """
    try:
        data = velocity_constraint_forms(A, b, coords, t)
    except ZeroUndecided as exc:
        return Decision.undecided_because(f"the datum: {exc.reason}")
    k = data.k
    rho = Matrix([[rho]]) if not isinstance(rho, (list, tuple, sympy.MatrixBase)) else _rows(rho)
    Phi = Matrix(list(Phi) if isinstance(Phi, (list, tuple, sympy.MatrixBase)) else [Phi])
    if rho.shape != (k, k) or Phi.rows != k:
        raise ValueError(f"rho must be {k}×{k} and Phi have {k} components; got {rho.shape} and {Phi.rows}")
    if not (_finite(rho) and _finite(Phi)):
        return Decision(False, witness={"condition": "ρ and Φ are functions", "rho": rho, "Phi": Phi},
                        explanation="ρ or Φ has a non-finite entry (a division by zero)")
    Phi_x = Phi.jacobian(list(data.coords))
    Phi_t = Phi.diff(data.time) if data.time is not None else sympy.zeros(k, 1)
    residual_A = data.A - rho * Phi_x
    residual_b = data.b - rho * Phi_t
    unsettled = []
    for label, residual in (("A = ρΦ_x", residual_A), ("b = ρΦ_t", residual_b)):
        for i, e in enumerate(residual):
            state = zero_state(e, seconds)
            if state.is_zero is False:
                return Decision(False, witness={"condition": label, "entry": i, "residual": e, "point": witness_point(e)},
                                explanation=f"{label} fails: residual {sympy.sstr(e)} ≢ 0")
            if state.is_zero is None:
                unsettled.append(f"{label}, entry {i}: {state.reason}")
    if unsettled:
        return Decision.undecided_because("residuals neither shown ≡ 0 nor ≢ 0: " + "; ".join(unsettled))
    det = sympy.factor(rho.det())
    det_state = zero_state(det, seconds)
    if det_state.is_zero is True:
        return Decision(False, witness={"condition": "det ρ ≢ 0", "det": det}, explanation="det ρ ≡ 0: ρ is nowhere invertible")
    if det_state.is_zero is None:
        return Decision.undecided_because(f"det ρ = {sympy.sstr(det)} neither shown ≡ 0 nor ≢ 0 ({det_state.reason})")
    try:
        rank = _generic_rank(Phi_x)
    except ZeroUndecided as exc:
        return Decision.undecided_because(f"the rank of Φ_x: {exc.reason}")
    if rank < k:
        return Decision(False, witness={"condition": "rank Φ_x = k'", "rank": rank},
                        explanation=f"Φ_x has generic rank {rank} < k' = {k}")
    invertible_at = witness_point(det)
    ranks = rank_at_points(Phi_x)
    if ranks is not None and max(ranks) < k:  # the independent re-check disagrees with the symbolic rank
        return Decision.undecided_because(f"rank Φ_x = {k} symbolically but {max(ranks)} at every random point tried")
    return Decision(True, certificate={"rho": rho, "Phi": Phi, "det rho": det, "det rho nonzero at": invertible_at,
                                       "rank Phi_x at random points": ranks},
                    explanation=f"A = ρΦ_x and b = ρΦ_t hold identically, det ρ = {sympy.sstr(det)} ≢ 0, "
                                f"rank Φ_x = {k} (generic)")


# ---------------------------------------------------------------------------
# constructing first integrals
# ---------------------------------------------------------------------------

def _is_polynomial_in(exprs, variables) -> bool:
    return all(sympy.sympify(e).is_polynomial(*variables) for e in exprs)


def polynomial_first_integrals(fields, variables, degree: int) -> list:
    """A basis of the polynomials Φ of degree 1..``degree`` with X(Φ) = Σ_j X^j ∂_jΦ ≡ 0 for every field X.

    Solves the linear system for the coefficients (entries may involve parameters: generic solution).
    Requires polynomial fields (``ValueError`` otherwise); constants are excluded.
    """
    variables = list(variables)
    fields = [list(f) for f in fields]
    if not _is_polynomial_in([e for f in fields for e in f], variables):
        raise ValueError("polynomial_first_integrals needs fields with polynomial components")
    monomials = sorted((m for m in sympy.itermonomials(variables, degree) if m != 1), key=sympy.default_sort_key)
    rows: dict = {}
    for column, m in enumerate(monomials):
        gradient = [sympy.diff(m, v) for v in variables]
        for f_index, field in enumerate(fields):
            image = sympy.expand(sum((c * g for c, g in zip(field, gradient)), sympy.S.Zero))
            if image == 0:
                continue
            for monom, coefficient in sympy.Poly(image, *variables).as_dict().items():
                rows.setdefault((f_index, monom), {})[column] = coefficient
    system = Matrix(len(rows), len(monomials), lambda i, j: 0)
    for i, entries in enumerate(rows.values()):
        for j, value in entries.items():
            system[i, j] = value
    basis = system.nullspace(iszerofunc=lambda e: sympy.cancel(e) == 0) if rows else \
        [Matrix([1 if i == j else 0 for i in range(len(monomials))]) for j in range(len(monomials))]
    return [sympy.expand(sum((sympy.cancel(c) * m for c, m in zip(v, monomials)), sympy.S.Zero)) for v in basis]


def _potential(form, variables, seconds: float):
    """A function with dΦ = ``form`` (a closed one-form) by successive integration, checked; None on failure."""
    phi = sympy.S.Zero
    try:
        with time_limit(seconds):
            for j, v in enumerate(variables):
                rest = sympy.cancel(form[j] - sympy.diff(phi, v))
                if rest != 0:
                    phi += sympy.integrate(rest, v)
            if all(_vanishes(sympy.diff(phi, v) - form[j], seconds) for j, v in enumerate(variables)):
                return phi
    except (TimeLimit, NotImplementedError, ValueError, TypeError):
        return None
    return None


def _scalings(row, variables) -> list:
    """Candidate integrating factors of one row: 1/gcd, 1, 1/a_j, 1/Σa_j², 1/Σa_j z_j (nonzero ones)."""
    entries = [sympy.cancel(e) for e in row]
    nonzero = [e for e in entries if e != 0 and zero_state(e).is_zero is False]
    factors = [sympy.S.One]
    if _is_polynomial_in(nonzero, variables):
        common = sympy.S.Zero
        for e in nonzero:
            common = sympy.gcd(common, e)
        factors.insert(0, 1 / common)
    factors += [1 / e for e in nonzero]
    for combination in (sum(e**2 for e in entries), sum(e * v for e, v in zip(entries, variables))):
        if zero_state(combination).is_zero is False:
            factors.append(1 / combination)
    return list(dict.fromkeys(factors))


def _closed_at_probes(form, variables) -> bool:
    """A cheap necessary condition for d(form) = 0: ∂_i a_j − ∂_j a_i vanishes at two probe points."""
    symbols = sorted(set().union(*(sympy.sympify(e).free_symbols for e in form)), key=lambda s: s.name)
    for shift in (0, 2):
        point = {s: _PROBE_VALUES[(i + shift) % len(_PROBE_VALUES)] for i, s in enumerate(symbols)}
        for i, j in itertools.combinations(range(len(variables)), 2):
            value = (sympy.diff(form[j], variables[i]) - sympy.diff(form[i], variables[j])).xreplace(point)
            value = value if value.is_Rational else value.evalf(30)
            if value.is_number and value.is_finite and value != 0 and not (value.is_Float and abs(value) < 1e-20):
                return False
    return True


def _closed_form_potentials(forms: Matrix, variables, seconds: float) -> list:
    """Potentials of the rows of ``forms`` that become closed after one of the candidate scalings."""
    found = []
    for a in range(forms.rows):
        row = list(forms.row(a))
        for factor in _scalings(row, variables):
            scaled = [factor * e for e in row]
            if not _closed_at_probes(scaled, variables):
                continue
            scaled = [sympy.cancel(e) for e in scaled]
            if exterior_derivative(scaled, variables):
                continue
            phi = _potential(scaled, variables, seconds)
            if phi is not None:
                found.append(phi)
                break
    return found


def _independent(candidates, variables, k: int) -> list:
    """Up to k candidates whose differentials are generically independent (greedy)."""
    chosen = []
    for phi in candidates:
        if sympy.cancel(phi).is_number:
            continue
        trial = chosen + [phi]
        try:
            if _generic_rank(Matrix(trial).jacobian(list(variables))) == len(trial):
                chosen = trial
        except ZeroUndecided:
            continue
        if len(chosen) == k:
            break
    return chosen


def _factor_matrix(forms: Matrix, Phi: list, variables) -> Optional[Matrix]:
    """ρ with forms = ρ dΦ, from a k'×k' block of dΦ with det ≢ 0 (None if the block or the check fails)."""
    J = Matrix(Phi).jacobian(list(variables))
    k = J.rows
    for columns in itertools.combinations(range(J.cols), k):
        block = J.extract(list(range(k)), list(columns))
        if zero_state(block.det()).is_zero is not False:
            continue
        try:
            rows = [solve_linear(block.T, forms.extract([a], list(columns)).T) for a in range(k)]
        except ZeroUndecided:
            return None
        if any(r is None for r in rows):
            return None
        rho = Matrix.vstack(*[r.T for r in rows]).applyfunc(sympy.cancel)
        if _finite(rho) and all(_vanishes(e) for e in forms - rho * J):
            return rho
        return None
    return None


def _construct_pair(data: ConstraintForms, fields, max_degree: int, seconds: float):
    """Try to build (ρ, Φ): closed scalings of the rows, then polynomial first integrals of degree ≤ max_degree."""
    variables, forms, k = data.variables, data.forms, data.k
    candidates = _closed_form_potentials(forms, variables, seconds)
    methods = ["integrating factor"] * len(candidates)
    chosen = _independent(candidates, variables, k)
    if len(chosen) < k and _is_polynomial_in([e for f in fields for e in f], variables):
        try:
            with time_limit(seconds):
                for degree in range(1, max_degree + 1):
                    candidates = chosen + polynomial_first_integrals(fields, variables, degree)
                    chosen = _independent(candidates, variables, k)
                    if len(chosen) == k:
                        methods = [f"polynomial first integrals (degree ≤ {degree})"]
                        break
        except TimeLimit:
            pass
    if len(chosen) < k:
        return None
    rho = _factor_matrix(forms, chosen, variables)
    if rho is None:
        return None
    return rho, Matrix(chosen), methods[0]


# ---------------------------------------------------------------------------
# the decision
# ---------------------------------------------------------------------------

_PROBE_VALUES = (Rational(1, 2), Rational(2, 3), Rational(5, 4), Rational(-3, 5), Rational(7, 3))


def is_holonomic_equivalent(A, b, coords, t=None, *, max_degree: int = 3, seconds: float = 2.0) -> Decision:
    """Decide local holonomic equivalence at generic points: A = ρΦ_x, b = ρΦ_t near a point, ρ invertible.

    Frobenius: such a pair exists near every generic point iff the distribution D = ker ω annihilated by
    ω_α = b_α dt + A_α·dx on (t, x)-space (x-space when t is None; then b must be 0) is involutive.
    Holds: certificate with a constructed pair (ρ, Φ) checked by :func:`check_holonomic_pair` (residuals shown ≡ 0,
    det ρ and rank Φ_x re-checked at random points), or with the involutivity certificate only ("pair not
    constructed").  Fails: witness with the fields of D, the bracket [X_i, X_j] leaving D, ω([X_i, X_j]) shown ≢ 0
    (= −dω(X_i, X_j), point-independent; ω ∧ dω for one row) and a point where it is non-zero: near every point
    where ω([X_i, X_j]) ≠ 0 no pair exists.  Undecided (``Decision.undecided``) when a zero test cannot be settled.
    Options: ``max_degree`` bounds the polynomial first integrals tried, ``seconds`` the time of each construction
    stage.  Raises ``ValueError`` on bad data (:func:`velocity_constraint_forms`, e.g. rows shown dependent).
    """
    try:
        return _decide_equivalence(A, b, coords, t, max_degree, seconds)
    except ZeroUndecided as exc:
        return Decision.undecided_because(exc.reason)


def _decide_equivalence(A, b, coords, t, max_degree, seconds) -> Decision:
    data = velocity_constraint_forms(A, b, coords, t)
    variables, forms = data.variables, data.forms
    fields = annihilated_distribution(forms, variables)
    involutive = is_involutive(fields, variables)
    where = "(t, x)-space" if data.time is not None else "x-space (time-independent data)"
    if involutive.undecided:
        return involutive
    if not involutive:
        i, j = involutive.witness["pair"]
        bracket = involutive.witness["bracket"]
        on_bracket = (forms * bracket).applyfunc(sympy.cancel)
        shown = [e for e in on_bracket if zero_state(e).is_zero is False]
        wedge = satisfies_frobenius_condition(list(forms.row(0)), variables) if data.k == 1 else None
        if not shown or (wedge is not None and wedge.holds is not False):
            return Decision.undecided_because("the bracket test and the evaluation of ω on the bracket disagree or "
                                              f"were not settled: ω([X_{i}, X_{j}]) = {sympy.sstr(list(on_bracket))}")
        point = witness_point(shown[0])
        witness = {"fields": fields, "pair": (i, j), "bracket": bracket, "forms on bracket": list(on_bracket),
                   "point": point}
        if wedge is not None:
            witness["omega wedge d omega"] = wedge.witness
        return Decision(False, witness=witness,
                        explanation=f"not holonomic-equivalent near any point where ω([X_{i}, X_{j}]) ≠ 0 (open and dense; "
                                    f"e.g. {point}): the bracket of two fields of ker ω on {where} leaves ker ω, "
                                    f"ω([X_{i}, X_{j}]) = {sympy.sstr(list(on_bracket))}"
                                    + (f"; ω ∧ dω = {sympy.sstr(wedge.witness)} ≠ 0" if wedge is not None else ""),
                        details={"rank": involutive.details})
    pair = _construct_pair(data, fields, max_degree, seconds)
    if pair is not None:
        rho, Phi, method = pair
        checked = check_holonomic_pair(data.A, data.b, data.coords, rho, Phi, data.time)
        if checked.holds:
            return Decision(True, certificate={"rho": rho, "Phi": Phi, "fields": fields, "method": method,
                                               "pair check": checked.explanation,
                                               "det rho nonzero at": checked.certificate["det rho nonzero at"],
                                               "rank Phi_x at random points": checked.certificate["rank Phi_x at random points"]},
                            explanation=f"ker ω is involutive on {where}; constructed pair ({method}) checked: "
                                        f"{checked.explanation}")
    return Decision(True, certificate={"fields": fields, "brackets": involutive.certificate},
                    explanation=f"ker ω is involutive on {where}, so the datum is locally holonomic-equivalent at generic "
                                "points by Frobenius; an explicit pair (ρ, Φ) was not constructed")


# ---------------------------------------------------------------------------
# random data: integrable by construction, and non-integrable perturbations
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class RandomDatum:
    """Velocity-constraint data (A, b) on ``coords`` (time ``time``), with the planted pair when integrable."""

    A: Matrix
    b: Matrix
    coords: tuple
    time: Optional[Symbol]
    rho: Optional[Matrix] = None
    Phi: Optional[Matrix] = None

    def __repr__(self):
        extra = f", rho={sympy.sstr(self.rho)}, Phi={sympy.sstr(list(self.Phi))}" if self.Phi is not None else ""
        return f"RandomDatum(A={sympy.sstr(self.A)}, b={sympy.sstr(list(self.b))}{extra})"


def _datum_from_forms(forms: Matrix, coords, time, rho=None, Phi=None) -> RandomDatum:
    if time is None:
        return RandomDatum(forms, sympy.zeros(forms.rows, 1), tuple(coords), None, rho, Phi)
    return RandomDatum(forms[:, 1:], forms[:, 0], tuple(coords), time, rho, Phi)


def _variables(coords, time) -> list:
    return ([time] if time is not None else []) + list(coords)


def integrable_data(k: int, coords, time=t, max_num: int = 3, constant_rho: bool = False) -> st.SearchStrategy:
    """A = ρΦ_x, b = ρΦ_t with Φ_β = x_β + (quadratic polynomial) and ρ invertible everywhere.

    Φ_x has rank k at the origin (its linear part), so generically; ρ = c(1 + q²) for k = 1 (q linear),
    ρ = C·[[1, p], [0, 1]] with C constant invertible and p polynomial for k = 2 (det ρ = det C ≠ 0);
    ``constant_rho`` takes q = 0, p = 0.
    """
    coords = tuple(coords)
    if not 1 <= k <= min(2, len(coords)):
        raise ValueError("integrable_data draws k = 1 or 2 rows with k ≤ n")
    variables = _variables(coords, time)
    quadratic = [m for m in sympy.itermonomials(variables, 2) if sympy.Poly(m, *variables).total_degree() == 2]
    from theorems.strategies import full_row_rank_matrices
    parts = st.lists(st.lists(st.tuples(rationals(max_num, 2, nonzero=True), st.sampled_from(quadratic)),
                              max_size=2), min_size=k, max_size=k)
    if k == 1:
        factors = st.tuples(rationals(max_num, 2, nonzero=True),
                            st.just(sympy.S.Zero) if constant_rho else polynomials(variables, 1, 2, max_num=max_num, max_den=2))
        build_rho = lambda f: Matrix([[f[0] * (1 + f[1] ** 2)]])  # noqa: E731
    else:
        factors = st.tuples(full_row_rank_matrices(2, 2, max_num=max_num, max_den=2),
                            st.just(sympy.S.Zero) if constant_rho else polynomials(variables, 1, 2, max_num=max_num, max_den=2))
        build_rho = lambda f: f[0] * Matrix([[1, f[1]], [0, 1]])  # noqa: E731

    def build(args):
        terms, f = args
        Phi = Matrix([coords[beta] + sum(c * m for c, m in terms[beta]) for beta in range(k)])
        rho = build_rho(f)
        forms = (rho * Phi.jacobian(variables)).applyfunc(sympy.expand)
        return _datum_from_forms(forms, coords, time, rho, Phi)

    return st.tuples(parts, factors).map(build)


def contact_data(k: int, coords, time=t, max_num: int = 3) -> st.SearchStrategy:
    """Non-integrable by construction: the exact form dz₃ perturbed by −z₁dz₂ (and dz₄ for k = 2), in random
    linear coordinates z = Pv (P invertible), mixed by a constant invertible C.

    Integrability is invariant under diffeomorphisms and invertible re-mixing, and ker(dz₃ − z₁dz₂) (with dz₄)
    contains ∂_{z₁} and ∂_{z₂} + z₁∂_{z₃}, whose bracket ∂_{z₃} it does not contain.
    """
    coords = tuple(coords)
    variables = _variables(coords, time)
    m = len(variables)
    if k not in (1, 2) or m < 2 + k:
        raise ValueError("contact_data needs k = 1 (≥ 3 variables) or k = 2 (≥ 4 variables)")
    from theorems.strategies import full_row_rank_matrices

    def build(args):
        P, C = args
        z = P * Matrix(variables)
        dz = [P.row(i) for i in range(m)]
        rows = [dz[2] - z[0] * dz[1]] + ([dz[3]] if k == 2 else [])
        forms = (C * Matrix.vstack(*rows)).applyfunc(sympy.expand)
        return _datum_from_forms(forms, coords, time)

    return st.tuples(full_row_rank_matrices(m, m, max_num=max_num, max_den=2),
                     full_row_rank_matrices(k, k, max_num=max_num, max_den=2)).map(build)


def _decide(datum: RandomDatum, **options) -> Decision:
    return is_holonomic_equivalent(datum.A, datum.b, datum.coords, datum.time, **options)


# ---------------------------------------------------------------------------
# velocity_constraint.holonomic_equivalence_definition  (catalogue #47)
# ---------------------------------------------------------------------------

s, theta, a = sympy.symbols("s theta a", real=True)  # the reduced disk model (same names as theorems.dimensions)
X1, X2, X3 = sympy.symbols("x1 x2 x3", real=True)
XC, YC, ZC = sympy.symbols("x y z", real=True)

#: the examples the definition is exercised on: data (or a planted pair that generates them), the claimed
#: classification, and a claimed pair
DEFINITION_EXAMPLES = (
    {"label": "rolling disk s' − aθ' = 0", "A": [[1, -a]], "b": None, "coords": (s, theta), "t": None,
     "holonomic": True, "pair": (1, [s - a * theta])},
    {"label": "k' = 2, time-dependent, generated by Φ = (x1 − t x2, x3 + x1 x2), ρ = [[1, x2], [0, 2]]",
     "planted": ([[1, X2], [0, 2]], [X1 - t * X2, X3 + X1 * X2]), "coords": (X1, X2, X3), "t": t,
     "holonomic": True, "pair": ([[1, X2], [0, 2]], [X1 - t * X2, X3 + X1 * X2])},
    {"label": "z' = xy'", "A": [[0, -XC, 1]], "b": None, "coords": (XC, YC, ZC), "t": None,
     "holonomic": False, "pair": None},
)


def _example_data(ex) -> tuple:
    """(A, b) of a definition example: as given, or A = ρΦ_x, b = ρΦ_t from its planted pair."""
    if "planted" not in ex:
        return ex["A"], ex["b"]
    rho, Phi = Matrix(ex["planted"][0]), Matrix(ex["planted"][1])
    return ((rho * Phi.jacobian(list(ex["coords"]))).applyfunc(sympy.expand),
            (rho * Phi.diff(ex["t"])).applyfunc(sympy.expand))


def check_holonomic_equivalence_definition(check, *, examples=DEFINITION_EXAMPLES, rho_factor=True):
    """Exercise the definition: the toolkit classifies each example as claimed, constructed and claimed pairs check.

    ``rho_factor=False`` is the mutated definition A = Φ_x, b = Φ_t (no factor ρ).
    """
    for ex in examples:
        A, b = _example_data(ex)
        decision = is_holonomic_equivalent(A, b, ex["coords"], ex["t"])
        check.fact(f"{ex['label']}: {'holonomic-equivalent' if ex['holonomic'] else 'locally nonholonomic'} "
                   "(Frobenius test)", decision, expect=ex["holonomic"], method="symbolic",
                   scope="local, at generic points")
        if decision and "rho" in (decision.certificate or {}):
            check.fact(f"{ex['label']}: the constructed pair satisfies A = ρΦ_x, b = ρΦ_t",
                       check_holonomic_pair(A, b, ex["coords"], decision.certificate["rho"],
                                            decision.certificate["Phi"], ex["t"]), method="symbolic")
        if ex["pair"] is not None:
            rho, Phi = ex["pair"]
            if not rho_factor:
                rho = sympy.eye(len(Phi))
            check.fact(f"{ex['label']}: the stated pair satisfies the definition", check_holonomic_pair(
                A, b, ex["coords"], rho, Phi, ex["t"]), method="symbolic")
        if not decision:
            values = decision.witness["forms on bracket"]
            check.fact(f"{ex['label']}: ω([X, Y]) is a nonzero constant, so it is locally nonholonomic at every point",
                       all(sympy.sympify(v).is_number and v != 0 for v in values), method="symbolic",
                       detail=f"ω([X, Y]) = {values}")
    wrong = check_holonomic_pair([[1, -a]], None, (s, theta), 1, [s + a * theta])
    check.fact("a pair that does not factor A is rejected: Φ = s + aθ for the disk", wrong, expect=False,
               method="symbolic", detail=wrong.explanation)


definition(DEFINITION_ID,
           title="Holonomic equivalence of a velocity-constraint datum; locally holonomic-equivalent and locally nonholonomic",
           statement=r"$(O_v,k',A,b)$ is holonomic-equivalent on $O_v$ when there are $\Phi\in C^2(O_v,\mathbb R^{k'})$ "
                     r"with $\operatorname{rank}\Phi_x=k'$ and $\varrho\in C^2(O_v,GL(k',\mathbb R))$ with "
                     r"$A=\varrho\Phi_x$, $b=\varrho\Phi_t$; locally holonomic-equivalent at a point when such a pair "
                     r"exists on a neighbourhood, locally nonholonomic there when none does. Each $\Phi_\beta$ has a "
                     r"declared dimension $\varphi_\beta$.",
           source=f"{SEED003} (d): 'The datum is holonomic-equivalent on O_v when there exist a C² map Φ ... "
                  "locally nonholonomic there when no such neighbourhood and pair exists'",
           uses=[FROBENIUS])(lambda check: check_holonomic_equivalence_definition(check))


# ---------------------------------------------------------------------------
# velocity_constraint.holonomic_equivalence_first_integral  (catalogue #48)
# ---------------------------------------------------------------------------

H_FACTORISATION = hypothesis("velocity_constraint.he_factorisation",
                             "A = ρΦ_x and b = ρΦ_t on O_v with Φ ∈ C²(O_v, ℝ^k')")
H_RHO_INVERTIBLE = hypothesis("velocity_constraint.he_rho_invertible", "ρ(t, x) is invertible (ρ ∈ GL(k', ℝ)) on O_v")
H_C1_CURVE = hypothesis("velocity_constraint.he_c1_curve", "x : J → ℝⁿ is C¹ with (t, x(t)) ∈ O_v for t ∈ J")
H_INTERVAL = hypothesis("velocity_constraint.he_interval", "J is an interval (connected)")


def _assumed(check, others: dict) -> dict:
    """The entries of ``others`` that the checked item assumes (one verifier serves items with fewer assumptions)."""
    return {h: facts for h, facts in others.items() if check.item is None or h in check.item.assumes}


def _jets(name: str, rows: int, cols: int) -> Matrix:
    return Matrix(rows, cols, lambda i, j: Symbol(f"{name}_{i + 1}{j + 1}", real=True))


def _first_integral_proof(k: int, n: int, drop_time_term: bool, factor: str) -> Proof:
    """ρΦ' = b + Ax' and Φ' = σ(b + Ax') (σρ = I) from the factorisation and the chain rule, in jet symbols."""
    rho, sigma = _jets("rho", k, k), _jets("sigma", k, k)
    A, b, v = _jets("A", k, n), _jets("b", k, 1), _jets("v", n, 1)
    Phi_t, Phi_x, Phi_dot = _jets("Phi_t", k, 1), _jets("Phi_x", k, n), _jets("Phi_dot", k, 1)
    law = (sympy.zeros(k, 1) if drop_time_term else b) + A * v
    solved = (sigma if factor == "inverse" else rho) * law
    p = Proof(f"d/dt Φ(t, x(t)) = ρ⁻¹(b + A x'), k' = {k}, n = {n}")
    p.hypothesis("A = ρΦ_x", (A, rho * Phi_x), assumption="velocity_constraint.he_factorisation",
                 note="H_factorisation at (t, x(t))")
    p.hypothesis("b = ρΦ_t", (b, rho * Phi_t), assumption="velocity_constraint.he_factorisation",
                 note="H_factorisation at (t, x(t))")
    p.hypothesis("σρ = I", (sigma * rho, sympy.eye(k)), assumption="velocity_constraint.he_rho_invertible",
                 note="ρ invertible with inverse σ")
    p.suppose("chain rule", (Phi_dot, Phi_t + Phi_x * v),
              note="the chain rule (#111) in jets: d/dt Φ(t, x(t)) = Φ_t + Φ_x x' (Φ_dot, Φ_t, Φ_x, v the jets at t)")
    hyps = ["A = ρΦ_x", "b = ρΦ_t", "σρ = I", "chain rule"]
    for alpha in range(k):
        certificate = ([-v[j] if r == alpha else 0 for r in range(k) for j in range(n)]
                       + [-1 if r == alpha else 0 for r in range(k)] + [0] * (k * k)
                       + [rho[alpha, c] for c in range(k)])
        p.algebra(f"row {alpha + 1}: ρΦ' = b + Ax'", hyps, ((rho * Phi_dot)[alpha], law[alpha]), certificate=certificate)
    rows = [f"row {alpha + 1}: ρΦ' = b + Ax'" for alpha in range(k)]
    for beta in range(k):
        certificate = [sigma[beta, alpha] for alpha in range(k)] + \
                      [-Phi_dot[g] if r == beta else 0 for r in range(k) for g in range(k)]
        p.algebra(f"component {beta + 1}: Φ' = σ(b + Ax')", rows + ["σρ = I"], (Phi_dot[beta], solved[beta]),
                  certificate=certificate)
    p.algebra("Φ' = ρ⁻¹(b + Ax')", [f"component {beta + 1}: Φ' = σ(b + Ax')" for beta in range(k)], (Phi_dot, solved))
    p.conclude("Φ' = ρ⁻¹(b + Ax')")
    return p


def _law_equivalence_proofs(k: int, n: int):
    """b + Ax' = 0 ⇔ Φ' = 0, given ρΦ' = b + Ax' (proved above) and σρ = I, in jet symbols."""
    rho, sigma = _jets("rho", k, k), _jets("sigma", k, k)
    A, b, v, Phi_dot = _jets("A", k, n), _jets("b", k, 1), _jets("v", n, 1), _jets("Phi_dot", k, 1)
    law = b + A * v
    forward = Proof("the law forces Φ' = 0")
    forward.suppose("ρΦ' = b + Ax'", (rho * Phi_dot, law), note="the first part of the lemma")
    forward.suppose("σρ = I", (sigma * rho, sympy.eye(k)))
    forward.suppose("law", (law, sympy.zeros(k, 1)), note="b + A x' = 0 at t")
    for beta in range(k):
        certificate = ([sigma[beta, al] for al in range(k)]
                       + [-Phi_dot[g] if r == beta else 0 for r in range(k) for g in range(k)]
                       + [sigma[beta, al] for al in range(k)])
        forward.algebra(f"Φ'_{beta + 1} = 0", ["ρΦ' = b + Ax'", "σρ = I", "law"], (Phi_dot[beta], 0),
                        certificate=certificate)
    forward.algebra("Φ' = 0", [f"Φ'_{beta + 1} = 0" for beta in range(k)], (Phi_dot, sympy.zeros(k, 1)))
    forward.conclude("Φ' = 0")
    backward = Proof("Φ' = 0 forces the law")
    backward.suppose("ρΦ' = b + Ax'", (rho * Phi_dot, law))
    for beta in range(k):
        backward.suppose(f"Φ'_{beta + 1} = 0", (Phi_dot[beta], 0))
    backward.substitute("law", "ρΦ' = b + Ax'", [f"Φ'_{beta + 1} = 0" for beta in range(k)], (law, sympy.zeros(k, 1)))
    backward.conclude("law")
    return forward, backward


#: every (k', n) with k' ≤ 2, n ≤ 3 (k' ≤ n): the checked proofs in coordinates cover these sizes (the identities
#: in MatrixSymbols cover every size)
FIRST_INTEGRAL_SIZES = ((1, 1), (1, 2), (1, 3), (2, 2), (2, 3))


def _first_integral_every_dimension(check, drop_time_term: bool, factor: str):
    """For symbolic k', n (MatrixSymbols ρ: k' × k', Φ_t: k' × 1, Φ_x: k' × n, x': n × 1): with A = ρΦ_x, b = ρΦ_t
    and the chain rule Φ' = Φ_t + Φ_x x' (jets at t), ρΦ' = b + Ax' and Φ' = ρ⁻¹(b + Ax') (ρ invertible: the
    hypothesis); so b + Ax' = 0 ⇔ Φ' = 0, Φ' being a linear image of b + Ax' and conversely."""
    k, n = sympy.symbols("k' n", integer=True, positive=True)
    rho, Phi_t = sympy.MatrixSymbol("rho", k, k), sympy.MatrixSymbol("Phi_t", k, 1)
    Phi_x, v = sympy.MatrixSymbol("Phi_x", k, n), sympy.MatrixSymbol("v", n, 1)
    A, b = rho * Phi_x, rho * Phi_t  # H_factorisation at (t, x(t))
    Phi_dot = Phi_t + Phi_x * v  # the chain rule (#111), in jets
    law = (A * v) if drop_time_term else (b + A * v)
    scope = ("symbolic dimension: MatrixSymbols of shape k' × k', k' × 1, k' × n, n × 1, every k', n ≥ 1; "
             "ρ⁻¹ exists by the hypothesis that ρ is invertible")
    check.identity("ρ d/dt Φ(t, x(t)) = b + A x' (every k', n)", rho * Phi_dot, law if factor == "inverse" else rho * law,
                   scope=scope)
    check.identity("d/dt Φ(t, x(t)) = ρ⁻¹(b + A x') (every k', n)", Phi_dot,
                   (rho.I if factor == "inverse" else rho) * law, scope=scope)


def check_first_integral(check, *, sizes=FIRST_INTEGRAL_SIZES, drop_time_term=False, factor="inverse",
                         identity_sizes=((1, 2),), law_sizes=FIRST_INTEGRAL_SIZES, every_dimension=True):
    """d/dt Φ(t, x(t)) = ρ⁻¹(b + A x') for generic Φ, ρ (identities for every k', n in MatrixSymbols, generic
    functions, and checked proofs in coordinates); law ⇔ Φ' = 0; witnesses.

    ``drop_time_term`` claims ρ⁻¹(A x') instead; ``factor="rho"`` claims ρ(b + A x').
    """
    if every_dimension:
        _first_integral_every_dimension(check, drop_time_term, factor)
    for k, n in identity_sizes:
        x = [Function(f"x{i + 1}", real=True)(t) for i in range(n)]
        T, Xs = Symbol("T", real=True), sympy.symbols(f"X1:{n + 1}", real=True)
        at = {T: t, **dict(zip(Xs, x))}
        Phi_frozen = Matrix([Function(f"Phi{beta + 1}")(T, *Xs) for beta in range(k)])
        rho = Matrix(k, k, lambda i, j: Function(f"rho{i + 1}{j + 1}")(T, *Xs))
        A = (rho * Phi_frozen.jacobian(list(Xs))).subs(at)
        b = (rho * Phi_frozen.diff(T)).subs(at)
        v = Matrix([xi.diff(t) for xi in x])
        rho_at = rho.subs(at)
        law = (sympy.zeros(k, 1) if drop_time_term else b) + A * v
        derivative = Matrix([Function(f"Phi{beta + 1}")(t, *x) for beta in range(k)]).diff(t)
        if k == 1:  # ρ⁻¹ explicitly; for k' = 2 the inverse is the σ of the checked proof
            claimed = (rho_at.inv() if factor == "inverse" else rho_at) * law
            check.identity(f"d/dt Φ(t, x(t)) = ρ⁻¹(b + A x'), k' = {k}, n = {n}", derivative, claimed,
                           scope=f"symbolic, generic C¹ Φ(t, x), generic ρ(t, x) ≠ 0, k' = {k}, n = {n}")
        else:
            lhs = (rho_at if factor == "inverse" else sympy.eye(k)) * derivative
            rhs = law if factor == "inverse" else rho_at * law
            check.identity(f"ρ d/dt Φ(t, x(t)) = b + A x', k' = {k}, n = {n}", lhs, rhs,
                           scope=f"symbolic, generic C¹ Φ(t, x), generic 2×2 ρ(t, x), k' = {k}, n = {n}")
    for k, n in sizes:
        check.proof(f"Φ' = ρ⁻¹(b + Ax') from A = ρΦ_x, b = ρΦ_t and the chain rule (k' = {k}, n = {n})",
                    _first_integral_proof(k, n, drop_time_term, factor), scope=f"k' = {k}, n = {n}")
    for k, n in law_sizes:
        forward, backward = _law_equivalence_proofs(k, n)
        check.proof(f"the law b + Ax' = 0 forces Φ' = 0 (k' = {k}, n = {n})", forward, scope=f"k' = {k}, n = {n}")
        check.proof(f"Φ' = 0 forces the law b + Ax' = 0 (k' = {k}, n = {n})", backward,
                    scope=f"k' = {k}, n = {n}; on an interval J, Φ' ≡ 0 ⇔ Φ(t, x(t)) constant: ⇒ is the trusted result "
                          f"{ZERO_DERIVATIVE} (cited by the item), ⇐ differentiates a constant")
    _first_integral_witnesses(check)


def _is_interval(J) -> bool:
    """J ⊆ ℝ is an interval: it contains the open segment between its infimum and supremum (its convex hull,
    up to the endpoints), computed by sympy's set algebra."""
    hull = sympy.Interval.open(J.inf, J.sup)
    return sympy.Complement(hull, J) == sympy.S.EmptySet


def _first_integral_witnesses(check):
    """Necessity of ρ invertible (ρ = x1, Φ = x2) and of J connected (a two-piece J)."""
    A, Phi, rho = Matrix([[0, X1, 0]]), Matrix([X2]), Matrix([[X1]])
    curve = {X1: sympy.S.Zero, X2: t, X3: sympy.S.Zero}
    velocity = Matrix([sympy.diff(curve[c], t) for c in (X1, X2, X3)])
    factorised = (A - rho * Phi.jacobian([X1, X2, X3])).is_zero_matrix
    law_on_curve = (A.xreplace(curve) * velocity).is_zero_matrix
    along = Phi.xreplace(curve)[0]
    if check.item is None or H_RHO_INVERTIBLE in check.item.assumes:
        check.necessary(H_RHO_INVERTIBLE, "ρ = x1, Φ = x2, A = (0, x1, 0), b = 0, curve x(t) = (0, t, 0) on J = ℝ",
                        violates=[("ρ(x(t)) = 0 for every t: ρ is not invertible on the curve",
                                   rho.xreplace(curve)[0] == 0, "computation")],
                        others_hold=_assumed(check, {
                            H_FACTORISATION: [("A = ρΦ_x and b = ρΦ_t hold identically", factorised, "symbolic")],
                            H_C1_CURVE: [("the curve is C¹ (polynomial) in O_v = ℝ × ℝ³", all(
                                sympy.sympify(c).is_polynomial(t) for c in curve.values()), "computation")],
                            H_INTERVAL: [("J = ℝ is an interval (it contains its convex hull)",
                                          _is_interval(sympy.S.Reals), "computation")]}),
                        conclusion_fails=[("the law A x' + b = 0 holds along the curve", law_on_curve, "computation"),
                                          ("Φ(x(t)) = t is not constant", sympy.diff(along, t) != 0, "computation")])
    pieces = (sympy.Interval.open(0, 1), sympy.Interval.open(2, 3))
    J = sympy.Union(*pieces)
    values = (sympy.S.Zero, sympy.S.One)  # x(t) = (0, c, 0) with c = 0 on (0, 1), c = 1 on (2, 3)
    A1, Phi1 = Matrix([[0, 1, 0]]), Matrix([X2])
    if check.item is None or H_INTERVAL in check.item.assumes:
        check.necessary(H_INTERVAL, "ρ = 1, Φ = x2, A = (0, 1, 0), b = 0 on J = (0, 1) ∪ (2, 3), x = (0, 0, 0) then (0, 1, 0)",
                        violates=[("J is not an interval: 1/2, 5/2 ∈ J but 3/2 ∉ J",
                                   J.contains(Rational(1, 2)) and J.contains(Rational(5, 2))
                                   and not J.contains(Rational(3, 2)) and not _is_interval(J), "computation")],
                        others_hold=_assumed(check, {
                            H_FACTORISATION: [("A = ρΦ_x and b = ρΦ_t with ρ = 1",
                                               (A1 - Phi1.jacobian([X1, X2, X3])).is_zero_matrix, "symbolic")],
                            H_RHO_INVERTIBLE: [("ρ = 1 is invertible", sympy.Matrix([[1]]).det() != 0, "computation")],
                            H_C1_CURVE: [("the curve is C¹ on J (constant on each component)",
                                          all(sympy.diff(c, t) == 0 for c in values), "computation")]}),
                        conclusion_fails=[("the law A x' = 0 holds on J (x' = 0)", all(sympy.diff(c, t) == 0 for c in values),
                                           "computation"),
                                          ("Φ(x(1/2)) = 0 ≠ 1 = Φ(x(5/2)): Φ is not constant on J",
                                           Phi1.xreplace({X2: values[0]}) != Phi1.xreplace({X2: values[1]}), "computation")])


lemma("velocity_constraint.holonomic_equivalence_first_integral",
      title="In the holonomic-equivalent case the law is the differentiated family Φ(t, x) = constant",
      statement=r"If $A=\varrho\Phi_x$, $b=\varrho\Phi_t$ with $\varrho$ invertible and $x:J\to\mathbb R^n$ is $C^1$ "
                r"with $(t,x(t))\in O_v$, then $\frac{d}{dt}\Phi(t,x(t))=\Phi_t+\Phi_xx'=\varrho^{-1}(b+Ax')$; hence on an "
                r"interval $J$ the law holds iff $\Phi(t,x(t))$ is constant.",
      source=f"{SEED003} (d): 'the chain rule ... gives d/dt Φ(t,x(t)) = Φ_t + Φ_x x' = ϱ⁻¹(b + Ax'), so the constraint "
             "law holds exactly when Φ(t,x(t)) is constant'",
      uses=[DEFINITION_ID, ZERO_DERIVATIVE], proof_uses=[CHAIN_RULE],
      assumes=[H_FACTORISATION, H_RHO_INVERTIBLE, H_C1_CURVE, H_INTERVAL])(lambda check: check_first_integral(check))


# ---------------------------------------------------------------------------
# velocity_constraint.rho_dimension_assignment  (catalogue #49)
# ---------------------------------------------------------------------------

def check_rho_dimension_assignment(check, *, rho_rule=rho_dimension, sizes=((1, 2), (2, 3))):
    """[ρ_αβ] = [b_α]τ/φ_β: every term of (ρΦ_x)_αj has [A_αj] = [b_α]τ/ℓ and of (ρΦ_t)_α has [b_α]."""
    for k, n in sizes:
        Xs = sympy.symbols(f"X1:{n + 1}", real=True)
        b_dims = [Dimension(f"b_{alpha + 1}") for alpha in range(k)]
        phi_dims = [Dimension(f"phi_{beta + 1}") for beta in range(k)]
        funcs = [Function(f"Phi{beta + 1}") for beta in range(k)]
        Phi = Matrix([F(t, *Xs) for F in funcs])
        rho = Matrix(k, k, lambda i, j: Symbol(f"rho_{i + 1}{j + 1}", real=True))
        dims = {t: TIME, **{x: LENGTH for x in Xs}, **dict(zip(funcs, phi_dims)),
                **{rho[i, j]: rho_rule(b_dims[i], phi_dims[j]) for i in range(k) for j in range(k)}}
        scope = f"k' = {k}, n = {n}, free dimensions [b_α], φ_β; [x_j] = ℓ, [t] = τ"
        products = [("ρΦ_x", rho * Phi.jacobian(list(Xs)), lambda alpha: b_dims[alpha] * TIME / LENGTH),
                    ("ρΦ_t", rho * Phi.diff(t), lambda alpha: b_dims[alpha])]
        for label, product, expected in products:
            for index in range(product.rows * product.cols):
                alpha = index // product.cols
                entry = product[index]
                homogeneous = is_dimensionally_homogeneous(entry, dims)
                ok = bool(homogeneous) and same_dimension(dimension_of(entry, dims), expected(alpha))
                found = format_dimension(dimension_of(entry, dims)) if homogeneous else homogeneous.explanation
                check.fact(f"({label}) entry {index + 1} is homogeneous with the declared dimension (k' = {k}, n = {n})",
                           ok, method="computation", scope=scope,
                           detail=f"found {found}, declared {format_dimension(expected(alpha))}")


remark("velocity_constraint.rho_dimension_assignment",
       title="The dimension assignment [ρ_αβ] = [b_α]τ/φ_β makes A = ρΦ_x and b = ρΦ_t consistent",
       statement=r"With $[x_j]=\ell$, $[t]=\tau$ and $[\Phi_\beta]=\varphi_\beta$, setting "
                 r"$[\varrho_{\alpha\beta}]=[b_\alpha]\tau/\varphi_\beta$ gives every term of $(\varrho\Phi_x)_{\alpha j}$ "
                 r"the dimension $[A_{\alpha j}]=[b_\alpha]\tau/\ell$ and every term of $(\varrho\Phi_t)_\alpha$ the "
                 r"dimension $[b_\alpha]$.",
       source=f"{SEED003} (d): 'assign [ϱ_αβ] = [b_α]τ/φ_β; then every term in the two matrix products has the declared "
              "dimension of the corresponding entry of A or b'",
       uses=[DEFINITION_ID, "units.velocity_row_homogeneity", "units.dimensions_si_conventions"])(
           lambda check: check_rho_dimension_assignment(check))


# ---------------------------------------------------------------------------
# velocity_constraint.single_row_integrating_factor  (catalogue #50)
# ---------------------------------------------------------------------------

def _wedge_condition(omega, variables) -> dict:
    """The three-form ω ∧ dω (the Frobenius condition for one row)."""
    decision = satisfies_frobenius_condition(omega, variables)
    return {} if decision else decision.witness


def _closed_condition(omega, variables) -> dict:
    """The two-form dω (the mutated criterion 'ω is closed')."""
    return exterior_derivative(omega, variables)


CONDITIONS = {"wedge": _wedge_condition, "closed": _closed_condition}


def check_single_row_integrating_factor(check, *, criterion="wedge", sizes=(1, 2, 3), samples=3):
    """b dt + A·dx = ρ dΦ for k' = 1; ρ dΦ satisfies the single-row condition; the toolkit's Frobenius test agrees
    with it on random integrable and non-integrable rows; for k' > 1 no row-wise criterion is claimed.

    ``criterion="closed"`` claims dω = 0 instead of ω ∧ dω = 0.
    """
    condition = CONDITIONS[criterion]
    for n in sizes:
        Xs = sympy.symbols(f"X1:{n + 1}", real=True)
        variables = [t, *Xs]
        rho, Phi = Function("rho")(*variables), Function("Phi")(*variables)
        A = [rho * Phi.diff(x) for x in Xs]
        b = rho * Phi.diff(t)
        omega = [b] + A
        check.identity(f"b dt + A·dx = ρ dΦ (n = {n})", Matrix(omega), rho * Matrix([Phi.diff(v) for v in variables]),
                       scope=f"symbolic, generic ρ, Φ on (t, x) ∈ ℝ^{n + 1}")
        three = condition(omega, variables)
        check.fact(f"ω = ρ dΦ satisfies the single-row condition ({criterion}), n = {n}", not three,
                   method="symbolic", scope=f"symbolic, generic ρ, Φ on ℝ^{n + 1} (coefficients cancelled to 0)",
                   witness=three or None)
    coords = (X1, X2)

    def agrees(datum):
        omega = list(datum.b) + list(datum.A.row(0))
        decision = _decide(datum, max_degree=2)
        condition_holds = not condition(omega, [t, *coords])
        return bool(decision) == condition_holds == (datum.Phi is not None)

    draws = st.one_of(integrable_data(1, coords, t, max_num=2, constant_rho=True), contact_data(1, coords, t, max_num=2))
    # the generic ρ, Φ facts above decide the single-row claim; the planted-truth instances support them
    with (check.supporting() if sizes else contextlib.nullcontext()):
        if samples:
            _single_row_on_planted_data(check, draws, agrees, samples)
    _single_row_facts(check)


def _single_row_on_planted_data(check, draws, agrees, samples):
    check.property("Frobenius test = single-row condition = planted truth, on random integrable ρdΦ and perturbed "
                   "contact rows", draws, agrees, samples=samples,
                   scope="randomized: k' = 1, (t, x1, x2); integrable A = ρΦ_x, b = ρΦ_t with quadratic Φ and constant ρ; "
                         "c(dz3 − z1 dz2) in random linear coordinates z = Pv")


def _single_row_facts(check):
    nonholonomic = is_holonomic_equivalent([[0, -XC, 1]], None, (XC, YC, ZC))
    check.fact("z' = xy' has no integrating factor near any point (ω([X, Y]) = 1, ω ∧ dω = −dx∧dy∧dz)",
               nonholonomic, expect=False, method="symbolic")
    # k' > 1: rows need not satisfy the single-row condition although the pair of rows is holonomic
    A2 = [[1, ZC, 0], [0, 1, 0]]  # dx + z dy, dy: span{dx, dy} is integrable; the first row alone is not
    system = is_holonomic_equivalent(A2, None, (XC, YC, ZC))
    check.fact("k' = 2: {dx + z dy, dy} is holonomic-equivalent (ρ = [[1, z], [0, 1]], Φ = (x, y))",
               check_holonomic_pair(A2, None, (XC, YC, ZC), [[1, ZC], [0, 1]], [XC, YC]), method="symbolic")
    check.fact("k' = 2: the toolkit agrees", system, method="symbolic")
    check.fact("k' = 2: its first row alone fails ω ∧ dω = 0, so no row-wise criterion characterises k' > 1",
               satisfies_frobenius_condition([1, ZC, 0], (XC, YC, ZC)), expect=False, method="symbolic")


remark("velocity_constraint.single_row_integrating_factor",
       title="For one row, holonomic equivalence is an integrating factor: b dt + A·dx = ρ dΦ",
       statement=r"For $k'=1$ the factorisation $A=\varrho\Phi_x$, $b=\varrho\Phi_t$ says $b\,dt+A\cdot dx=\varrho\,d\Phi$; "
                 r"local nonholonomicity means no integrating factor with a regular potential near the point "
                 r"(by Frobenius, for $C^2$ data: $\omega\wedge d\omega\not\equiv0$ near it). For $k'>1$ it is defined by "
                 r"failure of the matrix factorisation, not by a single one-form criterion.",
       source=f"{SEED003} (d): 'For k' = 1 the factorization ... says that the one-form b dt + A·dx is ϱ dΦ'",
       uses=[DEFINITION_ID, FROBENIUS], scope="n <= 3")(lambda check: check_single_row_integrating_factor(check))


# ---------------------------------------------------------------------------
# calculus.periodic_function_has_critical_point  (used by #51)
# ---------------------------------------------------------------------------

def check_periodic_critical_point(check, *, samples=12, period=2 * sympy.pi):
    """Exercised: random trigonometric polynomials f of period 2π have f'(s*) = 0 at a grid point or a sign change."""
    svar = Symbol("s", real=True)
    coefficients = st.lists(rationals(4, 2), min_size=4, max_size=4)

    def has_critical_point(c):
        f = c[0] * sympy.cos(svar) + c[1] * sympy.sin(svar) + c[2] * sympy.cos(2 * svar) + c[3] * sympy.sin(2 * svar)
        derivative = sympy.lambdify(svar, sympy.diff(f, svar), "mpmath")
        import mpmath
        grid = [derivative(mpmath.mpf(i) * 2 * mpmath.pi / 64) for i in range(65)]
        periodic = sympy.simplify(f.subs(svar, svar + period) - f) == 0
        return periodic and any(g == 0 or g * h <= 0 for g, h in zip(grid, grid[1:]))

    check.property("f' vanishes somewhere on [0, 2π] (a sign change on a 64-point grid)", coefficients,
                   has_critical_point, samples=samples,
                   scope="instances: f = c0 cos s + c1 sin s + c2 cos 2s + c3 sin 2s, rational c; the theorem is cited")


cited(PERIODIC, cited_kind="theorem",
      title="A C¹ periodic function on ℝ has a critical point",
      statement=r"If $f\in C^1(\mathbb R)$ and $f(s+T)=f(s)$ for some $T>0$, there is $s^*$ with $f'(s^*)=0$ "
                r"(extreme value theorem on $[0,T]$ and Fermat's rule).",
      source="cited: standard calculus; used for seed 003 (d) 'a global obstruction need not be local "
             "nonintegrability' (catalogue #51, supplied witness)")(lambda check: check_periodic_critical_point(check))


# ---------------------------------------------------------------------------
# velocity_constraint.global_obstruction_not_local  (catalogue #51)
# ---------------------------------------------------------------------------

ANGULAR_ROW = (-X2, X1, 0)


def _no_global_pair_proof(row) -> Proof:
    """Along the unit circle c(s) = (cos s, sin s, 0): ρ d/ds Φ(c(s)) = A(c)·c' = 1, but d/ds Φ(c(s*)) = 0."""
    C, S, rho, P1, P2, P3, Pdot = sympy.symbols("C S rho Phi_1 Phi_2 Phi_3 Phi_dot", real=True)
    on_circle = {X1: C, X2: S, X3: 0}
    A = [sympy.sympify(e).xreplace(on_circle) for e in row]
    p = Proof("no global pair for the angular form")
    p.suppose("circle", (C**2 + S**2, 1), note="c(s*) = (C, S, 0) = (cos s*, sin s*, 0) lies on the unit circle ⊂ O_v")
    for j, (Aj, Pj) in enumerate(zip(A, (P1, P2, P3))):
        p.suppose(f"A_{j + 1} = ρΦ_{j + 1}", (rho * Pj, Aj), note="A = ρΦ_x at c(s*)")
    p.suppose("chain rule", (Pdot, -S * P1 + C * P2),
              note="the chain rule (#111) in jets: d/ds Φ(c(s)) = Φ_x(c(s))·c'(s), c' = (−sin, cos, 0)")
    p.algebra("ρ Φ' = 1", ["circle", "A_1 = ρΦ_1", "A_2 = ρΦ_2", "A_3 = ρΦ_3", "chain rule"], (rho * Pdot, 1),
              certificate=[1, -S, C, 0, rho])
    p.suppose("critical point", (Pdot, 0),
              note="the cited theorem (a C¹ periodic function has a critical point): s ↦ Φ(c(s)) is C¹ and "
                   "2π-periodic, so its derivative vanishes at some s*")
    p.substitute("0 = 1", "ρ Φ' = 1", ["critical point"], (0, 1))
    p.contradiction("contradiction", "0 = 1")
    p.conclude("contradiction")
    return p


def check_global_obstruction(check, *, row=ANGULAR_ROW, rho=X1**2 + X2**2, potential=sympy.atan2(X2, X1),
                             locally_holonomic=True):
    """A = (−x2, x1, 0), b = 0 on x1² + x2² > 0: locally ρ = x1² + x2², Φ = a branch of atan2; no global pair."""
    coords = (X1, X2, X3)
    local = is_holonomic_equivalent([list(row)], None, coords)
    check.fact("locally holonomic-equivalent at generic points (Frobenius test)", local, expect=locally_holonomic,
               method="symbolic", scope="time-independent, n = 3")
    check.fact("ρ = x1² + x2², Φ = atan2(x2, x1) is a pair off the slit {x2 = 0, x1 ≤ 0}",
               check_holonomic_pair([list(row)], None, coords, rho, [potential]), method="symbolic")
    rotated = potential.xreplace({X1: -X1, X2: -X2}) if isinstance(potential, sympy.atan2) else potential
    check.fact("ρ, Φ = atan2(−x2, −x1) is a pair off the slit {x2 = 0, x1 ≥ 0}: the two branches cover O_v",
               check_holonomic_pair([list(row)], None, coords, rho, [rotated]), method="symbolic")
    svar = Symbol("s", real=True)
    circle = {X1: sympy.cos(svar), X2: sympy.sin(svar), X3: 0}
    check.identity("A(c(s))·c'(s) = 1 along the unit circle c(s) = (cos s, sin s, 0)",
                   sum(sympy.sympify(e).xreplace(circle) * sympy.diff(circle[c], svar) for e, c in zip(row, coords)), 1,
                   scope="symbolic in s")
    check.fact("c(s + 2π) = c(s) and c(s) ∈ O_v (x1² + x2² = 1 > 0)",
               all(sympy.simplify(v.subs(svar, svar + 2 * sympy.pi) - v) == 0 for v in (circle[X1], circle[X2]))
               and sympy.simplify(circle[X1] ** 2 + circle[X2] ** 2) == 1, method="symbolic")
    check.proof("no C¹ pair (ρ, Φ) with A = ρΦ_x exists on all of O_v", _no_global_pair_proof(row),
                scope="every C¹ Φ and nonvanishing ρ on O_v ⊇ unit circle (Φ may depend on t: fix t)")


remark("velocity_constraint.global_obstruction_not_local",
       title="A global obstruction need not be local nonintegrability",
       statement=r"Absence of one pair $(\varrho,\Phi)$ on the whole of $O_v$ does not make a datum locally nonholonomic. "
                 r"Witness (supplied here): $A=(-x_2,x_1,0)$, $b=0$ on $x_1^2+x_2^2>0$ has the local pairs "
                 r"$\varrho=x_1^2+x_2^2$, $\Phi$ a branch of $\operatorname{atan2}(x_2,x_1)$ near every point, but no pair on "
                 r"all of $O_v$: along the unit circle $\varrho\,\frac{d}{ds}\Phi(c(s))=1$, while the periodic $\Phi\circ c$ "
                 r"has a critical point.",
       source=f"{SEED003} (d): 'Absence of one pair on the whole domain O_v alone is insufficient, since a global "
              "obstruction need not be local nonintegrability'",
       uses=[DEFINITION_ID], proof_uses=[CHAIN_RULE, PERIODIC])(lambda check: check_global_obstruction(check))


# ---------------------------------------------------------------------------
# velocity_constraint.rolling_disk_holonomic_equivalent  (catalogue #52)
# ---------------------------------------------------------------------------

def check_rolling_disk_equivalent(check, *, row=(1, -a), potential=s - a * theta, rho=1, holonomic=True,
                                  radius_dimension=LENGTH):
    """s' − aθ' = 0: A = (1, −a), b = 0, Φ = s − aθ (dimension ℓ), ρ = 1 (dimensionless)."""
    coords = (s, theta)
    decision = is_holonomic_equivalent([list(row)], None, coords)
    check.fact("the Frobenius test: s' − aθ' = 0 is holonomic-equivalent", decision, expect=holonomic,
               method="symbolic", scope="reduced model q = (s, θ), time-independent")
    check.fact("A = ρΦ_x and b = ρΦ_t with Φ = s − aθ, ρ = 1", check_holonomic_pair([list(row)], None, coords, rho,
                                                                                    [potential]), method="symbolic")
    check_disk_dimensionless_rho(check, radius_dimension=radius_dimension, row=row, potential=potential)
    check.fact("the claimed ρ is a pure number, as its dimension 1 requires", sympy.sympify(rho).is_number,
               method="computation", detail=f"ρ = {sympy.sstr(rho)}")


example("velocity_constraint.rolling_disk_holonomic_equivalent",
        title="The reduced rolling disk s' − aθ' = 0 is holonomic-equivalent with Φ = s − aθ and ρ = 1",
        statement=r"In the reduced model $q=(s,\theta)$ (not a $3N$ datum), $[s]=[a]=\ell$, $[\theta]=1$, $a>0$: the law "
                  r"$s'-a\theta'=0$ has $A=(1,-a)$, $b=0$, $\Phi=s-a\theta$ of dimension $\ell$ and dimensionless $\varrho=1$.",
        source=f"{SEED003} (d): 'Its no-slip law s' − aθ' = 0 is holonomic-equivalent with A = (1, −a), b = 0, "
               "Φ(s,θ) = s − aθ of dimension ℓ, and dimensionless ϱ = 1'",
        uses=[DEFINITION_ID, "units.rolling_disk_dimensionless_rho",
              "holonomic.planar_rolling_disk_constraint_example"])(lambda check: check_rolling_disk_equivalent(check))


# ---------------------------------------------------------------------------
# external.tong_rolling_coin_nonholonomic  (catalogue #114)
# ---------------------------------------------------------------------------

XT, YT, THETA, PHI, R = sympy.symbols("x y theta phi R", real=True)
R = Symbol("R", positive=True)
TONG_COORDS = (XT, YT, THETA, PHI)
TONG_SOURCE_CLAIM = "non-holonomic (Tong, Lectures on Classical Dynamics, Section 2.3.2, Eq. (2.41))"


def tong_constraint_matrix(frozen_angle=None) -> Matrix:
    """x' − Rφ' sin θ = 0, y' − Rφ' cos θ = 0 on (x, y, θ, φ); with ``frozen_angle`` θ is replaced by a constant."""
    angle = THETA if frozen_angle is None else frozen_angle
    return Matrix([[1, 0, 0, -R * sympy.sin(angle)], [0, 1, 0, -R * sympy.cos(angle)]])


def check_tong_coin(check, *, holonomic=False, frozen_angle=None, radius_dimension=LENGTH):
    """The checker's own verdict on Tong's coin: ker A = span{∂θ, ∂φ + R sinθ∂x + R cosθ∂y}; brackets give rank 4."""
    A = tong_constraint_matrix(frozen_angle)
    decision = is_holonomic_equivalent(A, None, TONG_COORDS)
    verdict = "holonomic-equivalent" if decision else "locally nonholonomic"
    check.fact(f"the checker's own Frobenius test: {verdict}; the source reports {TONG_SOURCE_CLAIM}",
               decision, expect=holonomic, method="symbolic", scope="R > 0, all (x, y, θ, φ)")
    X_1 = Matrix([0, 0, 1, 0])
    X_2 = Matrix([R * sympy.sin(THETA), R * sympy.cos(THETA), 0, 1])
    check.identity("∂θ and ∂φ + R sinθ ∂x + R cosθ ∂y are annihilated by A", A * Matrix.hstack(X_1, X_2),
                   sympy.zeros(A.rows, 2))
    B_1 = lie_bracket(X_1, X_2, TONG_COORDS)
    B_2 = lie_bracket(X_1, B_1, TONG_COORDS)
    check.identity("[X1, X2] = (R cos θ, −R sin θ, 0, 0)", B_1, Matrix([R * sympy.cos(THETA), -R * sympy.sin(THETA), 0, 0]))
    check.identity("[X1, [X1, X2]] = (−R sin θ, −R cos θ, 0, 0)", B_2,
                   Matrix([-R * sympy.sin(THETA), -R * sympy.cos(THETA), 0, 0]))
    determinant = sympy.trigsimp(Matrix.hstack(X_1, X_2, B_1, B_2).det())
    check.fact("det[X1, X2, [X1, X2], [X1, [X1, X2]]] = −R² ≠ 0: rank 4 at every point, nowhere integrable",
               sympy.expand(determinant + R**2) == 0 and determinant.is_nonzero is True, method="symbolic",
               detail=f"det = {sympy.sstr(determinant)}")
    dims = tong_dimensions(radius_dimension)
    for law in tong_laws():
        check.fact(f"{sympy.sstr(law)} = 0 is dimensionally homogeneous", is_dimensionally_homogeneous(law, dims),
                   method="computation", scope="[x] = [y] = [R] = ℓ, θ, φ radians")


cited("external.tong_rolling_coin_nonholonomic", cited_kind="literature",
      title="Tong's rolling coin is a non-holonomic model (source-reported classification)",
      statement=r"Source's claim: a coin of radius $R>0$ rolling without slipping down a slope, coordinates "
                r"$(x,y,\theta,\varphi)$, constraints $x'=R\varphi'\sin\theta$, $y'=R\varphi'\cos\theta$, is non-holonomic "
                r"(Tong, Section 2.3.2, Eq. (2.41)). The seed reports this and neither proves it nor classifies 3-D rolling. "
                r"The checker decides it with its own Frobenius test (equation number and sign convention not checked "
                r"against the source).",
      source=f"cited: {SEED003} (d) 'which he identifies as non-holonomic (Section 2.3.2, Eq. (2.41))'",
      uses=[DEFINITION_ID, RHO_DPHI_ID, "units.tong_coin_homogeneous"])(lambda check: check_tong_coin(check))
