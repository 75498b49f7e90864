"""Issue 40: the per-run graph steps rewritten as one pass over the graph give exactly what walking every item's
closure gave (the walks made them quadratic in the items).

A differential test on random corpora built by hypothesis: random DAGs of items of every kind (cited items
among them: trusted results cut what lies below them from a proof), postulates and hypotheses, random
verdicts (established and not, some items not run), scoped items and quick-profile cut sweeps, and random
"not needed" analyses; the one-pass :func:`propagate`, :meth:`Corpus.rests_on_every_item` and the API's
``closure`` against the per-item walks they replace (kept here as the reference).
"""
import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.execution.graph import build
from checker.execution.pool import ItemResult
from checker.execution.runner import ESTABLISHED, _evidence_level, _reached_before_trusted, propagate
from checker.kernel.assumptions import hypothesis as make_hypothesis
from checker.kernel.evidence import NOT_ESTABLISHED_STATUS, NOT_RUN, SWEEP_CUT_IN_QUICK, status_of, verdict_scope
from checker.kernel.assumptions import postulate_assumption
from checker.kernel.items import Item

KINDS = ("definition", "lemma", "theorem", "corollary", "cited", "remark", "example")
VERDICTS = ("proved", "proved", "proved", "confirmed", "defined", "stated", "refuted", "inconclusive", "error",
            "not established")
CUT = {"name": "larger sizes", "method": "symbolic", "claim": False, "outcome": "inconclusive", "detail": NOT_RUN + SWEEP_CUT_IN_QUICK}


@st.composite
def corpora(draw):
    """(corpus, results): a random DAG of items over a few assumptions, with random results."""
    n = draw(st.integers(1, 14))
    hypotheses = [make_hypothesis(f"h.{k}", f"hypothesis {k}") for k in range(draw(st.integers(0, 3)))]
    postulates = [postulate_assumption(f"p.{k}", f"postulate {k}") for k in range(draw(st.integers(0, 2)))]
    items = [Item(id=p.id, kind="postulate", title="", statement="", source="", assumption=p) for p in postulates]
    for k in range(n):
        earlier = [it.id for it in items]
        uses = draw(st.lists(st.sampled_from(earlier), unique=True, max_size=3)) if earlier else []
        proof_uses = draw(st.lists(st.sampled_from(earlier), unique=True, max_size=1)) if earlier else []
        assumes = draw(st.lists(st.sampled_from(hypotheses + postulates), unique_by=lambda a: a.id, max_size=2)) \
            if hypotheses + postulates else []
        items.append(Item(id=f"m{k % 3}.i{k}", kind=draw(st.sampled_from(KINDS)), title="", statement="", source="",
                          uses=tuple(uses), proof_uses=tuple(u for u in proof_uses if u not in uses),
                          assumes=tuple(assumes), scope=draw(st.sampled_from(["", "", "n <= 3"]))))
    corpus = build(items)
    results = {}
    for it in items:
        if draw(st.integers(0, 9)) == 0:
            continue  # not run
        verdict = draw(st.sampled_from(VERDICTS))
        checks = [dict(CUT)] if draw(st.booleans()) and draw(st.booleans()) else []
        hyps = [{"assumption": a.id, "status": "not needed"} for a in it.assumes if draw(st.booleans())]
        results[it.id] = ItemResult(it.id, verdict, checks, hypotheses=hyps)
    return corpus, results


def reference_propagate(corpus, results):
    """The per-item closure walk that :func:`propagate` replaced (the code before issue 40)."""
    out = {}
    for item_id in corpus.order():
        if item_id not in results:
            continue
        res = results[item_id]
        own = res.verdict
        if own == "not established":
            out[item_id] = ("not established", [], [])
            continue
        blocked, some_dep_confirmed, narrower = [], False, []
        below_proof = _reached_before_trusted(corpus, item_id)
        for dep in sorted(d for d in nx.descendants(corpus.graph, item_id) if d in corpus.items):
            dres = results.get(dep)
            if dres is None:
                blocked.append(f"{dep} (not run)")
            elif dres.verdict not in ESTABLISHED:
                blocked.append(f"{dep} ({dres.verdict})")
            else:
                if _evidence_level(dres) == "confirmed" and dep in below_proof:
                    some_dep_confirmed = True
                scope = verdict_scope(corpus.items[dep], dres.checks) if dep in below_proof else ""
                if scope:
                    narrower.append(f"{dep} ({scope})")
        if own not in ESTABLISHED:
            graph_verdict = own
        elif blocked:
            graph_verdict = "unsupported"
        elif some_dep_confirmed and own == "proved":
            graph_verdict = "confirmed"
        else:
            graph_verdict = own
        out[item_id] = (graph_verdict, blocked, narrower)
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpora())
def test_one_pass_propagation_equals_the_closure_walk(drawn):
    corpus, results = drawn
    expected = reference_propagate(corpus, results)
    propagate(corpus, results)
    for item_id, (graph_verdict, blocked, narrower) in expected.items():
        res = results[item_id]
        assert (res.graph_verdict, res.blocked_by, res.narrower_scopes) == (graph_verdict, blocked, narrower), item_id
        if graph_verdict != "not established":
            assert res.status.startswith(status_of(corpus.items[item_id].expected, res.verdict, graph_verdict))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpora())
def test_rests_on_every_item_equals_rests_on_one_by_one(drawn):
    from checker.execution.ablation import not_needed_map
    corpus, results = drawn
    for not_needed in (None, not_needed_map(results)):
        every = corpus.rests_on_every_item(not_needed)
        assert set(every) == set(corpus.items)
        for item_id in corpus.items:
            assert every[item_id] == corpus.rests_on(item_id, not_needed), item_id


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpora(), st.data())
def test_closure_of_several_ids_is_their_items_and_everything_below(drawn, data):
    from checker.interfaces.api import closure
    corpus, _ = drawn
    ids = data.draw(st.lists(st.sampled_from(sorted(corpus.items)), unique=True, max_size=4))
    wanted = set(ids)
    for i in ids:
        wanted |= {d for d in nx.descendants(corpus.graph, i) if d in corpus.items}
    assert closure(corpus, ids) == [i for i in corpus.order() if i in wanted]


def reference_dropped(corpus, without, not_needed):
    """Which items rest on a dropped node, and how far (the per-item shortest-path search it replaced)."""
    graph = corpus.used_graph(not_needed)
    out = {}
    for dropped in sorted(set(without)):
        if dropped not in graph:
            continue
        resting = sorted(n for n in nx.ancestors(graph, dropped) if n in corpus.items)
        for item_id in [dropped] * (dropped in corpus.items) + resting:
            if item_id not in out:
                out[item_id] = (dropped, nx.shortest_path_length(graph, item_id, dropped))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpora(), st.data())
def test_dropped_items_are_the_same_with_a_shortest_path_each(drawn, data):
    from checker.execution.ablation import dropped_items, not_needed_map
    corpus, results = drawn
    without = data.draw(st.lists(st.sampled_from(sorted(corpus.graph.nodes)), max_size=3))
    not_needed = not_needed_map(results)
    graph = corpus.used_graph(not_needed)
    got = dropped_items(corpus, without, not_needed)
    expected = reference_dropped(corpus, without, not_needed)
    assert set(got) == set(expected)
    for item_id, path in got.items():
        target, length = expected[item_id]
        assert path[0] == item_id and path[-1] == target and len(path) == length + 1
        assert all(graph.has_edge(a, b) for a, b in zip(path, path[1:]))
    assert dropped_items(corpus, without, not_needed) == got  # deterministic


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpora())
def test_junit_marks_exactly_the_items_not_as_expected(drawn):
    import xml.etree.ElementTree as ET
    from checker.reporting.junit import to_junit
    from checker.reporting.report import build_report
    corpus, results = drawn
    results = {i: r for i, r in results.items()}
    for item_id in corpus.items:  # a report covers every item
        results.setdefault(item_id, ItemResult(item_id, "proved", []))
    propagate(corpus, results)
    report = build_report(corpus, results, seed=0, profile="default")
    suite = ET.fromstring(to_junit(report).split("\n", 1)[1])
    failed = {c.get("name") for c in suite.iter("testcase") if c.find("failure") is not None}
    skipped = {c.get("name") for c in suite.iter("testcase") if c.find("skipped") is not None}
    assert failed == {r["id"] for r in report["items"] if not results[r["id"]].as_expected}
    assert skipped == {r["id"] for r in report["items"] if r["status"] == NOT_ESTABLISHED_STATUS}
