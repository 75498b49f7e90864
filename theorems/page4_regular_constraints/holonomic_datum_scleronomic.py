"""Time classes of seed 004's datum: the scleronomic/rheonomic definition (#64), G_t = 0 on a scleronomic locus (#65),
the counterexamples #66 ((s − ut)²) and #67 (a disconnected time window), and the rescaling lemma #68.

Split from :mod:`theorems.page4_regular_constraints.holonomic_datum` (the datum and its hypotheses live there).  Each verifier is a plain
function ``check_*(check, **claim)``; the soundness tests in ``tests/test_corpus_holonomic_datum.py`` run them on
mutated claims.
"""
from __future__ import annotations

from itertools import combinations

import sympy
from hypothesis import strategies as st
from sympy import Function, Matrix, Symbol

from checker import Proof, counterexample, definition, lemma
from checker.kernel.decision import Decision
from checker.kernel.deduction import Deduction, atom, forall, implies
from theorems.foundations.analytic_facts import (CLOPEN_INTERVAL, INTERVAL, OTHER_POINT, PARAMETER, POINT, SUBSET, TIME,
                                                 ZERO_DERIVATIVE, ZERO_SET_CLOSED)
from theorems.page4_regular_constraints.holonomic_datum_cited import local_graph_terms
from checker.kernel.engine.randomized import OutsideDomain
from theorems.foundations.linalg import transpose_multiplier
from theorems.toolkit.strategies import polynomials, rationals
from theorems.page4_regular_constraints.holonomic_datum import (  # noqa: F401 - the datum and shared helpers
    H_G_C2, H_RANK_ON_LOCUS, H_RHO_C2, H_RHO_NOWHERE_ZERO, H_SCLERONOMIC, HolonomicConstraintDatum, SEED, SPHERE, X,
    _is_zero, _shifted_polynomials, rank_on_locus_certificate, t, x1,
)


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


def check_scleronomic_implies_Gt_vanishes(check, *, scleronomic=True, randomized=True, sizes=(1, 2),
                                          on_open_time_set=True):
    """Scleronomic ⇒ G_t = 0 on Σ for every presentation: t ↦ G(t, x) vanishes on the open set {t : (t, x) ∈ O}
    (the claim: a checked proof for a generic component G_α at a frozen x0, so for every N and k); for the
    presentations ρ·P of a time-independent locus {P = 0}, G_t = ρ_t P = 0 there (checked proofs at k = ``sizes``,
    supporting).  ``on_open_time_set=False`` is a test mutation: G vanishes at the one point (t, x0) only, which may
    not be differentiated in t."""
    Gf = Function("G")
    X0 = sympy.symbols("a1:4", real=True)
    p = Proof("G_t vanishes on a scleronomic locus")
    p.hypothesis("vanishes_on_time_line", (Gf(t, *X0), 0), along=t if on_open_time_set else (),
                 assumption=H_SCLERONOMIC,
                 note="x0 ∈ N: every (t, x0) ∈ O lies in Σ, for t in the open set {t : (t, x0) ∈ O}")
    p.differentiate("G_t", "vanishes_on_time_line", t, (sympy.diff(Gf(t, *X0), t), 0),
                    note="an identity on an open set of times may be differentiated")
    p.conclude("G_t")
    with check.without(H_G_C2, H_RANK_ON_LOCUS,
                       note="the proofs differentiate G once in t (G of class C¹ suffices) and do not use D_xG"):
        check.proof("G(t, x0) = 0 on the time-line ⇒ G_t(t, x0) = 0 (every N, every k: each component G_α)", p,
                    scope="symbolic, generic G of class C¹, one component G_α at a time (so every k); x0 = (a1, a2, a3) "
                          "is frozen (only t varies), so the argument is the same for every N")
    # the presentations ρ·P of a time-independent locus, checked proofs at k = 1, 2: examples of the claim above,
    # supporting, recorded after every claim check (a sweep followed by a claim check bounds the verdict's scope)
    with check.supporting():
        for k in check.sweep(sizes):
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
        return _is_zero(datum.time_derivative_at(t1, p0)[0])

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

IFT = "calculus.parametrized_implicit_function_theorem_ck"
T_star = Symbol("T_star", positive=True)
L_star = Symbol("L_star", positive=True)


def _smoothstep(tau):
    """6τ⁵ − 15τ⁴ + 10τ³: 0 at τ = 0, 1 at τ = 1, first and second derivatives 0 at both ends (a C² step)."""
    return 6 * tau**5 - 15 * tau**4 + 10 * tau**3


def x6_proof(sign=1) -> Proof:
    """Connected time-lines (catalogue X6), the key step: G(t, u, φ(t,u)) ≡ 0 and G_t = 0 on Σ give φ_t = 0.  The
    coordinates u enter only as arguments of G and φ (a parameter: :func:`x6_deduction` checks it with u dropped)."""
    g = local_graph_terms()
    p = Proof("G_t = 0 on Σ forces the local graph to be constant in time")
    p.suppose("graph", (g["on_graph"], 0), along=TIME,
              note="Σ = {v = φ(t, u)} near a point (implicit function theorem, rank 1)")
    p.differentiate("d_dt", "graph", TIME, (g["total"], 0))
    p.suppose("G_t_on_sigma", (g["G_t"], 0), note="the hypothesis G_t = 0 on Σ, along the graph")
    p.nonzero("G_v", g["G_v"], note="G_v ≠ 0: rank 1 on Σ, the graph is over u")
    p.algebra("phi_t", ["d_dt", "G_t_on_sigma"], (g["phi_t"], 0), certificate=[sign / g["G_v"], -sign / g["G_v"]],
              note="where G_v ≠ 0")
    p.conclude("phi_t")
    return p


#: the hypotheses of the converse clause, as premises of :func:`x6_deduction` (what a mutation may drop or change)
X6_PREMISES = ("interval", "rank", "G_t_zero", "zero_set")


def x6_deduction(sign=1, *, premises=X6_PREMISES, time_line=atom("Interval", INTERVAL)) -> Deduction:
    """#67's converse clause (catalogue X6): the time-line I of x0 an interval, rank 1 on Σ, G_t = 0 on Σ and G
    continuous give: (a, x0) ∈ Σ and b ∈ I imply (b, x0) ∈ Σ (scleronomic, formulation 2).  S = {t ∈ I : (t, x0) ∈ Σ}
    is open in I (every a ∈ S has a local graph with φ_t = 0, the checked key step :func:`x6_proof` for u of any
    dimension, so φ(t, u0) = φ(a, u0) near a) and closed in I (a zero set), so S = I when S ≠ ∅.  ``premises``,
    ``time_line``: mutations (a premise dropped, the disconnected window's time set)."""
    g, a, b = local_graph_terms(), POINT, OTHER_POINT
    S, I = SUBSET, INTERVAL
    member = atom("∈", a, S)
    goal = forall(a, implies(member, forall(b, implies(atom("∈", b, I), atom("∈", b, S)))))
    d = Deduction("connected time-lines: rank 1 and G_t = 0 on Σ give a scleronomic datum", goal)
    if "interval" in premises:
        d.suppose("interval", time_line, note="the time-line I = {t : (t, x0) ∈ O} is an interval")
    if "rank" in premises:
        d.suppose("rank", forall(a, implies(member, atom("RegularPoint", a))),
                  note="rank 1 on Σ: at (a, x0) ∈ Σ some G_v ≠ 0 (x0 = (u0, v0))")
    if "G_t_zero" in premises:
        d.suppose("G_t_zero", forall(a, implies(atom("LocalGraph", a), atom("≡", g["on_graph"], 0, TIME),
                                                atom("=", g["G_t"], 0))),
                  note="G_t = 0 on Σ, at the points of a local graph (zeros of G)")
    if "zero_set" in premises:
        d.suppose("zero_set", atom("ZeroSetOfContinuous", S, I),
                  note="S = {t ∈ I : G(t, x0) = 0} with G continuous (of class C²)")
    d.cite("ift_graph", IFT, "local_graph")
    d.cite("ift_identity", IFT, "graph_identity")
    d.cite("ift_regular", IFT, "graph_regular")
    d.cite("ift_in_locus", IFT, "graph_in_locus")
    d.cite("constant", ZERO_DERIVATIVE, "local_graph_constant")
    d.cite("open_def", CLOPEN_INTERVAL, "open_by_neighbourhoods")
    d.cite("closed", ZERO_SET_CLOSED, "closed")
    d.cite("clopen", CLOPEN_INTERVAL, "clopen")
    d.lemma("key_step", x6_proof(sign), parameters=[PARAMETER],
            note="checked with u dropped from G and φ (their sections at u0): u of any dimension")
    for label in ("rank", "G_t_zero", "ift_graph", "ift_identity", "ift_regular", "ift_in_locus", "constant"):
        d.instantiate(f"{label}_at_a", label, a)
    d.mp("graph", "ift_graph_at_a", "rank_at_a")                                   # a ∈ S ⇒ LocalGraph(a)
    d.chain("identity", "graph", "ift_identity_at_a")                              # a ∈ S ⇒ G(t,u,φ) ≡ 0
    d.chain("key", "identity", "key_step")                                         # a ∈ S ⇒ (G_t = 0 ⇒ (G_v ≠ 0 ⇒ φ_t = 0))
    d.chain("G_t_on_graph", "graph", "G_t_zero_at_a")
    d.mp("G_t", "G_t_on_graph", "identity")                                        # a ∈ S ⇒ G_t = 0
    d.mp("key_G_v", "key", "G_t")
    d.chain("G_v", "graph", "ift_regular_at_a")                                    # a ∈ S ⇒ G_v ≠ 0
    d.mp("phi_t", "key_G_v", "G_v")                                                # a ∈ S ⇒ φ_t = 0
    d.chain("constant_on_graph", "graph", "constant_at_a")
    d.mp("phi_constant", "constant_on_graph", "phi_t")                             # a ∈ S ⇒ φ(t,u) ≡ φ(a,u)
    d.chain("in_locus", "graph", "ift_in_locus_at_a")
    d.mp("neighbourhood", "in_locus", "phi_constant")                              # a ∈ S ⇒ a neighbourhood in S
    d.generalize("every_point", "neighbourhood", a)
    d.instantiate("open_def_S", "open_def", S)
    d.instantiate("open_def_SI", "open_def_S", I)
    d.mp("open", "open_def_SI", "every_point")                                     # OpenIn(S, I)
    d.instantiate("closed_S", "closed", S)
    d.instantiate("closed_SI", "closed_S", I)
    d.mp("closed_in_I", "closed_SI", "zero_set")                                   # ClosedIn(S, I)
    d.instantiate("clopen_S", "clopen", S)
    d.instantiate("clopen_SI", "clopen_S", I)
    d.mp("connected", "clopen_SI", "interval")
    d.mp("connected_open", "connected", "open")
    d.mp("scleronomic", "connected_open", "closed_in_I")                           # S ≠ ∅ ⇒ S = I
    return d


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
    from checker.kernel.proof import ideal_member
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
    check.deduction("X6: when the time-line of x0 is an interval, rank 1 and G_t = 0 on Σ give (a, x0) ∈ Σ, (b, x0) ∈ O "
                    "⇒ (b, x0) ∈ Σ (scleronomic)", x6_deduction(),
                    scope="symbolic, generic G(t, u, v) with u of any dimension (a parameter); topology cited")
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
                proof_uses=[IFT, ZERO_DERIVATIVE, CLOPEN_INTERVAL, ZERO_SET_CLOSED])
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


def _rescaled_derivatives_every_size(check, *, kept_term=0):
    """For every k and n: the product rule (cited, calculus.chain_and_product_rules_every_size) differentiates G' = P G
    in a direction δ of x as P'[δ]G + P(D_xG δ) and in t as P_t G + P G_t; at a point of Σ, G = 0, so D_xG'δ = P D_xG δ
    and G'_t = P G_t (P = ρ I for the scalar rescaling).  ``kept_term`` keeps a multiple of the P'G term (a test
    mutation: off Σ the identity fails)."""
    k, n = sympy.symbols("k n", integer=True, positive=True)
    P, dP, P_t = (sympy.MatrixSymbol(name, k, k) for name in ("P", "dP_delta", "P_t"))
    J, delta, G_t = sympy.MatrixSymbol("D_xG", k, n), sympy.MatrixSymbol("delta", n, 1), sympy.MatrixSymbol("G_t", k, 1)
    G = sympy.ZeroMatrix(k, 1) if not kept_term else kept_term * sympy.MatrixSymbol("G", k, 1)  # G = 0 on Σ
    scope = ("symbolic, every k and n (MatrixSymbols), at a point of Σ (G = 0); the product rule of every size "
             "(calculus.chain_and_product_rules_every_size); P of class C¹")
    check.identity("every k, n: D_xG'δ = P'[δ]G + P D_xG δ = P D_xG δ on Σ", dP * G + P * (J * delta),
                   (P * J) * delta, scope=scope)
    check.identity("every k, n: G'_t = P_t G + P G_t = P G_t on Σ", P_t * G + P * G_t, P * G_t, scope=scope)


def check_rescaling_invariance(check, *, scalar_multiplier=_scalar_multiplier, matrix_multiplier=_matrix_multiplier,
                               symbolic_multiplier=_symbolic_multiplier, proof_sizes=(1, 2), randomized_sizes=(1, 2)):
    """G' = ρG (ρ nowhere zero) or G' = P G (P invertible): on Σ, D_xG' = ρD_xG, G'_t = ρG_t, V and the permitted
    velocities are unchanged, λ' = ρ⁻¹λ (P^{-T}λ), and the reaction and −λ·G_t are unchanged.  The claims are for
    every k and n: the product rule (D_xG' = P D_xG + (D_xP)G, with G = 0 on Σ; cited, of every size) and the matrix
    algebra in MatrixSymbols; the checked proofs for generic G at k = 1, 2 and random instances support."""
    with check.without(H_RHO_C2, note="the product rule uses only first derivatives of rho: rho of class C¹ suffices"):
        _rescaled_derivatives_every_size(check)

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
        Gt, Gt_new = old.time_derivative_at(t0, p0), new.time_derivative_at(t0, p0)
        return (J_new == P0 * J and same_V and permitted and (lam_new - claimed).is_zero_matrix
                and (J_new.T * claimed - R).is_zero_matrix and (claimed.T * Gt_new)[0] == (lam.T * Gt)[0])

    with check.without(H_RHO_C2, note="matrix algebra at a point: no derivative of rho"):
        check_rescaled_linear_algebra(check, multiplier=symbolic_multiplier)

    # the product rule as checked proofs for generic G and ρ / P at k = 1, 2: supporting, and recorded after every claim
    # check (a sweep followed by a claim check would bound the verdict's scope to its sizes)
    with check.supporting():
        for k in check.sweep(proof_sizes):
            multiplier = scalar_multiplier if k == 1 else matrix_multiplier
            check.proof(f"rescaling invariance modulo G = 0 ({'scalar ρ' if k == 1 else 'matrix P'}, k = {k})",
                        rescaling_proof(k, multiplier),
                        scope=f"symbolic, generic G(t, x) and {'ρ(t, x)' if k == 1 else 'P(t, x)'} of class C¹, k = {k}, "
                              f"at points of Σ, where {'ρ ≠ 0' if k == 1 else 'det P ≠ 0'}; N = 1, and each ∂/∂x_j is the "
                              f"same computation with the other coordinates frozen, so every N")

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
       proof_uses=["calculus.chain_and_product_rules_every_size"])
def _(check):
    check_rescaling_invariance(check)
