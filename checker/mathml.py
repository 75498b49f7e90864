"""Statements as HTML: text with ``$...$`` / ``$$...$$`` LaTeX, the maths rendered to MathML.

MathML is understood by current browsers without scripts, so the report stays one self-contained
page.  The conversion is latex2mathml's; a formula it cannot convert is shown as its LaTeX source
in ``<code>`` (the statement is never lost).
"""
from __future__ import annotations

import re
from html import escape

_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)


def formula(latex: str, display: bool = False) -> str:
    """One formula as MathML (or ``<code>`` with its source when it cannot be converted)."""
    try:
        from latex2mathml.converter import convert
        return convert(latex, display="block" if display else "inline")
    except Exception:  # noqa: BLE001 - any conversion failure falls back to the source
        return f'<code class="tex">{escape(latex)}</code>'


def statement_html(text: str) -> str:
    """Escape the prose of ``text`` and render each ``$…$`` (inline) or ``$$…$$`` (display) formula."""
    out, last = [], 0
    for m in _MATH.finditer(text or ""):
        out.append(escape(text[last:m.start()]))
        display, inline = m.group(1), m.group(2)
        out.append(formula(display if display is not None else inline, display=display is not None))
        last = m.end()
    out.append(escape((text or "")[last:]))
    return "".join(out)
