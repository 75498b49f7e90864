"""The identity engine of the trusted kernel: is ``lhs − rhs`` zero, for every instance the claim speaks of?

* :mod:`.symbolic`, :mod:`.ring_zero`, :mod:`.residuals` -- symbolic reduction and exact zero tests;
* :mod:`.relations` -- the relations a claim holds under (rules, implicit equations);
* :mod:`.instances`, :mod:`.randomized`, :mod:`.pointwise`, :mod:`.shrink` -- random instances, the falsifier, the
  zero test at a point as precision grows, and shrinking a counterexample;
* :mod:`.identity` -- the identity check that combines them; :mod:`.zero` -- the three-state zero test;
* :mod:`.matrix_shapes` -- identities of matrix expressions of symbolic shape;
* :mod:`.differentiation`, :mod:`.shared_patch`, :mod:`.lazy` -- sympy's first derivatives computed faster (the
  same trees), and two small utilities.

It imports the standard library, sympy, mpmath, hypothesis and :mod:`checker.kernel.evidence`; nothing outside
the kernel.
"""
