"""Seed 001's infinitesimal point symmetries: the definition (#19), its remarks (#20–#23) and the cited Noether
theorems (#90, #91, #92).

This file contains the definition ``noether.infinitesimal_point_symmetry_definition`` (#19), the remarks
``noether.symmetry_identity_first_order_reading`` (#20), ``noether.constant_field_translation_case`` (#21),
``noether.total_derivative_operator_Dt`` (#22) and ``noether.velocity_variation_with_time_reparametrisation`` (#23),
and the cited results ``noether.point_symmetry_charge_conserved`` (#90), ``noether.time_reparametrisation_noether_identity``
(#91) and ``noether.scope_of_point_symmetries`` (#92).  The potential chart, the three conserved charges (#4–#6) and
the every-n helpers live in :mod:`theorems.page1_variations.noether`, whose conventions apply here: jet Symbols (t, q, v, a) with
``D_t = ∂_t + v·∂_q + a·∂_v`` for the pointwise identities (checked against sympy's chain rule in #22), n×1
MatrixSymbols for the every-n identities (#23, #90, #91), and verifiers ``check_*(check, **claim)`` whose keyword
parameters are the claim's data with the true values as defaults.  #19–#22 are checked for every n with opaque
derivative values (:mod:`theorems.page1_variations.noether_every_size`); their generic jet-Symbol checks at
n = 1, 2, 3 support them.
"""
from __future__ import annotations

import sympy
from sympy import Function, Matrix, MatrixExpr, MatrixSymbol, Symbol, ZeroMatrix

from checker import Proof, cited, definition, remark
from checker.kernel.items import stated
from theorems.foundations.analytic_facts import ZERO_DERIVATIVE
from theorems.foundations.linalg import euclidean_inner_product
from theorems.page1_variations.noether import (CHAIN_111, CHART_77, DEFINITION_19, H_REPARAMETRISED, H_SOLUTION, H_SYMMETRY, INNER_78,
                              N_DIM, PARTIALS_89, AN, QN, _direction_rule, REACTION_LAW, SCOPE_92, SEED, THEOREM_90, THEOREM_91, VN, U0,
                              _along, _direction, _velocities, coordinates, k, m, matrix_derivative,
                              potential_lagrangian, scalar_form, t)
from theorems.toolkit.symmetry import (energy, generator_depends_on_time, is_first_integral, is_point_symmetry, noether_charge,
                               symmetry_residual, total_derivative, velocity_variation)
from theorems.toolkit.variational import euler_lagrange
from theorems.page1_variations.noether_every_size import (B_Q, B_T, CHAIN_AND_PRODUCT_RULES, DXI, L_Q, L_T, L_V, L_VALUE,
                                                          NO_Q_DEPENDENCE, PHI_Q, PHI_T, QDOT, S, XI_N, ZERO_COLUMN,
                                                          ZERO_SCALAR, field_chain_rule, rate_in,
                                                          reparametrised_residual_n, scalar_chain_rule,
                                                          seed_symmetry_residual_n, statement_D_t)

__all__ = [
    "check_point_symmetry_definition", "check_first_order_reading", "check_constant_field_case",
    "check_total_derivative_operator", "check_velocity_variation", "check_charge_conserved",
    "check_time_reparametrisation", "check_scope", "general_charge_n",
]

# ---------------------------------------------------------------------------
# #19 the definition and its remarks #20–#23 (jet Symbols)
# ---------------------------------------------------------------------------

TJ = Symbol("t", real=True)
QJ = sympy.symbols("x1:3", real=True)
VJ = sympy.symbols("v1:3", real=True)
AJ = sympy.symbols("w1:3", real=True)


def _jets(n: int):
    """Jet Symbols (x1..xn, v1..vn, w1..wn); for n ≤ 2 they are QJ, VJ, AJ."""
    return tuple(list(sympy.symbols(f"{name}1:{n + 1}", real=True)) for name in ("x", "v", "w"))


def _generic_jet_data(n: int = 2, xi_depends_on_t: bool = False):
    """Generic 𝓛(t, q, v), ξ(q) (or ξ(t, q)), τ(t, q) and B(t, q) in jet Symbols."""
    q, v, _ = _jets(n)
    L = Function("L")(TJ, *q, *v)
    xi_args = (TJ, *q) if xi_depends_on_t else tuple(q)
    xi = [Function(f"xi{i + 1}")(*xi_args) for i in range(n)]
    return q, v, L, xi, Function("tau")(TJ, *q), Function("B")(TJ, *q)


def check_point_symmetry_definition(check, *, B_sign=1, generic_dims=(1, 2, 3), charge_sign=1):
    """Every n: the seed's identity 𝓛_q·ξ(q) + 𝓛_v·Dξ(q)v = B_t + B_q·v is #91's identity at τ = 0 with D_tξ = Dξ v
    and D_tB = B_t + B_q·v (the statement's D_t, the cited chain rule), and the charge 𝓛_v·ξ − B is #91's p·ξ − Eτ − B
    at τ = 0; the toolkit on five examples.  Supporting: the toolkit's ``symmetry_residual`` and ``noether_charge``
    are the seed's formulas for generic 𝓛, ξ, B at n in ``generic_dims``."""
    _definition_every_n(check, B_sign, charge_sign)
    _definition_examples(check, B_sign)
    with check.supporting():  # the toolkit (a construction users call) against the formula, at fixed sizes
        for n in generic_dims:
            _definition_identities(check, n, 1)


def _definition_every_n(check, B_sign, charge_sign):
    scope = ("symbolic, every n: 𝓛_q, 𝓛_v, ξ, v, B_q n×1 and Dξ = ξ_q n×n MatrixSymbols (n a symbol), 𝓛, 𝓛_t, B_t, B "
             f"1×1; D_tξ = Dξ v and D_tB = B_t + B_q·v by the cited chain rule of every size ({CHAIN_AND_PRODUCT_RULES})")
    xi_rate = field_chain_rule(DXI, VN)  # ξ = ξ(q): no ξ_t term
    B_rate = scalar_chain_rule(B_T, B_Q, None, sympy.S.One, VN, None)
    check.identity("every n: 𝓛_q·ξ + 𝓛_v·D_tξ − D_tB (#91's residual at τ = 0, D_t by the chain rule) is the seed's "
                   "𝓛_q·ξ(q) + 𝓛_v·Dξ(q)v − (B_t + B_q·v)",
                   scalar_form(reparametrised_residual_n(L_T, L_Q, L_V, L_VALUE, VN, XI_N, xi_rate, ZERO_SCALAR,
                                                         ZERO_SCALAR, B_rate)),
                   scalar_form(seed_symmetry_residual_n(L_Q, L_V, XI_N, DXI, VN, B_T, B_Q, B_sign)), scope=scope)
    B, E = MatrixSymbol("B", 1, 1), L_V.T * VN - L_VALUE
    check.identity("every n: the charge 𝓛_v·ξ − B is #91's p·ξ − Eτ − B at τ = 0 (p = 𝓛_v, E = p·v − 𝓛)",
                   scalar_form(general_charge_n(L_V, XI_N, B, E, ZERO_SCALAR)),
                   scalar_form(L_V.T * XI_N - charge_sign * B), scope=scope)


def _definition_identities(check, n: int, B_sign):
    q, v, L, xi, _, B = _generic_jet_data(n)
    seed_identity = (euclidean_inner_product([sympy.diff(L, x) for x in q], xi)
                     + euclidean_inner_product([sympy.diff(L, w) for w in v], list(Matrix(xi).jacobian(q) * Matrix(v)))
                     - B_sign * (sympy.diff(B, TJ) + euclidean_inner_product([sympy.diff(B, x) for x in q], v)))
    scope = f"symbolic, generic 𝓛(t, q, v), ξ(q), B(t, q), n = {n} (jet Symbols)"
    check.identity(f"n = {n}: symmetry_residual(𝓛, ξ, B) = 𝓛_q·ξ + 𝓛_v·Dξ v − (B_t + B_q·v)",
                   symmetry_residual(L, q, TJ, xi, B, v=v), seed_identity, scope=scope)
    check.identity(f"n = {n}: noether_charge(𝓛, ξ, B) = 𝓛_v·ξ − B", noether_charge(L, q, TJ, xi, B, v=v),
                   euclidean_inner_product([sympy.diff(L, w) for w in v], xi) - B, scope=scope)
    check.fact(f"n = {n}: ξ(q) does not depend on t", generator_depends_on_time(xi, q, TJ, v=v), expect=False,
               scope=scope)


def _definition_examples(check, B_sign):
    F, B0 = Symbol("F", nonzero=True), Symbol("b", nonzero=True)
    x = coordinates(2)
    kinetic = potential_lagrangian(0, x)
    magnetic = kinetic + B0 / 2 * (x[0] * x[1].diff(t) - x[1] * x[0].diff(t))
    examples = [
        ("free particle, ξ = e₁, B = 0", kinetic, [1, 0], 0),
        ("uniform force 𝓛 = ½m|v|² + F q₁, ξ = e₁, B = F t", kinetic + F * x[0], [1, 0], F * t),
        ("uniform magnetic field 𝓛 = ½m|v|² + (b/2)(q₁q₂' − q₂q₁'), ξ = (−q₂, q₁), B = 0", magnetic, [-x[1], x[0]], 0),
        ("the same field, ξ = e₁, B = (b/2) q₂ (B depends on q)", magnetic, [1, 0], B0 * x[1] / 2),
    ]
    for name, lagrangian, generator, gauge in examples:
        gauge = B_sign * gauge
        check.fact(f"{name}: a point symmetry", is_point_symmetry(lagrangian, x, t, generator, gauge),
                   scope="symbolic, m > 0, F, b ≠ 0")
        check.fact(f"{name}: its charge {sympy.sstr(noether_charge(lagrangian, x, t, generator, gauge))} is a first "
                   "integral", is_first_integral(noether_charge(lagrangian, x, t, generator, gauge), lagrangian, x, t),
                   scope="symbolic, m > 0, F, b ≠ 0")
    harmonic = potential_lagrangian(k * euclidean_inner_product(x, x) / 2, x)
    failing = is_point_symmetry(harmonic, x, t, [1, 0])
    check.fact(f"harmonic 𝓛, ξ = e₁: not a point symmetry (residual {sympy.sstr(failing.witness)})", failing,
               expect=False, scope="symbolic, k > 0")


stated(PARTIALS_89, kind="cited", cited_kind="definition",
       title="Directional derivatives and partial derivatives of a map U ⊆ ℝᵐ → ℝⁿ",
       statement=r"For $f: U \subseteq \mathbb{R}^m \to \mathbb{R}^n$ and $u \in \mathbb{R}^m$, the directional derivative "
                 r"$\partial_u f(p) = \frac{d}{ds}\big|_{s=0} f(p + s u)$; the partial derivatives are $\partial_j f = \partial_{e_j} f$.",
       source="cited: seed 001_2e69a9934e04987b.txt 'Directional derivatives and partial derivatives of a map U ⊆ ℝᵐ → ℝⁿ'")

definition(DEFINITION_19, title="Infinitesimal point symmetry (ξ, B) of a Lagrangian chart and its charge",
           statement=r"Let $(O,\mathcal L)$ be a time-dependent Lagrangian chart over $[a,b]\times U$, $V\subseteq\mathbb R^n$ "
                     r"and $A\subseteq\mathbb R\times V$ open sets containing the configuration and time-configuration "
                     r"projections of $O$, $\xi:V\to\mathbb R^n$ and $B:A\to\mathbb R$ of class $C^1$, and "
                     r"$D_t\phi:=\phi_t+\phi_q\cdot v$. The pair $(\xi,B)$ is an infinitesimal point symmetry of "
                     r"$\mathcal L$ when $\mathcal L_q(t,q,v)\cdot\xi(q)+\mathcal L_v(t,q,v)\cdot D\xi(q)v=B_t(t,q)+B_q(t,q)"
                     r"\cdot v$ for every $(t,q,v)\in O$. Its charge is $C(t,q,v):=\mathcal L_v(t,q,v)\cdot\xi(q)-B(t,q)$.",
           source=f"{SEED}: 'The pair (ξ,B) is an infinitesimal point symmetry of 𝓛 when the identity … holds for "
                  "every (t,q,v) ∈ O. The charge of the pair is the function C(t,q,v) := 𝓛_v·ξ(q) − B(t,q).'",
           uses=[CHART_77, INNER_78, PARTIALS_89, CHAIN_AND_PRODUCT_RULES])(
    lambda check: check_point_symmetry_definition(check))


def _first_variation(L, q, v, xi, velocity_rule: str):
    """d/ds at 0 of 𝓛(t, q + sξ(q), v + sDξ(q)v) (``velocity_rule="v"``: the velocity left unchanged)."""
    s = Symbol("s")
    moved_v = list(Matrix(v) + s * Matrix(xi).jacobian(q) * Matrix(v)) if velocity_rule == "Dxi v" else list(v)
    moved = L.xreplace({**{x: x + s * e for x, e in zip(q, xi)}, **dict(zip(v, moved_v))})
    return sympy.diff(moved, s).subs(s, 0).doit()


def check_first_order_reading(check, *, velocity_rule="Dxi v", generic_dims=(1, 2, 3)):
    """d/ds|₀ 𝓛(t, q + sξ(q), v + sDξ(q)v) = 𝓛_q·ξ + 𝓛_v·Dξ v; B_t + B_q·q' = d/dt B(t, q(t)) (every n, the cited
    chain rule of every size); B = 0 is invariance (a rotation example).  Supporting: the same for generic 𝓛, ξ, B in
    jet Symbols at n in ``generic_dims`` (sympy's differentiation)."""
    _first_order_every_n(check, velocity_rule)
    q, v = list(QJ), list(VJ)
    free = euclidean_inner_product(v, v) / 2
    check.identity("𝓛 = ½|v|², ξ = (q₁, 0) (a scaling): the variation is v₁², the symmetry residual",
                   _first_variation(free, q, v, [q[0], 0], velocity_rule), symmetry_residual(free, q, TJ, [q[0], 0], v=v),
                   scope="symbolic")
    _rotation_invariance(check, q, v)
    with check.supporting():  # the chain rule at fixed sizes, by sympy's differentiation of generic functions
        for n in generic_dims:
            _first_order_identities(check, n, "Dxi v")


def _first_order_every_n(check, velocity_rule):
    scope = ("symbolic, every n: 𝓛_q, 𝓛_v, ξ, v, q', B_q n×1 and Dξ n×n MatrixSymbols (n a symbol), 𝓛_t, B_t 1×1; the "
             f"rates of s ↦ (t, q + sξ, v + sDξ v) by the product rule, d/ds 𝓛 and d/dt B(t, q(t)) by the cited chain "
             f"rule of every size ({CHAIN_AND_PRODUCT_RULES})")
    moved_q = QN + S * XI_N
    moved_v = VN + S * (DXI * VN) if velocity_rule == "Dxi v" else VN
    variation = scalar_chain_rule(L_T, L_Q, L_V, None, rate_in(moved_q), rate_in(moved_v))
    check.identity("every n: d/ds|₀ 𝓛(t, q + sξ, v + sDξ v) = 𝓛_q·ξ + 𝓛_v·Dξ v (the left side of the identity)",
                   scalar_form(variation),
                   scalar_form(seed_symmetry_residual_n(L_Q, L_V, XI_N, DXI, VN, ZERO_SCALAR, ZERO_COLUMN)), scope=scope)
    check.identity("every n: B_t + B_q·v with v = q' is d/dt B(t, q(t)) (the right side)",
                   scalar_form(statement_D_t(B_T, B_Q, v=QDOT)),
                   scalar_form(scalar_chain_rule(B_T, B_Q, None, sympy.S.One, QDOT, None)), scope=scope)


def _first_order_identities(check, n: int, velocity_rule):
    q, v, L, xi, _, B = _generic_jet_data(n)
    check.identity(f"n = {n}: d/ds|₀ 𝓛(t, q + sξ, v + sDξ v) = 𝓛_q·ξ + 𝓛_v·Dξ v (the symmetry residual with B = 0)",
                   _first_variation(L, q, v, xi, velocity_rule), symmetry_residual(L, q, TJ, xi, 0, v=v),
                   scope=f"symbolic, generic 𝓛(t, q, v), ξ(q), n = {n}")
    x = coordinates(n)
    check.identity(f"n = {n}: B_t + B_q·v with v = q' is d/dt B(t, q(t))", sympy.diff(Function("B")(t, *x), t),
                   _along(total_derivative(B, q, TJ, v=v), q, x).xreplace(dict(zip(v, _velocities(x)))),
                   scope=f"symbolic, generic B(t, q) and q(t), n = {n}")


def _rotation_invariance(check, q, v):
    """B = 0 is invariance: ½|v|² − V(|q|²) under a rational parametrisation R(s) of SO(2)."""
    s = Symbol("s")
    # B = 0: invariance; a rational rotation R(s) of the plane with ξ = d/ds|₀ R(s)q = 2(−q₂, q₁)
    R = Matrix([[1 - s**2, -2 * s], [2 * s, 1 - s**2]]) / (1 + s**2)
    central = euclidean_inner_product(v, v) / 2 - Function("V")(euclidean_inner_product(q, q))
    check.identity("B = 0: 𝓛 = ½|v|² − V(|q|²) depends on (q, v) through |q|², |v|² only, and R(s) preserves both",
                   Matrix([euclidean_inner_product(R * Matrix(w), R * Matrix(w)) for w in (q, v)]),
                   Matrix([euclidean_inner_product(w, w) for w in (q, v)]),
                   scope="symbolic, rational parametrisation R(s) of SO(2): 𝓛(t, R(s)q, R(s)v) = 𝓛 for every s")
    check.identity("d/ds|₀ R(s)q = 2(−q₂, q₁)", sympy.diff(R * Matrix(q), s).subs(s, 0), Matrix([-2 * q[1], 2 * q[0]]),
                   scope="symbolic")
    check.fact("and (ξ, 0) = (2(−q₂, q₁), 0) is a point symmetry of it",
               is_point_symmetry(central, q, TJ, [-2 * q[1], 2 * q[0]], v=v), scope="symbolic, generic V")


remark("noether.symmetry_identity_first_order_reading",
       title="The symmetry identity is the first-order variation of 𝓛 under q ↦ q + sξ(q)",
       statement=r"The left-hand side is $\frac{d}{ds}|_{0}\mathcal L(t,q+s\xi(q),v+sD\xi(q)v)$ and the right-hand side "
                 r"is $\frac{d}{dt}B(t,q(t))$ along a $C^1$ trajectory with $q'=v$: the infinitesimal variation of "
                 r"$\mathcal L$ is a total time derivative. With $B=0$ the identity is the invariance of $\mathcal L$.",
       source=f"{SEED}: 'Reading of the identity. The left-hand side is the derivative of the Lagrangian under the "
              "infinitesimal family of point transformations …'; 'Taking B = 0 reduces the identity to … the invariance'",
       uses=[DEFINITION_19, CHAIN_111, CHAIN_AND_PRODUCT_RULES])(lambda check: check_first_order_reading(check))


def check_constant_field_case(check, *, q_dependent_gauge=None, dims=(1, 2, 3), variation_sign=1, field=AN):
    """ξ ≡ a: Dξ = 0 and the identity is 𝓛_q·a = B_t + B_q·v; for generic 𝓛 and B the first-order change of 𝓛 under
    q ↦ q + sa is D_tB + residual, so under the identity 𝓛(t, q+sa, v) = 𝓛 + sB'(t) + o(s) when B = B(t) (every n,
    the cited chain rule of every size; ``field`` is the constant generator as an n×1 matrix expression).
    Supporting: the same for generic 𝓛, B in jet Symbols at n in ``dims`` (sympy's differentiation)."""
    _constant_field_every_n(check, variation_sign, field)
    with check.supporting():  # the same identities at fixed sizes, by sympy's differentiation of generic functions
        for n in dims:
            _constant_field_fixed_size(check, n)
    s = Symbol("s")
    q, v = list(QJ), list(VJ)
    a = _direction(2)
    F = sympy.symbols("F1:3", real=True)
    forced = euclidean_inner_product(v, v) / 2 + euclidean_inner_product(F, q)
    gauge = euclidean_inner_product(F, a) * TJ
    with check.supporting():  # examples of the generic identities above
        check.fact("𝓛 = ½|v|² + F·q, ξ = a, B = (F·a) t (independent of q): a point symmetry",
                   is_point_symmetry(forced, q, TJ, a, gauge, v=v), scope="symbolic, F, a generic")
        check.identity("𝓛(t, q + sa, v) = 𝓛 + s B'(t) exactly", forced.xreplace({x: x + s * ai for x, ai in zip(q, a)}),
                       forced + s * sympy.diff(gauge, TJ), scope="symbolic, F, a generic")
    # the qualifier 'B independent of q' is not needed for the reading 'up to a total time derivative'
    magnetic = euclidean_inner_product(v, v) / 2 + q[0] * v[1]
    q_gauge = q[1] if q_dependent_gauge is None else q_dependent_gauge
    check.fact("𝓛 = ½|v|² + q₁v₂, ξ = e₁, B = q₂ (depends on q): a point symmetry",
               is_point_symmetry(magnetic, q, TJ, [1, 0], q_gauge, v=v), scope="symbolic")
    check.identity("and 𝓛(t, q + s e₁, v) = 𝓛 + s D_tB: unchanged up to a total time derivative",
                   magnetic.xreplace({q[0]: q[0] + s}), magnetic + s * total_derivative(q_gauge, q, TJ, v=v),
                   scope="symbolic")


remark("noether.constant_field_translation_case",
       title="Constant fields: the identity reads 𝓛_q·a = B_t + B_q·v",
       statement=r"For a constant field $\xi\equiv a$ one has $D\xi=0$, and the identity reads $\mathcal L_q\cdot a="
                 r"B_t+B_q\cdot v$; when $B$ is independent of $q$ this is the statement that $\mathcal L$ is unchanged by "
                 r"the translation $q\mapsto q+sa$ up to a total time derivative. (Checked; the qualifier "
                 r"'independent of $q$' is not needed for the reading 'up to a total time derivative': "
                 r"$\mathcal L=\tfrac12|v|^2+q_1v_2$, $\xi=e_1$, $B=q_2$.)",
       source=f"{SEED}: 'For a constant field ξ ≡ a one has Dξ = 0, and the identity reads 𝓛_q·a = B_t + B_q·v; when B "
              "is independent of q …'",
       uses=[DEFINITION_19, CHAIN_AND_PRODUCT_RULES])(lambda check: check_constant_field_case(check))


def _constant_field_every_n(check, variation_sign, field):
    scope = ("symbolic, every n: 𝓛_q, 𝓛_v, a, v, u, B_q n×1 MatrixSymbols (n a symbol), 𝓛_t, B_t 1×1; Dξ by the "
             "product rule (a does not depend on q), d/ds 𝓛(t, q + sa, v) by the cited chain rule of every size "
             f"({CHAIN_AND_PRODUCT_RULES})")
    u = MatrixSymbol("u", N_DIM, 1)
    check.identity("every n: Dξ u = 0 for ξ ≡ a and every u ∈ ℝⁿ", matrix_derivative(field, _direction_rule(QN, u)).doit(),
                   ZERO_COLUMN, scope=scope)
    dxi_v = matrix_derivative(field, _direction_rule(QN, VN)).doit()

    def residual(B_q):
        return L_Q.T * field + L_V.T * dxi_v - (B_T + B_q.T * VN)
    check.identity("every n: the identity reads 𝓛_q·a = B_t + B_q·v", scalar_form(residual(B_Q)),
                   scalar_form(L_Q.T * AN - B_T - B_Q.T * VN), scope=scope)
    first_order = scalar_chain_rule(L_T, L_Q, L_V, None, rate_in(QN + S * field), rate_in(VN))
    check.identity("every n: d/ds|₀ 𝓛(t, q + sa, v) = D_tB + residual: the identity holds iff 𝓛 changes to first "
                   "order by the total derivative s D_tB", scalar_form(first_order),
                   scalar_form(variation_sign * statement_D_t(B_T, B_Q) + residual(B_Q)), scope=scope)
    check.identity("every n: B = B(t) (B_q = 0): d/ds|₀ 𝓛(t, q + sa, v) = B'(t) + residual, so under the identity "
                   "𝓛(t, q + sa, v) = 𝓛 + sB'(t) + o(s)", scalar_form(first_order),
                   scalar_form(variation_sign * B_T + residual(NO_Q_DEPENDENCE)), scope=scope)


def _constant_field_fixed_size(check, n: int):
    s = Symbol("s")
    q, v, L, _, _, B = _generic_jet_data(n)
    a = _direction(n)
    scope = f"symbolic, generic 𝓛(t, q, v), B(t, q), a, n = {n}"
    check.fact(f"n = {n}: Dξ = 0 for ξ ≡ a", Matrix(a).jacobian(q).is_zero_matrix, scope=scope)
    residual = symmetry_residual(L, q, TJ, a, B, v=v)
    check.identity(f"n = {n}: the identity reads 𝓛_q·a = B_t + B_q·v", residual,
                   euclidean_inner_product([sympy.diff(L, x) for x in q], a) - sympy.diff(B, TJ)
                   - euclidean_inner_product([sympy.diff(B, x) for x in q], v), scope=scope)
    first_order = sympy.diff(L.xreplace({x: x + s * ai for x, ai in zip(q, a)}), s).subs(s, 0).doit()
    check.identity(f"n = {n}: d/ds|₀ 𝓛(t, q + sa, v) = D_tB + residual", first_order,
                   total_derivative(B, q, TJ, v=v) + residual, scope=scope)
    Bt = Function("B")(TJ)
    check.identity(f"n = {n}: B = B(t): d/ds|₀ 𝓛(t, q + sa, v) = B'(t) + residual", first_order,
                   sympy.diff(Bt, TJ) + symmetry_residual(L, q, TJ, a, Bt, v=v),
                   scope=f"symbolic, generic 𝓛(t, q, v), B(t), a, n = {n}")


def check_total_derivative_operator(check, *, operator=total_derivative, dims=(1, 2, 3), operator_n=statement_D_t):
    """Every n: D_tφ(t, q(t), q'(t)) = d/dt φ(t, q(t)) for a generic φ and for a product φψ (the cited chain rule of
    every size, ``operator_n`` the statement's D_t on the values φ_t, φ_q); the toolkit's ``total_derivative`` on a
    polynomial φ.  Supporting: the toolkit on generic φ at n in ``dims`` (sympy's differentiation)."""
    _total_derivative_every_n(check, operator_n)
    _total_derivative_cases(check, operator, [(1, lambda time, *q: time * q[0]**2 + q[0]**3, "φ = t q² + q³, n = 1")])
    with check.supporting():  # the toolkit's operator on generic φ at fixed sizes
        _total_derivative_cases(check, total_derivative,
                                [(n, lambda time, *q: Function("phi")(time, *q), f"generic φ(t, q), n = {n}")
                                 for n in dims])


def _total_derivative_every_n(check, operator_n):
    scope = ("symbolic, every n: φ_q, ψ_q, q' n×1 MatrixSymbols (n a symbol), φ_t, ψ_t 1×1, the values φ, ψ "
             "scalars; d/dt by the cited "
             f"chain rule of every size ({CHAIN_AND_PRODUCT_RULES}), products by the product rule")
    check.identity("every n: D_tφ at v = q' is d/dt φ(t, q(t)) = φ_t + ∇φ·q' (generic φ)",
                   scalar_form(operator_n(PHI_T, PHI_Q, v=QDOT)),
                   scalar_form(scalar_chain_rule(PHI_T, PHI_Q, None, sympy.S.One, QDOT, None)), scope=scope)
    phi, psi = Symbol("phi_value"), Symbol("psi_value")  # the values φ(t, q), ψ(t, q): scalars
    psi_t, psi_q = MatrixSymbol("psi_t", 1, 1), MatrixSymbol("psi_q", N_DIM, 1)
    product_t, product_q = PHI_T * psi + phi * psi_t, PHI_Q * psi + psi_q * phi  # the partials of φψ (product rule)
    along = (scalar_chain_rule(PHI_T, PHI_Q, None, sympy.S.One, QDOT, None) * psi
             + phi * scalar_chain_rule(psi_t, psi_q, None, sympy.S.One, QDOT, None))
    check.identity("every n: D_t(φψ) at v = q' is d/dt (φψ)(t, q(t)) = (d/dt φ)ψ + φ(d/dt ψ)",
                   scalar_form(operator_n(product_t, product_q, v=QDOT)), scalar_form(along), scope=scope)


def _total_derivative_cases(check, operator, cases):
    for n, phi_of, label in cases:
        q, v, _ = _jets(n)
        x = coordinates(n)
        on_curve = _along(operator(phi_of(TJ, *q), q, TJ, v=v), q, x).xreplace(dict(zip(v, _velocities(x))))
        curve_phi = phi_of(t, *x)
        check.identity(f"{label}: D_tφ along (t, q(t), q'(t)) = d/dt φ(t, q(t))", on_curve, sympy.diff(curve_phi, t),
                       scope=f"symbolic, {label}, q(t) generic")
        check.identity(f"{label}: with curves D_tφ is φ.diff(t)", operator(curve_phi, x, t), sympy.diff(curve_phi, t),
                       scope=f"symbolic, {label}, q(t) generic")


remark("noether.total_derivative_operator_Dt", title="D_tφ is the derivative along the curve t ↦ (t, q(t))",
       statement=r"$D_t\phi$ is the derivative of $\phi$ along the curve $t\mapsto(t,q(t))$ when $v=q'(t)$: "
                 r"$D_t\phi(t,q(t),q'(t))=\frac{d}{dt}\phi(t,q(t))$; this is why the velocity slot of the symmetry "
                 r"identity is filled by $v$.",
       source=f"{SEED}: 'The notation D_tφ is the derivative of φ along the curve t ↦ (t,q(t)) when v = q'(t) …'",
       uses=[DEFINITION_19, CHAIN_111, CHAIN_AND_PRODUCT_RULES])(lambda check: check_total_derivative_operator(check))


def check_velocity_variation(check, *, sign=-1, dims=(1, 2)):
    """q ↦ q + sξ(t,q), t ↦ t + sτ(t,q): d/ds|₀ (q' + s d/dt ξ)/(1 + s d/dt τ) = D_tξ − q' D_tτ."""
    s = Symbol("s")
    X, T = MatrixSymbol("X", N_DIM, 1), Symbol("T", real=True)  # X = D_tξ = d/dt ξ(t, q(t)), T = D_tτ
    moved_n = (VN + s * X) / (1 + s * T)
    first_order_n = matrix_derivative(moved_n, lambda e: ZeroMatrix(*e.shape) if isinstance(e, MatrixExpr)
                                       else sympy.diff(e, s)).doit().subs(s, 0).doit()
    check.identity("every n: d/ds|₀ (q' + s D_tξ)/(1 + s D_tτ) = D_tξ − q' D_tτ", first_order_n, X + sign * VN * T,
                   scope="symbolic, every n: q' = v and D_tξ = X are n×1 MatrixSymbols (n a symbol), D_tτ = T a scalar")
    cases = [(coordinates(n), None, f"generic ξ(t, q), τ(t, q), n = {n}") for n in dims]
    cases.append((coordinates(1), "polynomial", "ξ = t q², τ = t² q, n = 1"))
    for x, kind, label in cases:
        if kind is None:
            xi = [Function(f"xi{i + 1}")(t, *x) for i in range(len(x))]
            tau = Function("tau")(t, *x)
        else:
            xi, tau = [t * x[0]**2], t**2 * x[0]
        moved = [(xd + s * sympy.diff(e, t)) / (1 + s * sympy.diff(tau, t)) for xd, e in zip(_velocities(x), xi)]
        first_order = [sympy.diff(e, s).subs(s, 0) for e in moved]
        claimed = [sympy.diff(e, t) + sign * xd * sympy.diff(tau, t) for e, xd in zip(xi, _velocities(x))]
        scope = f"symbolic, {label}, q(t) generic"
        check.identity(f"{label}: d/ds|₀ dq̃/dt̃ = D_tξ − q' D_tτ", Matrix(first_order), Matrix(claimed), scope=scope)
        check.identity(f"{label}: velocity_variation(ξ, τ) is that variation", Matrix(velocity_variation(xi, x, t, tau)),
                       Matrix(claimed), scope=scope)


remark("noether.velocity_variation_with_time_reparametrisation",
       title="With time reparametrisation the velocity changes by D_tξ − vD_tτ",
       statement=r"Along a motion, under $q\mapsto q+s\xi$, $t\mapsto t+s\tau$, the velocity changes to first order "
                 r"by $D_t\xi-vD_t\tau$ (the general case of \texttt{noether.time_reparametrisation_noether_identity}).",
       source=f"{SEED}: '… along a motion the velocity changes by D_tξ − vD_tτ in the general case treated later.'",
       uses=[DEFINITION_19, CHAIN_111])(lambda check: check_velocity_variation(check))


# ---------------------------------------------------------------------------
# #90, #91, #92: the cited Noether theorems
# ---------------------------------------------------------------------------

def _generic_curve_data(n: int, reparametrised: bool):
    x = coordinates(n)
    L = Function("L")(t, *x, *_velocities(x))
    xi_args = (t, *x) if reparametrised else tuple(x)
    xi = [Function(f"xi{i + 1}")(*xi_args) for i in range(n)]
    tau = Function("tau")(t, *x) if reparametrised else 0
    return x, L, xi, tau, Function("B")(t, *x)


def general_charge_n(Lv, xi, B, E, tau):
    """p·ξ − Eτ − B (every n: p = 𝓛_v, ξ n×1, E, τ, B 1×1 matrix expressions)."""
    return Lv.T * xi - E * tau - B


def _every_n_noether_identity(check, *, reparametrised, charge_n):
    """Every n: D_t(p·ξ − Eτ − B) = residual + EL·(ξ − vτ), from the product rule alone.

    The values at the point are MatrixSymbols: 𝓛_q, 𝓛_v, ξ, v, w (n×1) and 𝓛, 𝓛_t, τ, B (1×1); D_t acts as a
    derivation with D_t v = w, D_t𝓛 = 𝓛_t + 𝓛_q·v + 𝓛_v·w (the chain rule, #22) and abstract rates D_t𝓛_v, D_tξ,
    D_tτ, D_tB.  τ = 0 is the point-symmetry case of #90.
    """
    vec, one = (lambda name: MatrixSymbol(name, N_DIM, 1)), (lambda name: MatrixSymbol(name, 1, 1))
    v, w, Lq, Lv, Lv_rate, xi, xi_rate = (vec(x) for x in ("v", "w", "L_q", "L_v", "DtL_v", "xi", "Dtxi"))
    L, Lt, B, B_rate = (one(x) for x in ("L", "L_t", "B", "DtB"))
    tau, tau_rate = (one("tau"), one("Dttau")) if reparametrised else (ZeroMatrix(1, 1), ZeroMatrix(1, 1))
    rates = {v: w, Lv: Lv_rate, xi: xi_rate, tau: tau_rate, B: B_rate, L: Lt + Lq.T * v + Lv.T * w}

    def Dt(e):
        return matrix_derivative(e, lambda a: rates.get(a, ZeroMatrix(*a.shape) if isinstance(a, MatrixExpr)
                                                        else sympy.S.Zero)).doit()
    E = Lv.T * v - L
    residual = reparametrised_residual_n(Lt, Lq, Lv, L, v, xi, xi_rate, tau, tau_rate, B_rate)
    el = Lv_rate - Lq
    label = "p·ξ − Eτ − B" if reparametrised else "𝓛_v·ξ − B"
    check.identity(f"every n: D_t({label}) = residual + EL·(ξ − vτ)" if reparametrised
                   else f"every n: D_t({label}) = residual + EL·ξ",
                   scalar_form(Dt(charge_n(Lv, xi, B, E, tau))), scalar_form(residual + el.T * (xi - v * tau)),
                   scope="symbolic, every n: 𝓛_q, 𝓛_v, ξ, v = q', w = q'' n×1 MatrixSymbols (n a symbol), 𝓛, 𝓛_t, τ, B "
                         "1×1; D_t by the product rule with D_t𝓛 = 𝓛_t + 𝓛_q·v + 𝓛_v·w")


def _noether_identity_checks(check, *, n_curves, n_jets, reparametrised):
    """dC/dt = residual + EL·(ξ − vτ) for generic data: with curves (sympy's d/dt) and with jet Symbols."""
    label = "p·ξ − Eτ − B" if reparametrised else "𝓛_v·ξ − B"
    for n in n_curves:
        x, L, xi, tau, B = _generic_curve_data(n, reparametrised)
        el = euler_lagrange(L, x, t)
        rhs = symmetry_residual(L, x, t, xi, B, tau=tau) + euclidean_inner_product(
            el, [e - xd * tau for e, xd in zip(xi, _velocities(x))])
        check.identity(f"n = {n}: d/dt ({label}) = residual + EL·(ξ − vτ) along every curve",
                       sympy.diff(noether_charge(L, x, t, xi, B, tau=tau), t), rhs,
                       scope=f"symbolic, generic 𝓛(t, q, v), ξ, {'τ, ' if reparametrised else ''}B, q(t), n = {n}")
    for n in n_jets:
        q, v = list(QJ[:n]), list(VJ[:n])
        L = Function("L")(TJ, *q, *v)
        xi = [Function(f"xi{i + 1}")(*((TJ, *q) if reparametrised else q)) for i in range(n)]
        tau = Function("tau")(TJ, *q) if reparametrised else 0
        B = Function("B")(TJ, *q)
        el = [total_derivative(sympy.diff(L, w), q, TJ, v=v, a=AJ[:n]) - sympy.diff(L, x) for w, x in zip(v, q)]
        rhs = symmetry_residual(L, q, TJ, xi, B, tau=tau, v=v) + euclidean_inner_product(
            el, [e - w * tau for e, w in zip(xi, v)])
        charge = noether_charge(L, q, TJ, xi, B, tau=tau, v=v)
        check.identity(f"n = {n}: D_t({label}) = residual + EL·(ξ − vτ) in jet Symbols",
                       total_derivative(charge, q, TJ, v=v, a=AJ[:n]), rhs,
                       scope=f"symbolic, generic data, n = {n}, jets (t, q, v, a) with D_t = ∂_t + v·∂_q + a·∂_v")


def _conservation_proof(n: int = 1) -> Proof:
    """Identity = 0 and EL = 0 give D_tC = 0 (certificate: D_tC = 1·residual + Σ ξ_i EL_i), generic data in jets."""
    q, v, a = list(QJ[:n]), list(VJ[:n]), list(AJ[:n])
    L = Function("L")(TJ, *q, *v)
    xi = [Function(f"xi{i + 1}")(*q) for i in range(n)]
    B = Function("B")(TJ, *q)
    p = Proof("the charge is constant along Euler–Lagrange solutions")
    labels = [p.hypothesis("symmetry", (symmetry_residual(L, q, TJ, xi, B, v=v), 0), assumption=H_SYMMETRY,
                           note="H: the symmetry identity")]
    labels += [p.hypothesis(f"EL_{i + 1}", (total_derivative(sympy.diff(L, w), q, TJ, v=v, a=a) - sympy.diff(L, x), 0),
                            assumption=H_SOLUTION, note="H2: d/dt 𝓛_v − 𝓛_q = 0 along q")
               for i, (w, x) in enumerate(zip(v, q))]
    p.algebra("conserved", labels, (total_derivative(noether_charge(L, q, TJ, xi, B, v=v), q, TJ, v=v, a=a), 0),
              certificate=[1] + xi)
    p.conclude("conserved")
    return p


def check_charge_conserved(check, *, charge=noether_charge, n_curves=(1,), proof_dims=(2,), charge_n=general_charge_n):
    """dC/dt = [symmetry residual] + (d/dt 𝓛_v − 𝓛_q)·ξ; hence C is constant along EL solutions of a symmetry.

    ``charge(L, q, t, xi, B)`` is the claimed charge used on the concrete system.  The identity is checked with
    curves (sympy's own d/dt) for ``n_curves`` and, as the algebra step of the checked proof, in jets for ``proof_dims``.
    """
    _every_n_noether_identity(check, reparametrised=False, charge_n=charge_n)
    _noether_identity_checks(check, n_curves=n_curves, n_jets=(), reparametrised=False)
    for n in proof_dims:
        check.proof(f"symmetry + EL ⇒ dC/dt = 0 (n = {n})", _conservation_proof(n),
                    scope=f"symbolic, generic 𝓛(t, q, v), ξ(q), B(t, q), n = {n}, jets (t, q, v, a); the algebra step "
                          "is the identity D_tC = residual + EL·ξ")
    x = coordinates(2)
    F = Symbol("F", nonzero=True)
    forced = potential_lagrangian(-F * x[0], x)
    check.fact("uniform force 𝓛 = ½m|v|² + F q₁, (ξ, B) = (e₁, F t): a symmetry whose charge m q₁' − F t is a first "
               "integral", is_point_symmetry(forced, x, t, [1, 0], F * t)
               and is_first_integral(charge(forced, x, t, [1, 0], F * t), forced, x, t), scope="symbolic, m > 0, F ≠ 0")
    q = coordinates(2)
    L = potential_lagrangian(q[0], q, 1)
    fall = [-t**2 / 2, 0]
    C = noether_charge(L, q, t, [1, 0])
    rate = sympy.expand(_along(sympy.diff(C, t), q, fall))
    residual = symmetry_residual(L, q, t, [1, 0])
    check.necessary(H_SYMMETRY, "𝓛 = ½|v|² − q₁, ξ = e₁, B = 0, q = (−t²/2, 0)", violates=[
        (f"(e₁, 0) is not a point symmetry (residual {residual})", not is_point_symmetry(L, q, t, [1, 0]), "symbolic")],
        others_hold={H_SOLUTION: [(f"q = {fall} solves the Euler–Lagrange equation", H_SOLUTION.holds_for((L, q, fall)),
                                   "symbolic")]},
        instances={H_SOLUTION: (L, q, fall)},
        conclusion_fails=[(f"C = {sympy.sstr(C)} has dC/dt = {rate} ≠ 0", rate == -1, "symbolic")], scope="n = 2")
    _free_particle_witness(check, [1, 0], 0, "ξ = e₁, B = 0")


def _free_particle_witness(check, xi, tau, generator: str):
    """H2 necessity for #90/#91: the free particle, a symmetry of it, and the curve q = (t², 0), not a solution."""
    q = coordinates(2)
    L = potential_lagrangian(0, q, 1)
    curve = [t**2, 0]
    rate = sympy.expand(_along(sympy.diff(noether_charge(L, q, t, xi, tau=tau), t), q, curve))
    check.necessary(H_SOLUTION, f"𝓛 = ½|v|², {generator}, q = (t², 0)", violates=[
        ("q is not an Euler–Lagrange solution", not H_SOLUTION.holds_for((L, q, curve)), "symbolic")],
        others_hold={h: [("the symmetry identity holds", is_point_symmetry(L, q, t, xi, tau=tau), "symbolic")]
                     for h in (H_SYMMETRY, H_REPARAMETRISED) if check.item is None or h in check.item.assumes},
        instances={H_SOLUTION: (L, q, curve)},
        conclusion_fails=[(f"dC/dt = {sympy.sstr(rate)} ≢ 0 along q", rate.subs(t, 1).is_nonzero is True, "symbolic")],
        scope="n = 2")


cited(THEOREM_90, cited_kind="theorem",
      title="The charge of an infinitesimal point symmetry is constant along Euler-Lagrange solutions",
      statement=r"If $(\xi,B)$ is an infinitesimal point symmetry of $\mathcal L$ and $q$ is a $C^2$ Euler--Lagrange "
                r"solution, then $C(t,q(t),q'(t))$ is constant. (Checked identity: $\frac{d}{dt}C=[\text{symmetry "
                r"residual}]+(\frac{d}{dt}\mathcal L_v-\mathcal L_q)\cdot\xi$ along every curve.)",
      source="cited: 001 'The charge of an infinitesimal point symmetry is constant along Euler-Lagrange solutions'",
      uses=[DEFINITION_19, CHART_77, ZERO_DERIVATIVE], assumes=[H_SYMMETRY, H_SOLUTION],
      avoids=[REACTION_LAW])(lambda check: check_charge_conserved(check))


def check_time_reparametrisation(check, *, charge=noether_charge, n_jets=(2,), charge_n=general_charge_n):
    """d/dt(p·ξ − Eτ − B) = residual + EL·(ξ − vτ); energy, boost and dilation cases; witnesses for the hypotheses.

    ``charge(L, q, t, xi, B, tau)`` is the claimed charge used on the dilation example.
    """
    _every_n_noether_identity(check, reparametrised=True, charge_n=charge_n)
    _noether_identity_checks(check, n_curves=(), n_jets=n_jets, reparametrised=True)
    q, v = list(QJ), list(VJ)
    L = Function("L")(*q, *v)
    scope = "symbolic, generic autonomous 𝓛(q, v), n = 2"
    check.fact("energy case: (ξ, τ, B) = (0, 1, 0) satisfies the identity for autonomous 𝓛",
               is_point_symmetry(L, q, TJ, [0, 0], tau=1, v=v), scope=scope)
    check.identity("and its charge is −E, E = 𝓛_v·v − 𝓛", noether_charge(L, q, TJ, [0, 0], tau=1, v=v),
                   -energy(L, q, TJ, v=v), scope=scope)
    Lt = Function("L")(TJ, *q, *v)
    el = [total_derivative(sympy.diff(Lt, w), q, TJ, v=v, a=AJ) - sympy.diff(Lt, x) for w, x in zip(v, q)]
    check.identity("dE/dt = v·EL − 𝓛_t (so dE/dt = v·EL for autonomous 𝓛)",
                   total_derivative(energy(Lt, q, TJ, v=v), q, TJ, v=v, a=AJ),
                   euclidean_inner_product(v, el) - sympy.diff(Lt, TJ), scope="symbolic, generic 𝓛(t, q, v), n = 2, jets")
    y = coordinates(1)
    inverse_square = potential_lagrangian(k / y[0]**2, y)
    dilation = is_point_symmetry(inverse_square, y, t, [y[0]], tau=2 * t)
    dilation_charge = charge(inverse_square, y, t, [y[0]], 0, 2 * t)
    check.fact("dilation of 𝓛 = ½m v² − k/q²: (ξ, τ, B) = (q, 2t, 0) satisfies the identity (τ ≠ 0 is needed)",
               dilation and not is_point_symmetry(inverse_square, y, t, [y[0]]), scope="symbolic, m, k > 0")
    check.fact(f"and p·ξ − Eτ − B = {sympy.sstr(dilation_charge)} is a first integral",
               is_first_integral(dilation_charge, inverse_square, y, t), scope="symbolic, m, k > 0")
    x = coordinates(2)
    U = U0(t, x[1])
    boost_L = potential_lagrangian(U, x)
    check.fact("boost case: (t e₁, 0, m q₁) satisfies the identity for U₀ = U₀(t, q₂)",
               is_point_symmetry(boost_L, x, t, [t, 0], m * x[0], tau=0), scope="symbolic, generic U₀(t, q₂), n = 2")
    y = coordinates(1)
    forced = potential_lagrangian(-t * y[0], y, 1)
    motion = [t**3 / 6]
    E = energy(forced, y, t)
    rate = sympy.expand(_along(sympy.diff(E, t), y, motion))
    check.necessary(H_REPARAMETRISED, "𝓛 = ½v² + t q, τ = 1, ξ = 0, B = 0, q = t³/6", violates=[
        ("the identity fails: residual 𝓛_t = q ≢ 0", not is_point_symmetry(forced, y, t, [0], tau=1), "symbolic")],
        others_hold={H_SOLUTION: [("q = t³/6 solves q'' = t", H_SOLUTION.holds_for((forced, y, motion)), "symbolic")]},
        instances={H_SOLUTION: (forced, y, motion)},
        conclusion_fails=[(f"dE/dt = {sympy.sstr(rate)} ≢ 0 along it", rate.subs(t, 1).is_nonzero is True, "symbolic")],
        scope="n = 1")
    _free_particle_witness(check, [0, 0], 1, "time translation τ = 1")


cited(THEOREM_91, cited_kind="theorem",
      title="Noether identity for point transformations with time reparametrisation: the conserved charge p·ξ − Eτ − B",
      statement=r"For $\xi(t,q)$, $\tau(t,q)$, $B(t,q)$ with $\mathcal L_t\tau+\mathcal L_q\cdot\xi+\mathcal L_v\cdot(D_t\xi"
                r"-vD_t\tau)+\mathcal LD_t\tau=D_tB$, the charge $p\cdot\xi-E\tau-B$ ($p=\mathcal L_v$, "
                r"$E=p\cdot v-\mathcal L$) is constant along Euler--Lagrange solutions. (Checked identity: "
                r"$\frac{d}{dt}(p\cdot\xi-E\tau-B)=[\text{residual}]+(\frac{d}{dt}\mathcal L_v-\mathcal L_q)\cdot(\xi-v\tau)$; "
                r"time translation $\tau=1$ is the energy case, $\xi=ta$ the boost.)",
      source="cited: 001 'Noether identity for point transformations with time reparametrisation: the conserved charge "
             "p·ξ − Eτ − B'",
      uses=[DEFINITION_19, CHART_77, ZERO_DERIVATIVE], assumes=[H_REPARAMETRISED, H_SOLUTION],
      avoids=[REACTION_LAW])(lambda check: check_time_reparametrisation(check))


def check_scope(check, *, stiffness=k):
    """Same chart ℝ², two Lagrangians: ξ = e₁ is a symmetry of one only; time translation gives the energy."""
    x = coordinates(2)
    free = potential_lagrangian(0, x)
    harmonic = potential_lagrangian(stiffness * euclidean_inner_product(x, x) / 2, x)
    check.fact("ξ = e₁ is a point symmetry of the free 𝓛 on ℝ² …", is_point_symmetry(free, x, t, [1, 0]))
    broken = is_point_symmetry(harmonic, x, t, [1, 0])
    check.fact(f"… but not of the harmonic 𝓛 on the same ℝ² (residual {sympy.sstr(broken.witness)})", broken,
               expect=False, scope="symbolic, k > 0")
    check.fact("time translation (ξ, τ, B) = (0, 1, 0) is a symmetry of the harmonic 𝓛",
               is_point_symmetry(harmonic, x, t, [0, 0], tau=1), scope="symbolic, k > 0")
    check.identity("its charge is −E", noether_charge(harmonic, x, t, [0, 0], tau=1), -energy(harmonic, x, t))
    check.fact("and E is a first integral", is_first_integral(energy(harmonic, x, t), harmonic, x, t))
    driven = potential_lagrangian(stiffness * t * x[0]**2 / 2, x)
    check.fact("for the time-dependent 𝓛 = ½m|v|² − (k/2) t q₁² time translation is no symmetry",
               is_point_symmetry(driven, x, t, [0, 0], tau=1), expect=False, scope="symbolic, k > 0")
    check.fact("and E is not a first integral", is_first_integral(energy(driven, x, t), driven, x, t), expect=False)


cited(SCOPE_92, cited_kind="remark",
      title="Scope of point symmetries: symmetries belong to the Lagrangian, not to the configuration space, and time "
            "translation is the energy case",
      statement=r"A symmetry is a property of $\mathcal L$, not of the configuration space (on the same $\mathbb R^2$, "
                r"$\xi=e_1$ is a symmetry of the free Lagrangian and not of the harmonic one); time translation "
                r"($\tau=1$) is the energy case of the reparametrised identity.",
      source="cited: 001 'Scope of point symmetries: symmetries belong to the Lagrangian, not to the configuration space, "
             "and time translation is the energy case'",
      uses=[DEFINITION_19, THEOREM_91])(lambda check: check_scope(check))
