"""Every code block of docs/tutorial.md runs as written, in order, in an empty folder, and the output it shows is
the output it gives: ``# spring.py`` blocks are the module's file, ``console`` blocks are commands (``$ ``) with
lines of their output (``...`` is any text), and a ``text`` block after a Python block is what it prints."""
import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"


def blocks() -> list:
    """``(language, text)`` of every fenced block, in order."""
    return re.findall(r"^```(\w+)\n(.*?)^```", TUTORIAL.read_text(encoding="utf-8"), re.S | re.M)


def shown_lines_match(shown: str, output: str) -> list:
    """The shown lines not found (in order) in ``output``; ``...`` in a shown line is any text."""
    got = output.splitlines()
    missing, at = [], 0
    for line in (s for s in shown.splitlines() if s.strip()):
        pattern = re.compile(".*".join(re.escape(part) for part in line.split("...")).rstrip() + r"\s*$")
        hit = next((i for i in range(at, len(got)) if pattern.match(got[i].rstrip())), None)
        if hit is None:
            missing.append(line)
        else:
            at = hit + 1
    return missing


def console(block: str) -> list:
    """``(command, shown output)`` of a console block."""
    out = []
    for line in block.splitlines():
        if line.startswith("$ "):
            out.append([line[2:], []])
        elif out:
            out[-1][1].append(line)
    return [(cmd, "\n".join(shown)) for cmd, shown in out]


def run(command: str, cwd: Path) -> str:
    args = shlex.split(command)
    assert args[:2] == ["python", "-m"], command
    if args[2] == "pytest":  # the plugin, loaded from this checkout whether installed or not
        args = ["python", "-m", "pytest", "-p", "checker.pytest_plugin", *args[3:]]
    proc = subprocess.run([sys.executable, *args[1:]], cwd=cwd, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return proc.stdout + proc.stderr


def test_the_tutorial_has_every_part():
    text = TUTORIAL.read_text(encoding="utf-8")
    for needed in ('kind="cited"', "exports=", "p.cite(", "check.necessary(", "check.without(", 'expected="fails"',
                   "hypothesis(", "@definition", "stated(", "--checker-path", "premise=NEWTON"):
        assert needed in text, needed


def test_every_tutorial_block_runs_and_shows_its_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    found = blocks()
    assert sum(lang == "console" for lang, _ in found) >= 3
    namespace = {"__name__": "tutorial"}
    printed = None
    for n, (lang, text) in enumerate(found):
        if lang == "python" and text.startswith("# spring.py\n"):
            with open(tmp_path / "spring.py", "a", encoding="utf-8") as fh:
                fh.write(text.split("\n", 1)[1] + "\n")
            printed = None
        elif lang == "python":
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                exec(compile(text, f"docs/tutorial.md block {n + 1}", "exec"), namespace)  # noqa: S102
            printed = buffer.getvalue()
        elif lang == "text":
            assert printed is not None, f"block {n + 1}: a text block follows no Python block"
            assert printed.strip() == text.strip(), (printed, text)
            printed = None
        elif lang == "console":
            for command, shown in console(text):
                output = run(command, tmp_path)
                assert not shown_lines_match(shown, output), (command, shown_lines_match(shown, output), output)
            printed = None
