"""Constraint principles of seed 002: virtual displacements, the d'Alembert and vakonomic prescriptions.

This file contains

* the cited definition ``lagrangian.time_dependent_chart_action_first_variation`` (the first
  variation of the action and the Euler--Lagrange operator);
* :func:`holonomic_virtual_displacements` -- a basis of ``ker ∂f/∂q`` at a fixed time, and the
  definition ``constraints.holonomic_virtual_displacements``;
* :func:`chetaev_virtual_displacements` -- a basis of ``ker A`` for the linear velocity constraint
  ``A q̇ + b = 0`` (the offset ``b`` does not enter), and the definition
  ``constraints.linear_velocity_constraint_chetaev``;
* the definitions ``constraints.lagrange_dalembert_equations`` and
  ``constraints.vakonomic_augmented_variation``: the toolkit's equations (:mod:`theorems.toolkit.variational`) are checked
  against first variations computed directly (d/dε of the Lagrangian along q + εη, μ + εν), which the cited
  fundamental lemma turns into the pointwise equations;
* the remarks ``constraints.holonomic_dalembert_vakonomic_agree`` (``λ = −μ̇`` for holonomic
  constraints, with a checked proof, for n ≤ 3; the multiplier correspondence for symbolic n), ``constraints.nonholonomic_prescriptions_differ_generally``,
  ``constraints.linear_velocity_not_automatically_integrable`` and the text items
  ``terminology.semiholonomic`` and ``external.goldstein_classical_mechanics``.

Each verifier is a plain function ``check_*(check, **claim)`` whose keyword parameters are the
data of the claim with the true values as defaults; soundness tests run it on mutated claims.
Coordinates are functions of the time Symbol ``t`` (``sympy.physics.mechanics`` style) except in
the pointwise constructions, which take plain Symbols.
"""
from __future__ import annotations

import sympy
from hypothesis import strategies as st
from sympy import QQ, Function, Matrix, Symbol
from sympy.polys.matrices import DomainMatrix
from sympy.polys.rings import ring as polynomial_ring

from checker import Proof, cited, definition, remark, stated
from checker.kernel.engine.randomized import OutsideDomain
from checker.kernel.engine.symbolic import jet_normalize
from theorems.foundations.analytic_facts import (CHAIN_AND_PRODUCT_RULES, FUNDAMENTAL_LEMMA, FUNDAMENTAL_THEOREM,
                                                 INVERSE_FUNCTION_THEOREM, SCHWARZ)
from theorems.foundations.frobenius import RHO_DPHI_ID, exterior_derivative, satisfies_frobenius_condition, wedge_one_two
from theorems.foundations.linalg import annihilator_proof, euclidean_inner_product, transpose_multiplier
from theorems.toolkit.linear_algebra import compose_polynomial, exact_rank
from theorems.toolkit.virtual_displacements import (  # noqa: F401 - the toolkit's constructions, re-exported
    _is_zero, chetaev_virtual_displacements, holonomic_virtual_displacements)
from theorems.toolkit.strategies import full_row_rank_matrices, polynomials, rational_matrices, rationals
from theorems.toolkit.variational import dalembert_equations, euler_lagrange, solve_multipliers, vakonomic_equations

__all__ = [
    "holonomic_virtual_displacements",
    "chetaev_virtual_displacements",
    "check_first_variation",
    "check_holonomic_virtual_displacements",
    "check_chetaev_virtual_displacements",
    "check_lagrange_dalembert_equations",
    "check_vakonomic_augmented_variation",
    "check_holonomic_prescriptions_agree",
    "check_nonholonomic_prescriptions_differ",
    "check_velocity_constraint_not_automatically_integrable",
]

t = Symbol("t")
m = Symbol("m", positive=True)


# ---------------------------------------------------------------------------
# helpers (the constructions are theorems.toolkit.virtual_displacements)
# ---------------------------------------------------------------------------

def _residuals(equations) -> Matrix:
    return Matrix([eq.lhs - eq.rhs for eq in equations])


def _along(expr, curve: dict, order: int = 2):
    """``expr`` along a curve ``{q_i(t): c_i(t)}``: derivatives up to ``order`` first, then positions."""
    pairs = []
    for k in range(order, 0, -1):
        pairs += [(qi.diff(t, k), ci.diff(t, k)) for qi, ci in curve.items()]
    pairs += list(curve.items())
    out = expr
    for old, new in pairs:
        out = out.subs(old, new)
    return out.doit()


def _at_state(expr, q, position, velocity, extra=None):
    """``expr`` at the state ``q = position, q̇ = velocity`` (and ``extra`` substitutions)."""
    pairs = [(qi.diff(t), v) for qi, v in zip(q, velocity)] + [(qi, p) for qi, p in zip(q, position)]
    out = sympy.sympify(expr)
    for old, new in list((extra or {}).items()) + pairs:
        out = out.subs(old, new)
    return sympy.cancel(out.doit())


def _partial_t(expr, q):
    """The explicit time derivative ``∂_t`` of an expression in ``(t, q)``: total derivative minus ``Σ ∂_i · q̇_i``."""
    return sympy.diff(expr, t) - sum((sympy.diff(expr, qi) * qi.diff(t) for qi in q), sympy.S.Zero)


# ---------------------------------------------------------------------------
# lagrangian.time_dependent_chart_action_first_variation  (catalogue #77)
# ---------------------------------------------------------------------------

def _first_variation_instances(n: int):
    T = Symbol("T")
    Q, W = list(sympy.symbols(f"Q1:{n + 1}")), list(sympy.symbols(f"W1:{n + 1}"))
    lagrangians = polynomials([T] + Q + W, max_degree=3, max_terms=4, min_terms=1, max_num=5, max_den=3)
    path = polynomials([T], max_degree=2, max_terms=3, max_num=5, max_den=3)
    paths = st.lists(path, min_size=n, max_size=n)
    return st.tuples(lagrangians, paths, paths), (T, Q, W)


def check_first_variation(check, *, boundary_term_sign=1, el_sign=1, endpoints_fixed=True, n=2):
    """d/ds L(t, q+sη, q̇+sη̇)|₀ = (L_q − d/dt L_v)·η + d/dt(L_v·η) (generic L); δS = ∫(L_q − d/dt L_v)·η dt."""
    q = [Function(f"q{i + 1}")(t) for i in range(n)]
    eta = [Function(f"eta{i + 1}")(t) for i in range(n)]
    s = Symbol("s")
    L = Function("L")
    on_path = L(t, *q, *(qi.diff(t) for qi in q))
    varied = L(t, *(qi + s * ei for qi, ei in zip(q, eta)), *(qi.diff(t) + s * ei.diff(t) for qi, ei in zip(q, eta)))
    L_q = [sympy.diff(on_path, qi) for qi in q]
    L_v = [sympy.diff(on_path, qi.diff(t)) for qi in q]
    L_v_rate = [p.diff(t) for p in L_v]  # d/dt L_v, computed once for both identities below
    first_variation = sympy.diff(varied, s).subs(s, 0)
    integration_by_parts = (sum(((L_q[i] - L_v_rate[i]) * eta[i] for i in range(n)), sympy.S.Zero)
                            + boundary_term_sign * sympy.diff(euclidean_inner_product(L_v, eta), t))
    scope = f"symbolic, generic L(t, q, v), generic q(t) and η(t), n = {n}"
    # both sides in jet coordinates (q, q', q'', η, η' as independent symbols), as the identity checker reduces them
    check.identity("first variation = (L_q − d/dt L_v)·η + d/dt(L_v·η)", jet_normalize(first_variation),
                   jet_normalize(integration_by_parts), scope=scope)
    check.identity("euler_lagrange(L) = d/dt L_v − L_q", Matrix(euler_lagrange(on_path, q, t)),
                   el_sign * Matrix([L_v_rate[i] - L_q[i] for i in range(n)]), scope=scope)
    # δS = ∫_a^b (first variation) dt = ∫_a^b (L_q − d/dt L_v)·η dt + [L_v·η]_a^b (fundamental theorem of calculus,
    # cited); the bracket vanishes for fixed endpoints
    a, b = sympy.symbols("a b", real=True)
    boundary = euclidean_inner_product(L_v, eta)
    bracket = boundary.subs(t, b) - boundary.subs(t, a)
    fixed = {e.subs(t, end): 0 for e in eta for end in (a, b)} if endpoints_fixed else {}
    check.identity("[L_v·η]_a^b = 0 when η(a) = η(b) = 0: δS = ∫_a^b (L_q − d/dt L_v)·η dt", bracket.subs(fixed), 0,
                   scope=scope + ", endpoints a, b",
                   context="∫_a^b d/dt(L_v·η) dt = [L_v·η]_a^b by the fundamental theorem of calculus")

    strategy, (T, Q, W) = _first_variation_instances(n)

    # exact polynomial arithmetic over QQ in (t, s): the same polynomials as the sympy expressions they stand for
    ring, t_, s_ = polynomial_ring([t, s], QQ)
    generators = [T] + Q + W

    def integrated(instance):
        lagrangian, paths, profiles = instance
        qs = [ring.from_expr(p.xreplace({T: t})) for p in paths]
        etas = [(t_ * (t_ - 1) if endpoints_fixed else ring.one) * ring.from_expr(p.xreplace({T: t})) for p in profiles]
        L_poly = sympy.Poly(lagrangian, *generators, domain=QQ)
        point = [t_] + qs + [qi.diff(t_) for qi in qs]
        gradient_q = [compose_polynomial(L_poly.diff(Qi).terms(), point, ring) for Qi in Q]
        gradient_v = [compose_polynomial(L_poly.diff(Wi).terms(), point, ring) for Wi in W]
        varied_point = ([t_] + [qi + s_ * ei for qi, ei in zip(qs, etas)]
                        + [qi.diff(t_) + s_ * ei.diff(t_) for qi, ei in zip(qs, etas)])
        first_variation = compose_polynomial(L_poly.terms(), varied_point, ring).diff(s_).subs(s_, 0)  # d/ds L(t, q + sη, q̇ + sη̇) at s = 0
        el_form = sum(((gradient_q[i] - gradient_v[i].diff(t_)) * etas[i] for i in range(n)), ring.zero)
        # ∫_0^1 of a polynomial in t, exactly (δS − ∫ EL·η is the integral of the difference): Σ c/(k+1) over c t^k
        integral = sum((c / (k + 1) for (k, _), c in (first_variation - el_form).terms()), QQ.zero)
        return QQ.to_sympy(integral)

    with check.supporting():  # exact integration on polynomial instances: a cross-check of the symbolic argument above
        _integrated_first_variation(check, strategy, integrated, endpoints_fixed, n)


def _integrated_first_variation(check, strategy, integrated, endpoints_fixed, n):
    check.property("δS = ∫_0^1 (L_q − d/dt L_v)·η dt for η(0) = η(1) = 0", strategy, integrated, samples=10,
                   describe=lambda inst: {"L": sympy.sstr(inst[0]), "q": [sympy.sstr(p) for p in inst[1]],
                                          "eta/(t(t-1))" if endpoints_fixed else "eta":
                                              [sympy.sstr(p) for p in inst[2]]},
                   scope=f"{check.instances(10)} instances; " + "randomized, exact: polynomial L(t,q,v) of degree ≤ 3, polynomial q, "
                         + ("η = t(t−1)·polynomial" if endpoints_fixed else "η polynomial (endpoints free)")
                         + f", interval [0, 1], n = {n}")


@cited("lagrangian.time_dependent_chart_action_first_variation", cited_kind="definition",
       title="A time-dependent Lagrangian chart, its action functional and its fixed-endpoint first variations",
       statement=r"For a chart $(O, \mathcal L)$, $O \subseteq \mathbb R\times\mathbb R^n\times\mathbb R^n$ open, "
                 r"$\mathcal L \in C^2$, the action is $S[q] = \int_a^b \mathcal L(t, q, \dot q)\,dt$. For "
                 r"$\eta$ with $\eta(a) = \eta(b) = 0$: $\frac{d}{ds}\mathcal L(t, q+s\eta, \dot q+s\dot\eta)|_{s=0}"
                 r" = (\mathcal L_q - \frac{d}{dt}\mathcal L_v)\cdot\eta + \frac{d}{dt}(\mathcal L_v\cdot\eta)$, hence "
                 r"$\delta S = \int_a^b (\mathcal L_q - \frac{d}{dt}\mathcal L_v)\cdot\eta\,dt$, and the "
                 r"Euler--Lagrange operator is $EL(\mathcal L) = \frac{d}{dt}\mathcal L_v - \mathcal L_q$.",
       source="cited: 001 'A time-dependent Lagrangian chart, its action functional and its fixed-endpoint first "
              "variations'",
       uses=["linalg.euclidean_inner_product", FUNDAMENTAL_LEMMA, FUNDAMENTAL_THEOREM])
def _(check):
    check_first_variation(check)


# ---------------------------------------------------------------------------
# constraints.holonomic_virtual_displacements  (catalogue #30)
# ---------------------------------------------------------------------------

def _holonomic_instances(max_n: int):
    symbols = sympy.symbols(f"T q0:{max_n}")

    def for_n(n):
        coords = list(symbols[1:n + 1])
        return st.tuples(st.just(n), polynomials([symbols[0]] + coords, max_degree=3, max_terms=5, min_terms=1),
                         st.lists(rationals(), min_size=n + 1, max_size=n + 1))
    return st.integers(2, max_n).flatmap(for_n), symbols


def check_holonomic_virtual_displacements(check, *, construction=holonomic_virtual_displacements,
                                          dropped_velocity_term=None, max_n=4):
    """Virtual displacements of ``f(q, t) = 0`` are ``ker ∂f/∂q`` at fixed t; velocities of curves in {f = 0} lie in it."""
    strategy, symbols = _holonomic_instances(max_n)
    T = symbols[0]

    def kernel_of_gradient(instance):
        n, f, values = instance
        coords = list(symbols[1:n + 1])
        point = dict(zip([T] + coords, values))
        gradient = Matrix([[sympy.diff(f, qi).subs(point) for qi in coords]])
        if gradient.is_zero_matrix:
            raise OutsideDomain("critical point: ∇f = 0")
        basis = construction(f, coords, at=point)
        if len(basis) != n - 1:
            return False
        if any(Matrix(d).shape != (n, 1) or (gradient * Matrix(d))[0, 0] != 0 for d in basis):
            return False
        return Matrix.hstack(*[Matrix(d) for d in basis]).rank() == n - 1

    check.property("basis of ker ∂f/∂q at a regular point: n − 1 independent δ with ∇f·δ = 0", strategy,
                   kernel_of_gradient, describe=lambda inst: {"n": inst[0], "f": sympy.sstr(inst[1]),
                                                              "point (T, q)": [str(v) for v in inst[2]]},
                   scope=f"randomized, exact rationals: polynomial f(T, q) of degree ≤ 3, n = 2..{max_n}, "
                         "random rational (T, q) with ∇_q f ≠ 0")

    # Generic f: the construction is ker of the gradient.
    X, Y, Z = sympy.symbols("X Y Z")
    F = Function("f")
    generic = construction(F(X, Y, Z), [X, Y, Z])
    gradient = Matrix([[sympy.diff(F(X, Y, Z), v) for v in (X, Y, Z)]])
    check.fact("generic f(X,Y,Z): two kernel vectors", len(generic) == 2, method="computation",
               scope="symbolic, generic f, n = 3 (where f_X ≠ 0)")
    check.identity("generic f(X,Y,Z): ∇f·δ = 0 for the kernel basis", gradient * Matrix.hstack(*generic),
                   sympy.zeros(1, len(generic)), scope="symbolic, generic f, n = 3 (where f_X ≠ 0)")

    # A curve in the level set {f = 0} has its velocity in ker ∂f/∂q.
    q = [Function(name)(t) for name in ("x", "y", "z")]
    grad_on_curve = [sympy.diff(F(*q), qi) for qi in q]
    terms = [g * qi.diff(t) for g, qi in zip(grad_on_curve, q)]
    if dropped_velocity_term is not None:
        terms = [term for i, term in enumerate(terms) if i != dropped_velocity_term]
    velocity_condition = sum(terms, sympy.S.Zero)
    scope = "symbolic, generic f and curve q(t), n = 3"
    check.identity("chain rule: d/dt f(q(t)) = ∂f/∂q · q̇", sympy.diff(F(*q), t), velocity_condition, scope=scope)
    p = Proof("velocity of a curve in a level set")
    p.suppose("on_level_set", (F(*q), 0), along=t, note="the curve stays in {f = 0} (scleronomic f)")
    p.differentiate("tangent", "on_level_set", t, (velocity_condition, 0), note="d/dt of the hypothesis")
    p.conclude("tangent")
    check.proof("f(q(t)) ≡ 0 ⇒ ∂f/∂q · q̇ = 0, i.e. q̇ ∈ ker ∂f/∂q", p, scope=scope)

    G = Function("g")
    rheonomic = G(t, *q)
    grad_g = [sympy.diff(rheonomic, qi) for qi in q]
    f_t = _partial_t(rheonomic, q)
    check.fact("∂_t g is the explicit-time Subs, free of velocities", not any(f_t.has(qi.diff(t)) for qi in q),
               method="computation", scope="symbolic, generic g(t, q), n = 3")
    p = Proof("velocity of a curve in a moving level set")
    p.suppose("on_moving_level_set", (rheonomic, 0), along=t, note="g(t, q(t)) ≡ 0")
    p.differentiate("affine_condition", "on_moving_level_set", t,
                    (sum((gi * qi.diff(t) for gi, qi in zip(grad_g, q)), sympy.S.Zero) + f_t, 0),
                    note="∂g/∂q · q̇ = −∂_t g: at fixed t, differences of such velocities lie in ker ∂g/∂q")
    p.conclude("affine_condition")
    check.proof("g(t, q(t)) ≡ 0 ⇒ ∂g/∂q · q̇ + ∂_t g = 0", p, scope="symbolic, generic g(t, q) and q(t), n = 3")


@definition("constraints.holonomic_virtual_displacements",
            title="Virtual displacements of a holonomic constraint",
            statement=r"A holonomic constraint $f(q, t) = 0$ confines configurations to a surface; its virtual "
                      r"displacements at fixed $t$ are the tangent vectors $\delta q$ with "
                      r"$\sum_i \frac{\partial f}{\partial q_i}\delta q_i = 0$, i.e. "
                      r"$\delta q \in \ker \partial f/\partial q$.",
            source="seed 002_3134e4ba07f0f65c.txt: 'The two kinds of constraint' — 'The associated virtual displacements are tangent to "
                   "that surface: ∂f/∂q_i δq_i = 0'")
def _(check):
    check_holonomic_virtual_displacements(check)


# ---------------------------------------------------------------------------
# constraints.linear_velocity_constraint_chetaev  (catalogue #31)
# ---------------------------------------------------------------------------

def _chetaev_instances(max_k: int, max_n: int):
    sizes = [(k, n) for k in range(1, max_k + 1) for n in range(k + 1, max_n + 1)]
    return st.sampled_from(sizes).flatmap(lambda size: st.tuples(
        full_row_rank_matrices(*size), rational_matrices(size[0], 1),
        rational_matrices(size[1], 1), rational_matrices(size[1], 1)))


def _over_QQ(M) -> DomainMatrix:
    """A Matrix of rationals as a DomainMatrix over QQ (the same entries)."""
    return DomainMatrix.from_Matrix(M).convert_to(QQ)


def check_chetaev_virtual_displacements(check, *, construction=chetaev_virtual_displacements, offset_in_condition=0,
                                        max_k=3, max_n=5):
    """Differences of admissible velocities of ``A v + b = 0`` (frozen t, q) span ``ker A``; b does not enter."""

    def differences_are_virtual(instance):
        A, b, w1, w2 = instance
        k, n = A.shape
        # the rational data as exact matrices over QQ (the same rationals; solves and products exact)
        A_q, b_q = _over_QQ(A), _over_QQ(b)
        gram = A_q * A_q.transpose()

        def admissible(w):  # the point of {v : A v + b = 0} nearest to w, and A v + b (zero when it is admissible)
            w_q = _over_QQ(w)
            v = w_q - A_q.transpose() * gram.lu_solve(A_q * w_q + b_q)
            return v, A_q * v + b_q
        (v1, r1), (v2, r2) = admissible(w1), admissible(w2)
        if not (r1.is_zero_matrix and r2.is_zero_matrix):
            raise ArithmeticError("projection onto the admissible velocities failed")
        basis = construction(A, b)
        if len(basis) != n - k:
            return False
        K = Matrix.hstack(*[Matrix(d) for d in basis]) if basis else sympy.zeros(n, 0)
        difference = (v1 - v2).to_Matrix()
        condition = A * difference + offset_in_condition * b  # the claimed condition on δ = v1 − v2
        in_span = exact_rank(Matrix.hstack(K, difference)) == exact_rank(K) == n - k
        other = construction(A, 2 * b + Matrix.ones(k, 1))  # another offset: the same displacements
        K_other = Matrix.hstack(*[Matrix(d) for d in other]) if other else sympy.zeros(n, 0)
        same_for_other_offset = exact_rank(K_other) == n - k and (A * K_other).is_zero_matrix
        return condition.is_zero_matrix and in_span and (A * K).is_zero_matrix and same_for_other_offset

    check.property("v1 − v2 ∈ ker A = span(construction) for admissible v1, v2; b does not enter",
                   _chetaev_instances(max_k, max_n), differences_are_virtual,
                   describe=lambda inst: [sympy.sstr(mat) for mat in inst],
                   scope=f"randomized, exact rationals: A of rank k, k = 1..{max_k}, n = k+1..{max_n}, random b, "
                         "admissible velocities = projections of random vectors onto {A v + b = 0}")

    A = Matrix([[1, 2, 3], [0, 1, 1]])
    rejected = []
    for label, call in (("offset of length 3 for k = 2", lambda: construction(A, [1, 2, 3])),
                        ("2 coordinates for n = 3", lambda: construction(A, [1, 2], coords=sympy.symbols("u v")))):
        try:
            call()
        except ValueError:
            rejected.append(label)
    check.fact("rejects non-matching shapes (ValueError)", len(rejected) == 2, method="computation",
               detail=f"rejected: {rejected}")


@definition("constraints.linear_velocity_constraint_chetaev",
            title="Linear velocity constraints and Chetaev virtual displacements",
            statement=r"A constraint linear in the velocities, $\sum_i A_{ai}(q,t)\dot q_i + b_a(q,t) = 0$, is "
                      r"nonholonomic if it cannot be integrated to coordinate constraints. Its (d'Alembert--Chetaev) "
                      r"virtual displacements at fixed $t$ are the $\delta q$ with $\sum_i A_{ai}(q,t)\delta q_i = 0$; "
                      r"$b_a$ does not appear, since the condition concerns one instant.",
            source="seed 002_3134e4ba07f0f65c.txt: 'The two kinds of constraint' — 'A standard d'Alembert–Chetaev treatment restricts "
                   "virtual displacements at a fixed time by Σ_i A_ai δq_i = 0 … b_a does not appear'")
def _(check):
    check_chetaev_virtual_displacements(check)


# ---------------------------------------------------------------------------
# constraints.lagrange_dalembert_equations  (catalogue #32)
# ---------------------------------------------------------------------------

def check_lagrange_dalembert_equations(check, *, reaction_sign=1, potential_sign=1, mass_factor=1,
                                       virtual_displacements=chetaev_virtual_displacements, rows=(1, 2),
                                       derivation_rows=(1,), variation_rows=(1,)):
    """``dalembert_equations`` for ``L = ½m|q̇|² − V(q)`` give ``m q̈ + ∇V = Aᵀλ``; the reaction does no virtual work.

    For ``k`` in ``variation_rows`` and a generic ``L(t, q, q̇)``: the first variation of L, computed by differentiating
    ``L(t, q + εη, q̇ + εη̇)`` in ε, is ``−(dynamics residual)·η − λ·(Aη) + d/dt(L_q̇·η)``; so for Chetaev variations
    (Aη = 0, fixed endpoints) δS = −∫(dynamics residual)·η dt, and the d'Alembert equations are the stationarity
    condition (fundamental lemma, cited, then the multiplier lemma below).

    For ``k`` in ``derivation_rows`` the derivation is also checked: ``EL(L) ⟂ ker A`` (the Chetaev principle
    after the fundamental lemma) gives ``EL(L) = Aᵀμ`` with ``μ = (AAᵀ)⁻¹A·EL(L)`` (the proof of the
    multiplier lemma, run on the generic A(q)); and that multiplier is unique.
    """
    q = [Function(name)(t) for name in ("x", "y", "z")]
    V = Function("V")(*q)
    L = m * sum((qi.diff(t) ** 2 for qi in q), sympy.S.Zero) / 2 - V
    velocities = Matrix([qi.diff(t) for qi in q])
    for k in variation_rows:
        _check_dalembert_variation(check, q, k, reaction_sign)
    for k in rows:
        A = Matrix(k, 3, lambda a, i: Function(f"A{a + 1}{i + 1}")(*q))
        b = Matrix(k, 1, lambda a, _: Function(f"b{a + 1}")(*q))
        eqs = dalembert_equations(L, q, t, A, b)
        lam = Matrix(eqs.multipliers)
        scope = f"symbolic, n = 3, k = {k}, generic V(q), A(q) ({k}×3), b(q)"
        claimed = (mass_factor * m * Matrix([qi.diff(t, 2) for qi in q])
                   + potential_sign * Matrix([sympy.diff(V, qi) for qi in q]) - reaction_sign * A.T * lam)
        check.identity(f"m q̈ + ∇V = Aᵀλ (k = {k})", _residuals(eqs.dynamics), claimed, scope=scope,
                       context="the right side is free of b: the offset enters only through the constraint row")
        check.identity(f"solved together with A q̇ + b = 0 (k = {k})", _residuals(eqs.constraints), A * velocities + b,
                       scope=scope)
        check.identity(f"the multiplier is unique: (AAᵀ)⁻¹A(Aᵀλ) = λ (k = {k})",
                       transpose_multiplier(A, A.T * lam), lam,
                       scope=scope + " (where det AAᵀ ≠ 0)")
        if k in derivation_rows:
            el = Matrix(euler_lagrange(L, q, t))
            check.proof(f"EL(L) ⟂ ker A ⇒ EL(L) = Aᵀ(AAᵀ)⁻¹A·EL(L) (k = {k})", annihilator_proof(A, el), scope=scope)
        reaction = Matrix([eq.rhs for eq in eqs.dynamics])
        basis = virtual_displacements(A)
        check.fact(f"ker A has dimension 3 − {k} (k = {k})", len(basis) == 3 - k, method="computation", scope=scope)
        check.identity(f"reaction does zero virtual work on ker A (k = {k})",
                       Matrix([[euclidean_inner_product(reaction, d) for d in basis]]), sympy.zeros(1, len(basis)),
                       scope=scope + ", δ from a basis of ker A (where the generic rank is k)")


def _check_dalembert_variation(check, q, k, reaction_sign):
    """δL = −r·η − λ·(Aη) + d/dt(L_q̇·η) for generic L(t, q, q̇) and A(t, q), r the d'Alembert dynamics residual."""
    n = len(q)
    velocities = [qi.diff(t) for qi in q]
    Lf = Function("L")
    L = Lf(t, *q, *velocities)
    A = Matrix(k, n, lambda a, i: Function(f"A{a + 1}{i + 1}")(t, *q))
    eqs = dalembert_equations(L, q, t, A)
    lam = Matrix(eqs.multipliers)
    eps = Symbol("epsilon")
    eta = Matrix([Function(f"eta{i + 1}")(t) for i in range(n)])
    varied = [qi + eps * e for qi, e in zip(q, eta)]
    first_variation = sympy.diff(Lf(t, *varied, *(sympy.diff(v, t) for v in varied)), eps).subs(eps, 0)
    residual = Matrix([eq.lhs - eq.rhs for eq in eqs.dynamics])
    boundary = sympy.diff(euclidean_inner_product([sympy.diff(L, v) for v in velocities], eta), t)
    claimed = -(residual.T * eta)[0, 0] - reaction_sign * (lam.T * A * eta)[0, 0] + boundary
    check.identity(f"δL = −(d'Alembert residual)·η − λ·(Aη) + d/dt(L_q̇·η) (generic L, k = {k})",
                   jet_normalize(first_variation), jet_normalize(claimed),
                   scope=f"symbolic, generic L(t, q, q̇), A(t, q) ({k}×{n}), η(t)",
                   context="for Aη = 0 and η(t1) = η(t2) = 0: δS = −∫ residual·η dt")


@definition("constraints.lagrange_dalembert_equations",
            title="The Lagrange–d'Alembert equations (Chetaev variations, fixed endpoints)",
            statement=r"For ideal constraints treated with the d'Alembert--Chetaev rule, $S = \int_{t_1}^{t_2} "
                      r"L(q,\dot q,t)\,dt$ is varied over virtual displacements with $\sum_i A_{ai}\delta q_i = 0$ and "
                      r"zero endpoint variations; this gives $\frac{d}{dt}\frac{\partial L}{\partial\dot q_i} - "
                      r"\frac{\partial L}{\partial q_i} = \sum_a \lambda_a A_{ai}$, to be solved together with "
                      r"$\sum_i A_{ai}\dot q_i + b_a = 0$. The multipliers represent the ideal constraint forces "
                      r"(up to the sign convention); the reaction $A^{\mathsf T}\lambda$ does no virtual work.",
            source="seed 002_3134e4ba07f0f65c.txt: 'What variational principle is being used?' — 'This gives the Lagrange–d'Alembert "
                   "equations d/dt ∂L/∂q̇_i − ∂L/∂q_i = Σ_a λ_a A_ai'",
            uses=["constraints.linear_velocity_constraint_chetaev",
                  "lagrangian.time_dependent_chart_action_first_variation"],
            proof_uses=[FUNDAMENTAL_LEMMA, "linalg.annihilator_of_kernel_transpose_multiple"])
def _(check):
    check_lagrange_dalembert_equations(check)


# ---------------------------------------------------------------------------
# constraints.vakonomic_augmented_variation  (catalogue #33)
# ---------------------------------------------------------------------------

def check_vakonomic_augmented_variation(check, *, constraint_sign=1, include_offset=True, include_curl=True,
                                        boundary_sign=1, n=2, equations=vakonomic_equations):
    """``L_aug = L + μ(A q̇ + b)``: its first variations, computed directly, are ``ν·(A q̇ + b)`` in μ and
    ``−vakonomic_equations·η + d/dt(boundary)`` in q; and the expanded vakonomic equations.

    The first variation ``d/dε L_aug(t, q + εη, q̇ + εη̇, μ + εν)|_{ε=0}`` is computed by differentiating in ε (not with
    :func:`euler_lagrange`), and the boundary term ``(∂L/∂q̇ + μA)·η`` is written out by hand.  With fixed endpoints the
    boundary term integrates to 0, so by the fundamental lemma of the calculus of variations (cited) the stationary
    paths are exactly the zeros of the constraint row and of ``vakonomic_equations``' dynamics.
    """
    q = [Function(name)(t) for name in ("x", "y", "z")[:n]]
    velocities = Matrix([qi.diff(t) for qi in q])
    Lf = Function("L")
    L = Lf(t, *q, *velocities)
    A = Matrix([[Function(f"a{i + 1}")(t, *q) for i in range(n)]])
    b = Function("b")(t, *q)
    constraint = (A * velocities)[0, 0] + b
    eqs = equations(L, q, t, A, [b])
    mu = eqs.multipliers[0]
    scope = f"symbolic, generic L(t, q, q̇), a_i and b of (t, q), μ(t), η(t), ν(t), k = 1, n = {n}"

    # the augmented Lagrangian of the statement, along the varied path (q + εη, μ + εν)
    eps = Symbol("epsilon")
    eta = [Function(f"eta{i + 1}")(t) for i in range(n)]
    nu = Function("nu")(t)
    varied_q = {qi: qi + eps * ei for qi, ei in zip(q, eta)}

    def augmented(path, multiplier):
        qs = [path.get(qi, qi) for qi in q]
        vs = [sympy.diff(qv, t) for qv in qs]
        row = [Function(f"a{i + 1}")(t, *qs) for i in range(n)]
        offset = Function("b")(t, *qs) if include_offset else 0
        return Lf(t, *qs, *vs) + multiplier * (sum((r * v for r, v in zip(row, vs)), sympy.S.Zero) + offset)

    mu_variation = sympy.diff(augmented({}, mu + eps * nu), eps).subs(eps, 0)
    constraint_row = eqs.constraints[0].lhs - eqs.constraints[0].rhs
    check.identity("δ_μ L_aug = ν·(A q̇ + b): varying μ gives back the constraint row of vakonomic_equations",
                   jet_normalize(mu_variation), jet_normalize(constraint_sign * nu * constraint_row), scope=scope,
                   context="d/dε L_aug(q, μ + εν) at ε = 0")
    q_variation = sympy.diff(augmented(varied_q, mu), eps).subs(eps, 0)
    momenta = [sympy.diff(L, v) + mu * A[0, i] for i, v in enumerate(velocities)]  # ∂L_aug/∂q̇_i, by hand
    boundary = sympy.diff(sum((p_i * e_i for p_i, e_i in zip(momenta, eta)), sympy.S.Zero), t)
    dynamics = [eq.lhs - eq.rhs for eq in eqs.dynamics]
    integrated_by_parts = -sum((r * e for r, e in zip(dynamics, eta)), sympy.S.Zero) + boundary_sign * boundary
    check.identity("δ_q L_aug = −Σ_i vakonomic_i·η_i + d/dt((∂L/∂q̇ + μA)·η)", jet_normalize(q_variation),
                   jet_normalize(integrated_by_parts), scope=scope,
                   context="with η(t1) = η(t2) = 0 the last term integrates to 0; the fundamental lemma gives the equations")
    el = euler_lagrange(L, q, t)
    explicit = []
    for i, qi in enumerate(q):
        curl = sum(((sympy.diff(A[0, j], qi) - sympy.diff(A[0, i], qj)) * qj.diff(t) for j, qj in enumerate(q)),
                   sympy.S.Zero)
        explicit.append(el[i] + mu.diff(t) * A[0, i]
                        + mu * (_partial_t(A[0, i], q) - sympy.diff(b, qi) - (curl if include_curl else 0)))
    check.identity("EL_i(L_aug) = EL_i(L) + μ̇A_i + μ(∂_tA_i − ∂_ib + Σ_j(∂_jA_i − ∂_iA_j)q̇_j)",
                   _residuals(eqs.dynamics), Matrix(explicit), scope=scope,
                   context="the μ·curl term is what the d'Alembert equations lack")


@definition("constraints.vakonomic_augmented_variation",
            title="The vakonomic (augmented-Lagrangian) variation",
            statement=r"With $L_{\mathrm{aug}} = L + \mu_a(\sum_i A_{ai}\dot q_i + b_a)$, vary the coordinates and "
                      r"the multipliers $\mu_a$ independently; the $\mu$-variation gives back the constraint "
                      r"$\sum_i A_{ai}\dot q_i + b_a = 0$ and the $q$-variation gives "
                      r"$EL_q(L_{\mathrm{aug}}) = 0$ (the vakonomic equations).",
            source="seed 002_3134e4ba07f0f65c.txt: 'What variational principle is being used?' — 'requiring every varied path to satisfy "
                   "the nonholonomic velocity constraint … often called the vakonomic approach'; worked example "
                   "'L_aug = L + μ(ẏ − xż) … as well as the multiplier μ (whose variation imposes ẏ − xż = 0)'",
            uses=["constraints.linear_velocity_constraint_chetaev",
                  "lagrangian.time_dependent_chart_action_first_variation", FUNDAMENTAL_LEMMA])
def _(check):
    check_vakonomic_augmented_variation(check)


# ---------------------------------------------------------------------------
# constraints.holonomic_dalembert_vakonomic_agree  (catalogue #37)
# ---------------------------------------------------------------------------

HOLONOMIC_AGREE_SIZES = ((2, 1), (3, 1), (3, 2))


def check_holonomic_prescriptions_agree(check, *, identity_sign=1, multiplier_relation_sign=-1,
                                        sizes=HOLONOMIC_AGREE_SIZES, elimination_sign=1):
    """For ``f(t, q) = 0`` (k rows), for every n and k: ``EL(L + μ·ḟ) = EL(L) + Gᵀμ̇`` (G = ∂f/∂q), so the vakonomic
    equations are d'Alembert's with ``λ = −μ̇``; and eliminating coordinates (q = ψ(t, s) on the constraint
    submanifold, s ∈ R^d, d = n − k) gives ``EL_s(L∘ψ) = ΨᵀEL_q(L)``, Ψ = D_sψ a basis of ker G, whose vanishing is
    ``EL_q(L) = Gᵀλ`` for some λ: the same constrained equations.  Matrix identities of symbolic shape (the
    derivative objects opaque, related by the cited chain rule and Schwarz's symmetry); the calculus identity and the
    checked proof for generic f, V at (n, k) in ``sizes`` support.
    """
    _check_holonomic_agree_every_size(check, identity_sign, multiplier_relation_sign, elimination_sign)
    # the same identities with sympy's differentiation, generic f and V, at fixed sizes: supporting, recorded after
    # every claim check (a sweep followed by a claim check bounds the verdict's scope to its sizes)
    with check.supporting():
        for n, k in check.sweep(sizes):
            _check_holonomic_agree_size(check, n, k, identity_sign, multiplier_relation_sign)


def _check_holonomic_agree_every_size(check, identity_sign, multiplier_relation_sign, elimination_sign):
    """The multiplier and the elimination forms of #37 for every n, k (see :func:`check_holonomic_prescriptions_agree`)."""
    nn, kk, dd = sympy.symbols("n k d", integer=True, positive=True)
    MS = sympy.MatrixSymbol
    E, G, G_t, G_q = MS("E", nn, 1), MS("G", kk, nn), MS("G_t", kk, nn), MS("DG_qdot", kk, nn)
    mu, rate = MS("mu", kk, 1), MS("mu_dot", kk, 1)
    rules = f"the cited chain rule of every size ({CHAIN_AND_PRODUCT_RULES}) and Schwarz's symmetry ({SCHWARZ})"
    scope = f"every n, k (MatrixSymbols); {rules}"
    # EL(μ·ḟ), ḟ = f_t + G q̇: ∂/∂q̇ = Gᵀμ, d/dt(Gᵀμ) = Ġᵀμ + Gᵀμ̇ with Ġ = ∂_tG + ∂_qG[q̇]; ∂/∂q = (∂_q f_t)ᵀμ +
    # (∂_q(G q̇))ᵀμ = (∂_tG)ᵀμ + (∂_qG[q̇])ᵀμ by Schwarz (∂_i∂_t f = ∂_t∂_i f, ∂_i∂_j f = ∂_j∂_i f)
    el_of_term = (G_t + G_q).T * mu + G.T * rate - (G_t.T * mu + G_q.T * mu)
    check.identity("EL(L + μ·ḟ) = EL(L) + Gᵀμ̇: EL(μ·ḟ) = d/dt(Gᵀμ) − ∂_q(μ·ḟ) = Gᵀμ̇ (every n, k)",
                   E + el_of_term, E + identity_sign * G.T * rate, scope=scope)
    check.identity("the vakonomic equations E + Gᵀμ̇ = 0 are d'Alembert's E − Gᵀλ = 0 with λ = −μ̇ (every n, k)",
                   E + G.T * rate, E - G.T * (multiplier_relation_sign * rate), scope=scope)
    # elimination: q = ψ(t, s), Ψ = D_sψ (n×d), p = ∂L/∂q̇, ṗ its time derivative, L_q = ∂L/∂q along q = ψ(t, s)
    Psi, Psi_dot = MS("Psi", nn, dd), MS("Psi_dot", nn, dd)
    p, p_dot, L_q = MS("p", nn, 1), MS("p_dot", nn, 1), MS("L_q", nn, 1)
    # L̃(t, s, ṡ) = L(t, ψ, ψ_t + Ψṡ): ∂L̃/∂ṡ = Ψᵀp, ∂L̃/∂s = ΨᵀL_q + (∂_s(ψ_t + Ψṡ))ᵀp = ΨᵀL_q + Ψ̇ᵀp (Schwarz)
    reduced_el = (Psi_dot.T * p + Psi.T * p_dot) - (Psi.T * L_q + Psi_dot.T * p)
    check.identity("elimination: EL_s(L∘ψ) = d/dt(Ψᵀp) − ΨᵀL_q − Ψ̇ᵀp = Ψᵀ EL_q(L) (every n, d)", reduced_el,
                   elimination_sign * Psi.T * (p_dot - L_q), scope=f"every n, d (MatrixSymbols); {rules}")
    # Ψ spans ker G: in the slice chart of the implicit function theorem G = [A_u A_v], A_v invertible, Ψ = [I; −A_v⁻¹A_u]
    A_u, A_v = MS("A_u", kk, dd), MS("A_v", kk, kk)
    E_u, E_v = MS("E_u", dd, 1), MS("E_v", kk, 1)
    lower = -A_v.I * A_u
    lam = A_v.I.T * E_v
    kernel_scope = ("every k and d = n − k (MatrixSymbols), G = [A_u A_v] with A_v invertible (rank k; slice chart of "
                    f"the implicit function theorem, from {INVERSE_FUNCTION_THEOREM})")
    check.identity("elimination: GΨ = A_u + A_v(−A_v⁻¹A_u) = 0 (Ψ tangent: d/ds f(t, ψ(t, s)) = 0)",
                   A_u + A_v * lower, sympy.ZeroMatrix(kk, dd), scope=kernel_scope)
    check.identity("elimination: with λ = A_v⁻ᵀE_v, the u-block of Gᵀλ − E is −ΨᵀE, so ΨᵀE = 0 gives E = Gᵀλ",
                   A_u.T * lam - E_u, -(E_u + lower.T * E_v), scope=kernel_scope)
    check.identity("elimination: the v-block of Gᵀλ − E vanishes, A_vᵀλ = E_v", A_v.T * lam, E_v, scope=kernel_scope)
    check.identity("elimination: conversely Ψᵀ(Gᵀλ) = (GΨ)ᵀλ = 0: multiplier equations satisfy the reduced ones",
                   (A_u.T + lower.T * A_v.T) * MS("l", kk, 1), sympy.ZeroMatrix(dd, 1), scope=kernel_scope)


def _check_holonomic_agree_size(check, n, k, identity_sign, multiplier_relation_sign):
    q = [Function(name)(t) for name in ("x", "y", "z")[:n]]
    fs = [Function(f"f{a + 1}")(t, *q) for a in range(k)]
    V = Function("V")(t, *q)
    L = m * sum((qi.diff(t) ** 2 for qi in q), sympy.S.Zero) / 2 - V
    mus = [Function(f"mu{a + 1}")(t) for a in range(k)]
    f_dot = [sympy.diff(f, t) for f in fs]
    G = Matrix(k, n, lambda a, i: sympy.diff(fs[a], q[i]))
    rates = Matrix([mu_a.diff(t) for mu_a in mus])
    el_vak = Matrix(euler_lagrange(L + sum((mu_a * fd for mu_a, fd in zip(mus, f_dot)), sympy.S.Zero), q, t))
    el = Matrix(euler_lagrange(L, q, t))
    scope = f"symbolic, generic f(t, q) ({k} rows), V(t, q), μ(t), n = {n}"
    check.identity(f"EL(L + μ·ḟ) = EL(L) + Gᵀμ̇ (n = {n}, k = {k})", el_vak, el + identity_sign * G.T * rates,
                   scope=scope, context="L + μḟ = L + d/dt(μf) − μ̇f; Schwarz identifies ∂_i ḟ with d/dt ∂_i f")

    p = Proof("holonomic vakonomic equations are d'Alembert's with λ = −μ̇")
    p.suppose("vakonomic", (el_vak, sympy.zeros(n, 1)), note="EL_q(L + μ·ḟ) = 0")
    components = []
    for i in range(n):
        components.append(p.algebra(f"component_{i + 1}", ["vakonomic"], (el[i], -identity_sign * (G.T * rates)[i]),
                                    certificate=[1 if j == i else 0 for j in range(n)],
                                    note="EL_i(L) + (Gᵀμ̇)_i = EL_i(L + μ·ḟ)"))
    p.algebra("dalembert_form", components, (el, -identity_sign * G.T * rates))
    p.conclude("dalembert_form")
    check.proof(f"vakonomic ⇒ EL(L) = −Gᵀμ̇ (n = {n}, k = {k})", p, scope=scope)

    A, b = G, [_partial_t(f, q) for f in fs]
    vak = vakonomic_equations(L, q, t, A, b, multiplier=mus)  # the same μ: its EL(L + μ(A q̇ + b)) is el_vak's, reused
    dal = dalembert_equations(L, q, t, A, b)
    check.identity(f"the constraint rows A q̇ + b are ḟ (n = {n}, k = {k})", _residuals(vak.constraints),
                   Matrix(f_dot), scope=scope)
    relation = {lam: multiplier_relation_sign * mu_a.diff(t) for lam, mu_a in zip(dal.multipliers, vak.multipliers)}
    check.identity(f"vakonomic_equations = dalembert_equations with λ = −μ̇ (n = {n}, k = {k})",
                   _residuals(vak.dynamics), _residuals(dal.dynamics).subs(relation),
                   scope=scope + ", A = ∂f/∂q, b = ∂_t f")


@remark("constraints.holonomic_dalembert_vakonomic_agree",
        title="For holonomic constraints the d'Alembert and vakonomic prescriptions agree",
        statement=r"For a holonomic constraint the admissible configurations form a submanifold and variations of "
                  r"admissible paths are tangent to it; eliminating coordinates or using multipliers in the "
                  r"constrained variational principle give the same constrained equations. In velocity form: "
                  r"$EL(L + \mu\dot f) = EL(L) + \dot\mu\,\nabla f$, so the vakonomic equations are the "
                  r"d'Alembert equations with $\lambda = -\dot\mu$.",
        source="seed 002_3134e4ba07f0f65c.txt: 'When the methods agree' — 'For a holonomic constraint … these approaches yield the same "
               "constrained equations under the usual regularity assumptions'",
        uses=["constraints.lagrange_dalembert_equations", "constraints.vakonomic_augmented_variation",
              "constraints.holonomic_virtual_displacements"],
        proof_uses=[SCHWARZ, CHAIN_AND_PRODUCT_RULES, INVERSE_FUNCTION_THEOREM])
def _(check):
    check_holonomic_prescriptions_agree(check)


# ---------------------------------------------------------------------------
# constraints.nonholonomic_prescriptions_differ_generally  (catalogue #38)
# ---------------------------------------------------------------------------

def check_nonholonomic_prescriptions_differ(check, *, curve=None, data=((0, 0, 0), (0, 1, 0)), state_mu=1,
                                            vakonomic_x_sign=-1):
    """z' = x y': (0, t, 0) is both a d'Alembert (λ = 0) and a vakonomic (μ ≡ 0) motion, yet the systems differ."""
    q = [Function(name)(t) for name in ("x", "y", "z")]
    x, y, z = q
    curve = curve if curve is not None else (sympy.S.Zero, t, sympy.S.Zero)
    curve = [sympy.sympify(c) for c in curve]
    A = Matrix([[0, -x, 1]])
    L = sum((qi.diff(t) ** 2 for qi in q), sympy.S.Zero) / 2
    dal = dalembert_equations(L, q, t, A)
    vak = vakonomic_equations(L, q, t, A)
    lam, mu = dal.multipliers[0], vak.multipliers[0]
    path = dict(zip(q, curve))
    scope = "z' = x y', unit mass, F = 0"
    check.fact("the curve has the data (q(0), q'(0))",
               [c.subs(t, 0) for c in curve] == list(data[0])
               and [c.diff(t).subs(t, 0) for c in curve] == list(data[1]),
               method="computation", detail=f"curve {curve}, data {data}")
    check.identity("d'Alembert residuals vanish along the curve with λ = 0",
                   _along(_residuals(dal.equations).subs(lam, 0), path), sympy.zeros(4, 1), scope=scope)
    check.identity("vakonomic residuals vanish along the curve with μ ≡ 0",
                   _along(_residuals(vak.equations).subs(mu, 0), path), sympy.zeros(4, 1), scope=scope)
    check.identity("vakonomic x-equation: x'' = −μ y'", _residuals(vak.dynamics)[0],
                   x.diff(t, 2) - vakonomic_x_sign * mu * y.diff(t), scope=scope)
    check.identity("d'Alembert x-equation: x'' = 0 (no multiplier)", _residuals(dal.dynamics)[0], x.diff(t, 2),
                   scope=scope)
    position, velocity = data
    dal_solution = solve_multipliers(dal, q, t)
    vak_solution = solve_multipliers(vak, q, t)
    dal_xdd = _at_state(dal_solution[x.diff(t, 2)], q, position, velocity)
    vak_xdd = _at_state(vak_solution[x.diff(t, 2)], q, position, velocity, {mu: state_mu})
    check.fact("at q = (0,0,0), q' = (0,1,0), μ = 1 the prescriptions give different x''", vak_xdd != dal_xdd,
               method="computation", detail=f"vakonomic x'' = {vak_xdd}, d'Alembert x'' = {dal_xdd}",
               witness={"state": {"q": position, "q'": velocity, "mu": state_mu},
                        "vakonomic x''": vak_xdd, "dalembert x''": dal_xdd})


@remark("constraints.nonholonomic_prescriptions_differ_generally",
        title="For nonholonomic constraints the two prescriptions coincide only in special cases",
        statement=r"For a nonholonomic constraint, a variation through constraint-satisfying paths is not "
                  r"equivalent to imposing the Chetaev condition; they coincide only in special cases, including "
                  r"integrable velocity constraints or particular dynamics. Witness of particular dynamics: for "
                  r"$z' = xy'$ with data $(0,0,0), (0,1,0)$ the motion $(0, t, 0)$ is both a d'Alembert motion "
                  r"($\lambda = 0$) and a vakonomic motion ($\mu \equiv 0$), while at $\mu y' \neq 0$ the vakonomic "
                  r"$x'' = -\mu y'$ differs from the d'Alembert $x'' = 0$.",
        source="seed 002_3134e4ba07f0f65c.txt: 'When the methods agree' — 'For a nonholonomic constraint, do not assume that a variation "
               "through constraint-satisfying paths is equivalent to imposing the Chetaev condition. They coincide "
               "only in special cases'",
        uses=["constraints.lagrange_dalembert_equations", "constraints.vakonomic_augmented_variation",
              "nonholonomic.zxy_dalembert_vakonomic_differ"])
def _(check):
    check_nonholonomic_prescriptions_differ(check)


# ---------------------------------------------------------------------------
# terminology.semiholonomic, external.goldstein_classical_mechanics  (catalogue #39, #100)
# ---------------------------------------------------------------------------

stated("external.goldstein_classical_mechanics", kind="cited", cited_kind="literature",
       title="Goldstein, Classical Mechanics (the discussions of it cited for terminology)",
       statement="H. Goldstein, C. Poole, J. Safko, Classical Mechanics (3rd ed.); cited by seed 002 only as the "
                 "context of the term 'semiholonomic' ('discussions of Goldstein').",
       source="cited: 002 'discussions of Goldstein'")

stated("terminology.semiholonomic", kind="remark",
       title="The label 'semiholonomic' is not universal",
       statement="In the terminology commonly used in discussions of Goldstein, 'semiholonomic' refers to applying a "
                 "variational principle with specified restrictions on virtual displacements, although the velocity "
                 "constraints do not come from equations among the coordinates. Terminology varies: the constraint "
                 "and the allowed virtual displacements matter more than the label. (Catalogue note: in Goldstein "
                 "3rd ed. §2.4 the label goes with multipliers adjoined to Hamilton's principle, a vakonomic-type "
                 "procedure; not checked against the book.)",
       source="seed 002_3134e4ba07f0f65c.txt: 'In the terminology commonly used in discussions of Goldstein, “semiholonomic” refers to …'; "
              "'Treating the terminology as universal'",
       uses=["external.goldstein_classical_mechanics"])


# ---------------------------------------------------------------------------
# constraints.linear_velocity_not_automatically_integrable  (catalogue #40)
# ---------------------------------------------------------------------------

def check_velocity_constraint_not_automatically_integrable(check, *, nonintegrable_form=None, integrable_form=None,
                                                           integrating_factor=None, primitive=None,
                                                           state=((0, 0, 0), (1, 0, 1)), state_mu=1):
    """dy − x dz fails Frobenius, dy − y dz passes it (= e^z d(y e^{−z})); for y' = x z' the vakonomic x'' differs."""
    X, Y, Z = sympy.symbols("x y z")
    coords = [X, Y, Z]
    omega = list(nonintegrable_form) if nonintegrable_form is not None else [0, 1, -X]
    decision = satisfies_frobenius_condition(omega, coords)
    check.fact("ω = dy − x dz fails the Frobenius condition ω ∧ dω = 0", decision, expect=False)
    d_omega = exterior_derivative(omega, coords)
    check.fact("dω = −dx∧dz and ω∧dω = dx∧dy∧dz",
               d_omega == {(0, 2): -1} and wedge_one_two(omega, d_omega, coords) == {(0, 1, 2): 1},
               method="symbolic", detail=f"dω = {d_omega}, ω∧dω = {wedge_one_two(omega, d_omega, coords)}")

    eta = list(integrable_form) if integrable_form is not None else [0, 1, -Y]
    rho = integrating_factor if integrating_factor is not None else sympy.exp(-Z)
    phi = primitive if primitive is not None else Y * sympy.exp(-Z)
    passing = satisfies_frobenius_condition(eta, coords)
    check.fact("η = dy − y dz satisfies ω ∧ dω = 0 (the test discriminates)", passing, method="symbolic")
    check.identity("e^{−z}(dy − y dz) = d(y e^{−z}) (η is integrable though dη ≠ 0)",
                   Matrix([rho * e for e in eta]), Matrix([sympy.diff(phi, c) for c in coords]),
                   scope="symbolic, exact one-forms on ℝ³")

    q = [Function(name)(t) for name in ("x", "y", "z")]
    x, y, z = q
    A = Matrix([[0, 1, -x]])
    L = m * sum((qi.diff(t) ** 2 for qi in q), sympy.S.Zero) / 2
    dal = dalembert_equations(L, q, t, A)
    vak = vakonomic_equations(L, q, t, A)
    mu = vak.multipliers[0]
    position, velocity = state
    check.fact("the state satisfies y' = x z'", velocity[1] == position[0] * velocity[2], method="computation",
               detail=f"state {state}")
    dal_xdd = _at_state(solve_multipliers(dal, q, t)[x.diff(t, 2)], q, position, velocity)
    vak_xdd = _at_state(solve_multipliers(vak, q, t)[x.diff(t, 2)], q, position, velocity, {mu: state_mu})
    check.fact("augmented-Lagrangian x'' ≠ d'Alembert x'' at a state with μ z' ≠ 0", vak_xdd != dal_xdd,
               method="computation", detail=f"vakonomic x'' = {vak_xdd}, d'Alembert x'' = {dal_xdd}",
               witness={"state": {"q": position, "q'": velocity, "mu": state_mu},
                        "vakonomic x''": vak_xdd, "dalembert x''": dal_xdd})

    unknowns = [qi.diff(t, 2) for qi in q] + list(dal.multipliers)
    placeholders = sympy.symbols("u0:4")
    replace = dict(zip(unknowns, placeholders))
    alone, _ = sympy.linear_eq_to_matrix([sympy.expand(r.xreplace(replace)) for r in _residuals(dal.dynamics)],
                                         *placeholders)
    with_constraint, _ = sympy.linear_eq_to_matrix(
        [sympy.expand(r.xreplace(replace)) for r in list(_residuals(dal.dynamics)) + [
            (eq.lhs - eq.rhs).diff(t) for eq in dal.constraints]], *placeholders)
    check.fact("without the constraint the multiplier is undetermined (rank 3 < 4 unknowns); with it, rank 4",
               alone.rank() == 3 and with_constraint.rank(iszerofunc=_is_zero) == 4, method="symbolic",
               detail=f"ranks {alone.rank()} and {with_constraint.rank(iszerofunc=_is_zero)} for (x'', y'', z'', λ)")


@remark("constraints.linear_velocity_not_automatically_integrable",
        title="Common mistakes: velocity constraints are not automatically holonomic, the augmented Lagrangian is "
              "not d'Alembert mechanics",
        statement=r"A relation linear in velocities is not automatically integrable to a relation among coordinates "
                  r"($dy - x\,dz$ fails $\omega\wedge d\omega = 0$, while $dy - y\,dz = e^{z}d(ye^{-z})$ passes). "
                  r"Varying the augmented Lagrangian independently in the coordinates gives the vakonomic equations, "
                  r"not d'Alembert's (for $\dot y - x\dot z = 0$: $m\ddot x = -\mu\dot z$ against $m\ddot x = 0$). "
                  r"The multiplier equations must be solved together with the velocity constraints.",
        source="seed 002_3134e4ba07f0f65c.txt: 'Common mistakes' — 'Calling every velocity constraint holonomic …', 'Varying the augmented "
               "Lagrangian and assuming it is d'Alembert mechanics …', 'Dropping the constraint equation after adding "
               "multipliers'",
        uses=["nonholonomic.yxz_one_form_not_integrable", "nonholonomic.yxz_vakonomic_equations",
              "constraints.lagrange_dalembert_equations", "constraints.vakonomic_augmented_variation"],
        proof_uses=[RHO_DPHI_ID])
def _(check):
    check_velocity_constraint_not_automatically_integrable(check)
