"""Benchmark: the exact rational-function zero test by ring arithmetic (checker.kernel.engine.ring_zero) beside sympy's routes.

Run from the repository root:  python benchmarks/zero_test.py [--repeat N]

For residuals of the shapes the identity engine meets (a product of sums of generic-function values minus its
expansion, a sum of quotients minus the quotient over the common denominator, a chain of derivatives of a generic
function, a non-zero variant of each), prints the median CPU time of

    ring     checker.kernel.engine.ring_zero.zero_by_ring_arithmetic      (the kernel's first route)
    sfield   sympy.polys.fields.sfield(expr), element == 0  (the kernel's fallback: numerator/denominator expanded)
    cancel   sympy.cancel(sympy.together(sympy.expand(expr))) == 0   (what a plain sympy script would write)

and each answer (they must agree where the ring answers).  sympy's cache is cleared before each run.  Not a test: figures are read off, never asserted.
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def residuals():
    import sympy as sp
    t = sp.Symbol("t", real=True)
    xs = sp.symbols("x1:5", real=True)
    V, A, G = sp.Function("V"), sp.Function("A"), sp.Function("G")
    vals = [V(*xs), A(xs[0], xs[1]), G(t, *xs), V(*xs).diff(xs[0]), G(t, *xs).diff(t, xs[1])]
    sums = [sum((k + 1) * v * xs[k % 4] for k, v in enumerate(vals[:j + 2])) + 1 for j in range(3)]
    product = sp.Mul(*sums) * (vals[3] - xs[2])
    quotients = sum(sums[k] / (vals[k] + xs[k] ** 2 + 1) for k in range(3))
    G2 = G(t, *xs)
    velocity = sp.symbols("v1:5", real=True)
    chain = G2.diff(t) + sum(v * G2.diff(x) for v, x in zip(velocity, xs))
    chain_second = sp.expand(chain * chain)
    return [
        ("product of sums minus its expansion", product - sp.expand(product)),
        ("the same plus one term (non-zero)", product - sp.expand(product) + vals[4]),
        ("sum of quotients minus one quotient", quotients - sp.together(quotients)),
        ("the same, a numerator perturbed", quotients - sp.together(quotients) + 1 / (vals[0] + 1)),
        ("square of a chain-rule sum minus its expansion", chain ** 2 - chain_second),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    import sympy as sp
    from sympy.core.cache import clear_cache
    from sympy.polys.fields import sfield
    from checker.kernel.engine.ring_zero import zero_by_ring_arithmetic

    def by_sfield(expr):
        return not sfield(expr)[1]

    def by_cancel(expr):
        return sp.cancel(sp.together(sp.expand(expr))) == 0

    routes = [("ring", zero_by_ring_arithmetic), ("sfield", by_sfield), ("cancel", by_cancel)]
    print(f"{'residual':<48} " + "  ".join(f"{name:>16}" for name, _ in routes))
    for label, expr in residuals():
        cells = []
        for _, route in routes:
            times, answer = [], None
            for _ in range(args.repeat):
                clear_cache()  # sympy remembers expansions: each run starts as a verifier's first call does
                start = time.process_time()
                answer = route(expr)
                times.append(time.process_time() - start)
            cells.append(f"{statistics.median(times) * 1000:9.1f} ms {str(answer):>5}")
        print(f"{label:<48} " + "  ".join(cells), flush=True)


if __name__ == "__main__":
    main()
