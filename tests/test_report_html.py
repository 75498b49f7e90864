"""The report's renderers without a browser: MathML repair, typesetting, labels, legend, dot and svg, determinism."""
import json
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from checker.reporting.layout import wrap_label
from checker.reporting.mathml import VARIANT_NAMES, formula, statement_html, styled_char
from checker.reporting.typeset import equation_html, expression_html, parse, value_html
from test_cli import FIXTURES, run_cli, user

ROOT = Path(__file__).resolve().parents[1]


def mathml(latex: str) -> ET.Element:
    return ET.fromstring(formula(latex).replace("<math ", '<math xmlns="http://www.w3.org/1998/Math/MathML" ', 1))


def local(el) -> str:
    return el.tag.rsplit("}", 1)[-1]


def test_accents_are_mover_accents():
    root = mathml(r"L_x = m(y\dot z - z\dot y) + \ddot q + \hat n + \bar x")
    movers = [e for e in root.iter() if local(e) == "mover"]
    assert len(movers) == 5 and all(m.get("accent") == "true" for m in movers)
    assert [m[1].text for m in movers] == ["\u02d9", "\u02d9", "\u00a8", "^", "\u00af"]


def test_alphabets_become_unicode_letters_and_primes_follow_their_base():
    text = formula(r"\mathcal L_{\dot q} \in \mathbb R^n,\ \mathfrak g,\ \mathsf A,\ f''(t)")
    assert "mathvariant" not in text
    for letter in ("\u2112", "\u211d", "\U0001d524", "\U0001d5a0"):  # script L, double-struck R, fraktur g, sans A
        assert letter in text
    root = mathml("f''(t)")
    assert not [e for e in root.iter() if local(e) == "msup"]
    assert any(local(e) == "mo" and e.text == "\u2033" for e in root.iter())


def test_a_formula_that_does_not_convert_keeps_its_source():
    assert formula(r"\frac{1}{").startswith('<code class="tex">')
    assert statement_html("a < b and $x^2$").startswith("a &lt; b and <math")


@given(st.sampled_from(sorted(VARIANT_NAMES)), st.characters(min_codepoint=32, max_codepoint=0x3ff))
@settings(max_examples=300, deadline=None)
def test_styled_characters_are_that_alphabet_or_unchanged(variant, ch):
    out = styled_char(ch, variant)
    assert len(out) == 1
    if out != ch:
        name = unicodedata.name(out)
        assert ch.isalnum()
        assert any(w in name for w in ("MATHEMATICAL", "SCRIPT", "BLACK-LETTER", "DOUBLE-STRUCK", "PLANCK"))


@given(st.text(alphabet="abcdefghij_.xyz", min_size=0, max_size=80), st.integers(4, 30))
def test_labels_wrap_without_losing_characters(text, width):
    lines = wrap_label(text, width)
    assert "".join(lines) == text
    assert all(len(line) <= width for line in lines)


def test_typeset_only_what_prints_back_the_same():
    assert parse("m*x(t) + Derivative(x(t), t)**2") is not None
    assert parse("Derivative(x(t), t)**2 + m*x(t)") is None  # not how sympy prints it: not the recorded form
    assert parse("cancels") is None and parse("difference is 0 in the field") is None
    assert parse("__import__('os')") is None
    assert parse("lambda*x") is not None  # λ, a keyword in Python
    html = expression_html("Derivative(phi(t), t)**2")
    assert "<math" in html and "\u02d9" in html and "<details" in html and "Derivative(phi(t), t)**2" in html
    assert 'class="num"' in expression_html("1.0000000000000000000")  # digits kept as recorded


def test_a_witness_is_simplified_when_cheap_with_the_recorded_form_kept():
    raw = "-g*sin(theta)**2 - g*cos(theta)**2"
    html = value_html({"residual": raw})
    assert "simplified by sympy" in html and raw in html
    assert html.count("<math") == 1 and "<mi>g</mi>" in html and "sin" not in html.split("<details")[0]


def test_reproduce_command_is_copyable_code_and_steps_keep_their_remark():
    html = value_html({"reproduce": "python -m checker verify a.b --seed 0", "seed": 12})
    assert '<span class="cmd"><code>python -m checker verify a.b --seed 0</code>' in html
    step = equation_html("g(t, x(t)) = 0  (for every t)")
    assert "<math" in step and "(for every t)" in step
    assert "\u2260" in equation_html("x(t)**2 + 1 != 0")


@pytest.fixture(scope="module")
def fixture_report():
    from checker.execution.loader import load
    from checker.reporting.report import build_report
    from checker.execution.runner import propagate, run
    corpus = load(paths=[str(FIXTURES / "report_items.py")], corpus=False)
    results = run(corpus, list(corpus.items), isolate=False)
    propagate(corpus, results)
    return corpus, build_report(corpus, results, seed=0, profile="default")


def test_every_drawn_mark_has_a_legend_entry(fixture_report):
    from checker.reporting.html_report import site_files, whole_graph_svg
    from checker.reporting.svg import legend_entries
    corpus, report = fixture_report
    svgs = [whole_graph_svg(corpus, report), whole_graph_svg(corpus, report, hypotheses=True)]
    svgs += [t for n, t in site_files(corpus, report).items() if n.startswith("items/") and n.endswith(".html")]
    for text in svgs:
        for svg in text.split("<svg")[1:]:
            marks = {m for chunk in svg.split('data-mark="')[1:] for m in chunk.split('"', 1)[0].split()}
            assert marks <= {key for key, _, _ in legend_entries(marks)}
    marks = whole_graph_svg(corpus, report).split('data-marks="', 1)[1].split('"', 1)[0].split()
    assert {"expected-fails", "hypotheses", "panel", "edge-cross", "verdict-refuted"} <= set(marks)


def test_site_is_deterministic_and_pages_are_small(fixture_report):
    from checker.reporting.publish import render_all
    corpus, report = fixture_report
    first, second = render_all(corpus, report), render_all(corpus, report)
    assert first == second
    assert first["items/checker-math.woff2"] == (ROOT / "checker" / "assets" / "checker-math.woff2").read_bytes()
    assert "Open Font License" in first["items/checker-math-OFL.txt"]
    assert max(len(t) for n, t in first.items() if n.endswith(".html")) < 200_000


def test_stale_item_pages_go_with_the_old_folder(tmp_path, fixture_report):
    from checker.reporting.publish import write_reports
    corpus, report = fixture_report
    write_reports(corpus, report, tmp_path)
    (tmp_path / "items" / "gone.item.html").write_text("an item that no longer exists")
    write_reports(corpus, report, tmp_path)
    assert not (tmp_path / "items" / "gone.item.html").exists()
    assert (tmp_path / "items" / "mech.pendulum_energy.html").exists()


def test_dot_carries_verdict_colours_and_svg_is_a_drawing(tmp_path):
    from checker.reporting.svg import VERDICT_FILL
    args = user("report_items.py")
    results = tmp_path / "r.json"
    assert run_cli("verify", "all", *args, "--json", str(results)).returncode == 0
    dot = run_cli("graph", "--format", "dot", "--results", str(results), *args)
    assert dot.returncode == 0, dot.stderr
    line = next(ln for ln in dot.stdout.splitlines() if ln.strip().startswith('"calc.false_square" ['))
    assert f'fillcolor="{VERDICT_FILL["refuted"]}"' in line and "penwidth=3" in line
    assert f'fillcolor="{VERDICT_FILL["proved"]}"' in dot.stdout and '"legend" [shape=plaintext' in dot.stdout
    assert "mass_positive" in dot.stdout.split('"mech.pendulum_energy" [', 1)[1].split("\n", 1)[0]  # folded
    svg = run_cli("graph", "--format", "svg", "--results", str(results), *args)
    root = ET.fromstring(svg.stdout)
    nodes = [a for a in root.iter("{http://www.w3.org/2000/svg}a")]
    assert sorted(a.get("data-id") for a in nodes) == sorted(r["id"] for r in json.loads(results.read_text())["items"])
    assert root.find(".//{http://www.w3.org/2000/svg}g[@class='legend']") is not None
    with_hyps = run_cli("graph", "--format", "svg", "--hypotheses", "--no-verdicts", *args)
    assert 'data-id="mech.mass_positive"' in with_hyps.stdout and 'data-verdict="not run"' in with_hyps.stdout


def test_graph_colours_come_from_the_results_cache_and_running_needs_verify():
    """By default a drawing takes the verdicts the cache holds and runs nothing: before any verify every item is
    'not run' (said on stderr); after one, the colours are the verify's; --verify runs the verifiers."""
    from checker.reporting.svg import VERDICT_FILL
    args = user("report_items.py")
    before = run_cli("graph", "--format", "dot", *args)
    assert before.returncode == 0 and "drawn 'not run'" in before.stderr
    assert f'fillcolor="{VERDICT_FILL["proved"]}"' not in before.stdout and "verifying" not in before.stderr.lower()
    assert run_cli("verify", "all", *args).returncode == 0
    after = run_cli("graph", "--format", "dot", *args)
    line = next(ln for ln in after.stdout.splitlines() if ln.strip().startswith('"calc.false_square" ['))
    assert f'fillcolor="{VERDICT_FILL["refuted"]}"' in line and "not run" not in after.stderr
    assert run_cli("graph", "--format", "dot", "--verify", "--no-cache", *args).stdout == after.stdout
    clash = run_cli("graph", "--format", "dot", "--verify", "--no-verdicts", *args)
    assert clash.returncode == 2 and "exclude each other" in clash.stderr


def test_report_with_user_modules_needs_out():
    index = ROOT / "reports" / "index.html"
    before = index.stat().st_mtime_ns if index.exists() else None
    out = run_cli("report", *user("good_items.py"))
    assert out.returncode == 2 and "needs --out DIR" in out.stderr
    assert (index.stat().st_mtime_ns if index.exists() else None) == before
    out = run_cli("graph", "--format", "dot", "--results", "/nonexistent.json", *user("good_items.py"))
    assert out.returncode == 2 and "--results /nonexistent.json" in out.stderr
