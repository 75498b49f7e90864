"""The independent re-checker (:mod:`checker.recheck`): its imports, a differential test over generated true and
false claims (truth known by construction), and mutation tests that break one engine rule at a time and show that
the re-checker catches the false verdict the broken engine gives (and that the item then becomes ``error``)."""
import re
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.execution.pool import add_rechecks
from checker.kernel.checkable import identity_checkable, proof_checkable
from checker.kernel.checks import Checks
from checker.kernel.evidence import verdict_and_reason
from checker.recheck import NOT_RECHECKABLE, coverage, recheck_record
from tests.test_architecture import PACKAGE, imported_modules

x, y, t, u = sympy.symbols("x y t u", real=True)
p = sympy.Symbol("p", positive=True)
n_int = sympy.Symbol("n", integer=True, positive=True)
f, g = sympy.Function("f"), sympy.Function("g")
RECHECK = PACKAGE / "recheck"


# -- what the re-checker may import ------------------------------------------------------------------------------
def test_the_rechecker_imports_nothing_of_the_engine():
    modules = list(RECHECK.glob("*.py"))
    assert modules
    wrong = sorted(f"{m.name} -> {t}" for m in modules for t in imported_modules(m)
                   if not t.startswith("checker.recheck"))
    assert wrong == []
    allowed_roots = {"sympy", "mpmath", "fractions", "random", "base64", "zlib", "collections", "__future__",
                     "checker"}
    for m in modules:
        for line in m.read_text().splitlines():
            found = re.match(r"\s*(?:from|import)\s+([\w.]+)", line)
            if found and not found.group(1).startswith("."):
                assert found.group(1).split(".")[0] in allowed_roots, f"{m.name}: {line.strip()}"


def test_the_rechecker_calls_none_of_sympys_evaluation():
    """No ``doit``, ``simplify``, ``diff``, ``solve``, ``integrate``, ``evalf``, ``expand``: the re-checker's values
    come from mpmath and Fractions alone."""
    forbidden = re.compile(r"(?<!mpmath)\.(doit|simplify|diff|evalf|expand|integrate|subs|cancel|together)\(|"
                           r"sympy\.(simplify|solve|integrate|diff|N|nsimplify|expand|cancel|limit|summation)\(")
    for m in RECHECK.glob("*.py"):
        hits = [line for line in m.read_text().splitlines() if forbidden.search(line)]
        assert hits == [], f"{m.name}: {hits}"


# -- helpers -----------------------------------------------------------------------------------------------------
def rechecked(lhs, rhs, outcome="proved", relations=None, witness=None, seed=0):
    record = {"name": "claim", "outcome": outcome, "method": "symbolic", "claim": True,
              "checkable": identity_checkable(lhs, rhs, relations, "premise" if relations else None)}
    if witness is not None:
        record["witness"] = witness
    return recheck_record(record, seed)["result"]


coefficients = st.integers(-6, 6)


@st.composite
def polynomials(draw):
    terms = draw(st.lists(st.tuples(coefficients, st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=4))
    return sympy.Add(*[c * x**i * y**j for c, i, j in terms])


# -- differential test: truth by construction --------------------------------------------------------------------
@settings(max_examples=20, deadline=None)
@given(polynomials(), polynomials(), st.integers(1, 5), st.booleans())
def test_polynomial_identities_true_and_false(a, b, bump, true):
    product = sympy.Mul(a, b, evaluate=False)
    expanded = sympy.expand(a * b)
    claim = expanded if true else expanded + bump * x
    assert rechecked(product, claim) == ("agrees" if true else "disagrees")


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 4), st.integers(1, 5), st.integers(-3, 3).filter(bool), st.booleans())
def test_integrals_true_and_false(power, upper, k, true):
    """∫₀ᵇ xⁿ dx = bⁿ⁺¹/(n+1) and ∫₀ᵇ e^{kx} dx = (e^{kb} − 1)/k; false: the next power, a shifted constant."""
    b = sympy.Integer(upper)
    polynomial = sympy.Integral(x**power, (x, 0, b))
    exponential = sympy.Integral(sympy.exp(k * x) * p, (x, 0, b))
    right_poly = b**(power + 1) / (power + 1)
    right_exp = p * (sympy.exp(k * b) - 1) / k
    if not true:
        right_poly, right_exp = b**(power + 1) / (power + 2), p * (sympy.exp(k * b) - 1) / k + p / 7
    assert rechecked(polynomial, right_poly) == ("agrees" if true else "disagrees")
    assert rechecked(exponential, right_exp) == ("agrees" if true else "disagrees")


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 7), st.booleans())
def test_sums_true_and_false(denominator, true):
    """Σ_{k=0}^{n} r^k = (1 − r^{n+1})/(1 − r) for every n (finite sums at random n); Σ 1/k² = π²/6 (infinite)."""
    k = sympy.Symbol("k", integer=True)
    r = sympy.Rational(1, denominator)
    finite = sympy.Sum(r**k * p, (k, 0, n_int))
    closed = p * (1 - r**(n_int + 1)) / (1 - r) if true else p * (1 - r**(n_int + 2)) / (1 - r)
    assert rechecked(finite, closed) == ("agrees" if true else "disagrees")
    basel = sympy.Sum(1 / k**2, (k, 1, sympy.oo))
    assert rechecked(basel * denominator, denominator * sympy.pi**2 / (6 if true else 7)) == \
        ("agrees" if true else "disagrees")


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 3), st.booleans())
def test_derivatives_of_undefined_functions_true_and_false(c, true):
    """Product rule, chain rule (with a Subs) for arbitrary (complex-valued) f, g; false: a factor or a term off."""
    product = sympy.Derivative(c * f(x) * g(x), x)
    rule = c * (sympy.Derivative(f(x), x) * g(x) + f(x) * sympy.Derivative(g(x), x))
    chain = sympy.Derivative(f(g(x)), x)
    chain_rule = sympy.Subs(sympy.Derivative(f(u), u), u, g(x)) * sympy.Derivative(g(x), x)
    if not true:
        rule = c * (sympy.Derivative(f(x), x) * g(x) + 2 * f(x) * sympy.Derivative(g(x), x))
        chain_rule = sympy.Subs(sympy.Derivative(f(u), u), u, x) * sympy.Derivative(g(x), x)
    assert rechecked(product, rule) == ("agrees" if true else "disagrees")
    assert rechecked(chain, chain_rule) == ("agrees" if true else "disagrees")


def test_derivative_with_respect_to_a_function_application():
    """∂/∂q(t) of q(t)²·q'(t) is 2q(t)q'(t) (the jets are independent), not 2q(t)q'(t) + q(t)²·∂q'/∂q."""
    q = sympy.Function("q")
    expr = q(t)**2 * sympy.Derivative(q(t), t)
    assert rechecked(sympy.Derivative(expr, q(t)), 2 * q(t) * sympy.Derivative(q(t), t)) == "agrees"
    assert rechecked(sympy.Derivative(expr, q(t)), 2 * q(t)) == "disagrees"


@pytest.mark.parametrize("true", [True, False])
def test_matrix_identities_of_symbolic_shape(true):
    n, m, k = sympy.symbols("n m k", integer=True, positive=True)
    A, B = sympy.MatrixSymbol("A", n, m), sympy.MatrixSymbol("B", m, k)
    S, T = sympy.MatrixSymbol("S", n, n), sympy.MatrixSymbol("T", n, n)
    cases = [(sympy.Transpose(A * B), B.T * A.T, 2 * B.T * A.T),
             (sympy.Inverse(S * T), sympy.Inverse(T) * sympy.Inverse(S), sympy.Inverse(S) * sympy.Inverse(T)),
             (sympy.Transpose(S + T), S.T + T.T, S.T + T)]
    for lhs, right, wrong in cases:
        assert rechecked(lhs, right if true else wrong, seed=3) == ("agrees" if true else "disagrees")


def test_implicit_relations_are_solved_numerically():
    """x² + y² = 1 ⇒ (x² + y²)² = 1 holds; ⇒ x + y = 1 does not."""
    circle = [sympy.Eq(x**2 + y**2, 1)]
    assert rechecked((x**2 + y**2)**2, 1, relations=circle) == "agrees"
    assert rechecked(x + y, 1, relations=circle) == "disagrees"


def test_a_refutation_witness_must_give_a_nonzero_residual():
    assert rechecked(x**2, x * x + 1, outcome="refuted", witness={"instance": {"x": "3"}}) == "agrees"
    assert rechecked(x**2, x * x, outcome="refuted", witness={"instance": {"x": "3"}}) == "disagrees"
    assert rechecked(sympy.sin(x)**2 + sympy.cos(x)**2, 1, outcome="refuted",
                     witness={"instance": {}, "residual": ["1"]}) == "disagrees"


def test_what_has_no_independent_semantics_is_listed_with_a_reason():
    q = sympy.Function("q")
    record = {"name": "c", "outcome": "proved", "method": "symbolic", "claim": True,
              "checkable": identity_checkable(sympy.Derivative(q(t), (t, 3)), -sympy.Derivative(q(t), t),
                                              {sympy.Derivative(q(t), t, 2): -q(t)}, "premise")}
    result = recheck_record(record)  # needs q(3): the equation differentiated, which the re-checker does not do
    assert result["result"] == NOT_RECHECKABLE and "differential equation" in result["reason"]
    numbers = coverage([{"id": "i", "checks": [dict(record, recheck=result)]}])
    assert numbers["rechecked"] == 0 and numbers["with_checkable_form"] == 1


def test_a_proof_conclusion_is_rechecked_under_its_premises():
    from checker.kernel.proof import Proof
    a, b, c = sympy.symbols("a b c", real=True)
    proof = Proof("p")
    proof.suppose("h", sympy.Eq(a, b + c))
    proof.algebra("s", ["h"], sympy.Eq(a - c, b))
    proof.conclude("s")
    form = proof_checkable(proof)
    assert recheck_record({"name": "p", "outcome": "proved", "checkable": form})["result"] == "agrees"
    proof.steps[-1].eq = sympy.Eq(a + c, b)  # the same premises do not give this
    form = proof_checkable(proof)
    assert recheck_record({"name": "p", "outcome": "proved", "checkable": form})["result"] == "disagrees"


@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(st.sampled_from([1 + sympy.Symbol("t", real=True) ** 2, sympy.exp(sympy.Symbol("t", real=True)), sympy.Integer(3),
                        2 + sympy.cos(sympy.Symbol("t", real=True))]),
       st.integers(min_value=1, max_value=3))
def test_a_premise_along_a_curve_is_never_made_to_hold_at_a_point_only(factor, order):
    """``suppose 0 = mu(t)·g(t)`` for every t, cancel g, differentiate: mu⁽ᵏ⁾ = 0 is valid.  Made to hold at one point
    (solved for t), the premise would say nothing of mu's derivatives there: the re-checker disagreed with a valid
    proof.  Such a premise is kept as what it is (identically in t), or the record is not re-checkable."""
    from checker.kernel.proof import Proof
    t = sympy.Symbol("t", real=True)
    mu = sympy.Function("mu")(t)
    proof = Proof("p")
    proof.suppose("h", (0, mu * factor), along=t)
    proof.cancel("mu = 0", "h", factor, (mu, 0))
    proof.differentiate("mu' = 0", "mu = 0", t, (mu.diff(t, order), 0))
    proof.conclude("mu' = 0")
    form = proof_checkable(proof)
    assert form["premises"][0]["along"] == [sympy.srepr(t)]
    assert recheck_record({"name": "p", "outcome": "proved", "checkable": form})["result"] != "disagrees"


# -- mutation tests: one engine rule broken at a time -----------------------------------------------------------
def engine_verdict(lhs, rhs, relations=None):
    """The kernel's record and the item verdict after the (possibly broken) engine and the re-check."""
    checks = Checks(seed=0)
    checks.identity("claim", lhs, rhs, relations=relations, premise="premise" if relations else None)
    record = checks.records()[-1]
    add_rechecks([record])
    return record, verdict_and_reason("theorem", True, [record])


def _caught(record, verdict):
    assert record["outcome"] == "proved", "the mutation did not make the engine prove the false claim"
    assert record["recheck"]["result"] == "disagrees"
    assert verdict[0] == "error" and "independent re-check disagrees" in verdict[1]


def test_mutation_trusting_a_wrong_doit_of_an_integral(monkeypatch):
    """The engine takes a wrong closed form of an integral (∫₀¹ x dx = 1) on trust."""
    from checker.kernel.engine import identity
    claim = (sympy.Integral(x, (x, 0, 1)), sympy.Integer(1))
    assert engine_verdict(*claim)[0]["outcome"] != "proved"
    original = identity.evaluated

    def wrong_doit(expr, *args, **kwargs):
        return original(sympy.sympify(expr).replace(lambda e: isinstance(e, sympy.Integral),
                                                    lambda e: sympy.Integer(1)), *args, **kwargs)
    monkeypatch.setattr(identity, "evaluated", wrong_doit)
    _caught(*engine_verdict(*claim))


def test_mutation_dropping_the_relation_check(monkeypatch):
    from checker.kernel.engine import relations
    claim = (x + y, sympy.Integer(1), [sympy.Eq(x**2 + y**2, 1)])
    assert engine_verdict(*claim)[0]["outcome"] != "proved"
    monkeypatch.setattr(relations.Relations, "reduce", lambda self, residual: True)
    _caught(*engine_verdict(*claim))


def test_mutation_identifying_two_jet_symbols(monkeypatch):
    from checker.kernel.engine import identity
    q = sympy.Function("q")
    claim = (sympy.Derivative(q(t), t), q(t))
    assert engine_verdict(*claim)[0]["outcome"] != "proved"
    original = identity.cheap_reduce

    def identified(expr, *args, **kwargs):  # q'(t) and q(t) made one symbol
        return original(sympy.sympify(expr).replace(lambda e: isinstance(e, sympy.Derivative),
                                                    lambda e: e.expr), *args, **kwargs)
    monkeypatch.setattr(identity, "cheap_reduce", identified)
    _caught(*engine_verdict(*claim))


def test_mutation_skipping_an_assumption_filter(monkeypatch):
    """The engine reduces with assumptions the claim does not have (every symbol taken positive)."""
    from checker.kernel.engine import identity
    claim = (sympy.sqrt(x**2), x)
    assert engine_verdict(*claim)[0]["outcome"] != "proved"
    original = identity.cheap_reduce

    def positive(expr, *args, **kwargs):
        expr = sympy.sympify(expr)
        return original(expr.xreplace({s: sympy.Symbol(s.name, positive=True) for s in expr.free_symbols}),
                        *args, **kwargs)
    monkeypatch.setattr(identity, "cheap_reduce", positive)
    _caught(*engine_verdict(*claim))


def test_mutation_a_false_refutation_is_caught():
    """A true claim reported refuted with a witness at which its residual is zero."""
    record = {"name": "c", "outcome": "refuted", "method": "randomized", "claim": True,
              "checkable": identity_checkable(sympy.sin(2 * x), 2 * sympy.sin(x) * sympy.cos(x)),
              "witness": {"instance": {"x": "1/3"}, "residual": ["1e-3"]}}
    add_rechecks([record])
    assert record["recheck"]["result"] == "disagrees"
    assert verdict_and_reason("theorem", True, [record])[0] == "error"


def test_a_verifier_cannot_forge_agreement_into_a_stronger_verdict():
    record = {"name": "c", "outcome": "inconclusive", "method": "symbolic", "claim": True,
              "recheck": {"result": "agrees"}}
    assert verdict_and_reason("theorem", True, [record])[0] == "inconclusive"


def _caught_established(record, verdict):
    assert record["outcome"] in ("proved", "confirmed"), \
        f"the mutation did not make the engine establish the false claim: {record['outcome']}"
    assert record["recheck"]["result"] == "disagrees", record["recheck"]
    assert verdict[0] == "error" and "independent re-check disagrees" in verdict[1]


def test_mutation_identifying_matrix_letters_by_name_only(monkeypatch):
    """The engine takes ``A`` (n×k) and ``A`` (n×m) for one letter (and lets one name carry two shapes):
    ``A_{n×k}P_{k×n} = A_{n×m}P_{m×n}`` is then proved for every shape; it is false wherever k ≠ m."""
    from checker.kernel.engine import matrix_shapes
    n_, k_, m_ = sympy.symbols("n k m", integer=True, positive=True)
    claim = (sympy.MatrixSymbol("A", n_, k_) * sympy.MatrixSymbol("P", k_, n_),
             sympy.MatrixSymbol("A", n_, m_) * sympy.MatrixSymbol("P", m_, n_))
    with pytest.raises(ValueError):
        engine_verdict(*claim)
    from checker.kernel.engine import identity
    for module in (matrix_shapes, identity):
        monkeypatch.setattr(module, "require_one_shape_per_name", lambda *exprs: None)
    original = matrix_shapes._Atom.__init__

    def by_name(self, name, shape, *, inverse=None, transposed=False):
        original(self, name, shape, inverse=inverse, transposed=transposed)
        if inverse is None:
            self.key = ("sym", name, transposed)  # the shape forgotten
    monkeypatch.setattr(matrix_shapes._Atom, "__init__", by_name)
    _caught_established(*engine_verdict(*claim))


def test_mutation_real_only_families_for_plain_functions(monkeypatch):
    """The engine instantiates a plain ``Function('f')`` (complex-valued for sympy) by real functions only:
    ``conj(f(x)) = f(x)`` and ``|f(x)|² = f(x)²`` then hold at every instance it draws."""
    from checker.kernel.engine import instances
    for lhs, rhs in [(sympy.conjugate(f(x)), f(x)), (sympy.Abs(f(x))**2, f(x)**2)]:
        assert engine_verdict(lhs, rhs)[0]["outcome"] not in ("proved", "confirmed")
    monkeypatch.setattr(instances, "WRAPPERS", tuple(w for w in instances.WRAPPERS if not w[0].startswith("complex")))
    for lhs, rhs in [(sympy.conjugate(f(x)), f(x)), (sympy.Abs(f(x))**2, f(x)**2)]:
        _caught_established(*engine_verdict(lhs, rhs))


# -- relations the re-checker makes hold on its own ---------------------------------------------------------------
@pytest.mark.parametrize("true", [True, False])
def test_a_relation_along_a_curve_is_made_to_hold_by_shifting_a_function(true):
    """G(t, q(t)) ≡ 0 ⇒ G_t + G_q·q' = 0 (the derivative of the relation along the curve); false: a sign off.
    Plain G (complex-valued), and real q."""
    q, G = sympy.Function("q", real=True), sympy.Function("G")
    s_ = sympy.Symbol("s")
    g_t = sympy.Subs(sympy.Derivative(G(s_, q(t)), s_), s_, t)
    g_q = sympy.Derivative(G(t, q(t)), q(t))
    claim = g_t + (1 if true else -1) * g_q * sympy.Derivative(q(t), t)
    assert rechecked(claim, 0, relations=[sympy.Eq(G(t, q(t)), 0)]) == ("agrees" if true else "disagrees")


@pytest.mark.parametrize("true", [True, False])
def test_a_differential_equation_gives_the_jet_it_rules(true):
    """Along q'' = −U_q(t, q)/m: d/dt(m q') + U_q = 0 written with the jet (m q'' + U_q = 0); false: m q'' = U_q."""
    q, U = sympy.Function("q"), sympy.Function("U")
    m_ = sympy.Symbol("m", positive=True)
    u_q = sympy.Derivative(U(t, q(t)), q(t))
    rule = {sympy.Derivative(q(t), (t, 2)): -u_q / m_}
    lhs = m_ * sympy.Derivative(q(t), (t, 2)) + (u_q if true else -u_q)
    assert rechecked(lhs, 0, relations=rule) == ("agrees" if true else "disagrees")


def test_a_differential_equation_inside_a_derivative_is_not_rechecked():
    """d/dt of an expression holding the curve needs the equation differentiated: listed, not guessed."""
    q = sympy.Function("q")
    rule = {sympy.Derivative(q(t), (t, 2)): -q(t)}
    record = {"name": "c", "outcome": "proved", "method": "symbolic", "claim": True,
              "checkable": identity_checkable(sympy.Derivative(q(t)**2, t), 0, rule, "premise")}
    assert recheck_record(record)["result"] == NOT_RECHECKABLE


@pytest.mark.parametrize("true", [True, False])
def test_an_implicit_relation_with_functions_is_solved_for_a_symbol(true):
    """v·G_Q(T, Q) + G_T(T, Q) = 0 ⇒ λ·v·G_Q = −λ·G_T (a permitted velocity); false: = +λ·G_T."""
    T, Q, v, lam = sympy.symbols("T Q v lambda", real=True)
    G = sympy.Function("G")
    g_q, g_t = sympy.Derivative(G(T, Q), Q), sympy.Derivative(G(T, Q), T)
    relation = [sympy.Eq(v * g_q + g_t, 0)]
    assert rechecked(lam * v * g_q, (-1 if true else 1) * lam * g_t, relations=relation) == \
        ("agrees" if true else "disagrees")


@settings(max_examples=8, deadline=None)
@given(st.integers(1, 3), st.integers(-3, 3).filter(bool), st.booleans())
def test_shifted_relations_true_and_false(power, c, true):
    """F(t, q(t)) = c·q(t)^power + R(t) along the curve (two functions shifted in turn) ⇒ the relation's derivative;
    false: the power of the derivative's factor off by one."""
    q, F, R = sympy.Function("q"), sympy.Function("F"), sympy.Function("R")
    s_ = sympy.Symbol("s")
    relation = [sympy.Eq(F(t, q(t)), c * q(t)**power + R(t))]
    f_t = sympy.Subs(sympy.Derivative(F(s_, q(t)), s_), s_, t)
    f_q = sympy.Derivative(F(t, q(t)), q(t))
    factor = power * c * q(t)**(power - 1) if true else power * c * q(t)**power
    lhs = f_t + f_q * sympy.Derivative(q(t), t)
    rhs = factor * sympy.Derivative(q(t), t) + sympy.Derivative(R(t), t)
    result = rechecked(lhs, rhs, relations=relation)
    # never the wrong answer; a composed family member can overflow every point drawn (then not re-checkable)
    assert result in (("agrees" if true else "disagrees"), NOT_RECHECKABLE)


@pytest.mark.parametrize("true", [True, False])
def test_block_matrices_of_symbolic_shape(true):
    """diag(A, B)·diag(C, D) = diag(AC, BD) and [[A], [s·a]] = diag(I, s)·[[A], [a]] at random sizes; false: CA."""
    n_, k_ = sympy.symbols("n k", integer=True, positive=True)
    A, C = sympy.MatrixSymbol("A", n_, n_), sympy.MatrixSymbol("C", n_, n_)
    B, D = sympy.MatrixSymbol("B", k_, k_), sympy.MatrixSymbol("D", k_, k_)
    lhs = sympy.BlockDiagMatrix(A, B) * sympy.BlockDiagMatrix(C, D)
    rhs = sympy.BlockDiagMatrix(A * C if true else C * A, B * D)
    assert rechecked(lhs, rhs, seed=1) == ("agrees" if true else "disagrees")
    E, a = sympy.MatrixSymbol("E", n_, k_), sympy.MatrixSymbol("a", 1, k_)
    scaled = sympy.BlockMatrix([[E], [(p if true else p + 1) * a]])
    assert rechecked(scaled, sympy.BlockDiagMatrix(sympy.Identity(n_), sympy.Matrix([[p]])) *
                     sympy.BlockMatrix([[E], [a]]), seed=2) == ("agrees" if true else "disagrees")


def test_the_committed_report_rechecks_with_no_disagreement():
    """CI re-checks the corpus: the committed JSON report (``python -m checker recheck --results`` on it), every claim
    check with a checkable form re-checked on its own; none disagrees and at least 90% are re-checked."""
    import json
    from checker.recheck import recheck_report
    path = Path(__file__).resolve().parent.parent / "reports" / "verification.json"
    numbers = recheck_report(json.loads(path.read_text()))
    assert numbers["disagrees"] == 0, numbers["disagreements"][:3]
    assert numbers["rechecked"] >= 0.9 * numbers["with_checkable_form"], numbers["not_rechecked"]


def test_a_checkable_form_numbers_its_dummies_by_appearance():
    """sympy's ``dummy_index`` starts from a random base in every process: forms (and reports/verification.json)
    changed from run to run.  A dummy is numbered by its first appearance in the form; one shared by two sides keeps
    one number, two distinct ones stay distinct."""
    x = sympy.Symbol("x", real=True)

    def form(d, e):
        return identity_checkable(sympy.sin(d * x) + e, e + sympy.sin(x * d))
    first = form(sympy.Dummy("d"), sympy.Dummy("e"))
    assert first == form(sympy.Dummy("d"), sympy.Dummy("e"))
    numbers = [set(re.findall(r"dummy_index=(\d+)", first[side])) for side in ("lhs", "rhs")]
    assert numbers == [{"1", "2"}, {"1", "2"}]
