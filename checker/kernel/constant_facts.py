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


#: builtins whose value on constant arguments is a constant (pure: no input but their arguments)
PURE_BUILTINS = frozenset({"all", "any", "bool", "len", "range", "sum", "min", "max", "sorted", "reversed", "abs", "int",
                           "float", "complex", "str", "tuple", "list", "set", "frozenset", "dict", "enumerate", "zip",
                           "divmod", "pow", "round", "repr", "ord", "chr", "hash", "isinstance", "issubclass", "type",
                           "map", "filter", "bytes", "bin", "hex", "oct", "format", "ascii", "callable", "iter", "next"})
#: builtin names whose value is itself a constant when passed as an argument (``isinstance(1, int)``,
#: ``map(bool, ...)``): the pure builtins and the builtin constants
CONSTANT_BUILTIN_NAMES = PURE_BUILTINS | {"None", "True", "False", "Ellipsis", "NotImplemented", "object"}
#: constructors of sympy numbers (``Rational(1, 2)``, ``S(3)``, ``sympify('2')``): a literal in sympy's clothes
NUMBER_CONSTRUCTORS = frozenset({"Integer", "Rational", "Float", "Number", "S", "sympify", "nsimplify"})
#: sympy's constant singletons reached as attributes (``sympy.true``, ``S.Half``, ``sp.pi``)
CONSTANT_ATTRIBUTES = frozenset({"true", "false", "Half", "One", "Zero", "NegativeOne", "pi", "E", "I", "oo",
                                 "Infinity", "NegativeInfinity", "EulerGamma", "GoldenRatio", "Catalan", "nan", "zoo"})


def _is_number_constructor(func) -> bool:
    """``func`` names a sympy number constructor, bare or as an attribute (``Rational``, ``sp.Rational``, ``S``)."""
    if isinstance(func, ast.Name):
        return func.id in NUMBER_CONSTRUCTORS
    return isinstance(func, ast.Attribute) and func.attr in NUMBER_CONSTRUCTORS


def _builtin_name(node) -> bool:
    """A builtin passed as a value (``isinstance(1, int)``, ``map(bool, ...)``, ``int.bit_length(5)``)."""
    return isinstance(node, ast.Name) and node.id in CONSTANT_BUILTIN_NAMES


def is_constant_expression(node, constant_names=frozenset(), name_is_constant=None) -> bool:
    """``node``'s value is fixed when the code is written: it takes no input from anything the verifier computed.

    Constant: literals; operators, comparisons, conditionals and containers of constants; a pure builtin
    (:data:`PURE_BUILTINS`) or a sympy number constructor (``Rational(1, 2)``) called on constants (a builtin passed
    as a value counts as one: ``isinstance(1, int)``, ``map(bool, ...)``), a lambda written in place whose body is
    constant in its parameters, called on constants; an attribute or a
    method call of a constant (``Rational(1, 2).is_positive``, ``S(4).is_square``, ``"ab".startswith("a")``); a
    comprehension or generator over constant iterables whose element and conditions are constant in its own variables
    (``all(k < 9 for k in range(3))``); ``constant_names``, and a name ``name_is_constant`` accepts (a name the
    enclosing function binds once, to a constant).  Anything else (a parameter, a call of any other function, such as
    ``sp.Matrix(...).det()`` or the item's own helpers) counts as computed: the rule cannot tell a computation on
    literal data (a witness) from a tautology dressed as one."""
    def const(n, names) -> bool:
        if isinstance(n, ast.Constant):
            return True
        if isinstance(n, ast.Name):
            return n.id in names or (name_is_constant is not None and name_is_constant(n))
        if isinstance(n, ast.UnaryOp):
            return const(n.operand, names)
        if isinstance(n, ast.BinOp):
            return const(n.left, names) and const(n.right, names)
        if isinstance(n, ast.BoolOp):
            return all(const(v, names) for v in n.values)
        if isinstance(n, ast.Compare):
            return const(n.left, names) and all(const(c, names) for c in n.comparators)
        if isinstance(n, ast.IfExp):
            return all(const(x, names) for x in (n.test, n.body, n.orelse))
        if isinstance(n, (ast.Tuple, ast.List, ast.Set)):
            return all(const(e, names) for e in n.elts)
        if isinstance(n, ast.Dict):
            return all(k is None or const(k, names) for k in n.keys) and all(const(v, names) for v in n.values)
        if isinstance(n, ast.Starred):
            return const(n.value, names)
        if isinstance(n, ast.JoinedStr):
            return all(const(v, names) for v in n.values)
        if isinstance(n, ast.FormattedValue):
            return const(n.value, names)
        if isinstance(n, ast.Subscript):
            return const(n.value, names) and const(n.slice, names)
        if isinstance(n, ast.Slice):
            return all(x is None or const(x, names) for x in (n.lower, n.upper, n.step))
        if isinstance(n, ast.NamedExpr):
            return const(n.value, names)
        if isinstance(n, ast.Attribute):
            return n.attr in CONSTANT_ATTRIBUTES or const(n.value, names)
        if isinstance(n, ast.Call):
            arguments = list(n.args) + [k.value for k in n.keywords]
            if not all(const(a, names) or _builtin_name(a) for a in arguments):
                return False
            func = n.func
            if isinstance(func, ast.Lambda):  # a lambda written in place, called on constants: its body decides
                params = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
                return all(d is None or const(d, names) for d in func.args.defaults + func.args.kw_defaults) \
                    and const(func.body, frozenset(names | params))
            if isinstance(func, ast.Name):
                return func.id in PURE_BUILTINS or func.id in NUMBER_CONSTRUCTORS
            if isinstance(func, ast.Attribute):  # a constructor, or a method of a constant (not of a module)
                return func.attr in NUMBER_CONSTRUCTORS or const(func.value, names) or _builtin_name(func.value)
            return False
        if isinstance(n, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            inner = set(names)
            for generator in n.generators:
                if generator.is_async or not const(generator.iter, frozenset(inner)):
                    return False
                inner |= {e.id for e in ast.walk(generator.target) if isinstance(e, ast.Name)}
                if not all(const(c, frozenset(inner)) for c in generator.ifs):
                    return False
            inner = frozenset(inner)
            if isinstance(n, ast.DictComp):
                return const(n.key, inner) and const(n.value, inner)
            return const(n.elt, inner)
        return False
    return const(node, frozenset(constant_names))


def _constant_fact_value(node, scope) -> bool:
    """The value slot of a fact tuple is a constant, and a truth value (a string there is not a fact's value)."""
    return _is_constant(node, scope) and not (isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)))


_NAMES: dict = {}  # (id of the scope's AST, name) -> (the scope, whether it binds the name once, to a constant)


def _constant_name(node, scope, seen=frozenset()) -> bool:
    if not isinstance(node, ast.Name) or scope is None or node.id in seen:
        return False
    key = (id(scope), node.id)
    entry = _NAMES.get(key)
    if entry is None or entry[0] is not scope:  # (an id is reused once a scanned tree is gone: the entry holds it)
        if len(_NAMES) > 10_000:
            _NAMES.clear()
        entry = _NAMES[key] = (scope, _binds_once_to_a_constant(node, scope, seen | {node.id}))
    return entry[1]


def _binds_once_to_a_constant(node, scope, seen=frozenset()) -> bool:
    """``node`` is a name that ``scope`` (the enclosing function) binds once, by a plain assignment of a constant
    expression (itself possibly naming other such names) or as the variable of one ``for`` loop over a constant
    iterable (a parameter, a ``with`` variable, an augmented assignment, unpacking, or a name bound in several
    places, such as a flag set in both branches of ``try``/``except``, is computed)."""
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
        elif isinstance(n, ast.For):
            if any(isinstance(e, ast.Name) and e.id == node.id for e in ast.walk(n.target)):
                if not isinstance(n.target, ast.Name):
                    return False  # unpacked from the iterable's items
                values.append(n.iter)
        elif isinstance(n, (ast.comprehension, ast.withitem, ast.AsyncFor)):
            target = n.optional_vars if isinstance(n, ast.withitem) else n.target
            if target is not None and any(isinstance(e, ast.Name) and e.id == node.id for e in ast.walk(target)):
                return False  # (a comprehension's own variables are handled inside the comprehension)
        elif isinstance(n, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal, ast.FunctionDef, ast.ClassDef,
                            ast.AsyncFunctionDef)):
            names = [a.asname or a.name for a in n.names] if isinstance(n, (ast.Import, ast.ImportFrom)) else \
                list(n.names) if isinstance(n, (ast.Global, ast.Nonlocal)) else [n.name]
            if node.id in names:
                return False
    if len(values) == 1 and _mutable(values[0]) and _may_be_changed(node.id, scope):
        return False  # a list built empty and appended to is computed
    return len(values) == 1 and is_constant_expression(
        values[0], name_is_constant=lambda name: _constant_name(name, scope, seen))  # bound twice: computed


def _mutable(value) -> bool:
    """The expression builds a container that can change after it is bound (a list, dict or set)."""
    return isinstance(value, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)) or (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("list", "dict", "set"))


def _may_be_changed(name: str, scope) -> bool:
    """The value bound to ``name`` may change after its binding: a method of it is called (``positive.append(...)``),
    an item of it is assigned or deleted, or it is handed to a call other than a pure builtin (which may change it)."""
    for parent in ast.walk(scope):
        if isinstance(parent, ast.Call):
            func = parent.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == name:
                return True
            pure = isinstance(func, ast.Name) and (func.id in PURE_BUILTINS or func.id in NUMBER_CONSTRUCTORS)
            arguments = list(parent.args) + [k.value for k in parent.keywords]
            if not pure and any(isinstance(a, ast.Name) and a.id == name or
                                isinstance(a, ast.Starred) and isinstance(a.value, ast.Name) and a.value.id == name
                                for a in arguments):
                return True
        elif isinstance(parent, ast.Subscript) and isinstance(parent.ctx, (ast.Store, ast.Del)):
            if isinstance(parent.value, ast.Name) and parent.value.id == name:
                return True
        elif isinstance(parent, ast.Attribute) and isinstance(parent.ctx, (ast.Store, ast.Del)):
            if isinstance(parent.value, ast.Name) and parent.value.id == name:
                return True
    return False


def _is_constant(node, scope) -> bool:
    return is_constant_expression(node, name_is_constant=lambda name: _constant_name(name, scope))


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
    """A fact value of ``call`` names something (whose bindings must be looked up)."""
    values = call.args[1:2] + [k.value for k in call.keywords if k.arg == "value"]
    values += [n.elts[1] for n in ast.walk(call) if isinstance(n, ast.Tuple) and len(n.elts) == 3]
    return any(isinstance(node, ast.Name) for v in values for node in ast.walk(v))


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
