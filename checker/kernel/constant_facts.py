"""Facts that cannot fail: a value written as a constant where the checker expects one it computed.

``check.fact(name, True)``, ``check.fact(name, 1 < 2)`` or a fact tuple ``(description, not False, method)``
handed to ``witness``/``necessary`` record the author's belief, not a computation: such a check can never fail,
so it can never be evidence.  :func:`constant_fact_at_call` reads the source of the call being made (the exact
call expression, by the position CPython records for the calling instruction) and names the first argument that
is a constant expression: a tree of literals and operators with no name, attribute, call or subscript in it.
Where the source cannot be read (code built by ``exec``), nothing is said: the check cannot tell.
"""
from __future__ import annotations

import ast
import linecache
from typing import Optional

#: the methods a fact tuple ``(description, value, method)`` names (what ``witness``/``necessary`` take)
FACT_METHODS = {"symbolic", "proof script", "witness", "computation", "instances", "randomized", "numerical"}


def is_constant_expression(node) -> bool:
    """``node`` is built from literals and operators only (``True``, ``not False``, ``1 < 2``, ``all([True])``): its
    value is fixed when the code is written."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.UnaryOp):
        return is_constant_expression(node.operand)
    if isinstance(node, ast.BinOp):
        return is_constant_expression(node.left) and is_constant_expression(node.right)
    if isinstance(node, ast.BoolOp):
        return all(is_constant_expression(v) for v in node.values)
    if isinstance(node, ast.Compare):
        return is_constant_expression(node.left) and all(is_constant_expression(c) for c in node.comparators)
    if isinstance(node, ast.IfExp):
        return all(is_constant_expression(n) for n in (node.test, node.body, node.orelse))
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(is_constant_expression(e) for e in node.elts)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("all", "any", "bool") \
            and len(node.args) == 1 and not node.keywords:
        return is_constant_expression(node.args[0])
    if isinstance(node, ast.Attribute) and node.attr in ("true", "false"):  # sympy.true, S.false, ...
        return True
    return False


def _constant_fact_value(node, scope) -> bool:
    """The value slot of a fact tuple is a constant, and a truth value (a string there is not a fact's value)."""
    return _is_constant(node, scope) and not (isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)))


_NAMES: dict = {}  # (id of the scope's AST, name) -> whether the scope binds the name once, to a constant


def _constant_name(node, scope) -> bool:
    if not isinstance(node, ast.Name) or scope is None:
        return False
    key = (id(scope), node.id)
    if key not in _NAMES:
        _NAMES[key] = _binds_once_to_a_constant(node, scope)
    return _NAMES[key]


def _binds_once_to_a_constant(node, scope) -> bool:
    """``node`` is a name that ``scope`` (the enclosing function) binds once, by a plain assignment of a constant
    expression (a parameter, loop, ``with`` or comprehension variable, an augmented assignment, or a name bound
    in several places, such as a flag set in both branches of ``try``/``except``, is computed)."""
    if not isinstance(node, ast.Name) or scope is None:
        return False
    values = []
    for n in ast.walk(scope):
        if isinstance(n, ast.arguments):
            if any(a.arg == node.id for a in n.posonlyargs + n.args + n.kwonlyargs + [n.vararg, n.kwarg] if a):
                return False
        elif isinstance(n, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == node.id for t in n.targets):
                values.append(n.value)
            elif any(isinstance(e, ast.Name) and e.id == node.id for t in n.targets for e in ast.walk(t)):
                return False  # bound by unpacking
        elif isinstance(n, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            if isinstance(n.target, ast.Name) and n.target.id == node.id:
                if not isinstance(n, ast.AnnAssign) or n.value is None:
                    return False
                values.append(n.value)
        elif isinstance(n, (ast.For, ast.comprehension, ast.withitem)):
            target = n.optional_vars if isinstance(n, ast.withitem) else n.target
            if target is not None and any(isinstance(e, ast.Name) and e.id == node.id for e in ast.walk(target)):
                return False
    return len(values) == 1 and is_constant_expression(values[0])  # bound twice (try/except, if/else): computed


def _is_constant(node, scope) -> bool:
    return is_constant_expression(node) or _constant_name(node, scope)


def constant_facts(call: ast.Call, scope=None) -> list:
    """Descriptions of the constant fact values in one call of ``fact``, ``witness`` or ``necessary`` (``scope``:
    the function the call is in, where a name's bindings are looked up)."""
    out = []
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    if name == "fact":
        values = call.args[1:2] + [k.value for k in call.keywords if k.arg == "value"]
        out += [f"the value {ast.unparse(v)!r} is a constant" for v in values if _is_constant(v, scope)]
    for node in ast.walk(call):
        if isinstance(node, ast.Tuple) and len(node.elts) == 3:
            _, value, method = node.elts
            if isinstance(method, ast.Constant) and method.value in FACT_METHODS and _constant_fact_value(value, scope):
                out.append(f"the fact tuple {ast.unparse(node)!r} has a constant value")
    return out


def literal_facts(source: str, filename: str = "<src>") -> list:
    """``(line, what)`` for every constant fact in ``source`` (a whole module: the corpus lint)."""
    out = []
    tree = ast.parse(source, filename)
    scopes = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
    for scope in [tree] + scopes:
        for node in _own_nodes(scope):
            name = node.func.attr if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) else ""
            if name in ("fact", "witness", "necessary"):
                where = None if isinstance(scope, ast.Module) else scope
                out += [(node.lineno, what) for what in constant_facts(node, where)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) == 3:  # a fact tuple built apart from the call
            _, value, method = node.elts
            if isinstance(method, ast.Constant) and method.value in FACT_METHODS and _constant_fact_value(value, None):
                out.append((node.lineno, "fact tuple with a constant value"))
    return sorted(set(out))


def _own_nodes(scope):
    """The nodes of ``scope`` outside the functions nested in it."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))


_CALLS: dict = {}  # (filename, position) -> the call expression there (ast.Call), or None
_SCOPES: dict = {}  # code object -> the function's AST (None: not readable)


def _call_at(filename: str, position) -> Optional[ast.Call]:
    """The call expression spanning ``position`` (lineno, end_lineno, col, end_col) of ``filename``: only that
    piece of the source is parsed (a verifier's module is never parsed whole)."""
    key = (filename, position)
    if key not in _CALLS:
        lineno, end_lineno, col, end_col = position
        lines = linecache.getlines(filename)[lineno - 1:end_lineno]
        call = None
        if lines:
            # positions are byte offsets into UTF-8 lines
            encoded = [line.encode("utf-8") for line in lines]
            encoded[-1] = encoded[-1][:end_col]
            encoded[0] = encoded[0][col:]
            try:
                tree = ast.parse(b"".join(encoded).decode("utf-8").strip(), mode="eval")
                call = tree.body if isinstance(tree.body, ast.Call) else None
            except (SyntaxError, ValueError, UnicodeDecodeError):
                call = None
        _CALLS[key] = call
    return _CALLS[key]


def _scope_of(code) -> Optional[ast.AST]:
    """The AST of the function ``code`` belongs to (read and parsed once per code object)."""
    if code not in _SCOPES:
        import inspect
        import textwrap
        try:  # the function's own lines (inspect.getsource would first search every loaded module for the code)
            lines = linecache.getlines(code.co_filename)[code.co_firstlineno - 1:]
            tree = ast.parse(textwrap.dedent("".join(inspect.getblock(lines))))
            _SCOPES[code] = tree.body[0] if tree.body and isinstance(
                tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)) else None
        except (OSError, TypeError, SyntaxError, IndentationError):
            _SCOPES[code] = None
    return _SCOPES[code]


def _names_a_fact(call: ast.Call) -> bool:
    """A fact value of ``call`` is a bare name (whose bindings must be looked up)."""
    values = call.args[1:2] + [k.value for k in call.keywords if k.arg == "value"]
    values += [n.elts[1] for n in ast.walk(call) if isinstance(n, ast.Tuple) and len(n.elts) == 3]
    return any(isinstance(v, ast.Name) for v in values)


def constant_fact_at_call(frame) -> Optional[str]:
    """Why the call ``frame`` is making records a constant fact (``None``: it does not, or its source is unknown).

    The call is found by the source positions CPython keeps for the instruction ``frame`` is executing."""
    import itertools
    code = frame.f_code
    if frame.f_lasti < 0 or not hasattr(code, "co_positions"):
        return None
    position = next(itertools.islice(code.co_positions(), frame.f_lasti // 2, None), None)
    if position is None or position[0] is None:
        return None
    call = _call_at(code.co_filename, tuple(position))
    if call is None:
        return None
    scope = _scope_of(code) if code.co_name != "<module>" and _names_a_fact(call) else None
    found = constant_facts(call, scope)
    return found[0] if found else None
