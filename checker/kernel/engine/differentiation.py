"""First derivatives by the rules sympy's ``diff`` applies, each distinct subexpression differentiated once.

``derivative(e, s)`` is the expression ``e.diff(s)`` returns, for a symbol ``s``: the same rules (sum, Leibniz
product, ``u**v``, chain rule through ``fdiff``; ``0`` where ``s`` does not occur) in the same order, so the result
is *the same tree*, not just an equal one.  What it saves is sympy's per-node bookkeeping: ``diff`` builds a
``Derivative`` at every node, recomputes the node's free symbols, asks whether the result is zero and walks the
whole result again to canonicalise derivatives, so the cost grows faster than the tree.  Here a node is visited
once per differentiation, a repeated subexpression is differentiated once, and the result is walked once at the
end to see that every derivative in it is in canonical order.  Every node that is not a sum, product, power or elementary function of those (an undefined function, a
``Derivative``, ``Subs``, an integral, ``Piecewise``, a matrix expression, any subclass) is differentiated by
sympy itself, and so is an expression whose result would hold a derivative out of canonical variable order
(sympy canonicalises it inside every nested ``diff``, which groups the partial results differently).  Under
sympy's ``evaluate(False)`` every derivative is sympy's own.  The derivatives sympy computes itself inside the
shortcut (of a ``Derivative`` or ``Subs`` of a generic function along curves, in a function value) are remembered
while it is active and given back for a call with the identical trees (:func:`_remembered_sympy_diff`).

``sympy_first_derivatives_shortcut()`` routes ``Expr.diff`` in a single symbol through :func:`derivative` while it
is active (the verifier processes of a run): sympy's own recursion (``Matrix.jacobian``, a derivative of an
undefined function's arguments) then takes the shortcut too.  Nothing else about sympy changes; the results are
the same trees (the tests compare them with sympy's on random expressions).  One known difference, harmless: where
sympy differentiates in a variable that is not a symbol (it puts a dummy ξ in its place), a ``Subs`` formed inside
can bind a dummy whose ``dummy_index`` differs from the one sympy's own path gives; the two are equal (``==``) and
print alike, but are not ``Basic.is_same`` (32 of the 80,000 first derivatives of a corpus run).
"""
from __future__ import annotations

from sympy import Add, Derivative, Dummy, Mul, Pow, S, Symbol, log, preorder_traversal
from sympy.core.basic import Basic
from sympy.core.expr import Expr
from sympy.core.function import AppliedUndef, ArgumentIndexError, Function
from sympy.core.parameters import global_parameters
from sympy.matrices.expressions.matexpr import MatrixExpr

from .shared_patch import SharedPatch

_sympy_diff = Expr.diff  # sympy's own method, whatever the shortcut does to ``Expr.diff``


def _is_plain_symbol(node) -> bool:
    """``node`` is exactly a ``Symbol`` or ``Dummy`` (``Indexed``, ``Wild`` and subclasses differentiate their own way)."""
    kind = type(node)
    return kind is Symbol or kind is Dummy


def _is_sum_product_or_power(node) -> bool:
    """``node`` is exactly an ``Add``, ``Mul`` or ``Pow`` (a subclass may differentiate its own way)."""
    kind = type(node)
    return kind is Add or kind is Mul or kind is Pow


def _differentiated_by_fdiff(node) -> bool:
    """An elementary function whose derivative sympy forms as ``Σ fdiff(i)·∂argᵢ`` (the ``Function`` default)."""
    if not isinstance(node, Function) or isinstance(node, AppliedUndef):
        return False
    kind = type(node)
    known = _BY_FDIFF.get(kind)
    if known is None:
        known = _BY_FDIFF[kind] = (_owner(kind, "_eval_derivative") is Function
                                   and _owner(kind, "_eval_derivative_n_times") is Basic
                                   and _owner(kind, "free_symbols") is Basic)
    return known


#: function class (not an undefined one) -> whether it differentiates by the ``Function`` default
_BY_FDIFF: dict = {}


def _owner(kind, name):
    """The class of ``kind``'s MRO that defines the attribute ``name`` its instances use."""
    return next((cls for cls in kind.__mro__ if name in cls.__dict__), None)


def derivative(expr, symbol):
    """``d expr / d symbol``, the tree ``expr.diff(symbol)`` returns (``symbol`` a sympy ``Symbol``)."""
    if (not _is_plain_symbol(symbol) or not isinstance(expr, Expr) or isinstance(expr, MatrixExpr)
            or not global_parameters.evaluate):  # under ``evaluate(False)`` sympy builds unevaluated trees its way
        return _sympy_diff(expr, symbol)
    depends_memo: dict = {}
    derivative_memo: dict = {}
    infinite_memo: dict = {}

    def may_be_infinite(node) -> bool:
        """``node`` holds an infinite or undefined number (zoo, ±oo, nan) or an atom sympy knows is not finite: only
        then can ``node.is_finite`` be False, which makes sympy's ``0·node`` nan."""
        known = infinite_memo.get(node)
        if known is None:
            if node in (S.ComplexInfinity, S.Infinity, S.NegativeInfinity, S.NaN):
                known = True
            elif node.is_Number:
                known = False
            elif node.is_Symbol or isinstance(node, AppliedUndef):
                known = node.is_finite is False or any(may_be_infinite(arg) for arg in node.args)
            else:
                known = any(may_be_infinite(arg) for arg in node.args)
            infinite_memo[node] = known
        return known

    def depends(node) -> bool:
        """``symbol`` is a free symbol of ``node`` (what sympy tests before differentiating a node)."""
        known = depends_memo.get(node)
        if known is None:
            if _is_plain_symbol(node):
                known = node == symbol
            elif _is_sum_product_or_power(node) or _differentiated_by_fdiff(node):
                known = any(depends(arg) for arg in node.args)
            else:
                known = symbol in node.free_symbols
            depends_memo[node] = known
        return known

    def differentiate(node):
        known = derivative_memo.get(node)
        if known is not None:
            return known
        kind = type(node)
        if isinstance(node, MatrixExpr):
            result = _sympy_diff(node, symbol)
        elif not depends(node):
            result = S.Zero
        elif _is_plain_symbol(node):  # the symbol itself (a plain symbol that depends on it is it)
            result = S.One
        elif kind is Add:  # Add._eval_derivative
            result = Add(*[differentiate(arg) for arg in node.args])
        elif kind is Mul:  # Mul._eval_derivative_n_times(s, 1): the Leibniz sum, one factor differentiated a term
            factors = list(node.args)
            terms = []
            for position, factor in enumerate(factors):
                factor_derivative = differentiate(factor)
                others = factors[:position] + factors[position + 1:]
                # a zero term is 0 and drops out of the sum, unless another factor is infinite: then sympy's Leibniz
                # sum has 0·∞ = nan there, and so must this one
                if factor_derivative is not S.Zero or any(may_be_infinite(other) for other in others):
                    terms.append(Mul(*(factors[:position] + [factor_derivative] + factors[position + 1:])))
            result = Add(*terms)
        elif kind is Pow:  # Pow._eval_derivative
            base_derivative, exponent_derivative = differentiate(node.base), differentiate(node.exp)
            result = node * (exponent_derivative * log(node.base) + base_derivative * node.exp / node.base)
        elif _differentiated_by_fdiff(node):  # Function._eval_derivative
            result = _chain_rule(node, differentiate)
        elif isinstance(node, AppliedUndef) and _undefined_by_fdiff(node):
            # Function._eval_derivative, as for an elementary function: Σ fdiff(i)·∂argᵢ, where fdiff is
            # Derivative(f(…), x) at a plain-symbol argument x found nowhere else, else Subs(Derivative(f(…ξ…), ξ), ξ, argᵢ)
            result = _chain_rule(node, differentiate)
        elif kind is Derivative and _of_undefined_function_in_its_arguments(node):
            # Derivative.__new__ denests to Derivative(f, *variables, (symbol, 1)) and, f undefined with distinct
            # plain-symbol arguments, evaluates it to itself in canonical order (its factor_terms(signsimp()) of a
            # single derivative changes nothing): the tree, without that machinery
            result = Derivative(node.expr, *node.variable_count, (symbol, 1)).canonical
        else:
            result = _remembered_sympy_diff(node, symbol)
        derivative_memo[node] = result
        return result

    result = differentiate(expr)
    if _all_canonical(result):
        return result
    # a derivative out of canonical variable order (``evaluate=False`` builds one) came from ``expr``: sympy
    # canonicalises it inside every nested diff it makes, and rebuilding those partial results groups numbers
    # differently (c·(a + b) distributes) from one canonicalisation at the end, so sympy makes this tree
    return _sympy_diff(expr, symbol)


def _of_undefined_function_in_its_arguments(node) -> bool:
    """``node`` is ∂ⁿf/∂x…∂y of an undefined f whose arguments are distinct plain symbols, x, …, y among them."""
    function = node.expr
    if not isinstance(function, AppliedUndef):
        return False
    arguments = function.args
    if not all(_is_plain_symbol(argument) for argument in arguments) or len(set(arguments)) != len(arguments):
        return False
    return all(variable in arguments and count.is_Integer and count > 0 for variable, count in node.variable_count)


def _undefined_by_fdiff(node) -> bool:
    """``node`` is f(…) of an undefined f that differentiates by the ``Function`` default (no ``fdiff`` or derivative
    method of its own: ``Function('f', fdiff=…)`` can give it one)."""
    kind = type(node)
    known = _PLAIN_UNDEFINED.get(kind)
    if known is None:
        known = _PLAIN_UNDEFINED[kind] = (_owner(kind, "fdiff") is Function
                                          and _owner(kind, "_eval_derivative") is Function
                                          and _owner(kind, "_eval_derivative_n_times") is Basic
                                          and _owner(kind, "free_symbols") is Basic)
    return known


#: undefined function class -> whether it differentiates by the ``Function`` default
_PLAIN_UNDEFINED: dict = {}


def _all_canonical(result) -> bool:
    """Every ``Derivative`` in ``result`` lists its variables in canonical order (as ``Derivative.__new__`` leaves
    what it evaluates)."""
    return all(node.canonical == node for node in preorder_traversal(result) if isinstance(node, Derivative))


def _chain_rule(node, differentiate):
    """``Σᵢ f_i(args)·∂argᵢ`` over the arguments whose derivative is not zero, as ``Function._eval_derivative``."""
    terms = []
    for position, argument in enumerate(node.args, 1):
        argument_derivative = differentiate(argument)
        if argument_derivative.is_zero:
            continue
        try:
            partial = node.fdiff(position)
        except ArgumentIndexError:
            partial = Function.fdiff(node, position)
        terms.append(partial * argument_derivative)
    return Add(*terms)


def _first_derivative_symbol(variables, options):
    """The symbol of a ``diff`` call that asks for one first derivative in a plain symbol, else ``None``."""
    if options and set(options) != {"evaluate"} or not options.get("evaluate", True):
        return None
    if len(variables) == 1:
        variable = variables[0]
        if isinstance(variable, tuple) and len(variable) == 2 and variable[1] == 1 and type(variable[1]) is int:
            variable = variable[0]
    elif len(variables) == 2 and type(variables[1]) is int and variables[1] == 1:
        variable = variables[0]
    else:
        return None
    return variable if _is_plain_symbol(variable) else None


def _shortcut_diff(self, *variables, **options):
    if not global_parameters.evaluate:  # sympy's unevaluated trees are its own
        return _sympy_diff(self, *variables, **options)
    symbol = _first_derivative_symbol(variables, options)
    if symbol is None:
        return _remembered_sympy_diff(self, *variables, **options)
    return derivative(self, symbol)  # (a matrix expression goes on to sympy there)


#: while the shortcut is active: (expression, variables, options) -> (expression, the tree sympy's diff returned)
_SYMPY_DIFFS: dict = {}
#: at most this many remembered derivatives (then forgotten all at once): a verifier makes a few thousand
_REMEMBERED_AT_MOST = 20_000


def _remembered_sympy_diff(expr, *variables, **options):
    """``expr.diff(*variables, **options)`` by sympy, computed once per identical call while the shortcut is active.

    A verifier asks sympy for the same derivative of the same generic function (d/dt of ∂L/∂q̇ along a curve, of a
    ``Subs``) many times, at tens of milliseconds each.  A call is answered from memory only when its expression and
    variables are *the same trees* as the remembered call's (``Basic.is_same``: node by node, types, float
    precisions and bound dummies included, not merely ``==``, which identifies ``Subs`` up to renaming) under the
    same global ``distribute`` and ``exp_is_pow`` settings; sympy's own cache already makes such a repeated ``diff``
    return the identical tree, so the answer is the one sympy gives."""
    call = (expr, *variables)
    try:
        key = (call, tuple(sorted(options.items())), global_parameters.distribute, global_parameters.exp_is_pow)
        remembered = _SYMPY_DIFFS.get(key)
    except TypeError:  # an unhashable argument: sympy reports it or copes
        return _sympy_diff(expr, *variables, **options)
    if remembered is not None and _same_trees(remembered[0], call):
        return remembered[1]
    result = _sympy_diff(expr, *variables, **options)
    if len(_SYMPY_DIFFS) >= _REMEMBERED_AT_MOST:
        _SYMPY_DIFFS.clear()
    _SYMPY_DIFFS[key] = (call, result)
    return result


def _same_trees(first, second) -> bool:
    """The two calls' arguments are identical trees (tuples elementwise, other values by type and ``==``)."""
    if first is second:
        return True
    if isinstance(first, tuple) and isinstance(second, tuple):
        return len(first) == len(second) and all(_same_trees(a, b) for a, b in zip(first, second))
    if isinstance(first, Basic) and isinstance(second, Basic):
        return Basic.is_same(first, second)
    return type(first) is type(second) and first == second


def _install_shortcut():
    _SYMPY_DIFFS.clear()
    Expr.diff = _shortcut_diff


def _restore_sympy_diff(_saved):
    Expr.diff = _sympy_diff
    _SYMPY_DIFFS.clear()


_SHORTCUT = SharedPatch(_install_shortcut, _restore_sympy_diff)


def sympy_first_derivatives_shortcut():
    """While active (in any thread), ``expr.diff(symbol)`` is computed by :func:`derivative` (the same tree).

    Nested and concurrent uses share one installation; sympy's method is back when the last one ends.
    """
    return _SHORTCUT.active()
