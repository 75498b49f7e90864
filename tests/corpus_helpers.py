"""Small helpers shared by the corpus test files."""


def outcomes(run, prefix):
    """The outcomes of the checks of ``run`` whose names start with ``prefix`` (at least one must exist)."""
    found = [c.outcome for c in run.checks if c.name.startswith(prefix)]
    assert found, f"no check named {prefix!r} in {run}"
    return found
