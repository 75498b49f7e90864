"""Jupyter: a notebook that declares items, verifies them with ``checker.api.verify`` and shows items, results, a
proof and the graph, executed in a real kernel (nbclient); the HTML each cell displays is checked."""
import os
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parents[1]

MINE = '''
import sympy as sp
from checker import theorem

x, a = sp.symbols("x a", real=True)


@theorem("nb.square", title="square of a sum", statement="$(x + a)^2 = x^2 + 2ax + a^2$")
def square(check):
    check.identity("binomial", (x + a)**2, x**2 + 2*a*x + a**2)


@theorem("nb.false_square", title="(x + a)^2 = x^2 + a^2, a false variation", expected="fails")
def false_square(check):
    with check.claim():
        check.identity("binomial", (x + a)**2, x**2 + a**2)
'''

CELLS = [
    "import sys; sys.path.insert(0, '.')\nimport checker\nfrom checker.api import load, verify",
    "corpus = load(paths=['nb_items.py'], corpus=False)\ncorpus",
    "corpus.items['nb.square']",
    "results = verify(corpus, cache=False, jobs=1)\nresults",
    "results['nb.false_square']",
    ("import sympy as sp\nfrom checker import Proof\nt = sp.Symbol('t')\ntheta = sp.Function('theta')(t)\n"
     "p = Proof('derivative of cos')\n"
     "p.hypothesis('h', (sp.Derivative(sp.cos(theta), t), -sp.sin(theta) * theta.diff(t)))\np"),
]


def html_of(cell) -> str:
    return "".join(o.get("data", {}).get("text/html", "") for o in cell.get("outputs", []))


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("notebook")
    (folder / "nb_items.py").write_text(MINE, encoding="utf-8")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    env_path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = env_path  # the kernel imports this checkout
    try:
        client = nbclient.NotebookClient(notebook, timeout=240, kernel_name="python3",
                                         resources={"metadata": {"path": str(folder)}})
        client.execute()
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old
    return notebook


def test_the_notebook_runs_without_an_error(executed):
    errors = [o for c in executed.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert errors == [], errors


def test_the_graph_of_a_corpus_displays_as_svg(executed):
    html = html_of(executed.cells[1])
    assert "<svg" in html and "2 items" in html and "nb.square" in html


def test_an_item_displays_its_typeset_statement(executed):
    html = html_of(executed.cells[2])
    assert "nb.square" in html and "<math" in html and "square of a sum" in html


def test_verify_works_in_a_notebook_and_the_run_displays_as_a_table(executed):
    html = html_of(executed.cells[3])
    assert "every item as expected" in html
    assert html.count("<tr>") == 3 and "proved" in html and "refuted" in html


def test_a_refuted_result_leads_with_its_counterexample(executed):
    html = html_of(executed.cells[4])
    assert "refuted" in html and "witness" in html and "python -m checker verify nb.false_square" in html


def test_a_proof_displays_as_written_not_evaluated(executed):
    html = html_of(executed.cells[5])
    assert "<ol>" in html and "[hypothesis]" in html
    assert "<mi>d</mi>" in html or "d</mi>" in html  # the d/dt of the recorded derivative is kept


def test_nothing_is_registered_outside_ipython():
    from checker.interfaces.notebook import register
    assert register() is False  # no running IPython shell here (pytest), whatever is imported
