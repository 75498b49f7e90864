"""Numerical evaluation of an *unevaluated* sympy tree with mpmath: the re-checker's own semantics of each node.

``compile_tree(expr)`` returns ``f(env)``; ``env`` maps symbols to mpmath numbers, ``FUNCS`` to the instantiated
undefined functions (name -> callable) and ``MATS`` to the values of matrix symbols (name -> ``mpmath.matrix``).
Integrals are ``mpmath.quad``, sums ``mpmath.nsum`` (or added up when finite), derivatives ``mpmath.diff`` of the
instantiated expression; nothing of sympy evaluates anything here.  ``SCALE`` collects the largest term an ``Add``
met: a residual is judged relative to it.
"""
from __future__ import annotations

import base64
import zlib

import mpmath
import sympy
from sympy.core.function import AppliedUndef

FUNCS, MATS, SCALE = "__funcs__", "__mats__", "__scale__"


class NotRecheckable(Exception):
    """The claim holds something the re-checker has no independent semantics for (the message says what)."""


_PARSED: dict = {}


def parse(text: str):
    """The sympy tree an ``srepr`` (possibly ``zlib:``-compressed) describes, rebuilt without evaluation (sympy trees
    are immutable: a text met again gives the tree built the first time)."""
    found = _PARSED.get(text)
    if found is None:
        if len(_PARSED) > 4096:
            _PARSED.clear()
        found = _PARSED[text] = _parse(text)
    return found


def _parse(text: str):
    if text.startswith("zlib:"):
        text = zlib.decompress(base64.b64decode(text[5:])).decode()
    namespace = dict(_namespace())
    try:
        with sympy.core.parameters.evaluate(False):
            return eval(text, namespace)  # noqa: S307 - an srepr of our own records, names limited to sympy's
    except NameError as exc:
        raise NotRecheckable(f"an expression class the re-checker does not know: {exc}") from None
    except RecursionError:  # sympy's Derivative recurses without end on some derivatives by jets
        raise NotRecheckable("sympy cannot rebuild the expression from its srepr (RecursionError)") from None


_NAMESPACE: dict = {}
_SYMBOLS: dict = {}


def _interned_symbol(name, **assumptions):
    """One ``Symbol`` object per name and assumptions: the evaluation environments are keyed by symbols, and a
    lookup by the very same object skips sympy's slow ``__eq__``."""
    key = (name, tuple(sorted(assumptions.items())))
    found = _SYMBOLS.get(key)
    if found is None:
        if len(_SYMBOLS) > 100_000:
            _SYMBOLS.clear()
        found = _SYMBOLS[key] = sympy.Symbol(name, **assumptions)
    return found


def _namespace() -> dict:
    """sympy's public names (the classes an ``srepr`` calls), built once."""
    if not _NAMESPACE:
        from sympy.core.symbol import Str
        from sympy.matrices.expressions.matexpr import MatrixElement
        _NAMESPACE.update({k: getattr(sympy, k) for k in dir(sympy) if not k.startswith("_")})
        _NAMESPACE.update(Str=Str, MatrixElement=MatrixElement, __builtins__={}, Symbol=_interned_symbol)
    return _NAMESPACE


_FUNCTIONS = {
    "sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan, "cot": mpmath.cot, "sec": mpmath.sec,
    "csc": mpmath.csc, "exp": mpmath.exp, "log": mpmath.log, "sinh": mpmath.sinh, "cosh": mpmath.cosh,
    "tanh": mpmath.tanh, "coth": mpmath.coth, "asin": mpmath.asin, "acos": mpmath.acos, "atan": mpmath.atan,
    "asinh": mpmath.asinh, "acosh": mpmath.acosh, "atanh": mpmath.atanh, "Abs": abs, "re": mpmath.re,
    "im": mpmath.im, "conjugate": mpmath.conj, "arg": mpmath.arg, "gamma": mpmath.gamma,
    "factorial": mpmath.factorial, "atan2": mpmath.atan2, "sign": lambda x: 0 if x == 0 else x / abs(x),
    "Max": max, "Min": min, "floor": mpmath.floor, "ceiling": mpmath.ceil, "binomial": mpmath.binomial,
    "erf": mpmath.erf, "sqrt": mpmath.sqrt, "Heaviside": lambda x: 1 if x > 0 else (0 if x < 0 else mpmath.mpf(1) / 2),
    "KroneckerDelta": lambda a, b: 1 if a == b else 0,
}
_CONSTANTS = {"Pi": lambda: +mpmath.pi, "Exp1": lambda: +mpmath.e, "EulerGamma": lambda: +mpmath.euler,
              "GoldenRatio": lambda: +mpmath.phi, "Catalan": lambda: +mpmath.catalan}


def compile_tree(e):
    """``f(env)``: the value of ``e`` (a number or an ``mpmath.matrix``)."""
    if isinstance(e, (int,)):
        return lambda env: mpmath.mpf(e)
    if isinstance(e, sympy.Integer):
        p = int(e)
        return lambda env: mpmath.mpf(p)
    if isinstance(e, sympy.Rational):
        p, q = int(e.p), int(e.q)
        return lambda env: mpmath.mpf(p) / q
    if isinstance(e, sympy.Float):
        text = str(e)
        return lambda env: mpmath.mpf(text)
    if e is sympy.I:
        return lambda env: mpmath.mpc(0, 1)
    if e is sympy.S.Infinity or e is sympy.S.NegativeInfinity:  # identity: ``==`` on every node is slow
        sign = 1 if e is sympy.S.Infinity else -1
        return lambda env: sign * mpmath.inf
    name = type(e).__name__
    if name in _CONSTANTS:
        return lambda env, c=_CONSTANTS[name]: c()
    if isinstance(e, sympy.Symbol):
        def symbol(env):
            try:
                return env[e]
            except KeyError:
                raise NotRecheckable(f"no value for the symbol {e}") from None
        return symbol
    if isinstance(e, (sympy.Add, sympy.MatAdd)):
        parts = [compile_tree(a) for a in e.args]

        def add(env):
            values = [p(env) for p in parts]
            total = values[0]
            for v in values[1:]:
                total = total + v
            _note_scale(env, values)
            return total
        return add
    if isinstance(e, (sympy.Mul, sympy.MatMul)):
        parts = [compile_tree(a) for a in e.args]

        def mul(env):
            values = [p(env) for p in parts]
            scalars = [v for v in values if not isinstance(v, mpmath.matrix)]
            matrices = [v for v in values if isinstance(v, mpmath.matrix)]
            total = mpmath.mpf(1)
            for v in scalars:
                total = total * v
            for m in matrices:
                total = total * m
            return total
        return mul
    if isinstance(e, (sympy.Pow, sympy.MatPow)):
        base, exponent = compile_tree(e.args[0]), compile_tree(e.args[1])
        integer = e.args[1].is_Integer
        k = int(e.args[1]) if integer else None

        def power(env):
            b = base(env)
            if isinstance(b, mpmath.matrix):
                if k is None:
                    raise NotRecheckable("a matrix power with a non-integer exponent")
                return b ** k
            if integer:
                if b == 0 and k < 0:
                    raise ZeroDivisionError("0 to a negative power")
                return b ** k
            return mpmath.power(b, exponent(env))
        return power
    if isinstance(e, AppliedUndef):
        fname, args = str(e.func), [compile_tree(a) for a in e.args]

        def undefined(env):
            try:
                f = env[FUNCS][fname]
            except KeyError:
                raise NotRecheckable(f"no instance of the function {fname}") from None
            return f(*[a(env) for a in args])
        return undefined
    if isinstance(e, sympy.Derivative):
        return _derivative(e)
    if isinstance(e, sympy.Subs):
        inner = compile_tree(e.expr)
        variables, points = list(e.variables), [compile_tree(p) for p in e.point]

        def subs(env):
            sub = dict(env)
            sub.update({v: p(env) for v, p in zip(variables, points)})
            return inner(sub)
        return subs
    if isinstance(e, sympy.Integral):
        return _integral(e)
    if isinstance(e, (sympy.Sum, sympy.Product)):
        return _sum(e)
    if isinstance(e, sympy.Piecewise):
        pieces = [(compile_tree(x), compile_tree(c)) for x, c in e.args]

        def piecewise(env):
            for value, cond in pieces:
                if cond(env):
                    return value(env)
            raise ZeroDivisionError("no piece of the Piecewise applies")
        return piecewise
    if e is sympy.true or e is sympy.false:
        truth = bool(e)
        return lambda env: truth
    if isinstance(e, sympy.core.relational.Relational):
        a, b, op = compile_tree(e.lhs), compile_tree(e.rhs), e.rel_op
        ops = {"<": lambda x, y: x < y, "<=": lambda x, y: x <= y, ">": lambda x, y: x > y,
               ">=": lambda x, y: x >= y, "==": lambda x, y: x == y, "!=": lambda x, y: x != y}
        return lambda env: ops[op](mpmath.re(a(env)), mpmath.re(b(env)))
    if isinstance(e, (sympy.And, sympy.Or, sympy.Not)):
        parts = [compile_tree(a) for a in e.args]
        if isinstance(e, sympy.Not):
            return lambda env: not parts[0](env)
        combine = all if isinstance(e, sympy.And) else any
        return lambda env: combine(p(env) for p in parts)
    if isinstance(e, sympy.MatrixBase):
        rows, cols = e.shape
        entries = [[compile_tree(e[i, j]) for j in range(cols)] for i in range(rows)]

        def matrix(env):
            m = mpmath.matrix(rows, cols)
            for i in range(rows):
                for j in range(cols):
                    m[i, j] = entries[i][j](env)
            return m
        return matrix
    matrix_tree = _matrix_expression(e)
    if matrix_tree is not None:
        return matrix_tree
    if isinstance(e, sympy.Function) and name in _FUNCTIONS:
        f, args = _FUNCTIONS[name], [compile_tree(a) for a in e.args]
        return lambda env: f(*[a(env) for a in args])
    raise NotRecheckable(f"no independent semantics for {name}")


def _note_scale(env, values):
    scale = env.get(SCALE)
    if scale is None:
        return
    for v in values:
        size = mpmath.mnorm(v, 1) if isinstance(v, mpmath.matrix) else abs(v)
        if size > scale[0]:
            scale[0] = size


def _matrix_expression(e):
    """Matrix-expression nodes (matrix symbols of concrete or instantiated shape, transpose, inverse, ...)."""
    if isinstance(e, sympy.MatrixSymbol):
        key = str(e.args[0])

        def symbol(env):
            try:
                return env[MATS][key]
            except KeyError:
                raise NotRecheckable(f"no value for the matrix {key}") from None
        return symbol
    if isinstance(e, (sympy.Identity, sympy.ZeroMatrix)):
        dims = [compile_tree(a) for a in e.shape]
        eye = isinstance(e, sympy.Identity)

        def constant(env):
            rows, cols = (int(d(env)) for d in dims)
            return mpmath.eye(rows) if eye else mpmath.zeros(rows, cols)
        return constant
    if isinstance(e, sympy.BlockDiagMatrix):
        blocks = [compile_tree(b) for b in e.args]
        return lambda env: _assemble_diagonal([_as_matrix(b(env)) for b in blocks])
    if isinstance(e, sympy.BlockMatrix):
        grid = e.args[0]
        cells = [[compile_tree(grid[i, j]) for j in range(grid.shape[1])] for i in range(grid.shape[0])]
        return lambda env: _assemble([[_as_matrix(c(env)) for c in row] for row in cells])
    if isinstance(e, sympy.Transpose):
        inner = compile_tree(e.arg)
        return lambda env: inner(env).T
    if isinstance(e, sympy.Inverse):
        inner = compile_tree(e.arg)

        def inverse(env):
            m = inner(env)
            if mpmath.det(m) == 0:
                raise ZeroDivisionError("a singular matrix")
            return m ** -1
        return inverse
    if isinstance(e, sympy.Determinant):
        inner = compile_tree(e.arg)
        return lambda env: mpmath.det(inner(env))
    if isinstance(e, sympy.Trace):
        inner = compile_tree(e.arg)
        return lambda env: sum(inner(env)[i, i] for i in range(inner(env).rows))
    if type(e).__name__ == "MatrixElement":
        parent, i, j = compile_tree(e.args[0]), compile_tree(e.args[1]), compile_tree(e.args[2])
        return lambda env: parent(env)[int(i(env)), int(j(env))]
    return None


def _as_matrix(v):
    if isinstance(v, mpmath.matrix):
        return v
    m = mpmath.matrix(1, 1)
    m[0, 0] = v
    return m


def _assemble(rows):
    """The matrix whose blocks are ``rows`` (a block row's blocks share their row count, a block column its column
    count: ``ValueError`` otherwise)."""
    heights = [row[0].rows for row in rows]
    widths = [b.cols for b in rows[0]]
    if any(b.rows != h for row, h in zip(rows, heights) for b in row) or \
            any(len(row) != len(widths) or any(b.cols != w for b, w in zip(row, widths)) for row in rows):
        raise ValueError("blocks of mismatched sizes")
    out = mpmath.zeros(sum(heights), sum(widths))
    top = 0
    for row, h in zip(rows, heights):
        left = 0
        for b, w in zip(row, widths):
            for i in range(h):
                for j in range(w):
                    out[top + i, left + j] = b[i, j]
            left += w
        top += h
    return out


def _assemble_diagonal(blocks):
    """``diag(B₁, …, Bₙ)``: the blocks on the diagonal, zeros elsewhere."""
    out = mpmath.zeros(sum(b.rows for b in blocks), sum(b.cols for b in blocks))
    top = left = 0
    for b in blocks:
        for i in range(b.rows):
            for j in range(b.cols):
                out[top + i, left + j] = b[i, j]
        top, left = top + b.rows, left + b.cols
    return out


def _jet_nodes(expr, variable):
    """For a derivative with respect to a function application ``variable`` (``f(t)`` or ``f'(t)``): the other
    derivatives of the same application in ``expr`` (sympy's convention: independent of ``variable``)."""
    base = variable.expr if isinstance(variable, sympy.Derivative) else variable
    out = set()
    for node in sympy.preorder_traversal(expr):
        if node is variable or node == variable:
            continue
        if isinstance(node, sympy.Derivative) and node.expr == base:
            out.add(node)
        elif isinstance(node, (sympy.Derivative, sympy.Integral, sympy.Subs, sympy.Sum)) and node.has(base):
            raise NotRecheckable("a derivative with respect to a function application that also sits inside "
                                 "another derivative, integral or substitution")
    return out


def _derivative(e):
    """``Derivative(expr, (v, n), ...)``: ``mpmath.diff`` of the instantiated expression in the variables; a
    variable that is a function application (``∂/∂q(t)``) becomes a fresh symbol, its other jets held fixed."""
    expr, variables, orders, values = e.expr, [], [], []
    for v, n in e.variable_count:
        if isinstance(v, sympy.Symbol):
            variables.append(v)
            values.append(None)
        elif isinstance(v, (AppliedUndef, sympy.Derivative)):
            jets = _jet_nodes(expr, v)
            held = {j: sympy.Dummy("held") for j in jets}
            fixed = [(d, compile_tree(j)) for j, d in held.items()]
            dummy = sympy.Dummy("wrt")
            expr = expr.xreplace(held).xreplace({v: dummy})
            variables.append(dummy)
            values.append((compile_tree(v), fixed))
        else:
            raise NotRecheckable(f"a derivative with respect to {type(v).__name__}")
        orders.append(int(n))
    inner = compile_tree(expr)

    def derivative(env):
        sub = dict(env)
        sub.pop(SCALE, None)
        point = []
        for v, val in zip(variables, values):
            if val is None:
                point.append(env[v] if v in env else _unbound(v))
            else:
                value, fixed = val
                point.append(value(env))
                sub.update({d: f(env) for d, f in fixed})

        def g(*xs):
            local = dict(sub)
            local.update(zip(variables, xs))
            return inner(local)
        if len(variables) == 1:
            return mpmath.diff(g, point[0], orders[0])
        return mpmath.diff(g, point, orders)
    return derivative


def _unbound(v):
    raise NotRecheckable(f"no value for the derivative's variable {v}")


def _limits(e):
    out = []
    for limit in e.limits:
        if len(limit) != 3:
            raise NotRecheckable(f"an indefinite {type(e).__name__.lower()} (no limits)")
        out.append((limit[0], compile_tree(limit[1]), compile_tree(limit[2])))
    return out


def _integral(e):
    """A definite integral by ``mpmath.quad`` (nested for several variables)."""
    inner, limits = compile_tree(e.function), _limits(e)

    def integral(env):
        def nest(level, local):
            if level == len(limits):
                return inner(local)
            v, a, b = limits[level]

            def f(x):
                deeper = dict(local)
                deeper[v] = x
                return nest(level + 1, deeper)
            return mpmath.quad(f, [a(local), b(local)])
        local = dict(env)
        local.pop(SCALE, None)
        return nest(0, local)
    return integral


def _sum(e):
    """A sum (or product) over integer bounds: added up when finite and short, else ``mpmath.nsum``."""
    inner, limits = compile_tree(e.function), _limits(e)
    product = isinstance(e, sympy.Product)

    def total(env):
        def nest(level, local):
            if level == len(limits):
                return inner(local)
            v, a, b = limits[level]
            low, high = a(local), b(local)
            if low != mpmath.floor(low) or (high != mpmath.inf and high != mpmath.floor(high)):
                raise NotRecheckable("a sum over non-integer bounds")

            def f(k):
                deeper = dict(local)
                deeper[v] = mpmath.mpf(k)
                return nest(level + 1, deeper)
            if high != mpmath.inf and high - low <= 5000:
                acc = mpmath.mpf(1) if product else mpmath.mpf(0)
                for k in range(int(low), int(high) + 1):
                    acc = acc * f(k) if product else acc + f(k)
                return acc
            if product:
                return mpmath.nprod(f, [low, high])
            return mpmath.nsum(f, [low, high])
        local = dict(env)
        local.pop(SCALE, None)
        return nest(0, local)
    return total
