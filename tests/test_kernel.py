"""Kernel behaviour in-process: claim forms, checked-proof rules, graph, propagation."""
import sympy as sp
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from checker import Proof, hypothesis as make_hypothesis, run_verifier
from checker.kernel.decision import Decision
from checker.kernel.evidence import item_verdict, Check
from checker.execution.graph import LoadError, build
from checker.kernel.items import Item
from checker.kernel.proof import check_proof
from checker.reporting.report import write_atomically
from checker.execution.runner import ItemResult, propagate

try:
    from chosen_values import computed
except ImportError:  # run from the repository root as a package path
    from tests.chosen_values import computed

t = sp.Symbol("t", real=True)
a, b = sp.symbols("a b")
U = sp.Function("U")
x = sp.Function("x")(t)


def verdict_of(fn, **kw):
    return run_verifier(fn, **kw).verdict


# --- identities -----------------------------------------------------------------------------

def test_identity_proved_symbolically():
    assert verdict_of(lambda c: c.identity("binomial", (a + b) ** 2, a**2 + 2 * a * b + b**2)) == "proved"


def test_identity_with_generic_function_is_refuted_with_a_reproducible_witness():
    def verifier(c):
        c.identity("wrong chain rule", sp.diff(U(x) ** 2, t), U(x) * sp.Derivative(U(x), x) * x.diff(t))
    first, second = run_verifier(verifier, seed=7), run_verifier(verifier, seed=7)
    assert first.verdict == "refuted"
    assert first.checks[0].witness == second.checks[0].witness  # same seed, same shrunk witness


def test_identity_modulo_relations():
    # E = x'^2/2 + x^2/2 is conserved modulo x'' = -x
    energy = x.diff(t) ** 2 / 2 + x**2 / 2
    assert verdict_of(lambda c: c.identity("energy", energy.diff(t), 0, relations={x.diff(t, 2): -x}, premise="statement")) == "proved"
    assert verdict_of(lambda c: c.identity("energy", energy.diff(t), 0, relations={x.diff(t, 2): x}, premise="statement")) == "refuted"


def test_identity_sympy_cannot_reduce_is_confirmed_not_proved(monkeypatch):
    import checker.kernel.engine.identity as identity
    monkeypatch.setattr(identity, "cheap_reduce", lambda r, *a, **k: (None, r))
    monkeypatch.setattr(identity, "rewriting_reduce", lambda r, *a, **k: (None, r))
    run = run_verifier(lambda c: c.identity("binomial", (a + b) ** 2, a**2 + 2 * a * b + b**2))
    assert run.verdict == "confirmed"
    assert "error probability" in run.checks[0].detail


@pytest.mark.parametrize("k, power", [(k, p) for k in (-5, -1, 1, 3) for p in range(4)])
def test_identity_rejects_every_perturbation(k, power):
    """Adding any nonzero monomial to a true identity makes it refuted."""
    perturbation = k * a**power
    assert verdict_of(lambda c: c.identity("perturbed", (a + b) ** 2 + perturbation, a**2 + 2 * a * b + b**2)) == "refuted"


def test_matrix_identity():
    M = sp.Matrix([[a, b], [b, a]])
    assert verdict_of(lambda c: c.identity("symmetric", M.T, M)) == "proved"
    assert verdict_of(lambda c: c.identity("not symmetric", sp.Matrix([[a, b], [0, a]]).T, sp.Matrix([[a, b], [0, a]]))) == "refuted"


# --- property, fact, numeric -----------------------------------------------------------------

def test_property_finds_and_shrinks_a_counterexample():
    run = run_verifier(lambda c: c.property("small", st.integers(0, 1000), lambda n: n < 100))
    assert run.verdict == "refuted"
    assert run.checks[0].witness["instance"] == "100"  # shrunk to the boundary


def test_property_confirmed_reports_counts_and_seed():
    run = run_verifier(lambda c: c.property("squares", st.integers(), lambda n: n * n >= 0, samples=20), seed=3)
    check = run.checks[0]
    assert run.verdict == "confirmed" and check.instances >= 3 and check.seed is not None


def test_fact_with_decision_and_methods():
    assert verdict_of(lambda c: c.fact("d", Decision(True, certificate=1))) == "proved"
    run = run_verifier(lambda c: c.fact("d", Decision(False, witness="w", explanation="no")))
    assert run.verdict == "refuted" and run.checks[0].witness["witness"] == "w"
    assert verdict_of(lambda c: c.fact("instances", computed(True), method="instances")) == "confirmed"


def test_numeric_tolerance():
    assert verdict_of(lambda c: c.numeric("close", 1e-12, 1e-10)) == "confirmed"
    assert verdict_of(lambda c: c.numeric("far", 1e-3, 1e-10)) == "refuted"


def test_item_verdict_rules():
    ok = Check("c", "proved", "symbolic")
    assert item_verdict("definition", True, [ok]) == "defined"
    assert item_verdict("remark", False, []) == "stated"
    assert item_verdict("lemma", True, []) == "error"
    assert item_verdict("lemma", True, [ok, Check("d", "confirmed", "randomized")]) == "confirmed"
    assert item_verdict("lemma", True, [ok, Check("d", "inconclusive", "randomized"), Check("e", "refuted", "witness")]) == "refuted"


# --- checked proofs --------------------------------------------------------------------------

mu = sp.Function("mu")(t)


def proof_status(build_steps):
    p = Proof()
    last = build_steps(p)
    p.conclude(last)
    return [r.status for r in check_proof(p)]


def test_each_rule_accepts_a_valid_step():
    def steps(p):
        p.hypothesis("h", (x.diff(t), 2 * t), along=t)
        p.differentiate("d", "h", t, (x.diff(t, 2), 2))
        p.hypothesis("g", (mu, x.diff(t, 2) * t))
        p.substitute("s", "g", ["d"], (mu, 2 * t))
        p.algebra("a", ["s"], (mu**2, 4 * t**2))
        p.hypothesis("f", ((1 + t**2) * mu, 0))
        p.cancel("c", "f", 1 + t**2, (mu, 0))
        p.suppose("k", (1 + t**2, 0))  # refuted by contradiction (a hypothesis 1 + t² = 0 contradicts t real)
        p.contradiction("x", "k")
        return "x"
    assert set(proof_status(steps)) == {"checked"}


@pytest.mark.parametrize("bad", ["differentiate", "substitute", "algebra", "cancel", "contradiction", "cite"])
def test_each_rule_rejects_an_invalid_step(bad):
    def steps(p):
        p.hypothesis("h", (x.diff(t), 2 * t), along=t)
        if bad == "differentiate":
            p.differentiate("bad", "h", t, (x.diff(t, 2), 3))
        elif bad == "substitute":
            p.hypothesis("g", (mu, x.diff(t) * t))
            p.substitute("bad", "g", ["h"], (mu, 3 * t**2))
        elif bad == "algebra":
            p.algebra("bad", ["h"], (x.diff(t) ** 2, 4 * t))
        elif bad == "cancel":
            p.hypothesis("f", (t * mu, 0))
            p.cancel("bad", "f", t, (mu, 0))  # t may vanish
        elif bad == "contradiction":
            p.hypothesis("k", (t**2 - 1, 0))
            p.contradiction("bad", "k")
        else:
            p.cite("bad", "some.item", (mu, 0))
        return "bad"
    assert proof_status(steps)[-1] == "failed" or "failed" in proof_status(steps)


def test_a_step_resting_on_a_failed_step_fails_and_proof_is_not_proved():
    def verifier(c):
        p = Proof()
        p.hypothesis("h", (x.diff(t), 2 * t), along=t)
        p.differentiate("wrong", "h", t, (x.diff(t, 2), 3))
        p.differentiate("next", "wrong", t, (x.diff(t, 3), 0))
        p.conclude("next")
        c.proof("p", p)
    run = run_verifier(verifier)
    assert run.verdict == "inconclusive"
    assert [s["status"] for s in run.checks[0].steps] == ["checked", "failed", "failed"]


def test_cite_requires_the_item_to_be_used():
    used = Item("host", "lemma", "host", "", "", uses=("other.item",))

    def verifier(c):
        p = Proof()
        p.cite("c", "other.item", (mu, 0))
        p.conclude("c")
        c.proof("p", p)
    used_run = run_verifier(verifier, item=used)  # used, but it exports no equation: nothing to cite
    assert used_run.verdict == "inconclusive" and "must name the equation" in used_run.checks[0].detail
    unused = run_verifier(verifier, item=Item("host", "lemma", "host", "", ""))
    assert unused.verdict == "inconclusive" and "not among the item's uses" in unused.checks[0].detail


def test_boolean_equation_is_refused():
    with pytest.raises(ValueError, match="evaluated to"):
        Proof().hypothesis("h", sp.Eq(1 + t**2, 0))


def test_a_proof_without_conclusion_is_not_proved():
    p = Proof()
    p.hypothesis("h", (mu, 0))
    assert check_proof(p)[-1].status == "failed"


# --- graph and propagation -------------------------------------------------------------------

def mk(id, uses=(), kind="lemma", assumes=(), expected="holds"):
    return Item(id, kind, id, "", "test", uses=tuple(uses), assumes=tuple(assumes), expected=expected, verifier=lambda c: None)


def test_graph_rests_on_splits_postulates_hypotheses_definitions():
    from checker.kernel.assumptions import postulate_assumption
    law = postulate_assumption("p.law", "law")
    postulate_item = Item("p.law", "postulate", "law", "", "", assumption=law)
    h = make_hypothesis("h.one", "one")
    corpus = build([postulate_item, mk("d.def", kind="definition"), mk("l.a", ["d.def"], assumes=[h, law]), mk("t.b", ["l.a"])])
    assert corpus.rests_on("t.b") == {"postulates": ["p.law"], "hypotheses": ["h.one"], "definitions": ["d.def"],
                                      "trusted results": [], "not needed": []}
    assert corpus.dependents("p.law") == ["l.a", "t.b"]
    assert corpus.why("t.b", "h.one") == ["t.b", "l.a", "h.one"]
    assert corpus.order().index("d.def") < corpus.order().index("l.a") < corpus.order().index("t.b")


def test_graph_load_errors():
    with pytest.raises(LoadError, match="duplicate item id: x"):
        build([mk("x"), mk("x")])
    with pytest.raises(LoadError, match="unknown id nowhere"):
        build([mk("x", ["nowhere"])])
    with pytest.raises(LoadError, match="cycle: .*a -> b -> a|cycle: b -> a -> b"):
        build([mk("a", ["b"]), mk("b", ["a"])])
    with pytest.raises(LoadError, match="both an item and an assumption"):
        build([mk("x", assumes=[make_hypothesis("x", "clash")])])


def test_propagation_unsupported_and_weakest_level():
    corpus = build([mk("base"), mk("mid", ["base"]), mk("top", ["mid"]), mk("conf"), mk("uses_conf", ["conf"]),
                    mk("false", expected="fails"), mk("on_false", ["false"])])
    results = {i: ItemResult(i, v) for i, v in {"base": "refuted", "mid": "proved", "top": "proved", "conf": "confirmed",
                                                 "uses_conf": "proved", "false": "refuted", "on_false": "proved"}.items()}
    propagate(corpus, results)
    assert results["mid"].graph_verdict == "unsupported" and results["top"].graph_verdict == "unsupported"
    assert results["top"].blocked_by == ["base (refuted)"]  # the root cause, found transitively
    assert results["uses_conf"].graph_verdict == "confirmed" and results["uses_conf"].status == "ok"
    assert results["false"].status == "ok"
    assert results["on_false"].status == "unsupported"


def test_atomic_write_keeps_old_content_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "r.json"
    write_atomically(target, "old")
    import os
    monkeypatch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        write_atomically(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_shrinking_is_capped_by_a_count_and_stays_reproducible():
    from hypothesis import strategies as st
    from checker.kernel.engine.randomized import falsify
    calls = []

    def residual(n):
        calls.append(n)
        return n < 10**6  # fails for every large n; shrinking would walk down towards 10**6

    first = falsify(st.integers(0, 10**9), residual, seed=3, max_examples=200, tolerance=0, max_shrinks=5)
    assert first.found and first.counterexample >= 10**6
    n_calls = len(calls)
    assert n_calls <= 200 + 5 + 1
    calls.clear()
    again = falsify(st.integers(0, 10**9), residual, seed=3, max_examples=200, tolerance=0, max_shrinks=5)
    assert again.counterexample == first.counterexample and len(calls) == n_calls


# -- profiles ------------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.integers(1, 200))
def test_profiles_scale_instance_counts_with_their_minimums(base):
    from checker.kernel.checks import Checks
    quick, default, thorough = (Checks(profile=p).instances(base) for p in ("quick", "default", "thorough"))
    assert quick == max(1, round(base / 5)) and default == max(3, base) and thorough == max(3, 5 * base)
    assert 1 <= quick <= default <= thorough


def test_a_quick_randomized_check_says_how_few_instances_it_drew():
    from hypothesis import strategies as hst
    from checker.kernel.checks import Checks
    check = Checks(profile="quick").property("x*x >= 0", hst.integers(-5, 5), lambda x: x * x >= 0, samples=3)
    assert check.outcome == "confirmed" and check.instances == 1 and check.detail.startswith("1 instances")


def test_a_module_executed_again_replaces_its_items_and_a_real_duplicate_stays(tmp_path):
    """Re-executing a module (a fresh namespace, same file and line) is one declaration, not a duplicate;
    one id declared twice in one execution, at one line or two, is a duplicate loading reports."""
    import importlib.util
    from checker.kernel.items import forget, registered
    path = tmp_path / "reexec_items.py"
    path.write_text("from checker import lemma\n"
                    "@lemma('reexec.one', title='one', statement='x')\n"
                    "def verify(check):\n    pass\n")

    def execute(name):
        spec = importlib.util.spec_from_file_location(name, path)
        spec.loader.exec_module(importlib.util.module_from_spec(spec))

    try:
        execute("reexec_items")
        execute("reexec_items")
        assert [it.id for it in registered("reexec_items")] == ["reexec.one"]
        path.write_text("from checker import lemma\n"
                        "for _ in range(2):\n    lemma('reexec.two', title='two', statement='x')(lambda check: None)\n")
        forget("reexec_items")
        execute("reexec_items")
        assert [it.id for it in registered("reexec_items")] == ["reexec.two", "reexec.two"]
    finally:
        forget("reexec_items")
