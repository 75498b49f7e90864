"""Virtual displacements: bases of ker ∂f/∂q (holonomic constraints) and of ker A (Chetaev, velocity constraints).

* :func:`holonomic_virtual_displacements` -- a basis of ``ker ∂f/∂q`` at a fixed time;
* :func:`chetaev_virtual_displacements` -- a basis of ``ker A`` for the linear velocity constraint
  ``A q̇ + b = 0`` (the offset ``b`` does not enter).

Part of the toolkit (:mod:`theorems.toolkit`): declares no item; the definitions
``constraints.holonomic_virtual_displacements`` and ``constraints.linear_velocity_constraint_chetaev`` are in
:mod:`theorems.page2_semiholonomic.constraint_principles`.
"""
from __future__ import annotations

import sympy
from sympy import Matrix

from theorems.toolkit.zero_handling import kernel_basis, require_zero_state

__all__ = ["holonomic_virtual_displacements", "chetaev_virtual_displacements"]


def _is_zero(expr) -> bool:
    """``expr`` shown ≡ 0 by the toolkit's zero test (a disguised 0 included): a pivot test for ``Matrix.rank`` and
    ``nullspace``.  Raises :class:`~theorems.toolkit.zero_handling.ZeroUndecided` when undecided, so that an
    undecided entry is never taken as a non-zero pivot."""
    return require_zero_state(expr, "a pivot candidate")


def chetaev_virtual_displacements(A, b=None, coords=None) -> list:
    """A basis of ``ker A``: the Chetaev virtual displacements ``Σ_i A_ai δq_i = 0`` of ``A q̇ + b = 0``.

    ``b`` (length k) and ``coords`` (length n) are only checked against the shape of the k×n
    matrix ``A``: the offset does not enter the condition, which concerns one frozen instant.
    Basis vectors have their denominators cleared.  Every pivot is shown ≢ 0 and every entry treated as 0 shown ≡ 0 by
    the toolkit's zero test (a disguised 0 such as cos 2z − cos²z + sin²z is a 0), so the basis has dim ker A vectors;
    :class:`~theorems.toolkit.zero_handling.ZeroUndecided` when an entry could not be decided (never a wrong basis).
    """
    A = Matrix(A)
    if b is not None:
        entries = list(b) if isinstance(b, (list, tuple, sympy.MatrixBase)) else [b]
        if len(entries) != A.rows:
            raise ValueError(f"offset has {len(entries)} entries, the constraint matrix has {A.rows} rows")
    if coords is not None and len(list(coords)) != A.cols:
        raise ValueError(f"{len(list(coords))} coordinates for a constraint matrix with {A.cols} columns")
    if all(isinstance(e, sympy.Rational) for e in A):
        return _rational_kernel_basis(A)
    return _generic_kernel_basis(A)


def _generic_kernel_basis(A) -> list:
    """The basis of ker A with 1 at one free column and 0 at the others (``Matrix.nullspace``'s vectors), by the
    toolkit's robust elimination (:func:`theorems.toolkit.zero_handling.kernel_basis`: pivots shown ≢ 0, each vector
    re-checked A v ≡ 0), each vector cancelled and multiplied by the lcm of its denominators."""
    basis = []
    for v in kernel_basis(A):
        v = v.applyfunc(sympy.cancel)
        common = sympy.S.One
        for e in v:
            common = sympy.lcm(common, sympy.fraction(sympy.together(e))[1])
        basis.append((common * v).applyfunc(sympy.cancel))
    return basis


def _rational_kernel_basis(A) -> list:
    """The basis of the generic branch for a rational ``A``, computed over ℚ (``DomainMatrix``): the same vectors.

    The reduced row echelon form over a field is unique, so ``Matrix.nullspace``'s basis (one vector per free column,
    1 there, minus the reduced entries at the pivot columns) is the same whichever exact elimination computes it;
    each vector is then multiplied by the least common multiple of its denominators, as in the generic branch.
    """
    from math import lcm
    from sympy.polys.matrices import DomainMatrix
    reduced, pivots = DomainMatrix.from_Matrix(A).convert_to(sympy.QQ).rref()
    rows = reduced.to_list()
    QQ = sympy.QQ
    basis = []
    for free in (j for j in range(A.cols) if j not in pivots):
        vector = [QQ(0)] * A.cols
        vector[free] = QQ(1)
        for row, column in enumerate(pivots):
            vector[column] -= rows[row][free]
        common = lcm(*(int(QQ.denom(e)) for e in vector))
        basis.append(Matrix([QQ.to_sympy(e * common) for e in vector]))
    return basis


def holonomic_virtual_displacements(f, q, at=None) -> list:
    """A basis of ``ker ∂f/∂q`` (t fixed): the virtual displacements of the holonomic constraint ``f(q, t) = 0``.

    ``f`` is one expression or a list of k of them, ``q`` the plain coordinate Symbols (the time,
    if present, is not among them and is not differentiated), ``at`` an optional point (dict).
    """
    rows = list(f) if isinstance(f, (list, tuple, sympy.MatrixBase)) else [f]
    q = list(q)
    jacobian = Matrix(rows).jacobian(q)
    if at is not None:
        jacobian = jacobian.subs(at)
    return chetaev_virtual_displacements(jacobian, coords=q)
