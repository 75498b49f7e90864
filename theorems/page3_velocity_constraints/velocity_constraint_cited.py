"""The cited items of seed 003's force branch (#101-#106, #110, #115), split from :mod:`theorems.page3_velocity_constraints.velocity_constraint`.

``definition.configuration_domain_mass_operator`` (#102: 𝖬 SPD for every N by induction on N, each step decided
symbolically; symbolic Sylvester for N ≤ 3 as a cross-check),
``linalg.linear_map`` (#106) and ``linalg.general_linear_group`` (#110: every size by matrix identities of symbolic
shape) are checked; the others are text.  Item ids unchanged.
"""
from __future__ import annotations

import sympy
from hypothesis import strategies as st
from sympy import Matrix, Symbol

from checker import cited, stated
from theorems.page1_variations.holonomic_chart import is_symmetric_positive_definite
from theorems.page4_regular_constraints.holonomic_datum import mass_operator
from theorems.toolkit.strategies import rationals
from theorems.page3_velocity_constraints.velocity_constraint import FORCE_ID, GL_ID, MASS_ID, X, _invertible_matrices, _symbol_set
from theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra import check_general_linear_group_every_size

__all__ = ["check_mass_operator", "check_mass_operator_every_size", "check_linear_map", "check_general_linear_group"]


# ---------------------------------------------------------------------------
# cited items  (#101-#106, #110, #115)
# ---------------------------------------------------------------------------

stated(FORCE_ID, kind="cited", cited_kind="postulate",
       title="Adopted force model: force maps, the equation of motion, additive composition of force contributions and "
             "frame covariance",
       statement=r"In an inertial frame, $m_ix_i''=F_i(t,x,w)$ for the labels $i=1..N$, with a force map $F$ that (i) "
                 r"excludes constraint reactions, (iii) is continuous and locally Lipschitz in the state, (v) composes "
                 r"additively from declared contributions, and is frame covariant under the adopted Galilean "
                 r"transformations.",
       source="cited: 003, 004 'Adopted force model: force maps, the equation of motion, additive composition of force "
              "contributions and frame covariance'")

stated("units.dimensions_si_conventions", kind="cited", cited_kind="definition",
       title="Dimensions and SI unit conventions of the non-relativistic classical mechanics framework",
       statement=r"Base dimensions mass $\mu$, length $\ell$, time $\tau$ (SI units kg, m, s); force $\mu\ell\tau^{-2}$, "
                 r"energy $\mu\ell^2\tau^{-2}$, power $\mu\ell^2\tau^{-3}$; every declared quantity carries a dimension "
                 r"and every equation is dimensionally homogeneous. (The dimension checks are in theorems.foundations.dimensions.)",
       source="cited: 003, 004 'Dimensions and SI unit conventions of the non-relativistic classical mechanics framework'")

stated("kinematics.coordinate_velocity_acceleration", kind="cited", cited_kind="definition",
       title="Coordinate velocity and acceleration of a worldline in an inertial frame, and the spatial velocity and "
             "acceleration vectors",
       statement=r"For a worldline with adapted coordinates $x_i(t)$ in an inertial frame, the coordinate velocity is "
                 r"$w_i=x_i'$ and the acceleration $x_i''$; they are the components of the spatial velocity and "
                 r"acceleration vectors.",
       source="cited: 003, 004 'Coordinate velocity and acceleration of a worldline in an inertial frame, and the spatial "
              "velocity and acceleration vectors'")

stated("calculus.vector_valued_derivative_riemann_integral", kind="cited", cited_kind="definition",
       title="The derivative and the Riemann integral of a vector-valued function: an intrinsic derivative and a "
             "componentwise integral",
       statement=r"For $f:J\to\mathbb R^n$, $f'(t)=\lim_{h\to0}(f(t+h)-f(t))/h$ (independent of the basis; componentwise "
                 r"in coordinates) and $\int_a^bf=(\int_a^bf_1,\dots,\int_a^bf_n)$ for Riemann-integrable components.",
       source="cited: 003, 004 'The derivative and the Riemann integral of a vector-valued function: an intrinsic "
              "derivative and a componentwise integral'")

stated("frames.inertial_frames_galilean_transformations", kind="cited", cited_kind="postulate",
       title="Inertial frames, stationary observers and the adopted Galilean transformations between frames",
       statement=r"Inertial frames with stationary observers and adapted coordinates $(t,x)$ exist; two inertial frames "
                 r"are related by a Galilean transformation $t'=t+t_0$, $x'=Qx+vt+a$ ($Q$ orthogonal).",
       source="cited: 004 'Inertial frames, stationary observers and the adopted Galilean transformations between "
              "frames'; seed 003 fixes 'one inertial frame with adapted coordinates (t,x)'")


def check_mass_operator_every_size(check, *, positive_masses=True):
    """𝖬_N = diag(m₁I₃, …, m_N I₃) is symmetric positive definite for every N, by induction on N.

    𝖬_{N+1} = diag(𝖬_N, m I₃) and xᵀ𝖬_{N+1}x = Q + m|y|² with Q = x'ᵀ𝖬_N x' (x = (x', y)).  Base: 𝖬_1 = m₁I₃.
    Step, each fact decided by sympy from the symbols' assumptions: (i) 𝖬_N symmetric (every symmetric matrix of
    size 3N is W + Wᵀ, N symbolic) ⇒ diag(𝖬_N, m I₃) symmetric (block transpose); (ii) Q ≥ 0 ⇒ Q + m|y|² ≥ 0;
    (iii) Q ≥ 0 and y ≠ 0 (a component a ≠ 0) ⇒ Q + m|y|² > 0; (iv) Q > 0 ⇒ Q + m|y|² > 0; since x ≠ 0 means
    x' ≠ 0 (Q > 0 by the induction hypothesis) or y ≠ 0, 𝖬_{N+1} is positive definite.  ``positive_masses=False``
    (a test's mutation) weakens m > 0 to m ≥ 0: (iii) must then fail."""
    N = Symbol("N", integer=True, positive=True)
    m = Symbol("m", positive=True) if positive_masses else Symbol("m", nonnegative=True)
    W = sympy.MatrixSymbol("W", 3 * N, 3 * N)
    a, b, c = Symbol("a", real=True, nonzero=True), Symbol("b", real=True), Symbol("c", real=True)
    Q0, Qp = Symbol("Q", nonnegative=True), Symbol("Q", positive=True)
    y2 = a**2 + b**2 + c**2
    scope = "every N (induction on N; base and step decided symbolically)"
    base = m * sympy.eye(3)
    check.fact("base N = 1: M_1 = m I_3 is symmetric and y^T M_1 y = m|y|^2 > 0 for y != 0 (a component a != 0)",
               base.T == base and sympy.expand((Matrix([a, b, c]).T * base * Matrix([a, b, c]))[0]).is_positive is True,
               method="symbolic", scope=scope)
    step = sympy.BlockDiagMatrix(W + W.T, m * sympy.Identity(3))
    check.fact("step (symmetry): diag(M_N, m I_3) is symmetric when M_N = W + W^T (N symbolic)",
               sympy.block_collapse(step.T - step).is_ZeroMatrix is True, method="symbolic", scope=scope)
    check.fact("step (semidefinite): Q >= 0 gives Q + m|y|^2 >= 0", (Q0 + m * y2).is_nonnegative is True,
               method="symbolic", scope=scope)
    check.fact("step (definite, y != 0): Q >= 0 and a component of y nonzero give Q + m|y|^2 > 0",
               (Q0 + m * y2).is_positive is True, method="symbolic", scope=scope)
    check.fact("step (definite, x' != 0): Q > 0 gives Q + m|y|^2 > 0 for every y",
               (Qp + m * (b**2 + c**2)).is_positive is True, method="symbolic", scope=scope)


def check_mass_operator(check, *, build=mass_operator, max_particles=3, samples=20, quadratic_form=True,
                        every_size=True):
    """𝖬 = diag(m₁I₃, …, m_N I₃) is symmetric positive definite for m_i > 0, xᵀ𝖬x = Σ m_i|x_i|², and m_i ≤ 0 is rejected.

    ``build(masses)`` is the claimed mass operator; ``quadratic_form`` selects the symbolic identity.
    """
    masses = sympy.symbols("m1:3", positive=True)
    x = Matrix(X[:6])
    M = build(list(masses))
    if quadratic_form:
        check.identity("xᵀ𝖬x = m1|x_1|² + m2|x_2|² (N = 2)", (x.T * M * x)[0, 0],
                       masses[0] * sum(e**2 for e in X[:3]) + masses[1] * sum(e**2 for e in X[3:6]),
                       scope="symbolic, N = 2, generic positive masses")
    check.fact("𝖬 is block diagonal m_i I₃ (N = 2)", M == sympy.diag(*[mi for mi in masses for _ in range(3)]),
               method="symbolic")

    def spd(ms):
        M = build(ms)
        return M.shape == (3 * len(ms), 3 * len(ms)) and is_symmetric_positive_definite(M)

    for count in range(1, max_particles + 1):  # symbolic: positive mass symbols, Sylvester's criterion
        ms = list(sympy.symbols(f"m1:{count + 1}", positive=True))
        check.fact(f"𝖬 is symmetric positive definite for every positive m_1..m_{count} (N = {count}; symmetric, "
                   "leading principal minors shown positive)", spd(ms), method="symbolic",
                   scope=f"symbolic, N = {count}, generic positive masses")
    if samples:
        with check.supporting():  # the symbolic Sylvester checks decide
            check.property("𝖬 is symmetric positive definite for positive rational masses",
                           st.lists(rationals(9, 4, nonzero=True).map(abs), min_size=1, max_size=max_particles), spd,
                           samples=samples, describe=lambda ms: [str(v) for v in ms],
                           scope=f"randomized, exact: N = 1..{max_particles}, m_i > 0 rational; Sylvester's criterion")
    if every_size:
        check_mass_operator_every_size(check)
    try:
        build([1, 0])
        rejected = False
    except ValueError:
        rejected = True
    check.fact("a mass m_i = 0 is rejected (𝖬 would be only semidefinite)", rejected, method="computation")


cited(MASS_ID, cited_kind="definition",
      title="Configuration domain of N labeled particles: open admissible sets, regular holonomic constraints and the "
            "mass operator",
      statement=r"(a) The configuration domain is an open $Q\subseteq\mathbb R^{3N}$; (d) the mass operator is "
                r"$\mathsf M(x_1,\dots,x_N)=(m_1x_1,\dots,m_Nx_N)$, i.e. $\mathsf M=\operatorname{diag}(m_1I_3,\dots,"
                r"m_NI_3)$ with $m_i>0$, symmetric positive definite; (e) local holonomic / nonholonomic classification of "
                r"constraints (used by holonomic equivalence).",
      source="cited: 003, 004 'Configuration domain of N labeled particles: open admissible sets, regular holonomic "
             "constraints and the mass operator' clauses (a), (d), (e)")(lambda check: check_mass_operator(check))


def check_linear_map(check, *, apply=lambda A, v: A * v, symbolic=True):
    """v ↦ Av is linear: A(αu + βv) = αAu + βAv, and composition is the matrix product (generic 2×3, 3×2).

    ``apply(A, v)`` is the claimed map; ``symbolic`` selects the generic identities (a fixed instance always runs).
    """
    A0, u0, v0 = Matrix([[1, 2, 0], [0, -1, 3]]), Matrix([1, 0, 2]), Matrix([-1, 1, 1])
    check.fact("a fixed instance: A = [[1, 2, 0], [0, −1, 3]], u = (1, 0, 2), v = (−1, 1, 1), α = 2, β = −3",
               apply(A0, 2 * u0 - 3 * v0) == 2 * apply(A0, u0) - 3 * apply(A0, v0), method="computation")
    if not symbolic:
        return
    alpha, beta = sympy.symbols("alpha beta", real=True)
    A = Matrix(2, 3, lambda i, j: Symbol(f"a{i + 1}{j + 1}", real=True))
    B = Matrix(3, 2, lambda i, j: Symbol(f"c{i + 1}{j + 1}", real=True))
    u, v = Matrix(_symbol_set("u", 3)), Matrix(_symbol_set("v", 3))
    w = Matrix(_symbol_set("w", 2))
    scope = "symbolic, generic A (2×3), B (3×2), vectors u, v, w and scalars α, β"
    check.identity("A(αu + βv) = αAu + βAv", apply(A, alpha * u + beta * v), alpha * apply(A, u) + beta * apply(A, v),
                   scope=scope)
    check.identity("composition v ↦ A(Bv) is the linear map of AB", apply(A, apply(B, w)), (A * B) * w, scope=scope)


cited("linalg.linear_map", cited_kind="definition",
      title="Linear map between vector spaces over the same field",
      statement=r"A map $L:V\to W$ between vector spaces over the same field $F$ is linear when "
                r"$L(\alpha u+\beta v)=\alpha L(u)+\beta L(v)$ for all $u,v\in V$, $\alpha,\beta\in F$; a matrix "
                r"$A\in M_{m\times n}(F)$ defines the linear map $v\mapsto Av$ and composition corresponds to the product.",
      source="cited: 003 'Linear map between vector spaces over the same field'")(lambda check: check_linear_map(check))


def check_general_linear_group(check, *, inverse_of_product=lambda A, B: B.LUsolve(A.LUsolve(sympy.eye(A.rows))),
                               samples=12, max_n=3, every_size=True, inverse_of_product_formula=None):
    """GL(n): det(AB) = det A det B, so products of invertible matrices are invertible, with (AB)⁻¹ = B⁻¹A⁻¹;
    I ∈ GL(n); inverses are invertible; a singular matrix is not in GL(n).  Every size n by matrix identities of
    symbolic shape; generic 2×2 and random exact instances (supporting) for the toolkit formula.

    ``inverse_of_product(A, B)`` is the claimed (AB)⁻¹ on explicit matrices, ``inverse_of_product_formula`` the claimed
    (AB)⁻¹ as a matrix expression (None: B⁻¹A⁻¹).
    """
    if every_size:
        check_general_linear_group_every_size(check, **({} if inverse_of_product_formula is None
                                                        else {"inverse_of_product": inverse_of_product_formula}))
    A = Matrix(2, 2, lambda i, j: Symbol(f"a{i + 1}{j + 1}", real=True))
    B = Matrix(2, 2, lambda i, j: Symbol(f"b{i + 1}{j + 1}", real=True))
    check.identity("det(AB) = det A · det B (2×2)", (A * B).det(), A.det() * B.det(), scope="symbolic, generic 2×2")

    def group(instance):
        A, B = instance
        n = A.rows
        identity = sympy.eye(n)
        AB = A * B
        inv = inverse_of_product(A, B)
        A_inv = A.LUsolve(identity)
        return AB.det() != 0 and AB * inv == identity and inv * AB == identity and A_inv.det() != 0 and \
            A_inv.LUsolve(identity) == A and identity.det() == 1

    check.fact("a fixed instance: A = [[1, 1], [0, 1]], B = [[1, 0], [1, 1]]",
               group((Matrix([[1, 1], [0, 1]]), Matrix([[1, 0], [1, 1]]))), method="computation")
    if samples:
        with check.supporting():  # the every-size identities decide
            check.property("AB ∈ GL(n) with (AB)⁻¹ = inverse_of_product(A, B); (A⁻¹)⁻¹ = A; I ∈ GL(n)",
                           st.integers(1, max_n).flatmap(lambda n: st.tuples(_invertible_matrices(n),
                                                                             _invertible_matrices(n))),
                           group, samples=samples, describe=lambda inst: [sympy.sstr(e) for e in inst],
                           scope=f"randomized, exact rationals, n = 1..{max_n}, A and B invertible")
    check.fact("[[1, 2], [2, 4]] (det 0) is not in GL(2)", Matrix([[1, 2], [2, 4]]).det() == 0, method="computation")


cited(GL_ID, cited_kind="definition",
      title="Invertible matrices and the general linear group GL_n(F)",
      statement=r"$GL_n(F)=\{A\in M_{n\times n}(F):\det A\ne0\}$, the invertible matrices, is a group under "
                r"multiplication: $I\in GL_n$, $\det(AB)=\det A\det B$ so $AB\in GL_n$ with $(AB)^{-1}=B^{-1}A^{-1}$, "
                r"and $A^{-1}\in GL_n$.",
      source="cited: 003 'Invertible matrices and the general linear group GL_n(F)'")(
    lambda check: check_general_linear_group(check))
