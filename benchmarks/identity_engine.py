"""Benchmark: the identity engine per claim, beside a plain sympy script, and `verify all` at two revisions.

Run from the repository root:

    python benchmarks/identity_engine.py                      # per-claim table
    python benchmarks/identity_engine.py --verify-against REV # also `verify all` wall time, REV vs the work tree

The plain sympy script is what a user would write without the checker: ``simplify(lhs - rhs) == 0``
(it says nothing when that fails, and may say "not zero" for a true claim).  Not a test: figures are
read off, never asserted.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def claims():
    import sympy as sp
    x, y, s = sp.symbols("x y s")
    t = sp.Symbol("t", real=True)
    p = sp.Symbol("p", positive=True)
    f, g = sp.Function("f"), sp.Function("g")
    q = sp.Function("q")(t)
    return [
        ("true, symbolic: (x+y)^2 expanded", (x + y) ** 2, x**2 + 2 * x * y + y**2),
        ("true, trigonometric", sp.sin(x) ** 2 + sp.cos(x) ** 2, 1),
        ("true, chain rule along a curve", sp.diff(f(q) ** 2, t), 2 * f(q) * sp.Subs(sp.Derivative(f(s), s), s, q) * q.diff(t)),
        ("true, randomized: symmetric integral", sp.Integral(f(s), (s, 0, 1)), sp.Integral(f(1 - s), (s, 0, 1))),
        ("true, randomized: sqrt((p-1)^2) for p>0 is |p-1|", sp.sqrt((p - 1) ** 2), sp.Abs(p - 1)),
        ("false: f(x) == f(y)", f(x), f(y)),
        ("false: third derivative vanishes", sp.Derivative(g(x, y), (x, 3)), 0),
        ("false: Simpson's rule exact", sp.Integral(f(s), (s, 0, 1)), (f(0) + 4 * f(sp.Rational(1, 2)) + f(1)) / 6),
        ("false: tiny perturbation", sp.sin(x), sp.sin(x) + sp.Float("1e-25") * sp.cos(x)),
        ("false: Max(p, 1) == p for p > 0", sp.Max(p, 1), p),
    ]


def per_claim(repeat: int):
    import sympy as sp
    from checker.kernel.checks import Checks
    print(f"{'claim':<52} {'engine':>10} {'verdict':<12} {'plain simplify':>15} {'says zero'}")
    for label, lhs, rhs in claims():
        times, outcome = [], None
        for i in range(repeat):
            start = time.perf_counter()
            outcome = Checks(seed=i).identity(label, lhs, rhs).outcome
            times.append(time.perf_counter() - start)
        start = time.perf_counter()
        try:
            plain = sp.simplify(sp.sympify(lhs - rhs).doit()) == 0
        except Exception as exc:  # noqa: BLE001
            plain = type(exc).__name__
        plain_time = time.perf_counter() - start
        print(f"{label:<52} {statistics.median(times):9.3f}s {outcome:<12} {plain_time:14.3f}s {plain}")


def verify_all_seconds(root: str, repeat: int) -> list:
    env = dict(os.environ, PYTHONPATH=root)
    out = []
    for _ in range(repeat):
        start = time.monotonic()
        subprocess.run([sys.executable, "-m", "checker", "verify", "all"], cwd=root, env=env, capture_output=True, check=False)
        out.append(time.monotonic() - start)
    return out


def compare_verify(revision: str, repeat: int):
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as tmp:
        old = os.path.join(tmp, "old")
        subprocess.run(["git", "-C", here, "worktree", "add", "--detach", old, revision], check=True, capture_output=True)
        try:
            for label, root in ((revision, old), ("work tree", here)):
                samples = verify_all_seconds(root, repeat)
                print(f"verify all at {label:<20} median {statistics.median(samples):7.2f} s over {repeat}: "
                      f"{', '.join(f'{s:.1f}' for s in samples)}")
        finally:
            subprocess.run(["git", "-C", here, "worktree", "remove", "--force", old], check=False, capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--verify-against", metavar="REV", help="also time `verify all` at REV and in the work tree")
    args = parser.parse_args()
    per_claim(args.repeat)
    if args.verify_against:
        compare_verify(args.verify_against, args.repeat)


if __name__ == "__main__":
    main()
