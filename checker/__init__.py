"""checker: executable mathematical items, checked proofs and their dependency graph.

The kernel knows no mathematics of its own.  Declare items with the decorators
(``theorem``, ``lemma``, ``definition``, ...), assumptions with ``hypothesis`` and
``postulate``, and verify them with ``python -m checker verify all``.

Importing this package is cheap and imports none of its modules: every public name loads on first use
(PEP 562), so ``import checker.decision`` or ``import checker.zero`` -- the item-free layer the mechanics
toolkit (``theorems.toolkit``) rests on -- does not import the item registry (``checker.items``).
"""

#: public name -> the module that defines it
_EXPORTS = {
    "Assumption": "assumptions", "hypothesis": "assumptions",
    "Decision": "decision",
    "Item": "items", "cited": "items", "corollary": "items", "counterexample": "items", "definition": "items",
    "example": "items", "item": "items", "lemma": "items", "postulate": "items", "remark": "items",
    "stated": "items", "theorem": "items",
    "Proof": "proof",
    "Checks": "checks",
    "run_verifier": "api",
}

__all__ = ["Assumption", "Checks", "Decision", "Item", "Proof", "cited", "corollary", "counterexample", "definition",
           "example", "hypothesis", "item", "lemma", "postulate", "remark", "run_verifier", "stated", "theorem"]


def __getattr__(name):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'checker' has no attribute {name!r}")
    import importlib
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__():
    return sorted(set(globals()) | set(__all__))
