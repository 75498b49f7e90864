"""Re-check a checked deduction from its checkable form, with code of its own (none of the kernel's rules).

Each step's recorded formula is derived again from the recorded formulas of the steps it refers to: premises
(hypothesis, suppose) and citations are taken as recorded (what an assumption or a cited item says is for the reader);
``instantiate`` (the term of the variable's kind and shape, no capture by a quantifier or a binder), ``mp`` (under
shared antecedents), ``chain``, ``contrapose`` and ``generalize`` (the variable free in no premise the step rests on)
are re-derived structurally; each term pair a ``rewrite`` changes is evaluated at random points and random sizes (the
identity claims of :mod:`checker.recheck.records`); a ``lemma``'s proof form is re-checked as a proof and its formula
rebuilt from that form.  The last formula must be the goal.  A parameter of a lemma is a scalar here: the re-check of
"any dimension" is the kernel's section argument alone.
"""
from __future__ import annotations

import sympy

from .numeric import NotRecheckable, parse


def _formula(data):
    kind = data[0]
    if kind == "atom":
        return ("atom", data[1], tuple(parse(a) for a in data[2]))
    if kind == "implies":
        return ("implies", _formula(data[1]), _formula(data[2]))
    if kind == "not":
        return ("not", _formula(data[1]))
    if kind == "forall":
        return ("forall", parse(data[1]), _formula(data[2]))
    raise NotRecheckable(f"an unknown formula kind {kind!r}")


def _variables(e) -> set:
    out = set(getattr(e, "free_symbols", set()))
    for node in sympy.preorder_traversal(e):
        if isinstance(node, sympy.MatrixSymbol):
            out |= {node} | set().union(*(getattr(d, "free_symbols", set()) for d in node.shape))
    return out


def _free(f) -> set:
    if f[0] == "atom":
        return set().union(*(_variables(a) for a in f[2])) if f[2] else set()
    if f[0] == "forall":
        return _free(f[2]) - {f[1]}
    return set().union(*(_free(g) for g in f[1:]))


def _bound(f) -> set:
    if f[0] == "atom":
        return {v for a in f[2] for node in sympy.preorder_traversal(a)
                for v in (getattr(node, "variables", ()) if isinstance(node, sympy.Basic) and not node.is_Atom else ())
                if isinstance(v, sympy.Basic)}
    if f[0] == "forall":
        return {f[1]} | _bound(f[2])
    return set().union(*(_bound(g) for g in f[1:]))


def _put(f, var, term):
    if f[0] == "atom":
        return ("atom", f[1], tuple(a.xreplace({var: term}) for a in f[2]))
    if f[0] == "forall":
        return f if f[1] == var else ("forall", f[1], _put(f[2], var, term))
    return (f[0],) + tuple(_put(g, var, term) for g in f[1:])


def _not(f):
    if f[0] == "atom" and f[1] in ("=", "≠"):
        return ("atom", "≠" if f[1] == "=" else "=", f[2])
    return f[1] if f[0] == "not" else ("not", f)


def _pairs(f, g):
    if f[0] != g[0]:
        return None
    if f[0] == "atom":
        return [(a, b) for a, b in zip(f[2], g[2]) if a != b] if (f[1], len(f[2])) == (g[1], len(g[2])) else None
    if f[0] == "forall":
        return _pairs(f[2], g[2]) if f[1] == g[1] else None
    found = [_pairs(a, b) for a, b in zip(f[1:], g[1:])]
    return None if any(x is None for x in found) else [p for x in found for p in x]


def _mp(imp, arg):
    prefix = []
    while imp[0] == "implies":
        if imp[1] == arg:
            out = imp[2]
            for g in reversed(prefix):
                out = ("implies", g, out)
            return out
        if arg[0] != "implies" or imp[1] != arg[1]:
            return None
        prefix.append(imp[1])
        imp, arg = imp[2], arg[2]
    return None


def _lemma(proof_form):
    """The lemma's formula, rebuilt from its proof form: its premise steps in order ⇒ its conclusion."""
    premises = {p["label"]: p for p in proof_form.get("premises", [])}
    nonzero = list(proof_form.get("nonzero", []))
    atoms = []
    for label, rule in proof_form["steps"]:
        if rule not in ("hypothesis", "suppose", "define"):
            continue
        if label in premises:
            p = premises[label]
            along = tuple(parse(v) for v in p.get("along", []))
            atoms.append(("atom", "≡", (parse(p["lhs"]), parse(p["rhs"])) + along) if along else
                         ("atom", "=", (parse(p["lhs"]), parse(p["rhs"]))))
        else:
            atoms.append(("atom", "≠", (parse(nonzero.pop(0)), sympy.Integer(0))))
    out = ("atom", "=", tuple(parse(x) for x in proof_form["conclusion"]))
    for a in reversed(atoms):
        out = ("implies", a, out)
    return out


def recheck_deduction(form, rng, claim_class) -> dict:
    """``{"result": ...}`` for a deduction's form (``claim_class``: the identity claims, for rewrites and lemmas)."""
    got, rules, evaluated = {}, {}, 0
    for label, rule, refs, recorded, term, extra in form["steps"]:
        formula = _formula(recorded)
        src = [got[r] for r in refs]
        rules[label] = (rule, refs)
        if rule in ("hypothesis", "suppose", "cite"):
            derived = formula
        elif rule == "lemma":
            proof = extra["proof"]
            if proof.get("unavailable"):
                raise NotRecheckable(f"lemma {label!r}: {proof['unavailable']}")
            outcome = claim_class.from_form(proof).recheck(rng)
            if outcome.get("result") != "agrees":
                return outcome if outcome.get("result") == "disagrees" else \
                    {"result": "not re-checkable", "reason": f"lemma {label!r}: {outcome.get('reason', '')}"}
            derived = _lemma(extra["proof"])
        elif rule == "instantiate":
            var, body, value = src[0][1], src[0][2], parse(term)
            if src[0][0] != "forall" or (isinstance(var, sympy.MatrixSymbol) != isinstance(value, sympy.MatrixExpr)) \
                    or getattr(var, "shape", None) != getattr(value, "shape", None) or (_variables(value) | {var}) & _bound(body) \
                    or any(v is True and k != "commutative" and getattr(value, f"is_{k}", None) is not True
                           for k, v in getattr(var, "assumptions0", {}).items()):
                derived = None
            else:
                derived = _put(body, var, value)
        elif rule == "mp":
            derived = _mp(src[0], src[1])
        elif rule == "chain":
            ok = src[0][0] == src[1][0] == "implies" and src[0][2] == src[1][1]
            derived = ("implies", src[0][1], src[1][2]) if ok else None
        elif rule == "contrapose":
            derived = ("implies", _not(src[0][2]), _not(src[0][1])) if src[0][0] == "implies" else None
        elif rule == "generalize":
            var, todo, premises = parse(term), list(refs), set()
            while todo:
                r = todo.pop()
                premises |= {r} if rules[r][0] in ("hypothesis", "suppose", "cite") else set()
                todo += list(rules[r][1])
            derived = None if any(var in _free(got[p]) for p in premises) else ("forall", var, src[0])
        elif rule == "rewrite":
            pairs = _pairs(src[0], formula)
            if pairs is None:
                derived = None
            else:
                for a, b in pairs:
                    outcome = claim_class(_as_pairs(a, b), [], [], [], form.get("functions", {})).recheck(rng)
                    if outcome.get("result") != "agrees":
                        return outcome if outcome.get("result") == "disagrees" else \
                            {"result": "not re-checkable", "reason": f"rewrite {label!r}: {outcome.get('reason', '')}"}
                    evaluated += 1
                derived = formula
        else:
            raise NotRecheckable(f"an unknown rule {rule!r}")
        if derived != formula:
            return {"result": "disagrees", "step": label, "lhs": "the formula re-derived by the rule " + rule,
                    "rhs": "the formula the kernel recorded"}
        got[label] = formula
    if not form["steps"] or got.get(form["steps"][-1][0]) != _formula(form["goal"]):
        return {"result": "disagrees", "lhs": "the last step", "rhs": "the goal"}
    return {"result": "agrees", "points": max(evaluated, 1),
            "how": f"{len(got)} steps re-derived by independent rules, {evaluated} rewrites evaluated at random points"}


def _as_pairs(a, b):
    if isinstance(a, sympy.MatrixBase) and isinstance(b, sympy.MatrixBase):
        return list(zip(list(a), list(b)))
    return [(a, b)]
