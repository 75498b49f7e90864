"""Benchmark: wall and CPU time of `python -m checker verify all` (cold, quick, warm), of `--help`, and of the tests.

Run from the repository root:  python benchmarks/timings.py [--repeat N] [--tree DIR ...] [--tests]
For each checkout DIR (default: this one; give an older checkout beside this one to compare, e.g. one made with
`git worktree add --detach ../before COMMIT`), runs interleaved, N times each:

    python -m checker --help
    python -m checker verify all --no-cache                     (cold: every verifier runs)
    python -m checker verify all --profile quick --no-cache     (cold, quick profile)
    python -m checker verify all                                 (warm: answered from a filled cache)

and prints each run, then the medians of wall and CPU time (CPU: the command and every verifier process).  The
warm runs use a cache folder of their own, filled by one run first.  Not a test: budgets are read off, not
asserted.  On a shared machine read the CPU figures: wall times move with the other load.
"""
import argparse
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import timed  # noqa: E402

VERIFY = [sys.executable, "-m", "checker", "verify", "all"]
COMMANDS = {
    "--help": [sys.executable, "-m", "checker", "--help"],
    "cold": VERIFY + ["--no-cache"],
    "quick": VERIFY + ["--profile", "quick", "--no-cache"],
    "warm": VERIFY,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tree", action="append", default=[], help="checkout to run in (repeatable; default .)")
    parser.add_argument("--tests", action="store_true", help="also time the whole test suite (once per checkout)")
    args = parser.parse_args()
    trees = [os.path.abspath(t) for t in (args.tree or ["."])]
    caches = {tree: tempfile.mkdtemp(prefix="checker-bench-cache-") for tree in trees}
    for tree in trees:  # fill each checkout's cache for the warm runs
        timed(COMMANDS["warm"], tree, env={"CHECKER_CACHE_DIR": caches[tree]})
    samples = {(t, c): [] for t in trees for c in COMMANDS}
    for rep in range(args.repeat):
        for tree in trees:
            for name, cmd in COMMANDS.items():
                wall, cpu, code = timed(cmd, tree, env={"CHECKER_CACHE_DIR": caches[tree]})
                samples[tree, name].append((wall, cpu))
                print(f"run {rep + 1} {tree} {name:<6} wall {wall:6.2f} s  cpu {cpu:6.2f} s  exit {code}", flush=True)
    if args.tests:
        for tree in trees:
            wall, cpu, code = timed([sys.executable, "-m", "pytest", "-q", "-n", "auto"], tree)
            print(f"{tree} tests  wall {wall:6.1f} s  cpu {cpu:6.1f} s  exit {code}")
    for tree in trees:
        for name in COMMANDS:
            walls = [w for w, _ in samples[tree, name]]
            cpus = [c for _, c in samples[tree, name]]
            print(f"{tree} {name:<6} median wall {statistics.median(walls):6.2f} s  cpu {statistics.median(cpus):6.2f} s"
                  f"  (wall {min(walls):.2f}-{max(walls):.2f} over {len(walls)} runs)")


if __name__ == "__main__":
    main()
