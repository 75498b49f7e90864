"""Soundness of the kernel, third round (issue 35, classes 6–11 and 14): defects found through the public API.

Each class is closed at its mechanism and tried here on generated variants (deterministic, small), true and false:

6. constant facts written as expressions with no input from the item (generators over literals, attributes of sympy
   literals) vs facts computed from what the verifier computed;
7. exported equations evidenced only at real points cited at non-real values;
8. definitions as hidden premises (``define w := 2x + 3`` then ``suppose w = 2x``);
9. premises inconsistent with the symbols' assumptions (m positive, ``m² = 0``) or with each other;
10. item modules that exit or raise a non-``Exception`` while loading;
11. sweeps that narrow the scope of a verdict;
14. postulates, hypotheses and trusted results reached through ``uses`` missing from ``rests_on``.
"""
import textwrap

import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings, strategies as st

from checker import Proof
from checker.kernel.checks import Checks
from checker.kernel.proof import check_proof, proved_statement

FAST = settings(max_examples=20, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
x, y = sp.symbols("x y", real=True)
w = sp.Symbol("w")
small = st.integers(-5, 5)
nonzero_small = small.filter(lambda n: n != 0)


def proof_check(proof):
    """The check record ``check.proof`` makes of ``proof`` (outside any item)."""
    return Checks().proof("p", proof)


# --- 8: definitions are premises -----------------------------------------------------------------------------------

@FAST
@given(nonzero_small, small, small, small)
def test_a_supposition_contradicting_a_definition_proves_nothing(a, b, c, target):
    """w := a x + b beside w = a x + c (c ≠ b) is inconsistent: any x = target 'follows'; the proof is vacuous."""
    if c == b:
        c = b + 1
    proof = Proof()
    proof.define("d", w, a * x + b)
    proof.suppose("s", (w, a * x + c))
    # x − target = (d − s)·(x − target)/(c − b): an ideal certificate, so every step checks
    proof.algebra("a", ["d", "s"], (x, target))
    proof.conclude("a")
    check = proof_check(proof)
    assert check.outcome == "inconclusive"
    assert "vacuous: the premises are inconsistent" in check.detail


@FAST
@given(nonzero_small, small, small)
def test_a_consistent_definition_still_proves_and_is_shown_as_a_premise(a, b, c):
    """w := a x + b and w = c give x = (c − b)/a: proved, and the record shows the definition among the premises."""
    proof = Proof()
    proof.define("d", w, a * x + b)
    proof.suppose("s", (w, c))
    proof.algebra("a", ["d", "s"], (x, sp.Rational(c - b, a)))
    proof.conclude("a")
    check = proof_check(proof)
    assert check.outcome == "proved", check.detail
    assert f"'d' ({w} := {sp.sstr(a * x + b)})" in check.detail
    assert f"'d' ({w} := {sp.sstr(a * x + b)})" in proved_statement(proof)


# --- 9: premises inconsistent with the assumptions or each other ---------------------------------------------------

m, n = sp.symbols("m n", positive=True)
r = sp.Symbol("r", real=True)
k = sp.Symbol("k", nonzero=True)


@st.composite
def assumption_contradicting_premises(draw):
    """``(premises, g)``: premise sets with complex solutions but none where the symbols' assumptions hold, and a
    consequence g = 0 of them with g nonzero by those assumptions (so ``cancel`` by g reaches 1 = 0)."""
    kind = draw(st.sampled_from(["power", "sum", "square", "chain", "nonzero", "product"]))
    p = draw(st.integers(1, 4))
    c = draw(st.integers(1, 6))
    if kind == "power":
        return [(m**p, 0)], m**p
    if kind == "sum":
        return [(m + c * n, 0)], m + c * n
    if kind == "square":
        return [(r**2 + c, 0)], r**2 + c
    if kind == "chain":
        return [(y, m), (y, -c * n)], m + c * n
    if kind == "nonzero":
        return [(k**p * c, 0)], c * k**p
    return [(m * n**p, 0)], m * n**p


@FAST
@given(assumption_contradicting_premises())
def test_premises_contradicting_the_assumptions_make_a_vacuous_proof(case):
    premises, g = case
    proof = Proof()
    for i, eq in enumerate(premises):
        proof.suppose(f"s{i}", eq)
    proof.algebra("g", [f"s{i}" for i in range(len(premises))], (g, 0))
    proof.cancel("c", "g", g, (1, 0))
    proof.conclude("c")
    check = proof_check(proof)
    assert all(s["status"] == "checked" for s in check.steps[:-1]), check.steps  # every step checks: 1 = 0 ...
    assert check.outcome == "inconclusive"  # ... and the implication is reported vacuous, never proved
    assert "vacuous: the premises are inconsistent" in check.detail


@st.composite
def consistent_positive_premises(draw):
    """Premises with a solution where the assumptions hold: m² = c² (m = c > 0), m n = c (m = c, n = 1), r² = c²."""
    c = draw(st.integers(1, 6))
    kind = draw(st.sampled_from(["square", "product", "real"]))
    if kind == "square":
        return [(m**2, c**2)], (m, c), c + m
    if kind == "product":
        return [(m * n, c), (n, 1)], (m, c), m + n
    return [(r**2, c**2), (r, c)], (r, c), r**2 + 1


@FAST
@given(consistent_positive_premises())
def test_consistent_premises_with_assumptions_still_prove(case):
    premises, conclusion, positive_factor = case
    proof = Proof()
    for i, eq in enumerate(premises):
        proof.suppose(f"s{i}", eq)
    if len(premises) == 1:  # m² = c²: (m − c)(m + c) = 0, cancel the positive m + c
        proof.algebra("f", ["s0"], ((m - conclusion[1]) * (m + conclusion[1]), 0))
        proof.cancel("c", "f", m + conclusion[1], conclusion)
        proof.conclude("c")
    else:
        proof.algebra("c", [f"s{i}" for i in range(len(premises))], conclusion)
        proof.conclude("c")
    check = proof_check(proof)
    assert check.outcome == "proved", check.detail


def test_the_issue_example_positive_m_squared_zero():
    proof = Proof()
    proof.suppose("s", (m**2, 0))
    proof.cancel("c", "s", m, (m, 0))
    proof.cancel("c2", "c", m, (1, 0))
    proof.conclude("c2")
    check = proof_check(proof)
    assert check.outcome == "inconclusive" and "the premises are inconsistent" in check.detail


def test_a_proof_by_contradiction_of_a_supposition_still_stands():
    """m² = 0 for a positive m is refuted by contradiction: only the hypotheses (none here) must be consistent."""
    proof = Proof()
    proof.suppose("s", (m**2, 0))
    proof.contradiction("x", "s")
    proof.conclude("x")
    assert proof_check(proof).outcome == "proved"


# --- 10: a module that exits or raises a non-Exception while loading ------------------------------------------------

import os
import subprocess
import sys
from pathlib import Path

from checker.execution.graph import LoadError
from checker.interfaces.api import load

ROOT = Path(__file__).resolve().parents[1]
#: every way a module can end its own import other than by an ``Exception``
WAYS_OUT = {
    "sys.exit(0)": "import sys\nsys.exit(0)",
    "sys.exit(3)": "import sys\nsys.exit(3)",
    "raise SystemExit": "raise SystemExit",
    "raise KeyboardInterrupt": "raise KeyboardInterrupt('by code')",
    "importorskip": "import pytest\npytest.importorskip('no_such_module_for_checker_tests')",
    "pytest.skip": "import pytest\npytest.skip('not here', allow_module_level=True)",
    "pytest.exit": "import pytest\npytest.exit('stop', returncode=0)",
    "GeneratorExit": "raise GeneratorExit",
    "own BaseException": "class Out(BaseException):\n    pass\nraise Out('out')",
}
ITEM_BEFORE = '''
import sympy as sp
from checker import lemma
a = sp.Symbol("a")

@lemma("mine.fine", title="a = a")
def _(check):
    check.identity("a = a", a, a)

'''


def _module(tmp_path, way) -> Path:
    path = tmp_path / "leaving.py"
    path.write_text(ITEM_BEFORE + WAYS_OUT[way] + "\n")
    return path


def _env():
    return dict(os.environ, PYTHONPATH=str(ROOT))


@pytest.mark.parametrize("way", sorted(WAYS_OUT))
def test_a_module_that_ends_its_import_is_a_load_error_in_the_api(tmp_path, way):
    with pytest.raises(LoadError) as info:
        load(paths=[str(_module(tmp_path, way))], corpus=False)
    assert "\n" not in str(info.value) and "cannot import" in str(info.value)  # (pytest's Exit is an Exception)


@pytest.mark.parametrize("way", sorted(WAYS_OUT))
def test_a_module_that_ends_its_import_is_a_one_line_load_error_in_the_cli(tmp_path, capsys, way):
    from checker.interfaces.cli import main
    report = tmp_path / "r.json"
    code = main(["verify", "all", "--no-corpus", "--path", str(_module(tmp_path, way)), "--json", str(report)])
    err = capsys.readouterr().err
    assert code == 2 and not report.exists(), err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "cannot load items: cannot import" in lines[0], err


@pytest.mark.parametrize("way", ["sys.exit(0)", "raise KeyboardInterrupt"])
def test_the_cli_process_exits_2_with_one_line(tmp_path, way):
    out = subprocess.run([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path",
                          str(_module(tmp_path, way))], capture_output=True, text=True, timeout=120, cwd=ROOT, env=_env())
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stdout + out.stderr
    assert "ended its own import" in out.stderr


@pytest.mark.parametrize("way", ["sys.exit(0)", "importorskip"])
def test_a_module_that_ends_its_import_is_a_one_line_error_in_the_plugin(tmp_path, way):
    _module(tmp_path, way)
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "checker.pytest_plugin", "-p", "no:cacheprovider",
                          "--checker-path", "leaving.py", "--checker-no-corpus", "-q"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path, env=_env())
    assert out.returncode not in (0, 5), out.stdout + out.stderr  # never green, never "no tests" alone
    assert "checker: cannot load items: cannot import" in out.stdout + out.stderr


def test_a_real_ctrl_c_while_loading_still_ends_the_run_as_ctrl_c_does(tmp_path):
    path = tmp_path / "slow.py"
    path.write_text(ITEM_BEFORE + "import os, signal, time\nos.kill(os.getpid(), signal.SIGINT)\ntime.sleep(5)\n")
    out = subprocess.run([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path", str(path)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT, env=_env())
    assert out.returncode == 130, out.stdout + out.stderr
    assert "interrupted" in out.stderr


# --- 11: sweeps narrow the scope -----------------------------------------------------------------------------------

from checker import run_verifier
from checker.kernel.items import Item


@FAST
@given(st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True).map(sorted),
       st.sampled_from(["", "for n <= 9"]), st.sampled_from(["default", "thorough"]),
       st.sampled_from(["fact", "identity"]), st.booleans())
def test_a_claim_checked_inside_a_sweep_is_proved_only_at_its_sizes(sizes, declared, profile, how, in_claim_block):
    a = sp.Symbol("a")

    def verifier(check):
        check.identity("a = a before the sweep", a, a)
        for size in check.sweep(sizes):
            if how == "fact":
                check.fact(f"at {size}", sp.Matrix.eye(size).det() == 1, method="computation")
            else:
                check.identity(f"at {size}", (a + size) ** 2, a**2 + 2 * size * a + size**2)
    item = Item("mine.swept", "theorem", "swept", "for every n", "test", scope=declared)
    run = run_verifier(verifier, item=item, profile=profile)
    line = item.verdict_line(run.verdict, run.checks)
    assert run.verdict == "proved"
    assert line != "proved" and f"checked at sizes {', '.join(map(str, sizes))} only" in line
    if declared:
        assert declared in line


@FAST
@given(st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True).map(sorted), st.booleans())
def test_a_sweep_that_decides_nothing_does_not_narrow_the_scope(sizes, supporting):
    """A sweep of supporting checks only, or one after every claim check, leaves the declared scope as it is."""
    a = sp.Symbol("a")

    def verifier(check):
        if supporting:
            check.identity("a = a", a, a)
            with check.supporting():
                for size in check.sweep(sizes):
                    check.identity(f"at {size}", a * size, size * a)
        else:
            check.identity("a = a", a, a)
            for size in check.sweep(sizes):
                pass
    item = Item("mine.unswept", "theorem", "t", "for every a", "test")
    run = run_verifier(verifier, item=item)
    assert item.verdict_line(run.verdict, run.checks) == "proved"


def test_the_issue_example_a_sweep_with_no_declared_scope():
    def verifier(check):
        for n in check.sweep([1, 2, 3]):
            check.fact(f"det I_{n} = 1", sp.eye(n).det() == 1, method="computation")
    item = Item("mine.issue", "theorem", "t", "det I_n = 1 for every n", "test")
    for profile in ("default", "quick"):
        run = run_verifier(verifier, item=item, profile=profile)
        assert item.verdict_line(run.verdict, run.checks) != "proved"
        assert "checked at sizes 1" in item.verdict_line(run.verdict, run.checks)


# --- 14: every postulate, hypothesis and trusted result in the closure is listed -----------------------------------

from checker.execution.graph import build
from checker.kernel.assumptions import hypothesis as hypothesis_assumption
from checker.kernel.items import postulate_assumption


@st.composite
def item_graphs(draw):
    """A random DAG of lemmas over leaves of every trusted kind, each reachable by uses, proof uses or assumes."""
    leaves = [Item("mine.stated_postulate", "postulate", "a stated postulate", "", ""),
              Item("mine.postulate", "postulate", "a postulate", "", "",
                   assumption=postulate_assumption("mine.postulate", "a postulate")),
              Item("mine.cited", "cited", "a cited result", "", "")]
    hyp = hypothesis_assumption("mine.hyp", "a hypothesis")
    count = draw(st.integers(2, 6))
    lemmas = []
    for i in range(count):
        earlier = [it.id for it in leaves] + [f"mine.l{j}" for j in range(i)]
        uses = draw(st.lists(st.sampled_from(earlier), max_size=3, unique=True))
        proof_uses = draw(st.lists(st.sampled_from(earlier), max_size=2, unique=True).filter(
            lambda p: not set(p) & set(uses)))
        assumes = (hyp,) if draw(st.booleans()) else ()
        lemmas.append(Item(f"mine.l{i}", "lemma", f"l{i}", "", "", uses=tuple(uses), proof_uses=tuple(proof_uses),
                           assumes=assumes))
    return leaves + lemmas


def _closure(items, node):
    by_id = {it.id: it for it in items}
    seen, stack = set(), [node]
    while stack:
        it = by_id.get(stack.pop())
        if it is None:
            continue
        for ref in list(it.uses) + list(it.proof_uses) + [a.id for a in it.assumes]:
            if ref not in seen:
                seen.add(ref)
                stack.append(ref)
    return seen


@FAST
@given(item_graphs())
def test_rests_on_lists_every_trusted_node_of_the_closure(items):
    corpus = build(items)
    for it in items:
        if not it.id.startswith("mine.l"):
            continue
        closure = _closure(items, it.id)
        rests = corpus.rests_on(it.id)
        expected_postulates = sorted(closure & {"mine.stated_postulate", "mine.postulate"})
        assert rests["postulates"] == expected_postulates
        assert rests["hypotheses"] == sorted(closure & {"mine.hyp"})
        assert rests["trusted results"] == sorted(closure & {"mine.cited"})


def test_a_stated_postulate_reached_through_uses_is_listed_by_assumptions(tmp_path, capsys):
    from checker.interfaces.cli import main
    path = tmp_path / "mine.py"
    path.write_text(textwrap.dedent('''
        import sympy as sp
        from checker import lemma, stated
        stated("mine.adopted", kind="postulate", title="an adopted law")
        a = sp.Symbol("a")

        @lemma("mine.l", title="uses the law", uses=["mine.adopted"])
        def _(check):
            check.identity("a = a", a, a)
    '''))
    assert main(["assumptions", "mine.l", "--no-corpus", "--path", str(path)]) == 0
    out = capsys.readouterr().out
    assert "postulates (1)" in out and "mine.adopted" in out


# --- 7: exports cited outside the domain they were checked on -------------------------------------------------------

from checker.kernel.proof import Proof as _Proof  # noqa: F401  (the same class)

xc = sp.Symbol("x")  # plain: complex for sympy
f = sp.Function("f")  # plain: complex-valued for sympy
#: exports true at every real point but not at every complex one (what real sampling confirms)
REAL_ONLY_EXPORTS = [(sp.Abs(xc) ** 2, xc ** 2), (sp.conjugate(xc), xc), (sp.re(xc), xc), (sp.im(xc), sp.Integer(0)),
                     (sp.conjugate(f(xc)), f(xc)), (sp.Abs(f(xc)) ** 2, f(xc) ** 2)]
#: exports that hold over ℂ (shown symbolically)
COMPLEX_EXPORTS = [((xc + 1) ** 2, xc ** 2 + 2 * xc + 1), (f(xc) * (xc - 1), xc * f(xc) - f(xc))]
REAL_VALUES = [sp.Integer(3), sp.Rational(-1, 2), y, sp.sin(y), y ** 2 + 1]
NON_REAL_VALUES = [sp.I, 2 * sp.I, 1 + sp.I, sp.Symbol("u"), sp.I * y]


def _cite_outcome(export, instance):
    """The outcome of a proof citing ``export`` (the lemma's) at ``instance``, and the instantiated residual."""
    from checker.execution.graph import build
    lemma = Item("mine.lemma", "lemma", "l", "", "", exports={"e": export})
    lhs, rhs = (sp.sympify(side) for side in export)
    functions = {k: v for k, v in instance.items() if not isinstance(k, sp.Symbol)}
    symbols = {k: v for k, v in instance.items() if isinstance(k, sp.Symbol)}

    def apply(e):
        for func, value in functions.items():
            e = e.replace(lambda node: isinstance(node, sp.core.function.AppliedUndef) and node.func == func,
                          lambda node: value(*node.args))
        return e.subs(symbols).doit()
    claimed = (apply(lhs), apply(rhs))

    def verifier(check):
        p = Proof()
        p.cite("c", "mine.lemma", claimed, name="e", instance=instance)
        p.conclude("c")
        check.proof("instance", p)
    theorem = Item("mine.thm", "theorem", "t", "", "", uses=("mine.lemma",), verifier=verifier)
    build([lemma, theorem])
    return run_verifier(verifier, item=theorem).checks[0], sp.expand(claimed[0] - claimed[1])


def _instance_for(export, value):
    if export[0].has(f) or export[1].has(f):
        return {f: sp.Lambda(xc, value)}
    return {xc: value}


def _truly_zero(residual) -> bool:
    """Independent evaluation: the residual at random values of its free symbols (real ones real), 30 digits."""
    import random
    rng = random.Random(1)
    for _ in range(3):
        point = {s: (rng.uniform(-2, 2) if s.is_real else complex(rng.uniform(-2, 2), rng.uniform(-2, 2)))
                 for s in residual.free_symbols}
        if abs(complex(sp.N(residual.subs(point), 30))) > 1e-20:
            return False
    return True


@FAST
@given(st.sampled_from(REAL_ONLY_EXPORTS), st.sampled_from(NON_REAL_VALUES + REAL_VALUES))
def test_an_export_evidenced_at_real_points_is_cited_only_at_real_values(export, value):
    check, residual = _cite_outcome(export, _instance_for(export, value))
    if check.outcome == "proved":  # differential: whatever is proved is true at an independent evaluation
        assert _truly_zero(residual), (export, value, check.detail)
    if value in REAL_VALUES:
        assert check.outcome == "proved", check.detail  # inside the checked domain: admitted
    else:
        assert check.outcome != "proved" and "evidenced at real values only" in check.detail


@FAST
@given(st.sampled_from(COMPLEX_EXPORTS), st.sampled_from(NON_REAL_VALUES + REAL_VALUES))
def test_an_export_shown_symbolically_is_cited_anywhere(export, value):
    check, residual = _cite_outcome(export, _instance_for(export, value))
    assert check.outcome == "proved", check.detail
    assert _truly_zero(residual)


def test_the_issue_example_one_equals_zero_through_an_imaginary_instance(tmp_path):
    from checker.interfaces.api import verify
    path = tmp_path / "mine.py"
    path.write_text(textwrap.dedent('''
        import sympy as sp
        from checker import Proof, lemma, theorem
        x = sp.Symbol("x")

        @lemma("mine.lemma", title="|x|^2 = x^2", exports={"e": (sp.Abs(x)**2, x**2)})
        def _(check):
            pass

        @theorem("mine.thm", title="1 = 0", uses=["mine.lemma"])
        def _(check):
            p = Proof()
            p.cite("c", "mine.lemma", (1, -1), name="e", instance={x: sp.I})
            p.algebra("a", ["c"], (1, 0), certificate=[sp.Rational(1, 2)])
            p.conclude("a")
            check.proof("1 = 0", p)
    '''))
    corpus = load(paths=[str(path)], corpus=False)
    results = dict(verify(corpus, sorted(corpus.items), cache=False))
    assert results["mine.thm"].verdict != "proved"
    assert results["mine.thm"].graph_verdict not in ("proved", "confirmed")


# --- 6: constant facts: expressions with no input from anything the verifier computed --------------------------------

from checker.kernel.constant_facts import literal_facts

ATOMS = st.sampled_from(["True", "1", "0", "2.5", "'s'", "None"])
SYMPY_LITERALS = st.sampled_from(["sp.Rational(1, 2)", "Rational(3, 4)", "sp.Integer(7)", "S(5)", "sp.S.Half",
                                  "sp.pi", "sp.sympify(9)", "sp.nsimplify('1/3')"])
CONSTANT_FACTS = st.recursive(
    st.one_of(ATOMS, SYMPY_LITERALS.map(lambda e: f"{e}.is_positive"),
              SYMPY_LITERALS.map(lambda e: f"({e} > 0)"),
              st.builds(lambda n, m: f"all(k < {n} for k in range({m}))", st.integers(0, 9), st.integers(0, 9)),
              st.builds(lambda n: f"any(j * j == {n} for j in range(5) if j != 1)", st.integers(0, 20)),
              st.builds(lambda n: f"sum(range({n})) >= 0", st.integers(0, 9)),
              st.builds(lambda n: f"len([i for i in (1, 2, 3) if i > {n}]) == 1", st.integers(0, 3)),
              st.builds(lambda n: f"{{a: a + 1 for a in range({n})}} == {{}}", st.integers(0, 3)),
              st.builds(lambda n: f"'{n}'.isdigit()", st.integers(0, 9))),
    lambda inner: st.one_of(st.builds(lambda a: f"(not {a})", inner),
                            st.builds(lambda a, b, op: f"({a} {op} {b})", inner, inner,
                                      st.sampled_from(["and", "or", "==", "!="])),
                            st.builds(lambda a: f"bool({a})", inner),
                            st.builds(lambda a: f"all([{a}])", inner)),
    max_leaves=4)
#: facts computed from what the verifier computed (a parameter, a sympy computation, a helper's answer)
COMPUTED_FACTS = st.sampled_from([
    "sp.expand((a + 1) ** 2) == a**2 + 2*a + 1", "sp.Matrix([[1, 2], [3, 4]]).det() != 0",
    "all(sp.diff(a**k, a) == k * a**(k - 1) for k in range(1, 4))", "helper(a) > 0",
    "check.seed >= 0", "any(sp.simplify(a - a) == 0 for _ in range(2))", "sp.sin(a).diff(a) == sp.cos(a)",
    "len(values) == helper(a) - 1", "computed == 1"])
HOW = st.sampled_from(["direct", "named", "tuple", "loop"])


def _fact_source(expression, how):
    if how == "direct":
        return f"    check.fact('f', {expression}, method='computation')\n"
    if how == "named":
        return f"    value = {expression}\n    check.fact('f', value, method='computation')\n"
    if how == "tuple":
        return f"    check.witness('w', 'i', [('f', {expression}, 'computation')])\n"
    return f"    for n in range(3):\n        check.fact(f'f{{n}}', {expression}, method='computation')\n"


def _verifier_source(expression, how):
    return ("import sympy as sp\nfrom sympy import Rational, S\n"
            "def helper(v):\n    return 2\n"
            "def verifier(check):\n    a = sp.Symbol('a')\n"
            "    values = [sp.Integer(1) + a - a]\n    computed = helper(a) - 1\n" + _fact_source(expression, how))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(CONSTANT_FACTS, HOW)
def test_a_constant_fact_is_found_by_the_scan(expression, how):
    assert literal_facts(_verifier_source(expression, how)), _verifier_source(expression, how)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(COMPUTED_FACTS, HOW)
def test_a_computed_fact_is_not_taken_for_a_constant(expression, how):
    assert not literal_facts(_verifier_source(expression, how)), _verifier_source(expression, how)


def test_constant_facts_are_refused_at_run_time_and_computed_ones_stand(tmp_path):
    from checker.interfaces.api import verify
    constants = ["all(k < 9 for k in range(3))", "Rational(1, 2).is_positive", "sp.Integer(3).is_prime",
                 "sum(range(4)) == 6", "S(4) > 3"]
    computed = ["sp.expand((a + 1) ** 2) == a**2 + 2*a + 1", "all(sp.diff(a**k, a) == k * a**(k - 1) for k in range(1, 4))"]
    lines = ["import sympy as sp", "from sympy import Rational, S", "from checker import theorem", "a = sp.Symbol('a')"]
    for i, expression in enumerate(constants + computed):
        for how in ("direct", "named"):
            lines += ["", f"@theorem('mine.{how}{i}', title='t')", "def _(check):"]
            lines += _fact_source(expression, how).rstrip("\n").split("\n")
    path = tmp_path / "mine.py"
    path.write_text("\n".join(lines) + "\n")
    corpus = load(paths=[str(path)], corpus=False)
    results = dict(verify(corpus, sorted(corpus.items), cache=False))
    for i in range(len(constants) + len(computed)):
        for how in ("direct", "named"):
            result = results[f"mine.{how}{i}"]
            if i < len(constants):
                assert result.verdict == "error" and "constant" in result.failure_detail, (i, how)
            else:
                assert result.verdict == "proved", (i, how, result.failure_detail)
