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
