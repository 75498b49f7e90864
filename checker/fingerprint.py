"""What a verifier's result depends on, as a digest: the key of the results cache.

A result may be reused only when nothing it reads changed (DESIGN: "cached results are reused only
under a key that covers everything they read").  The key of an item covers

* the kernel: every source file of the ``checker`` package (any kernel edit invalidates everything);
* the versions of Python, sympy, mpmath, hypothesis, networkx and the checker;
* the run options that reach a verifier: seed, profile, time limit;
* the item's declaration (id, kind, title, statement, uses, assumptions with their predicates, exports,
  scope, ...);
* the *code* the verifier can run: the bytecode (not the line numbers, so moving a function does not
  invalidate it) of the verifier and, transitively, of every project function, class and module-level
  value it names — through its globals, its closure cells, its default arguments, and, for attribute
  calls such as ``obj.method(...)``, every project function or method of that name (an
  over-approximation: when in doubt, invalidate more);
* the keys of the items it uses, so an edited foundation invalidates exactly its dependents.

Project code is code in the directories of the item modules (the corpus package, ``--path`` files,
``--module`` modules); anything else is a library pinned by its version.
"""
from __future__ import annotations

import builtins
import hashlib
import os
import re
import sys
import types

LIBRARIES = ("sympy", "mpmath", "hypothesis", "networkx")
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def _sha(*parts) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


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
    """The sources of the kernel package (``checker``)."""
    here = os.path.dirname(os.path.abspath(__file__))
    return files_digest(package_files(here))


class CodeFingerprints:
    """Digests of the code reachable from verifiers, memoized for one process."""

    def __init__(self, project_dirs):
        self.project_dirs = tuple(sorted({os.path.abspath(d) + os.sep for d in project_dirs}))
        self._by_name = None
        self._memo: dict = {}

    # -- what counts as project code ---------------------------------------------------------------
    def is_project_file(self, filename) -> bool:
        if not filename:
            return False
        path = os.path.abspath(filename)
        return any(path.startswith(d) for d in self.project_dirs)

    def _is_project(self, obj) -> bool:
        if isinstance(obj, types.FunctionType):
            return self.is_project_file(obj.__code__.co_filename)
        module = sys.modules.get(getattr(obj, "__module__", None) or "")
        return self.is_project_file(getattr(module, "__file__", None))

    def _project_modules(self) -> list:
        return [m for name, m in sorted(sys.modules.items())
                if isinstance(m, types.ModuleType) and self.is_project_file(getattr(m, "__file__", None))]

    def by_name(self) -> dict:
        """Every project function and method, indexed by its ``__name__`` (for attribute calls)."""
        if self._by_name is None:
            index: dict = {}
            seen = set()

            def add(obj, depth=0):
                if id(obj) in seen or depth > 3:
                    return
                seen.add(id(obj))
                if isinstance(obj, (types.FunctionType, staticmethod, classmethod, property)):
                    fn = obj.fget if isinstance(obj, property) else getattr(obj, "__func__", obj)
                    if isinstance(fn, types.FunctionType) and self._is_project(fn):
                        index.setdefault(fn.__name__, []).append(fn)
                elif isinstance(obj, type) and self._is_project(obj):
                    for value in vars(obj).values():
                        add(value, depth + 1)
            for module in self._project_modules():
                for value in list(vars(module).values()):
                    add(value)
            self._by_name = index
        return self._by_name

    # -- digests -----------------------------------------------------------------------------------
    def value(self, v, depth: int = 0) -> str:
        """A digest of a value a verifier can read: code by its fingerprint, data by its contents."""
        if depth > 6:
            return _sha("deep", type(v).__name__)
        if isinstance(v, (types.FunctionType, type)) and self._is_project(v):
            return self.function(v) if isinstance(v, types.FunctionType) else self.klass(v)
        if isinstance(v, (types.FunctionType, types.BuiltinFunctionType, type)):
            return _sha("external", getattr(v, "__module__", ""), getattr(v, "__qualname__", repr(v)))
        if isinstance(v, types.ModuleType):
            return _sha("module", v.__name__)
        if isinstance(v, (staticmethod, classmethod)):
            return self.value(v.__func__, depth + 1)
        if isinstance(v, (list, tuple)):
            return _sha(type(v).__name__, *(self.value(x, depth + 1) for x in v))
        if isinstance(v, (set, frozenset)):
            return _sha("set", *sorted(self.value(x, depth + 1) for x in v))
        if isinstance(v, dict):
            return _sha("dict", *sorted(_sha(self.value(k, depth + 1), self.value(x, depth + 1)) for k, x in v.items()))
        if isinstance(v, types.CodeType):
            return self.code(v)
        try:
            import sympy
            if isinstance(v, sympy.Basic):
                return _sha("sympy", sympy.srepr(v))
        except ImportError:  # pragma: no cover - sympy is a dependency
            pass
        if hasattr(v, "__dict__") and not isinstance(v, type):
            # an instance (a project class's, or a kernel dataclass such as an Assumption whose predicate is
            # project code): its class and everything it holds, functions included
            cls = self.klass(type(v)) if self._is_project(type(v)) else _sha(type(v).__module__, type(v).__qualname__)
            return _sha("object", cls, self.value(dict(vars(v)), depth + 1))
        return _sha("repr", type(v).__name__, _ADDRESS.sub("", repr(v)))

    def code(self, code: types.CodeType) -> str:
        """Bytecode, names and constants of a code object and its nested code (no line numbers)."""
        consts = []
        for c in code.co_consts:
            if isinstance(c, types.CodeType):
                consts.append(self.code(c))
            elif isinstance(c, frozenset):
                consts.append(_sha("frozenset", *sorted(repr(x) for x in c)))
            else:
                consts.append(repr(c))
        return _sha(code.co_code, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars, *consts)

    @staticmethod
    def names(code: types.CodeType) -> set:
        out = set(code.co_names)
        for c in code.co_consts:
            if isinstance(c, types.CodeType):
                out |= CodeFingerprints.names(c)
        return out

    def function(self, fn: types.FunctionType) -> str:
        """The digest of ``fn`` and of everything it can reach (memoized; cycles are cut)."""
        key = ("fn", id(fn))
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = _sha("cycle", fn.__module__, fn.__qualname__)
        parts = [fn.__module__, fn.__qualname__, self.code(fn.__code__),
                 self.value(fn.__defaults__), self.value(fn.__kwdefaults__)]
        for cell in fn.__closure__ or ():
            try:
                parts.append(self.value(cell.cell_contents, 1))
            except ValueError:  # an empty cell
                parts.append("empty cell")
        names = sorted(self.names(fn.__code__))
        globs = fn.__globals__
        for name in names:
            if name in globs:
                v = globs[name]
                if isinstance(v, types.ModuleType) and self.is_project_file(getattr(v, "__file__", None)):
                    parts.append(_sha(name, *(self.value(getattr(v, a)) for a in names if hasattr(v, a))))
                else:
                    parts.append(_sha(name, self.value(v, 1)))
            elif hasattr(builtins, name):
                continue
            for other in self.by_name().get(name, ()):
                if other is not fn:
                    parts.append(_sha("attr", name, self.function(other)))
        digest = _sha(*parts)
        self._memo[key] = digest
        return digest

    def klass(self, cls: type) -> str:
        key = ("cls", id(cls))
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = _sha("cycle", cls.__module__, cls.__qualname__)
        parts = [cls.__module__, cls.__qualname__]
        for name, v in sorted(vars(cls).items()):
            if name in ("__dict__", "__weakref__", "__doc__", "__module__", "__qualname__"):
                continue
            parts.append(_sha(name, self.value(v, 1)))
        digest = _sha(*parts)
        self._memo[key] = digest
        return digest

    # -- items -------------------------------------------------------------------------------------
    def declaration(self, item) -> str:
        """The item's declaration: everything the kernel and its verifier read from the item object."""
        assumptions = [_sha(a.id, a.kind, a.description, a.source, self.value(a.predicate, 1)) for a in item.assumes]
        return _sha(item.id, item.kind, item.title, item.statement, item.source, item.uses, item.proof_uses,
                    item.expected, item.cited_kind, item.avoids, getattr(item, "scope", ""),
                    self.value(item.exports), *assumptions,
                    self.value(item.verifier) if item.verifier is not None else "no verifier")


def item_keys(corpus, *, seed: int, profile: str, timeout: float, project_dirs) -> dict:
    """id -> cache key for every item of ``corpus`` (the keys of what an item uses enter its own key)."""
    common = _sha("checker-cache-v1", kernel_digest(), sorted(library_versions().items()), seed, profile, float(timeout))
    prints = CodeFingerprints(project_dirs)
    keys: dict = {}
    for item_id in corpus.order():
        it = corpus.items[item_id]
        used = sorted(keys[u] for u in it.all_uses if u in keys)
        keys[item_id] = _sha(common, prints.declaration(it), *used)
    return keys
