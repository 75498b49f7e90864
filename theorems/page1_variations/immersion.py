"""Seed 001's reduced d'Alembert equation for an immersion, the reduced mass matrix, and the two examples that use them.

This file contains

* the hypotheses H1–H7 of the corollary (``immersion.dimensions_open_domain`` ... ``immersion.ideal_reaction``);
* the corollary ``immersion.reduced_dalembert_equation`` (catalogue #10): the second-order chain rule
  x'' = DX q'' + X_qq[q', q'] for every n and m (opaque DX and d/dt DX(q(t)) = X_qq[q', ·], the cited chain and product
  rules of every size; only orders 1 and 2 occur: C² suffices), generic X and the 2-jet model at fixed sizes
  supporting it; the tangent projection at each time t for every n and m (a matrix identity of symbolic shape, any
  m×n Jacobian, any m×m M), checked proofs at fixed sizes supporting it, the affine case for every n and m, the polar
  map; exact motions of
  random polynomial immersions support; hypothesis analysis: H7 necessary (tangential friction), H2 (C² suffices),
  H3 (rank-one Jacobian) and H4 (any M) not needed;
* the remark ``immersion.reduced_mass_matrix_spd`` (#11): uᵀDXᵀMDXu = (DXu)ᵀM(DXu), positivity for u ≠ 0 (a checked
  deduction from H3 and H4, :func:`reduced_mass_deduction`) and symmetry for every n and m (random Sylvester instances
  support), with necessity witnesses for injectivity and definiteness;
* the cited definition ``calculus.submersions_and_immersions`` (#79) and the cited examples
  ``examples.ideal_planar_pendulum`` (#81: equation, energy, Lyapunov stability, frequency √(g/l), measured
  period; the correction vanishes although X is not affine) and ``examples.planar_rolling_disk_acceleration`` (#82),
  both obtained from the reduced equation on the constraints of :mod:`theorems.page1_variations.holonomic_chart`.

The toolkit they rest on (:func:`reduced_mass_matrix`, :func:`reduced_dalembert_equation`, :func:`is_immersion`,
:func:`generic_two_jet_map`) is :mod:`theorems.toolkit.immersion`, re-exported here.

Each verifier is a plain function ``check_*(check, **claim)`` whose keyword parameters are the data of the claim
with the true values as defaults; soundness tests run it on mutated claims.  Coordinates are functions of time
(``sympy.physics.mechanics`` style); pointwise linear algebra uses plain Symbols.
"""
from __future__ import annotations

import mpmath
import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Rational, Symbol

from checker import Proof, cited, corollary, hypothesis, remark
from checker.kernel.deduction import Deduction, atom, forall, implies
from checker.kernel.engine.randomized import OutsideDomain
from checker.kernel.engine.residuals import reduce_residual
from theorems.page1_variations.holonomic_chart import (PENDULUM_G, SEED001, X as PLANE_X, Y as PLANE_Y, THETA as DISK_THETA,
                                      is_symmetric_positive_definite, g, inertia, l, m, offset, pendulum_constraint,
                                      radius, rolling_disk_constraint)
from theorems.toolkit.immersion import (  # noqa: F401 - the toolkit's public names, re-exported
    ImmersionUndecided, ReducedDalembertEquation, _is_polynomial_map, _pythagorean, _reduced_terms,
    generic_two_jet_map, is_immersion, reduced_dalembert_equation, reduced_mass_matrix)
from theorems.toolkit.strategies import full_row_rank_matrices, polynomials, rational_matrices, rationals, spd_matrices
from theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra import every_size_identity

__all__ = [
    "ImmersionUndecided", "ReducedDalembertEquation", "generic_two_jet_map", "reduced_mass_matrix",
    "reduced_dalembert_equation", "is_immersion",
    "H_DIMENSIONS", "H_X_C3", "H_IMMERSION", "H_MASS_SPD", "H_FORCE", "H_CURVE", "H_IDEAL_REACTION", "HYPOTHESES",
    "pendulum_parametrisation", "rolling_disk_parametrisation",
    "check_reduced_dalembert_equation", "check_reduced_mass_spd", "check_submersions_and_immersions",
    "check_ideal_planar_pendulum", "check_rolling_disk_acceleration",
]

COROLLARY_ID = "immersion.reduced_dalembert_equation"
REMARK_ID = "immersion.reduced_mass_matrix_spd"
IMMERSIONS_ID = "calculus.submersions_and_immersions"
PENDULUM_ID = "examples.ideal_planar_pendulum"
DISK_ID = "examples.planar_rolling_disk_acceleration"
CHAIN_RULE = "calculus.chain_rule_total_derivative"

t = Symbol("t", real=True)


# ---------------------------------------------------------------------------
# the hypotheses of the corollary (seed 001)
# ---------------------------------------------------------------------------

H_DIMENSIONS = hypothesis("immersion.dimensions_open_domain", "n, m ≥ 1 and Ω ⊆ ℝⁿ is open and nonempty",
                          source=f"{SEED001}: 'Let n,m ≥ 1, let Ω ⊆ ℝⁿ be open and nonempty'")
H_X_C3 = hypothesis("immersion.parametrisation_C3", "X : Ω → ℝᵐ is of class C³",
                    predicate=lambda instance: _is_polynomial_map(*instance),
                    source=f"{SEED001}: 'X : Ω → ℝᵐ be of class C³'")
H_IMMERSION = hypothesis("immersion.jacobian_injective",
                         "DX(q) is injective for every q ∈ Ω (X is an immersion; this forces n ≤ m)",
                         predicate=lambda instance: bool(is_immersion(*instance, everywhere=True)),
                         source=f"{SEED001}: 'with DX(q) injective for every q ∈ Ω; fix an immersion'")
H_MASS_SPD = hypothesis("immersion.mass_spd", "M ∈ M_m(ℝ) is symmetric positive definite",
                        predicate=is_symmetric_positive_definite,
                        source=f"{SEED001}: 'Let M ∈ M_m(ℝ) be symmetric positive definite'")
H_FORCE = hypothesis("immersion.force_continuous", "D ⊆ ℝ × ℝᵐ × ℝᵐ is open and F : D → ℝᵐ is continuous",
                     source=f"{SEED001}: 'let D ⊆ ℝ×ℝᵐ×ℝᵐ be open and let F : D → ℝᵐ be continuous'")
H_CURVE = hypothesis("immersion.curve_C2",
                     "I ⊆ ℝ is an open interval, q : I → Ω is C², x = X∘q and (t, x(t), x'(t)) ∈ D for t ∈ I",
                     source=f"{SEED001}: 'let q : I → Ω be a C² curve with x(t) := X(q(t)) and (t,x(t),x'(t)) ∈ D'")
H_IDEAL_REACTION = hypothesis(
    "immersion.ideal_reaction",
    "there is a continuous R : I → ℝᵐ with M x'' = F(t, x, x') + R and R(t)·DX(q(t))δ = 0 for all δ ∈ ℝⁿ, t ∈ I",
    source=f"{SEED001}: 'Suppose there is a continuous R : I → ℝᵐ with M x'' = F(t,x,x') + R, R·DX(q(t))δ = 0'")
HYPOTHESES = (H_DIMENSIONS, H_X_C3, H_IMMERSION, H_MASS_SPD, H_FORCE, H_CURVE, H_IDEAL_REACTION)


# ---------------------------------------------------------------------------
# immersion.reduced_dalembert_equation  (catalogue #10)
# ---------------------------------------------------------------------------

def _coordinates(n: int, name: str = "q") -> list:
    return [Function(f"{name}{i + 1}", real=True)(t) for i in range(n)]


def _generic_square(m: int, name: str, symmetric: bool = False) -> Matrix:
    if symmetric:
        return Matrix(m, m, lambda i, j: Symbol(f"{name}{min(i, j) + 1}{max(i, j) + 1}", real=True))
    return Matrix(m, m, lambda i, j: Symbol(f"{name}{i + 1}{j + 1}", real=True))


def _vector(name: str, size: int) -> Matrix:
    return Matrix(sympy.symbols(f"{name}1:{size + 1}", real=True))


def _chain_rule_identity(check, n: int, mm: int, X: Matrix, q: list, kind: str):
    """(X∘q)'' = DX q'' + X_qq[q', q'] with the toolkit's DX and X_qq[q', q'] (checked symbolically)."""
    eq = reduced_dalembert_equation(X, q, t, sympy.eye(mm), sympy.zeros(mm, 1))
    accelerations = Matrix([c.diff(t, 2) for c in q])
    return check.identity(f"x = X∘q: x'' = DX q'' + X_qq[q', q'] (n, m) = ({n}, {mm})", X.diff(t, 2),
                          eq.jacobian * accelerations + eq.curvature,
                          scope=f"symbolic, {kind} X: ℝ^{n} → ℝ^{mm}, generic C² curve q(t)")


def _third_derivatives_absent(X: Matrix, q: list) -> bool:
    """The only derivatives in (X∘q)'', DX and X_qq[q', q'] are q' and q'': no third (or other unevaluated) derivative of X."""
    eq = reduced_dalembert_equation(X, q, t, sympy.eye(X.rows), sympy.zeros(X.rows, 1))
    exprs = sympy.Tuple(*X.diff(t, 2), *eq.jacobian, *eq.curvature)
    return not any(d.expr not in q for d in exprs.atoms(sympy.Derivative))  # only q', q'' are derivatives


def _pointwise_proof(D: Matrix, hessians: list, M: Matrix, correction_sign):
    """The reduced equation at one time t from x'' = D q'' + X_qq[q', q'], M x'' = F + R and R·Dδ = 0 (certificate)."""
    mm, n = D.shape
    v, a, delta = _vector("v", n), _vector("a", n), _vector("delta", n)
    xdd, F, R = _vector("xdd", mm), _vector("F", mm), _vector("R", mm)
    curvature = Matrix([(v.T * H * v)[0] for H in hessians])
    mass, force, correction = _reduced_terms(D, curvature, M, F)
    Ddelta = D * delta
    p = Proof("the tangent projection of the ambient equation")
    p.suppose("acceleration", (xdd, D * a + curvature),
              note="x = X∘q: x'' = DX q'' + X_qq[q', q'] (the chain rule twice; checked above for generic X)")
    p.hypothesis("newton", (M * xdd, F + R), assumption=H_IDEAL_REACTION, note="M x'' = F(t, x, x') + R (H7)")
    p.hypothesis("ideal", ((R.T * Ddelta)[0], 0), assumption=H_IDEAL_REACTION, note="R·DX δ = 0 (H7)")
    certificate = [-e for e in M.T * Ddelta] + list(Ddelta) + [1]
    p.algebra("reduced", ["acceleration", "newton", "ideal"],
              ((delta.T * mass * a)[0], (delta.T * (force + correction_sign * correction))[0]), certificate=certificate,
              note="δ·(DXᵀMDX q'' − DXᵀF + DXᵀ M X_qq) = Σ_k (DXδ)_k(newton)_k + (ideal) − Σ_j (MᵀDXδ)_j(acceleration)_j")
    p.conclude("reduced")
    return p


_N_SHAPE = Symbol("n", integer=True, positive=True)
_M_SHAPE = Symbol("m", integer=True, positive=True)
_EVERY_SIZE = "symbolic, every size (MatrixSymbols: DX m×n, M m×m, n and m symbols)"


def _tangent_projection_every_size(check, correction_sign):
    """(i) at each t for every n, m: δᵀ(DXᵀMDX q'' − DXᵀF − sign·DXᵀM c) is a combination of the premises' residuals.

    D = DX(q(t)) (any m×n matrix), M any m×m matrix, a = q'', c = X_qq[q', q'], x'' the acceleration:
    δᵀ(DᵀMDa − DᵀF + DᵀMc) = (Dδ)ᵀ(Mx'' − F − R) + (Dδ)ᵀR − (MᵀDδ)ᵀ(x'' − Da − c).
    """
    n, mm = _N_SHAPE, _M_SHAPE
    D, M = sympy.MatrixSymbol("D", mm, n), sympy.MatrixSymbol("M", mm, mm)
    a, delta = sympy.MatrixSymbol("a", n, 1), sympy.MatrixSymbol("delta", n, 1)
    c, F, R, xdd = (sympy.MatrixSymbol(name, mm, 1) for name in ("c", "F", "R", "xdd"))
    Dd = D * delta
    every_size_identity(
        check, "(i) at each t, every n and m: δᵀ(DXᵀMDX q'' − DXᵀF − sign·DXᵀM X_qq) = (DXδ)ᵀ(Mx'' − F − R) + "
               "(DXδ)ᵀR − (MᵀDXδ)ᵀ(x'' − DX q'' − X_qq)",
        delta.T * (D.T * M * D * a - D.T * F - correction_sign * D.T * M * c),
        Dd.T * (M * xdd - F - R) + Dd.T * R - (M.T * Dd).T * (xdd - D * a - c), scope=_EVERY_SIZE,
        context="the premises M x'' = F + R and R·DXδ = 0 (H7) and x'' = DX q'' + X_qq[q', q'] (the chain rule twice, "
                "calculus.chain_rule_total_derivative, cited; checked above for generic X) make the right side 0 for "
                "every δ, so the left side vanishes for every δ: the reduced equation (i); M and DX arbitrary")


#: the order of the derivative of X each opaque symbol of :func:`_chain_rule_every_size` stands for
_DX, _XQQ_ALONG = sympy.MatrixSymbol("DX", _M_SHAPE, _N_SHAPE), sympy.MatrixSymbol("Xqq_qdot", _M_SHAPE, _N_SHAPE)
_X_DERIVATIVE_ORDER = {_DX: 1, _XQQ_ALONG: 2}


def _chain_rule_every_size(check, curvature_factor=1, derivative_order=2):
    """x = X∘q for every n, m: x' = DX(q) q' (the cited chain rule of every size); x'' = (DX(q(t)) q')' = (DX)' q' +
    DX q'' (the product rule), and (DX(q(t)))' = X_qq[q', ·] (the chain rule for the map DX), so x'' = DX q'' +
    X_qq[q', q']: only DX and X_qq (orders 1 and 2) occur, X ∈ C² suffices."""
    from theorems.page1_variations.noether import matrix_derivative
    n, mm = _N_SHAPE, _M_SHAPE
    qdot, qddot = sympy.MatrixSymbol("qdot", n, 1), sympy.MatrixSymbol("qddot", n, 1)
    rates = {_DX: _XQQ_ALONG, qdot: qddot}  # d/dt DX(q(t)) = X_qq[q', ·] (chain rule); d/dt q' = q''
    velocity = _DX * qdot  # x' = DX(q) q' (chain rule)
    acceleration = matrix_derivative(velocity, lambda e: rates.get(e, sympy.ZeroMatrix(*e.shape))).doit()
    scope = (f"{_EVERY_SIZE}; x'' by the product rule from x' = DX q', d/dt DX(q(t)) = X_qq[q', ·] (an m×n matrix "
             "symbol) by the cited chain rule of every size (calculus.chain_and_product_rules_every_size)")
    check.identity("x = X∘q, every n and m: x'' = DX q'' + X_qq[q', q'] (X_qq[q', q'] = X_qq[q', ·] q')", acceleration,
                   _DX * qddot + curvature_factor * _XQQ_ALONG * qdot, scope=scope)
    order = max((_X_DERIVATIVE_ORDER.get(a, 0) for a in acceleration.atoms(sympy.MatrixSymbol)), default=0)
    check.fact(f"every n and m: x'' involves derivatives of X of order ≤ {derivative_order} only (DX, X_qq): X ∈ C² "
               "suffices", order == derivative_order, method="computation", detail=f"highest order {order}", scope=scope)


def _affine_every_size(check):
    """(ii) for every n, m: X(q) = Aq + b has X_qq[v, v] = d²/ds² X(q + s v) = 0, so the correction vanishes."""
    n, mm = _N_SHAPE, _M_SHAPE
    A, b = sympy.MatrixSymbol("A", mm, n), sympy.MatrixSymbol("b", mm, 1)
    q, v = sympy.MatrixSymbol("q", n, 1), sympy.MatrixSymbol("v", n, 1)
    s = Symbol("s", real=True)
    check.identity("(ii) every n, m: X = Aq + b has X_qq[v, v] = d²/ds² X(q + s v) = 0", (A * (q + s * v) + b).diff(s, 2),
                   sympy.ZeroMatrix(mm, 1), scope=_EVERY_SIZE,
                   context="X_qq[v, v] = Σ ∂_i∂_jX v_i v_j is the second derivative of s ↦ X(q + s v) at 0 (chain rule); "
                           "so DXᵀ M X_qq[q', q'] = 0")


def _symmetric_hessians(n: int, mm: int) -> list:
    return [Matrix(n, n, lambda i, j: Symbol(f"h{k + 1}_{min(i, j) + 1}{max(i, j) + 1}", real=True)) for k in range(mm)]


_U = sympy.symbols("u1:5", real=True)


class _MotionInstance:
    """A polynomial map X, a quadratic curve q(t) = q0 + v t + a t²/2, a mass M and normal-space weights w at t = 0."""

    def __init__(self, n, mm, X, q0, v, a, M, w):
        self.n, self.m, self.X, self.q0, self.v, self.a, self.M, self.w = n, mm, X, q0, v, a, M, w

    def describe(self):
        return {"n": self.n, "m": self.m, "X": [sympy.sstr(e) for e in self.X], "q(0)": list(self.q0),
                "q'(0)": list(self.v), "q''(0)": list(self.a), "M": sympy.sstr(self.M), "w": list(self.w)}


def _motion_instances(max_n: int, max_m: int):
    """Random quadratic maps X = Lq + P(q) with L of rank n (m×n, n ≤ m), curves at t = 0, SPD masses, weights.

    Degree 2 loses nothing: the claim at t = 0 involves only the 2-jet of X at q(0), and every 2-jet is that of a
    quadratic polynomial.  DX(q(0)) = L + DP(q(0)) may still lose rank; such instances are rejected.
    """
    def build(args):
        (n, mm), L, P, q0, v, a, M, w = args
        linear = L * Matrix(_U[:n])
        return _MotionInstance(n, mm, [linear[i] + P[i] for i in range(mm)], q0, v, a, M, w)

    def for_shape(shape):
        n, mm = shape
        vec = lambda size: st.lists(rationals(3, 2), min_size=size, max_size=size)  # noqa: E731
        return st.tuples(st.just(shape), full_row_rank_matrices(n, mm, max_num=3, max_den=2).map(lambda A: A.T),
                         st.lists(polynomials(_U[:n], 2, 3, max_num=3, max_den=2), min_size=mm, max_size=mm),
                         vec(n), vec(n), vec(n), spd_matrices(mm, 2, 2), vec(mm))

    shapes = [(n, mm) for n in range(1, max_n + 1) for mm in range(n, max_m + 1)]
    return st.sampled_from(shapes).flatmap(for_shape).map(build)


def _on_quadratic_curve(poly: sympy.Poly, curve: list, T, ring_zero):
    """X_k(q(T)) in QQ[T] for the polynomial X_k and q(T) = q(0) + q'(0)T + q''(0)T²/2 (ring arithmetic, exact)."""
    total = ring_zero
    for monomial, coefficient in poly.terms():
        term = ring_zero + coefficient
        for c, e in zip(curve, monomial):
            if e:
                term *= c**e
        total += term
    return total


def _reduced_residual_on_motion(instance: _MotionInstance, correction_sign, friction):
    """The claimed reduced equation at t = 0 for the motion x = X(q(t)) with M x'' = F + R, R ⟂ im DX (+ friction).

    x''(0) is computed from the composite polynomial X(q(t)) (not from the chain rule); DX, ∂²X at q(0) exactly.
    """
    n, mm = instance.n, instance.m
    U = _U[:n]
    polys = [sympy.Poly(e, *U, domain="QQ") for e in instance.X]
    q0, v, a = (list(map(sympy.Rational, vec)) for vec in (instance.q0, instance.v, instance.a))
    DX0 = Matrix(mm, n, lambda k, i: polys[k].diff(U[i])(*q0))
    if DX0.rank() < n:
        raise OutsideDomain("DX(q(0)) is not injective")
    curvature = Matrix([sum(p.diff(U[i]).diff(U[j])(*q0) * v[i] * v[j] for i in range(n) for j in range(n))
                        for p in polys])
    ring, T = sympy.polys.rings.ring("T", sympy.QQ)
    curve = [ring(q0[i]) + v[i] * T + a[i] * T**2 / 2 for i in range(n)]
    x_curve = [_on_quadratic_curve(p, curve, T, ring.zero) for p in polys]  # x(t) = X(q(t)), exactly
    x_dot0 = Matrix([sympy.Rational(x.coeff(T)) for x in x_curve])
    x_ddot0 = Matrix([2 * sympy.Rational(x.coeff(T**2)) for x in x_curve])
    normal = (DX0.T).nullspace()
    R = sum((wi * b for wi, b in zip(instance.w, normal)), sympy.zeros(mm, 1))
    R = R - friction * x_dot0  # tangential friction −γ x' when friction = γ ≠ 0
    F = instance.M * x_ddot0 - R  # Newton: M x'' = F + R at t = 0
    mass, force, correction = _reduced_terms(DX0, curvature, instance.M, F)
    return max(abs(e) for e in mass * Matrix(a) - force - correction_sign * correction)


def _in_state(expr, coords: list, state: list):
    """``expr`` with q(t), q'(t) written as the Symbols ``state = [(s_1, w_1), ...]`` (velocities first)."""
    expr = sympy.sympify(expr)
    expr = expr.xreplace({c.diff(t): w for c, (_, w) in zip(coords, state)})
    return expr.xreplace({c: s_ for c, (s_, _) in zip(coords, state)})


def _polar_map():
    r, th = Function("r", positive=True)(t), Function("theta", real=True)(t)
    return Matrix([r * sympy.cos(th), r * sympy.sin(th)]), [r, th]


def _polar_correction_claim(r, th):
    return Matrix([-m * r * th.diff(t)**2, 2 * m * r * r.diff(t) * th.diff(t)])


def check_reduced_dalembert_equation(check, *, correction_sign=-1, friction=0, polar_correction=_polar_correction_claim,
                                     sizes=((1, 2), (2, 3)), max_n=3, max_m=4, samples=6, curvature_factor=1,
                                     derivative_order=2):
    """(i) DXᵀMDX q'' = DXᵀF + sign·DXᵀ M X_qq[q', q'] (true sign −1) from M x'' = F + R, R·DXδ = 0; (ii) the
    correction vanishes for affine X, and is ``polar_correction`` for the polar map with M = mI.

    ``friction`` = γ adds the tangential friction −γ x' to R in the randomized motions (violating H7).
    """
    # the chain rule x'' = DX q'' + X_qq[q', q'] for every n and m (only ∂X and ∂²X occur: C² suffices); generic X
    # and the 2-jet model at fixed sizes support it
    with check.without(H_X_C3, note="only ∂X and ∂²X occur: X ∈ C² suffices"):
        _chain_rule_every_size(check, curvature_factor, derivative_order)
        with check.supporting():  # sympy's differentiation of generic maps at fixed sizes
            for n, mm in sizes[:1]:
                q = _coordinates(n)
                _chain_rule_identity(check, n, mm, Matrix([Function(f"X{k + 1}")(*q) for k in range(mm)]), q,
                                     "generic (undefined sympy functions)")
            for n, mm in sizes:
                q = _coordinates(n)
                X = generic_two_jet_map("X", q, mm)
                _chain_rule_identity(check, n, mm, X, q, "generic C² (2-jet model, no third derivatives defined)")
                check.fact(f"no derivative of order 3 of X occurs in x'', DX, X_qq[q', q'] ((n, m) = ({n}, {mm}))",
                           _third_derivatives_absent(X, q), method="computation")
    # the tangent projection at each time t, for any m×n Jacobian and any m×m matrix M
    with check.without(H_MASS_SPD, note="M any real m×m matrix (generic entries, not symmetric)"):
        _tangent_projection_every_size(check, correction_sign)
        with check.supporting():  # the same at fixed sizes, as checked proofs with generic entries
            for n, mm in sizes:
                D = Matrix(mm, n, lambda k, i: Symbol(f"d{k + 1}_{i + 1}", real=True))
                check.proof(f"(i) from M x'' = F + R and R·DXδ = 0 at each t ((n, m) = ({n}, {mm}))",
                            _pointwise_proof(D, _symmetric_hessians(n, mm), _generic_square(mm, "M"), correction_sign),
                            scope=f"symbolic, (n, m) = ({n}, {mm}): DX(q(t)) = D any m×n matrix (generic entries), "
                                  "∂²X_k(q(t)) any symmetric matrices, M any m×m matrix, generic F, R, q', q'', every δ")
    with check.without(H_IMMERSION, note="DX of rank < n"):
        u, w = _vector("u", 2), _vector("w", 2)
        D = u * w.T
        check.fact("D = u wᵀ (2×2) has rank 1 < n = 2: det D = 0 and D(w₂, −w₁) = 0",
                   sympy.expand(D.det()) == 0 and (D * Matrix([w[1], -w[0]])).applyfunc(sympy.expand).is_zero_matrix,
                   method="symbolic")
        check.proof("(i) at each t for a rank-one Jacobian DX = u wᵀ ((n, m) = (2, 2))",
                    _pointwise_proof(D, _symmetric_hessians(2, 2), _generic_square(2, "M", symmetric=True),
                                     correction_sign),
                    scope="symbolic, (n, m) = (2, 2): DX(q(t)) = u wᵀ (rank 1), generic symmetric M, every δ")
    parabola = _MotionInstance(1, 2, [_U[0], _U[0]**2], [1], [1], [0], sympy.eye(2), [1])
    check.fact("(i) along the motion q(t) = 1 + t of the parabola X(q) = (q, q²), M = I, R = (−2, 1) at t = 0 "
               "(correction DXᵀX_qq = 4)", _reduced_residual_on_motion(parabola, correction_sign, friction) == 0,
               method="computation", detail=sympy.sstr(parabola.describe()))
    if samples:
        with check.supporting():  # (i) is decided by the every-size identity and the checked proofs
            check.property("(i) along random motions of random polynomial immersions with M SPD (all hypotheses)",
                           _motion_instances(max_n, max_m),
                           lambda inst: _reduced_residual_on_motion(inst, correction_sign, friction),
                           samples=samples, describe=lambda inst: inst.describe(),
                           scope=f"randomized, exact: X quadratic with DX(q(0)) injective, 1 ≤ n ≤ {max_n}, "
                                 f"n ≤ m ≤ {max_m}, M SPD, R ∈ (im DX)^⊥ (random), F = M x'' − R, x''(0) from the "
                                 "composite X(q(t))")
    _affine_every_size(check)
    _affine_and_polar(check, polar_correction)
    _friction_witness(check)


def _affine_and_polar(check, polar_correction):
    n, mm = 2, 3
    q = _coordinates(n)
    A = Matrix(mm, n, lambda k, i: Symbol(f"A{k + 1}{i + 1}", real=True))
    b = _vector("b", mm)
    eq = reduced_dalembert_equation(A * Matrix(q) + b, q, t, _generic_square(mm, "M"), _vector("F", mm))
    check.identity("(ii) X = Aq + b affine: X_qq[q', q'] = 0 and the correction DXᵀ M X_qq[q', q'] = 0",
                   Matrix.vstack(eq.curvature, eq.correction), sympy.zeros(mm + n, 1),
                   scope="symbolic, (n, m) = (2, 3), generic A, b, M, F")
    X, (r, th) = _polar_map()
    polar = reduced_dalembert_equation(X, [r, th], t, m * sympy.eye(2), sympy.zeros(2, 1))
    state = [(Symbol("rho", positive=True), Symbol("rho_dot", real=True)),
             (Symbol("phi", real=True), Symbol("phi_dot", real=True))]
    claimed = _in_state(polar_correction(r, th), [r, th], state)
    check.identity("polar map X(r, θ) = (r cos θ, r sin θ), M = mI: correction = (−m r θ'², 2 m r r' θ')",
                   _in_state(polar.correction, [r, th], state).applyfunc(lambda e: _pythagorean(e, state[1][0])), claimed,
                   scope="symbolic, every state (r, r', θ, θ') with r > 0 (sin²θ written as 1 − cos²θ)")
    sample = {r.diff(t): 0, th.diff(t): 1, r: 1, th: 0}
    value = polar.correction[0].xreplace(sample)
    check.fact("the polar correction is not zero (X is not affine): −m at r = 1, r' = 0, θ = 0, θ' = 1",
               value.is_nonzero is True, method="computation", detail=f"first component {sympy.sstr(value)}")


def _friction_witness(check):
    """H7 necessary: X(q) = (q, 0), M = mI, q(t) = t, F = (γ, 0), R = −γ x' (tangential friction)."""
    gamma = Symbol("gamma", positive=True)
    q = _coordinates(1)
    X = Matrix([q[0], 0])
    M = m * sympy.eye(2)
    motion = {q[0].diff(t, 2): 0, q[0].diff(t): 1, q[0]: t}
    x_dot = X.diff(t)
    R = -gamma * x_dot
    F = Matrix([gamma, 0])
    eq = reduced_dalembert_equation(X, q, t, M, F)
    along = lambda e: sympy.simplify(e.xreplace(motion))  # noqa: E731
    check.necessary(H_IDEAL_REACTION, "X(q) = (q, 0), M = mI, q(t) = t, F = (γ, 0), R = −γx' (tangential friction)",
                    violates=[("R·DXδ = −γδ ≠ 0 for δ = 1", along((R.T * eq.jacobian)[0]) != 0, "symbolic")],
                    others_hold={
                        H_DIMENSIONS: [("n = 1, m = 2, Ω = ℝ", (len(q), X.rows) == (1, 2), "computation")],
                        H_X_C3: [("X is polynomial (C^∞)", H_X_C3.holds_for((X, q)), "computation")],
                        H_IMMERSION: [("X is an immersion: det(DXᵀDX) = 1", is_immersion(X, q, everywhere=True),
                                       "symbolic")],
                        H_MASS_SPD: [("M = mI is symmetric positive definite", is_symmetric_positive_definite(M),
                                      "symbolic")],
                        (H_FORCE, H_CURVE): [("F is constant (continuous) and q(t) = t is C² on I = ℝ",
                                              all(e.is_polynomial(t) for e in list(F) + [motion[q[0]]]), "computation")],
                    },
                    instances={H_X_C3: (X, q)},
                    conclusion_fails=[("the reduced equation fails: m q'' − DXᵀF + correction = −γ ≠ 0",
                                       along(eq.residual[0]) != 0, "symbolic")])


@corollary(COROLLARY_ID,
           title="The reduced d'Alembert equation for an immersion: DXᵀMDX q'' = DXᵀF − DXᵀ M X_qq[q', q']",
           statement=r"Let $n,m\ge1$, $\Omega\subseteq\mathbb R^n$ open and nonempty, $X\in C^3(\Omega,\mathbb R^m)$ with "
                     r"$DX(q)$ injective for every $q$, $M\in M_m(\mathbb R)$ symmetric positive definite, $F:D\to\mathbb R^m$ "
                     r"continuous on an open $D\subseteq\mathbb R\times\mathbb R^m\times\mathbb R^m$, $I$ an open interval, "
                     r"$q:I\to\Omega$ of class $C^2$ with $x=X\circ q$ and $(t,x,x')\in D$. If a continuous $R$ satisfies "
                     r"$Mx''=F(t,x,x')+R$ and $R\cdot DX(q)\delta=0$ for all $\delta\in\mathbb R^n$, then (i) "
                     r"$DX^{\mathsf T}MDX\,q''=DX^{\mathsf T}F-DX^{\mathsf T}MX_{qq}[q',q']$ on $I$, with "
                     r"$(X_{qq}[q',q'])_k=\sum_{i,j}\partial_i\partial_jX_k(q)q_i'q_j'$; $DX^{\mathsf T}F$ is the generalized "
                     r"force; (ii) when $X$ is affine the correction vanishes. (Checked: (i) needs neither injectivity "
                     r"nor definiteness of $M$, and $C^2$ suffices; the ideal condition cannot be dropped.)",
           source=f"{SEED001}: the corollary 'Then, writing DX(q(t))ᵀ for the transpose and (X_qq[q',q'])_k := "
                  "Σ_{i,j} ∂_i∂_jX_k(q) q_i' q_j', one has DXᵀMDX q'' = DXᵀF − DXᵀMX_qq[q',q'] on I ... when X is affine, "
                  "the correction vanishes'",
           uses=[IMMERSIONS_ID, "reals.intervals_nine_order_convex_forms", "linalg.euclidean_inner_product",
                 "calculus.ck_maps_and_diffeomorphisms", "calculus.jacobian_matrix_and_gradient"],
           proof_uses=[CHAIN_RULE, "calculus.chain_and_product_rules_every_size"], assumes=list(HYPOTHESES))
def _(check):
    check_reduced_dalembert_equation(check)


# ---------------------------------------------------------------------------
# immersion.reduced_mass_matrix_spd  (catalogue #11)
# ---------------------------------------------------------------------------

def pendulum_parametrisation(theta):
    """X(θ) = (l sin θ, −l cos θ): the circle |x| = l of the planar pendulum (θ measured from the downward vertical)."""
    return Matrix([l * sympy.sin(theta), -l * sympy.cos(theta)])


def rolling_disk_parametrisation(s, c=offset):
    """X(s) = (s, (s − c)/a): the line x − aθ = c of the planar rolling disk, with the coordinate s = x."""
    return Matrix([s, (s - c) / radius])


_Q2 = sympy.symbols("q1 q2", real=True)
_Q1 = Symbol("q", real=True)


def reduced_mass_deduction(reduced=lambda D, M: D.T * M * D, *, injective=True, mass_relation=">") -> Deduction:
    """For every n, m: DX injective (∀w. DXw = 0 ⇒ w = 0) and M positive definite (∀z. z ≠ 0 ⇒ zᵀMz > 0) give
    ∀u. u ≠ 0 ⇒ uᵀ·reduced(DX, M)·u > 0.  Instantiate injectivity at u and contrapose (u ≠ 0 ⇒ DXu ≠ 0), instantiate
    definiteness at z = DXu, chain, rewrite (DXu)ᵀM(DXu) = uᵀ(DXᵀMDX)u (an identity for every size), generalize u.
    ``injective=False`` drops the injectivity premise, ``mass_relation="≥"`` weakens M to semi-definite and ``None``
    drops the definiteness premise (mutations: no such deduction may be checked)."""
    n, mm = _N_SHAPE, _M_SHAPE
    D, M = sympy.MatrixSymbol("D", mm, n), sympy.MatrixSymbol("M", mm, mm)
    u, w, z = sympy.MatrixSymbol("u", n, 1), sympy.MatrixSymbol("w", n, 1), sympy.MatrixSymbol("z", mm, 1)
    zero_n, zero_m = sympy.ZeroMatrix(n, 1), sympy.ZeroMatrix(mm, 1)
    goal = forall(u, implies(atom("≠", u, zero_n), atom(">", u.T * reduced(D, M) * u, 0)))
    d = Deduction("DX injective and M positive definite ⇒ DXᵀMDX positive definite (every n, m)", goal)
    if injective:
        d.hypothesis("injective", forall(w, implies(atom("=", D * w, zero_m), atom("=", w, zero_n))),
                     assumption=H_IMMERSION, note="DX(q) injective (H3)")
    if mass_relation is not None:
        d.hypothesis("definite", forall(z, implies(atom("≠", z, zero_m), atom(mass_relation, z.T * M * z, 0))),
                     assumption=H_MASS_SPD, note="M positive definite (H4)")
    d.instantiate("injective_at_u", "injective", u)
    d.contrapose("u_nonzero_gives_DXu_nonzero", "injective_at_u")
    d.instantiate("definite_at_DXu", "definite", D * u)
    d.chain("u_nonzero_gives_positive", "u_nonzero_gives_DXu_nonzero", "definite_at_DXu")
    d.rewrite("reduced_mass_positive", "u_nonzero_gives_positive",
              implies(atom("≠", u, zero_n), atom(">", u.T * reduced(D, M) * u, 0)),
              note="(DXu)ᵀM(DXu) = uᵀ·reduced(DX, M)·u for every n, m")
    d.generalize("every_u", "reduced_mass_positive", u)
    return d


def _reduced_mass_every_size(check, reduced, injective=True, definite=True):
    """uᵀ(DXᵀMDX)u > 0 for u ≠ 0 (a checked deduction from H3 and H4) and symmetry, for every n, m (``reduced(D, M)``
    is the claimed reduced mass)."""
    n, mm = _N_SHAPE, _M_SHAPE
    D, M, W = sympy.MatrixSymbol("D", mm, n), sympy.MatrixSymbol("M", mm, mm), sympy.MatrixSymbol("W", mm, mm)
    u = sympy.MatrixSymbol("u", n, 1)
    every_size_identity(check, "every n, m: uᵀ·reduced(DX, M)·u = (DXu)ᵀM(DXu)", u.T * reduced(D, M) * u,
                        (D * u).T * M * (D * u), scope=_EVERY_SIZE,
                        context="the identity the deduction below rewrites with (a wrong reduced mass is refuted here)")
    check.deduction("every n, m: DX injective and M positive definite ⇒ uᵀ·reduced(DX, M)·u > 0 for u ≠ 0",
                    reduced_mass_deduction(reduced, injective=injective, mass_relation=">" if definite else None),
                    scope=_EVERY_SIZE)
    every_size_identity(check, "every n, m: reduced(DX, M) is symmetric for symmetric M = W + Wᵀ",
                        reduced(D, W + W.T).T, reduced(D, W + W.T), scope=_EVERY_SIZE,
                        context="every symmetric M is W + Wᵀ (W = M/2)")


def check_reduced_mass_spd(check, *, require_injective=True, require_spd=True,
                           injectivity_witness=(Matrix([_Q2[0] + _Q2[1]]), list(_Q2), Matrix([[1]])),
                           definiteness_witness=(Matrix([_Q1, _Q1]), [_Q1], sympy.diag(1, -1)),
                           max_m=4, samples=20, reduced=lambda D, M: D.T * M * D):
    """DX injective and M SPD ⇒ DXᵀMDX SPD (uᵀDXᵀMDXu = (DXu)ᵀM(DXu), every n, m); witnesses ``(X, q, M)`` for each
    hypothesis.  ``reduced(D, M)`` is the claimed reduced mass as a matrix expression; the random Sylvester
    instances support."""
    _reduced_mass_every_size(check, reduced, require_injective, require_spd)
    D, M = Matrix(3, 2, lambda k, i: Symbol(f"d{k + 1}{i + 1}", real=True)), _generic_square(3, "M", symmetric=True)
    u = _vector("u", 2)
    check.identity("uᵀ(DXᵀMDX)u = (DXu)ᵀM(DXu)", (u.T * D.T * M * D * u)[0], ((D * u).T * M * (D * u))[0],
                   scope="symbolic, n = 2, m = 3, generic DX, symmetric M, u")
    check.identity("(DXᵀMDX)ᵀ = DXᵀMDX for symmetric M", (D.T * M * D).T, D.T * M * D,
                   scope="symbolic, n = 2, m = 3, generic DX, symmetric M")

    def spd_on_instance(instance):
        A, Mi = instance
        return is_symmetric_positive_definite(reduced_mass_matrix(A * Matrix(_U[:A.cols]), _U[:A.cols], Mi))

    def shapes(shape):
        n, mm = shape
        jac = full_row_rank_matrices(n, mm, 3, 2).map(lambda B: B.T) if require_injective else rational_matrices(mm, n, 3, 2)
        masses = spd_matrices(mm, 2, 2) if require_spd else rational_matrices(mm, mm, 3, 2).map(lambda B: B + B.T)
        return st.tuples(jac, masses)

    sizes = st.sampled_from([(n, mm) for mm in range(1, max_m + 1) for n in range(1, mm + 1)])
    if samples:
        with check.supporting():  # the every-size identities decide
            check.property("DXᵀMDX is SPD for injective DX and SPD M (Sylvester's criterion, exact)",
                           sizes.flatmap(shapes), spd_on_instance, samples=samples,
                           describe=lambda inst: [sympy.sstr(inst[0]), sympy.sstr(inst[1])],
                           scope=f"randomized, exact rationals: DX of rank n (m×n), M SPD, 1 ≤ n ≤ m ≤ {max_m}")
    th = Symbol("theta", real=True)
    for label, X, coords, Mu in (("pendulum, M = mI", pendulum_parametrisation(th), [th], m * sympy.eye(2)),
                                 ("rolling disk, M = diag(m, I)", rolling_disk_parametrisation(PLANE_X), [PLANE_X],
                                  sympy.diag(m, inertia))):
        mass = reduced_mass_matrix(X, coords, Mu).applyfunc(lambda e: _pythagorean(e, coords[0]))
        check.fact(f"the reduced mass {sympy.sstr(mass[0])} of the {label} is SPD", is_symmetric_positive_definite(mass),
                   method="symbolic")
    if require_injective and require_spd:
        _reduced_mass_witnesses(check, injectivity_witness, definiteness_witness)
        return
    for required, (X, q, M), dropped in ((require_injective, injectivity_witness, "injectivity of DX"),
                                         (require_spd, definiteness_witness, "definiteness of M")):
        if not required:  # the claim without this hypothesis, on the instance that violates only it
            check.fact(f"without {dropped}: DXᵀMDX is SPD for X = {sympy.sstr(list(X))}, M = {sympy.sstr(M)}",
                       is_symmetric_positive_definite(reduced_mass_matrix(X, q, M)), method="symbolic")


def _reduced_mass_witnesses(check, injectivity_witness, definiteness_witness):
    X, q, M = injectivity_witness
    mass = reduced_mass_matrix(X, q, M)
    check.necessary(H_IMMERSION, f"X(q) = {sympy.sstr(list(X))}, q = {q}, M = {sympy.sstr(M)}",
                    violates=[("DX is not injective (generic rank < n)", not is_immersion(X, q), "symbolic")],
                    others_hold={H_MASS_SPD: [("M is SPD", is_symmetric_positive_definite(M), "symbolic")]},
                    conclusion_fails=[(f"DXᵀMDX = {sympy.sstr(mass.tolist())} is not positive definite",
                                       not is_symmetric_positive_definite(mass), "symbolic")])
    X, q, M = definiteness_witness
    mass = reduced_mass_matrix(X, q, M)
    check.necessary(H_MASS_SPD, f"X(q) = {sympy.sstr(list(X))}, q = {q}, M = {sympy.sstr(M)}",
                    violates=[("M is not positive definite", not is_symmetric_positive_definite(M), "symbolic")],
                    others_hold={H_IMMERSION: [("X is an immersion (det DXᵀDX > 0 everywhere)",
                                                is_immersion(X, q, everywhere=True), "symbolic")]},
                    conclusion_fails=[(f"DXᵀMDX = {sympy.sstr(mass.tolist())} is not positive definite",
                                       not is_symmetric_positive_definite(mass), "symbolic")])


@remark(REMARK_ID,
        title="The reduced mass matrix DXᵀMDX is symmetric positive definite",
        statement=r"If $DX(q)$ is injective and $M$ is symmetric positive definite, then $DX^{\mathsf T}MDX$ is "
                  r"symmetric positive definite on $\mathbb R^n$: for $u\ne0$, $DXu\ne0$ and "
                  r"$u^{\mathsf T}DX^{\mathsf T}MDXu=(DXu)^{\mathsf T}M(DXu)>0$. It is the reduced mass matrix of the "
                  r"planar pendulum ($ml^2$) and of the planar rolling disk ($m+I/a^2$); both hypotheses are needed.",
        source=f"{SEED001}: 'The matrix DXᵀMDX is symmetric and positive definite on ℝⁿ: for 0 ≠ u ∈ ℝⁿ, injectivity "
               "gives DXu ≠ 0 and uᵀDXᵀMDXu = (DXu)ᵀM(DXu) > 0; this is the reduced mass matrix used in ...'",
        uses=[COROLLARY_ID, IMMERSIONS_ID, "linalg.euclidean_inner_product"], assumes=[H_IMMERSION, H_MASS_SPD])
def _(check):
    check_reduced_mass_spd(check)


# ---------------------------------------------------------------------------
# cited: calculus.submersions_and_immersions  (#79)
# ---------------------------------------------------------------------------

def check_submersions_and_immersions(check, *, immersion_bound=lambda n, mm: n <= mm,
                                     submersion_bound=lambda n, mm: mm <= n, max_dim=4, samples=15):
    """Df injective (immersion) forces n ≤ m and Df surjective (submersion) forces m ≤ n, since rank Df ≤ min(m, n)."""
    X, (r, th) = _polar_map()
    check.fact("the polar map is an immersion on r > 0 (det DXᵀDX = r²)", is_immersion(X, [r, th], everywhere=True),
               method="symbolic")
    rr = Symbol("r", real=True)
    polar_real = X.xreplace({r: rr})
    check.fact("on ℝ² the polar map is not an immersion: DX is not injective at r = 0",
               is_immersion(polar_real, [rr, th], everywhere=True), method="symbolic", expect=False)
    check.fact("X(q1, q2) = q1 + q2 is not an immersion (rank 1 < 2)", is_immersion(Matrix([_Q2[0] + _Q2[1]]), _Q2),
               method="symbolic", expect=False)

    def rank_bounds(A):
        n, mm = A.cols, A.rows
        injective = bool(is_immersion(A * Matrix(_U[:n]), _U[:n], at=[0] * n))
        surjective = A.rank() == mm
        return (not injective or immersion_bound(n, mm)) and (not surjective or submersion_bound(n, mm))

    dims = st.tuples(st.integers(1, max_dim), st.integers(1, max_dim))
    check.property("immersions have n ≤ m and submersions m ≤ n (linear maps q ↦ Aq, A random m×n)",
                   dims.flatmap(lambda d: rational_matrices(d[0], d[1], 3, 2)), rank_bounds, samples=samples,
                   describe=sympy.sstr, scope=f"randomized, exact rationals, 1 ≤ m, n ≤ {max_dim}")


@cited(IMMERSIONS_ID, cited_kind="definition",
       title="Submersions and immersions between Euclidean open sets",
       statement=r"A $C^1$ map $f:U\subseteq\mathbb R^n\to\mathbb R^m$ is an immersion when $Df(p)$ is injective for "
                 r"every $p\in U$ and a submersion when $Df(p)$ is surjective for every $p$. Since "
                 r"$\operatorname{rank}Df(p)\le\min(m,n)$, an immersion forces $n\le m$ and a submersion $m\le n$.",
       source="cited: 001 'Submersions and immersions between Euclidean open sets'",
       uses=["calculus.jacobian_matrix_and_gradient"])
def _(check):
    check_submersions_and_immersions(check)


# ---------------------------------------------------------------------------
# cited: examples.ideal_planar_pendulum  (#81)
# ---------------------------------------------------------------------------

def _pendulum_energy(theta, omega):
    return m * l**2 * omega**2 / 2 - m * g * l * sympy.cos(theta)


def check_ideal_planar_pendulum(check, *, reduced_mass=m * l**2, equation=lambda th: -(g / l) * sympy.sin(th),
                                energy=_pendulum_energy, frequency_squared=g / l, amplitude=Rational(1, 10), dps=12,
                                values=(Rational(4), Rational(1)), measure_period=True):
    """X(θ) = (l sin θ, −l cos θ), M = mI, F = (0, −mg) in the reduced equation: the reduced mass, θ'', the energy,
    Lyapunov stability of θ = 0, ω² = g/l by linearisation and by the measured period of a small oscillation.

    ``values`` = (g, l) for the numerical trajectory (``measure_period=False`` skips it).
    """
    theta = Function("theta", real=True)(t)
    X = pendulum_parametrisation(theta)
    eq = reduced_dalembert_equation(X, [theta], t, m * sympy.eye(2), Matrix([0, -m * g]))
    th, om = sympy.symbols("theta omega", real=True)
    at_state = lambda e: _in_state(e, [theta], [(th, om)])  # noqa: E731
    scope = "symbolic, l, m, g > 0, every θ, θ'"
    pend = pendulum_constraint()
    on_circle = {PLANE_X: X[0], PLANE_Y: X[1]}
    trig = lambda e: _pythagorean(e, theta)  # noqa: E731
    check.identity("X(θ) lies on the pendulum constraint: G(X(θ)) = |X|² − l² = 0", trig(PENDULUM_G.xreplace(on_circle)),
                   0, scope=scope)
    check.identity("ideal reactions G_qᵀλ satisfy H7: G_q(X(θ))·DX(θ) = 0", pend.jacobian.xreplace(on_circle) * eq.jacobian,
                   sympy.zeros(1, 1), scope=scope)
    check.identity("reduced mass DXᵀ m I DX = m l²", trig(eq.mass[0]), reduced_mass, scope=scope)
    check.identity("generalized force DXᵀF = −m g l sin θ", at_state(eq.generalized_force[0]),
                   -m * g * l * sympy.sin(th), scope=scope)
    curvature_at_rest = eq.curvature.xreplace({theta.diff(t): 1}).xreplace({theta: 0})
    check.fact("X is not affine: X_qq[θ', θ'] = (0, l) ≠ 0 at θ = 0, θ' = 1", curvature_at_rest.is_zero_matrix is False,
               method="computation", detail=sympy.sstr(list(curvature_at_rest)))
    check.identity("yet the correction vanishes: DXᵀ m X_θθ θ'² = m θ'² X_θ·X_θθ = 0 (|X_θ| = l is constant)",
                   eq.correction[0], 0, scope=scope)
    theta_dd = trig(eq.acceleration()[0])
    accel = at_state(theta_dd)
    check.identity("θ'' = −(g/l) sin θ from the reduced equation", accel, equation(th), scope=scope)
    E = energy(th, om)
    check.identity("E = ½ m l² θ'² − m g l cos θ is conserved: dE/dt = E_θ θ' + E_θ' θ'' = 0 along the reduced equation",
                   E.diff(th) * om + E.diff(om) * accel, 0, scope=scope)
    kinetic = (X.diff(t).T * m * X.diff(t))[0] / 2
    check.identity("E = T + V with T = ½ m|x'|² and V = m g y", at_state(trig(kinetic + m * g * X[1])), E, scope=scope)
    _pendulum_lyapunov(check, E, th, om, accel)
    check.identity("linearisation at θ = 0: ω² = −d/dθ(θ'')(0) = g/l", -sympy.diff(accel, th).subs(th, 0),
                   frequency_squared, scope=scope)
    if measure_period:
        _pendulum_period(check, theta_dd, theta, frequency_squared, amplitude, dps, values)


def _pendulum_lyapunov(check, E, th, om, accel):
    """W = E − E(0, 0): W(0) = 0, ∇W(0) = 0, Hessian SPD (so W is positive definite near 0) and dW/dt = 0."""
    origin = {th: 0, om: 0}
    W = E - E.xreplace(origin)
    grad = Matrix([W.diff(th), W.diff(om)]).xreplace(origin)
    hess = sympy.hessian(W, (th, om)).xreplace(origin)
    vanishes = sympy.cancel(W.xreplace(origin)) == 0 and grad.applyfunc(sympy.cancel).is_zero_matrix
    definite = is_symmetric_positive_definite(hess)
    conserved = bool(reduce_residual(W.diff(th) * om + W.diff(om) * accel)[0])
    check.fact("W = E − E(0, 0) vanishes at (θ, θ') = (0, 0) with ∇W(0, 0) = 0", vanishes, method="symbolic")
    check.fact("the Hessian of W at (0, 0) is diag(m g l, m l²), SPD: W is positive definite near (0, 0)", definite,
               method="symbolic", detail=sympy.sstr(hess.tolist()))
    check.fact("Lyapunov's direct method: W positive definite near 0 and dW/dt = 0 along the reduced equation ⇒ "
               "θ = 0 is Lyapunov stable", vanishes and definite and conserved, method="symbolic")


def _pendulum_period(check, theta_dd, theta, frequency_squared, amplitude, dps, values):
    """Integrate θ'' = ``theta_dd`` (from the reduced equation) with mpmath odefun; the period between two zero crossings."""
    g_value, l_value = values
    numbers = {g: g_value, l: l_value, m: 1}
    th, om = Symbol("th", real=True), Symbol("om", real=True)
    rhs = theta_dd.xreplace(numbers).xreplace({theta.diff(t): om}).xreplace({theta: th})
    field = sympy.lambdify((th, om), rhs, modules="mpmath")
    with mpmath.workdps(dps):
        theta0 = mpmath.mpf(amplitude.p) / amplitude.q
        solution = mpmath.odefun(lambda _, y: [y[1], field(y[0], y[1])], 0, [theta0, mpmath.mpf(0)])
        claimed_period = 2 * mpmath.pi / mpmath.sqrt(mpmath.mpf(sympy.N(frequency_squared.xreplace(numbers), dps)))
        true_period = 2 * mpmath.pi * mpmath.sqrt(mpmath.mpf(l_value) / g_value)
        crossing = lambda guess: mpmath.findroot(lambda s: solution(s)[0], guess)  # noqa: E731
        period = 2 * (crossing(3 * true_period / 4) - crossing(true_period / 4))
        elliptic = 4 * mpmath.ellipk(mpmath.sin(theta0 / 2)**2) * mpmath.sqrt(mpmath.mpf(l_value) / g_value)
        integration_tolerance = mpmath.mpf(10) ** (3 - dps)
        scope = f"mpmath odefun, dps = {dps}, g = {g_value}, l = {l_value}, θ(0) = {amplitude}, θ'(0) = 0"
        check.numeric("measured period of a small oscillation = 2π√(l/g) within (θ₀²/8)·2π√(l/g)",
                      period - claimed_period, claimed_period * theta0**2 / 8, scope=scope,
                      detail=f"measured {mpmath.nstr(period, 10)}, 2π√(l/g) = {mpmath.nstr(claimed_period, 10)}")
        check.numeric("the measured period agrees with the exact 4K(sin²(θ₀/2))√(l/g)", period - elliptic,
                      integration_tolerance, scope=scope)
        check.fact("the finite-amplitude period is longer than 2π√(l/g) (by far more than the integration error)",
                   period - true_period > 100 * integration_tolerance, method="numerical",
                   detail=f"T − 2π√(l/g) = {mpmath.nstr(period - true_period, 6)}")


@cited(PENDULUM_ID, cited_kind="example",
       title="The ideal planar pendulum: equation of motion, conserved energy, Lyapunov stability and the frequency √(g/l)",
       statement=r"With $X(\theta)=(l\sin\theta,-l\cos\theta)$, $M=mI$, $F=(0,-mg)$ the reduced equation gives the "
                 r"reduced mass $ml^2$, a vanishing correction ($X$ is not affine, but $|X_\theta|=l$), "
                 r"$\theta''=-(g/l)\sin\theta$; $E=\tfrac12ml^2\theta'^2-mgl\cos\theta$ is conserved, $E-E(0)$ is a "
                 r"Lyapunov function for $\theta=0$, and the linearisation has frequency $\sqrt{g/l}$ (the measured "
                 r"period of a small oscillation is $2\pi\sqrt{l/g}$ up to $O(\theta_0^2)$ and longer at finite amplitude).",
       source="cited: 001 'The ideal planar pendulum: equation of motion, conserved energy, Lyapunov stability and the "
              "frequency √(g/l)'",
       uses=[COROLLARY_ID, REMARK_ID, "holonomic.pendulum_constraint_example"])
def _(check):
    check_ideal_planar_pendulum(check)


# ---------------------------------------------------------------------------
# cited: examples.planar_rolling_disk_acceleration  (#82)
# ---------------------------------------------------------------------------

def check_rolling_disk_acceleration(check, *, reduced_mass=m + inertia / radius**2,
                                    acceleration=lambda f: f / (m + inertia / radius**2), offsets=(0, offset)):
    """X(x) = (x, (x − c)/a) on x − aθ = c, M = diag(m, I), F = (f, 0): T = ½(m + I/a²)x'², x'' = f/(m + I/a²)."""
    f, speed = Symbol("f", real=True), Symbol("xdot", real=True)
    x = Function("x", real=True)(t)
    for c in offsets:
        X = rolling_disk_parametrisation(x, c)
        disk = rolling_disk_constraint(c)
        on_disk = {PLANE_X: X[0], DISK_THETA: X[1]}
        eq = reduced_dalembert_equation(X, [x], t, sympy.diag(m, inertia), Matrix([f, 0]))
        scope = f"symbolic, G = x − aθ − ({c}), a, m, I > 0"
        check.identity(f"X(x) lies on the constraint: G(X(x)) = 0 (c = {c})", disk.G.xreplace(on_disk), sympy.zeros(1, 1),
                       scope=scope)
        check.identity(f"ideal reactions G_qᵀλ satisfy H7: G_q·DX = 0 (c = {c})", disk.jacobian * eq.jacobian,
                       sympy.zeros(1, 1), scope=scope)
        check.identity(f"X is affine: correction 0 (c = {c})", eq.correction, sympy.zeros(1, 1), scope=scope)
        check.identity(f"reduced mass m + I/a² (c = {c})", eq.mass[0], reduced_mass, scope=scope)
        kinetic = (X.diff(t).T * sympy.diag(m, inertia) * X.diff(t))[0] / 2
        check.identity(f"T = ½ x'ᵀ M x' = ½(m + I/a²)x'² (c = {c})", _in_state(kinetic, [x], [(PLANE_X, speed)]),
                       reduced_mass * speed**2 / 2, scope=scope)
        check.identity(f"generalized force DXᵀF = f (c = {c})", eq.generalized_force[0], f, scope=scope)
        check.identity(f"x'' = f/(m + I/a²) (c = {c})", eq.acceleration()[0], acceleration(f), scope=scope)


@cited(DISK_ID, cited_kind="example",
       title="The planar rolling disk: the holonomic constraint x − aθ = const and the acceleration f/(m + I/a²)",
       statement=r"On the line $x-a\theta=c$ parametrised by $X(x)=(x,(x-c)/a)$, with $M=\operatorname{diag}(m,I)$ and "
                 r"$F=(f,0)$, the reduced equation has reduced mass $m+I/a^2$, generalized force $f$ and no correction: "
                 r"$T=\tfrac12(m+I/a^2)x'^2$ and $x''=f/(m+I/a^2)$.",
       source="cited: 001 'The planar rolling disk: the holonomic constraint x−aθ=const and the acceleration f/(m+I/a²)'",
       uses=[COROLLARY_ID, REMARK_ID, "holonomic.planar_rolling_disk_constraint_example"])
def _(check):
    check_rolling_disk_acceleration(check)
