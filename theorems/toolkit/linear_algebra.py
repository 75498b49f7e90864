"""Finite-dimensional linear algebra of the toolkit: the Euclidean pairing, kernel projectors, transpose multipliers.

* :func:`euclidean_inner_product` -- ``⟨x, y⟩ = Σ_{k<n} x_k y_k`` on ℝⁿ;
* :func:`kernel_projector` -- ``P = I − Aᵀ(AAᵀ)⁻¹A``, the orthogonal projector onto ``ker A`` of a
  surjective ``A``;
* :func:`transpose_multiplier` -- ``μ = (AAᵀ)⁻¹Aℓ``, the multiplier with ``ℓ = Aᵀμ`` when ``ℓ``
  annihilates ``ker A``;
* exact arithmetic in a field of rational functions: :func:`rational_function_matrices` (sympy matrices
  to matrices over ``Q(g_1, ..., g_r)``, every non-rational subexpression a generator) and the decision
  :func:`rational_identity` (``lhs = rhs`` as rational functions), far cheaper than ``cancel`` on large
  rational expressions;
* exact polynomial algebra over ℚ: :func:`polynomials_over_QQ` (Exprs to sympy's sparse ring ℚ[gens]) and
  :func:`jacobian_and_minors` (a Jacobian and its expanded k×k minors, computed in that ring when it can be).

Linear systems are solved with ``LUsolve``; nothing here inverts a matrix with ``inv()``.  Part of the toolkit
(:mod:`theorems.toolkit`): declares no item; the items about these constructions (the cited definition
``linalg.euclidean_inner_product``, the annihilator lemma) are in :mod:`theorems.foundations.linalg`.
"""
from __future__ import annotations

import itertools

import sympy
from sympy import QQ, Matrix
from sympy.polys.matrices import DomainMatrix
from sympy.polys.rings import PolyRing

from checker.kernel.decision import Decision, undecided_on_floats
from theorems.toolkit.fraction_free import rational_generators as _rational_generators

__all__ = [
    "euclidean_inner_product",
    "kernel_projector",
    "transpose_multiplier",
    "rational_function_matrices",
    "rational_identity",
    "field_zero_decision",
    "polynomials_over_QQ",
    "jacobian_and_minors",
]


def euclidean_inner_product(x, y):
    """``⟨x, y⟩ = Σ_{k<n} x_k y_k`` for two vectors of the same length n (lists or Matrices)."""
    x, y = list(x), list(y)
    if len(x) != len(y):
        raise ValueError(f"vectors of lengths {len(x)} and {len(y)} have no Euclidean inner product")
    return sum((xk * yk for xk, yk in zip(x, y)), sympy.S.Zero)


def _require_invertible_gram(gram, generators) -> None:
    """det(AAᵀ) ≠ 0 in the field of independent indeterminates must also be ≢ 0 as a function of the generator
    expressions (rows dependent only after sin² + cos² = 1 give a disguised 0): ``NonInvertibleMatrixError`` when it
    is shown ≡ 0, ``ZeroUndecided`` when undecided (:func:`theorems.toolkit.zero_handling.require_nonzero_divisor`)."""
    from theorems.toolkit.zero_handling import independent_generators, require_nonzero_divisor
    if not generators or independent_generators(generators) or not gram.shape[0]:
        return
    require_nonzero_divisor(gram.det().numer, generators, "det AAᵀ (AAᵀ is singular)",
                            sympy.matrices.exceptions.NonInvertibleMatrixError)


def _gram_solve(A: Matrix, rhs: Matrix) -> Matrix:
    """``(AAᵀ)⁻¹ rhs``, exactly in the field of rational functions of the entries (raises
    ``NonInvertibleMatrixError`` when AAᵀ is singular, there or as functions of the entries)."""
    from sympy.polys.matrices.exceptions import DMNonInvertibleMatrixError
    (Ad, rhs_d), to_sympy, generators = _field_matrices(A, rhs)
    gram = Ad * Ad.transpose()
    try:
        solution = gram.lu_solve(rhs_d)
    except DMNonInvertibleMatrixError as exc:
        raise sympy.matrices.exceptions.NonInvertibleMatrixError(f"AAᵀ is singular: {exc}") from exc
    _require_invertible_gram(gram, generators)
    return to_sympy(solution)


def kernel_projector(A) -> Matrix:
    """``P = I − Aᵀ(AAᵀ)⁻¹A``: for A of full row rank, the orthogonal projector onto ``ker A``."""
    A = Matrix(A)
    (Ad,), to_sympy, generators = _field_matrices(A)
    identity = Ad.eye(A.cols, Ad.domain)
    gram = Ad * Ad.transpose()
    try:
        solved = gram.lu_solve(Ad)
    except sympy.polys.matrices.exceptions.DMNonInvertibleMatrixError as exc:
        raise sympy.matrices.exceptions.NonInvertibleMatrixError(f"AAᵀ is singular: {exc}") from exc
    _require_invertible_gram(gram, generators)
    return to_sympy(identity - Ad.transpose() * solved)


def transpose_multiplier(A, ell) -> Matrix:
    """``μ = (AAᵀ)⁻¹Aℓ`` (a k-vector): the unique μ with ``ℓ = Aᵀμ`` when ℓ annihilates ``ker A``."""
    A = Matrix(A)
    ell = Matrix(list(ell))
    if ell.rows != A.cols:
        raise ValueError(f"functional has {ell.rows} entries, the matrix has {A.cols} columns")
    return _gram_solve(A, A * ell)


def rational_function_matrices(*matrices):
    """The matrices as ``DomainMatrix`` objects over one field ``K = Q(g_1, ..., g_r)`` of rational functions.

    The generators are the symbols of the entries and their non-rational subexpressions (function values,
    derivatives, radicals), each taken as an indeterminate.  Returns ``(domain matrices, to_sympy)`` where
    ``to_sympy(D)`` turns a result back into a sympy Matrix (each entry a cancelled quotient of expanded
    polynomials).  Arithmetic in K is exact; a computation valid in K holds wherever its denominators are
    nonzero.
    """
    converted, to_sympy, _ = _field_matrices(*matrices)
    return converted, to_sympy


def _field_matrices(*matrices):
    """``(domain matrices, to_sympy, generator expressions)`` of :func:`rational_function_matrices`; the expressions
    are those of the field's generators in its order (empty over ℚ)."""
    mapping: dict = {}
    plain = [Matrix(m).applyfunc(lambda e: _rational_generators(sympy.sympify(e), mapping)) for m in matrices]
    generators = sorted(set().union(*(m.free_symbols for m in plain)), key=sympy.default_sort_key)
    field = sympy.QQ.frac_field(*generators) if generators else sympy.QQ
    converted = [DomainMatrix([[field.from_sympy(e) for e in m.row(i)] for i in range(m.rows)], m.shape, field)
                 for m in plain]
    back = {dummy: expr for expr, dummy in mapping.items()}

    def to_sympy(D) -> Matrix:
        result = D.to_Matrix()
        return result.xreplace(back) if back else result

    expressions = [back.get(g, g) for g in field.field.symbols] if generators else []
    return converted, to_sympy, expressions


@undecided_on_floats
def rational_identity(lhs, rhs=0) -> Decision:
    """Decision: ``lhs = rhs`` (scalars or matrices) as rational functions of their symbols and non-rational atoms.

    Exact: both sides are brought into one field Q(g_1, ..., g_r) (:func:`rational_function_matrices`) and
    subtracted there.  When they differ, the witness is the first nonzero entry of the difference and a
    point of small integers where it does not vanish (so the identity fails there).
    """
    L, R = Matrix([lhs]) if not isinstance(lhs, sympy.MatrixBase) else Matrix(lhs), \
        Matrix([rhs]) if not isinstance(rhs, sympy.MatrixBase) else Matrix(rhs)
    if R.shape != L.shape and R == Matrix([0]):
        R = sympy.zeros(*L.shape)
    if L.shape != R.shape:
        raise ValueError(f"cannot compare a {L.shape} matrix with a {R.shape} matrix")
    (Ld, Rd), to_sympy = rational_function_matrices(L, R)
    return field_zero_decision(Ld - Rd, to_sympy)


def field_zero_decision(difference, to_sympy) -> Decision:
    """Decision: a matrix over a field of rational functions (:func:`rational_function_matrices`) is zero.

    When it is not, the witness is its first nonzero entry and a point of small integers where that entry is
    defined and nonzero.
    """
    if difference.is_zero_matrix:
        return Decision(True, certificate="difference is 0 in the field of rational functions",
                        explanation=f"identical as rational functions over {difference.domain}")
    entries = [e for e in to_sympy(difference) if e != 0]
    # the generators of K may be related (sin u and cos u, U(sin²q + cos²q) and U(1)): re-check every entry
    from theorems.toolkit.zero_handling import witness_point, zero_state
    states = [zero_state(e) for e in entries]
    shown = [(e, state) for e, state in zip(entries, states) if state.is_zero is False]
    if shown:
        residual = shown[0][0]
        return Decision(False, witness={"difference": residual, "at": witness_point(residual)},
                        explanation="the two sides differ (as rational functions, and shown ≢ 0)")
    if any(state.is_zero is None for state in states):
        return Decision.undecided_because("the two sides differ as rational functions of independent generators, but "
                                          "the difference was neither shown ≡ 0 nor ≢ 0: "
                                          + "; ".join(state.reason for state in states if state.is_zero is None))
    return Decision(True, certificate="difference shown ≡ 0 (relations between the generators)",
                    explanation="identical after the relations between the generators (theorems.zero_handling)")


def _nonvanishing_point(expr, tries: int = 40):
    """A point of small integers where ``expr`` (nonzero as a rational function) is defined and nonzero."""
    numerator, denominator = sympy.fraction(sympy.together(expr))
    symbols = sorted(numerator.free_symbols | denominator.free_symbols, key=sympy.default_sort_key)
    for shift in range(tries):
        point = {s: sympy.Integer(2 + (shift + 3 * i) % 7) for i, s in enumerate(symbols)}
        if numerator.xreplace(point) != 0 and denominator.xreplace(point) != 0:
            return {str(s): v for s, v in point.items()}
    return None


def polynomials_over_QQ(exprs, gens):
    """The expressions as polynomials over ℚ in the Symbols ``gens`` (sympy's sparse ring), or None when one is not
    such a polynomial (another symbol, a Float, a non-polynomial term): callers then take the Expr route."""
    if not all(isinstance(g, sympy.Symbol) for g in gens):
        return None
    ring = PolyRing(list(gens), QQ)
    polys = []
    for expr in exprs:
        expr = sympy.sympify(expr)
        if expr.has(sympy.Float):
            return None
        try:
            polys.append(ring.from_expr(expr))
        except (ValueError, TypeError, sympy.polys.polyerrors.PolynomialError, sympy.polys.polyerrors.CoercionFailed):
            return None
    return polys


def exact_rank(A, iszerofunc=None) -> int:
    """The rank of the matrix A; a matrix of Rationals is decided over ℚ (DomainMatrix, exact), any other by
    ``Matrix.rank`` with ``iszerofunc`` when given, else with the toolkit's zero test (a disguised 0 is no pivot;
    ``ZeroUndecided`` when a pivot candidate is undecided)."""
    A = Matrix(A)
    if 0 in A.shape:
        return 0
    if all(isinstance(e, sympy.Rational) for e in A):
        return DomainMatrix.from_Matrix(A).convert_to(QQ).rank()
    if iszerofunc is None:
        from theorems.toolkit.zero_handling import require_zero_state
        iszerofunc = lambda e: require_zero_state(e, "a pivot candidate")  # noqa: E731
    return A.rank(iszerofunc=iszerofunc)


def compose_polynomial(terms, values, ring):
    """Σ c·Π vᵢ^eᵢ over ``terms`` = (exponents, c) pairs (a polynomial's ``terms()``), with the values vᵢ elements of
    ``ring``: the polynomial evaluated at (composed with) those ring elements, exactly."""
    total = ring.zero
    for exponents, coefficient in terms:
        term = ring.ground_new(ring.domain.convert(coefficient))
        for value, exponent in zip(values, exponents):
            if exponent:
                term *= value ** exponent
        total += term
    return total


def jacobian_and_minors(G, coords, variables):
    """``(D_coords G, its k×k minors expanded)`` (minors None when k > n), in ``combinations`` order of the columns.

    For G polynomial over ℚ in ``variables`` (which hold ``coords``) both are computed in ℚ[variables]: derivatives
    of ring elements and determinants over the ring, converted back to sympy's expanded Exprs (the same expressions
    as ``expand``); otherwise ``jacobian`` and ``expand(det)``."""
    G, coords, variables = Matrix(G), list(coords), list(variables)
    k, n = G.rows, len(coords)
    exact = polynomials_over_QQ(list(G), variables) if G.rows and set(coords) <= set(variables) else None
    if exact is None:
        J = G.jacobian(coords)
        minors = None if k > n else [sympy.expand(J.extract(list(range(k)), list(cols)).det())
                                     for cols in itertools.combinations(range(n), k)]
        return J, minors
    ring = exact[0].ring
    rows = [[p.diff(ring.gens[variables.index(c)]) for c in coords] for p in exact]
    J = Matrix(k, n, [p.as_expr() for row in rows for p in row])
    if k > n:
        return J, None
    domain = ring.to_domain()
    return J, [DomainMatrix([[row[c] for c in cols] for row in rows], (k, k), domain).det().as_expr()
               for cols in itertools.combinations(range(n), k)]
