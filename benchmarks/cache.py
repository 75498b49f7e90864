"""Benchmark: the results cache on the corpus — cold, warm, one leaf edited, one foundation edited.

Run from the repository root:  python benchmarks/cache.py
Works on a copy of ``checker/`` and ``theorems/`` in a temporary folder (the checkout is not touched)
and prints, for each situation, the wall time and how many verifiers ran (the rest came from the cache).
The alternative it is compared with is the same command with ``--no-cache`` (every verifier runs).
Not a test: the figures are read off, not asserted.
"""
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEAF = "noether.constant_field_translation_case"
FOUNDATION = "linalg.euclidean_inner_product"


def run(workdir, *extra):
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "checker", "verify", "all", *extra], cwd=workdir,
                         capture_output=True, text=True)
    seconds = time.monotonic() - start
    ran = sum(1 for line in out.stderr.splitlines() if line.startswith("[") and "cached" not in line)
    replayed = "replayed" in out.stderr
    return seconds, ran, replayed, out.returncode


def edit_title(work: Path, item_id: str) -> None:
    """Change the title of one item (its declaration): the item and what rests on it must run again."""
    pattern = re.compile(r'("' + re.escape(item_id) + r'"[^)]*?title=")')
    for path in sorted((work / "theorems").rglob("*.py")):
        text = path.read_text()
        new, count = pattern.subn(r"\1(edited) ", text, count=1)
        if count == 1:
            path.write_text(new)
            return
    raise SystemExit(f"could not find the title of {item_id} under {work / 'theorems'}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name in ("checker", "theorems"):
            shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("__pycache__"))
        rows = [("no cache (every verifier runs)", run(work, "--no-cache")),
                ("cold cache", run(work)),
                ("warm: nothing changed", run(work))]
        edit_title(work, LEAF)
        rows.append((f"one leaf edited ({LEAF})", run(work)))
        edit_title(work, FOUNDATION)
        rows.append((f"one foundation edited ({FOUNDATION})", run(work)))
        dependents = subprocess.run([sys.executable, "-m", "checker", "dependents", FOUNDATION], cwd=work,
                                    capture_output=True, text=True).stdout.splitlines()[0]
    for label, (seconds, ran, replayed, code) in rows:
        how = "replayed, nothing imported" if replayed else f"{ran} verifiers ran"
        print(f"{label:<60} {seconds:7.2f} s  {how}  (exit {code})")
    print(f"(the foundation: {dependents})")


if __name__ == "__main__":
    main()
