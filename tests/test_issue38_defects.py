"""Issue 38's remaining defects, each with a test that fails on the old code (mutation tests).

* #73 (``holonomic.ideal_constraints_determine_reaction``): the force branch's standing state-local-Lipschitz
  hypothesis is a declared assumption, so the old (h2) "necessity witness" F = (sqrt|x1|, 0, 0), which breaks it,
  is rejected by the kernel; (h2) is no longer reported ``necessary``.
"""
import sympy as sp
from hypothesis import given, settings, strategies as st

from checker import run_verifier
from checker.kernel.assumptions import hypothesis
from checker.kernel.items import Item, registered
import theorems.page4_regular_constraints.holonomic as h

ITEMS = {it.id: it for it in registered("theorems.page4_regular_constraints.holonomic")}
DETERMINATION = ITEMS[h.THEOREM_ID]
LIPSCHITZ_ID = "holonomic.force_state_local_lipschitz"


# --- #73 ---------------------------------------------------------------------------------------------

def test_73_declares_the_standing_lipschitz_hypothesis():
    assert LIPSCHITZ_ID in [a.id for a in DETERMINATION.assumes]


def _holds(x):
    """A computed truth (the kernel refuses constant facts): x equals itself after expansion."""
    return sp.expand(x - x) == 0


def _old_sqrt_witness(check):
    """The old (h2) witness, as it was: its others_hold covers (h1), M SPD and the reaction law, not the standing
    Lipschitz hypothesis (which F = sqrt|x1| violates)."""
    check.necessary(h.H2, "F = (sqrt|x1|, 0, 0), G = x3, M = I", instances={h.H_MASS: sp.eye(3)},
                    violates=[("F is not C^1", _holds(sp.sqrt(sp.Symbol("s"))), "computation")],
                    others_hold={h.H1: [("(h1)", _holds(sp.Symbol("g")), "computation")],
                                 h.H_MASS: [("M = I SPD", h.H_MASS.holds_for(sp.eye(3)), "computation")],
                                 h.IDEAL_REACTION_LAW: [("R = 0", _holds(sp.Symbol("r")), "computation")]},
                    conclusion_fails=[("two motions", _holds(sp.Symbol("x")), "computation")])


def test_73_the_old_sqrt_witness_is_rejected_under_the_declared_hypotheses():
    run = run_verifier(_old_sqrt_witness, item=DETERMINATION, profile="quick")
    assert run.hypothesis_status(h.H2) != "necessary"
    problems = [p for row in run.hypotheses for p in row.problems]
    assert any("rejected" in p and LIPSCHITZ_ID in p for p in problems), problems


def test_73_the_corpus_sqrt_remark_is_no_witness_and_h2_is_not_necessary():
    run = run_verifier(h.non_lipschitz_force_witness, item=DETERMINATION, profile="quick")
    assert run.hypothesis_status(h.H2) == "not analysed"
    assert not [p for row in run.hypotheses for p in row.problems]
    assert run.verdict == "proved"  # the finding itself holds
    # a Lipschitz force (F1 = x1) has a unique motion through 0: the finding must then fail
    bad = run_verifier(h.non_lipschitz_force_witness, item=DETERMINATION, profile="quick",
                       force=sp.Symbol("x1", real=True))
    assert bad.verdict != "proved"


def test_73_the_other_witnesses_cover_the_standing_hypothesis():
    for witness in (h.reaction_law_witness, h.indefinite_mass_witness):
        run = run_verifier(witness, item=DETERMINATION, profile="quick")
        assert not [p for row in run.hypotheses for p in row.problems], witness.__name__


@settings(max_examples=25, deadline=None)
@given(n_others=st.integers(1, 4), data=st.data())
def test_kernel_rejects_a_witness_that_leaves_any_other_assumption_uncovered(n_others, data):
    """The kernel accepts a necessity witness only if its others_hold covers every other declared assumption."""
    target = hypothesis("t.target", "the hypothesis under test")
    others = [hypothesis(f"t.other{i}", f"other {i}") for i in range(n_others)]
    covered = data.draw(st.lists(st.sampled_from(others), unique_by=lambda a: a.id))
    item = Item("t.item", "theorem", "t", "", "", assumes=tuple([target, *others]))

    def witness(check):
        check.necessary(target, "w", violates=[("violates", _holds(sp.Symbol("v")), "computation")],
                        others_hold={a: [(a.id, _holds(sp.Symbol(a.id)), "computation")] for a in covered},
                        conclusion_fails=[("fails", _holds(sp.Symbol("c")), "computation")])

    run = run_verifier(witness, item=item)
    expected = "necessary" if len(covered) == n_others else "not analysed"
    assert run.hypothesis_status(target) == expected


# --- definition.configuration_domain_mass_operator ---------------------------------------------------

import theorems.page3_velocity_constraints.velocity_constraint_cited as vcc  # noqa: E402
from checker.kernel.evidence import verdict_scope  # noqa: E402

MASS = {it.id: it for it in registered("theorems.page3_velocity_constraints.velocity_constraint_cited")}[
    "definition.configuration_domain_mass_operator"]


def test_mass_operator_proved_for_every_N_with_no_narrower_scope():
    run = run_verifier(MASS.verifier, item=MASS)
    assert run.verdict == "proved"
    assert verdict_scope(MASS, run.checks) == ""
    assert any("every N" in (c.scope or "") for c in run.checks)


def test_mass_operator_every_size_step_fails_for_nonnegative_masses():
    assert run_verifier(vcc.check_mass_operator_every_size).verdict == "proved"
    assert run_verifier(vcc.check_mass_operator_every_size, positive_masses=False).verdict != "proved"


# --- #2 nonholonomic.zxy_counterexample_scope_remarks --------------------------------------------------

import theorems.page1_variations.zxy as zxy  # noqa: E402

ZXY = {it.id: it for it in registered("theorems.page1_variations.zxy")}


def test_2_the_proved_item_states_only_what_its_checks_check():
    """#2 was `proved` though mostly non-mathematical text: the reading ("does not say which models a physical
    system", "the content of the cited treatments") is now a stated remark; the proved item states its checked
    clauses (the prescriptions part on the same data; an elementary closed form) and every one has a claim check."""
    proved = ZXY["nonholonomic.zxy_counterexample_scope_remarks"]
    reading = ZXY["nonholonomic.zxy_counterexample_reading"]
    assert "physical system" not in proved.statement and "cited treatments" not in proved.statement
    assert "physical system" in reading.statement and reading.verifier is None
    run = run_verifier(proved.verifier, item=proved)
    assert run.verdict == "proved"
    names = " | ".join(c.name for c in run.checks)
    for clause in ("vakonomic x-equation forces mu = 0", "vakonomic z-equation", "elementary", "solves"):
        assert clause in names
