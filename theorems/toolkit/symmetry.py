"""Noether's theorem for point symmetries of a Lagrangian: the symmetry identity, the charge, first integrals.

This file contains the public toolkit

* :func:`total_derivative` -- ``D_tφ = φ_t + φ_q·v (+ φ_v·q̈)``, the derivative along a curve with ``v = q̇``;
* :func:`velocity_variation` -- ``D_tξ − v D_tτ``, the first-order change of the velocity under
  ``q ↦ q + sξ(t, q)``, ``t ↦ t + sτ(t, q)``;
* :func:`symmetry_residual` -- ``𝓛_t τ + 𝓛_q·ξ + 𝓛_v·(D_tξ − v D_tτ) + 𝓛 D_tτ − D_tB`` (for τ = 0:
  ``𝓛_q·ξ + 𝓛_v·D_tξ − D_tB``), which vanishes identically exactly for a symmetry;
* :func:`noether_charge` -- ``p·ξ − Eτ − B`` with ``p = 𝓛_v`` and :func:`energy` ``E = p·v − 𝓛``;
* :func:`generator_depends_on_time` and :func:`is_point_symmetry` -- decisions (``Decision``);
* :func:`euler_lagrange_accelerations` -- ``q̈`` solved from the Euler--Lagrange equations
  (``det 𝓛_vv ≢ 0``), and :func:`is_first_integral` -- does ``d/dt`` of a quantity vanish along
  every Euler--Lagrange solution?
* strategies for property-based tests: :func:`translation_invariants`, :func:`rotation_invariants`,
  :func:`invariant_potentials` (random polynomial potentials that have a given symmetry).

Conventions.  Two ways of writing a system are accepted, and every output is written back in the caller's:

* *curves* (the default, as :func:`theorems.variational.euler_lagrange`): ``q`` is a list of applied
  functions of the time Symbol ``t`` (``Function('x')(t)``, ``dynamicsymbols('x')``); the velocities are
  ``q_i.diff(t)``; 𝓛, ξ, τ, B and quantities are expressions in ``t``, ``q_i`` and ``q_i.diff(t)``;
* *jets*: ``q`` is a list of plain Symbols and ``v=`` the list of velocity Symbols; expressions are in
  ``(t, q, v)``.

Internally every expression is moved to independent jet symbols ``(t, q, v, q̈)``, where partial derivatives
are plain ``diff`` calls; an identity "for all (t, q, v)" is then an identity in these symbols.  Residuals are
decided by the toolkit's zero test (:mod:`theorems.zero_handling`: ``expand``/``cancel``, the circle relations,
then the kernel's rewriting under a time limit and random points honouring every assumption), after merging
applications of one undefined function at arguments shown equal.  A decision that cannot settle its zero test is
undecided (``Decision.undecided``) with the reason; :class:`IdentityUndecided` is kept for callers that raise.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

import sympy
from sympy import Derivative, Dummy, Matrix, Subs, Symbol
from sympy.core.function import AppliedUndef

from checker.kernel.decision import Decision, undecided_on_floats
from checker.kernel.engine.lazy import lazy_module
from checker.kernel.engine.symbolic import TimeLimit, has_inexact, inexact_numbers, inexact_reason, time_limit
from theorems.toolkit.linear_algebra import euclidean_inner_product
from theorems.toolkit.strategies import polynomials
from theorems.toolkit.variational import _has_dummy, lagrangian_chart
from theorems.toolkit.zero_handling import (ZeroUndecided, normalise_function_arguments, reduced_form, solve_linear,
                                    witness_point, zero_state)

st = lazy_module("hypothesis.strategies")  # imported on first use: only the strategies need it

__all__ = [
    "IdentityUndecided",
    "total_derivative",
    "velocity_variation",
    "symmetry_residual",
    "energy",
    "noether_charge",
    "generator_depends_on_time",
    "is_point_symmetry",
    "euler_lagrange_accelerations",
    "is_first_integral",
    "translation_invariants",
    "rotation_invariants",
    "invariant_potentials",
]


class IdentityUndecided(ValueError):
    """sympy could neither reduce a residual to zero nor show it nonzero at an instance."""


# ---------------------------------------------------------------------------
# the two conventions and the jet representation
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class _Jet:
    """Independent symbols (t, q, v, a) for a system, with the maps to and from the caller's convention."""

    t: Symbol
    q: tuple
    v: tuple
    a: tuple
    to_user: dict
    from_user: dict
    curves: bool

    @property
    def n(self) -> int:
        return len(self.q)

    def jet(self, expr):
        """The caller's expression in the jet symbols."""
        expr = sympy.sympify(expr)
        if not self.curves:
            return expr
        expr = expr.doit()  # a Derivative(f(t, q(t)), t) is a total derivative: evaluate it first
        curves = set(self.to_user.values())
        if any(d.expr in curves and d.derivative_count > 2 for d in expr.atoms(Derivative)):
            raise ValueError(f"derivatives of order > 2 of the coordinates occur in {sympy.sstr(expr)}")
        return expr.xreplace(self.from_user).doit()

    def user(self, expr):
        """A jet expression written back in the caller's convention."""
        expr = sympy.sympify(expr)
        if self.curves:
            expr = _protect_time_partials(expr, self.t, set(self.q) | set(self.v) | set(self.a))
        return expr.xreplace(self.to_user)

    def point_only(self, expr, what: str):
        """``expr`` in jets; a ValueError if it depends on velocities or accelerations (a point function)."""
        expr = self.jet(expr)
        if expr.free_symbols & (set(self.v) | set(self.a)):
            raise ValueError(f"{what} must be a function of (t, q) only, got {sympy.sstr(self.user(expr))}")
        return expr

    def state_function(self, expr, what: str):
        """``expr`` in jets; a ValueError if it depends on accelerations."""
        expr = self.jet(expr)
        if expr.free_symbols & set(self.a):
            raise ValueError(f"{what} must be a function of (t, q, v), got {sympy.sstr(self.user(expr))}")
        return expr

    def vector(self, values, what: str) -> list:
        """A length-n list of point functions (a scalar is accepted when n = 1)."""
        if isinstance(values, (sympy.MatrixBase, list, tuple)):
            values = list(values)
        else:
            values = [values]
        if len(values) != self.n:
            raise ValueError(f"{what} has {len(values)} components, expected {self.n} (one per coordinate)")
        return [self.point_only(c, f"{what} component") for c in values]

    def D_t(self, phi):
        """``φ_t + φ_q·v + φ_v·a`` (the total derivative along a curve with v = q̇, a = q̈)."""
        return (sympy.diff(phi, self.t) + sum((sympy.diff(phi, qi) * vi for qi, vi in zip(self.q, self.v)), sympy.S.Zero)
                + sum((sympy.diff(phi, vi) * ai for vi, ai in zip(self.v, self.a)), sympy.S.Zero))

    def momentum(self, L) -> list:
        return [sympy.diff(L, vi) for vi in self.v]


def _protect_time_partials(expr, t, jets: set):
    """Write ∂_t of a jet expression as ``Subs(∂_s f(s, ...), s, t)`` so that it survives q ↦ q(t)."""
    def is_target(e):
        return (isinstance(e, Derivative) and any(var == t for var, _ in e.variable_count)
                and bool(e.expr.free_symbols & jets))

    def rewrite(e):
        s = Dummy("s")
        return Subs(e.xreplace({t: s}), s, t)
    return expr.replace(is_target, rewrite)


#: the jets made so far, by (coordinates, time, velocities): one set of jet symbols per chart and process
_JETS: dict = {}


def _jet_of(q, t, v=None, inputs=()) -> _Jet:
    """The jet of the chart (q, t, v), the same one for every call with the same chart (so sympy's cache serves
    repeated derivatives of one system).  Inputs that contain Dummies get fresh jet symbols, created after theirs,
    as before: the relative order of all Dummies in a computation (which can decide a printed sign) is unchanged."""
    if _has_dummy((q, t, v, *inputs)):
        return _new_jet(q, t, v)
    key = (tuple(q) if isinstance(q, (list, tuple, sympy.MatrixBase)) else q, t,
           tuple(v) if isinstance(v, (list, tuple, sympy.MatrixBase)) else v)
    try:
        jet = _JETS.get(key)
    except TypeError:  # unhashable input: validated (and rejected) by lagrangian_chart below
        return _new_jet(q, t, v)
    if jet is None:
        jet = _JETS[key] = _new_jet(q, t, v)
    return jet


def _new_jet(q, t, v=None) -> _Jet:
    chart = lagrangian_chart(q, t, v)  # validates the convention (theorems.variational)
    q = list(chart.coordinates)
    if len(set(q)) != len(q):
        raise ValueError("coordinates must be distinct")
    if chart.convention == "functions":
        Q = tuple(Dummy(f"{c.func.__name__}", real=True) for c in q)
        V = tuple(Dummy(f"{c.func.__name__}_dot", real=True) for c in q)
        A = tuple(Dummy(f"{c.func.__name__}_ddot", real=True) for c in q)
        to_user = {**dict(zip(Q, q)), **{Vi: c.diff(t) for Vi, c in zip(V, q)},
                   **{Ai: c.diff(t, 2) for Ai, c in zip(A, q)}}
        return _Jet(t, Q, V, A, to_user, {u: j for j, u in to_user.items()}, True)
    A = tuple(Dummy(f"{c.name}_ddot", real=True) for c in q)
    return _Jet(t, tuple(q), chart.velocities, A, {}, {}, False)


# ---------------------------------------------------------------------------
# deciding whether a residual vanishes identically
# ---------------------------------------------------------------------------

#: ``factor`` of a whole residual is tried only up to this many operations (it costs more than deciding the residual)
TIDY_MAX_OPS = 12


def _tidy(reduced, raw, seconds: float = 0.5):
    """A readable form of a nonzero residual: the shortest of ``factor_terms``, the term-wise factored expansion of the
    unreduced expression and, for a residual of at most :data:`TIDY_MAX_OPS` operations, ``factor`` (each computed
    under a time limit)."""
    candidates = [sympy.factor_terms(reduced)]
    forms = [lambda: sympy.Add(*[sympy.factor(term) for term in sympy.Add.make_args(sympy.expand(raw))])]
    if sympy.count_ops(reduced) <= TIDY_MAX_OPS:
        forms.append(lambda: sympy.factor(reduced))
    for form in forms:
        try:
            with time_limit(seconds):
                candidates.append(form())
        except (TimeLimit, Exception):  # noqa: BLE001 - only cosmetics
            continue
    return min(candidates, key=sympy.count_ops)


@dataclass(frozen=True)
class _Vanishing:
    """The answer of :func:`_vanishes`: ``zero`` True/False/None, the reduced residual, a point, the reason."""

    zero: object
    reduced: object
    point: dict
    reason: str


def _vanishes(expr, show=lambda e: e, simplify_seconds: float = 2.0) -> _Vanishing:
    """Is ``expr ≡ 0`` in the jet symbols?  The toolkit's zero test (:func:`theorems.zero_handling.zero_state`) after
    merging applications of one undefined function at arguments shown equal (``U(sin²q + cos²q)`` and ``U(1)``).

    Zero is shown symbolically; non-zero by exact algebra or at a re-checked point (honouring every assumption);
    otherwise the answer is undecided with the reason.
    """
    expr = normalise_function_arguments(sympy.sympify(expr))
    if has_inexact(expr):  # a float sum may round to a false 0
        return _Vanishing(None, expr, {}, f"could not decide whether {sympy.sstr(show(expr))} vanishes identically "
                                          f"({inexact_reason(inexact_numbers(expr))})")
    reduced = reduced_form(expr)
    if reduced == 0:
        return _Vanishing(True, sympy.S.Zero, {}, "cancels")
    state = zero_state(reduced, simplify_seconds)
    if state.is_zero is True:
        return _Vanishing(True, sympy.S.Zero, {}, state.reason)
    if state.is_zero is False:
        return _Vanishing(False, _tidy(reduced, expr), witness_point(reduced) or {}, state.reason)
    return _Vanishing(None, reduced, {}, f"could not decide whether {sympy.sstr(show(reduced))} vanishes identically "
                                         f"({state.reason})")


# ---------------------------------------------------------------------------
# the operators
# ---------------------------------------------------------------------------

def total_derivative(phi, q, t, v=None, a=None):
    """``D_tφ = φ_t + φ_q·v (+ φ_v·a)``: along a curve with ``v = q̇``, ``a = q̈`` it is ``d/dt φ(t, q(t), q̇(t))``.

    With curves this is the chain rule written out; with jet Symbols a velocity-dependent φ needs the
    acceleration Symbols ``a=[...]``.
    """
    jet = _jet_of(q, t, v, (phi,))
    if jet.curves or a is None:
        phi = jet.jet(phi) if jet.curves else jet.point_only(phi, "φ (pass a=[...] for a velocity-dependent φ)")
        return jet.user(sympy.expand(jet.D_t(phi)))
    a = list(a) if isinstance(a, (list, tuple, sympy.MatrixBase)) else [a]
    if len(a) != jet.n or not all(isinstance(c, Symbol) for c in a) or set(a) & (set(jet.q) | set(jet.v) | {t}):
        raise ValueError(f"a must be {jet.n} new acceleration Symbols, one per coordinate")
    return sympy.expand(dataclasses.replace(jet, a=tuple(a)).D_t(jet.jet(phi)))


def _velocity_variation(jet: _Jet, xi: list, tau):
    D_tau = jet.D_t(tau)
    return [jet.D_t(x) - vi * D_tau for x, vi in zip(xi, jet.v)]


def velocity_variation(xi, q, t, tau=0, v=None) -> list:
    """``δv = D_tξ − v D_tτ``: d/ds at s = 0 of the velocity of the curve moved by q ↦ q + sξ, t ↦ t + sτ."""
    jet = _jet_of(q, t, v, (xi, tau))
    xi = jet.vector(xi, "ξ")
    return [jet.user(sympy.expand(c)) for c in _velocity_variation(jet, xi, jet.point_only(tau, "τ"))]


def _residual(jet: _Jet, L, xi: list, B, tau):
    p = jet.momentum(L)
    L_q = [sympy.diff(L, qi) for qi in jet.q]
    return (sympy.diff(L, jet.t) * tau + euclidean_inner_product(L_q, xi)
            + euclidean_inner_product(p, _velocity_variation(jet, xi, tau)) + L * jet.D_t(tau) - jet.D_t(B))


def _system(L, q, t, xi, B, tau, v):
    jet = _jet_of(q, t, v, (L, xi, B, tau))
    L = normalise_function_arguments(jet.state_function(L, "the Lagrangian"))
    return (jet, L, jet.vector(xi, "ξ"), jet.point_only(B, "B"), jet.point_only(tau, "τ"))


def symmetry_residual(L, q, t, xi, B=0, tau=0, v=None):
    """``𝓛_t τ + 𝓛_q·ξ + 𝓛_v·(D_tξ − v D_tτ) + 𝓛 D_tτ − D_tB``, reduced (τ = 0: ``𝓛_q·ξ + 𝓛_v·D_tξ − D_tB``).

    (ξ, τ, B) is a symmetry of 𝓛 exactly when this vanishes for every (t, q, v).
    """
    jet, L, xi, B, tau = _system(L, q, t, xi, B, tau, v)
    return jet.user(sympy.cancel(sympy.together(sympy.expand(_residual(jet, L, xi, B, tau)))))


def _energy(jet: _Jet, L):
    return euclidean_inner_product(jet.momentum(L), jet.v) - L


def energy(L, q, t, v=None):
    """The energy ``E = 𝓛_v·v − 𝓛``."""
    jet = _jet_of(q, t, v, (L,))
    return jet.user(sympy.expand(_energy(jet, jet.state_function(L, "the Lagrangian"))))


def noether_charge(L, q, t, xi, B=0, tau=0, v=None):
    """The charge ``C = 𝓛_v·ξ − Eτ − B`` (``𝓛_v·ξ − B`` for the point symmetries of τ = 0)."""
    jet, L, xi, B, tau = _system(L, q, t, xi, B, tau, v)
    return jet.user(sympy.expand(euclidean_inner_product(jet.momentum(L), xi) - _energy(jet, L) * tau - B))


@undecided_on_floats
def generator_depends_on_time(xi, q, t, tau=0, v=None) -> Decision:
    """Does the generator depend explicitly on t (∂ξ/∂t ≢ 0) or reparametrise time (τ ≢ 0)?

    The seed's definition of an infinitesimal point symmetry takes ξ = ξ(q) and τ = 0; a generator for which
    this decision holds lies outside it (it is covered by the time-reparametrised form of the identity).
    The certificate gives ∂ξ/∂t and τ.
    """
    jet = _jet_of(q, t, v, (xi, tau))
    xi = jet.vector(xi, "ξ")
    tau = jet.point_only(tau, "τ")
    xi_t = [sympy.cancel(sympy.diff(c, jet.t)) for c in xi]
    states = [zero_state(c).is_zero for c in xi_t + [tau]]
    evidence = {"xi_t": [jet.user(c) for c in xi_t], "tau": jet.user(tau)}
    if False not in states and None in states:
        return Decision.undecided_because(f"could not decide whether ∂ξ/∂t = {sympy.sstr(evidence['xi_t'])} and "
                                          f"τ = {sympy.sstr(evidence['tau'])} vanish identically")
    if False in states:
        return Decision(True, certificate=evidence,
                        explanation=f"∂ξ/∂t = {sympy.sstr(evidence['xi_t'])}, τ = {sympy.sstr(evidence['tau'])}: "
                                    "not of the form ξ = ξ(q), τ = 0")
    return Decision(False, witness=evidence, explanation="ξ depends on q only and τ = 0")


@undecided_on_floats
def is_point_symmetry(L, q, t, xi, B=0, tau=0, v=None, require_q_only: bool = False) -> Decision:
    """Does ``𝓛_q·ξ + 𝓛_v·D_tξ = D_tB`` hold identically in (t, q, v)?  (τ ≠ 0: the reparametrised identity.)

    ξ = ξ(t, q) may depend on t: then ``D_tξ = ξ_t + Dξ·v`` includes ξ_t.  The seed's definition (catalogue
    #19) allows ξ = ξ(q) and τ = 0 only; with ``require_q_only=True`` a generator outside it is rejected (the
    witness names ∂ξ/∂t and τ), and in every case ``details['depends_on_time']`` tells.  When the identity
    fails the witness is the reduced residual (:func:`symmetry_residual`).
    """
    jet, L_j, xi_j, B_j, tau_j = _system(L, q, t, xi, B, tau, v)
    timing = generator_depends_on_time(xi, q, t, tau=tau, v=v)
    if timing.undecided:
        return timing
    details = {"depends_on_time": bool(timing), "xi_t": timing.certificate["xi_t"] if timing
               else timing.witness["xi_t"], "tau": jet.user(tau_j)}
    if require_q_only and timing:
        return Decision(False, witness={"xi_t": details["xi_t"], "tau": details["tau"]}, details=details,
                        explanation=f"outside the definition ξ = ξ(q), τ = 0: {timing.explanation}")
    answer = _vanishes(_residual(jet, L_j, xi_j, B_j, tau_j), jet.user)
    details["residual"] = jet.user(answer.reduced)
    form = "time-reparametrised identity" if tau_j != 0 else "point-symmetry identity"
    if answer.zero is None:
        return Decision.undecided_because(answer.reason, details)
    if answer.zero:
        return Decision(True, certificate={"residual": 0, "depends_on_time": bool(timing), "shown by": answer.reason},
                        details=details, explanation=f"the {form} holds identically in (t, q, v)")
    details["point"] = answer.point
    return Decision(False, witness=details["residual"], details=details,
                    explanation=f"the {form} fails: residual {sympy.sstr(details['residual'])} ≢ 0 ({answer.reason})")


# ---------------------------------------------------------------------------
# Euler--Lagrange accelerations and first integrals
# ---------------------------------------------------------------------------

def _accelerations(jet: _Jet, L) -> list:
    """Jet expressions of q̈ solved from EL(𝓛) = 0; ValueError when det 𝓛_vv is shown to vanish identically.

    EL_i(𝓛) = D_t(𝓛_{v_i}) − 𝓛_{q_i} = Σ_j 𝓛_{v_i v_j} q̈_j + r_i(t, q, v) (:func:`theorems.variational.euler_lagrange`
    written in the jet symbols), solved by elimination with every pivot shown ≢ 0 (:func:`solve_linear`); an
    elimination that shows 𝓛_vv singular means det 𝓛_vv ≡ 0.
    """
    momenta = jet.momentum(L)
    hessian = Matrix(jet.n, jet.n, lambda i, j: normalise_function_arguments(sympy.diff(momenta[i], jet.v[j])))
    no_acceleration = dataclasses.replace(jet, a=())
    rest = Matrix([sympy.expand(no_acceleration.D_t(p) - sympy.diff(L, qi)) for p, qi in zip(momenta, jet.q)])
    solution = solve_linear(hessian, -rest)
    if solution is None:
        raise ValueError(f"det 𝓛_vv vanishes identically (𝓛_vv = {sympy.sstr(jet.user(hessian))}): the "
                         "Euler-Lagrange equations do not determine the accelerations")
    return [reduced_form(value) for value in solution]


def euler_lagrange_accelerations(L, q, t, v=None) -> list:
    """The accelerations ``q̈_i(t, q, v)`` of the Euler--Lagrange equations of 𝓛 (requires det 𝓛_vv ≢ 0)."""
    jet = _jet_of(q, t, v, (L,))
    return [jet.user(a) for a in _accelerations(jet, jet.state_function(L, "the Lagrangian"))]


@undecided_on_floats
def is_first_integral(quantity, L, q, t, v=None) -> Decision:
    """Does ``d/dt quantity(t, q, q̇)`` vanish along every Euler--Lagrange solution of 𝓛?

    The total derivative ``D_t`` is taken with the accelerations solved from the Euler--Lagrange equations
    (:func:`euler_lagrange_accelerations`; ValueError when det 𝓛_vv ≡ 0) and reduced.  Holds when the result
    vanishes identically in (t, q, v); otherwise the witness is that residual.
    """
    jet = _jet_of(q, t, v, (quantity, L))
    L = normalise_function_arguments(jet.state_function(L, "the Lagrangian"))
    quantity = normalise_function_arguments(jet.state_function(quantity, "the quantity"))
    try:
        accelerations = _accelerations(jet, L)
    except ZeroUndecided as exc:
        return Decision.undecided_because(f"det 𝓛_vv: {exc.reason}")
    derivative = jet.D_t(quantity).xreplace(dict(zip(jet.a, accelerations)))
    answer = _vanishes(derivative, jet.user)
    shown = [jet.user(a) for a in accelerations]
    if answer.zero is None:
        return Decision.undecided_because(answer.reason, {"accelerations": shown})
    if answer.zero:
        return Decision(True, certificate={"accelerations": shown, "derivative": 0, "shown by": answer.reason},
                        explanation="d/dt vanishes identically after substituting the Euler-Lagrange accelerations")
    residual = jet.user(answer.reduced)
    return Decision(False, witness=residual, details={"accelerations": shown, "point": answer.point},
                    explanation=f"along Euler-Lagrange solutions d/dt = {sympy.sstr(residual)} ≢ 0")


# ---------------------------------------------------------------------------
# strategies: random potentials with a prescribed symmetry
# ---------------------------------------------------------------------------

def translation_invariants(a, q) -> list:
    """Linear forms ``w_j·q`` with ``w_j`` a basis of ``a^⊥``: a function of them is invariant under q ↦ q + sa."""
    a = Matrix(list(a))
    from theorems.toolkit.zero_handling import all_zero, kernel_basis
    if len(a) != len(list(q)) or all_zero(list(a)) is True:  # a disguised 0 vector is 0
        raise ValueError("a must be a nonzero vector with one entry per coordinate")
    return [euclidean_inner_product(w, q) for w in kernel_basis(a.T)]  # pivots shown ≢ 0: a disguised 0 is a 0


def rotation_invariants(a, q) -> list:
    """``a·q`` and ``|q|²`` (n = 3): a function of them is invariant under rotations about the axis a."""
    q = list(q)
    if len(q) != 3 or len(list(a)) != 3 or Matrix(list(a)).is_zero_matrix:
        raise ValueError("rotation invariants need n = 3 and a nonzero axis a ∈ ℝ³")
    return [euclidean_inner_product(a, q), euclidean_inner_product(q, q)]


def invariant_potentials(invariants: Sequence, t=None, max_degree: int = 2, max_terms: int = 3,
                         max_num: int = 5, max_den: int = 3) -> st.SearchStrategy:
    """Polynomials in ``t`` (if given) and the given invariants, with small rational coefficients."""
    invariants = list(invariants)
    slots = list(sympy.symbols(f"_w0:{len(invariants)}")) + ([Dummy("T")] if t is not None else [])
    values = invariants + ([t] if t is not None else [])
    if not slots:
        raise ValueError("need at least one invariant or the time")
    return polynomials(slots, max_degree=max_degree, max_terms=max_terms, max_num=max_num,
                       max_den=max_den).map(lambda p: sympy.expand(p.xreplace(dict(zip(slots, values)))))
