"""How the re-checker makes a claim's relations and premises hold at the point it evaluates (its own semantics).

An equation ``old = new`` among the premises is one of:

* a **rule** ``x = e`` (a symbol) or ``f(x, y) = e`` (a function applied to distinct symbols): it sets ``x`` or
  defines ``f`` (:mod:`checker.recheck.records`);
* a **jet rule** ``q⁽ᵏ⁾(t) = F(t, q, …, q⁽ᵏ⁻¹⁾, …)``, a differential equation along the curve ``q``: at the point
  ``t₀`` every initial jet ``(q(t₀), …, q⁽ᵏ⁻¹⁾(t₀))`` is the jet of some solution (the instances are analytic, so
  Picard–Lindelöf gives one), so the claim is evaluated with the family's curve for the lower jets and ``F`` for
  ``q⁽ᵏ⁾(t₀)``: the jet is replaced by ``F`` in the tree.  Sound only when no ``q⁽ʲ⁾``, ``j > k``, is needed and no
  derivative, integral or substitution binds ``t`` around ``q`` or holds a replaced jet: otherwise not re-checkable;
* a **relation along curves** ``R = 0`` (it holds identically in the curve's argument, e.g. ``G(t, q(t)) ≡ 0``):
  some undefined function ``F`` occurring once in ``R``, undifferentiated, at an application whose symbol
  arguments carry every varying symbol of ``R``, is *shifted*: ``F(x) := F₀(x) + δ(xₛ)``, with ``F₀`` the family's
  member and ``δ`` (a function of the symbol arguments ``xₛ`` alone) the root of ``R = 0`` (found by
  ``mpmath.findroot``).  Every ``F`` with ``R ≡ 0`` is of this form (take ``F₀ = F``), so nothing is lost;
* an **implicit relation at a point** (no composed functions, no jets of curves: ``G(T, Q) = 0``,
  ``v·G_Q + G_T = 0``): one symbol per relation is solved for by ``mpmath.findroot`` (functions instantiated),
  preferring symbols that are no function's argument.
"""
from __future__ import annotations

import mpmath
import sympy
from sympy.core.function import AppliedUndef

from .numeric import FUNCS, SCALE, NotRecheckable, compile_tree

BINDERS = (sympy.Derivative, sympy.Integral, sympy.Sum, sympy.Product, sympy.Subs, sympy.Lambda)
MAX_REWRITES = 12


# -- jet rules (differential relations) --------------------------------------------------------------------------
def jet_rule(old, new):
    """``(curve application, variable, order)`` when ``old = new`` is ``q⁽ᵏ⁾(t) = F`` with ``q⁽ᵏ⁾`` absent from ``F``."""
    if not (isinstance(old, sympy.Derivative) and isinstance(old.expr, AppliedUndef)):
        return None
    variables = {v for v, _ in old.variable_count}
    if len(variables) != 1:
        return None
    (var,) = variables
    if not isinstance(var, sympy.Symbol) or var not in old.expr.args or new.has(old):
        return None
    if any(isinstance(n, sympy.Derivative) and n.expr == old.expr and n.derivative_count > old.derivative_count
           for n in sympy.preorder_traversal(new)):
        return None
    return old.expr, var, old.derivative_count


def apply_jet_rules(exprs, jet_rules):
    """The expressions with each ruled jet replaced by its rule (until none is left); ``NotRecheckable`` where the
    replacement would not be the claim along a solution (see the module docstring)."""
    if not jet_rules:
        return exprs
    table = {old: new for old, new in jet_rules}
    curves = {old.expr: (var, old.derivative_count) for old, _ in jet_rules for var in [old.variables[0]]}
    out = []
    for e in exprs:
        for _ in range(MAX_REWRITES):
            _check_jets(e, table, curves)
            if not any(e.has(old) for old in table):
                break
            e = e.xreplace(table)
        else:
            raise NotRecheckable("the differential relations never stop rewriting")
        out.append(e)
    return out


def _check_jets(e, table, curves):
    for node in sympy.preorder_traversal(e):
        if isinstance(node, sympy.Derivative) and node.expr in curves:
            var, order = curves[node.expr]
            if set(node.variables) == {var} and node.derivative_count <= order:
                continue
            raise NotRecheckable("a derivative of a curve given by a differential equation beyond the equation's "
                                 "order (no independent solver for it)")
        if isinstance(node, BINDERS) and not (isinstance(node, sympy.Derivative) and node.expr in curves):
            bound = set(getattr(node, "variables", ()))
            if any(node.has(j) for j in table) or any(node.has(c) and bound & {var} for c, (var, _) in curves.items()):
                raise NotRecheckable("a curve given by a differential equation inside a derivative, integral or "
                                     "substitution in its variable (no independent solver for it)")


# -- relations along curves: shifted functions -------------------------------------------------------------------
def curve_structure(residual) -> bool:
    """Whether ``residual`` speaks of curves: a function composed with a function, or a jet ``q'(t)``."""
    for node in sympy.preorder_traversal(residual):
        if isinstance(node, AppliedUndef) and any(a.has(AppliedUndef) for a in node.args):
            return True
        if isinstance(node, sympy.Derivative) and isinstance(node.expr, AppliedUndef) and \
                all(isinstance(v, sympy.Symbol) for v in node.variables) and len(node.expr.args) == 1:
            return True
    return False


def shift_candidates(residual, parameters):
    """Applications ``F(…)`` that may be shifted to make ``residual ≡ 0``: ``F`` occurs once, undifferentiated and
    outside every binder, with symbol arguments carrying every free symbol of ``residual`` that is no parameter;
    and ``residual`` holds another function (else ``F`` would be shifted to 0)."""
    apps = [n for n in sympy.preorder_traversal(residual) if isinstance(n, AppliedUndef)]
    inside = set()
    for node in sympy.preorder_traversal(residual):
        if isinstance(node, BINDERS):
            inside |= {n.func for n in sympy.preorder_traversal(node) if isinstance(n, AppliedUndef)}
    varying = residual.free_symbols - set(parameters)
    out = []
    for app in apps:
        same = [a for a in apps if a.func == app.func]
        if len(same) != 1 or app.func in inside:
            continue
        if not varying <= {a for a in app.args if isinstance(a, sympy.Symbol)}:
            continue
        if not any(a.func != app.func for a in apps):
            continue
        out.append(app)
    return out


def order_shifts(residuals, parameters, forbidden):
    """``[(residual, application)]`` in an order where a function shifted later occurs in no earlier relation
    (each shift keeps the relations made to hold before it); ``None`` when no such order exists."""
    remaining, chosen = list(residuals), []
    while remaining:
        for r in remaining:
            others = [o for o in remaining if o is not r]
            app = next((a for a in shift_candidates(r, parameters) if a.func not in forbidden
                        and not any(o.has(a.func) for o in others)), None)
            if app is not None:
                chosen.append((r, app))
                remaining.remove(r)
                forbidden = forbidden | {app.func}
                break
        else:
            return None
    return list(reversed(chosen))


def install_shifts(shifts, env, real_functions, analytic=False):
    """Replace each shifted function ``F`` in ``env[FUNCS]`` by ``F₀ + δ`` (module docstring), in order."""
    for residual, app in shifts:
        name = str(app.func)
        base = env[FUNCS][name]
        positions = [i for i, a in enumerate(app.args) if isinstance(a, sympy.Symbol)]
        symbols = [app.args[i] for i in positions]
        marker = sympy.Dummy("shift")
        compiled = compile_tree(residual.xreplace({app: marker}))
        argument_trees = [compile_tree(a) for a in app.args]
        cache: dict = {}

        def shifted(*xs, base=base, positions=positions, symbols=symbols, compiled=compiled,
                    argument_trees=argument_trees, cache=cache, name=name, marker=marker):
            key = (tuple(xs[i] for i in positions), mpmath.mp.prec)
            if key not in cache:
                local = dict(env)
                local.pop(SCALE, None)
                local.update(zip(symbols, key[0]))
                at_curve = base(*[a(local) for a in argument_trees])

                def residual_at(d):
                    local[marker] = at_curve + d
                    return compiled(local)
                r0, r1 = residual_at(0), residual_at(1)
                d = -r0 / (r1 - r0) if r1 != r0 else mpmath.mpf(0)
                if abs(residual_at(d)) > mpmath.mpf(10) ** (-mpmath.mp.dps // 2) * (1 + abs(r0)):
                    d = mpmath.findroot(residual_at, d, verify=False)
                    if abs(residual_at(d)) > mpmath.mpf(10) ** (-mpmath.mp.dps // 2) * (1 + abs(r0)):
                        raise ValueError("no shift makes the relation hold")
                if not analytic and name in real_functions and abs(mpmath.im(d)) > mpmath.mpf(10) ** (-mpmath.mp.dps // 2):
                    raise ValueError("the shift of a real function is not real")
                cache[key] = (d, abs(at_curve) + abs(r0))
            d, size = cache[key]
            scale = env.get(SCALE)
            if scale is not None and size > scale[0]:
                scale[0] = size  # the residual of the claim is judged against the terms the shift cancelled
            return base(*xs) + d
        env[FUNCS][name] = shifted


# -- implicit relations at a point -------------------------------------------------------------------------------
#: nodes whose value at a complex point is the analytic continuation of their value at real points
ANALYTIC = (sympy.Add, sympy.Mul, sympy.Symbol, sympy.Number, sympy.NumberSymbol, type(sympy.I), AppliedUndef,
            sympy.Derivative, sympy.Subs, sympy.exp, sympy.sin, sympy.cos, sympy.tan, sympy.sinh, sympy.cosh,
            sympy.tanh, sympy.MatrixBase, sympy.Tuple)


def is_analytic(exprs) -> bool:
    """Whether every node is analytic (no ``Abs``, ``re``, ``conjugate``, branch cuts, integrals, relations): an
    identity of such trees that holds at generic complex points of a relation's solution set holds at its real
    points too, and one that fails at real points fails at generic complex points of the same component."""
    for e in exprs:
        for node in (sympy.preorder_traversal(e) if not isinstance(e, sympy.MatrixBase) else
                     (n for x in e for n in sympy.preorder_traversal(x))):
            if isinstance(node, sympy.Pow):
                if not node.exp.is_Integer:
                    return False
            elif not isinstance(node, ANALYTIC) and type(node).__name__ not in ("Str",):
                return False
    return True


def solve_implicit(residuals, env, symbols, apply_rules, argument_symbols, analytic=False, attempt=0):
    """Make the implicit relations hold at the point: one unknown symbol per relation (preferring symbols in few
    relations and no function's argument; the ``attempt``-th candidate, so that a choice that leaves no solution
    inside the domain is not the only one tried), solved by ``mpmath.findroot`` from the drawn values.  A real symbol
    must get a real root unless the claim is analytic (:func:`is_analytic`): then a complex root will do."""
    unknowns = []
    for r in residuals:
        differentiated = {v for n in sympy.preorder_traversal(r) if isinstance(n, BINDERS)
                          for v in getattr(n, "variables", ())}
        candidates = [s for s in r.free_symbols if s in symbols and s not in unknowns and not s.is_integer
                      and s not in differentiated]
        if not candidates:
            raise NotRecheckable("an implicit relation with no symbol left to solve for (a symbol a derivative in "
                                 "it is taken by is not solved for)")
        candidates.sort(key=lambda s: (s in argument_symbols, sum(1 for o in residuals if o.has(s)), str(s)))
        unknowns.append(candidates[attempt % len(candidates)])  # each attempt solves for other symbols
    compiled = [compile_tree(r) for r in residuals]

    def system(*xs):
        local = dict(env)
        local[FUNCS] = dict(env[FUNCS])
        local.update(zip(unknowns, xs))
        apply_rules(local)
        return [c(local) for c in compiled]
    start = [env[u] for u in unknowns]
    if analytic:  # off the real line, so that the iteration can reach the complex roots
        start = [v + mpmath.mpc(0, 1) / 7 for v in start]
    try:
        if len(start) == 1:
            roots = [mpmath.findroot(lambda x: system(x)[0], start[0], verify=False)]
        else:
            root = mpmath.findroot(system, start, verify=False)
            roots = [root[i] for i in range(len(unknowns))]
    except (ValueError, ZeroDivisionError, TypeError):  # mpmath's LU solve fails on a singular Jacobian
        raise ValueError("findroot did not converge") from None
    scale = 1 + sum(abs(v) for v in start)
    if any(abs(v) > mpmath.mpf(10) ** (-mpmath.mp.dps // 2) * scale for v in system(*roots)):
        raise ValueError("findroot did not converge")
    for u, v in zip(unknowns, roots):
        if analytic:
            env[u] = v
            continue
        if (u.is_real or u.is_positive or u.is_negative) and abs(mpmath.im(v)) > mpmath.eps * 1e6 * scale:
            raise ValueError("the root is not real")
        if u.is_real:
            v = mpmath.re(v)
        if u.is_positive and mpmath.re(v) <= 0 or u.is_negative and mpmath.re(v) >= 0:
            raise ValueError("the root breaks the symbol's sign")
        env[u] = v
