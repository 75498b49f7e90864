"""The layout of ``checker/``: layers that import only downwards, no import cycle, small packages, old paths alive.

The import graph is read from the sources (every ``import`` statement, module-level or deferred inside a function),
so a cycle hidden in a function body counts as one.
"""
import ast
import importlib
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "checker"
#: each layer, and the layers it may import (besides itself)
LAYERS = {
    "kernel": set(),
    "recheck": set(),
    "execution": {"kernel", "recheck"},
    "reporting": {"kernel", "execution"},
    "interfaces": {"kernel", "execution", "reporting", "recheck"},
}
#: top-level modules of ``checker`` and what each may import
TOP = {"__init__": {"compat", "interfaces"}, "__main__": {"interfaces"}, "compat": set()}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imported_modules(path: Path) -> set:
    """The ``checker`` modules ``path`` imports, wherever the statement stands (deferred imports included)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    known = {module_name(p) for p in PACKAGE.rglob("*.py")}
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            targets = [stem] + [f"{stem}.{a.name}" for a in node.names]
        else:
            continue
        for target in targets:
            # the longest known module the target names (``from .x import f`` names module x, not x.f)
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target.startswith("checker") and target != name:
                out.add(target)
    return out


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for path in PACKAGE.rglob("*.py"):
        graph.add_node(module_name(path))
        for target in imported_modules(path):
            graph.add_edge(module_name(path), target)
    return graph


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "checker"


def test_no_import_cycle_between_checker_modules():
    graph = import_graph()
    # a package's __init__ is imported before its modules: an edge into a package means its __init__
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert cycles == []


def test_each_layer_imports_only_the_layers_below_it():
    wrong = []
    for source, target in import_graph().edges:
        src, dst = layer_of(source), layer_of(target)
        if source == "checker" or target == "checker":  # the package itself (its __init__), imported by everyone
            continue
        if src in LAYERS:
            if dst != src and dst not in LAYERS[src]:
                wrong.append(f"{source} -> {target}")
        elif source.split(".")[-1] in TOP and target.split(".")[1] not in TOP[source.split(".")[-1]]:
            wrong.append(f"{source} -> {target}")
    assert wrong == []


def test_the_kernel_imports_nothing_outside_it():
    outside = sorted(f"{s} -> {t}" for s, t in import_graph().edges
                     if s.startswith("checker.kernel") and not t.startswith("checker.kernel") and t != "checker")
    assert outside == []


def test_the_import_graph_sees_deferred_imports_and_relative_levels(tmp_path):
    """The reader itself: a deferred import inside a function and ``from ..x import y`` are edges."""
    folder = PACKAGE / "kernel" / "engine"
    path = folder / "symbolic.py"
    targets = imported_modules(path)
    assert "checker.kernel.engine.ring_zero" in targets
    source = ast.parse("def f():\n    from ...execution.runner import run\n")
    assert any(isinstance(n, ast.ImportFrom) and n.level == 3 for n in ast.walk(source))
    fake = folder / "zz_probe_for_test.py"
    fake.write_text("def f():\n    from ...execution.runner import run\n")
    try:
        assert imported_modules(fake) == {"checker.execution.runner"}
    finally:
        fake.unlink()


def test_packages_are_small_and_the_top_level_keeps_only_the_public_surface():
    sizes = {}
    for folder in [PACKAGE, *(p for p in PACKAGE.rglob("*") if p.is_dir() and (p / "__init__.py").exists())]:
        sizes[str(folder.relative_to(ROOT))] = len([p for p in folder.glob("*.py") if p.name != "__init__.py"])
    assert sizes["checker"] <= 4
    assert all(n <= 15 for n in sizes.values()), sizes


@pytest.mark.parametrize("old", sorted(importlib.import_module("checker").MOVED))
def test_every_old_module_name_is_the_same_module_as_its_new_name(old):
    import checker
    module = importlib.import_module(old)
    assert module is importlib.import_module(checker.MOVED[old])
    assert module.__name__ == checker.MOVED[old]


def test_the_public_names_and_the_plugin_entry_point_still_work():
    from checker import Proof, run_verifier, theorem  # noqa: F401
    from checker.api import load, verify  # noqa: F401
    import checker.api
    import checker.interfaces.api
    assert checker.api is checker.interfaces.api
    import checker.pytest_plugin
    import checker.interfaces.pytest_plugin
    assert checker.pytest_plugin is checker.interfaces.pytest_plugin
    from importlib import metadata
    points = [ep for ep in metadata.entry_points(group="pytest11") if ep.name == "checker.pytest_plugin"]
    if points:  # installed: the entry point loads the plugin module
        assert points[0].load() is checker.interfaces.pytest_plugin


def test_old_toolkit_module_names_still_import():
    import theorems.symmetry
    import theorems.toolkit.symmetry
    assert theorems.symmetry is theorems.toolkit.symmetry
    from theorems import is_first_integral  # noqa: F401
    from theorems.strategies import mass_operators  # noqa: F401


def test_a_monkeypatch_of_an_old_name_reaches_the_module_that_runs(monkeypatch):
    import checker.runner
    import checker.execution.runner
    monkeypatch.setattr(checker.runner, "NOT_ESTABLISHED", "probe")
    assert checker.execution.runner.NOT_ESTABLISHED == "probe"


def test_the_corpus_folders_mirror_the_pages():
    folders = sorted(p.name for p in (ROOT / "theorems").iterdir() if (p / "__init__.py").exists())
    assert folders == ["foundations", "page1_variations", "page2_semiholonomic", "page3_velocity_constraints",
                       "page4_regular_constraints", "toolkit"]
    assert [p.name for p in (ROOT / "theorems").glob("*.py")] == ["__init__.py"]


def kernel_lines() -> int:
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in (PACKAGE / "kernel").rglob("*.py"))


def test_the_readme_states_the_size_of_the_trusted_kernel():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"trusted kernel[^.]*?is ([\d,]+) lines", readme)
    assert match, "the README states the kernel's size: 'the trusted kernel (...) is N lines'"
    stated = int(match.group(1).replace(",", ""))
    assert abs(stated - kernel_lines()) <= 0.1 * kernel_lines(), (stated, kernel_lines())


def test_no_module_defines_a_top_level_name_twice():
    """A second ``def`` of the same name silently replaces the first (two branches merged into one plugin module
    each defined ``pytest_load_initial_conftests``; one of them never ran)."""
    import ast
    twice = []
    for path in sorted(list(PACKAGE.rglob("*.py")) + list((ROOT / "theorems").rglob("*.py"))):
        seen = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name != "_":
                if node.name in seen:
                    twice.append(f"{path.relative_to(ROOT)}: {node.name}")
                seen.add(node.name)
    assert twice == []
