"""The velocity constraint z' = x y': d'Alembert versus vakonomic motions.

This file contains the sample model of seeds 001 and 003 — unit mass, zero applied force,
A = (0, -x, 1), b = 0 — and its items:

* ``nonholonomic.zxy_constraint_dalembert_vakonomic_laws``: virtual displacements
  δz = x δy, the d'Alembert law and the vakonomic law, each checked against the toolkit;
* :func:`dalembert_motion` — the closed-form d'Alembert motion through the origin with
  velocity (a, b, 0), and ``nonholonomic.zxy_dalembert_vakonomic_differ``: for (a, b) = (1, 1)
  it is x = t, y = asinh t, z = √(1+t²) − 1 on ℝ, unique and maximal (Picard–Lindelöf, cited, for the
  reduced field, which is shown C¹), and not vakonomic on any subinterval (a checked proof);
* ``nonholonomic.zxy_dalembert_motions_are_vakonomic``: seed 001's statement "every
  d'Alembert motion … is a vakonomic motion", expected to fail and refuted by that witness (each of its
  hypotheses is checked on the witness, the initial data by the hypothesis' predicate);
* the scope remarks of seed 001 and seed 003 (e), the non-integrability lemma for
  span{∂x, ∂y + x∂z} (a checked proof) and the holonomic-inequivalence example of seed 003 (d).
"""
from __future__ import annotations

import mpmath
import sympy
from sympy import Eq, Function, Matrix, Rational, Symbol, asinh, sqrt

from checker import Proof, cited, counterexample, example, hypothesis, remark, stated, theorem

from theorems.foundations.analytic_facts import PICARD_LINDELOF, C1_LOCALLY_LIPSCHITZ, SCHWARZ
from theorems.foundations.frobenius import RHO_DPHI_ID
from theorems.toolkit import extrapolation_ode
from theorems.toolkit.frobenius import annihilated_distribution, is_involutive
from theorems.toolkit.variational import dalembert_equations, solve_multipliers, vakonomic_equations

t = Symbol("t", real=True)
x, y, z = (Function(name, real=True)(t) for name in "xyz")
COORDINATES = [x, y, z]
X, Y, Z = sympy.symbols("x y z", real=True)  # the same coordinates as plain symbols (frozen time)
CONSTRAINT_ROW = Matrix([[0, -x, 1]])  # z' - x y' = 0
FREE_LAGRANGIAN = (x.diff(t) ** 2 + y.diff(t) ** 2 + z.diff(t) ** 2) / 2  # unit mass, no force
SEED_DATA = {"position": (0, 0, 0), "velocity": (1, 1, 0)}

H_CONSTRAINT = hypothesis("nonholonomic.zxy_constraint", "the velocity constraint z' - x y' = 0 on R^3 (A = (0, -x, 1), b = 0, rank 1)")
H_UNIT_MASS_FREE = hypothesis("nonholonomic.zxy_unit_mass_zero_force", "unit mass M = I_3 and zero applied force")
H_SEED_DATA = hypothesis("nonholonomic.zxy_seed_initial_data", "initial data (x,y,z)(0) = (0,0,0), (x',y',z')(0) = (1,1,0)",
                         predicate=lambda data: data == SEED_DATA)
H_C2 = hypothesis("calculus.phi_class_C2", "the function Phi is of class C^2 (so its mixed partials commute)")

LAWS_ID = "nonholonomic.zxy_constraint_dalembert_vakonomic_laws"
DIFFER_ID = "nonholonomic.zxy_dalembert_vakonomic_differ"


def dalembert_system():
    """The d'Alembert system of z' = x y' (unit mass, F = 0) from the toolkit."""
    return dalembert_equations(FREE_LAGRANGIAN, COORDINATES, t, CONSTRAINT_ROW, multiplier="mu")


def vakonomic_system():
    """The vakonomic system of z' = x y' (unit mass, F = 0) from the toolkit."""
    return vakonomic_equations(FREE_LAGRANGIAN, COORDINATES, t, CONSTRAINT_ROW, multiplier="mu")


mu = dalembert_system().multipliers[0]  # the toolkit's multiplier, shared by both laws
assert vakonomic_system().multipliers == [mu]


def dalembert_motion(a=1, b=1):
    """Closed-form d'Alembert motion with q(0) = 0, q'(0) = (a, b, 0): returns ({x: .., y: .., z: ..}, μ).

    x = a t, y' = b (1 + a²t²)^(-1/2), z' = x y', μ = x'y'/(1 + x²) = a b (1 + a²t²)^(-3/2).
    """
    a, b = sympy.sympify(a), sympy.sympify(b)
    if a == 0:
        motion = {x: 0 * t, y: b * t, z: 0 * t}
    else:
        motion = {x: a * t, y: b / a * asinh(a * t), z: b / a * (sqrt(1 + a**2 * t**2) - 1)}
    return motion, a * b * (1 + a**2 * t**2) ** Rational(-3, 2)


def along(expr, motion, multiplier=None):
    """``expr`` evaluated along a motion (coordinates replaced, derivatives computed)."""
    mapping = dict(motion)
    if multiplier is not None:
        mapping[mu] = multiplier
    return sympy.sympify(expr).subs(mapping).doit()


# --- the laws --------------------------------------------------------------------------

SEED_DALEMBERT_LAW = [(x.diff(t, 2), 0), (y.diff(t, 2), -x * mu), (z.diff(t, 2), mu)]
SEED_VAKONOMIC_LAW = [(x.diff(t, 2), -mu * y.diff(t)), (y.diff(t, 2), (mu * x).diff(t)), (z.diff(t, 2), -mu.diff(t))]
SEED_VIRTUAL_DISPLACEMENTS = [Matrix([1, 0, 0]), Matrix([0, 1, X])]  # δz = x δy


def check_laws(check, *, dalembert=SEED_DALEMBERT_LAW, vakonomic=SEED_VAKONOMIC_LAW,
               displacements=SEED_VIRTUAL_DISPLACEMENTS):
    """The page's laws agree with what the toolkit derives (residual by residual)."""
    kernel = annihilated_distribution(Matrix([[0, -X, 1]]), [X, Y, Z])
    stacked = Matrix.hstack(*kernel, *displacements)
    check.fact("virtual displacements: the page's vectors span ker A",
               stacked.rank(simplify=True) == len(kernel) == Matrix.hstack(*displacements).rank(simplify=True)
               and all(sympy.cancel((Matrix([[0, -X, 1]]) * d)[0]) == 0 for d in displacements),
               detail="rank of [ker A | page's basis] equals dim ker A = 2 and A·δ = 0",
               witness={"kernel": kernel, "page": displacements})
    derived = dalembert_system()
    for (lhs, rhs), eq in zip(dalembert, derived.dynamics):
        check.identity(f"d'Alembert law, {sympy.sstr(eq.lhs)}", lhs - rhs, eq.lhs - eq.rhs)
    derived_v = vakonomic_system()
    for (lhs, rhs), eq, var in zip(vakonomic, derived_v.dynamics, "xyz"):
        check.identity(f"vakonomic law, {var}-equation", lhs - rhs, eq.lhs - eq.rhs)


cited(LAWS_ID, cited_kind="definition",
      title="The velocity constraint z' = xy': virtual displacements, the d'Alembert law and the vakonomic law",
      statement=r"For $z'=xy'$ ($A=(0,-x,1)$, $b=0$): $\delta z = x\,\delta y$; d'Alembert: $x''=0$, $y''=-x\mu$, "
                r"$z''=\mu$; vakonomic ($L+\mu(z'-xy')$ varied in $x,y,z,\mu$): $x''=-\mu y'$, $y''=(\mu x)'$, $z''=-\mu'$.",
      source="cited: seed 003_c763788c7bc283aa.txt (b), (e) 'The velocity constraint z'=xy': virtual displacements, the d'Alembert law and the vakonomic law'",
      assumes=[H_CONSTRAINT, H_UNIT_MASS_FREE],
      uses=["constraints.linear_velocity_constraint_chetaev", "constraints.lagrange_dalembert_equations",
            "constraints.vakonomic_augmented_variation"])(check_laws)


# --- the counterexample ----------------------------------------------------------------

def not_vakonomic_proof(a=1, b=1) -> Proof:
    """If the motion were vakonomic on an interval, x'' = -μy' forces μ = 0, then z'' = -μ' = 0: false."""
    motion, _ = dalembert_motion(a, b)
    p = Proof("the d'Alembert motion is not vakonomic on any interval")
    p.suppose("motion x", Eq(x, motion[x], evaluate=False), along=t, note="the d'Alembert motion (checked above)")
    p.suppose("motion y", Eq(y, motion[y], evaluate=False), along=t)
    p.suppose("motion z", Eq(z, motion[z], evaluate=False), along=t)
    p.suppose("vak x", (x.diff(t, 2), -mu * y.diff(t)), along=t, note="vakonomic x-equation on the interval")
    p.suppose("vak z", (z.diff(t, 2), -mu.diff(t)), along=t, note="vakonomic z-equation on the interval")
    p.substitute("x along q", "vak x", ["motion x", "motion y"], (along(x.diff(t, 2), motion), -mu * along(y.diff(t), motion)))
    p.cancel("mu vanishes", "x along q", along(y.diff(t), motion), (mu, 0))
    p.differentiate("mu' vanishes", "mu vanishes", t, (mu.diff(t), 0))
    p.substitute("z along q", "vak z", ["motion z", "mu' vanishes"], (along(z.diff(t, 2), motion), 0))
    p.contradiction("contradiction", "z along q")
    p.conclude("contradiction")
    return p


def reduced_dalembert_field():
    """State-space right-hand side of the d'Alembert system after eliminating μ (from the toolkit)."""
    solved = solve_multipliers(dalembert_system(), COORDINATES, t)
    state = sympy.symbols("sx sy sz vx vy vz", real=True)
    to_state = {c.diff(t): v for c, v in zip(COORDINATES, state[3:])}
    to_state.update({c: s for c, s in zip(COORDINATES, state[:3])})
    accelerations = [solved[c.diff(t, 2)].subs(to_state) for c in COORDINATES]
    return state, accelerations, solved


def check_differ(check, *, a=1, b=1, closed_form=None, dps=30):
    """Closed form solves the d'Alembert system with the data; unique, maximal; not vakonomic."""
    motion, multiplier = dalembert_motion(a, b)
    if closed_form is not None:
        motion = {**motion, **closed_form}
    system = dalembert_system()
    for eq in system.equations:
        check.identity(f"closed form solves {sympy.sstr(eq.lhs)} = {sympy.sstr(eq.rhs)}",
                       along(eq.lhs, motion, multiplier), along(eq.rhs, motion, multiplier),
                       scope="symbolic, all t in R", context="along the closed-form motion")
    data = [along(c, motion).subs(t, 0) for c in COORDINATES] + [along(c.diff(t), motion).subs(t, 0) for c in COORDINATES]
    check.fact("initial data (0,0,0), (a,b,0)", [sympy.nsimplify(v) for v in data] == [0, 0, 0, sympy.sympify(a), sympy.sympify(b), 0],
               detail=f"q(0), q'(0) = {data}", witness={"data": data})
    seed = {"position": tuple(data[:3]), "velocity": tuple(data[3:])}
    check.fact("the predicate of nonholonomic.zxy_seed_initial_data holds for these data", H_SEED_DATA.holds_for(seed),
               method="computation", detail=f"data {seed}")
    state, accelerations, solved = reduced_dalembert_field()
    denominators = {sympy.denom(sympy.together(acc)) for acc in accelerations} - {1}
    check.fact("reduced system: rational in the state with positive denominators, so C^1 on R^6",
               all(sympy.together(acc).is_rational_function(*state) for acc in accelerations)
               and all(d.is_positive for d in denominators),
               detail=f"mu = {sympy.sstr(solved[system.multipliers[0]])}; denominators {sorted(map(sympy.sstr, denominators))} > 0; "
                      "a C^1 field is locally Lipschitz (calculus.c1_maps_locally_lipschitz), so the reduced system has "
                      "unique maximal solutions (ode.picard_lindelof): every d'Alembert motion with the data (which solves "
                      "the reduced system: mu is determined by the differentiated constraint) is a restriction of the maximal one",
               scope="symbolic")
    domain = [sympy.sympify(expr) for expr in list(motion.values()) + [multiplier]]
    radicands = {p.base for expr in domain for p in expr.atoms(sympy.Pow) if not p.exp.is_integer}
    check.fact("the closed form is defined and smooth on all of R (the maximal solution): radicands positive",
               all(r.is_positive for r in radicands) and all(expr.is_finite is not False for expr in domain),
               detail=f"radicands {sorted(map(sympy.sstr, radicands))} > 0 for real t; asinh is entire on R",
               scope="symbolic, real t")
    with check.supporting():  # numerical evidence; the symbolic identities above decide
        _numerical_cross_check(check, state, accelerations, motion, a, b, dps)
    check.proof("not vakonomic on any subinterval", not_vakonomic_proof(a, b),
                scope="every open interval: the contradiction (1+t^2)^(-3/2) = 0 holds nowhere")


def _numerical_cross_check(check, state, accelerations, motion, a, b, dps):
    """mpmath integration (Bulirsch–Stoer extrapolation) of the reduced d'Alembert system against the closed form
    at t = 1 and t = 3."""
    field = sympy.lambdify(state, list(state[3:]) + accelerations, modules="mpmath")
    with mpmath.workdps(dps):
        start = [mpmath.mpf(0)] * 3 + [mpmath.mpf(sympy.Rational(a)), mpmath.mpf(sympy.Rational(b)), mpmath.mpf(0)]
        states = extrapolation_ode.integrate(lambda _t, s: field(*s), 0, start, [1, 3], dps)
        residual = mpmath.mpf(0)
        for time, numeric in zip((1, 3), states):
            for coord, value in zip(COORDINATES, numeric[:3]):
                exact = mpmath.mpf(sympy.N(along(coord, motion).subs(t, time), dps + 10))
                residual = max(residual, abs(value - exact))
    check.numeric("mpmath integration of the reduced d'Alembert system matches the closed form",
                  residual, mpmath.mpf(10) ** (-(dps - 5)), scope=f"t = 1 and t = 3, mpmath Bulirsch–Stoer extrapolation at {dps} digits",
                  detail="max |numeric - closed form| over x, y, z")


H_INTERVAL = hypothesis("reals.nondegenerate_interval", "the motion is considered on an interval with nonempty interior")

counterexample(DIFFER_ID, cited_kind="counterexample",
               title="The d'Alembert and vakonomic motions of z' = xy' differ from the same initial data",
               statement=r"With unit mass, $F=0$ and data $(0,0,0)$, $(1,1,0)$ the unique maximal d'Alembert motion of "
                         r"$z'=xy'$ is $x=t$, $y=\operatorname{asinh} t$, $z=\sqrt{1+t^2}-1$ on $\mathbb{R}$ "
                         r"($\mu=(1+t^2)^{-3/2}$); neither it nor any restriction to an interval is vakonomic.",
               source="cited: seed 003_c763788c7bc283aa.txt (e) 'The d'Alembert and vakonomic motions of z' = xy' differ from the same initial data'",
               assumes=[H_CONSTRAINT, H_UNIT_MASS_FREE, H_SEED_DATA, H_INTERVAL],
               uses=[LAWS_ID, PICARD_LINDELOF, C1_LOCALLY_LIPSCHITZ])(check_differ)


def check_every_dalembert_motion_is_vakonomic(check, *, a=1, b=1):
    """Seed 001's claim for the data (0,0,0), (a,b,0): the d'Alembert motion admits a vakonomic multiplier.

    Along the motion the vakonomic x-equation x'' = -μ y' determines μ (y' ≠ 0 when b ≠ 0);
    the claim needs the y- and z-equations to hold with that μ.
    """
    motion, multiplier = dalembert_motion(a, b)
    system = dalembert_system()
    for eq in system.equations:
        check.identity(f"the witness is a d'Alembert motion: {sympy.sstr(eq.lhs)} = {sympy.sstr(eq.rhs)}",
                       along(eq.lhs, motion, multiplier), along(eq.rhs, motion, multiplier))
    # the hypotheses of the statement hold for the witness (computed)
    accelerations = Matrix([c.diff(t, 2) for c in COORDINATES])
    check.identity("hypothesis nonholonomic.zxy_constraint: the constraint row of the system is z' - x y' (b = 0)",
                   Matrix([eq.lhs - eq.rhs for eq in system.constraints]), Matrix([z.diff(t) - x * y.diff(t)]))
    check.fact("hypothesis nonholonomic.zxy_constraint: A = (0, -x, 1) has rank 1 at every point (a constant entry 1)",
               CONSTRAINT_ROW.rank() == 1 and any(e.is_number and e != 0 for e in CONSTRAINT_ROW),
               method="computation", detail=f"A = {sympy.sstr(CONSTRAINT_ROW)}")
    check.identity("hypothesis nonholonomic.zxy_unit_mass_zero_force: the d'Alembert dynamics are q'' = A^T mu "
                   "(mass I_3, force 0)", Matrix([eq.lhs - eq.rhs for eq in system.dynamics]),
                   accelerations - CONSTRAINT_ROW.T * mu)
    data = {"position": tuple(along(c, motion).subs(t, 0) for c in COORDINATES),
            "velocity": tuple(along(c.diff(t), motion).subs(t, 0) for c in COORDINATES)}
    check.fact("hypothesis nonholonomic.zxy_seed_initial_data: its predicate holds for the witness's data",
               H_SEED_DATA.holds_for(data), method="computation", detail=f"witness data {data}")
    x_equation = vakonomic_system().dynamics[0]
    forced = sympy.solve(along(x_equation.lhs - x_equation.rhs, motion), mu)
    check.fact("the vakonomic x-equation determines mu along the motion", len(forced) == 1,
               detail=f"solutions for mu: {forced}")
    for eq, var in zip(vakonomic_system().dynamics[1:], "yz"):
        residual = along(eq.lhs - eq.rhs, motion, forced[0] if forced else mu)
        with check.claim():  # the statement's claim (the witness checks above support it)
            check.identity(f"the motion satisfies the vakonomic {var}-equation with that mu", residual, 0,
                           context=f"along x = {motion[x]}, y = {motion[y]}, z = {motion[z]}, "
                                   f"mu = {forced[0] if forced else mu}")


theorem("nonholonomic.zxy_dalembert_motions_are_vakonomic", expected="fails",
        title="Every d'Alembert motion of z' = xy' with the seed's data is vakonomic (false as stated)",
        statement=r"Every d'Alembert motion of the constraint $z'=xy'$ with unit mass and zero applied force that "
                  r"satisfies $(x,y,z)(0)=(0,0,0)$, $(x',y',z')(0)=(1,1,0)$ is a vakonomic motion of the same "
                  r"constraint with the same initial data.",
        source="seed 001_2e69a9934e04987b.txt, first statement",
        assumes=[H_CONSTRAINT, H_UNIT_MASS_FREE, H_SEED_DATA],
        uses=[LAWS_ID, "constraints.vakonomic_augmented_variation"], proof_uses=[DIFFER_ID])(
    check_every_dalembert_motion_is_vakonomic)


def check_scope_remarks(check, *, closed_form=None):
    """Seed 001's bullets, checked on the counterexample itself.

    (ii) "the numbers were chosen for an elementary closed form": written with log and square roots (asinh t =
    log(t + √(1+t²))), the closed form solves the d'Alembert system and has the seed's data (the predicate of
    nonholonomic.zxy_seed_initial_data).  (i) "it separates the two prescriptions as mathematical definitions": from
    the same data (L, A, b) the two prescriptions part on it, since along it the vakonomic x-equation forces μ ≡ 0 and
    the vakonomic z-equation then leaves the residual z'' = (1+t²)^(-3/2) > 0 at every t.
    """
    motion, multiplier = dalembert_motion(1, 1)
    motion = {**motion, **(closed_form or {})}
    elementary = {c: sympy.sympify(e).rewrite(sympy.log) for c, e in motion.items()}
    elementary_mu = sympy.sympify(multiplier).rewrite(sympy.log)
    parts = list(elementary.values()) + [elementary_mu]
    functions = {type(f).__name__ for expr in parts for f in expr.atoms(sympy.Function)}
    powers = {p.exp for expr in parts for p in expr.atoms(sympy.Pow)}
    check.fact("in log form the closed form uses only log, field operations and rational powers (elementary)",
               functions <= {"log"} and all(e.is_Rational for e in powers), method="computation",
               detail=f"x, y, z, mu = {[sympy.sstr(e) for e in parts]}; functions {sorted(functions)}, "
                      f"exponents {sorted(map(str, powers))}")
    system = dalembert_system()
    for eq in system.equations:
        check.identity(f"the elementary closed form solves {sympy.sstr(eq.lhs)} = {sympy.sstr(eq.rhs)}",
                       along(eq.lhs, elementary, elementary_mu), along(eq.rhs, elementary, elementary_mu),
                       scope="symbolic, all real t")
    data = {"position": tuple(along(c, elementary).subs(t, 0) for c in COORDINATES),
            "velocity": tuple(along(c.diff(t), elementary).subs(t, 0) for c in COORDINATES)}
    check.fact("its data are the seed's (the predicate of nonholonomic.zxy_seed_initial_data holds)",
               H_SEED_DATA.holds_for(data), method="computation", detail=f"data {data}")
    vakonomic = vakonomic_system()
    x_residual = along(vakonomic.dynamics[0].lhs - vakonomic.dynamics[0].rhs, elementary)
    forced = sympy.solve(x_residual, mu)
    check.fact("the same data, the other prescription: along the motion the vakonomic x-equation forces mu = 0",
               forced == [0], method="computation", detail=f"x-residual {sympy.sstr(x_residual)}; mu = {forced}")
    z_residual = along(vakonomic.dynamics[2].lhs - vakonomic.dynamics[2].rhs, elementary, forced[0] if forced else mu)
    check.fact("… and the vakonomic z-equation z'' = -mu' then fails at every t (residual > 0): the prescriptions part",
               sympy.factor(sympy.together(z_residual)).is_positive, method="symbolic",
               detail=f"z-residual {sympy.sstr(sympy.factor(sympy.together(z_residual)))}")


remark("nonholonomic.zxy_counterexample_scope_remarks",
       title="Scope of the z' = xy' counterexample: it separates the prescriptions; elementary numbers",
       statement="The mathematical content of the two bullets: (i) the counterexample separates the two prescriptions "
                 "as mathematical definitions -- from the same data (L, A, b) and the seed's initial data, along the "
                 "d'Alembert motion the vakonomic x-equation forces mu = 0 and the vakonomic z-equation then fails at "
                 "every t; (ii) the numbers give an elementary closed form (log, field operations, rational powers) "
                 "that solves the d'Alembert system with the seed's data. The bullets' non-mathematical reading is "
                 "the stated remark nonholonomic.zxy_counterexample_reading.",
       source="seed 001_2e69a9934e04987b.txt, the two bullets after the first statement (their mathematical content)",
       uses=[DIFFER_ID])(check_scope_remarks)

stated("nonholonomic.zxy_counterexample_reading", kind="remark",
       title="Reading of the z' = xy' counterexample: definitions, not physics (text, no mathematical claim)",
       statement="The counterexample does not say which prescription models a physical system; the general "
                 "inequivalence is the content of the cited treatments. (The bullets speak of 'the counterexample' "
                 "although the statement they follow is written as a universal inclusion: the trace of its negation.)",
       source="seed 001_2e69a9934e04987b.txt, the two bullets after the first statement (their non-mathematical part)",
       uses=["nonholonomic.zxy_counterexample_scope_remarks", "literature.vakonomic_nonholonomic_treatments"])

stated("literature.vakonomic_nonholonomic_treatments", kind="cited", cited_kind="literature",
       title="The cited treatments of vakonomic and non-holonomic mechanics",
       statement="Unnamed literature (e.g. Arnold-Kozlov-Neishtadt; Bloch; Lewis & Murray 1995).",
       source="cited: seed 001_2e69a9934e04987b.txt, second bullet")


# --- seed 003 (e): the solution sets -------------------------------------------------------

def vakonomic_family(c):
    """Vakonomic motions with the seed's data, indexed by c = μ(0): μ, y', z' and x'' as functions of x."""
    multiplier = (c - x) / (1 + x**2)
    return {"mu": multiplier, "y'": (1 + c * x) / (1 + x**2), "z'": x * (1 + c * x) / (1 + x**2),
            "x''": -(c - x) * (1 + c * x) / (1 + x**2) ** 2}


def check_solution_sets(check, *, family=vakonomic_family):
    """(i)-(iv) rest on the counterexample; (v) supplement: the vakonomic family exists for every c."""
    c = Symbol("c", real=True)
    members = family(c)
    relations = {x.diff(t, 2): members["x''"], y.diff(t, 2): sympy.diff(members["y'"], t),
                 z.diff(t, 2): sympy.diff(members["z'"], t), y.diff(t): members["y'"], z.diff(t): members["z'"]}
    for eq, name in zip(vakonomic_system().equations, ("x-equation", "y-equation", "z-equation", "constraint")):
        check.identity(f"the family solves the vakonomic {name}", eq.lhs.subs(mu, members["mu"]).doit(),
                       eq.rhs, relations=relations, premise=check.STATEMENT, scope="symbolic, every c and every x(t)")
    at_zero = {k: v.subs(x, 0) for k, v in members.items()}
    check.fact("the family meets the data: mu(0) = c, y'(0) = 1, z'(0) = 0 at x(0) = 0",
               [sympy.simplify(at_zero["mu"] - c), at_zero["y'"], at_zero["z'"]] == [0, 1, 0],
               detail=f"values at x = 0: {at_zero}")
    check.fact("no member has x'' identically 0 along the data: x''(0) = -c, and for c = 0 x''' != 0",
               sympy.simplify(at_zero["x''"] + c) == 0 and
               sympy.diff(members["x''"].subs(c, 0), t).subs(x.diff(t), 1).subs(x, 0) != 0,
               detail="so no vakonomic motion with these data is x = t, the d'Alembert x-motion")
    motions_figures(check)


def motions_figures(check, *, c=0, horizon=3, samples=16, dps=12):
    """Pictures of what #54 compares: the d'Alembert motion (closed form) and the vakonomic member c = μ(0).

    The vakonomic member is integrated with mpmath (Bulirsch–Stoer extrapolation) from x'' = -(c-x)(1+cx)/(1+x^2)^2, y' = (1+cx)/(1+x^2),
    z' = x(1+cx)/(1+x^2).  Figures only: they never enter the verdict.
    """
    cc = mpmath.mpf(c)
    with mpmath.workdps(dps):
        def field(_t, s):
            xv, vx = s[0], s[1]
            den = 1 + xv**2
            return [vx, -(cc - xv) * (1 + cc * xv) / den**2, (1 + cc * xv) / den, xv * (1 + cc * xv) / den]
        times = [mpmath.mpf(horizon) * k / (samples - 1) for k in range(samples)]
        vak = extrapolation_ode.integrate(field, 0, [mpmath.mpf(0), mpmath.mpf(1), mpmath.mpf(0), mpmath.mpf(0)], times,
                                          dps)
        dal = [(tt, mpmath.asinh(tt), mpmath.sqrt(1 + tt**2) - 1) for tt in times]
    check.figure("d'Alembert motion of z' = xy' (closed form)", times,
                 {"x": [p[0] for p in dal], "y": [p[1] for p in dal], "z": [p[2] for p in dal]},
                 ylabel="position", caption="x = t, y = asinh t, z = √(1+t²) − 1: the unique maximal d'Alembert motion.")
    check.figure(f"vakonomic motion with the same data (c = μ(0) = {c})", times,
                 {"x": [s[0] for s in vak], "y": [s[2] for s in vak], "z": [s[3] for s in vak]},
                 ylabel="position", caption=f"mpmath Bulirsch–Stoer extrapolation at {dps} digits; x is not t, so the motions differ.")
    # a picture only: that the motions differ is proved symbolically above (the family never has x'' = 0)


remark("velocity_constraint.zxy_dalembert_set_not_in_vakonomic_set",
       title="For z' = xy' with the seed's data the d'Alembert solution set is not contained in the vakonomic one",
       statement="(i) There is a unique maximal d'Alembert motion on R; (ii) every d'Alembert motion through the datum "
                 "is its restriction; (iii) neither it nor any restriction is vakonomic; (iv) D is not a subset of V "
                 "and D != V; (v) no existence claim is made for vakonomic motions (supplement: they exist, a family "
                 "indexed by c = mu(0)).",
       source="seed 003_c763788c7bc283aa.txt (e)", assumes=[H_CONSTRAINT, H_UNIT_MASS_FREE, H_SEED_DATA],
       uses=[DIFFER_ID, LAWS_ID, PICARD_LINDELOF])(check_solution_sets)


# --- non-integrability -----------------------------------------------------------------------

DISTRIBUTION = [Matrix([1, 0, 0]), Matrix([0, 1, X])]  # span{∂x, ∂y + x∂z} = ker(0, -x, 1)


def check_not_tangent_to_level_sets(check, *, fields=DISTRIBUTION):
    """No C² Φ with dΦ ≠ 0 has Φ_x = 0 and Φ_y + xΦ_z = 0 (checked proof); the bracket ∂z leaves the span."""
    decision = is_involutive(fields, [X, Y, Z])
    check.fact("the distribution is not involutive (a bracket leaves the span)", decision, expect=False)
    phi = Function("Phi")(X, Y, Z)
    w = Function("w")(X, Y, Z)
    grad = [phi.diff(v) for v in (X, Y, Z)]
    annihilate = [sum(g * f for g, f in zip(grad, field)) for field in fields]
    p = Proof("no regular level sets are tangent to the distribution")
    p.suppose("tangent 1", (annihilate[0], 0), along=(X, Y, Z), note="dPhi annihilates the first field")
    p.suppose("tangent 2", (annihilate[1], 0), along=(X, Y, Z), note="dPhi annihilates the second field")
    p.suppose("regular", ((grad[0] ** 2 + grad[1] ** 2 + grad[2] ** 2) * w, 1),
                 note="dPhi != 0, written as |grad Phi|^2 w = 1 for some w")
    p.differentiate("tangent 1 by y", "tangent 1", Y, (annihilate[0].diff(Y), 0))
    p.differentiate("tangent 1 by z", "tangent 1", Z, (annihilate[0].diff(Z), 0))
    p.differentiate("tangent 2 by x", "tangent 2", X, (annihilate[1].diff(X), 0),
                    note="Schwarz (Phi of class C^2): sympy orders mixed partials canonically")
    p.algebra("Phi_z = 0", ["tangent 1 by y", "tangent 1 by z", "tangent 2 by x"], (grad[2], 0))
    p.algebra("Phi_y = 0", ["tangent 2", "Phi_z = 0"], (grad[1], 0))
    p.substitute("0 = 1", "regular", ["tangent 1", "Phi_y = 0", "Phi_z = 0"], (0, 1))
    p.contradiction("contradiction", "0 = 1")
    p.conclude("contradiction")
    check.proof("a tangent level set would have dPhi = 0", p, scope="every C^2 Phi on an open set (generic Phi)")


cited("nonholonomic.zxy_distribution_not_tangent_to_level_sets", cited_kind="lemma",
      title="The distribution span{∂x, ∂y + x∂z} is not tangent to any regular level sets",
      statement=r"No $C^2$ function $\Phi$ with $d\Phi\neq0$ on an open set satisfies $\Phi_x=0$ and $\Phi_y+x\Phi_z=0$.",
      source="cited: seed 003_c763788c7bc283aa.txt (d)", assumes=[H_C2],
      uses=[SCHWARZ], avoids=["holonomic.ideal_reaction_law"])(check_not_tangent_to_level_sets)


def check_not_holonomic_equivalent(check, *, row=(0, -X, 1), offset=0):
    """A = ρ Φ_x, b = ρ Φ_t with ρ ≠ 0 is impossible for A = (0, -x, 1), b = 0 (checked proof)."""
    phi = Function("Phi")(Symbol("t_", real=True), X, Y, Z)
    rho = Function("rho", nonzero=True)(Symbol("t_", real=True), X, Y, Z)
    grad = [phi.diff(v) for v in (X, Y, Z)]
    p = Proof("no integrating factor")
    for i, (a_i, g) in enumerate(zip(row, grad)):
        p.suppose(f"A column {i}", (rho * g, a_i), along=(X, Y, Z), note="A = rho Phi_x, componentwise")
    p.cancel("Phi_x = 0", "A column 0", rho, (grad[0], 0))
    p.algebra("rho (Phi_y + x Phi_z) = 0", ["A column 1", "A column 2"], (rho * (grad[1] + X * grad[2]), 0))
    p.cancel("Phi_y + x Phi_z = 0", "rho (Phi_y + x Phi_z) = 0", rho, (grad[1] + X * grad[2], 0))
    p.differentiate("Phi_xy = 0", "Phi_x = 0", Y, (grad[0].diff(Y), 0))
    p.differentiate("Phi_xz = 0", "Phi_x = 0", Z, (grad[0].diff(Z), 0))
    p.differentiate("by x", "Phi_y + x Phi_z = 0", X, ((grad[1] + X * grad[2]).diff(X), 0), note="Schwarz (C^2)")
    p.algebra("Phi_z = 0", ["Phi_xy = 0", "Phi_xz = 0", "by x"], (grad[2], 0))
    p.substitute("rho * 0 = 1", "A column 2", ["Phi_z = 0"], (0, 1))
    p.contradiction("contradiction", "rho * 0 = 1")
    p.conclude("contradiction")
    check.proof("A = rho Phi_x, b = rho Phi_t has no solution", p, scope="every C^2 Phi and nonvanishing rho, near every point")
    time_part = Proof("b = 0 forces Phi_t = 0")
    time_part.suppose("b", (rho * phi.diff(phi.args[0]), offset), note="b = rho Phi_t")
    time_part.cancel("Phi_t = 0", "b", rho, (phi.diff(phi.args[0]), 0), note="rho takes values in GL(1) = R \\ {0}")
    time_part.conclude("Phi_t = 0")
    check.proof("b = 0 forces Phi_t = 0, so Phi does not depend on t", time_part)
    from theorems.foundations.dimensions import LENGTH, is_dimensionally_homogeneous, zxy_dimensions
    from theorems.page3_velocity_constraints.holonomic_equivalence import is_holonomic_equivalent
    decision = is_holonomic_equivalent([list(row)], [offset], [X, Y, Z], Symbol("t_", real=True))
    check.fact("the toolkit's Frobenius test (is_holonomic_equivalent): not holonomic-equivalent near any point",
               decision, expect=False, scope="(t, x, y, z)-space, generic points")
    velocities = sympy.symbols("x_dot y_dot z_dot", real=True)
    law = sum(sympy.sympify(a_j) * w for a_j, w in zip(row, velocities)) + offset  # x is zxy_dimensions' length x
    check.fact("units finding: with x, y, z lengths the row is dimensionally inhomogeneous ([z'] = ℓτ⁻¹, [xy'] = ℓ²τ⁻¹); "
               "it is homogeneous in nondimensional coordinates or as z' = (x/ℓ0)y'",
               is_dimensionally_homogeneous(law, zxy_dimensions(LENGTH)), expect=False, method="computation",
               scope="[x] = [y] = [z] = ℓ, [t] = τ; the offset b is read as a velocity")


example("velocity_constraint.zxy_not_holonomic_equivalent",
        title="z' = xy' is not holonomic-equivalent (locally nonholonomic at every point)",
        statement=r"$A=(0,-x,1)$, $b=0$ admit no $C^2$ $\Phi$ with $\Phi_x$ of rank 1 and $\varrho\in GL(1)$ with "
                  r"$A=\varrho\Phi_x$, $b=\varrho\Phi_t$ on any open set: $\ker A$ would be tangent to the level sets of $\Phi$. "
                  r"(Dimensionally the row is inhomogeneous if $x,y,z$ are lengths: read in nondimensional coordinates.)",
        source="seed 003_c763788c7bc283aa.txt (d)", assumes=[H_CONSTRAINT, H_C2],
        uses=["nonholonomic.zxy_distribution_not_tangent_to_level_sets", RHO_DPHI_ID, SCHWARZ,
              "velocity_constraint.holonomic_equivalence_definition", "units.zxy_constraint_inhomogeneous_for_lengths"])(
    check_not_holonomic_equivalent)
