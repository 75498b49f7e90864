"""``python -m checker``: see :mod:`checker.interfaces.cli`."""
import sys

try:
    from .interfaces.cli import main
except KeyboardInterrupt:  # Ctrl-C while starting: nothing ran yet
    sys.exit(130)


def _exit_without_teardown(code: int) -> None:
    """End the process with ``code`` once the exit handlers (``atexit``, ``weakref.finalize``) have run and the
    standard streams are flushed, without the interpreter's teardown: freeing the loaded heap object by object (sympy,
    the corpus) takes about 0.4 s after a ``verify`` and writes nothing.  Every file the commands write is closed
    by then (reports are swapped in whole, the cache commits its rows as they come).  Should flushing fail (the
    reader of a pipe left), the ordinary exit reports it."""
    import atexit
    import os
    atexit._run_exitfuncs()  # each handler once: the list is emptied
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001 - the ordinary exit handles (and reports) a stream that cannot be flushed
        sys.exit(code)
    os._exit(code)


_exit_without_teardown(int(main() or 0))
