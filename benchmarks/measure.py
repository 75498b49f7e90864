"""What the benchmarks share: run a command in a checkout and measure it."""
import os
import subprocess
import time


def timed(cmd, cwd=".", env=None):
    """Wall seconds, CPU seconds (user + system of the command and of every process it waited for, verifier
    processes included) and the exit code of ``cmd`` run in ``cwd`` with that checkout first on the path."""
    cwd = os.path.abspath(cwd)
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ, PYTHONPATH=cwd, **(env or {})))
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def each_item_in_a_fork(wanted, measure):
    """``(item id, measure(item))`` for every corpus item with a verifier or exports (ids containing one of
    ``wanted``, or all), each measured in its own forked process after the runner's preload, as ``verify`` runs it
    (heap frozen before the fork, the verifier's garbage-collection settings in the child).  ``measure`` returns
    picklable data.  Run from the root of a checkout (its ``checker`` and ``theorems`` are imported)."""
    import pickle
    from checker.execution import forking
    from checker.execution import loader
    from checker.execution import runner
    corpus = loader.load()
    runner.preload()
    ids = [i for i in corpus.order() if i in corpus.items and (not wanted or any(w in i for w in wanted))]
    for item_id in ids:
        item = corpus.items[item_id]
        if item.verifier is None and not item.exports:
            continue
        read, write = os.pipe()
        with forking.frozen_heap():
            pid = os.fork()
        if pid == 0:
            os.close(read)
            forking.collect_less_often()
            data = pickle.dumps(measure(item))
            with os.fdopen(write, "wb") as sink:
                sink.write(data)
            os._exit(0)
        os.close(write)
        with os.fdopen(read, "rb") as source:
            result = pickle.loads(source.read())
        os.waitpid(pid, 0)
        yield item_id, result
