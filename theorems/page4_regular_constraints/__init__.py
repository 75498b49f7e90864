"""Seed page 004 (regular constraints and moving frames): the holonomic-constraint datum, regular level sets, the ideal
reaction law determining the reaction, and the reaction-power/energy theorem.
"""
