"""Ablation (--without), hypothesis analysis (necessary / not needed), avoids, and the report files."""
import json
import xml.etree.ElementTree as ET

from hypothesis import given, settings, strategies as st

from checker.execution.ablation import avoids_violations, dropped_items
from checker.kernel.assumptions import hypothesis as make_hypothesis
from checker.execution.graph import build
from checker.kernel.items import Item
from checker.execution.loader import load
from checker.reporting.publish import render_all
from checker.reporting.report import build_report
from checker.execution.runner import propagate, run
from test_cli import FIXTURES, run_cli, user

try:
    from chosen_values import computed
except ImportError:  # run from the repository root as a package path
    from tests.chosen_values import computed

FIXTURE = str(FIXTURES / "assumption_items.py")


def fixture_run(without=()):
    corpus = load(paths=[FIXTURE], corpus=False)
    results = run(corpus, list(corpus.items), isolate=False, dropped=dropped_items(corpus, without))
    propagate(corpus, results)
    return corpus, results, build_report(corpus, results, seed=0, profile="default", without=without)


def statuses(results, item_id):
    return {h["assumption"]: h["status"] for h in results[item_id].hypotheses}


def test_necessary_and_not_needed_are_told_apart():
    _, results, _ = fixture_run()
    assert statuses(results, "fx.square_positive") == {"fx.h_positive": "necessary", "fx.h_integer": "not needed"}
    assert results["fx.square_positive"].status == "ok"
    assert results["fx.square_positive"].verdict == "proved"


def test_a_witness_that_does_not_violate_its_hypothesis_is_rejected():
    _, results, _ = fixture_run()
    table = {h["assumption"]: h for h in results["fx.bad_witness"].hypotheses}
    assert table["fx.h_positive"]["status"] == "not analysed"
    assert "rejected" in table["fx.h_positive"]["problems"][0]
    # the conclusion's own verdict is untouched, but the item is not as expected
    assert results["fx.bad_witness"].verdict == "proved"
    assert results["fx.bad_witness"].status.startswith("hypothesis analysis:")


def test_broken_avoids_is_found_with_its_path():
    corpus = load(paths=[FIXTURE], corpus=False)
    broken = avoids_violations(corpus)
    assert [(b["item"], b["avoids"]) for b in broken] == [("fx.broken_avoid", "fx.law")]
    assert broken[0]["path"] == ["fx.broken_avoid", "fx.under_law", "fx.law"]
    _, _, report = fixture_run()
    kept = {(a["item"], a["outcome"]) for a in report["avoids"]}
    assert ("fx.pure_algebra", "kept") in kept and ("fx.broken_avoid", "broken") in kept


def test_verify_fails_on_broken_avoids_and_rejected_witness_and_says_why():
    out = run_cli("verify", "all", *user("assumption_items.py"))
    assert out.returncode == 1
    assert "AVOIDS BROKEN: fx.broken_avoid must not rest on fx.law, but fx.broken_avoid --statement--> fx.under_law --assumes--> fx.law" in out.stdout
    assert "NOT AS EXPECTED: fx.bad_witness: hypothesis analysis: necessity witness 'a = 1' rejected" in out.stdout


def test_without_removes_exactly_what_rests_on_the_assumption():
    corpus, before, _ = fixture_run()
    _, after, report = fixture_run(without=["fx.law"])
    gone = {i for i, r in after.items() if r.status == "not established under these assumptions"}
    assert gone == {"fx.law", "fx.under_law", "fx.broken_avoid"} == set(corpus.dependents("fx.law")) | {"fx.law"}
    for i in set(after) - gone:
        assert after[i].verdict == before[i].verdict
    assert after["fx.under_law"].dropped_path == ["fx.under_law", "fx.law"]
    assert report["summary"]["not_established_under_assumptions"] == 3


def test_without_on_the_command_line():
    # fx.h_integer is shown not needed by the item's own analysis: dropping it leaves the item established
    kept = run_cli("verify", "fx.square_positive", *user("assumption_items.py"), "--without", "fx.h_integer")
    assert kept.returncode == 0, kept.stdout + kept.stderr
    assert "0 items not established" in kept.stdout and "not established: fx.square_positive" not in kept.stdout
    out = run_cli("verify", "fx.square_positive", *user("assumption_items.py"), "--without", "fx.h_positive")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "not established: fx.square_positive  (fx.square_positive --assumes--> fx.h_positive)" in out.stdout
    bad = run_cli("verify", "all", *user("assumption_items.py"), "--without", "fx.nope")
    assert bad.returncode == 2 and "unknown id 'fx.nope'" in bad.stderr
    item = run_cli("verify", "all", *user("assumption_items.py"), "--without", "fx.pure_algebra")
    assert item.returncode == 2 and "not an assumption" in item.stderr


def test_dependents_of_an_assumption_lists_paths_without_running():
    out = run_cli("dependents", "fx.law", *user("assumption_items.py"))
    assert out.returncode == 0
    assert "2 items rest on fx.law" in out.stdout
    assert "fx.broken_avoid  (fx.broken_avoid --statement--> fx.under_law --assumes--> fx.law)" in out.stdout


def test_show_prints_the_hypothesis_table():
    out = run_cli("show", "fx.square_positive", *user("assumption_items.py"))
    assert "necessary     fx.h_positive (hypothesis): witness: a = 0" in out.stdout
    assert "not needed    fx.h_integer (hypothesis)" in out.stdout


def test_report_files_are_deterministic_and_complete():
    corpus, _, report = fixture_run()
    first = render_all(corpus, report)
    corpus2, _, report2 = fixture_run()
    assert render_all(corpus2, report2) == first
    pages = {f"items/{i}.html" for i in corpus.items}
    assert set(first) == {"verification.json", "verification.md", "index.html", "assumptions.html", "matrix.html",
                          "graph.svg", "graph.graphml", "junit.xml", "items/checker-math.woff2",
                          "items/checker-math-OFL.txt", "report.css", "report.js", "graph-data.js"} | pages
    data = json.loads(first["verification.json"])
    assert "seconds" not in json.dumps(data)
    suite = ET.fromstring(first["junit.xml"])
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert set(corpus.items) <= set(cases)
    assert cases["fx.bad_witness"].find("failure") is not None
    assert cases["fx.square_positive"].find("failure") is None
    assert cases["fx.broken_avoid avoids fx.law"].find("failure") is not None
    html = first["index.html"]
    assert html.count('class="node"') == len(corpus.items)  # hypotheses folded into their items
    assert 'href="items/fx.square_positive.html"' in html
    assert any("<math" in first[p] for p in pages)
    for name, text in first.items():  # self-contained: no external resource
        if name.endswith((".html", ".svg")):
            assert "http://" not in text.replace("http://www.w3.org/", "") and "https://" not in text, name


def test_report_command_writes_every_file(tmp_path):
    out = run_cli("report", *user("good_items.py"), "--out", str(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    names = {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")}
    assert {"index.html", "assumptions.html", "matrix.html", "verification.json", "verification.md", "graph.graphml",
            "junit.xml", "graph.svg", "timings.json", "items/user.chain_rule.html", "items/checker-math.woff2"} <= names
    assert not [n for n in names if "/." in "/" + n]  # no temporary file left behind


@st.composite
def random_corpora(draw):
    """A random DAG of items over a few hypotheses (edges only to earlier items)."""
    n = draw(st.integers(1, 9))
    hyps = [make_hypothesis(f"h.{k}", f"hypothesis {k}") for k in range(3)]
    items = []
    for i in range(n):
        uses = draw(st.lists(st.integers(0, i - 1), unique=True, max_size=3)) if i else []
        assumes = draw(st.lists(st.sampled_from(hyps), unique=True, max_size=2))
        items.append(Item(f"i.{i}", "lemma", "t", "", "", uses=tuple(f"i.{u}" for u in uses), assumes=tuple(assumes)))
    return build(items), draw(st.lists(st.sampled_from([h.id for h in hyps]), unique=True, max_size=2))


@settings(max_examples=60, deadline=None)
@given(random_corpora())
def test_dropped_items_are_exactly_the_items_resting_on_a_dropped_assumption(data):
    corpus, without = data
    dropped = dropped_items(corpus, without)
    expected = {i for i in corpus.items if any(corpus.why(i, a) for a in without)}
    assert set(dropped) == expected
    for item_id, path in dropped.items():
        assert path[0] == item_id and path[-1] in without
        assert all(corpus.graph.has_edge(a, b) for a, b in zip(path, path[1:]))


def test_analysis_forms_name_only_assumptions_of_the_item():
    import pytest
    from checker import run_verifier
    h = make_hypothesis("u.h", "h")
    it = Item("u.t", "theorem", "t", "", "", assumes=())

    def claims_unassumed(check):
        with check.without(h):
            check.fact("x", computed(True))
    with pytest.raises(ValueError, match="does not assume 'u.h'"):
        run_verifier(claims_unassumed, item=it)


def test_a_failed_not_needed_claim_is_a_problem_and_figures_check_their_shape():
    import pytest
    from checker import run_verifier
    h = make_hypothesis("u.h", "h")
    it = Item("u.t", "theorem", "t", "", "", assumes=(h,))

    def overclaims(check):
        check.fact("main", computed(True))
        with check.without(h):
            check.fact("fails without h", computed(False))
    res = run_verifier(overclaims, item=it)
    assert res.hypothesis_status(h) == "not analysed"
    assert "'not needed' claim failed" in res.hypotheses[0].problems[0]

    def bad_figure(check):
        check.figure("f", [0, 1], {"y": [1.0]})
    with pytest.raises(ValueError, match="has 1 values for 2"):
        run_verifier(bad_figure)
