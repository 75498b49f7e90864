"""Truth values the kernel's tests choose and hand to ``check.fact`` and fact tuples.

A verifier may not write a fact's value as a constant (``checker.kernel.constant_facts``: a check that cannot fail is no
evidence); tests of the kernel itself feed it chosen values on purpose, through :func:`computed`.
"""


def computed(value):
    """``value``, passed the way a computed one is (the call hides that it was chosen, which is the point here)."""
    return value
