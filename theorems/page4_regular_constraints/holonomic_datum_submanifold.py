"""The instantaneous locus of seed 004's datum as a C² submanifold: slice charts, the implicit-function derivative
and the dimension of the virtual displacement space.

* the definition ``calculus.c2_slice_submanifold_convention`` (#59), on :class:`~theorems.page4_regular_constraints.holonomic_datum.SliceChart`;
* the lemma ``holonomic.instantaneous_locus_c2_submanifold`` (#60), on
  :class:`~theorems.page4_regular_constraints.holonomic_datum.ImplicitFunction` and a checked proof of the implicit derivative;
* the lemma ``holonomic.virtual_displacement_space_dimension`` (#61, SUBTLE: ``dim V = 3N − k`` holds on
  ``Σ``; off ``Σ`` the page's "at (t,x)" fails, witness ``G = x₁³ − x₁`` at ``x₁ = 1/√3``).

Split from :mod:`theorems.page4_regular_constraints.holonomic_datum` (the datum, its slice charts and hypotheses live there).  Each verifier is
a plain function ``check_*(check, **claim)``; the soundness tests in ``tests/test_corpus_holonomic_datum.py`` run
them on mutated claims.
"""
from __future__ import annotations

import contextlib

import mpmath
import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Symbol

from checker import Proof, definition, lemma
from checker.kernel.engine.randomized import OutsideDomain
from theorems.toolkit.strategies import full_row_rank_matrices, rational_matrices
from theorems.page4_regular_constraints.holonomic_datum import (  # noqa: F401 - the datum and shared helpers
    _compose, _datum_instances, _describe_level_set, DPS, H_G_C2, H_RANK_ON_LOCUS, HolonomicConstraintDatum, _is_zero, _jacobian_at_point, _kernel_dimension, _level_set_instances, local_graph_residuals, _rank, SEED, _shifted_polynomials, slice_chart, SPHERE, t, X, x1, x2, x3,
)


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
    φ' = −(D_vG)⁻¹D_uG; the rank hypothesis is needed (the double cone).  For every k and d = 3N − k: the matrix
    form of the derivative (the chain rule of every size gives D_uG + D_vG·Dφ = 0) and the dimension, the number d of
    graph coordinates u (n = d + k) against the claimed ``dimension(n, k)``; the checked proofs at k = 1, 2 (generic
    G, φ) support."""
    kk, d = sympy.symbols("k d", integer=True, positive=True)
    claimed = sympy.sympify(dimension(d + kk, kk))
    check.fact(f"dimension: the slice chart (u, v − φ(u)) sends Σ_t near p onto W ∩ (R^d × {{0}}), u ∈ R^d with n = "
               f"3N = d + k, so dim Σ_t = d; claimed {sympy.sstr(dimension(sympy.Symbol('n'), kk))} at n = d + k is "
               f"{sympy.sstr(claimed)}", sympy.expand(claimed - d) == 0, method="symbolic",
               scope="symbolic, every k and d = 3N − k", detail="the graph coordinates u are the 3N − k columns outside "
                                                                  "the invertible k×k minor")
    Ju, Jv = sympy.MatrixSymbol("D_uG", kk, d), sympy.MatrixSymbol("D_vG", kk, kk)
    Dphi = sympy.MatrixSymbol("Dphi", kk, d)
    if matrix_form:
        check.identity("Dφ − (−(D_vG)⁻¹D_uG) = (D_vG)⁻¹(D_uG + D_vG·Dφ): zero where the chain rule gives "
                       "D_uG + D_vG·Dφ = D[G(u, φ(u))] = 0", Dphi - derivative_sign * Jv.I * Ju, Jv.I * (Ju + Jv * Dphi),
                       scope="symbolic, every k and d = 3N − k (MatrixSymbols), where det D_vG ≠ 0; D[G(u, φ(u))] "
                             "by the cited chain rule of every size (calculus.chain_and_product_rules_every_size)",
                       context="the matrix form of the proofs' last step, for every size")

    # the same derivative as checked proofs for generic G, φ at k = 1, 2: supporting when the every-size matrix form
    # decides (recorded after every claim check: a sweep followed by a claim check bounds the verdict's scope), claims
    # when it is switched off
    with (check.supporting() if matrix_form else contextlib.nullcontext()):
        for k in check.sweep(proof_sizes):
            check.proof(f"G(u, φ(u)) ≡ 0 ⇒ φ' = −(D_vG)⁻¹D_uG (k = {k})", implicit_derivative_proof(k, derivative_sign),
                        scope=f"symbolic, generic G and φ, v ∈ R^{k}; u is one coordinate u_j (the others frozen: the "
                              f"same computation for every j and every N), where det D_vG ≠ 0")

    def locus_is_a_graph(instance):
        n, k, polys, point, offsets = instance
        variables = [t] + list(X[:n])
        G = _shifted_polynomials(polys, variables, point)
        t0, p = point[0], point[1:]
        frozen = [g.xreplace({t: t0}) for g in G]  # the fixed-time map H(x) = G(t0, x)
        if _rank(_jacobian_at_point(frozen, X[:n], X[:n], p)) < k:
            raise OutsideDomain("rank D_xG < k at the drawn point of Σ_t (hypothesis (a)5 fails)")
        if n % 3 == 0:
            HolonomicConstraintDatum(G, X[:n], t, sample_point=(t0, p))  # a datum in the sense of (a)
        try:
            residual, f = local_graph_residuals(frozen, X[:n], p, offsets[1:], derivative_sign=derivative_sign)
        except ArithmeticError as exc:
            raise OutsideDomain(str(exc)) from exc
        kernel = _kernel_dimension(_jacobian_at_point(frozen, X[:n], X[:n], p))
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
                   "calculus.regular_critical_points_values_level_sets", "calculus.chain_and_product_rules_every_size"],
       assumes=[H_RANK_ON_LOCUS, H_G_C2], avoids=["holonomic.ideal_reaction_law"])
def _(check):
    check_instantaneous_locus_submanifold(check)


# ---------------------------------------------------------------------------
# holonomic.virtual_displacement_space_dimension  (#61, SUBTLE)
# ---------------------------------------------------------------------------

CIRCLE = [SPHERE, x3]  # |x| = 1 in the plane x3 = 0 (N = 1, k = 2)

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
