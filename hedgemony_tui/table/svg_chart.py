"""Line charts as inline SVG for the debrief pack's HTML page (no script, no library).

Each series gets a colour from a palette that stays distinct for the common kinds of
colour blindness and a dash pattern and marker of its own, and its name is written at
the end of its line and in the legend, so a chart reads in grey print too.
"""

from __future__ import annotations

import html

PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")
MARKERS = ("circle", "square", "diamond", "triangle", "cross", "circle")

WIDTH, HEIGHT, PAD = 520, 260, 44


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "square":
        return f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="6" height="6" fill="{colour}"/>'
    if kind == "diamond":
        return f'<polygon points="{x:.1f},{y - 4:.1f} {x + 4:.1f},{y:.1f} {x:.1f},{y + 4:.1f} {x - 4:.1f},{y:.1f}" fill="{colour}"/>'
    if kind == "triangle":
        return (
            f'<polygon points="{x:.1f},{y - 4:.1f} {x + 4:.1f},{y + 3:.1f} {x - 4:.1f},{y + 3:.1f}" fill="{colour}"/>'
        )
    if kind == "cross":
        return (
            f'<path d="M{x - 3:.1f},{y - 3:.1f} L{x + 3:.1f},{y + 3:.1f} M{x - 3:.1f},{y + 3:.1f} '
            f'L{x + 3:.1f},{y - 3:.1f}" stroke="{colour}" stroke-width="2"/>'
        )
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>'


def line_chart(series: dict[str, list[tuple[int, float]]]) -> str:
    """An SVG chart of ``series`` (name -> [(turn, value)]), turns on the x axis."""
    points = [p for values in series.values() for p in values]
    if not points:
        return "<p>No figures to chart.</p>"
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys + [0.0]), max(ys + [1.0])
    if y0 == y1:
        y1 = y0 + 1

    def sx(x: float) -> float:
        return PAD + (x - x0) / ((x1 - x0) or 1) * (WIDTH - 2 * PAD - 40)

    def sy(y: float) -> float:
        return HEIGHT - PAD - (y - y0) / (y1 - y0) * (HEIGHT - 2 * PAD)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT + 20 * ((len(series) + 2) // 3)}" '
        f'role="img" font-family="sans-serif" font-size="11">',
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" stroke="#444"/>',
        f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{HEIGHT - PAD}" stroke="#444"/>',
    ]
    for turn in sorted(set(xs)):
        parts.append(f'<text x="{sx(turn):.1f}" y="{HEIGHT - PAD + 14}" text-anchor="middle">{turn}</text>')
    for value in (y0, (y0 + y1) / 2, y1):
        parts.append(f'<text x="{PAD - 6}" y="{sy(value) + 4:.1f}" text-anchor="end">{value:g}</text>')
        parts.append(f'<line x1="{PAD}" y1="{sy(value):.1f}" x2="{WIDTH - PAD}" y2="{sy(value):.1f}" stroke="#ddd"/>')
    parts.append(f'<text x="{WIDTH / 2:.0f}" y="{HEIGHT - 8}" text-anchor="middle">turn</text>')
    for number, (name, values) in enumerate(series.items()):
        colour, dash = PALETTE[number % len(PALETTE)], DASHES[number % len(DASHES)]
        marker = MARKERS[number % len(MARKERS)]
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in values)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dashed}/>')
        parts += [_marker(marker, sx(x), sy(y), colour) for x, y in values]
        if values:
            x, y = values[-1]
            parts.append(f'<text x="{sx(x) + 6:.1f}" y="{sy(y) + 4:.1f}" fill="{colour}">{html.escape(name)}</text>')
        lx, ly = PAD + (number % 3) * 150, HEIGHT + 4 + (number // 3) * 20
        parts.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 24}" y2="{ly}" stroke="{colour}" stroke-width="2"{dashed}/>')
        parts.append(_marker(marker, lx + 12, ly, colour))
        parts.append(f'<text x="{lx + 30}" y="{ly + 4}">{html.escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)
