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
* the every-n helpers (below).  The definition ``noether.infinitesimal_point_symmetry_definition`` (#19), its remarks
  #20–#23 and the cited results #90, #91, #92 are in :mod:`theorems.page1_variations.noether_point_symmetry`.

The toolkit used throughout is :mod:`theorems.toolkit.symmetry`.  Coordinates are functions of t (the convention of
:func:`theorems.variational.euler_lagrange`); the pointwise identities of #19–#21, #90 and #91
(:mod:`theorems.page1_variations.noether_point_symmetry`) use jet Symbols (t, q, v, a), where ``D_t = ∂_t + v·∂_q + a·∂_v`` (checked against sympy's
chain rule in #22; #90's identity is also checked with curves, through sympy's own d/dt).  The generic symbolic
parts take their dimensions as parameters (``dims``, ``generic_dims``, ...), which may be empty: every verifier
also checks concrete instances, so the soundness tests can run mutated claims at small sizes.  Each verifier is a
plain function ``check_*(check, **claim)`` whose keyword parameters are the data of the claim with the true values as
defaults; the soundness tests run it on mutated claims.

Every n.  The identities of #4, #6, #7, #23, #90 and #91 are also checked for a symbolic dimension n: the values at
one point of the jet (q, v = q', w = q''), of a and of ∇U₀ (or of 𝓛_q, 𝓛_v, ...) are n×1 MatrixSymbols, D_t is
computed by the product rule (:func:`matrix_derivative`, :func:`matrix_total_derivative`), and the kernel reduces
lhs − rhs with sympy's matrix-expression algebra for every size (:func:`scalar_form` writes each 1×1 term of a side
in one orientation, as a 1×1 matrix equals its transpose).  The generic 𝓛(t, q, v), ξ(q), B(t, q) of #19–#22 enter
every n through opaque derivative values (𝓛_q, 𝓛_v, ξ_q, ...: :mod:`theorems.page1_variations.noether_every_size`),
related by the cited chain rule of every size; their jet-Symbol checks at n = 1, 2, 3 support them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import sympy
from hypothesis import strategies as st
from sympy import Function, MatAdd, Matrix, MatrixExpr, MatrixSymbol, MatMul, Symbol, Transpose, ZeroMatrix

from checker import Proof, counterexample, definition, hypothesis, remark, theorem
from theorems.foundations.analytic_facts import ZERO_DERIVATIVE
from theorems.foundations.linalg import euclidean_inner_product
from theorems.toolkit.strategies import has_nonzero_entry, rationals
from theorems.toolkit.symmetry import (euler_lagrange_accelerations, generator_depends_on_time, invariant_potentials,
                               is_first_integral, is_point_symmetry, noether_charge, rotation_invariants,
                               symmetry_residual, translation_invariants)
from theorems.toolkit.variational import euler_lagrange

__all__ = [
    "potential_lagrangian", "is_potential_chart", "is_euler_lagrange_solution", "coordinates",
    "H_POTENTIAL", "H_SOLUTION", "H_TRANSLATION", "H_ROTATION", "H_SYMMETRY", "H_REPARAMETRISED",
    "translation_charge", "angular_momentum", "boost_charge",
    "check_potential_chart", "check_translation", "check_rotation", "check_boost", "check_boost_identity",
    "check_solution_constancy", "check_confining_breaks_boost", "matrix_derivative", "matrix_total_derivative",
    "scalar_form",
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
    """EL(½m|v|² − U₀) = m q'' + ∇U₀ for every n (the jet and G = ∇U₀ as n×1 MatrixSymbols: (EL)·u for every u), and
    q'' = −∇U₀/m solves it; for a generic U₀(t, q) at n = 1, 2, 3 (and a polynomial one) with sympy's differentiation
    and the toolkit's ``euler_lagrange_accelerations`` as supporting checks."""
    scope = ("symbolic, every n: q, v = q', w = q'' and G = ∇U₀(t, q) n×1 MatrixSymbols (n a symbol); 𝓛_q = −∇U₀, "
             "𝓛_v = m v, the derivatives by the product rule (matrix_total_derivative)")
    check.identity("every n: (euler_lagrange(½m|v|² − U₀))·u = (m q'' + ∇U₀)·u for every u ∈ ℝⁿ",
                   scalar_form(matrix_euler_lagrange_along(_UN)), scalar_form((m * WN + gradient_sign * GN).T * _UN),
                   scope=scope)
    check.identity("every n: q'' = −∇U₀/m solves m q'' + ∇U₀ = 0", m * (-GN / m**mass_power) + GN,
                   ZeroMatrix(N_DIM, 1), scope=scope)
    with check.supporting():
        _potential_chart_fixed_sizes(check, dims, gradient_sign, mass_power)


def _potential_chart_fixed_sizes(check, dims, gradient_sign, mass_power):
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
        axis = st.lists(rationals(3, 2), min_size=n, max_size=n).filter(has_nonzero_entry)

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
