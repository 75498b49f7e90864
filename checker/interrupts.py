"""The signals that end a run (Ctrl-C's SIGINT, SIGTERM from CI cancellation) and a run that ends cleanly on them.

* :func:`run_ending_signals_raise` -- while the CLI runs, SIGINT raises :class:`Interrupted` and SIGTERM raises
  :class:`Terminated` (exit 130 and 143).  ``Interrupted`` is a subclass of ``KeyboardInterrupt``, not
  ``KeyboardInterrupt`` itself: CPython remembers a bare ``KeyboardInterrupt`` leaving any ``exec`` of a string
  (dataclasses, namedtuples and lambdify run such code) and, even when the program caught it and exited with 130,
  ends the process by SIGINT (exit status -2) at shutdown.  A subclass is caught by every ``except
  KeyboardInterrupt`` all the same.
* :func:`run_ending_signals_held` -- while a verifier process is forked and recorded, both signals wait (blocked),
  so one lands before the fork or after the parent knows its child, never in between: a child the parent does
  not know would outlive the run (and keep its output pipes open).  The child releases them with
  :func:`release_in_child`, after taking the default dispositions.

Signal masks are per thread: the guarantee holds for a process whose other threads (if any) block these signals
too, as the CLI (which starts none) does.
"""
from __future__ import annotations

import contextlib
import signal

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
    """SIGINT and SIGTERM blocked inside (a signal sent meanwhile is delivered on leaving); yields the signal mask
    from before, which the forked child restores (:func:`release_in_child`)."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, RUN_ENDING_SIGNALS)
    try:
        yield previous
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def release_in_child(mask) -> None:
    """In a forked verifier: SIGTERM ends the process, and SIGINT raises a plain ``KeyboardInterrupt`` where the
    CLI's handler was inherited (the parent's handlers are not the child's); then the parent's mask from before
    the fork (``mask``), which delivers any of these signals that arrived while they were held."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if signal.getsignal(signal.SIGINT) is _raise_interrupted:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
