"""Matrix entries are variables of their own: a name never makes two variables one.

``check.identity`` writes matrix expressions out entry by entry.  The variable of the entry ``A[i, j]`` once was a
Symbol named ``"A[i,j]"``, so a user's Symbol of that name, or an entry of another matrix printed the same way
(a MatrixSymbol named ``"B**(-1)"`` beside the inverse of ``B``), was the same variable and a false identity was
proved.  Every namesake pair below is two independent variables: the identity is false by construction, and must
never be proved; the true identities beside them still are.
"""
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import run_verifier

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])

NAMES = st.sampled_from(["A", "M", "x", "A[0,0]", "B.T", "q_1"])
SHAPES = st.tuples(st.integers(1, 3), st.integers(1, 3))


def outcome(lhs, rhs) -> str:
    run = run_verifier(lambda check: check.identity("claim", lhs, rhs))
    return run.checks[0].outcome


@settings(SETTINGS, max_examples=12)
@given(NAMES, SHAPES, st.data())
def test_an_entry_is_not_its_namesake_symbol(name, shape, data):
    A = sp.MatrixSymbol(name, *shape)
    i, j = data.draw(st.integers(0, shape[0] - 1)), data.draw(st.integers(0, shape[1] - 1))
    namesake = sp.Symbol(f"{name}[{i},{j}]")
    assert outcome(A[i, j], namesake) != "proved"
    assert outcome(2 * A[i, j] + 1, 2 * namesake + 1) != "proved"
    whole = sp.Matrix(*shape, lambda r, c: sp.Symbol(f"{name}[{r},{c}]"))
    assert outcome(A, whole) != "proved"
    assert outcome(A[i, j] + A[i, j], 2 * A[i, j]) == "proved"  # an entry is still itself


@SETTINGS
@given(NAMES, st.integers(1, 3))
def test_a_scalar_built_from_matrices_is_not_one_built_from_namesakes(name, n):
    A = sp.MatrixSymbol(name, n, n)
    namesakes = sp.Matrix(n, n, lambda r, c: sp.Symbol(f"{name}[{r},{c}]"))
    assert outcome(sp.Trace(A), namesakes.trace()) != "proved"
    assert outcome(sp.Trace(A), sp.Trace(A.T)) == "proved"


def test_an_entry_of_an_inverse_is_not_an_entry_of_a_matrix_printed_alike():
    B = sp.MatrixSymbol("B", 2, 2)
    printed_alike = sp.MatrixSymbol(str(sp.Inverse(B)), 2, 2)
    assert str(printed_alike) == str(sp.Inverse(B))
    assert outcome(sp.Inverse(B), printed_alike) != "proved"
    assert outcome(sp.Inverse(B) + sp.Inverse(B), 2 * sp.Inverse(B)) == "proved"


def test_equal_entries_meet_in_two_separate_computations():
    """Residuals computed apart (a proof step and the equation it cites) name one entry by one variable."""
    from checker.kernel.engine.symbolic import as_residuals
    A = sp.MatrixSymbol("A", 2, 2)
    first, second = as_residuals((A, sp.ZeroMatrix(2, 2))), as_residuals((A.T.T, sp.ZeroMatrix(2, 2)))
    assert first == second and all(not isinstance(s, sp.Symbol) or s.is_Dummy for r in first for s in r.free_symbols)
