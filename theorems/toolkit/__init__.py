"""The mechanics toolkit: functions on a user's Lagrangians, constraints and vector fields; it declares no item.

TODO: module list.
"""
