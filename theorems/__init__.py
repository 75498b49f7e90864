"""Executable theorems of constrained classical mechanics, and the toolkit they are checked with.

The toolkit -- variational equations (Euler–Lagrange, d'Alembert, vakonomic), Frobenius integrability and
holonomic equivalence of velocity constraints, ideal holonomic dynamics, the reduced d'Alembert equation of an
immersion, point symmetries / Noether charges / first integrals, the Legendre map and the Hamiltonian, and
dimensional analysis with ``sympy.physics.units`` -- is the subpackage :mod:`theorems.toolkit`, which declares
no item.  The other modules of this package are the corpus: items (definitions, theorems, ...) with verifiers.

Importing this package imports nothing else: the public names below load on first use (PEP 562), so
``import theorems.toolkit.frobenius`` pays for the Frobenius toolkit only, and ``from theorems import
is_involutive`` for it and what it imports.  The modules that moved into the toolkit keep their old names
(``theorems.symmetry`` is ``theorems.toolkit.symmetry``, the same module object; see ``_MOVED``).

The corpus is grouped as the pages are: ``theorems.page1_variations`` (seed 001: Noether charges, the Legendre
map, the reduced d'Alembert equation of an immersion, the holonomic chart, the zxy constraint),
``theorems.page2_semiholonomic`` (seed 002: d'Alembert against vakonomic, the yxz form),
``theorems.page3_velocity_constraints`` (seed 003: velocity-constraint data, multipliers, holonomic equivalence),
``theorems.page4_regular_constraints`` (seed 004: regular constraints, the ideal reaction law, ideal motion), and
``theorems.foundations`` (what the pages use but do not state: analytic facts, linear algebra, Frobenius,
dimensions).

Every decision function decides its zero tests with :mod:`theorems.toolkit.zero_handling` and answers holds (with a
certificate it re-checked), fails (with a re-checked witness) or undecided (``Decision.undecided``, with the reason).
"""
import importlib

from checker.compat import ModuleAliases

#: public name -> the module that defines it (all in the toolkit, none declares an item)
_EXPORTS = {
    **dict.fromkeys(("LENGTH", "MASS", "TIME", "DimensionalInhomogeneity", "dimension_of",
                     "is_dimensionally_homogeneous", "same_dimension"), "theorems.toolkit.dimensions"),
    **dict.fromkeys(("annihilated_distribution", "exterior_derivative", "is_involutive", "lie_bracket",
                     "satisfies_frobenius_condition", "wedge_one_two"), "theorems.toolkit.frobenius"),
    **dict.fromkeys(("IdealHolonomicDynamics", "constraint_derivatives", "ideal_holonomic_dynamics",
                     "ideal_multiplier", "integrate_ideal_motion"), "theorems.toolkit.holonomic_dynamics"),
    **dict.fromkeys(("check_holonomic_pair", "is_holonomic_equivalent", "polynomial_first_integrals",
                     "velocity_constraint_forms"), "theorems.toolkit.holonomic_equivalence"),
    **dict.fromkeys(("ReducedDalembertEquation", "is_immersion", "reduced_dalembert_equation",
                     "reduced_mass_matrix"), "theorems.toolkit.immersion"),
    **dict.fromkeys(("HamiltonianBranch", "InverseBranchError", "LegendreMap", "hamilton_equations", "hamiltonian",
                     "is_hyperregular", "is_regular", "legendre_map"), "theorems.toolkit.legendre"),
    **dict.fromkeys(("energy", "generator_depends_on_time", "is_first_integral", "is_point_symmetry",
                     "noether_charge", "symmetry_residual", "total_derivative", "velocity_variation"),
                    "theorems.toolkit.symmetry"),
    **dict.fromkeys(("ZeroUndecided", "generic_rank", "zero_state"), "theorems.toolkit.zero_handling"),
    **dict.fromkeys(("ConstrainedEquations", "dalembert_equations", "euler_lagrange", "solve_multipliers",
                     "vakonomic_equations"), "theorems.toolkit.variational"),
    "UndecidedError": "checker.kernel.decision",
}

#: old module name -> its module in the toolkit (a whole module that moved; the old name is an alias of it)
_MOVED = {
    "theorems.fraction_free": "theorems.toolkit.fraction_free",
    "theorems.holonomic_dynamics": "theorems.toolkit.holonomic_dynamics",
    "theorems.legendre_toolkit": "theorems.toolkit.legendre",
    "theorems.strategies": "theorems.toolkit.strategies",
    "theorems.symmetry": "theorems.toolkit.symmetry",
    "theorems.variational": "theorems.toolkit.variational",
    "theorems.zero_handling": "theorems.toolkit.zero_handling",
}

__all__ = [
    # variational equations
    "ConstrainedEquations", "dalembert_equations", "euler_lagrange", "solve_multipliers", "vakonomic_equations",
    # Frobenius and holonomic equivalence
    "annihilated_distribution", "exterior_derivative", "is_involutive", "lie_bracket",
    "satisfies_frobenius_condition", "wedge_one_two", "is_holonomic_equivalent", "check_holonomic_pair",
    "polynomial_first_integrals", "velocity_constraint_forms",
    # ideal holonomic dynamics and immersions
    "IdealHolonomicDynamics", "constraint_derivatives", "ideal_holonomic_dynamics", "ideal_multiplier",
    "integrate_ideal_motion", "ReducedDalembertEquation", "reduced_dalembert_equation", "reduced_mass_matrix",
    "is_immersion",
    # symmetries, Noether charges, first integrals
    "noether_charge", "is_point_symmetry", "symmetry_residual", "generator_depends_on_time", "is_first_integral",
    "energy", "total_derivative", "velocity_variation",
    # Legendre map and Hamiltonian
    "legendre_map", "is_regular", "is_hyperregular", "hamiltonian", "hamilton_equations", "LegendreMap",
    "HamiltonianBranch", "InverseBranchError",
    # dimensions
    "dimension_of", "is_dimensionally_homogeneous", "same_dimension", "DimensionalInhomogeneity",
    "LENGTH", "TIME", "MASS",
    # the one zero test of the toolkit, the generic rank built on it, and the undecided state
    "zero_state", "generic_rank", "ZeroUndecided", "UndecidedError",
]


ModuleAliases.install(_MOVED)


def __getattr__(name):
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    if name.startswith("_"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:  # a submodule not imported yet: ``theorems.symmetry.is_first_integral`` after ``import theorems``
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def __dir__():
    return sorted(set(globals()) | set(__all__))
