"""Install anywhere: every third-party package the tests import is declared in the ``test`` extra (or is a
dependency), and a wheel built from the project holds every module of ``checker`` and ``theorems`` and the
font assets (packages are found automatically, never listed by hand)."""
import ast
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: import name -> distribution name, where they differ
DISTRIBUTION = {"xdist": "pytest-xdist", "distributed": "distributed"}


def declared() -> set:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = list(project["dependencies"]) + list(project["optional-dependencies"]["test"])
    return {re.split(r"[<>=!~\[; ]", n, maxsplit=1)[0].lower() for n in names}


def imported_by_tests() -> dict:
    """Top-level names imported anywhere in tests/ (and the benchmark the tests run) -> a file importing it."""
    local = {p.stem for p in (ROOT / "tests").rglob("*.py")} | {p.stem for p in (ROOT / "benchmarks").glob("*.py")}
    local |= {"checker", "theorems", "tests", "benchmarks"}
    files = list((ROOT / "tests").rglob("*.py")) + [ROOT / "benchmarks" / "toolkit_vs_mechanics.py",
                                                     ROOT / "benchmarks" / "imports.py"]
    out = {}
    for path in files:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except SyntaxError:  # fixtures that are broken on purpose
            continue
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else [])
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top not in local:
                    out.setdefault(top, path.name)
    for path in (ROOT / "tests").glob("*.py"):  # modules the tests skip without (importorskip)
        for name in re.findall(r"importorskip\(\"(\w+)\"\)", path.read_text(encoding="utf-8")):
            out.setdefault(name, path.name)
    return out


def test_every_package_the_tests_import_is_declared():
    have = declared()
    missing = {name: where for name, where in imported_by_tests().items()
               if DISTRIBUTION.get(name, name).lower() not in have}
    assert not missing, f"declare these in pyproject.toml's test extra: {missing}"
    assert "numpy" in imported_by_tests()  # the check reads the tests (numpy was the undeclared one)


def test_packages_are_found_automatically():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "packages" not in config or "find" in config["packages"], "list no package by hand"


def test_the_wheel_holds_every_module_and_asset(tmp_path):
    source = tmp_path / "src"
    for name in ("checker", "theorems"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w",
                           str(tmp_path / "wheel")], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    wheel = next((tmp_path / "wheel").glob("*.whl"))
    held = set(zipfile.ZipFile(wheel).namelist())
    wanted = {p.relative_to(ROOT).as_posix() for name in ("checker", "theorems")
              for p in (ROOT / name).rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert {w for w in wanted if w.endswith(".py")} - held == set()
    assert {w for w in wanted if "/assets/" in w} - held == set()
    assert "theorems/toolkit/__init__.py" in held
