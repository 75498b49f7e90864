"""Line plots of the figures a verifier records (``Checks.figure``), as SVG; a picture of evidence, never a verdict."""
from __future__ import annotations

import math
from html import escape

PALETTE = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f"]


def _ticks(lo: float, hi: float, n: int = 5) -> list:
    if hi <= lo:
        return [lo]
    return [lo + (hi - lo) * k / (n - 1) for k in range(n)]


def plot_svg(fig: dict, width: int = 540, height: int = 260) -> str:
    """A line plot of a figure recorded by ``Checks.figure``."""
    xs = fig["x"]
    series = fig["series"]
    log = fig.get("log")

    def tr(v):
        if not log:
            return v
        return math.log10(abs(v)) if v else -20.0
    ys = [tr(v) for vals in series.values() for v in vals]
    if not xs or not ys:
        return ""
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    if y1 - y0 < 1e-12:
        y0, y1 = y0 - 1, y1 + 1
    left, right, top, bottom = 62, 12, 26, 40
    pw, ph = width - left - right, height - top - bottom

    def px(v):
        return left + (v - x0) / ((x1 - x0) or 1) * pw

    def py(v):
        return top + ph - (v - y0) / (y1 - y0) * ph
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="plot" viewBox="0 0 {width} {height}" width="{width}" '
             f'height="{height}" role="img" aria-label="{escape(fig["title"])}">',
             f'<text x="{width / 2}" y="16" text-anchor="middle" font-size="12" font-weight="bold">{escape(fig["title"])}</text>',
             f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#90a4ae"/>']
    for v in _ticks(x0, x1):
        parts.append(f'<text x="{px(v):.1f}" y="{top + ph + 14}" text-anchor="middle" font-size="10">{v:.3g}</text>')
    for v in _ticks(y0, y1):
        label = f"1e{v:.0f}" if log else f"{v:.3g}"
        parts.append(f'<text x="{left - 4}" y="{py(v) + 3:.1f}" text-anchor="end" font-size="10">{label}</text>'
                     f'<line x1="{left}" x2="{left + pw}" y1="{py(v):.1f}" y2="{py(v):.1f}" stroke="#eceff1"/>')
    parts.append(f'<text x="{left + pw / 2}" y="{height - 6}" text-anchor="middle" font-size="11">{escape(fig.get("xlabel", ""))}</text>')
    ylabel = ("log10 |" + fig.get("ylabel", "") + "|") if log else fig.get("ylabel", "")
    parts.append(f'<text x="12" y="{top + ph / 2}" text-anchor="middle" font-size="11" '
                 f'transform="rotate(-90 12 {top + ph / 2})">{escape(ylabel)}</text>')
    for i, (label, vals) in enumerate(series.items()):
        colour = PALETTE[i % len(PALETTE)]
        pts = " ".join(f"{px(x):.1f},{py(tr(y)):.1f}" for x, y in zip(xs, vals))
        parts.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="1.8"/>')
        parts.append(f'<rect x="{left + 8}" y="{top + 6 + 14 * i}" width="12" height="3" fill="{colour}"/>'
                     f'<text x="{left + 24}" y="{top + 10 + 14 * i}" font-size="10">{escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)
