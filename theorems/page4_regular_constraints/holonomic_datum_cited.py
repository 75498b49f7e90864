"""The cited results of seed 004's datum (trusted results, exercised): intervals, C^k maps, Jacobians, regular values,
rank–nullity, tangent spaces, slice charts, the implicit function theorem and regular level sets.

Catalogue #80, #83, #84, #85, #107, #86, #116, #117, #118; split from :mod:`theorems.page4_regular_constraints.holonomic_datum` (the datum, its
slice charts and implicit functions live there).  Each verifier is a plain function ``check_*(check, **claim)``; the
soundness tests in ``tests/test_corpus_holonomic_datum.py`` run them on mutated claims.
"""
from __future__ import annotations

import contextlib
from itertools import combinations, product

import mpmath
import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational, Symbol

from checker import cited
from checker.kernel.deduction import atom, forall, implies
from theorems.foundations.analytic_facts import GRAPH, INTERVAL, PARAMETER, POINT, SUBSET, TIME
from theorems.foundations.calculus_every_size import check_jacobian_every_size
from checker.kernel.engine.randomized import OutsideDomain
from theorems.page2_semiholonomic.constraint_principles import chetaev_virtual_displacements
from theorems.toolkit.strategies import polynomials, rational_matrices, rationals
from theorems.page4_regular_constraints.holonomic_datum import (  # noqa: F401 - the datum and shared helpers
    DPS, ImplicitFunction, X, _compose, _describe_level_set, _is_zero, _level_set_instances, _mpf, _rank,
    _shifted_polynomials, local_graph_residuals, rank_on_locus_certificate, slice_chart, t, x1, x2, x3,
)


# ---------------------------------------------------------------------------
# cited: reals.intervals_nine_order_convex_forms  (#80)
# ---------------------------------------------------------------------------

ENDPOINT_TYPES = ("unbounded", "closed", "open")


def interval_of_type(lower: str, upper: str, a=0, b=1):
    """The interval with the given endpoint types: e.g. ('closed', 'open') is [a, b), ('unbounded', ...) (−∞, ..."""
    left = -sympy.oo if lower == "unbounded" else sympy.sympify(a)
    right = sympy.oo if upper == "unbounded" else sympy.sympify(b)
    return sympy.Interval(left, right, left_open=(lower == "open"), right_open=(upper == "open"))


def interval_type(S) -> tuple:
    """The endpoint types of a nonempty interval: inf −∞ / attained / not attained, and the same for sup."""
    def kind(end):
        if end in (-sympy.oo, sympy.oo):
            return "unbounded"
        return "closed" if S.contains(end) == sympy.true else "open"
    return kind(S.inf), kind(S.sup)


def _order_convex_on(S, points) -> bool:
    inside = sorted(p for p in points if S.contains(p) == sympy.true)
    if not inside:
        return True
    return all(S.contains(q) == sympy.true for q in points if inside[0] <= q <= inside[-1])


def _interval_pairs():
    ends = st.tuples(st.sampled_from(ENDPOINT_TYPES), st.sampled_from(ENDPOINT_TYPES),
                     rationals(6, 2), rationals(6, 2))
    return st.tuples(ends, ends)


def check_interval_forms(check, *, lower_types=ENDPOINT_TYPES, upper_types=ENDPOINT_TYPES, claimed_count=9):
    """The order-convex subsets of ℝ with nonempty interior have 3 × 3 = 9 forms; degenerate and length facts."""
    forms = {(lo, up): interval_of_type(lo, up, 0, 1) for lo, up in product(lower_types, upper_types)}
    probes = [-100, 0, Rational(1, 2), 1, 100]
    signatures = {tuple(S.contains(p) == sympy.true for p in probes) for S in forms.values()}
    check.fact(f"inf types x sup types give {claimed_count} pairwise different intervals",
               len(signatures) == len(forms) == claimed_count, method="computation",
               detail=f"{len(forms)} combinations of {list(lower_types)} x {list(upper_types)}, "
                      f"{len(signatures)} different membership signatures on {probes}")
    check.fact("each form is order-convex and its endpoint types are recovered",
               all(_order_convex_on(S, probes + [Rational(1, 4), Rational(3, 4), -1, 2]) and interval_type(S) == key
                   for key, S in forms.items()), method="computation")

    def union_is_one_of_the_forms(instance):
        pieces = []
        for lo, up, a, b in instance:
            a, b = min(a, b), max(a, b)
            pieces.append(interval_of_type(lo, up, a, b))
        U = sympy.Union(*pieces)
        ends = sorted({e for S in pieces if S is not sympy.S.EmptySet for e in (S.inf, S.sup) if e.is_finite})
        probes = ends + [(p + q) / 2 for p, q in zip(ends, ends[1:])] + [-1000, 1000]
        convex = _order_convex_on(U, probes)
        if U is sympy.S.EmptySet or isinstance(U, sympy.FiniteSet):
            return convex  # degenerate: ∅ or a point
        if not convex:
            return not isinstance(U, sympy.Interval)
        if not isinstance(U, sympy.Interval):
            return False
        return interval_type(U) in forms and U == interval_of_type(*interval_type(U), U.inf, U.sup)

    check.property("an order-convex union of two intervals is one interval of the nine forms", _interval_pairs(),
                   union_is_one_of_the_forms, samples=20,
                   scope=f"{check.instances(20)} instances; " + "randomized: unions of two random intervals of random types with rational endpoints; "
                         "order-convexity tested at endpoints, gap midpoints and far points")
    a, b = sympy.symbols("a b", real=True)
    check.fact("degenerate forms: (a, a) = [a, a) = (a, a] = ∅ and [a, a] = {a}",
               all(sympy.Interval(a, a, lo, ro) is sympy.S.EmptySet for lo, ro in ((True, True), (False, True), (True, False)))
               and sympy.Interval(a, a) == sympy.FiniteSet(a), method="symbolic")
    lengths = [sympy.Interval(0, Rational(5, 2), lo, ro).measure for lo, ro in product((False, True), repeat=2)]
    check.fact("length b − a for every bounded form ([0, 5/2] and its open variants)", set(lengths) == {Rational(5, 2)},
               method="computation")


@cited("reals.intervals_nine_order_convex_forms", cited_kind="definition",
       title="Intervals of ℝ: the nine order-convex forms, nondegeneracy, and length",
       statement=r"Every order-convex subset of $\mathbb R$ is one of $(a,b)$, $[a,b]$, $[a,b)$, $(a,b]$, "
                 r"$(a,\infty)$, $[a,\infty)$, $(-\infty,b)$, $(-\infty,b]$, $\mathbb R$: the infimum is $-\infty$, "
                 r"attained or not attained, and so is the supremum ($3\times 3 = 9$); $\emptyset$ and points are "
                 r"the degenerate $(a,a)$, $[a,a]$ (and $[a,a) = (a,a] = \emptyset$). An interval is nondegenerate when "
                 r"it has nonempty interior; the "
                 r"length of a bounded interval is $b-a$.",
       source="cited: 001, 003, 004 'Intervals of ℝ: the nine order-convex forms, nondegeneracy, and length'")
def _(check):
    check_interval_forms(check)


# ---------------------------------------------------------------------------
# cited: calculus.ck_maps_and_diffeomorphisms  (#83)
# ---------------------------------------------------------------------------

def _one_sided_limits(expr, var, at=0):
    return sympy.limit(expr, var, at, "-"), sympy.limit(expr, var, at, "+")


def check_ck_maps(check, *, claimed_class_of_x_abs_x=1, polynomial_chart=None):
    """``x|x|`` is C¹ but not C²; ``x³`` is a C^∞ bijection with non-differentiable inverse; a polynomial
    slice chart is a C^∞ diffeomorphism (inverse polynomial, compositions the identity, det Dh = 1)."""
    s = Symbol("s", real=True)
    f = s * sympy.Abs(s)
    k = claimed_class_of_x_abs_x
    derivatives = [f]
    for _ in range(k + 1):
        derivatives.append(sympy.diff(derivatives[-1], s))
    continuous = []
    for d in derivatives[:k + 1]:
        left, right = _one_sided_limits(d, s)
        continuous.append(left == right == d.subs(s, 0))
    left, right = _one_sided_limits(derivatives[k + 1], s)
    check.fact(f"x|x| is C^{k}: its derivatives of order <= {k} are continuous at 0", all(continuous),
               method="symbolic", detail=f"derivatives {[sympy.sstr(d) for d in derivatives[:k + 1]]}")
    check.fact(f"x|x| is not C^{k + 1}: the one-sided limits of the order-{k + 1} derivative at 0 differ",
               left != right, method="symbolic", detail=f"limits {left}, {right}")
    quotient = sympy.limit(sympy.cbrt(s) / s, s, 0, "+")
    check.fact("x ↦ x³ is a C^∞ bijection of ℝ whose inverse is not differentiable at 0 (not a diffeomorphism)",
               quotient == sympy.oo and sympy.diff(s**3, s).subs(s, 0) == 0, method="symbolic",
               detail=f"lim_(h→0+) cbrt(h)/h = {quotient}")
    u, v, w = sympy.symbols("u v w", real=True)
    chart = polynomial_chart or slice_chart([u**2 - 3 * u], [u], [v], [w])
    h, h_inv = chart.forward(), chart.inverse()
    check.identity("h⁻¹ ∘ h = id for h(u, v) = (u, v − u² + 3u)", _compose(h_inv, [u, w], h), Matrix([u, v]),
                   scope="symbolic, polynomial φ")
    check.identity("h ∘ h⁻¹ = id", _compose(h, [u, v], h_inv), Matrix([u, w]), scope="symbolic, polynomial φ")
    check.identity("det Dh = 1 (h and h⁻¹ polynomial, hence C^∞)", h.jacobian([u, v]).det(), 1, scope="symbolic")


@cited("calculus.ck_maps_and_diffeomorphisms", cited_kind="definition",
       title="C^k Euclidean maps and diffeomorphisms",
       statement=r"A map between open subsets of Euclidean spaces is $C^k$ when all partial derivatives of order "
                 r"$\le k$ exist and are continuous; a $C^k$ diffeomorphism is a bijection $h$ with $h$ and "
                 r"$h^{-1}$ of class $C^k$. (Exercised: $x|x|$ is $C^1$ not $C^2$; $x^3$ is a smooth bijection "
                 r"but not a diffeomorphism; a polynomial slice chart is a $C^\infty$ diffeomorphism.)",
       source="cited: 001, 003, 004 'C^k Euclidean maps and diffeomorphisms'")
def _(check):
    check_ck_maps(check)


# ---------------------------------------------------------------------------
# cited: calculus.jacobian_matrix_and_gradient  (#84)
# ---------------------------------------------------------------------------

def _jacobian(G, x):
    return Matrix(list(G)).jacobian(list(x))


def _map_instances(max_n=3, max_k=2):
    def for_size(size):
        n, k = size
        return st.tuples(st.just(n), st.lists(polynomials(X[:n], max_degree=3, max_terms=4, max_num=5, max_den=3),
                                              min_size=k, max_size=k),
                         st.lists(rationals(4, 3), min_size=n, max_size=n), st.lists(rationals(4, 3), min_size=n, max_size=n))
    sizes = [(n, k) for n in range(1, max_n + 1) for k in range(1, max_k + 1)]
    return st.sampled_from(sizes).flatmap(for_size)


GENERIC_MAP_SIZES = ((1, 1), (2, 1), (3, 1), (2, 2), (3, 2))


def check_jacobian_and_gradient(check, *, jacobian=_jacobian, randomized=True, every_size=True,
                                every_size_mutation=None):
    """``DG(p)`` is the matrix ``[∂G_i/∂x_j]``: ``d/ds G(p + s w)|₀ = DG(p) w``; for k = 1 the gradient is ``DGᵀ``.

    ``every_size`` proves it for every n, k from the definition of the derivative
    (:func:`theorems.foundations.calculus_every_size.check_jacobian_every_size`, keyword mutations
    ``every_size_mutation``), deciding; the toolkit's ``jacobian`` on generic maps (n ≤ 3, k ≤ 2) then supports."""
    if every_size:
        check_jacobian_every_size(check, **(every_size_mutation or {}))
    with (check.supporting() if every_size else contextlib.nullcontext()):
        _jacobian_fixed_sizes(check, jacobian, randomized)


def _jacobian_fixed_sizes(check, jacobian, randomized):
    s = Symbol("s", real=True)

    def directional(instance):
        n, G, p, w = instance
        xs = list(X[:n])
        J = Matrix(jacobian(G, xs))
        if J.shape != (len(G), n):
            return False
        at_p = dict(zip(xs, p))
        entries = all(_is_zero(J[i, j] - sympy.diff(G[i], xs[j])) for i in range(len(G)) for j in range(n))
        line = {xi: pi + s * wi for xi, pi, wi in zip(xs, p, w)}
        derivative = Matrix([sympy.diff(g.xreplace(line), s).subs(s, 0) for g in G])
        return entries and (derivative - J.xreplace(at_p) * Matrix(w)).is_zero_matrix

    for n, k in GENERIC_MAP_SIZES:  # generic C¹ maps: the definition itself, checked symbolically
        xs = list(X[:n])
        G = [Function(f"G{i + 1}")(*xs) for i in range(k)]
        p = sympy.symbols(f"p1:{n + 1}", real=True)
        w = sympy.symbols(f"w1:{n + 1}", real=True)
        J = Matrix(jacobian(G, xs))
        shape_ok = J.shape == (k, n)
        check.fact(f"DG of a map R^{n} → R^{k} is a {k} x {n} matrix", shape_ok, method="symbolic",
                   detail=f"the claimed Jacobian has shape {J.shape}")
        if not shape_ok:
            continue
        line = {xi: pi + s * wi for xi, pi, wi in zip(xs, p, w)}
        derivative = Matrix([sympy.diff(g.xreplace(line), s).subs(s, 0) for g in G])
        check.identity(f"d/ds G(p + s w)|_0 = DG(p) w for every w, so DG(p) = [∂G_i/∂x_j(p)] (n = {n}, k = {k})",
                       derivative,
                       J.subs(dict(zip(xs, p)), simultaneous=True) * Matrix(w),
                       scope=f"symbolic, generic G: R^{n} → R^{k}, generic p, w (chain rule)")

    if randomized:
        with check.supporting():
            check.property("d/ds G(p + s w)|_0 = DG(p) w and DG = [∂G_i/∂x_j]", _map_instances(), directional,
                           samples=20,
                           describe=lambda inst: {"n": inst[0], "G": [sympy.sstr(g) for g in inst[1]], "p": inst[2],
                                                  "w": inst[3]},
                           scope=f"{check.instances(20)} instances; " + "randomized, exact: polynomial maps R^n → R^k of degree ≤ 3, n ≤ 3, k ≤ 2, rational p, w")
    U = Function("U")
    gradient = Matrix([sympy.diff(U(x1, x2, x3), xi) for xi in (x1, x2, x3)])
    claimed = Matrix(jacobian([U(x1, x2, x3)], [x1, x2, x3])).T
    shape_ok = claimed.shape == gradient.shape
    check.fact("the Jacobian of a scalar U on R³ is 1 x 3", shape_ok, method="symbolic",
               detail=f"the claimed Jacobian has shape {claimed.T.shape}")
    if shape_ok:
        check.identity("gradient of a scalar U is the transpose of its 1 x 3 Jacobian", claimed, gradient,
                       scope="symbolic, generic U, n = 3")


@cited("calculus.jacobian_matrix_and_gradient", cited_kind="definition",
       title="The Jacobian matrix of partial derivatives and the gradient in the scalar-valued case",
       statement=r"For $G: U\subseteq\mathbb R^n\to\mathbb R^k$ differentiable at $p$, $DG(p)$ is the $k\times n$ "
                 r"matrix $[\partial G_i/\partial x_j(p)]$, so $\frac{d}{ds}G(p+sw)|_{s=0} = DG(p)w$; for $k = 1$ the "
                 r"gradient is $\nabla G(p) = DG(p)^{\mathsf T}$.",
       source="cited: 001, 003, 004 'The Jacobian matrix of partial derivatives and the gradient in the scalar-valued case'")
def _(check):
    check_jacobian_and_gradient(check)


# ---------------------------------------------------------------------------
# cited: calculus.regular_critical_points_values_level_sets  (#85)
# ---------------------------------------------------------------------------

def is_regular_point(G, x, point) -> bool:
    """``p`` is a regular point of G when ``DG(p)`` is surjective (rank k)."""
    G = Matrix(list(G))
    return _rank(G.jacobian(list(x)).xreplace(dict(zip(x, point)))) == G.rows


def regular_value_1d(g, var, c) -> bool:
    """``c`` is a regular value of the real polynomial ``g``: no real root of ``g − c`` is a root of ``g'``."""
    c = sympy.sympify(c)
    if c.is_Rational:
        common = sympy.gcd(sympy.Poly(g - c, var), sympy.Poly(sympy.diff(g, var), var))
        return common.degree() <= 0 or not sympy.real_roots(common)
    common = sympy.gcd(sympy.Poly(g - c, var, extension=True), sympy.Poly(sympy.diff(g, var), var, extension=True))
    if common.degree() <= 0:
        return True
    roots = sympy.roots(common.as_expr(), var)
    if sum(roots.values()) != common.degree():
        raise NotImplementedError(f"could not isolate the roots of {common.as_expr()}")
    return not any(r.is_real for r in roots)


def _univariate_instances():
    s = X[0]
    return st.tuples(polynomials([s], max_degree=4, max_terms=4, min_terms=2, max_num=5, max_den=2), rationals(4, 2))


def check_regular_values(check, *, regular_value=regular_value_1d, critical_points_of_cubic=None):
    """Regular points (DG surjective) and regular values (all preimages regular) for ``x³ − x`` and random g."""
    s = X[0]
    g = s**3 - s
    critical = critical_points_of_cubic if critical_points_of_cubic is not None else [-1 / sympy.sqrt(3), 1 / sympy.sqrt(3)]
    check.fact("x³ − x: the critical points are ±1/√3 (g' = 0 there and only there)",
               sorted(sympy.solve(sympy.diff(g, s), s), key=sympy.default_sort_key)
               == sorted(critical, key=sympy.default_sort_key)
               and all(not is_regular_point([g], [s], [c]) for c in critical), method="symbolic")
    values = {sympy.nsimplify(g.subs(s, c)) for c in critical}
    check.fact("0 is a regular value of x³ − x (roots 0, ±1 are regular points); the values ∓2√3/9 are critical",
               regular_value(g, s, 0) and all(not regular_value(g, s, v) for v in values), method="symbolic",
               detail=f"critical values {sorted(values, key=sympy.default_sort_key)}")

    def agrees_with_preimages(instance):
        poly, c = instance
        if sympy.degree(poly, s) < 1:
            raise OutsideDomain("constant polynomial")
        roots = sympy.real_roots(sympy.Poly(poly - c, s))
        direct = all(sympy.diff(poly, s).subs(s, r) != 0 for r in roots)
        certified = bool(rank_on_locus_certificate([poly], [s], level=[c]))
        return regular_value(poly, s, c) == direct and (not certified or direct)

    check.property("regular value ⇔ g' ≠ 0 at every real root of g − c; the Gröbner certificate implies it",
                   _univariate_instances(), agrees_with_preimages, samples=15,
                   describe=lambda inst: {"g": sympy.sstr(inst[0]), "c": str(inst[1])},
                   scope=f"{check.instances(15)} instances; " + "randomized, exact: polynomials of degree ≤ 4 with rational coefficients, rational c; "
                         "real roots isolated exactly (CRootOf)")
    quartic = s**4 + s**2
    check.fact("the Gröbner certificate is only sufficient: c = −1/4 is a regular value of x⁴ + x² "
               "(no real preimage) though g − c and g' share the complex roots ±i/√2",
               regular_value(quartic, s, Rational(-1, 4))
               and not rank_on_locus_certificate([quartic], [s], level=[Rational(-1, 4)]), method="computation")


@cited("calculus.regular_critical_points_values_level_sets", cited_kind="definition",
       title="Regular and critical points, regular and critical values, and level sets",
       statement=r"For $G: U\subseteq\mathbb R^n\to\mathbb R^k$ of class $C^1$, $p$ is a regular point when $DG(p)$ "
                 r"is surjective (rank $k$), a critical point otherwise; $c$ is a regular value when every point of "
                 r"the level set $G^{-1}(c)$ is regular (vacuously when it is empty), a critical value otherwise. "
                 r"(Seed 004 cites it as 'Regular and critical points and values', in the smooth category.)",
       source="cited: 001 'Regular and critical points, regular and critical values, and level sets'; "
              "004 'Regular and critical points and values'",
       uses=["calculus.jacobian_matrix_and_gradient"])
def _(check):
    check_regular_values(check)


# ---------------------------------------------------------------------------
# cited: linalg.rank_nullity  (#107)
# ---------------------------------------------------------------------------

def _low_rank_instances(max_size=5):
    def for_shape(shape):
        rows, cols, r = shape
        return st.tuples(rational_matrices(rows, r, 5, 2), rational_matrices(r, cols, 5, 2))
    shapes = [(a, b, r) for a in range(1, max_size + 1) for b in range(1, max_size + 1) for r in range(1, min(a, b) + 1)]
    return st.sampled_from(shapes).flatmap(for_shape).map(lambda pair: pair[0] * pair[1])


def check_rank_nullity(check, *, nullity=lambda rows, cols, rank: cols - rank, symbolic_shapes=((2, 3), (3, 2))):
    """``rank A + dim N(A) = n`` for an m×n matrix: exact on random (often rank-deficient) rational matrices."""
    def holds(A):
        basis = A.nullspace()
        in_kernel = all((A * v).is_zero_matrix for v in basis)
        independent = Matrix.hstack(*basis).rank() == len(basis) if basis else True
        return in_kernel and independent and len(basis) == nullity(A.rows, A.cols, A.rank())

    check.property("rank A + dim N(A) = n (N(A) from an independent nullspace basis)", _low_rank_instances(), holds,
                   samples=30, describe=sympy.sstr,
                   scope=f"{check.instances(30)} instances; " + "randomized, exact rationals: A = B C with B m×r, C r×n, 1 ≤ m, n ≤ 5 (rank ≤ r)")
    for rows, cols in symbolic_shapes:
        A = Matrix(rows, cols, lambda i, j: Symbol(f"a{i + 1}{j + 1}"))
        rank, basis = A.rank(iszerofunc=_is_zero), A.nullspace(iszerofunc=_is_zero)
        check.fact(f"generic {rows}x{cols}: rank {rank} + nullity {len(basis)} = {cols}",
                   len(basis) == nullity(rows, cols, rank) and all(_is_zero(e) for v in basis for e in A * v),
                   method="symbolic", scope=f"symbolic, generic entries (rank over the field of rational functions), "
                                            f"{rows}x{cols}")


@cited("linalg.rank_nullity", cited_kind="theorem",
       title="For an m×n matrix A, rank(A) + dim N(A) = n",
       statement=r"For $A\in\mathbb R^{m\times n}$, $\operatorname{rank}(A) + \dim N(A) = n$, where "
                 r"$N(A) = \{v: Av = 0\}$.",
       source="cited: 003, 004 'For an m×n matrix A, rank(A) + dim N(A) = n'", avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_rank_nullity(check)


# ---------------------------------------------------------------------------
# cited: calculus.tangent_space_regular_level_set  (#86)
# ---------------------------------------------------------------------------

def sphere_point(a, b) -> Matrix:
    """The rational point of the unit sphere S² with stereographic coordinates (a, b)."""
    a, b = sympy.Rational(a), sympy.Rational(b)
    d = a**2 + b**2 + 1
    return Matrix([2 * a / d, 2 * b / d, (a**2 + b**2 - 1) / d])


def _skew(c):
    return Matrix([[0, -c[2], c[1]], [c[2], 0, -c[0]], [-c[1], c[0], 0]])


def _kernel_tangent_space(J):
    return chetaev_virtual_displacements(J)


def check_tangent_space(check, *, tangent_space=_kernel_tangent_space, randomized=True):
    """``T_pS = ker DG(p)`` for a regular level set: curve velocities lie in it and span it (dimension n − k)."""
    s = Symbol("s", real=True)
    sphere = x1**2 + x2**2 + x3**2 - 1
    J_pole = Matrix([[0, 0, 2]])  # DG at the north pole (0, 0, 1)
    meridians = [Matrix([2 * s, 0, 1 - s**2]) / (1 + s**2), Matrix([0, 2 * s, 1 - s**2]) / (1 + s**2)]  # rational
    velocities = Matrix.hstack(*[c.diff(s).subs(s, 0) for c in meridians])
    T = Matrix.hstack(*[Matrix(v) for v in tangent_space(J_pole)])
    check.fact("S² at the north pole: the meridians lie in S², their velocities e1, e2 lie in ker DG and span "
               "tangent_space(DG) (dimension 2)",
               all(_is_zero(sphere.xreplace(dict(zip((x1, x2, x3), c)))) for c in meridians)
               and (J_pole * velocities).is_zero_matrix and T.shape[1] == 2 and Matrix.hstack(T, velocities).rank() == 2,
               method="symbolic")
    if not randomized:
        return

    def sphere_curves(instance):
        (a, b), axes = instance
        p = sphere_point(a, b)
        J = Matrix([[sympy.diff(sphere, xi) for xi in (x1, x2, x3)]]).xreplace(dict(zip((x1, x2, x3), p)))
        velocities = []
        for c in axes:
            A = _skew(c)
            d = sympy.Poly(1 + s**2 * sum(ci**2 for ci in c), s)
            Ap, AAp = A * p, A * A * p
            # d·γ(s) for the Cayley curve γ(s) = (I − sA)⁻¹(I + sA)p = p + 2s(A + sA²)p / d(s)
            numerator = [d * sympy.Poly(pi, s) + sympy.Poly(2 * s * ai + 2 * s**2 * bi, s) for pi, ai, bi in zip(p, Ap, AAp)]
            if not (sum((e**2 for e in numerator), sympy.Poly(0, s)) - d**2).is_zero:  # |γ(s)|² = 1 for every s
                return False
            if [e.eval(0) for e in numerator] != list(p):
                return False
            velocities.append(Matrix([e.diff(s).eval(0) for e in numerator]))  # γ'(0), as d(0) = 1, d'(0) = 0
        T = Matrix.hstack(*[Matrix(v) for v in tangent_space(J)])
        V = Matrix.hstack(*velocities)
        return (J * V).is_zero_matrix and V.rank() == T.rank() == 3 - 1 and Matrix.hstack(T, V).rank() == 2

    axes = st.lists(st.lists(rationals(4, 2), min_size=3, max_size=3), min_size=3, max_size=3).filter(
        lambda cs: Matrix(cs).rank() == 3)
    check.property("S²: velocities of the Cayley curves (I − sA)⁻¹(I + sA)p lie in ker DG(p) and span it (dim 2)",
                   st.tuples(st.tuples(rationals(4, 3), rationals(4, 3)), axes), sphere_curves, samples=8,
                   scope=f"{check.instances(8)} instances; " + "randomized, exact: rational points of S² (stereographic), three independent skew generators")

    def implicit_curves(instance):
        n, k, polys, point, offsets = instance
        G = _shifted_polynomials(polys, X[:n], point)
        J = Matrix(G).jacobian(list(X[:n])).xreplace(dict(zip(X[:n], point)))
        if _rank(J) < k:
            raise OutsideDomain("not a regular point")
        with mpmath.workdps(DPS):
            f = ImplicitFunction(G, X[:n], point)
            D = f.numerical_derivative()
            velocities = mpmath.matrix(n, n - k)
            for j, col in enumerate(f.u_idx):  # γ_j(s) = (u₀ + s e_j, φ(u₀ + s e_j))
                velocities[col, j] = 1
                for i, row in enumerate(f.v_idx):
                    velocities[row, j] = D[i, j]
            Jm = mpmath.matrix([[_mpf(e) for e in J.row(i)] for i in range(k)])
            residual = mpmath.mnorm(Jm * velocities, 1)
            gram = mpmath.det(velocities.T * velocities)
            T = tangent_space(J)
            if len(T) != n - k or gram < mpmath.mpf(10) ** -20:
                return mpmath.mpf(1)
            return residual

    check.property("regular level sets of random polynomials: γ_j'(0) ∈ ker DG(p), n − k independent velocities",
                   _level_set_instances(((2, 1), (3, 1), (3, 2))), implicit_curves, samples=8,
                   tolerance=mpmath.mpf(10) ** -12, describe=_describe_level_set,
                   scope=f"{check.instances(8)} instances; " + f"randomized: polynomial G of degree ≤ 2 through a rational point, (n, k) ∈ {{(2,1), (3,1), (3,2)}}; "
                         f"curves through the implicit function, mpmath at {DPS} digits")


@cited("calculus.tangent_space_regular_level_set", cited_kind="definition",
       title="The tangent space to a regular level set",
       statement=r"For a regular level set $S = G^{-1}(c)$ and $p\in S$, $T_pS = \ker DG(p)$: the velocities "
                 r"$\gamma'(0)$ of $C^1$ curves in $S$ through $p$ lie in $\ker DG(p)$ and fill it, a space of "
                 r"dimension $n - k$.",
       source="cited: 001 'The tangent space to a regular level set'",
       uses=["calculus.regular_critical_points_values_level_sets", "linalg.rank_nullity"])
def _(check):
    check_tangent_space(check)


# ---------------------------------------------------------------------------
# cited: calculus.embedded_submanifolds_slice_charts  (#116)
# ---------------------------------------------------------------------------

def _hemisphere_chart(u, v, w):
    return slice_chart([sympy.sqrt(1 - u[0]**2 - u[1]**2)], u, v, w)


def check_smooth_slice_charts(check, *, chart=_hemisphere_chart, randomized=True):
    """The upper hemisphere of S²: ``h(u, v) = (u, v − √(1 − |u|²))`` is a smooth slice chart on ``{|u| < 1, v > 0}``."""
    u = sympy.symbols("u1 u2", real=True)
    v, w = (Symbol("v", real=True),), (Symbol("w", real=True),)
    h = chart(u, v, w)
    forward, inverse = h.forward(), h.inverse()
    root = sympy.sqrt(1 - u[0]**2 - u[1]**2)
    check.identity("h(u, √(1 − |u|²)) = (u, 0): S² ∩ U goes to W ∩ (R² × {0})",
                   _compose(forward, list(u) + list(v), Matrix([u[0], u[1], root])), Matrix([u[0], u[1], 0]),
                   scope="symbolic, |u| < 1")
    check.identity("h⁻¹ ∘ h = id", _compose(inverse, list(u) + list(w), forward), Matrix(list(u) + list(v)),
                   scope="symbolic")
    check.identity("det Dh = 1", forward.jacobian(list(u) + list(v)).det(), 1, scope="symbolic")

    def rational_points(instance):
        a, b = instance
        p = sphere_point(a, b)
        if not (p[2] > 0):
            raise OutsideDomain("lower hemisphere")
        image = _compose(forward, list(u) + list(v), p)
        return bool(_is_zero(image[2]) and image[0] ** 2 + image[1] ** 2 < 1)

    phi = inverse[2] - w[0]  # the chart's φ
    check.identity("φ² = 1 − |u|²: φ ≠ 0 on the open disc |u| < 1", phi**2, 1 - u[0]**2 - u[1]**2, scope="symbolic")
    R, order = Symbol("R", real=True), Symbol("m", integer=True, nonnegative=True)
    P = Function("P")(u[0], u[1], R)
    for i in range(2):
        check.identity(f"∂φ/∂u{i + 1} = −u{i + 1}/φ", sympy.diff(phi, u[i]), -u[i] / phi, scope="symbolic, |u| < 1")
        step = sympy.diff(P * R**-order, u[i]) + (-u[i] / R) * sympy.diff(P * R**-order, R)  # ∂_i along R = φ(u)
        check.identity(f"smoothness, induction step in u{i + 1}: ∂/∂u{i + 1}[P(u, φ)/φ^m] = "
                       f"(φ²P_u{i + 1} − u{i + 1}φP_R + m u{i + 1}P)/φ^(m+2)",
                       R**(order + 2) * step,
                       R**2 * P.diff(u[i]) - u[i] * R * P.diff(R) + order * u[i] * P,
                       scope="symbolic, generic P(u, R), every m ≥ 0 (chain rule with ∂φ/∂u_i = −u_i/φ)",
                       context="from φ = φ/φ⁰, every partial derivative of φ of every order is a polynomial in "
                               "(u, φ) over a power of φ: smooth where φ ≠ 0, i.e. on |u| < 1")
    if not randomized:
        return
    with check.supporting():  # instances of the identities above
        check.property("rational points of the upper hemisphere are sent to R² × {0}",
                       st.tuples(rationals(6, 2), rationals(6, 2)), rational_points, samples=15,
                       scope=f"{check.instances(15)} instances; " + "randomized, exact: stereographic rational points with z > 0")

    def smooth_inside(instance):
        a, b = instance
        point = {u[0]: a, u[1]: b}
        if not (a**2 + b**2 < 1):
            raise OutsideDomain("outside the chart domain")
        phi = inverse[2] - w[0]
        for order in range(1, 4):
            for combo in product(u, repeat=order):
                value = sympy.diff(phi, *combo).xreplace(point)
                if not (value.is_real and value.is_finite):
                    return False
        return True

    with check.supporting():
        check.property("φ = √(1 − |u|²) has finite real partial derivatives of order ≤ 3 on |u| < 1 (smooth there)",
                       st.tuples(rationals(3, 5), rationals(3, 5)), smooth_inside, samples=8,
                       scope=f"{check.instances(8)} instances; " + "randomized, exact: rational points of the open unit disc, all partials of order 1..3")


@cited("calculus.embedded_submanifolds_slice_charts", cited_kind="definition",
       title="Embedded submanifolds and slice charts",
       statement=r"$S\subseteq\mathbb R^n$ is a (smooth) embedded submanifold of dimension $d$ when each $p\in S$ has "
                 r"an open $U\ni p$ and a smooth diffeomorphism $h: U\to W$ onto an open $W$ with "
                 r"$h(S\cap U) = W\cap(\mathbb R^d\times\{0\})$ (a slice chart).",
       source="cited: 004 (a) 'Embedded submanifolds and slice charts'",
       uses=["calculus.ck_maps_and_diffeomorphisms"])
def _(check):
    check_smooth_slice_charts(check)


# ---------------------------------------------------------------------------
# cited: calculus.parametrized_implicit_function_theorem_ck  (#117)
# ---------------------------------------------------------------------------

def check_parametrized_ift(check, *, derivative_sign=-1, second_derivative_sign=-1, sizes=((2, 1), (3, 1), (3, 2))):
    """``G(λ, u, v) = 0`` with ``D_vG`` invertible: ``v = φ(λ, u)`` locally, ``Dφ = −D_vG⁻¹D_{(λ,u)}G``, C² (k = 1)."""
    def ift(instance):
        n, k, polys, point, offsets = instance
        variables = [t] + list(X[:n])
        G = _shifted_polynomials(polys, variables, point)
        J0 = Matrix(G).jacobian(list(X[:n])).xreplace(dict(zip(variables, point)))
        columns = next((cols for cols in combinations(range(n), k) if J0.extract(list(range(k)), list(cols)).det() != 0),
                       None)
        if columns is None:
            raise OutsideDomain("D_xG has rank < k: no invertible v-block")
        v_columns = [c + 1 for c in columns]  # the parameter t is never a v-coordinate
        try:
            residual, f = local_graph_residuals(G, variables, point, offsets, v_columns=v_columns,
                                                derivative_sign=derivative_sign)
            if k == 1:
                with mpmath.workdps(DPS):
                    second = f.numerical_derivative(order=2)
                    formula = f.second_derivative_formula(second_derivative_sign)
                    residual = max(residual, max(abs(second[0, j] - formula[j]) for j in range(len(formula))))
        except ArithmeticError as exc:
            raise OutsideDomain(str(exc)) from exc
        return residual

    check.property("φ(λ, u) exists near p, G(λ, u, φ) = 0, zeros near p lie on the graph, Dφ = −D_vG⁻¹D_(λ,u)G, "
                   "and (k = 1) φ_jj = −(G_jj + 2G_jv φ_j + G_vv φ_j²)/G_v",
                   _level_set_instances(sizes, with_time=True), ift, samples=8, tolerance=mpmath.mpf(10) ** -10,
                   describe=_describe_level_set,
                   scope=f"{check.instances(8)} instances; " + f"randomized: polynomial G(t, x) of degree ≤ 2 through a rational point, parameter t, "
                         f"(n, k) ∈ {list(sizes)}; φ by Newton in mpmath at {DPS} digits, derivatives by mpmath.diff")


def local_graph_terms() -> dict:
    """The local graph v = φ(t, u) of Σ = {G(t, u, v) = 0} around a time a (the notation of
    :mod:`theorems.foundations.analytic_facts`): G along the graph, G_t and G_v there, and φ_t."""
    phi = GRAPH
    on_graph = Function("G")(TIME, PARAMETER, phi)
    total = sympy.diff(on_graph, TIME)
    G_v = sympy.expand(total).coeff(phi.diff(TIME))
    return {"phi": phi, "on_graph": on_graph, "total": total, "G_v": G_v,
            "G_t": sympy.expand(total - G_v * phi.diff(TIME)), "phi_t": phi.diff(TIME)}


def _local_graph_formulas() -> dict:
    """What the theorem gives at a point (a, x0) of the datum's Σ (x0 = (u0, v0), v a coordinate with G_v ≠ 0 there;
    S the times of x0 in Σ, I the time-line of x0), as formulas a checked deduction cites."""
    g, a = local_graph_terms(), POINT
    return {
        "local_graph": forall(a, implies(atom("∈", a, SUBSET), atom("RegularPoint", a), atom("LocalGraph", a))),
        "graph_identity": forall(a, implies(atom("LocalGraph", a), atom("≡", g["on_graph"], 0, TIME))),
        "graph_regular": forall(a, implies(atom("LocalGraph", a), atom("≠", g["G_v"], 0))),
        "graph_in_locus": forall(a, implies(atom("LocalGraph", a), atom("≡", g["phi"], g["phi"].subs(TIME, a), TIME),
                                            atom("NeighbourhoodIn", a, SUBSET, INTERVAL)))}


@cited("calculus.parametrized_implicit_function_theorem_ck", cited_kind="theorem",
       title="The parametrized implicit function theorem with C^k regularity",
       statement=r"Let $G(\lambda, u, v)$ be $C^k$ ($k\ge 1$) on an open set, $G(p) = 0$ and $D_vG(p)$ invertible. Then "
                 r"there are open neighbourhoods $P\ni(\lambda_0,u_0)$, $Q\ni v_0$ and a $C^k$ map "
                 r"$\varphi: P\to Q$ with $\{G = 0\}\cap(P\times Q) = \operatorname{graph}\varphi$, and "
                 r"$D\varphi = -(D_vG)^{-1}D_{(\lambda,u)}G$ along the graph. Formulas, at a point $(a,x_0)\in\Sigma$ "
                 r"($x_0=(u_0,v_0)$, $G_v\ne0$ there: RegularPoint(a)): 'local_graph' (LocalGraph(a): $\varphi$ on an "
                 r"open box $J\times U\ni(a,u_0)$ with $\varphi(a,u_0)=v_0$), 'graph_identity' "
                 r"($G(t,u,\varphi(t,u))\equiv0$ in $t$ there), 'graph_regular' ($G_v\ne0$ along the graph, the box "
                 r"taken small: continuity) and 'graph_in_locus' (where $\varphi(t,u_0)=\varphi(a,u_0)=v_0$ for $t\in J$, "
                 r"$(t,x_0)\in\Sigma$: a neighbourhood of $a$ in the time-line $I$ of $x_0$ lies in $S$).",
       source="cited: 004 (a) 'The parametrized implicit function theorem with C^k regularity'",
       formulas=_local_graph_formulas(),
       uses=["calculus.ck_maps_and_diffeomorphisms", "calculus.jacobian_matrix_and_gradient"], avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_parametrized_ift(check)


# ---------------------------------------------------------------------------
# cited: calculus.regular_level_set_is_embedded_submanifold  (#118)
# ---------------------------------------------------------------------------

def check_regular_level_set_submanifold(check, *, dimension=lambda n, k: n - k, sizes=((2, 1), (3, 1), (3, 2))):
    """For a regular value c (certified), ``G⁻¹(c)`` is, near each point, a graph over n − k coordinates (a slice chart)."""
    def level_set(instance):
        n, k, polys, point, offsets = instance
        xs = list(X[:n])
        level = [P.xreplace(dict(zip(xs, point))) for P in polys]
        if not rank_on_locus_certificate(polys, xs, level=level, seconds=2):
            raise OutsideDomain("the level is not certified regular")
        G = [sympy.expand(P - c) for P, c in zip(polys, level)]
        try:
            residual, f = local_graph_residuals(G, xs, point, offsets)
        except ArithmeticError as exc:
            raise OutsideDomain(str(exc)) from exc
        if len(f.u_idx) != dimension(n, k):
            return mpmath.mpf(1)
        return residual

    check.property("a certified regular level set G⁻¹(c) is locally the graph v = φ(u) over n − k coordinates "
                   "(the slice chart (u, v − φ(u)) straightens it)",
                   _level_set_instances(sizes), level_set, samples=8, tolerance=mpmath.mpf(10) ** -12,
                   describe=_describe_level_set,
                   scope=f"{check.instances(8)} instances; " + f"randomized: polynomial G of degree ≤ 2, c = G(p) at a rational p, regular value certified by "
                         f"a Gröbner basis; (n, k) ∈ {list(sizes)}; mpmath at {DPS} digits")


@cited("calculus.regular_level_set_is_embedded_submanifold", cited_kind="theorem",
       title="A regular level set is an embedded submanifold",
       statement=r"If $G: U\subseteq\mathbb R^n\to\mathbb R^k$ is smooth and $c$ is a regular value, then $G^{-1}(c)$ "
                 r"(if nonempty) is a smooth embedded submanifold of dimension $n-k$.",
       source="cited: 004 (a) 'A regular level set is an embedded submanifold'",
       uses=["calculus.regular_critical_points_values_level_sets", "calculus.embedded_submanifolds_slice_charts",
             "calculus.parametrized_implicit_function_theorem_ck"], avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_regular_level_set_submanifold(check)
