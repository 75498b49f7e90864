"""Symbolic reduction of residuals: ``expr == 0`` shown by sympy, or not shown.

:func:`checker.kernel.engine.residuals.reduce_residual` decides ``expr == 0`` the cheap way first (``doit``, ``expand``,
``cancel``, then with the jets of curves as independent symbols, :func:`jet_normalize`) and
reaches for ``simplify`` only last and under a time limit.  Random instances of a claim are
drawn by :mod:`checker.kernel.engine.instances`.
"""
from __future__ import annotations

import contextlib
import signal
import threading
import time

import sympy
from sympy.core.function import AppliedUndef

from .ring_zero import nonzero_in_symbols, zero_by_ring_arithmetic


class TimeLimit(Exception):
    """Raised when a symbolic step exceeds its time limit."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise :class:`TimeLimit` after ``seconds`` (only in the main thread; elsewhere no limit)."""
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _raise(signum, frame):
        raise TimeLimit(f"exceeded {seconds} s")

    previous = signal.getitimer(signal.ITIMER_REAL)[0]
    if previous and previous < seconds:  # an outer limit expires first: let it
        yield
        return
    started = time.monotonic()
    old = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        if previous:  # an outer limit was running: restore what is left of it
            signal.setitimer(signal.ITIMER_REAL, max(previous - (time.monotonic() - started), 0.001))


def as_residuals(eq) -> list:
    """Scalar residuals ``lhs - rhs`` of an equation, a matrix equation, or a bare expression.

    Matrix expressions with ``MatrixSymbol`` entries of concrete shape become explicit matrices whose
    entries are independent symbols ``A[i,j]``: an identity of matrices for all values of their entries.
    """
    if isinstance(eq, tuple) and len(eq) == 2:
        lhs, rhs = eq
    elif isinstance(eq, sympy.Equality):
        lhs, rhs = eq.lhs, eq.rhs
    else:
        lhs, rhs = eq, 0
    lhs, rhs = _explicit(sympy.sympify(lhs)), _explicit(sympy.sympify(rhs))
    for side in (lhs, rhs):
        if not isinstance(side, (sympy.Expr, sympy.MatrixBase)):
            raise ValueError(f"an identity compares expressions or matrices, not {type(side).__name__} {sympy.sstr(side)[:80]}")
    if isinstance(lhs, sympy.MatrixBase) or isinstance(rhs, sympy.MatrixBase):
        lhs, rhs = sympy.Matrix(lhs), sympy.Matrix(rhs)
        if lhs.shape != rhs.shape:
            raise ValueError(f"matrix equation with shapes {lhs.shape} and {rhs.shape}")
        return list(lhs - rhs)
    return [lhs - rhs]


def _explicit(side):
    """A matrix expression as an explicit matrix with entry symbols (unchanged for anything else)."""
    if not isinstance(side, sympy.MatrixExpr) and not (isinstance(side, sympy.Basic) and side.atoms(sympy.MatrixSymbol)):
        return side
    symbolic = [m for m in side.atoms(sympy.MatrixSymbol)
                if not all(isinstance(n, (int, sympy.Integer)) for n in m.shape)]
    if symbolic or (isinstance(side, sympy.MatrixExpr)
                    and not all(isinstance(n, (int, sympy.Integer)) for n in side.shape)):
        # never flatten entries under a symbolic summation index (A[i, j] would become one value)
        raise ValueError(f"matrix expression {sympy.sstr(side)[:80]} has matrices of symbolic shape "
                         f"({', '.join(sympy.sstr(m) for m in symbolic) or sympy.sstr(side.shape)}): check it with "
                         f"check.identity (every size) or give concrete dimensions")
    if not isinstance(side, sympy.MatrixExpr):
        # a scalar built from matrices (a determinant, a trace, an entry): write every matrix out entry by entry
        explicit = {m: sympy.ImmutableMatrix(*m.shape, lambda i, j, m=m: m[i, j]) for m in side.atoms(sympy.MatrixSymbol)}
        side = side.xreplace(explicit).doit()
    else:
        side = side.as_explicit()
    entries = side.atoms(sympy.matrices.expressions.matexpr.MatrixElement)
    return side.xreplace({e: entry_symbol(e) for e in entries})


_ENTRY_SYMBOLS: dict = {}  # a matrix entry -> its Dummy, for the life of the process


def entry_symbol(element) -> sympy.Dummy:
    """The variable standing for the matrix entry ``element`` (``A[i, j]``, or an entry of ``A⁻¹`` taken as a
    value of its own): the same Dummy for equal entries in every call, so residuals computed apart still match,
    and never equal to a user's Symbol, even one named ``A[0,0]`` (a name must not make two variables one)."""
    symbol = _ENTRY_SYMBOLS.get(element)
    if symbol is None:
        symbol = _ENTRY_SYMBOLS[element] = sympy.Dummy(f"{element.parent}[{element.i},{element.j}]")
    return symbol


_DONE_LIMIT = 4096
_done: dict = {}  # an expression -> its ``doit``, and every result -> itself (insertion order: oldest first)


def evaluated(expr):
    """``expr.doit()``, skipped where it would only rebuild the tree: ``doit`` is pure, so its result is remembered.

    A tree whose every node's ``doit`` is the plain recursive rebuild (symbols, numbers, sums, products, powers,
    applied functions, derivatives of an undefined function with respect to its own symbol arguments) is
    returned as it is: rebuilding would at most re-evaluate it into an equal expression.  Matrices are
    evaluated entry by entry.  Skipping never changes the value of an expression, only how it is written.
    """
    expr = sympy.sympify(expr)
    if isinstance(expr, sympy.MatrixBase):
        return expr.applyfunc(evaluated)
    if not isinstance(expr, sympy.Basic):
        return expr
    known = _done.get(expr)
    if known is not None:
        return known
    result = expr if _only_rebuilds(expr) else _doit_sharing(expr, {})
    _remember(_done, expr, result)
    _done[result] = result
    return result


def _remember(memo: dict, key, value) -> None:
    """``memo[key] = value``, forgetting the older half first when ``memo`` holds :data:`_DONE_LIMIT` entries."""
    if len(memo) >= _DONE_LIMIT:
        for old in list(memo)[:_DONE_LIMIT // 2]:
            del memo[old]
    memo[key] = value


_node_done: dict = {}  # a node whose class has its own ``doit`` (Derivative, Subs, ...) -> its ``doit()``


def _doit_sharing(expr, seen: dict):
    """``expr.doit()``, with each distinct subtree evaluated once: the same tree as sympy's recursion.

    A node with the plain recursive ``doit`` (``Basic``: ``func(*[a.doit() for a in args])``; ``AssocOp``: the same
    with ``evaluate=True``; an ``Atom``: itself) is rebuilt here from its evaluated arguments exactly as that
    ``doit`` does; any other node (``Derivative``, ``Subs``, ``Integral``, ...) is handed to its own ``doit`` and the
    answer remembered, so a ``Subs`` occurring hundreds of times in a sum is evaluated once.  ``doit`` is pure.
    """
    known = seen.get(expr)
    if known is not None:
        return known
    own = type(expr).doit
    if own is sympy.Atom.doit:
        result = expr
    elif own is sympy.Basic.doit:
        result = expr.func(*[_doit_sharing(a, seen) if isinstance(a, sympy.Basic) else a for a in expr.args])
    elif own is sympy.core.operations.AssocOp.doit:
        result = expr.func(*[_doit_sharing(a, seen) for a in expr.args], evaluate=True)
    else:
        result = _node_done.get(expr)
        if result is None:
            result = expr.doit()
            _remember(_node_done, expr, result)
    seen[expr] = result
    return result


_REBUILD_DOITS = (sympy.Basic.doit, sympy.core.operations.AssocOp.doit, sympy.Atom.doit)


def _only_rebuilds(expr) -> bool:
    """Every node of ``expr`` has the plain recursive ``doit`` (or is a derivative ``doit`` leaves as it is)."""
    for node in sympy.preorder_traversal(expr):
        if type(node).doit in _REBUILD_DOITS:
            continue
        if (isinstance(node, sympy.Derivative) and isinstance(node.expr, AppliedUndef)
                and all(v.is_Symbol and v in node.expr.args for v, _ in node.variable_count)):
            continue
        return False
    return True


class Jet(sympy.Dummy):
    """The value of one derivative of one curve at its argument (a Dummy class of its own: no user symbol equals it,
    and two jets are one only when they are the jet of the same function object at the same argument object and
    order, :func:`jet_symbol`; never because their names agree)."""


_JETS: dict = {}  # (function class, argument, order, real) -> its Jet, for the life of the process


def jet_symbol(func, argument, order: int, real: bool) -> Jet:
    """The jet of the curve ``func`` at ``argument`` of derivative order ``order``: the same Jet for equal keys in every
    call (residuals normalised apart still match), a different one for any other function or argument object, even
    one with the same name (``x(t_s)`` and ``x_t(s)``; ``t`` and a positive ``t``; ``Function('f')`` and
    ``Function('f', complex=True)``)."""
    key = (func, argument, int(order), bool(real))
    jet = _JETS.get(key)
    if jet is None:
        jet = _JETS[key] = Jet(f"_jet_{func}_{argument}_{order}", **({"real": True} if real else {}))
    return jet


def jet_normalize(expr):
    """Replace curves x(t) and their t-derivatives, where t is free, by independent jet symbols, then ``doit``.

    A fully differentiated expression is a function of the jets (x, x', x'', ...) of each curve at its
    argument, which can take any values at a point, so it vanishes for every curve when it vanishes
    identically in the jet symbols.  Each jet symbol stands for one curve at one argument
    (``x(s)`` and ``x(t)`` stay different), and an occurrence under a binder of its argument (an
    ``Integral``/``Sum``/``Product``/``Lambda``/``Subs`` over t, a derivative with respect to t) is left
    alone: the rewrite is a capture-free substitution, so substituting the curves back gives ``expr``.
    It also makes the two ways sympy writes a partial derivative of a generic function along a curve
    (``Subs(Derivative(G(xi, x(t)), xi), xi, t)`` and ``Derivative(G(t, x), t)`` with x frozen) agree.
    """
    expr = derivatives_by_dummies(evaluated(expr))
    curves = {a for a in expr.atoms(AppliedUndef) if len(a.args) == 1 and a.args[0].is_Symbol}
    if not curves:
        return expr
    mapping = {}
    for d in expr.atoms(sympy.Derivative):
        if d.expr in curves and len(d.variable_count) == 1 and d.variable_count[0][0] == d.expr.args[0]:
            mapping[d] = jet_symbol(d.expr.func, d.expr.args[0], d.variable_count[0][1],
                                    bool(_real_if(d.expr, derivative=True)))
    for c in curves:
        mapping[c] = jet_symbol(c.func, c.args[0], 0, bool(_real_if(c)))
    return evaluated(replace_free(expr, mapping))


def bound_variables(node) -> tuple:
    """The variables ``node`` binds in its body (a derivative binds its variables, an integral its limits')."""
    if isinstance(node, sympy.Derivative):
        return tuple(v for v, _ in node.variable_count)
    if isinstance(node, sympy.Subs):
        return tuple(node.variables)
    if isinstance(node, sympy.Lambda):
        return tuple(node.variables)
    if isinstance(node, sympy.concrete.expr_with_limits.ExprWithLimits):
        return tuple(limit[0] for limit in node.limits)
    return ()


def replace_free(expr, mapping: dict, bound: frozenset = frozenset()):
    """Capture-free replacement: a key of ``mapping`` is replaced only where nothing in it is bound.

    ``bound`` holds the variables of the enclosing binders (symbols, or the expressions a derivative is
    taken with respect to, such as ``x(t)`` in ``Derivative(U(x(t)), x(t))``).
    """
    if expr in mapping and not any(expr.has(v) for v in bound):
        return mapping[expr]
    if not expr.args:
        return expr
    binds = bound_variables(expr)
    if not binds:
        new_args = [replace_free(a, mapping, bound) for a in expr.args]
        return expr.func(*new_args) if any(n is not o for n, o in zip(new_args, expr.args)) else expr
    inner = bound | frozenset(binds)
    if isinstance(expr, sympy.Derivative):
        body = replace_free(expr.expr, mapping, inner)
        return expr if body is expr.expr else expr.func(body, *expr.variable_count)
    if isinstance(expr, sympy.Subs):
        body = replace_free(expr.expr, mapping, inner)
        points = [replace_free(p, mapping, bound) for p in expr.point]
        return expr.func(body, expr.variables, points)
    if isinstance(expr, sympy.Lambda):
        return expr.func(expr.variables, replace_free(expr.expr, mapping, inner))
    body = replace_free(expr.function, mapping, inner)
    limits = [(limit[0], *[replace_free(b, mapping, bound) for b in limit[1:]]) for limit in expr.limits]
    return expr.func(body, *limits)


def _real_if(curve, derivative: bool = False) -> dict:
    real = curve.is_real and (not derivative or curve.args[0].is_real)
    return {"real": True} if real else {}


_NOT_EXACT = (sympy.Float, sympy.core.numbers.Infinity, sympy.core.numbers.NegativeInfinity,
              sympy.core.numbers.ComplexInfinity, sympy.core.numbers.NaN)


def inexact_numbers(*objects) -> list:
    """The floating-point numbers in ``objects`` (expressions, matrices, equations, Python/mpmath floats, and lists,
    tuples, sets and dicts of them), as sorted text.  Sympy rounds arithmetic on floats as it builds and reduces an
    expression, so ``(x + 1)(x + 1e-17) - 1e-17`` expands to ``x**2 + 1.0*x``: no exact decision (zero, non-zero, a
    proof step) is taken on an expression holding one."""
    found = set()
    stack = list(objects)
    while stack:
        obj = stack.pop()
        if obj is None or isinstance(obj, (str, bool, int)):
            continue
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        elif isinstance(obj, sympy.MatrixBase) and not isinstance(obj, sympy.Basic):
            stack.extend(obj)
        elif isinstance(obj, sympy.Basic):
            found.update(sympy.sstr(f) for f in obj.atoms(sympy.Float))
        else:
            try:
                converted = sympy.sympify(obj, strict=True)  # numbers and objects with _sympy_; never parses text
            except Exception:  # noqa: BLE001 - not a number or expression: nothing to round
                continue
            if isinstance(converted, sympy.Basic):
                stack.append(converted)
    return sorted(found)


def inexact_reason(numbers, what: str = "it") -> str:
    """Why no exact decision was taken on ``what`` (an expression, a claim) holding the floats ``numbers``."""
    shown = ", ".join(numbers[:3]) + (", ..." if len(numbers) > 3 else "")
    return (f"{what} contains the floating-point number{'s' if len(numbers) > 1 else ''} {shown}: sympy rounds arithmetic "
            "on floats, so an exact answer about the expression it received would not settle the one written "
            "(write exact numbers: sympy.Rational(1, 10), sympy.S(1)/10)")


def has_inexact(expr) -> bool:
    """``expr`` (a sympy object) holds a floating-point number (see :func:`inexact_numbers`)."""
    return isinstance(expr, sympy.Basic) and expr.has(sympy.Float)


_EXACT_DOMAINS = (sympy.ZZ, sympy.QQ, sympy.polys.domains.ZZ_I, sympy.polys.domains.QQ_I)


def zero_as_rational_function(expr) -> bool:
    """True when ``expr`` is 0 as a rational function over ℚ of its atoms (exact, in sympy's fraction field).

    Every atom that is not a rational number, a sum, a product or an integer power (a symbol, ``f(x)``, a
    derivative, ``sin(x)``, ``sqrt(2)``, ``pi``, ...) is taken as an independent indeterminate, so a zero
    here is zero for every value of every atom: a proof, never a guess.  Expressions with floats or
    infinities, non-commutative factors, or coefficients outside ℤ/ℚ are not decided here (False).  It is
    ``cancel(together(expand(expr))) == 0`` without the expanded intermediate, often ten times faster.
    """
    if not _exact_candidate(expr):
        return False
    decided = zero_by_ring_arithmetic(expr)  # the same answer without sympy's expanded trees, where it decides
    if decided is not None:
        return decided
    exact = _exact_rational_function(expr)
    return exact is not None and not exact[1]


def nonzero_as_rational_function(expr) -> bool:
    """True when ``expr`` is a non-zero rational function over ℚ of symbols alone: then no rewriting shows it zero.

    Its generators (in sympy's fraction field) are all symbols, none of them assumed zero, so it is a non-zero
    quotient of polynomials in independent variables, and a non-zero polynomial does not vanish on all of any
    product of infinite sets (reals, positives, integers, ...).  ``simplify`` and the power and trigonometric
    rewriting of :func:`expensive_reduce` can only fail on it; they are skipped where only the verdict is read.
    """
    if not _exact_candidate(expr):
        return False
    decided = nonzero_in_symbols(expr)  # the same answer without sympy's expanded trees, where it decides
    if decided is not None:
        return decided
    exact = _exact_rational_function(expr)
    return (exact is not None and bool(exact[1])
            and all(isinstance(g, sympy.Symbol) and g.is_zero is not True for g in exact[0].symbols))


def _exact_candidate(expr) -> bool:
    """A commuting expression with exact coefficients (no floats or infinities): one the exact tests may read."""
    return isinstance(expr, sympy.Expr) and not expr.has(*_NOT_EXACT) and expr.is_commutative


def _exact_rational_function(expr):
    """``(field, element)``: ``expr`` in sympy's fraction field over ℚ (or ℚ(i)) of its atoms, or None where that is
    not exact (floats, infinities, non-commutative factors, other coefficient domains, or sympy cannot build it)."""
    from sympy.polys.fields import sfield
    if not _exact_candidate(expr):
        return None
    try:
        field, element = sfield(expr)
    except Exception:  # noqa: BLE001 - not a rational function sympy can build: not decided here
        return None
    return (field, element) if field.domain in _EXACT_DOMAINS else None


#: the time ``cheap_reduce`` may spend (expanding ``(m + 2)**100`` against a rational function can take minutes)
CHEAP_SECONDS = 20.0


def cheap_reduce(expr, relations=None, seconds: float = CHEAP_SECONDS):
    """:func:`_cheap_reduce` under a time limit of ``seconds``: past it, ``(None, expr)`` (not shown zero)."""
    try:
        with time_limit(seconds):
            return _cheap_reduce(expr, relations)
    except TimeLimit:
        return None, expr


def _cheap_reduce(expr, relations=None):
    """``(True, 0)`` when ``doit``/``expand``/``cancel`` show ``expr == 0``, else ``(None, reduced form)``.

    ``relations`` is a :class:`checker.kernel.engine.relations.Relations` (or ``None``); only its substitution rules
    are applied here.  The expression and its jet normalisation (:func:`jet_normalize`) are first tested exactly
    as rational functions of their atoms (:func:`zero_as_rational_function`), then each is expanded (``expand``
    also applies its rewriting hints: ``exp(a + b)``, powers of products) and cancelled.
    """
    if has_inexact(sympy.sympify(expr)):  # rounded arithmetic decides nothing (:func:`inexact_numbers`)
        return None, expr
    expr = relations.apply(expr) if relations is not None else evaluated(expr)
    if has_inexact(expr):  # the relations brought floats in
        return None, expr
    if expr == 0:
        return True, expr
    forms = []  # the expression, then its jet normalisation: each first tested exactly as a rational function
    for normalise in (False, True):
        try:
            form = jet_normalize(expr) if normalise else expr
            if forms and form == forms[0]:  # nothing to normalise: the same tests would give the same answers
                continue
            if zero_as_rational_function(form):
                return True, sympy.S.Zero
        except TimeLimit:
            raise
        except Exception:  # noqa: BLE001 - e.g. non-commutative factors: "not shown zero"
            continue
        forms.append(form)
    reduced = expr
    for form in forms:  # then expanded (with its rewriting hints) and cancelled; the last form's is the reduced one
        try:
            expanded = sympy.expand(form)
            if expanded == 0:
                return True, expanded
            reduced = sympy.cancel(sympy.together(expanded))
        except TimeLimit:
            raise
        except Exception:  # noqa: BLE001
            continue
        if reduced == 0:
            return True, reduced
    return None, reduced


def _trigonometric_as_exponentials(expr):
    """Circular and hyperbolic functions written with ``exp`` (sin x = (e^{ix} − e^{−ix})/2i, ...), expanded and
    cancelled: a polynomial identity in them (sin² + cos² − 1) becomes a rational function of exponentials that
    cancels to 0.  Each step is an equality, and ``cancel`` takes the exponentials for independent variables, which
    can only miss a zero, never make one.  ``None`` where no such function occurs (nothing to rewrite)."""
    if not expr.has(sympy.functions.elementary.trigonometric.TrigonometricFunction,
                    sympy.functions.elementary.hyperbolic.HyperbolicFunction):
        return None
    return sympy.cancel(sympy.expand(expr.rewrite(sympy.exp)))


def expensive_reduce(expr, simplify_seconds: float = 5.0):
    """Power and trigonometric rewriting (expansions; circular and hyperbolic functions as exponentials), then
    ``simplify``, each under a time limit (never on floats)."""
    if has_inexact(expr):
        return None, expr
    number = None  # a rewriting that leaves a number (no symbols, no functions): kept, a non-zero one refutes
    for transform in (lambda e: sympy.expand(sympy.powsimp(sympy.expand_power_base(e, force=False))),
                      lambda e: sympy.cancel(sympy.expand_trig(e)), _trigonometric_as_exponentials):
        try:
            with time_limit(simplify_seconds):
                candidate = transform(expr)
        except (TimeLimit, Exception):  # noqa: BLE001 - any failure only means "not shown zero"
            continue
        if candidate == 0:
            return True, candidate
        if number is None and _is_plain_number(candidate):
            number = candidate
    try:
        with time_limit(simplify_seconds):
            simplified = sympy.simplify(expr)
        if simplified == 0:
            return True, simplified
        return None, (number if number is not None and not _is_plain_number(simplified) else simplified)
    except (TimeLimit, Exception):  # noqa: BLE001
        return None, (number if number is not None else expr)


def _is_plain_number(expr) -> bool:
    return isinstance(expr, sympy.Expr) and expr.is_number and not expr.atoms(AppliedUndef) and not has_inexact(expr)


def rewriting_reduce(reduced, simplify_seconds: float = 5.0):
    """``(True, 0)`` when :func:`expensive_reduce` shows the cheap reduced form zero, else ``(None, rewritten form)``:
    the caller reads a rewritten form that is a number certified non-zero as a refutation (a non-zero constant residual
    is a counterexample at every point), never just "not shown zero".  Not tried where no rewriting can show zero
    (:func:`nonzero_as_rational_function`)."""
    if nonzero_as_rational_function(reduced):
        return None, reduced
    zero, form = expensive_reduce(reduced, simplify_seconds)
    return (True, form) if zero else (None, form)


def rewriting_shows_zero(reduced, simplify_seconds: float = 5.0) -> bool:
    """:func:`expensive_reduce` shows the cheap reduced form zero; not tried where no rewriting can
    (a non-zero rational function of symbols, :func:`nonzero_as_rational_function`)."""
    return not nonzero_as_rational_function(reduced) and bool(expensive_reduce(reduced, simplify_seconds)[0])


def is_provably_nonzero(expr) -> bool:
    """True only when sympy's assumptions system shows ``expr != 0`` (sign or nonzero facts); never with floats."""
    expr = sympy.sympify(expr)
    if has_inexact(expr):
        return False
    if isinstance(expr, sympy.Expr) and expr.is_number:  # a number: certified by evalf, not by sympy's 2-digit signs
        return certified_nonzero_number(expr)
    for candidate in (expr, sympy.factor(sympy.together(expr))):
        if candidate.is_nonzero or candidate.is_positive or candidate.is_negative:
            return True
    return False


def certified_nonzero_value(expr, digits: int = 30, seconds: float = 5.0):
    """The value of the number ``expr`` (no free symbols, no floats) when sympy's ``evalf`` with ``strict=True`` certifies
    ``digits`` correct digits and it is finite and not 0; else None (a true zero is never certified)."""
    expr = sympy.sympify(expr)
    if not isinstance(expr, sympy.Expr) or not expr.is_number or has_inexact(expr):
        return None
    try:
        with time_limit(seconds):
            value = sympy.N(expr, digits, strict=True)
    except (TimeLimit, Exception):  # noqa: BLE001 - not certified (a zero, or precision not reached)
        return None
    return value if value.is_number and value.is_finite and value != 0 else None


def certified_nonzero_number(expr, digits: int = 30, seconds: float = 5.0) -> bool:
    """True when the number ``expr`` is certified non-zero (:func:`certified_nonzero_value`).

    Not ``expr != 0``: that compares trees, and a zero in disguise (``(√2 + √3)² − 5 − 2√6``, ``sin²1 + cos²1 − 1``)
    is a tree other than 0.  False for a true zero, as for an expression with floats, symbols or function values."""
    expr = sympy.sympify(expr)
    if isinstance(expr, sympy.Rational):
        return expr != 0
    return certified_nonzero_value(expr, digits, seconds) is not None


def free_symbols_sorted(expr) -> list:
    """Free symbols of ``expr`` sorted by name (a deterministic order for instance drawing)."""
    return sorted(sympy.sympify(expr).free_symbols, key=lambda s: s.name)


def derivatives_by_dummies(expr):
    """Rewrite derivatives with respect to non-symbols (``d/dx(t) U(x(t))``) as ``Subs`` of symbol derivatives.

    After this, undefined functions can be replaced by concrete ones and ``doit`` computes
    every derivative.
    """
    def is_target(e):
        return isinstance(e, sympy.Derivative) and any(not v.is_Symbol for v, _ in e.variable_count)

    def rewrite(e):
        dummies, points, variables = [], [], []
        body = e.expr
        for v, n in e.variable_count:
            if v.is_Symbol:
                variables.append((v, n))
            else:
                d = sympy.Dummy("d")
                body = body.xreplace({v: d})
                dummies.append(d)
                points.append(v)
                variables.append((d, n))
        return sympy.Subs(sympy.Derivative(body, *variables), dummies, points)

    expr = sympy.sympify(expr)
    for _ in range(4):
        new = expr.replace(is_target, rewrite)
        if new == expr:
            break
        expr = new
    return expr
