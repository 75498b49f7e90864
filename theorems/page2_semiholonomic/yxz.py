"""Seed 002's worked example: the constraint y' − x z' = 0 for a free particle of mass m.

This file contains the three examples of the seed's worked example, each checked
against what the toolkit derives:

* ``nonholonomic.yxz_one_form_not_integrable``: ω = dy − x dz has dω = −dx∧dz and
  ω∧dω = dx∧dy∧dz ≠ 0, so the Frobenius condition fails (and ker ω is not involutive);
* ``nonholonomic.yxz_dalembert_equations``: m x'' = 0, m y'' = λ, m z'' = −xλ, with
  λ = m x'z'/(1+x²) and zero virtual work of the reaction;
* ``nonholonomic.yxz_vakonomic_equations``: m x'' = −μz', m y'' = −μ', m z'' = xμ' + μx',
  with the first integrals m y' + μ and m z' − μx.

Both laws are seed 001's z' = x y' laws with y and z exchanged (checked here).
"""
from __future__ import annotations

import sympy
from sympy import Function, Matrix, Symbol

from checker import example, hypothesis

from theorems.foundations.frobenius import RHO_DPHI_ID
from theorems.toolkit.frobenius import annihilated_distribution, exterior_derivative, is_involutive, satisfies_frobenius_condition, wedge_one_two
from theorems.toolkit.variational import dalembert_equations, solve_multipliers, vakonomic_equations
from theorems.page1_variations.zxy import CONSTRAINT_ROW as ZXY_ROW, COORDINATES as ZXY_COORDINATES

t = Symbol("t", real=True)
m = Symbol("m", positive=True)
x, y, z = (Function(name, real=True)(t) for name in "xyz")
COORDINATES = [x, y, z]
X, Y, Z = sympy.symbols("x y z", real=True)
CONSTRAINT_ROW = Matrix([[0, 1, -x]])  # y' - x z' = 0
LAGRANGIAN = m * (x.diff(t) ** 2 + y.diff(t) ** 2 + z.diff(t) ** 2) / 2

H_CONSTRAINT = hypothesis("nonholonomic.yxz_constraint", "the velocity constraint y' - x z' = 0 on R^3 (A = (0, 1, -x), b = 0)")
H_FREE_PARTICLE = hypothesis("nonholonomic.yxz_free_particle", "L = m|v|^2/2 with m > 0, no applied force")


def dalembert_system(lagrangian=LAGRANGIAN):
    return dalembert_equations(lagrangian, COORDINATES, t, CONSTRAINT_ROW, multiplier="lambda")


def vakonomic_system(lagrangian=LAGRANGIAN):
    return vakonomic_equations(lagrangian, COORDINATES, t, CONSTRAINT_ROW, multiplier="mu")


lam = dalembert_system().multipliers[0]
mu = vakonomic_system().multipliers[0]

# --- the one-form ---------------------------------------------------------------------------

OMEGA = [0, 1, -X]  # dy - x dz
PAGE_D_OMEGA = {(0, 2): -1}  # -dx∧dz
PAGE_OMEGA_WEDGE_D_OMEGA = {(0, 1, 2): 1}  # dx∧dy∧dz


def check_one_form(check, *, omega=OMEGA, d_omega=PAGE_D_OMEGA, wedge=PAGE_OMEGA_WEDGE_D_OMEGA):
    """dω and ω∧dω as the page states them, and the Frobenius condition fails."""
    coords = [X, Y, Z]
    computed_d = exterior_derivative(omega, coords)
    check.fact("d omega = -dx^dz", _same_form(computed_d, d_omega), detail=f"computed {computed_d}",
               witness={"computed": computed_d, "page": d_omega})
    computed_w = wedge_one_two(omega, computed_d, coords)
    check.fact("omega ^ d omega = dx^dy^dz", _same_form(computed_w, wedge), detail=f"computed {computed_w}",
               witness={"computed": computed_w, "page": wedge})
    frobenius = satisfies_frobenius_condition(omega, coords)
    check.fact("the Frobenius condition fails (omega ^ d omega != 0)", frobenius, expect=False)
    kernel = annihilated_distribution(Matrix([omega]), coords)
    involutive = is_involutive(kernel, coords)
    check.fact("ker omega is not involutive", involutive, expect=False)


def _same_form(a: dict, b: dict) -> bool:
    keys = set(a) | set(b)
    return all(sympy.cancel(sympy.sympify(a.get(k, 0)) - sympy.sympify(b.get(k, 0))) == 0 for k in keys)


example("nonholonomic.yxz_one_form_not_integrable",
        title="dy − x dz is not integrable: dω = −dx∧dz and the Frobenius condition fails",
        statement=r"The one-form $dy-x\,dz$ is not integrable to a single coordinate constraint: its exterior "
                  r"derivative is $-dx\wedge dz$, and the Frobenius integrability condition fails "
                  r"($\omega\wedge d\omega=dx\wedge dy\wedge dz\neq0$; $d\omega\neq0$ alone would not settle it).",
        source="seed 002_3134e4ba07f0f65c.txt, worked example", assumes=[H_CONSTRAINT],
        uses=[RHO_DPHI_ID])(check_one_form)  # ω∧dω ≠ 0 ⇒ not ρ dΦ: the proved direction of Frobenius

# --- the d'Alembert equations -------------------------------------------------------------------

PAGE_DALEMBERT = [(m * x.diff(t, 2), 0), (m * y.diff(t, 2), lam), (m * z.diff(t, 2), -x * lam)]
PAGE_LAMBDA = m * x.diff(t) * z.diff(t) / (1 + x**2)


def check_dalembert(check, *, page=PAGE_DALEMBERT, page_multiplier=PAGE_LAMBDA):
    """The page's d'Alembert equations equal the toolkit's; λ = m x'z'/(1+x²); the reaction does no virtual work."""
    system = dalembert_system()
    for (lhs, rhs), eq, var in zip(page, system.dynamics, "xyz"):
        check.identity(f"{var}-equation", lhs - rhs, eq.lhs - eq.rhs, scope="symbolic")
    solved = solve_multipliers(system, COORDINATES, t)
    check.identity("lambda from the differentiated constraint", page_multiplier, solved[lam], scope="symbolic")
    reaction = CONSTRAINT_ROW.T * lam
    for k, delta in enumerate(annihilated_distribution(Matrix([[0, 1, -X]]), [X, Y, Z])):
        delta = delta.subs(X, x)
        check.identity(f"reaction does no virtual work on the virtual displacement {k}", (reaction.T * delta)[0], 0)
    _check_swap(check, dalembert_system(LAGRANGIAN.subs(m, 1)),
                dalembert_equations(_zxy_lagrangian(), ZXY_COORDINATES, t, ZXY_ROW, multiplier="lambda"))


example("nonholonomic.yxz_dalembert_equations",
        title="The d'Alembert equations of y' − x z' = 0: m x'' = 0, m y'' = λ, m z'' = −xλ",
        statement=r"For $L=\tfrac12m(\dot x^2+\dot y^2+\dot z^2)$ and $(A_x,A_y,A_z)=(0,1,-x)$: $m\ddot x=0$, "
                  r"$m\ddot y=\lambda$, $m\ddot z=-x\lambda$, with $\dot y-x\dot z=0$; the reaction does virtual work "
                  r"$\lambda(\delta y-x\delta z)=0$.",
        source="seed 002_3134e4ba07f0f65c.txt, worked example", assumes=[H_CONSTRAINT, H_FREE_PARTICLE],
        uses=["constraints.lagrange_dalembert_equations", "constraints.linear_velocity_constraint_chetaev",
              "nonholonomic.zxy_constraint_dalembert_vakonomic_laws"])(check_dalembert)

# --- the vakonomic equations --------------------------------------------------------------------

PAGE_VAKONOMIC = [(m * x.diff(t, 2), -mu * z.diff(t)), (m * y.diff(t, 2), -mu.diff(t)),
                  (m * z.diff(t, 2), x * mu.diff(t) + mu * x.diff(t))]
PAGE_FIRST_INTEGRALS = [m * y.diff(t) + mu, m * z.diff(t) - mu * x]


def check_vakonomic(check, *, page=PAGE_VAKONOMIC, first_integrals=PAGE_FIRST_INTEGRALS):
    """The page's vakonomic equations equal the toolkit's; m y' + μ and m z' − μx are first integrals."""
    system = vakonomic_system()
    for (lhs, rhs), eq, var in zip(page, system.dynamics, "xyz"):
        check.identity(f"{var}-equation", lhs - rhs, eq.lhs - eq.rhs, scope="symbolic")
    accelerations = {c.diff(t, 2): sympy.solve(eq.lhs - eq.rhs, c.diff(t, 2))[0]
                     for c, eq in zip(COORDINATES, system.dynamics)}
    for k, quantity in enumerate(first_integrals):
        check.identity(f"first integral {sympy.sstr(quantity)}", quantity.diff(t), 0, relations=accelerations, premise=check.STATEMENT,
                       scope="symbolic, modulo the vakonomic equations")
    _check_swap(check, vakonomic_system(LAGRANGIAN.subs(m, 1)),
                vakonomic_equations(_zxy_lagrangian(), ZXY_COORDINATES, t, ZXY_ROW, multiplier="mu"))


def _zxy_lagrangian():
    return sum(c.diff(t) ** 2 for c in ZXY_COORDINATES) / 2


def _check_swap(check, mine, theirs):
    """Seed 002's law with y and z exchanged is seed 001's z' = x y' law (equation by equation)."""
    mine_residuals = [eq.lhs - eq.rhs for eq in mine.dynamics]
    swapped = [mine_residuals[0], mine_residuals[2], mine_residuals[1]]
    rename = {c: o for c, o in zip(ZXY_COORDINATES, COORDINATES)}
    rename.update({a: b for a, b in zip(theirs.multipliers, mine.multipliers)})
    for k, (a, b) in enumerate(zip(swapped, theirs.dynamics)):
        check.identity(f"with y and z exchanged (m = 1) this is the z' = xy' law, equation {k}",
                       sympy.sympify(a).subs({y: z, z: y}, simultaneous=True), (b.lhs - b.rhs).subs(rename))


example("nonholonomic.yxz_vakonomic_equations",
        title="The vakonomic equations of y' − x z' = 0: m x'' = −μz', m y'' = −μ', m z'' = xμ' + μx'",
        statement=r"Varying $L_{\mathrm{aug}}=L+\mu(\dot y-x\dot z)$ in $x,y,z,\mu$ independently gives "
                  r"$m\ddot x=-\mu\dot z$, $m\ddot y=-\dot\mu$, $m\ddot z=x\dot\mu+\mu\dot x$ (not the d'Alembert equations).",
        source="seed 002_3134e4ba07f0f65c.txt, worked example", assumes=[H_CONSTRAINT, H_FREE_PARTICLE],
        uses=["constraints.vakonomic_augmented_variation"])(check_vakonomic)
