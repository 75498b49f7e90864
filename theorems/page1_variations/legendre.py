"""Seed 001's Legendre map, regularity, hyperregularity and the Hamiltonian of an inverse Legendre branch.

This file contains

* the toolkit (defined in :mod:`theorems.toolkit.legendre`, re-exported here), for any Lagrangian 𝓛(t, q, v) in
  any number of coordinates:
  :func:`legendre_map` (a :class:`LegendreMap`: the momentum p = 𝓛_v, the velocity Hessian 𝓛_vv and the map
  (t, q, v) ↦ (t, q, 𝓛_v) with its Jacobian), :func:`is_regular` (decision: det 𝓛_vv ≠ 0 on the whole chart or at a
  point, with a witness where it fails), :func:`hamiltonian` (a :class:`HamiltonianBranch`: the inverse branch
  v(t, q, p) of 𝓛_v = p that sympy finds and H = p·v − 𝓛; :class:`NoInverseBranch` / :class:`SeveralInverseBranches`
  otherwise), :func:`is_hyperregular` (decision: regular, and the branch is one real map on all momenta) and
  :func:`hamilton_equations` (q' = H_p, p' = −H_q);
* the definitions ``legendre.fibre_full_lagrangian_chart`` (#24), ``legendre.legendre_map_definition`` (#25),
  ``legendre.regularity_definition`` (#26) and ``legendre.hyperregularity_inverse_branch_hamiltonian`` (#27);
* the remark ``legendre.regularity_exactly_local_invertibility_claim`` (the sentence of #26 that regularity is
  "exactly" local invertibility; expected to fail: 𝓛 = v⁴/4 is a witness);
* the lemma ``legendre.hyperregular_implies_regular`` (#28, for every n; checked proofs at n ≤ 3 support it) and the counterexample
  ``legendre.regular_not_hyperregular`` (#29);
* the cited items ``legendre.nonsingular_hessian_local_c1_inverse`` (#93),
  ``hamiltonian.inverse_branch_hamilton_equations_energy`` (#94), ``legendre.mechanical_lagrangian_hyperregular``
  (#95) (their sanity checks for every n, :mod:`theorems.page1_variations.legendre_every_size`; fixed sizes support),
  ``legendre.sqrt_and_zero_lagrangian_witnesses`` (#96) and ``legendre.scope_regular_vs_hyperregular`` (#97).

Conventions.  Coordinates are given either as functions of time (``x(t)``, the convention of
:mod:`theorems.toolkit.variational`; the velocities are ``x(t).diff(t)``) or as plain Symbols together with velocity Symbols
``v=[...]``.  Momenta come back in the same convention: functions ``p_x(t)`` or Symbols ``p_x``.  Internally every
chart variable is replaced by a real Dummy (keeping a declared sign), so assumptions-based decisions treat t, q, v as
real; declare generic functions ``real=True`` (``Function('U', real=True)``) so that sympy knows their values are real.
Each verifier is a plain function ``check_*(check, **claim)`` whose keyword parameters are the claim's data with the
true values as defaults; the soundness tests run it on mutated claims.
"""
from __future__ import annotations

import sympy
from hypothesis import strategies as st
from sympy import Derivative, Dummy, Function, Matrix, Rational, Symbol
from sympy.core.function import AppliedUndef

from checker import Proof, cited, counterexample, definition, hypothesis, lemma, remark
from theorems.foundations.analytic_facts import DETERMINANT_CRITERION, INVERSE_FUNCTION_THEOREM
from theorems.toolkit.legendre import (HamiltonianBranch, HyperregularityUndecided, InverseBranchError,  # noqa: F401
                                       LagrangianChart, LegendreMap, NoInverseBranch, RegularityUndecided,
                                       SeveralInverseBranches, _PROBE_VALUES, _real_compositions, _zero_or_nonzero,
                                       hamilton_equations, hamiltonian, is_hyperregular, is_regular,
                                       lagrangian_chart, legendre_map)
from theorems.page1_variations.legendre_every_size import (SCHWARZ, check_chart_every_n, check_hamiltonian_every_n,
                                                           check_legendre_map_every_n, hamilton_equations_every_n,
                                                           hyperregular_implies_regular_every_n, local_inverse_every_n,
                                                           mechanical_every_n, D_N, K_N, M_N, V_N, P_N)  # noqa: F401
from theorems.toolkit.strategies import rational_matrices, spd_matrices
from theorems.toolkit.variational import _name, euler_lagrange

__all__ = [
    "LagrangianChart", "LegendreMap", "HamiltonianBranch", "InverseBranchError", "NoInverseBranch",
    "SeveralInverseBranches", "RegularityUndecided", "HyperregularityUndecided",
    "lagrangian_chart", "legendre_map", "is_regular", "hamiltonian", "is_hyperregular", "hamilton_equations",
    "H_LAGRANGIAN_C2", "H_GRADIENT_BIJECTIVE", "H_INVERSE_C1", "H_BRANCH_RELATION", "H_HESSIAN_NONSINGULAR",
    "H_KINETIC_SPD", "H_MECHANICAL_DATA_C2",
    "check_fibre_full_chart", "check_legendre_map_definition", "check_regularity_definition",
    "check_exactly_local_invertibility", "check_hyperregularity_definition", "check_hyperregular_implies_regular",
    "check_regular_not_hyperregular", "check_nonsingular_hessian_local_inverse", "check_hamilton_equations_energy",
    "check_mechanical_hyperregular", "check_sqrt_and_zero_witnesses", "check_scope_regular_vs_hyperregular",
]

SEED001 = "seed 001_2e69a9934e04987b.txt"
CHART_ID = "legendre.fibre_full_lagrangian_chart"
MAP_ID = "legendre.legendre_map_definition"
REGULARITY_ID = "legendre.regularity_definition"
HYPERREGULARITY_ID = "legendre.hyperregularity_inverse_branch_hamiltonian"
LOCAL_INVERSE_ID = "legendre.nonsingular_hessian_local_c1_inverse"
HAMILTON_ID = "hamiltonian.inverse_branch_hamilton_equations_energy"
MECHANICAL_ID = "legendre.mechanical_lagrangian_hyperregular"
WITNESSES_ID = "legendre.sqrt_and_zero_lagrangian_witnesses"
SCOPE_ID = "legendre.scope_regular_vs_hyperregular"
ACTION_CHART_ID = "lagrangian.time_dependent_chart_action_first_variation"
CK_ID = "calculus.ck_maps_and_diffeomorphisms"
JACOBIAN_ID = "calculus.jacobian_matrix_and_gradient"
CHAIN_RULE_ID = "calculus.chain_rule_total_derivative"
CHAIN_EVERY_SIZE_ID = "calculus.chain_and_product_rules_every_size"


# ---------------------------------------------------------------------------
# shared data of the items
# ---------------------------------------------------------------------------

t = Symbol("t", real=True)
Q, V, P = sympy.symbols("q v p", real=True)
Q1, Q2, V1, V2, P1, P2 = sympy.symbols("q1 q2 v1 v2 p1 p2", real=True)
m = Symbol("m", positive=True)
U = Function("U", real=True)
A_FIELD = Function("A", real=True)
L_GENERIC = Function("L", real=True)
X = Function("x", real=True)(t)
Y = Function("y", real=True)(t)


def _chart_symbols(n: int):
    if n == 1:
        return [Q], [V], [P]
    if n == 2:
        return [Q1, Q2], [V1, V2], [P1, P2]
    return (list(sympy.symbols(f"q1:{n + 1}", real=True)), list(sympy.symbols(f"v1:{n + 1}", real=True)),
            list(sympy.symbols(f"p1:{n + 1}", real=True)))


def _derivative_order(expr, func) -> int:
    """Highest order of a derivative of the undefined function ``func`` in ``expr`` (0: undifferentiated, −1: absent)."""
    expr = sympy.sympify(expr)
    orders = [d.derivative_count for d in expr.atoms(Derivative) if isinstance(d.expr, AppliedUndef) and d.expr.func == func]
    if orders:
        return max(orders)
    return 0 if any(a.func == func for a in expr.atoms(AppliedUndef)) else -1


def _bijectivity_facts(L, v=V) -> list:
    """n = 1, 𝓛 real-analytic in v: facts showing v ↦ 𝓛_v is a bijection of ℝ: 𝓛_vv ≥ 0 and not identically 0 (so its
    zeros are isolated and 𝓛_v is strictly increasing), 𝓛_v → ±∞ at ±∞ (onto, by the intermediate value theorem)."""
    Lv, Lvv = sympy.diff(L, v), sympy.diff(L, v, 2)
    nonnegative = bool(sympy.factor(Lvv).is_nonnegative)
    not_identically_zero = any(_zero_or_nonzero(Lvv.subs(v, c)) for c in _PROBE_VALUES)  # nonzero at a point
    return [
        (f"𝓛_vv = {sympy.sstr(Lvv)} ≥ 0 and ≢ 0 (zeros {sympy.solve(Lvv, v)}, isolated): v ↦ 𝓛_v is strictly increasing, "
         "so injective", nonnegative and not_identically_zero, "symbolic"),
        (f"𝓛_v = {sympy.sstr(Lv)} → ±∞ as v → ±∞: continuous and onto ℝ",
         sympy.limit(Lv, v, sympy.oo) == sympy.oo and sympy.limit(Lv, v, -sympy.oo) == -sympy.oo, "symbolic"),
    ]


def _inverse_difference_quotient(L, v0, v=V):
    """lim_{v → v0} (v − v0)/(𝓛_v(v) − 𝓛_v(v0)): the derivative of the inverse of 𝓛_v at p0 = 𝓛_v(v0), if finite."""
    Lv = sympy.diff(L, v)
    return sympy.limit((v - v0) / (Lv - Lv.subs(v, v0)), v, v0)


_S_POS = Symbol("s", positive=True)
QUARTIC = V**4 / 4
ROOT = sympy.sqrt(1 + V**2)
EXP_COS = sympy.exp(V1) * sympy.cos(V2)


def _quartic_necessity_facts():
    """𝓛 = v⁴/4: bijective velocity gradient v³ whose inverse p^{1/3} is not differentiable at 0, and 𝓛_vv(0) = 0."""
    quotient = _inverse_difference_quotient(QUARTIC, 0)
    bijective = _bijectivity_facts(QUARTIC)
    not_c1 = [(f"the inverse of 𝓛_v = v³ is not differentiable at p = 0: lim (v − 0)/(v³ − 0) = {quotient}",
               quotient.is_finite is False, "symbolic"),
              ("the inverse is the real cube root: real_root(s, 3)³ = s and real_root(−s, 3)³ = −s for s > 0",
               sympy.real_root(_S_POS, 3) ** 3 == _S_POS and sympy.real_root(-_S_POS, 3) ** 3 == -_S_POS, "symbolic")]
    singular = is_regular(QUARTIC, [Q], t, at={V: 0}, v=[V])
    return bijective, not_c1, [(f"det 𝓛_vv(0) = 0: not regular at v = 0 ({singular.explanation})", not singular,
                                "symbolic")]


H_LAGRANGIAN_C2 = hypothesis("legendre.lagrangian_C2",
                             "𝓛 : J × U × ℝⁿ → ℝ is of class C² (J ⊆ ℝ and U ⊆ ℝⁿ open and nonempty)",
                             source=f"{SEED001}: 'be of class C²'")
H_GRADIENT_BIJECTIVE = hypothesis("legendre.velocity_gradient_bijective",
                                  "for every (t, q), v ↦ 𝓛_v(t, q, v) is a bijection of ℝⁿ onto ℝⁿ",
                                  source=f"{SEED001}: 'is a bijection of ℝⁿ onto ℝⁿ'")
H_INVERSE_C1 = hypothesis("legendre.inverse_branch_C1",
                          "the inverse assignment (t, q, p) ↦ v(t, q, p) is defined on all of J × U × ℝⁿ and is of class C¹",
                          source=f"{SEED001}: 'is defined on all of J×U×ℝⁿ and is of class C¹'")
H_BRANCH_RELATION = hypothesis("legendre.inverse_branch_relation",
                               "v(t, q, p) is an inverse Legendre branch: 𝓛_v(t, q, v(t, q, p)) = p on its domain",
                               source=f"{SEED001}: '(t,q,p) ⟼ v(t,q,p), 𝓛_v(t,q,v(t,q,p)) = p'")
H_HESSIAN_NONSINGULAR = hypothesis("legendre.hessian_nonsingular_at_point", "det 𝓛_vv(t, q, v0) ≠ 0 at the point",
                                   source="cited: 001 'Nonsingular velocity Hessian is equivalent to invertibility of "
                                          "the Legendre derivative, hence gives a local C¹ inverse'")
H_KINETIC_SPD = hypothesis("legendre.kinetic_matrix_spd", "the kinetic matrix K(t, q) is symmetric positive definite",
                           predicate=lambda K: Matrix(K).is_symmetric() and all(Matrix(K)[:i, :i].det() > 0
                                                                                 for i in range(1, Matrix(K).rows + 1)),
                           source="cited: 001 'A mechanical chart Lagrangian with positive definite kinetic matrix is "
                                  "hyperregular'")
H_MECHANICAL_DATA_C2 = hypothesis("legendre.mechanical_data_C2", "K(t, q) and the potential U(t, q) are of class C²")


# ---------------------------------------------------------------------------
# legendre.fibre_full_lagrangian_chart  (catalogue #24)
# ---------------------------------------------------------------------------

def check_fibre_full_chart(check, *, hessian_factor=1, sizes=(1, 2, 3), conventions=True):
    """𝓛_v is the gradient and 𝓛_vv the (symmetric) Hessian of 𝓛 in its velocity slot, for every n (opaque derivative
    values, :mod:`theorems.page1_variations.legendre_every_size`); both conventions of the toolkit agree.  Supporting:
    the toolkit's ``legendre_map`` on a generic 𝓛 at n in ``sizes``."""
    check_chart_every_n(check, hessian_factor=hessian_factor)
    if conventions:
        _chart_conventions(check)
    with check.supporting():  # the toolkit at fixed sizes (recorded after every claim: the sweep decides nothing)
        for n in check.sweep(sizes):
            q, v, _ = _chart_symbols(n)
            L = L_GENERIC(t, *q, *v)
            lm = legendre_map(L, q, t, v=v)
            scope = f"symbolic, generic 𝓛(t, q, v), n = {n}"
            check.identity(f"𝓛_v is the gradient of 𝓛 in its velocity slot (n = {n})", lm.momentum,
                           Matrix([L.diff(s) for s in v]), scope=scope)
            check.identity(f"𝓛_vv is the matrix of second partial derivatives in v (n = {n})", lm.hessian,
                           Matrix(n, n, lambda i, j: L.diff(v[i], v[j])), scope=scope)
            check.identity(f"𝓛_vv is symmetric (Schwarz, 𝓛 ∈ C²) (n = {n})", lm.hessian, lm.hessian.T, scope=scope)


def _chart_conventions(check):
    curves = Function("U", real=True)(t, X, Y)
    in_functions = m * (X.diff(t) ** 2 + Y.diff(t) ** 2) / 2 + A_FIELD(t, X, Y) * X.diff(t) - curves
    to_symbols = {X.diff(t): V1, Y.diff(t): V2, X: Q1, Y: Q2}
    functions_map = legendre_map(in_functions, [X, Y], t)
    symbols_map = legendre_map(in_functions.xreplace(to_symbols), [Q1, Q2], t, v=[V1, V2])
    check.identity("the conventions agree: momentum with q = (x(t), y(t)) equals momentum with Symbols (q, v)",
                   functions_map.momentum.xreplace(to_symbols), symbols_map.momentum,
                   scope="symbolic, 𝓛 = ½m|v|² + A(t, q)v₁ − U(t, q), n = 2")
    check.identity("the conventions agree on the Hessian", functions_map.hessian.xreplace(to_symbols),
                   symbols_map.hessian, scope="symbolic, the same 𝓛")
    relativistic = -sympy.sqrt(1 - V**2)
    check.fact("fibre-full: √(1+v²) is real for every real v (its velocity fibre is all of ℝ)", ROOT.is_real is True)
    check.fact("not fibre-full: −√(1−v²) is not real at v = 2 (a chart Lagrangian of #77 on |v| < 1 only)",
               relativistic.subs(V, 2).is_real is False, method="computation")


definition(CHART_ID,
            title="A fibre-full time-dependent Lagrangian chart, its velocity gradient and velocity Hessian",
            statement=r"Let $n\ge1$, $J\subseteq\mathbb R$ and $U\subseteq\mathbb R^n$ open and nonempty, and "
                      r"$\mathcal L:J\times U\times\mathbb R^n\to\mathbb R$ of class $C^2$: a fibre-full time-dependent "
                      r"Lagrangian chart, the special case of the chart of #77 whose velocity block is all of "
                      r"$\mathbb R^n$ at every $(t,q)$. $\mathcal L_v(t,q,v)\in\mathbb R^n$ is the gradient of "
                      r"$\mathcal L$ in its third slot and $\mathcal L_{vv}(t,q,v)\in M_n(\mathbb R)$ the matrix of "
                      r"second partial derivatives in the third slot (symmetric, since $\mathcal L\in C^2$).",
            source=f"{SEED001}: 'Chart data. Let n≥1, let J⊆ℝ and U⊆ℝⁿ be open and nonempty …'",
            uses=[ACTION_CHART_ID, CK_ID, JACOBIAN_ID, "calculus.directional_and_partial_derivatives",
                  CHAIN_EVERY_SIZE_ID, SCHWARZ],
            assumes=[H_LAGRANGIAN_C2])(check_fibre_full_chart)


# ---------------------------------------------------------------------------
# legendre.legendre_map_definition  (catalogue #25)
# ---------------------------------------------------------------------------

def _velocity_gradient(L, q, v):
    return [L.diff(s) for s in v]


def check_legendre_map_definition(check, *, momentum_of=_velocity_gradient, jacobian_order=2, sizes=(1, 2, 3),
                                  generic=True):
    """F_𝓛(t, q, v) = (t, q, 𝓛_v); D F_𝓛 has the rows (0, I, 0) for q and (𝓛_vt, 𝓛_vq, 𝓛_vv) for p, second derivatives
    of 𝓛 (C¹ from C²), for every n; supporting: the toolkit's ``legendre_map`` on a generic 𝓛 at n in ``sizes``.

    ``generic=False`` keeps only the concrete mechanical example (p = m x' against the claimed ``momentum_of``).
    """
    mechanical = m * X.diff(t) ** 2 / 2 - U(t, X)
    check.identity("p = 𝓛_v = m x' for 𝓛 = ½ m x'² − U(t, x) (coordinates as functions of t)",
                   legendre_map(mechanical, [X], t).momentum[0], momentum_of(mechanical, [X], [X.diff(t)])[0],
                   scope="symbolic, generic U(t, x), n = 1")
    check.identity("… and that is m x'", legendre_map(mechanical, [X], t).momentum[0], m * X.diff(t),
                   scope="symbolic, generic U(t, x), n = 1")
    if not generic:
        return
    check_legendre_map_every_n(check, jacobian_order=jacobian_order)
    with check.supporting():  # the toolkit at fixed sizes (recorded after every claim: the sweep decides nothing)
        for n in check.sweep(sizes):
            _legendre_map_generic(check, n, _velocity_gradient, 2)


def _legendre_map_generic(check, n, momentum_of, jacobian_order):
    q, v, _ = _chart_symbols(n)
    L = L_GENERIC(t, *q, *v)
    lm = legendre_map(L, q, t, v=v)
    scope = f"symbolic, generic 𝓛(t, q, v), n = {n}"
    check.identity(f"n = {n}: F_𝓛(t, q, v) = (t, q, 𝓛_v(t, q, v))", Matrix(lm.components), Matrix([t, *q, *momentum_of(L, q, v)]),
                   scope=scope)
    J = lm.jacobian()
    check.identity(f"n = {n}: D F_𝓛 is the identity in the (t, q) rows", J[:n + 1, :],
                   Matrix.hstack(sympy.eye(n + 1), sympy.zeros(n + 1, n)), scope=scope)
    check.identity(f"n = {n}: the momentum rows of D F_𝓛 are (𝓛_vt, 𝓛_vq, 𝓛_vv)", J[n + 1:, :],
                   Matrix(n, 2 * n + 1, lambda i, j: L.diff(v[i], [t, *q, *v][j])), scope=scope)
    component_order = max(_derivative_order(c, L_GENERIC) for c in lm.components)
    jacobian_orders = max(_derivative_order(e, L_GENERIC) for e in J)
    check.fact(f"n = {n}: the components of F_𝓛 are derivatives of 𝓛 of order 1 (and t, q)", component_order == 1,
               method="computation", detail=f"highest order {component_order}", scope=scope)
    check.fact(f"n = {n}: D F_𝓛 involves derivatives of 𝓛 of order ≤ {jacobian_order} only, so F_𝓛 ∈ C¹ when 𝓛 ∈ C²",
               jacobian_orders == jacobian_order, method="computation", detail=f"highest order {jacobian_orders}",
               scope=scope)


definition(MAP_ID,
            title="The Legendre map F_𝓛(t, q, v) = (t, q, 𝓛_v) and the momentum p = 𝓛_v",
            statement=r"The Legendre map of $\mathcal L$ is $\mathbb F_{\mathcal L}:J\times U\times\mathbb R^n\to "
                      r"J\times U\times\mathbb R^n$, $\mathbb F_{\mathcal L}(t,q,v)=(t,q,\mathcal L_v(t,q,v))$; its fibre "
                      r"coordinate $p=\mathcal L_v$ is the momentum. It is the identity in the first two slots and, "
                      r"since $\mathcal L\in C^2$, of class $C^1$: its components are first derivatives of "
                      r"$\mathcal L$ and its Jacobian involves second derivatives only (checked).",
            source=f"{SEED001}: 'Legendre map. The Legendre map of 𝓛 is the map F_𝓛 … Since 𝓛 is C², F_𝓛 is C¹'",
            uses=[CHART_ID, CK_ID, JACOBIAN_ID, CHAIN_EVERY_SIZE_ID], assumes=[H_LAGRANGIAN_C2])(
    check_legendre_map_definition)


# ---------------------------------------------------------------------------
# legendre.regularity_definition  (catalogue #26)
# ---------------------------------------------------------------------------

#: (name, 𝓛, coordinates, velocities, regular on the chart?, ((point, regular at the point?), ...))
REGULARITY_EXAMPLES = (
    ("½ m v² − U(t, q)", m * V**2 / 2 - U(t, Q), [Q], [V], True, ()),
    ("√(1 + v²)", ROOT, [Q], [V], True, ()),
    ("v⁴/4", QUARTIC, [Q], [V], False, (({V: 0}, False), ({V: 1}, True))),
    ("the zero Lagrangian", sympy.S.Zero, [Q], [V], False, ()),
    ("e^{v1} cos v2", EXP_COS, [Q1, Q2], [V1, V2], True, ()),
)


def check_regularity_definition(check, *, examples=REGULARITY_EXAMPLES):
    """is_regular on the examples: regular on the chart or not (with a witness point that is checked again), and at points."""
    for name, L, q, v, expected, points in examples:
        decision = is_regular(L, q, t, v=v)
        check.fact(f"{name}: {'regular' if expected else 'not regular'} on the chart", decision, expect=expected,
                   scope="symbolic (det 𝓛_vv by sympy's assumptions, or an exact zero)")
        if not decision and decision.details.get("point"):
            again = is_regular(L, q, t, at=decision.details["point"], v=v)
            check.fact(f"{name}: the witness point {decision.witness['point']} is a point where regularity fails",
                       not again, detail=again.explanation)
        for point, regular_there in points:
            at = is_regular(L, q, t, at=point, v=v)
            check.fact(f"{name}: {'regular' if regular_there else 'not regular'} at {point}", at, expect=regular_there)


definition(REGULARITY_ID,
            title="Regularity of the Legendre map: det 𝓛_vv ≠ 0 at a point, and on the chart",
            statement=r"The Legendre map is regular at $(t,q,v)$ when $\det\mathcal L_{vv}(t,q,v)\ne0$, and regular (on "
                      r"the chart) when it is regular at every point. The page adds: 'at fixed $(t,q)$ this is exactly "
                      r"the condition under which $v\mapsto(q,\mathcal L_v(t,q,v))$ is locally invertible near $v$'. "
                      r"Checked finding: that sentence is false for plain local invertibility ($\mathcal L=v^4/4$: "
                      r"$\mathcal L_v=v^3$ is a bijection of $\mathbb R$ but $\mathcal L_{vv}(0)=0$; see "
                      r"\texttt{legendre.regularity_exactly_local_invertibility_claim}); it is exact for a local "
                      r"$C^1$-diffeomorphism, which is what the cited #93 states.",
            source=f"{SEED001}: 'Regularity. … The Legendre map is regular at (t,q,v) when the velocity Hessian is "
                   "nonsingular … At fixed (t,q) this is exactly the condition …'",
            uses=[CHART_ID, MAP_ID, LOCAL_INVERSE_ID, INVERSE_FUNCTION_THEOREM],
            assumes=[H_LAGRANGIAN_C2])(check_regularity_definition)


# ---------------------------------------------------------------------------
# legendre.regularity_exactly_local_invertibility_claim  (the embedded sentence of #26; false)
# ---------------------------------------------------------------------------

def check_exactly_local_invertibility(check, *, lagrangian=QUARTIC, point=0):
    """The claim at one (𝓛, v0), n = 1: 'v ↦ 𝓛_v locally invertible near v0 ⇔ det 𝓛_vv(v0) ≠ 0'.

    Local invertibility is established from bijectivity facts; the refined equivalence (inverse differentiable at
    p0 ⇔ regular) is checked too.  For 𝓛 = v⁴/4, v0 = 0 the claimed equivalence is refuted.
    """
    facts = _bijectivity_facts(lagrangian)
    for description, value, method in facts:
        check.fact(description, value, method=method, scope="symbolic, n = 1")
    invertible = all(value for _, value, _ in facts)
    regular = is_regular(lagrangian, [Q], t, at={V: point}, v=[V])
    with check.claim():  # the statement's claim: its failure refutes it (the other checks support the witness)
        check.fact(f"the claimed equivalence at v0 = {point}: locally invertible ({invertible}) ⇔ det 𝓛_vv(v0) ≠ 0 "
                   f"({bool(regular)})", invertible == bool(regular), detail=regular.explanation,
                   witness={"lagrangian": lagrangian, "v0": point, "locally invertible": invertible,
                            "regular at v0": bool(regular)}, scope=f"𝓛 = {sympy.sstr(lagrangian)}, n = 1")
    quotient = _inverse_difference_quotient(lagrangian, point)
    check.fact(f"the corrected equivalence: the inverse is differentiable at p0 = 𝓛_v(v0) ({quotient.is_finite}) ⇔ "
               f"det 𝓛_vv(v0) ≠ 0", bool(quotient.is_finite) == bool(regular),
               detail=f"lim (v − v0)/(𝓛_v(v) − 𝓛_v(v0)) = {quotient}", scope=f"𝓛 = {sympy.sstr(lagrangian)}, n = 1")


remark("legendre.regularity_exactly_local_invertibility_claim", expected="fails",
       title="Regularity is exactly local invertibility of v ↦ 𝓛_v (false as stated)",
       statement=r"At fixed $(t,q)$: $\det\mathcal L_{vv}(t,q,v_0)\ne0$ if and only if $v\mapsto\mathcal L_v(t,q,v)$ "
                 r"is locally invertible near $v_0$. The direction $\Rightarrow$ is the inverse function theorem (#93). "
                 r"The direction $\Leftarrow$ fails: $\mathcal L=v^4/4$ ($n=1$) has $\mathcal L_v=v^3$, strictly "
                 r"increasing and onto $\mathbb R$, while $\mathcal L_{vv}(0)=0$. The equivalence is exact for a "
                 r"local $C^1$-diffeomorphism: the inverse $p^{1/3}$ is not differentiable at $0$.",
       source=f"{SEED001}: 'At fixed (t,q) this is exactly the condition under which the map v ↦ (q, 𝓛_v(t,q,v)) is "
              "locally invertible near v'",
       uses=[REGULARITY_ID, LOCAL_INVERSE_ID])(check_exactly_local_invertibility)


# ---------------------------------------------------------------------------
# legendre.hyperregularity_inverse_branch_hamiltonian  (catalogue #27)
# ---------------------------------------------------------------------------

#: (name, 𝓛(t, q, v), the Hamiltonian claimed for it) — hyperregular Lagrangians, n = 1
HYPERREGULAR_EXAMPLES = (
    ("½ m v² − U(t, q)", m * V**2 / 2 - U(t, Q), P**2 / (2 * m) + U(t, Q)),
    ("½ m v² + A(t, q) v − U(t, q)", m * V**2 / 2 + A_FIELD(t, Q) * V - U(t, Q),
     (P - A_FIELD(t, Q)) ** 2 / (2 * m) + U(t, Q)),
    ("v asinh v − √(1 + v²) − U(t, q)", V * sympy.asinh(V) - ROOT - U(t, Q), sympy.cosh(P) + U(t, Q)),
)


def _generic_branch(n: int):
    """Generic 𝓛 and inverse branch w(t, q, p): (q, p, w, H = p·w − 𝓛(t, q, w), residuals 𝓛_v(t, q, w) − p)."""
    q, _, p = _chart_symbols(n)
    w = [Function(f"w{i + 1}" if n > 1 else "w", real=True)(t, *q, *p) for i in range(n)]
    Lw = L_GENERIC(t, *q, *w)
    H = sum((p[i] * w[i] for i in range(n)), sympy.S.Zero) - Lw
    residuals = [Lw.diff(w[i]) - p[i] for i in range(n)]
    return q, p, w, H, residuals


def _slot_partial(n: int, q, w, slot: int, at):
    """∂𝓛/∂(argument ``slot``) of 𝓛(t, q, w) at (t, q, w), as sympy writes it (a Subs in the slot's variable)."""
    xi = Dummy("xi")
    args = [t, *q, *w]
    args[slot] = xi
    return sympy.Subs(Derivative(L_GENERIC(*args), xi), xi, at)


def check_hyperregularity_definition(check, *, examples=HYPERREGULAR_EXAMPLES, sizes=(1, 2, 3), p_sign=1):
    """is_hyperregular and hamiltonian on hyperregular examples (claimed H), H_p = v, H_q = −𝓛_q, H_t = −𝓛_t on the
    branch, and H ∈ C²: its first partials involve only the branch and first derivatives of 𝓛."""
    for name, L, claimed in examples:
        decision = is_hyperregular(L, [Q], t, v=[V])
        check.fact(f"{name} is hyperregular", decision, scope="symbolic: regular and one real branch for all (t, q, p)")
        if not decision:
            continue  # the refuted fact above carries the verdict; there is no global branch to test H on
        found = decision.certificate
        H, velocity = found["hamiltonian"].xreplace({found["momenta"][0]: P}), found["branch"][V].xreplace(
            {found["momenta"][0]: P})
        scope = f"symbolic, 𝓛 = {name}, generic real U(t, q), A(t, q)"
        check.identity(f"{name}: H = {sympy.sstr(claimed)}", H, claimed, scope=scope)
        on_branch = {V: velocity}
        check.identity(f"{name}: H_p = v(t, q, p)", H.diff(P), velocity, scope=scope)
        check.identity(f"{name}: H_q = −𝓛_q(t, q, v(t, q, p))", H.diff(Q), -L.diff(Q).xreplace(on_branch), scope=scope)
        check.identity(f"{name}: H_t = −𝓛_t(t, q, v(t, q, p))", H.diff(t), -L.diff(t).xreplace(on_branch), scope=scope)
    check_hamiltonian_every_n(check, p_sign=p_sign)
    with check.supporting():  # sympy's differentiation at fixed sizes (recorded after every claim)
        for n in check.sweep(sizes):
            q, p, w, H, _ = _generic_branch(n)
            Lw = L_GENERIC(t, *q, *w)
            relation = {Lw.diff(w[i]): p[i] for i in range(n)}
            partials = [H.diff(x).xreplace(relation) for x in (t, *q, *p)]
            w_order = max(_derivative_order(e, wi.func) for e in partials for wi in w)
            L_order = max(_derivative_order(e, L_GENERIC) for e in partials)
            check.fact(f"n = {n}: on a generic branch the first partials of H involve w itself and first derivatives "
                       "of 𝓛 only (so H ∈ C² when w ∈ C¹ and 𝓛 ∈ C²)", w_order == 0 and L_order == 1,
                       method="computation", detail=f"highest order of w: {w_order}, of 𝓛: {L_order}",
                       scope=f"symbolic, generic 𝓛 and w, n = {n}")


definition(HYPERREGULARITY_ID,
            title="Hyperregularity, the inverse Legendre branch and the Hamiltonian H = p·v − 𝓛",
            statement=r"$\mathcal L$ is hyperregular when for every $(t,q)$ the map $v\mapsto\mathcal L_v(t,q,v)$ is "
                      r"a bijection of $\mathbb R^n$ onto $\mathbb R^n$ and the inverse $(t,q,p)\mapsto v(t,q,p)$, "
                      r"$\mathcal L_v(t,q,v(t,q,p))=p$, is defined on all of $J\times U\times\mathbb R^n$ and is $C^1$; "
                      r"$v$ is the inverse Legendre branch and $H(t,q,p)=p\cdot v(t,q,p)-\mathcal L(t,q,v(t,q,p))$ its "
                      r"Hamiltonian. The page says $H$ is $C^1$ 'being a sum of products of $C^1$ maps'. Checked: "
                      r"$H\in C^1$, in fact $C^2$, since $H_p=v$, $H_q=-\mathcal L_q\circ(t,q,v)$, "
                      r"$H_t=-\mathcal L_t\circ(t,q,v)$ are $C^1$; the justification is imprecise (the second term is a "
                      r"composition, not a product).",
            source=f"{SEED001}: 'Hyperregularity. The Lagrangian 𝓛 is hyperregular (on the chart) when … The Hamiltonian "
                   "is C¹ on its domain, being a sum of products of C¹ maps.'",
            uses=[CHART_ID, MAP_ID, REGULARITY_ID, HAMILTON_ID, MECHANICAL_ID, CHAIN_EVERY_SIZE_ID],
            assumes=[H_LAGRANGIAN_C2, H_GRADIENT_BIJECTIVE, H_INVERSE_C1])(check_hyperregularity_definition)


# ---------------------------------------------------------------------------
# legendre.hyperregular_implies_regular  (catalogue #28)
# ---------------------------------------------------------------------------

def _determinant_certificate(n: int, E: Matrix, D):
    """Coefficients c with Σ c·g = 1 for the generators g = (entries of E column by column, h = det 𝓛_vv), given
    det(I + E) = D·h identically (D = det D_pv): 1 = D·h − (det(I + E) − 1), and det(I + E) − 1 (no constant term)
    is split as Σ c_ij e_ij by peeling off one entry at a time (exact polynomial division)."""
    e = Matrix(n, n, lambda i, j: Symbol(f"_e{i}{j}"))
    rest = sympy.expand((sympy.eye(n) + e).det() - 1)
    coefficients = {}
    for j in range(n):
        for i in range(n):
            without = rest.subs(e[i, j], 0)
            coefficients[i, j] = sympy.cancel((rest - without) / e[i, j])
            rest = without
    if rest != 0:
        raise ValueError("det(I + E) − 1 has a constant term")
    entries = {e[i, j]: E[i, j] for i in range(n) for j in range(n)}
    return [-coefficients[i, j].xreplace(entries) for j in range(n) for i in range(n)] + [D]


def hyperregular_implies_regular_proof(n: int, identity_factor=1) -> Proof:
    """Checked proof (fixed n): v(t, q, 𝓛_v(t, q, w)) = w ⇒ D_pv·𝓛_vv = I ⇒ det 𝓛_vv ≠ 0 (by contradiction)."""
    q = _chart_symbols(n)[0]
    w = list(sympy.symbols(f"w1:{n + 1}", real=True)) if n > 1 else [Symbol("w", real=True)]
    L = L_GENERIC(t, *q, *w)
    Lw = [L.diff(x) for x in w]
    branch = [Function(f"vhat{i + 1}", real=True)(t, *q, *Lw) for i in range(n)]
    DV = Matrix(n, n, lambda i, k: branch[i].diff(Lw[k]))
    Lww = Matrix(n, n, lambda i, j: L.diff(w[i], w[j]))
    product = DV * Lww
    pr = Proof("hyperregular ⇒ regular")
    pr.hypothesis("inverse", (Matrix(branch), Matrix(w)), along=tuple(w), assumption=H_INVERSE_C1, note="v(t, q, 𝓛_v(t, q, w)) = w for every w (C¹ inverse)")
    columns = []
    for j in range(n):
        label = f"d/dw{j + 1}"
        pr.differentiate(label, "inverse", w[j], (product[:, j], identity_factor * sympy.eye(n)[:, j]),
                         note="chain rule: column j of D_pv(t, q, 𝓛_v)·𝓛_vv = column j of I")
        columns.append(label)
    pr.suppose("singular", (Lww.det(), 0), note="suppose det 𝓛_vv(t, q, w) = 0")
    E = product - sympy.eye(n)
    pr.algebra("one", columns + ["singular"], (1, 0), certificate=_determinant_certificate(n, E, DV.det()),
               note="det(D_pv)·det 𝓛_vv = det(D_pv 𝓛_vv) = det I = 1")
    pr.contradiction("det ≠ 0", "one", note="1 = 0: so det 𝓛_vv(t, q, w) ≠ 0")
    pr.conclude("det ≠ 0")
    return pr


def check_hyperregular_implies_regular(check, *, identity_factor=1, sizes=(1, 2, 3)):
    """For every n (opaque D_pv̂, 𝓛_vv; the chain rule of every size and a checked proof with determinants); necessity
    of the C¹ clause: 𝓛 = v⁴/4 is bijective but not regular at 0.  Supporting: checked proofs with generic 𝓛 and
    branch at n in ``sizes`` (recorded after every claim)."""
    hyperregular_implies_regular_every_n(check, inverse_hypothesis=H_INVERSE_C1, identity_factor=identity_factor)
    with check.supporting():
        for n in check.sweep(sizes):
            check.proof(f"v(t, q, 𝓛_v(t, q, w)) = w ⇒ D_pv·𝓛_vv = I ⇒ det 𝓛_vv ≠ 0 (n = {n})",
                        hyperregular_implies_regular_proof(n, identity_factor),
                        scope=f"symbolic, generic 𝓛(t, q, v) and C¹ branch v(t, q, p), n = {n}")
    bijective, not_c1, singular = _quartic_necessity_facts()
    check.necessary(H_INVERSE_C1, "𝓛 = v⁴/4 (n = 1): 𝓛_v = v³ is a bijection of ℝ with inverse p^{1/3}",
                    violates=not_c1, others_hold={
                        H_GRADIENT_BIJECTIVE: bijective,
                        H_LAGRANGIAN_C2: [("𝓛 = v⁴/4 is a polynomial, so C²", QUARTIC.is_polynomial(V), "symbolic")]},
                    conclusion_fails=singular, scope="symbolic, n = 1")


lemma("legendre.hyperregular_implies_regular",
       title="A hyperregular Lagrangian is regular",
       statement=r"If $\mathcal L$ is hyperregular (bijective velocity gradient with $C^1$ inverse branch $v$), then "
                 r"$\det\mathcal L_{vv}\ne0$ everywhere: differentiating $v(t,q,\mathcal L_v(t,q,w))=w$ in $w$ gives "
                 r"$D_pv\,\mathcal L_{vv}=I_n$. The $C^1$ clause is needed: $\mathcal L=v^4/4$ has a bijective "
                 r"velocity gradient $v^3$ but $\mathcal L_{vv}(0)=0$.",
       source=f"{SEED001}: 'Hyperregularity implies regularity: at fixed (t,q), differentiating v(t,q,𝓛_v(t,q,w))=w "
              "gives D_p v 𝓛_vv = I_n, so the square velocity Hessian is invertible.'",
       uses=[HYPERREGULARITY_ID, REGULARITY_ID], proof_uses=[CHAIN_RULE_ID, CHAIN_EVERY_SIZE_ID],
       assumes=[H_LAGRANGIAN_C2, H_GRADIENT_BIJECTIVE, H_INVERSE_C1])(check_hyperregular_implies_regular)


# ---------------------------------------------------------------------------
# legendre.regular_not_hyperregular  (catalogue #29)
# ---------------------------------------------------------------------------

def _zero_lagrangian_facts():
    decision = is_regular(0, [Q1, Q2], t, v=[V1, V2])
    try:
        hamiltonian(0, [Q1, Q2], t, v=[V1, V2])
        no_branch, detail = False, "a branch was returned"
    except NoInverseBranch as exc:
        no_branch, detail = True, str(exc)
    return [(f"the zero Lagrangian is not regular ({decision.explanation})", not decision, "symbolic"),
            (f"the zero Lagrangian has no inverse branch: 𝓛_v = 0 = p has no solution v for p ≠ 0 ({detail})", no_branch,
             "computation")]


def check_regular_not_hyperregular(check, *, bound=1, hessian_det=-sympy.exp(2 * V1), period=2 * sympy.pi):
    """(a) √(1+v²): regular, momentum in (−1, 1), the value ``bound`` not attained; (b) e^{v1}cos v2: regular, det Hess
    = ``hessian_det``, 𝓛_v(0, 0) = 𝓛_v(0, ``period``); (c) the zero Lagrangian: not regular, no branch."""
    Lv = sympy.diff(ROOT, V)
    check.identity("√(1+v²): 𝓛_vv = (1+v²)^{−3/2}", sympy.diff(ROOT, V, 2), (1 + V**2) ** Rational(-3, 2),
                   scope="symbolic, n = 1")
    check.identity("√(1+v²): 1 − 𝓛_v² = 1/(1+v²) > 0, so |𝓛_v| < 1", 1 - Lv**2, 1 / (1 + V**2), scope="symbolic, n = 1")
    unattained = sympy.solve(Lv - bound, V)
    check.witness("√(1+v²) is regular and not hyperregular", "𝓛 = √(1+v²), n = 1", [
        ("regular: det 𝓛_vv = (1+v²)^{−3/2} > 0 everywhere", is_regular(ROOT, [Q], t, v=[V]), "symbolic"),
        ("|𝓛_v| < 1: 1 − 𝓛_v² = 1/(1+v²) is positive for every real v", (1 / (1 + V**2)).is_positive is True,
         "symbolic"),
        (f"not onto ℝ: 𝓛_v = v/√(1+v²) = {bound} has no real solution (sympy.solve: {unattained})", unattained == [],
         "symbolic"),
    ])
    Lv2 = Matrix([EXP_COS.diff(V1), EXP_COS.diff(V2)])
    check.identity("e^{v1} cos v2: det 𝓛_vv = −e^{2 v1}", sympy.hessian(EXP_COS, [V1, V2]).det(), hessian_det,
                   scope="symbolic, n = 2")
    first, second = Lv2.subs({V1: 0, V2: 0}), Lv2.subs({V1: 0, V2: period})
    check.witness("e^{v1} cos v2 is regular and not hyperregular (n = 2)", "𝓛 = e^{v1} cos v2, n = 2", [
        ("regular: det 𝓛_vv = −e^{2 v1} ≠ 0 everywhere", is_regular(EXP_COS, [Q1, Q2], t, v=[V1, V2]), "symbolic"),
        (f"not injective: 𝓛_v(0, 0) = {list(first)} = 𝓛_v(0, {period}) = {list(second)}", first == second and period != 0,
         "computation"),
    ])
    check.witness("the zero Lagrangian: neither regular nor with an inverse branch", "𝓛 = 0, n = 2",
                  _zero_lagrangian_facts())


counterexample("legendre.regular_not_hyperregular",
               title="Regular does not imply hyperregular: √(1+v²), e^{v1} cos v2 and the zero Lagrangian",
               statement=r"The converse of #28 fails. (a) $\mathcal L=\sqrt{1+v^2}$ is regular "
                         r"($\mathcal L_{vv}=(1+v^2)^{-3/2}>0$) but $\mathcal L_v=v/\sqrt{1+v^2}$ takes values in "
                         r"$(-1,1)$ only, so it is not onto and $\mathcal L$ is not hyperregular. (b) Regular but not "
                         r"injective needs $n\ge2$: $\mathcal L=e^{v_1}\cos v_2$ has $\det\mathcal L_{vv}=-e^{2v_1}\ne0$ "
                         r"and $\mathcal L_v(0,0)=\mathcal L_v(0,2\pi)=(1,0)$, so there is no inverse branch. (c) The "
                         r"zero Lagrangian has $\mathcal L_{vv}=0$: not regular, and no inverse branch.",
               source=f"{SEED001}: 'The converse fails: a regular Lagrangian whose velocity gradient is not surjective is "
                      "not hyperregular, and a fibre-full domain whose Legendre map fails to be injective has no inverse "
                      "branch.'",
               uses=[REGULARITY_ID, HYPERREGULARITY_ID, WITNESSES_ID, SCOPE_ID, LOCAL_INVERSE_ID])(
    check_regular_not_hyperregular)


# ---------------------------------------------------------------------------
# legendre.nonsingular_hessian_local_c1_inverse  (catalogue #93)
# ---------------------------------------------------------------------------

def _inverse_hessian(L, v, branch):
    """𝓛_vv⁻¹ at v = branch (the derivative of the local inverse claimed by the inverse function theorem)."""
    return sympy.hessian(L, v).xreplace(dict(zip(v, branch))).inv()


def _generic_square(n: int, name: str = "a") -> Matrix:
    return Matrix(n, n, lambda i, j: Symbol(f"{name}{i + 1}{j + 1}", real=True))


def check_nonsingular_hessian_local_inverse(check, *, inverse_derivative=_inverse_hessian, samples=20, sizes=(1, 2, 3),
                                            adjugate_factor=1, det_product=lambda A, B: A.det() * B.det(),
                                            hessian_factor=1, nonsingular=True, inverse_derivative_n=lambda W: W.I):
    """Every n (opaque 𝓛_vv, D_pv̂ of symbolic size; :func:`local_inverse_every_n`): D_v(𝓛_v) = 𝓛_vv; det ≠ 0 ⇒
    invertible (cited determinant criterion, a checked deduction), invertible ⇒ det ≠ 0 (det(AB) = det A det B); a
    local C¹ inverse has D_pv = 𝓛_vv⁻¹.  Explicit local C¹ inverses (√(1+v²), e^{v1} cos v2); necessity of det ≠ 0:
    v⁴/4 at 0 has no C¹ local inverse.  The existence of the local C¹ inverse is the cited inverse function theorem's.
    Supporting: A adj A = det A·I and det(AB) = det A det B for generic A, B at n in ``sizes``, random matrices."""
    local_inverse_every_n(check, nonsingular_hypothesis=H_HESSIAN_NONSINGULAR, hessian_factor=hessian_factor,
                          nonsingular=nonsingular, det_product=det_product, inverse_derivative=inverse_derivative_n)
    branch = P / sympy.sqrt(1 - P**2)
    image = sympy.diff(ROOT, V)  # p = 𝓛_v(r) = r/√(1+r²) runs through (−1, 1) exactly once as r runs through ℝ
    check.identity("√(1+v²): v(p) = p/√(1−p²) inverts 𝓛_v on its image (−1, 1): v(𝓛_v(r)) = r",
                   branch.subs(P, image), V, scope="symbolic, n = 1, every real r (written v)")
    check.identity("√(1+v²): D_pv(𝓛_v(r)) = 𝓛_vv(r)⁻¹", branch.diff(P).subs(P, image),
                   inverse_derivative(ROOT, [V], [V])[0, 0], scope="symbolic, n = 1, every real r")
    p1 = Symbol("p1", positive=True)
    local = [sympy.log(p1**2 + P2**2) / 2, -sympy.atan(P2 / p1)]
    gradient = Matrix([EXP_COS.diff(V1), EXP_COS.diff(V2)])
    check.identity("e^{v1} cos v2: v(p) = (½ log|p|², −atan(p2/p1)) inverts 𝓛_v near (0, 0) (p1 > 0)",
                   gradient.xreplace({V1: local[0], V2: local[1]}), Matrix([p1, P2]), scope="symbolic, n = 2, p1 > 0")
    check.identity("e^{v1} cos v2: D_pv = 𝓛_vv⁻¹ at v(p)", Matrix(local).jacobian([p1, P2]),
                   inverse_derivative(EXP_COS, [V1, V2], local), scope="symbolic, n = 2, p1 > 0")
    bijective, not_c1, singular = _quartic_necessity_facts()
    check.necessary(H_HESSIAN_NONSINGULAR, "𝓛 = v⁴/4 at v0 = 0 (n = 1)", violates=singular,
                    others_hold={H_LAGRANGIAN_C2: [("𝓛 = v⁴/4 is a polynomial, so C²", QUARTIC.is_polynomial(V),
                                                    "symbolic")]},
                    conclusion_fails=bijective + not_c1, scope="symbolic, n = 1")
    with check.supporting():  # instances at fixed sizes (recorded after every claim: the sweep decides nothing)
        for n in check.sweep(sizes):
            q, v, _ = _chart_symbols(n)
            L = L_GENERIC(t, *q, *v)
            lm = legendre_map(L, q, t, v=v)
            check.identity(f"D_v(𝓛_v) = 𝓛_vv (n = {n})", lm.momentum.jacobian(v), lm.hessian,
                           scope=f"symbolic, generic 𝓛, n = {n}")
            A, B = _generic_square(n, "a"), _generic_square(n, "b")
            scope = f"symbolic, generic n×n A, B, n = {n}"
            check.identity(f"n = {n}: A·adj A = det A · I, so det A ≠ 0 ⇒ A is invertible with A⁻¹ = adj A / det A",
                           A * A.adjugate(), adjugate_factor * A.det() * sympy.eye(n), scope=scope)
            check.identity(f"n = {n}: det(AB) = det A · det B, so AB = I ⇒ det A · det B = 1 ⇒ det A ≠ 0",
                           (A * B).det(), det_product(A, B), scope=scope)
        check.property("det A ≠ 0 ⇔ A invertible (rank n) for square matrices",
                       st.integers(1, 4).flatmap(lambda n: rational_matrices(n, n, 2, 1)),
                       lambda A: (A.det() != 0) == (A.rank() == A.rows), samples=samples,
                       scope="randomized, exact: n×n matrices, n = 1..4, small integer entries")


cited(LOCAL_INVERSE_ID, cited_kind="lemma",
      title="Nonsingular velocity Hessian is equivalent to invertibility of the Legendre derivative, hence gives a local "
            "C¹ inverse",
      statement=r"$D_v(\mathcal L_v)=\mathcal L_{vv}$, so $\det\mathcal L_{vv}(t,q,v_0)\ne0$ if and only if the "
                r"derivative of $v\mapsto\mathcal L_v(t,q,v)$ at $v_0$ is invertible; then, by the inverse function "
                r"theorem, $v\mapsto\mathcal L_v$ has a $C^1$ inverse near $\mathcal L_v(t,q,v_0)$ with derivative "
                r"$\mathcal L_{vv}^{-1}$. Without $\det\ne0$ there may be an inverse but no $C^1$ one ($v^4/4$ at 0).",
      source="cited: 001 'Nonsingular velocity Hessian is equivalent to invertibility of the Legendre derivative, hence "
             "gives a local C^1 inverse'",
      uses=[CHART_ID, MAP_ID, JACOBIAN_ID, INVERSE_FUNCTION_THEOREM, DETERMINANT_CRITERION, CHAIN_EVERY_SIZE_ID],
      assumes=[H_LAGRANGIAN_C2, H_HESSIAN_NONSINGULAR])(check_nonsingular_hessian_local_inverse)


# ---------------------------------------------------------------------------
# hamiltonian.inverse_branch_hamilton_equations_energy  (catalogue #94)
# ---------------------------------------------------------------------------

def hamiltonian_differential_proof(n: int, q_sign=-1) -> Proof:
    """Checked proof: on a branch 𝓛_v(t, q, w(t, q, p)) = p, H = p·w − 𝓛(t, q, w) has H_p = w, H_q = −𝓛_q, H_t = −𝓛_t.

    Each partial is H_x − claimed = Σ_k (p_k − 𝓛_{v_k}(t, q, w)) ∂_x w_k, a combination of the branch relation.
    """
    q, p, w, H, residuals = _generic_branch(n)
    pr = Proof("the differential of H on an inverse branch")
    pr.hypothesis("branch", (Matrix(residuals), sympy.zeros(n, 1)), assumption=H_BRANCH_RELATION,
                  note="𝓛_v(t, q, w(t, q, p)) = p")
    claims = [(p[i], w[i], f"H_p{i + 1} = w{i + 1}") for i in range(n)]
    claims += [(q[i], q_sign * _slot_partial(n, q, w, 1 + i, q[i]), f"H_q{i + 1} = −𝓛_q{i + 1}(t, q, w)") for i in range(n)]
    claims.append((t, -_slot_partial(n, q, w, 0, t), "H_t = −𝓛_t(t, q, w)"))
    for x, claimed, label in claims:
        pr.algebra(label, ["branch"], (H.diff(x), claimed), certificate=[-wk.diff(x) for wk in w])
    pr.conclude(claims[-1][2])
    return pr


#: (name, 𝓛 with coordinates as functions of t, coordinates) for Hamilton ⇔ Euler–Lagrange
_k = Function("k", positive=True)
_a, _c = sympy.symbols("a c", positive=True)
_b = Symbol("b", real=True)
CHOLESKY_K = Matrix([[_a, 0], [_b, _c]]) * Matrix([[_a, 0], [_b, _c]]).T  # every SPD 2×2 matrix is LLᵀ


def _hamilton_examples():
    xd, yd = X.diff(t), Y.diff(t)
    velocity = Matrix([xd, yd])
    return (
        ("½ k(t, x) x'² − U(t, x)", _k(t, X) * xd**2 / 2 - U(t, X), [X]),
        ("½ vᵀKv − U(t, x, y), K = LLᵀ symbolic SPD", (velocity.T * CHOLESKY_K * velocity)[0, 0] / 2 - U(t, X, Y), [X, Y]),
        ("e^{x'} − U(t, x) (branch log p, p > 0)", sympy.exp(xd) - U(t, X), [X]),
    )


def _hamilton_el_checks(check, name, L, coordinates, hamilton_sign):
    """On the toolkit's branch of 𝓛: with p = 𝓛_v(t, q, q'), q' = H_p holds identically and p' + H_q = EL(𝓛); and
    𝓛_v(t, q, H_p) = p, so q' = H_p forces p = 𝓛_v(t, q, q').  ``hamilton_sign``: the claimed p' = ±H_q."""
    branch = hamiltonian(L, coordinates, t, simplify=False)
    H, momenta = branch.hamiltonian, branch.momenta
    equations = hamilton_equations(H, coordinates, momenta, t)
    n = len(coordinates)
    momentum = legendre_map(L, coordinates, t).momentum
    along = dict(zip(momenta, momentum))
    el = euler_lagrange(L, coordinates, t)
    velocities_from_H = {c.diff(t): H.diff(pm) for c, pm in zip(coordinates, momenta)}
    scope = f"symbolic, 𝓛 = {name}, generic U, p = 𝓛_v(t, q, q')"
    for i, c in enumerate(coordinates):
        q_eq, p_eq = equations[i], equations[n + i]
        check.identity(f"{name}: q{i + 1}' = H_p{i + 1} holds identically when p = 𝓛_v(t, q, q')",
                       (q_eq.lhs - q_eq.rhs).subs(along).doit(), 0, scope=scope)
        claimed_rhs = p_eq.rhs if hamilton_sign == -1 else hamilton_sign * H.diff(c)
        check.identity(f"{name}: p{i + 1}' − (claimed right side) = EL_{i + 1}(𝓛) when p = 𝓛_v(t, q, q')",
                       (p_eq.lhs - claimed_rhs).subs(along).doit(), el[i], scope=scope)
        check.identity(f"{name}: 𝓛_v{i + 1}(t, q, H_p) = p{i + 1}",
                       _real_compositions(momentum[i].subs(velocities_from_H)), momenta[i],
                       scope=scope)
    frozen = {x: Dummy(_name(x.expr if isinstance(x, Derivative) else x), real=True)
              for x in (*[c.diff(t) for c in coordinates], *coordinates, *momenta)}
    on_branch = {frozen[pm]: frozen_p.xreplace(frozen) for pm, frozen_p in zip(momenta, momentum)}
    check.identity(f"{name}: ∂_tH = −∂_t𝓛 at p = 𝓛_v(t, q, v) (partials with q, v, p frozen)",
                   H.xreplace(frozen).diff(t).xreplace(on_branch), -L.xreplace(frozen).diff(t), scope=scope)


def check_hamilton_equations_energy(check, *, q_sign=-1, hamilton_sign=-1, sizes=(1, 2, 3), examples=None,
                                    energy_claim=lambda H_t, H_q, H_p: H_t):
    """Every n (opaque derivative values of symbolic size; :func:`hamilton_equations_every_n`): H_p = v̂, H_q = −𝓛_q,
    H_t = −𝓛_t on a branch; with p = 𝓛_v(t, q, q'), q' = H_p and p' + H_q is the Euler–Lagrange expression; dH/dt =
    ∂_tH along q' = H_p, p' = −H_q.  Hamilton ⇔ Euler–Lagrange on concrete branches (claims).  Supporting: checked
    proofs with a generic 𝓛 and branch and the energy identity for a generic H at n in ``sizes``."""
    hamilton_equations_every_n(check, q_sign=q_sign, hamilton_sign=hamilton_sign, energy_claim=energy_claim)
    for name, L, coordinates in (_hamilton_examples() if examples is None else examples):
        _hamilton_el_checks(check, name, L, coordinates, hamilton_sign)
    with check.supporting():  # fixed sizes (recorded after every claim: the sweeps decide nothing)
        for n in check.sweep(sizes):
            check.proof(f"H_p = w, H_q = −𝓛_q(t, q, w), H_t = −𝓛_t(t, q, w) on a branch (n = {n})",
                        hamiltonian_differential_proof(n, q_sign), scope=f"symbolic, generic 𝓛 and branch w, n = {n}")
            qs = [X, Y, Function("z", real=True)(t)][:n]
            ps = [Function(f"p_{_name(c)}", real=True)(t) for c in qs]
            Hf = Function("H", real=True)(t, *qs, *ps)
            relations = {}
            for c, pm in zip(qs, ps):
                relations[c.diff(t)] = Hf.diff(pm)
                relations[pm.diff(t)] = hamilton_sign * Hf.diff(c)
            s = Dummy("s")
            H_t = sympy.Subs(Derivative(Function("H", real=True)(s, *qs, *ps), s), s, t)
            check.identity(f"energy identity: dH/dt = ∂_tH along q' = H_p, p' = −H_q (n = {n})", Hf.diff(t), H_t,
                           relations=relations, premise=check.STATEMENT, scope=f"symbolic, generic H(t, q, p), n = {n}")


cited(HAMILTON_ID, cited_kind="theorem",
      title="The Hamiltonian on an inverse Legendre branch: differential, equivalence with the Euler-Lagrange equation, "
            "and the energy identity",
      statement=r"On an inverse Legendre branch $v(t,q,p)$ ($\mathcal L_v(t,q,v(t,q,p))=p$) the Hamiltonian "
                r"$H=p\cdot v-\mathcal L(t,q,v)$ has $H_p=v$, $H_q=-\mathcal L_q(t,q,v)$, $H_t=-\mathcal L_t(t,q,v)$; "
                r"a $C^2$ curve $q$ solves the Euler–Lagrange equation iff $(q,p)$ with $p=\mathcal L_v(t,q,q')$ solves "
                r"$q'=H_p$, $p'=-H_q$; along solutions $\frac{d}{dt}H(t,q,p)=\partial_tH=-\mathcal L_t$.",
      source="cited: 001 'The Hamiltonian on an inverse Legendre branch: differential, equivalence with the "
             "Euler-Lagrange equation, and the energy identity'",
      uses=[CHART_ID, MAP_ID, ACTION_CHART_ID, CHAIN_EVERY_SIZE_ID],
      assumes=[H_LAGRANGIAN_C2, H_BRANCH_RELATION, H_INVERSE_C1])(check_hamilton_equations_energy)


# ---------------------------------------------------------------------------
# legendre.mechanical_lagrangian_hyperregular  (catalogue #95)
# ---------------------------------------------------------------------------

def _adjugate_branch(K, p):
    return K.adjugate() * p / K.det()


def _mechanical(K, n, potential=None):
    q, v, p = _chart_symbols(n)
    velocity = Matrix(v)
    U_q = U(t, *q) if potential is None else potential
    return sympy.expand((velocity.T * K * velocity)[0, 0] / 2) - U_q, q, v, p, U_q


def _mechanical_claims_hold(K, n, potential_sign, branch_of) -> bool:
    L, q, v, p, U_q = _mechanical(K, n)
    found = hamiltonian(L, q, t, v=v, momenta=p, simplify=False)
    pv = Matrix(p)
    claimed_H = (pv.T * K.LUsolve(pv))[0, 0] / 2 + potential_sign * U_q
    branch_ok = all(sympy.expand(e) == 0 for e in found.velocity() - branch_of(K, pv))
    return branch_ok and sympy.expand(found.hamiltonian - claimed_H) == 0


def check_mechanical_hyperregular(check, *, potential_sign=1, branch_of=_adjugate_branch, samples=4, max_n=4,
                                  symbolic_sizes=(1, 2), branch_n=lambda K, p: K.I * p,
                                  hamiltonian_n=lambda K, p: p.T * K.I * p / 2, spd=True):
    """𝓛 = ½vᵀKv − U with K SPD: K invertible, hyperregular, v = K⁻¹p, H = ½pᵀK⁻¹p + U (every n with MatrixSymbols);
    K singular is not regular (necessity); an indefinite nonsingular K also works (finding).  Supporting (after every
    claim): the toolkit at n in ``symbolic_sizes``, random SPD K at n = 3..max_n."""
    mechanical_every_n(check, spd_hypothesis=H_KINETIC_SPD, potential_sign=potential_sign, branch_n=branch_n,
                       hamiltonian_n=hamiltonian_n, spd=spd)
    singular = sympy.diag(1, 0)
    L0, q0, v0, _, _ = _mechanical(singular, 2, potential=Q1**2)
    regular = is_regular(L0, q0, t, v=v0)
    try:
        hamiltonian(L0, q0, t, v=v0)
        no_branch = False
    except NoInverseBranch:
        no_branch = True
    check.necessary(H_KINETIC_SPD, "K = diag(1, 0), U = q1² (n = 2)",
                    violates=[("K = diag(1, 0) is not positive definite (det K = 0)", singular.det() == 0, "computation")],
                    others_hold={H_MECHANICAL_DATA_C2: [
                        ("K and U = q1² are polynomial, so C²",
                         all(sympy.sympify(e).is_polynomial(Q1, Q2) for e in [*singular, Q1**2]), "symbolic")]},
                    instances={H_KINETIC_SPD: singular},
                    conclusion_fails=[(f"not regular: {regular.explanation}", not regular, "symbolic"),
                                      ("no inverse branch: 𝓛_v = (v1, 0) = p has no solution for p2 ≠ 0", no_branch,
                                       "computation")])
    indefinite = sympy.diag(1, -1)
    L1, q1, v1, p1, U1 = _mechanical(indefinite, 2)
    check.fact("finding: the nonsingular indefinite K = diag(1, −1) also gives a hyperregular 𝓛 with H = ½pᵀK⁻¹p + U "
               "(det K ≠ 0 is what the conclusion needs)",
               bool(is_hyperregular(L1, q1, t, v=v1)) and _mechanical_claims_hold(indefinite, 2, 1, _adjugate_branch),
               scope="symbolic, K = diag(1, −1), generic U, n = 2")
    with check.supporting():  # the toolkit at fixed sizes (recorded after every claim: the sweep decides nothing)
        symbolic = {1: ("K = k(t, q) > 0", Matrix([[_k(t, Q)]])), 2: ("K = LLᵀ (symbolic SPD)", CHOLESKY_K)}
        for n in check.sweep(symbolic_sizes):
            name, K = symbolic[n]
            L, q, v, p, U_q = _mechanical(K, n)
            scope = f"symbolic, {name}, generic U(t, q), n = {n}"
            check.fact(f"½vᵀKv − U is hyperregular ({name})", is_hyperregular(L, q, t, v=v), scope=scope)
            found = hamiltonian(L, q, t, v=v, momenta=p, simplify=False)
            pv = Matrix(p)
            check.identity(f"the inverse branch is v = K⁻¹p ({name})", found.velocity(), branch_of(K, pv), scope=scope)
            check.identity(f"H = ½pᵀK⁻¹p + U ({name})", found.hamiltonian,
                           (pv.T * _adjugate_branch(K, pv))[0, 0] / 2 + potential_sign * U_q, scope=scope)
        if samples and max_n >= 3:  # instances of the every-n identities
            spd_k = st.integers(3, max_n).flatmap(lambda n: st.tuples(st.just(n), spd_matrices(n, 2, 2)))
            check.property("v = K⁻¹p and H = ½pᵀK⁻¹p + U for random SPD K", spd_k,
                           lambda inst: _mechanical_claims_hold(inst[1], inst[0], potential_sign, branch_of),
                           samples=samples, describe=lambda inst: sympy.sstr(inst[1]),
                           scope=f"randomized, exact: SPD K = BᵀB + cI with rational entries, n = 3..{max_n}, "
                                 "generic U(t, q)")


cited(MECHANICAL_ID, cited_kind="theorem",
      title="A mechanical chart Lagrangian with positive definite kinetic matrix is hyperregular, with the explicit "
            "kinetic-plus-potential Hamiltonian",
      statement=r"$\mathcal L=\tfrac12v^{\mathsf T}K(t,q)v-U(t,q)$ with $K$ symmetric positive definite is hyperregular: "
                r"$\mathcal L_v=Kv$, the inverse branch is $v=K^{-1}p$ and $H=\tfrac12p^{\mathsf T}K^{-1}p+U$. "
                r"$K$ singular is not regular. Checked finding: only $\det K\ne0$ is used ($K=\mathrm{diag}(1,-1)$ "
                r"gives the same conclusion).",
      source="cited: 001 'A mechanical chart Lagrangian with positive definite kinetic matrix is hyperregular, with the "
             "explicit kinetic-plus-potential Hamiltonian'",
      uses=[CHART_ID, MAP_ID, REGULARITY_ID, DETERMINANT_CRITERION, CHAIN_EVERY_SIZE_ID],
      assumes=[H_KINETIC_SPD, H_MECHANICAL_DATA_C2])(
    check_mechanical_hyperregular)


# ---------------------------------------------------------------------------
# legendre.sqrt_and_zero_lagrangian_witnesses  (catalogue #96)
# ---------------------------------------------------------------------------

def check_sqrt_and_zero_witnesses(check, *, bounded=ROOT):
    """The toolkit's decisions: √(1+v²) regular but not hyperregular (a momentum it does not reach); 𝓛 = 0 not regular."""
    hyper = is_hyperregular(bounded, [Q], t, v=[V])
    check.witness(f"{sympy.sstr(bounded)} is regular and not hyperregular", f"𝓛 = {sympy.sstr(bounded)}, n = 1", [
        ("regular on the chart", is_regular(bounded, [Q], t, v=[V]), "symbolic"),
        (f"not hyperregular: {hyper.explanation}", not hyper, "symbolic"),
    ])
    check.witness("the zero Lagrangian is degenerate", "𝓛 = 0, n = 2", _zero_lagrangian_facts())


cited(WITNESSES_ID, cited_kind="counterexample",
      title="Regular versus hyperregular: the bounded-gradient Lagrangian √(1+v²) and the degenerate zero Lagrangian",
      statement=r"$\mathcal L=\sqrt{1+v^2}$ is regular and its velocity gradient misses every $|p|\ge1$ (e.g. $p=2$: "
                r"$v/\sqrt{1+v^2}=2$ has no real solution), so it is not hyperregular; the zero Lagrangian has "
                r"$\mathcal L_{vv}=0$ and no inverse branch.",
      source="cited: 001 'Regular versus hyperregular: the bounded-gradient Lagrangian √(1+v²) and the degenerate zero "
             "Lagrangian'",
      uses=[CHART_ID, REGULARITY_ID, LOCAL_INVERSE_ID])(check_sqrt_and_zero_witnesses)


# ---------------------------------------------------------------------------
# legendre.scope_regular_vs_hyperregular  (catalogue #97)
# ---------------------------------------------------------------------------

def _covector_transform(A, p):
    return A.T * p


def check_scope_regular_vs_hyperregular(check, *, transform=_covector_transform, matrix=None):
    """Regularity is local (v⁴/4 is regular on v ≠ 0 only); the momentum is a covector (p̄ = Aᵀp under v = Av̄); a branch
    may cover part of the momentum fibre only (e^v: branch log p, p > 0)."""
    det = sympy.hessian(QUARTIC, [V]).det()
    check.fact("regularity is local: v⁴/4 is regular at v = 1 and on the open set v ≠ 0 (det 𝓛_vv = 3v²), not at v = 0",
               bool(is_regular(QUARTIC, [Q], t, at={V: 1}, v=[V])) and sympy.solve(det, V) == [0])
    a = Matrix(2, 2, sympy.symbols("a11 a12 a21 a22", real=True)) if matrix is None else Matrix(matrix)
    vbar = Matrix(sympy.symbols("u1 u2", real=True))
    Lgen = L_GENERIC(V1, V2)  # at a fixed (t, q)
    velocity = a * vbar
    change = {V1: velocity[0], V2: velocity[1]}
    pulled = Lgen.subs(change, simultaneous=True)
    momentum = Matrix([Lgen.diff(V1), Lgen.diff(V2)]).subs(change, simultaneous=True)
    check.identity("the momentum is a covector: for v = A v̄, ∂𝓛(Av̄)/∂v̄ = Aᵀ 𝓛_v(A v̄)",
                   Matrix([pulled.diff(x) for x in vbar]),
                   transform(a, momentum), scope=f"symbolic, generic 𝓛(t, q, ·) at fixed (t, q), A = {'generic 2×2' if matrix is None else sympy.sstr(a)}, n = 2")
    exp_branch = hamiltonian(sympy.exp(V), [Q], t, v=[V], momenta=[P])
    hyper = is_hyperregular(sympy.exp(V), [Q], t, v=[V])
    check.fact(f"the branch description has limits: e^v is regular with branch v = {exp_branch.branch[V]} on p > 0 only, "
               f"not hyperregular ({hyper.explanation})",
               exp_branch.branch[V] == sympy.log(P) and not hyper)


cited(SCOPE_ID, cited_kind="remark",
      title="Scope of the Legendre map: regular versus hyperregular, the meaning of the covector datum, and the limits "
            "of the branch description",
      statement=r"Regularity is a local, pointwise condition; hyperregularity is global in the fibre. The momentum "
                r"$p=\mathcal L_v$ is a covector: under $v=A\bar v$ it becomes $A^{\mathsf T}p$. An inverse branch may "
                r"exist on part of the momentum fibre only ($e^v$: $v=\log p$ for $p>0$), which is not hyperregularity.",
      source="cited: 001 'Scope of the Legendre map: regular versus hyperregular, the meaning of the covector datum, and "
             "the limits of the branch description'",
      uses=[CHART_ID, MAP_ID, REGULARITY_ID, LOCAL_INVERSE_ID])(check_scope_regular_vs_hyperregular)
