"""Benchmark: wall time of `python -m checker verify all`, of `--help`, and of the test suite.

Run from the repository root:  python benchmarks/timings.py [--repeat N] [--tests]
Prints the median of N runs for each command.  Not a test: budgets are read off, not asserted.
"""
import argparse
import statistics
import subprocess
import sys
import time


def timed(cmd, repeat):
    samples = []
    for _ in range(repeat):
        start = time.monotonic()
        subprocess.run(cmd, capture_output=True, check=False)
        samples.append(time.monotonic() - start)
    return statistics.median(samples), samples


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tests", action="store_true", help="also time the whole test suite (once)")
    args = parser.parse_args()
    rows = [("python -m checker --help", [sys.executable, "-m", "checker", "--help"], args.repeat),
            ("python -m checker verify all --no-cache", [sys.executable, "-m", "checker", "verify", "all", "--no-cache"], args.repeat),
            ("python -m checker verify all --profile quick --no-cache", [sys.executable, "-m", "checker", "verify", "all", "--profile", "quick", "--no-cache"], args.repeat)]
    if args.tests:
        rows.append(("python -m pytest -q", [sys.executable, "-m", "pytest", "-q"], 1))
    for label, cmd, repeat in rows:
        median, samples = timed(cmd, repeat)
        print(f"{label:<48} median {median:7.2f} s over {repeat} run(s): {', '.join(f'{s:.2f}' for s in samples)}")


if __name__ == "__main__":
    main()
