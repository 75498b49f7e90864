"""Reports of a run: JSON, Markdown, JUnit, GraphML, the HTML pages (typesetting, MathML, SVG, layout).

It imports :mod:`checker.kernel` and :mod:`checker.execution`, never the interfaces.
"""
