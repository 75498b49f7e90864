"""The toolkit as its own package: ``theorems.toolkit`` declares no item and imports no corpus module; the lazy
``theorems`` package keeps every old import path (its re-exports, the moved modules' old names)."""
from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLKIT_MODULES = sorted(f"theorems.toolkit.{info.name}"
                         for info in pkgutil.iter_modules([str(ROOT / "theorems" / "toolkit")]))

_PROBE = """
import json, sys
import {module}
loaded = sorted(name for name in sys.modules if name == "theorems" or name.startswith("theorems."))
registry = sys.modules.get("checker.kernel.items")
declared = {{}} if registry is None else {{m: [it.id for it, _ in items] for m, items in registry._REGISTRY.items()}}
print(json.dumps({{"theorems": loaded, "items_imported": registry is not None, "declared": declared,
                   "kernel": sorted(n for n in sys.modules if n.startswith("checker"))}}))
"""


def _probe(module: str) -> dict:
    done = subprocess.run([sys.executable, "-c", _PROBE.format(module=module)], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_there_are_toolkit_modules():
    assert {"theorems.toolkit.variational", "theorems.toolkit.frobenius", "theorems.toolkit.symmetry",
            "theorems.toolkit.holonomic_dynamics", "theorems.toolkit.legendre", "theorems.toolkit.dimensions",
            "theorems.toolkit.zero_handling", "theorems.toolkit.strategies"} <= set(TOOLKIT_MODULES)


@pytest.mark.parametrize("module", ["theorems", "theorems.toolkit", *TOOLKIT_MODULES])
def test_toolkit_module_declares_no_item_and_imports_no_corpus_module(module):
    seen = _probe(module)
    assert all(name == "theorems" or name.startswith("theorems.toolkit") for name in seen["theorems"]), seen["theorems"]
    assert not seen["items_imported"], "the item registry checker.kernel.items was imported"
    assert seen["declared"] == {}
    # only the kernel's item-free layer
    forbidden = {"checker.kernel.items", "checker.kernel.checks", "checker.execution.loader", "checker.kernel.proof", "checker.execution.graph",
                 "checker.execution.runner", "checker.interfaces.api"}
    assert not forbidden & set(seen["kernel"]), seen["kernel"]


def test_kernel_item_free_layer_does_not_import_the_registry():
    for module in ("checker.kernel.decision", "checker.kernel.engine.zero", "checker.kernel.engine.symbolic", "checker.kernel.engine.instances"):
        seen = _probe(module)
        assert not seen["items_imported"], module
        assert seen["theorems"] == []


def test_importing_the_toolkit_does_not_import_hypothesis():
    code = ("import sys, theorems.toolkit.symmetry, theorems.toolkit.holonomic_equivalence, theorems.toolkit.strategies;"
            " print('hypothesis' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_walking_the_toolkit_registers_nothing():
    """The loader walks every submodule of ``theorems`` (the toolkit too): the toolkit's share of the corpus is none."""
    from checker.execution.loader import package_module_names
    from checker.kernel.items import registered
    names = package_module_names("theorems")
    toolkit = [name for name in names if name.startswith("theorems.toolkit")]
    assert set(TOOLKIT_MODULES) <= set(toolkit)
    assert all(registered(name) == [] for name in toolkit)
    assert any(registered(name) for name in names if not name.startswith("theorems.toolkit"))


def test_public_names_of_theorems_resolve_to_the_toolkit():
    import theorems
    for name in theorems.__all__:
        value = getattr(theorems, name)
        assert value is not None
        module = getattr(value, "__module__", "") or ""
        assert name == "UndecidedError" or not isinstance(value, type(len)) or module.startswith("theorems.toolkit")
    assert set(theorems.__all__) <= set(dir(theorems))
    from theorems import is_involutive, ideal_holonomic_dynamics, is_first_integral  # noqa: F401
    with pytest.raises(AttributeError):
        theorems.no_such_name  # noqa: B018


@pytest.mark.parametrize("old, new", [
    ("theorems.symmetry", "theorems.toolkit.symmetry"),
    ("theorems.variational", "theorems.toolkit.variational"),
    ("theorems.holonomic_dynamics", "theorems.toolkit.holonomic_dynamics"),
    ("theorems.zero_handling", "theorems.toolkit.zero_handling"),
    ("theorems.strategies", "theorems.toolkit.strategies"),
    ("theorems.fraction_free", "theorems.toolkit.fraction_free"),
    ("theorems.legendre_toolkit", "theorems.toolkit.legendre"),
])
def test_moved_module_keeps_its_old_name(old, new):
    """``import theorems.symmetry`` is the toolkit module itself (so monkeypatching either name patches both)."""
    code = (f"import importlib, sys, theorems; old = importlib.import_module({old!r}); "
            f"new = importlib.import_module({new!r}); "
            f"print(old is new, new.__name__, new.__spec__.name, theorems.{old.split('.')[1]} is new)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", new, new, "True"]


def test_old_attribute_paths_work():
    code = ("import theorems; from theorems.symmetry import is_first_integral as a; "
            "from theorems.toolkit.symmetry import is_first_integral as b; "
            "from theorems.foundations.frobenius import is_involutive as c; from theorems.toolkit.frobenius import is_involutive as d; "
            "from theorems.foundations.dimensions import dimension_of, check_row_homogeneity; "
            "from theorems.page1_variations.holonomic_chart import Chart, rank_everywhere_on_chart; "
            "from theorems.page3_velocity_constraints.holonomic_equivalence import is_holonomic_equivalent, integrable_data; "
            "from theorems.page1_variations.immersion import reduced_dalembert_equation; "
            "from theorems.foundations.linalg import euclidean_inner_product, transpose_multiplier; "
            "from theorems.page2_semiholonomic.constraint_principles import holonomic_virtual_displacements; "
            "print(a is b, c is d, theorems.symmetry.is_first_integral is b)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True"]
