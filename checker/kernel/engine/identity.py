"""The identity claim: ``lhs == rhs`` for all values of its symbols and functions, possibly modulo relations.

1. **Symbolic.**  Relations (named premises, :mod:`checker.kernel.engine.relations`) are applied; each residual is
   reduced by ``doit``/``expand``/``cancel`` (then with jets of curves as independent symbols,
   :func:`checker.kernel.engine.symbolic.jet_normalize`), modulo the Gröbner basis of implicit relations, and only then
   by trigonometric/power rewriting and ``simplify`` under a time limit.  Zero: ``proved``.
2. **Randomized.**  The *original* residual (relations applied, nothing renamed) is evaluated at random
   instances (:mod:`checker.kernel.engine.instances`): undefined functions become members of polynomial, exponential and
   trigonometric families honouring their assumptions, symbols exact values across scales honouring
   theirs.  A point is decided zero or non-zero as precision grows (:mod:`checker.kernel.engine.pointwise`).  A failing
   instance is shrunk by hypothesis and **re-checked** (exact ``evalf``, else at higher precision) before
   it is reported as a refutation; one that does not re-check, or that may violate the relations, makes
   the claim ``inconclusive``.  Too few points inside the domain: ``inconclusive``.  Otherwise
   ``confirmed``, with the counts, the families, the seed and the largest relative residual.
3. **Schwartz–Zippel.**  Only when the claim's own residual is a polynomial in its symbols (no functions,
   no relations): exact uniform integer trials, and the bound they give.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import mpmath
import sympy
from sympy.core.function import AppliedUndef

from ..evidence import Check
from .guards.breakpoints import sample_breakpoints
from .guards.unevaluated import cross_check
from .matrix_shapes import (at_sizes, concrete_sizes, proved_for_every_shape, require_one_shape_per_name, shape_symbols,
                            sizes_text)
from .instances import (FunctionTemplate, admissible_value, choose_wrapper, derivative_orders, raw_values,
                        satisfies_assumptions, scale_scan, takes_complex_values)
from .lazy import lazy_module
from .pointwise import RECHECK_CAP_DIGITS, STABLE_DIGITS, CompiledResiduals, robust_at, scale_digits
from .randomized import FalsificationResult, OutsideDomain, falsify, format_number
from .relations import parse_relations
from .shrink import shrink
from .symbolic import (TimeLimit, as_residuals, cheap_reduce, derivatives_by_dummies, evaluated, free_symbols_sorted,
                       certified_nonzero_value, inexact_numbers, inexact_reason, rewriting_reduce, time_limit)

st = lazy_module("hypothesis.strategies")  # imported on first use (only instance generation needs it)

SZ_RANGE = 10**6  # uniform integer trials for the Schwartz–Zippel bound are drawn from [-SZ_RANGE, SZ_RANGE]
PROBE_INSTANCES = 4  # instances tried before the expensive symbolic stage: a visibly false claim skips it
RECHECK_SECONDS = 5.0
NONREAL_REASON = ("a function with value assumptions is applied at a non-real argument (its families honour the "
                  "assumptions at real arguments only)")
DOMAIN_CONVENTION = ("points where both sides are defined (a symbol that sympy does not know to be real takes real, "
                     "complex and imaginary values, a function not known to be real is complex-valued; values "
                     "compared as complex numbers, principal branches)")
ZERO_TEST = ("zero test: the residual shrinking as the precision doubles, or below what the precision resolves "
             "only where the precision covers the point's scale (else re-evaluated from the working precision plus "
             "the scale's digits: no fixed relative threshold)")


def _relation_sides(relations) -> list:
    """The relations as expressions ``a - b`` (a dict ``{a: b}``, equations, pairs, or expressions equal to 0), for the
    cross-check of the closed forms in them; what is not read so is left to ``parse_relations``."""
    if relations is None:
        return []
    if isinstance(relations, dict):
        pairs = list(relations.items())
    elif isinstance(relations, (list, tuple)):
        pairs = list(relations)
    else:
        pairs = [relations]
    out = []
    for r in pairs:
        try:
            if isinstance(r, tuple) and len(r) == 2:
                out.append(sympy.sympify(r[0]) - sympy.sympify(r[1]))
            elif isinstance(r, sympy.Equality):
                out.append(r.lhs - r.rhs)
            else:
                out.append(sympy.sympify(r))
        except Exception:  # noqa: BLE001 - not an expression: parse_relations reports it
            continue
    return [e for e in out if isinstance(e, sympy.Basic)]


def check_identity(name, lhs, rhs, *, relations, premise, scope, samples, seed, dps, context, witness_hook) -> Check:
    """The verdict on ``lhs == rhs`` (see the module docstring)."""
    require_one_shape_per_name(lhs, rhs, relations)
    floats = inexact_numbers(lhs, rhs, relations)
    if floats:
        return Check(name, "inconclusive", "symbolic", scope, f"not decided: {inexact_reason(floats, 'the claim')}"
                     + (f"; {context}" if context else ""))
    crossed = cross_check(lhs, rhs, seed)
    for relation in _relation_sides(relations) if crossed.ok else ():  # a relation's closed form is as untrusted
        crossed = cross_check(relation, 0, seed)
        if not crossed.ok:
            break
    if not crossed.ok:
        return Check(name, "inconclusive", "symbolic", scope, f"not decided: {crossed.reason}"
                     + (f"; {context}" if context else ""), seed=seed)
    shapes = shape_symbols(lhs, rhs, relations) if relations is None or isinstance(relations, (list, tuple, dict)) \
        else shape_symbols(lhs, rhs)
    if shapes:
        return _check_every_shape(name, lhs, rhs, shapes, relations=relations, premise=premise, scope=scope,
                                  samples=samples, seed=seed, dps=dps, context=context, witness_hook=witness_hook)
    rel = parse_relations(relations, premise)
    premises = [rel.describe()] if rel else []
    originals = [rel.apply(r) if rel else evaluated(r) for r in as_residuals((lhs, rhs))]
    suffix = "".join(f"; modulo {p['premise']}: {', '.join(p['relations'])}" for p in premises) + (f"; {context}" if context else "")

    def make(outcome, method, detail, **extra):
        return Check(name, outcome, method, scope, detail + suffix, premises=premises, **extra)

    pending = []
    for r in originals:
        zero, reduced = cheap_reduce(r)
        if not zero and rel is not None and rel.reduce(r):
            zero = True
        if not zero:
            pending.append((r, reduced))
    if not pending:
        how = "residual reduces to 0" + (" (Gröbner normal form modulo the relations)" if rel and rel.implicit else "")
        return make("proved", "symbolic", how)

    constant = nonzero_constant([reduced for _, reduced in pending]) if not (rel and rel.implicit) else None
    if constant is not None:
        witness = {"instance": {}, "residual": [constant], "seed": seed,
                   "note": "the residual is a non-zero number: the claim fails at every point"}
        return make("refuted", "symbolic", "the residual reduces to a non-zero number", seed=seed,
                    witness=witness_hook(witness))

    plan = InstancePlan.build([r for r, _ in pending], rel, dps)
    rewritten = {}

    def rewritten_constant(items):
        """Rewrite each pending residual (memoised); a certified non-zero number among the forms refutes."""
        for r, reduced in items:
            if id(reduced) not in rewritten:
                rewritten[id(reduced)] = rewriting_reduce(reduced)
        if rel and rel.implicit:
            return None
        return nonzero_constant([rewritten[id(reduced)][1] for _, reduced in items
                                 if not rewritten[id(reduced)][0]])

    def refuted_by_constant(constant):
        witness = {"instance": {}, "residual": [constant], "seed": seed,
                   "note": "the residual rewrites to a non-zero number: the claim fails at every point"}
        return make("refuted", "symbolic", "the residual rewrites (trigonometric/power rewriting or simplify) to a "
                    "non-zero number", seed=seed, witness=witness_hook(witness))

    if plan.impossible:
        constant = rewritten_constant(pending)
        if constant is not None:
            return refuted_by_constant(constant)
        for r, reduced in pending:
            if not rewritten[id(reduced)][0]:
                return make("inconclusive", "randomized", f"sympy did not reduce the residual to 0, and {plan.impossible}; "
                            f"residual: {sympy.sstr(r)[:200]}", seed=seed)
        return make("proved", "symbolic", "residual reduces to 0 (simplify)")

    probe = plan.search(seed, PROBE_INSTANCES)
    found = probe if probe.found else None
    if found is None:
        constant = rewritten_constant(pending)
        if constant is not None:
            return refuted_by_constant(constant)
        still = [(r, reduced) for r, reduced in pending if not rewritten[id(reduced)][0]]
        if not still:
            return make("proved", "symbolic", "residual reduces to 0 (trigonometric/power rewriting or simplify)")
        if len(still) < len(pending):
            plan = InstancePlan.build([r for r, _ in still], rel, dps)
        pending = still
        plan.reset_counts()
        result = plan.search(seed, samples, scan=True)
        found = result if result.found else None
    else:
        result = probe

    verdict = plan.recheck(found.counterexample) if found is not None else None
    if rel is not None and rel.implicit and not (verdict and verdict["genuine"]):
        on_branch = _witness_on_branches([r for r, _ in pending], rel, dps, seed, samples)
        if on_branch is not None:
            plan, found, verdict = on_branch
    if found is not None:
        if verdict["genuine"]:
            witness = {"instance": plan.describe(found.counterexample), "residual": verdict["residual"],
                       "seed": seed, "recheck": verdict["method"], "sympy": plan.pasteable(found.counterexample)}
            families = plan.families_of(found.counterexample)
            if families:
                witness["families"] = families
            if premises:
                witness["premises"] = premises
                jets = plan.jet_note()
                if jets:
                    witness["relations note"] = jets
            if context:
                witness["context"] = context
            return make("refuted", "randomized", f"residual non-zero at a shrunk instance after {found.instances} instances "
                        f"({verdict['method']})", instances=found.instances, seed=seed, witness=witness_hook(witness))
        return make("inconclusive", "randomized", f"a non-zero residual was seen but not confirmed: {verdict['reason']}; "
                    f"{plan.counts_text()}", instances=found.instances, seed=seed)

    at_breakpoints = sample_breakpoints(plan)
    if at_breakpoints.outcome == "refuted":
        witness = dict(at_breakpoints.witness, seed=seed)
        if context:
            witness["context"] = context
        return make("refuted", "randomized", "residual non-zero at a breakpoint of the claim's conditions (evaluated "
                    "exactly)", instances=plan.inside, seed=seed, witness=witness_hook(witness))
    if at_breakpoints.outcome == "undecided":
        return make("inconclusive", "randomized", f"not confirmed: {at_breakpoints.text}; zero at {plan.counts_text()}",
                    instances=plan.inside, seed=seed)
    minimum = max(3, math.ceil(samples / 2))
    if plan.nonreal_seen:
        return make("inconclusive", "randomized", f"not sampleable: {NONREAL_REASON}, and the points where it is "
                    f"applied at real arguments alone are no evidence for the claim ({plan.counts_text()})",
                    instances=plan.inside, seed=seed)
    if plan.inside < minimum:
        return make("inconclusive", "randomized", f"too few instances inside the domain ({plan.counts_text()}; "
                    f"at least {minimum} needed); domain: {DOMAIN_CONVENTION}", instances=plan.inside, seed=seed)
    bound, point = _schwartz_zippel([r for r, _ in pending], plan, seed) if not rel else ("", None)
    if point is not None:
        witness = {"instance": {str(k): sympy.sstr(v) for k, v in point.items()}, "seed": seed,
                   "recheck": "exact: the polynomial residual is a non-zero integer there"}
        return make("refuted", "randomized", "polynomial residual non-zero at an exact uniform trial",
                    instances=plan.inside, seed=seed, witness=witness_hook(witness))
    detail = (f"sympy did not reduce the residual to 0; zero at {plan.counts_text()}; domain: {DOMAIN_CONVENTION}; "
              f"{plan.families_text()}; {ZERO_TEST}")
    if bound:
        detail += f"; {bound}"
    if at_breakpoints.outcome == "covered":
        detail += f"; {at_breakpoints.text}"
        scope = f"{scope}; {at_breakpoints.text}" if scope else at_breakpoints.text
    return make("confirmed", "randomized", detail, instances=plan.inside, seed=seed,
                max_residual=format_number(plan.largest_relative), error_bound=bound or None)


def _check_every_shape(name, lhs, rhs, shapes, *, relations, premise, scope, samples, seed, dps, context,
                       witness_hook) -> Check:
    """A matrix identity whose shapes are symbols (:mod:`checker.kernel.engine.matrix_shapes`): proved for every size by
    matrix-expression algebra, else checked exactly at small concrete sizes (at most ``confirmed``)."""
    every = ", ".join(str(s) for s in shapes)
    suffix = f"; {context}" if context else ""
    if not relations:
        how = proved_for_every_shape(lhs, rhs)
        if how:
            return Check(name, "proved", "symbolic", scope or f"every size {every}",
                         f"residual reduces to the zero matrix for every size of {every} ({how}){suffix}")
    passed, skipped, methods = [], [], set()
    for sizes in concrete_sizes(shapes):
        try:
            at = check_identity(name, at_sizes(lhs, sizes), at_sizes(rhs, sizes), relations=at_sizes(relations, sizes),
                                premise=premise, scope=scope, samples=samples, seed=seed, dps=dps, context=context,
                                witness_hook=witness_hook)
        except (ValueError, ZeroDivisionError, TypeError, sympy.matrices.exceptions.NonInvertibleMatrixError) as exc:
            skipped.append(f"{sizes_text(sizes)} ({type(exc).__name__})")
            continue
        if at.outcome == "refuted":
            if isinstance(at.witness, dict):
                at.witness["sizes"] = sizes_text(sizes)
            at.detail = f"at sizes {sizes_text(sizes)}: {at.detail}"
            return at
        if at.outcome != "proved" and at.outcome != "confirmed":
            at.detail = f"at sizes {sizes_text(sizes)}: {at.detail}"
            return at
        passed.append(sizes_text(sizes))
        methods.add(at.outcome)
    if not passed:
        return Check(name, "inconclusive", "instances", scope,
                     f"no concrete size of {every} could be checked" + (f" (skipped: {'; '.join(skipped)})" if skipped else "")
                     + suffix, seed=seed)
    how = "proved exactly" if methods == {"proved"} else "checked (some sizes only on random instances)"
    detail = (f"sympy's matrix algebra did not reduce the residual for every size of {every}; {how} at sizes "
              f"{'; '.join(passed)}" + (f"; skipped {'; '.join(skipped)}" if skipped else "")
              + " -- evidence at these sizes, not a proof for every size" + suffix)
    return Check(name, "confirmed", "instances", scope or f"sizes {'; '.join(passed)}", detail,
                 instances=len(passed), seed=seed)


def _witness_on_branches(residuals, rel, dps, seed, samples):
    """``(plan, found, verdict)`` for a re-checked witness on a solved branch of the implicit relations, or ``None``."""
    for branch in rel.branches():
        try:
            reduced = [branch.apply(r) for r in residuals]
        except ValueError:
            continue
        if all(cheap_reduce(r)[0] for r in reduced):
            continue
        plan = InstancePlan.build(reduced, branch, dps)
        if plan.impossible:
            continue
        found = plan.search(seed, samples)
        if found.found:
            verdict = plan.recheck(found.counterexample)
            if verdict["genuine"]:
                return plan, found, verdict
    return None


def nonzero_constant(reduced):
    """The first residual that is a number certified non-zero by ``evalf`` (as text), else ``None`` (never a float:
    rounding may have made it non-zero, :func:`checker.kernel.engine.symbolic.inexact_numbers`)."""
    for r in reduced:
        value = None if r.atoms(AppliedUndef) else certified_nonzero_value(r, 30, RECHECK_SECONDS)
        if value is not None:
            return sympy.sstr(value)
    return None


@dataclass
class InstancePlan:
    """How random instances of the pending residuals are drawn, evaluated and re-checked."""

    residuals: list
    relations: object
    dps: int
    templates: dict = field(default_factory=dict)
    value_symbols: list = field(default_factory=list)
    compiled: object = None
    implicit: object = None
    closed: bool = True
    impossible: str = ""
    inside: int = 0
    outside: int = 0
    undecided: int = 0
    outside_reasons: dict = field(default_factory=dict)
    family_counts: dict = field(default_factory=dict)
    largest_relative: object = 0
    residual_value: object = 0
    function_keys: dict = field(default_factory=dict)  # each function -> the key of its draws (unique, even for equal names)
    symbol_keys: dict = field(default_factory=dict)    # each value symbol -> the key of its draws (unique)
    nonreal_seen: int = 0
    real_arguments: object = None  # compiled arguments of functions whose assumptions hold only at real arguments
    _strategy: object = None

    @classmethod
    def build(cls, residuals, relations, dps):
        plan = cls([derivatives_by_dummies(r) for r in residuals], relations, dps)
        implicit = [derivatives_by_dummies(p) for p in (relations.implicit if relations else [])]
        everything = sympy.Tuple(*plan.residuals, *implicit)
        noncommutative = sorted(str(s) for s in everything.free_symbols if not s.is_commutative)
        if noncommutative:
            plan.impossible = f"non-commutative symbols ({', '.join(noncommutative)}) cannot take number values"
            return plan
        orders = derivative_orders(plan.residuals + implicit)
        arities = {app.func: len(app.args) for app in everything.atoms(AppliedUndef)}
        for func in sorted(arities, key=_object_order):
            wrap = choose_wrapper(func)
            if wrap is None:
                plan.impossible = f"no function family honours the assumptions of {func}"
                return plan
            plan.templates[func] = FunctionTemplate.build(func, arities[func], orders.get(func, 0), wrap)
        parametric = [plan._instantiate(e) for e in plan.residuals]
        parametric_implicit = [plan._instantiate(e) for e in implicit]
        parameters = [p for t in plan.templates.values() for p in t.parameters]
        plan.value_symbols = sorted((s for s in sympy.Tuple(*parametric, *parametric_implicit).free_symbols
                                     if s not in set(parameters)), key=_object_order)
        plan.function_keys = _unique_keys(plan.templates, str)
        plan.symbol_keys = _unique_keys(plan.value_symbols, lambda s: s.name)
        arguments = parameters + plan.value_symbols
        real_arguments = [plan._instantiate(a) for a in _arguments_needing_real(plan.residuals + implicit, plan.templates)]
        try:
            plan.compiled = CompiledResiduals(parametric, arguments)
            plan.implicit = CompiledResiduals(parametric_implicit, arguments) if parametric_implicit else None
            plan.real_arguments = CompiledResiduals(real_arguments, arguments) if real_arguments else None
        except Exception as exc:  # noqa: BLE001 - the expression cannot be compiled to mpmath
            plan.impossible = f"the residual cannot be evaluated numerically ({type(exc).__name__}: {str(exc)[:120]})"
            return plan
        if relations is not None:
            plan.closed = all(relations.closed_for(r) for r in residuals)
        return plan

    def _instantiate(self, expr):
        """Every undefined function replaced by its template (one pass over the tree, innermost applications
        first), then every derivative and ``Subs`` evaluated.

        A derivative of an undefined function in symbols that each fill one argument slot and occur in no other
        argument, ∂^k f(a_1, ..., ξ, ..., a_n)/∂ξ^k, is the template's own partial derivative in that slot taken at
        the arguments: it is formed from the template (small) instead of differentiating the template composed
        with its arguments (large)."""
        partials: dict = {}

        def partial(node):
            orders = _slot_orders(node)
            if orders is None:  # the chain rule is needed: left to the evaluation below
                return node
            template, key = self.templates[node.expr.func], (node.expr.func, orders)
            if key not in partials:
                partials[key] = template.body.diff(*[(template.dummies[i], k) for i, k in orders])
            return partials[key].xreplace(dict(zip(template.dummies, node.expr.args)))

        expr = expr.replace(lambda n: isinstance(n, sympy.Derivative) and isinstance(n.expr, AppliedUndef)
                            and n.expr.func in self.templates, partial)
        bodies = {func: sympy.Lambda(template.dummies, template.body) for func, template in self.templates.items()}
        expr = expr.replace(lambda n: isinstance(n, AppliedUndef) and n.func in bodies,
                            lambda n: bodies[n.func](*n.args))
        return expr.replace(lambda n: isinstance(n, (sympy.Derivative, sympy.Subs)), lambda n: n.doit())

    # -- drawing -------------------------------------------------------------------------
    def strategy(self):
        if self._strategy is None:
            functions = {self.function_keys[f]: t.strategy() for f, t in self.templates.items()}
            symbols = {self.symbol_keys[s]: raw_values(takes_complex_values(s)) for s in self.value_symbols}
            self._strategy = st.fixed_dictionaries({"functions": st.fixed_dictionaries(functions),
                                                    "symbols": st.fixed_dictionaries(symbols)})
        return self._strategy

    def search(self, seed: int, samples: int, scan: bool = False):
        """Instances until one fails, then :func:`checker.kernel.engine.shrink.shrink` it.

        With ``scan``, first the scale scan (:func:`checker.kernel.engine.instances.scale_scan`: every symbol at ±10^e for
        e = -9, -6, ..., 9, functions in each family), then ``samples`` random instances (hypothesis,
        generation only).
        """
        if scan:
            for instance in scale_scan(self.templates, self.value_symbols, self.function_keys, self.symbol_keys):
                try:
                    failed = self.residual(instance) is False or self.residual_value > 0
                except OutsideDomain:
                    continue
                if failed:
                    return FalsificationResult(shrink(instance, self._fails), True, self.inside, self.outside, 0, seed)
        result = falsify(self.strategy(), self.residual, seed=seed, max_examples=samples, tolerance=0, shrink=False)
        if result.found:
            result.counterexample = shrink(result.counterexample, self._fails)
        return result

    def _fails(self, instance) -> bool:
        """Whether the residual is non-zero (or undecided) at ``instance``, without counting it as evidence."""
        try:
            values = self.assignment(instance)
            if self._nonreal_argument(values):
                return False
            point = self.compiled.at(values, self.dps)
        except OutsideDomain:
            return False
        return point.status in ("nonzero", "undecided")

    def assignment(self, instance) -> dict:
        values = {}
        for func, template in self.templates.items():
            values.update(template.assignment(instance["functions"][self.function_keys[func]]))
        for s in self.value_symbols:
            value = admissible_value(s, instance["symbols"][self.symbol_keys[s]])
            if value is None:
                raise OutsideDomain(f"no value satisfies the assumptions of {s}")
            values[s] = value
        return values

    def reset_counts(self):
        self.inside = self.outside = self.undecided = 0
        self.outside_reasons, self.family_counts, self.largest_relative = {}, {}, 0

    def residual(self, instance):
        """0 at a zero point, the relative residual at a non-zero one, False when undecided."""
        try:
            values = self.assignment(instance)
        except OutsideDomain as exc:
            self._outside(str(exc))
            raise
        nonreal = self._nonreal_argument(values)
        if nonreal:
            self._outside(nonreal)
            raise OutsideDomain(nonreal)
        point = self.compiled.at(values, self.dps)
        if point.status == "outside":
            self._outside(point.reason)
            raise OutsideDomain(point.reason)
        self.inside += 1
        for family in self.families_of(instance).values():
            self.family_counts[family] = self.family_counts.get(family, 0) + 1
        self.residual_value = 0
        if point.status == "zero":
            self.largest_relative = max(self.largest_relative, point.relative)
            return mpmath.mpf(0)
        if point.status == "undecided":
            self.undecided += 1
            return False
        self.residual_value = point.relative
        return point.relative

    def _outside(self, reason):
        self.outside += 1
        self.outside_reasons[reason] = self.outside_reasons.get(reason, 0) + 1

    # -- re-checking and describing --------------------------------------------------------
    def recheck(self, instance) -> dict:
        """Is the residual genuinely non-zero at ``instance`` (and does the instance satisfy the relations)?"""
        values = self.assignment(instance)
        if self.relations is not None and not self.closed:
            return {"genuine": False, "reason": "the instance may violate the relations (their left sides remain in "
                                                 "the residual at other arguments or orders)"}
        if self.implicit is not None:
            on_relations = self.implicit.at(values, self.dps)
            if on_relations.status != "zero":
                return {"genuine": False, "reason": "the instance does not satisfy the implicit relations, and points "
                                                     "on them are not sampled"}
        nonreal = self._nonreal_argument(values)
        if nonreal:
            return {"genuine": False, "reason": nonreal}
        violated = self._violated_rule_assumptions(instance, values)
        if violated:
            return {"genuine": False, "reason": f"at the instance the relations give {violated}, against its assumptions"}
        return self._robust_nonzero(instance, values)

    def _robust_nonzero(self, instance, values) -> dict:
        """A refutation must be robust: the residual is evaluated at growing precision from the point's scale on
        (:func:`checker.kernel.engine.pointwise.scale_digits`: ``exp(-1000)`` is lost below 435 digits) until a value is stable over
        two doublings, and sympy's certified ``evalf`` must agree with it.  Disagreement, no stable value below the
        cap, or a scale beyond it: not genuine (the claim is then inconclusive, never refuted)."""
        scale = self._scale_digits(values)
        if scale is None:
            return {"genuine": False, "reason": "the point's scale is too large to re-check its residual reliably"}
        start = 2 * self.dps + scale
        cap = min(RECHECK_CAP_DIGITS, max(8 * self.dps, 4 * start))
        if 4 * start > cap:
            return {"genuine": False, "reason": f"re-checking the point needs more than {cap} digits (its scale: "
                                                 f"{scale} digits)"}
        point = robust_at(self.compiled, values, start, cap, 2 * RECHECK_SECONDS)
        if point.status != "nonzero":
            return {"genuine": False, "reason": point.reason or f"the re-check at growing precision found the residual "
                                                                 f"{point.status}"}
        exact = self._exact_values(instance, values)
        numeric = point.values
        agreed, method = [], ""
        for i, stable in enumerate(point.stable):
            if not stable:
                continue
            value = exact[i] if exact is not None else None
            if value is None:  # sympy could not certify a value there: the stable numeric value alone
                agreed.append(i)
                method = method or "numeric"
                continue
            try:
                number = sympy.N(value, 20)
                certified = mpmath.mpc(str(sympy.re(number)), str(sympy.im(number)))
            except (TypeError, ValueError, OverflowError):
                continue
            if certified != 0 and abs(certified - numeric[i]) <= abs(certified) * mpmath.mpf(10) ** (-STABLE_DIGITS):
                agreed.append(i)
                method = "exact"
        if not agreed:
            return {"genuine": False, "reason": "sympy's certified evalf and the numeric re-check at growing precision "
                                                 "disagree about the residual at the point"}
        if method == "exact":
            return {"genuine": True, "residual": [sympy.sstr(exact[i]) if exact and exact[i] is not None
                                                  else format_number(numeric[i], 6) for i in range(len(numeric))],
                    "method": f"re-checked exactly: sympy evalf with certified precision, agreeing with a value stable "
                              f"over two doublings of the precision from {start} digits (the point's scale: {scale} digits)"}
        return {"genuine": True, "residual": [format_number(v, 6) for v in numeric],
                "method": f"re-checked numerically: a value stable over two doublings of the precision from {start} "
                          f"digits (the point's scale: {scale} digits)"}

    def _scale_digits(self, values):
        """:func:`checker.kernel.engine.pointwise.scale_digits` of the residuals at the point (``None``: too large or too slow)."""
        try:
            with time_limit(RECHECK_SECONDS):
                total = 0
                for r in self.compiled.residuals:
                    digits = scale_digits(r.xreplace(values))
                    if digits is None:
                        return None
                    total = max(total, digits)
                return total
        except (TimeLimit, Exception):  # noqa: BLE001
            return None

    def _nonreal_argument(self, values) -> str:
        """Why the point is outside the domain the function families speak for, or ''.

        A function with value assumptions (``Function('g', real=True)``, positive, ...) is replaced by a family member
        that has them at *real* arguments only (a real polynomial at ``u = 4i`` is not real): at a point where such a
        function is applied to an argument whose value is not real, the instance is no admissible function, so the
        point is never evidence, and never a witness."""
        if self.real_arguments is None:
            return ""
        dps = max(self.dps, 15)
        evaluated = self.real_arguments.evaluate(values, dps)
        if isinstance(evaluated, str):
            return f"an argument of a function with value assumptions is {evaluated}"
        for value, size in evaluated:
            if abs(mpmath.im(value)) > size * mpmath.mpf(10) ** (-(dps - 5)):
                self.nonreal_seen += 1
                return NONREAL_REASON
        return ""

    def _violated_rule_assumptions(self, instance, values) -> str:
        """The first relation ``old = new`` whose value at the instance breaks an assumption on ``old`` ('' if none)."""
        if self.relations is None:
            return ""
        for old, new, facts in self.relations.assumption_rules():
            value = self._concrete(self.relations.apply(new), instance, values)
            try:
                with time_limit(RECHECK_SECONDS):
                    ok = value is not None and satisfies_assumptions(value, facts)
            except (TimeLimit, Exception):  # noqa: BLE001 - not decided: not shown to hold
                ok = False
            if not ok:
                return f"{sympy.sstr(old)} = {sympy.sstr(value)}"
        return ""

    def _concrete(self, expr, instance, values):
        """``expr`` with the instance's concrete functions and values substituted and derivatives done."""
        try:
            with time_limit(RECHECK_SECONDS):
                e = derivatives_by_dummies(expr)
                for func, template in self.templates.items():
                    names, body = template.concrete(instance["functions"][self.function_keys[func]])
                    e = e.replace(func, sympy.Lambda(names, body))
                return e.doit().xreplace({s: values[s] for s in self.value_symbols if s in values})
        except (TimeLimit, Exception):  # noqa: BLE001
            return None

    def _exact_values(self, instance, values):
        """The residuals at the instance by sympy (substitute, ``doit``, certified ``evalf``), or ``None``."""
        try:
            with time_limit(RECHECK_SECONDS):
                out = []
                for r in self.residuals:
                    e = self._concrete(r, instance, values)
                    if e is None:
                        return None
                    try:
                        v = sympy.N(e, 20, strict=True)
                    except Exception:  # noqa: BLE001 - precision exhausted: no certified value (never read as 0)
                        v = None
                    if v is not None and not v.is_number:
                        return None
                    out.append(v)
                return out
        except (TimeLimit, Exception):  # noqa: BLE001
            return None

    def describe(self, instance) -> dict:
        out = {}
        for func, template in self.templates.items():
            names, body = template.concrete(instance["functions"][self.function_keys[func]])
            out[f"{self.function_keys[func]}({', '.join(map(str, names))})"] = sympy.sstr(body)
        values = self.assignment(instance)
        for s in self.value_symbols:
            out[self.symbol_keys[s]] = sympy.sstr(values[s])
        for old, new in (self.relations.rules.items() if self.relations is not None else ()):
            if isinstance(old, sympy.Symbol):
                value = self._concrete(self.relations.apply(new), instance, values)
                out[f"{old.name} (by the relations)"] = sympy.sstr(value) if value is not None else sympy.sstr(new)
        return out

    def pasteable(self, instance) -> str:
        """The instance as one line of Python to paste into a session: ``from sympy import *``, the variables of the
        functions, each function a ``Lambda`` and each value exact (``S(1)/3``, not 0.333)."""
        assignments, variables = [], set()
        for func, template in self.templates.items():
            names, body = template.concrete(instance["functions"][self.function_keys[func]])
            variables.update(map(str, names))
            arguments = ", ".join(map(str, names)) + ("," if len(names) == 1 else "")
            assignments.append(f"{self.function_keys[func]} = Lambda(({arguments}), "
                               f"{sympy.sstr(body, sympy_integers=True)})")
        values = self.assignment(instance)
        for s in self.value_symbols:
            assignments.append(f"{self.symbol_keys[s]} = {sympy.sstr(values[s], sympy_integers=True)}")
        head = [f"{name} = Symbol({name!r})" for name in sorted(variables)]
        return "; ".join(["from sympy import *"] + head + assignments)

    def jet_note(self) -> str:
        """How a witness's curves meet derivative relations (they are used only up to the order the relations fix)."""
        if self.relations is None:
            return ""
        fixed = sorted({f"{sympy.sstr(old.expr)} from order {int(old.derivative_count)} on"
                        for old in self.relations.rules if isinstance(old, sympy.Derivative)})
        if not fixed:
            return ""
        return ("at the point, each curve enters through its value and its derivatives below the order the relations "
                "fix; the functions shown give those, and the relations give the rest (" + "; ".join(fixed) + ")")

    def families_of(self, instance) -> dict:
        return {self.function_keys[f]: t.family_of(instance["functions"][self.function_keys[f]])
                for f, t in self.templates.items()}

    def counts_text(self) -> str:
        text = f"{self.inside} instances inside the domain, {self.outside} outside"
        if self.outside_reasons:
            text += " (" + ", ".join(f"{n} {reason}" for reason, n in sorted(self.outside_reasons.items())) + ")"
        return text

    def families_text(self) -> str:
        if not self.templates:
            return "no undefined functions"
        shapes = "; ".join(t.describe() for t in self.templates.values())
        tried = ", ".join(f"{family}: {n}" for family, n in sorted(self.family_counts.items()))
        return f"functions: {shapes}; families tried: {tried}"


def _arguments_needing_real(exprs, templates) -> list:
    """The argument expressions (free of bound variables) at which a function whose assumptions its family honours
    only at real arguments is applied, including the points of a ``Subs`` over such a function."""
    from .instances import function_assumptions
    complex_only = sympy.Dummy(complex=True)

    def constrained(func):
        facts = {k: v for k, v in function_assumptions(func).items() if v is not None}
        return bool(facts) and not all(getattr(complex_only, f"is_{k}", None) == v for k, v in facts.items())

    funcs = {f for f, t in templates.items() if constrained(f) and not t.complex_valued}
    if not funcs:
        return []
    out = []
    for expr in exprs:
        for node in sympy.preorder_traversal(expr):
            if isinstance(node, AppliedUndef) and node.func in funcs:
                candidates = node.args
            elif isinstance(node, sympy.Subs) and any(a.func in funcs for a in node.expr.atoms(AppliedUndef)):
                candidates = node.point
            else:
                continue
            for a in candidates:
                if a.is_Symbol or a.is_real or a in out:
                    continue
                out.append(a)
    bound = set()
    for expr in exprs:
        for node in sympy.preorder_traversal(expr):
            bound.update(s for v in _bound(node) for s in getattr(v, "free_symbols", ()))
    return [a for a in out if not (a.free_symbols & bound) and not a.has(sympy.Derivative, sympy.Subs)]


def _bound(node):
    from .symbolic import bound_variables
    return bound_variables(node)


def _object_order(obj):
    """A deterministic order of symbols or function classes: by name, then by what else tells equal names apart."""
    if isinstance(obj, type):  # a function class: its assumptions
        facts = dict(getattr(obj, "default_assumptions", {}) or {})
    else:
        facts = getattr(obj, "assumptions0", {}) or {}
    return (str(obj), type(obj).__name__, sorted((k, str(v)) for k, v in dict(facts).items()),
            getattr(obj, "dummy_index", 0) or 0)


def _unique_keys(objects, name) -> dict:
    """Each object -> a text key: its name, made unique (``t#2``) where distinct objects share a name.

    Draws are keyed by these, so two different variables or functions written alike (``t`` and a positive ``t``,
    a matrix entry ``A[0,0]`` and a Symbol so named, ``Function('f')`` and ``Function('f', real=True)``) draw
    independent values: a name must never make two objects one."""
    objects = sorted(objects, key=_object_order)
    counts: dict = {}
    for obj in objects:
        counts[name(obj)] = counts.get(name(obj), 0) + 1
    out, seen, taken = {}, {}, set()
    for obj in objects:
        base = name(obj)
        if counts[base] == 1 and base not in taken:
            key = base
        else:
            seen[base] = seen.get(base, 0) + 1
            key = f"{base}#{seen[base]}"
            while key in taken or key in counts:
                seen[base] += 1
                key = f"{base}#{seen[base]}"
        taken.add(key)
        out[obj] = key
    return out


def _slot_orders(derivative):
    """``((slot, order), ...)`` when every variable of ``derivative`` (of an undefined application f(a_1, ..., a_n))
    is a symbol that is exactly one argument a_i and occurs in no other argument, so that the derivative is the
    partial derivative of f in those slots at the arguments; ``None`` otherwise (then the chain rule is needed)."""
    args = derivative.expr.args
    orders: dict = {}
    for variable, count in derivative.variable_count:
        if not variable.is_Symbol:
            return None
        slots = [i for i, a in enumerate(args) if a == variable]
        if len(slots) != 1 or any(variable in a.free_symbols for i, a in enumerate(args) if i != slots[0]):
            return None
        orders[slots[0]] = orders.get(slots[0], 0) + int(count)
    return tuple(sorted(orders.items()))


def _schwartz_zippel(residuals, plan, seed, trials: int = 3):
    """Exact uniform integer trials for a claim whose residual is a polynomial in its symbols.

    ``(bound text or '', failing point or None)``; no bound when there are functions or a symbol's
    assumptions exclude the integer sample set.
    """
    if plan.templates:
        return "", None
    symbols = plan.value_symbols
    expanded = [sympy.expand(r) for r in residuals]
    if any(not e.is_polynomial(*symbols) for e in expanded):
        return "", None
    rng = random.Random(seed)
    samplers = {}
    for s in symbols:
        sample_set = _integer_sample_set(s)
        if sample_set is None:
            return "", None
        samplers[s] = sample_set
    degrees = [sympy.Poly(e, *symbols).total_degree() if symbols else 0 for e in expanded]
    for _ in range(trials):
        point = {s: sympy.Integer(rng.choice(sample_set)) for s, sample_set in samplers.items()}
        if any(e.xreplace(point) != 0 for e in expanded):
            return "", point
    d = max(degrees, default=0)
    size = min((len(v) for v in samplers.values()), default=2 * SZ_RANGE + 1)
    per = sympy.Rational(d, size)
    return (f"polynomial residual of degree {d}: {trials} exact uniform trials on sets of at least {size} integers, "
            f"error probability <= ({d}/{size})^{trials} = {float(per**trials):.1e}"), None


def _integer_sample_set(symbol):
    """A range of integers every one of which satisfies ``symbol``'s assumptions, or ``None``."""
    facts = symbol.assumptions0
    low, high = -SZ_RANGE, SZ_RANGE
    if facts.get("positive"):
        low = 1
    elif facts.get("nonnegative"):
        low = 0
    if facts.get("negative"):
        high = -1
    elif facts.get("nonpositive"):
        high = 0
    step, start = 1, low
    if facts.get("even") or facts.get("odd"):
        step = 2
        start = low + ((low % 2) != (1 if facts.get("odd") else 0))
    candidates = range(start, high + 1, step)
    if facts.get("nonzero") and 0 in candidates:
        candidates = [c for c in candidates if c != 0]
    probes = [candidates[0], candidates[-1], candidates[len(candidates) // 2]] if len(candidates) else []
    if not probes or not all(satisfies_assumptions(sympy.Integer(c), facts) for c in probes):
        return None
    return candidates
