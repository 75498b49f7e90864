"""Finding item modules by name or path and building the corpus from them.

The kernel knows no corpus: ``load`` imports the default package (``theorems``) and
every submodule of it by name, plus any user modules (``--module NAME``) or files
(``--path FILE``), and collects the items each module declared.  A module that cannot
be imported is a :class:`~checker.execution.graph.LoadError` with one line naming it and why, and so is a module
that ends its own import by a non-``Exception`` (``sys.exit``, ``SystemExit``, a ``KeyboardInterrupt`` it raises,
pytest's ``importorskip``/``skip``/``exit``): those would otherwise end the run quietly (exit 0, no report) or with a
traceback.  A real Ctrl-C while loading still ends the run as Ctrl-C does: during a load SIGINT raises
:class:`~checker.execution.interrupts.Interrupted` (the CLI's own handler does the same), which is let through, so a
bare ``KeyboardInterrupt`` can only have been raised by the module's code.
"""
from __future__ import annotations

import atexit
import contextlib
import importlib
import importlib.util
import os
import pkgutil
import shlex
import signal
import sys
import threading
import zlib
from dataclasses import dataclass
from pathlib import Path

from .graph import Corpus, LoadError, build
from .interrupts import Interrupted, Terminated
from ..kernel.items import forget, registered

DEFAULT_PACKAGE = "theorems"


#: what a load lets through: the user's Ctrl-C and CI's SIGTERM (:mod:`checker.execution.interrupts`)
RUN_ENDING = (Interrupted, Terminated)


def _ended_load(what: str, exc: BaseException) -> LoadError:
    """The load error of a module that ended its own import by a non-``Exception`` (exit, skip, a raised interrupt)."""
    text = f": {exc}" if str(exc) else ""
    return LoadError(f"cannot import {what}: it ended its own import by {type(exc).__module__}."
                     f"{type(exc).__qualname__}{text} (an item module must not exit, skip or interrupt while loading)")


class ProcessExit(BaseException):
    """``os._exit(code)`` called by a module while it loads: raised instead of ending the process (which would exit
    with the module's code, no report, no JSON), so the load fails with one line like any other exit."""

    def __str__(self):
        return f"os._exit({self.args[0] if self.args else ''})"


def _guarded_at_exit(callback):
    """An exit handler a loading module registers, run so that it cannot decide the run's exit status: ``os._exit``
    raises inside it and whatever it raises is dropped (``atexit.register(os._exit, 0)`` would turn a failed run
    into exit 0)."""
    def run(*args, **kwargs):
        real = os._exit
        os._exit = _raise_process_exit
        try:
            callback(*args, **kwargs)
        except BaseException:  # noqa: BLE001 - a handler does not decide the exit status
            pass
        finally:
            os._exit = real
    return run


def _raise_process_exit(code=0):
    raise ProcessExit(code)


@contextlib.contextmanager
def _exits_raise():
    """While loading, ``os._exit`` raises :class:`ProcessExit` and exit handlers are registered guarded
    (:func:`_guarded_at_exit`); both come back after."""
    real_exit, real_register = os._exit, atexit.register

    def register(callback, *args, **kwargs):
        real_register(_guarded_at_exit(callback), *args, **kwargs)
        return callback
    os._exit, atexit.register = _raise_process_exit, register
    try:
        yield
    finally:
        os._exit, atexit.register = real_exit, real_register


@contextlib.contextmanager
def _ctrl_c_raises_interrupted():
    """While loading in the main thread, SIGINT raises :class:`Interrupted` (unless ignored), so a real Ctrl-C is told
    apart from a ``KeyboardInterrupt`` that a module raises; the previous handler comes back after."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield
        return

    def _raise_interrupted(signum, frame):
        raise Interrupted()
    previous = signal.signal(signal.SIGINT, _raise_interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _import(name: str):
    try:
        return importlib.import_module(name)
    except (LoadError, *RUN_ENDING):
        raise
    except ModuleNotFoundError as exc:
        if exc.name == name or name.startswith(f"{exc.name}."):
            raise LoadError(f"no module named {name!r}") from exc
        raise LoadError(f"cannot import module {name!r}: {type(exc).__name__}: {exc}") from exc
    except SyntaxError as exc:
        raise LoadError(f"cannot import module {name!r}: SyntaxError at {exc.filename}:{exc.lineno}: {exc.msg}") from exc
    except Exception as exc:  # noqa: BLE001 - a broken user module is a load error, not a crash
        raise LoadError(f"cannot import module {name!r}: {type(exc).__name__}: {exc}") from exc
    except BaseException as exc:  # noqa: BLE001 - sys.exit, a raised KeyboardInterrupt, pytest's Skipped/Exit
        raise _ended_load(f"module {name!r}", exc) from None


def package_module_names(package: str) -> list:
    """The package and all its submodules, imported, in a stable order."""
    root = _import(package)
    names = [root.__name__]
    if hasattr(root, "__path__"):
        for info in sorted(pkgutil.walk_packages(root.__path__, prefix=root.__name__ + "."), key=lambda i: i.name):
            _import(info.name)
            names.append(info.name)
    return names


def import_path(path: str) -> str:
    """Import a Python file as a module; returns the module name used."""
    file = Path(path)
    if file.is_dir():
        raise LoadError(f"{path} is a folder: --path takes a Python file")
    if not file.is_file():
        raise LoadError(f"no such file: {path}")
    name = f"checker_user_{file.stem}_{zlib.crc32(str(file.resolve()).encode()) % 10**8}"  # stable across runs
    forget(name)
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise LoadError(f"cannot import {path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as exc:
        sys.modules.pop(name, None)  # a module that did not load is not loaded (as importlib does)
        if isinstance(exc, (LoadError, *RUN_ENDING)):
            raise
        if isinstance(exc, SyntaxError):
            raise LoadError(f"cannot import {path}: SyntaxError at line {exc.lineno}: {exc.msg}") from exc
        if isinstance(exc, Exception):
            raise LoadError(f"cannot import {path}: {type(exc).__name__}: {exc}") from exc
        raise _ended_load(path, exc) from None
    return name


@dataclass(frozen=True)
class LoadSpec:
    """What was loaded: the corpus package or not, and the user's modules and files (paths as given)."""

    modules: tuple = ()
    paths: tuple = ()
    corpus: bool = True
    package: str = DEFAULT_PACKAGE

    def flags(self) -> str:
        """The command-line options that load the same items (``--module M --path P --no-corpus``)."""
        flags = [f"--module {shlex.quote(m)}" for m in self.modules] + [f"--path {shlex.quote(p)}" for p in self.paths]
        return " ".join(flags + ([] if self.corpus else ["--no-corpus"]))

    def project_dirs(self) -> list:
        """Directories whose code counts as the verifiers' own (fingerprinted by the cache), the rest being libraries."""
        dirs = [os.path.dirname(os.path.abspath(p)) for p in self.paths]
        for name in list(self.modules) + ([self.package] if self.corpus else []):
            module = sys.modules.get(name)
            if module is not None and getattr(module, "__file__", None):
                dirs.append(os.path.dirname(os.path.abspath(module.__file__)))
        return dirs

    def for_workers(self) -> dict:
        """The same load as plain data for remote workers (absolute paths)."""
        return {"modules": list(self.modules), "paths": [os.path.abspath(p) for p in self.paths],
                "no_corpus": not self.corpus}


def load(modules=(), paths=(), corpus: bool = True, package: str = DEFAULT_PACKAGE) -> Corpus:
    """Load the corpus (unless ``corpus`` is False) and the user's modules and files.

    The returned :class:`~checker.execution.graph.Corpus` remembers how (``load_spec``), so a run of it can print the
    command that reproduces an item and fingerprint the user's code.
    """
    from .dependencies import install
    from .library_state import watch_library_patches
    install()  # from here on, what each user module's import reads is recorded (the results cache keys it)
    watch_library_patches()  # and the libraries' modules and classes are copied: what a user module patches is keyed
    with _ctrl_c_raises_interrupted(), _exits_raise():
        try:
            return _load(modules, paths, corpus, package)
        except (Exception, *RUN_ENDING):
            raise
        except BaseException as exc:  # noqa: BLE001 - e.g. a subpackage that exits while pkgutil walks the package
            raise _ended_load("the items", exc) from None


def _load(modules, paths, corpus, package) -> Corpus:
    names = []
    if corpus:
        names += package_module_names(package)
    for name in modules:
        _import(name)
        if not registered(name):
            raise LoadError(f"module {name!r} declares no items")
        names.append(name)
    for path in paths:
        name = import_path(path)
        if not registered(name):
            raise LoadError(f"{path} declares no items")
        names.append(name)
    items = [it for name in dict.fromkeys(names) for it in registered(name)]
    built = build(items)
    built.load_spec = LoadSpec(tuple(modules), tuple(str(p) for p in paths), bool(corpus), package)
    return built
