"""No corpus check can pass by construction: a fact's value must be computed, never a literal.

Scans the source of every corpus module (AST) for ``check.fact(name, True|False)``, a fact tuple
``(description, True|False, method)`` (what ``witness``/``necessary`` take) and a literal handed to a
``value=`` keyword.  A literal fact records the author's belief, not something the checker computed.
"""
from __future__ import annotations

import ast
import pathlib

import pytest

CORPUS = pathlib.Path(__file__).resolve().parent.parent / "theorems"
METHOD_NAMES = {"symbolic", "proof script", "witness", "computation", "instances", "randomized", "numerical"}


def _is_bool_literal(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, bool)


def _is_literal_all(node) -> bool:
    """A literal bool, or ``all([...])``/``any([...])`` of literal bools, or ``not`` of one."""
    if _is_bool_literal(node):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _is_literal_all(node.operand)
    return False


def literal_facts(source: str, filename: str = "<src>") -> list:
    """``(line, what)`` for every fact whose value is a literal bool in ``source``."""
    out = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "fact":
            values = node.args[1:2] + [k.value for k in node.keywords if k.arg == "value"]
            if any(_is_literal_all(v) for v in values):
                out.append((node.lineno, "check.fact with a literal value"))
        elif isinstance(node, ast.Tuple) and len(node.elts) == 3:
            desc, value, method = node.elts
            if _is_literal_all(value) and isinstance(method, ast.Constant) and method.value in METHOD_NAMES:
                out.append((node.lineno, "fact tuple with a literal value"))
    return out


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.py")), ids=lambda p: p.name)
def test_no_corpus_fact_is_a_literal(path):
    found = literal_facts(path.read_text(), str(path))
    assert not found, "\n".join(f"{path.name}:{line}: {what}" for line, what in found)


@pytest.mark.parametrize("snippet", [
    "check.fact('x', True)",
    "check.fact('x', value=False, method='computation')",
    "check.witness('w', 'i', [('a', True, 'computation')])",
    "check.necessary(H, 'i', violates=[('v', not False, 'symbolic')], conclusion_fails=[])",
    "facts = [('c', False, 'witness')]",
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
