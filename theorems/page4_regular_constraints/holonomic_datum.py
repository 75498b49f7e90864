"""Holonomic-constraint data of seed 004: the datum (O, k, G), its locus, slice charts and virtual displacements.

This file contains the constructions of seed 004 (a)-(b) and the items that name them:

* :class:`HolonomicConstraintDatum` -- the datum ``(O, k, G)`` over ``ℝ^{3N}``; the constructor rejects
  data violating the definition (``k`` outside ``1..3N−1`` or not ``len(G)``, a point offered as a locus
  point that is off ``Σ``, outside ``O`` or outside ``I₀×Q``, ``rank D_xG < k`` there); with
  :func:`mass_operator` (``𝖬 = diag(m_i I₃)``), :func:`rank_on_locus_certificate` (a Gröbner
  certificate that ``rank D_xG = k`` at every point of ``Σ``) and the hypotheses
  ``holonomic.locus_nonempty`` and ``holonomic.rank_on_locus``; the definition
  ``holonomic.constraint_model_definition`` (#58) and ``holonomic.consistent_data`` (#62);
* :class:`SliceChart` (``h(u, v) = (u, v − φ(u))``) and :class:`ImplicitFunction` (``φ`` by Newton's
  method in mpmath).

The other items of seed 004's datum live in topic modules (their names stay reachable here):
:mod:`theorems.page4_regular_constraints.holonomic_datum_submanifold` (the slice convention #59, the lemma #60 on the instantaneous locus, the
lemma #61 on the dimension of the virtual displacement space),
:mod:`theorems.page4_regular_constraints.holonomic_datum_scleronomic` (the scleronomic/rheonomic definition #64, the lemma #65, the
counterexamples #66 and #67, the rescaling lemma #68), :mod:`theorems.page4_regular_constraints.holonomic_datum_remarks` (the remarks #63, #69,
#72, #74, #75) and :mod:`theorems.page4_regular_constraints.holonomic_datum_cited` (the cited results #80, #83, #84, #85, #86, #107, #116, #117,
#118: intervals, C^k maps, Jacobians, regular values, tangent spaces, rank–nullity, slice charts, the implicit
function theorem, regular level sets).

Pointwise constructions use plain Symbols ``t, x1, x2, ...``; curves and motions use coordinates that
are functions of ``t`` (``sympy.physics.mechanics`` style).  Each verifier is a plain function
``check_*(check, **claim)`` whose keyword parameters are the data of the claim with the true values as
defaults; the soundness tests in ``tests/test_corpus_holonomic_datum.py`` run them on mutated claims.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations

import mpmath
import sympy
from hypothesis import strategies as st
from sympy import QQ, Matrix, Rational, Symbol
from sympy.polys.rings import PolyRing

from checker import definition, hypothesis
from checker.kernel.decision import Decision
from theorems.toolkit.linear_algebra import exact_rank
from checker.kernel.engine.symbolic import TimeLimit, time_limit
from theorems.page2_semiholonomic.constraint_principles import chetaev_virtual_displacements
from theorems.toolkit.linear_algebra import jacobian_and_minors, polynomials_over_QQ
from theorems.toolkit.strategies import polynomials, rationals

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
    """The rank of A (exact over ℚ for rational entries), with this module's zero test otherwise."""
    return exact_rank(A, iszerofunc=_is_zero)


def _rational_point(values):
    """The values as sympy Rationals, or None when one of them is not a rational number."""
    point = tuple(sympy.sympify(v) for v in values)
    return point if all(isinstance(v, sympy.Rational) for v in point) else None


def _value_in_QQ(poly, point):
    """``poly(point)`` for a polynomial over QQ at a point of sympy Rationals, as an element of QQ (term by term:
    ``Σ c_α point^α``)."""
    values = [QQ(v.p, v.q) for v in point]
    total = QQ.zero
    for exponents, coefficient in poly.items():
        term = coefficient
        for value, exponent in zip(values, exponents):
            if exponent:
                term *= value ** exponent
        total += term
    return total


def _value_at(poly, point) -> sympy.Rational:
    """``poly(point)`` for a polynomial over QQ at a point of sympy Rationals, as a sympy Rational."""
    return QQ.to_sympy(_value_in_QQ(poly, point))


def _jacobian_at_point(exprs, coords, variables, point) -> Matrix:
    """``D_coords(exprs)`` with ``variables = point`` substituted: ``Matrix(exprs).jacobian(coords).xreplace(...)``.

    For polynomials over QQ in the variables at a rational point the derivatives are taken and evaluated in
    sympy's sparse ring: the same Rationals, without differentiating Exprs."""
    variables, coords = list(variables), list(coords)
    exact = (polynomials_over_QQ(exprs, variables) if exprs and len(point) == len(variables) and set(coords) <= set(variables)
             else None)
    rational = _rational_point(point) if exact is not None else None
    if rational is None:
        return Matrix(list(exprs)).jacobian(coords).xreplace(dict(zip(variables, point)))
    gens = exact[0].ring.gens
    columns = [gens[variables.index(c)] for c in coords]
    return Matrix([[_value_at(p.diff(g), rational) for g in columns] for p in exact])


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
        if self._exact is None:  # D_xG and G_t as Exprs now (for a polynomial G over QQ: on first use)
            _ = (self.jacobian, self.time_derivative)
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
        values = self._exact_values("G", t0, x0)
        if values is None:
            values = self.at(self.G, t0, x0)
        if not all(_is_zero(v) for v in values):
            raise ValueError(f"({t0}, {tuple(x0)}) is not on the locus: G = {list(values)}")

    def _check_rank(self, t0, x0):
        rank = _rank(self.jacobian_at(t0, x0))
        if rank != self.k:
            raise ValueError(f"rank D_xG = {rank} < k = {self.k} at the locus point ({t0}, {tuple(x0)})")

    # -- the objects of the definition ----------------------------------------------
    @cached_property
    def jacobian(self) -> Matrix:
        """``D_xG`` (k × 3N)."""
        return self.G.jacobian(list(self.x))

    @cached_property
    def time_derivative(self) -> Matrix:
        """``G_t`` (k × 1)."""
        return self.G.diff(self.t)

    @cached_property
    def _exact(self):
        """G, D_xG and G_t as polynomials over QQ in (t, x) when G is such a polynomial, else None.

        At a rational point their values are the Rationals that substituting into the Exprs gives, without
        differentiating Exprs: the validity checks and the pointwise objects use them there."""
        gens = (self.t, *self.x)
        G = polynomials_over_QQ(self.G, gens)
        if G is None:
            return None
        t_gen, *x_gens = PolyRing(list(gens), QQ).gens
        return {"G": [[g] for g in G], "jacobian": [[g.diff(xj) for xj in x_gens] for g in G],
                "time_derivative": [[g.diff(t_gen)] for g in G]}

    def _exact_values(self, name, t0, x0):
        """The Matrix ``name`` (G, jacobian or time_derivative) at a rational point of a polynomial datum, else None."""
        if self._exact is None or not hasattr(x0, "__len__") or len(x0) != self.n:
            return None
        point = _rational_point([t0, *x0])
        if point is None:
            return None
        return Matrix([[_value_at(p, point) for p in row] for row in self._exact[name]])

    def at(self, expr, t0, x0):
        subs = {self.t: sympy.sympify(t0), **{c: sympy.sympify(v) for c, v in zip(self.x, x0)}}
        return sympy.sympify(expr).xreplace(subs).doit()

    def jacobian_at(self, t0, x0) -> Matrix:
        exact = self._exact_values("jacobian", t0, x0)
        if exact is not None:
            return exact
        return Matrix(self.at(self.jacobian, t0, x0)).applyfunc(sympy.cancel)

    def time_derivative_at(self, t0, x0) -> Matrix:
        """``G_t(t₀, x₀)``."""
        exact = self._exact_values("time_derivative", t0, x0)
        if exact is not None:
            return exact
        return Matrix(self.at(self.time_derivative, t0, x0))

    def on_locus(self, t0, x0) -> bool:
        if self.ambient is not None and not self.ambient(t0, x0):
            return False
        exact = self._exact_values("G", t0, x0)
        return all(_is_zero(v) for v in (exact if exact is not None else self.at(self.G, t0, x0)))

    def virtual_displacements(self, t0, x0) -> list:
        """A basis of ``V(t, x) = ker D_xG(t, x)``."""
        return chetaev_virtual_displacements(self.jacobian_at(t0, x0))

    def permitted_velocity_residual(self, t0, x0, v) -> Matrix:
        """``G_t(t, x) + D_xG(t, x) v``."""
        return (self.time_derivative_at(t0, x0) + self.jacobian_at(t0, x0) * Matrix(list(v))).applyfunc(sympy.cancel)

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
    minors = jacobian_and_minors(G, x, ([t] if t is not None else []) + x)[1]
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
    """``P_i − P_i(point)``: polynomials vanishing exactly at the rational point (expanded).

    Polynomials over QQ at a rational point are shifted in sympy's sparse ring, whose ``as_expr`` is the same
    expanded Expr as ``expand``; anything else takes the Expr route."""
    exact = polynomials_over_QQ(polys, variables) if len(point) == len(variables) else None
    rational = _rational_point(point)
    if exact is not None and rational is not None:
        return [(p - _value_in_QQ(p, rational)).as_expr() for p in exact]
    subs = dict(zip(variables, point))
    return [sympy.expand(P - P.xreplace(subs)) for P in polys]


def _level_set_instances(sizes, *, with_time=False, max_degree=2):
    """(n, k, P, point, offsets): k random polynomials in (t?, x1..xn) (each with a linear part whose coefficients are
    all nonzero and a term c(Σ variables)², c ≠ 0, so that the implicit function has nonzero first and, generically,
    second derivatives), a rational point, an offset direction."""
    def for_size(size):
        return _level_set_instances_of_size(size, with_time, max_degree)
    return st.sampled_from(list(sizes)).flatmap(for_size)


@lru_cache(maxsize=64)
def _level_set_instances_of_size(size, with_time, max_degree):
    """The instances of :func:`_level_set_instances` of one size (n, k): built once per size (strategies are immutable)."""
    n, k = size
    variables = ([t] if with_time else []) + list(X[:n])
    linear = st.lists(rationals(4, 2, nonzero=True), min_size=len(variables), max_size=len(variables)).map(
        lambda cs: sum((c * v for c, v in zip(cs, variables)), sympy.S.Zero))
    square = rationals(3, 2, nonzero=True).map(lambda c: c * sum(variables, sympy.S.Zero) ** 2)
    polys = st.lists(st.builds(lambda P, L, S: _expanded_sum([P, L, S], variables),
                               polynomials(variables, max_degree=max_degree, max_terms=3, max_num=5, max_den=3),
                               linear, square), min_size=k, max_size=k)
    point = st.lists(rationals(3, 2), min_size=len(variables), max_size=len(variables))
    offsets = st.lists(st.integers(-9, 9), min_size=len(variables), max_size=len(variables))
    return st.tuples(st.just(n), st.just(k), polys, point, offsets)


def _expanded_sum(terms, variables):
    """``expand(ΣT)``; for polynomials over QQ in the variables, summed and expanded in sympy's sparse ring (the same
    expanded Expr)."""
    exact = polynomials_over_QQ(terms, variables)
    if exact is None:
        return sympy.expand(sympy.Add(*terms))
    return sum(exact[1:], exact[0]).as_expr()


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
        J = _jacobian_at_point(G, X[:n], variables, point)
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
        return _graph_constraint_instances_of_rank(k)
    return st.sampled_from(list(k_values)).flatmap(for_k)


@lru_cache(maxsize=8)
def _graph_constraint_instances_of_rank(k):
    """The instances of :func:`_graph_constraint_instances` of one rank k: built once per k."""
    P = polynomials([t, x1, x2], max_degree=2, max_terms=4, max_num=5, max_den=3)
    Q = polynomials([t, x1], max_degree=2, max_terms=3, max_num=5, max_den=3)
    return st.tuples(st.just(k), P, Q, st.lists(rationals(3, 2), min_size=3, max_size=3),
                     st.lists(rationals(3, 2), min_size=3, max_size=3), rationals(3, 2))


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
# the topic modules split from this one: their names stay reachable as theorems.page4_regular_constraints.holonomic_datum.NAME
# ---------------------------------------------------------------------------

TOPIC_MODULES = ("theorems.page4_regular_constraints.holonomic_datum_cited", "theorems.page4_regular_constraints.holonomic_datum_scleronomic",
                 "theorems.page4_regular_constraints.holonomic_datum_remarks", "theorems.page4_regular_constraints.holonomic_datum_submanifold")


def __getattr__(name):
    """Names defined in the topic modules (imported on first use: they import this module)."""
    if name.startswith("__"):
        raise AttributeError(name)
    import importlib
    for module_name in TOPIC_MODULES:
        namespace = vars(importlib.import_module(module_name))
        if name in namespace:
            return namespace[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
