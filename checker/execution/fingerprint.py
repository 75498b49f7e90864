"""What a verifier's result depends on, as a digest: the key of the results cache.

A result may be reused only when nothing it reads changed (DESIGN: "cached results are reused only
under a key that covers everything they read"; when in doubt, invalidate more).  The key of an item covers

* the kernel: every source file of the ``checker`` package (any kernel edit invalidates everything);
* the versions of Python, sympy, mpmath, hypothesis, networkx and the checker, and the version of every other
  installed distribution whose functions, classes or modules the verifier reaches;
* the run options that reach a verifier: seed, profile, time limit;
* the environment variables that change how those libraries compute (``SYMPY_*``, ``MPMATH_*``,
  ``HYPOTHESIS_*``: they are read when the libraries are imported, before any verifier runs);
* the item's declaration (id, kind, title, statement, uses, assumptions with their predicates, exports,
  scope, ...);
* the *code* the verifier can run and the *values* it can read, reached from the verifier function through
  its globals, closure cells, default arguments and function attributes (``__wrapped__``), and, for attribute
  calls such as ``obj.method(...)``, every function or method of that name in the item modules' folders (an
  over-approximation).  User code is everything that is neither the kernel nor an installed library
  (``site-packages``/``dist-packages``) nor the standard library, wherever it lives (a sibling ``lib/`` on
  ``sys.path`` included):

  - a function by its bytecode, names, constants, flags and argument counts (not its line numbers, so moving
    it does not invalidate it), its defaults, closure and attributes, and what its names reach;
  - a class by its own members and its bases (the whole MRO up to the libraries' classes, which their
    versions pin) and its metaclass;
  - a module reached as a value (``pkg.sub.VALUE``, a module in a closure cell or a default argument) by its
    source file's content and every global it holds; a module named directly as a global of the function, or
    imported in its body, by the attributes the function names (precise: an edit elsewhere in that module
    reruns nothing), or whole when the function reads attributes by computed names (``getattr``, ``vars``);
    with ``globals()``/``eval``/``exec`` the function's own module counts whole, with ``sys.modules`` every
    loaded user module does;
  - data by its *complete* value: containers to any depth (cycles by back-reference), sympy expressions by
    ``srepr`` plus the code of every user-defined class among their nodes (a ``Function`` subclass's
    ``fdiff``), sympy matrices entry by entry, numpy arrays by dtype, shape and bytes, ``functools.partial`` by
    function, arguments and keywords, bound methods by function and instance, any other object by the
    state its pickling protocol (``__reduce_ex__``) exposes, which is meant to rebuild it.  A value that none of
    this can describe (a lock, an open file, a generator) makes the item *uncacheable*: it (and what rests on
    it) runs every time;
* the keys of the items it uses, so an edited foundation invalidates exactly its dependents.

Code reached through cycles (mutual recursion, a class and its methods) is digested one strongly connected
component at a time, so an item's key never depends on the order in which other keys were computed.

What the verifier reaches only while it runs (modules it imports, files it reads, environment variables) is
recorded by :mod:`checker.execution.dependencies` in the process that runs it and stored with the result.
"""
from __future__ import annotations

import builtins
import functools
import os
import sys
import types

from .dependencies import (LIBRARIES, NEVER, _sha, distribution_of, distribution_version, file_digest,
                           import_manifest, is_kernel_path, is_library_path, never_reason)
CACHE_FORMAT = "checker-cache-v3"


def library_versions() -> dict:
    """Python and the library versions a result depends on (read without importing the libraries)."""
    from importlib import metadata
    out = {"python": sys.version.split()[0]}
    for name in LIBRARIES + ("checker",):
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def package_files(directory: str) -> list:
    """Every ``.py`` file under ``directory``, sorted (no ``__pycache__``)."""
    out = []
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".py")]
    return out


def files_digest(paths) -> str:
    """A digest of the contents of ``paths`` (a missing file counts as its absence)."""
    parts = []
    for p in sorted(paths):
        try:
            with open(p, "rb") as fh:
                parts.append(_sha(p, fh.read()))
        except OSError:
            parts.append(_sha(p, "missing"))
    return _sha(*parts)


def kernel_digest() -> str:
    """The sources of the whole ``checker`` package (every subpackage)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return files_digest(package_files(here))


_LIBRARY_TOKENS: dict = {}


def library_token(module_name) -> str:
    """What pins a library's code: the standard library by Python's version (in every key), an installed
    distribution by its version, a module of no known distribution by its file's content."""
    module_name = module_name or ""
    top = module_name.split(".")[0]
    if top not in _LIBRARY_TOKENS:
        if not top or top in getattr(sys, "stdlib_module_names", ()) or top in sys.builtin_module_names:
            token = "stdlib"
        else:
            dist = distribution_of(top)
            if dist is not None:
                token = f"{dist}=={distribution_version(dist)}"
            else:
                f = getattr(sys.modules.get(module_name) or sys.modules.get(top), "__file__", None)
                token = f"file {file_digest(f)}" if f else "unknown"
        _LIBRARY_TOKENS[top] = token
    return _LIBRARY_TOKENS[top]


_ATOMS = (type(None), bool, int, float, complex, str, bytes, bytearray, type(Ellipsis), type(NotImplemented), range)
_DESCRIPTORS = (types.WrapperDescriptorType, types.MethodDescriptorType, types.MemberDescriptorType,
                types.GetSetDescriptorType, types.ClassMethodDescriptorType)
#: class members that are caches of the runtime, not behaviour
_SKIPPED_CLASS_MEMBERS = {"__dict__", "__weakref__", "_abc_impl", "__abstractmethods__", "__parameters__"}
#: what sympy derives for a subclass of Basic from its ``is_*`` members and its bases (both in the digest), in an
#: order that changes from process to process (sets of strings)
_SYMPY_DERIVED = {"default_assumptions", "_prop_handler", "_explicit_class_assumptions"}
#: module globals that describe how it was imported, not what it holds
_SKIPPED_MODULE_GLOBALS = {"__builtins__", "__loader__", "__spec__", "__cached__", "__file__"}


#: names through which a function reads attributes named by computed strings
_DYNAMIC_ACCESS = frozenset({"getattr", "hasattr", "vars", "dir", "__dict__", "attrgetter", "methodcaller",
                             "__getattribute__", "__getattr__"})
#: names through which a function reads globals named by computed strings
_EVALUATES = frozenset({"globals", "eval", "exec", "locals"})


#: attribute names that read the clock on a datetime class or module, or on the time module
_CLOCK_ATTRIBUTES = {"datetime": {"now", "utcnow", "today"}, "time": {"time", "time_ns", "localtime", "gmtime", "ctime",
                                                                       "asctime"}}


def _clock_read(names, globs) -> str:
    """What clock a function's code reads, named statically (``datetime.now()``, ``date.today()``, ``time.time()``,
    ``from time import time``), or ``""``: the clock raises no audit event, and ``datetime.now`` cannot be wrapped
    (the recorder wraps :mod:`time`'s functions for calls it sees happen)."""
    import datetime
    import time
    clocks = {id(getattr(time, n)): f"time.{n}" for n in _CLOCK_ATTRIBUTES["time"]}
    clocks.update({id(getattr(getattr(time, n), "__wrapped__", None)): f"time.{n}" for n in _CLOCK_ATTRIBUTES["time"]})
    for name in names:
        v = globs.get(name)
        if v is None:
            continue
        if id(v) in clocks:
            return f"the clock ({clocks[id(v)]})"
        if v is datetime or v is datetime.datetime or v is datetime.date:
            used = _CLOCK_ATTRIBUTES["datetime"].intersection(names)
            if used:
                return f"the clock (datetime {sorted(used)[0]})"
        if v is time:  # (``time.time()`` itself names "time" once: the wrapped function sees that call happen)
            used = _CLOCK_ATTRIBUTES["time"].intersection(set(names) - {name})
            if used:
                return f"the clock (time.{sorted(used)[0]})"
    return ""


class _Node:
    """A function, class or module of the user's: its own digest and the code objects it refers to."""

    __slots__ = ("obj", "local", "refs", "opaque", "full", "tainted", "why")

    def __init__(self, obj):
        self.obj, self.local, self.refs, self.opaque, self.full, self.tainted = obj, "", [], False, None, False
        self.why = ""


class CodeFingerprints:
    """Digests of the code and data reachable from verifiers, memoized for one process (one key computation).

    Two phases: each user function, class and module is a node with a *local* digest (its own code and data,
    each reference to another node written as a position) and its references; the *full* digest of a node
    combines its local digest with the full digests of what it refers to, a strongly connected component
    (Tarjan) at a time.  A value that cannot be described faithfully marks its node *opaque*; a digest that
    reaches an opaque node is *tainted*, and a key that is tainted is not used (:func:`item_keys`)."""

    def __init__(self, project_dirs):
        self.project_dirs = tuple(sorted({os.path.abspath(d) + os.sep for d in project_dirs}))
        self._by_name = None
        self._nodes: dict = {}
        self._keep: list = []  # the objects whose ids key the memos stay alive
        self._sympy: dict = {}  # id -> (expr, srepr digest, user node types)
        self._refs = None
        self._opaque_flag = False
        self._stack: list = []
        self.tainted: set = set()
        #: a tainted digest -> why (the first value or input that cannot be digested faithfully)
        self.reasons: dict = {}
        self._why = ""
        self._succ: dict = {}
        self._owners: dict = {}

    # -- what counts as whose code ------------------------------------------------------------------
    def is_project_file(self, filename) -> bool:
        """A file in the folders of the item modules (where attribute calls are looked up by name)."""
        if not filename:
            return False
        path = os.path.abspath(filename)
        return any(path.startswith(d) for d in self.project_dirs)

    @staticmethod
    def _module_file(obj):
        module = sys.modules.get(getattr(obj, "__module__", None) or "")
        return module, getattr(module, "__file__", None)

    def _owner(self, obj) -> str:
        """``user``, ``kernel`` or ``library`` for a function, class or module."""
        if isinstance(obj, types.FunctionType):
            f = obj.__code__.co_filename
        elif isinstance(obj, types.ModuleType):
            f = getattr(obj, "__file__", None)
            if not f:  # a namespace package (its parts are user code if they live outside the libraries)
                paths = list(getattr(obj, "__path__", []) or [])
                if paths and not all(is_library_path(p + os.sep) for p in paths):
                    return "kernel" if all(is_kernel_path(p + os.sep) for p in paths) else "user"
                return "library"
        else:
            module, f = self._module_file(obj)
            if module is None:  # made at run time with no module behind it (sympy's Function('f')): its members
                return "library" if obj.__module__ == "builtins" else "user"
            if not f:
                return "library"  # a built-in module's
        owner = self._owners.get(f)
        if owner is None:
            owner = self._owners[f] = "kernel" if is_kernel_path(f) else "library" if is_library_path(f) else "user"
        return owner

    def _project_modules(self) -> list:
        return [m for name, m in sorted(sys.modules.items())
                if isinstance(m, types.ModuleType) and self.is_project_file(getattr(m, "__file__", None))]

    def by_name(self) -> dict:
        """Every function and method of the item modules' folders, indexed by its ``__name__`` (attribute calls)."""
        if self._by_name is None:
            index: dict = {}
            seen = set()

            def add(obj, depth=0):
                if id(obj) in seen or depth > 3:
                    return
                seen.add(id(obj))
                if isinstance(obj, (types.FunctionType, staticmethod, classmethod, property)):
                    fn = obj.fget if isinstance(obj, property) else getattr(obj, "__func__", obj)
                    if isinstance(fn, types.FunctionType) and self.is_project_file(fn.__code__.co_filename):
                        index.setdefault(fn.__name__, []).append(fn)
                elif isinstance(obj, type) and self.is_project_file(self._module_file(obj)[1]):
                    for value in vars(obj).values():
                        add(value, depth + 1)
            for module in self._project_modules():
                for value in list(vars(module).values()):
                    add(value)
            self._by_name = index
        return self._by_name

    # -- references and opaque values -------------------------------------------------------------------
    def _ref(self, obj) -> str:
        """A reference from the node being digested to the node of ``obj`` (resolved in the second phase)."""
        self._refs.append(obj)
        return f"ref {len(self._refs) - 1}"

    def _opaque(self, why: str) -> str:
        if not self._opaque_flag:
            self._why = why
        self._opaque_flag = True
        return _sha("opaque", why)

    def _token(self, obj, kind: str) -> str:
        """A kernel's or a library's function, class or module: its name (the kernel digest or a version pins it)."""
        module = obj.__name__ if isinstance(obj, types.ModuleType) else getattr(obj, "__module__", None)
        name = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or type(obj).__name__
        owner = self._owner(obj) if isinstance(obj, (types.FunctionType, type, types.ModuleType)) else "library"
        pin = "kernel" if owner == "kernel" else library_token(module)
        return _sha(kind, module, name, pin)

    # -- values -------------------------------------------------------------------------------------------
    def value(self, v) -> str:
        """A digest of a value a verifier can read: code by reference (its node), data by its complete contents."""
        if self._refs is None:  # outside a node (a caller's own use): a throw-away root
            return self._root(lambda: self.value(v))[0]
        t = type(v)
        if t is int:  # hex: no limit on the digits (repr refuses ints of more than 4300 digits)
            return _sha("int", hex(v))
        if t in _ATOMS:
            return _sha(t.__name__, repr(v))
        if id(v) in self._stack:  # a cycle of containers: a back-reference by depth
            return _sha("back", self._stack.index(id(v)))
        self._stack.append(id(v))
        try:
            return self._value(v, t)
        finally:
            self._stack.pop()

    def _value(self, v, t) -> str:
        if t in (list, tuple):
            return _sha(t.__name__, *(self.value(x) for x in v))
        if t in (set, frozenset):
            return _sha("set", *sorted(self.value(x) for x in v))
        if t in (dict, types.MappingProxyType):
            return _sha("dict", *(_sha(self.value(k), self.value(x)) for k, x in v.items()))
        if isinstance(v, types.FunctionType):
            return self._ref(v) if self._owner(v) == "user" else self._foreign_function(v)
        if isinstance(v, type):
            if "sympy" in sys.modules and type(v).__name__ == "UndefinedFunction":
                return self._undefined_function(v)
            return self._ref(v) if self._owner(v) == "user" else self._token(v, "class")
        if isinstance(v, types.ModuleType):
            return self._ref(v) if self._owner(v) == "user" else self._token(v, "module")
        if isinstance(v, types.MethodType):
            return _sha("method", self.value(v.__func__), self.value(v.__self__))
        if isinstance(v, (staticmethod, classmethod)):
            return _sha(t.__name__, self.value(v.__func__))
        if isinstance(v, property):
            return _sha("property", self.value(v.fget), self.value(v.fset), self.value(v.fdel), self.value(v.__doc__))
        if isinstance(v, functools.cached_property):  # its lock is no part of its behaviour
            return _sha("cached_property", self.value(v.func), v.attrname, self.value(v.__doc__))
        if isinstance(v, (functools.partial, functools.partialmethod)):
            func = v.func
            return _sha("partial", t.__module__, t.__qualname__, self.value(func), self.value(tuple(v.args)),
                        self.value(dict(v.keywords or {})), self.value(dict(getattr(v, "__dict__", {}))))
        if isinstance(v, (types.BuiltinFunctionType, types.MethodWrapperType)):
            owner = getattr(v, "__self__", None)
            if owner is None or isinstance(owner, types.ModuleType):
                return self._token(v, "builtin")
            return _sha("builtin method", getattr(v, "__name__", ""), self.value(owner))
        if isinstance(v, _DESCRIPTORS):
            return _sha("descriptor", getattr(getattr(v, "__objclass__", None), "__qualname__", ""),
                        getattr(v, "__name__", ""))
        if isinstance(v, types.CodeType):
            return self.code(v)
        if "sympy" in sys.modules:
            digest = self._sympy_value(v)
            if digest is not None:
                return digest
        module = getattr(t, "__module__", "") or ""
        if module.split(".")[0] == "numpy" and hasattr(v, "dtype") and hasattr(v, "tobytes"):
            return self._numpy(v)
        try:  # a wrapper (functools.lru_cache, a decorator's object): what it wraps, which pickling names only
            wrapped = vars(v).get("__wrapped__") if hasattr(v, "__dict__") else None
        except TypeError:
            wrapped = None
        if wrapped is not None:
            return _sha("wrapper", self._reduced(v, t), self.value(wrapped))
        return self._reduced(v, t)

    def _foreign_function(self, fn) -> str:
        """A kernel's or a library's function: its name, and what it carries (a closure, defaults, attributes can
        hold the user's code: a decorator's wrapper, ``lambdify``'s output)."""
        cells = []
        for cell in fn.__closure__ or ():
            try:
                cells.append(self.value(cell.cell_contents))
            except ValueError:  # an empty cell
                cells.append("empty cell")
        return _sha("function", self._token(fn, "function"), self.value(fn.__defaults__), self.value(fn.__kwdefaults__),
                    self.value(dict(fn.__dict__)), *cells)

    def _sympy_value(self, v):
        import sympy
        if isinstance(v, sympy.Basic):
            memo = self._sympy.get(id(v))
            if memo is None:
                try:
                    text = sympy.srepr(v)
                except Exception as exc:  # noqa: BLE001 - a node sympy cannot print: opaque
                    return self._opaque(f"srepr failed: {type(exc).__name__}")
                user_types, extra = [], []
                seen = set()
                for node in sympy.preorder_traversal(v):
                    nt = type(node)
                    if nt in seen:
                        continue
                    seen.add(nt)
                    if (getattr(nt, "__module__", None) or "").startswith("sympy."):
                        continue  # sympy's own classes: its version pins them
                    if self._owner(nt) == "user":
                        user_types.append(nt)
                for node in sympy.preorder_traversal(v):  # state a user's node keeps beside its args
                    if type(node) in user_types and hasattr(node, "__dict__") and vars(node):
                        extra.append(node)
                memo = (v, _sha("sympy", type(v).__module__, type(v).__qualname__, text), user_types, extra)
                self._sympy[id(v)] = memo
                self._keep.append(v)
            _, digest, user_types, extra = memo
            if not user_types and not extra:
                return digest
            return _sha(digest, *(self.value(nt) for nt in user_types), *(self.value(dict(vars(n))) for n in extra))
        if isinstance(v, sympy.MatrixBase):  # a mutable matrix is no Basic: type, shape and every entry
            return _sha("matrix", self.value(type(v)), v.shape, *(self.value(e) for e in v))
        return None

    def _undefined_function(self, cls) -> str:
        """sympy's ``Function('f', **assumptions)`` (or ``implemented_function``): a class made at run time, by its
        name, members (its assumptions, arities, an attached ``_imp_``) and bases, less what sympy derives from
        them in an order that changes between processes."""
        parts = ["undefined function", self.value(type(cls)), cls.__name__]
        for name, v in sorted(vars(cls).items()):
            if name not in _SYMPY_DERIVED and name not in _SKIPPED_CLASS_MEMBERS:
                parts.append(_sha(name, self.value(v)))
        parts.append(self.value([b for b in cls.__mro__[1:] if not (b.__module__ or "").startswith("sympy.")]))
        return _sha(*parts)

    def _numpy(self, v) -> str:
        dtype = v.dtype
        if dtype.hasobject:
            return _sha("ndarray of objects", self.value(type(v)), getattr(v, "shape", ()), self.value(v.tolist()))
        import numpy
        data = numpy.ascontiguousarray(v).tobytes() if getattr(v, "ndim", 0) else v.tobytes()
        return _sha("ndarray", self.value(type(v)), dtype.str, repr(dtype.descr) if dtype.fields else "",
                    getattr(v, "shape", ()), data)

    def _reduced(self, v, t) -> str:
        """Any other object by what its pickling protocol says rebuilds it (type, arguments, state, items)."""
        try:
            rv = v.__reduce_ex__(4)
        except Exception as exc:  # noqa: BLE001 - cannot be pickled: nothing faithful to hash
            return self._opaque(f"{t.__module__}.{t.__qualname__}: {type(exc).__name__}")
        if isinstance(rv, str):  # a global by name (a singleton)
            return _sha("global", self.value(t), rv)
        if not isinstance(rv, tuple) or len(rv) < 2:
            return self._opaque(f"{t.__qualname__}: unexpected __reduce_ex__")
        parts = ["reduced", self.value(t), self.value(rv[0]), self.value(rv[1])]
        for n, extra in enumerate(rv[2:], start=2):
            if extra is None:
                parts.append("none")
            elif n in (3, 4):  # list items, dict items: iterators
                parts.append(self.value(list(extra)))
            else:
                parts.append(self.value(extra))
        return _sha(*parts)

    def _import_part(self, module_name) -> str:
        """What the import of the user module ``module_name`` read (:func:`checker.execution.dependencies.import_manifest`):
        a data file a module-level loader read, a stat, an environment variable; an input no digest describes (or
        an import that was not recorded) makes the digest opaque."""
        if not isinstance(module_name, str):
            return "no module"
        manifest = import_manifest(module_name)
        if not manifest:
            return "import read nothing"
        for entry, digest in sorted(manifest.items()):
            if not isinstance(digest, str) or digest.startswith(NEVER):
                return self._opaque(f"the import of {module_name} read {never_reason(digest).removeprefix('reads ')}")
        return _sha("import", module_name, *(f"{k}={v}" for k, v in sorted(manifest.items())))

    # -- code -----------------------------------------------------------------------------------------------
    def code(self, code: types.CodeType) -> str:
        """Bytecode, names, constants, flags and argument counts of a code object and its nested code (no line
        numbers)."""
        consts = []
        for c in code.co_consts:
            consts.append(self.code(c) if isinstance(c, types.CodeType) else self.value(c))
        return _sha(code.co_code, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars, code.co_flags,
                    code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount,
                    getattr(code, "co_exceptiontable", b""), *consts)

    @staticmethod
    def names(code: types.CodeType) -> set:
        out = set(code.co_names)
        for c in code.co_consts:
            if isinstance(c, types.CodeType):
                out |= CodeFingerprints.names(c)
        return out

    def _named_in_module(self, name: str, module, names) -> str:
        """A user module named directly by a function: the attributes of it the function names (precise)."""
        held = vars(module)
        parts = ["module by names", name, module.__name__]
        for a in sorted(names):
            if a in held:
                parts.append(_sha(a, self.value(held[a])))
            elif isinstance(sys.modules.get(f"{module.__name__}.{a}"), types.ModuleType):  # a submodule loaded lazily
                parts.append(_sha(a, self.value(sys.modules[f"{module.__name__}.{a}"])))
            elif callable(held.get("__getattr__")):  # a name the module makes on demand (PEP 562): what it makes
                try:
                    parts.append(_sha(a, "made", self.value(getattr(module, a))))
                except Exception:  # noqa: BLE001 - it has no such name (the verifier would fail the same way)
                    pass
        return _sha(*parts)

    def _local_function(self, fn: types.FunctionType) -> str:
        parts = ["function", fn.__module__, fn.__qualname__, self.code(fn.__code__),
                 self.value(fn.__defaults__), self.value(fn.__kwdefaults__), self.value(dict(fn.__dict__))]
        for cell in fn.__closure__ or ():
            try:
                parts.append(self.value(cell.cell_contents))
            except ValueError:  # an empty cell
                parts.append("empty cell")
        names = sorted(self.names(fn.__code__))
        globs = fn.__globals__
        parts.append(self._import_part(fn.__module__))
        clock = _clock_read(names, globs)
        if clock:
            parts.append(self._opaque(f"reads {clock}"))
        package = globs.get("__package__") or ""
        # attributes named by computed strings (getattr, vars, ...): a user module it reaches counts whole
        dynamic = not _DYNAMIC_ACCESS.isdisjoint(names)

        def module_part(label, module):
            return _sha(label, self.value(module)) if dynamic else self._named_in_module(label, module, names)
        for name in names:
            if name in globs:
                v = globs[name]
                if isinstance(v, types.ModuleType) and self._owner(v) == "user":
                    parts.append(module_part(name, v))
                else:
                    parts.append(_sha(name, self.value(v)))
                    if isinstance(v, types.ModuleType):
                        parts += self._patched_into(v, names)
            elif not hasattr(builtins, name):
                # a module the function imports itself (``import helper`` in its body), already loaded here
                for candidate in dict.fromkeys(
                        [".".join(name.split(".")[:n]) for n in range(1, name.count(".") + 2)] +
                        ([f"{package}.{name}"] if package else [])):
                    module = sys.modules.get(candidate)
                    if isinstance(module, types.ModuleType) and self._owner(module) == "user":
                        parts.append(module_part(candidate, module))
            for other in self.by_name().get(name, ()):
                if other is not fn:
                    parts.append(_sha("attr", name, self._ref(other)))
        if not _EVALUATES.isdisjoint(names):  # globals(), eval, exec: any name of its own module
            own = sys.modules.get(fn.__module__ or "")
            if isinstance(own, types.ModuleType) and self._owner(own) == "user":
                parts.append(_sha("own module", self.value(own)))
        if "modules" in names and any(globs.get(n) is sys for n in names):  # sys.modules[computed]: any module
            for label, module in sorted(sys.modules.items()):
                if isinstance(module, types.ModuleType) and self._owner(module) == "user":
                    parts.append(_sha("loaded module", label, self.value(module)))
        return _sha(*parts)

    def _patched_into(self, module, names) -> list:
        """A library module is pinned by its version, but a user module may have put its own code into it at import
        (``sympy.my_rule = my_rule``, a monkeypatch): each attribute the function names that holds the user's
        function, class or module is digested as the user's code."""
        held = getattr(module, "__dict__", {})
        out = []
        for a in sorted(names):
            v = held.get(a)
            if isinstance(v, (types.FunctionType, type, types.ModuleType)) and self._owner(v) == "user":
                out.append(_sha("patched into", module.__name__, a, self._ref(v)))
        return out

    def _local_class(self, cls: type) -> str:
        parts = ["class", cls.__module__, cls.__qualname__, self._import_part(cls.__module__)]
        derived = _SYMPY_DERIVED if "sympy" in sys.modules and issubclass(cls, sys.modules["sympy"].Basic) else ()
        for name, v in sorted(vars(cls).items()):
            if name in _SKIPPED_CLASS_MEMBERS or name in derived:
                continue
            parts.append(_sha(name, self.value(v)))
        for base in cls.__mro__[1:]:  # inherited members: the user's bases by their code, the others by version
            if base is object or base.__module__ == "builtins":
                continue
            parts.append(_sha("base", self.value(base)))
        if type(cls) is not type:
            parts.append(_sha("metaclass", self.value(type(cls))))
        return _sha(*parts)

    def _local_module(self, module) -> str:
        f = getattr(module, "__file__", None)
        parts = ["module", module.__name__, file_digest(f) if f else "no file", self._import_part(module.__name__)]
        for name, v in sorted(vars(module).items()):
            if name not in _SKIPPED_MODULE_GLOBALS:
                parts.append(_sha(name, self.value(v)))
        return _sha(*parts)

    # -- the two phases ---------------------------------------------------------------------------------------
    def _in_node(self, compute):
        """Run ``compute`` as the local digest of a node: returns (digest, refs, opaque)."""
        saved = (self._refs, self._opaque_flag, self._stack, self._why)
        self._refs, self._opaque_flag, self._stack, self._why = [], False, [], ""
        try:
            try:
                local = compute()
            except RecursionError:
                local = self._opaque("nested too deeply to digest")
            except Exception as exc:  # noqa: BLE001 - whatever cannot be digested is opaque (invalidate)
                local = self._opaque(f"{type(exc).__name__}: {exc}"[:200])
            return local, self._refs, self._opaque_flag, self._why
        finally:
            self._refs, self._opaque_flag, self._stack, self._why = saved

    def _node(self, obj) -> _Node:
        node = self._nodes.get(id(obj))
        if node is None:
            node = _Node(obj)
            self._nodes[id(obj)] = node
            self._keep.append(obj)
            if isinstance(obj, types.FunctionType):
                compute = lambda: self._local_function(obj)  # noqa: E731
            elif isinstance(obj, type):
                compute = lambda: self._local_class(obj)  # noqa: E731
            else:
                compute = lambda: self._local_module(obj)  # noqa: E731
            node.local, node.refs, node.opaque, node.why = self._in_node(compute)
        return node

    def _succs(self, node: _Node) -> list:
        succs = self._succ.get(id(node))
        if succs is None:
            succs = self._succ[id(node)] = [self._node(r) for r in node.refs]
        return succs

    def _resolve(self, start: _Node) -> None:
        """Full digests of ``start`` and everything it reaches (iterative Tarjan, one component at a time)."""
        index, low, stack, on_stack = {}, {}, [], set()
        work = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[id(node)] = low[id(node)] = len(index)
                stack.append(node)
                on_stack.add(id(node))
            succs = self._succs(node)
            descended = False
            while i < len(succs):
                s = succs[i]
                i += 1
                if s.full is not None:
                    continue
                if id(s) not in index:
                    work.append((node, i))
                    work.append((s, 0))
                    descended = True
                    break
                if id(s) in on_stack:
                    low[id(node)] = min(low[id(node)], index[id(s)])
            if descended:
                continue
            if low[id(node)] == index[id(node)]:
                members = []
                while True:
                    m = stack.pop()
                    on_stack.discard(id(m))
                    members.append(m)
                    if m is node:
                        break
                self._finish(members)
            if work:
                parent = work[-1][0]
                low[id(parent)] = min(low[id(parent)], low[id(node)])

    def _finish(self, members) -> None:
        inside = {id(m) for m in members}
        contents, tainted = {}, any(m.opaque for m in members)
        why = next((m.why for m in members if m.opaque), "")
        cyclic = len(members) > 1
        for m in members:
            refs = []
            for s in self._succs(m):
                if id(s) in inside:
                    cyclic = True
                    refs.append("member " + s.local)
                else:
                    refs.append(s.full)
                    if s.tainted and not why:
                        why = self.reasons.get(s.full, "")
                    tainted = tainted or s.tainted
            contents[id(m)] = _sha("node", m.local, *refs)
        component = _sha("component", *sorted(contents.values())) if cyclic else ""
        for m in members:
            m.full = _sha(contents[id(m)], component) if cyclic else contents[id(m)]
            m.tainted = tainted
            if tainted:
                self.tainted.add(m.full)
                self.reasons.setdefault(m.full, why)

    def full(self, obj) -> str:
        """The digest of a user function, class or module and of everything it reaches."""
        node = self._node(obj)
        if node.full is None:
            self._resolve(node)
        return node.full

    def _root(self, compute):
        """Digest ``compute`` (a value's digest) with the full digests of what it refers to: (digest, tainted)."""
        local, refs, opaque, why = self._in_node(compute)
        parts, tainted = [local], opaque
        for r in refs:
            digest = self.full(r)
            parts.append(digest)
            if digest in self.tainted and not why:
                why = self.reasons.get(digest, "")
            tainted = tainted or digest in self.tainted
        digest = _sha("root", *parts)
        if tainted:
            self.tainted.add(digest)
            self.reasons.setdefault(digest, why)
        return digest, tainted

    # -- compatibility: single objects ------------------------------------------------------------------------
    def function(self, fn) -> str:
        return self.full(fn) if self._owner(fn) == "user" else self.value(fn)

    def klass(self, cls) -> str:
        return self.full(cls) if self._owner(cls) == "user" else self.value(cls)

    # -- items -------------------------------------------------------------------------------------------------
    def declaration(self, item) -> str:
        """The item's declaration: everything the kernel and its verifier read from the item object (a digest in
        :attr:`tainted` when some of it cannot be digested faithfully)."""
        def compute():
            assumptions = [_sha(a.id, a.kind, a.description, a.source, self.value(a.predicate)) for a in item.assumes]
            return _sha(item.id, item.kind, item.title, item.statement, item.source, item.uses, item.proof_uses,
                        item.expected, item.cited_kind, item.avoids, getattr(item, "scope", ""),
                        self.value(item.exports), *assumptions,
                        self.value(item.verifier) if item.verifier is not None else "no verifier")
        return self._root(compute)[0]


#: prefixes of the environment variables that change how the pinned libraries compute; they read them when they
#: are imported, in the parent, before any verifier runs, so no verifier's manifest sees them
LIBRARY_ENVIRONMENT = ("SYMPY_", "MPMATH_", "HYPOTHESIS_")


def library_environment() -> list:
    """The values of the environment variables named by :data:`LIBRARY_ENVIRONMENT` (in every key)."""
    return sorted((k, v) for k, v in os.environ.items() if k.startswith(LIBRARY_ENVIRONMENT))


class ItemKeys(dict):
    """id -> key, and in ``reasons`` id -> why, for the items that have no key."""

    def __init__(self):
        super().__init__()
        self.reasons: dict = {}


def item_keys(corpus, *, seed: int, profile: str, timeout: float, project_dirs, reasons=None) -> dict:
    """id -> cache key for every item of ``corpus`` whose key can be computed faithfully (the keys of what an
    item uses enter its own key).  An item that reaches a value nothing can digest faithfully, or an input no
    digest describes (the clock, an unrecorded import), or that uses such an item, has no key: it is not cached
    and runs every time; ``reasons`` (a dict, when given) gets id -> why.  The global state of the loaded
    libraries now (:func:`checker.execution.library_state.library_state`), the warnings filters (pinned here: the
    verifiers run under them), the process environment and the libraries patched at import are in every key."""
    from .library_state import (library_patches_digest, library_state_digest, pin_warning_filters,
                                process_environment_digest)
    pin_warning_filters()  # the verifiers of this process run under the filters in effect now, which the key holds
    prints = CodeFingerprints(project_dirs)
    patches, patch_unkeyable = library_patches_digest(prints)  # library classes and modules patched at import
    common = _sha(CACHE_FORMAT, kernel_digest(), sorted(library_versions().items()), library_environment(), seed,
                  profile, float(timeout), library_state_digest(), patches, process_environment_digest())
    keys = ItemKeys()
    reasons = keys.reasons if reasons is None else reasons
    keys.reasons = reasons
    if patch_unkeyable:
        reasons.update((item_id, patch_unkeyable) for item_id in corpus.order())
        return keys
    for item_id in corpus.order():
        it = corpus.items[item_id]
        declaration = prints.declaration(it)
        if declaration in prints.tainted:
            reasons[item_id] = prints.reasons.get(declaration) or "reaches a value no digest describes"
            continue
        unkeyed = sorted(u for u in it.all_uses if u in corpus.items and u not in keys)
        if unkeyed:
            reasons[item_id] = f"rests on {unkeyed[0]}, which is not cacheable"
            continue
        used = sorted(keys[u] for u in it.all_uses if u in keys)
        keys[item_id] = _sha(common, declaration, *used)
    return keys
