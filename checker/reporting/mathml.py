"""Formulas as MathML that Chromium renders as written: LaTeX through latex2mathml, then repaired.

latex2mathml's output relies on MathML features that MathML Core (what Chromium implements) does
not have, so it is rewritten before it reaches a page:

* an accent (``\\dot``, ``\\ddot``, ``\\hat``, ``\\bar``, ``\\tilde``, ``\\vec``, ...) becomes
  ``<mover accent="true">``: without the attribute the dot is laid out as a small detached
  over-script, and ``\\dot\\theta^2`` reads as θ²;
* ``mathvariant`` other than ``normal`` (``\\mathcal``, ``\\mathbb``, ``\\mathfrak``, ``\\mathsf``, bold)
  is ignored by MathML Core, so the letters are replaced by their Unicode mathematical alphanumerics
  (𝓛 → ℒ, ℝ, 𝔤, ...), which is what MathML Core asks for;
* a prime written as a superscript (``x'``, ``f''(t)``) becomes the prime character after its base:
  the prime glyph is already raised, and as a superscript it shrinks to a speck;
* a function name after a factor gets the thin space TeX puts before an operator name (``g sin θ``, not
  ``gsin θ``), and ``:=`` (two operators to latex2mathml, spaced apart) becomes one ``≔``.

The pages declare one math font (a subset of STIX Math, shipped beside the pages; see
:mod:`checker.assets`), so glyphs and accent positions do not depend on the reader's fonts.  A
formula that cannot be converted is shown as its LaTeX source in ``<code>``: it is never lost.
"""
from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ET
from functools import lru_cache
from html import escape

_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
MATHML_NS = "http://www.w3.org/1998/Math/MathML"
ET.register_namespace("", MATHML_NS)

#: characters latex2mathml puts over a base for an accent command
ACCENTS = set("\u02d9\u00a8\u005e\u02c6\u007e\u02dc\u00af\u2192\u02c7\u00b4\u0060\u02d8\u2015\u203e\u20d7\u02da\u20db")
PRIMES = set("\u2032\u2033\u2034\u2057'")
#: mathvariant -> the word of the Unicode character names of that alphabet
VARIANT_NAMES = {
    "bold": "BOLD", "italic": "ITALIC", "bold-italic": "BOLD ITALIC", "double-struck": "DOUBLE-STRUCK",
    "script": "SCRIPT", "bold-script": "BOLD SCRIPT", "fraktur": "FRAKTUR", "bold-fraktur": "BOLD FRAKTUR",
    "sans-serif": "SANS-SERIF", "bold-sans-serif": "SANS-SERIF BOLD", "sans-serif-italic": "SANS-SERIF ITALIC",
    "sans-serif-bold-italic": "SANS-SERIF BOLD ITALIC", "monospace": "MONOSPACE",
}
#: letters of the alphabets above that Unicode encodes in the Letterlike Symbols block instead
LETTERLIKE = {"SCRIPT": "SCRIPT", "FRAKTUR": "BLACK-LETTER", "DOUBLE-STRUCK": "DOUBLE-STRUCK"}
DIGITS = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]


@lru_cache(maxsize=None)
def styled_char(ch: str, variant: str) -> str:
    """``ch`` in the Unicode mathematical alphabet ``variant`` (itself when that alphabet has no such letter)."""
    word = VARIANT_NAMES.get(variant)
    if word is None:
        return ch
    if ch.isdigit() and ch.isascii():
        names = [f"MATHEMATICAL {word} DIGIT {DIGITS[int(ch)]}"]
    elif ch.isascii() and ch.isalpha():
        case = "CAPITAL" if ch.isupper() else "SMALL"
        names = [f"MATHEMATICAL {word} {case} {ch.upper()}"]
        if word in LETTERLIKE:
            names.append(f"{LETTERLIKE[word]} {case} {ch.upper()}")
        if word == "ITALIC" and ch == "h":
            names.append("PLANCK CONSTANT")
    else:
        try:
            base = unicodedata.name(ch)
        except ValueError:
            return ch
        if not base.startswith("GREEK "):
            return ch
        names = [f"MATHEMATICAL {word} {base.replace('GREEK ', '').replace('LETTER ', '')}"]
    for name in names:
        try:
            return unicodedata.lookup(name)
        except KeyError:
            continue
    return ch


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


FENCES = set("()[]{}|\u2016\u27e8\u27e9\u2308\u2309\u230a\u230b")


FUNCTION_NAMES = {"sin", "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "coth", "arcsin", "arccos",
                  "arctan", "log", "ln", "exp", "det", "dim", "ker", "rank", "tr", "sup", "inf", "min", "max", "lim"}


#: parents whose children are laid out in a row (where spacing between neighbours means something)
ROWS = ("mrow", "math", "mstyle", "mtd", "msqrt", "mpadded")


def _is_function_name(node: ET.Element) -> bool:
    return _local(node.tag) in ("mi", "mo") and (node.text or "") in FUNCTION_NAMES


def _thin_space() -> ET.Element:
    return ET.Element(f"{{{MATHML_NS}}}mspace", {"width": "0.167em"})


def _space_after_functions(root: ET.Element) -> None:
    """``cos θ``, not ``cosθ``: a thin space after a function name that is not followed by a parenthesis; and
    ``g sin θ``, not ``gsin θ``: one before a function name that follows a factor (not an operator or an
    opening fence), as TeX spaces an operator name."""
    for parent in list(root.iter()):
        if _local(parent.tag) not in ROWS:
            continue
        children = list(parent)
        for index in reversed(range(len(children))):
            node = children[index]
            if not _is_function_name(node):
                continue
            following = children[index + 1] if index + 1 < len(children) else None
            if following is not None and not (_local(following.tag) == "mo" and (following.text or "") in FENCES):
                parent.insert(index + 1, _thin_space())
            preceding = children[index - 1] if index > 0 else None
            if preceding is not None and (_local(preceding.tag) != "mo" or (preceding.text or "") in ")]}|"):
                parent.insert(index, _thin_space())


def _join_colon_equals(root: ET.Element) -> None:
    """``:=`` as one operator ``≔`` (latex2mathml gives ``<mi>:</mi><mo>=</mo>``, laid out as ``: =``)."""
    for parent in list(root.iter()):
        children = list(parent)
        for index in reversed(range(len(children) - 1)):
            node, following = children[index], children[index + 1]
            if _local(node.tag) in ("mi", "mo") and (node.text or "").strip() == ":" and _local(following.tag) == "mo" \
                    and (following.text or "").strip() == "=":
                node.tag, node.text = f"{{{MATHML_NS}}}mo", "\u2254"
                node.attrib.clear()
                parent.remove(following)


def _compact(root: ET.Element) -> None:
    """Drop what MathML Core's operator dictionary already says (a fence's ``fence``, ``form``, ``stretchy="true"``)
    and unwrap every ``<mrow>`` with a single child: the same rendering in a fraction of the bytes."""
    for node in root.iter():
        if _local(node.tag) == "mo" and (node.text or "") in FENCES:
            for attr in ("fence", "form"):
                node.attrib.pop(attr, None)
            if node.attrib.get("stretchy") == "true":
                del node.attrib["stretchy"]
    for parent in list(root.iter()):
        for index, child in enumerate(list(parent)):
            while _local(child.tag) == "mrow" and len(child) == 1 and not child.attrib and not (child.text or "").strip():
                child = child[0]
            parent[index] = child


def polish(root: ET.Element) -> ET.Element:
    """Rewrite latex2mathml's tree in place into what MathML Core renders (see the module docstring)."""
    for parent in list(root.iter()):
        children = list(parent)
        for index, node in enumerate(children):
            tag = _local(node.tag)
            variant = node.attrib.get("mathvariant")
            if variant and variant != "normal" and tag in ("mi", "mn", "mo", "mtext") and node.text:
                node.text = "".join(styled_char(c, variant) for c in node.text)
                del node.attrib["mathvariant"]
            elif variant and variant != "normal":
                for leaf in node.iter():  # a variant on a row applies to the tokens inside it
                    if _local(leaf.tag) in ("mi", "mn") and leaf.text and "mathvariant" not in leaf.attrib:
                        leaf.text = "".join(styled_char(c, variant) for c in leaf.text)
                del node.attrib["mathvariant"]
            if tag == "mover" and len(node) == 2 and _local(node[1].tag) == "mo" and (node[1].text or "") in ACCENTS:
                node.set("accent", "true")
            if tag == "msup" and len(node) == 2 and _local(node[1].tag) in ("mi", "mo") and node[1].text \
                    and set(node[1].text) <= PRIMES:
                prime = ET.Element(f"{{{MATHML_NS}}}mo", {"lspace": "0", "rspace": "0"})
                prime.text = node[1].text.replace("'", "\u2032")
                row = ET.Element(f"{{{MATHML_NS}}}mrow")
                row.extend([node[0], prime])
                parent[index] = row
    _join_colon_equals(root)
    _space_after_functions(root)
    _compact(root)
    return root


@lru_cache(maxsize=4096)
def formula(latex: str, display: bool = False) -> str:
    """One formula as polished MathML (or ``<code>`` with its source when it cannot be converted)."""
    try:
        from latex2mathml.converter import convert
        raw = convert(latex, display="block" if display else "inline")
        root = polish(ET.fromstring(raw))
        text = ET.tostring(root, encoding="unicode", short_empty_elements=False)
    except Exception:  # noqa: BLE001 - any conversion failure falls back to the source
        return f'<code class="tex">{escape(latex)}</code>'
    return text.replace(f'<math xmlns="{MATHML_NS}"', "<math", 1)


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
