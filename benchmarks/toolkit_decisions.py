"""Benchmark: wall time of each toolkit decision function on the README's examples.

Run from the repository root:  PYTHONPATH=. python benchmarks/toolkit_decisions.py [--repeat N] [--cold]
Prints, per decision function, the time of the first run of its examples and the median over N runs
(later runs reuse sympy's and the toolkit's caches).  With ``--cold`` every function runs in a fresh
process (the first-run time without caches warmed by the other functions).  Examples marked (extra) are
not in the README; the README has none for that function.  Not a test: numbers are read off, not asserted.
"""
import argparse
import statistics
import time

import sympy as sp
from sympy import Function, Symbol


def examples():
    from theorems import (LENGTH, TIME, check_holonomic_pair, energy, is_dimensionally_homogeneous,
                          is_first_integral, is_holonomic_equivalent, is_hyperregular, is_immersion, is_involutive,
                          is_point_symmetry, is_regular, noether_charge, satisfies_frobenius_condition)
    x, y, z = sp.symbols("x y z", real=True)
    xd, yd, zd = sp.symbols("x_dot y_dot z_dot", real=True)
    dims = {x: LENGTH, y: LENGTH, z: LENGTH, xd: LENGTH / TIME, yd: LENGTH / TIME, zd: LENGTH / TIME}
    t, k = Symbol("t", real=True), Symbol("k", positive=True)
    X, Y = Function("x")(t), Function("y")(t)
    L = (X.diff(t)**2 + Y.diff(t)**2) / 2 + k / sp.sqrt(X**2 + Y**2)
    m = Symbol("m", positive=True)
    free = m * (X.diff(t)**2 + Y.diff(t)**2) / 2
    q, v = sp.symbols("q v", real=True)
    r, th = sp.symbols("r theta", positive=True)
    J = noether_charge(L, [X, Y], t, [-Y, X])
    E = energy(L, [X, Y], t)
    return {
        "is_holonomic_equivalent": [lambda: is_holonomic_equivalent([[0, -x, 1]], None, [x, y, z]),
                                    lambda: is_holonomic_equivalent([[-y, x, 0]], None, [x, y, z])],
        "check_holonomic_pair": [lambda: check_holonomic_pair([[-y, x, 0]], None, [x, y, z], x**2 + y**2,
                                                              [sp.atan2(y, x)])],
        "is_dimensionally_homogeneous": [lambda: is_dimensionally_homogeneous(sp.Eq(zd, x * yd), dims)],
        "is_point_symmetry": [lambda: is_point_symmetry(L, [X, Y], t, [-Y, X]),
                              lambda: is_point_symmetry(free, [X, Y], t, [t, 0], B=m * X),
                              lambda: is_point_symmetry(free, [X, Y], t, [t, 0], B=m * X, require_q_only=True)],
        "is_first_integral": [lambda: is_first_integral(J, L, [X, Y], t),
                              lambda: is_first_integral(X * Y.diff(t), L, [X, Y], t),
                              lambda: is_first_integral(E, L, [X, Y], t)],
        "is_regular": [lambda: is_regular(sp.sqrt(1 + v**2), [q], t, v=[v]),
                       lambda: is_regular(v**4 / 4, [q], t, v=[v])],
        "is_involutive (extra)": [lambda: is_involutive([[sp.cos(z), sp.sin(z), 0], [0, 0, 1]], [x, y, z]),
                                  lambda: is_involutive([[1, 0, 0], [0, 1, x]], [x, y, z])],
        "satisfies_frobenius_condition (extra)": [lambda: satisfies_frobenius_condition([0, -x, 1], [x, y, z]),
                                                  lambda: satisfies_frobenius_condition([-y, x, 0], [x, y, z])],
        "is_immersion (extra)": [lambda: is_immersion([r * sp.cos(th), r * sp.sin(th)], [r, th])],
        "is_hyperregular (extra)": [lambda: is_hyperregular(v**2 / 2 + q * v, [q], t, v=[v])],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cold", action="store_true", help="each function in a fresh process")
    parser.add_argument("--only", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cold:
        import subprocess
        import sys
        for name in examples():
            subprocess.run([sys.executable, __file__, "--repeat", str(args.repeat), "--only", name], check=False)
        return
    for name, calls in examples().items():
        if args.only and name != args.only:
            continue
        samples = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            answers = [call() for call in calls]
            samples.append(time.perf_counter() - start)
        states = ", ".join(_state(a) for a in answers)
        print(f"{name:<40} first {samples[0]:7.3f} s  median {statistics.median(samples):7.3f} s  ({states})")


def _state(answer):
    holds = getattr(answer, "holds", None)
    return {True: "holds", False: "fails"}.get(holds, "undecided")


if __name__ == "__main__":
    main()
