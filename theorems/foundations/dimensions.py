"""The items about physical dimensions of velocity-constraint data (ids ``units.*``, §7(d) of the catalogue).

Row homogeneity ``units.velocity_row_homogeneity``, the multiplier ``units.velocity_multiplier_dimension`` and its
re-presentation rule, the rolling disk ``units.rolling_disk_dimensionless_rho``, Tong's coin
``units.tong_coin_homogeneous``, and the finding ``units.zxy_constraint_inhomogeneous_for_lengths``
(z' = xy' with x, y, z lengths is dimensionally inhomogeneous).  Every item here uses the cited conventions
``units.dimensions_si_conventions`` (catalogue #103).

The dimensional analysis itself (:func:`dimension_of`, :func:`is_dimensionally_homogeneous`, the constants
``LENGTH``, ``TIME``, ``MASS``, ...) is the toolkit module :mod:`theorems.toolkit.dimensions`; its public names
are re-exported here so that ``theorems.foundations.dimensions.dimension_of`` keeps working.
"""
from __future__ import annotations

import sympy
from sympy import Matrix, Symbol
from sympy.physics.units import Dimension

from checker import hypothesis, lemma, remark
from theorems.toolkit.dimensions import (  # noqa: F401 - the toolkit's public names, re-exported
    DIMENSIONLESS, ENERGY, FORCE, LENGTH, MASS, POWER, TIME, DimensionalInhomogeneity, _matches, dimension_exponents,
    dimension_of, format_dimension, is_dimensionally_homogeneous, is_dimensionless, same_dimension)

__all__ = [
    "LENGTH", "TIME", "MASS", "FORCE", "ENERGY", "POWER", "DIMENSIONLESS",
    "DimensionalInhomogeneity", "dimension_of", "same_dimension", "is_dimensionless", "dimension_exponents",
    "is_dimensionally_homogeneous",
    "check_row_homogeneity", "check_multiplier_dimension", "check_disk_dimensionless_rho", "check_tong_homogeneous",
    "check_zxy_inhomogeneous",
]

SEED003 = "seed 003_c763788c7bc283aa.txt"
SEED002 = "seed 002_3134e4ba07f0f65c.txt"


t_ = Symbol("t", real=True)
s_, theta_, a_ = sympy.symbols("s theta a", real=True)
s_dot, theta_dot = sympy.symbols("s_dot theta_dot", real=True)


def _row_dimensions(k: int) -> list:
    return [Dimension(f"b_{a + 1}") for a in range(k)]


# ---------------------------------------------------------------------------
# units.velocity_row_homogeneity  (§7(d) row 1; seed 003 (a)3)
# ---------------------------------------------------------------------------

H_ROW_HOMOGENEOUS = hypothesis("units.row_homogeneous",
                               "every row of the law A w + b = 0 is homogeneous: [A_αj w_j] = [b_α] for every j")
H_CARTESIAN_VELOCITY = hypothesis("units.cartesian_velocity_dimension",
                                  "the velocity components have [w_j] = ℓτ⁻¹ (Cartesian coordinates of length)")


def _velocity_row(a: int, n: int, coefficient_dimension, velocity_dimension):
    """Row a of A w + b with symbols A_aj, w_j, b_a and their dimensions."""
    A = sympy.symbols(f"A_{a + 1}_1:{n + 1}", real=True)
    w = sympy.symbols(f"w1:{n + 1}", real=True)
    b = Symbol(f"b_{a + 1}", real=True)
    b_dim = Dimension(f"b_{a + 1}")
    dims = {b: b_dim, **{wj: velocity_dimension for wj in w}, **{Aj: coefficient_dimension(b_dim) for Aj in A}}
    return sum(Aj * wj for Aj, wj in zip(A, w)) + b, dims, b_dim


def check_row_homogeneity(check, *, coefficient_dimension=lambda b: b * TIME / LENGTH, sizes=((1, 3), (2, 3), (2, 6))):
    """[A_αj] = [b_α]τ/ℓ makes every row A_α·w + b_α homogeneous, and it is the only dimension that does.

    For every k' and n (claims): the generic term A_αj w_j with free indices α, j and a free dimension [b_α] (the
    rows at k' = ``sizes`` support, after the claims)."""
    _check_row_every_size(check, coefficient_dimension)
    _row_homogeneity_necessity(check, coefficient_dimension)
    with check.supporting():  # the whole rows, entry by entry, at fixed (k', n)
        for k, n in check.sweep(sizes):
            for a in range(k):
                row, dims, b_dim = _velocity_row(a, n, coefficient_dimension, LENGTH / TIME)
                decision = is_dimensionally_homogeneous(row, dims)
                check.fact(f"row {a + 1} of A w + b is homogeneous with [A_{a + 1}j] as claimed (k' = {k}, n = {n})",
                           decision, method="computation", scope="free dimensions [b_α]; [w_j] = ℓτ⁻¹")
                if decision:
                    check.fact(f"row {a + 1} has the dimension [b_{a + 1}] (k' = {k}, n = {n})",
                               _matches(dimension_of(row, dims), b_dim, "[row]"), method="computation")


def _check_row_every_size(check, coefficient_dimension):
    """For every k' and n: row α of A w + b is Σ_j A_αj w_j + b_α, a sum of the n terms A_αj w_j and b_α.  Homogeneity
    says [A_αj][w_j] = [b_α] for each j; in the free abelian group of dimensions this has the one solution
    [A_αj] = [b_α]/[w_j] = [b_α]τ/ℓ (exponent vectors subtract), for a free [b_α] and free indices α, j.  Conversely
    the claimed dimension makes the generic term A_αj w_j of dimension [b_α], so the row (every term of one
    dimension) is homogeneous of dimension [b_α]."""
    b_alpha = Dimension("b_alpha")
    A_aj, w_j, b_a = sympy.symbols("A_alphaj w_j b_alpha", real=True)
    dims = {A_aj: coefficient_dimension(b_alpha), w_j: LENGTH / TIME, b_a: b_alpha}
    scope = "every k', n: the generic term with free indices α, j and a free dimension [b_α]; [w_j] = ℓτ⁻¹"
    forced = dimension_exponents(b_alpha / (LENGTH / TIME))
    claimed = dimension_exponents(coefficient_dimension(b_alpha))
    check.fact("uniqueness (every k', n): X·ℓτ⁻¹ = [b_α] forces X = [b_α]τ/ℓ (exponent vectors: X = dims[b_α] − "
               "dims[w_j]), and the claimed [A_αj] is that X", claimed == forced, method="computation", scope=scope,
               detail=f"exponents of the claimed [A_αj]: {claimed}; forced by homogeneity: {forced}")
    check.fact("the generic term A_αj w_j has the dimension [b_α] (every k', n)",
               _matches(dimension_of(A_aj * w_j, dims), b_alpha, "[A_αj w_j]"), method="computation", scope=scope)
    check.fact("so the generic row term A_αj w_j + b_α is homogeneous (every k', n): the row Σ_j A_αj w_j + b_α is a sum "
               "of terms of the one dimension [b_α]", is_dimensionally_homogeneous(A_aj * w_j + b_a, dims),
               method="computation", scope=scope, detail="a sum of terms of one dimension is homogeneous of it")


def _row_homogeneity_necessity(check, coefficient_dimension):
    # necessity of [w_j] = ℓτ⁻¹: the disk's angle θ has [θ'] = τ⁻¹, so [A_θ] = [b]τ = ℓ, not [b]τ/ℓ = 1
    law = s_dot - a_ * theta_dot
    disk_dims = disk_dimensions()
    check.necessary(H_CARTESIAN_VELOCITY, "rolling disk s' − aθ' = 0 with [s] = [a] = ℓ, [θ] = 1",
                    violates=[("[θ'] = τ⁻¹ is not ℓτ⁻¹",
                               not same_dimension(disk_dims[theta_dot], LENGTH / TIME), "computation")],
                    others_hold={H_ROW_HOMOGENEOUS: [("the row s' − aθ' is homogeneous",
                                                      is_dimensionally_homogeneous(law, disk_dims), "computation")]},
                    conclusion_fails=[("[A_θ] = [−a] = ℓ differs from [b]τ/ℓ = 1",
                                       not same_dimension(dimension_of(-a_, disk_dims),
                                                          coefficient_dimension(LENGTH / TIME)), "computation")])


SI_CONVENTIONS = "units.dimensions_si_conventions"


lemma("units.velocity_row_homogeneity",
      title="Row homogeneity of a velocity-constraint law fixes the dimensions of A",
      statement=r"If every row of $A(t,x)w+b(t,x)=0$ is homogeneous, $[A_{\alpha j}w_j]=[b_\alpha]$, and "
                r"$[w_j]=\ell\tau^{-1}$, then $[A_{\alpha j}]=[b_\alpha]\tau/\ell$.",
      source=f"{SEED003} (a)3: 'of declared dimensions chosen so that every row satisfies [A_αj w_j] = [b_α]'",
      uses=[SI_CONVENTIONS, "velocity_constraint.datum_definition"],
      assumes=[H_ROW_HOMOGENEOUS, H_CARTESIAN_VELOCITY])(lambda check: check_row_homogeneity(check))


# ---------------------------------------------------------------------------
# units.velocity_multiplier_dimension  (§7(d): [μ_α] = power/[b_α], μ ↦ ρ^{-T}μ)
# ---------------------------------------------------------------------------

def _inverse_transpose_rule(rho, mu):
    return rho.inv().T * mu


def check_multiplier_dimension(check, *, multiplier_dimension=lambda b: POWER / b, transform=_inverse_transpose_rule,
                               n=3):
    """[μ_α] = power/[b_α] makes R = Aᵀμ a force and R·w a power; ρ^{-T}μ has the dimensions of the new rows.

    For every k' and n: the generic terms A_αj μ_α and μ_α A_αj w_j (free indices, free [b_α]) are a force and a power,
    and the re-presentation rule commutes with every change of units (the scaling law below); the whole computation at
    k' = 2, n = ``n`` supports."""
    _check_multiplier_every_size(check, multiplier_dimension, transform)
    with check.supporting():
        _check_multiplier_at_k2(check, multiplier_dimension, transform, n)


def _check_multiplier_every_size(check, multiplier_dimension, transform):
    """The generic terms, and the rule μ ↦ transform(ρ, μ) under a change of units for every k' (MatrixSymbols):
    with the rows of (A, b) scaled by S_b and the new rows by S_c (positive diagonal, so symmetric: written E_bᵀE_b,
    E_cᵀE_c) and the unit of power by π, ρ ↦ S_c ρ S_b⁻¹ and μ ↦ π S_b⁻¹ μ; [μ'_α] = power/[c_α] says exactly that
    μ' ↦ π S_c⁻¹ μ'."""
    b_alpha = Dimension("b_alpha")
    A_aj, mu_a, w_j = sympy.symbols("A_alphaj mu_alpha w_j", real=True)
    dims = {A_aj: b_alpha * TIME / LENGTH, mu_a: multiplier_dimension(b_alpha), w_j: LENGTH / TIME}
    scope = "every k', n: the generic term with free indices α, j and a free dimension [b_α]"
    for label, term, expected in (("R_j = Σ_α A_αj μ_α: every term A_αj μ_α is a force", A_aj * mu_a, FORCE),
                                  ("R·w = Σ μ_α A_αj w_j: every term is a power", mu_a * A_aj * w_j, POWER)):
        check.fact(f"{label} (every k', n)", _matches(dimension_of(term, dims), expected, label.split(":")[0]),
                   method="computation", scope=scope, detail="a sum of terms of one dimension is homogeneous of it")
    k = sympy.Symbol("k", integer=True, positive=True)
    rho, mu = sympy.MatrixSymbol("rho", k, k), sympy.MatrixSymbol("mu", k, 1)
    E_b, E_c = sympy.MatrixSymbol("E_b", k, k), sympy.MatrixSymbol("E_c", k, k)
    S_b, S_c, unit = E_b.T * E_b, E_c.T * E_c, sympy.Symbol("pi", positive=True)
    check.identity("re-presentation: transform(S_c ρ S_b⁻¹, π S_b⁻¹ μ) = π S_c⁻¹ transform(ρ, μ) under every change of "
                   "units, i.e. [μ'_α] = power/[c_α] (every k')",
                   transform(S_c * rho * S_b.inv(), unit * S_b.inv() * mu), unit * S_c.inv() * transform(rho, mu),
                   scope="every k' (MatrixSymbols), ρ invertible, scalings positive diagonal (symmetric)")


def _check_multiplier_at_k2(check, multiplier_dimension, transform, n):
    k = 2
    b_dims = _row_dimensions(k)
    new_dims = [Dimension(f"c_{a + 1}") for a in range(k)]  # rows of (ρA, ρb) have dimensions [c_α]
    A = Matrix(k, n, lambda a, j: Symbol(f"A_{a + 1}{j + 1}", real=True))
    mu = Matrix(k, 1, lambda a, _: Symbol(f"mu_{a + 1}", real=True))
    w = Matrix(n, 1, lambda j, _: Symbol(f"w_{j + 1}", real=True))
    rho = Matrix(k, k, lambda a, c: Symbol(f"rho_{a + 1}{c + 1}", real=True))
    dims = {**{A[a, j]: b_dims[a] * TIME / LENGTH for a in range(k) for j in range(n)},
            **{mu[a]: multiplier_dimension(b_dims[a]) for a in range(k)},
            **{w[j]: LENGTH / TIME for j in range(n)},
            **{rho[a, c]: new_dims[a] / b_dims[c] for a in range(k) for c in range(k)}}
    R = A.T * mu
    for j in range(n):
        decision = is_dimensionally_homogeneous(R[j], dims)
        check.fact(f"R_{j + 1} = Σ_α A_α{j + 1} μ_α is homogeneous", decision, method="computation",
                   scope=f"k' = {k}, n = {n}, free dimensions [b_α]")
        if decision:
            check.fact(f"R_{j + 1} has force dimension", _matches(dimension_of(R[j], dims), FORCE, f"[R_{j + 1}]"),
                       method="computation")
    power = sympy.expand((R.T * w)[0])
    decision = is_dimensionally_homogeneous(power, dims)
    check.fact("the reaction power R·w = Σ μ_α A_αj w_j is homogeneous", decision, method="computation")
    if decision:
        check.fact("the reaction power R·w has power dimension", _matches(dimension_of(power, dims), POWER, "[R·w]"),
                   method="computation")
    new_mu = transform(rho, mu)
    for a in range(k):
        entry = sympy.together(new_mu[a])
        decision = is_dimensionally_homogeneous(entry, dims)
        check.fact(f"entry {a + 1} of the transformed multiplier is homogeneous", decision, method="computation",
                   scope="symbolic inverse of a generic 2×2 ρ with [ρ_αβ] = [c_α]/[b_β]")
        if decision:
            check.fact(f"entry {a + 1} of the transformed multiplier has dimension power/[c_{a + 1}]",
                       _matches(dimension_of(entry, dims), multiplier_dimension(new_dims[a]), f"[μ'_{a + 1}]"),
                       method="computation")


remark("units.velocity_multiplier_dimension",
       title="The velocity-constraint multiplier has dimension power/[b_α], consistently under re-presentation",
       statement=r"With $[A_{\alpha j}]=[b_\alpha]\tau/\ell$, the multiplier of $R=A^{\mathsf T}\mu$ has "
                 r"$[\mu_\alpha]=\mu\ell^2\tau^{-3}/[b_\alpha]$ (power over $[b_\alpha]$), so $R$ is a force and "
                 r"$R\cdot w$ a power; replacing $(A,b)$ by $(\varrho A,\varrho b)$ with rows of dimensions "
                 r"$[c_\alpha]$ sends $\mu$ to $\varrho^{-\mathsf T}\mu$, of dimensions power$/[c_\alpha]$. "
                 r"(Derived; not stated in seed 003.)",
       source=f"{SEED003} (c) and the bullet 'The multiplier is not measured' (μ ↦ ρ^{{-T}}μ); catalogue §7(d)",
       uses=["units.velocity_row_homogeneity", SI_CONVENTIONS])(lambda check: check_multiplier_dimension(check))


# ---------------------------------------------------------------------------
# units.rolling_disk_dimensionless_rho  (§7(d): Φ = s − aθ has dimension ℓ, ρ = 1 dimensionless)
# ---------------------------------------------------------------------------

def disk_dimensions(radius_dimension=LENGTH) -> dict:
    """[s] = ℓ, [θ] = 1, [a] = ``radius_dimension`` (ℓ in the seed), [t] = τ, for symbols s, θ, a, t."""
    return {s_: LENGTH, theta_: DIMENSIONLESS, a_: radius_dimension, t_: TIME,
            s_dot: LENGTH / TIME, theta_dot: 1 / TIME}


def rho_dimension(row_dimension, potential_dimension):
    """The seed's assignment [ρ_αβ] = [b_α]τ/φ_β."""
    return row_dimension * TIME / potential_dimension


def check_disk_dimensionless_rho(check, *, radius_dimension=LENGTH, rho_rule=rho_dimension, row=(1, -a_),
                                 potential=s_ - a_ * theta_):
    """Φ = s − aθ is homogeneous of dimension ℓ, the row s' − aθ' has ℓτ⁻¹, so [ρ] = (ℓτ⁻¹)τ/ℓ = 1.

    ``row`` (coefficients of s', θ') and ``potential`` are the claimed law and Φ (the example #52 passes its own).
    """
    dims = disk_dimensions(radius_dimension)
    law = sum((sympy.sympify(e) * v for e, v in zip(row, (s_dot, theta_dot))), sympy.S.Zero)
    decision = is_dimensionally_homogeneous(potential, dims)
    check.fact("Φ = s − aθ is dimensionally homogeneous", decision, method="computation",
               scope="[s] = [a] = ℓ, [θ] = 1")
    homogeneous_row = is_dimensionally_homogeneous(law, dims)
    check.fact("the law s' − aθ' is homogeneous", homogeneous_row, method="computation")
    if decision and homogeneous_row:
        phi_dim, b_dim = dimension_of(potential, dims), dimension_of(law, dims)
        check.fact("Φ has dimension ℓ", _matches(phi_dim, LENGTH, "[Φ]"), method="computation")
        check.fact("ρ = 1 is dimensionless: [b]τ/φ = 1", _matches(rho_rule(b_dim, phi_dim), DIMENSIONLESS, "[ρ]"),
                   method="computation", detail="[b] = [s'] = ℓτ⁻¹ is the declared dimension of the row")


remark("units.rolling_disk_dimensionless_rho",
       title="The rolling disk's potential s − aθ has dimension ℓ and its factor ρ = 1 is dimensionless",
       statement=r"With $[s]=[a]=\ell$, $[\theta]=1$: $[s-a\theta]=\ell$, the row $s'-a\theta'$ has dimension "
                 r"$\ell\tau^{-1}$, and $[\varrho]=[b]\tau/\varphi=1$.",
       source=f"{SEED003} (d): 'Φ(s,θ) = s − aθ of dimension ℓ, and dimensionless ϱ = 1'",
       uses=["units.velocity_row_homogeneity", SI_CONVENTIONS])(lambda check: check_disk_dimensionless_rho(check))


# ---------------------------------------------------------------------------
# units.tong_coin_homogeneous
# ---------------------------------------------------------------------------

def tong_dimensions(radius_dimension=LENGTH) -> dict:
    """[x] = [y] = ℓ, [R] = ``radius_dimension`` (ℓ), θ, φ angles (dimensionless), for Tong's coin."""
    x, y, theta, phi, R = sympy.symbols("x y theta phi R", real=True)
    x_dot, y_dot, phi_dot = sympy.symbols("x_dot y_dot phi_dot", real=True)
    return {x: LENGTH, y: LENGTH, theta: DIMENSIONLESS, phi: DIMENSIONLESS, R: radius_dimension, t_: TIME,
            x_dot: LENGTH / TIME, y_dot: LENGTH / TIME, phi_dot: 1 / TIME}


def tong_laws():
    """Tong's constraints x' − Rφ' sin θ = 0 and y' − Rφ' cos θ = 0 in velocity symbols."""
    x_dot, y_dot, phi_dot, R, theta = sympy.symbols("x_dot y_dot phi_dot R theta", real=True)
    return [x_dot - R * phi_dot * sympy.sin(theta), y_dot - R * phi_dot * sympy.cos(theta)]


def check_tong_homogeneous(check, *, radius_dimension=LENGTH):
    """Both rows of Tong's coin are homogeneous of dimension ℓτ⁻¹ ([R] = ℓ, angles dimensionless)."""
    dims = tong_dimensions(radius_dimension)
    for label, law in zip(("x' = Rφ' sin θ", "y' = Rφ' cos θ"), tong_laws()):
        decision = is_dimensionally_homogeneous(law, dims)
        check.fact(f"{label} is homogeneous", decision, method="computation",
                   scope="[x] = [y] = [R] = ℓ, θ and φ in radians (dimensionless)")
        if decision:
            check.fact(f"{label}: both sides have dimension ℓτ⁻¹",
                       _matches(dimension_of(law, dims), LENGTH / TIME, "[row]"), method="computation")


remark("units.tong_coin_homogeneous",
       title="Tong's rolling-coin constraints are dimensionally homogeneous",
       statement=r"With $x,y,R$ lengths and $\theta,\varphi$ angles in radians, both rows of "
                 r"$x'=R\varphi'\sin\theta$, $y'=R\varphi'\cos\theta$ have dimension $\ell\tau^{-1}$.",
       source=f"{SEED003} (d): 'where x, y, R have length dimension and θ, φ are angles in radians'",
       uses=["units.velocity_row_homogeneity", SI_CONVENTIONS])(lambda check: check_tong_homogeneous(check))


# ---------------------------------------------------------------------------
# units.zxy_constraint_inhomogeneous_for_lengths  (§7(d) finding; seeds 001/003 z' = xy', 002 y' = xz')
# ---------------------------------------------------------------------------

def zxy_dimensions(coordinate_dimension=LENGTH, scale_dimension=LENGTH) -> dict:
    """[x] = [y] = [z] = ``coordinate_dimension``, [ℓ0] = ``scale_dimension``, [t] = τ, with velocity symbols."""
    x, y, z, l0 = sympy.symbols("x y z ell_0", real=True)
    x_dot, y_dot, z_dot = sympy.symbols("x_dot y_dot z_dot", real=True)
    c = coordinate_dimension
    return {x: c, y: c, z: c, l0: scale_dimension, t_: TIME, x_dot: c / TIME, y_dot: c / TIME, z_dot: c / TIME}


def zxy_law(scaled: bool = False):
    """z' − x y' (or z' − (x/ℓ0) y' when ``scaled``) in velocity symbols."""
    x, l0, y_dot, z_dot = sympy.symbols("x ell_0 y_dot z_dot", real=True)
    return z_dot - (x / l0 if scaled else x) * y_dot


def yxz_law():
    """Seed 002's y' − x z' in velocity symbols."""
    x, y_dot, z_dot = sympy.symbols("x y_dot z_dot", real=True)
    return y_dot - x * z_dot


def check_zxy_inhomogeneous(check, *, claimed_homogeneous=False):
    """With lengths, [z'] = ℓτ⁻¹ but [xy'] = ℓ²τ⁻¹; nondimensional coordinates, or z' = (x/ℓ0)y', are homogeneous."""
    lengths = zxy_dimensions()
    for label, law in (("z' = xy' (seeds 001, 003)", zxy_law()), ("y' = xz' (seed 002)", yxz_law())):
        decision = is_dimensionally_homogeneous(law, lengths)
        check.fact(f"{label} with x, y, z lengths is {'homogeneous' if claimed_homogeneous else 'inhomogeneous'}",
                   decision, expect=claimed_homogeneous, method="computation", scope="[x] = [y] = [z] = ℓ, [t] = τ")
    x, y_dot, z_dot = sympy.symbols("x y_dot z_dot", real=True)
    found = {str(term): dimension_exponents(dimension_of(term, lengths)) for term in (z_dot, x * y_dot)}
    check.fact("the two terms: [z'] = ℓτ⁻¹ and [xy'] = ℓ²τ⁻¹",
               found == {"z_dot": {"length": 1, "time": -1}, "x*y_dot": {"length": 2, "time": -1}},
               method="computation", detail=str(found))
    check.fact("homogeneous in nondimensional coordinates ([x] = [y] = [z] = 1)",
               is_dimensionally_homogeneous(zxy_law(), zxy_dimensions(DIMENSIONLESS)), method="computation")
    check.fact("homogeneous as z' = (x/ℓ0) y' with a length scale ℓ0",
               is_dimensionally_homogeneous(zxy_law(scaled=True), lengths), method="computation")


remark("units.zxy_constraint_inhomogeneous_for_lengths",
       title="z' = xy' is dimensionally inhomogeneous when x, y, z are lengths",
       statement=r"If $[x]=[y]=[z]=\ell$ then $[z']=\ell\tau^{-1}$ but $[xy']=\ell^2\tau^{-1}$: the row violates "
                 r"the homogeneity requirement $[A_{\alpha j}w_j]=[b_\alpha]$ (likewise $y'=xz'$). The constraint is "
                 r"homogeneous in nondimensional coordinates, or written $z'=(x/\ell_0)y'$ with a length $\ell_0$. "
                 r"(A finding of the catalogue, §7(d); the seeds do not state it.)",
       source=f"{SEED003} (a)3, (d), (e); {SEED002}; catalogue finding 12",
       uses=["units.velocity_row_homogeneity", SI_CONVENTIONS])(lambda check: check_zxy_inhomogeneous(check))
