"""The Frobenius items: ``frobenius.rho_dphi_satisfies_frobenius_condition`` and the cited theorem.

The proved direction ω = ρ dΦ ⇒ ω∧dω = 0 (every n, resting on Schwarz) and the cited
``external.frobenius_integrability`` (the converse, taken on trust; results that only need the proved direction
use the theorem).

The constructions they check -- :func:`lie_bracket`, :func:`is_involutive`, :func:`exterior_derivative`,
:func:`wedge_one_two`, :func:`satisfies_frobenius_condition`, :func:`annihilated_distribution` -- are the toolkit
module :mod:`theorems.toolkit.frobenius`, re-exported here (``theorems.foundations.frobenius.is_involutive`` keeps working).
"""
from __future__ import annotations

import sympy

from checker import cited as _cited
from checker import theorem as _theorem
from theorems.foundations.analytic_facts import SCHWARZ
from theorems.toolkit.frobenius import (  # noqa: F401 - the toolkit's public names, re-exported
    _generic_rank, annihilated_distribution, exterior_derivative, is_involutive, lie_bracket,
    satisfies_frobenius_condition, wedge_one_two)

RHO_DPHI_ID = "frobenius.rho_dphi_satisfies_frobenius_condition"
FROBENIUS_ID = "external.frobenius_integrability"


def _exact_times_factor(rho, phi, coords):
    return [rho * phi.diff(c) for c in coords]


def frobenius_coefficient(a, coords, i, j, k):
    """The ``dx_i∧dx_j∧dx_k`` coefficient of ``ω∧dω`` written out from the definitions (not from
    :func:`wedge_one_two`): ``a_i(∂_j a_k − ∂_k a_j) − a_j(∂_i a_k − ∂_k a_i) + a_k(∂_i a_j − ∂_j a_i)``."""
    def d(p, q):
        return sympy.diff(a[q], coords[p]) - sympy.diff(a[p], coords[q])
    return a[i] * d(j, k) - a[j] * d(i, k) + a[k] * d(i, j)


def check_rho_dphi_condition(check, *, one_form=_exact_times_factor, full_dims=(3, 4)):
    """ω = ρ dΦ ⇒ ω∧dω = 0, for every n: the (i, j, k) coefficient involves only a_i, a_j, a_k and ∂_i, ∂_j, ∂_k.

    The generic coefficient is computed with the other n − 3 coordinates as parameters (``w``; no derivative in
    them occurs), so one symbolic identity covers every triple i < j < k of every n ≥ 3 (for n < 3 there is no
    triple and ω∧dω = 0 trivially).  The toolkit's decision is checked too on generic ρ, Φ for ``full_dims``.
    Mixed partials of Φ are identified (sympy orders them canonically): that is Schwarz's theorem (Φ ∈ C²).
    """
    xi, xj, xk = sympy.symbols("x_i x_j x_k", real=True)
    others = sympy.Symbol("w", real=True)  # the remaining n − 3 coordinates, frozen
    coords = [xi, xj, xk]
    rho, phi = sympy.Function("rho")(*coords, others), sympy.Function("Phi")(*coords, others)
    a = one_form(rho, phi, coords)
    check.identity("(ω∧dω)_ijk = 0 for ω = ρ dΦ (every n, every i < j < k)", frobenius_coefficient(a, coords, 0, 1, 2), 0,
                   scope="symbolic, generic ρ, Φ ∈ C² of (x_i, x_j, x_k, other coordinates), every n ≥ 3",
                   context="a_l = ρ Φ_l; the Φ_jk terms cancel by Schwarz, the ρ terms by antisymmetry")
    for n in full_dims:
        full = sympy.symbols(f"x0:{n}", real=True)
        rho_n, phi_n = sympy.Function("rho")(*full), sympy.Function("Phi")(*full)
        omega = one_form(rho_n, phi_n, full)
        check.fact(f"the toolkit finds ω∧dω = 0 for ω = ρ dΦ (n = {n}, generic ρ, Φ)",
                   satisfies_frobenius_condition(omega, full), method="symbolic",
                   scope=f"symbolic, n = {n}, generic ρ, Φ (cross-check of the coefficient identity)")


_theorem(RHO_DPHI_ID,
         title="The easy direction of Frobenius: ω = ρ dΦ satisfies ω ∧ dω = 0",
         statement=r"If $\rho$ and $\Phi$ are $C^2$ on an open set of $\mathbb R^n$ and $\omega=\rho\,d\Phi$, then "
                   r"$\omega\wedge d\omega=0$: $d\omega=d\rho\wedge d\Phi$ (Schwarz: $d\,d\Phi=0$) and "
                   r"$\omega\wedge d\omega=\rho\,d\Phi\wedge d\rho\wedge d\Phi=0$. Contrapositive: a one-form with "
                   r"$\omega\wedge d\omega\neq0$ is nowhere locally $\rho\,d\Phi$ (not integrable).",
         source="cited: seed 002_3134e4ba07f0f65c.txt 'the Frobenius integrability condition' (the direction the "
                "seeds use to show non-integrability; the converse stays the cited external.frobenius_integrability)",
         uses=[SCHWARZ], avoids=["holonomic.ideal_reaction_law"])(check_rho_dphi_condition)


def check_frobenius_easy_directions(check, *, bracket_sign=1):
    """The cited theorem's sanity checks: fields annihilated by dΦ have brackets annihilated by dΦ (n = 3, generic);
    an instance of the converse.  The one-form direction is the proved item ``RHO_DPHI_ID``."""
    coords = sympy.symbols("x0:3", real=True)
    phi = sympy.Function("Phi")(*coords)
    fields = [[sympy.Function(f"{name}{i}")(*coords) for i in range(3)] for name in ("X", "Y")]
    dphi = [phi.diff(c) for c in coords]

    def pair(form, field):
        return sum(a * b for a, b in zip(form, field))

    def apply(field, f):
        return sum(v * f.diff(c) for v, c in zip(field, coords))

    bracket = lie_bracket(fields[0], fields[1], coords)
    check.identity("dPhi([X,Y]) = X(dPhi(Y)) - Y(dPhi(X))", bracket_sign * pair(dphi, bracket),
                   apply(fields[0], pair(dphi, fields[1])) - apply(fields[1], pair(dphi, fields[0])),
                   scope="symbolic, n = 3, generic X, Y, Phi: tangent fields of level sets form an involutive distribution")
    x, y, z = coords
    instance = [0, 1, -y]  # dy - y dz = y d(log y - z) on y > 0
    certificate_rho, certificate_phi = y, sympy.log(y) - z
    check.fact("an instance of the converse: dy - y dz satisfies the condition and equals y d(log y - z)",
               bool(satisfies_frobenius_condition(instance, coords))
               and all(sympy.cancel(a - certificate_rho * certificate_phi.diff(c)) == 0 for a, c in zip(instance, coords)),
               method="instances",
               detail="the general converse (omega ^ d omega = 0 => omega = rho dPhi locally) is cited and only exercised here")


_cited(FROBENIUS_ID, cited_kind="theorem",
       title="The Frobenius integrability condition",
       statement=r"A nonvanishing $C^2$ one-form $\omega$ is locally $\rho\,d\Phi$ iff $\omega\wedge d\omega=0$; a "
                 r"distribution is integrable iff it is involutive. (The direction $\rho\,d\Phi\Rightarrow"
                 r"\omega\wedge d\omega=0$ is proved in " + RHO_DPHI_ID + r"; the converse is the trusted part.)",
       source="cited: seed 002_3134e4ba07f0f65c.txt 'the Frobenius integrability condition'",
       uses=[RHO_DPHI_ID], avoids=["holonomic.ideal_reaction_law"])(check_frobenius_easy_directions)
