"""Executable theorems of constrained classical mechanics: variational equations, Frobenius integrability, ideal holonomic dynamics.

The hypothesis strategies live in the submodule :mod:`theorems.strategies`.
"""
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
from theorems.variational import (
    ConstrainedEquations,
    dalembert_equations,
    euler_lagrange,
    solve_multipliers,
    vakonomic_equations,
)

__all__ = [
    "ConstrainedEquations",
    "IdealHolonomicDynamics",
    "constraint_derivatives",
    "ideal_holonomic_dynamics",
    "ideal_multiplier",
    "integrate_ideal_motion",
    "annihilated_distribution",
    "dalembert_equations",
    "euler_lagrange",
    "exterior_derivative",
    "is_involutive",
    "lie_bracket",
    "satisfies_frobenius_condition",
    "solve_multipliers",
    "vakonomic_equations",
    "wedge_one_two",
]
