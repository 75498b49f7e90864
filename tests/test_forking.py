"""A forked verifier runs the same wherever it was forked from (issue 15): checker.execution.forking."""
import gc
import multiprocessing
import platform
import resource
import sys

import pytest

from checker.execution.forking import call_on_fresh_frame_stack, frozen_heap, restore_recursion_budget, stack_depth

CPYTHON = platform.python_implementation() == "CPython"


def _down(n):
    return _down(n - 1) if n else 0


def _at_depth(depth, fn, *args):
    """``fn(*args)`` called ``depth`` Python frames above here."""
    return _at_depth(depth - 1, fn, *args) if depth else fn(*args)


def _oscillate(times, height):
    """Calls ``height`` frames up and back, ``times`` times; returns the minor page faults it cost."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(times):
        _down(height)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def _worst_faults(wrap, depths=range(0, 400, 3), times=300, height=6):
    """The most page faults the oscillation costs over the caller depths ``depths`` (one frame-stack chunk holds
    some 150-200 of these small frames, so the depths span a chunk boundary)."""
    def run():
        return call_on_fresh_frame_stack(_oscillate, times, height) if wrap else _oscillate(times, height)
    run()  # warm: the interpreter's own first-call allocations
    return max(_at_depth(d, run) for d in depths)


@pytest.mark.skipif(not CPYTHON, reason="CPython's frame-stack chunks")
def test_calls_on_a_fresh_frame_stack_do_not_thrash_at_any_caller_depth():
    bare = _worst_faults(wrap=False)
    if bare < 150:
        pytest.skip(f"this interpreter keeps its frame-stack chunks (worst depth: {bare} faults for 300 crossings)")
    # without the trampoline, some caller depth maps and unmaps a chunk on every one of the 300 calls (a fault each)
    assert _worst_faults(wrap=True) < 30, "the trampoline's chunk has room for the calls at every caller depth"


def test_call_on_fresh_frame_stack_is_a_plain_call():
    assert call_on_fresh_frame_stack(divmod, 17, 5) == (3, 2)
    assert call_on_fresh_frame_stack(dict, a=1) == {"a": 1}
    with pytest.raises(ZeroDivisionError):
        call_on_fresh_frame_stack(divmod, 1, 0)
    assert call_on_fresh_frame_stack(_at_depth, 100, _down, 100) == 0  # deep calls above it work


@pytest.mark.parametrize("depth", [0, 50, 200])
def test_restore_recursion_budget_gives_the_whole_limit_above_the_inherited_frames(depth):
    limit = sys.getrecursionlimit()
    try:
        def budget():
            restore_recursion_budget()
            return sys.getrecursionlimit() - stack_depth()
        assert _at_depth(depth, budget) >= limit
    finally:
        sys.setrecursionlimit(limit)


def _tracked_in_child(conn):
    conn.send(len(gc.get_objects()))
    conn.close()


def _fork_and_count():
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_tracked_in_child, args=(child,))
    with frozen_heap():
        proc.start()
    child.close()
    count = parent.recv()
    proc.join(10)
    return count


@pytest.mark.skipif(not hasattr(gc, "freeze"), reason="no gc.freeze")
def test_a_child_forked_from_a_frozen_heap_does_not_walk_the_parents_objects():
    ballast = [[i] for i in range(50_000)]  # 50,000 objects the collector tracks, in the parent
    assert gc.get_freeze_count() == 0
    in_child = _fork_and_count()
    assert in_child < 5_000, "the child's collections see only its own objects"
    assert gc.get_freeze_count() == 0, "the parent's collector got its objects back"
    assert gc.is_tracked(ballast[-1]) and len(gc.get_objects()) > 50_000


@pytest.mark.skipif(not hasattr(gc, "freeze"), reason="no gc.freeze")
def test_a_process_that_froze_objects_itself_is_left_as_it_is():
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with frozen_heap():
            assert gc.get_freeze_count() == frozen
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def _thresholds_after_collect_less_often(conn):
    from checker.execution.forking import collect_less_often
    before = gc.get_threshold()
    collect_less_often()
    conn.send((before, gc.get_threshold()))
    conn.close()


def test_a_verifier_collects_its_youngest_generation_less_often_and_keeps_the_rest():
    from checker.execution.forking import VERIFIER_YOUNG_THRESHOLD
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_thresholds_after_collect_less_often, args=(child,))
    proc.start()
    child.close()
    before, after = parent.recv()
    proc.join(10)
    assert after == (VERIFIER_YOUNG_THRESHOLD, before[1], before[2])
    assert gc.get_threshold() == before  # the parent's collector is left as it was
