"""A module imported on first use: ``st = lazy_module("hypothesis.strategies")`` costs nothing until ``st.integers``.

For modules needed only inside functions (hypothesis, ~0.2 s to import), so that importing the kernel's zero test
(:mod:`checker.kernel.engine.zero`) or a toolkit module does not pay for them.  Attribute access imports the module (once; later
accesses are a ``sys.modules`` lookup) and returns its attribute; nothing else about the module changes.
"""
from __future__ import annotations

import importlib


class LazyModule:
    """Stands for the module ``name``; the first attribute access imports it."""

    __slots__ = ("_name",)

    def __init__(self, name: str):
        object.__setattr__(self, "_name", name)

    def __getattr__(self, attribute: str):
        return getattr(importlib.import_module(self._name), attribute)

    def __setattr__(self, attribute: str, value):
        raise AttributeError(f"{self!r} is read-only")

    def __dir__(self):
        return dir(importlib.import_module(self._name))

    def __repr__(self):
        return f"<lazy module {self._name!r}>"


def lazy_module(name: str) -> LazyModule:
    """The module ``name``, imported when an attribute of it is first used."""
    return LazyModule(name)
