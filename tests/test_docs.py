"""The documentation site builds with warnings as errors (``mkdocs build --strict``), and its navigation lists
only pages that exist."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def nav_pages() -> list:
    return re.findall(r":\s*([\w./-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)


def test_the_nav_lists_pages_that_exist():
    pages = nav_pages()
    assert {"index.md", "tutorial.md", "guides/index.md", "reference/verdicts.md", "reference/items.md",
            "toolkit.md", "corpus.md", "benchmarks.md"} <= set(pages)
    assert [p for p in pages if not (ROOT / "docs" / p).exists()] == []


def test_the_site_builds_with_warnings_as_errors(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (tmp_path / "site" / "tutorial" / "index.html").exists()
