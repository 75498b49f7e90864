"""Watching verifier processes from a test: items that note their process id and then compute for ever, and
whether those processes still run (Linux's ``/proc``)."""
import time

_NOTED_ITEM = '''
@theorem("{item_id}", title="notes its process id, then hangs")
def noted_{n}(check):
    open(os.path.join({folder!r}, str(os.getpid())), "w").close()
    while True:
        pass
'''


def noted_hang_items(folder, ids) -> str:
    """A module of items ``ids``, each of whose verifiers writes its process id as a file name into ``folder``, then
    computes for ever."""
    return "import os\nfrom checker.kernel.items import theorem\n" + "".join(
        _NOTED_ITEM.format(item_id=item_id, n=n, folder=str(folder)) for n, item_id in enumerate(ids))


def running(pid: int) -> bool:
    """The process exists and is not a zombie (an orphan's zombie may wait for a container's pid 1)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def noted_pids(folder, at_least: int, proc, within: float = 90) -> list:
    """The process ids noted in ``folder`` once there are ``at_least`` (or ``proc`` ended, or time ran out)."""
    deadline = time.monotonic() + within
    while len(list(folder.iterdir())) < at_least and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
    return [int(p.name) for p in folder.iterdir()]


def ended(pids, within: float = 10) -> bool:
    """Every process of ``pids`` has ended within ``within`` seconds."""
    deadline = time.monotonic() + within
    while any(running(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(running(p) for p in pids)
