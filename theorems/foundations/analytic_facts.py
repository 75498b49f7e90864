"""The analytic facts the corpus takes on trust: its axioms, as cited results.

The pages use these results without citing them (catalogue section X, and the analytic steps of
#32, #48, #60, #73, #75, #76, #99).  They are real analysis, not algebra: no identity check can
establish them, so each is a text-only cited item, taken from the literature.  Every result that
uses one cites it, so it appears among that result's trusted results (``python -m checker
assumptions ID``), and ``--without ID`` shows what falls without it.  A proof step that is neither
mechanised nor one of these (or another cited result) keeps its proof from being ``proved``.
One linear-algebra fact of every dimension is here too, ``linalg.determinant_criterion_invertibility`` (Cramer's rule:
det A ≠ 0 ⇔ A invertible; positive definite ⇒ invertible): at symbolic size n the adjugate is not a matrix expression
the kernel can compute with, so the every-n checks of #93 and #95 cite it in checked deductions.
"""
from __future__ import annotations

from sympy import Derivative, Determinant, Function, MatrixSymbol, Symbol, ZeroMatrix

from checker.kernel.deduction import atom, forall, implies
from checker.kernel.items import stated

PICARD_LINDELOF = "ode.picard_lindelof"
C1_LOCALLY_LIPSCHITZ = "calculus.c1_maps_locally_lipschitz"
ZERO_DERIVATIVE = "calculus.zero_derivative_constant"
ZERO_SECOND_DERIVATIVE = "calculus.zero_second_derivative_zero_data"
FUNDAMENTAL_THEOREM = "calculus.fundamental_theorem_of_calculus"
FUNDAMENTAL_LEMMA = "calculus.fundamental_lemma_calculus_of_variations"
INVERSE_FUNCTION_THEOREM = "calculus.inverse_function_theorem"
SCHWARZ = "calculus.schwarz_symmetry_of_second_derivatives"
CHAIN_AND_PRODUCT_RULES = "calculus.chain_and_product_rules_every_size"
CLOPEN_INTERVAL = "topology.clopen_subset_of_interval"
DETERMINANT_CRITERION = "linalg.determinant_criterion_invertibility"
ZERO_SET_CLOSED = "topology.zero_set_of_continuous_map_closed"

# The notation of the formulas the cited items below state (``Item.formulas``, cited by checked deductions,
# :mod:`checker.kernel.deduction`): S ⊆ I sets of times, a and b times; the local graph v = φ(t, u) of a zero set
# {G = 0} around the time a (the implicit function theorem's, ``LocalGraph(a)``), u the remaining coordinates.
TIME, PARAMETER, POINT, OTHER_POINT = (Symbol(name, real=True) for name in ("t", "u", "a", "b"))
SUBSET, INTERVAL = Symbol("S"), Symbol("I")
GRAPH = Function("phi")(TIME, PARAMETER)

_NOT_CITED = "not cited by the pages: used in the proofs of "

stated(PICARD_LINDELOF, kind="cited", cited_kind="theorem",
       title="Picard–Lindelöf: a locally Lipschitz right-hand side has a unique maximal solution",
       statement=r"Let $U\subseteq\mathbb R\times\mathbb R^m$ be open and $f:U\to\mathbb R^m$ continuous and locally "
                 r"Lipschitz in $y$. For every $(t_0,y_0)\in U$ the problem $y'=f(t,y)$, $y(t_0)=y_0$ has a unique "
                 r"maximal solution, defined on an open interval containing $t_0$; any two solutions agree on the "
                 r"intersection of their intervals.",
       source=_NOT_CITED + "#73 clause 2, #88, #54 and #113 (catalogue X1 ode.picard_lindelof)")

stated(C1_LOCALLY_LIPSCHITZ, kind="cited", cited_kind="theorem",
       title="A C¹ map is locally Lipschitz (mean value inequality)",
       statement=r"If $f:U\to\mathbb R^m$ is $C^1$ on an open $U\subseteq\mathbb R^p$, then every point of $U$ has a "
                 r"convex neighbourhood $K$ with $|f(y)-f(z)|\le\sup_K\|Df\|\,|y-z|$ for $y,z\in K$; in particular $f$ "
                 r"is locally Lipschitz.",
       source=_NOT_CITED + "#73 clause 2 (a ∈ C¹ ⇒ locally Lipschitz ⇒ Picard–Lindelöf)")

stated(ZERO_DERIVATIVE, kind="cited", cited_kind="theorem",
       title="A function with zero derivative on an interval is constant",
       statement=r"If $J\subseteq\mathbb R$ is an interval and $g:J\to\mathbb R^m$ is differentiable with $g'(t)=0$ "
                 r"for every $t\in J$, then $g$ is constant on $J$ (mean value theorem, componentwise). Formula "
                 r"'local_graph_constant': for a local graph $v=\varphi(t,u)$ around the time $a$ (its times an open "
                 r"interval around $a$), $\varphi_t=0$ there gives $\varphi(t,u)=\varphi(a,u)$ there.",
       source=_NOT_CITED + "#48, #73 clause 3, #75 and #76",
       formulas={"local_graph_constant": forall(POINT, implies(
           atom("LocalGraph", POINT), atom("=", Derivative(GRAPH, TIME), 0),
           atom("≡", GRAPH, GRAPH.subs(TIME, POINT), TIME)))})

stated(CLOPEN_INTERVAL, kind="cited", cited_kind="theorem",
       title="A subset of an interval that is open and closed in it is empty or the whole interval",
       statement=r"An interval $I\subseteq\mathbb R$ is connected: if $S\subseteq I$ is open and closed in $I$ (the "
                 r"subspace topology) and $a\in S$, then $S=I$. And $S\subseteq I$ is open in $I$ when every $a\in S$ "
                 r"has a neighbourhood in $I$ contained in $S$ (the definition). Formulas 'clopen' and "
                 r"'open_by_neighbourhoods'.",
       source="catalogue X6 (used by #67's converse clause: connected time-lines)",
       formulas={
           "clopen": forall([SUBSET, INTERVAL], implies(
               atom("Interval", INTERVAL), atom("OpenIn", SUBSET, INTERVAL), atom("ClosedIn", SUBSET, INTERVAL),
               forall(POINT, implies(atom("∈", POINT, SUBSET), forall(OTHER_POINT, implies(
                   atom("∈", OTHER_POINT, INTERVAL), atom("∈", OTHER_POINT, SUBSET))))))),
           "open_by_neighbourhoods": forall([SUBSET, INTERVAL], implies(
               forall(POINT, implies(atom("∈", POINT, SUBSET), atom("NeighbourhoodIn", POINT, SUBSET, INTERVAL))),
               atom("OpenIn", SUBSET, INTERVAL)))})

stated(ZERO_SET_CLOSED, kind="cited", cited_kind="theorem",
       title="The zero set of a continuous map is closed in its domain",
       statement=r"If $g:I\to\mathbb R^k$ is continuous, then $\{t\in I: g(t)=0\}$ is closed in $I$ (the preimage of "
                 r"the closed set $\{0\}$). Formula 'closed': ZeroSetOfContinuous(S, I) (S is the zero set in I of a "
                 r"continuous map on I) gives ClosedIn(S, I).",
       source="catalogue X6 (used by #67's converse clause)",
       formulas={"closed": forall([SUBSET, INTERVAL], implies(atom("ZeroSetOfContinuous", SUBSET, INTERVAL),
                                                               atom("ClosedIn", SUBSET, INTERVAL)))})

stated(ZERO_SECOND_DERIVATIVE, kind="cited", cited_kind="theorem",
       title="g'' ≡ 0 on an interval with g(t₀) = g'(t₀) = 0 gives g ≡ 0",
       statement=r"If $J$ is an interval, $t_0\in J$, $g\in C^2(J,\mathbb R^m)$ with $g''\equiv0$ on $J$ and "
                 r"$g(t_0)=g'(t_0)=0$, then $g\equiv0$ on $J$: $g'$ is constant, equal to $g'(t_0)=0$, so $g$ is "
                 r"constant, equal to $g(t_0)=0$ (the zero-derivative result applied twice).",
       source=_NOT_CITED + "#73 clause 3 and #75",
       uses=[ZERO_DERIVATIVE])

stated(FUNDAMENTAL_THEOREM, kind="cited", cited_kind="theorem",
       title="The fundamental theorem of calculus",
       statement=r"For $f$ continuous on an interval $J$ and $t_0\in J$, $\frac{d}{dt}\int_{t_0}^t f(s)\,ds=f(t)$; "
                 r"for $g\in C^1(J)$, $\int_{t_0}^{t_1}g'(s)\,ds=g(t_1)-g(t_0)$.",
       source=_NOT_CITED + "#76 clauses 1 and 4 (catalogue X5 calculus.fundamental_theorem_of_calculus)")

stated(FUNDAMENTAL_LEMMA, kind="cited", cited_kind="theorem",
       title="The fundamental lemma of the calculus of variations",
       statement=r"If $f:[a,b]\to\mathbb R^n$ is continuous and $\int_a^b f(t)\cdot\eta(t)\,dt=0$ for every "
                 r"$\eta\in C^\infty([a,b],\mathbb R^n)$ with $\eta(a)=\eta(b)=0$ (or for every $\eta$ of compact "
                 r"support in $(a,b)$, or every such $\eta$ with values in a continuous family of subspaces "
                 r"$V(t)$, then with $f(t)\perp V(t)$), then $f\equiv0$ on $[a,b]$.",
       source=_NOT_CITED + "#32, #33 and #77 (from the vanishing first variation to the pointwise equations)")

stated(INVERSE_FUNCTION_THEOREM, kind="cited", cited_kind="theorem",
       title="The inverse function theorem (C^k)",
       statement=r"If $F:U\to\mathbb R^n$ is $C^k$ ($k\ge1$) on an open $U\subseteq\mathbb R^n$ and $DF(p)$ is "
                 r"invertible, then $F$ restricts to a $C^k$ diffeomorphism of a neighbourhood of $p$ onto a "
                 r"neighbourhood of $F(p)$, with $D(F^{-1})(F(x))=DF(x)^{-1}$.",
       source=_NOT_CITED + "#26 and #93 (catalogue X2 calculus.inverse_function_theorem)")

stated(SCHWARZ, kind="cited", cited_kind="theorem",
       title="Schwarz: second partial derivatives of a C² function commute",
       statement=r"If $\Phi\in C^2(U)$ on an open $U\subseteq\mathbb R^n$, then "
                 r"$\partial_i\partial_j\Phi=\partial_j\partial_i\Phi$ on $U$; in particular $d(d\Phi)=0$.",
       source=_NOT_CITED + "#53, #99 and #112 (catalogue X3 calculus.schwarz_symmetry_of_second_derivatives)")

stated(CHAIN_AND_PRODUCT_RULES, kind="cited", cited_kind="theorem",
       title="The chain and product rules along a curve, in every dimension",
       statement=r"For every $n,k$, $G\in C^2(\mathbb R\times\mathbb R^n,\mathbb R^k)$, $U\in C^1(\mathbb R\times"
                 r"\mathbb R^n)$ and a $C^2$ curve $x$: $\frac{d}{dt}G(t,x(t))=G_t+D_xG\,x'$, $\frac{d^2}{dt^2}G(t,x(t))"
                 r"=D_xG\,x''+G_{tt}+2G_{tx}[x']+G_{xx}[x',x']$ and $\frac{d}{dt}U(t,x(t))=U_t+\nabla U\cdot x'$; for "
                 r"differentiable matrix-valued $A,B$ of compatible shapes $(AB)'=A'B+AB'$ and $(A^{\mathsf T})'="
                 r"(A')^{\mathsf T}$ (the derivative at a point in a direction, in every dimension).",
       source=_NOT_CITED + "#73 and #76 for every number of particles and constraints (the identities at a state are "
              "proved for every size by matrix algebra; the differentiation along the motion is this rule)")

# The notation of DETERMINANT_CRITERION's formulas: A an n×n matrix and z an n-vector, n a size symbol (every n).
SIZE = Symbol("n", integer=True, positive=True)
SQUARE, VECTOR = MatrixSymbol("A", SIZE, SIZE), MatrixSymbol("z", SIZE, 1)

stated(DETERMINANT_CRITERION, kind="cited", cited_kind="theorem",
       title="A square matrix is invertible iff its determinant is nonzero; a positive definite matrix is invertible "
             "(every dimension)",
       statement=r"For every $n\ge1$ and $A\in M_n(\mathbb R)$: $A\,\operatorname{adj}A=\operatorname{adj}A\,A="
                 r"\det A\,I_n$ (Cramer's rule), so $\det A\ne0$ implies that $A$ is invertible with "
                 r"$A^{-1}=\operatorname{adj}A/\det A$ (the converse is $\det A\det A^{-1}=\det I_n=1$). If "
                 r"$z^{\mathsf T}Az>0$ for every $z\ne0$, then $Az=0$ forces $z^{\mathsf T}Az=0$, so $z=0$: $A$ is "
                 r"injective, hence invertible (rank–nullity). Formulas 'nonzero_determinant_invertible' and "
                 r"'positive_definite_invertible' (the predicate Invertible(A): A has a two-sided inverse A⁻¹).",
       source="not cited by the pages: used by #93 (det 𝓛_vv ≠ 0 ⇒ D_v(𝓛_v) invertible, every n) and #95 (K positive "
              "definite ⇒ K⁻¹ exists, every n); textbook linear algebra (the adjugate identity at n ≤ 3 is checked "
              "by #93's supporting checks)",
       formulas={
           "nonzero_determinant_invertible": forall(SQUARE, implies(atom("≠", Determinant(SQUARE), 0),
                                                                    atom("Invertible", SQUARE))),
           "positive_definite_invertible": forall(SQUARE, implies(
               forall(VECTOR, implies(atom("≠", VECTOR, ZeroMatrix(SIZE, 1)), atom(">", VECTOR.T * SQUARE * VECTOR, 0))),
               atom("Invertible", SQUARE)))})
