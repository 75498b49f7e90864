"""The checkable form of a claim check: what it established, as data an independent checker can re-read.

``{"form": "identity", "lhs": srepr, "rhs": srepr, "relations": [[srepr old, srepr new], ...], "premise": id,
"functions": {name: {fact: bool}}, "scope": text}`` for an identity (the expressions *as the verifier passed them*,
before any evaluation), ``{"form": "proof", "premises": [...], "nonzero": [...], "conclusion": [srepr lhs, srepr
rhs], "steps": [[label, rule], ...]}`` for a checked proof, ``{"form": "deduction", "goal": ..., "steps": ...}`` for a
checked deduction (:func:`deduction_checkable`).  Symbols carry their assumptions in ``srepr``; undefined
functions' assumptions are listed under ``functions`` (``srepr`` drops them).  The re-checker
(:mod:`checker.recheck`) reads only this; nothing here decides a verdict.
"""
from __future__ import annotations

#: the longest ``srepr`` kept (longer forms are recorded as not re-checkable, so the report stays small)
MAX_SREPR = 200_000
#: an ``srepr`` longer than this is stored compressed: ``"zlib:" + base64(zlib(srepr))`` (the report stays small)
COMPRESS_ABOVE = 120


def _srepr(expr, dummies: dict) -> str:
    """sympy's ``srepr`` of ``expr``, compressed when long; each ``Dummy`` is numbered by its first appearance in the
    form (``dummies``: one table per form, so a dummy shared by two expressions keeps one number), not by sympy's
    process-random ``dummy_index``: the same claim gives the same form in every process."""
    import base64
    import re
    import zlib
    import sympy
    if isinstance(expr, (list, tuple)) and not isinstance(expr, sympy.Basic):
        expr = sympy.Matrix(expr)
    text = re.sub(r"dummy_index=(-?\d+)", lambda m: f"dummy_index={dummies.setdefault(m.group(1), len(dummies) + 1)}",
                  sympy.srepr(sympy.sympify(expr)))
    if len(text) > MAX_SREPR:
        raise ValueError(f"the srepr is longer than {MAX_SREPR} characters")
    if len(text) <= COMPRESS_ABOVE:
        return text
    return "zlib:" + base64.b64encode(zlib.compress(text.encode(), 9)).decode()


def _functions(exprs) -> dict:
    """Each undefined function's name -> its assumptions (``True``/``False`` facts only)."""
    import sympy
    from sympy.core.function import AppliedUndef
    out: dict = {}
    for e in exprs:
        if not isinstance(e, sympy.Basic):
            continue
        for app in e.atoms(AppliedUndef):
            facts = {k: v for k, v in dict(getattr(app.func, "default_assumptions", {}) or {}).items()
                     if v is not None and k != "commutative"}
            name = str(app.func)
            if name in out and out[name] != facts:
                out[name] = {"conflict": True}
            else:
                out[name] = facts
    return out


def _pairs(relations) -> list:
    """``relations`` (dict or list of equations) as ``(old, new)`` pairs of sympy objects."""
    import sympy
    if relations is None:
        return []
    if isinstance(relations, dict):
        items = list(relations.items())
    else:
        items = []
        for eq in relations:
            if isinstance(eq, sympy.Equality):
                items.append((eq.lhs, eq.rhs))
            elif isinstance(eq, tuple) and len(eq) == 2:
                items.append(eq)
            else:
                items.append((eq, 0))
    return [(sympy.sympify(o), sympy.sympify(n)) for o, n in items]


def identity_checkable(lhs, rhs, relations=None, premise=None, scope: str = "") -> dict:
    """The checkable form of ``relations ⇒ lhs == rhs`` (``{"form": "identity", "unavailable": why}`` when it cannot
    be written down)."""
    import sympy
    dummies: dict = {}
    try:
        lhs_s, rhs_s = sympy.sympify(lhs), sympy.sympify(rhs)
        pairs = _pairs(relations)
        out = {"form": "identity", "lhs": _srepr(lhs_s, dummies), "rhs": _srepr(rhs_s, dummies)}
        if pairs:
            out["relations"] = [[_srepr(o, dummies), _srepr(n, dummies)] for o, n in pairs]
            out["premise"] = str(premise or "")
        functions = _functions([lhs_s, rhs_s] + [x for p in pairs for x in p])
    except Exception as exc:  # noqa: BLE001 - a form that cannot be written is recorded as such
        return {"form": "identity", "unavailable": f"{type(exc).__name__}: {str(exc)[:120]}"}
    return _completed(out, functions, scope)


def proof_checkable(proof, scope: str = "", dummies: dict = None) -> dict:
    """The checkable form of a checked proof: its premises (hypothesis, suppose, define and cite steps), the
    expressions it declares nonzero, its conclusion, and its steps with their rules (``dummies``: the numbering table
    of an enclosing form)."""
    import sympy
    dummies = {} if dummies is None else dummies
    try:
        steps = {s.label: s for s in proof.steps}
        premises, nonzero, exprs = [], [], []
        for s in proof.steps:
            if s.rule in ("hypothesis", "suppose") and s.factor is not None:
                nonzero.append(_srepr(s.factor, dummies))
                continue
            if s.rule in ("hypothesis", "suppose", "define", "cite"):
                lhs, rhs = _sides(s.eq)
                premise = {"label": s.label, "rule": s.rule, "lhs": _srepr(lhs, dummies), "rhs": _srepr(rhs, dummies)}
                if getattr(s, "along", ()):  # it holds identically in these variables, not only at a point
                    premise["along"] = [_srepr(v, dummies) for v in s.along]
                premises.append(premise)
                exprs += [lhs, rhs]
        final = steps.get(proof.conclusion)
        if final is None or final.rule == "contradiction":
            return {"form": "proof", "unavailable": "the proof concludes by contradiction or names no step"}
        lhs, rhs = _sides(final.eq)
        exprs += [lhs, rhs]
        out = {"form": "proof", "conclusion": [_srepr(lhs, dummies), _srepr(rhs, dummies)], "premises": premises,
               "steps": [[s.label, s.rule] for s in proof.steps]}
        if nonzero:
            out["nonzero"] = nonzero
        functions = _functions([sympy.sympify(e) for e in exprs])
    except Exception as exc:  # noqa: BLE001
        return {"form": "proof", "unavailable": f"{type(exc).__name__}: {str(exc)[:120]}"}
    return _completed(out, functions, scope)


def deduction_checkable(deduction, scope: str = "") -> dict:
    """The checkable form of a checked deduction: its goal and each step (label, rule, refs, the formula the kernel
    derived, the instantiated term or generalized variable, a lemma's proof form and parameters, a citation's name);
    a formula is ``["atom", pred, [srepr, ...]]``, ``["implies", A, B]``, ``["not", A]`` or ``["forall", srepr, A]``."""
    import sympy
    from .deduction import Atom, ForAll, Implies
    dummies: dict = {}
    exprs: list = []

    def form(f):
        if isinstance(f, Atom):
            exprs.extend(f.args)
            return ["atom", f.pred, [_srepr(a, dummies) for a in f.args]]
        if isinstance(f, Implies):
            return ["implies", form(f.premise), form(f.conclusion)]
        if isinstance(f, ForAll):
            return ["forall", _srepr(f.var, dummies), form(f.body)]
        return ["not", form(f.body)]
    try:
        steps = []
        for s in deduction.steps:
            extra = {"cited": f"{s.assumption}:{s.term}"} if s.rule == "cite" else {}
            if s.rule == "lemma":
                extra = {"proof": proof_checkable(s.proof, dummies=dummies), "parameters": [_srepr(p, dummies) for p in s.term]}
            term = _srepr(s.term, dummies) if s.rule in ("instantiate", "generalize") else None
            steps.append([s.label, s.rule, list(s.refs), form(deduction.derived[s.label]), term, extra])
        out = {"form": "deduction", "goal": form(deduction.goal), "steps": steps}
        functions = _functions([sympy.sympify(e) for e in exprs])
    except Exception as exc:  # noqa: BLE001
        return {"form": "deduction", "unavailable": f"{type(exc).__name__}: {str(exc)[:120]}"}
    return _completed(out, functions, scope)


def _completed(out: dict, functions: dict, scope: str) -> dict:
    """A checkable form with the assumptions of its functions and its scope, where there are any."""
    if functions:
        # in name order, facts too (sympy's assumption dicts have no fixed order): a report regenerates identically
        out["functions"] = {name: dict(sorted(facts.items())) if isinstance(facts, dict) else facts
                            for name, facts in sorted(functions.items())}
    if scope:
        out["scope"] = scope
    return out


def _sides(eq):
    import sympy
    if isinstance(eq, tuple) and len(eq) == 2:
        return sympy.sympify(eq[0]), sympy.sympify(eq[1])
    if isinstance(eq, sympy.Equality):
        return eq.lhs, eq.rhs
    return sympy.sympify(eq), sympy.Integer(0)
