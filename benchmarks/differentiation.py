"""Benchmark: first derivatives by checker.kernel.engine.differentiation beside sympy's own ``diff``.

Run from the repository root:  python benchmarks/differentiation.py [--repeat N]

On derivatives of the shapes the corpus takes (the Euler-Lagrange terms of a Lagrangian with a generic potential,
the Jacobian of a constraint map, the second time derivative of a generic G(t, x(t)), a nested trigonometric
expression with repeated subexpressions), prints the median CPU time of

    sympy      expr.diff(symbol) / Matrix.jacobian / diff(g, t).diff(t), with sympy's own diff
    shortcut   the same calls inside checker.kernel.engine.differentiation.sympy_first_derivatives_shortcut()

and whether the two results are the same tree (they must be).  sympy's cache is cleared before each run.
Not a test: figures are read off, never asserted.
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cases():
    import sympy as sp
    t = sp.Symbol("t")
    q = [sp.Function(f"q{i}")(t) for i in range(1, 5)]
    v = [c.diff(t) for c in q]
    U = sp.Function("U")
    masses = sp.symbols("m1:5", positive=True)
    L = sum(m * w ** 2 / 2 for m, w in zip(masses, v)) - U(*q) + sp.sin(q[0] - q[1]) * v[0] * v[1] / (1 + q[2] ** 2)

    def euler_lagrange():
        return [sp.diff(L, w).diff(t) - sp.diff(L, c) for c, w in zip(q, v)]

    xs = sp.symbols("x1:7")
    G = sp.Matrix([xs[0] ** 2 + xs[1] ** 2 - sp.cos(xs[2] * xs[3]), sp.exp(xs[4] * xs[5]) - xs[0] * xs[5],
                   sp.sqrt(1 + xs[2] ** 2 + xs[3] ** 2) - xs[1]])

    def jacobian():
        return G.jacobian(xs)

    ys = [sp.Function(f"y{i}")(t) for i in range(1, 5)]
    g = sp.Function("G")(t, *ys)

    def second_derivative():
        return g.diff(t).diff(t)

    x = sp.Symbol("x")
    inner = sp.sin(x ** 2 + 1) * sp.exp(-x) + sp.log(1 + x ** 2)
    nested = inner ** 3 + sp.cos(inner) * inner + sp.sqrt(1 + inner ** 2)

    def repeated():
        return [nested.diff(x), nested.diff(x).diff(x)]

    return [("Euler-Lagrange terms, 4 coordinates, generic U", euler_lagrange),
            ("Jacobian of a 3 x 6 constraint map", jacobian),
            ("d²/dt² G(t, y1..y4(t)), generic G", second_derivative),
            ("first and second derivative, repeated subexpressions", repeated)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from sympy.core.cache import clear_cache
    from checker.kernel.engine.differentiation import sympy_first_derivatives_shortcut

    def timed(call, shortcut):
        clear_cache()
        start = time.process_time()
        if shortcut:
            with sympy_first_derivatives_shortcut():
                result = call()
        else:
            result = call()
        return time.process_time() - start, result

    print(f"{'case':55s} {'sympy':>9s} {'shortcut':>9s} {'ratio':>6s}  same tree")
    for name, call in cases():
        plain, fast, same = [], [], True
        for _ in range(args.repeat):
            seconds, expected = timed(call, False)
            plain.append(seconds)
            seconds, got = timed(call, True)
            fast.append(seconds)
            same = same and got == expected
        a, b = statistics.median(plain), statistics.median(fast)
        print(f"{name:55s} {a * 1000:7.1f}ms {b * 1000:7.1f}ms {a / b:5.1f}x  {same}")


if __name__ == "__main__":
    main()
