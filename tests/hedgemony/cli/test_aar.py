"""``hedgemony aar``: the debrief pack of a finished 8-turn game (issue 22).

The pack's CSV figures at the last turn are the final placemats; every roll's chance
and luck come from the rules' own faces; the HTML page draws a chart per figure (and,
where Chromium is installed, renders to a screenshot that is not blank).
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from hedgemony_tui.cli import main
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.saves import read_game

ARTIFACTS = Path(__file__).resolve().parents[3] / ".artifacts"


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("aar")
    save = folder / "game.toml"
    assert main(["simulate", "--seed", "5", "--policy", "basic", "--save", str(save)]) == 0
    return save


@pytest.fixture(scope="module")
def pack(game: Path) -> Path:
    out = game.parent / "pack"
    assert main(["aar", str(game), "--out", str(out)]) == 0
    return out


@pytest.mark.slow
def test_the_pack_holds_every_file(pack: Path):
    assert sorted(p.name for p in pack.iterdir()) == [
        "debrief.json",
        "figures.csv",
        "report.html",
        "report.md",
        "rolls.csv",
    ]
    report = (pack / "report.md").read_text(encoding="utf-8")
    for heading in (
        "## Outcome",
        "## Figures by turn",
        "## Decisions by seat",
        "## Luck and choice",
        "## Decisive rolls",
        "## Red signals against Red plays",
        "## The White Cell's decisions",
    ):
        assert heading in report


@pytest.mark.slow
def test_the_last_turns_figures_are_the_final_placemats(game: Path, pack: Path):
    saved = read_game(game)
    final = get_rules("hedgemony").summary(saved.state)["players"]
    rows = list(csv.DictReader((pack / "figures.csv").open(encoding="utf-8")))
    last = max(int(r["turn"]) for r in rows)
    assert last == 8
    shown = {r["seat"]: {k: float(r[k]) for k in ("ip", "rp", "ff", "tech")} for r in rows if int(r["turn"]) == last}
    assert shown == {seat: {k: float(v) for k, v in values.items()} for seat, values in final.items()}


@pytest.mark.slow
def test_each_roll_is_explained_and_luck_adds_up(game: Path, pack: Path):
    data = json.loads((pack / "debrief.json").read_text(encoding="utf-8"))
    rolls = data["rolls"]
    assert rolls and all(0 < r["chance"] <= 1 and 0 <= r["face"] <= 9 for r in rolls)
    for seat, luck in data["luck"].items():
        assert luck == pytest.approx(sum(r["actual"][seat] - r["expected"][seat] for r in rolls))
    # A roll's actual change is one the faces could give: its chance is never zero.
    assert len(list(csv.DictReader((pack / "rolls.csv").open(encoding="utf-8")))) == len(rolls)


@pytest.mark.slow
def test_the_html_draws_a_chart_per_figure(pack: Path):
    page = (pack / "report.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 4 and page.count("<polyline") == 4 * 6


@pytest.mark.slow
def test_the_html_is_the_report_rendered_with_real_tables(pack: Path):
    """Issue 33: every table of the Markdown is a <table> on the page (figures, luck,
    decisive rolls, Red signals), and no Markdown is left in a <pre>."""
    page = (pack / "report.html").read_text(encoding="utf-8")
    report = (pack / "report.md").read_text(encoding="utf-8")
    assert "<pre" not in page
    assert page.count("<table>") == report.count("\n|---") >= 4
    assert "<h2>Luck and choice (ip)</h2>" in page and "<th>Net change</th>" not in page  # right-aligned
    assert re.search(r'<th style="text-align:right">Net change</th>', page)


def _table(report: str, heading: str) -> list[list[str]]:
    """The rows of the first Markdown table under ``heading`` (its cells, stripped)."""
    section = report.split(f"\n{heading}", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split(" | ")] for row in rows[2:]]


def _by_seat(cell: str) -> dict[str, float]:
    return {seat: float(value) for seat, value in (pair.split("\u00a0") for pair in cell.split(", "))}


@pytest.mark.slow
def test_luck_and_the_net_change_add_up_and_are_told_apart(pack: Path):
    """Issue 33: the luck column is not the score's change. Each seat's net change is its
    luck plus the rest; each decisive roll shows the change it made (the same as the end
    screen's and rolls.csv's), its average before the die and the luck, change = average +
    luck, so no figure on the page can be read as another."""
    report = (pack / "report.md").read_text(encoding="utf-8")
    assert "| Seat | Start | End | Net change | = Luck (dice beyond their average) | + The rest |" in report
    for seat, start, end, net, luck, rest in _table(report, "## Luck and choice (ip)"):
        assert float(end) - float(start) == float(net), seat
        assert float(net) == pytest.approx(float(luck) + float(rest), abs=0.011), seat
    rows = _table(report, "## Decisive rolls")
    assert rows
    rolls = {int(r["decision"]): r for r in csv.DictReader((pack / "rolls.csv").open(encoding="utf-8"))}
    for decision, *_, change, average, luck in rows:
        made, mean, lucky = _by_seat(change), _by_seat(average), _by_seat(luck)
        assert made.keys() == mean.keys() == lucky.keys()
        for seat, value in made.items():
            assert value == pytest.approx(mean[seat] + lucky[seat], abs=0.011), (decision, seat)
            assert value == float(rolls[int(decision)][f"actual_{seat}"]), (decision, seat)


@pytest.mark.slow
def test_a_public_pack_leaves_out_what_the_seats_did_not_see(game: Path, pack: Path, tmp_path: Path):
    """``--public`` keeps to the public view: no private roll, and no White Cell decision
    that showed the seats nothing."""
    assert main(["aar", str(game), "--out", str(tmp_path / "public"), "--public"]) == 0
    full = json.loads((pack / "debrief.json").read_text(encoding="utf-8"))
    public = json.loads((tmp_path / "public" / "debrief.json").read_text(encoding="utf-8"))
    assert {r["decision"] for r in public["rolls"]} <= {r["decision"] for r in full["rolls"]}
    white = {s["heading"]: s["lines"] for s in public["sections"]}["The White Cell's decisions"]
    everything = {s["heading"]: s["lines"] for s in full["sections"]}["The White Cell's decisions"]
    # The public lines are the full ones without the White Cell's reasons (issue 29:
    # a reason is the deciding seat's and the White Cell's own, as on the screens).
    assert all(any(line == full or full.startswith(line + " — ") for full in everything) for line in white)
    assert not any(" — " in line for line in white)


def test_a_save_that_is_not_there_is_one_line(capsys, tmp_path: Path):
    assert main(["aar", str(tmp_path / "missing.toml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hedgemony: ") and len(err.strip().splitlines()) == 1


def _png_pixels(data: bytes) -> tuple[int, int, int, bytes]:
    """Width, height, bytes per pixel and the unfiltered rows of an 8-bit PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        chunk = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6)
    bpp = 3 if colour == 2 else 4
    raw, stride, out, prev = zlib.decompress(idat), width * bpp, bytearray(), bytearray(width * bpp)
    for y in range(height):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            a = row[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                row[x] = (row[x] + a) & 255
            elif kind == 2:
                row[x] = (row[x] + b) & 255
            elif kind == 3:
                row[x] = (row[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += row
        prev = row
    return width, height, bpp, bytes(out)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (make test installs it where it can)")
def test_the_html_renders_in_headless_chromium(pack: Path, tmp_path: Path):
    shot = tmp_path / "report.png"
    assert CHROMIUM is not None  # the skipif above
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--screenshot={shot}",
            "--window-size=1200,900",
            (pack / "report.html").as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copy(shot, ARTIFACTS / "aar-report.png")
    width, height, bpp, pixels = _png_pixels(shot.read_bytes())
    assert (width, height) == (1200, 900)
    # Not blank: the charts' coloured lines are there (pixels far from white and grey).
    coloured = sum(1 for i in range(0, len(pixels), bpp) if max(pixels[i : i + 3]) - min(pixels[i : i + 3]) > 60)
    assert coloured > 500
