"""The random rational expressions the exact zero tests are tested on (one strategy, shared)."""
from hypothesis import strategies as st


@st.composite
def rational_expressions(draw, atoms, depth=3, coefficients=st.integers(-3, 3), exponents=st.integers(0, 3)):
    """Sums, products, integer powers and quotients of ``atoms`` (each times a drawn coefficient, plus an integer)."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(atoms)) * draw(coefficients) + draw(st.integers(-2, 2))
    a = draw(rational_expressions(atoms, depth - 1, coefficients, exponents))
    b = draw(rational_expressions(atoms, depth - 1, coefficients, exponents))
    op = draw(st.sampled_from(["add", "mul", "pow", "div"]))
    if op == "add":
        return a + b
    if op == "mul":
        return a * b
    if op == "pow":
        return a ** draw(exponents) if a != 0 else a
    return a / b if b != 0 else a
