"""Decision results: a small object that is truthy exactly when a property holds.

A decision function (``is_involutive``, ``is_first_integral``, ...) returns a :class:`Decision` in one of
three states:

* **holds** (``holds=True``): ``bool(result)`` is True and ``result.certificate`` carries evidence a user
  can re-check;
* **fails** (``holds=False``): ``bool(result)`` is False and ``result.witness`` is a counterexample the
  decision re-checked before returning it;
* **undecided** (``holds=None``): a zero test the decision depends on could not be settled (not shown zero,
  not shown non-zero); ``result.explanation`` gives the reason.  ``bool(result)`` raises
  :class:`UndecidedError` so that ``if is_involutive(...)`` can read it neither as "holds" nor as "fails";
  test ``result.undecided`` (or ``result.state``) first when undecided answers are expected.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Optional


class UndecidedError(ValueError):
    """``bool()`` of an undecided :class:`Decision`: the property was neither shown nor refuted."""


@dataclass(frozen=True)
class Decision:
    """The answer of a decision function (True, False or None for undecided) with the evidence behind it."""

    holds: Optional[bool]
    witness: Any = None
    certificate: Any = None
    explanation: str = ""
    details: dict = field(default_factory=dict)

    @classmethod
    def undecided_because(cls, reason: str, details: Optional[dict] = None) -> "Decision":
        """The undecided answer, with the reason (which zero test could not be settled, and why)."""
        return cls(None, explanation=reason, details=dict(details or {}))

    @property
    def undecided(self) -> bool:
        return self.holds is None

    @property
    def state(self) -> str:
        """``holds``, ``fails`` or ``undecided``."""
        return {True: "holds", False: "fails"}.get(self.holds, "undecided")

    def __bool__(self) -> bool:
        if self.holds is None:
            raise UndecidedError(f"the decision is undecided ({self.explanation}); test .undecided first")
        return bool(self.holds)

    def __repr__(self) -> str:
        extra = f", witness={self.witness!r}" if self.holds is False and self.witness is not None else ""
        return f"Decision({self.state}{extra}: {self.explanation})"


def undecided_on_floats(decide):
    """Decorate a decision function: when its input holds a floating-point number it answers undecided.

    Sympy rounds arithmetic on floats as it builds and reduces expressions (``1.0*x + 1e-17*x - x`` becomes 0), so
    neither "holds" nor "fails" about the expressions received would settle the ones written
    (:func:`checker.kernel.engine.symbolic.inexact_numbers`).  Keyword-only parameters are options (``seconds=2.0``), not input."""
    import inspect
    options = {name for name, parameter in inspect.signature(decide).parameters.items()
               if parameter.kind is inspect.Parameter.KEYWORD_ONLY}

    @functools.wraps(decide)
    def decision(*args, **kwargs):
        from .engine.symbolic import inexact_numbers, inexact_reason  # sympy: only when a decision is asked for
        floats = inexact_numbers(args, {k: v for k, v in kwargs.items() if k not in options})
        if floats:
            return Decision.undecided_because(f"not decided: {inexact_reason(floats, 'the input')}")
        return decide(*args, **kwargs)
    return decision
