"""The README's examples run as written, so the documentation stays true: its Python examples (one namespace, in
order, in a folder holding the README's ``mine.py``), its plugin commands and configuration, and the toolkit page's
examples; the README stays a newcomer's page (at most ~300 lines, links only inside the repository) and its
quick-start commands are the ones CI runs."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


TOOLKIT = ROOT / "docs" / "toolkit.md"


def python_blocks(path=README):
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def quick_start_commands() -> list:
    """The two commands of the README's Quick start."""
    section = README.read_text(encoding="utf-8").split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [b.strip() for b in re.findall(r"```bash\n(.*?)```", section, re.S)]


def test_readme_is_short_and_links_only_inside_the_repository():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    assert "http://" not in text and "https://" not in text
    for target in re.findall(r"\]\(([^)]+)\)", text):
        path = (ROOT / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), target


def test_ci_runs_the_readme_quick_start_commands_in_a_fresh_environment():
    commands = quick_start_commands()
    assert len(commands) == 2 and "checker verify all" in commands[0] and "pytest" in commands[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for command in commands:
        assert command in ci.splitlines(), command
    assert "-m venv" in ci and "--system-site-packages" not in ci


def mine_py() -> str:
    """The README's own item module, ``mine.py`` (the example of "Declaring your own items")."""
    return next(b for b in python_blocks() if '@theorem("mine.chain_rule"' in b)


def plugin_commands() -> list:
    """The ``python -m pytest --checker...`` lines of the README's shell examples, without their comments."""
    blocks = re.findall(r"```bash\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    return [line.split("#")[0].split() for b in blocks for line in b.splitlines()
            if line.startswith("python -m pytest --checker")]


@pytest.fixture
def folder_with_mine(tmp_path, monkeypatch):
    (tmp_path / "mine.py").write_text(mine_py(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_toolkit_page_has_examples_of_the_public_decisions():
    text = "".join(python_blocks(TOOLKIT) + python_blocks())
    for name in ("is_first_integral", "is_point_symmetry", "is_holonomic_equivalent", "hamiltonian",
                 "reduced_dalembert_equation", "is_dimensionally_homogeneous", "checker.api", "theorems.strategies"):
        assert name in text


def test_readme_examples_run(folder_with_mine):
    namespace = {"__name__": "readme_examples"}
    for n, block in enumerate(python_blocks()):
        exec(compile(block, f"README.md python block {n + 1}", "exec"), namespace)  # noqa: S102
    for n, block in enumerate(python_blocks(TOOLKIT)):
        exec(compile(block, f"docs/toolkit.md python block {n + 1}", "exec"), namespace)  # noqa: S102
    # the documented outcomes of the decisions hold
    ns = namespace
    assert bool(ns["is_first_integral"](ns["J"], ns["L"], [ns["x"], ns["y"]], ns["t"]))
    assert not ns["is_first_integral"](ns["x"] * ns["y"].diff(ns["t"]), ns["L"], [ns["x"], ns["y"]], ns["t"])
    assert not ns["is_point_symmetry"](ns["free"], [ns["x"], ns["y"]], ns["t"], [ns["t"], 0], B=ns["m"] * ns["x"],
                                       require_q_only=True)
    # ... and so do those of the public API
    chain = ns["chain"]
    assert (chain.verdict, chain.established, chain.status, chain.as_expected) == ("proved", "proved", "ok", True)
    assert chain.reproduce == ("python -m checker verify mine.chain_rule --seed 0 --profile default --path mine.py "
                               "--no-corpus")
    assert ns["results"].ok and chain.witness is None


def _pytest(args, cwd):
    """Run a README pytest command here; ``-p checker.pytest_plugin`` loads the plugin, installed or not."""
    assert args[:3] == ["python", "-m", "pytest"]
    command = [sys.executable, "-m", "pytest", "-p", "checker.pytest_plugin", "-p", "no:cacheprovider", *args[3:]]
    return subprocess.run(command, cwd=cwd, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                          text=True, timeout=300)


def test_readme_plugin_commands_and_configuration_run(folder_with_mine):
    commands = plugin_commands()
    mine = next(c for c in commands if "--checker-path" in c)
    out = _pytest(mine, folder_with_mine)
    assert out.returncode == 0 and "1 passed" in out.stdout, out.stdout + out.stderr
    # the corpus command: collected here (running the whole corpus is what `verify all` measures)
    corpus = next(c for c in commands if "--checker" in c and "--checker-path" not in c)
    out = _pytest(corpus + ["--collect-only"], folder_with_mine)
    from checker.execution.loader import load
    assert out.returncode == 0 and f"{len(load().items)} tests collected" in out.stdout, out.stdout + out.stderr
    # the configuration block, as a pyproject.toml
    toml = re.search(r"```toml\n(.*?)```", README.read_text(encoding="utf-8"), re.S).group(1)
    (folder_with_mine / "pyproject.toml").write_text(toml, encoding="utf-8")
    out = _pytest(["python", "-m", "pytest", "-q"], folder_with_mine)
    assert out.returncode == 0 and "1 passed" in out.stdout, out.stdout + out.stderr
