"""Assumptions as first-class objects.

An assumption is either an adopted *postulate* (a physical idealisation such as an
ideal-reaction law) or a mathematical *hypothesis* (M symmetric positive definite,
A of full row rank, ...).  Each has a stable dotted id, a description and, where it
makes sense, a predicate that tests a concrete instance, so randomized verifiers can
draw only instances that satisfy it and a necessity witness can be shown to violate it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

ASSUMPTION_KINDS = ("postulate", "hypothesis")


@dataclass(frozen=True, eq=False)
class Assumption:
    """A named postulate or hypothesis; identity is the id."""

    id: str
    kind: str
    description: str
    predicate: Optional[Callable[[Any], bool]] = field(default=None, repr=False)
    source: str = ""

    def __post_init__(self):
        if self.kind not in ASSUMPTION_KINDS:
            raise ValueError(f"assumption {self.id!r}: kind must be one of {ASSUMPTION_KINDS}, not {self.kind!r}")
        if not self.id or " " in self.id:
            raise ValueError(f"assumption id {self.id!r} must be a non-empty dotted name")

    def __eq__(self, other):
        return isinstance(other, Assumption) and other.id == self.id

    def __hash__(self):
        return hash(("assumption", self.id))

    def holds_for(self, instance) -> bool:
        """Evaluate the predicate on a concrete instance (error if there is none)."""
        if self.predicate is None:
            raise ValueError(f"assumption {self.id} has no predicate to test an instance")
        return bool(self.predicate(instance))


def hypothesis(id: str, description: str, predicate=None, source: str = "") -> Assumption:
    """Declare a mathematical hypothesis."""
    return Assumption(id, "hypothesis", description, predicate, source)


def postulate_assumption(id: str, description: str, predicate=None, source: str = "") -> Assumption:
    """Declare an adopted physical postulate (as an assumption object)."""
    return Assumption(id, "postulate", description, predicate, source)
