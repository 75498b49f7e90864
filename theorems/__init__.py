"""Executable theorems of constrained classical mechanics, and the toolkit they are checked with.

Variational equations (Euler–Lagrange, d'Alembert, vakonomic), Frobenius integrability and
holonomic equivalence of velocity constraints, ideal holonomic dynamics, the reduced d'Alembert
equation of an immersion, point symmetries / Noether charges / first integrals, the Legendre map
and the Hamiltonian, and dimensional analysis with ``sympy.physics.units``.

Every decision function decides its zero tests with :mod:`theorems.zero_handling` and answers holds (with a
certificate it re-checked), fails (with a re-checked witness) or undecided (``Decision.undecided``, with the reason).

The hypothesis strategies live in :mod:`theorems.strategies` (and beside the toolkit they serve:
``theorems.symmetry.invariant_potentials``, ``theorems.holonomic_equivalence.integrable_data``, ...).
"""
from checker.decision import UndecidedError
from theorems.dimensions import (
    LENGTH,
    MASS,
    TIME,
    DimensionalInhomogeneity,
    dimension_of,
    is_dimensionally_homogeneous,
    same_dimension,
)
from theorems.frobenius import (
    annihilated_distribution,
    exterior_derivative,
    is_involutive,
    lie_bracket,
    satisfies_frobenius_condition,
    wedge_one_two,
)
from theorems.holonomic_dynamics import (
    IdealHolonomicDynamics,
    constraint_derivatives,
    ideal_holonomic_dynamics,
    ideal_multiplier,
    integrate_ideal_motion,
)
from theorems.holonomic_equivalence import (
    check_holonomic_pair,
    is_holonomic_equivalent,
    polynomial_first_integrals,
    velocity_constraint_forms,
)
from theorems.immersion import (
    ReducedDalembertEquation,
    is_immersion,
    reduced_dalembert_equation,
    reduced_mass_matrix,
)
from theorems.legendre import (
    HamiltonianBranch,
    InverseBranchError,
    LegendreMap,
    hamilton_equations,
    hamiltonian,
    is_hyperregular,
    is_regular,
    legendre_map,
)
from theorems.symmetry import (
    energy,
    generator_depends_on_time,
    is_first_integral,
    is_point_symmetry,
    noether_charge,
    symmetry_residual,
    total_derivative,
    velocity_variation,
)
from theorems.zero_handling import ZeroUndecided, generic_rank, zero_state
from theorems.variational import (
    ConstrainedEquations,
    dalembert_equations,
    euler_lagrange,
    solve_multipliers,
    vakonomic_equations,
)

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
