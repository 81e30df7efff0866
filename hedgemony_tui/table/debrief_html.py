"""The debrief pack's ``report.html``: the report's own Markdown rendered into a web page.

The page is made from the same Markdown as ``report.md`` (:mod:`.debrief_pack` writes it
block by block), rendered by markdown-it-py into headings, paragraphs, lists and real
``<table>`` elements, with a line chart per figure (:mod:`.svg_chart`, inline SVG) placed
under the figures' heading. No script; it opens anywhere and prints.

Nothing from a game or its players becomes markup: the renderer is set to refuse raw
HTML (``html`` off: a ``<script>`` in a seat's name or a note is written out as text), and
to make no links or images at all (a report has none of its own, and a journal's text
must not point a reader anywhere). Every string markdown-it-py writes is escaped by it.

The stylesheet reads on a screen and prints without colour: black on white, every table
cell bordered, and every chart line and mark black, told apart by its dash pattern and
marker, which the chart's legend and end labels show.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from markdown_it import MarkdownIt

from .text import inert

Block = tuple[str, str]
"""A part of the report: a key (where the charts go is named by it) and its Markdown."""

STYLE = """
:root { color-scheme: light; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111; background: #fff;
       max-width: 75em; margin: 0 auto; padding: 1.5em 2em 3em; }
h1 { font-size: 1.6em; margin: 0 0 .6em; padding-bottom: .25em; border-bottom: 2px solid #333; }
h2 { font-size: 1.25em; margin: 1.8em 0 .5em; padding-bottom: .15em; border-bottom: 1px solid #bbb; }
p, ul { max-width: 60em; }
li { margin: .15em 0; }
table { border-collapse: collapse; margin: .6em 0 1.2em; font-size: .9em; }
th, td { border: 1px solid #999; padding: .25em .6em; text-align: left; vertical-align: top; }
th { background: #e9edf1; }
tbody tr:nth-child(even) { background: #f6f7f8; }
.charts { display: flex; flex-wrap: wrap; gap: .5em 2em; margin: .8em 0 1em; }
figure { margin: 0; break-inside: avoid; }
figcaption { font-weight: bold; margin-bottom: .3em; }
svg { max-width: 100%; height: auto; }
@media print {
  body { color: #000; background: #fff; font-size: 10pt; max-width: none; padding: 0; }
  h1, h2 { border-color: #000; break-after: avoid; }
  th, td { border: 1px solid #000; }
  th, tbody tr:nth-child(even) { background: #fff; }
  tr, figure { break-inside: avoid; }
  svg .series, svg .mark-line, svg .mark-open { stroke: #000 !important; }
  svg .mark { fill: #000 !important; }
  svg .mark-open { fill: #fff !important; }
  svg .leader { stroke: #000 !important; }
  svg text { fill: #000 !important; }
}
"""


def renderer() -> MarkdownIt:
    """CommonMark with tables; no raw HTML, no links, no images (see the module docstring)."""
    return (
        MarkdownIt("commonmark", {"html": False, "linkify": False})
        .enable("table")
        .disable(["link", "image", "autolink"])
    )


def page(title: str, blocks: Sequence[Block], charts: Sequence[tuple[str, str]], *, charts_after: str) -> str:
    """The page: ``blocks`` rendered in order, and ``charts`` (caption, SVG) right after the
    block keyed ``charts_after`` (at the end if there is none)."""
    md = renderer()
    figures = "".join(
        f"<figure><figcaption>{html.escape(inert(caption))}</figcaption>{svg}</figure>" for caption, svg in charts
    )
    gallery = f'<div class="charts">{figures}</div>\n' if figures else ""
    body: list[str] = []
    for key, text in blocks:
        body.append(md.render(text))
        if key == charts_after:
            body.append(gallery)
            gallery = ""
    body.append(gallery)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(inert(title))}</title>\n<style>{STYLE}</style></head>\n"
        f"<body><main>\n{''.join(body)}</main></body></html>\n"
    )
