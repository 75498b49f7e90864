"""Witnesses, residuals and proof steps as formulas: sympy's text form parsed back and typeset.

A check record carries expressions as sympy's ``str`` (``Derivative(phi(t), t)**2``).  Here each is
parsed back, and shown as MathML (derivatives of functions of ``t`` with dots, as in
``sympy.physics.mechanics``), with the raw text one click away (``<details>``).  A text is typeset only
when parsing gives back exactly the same text (so the formula shown is the one recorded) and it looks
like mathematics; anything else (prose, an ambiguous or huge expression) is shown as text.  A witness
value or residual may also be shown simplified: only small expressions (``SIMPLIFY_OPS`` operations),
by ``sympy.simplify`` under a time limit (a guard: on the small inputs it is not reached, so the
report stays deterministic), and only when the result is shorter; the recorded form stays in the
``<details>``.
"""
from __future__ import annotations

import re
import warnings
from functools import lru_cache
from html import escape

from .mathml import formula

MAX_CHARS = 2500          # longer texts are not typeset (their MathML would swamp the page)
MAX_LATEX = 6000
SIMPLIFY_OPS = 60
SIMPLIFY_SECONDS = 2.0
_SAFE = re.compile(r"^[\w\s+\-*/().,\[\]<>!]*$")   # what sympy's str writes; no quotes, no attribute access
_NAME = re.compile(r"(?<![\w.])([^\W\d]\w*)\b(?!\s*\()")
_SPACE = re.compile(r"\s+")
_LAMBDA = re.compile(r"\blambda\b")
_RELATION = re.compile(r"( != | = )")
RELATION_LATEX = {"=": "=", "!=": r"\ne"}
_NUMBER = re.compile(r"^\s*-?\d+(\.\d+)?(e[+-]?\d+)?\s*$")
CONSTANTS = {"E", "I", "pi", "oo", "zoo", "nan", "True", "False", "None"}
#: witness keys whose value is text to copy or read, never a formula
TEXT_KEYS = {"reproduce", "seed", "recheck", "context", "verification", "shown by", "premise", "sympy"}


@lru_cache(maxsize=8192)
def parse(text: str):
    """The sympy expression whose ``str`` is exactly ``text``, or None."""
    if not isinstance(text, str) or len(text) > MAX_CHARS or "__" in text or not _SAFE.match(text):
        return None
    import sympy
    from sympy.parsing.sympy_parser import parse_expr
    source = _LAMBDA.sub("lamda", text)  # a keyword in Python; sympy spells the symbol's name "lamda" (λ)
    names = {n: sympy.Symbol(n) for n in _NAME.findall(source) if n not in CONSTANTS}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Python's warnings about the text it compiles ("'bool' is not callable")
            expr = parse_expr(source, local_dict=names)
    except Exception:  # noqa: BLE001 - prose, or not sympy's syntax: not an expression
        return None
    if not isinstance(expr, (sympy.Basic, sympy.MatrixBase)) or _SPACE.sub("", str(expr)) != _SPACE.sub("", source):
        return None
    if isinstance(expr, sympy.Symbol) and len(expr.name) > 3 and expr.name.isalpha() and not _is_greek(expr.name):
        return None  # a word ("cancels", "symbolic"), not a variable
    return expr


def _is_greek(name: str) -> bool:
    from sympy.printing.latex import greek_letters_set
    return name.lower() in greek_letters_set or name in ("lamda", "varrho", "varphi")


def latex_of(expr) -> str:
    """LaTeX of the recorded tree, never of an evaluated form, with mechanics' conventions: ``x(t)`` as x, its
    derivatives as ẋ, ẍ; any other derivative (of a composite expression, a partial one) as d/dt or ∂."""
    return _recorded_tree_printer().doprint(expr)


@lru_cache(maxsize=1)
def _recorded_tree_printer():
    """``sympy.physics.vector``'s LaTeX printer, whose derivatives print the tree they are given.

    Its ``_print_Derivative`` calls ``doit()`` first, so ``Derivative(cos(θ(t)), t)`` printed as
    ``(−sin θ θ̇)``: a cite step recorded as ``d/dt cos θ = −sin θ θ̇`` read as a tautology.  Here only the
    derivatives it prints with dots (of a function of t alone, in t, at most four times) keep them (``doit`` leaves
    those unchanged: the dots are put here, without it); every other derivative prints as written."""
    from sympy.core.function import AppliedUndef
    from sympy.physics.vector.functions import dynamicsymbols
    from sympy.physics.vector.printing import VectorLatexPrinter
    from sympy.printing.latex import LatexPrinter

    class RecordedTreePrinter(VectorLatexPrinter):
        def _print_Derivative(self, der_expr):
            t = dynamicsymbols._t
            base, variables = der_expr.expr, der_expr.variables
            if not (isinstance(base, AppliedUndef) and base.args == (t,) and all(v == t for v in variables)
                    and len(variables) <= 4):
                return LatexPrinter._print_Derivative(self, der_expr)
            name, _, subscript = self._print_Function(base).partition("_")  # as sympy.physics.vector prints it
            dotted = r"\%s{%s}" % ("d" * (len(variables) - 1) + "dot", name)
            return dotted + (f"_{subscript}" if subscript else "")

    return RecordedTreePrinter()


@lru_cache(maxsize=4096)
def simplified(text: str):
    """A shorter equal form of the expression ``text`` (sympy's ``simplify``), or None."""
    import threading
    import sympy
    from ..kernel.engine.symbolic import TimeLimit, time_limit
    expr = parse(text)
    if expr is None or threading.current_thread() is not threading.main_thread():
        return None  # no time limit outside the main thread: do not start what might not end
    try:
        if sympy.count_ops(expr) > SIMPLIFY_OPS or isinstance(expr, sympy.MatrixBase):
            return None
        with time_limit(SIMPLIFY_SECONDS):
            simple = sympy.simplify(expr)
        if sympy.count_ops(simple) < sympy.count_ops(expr) and simple != expr:
            return simple
    except (TimeLimit, Exception):  # noqa: BLE001 - not simplified: show it as recorded
        return None
    return None


def _raw(text: str, label: str = "as recorded") -> str:
    return f'<details class="raw"><summary>{label}</summary><pre>{escape(text)}</pre></details>'


def _formula_block(latex: str) -> str:
    return f'<div class="fx">{formula(latex, display=True)}</div>' if len(latex) <= MAX_LATEX else ""


def expression_html(text: str, *, simplify: bool = False) -> str:
    """``text`` as a formula (simplified when asked and cheap) with the raw text one click away; else as text."""
    if _NUMBER.match(text or ""):
        return f'<span class="num">{escape(text.strip())}</span>'
    expr = parse(text)
    if expr is None:
        return f'<span class="text">{escape(str(text))}</span>' if len(str(text)) < 200 else \
            f'<pre class="text">{escape(str(text))}</pre>'
    simple = simplified(text) if simplify else None
    shown = latex_of(simple) if simple is not None else latex_of(expr)
    block = _formula_block(shown)
    if not block:
        return f'<pre class="text">{escape(text)}</pre>'
    label = "simplified by sympy; as recorded" if simple is not None else "as recorded"
    return block + _raw(text, label)


def equation_html(text: str) -> str:
    """A proof step's statement (``lhs = rhs`` or ``lhs != rhs``, maybe followed by a remark in parentheses)
    typeset, each side parsed on its own; the raw text one click away."""
    body, _, note = text.partition("  (")  # a trailing remark: "g(t, x(t)) = 0  (for every t)"
    parts = _RELATION.split(body)
    sides, relations = parts[0::2], parts[1::2]
    exprs = [parse(side) for side in sides]
    if not relations or any(e is None for e in exprs):
        return f'<pre class="text">{escape(text)}</pre>'
    latex = latex_of(exprs[0]) + "".join(f" {RELATION_LATEX[r.strip()]} {latex_of(e)}" for r, e in zip(relations, exprs[1:]))
    block = _formula_block(latex)
    if not block:
        return f'<pre class="text">{escape(text)}</pre>'
    remark = f'<span class="remark">({escape(note)}</span>' if note else ""
    return block + remark + _raw(text)


def value_html(value, key: str = "") -> str:
    """A witness (a dict, list, number or sympy text, nested) as HTML: formulas, tables, copyable commands."""
    if key in ("reproduce", "sympy") and isinstance(value, str):  # a command, a line of Python: copied as they are
        return command_html(value)
    if isinstance(value, dict):
        rows = "".join(f"<dt>{escape(str(k))}</dt><dd>{value_html(v, str(k))}</dd>" for k, v in value.items())
        return f'<dl class="kv">{rows}</dl>'
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value):
            parsed = [parse(str(v)) if not _NUMBER.match(str(v)) else None for v in value]
            if all(p is not None or _NUMBER.match(str(v)) for p, v in zip(parsed, value)):
                latex = r"\left(" + ", ".join(latex_of(p) if p is not None else str(v).strip()
                                               for p, v in zip(parsed, value)) + r"\right)"
                block = _formula_block(latex)
                if block:
                    import json
                    return block + _raw(json.dumps(list(value), ensure_ascii=False))
        return "<ol class='vals'>" + "".join(f"<li>{value_html(v, key)}</li>" for v in value) + "</ol>"
    if isinstance(value, bool) or value is None:
        return f'<span class="text">{escape(str(value))}</span>'
    if isinstance(value, (int, float)):
        return f'<span class="num">{escape(repr(value))}</span>'
    if key in TEXT_KEYS:
        return f'<span class="text">{escape(str(value))}</span>'
    return expression_html(str(value), simplify=True)


def command_html(command: str) -> str:
    """A shell command as copyable text (a copy button where the page's script runs)."""
    return f'<span class="cmd"><code>{escape(command)}</code><button type="button" class="copy" hidden>copy</button></span>'
