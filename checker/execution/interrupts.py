"""A run that leaves nothing behind: the signals that end it (Ctrl-C's SIGINT, SIGTERM from CI cancellation), and
the verifier processes, with whatever they start, ended with it.

* :func:`run_ending_signals_raise` -- while the CLI runs, SIGINT raises :class:`Interrupted` and SIGTERM raises
  :class:`Terminated` (exit 130 and 143).  ``Interrupted`` is a subclass of ``KeyboardInterrupt``, not
  ``KeyboardInterrupt`` itself: CPython remembers a bare ``KeyboardInterrupt`` leaving any ``exec`` of a string
  (dataclasses, namedtuples and lambdify run such code) and, even when the program caught it and exited with 130,
  ends the process by SIGINT (exit status -2) at shutdown.  A subclass is caught by every ``except
  KeyboardInterrupt`` all the same.
* :func:`run_ending_signals_held` -- while a verifier process is forked and recorded, and while the report set is
  moved into place, both signals wait, so one lands before or after, never in between: a child the parent does
  not know would outlive the run (and keep its output pipes open); a set half moved is a mixed set, or one
  without ``items/``.  A child forked inside releases them with :func:`release_in_child`, after taking the
  default dispositions.
* :func:`end_with_parent` -- a forked verifier asks the kernel (Linux ``prctl(PR_SET_PDEATHSIG)``) to kill it when
  the thread that forked it ends, however that ends: ``kill -9`` of the CLI, or a Dask worker stopped by its nanny
  while its verifier computes.  Without it such a verifier ran on with parent 1, at 100% CPU.
* :func:`own_process_group`, :func:`kill_process_group`, :func:`has_ended` -- each verifier leads a process group
  of its own; a verifier stopped (its time limit, the end of the run), or one that has ended, is ended with every
  process it started in its group (a subprocess of the user's, say), before it is reaped.

Called outside the main thread (a Dask worker's thread), :func:`run_ending_signals_held` can only block the
signals in that thread: the main thread's handlers then act as they would.
"""
from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading

#: Ctrl-C and CI cancellation
RUN_ENDING_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupted(KeyboardInterrupt):
    """SIGINT (Ctrl-C) during a CLI run: stop, ending every verifier process (exit 130)."""


class Terminated(BaseException):
    """SIGTERM (what CI cancellation sends): stop like Ctrl-C, ending every verifier process (exit 143)."""


def _raise_interrupted(signum, frame):
    raise Interrupted()


def _raise_terminated(signum, frame):
    raise Terminated()


@contextlib.contextmanager
def run_ending_signals_raise():
    """SIGINT raises :class:`Interrupted`, SIGTERM :class:`Terminated` (unless the process ignores them); the
    previous handlers come back on leaving."""
    previous = {}
    for signum, handler in ((signal.SIGINT, _raise_interrupted), (signal.SIGTERM, _raise_terminated)):
        if signal.getsignal(signum) is not signal.SIG_IGN:  # ignored (a background job, nohup): stays ignored
            previous[signum] = signal.signal(signum, handler)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextlib.contextmanager
def run_ending_signals_held():
    """SIGINT and SIGTERM wait inside: one sent meanwhile takes effect on leaving.  Yields the signal mask from
    before, which a child forked inside restores (:func:`release_in_child`).

    Two layers: this thread blocks both signals (a child forked here starts with them blocked, so none reaches
    it before it has its own dispositions), and, in the main thread, their Python handlers are replaced by one
    that only notes the signal; the first noted is handed to its handler on leaving.  The second layer is needed
    because the kernel gives a process-wide signal to any thread that does not block it (sympy, hypothesis or a
    user's code may have started one), and CPython then runs the Python handler in the main thread at once."""
    arrived: list = []
    replaced = {}
    if threading.current_thread() is threading.main_thread():  # only the main thread may set handlers
        for signum in RUN_ENDING_SIGNALS:
            handler = signal.getsignal(signum)
            if callable(handler):  # a Python handler (not SIG_DFL or SIG_IGN: those act in the kernel)
                replaced[signum] = signal.signal(signum, lambda signum, frame: arrived.append((signum, frame)))
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, RUN_ENDING_SIGNALS)
    try:
        yield previous
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        for signum, handler in replaced.items():
            signal.signal(signum, handler)
        if arrived:
            signum, frame = arrived[0]
            replaced[signum](signum, frame)


def release_in_child(mask) -> None:
    """In a forked verifier: SIGTERM ends the process and SIGINT raises ``KeyboardInterrupt`` unless ignored (the
    parent's handlers, here the one that only notes a signal, are not the child's); then the parent's mask from
    before the fork (``mask``), which delivers any of these signals sent to the child meanwhile."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)


#: ``prctl``'s option: the signal the kernel sends this process when its parent thread ends (``<linux/prctl.h>``)
PR_SET_PDEATHSIG = 1
_UNKNOWN = object()
_prctl = _UNKNOWN


def find_prctl():
    """libc's ``prctl`` (found once, before verifiers are forked: ``ctypes`` is not imported in each), or ``None``
    where there is none (not Linux)."""
    global _prctl
    if _prctl is _UNKNOWN:
        _prctl = None
        if sys.platform.startswith("linux"):
            try:
                import ctypes
                _prctl = ctypes.CDLL(None, use_errno=True).prctl
            except (ImportError, OSError, AttributeError):  # pragma: no cover - a libc without prctl
                _prctl = None
    return _prctl


def end_with_parent(parent_pid: int) -> None:
    """In a forked verifier: SIGKILL from the kernel when the thread that forked it ends (Linux; elsewhere
    nothing); and if ``parent_pid`` has already ended, before the request was made, end now."""
    prctl = find_prctl()
    if prctl is not None:
        prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent_pid:
        os.kill(os.getpid(), signal.SIGKILL)


def own_process_group(pid: int = 0) -> None:
    """Make process ``pid`` (0: this one) the leader of a new process group; the runner calls it in the child and
    in the parent, so the group exists whichever runs first.  A process already gone, or one that has led its own
    session meanwhile, is left as it is."""
    try:
        os.setpgid(pid, 0)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def has_ended(proc) -> bool:
    """Whether the child process ``proc`` (``multiprocessing``) has ended, without reaping it: while unreaped, its
    number is still its own (and so is its process group's)."""
    if not hasattr(os, "waitid"):  # pragma: no cover - not Linux: ask multiprocessing (which reaps)
        return not proc.is_alive()
    try:
        return os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:  # reaped already
        return True


def kill_process_group(proc) -> None:
    """SIGKILL to the process group a verifier (a ``multiprocessing`` child) leads: it and whatever it started in
    it, also when the verifier itself has ended; then to the verifier, in case it had not made its group yet.

    A verifier not yet reaped still owns its number, so its group is its own.  One already reaped (``multiprocessing``
    reaps ended children whenever it starts another; the runner reaps its own first, so this is rare) has its group
    signalled all the same: while the group has a member Linux gives no new process that number, and when it has
    none the number goes to a new process only after the pid space has wrapped around (Linux hands pids out in
    increasing order up to ``pid_max``), not within the milliseconds since the reaping."""
    reaped = False
    if hasattr(os, "waitid"):
        try:
            os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            reaped = True
    elif not proc.is_alive():  # pragma: no cover - without waitid only a running verifier's group is known
        return
    if reaped:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):  # no member left: nothing to end
            pass
        return
    try:
        if os.getpgid(proc.pid) == proc.pid:
            os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass
    try:
        os.kill(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass
