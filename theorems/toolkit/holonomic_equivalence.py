"""Holonomic equivalence of velocity constraints A(t,x)w + b(t,x) = 0 (seed 003 (d)), decided by Frobenius.

* :func:`velocity_constraint_forms` -- validated data (A, b, coordinates, time) and the k' one-forms
  ω_α = b_α dt + Σ_j A_αj dx_j on (t, x)-space (on x-space for time-independent data with b = 0);
* :func:`check_holonomic_pair` -- decision: a given pair (ρ, Φ) satisfies A = ρΦ_x, b = ρΦ_t with
  det ρ ≢ 0 and rank Φ_x = k' (generic), each identity reduced to zero;
* :func:`polynomial_first_integrals` -- the polynomial first integrals of degree ≤ d of a family of
  vector fields (a linear system for the coefficients);
* :func:`is_holonomic_equivalent` -- decision (local, at generic points) by the Frobenius test on the
  distribution ker ω = ⋂_α ker ω_α, reusing :mod:`theorems.toolkit.frobenius`; when it holds it tries to
  construct (ρ, Φ) and checks them; when it fails the witness is a bracket of two fields of the
  distribution that leaves it, with the point-independent evidence ω([X, Y]) ≢ 0 (and ω ∧ dω ≢ 0 for one row);
* :func:`integrable_data`, :func:`contact_data` -- hypothesis strategies: integrable data by construction and
  non-integrable perturbations.

"Locally at generic points": all rank and zero tests are over rational functions (as in
:mod:`theorems.toolkit.frobenius`), so an answer holds off the closed nowhere-dense set where a rank drops or a
denominator vanishes; "holonomic-equivalent" there means on a neighbourhood of each such point.

Part of the toolkit (:mod:`theorems.toolkit`): declares no item; the items of seed 003 (d) are in
:mod:`theorems.page3_velocity_constraints.holonomic_equivalence`.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Optional

import sympy
from sympy import Matrix, Rational, Symbol

from checker.kernel.decision import Decision, undecided_on_floats
from checker.kernel.engine.lazy import lazy_module
from checker.kernel.engine.symbolic import TimeLimit, time_limit
from theorems.toolkit.frobenius import (_generic_rank, annihilated_distribution, exterior_derivative, is_involutive,
                                        satisfies_frobenius_condition)
from theorems.toolkit.strategies import polynomials, rationals
from theorems.toolkit.zero_handling import (ZeroUndecided, kernel_basis, rewritten_within, rank_at_points,
                                            require_zero_state, solve_linear, witness_point, zero_state)

st = lazy_module("hypothesis.strategies")  # imported on first use: only the strategies need it

__all__ = [
    "ConstraintForms", "velocity_constraint_forms", "check_holonomic_pair", "polynomial_first_integrals",
    "is_holonomic_equivalent", "integrable_data", "contact_data",
]

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

@undecided_on_floats
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
    det = rewritten_within(rho.det())
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
    basis = _coefficient_kernel(system) if rows else \
        [Matrix([1 if i == j else 0 for i in range(len(monomials))]) for j in range(len(monomials))]
    return [sympy.expand(sum((sympy.cancel(c) * m for c, m in zip(v, monomials)), sympy.S.Zero)) for v in basis]


def _coefficient_kernel(system: Matrix) -> list:
    """``Matrix.nullspace``'s basis of ker ``system`` (1 at one free column, 0 at the others): over ℚ by ``DomainMatrix``
    when every entry is rational, else by the toolkit's robust elimination (pivots shown ≢ 0 by ``zero_state``, so a
    disguised 0 among parameter-dependent coefficients is a 0; ``ZeroUndecided`` when one cannot be decided)."""
    if not all(isinstance(e, sympy.Rational) for e in system):
        return kernel_basis(system)
    from sympy.polys.matrices import DomainMatrix
    reduced, pivots = DomainMatrix.from_Matrix(system).convert_to(sympy.QQ).rref()
    rows = reduced.to_list()
    basis = []
    for free in (j for j in range(system.cols) if j not in pivots):
        vector = [sympy.QQ(0)] * system.cols
        vector[free] = sympy.QQ(1)
        for row, column in enumerate(pivots):
            vector[column] -= rows[row][free]
        basis.append(Matrix([sympy.QQ.to_sympy(e) for e in vector]))
    return basis


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


@undecided_on_floats
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
    from theorems.toolkit.strategies import full_row_rank_matrices
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
    linear coordinates z = Pv (P invertible), mixed by a constant invertible C; only data whose A has generic rank k.

    Integrability is invariant under diffeomorphisms and invertible re-mixing, and ker(dz₃ − z₁dz₂) (with dz₄)
    contains ∂_{z₁} and ∂_{z₂} + z₁∂_{z₃}, whose bracket ∂_{z₃} it does not contain.
    """
    coords = tuple(coords)
    variables = _variables(coords, time)
    m = len(variables)
    if k not in (1, 2) or m < 2 + k:
        raise ValueError("contact_data needs k = 1 (≥ 3 variables) or k = 2 (≥ 4 variables)")
    from theorems.toolkit.strategies import full_row_rank_matrices

    def build(args):
        P, C = args
        z = P * Matrix(variables)
        dz = [P.row(i) for i in range(m)]
        rows = [dz[2] - z[0] * dz[1]] + ([dz[3]] if k == 2 else [])
        forms = (C * Matrix.vstack(*rows)).applyfunc(sympy.expand)
        return _datum_from_forms(forms, coords, time)

    # with time a variable the forms have full rank in (t, x) but their spatial part A may not (a row dt alone):
    # such a draw is no velocity-constraint datum (rank A = k is part of the definition) and is rejected
    return st.tuples(full_row_rank_matrices(m, m, max_num=max_num, max_den=2),
                     full_row_rank_matrices(k, k, max_num=max_num, max_den=2)).map(build).filter(
                         lambda datum: _generic_rank(datum.A) == k)


def _decide(datum: RandomDatum, **options) -> Decision:
    return is_holonomic_equivalent(datum.A, datum.b, datum.coords, datum.time, **options)

