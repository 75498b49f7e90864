"""Soundness of the kernel (issue 11): each defect class closed at its mechanism, tried on many generated inputs.

Every test is deterministic (``derandomize=True``) and small, so the file stays fast.
"""
import sympy as sp
from hypothesis import HealthCheck, given, settings, strategies as st

from checker import Proof, run_verifier
from checker.kernel.evidence import Check, verdict_and_reason
from checker.execution.graph import build
from checker.kernel.items import Item
from checker.kernel.proof import certificate_problem, check_proof
from checker.execution.runner import ItemResult, judge, propagate

try:
    from chosen_values import computed
except ImportError:  # run from the repository root as a package path
    from tests.chosen_values import computed

FAST = settings(max_examples=25, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])
x, y, t = sp.symbols("x y t", real=True)
f = sp.Function("f")


def statuses(p):
    return [(r.label, r.status, r.detail) for r in check_proof(p)]


def proof_accepted(p) -> bool:
    return all(r.status == "checked" for r in check_proof(p))


small = st.integers(-4, 4)
nonzero_small = small.filter(lambda n: n != 0)


@st.composite
def polynomials_with_a_root(draw, var=x):
    """p(var) = (var − r)·q(var): a polynomial that vanishes somewhere, so p = 0 holds only at points."""
    r = draw(st.fractions(-3, 3, max_denominator=3))
    coeffs = draw(st.lists(small, min_size=1, max_size=3).filter(any))
    q = sum(c * var**i for i, c in enumerate(coeffs))
    return sp.expand((var - sp.Rational(r.numerator, r.denominator)) * q)


# --- class 1: certificates with poles --------------------------------------------------------

@FAST
@given(polynomials_with_a_root(), nonzero_small, st.lists(small, min_size=0, max_size=2))
def test_bogus_certificates_with_poles_are_rejected(p, k, extra):
    """From p = 0, the certificate [(k + g·p)/p] 'derives' k = 0 (g any polynomial): a pole where p = 0."""
    g = sum(c * x**i for i, c in enumerate(extra))
    proof = Proof()
    proof.hypothesis("h", (p, 0))
    proof.algebra("bogus", ["h"], (k + g * p, 0), certificate=[(k + g * p) / p])
    proof.conclude("bogus")
    assert not proof_accepted(proof)


@FAST
@given(nonzero_small, st.sampled_from([sp.tan(x), 1 / sp.cos(x), sp.sqrt(x), sp.log(x), sp.Abs(x) / x, x**sp.Rational(-1, 3)]))
def test_certificates_with_singular_functions_are_rejected(k, singular):
    assert certificate_problem(k * singular) != ""


def test_tan_certificate_does_not_derive_sin_from_cos():
    proof = Proof()
    proof.hypothesis("h", (sp.cos(x), 0))
    proof.algebra("bogus", ["h"], (sp.sin(x), 0), certificate=[sp.tan(x)])
    proof.conclude("bogus")
    assert not proof_accepted(proof)


@FAST
@given(polynomials_with_a_root(), nonzero_small)
def test_a_definition_that_divides_needs_its_denominator_shown_nonzero(p, k):
    """u := k/p is undefined where p = 0; with it, 'p·u = k' would hold 'everywhere', and so would any
    conclusion drawn from it: the definition is rejected unless a nonzero step declares p."""
    u = sp.Symbol("u")
    proof = Proof()
    proof.define("u", u, k / p)
    proof.conclude("u")
    assert not proof_accepted(proof)
    declared = Proof()
    declared.nonzero("p", p)
    declared.define("u", u, k / p)
    declared.conclude("u")
    assert proof_accepted(declared)


@FAST
@given(polynomials_with_a_root(), st.lists(small, min_size=1, max_size=3))
def test_polynomial_certificates_and_declared_nonzero_denominators_are_accepted(p, coeffs):
    g = sum(c * x**i for i, c in enumerate(coeffs))
    proof = Proof()
    proof.hypothesis("h", (p, 0))
    proof.algebra("ok", ["h"], (g * p, 0), certificate=[g])
    proof.conclude("ok")
    assert proof_accepted(proof)
    # a denominator that a nonzero step declares (x² + y² + 1 is shown nonzero by sympy anyway)
    q = Proof()
    q.nonzero("nz", x**2 + y**2)
    q.hypothesis("h", ((x**2 + y**2) * y, 0))
    q.algebra("y", ["h"], (y, 0), certificate=[1 / (x**2 + y**2)])
    q.conclude("y")
    assert proof_accepted(q)


# --- class 2: differentiating pointwise equations -------------------------------------------

@FAST
@given(polynomials_with_a_root(), small)
def test_pointwise_equations_cannot_be_differentiated(p, c):
    """p(x) = c holds at the roots of p − c only; d/dx would give p'(x) = 0."""
    proof = Proof()
    proof.hypothesis("h", (p + c, c))
    proof.differentiate("d", "h", x, (sp.diff(p, x), 0))
    proof.conclude("d")
    assert not proof_accepted(proof)
    # nor through a consequence of it
    q = Proof()
    q.hypothesis("h", (p + c, c))
    q.algebra("a", ["h"], (2 * p, 0))
    q.differentiate("d", "a", x, (2 * sp.diff(p, x), 0))
    q.conclude("d")
    assert not proof_accepted(q)


@FAST
@given(polynomials_with_a_root(t))
def test_pointwise_equations_cannot_be_substituted_under_a_derivative(p):
    """f(t) = p(t) at one t gives no information on f'(t): substituting inside d/dt is differentiating."""
    g = sp.Symbol("g")
    proof = Proof()
    proof.hypothesis("at a point", (f(t), p))
    proof.hypothesis("target", (g, f(t).diff(t)))
    proof.substitute("s", "target", ["at a point"], (g, sp.diff(p, t)))
    proof.conclude("s")
    assert not proof_accepted(proof)
    declared = Proof()
    declared.hypothesis("along", (f(t), p), along=t)
    declared.hypothesis("target", (g, f(t).diff(t)))
    declared.substitute("s", "target", ["along"], (g, sp.diff(p, t)))
    declared.conclude("s")
    assert proof_accepted(declared)


def test_the_issue_examples_and_declared_identities():
    for eq, var in (((x**2, 4), x), ((t, 0), t)):
        p = Proof()
        p.hypothesis("h", eq)
        p.differentiate("d", "h", var, (sp.diff(eq[0], var), 0))
        p.conclude("d")
        assert "not declared to hold identically" in statuses(p)[1][2]
    p = Proof()
    p.hypothesis("curve", (f(t), 0), along=t)
    p.differentiate("d", "curve", t, (f(t).diff(t), 0))
    p.conclude("d")
    rows = check_proof(p)
    assert all(r.status == "checked" for r in rows)
    assert "(for every t)" in rows[0].statement and "holds identically in t" in rows[1].detail


def test_definitions_must_be_fresh_and_are_not_identities():
    mu = sp.Symbol("mu")
    p = Proof()
    p.define("d", mu, f(t))
    p.differentiate("bogus", "d", t, (-f(t).diff(t), 0))  # mu is a constant name for a value at one t
    p.conclude("bogus")
    assert not proof_accepted(p)
    q = Proof()
    q.hypothesis("h", (mu, 1))
    q.define("d", mu, 2)
    q.conclude("d")
    assert not proof_accepted(q)


# --- classes 5 and 6: claim checks decide -----------------------------------------------------

def fact_check(c, ok, name="fact"):
    c.fact(name, ok)


def item(expected="holds", assumes=()):
    return Item("s.item", "theorem", "t", "", "", expected=expected, assumes=tuple(assumes))


@FAST
@given(st.lists(st.booleans(), min_size=1, max_size=4))
def test_only_analysis_or_supporting_checks_is_error(values):
    from checker.kernel.assumptions import hypothesis
    h = hypothesis("s.h", "h")

    def analysis_only(c):
        c.necessary(h, "w", violates=[("v", computed(True), "symbolic")], conclusion_fails=[("c", computed(True), "symbolic")])

    def supporting_only(c):
        with c.supporting():
            for v in values:
                fact_check(c, True)
    run = run_verifier(analysis_only, item=item(assumes=[h]))
    assert run.verdict == "error" and "no check of the conclusion" in run.reason
    assert run_verifier(supporting_only, item=item()).verdict == "error"


@FAST
@given(st.lists(st.booleans(), min_size=1, max_size=5), st.booleans())
def test_expected_failures_are_refuted_only_by_a_claim_check(supporting, claim_holds):
    """Unmarked checks of an expected failure support; the marked claim check alone may refute."""
    def verifier(c):
        for i, v in enumerate(supporting):
            fact_check(c, v, f"support {i}")
        with c.claim():
            fact_check(c, claim_holds, "claim")
    verdict = run_verifier(verifier, item=item("fails")).verdict
    if not all(supporting):
        assert verdict == "error"
    else:
        assert verdict == ("proved" if claim_holds else "refuted")


def test_a_typo_in_a_supporting_check_of_a_true_statement_is_an_error_not_a_refutation():
    def verifier(c):
        fact_check(c, False, "typo")  # unmarked: supporting, in an expected failure
    assert run_verifier(verifier, item=item("fails")).verdict == "error"


# --- class 7: the parent derives the verdict from plain records -------------------------------

def test_editing_check_objects_after_recording_changes_nothing():
    def verifier(c):
        fact_check(c, False)
        c.checks[0].outcome = "proved"
        c.checks[0].claim = False
    run = run_verifier(verifier)
    assert run.verdict == "refuted"


records = st.fixed_dictionaries({
    "name": st.sampled_from(["a", "b"]),
    "outcome": st.sampled_from(["proved", "confirmed", "inconclusive", "refuted", "error"]),
    "method": st.sampled_from(["symbolic", "proof script", "randomized", "numerical", "instances"]),
    "claim": st.booleans(),
    "steps": st.lists(st.fixed_dictionaries({"status": st.sampled_from(["checked", "failed", "unchecked"])}),
                      max_size=3)})


@FAST
@given(st.lists(records, min_size=1, max_size=5))
def test_forged_records_never_give_a_stronger_verdict(recs):
    it = Item("s.forged", "theorem", "t", "", "", verifier=lambda c: None)
    verdict = judge(it, {"checks": recs, "failure": ""})["verdict"]
    claims = [r for r in recs if r["claim"]]
    honest = all(r["outcome"] != "proved" or (r["method"] in ("symbolic",) or
                                              (r["method"] == "proof script" and r["steps"]
                                               and all(s["status"] == "checked" for s in r["steps"])))
                 for r in recs)
    if verdict == "proved":
        assert honest and claims and all(r["outcome"] == "proved" for r in claims)
    if not honest or not claims:
        assert verdict == "error"


def test_a_malformed_message_is_an_error():
    it = Item("s.forged", "theorem", "t", "", "", verifier=lambda c: None)
    assert judge(it, "proved")["verdict"] == "error"
    assert judge(it, {"checks": ["proved"]})["verdict"] == "error"
    assert verdict_and_reason("theorem", True, [Check("a", "proved", "randomized")])[0] == "error"


# --- class 10: propagation is the weakest over everything below --------------------------------

RANK = {"proved": 0, "confirmed": 1}


@st.composite
def dags(draw):
    n = draw(st.integers(2, 8))
    kinds = draw(st.lists(st.sampled_from(["lemma", "definition", "theorem", "cited"]), min_size=n, max_size=n))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=14))
    verdicts = draw(st.lists(st.sampled_from(["proved", "confirmed", "refuted", "inconclusive", "defined", "stated"]),
                             min_size=n, max_size=n))
    uses = {i: sorted({j for a, j in edges if a == i and j < i}) for i in range(n)}  # j < i: acyclic
    return n, kinds, uses, verdicts


@FAST
@given(dags())
def test_established_verdict_is_the_brute_force_minimum_over_all_ancestors(dag):
    n, kinds, uses, verdicts = dag
    items = [Item(f"n{i}", kinds[i], "x", "", "", uses=tuple(f"n{j}" for j in uses[i]), verifier=lambda c: None)
             for i in range(n)]
    corpus = build(items)
    results = {f"n{i}": ItemResult(f"n{i}", verdicts[i]) for i in range(n)}
    propagate(corpus, results)

    def below(i):  # independent transitive closure by depth-first search
        seen, stack = set(), list(uses[i])
        while stack:
            j = stack.pop()
            if j not in seen:
                seen.add(j)
                stack.extend(uses[j])
        return seen

    def below_trusted(i):  # reached from i without entering a cited item (independent search)
        seen, stack = set(), [j for j in uses[i] if kinds[j] != "cited"]
        while stack:
            j = stack.pop()
            if j not in seen:
                seen.add(j)
                stack.extend(m for m in uses[j] if kinds[m] != "cited")
        return seen

    for i in range(n):
        own, deps = verdicts[i], below(i)
        bad = [j for j in deps if verdicts[j] not in ("proved", "confirmed", "defined", "stated")]
        got = results[f"n{i}"].graph_verdict
        if own not in ("proved", "confirmed", "defined", "stated"):
            assert got == own
        elif bad:
            assert got == "unsupported"
            assert sorted(results[f"n{i}"].blocked_by) == sorted(f"n{j} ({verdicts[j]})" for j in bad)
        elif own == "proved":
            # a trusted result (cited) is an axiom: neither it nor what lies only below it lowers a proof
            weakest = max((RANK.get(verdicts[j], 0) for j in below_trusted(i)), default=0)
            assert got == ("confirmed" if weakest else "proved")
        else:
            assert got == own



def test_a_definition_passes_on_a_confirmed_lemma_below_it():
    items = [Item("lem", "lemma", "x", "", "", verifier=lambda c: None),
             Item("defn", "definition", "x", "", "", uses=("lem",), verifier=lambda c: None),
             Item("thm", "theorem", "x", "", "", uses=("defn",), verifier=lambda c: None)]
    results = {"lem": ItemResult("lem", "confirmed"), "defn": ItemResult("defn", "defined"),
               "thm": ItemResult("thm", "proved")}
    propagate(build(items), results)
    assert results["thm"].graph_verdict == "confirmed"


def test_a_trusted_result_is_an_axiom_but_a_refuted_one_still_blocks():
    items = [Item("lem", "lemma", "x", "", "", verifier=lambda c: None),
             Item("trusted", "cited", "x", "", "", uses=("lem",), verifier=lambda c: None),
             Item("thm", "theorem", "x", "", "", uses=("trusted",), verifier=lambda c: None),
             Item("thm2", "theorem", "x", "", "", uses=("trusted", "lem"), verifier=lambda c: None)]
    results = {"lem": ItemResult("lem", "confirmed"), "trusted": ItemResult("trusted", "confirmed"),
               "thm": ItemResult("thm", "proved"), "thm2": ItemResult("thm2", "proved")}
    propagate(build(items), results)
    assert results["thm"].graph_verdict == "proved"       # proved relative to the trusted result
    assert results["thm2"].graph_verdict == "confirmed"   # but it also uses the confirmed lemma directly
    assert results["trusted"].graph_verdict == "confirmed"
    assert "trusted" in build(items).rests_on("thm")["trusted results"]
    results = {"lem": ItemResult("lem", "refuted"), "trusted": ItemResult("trusted", "confirmed"),
               "thm": ItemResult("thm", "proved"), "thm2": ItemResult("thm2", "proved")}
    propagate(build(items), results)
    assert results["thm"].graph_verdict == "unsupported"


def test_an_item_scope_is_printed_with_its_verdict():
    it = Item("s.scoped", "theorem", "x", "", "", verifier=lambda c: None, scope="n <= 3")
    assert it.verdict_line("proved") == "proved (n <= 3)"
    assert it.verdict_line("refuted") == "refuted"
    assert Item("s.plain", "theorem", "x", "", "").verdict_line("proved") == "proved"


# --- class 3: hypothesis steps name the item's assumptions ------------------------------------

ids = st.sampled_from(["s.a", "s.b", "s.c", "s.d"])


@FAST
@given(st.lists(ids, max_size=3, unique=True), st.one_of(st.none(), ids), polynomials_with_a_root())
def test_a_hypothesis_step_must_instantiate_a_declared_assumption(declared, named, p):
    from checker.kernel.assumptions import hypothesis
    host = Item("s.host", "theorem", "t", "", "", assumes=tuple(hypothesis(i, i) for i in declared))

    def verifier(c):
        proof = Proof()
        proof.hypothesis("h", (p, 0), assumption=named)
        proof.algebra("c", ["h"], (2 * p, 0))
        proof.conclude("c")
        c.proof("p", proof)
    verdict = run_verifier(verifier, item=host).verdict
    assert verdict == ("proved" if named in declared else "inconclusive")


def test_an_item_without_assumptions_cannot_assume_one_equals_zero():
    def verifier(c):
        proof = Proof()
        proof.hypothesis("h", (1, 0))
        proof.conclude("h")
        c.proof("1 = 0", proof)
    assert run_verifier(verifier, item=Item("s.none", "theorem", "t", "", "")).verdict == "inconclusive"

    def premise(c):  # a premise is allowed, and the record says what was proved: an implication
        proof = Proof()
        proof.suppose("h", (sp.Symbol("u"), 0))
        proof.conclude("h")
        c.proof("u = 0 ⇒ u = 0", proof)
    run = run_verifier(premise, item=Item("s.none", "theorem", "t", "", ""))
    assert run.verdict == "proved" and "premises 'h' (u = 0) ⇒ step 'h'" in run.checks[0].detail

    def vacuous(c):  # (issue 35, class 9) an implication from inconsistent premises is vacuous, never proved
        proof = Proof()
        proof.suppose("h", (1, 0))
        proof.conclude("h")
        c.proof("1 = 0 ⇒ 1 = 0", proof)
    run = run_verifier(vacuous, item=Item("s.none", "theorem", "t", "", ""))
    assert run.verdict == "inconclusive" and "the premises are inconsistent" in run.checks[0].detail


# --- class 4: a cited equation is an instance of one the cited item exports ---------------------

def test_citations_must_match_an_exported_equation():
    g = sp.Function("g")
    lib = Item("s.lib", "lemma", "lib", "", "", verifier=lambda c: None,
               exports={"square": ((x + y) ** 2, x**2 + 2 * x * y + y**2)})
    from checker.kernel.items import _REGISTRY
    _REGISTRY.setdefault("tests.soundness", []).append((lib, None))
    try:
        host = Item("s.host", "theorem", "t", "", "", uses=("s.lib",))

        def cite(eq, **kw):
            def verifier(c):
                proof = Proof()
                proof.cite("c", "s.lib", eq, **kw)
                proof.conclude("c")
                c.proof("p", proof)
            return run_verifier(verifier, item=host).verdict
        assert cite(((x + y) ** 2, x**2 + 2 * x * y + y**2), name="square") == "proved"
        assert cite(((t + 1) ** 2, t**2 + 2 * t + 1), name="square", instance={x: t, y: 1}) == "proved"
        assert cite((g(t), 0), name="square") == "inconclusive"          # not the exported equation
        assert cite(((x + y) ** 2, x**2 + y**2), name="square") == "inconclusive"
        assert cite(((x + y) ** 2, x**2 + 2 * x * y + y**2)) == "inconclusive"  # no name
        assert cite(((x + y) ** 2, x**2 + 2 * x * y + y**2), name="cube") == "inconclusive"
        # the export is checked in the exporting item's own run
        from checker.execution.runner import judge, run_in_process
        assert judge(lib, run_in_process(lib, 0, "quick"))["verdict"] == "proved"
        bad = Item("s.bad", "lemma", "bad", "", "", verifier=lambda c: None, exports={"wrong": ((x + y) ** 2, x**2)})
        assert judge(bad, run_in_process(bad, 0, "quick"))["verdict"] == "refuted"
    finally:
        _REGISTRY.pop("tests.soundness")


# --- class 8: necessity witnesses cover every other assumption, predicates are evaluated ---------

@FAST
@given(st.integers(2, 4), st.data())
def test_a_witness_must_cover_every_other_assumption_by_id(n, data):
    from checker.kernel.assumptions import hypothesis
    hyps = [hypothesis(f"s.h{i}", f"h{i}") for i in range(n)]
    host = Item("s.host", "theorem", "t", "", "", assumes=tuple(hyps))
    covered = data.draw(st.lists(st.sampled_from(hyps[1:]), unique=True))

    def verifier(c):
        fact_check(c, True, "conclusion")
        c.necessary(hyps[0], "w", violates=[("v", computed(True), "computation")],
                    others_hold={h: [("holds", computed(True), "computation")] for h in covered},
                    conclusion_fails=[("c", computed(True), "computation")])
    status = run_verifier(verifier, item=host).hypothesis_status(hyps[0])
    assert status == ("necessary" if len(covered) == n - 1 else "not analysed")


@FAST
@given(st.lists(st.integers(-5, 5), min_size=2, max_size=4))
def test_predicates_are_evaluated_on_the_instance(values):
    """A witness whose instance satisfies the violated hypothesis, or violates another, is rejected."""
    from checker.kernel.assumptions import hypothesis
    positive = hypothesis("s.positive", "x > 0", predicate=lambda v: v > 0)
    even = hypothesis("s.even", "x even", predicate=lambda v: v % 2 == 0)
    host = Item("s.host", "theorem", "t", "", "", assumes=(positive, even))
    v = values[0]

    def verifier(c):
        fact_check(c, True, "conclusion")
        c.necessary(positive, f"x = {v}", violates=[("claimed", computed(True), "computation")],
                    others_hold={even: [("claimed", computed(True), "computation")]},
                    conclusion_fails=[("c", computed(True), "computation")], instances={positive: v, even: v})
    status = run_verifier(verifier, item=host).hypothesis_status(positive)
    assert status == ("necessary" if v <= 0 and v % 2 == 0 else "not analysed")


def test_unnamed_others_hold_is_refused():
    import pytest
    from checker.kernel.assumptions import hypothesis
    h, k = hypothesis("s.h", "h"), hypothesis("s.k", "k")

    def verifier(c):
        c.necessary(h, "w", violates=[("v", computed(True), "computation")], others_hold=[("anything", computed(True), "computation")],
                    conclusion_fails=[("c", computed(True), "computation")])
    with pytest.raises(TypeError, match="others_hold must map"):
        run_verifier(verifier, item=Item("s.host", "theorem", "t", "", "", assumes=(h, k)))


# --- class 9: "not needed" needs the conclusion's claim checks, all inside, all passing -----------

@FAST
@given(st.lists(st.tuples(st.sampled_from(["inside", "outside"]), st.booleans(), st.booleans()), min_size=1, max_size=5))
def test_not_needed_requires_the_claim_checks_inside_and_passing(layout):
    from checker.kernel.assumptions import hypothesis
    h = hypothesis("s.h", "h")
    host = Item("s.host", "theorem", "t", "", "", assumes=(h,))

    def record(c, claim, ok, i):
        if claim:
            fact_check(c, ok, f"check {i}")
        else:
            with c.supporting():
                fact_check(c, ok, f"check {i}")

    def verifier(c):
        for i, (where, claim, ok) in enumerate(layout):
            if where == "inside":
                with c.without(h):
                    record(c, claim, ok, i)
            else:
                record(c, claim, ok, i)
    status = run_verifier(verifier, item=host).hypothesis_status(h)
    inside = [(claim, ok) for where, claim, ok in layout if where == "inside"]
    outside_claims = [1 for where, claim, ok in layout if where == "outside" and claim]
    expected = bool(inside) and all(claim and ok for claim, ok in inside) and not outside_claims
    assert (status == "not needed") == expected


def test_a_trivial_check_in_a_without_block_shows_nothing():
    from checker.kernel.assumptions import hypothesis
    h = hypothesis("s.h", "h")

    def verifier(c):
        c.identity("the conclusion", (x + 1) ** 2, x**2 + 2 * x + 1)
        with c.without(h):
            c.identity("1 + 1 = 2", sp.Integer(1) + 1, 2)
    run = run_verifier(verifier, item=Item("s.host", "theorem", "t", "", "", assumes=(h,)))
    assert run.hypothesis_status(h) == "not analysed"


# --- classes 11 and 12: trusted results, and assumptions shown not needed ------------------------

def test_cited_items_are_trusted_results_and_can_be_dropped():
    from checker.execution.ablation import dropped_items
    items = [Item("lit.theorem", "cited", "a cited theorem", "", ""),
             Item("mid", "lemma", "x", "", "", uses=("lit.theorem",), verifier=lambda c: None),
             Item("top", "theorem", "x", "", "", uses=("mid",), verifier=lambda c: None)]
    corpus = build(items)
    assert corpus.rests_on("top")["trusted results"] == ["lit.theorem"]
    assert corpus.trusted_results() == ["lit.theorem"]
    assert set(dropped_items(corpus, ["lit.theorem"])) == {"lit.theorem", "mid", "top"}


@FAST
@given(dags(), st.data())
def test_what_if_drops_exactly_the_items_with_a_path_avoiding_not_needed_edges(dag, data):
    from checker.execution.ablation import dropped_items
    from checker.kernel.assumptions import hypothesis
    n, kinds, uses, _ = dag
    h = hypothesis("s.h", "h")
    assuming = data.draw(st.lists(st.integers(0, n - 1), unique=True))
    shown = set(data.draw(st.lists(st.sampled_from(assuming), unique=True))) if assuming else set()
    items = [Item(f"n{i}", "lemma", "x", "", "", uses=tuple(f"n{j}" for j in uses[i]),
                  assumes=(h,) if i in assuming else (), verifier=lambda c: None) for i in range(n)]
    corpus = build(items)
    dropped = dropped_items(corpus, ["s.h"], {f"n{i}": {"s.h"} for i in shown})

    def falls(i, seen=()):  # brute force: assumes h (not shown not needed), or uses something that falls
        return (i in assuming and i not in shown) or any(falls(j) for j in uses[i])
    assert set(dropped) == {f"n{i}" for i in range(n) if falls(i)}
    for i in range(n):
        ro = corpus.rests_on(f"n{i}", {f"n{j}": {"s.h"} for j in shown})
        assert ("s.h" in ro["hypotheses"]) == falls(i)
