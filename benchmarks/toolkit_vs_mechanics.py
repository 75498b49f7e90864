"""Benchmark: the toolkit side by side with sympy.physics.mechanics and with plain sympy scripts, on growing problems.

Run from the repository root:  python benchmarks/toolkit_vs_mechanics.py [--quick] [--repeat R] [--limit S] [--only CASE]

Cases (ours against theirs, on the same problem):

* ``pendulum``  -- planar N-link pendulum in Cartesian coordinates (2N coordinates, N holonomic constraints),
  N = 1..8: ``ideal_holonomic_dynamics`` against ``LagrangesMethod(hol_coneqs=...)`` + ``rhs()``; agreement: the
  accelerations at random rational states, compared exactly; ``pendulum-exact`` (only with ``--only``): the same
  with ``simplify=True``, the exact cancelled form the default gives up beyond its size limit;
* ``rolling``   -- Chaplygin sleigh (n = 3, k = 1), vertical rolling disk (4, 2), differential-drive cart (5, 3):
  ``dalembert_equations`` + ``solve_multipliers`` against ``LagrangesMethod(nonhol_coneqs=...)`` + ``rhs()``;
  agreement: the accelerations at random states (30 digits);
* ``toda-energy``, ``toda-momentum``, ``toda-virial`` -- open Toda lattice, N = 2..8 particles: ``is_first_integral``
  of the energy, the momentum (conserved) and Σ q_i q̇_i (not conserved) against a plain check (Euler–Lagrange
  accelerations by ``linear_eq_to_matrix`` + ``LUsolve``, d/dt substituted, ``expand``, compared with 0);
* ``rotations``, ``contact`` -- distributions in ℝⁿ, n = 3..12: x_i∂_{i+1} − x_{i+1}∂_i (involutive, rank n − 1) and
  ∂_{x_i} + y_i∂_z, ∂_{y_i} (not involutive): ``is_involutive`` against a plain script (``Matrix.rank`` of the
  fields, then of the fields and each bracket);
* ``imports``   -- ``import theorems.toolkit.<module>`` against ``import sympy`` (CPU; ``benchmarks/imports.py``).

Each size runs in a fresh process: an untimed warm-up of both sides, then R timed runs of ours and theirs
alternately (more, up to 50, when a run takes milliseconds), every cache (sympy's, the toolkit's) cleared and the
problem rebuilt before each run; the table gives
the medians, their ratio, the answer's form and the agreement, and each side's growth exponent (least-squares slope
of log time against log size).  A run over ``--limit`` seconds prints "timeout".  Figures depend on the machine and
its load: compare ratios, which are taken side by side.  Not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------------
# the problems
# ---------------------------------------------------------------------------

def pendulum(N: int):
    """``(t, q, M, F, G, parameters)`` of the planar N-link pendulum: point masses m_i at (x_i, y_i), links of
    length l_i (G_i = |r_i − r_{i−1}|² − l_i², r_0 = 0), gravity −g along y."""
    import sympy as sp
    from sympy.physics.mechanics import dynamicsymbols
    t = dynamicsymbols._t
    xs, ys = dynamicsymbols(f"x1:{N + 1}"), dynamicsymbols(f"y1:{N + 1}")
    masses, lengths = sp.symbols(f"m1:{N + 1}", positive=True), sp.symbols(f"l1:{N + 1}", positive=True)
    g = sp.Symbol("g", positive=True)
    q = [c for pair in zip(xs, ys) for c in pair]
    M = sp.diag(*[m for m in masses for _ in range(2)])
    F = [e for m in masses for e in (0, -m * g)]
    G, previous = [], (0, 0)
    for i in range(N):
        G.append((xs[i] - previous[0])**2 + (ys[i] - previous[1])**2 - lengths[i]**2)
        previous = (xs[i], ys[i])
    return t, q, M, F, G, [*masses, *lengths, g]


def rolling(k: int):
    """``(t, q, L, A, parameters)``: k = 1 Chaplygin sleigh, 2 vertical rolling disk, 3 differential-drive cart (its
    centre of mass a distance d ahead of the axle); the constraints are A q̇ = 0."""
    import sympy as sp
    from sympy.physics.mechanics import dynamicsymbols
    t = dynamicsymbols._t
    if k == 1:
        q = dynamicsymbols("x y theta")
        m, inertia, a = params = list(sp.symbols("m I a", positive=True))
        x, y, th = q
        vx, vy = x.diff(t) - a * sp.sin(th) * th.diff(t), y.diff(t) + a * sp.cos(th) * th.diff(t)
        L = m * (vx**2 + vy**2) / 2 + inertia * th.diff(t)**2 / 2
        A = sp.Matrix([[-sp.sin(th), sp.cos(th), 0]])
    elif k == 2:
        q = dynamicsymbols("x y theta phi")
        m, inertia, wheel, R = params = list(sp.symbols("m I J R", positive=True))
        x, y, th, ph = q
        L = m * (x.diff(t)**2 + y.diff(t)**2) / 2 + inertia * th.diff(t)**2 / 2 + wheel * ph.diff(t)**2 / 2
        A = sp.Matrix([[1, 0, 0, -R * sp.cos(th)], [0, 1, 0, -R * sp.sin(th)]])
    else:
        q = dynamicsymbols("x y theta phi_l phi_r")
        m, inertia, wheel, r, b, d = params = list(sp.symbols("m I J r b d", positive=True))
        x, y, th, pl, pr = q
        vx, vy = x.diff(t) - d * sp.sin(th) * th.diff(t), y.diff(t) + d * sp.cos(th) * th.diff(t)
        L = (m * (vx**2 + vy**2) / 2 + inertia * th.diff(t)**2 / 2
             + wheel * (pl.diff(t)**2 + pr.diff(t)**2) / 2)
        A = sp.Matrix([[-sp.sin(th), sp.cos(th), 0, 0, 0],
                       [sp.cos(th), sp.sin(th), 0, -r / 2, -r / 2],
                       [0, 0, 1, r / (2 * b), -r / (2 * b)]])
    return t, q, L, A, params


def toda(N: int):
    """``(t, q, L, quantities)`` of the open Toda lattice L = Σ q̇_i²/2 − Σ_{i<N} exp(q_i − q_{i+1})."""
    import sympy as sp
    t = sp.Symbol("t")
    q = [sp.Function(f"q{i}")(t) for i in range(1, N + 1)]
    v = [c.diff(t) for c in q]
    potential = sum((sp.exp(q[i] - q[i + 1]) for i in range(N - 1)), sp.S.Zero)
    kinetic = sum((w**2 for w in v), sp.S.Zero) / 2
    return t, q, kinetic - potential, {"energy": kinetic + potential, "momentum": sum(v, sp.S.Zero),
                                       "virial": sum((c * w for c, w in zip(q, v)), sp.S.Zero)}


def rotations(n: int):
    """x_i ∂_{i+1} − x_{i+1} ∂_i, i < n − 1: tangent to the spheres |x| = const (generic rank n − 1), involutive."""
    import sympy as sp
    x = sp.symbols(f"x0:{n}", real=True)
    fields = []
    for i in range(n - 1):
        field = [0] * n
        field[i], field[i + 1] = -x[i + 1], x[i]
        fields.append(field)
    return x, fields


def contact(n: int):
    """∂_{x_i} + y_i ∂_z and ∂_{y_i} (i < (n − 1)//2), and ∂ of a leftover coordinate: [X_0, Y_0] = −∂_z."""
    import sympy as sp
    x = sp.symbols(f"x0:{n}", real=True)
    m, z = (n - 1) // 2, n - 1
    fields = []
    for i in range(m):
        field = [0] * n
        field[i], field[z] = 1, x[m + i]
        fields.append(field)
    for j in list(range(m, 2 * m)) + list(range(2 * m, n - 1)):
        field = [0] * n
        field[j] = 1
        fields.append(field)
    return x, fields


# ---------------------------------------------------------------------------
# the two sides of each case
# ---------------------------------------------------------------------------

def pendulum_ours(problem):
    from theorems import ideal_holonomic_dynamics
    t, q, M, F, G, _ = problem
    dynamics = ideal_holonomic_dynamics(M, F, G, q, t)
    return list(dynamics.acceleration), "exact" if getattr(dynamics, "exact", True) else "LUsolve"


def pendulum_exact(problem):
    from theorems import ideal_holonomic_dynamics
    t, q, M, F, G, _ = problem
    return list(ideal_holonomic_dynamics(M, F, G, q, t, simplify=True).acceleration), "exact"


def pendulum_theirs(problem):
    from sympy.physics.mechanics import LagrangesMethod
    t, q, M, F, G, parameters = problem
    N = len(G)
    masses, g = parameters[:N], parameters[-1]
    kinetic = sum(M[i, i] * q[i].diff(t)**2 for i in range(len(q))) / 2
    potential = sum(masses[i] * g * q[2 * i + 1] for i in range(N))
    method = LagrangesMethod(kinetic - potential, q, hol_coneqs=G)
    method.form_lagranges_equations()
    return list(method.rhs()[len(q):2 * len(q)]), "LUsolve"


def rolling_ours(problem):
    from theorems import dalembert_equations, solve_multipliers
    t, q, L, A, _ = problem
    values = solve_multipliers(dalembert_equations(L, q, t, A), q, t)
    return [values[c.diff(t, 2)] for c in q], "exact"


def rolling_theirs(problem):
    import sympy as sp
    from sympy.physics.mechanics import LagrangesMethod
    t, q, L, A, _ = problem
    method = LagrangesMethod(L, q, nonhol_coneqs=list(A * sp.Matrix([c.diff(t) for c in q])))
    method.form_lagranges_equations()
    return list(method.rhs()[len(q):2 * len(q)]), "LUsolve"


def toda_ours(which):
    def run(problem):
        from theorems import is_first_integral
        t, q, L, quantities = problem
        decision = is_first_integral(quantities[which], L, q, t)
        return decision.state, "decision"
    return run


def toda_plain(which):
    def run(problem):
        import sympy as sp
        t, q, L, quantities = problem
        accelerations = [c.diff(t, 2) for c in q]
        euler_lagrange = [L.diff(c.diff(t)).diff(t) - L.diff(c) for c in q]
        matrix, rhs = sp.linear_eq_to_matrix(euler_lagrange, accelerations)
        solved = matrix.LUsolve(rhs)
        derivative = quantities[which].diff(t).xreplace(dict(zip(accelerations, solved)))
        return ("holds" if sp.expand(derivative) == 0 else "fails"), "expand"
    return run


def involutive_ours(problem):
    from theorems import is_involutive
    coords, fields = problem
    return is_involutive(fields, coords).state, "decision"


def involutive_plain(problem):
    import sympy as sp
    from itertools import combinations
    coords, fields = problem
    F = sp.Matrix([list(f) for f in fields]).T
    rank = F.rank()
    for i, j in combinations(range(len(fields)), 2):
        X, Y = fields[i], fields[j]
        bracket = sp.Matrix([sum(X[k] * sp.diff(Y[m], coords[k]) - Y[k] * sp.diff(X[m], coords[k])
                                 for k in range(len(coords))) for m in range(len(coords))])
        if sp.Matrix.hstack(F, bracket).rank() > rank:
            return "fails", "rank"
    return "holds", "rank"


# ---------------------------------------------------------------------------
# agreement
# ---------------------------------------------------------------------------

def _state_values(variables, rng):
    """Random nonzero rationals for the symbols and for x(t), x'(t) of the coordinates."""
    import sympy as sp
    return {v: sp.Rational(rng.choice([-1, 1]) * rng.randint(1, 40), rng.randint(1, 13)) for v in variables}


def _accelerations_agree(ours, theirs, t, q, parameters, exact: bool, states: int = 3, seed: int = 0) -> str:
    """Compare two lists of accelerations at random states: exactly (rational data) or to 30 digits."""
    import sympy as sp
    rng = random.Random(seed)
    worst = sp.S.Zero
    for _ in range(states):
        values = _state_values([*[c.diff(t) for c in q], *q, *parameters], rng)
        derivatives = {c.diff(t): values[c.diff(t)] for c in q}
        points = {**derivatives, **{c: values[c] for c in q}, **{p: values[p] for p in parameters}}
        for a, b in zip(ours, theirs):
            va = sp.sympify(a).xreplace(derivatives).xreplace(points)
            vb = sp.sympify(b).xreplace(derivatives).xreplace(points)
            if exact:
                if va != vb:
                    return f"DIFFER at a random state ({va} vs {vb})"
            else:
                va, vb = sp.N(va, 30), sp.N(vb, 30)
                worst = max(worst, abs(va - vb) / max(abs(vb), sp.Integer(1)))
    if exact:
        return f"equal at {states} random states (exact)"
    return (f"agree at {states} random states (rel. diff {float(worst):.1e})" if worst < sp.Float("1e-20")
            else f"DIFFER at a random state (rel. diff {float(worst):.1e})")


def pendulum_agreement(problem, ours, theirs):
    t, q, M, F, G, parameters = problem
    return _accelerations_agree(ours, theirs, t, q, parameters, exact=True)


def rolling_agreement(problem, ours, theirs):
    t, q, L, A, parameters = problem
    return _accelerations_agree(ours, theirs, t, q, parameters, exact=False)


def same_answer(problem, ours, theirs):
    return f"same answer ({ours})" if ours == theirs else f"DIFFER: ours {ours}, theirs {theirs}"


CASES = {
    "pendulum": dict(sizes=range(1, 9), quick=(1, 2, 3, 4), build=pendulum, ours=pendulum_ours,
                     theirs=pendulum_theirs, agree=pendulum_agreement, size="N", theirs_name="LagrangesMethod",
                     title="N-link pendulum: ideal_holonomic_dynamics vs LagrangesMethod(hol_coneqs) + rhs()"),
    "pendulum-exact": dict(sizes=range(1, 6), quick=(1, 2, 3), build=pendulum, ours=pendulum_exact,
                           theirs=pendulum_theirs, agree=pendulum_agreement, size="N", theirs_name="LagrangesMethod",
                           optional=True,
                           title="N-link pendulum, the exact form forced (simplify=True): what the default avoids"),
    "rolling": dict(sizes=(1, 2, 3), quick=(1, 2, 3), build=rolling, ours=rolling_ours, theirs=rolling_theirs,
                    agree=rolling_agreement, size="k", theirs_name="LagrangesMethod", growth=False,
                    title="rolling (sleigh k=1, disk k=2, cart k=3): dalembert_equations + solve_multipliers vs "
                          "LagrangesMethod(nonhol_coneqs) + rhs()"),
    **{f"toda-{which}": dict(sizes=range(2, 9), quick=(2, 4, 6), build=toda, ours=toda_ours(which),
                             theirs=toda_plain(which), agree=same_answer, size="N", theirs_name="plain expand",
                             title=f"Toda lattice, the {which}: is_first_integral vs a plain expand-based check")
       for which in ("energy", "momentum", "virial")},
    "rotations": dict(sizes=range(3, 13), quick=(3, 6, 9, 12), build=rotations, ours=involutive_ours,
                      theirs=involutive_plain, agree=same_answer, size="n", theirs_name="plain rank",
                      title="rotation fields in R^n (involutive): is_involutive vs a plain bracket-and-rank script"),
    "contact": dict(sizes=range(3, 13), quick=(3, 6, 9, 12), build=contact, ours=involutive_ours,
                    theirs=involutive_plain, agree=same_answer, size="n", theirs_name="plain rank",
                    title="contact fields in R^n (not involutive): is_involutive vs a plain bracket-and-rank script"),
}
# ---------------------------------------------------------------------------
# the worker: one case at one size, in its own process
# ---------------------------------------------------------------------------

class _Timeout(Exception):
    pass


def _clear_caches():
    """sympy's cache and every ``functools`` cache of the toolkit and the kernel."""
    from sympy.core.cache import clear_cache
    clear_cache()
    for name, module in list(sys.modules.items()):
        if module is not None and name.split(".")[0] in ("theorems", "checker"):
            for value in list(vars(module).values()):
                if callable(value) and hasattr(value, "cache_clear"):
                    value.cache_clear()


def _timed(function, problem, limit: float):
    """``(seconds, result)`` of one run, or ``(None, None)`` past ``limit`` seconds (SIGALRM)."""
    def expire(signum, frame):
        raise _Timeout()
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, limit)
    started = time.perf_counter()
    try:
        result = function(problem)
        return time.perf_counter() - started, result
    except _Timeout:
        return None, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def worker(case: str, size: int, repeat: int, limit: float) -> dict:
    spec = CASES[case]
    sys.path.insert(0, str(ROOT))
    import theorems  # noqa: F401  (imports are not timed)
    import sympy.physics.mechanics  # noqa: F401
    smallest = min(spec["sizes"])
    for side in ("ours", "theirs"):  # warm-up: lazy imports, first-call costs
        _timed(spec[side], spec["build"](smallest), limit)
    times = {"ours": [], "theirs": []}
    results = {}
    rep = 0
    while rep < repeat:
        if rep == 1 and all(times[side][0] is not None for side in times):  # millisecond runs: more of them
            repeat = max(repeat, min(50, int(0.5 / max(times["ours"][0], times["theirs"][0], 1e-3))))
        for side in (("ours", "theirs") if rep % 2 == 0 else ("theirs", "ours")):
            if times[side] and times[side][-1] is None:
                continue  # timed out once: not run again
            _clear_caches()
            problem = spec["build"](size)
            seconds, result = _timed(spec[side], problem, limit)
            times[side].append(seconds)
            if result is not None:
                results[side] = result
        rep += 1
    form = results.get("ours", (None, ""))[1]
    if "ours" in results and "theirs" in results:
        agreement = spec["agree"](spec["build"](size), results["ours"][0], results["theirs"][0])
    else:
        agreement = "not compared: " + " and ".join(side for side in ("ours", "theirs") if side not in results) + \
            " timed out"
    return {"times": times, "form": form, "agreement": agreement}


# ---------------------------------------------------------------------------
# the parent: tables
# ---------------------------------------------------------------------------

def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _exponent(sizes, times):
    """Least-squares slope of log(time) against log(size) (sizes ≥ 2 with a time), or None."""
    points = [(math.log(s), math.log(t)) for s, t in zip(sizes, times) if t and s > 1]
    if len(points) < 2:
        return None
    mx, my = statistics.mean(p[0] for p in points), statistics.mean(p[1] for p in points)
    sxx = sum((p[0] - mx) ** 2 for p in points)
    return sum((p[0] - mx) * (p[1] - my) for p in points) / sxx if sxx else None


def _seconds(value) -> str:
    return "timeout" if value is None else f"{value:.3f}"


def run_case(case: str, sizes, repeat: int, limit: float) -> list:
    spec = CASES[case]
    print(f"\n{spec['title']}")
    print(f"  {spec['size']:>3}  {'ours s':>9}  {spec['theirs_name'] + ' s':>20}  {'ratio':>6}  {'form':>8}  agreement")
    rows = []
    for size in sizes:
        command = [sys.executable, __file__, "--worker", case, str(size), "--repeat", str(repeat), "--limit", str(limit)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=limit * (2 * repeat + 2) + 120,
                                  cwd=ROOT)
            report = json.loads(done.stdout.strip().splitlines()[-1])
        except (subprocess.TimeoutExpired, ValueError, IndexError):
            report = {"times": {"ours": [None], "theirs": [None]}, "form": "", "agreement": "worker failed"}
        ours, theirs = _median(report["times"]["ours"]), _median(report["times"]["theirs"])
        ratio = f"{ours / theirs:.2f}" if ours and theirs else "-"
        print(f"  {size:>3}  {_seconds(ours):>9}  {_seconds(theirs):>20}  {ratio:>6}  {report['form']:>8}  "
              f"{report['agreement']}", flush=True)
        rows.append((size, ours, theirs))
    if not spec.get("growth", True):  # three different systems, not one family
        return rows
    growth = [_exponent([r[0] for r in rows], [r[i] for r in rows]) for i in (1, 2)]
    print("  growth exponent (log-log fit): " + ", ".join(
        f"{name} {'-' if g is None else f'{g:.2f}'}" for name, g in zip(("ours", spec["theirs_name"]), growth)))
    return rows


def run_imports(repeat: int) -> None:
    """CPU time of ``import sympy; import theorems.toolkit.<module>`` over ``import sympy`` (benchmarks/imports.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import imports
    modules = ["theorems", *imports.toolkit_modules()]
    best = imports.measure(modules, repeat)
    print(f"\nimport cost over `import sympy` (CPU seconds, best of {repeat} interleaved runs; target "
          f"≤ {imports.TARGET:.1f} s per toolkit module)")
    print(f"  {'import sympy':<44} {best[None]:.3f} s")
    for module in modules:
        print(f"  {'import ' + module:<44} {best[module] - best[None]:+.3f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer sizes, one timed run each")
    parser.add_argument("--repeat", type=int, default=None, help="timed runs per side and size (default 3, quick 1)")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per run before it counts as a timeout")
    parser.add_argument("--only", action="append", choices=[*CASES, "imports"], help="run only this case (repeatable)")
    parser.add_argument("--worker", nargs=2, metavar=("CASE", "SIZE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    repeat = args.repeat or (1 if args.quick else 3)
    if args.worker:
        print(json.dumps(worker(args.worker[0], int(args.worker[1]), repeat, args.limit)))
        return
    print(f"toolkit vs sympy.physics.mechanics / plain sympy: {repeat} timed run(s) per side and size, limit "
          f"{args.limit:g} s per run; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
    for case in CASES:
        if (args.only and case not in args.only) or (not args.only and CASES[case].get("optional")):
            continue
        run_case(case, CASES[case]["quick"] if args.quick else CASES[case]["sizes"], repeat, args.limit)
    if not args.only or "imports" in args.only:
        run_imports(max(repeat, 3))
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
