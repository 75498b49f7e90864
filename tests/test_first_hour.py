"""A newcomer's first hour (issue 39, part 5): ``premise=`` takes the assumption (or item) object as every other
API does; ``verify --rerun-failed`` never says "nothing to rerun" while the cache holds failures; ``assumptions``
and ``show`` agree on the assumptions an item's analysis showed *not needed*."""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import sympy as sp

ROOT = Path(__file__).resolve().parents[1]

MINE = '''
import time

import sympy as sp
from checker import hypothesis, theorem

x = sp.Symbol("x", real=True)
y = sp.Symbol("y", real=True)
H = hypothesis("mine.y_is_x", "y = x")
SPARE = hypothesis("mine.spare", "x is positive (not needed here)")


@theorem("mine.uses_premise", title="y^2 = x^2 when y = x", assumes=[H])
def _(check):
    check.identity("y^2", y**2, x**2, relations={y: x}, premise=H)


@theorem("mine.spare_not_needed", title="(x+1)^2 expands", assumes=[SPARE])
def _(check):
    with check.without(SPARE):
        check.identity("square", (x + 1)**2, x**2 + 2*x + 1)


@theorem("mine.premise_inside_without", title="y^2 = x^2, checked inside without(H) but from H", assumes=[H])
def _(check):
    with check.without(H):
        check.identity("y^2", y**2, x**2, relations={y: x}, premise=H)


@theorem("mine.slow", title="waits, then proves")
def _(check):
    time.sleep(1.5)
    check.identity("square", (x + 1)**2, x**2 + 2*x + 1)
'''


def checker(cwd, *args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "checker", *args, "--no-corpus", "--path", "mine.py",
                           "--cache-dir", "cd"], capture_output=True, text=True, timeout=300, cwd=cwd, env=env)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("first_hour")
    (path / "mine.py").write_text(MINE, encoding="utf-8")
    return path


# -- premise= ------------------------------------------------------------------------------------------------------
def _stand_in(assumes=(), uses=()):
    from checker.kernel.items import Item
    return Item("user.t", "theorem", "t", "", "", assumes=tuple(assumes), uses=tuple(uses))


def test_premise_takes_the_assumption_object_or_its_id():
    from checker import hypothesis
    from checker.kernel.checks import Checks
    x, y = sp.symbols("x y", real=True)
    H = hypothesis("user.first_hour_h", "y = x")
    for premise in (H, H.id):
        chk = Checks(item=_stand_in([H]), seed=0).identity("y^2", y**2, x**2, relations={y: x}, premise=premise)
        assert chk.outcome == "proved" and chk.premises[0]["premise"] == H.id, chk


def test_premise_refuses_what_is_not_an_assumption_item_or_id():
    from checker import hypothesis
    from checker.kernel.checks import Checks
    x, y = sp.symbols("x y", real=True)
    H = hypothesis("user.first_hour_h2", "y = x")
    other = hypothesis("user.first_hour_other", "something else")
    check = Checks(item=_stand_in([H]), seed=0)
    with pytest.raises(ValueError, match="premise=H"):
        check.identity("y^2", y**2, x**2, relations={y: x})
    with pytest.raises(TypeError, match="premise= takes"):
        check.identity("y^2", y**2, x**2, relations={y: x}, premise=42)
    with pytest.raises(ValueError, match="none of its assumptions"):  # an assumption the item does not assume
        check.identity("y^2", y**2, x**2, relations={y: x}, premise=other)


def test_premise_object_in_a_module_and_inside_without(folder):
    proc = checker(folder, "verify", "all", "--json", "out.json")
    report = json.loads((folder / "out.json").read_text())
    items = {i["id"]: i for i in report["items"]}
    assert items["mine.uses_premise"]["verdict"] == "proved", proc.stderr
    # a check that takes H as its premise cannot show H not needed, whether H was named by object or id
    hyps = {h["assumption"]: h["status"] for h in items["mine.premise_inside_without"]["hypotheses"]}
    assert hyps["mine.y_is_x"] != "not needed", hyps
    hyps = {h["assumption"]: h["status"] for h in items["mine.spare_not_needed"]["hypotheses"]}
    assert hyps["mine.spare"] == "not needed", hyps


# -- assumptions and show agree --------------------------------------------------------------------------------------
def _show_not_needed(out: str) -> set:
    line = next(line for line in out.splitlines() if line.startswith("rests on:"))
    part = next(p for p in line[len("rests on:"):].split(";") if p.strip().startswith("not needed:"))
    return {s.strip() for s in part.split(":", 1)[1].split(",") if s.strip() not in ("", "-")}


def _assumptions_groups(out: str) -> dict:
    groups, current = {}, None
    for line in out.splitlines()[1:]:
        if line.startswith("  ") and not line.startswith("    "):
            current = line.strip().rsplit(" (", 1)[0]
            groups[current] = set()
        elif line.startswith("    "):
            groups[current].add(line.split(":", 1)[0].strip())
    return groups


@pytest.mark.parametrize("item", ["mine.spare_not_needed", "mine.uses_premise", "mine.premise_inside_without"])
def test_assumptions_and_show_agree_on_not_needed(folder, item):
    # `assumptions` first, on a cache that may not hold the item yet: it must not list a not-needed hypothesis
    assumptions = checker(folder, "assumptions", item)
    show = checker(folder, "show", item)
    assert assumptions.returncode == 0 and show.returncode in (0, 1), assumptions.stderr + show.stderr
    groups = _assumptions_groups(assumptions.stdout)
    not_needed = _show_not_needed(show.stdout)
    assert groups.get("declared but shown not needed", set()) == not_needed
    assert not (groups["hypotheses"] & not_needed)
    if item == "mine.spare_not_needed":
        assert not_needed == {"mine.spare"}
    else:
        assert "mine.y_is_x" in groups["hypotheses"] and not not_needed


# -- --rerun-failed ---------------------------------------------------------------------------------------------------
def test_rerun_failed_reuses_the_options_of_the_verify_that_failed(tmp_path):
    (tmp_path / "mine.py").write_text(MINE, encoding="utf-8")
    first = checker(tmp_path, "verify", "mine.slow", "--timeout", "0.5")
    assert first.returncode == 1 and "mine.slow" in first.stdout, first.stderr
    # the case: --timeout not repeated.  Not "nothing to rerun" and exit 0: rerun with the stored options
    again = checker(tmp_path, "verify", "--rerun-failed")
    assert "nothing to rerun" not in again.stderr
    assert again.returncode == 1 and "--timeout 0.5" in again.stderr and "mine.slow" in again.stdout, again.stderr
    # an option written on the command line that differs from the failing verify's: say which (exit 2)
    differ = checker(tmp_path, "verify", "--rerun-failed", "--timeout", "30")
    assert differ.returncode == 2, differ.stderr
    assert "--timeout 0.5 (here --timeout 30)" in differ.stderr and len(differ.stderr.strip().splitlines()) == 1
    # the same options as the failing verify: its failures are rerun; once they pass there is nothing to rerun
    fixed = checker(tmp_path, "verify", "--rerun-failed", "--timeout", "0.5")
    assert fixed.returncode == 1
    passing = checker(tmp_path, "verify", "mine.slow", "--timeout", "30")
    assert passing.returncode == 0, passing.stderr
    still = checker(tmp_path, "verify", "--rerun-failed", "--timeout", "30")
    assert still.returncode == 2 and "--timeout 0.5" in still.stderr  # the timeout-0.5 verify's failure is still held
