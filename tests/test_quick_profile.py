"""The quick profile: claim searches draw one instance (a fifth of the default), randomized cross-checks
(supporting searches, which never decide a verdict) are recorded as not run instead of run, and each symbolic
sweep (``check.sweep``) runs at its first, smallest size only, with the item's verdict naming that narrower scope.

Truth by construction: a supporting search whose test always fails makes the item an ``error`` in the default
profile (it ran) and leaves the verdict to the claim checks in the quick profile (it did not run, and says so);
a claim that fails only at a larger size of a sweep is refuted in the default profile and, in quick, proved only
with the scope "quick profile: the smallest size of each sweep only".
"""
import json
from itertools import product

import pytest
from hypothesis import strategies as st

from checker import run_verifier
from checker.kernel.checks import NOT_RUN, Checks, is_cut_sweep, is_not_run, verdict_scope
from checker.kernel.items import Item


def _verifier(claim_holds: bool, support_holds: bool, samples: int):
    def verifier(check):
        check.fact("the claim", claim_holds, method="computation")
        check.property("a claim search", st.integers(0, 9), lambda n: n >= 0, samples=samples)
        with check.supporting():
            check.property("a cross-check", st.integers(0, 9), lambda n: support_holds, samples=samples)
    return verifier


@pytest.mark.parametrize("claim_holds, support_holds, samples", list(product([True, False], [True, False], [1, 4, 8, 20])))
def test_quick_leaves_the_verdict_to_the_claim_checks(claim_holds, support_holds, samples):
    quick = run_verifier(_verifier(claim_holds, support_holds, samples), profile="quick")
    default = run_verifier(_verifier(claim_holds, support_holds, samples), profile="default")
    skipped = [c for c in quick.checks if c.name == "a cross-check"]
    assert len(skipped) == 1 and is_not_run(skipped[0]) and skipped[0].instances == 0 and not skipped[0].claim
    assert skipped[0].outcome == "inconclusive" and "quick profile" in skipped[0].scope
    assert skipped[0].detail.startswith(NOT_RUN)
    searched = [c for c in quick.checks if c.name == "a claim search"][0]
    assert searched.instances == max(1, round(samples / 5)) and searched.outcome == "confirmed"
    assert quick.verdict == ("confirmed" if claim_holds else "refuted")  # the cross-check's outcome never enters
    ran = [c for c in default.checks if c.name == "a cross-check"][0]
    assert not is_not_run(ran) and ran.instances >= 1 or ran.outcome == "refuted"
    if not support_holds and claim_holds:
        assert default.verdict == "error"  # the cross-check ran and failed: never hidden by the default profile


@pytest.mark.parametrize("profile", ["default", "thorough"])
def test_every_other_profile_runs_the_cross_checks(profile):
    run = run_verifier(_verifier(True, True, 3), profile=profile)
    assert not any(is_not_run(c) for c in run.checks)
    assert all(c.instances >= 3 for c in run.checks if c.method == "randomized")


def test_a_claim_check_of_the_right_shape_is_never_taken_for_a_skipped_one():
    checks = Checks(profile="quick")
    checks.property("a claim search", st.integers(0, 3), lambda n: True, samples=5)
    (record,) = checks.records()
    assert record["claim"] is True and not is_not_run(record)
    assert not is_not_run({"claim": True, "outcome": "inconclusive", "detail": NOT_RUN + "x"})
    assert not is_not_run({"claim": False, "outcome": "inconclusive", "detail": "timed out"})
    assert is_not_run({"claim": False, "outcome": "inconclusive", "detail": NOT_RUN + "x"})


def test_the_cli_counts_the_cross_checks_it_did_not_run(tmp_path):
    import subprocess
    import sys
    module = tmp_path / "smoke_items.py"
    module.write_text(
        "from hypothesis import strategies as st\n"
        "from checker.kernel.items import theorem\n"
        "@theorem('smoke.item', title='a smoke item', statement='n >= 0')\n"
        "def _(check):\n"
        "    check.fact('the claim', isinstance(check.seed, int), method='computation')\n"  # (abs(-1) == 1 is constant)
        "    for n in check.sweep([1, 2]):\n"
        "        check.fact(f'size {n}', n >= 0, method='computation')\n"
        "    with check.supporting():\n"
        "        check.property('a cross-check', st.integers(0, 9), lambda n: n >= 0, samples=4)\n")
    out = tmp_path / "report.json"
    runs = {}
    for profile in ("quick", "default"):
        done = subprocess.run([sys.executable, "-m", "checker", "verify", "all", "--no-corpus", "--path", str(module),
                               "--profile", profile, "--no-cache", "--json", str(out)],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        runs[profile] = (done.stdout, json.loads(out.read_text())["summary"])
    stdout, summary = runs["quick"]
    assert summary["cross_checks_not_run"] == 1 and "1 randomized cross-checks not run" in stdout
    assert summary["sweeps_cut"] == 1 and "1 symbolic sweeps run at their smallest size only" in stdout
    stdout, summary = runs["default"]
    assert "cross_checks_not_run" not in summary and "sweeps_cut" not in summary and "not run" not in stdout


def _sweeping(failing_size):
    """A verifier whose claim holds at the sizes below ``failing_size`` and fails from it on (a planted failure)."""
    def verifier(check):
        with check.claim():
            for size in check.sweep(range(1, 5)):
                holds = size < failing_size
                check.fact(f"the claim at size {size}", holds, method="computation")
    return verifier


@pytest.mark.parametrize("failing_size", [2, 3, 4, 5])
def test_a_cut_sweep_narrows_the_verdicts_scope(failing_size):
    item = Item("quick.sweep", "theorem", "a sweep", "for every size", "a test", scope="size <= 4")
    default = run_verifier(_sweeping(failing_size), item=item, profile="default")
    quick = run_verifier(_sweeping(failing_size), item=item, profile="quick")
    assert default.verdict == ("proved" if failing_size == 5 else "refuted")
    assert not any(is_not_run(c) for c in default.checks)
    assert item.verdict_line(default.verdict, default.checks) in (
        "proved (size <= 4; checked at sizes 1, 2, 3, 4 only)", "refuted")  # a sweep's sizes bound the scope
    assert quick.verdict == "proved"  # only size 1 ran: what it proves is said with the narrower scope
    cut = [c for c in quick.checks if is_cut_sweep(c)]
    assert len(cut) == 1 and not cut[0].claim and cut[0].instances == 0 and "2, 3, 4" in cut[0].name
    assert item.verdict_line(quick.verdict, quick.checks) == (
        "proved (quick profile: the smallest size of each sweep only; default: size <= 4; checked at sizes 1 only)")
    assert verdict_scope(item, quick.checks).startswith("quick profile")


def test_the_sweep_record_is_never_a_claim_and_a_single_size_is_not_cut():
    checks = Checks(profile="quick")
    with checks.claim():
        assert checks.sweep([(1, 1), (1, 2)]) == [(1, 1)]
        assert checks.sweep([(2, 3)]) == [(2, 3)] and checks.sweep([]) == []
    records = checks.records()
    (record,) = [r for r in records if is_not_run(r)]
    assert record["claim"] is False and is_cut_sweep(record) and is_not_run(record)
    assert all(r["claim"] is False for r in records)  # nor are the records of the sizes each sweep ran at
    assert Checks(profile="default").sweep((1, 2, 3)) == [1, 2, 3]
    assert Checks(profile="thorough").sweep((1, 2, 3)) == [1, 2, 3]
    assert not is_cut_sweep({"claim": False, "outcome": "inconclusive", "detail": NOT_RUN + "something else"})
