"""A randomized search draws what its seed says, whatever source files happen to be loaded.

Hypothesis mixes literals collected from "local" modules into its draws; the checker's searches must not
see them (the instances an item draws at a seed would change when a user module is loaded), and must not
write hypothesis' constants cache into the working directory.
"""
import importlib
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from checker.kernel.engine.randomized import falsify


def _draws(seed: int) -> list:
    seen = []

    def residual(x):
        seen.append(x)
        return 0

    falsify(st.tuples(st.integers(-10**9, 10**9), st.floats(-1e6, 1e6), st.text(max_size=3)), residual,
            seed=seed, max_examples=120, tolerance=0)
    return seen


def _import_module_with_constants(directory, name: str, constants) -> None:
    path = directory / f"{name}.py"
    path.write_text(f"CONSTANTS = {list(constants)!r}\nWORDS = {[str(c) for c in constants]!r}\n")
    sys.path.insert(0, str(directory))
    try:
        importlib.import_module(name)
    finally:
        sys.path.remove(str(directory))


_counter = iter(range(10**6))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.nested_given])
@given(constants=st.lists(st.integers(-10**9, 10**9), min_size=5, max_size=40, unique=True),
       seed=st.integers(0, 2**31 - 1))
def test_loading_a_module_with_literals_does_not_change_the_draws(tmp_path_factory, constants, seed):
    before = _draws(seed)
    _import_module_with_constants(tmp_path_factory.mktemp("mod"), f"_checker_constants_{next(_counter)}", constants)
    after = _draws(seed)
    assert after == before
    assert not set(constants) & {x for x, _, _ in after if x not in {x for x, _, _ in before}}


def test_a_search_writes_nothing_into_the_working_directory(tmp_path):
    (tmp_path / "local_literals.py").write_text("CONSTANTS = [31337, 8675309, 424242]\n")
    script = ("import sys; sys.path.insert(0, '.'); import local_literals\n"
              "from hypothesis import strategies as st\n"
              "from checker.kernel.engine.randomized import falsify\n"
              "falsify(st.integers(), lambda x: 0, seed=3, max_examples=200, tolerance=0)\n")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, check=True, timeout=120)
    assert not (tmp_path / ".hypothesis").exists()


def test_hypothesis_own_collection_is_restored_after_a_search():
    from hypothesis.internal.conjecture import providers
    collector, cache = providers._get_local_constants, providers.CONSTANTS_CACHE
    _draws(5)
    assert providers._get_local_constants is collector and providers.CONSTANTS_CACHE is cache


def test_nested_searches_restore_the_collection_once():
    from hypothesis.internal.conjecture import providers
    collector = providers._get_local_constants

    def residual(x):
        falsify(st.integers(0, 10), lambda y: 0, seed=x, max_examples=3, tolerance=0)
        assert providers._get_local_constants is not collector  # still patched inside the outer search
        return 0

    falsify(st.integers(0, 10), residual, seed=1, max_examples=3, tolerance=0)
    assert providers._get_local_constants is collector


def test_a_verifier_run_seeds_sympys_own_random_state():
    """sympy shuffles the order its assumptions system tries facts in: at a seed that order is the same every run."""
    import sympy.core.random as sympy_random
    from checker.kernel.checks import Checks

    def draws(seed):
        Checks(seed=seed)
        order = list(range(20))
        sympy_random._assumptions_shuffle(order)
        return order, sympy_random.rng.random()

    assert draws(7) == draws(7)
    assert draws(7) != draws(8)


def test_sympys_own_random_numbers_are_seeded_from_the_items_seed():
    """sympy draws random numbers of its own (its assumption system tries facts in a shuffled order), from
    generators it seeds from the OS: under the runner a verifier gets the same ones at the same seed, whatever
    was drawn before, and others at another seed."""
    import random

    import sympy.core.random as sympy_random

    from checker.kernel.items import Item
    from checker.execution.runner import run_in_process
    seen = []

    def verifier(checks):
        order = list(range(12))
        sympy_random._assumptions_shuffle(order)
        seen.append((sympy_random.random(), order))

    item = Item(id="mine.sympy_random", kind="lemma", title="sympy's random numbers", statement="-", source="test",
                verifier=verifier)
    for seed in (0, 0, 1):
        sympy_random.seed(random.SystemRandom().random())  # whatever sympy drew before
        run_in_process(item, seed, "default")
    assert seen[0] == seen[1] != seen[2]
