"""The check collector a verifier records its checks on.

A verifier is a function ``verify(check)``; it calls the methods below, each of which
*computes* an outcome and records a :class:`checker.kernel.evidence.Check`.  The claim forms:

* ``identity``  -- ``lhs == rhs`` (scalars or matrices), possibly modulo relations
  (equations of motion, constraints): symbolic reduction, else randomized falsification;
* ``property``  -- a predicate / residual over a hypothesis strategy (randomized);
* ``fact``      -- a boolean (or a :class:`~checker.kernel.decision.Decision`) the verifier computed;
* ``numeric``   -- a numerical residual against a tolerance tied to the precision;
* ``proof``     -- a checked proof (:mod:`checker.kernel.proof`);
* ``witness``   -- a counterexample: facts that the instance satisfies the hypotheses and
  violates the conclusion.

Claim checks.  The verdict comes from the checks marked as the statement's *claim*; the others
*support* it (a supporting check that fails makes the item ``error``, one that passes decides
nothing).  By default every check of an item expected to hold is a claim check (mark cross-checks
``with check.supporting():``); in an item expected to fail (a false variation) every check is
supporting by default, and the check whose failure refutes the statement is marked
``with check.claim():``.  Necessity facts are never claim checks.

Hypothesis analysis (:mod:`checker.kernel.analysis` turns these into a table per item):

* ``necessary`` -- a necessity witness for one hypothesis: an instance that violates it,
  satisfies the item's other hypotheses, and violates the conclusion (three groups of facts,
  each computed by the verifier);
* ``without``   -- a block whose checks establish the conclusion with one hypothesis removed
  (the hypothesis is *not needed*).
"""
from __future__ import annotations

import copy
import random
from contextlib import contextmanager
from typing import Any, Callable, Optional

from .checkable import deduction_checkable, identity_checkable, proof_checkable
from .evidence import NOT_RUN, SWEEP_CUT_IN_QUICK, SWEPT, Check, is_cut_sweep, is_not_run, verdict_scope

PROFILES = {"quick": 0.2, "default": 1.0, "thorough": 5.0}
#: the fewest instances a randomized check draws in each profile
PROFILE_MINIMUM = {"quick": 1, "default": 3, "thorough": 3}
#: whether a profile runs the randomized searches of supporting checks (cross-checks, which never decide a verdict)
SUPPORTING_SEARCHES = {"quick": False, "default": True, "thorough": True}
NOT_RUN_IN_QUICK = ("the quick profile skips randomized cross-checks (supporting checks never decide the verdict; "
                    "--profile default runs them)")
#: the name of the claim check of an exported equation starts so (``exported equation 'name'``)
EXPORTED_EQUATION = "exported equation"


def is_export_check(record) -> bool:
    """Whether a check record (dict or Check) is the claim check of an equation its item exports."""
    data = record.to_dict() if isinstance(record, Check) else record
    return (isinstance(data, dict) and data.get("claim") is True
            and str(data.get("name", "")).startswith(EXPORTED_EQUATION + " "))


class Checks:
    """Collects the checks of one verifier run (seeded, with an instance-count profile)."""

    def __init__(self, item=None, seed: int = 0, profile: str = "default", dps: int = 40,
                 reproduce: str = ""):
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r}; choose from {sorted(PROFILES)}")
        self.item = item
        self.seed = seed
        self.profile = profile
        # sympy's own random state (the order its assumptions system tries facts in, random test points) from the
        # run's seed: at a seed a verifier's sympy calls are the same every run, not only its instances
        from sympy.core.random import seed as seed_sympy
        seed_sympy(seed)
        self.dps = dps
        self.reproduce = reproduce
        self.checks: list[Check] = []
        self._counter = 0
        self._role: Optional[dict] = None
        self._claim: Optional[bool] = None
        self._records: list = []
        #: a stand-in item (``run_verifier(uses=...)``) whose assumptions are unknown: proofs treat hypotheses as premises
        self.assumptions_unknown = False
        self.figures: list = []

    # -- bookkeeping -------------------------------------------------------------------
    def instances(self, base: int) -> int:
        """Instance count for a check whose default-profile count is ``base`` (at least 3, at least 1 in ``quick``:
        a smoke run, whose records and scopes say how few instances it drew)."""
        return max(PROFILE_MINIMUM[self.profile], int(round(base * PROFILES[self.profile])))

    def sweep(self, sizes, what: str = "sizes") -> list:
        """The sizes of a symbolic sweep to run: all of them, or in the quick profile the first (the smallest: list
        sweeps smallest first) only, with a record (never a claim) naming the sizes not run."""
        sizes = list(sizes)
        run = sizes if self.profile != "quick" or len(sizes) <= 1 else sizes[:1]
        reached = None
        if run:  # in every profile: the sizes the checks inside ran at bound the verdict's scope (verdict_scope)
            swept = Check(f"{what} swept: {_sizes_text(run)}", "proved", "computation",
                          detail=f"{SWEPT}{what} {_sizes_text(run)}", instances=len(run), claim=False)
            self.checks.append(swept)  # not through record(): never a claim check
            self._records.append(copy.deepcopy(swept.to_dict()))
            index = len(self._records) - 1

            def reached(sizes_reached):
                """Iterating the sweep: the record names the sizes the loop reached (a ``break`` stops short)."""
                text = _sizes_text(sizes_reached)
                swept.name, swept.detail, swept.instances = f"{what} swept: {text}", f"{SWEPT}{what} {text}", \
                    len(sizes_reached)
                self._records[index].update(name=swept.name, detail=swept.detail, instances=swept.instances)
        if self.profile != "quick" or len(sizes) <= 1:
            return _SweptSizes(sizes, reached)
        skipped = ", ".join(str(size) for size in sizes[1:])
        cut = Check(f"{what} not run in the quick profile: {skipped}", "inconclusive", "computation",
                    f"sweep run at {sizes[0]} only; {SWEEP_CUT_IN_QUICK}", NOT_RUN + SWEEP_CUT_IN_QUICK,
                    instances=0, claim=False)
        self.checks.append(cut)  # not through record(): a claim() block must not make it a claim check
        self._records.append(copy.deepcopy(cut.to_dict()))
        return _SweptSizes(sizes[:1], reached)

    def next_seed(self) -> int:
        """A seed for the next randomized check, derived from the run's seed."""
        self._counter += 1
        return (self.seed * 1_000_003 + self._counter) % (2**31)

    def record(self, check: Check) -> Check:
        """Append ``check`` and a plain snapshot of it (the record the kernel's verdict is computed from)."""
        if self._role is not None and check.role is None:
            check.role = dict(self._role)
        if check.role and check.role.get("analysis") == "necessary":
            check.claim = False
        elif self._claim is not None:
            check.claim = self._claim
        else:
            check.claim = self.item is None or self.item.expected != "fails"
        self.checks.append(check)
        self._records.append(copy.deepcopy(check.to_dict()))
        return check

    def records(self) -> list:
        """The plain check records, as they were when recorded (later edits of the objects do not count)."""
        return copy.deepcopy(self._records)

    @contextmanager
    def claim(self):
        """Checks recorded inside are claim checks: they establish (or, failing, refute) the statement."""
        outer, self._claim = self._claim, True
        try:
            yield self
        finally:
            self._claim = outer

    @contextmanager
    def supporting(self):
        """Checks recorded inside support the statement (cross-checks): they never decide the verdict,
        and one that fails makes the item ``error``."""
        outer, self._claim = self._claim, False
        try:
            yield self
        finally:
            self._claim = outer

    def _hypothesis_id(self, hypothesis) -> str:
        """The id of an assumption the item assumes (error for one it does not assume)."""
        hid = hypothesis if isinstance(hypothesis, str) else getattr(hypothesis, "id", None)
        if not isinstance(hid, str):
            raise TypeError(f"expected an assumption or its id, got {hypothesis!r}")
        if self.item is not None:
            assumed = [a.id for a in self.item.assumes]
            if hid not in assumed:
                raise ValueError(f"item {self.item.id!r} does not assume {hid!r} (it assumes {assumed})")
        return hid

    def _witness(self, data: dict) -> dict:
        if self.reproduce:
            data = dict(data, reproduce=self.reproduce)
        return data

    # -- claim forms -------------------------------------------------------------------
    #: ``premise=Checks.STATEMENT``: the relations are a hypothesis of the item's own statement
    STATEMENT = "statement"

    def _premise_id(self, premise) -> str:
        """The premise of relations: an assumption the item assumes, an item it uses, or the item itself, given as
        the object (``premise=H``, as ``necessary(H, ...)`` and ``without(H)`` take it) or as its id."""
        from .assumptions import Assumption
        from .items import Item
        if isinstance(premise, (Assumption, Item)):
            premise = premise.id
        if premise is None:
            raise ValueError("relations are premises: name the assumption or item they come from (premise=H or "
                             "premise='ID')")
        if not isinstance(premise, str) or not premise.strip():
            raise TypeError(f"premise= takes an assumption, an item, or its id, got {premise!r}")
        if premise == self.STATEMENT:
            return f"hypothesis of {self.item.id}" if self.item is not None else "hypothesis of the statement"
        if self.item is not None:
            allowed = {a.id for a in self.item.assumes} | set(self.item.all_uses) | {self.item.id}
            if premise not in allowed:
                raise ValueError(f"premise {premise!r} of item {self.item.id!r} is none of its assumptions, uses, or "
                                 f"itself (a hypothesis of its own statement): {sorted(allowed)}")
        return premise

    def _require_exported(self, premise: str, relations) -> None:
        """Relations attributed to an item this item uses must be equations that item exports (checked there as
        claims), each as it exports it (up to the side it is written on): otherwise anything could be attributed."""
        if self.item is None or premise not in self.item.all_uses or premise in {a.id for a in self.item.assumes}:
            return
        import sympy
        from .items import used_item
        from .engine.relations import relation_pairs
        from .engine.residuals import shown_zero
        used = used_item(self.item, premise)
        exported = [sympy.sympify(l) - sympy.sympify(r) for l, r in (used.exports.values() if used else ())]
        for old, new in relation_pairs(relations):
            residual = sympy.sympify(old) - sympy.sympify(new)
            if not any(shown_zero(residual - e) or shown_zero(residual + e) for e in exported):
                raise ValueError(f"relation {sympy.sstr(old)} = {sympy.sstr(new)} is attributed to {premise!r}, which "
                                 "exports no such equation (relations from a used item must be equations it exports)")

    def identity(self, name: str, lhs, rhs=0, *, relations=None, premise=None, scope: str = "",
                 samples: int = 30, context: str = "") -> Check:
        """``lhs == rhs`` for every value of its symbols and every choice of its undefined functions.

        ``relations`` (a dict ``{old: new}`` or a list of equations) are premises: the claim is
        "relations ⇒ lhs == rhs", and ``premise`` names the assumption or item they come from (the item's
        own id, or ``Checks.STATEMENT``, when they are a hypothesis of its statement).  See :mod:`checker.kernel.engine.relations`.
        """
        from .engine.identity import check_identity
        if relations is not None and len(relations):
            premise = self._premise_id(premise)
            self._require_exported(premise, relations)
        check = check_identity(name, lhs, rhs, relations=relations, premise=premise, scope=scope,
                               samples=self.instances(samples), seed=self.next_seed(),
                               dps=self.dps, context=context, witness_hook=self._witness)
        if check.checkable is None:
            check.checkable = identity_checkable(lhs, rhs, relations, premise, scope)
        return self.record(check)

    def property(self, name: str, strategy, test: Callable[[Any], Any], *, tolerance=0,
                 scope: str = "", samples: int = 50, describe: Callable[[Any], Any] = repr) -> Check:
        """``test(instance)`` holds (True, or a residual within ``tolerance``) on drawn instances.

        A test returns a bool (Python, numpy or sympy) or a real/complex number (the residual, compared in
        absolute value); NaN never passes, and anything else is an ``error`` of the check.
        """
        from .engine.randomized import falsify, format_number, residual_size
        tolerance = _tolerance(tolerance, allow_zero=True)
        scope = _with_tolerance(scope, tolerance)
        seed = self.next_seed()
        if self._claim is False and not SUPPORTING_SEARCHES[self.profile]:
            # a cross-check never decides the verdict: the smoke profile records that it did not run it
            return self.record(Check(name, "inconclusive", "randomized", f"{scope}; {NOT_RUN_IN_QUICK}",
                                     NOT_RUN + NOT_RUN_IN_QUICK, instances=0, seed=seed))

        def judged(instance):
            return residual_size(test(instance))

        try:
            result = falsify(strategy, judged, seed=seed, max_examples=self.instances(samples), tolerance=tolerance)
        except Exception as exc:  # noqa: BLE001 - the test itself broke
            return self.record(Check(name, "error", "randomized", scope, f"{type(exc).__name__}: {exc}", seed=seed))
        if result.found:
            try:
                value = test(result.counterexample)
                size = residual_size(value)
            except Exception as exc:  # noqa: BLE001
                value, size = f"{type(exc).__name__}: {exc}", None
            if size is None or (not isinstance(size, bool) and size != size):  # an exception or NaN: no verdict
                return self.record(Check(name, "error", "randomized", scope,
                                         f"the test returned {_plain(value)} (not a verdict) at {_plain(describe(result.counterexample))}",
                                         instances=result.instances, seed=seed))
            return self.record(Check(
                name, "refuted", "randomized", scope,
                f"falsified after {result.instances} instances (shrunk)", instances=result.instances, seed=seed,
                witness=self._witness({"instance": _plain(describe(result.counterexample)),
                                       "residual": _plain(value)})))
        if result.instances == 0:
            return self.record(Check(name, "inconclusive", "randomized", scope,
                                     f"every drawn instance was outside the domain ({result.rejected} rejected)", seed=seed))
        return self.record(Check(name, "confirmed", "randomized", scope,
                                 f"{result.instances} instances, {result.rejected} rejected, tolerance {tolerance}",
                                 instances=result.instances, seed=seed,
                                 max_residual=format_number(result.max_residual)))

    def fact(self, name: str, value, *, method: str = "symbolic", scope: str = "", detail: str = "",
             witness: Any = None, expect: bool = True) -> Check:
        """A boolean (or :class:`~checker.kernel.decision.Decision`) the verifier computed; ``method`` says how.

        The claim is ``bool(value) == expect`` (``expect=False`` claims that a decision fails,
        e.g. "the distribution is not involutive").  When the claim holds the check is
        ``proved`` for the exact methods (symbolic, proof script, witness, computation) and
        ``confirmed`` for evidence on chosen ``instances`` or ``numerical``/``randomized`` evidence;
        otherwise it is ``refuted``.  A Decision's witness is evidence against the property,
        its certificate evidence for it; the check shows the one that supports what was found.
        ``value`` must be a bool (Python, numpy or sympy) or a Decision; ``None`` (sympy's "undecided")
        makes the check ``inconclusive``; anything else is a usage error (``TypeError``).
        """
        from .decision import Decision
        _refuse_constant_facts()
        if isinstance(value, Decision):
            detail = detail or value.explanation
            if value.undecided:  # neither shown nor refuted: no verdict either way
                return self.record(Check(name, "inconclusive", method, scope, detail))
            if witness is None:
                witness = value.certificate if value else value.witness
        elif value is None:  # sympy's fuzzy "undecided" (``is_zero_matrix``, ``is_positive``, ...): no verdict
            return self.record(Check(name, "inconclusive", method, scope,
                                     f"{detail + ': ' if detail else ''}the value is undecided (None)"))
        else:
            value = _as_bool(value, f"fact {name!r}")
        if not isinstance(expect, bool):
            raise TypeError(f"fact {name!r}: expect must be True or False, not {expect!r}")
        claim_holds = bool(value) == expect
        if claim_holds:
            outcome = "proved" if method in ("symbolic", "proof script", "witness", "computation") else "confirmed"
            return self.record(Check(name, outcome, method, scope, detail,
                                     witness=_plain(witness) if witness is not None else None))
        return self.record(Check(name, "refuted", method, scope, detail,
                                 witness=self._witness({"witness": _plain(witness) if witness is not None
                                                        else (detail or name)})))

    def numeric(self, name: str, residual, tolerance, *, scope: str = "", detail: str = "",
                instances: Optional[int] = None) -> Check:
        """A numerical residual (e.g. an mpmath integration against a closed form) within ``tolerance``.

        The tolerance must be finite, positive and below 1 (an absolute bound on a residual);
        a NaN or infinite residual never passes.
        """
        from .engine.randomized import format_number, residual_size
        tolerance = _tolerance(tolerance, allow_zero=False)
        scope = _with_tolerance(scope, tolerance)
        size = residual_size(residual)
        if isinstance(size, bool) or size is None:
            raise TypeError(f"numeric {name!r}: the residual must be a number, not {residual!r}")
        if size == size and size <= tolerance:  # NaN fails the first test
            return self.record(Check(name, "confirmed", "numerical", scope, f"{detail} (tolerance {format_number(tolerance)})".strip(),
                                     instances=instances, max_residual=format_number(size)))
        if size != size:
            return self.record(Check(name, "error", "numerical", scope, f"{detail}: the residual is NaN".strip(": ")))
        return self.record(Check(name, "refuted", "numerical", scope, detail, instances=instances,
                                 max_residual=format_number(size),
                                 witness=self._witness({"residual": format_number(size),
                                                        "tolerance": format_number(tolerance)})))

    def proof(self, name: str, proof, *, scope: str = "") -> Check:
        """A checked proof: ``proved`` only when every step and the conclusion were checked."""
        from .proof import INCONSISTENT_PREMISES, check_proof, proved_statement
        allowed = self.item.all_uses if self.item is not None else ()
        assumptions = ([a.id for a in self.item.assumes]
                       if self.item is not None and not self.assumptions_unknown else None)
        results = check_proof(proof, allowed_citations=allowed, assumptions=assumptions, exports=self._citable())
        steps = [r.to_dict() for r in results]
        bad = [r for r in results if r.status != "checked"]
        if not bad:
            return self.record(Check(name, "proved", "proof script", scope,
                                     f"{len(results)} steps checked; conclusion: step {proof.conclusion!r}; "
                                     f"proves: {proved_statement(proof)}", steps=steps,
                                     checkable=proof_checkable(proof, scope)))
        first = bad[0]
        if first.rule == "conclude" and first.detail.startswith(INCONSISTENT_PREMISES):  # every step checked
            return self.record(Check(name, "inconclusive", "proof script", scope, f"vacuous: {first.detail}",
                                     steps=steps))
        return self.record(Check(name, "inconclusive", "proof script", scope,
                                 f"proof rejected: step {first.label!r} ({first.rule}) {first.status}: {first.detail}",
                                 steps=steps))

    def deduction(self, name: str, deduction, *, scope: str = "") -> Check:
        """A checked deduction (:mod:`.deduction`): ``proved`` only when every step was checked and the last step is
        its goal.  Its checkable form records each step's derived formula, for the re-checker to re-derive."""
        from .deduction import check_deduction, proved_statement
        from .items import used_item
        allowed = self.item.all_uses if self.item is not None else ()
        assumptions = ([a.id for a in self.item.assumes]
                       if self.item is not None and not self.assumptions_unknown else None)
        trusted = None
        if self.item is not None:
            trusted = {ref: dict(used.formulas) for ref in allowed for used in [used_item(self.item, ref)]
                       if used is not None and used.kind == "cited"}
        results = check_deduction(deduction, allowed, assumptions, trusted, self._citable())
        steps = [r.to_dict() for r in results]
        bad = [r for r in results if r.status != "checked"]
        if not bad:
            return self.record(Check(name, "proved", "proof script", scope,
                                     f"{len(results)} steps checked (deduction); proves: {proved_statement(deduction)}",
                                     steps=steps, checkable=deduction_checkable(deduction, scope)))
        first = bad[0]
        return self.record(Check(name, "inconclusive", "proof script", scope,
                                 f"deduction rejected: step {first.label!r} ({first.rule}) {first.status}: {first.detail}",
                                 steps=steps))

    def witness(self, name: str, instance: str, facts: list, *, scope: str = "") -> list:
        """A counterexample: each fact is ``(description, computed bool, method)``."""
        out = []
        for description, value, method in facts:
            out.append(self.fact(f"{name}: {description}", value, method=method, scope=scope,
                                 detail=f"witness: {instance}"))
        return out


    def check_exports(self) -> list:
        """Check each equation the item exports (``Item.exports``) as a claim identity: what others may cite."""
        out = []
        if self.item is None:
            return out
        outer, self._claim, self._role = (self._claim, self._role), True, None
        try:
            for name, (lhs, rhs) in sorted(self.item.exports.items()):
                out.append(self.identity(f"{EXPORTED_EQUATION} {name!r}", lhs, rhs))
        finally:
            self._claim, self._role = outer
        return out

    def _citable(self) -> Optional[dict]:
        """Exports of the items this item uses: id -> {name: (lhs, rhs)} (None outside an item)."""
        if self.item is None:
            return None
        from .items import used_item
        out = {}
        for ref in self.item.all_uses:
            cited = used_item(self.item, ref)
            if cited is not None:
                out[ref] = dict(cited.exports)
        return out

    # -- pictures ---------------------------------------------------------------------
    def figure(self, title: str, x, series: dict, *, xlabel: str = "t", ylabel: str = "", caption: str = "",
               log: bool = False) -> dict:
        """Attach a line plot of what was checked (``series``: label -> values over ``x``) to the report.

        A figure is a picture of evidence, never evidence: it does not enter the verdict.  Values are
        rounded to 6 significant digits so reports stay deterministic; ``log`` plots log10 of |value|.
        """
        def num(v):
            return float(f"{float(v):.6g}")
        xs = [num(v) for v in x]
        data = {str(k): [num(v) for v in vals] for k, vals in series.items()}
        for label, vals in data.items():
            if len(vals) != len(xs):
                raise ValueError(f"figure {title!r}: series {label!r} has {len(vals)} values for {len(xs)} abscissae")
        fig = {"title": title, "x": xs, "series": data, "xlabel": xlabel, "ylabel": ylabel,
               "caption": caption, "log": bool(log)}
        self.figures.append(fig)
        return fig

    # -- hypothesis analysis ----------------------------------------------------------
    def necessary(self, hypothesis, instance: str, *, violates: list, conclusion_fails: list,
                  others_hold=None, instances=None, scope: str = "") -> list:
        """A necessity witness for ``hypothesis``: ``instance`` violates it, satisfies every other assumption of
        the item, and violates the conclusion.

        ``violates`` and ``conclusion_fails`` are lists of facts ``(description, computed bool or Decision,
        method)``; ``others_hold`` maps each *other* assumption of the item (the assumption, its id, or a tuple
        of them when the same facts show several) to the facts that show it holds for the instance: the
        kernel rejects the witness unless every other assumption is covered.  ``instances`` maps assumptions to
        the concrete object their predicate tests: the kernel evaluates each such predicate (false for
        ``hypothesis``, true for the others).  The facts are recorded with a ``necessary`` role; they are never
        claim checks (:mod:`checker.kernel.analysis` judges them).
        """
        hid = self._hypothesis_id(hypothesis)
        if others_hold is None:
            others_hold = {}
        if not isinstance(others_hold, dict):
            raise TypeError("others_hold must map each other assumption (or its id) to the facts that show it holds")
        groups = [("violates", facts, [hid]) for facts in [violates]]
        for key, facts in others_hold.items():
            keys = key if isinstance(key, tuple) else (key,)
            covered = [self._hypothesis_id(k) for k in keys]
            if hid in covered:
                raise ValueError(f"others_hold names {hid}, the hypothesis the witness violates")
            groups.append(("others hold", facts, covered))
        groups.append(("conclusion fails", conclusion_fails, []))
        assumed = {a.id: a for a in self.item.assumes} if self.item is not None else {}
        given = {self._hypothesis_id(k): v for k, v in (instances or {}).items()}
        missing = sorted(a for a in assumed if assumed[a].predicate is not None and a not in given)
        out = []
        outer = self._role
        try:
            for part, facts, covered in groups:
                for description, value, method in facts:
                    self._role = {"analysis": "necessary", "hypothesis": hid, "part": part, "instance": instance,
                                  "covers": covered, "predicates_not_evaluated": missing}
                    out.append(self.fact(f"necessity of {hid}: {part}: {description}", value, method=method,
                                         scope=scope, detail=f"witness: {instance}"))
            for aid, obj in sorted(given.items()):
                a = assumed.get(aid)
                if a is None or a.predicate is None:
                    continue
                part = "violates" if aid == hid else "others hold"
                try:
                    holds = a.holds_for(obj)
                except Exception as exc:  # noqa: BLE001 - a predicate that cannot be evaluated shows nothing
                    holds = None
                    note = f"{type(exc).__name__}: {exc}"
                else:
                    note = f"predicate of {aid} evaluated to {holds}"
                self._role = {"analysis": "necessary", "hypothesis": hid, "part": part, "instance": instance,
                              "covers": [aid], "predicates_not_evaluated": missing}
                value = (holds is False) if aid == hid else (holds is True)
                out.append(self.fact(f"necessity of {hid}: {part}: the predicate of {aid} on the instance", value,
                                     method="computation", scope=scope, detail=note))
        finally:
            self._role = outer
        return out

    @contextmanager
    def without(self, *hypotheses, note: str = ""):
        """Checks recorded inside establish the conclusion with each of ``hypotheses`` removed (not needed).

        Several hypotheses may share one block when the same computed checks use none of them.
        """
        if not hypotheses:
            raise TypeError("without() needs at least one hypothesis")
        ids = [self._hypothesis_id(h) for h in hypotheses]
        outer = self._role
        self._role = {"analysis": "not needed", "hypothesis": ids[0], "hypotheses": ids, "note": note}
        try:
            yield self
        finally:
            self._role = outer


class _SweptSizes(list):
    """The list of a sweep's sizes; iterating it tells the sweep's record which sizes the loop reached, so a loop
    left by ``break`` after n = 1 reads "checked at sizes 1 only", not every size listed.  (A list used without
    iterating it keeps the record of every size.)"""

    def __init__(self, sizes, reached):
        super().__init__(sizes)
        self._reached_hook = reached
        self._reached = []

    def __iter__(self):
        for size in list.__iter__(self):
            if self._reached_hook is not None and size not in self._reached:
                self._reached.append(size)
                self._reached_hook(list(self._reached))
            yield size


def _sizes_text(sizes) -> str:
    """The sizes of a sweep as its record and the verdict's scope name them (``1, 2, 3``; ``(1, 2), (2, 3)``; more
    than eight: the first three, the last and how many, ``(1, 1), (1, 2), (1, 3), …, (3, 3) (9 sizes)``)."""
    sizes = [str(size) for size in sizes]
    if len(sizes) > 8:
        return f"{', '.join(sizes[:3])}, …, {sizes[-1]} ({len(sizes)} sizes)"
    return ", ".join(sizes)


def _refuse_constant_facts() -> None:
    """Raise ``ValueError`` when the verifier's call into this module (the nearest frame outside it) hands over a fact
    whose value is written as a constant (``check.fact(name, True)``, a fact tuple ``(d, 1 < 2, method)``): a check
    that cannot fail is no evidence (:mod:`checker.kernel.constant_facts`)."""
    import sys
    from .constant_facts import constant_fact_at_call
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back
    why = constant_fact_at_call(frame) if frame is not None else None
    if why:
        raise ValueError(f"a fact must be computed by the verifier, not written down: {why} "
                         f"({frame.f_code.co_filename}:{frame.f_lineno}); a check that cannot fail is no evidence")


#: the largest tolerance a property or numeric check accepts (a tolerance is tied to a working precision)
MAX_TOLERANCE = 1.0


def _tolerance(tolerance, *, allow_zero: bool):
    """A validated tolerance (returned as given): finite, in (0, MAX_TOLERANCE] (or 0 when ``allow_zero``)."""
    import mpmath
    if isinstance(tolerance, (bool, str, bytes)):  # mpmath would parse a string: a tolerance is a number
        raise TypeError(f"tolerance must be a number, not {tolerance!r}")
    try:
        value = mpmath.mpf(tolerance)
    except (TypeError, ValueError):
        raise TypeError(f"tolerance must be a real number, not {tolerance!r}") from None
    if not mpmath.isfinite(value):
        raise ValueError(f"tolerance must be finite, not {tolerance!r}")
    if value < 0 or (value == 0 and not allow_zero) or value > MAX_TOLERANCE:
        raise ValueError(f"tolerance must be in {'[0' if allow_zero else '(0'}, {MAX_TOLERANCE}], not {tolerance!r}")
    return tolerance


def _with_tolerance(scope: str, tolerance) -> str:
    from .engine.randomized import format_number
    text = f"tolerance {format_number(tolerance)}"
    return f"{scope}; {text}" if scope else text


def _as_bool(value, what: str) -> bool:
    """A Python bool from a Python, numpy or sympy boolean (``TypeError`` for anything else)."""
    if isinstance(value, bool):
        return value
    try:
        import sympy
        if isinstance(value, sympy.logic.boolalg.BooleanAtom):
            return bool(value)
    except ImportError:  # pragma: no cover
        pass
    if type(value).__name__ in ("bool_", "bool") and type(value).__module__ == "numpy":
        return bool(value)
    raise TypeError(f"{what}: the value must be a bool or a Decision, not {type(value).__name__} {str(value)[:60]!r}")


def _plain(value):
    """A JSON-friendly rendering (sympy objects become strings)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    try:
        import sympy
        if isinstance(value, sympy.Basic) or isinstance(value, sympy.MatrixBase):
            return sympy.sstr(value)
    except ImportError:  # pragma: no cover
        pass
    return str(value)
