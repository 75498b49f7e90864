"""checker: executable mathematical items, checked proofs and their dependency graph.

The kernel knows no mathematics of its own.  Declare items with the decorators
(``theorem``, ``lemma``, ``definition``, ...), assumptions with ``hypothesis`` and
``postulate``, and verify them with ``python -m checker verify all``.

Importing this package is cheap: sympy-based parts (``Proof``, ``Checks``) load on first use.
"""
from .assumptions import Assumption, hypothesis
from .decision import Decision
from .items import (Item, cited, corollary, counterexample, definition, example, item, lemma, postulate, remark,
                    stated, theorem)

__all__ = ["Assumption", "Checks", "Decision", "Item", "Proof", "cited", "corollary", "counterexample", "definition",
           "example", "hypothesis", "item", "lemma", "postulate", "remark", "run_verifier", "stated", "theorem"]


def __getattr__(name):
    if name == "Proof":
        from .proof import Proof
        return Proof
    if name == "Checks":
        from .checks import Checks
        return Checks
    if name == "run_verifier":
        from .api import run_verifier
        return run_verifier
    raise AttributeError(f"module 'checker' has no attribute {name!r}")
