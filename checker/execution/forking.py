"""A forked verifier that runs the same wherever it was forked from (the CLI, the pytest plugin, a notebook).

A child made by ``fork()`` inherits its parent's Python call stack, heap and collector state.  Three things
then depend on the caller, not on the verifier:

* **CPython's frame stack.**  CPython keeps the frames of Python calls in 16 KiB chunks and unmaps a chunk as
  soon as the call that opened it returns.  Forked at some depth, a verifier whose calls go up and down across
  a chunk boundary maps and unmaps a chunk on every crossing (an ``mmap``/``munmap`` pair and its page faults):
  under pytest, whose hooks put some 60 frames below the fork, a corpus run made ~37,000 such pairs in one
  verifier, and its verifiers used 20-40% more CPU than the CLI's (issue 15).  :func:`call_on_fresh_frame_stack`
  runs the verifier at the start of a chunk with about 1 MiB of room, whatever lay below it.
* **The recursion budget.**  The inherited frames count toward ``sys.getrecursionlimit()``;
  :func:`restore_recursion_budget` gives the verifier the whole limit above them.
* **The collector.**  Every full collection in the child walks (and so copies, page by page) every object the
  parent had; :func:`frozen_heap` moves them to the collector's permanent generation while forking, so the
  child's collections walk only its own objects.  The parent gets them back right after the fork.

None of this changes what a verifier computes: only how much memory traffic its run costs.
"""
from __future__ import annotations

import contextlib
import gc
import sys

#: frame slots (pointer-sized words) of the trampoline: CPython gives a frame that does not fit in the current
#: chunk a new chunk of the next power of two >= 16 KiB above (slots + 1000 words); 131,000 slots of 8 bytes need
#: just over 1 MiB, so the chunk is 2 MiB and the calls made from the trampoline have its other ~1 MiB.
TRAMPOLINE_SLOTS = 131_000


def _trampoline(fn, args, kwargs):
    return fn(*args, **kwargs)


def _with_big_frame(function):
    """``function`` with a value stack of :data:`TRAMPOLINE_SLOTS` slots (unused, so never touched), or as is
    where the interpreter does not allow it."""
    try:
        function.__code__ = function.__code__.replace(co_stacksize=TRAMPOLINE_SLOTS)
    except (AttributeError, TypeError, ValueError):  # not CPython: no frame-stack chunks to worry about
        pass
    return function


_trampoline = _with_big_frame(_trampoline)


def call_on_fresh_frame_stack(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``, called from a frame that opens a new frame-stack chunk with ~1 MiB of room, so the
    call's own frames do not cross a chunk boundary that the caller's depth happened to put near them."""
    return _trampoline(fn, args, kwargs)


def stack_depth() -> int:
    """The number of Python frames below (and including) the caller's."""
    depth, frame = 0, sys._getframe(1)
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    return depth


def restore_recursion_budget() -> int:
    """Raise the recursion limit by the depth of the frames inherited at the fork, so that what runs next has the
    whole limit above it; returns the new limit."""
    limit = sys.getrecursionlimit() + stack_depth()
    sys.setrecursionlimit(limit)
    return limit


@contextlib.contextmanager
def frozen_heap():
    """While forking: the parent's objects in the collector's permanent generation (the child keeps them there,
    its collections skip them); the parent's collector gets them back on leaving.  Both are O(1) list moves.
    A process that froze objects itself (``gc.freeze()``) is left as it is: unfreezing would undo its choice."""
    if not hasattr(gc, "freeze") or gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


#: a verifier's young-generation threshold: allocations (net of frees) between two collections of the youngest
#: generation.  CPython's 700 suits long-running programs; a verifier lives seconds and allocates millions of
#: short sympy objects, so with 700 it made ~3,400 young and ~260 middle collections per corpus run, each middle
#: one walking every object that survived a young one.
VERIFIER_YOUNG_THRESHOLD = 10_000


def collect_less_often() -> None:
    """In a forked verifier: collect the youngest generation every :data:`VERIFIER_YOUNG_THRESHOLD` allocations,
    so the older generations (collected every 10 collections of the one below) are walked far less often.
    Cycles are still collected, only later; no value a verifier computes depends on when."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(VERIFIER_YOUNG_THRESHOLD, middle, old)
