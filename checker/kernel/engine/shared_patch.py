"""A process-wide change that nested and concurrent users share: made when the first enters, undone when the last leaves.

``SharedPatch(install, restore)``: ``install()`` makes the change and returns what ``restore(saved)`` needs to undo
it.  ``with patch.active():`` is safe to nest and to enter from several threads at once: one installation serves
all of them, and the state before the first entry is back after the last exit, also when a body raises.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Callable


class SharedPatch:
    """One installation of a change, counted by its users (see the module docstring)."""

    def __init__(self, install: Callable[[], Any], restore: Callable[[Any], None]):
        self._install, self._restore = install, restore
        self._lock = threading.Lock()
        self._depth = 0
        self._saved: Any = None

    @contextmanager
    def active(self):
        with self._lock:
            if self._depth == 0:
                self._saved = self._install()
            self._depth += 1
        try:
            yield
        finally:
            with self._lock:
                self._depth -= 1
                if self._depth == 0:
                    saved, self._saved = self._saved, None
                    self._restore(saved)
