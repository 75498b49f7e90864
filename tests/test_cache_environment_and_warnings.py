"""Issue 36: the environment C code can read and the warnings filters a run starts with are in every key.

Truth by construction: setting a variable the session list does not name changes the digest, setting one it names
does not; a description of warnings filters rebuilds the same filters; the verifiers run under the pinned filters,
whatever is in effect when they run.
"""
import os
import re
import warnings

import pytest
from hypothesis import given, settings, strategies as st

from checker.execution import library_state
from checker.execution.library_state import (SESSION_VARIABLES, describe_filters, pin_warning_filters,
                                             pinned_filters, process_environment_digest, rebuild_filters)

NAMES = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789", min_size=3, max_size=12).map(lambda s: "T36_" + s)
VALUES = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_characters="\0"), max_size=8)


@pytest.fixture
def environ_restored():
    saved = dict(os.environ)
    yield
    for name in set(os.environ) - set(saved):
        del os.environ[name]
    os.environ.update(saved)


@settings(max_examples=60, deadline=None)
@given(name=NAMES, value=VALUES)
def test_any_variable_outside_the_session_list_changes_the_key(name, value):
    before = process_environment_digest()
    os.environ[name] = value
    try:
        assert process_environment_digest() != before
    finally:
        del os.environ[name]
    assert process_environment_digest() == before


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from([n.rstrip("*") + ("X1" if n.endswith("*") else "") for n in SESSION_VARIABLES
                             if n not in ("CHECKER_CACHE_IGNORE_ENV",)]), value=VALUES)
def test_session_variables_do_not_change_the_key(name, value):
    before = process_environment_digest()
    old = os.environ.get(name)
    os.environ[name] = value
    try:
        assert process_environment_digest() == before
    finally:
        if old is None:
            del os.environ[name]
        else:
            os.environ[name] = old


def test_the_user_declares_more_ignored_variables(environ_restored):
    before = process_environment_digest()
    os.environ["CHECKER_CACHE_IGNORE_ENV"] = "MYTOOL_*, OTHER"
    assert process_environment_digest() == before  # (the declaration itself is not an input)
    os.environ["MYTOOL_SESSION"] = "1"
    os.environ["OTHER"] = "2"
    assert process_environment_digest() == before
    os.environ["OTHERS"] = "3"  # not a prefix: only a trailing * makes one
    assert process_environment_digest() != before


class CustomWarning(UserWarning):
    pass


FILTERS = st.lists(st.tuples(st.sampled_from(["error", "ignore", "always", "default", "module", "once"]),
                             st.one_of(st.none(), st.sampled_from(["", "soak", "a.*b"]).map(lambda p: re.compile(p, re.I))),
                             st.sampled_from([Warning, UserWarning, DeprecationWarning, CustomWarning]),
                             st.one_of(st.none(), st.sampled_from(["mod", "x\\.y"]).map(re.compile)),
                             st.integers(0, 40)), max_size=6)


@settings(max_examples=80, deadline=None)
@given(filters=FILTERS)
def test_a_description_rebuilds_the_filters(filters):
    rebuilt = rebuild_filters(describe_filters(filters))
    assert describe_filters(rebuilt) == describe_filters(filters)
    assert [f[2] for f in rebuilt] == [f[2] for f in filters]


@settings(max_examples=40, deadline=None)
@given(a=FILTERS, b=FILTERS)
def test_different_filters_have_different_descriptions(a, b):
    same = [(f[0], f[1] and (f[1].pattern, f[1].flags), f[2], f[3] and (f[3].pattern, f[3].flags), f[4]) for f in a] == \
           [(f[0], f[1] and (f[1].pattern, f[1].flags), f[2], f[3] and (f[3].pattern, f[3].flags), f[4]) for f in b]
    assert (describe_filters(a) == describe_filters(b)) == same


def test_the_verifiers_run_under_the_pinned_filters_not_those_in_effect():
    from checker.execution.pool import run_in_process
    from checker.kernel.items import Item

    seen = {}

    def verifier(check):
        try:
            warnings.warn("pinned?", UserWarning)
            seen["raised"] = False
        except UserWarning:
            seen["raised"] = True
        check.fact("ran", len(seen) == 1)
    it = Item(id="t36.pinned", kind="lemma", title="t", statement="s", source="test", verifier=verifier)
    saved = pinned_filters()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", UserWarning)
            pin_warning_filters()  # pinned with the error filter ...
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ... run where warnings are ignored
            run_in_process(it, 0, "default")
        assert seen["raised"] is True
    finally:
        library_state._PINNED["filters"] = saved


PLUGIN_ITEM = '''
import mpmath
from checker import theorem

@theorem("t36.dps", title="t", statement="the working precision is 15 digits")
def _(check):
    check.fact("v", mpmath.mp.dps == 15)
'''


def test_pytest_checker_keys_what_a_test_changed_after_collection(tmp_path):
    """A plain test that changes library state (and leaves it so) before the checker's items run: the items run under
    it, so they may not be answered by results keyed at collection without it."""
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    (tmp_path / "mine.py").write_text(PLUGIN_ITEM)
    (tmp_path / "test_a_first.py").write_text("import mpmath\n\ndef test_changes_precision():\n    mpmath.mp.dps = 30\n")
    env = dict(os.environ, PYTHONPATH=str(root))
    env.pop("CHECKER_CACHE_DIR", None)

    def run(*files):
        return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--checker-no-corpus",
                               "--checker-path", "mine.py", "--checker-cache-dir", "cd", "-rA", *files],
                              cwd=tmp_path, capture_output=True, text=True, env=env, timeout=300).stdout
    out = run("--collect-only")
    assert out.index("test_a_first.py") < out.index("t36.dps"), out  # the plain test runs first
    assert "1 passed" in run("-k", "t36")
    out = run()
    assert "1 failed, 1 passed" in out, out  # the stored `proved` (dps 15) is not replayed under dps 30
