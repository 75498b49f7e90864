"""Seed 001's Noether statements: the potential chart, its three conserved charges, and point symmetries.

This file contains

* the definition ``lagrangian.potential_mechanical_chart`` (#3: 𝓛 = ½m|v|² − U₀, EL equation m q'' = −∇U₀),
  with :func:`potential_lagrangian` and the hypotheses ``noether.h_potential_chart``,
  ``noether.h_euler_lagrange_solution``, ``noether.h_translation_invariant_potential``,
  ``noether.h_rotation_invariant_potential``;
* the theorems ``noether.translation_momentum_conservation`` (#4), ``noether.rotation_angular_momentum_conservation``
  (#5) and ``noether.galilean_boost_charge_conservation`` (#6), each with symbolic identities for a generic
  U₀(t, q) (for every n in #4 and #6: the jet as n×1 MatrixSymbols, see below), a checked proof (the Noether
  argument dC/dt = residual + EL·ξ), the toolkit on generic invariant potentials (a generic function W of the
  invariants, for a generic a), random polynomial symmetric potentials as supporting checks, and necessity witnesses
  for the symmetry hypothesis and for H2;
* the remarks ``noether.boost_noether_identity_remark`` (#7: the boost needs the time-dependent ξ = t a, outside
  definition #19), ``noether.solution_constancy_not_chart_symmetry`` (#8) and the counterexample
  ``noether.confining_potential_breaks_boost`` (#9);
* the definition ``noether.infinitesimal_point_symmetry_definition`` (#19) and its remarks #20–#23;
* the cited results ``noether.point_symmetry_charge_conserved`` (#90),
  ``noether.time_reparametrisation_noether_identity`` (#91) and ``noether.scope_of_point_symmetries`` (#92).

The toolkit used throughout is :mod:`theorems.symmetry`.  Coordinates are functions of t (the convention of
:func:`theorems.variational.euler_lagrange`); the pointwise identities of #19–#21, the checked proof of #90 and
the identity of #91 use jet Symbols (t, q, v, a), where ``D_t = ∂_t + v·∂_q + a·∂_v`` (checked against sympy's
chain rule in #22; #90's identity is also checked with curves, through sympy's own d/dt).  The generic symbolic
parts take their dimensions as parameters (``dims``, ``generic_dims``, ...), which may be empty: every verifier
also checks concrete instances, so the soundness tests can run mutated claims at small sizes.  Each verifier is a
plain function ``check_*(check, **claim)`` whose keyword parameters are the data of the claim with the true values as
defaults; the soundness tests run it on mutated claims.

Every n.  The identities of #4, #6, #7, #23, #90 and #91 are also checked for a symbolic dimension n: the values at
one point of the jet (q, v = q', w = q''), of a and of ∇U₀ (or of 𝓛_q, 𝓛_v, ...) are n×1 MatrixSymbols, D_t is
computed by the product rule (:func:`matrix_derivative`, :func:`matrix_total_derivative`), and the kernel reduces
lhs − rhs with sympy's matrix-expression algebra for every size (:func:`scalar_form` writes each 1×1 term of a side
in one orientation, as a 1×1 matrix equals its transpose).  Items whose generic 𝓛 has no matrix form (#19–#22) are
checked for n = 1, 2, 3 and say so (``scope="n <= 3"``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import sympy
from hypothesis import strategies as st
from sympy import Function, MatAdd, Matrix, MatrixExpr, MatrixSymbol, MatMul, Symbol, Transpose, ZeroMatrix

from checker import Proof, cited, counterexample, definition, hypothesis, remark, theorem
from checker.items import stated
from theorems.analytic_facts import ZERO_DERIVATIVE
from theorems.linalg import euclidean_inner_product
from theorems.strategies import rationals
from theorems.symmetry import (energy, euler_lagrange_accelerations, generator_depends_on_time, invariant_potentials,
                               is_first_integral, is_point_symmetry, noether_charge, rotation_invariants,
                               symmetry_residual, total_derivative, translation_invariants, velocity_variation)
from theorems.variational import euler_lagrange

__all__ = [
    "potential_lagrangian", "is_potential_chart", "is_euler_lagrange_solution", "coordinates",
    "H_POTENTIAL", "H_SOLUTION", "H_TRANSLATION", "H_ROTATION", "H_SYMMETRY", "H_REPARAMETRISED",
    "translation_charge", "angular_momentum", "boost_charge",
    "check_potential_chart", "check_translation", "check_rotation", "check_boost", "check_boost_identity",
    "check_solution_constancy", "check_confining_breaks_boost", "check_point_symmetry_definition",
    "check_first_order_reading", "check_constant_field_case", "check_total_derivative_operator",
    "check_velocity_variation", "check_charge_conserved", "check_time_reparametrisation", "check_scope",
]

SEED = "seed 001_2e69a9934e04987b.txt"
CHART_77 = "lagrangian.time_dependent_chart_action_first_variation"
INNER_78 = "linalg.euclidean_inner_product"
CHAIN_111 = "calculus.chain_rule_total_derivative"
REACTION_LAW = "holonomic.ideal_reaction_law"
POTENTIAL_CHART = "lagrangian.potential_mechanical_chart"
TRANSLATION = "noether.translation_momentum_conservation"
ROTATION = "noether.rotation_angular_momentum_conservation"
BOOST = "noether.galilean_boost_charge_conservation"
BOOST_REMARK = "noether.boost_noether_identity_remark"
DEFINITION_19 = "noether.infinitesimal_point_symmetry_definition"
PARTIALS_89 = "calculus.directional_and_partial_derivatives"
THEOREM_90 = "noether.point_symmetry_charge_conserved"
THEOREM_91 = "noether.time_reparametrisation_noether_identity"
SCOPE_92 = "noether.scope_of_point_symmetries"

t = Symbol("t", real=True)
m = Symbol("m", positive=True)
k = Symbol("k", positive=True)
g = Symbol("g", positive=True)
c = Symbol("c", nonzero=True)
U0 = Function("U0")


# ---------------------------------------------------------------------------
# the potential chart and its hypotheses
# ---------------------------------------------------------------------------

def coordinates(n: int) -> list:
    """``[q1(t), …, qn(t)]``."""
    return [Function(f"q{i + 1}")(t) for i in range(n)]


def _velocities(q) -> list:
    return [qi.diff(t) for qi in q]


def _direction(n: int) -> list:
    return list(sympy.symbols(f"a1:{n + 1}", real=True))


def potential_lagrangian(U, q, mass=m):
    """𝓛 = ½ m |q'|² − U₀(t, q) (coordinates q_i(t))."""
    v = _velocities(q)
    return mass * euclidean_inner_product(v, v) / 2 - U


def _gradient(U, q) -> list:
    return [sympy.diff(U, qi) for qi in q]


def _el_relations(U, q, mass=m) -> dict:
    """q_i'' = −∂_iU₀/m (the Euler–Lagrange equation of the potential chart)."""
    return {qi.diff(t, 2): -sympy.diff(U, qi) / mass for qi in q}


def is_potential_chart(L, q, mass=m) -> bool:
    """Is 𝓛 − ½m|q'|² free of velocities (𝓛 = ½m|v|² − U₀(t, q)) with m > 0?"""
    rest = sympy.expand(L - potential_lagrangian(0, q, mass))
    return bool(sympy.sympify(mass).is_positive) and all(sympy.diff(rest, vi) == 0 for vi in _velocities(q))


def _along(expr, q, curve):
    """``expr`` evaluated along the curve q_i(t) = curve_i(t)."""
    return sympy.sympify(expr).subs(dict(zip(q, curve))).doit()


def is_euler_lagrange_solution(L, q, curve) -> bool:
    """Does the explicit curve make every Euler–Lagrange residual of 𝓛 vanish?"""
    return all(_reduced(_along(e, q, curve)) == 0 for e in euler_lagrange(L, q, t))


def _cancelled(expr):
    return sympy.cancel(sympy.expand(expr))


def _reduced(expr):
    """``expand`` then ``cancel``; ``simplify`` only for what survives (trigonometric curves)."""
    expr = _cancelled(expr)
    return expr if expr == 0 else sympy.simplify(expr)


H_POTENTIAL = hypothesis(
    "noether.h_potential_chart",
    "𝓛(t, q, v) = ½m|v|² − U₀(t, q) with m > 0 and U₀ ∈ C²((a₀−ε, b₀+ε) × U) (the potential chart)",
    predicate=lambda instance: is_potential_chart(*instance),
    source=f"{SEED}: 'let U₀ : (a₀−ε, b₀+ε) × U → ℝ be of class C², and let 𝓛(t,q,v) := ½m|v|² − U₀(t,q)'")
H_SOLUTION = hypothesis(
    "noether.h_euler_lagrange_solution",
    "q : I → U is a C² Euler–Lagrange solution of 𝓛 on an open interval I (in the seed's clauses "
    "[a₀, b₀] ⊆ I ⊆ (a₀−ε, b₀+ε))",
    predicate=lambda instance: is_euler_lagrange_solution(*instance),
    source=f"{SEED}: 'Let q : I → U be a C² Euler–Lagrange solution on an open interval [a₀,b₀] ⊆ I ⊆ (a₀−ε,b₀+ε)'")
H_TRANSLATION = hypothesis(
    "noether.h_translation_invariant_potential",
    "a ∈ ℝⁿ and a·∇_qU₀(t, q) = 0 for every (t, q) (clause 1; clause 3 states the same condition 'on the whole chart')",
    predicate=lambda instance: sympy.expand(euclidean_inner_product(instance[2], _gradient(instance[0], instance[1]))) == 0,
    source=f"{SEED}: clause 1 'a·∇_qU₀(t,q) = 0 for every (t,q)'; clause 3 'a·∇_qU₀ = 0 on the whole chart'")
H_ROTATION = hypothesis(
    "noether.h_rotation_invariant_potential",
    "n = 3, a ∈ ℝ³ and (a × q)·∇U₀(t, q) = 0 for every (t, q)",
    source=f"{SEED}: clause 2 'if n = 3, a ∈ ℝ³ and (a×q)·∇U₀(t,q) = 0 for every (t,q)'")
H_SYMMETRY = hypothesis(
    "noether.h_point_symmetry",
    "(ξ, B) is an infinitesimal point symmetry of 𝓛: 𝓛_q·ξ(q) + 𝓛_v·Dξ(q)v = B_t + B_q·v on O",
    source=f"{SEED}: 'The pair (ξ,B) is an infinitesimal point symmetry of 𝓛 when the identity … holds'")
H_REPARAMETRISED = hypothesis(
    "noether.h_reparametrised_symmetry",
    "(ξ(t,q), τ(t,q), B(t,q)) satisfies 𝓛_tτ + 𝓛_q·ξ + 𝓛_v·(D_tξ − vD_tτ) + 𝓛D_tτ = D_tB on O",
    source="cited: 001 'Noether identity for point transformations with time reparametrisation'")


def check_potential_chart(check, *, dims=(1, 2, 3), gradient_sign=1, mass_power=1):
    """EL(½m|v|² − U₀) = m q'' + ∇U₀ for a generic U₀(t, q) (and a polynomial one); q'' = −∇U₀/m from the toolkit."""
    q2 = coordinates(2)
    cases = [(coordinates(n), f"generic U₀(t, q), n = {n}") for n in dims] + [(q2, "U₀ = t q₁²q₂ − q₂³, n = 2")]
    for q, label in cases:
        U = U0(t, *q) if label.startswith("generic") else t * q[0]**2 * q[1] - q[1]**3
        L = potential_lagrangian(U, q)
        check.identity(f"{label}: euler_lagrange(½m|v|² − U₀) = m q'' + ∇U₀", Matrix(euler_lagrange(L, q, t)),
                       Matrix([m * qi.diff(t, 2) + gradient_sign * dU for qi, dU in zip(q, _gradient(U, q))]),
                       scope=f"symbolic, {label}")
        check.identity(f"{label}: euler_lagrange_accelerations gives q'' = −∇U₀/m",
                       Matrix(euler_lagrange_accelerations(L, q, t)),
                       Matrix([-dU / m**mass_power for dU in _gradient(U, q)]), scope=f"symbolic, {label}")
    check.fact("H1's predicate accepts ½m|v|² − U₀ and rejects ½m|v|² + q1 q2' − U₀ (velocity-dependent potential part)",
               H_POTENTIAL.holds_for((potential_lagrangian(U0(t, *q2), q2), q2))
               and not H_POTENTIAL.holds_for((potential_lagrangian(U0(t, *q2), q2) + q2[0] * q2[1].diff(t), q2)),
               method="computation", scope="n = 2")


definition(POTENTIAL_CHART, title="The potential mechanical Lagrangian chart ½m|v|² − U₀(t, q)",
           statement=r"Let $n\ge1$, $m>0$, reals $a_0<b_0$, $\epsilon>0$, $U\subseteq\mathbb R^n$ open and nonempty, "
                     r"$U_0:(a_0-\epsilon,b_0+\epsilon)\times U\to\mathbb R$ of class $C^2$, and "
                     r"$\mathcal L(t,q,v):=\tfrac12 m|v|^2-U_0(t,q)$ the corresponding Lagrangian chart. Its "
                     r"Euler--Lagrange equation is $m q''=-\nabla_qU_0(t,q)$.",
           source=f"{SEED}: 'Let n ≥ 1, let m > 0, … let 𝓛(t,q,v) := ½m|v|² − U₀(t,q) be the corresponding "
                  "Lagrangian chart'",
           uses=[CHART_77, INNER_78], assumes=[H_POTENTIAL])(lambda check: check_potential_chart(check))


# ---------------------------------------------------------------------------
# every n: the jet (q, v = q', w = q'') as n×1 MatrixSymbols of symbolic size n
# ---------------------------------------------------------------------------

N_DIM = Symbol("n", integer=True, positive=True)
QN, VN, WN, AN, GN = (MatrixSymbol(name, N_DIM, 1) for name in ("q", "v", "w", "a", "G"))  # G = ∇U₀(t, q)
_UN = MatrixSymbol("u", N_DIM, 1)


def matrix_derivative(expr, leaf):
    """The derivative of a matrix expression by the product rule; ``leaf(atom)`` differentiates a matrix symbol or a
    scalar factor (zero for what does not depend on the variable)."""
    if isinstance(expr, MatAdd):
        return MatAdd(*[matrix_derivative(arg, leaf) for arg in expr.args])
    if isinstance(expr, MatMul):
        terms = []
        for i, arg in enumerate(expr.args):
            d = matrix_derivative(arg, leaf)
            if d == 0 or isinstance(d, ZeroMatrix):
                continue
            terms.append(MatMul(*expr.args[:i], d, *expr.args[i + 1:]))
        return MatAdd(*terms) if terms else ZeroMatrix(*expr.shape)
    if isinstance(expr, Transpose):
        return matrix_derivative(expr.arg, leaf).T
    return leaf(expr)


def _direction_rule(variable, direction):
    """Leaf rule of the directional derivative variable ↦ direction (scalars and other symbols are constant)."""
    return lambda e: direction if e == variable else (ZeroMatrix(*e.shape) if isinstance(e, MatrixExpr) else sympy.S.Zero)


def _time_partial(e):
    return ZeroMatrix(*e.shape) if isinstance(e, MatrixExpr) else sympy.diff(e, t)


def matrix_total_derivative(expr):
    """D_t = ∂_t + v·∂_q + w·∂_v of a matrix expression in (t, q, v) (q, v, w n×1 MatrixSymbols, every n)."""
    return MatAdd(matrix_derivative(expr, _time_partial), matrix_derivative(expr, _direction_rule(QN, VN)),
                  matrix_derivative(expr, _direction_rule(VN, WN))).doit()


def matrix_momentum_along(u):
    """𝓛_v·u for 𝓛 = ½m vᵀv − U₀(t, q): the derivative of ½m vᵀv in the direction u."""
    return matrix_derivative(m * VN.T * VN / 2, _direction_rule(VN, u)).doit()


def matrix_euler_lagrange_along(xi):
    """(d/dt 𝓛_v − 𝓛_q)·ξ with 𝓛_q = −G: D_t(𝓛_v·u) + G·u at a constant u, then u = ξ (it is linear in u)."""
    return (matrix_total_derivative(matrix_momentum_along(_UN)) + GN.T * _UN).xreplace({_UN: xi})


def matrix_symmetry_residual(xi, B):
    """𝓛_q·ξ + 𝓛_v·D_tξ − D_tB for the potential chart (𝓛_q = −G), every n."""
    return -GN.T * xi + matrix_momentum_along(matrix_total_derivative(xi)) - matrix_total_derivative(B)


def matrix_noether_charge(xi, B):
    """𝓛_v·ξ − B for the potential chart, every n."""
    return matrix_momentum_along(xi) - B


def scalar_form(expr):
    """A 1×1 matrix expression expanded, each 1×1 term written in one orientation (a 1×1 matrix is its transpose).

    Each side of an every-n identity is put in this form separately: the kernel then reduces lhs − rhs itself."""
    e = sympy.sympify(expr).doit().expand().doit()
    terms = e.args if isinstance(e, MatAdd) else (e,)
    out = [min(term, term.T.doit(), key=sympy.default_sort_key) if getattr(term, "shape", None) == (1, 1) else term
           for term in terms]
    return MatAdd(*out).doit() if len(out) > 1 else out[0]


def _every_n_checks(check, clause, *, charge_n, B_n):
    """Every n: D_tC = ξ·EL + factor·S, the symmetry residual of (ξ, B) is factor·S, and its charge is C."""
    xi, B = clause.matrix_xi(), B_n(QN, AN)
    C, S, factor = charge_n(QN, VN, AN), AN.T * GN, clause.factor()  # S = a·∇U₀: #4 and #6 share the condition
    scope = ("symbolic, every n: q, v = q', w = q'', a and G = ∇U₀(t, q) are n×1 MatrixSymbols (n a symbol), "
             "U₀ generic (only its gradient G enters)")
    term = "−S" if factor == -1 else f"−{sympy.sstr(-factor)}·S"
    check.identity(f"every n: D_t{clause.name} = ξ·EL + ({term}), EL = m q'' + ∇U₀ and S = a·∇U₀ "
                   f"(so {clause.name}' = 0 along EL solutions when S = 0)", scalar_form(matrix_total_derivative(C)),
                   scalar_form(matrix_euler_lagrange_along(xi) + factor * S), scope=scope)
    check.identity(f"every n: the symmetry residual of (ξ, B) is {term}", scalar_form(matrix_symmetry_residual(xi, B)),
                   scalar_form(factor * S), scope=scope)
    check.identity(f"every n: the charge 𝓛_v·ξ − B is {clause.name}", scalar_form(matrix_noether_charge(xi, B)),
                   scalar_form(C), scope=scope)


# ---------------------------------------------------------------------------
# the three clauses (#4, #5, #6): one pattern, three data sets
# ---------------------------------------------------------------------------

def translation_charge(q, a, mass=m):
    """P_a = m a·q'."""
    return mass * euclidean_inner_product(a, _velocities(q))


def angular_momentum(q, a, mass=m):
    """J_a = m (q × q')·a (n = 3)."""
    return mass * euclidean_inner_product(Matrix(q).cross(Matrix(_velocities(q))), a)


def boost_charge(q, a, mass=m):
    """K_a = a·(t m q' − m q)."""
    return euclidean_inner_product(a, [t * mass * vi - mass * qi for qi, vi in zip(q, _velocities(q))])


def _cross(a, q) -> list:
    return list(Matrix(a).cross(Matrix(q)))


@dataclass(frozen=True)
class _Clause:
    """The data of one clause: charge C, generator (ξ, B), the symmetry condition S(U, q, a) and C' = factor·S."""

    name: str
    symmetry: object  # the hypothesis H3
    charge: Callable
    xi: Callable
    B: Callable
    condition: Callable  # S(U, q, a): the expression the hypothesis requires to vanish
    factor: Callable  # dC/dt = factor(t) · S along EL solutions
    symmetric_potential: Callable  # a generic U₀ with the symmetry for a = e_1 (or e_3)
    axis: Callable  # the a for which symmetric_potential is symmetric
    invariants: Callable  # (a, q) -> invariant functions
    invariant_potential: Callable  # (q, a) -> a generic U₀ with the symmetry for a generic a
    matrix_xi: Callable = None  # () -> ξ as an n×1 matrix expression (every n; None for n = 3 only)


def _translation_condition(U, q, a):
    return euclidean_inner_product(a, _gradient(U, q))


def _rotation_condition(U, q, a):
    return euclidean_inner_product(_cross(a, q), _gradient(U, q))


W = Function("W")


def translation_invariant_potential(q, a):
    """W(t, (a_i q_j − a_j q_i)_{i<j}), W generic: a·∇ of each argument is a_i a_j − a_j a_i = 0 (for a ≠ 0 these
    arguments determine the projection of q on a^⊥, so every U₀ with a·∇U₀ ≡ 0 on a convex chart is of this form)."""
    n = len(q)
    return W(t, *[a[i] * q[j] - a[j] * q[i] for i in range(n) for j in range(i + 1, n)])


def rotation_invariant_potential(q, a):
    """W(t, a·q, |q|²), W generic: invariant under the rotations about the axis a (n = 3)."""
    return W(t, euclidean_inner_product(a, q), euclidean_inner_product(q, q))


TRANSLATION_CLAUSE = _Clause(
    "P_a", H_TRANSLATION, translation_charge, lambda q, a: list(a), lambda q, a: 0, _translation_condition,
    lambda: -1, lambda q: U0(t, *q[1:]), lambda n: [1] + [0] * (n - 1), translation_invariants,
    translation_invariant_potential, lambda: AN)
ROTATION_CLAUSE = _Clause(
    "J_a", H_ROTATION, angular_momentum, lambda q, a: _cross(a, q), lambda q, a: 0, _rotation_condition,
    lambda: -1, lambda q: U0(t, q[2], q[0]**2 + q[1]**2), lambda n: [0, 0, 1], rotation_invariants,
    rotation_invariant_potential)
BOOST_CLAUSE = _Clause(
    "K_a", H_TRANSLATION, boost_charge, lambda q, a: [t * ai for ai in a],
    lambda q, a: m * euclidean_inner_product(a, q), _translation_condition,
    lambda: -t, lambda q: U0(t, *q[1:]), lambda n: [1] + [0] * (n - 1), translation_invariants,
    translation_invariant_potential, lambda: t * AN)
#: every n: the charges and gauge terms as matrix expressions in the n×1 MatrixSymbols q, v, a
MATRIX_TRANSLATION_CHARGE = lambda q, v, a: m * a.T * v  # noqa: E731
MATRIX_BOOST_CHARGE = lambda q, v, a: m * t * a.T * v - m * a.T * q  # noqa: E731
MATRIX_NO_GAUGE = lambda q, a: ZeroMatrix(1, 1)  # noqa: E731
MATRIX_BOOST_GAUGE = lambda q, a: m * a.T * q  # noqa: E731


def _noether_proof(clause: _Clause, charge, n: int) -> Proof:
    """EL_i = 0 and S = 0 give dC/dt = Σ ξ_i EL_i + factor·S = 0 (the Noether argument, #90/#91)."""
    q, a = coordinates(n), _direction(n)
    U = U0(t, *q)
    p = Proof(f"{clause.name} is constant along Euler–Lagrange solutions (n = {n})")
    el = [m * qi.diff(t, 2) + dU for qi, dU in zip(q, _gradient(U, q))]
    labels = [p.hypothesis(f"EL_{i + 1}", (e, 0), assumption=H_SOLUTION, note="H2: q solves m q'' = −∇U₀")
              for i, e in enumerate(el)]
    labels.append(p.hypothesis("symmetry", (clause.condition(U, q, a), 0), assumption=clause.symmetry,
                               note="H3, along q(t)"))
    p.algebra("conserved", labels, (sympy.diff(charge(q, a), t), 0),
              certificate=list(clause.xi(q, a)) + [clause.factor()],
              note="dC/dt = ξ·EL + residual, residual = factor·S (Noether identity)")
    p.conclude("conserved")
    return p


def _clause_instances(clause: _Clause, dims):
    """(n, a, U, mass) with U a random polynomial in t and the invariants of the symmetry along a."""
    def for_n(n):
        q = coordinates(n)
        axis = st.lists(rationals(3, 2), min_size=n, max_size=n).filter(lambda a: any(ai != 0 for ai in a))

        def with_axis(a):
            return st.tuples(st.just(n), st.just(a), invariant_potentials(clause.invariants(a, q), t, max_terms=2),
                             rationals(5, 3, nonzero=True).map(abs))
        return axis.flatmap(with_axis)
    return st.sampled_from(dims).flatmap(for_n)


def _clause_checks(check, clause: _Clause, *, charge, B, symmetric_potential, dims, samples, random_dims,
                   invariant_potential=None, generic_dims=(), charge_n=None, B_n=None):
    """The symbolic identities (every n when ``charge_n`` is given, and n in ``dims``), the checked proof, the toolkit
    on a symmetric potential for a coordinate axis and on generic invariant potentials for a generic a (n in
    ``generic_dims``); random polynomial symmetric potentials support them."""
    if charge_n is not None:
        _every_n_checks(check, clause, charge_n=charge_n, B_n=B_n)
    for n in dims:
        q, a = coordinates(n), _direction(n)
        U = U0(t, *q)
        check.identity(f"n = {n}: d{clause.name}/dt = {sympy.sstr(clause.factor())}·S(t, q(t)) along every EL solution "
                       "(generic U₀; S is the quantity the symmetry hypothesis sets to 0)",
                       sympy.diff(charge(q, a), t) - clause.factor() * clause.condition(U, q, a),
                       relations=_el_relations(U, q), premise=check.STATEMENT, scope=f"symbolic, generic U₀(t, q) and a ∈ ℝ^{n}, n = {n}")
    n = max(dims) if dims else len(clause.axis(1))
    check.proof(f"Noether argument for {clause.name} (n = {n})", _noether_proof(clause, charge, n),
                scope=f"symbolic, generic U₀(t, q) and a, n = {n}")
    q = coordinates(n)
    axis = clause.axis(n)
    U = symmetric_potential(q)
    _toolkit_facts(check, clause, q, axis, U, charge=charge, B=B,
                   scope=f"symbolic, generic symmetric U₀ = {sympy.sstr(U)}, a = {axis}, n = {n}")
    for n in generic_dims:
        q, a = coordinates(n), _direction(n)
        U = (invariant_potential or clause.invariant_potential)(q, a)
        _toolkit_facts(check, clause, q, a, U, charge=charge, B=B, label=f"n = {n}, generic a: ",
                       scope=f"symbolic, generic invariant U₀ = {sympy.sstr(U)} (W generic), generic a ∈ ℝ^{n}")
    if random_dims:
        with check.supporting():  # instances of what the generic invariant potentials show symbolically
            _random_symmetric_potentials(check, clause, charge=charge, B=B, random_dims=random_dims, samples=samples)


def _toolkit_facts(check, clause: _Clause, q, a, U, *, charge, B, scope, label=""):
    """The toolkit on ½m|v|² − U: (ξ, B) is a point symmetry, its charge is the clause's, which is a first integral."""
    L = potential_lagrangian(U, q)
    shown = sympy.sstr(U) if not label else "U₀"
    check.fact(f"{label}toolkit: (ξ, B) is a point symmetry of ½m|v|² − {shown}",
               is_point_symmetry(L, q, t, clause.xi(q, a), B(q, a)), scope=scope)
    difference = sympy.expand(noether_charge(L, q, t, clause.xi(q, a), B(q, a)) - charge(q, a))
    check.fact(f"{label}toolkit: noether_charge(ξ, B) = {clause.name}", difference == 0, scope=scope,
               detail=f"noether_charge − {clause.name} = {sympy.sstr(difference)}")
    check.fact(f"{label}toolkit: {clause.name} is a first integral of ½m|v|² − {shown}",
               is_first_integral(charge(q, a), L, q, t), scope=scope)


def _random_symmetric_potentials(check, clause: _Clause, *, charge, B, random_dims, samples):
    """The toolkit on random polynomial potentials with the clause's symmetry along a random a."""
    def symmetric_instance(instance):
        n, a, U, mass = instance
        q = coordinates(n)
        L = potential_lagrangian(U, q, mass)
        gauge = sympy.sympify(B(q, a)).subs(m, mass)
        return (bool(is_point_symmetry(L, q, t, clause.xi(q, a), gauge))
                and sympy.expand(noether_charge(L, q, t, clause.xi(q, a), gauge) - charge(q, a, mass)) == 0)
    check.property(f"random polynomial potentials with the symmetry: the identity holds and the charge is {clause.name}",
                   _clause_instances(clause, random_dims), symmetric_instance, samples=samples,
                   describe=lambda inst: {"n": inst[0], "a": [str(x) for x in inst[1]], "U0": sympy.sstr(inst[2]),
                                          "m": str(inst[3])},
                   scope=f"randomized, exact: n ∈ {list(random_dims)}, rational a ≠ 0, U₀ a polynomial of ≤ 2 terms of degree ≤ 2 "
                         "in t and the invariants of the symmetry, rational m > 0")


def _potential_chart_fact(L, q):
    return ("H1: 𝓛 = ½m|v|² − U₀ with a polynomial (C^∞) U₀, m > 0", H_POTENTIAL.holds_for((L, q)), "symbolic")


def _solution_fact(L, q, curve):
    return (f"H2: q = {sympy.sstr(curve)} solves the Euler–Lagrange equation", H_SOLUTION.holds_for((L, q, curve)),
            "symbolic")


def _not_solution_witness(check, clause: _Clause, charge, n: int, curve: list):
    """H2 necessity: U₀ = 0 (every symmetry holds) and a curve that is not an EL solution."""
    q, a = coordinates(n), clause.axis(n)
    L = potential_lagrangian(0, q)
    el = [_along(e, q, curve) for e in euler_lagrange(L, q, t)]
    rate = sympy.expand(_along(sympy.diff(charge(q, a), t), q, curve))
    check.necessary(H_SOLUTION, f"U₀ = 0, a = {a}, q = {curve}", violates=[
        (f"the EL residual m q'' = {sympy.sstr(el)} is not zero", any(e != 0 for e in el), "symbolic")],
        others_hold={H_POTENTIAL: [_potential_chart_fact(L, q)],
                     clause.symmetry: [("the symmetry condition holds: S = 0 for U₀ = 0",
                                        sympy.expand(clause.condition(0, q, a)) == 0, "symbolic")]},
        instances={H_SOLUTION: (L, q, curve)},
        conclusion_fails=[(f"d{clause.name}/dt = {sympy.sstr(rate)} ≠ 0 along q", rate.subs(t, 1).is_nonzero is True,
                           "symbolic")], scope=f"n = {n}")


def check_translation(check, *, charge=translation_charge, B=TRANSLATION_CLAUSE.B,
                      symmetric_potential=TRANSLATION_CLAUSE.symmetric_potential, dims=(1, 2, 3), samples=3,
                      random_dims=(1, 2), invariant_potential=translation_invariant_potential, generic_dims=(2, 3),
                      charge_n=MATRIX_TRANSLATION_CHARGE, B_n=MATRIX_NO_GAUGE):
    """Clause 1: a·∇U₀ ≡ 0 ⇒ P_a = m a·q' is constant along every EL solution (every n: MatrixSymbols)."""
    _clause_checks(check, TRANSLATION_CLAUSE, charge=charge, B=B, symmetric_potential=symmetric_potential,
                   dims=dims, samples=samples, random_dims=random_dims, invariant_potential=invariant_potential,
                   generic_dims=generic_dims, charge_n=charge_n, B_n=B_n)
    n = 2
    q, a = coordinates(n), [0, 1]
    U = m * g * q[-1]
    L = potential_lagrangian(U, q)
    fall = [0, -g * t**2 / 2]
    rate = sympy.expand(_along(sympy.diff(charge(q, a), t), q, fall))
    check.necessary(H_TRANSLATION, "gravity U₀ = m g q₂, a = e₂, the fall q = (0, −g t²/2)", violates=[
        ("a·∇U₀ = m g ≠ 0", sympy.expand(_translation_condition(U, q, a)).is_nonzero is True, "symbolic")],
        others_hold={H_POTENTIAL: [_potential_chart_fact(L, q)], H_SOLUTION: [_solution_fact(L, q, fall)]},
        instances={H_SOLUTION: (L, q, fall)},
        conclusion_fails=[(f"dP_a/dt = {sympy.sstr(rate)} ≠ 0", rate.is_nonzero is True, "symbolic"),
                          ("toolkit: P_a is not a first integral", not is_first_integral(charge(q, a), L, q, t),
                           "symbolic")], scope="n = 2, m, g > 0")
    _not_solution_witness(check, TRANSLATION_CLAUSE, charge, 2, [t**2, 0])


def check_rotation(check, *, charge=angular_momentum, B=ROTATION_CLAUSE.B,
                   symmetric_potential=ROTATION_CLAUSE.symmetric_potential, samples=3, random_dims=(3,),
                   invariant_potential=rotation_invariant_potential, generic_dims=(3,)):
    """Clause 2 (n = 3): (a×q)·∇U₀ ≡ 0 ⇒ J_a = m(q × q')·a is constant along every EL solution."""
    _clause_checks(check, ROTATION_CLAUSE, charge=charge, B=B, symmetric_potential=symmetric_potential,
                   dims=(3,), samples=samples, random_dims=random_dims, invariant_potential=invariant_potential,
                   generic_dims=generic_dims)
    q, a = coordinates(3), [0, 0, 1]
    U = c * q[0]
    L = potential_lagrangian(U, q)
    motion = [-c * t**2 / (2 * m), 1, 0]
    condition = sympy.expand(_rotation_condition(U, q, a))
    rate = sympy.expand(_along(sympy.diff(charge(q, a), t), q, motion))
    check.necessary(H_ROTATION, "uniform field U₀ = c q₁ (c ≠ 0), a = e₃, q = (−c t²/(2m), 1, 0)", violates=[
        (f"(a×q)·∇U₀ = {sympy.sstr(condition)} ≢ 0", condition.subs(q[1], 1).is_nonzero is True, "symbolic")],
        others_hold={H_POTENTIAL: [_potential_chart_fact(L, q)], H_SOLUTION: [_solution_fact(L, q, motion)]},
        instances={H_SOLUTION: (L, q, motion)},
        conclusion_fails=[(f"dJ_a/dt = {sympy.sstr(rate)} ≠ 0", rate.is_nonzero is True, "symbolic")],
        scope="n = 3, c ≠ 0, m > 0")
    _not_solution_witness(check, ROTATION_CLAUSE, charge, 3, [t**2, 1, 0])


def check_boost(check, *, charge=boost_charge, B=BOOST_CLAUSE.B,
                symmetric_potential=BOOST_CLAUSE.symmetric_potential, dims=(1, 2, 3), samples=3, random_dims=(1, 2),
                invariant_potential=translation_invariant_potential, generic_dims=(2, 3),
                charge_n=MATRIX_BOOST_CHARGE, B_n=MATRIX_BOOST_GAUGE):
    """Clause 3: a·∇U₀ ≡ 0 on the chart ⇒ K_a = a·(t m q' − m q) is constant along every EL solution (every n)."""
    _clause_checks(check, BOOST_CLAUSE, charge=charge, B=B, symmetric_potential=symmetric_potential,
                   dims=dims, samples=samples, random_dims=random_dims, invariant_potential=invariant_potential,
                   generic_dims=generic_dims, charge_n=charge_n, B_n=B_n)
    q, a = coordinates(1), [1]
    U = k * q[0]**2 / 2
    L = potential_lagrangian(U, q)
    omega = sympy.sqrt(k / m)
    oscillation = [sympy.cos(omega * t)]
    rate = _cancelled(_along(sympy.diff(charge(q, a), t), q, oscillation))
    check.necessary(H_TRANSLATION, "harmonic U₀ = (k/2)q², n = 1, a = 1, q = cos(√(k/m) t)", violates=[
        ("a·∇U₀ = k q ≢ 0", sympy.expand(_translation_condition(U, q, a)).subs(q[0], 1).is_nonzero is True,
         "symbolic")],
        others_hold={H_POTENTIAL: [_potential_chart_fact(L, q)], H_SOLUTION: [_solution_fact(L, q, oscillation)]},
        instances={H_SOLUTION: (L, q, oscillation)},
        conclusion_fails=[(f"dK/dt = {sympy.sstr(rate)}, which is −2πk/ω ≠ 0 at t = 2π/ω",
                           _cancelled(rate.subs(t, 2 * sympy.pi / omega)).is_nonzero is True, "symbolic")],
        scope="n = 1, k, m > 0")
    _not_solution_witness(check, BOOST_CLAUSE, charge, 2, [t**2, 0])


_CLAUSE_SOURCE = f"{SEED}: 'Let q : I → U be a C² Euler–Lagrange solution … Then:'"

theorem(TRANSLATION, title="Translation invariance of U₀ conserves the momentum P_a = m a·q'",
        statement=r"Under the data of \texttt{lagrangian.potential_mechanical_chart}, let $q:I\to U$ be a $C^2$ "
                  r"Euler--Lagrange solution on an open interval $[a_0,b_0]\subseteq I\subseteq(a_0-\epsilon,b_0+\epsilon)$. "
                  r"If $a\in\mathbb R^n$ and $a\cdot\nabla_qU_0(t,q)=0$ for every $(t,q)$, then "
                  r"$P_a(t):=m\,a\cdot q'(t)$ is constant on $I$.",
        source=f"{_CLAUSE_SOURCE} '1. (translation) …'", uses=[POTENTIAL_CHART, CHART_77, INNER_78],
        proof_uses=[THEOREM_90, ZERO_DERIVATIVE], assumes=[H_POTENTIAL, H_SOLUTION, H_TRANSLATION],
        avoids=[REACTION_LAW])(lambda check: check_translation(check))
theorem(ROTATION, title="Rotation invariance of U₀ about a conserves J_a = m(q × q')·a (n = 3)",
        statement=r"Under the same data, if $n=3$, $a\in\mathbb R^3$ and $(a\times q)\cdot\nabla U_0(t,q)=0$ for "
                  r"every $(t,q)$, then $J_a(t):=m\,(q(t)\times q'(t))\cdot a$ is constant on $I$.",
        source=f"{_CLAUSE_SOURCE} '2. (rotation) …'", uses=[POTENTIAL_CHART, INNER_78], proof_uses=[THEOREM_90, ZERO_DERIVATIVE],
        assumes=[H_POTENTIAL, H_SOLUTION, H_ROTATION], avoids=[REACTION_LAW])(lambda check: check_rotation(check))
theorem(BOOST, title="The Galilean boost charge K_a = a·(t m q' − m q) is conserved when a·∇U₀ = 0 on the chart",
        statement=r"Under the same data, if $a\in\mathbb R^n$ and $a\cdot\nabla_qU_0=0$ on the whole chart, then "
                  r"$K_a(t):=a\cdot(tm\,q'(t)-m\,q(t))$ is constant on $I$.",
        source=f"{_CLAUSE_SOURCE} '3. (boost) …'", uses=[POTENTIAL_CHART, INNER_78], proof_uses=[THEOREM_91, ZERO_DERIVATIVE],
        assumes=[H_POTENTIAL, H_SOLUTION, H_TRANSLATION], avoids=[REACTION_LAW])(lambda check: check_boost(check))


# ---------------------------------------------------------------------------
# #7, #8, #9: the boost's Noether identity, one solution, the confining potential
# ---------------------------------------------------------------------------

def _definition_19_residual(L, q, xi, B):
    """The seed's identity read literally: 𝓛_q·ξ + 𝓛_v·(Dξ v) − (B_t + B_q·v), with Dξ the q-Jacobian only."""
    v = _velocities(q)
    jacobian = Matrix(xi).jacobian(Matrix(q))
    return (euclidean_inner_product(_gradient(L, q), xi)
            + euclidean_inner_product([sympy.diff(L, vi) for vi in v], list(jacobian * Matrix(v)))
            - sympy.diff(B, t))


def check_boost_identity(check, *, B=BOOST_CLAUSE.B, dims=(1, 2, 3), B_n=MATRIX_BOOST_GAUGE):
    """ξ = t a, B = m a·q: residual −t a·∇U₀ and charge K_a (every n, and n in ``dims``); ξ is time-dependent, so the
    boost lies outside #19."""
    xi_n = BOOST_CLAUSE.matrix_xi()
    scope = "symbolic, every n: q, v = q', a and G = ∇U₀(t, q) are n×1 MatrixSymbols (n a symbol)"
    check.identity("every n: the residual of (ξ, B) = (t a, m a·q) is −t a·∇U₀",
                   scalar_form(matrix_symmetry_residual(xi_n, B_n(QN, AN))), scalar_form(-t * AN.T * GN), scope=scope)
    check.identity("every n: its charge 𝓛_v·ξ − B is K_a", scalar_form(matrix_noether_charge(xi_n, B_n(QN, AN))),
                   scalar_form(MATRIX_BOOST_CHARGE(QN, VN, AN)), scope=scope)
    for n in dims:
        q, a = coordinates(n), _direction(n)
        U = U0(t, *q)
        L = potential_lagrangian(U, q)
        xi = BOOST_CLAUSE.xi(q, a)
        scope = f"symbolic, generic U₀(t, q) and a, n = {n}"
        check.identity(f"n = {n}: residual of (ξ, B) = (t a, m a·q) is −t a·∇U₀", symmetry_residual(L, q, t, xi, B(q, a)),
                       -t * _translation_condition(U, q, a), scope=scope)
        check.identity(f"n = {n}: its charge 𝓛_v·ξ − B is K_a", noether_charge(L, q, t, xi, B(q, a)), boost_charge(q, a),
                       scope=scope)
    q, a = coordinates(2), [1, 0]
    U = U0(t, q[1])
    L = potential_lagrangian(U, q)
    xi = BOOST_CLAUSE.xi(q, a)
    scope = "symbolic, U₀ = U₀(t, q₂) generic (a·∇U₀ ≡ 0 for a = e₁), n = 2"
    check.fact("ξ = t a depends on t: ∂ξ/∂t = a ≠ 0", generator_depends_on_time(xi, q, t), scope=scope)
    check.fact("so it is not an instance of definition #19 (ξ = ξ(q)): is_point_symmetry(require_q_only=True) rejects it",
               is_point_symmetry(L, q, t, xi, B(q, a), require_q_only=True), expect=False, scope=scope)
    literal = sympy.expand(_definition_19_residual(L, q, xi, B(q, a)))
    check.fact(f"#19's identity read literally (Dξ = ∂ξ/∂q = 0, no ξ_t term) fails: residual {sympy.sstr(literal)}",
               literal != 0 and sympy.diff(literal, q[0].diff(t)) != 0, scope=scope)
    check.fact("the time-dependent identity (#91 with τ = 0: D_tξ = ξ_t + Dξ v) holds",
               is_point_symmetry(L, q, t, xi, B(q, a)), scope=scope)
    check.fact("and its charge K_a is a first integral", is_first_integral(boost_charge(q, a), L, q, t), scope=scope)


remark(BOOST_REMARK, title="The boost's Noether identity needs the time-dependent generator ξ = t a",
       statement=r"Clause 3 is the Galilean boost charge: its defining Noether identity holds when "
                 r"$a\cdot\nabla_qU_0=0$ on the chart, giving conservation along every Euler--Lagrange solution. "
                 r"(Checked: with $\xi=t a$, $B=m\,a\cdot q$ the residual is $-t\,a\cdot\nabla U_0$ and the charge is "
                 r"$K_a$. The generator depends on $t$, so the boost is not an instance of the point-symmetry "
                 r"definition of the same seed, which takes $\xi=\xi(q)$; it is an instance of the time-dependent "
                 r"identity of \texttt{noether.time_reparametrisation_noether_identity} with $\tau=0$.)",
       source=f"{SEED}: 'Clause 3 is the Galilean boost charge: its defining Noether identity holds when a·∇_qU₀ = 0 "
              "on the chart, giving conservation along every Euler–Lagrange solution.'",
       uses=[BOOST, DEFINITION_19, THEOREM_91])(lambda check: check_boost_identity(check))


def check_solution_constancy(check, *, solution=None):
    """U₀ = (k/2)|q|²: K_a is constant on q ≡ 0 and on q = (0, cos ωt), yet a·∇U₀ = k a·q ≢ 0 (a = e₁)."""
    q, a = coordinates(2), [1, 0]
    U = k * euclidean_inner_product(q, q) / 2
    L = potential_lagrangian(U, q)
    omega = sympy.sqrt(k / m)
    solutions = [[0, 0], [0, sympy.cos(omega * t)]] if solution is None else [solution]
    for curve in solutions:
        rate = _cancelled(_along(sympy.diff(boost_charge(q, a), t), q, curve))
        check.witness(f"K_a constant on q = {sympy.sstr(curve)}", "U₀ = (k/2)|q|², n = 2, a = e₁", [
            ("q is an Euler–Lagrange solution", H_SOLUTION.holds_for((L, q, curve)), "symbolic"),
            (f"dK_a/dt = {sympy.sstr(rate)} = 0 on it", rate == 0, "symbolic"),
        ], scope="k, m > 0")
    condition = sympy.expand(_translation_condition(U, q, a))
    check.fact(f"yet a·∇U₀ = {sympy.sstr(condition)} ≢ 0: no whole-chart boost symmetry",
               condition.subs(q[0], 1).is_nonzero is True, scope="k > 0")
    decision = is_point_symmetry(L, q, t, BOOST_CLAUSE.xi(q, a), BOOST_CLAUSE.B(q, a))
    check.fact(f"toolkit: the boost identity fails (residual {sympy.sstr(decision.witness)})", decision, expect=False)
    check.fact("and K_a is not a first integral", is_first_integral(boost_charge(q, a), L, q, t), expect=False)


remark("noether.solution_constancy_not_chart_symmetry",
       title="Constancy of K_a on one solution does not give the whole-chart symmetry",
       statement=r"Constancy on a particular solution alone does not imply the whole-chart symmetry "
                 r"$a\cdot\nabla_qU_0\equiv0$. (Witness: $U_0=\frac k2|q|^2$; on the equilibrium $q\equiv0$, and on any "
                 r"solution with $a\cdot q\equiv0$, $K_a$ is constant, while $a\cdot\nabla U_0=k\,a\cdot q\not\equiv0$.)",
       source=f"{SEED}: 'Constancy on a particular solution alone does not imply this whole-chart symmetry.'",
       uses=[BOOST, BOOST_REMARK])(lambda check: check_solution_constancy(check))


def check_confining_breaks_boost(check, *, stiffness=k, dims=(1, 2)):
    """U₀ = (k/2)|q|², k > 0: a·∇U₀ = k a·q ≠ 0, neither K_a nor P_a is conserved; the boost is kinematic only."""
    for n in dims:
        q, a = coordinates(n), _direction(n)
        U = stiffness * euclidean_inner_product(q, q) / 2
        L = potential_lagrangian(U, q)
        boost = is_point_symmetry(L, q, t, BOOST_CLAUSE.xi(q, a), BOOST_CLAUSE.B(q, a))
        check.witness(f"n = {n}: (k/2)|q|² breaks the boost and the translation (generic a)", f"U₀ = (k/2)|q|², n = {n}", [
            ("H1 holds (k > 0)", H_POTENTIAL.holds_for((L, q)) and sympy.sympify(stiffness).is_positive is True, "symbolic"),
            (f"the boost identity fails: residual {sympy.sstr(boost.witness)} = −t k a·q", not boost
             and sympy.expand(boost.witness + t * stiffness * euclidean_inner_product(a, q)) == 0, "symbolic"),
            ("the translation identity fails", not is_point_symmetry(L, q, t, a), "symbolic"),
            ("K_a is not a first integral", not is_first_integral(boost_charge(q, a), L, q, t), "symbolic"),
            ("P_a is not a first integral", not is_first_integral(translation_charge(q, a), L, q, t), "symbolic"),
        ], scope=f"symbolic, k > 0, generic a ∈ ℝ^{n} (a ≠ 0 for the nonvanishing)")
    q = coordinates(1)
    L = potential_lagrangian(stiffness * q[0]**2 / 2, q)
    omega = sympy.sqrt(stiffness / m)
    curve = [sympy.cos(omega * t)]
    rate = _cancelled(_along(sympy.diff(boost_charge(q, [1]), t), q, curve))
    boosted = [curve[0] + Symbol("s") * t]
    el_boosted = _cancelled(_along(euler_lagrange(L, q, t)[0], q, boosted))
    check.witness("a generic solution and the Galilean map", "n = 1, q = cos(ωt), ω = √(k/m), a = 1", [
        ("q solves the EL equation", H_SOLUTION.holds_for((L, q, curve)), "symbolic"),
        (f"dK/dt = {sympy.sstr(rate)} ≢ 0 (−2πk/ω at t = 2π/ω)",
         _cancelled(rate.subs(t, 2 * sympy.pi / omega)).is_nonzero is True, "symbolic"),
        (f"the boosted curve q + s t is not a solution: EL residual {sympy.sstr(el_boosted)}",
         el_boosted != 0 and sympy.diff(el_boosted, Symbol("s")) != 0, "symbolic"),
        ("while for U₀ = 0 the boost maps solutions to solutions (q = t: q + s t solves)",
         H_SOLUTION.holds_for((potential_lagrangian(0, q), q, [t + Symbol("s") * t])), "symbolic"),
    ], scope="symbolic, k, m > 0")


counterexample("noether.confining_potential_breaks_boost",
               title="A confining potential (k/2)|q|² breaks the boost symmetry",
               statement=r"A confining potential such as $\frac k2|q|^2$ breaks the boost symmetry even though the "
                         r"Galilean charts of the framework still exist: $a\cdot\nabla U_0=k\,a\cdot q\neq0$ for "
                         r"$a\ne0$ and $K_a$ is not conserved on generic solutions; a kinematic symmetry need not be a "
                         r"symmetry of the chosen Lagrangian.",
               source=f"{SEED}: 'A confining potential such as (k/2)|q|² breaks the boost symmetry even though the "
                      "Galilean charts of the framework still exist'",
               uses=[BOOST, SCOPE_92])(lambda check: check_confining_breaks_boost(check))


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


def check_point_symmetry_definition(check, *, B_sign=1, generic_dims=(1, 2, 3)):
    """symmetry_residual is the seed's 𝓛_q·ξ(q) + 𝓛_v·Dξ(q)v − (B_t + B_q·v); the toolkit on five examples."""
    for n in generic_dims:
        _definition_identities(check, n, B_sign)
    _definition_examples(check, B_sign)


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
           uses=[CHART_77, INNER_78, PARTIALS_89], scope="n <= 3")(lambda check: check_point_symmetry_definition(check))


def _first_variation(L, q, v, xi, velocity_rule: str):
    """d/ds at 0 of 𝓛(t, q + sξ(q), v + sDξ(q)v) (``velocity_rule="v"``: the velocity left unchanged)."""
    s = Symbol("s")
    moved_v = list(Matrix(v) + s * Matrix(xi).jacobian(q) * Matrix(v)) if velocity_rule == "Dxi v" else list(v)
    moved = L.xreplace({**{x: x + s * e for x, e in zip(q, xi)}, **dict(zip(v, moved_v))})
    return sympy.diff(moved, s).subs(s, 0).doit()


def check_first_order_reading(check, *, velocity_rule="Dxi v", generic_dims=(1, 2, 3)):
    """d/ds|₀ 𝓛(t, q + sξ(q), v + sDξ(q)v) = 𝓛_q·ξ + 𝓛_v·Dξ v; B_t + B_q·q' = d/dt B(t, q(t)); B = 0 is invariance."""
    for n in generic_dims:
        _first_order_identities(check, n, velocity_rule)
    q, v = list(QJ), list(VJ)
    free = euclidean_inner_product(v, v) / 2
    check.identity("𝓛 = ½|v|², ξ = (q₁, 0) (a scaling): the variation is v₁², the symmetry residual",
                   _first_variation(free, q, v, [q[0], 0], velocity_rule), symmetry_residual(free, q, TJ, [q[0], 0], v=v),
                   scope="symbolic")
    _rotation_invariance(check, q, v)


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
       uses=[DEFINITION_19, CHAIN_111], scope="n <= 3")(lambda check: check_first_order_reading(check))


def check_constant_field_case(check, *, q_dependent_gauge=None, dims=(1, 2, 3), variation_sign=1):
    """ξ ≡ a: Dξ = 0 and the identity is 𝓛_q·a = B_t + B_q·v; for generic 𝓛 and B the first-order change of 𝓛 under
    q ↦ q + sa is D_tB + residual, so under the identity 𝓛(t, q+sa, v) = 𝓛 + sB'(t) + o(s) when B = B(t)."""
    s = Symbol("s")
    for n in dims:
        q, v, L, _, _, B = _generic_jet_data(n)
        a = _direction(n)
        scope = f"symbolic, generic 𝓛(t, q, v), B(t, q), a, n = {n}"
        check.fact(f"n = {n}: Dξ = 0 for ξ ≡ a", Matrix(a).jacobian(q).is_zero_matrix, scope=scope)
        residual = symmetry_residual(L, q, TJ, a, B, v=v)
        check.identity(f"n = {n}: the identity reads 𝓛_q·a = B_t + B_q·v", residual,
                       euclidean_inner_product([sympy.diff(L, x) for x in q], a) - sympy.diff(B, TJ)
                       - euclidean_inner_product([sympy.diff(B, x) for x in q], v), scope=scope)
        first_order = sympy.diff(L.xreplace({x: x + s * ai for x, ai in zip(q, a)}), s).subs(s, 0).doit()
        check.identity(f"n = {n}: d/ds|₀ 𝓛(t, q + sa, v) = D_tB + residual: the identity holds iff 𝓛 changes to first "
                       "order by the total derivative s D_tB", first_order,
                       variation_sign * total_derivative(B, q, TJ, v=v) + residual, scope=scope)
        Bt = Function("B")(TJ)
        check.identity(f"n = {n}: B = B(t): d/ds|₀ 𝓛(t, q + sa, v) = B'(t) + residual, so under the identity "
                       "𝓛(t, q + sa, v) = 𝓛 + sB'(t) + o(s)", first_order,
                       variation_sign * sympy.diff(Bt, TJ) + symmetry_residual(L, q, TJ, a, Bt, v=v),
                       scope=f"symbolic, generic 𝓛(t, q, v), B(t), a, n = {n}")
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
       uses=[DEFINITION_19], scope="n <= 3")(lambda check: check_constant_field_case(check))


def check_total_derivative_operator(check, *, operator=total_derivative, dims=(1, 2, 3)):
    """D_tφ(t, q(t), q'(t)) = d/dt φ(t, q(t)) for a generic φ (and a polynomial one), with jet Symbols and with curves."""
    cases = [(n, lambda time, *q: Function("phi")(time, *q), f"generic φ(t, q), n = {n}") for n in dims]
    cases.append((1, lambda time, *q: time * q[0]**2 + q[0]**3, "φ = t q² + q³, n = 1"))
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
       uses=[DEFINITION_19, CHAIN_111], scope="n <= 3")(lambda check: check_total_derivative_operator(check))


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
    residual = Lt * tau + Lq.T * xi + Lv.T * (xi_rate - v * tau_rate) + L * tau_rate - B_rate
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
