"""Line charts as inline SVG for the debrief pack's HTML page (no script, no library).

Each series gets a colour from a palette that stays distinct for the common kinds of
colour blindness, and a dash pattern and marker of its own (no two series share both up
to :data:`DISTINCT` series), so a chart reads in black-and-white print too: the page's
print stylesheet turns every line and mark black through the classes set here
(``series``, ``mark``, ``mark-open``, ``mark-line``). Each name is written at the end of its
line and in the legend.

No two labels overlap. Text has no measured width in SVG without a browser, so each
label's box is estimated from its length (:func:`text_width`, generous on purpose),
and the layout keeps those boxes apart: the turns on the x axis are thinned to a step
that fits, the y axis takes "nice" ticks far enough apart, the names at the lines' ends
are spread apart (:func:`spread`) with a leader line back to the end they name, and the
legend flows onto as many rows as its names need.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#8c6d00")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")
MARKERS = ("circle", "square", "diamond", "triangle", "cross", "open-circle", "open-square", "plus")
DISTINCT = math.lcm(len(DASHES), len(MARKERS))
"""How many series a chart tells apart without colour (a dash and a marker each)."""

FONT = 11
"""The labels' font size, in pixels."""
LINE_GAP = FONT + 3
"""The least distance, in pixels, between two labels' baselines stacked in a column."""
WIDTH = 520
PLOT_HEIGHT = 200
TOP = 12


def text_width(text: str) -> float:
    """A generous estimate of ``text``'s width at :data:`FONT` in a sans-serif face
    (wide capitals count more), so boxes kept apart by it are apart when drawn."""
    wide = sum(1 for c in text if c.isupper() or c in "MWmw@%")
    return FONT * (0.62 * len(text) + 0.22 * wide) + 2


def spread(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as close as may be to ``wanted`` (each a label's baseline), every two at
    least ``gap`` apart, all within ``low``..``high`` when they fit there (the column is
    taken from ``low`` down otherwise); the same order as ``wanted``."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    placed = [min(max(wanted[i], low), high) for i in order]
    for k in range(1, len(placed)):  # push down what sits too close below its neighbour
        placed[k] = max(placed[k], placed[k - 1] + gap)
    if placed and placed[-1] > high:  # then back up from the bottom, never above ``low``
        placed[-1] = max(high, low + gap * (len(placed) - 1))
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - gap)
    out = [0.0] * len(wanted)
    for k, i in enumerate(order):
        out[i] = placed[k]
    return out


def nice_ticks(low: float, high: float, most: int, *, whole: bool = False) -> list[float]:
    """Round values from at most ``low`` to at least ``high``, no more than ``most`` of them
    (``whole``: whole numbers only, for a figure that is a count)."""
    span = (high - low) or 1.0
    for step in (m * 10**e for e in range(math.floor(math.log10(span / most)) - 1, 12) for m in (1, 2, 5)):
        if whole and step < 1:
            continue
        first, last = math.floor(low / step), math.ceil(high / step)
        if last - first + 1 <= max(most, 2):
            return [round(k * step, 10) for k in range(first, last + 1)]
    return [low, high]


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    filled, opened, stroked = (
        f'class="mark" fill="{colour}"',
        f'class="mark-open" fill="#ffffff" stroke="{colour}" stroke-width="1.5"',
        f'class="mark-line" stroke="{colour}" stroke-width="2"',
    )
    if kind in ("square", "open-square"):
        how = filled if kind == "square" else opened
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" {how}/>'
    if kind == "diamond":
        return f'<polygon points="{x:.1f},{y - 4.5:.1f} {x + 4.5:.1f},{y:.1f} {x:.1f},{y + 4.5:.1f} {x - 4.5:.1f},{y:.1f}" {filled}/>'
    if kind == "triangle":
        return f'<polygon points="{x:.1f},{y - 4.5:.1f} {x + 4.5:.1f},{y + 3.5:.1f} {x - 4.5:.1f},{y + 3.5:.1f}" {filled}/>'
    if kind == "cross":
        return f'<path d="M{x - 3.5:.1f},{y - 3.5:.1f} L{x + 3.5:.1f},{y + 3.5:.1f} M{x - 3.5:.1f},{y + 3.5:.1f} L{x + 3.5:.1f},{y - 3.5:.1f}" {stroked}/>'
    if kind == "plus":
        return f'<path d="M{x - 4.5:.1f},{y:.1f} L{x + 4.5:.1f},{y:.1f} M{x:.1f},{y - 4.5:.1f} L{x:.1f},{y + 4.5:.1f}" {stroked}/>'
    how = filled if kind == "circle" else opened
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" {how}/>'


def _style(number: int) -> tuple[str, str, str]:
    """A series' colour, dash and marker: dash and marker cycle at different lengths,
    so the pair is the series' own up to :data:`DISTINCT` series."""
    return PALETTE[number % len(PALETTE)], DASHES[number % len(DASHES)], MARKERS[number % len(MARKERS)]


def line_chart(series: dict[str, list[tuple[int, float]]], *, title: str = "", x_name: str = "turn") -> str:
    """An SVG chart of ``series`` (name -> [(turn, value)]), turns on the x axis."""
    points = [p for values in series.values() for p in values]
    if not points:
        return "<p>No figures to chart.</p>"
    xs = sorted({p[0] for p in points})
    ys = [p[1] for p in points]
    x0, x1 = xs[0], xs[-1]
    whole = all(float(y).is_integer() for y in ys)  # a count is not read off at 0.2 or 0.5
    ticks = nice_ticks(min(ys + [0.0]), max(ys + [1.0]), PLOT_HEIGHT // (2 * LINE_GAP), whole=whole)
    y0, y1 = ticks[0], ticks[-1]
    names = {name: html.escape(name) for name in series}
    # the plot's box: room on the left for the widest y label, on the right for the widest name
    left = 8 + max(text_width(f"{v:g}") for v in ticks) + 6
    gutter = 14 + max(text_width(name) for name in series) + 4
    right = WIDTH - gutter
    height = max(PLOT_HEIGHT, LINE_GAP * len(series))  # room for every end label in one column
    bottom = TOP + height

    def sx(x: float) -> float:
        return left + 8 + (x - x0) / ((x1 - x0) or 1) * (right - left - 16)

    def sy(y: float) -> float:
        return bottom - (y - y0) / ((y1 - y0) or 1) * height

    parts = [f'<rect x="0" y="0" width="{WIDTH}" height="__H__" fill="#ffffff"/>']
    for value in ticks:
        parts.append(
            f'<line class="grid" x1="{left}" y1="{sy(value):.1f}" x2="{right}" y2="{sy(value):.1f}" stroke="#dddddd"/>'
        )
        parts.append(f'<text x="{left - 6:.1f}" y="{sy(value) + 4:.1f}" text-anchor="end">{value:g}</text>')
    parts.append(f'<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#444444"/>')
    parts.append(f'<line x1="{left}" y1="{TOP}" x2="{left}" y2="{bottom}" stroke="#444444"/>')
    # x labels: every ``step``-th turn, the step the widest label needs to clear its neighbour
    room = (right - left - 16) / max(x1 - x0, 1)
    need = max(text_width(str(x)) for x in xs) + 6
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 10**9) if s * room >= need or s >= x1 - x0 + 1)
    for turn in xs:
        if (turn - x0) % step == 0:
            parts.append(f'<text x="{sx(turn):.1f}" y="{bottom + 15}" text-anchor="middle">{turn}</text>')
    parts.append(
        f'<text x="{(left + right) / 2:.0f}" y="{bottom + 31}" text-anchor="middle">{html.escape(x_name)}</text>'
    )
    ends: list[tuple[str, float, float, str]] = []
    for number, (name, values) in enumerate(series.items()):
        colour, dash, marker = _style(number)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in values)
        parts.append(
            f'<polyline class="series" points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dashed}/>'
        )
        parts += [_marker(marker, sx(x), sy(y), colour) for x, y in values]
        if values:
            ends.append((name, sx(values[-1][0]), sy(values[-1][1]), colour))
    # the names at the lines' ends, in one column right of the plot, spread so none overlap
    label_x = right + 12
    baselines = spread([y + 4 for _, _, y, _ in ends], LINE_GAP, TOP + FONT, bottom + 4)
    for (name, x, y, colour), base in zip(ends, baselines, strict=True):
        parts.append(
            f'<line class="leader" x1="{x + 4:.1f}" y1="{y:.1f}" x2="{label_x - 2:.1f}" y2="{base - 4:.1f}" '
            f'stroke="#888888" stroke-width="0.75"/>'
        )
        parts.append(f'<text class="end-label" x="{label_x:.1f}" y="{base:.1f}" fill="{colour}">{names[name]}</text>')
    # the legend: a sample of each line (dash and marker) and its name, rows as the names need
    lx, ly = left, bottom + 50
    for number, name in enumerate(series):
        colour, dash, marker = _style(number)
        width = 30 + text_width(name) + 16
        if lx + width > WIDTH and lx > left:
            lx, ly = left, ly + LINE_GAP + 4
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<line class="series" x1="{lx}" y1="{ly - 4}" x2="{lx + 24}" y2="{ly - 4}" stroke="{colour}" '
            f'stroke-width="2"{dashed}/>'
        )
        parts.append(_marker(marker, lx + 12, ly - 4, colour))
        parts.append(f'<text class="legend" x="{lx + 30}" y="{ly}">{names[name]}</text>')
        lx += math.ceil(width)
    total = ly + 10
    label = f"<title>{html.escape(title)}</title>" if title else ""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{total}" viewBox="0 0 {WIDTH} {total}" '
        f'role="img" font-family="sans-serif" font-size="{FONT}">{label}'
    )
    return head + "".join(parts).replace("__H__", str(total), 1) + "</svg>"
