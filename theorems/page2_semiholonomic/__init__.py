"""Seed page 002 (Hamilton's principle with semiholonomic constraints): virtual displacements, Chetaev's rule, the
Lagrange–d'Alembert and vakonomic equations, and the yxz one-form.
"""
