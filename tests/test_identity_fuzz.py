"""Differential fuzz test of the identity engine (issue 10): truth known by construction.

For each seed a random expression tree over ``x`` (real), ``y`` (positive) and the undefined functions
``f(.)`` and ``g(., .)`` is built, and from it

* a TRUE pair by a valid rewrite: expansion, ``sin**2 + cos**2 = 1``, ``exp(a + b) = exp(a) exp(b)``,
  ``(a + b)**2``, double angle, ``log(y e**a) = log y + a``, the product rule, the chain rule, commuting
  partial derivatives;
* a FALSE pair from the true one by one of: a small perturbation ``+ eps*term``, a changed argument
  (``f(x) -> f(x + 1)`` or ``f(y)``), a term vanishing on a lattice (``sin(N pi x)*term``), a tiny
  coefficient (``* (1 + 10**-k)``), a higher derivative (order ``k -> k + 1``).

Both labels are re-confirmed by this module's own evaluation with concrete functions (a generator bug
must not pass for an engine bug).  Over all seeds the engine never proves/confirms a false pair and never
refutes a true one; every refutation's witness is re-checked independently (:mod:`identity_truth`).
The distribution of outcomes is printed and a floor is asserted (most true pairs proved or confirmed,
most false pairs refuted).
"""
from __future__ import annotations

import functools
import random
from collections import Counter

import mpmath
import pytest
import sympy
from sympy import Derivative, Function, Rational, Subs, cos, exp, log, pi, sin, sqrt

try:
    from identity_truth import assert_false_claim_sound, assert_true_claim_sound, run
except ImportError:  # pragma: no cover
    from tests.identity_truth import assert_false_claim_sound, assert_true_claim_sound, run

x = sympy.Symbol("x", real=True)
y = sympy.Symbol("y", positive=True)
u = sympy.Symbol("u", real=True)
f, g = Function("f", real=True), Function("g", real=True)  # the trees are real expressions: declared so (a plain
# Function is complex-valued in sympy, and log(y*exp(a)) = log(y) + a fails for complex a)
SEEDS = range(25)
SAMPLES = 20

REWRITES = ["expand", "pythagoras", "exp_sum", "square", "double_angle", "log_product", "product_rule",
            "chain_rule", "partials"]
FALSIFIERS = ["perturbation", "changed_argument", "lattice", "tiny_coefficient", "higher_derivative"]


# -- random trees --------------------------------------------------------------------------------

def leaf(rng: random.Random):
    return rng.choice([x, y, x, f(x), f(y), g(x, y), f(x), Rational(rng.randint(-5, 5), rng.randint(1, 4)),
                       sympy.Integer(rng.randint(1, 3))])


def tree(rng: random.Random, depth: int):
    """A random real expression (no division, no nested exponentials)."""
    if depth <= 0:
        return leaf(rng)
    kind = rng.choice(["add", "mul", "pow", "sin", "cos", "exp", "sqrt", "log", "app"])
    if kind == "add":
        return tree(rng, depth - 1) + tree(rng, depth - 1)
    if kind == "mul":
        return tree(rng, depth - 1) * tree(rng, depth - 1)
    if kind == "pow":
        return tree(rng, depth - 1) ** rng.choice([2, 3])
    if kind == "sin":
        return sin(tree(rng, depth - 1))
    if kind == "cos":
        return cos(tree(rng, depth - 1))
    if kind == "exp":
        return exp(leaf(rng) / rng.randint(1, 3))
    if kind == "sqrt":
        return sqrt(1 + tree(rng, depth - 1) ** 2)
    if kind == "log":
        return log(1 + tree(rng, depth - 1) ** 2)
    return f(tree(rng, depth - 1)) if rng.random() < 0.7 else g(leaf(rng), tree(rng, depth - 1))


def nonconstant_tree(rng, depth):
    for _ in range(50):
        e = tree(rng, depth)
        if e.free_symbols:
            return e
    return f(x) + x


def true_pair(rng: random.Random, rewrite: str):
    a, b = nonconstant_tree(rng, 1), nonconstant_tree(rng, 1)
    common = tree(rng, 1)
    if rewrite == "expand":
        lhs = a * (b + common)
        return lhs, sympy.expand(lhs)
    if rewrite == "pythagoras":
        return a * (sin(b) ** 2 + cos(b) ** 2) + common, a + common
    if rewrite == "exp_sum":
        p, q = leaf(rng), leaf(rng)
        return exp(p + q) * a, exp(p) * exp(q) * a
    if rewrite == "square":
        return (a + b) ** 2 + common, a**2 + 2 * a * b + b**2 + common
    if rewrite == "double_angle":
        return sin(2 * a) + common, 2 * sin(a) * cos(a) + common
    if rewrite == "log_product":
        return log(y * exp(a)) + common, log(y) + a + common
    if rewrite == "product_rule":
        a, b = a + f(x), b * f(x)  # make sure the functions are differentiated
        return Derivative(a * b, x), Derivative(a, x) * b + a * Derivative(b, x)
    if rewrite == "chain_rule":
        inner = nonconstant_tree(rng, 1) + x
        return (Derivative(f(inner), x) + common,
                Subs(Derivative(f(u), u), u, inner) * Derivative(inner, x) + common)
    if rewrite == "partials":
        body = a * g(x, y) + b
        return Derivative(body, x, y), Derivative(Derivative(body, y), x)
    raise ValueError(rewrite)


def _higher(expr):
    """Raise the order of one derivative with respect to ``x`` by one (None when there is none)."""
    derivatives = sorted(expr.atoms(Derivative), key=sympy.default_sort_key)
    if not derivatives:
        return None
    d = derivatives[0]
    v = d.variables[0]
    return expr.xreplace({d: Derivative(d, v)})


def false_pair(rng: random.Random, lhs, rhs, falsifier: str):
    """A false claim from the true pair ``lhs == rhs`` (None when this falsifier does not apply)."""
    term = rng.choice([cos(x), exp(y), x**2 + 1, f(x), y, sin(x + y), g(x, y)])
    if falsifier == "perturbation":
        k = rng.randint(15, 40)
        return lhs, rhs + Rational(1, 10**k) * term
    if falsifier == "changed_argument":
        apps = sorted([a for a in rhs.atoms(sympy.core.function.AppliedUndef)], key=sympy.default_sort_key)
        if not apps:
            return None
        app = rng.choice(apps)
        moved = app.func(*[arg + 1 if i == 0 else arg for i, arg in enumerate(app.args)]) if rng.random() < 0.5 \
            else app.func(*[y if arg == x else (x if arg == y else arg + x) for arg in app.args])
        return lhs, rhs.xreplace({app: moved})
    if falsifier == "lattice":
        n = rng.choice([1, 2, 3, 7, 60, 1000])
        return lhs, rhs + sin(n * pi * x) * term
    if falsifier == "tiny_coefficient":
        k = rng.randint(15, 40)
        return lhs, rhs * (1 + Rational(1, 10**k))
    if falsifier == "higher_derivative":
        bumped = _higher(rhs)
        if bumped is None:
            return lhs, rhs + Derivative(f(x), (x, 3))  # a third derivative where none was
        return lhs, bumped
    raise ValueError(falsifier)


# -- independent truth: evaluation with concrete functions ---------------------------------------

CONCRETE = [
    {f: sympy.Lambda(u, exp(u / 3) + u**3 - 2 * u), g: sympy.Lambda((u, x), sin(u) * x + u**2 * x**3 + 1)},
    {f: sympy.Lambda(u, sin(2 * u) + u**5 / 7 + 1), g: sympy.Lambda((u, x), exp(u * x / 5) + u**4 - x)},
]
POINTS = [{x: Rational(3, 7), y: Rational(5, 4)}, {x: Rational(-11, 5), y: Rational(1, 9)},
          {x: Rational(17, 3), y: Rational(13, 2)}]


def _concrete(expr, functions):
    for _ in range(8):  # nested applications f(f(x)) need repeated passes
        if not any(a.func in functions for a in expr.atoms(sympy.core.function.AppliedUndef)):
            break
        for func, lam in functions.items():
            expr = expr.replace(func, lam)
    return sympy.lambdify((x, y), expr.doit(), modules="mpmath")


def concrete_values(lhs, rhs, dps: int):
    """``(lhs - rhs, |lhs| + |rhs|)`` at each concrete instance, evaluated with mpmath at ``dps`` digits."""
    out = []
    for functions in CONCRETE:
        compiled = [_concrete(sympy.sympify(e), functions) for e in (lhs, rhs)]
        for point in POINTS:
            with mpmath.workdps(dps):
                args = [mpmath.mpf(point[x].p) / point[x].q, mpmath.mpf(point[y].p) / point[y].q]
                left, right = (c(*args) for c in compiled)
                out.append((left - right, abs(left) + abs(right)))
    return out


def truly_zero(lhs, rhs) -> bool:
    """Zero at every concrete instance to 45 of 60 digits, relative to the size of the sides."""
    with mpmath.workdps(60):
        return all(abs(r) <= mpmath.mpf(10) ** -45 * (1 + size) for r, size in concrete_values(lhs, rhs, 60))


def truly_nonzero(lhs, rhs) -> bool:
    """Non-zero at some concrete instance: above 1e-60 relative, and the same at 80 and 120 digits."""
    low, high = concrete_values(lhs, rhs, 80), concrete_values(lhs, rhs, 120)
    with mpmath.workdps(120):
        for (r80, _), (r120, size) in zip(low, high):
            if abs(r120) > mpmath.mpf(10) ** -60 * (1 + size) and abs(r80 - r120) <= mpmath.mpf(10) ** -8 * abs(r120):
                return True
    return False


# -- the cases -----------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def case(seed: int):
    """``(rewrite, falsifier, (true lhs, rhs, check), (false lhs, rhs, check))`` for one seed."""
    rng = random.Random(seed * 7919 + 13)
    rewrite = REWRITES[seed % len(REWRITES)]
    falsifier = FALSIFIERS[seed % len(FALSIFIERS)]
    for _ in range(20):
        lhs, rhs = true_pair(rng, rewrite)
        if sympy.sympify(lhs - rhs) == 0 and rng.random() < 0.5:
            continue  # prefer pairs that sympy does not cancel on construction
        made = false_pair(rng, lhs, rhs, falsifier)
        if made is None:
            continue
        if truly_zero(lhs, rhs) and truly_nonzero(*made):
            break
    else:
        pytest.fail(f"seed {seed}: the generator found no usable pair ({rewrite}, {falsifier})")
    true_check = run(lhs, rhs, seed=seed, samples=SAMPLES)
    false_check = run(*made, seed=seed + 10_000, samples=SAMPLES)
    return rewrite, falsifier, (lhs, rhs, true_check), (made[0], made[1], false_check)


@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_true_pair_never_refuted(seed):
    rewrite, _, (lhs, rhs, chk), _ = case(seed)
    assert_true_claim_sound(chk, lhs, rhs)


@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_false_pair_never_established(seed):
    _, falsifier, _, (lhs, rhs, chk) = case(seed)
    assert_false_claim_sound(chk, lhs, rhs)


def test_fuzz_outcome_distribution(capsys):
    """Record how the engine answers; soundness is asserted above, usefulness (a floor) here."""
    true_outcomes, false_outcomes = Counter(), Counter()
    by_falsifier, by_rewrite = {}, {}
    for seed in SEEDS:
        rewrite, falsifier, (_, _, tc), (_, _, fc) = case(seed)
        true_outcomes[tc.outcome] += 1
        false_outcomes[fc.outcome] += 1
        by_rewrite.setdefault(rewrite, Counter())[tc.outcome] += 1
        by_falsifier.setdefault(falsifier, Counter())[fc.outcome] += 1
    lines = [f"identity fuzz over {len(SEEDS)} seeds",
             f"  true pairs : {dict(true_outcomes)}",
             f"  false pairs: {dict(false_outcomes)}"]
    lines += [f"    true  {k:14s} {dict(v)}" for k, v in sorted(by_rewrite.items())]
    lines += [f"    false {k:18s} {dict(v)}" for k, v in sorted(by_falsifier.items())]
    report = "\n".join(lines)
    with capsys.disabled():
        print("\n" + report)
    n = len(SEEDS)
    assert true_outcomes["refuted"] == 0 and false_outcomes["proved"] + false_outcomes["confirmed"] == 0, report
    assert true_outcomes["proved"] + true_outcomes["confirmed"] >= 0.6 * n, report
    assert false_outcomes["refuted"] >= 0.6 * n, report
