"""Holonomic-constraint data of seed 004: the datum (O, k, G), its locus, virtual displacements and time classes.

This file contains the constructions of seed 004 (a)-(e) and the items that name them:

* :class:`HolonomicConstraintDatum` -- the datum ``(O, k, G)`` over ``ℝ^{3N}``; the constructor rejects
  data violating the definition (``k`` outside ``1..3N−1`` or not ``len(G)``, a point offered as a locus
  point that is off ``Σ``, outside ``O`` or outside ``I₀×Q``, ``rank D_xG < k`` there); with
  :func:`mass_operator` (``𝖬 = diag(m_i I₃)``), :func:`rank_on_locus_certificate` (a Gröbner
  certificate that ``rank D_xG = k`` at every point of ``Σ``) and the hypotheses
  ``holonomic.locus_nonempty`` and ``holonomic.rank_on_locus``; the definition
  ``holonomic.constraint_model_definition`` (#58) and ``holonomic.consistent_data`` (#62);
* :class:`SliceChart` (``h(u, v) = (u, v − φ(u))``) and :class:`ImplicitFunction` (``φ`` by Newton's
  method in mpmath) -- the definition ``calculus.c2_slice_submanifold_convention`` (#59) and the lemma
  ``holonomic.instantaneous_locus_c2_submanifold`` (#60);
* the lemma ``holonomic.virtual_displacement_space_dimension`` (#61, SUBTLE: ``dim V = 3N − k`` holds on
  ``Σ``; off ``Σ`` the page's "at (t,x)" fails, witness ``G = x₁³ − x₁`` at ``x₁ = 1/√3``);
* the finite models :func:`scleronomic_by_closure` / :func:`scleronomic_by_projection` of the
  scleronomic/rheonomic definition (#64), the lemma #65 (``G_t = 0`` on a scleronomic locus), the
  counterexamples #66 (``(s − ut)²``) and #67 (a disconnected time window, which is essential), the
  rescaling lemma #68 (scalar and matrix), and the remarks #63, #69, #72, #74, #75;
* the cited results #80, #83, #84, #85, #86, #107, #116, #117, #118 (intervals, C^k maps, Jacobians,
  regular values, tangent spaces, rank–nullity, slice charts, the implicit function theorem, regular
  level sets).

Pointwise constructions use plain Symbols ``t, x1, x2, ...``; curves and motions use coordinates that
are functions of ``t`` (``sympy.physics.mechanics`` style).  Each verifier is a plain function
``check_*(check, **claim)`` whose keyword parameters are the data of the claim with the true values as
defaults; the soundness tests in ``tests/test_corpus_holonomic_datum.py`` run them on mutated claims.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product

import mpmath
import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational, Symbol

from checker import Proof, cited, counterexample, definition, hypothesis, lemma, remark
from checker.decision import Decision
from checker.randomized import OutsideDomain
from checker.symbolic import TimeLimit, time_limit
from theorems.analytic_facts import PICARD_LINDELOF, ZERO_SECOND_DERIVATIVE
from theorems.constraint_principles import chetaev_virtual_displacements
from theorems.holonomic_dynamics import ideal_holonomic_dynamics, integrate_ideal_motion, state_functions
from theorems.linalg import euclidean_inner_product, transpose_multiplier
from theorems.strategies import full_row_rank_matrices, polynomials, rational_matrices, rationals

__all__ = [
    "HolonomicConstraintDatum",
    "mass_operator",
    "rank_on_locus_certificate",
    "SliceChart",
    "ImplicitFunction",
    "scleronomic_by_closure",
    "scleronomic_by_projection",
    "H_LOCUS_NONEMPTY",
    "H_RANK_ON_LOCUS",
    "H_G_C2",
    "H_SCLERONOMIC",
]

SEED = "seed 004_ff83f823a612679d.txt"
t = Symbol("t", real=True)
X = sympy.symbols("x1:10", real=True)  # pointwise coordinates (frozen time)
x1, x2, x3 = X[:3]
m = Symbol("m", positive=True)
DPS = 30


# ---------------------------------------------------------------------------
# small exact helpers
# ---------------------------------------------------------------------------

def _is_zero(expr) -> bool:
    expr = sympy.sympify(expr)
    if expr == 0:
        return True
    reduced = sympy.cancel(sympy.together(expr))
    if reduced == 0:
        return True
    reduced = sympy.cancel(sympy.expand(reduced))
    return reduced == 0 or reduced.is_zero is True


def _rank(A: Matrix) -> int:
    return Matrix(A).rank(iszerofunc=_is_zero)


def _mpf(value):
    value = sympy.Rational(value) if not isinstance(value, (mpmath.mpf, float)) else value
    if isinstance(value, sympy.Rational):
        return mpmath.mpf(value.p) / value.q
    return mpmath.mpf(value)


def _kernel_dimension(A: Matrix) -> int:
    return len(chetaev_virtual_displacements(Matrix(A)))


# ---------------------------------------------------------------------------
# the datum (O, k, G)  (catalogue #58)
# ---------------------------------------------------------------------------

def mass_operator(masses) -> Matrix:
    """``𝖬 = diag(m₁I₃, …, m_N I₃)``, the mass operator of N labelled particles (every ``m_i > 0``)."""
    masses = [sympy.sympify(mi) for mi in masses]
    if not masses:
        raise ValueError("a particle model has N >= 1 labels")
    for mi in masses:
        if mi.is_positive is not True:
            raise ValueError(f"mass {mi} is not shown positive")
    return sympy.diag(*[mi for mi in masses for _ in range(3)])


class HolonomicConstraintDatum:
    """A holonomic-constraint datum ``(O, k, G)`` on ``ℝ × ℝ^{3N}`` (seed 004 (a)).

    ``G`` is a list of k sympy expressions in the time Symbol ``t`` and the 3N coordinate Symbols ``x``;
    ``ambient(t, x)`` says whether a point lies in the open set ``O`` (default: everywhere) and
    ``admissible(t, x)`` whether it lies in ``I₀ × Q`` (default: everywhere).  Every point offered in
    ``sample_point`` / ``locus_points`` is checked to lie in ``O``, on ``Σ = {G = 0}``, in ``I₀ × Q`` and to
    have ``rank D_xG = k``; a violation raises ``ValueError``.  (Containment ``Σ ⊆ I₀×Q`` and the rank on
    all of ``Σ`` are checked at the offered points only; :func:`rank_on_locus_certificate` decides the rank
    on all of ``Σ`` for polynomial G.)
    """

    def __init__(self, G, x, t, k=None, sample_point=None, *, locus_points=(), ambient=None, admissible=None):
        self.x = tuple(x)
        self.t = t
        self.G = Matrix(list(G) if isinstance(G, (list, tuple, sympy.MatrixBase)) else [G])
        self.ambient = ambient
        self.admissible = admissible
        self._check_coordinates()
        self.n = len(self.x)
        self.particles = self.n // 3
        self.k = self._check_k(k)
        self.jacobian = self.G.jacobian(list(self.x))  # D_xG
        self.time_derivative = self.G.diff(self.t)  # G_t
        points = ([sample_point] if sample_point is not None else []) + list(locus_points)
        self.locus_points = []
        for point in points:
            t0, x0 = point
            self._check_locus_point(t0, x0)
            self.locus_points.append((sympy.sympify(t0), tuple(sympy.sympify(v) for v in x0)))

    # -- validation (one method per clause, so each can be exercised) ---------------
    def _check_coordinates(self):
        if not self.x or any(not isinstance(c, sympy.Symbol) for c in self.x) or len(set(self.x)) != len(self.x):
            raise ValueError("the coordinates must be distinct Symbols")
        if self.t in self.x:
            raise ValueError("the time Symbol is not a coordinate")
        if len(self.x) % 3:
            raise ValueError(f"a configuration of N labelled particles lies in R^(3N); got {len(self.x)} coordinates")

    def _check_k(self, k):
        if k is None:
            k = self.G.rows
        if int(k) != k:
            raise ValueError(f"k must be an integer, got {k!r}")
        k = int(k)
        if k != self.G.rows:
            raise ValueError(f"k = {k} but G has {self.G.rows} components")
        if not 1 <= k <= self.n - 1:
            raise ValueError(f"k must satisfy 1 <= k <= 3N - 1 = {self.n - 1}, got k = {k}")
        return k

    def _check_locus_point(self, t0, x0):
        if len(x0) != self.n:
            raise ValueError(f"a point of R^(3N) needs {self.n} coordinates, got {len(x0)}")
        if self.ambient is not None and not self.ambient(t0, x0):
            raise ValueError(f"({t0}, {tuple(x0)}) is not in the ambient set O")
        self._check_on_locus(t0, x0)
        if self.admissible is not None and not self.admissible(t0, x0):
            raise ValueError(f"({t0}, {tuple(x0)}) is in Σ but not in I0 x Q: the locus is not admissible")
        self._check_rank(t0, x0)

    def _check_on_locus(self, t0, x0):
        values = self.at(self.G, t0, x0)
        if not all(_is_zero(v) for v in values):
            raise ValueError(f"({t0}, {tuple(x0)}) is not on the locus: G = {list(values)}")

    def _check_rank(self, t0, x0):
        rank = _rank(self.jacobian_at(t0, x0))
        if rank != self.k:
            raise ValueError(f"rank D_xG = {rank} < k = {self.k} at the locus point ({t0}, {tuple(x0)})")

    # -- the objects of the definition ----------------------------------------------
    def at(self, expr, t0, x0):
        subs = {self.t: sympy.sympify(t0), **{c: sympy.sympify(v) for c, v in zip(self.x, x0)}}
        return sympy.sympify(expr).xreplace(subs).doit()

    def jacobian_at(self, t0, x0) -> Matrix:
        return Matrix(self.at(self.jacobian, t0, x0)).applyfunc(sympy.cancel)

    def on_locus(self, t0, x0) -> bool:
        if self.ambient is not None and not self.ambient(t0, x0):
            return False
        return all(_is_zero(v) for v in self.at(self.G, t0, x0))

    def virtual_displacements(self, t0, x0) -> list:
        """A basis of ``V(t, x) = ker D_xG(t, x)``."""
        return chetaev_virtual_displacements(self.jacobian_at(t0, x0))

    def permitted_velocity_residual(self, t0, x0, v) -> Matrix:
        """``G_t(t, x) + D_xG(t, x) v``."""
        return (Matrix(self.at(self.time_derivative, t0, x0)) + self.jacobian_at(t0, x0) * Matrix(list(v))).applyfunc(
            sympy.cancel)

    def is_permitted_velocity(self, t0, x0, v) -> bool:
        return all(_is_zero(e) for e in self.permitted_velocity_residual(t0, x0, v))

    def is_consistent(self, t0, x0, v0) -> bool:
        """``(t₀, x₀, v₀)`` is consistent data: ``G(t₀, x₀) = 0`` and ``G_t + D_xG v₀ = 0`` there (#62)."""
        return self.on_locus(t0, x0) and self.is_permitted_velocity(t0, x0, v0)

    def along(self, curve):
        """``G(t, x(t))`` along a curve given as n expressions in ``t``."""
        return self.G.xreplace({c: sympy.sympify(e) for c, e in zip(self.x, curve)})

    def is_constrained_curve(self, curve) -> bool:
        """``G(t, x(t)) ≡ 0`` (symbolically, for every t)."""
        return all(_is_zero(e) for e in self.along(curve))

    def residual_reaction(self, masses, force, curve) -> Matrix:
        """``R = 𝖬x'' − F(t, x, x')`` along a curve; ``force(t, x, v)`` returns n expressions."""
        M = mass_operator(masses)
        x_t = Matrix([sympy.sympify(e) for e in curve])
        return M * x_t.diff(self.t, 2) - Matrix(list(force(self.t, list(x_t), list(x_t.diff(self.t)))))

    def __repr__(self):
        return f"HolonomicConstraintDatum(G={list(self.G)}, N={self.particles}, k={self.k})"


def rank_on_locus_certificate(G, x, t=None, *, level=None, seconds: float = 5.0) -> Decision:
    """Decide (sufficiently) that ``rank D_xG = k`` at every point of ``{G = level}``, for polynomial G.

    The Gröbner basis of ``G − level`` together with all k×k minors of ``D_xG`` is ``{1}`` exactly when
    no complex point of the level set has rank < k (Nullstellensatz); then no real point has.  A basis
    other than ``{1}`` means a complex rank-drop point exists; it need not be real, so a failing
    decision is "not certified" (the basis is the witness), not a proof of rank loss.
    """
    G = Matrix(list(G))
    x = list(x)
    k = G.rows
    level = Matrix(list(level)) if level is not None else sympy.zeros(k, 1)
    J = G.jacobian(x)
    minors = [sympy.expand(J.extract(list(range(k)), list(cols)).det()) for cols in combinations(range(len(x)), k)]
    generators = [sympy.expand(g - c) for g, c in zip(G, level)] + [mi for mi in minors if mi != 0]
    variables = ([t] if t is not None else []) + x
    if not all(sympy.sympify(g).is_polynomial(*variables) for g in generators):
        return Decision(False, explanation="G is not polynomial in (t, x): not decided")
    extra = sorted(set().union(*[sympy.sympify(g).free_symbols for g in generators]) - set(variables), key=str)
    try:
        with time_limit(seconds):
            basis = sympy.groebner(generators, *(variables + extra), order="grevlex")
    except TimeLimit:
        return Decision(False, explanation=f"Gröbner basis not computed within {seconds} s: not decided")
    if list(basis.exprs) == [1]:
        return Decision(True, certificate="Gröbner basis of (G, k×k minors of D_xG) is {1}",
                        explanation="no point of the level set has rank D_xG < k")
    return Decision(False, witness=[sympy.sstr(e) for e in basis.exprs][:6],
                    explanation="the level set and the rank-drop set have a common complex point: not certified")


def _has_verified_locus_point(datum) -> bool:
    return bool(getattr(datum, "locus_points", None))


def _rank_certified(datum) -> bool:
    return bool(rank_on_locus_certificate(datum.G, datum.x, datum.t))


H_LOCUS_NONEMPTY = hypothesis(
    "holonomic.locus_nonempty",
    "nonempty admissible locus: Σ = {(t,x) ∈ O : G(t,x) = 0} is nonempty and contained in I0 x Q "
    "(predicate: the datum carries a verified point of Σ in O and in I0 x Q)",
    predicate=_has_verified_locus_point, source=f"{SEED} (a) 4")
H_RANK_ON_LOCUS = hypothesis(
    "holonomic.rank_on_locus",
    "regularity: D_xG(t,x) has rank k at every (t,x) ∈ Σ (predicate, polynomial G: the Gröbner certificate "
    "of rank_on_locus_certificate)",
    predicate=_rank_certified, source=f"{SEED} (a) 5")
H_G_C2 = hypothesis("holonomic.G_class_C2", "G : O → R^k is of class C^2", source=f"{SEED} (a) 3")
H_SCLERONOMIC = hypothesis("holonomic.scleronomic", "the constraint locus is time-independent (so G_t = 0 on the locus); "
                           "a hypothesis of the energy theorem's clause 3 and of the scleronomic case of clause 1",
                           source=f"{SEED} (d)")
H_RHO_NOWHERE_ZERO = hypothesis("holonomic.rescaling_factor_nowhere_zero",
                                "the rescaling factor rho(t, x) is nowhere zero (an invertible matrix for k > 1)",
                                source=f"{SEED} (d) 'a nowhere-vanishing C² rescaling'")
H_RHO_C2 = hypothesis("holonomic.rescaling_factor_C2", "the rescaling factor rho(t, x) is of class C^2",
                      source=f"{SEED} (d) 'a nowhere-vanishing C² rescaling'")


# ---------------------------------------------------------------------------
# slice charts and implicit functions  (catalogue #59, #60, #117)
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SliceChart:
    """``h(u, v) = (u, v − φ(u))`` with inverse ``(u, w) ↦ (u, w + φ(u))``: the slice chart of ``graph φ``."""

    u: tuple
    v: tuple
    w: tuple
    phi: tuple  # k expressions in u

    def forward(self) -> Matrix:
        return Matrix(list(self.u) + [vi - pi for vi, pi in zip(self.v, self.phi)])

    def inverse(self) -> Matrix:
        return Matrix(list(self.u) + [wi + pi for wi, pi in zip(self.w, self.phi)])


def slice_chart(phi, u, v, w) -> SliceChart:
    """The slice chart of the graph ``v = φ(u)`` (seed 004 (a)); ``phi`` holds one expression per v-coordinate."""
    phi = tuple(sympy.sympify(p) for p in (phi if isinstance(phi, (list, tuple)) else [phi]))
    if len(phi) != len(v) or len(w) != len(v):
        raise ValueError("φ, v and w must have the same length k")
    return SliceChart(tuple(u), tuple(v), tuple(w), phi)


def _compose(outer: Matrix, outer_vars, inner: Matrix) -> Matrix:
    return outer.xreplace(dict(zip(outer_vars, list(inner))))


class ImplicitFunction:
    """The implicit function ``v = φ(u)`` of ``G(u, v) = 0`` near a point with ``D_vG`` invertible.

    ``variables`` are the n Symbols of G; the k v-coordinates are ``v_columns`` (default: the first k
    columns whose minor of ``D G(point)`` is nonzero, as in seed 004's proof), the others are u.  φ is
    computed by Newton's method on the v-block in mpmath at the current precision.
    """

    def __init__(self, G, variables, point, v_columns=None):
        self.G = Matrix(list(G))
        self.variables = list(variables)
        self.point = [sympy.Rational(p) for p in point]
        k, n = self.G.rows, len(self.variables)
        J = self.G.jacobian(self.variables)
        J0 = J.xreplace(dict(zip(self.variables, self.point)))
        if v_columns is None:
            v_columns = next((cols for cols in combinations(range(n), k)
                              if J0.extract(list(range(k)), list(cols)).det() != 0), None)
            if v_columns is None:
                raise ValueError("rank D G < k at the point: no invertible k x k minor")
        self.v_idx = list(v_columns)
        self.u_idx = [i for i in range(n) if i not in self.v_idx]
        self.k, self.n = k, n
        self._g = sympy.lambdify(self.variables, list(self.G), modules="mpmath")
        self._jac = sympy.lambdify(self.variables, J.tolist(), modules="mpmath")
        self._J_sym = J

    def _full(self, u, v):
        out = [None] * self.n
        for i, val in zip(self.u_idx, u):
            out[i] = val
        for i, val in zip(self.v_idx, v):
            out[i] = val
        return out

    def value(self, point):
        return [mpmath.mpf(e) for e in self._g(*point)]

    def jacobian(self, point) -> mpmath.matrix:
        return mpmath.matrix(self._jac(*point))

    @property
    def base_u(self):
        return [_mpf(self.point[i]) for i in self.u_idx]

    @property
    def base_v(self):
        return [_mpf(self.point[i]) for i in self.v_idx]

    def phi(self, u, start=None, max_iterations=60):
        """φ(u): Newton's method on ``G(u, ·) = 0`` from ``start`` (default: the base point's v)."""
        v = mpmath.matrix(list(start) if start is not None else self.base_v)
        tolerance = mpmath.mpf(10) ** (-(mpmath.mp.dps - 4))
        for _ in range(max_iterations):
            point = self._full(u, list(v))
            J = self.jacobian(point)
            Jv = mpmath.matrix([[J[a, j] for j in self.v_idx] for a in range(self.k)])
            step = mpmath.lu_solve(Jv, mpmath.matrix(self.value(point)))
            v = v - step
            if mpmath.norm(step) <= tolerance * (1 + mpmath.norm(v)):
                return list(v)
        raise ArithmeticError("Newton's method did not converge")

    def derivative_formula(self, sign=-1) -> mpmath.matrix:
        """``Dφ(u₀) = −(D_vG)⁻¹ D_uG`` at the base point (k × (n−k)); ``sign`` replaces the −1."""
        J = self.jacobian([_mpf(p) for p in self.point])
        Jv = mpmath.matrix([[J[a, j] for j in self.v_idx] for a in range(self.k)])
        Ju = mpmath.matrix([[J[a, j] for j in self.u_idx] for a in range(self.k)])
        return sign * (Jv ** -1) * Ju

    def second_derivative_formula(self, sign=-1) -> list:
        """For k = 1: ``φ_jj = −(G_jj + 2G_jv φ_j + G_vv φ_j²)/G_v`` at the base point, one entry per u_j."""
        if self.k != 1:
            raise ValueError("the second-derivative formula is implemented for k = 1")
        g = self.G[0]
        v = self.variables[self.v_idx[0]]
        at = dict(zip(self.variables, self.point))
        G_v = g.diff(v).xreplace(at)
        out = []
        for j in self.u_idx:
            u = self.variables[j]
            phi_j = -g.diff(u).xreplace(at) / G_v
            value = sign * (g.diff(u, 2) + 2 * g.diff(u, v) * phi_j + g.diff(v, 2) * phi_j**2).xreplace(at) / G_v
            out.append(_mpf(value))
        return out

    def numerical_derivative(self, order=1) -> mpmath.matrix:
        """``∂^order φ_i/∂u_j^order`` at the base point by ``mpmath.diff`` of the Newton solution."""
        out = mpmath.matrix(self.k, len(self.u_idx))
        for j in range(len(self.u_idx)):
            for i in range(self.k):
                def component(s, i=i, j=j):
                    u = list(self.base_u)
                    u[j] = u[j] + s
                    return self.phi(u)[i]
                out[i, j] = mpmath.diff(component, 0, order)
        return out

    def project(self, q, max_iterations=60):
        """The point of ``{G = 0}`` reached from q by Gauss–Newton steps ``q ← q − Jᵀ(JJᵀ)⁻¹G(q)``."""
        q = mpmath.matrix([mpmath.mpf(e) for e in q])
        tolerance = mpmath.mpf(10) ** (-(mpmath.mp.dps - 4))
        for _ in range(max_iterations):
            J = self.jacobian(list(q))
            step = J.T * mpmath.lu_solve(J * J.T, mpmath.matrix(self.value(list(q))))
            q = q - step
            if mpmath.norm(step) <= tolerance * (1 + mpmath.norm(q)):
                return list(q)
        raise ArithmeticError("Gauss-Newton projection did not converge")


def _shifted_polynomials(polys, variables, point):
    """``P_i − P_i(point)``: polynomials vanishing exactly at the rational point."""
    subs = dict(zip(variables, point))
    return [sympy.expand(P - P.xreplace(subs)) for P in polys]


def _level_set_instances(sizes, *, with_time=False, max_degree=2):
    """(n, k, P, point, offsets): k random polynomials in (t?, x1..xn) (each with a linear part whose coefficients are
    all nonzero and a term c(Σ variables)², c ≠ 0, so that the implicit function has nonzero first and, generically,
    second derivatives), a rational point, an offset direction."""
    def for_size(size):
        n, k = size
        variables = ([t] if with_time else []) + list(X[:n])
        linear = st.lists(rationals(4, 2, nonzero=True), min_size=len(variables), max_size=len(variables)).map(
            lambda cs: sum((c * v for c, v in zip(cs, variables)), sympy.S.Zero))
        square = rationals(3, 2, nonzero=True).map(lambda c: c * sum(variables, sympy.S.Zero) ** 2)
        polys = st.lists(st.builds(lambda P, L, S: sympy.expand(P + L + S),
                                   polynomials(variables, max_degree=max_degree, max_terms=3, max_num=5, max_den=3),
                                   linear, square), min_size=k, max_size=k)
        point = st.lists(rationals(3, 2), min_size=len(variables), max_size=len(variables))
        offsets = st.lists(st.integers(-9, 9), min_size=len(variables), max_size=len(variables))
        return st.tuples(st.just(n), st.just(k), polys, point, offsets)
    return st.sampled_from(list(sizes)).flatmap(for_size)


def _describe_level_set(instance):
    n, k, polys, point, offsets = instance
    return {"n": n, "k": k, "P": [sympy.sstr(p) for p in polys], "point": [str(p) for p in point],
            "offsets": offsets}


def local_graph_residuals(G, variables, point, offsets, *, v_columns=None, scale=Rational(1, 10**4), dps=DPS,
                          derivative_sign=-1):
    """Numerical evidence that ``{G = 0}`` is, near ``point``, the graph of the implicit function φ.

    Returns the largest of: ``|G(u, φ(u))|`` at ``u = u₀ + scale·offsets_u``; ``|Dφ_numeric − (−D_vG⁻¹D_uG)|``
    at ``u₀``; and ``|v − φ(u)|`` at the point of ``{G = 0}`` reached by Gauss–Newton from
    ``point + scale·offsets`` (every zero near the point lies on the graph).
    """
    with mpmath.workdps(dps):
        f = ImplicitFunction(G, variables, point, v_columns=v_columns)
        step = _mpf(scale)
        u1 = [u + step * o for u, o in zip(f.base_u, [offsets[i] for i in f.u_idx])]
        on_graph = max(abs(e) for e in f.value(f._full(u1, f.phi(u1))))
        derivative = mpmath.mnorm(f.numerical_derivative() - f.derivative_formula(derivative_sign), 1)
        q = [_mpf(p) + step * o for p, o in zip(f.point, offsets)]
        zero = f.project(q)
        u_zero = [zero[i] for i in f.u_idx]
        v_zero = [zero[i] for i in f.v_idx]
        uniqueness = max(abs(a - b) for a, b in zip(v_zero, f.phi(u_zero)))
        return max(on_graph, derivative, uniqueness), f


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


def check_jacobian_and_gradient(check, *, jacobian=_jacobian, randomized=True):
    """``DG(p)`` is the matrix ``[∂G_i/∂x_j]``: ``d/ds G(p + s w)|₀ = DG(p) w``; for k = 1 the gradient is ``DGᵀ``."""
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
       source="cited: 001, 003, 004 'The Jacobian matrix of partial derivatives and the gradient in the scalar-valued case'",
       scope="n <= 3, k <= 2")
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


def check_smooth_slice_charts(check, *, chart=_hemisphere_chart):
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


@cited("calculus.parametrized_implicit_function_theorem_ck", cited_kind="theorem",
       title="The parametrized implicit function theorem with C^k regularity",
       statement=r"Let $G(\lambda, u, v)$ be $C^k$ ($k\ge 1$) on an open set, $G(p) = 0$ and $D_vG(p)$ invertible. Then "
                 r"there are open neighbourhoods $P\ni(\lambda_0,u_0)$, $Q\ni v_0$ and a $C^k$ map "
                 r"$\varphi: P\to Q$ with $\{G = 0\}\cap(P\times Q) = \operatorname{graph}\varphi$, and "
                 r"$D\varphi = -(D_vG)^{-1}D_{(\lambda,u)}G$ along the graph.",
       source="cited: 004 (a) 'The parametrized implicit function theorem with C^k regularity'",
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


# ---------------------------------------------------------------------------
# holonomic.constraint_model_definition  (#58)
# ---------------------------------------------------------------------------

SPHERE = x1**2 + x2**2 + x3**2 - 1


def _valid_data():
    """(label, G, coordinates, k, point, options) of data satisfying the definition."""
    rod = (X[0] - X[3])**2 + (X[1] - X[4])**2 + (X[2] - X[5])**2 - 1
    return [
        ("unit sphere, N = 1, k = 1", [SPHERE], X[:3], None, (0, (1, 0, 0)), {}),
        ("circle |x| = 1, x3 = 0, N = 1, k = 2 (a C² curve: k = 3N − 1)", [SPHERE, x3], X[:3], 2, (0, (0, 1, 0)), {}),
        ("accelerating wall x1 = t²/2 (rheonomic), O = (0, ∞) x R³", [x1 - t**2 / 2], X[:3], 1, (2, (2, 5, -1)),
         {"ambient": lambda t0, x0: t0 > 0}),
        ("rigid rod |x_1 − x_2| = 1, N = 2, k = 1", [rod], X[:6], 1, (0, (0, 0, 0, 1, 0, 0)), {}),
    ]


def _invalid_data():
    """(label, thunk) of data violating one clause of the definition each; each thunk builds a datum."""
    origin = (0, (0, 0, 0))
    return [
        ("k = 0 (no component)", lambda c: c([], X[:3], t)),
        ("k = 3N (three constraints in R³)", lambda c: c([x1, x2, x3], X[:3], t, sample_point=origin)),
        ("declared k ≠ number of components", lambda c: c([SPHERE], X[:3], t, k=2)),
        ("configuration space not R^(3N) (two coordinates)", lambda c: c([x1], X[:2], t)),
        ("rank D_xG = 0 < 1 at the locus point: G = x1²", lambda c: c([x1**2], X[:3], t, sample_point=origin)),
        ("rank D_xG = 1 < 2 at the locus point: G = (x3, x3 + x1²)", lambda c: c([x3, x3 + x1**2], X[:3], t,
                                                                              sample_point=origin)),
        ("point offered as a locus point is off Σ", lambda c: c([SPHERE], X[:3], t, sample_point=(0, (1, 1, 0)))),
        ("locus point outside the ambient set O", lambda c: c([SPHERE], X[:3], t, sample_point=(0, (1, 0, 0)),
                                                              ambient=lambda t0, x0: t0 > 0)),
        ("locus point outside I0 x Q (Σ not admissible)", lambda c: c([SPHERE], X[:3], t, sample_point=(0, (1, 0, 0)),
                                                                     admissible=lambda t0, x0: x0[0] < Rational(1, 2))),
    ]


def nearest_permitted_velocity(datum, t0, x0, w) -> Matrix:
    """The permitted velocity nearest to w: ``v = w − Jᵀ(JJᵀ)⁻¹(G_t + J w)`` (J = D_xG(t₀, x₀) of rank k)."""
    J = datum.jacobian_at(t0, x0)
    return (Matrix(list(w)) - J.T * (J * J.T).LUsolve(datum.permitted_velocity_residual(t0, x0, w))).applyfunc(
        sympy.cancel)


def _datum_instances(sizes=((3, 1), (3, 2))):
    return _level_set_instances(sizes, with_time=True)


def check_constraint_model_definition(check, *, construction=HolonomicConstraintDatum, masses=mass_operator,
                                      randomized=True):
    """The constructor accepts data satisfying (a) 1-5 and rejects each kind of violation; V and 𝖬 on instances."""
    for label, G, coords, k, point, options in _valid_data():
        try:
            datum = construction(G, coords, t, k=k, sample_point=point, **options)
            accepted, detail = True, repr(datum)
        except Exception as exc:  # noqa: BLE001 - rejecting valid data (or crashing on it) is the failure
            accepted, detail = False, f"{type(exc).__name__}: {exc}"
        check.fact(f"accepts: {label}", accepted, method="computation", detail=detail)
        if accepted:
            t0, x0 = point
            n, kk = len(coords), len(G)
            w = Matrix([Rational(j + 1, 3) for j in range(n)])
            v = nearest_permitted_velocity(datum, t0, x0, w)
            check.fact(f"{label}: dim V = 3N − k = {n - kk} and a permitted velocity exists",
                       len(datum.virtual_displacements(t0, x0)) == n - kk and datum.is_consistent(t0, x0, v)
                       and not datum.is_consistent(t0, x0, v + datum.jacobian_at(t0, x0).T * Matrix([1] * kk)),
                       method="computation")
    for label, build in _invalid_data():
        try:
            build(construction)
            rejected, detail = False, "accepted"
        except ValueError as exc:
            rejected, detail = True, f"ValueError: {exc}"
        except Exception as exc:  # noqa: BLE001 - a crash is not a rejection
            rejected, detail = False, f"not rejected with ValueError but crashed: {type(exc).__name__}: {exc}"
        check.fact(f"rejects: {label}", rejected, method="computation", detail=detail)

    def accepts_exactly_the_regular_points(instance):
        n, k, polys, point, offsets = instance
        variables = [t] + list(X[:n])
        G = _shifted_polynomials(polys, variables, point)
        J = Matrix(G).jacobian(list(X[:n])).xreplace(dict(zip(variables, point)))
        regular = any(J.extract(list(range(k)), list(cols)).det() != 0 for cols in combinations(range(n), k))
        try:
            construction(G, X[:n], t, sample_point=(point[0], point[1:]))
            accepted = True
        except ValueError:
            accepted = False
        return accepted == regular

    if randomized:
        check.property("a point of Σ is accepted exactly when some k x k minor of D_xG is nonzero there",
                       _datum_instances(), accepts_exactly_the_regular_points, samples=15, describe=_describe_level_set,
                       scope=f"{check.instances(15)} instances; " + "randomized, exact: G(t, x) polynomial of degree ≤ 2 vanishing at a rational (t0, x0), "
                             "N = 1, k ∈ {1, 2}")

    M = masses([m, 2])
    check.fact("mass operator diag(m I3, 2 I3) is symmetric positive definite (m > 0)",
               M.is_symmetric() and all(ev.is_positive for ev in M.eigenvals()) and M.shape == (6, 6),
               method="symbolic")
    rejected = []
    for bad in ([0], [-1, 1], []):
        try:
            masses(bad)
        except ValueError:
            rejected.append(bad)
    check.fact("mass operator rejects masses that are not positive and N = 0", len(rejected) == 3,
               method="computation", detail=f"rejected {rejected}")

    sphere = HolonomicConstraintDatum([SPHERE], X[:3], t, sample_point=(0, (0, 0, 1)))
    unchecked = HolonomicConstraintDatum([SPHERE], X[:3], t)
    check.fact("hypothesis holonomic.locus_nonempty: holds for a datum with a verified locus point, not without",
               H_LOCUS_NONEMPTY.holds_for(sphere) and not H_LOCUS_NONEMPTY.holds_for(unchecked), method="computation")
    cubic = HolonomicConstraintDatum([x1**3 - x1], X[:3], t, sample_point=(0, (1, 0, 0)))
    double_root = HolonomicConstraintDatum([x1**2], X[:3], t)
    moving = HolonomicConstraintDatum([(x1 - t)**2], X[:3], t)
    check.fact("hypothesis holonomic.rank_on_locus: certified for the sphere and for x1³ − x1, "
               "not for x1² or (x1 − t)² (rank 0 on their loci)",
               H_RANK_ON_LOCUS.holds_for(sphere) and H_RANK_ON_LOCUS.holds_for(cubic)
               and not H_RANK_ON_LOCUS.holds_for(double_root) and not H_RANK_ON_LOCUS.holds_for(moving),
               method="computation")


@definition("holonomic.constraint_model_definition",
            title="Holonomic-constraint models of the force branch: constraint data, the constrained equation, "
                  "virtual displacements and the scleronomic/rheonomic distinction",
            statement=r"(a) A holonomic-constraint datum is a triple $(O,k,G)$: $O\subseteq\mathbb R\times\mathbb R^{3N}$ "
                      r"open and nonempty; an integer $1\le k\le 3N-1$; $G=(G_1,\dots,G_k):O\to\mathbb R^k$ of class "
                      r"$C^2$, each component with a declared dimension $\gamma_\alpha$; subject to (4) nonempty "
                      r"admissible locus: $\Sigma := \{(t,x)\in O: G(t,x)=0\}$ is nonempty and $\Sigma\subseteq I_0\times Q$; "
                      r"(5) regularity: $D_xG(t,x)$ has rank $k$ for every $(t,x)\in\Sigma$. $\Sigma_t$ is the "
                      r"instantaneous locus, $V(t,x) := \ker D_xG(t,x)$ the virtual displacements, and $v$ is a permitted "
                      r"velocity at $(t,x)$ when $G_t(t,x)+D_xG(t,x)v=0$. (b) A constrained curve family is a $C^2$ map "
                      r"$x: J\to\mathbb R^{3N}$ on an interval $J\subseteq I_0$ with nonempty interior, with "
                      r"$(t,x(t))\in O$ and $G(t,x(t))=0$. (c) A reaction field along $x$ is a continuous "
                      r"$R: J\to\mathbb R^{3N}$; the constrained equation is $\mathsf M x'' = F(t,x,w)+R$, "
                      r"$\mathsf M = \mathrm{diag}(m_iI_3)$. (d) scleronomic/rheonomic (see "
                      r"holonomic.scleronomic_rheonomic_definition). (e) The definition adopts no ideal-reaction law, no "
                      r"force law and no measured value. Exercised: the constructor HolonomicConstraintDatum accepts data "
                      r"satisfying (a)1-5 at the points it is offered and rejects each kind of violation.",
            source=f"{SEED} (a)-(e) 'Holonomic-constraint models of the force branch'",
            uses=["calculus.ck_maps_and_diffeomorphisms", "calculus.jacobian_matrix_and_gradient",
                  "calculus.c2_slice_submanifold_convention", "linalg.rank_nullity",
                  "reals.intervals_nine_order_convex_forms", "holonomic.regular_constraint_definition"],
            assumes=[H_LOCUS_NONEMPTY, H_RANK_ON_LOCUS, H_G_C2])
def _(check):
    check_constraint_model_definition(check)


# ---------------------------------------------------------------------------
# holonomic.consistent_data  (#62)
# ---------------------------------------------------------------------------

def _graph_constraint_instances(k_values=(1, 2)):
    """Rheonomic graph constraints of rank k everywhere: x3 = P(t, x1, x2) (and x2 = Q(t, x1) for k = 2)."""
    def for_k(k):
        P = polynomials([t, x1, x2], max_degree=2, max_terms=4, max_num=5, max_den=3)
        Q = polynomials([t, x1], max_degree=2, max_terms=3, max_num=5, max_den=3)
        return st.tuples(st.just(k), P, Q, st.lists(rationals(3, 2), min_size=3, max_size=3),
                         st.lists(rationals(3, 2), min_size=3, max_size=3), rationals(3, 2))
    return st.sampled_from(list(k_values)).flatmap(for_k)


def _graph_constraint(k, P, Q):
    return [x3 - P] if k == 1 else [x3 - P, x2 - Q]


def _point_on_graph(k, P, Q, base, t0):
    """The point of Σ_t0 above (x1, x2) = base[:2] (x2 from Q when k = 2)."""
    a = base[0]
    b = Q.xreplace({t: t0, x1: a}) if k == 2 else base[1]
    return (a, b, P.xreplace({t: t0, x1: a, x2: b}))


def _describe_graph_instance(instance):
    k, P, Q, base, w, t0 = instance
    return {"k": k, "G": [sympy.sstr(g) for g in _graph_constraint(k, P, Q)], "base": base, "w": w, "t0": t0}


def _is_consistent(datum, t0, x0, v0):
    return datum.is_consistent(t0, x0, v0)


def check_consistent_data(check, *, consistency=_is_consistent, randomized=True):
    """(t₀, x₀, v₀) is consistent iff G(t₀,x₀) = 0 and G_t + D_xG v₀ = 0; constrained curves give consistent data."""
    wall = HolonomicConstraintDatum([x1 - t**2 / 2], X[:3], t, sample_point=(2, (2, 0, 0)))
    check.fact("moving wall x1 = t²/2 at (t0, x0) = (2, (2, 0, 0)): v0 = (2, 5, −1) is consistent, (0, 5, −1) is not "
               "(G_t = −2 enters), and neither is a point off the wall",
               consistency(wall, 2, (2, 0, 0), (2, 5, -1)) and not consistency(wall, 2, (2, 0, 0), (0, 5, -1))
               and not consistency(wall, 2, (3, 0, 0), (2, 5, -1)), method="computation")
    curve = [t**2 / 2, sympy.sin(t), sympy.S.Zero]
    check.fact("the constrained curve (t²/2, sin t, 0) on the wall has consistent data at t = 1",
               wall.is_constrained_curve(curve)
               and consistency(wall, 1, [c.subs(t, 1) for c in curve], [sympy.diff(c, t).subs(t, 1) for c in curve]),
               method="symbolic")
    if not randomized:
        return
    def classified(instance):
        k, P, Q, base, w, t0 = instance
        datum = HolonomicConstraintDatum(_graph_constraint(k, P, Q), X[:3], t)
        x0 = _point_on_graph(k, P, Q, base, t0)
        v = nearest_permitted_velocity(datum, t0, x0, w)
        J = datum.jacobian_at(t0, x0)
        off = (x0[0], x0[1], x0[2] + 1)
        return (consistency(datum, t0, x0, v) and not consistency(datum, t0, x0, v + J.T * Matrix([1] * k))
                and not consistency(datum, t0, off, v))

    check.property("permitted velocities at a locus point are consistent; v + D_xGᵀe and points off Σ are not",
                   _graph_constraint_instances(), classified, samples=15, describe=_describe_graph_instance,
                   scope=f"{check.instances(15)} instances; " + "randomized, exact: rheonomic graph constraints x3 = P(t,x1,x2) (k = 1) and also x2 = Q(t,x1) "
                         "(k = 2), rank k everywhere, random rational data")
    s = sympy.symbols("s")

    def curves_give_consistent_data(instance):
        k, P, Q, base, w, t0 = instance
        datum = HolonomicConstraintDatum(_graph_constraint(k, P, Q), X[:3], t)
        c1 = base[0] + w[0] * t + base[1] * t**2
        c2 = Q.xreplace({x1: c1}) if k == 2 else base[2] + w[1] * t
        curve = [c1, c2, P.xreplace({x1: c1, x2: c2})]
        if not datum.is_constrained_curve(curve):
            return False
        velocity = [sympy.diff(c, t) for c in curve]
        return consistency(datum, t0, [c.subs(t, t0) for c in curve], [c.subs(t, t0) for c in velocity])

    check.property("the state (t0, x(t0), x'(t0)) of a constrained curve family is consistent data (chain rule)",
                   _graph_constraint_instances(), curves_give_consistent_data, samples=10,
                   describe=_describe_graph_instance,
                   scope=f"{check.instances(10)} instances; " + "randomized, exact: polynomial curves lying in random rheonomic graph loci, random t0")


@definition("holonomic.consistent_data",
            title="Consistent data of a holonomic-constraint datum",
            statement=r"A tuple $(t_0,x_0,v_0)\in O\times\mathbb R^{3N}$ is consistent data of the datum when "
                      r"$G(t_0,x_0)=0$ and $G_t(t_0,x_0)+D_xG(t_0,x_0)v_0=0$; these are the initial data at which "
                      r"constrained motions are posed. By the chain rule the velocity of a $C^1$ constrained curve "
                      r"family is permitted at every time, so its states are consistent data.",
            source=f"{SEED} (b)",
            uses=["holonomic.constraint_model_definition"],
            proof_uses=["holonomic.differentiated_constraint_permitted_velocity", "calculus.chain_rule_total_derivative"])
def _(check):
    check_consistent_data(check)


# ---------------------------------------------------------------------------
# calculus.c2_slice_submanifold_convention  (#59)
# ---------------------------------------------------------------------------

SLICE_DIMENSIONS = ((1, 1), (2, 1), (1, 2), (2, 2))


def check_c2_slice_convention(check, *, chart=slice_chart, dims=SLICE_DIMENSIONS):
    """For a graph v = φ(u) (generic φ): h(u, v) = (u, v − φ(u)) is a bijection with inverse (u, w + φ(u)),
    det Dh = 1, and h(graph) = R^d x {0}; h and h⁻¹ are C² when φ is."""
    for d, k in dims:
        u = sympy.symbols(f"u1:{d + 1}", real=True)
        v = sympy.symbols(f"v1:{k + 1}", real=True)
        w = sympy.symbols(f"w1:{k + 1}", real=True)
        phi = [Function(f"phi{i + 1}")(*u) for i in range(k)]
        h = chart(phi, u, v, w)
        forward, inverse = h.forward(), h.inverse()
        scope = f"symbolic, generic C² φ: R^{d} → R^{k} (d = {d}, k = {k})"
        check.identity(f"h⁻¹ ∘ h = id (d={d}, k={k})", _compose(inverse, list(u) + list(w), forward),
                       Matrix(list(u) + list(v)), scope=scope)
        check.identity(f"h ∘ h⁻¹ = id (d={d}, k={k})", _compose(forward, list(u) + list(v), inverse),
                       Matrix(list(u) + list(w)), scope=scope)
        check.identity(f"det Dh = 1 (d={d}, k={k})", forward.jacobian(list(u) + list(v)).det(), 1, scope=scope,
                       context="Dh = [[I, 0], [−Dφ, I]] is unipotent: h is a local, here global, C² diffeomorphism")
        check.identity(f"h(u, φ(u)) = (u, 0) (d={d}, k={k})", _compose(forward, list(u) + list(v), Matrix(list(u) + phi)),
                       Matrix(list(u) + [0] * k), scope=scope, context="h(S ∩ U) = W ∩ (R^d x {0})")
        check.identity(f"h⁻¹(u, 0) = (u, φ(u)) (d={d}, k={k})", _compose(inverse, list(u) + list(w),
                                                                      Matrix(list(u) + [0] * k)),
                       Matrix(list(u) + phi), scope=scope, context="and every point of W ∩ (R^d x {0}) comes from S")


@definition("calculus.c2_slice_submanifold_convention",
            title="C² embedded submanifolds: the finite-regularity slice convention",
            statement=r"A $C^2$ embedded submanifold of dimension $d$ in $\mathbb R^n$ is a subset $S$, with its "
                      r"inherited topology, such that each $p\in S$ has an open neighbourhood $U\subseteq\mathbb R^n$ and "
                      r"a $C^2$ diffeomorphism $h: U\to W$ onto an open $W\subseteq\mathbb R^n$ with "
                      r"$h(S\cap U) = W\cap(\mathbb R^d\times\{0\})$; both $h$ and $h^{-1}$ are $C^2$. (Embedded "
                      r"submanifolds and slice charts instead requires smooth charts.) Exercised on the graph charts "
                      r"$h(u,v) = (u, v-\varphi(u))$ used by the page.",
            source=f"{SEED} (a) 'Here a C² embedded submanifold of dimension d in ℝⁿ means …'",
            uses=["calculus.ck_maps_and_diffeomorphisms", "calculus.embedded_submanifolds_slice_charts"])
def _(check):
    check_c2_slice_convention(check)


# ---------------------------------------------------------------------------
# holonomic.instantaneous_locus_c2_submanifold  (#60)
# ---------------------------------------------------------------------------

def implicit_derivative_proof(k: int, derivative_sign=-1) -> Proof:
    """Checked proof, generic G with u scalar and v ∈ R^k: from G(u, φ(u)) ≡ 0, φ' = −(D_vG)⁻¹D_uG."""
    u = Symbol("u", real=True)
    phis = [Function(f"phi{i + 1}")(u) for i in range(k)]
    Gs = [Function(f"G{a + 1}")(u, *phis) for a in range(k)]
    p = Proof("implicit differentiation of G(u, φ(u)) = 0")
    derived = []
    for a, g in enumerate(Gs):
        p.suppose(f"on_graph_{a + 1}", (g, 0), along=u,
                  note="the zero set near p is the graph of a C² φ: the cited trusted result "
                       "calculus.parametrized_implicit_function_theorem_ck (order 2, no parameter block)")
        derived.append(p.differentiate(f"d_du_{a + 1}", f"on_graph_{a + 1}", u, (sympy.diff(g, u), 0),
                                       note="chain rule along the graph"))
    rows = [sympy.expand(sympy.diff(g, u)) for g in Gs]
    primes = [ph.diff(u) for ph in phis]
    Jv = Matrix(k, k, lambda a, i: rows[a].coeff(primes[i]))
    Ju = Matrix([sympy.expand(r - sum(Jv[a, i] * primes[i] for i in range(k))) for a, r in enumerate(rows)])
    inverse = Jv.adjugate() / Jv.det()  # generic k ≤ 2: the adjugate over det D_vG
    p.nonzero("regular", Jv.det(), assumption=H_RANK_ON_LOCUS, note="det D_vG ≠ 0 (the rank hypothesis, as the IFT uses it)")
    solution = derivative_sign * inverse * Ju
    components = []
    for i in range(k):
        components.append(p.algebra(f"phi_{i + 1}_prime", derived, (primes[i], solution[i]),
                                    certificate=[inverse[i, a] for a in range(k)],
                                    note="row i of (D_vG)⁻¹ applied to the differentiated equations"))
    if k == 1:
        p.conclude(components[0])
    else:
        p.algebra("derivative", components, (Matrix(primes), solution))
        p.conclude("derivative")
    return p


def check_instantaneous_locus_submanifold(check, *, derivative_sign=-1, dimension=lambda n, k: n - k,
                                          sizes=((2, 1), (3, 1), (3, 2)), proof_sizes=(1, 2), randomized=True,
                                          matrix_form=True):
    """Σ_t is near each point the graph of a C² φ over n − k coordinates (slice chart (u, v − φ(u)));
    φ' = −(D_vG)⁻¹D_uG; the rank hypothesis is needed (the double cone)."""
    for k in proof_sizes:
        check.proof(f"G(u, φ(u)) ≡ 0 ⇒ φ' = −(D_vG)⁻¹D_uG (k = {k})", implicit_derivative_proof(k, derivative_sign),
                    scope=f"symbolic, generic G and φ, v ∈ R^{k}; u is one coordinate u_j (the others frozen: the "
                          f"same computation for every j and every N), where det D_vG ≠ 0")
    kk, d = sympy.symbols("k d", integer=True, positive=True)
    Ju, Jv = sympy.MatrixSymbol("D_uG", kk, d), sympy.MatrixSymbol("D_vG", kk, kk)
    Dphi = sympy.MatrixSymbol("Dphi", kk, d)
    if matrix_form:
        check.identity("Dφ − (−(D_vG)⁻¹D_uG) = (D_vG)⁻¹(D_uG + D_vG·Dφ): zero where the chain rule gives "
                       "D_uG + D_vG·Dφ = D[G(u, φ(u))] = 0", Dphi - derivative_sign * Jv.I * Ju, Jv.I * (Ju + Jv * Dphi),
                       scope="symbolic, every k and d = 3N − k (MatrixSymbols), where det D_vG ≠ 0",
                       context="the matrix form of the proofs' last step, for every size")

    def locus_is_a_graph(instance):
        n, k, polys, point, offsets = instance
        variables = [t] + list(X[:n])
        G = _shifted_polynomials(polys, variables, point)
        t0, p = point[0], point[1:]
        frozen = [g.xreplace({t: t0}) for g in G]  # the fixed-time map H(x) = G(t0, x)
        if _rank(Matrix(frozen).jacobian(list(X[:n])).xreplace(dict(zip(X[:n], p)))) < k:
            raise OutsideDomain("rank D_xG < k at the drawn point of Σ_t (hypothesis (a)5 fails)")
        if n % 3 == 0:
            HolonomicConstraintDatum(G, X[:n], t, sample_point=(t0, p))  # a datum in the sense of (a)
        try:
            residual, f = local_graph_residuals(frozen, X[:n], p, offsets[1:], derivative_sign=derivative_sign)
        except ArithmeticError as exc:
            raise OutsideDomain(str(exc)) from exc
        kernel = _kernel_dimension(Matrix(frozen).jacobian(list(X[:n])).xreplace(dict(zip(X[:n], p))))
        if not (len(f.u_idx) == dimension(n, k) == kernel):
            return mpmath.mpf(1)
        return residual

    if randomized:
        with check.supporting():  # numerical instances of the cited IFT and of the checked derivative formula
            check.property("Σ_t near a point is v = φ(u) over n − k coordinates: G(t0, u, φ(u)) = 0, every nearby zero lies "
                           "on the graph, Dφ = −(D_vG)⁻¹D_uG (Newton + mpmath.diff)",
                           _level_set_instances(sizes, with_time=True), locus_is_a_graph, samples=8,
                           tolerance=mpmath.mpf(10) ** -12, describe=_describe_level_set,
                           scope=f"{check.instances(8)} instances; " + f"randomized: G(t, x) polynomial of degree ≤ 2 vanishing at a rational (t0, x0) with rank "
                                 f"k, (n, k) ∈ {list(sizes)} (n = 3: a datum with N = 1; n = 2: the same calculus in the "
                                 f"plane); mpmath at {DPS} digits")

    eps = Symbol("epsilon", positive=True)
    cone = x1**2 + x2**2 - x3**2
    splits = {"v = x3": [(eps, 0, eps), (eps, 0, -eps)], "v = x2": [(0, eps, eps), (0, -eps, eps)],
              "v = x1": [(eps, 0, eps), (-eps, 0, eps)]}
    facts = [("rank D_xG(0) = 0 < 1, so the datum constructor rejects the origin as a locus point",
              _rank(Matrix([cone]).jacobian([x1, x2, x3]).xreplace({x1: 0, x2: 0, x3: 0})) == 0, "computation")]
    for split, (a, b) in splits.items():
        on_cone = all(_is_zero(cone.xreplace(dict(zip((x1, x2, x3), q)))) for q in (a, b))
        facts.append((f"{split}: two cone points (·, ±ε) over the same u, for every ε > 0: not a graph near 0",
                      on_cone and a != b, "symbolic"))
    check.necessary(H_RANK_ON_LOCUS, "N = 1, G = x1² + x2² − x3² (double cone) at the origin", violates=facts[:1],
                    others_hold={H_G_C2: [("G is a polynomial, so of class C²", cone.is_polynomial(), "computation")]},
                    conclusion_fails=facts[1:],
                    scope="the graph conclusion of the implicit function theorem fails for every coordinate split")


@lemma("holonomic.instantaneous_locus_c2_submanifold",
       title="Each nonempty instantaneous locus is a C² embedded submanifold of dimension 3N − k",
       statement=r"Each nonempty $\Sigma_t$ is a $C^2$ embedded submanifold of dimension $3N-k$. At $p\in\Sigma_t$ "
                 r"choose $k$ columns of $D_xG(t,p)$ with an invertible minor, split $x=(u,v)$; the implicit function "
                 r"theorem (order 2, no parameter block) gives, on neighbourhoods $P\times Q$ of $p$, zero set "
                 r"$v=\varphi(u)$ with $\varphi\in C^2$; $h(u,v)=(u,v-\varphi(u))$ is a $C^2$ diffeomorphism onto "
                 r"$W=\{(u,w): u\in P, w+\varphi(u)\in Q\}$ with inverse $(u,w)\mapsto(u,w+\varphi(u))$, sending the "
                 r"graph to $W\cap(\mathbb R^{3N-k}\times\{0\})$. For $k=3N-1$ it is locally a $C^2$ curve. "
                 r"(Catalogue note: the letter $Q$ names both the configuration domain and the IFT neighbourhood.)",
       source=f"{SEED} (a) 'Each nonempty Σ_t is a C² embedded submanifold of dimension 3N − k. Indeed, …'",
       uses=["holonomic.constraint_model_definition", "calculus.c2_slice_submanifold_convention"],
       proof_uses=["calculus.parametrized_implicit_function_theorem_ck", "calculus.regular_level_set_is_embedded_submanifold",
                   "calculus.regular_critical_points_values_level_sets"],
       assumes=[H_RANK_ON_LOCUS, H_G_C2], avoids=["holonomic.ideal_reaction_law"], scope="k <= 2")
def _(check):
    check_instantaneous_locus_submanifold(check)


# ---------------------------------------------------------------------------
# holonomic.virtual_displacement_space_dimension  (#61, SUBTLE)
# ---------------------------------------------------------------------------

OFF_LOCUS_WITNESS = {"G": x1**3 - x1, "point": (1 / sympy.sqrt(3), 0, 0)}


def check_kernel_parametrization(check, *, kernel_sign=-1):
    """For symbolic sizes k and d = 3N − k: with D_xG = [J_u J_v] (J_v the invertible k×k minor that rank k provides,
    coordinates permuted), δ_u ↦ (δ_u, ∓J_v⁻¹J_uδ_u) maps R^d into V = ker D_xG, onto it, and injectively (its first
    block is δ_u): dim V = d = 3N − k.  ``kernel_sign`` replaces the − (a mutation)."""
    k, d = sympy.symbols("k d", integer=True, positive=True)
    Ju, Jv = sympy.MatrixSymbol("J_u", k, d), sympy.MatrixSymbol("J_v", k, k)
    du, dv = sympy.MatrixSymbol("delta_u", d, 1), sympy.MatrixSymbol("delta_v", k, 1)
    lower = kernel_sign * Jv.I * Ju  # the v-block of the parametrization B = [I; lower]
    scope = "symbolic, every k ≥ 1 and d = 3N − k ≥ 1 (MatrixSymbols), where det J_v ≠ 0"
    check.identity("into V: D_xG·B = J_u·I + J_v·(−J_v⁻¹J_u) = 0", Ju + Jv * lower, sympy.ZeroMatrix(k, d), scope=scope)
    check.identity("onto V: δ_v − (−J_v⁻¹J_uδ_u) = J_v⁻¹(J_uδ_u + J_vδ_v), which is 0 for every δ = (δ_u, δ_v) ∈ V",
                   dv - lower * du, Jv.I * (Ju * du + Jv * dv), scope=scope,
                   context="so every δ ∈ V is B δ_u; B is injective since its first block is the identity")


def check_virtual_displacement_dimension(check, *, dimension=lambda n, k: n - k, locus_only=True,
                                         witness=OFF_LOCUS_WITNESS, randomized=True, kernel_sign=-1):
    """dim V(t,x) = 3N − k at (t, x) ∈ Σ (rank–nullity with rank k; the explicit parametrization of the kernel for
    symbolic sizes); off Σ only dim V ≥ 3N − k (x1³ − x1 at 1/√3).

    ``locus_only=False`` is the page's literal reading "at (t, x)" for every (t, x) ∈ O: it is refuted by the witness.
    """
    check_kernel_parametrization(check, kernel_sign=kernel_sign)
    sizes = [(n, k) for n in (3, 6) for k in range(1, n)]
    circle = HolonomicConstraintDatum(CIRCLE, X[:3], t, sample_point=(0, (0, 1, 0)))
    rod_pair = HolonomicConstraintDatum([(X[0] - X[3])**2 + (X[1] - X[4])**2 + (X[2] - X[5])**2 - 1], X[:6], t,
                                        sample_point=(0, (0, 0, 0, 0, 0, 1)))
    check.fact("on Σ: the circle (N = 1, k = 2) has dim V = 1 and the rod (N = 2, k = 1) dim V = 5",
               len(circle.virtual_displacements(0, (0, 1, 0))) == dimension(3, 2)
               and len(rod_pair.virtual_displacements(0, (0, 0, 0, 0, 0, 1))) == dimension(6, 1), method="symbolic")

    if randomized:  # instances of what the parametrization and the cited rank–nullity theorem establish
        with check.supporting():
            def jacobians(instance):
                J = instance
                return _kernel_dimension(J) == dimension(J.cols, J.rows)

            check.property("rank D_xG = k ⇒ dim ker D_xG = 3N − k", st.sampled_from(sizes).flatmap(
                lambda size: full_row_rank_matrices(size[1], size[0], max_num=5, max_den=2)), jacobians, samples=15, describe=sympy.sstr,
                scope=f"{check.instances(15)} instances; " + "randomized, exact: k x 3N rational Jacobians of rank k, N ∈ {1, 2}, k = 1..3N−1")

            def on_locus(instance):
                n, k, polys, point, offsets = instance
                variables = [t] + list(X[:n])
                G = _shifted_polynomials(polys, variables, point)
                try:
                    datum = HolonomicConstraintDatum(G, X[:n], t, sample_point=(point[0], point[1:]))
                except ValueError as exc:
                    raise OutsideDomain(str(exc)) from exc
                return len(datum.virtual_displacements(point[0], point[1:])) == dimension(n, k)

            check.property("at points of Σ of random data, dim V = 3N − k", _datum_instances(), on_locus, samples=10,
                           describe=_describe_level_set,
                           scope=f"{check.instances(10)} instances; " + "randomized, exact: polynomial G(t, x), N = 1, k ∈ {1, 2}, at a rational point of Σ with rank k")

            def everywhere_at_least(instance):
                J = instance
                return _kernel_dimension(J) >= J.cols - J.rows

            check.property("at any point of O (rank ≤ k): dim V ≥ 3N − k", st.sampled_from(sizes).flatmap(
                lambda size: rational_matrices(size[1], size[0], max_num=2, max_den=1)), everywhere_at_least, samples=15,
                describe=sympy.sstr, scope=f"{check.instances(15)} instances; " + "randomized, exact: arbitrary k x 3N integer Jacobians (often rank-deficient)")

    G, point = witness["G"], witness["point"]
    datum = HolonomicConstraintDatum([G], X[:3], t, locus_points=[(0, (r, 0, 0)) for r in (-1, 0, 1)])
    dim_off = len(datum.virtual_displacements(0, point))
    off_locus = not datum.on_locus(0, point)
    if locus_only:
        check.witness("finding: the page's 'at (t,x)' fails off Σ", f"N = 1, G = {sympy.sstr(G)}, point {point}", [
            ("G satisfies the datum's rank hypothesis on all of Σ (Gröbner certificate; roots 0, ±1 regular)",
             bool(H_RANK_ON_LOCUS.holds_for(datum)), "computation"),
            ("the point is in O but off Σ", off_locus, "symbolic"),
            (f"there dim V = 3 = 3N, not 3N − k = {dimension(3, 1)}", dim_off == 3 != dimension(3, 1), "symbolic"),
        ], scope="the statement holds on Σ; under (h1) of the ideal-holonomic theorem (rank k on all of O) on all of O")
    else:
        check.fact(f"dim V(t, x) = 3N − k at every (t, x) ∈ O: at {point} (G = {sympy.sstr(G)})",
                   dim_off == dimension(3, 1), method="symbolic", detail=f"dim V = {dim_off} there")
    square = HolonomicConstraintDatum([x1 * x1], X[:3], t)
    check.necessary(H_RANK_ON_LOCUS, "N = 1, G = x1² at the locus point (0, 0)",
                    violates=[("D_xG = 2x1 e1 = 0 on Σ = {x1 = 0}: rank 0 < k = 1",
                               square.jacobian.xreplace({x1: 0}).is_zero_matrix and square.on_locus(0, (0, 0, 0)),
                               "symbolic")],
                    conclusion_fails=[(f"dim V(0, 0) = 3, not 3N − k = {dimension(3, 1)}",
                                       len(square.virtual_displacements(0, (0, 0, 0))) == 3 != dimension(3, 1),
                                       "symbolic")])


@lemma("holonomic.virtual_displacement_space_dimension",
       title="The space of virtual displacements has dimension 3N − k (on the locus)",
       statement=r"The set $V(t,x) := \ker D_xG(t,x)\subseteq\mathbb R^{3N}$ has dimension $3N-k$ by the rank-nullity "
                 r"theorem and is called the space of virtual displacements of the datum at $(t,x)$. "
                 r"Checked form: at $(t,x)\in\Sigma$, where hypothesis (a)5 gives rank $k$. SUBTLE: the page says "
                 r"'at $(t,x)$' for any point of $O$, but rank $k$ is assumed only on $\Sigma$; off $\Sigma$ only "
                 r"$\dim V\ge 3N-k$ holds (witness $G=x_1^3-x_1$, rank $k$ on $\Sigma$, with $D_xG=0$ and $\dim V=3N$ "
                 r"at $x_1=\pm1/\sqrt3$). Under (h1) of the ideal-holonomic theorem (rank $k$ on all of $O$) the "
                 r"literal statement holds.",
       source=f"{SEED} (a) 'The set V(t,x) := ker D_xG(t,x) ⊆ ℝ^{{3N}} has dimension 3N − k by the rank-nullity theorem'",
       uses=["holonomic.constraint_model_definition", "constraints.holonomic_virtual_displacements"],
       proof_uses=["linalg.rank_nullity"],
       assumes=[H_RANK_ON_LOCUS], avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_virtual_displacement_dimension(check)


# ---------------------------------------------------------------------------
# holonomic.residual_reaction_unselective  (#63)
# ---------------------------------------------------------------------------

CIRCLE = [SPHERE, x3]  # |x| = 1 in the plane x3 = 0 (N = 1, k = 2)


def _on_circle(theta):
    return [sympy.cos(theta), sympy.sin(theta), sympy.S.Zero]


def check_residual_reaction_unselective(check, *, first_motion=t, second_motion=t + t**3, second_curve=None):
    """On the circle |x| = 1, x3 = 0: θ = t and θ = t + t³ share their data, both are constrained motions with their
    residual reactions R = 𝖬x'' − F; the ideal-reaction law (F = 0) keeps only the first."""
    datum = HolonomicConstraintDatum(CIRCLE, X[:3], t, sample_point=(0, (1, 0, 0)))
    curves = [_on_circle(first_motion), second_curve if second_curve is not None else _on_circle(second_motion)]
    for i, curve in enumerate(curves, 1):
        check.identity(f"curve {i} is a constrained curve family: G(t, x(t)) ≡ 0", datum.along(curve),
                       sympy.zeros(2, 1), scope="symbolic, all t ∈ R")
    states = [([sympy.sympify(c).subs(t, 0) for c in curve], [sympy.diff(c, t).subs(t, 0) for c in curve])
              for curve in curves]
    check.fact("the two curves have the same (consistent) data at t = 0: x = (1,0,0), x' = (0,1,0)",
               states[0] == states[1] and datum.is_consistent(0, *states[0]), method="symbolic",
               detail=f"data {states}")
    difference = [sympy.sympify(a - b).subs(t, 1) for a, b in zip(*curves)]
    check.fact("the two curves differ (at t = 1)", any(not _is_zero(d) for d in difference), method="symbolic",
               detail=f"x_1(1) − x_2(1) = {difference}")
    F = [Function(f"F{i + 1}") for i in range(3)]

    def force(time, position, velocity):
        return [Fi(time, *position, *velocity) for Fi in F]
    for i, curve in enumerate(curves, 1):
        R = datum.residual_reaction([m], force, curve)
        x_t = Matrix(curve)
        check.identity(f"curve {i} with R = 𝖬x'' − F satisfies 𝖬x'' = F(t, x, x') + R", m * x_t.diff(t, 2),
                       Matrix(force(t, list(x_t), list(x_t.diff(t)))) + R, scope="symbolic, generic force F(t, x, v)")
    Rs = [Function(f"R{i + 1}")(t) for i in range(3)]
    Rp = [Function(f"Rp{i + 1}")(t) for i in range(3)]
    xs = [Function(f"y{i + 1}")(t) for i in range(3)]
    Fs = [Function(f"F{i + 1}")(t) for i in range(3)]
    p = Proof("the reaction of a given curve is unique")
    first = p.suppose("equation_R", (m * Matrix(xs).diff(t, 2), Matrix(Fs) + Matrix(Rs)))
    second = p.suppose("equation_R'", (m * Matrix(xs).diff(t, 2), Matrix(Fs) + Matrix(Rp)))
    comps = [p.algebra(f"component_{i + 1}", [first, second], (Rs[i], Rp[i]),
                       certificate=[0] * i + [-1] + [0] * (2 - i) + [0] * i + [1] + [0] * (2 - i)) for i in range(3)]
    p.algebra("unique", comps, (Matrix(Rs), Matrix(Rp)))
    p.conclude("unique")
    check.proof("two reactions with 𝖬x'' = F + R along the same curve coincide", p, scope="symbolic, generic x, F, R")
    ideal = []
    for curve in curves:
        R = datum.residual_reaction([m], lambda time, position, velocity: [0, 0, 0], curve)
        tangent = Matrix([sympy.diff(c, t) for c in curve])  # x' ≠ 0 lies in V, which is 1-dimensional (k = 2)
        ideal.append(sympy.simplify(euclidean_inner_product(R, tangent)))
    check.identity("with F = 0, curve 1 satisfies the ideal-reaction law: R·x' = 0 (x' spans V along the circle)",
                   ideal[0], 0, scope="symbolic, all t")
    check.fact("with F = 0, curve 2 violates it: R·x' ≠ 0 at t = 1, so the law selects among the candidates",
               not _is_zero(ideal[1].subs(t, 1)), method="symbolic", detail=f"R·x' = {sympy.sstr(ideal[1])}")


@remark("holonomic.residual_reaction_unselective",
        title="Without a reaction law every constrained curve is a constrained motion with its residual reaction",
        statement=r"For any specified constrained curve family $x$, the constrained equation fixes the reaction "
                  r"uniquely as the residual field $R(t)=\mathsf Mx''(t)-F(t,x(t),x'(t))$ (continuous, and defined "
                  r"along $x$ since $\Sigma\subseteq I_0\times Q$). Without an additional reaction law the constraint "
                  r"and this equation do not select which constrained curve families are dynamically admissible: every "
                  r"$C^2$ constrained curve can be paired with its residual field. The ideal-reaction law selects among "
                  r"these candidates. Witness: on the circle $|x|=1$, $x_3=0$, the motions $\theta=t$ and "
                  r"$\theta=t+t^3$ share their data; both are constrained motions; with $F=0$ only the first has a "
                  r"reaction annihilating $V$.",
        source=f"{SEED} (c) 'For any specified constrained curve family x, this equation fixes the reaction uniquely …'; "
               "postulate bullet 'Adopted, not derived'",
        uses=["holonomic.constraint_model_definition", "holonomic.consistent_data", "holonomic.ideal_reaction_law",
              "linalg.euclidean_inner_product"])
def _(check):
    check_residual_reaction_unselective(check)


# ---------------------------------------------------------------------------
# holonomic.scleronomic_rheonomic_definition  (#64)
# ---------------------------------------------------------------------------

def scleronomic_by_closure(ambient, locus) -> bool:
    """Formulation 2: (t, x) ∈ Σ and (t', x) ∈ O imply (t', x) ∈ Σ (finite sets of (t, x) pairs)."""
    locus, ambient = set(locus), set(ambient)
    return all((t2, x) in locus for (_, x) in locus for (t2, y) in ambient if y == x)


def scleronomic_by_projection(ambient, locus) -> bool:
    """Formulation 1 with N = pr_x Σ: Σ = {(t, x) ∈ O : x ∈ N}."""
    locus, ambient = set(locus), set(ambient)
    N = {x for (_, x) in locus}
    return locus == {(s, x) for (s, x) in ambient if x in N}


def scleronomic_by_search(ambient, locus, configurations) -> bool:
    """Formulation 1 literally: some N ⊆ configurations has Σ = {(t, x) ∈ O : x ∈ N} (search over all N)."""
    locus, ambient = set(locus), set(ambient)
    configurations = sorted(configurations)
    for r in range(len(configurations) + 1):
        for N in combinations(configurations, r):
            if locus == {(s, x) for (s, x) in ambient if x in N}:
                return True
    return False


def _finite_models(max_times=3, max_points=3):
    pairs = [(i, j) for i in range(max_times) for j in range(max_points)]
    return st.lists(st.sampled_from(pairs), unique=True).flatmap(
        lambda ambient: st.tuples(st.just(ambient), st.lists(st.sampled_from(ambient), unique=True) if ambient
                                  else st.just([])))


def check_scleronomic_definition(check, *, closure=scleronomic_by_closure, projection=scleronomic_by_projection):
    """The two formulations agree (N ↔ pr_x Σ); for O = I₀ × Q scleronomic means Σ = I₀ × (N ∩ Q)."""
    def agree(instance):
        ambient, locus = instance
        searched = scleronomic_by_search(ambient, locus, {x for (_, x) in ambient})
        return closure(ambient, locus) == searched == projection(ambient, locus)

    check.property("∃N: Σ = {(t,x) ∈ O : x ∈ N}  ⇔  [(t,x) ∈ Σ, (t',x) ∈ O ⇒ (t',x) ∈ Σ]  ⇔  N = pr_x Σ works",
                   _finite_models(), agree, samples=40,
                   describe=lambda inst: {"O": sorted(inst[0]), "Sigma": sorted(inst[1])},
                   scope=f"{check.instances(40)} instances; " + "randomized, exact: every finite O ⊆ T x X with |T|, |X| ≤ 3 and Σ ⊆ O drawn; N searched over "
                         "all subsets of X")

    def product_form(instance):
        times, points, N, extra = instance
        ambient = [(s, x) for s in times for x in points]
        locus = [(s, x) for s in times for x in points if x in N]
        broken = locus + ([(times[0], extra)] if extra in points and extra not in N and len(times) > 1 else [])
        ok = closure(ambient, locus) and projection(ambient, locus)
        if broken != locus:
            ok = ok and not closure(ambient, broken) and not projection(ambient, broken)
        return ok

    sets = st.lists(st.integers(0, 4), min_size=1, max_size=4, unique=True)
    check.property("for O = I0 x Q: Σ = I0 x (N ∩ Q) is scleronomic; adding one (t, x) breaks it",
                   st.tuples(sets, sets, sets, st.integers(0, 4)), product_form, samples=20,
                   scope=f"{check.instances(20)} instances; " + "randomized, exact finite product models T x X")
    wall = HolonomicConstraintDatum([x1 - t], X[:3], t, sample_point=(0, (0, 0, 0)))
    sphere = HolonomicConstraintDatum([SPHERE], X[:3], t, sample_point=(0, (1, 0, 0)))
    t2 = Symbol("t2", real=True)
    check.identity("sphere: G(t', x) = G(t, x), so (t,x) ∈ Σ ⇒ (t',x) ∈ Σ (scleronomic, N = S²)",
                   sphere.G.xreplace({t: t2}), sphere.G, scope="symbolic")
    check.fact("moving wall x1 = t: (0, 0) ∈ Σ, (1, 0) ∈ O ∖ Σ, so it is rheonomic",
               wall.on_locus(0, (0, 0, 0)) and not wall.on_locus(1, (0, 0, 0)), method="symbolic")


@definition("holonomic.scleronomic_rheonomic_definition",
            title="Scleronomic and rheonomic constraints",
            statement=r"The datum is scleronomic when there is a set $N\subseteq\mathbb R^{3N}$ with "
                      r"$\Sigma=\{(t,x)\in O: x\in N\}$; equivalently, if $(t,x)\in\Sigma$ and $(t',x)\in O$ then "
                      r"$(t',x)\in\Sigma$ (pass between $N$ and the projection of $\Sigma$). For $O=I_0\times Q$ this "
                      r"reads $\Sigma=I_0\times(N\cap Q)$. The datum is rheonomic otherwise. (Catalogue note: the letter "
                      r"$N$ also counts the particles.)",
            source=f"{SEED} (d) 'The datum is scleronomic when the constraint locus is time-independent …'",
            uses=["holonomic.constraint_model_definition"])
def _(check):
    check_scleronomic_definition(check)


# ---------------------------------------------------------------------------
# holonomic.scleronomic_implies_Gt_vanishes  (#65)
# ---------------------------------------------------------------------------

def _scleronomic_presentations():
    """ρ(t, x)·P(x): a time-dependent presentation of the time-independent locus {P = 0} (ρ = 1 + Q² > 0)."""
    return st.tuples(polynomials(X[:3], max_degree=2, max_terms=4, min_terms=1, max_num=5, max_den=3),
                     polynomials([t] + list(X[:3]), max_degree=2, max_terms=3, max_num=4, max_den=2),
                     polynomials([t] + list(X[:3]), max_degree=2, max_terms=4, min_terms=1, max_num=5, max_den=3),
                     st.lists(rationals(3, 2), min_size=4, max_size=4), rationals(3, 2))


def presentation_Gt_proof(k: int, scleronomic=True) -> Proof:
    """Checked proof: for G = ρ(t, x)·P(x) (ρ a nowhere-zero scalar, or an invertible k×k matrix, P: R^{3N} → R^k),
    G_t = ρ_t P vanishes where P = 0.  ``scleronomic=False`` lets P depend on t (a moving locus): the proof fails."""
    a = sympy.symbols("a1:4", real=True)  # the frozen point x0 (only t varies)
    args = (t, *a) if not scleronomic else a
    Ps = [Function(f"P{i + 1}")(*args) for i in range(k)]
    rho = Matrix(k, k, lambda i, j: Function(f"rho{i + 1}{j + 1}" if k > 1 else "rho")(t, *a))
    G = rho * Matrix(Ps)
    p = Proof(f"G = ρ·P with P time-independent: G_t = 0 on Σ (k = {k})")
    hyps = [p.suppose(f"on_sigma_{i + 1}", (Ps[i], 0), note="x0 ∈ N: P(x0) = 0") for i in range(k)]
    for i in range(k):
        p.algebra(f"G_t_{i + 1}", hyps, (sympy.diff(G[i], t), 0),
                  note="G_t = ρ_t P + ρ P_t, and P_t = 0 (P does not depend on t)")
    if k == 1:
        p.conclude("G_t_1")
    else:
        p.algebra("G_t", [f"G_t_{i + 1}" for i in range(k)], (G.diff(t), sympy.zeros(k, 1)))
        p.conclude("G_t")
    return p


def check_scleronomic_implies_Gt_vanishes(check, *, scleronomic=True, randomized=True, sizes=(1, 2)):
    """Scleronomic ⇒ G_t = 0 on Σ for every presentation: t ↦ G(t, x) vanishes on the open set {t : (t, x) ∈ O};
    for the presentations ρ·P of a time-independent locus {P = 0}, G_t = ρ_t P = 0 there (checked proofs)."""
    Gf = Function("G")
    X0 = sympy.symbols("a1:4", real=True)
    p = Proof("G_t vanishes on a scleronomic locus")
    p.hypothesis("vanishes_on_time_line", (Gf(t, *X0), 0), along=t, assumption=H_SCLERONOMIC,
                 note="x0 ∈ N: every (t, x0) ∈ O lies in Σ, for t in the open set {t : (t, x0) ∈ O}")
    p.differentiate("G_t", "vanishes_on_time_line", t, (sympy.diff(Gf(t, *X0), t), 0),
                    note="an identity on an open set of times may be differentiated")
    p.conclude("G_t")
    with check.without(H_G_C2, H_RANK_ON_LOCUS,
                       note="the proofs differentiate G once in t (G of class C¹ suffices) and do not use D_xG"):
        check.proof("G(t, x0) = 0 on the time-line ⇒ G_t(t, x0) = 0", p,
                    scope="symbolic, generic G of class C¹; x0 = (a1, a2, a3) is frozen (only t varies), so the "
                          "argument is the same for every N")
        for k in sizes:
            check.proof(f"G = ρ(t, x)·P(x) ({'scalar ρ' if k == 1 else f'{k}x{k} matrix ρ'}): G_t = ρ_t P = 0 where P = 0"
                        if scleronomic else f"G = ρ(t, x)·P(t, x) (k = {k}): G_t = 0 where P = 0",
                        presentation_Gt_proof(k, scleronomic),
                        scope=f"symbolic, generic ρ and P, k = {k}; x0 frozen, so every N")

    def vanishes(instance):
        P, Q, other, point, t1 = instance
        p0 = point[1:]
        G = (1 + Q**2) * _shifted_polynomials([P], X[:3], p0)[0]  # locus {P − P(p0) = 0}, time-independent
        datum = HolonomicConstraintDatum([G], X[:3], t)
        if not datum.on_locus(t1, p0):
            return False
        return _is_zero(datum.at(datum.time_derivative[0], t1, p0))

    if randomized:
        with check.supporting():
            check.property("G_t(t, x0) = 0 at points (t, x0) of Σ, for random presentations ρ·P of time-independent loci",
                           _scleronomic_presentations(), vanishes, samples=15,
                           describe=lambda inst: [sympy.sstr(e) for e in inst[:3]] + [inst[3], inst[4]],
                           scope=f"{check.instances(15)} instances; " + "randomized, exact: G = (1 + Q(t,x)²)·(P(x) − P(x0)), random rational times")
    u = Symbol("u", real=True, nonzero=True)
    moving = HolonomicConstraintDatum([x1 - u * t], X[:3], t, sample_point=(0, (0, 0, 0)))
    check.necessary(H_SCLERONOMIC, "G = s(x) − ut, u ≠ 0 (rheonomic, rank 1)", violates=[
        ("(0, 0) ∈ Σ and (1, 0) ∉ Σ: rheonomic", moving.on_locus(0, (0, 0, 0)) and not moving.on_locus(1, (0, 0, 0)),
         "symbolic")], others_hold={
        H_RANK_ON_LOCUS: [("D_xG = (1, 0, 0) has rank 1 on Σ", moving.jacobian.rank() == 1, "computation")],
        H_G_C2: [("G is a polynomial, so of class C²", sympy.sympify(moving.G[0]).is_polynomial(), "computation")]},
        conclusion_fails=[
        ("G_t = −u ≠ 0 on Σ", sympy.sympify(moving.time_derivative[0] + u) == 0 and u.is_nonzero, "symbolic")])


@lemma("holonomic.scleronomic_implies_Gt_vanishes",
       title="For a scleronomic datum every presentation has G_t = 0 on the locus",
       statement=r"If the datum is scleronomic, then the declared presentation $G$, and every $C^2$ presentation of the "
                 r"same locus with the rank hypothesis, satisfy $G_t(t,x)=0$ for every $(t,x)\in\Sigma$: for $x\in N$ "
                 r"every $(t,x)\in O$ lies in $\Sigma$, so $t\mapsto G(t,x)$ vanishes on the open set "
                 r"$\{t:(t,x)\in O\}$. The rank hypothesis is not used, and $C^1$ suffices (catalogue).",
       source=f"{SEED} (d) 'If the datum is scleronomic, then the declared presentation G … satisfy G_t(t,x) = 0'",
       uses=["holonomic.scleronomic_rheonomic_definition", "holonomic.constraint_model_definition"],
       assumes=[H_SCLERONOMIC, H_G_C2, H_RANK_ON_LOCUS], avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_scleronomic_implies_Gt_vanishes(check)


# ---------------------------------------------------------------------------
# holonomic.moving_locus_nonregular_Gt_zero  (#66)
# ---------------------------------------------------------------------------

u_speed = Symbol("u", real=True, nonzero=True)


def check_moving_locus_nonregular(check, *, presentation=None, speed=u_speed):
    """G = (s(x) − ut)², u ≠ 0: the zero set {s = ut} moves, yet G_t = −2u(s − ut) vanishes on it; rank is 0 there."""
    G = presentation if presentation is not None else (x1 - speed * t)**2
    datum = HolonomicConstraintDatum([G], X[:3], t)
    on_sigma = {x1: speed * t}
    zero_set = sympy.solve(G, x1)
    try:
        HolonomicConstraintDatum([G], X[:3], t, sample_point=(0, (0, 0, 0)))
        rejected = False
    except ValueError:
        rejected = True
    check.witness("G_t = 0 on Σ without time-independence", f"N = 1, s(x) = (x_1)_1, G = {sympy.sstr(G)}, "
                  f"O = R x R³ (dimension ℓ², [u] = ℓτ⁻¹)", [
                      ("Σ = {s = ut}: the zero set of G", zero_set == [speed * t], "symbolic"),
                      ("the zero set moves: (0, 0) ∈ Σ and (1, 0) ∈ O ∖ Σ (rheonomic)",
                       datum.on_locus(0, (0, 0, 0)) and not datum.on_locus(1, (0, 0, 0)), "symbolic"),
                      ("G_t = −2u(s − ut) vanishes at every point of Σ",
                       _is_zero(datum.time_derivative[0].xreplace(on_sigma)), "symbolic"),
                      ("the rank hypothesis fails: D_xG = 2(s − ut)ds = 0 on Σ (the constructor rejects (0, 0))",
                       datum.jacobian.xreplace(on_sigma).applyfunc(sympy.expand).is_zero_matrix and rejected, "symbolic"),
                  ], scope="every t ∈ R, every u ≠ 0")


@counterexample("holonomic.moving_locus_nonregular_Gt_zero",
                title="A moving zero set with G_t = 0 on it: (s(x) − ut)², which violates the rank hypothesis",
                statement=r"The identity $G_t=0$ on $\Sigma$ is a consequence of time-independence and not a criterion "
                          r"for it. With $s(x) := (x_1)_1$ and a nonzero speed $u$, the scalar presentation "
                          r"$G(t,x) := (s(x)-ut)^2$ on $O=\mathbb R\times\mathbb R^{3N}$ has the moving zero set "
                          r"$\{s(x)=ut\}$ while $G_t(t,x)=-2u(s(x)-ut)$ vanishes at every point of that set; this "
                          r"presentation violates the rank hypothesis.",
                source=f"{SEED} (d) 'The identity is a consequence of time-independence and not a criterion for it …'",
                uses=["holonomic.scleronomic_rheonomic_definition", "holonomic.scleronomic_implies_Gt_vanishes",
                      "holonomic.constraint_model_definition"])
def _(check):
    check_moving_locus_nonregular(check)


# ---------------------------------------------------------------------------
# holonomic.rank_regular_rheonomic_with_Gt_zero  (#67)
# ---------------------------------------------------------------------------

T_star = Symbol("T_star", positive=True)
L_star = Symbol("L_star", positive=True)


def _smoothstep(tau):
    """6τ⁵ − 15τ⁴ + 10τ³: 0 at τ = 0, 1 at τ = 1, first and second derivatives 0 at both ends (a C² step)."""
    return 6 * tau**5 - 15 * tau**4 + 10 * tau**3


def x6_proof(sign=1) -> Proof:
    """Connected time-lines (catalogue X6), the key step: G(t, u, φ(t,u)) ≡ 0 and G_t = 0 on Σ give φ_t = 0."""
    u = Symbol("u", real=True)
    phi = Function("phi")(t, u)
    Gf = Function("G")
    on_graph = Gf(t, u, phi)
    total = sympy.diff(on_graph, t)
    G_v = sympy.expand(total).coeff(phi.diff(t))
    G_t = sympy.expand(total - G_v * phi.diff(t))
    p = Proof("G_t = 0 on Σ forces the local graph to be constant in time")
    p.suppose("graph", (on_graph, 0), along=t, note="Σ = {v = φ(t, u)} near a point (implicit function theorem, rank 1)")
    p.differentiate("d_dt", "graph", t, (total, 0))
    p.suppose("G_t_on_sigma", (G_t, 0), note="the hypothesis G_t = 0 on Σ, along the graph")
    p.nonzero("G_v", G_v, note="G_v ≠ 0: rank 1 on Σ, the graph is over u")
    p.algebra("phi_t", ["d_dt", "G_t_on_sigma"], (phi.diff(t), 0), certificate=[sign / G_v, -sign / G_v],
              note="where G_v ≠ 0")
    p.conclude("phi_t")
    return p


def _relation_on_window(rel, a, b):
    """Whether the relation ``rel`` (linear in t) holds for every t in the open interval (a, b) (True), for none
    (False), or neither/undecided (None)."""
    if isinstance(rel, (sympy.StrictGreaterThan, sympy.GreaterThan)):
        f = rel.lhs - rel.rhs
    elif isinstance(rel, (sympy.StrictLessThan, sympy.LessThan)):
        f = rel.rhs - rel.lhs
    else:
        return None
    f = sympy.expand(f)
    if not f.is_polynomial(t) or sympy.degree(f, t) != 1:
        return None
    ends = [f.xreplace({t: a}), f.xreplace({t: b})]  # f is affine: its sign on (a, b) is decided by its ends
    if all(sympy.sympify(e).is_nonnegative is True for e in ends):
        return True
    if all(sympy.sympify(e).is_nonpositive is True for e in ends):
        return False
    return None


def _condition_on_window(cond, a, b):
    if cond is sympy.true or cond is sympy.false:
        return bool(cond)
    if isinstance(cond, (sympy.And, sympy.Or)):
        values = [_condition_on_window(c, a, b) for c in cond.args]
        if isinstance(cond, sympy.And):
            return True if all(v is True for v in values) else (False if any(v is False for v in values) else None)
        return True if any(v is True for v in values) else (False if all(v is False for v in values) else None)
    return _relation_on_window(cond, a, b)


def restriction_to_window(G, a, b):
    """The expression a (Piecewise) presentation ``G`` has on the time window (a, b) × R^{3N}: the first branch whose
    condition holds at every time of (a, b), all earlier ones failing at every time; ``None`` when undecided."""
    G = sympy.sympify(G)
    if not isinstance(G, sympy.Piecewise):
        return G
    for expr, cond in G.args:
        holds = _condition_on_window(cond, a, b)
        if holds is True:
            return expr
        if holds is None:
            return None
    return None


def check_rank_regular_rheonomic(check, *, L=L_star, window="disconnected", first_piece=x1):
    """O = ((0,T) ∪ (2T,3T)) x R³, G = s on the first piece and L > 0 on the second: rank 1 on Σ, G_t = 0 on Σ, yet
    not scleronomic. The disconnected window is essential (catalogue X6).  Every fact is computed from the datum's G
    (its restriction to each window of O); ``first_piece`` is what G is on (0, T*) (a mutation changes G itself)."""
    from checker.proof import ideal_member
    T = T_star
    if window == "disconnected":
        def ambient(t0, x0):
            return bool((0 < t0) & (t0 < T)) or bool((2 * T < t0) & (t0 < 3 * T))
        G = sympy.Piecewise((first_piece, (t > 0) & (t < T)), (L, True))
    else:  # the same presentation on the connected window (0, 3T)
        def ambient(t0, x0):
            return bool((0 < t0) & (t0 < 3 * T))
        G = first_piece
    datum = HolonomicConstraintDatum([G], X[:3], t, sample_point=(T / 2, (0, 0, 0)), ambient=ambient)
    on_first = restriction_to_window(datum.G[0], 0, T)  # computed from the datum's G
    on_second = restriction_to_window(datum.G[0], 2 * T, 3 * T)
    pieces = [piece for piece in (on_first, on_second) if piece is not None]
    decided = len(pieces) == 2
    G_t_first = sympy.diff(on_first, t) if on_first is not None else None
    rank_certificate = (rank_on_locus_certificate([on_first], X[:3], t) if on_first is not None and
                        sympy.sympify(on_first).is_polynomial(t, *X[:3]) else Decision(False, explanation="undecided"))
    check.witness("rank-regular, G_t = 0 on Σ, rheonomic", "N = 1, T* > 0, L* > 0; G = s on (0,T*) x R³, "
                  "G = L* on (2T*,3T*) x R³", [
                      ("O is open and its time set is disconnected: T*/2 and 5T*/2 in it, 3T*/2 not",
                       ambient(T / 2, (0, 0, 0)) and ambient(5 * T / 2, (0, 0, 0)) and not ambient(3 * T / 2, (0, 0, 0)),
                       "symbolic"),
                      ("G is C^∞ on O: its restrictions to the two disjoint open pieces are polynomials",
                       decided and all(sympy.sympify(piece).is_polynomial(t, *X[:3]) for piece in pieces)
                       and (sympy.Interval.open(2 * T, 3 * T).inf - sympy.Interval.open(0, T).sup).is_nonnegative is True,
                       "symbolic"),
                      ("no zero on the second piece (G = L* ≠ 0 there): Σ = (0,T*) x {G = 0}",
                       decided and sympy.sympify(on_second).is_nonzero is True, "symbolic"),
                      ("rank 1 on Σ: Gröbner certificate for G restricted to (0,T*) (no point of Σ with D_xG = 0)",
                       bool(rank_certificate), "computation"),
                      ("G_t = 0 on Σ: G_t of the restriction lies in the ideal of G",
                       decided and ideal_member(G_t_first, [on_first]), "symbolic"),
                      ("not scleronomic: (T*/2, 0) ∈ Σ, (5T*/2, 0) ∈ O ∖ Σ",
                       datum.on_locus(T / 2, (0, 0, 0)) and ambient(5 * T / 2, (0, 0, 0))
                       and not datum.on_locus(5 * T / 2, (0, 0, 0)), "symbolic"),
                  ], scope="all T* > 0, L* > 0 (dimensions: [T*] = τ, [L*] = ℓ = [G])")
    t2 = Symbol("t2", positive=True)
    check.fact("on each connected piece of the window the datum is scleronomic: on (0,T*), G(t', x) = G(t, x); "
               "on (2T*,3T*), Σ is empty",
               decided and _is_zero(on_first.xreplace({t: t2}) - on_first) and sympy.sympify(on_second).is_nonzero is True,
               method="symbolic")
    check.proof("X6 key step: G_t = 0 on Σ and rank 1 ⇒ the local graph v = φ(t, u) has φ_t = 0", x6_proof(),
                scope="symbolic, generic G(t, u, v), n = 2, where G_v ≠ 0; then {t : (t, x0) ∈ Σ} is open and closed in "
                      "the time-line, hence all of it when the time-line is connected: scleronomic")
    tau = (t - T) / T
    chi = _smoothstep(tau)
    interpolation = (1 - chi) * x1 + chi * L  # on (T, 2T); = s on (0, T], = L on [2T, 3T)
    c2 = ([sympy.simplify(sympy.diff(chi, t, j).subs(t, T)) for j in range(3)] == [0, 0, 0]
          and [sympy.simplify(sympy.diff(chi, t, j).subs(t, 2 * T)) for j in range(3)] == [1, 0, 0])
    on_sigma = {x1: -chi * L / (1 - chi)}
    G_t = sympy.diff(interpolation, t).xreplace(on_sigma)
    middle = sympy.simplify(G_t.subs(t, 3 * T / 2))
    check.fact("connected window (0, 3T*): the C² interpolation (1 − χ)s + χL* (χ a C² step on [T*, 2T*]) has, at "
               "t = 3T*/2, rank 1 on Σ (1 − χ = 1/2) and G_t = 15L*/(4T*) ≠ 0 on Σ: the witness needs the gap",
               c2 and sympy.simplify(1 - chi.subs(t, 3 * T / 2)).is_positive is True and middle.is_nonzero is True,
               method="symbolic", detail=f"G_t on Σ at t = 3T*/2: {sympy.sstr(middle)}")


@counterexample("holonomic.rank_regular_rheonomic_with_Gt_zero",
                title="A rank-regular rheonomic datum with G_t = 0 on Σ (on a disconnected time window)",
                statement=r"The identity can also hold for a rank-regular presentation: on "
                          r"$O=((0,T_*)\cup(2T_*,3T_*))\times\mathbb R^{3N}$ the scalar $C^2$ map equal to $s(x)$ on "
                          r"$(0,T_*)\times\mathbb R^{3N}$ and to a fixed $L_*>0$ on $(2T_*,3T_*)\times\mathbb R^{3N}$ has the "
                          r"rank-1 zero set $\Sigma=(0,T_*)\times\{s(x)=0\}$ with $G_t=0$ on $\Sigma$, yet $\Sigma$ is not of "
                          r"the form $\{(t,x)\in O: x\in N\}$: $(T_*/2,0)\in\Sigma$ would force $0\in N$, and then "
                          r"$(5T_*/2,0)\in O$ would lie in $\Sigma$. The disconnected time window is essential "
                          r"(catalogue X6): when every time-line $\{t:(t,x)\in O\}$ is an interval, rank on $\Sigma$ and "
                          r"$G_t=0$ on $\Sigma$ imply scleronomic.",
                source=f"{SEED} (d) 'but the identity can also hold for a rank-regular presentation: on O = ((0,T*) ∪ "
                       "(2T*,3T*)) × ℝ^{3N} …'",
                uses=["holonomic.scleronomic_rheonomic_definition", "holonomic.scleronomic_implies_Gt_vanishes",
                      "holonomic.constraint_model_definition"],
                proof_uses=["calculus.parametrized_implicit_function_theorem_ck"])
def _(check):
    check_rank_regular_rheonomic(check)


# ---------------------------------------------------------------------------
# holonomic.scalar_rescaling_invariance  (#68)
# ---------------------------------------------------------------------------

def _scalar_multiplier(rho, lam):
    return lam / rho


def _matrix_multiplier(P, lam):
    return P.T.LUsolve(lam)  # P^{-T} λ


def rescaling_proof(k: int, multiplier, n: int = 3) -> Proof:
    """Checked proof, modulo G = 0 (generic G, generic invertible ρ or P): D_xG' = P D_xG, G'_t = P G_t,
    D_xG'ᵀλ' = D_xGᵀλ and λ'·G'_t = λ·G_t with λ' = multiplier(P, λ) (k = 1: P = ρ, a scalar).

    Each claim is its own step (certificate: the derivative of P falls on G); the proof is accepted only when every
    step is checked, and the power identity is named as the conclusion.
    """
    xs = list(X[:n])
    args = (t, *xs)
    G = Matrix([Function(f"G{a + 1}")(*args) for a in range(k)])
    if k == 1:
        rho = Function("rho")(*args)
        P = Matrix([[rho]])
        lam = Matrix([Symbol("lambda1", real=True)])
        lam_new = Matrix([multiplier(rho, lam[0])])
    else:
        P = Matrix(k, k, lambda a, b: Function(f"P{a + 1}{b + 1}")(*args))
        lam = Matrix(sympy.symbols(f"lambda1:{k + 1}", real=True))
        lam_new = Matrix(multiplier(P, lam)).applyfunc(sympy.cancel)
    G_new = P * G
    p = Proof(f"rescaling G' = P G at the points of Σ (k = {k})")
    hyps = [p.suppose(f"on_sigma_{a + 1}", (G[a], 0), note="a point of Σ") for a in range(k)]
    p.nonzero("invertible", P.det(), assumption=H_RHO_NOWHERE_ZERO, note="ρ ≠ 0 (P invertible)")
    jac = []
    for var in xs + [t]:
        for a in range(k):
            jac.append(p.algebra(f"d{var}_G'{a + 1}", hyps, (sympy.diff(G_new[a], var),
                                                             sum(P[a, b] * sympy.diff(G[b], var) for b in range(k))),
                                 certificate=[sympy.diff(P[a, b], var) for b in range(k)],
                                 note="the derivative of P falls on G, which vanishes on Σ"))
    reaction = []
    for var in xs:
        lhs = sum(sympy.diff(G_new[a], var) * lam_new[a] for a in range(k))
        rhs = sum(sympy.diff(G[b], var) * lam[b] for b in range(k))
        reaction.append(p.algebra(f"reaction_{var}", hyps, (lhs, rhs),
                                  certificate=[sum(sympy.diff(P[a, b], var) * lam_new[a] for a in range(k))
                                               for b in range(k)],
                                  note="D_xG'ᵀλ' = D_xGᵀ Pᵀλ' + (terms with G)"))
    power_new = sum(lam_new[a] * sympy.diff(G_new[a], t) for a in range(k))
    power_old = sum(lam[b] * sympy.diff(G[b], t) for b in range(k))
    p.algebra("power", hyps, (-power_new, -power_old),
              certificate=[-sum(sympy.diff(P[a, b], t) * lam_new[a] for a in range(k)) for b in range(k)],
              note="−λ'·G'_t = −λ·G_t + (terms with G)")
    # Every step above is part of the proof (one failing step rejects it); the last one is named as the conclusion.
    p.conclude("power")
    return p


def _rescaling_instances(k):
    variables = [t] + list(X[:3])
    G = st.lists(polynomials(variables, max_degree=2, max_terms=4, min_terms=1, max_num=5, max_den=3), min_size=k,
                 max_size=k)
    factor = st.lists(polynomials(variables, max_degree=1, max_terms=3, max_num=4, max_den=2), min_size=k * k,
                      max_size=k * k)
    return st.tuples(st.just(k), G, factor, st.lists(rationals(3, 2), min_size=4, max_size=4),
                     st.lists(rationals(3, 2), min_size=3, max_size=3), st.lists(rationals(4, 2), min_size=k, max_size=k))


def _symbolic_multiplier(P, lam):
    return P.T.I * lam  # P^{-T} λ, for MatrixSymbols


def check_rescaled_linear_algebra(check, *, multiplier=_symbolic_multiplier):
    """For symbolic sizes k, n = 3N: given D_xG' = P D_xG and G'_t = P G_t at a point of Σ (the checked proofs),
    V and the permitted velocities are unchanged, λ' = P^{-T}λ gives the same reaction and the same λ·G_t, and it is
    the only multiplier of R for G' (D_xG' has full row rank)."""
    k, n = sympy.symbols("k n", integer=True, positive=True)
    P, J = sympy.MatrixSymbol("P", k, k), sympy.MatrixSymbol("J", k, n)  # J = D_xG
    Gt, lam = sympy.MatrixSymbol("G_t", k, 1), sympy.MatrixSymbol("lambda", k, 1)
    w, delta, mu = sympy.MatrixSymbol("w", n, 1), sympy.MatrixSymbol("delta", n, 1), sympy.MatrixSymbol("mu", k, 1)
    J_new, Gt_new = P * J, P * Gt  # what the proofs establish at the points of Σ
    lam_new = multiplier(P, lam)
    scope = "symbolic, every k and n = 3N (MatrixSymbols), where det P ≠ 0 (and det D_xG'D_xG'ᵀ ≠ 0: rank k)"
    check.identity("V' ⊆ V and V ⊆ V': D_xG'δ = P(D_xGδ) and D_xGδ = P⁻¹(D_xG'δ)",
                   J * delta,
                   P.I * (J_new * delta), scope=scope, context="and D_xG'δ = P(D_xGδ) by definition: the same kernel")
    check.identity("permitted velocities: G'_t + D_xG'w = P(G_t + D_xGw), zero exactly when G_t + D_xGw is",
                   Gt_new + J_new * w, P * (Gt + J * w), scope=scope)
    check.identity("the reaction is kept: D_xG'ᵀλ' = D_xGᵀλ", J_new.T * lam_new, J.T * lam, scope=scope)
    check.identity("λ' is the multiplier: any μ with D_xG'ᵀμ = R is (D_xG'D_xG'ᵀ)⁻¹D_xG'R", mu,
                   (J_new * J_new.T).I * J_new * (J_new.T * mu), scope=scope,
                   context="so D_xG'ᵀμ = D_xGᵀλ = D_xG'ᵀλ' gives μ = λ'")
    check.identity("λ·G_t is kept: λ'·G'_t = λ·G_t", lam_new.T * Gt_new, lam.T * Gt, scope=scope)


def check_rescaling_invariance(check, *, scalar_multiplier=_scalar_multiplier, matrix_multiplier=_matrix_multiplier,
                               symbolic_multiplier=_symbolic_multiplier, proof_sizes=(1, 2), randomized_sizes=(1, 2)):
    """G' = ρG (ρ nowhere zero) or G' = P G (P invertible): on Σ, D_xG' = ρD_xG, G'_t = ρG_t, V and the permitted
    velocities are unchanged, λ' = ρ⁻¹λ (P^{-T}λ), and the reaction and −λ·G_t are unchanged.  The product rule
    (D_xG' = P D_xG + (D_xP)G, with G = 0 on Σ) is a checked proof for k ≤ 2; the rest is matrix algebra checked for
    symbolic k and n."""
    with check.without(H_RHO_C2, note="the proofs use only first derivatives of rho: rho of class C¹ suffices"):
        for k in proof_sizes:
            multiplier = scalar_multiplier if k == 1 else matrix_multiplier
            check.proof(f"rescaling invariance modulo G = 0 ({'scalar ρ' if k == 1 else 'matrix P'}, k = {k})",
                        rescaling_proof(k, multiplier),
                        scope=f"symbolic, generic G(t, x) and {'ρ(t, x)' if k == 1 else 'P(t, x)'} of class C¹, N = 1, "
                              f"k = {k}, at points of Σ, where {'ρ ≠ 0' if k == 1 else 'det P ≠ 0'}")

    def invariant(instance):
        k, polys, factor_entries, point, w, lam = instance
        variables = [t] + list(X[:3])
        G = Matrix(_shifted_polynomials(polys, variables, point))
        if k == 1:
            P = Matrix([[1 + factor_entries[0]**2]])  # nowhere zero
        else:
            P = Matrix(k, k, factor_entries) + 3 * sympy.eye(k)
        t0, p0 = point[0], point[1:]
        at = dict(zip(variables, point))
        if P.xreplace(at).det() == 0:
            raise OutsideDomain("P is singular at the point")
        try:
            old = HolonomicConstraintDatum(list(G), X[:3], t, sample_point=(t0, p0))
        except ValueError as exc:
            raise OutsideDomain(str(exc)) from exc
        new = HolonomicConstraintDatum(list(P * G), X[:3], t, sample_point=(t0, p0))
        P0 = P.xreplace(at)
        J, J_new = old.jacobian_at(t0, p0), new.jacobian_at(t0, p0)
        same_V = Matrix.hstack(*old.virtual_displacements(t0, p0), *new.virtual_displacements(t0, p0)).rank() == 3 - k
        permitted = new.permitted_velocity_residual(t0, p0, w) == P0 * old.permitted_velocity_residual(t0, p0, w)
        lam = Matrix(lam)
        R = J.T * lam
        lam_new = transpose_multiplier(J_new, R)
        claimed = Matrix([scalar_multiplier(P0[0, 0], lam[0])]) if k == 1 else Matrix(matrix_multiplier(P0, lam))
        Gt, Gt_new = Matrix(old.at(old.time_derivative, t0, p0)), Matrix(new.at(new.time_derivative, t0, p0))
        return (J_new == P0 * J and same_V and permitted and (lam_new - claimed).is_zero_matrix
                and (J_new.T * claimed - R).is_zero_matrix and (claimed.T * Gt_new)[0] == (lam.T * Gt)[0])

    with check.without(H_RHO_C2, note="matrix algebra at a point: no derivative of rho"):
        check_rescaled_linear_algebra(check, multiplier=symbolic_multiplier)

    with check.supporting():  # instances of what the proofs and the matrix algebra establish
        for k in randomized_sizes:
            check.property(f"random data ({'ρ = 1 + Q²' if k == 1 else 'P = random + 3I'}, k = {k}): D_xG' = P D_xG, same V, "
                           f"permitted residual scaled by P, λ' from R is {'ρ⁻¹λ' if k == 1 else 'P^(-T)λ'}, R and λ·G_t kept",
                           _rescaling_instances(k), invariant, samples=5,
                           describe=lambda inst: [inst[0], [sympy.sstr(g) for g in inst[1]], [sympy.sstr(f) for f in inst[2]],
                                                  inst[3], inst[4], inst[5]],
                           scope=f"{check.instances(5)} instances; " + f"randomized, exact: polynomial G(t, x) of degree ≤ 2 through a rational point of Σ with "
                                 f"rank k, N = 1, k = {k}")
    rho = x1
    s_old = HolonomicConstraintDatum([x1], X[:3], t, sample_point=(0, (0, 0, 0)))
    s_new = HolonomicConstraintDatum([rho * s_old.G[0]], X[:3], t)
    check.necessary(H_RHO_NOWHERE_ZERO, "G = s(x) = x1, ρ = s (vanishes on Σ), G' = s²", violates=[
        ("ρ = s vanishes at the point (0, 0) of Σ = {s = 0}",
         s_old.on_locus(0, (0, 0, 0)) and _is_zero(s_old.at(rho, 0, (0, 0, 0))), "symbolic")], others_hold={
        H_RHO_C2: [("ρ = s is a polynomial, so of class C²", rho.is_polynomial(), "computation")],
        H_RANK_ON_LOCUS: [("D_xG = (1, 0, 0) has rank 1 on Σ", len(s_old.virtual_displacements(0, (0, 0, 0))) == 2,
                           "symbolic")]},
        conclusion_fails=[
        ("Σ is unchanged: {s² = 0} = {s = 0}", sympy.solve(s_new.G[0], x1) == sympy.solve(s_old.G[0], x1), "symbolic"),
        ("V changes at (0, 0): dim ker D_xG' = 3, dim ker D_xG = 2",
         len(s_new.virtual_displacements(0, (0, 0, 0))) == 3 and len(s_old.virtual_displacements(0, (0, 0, 0))) == 2,
         "symbolic")])


@lemma("holonomic.scalar_rescaling_invariance",
       title="Rescaling a presentation: virtual displacements, permitted velocities, reaction and λ·G_t are unchanged",
       statement=r"Under a nowhere-vanishing $C^2$ rescaling $G'=\rho G$ one has $D_xG'=\rho D_xG$ and "
                 r"$G'_t=\rho_tG+\rho G_t=\rho G_t$ at the points of $\Sigma$, so the virtual displacements and "
                 r"permitted velocities are unchanged, the multiplier transforms as $\lambda'=\rho^{-1}\lambda$, and the "
                 r"reaction $D_xG'^{\mathsf T}\lambda'$ and the product $-\lambda'\cdot G'_t=-\lambda\cdot G_t$ are "
                 r"unchanged at the locus. Matrix version (seed 004, theorem bullet): $G'=\rho G$ with $\rho(t,x)$ an "
                 r"invertible matrix leaves $R$ and $\Sigma$ unchanged and changes $\lambda$ to $\rho^{-\mathsf T}\lambda$. "
                 r"(These identities use only first derivatives of $\rho$: $C^1$ suffices; the $C^2$ of the page is not "
                 r"used. The nowhere-vanishing hypothesis is needed: $\rho = s$ for $G = s$ changes $V$.)",
       source=f"{SEED} (d) 'Under a nowhere-vanishing C² rescaling G' = ρG …'; theorem bullet 'The multiplier is a "
              "representation'",
       uses=["holonomic.constraint_model_definition", "holonomic.virtual_displacement_space_dimension",
             "linalg.annihilator_of_kernel_transpose_multiple"],
       assumes=[H_RANK_ON_LOCUS, H_RHO_NOWHERE_ZERO, H_RHO_C2], avoids=["holonomic.ideal_reaction_law"],
       scope="k <= 2")
def _(check):
    check_rescaling_invariance(check)


# ---------------------------------------------------------------------------
# holonomic.force_branch_vs_constrained_branch  (#69)
# ---------------------------------------------------------------------------

def check_force_branch_vs_constrained_branch(check, *, initial_conditions_suffice=False):
    """A force-branch solution (R = 0) is a constrained motion only if G(t, x(t)) ≡ 0 (which gives the permitted-velocity
    condition); the equations coincide only for R = 0; Σ_t may be empty for some t and need not vary continuously."""
    plane = HolonomicConstraintDatum([x3], X[:3], t, sample_point=(0, (0, 0, 0)))
    sphere = HolonomicConstraintDatum([SPHERE], X[:3], t, sample_point=(0, (1, 0, 0)))
    free = lambda time, position, velocity: [0, 0, 0]  # noqa: E731 - F = 0, the force branch is x'' = 0

    def is_force_branch_solution(curve):
        return all(_is_zero(sympy.diff(c, t, 2)) for c in curve)

    in_plane = [1 + 2 * t, -t, sympy.S.Zero]
    check.fact("x = (1 + 2t, −t, 0) solves the force branch (F = 0) and G = x3 ≡ 0 along it: a constrained motion "
               "with R = 𝖬x'' − F = 0",
               is_force_branch_solution(in_plane) and plane.is_constrained_curve(in_plane)
               and plane.residual_reaction([m], free, in_plane).is_zero_matrix, method="symbolic")
    leaving = [t, sympy.S.Zero, t]
    check.fact("x = (t, 0, t) solves the force branch but violates the permitted-velocity condition at t = 0 "
               "(G_t + D_xG v = 1) and G(t, x(t)) = t ≢ 0: not a constrained motion",
               is_force_branch_solution(leaving) and not plane.is_permitted_velocity(0, (0, 0, 0), (1, 0, 1))
               and not plane.is_constrained_curve(leaving), method="symbolic")
    tangent_line = [sympy.S.One, t, sympy.S.Zero]
    initially_fine = sphere.is_consistent(0, (1, 0, 0), (0, 1, 0))
    if initial_conditions_suffice:
        check.fact("consistent data at t0 make a force-branch solution a constrained motion: the sphere's tangent line",
                   initially_fine and sphere.is_constrained_curve(tangent_line), method="symbolic",
                   detail=f"G(t, x(t)) = {sympy.sstr(sphere.along(tangent_line)[0])}")
    else:
        check.fact("the tangent line (1, t, 0) of the sphere has consistent data at t = 0 yet G(t, x(t)) = t² ≢ 0: the "
                   "condition G(t, x(t)) = 0 must hold at all times, not at one",
                   initially_fine and is_force_branch_solution(tangent_line) and not sphere.is_constrained_curve(tangent_line),
                   method="symbolic", detail=f"G(t, x(t)) = {sympy.sstr(sphere.along(tangent_line)[0])}")
    q = [Function(f"q{i + 1}")(t) for i in range(3)]
    Gq = Function("G")(t, *q)
    p = Proof("G ≡ 0 along a curve gives the permitted-velocity condition")
    p.suppose("on_locus", (Gq, 0), along=t, note="G(t, x(t)) = 0 at every time")
    p.differentiate("permitted", "on_locus", t, (sympy.diff(Gq, t), 0), note="G_t + D_xG x' = 0 (chain rule)")
    p.conclude("permitted")
    check.proof("the second condition is automatic from the first: G(t, x(t)) ≡ 0 ⇒ G_t + D_xG x' = 0", p,
                scope="symbolic, generic G(t, x), N = 1")
    Rs, Fs, xs = ([Function(f"{name}{i + 1}")(t) for i in range(3)] for name in ("R", "F", "y"))
    p = Proof("the two equations coincide only for R = 0")
    a = p.suppose("constrained", (m * Matrix(xs).diff(t, 2), Matrix(Fs) + Matrix(Rs)))
    b = p.suppose("force_branch", (m * Matrix(xs).diff(t, 2), Matrix(Fs)))
    comps = [p.algebra(f"R{i + 1}", [a, b], (Rs[i], 0), certificate=[0] * i + [-1] + [0] * (2 - i) + [0] * i + [1]
                       + [0] * (2 - i)) for i in range(3)]
    p.algebra("R_zero", comps, (Matrix(Rs), sympy.zeros(3, 1)))
    p.conclude("R_zero")
    check.proof("𝖬x'' = F + R and 𝖬x'' = F along the same curve ⇒ R = 0", p, scope="symbolic, generic x, F, R")
    hyperbola = HolonomicConstraintDatum([t * x1 - 1], X[:3], t, sample_point=(1, (1, 0, 0)))
    check.fact("Σ_t need not be nonempty for every t: G = t·x1 − 1 is rank-regular on Σ (certified), Σ_0 = ∅, "
               "Σ_t = {x1 = 1/t} for t ≠ 0 escapes to infinity as t → 0",
               H_RANK_ON_LOCUS.holds_for(hyperbola) and hyperbola.at(hyperbola.G[0], 0, (x1, x2, x3)) == -1
               and sympy.solve(hyperbola.G[0], x1) == [1 / t] and sympy.limit(1 / t, t, 0, "+") == sympy.oo,
               method="symbolic")


@remark("holonomic.force_branch_vs_constrained_branch",
        title="The constrained branch is a separate branch; presentations and time-dependent loci",
        statement=r"The equation of the force branch, $m_ix_i''=F_i$, is not the equation of a constrained motion unless "
                  r"$R=0$; conversely, a solution of the force-branch equation is a constrained motion with $R=0$ only if "
                  r"it also satisfies $G(t,x(t))=0$ and the permitted-velocity condition (the second follows from the "
                  r"first by the chain rule). Nothing in the definition asserts that $R$ is small, ideal or absent. The "
                  r"components $G_\alpha$ are fixed only up to an invertible matrix-valued factor (see "
                  r"holonomic.scalar_rescaling_invariance). Time-dependent loci need not be graphs: nothing asserts that "
                  r"$\Sigma_t$ is nonempty for every $t\in I_0$ or varies continuously.",
        source=f"{SEED} (e) bullets 'The constrained branch is a separate branch', 'Presentation of the constraint', "
               "'Time-dependent loci need not be graphs'",
        uses=["holonomic.constraint_model_definition", "holonomic.consistent_data",
              "holonomic.scalar_rescaling_invariance"],
        proof_uses=["calculus.chain_rule_total_derivative"])
def _(check):
    check_force_branch_vs_constrained_branch(check)


# ---------------------------------------------------------------------------
# holonomic.ideal_reaction_not_work_statement  (#72)
# ---------------------------------------------------------------------------

q = [Function(f"q{i + 1}", real=True)(t) for i in range(3)]  # the coordinates of one particle, functions of time
a_wall = Symbol("a", real=True, nonzero=True)
omega = Symbol("omega", positive=True)


def _along_motion(expr, motion):
    """``expr`` (in q(t), q'(t), ...) along an explicit motion."""
    mapping = {}
    for order in (2, 1):
        mapping.update({qi.diff(t, order): sympy.diff(ci, t, order) for qi, ci in zip(q, motion)})
    out = sympy.sympify(expr).subs(mapping)
    return out.subs(dict(zip(q, motion))).doit()


def ideal_motion_power(G, motion, mass=m, force=(0, 0, 0)):
    """For the ideal system of G (ideal_holonomic_dynamics, 𝖬 = m I3): the residual of q'' = a along the motion,
    the multiplier λ, the reaction R, R·q', λ·G_t and the virtual work of R on a basis of V, all along the motion."""
    dyn = ideal_holonomic_dynamics(mass * sympy.eye(3), list(force), list(G), q, t)
    along = lambda e: _along_motion(e, motion)  # noqa: E731
    residual = along(Matrix([qi.diff(t, 2) for qi in q]) - dyn.acceleration)
    lam = along(dyn.multiplier)
    R = along(dyn.reaction)
    w = Matrix([sympy.diff(c, t) for c in motion])
    J = along(dyn.jacobian)
    virtual = [euclidean_inner_product(R, d) for d in chetaev_virtual_displacements(J)]
    return {"residual": residual, "multiplier": lam, "reaction": R, "power": euclidean_inner_product(R, w),
            "lambda_dot_Gt": euclidean_inner_product(lam, along(dyn.time_derivative)), "virtual_work": virtual,
            "constraint": along(dyn.constraint)}


def check_ideal_reaction_not_work_statement(check, *, power_sign=-1, scleronomic_power_vanishes=True,
                                            wall_motion=None):
    """The ideal reaction does no virtual work but can do actual work for a rheonomic constraint: R·x' = −λ·G_t ≠ 0
    (accelerating wall, rotating line); for a scleronomic constraint R·x' = 0."""
    wall = [q[0] - a_wall * t**2 / 2]
    motion = wall_motion if wall_motion is not None else [a_wall * t**2 / 2, sympy.S.Zero, sympy.S.Zero]
    out = ideal_motion_power(wall, motion)
    scope = "symbolic, all t, m > 0, a ≠ 0 (F = 0, data x = 0, x' = 0 at t = 0)"
    check.identity("wall x1 = at²/2: the motion stays on the wall", out["constraint"], sympy.zeros(1, 1), scope=scope)
    check.identity("wall: x = (at²/2, 0, 0) solves the ideal system x'' = a(t, x, x')", out["residual"],
                   sympy.zeros(3, 1), scope=scope)
    check.identity("wall: the reaction does no virtual work (R·δ = 0 on V = span(e2, e3))", Matrix(out["virtual_work"]),
                   sympy.zeros(len(out["virtual_work"]), 1), scope=scope)
    check.identity("wall: λ = m a, R = (m a, 0, 0)", out["multiplier"], Matrix([m * a_wall]), scope=scope)
    check.identity("wall: R·x' = −λ·G_t", out["power"], power_sign * out["lambda_dot_Gt"], scope=scope)
    check.fact("wall: R·x' = m a² t ≠ 0 for t ≠ 0: the ideal reaction does work",
               sympy.simplify(out["power"] - m * a_wall**2 * t) == 0 and (m * a_wall**2).is_positive, method="symbolic",
               detail=f"R·x' = {sympy.sstr(out['power'])}")
    line = [-q[0] * sympy.sin(omega * t) + q[1] * sympy.cos(omega * t), q[2]]
    r = sympy.cosh(omega * t)
    bead = [r * sympy.cos(omega * t), r * sympy.sin(omega * t), sympy.S.Zero]
    out = ideal_motion_power(line, bead)
    scope = "symbolic, all t, m > 0, ω > 0 (bead on a line rotating at rate ω in the plane x3 = 0, F = 0)"
    check.identity("rotating line: r = cosh ωt stays on the line and solves the ideal system",
                   Matrix(list(out["constraint"]) + list(out["residual"])), sympy.zeros(5, 1), scope=scope)
    check.identity("rotating line: R·x' = −λ·G_t", out["power"], power_sign * out["lambda_dot_Gt"], scope=scope)
    check.identity("rotating line: R·x' = m ω³ sinh 2ωt (= dK/dt, K = ½mω² cosh 2ωt)", out["power"],
                   m * omega**3 * sympy.sinh(2 * omega * t), scope=scope)
    tp = Symbol("t", positive=True)
    power_later = sympy.simplify(out["power"]).xreplace({t: tp})  # the computed reaction power, at times t > 0
    check.fact("rotating line: R·x' = m ω³ sinh 2ωt > 0 for t > 0: the ideal reaction does work",
               power_later.is_positive is True, method="symbolic", detail=f"R·x' = {sympy.sstr(power_later)}")
    out = ideal_motion_power([SPHERE.xreplace(dict(zip(X[:3], q)))], [sympy.cos(t), sympy.sin(t), sympy.S.Zero])
    scope = "symbolic, all t (unit sphere, great circle at unit speed, F = 0)"
    check.identity("sphere (scleronomic): the great circle solves the ideal system", out["residual"], sympy.zeros(3, 1),
                   scope=scope)
    if scleronomic_power_vanishes:
        check.identity("sphere: G_t = 0, so R·x' = −λ·G_t = 0", Matrix([out["power"], out["lambda_dot_Gt"]]),
                       sympy.zeros(2, 1), scope=scope)


@remark("holonomic.ideal_reaction_not_work_statement",
        title="The ideal-reaction law is not a work statement",
        statement=r"Clause (i) concerns virtual displacements at fixed time; it does not assert that the reaction performs "
                  r"no work along the motion. For a scleronomic constraint the reaction power vanishes identically, but "
                  r"for a rheonomic constraint the reaction can do work, with $R\cdot x'=-\lambda\cdot G_t$. Prescribed "
                  r"motion of a support is encoded in the time-dependent $G$ and is compatible with clause (i). "
                  r"Witnesses: an accelerating wall $x_1=at^2/2$ ($R\cdot x'=ma^2t$) and a bead on a line rotating at "
                  r"rate $\omega$ ($r=\cosh\omega t$).",
        source=f"{SEED} postulate (iv)4 and (v) 'The law is not a work statement'",
        uses=["holonomic.ideal_reaction_law", "holonomic.ideal_constraints_determine_reaction",
              "holonomic.scleronomic_implies_Gt_vanishes", "linalg.euclidean_inner_product"])
def _(check):
    check_ideal_reaction_not_work_statement(check)


# ---------------------------------------------------------------------------
# holonomic.rank_loss_degeneration  (#74)
# ---------------------------------------------------------------------------

f_force = Symbol("f", real=True, nonzero=True)


def no_ideal_motion_proof(force=f_force) -> Proof:
    """G = x1², F = (f, 0, 0), f ≠ 0: no ideal constrained motion (V = R³ on Σ forces R = 0, the constraint R1 = −f)."""
    R1 = Function("R1")(t)
    p = Proof("no ideal motion through the rank-0 locus of x1²")
    p.suppose("on_locus", (q[0], 0), along=t, note="G = x1² = 0 ⇔ x1 = 0 along the motion (every t)")
    p.differentiate("velocity", "on_locus", t, (q[0].diff(t), 0))
    p.differentiate("acceleration", "velocity", t, (q[0].diff(t, 2), 0))
    p.suppose("ideal", (R1, 0), note="D_xG = 2x1 e1 = 0 on Σ, so V = R³ and R ⟂ V forces R = 0")
    p.suppose("equation", (m * q[0].diff(t, 2), force + R1), note="first component of 𝖬x'' = F + R")
    p.substitute("forced", "equation", ["acceleration", "ideal"], (force, 0))
    p.contradiction("contradiction", "forced")
    p.conclude("contradiction")
    return p


def kkt_matrix(M, J) -> Matrix:
    """The matrix of the linear system 𝖬x'' − Jᵀλ = F, J x'' = −(G_tt + 2G_tx[v] + G_xx[v,v]) for (x'', λ)."""
    k = J.rows
    return Matrix.vstack(Matrix.hstack(M, -J.T), Matrix.hstack(J, sympy.zeros(k, k)))


def check_rank_loss_degeneration(check, *, constraint=None, force=f_force):
    """At a rank drop C = D_xG 𝖬⁻¹ D_xGᵀ is singular and (x'', λ) is not determined: G = x1² on Σ; for x1³ − x1 the
    rank drops only off Σ (x1 = ±1/√3)."""
    G = constraint if constraint is not None else [q[0]**2]
    dyn = ideal_holonomic_dynamics(m * sympy.eye(3), [force, 0, 0], G, q, t)
    on_sigma = {q[0]: 0}
    C = dyn.constraint_matrix
    check.fact(f"G = {sympy.sstr(G[0])}: C = {sympy.sstr(C[0])} vanishes on Σ = {{x1 = 0}} (singular multiplier matrix)",
               all(_is_zero(e) for e in C.xreplace(on_sigma)), method="symbolic")
    denominators = [sympy.denom(sympy.together(e)) for e in dyn.multiplier]
    check.fact("Λ = −C⁻¹[…] is undefined on Σ: its denominator vanishes at x1 = 0",
               any(_is_zero(d.xreplace(on_sigma)) for d in denominators), method="symbolic",
               detail=f"denominators {[sympy.sstr(d) for d in denominators]}")
    K = kkt_matrix(m * sympy.eye(3), dyn.jacobian)
    check.fact("the linear system for (x'', λ) is singular on Σ (rank 3 < 4): the acceleration is not determined",
               _rank(K.xreplace(on_sigma)) < 4, method="symbolic",
               detail=f"rank {_rank(K.xreplace(on_sigma))} at x1 = 0, {_rank(K.xreplace({q[0]: 1}))} at x1 = 1")
    check.proof("G = x1², F = (f, 0, 0), f ≠ 0: no ideal constrained motion exists", no_ideal_motion_proof(force),
                scope="every interval, every m > 0, f ≠ 0")
    cubic = ideal_holonomic_dynamics(m * sympy.eye(3), [0, 0, 0], [q[0]**3 - q[0]], q, t).constraint_matrix[0]
    roots = sympy.solve(q[0]**3 - q[0], q[0])
    check.fact("G = x1³ − x1: C = (3x1² − 1)²/m is positive on Σ (x1 ∈ {0, ±1}) and vanishes at x1 = ±1/√3, off Σ: "
               "(h1) needs O to avoid those planes",
               all(cubic.xreplace({q[0]: r}).is_positive for r in roots)
               and all(_is_zero(cubic.xreplace({q[0]: r})) for r in (1 / sympy.sqrt(3), -1 / sympy.sqrt(3))),
               method="symbolic", detail=f"C = {sympy.sstr(sympy.factor(cubic))}")


@remark("holonomic.rank_loss_degeneration",
        title="At a point of rank loss the multiplier matrix degenerates",
        statement=r"The rank hypothesis (h1) on all of $O$ is used to make $C=D_xG\,\mathsf M^{-1}D_xG^{\mathsf T}$ "
                  r"invertible and $\Lambda$ everywhere defined and $C^1$. At a point of rank loss the multiplier matrix "
                  r"degenerates, the acceleration is not determined by the data, and the statement does not apply; no "
                  r"continuation across such a point is asserted. Witness: $G=x_1^2$ ($C=4x_1^2/m=0$ on $\Sigma$; with "
                  r"$F=(f,0,0)$, $f\neq0$, no ideal motion exists); $G=x_1^3-x_1$ drops rank only off $\Sigma$.",
        source=f"{SEED} theorem bullet 'Where the hypotheses enter'",
        uses=["holonomic.ideal_constraints_determine_reaction", "holonomic.ideal_reaction_law",
              "holonomic.virtual_displacement_space_dimension"])
def _(check):
    check_rank_loss_degeneration(check)


# ---------------------------------------------------------------------------
# holonomic.nonconsistent_data_leave_locus  (#75)
# ---------------------------------------------------------------------------

def _jet(expr, positions, speeds):
    """``expr`` in q(t), q'(t) rewritten in plain position and speed Symbols (derivatives first)."""
    mapping = {qi.diff(t): v for qi, v in zip(q, speeds)}
    out = sympy.sympify(expr).subs(mapping).subs(dict(zip(q, positions)))
    return out.doit()


def total_derivative(expr, positions, speeds, accelerations):
    """d/dt along a curve in jet coordinates: ∂_t + Σ v_i ∂_{x_i} + Σ a_i ∂_{v_i}."""
    return (sympy.diff(expr, t) + sum(v * sympy.diff(expr, x) for x, v in zip(positions, speeds))
            + sum(a * sympy.diff(expr, v) for v, a in zip(speeds, accelerations)))


def affine_drift(g0, h0, dt):
    """The seed's remark made precise (catalogue X9): G(t, x(t)) = G₀ + (t − t₀)·h₀, h₀ = G_t + D_xG v₀ at t₀."""
    return g0 + dt * h0


def _nonconsistent_instances():
    return st.tuples(st.sampled_from([1, 2]), polynomials([t, x1, x2], max_degree=2, max_terms=3, max_num=3, max_den=2),
                     polynomials([t, x1], max_degree=2, max_terms=2, max_num=3, max_den=2),
                     st.lists(rationals(2, 2), min_size=3, max_size=3), st.lists(rationals(2, 2), min_size=3, max_size=3))


def check_second_derivative_vanishes_every_size(check, *, multiplier_sign=-1):
    """For symbolic n = 3N and k: with C = J M⁻¹Jᵀ, Λ = −C⁻¹(J M⁻¹F + κ) and x'' = M⁻¹(F + JᵀΛ), the second derivative
    d²/dt² G(t, x(t)) = κ + J x'' (κ = G_tt + 2G_tx[v] + G_xx[v, v], the chain rule) is 0."""
    n, k = sympy.symbols("n k", integer=True, positive=True)
    M, J = sympy.MatrixSymbol("M", n, n), sympy.MatrixSymbol("J", k, n)
    F, kappa = sympy.MatrixSymbol("F", n, 1), sympy.MatrixSymbol("kappa", k, 1)
    C = J * M.I * J.T
    Lam = multiplier_sign * C.I * (J * M.I * F + kappa)
    check.identity("κ + J·M⁻¹(F + JᵀΛ) = 0 with Λ = −C⁻¹(J M⁻¹F + κ): d²/dt² G(t, x(t)) = 0 along the ideal system",
                   kappa + J * (M.I * (F + J.T * Lam)), sympy.ZeroMatrix(k, 1),
                   scope="symbolic, every n = 3N and k (MatrixSymbols), where M and C = J M⁻¹Jᵀ are invertible (rank k)")


def check_chain_rule_second_derivative(check, *, sizes=(3, 6)):
    """d²/dt² G(t, x(t)) = κ + D_xG x'' for a generic scalar G (each component of G separately), with κ the curvature
    term of :func:`theorems.holonomic_dynamics.constraint_derivatives`, for n = 3N coordinates."""
    from theorems.holonomic_dynamics import constraint_derivatives
    for n in sizes:
        xs = [Function(f"y{i + 1}", real=True)(t) for i in range(n)]
        g = Function("G")(t, *xs)
        J, _, curvature = constraint_derivatives([g], xs, t)
        check.identity(f"d²/dt² G(t, x(t)) = κ + D_xG x'' (n = {n})", sympy.diff(g, t, 2),
                       curvature[0] + (J * Matrix([c.diff(t, 2) for c in xs]))[0],
                       scope=f"symbolic, generic scalar G(t, x) and curve x(t), n = {n} (N = {n // 3})")


def check_nonconsistent_data_leave_locus(check, *, law=affine_drift, dps=15, randomized=True, multiplier_sign=-1):
    """Along the ideal system d²/dt² G(t, x(t)) = 0, so G(t, x(t)) = G₀ + (t − t₀)h₀ (the cited trusted result
    g'' ≡ 0, g(t₀) = g'(t₀) = 0 ⇒ g ≡ 0, applied to g = G(t, x(t)) − law): with nonconsistent data the solution leaves
    the locus (or meets it at one instant at most). Symbolic; mpmath integration as supporting evidence."""
    P = sympy.symbols("p1:4", real=True)
    V = sympy.symbols("v1:4", real=True)
    Gf = Function("G")
    forces = [Function(f"F{i + 1}")(t, *q, *[c.diff(t) for c in q]) for i in range(3)]
    dyn = ideal_holonomic_dynamics(m * sympy.eye(3), forces, [Gf(t, *q)], q, t)
    acceleration = [_jet(a, P, V) for a in dyn.acceleration]
    g = Gf(t, *P)
    first = total_derivative(g, P, V, acceleration)
    second = total_derivative(first, P, V, acceleration)
    check.identity("d/dt G(t, x(t)) = G_t + D_xG x' (jet coordinates)", first,
                   _jet(dyn.permitted_velocity_residual[0], P, V), scope="symbolic, generic G(t, x), N = 1, k = 1")
    check.identity("d²/dt² G(t, x(t)) = 0 along x'' = a(t, x, x') (Λ is chosen so)", second, 0,
                   scope="symbolic, generic G(t, x) and F(t, x, v), 𝖬 = m I3, where C ≠ 0; so G(t, x(t)) is affine in t")
    check_chain_rule_second_derivative(check)
    check_second_derivative_vanishes_every_size(check, multiplier_sign=multiplier_sign)
    g0, h0, dt = sympy.symbols("g0 h0 dt")
    affine = law(g0, h0, dt)
    check.identity("the affine law has the initial data: value G₀ and slope h₀ at t₀, second derivative 0",
                   Matrix([affine.subs(dt, 0), sympy.diff(affine, dt).subs(dt, 0), sympy.diff(affine, dt, 2)]),
                   Matrix([g0, h0, 0]), scope="symbolic; so g = G(t, x(t)) − law has g'' = 0, g(t₀) = g'(t₀) = 0, and "
                                               "g ≡ 0 by the cited calculus.zero_second_derivative_zero_data")
    h_nonzero, g_nonzero = Symbol("h0", nonzero=True), Symbol("g0", nonzero=True)
    one_root = sympy.solve(law(g0, h_nonzero, dt), dt)
    no_root = sympy.solve(law(g_nonzero, 0, dt), dt)
    check.fact("the affine drift vanishes at one instant at most unless G₀ = h₀ = 0: one root t − t₀ = −G₀/h₀ when "
               "h₀ ≠ 0, none when h₀ = 0 ≠ G₀", len(one_root) == 1 and _is_zero(one_root[0] + g0 / h_nonzero)
               and no_root == [] and sympy.sympify(law(g_nonzero, 0, dt)).is_nonzero is True, method="symbolic",
               detail=f"roots {one_root} and {no_root}")
    times = [Rational(1, 8), Rational(1, 4)]

    def drift(instance):
        k, Pp, Qp, x0, v0 = instance
        G = [q[2] - Pp.xreplace({x1: q[0], x2: q[1]})]
        if k == 2:
            G.append(q[1] - Qp.xreplace({x1: q[0]}))
        dynamics = ideal_holonomic_dynamics(sympy.eye(3), [-q[0], -q[1].diff(t), -1], G, q, t, simplify=False)
        g_fns = state_functions(dynamics, list(dynamics.constraint))
        h_fns = state_functions(dynamics, list(dynamics.permitted_velocity_residual))
        report = integrate_ideal_motion(dynamics, 0, x0, v0, times, dps=dps)
        with mpmath.workdps(dps):
            start = [_mpf(v) for v in list(x0) + list(v0)]
            G0 = [fn(0, *start) for fn in g_fns]
            H0 = [fn(0, *start) for fn in h_fns]
            worst = mpmath.mpf(0)
            for time, (xs, vs) in zip(times, report.states):
                for a, fn in enumerate(g_fns):
                    worst = max(worst, abs(fn(_mpf(time), *xs, *vs) - law(G0[a], H0[a], _mpf(time))))
            return worst

    witness_G = [q[2] - t * q[0]]
    x0, v0 = (0, 0, 1), (0, 0, -8)
    dynamics = ideal_holonomic_dynamics(sympy.eye(3), [0, 0, -1], witness_G, q, t, simplify=False)
    start = {**dict(zip(P, x0)), **dict(zip(V, v0)), t: 0}
    G0 = _jet(dynamics.constraint[0], P, V).xreplace(start)
    H0 = _jet(dynamics.permitted_velocity_residual[0], P, V).xreplace(start)
    zeros = sympy.solve(law(G0, H0, t), t)
    check.fact(f"witness: G = x3 − t x1, x0 = (0, 0, 1), v0 = (0, 0, −8): G₀ = {G0}, h₀ = {H0}, so G(t, x(t)) = "
               f"{sympy.sstr(law(G0, H0, t))} vanishes only at t = {zeros}: the solution leaves Σ",
               G0 != 0 and len(zeros) == 1, method="symbolic")
    if not randomized:
        return
    with check.supporting():  # integrations of the system: instances of the symbolic law
        check.property("mpmath integration of the ideal system from random nonconsistent data: G(t, x(t)) follows "
                       "G₀ + (t − t₀)h₀", _nonconsistent_instances(), drift, samples=3,
                       tolerance=mpmath.mpf(10) ** -(dps - 6),
                       describe=lambda inst: [inst[0], sympy.sstr(inst[1]), sympy.sstr(inst[2]), inst[3], inst[4]],
                       scope=f"randomized: rheonomic graph constraints x3 = P(t,x1,x2) (k = 1) and x2 = Q(t,x1) "
                             f"(k = 2), 𝖬 = I, F = (−x1, −x2', −1), random rational (x0, v0) at t0 = 0, "
                             f"t ∈ {{1/8, 1/4}}, mpmath odefun at {dps} digits")
        report = integrate_ideal_motion(dynamics, 0, list(x0), list(v0), times, dps=dps)
        g_fn = state_functions(dynamics, list(dynamics.constraint))[0]
        values = [g_fn(_mpf(time), *xs, *vs) for time, (xs, vs) in zip(times, report.states)]
        with mpmath.workdps(dps):
            deviation = max(abs(v - law(G0, H0, _mpf(time))) for v, time in zip(values, times))
        check.numeric("witness integrated: G(t, x(t)) = 1 − 8t is 0 only at t = 1/8 and −1 at t = 1/4", deviation,
                      mpmath.mpf(10) ** -(dps - 6), scope=f"mpmath odefun at {dps} digits, t ∈ {{1/8, 1/4}}",
                      detail=f"G(t, x(t)) = {[mpmath.nstr(v, 12) for v in values]}")


@remark("holonomic.nonconsistent_data_leave_locus",
        title="Nonconsistent data: the ideal system still has solutions, which leave the locus (affine drift of G)",
        statement=r"Consistency is an initial-data condition. A solution of the system through nonconsistent data still "
                  r"exists but does not satisfy $G=0$; the constrained motions are exactly the solutions with consistent "
                  r"data. Precise form (catalogue X9): along any solution $\frac{d^2}{dt^2}G(t,x(t))=0$, hence "
                  r"$G(t,x(t))=G(t_0,x_0)+(t-t_0)[G_t+D_xGv]_{t_0}$, an affine function of $t$ that vanishes at most at "
                  r"one instant unless both coefficients are $0$.",
        source=f"{SEED} theorem bullet 'Consistency is an initial-data condition'",
        uses=["holonomic.ideal_constraints_determine_reaction", "holonomic.consistent_data"],
        proof_uses=[ZERO_SECOND_DERIVATIVE, PICARD_LINDELOF], scope="N <= 2")
def _(check):
    check_nonconsistent_data_leave_locus(check)
