"""Benchmark: the verifiers' summed CPU in two checkouts measured at the same time, one per core.

Run from the root of a checkout:

    python benchmarks/paired_cpu.py --tree BEFORE --tree AFTER [--rounds N] [ID_SUBSTRING ...]

Each round runs every verifier of both checkouts (each in its own forked process after the runner's preload, as
``verify`` runs it; seed 0, default profile) at once, the first checkout on core 0 and the second on core 1, then
the other way round in the next round, and prints the sum of the verifiers' CPU seconds in each.  On a machine
whose speed drifts by 10-20% within minutes, two checkouts measured side by side see the same drift, so their
difference within a round is steadier than between runs minutes apart.  Needs two cores.  Not a test: figures are
read off, never asserted.
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def measure(wanted) -> float:
    """The summed CPU seconds of the verifiers of the checkout in the working directory (``wanted``: id substrings)."""
    sys.path.insert(0, os.getcwd())
    sys.path.insert(0, HERE)
    from measure import each_item_in_a_fork
    from checker.execution import runner

    def cpu(item):
        start = time.process_time()
        runner.run_in_process(item, 0, "default")
        return time.process_time() - start
    return sum(seconds for _, seconds in each_item_in_a_fork(wanted, cpu))


def _started(tree, core, wanted):
    def pin():
        os.sched_setaffinity(0, {core})
    return subprocess.Popen([sys.executable, os.path.abspath(__file__), "--measure", *wanted], cwd=tree,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, preexec_fn=pin,
                            env=dict(os.environ, PYTHONPATH=tree))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", action="append", default=[], help="a checkout (give exactly two)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("wanted", nargs="*", help="only items whose id contains one of these")
    args = parser.parse_args()
    if args.measure:
        print(f"{measure(args.wanted):.3f}")
        return
    if len(args.tree) != 2:
        parser.error("give exactly two --tree checkouts")
    trees = [os.path.abspath(t) for t in args.tree]
    sums = {t: [] for t in trees}
    for n in range(args.rounds):
        cores = (0, 1) if n % 2 == 0 else (1, 0)
        processes = [(t, _started(t, core, args.wanted)) for t, core in zip(trees, cores)]
        for tree, process in processes:
            out, _ = process.communicate()
            sums[tree].append(float(out.split()[0]) if out.split() else float("nan"))
        print(f"round {n + 1}: " + "  ".join(f"{t}: {sums[t][-1]:.2f} s" for t in trees), flush=True)
    for tree in trees:
        values = sums[tree]
        print(f"{tree}: mean {sum(values) / len(values):.2f} s CPU over {len(values)} rounds "
              f"({', '.join(f'{v:.2f}' for v in values)})")


if __name__ == "__main__":
    main()
