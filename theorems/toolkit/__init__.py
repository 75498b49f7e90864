"""The mechanics toolkit: functions on a user's Lagrangians, constraints and vector fields.  It declares no item.

One module per topic of the pages:

* :mod:`~theorems.toolkit.variational` -- Euler–Lagrange, d'Alembert and vakonomic equations, ``solve_multipliers``;
* :mod:`~theorems.toolkit.virtual_displacements` -- bases of ker ∂f/∂q (holonomic) and ker A (Chetaev);
* :mod:`~theorems.toolkit.frobenius` -- Lie brackets, involutivity, exterior derivative, ω ∧ dω = 0;
* :mod:`~theorems.toolkit.holonomic_equivalence` -- holonomic equivalence of velocity constraints (Frobenius);
* :mod:`~theorems.toolkit.holonomic_dynamics` -- ideal holonomic dynamics, its multiplier, integration;
  :mod:`~theorems.toolkit.fraction_free` -- the bounded exact linear solves it (and ``solve_multipliers``) use;
* :mod:`~theorems.toolkit.chart` -- charts, rank everywhere on a chart, the regular holonomic constraint;
* :mod:`~theorems.toolkit.immersion` -- immersions and the reduced d'Alembert equation;
* :mod:`~theorems.toolkit.symmetry` -- point symmetries, Noether charges, first integrals;
* :mod:`~theorems.toolkit.legendre` -- the Legendre map, (hyper)regularity, the Hamiltonian;
* :mod:`~theorems.toolkit.dimensions` -- physical dimensions over ``sympy.physics.units``;
* :mod:`~theorems.toolkit.linear_algebra` -- the Euclidean pairing, kernel projectors, transpose multipliers;
* :mod:`~theorems.toolkit.zero_handling` -- the one zero test of the toolkit (``zero_state``) and generic ranks;
* :mod:`~theorems.toolkit.strategies` -- hypothesis strategies for a user's own ``@given`` tests.

**What it imports from the kernel.**  Only the kernel's item-free layer: :mod:`checker.kernel.decision` (``Decision``,
``UndecidedError``), the three-state zero test :mod:`checker.kernel.engine.zero` (and what it rests on: ``checker.kernel.engine.identity``,
``checker.kernel.engine.instances``, ...), :mod:`checker.kernel.engine.symbolic` (time limits) and :mod:`checker.kernel.engine.lazy`.  Never the item registry
(``checker.kernel.items``), the checks (``checker.kernel.checks``, ``checker.kernel.proof``) or the loader: importing a toolkit module
declares no item and imports no corpus module (``tests/test_toolkit_package.py``).  The zero test is shared rather
than copied because a second copy would be a second soundness-critical procedure to keep sound.  hypothesis is
imported only when a strategy is used, so a toolkit module costs about 0.1–0.2 s on top of ``import sympy``
(``benchmarks/imports.py``).

This package's ``__init__`` imports nothing: import the module you need.
"""
