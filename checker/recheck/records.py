"""Re-check one check record from its checkable form: ``agrees``, ``disagrees`` (point, both values) or
``not re-checkable`` (reason).

* an identity ``relations ⇒ lhs == rhs`` (or a proof's ``premises ⇒ conclusion``) that was proved or confirmed is
  evaluated at fresh random points: exactly with Fractions when both sides are rational trees, else with mpmath at
  ``DPS`` digits (undefined functions from :mod:`checker.recheck.families`; substitution rules evaluated, implicit
  relations among symbols solved by ``mpmath.findroot``); a point that disagrees is evaluated again at twice the
  precision before a disagreement is declared;
* matrix symbols of symbolic shape get several random sizes;
* a refuted identity's witness (or, for "the residual is a non-zero number", a random point) must give a non-zero
  residual.
"""
from __future__ import annotations

import random
from fractions import Fraction

import mpmath
import sympy
from sympy.core.function import AppliedUndef

from .exact import is_rational_tree, value as exact_value
from .families import function_instance, symbol_value
from .numeric import FUNCS, MATS, SCALE, NotRecheckable, compile_tree, parse
from .premises import (BINDERS, apply_jet_rules, curve_structure, install_shifts, is_analytic, jet_rule,
                       order_shifts, solve_implicit)

NOT_RECHECKABLE = "not re-checkable"
DPS = 30
#: points that must agree: exact (Fraction) points, numerical (mpmath) points
POINTS = 3
NUMERIC_POINTS = 2
#: a residual is zero when below ``10**-(TOLERANCE_DIGITS)`` times the size of the terms met
TOLERANCE_DIGITS = 20
SHAPE_SIZES = (1, 2, 3, 4)
#: points tried before a claim whose relations must be solved numerically is given up (each try costs findroot calls)
SOLVE_ATTEMPTS = 4


def recheck_record(record: dict, seed: int = 0):
    """The re-check of one record (``None`` when it carries no checkable form)."""
    form = record.get("checkable")
    if not isinstance(form, dict):
        return None
    if form.get("unavailable"):
        return _not(f"no checkable form: {form['unavailable']}")
    outcome = record.get("outcome")
    rng = random.Random(f"{seed}:{record.get('name', '')}")
    try:
        if outcome in ("proved", "confirmed") and form.get("form") == "deduction":
            from .deductions import recheck_deduction
            return recheck_deduction(form, rng, Claim)
        if outcome in ("proved", "confirmed"):
            claim = Claim.from_form(form)
            return claim.recheck(rng)
        if outcome == "refuted" and form.get("form") == "identity":
            return Claim.from_form(form).recheck_witness(record.get("witness"), rng)
        return _not(f"outcome {outcome}: nothing to re-check")
    except NotRecheckable as exc:
        return _not(str(exc))
    except Exception as exc:  # noqa: BLE001 - a failure of the re-checker itself is no disagreement
        return _not(f"the re-checker failed: {type(exc).__name__}: {str(exc)[:100]}")


def recheck_records(records: list, seed: int = 0) -> list:
    """Each record with its ``recheck`` field set (records without a checkable form are left as they are)."""
    out = []
    for r in records:
        if isinstance(r, dict) and isinstance(r.get("checkable"), dict):
            r = dict(r)
            r["recheck"] = recheck_record(r, seed)
        out.append(r)
    return out


def _not(reason):
    return {"result": NOT_RECHECKABLE, "reason": reason}


def _residuals(lhs, rhs):
    """``[(lhs_i, rhs_i)]``: entrywise for explicit matrices, else the pair."""
    if isinstance(lhs, sympy.MatrixBase) and isinstance(rhs, sympy.MatrixBase):
        if lhs.shape != rhs.shape:
            raise NotRecheckable("sides of different shapes")
        return list(zip(list(lhs), list(rhs)))
    return [(lhs, rhs)]


class Claim:
    """``premises ⇒ lhs == rhs``: substitution ``rules`` (symbol or function definitions), ``implicit`` equations
    among symbols, ``nonzero`` expressions (points where one vanishes are skipped)."""

    def __init__(self, pairs, rules, implicit, nonzero, functions, shifts=()):
        renamed = _letters_by_name_and_shape([x for p in pairs for x in p] + [x for p in rules for x in p]
                                             + implicit + nonzero + [r for r, _ in shifts])
        if renamed:
            def rename(e):
                return e.xreplace(renamed)
            pairs = [(rename(a), rename(b)) for a, b in pairs]
            rules = [(rename(a), rename(b)) for a, b in rules]
            implicit, nonzero = [rename(e) for e in implicit], [rename(e) for e in nonzero]
            shifts = [(rename(r), a) for r, a in shifts]
        self.pairs, self.rules, self.implicit, self.nonzero, self.functions = pairs, rules, implicit, nonzero, functions
        self.shifts = list(shifts)
        self.attempt = 0
        self._cache: dict = {}
        exprs = [x for p in pairs for x in p] + [x for p in rules for x in p] + implicit + nonzero + \
            [r for r, _ in self.shifts]
        self.applications = {}
        self.matrices = {}
        bound = set()
        for e in exprs:
            for node in sympy.preorder_traversal(e):
                if isinstance(node, AppliedUndef):
                    self.applications.setdefault(str(node.func), len(node.args))
                elif isinstance(node, sympy.MatrixSymbol):
                    self.matrices[str(node.args[0])] = node.shape
                elif isinstance(node, (sympy.Integral, sympy.Sum, sympy.Product, sympy.Derivative, sympy.Subs,
                                       sympy.Lambda)):
                    bound |= set(getattr(node, "variables", ()))
        free = set().union(*(getattr(e, "free_symbols", set()) for e in exprs)) if exprs else set()
        self.shape_symbols = sorted({s for shape in self.matrices.values() for d in shape for s in
                                     getattr(d, "free_symbols", ())}, key=str)
        ruled = {old for old, _ in rules}
        self.symbols = sorted((s for s in free if isinstance(s, sympy.Symbol) and s not in ruled
                               and s not in self.shape_symbols), key=lambda s: (str(s), str(s.assumptions0)))
        self.argument_symbols = {a for e in exprs for n in e.atoms(AppliedUndef) for a in n.args
                                 if isinstance(a, sympy.Symbol)}
        self.analytic = (bool(implicit) or bool(self.shifts)) and is_analytic(exprs)
        self.exact = (not self.applications and not implicit and not self.shifts
                      and all(is_rational_tree(x) for x in exprs))

    @classmethod
    def from_form(cls, form):
        functions = form.get("functions", {})
        for name, facts in functions.items():
            if facts.get("conflict"):
                raise NotRecheckable(f"two functions named {name} with different assumptions")
        if form.get("form") == "proof":
            lhs, rhs = (parse(x) for x in form["conclusion"])
            equations = [(parse(p["lhs"]), parse(p["rhs"])) for p in form.get("premises", [])]
            identically = [sympy.Add(o, -n) for p in form.get("premises", []) if p.get("along")
                           for o, n in _residuals(parse(p["lhs"]), parse(p["rhs"]))]
            nonzero = [parse(x) for x in form.get("nonzero", [])]
        else:
            lhs, rhs = parse(form["lhs"]), parse(form["rhs"])
            equations = [(parse(o), parse(n)) for o, n in form.get("relations", [])]
            identically = []
            nonzero = []
        rules, jets, others = [], [], []
        for old, new in (pair for eq in equations for pair in _residuals(*eq)):
            if _is_rule(old, new, rules):
                rules.append((old, new))
            elif _is_rule(new, old, rules):
                rules.append((new, old))
            elif jet_rule(old, new) and not any(o == old for o, _ in jets):
                jets.append((old, new))
            elif jet_rule(new, old) and not any(o == new for o, _ in jets):
                jets.append((new, old))
            else:
                others.append(sympy.Add(old, -new))
        jets, others = _free_jet_rules(jets, rules, others)
        pairs = _residuals(lhs, rhs)
        if jets:
            flat = apply_jet_rules([x for p in pairs for x in p] + others + [n for _, n in rules] + nonzero, jets)
            k = 2 * len(pairs)
            pairs = [(flat[i], flat[i + 1]) for i in range(0, k, 2)]
            others = flat[k:k + len(others)]
            rules = [(o, n) for (o, _), n in zip(rules, flat[k + len(others):k + len(others) + len(rules)])]
            nonzero = flat[k + len(others) + len(rules):]
            identically = apply_jet_rules(identically, jets)
        parameters = _parameters([x for p in pairs for x in p] + others + [x for p in rules for x in p] + nonzero)
        along = [r for r in others if r.atoms(AppliedUndef) and curve_structure(r)]
        implicit = [r for r in others if not any(r is a for a in along)]
        if any(_same_relation(r, p) for r in implicit for p in identically):
            # a premise that holds identically in a variable (``along=``) made to hold at one point only would be a
            # weaker premise: what the proof derives from it (a derivative along the curve) need not hold there
            raise NotRecheckable("a premise holding identically along a variable that the re-checker would make hold "
                                 "at a point only")
        shifts = []
        if along:
            ruled = {o.func for o, _ in rules if isinstance(o, AppliedUndef)}
            ruled |= {a.func for r in implicit + [n for _, n in rules] for a in r.atoms(AppliedUndef)}
            shifts = order_shifts(along, parameters, ruled)
            if shifts is None:
                if any(isinstance(n, sympy.Derivative) and isinstance(n.expr, AppliedUndef) for r in along
                       for n in sympy.preorder_traversal(r)):
                    raise NotRecheckable("a differential relation (a derivative of a curve given by an equation): no "
                                         "independent solver for it")
                raise NotRecheckable("an implicit relation among functions with no function to shift (only "
                                     "relations solvable for a symbol or a function are made to hold)")
        return cls(pairs, rules, implicit, nonzero, functions, shifts)

    # -- drawing a point ----------------------------------------------------------------
    def _sizes(self, rng):
        return {s: sympy.Integer(rng.choice(SHAPE_SIZES)) for s in self.shape_symbols}

    def _draw(self, rng, sizes, exact_mode, attempt=2):
        """``(symbol values, function instances, matrices)`` honouring the assumptions (the first attempt takes
        every sign-free symbol negative, the second positive, the others at random)."""
        sign = (-1, 1, None)[min(attempt, 2)]
        values = {s: symbol_value(s, rng, sign) for s in self.symbols}
        functions = {} if exact_mode else {
            name: function_instance(self.functions.get(name, {}), arity, rng)
            for name, arity in self.applications.items()}
        matrices = {}
        for name, shape in self.matrices.items():
            dims = [int(sympy.Integer(d.xreplace(sizes))) if not d.is_Integer else int(d) for d in shape]
            matrices[name] = [[Fraction(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(dims[1])]
                              for _ in range(dims[0])]
        return values, functions, matrices

    # -- re-checks ----------------------------------------------------------------------
    def recheck(self, rng):
        agreed, skipped = 0, []
        wanted = POINTS if self.exact else NUMERIC_POINTS
        attempts = wanted * 5
        for attempt in range(attempts):
            if agreed >= wanted or (agreed == 0 and len(skipped) >= SOLVE_ATTEMPTS and (self.implicit or self.shifts)):
                attempts = attempt
                break
            sizes = self._sizes(rng)
            pairs = [(l.xreplace(sizes), r.xreplace(sizes)) for l, r in self.pairs] if sizes else self.pairs
            values, functions, matrices = self._draw(rng, sizes, self.exact, attempt)
            self.attempt = attempt
            try:
                if self.exact:
                    verdict = self._exact_at(pairs, values, matrices, sizes)
                else:
                    verdict = self._numeric_at(pairs, values, functions, matrices, sizes)
            except (ZeroDivisionError, ValueError, OverflowError, ArithmeticError) as exc:
                skipped.append(type(exc).__name__)
                continue
            if verdict is None:
                skipped.append("outside the domain")
                continue
            if verdict is not True:
                return verdict
            agreed += 1
        if agreed == 0:
            return _not(f"no random point inside the domain ({attempts} tried: {', '.join(sorted(set(skipped)))})")
        how = ("exactly with Fractions at random rational points" if self.exact
               else f"numerically with mpmath at {DPS} digits")
        return {"result": "agrees", "points": agreed, "how": how + (" and random sizes" if self.shape_symbols else "")}

    def _exact_at(self, pairs, values, matrices, sizes):
        point = dict(values)
        for old, new in self.rules:  # symbol rules, in order
            point[old] = exact_value(new.xreplace(sizes), point, matrices)
        for l, r in pairs:
            a, b = exact_value(l, point, matrices), exact_value(r, point, matrices)
            if a != b:
                return {"result": "disagrees", "point": _shown(point, sizes), "lhs": _text(a), "rhs": _text(b),
                        "how": "exact Fraction arithmetic"}
        return True

    def _env(self, values, functions, matrices, sizes, dps):
        env = {s: mpmath.mpf(v.numerator) / v.denominator for s, v in values.items()}
        env.update({s: mpmath.mpf(int(v)) for s, v in sizes.items()})
        env[FUNCS] = {name: f(dps) for name, f in functions.items()}
        env[MATS] = {name: mpmath.matrix([[mpmath.mpf(x.numerator) / x.denominator for x in row] for row in m])
                     for name, m in matrices.items()}
        if self.shifts:
            install_shifts(self.shifts, env, {n for n, f in self.functions.items() if f.get("real")}, self.analytic)
        if self.implicit:
            solve_implicit(self.implicit, env, self.symbols, self._apply_rules, self.argument_symbols, self.analytic,
                           self.attempt)
        self._apply_rules(env)
        for nz in self.nonzero:
            if abs(self._compiled(nz)(env)) < mpmath.mpf(10) ** (-dps // 2):
                return None
        return env

    def _compiled(self, e):
        """``compile_tree(e)``, once per expression of the claim (the points differ, the trees do not)."""
        key = id(e)
        found = self._cache.get(key)
        if found is None or found[0] is not e:
            found = self._cache[key] = (e, compile_tree(e))
        return found[1]

    def _apply_rules(self, env):
        """Set each ruled symbol to its rule's value and each defined function to its definition (in order)."""
        for old, new in self.rules:
            if isinstance(old, sympy.Symbol):
                env[old] = self._compiled(new)(env)
            else:
                env[FUNCS][str(old.func)] = _defined_function(old, new, env)

    def _numeric_at(self, pairs, values, functions, matrices, sizes):
        compiled = [(self._compiled(l), self._compiled(r)) for l, r in pairs]
        first = self._compare(compiled, values, functions, matrices, sizes, DPS)
        if first is None or first is True:
            return first
        second = self._compare(compiled, values, functions, matrices, sizes, 2 * DPS)
        if second is None or second is True:
            return second
        second.update(point=_shown(values, sizes), how=f"mpmath at {DPS} and {2 * DPS} digits")
        return second

    def _compare(self, compiled, values, functions, matrices, sizes, dps):
        with mpmath.workdps(dps):
            env = self._env(values, functions, matrices, sizes, dps)
            if env is None:
                return None
            for lhs, rhs in compiled:
                env[SCALE] = [mpmath.mpf(0)]
                a, b = lhs(env), rhs(env)
                size = _size(a) + _size(b) + env[SCALE][0]
                if not mpmath.isfinite(size):
                    return None
                gap = _size(a - b)
                if gap > size * mpmath.mpf(10) ** (-min(TOLERANCE_DIGITS, dps - 10)) + mpmath.mpf(10) ** (-(dps - 5)):
                    return {"result": "disagrees", "lhs": _text(a), "rhs": _text(b)}
        return True

    def recheck_witness(self, witness, rng):
        """A refutation: the residual at the witness (or anywhere, for a non-zero constant residual) is non-zero."""
        if not isinstance(witness, dict):
            return _not("the refutation records no witness")
        instance = witness.get("instance")
        if self.rules or self.implicit or self.shifts:
            return _not("a refutation modulo relations (its witness's curves are given only up to the relations)")
        sizes = self._sizes(rng)
        values, functions, matrices = self._draw(rng, sizes, False)
        if instance:
            values, functions = _witness_instance(instance, self.symbols, values, functions)
        for dps in (DPS, 2 * DPS):
            verdict = self._compare([(compile_tree(l), compile_tree(r)) for l, r in self.pairs],
                                    values, functions, matrices, sizes, dps)
            if verdict is True or verdict is None:
                return {"result": "disagrees", "point": _shown(values, sizes),
                        "lhs": "residual zero (or undefined) at the witness", "rhs": "a non-zero residual claimed",
                        "how": f"mpmath at {dps} digits"}
        return {"result": "agrees", "points": 1, "how": "the residual at the witness is non-zero at "
                                                       f"{DPS} and {2 * DPS} digits"}


def _is_rule(old, new, rules) -> bool:
    """``old = new`` defines ``old``: a symbol, or a function applied to distinct symbols, absent from ``new``."""
    taken = {o for o, _ in rules}
    if old in taken or (hasattr(new, "has") and new.has(old)):
        return False
    if isinstance(old, sympy.Symbol):
        return not isinstance(new, sympy.MatrixBase)
    if isinstance(old, AppliedUndef):
        args = old.args
        return all(isinstance(a, sympy.Symbol) for a in args) and len(set(args)) == len(args) and \
            not any(isinstance(o, AppliedUndef) and o.func == old.func for o in taken)
    return False


def _defined_function(old, new, env):
    """The function ``f`` that ``f(x, y) = new`` defines (evaluated in ``env`` for the other names)."""
    compiled, names = compile_tree(new), list(old.args)

    def f(*xs):
        local = dict(env)
        local.update(zip(names, xs))
        return compiled(local)
    return f


def _letters_by_name_and_shape(exprs) -> dict:
    """A matrix symbol is its name *and* its shape: same-named symbols of different shapes get names of their own
    (``A`` n×k and ``A`` n×m become ``A[0]`` and ``A[1]``), so that they are drawn as different matrices."""
    found: dict = {}
    for e in exprs:
        nodes = (n for x in (e if isinstance(e, sympy.MatrixBase) else [e]) for n in sympy.preorder_traversal(x))
        for node in nodes:
            if isinstance(node, sympy.MatrixSymbol):
                found.setdefault(str(node.args[0]), set()).add(node)
    out = {}
    for name, nodes in found.items():
        if len(nodes) > 1:
            for i, node in enumerate(sorted(nodes, key=sympy.srepr)):
                out[node] = sympy.MatrixSymbol(f"{name}[{i}]", *node.shape)
    return out


def _free_jet_rules(jets, rules, others):
    """Jet rules whose curve nothing else constrains (its lower jets are then free initial data): one rule per curve,
    the curve in no other relation and defined by no rule; the others go back among the relations."""
    per_curve: dict = {}
    for old, new in jets:
        per_curve.setdefault(old.expr.func, []).append((old, new))
    kept, back = [], list(others)
    for func, group in per_curve.items():
        if len(group) == 1 and not any(r.has(func) for r in others) and \
                not any(isinstance(o, AppliedUndef) and o.func == func for o, _ in rules):
            kept += group
        else:
            back += [sympy.Add(o, -n) for o, n in group]
    return kept, back


def _parameters(exprs) -> set:
    """Symbols that are no function's argument and no bound variable anywhere: constants of the claim."""
    free = set().union(*(e.free_symbols for e in exprs)) if exprs else set()
    taken = set()
    for e in exprs:
        for node in sympy.preorder_traversal(e):
            if isinstance(node, AppliedUndef):
                taken |= node.free_symbols
            elif isinstance(node, BINDERS):
                taken |= {v for v in getattr(node, "variables", ()) if isinstance(v, sympy.Symbol)}
    return free - taken


def _witness_instance(instance, symbols, values, functions):
    """The refutation's recorded point: symbol values and function bodies parsed from their text."""
    by_name = {str(s): s for s in symbols}
    values = dict(values)
    functions = dict(functions)
    for key, text in instance.items():
        if "(" in key and key.endswith(")"):
            name, args = key[:-1].split("(", 1)
            arg_symbols = [sympy.Symbol(a.strip()) for a in args.split(",") if a.strip()]
            body = sympy.sympify(text, locals={str(a): a for a in arg_symbols})
            compiled = compile_tree(body)

            def make(compiled=compiled, arg_symbols=arg_symbols):
                return lambda dps: (lambda *xs: compiled(dict(zip(arg_symbols, xs))))
            functions[name] = make()
        elif key in by_name:
            number = sympy.sympify(text)
            if not isinstance(number, sympy.Rational):
                raise NotRecheckable(f"the witness's value of {key} is not rational ({text[:40]})")
            values[by_name[key]] = Fraction(int(number.p), int(number.q))
        elif "#" in key or "by the relations" in key:
            raise NotRecheckable(f"the witness names {key!r}, which the claim does not tell apart by name")
    return values, functions


def _size(v):
    if isinstance(v, mpmath.matrix):
        return mpmath.mnorm(v, 1)
    return abs(v)


def _text(v) -> str:
    if isinstance(v, list):
        return str([[str(x) for x in row] for row in v])
    if isinstance(v, mpmath.matrix):
        return str([[mpmath.nstr(v[i, j], 12) for j in range(v.cols)] for i in range(v.rows)])
    if isinstance(v, Fraction):
        return str(v)
    return mpmath.nstr(v, 15)


def _shown(values, sizes) -> dict:
    out = {str(s): str(v) for s, v in values.items()}
    out.update({f"size {s}": str(v) for s, v in sizes.items()})
    return out


def _same_relation(residual, premise) -> bool:
    """Whether ``residual`` (a relation as the re-checker keeps it) is the premise ``premise = 0`` up to sign."""
    return residual == premise or residual == -premise or sympy.Add(residual, premise) == 0 \
        or sympy.Add(residual, -premise) == 0
