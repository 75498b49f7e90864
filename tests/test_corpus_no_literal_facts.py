"""No corpus check can pass by construction: a fact's value must be computed, never a literal.

Scans the source of every corpus module (AST, with the kernel's own scan, :mod:`checker.kernel.constant_facts`, which also
refuses such a fact at run time) for ``check.fact(name, True|False)``, a fact tuple
``(description, True|False, method)`` (what ``witness``/``necessary`` take) and a literal handed to a
``value=`` keyword.  A literal fact records the author's belief, not something the checker computed.
"""
from __future__ import annotations

import pathlib

import pytest

from checker.kernel.constant_facts import literal_facts

CORPUS = pathlib.Path(__file__).resolve().parent.parent / "theorems"


CORPUS_FILES = sorted(CORPUS.rglob("*.py"))


def test_the_scan_sees_the_whole_corpus():
    """The corpus lives in subpackages (one per seed page): a flat glob scanned nothing."""
    assert len([p for p in CORPUS_FILES if p.name != "__init__.py"]) >= 20


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_no_corpus_fact_is_a_literal(path):
    found = literal_facts(path.read_text(), str(path))
    assert not found, "\n".join(f"{path.name}:{line}: {what}" for line, what in found)


@pytest.mark.parametrize("snippet", [
    "check.fact('x', True)",
    "check.fact('x', value=False, method='computation')",
    "check.witness('w', 'i', [('a', True, 'computation')])",
    "check.necessary(H, 'i', violates=[('v', not False, 'symbolic')], conclusion_fails=[])",
    "facts = [('c', False, 'witness')]",
    "check.fact('x', 1 < 2)",
    "check.fact('x', all([True, not False]))",
    "check.witness('w', 'i', [('a', 2 + 2 == 4, 'computation')])",
])
def test_the_scan_finds_literal_facts(snippet):
    assert literal_facts(snippet)


@pytest.mark.parametrize("snippet", [
    "check.fact('x', is_involutive(D))",
    "check.fact('x', a == b, method='computation')",
    "check.witness('w', 'i', [('a', rank(M) == 2, 'computation')])",
    "check.fact('x', ok, expect=False)",
])
def test_the_scan_accepts_computed_facts(snippet):
    assert not literal_facts(snippet)
