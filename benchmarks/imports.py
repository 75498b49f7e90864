"""Benchmark: the import cost of each toolkit module over ``import sympy``, in CPU seconds.

Run from the repository root:  python benchmarks/imports.py [--repeat R] [--module NAME ...]

For each toolkit module ``theorems.toolkit.<name>`` (and ``theorems``, ``theorems.toolkit``, the kernel's item-free
layer ``checker.kernel.decision`` / ``checker.kernel.engine.zero``, and the whole corpus as loaded by ``python -m checker list``'s loader),
a fresh interpreter runs ``import sympy; import <module>``; the CPU time (user + system, of the child process) is
compared with a fresh ``import sympy`` alone.  Runs are interleaved (sympy, module, sympy, module, ...) and the best of
R is kept for each side, so other load on the machine distorts the figures as little as possible.  The target of
issue 17: every toolkit module adds at most 0.2 s.  Not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import os
import pkgutil
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.2


def toolkit_modules() -> list:
    """``theorems.toolkit.<name>`` for every module of the toolkit package (found without importing it)."""
    return [f"theorems.toolkit.{info.name}" for info in sorted(pkgutil.iter_modules([str(ROOT / "theorems" / "toolkit")]),
                                                                 key=lambda i: i.name)]


def cpu_seconds(code: str) -> float:
    """CPU time (user + system) of a fresh interpreter running ``code``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(modules: list, repeat: int) -> dict:
    """Best-of-``repeat`` CPU seconds of ``import sympy`` alone (key ``None``) and followed by each module."""
    best = {None: float("inf"), **{m: float("inf") for m in modules}}
    for _ in range(repeat):
        for module in modules:
            best[None] = min(best[None], cpu_seconds("import sympy"))
            best[module] = min(best[module], cpu_seconds(f"import sympy; import {module}"))
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="interleaved runs per module (best kept; default 5)")
    parser.add_argument("--module", action="append", help="measure only this module (repeatable)")
    args = parser.parse_args()
    modules = args.module or ["checker.kernel.decision", "checker.kernel.engine.zero", "theorems", "theorems.toolkit", *toolkit_modules(),
                              "checker.execution.loader; checker.execution.loader.load()"]
    best = measure(modules, args.repeat)
    print(f"import cost over `import sympy` (CPU seconds, best of {args.repeat} interleaved runs; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}); target for toolkit modules: "
          f"≤ {TARGET:.1f} s")
    print(f"  {'import sympy':<52} {best[None]:.3f} s")
    for module in modules:
        extra = best[module] - best[None]
        flag = "" if not module.startswith("theorems.toolkit.") else ("  ok" if extra <= TARGET else "  OVER")
        label = "the whole corpus (loader)" if module.startswith("checker.execution.loader") else f"import {module}"
        print(f"  {label:<52} {extra:+.3f} s{flag}")


if __name__ == "__main__":
    main()
