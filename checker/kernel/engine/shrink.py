"""Shrinking a failing identity instance: greedy delta debugging towards the simplest instance.

An instance is a dict ``{"functions": {name: [int, ...]}, "symbols": {name: (kind, num, den, exp, base)}}``
(see :mod:`checker.kernel.engine.instances`).  Blocks of positions are set to their simplest values (0; a denominator 1),
halving the block size, and a change is kept when the instance still fails.  The number of evaluations
is capped (a count, not a time), so the witness, and the command that reproduces it, are the same on
every machine.
"""
from __future__ import annotations

#: evaluations spent shrinking one failing instance
SHRINK_EVALUATIONS = 60
#: a symbol's raw draw for the value 0 (a complex draw: a real 0, mode "real", an imaginary part 0)
SIMPLEST_RAW = (0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0)


def _flatten(instance):
    positions, values, simplest = [], [], []
    for name, raw in sorted(instance["symbols"].items()):
        for i, v in enumerate(raw):
            positions.append(("symbols", name, i))
            values.append(v)
            simplest.append(SIMPLEST_RAW[i])
    for name, draw in sorted(instance["functions"].items()):
        for i, v in enumerate(draw):
            positions.append(("functions", name, i))
            values.append(v)
            simplest.append(0)
    return positions, values, simplest


def _build(positions, values):
    out = {"functions": {}, "symbols": {}}
    for (part, name, i), v in zip(positions, values):
        out[part].setdefault(name, []).append(v)
    out["symbols"] = {name: tuple(raw) for name, raw in out["symbols"].items()}
    return out


def shrink(instance, still_fails, budget: int = SHRINK_EVALUATIONS):
    """The simplest instance found that ``still_fails`` (a predicate), within ``budget`` evaluations."""
    positions, values, simplest = _flatten(instance)
    n, spent, size = len(values), 0, len(values)
    while size >= 1 and spent < budget:
        for start in range(0, n, size):
            if spent >= budget:
                break
            block = range(start, min(start + size, n))
            if all(values[j] == simplest[j] for j in block):
                continue
            candidate = list(values)
            for j in block:
                candidate[j] = simplest[j]
            spent += 1
            if still_fails(_build(positions, candidate)):
                values = candidate
        size //= 2
    return _build(positions, values)
