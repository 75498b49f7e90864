"""The README's Python examples run as written (one namespace, in order), so the documentation stays true."""
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_examples_of_the_public_decisions():
    text = "".join(python_blocks())
    for name in ("is_first_integral", "is_point_symmetry", "is_holonomic_equivalent", "hamiltonian",
                 "reduced_dalembert_equation", "is_dimensionally_homogeneous"):
        assert name in text


def test_readme_examples_run():
    namespace = {"__name__": "readme_examples"}
    for n, block in enumerate(python_blocks()):
        exec(compile(block, f"README.md python block {n + 1}", "exec"), namespace)  # noqa: S102
    # the documented outcomes of the decisions hold
    ns = namespace
    assert bool(ns["is_first_integral"](ns["J"], ns["L"], [ns["x"], ns["y"]], ns["t"]))
    assert not ns["is_first_integral"](ns["x"] * ns["y"].diff(ns["t"]), ns["L"], [ns["x"], ns["y"]], ns["t"])
    assert not ns["is_point_symmetry"](ns["free"], [ns["x"], ns["y"]], ns["t"], [ns["t"], 0], B=ns["m"] * ns["x"],
                                       require_q_only=True)
