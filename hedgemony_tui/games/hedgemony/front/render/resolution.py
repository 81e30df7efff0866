"""Rich renderables for the roll, result and commit screens: the mat with the column in
play, the odds of each result, expected IP/RP changes, the card's bands and the what-if
comparison (the worksheet behind the column is drawn by ``worksheet``).

Every number here comes from the engine: ``engine.odds`` (the ten faces, run through the
engine's own resolution) and ``engine.tables`` (reading a row). These functions lay those
numbers out; they decide nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs
from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from hedgemony_tui.table.dice import RollRecord, Term

from ...engine.cards import Band, Card
from ...engine.odds import RollPreview
from ...engine.state import Change, LogEntry
from ...engine.tables import ResolutionTable
from ...engine.terms import Outcome
from ...render.mats import HIGHLIGHT, NEAR, OUTCOME_STYLE

TABLES = ("crt-a", "rt-b")
TABLE_NAMES = {"crt-a": "CRT A", "rt-b": "RT B"}
# Column headers short enough for seven columns in 60 cells; the full label is in the title.
SHORT_COLUMNS = {
    "red-4:1": "R4:1",
    "red-3:1": "R3:1",
    "red-2:1": "R2:1",
    "1:1": "1:1",
    "blue-2:1": "B2:1",
    "blue-3:1": "B3:1",
    "blue-4:1": "B4:1",
    "red-advantage": "Red adv",
    "parity": "Parity",
    "blue-advantage": "Blue adv",
}
CELL = {
    Outcome.RED_MAJOR: "R+",
    Outcome.RED_MINOR: "R",
    Outcome.STATUS_QUO: "SQ",
    Outcome.BLUE_MINOR: "B",
    Outcome.BLUE_MAJOR: "B+",
}
BAR = 20  # cells of a 100% bar
EVENT_DECK = "event deck"  # the table a random event's draw is logged on (engine.random_events)


def is_draw(record: RollRecord) -> bool:
    """A card drawn at random (logged like a roll, its face the card's place in the deck):
    said as a draw, never as "rolled 125"."""
    return record.table == EVENT_DECK


def result_title(result: str) -> str:
    """An outcome id in words (``blue-minor`` -> Blue Minor Gain); a band label as it is."""
    try:
        return Outcome(result).title
    except ValueError:
        return result


def result_text(result: str) -> Text:
    try:
        outcome = Outcome(result)
    except ValueError:
        return Text(result)
    return Text(outcome.title, style=OUTCOME_STYLE[outcome])


def signed(value: float) -> str:
    return f"{value:+.1f}" if value != int(value) else f"{int(value):+d}"


def percent(chance: float) -> str:
    return f"{chance:.0%}"


def longest_word(labels: Iterable[str]) -> int:
    """The longest word among ``labels``: a column of them may wrap, never cut a word."""
    return max((len(word) for label in labels for word in label.split()), default=1)


def faces_list(faces: Iterable[int]) -> str:
    """Faces as short runs: 0-3, 7, 9."""
    runs: list[list[int]] = []
    for face in sorted(faces):
        if runs and face == runs[-1][-1] + 1:
            runs[-1].append(face)
        else:
            runs.append([face])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs) or "—"


# --- chances ---------------------------------------------------------------------------------


def result_rows(preview: RollPreview) -> list[tuple[str, list[int], float]]:
    """(result, faces giving it, chance) per result. Table rolls list all five outcomes,
    Red-most first, so a zero shows; other rolls list results in the order faces reach them."""
    by_result: dict[str, list[int]] = {}
    for face in preview.faces:
        by_result.setdefault(face.result, []).append(face.face)
    order = list(by_result)
    if preview.table in TABLES:
        order = [o.value for o in Outcome] + [r for r in order if r not in {o.value for o in Outcome}]
    count = len(preview.faces)
    return [(r, by_result.get(r, []), len(by_result.get(r, [])) / count) for r in order]


def odds_table(preview: RollPreview) -> Table:
    """Each result, the faces that give it, its chance and a bar."""
    rows = result_rows(preview)
    grid = Table(title="Odds before the roll", title_style="bold", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    # A card's band labels can be long: the result wraps between words (a side column is
    # about 40 cells), never inside one; the faces and the chance keep their width whole,
    # and the bar gives way first (it is cropped, never wrapped).
    grid.add_column("Result", min_width=longest_word(result_title(r) for r, _, _ in rows))
    grid.add_column(
        "Faces",
        justify="right",
        no_wrap=True,
        min_width=max([len("Faces"), *(len(faces_list(faces)) for _, faces, _ in rows)]),
    )
    grid.add_column("Chance", justify="right", no_wrap=True, min_width=len("Chance"))
    grid.add_column("", no_wrap=True, overflow="crop")
    for result, faces, chance in rows:
        grid.add_row(
            result_text(result),
            faces_list(faces),
            percent(chance),
            Text("█" * round(chance * BAR / 2), style=_style_of(result), no_wrap=True, overflow="crop"),
        )
    total = sum(chance for _, _, chance in rows)
    grid.add_section()
    grid.add_row(Text("Total", style="bold"), str(len(preview.faces)), percent(total), "")
    return grid


def _style_of(result: str) -> str:
    try:
        return OUTCOME_STYLE[Outcome(result)]
    except ValueError:
        return "green"


def players_in(preview: RollPreview) -> list[str]:
    seen: dict[str, None] = {}
    for face in preview.faces:
        for pid in list(face.ip) + list(face.rp):
            seen.setdefault(pid, None)
    return list(seen)


def expected_table(preview: RollPreview) -> Table:
    """IP and RP change per player for each result, and the expected change over the ten faces.
    One column per player and kind of point that some face changes."""
    columns = [
        (pid, what)
        for pid in players_in(preview)
        for what in ("ip", "rp")
        if any(getattr(face, what).get(pid, 0) for face in preview.faces)
    ]
    grid = Table(title="IP / RP change", title_style="bold", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    # A band label wraps between words; the figures stay whole.
    grid.add_column("If", min_width=longest_word(_short_result(face.result) for face in preview.faces))
    for pid, what in columns:
        name = f"{pid} {what.upper()}"
        grid.add_column(name, justify="right", no_wrap=True, min_width=len(name))
    if not columns:
        grid.add_column("")
        grid.add_row("any face", "no IP or RP change")
        return grid
    shown: set[str] = set()
    for face in preview.faces:
        if face.result in shown:
            continue
        shown.add(face.result)
        grid.add_row(
            Text(_short_result(face.result), style=_style_of(face.result)),
            *[_signed_or_dash(getattr(face, what).get(pid, 0)) for pid, what in columns],
        )
    grid.add_section()
    expected = {"ip": preview.expected_ip, "rp": preview.expected_rp}
    grid.add_row(
        Text("Expected", style="bold"),
        *[Text(signed(round(expected[what](pid), 2)), style="bold") for pid, what in columns],
    )
    return grid


def _short_result(result: str) -> str:
    title = result_title(result)
    return title.replace(" Gain", "")


def _signed_or_dash(value: int) -> Text:
    return Text(f"{value:+d}") if value else Text("0", style="dim")


def faces_strip(preview: RollPreview) -> Table:
    """The ten faces side by side: face, total after modifiers, result."""
    grid = Table(box=box.SIMPLE, show_edge=False, pad_edge=False, padding=(0, 1), show_header=False)
    grid.add_column(style="bold", no_wrap=True)
    for _ in preview.faces:
        grid.add_column(justify="center", no_wrap=True)
    face_cells, totals, results = [Text("Face")], [Text("Total")], [Text("Result")]
    for face in preview.faces:
        face_cells.append(Text(str(face.face)))
        totals.append(Text(str(face.total)))
        results.append(Text(_cell(face.result), style=_style_of(face.result)))
    grid.add_row(*face_cells)
    grid.add_row(*totals)
    grid.add_row(*results)
    return grid


def _cell(result: str) -> str:
    try:
        return CELL[Outcome(result)]
    except ValueError:
        return result[:4]


def terms_text(terms: Sequence[Term]) -> Text:
    text = Text("Modifiers: ", style="bold")
    if not terms:
        text.append("none (the die reads as rolled)")
        return text
    for term in terms:
        text.append(f"\n  {term.value:+d}  {term.label}")
    text.append(f"\n  {sum(t.value for t in terms):+d}  added to the die in total", style="bold")
    return text


# --- the mat ---------------------------------------------------------------------------------


def mat(
    table: ResolutionTable,
    column: str,
    faces_by_row: Mapping[str, Sequence[int]] | None = None,
    read_row: str | None = None,
) -> Table:
    """CRT A or RT B drawn like its mat, compact. The column in play is highlighted; in it,
    the rows the ten faces reach carry the faces that land there; ``read_row`` (the
    modified roll read) is marked."""
    faces_by_row = faces_by_row or {}
    grid = Table(
        title=f"{table.title} ({table.figure}) — column {column}",
        title_style="bold",
        caption="R+/R = Red Major/Minor Gain, SQ = Status Quo, B/B+ = Blue Minor/Major Gain",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
        collapse_padding=True,
    )
    grid.add_column("D10", justify="right", no_wrap=True, min_width=4)
    for name in table.columns:
        style = HIGHLIGHT if name == column else "dim"
        grid.add_column(
            Text(SHORT_COLUMNS.get(name, name), style=style),
            justify="center",
            no_wrap=True,
            min_width=len(SHORT_COLUMNS.get(name, name)),
        )
    grid.add_column("Die", no_wrap=True, min_width=6)
    for index, label in enumerate(table.row_labels()):
        faces = faces_by_row.get(label, ())
        is_read = read_row == label
        cells: list[RenderableType] = []
        for name, outcome in zip(table.columns, table.cells[index]):
            text = Text(CELL[outcome], style=OUTCOME_STYLE[outcome])
            if name == column and is_read:
                text.stylize(HIGHLIGHT)
            elif name == column and faces:
                text.stylize(f"bold {NEAR}")  # a face of the die can land here
            elif name != column:
                text.stylize("dim")
            cells.append(text)
        marker = "◀ read" if is_read else faces_list(faces) if faces else ""
        grid.add_row(
            Text(label, style=HIGHLIGHT if is_read else ""), *cells, Text(marker, style="bold" if is_read else "")
        )
    return grid


def faces_by_row(table: ResolutionTable, preview: RollPreview) -> dict[str, list[int]]:
    """Which raw faces land on which printed row of the column read (the engine's own reading)."""
    rows: dict[str, list[int]] = {}
    for face in preview.faces:
        rows.setdefault(table.read(preview.column, face.total).row_label, []).append(face.face)
    return rows


# --- the card's own bands --------------------------------------------------------------------


def bands_with_odds(
    card: Card, bands: Sequence[Band], preview: RollPreview | None, landed: Band | None = None
) -> Table:
    """The card's D10 bands, each with the faces that reach it and its chance."""
    grid = Table(
        title=f"{card.id}: {card.title} — the card's bands",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    grid.add_column("D10", justify="right", no_wrap=True)
    grid.add_column("Result", ratio=1)
    grid.add_column("Faces", justify="right", no_wrap=True)
    grid.add_column("Chance", justify="right", no_wrap=True)
    reached: dict[int, list[int]] = {}
    if preview is not None:
        for face in preview.faces:
            band = card.band_for(face.total, tuple(bands))
            reached.setdefault(id(band), []).append(face.face)
    for band in bands:
        faces = reached.get(id(band), [])
        style = HIGHLIGHT if landed is not None and band == landed else ""
        chance = percent(len(faces) / len(preview.faces)) if preview is not None else ""
        label = Text(band.label, style=style)
        if style:
            label.append("  ◀ rolled", style="bold")  # readable without colour too
        grid.add_row(
            Text(_span(band.low, band.high), style=style),
            label,
            faces_list(faces) if preview is not None else "",
            chance,
        )
    return grid


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def outcome_rows(card: Card, highlight: str = "") -> Table | None:
    """The card's outcome rows (what each table outcome does), the one read highlighted."""
    if card.contest is None or not card.contest.outcomes:
        return None
    grid = Table(
        title=f"{card.id}: what each outcome does",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    grid.add_column("Outcome", no_wrap=True)
    grid.add_column("IP", ratio=1)
    for outcome in Outcome:
        row = card.contest.outcomes.get(outcome)
        if row is None:
            continue
        style = HIGHLIGHT if outcome.value == highlight else ""
        ips = ", ".join(f"{who} {value:+d}" for who, value in row.ip.items()) or "—"
        if row.lead_ip:
            ips += "; by leader: " + "; ".join(
                f"{leader}: " + ", ".join(f"{who} {v:+d}" for who, v in values.items())
                for leader, values in row.lead_ip.items()
            )
        grid.add_row(Text(outcome.title, style=style or OUTCOME_STYLE[outcome]), Text(ips, style=style))
    return grid


# --- after the roll --------------------------------------------------------------------------


def roll_record(record: RollRecord) -> Text:
    """One roll as the journal keeps it: the raw face, each term, the table, column, row, result."""
    if is_draw(record):
        text = Text(f"{'The White Cell' if record.roller == 'WHITE' else record.roller} drew a card", style="bold")
        text.append(f"\n  For: {record.reason}")
        text.append(f"\n  Card: {record.result} (each card left was as likely)")
        return text
    text = Text(f"{record.roller} rolled for {record.reason}", style="bold")
    text.append(f"\n  Die: {record.raw}" + ("  (a real die, entered by the White Cell)" if record.physical else ""))
    if not record.modifiers:
        text.append("\n  Modifiers: none (the die reads as rolled)")
    for term in record.modifiers:
        text.append(f"\n  {term.value:+d}  {term.label}")
    if record.modifiers:
        text.append(f"\n  = {record.total}", style="bold")
    where = []
    if record.table:
        where.append(TABLE_NAMES.get(record.table, record.table))
    if record.column:
        where.append(f"column {record.column}")
    if record.row:
        where.append(f"row {record.row}")
    if where:
        text.append("\n  Read: " + ", ".join(where))
    text.append("\n  Result: ")
    text.append_text(result_text(record.result))
    return text


def changes_table(changes: Sequence[Change]) -> Table:
    """IP, RP and FF changes per player, summed, with the balance after."""
    grid = Table(title="Changes", title_style="bold", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    grid.add_column("Player", no_wrap=True)
    for what in ("IP", "RP", "FF"):
        grid.add_column(what, justify="right", no_wrap=True)
    totals: dict[str, dict[str, list[int]]] = {}
    for change in changes:
        entry = totals.setdefault(change.player, {})
        delta_balance = entry.setdefault(change.what, [0, 0])
        delta_balance[0] += change.delta
        delta_balance[1] = change.balance
    if not totals:
        grid.add_row("—", "no change", "", "")
    for player, entry in totals.items():
        cells = []
        for what in ("ip", "rp", "ff"):
            if what in entry:
                delta, balance = entry[what]
                cells.append(
                    Text(f"{delta:+d} → {balance}", style="green" if delta > 0 else "red" if delta < 0 else "")
                )
            else:
                cells.append(Text("—", style="dim"))
        grid.add_row(player, *cells)
    return grid


def change_causes(entries: Sequence[LogEntry]) -> Text:
    """Each IP or RP change with the rule or card that made it (the journal line's own
    words), so no number on the Changes table goes unexplained."""
    text = Text("Why the points moved", style="bold")
    shown = False
    for entry in entries:
        points = [c for c in entry.changes if c.what in ("ip", "rp")]
        if not points:
            continue
        shown = True
        cause = entry.text.rpartition(": ")[0] if ": " in entry.text else entry.text
        moved = ", ".join(f"{c.player} {c.delta:+d} {c.what.upper()}" for c in points)
        text.append(f"\n• {moved}: ", style="bold")
        text.append(cause)
    if not shown:
        text.append("\n  no IP or RP changed")
    return text


# --- the what-if ------------------------------------------------------------------------------


@attrs.frozen
class WhatIf:
    """One variant of the decision and the roll it leads to (None: no roll follows)."""

    label: str
    preview: RollPreview | None
    note: str = ""
    forces: str = ""  # each side's total as the engine reads it before the roll ("Blue 4 CFs vs Red 6 CFs")


def what_if_table(rows: Sequence[WhatIf], seat: str, baseline: RollPreview | None) -> Table:
    """Chance of each result and the seat's expected IP per variant, against committing nothing more."""
    results: list[str] = []
    for row in rows:
        if row.preview is not None:
            for result, _, _ in result_rows(row.preview):
                if result not in results:
                    results.append(result)
    grid = Table(
        title=f"What if: odds and {seat}'s expected IP from the roll",
        title_style="bold",
        caption="Δ = against committing nothing more"
        + ("; a v b = the Blue v Red totals the column is read from" if any(r.forces for r in rows) else ""),
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
        collapse_padding=True,
    )
    grid.add_column("Variant", min_width=16)
    for result in results:
        grid.add_column(Text(_cell(result), style=_style_of(result)), justify="right", no_wrap=True, min_width=4)
    grid.add_column("E[IP]", justify="right", no_wrap=True)
    grid.add_column("Δ", justify="right", no_wrap=True, min_width=4)
    base = baseline.expected_ip(seat) if baseline is not None else None
    for row in rows:
        preview = row.preview
        label = Text(row.label)
        if preview is None:
            label.append(f"\n  {row.note or 'no roll follows'}", style="dim")
            grid.add_row(label, *["" for _ in results], "", "")
            continue
        label.append(
            f"\n  {TABLE_NAMES.get(preview.table, preview.table)} {SHORT_COLUMNS.get(preview.column, preview.column)}",
            style="dim",
        )
        if row.forces:  # the totals that picked the column, so a variant that moves no column shows why
            label.append(f"\n  {row.forces}", style="dim")
        chances = {result: chance for result, _, chance in result_rows(preview)}
        expected = preview.expected_ip(seat)
        delta = "" if base is None else signed(round(expected - base, 1))
        grid.add_row(
            label,
            *[percent(chances.get(r, 0.0)) for r in results],
            signed(round(expected, 1)),
            Text(delta, style=_delta_style(delta)),
        )
    return grid


def _delta_style(delta: str) -> str:
    if delta.startswith("+") and delta != "+0":
        return "green"
    if delta.startswith("-"):
        return "red"
    return "dim"
