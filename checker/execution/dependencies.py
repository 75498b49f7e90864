"""What a verifier run read besides the code its cache key covers: its *dynamic dependencies* (a manifest).

The key of an item (:mod:`checker.execution.fingerprint`) covers the code and module-level values a verifier can reach
from its own function, computed in the parent before anything runs.  What the verifier reaches only while it
runs is recorded here, in the process that runs it, the way ``make`` depfiles and ccache manifests do it:

* ``file:PATH``: every file the run opened for reading (``open``, ``os.open``, ``io.open_code``; seen through
  :func:`sys.addaudithook`), hashed *when it was opened* (so an edit during the run is never paired with the
  older output), and the source of every module the run imported for the first time (a compiled ``.pyc`` is
  traced back to its source).  Files of installed libraries (``site-packages``/``dist-packages``) and of the
  standard library are pinned by version instead, ``/dev``, ``/proc`` and ``/sys`` are not files, and a file the
  run itself created or truncated before reading it is its own output, not an input;
* ``list:DIR``: the names in a folder the run listed, with each one's kind (``os.listdir``, ``os.scandir``, so
  ``glob``, ``Path.glob``/``iterdir``, ``os.walk``; the import system's own listings are left out: a module it
  imports is recorded by its source);
* ``scan:DIR``: for ``os.scandir`` also each entry's ``stat()`` (a ``DirEntry`` stats without ``os.stat``);
* ``cwd:``: the working directory, when the run named a relative path or called ``os.getcwd``;
* ``stat:PATH``/``lstat:PATH``: what a stat told the run (``os.stat``, ``os.lstat``, ``os.access``, replaced by
  recording wrappers since stat calls raise no audit event, so ``os.path.exists/isfile/isdir/getsize``,
  ``Path.exists/is_file/stat``, ``glob`` of a literal name): missing, a folder, a file by size, modification time
  and permission bits, a link by target (:func:`stat_digest`);
* ``env:NAME``: every environment variable the run read through ``os.environ`` or ``os.environb`` (``[]``,
  ``get``, ``in``, ``os.getenv``, ``os.getenvb``; its value, or its absence), ``environ`` when it read the whole
  environment (iterated over it, ``len``, ``copy``, ``dict(...)``, ``repr``); a variable the run set itself is
  not an input.  Reads that bypass ``os.environ`` (C code calling ``getenv``) are **not** seen;
* ``process-env:``: the whole environment (less session variables) of the Dask worker the verifier ran in, since C
  code may ``getenv`` any name (:func:`checker.execution.library_state.process_environment`); a local verifier's is
  its parent's, which is in every key;
* ``state:random``/``state:numpy.random``: the state of a global random generator the run drew from, as it
  started (added by :func:`checker.execution.pool.run_in_process`; :mod:`checker.execution.library_state`);
* ``untracked:WHAT``: the run read something no digest describes (a socket, another program, the clock, the
  system's entropy, a device): a digest that never matches, so the result is not cached
  (:func:`not_cacheable`);
* ``file:PATH`` also for every user module the run's ``import`` statements or ``importlib.import_module`` calls
  reached although it was loaded before (``import helper`` in a verifier's body, a computed module name), and
  for every user module such a module, or a module the run imported, holds (as a global, or as the module of a
  function or class it holds), transitively; a module whose source changed since it was loaded never matches;
* ``dist:NAME``: the version of an installed distribution whose modules the run imported for the first time
  (the libraries every key pins, :data:`checker.execution.fingerprint.LIBRARIES`, and the standard library excepted);
* ``nomodule:NAME``: a module the run tried to import and did not find (creating it later is a change).

What a user module's *import* reads is recorded the same way, per module (:func:`install`,
:func:`import_manifest`): a data file a module-level loader reads at import is in no verifier's run, so it goes
into the key of every item whose verifier reaches that module's code, and into the manifest of a run that
reaches the module while it runs.

A stored result is reused only when every entry of its manifest still has the digest recorded
(:func:`unchanged`); the whole-run replay (:mod:`checker.execution.replay`) watches the same entries.  When in doubt
(a file that cannot be read, two runs that read different contents of one file) the entry never matches:
the result is computed again.

Files opened by the kernel itself (its timing hints, hypothesis' own files opened on the kernel's behalf) are
not recorded: what the kernel reads is covered by the kernel's digest.  Reads by C code that does not go
through Python's ``open``/``os.open`` (a C library opening a file itself) are not seen either.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import sysconfig

#: the folder of the whole checker package (every subpackage): its code is never the user's
KERNEL_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
#: the libraries whose versions every key pins (:func:`checker.execution.fingerprint.library_versions`)
LIBRARIES = ("sympy", "mpmath", "hypothesis", "networkx")
#: a digest no file, variable or version ever has: an entry with it never matches (invalidate)
NEVER = "never-matches"
_NOT_FILES = ("/dev/", "/proc/", "/sys/")
#: the kinds of manifest entries (``kind:name``; :func:`current` gives each one's digest now)
MANIFEST_KINDS = ("file:", "list:", "stat:", "lstat:", "env:", "environ", "dist:", "nomodule:", "state:", "untracked:",
                  "process-env:")


def _stdlib_roots() -> tuple:
    paths = sysconfig.get_paths()
    roots = {paths.get(k) for k in ("stdlib", "platstdlib")}
    return tuple(sorted(os.path.abspath(r) + os.sep for r in roots if r))


STDLIB_ROOTS = _stdlib_roots()


def is_library_path(path: str) -> bool:
    """A file of an installed distribution (``site-packages``/``dist-packages``) or of the standard library.

    Everything else (the user's modules wherever they live, a sibling ``lib/`` added to ``sys.path``, an editable
    install's sources) is user code, hashed by content."""
    if not path:
        return True
    if path.startswith("<"):  # frozen modules are the standard library's; other pseudo-files (<string>) are not
        return path.startswith("<frozen")
    p = os.path.abspath(path)
    parts = p.split(os.sep)
    if "site-packages" in parts or "dist-packages" in parts:
        return True
    return p.startswith(STDLIB_ROOTS)


def is_kernel_path(path: str) -> bool:
    return bool(path) and os.path.abspath(path).startswith(KERNEL_DIR)


def is_user_path(path: str) -> bool:
    """Code or data of the user's: neither a library's nor the kernel's (which the kernel digest covers)."""
    return bool(path) and not is_library_path(path) and not is_kernel_path(path)


# -- digests of the current state --------------------------------------------------------------------------
def _sha(*parts) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def file_digest(path: str) -> str:
    """The SHA-256 of a file's content (``missing`` when there is none, ``unreadable`` when it cannot be read)."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
    except FileNotFoundError:
        return "missing"
    except IsADirectoryError:
        return "directory"
    except OSError as exc:
        return f"unreadable {exc.errno}"
    return h.hexdigest()


def loaded_source_digest(module) -> str:
    """The digest of a loaded module's source, or :data:`NEVER` when the source has changed since the module was
    loaded (its compiled ``.pyc`` records the source's modification time and size it was compiled from)."""
    f = os.path.abspath(module.__file__)
    digest = file_digest(f)
    cached = getattr(module, "__cached__", None)
    if cached and f.endswith(".py"):
        try:
            with open(cached, "rb") as fh:
                header = fh.read(16)
            st = os.stat(f)
            if len(header) == 16 and int.from_bytes(header[4:8], "little") == 0 and (
                    int.from_bytes(header[8:12], "little") != int(st.st_mtime) & 0xFFFFFFFF or
                    int.from_bytes(header[12:16], "little") != st.st_size & 0xFFFFFFFF):
                return NEVER + " (changed since it was loaded)"
        except OSError:
            pass
    return digest


def listing_digest(directory: str) -> str:
    """The names in a folder and the kind of each (a file replaced by a folder of the same name is a change)."""
    return _folder_digest(directory, "listing", lambda e: f"{e.name}/{_entry_kind(e)}")


def scan_digest(directory: str) -> str:
    """What ``os.scandir`` of a folder tells a program beyond the names: each entry's kind and what its ``stat()``
    (a ``DirEntry`` stats without ``os.stat``) gives: a file's size and modification time, a folder's link count."""
    return _folder_digest(directory, "scan", lambda e: f"{e.name}/{_entry_kind(e)}/{_entry_stat(e)}")


def _folder_digest(directory: str, kind: str, describe) -> str:
    """The digest of ``describe(entry)`` over a folder's entries, sorted; "missing" or "unreadable ERRNO"."""
    try:
        with os.scandir(directory) as entries:
            names = sorted(describe(e) for e in entries)
    except FileNotFoundError:
        return "missing"
    except OSError as exc:
        return f"unreadable {exc.errno}"
    return _sha(kind, *names)


def _entry_stat(entry) -> str:
    try:
        s = entry.stat(follow_symlinks=True)
    except OSError:
        return "unreadable"
    return f"{s.st_size} {s.st_mtime_ns} {s.st_nlink} {s.st_mode:o}"


def cwd_digest() -> str:
    """The working directory: what a relative path and ``os.getcwd`` are relative to."""
    try:
        return _sha("cwd", _ORIGINAL_GETCWD())
    except OSError as exc:
        return f"unreadable {exc.errno}"


_ORIGINAL_GETCWD, _ORIGINAL_GETCWDB = os.getcwd, os.getcwdb


def _entry_kind(entry) -> str:
    try:
        return "link" if entry.is_symlink() else "dir" if entry.is_dir() else "file" if entry.is_file() else "other"
    except OSError:
        return "unknown"


#: the stat functions as the interpreter defines them (the recorder replaces ``os.stat``/``os.lstat``/``os.access``)
_ORIGINAL_STAT, _ORIGINAL_LSTAT, _ORIGINAL_ACCESS = os.stat, os.lstat, os.access


def stat_digest(path: str, follow: bool = True) -> str:
    """What a stat of ``path`` tells a program: ``missing``, a folder (and its permission bits: its listing is a
    ``list:`` entry of its own), a file by kind, size, modification time and permission bits, a link by target."""
    import stat as st
    try:
        s = _ORIGINAL_STAT(path) if follow else _ORIGINAL_LSTAT(path)
    except FileNotFoundError:
        return "missing"
    except NotADirectoryError:
        return "missing (not a directory)"
    except (OSError, ValueError) as exc:
        return f"unreadable {getattr(exc, 'errno', '')}"
    mode = st.S_IMODE(s.st_mode)
    if st.S_ISDIR(s.st_mode):  # its link count (the folders in it) and modification time are what a stat tells
        return f"directory {mode:o} {s.st_nlink} {s.st_mtime_ns}"
    if st.S_ISREG(s.st_mode):
        return f"file {s.st_size} {s.st_mtime_ns} {mode:o}"
    if st.S_ISLNK(s.st_mode):
        try:
            return f"link {os.readlink(path)}"
        except OSError:
            return "link"
    return f"other {st.S_IFMT(s.st_mode):o} {mode:o}"


def env_digest(value) -> str:
    return "unset" if value is None else _sha("env", value)


def environ_digest() -> str:
    env = _original_items()
    return _sha("environ", *(f"{k}={v}" for k, v in sorted(env)))


_VERSIONS: dict = {}
_DISTRIBUTIONS = None


def distribution_of(top: str):
    """The installed distribution that provides the top-level package ``top`` (``None`` when none does)."""
    global _DISTRIBUTIONS
    from importlib import metadata
    try:
        metadata.distribution(top)
        return top
    except metadata.PackageNotFoundError:
        pass
    except Exception:  # noqa: BLE001 - a broken installation: no distribution known
        return None
    if _DISTRIBUTIONS is None:
        try:
            _DISTRIBUTIONS = metadata.packages_distributions()
        except Exception:  # noqa: BLE001
            _DISTRIBUTIONS = {}
    names = _DISTRIBUTIONS.get(top) or []
    return sorted(names)[0] if names else None


def distribution_version(name: str) -> str:
    if name not in _VERSIONS:
        from importlib import metadata
        try:
            _VERSIONS[name] = metadata.version(name)
        except Exception:  # noqa: BLE001 - not installed (any more)
            _VERSIONS[name] = "not installed"
    return _VERSIONS[name]


def module_present(name: str) -> str:
    """``present`` when the import system would find module ``name`` now, else ``absent`` (nothing is imported:
    a top-level name is looked up by every finder, a submodule in its package's folders)."""
    from importlib.machinery import PathFinder
    parts = name.split(".")
    try:
        spec = importlib.util.find_spec(parts[0])
        for n in range(1, len(parts)):
            if spec is None or spec.submodule_search_locations is None:
                return "absent"
            spec = PathFinder.find_spec(".".join(parts[:n + 1]), list(spec.submodule_search_locations))
    except (ImportError, ValueError, AttributeError):
        return "absent"
    return "present" if spec is not None else "absent"


def global_random_states() -> dict:
    """``random`` / ``numpy.random`` -> a digest of the global generator's state (numpy's only when it is loaded;
    see :mod:`checker.execution.library_state`)."""
    out = {}
    random = sys.modules.get("random")
    if random is not None:
        out["random"] = _sha("random", repr(random.getstate()))
    numpy_random = sys.modules.get("numpy.random")
    if numpy_random is not None:
        try:
            name, keys, pos, has_gauss, gauss = numpy_random.get_state()
            out["numpy.random"] = _sha("numpy.random", name, keys.tobytes(), pos, has_gauss, repr(gauss))
        except Exception:  # noqa: BLE001
            pass
    return out


def current(entry: str) -> str:
    """The digest ``entry`` of a manifest has now."""
    kind, _, name = entry.partition(":")
    if kind == "file":
        return file_digest(name)
    if kind == "list":
        return listing_digest(name)
    if kind == "scan":
        return scan_digest(name)
    if kind == "cwd":
        return cwd_digest()
    if kind == "stat":
        return stat_digest(name, True)
    if kind == "lstat":
        return stat_digest(name, False)
    if kind == "state":
        return global_random_states().get(name, "absent")
    if kind == "untracked":
        return NEVER + " (untracked)"
    if kind == "env":
        return env_digest(_original_get(name))
    if kind == "environ":
        return environ_digest()
    if kind == "process-env":  # the whole environment the verifier ran in (C code may read any of it)
        from .library_state import process_environment_digest
        return process_environment_digest()
    if kind == "dist":
        _VERSIONS.pop(name, None)
        return distribution_version(name)
    if kind == "nomodule":
        return module_present(name)
    return NEVER + " (unknown entry)"


def never_reason(digest) -> str:
    """Why an entry never matches, from its digest (``never-matches (why)``)."""
    text = str(digest)
    if text.startswith(NEVER):
        text = text[len(NEVER):].strip()
        if text.startswith("(") and text.endswith(")"):
            text = text[1:-1]
    return text.removeprefix("not cacheable: ") or "an input the recorder cannot follow"


def not_cacheable(manifest) -> str:
    """Why a result with this manifest cannot be reused (an entry that never matches), or ``""``."""
    if not isinstance(manifest, dict):
        return "no manifest"
    for entry, digest in sorted(manifest.items()):
        if not isinstance(digest, str) or digest.startswith(NEVER):
            return never_reason(digest)
    return ""


def unchanged(manifest) -> bool:
    """Whether every entry of ``manifest`` still has its recorded digest (an unreadable manifest: no)."""
    if not isinstance(manifest, dict):
        return False
    for entry, digest in manifest.items():
        if not isinstance(entry, str) or not isinstance(digest, str) or digest.startswith(NEVER):
            return False
        if current(entry) != digest:
            return False
    return True


def merge(into: dict, manifest: dict) -> dict:
    """Add ``manifest`` to ``into``; an entry recorded with two different digests never matches."""
    for entry, digest in (manifest or {}).items():
        old = into.get(entry)
        into[entry] = digest if old is None or old == digest else NEVER + " (read with two contents)"
    return into


# -- recording -------------------------------------------------------------------------------------------------
_ACTIVE = None  # the recorder of the run going on in this process, if any
_HOOKED = False
_INSTALLED = False
#: an event is being handled: what the handler itself reads (to hash it) is not the run's
_BUSY = False
#: user module name -> the recorder of what its import read (:func:`import_manifest`)
_IMPORTS: dict = {}
#: how many user modules are being imported right now (their bodies are executing)
_IMPORTING = 0
#: user modules already loaded when import recording was installed: what their import read is unknown
_UNRECORDED: set = set()
#: audit events of inputs no digest can describe -> what the run read (such a run is not cached)
UNTRACKED_EVENTS = {
    "socket.connect": "a network connection (socket.connect)", "socket.bind": "a network socket (socket.bind)",
    "socket.sendto": "a network socket (socket.sendto)", "socket.getaddrinfo": "a name lookup (socket.getaddrinfo)",
    "socket.gethostbyname": "a name lookup (socket.gethostbyname)",
    "socket.gethostbyaddr": "a name lookup (socket.gethostbyaddr)", "urllib.Request": "a URL (urllib)",
    "subprocess.Popen": "a subprocess's output (subprocess.Popen)", "os.system": "a shell command (os.system)",
    "os.exec": "another program (os.exec*)", "os.posix_spawn": "another program (os.posix_spawn)",
    "os.spawn": "another program (os.spawn*)", "os.fork": "a forked process (os.fork)",
    "os.forkpty": "a forked process (os.forkpty)", "sqlite3.connect": "an SQLite database (read by C code)",
}
#: audit events of the run changing the file system: what it changes is its own output, not an input
_CHANGE_EVENTS = {"os.mkdir": (0,), "os.rename": (0, 1), "os.remove": (0,), "os.rmdir": (0,), "os.symlink": (1,),
                  "os.link": (1,), "os.truncate": (0,), "shutil.rmtree": (0,), "os.chmod": (0,), "os.utime": (0,)}
#: user frames by file name (a cache: classifying a path costs a few microseconds)
_OWNERS: dict = {}


def _owner(filename: str) -> str:
    owner = _OWNERS.get(filename)
    if owner is None:
        owner = _OWNERS[filename] = ("library" if is_library_path(filename) else
                                     "kernel" if is_kernel_path(filename) else "user")
    return owner


def _original_get(name):
    """The variable's value, read past the recording (validating a manifest is not a read of the run's)."""
    env = os.environ
    try:
        data, key = env._data, env.encodekey(name)
    except Exception:  # noqa: BLE001 - another os.environ: the plain mapping
        return os.environ.get(name)
    return env.decodevalue(data[key]) if key in data else None


def _original_items():
    from .library_state import environment_now  # the values as stored, past the recording wrappers
    return environment_now()


def _caller_is_kernel(frame) -> bool:
    """Whether the first frame outside the libraries (the standard library included) is the kernel's."""
    while frame is not None:
        owner = _owner(frame.f_code.co_filename)
        if owner != "library":
            return owner == "kernel"
        frame = frame.f_back
    return False


def _recorders(frame) -> list:
    """The recorders an event seen at ``frame`` concerns: the active run's, and while user modules are being
    imported, the import recorder of every user module with code on the stack (the module being imported, and a
    module whose function it calls: an ``lru_cache`` it fills is that module's state)."""
    out = [_ACTIVE] if _ACTIVE is not None else []
    if _IMPORTING:
        f = frame
        while f is not None:
            rec = _IMPORTS.get(f.f_globals.get("__name__"))
            if rec is not None and rec not in out and _owner(f.f_code.co_filename) == "user":
                out.append(rec)
            f = f.f_back
    return out


#: device files that are inputs no digest describes (other devices, ``/proc`` and ``/sys`` are not read as data)
_DEVICE_INPUTS = ("/dev/random", "/dev/urandom", "/dev/stdin", "/dev/tty", "/dev/tcp/", "/dev/udp/")


class Recorder:
    """Collects one run's manifest (see the module's docstring); ``import_time``: what one user module's import
    reads (the import system's own reads of module sources are left out: the key digests the code)."""

    def __init__(self, import_time: bool = False):
        self.entries: dict = {}
        self.produced: set = set()
        self.env_written: set = set()
        self.imports: set = set()
        self.accessed: set = set()  # (name, level, package, fromlist) of every import the run executed
        self.import_time = import_time

    @staticmethod
    def _path(path):
        if isinstance(path, int) or path is None:
            return None
        try:
            path = os.fsdecode(path)
        except TypeError:
            return None
        return os.path.abspath(path)

    def _relative(self, path, frame):
        """``_path``, and a relative path makes the working directory an input (``cwd``): the same name is another
        file elsewhere."""
        out = self._path(path)
        if out is not None and not isinstance(path, int) and not os.path.isabs(os.fsdecode(path)) \
                and not _caller_is_kernel(frame) and not frame.f_code.co_filename.startswith("<frozen importlib"):
            self.entries.setdefault("cwd:", cwd_digest())
        return out

    def cwd_read(self, frame) -> None:
        """``os.getcwd``/``os.getcwdb`` (and what calls them: ``Path.cwd``, ``os.path.abspath`` of a relative
        name): the working directory is an input."""
        if not _caller_is_kernel(frame):
            self.entries.setdefault("cwd:", cwd_digest())

    def _produced(self, path: str) -> bool:
        """The run made (or removed) ``path`` or a folder above it itself."""
        if path in self.produced:
            return True
        parent = os.path.dirname(path)
        while parent and parent != path:
            if parent in self.produced:
                return True
            path, parent = parent, os.path.dirname(parent)
        return False

    def opened(self, path, mode, flags, frame) -> None:
        path = self._relative(path, frame)
        if path is None:
            return
        if isinstance(mode, str):
            reads = "r" in mode or "+" in mode
            fresh = "w" in mode or "x" in mode
        else:
            flags = flags or 0
            access = flags & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR)
            reads = access in (os.O_RDONLY, os.O_RDWR)
            fresh = bool(flags & os.O_TRUNC) or bool((flags & os.O_CREAT) and (flags & os.O_EXCL))
        importing = frame.f_code.co_filename.startswith("<frozen importlib")
        if path.startswith(_NOT_FILES):
            if reads and path.startswith(_DEVICE_INPUTS) and not _caller_is_kernel(frame):
                self.untracked(f"the device {path}", frame, direct=False)
            return
        if fresh:  # the run writes it from scratch: what it reads back is its own output
            self.produced.add(path)
            return
        if not reads or self._produced(path) or (importing and self.import_time):
            return
        if path.endswith(".pyc") and os.path.basename(os.path.dirname(path)) == "__pycache__":
            try:
                path = importlib.util.source_from_cache(path)
            except (ValueError, NotImplementedError):
                pass
        if is_library_path(path) or is_kernel_path(path):
            return
        if not importing and _caller_is_kernel(frame):
            return
        entry = "file:" + path
        if entry not in self.entries:
            self.entries[entry] = file_digest(path)

    def listed(self, path, frame, scan: bool = False) -> None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return  # the import system looking for a module (the module is recorded by its source)
        path = self._relative(path if path is not None else ".", frame)
        if path is None or path.startswith(_NOT_FILES) or is_library_path(path) or is_kernel_path(path):
            return
        if self._produced(path) or _caller_is_kernel(frame):
            return
        self.entries.setdefault("list:" + path, listing_digest(path))
        if scan:  # its entries' stat() answers too (DirEntry.stat calls no os.stat)
            self.entries.setdefault("scan:" + path, scan_digest(path))

    def stat_seen(self, path, follow: bool, frame) -> None:
        """A stat (``os.stat``, ``os.path.exists``, ``Path.is_file``, ``glob`` of a literal name, ``os.access``):
        what it told the run (:func:`stat_digest`) is an input."""
        path = self._relative(path, frame)
        if path is None or path.startswith(_NOT_FILES) or is_library_path(path) or is_kernel_path(path):
            return
        if self._produced(path) or _caller_is_kernel(frame):
            return
        kind = "stat:" if follow else "lstat:"
        self.entries.setdefault(kind + path, stat_digest(path, follow))

    def changed(self, paths) -> None:
        """The run creates, renames or removes ``paths``: their existence afterwards is its own doing."""
        for p in paths:
            p = self._path(p)
            if p is not None:
                self.produced.add(p)

    def env_read(self, name, value) -> None:
        if isinstance(name, str) and name not in self.env_written:
            self.entries.setdefault("env:" + name, env_digest(value))

    def env_all(self) -> None:
        self.entries.setdefault("environ", environ_digest())

    def untracked(self, what: str, frame, direct: bool) -> None:
        """The run read something no digest can describe (the network, another program, the clock): its result is
        not cacheable.  ``direct``: only when the user's code itself called (not a library on its behalf)."""
        if frame is None:
            return
        if direct:
            if _owner(frame.f_code.co_filename) != "user":
                return
        elif _caller_is_kernel(frame):
            return
        self.entries.setdefault("untracked:" + what, NEVER + f" (not cacheable: reads {what})")

    def _accessed_modules(self) -> set:
        """The names of the modules the run's import statements and ``import_module`` calls reached (loaded
        before the run or not)."""
        out = set()
        for name, level, package, fromlist in list(self.accessed):
            try:
                full = importlib.util.resolve_name("." * level + name, package) if level else name
            except (ImportError, ValueError, TypeError):
                continue
            parts = full.split(".")
            out.update(".".join(parts[:n]) for n in range(1, len(parts) + 1))
            out.update(f"{full}.{x}" for x in fromlist if isinstance(x, str))
        return {n for n in out if n in sys.modules}

    def _user_modules_reached(self, roots) -> list:
        """``roots`` and every user module they hold (as a global, or as the module of a function or class they
        hold), transitively: the code a module the run imported can run without importing anything else."""
        seen, order, todo = set(), [], list(roots)
        while todo:
            module = todo.pop()
            if id(module) in seen:
                continue
            seen.add(id(module))
            f = getattr(module, "__file__", None)
            if not f or not is_user_path(f):
                continue
            order.append(module)
            own = module.__name__ + "."
            for value in list(vars(module).values()):
                if isinstance(value, type(sys)):
                    if not value.__name__.startswith(own):  # a package's submodules are the import system's doing
                        todo.append(value)
                else:
                    owner = sys.modules.get(getattr(value, "__module__", None) or "") \
                        if callable(value) and isinstance(getattr(value, "__module__", None), str) else None
                    if owner is not None:
                        todo.append(owner)
        return order

    def finish(self) -> dict:
        """The manifest, with the modules imported during the run added (known from the import system's audit
        events: walking ``sys.modules`` in a forked process would copy every page it touches)."""
        reached = {n: sys.modules[n] for n in sorted(self.imports | self._accessed_modules()) if n in sys.modules}
        for module in self._user_modules_reached(list(reached.values())):
            f = os.path.abspath(module.__file__)
            self.entries.setdefault("file:" + f, loaded_source_digest(module))
            for entry, digest in import_manifest(module.__name__).items():  # what its import read, at load time too
                self.entries.setdefault(entry, digest)
        for name, module in reached.items():
            f = getattr(module, "__file__", None)
            if not f or _adds_nothing(name, module):
                continue
            f = os.path.abspath(f)
            if is_library_path(f):  # an installed distribution other than the pinned libraries
                dist = distribution_of(name.split(".")[0])
                if dist is not None:
                    self.entries.setdefault("dist:" + dist, distribution_version(dist))
                else:
                    self.entries.setdefault("file:" + f, file_digest(f))
                continue
            self.entries.setdefault("file:" + f, file_digest(f))
        for name in sorted(self.imports):
            if name and name not in sys.modules and not name.startswith("."):
                self.entries.setdefault("nomodule:" + name, module_present(name))
        return dict(sorted(self.entries.items()))



def import_manifest(name: str) -> dict:
    """What the import of the user module ``name`` read (files, stats, listings, environment variables; the
    modules it imported have their own), as it read them; a module whose import was not recorded (loaded before
    recording was installed, or by a loader other than the standard source loader) gets an entry that never
    matches.  Every key reaching the module's code includes it (:mod:`checker.execution.fingerprint`)."""
    rec = _IMPORTS.get(name)
    if rec is not None:
        return rec.entries
    module = sys.modules.get(name)
    f = getattr(module, "__file__", None)
    if not isinstance(f, str) or not is_user_path(f):
        return {}
    return {f"untracked:import of {name}": NEVER + f" (not cacheable: module {name} was imported before the checker "
                                                   "recorded imports; import checker before it)"}


def _dispatch(frame, call) -> None:
    """Run ``call(recorder, frame)`` for every recorder the event concerns, reads by the recorders themselves not
    being events; a failure makes the recorders' manifests never match (never break the run)."""
    global _BUSY
    _BUSY = True
    targets = []
    try:
        targets = _recorders(frame)
        for rec in targets:
            call(rec, frame)
    except Exception:  # noqa: BLE001 - an unreadable event is an unknown input
        for rec in targets:
            rec.entries["untracked:<unknown>"] = NEVER + " (an event the recorder could not follow)"
    finally:
        _BUSY = False


def _hook(event, args):
    if _BUSY or (_ACTIVE is None and not _IMPORTING):
        return
    if event == "import":
        if _ACTIVE is not None:
            _ACTIVE.imports.add(args[0])
    elif event == "open":
        _dispatch(sys._getframe(1), lambda rec, frame: rec.opened(args[0], args[1], args[2], frame))
    elif event in ("os.listdir", "os.scandir"):
        scan = event == "os.scandir"
        _dispatch(sys._getframe(1), lambda rec, frame: rec.listed(args[0], frame, scan))
    elif event in _CHANGE_EVENTS:
        paths = [args[n] for n in _CHANGE_EVENTS[event] if n < len(args)]
        _dispatch(sys._getframe(1), lambda rec, frame: rec.changed(paths))
    elif event in UNTRACKED_EVENTS:
        _dispatch(sys._getframe(1), lambda rec, frame: rec.untracked(UNTRACKED_EVENTS[event], frame, direct=False))


def _recording() -> bool:
    return not _BUSY and (_ACTIVE is not None or _IMPORTING > 0)


def _stat_recorder(original, follow_default: bool, takes_mode: bool = False):
    """``os.stat``/``os.lstat``/``os.access`` telling the recorders what was asked about (stat calls raise no
    audit event)."""
    def recorded(path, *args, **kwargs):
        if _recording() and kwargs.get("dir_fd") is None and not isinstance(path, int):
            follow = kwargs.get("follow_symlinks", True) and follow_default
            _dispatch(sys._getframe(1), lambda rec, frame: rec.stat_seen(path, follow, frame))
        return original(path, *args, **kwargs)
    recorded.__name__, recorded.__qualname__, recorded.__doc__ = original.__name__, original.__name__, original.__doc__
    recorded.__wrapped__ = original
    return recorded


def _cwd_recorder(original):
    """``os.getcwd``/``os.getcwdb`` telling the recorders that the working directory was read (no audit event)."""
    def recorded():
        if _recording():
            _dispatch(sys._getframe(1), lambda rec, frame: rec.cwd_read(frame))
        return original()
    recorded.__name__, recorded.__qualname__, recorded.__doc__ = original.__name__, original.__name__, original.__doc__
    recorded.__wrapped__ = original
    return recorded


def _entropy_recorder(original):
    """``random._urandom``: the system's entropy read by a library for the run (``SystemRandom``): the run is not
    cacheable unless the kernel itself asked."""
    def recorded(*args, **kwargs):
        if _recording():
            _dispatch(sys._getframe(1), lambda rec, frame: rec.untracked(
                "the system's entropy (random.SystemRandom)", frame, direct=False))
        return original(*args, **kwargs)
    recorded.__name__ = recorded.__qualname__ = "_urandom"
    recorded.__wrapped__ = original
    return recorded


def _clock_recorder(what: str, original, reads_clock):
    """A function of the clock (or of the system's entropy) telling the recorders when the user's code called it
    (``reads_clock(args)``: the call reads it, e.g. ``time.localtime()`` without an argument)."""

    def recorded(*args, **kwargs):
        if _recording() and reads_clock(args):
            _dispatch(sys._getframe(1), lambda rec, frame: rec.untracked(what, frame, direct=True))
        return original(*args, **kwargs)
    recorded.__name__, recorded.__qualname__, recorded.__doc__ = original.__name__, original.__name__, original.__doc__
    recorded.__wrapped__ = original
    return recorded


def _env_note(key, value, frame) -> None:
    if isinstance(key, bytes):
        key, value = os.fsdecode(key), (os.fsdecode(value) if isinstance(value, bytes) else value)
    if _caller_is_kernel(frame):
        return
    _dispatch(frame, lambda rec, f: rec.env_read(key, value))


def _env_all(frame) -> None:
    if not _caller_is_kernel(frame):
        _dispatch(frame, lambda rec, f: rec.env_all())


def _env_written(key) -> None:
    if isinstance(key, bytes):
        key = os.fsdecode(key)
    for rec in _recorders(sys._getframe(2)):
        rec.env_written.add(key)


def _environ_class(base):
    class RecordingEnviron(base):
        """``os.environ``/``os.environb`` telling the recorders which variables are read (every spelling: ``[]``,
        ``get``, ``in``, ``getenv``, ``getenvb``; iterating, ``len``, ``copy``, ``dict(...)`` and ``repr`` read the
        whole environment) and which are set."""

        def __getitem__(self, key):
            try:
                value = base.__getitem__(self, key)
            except KeyError:
                if _recording():
                    _env_note(key, None, sys._getframe(1))
                raise
            if _recording():
                _env_note(key, value, sys._getframe(1))
            return value

        def __setitem__(self, key, value):
            if _ACTIVE is not None or _IMPORTING:
                _env_written(key)
            base.__setitem__(self, key, value)

        def __delitem__(self, key):
            if _ACTIVE is not None or _IMPORTING:
                _env_written(key)
            base.__delitem__(self, key)

        def __iter__(self):
            if _recording():
                _env_all(sys._getframe(1))
            return base.__iter__(self)

        def __len__(self):
            if _recording():
                _env_all(sys._getframe(1))
            return base.__len__(self)

        def __repr__(self):
            if _recording():
                _env_all(sys._getframe(1))
            return base.__repr__(self)
    return RecordingEnviron


def _no_time_argument(position: int):
    return lambda args: len(args) <= position or args[position] is None


def install() -> None:
    """Install, once per process, what lets recorders see reads that raise no audit event or bypass the import
    statement: the audit hook (idle without a recorder), ``os.environ``/``os.environb`` as recording mappings,
    ``os.stat``/``os.lstat``/``os.access`` and the clock functions of :mod:`time` as recording wrappers, and an
    ``exec_module`` of the standard source loader that records each user module's import (:func:`import_manifest`).
    Each is a pass-through while nothing records.  User modules loaded before this are marked unrecorded."""
    global _INSTALLED, _HOOKED
    if _INSTALLED:
        return
    _INSTALLED = True
    if not _HOOKED:
        sys.addaudithook(_hook)
        _HOOKED = True
    for env in (os.environ, getattr(os, "environb", None)):
        base = type(env)
        if env is not None and base.__name__ == "_Environ":
            try:
                env.__class__ = _environ_class(base)
            except TypeError:  # pragma: no cover - another os.environ: variables are not recorded
                pass
    os.stat = _stat_recorder(_ORIGINAL_STAT, True)
    os.lstat = _stat_recorder(_ORIGINAL_LSTAT, False)
    os.access = _stat_recorder(_ORIGINAL_ACCESS, True)
    import time
    for name, reads in (("time", lambda a: True), ("time_ns", lambda a: True), ("localtime", _no_time_argument(0)),
                        ("gmtime", _no_time_argument(0)), ("ctime", _no_time_argument(0)),
                        ("asctime", _no_time_argument(0)), ("strftime", _no_time_argument(1))):
        setattr(time, name, _clock_recorder(f"the clock (time.{name})", getattr(time, name), reads))
    os.urandom = _clock_recorder("the system's entropy (os.urandom)", os.urandom, lambda a: True)
    os.getcwd, os.getcwdb = _cwd_recorder(_ORIGINAL_GETCWD), _cwd_recorder(_ORIGINAL_GETCWDB)
    # ``random`` bound ``os.urandom`` at its import: ``SystemRandom``, ``secrets.randbits`` (and what draws from them,
    # such as numpy's unseeded ``default_rng()``) read the system's entropy through this name, inside the library,
    # on the user's behalf: flagged unless the kernel is the caller
    import random
    original_entropy = getattr(random, "_urandom", None)
    if original_entropy is not None and not hasattr(original_entropy, "__wrapped__"):
        random._urandom = _entropy_recorder(original_entropy)
    for name, module in list(sys.modules.items()):
        f = getattr(module, "__file__", None)
        if isinstance(f, str) and is_user_path(f):
            _UNRECORDED.add(name)
    from importlib import _bootstrap_external
    original = _bootstrap_external._LoaderBasics.exec_module

    def exec_module(self, module):
        global _IMPORTING
        f = getattr(module, "__file__", None)
        if not (isinstance(f, str) and is_user_path(f)):
            return original(self, module)
        _IMPORTS[module.__name__] = Recorder(import_time=True)
        _UNRECORDED.discard(module.__name__)
        _IMPORTING += 1
        try:
            return original(self, module)
        finally:
            _IMPORTING -= 1
    exec_module.__wrapped__ = original
    _bootstrap_external._LoaderBasics.exec_module = exec_module


_SAVED: list = []  # what _activate replaced, restored by _deactivate
#: module name -> module, for the loaded modules whose import adds nothing to a manifest (:func:`pin_loaded_modules`)
_PINNED: dict = {}
#: the names in ``_PINNED`` of packages (``from package import x`` may import the submodule x: the import system's)
_PINNED_PACKAGES: set = set()


def _adds_nothing(name: str, module) -> bool:
    """The loaded ``module`` (imported as ``name``) is in no manifest: a module of the kernel, of one of the pinned
    libraries or of the standard library, installed as such (every key pins those), or one compiled into the
    interpreter (:meth:`Recorder.finish` leaves them out; the import recorder lets them through)."""
    f = getattr(module, "__file__", None)
    if not isinstance(f, str) or not f:
        return name in sys.builtin_module_names  # sys, time, itertools, ...
    if is_kernel_path(f):
        return True
    parts = os.path.abspath(f).split(os.sep)
    top = name.split(".")[0]
    return is_library_path(f) and (top in LIBRARIES or top in getattr(sys, "stdlib_module_names", ()) or not (
        "site-packages" in parts or "dist-packages" in parts))


def pin_loaded_modules() -> dict:
    """Add to the pinned modules (name -> module) the loaded ones an ``import`` statement can reach without the
    manifest changing: the kernel's, the pinned libraries' and the standard library's (every key pins those by
    version or digest).  Returns them.

    Done before verifiers are forked (:func:`checker.execution.runner.preload`): the import recorder lets an absolute import
    of one of these names through without recording it (while the module loaded under that name is still the one
    pinned), which is most of the imports a run executes (sympy's imports inside its own functions), so that the
    recording costs little.  A module loaded later is not pinned; an import of it is recorded."""
    for name, module in list(sys.modules.items()):
        if name not in _PINNED and isinstance(module, type(sys)) and _adds_nothing(name, module):
            _PINNED[name] = module
            if hasattr(module, "__path__"):
                _PINNED_PACKAGES.add(name)
    return _PINNED


def _activate(rec) -> None:
    """Make ``rec`` the active recorder: what :func:`install` put in place reports to it, and, while it is active
    only, ``import`` statements and ``import_module`` do too."""
    global _ACTIVE
    install()
    if _ACTIVE is None and not _SAVED:
        import builtins
        import importlib
        original_import, original_import_module = builtins.__import__, importlib.import_module
        pinned, packages, loaded = (_PINNED or pin_loaded_modules()), _PINNED_PACKAGES, sys.modules

        def recording_import(name, globals=None, locals=None, fromlist=(), level=0):
            if not level:  # an absolute import of a loaded kernel/library module: nothing to record
                module = pinned.get(name)
                if module is not None and loaded.get(name) is module:
                    # what the import system returns for a loaded, initialised module, without its machinery
                    # (3x faster than the import system itself, and most of a run's imports are these)
                    if fromlist:
                        if name not in packages:  # `from module import x` then reads an attribute
                            return module
                    else:  # `import a.b.c` binds a
                        top = name.partition(".")[0]
                        top_module = pinned.get(top)
                        if top_module is not None and loaded.get(top) is top_module:
                            return top_module
                    return original_import(name, globals, locals, fromlist, level)
            try:
                module = original_import(name, globals, locals, fromlist, level)
            except ImportError:
                if _ACTIVE is not None and not level:
                    _ACTIVE.imports.add(name)  # tried and not found: creating it later is a change
                raise
            current_rec = _ACTIVE
            if current_rec is not None:
                package = (globals or {}).get("__package__") if level else None
                current_rec.accessed.add((name, level, package, tuple(fromlist) if fromlist else ()))
            return module

        def recording_import_module(name, package=None):
            try:
                module = original_import_module(name, package)
            except ImportError:
                if _ACTIVE is not None and not name.startswith("."):
                    _ACTIVE.imports.add(name)
                raise
            current_rec = _ACTIVE
            if current_rec is not None:
                current_rec.accessed.add((module.__name__, 0, None, ()))
            return module

        recording_import_module.__doc__ = original_import_module.__doc__
        _SAVED.append((original_import, original_import_module))
        builtins.__import__ = recording_import
        importlib.import_module = recording_import_module
    _ACTIVE = rec


def _deactivate(rec, outer) -> None:
    """``outer`` (the recorder active before ``rec``, or none) is active again; with none, everything
    :func:`_activate` replaced is put back."""
    global _ACTIVE
    _ACTIVE = outer
    if outer is None and _SAVED:
        import builtins
        import importlib
        original_import, original_import_module = _SAVED.pop()
        builtins.__import__ = original_import
        importlib.import_module = original_import_module


class recording:
    """``with recording() as rec: ...`` records what the block reads; ``rec.manifest`` afterwards.

    Nested recordings are not merged: the inner one records alone, the outer one resumes after it."""

    def __enter__(self):
        self._outer = _ACTIVE
        self.recorder = Recorder()
        self.manifest: dict = {}
        _activate(self.recorder)
        return self

    def __exit__(self, *exc):
        global _ACTIVE
        _ACTIVE = None  # what finishing the manifest reads is not the run's
        try:
            self.manifest = self.recorder.finish()
        except Exception:  # noqa: BLE001 - a manifest that cannot be completed never matches
            self.manifest = dict(self.recorder.entries, **{"file:<unknown>": NEVER + " (incomplete manifest)"})
        _deactivate(self.recorder, self._outer)
        return False


def start() -> Recorder:
    """Start recording in this process until :func:`stop` (the parent's load, for the whole-run replay)."""
    rec = Recorder()
    _activate(rec)
    return rec


def stop(rec: Recorder) -> dict:
    """Stop recording ``rec`` (started by :func:`start`); its manifest."""
    global _ACTIVE
    if _ACTIVE is rec:
        _ACTIVE = None
    try:
        return rec.finish()
    except Exception:  # noqa: BLE001
        return dict(rec.entries, **{"file:<unknown>": NEVER + " (incomplete manifest)"})
    finally:
        if _ACTIVE is None:
            _deactivate(rec, None)
