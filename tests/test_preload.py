"""What the runner does once before forking verifiers (checker.execution.pool.preload) is inherited, and changes no draw.

Hypothesis sets itself up on the first search of a thread (a PRNG it registers with a full garbage collection
and a heap scan); after ``preload`` a forked verifier's searches skip that, and draw exactly what they would
have drawn without it.
"""
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings, strategies as st

from checker.execution import pool
from checker.kernel.engine.randomized import falsify

ROOT = Path(__file__).resolve().parents[1]

_SEARCH = ("from hypothesis import strategies as st\n"
           "from checker.kernel.engine.randomized import falsify, prepare_engine\n"
           "{prepare}\n"
           "seen = []\n"
           "def residual(x):\n"
           "    seen.append(x)\n"
           "    return abs(x[0]) * x[1]\n"
           "r = falsify(st.tuples(st.integers(-50, 50), st.floats(0, 2)), residual, seed={seed}, max_examples=60,\n"
           "            tolerance=40)\n"
           "print(repr((seen, r.counterexample, r.instances, r.max_residual)))\n")


def _search_in_fresh_interpreter(seed: int, prepare: bool) -> str:
    script = _SEARCH.format(prepare="prepare_engine()" if prepare else "", seed=seed)
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         check=True)
    return out.stdout


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_preparing_the_engine_changes_no_draw(seed):
    assert _search_in_fresh_interpreter(seed, prepare=True) == _search_in_fresh_interpreter(seed, prepare=False)


_FORKED_SEARCH = ("import gc, os\n"
                  "from checker.execution import pool\n"
                  "from hypothesis import strategies as st\n"
                  "from checker.kernel.engine.randomized import falsify\n"
                  "{preload}\n"
                  "pid = os.fork()\n"
                  "if pid == 0:\n"
                  "    calls = []\n"
                  "    real = gc.collect\n"
                  "    gc.collect = lambda *a: calls.append(a) or real(*a)\n"
                  "    falsify(st.integers(0, 3), lambda x: 0, seed=1, max_examples=3, tolerance=0)\n"
                  "    print(len(calls), flush=True)\n"
                  "    os._exit(0)\n"
                  "os.waitpid(pid, 0)\n")


def _full_collections_in_a_forked_first_search(preload: bool) -> int:
    script = _FORKED_SEARCH.format(preload="pool.preload()" if preload else "")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         check=True)
    return int(out.stdout.strip())


def test_a_verifier_forked_after_preload_does_not_set_hypothesis_up_again():
    assert _full_collections_in_a_forked_first_search(preload=False) > 0  # what preload saves every verifier
    assert _full_collections_in_a_forked_first_search(preload=True) == 0


def test_preload_imports_the_modules_verifiers_would_import_on_first_use():
    pool.preload()
    assert all(name in sys.modules for name in pool._FIRST_USE_MODULES)
