"""Relations an identity is checked modulo: named premises, applied soundly, rejected when inconsistent.

Two kinds, given as a dict ``{old: new}`` or a list of equations:

* a **substitution rule** ``old = new`` whose left side is an atom -- a symbol, an undefined function
  application ``x(t)``, or a derivative of one ``x''(t)``; a rule on a curve holds identically in its
  argument (it may be differentiated).  Rules are applied until nothing changes;
* an **implicit relation** ``p = 0`` (any other equation): the residual is reduced modulo the Gröbner
  basis of the implicit relations (its numerator must lie in the ideal they generate, so it vanishes
  wherever they hold and the residual is defined).

Every set of relations is tied to a *premise* (the id of an assumption or item it comes from), shown in
the evidence.  Rejected with ``ValueError``: a rule whose left side is not an atom and not a polynomial
relation, a rule that contradicts the assumptions of its symbol, rules for a curve and its derivative that
disagree, rules that never stop rewriting, implicit relations whose ideal contains 1.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy
from sympy.core.function import AppliedUndef

from .symbolic import evaluated

MAX_REWRITES = 12


def is_atom(expr) -> bool:
    """A left side a substitution rule may have: symbol, undefined application, or derivative of one."""
    if isinstance(expr, sympy.Symbol):
        return True
    if isinstance(expr, AppliedUndef):
        return True
    return isinstance(expr, sympy.Derivative) and isinstance(expr.expr, AppliedUndef)


def identically_in(old) -> set:
    """The variables a rule ``old = new`` holds identically in: the symbol arguments of the curve (or of the
    composite along a curve) on its left side -- it holds for every value of them, so it may be differentiated
    and integrated in them; a rule holds identically in nothing else."""
    if isinstance(old, sympy.Derivative):
        old = old.expr
    if isinstance(old, AppliedUndef):
        return {a for a in old.args if isinstance(a, sympy.Symbol)}
    return set()


def substitute_respecting_binders(expr, rules: dict):
    """``expr.subs(rules)``, except inside a derivative, integral, sum, ``Subs`` or ``Lambda`` binding a
    variable that a rule's left side depends on without the rule holding identically in it: there that
    rule is not applied (``∂/∂x G(t, x(t))`` is not ``∂/∂x 0`` because ``G(t, x(t)) = 0`` along a curve)."""
    from .symbolic import bound_variables
    masks: dict = {}

    def unsafe(old, binds) -> bool:
        return any(old.has(b) and not (isinstance(b, sympy.Symbol) and b in identically_in(old)) for b in binds)

    def visit(e):
        if not e.args:
            return e
        binds = bound_variables(e)
        if binds:
            blocked = [old for old in rules if unsafe(old, binds)]
            if blocked:
                kept = {o: n for o, n in rules.items() if o not in blocked}
                marker = sympy.Dummy("bound")
                masks[marker] = substitute_respecting_binders(e, kept) if kept else e
                return marker
        new_args = [visit(a) for a in e.args]
        return e.func(*new_args) if any(n is not o for n, o in zip(new_args, e.args)) else e

    return visit(sympy.sympify(expr)).subs(rules).xreplace(masks)


@dataclass
class Relations:
    """Relations of one premise: substitution ``rules`` and ``implicit`` equations ``p = 0``."""

    premise: str
    rules: dict = field(default_factory=dict)
    implicit: list = field(default_factory=list)

    def describe(self) -> dict:
        shown = [f"{sympy.sstr(old)} = {sympy.sstr(new)}" for old, new in self.rules.items()]
        shown += [f"{sympy.sstr(p)} = 0" for p in self.implicit]
        return {"premise": self.premise, "relations": shown}

    def apply(self, expr):
        """``expr`` with the rules substituted until nothing changes (``ValueError`` if that never happens)."""
        expr = evaluated(expr)
        if not self.rules:
            return expr
        for _ in range(MAX_REWRITES):
            new = evaluated(substitute_respecting_binders(expr, self.rules))
            if new == expr:
                return expr
            expr = new
        raise ValueError(f"relations of premise {self.premise!r} keep rewriting (a cycle?): "
                         f"{'; '.join(self.describe()['relations'])[:200]}")

    def assumption_rules(self) -> list:
        """``(old, new, facts)`` for the rules whose left side carries assumptions (a symbol's, a function's)."""
        from .instances import function_assumptions
        out = []
        for old, new in self.rules.items():
            if isinstance(old, sympy.Symbol):
                facts = {k: v for k, v in old.assumptions0.items() if k != "commutative"}
            elif isinstance(old, AppliedUndef):
                facts = {k: v for k, v in function_assumptions(old.func).items() if k != "commutative"}
            else:
                continue
            if facts:
                out.append((old, new, facts))
        return out

    def closed_for(self, residual) -> bool:
        """Whether every point of the residual's variables extends to one satisfying the rules.

        True when no left side of a rule is left in the residual except lower derivatives of a curve
        at the same argument (jets at a point are independent).
        """
        for old in self.rules:
            if isinstance(old, sympy.Symbol):
                if old in residual.free_symbols:
                    return False
                continue
            app = old.expr if isinstance(old, sympy.Derivative) else old
            order = int(old.derivative_count) if isinstance(old, sympy.Derivative) else 0
            for other in residual.atoms(AppliedUndef):
                if other.func != app.func:
                    continue
                if other != app or order == 0 or len(app.args) != 1:
                    return False
            for d in residual.atoms(sympy.Derivative):
                if not any(a.func == app.func for a in d.expr.atoms(AppliedUndef)):
                    continue
                if d.expr == app and int(d.derivative_count) < order and set(d.variables) == {app.args[0]}:
                    continue  # a lower jet of the curve: free at a point
                if d.expr != app and not (set(d.variables) & set(app.args)):
                    continue  # a derivative of another function, taken at the curve's values
                return False
        return True

    def branches(self, seconds: float = 5.0) -> list:
        """Relations whose implicit part is solved: one :class:`Relations` of rules per solution branch.

        Used only to look for a witness on the relations (a branch may miss solutions, so nothing is
        confirmed from branches).  Branches that contradict an assumption are dropped.
        """
        from .symbolic import TimeLimit, time_limit
        unknowns = sorted(set().union(*(p.free_symbols for p in self.implicit)), key=sympy.default_sort_key)
        if not unknowns or any(p.atoms(AppliedUndef) for p in self.implicit):
            return []
        try:
            with time_limit(seconds):
                solutions = sympy.solve(self.implicit, unknowns, dict=True)
        except (TimeLimit, Exception):  # noqa: BLE001 - no branches: no witness on the relations
            return []
        out = []
        for solution in solutions[:8]:
            rules = dict(self.rules)
            try:
                for old, new in solution.items():
                    _check_rule_assumptions(old, new)
                    rules[old] = new
                branch = Relations(self.premise, rules)
                _check_acyclic(branch)
            except ValueError:
                continue
            out.append(branch)
        return out

    def reduce(self, residual):
        """``True`` when the residual's numerator lies in the ideal of the implicit relations, else ``None``."""
        if not self.implicit:
            return None
        numerator = sympy.numer(sympy.together(residual))
        atoms, generators = _generators([numerator, *self.implicit])
        try:
            basis = sympy.groebner([p.xreplace(atoms) for p in self.implicit], *generators, order="grevlex", domain="QQ")
            _, remainder = basis.reduce(sympy.expand(numerator.xreplace(atoms)))
        except Exception:  # noqa: BLE001 - not polynomial over QQ: nothing is proved modulo the relations
            return None
        return True if remainder == 0 else None


def _generators(polys):
    """Replace non-symbol atoms (applications, derivatives) by dummies: ``(mapping, generators)``."""
    mapping = {}
    for p in polys:
        for d in p.atoms(sympy.Derivative):
            mapping.setdefault(d, sympy.Dummy("g"))
    for p in polys:
        for a in p.atoms(AppliedUndef):
            mapping.setdefault(a, sympy.Dummy("g"))
    symbols = set()
    for p in polys:
        symbols |= p.xreplace(mapping).free_symbols
    return mapping, sorted(symbols, key=sympy.default_sort_key)


def relation_pairs(relations) -> list:
    """``relations`` (a dict ``{old: new}`` or a list of equations, pairs or expressions = 0) as ``(old, new)`` pairs."""
    if isinstance(relations, dict):
        return list(relations.items())
    if isinstance(relations, (list, tuple)):
        pairs = []
        for eq in relations:
            if isinstance(eq, sympy.Equality):
                pairs.append((eq.lhs, eq.rhs))
            elif isinstance(eq, tuple) and len(eq) == 2:
                pairs.append(eq)
            else:
                pairs.append((eq, 0))
        return pairs
    raise TypeError(f"relations must be a dict {{old: new}} or a list of equations, not {type(relations).__name__}")


def parse_relations(relations, premise) -> Relations | None:
    """Validate ``relations`` (dict or list) tied to ``premise`` (``None`` when there are none)."""
    if relations is None or (hasattr(relations, "__len__") and len(relations) == 0):
        return None
    if not isinstance(premise, str) or not premise.strip():
        raise ValueError("relations are premises: name the assumption or item they come from (premise='ID')")
    out = Relations(premise)
    for old, new in relation_pairs(relations):
        old, new = sympy.sympify(old), sympy.sympify(new)
        if is_atom(old) and old not in out.rules:
            _check_rule_assumptions(old, new)
            out.rules[old] = new
        else:
            out.implicit.append(sympy.expand(old - new))
    _check_acyclic(out)
    _check_rules_agree(out)
    out.implicit = [out.apply(p) for p in out.implicit if out.apply(p) != 0]
    if out.implicit:
        _check_implicit(out)
    return out


def _check_rule_assumptions(old, new):
    if isinstance(old, sympy.Symbol):
        for fact, expected in old.assumptions0.items():
            if expected is True and getattr(new, f"is_{fact}", None) is False:
                raise ValueError(f"relation {old} = {sympy.sstr(new)} contradicts the assumption {fact} of {old}")


def _check_acyclic(relations: Relations):
    """No rule's right side may lead back to its left side through other rules (``x = y`` with ``y = x``)."""
    lefts = list(relations.rules)
    uses = {old: [o for o in lefts if o != old and relations.rules[old].has(o)] for old in lefts}
    state: dict = {}

    def visit(node, path):
        if state.get(node) == "done":
            return
        if state.get(node) == "open":
            raise ValueError(f"relations of premise {relations.premise!r} are cyclic: "
                             f"{' -> '.join(sympy.sstr(n) for n in (*path, node))}")
        state[node] = "open"
        for nxt in uses[node]:
            visit(nxt, (*path, node))
        state[node] = "done"

    for old in lefts:
        if relations.rules[old].has(old):
            raise ValueError(f"relation {sympy.sstr(old)} = {sympy.sstr(relations.rules[old])} of premise "
                             f"{relations.premise!r} has its left side on the right")
        visit(old, ())


def _check_rules_agree(relations: Relations):
    """Each rule must agree with what the other rules say about its left side.

    The other rules are applied to ``old`` (for a derivative, the rule for its function differentiated);
    where that changes ``old``, the image must equal ``new`` modulo all rules, else the rules are
    inconsistent (``x(t) = t`` with ``x'(t) = 2``; ``f(x, y) = xy`` with ``f_x = 0``).
    """
    from .symbolic import cheap_reduce
    for old, new in relations.rules.items():
        others = Relations(relations.premise, {k: v for k, v in relations.rules.items() if k != old})
        image = others.apply(old)
        if image == old:
            continue
        zero, _ = cheap_reduce(relations.apply(image) - relations.apply(new))
        if not zero:
            raise ValueError(f"relations of premise {relations.premise!r} disagree: {sympy.sstr(old)} = {sympy.sstr(new)}, "
                             f"but the other relations give {sympy.sstr(image)}")


def _check_implicit(relations: Relations):
    for p in relations.implicit:
        if p.is_number and p != 0:
            raise ValueError(f"relations of premise {relations.premise!r} are inconsistent: {sympy.sstr(p)} = 0")
    atoms, generators = _generators(relations.implicit)
    if not generators:
        return
    try:
        basis = sympy.groebner([p.xreplace(atoms) for p in relations.implicit], *generators, order="grevlex")
    except (sympy.PolynomialError, sympy.CoercionFailed, ValueError, TypeError):
        return  # not polynomial: no ideal computed, and nothing is proved modulo them (reduce returns None)
    if list(basis.exprs) == [1]:
        raise ValueError(f"relations of premise {relations.premise!r} are inconsistent (1 lies in their ideal): "
                         f"{'; '.join(relations.describe()['relations'])[:200]}")
