"""Checked deductions: first-order steps over formulas whose atoms are equations, inequalities or named predicates.

A formula is an :class:`Atom` (``"="``, ``"≠"``, ``">"``, ``"≥"`` with sympy terms, or a predicate name such as
``"Open"`` with sympy arguments, whose meaning comes from the cited item that states it), ``Implies(A, B)``,
``Not(A)`` or ``ForAll(v, A)`` (v a symbol or a matrix symbol).  Rules, each checked by :func:`check_deduction`:

* ``hypothesis`` / ``suppose`` -- a premise (an assumption the item declares / a premise of the proved implication);
* ``cite``        -- the formula a *cited* (trusted) item among the item's uses states under a name (``Item.formulas``);
* ``lemma``       -- ``P1 ⇒ (P2 ⇒ … ⇒ C)`` from a checked equational :class:`~checker.kernel.proof.Proof` (its premise
  steps in order, ``≡(lhs, rhs, t)`` for one holding identically in t); ``parameters``: symbols the proof uses only as
  an argument of undefined functions, so the proof is checked with them dropped (each function replaced by its
  section at a fixed parameter value): the lemma then holds with the parameters in any set (any dimension);
* ``instantiate`` -- from ``∀v. A`` infer ``A[v := term]``: the term of v's kind and shape with v's assumptions, no
  free variable of it bound by a quantifier or a sympy binder inside A (capture), substitution stopping where A
  rebinds v;
* ``mp``          -- from ``Γ ⇒ (A ⇒ B)`` and ``Γ ⇒ A`` infer ``Γ ⇒ B`` (Γ a shared, possibly empty, chain of antecedents);
* ``chain``       -- from ``A ⇒ B`` and ``B ⇒ C`` infer ``A ⇒ C``;
* ``contrapose``  -- from ``A ⇒ B`` infer ``¬B ⇒ ¬A`` (¬(a = b) is a ≠ b and back; any other ¬A is ``Not(A)``);
* ``rewrite``     -- the same formula with terms replaced by terms equal to them for every value of every variable
  (and every size of a matrix of symbolic shape): each pair shown equal symbolically (:func:`terms_equal_problem`,
  no division, no matrix inverse), so ``a > 0`` becomes ``b > 0`` only when a = b is an identity;
* ``generalize``  -- from A infer ``∀v. A`` when v is free in no premise or citation A rests on.

Atoms match only structurally (the same predicate and the same sympy trees); a deduction is ``proved`` when every step
is checked and its last step is the stated goal.  Its checkable form records every step's derived formula; the
re-checker (:mod:`checker.recheck`) re-derives each with its own code (docs/recheck.md).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

import sympy
from sympy.core.function import AppliedUndef
from sympy.matrices.expressions import Inverse, MatrixExpr, MatrixSymbol

from .engine.symbolic import bound_variables, inexact_numbers
from .proof import PREMISE_RULES, Proof, StepResult, check_proof

@dataclass(frozen=True)
class Atom:
    pred: str
    args: tuple


@dataclass(frozen=True)
class Implies:
    premise: Any
    conclusion: Any


@dataclass(frozen=True)
class Not:
    body: Any


@dataclass(frozen=True)
class ForAll:
    var: Any
    body: Any


FORMULAS = (Atom, Implies, Not, ForAll)


def atom(pred: str, *args) -> Atom:
    return Atom(pred, tuple(sympy.sympify(a) if not isinstance(a, sympy.Basic) else a for a in args))


def implies(*formulas):
    """``A1 ⇒ (A2 ⇒ … ⇒ B)``."""
    out = formulas[-1]
    for f in reversed(formulas[:-1]):
        out = Implies(f, out)
    return out


def forall(variables, body):
    variables = variables if isinstance(variables, (list, tuple)) else [variables]
    for v in reversed(list(variables)):
        body = ForAll(v, body)
    return body


def negation(f):
    if isinstance(f, Atom) and f.pred in ("=", "≠"):
        return Atom("≠" if f.pred == "=" else "=", f.args)
    return f.body if isinstance(f, Not) else Not(f)


def render(f) -> str:
    if isinstance(f, Atom):
        if f.pred in ("=", "≠", ">", "≥") and len(f.args) == 2:
            return f"{sympy.sstr(f.args[0])} {f.pred} {sympy.sstr(f.args[1])}"
        return f"{f.pred}({', '.join(sympy.sstr(a) for a in f.args)})"
    if isinstance(f, Implies):
        return f"({render(f.premise)} ⇒ {render(f.conclusion)})"
    if isinstance(f, Not):
        return f"¬{render(f.body)}"
    if isinstance(f, ForAll):
        return f"∀{sympy.sstr(f.var)}. {render(f.body)}"
    return repr(f)


def free_variables(f) -> set:
    """The symbols and matrix symbols free in ``f`` (shape symbols included; undefined functions are not variables)."""
    if isinstance(f, Atom):
        out = set()
        for a in f.args:
            out |= a.free_symbols | {m for m in a.atoms(MatrixSymbol)}
            for m in a.atoms(MatrixSymbol):
                out |= set().union(*(sympy.sympify(d).free_symbols for d in m.shape))
        return out
    if isinstance(f, Implies):
        return free_variables(f.premise) | free_variables(f.conclusion)
    if isinstance(f, Not):
        return free_variables(f.body)
    return free_variables(f.body) - {f.var}


def _binders(f) -> set:
    """Variables bound inside ``f``: by its quantifiers and by sympy binders (derivatives, Subs, integrals) in atoms."""
    if isinstance(f, Atom):
        return {v for a in f.args for node in sympy.preorder_traversal(a) if isinstance(node, sympy.Basic)
                for v in bound_variables(node) if isinstance(v, sympy.Basic)}
    if isinstance(f, Implies):
        return _binders(f.premise) | _binders(f.conclusion)
    if isinstance(f, Not):
        return _binders(f.body)
    return {f.var} | _binders(f.body)


def substitute(f, var, term):
    """``f[var := term]`` (stopping where a quantifier rebinds ``var``)."""
    if isinstance(f, Atom):
        return Atom(f.pred, tuple(a.xreplace({var: term}) for a in f.args))
    if isinstance(f, Implies):
        return Implies(substitute(f.premise, var, term), substitute(f.conclusion, var, term))
    if isinstance(f, Not):
        return Not(substitute(f.body, var, term))
    return f if f.var == var else ForAll(f.var, substitute(f.body, var, term))


def instantiation_problem(var, term, body) -> str:
    """Why ``term`` may not replace the bound ``var`` in ``body`` ('' when it may)."""
    if not isinstance(term, sympy.Basic):
        return f"{term!r} is not a sympy term"
    if isinstance(var, MatrixSymbol):
        if not isinstance(term, (MatrixExpr, sympy.MatrixBase)) or tuple(term.shape) != tuple(var.shape):
            return f"{sympy.sstr(term)} is not a matrix of the shape {sympy.sstr(var.shape)} of {sympy.sstr(var)}"
    elif isinstance(term, (MatrixExpr, sympy.MatrixBase)) or not isinstance(term, sympy.Expr):
        return f"{sympy.sstr(term)} is not a scalar, as {sympy.sstr(var)} is"
    else:
        for fact, value in var.assumptions0.items():
            if value is True and fact != "commutative" and getattr(term, f"is_{fact}") is not True:
                return f"{sympy.sstr(term)} is not shown {fact}, as {sympy.sstr(var)} is"
    if var in _binders(body):
        return f"{sympy.sstr(var)} is bound again inside {render(body)} (a derivative's variable, a quantifier)"
    captured = free_variables(Atom("term", (term,))) & _binders(body)
    if captured:
        return (f"{', '.join(sorted(map(sympy.sstr, captured)))} of {sympy.sstr(term)} would be captured by a binder "
                f"of {render(body)}")
    return ""


def terms_equal_problem(a, b, seconds: float = 10.0) -> str:
    """Why ``a = b`` is not shown for every value of every variable and every size ('' when it is): matrices of
    symbolic shape by the every-size matrix algebra, scalars by the zero test.  Only polynomial operations, entire
    functions and generic functions may occur (no division, no matrix inverse or negative power, no log or sqrt): an
    identity of rational functions may fail where a denominator vanishes."""
    from .engine.matrix_shapes import proved_for_every_shape
    from .engine.residuals import shown_zero
    from .proof import ENTIRE_FUNCTIONS
    if inexact_numbers(a, b):
        return "floating-point numbers in the terms"
    for node in (n for x in (a, b) for n in sympy.preorder_traversal(x)):
        if isinstance(node, Inverse) or isinstance(node, (sympy.Pow, sympy.MatPow)) and not (
                node.exp.is_Integer and node.exp >= 0) or isinstance(node, sympy.Function) and not isinstance(
                node, (AppliedUndef,) + ENTIRE_FUNCTIONS):
            return f"{sympy.sstr(node)} may be undefined somewhere (only polynomial operations are admitted)"
    matrices = [isinstance(x, (MatrixExpr, sympy.MatrixBase)) for x in (a, b)]
    if all(matrices):
        if tuple(a.shape) != tuple(b.shape):
            return f"shapes {sympy.sstr(a.shape)} and {sympy.sstr(b.shape)} differ"
        if isinstance(a, MatrixExpr) or isinstance(b, MatrixExpr):
            return "" if proved_for_every_shape(a, b) else \
                f"{sympy.sstr(a)} = {sympy.sstr(b)} is not shown for every size"
        return "" if all(shown_zero(x - y, simplify_seconds=seconds) for x, y in zip(a, b)) else \
            f"{sympy.sstr(a)} = {sympy.sstr(b)} is not shown"
    if any(matrices):
        return f"a matrix and a scalar: {sympy.sstr(a)}, {sympy.sstr(b)}"
    return "" if shown_zero(a - b, simplify_seconds=seconds) else f"{sympy.sstr(a)} = {sympy.sstr(b)} is not shown"


def _atom_args(f) -> list:
    """Every term of every atom of ``f``."""
    if isinstance(f, Atom):
        return list(f.args)
    return [a for g in ((f.premise, f.conclusion) if isinstance(f, Implies) else (f.body,)) for a in _atom_args(g)]


def _term_pairs(f, g):
    """The pairs of differing terms of two formulas of the same skeleton, or ``None`` when the skeletons differ."""
    if type(f) is not type(g):
        return None
    if isinstance(f, Atom):
        if f.pred != g.pred or len(f.args) != len(g.args):
            return None
        return [(a, b) for a, b in zip(f.args, g.args) if a != b]
    if isinstance(f, ForAll):
        return _term_pairs(f.body, g.body) if f.var == g.var else None
    if isinstance(f, Not):
        return _term_pairs(f.body, g.body)
    first, second = _term_pairs(f.premise, g.premise), _term_pairs(f.conclusion, g.conclusion)
    return None if first is None or second is None else first + second


def proof_formula(proof: Proof):
    """What a checked equational proof proves, as a formula: its premise steps in order ⇒ its conclusion."""
    from .engine.symbolic import as_residuals
    steps = {s.label: s for s in proof.steps}

    def eq_atom(step):
        if step.factor is not None:
            return Atom("≠", (sympy.sympify(step.factor), sympy.S.Zero))
        lhs, rhs = (step.eq.lhs, step.eq.rhs) if isinstance(step.eq, sympy.Equality) else \
            (step.eq if isinstance(step.eq, tuple) else (as_residuals(step.eq)[0], 0))
        lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
        return Atom("≡", (lhs, rhs, *step.along)) if getattr(step, "along", ()) else Atom("=", (lhs, rhs))
    premises = [eq_atom(s) for s in proof.steps if s.rule in PREMISE_RULES]
    return implies(*premises, eq_atom(steps[proof.conclusion]))


def sections(proof: Proof, parameters) -> tuple:
    """``(proof, problem)``: ``proof`` with the parameters dropped from every function application, each function
    replaced by its section at the parameters' values (a fresh function per function and (position, parameter)
    pattern), or ``(None, why not)`` when a parameter occurs anywhere else: outside the arguments of functions, as a
    variable of a derivative or another binder, in a certificate or citation instance.  A proof of the sections, which
    are arbitrary functions of the remaining arguments, proves the original statement for every parameter value in
    any set (of any dimension)."""
    import copy
    out, sections_of = copy.deepcopy(proof), {}
    taken = {str(a.func) for st in proof.steps for part in _step_parts(st) for a in part.atoms(AppliedUndef)}

    def section(app):
        key = (app.func, len(app.args), tuple((i, a) for i, a in enumerate(app.args) if a in parameters))
        if key not in sections_of:
            name = next(nm for k in itertools.count() for nm in [f"{app.func}_section{k}"] if nm not in taken)
            taken.add(name)
            sections_of[key] = sympy.Function(name, **{k: v for k, v in app.func.default_assumptions.items()
                                                       if v is not None and k != "commutative"})
        return sections_of[key](*[a for a in app.args if a not in parameters])

    def drop(e):
        return e.replace(lambda a: isinstance(a, AppliedUndef) and any(p in a.args for p in parameters), section)
    for st in out.steps:
        parts = _step_parts(st)
        if set(parameters) & (set(st.along) | {st.var} | set().union(*(_binders(Atom("", (x,))) for x in parts))):
            return None, f"step {st.label!r} differentiates in, holds along or binds a parameter"
        if isinstance(st.certificate, dict) and any(x.has(*parameters) for x in parts):
            return None, f"step {st.label!r} instantiates a citation with a parameter"
        st.eq = tuple(drop(sympy.sympify(x)) for x in st.eq) if isinstance(st.eq, tuple) else drop(st.eq)
        st.factor = drop(sympy.sympify(st.factor)) if st.factor is not None else None
        if isinstance(st.certificate, (list, tuple)):
            st.certificate = [drop(sympy.sympify(c)) for c in st.certificate]
        if any(x.has(*parameters) for x in _step_parts(st)):
            return None, f"step {st.label!r} uses a parameter outside the arguments of functions"
    return out, ""


def _step_parts(st) -> list:
    """The sympy objects a proof step states or uses."""
    cert = st.certificate.items() if isinstance(st.certificate, dict) else [st.certificate or ()]
    raw = list(st.eq) if isinstance(st.eq, tuple) else [st.eq]
    raw += [st.factor, st.var] + [x for pair in cert for x in pair]
    return [sympy.sympify(x) for x in raw if isinstance(x, (sympy.Basic, int))]


@dataclass
class DStep:
    label: str
    rule: str
    formula: Any = None
    refs: tuple = ()
    term: Any = None
    assumption: str = ""
    proof: Any = None
    note: str = ""


@dataclass
class Deduction:
    """A deduction under construction: add steps in order; the last step must be ``goal``."""

    title: str
    goal: Any
    steps: list = field(default_factory=list)
    #: label -> the formula the kernel derived (set by :func:`check_deduction`; the checkable form records it)
    derived: dict = field(default_factory=dict)

    def _add(self, step):
        if step.label in {s.label for s in self.steps}:
            raise ValueError(f"deduction step label {step.label!r} used twice")
        if step.formula is not None and not isinstance(step.formula, FORMULAS):
            raise TypeError(f"step {step.label!r}: {step.formula!r} is not a formula")
        self.steps.append(step)
        return step.label

    def hypothesis(self, label, formula, assumption, note=""):
        aid = assumption if isinstance(assumption, str) else getattr(assumption, "id", "")
        return self._add(DStep(label, "hypothesis", formula, assumption=aid, note=note))

    def suppose(self, label, formula, note=""):
        return self._add(DStep(label, "suppose", formula, note=note))

    def cite(self, label, item_id, name, formula=None, note=""):
        return self._add(DStep(label, "cite", formula, term=name, assumption=item_id, note=note))

    def lemma(self, label, proof, formula=None, *, parameters=(), note=""):
        return self._add(DStep(label, "lemma", formula, proof=proof, term=tuple(parameters), note=note))

    def instantiate(self, label, source, term, formula=None, note=""):
        return self._add(DStep(label, "instantiate", formula, (source,), term=term, note=note))

    def mp(self, label, implication, premise, formula=None, note=""):
        return self._add(DStep(label, "mp", formula, (implication, premise), note=note))

    def chain(self, label, first, second, formula=None, note=""):
        return self._add(DStep(label, "chain", formula, (first, second), note=note))

    def contrapose(self, label, source, formula=None, note=""):
        return self._add(DStep(label, "contrapose", formula, (source,), note=note))

    def rewrite(self, label, source, formula, note=""):
        return self._add(DStep(label, "rewrite", formula, (source,), note=note))

    def generalize(self, label, source, var, formula=None, note=""):
        return self._add(DStep(label, "generalize", formula, (source,), term=var, note=note))


def _derive(step, got, ctx):
    """``(formula, problem)``: what the rule derives from the earlier formulas ``got`` (None for a premise)."""
    f = [got[r] for r in step.refs]
    if step.rule in ("hypothesis", "suppose"):
        if step.formula is None:
            return None, "a premise states its formula"
        if step.rule == "hypothesis" and ctx["assumptions"] is not None and step.assumption not in ctx["assumptions"]:
            return None, f"names {step.assumption!r}, which the item does not assume"
        return step.formula, ""
    if step.rule == "cite":
        if step.assumption not in ctx["allowed"]:
            return None, f"cites {step.assumption!r}, which is not among the item's uses"
        if ctx["trusted"] is None:
            return (step.formula, "") if step.formula is not None else (None, "outside an item a citation states its formula")
        stated = ctx["trusted"].get(step.assumption, {})
        if step.term not in stated:
            return None, f"{step.assumption} (a cited item) states no formula {step.term!r} (it states {sorted(stated)})"
        return stated[step.term], ""
    if step.rule == "lemma":
        proof, problem = sections(step.proof, step.term) if step.term else (step.proof, "")
        if problem:
            return None, problem
        results = check_proof(proof, ctx["allowed"], assumptions=ctx["assumptions"], exports=ctx["exports"])
        bad = [r for r in results if r.status != "checked"]
        if bad:
            return None, f"the proof's step {bad[0].label!r} is {bad[0].status}: {bad[0].detail}"
        return proof_formula(step.proof), ""
    if step.rule == "instantiate":
        if not isinstance(f[0], ForAll):
            return None, "instantiates a formula that is not ∀v. A"
        problem = instantiation_problem(f[0].var, step.term, f[0].body)
        return (None, problem) if problem else (substitute(f[0].body, f[0].var, step.term), "")
    if step.rule == "contrapose":
        if not isinstance(f[0], Implies):
            return None, "contraposes a formula that is not A ⇒ B"
        return Implies(negation(f[0].conclusion), negation(f[0].premise)), ""
    if step.rule == "chain":
        if not (isinstance(f[0], Implies) and isinstance(f[1], Implies)) or f[0].conclusion != f[1].premise:
            return None, "the conclusion of the first is not the premise of the second (atoms match structurally)"
        return Implies(f[0].premise, f[1].conclusion), ""
    if step.rule == "mp":
        imp, arg, prefix = f[0], f[1], []
        while True:
            if isinstance(imp, Implies) and imp.premise == arg:
                return implies(*prefix, imp.conclusion), ""
            if not (isinstance(imp, Implies) and isinstance(arg, Implies) and imp.premise == arg.premise):
                return None, "the premise does not match an antecedent of the implication under shared antecedents"
            prefix.append(imp.premise)
            imp, arg = imp.conclusion, arg.conclusion
    if step.rule == "rewrite":
        pairs = _term_pairs(f[0], step.formula)
        if pairs is None:
            return None, "the formulas differ in more than terms (predicates, connectives or quantified variables)"
        for a, b in pairs:
            problem = terms_equal_problem(a, b, ctx["seconds"])
            if problem:
                return None, problem
        return step.formula, ""
    if step.rule == "generalize":
        var = step.term
        if not isinstance(var, (sympy.Symbol, MatrixSymbol)):
            return None, f"generalizes over {var!r}, which is not a symbol or matrix symbol"
        for label in _premises_of(step.refs[0], ctx["steps"]):
            if var in free_variables(got[label]):
                return None, f"{sympy.sstr(var)} is free in the premise {label!r} the formula rests on"
        return ForAll(var, f[0]), ""
    return None, f"unknown rule {step.rule!r}"


def _premises_of(label, steps) -> set:
    """The premise and citation steps a step rests on (transitively)."""
    by = {s.label: s for s in steps}
    out, todo = set(), [label]
    while todo:
        s = by[todo.pop()]
        if s.rule in ("hypothesis", "suppose", "cite"):
            out.add(s.label)
        todo += list(s.refs)
    return out


def check_deduction(d: Deduction, allowed_citations: Sequence[str] = (), assumptions: Optional[Sequence[str]] = None,
                    trusted: Optional[dict] = None, exports: Optional[dict] = None, seconds: float = 10.0) -> list:
    """Check every step; one :class:`~checker.kernel.proof.StepResult` per step plus the conclusion's.

    ``trusted``: cited item id -> {name: formula} it states (``None``: outside an item, a citation is a premise)."""
    ctx = {"allowed": tuple(allowed_citations), "assumptions": None if assumptions is None else tuple(assumptions),
           "trusted": trusted, "exports": exports, "seconds": seconds, "steps": d.steps}
    got, results = {}, []
    for step in d.steps:
        bad_ref = next((r for r in step.refs if r not in got), None)
        if bad_ref is not None:
            formula, problem = None, f"rests on {bad_ref!r}, an unknown, later or unchecked step"
        elif inexact_numbers(*(_atom_args(step.formula) if step.formula is not None else []),
                             step.term if isinstance(step.term, sympy.Basic) else None):
            formula, problem = None, "floating-point numbers in the step"
        else:
            try:
                formula, problem = _derive(step, got, ctx)
            except Exception as exc:  # noqa: BLE001 - a step that cannot be checked is unchecked
                formula, problem = None, f"{type(exc).__name__}: {exc}"
        if formula is not None and step.formula is not None and formula != step.formula:
            formula, problem = None, f"derives {render(formula)}, not the stated {render(step.formula)}"
        if formula is not None and not isinstance(formula, FORMULAS):
            formula, problem = None, f"{formula!r} is not a formula"
        if formula is not None:
            got[step.label] = formula
        results.append(StepResult(step.label, step.rule, render(formula if formula is not None else step.formula),
                                  "checked" if formula is not None else "failed", problem or step.note,
                                  assumption=step.assumption if step.rule == "hypothesis" else "",
                                  cited=f"{step.assumption}:{step.term}" if step.rule == "cite" else ""))
    d.derived = dict(got)
    last = d.steps[-1].label if d.steps else None
    if last is None or got.get(last) != d.goal:
        results.append(StepResult("conclusion", "conclude", render(d.goal), "failed",
                                  "the last step does not derive the goal" if last in got else "no checked last step"))
    return results


def proved_statement(d: Deduction) -> str:
    premises = [s for s in d.steps if s.rule in ("hypothesis", "suppose")]
    text = render(d.goal)
    if not premises:
        return text
    return "premises " + ", ".join(f"{s.label!r} ({render(s.formula)}{f' as {s.assumption}' if s.assumption else ''})"
                                   for s in premises) + " ⇒ " + text
