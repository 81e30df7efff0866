"""The debrief pack's ``report.html`` (issue 33): a web page rendered from the report's
Markdown, with real tables, charts whose labels never overlap and that tell their series
apart without colour, and nothing from a game or its players turned into markup.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from hedgemony_tui.cli import main
from hedgemony_tui.table.annotations import Bookmark, GameNotes
from hedgemony_tui.table.debrief_pack import write_pack
from hedgemony_tui.table.replay import Timeline
from hedgemony_tui.table.saves import read_game
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.svg_chart import DISTINCT, FONT, line_chart, spread, text_width

SVG = "{http://www.w3.org/2000/svg}"


def _label_boxes(svg: str) -> list[tuple[str, float, float, float, float]]:
    """Each text of a chart and its box (left, top, right, bottom), from its anchor and
    the estimated width the chart laid it out by."""
    boxes = []
    for node in ET.fromstring(svg).iter(f"{SVG}text"):
        text = node.text or ""
        x, y, width = float(node.get("x", 0)), float(node.get("y", 0)), text_width(text)
        anchor = node.get("text-anchor", "start")
        left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
        boxes.append((text, left, y - FONT + 1, left + width, y + 3))
    return boxes


def _overlaps(svg: str) -> list[tuple[str, str]]:
    boxes = _label_boxes(svg)
    return [
        (a[0], b[0])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]
    ]


def test_series_ending_at_the_same_value_have_labels_apart():
    """Four series end at 4 (Hedgemony's Tech Level at the end of most games): their
    names at the lines' ends are spread into a column, no two boxes touching."""
    series = {name: [(t, 4.0) for t in range(1, 9)] for name in ("US", "NATO", "RU", "PRC")}
    series["DPRK"] = [(t, 1.0) for t in range(1, 9)]
    svg = line_chart(series)
    ends = [n for n in ET.fromstring(svg).iter(f"{SVG}text") if n.get("class") == "end-label"]
    assert [n.text for n in ends] == list(series)
    baselines = sorted(float(n.get("y", 0)) for n in ends)
    assert all(b - a >= FONT for a, b in zip(baselines, baselines[1:], strict=False))
    assert _overlaps(svg) == []


@pytest.mark.parametrize("turns", [3, 12, 40])
def test_no_label_of_a_chart_overlaps_another(turns: int):
    """Twelve states with long names over many turns: the axis labels, the end labels
    and the legend all keep clear of each other."""
    names = [f"State {chr(65 + i)} of the Western Coalition" if i % 3 == 0 else f"S{i}" for i in range(12)]
    series = {name: [(t, float((t * (i + 1)) % 7) * 1000) for t in range(1, turns + 1)] for i, name in enumerate(names)}
    svg = line_chart(series)
    assert _overlaps(svg) == []
    root = ET.fromstring(svg)
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    assert all(0 <= left and right <= width and bottom <= height for _, left, _, right, bottom in _label_boxes(svg))


def test_a_count_is_charted_in_whole_numbers():
    """Blocks lost, forces, wins: a figure that only takes whole values gets no 0.2 tick."""
    svg = line_chart({"BLUE": [(1, 0.0), (2, 1.0)], "RED": [(1, 0.0), (2, 0.0)]})
    ticks = [n.text for n in ET.fromstring(svg).iter(f"{SVG}text") if n.get("text-anchor") == "end"]
    assert ticks == ["0", "1"]
    halves = line_chart({"BLUE": [(1, 0.0), (2, 0.5)]})
    assert "0.2" in [n.text for n in ET.fromstring(halves).iter(f"{SVG}text")]


def test_spread_keeps_order_gap_and_bounds():
    assert spread([50, 50, 50], 10, 0, 200) == [50, 60, 70]
    assert spread([195, 195, 195], 10, 0, 200) == [180, 190, 200]  # pushed back up from the bottom
    assert spread([30, 10], 10, 0, 200) == [30, 10]
    assert spread([5, 5, 5], 10, 0, 15) == [0, 10, 20]  # no room: from the top down, still apart


def _marker_kind(node: ET.Element) -> str:
    """A marker's shape as print shows it: its element, filled or open, and for a path
    whether its first stroke is level (a plus) or slanted (a cross)."""
    kind = node.tag.removeprefix(SVG) + ":" + (node.get("class") or "")
    if kind.startswith("path"):
        x1, y1, x2, y2 = (float(v) for v in re.findall(r"-?[0-9.]+", node.get("d", ""))[:4])
        kind += ":level" if y1 == y2 else ":slanted"
    return kind


def test_every_series_has_its_own_dash_and_marker():
    """Up to DISTINCT series, no two share both dash and marker, so they are told apart in
    black-and-white print; every line and mark is classed for the print stylesheet."""
    svg = line_chart({f"S{i}": [(1, float(i)), (2, float(i))] for i in range(DISTINCT)})
    nodes = list(ET.fromstring(svg).iter())
    pairs = []
    for k, node in enumerate(nodes):
        if node.tag == f"{SVG}polyline":
            assert node.get("class") == "series"
            pairs.append((node.get("stroke-dasharray", ""), _marker_kind(nodes[k + 1])))
    assert len(pairs) == DISTINCT and len(set(pairs)) == DISTINCT
    assert all(kind.split(":")[1] in ("mark", "mark-open", "mark-line") for _, kind in pairs)


# --- the page ---------------------------------------------------------------------------------

NASTY = "<script>alert(1)</script> **bold** [link](javascript:alert(2)) | # `code` & &amp;"


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += attrs

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.fixture(scope="module")
def rescue_pack(tmp_path_factory) -> Path:
    """A seeded Rescue game, its seats named and bookmarked with text that is markup."""
    folder = tmp_path_factory.mktemp("debrief-html")
    save = folder / "game.toml"
    assert main(["simulate", "--game", "rescue", "--seed", "3", "--save", str(save)]) == 0
    saved = read_game(save)
    notes = GameNotes(bookmarks=(Bookmark(2, NASTY + "\n## a heading of the note's own"),))
    timeline = Timeline(saved.rules, saved.start, saved.journal, notes=notes, name=save.name)
    specs = list(saved.rules.seats())
    seats = Seats.of_specs(specs, names={specs[0].id: NASTY})
    out = folder / "pack"
    write_pack(timeline, out, title=f"game {NASTY}.toml", seats=seats)
    return out


def test_the_page_is_html_with_tables_not_markdown_in_pre(rescue_pack: Path):
    page = (rescue_pack / "report.html").read_text(encoding="utf-8")
    tags = _Tags()
    tags.feed(page)
    assert "pre" not in tags.tags and "code" not in tags.tags
    assert tags.tags.count("table") >= 2 and "th" in tags.tags and "td" in tags.tags
    assert tags.tags.count("h1") == 1 and tags.tags.count("h2") >= 5 and "ul" in tags.tags
    assert tags.tags.count("svg") == tags.tags.count("figure") >= 1
    text = "".join(tags.text)
    # no Markdown left: no table rows or rules, no heading marks at a line's start
    assert "| Turn |" not in text and "|---" not in text and not re.search(r"^#+ ", text, re.M)
    assert "@media print" in page


def test_every_string_from_the_game_is_escaped(rescue_pack: Path):
    page = (rescue_pack / "report.html").read_text(encoding="utf-8")
    tags = _Tags()
    tags.feed(page)
    # no tag, link or image made from the players' text
    assert "script" not in tags.tags and "a" not in tags.tags and "img" not in tags.tags
    assert not any(name in ("href", "src", "onerror") for name, _ in tags.attrs)
    assert "<script" not in page
    text = "".join(tags.text)
    # the name, the note and the title are shown as typed, on one line each
    for shown in ("<script>alert(1)</script>", "**bold**", "[link](javascript:alert(2))", "`code`"):
        assert text.count(shown) >= 3, shown  # the title (heading and <title>), the name, the note
    assert "a heading of the note's own" in text and tags.tags.count("h1") == 1
    # the strong tags on the page are the report's own words, never the players'
    assert "<strong>bold</strong>" not in page


def test_the_markdown_keeps_the_players_text_as_text(rescue_pack: Path):
    report = (rescue_pack / "report.md").read_text(encoding="utf-8")
    assert "<script>" not in report and "&lt;script&gt;" in report
    assert not any(line.startswith("## a heading") for line in report.splitlines())
