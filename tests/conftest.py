"""Test session settings: the results cache of every CLI run in the tests lives in a temporary folder.

Results would be valid across tests (the key covers everything a verifier reads), but a test that
runs a command must see that command run, not a neighbour's result: each test gets its own folder.
"""
import pytest


@pytest.fixture(autouse=True)
def _private_results_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CHECKER_CACHE_DIR", str(tmp_path / "checker-cache"))
