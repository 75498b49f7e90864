"""The honest headline (issue 38): own items proved for their whole statement are counted apart from own items proved
only in a narrower scope (declared, narrowed by a sweep or the quick profile, or resting on something narrower), from
trusted results and from confirmed items; "established" also asks the trusted results' scopes to be the whole."""
import json
import textwrap

import pytest

from checker.execution.headline import headline, headline_lines
from checker.interfaces.api import load, verify

ITEMS = textwrap.dedent('''
    import sympy as sp
    from checker import cited, definition, lemma, theorem
    x = sp.Symbol("x", real=True)

    def exact(check):
        check.identity("double", x + x, 2 * x)

    @definition("hl.def", title="a definition", statement="d", source="t")
    def _(check):
        check.identity("definition exercised", x * 1, x)

    @cited("hl.cite_whole", title="a trusted result", statement="c", source="t")
    def _(check):
        exact(check)

    @cited("hl.cite_narrow", title="a trusted result checked at small sizes", statement="c", source="t", scope="m <= 3")
    def _(check):
        exact(check)

    @lemma("hl.whole", title="proved as stated", statement="s", source="t", uses=["hl.def"])
    def _(check):
        exact(check)

    @lemma("hl.scoped", title="proved at small sizes", statement="s", source="t", scope="n <= 3")
    def _(check):
        exact(check)

    @lemma("hl.swept", title="a sweep", statement="for every size", source="t")
    def _(check):
        with check.claim():
            for size in check.sweep(range(1, 4)):
                check.identity(f"size {size}", x * size, size * x)

    @theorem("hl.on_scoped", title="rests on a narrower lemma", statement="s", source="t", uses=["hl.scoped"])
    def _(check):
        exact(check)

    @theorem("hl.on_narrow_trust", title="cites a narrower trusted result", statement="s", source="t",
             uses=["hl.cite_narrow", "hl.whole"])
    def _(check):
        exact(check)

    @theorem("hl.on_whole_trust", title="cites a whole trusted result", statement="s", source="t",
             uses=["hl.cite_whole"])
    def _(check):
        exact(check)

    @theorem("hl.above_narrow_trust", title="rests on an item citing a narrower trusted result", statement="s",
             source="t", uses=["hl.on_narrow_trust"])
    def _(check):
        exact(check)

    @lemma("hl.numeric", title="confirmed only", statement="s", source="t")
    def _(check):
        check.numeric("a number", 1e-30, 1e-20)

    @theorem("hl.false", title="a false variation", statement="s", source="t", expected="fails")
    def _(check):
        with check.claim():
            check.identity("wrong", x + x, 3 * x)
''')


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    path = tmp_path_factory.mktemp("headline") / "headline_items.py"
    path.write_text(ITEMS)
    corpus = load(paths=[str(path)], corpus=False)
    ids = sorted(corpus.items)
    return {profile: verify(corpus, ids, seed=0, profile=profile, timeout=60, cache=False)
            for profile in ("default", "quick")}


def test_every_count_of_the_default_headline(runs):
    results = runs["default"]
    h = results.summary["headline"]
    assert results.ok
    own = ["hl.above_narrow_trust", "hl.numeric", "hl.on_narrow_trust", "hl.on_scoped", "hl.on_whole_trust",
           "hl.scoped", "hl.swept", "hl.whole"]
    assert h["own_expected_to_hold"] == len(own)
    assert h["own_proved_whole_statement_ids"] == ["hl.above_narrow_trust", "hl.on_narrow_trust", "hl.on_whole_trust",
                                                   "hl.whole"]
    assert h["own_proved_whole_statement"] == 4 and h["share_own_proved_whole_statement"] == round(4 / 8, 3)
    narrower = {x["id"]: x["scope"] for x in h["own_proved_narrower_scope_items"]}
    # a sweep's sizes always narrow the scope (issue 35, class 11), in the default profile too
    assert narrower == {"hl.scoped": "n <= 3", "hl.on_scoped": "rests on hl.scoped (n <= 3)",
                        "hl.swept": "checked at sizes 1, 2, 3 only"}
    assert h["own_proved_narrower_scope"] == 3
    # established for the whole statement: the trusted result's scope m <= 3 is passed on, through hl.on_narrow_trust
    assert h["established_proved_whole_statement"] == 2
    assert h["trusted_results_count"] == 2
    assert h["trusted_results_narrower_scope"] == [{"id": "hl.cite_narrow", "scope": "m <= 3"}]
    assert h["own_confirmed"] == 1 and h["confirmed"] == 1
    assert h["own_not_proved"] == [{"id": "hl.numeric", "verdict": "confirmed"}]
    # the old fields stay
    assert results.summary["checked_claims"]["proved_by_own_checks"] >= 5


def test_the_quick_profile_narrows_a_cut_sweep(runs):
    h = runs["quick"].summary["headline"]
    narrower = {x["id"]: x["scope"] for x in h["own_proved_narrower_scope_items"]}
    assert narrower["hl.swept"].startswith("quick profile")
    assert "hl.swept" not in h["own_proved_whole_statement_ids"]
    assert h["own_proved_whole_statement"] == 4


def test_the_first_headline_line_is_the_whole_statement_figure(runs):
    lines = headline_lines(runs["default"].summary["headline"])
    assert lines[0] == "own items proved for their whole statement: 4 of 8 non-cited items expected to hold (50%)"
    assert "hl.scoped (n <= 3)" in lines[1]


def test_a_refuted_or_unsupported_own_item_is_not_counted(runs):
    results = runs["default"]
    corpus = results.corpus
    broken = dict(results)
    from copy import copy
    res = copy(broken["hl.whole"])
    res.verdict = "refuted"
    broken["hl.whole"] = res
    from checker.execution.runner import propagate
    propagate(corpus, broken)
    h = headline(corpus, broken)
    assert "hl.whole" not in h["own_proved_whole_statement_ids"]
    assert {"id": "hl.whole", "verdict": "refuted"} in h["own_not_proved"]
    # hl.on_narrow_trust rests on hl.whole: still proved by its own checks, but no longer established
    assert "hl.on_narrow_trust" in h["own_proved_whole_statement_ids"]
    assert h["established_proved_whole_statement"] == 1


def test_the_json_and_html_and_cli_carry_the_headline(runs, tmp_path, capsys):
    from checker.reporting.html_report import _headline_html
    from checker.reporting.report import build_report, to_json, to_markdown
    results = runs["default"]
    report = build_report(results.corpus, results, seed=0, profile="default")
    data = json.loads(to_json(report))
    assert data["summary"]["headline"]["own_proved_whole_statement"] == 4
    assert "checked_claims" in data["summary"]
    assert "Own items proved for their whole statement: 4 of 8" in _headline_html(data["summary"]["headline"],
                                                                                  _links(results.corpus))
    assert "**Own items proved for their whole statement: 4 of 8" in to_markdown(report)
    from checker.interfaces.cli import _print_summary
    _print_summary(report, 1.0, results.corpus)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("own items proved for their whole statement: 4 of 8")


def _links(corpus):
    from checker.reporting.html_page import Links
    return Links(corpus, depth=0)
