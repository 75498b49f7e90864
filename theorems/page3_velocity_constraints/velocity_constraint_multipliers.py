"""Seed 003 (c) and the bullet "The multiplier is not measured": the multiplier lemma and re-presentation by ρ.

Split from :mod:`theorems.page3_velocity_constraints.velocity_constraint` (topic module, item ids unchanged):

* the lemma ``velocity_constraint.multiplier_form`` (#46): R ⟂ ker A ⇔ R = Aᵀμ with μ = (AAᵀ)⁻¹AR unique and
  continuous -- proved for every k' and 3N by matrix identities of symbolic shape
  (:mod:`theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra`), continuity of inversion through the cited inverse function
  theorem;
* the lemma ``velocity_constraint.re_presentation_invariance``: (A, b) ↦ (ρA, ρb) with ρ invertible leaves v0, ker A,
  the admissible velocities and the reaction unchanged and sends μ to ρ^(-T)μ -- every size, plus checked proofs at
  fixed sizes.

Randomized exact instances support (``check.supporting``); each verifier is a plain function ``check_*(check,
**claim)`` whose keyword parameters are the data of the claim (mutated in ``tests/test_corpus_velocity_constraint.py``).
"""
from __future__ import annotations

import sympy
from hypothesis import strategies as st
from sympy import Matrix, Rational, Symbol

from checker import Proof, lemma
from checker.kernel.engine.randomized import OutsideDomain
from theorems.foundations.analytic_facts import INVERSE_FUNCTION_THEOREM
from theorems.page2_semiholonomic.constraint_principles import chetaev_virtual_displacements
from theorems.foundations.linalg import A_FULL_ROW_RANK, euclidean_inner_product, transpose_multiplier
from theorems.toolkit.strategies import full_row_rank_matrices, rational_matrices
from theorems.page3_velocity_constraints.velocity_constraint import (AFFINE_ID, ANNIHILATOR_ID, DATUM_ID, GL_ID, H_CONSTANT_RANK, H_RHO_INVERTIBLE,
                                          IDEAL_REACTION_ADOPTION, MODEL_ID, MULTIPLIER_ID, RANK_NULLITY_ID,
                                          REPRESENTATION_ID, SEED, ZX, _invertible_matrices, _normal_form,
                                          _pointwise_instances, _rejects, _symbol_set, _vanishes, admissible_velocities,
                                          re_presented_multiplier, solve_velocity_law, t, zxy_dalembert_curve, zxy_datum)
from theorems.page3_velocity_constraints.velocity_constraint_matrix_algebra import (check_inverse_continuity_every_size,
                                                         check_multiplier_every_size, check_re_presentation_every_size)

__all__ = ["DUPLICATED_ROWS", "SINGULAR_RHO", "check_multiplier_form", "check_re_presentation"]


# ---------------------------------------------------------------------------
# velocity_constraint.multiplier_form  (catalogue #46)
# ---------------------------------------------------------------------------

DUPLICATED_ROWS = Matrix([[0, -1, 1], [0, -1, 1]])  # the z' = xy' row at x = 1, written twice


def _annihilator_relations(A: Matrix, R: Matrix) -> dict:
    """R ⟂ ker A solved for the last n − k components of R (for A = [I | B]: R_bottom = BᵀR_top)."""
    k = A.rows
    equations = [euclidean_inner_product(R, d) for d in chetaev_virtual_displacements(A)]
    unknowns = list(R[k:])
    M, rhs = sympy.linear_eq_to_matrix(equations, unknowns)
    return dict(zip(unknowns, M.LUsolve(rhs).applyfunc(sympy.cancel)))


def check_multiplier_form(check, *, multiplier=transpose_multiplier, sizes=((1, 3), (2, 3)), rank_hypothesis=True,
                          max_particles=2, samples=20, every_size=True, multiplier_formula=None):
    """With rank A = k': R ⟂ ker A ⇔ R = Aᵀμ, μ = (AAᵀ)⁻¹AR unique and continuous; necessity of the rank hypothesis;
    the postulate is not needed (the equivalence is linear algebra at each t).

    Proved for every k' and 3N by matrix identities of symbolic shape (the projector P = I − Aᵀ(AAᵀ)⁻¹A; continuity
    of inversion through the cited inverse function theorem); the toolkit's multiplier is checked exactly on a fixed
    instance (a claim: an instance of the statement); symbolically at fixed sizes and on randomized exact instances
    it supports.

    ``multiplier(A, R)`` is the claimed formula of the toolkit, ``multiplier_formula(A, R)`` the claimed formula as a
    matrix expression (None: (AAᵀ)⁻¹AR); ``rank_hypothesis=False`` drops rank A = k' from the claim.
    """
    with check.without(IDEAL_REACTION_ADOPTION, note="the equivalence R ⟂ ker A ⇔ R = Aᵀμ is linear algebra at each t; "
                                                     "the postulate only says that every motion of the model is ideal"):
        if every_size:
            check_multiplier_every_size(check, rank_assumption=H_CONSTANT_RANK if rank_hypothesis else None,
                                        **({} if multiplier_formula is None else {"multiplier_formula": multiplier_formula}))
            check_inverse_continuity_every_size(check)
        def equivalence(instance):
            A, cvec, w = instance
            k, n = A.shape
            if rank_hypothesis and not H_CONSTANT_RANK.holds_for(A):
                raise OutsideDomain("rank A < k'")
            if A.T.nullspace():
                return False  # Aᵀμ = 0 with μ ≠ 0: μ is not unique
            kernel = A.nullspace()
            w = Matrix(w)
            cases = [(A.T * cvec, True), (w, None)] + ([(A.T * cvec + kernel[0], False)] if kernel else [])
            for R, expected in cases:
                ideal = all(euclidean_inner_product(R, d) == 0 for d in kernel)
                try:
                    mu = multiplier(A, R)
                except (ValueError, ZeroDivisionError, sympy.matrices.exceptions.NonInvertibleMatrixError):
                    return False
                represented = (A.T * mu - R).is_zero_matrix
                if ideal != represented or (expected is not None and ideal != expected):
                    return False
                if expected and mu != cvec:
                    return False
            return True

        check.fact("a fixed instance: A = [[1, 2, 0], [0, 1, 1]], R = Aᵀ(1, −1), R random, R = Aᵀ(1, −1) + δ",
                   equivalence((Matrix([[1, 2, 0], [0, 1, 1]]), Matrix([1, -1]), [1, 2, 3])), method="computation",
                   scope="k' = 2, 3N = 3, exact")
        datum = zxy_datum()
        slanted = [t, t, t**2 / 2]
        Rs = datum.reaction([1], None, slanted)
        As = datum.along(datum.A, slanted)
        check.fact("a non-ideal reaction has no multiplier form: (t, t, t²/2) for z' = xy', R = (0, 0, 1): Aᵀμ = R "
                   "has no solution μ(t)", not solve_velocity_law(As.T, -Rs), method="computation",
                   detail="the ⇐ direction: R = Aᵀμ would annihilate ker A")

    # outside the without-block: a 'not needed' block holds claim checks only
    hyp = "full row rank" if rank_hypothesis else "a duplicated row for k' ≥ 2 (rank hypothesis dropped)"
    if samples:
        with check.supporting():  # the symbolic every-size checks decide
            check.property("R ⟂ ker A ⇔ R = Aᵀ·multiplier(A, R); μ unique (Aᵀ injective)",
                           _pointwise_instances(max_particles, rank_hypothesis), equivalence,
                           samples=samples, describe=lambda inst: [sympy.sstr(e) for e in inst],
                           scope=f"randomized, exact rationals: N = 1..{max_particles}, k' = 1..3N−1, A of {hyp}; "
                                 "R = Aᵀc, R random, R = Aᵀc + δ (δ ∈ ker A)")

    W = DUPLICATED_ROWS
    Rw = W.T * Matrix([1, 0])
    if rank_hypothesis:
        check.necessary(H_CONSTANT_RANK, "A = [[0, −1, 1], [0, −1, 1]] (the z' = xy' row at x = 1, twice), "
                                         "R = (0, −1, 1)",
                        violates=[("rank A = 1 < k' = 2", W.rank() < W.rows, "computation")],
                        others_hold={IDEAL_REACTION_ADOPTION: [
                            ("R annihilates ker A: the ideal condition holds",
                             all(euclidean_inner_product(Rw, d) == 0 for d in W.nullspace()), "computation")]},
                        conclusion_fails=[("μ = (1, 0) and μ = (0, 1) both give Aᵀμ = R: μ is not unique",
                                           W.T * Matrix([1, 0]) == Rw and W.T * Matrix([0, 1]) == Rw, "computation"),
                                          ("AAᵀ is singular: (AAᵀ)⁻¹AR is undefined", (W * W.T).det() == 0,
                                           "computation")])
    else:
        check.fact("μ unique for A = [[0, −1, 1], [0, −1, 1]], R = (0, −1, 1) (rank hypothesis dropped)",
                   not W.T.nullspace(), method="computation")
    # last: a sweep recorded after every claim check decides nothing (evidence.swept_sizes); the every-size identities
    # above are the proof, the toolkit's multiplier at fixed sizes is evidence (issue 38)
    with check.supporting():
        _toolkit_multiplier_sweep(check, sizes, multiplier)


def _toolkit_multiplier_sweep(check, sizes, multiplier):
    """The toolkit's ``multiplier`` for A = [I | B] with generic B at the fixed ``sizes`` (supporting checks)."""
    for k, n in check.sweep(sizes):
        A = _normal_form(k, n)
        R = Matrix(_symbol_set("R", n))
        c = Matrix(_symbol_set("c", k))
        scope = f"symbolic, A = [I | B] with generic B (k' = {k}, 3N = {n}), generic R annihilating ker A"
        relations = _annihilator_relations(A, R)
        mu = multiplier(A, R)
        check.identity(f"R ⟂ ker A ⇒ R = Aᵀμ, μ = multiplier(A, R) (k' = {k}, 3N = {n})", A.T * mu, R,
                       relations=relations, premise=check.STATEMENT, scope=scope)
        check.identity(f"uniqueness: multiplier(A, Aᵀc) = c (k' = {k}, 3N = {n})", multiplier(A, A.T * c), c,
                       scope=scope.replace(", generic R annihilating ker A", ", generic c"))
        basis = chetaev_virtual_displacements(A)
        check.identity(f"converse: Aᵀc annihilates ker A (k' = {k}, 3N = {n})",
                       Matrix([euclidean_inner_product(A.T * c, d) for d in basis]), sympy.zeros(len(basis), 1),
                       scope=scope)
        d = sympy.expand((A * A.T).det())
        check.fact(f"continuity: det(AAᵀ)·μ is polynomial in (B, R), det(AAᵀ) ≥ 1 (k' = {k}, 3N = {n})",
                   all(sympy.cancel(d * e).is_polynomial() for e in mu) and (d - 1).is_nonnegative is True,
                   method="symbolic", scope=scope + "; μ(t) is a rational function of A(t, x(t)), R(t) with nonzero "
                                                    "denominator, hence continuous")


lemma(MULTIPLIER_ID,
      title="Multiplier form: the ideal condition holds iff R = Aᵀμ with a unique, continuous μ",
      statement=r"If $A(t,x(t))$ is surjective, the ideal condition $R(t)\perp\ker A(t,x(t))$ holds at time $t$ iff "
                r"there is a unique $\mu(t)\in\mathbb R^{k'}$ with $R(t)=A(t,x(t))^{\mathsf T}\mu(t)$, namely "
                r"$\mu=(AA^{\mathsf T})^{-1}AR$, continuous in $t$. The representation is a consequence of the condition "
                r"and the rank hypothesis; the ideal condition itself is the adopted part "
                r"(\texttt{velocity_constraint.ideal_reaction_adoption}, not needed for the equivalence). Along an ideal "
                r"motion the equation of the d'Alembert model is $\mathsf Mx''=F+A^{\mathsf T}\mu$. With duplicated rows "
                r"($\operatorname{rank}A<k'$) $\mu$ is not unique.",
      source=f"{SEED} (c) 'By the multiplier lemma … the ideal condition holds at time t if and only if there is a unique "
             "μ(t) ∈ ℝ^{k′} with R(t)=A(t,x(t))^T μ(t)'",
      uses=[MODEL_ID, ANNIHILATOR_ID, "linalg.euclidean_inner_product", GL_ID],
      proof_uses=[INVERSE_FUNCTION_THEOREM, RANK_NULLITY_ID],
      assumes=[H_CONSTANT_RANK, IDEAL_REACTION_ADOPTION])(lambda check: check_multiplier_form(check))


# ---------------------------------------------------------------------------
# velocity_constraint.re_presentation_invariance  (seed 003 bullet "The multiplier is not measured")
# ---------------------------------------------------------------------------

SINGULAR_RHO = (Matrix([[1, 0, 0], [0, 1, 0]]), Matrix([0, 1]), Matrix([[1, 0], [0, 0]]))


def _generic_square(name: str, k: int) -> Matrix:
    if k == 1:
        return Matrix([[Symbol(name, real=True, nonzero=True)]])
    return Matrix(k, k, lambda i, j: Symbol(f"{name}{i + 1}{j + 1}", real=True))


def _inverse_certificate(rho: Matrix) -> Matrix:
    """ρ⁻¹ as adj(ρ)/det ρ (rational certificate rows for the algebra steps)."""
    return (rho.adjugate() / rho.det()).applyfunc(sympy.cancel)


def _re_presentation_proofs(check, k, n, transform):
    A = Matrix(k, n, lambda i, j: Symbol(f"a{i + 1}{j + 1}", real=True))
    rho = _generic_square("r", k)
    b, v, R = Matrix(_symbol_set("b", k)), Matrix(_symbol_set("v", n)), Matrix(_symbol_set("R", n))
    mu = Matrix(_symbol_set("mu", k))
    scope = f"symbolic, generic A ({k}×{n}), b, v, R and ρ ({k}×{k}, det ρ ≠ 0)"
    inverse = _inverse_certificate(rho)
    new_law = (rho * A) * v + rho * b
    old_law = A * v + b
    for i in range(k):  # one scalar conclusion per proof
        p = Proof(f"a velocity admissible for (ρA, ρb) satisfies row {i + 1} of Av + b = 0")
        p.nonzero("invertible", rho.det(), assumption=H_RHO_INVERTIBLE, note="det ρ ≠ 0")
        new = [p.suppose(f"new law {j + 1}", (new_law[j], 0), note="(ρA)v + ρb = 0") for j in range(k)]
        p.algebra("old law", new, (old_law[i], 0), certificate=list(inverse.row(i)), note="Av + b = ρ⁻¹((ρA)v + ρb)")
        p.conclude("old law")
        check.proof(f"(ρA)v + ρb = 0 ⇒ (Av + b)_{i + 1} = 0 (k' = {k}, 3N = {n})", p, scope=scope)
    check.identity(f"(ρA)v + ρb = ρ(Av + b): the converse, and with b = 0 ker(ρA) = ker A (k' = {k}, 3N = {n})",
                   new_law, rho * old_law, scope=scope)
    check.identity(f"the claimed law: ρᵀ·transform(ρ, μ) = μ, i.e. transform(ρ, μ) = ρ^(-T)μ (k' = {k})",
                   rho.T * transform(rho, mu), mu, scope=scope)
    mu_new = Matrix(_symbol_set("nu", k))  # μ' with ρᵀμ' = μ (the identity above)
    new_normal = (rho * A) * (rho * A).T * mu_new - rho * A * R
    new_reaction = (rho * A).T * mu_new - A.T * mu
    gram_rho = rho * A * A.T
    claims = [(f"(ρA)(ρA)ᵀμ' = ρAR, row {i + 1}", new_normal[i], list(rho.row(i)) + list(gram_rho.row(i)),
               "(ρA)(ρA)ᵀμ' − ρAR = ρ(AAᵀμ − AR) + ρAAᵀ(ρᵀμ' − μ)") for i in range(k)]
    claims += [(f"(ρA)ᵀμ' = Aᵀμ, row {j + 1}", new_reaction[j], [0] * k + list(A.T.row(j)),
                "(ρA)ᵀμ' − Aᵀμ = Aᵀ(ρᵀμ' − μ)") for j in range(n)]
    for name, residual, certificate, note in claims:  # one scalar conclusion per proof (a certificate each)
        q = Proof(f"μ' = ρ^(-T)μ: {name}")
        hypotheses = [q.suppose(f"normal {i + 1}", (((A * A.T) * mu - A * R)[i], 0),
                                   note="μ is the multiplier of A: AAᵀμ = AR") for i in range(k)]
        hypotheses += [q.suppose(f"law {i + 1}", ((rho.T * mu_new - mu)[i], 0), note="ρᵀμ' = μ") for i in range(k)]
        q.algebra("claim", hypotheses, (residual, 0), certificate=certificate, note=note)
        q.conclude("claim")
        check.proof(f"μ' = ρ^(-T)μ: {name} (k' = {k}, 3N = {n})", q,
                    scope=scope + "; the Gram matrix (ρA)(ρA)ᵀ is invertible, so μ' is the only solution of the "
                                  "normal equations: the multiplier of (ρA)")


def check_re_presentation(check, *, transform=re_presented_multiplier, require_invertible=True, sizes=((1, 3), (2, 3)),
                          max_particles=2, samples=10, datum_instance=True, every_size=True, transform_formula=None):
    """(A, b) ↦ (ρA, ρb), ρ invertible: admissible velocities (v0 and ker A) and the reaction unchanged, μ ↦ ρ^{-T}μ.

    Proved for every k' and 3N by matrix identities of symbolic shape; the toolkit's transform is checked on fixed
    instances (claims: instances of the statement); checked proofs at fixed sizes and randomized exact instances
    support.  ``transform(ρ, μ)`` is the claimed new multiplier of the toolkit, ``transform_formula``
    the claimed law as a matrix expression (None: ρ^(-T)μ); ``require_invertible=False`` drops the hypothesis on ρ.
    """
    if every_size:
        check_re_presentation_every_size(check, **({} if transform_formula is None else {"transform": transform_formula}))

    def invariant(instance):
        A, rho, b, cvec = instance
        if require_invertible and rho.det() == 0:
            raise OutsideDomain("ρ singular")
        new_A, new_b = rho * A, rho * b
        if not A_FULL_ROW_RANK.holds_for(new_A):
            return False  # (ρA, ρb) is no datum: its admissible set and multiplier change
        old, new = admissible_velocities(A, b), admissible_velocities(new_A, new_b)
        if old.particular != new.particular or len(old.directions) != len(new.directions):
            return False
        if old.directions and Matrix.hstack(*old.directions, *new.directions).rank() != len(old.directions):
            return False
        R = A.T * cvec
        mu, mu_new = transpose_multiplier(A, R), transpose_multiplier(new_A, R)
        return mu_new == transform(rho, mu) and new_A.T * mu_new == A.T * mu == R

    def instances():
        shapes = [(k, 3 * N) for N in range(1, max_particles + 1) for k in range(1, min(3 * N, 4))]
        rhos = (lambda k: _invertible_matrices(k)) if require_invertible else (lambda k: rational_matrices(k, k, 2, 1))
        return st.sampled_from(shapes).flatmap(lambda s: st.tuples(
            full_row_rank_matrices(*s, 4, 2), rhos(s[0]), rational_matrices(s[0], 1, 4, 2), rational_matrices(s[0], 1, 4, 2)))

    fixed = (Matrix([[1, 0, 2], [0, 1, -1]]), Matrix([[2, 1], [0, 1]]), Matrix([1, -1]), Matrix([3, 1]))
    check.fact("a fixed instance: A = [[1, 0, 2], [0, 1, −1]], ρ = [[2, 1], [0, 1]], b = (1, −1), R = Aᵀ(3, 1)",
               invariant(fixed), method="computation", scope="k' = 2, 3N = 3, exact")
    if samples:
        with check.supporting():  # the symbolic every-size checks decide
            check.property("v0 and span ker A unchanged; μ(ρA, R) = transform(ρ, μ(A, R)); (ρA)ᵀμ' = Aᵀμ = R",
                           instances(), invariant, samples=samples, describe=lambda inst: [sympy.sstr(e) for e in inst],
                           scope=f"randomized, exact rationals: N = 1..{max_particles}, k' = 1..min(3N − 1, 3), A full "
                                 f"row rank, ρ {'invertible' if require_invertible else 'any (hypothesis dropped)'}, "
                                 "R = Aᵀc")
    if datum_instance:
        datum = zxy_datum()
        rho = Matrix([[1 + ZX**2]])
        re = datum.re_presented(rho)
        curve = zxy_dalembert_curve()
        R = datum.reaction([1], None, curve)
        mu, mu_new = datum.multiplier(R, curve), re.multiplier(R, curve)
        point = (0, (Rational(1, 2), 1, -1))
        old, new = datum.admissible_velocities(*point), re.admissible_velocities(*point)
        check.fact("z' = xy' re-presented by ρ = 1 + x²: a datum; same v0 and ker A at (x, y, z) = (1/2, 1, −1); along the "
                   "d'Alembert motion the same ideal reaction and μ' = transform(ρ, μ) = μ/(1 + t²)",
                   old.particular == new.particular
                   and Matrix.hstack(*old.directions, *new.directions).rank() == len(old.directions)
                   and bool(re.is_ideal_reaction(R, curve))
                   and all(_vanishes(e) for e in mu_new - transform(re.along(rho, curve), mu)),
                   method="computation", scope="theorems.page1_variations.zxy's closed-form motion (t, asinh t, √(1+t²) − 1)")
        rejected, _ = _rejects(lambda: datum.re_presented(Matrix([[ZX]])))
        check.fact("ρ = x (zero on x = 0) does not give a datum on ℝ × ℝ³ (rank loss at x = 0)", rejected,
                   method="computation")
    A_s, b_s, rho_s = SINGULAR_RHO
    origin = Matrix([0, 0, 0])
    if require_invertible:
        check.necessary(H_RHO_INVERTIBLE, "A = [[1,0,0],[0,1,0]], b = (0, 1), ρ = diag(1, 0)",
                        violates=[("det ρ = 0", rho_s.det() == 0, "computation")],
                        others_hold={H_CONSTANT_RANK: [("rank A = 2 = k'", A_s.rank() == 2, "computation")]},
                        conclusion_fails=[("v = 0 is admissible for (ρA, ρb) but not for (A, b)",
                                           (rho_s * A_s * origin + rho_s * b_s).is_zero_matrix
                                           and not (A_s * origin + b_s).is_zero_matrix, "computation"),
                                          ("the multiplier of ρA is not unique: (ρA)ᵀ(0, 1) = 0",
                                           ((rho_s * A_s).T * Matrix([0, 1])).is_zero_matrix, "computation")])
    else:
        check.fact("admissible velocities unchanged for A = [[1,0,0],[0,1,0]], b = (0, 1), ρ = diag(1, 0)",
                   not (rho_s * A_s * origin + rho_s * b_s).is_zero_matrix, method="computation")
    # last: a sweep recorded after every claim check decides nothing (evidence.swept_sizes); the every-size identities
    # decide, the checked proofs at fixed sizes with the toolkit's transform are evidence (issue 38)
    with check.supporting():
        for k, n in check.sweep(sizes):
            _re_presentation_proofs(check, k, n, transform)


lemma(REPRESENTATION_ID,
      title="Re-presenting the law by (ρA, ρb): admissible velocities and reaction unchanged, μ ↦ ρ^{-T}μ",
      statement=r"If $\varrho(t,x)\in GL(k',\mathbb R)$ on $O_v$, replacing $(A,b)$ by $(\varrho A,\varrho b)$ leaves the "
                r"admissible velocities (the particular velocity $v_0$ and $\ker A$) and the reaction "
                r"$R=A^{\mathsf T}\mu=(\varrho A)^{\mathsf T}\mu'$ unchanged and sends the multiplier to "
                r"$\mu'=\varrho^{-\mathsf T}\mu$. So $\mu$ is tied to the declared rows and is not measured. With "
                r"$\varrho$ singular the admissible set and the multiplier change.",
      source=f"{SEED} bullet 'The multiplier is not measured: … replacing (A,b) by (ϱA,ϱb) with an invertible ϱ leaves the "
             "admissible velocities and the reaction unchanged and changes μ to ϱ^{-T}μ'",
      uses=[DATUM_ID, AFFINE_ID, MULTIPLIER_ID, GL_ID, "constraints.multiplier_presentation_dependence"],
      assumes=[H_RHO_INVERTIBLE, H_CONSTANT_RANK])(lambda check: check_re_presentation(check))
