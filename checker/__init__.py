"""checker: executable mathematical items, checked proofs and their dependency graph.

The kernel knows no mathematics of its own.  Declare items with the decorators
(``theorem``, ``lemma``, ``definition``, ...), assumptions with ``hypothesis`` and
``postulate``, and verify them with ``python -m checker verify all``.

The package is layered; each layer imports only the layers above it in this list (a test reads every import):

* :mod:`checker.kernel` -- the trusted kernel: what must be right for ``proved`` to be right (items and
  assumptions, check records and the verdict rules, checked proofs, decisions) and, in
  :mod:`checker.kernel.engine`, the identity engine (instances, zero tests, relations, shrinking, matrix shapes);
* :mod:`checker.execution` -- running verifiers: loading, forking, time limits and interrupts, the results cache,
  fingerprints and dependency manifests, the Dask executor, propagation along the graph;
* :mod:`checker.reporting` -- JSON, Markdown, JUnit, GraphML, the HTML pages, typesetting, MathML, SVG;
* :mod:`checker.interfaces` -- the command line, the public API (:mod:`checker.interfaces.api`) and the pytest plugin.

Importing this package is cheap and imports none of its modules: every public name loads on first use
(PEP 562), so ``import checker.kernel.decision`` or ``import checker.kernel.engine.zero`` -- the item-free layer
the mechanics toolkit (``theorems.toolkit``) rests on -- does not import the item registry
(``checker.kernel.items``).  The flat module names of earlier versions (``checker.interfaces.api``, ``checker.execution.runner``,
``checker.interfaces.pytest_plugin``, ...) still import: each is the same module object as its new name
(:mod:`checker.compat`).
"""
from .compat import ModuleAliases

#: public name -> the module that defines it
_EXPORTS = {
    "Assumption": "kernel.assumptions", "hypothesis": "kernel.assumptions",
    "Decision": "kernel.decision",
    "Item": "kernel.items", "cited": "kernel.items", "corollary": "kernel.items", "counterexample": "kernel.items",
    "definition": "kernel.items", "example": "kernel.items", "item": "kernel.items", "lemma": "kernel.items",
    "postulate": "kernel.items", "remark": "kernel.items", "stated": "kernel.items", "theorem": "kernel.items",
    "Proof": "kernel.proof",
    "Checks": "kernel.checks",
    "run_verifier": "interfaces.api",
}

#: the module names of the flat layout (before the subpackages) -> where each module is now
MOVED = {
    "checker.ablation": "checker.execution.ablation",
    "checker.analysis": "checker.kernel.analysis",
    "checker.api": "checker.interfaces.api",
    "checker.assumptions": "checker.kernel.assumptions",
    "checker.cache": "checker.execution.cache",
    "checker.checks": "checker.kernel.checks",
    "checker.cli": "checker.interfaces.cli",
    "checker.constant_facts": "checker.kernel.constant_facts",
    "checker.dask_executor": "checker.execution.dask_executor",
    "checker.decision": "checker.kernel.decision",
    "checker.dependencies": "checker.execution.dependencies",
    "checker.differentiation": "checker.kernel.engine.differentiation",
    "checker.evidence": "checker.kernel.evidence",
    "checker.explain": "checker.reporting.explain",
    "checker.export": "checker.reporting.export",
    "checker.fingerprint": "checker.execution.fingerprint",
    "checker.forking": "checker.execution.forking",
    "checker.graph": "checker.execution.graph",
    "checker.html_item": "checker.reporting.html_item",
    "checker.html_page": "checker.reporting.html_page",
    "checker.html_report": "checker.reporting.html_report",
    "checker.identity": "checker.kernel.engine.identity",
    "checker.instances": "checker.kernel.engine.instances",
    "checker.interrupts": "checker.execution.interrupts",
    "checker.items": "checker.kernel.items",
    "checker.junit": "checker.reporting.junit",
    "checker.layout": "checker.reporting.layout",
    "checker.lazy": "checker.kernel.engine.lazy",
    "checker.loader": "checker.execution.loader",
    "checker.mathml": "checker.reporting.mathml",
    "checker.matrix_shapes": "checker.kernel.engine.matrix_shapes",
    "checker.plot": "checker.reporting.plot",
    "checker.pointwise": "checker.kernel.engine.pointwise",
    "checker.proof": "checker.kernel.proof",
    "checker.publish": "checker.reporting.publish",
    "checker.pytest_plugin": "checker.interfaces.pytest_plugin",
    "checker.randomized": "checker.kernel.engine.randomized",
    "checker.relations": "checker.kernel.engine.relations",
    "checker.replay": "checker.execution.replay",
    "checker.report": "checker.reporting.report",
    "checker.ring_zero": "checker.kernel.engine.ring_zero",
    "checker.runner": "checker.execution.runner",
    "checker.shared_patch": "checker.kernel.engine.shared_patch",
    "checker.shrink": "checker.kernel.engine.shrink",
    "checker.svg": "checker.reporting.svg",
    "checker.symbolic": "checker.kernel.engine.symbolic",
    "checker.typeset": "checker.reporting.typeset",
    "checker.zero": "checker.kernel.engine.zero",
}
ModuleAliases.install(MOVED)

__all__ = ["Assumption", "Checks", "Decision", "Item", "Proof", "cited", "corollary", "counterexample", "definition",
           "example", "hypothesis", "item", "lemma", "postulate", "remark", "run_verifier", "stated", "theorem"]


def load_ipython_extension(ipython):
    """``%load_ext checker``: items, results, proofs and the graph display as HTML in IPython and Jupyter."""
    from .interfaces.notebook import register
    register(ipython)


def _display_in_notebooks() -> None:
    """Inside IPython (a notebook), register the rich display at import (by type name: nothing more is imported)."""
    import sys
    if "IPython" in sys.modules:
        from .interfaces.notebook import register
        register()


_display_in_notebooks()


def __getattr__(name):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'checker' has no attribute {name!r}")
    import importlib
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__():
    return sorted(set(globals()) | set(__all__))
