"""Seed page 001 (variations): Noether charges of point symmetries, the Legendre map and the Hamiltonian, the reduced
d'Alembert equation of an immersion, the holonomic chart and its multipliers, and the zxy constraint (d'Alembert
motions that are not vakonomic).
"""
