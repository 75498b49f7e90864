"""Seed page 003 (velocity-constraint models): the velocity-constraint datum, admissible velocities, the d'Alembert
reaction and its multipliers, holonomic equivalence and its obstructions.
"""
