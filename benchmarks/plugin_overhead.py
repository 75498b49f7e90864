"""Benchmark: the corpus under the pytest plugin against ``python -m checker verify all`` (issue 15).

Run from the repository root:  python benchmarks/plugin_overhead.py [--repeat N] [--tree DIR ...]
Runs, interleaved, for each checkout DIR (default: this one) and each repeat:

    python -m checker verify all --no-cache
    python -m pytest -p checker.interfaces.pytest_plugin --checker -m checker -q --checker-no-cache -p no:cacheprovider

and prints each command's wall time and CPU time (user + system of the command and every verifier process it
waited for), then the medians and the plugin's overhead over the CLI.  On a shared machine read the CPU figures:
wall times move with the other load.  Not a test: the figures are read off, not asserted.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import timed  # noqa: E402

COMMANDS = {
    "cli": [sys.executable, "-m", "checker", "verify", "all", "--no-cache"],
    "pytest": [sys.executable, "-m", "pytest", "-p", "checker.interfaces.pytest_plugin", "--checker", "-m", "checker", "-q",
               "--checker-no-cache", "-p", "no:cacheprovider"],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tree", action="append", default=[], help="checkout to run in (repeatable; default .)")
    args = parser.parse_args()
    trees = [os.path.abspath(t) for t in (args.tree or ["."])]
    samples = {(t, c): [] for t in trees for c in COMMANDS}
    for rep in range(args.repeat):
        for tree in trees:
            for name, cmd in COMMANDS.items():
                wall, cpu, code = timed(cmd, tree)
                samples[tree, name].append((wall, cpu))
                print(f"run {rep + 1} {tree} {name:<6} wall {wall:6.1f} s  cpu {cpu:6.1f} s  exit {code}", flush=True)
    for tree in trees:
        med = {name: (statistics.median(w for w, _ in samples[tree, name]),
                      statistics.median(c for _, c in samples[tree, name])) for name in COMMANDS}
        for name in COMMANDS:
            print(f"{tree} {name:<6} median wall {med[name][0]:6.1f} s  cpu {med[name][1]:6.1f} s")
        print(f"{tree} plugin over CLI: wall {100 * (med['pytest'][0] / med['cli'][0] - 1):+.0f}%  "
              f"cpu {100 * (med['pytest'][1] / med['cli'][1] - 1):+.0f}%")


if __name__ == "__main__":
    main()
