"""Decision results: a small object that is truthy exactly when a property holds.

A decision function (``is_involutive``, ``is_first_integral``, ...) returns a
:class:`Decision`.  ``bool(result)`` is the answer; ``result.witness`` carries the
evidence against the property when it fails, ``result.certificate`` the evidence
for it when it holds, and ``result.explanation`` one line a person can read.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Decision:
    """The answer of a decision function together with the evidence behind it."""

    holds: bool
    witness: Any = None
    certificate: Any = None
    explanation: str = ""
    details: dict = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.holds)

    def __repr__(self) -> str:
        head = "holds" if self.holds else "fails"
        extra = f", witness={self.witness!r}" if not self.holds and self.witness is not None else ""
        return f"Decision({head}{extra}: {self.explanation})"
