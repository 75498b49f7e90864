"""Ground truth for the identity-engine soundness tests (issue 10).

The soundness contract of ``Checks.identity`` is checked here *independently* of the engine:

* a claim known to be FALSE is never ``proved`` or ``confirmed`` and never carries an error bound;
* a claim known to be TRUE is never ``refuted`` (``inconclusive`` is an honest answer);
* a refutation is re-checked from its witness alone: the symbols' values and the concrete
  functions that stood for the undefined ones are substituted into the *original* claim with
  sympy (relations applied as the premise says), the residual is evaluated at two precisions
  and must be genuinely non-zero, the values must satisfy the symbols' assumptions (and be real
  unless a symbol is declared non-real: the domain is real points; values of the sides may be
  complex and are compared as complex numbers), both sides must be finite there, and the point
  must satisfy the relations.  Keys are symbol names (a note such as ``"x (by the relations)"`` is
  accepted) and ``"f(u0, u1)"`` for the concrete function that stood for ``f``; a symbol or function
  that cancels from the residual may be left out;
* an error bound (Schwartz–Zippel) appears only for a claim whose own residual is a polynomial
  in its symbols (no undefined functions).

Nothing here imports the engine's internals: only the public ``checker.kernel.checks.Checks`` API.
"""
from __future__ import annotations

import itertools
import re

import sympy
from hypothesis import HealthCheck, Phase, settings
from sympy.core.function import AppliedUndef

from checker.kernel.checks import Checks
from checker.kernel.engine.symbolic import derivatives_by_dummies

try:  # inside an @given test hypothesis formats every exception of a *nested* search (the engine's own
    # hypothesis search) with pytest's repr_failure, which costs seconds per shrink step; the engine's search
    # is not the test, so it runs with no pytest item attached
    from hypothesis.internal.escalation import current_pytest_item
except ImportError:  # pragma: no cover - a future hypothesis
    current_pytest_item = None

ESTABLISHED = ("proved", "confirmed")
OUTCOMES = ("proved", "confirmed", "inconclusive", "refuted", "error")
PREMISE = "test.issue10.premise"


def hsettings(max_examples: int):
    """Hypothesis settings for tests whose every example runs the engine: deterministic, no shrinking
    (a failing example is reported as drawn, so a failing engine does not multiply the run time)."""
    return settings(max_examples=max_examples, deadline=None, derandomize=True, database=None,
                    phases=[Phase.explicit, Phase.generate], report_multiple_bugs=False,
                    suppress_health_check=list(HealthCheck))


# -- running a claim ---------------------------------------------------------------------------------

def run(lhs, rhs=0, *, seed: int = 0, samples: int = 20, relations=None, premise: str = PREMISE,
        scope: str = ""):
    """``Checks(seed=seed).identity(...)`` through the public API (a premise id whenever relations are given)."""
    checks = Checks(seed=seed)
    kwargs = {}
    if relations is not None:
        kwargs["relations"] = relations
        kwargs["premise"] = premise
    if current_pytest_item is None:
        return checks.identity("issue10 claim", lhs, rhs, samples=samples, scope=scope, **kwargs)
    with current_pytest_item.with_value(None):
        return checks.identity("issue10 claim", lhs, rhs, samples=samples, scope=scope, **kwargs)


def detached(call, *args, **kwargs):
    """Run ``call`` (a Checks method that searches with hypothesis) detached from the pytest item."""
    if current_pytest_item is None:
        return call(*args, **kwargs)
    with current_pytest_item.with_value(None):
        return call(*args, **kwargs)


def describe(chk, lhs=None, rhs=None, relations=None) -> str:
    claim = "" if lhs is None else f"claim {sympy.sstr(lhs)} == {sympy.sstr(rhs)}"
    if relations is not None:
        claim += f" modulo {relations!r}"
    return (f"{claim}\n  outcome={chk.outcome!r} error_bound={chk.error_bound!r}\n"
            f"  detail={str(chk.detail)[:400]!r}\n  witness={chk.witness!r}")


def residuals_of(lhs, rhs) -> list:
    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    if isinstance(lhs, sympy.MatrixBase) or isinstance(rhs, sympy.MatrixBase):
        return list(sympy.Matrix(lhs) - sympy.Matrix(rhs))
    return [lhs - rhs]


def has_undefined(*exprs) -> bool:
    return any(sympy.sympify(e).atoms(AppliedUndef) for e in exprs if not isinstance(e, sympy.MatrixBase)) or any(
        sympy.Matrix(e).atoms(AppliedUndef) for e in exprs if isinstance(e, sympy.MatrixBase))


def claim_is_polynomial(lhs, rhs) -> bool:
    """Whether the claim's own residual is a polynomial in its free symbols (no undefined functions)."""
    for r in residuals_of(lhs, rhs):
        if r.atoms(AppliedUndef) or r.atoms(sympy.Derivative, sympy.Integral, sympy.Sum, sympy.Subs):
            return False
        r = sympy.expand(r)
        if not r.is_polynomial(*r.free_symbols):
            return False
    return True


# -- the contract ----------------------------------------------------------------------------------

def check_invariants(chk, lhs, rhs, relations=None):
    """What holds for every verdict: a known outcome, a bound only for a polynomial claim."""
    assert chk.outcome in OUTCOMES, describe(chk, lhs, rhs, relations)
    if chk.error_bound:
        assert not has_undefined(lhs, rhs) and claim_is_polynomial(lhs, rhs), (
            "an error bound is stated for a claim whose residual is not a polynomial in its symbols\n"
            + describe(chk, lhs, rhs, relations))
        assert chk.outcome == "confirmed", describe(chk, lhs, rhs, relations)


def assert_false_claim_sound(chk, lhs, rhs=0, relations=None):
    """A FALSE claim: never proved/confirmed, never an error bound; a refutation's witness re-checks."""
    check_invariants(chk, lhs, rhs, relations)
    assert chk.outcome not in ESTABLISHED, "FALSE claim established:\n" + describe(chk, lhs, rhs, relations)
    assert not chk.error_bound, "error bound on a false claim:\n" + describe(chk, lhs, rhs, relations)
    if chk.outcome == "refuted":
        recheck_witness(chk, lhs, rhs, relations)


def assert_true_claim_sound(chk, lhs, rhs=0, relations=None):
    """A TRUE claim: never refuted (inconclusive is honest), and not an error either."""
    check_invariants(chk, lhs, rhs, relations)
    assert chk.outcome != "refuted", "TRUE claim refuted:\n" + describe(chk, lhs, rhs, relations)
    assert chk.outcome != "error", "TRUE claim gave an error:\n" + describe(chk, lhs, rhs, relations)


# -- independent re-check of a witness -------------------------------------------------------------

_FUNCTION_KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\((\s*u\d+\s*(?:,\s*u\d+\s*)*)\)\s*$")
#: a symbol key with a note, e.g. "x (by the relations)"
_ANNOTATED_SYMBOL_KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s+\(.*\)\s*$")
#: sample points at which a witness function is checked against its function's assumptions
_GRID = [sympy.Rational(v) for v in ("-7", "-3/2", "-1/3", "0", "1/5", "1", "5/2", "9")]


def parse_witness(witness: dict):
    """``(symbol values by name, function bodies by name as (argument symbols, body))``."""
    assert isinstance(witness, dict) and isinstance(witness.get("instance"), dict), (
        f"a refutation must carry witness['instance'] (a dict); got {witness!r}")
    values, functions = {}, {}
    for key, text in witness["instance"].items():
        m = _FUNCTION_KEY.match(str(key))
        if m:
            name = m.group(1)
            args = [a.strip() for a in m.group(2).split(",") if a.strip()]
            dummies = [sympy.Symbol(a) for a in args]
            body = sympy.sympify(str(text), locals={a: d for a, d in zip(args, dummies)})
            stray = body.free_symbols - set(dummies)
            assert not stray, f"witness function {key} = {text!r} has free symbols {stray}"
            functions[name] = (tuple(dummies), body)
        else:
            annotated = _ANNOTATED_SYMBOL_KEY.match(str(key))
            name = annotated.group(1) if annotated else str(key).strip()
            value = sympy.sympify(str(text))
            assert not value.free_symbols, f"witness value {key} = {text!r} is not a number"
            values[name] = value
    return values, functions


def _rewrite_derivatives_by_non_symbols(expr):
    """``Derivative(U(x(t)), x(t))`` -> ``Subs(Derivative(U(d), d), d, x(t))`` (a rewrite, not a decision: the kernel's)."""
    return derivatives_by_dummies(expr)


def split_relations(relations):
    """``(substitution rules {old: new}, implicit relations [expr = 0])`` as the issue-10 API defines them."""
    rules, implicit = {}, []
    if relations is None:
        return rules, implicit
    if isinstance(relations, dict):
        for old, new in relations.items():
            old, new = sympy.sympify(old), sympy.sympify(new)
            if old.is_Symbol or isinstance(old, AppliedUndef) or (
                    isinstance(old, sympy.Derivative) and isinstance(old.expr, AppliedUndef)):
                rules[old] = new
            else:
                implicit.append(old - new)
    else:
        for rel in relations:
            if isinstance(rel, sympy.Equality):
                implicit.append(rel.lhs - rel.rhs)
            else:
                implicit.append(sympy.sympify(rel))
    return rules, implicit


def apply_rules(expr, rules):
    expr = sympy.sympify(expr)
    if not rules:
        return expr
    for _ in range(8):
        new = expr.subs(rules).doit(integrals=False)
        if new == expr:
            break
        expr = new
    return expr


def instantiate(expr, values: dict, functions: dict, symbols_by_name: dict):
    """Substitute the witness into ``expr``: functions first (then derivatives/Subs/Sums done), then values."""
    expr = _rewrite_derivatives_by_non_symbols(sympy.sympify(expr))
    for _ in range(8):  # one replace pass leaves f(x) of a nested f(f(x)): repeat to a fixed point
        present = {a.func for a in expr.atoms(AppliedUndef) if str(a.func) in functions}
        if not present:
            break
        for func in present:
            dummies, body = functions[str(func)]
            expr = expr.replace(func, sympy.Lambda(dummies, body))
    # subs (not xreplace): a bound variable that shares its name with a free one stays bound
    expr = expr.subs({symbols_by_name[n]: v for n, v in values.items() if n in symbols_by_name}, simultaneous=True)
    return expr.doit(integrals=False)


def numeric(expr, digits: int):
    return sympy.N(expr, digits, maxn=400)


def is_finite_number(v) -> bool:
    return v.is_number and v.is_finite is not False and not v.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo)


def genuinely_nonzero(expr) -> bool:
    """The value at 50 digits is finite, non-zero and agrees with the value at 90 digits (no precision artefact)."""
    v50, v90 = numeric(expr, 50), numeric(expr, 90)
    if not (is_finite_number(v50) and is_finite_number(v90)) or v90 == 0:
        return False
    return abs(v50 - v90) <= abs(v90) * sympy.Float("1e-10")


def _satisfies(value, key: str, wanted: bool) -> bool:
    got = getattr(value, f"is_{key}", None)
    if got is not None:
        return bool(got) == wanted
    # sympy cannot decide: check what a number can show
    v = numeric(value, 50)
    if not is_finite_number(v):
        return False
    re_, im = v.as_real_imag()
    checks = {"positive": re_ > 0 and im == 0, "negative": re_ < 0 and im == 0,
              "nonnegative": re_ >= 0 and im == 0, "nonpositive": re_ <= 0 and im == 0,
              "zero": v == 0, "nonzero": v != 0, "real": im == 0}
    if key in checks:
        return bool(checks[key]) == wanted
    return True  # an assumption a number cannot show numerically (e.g. transcendental): not held against it


def check_symbol_assumptions(symbol, value):
    bad = [f"{k}={w}" for k, w in symbol.assumptions0.items()
           if k != "commutative" and not _satisfies(value, k, w)]
    assert not bad, f"witness value {symbol} = {value} violates the assumptions {bad}"


def check_function_assumptions(func, dummies, body):
    """A witness function must respect its function's declared assumptions (checked on a grid)."""
    wanted = {k: v for k, v in getattr(func, "_kwargs", {}).items() if k != "commutative"}
    if not wanted:
        return
    for point in itertools.product(_GRID, repeat=len(dummies)):
        value = body.xreplace(dict(zip(dummies, point)))
        v = numeric(value, 30)
        if not is_finite_number(v):
            continue  # the family may be defined on part of the line only
        for key, w in wanted.items():
            assert _satisfies(value, key, w), (
                f"witness function {func}{dummies} = {body} violates {key}={w} at {point}")


def recheck_witness(chk, lhs, rhs=0, relations=None):
    """Re-check a refutation from its witness alone (independently of the engine)."""
    assert chk.witness is not None, "refuted without a witness:\n" + describe(chk, lhs, rhs, relations)
    values, functions = parse_witness(chk.witness)
    rules, implicit = split_relations(relations)
    residuals = residuals_of(lhs, rhs)
    sides = [sympy.sympify(lhs), sympy.sympify(rhs)]
    everything = sympy.Tuple(*[sympy.sympify(r) for r in residuals], *implicit,
                             *[sympy.sympify(k) for k in rules], *[sympy.sympify(v) for v in rules.values()])
    symbols_by_name = {s.name: s for s in everything.free_symbols if isinstance(s, sympy.Symbol)}
    # the witness speaks of the claim's symbols and functions only
    function_names = {str(a.func) for a in everything.atoms(AppliedUndef)}
    unknown = [n for n in values if n not in symbols_by_name]
    assert not unknown, (f"witness assigns {unknown}, which are not free symbols of the claim "
                         f"{sorted(symbols_by_name)}\n" + describe(chk, lhs, rhs, relations))
    unknown = [n for n in functions if n not in function_names]
    assert not unknown, f"witness gives functions {unknown} absent from the claim\n" + describe(chk, lhs, rhs, relations)
    for name, value in values.items():
        check_symbol_assumptions(symbols_by_name[name], value)
    # the domain convention: real points (values of symbols not declared non-real are real)
    for name, value in values.items():
        if symbols_by_name[name].is_real is not False:
            assert sympy.im(numeric(value, 30)) == 0, (f"witness value {name} = {value} is not real\n"
                                                      + describe(chk, lhs, rhs, relations))
    for func in {a.func for a in everything.atoms(AppliedUndef)}:
        if str(func) in functions:
            check_function_assumptions(func, *functions[str(func)])
    # a substitution rule for a symbol that the witness also assigns must hold there
    for old, new in rules.items():
        if old.is_Symbol and old.name in values:
            gap = instantiate(new, values, functions, symbols_by_name) - values[old.name]
            assert not genuinely_nonzero(gap), f"witness breaks the relation {old} = {new}\n" + describe(chk, lhs, rhs, relations)
    # implicit relations hold at the witness
    for rel in implicit:
        at = instantiate(apply_rules(rel, rules), values, functions, symbols_by_name)
        assert not at.free_symbols, f"witness leaves {at.free_symbols} free in relation {rel}"
        v = numeric(at, 60)
        assert is_finite_number(v) and abs(v) < sympy.Float(10) ** -30, (
            f"witness breaks the relation {rel} = 0 (value {v})\n" + describe(chk, lhs, rhs, relations))
    # both sides are defined there (finite), and the residual is genuinely non-zero
    for side in sides:
        if isinstance(side, sympy.MatrixBase):
            continue
        at = instantiate(apply_rules(side, rules), values, functions, symbols_by_name)
        if at.free_symbols or at.atoms(AppliedUndef):
            continue  # a symbol or function that cancels from the residual need not be given a value
        v = numeric(at, 30)
        assert is_finite_number(v), f"a side is not finite at the witness: {side} -> {v}\n" + describe(chk, lhs, rhs, relations)
    nonzero = []
    for r in residuals:
        at = instantiate(apply_rules(r, rules), values, functions, symbols_by_name)
        if at.free_symbols or at.atoms(AppliedUndef):  # what the witness leaves open must cancel
            at = sympy.expand(at)
        assert not at.free_symbols and not at.atoms(AppliedUndef), (f"witness leaves {sorted(map(str, at.free_symbols))} free in the residual\n"
                                     + describe(chk, lhs, rhs, relations))
        nonzero.append(genuinely_nonzero(at))
    assert any(nonzero), ("the witness is no counterexample: the claim's residual vanishes there\n"
                          + describe(chk, lhs, rhs, relations))


FIXED_EXAMPLES = settings(max_examples=6, deadline=None, derandomize=True, database=None,
                          suppress_health_check=list(HealthCheck))


def identity_verdict(lhs, rhs, samples=None):
    """The claim check ``check.identity('claim', lhs, rhs)`` as a verifier records it (seed 0)."""
    from checker.interfaces.api import run_verifier
    out = {}

    def ver(check):
        kw = {"samples": samples} if samples else {}
        out["c"] = check.identity("claim", lhs, rhs, **kw)
    run_verifier(ver, seed=0)
    return out["c"]

