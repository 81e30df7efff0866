"""Rich renderables that mirror the printed mats, with the cell or row in play highlighted.

Shared by the calculator and (later) the TUI's resolution and worksheet views. These
functions only draw what the engine computed; they decide nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich import box
from rich.console import Group, JustifyMethod, RenderableType
from rich.table import Table
from rich.text import Text

from ..engine.chance import BudgetVariation, ProxyCheck
from ..engine.combat_factors import CFWorksheet
from ..engine.readiness import ReadinessBill
from ..engine.resolution import ColumnChoice, Modifier
from ..engine.tables import BudgetTable, CountTable, Lookup, ProxyTable, ResolutionTable, RowReading
from ..engine.terms import Outcome

HIGHLIGHT = "bold black on yellow"
NEAR = "on grey30"
OUTCOME_STYLE = {
    Outcome.RED_MAJOR: "bold red",
    Outcome.RED_MINOR: "red",
    Outcome.STATUS_QUO: "white",
    Outcome.BLUE_MINOR: "cyan",
    Outcome.BLUE_MAJOR: "bold cyan",
}
SHORT = {
    Outcome.RED_MAJOR: "Red Maj",
    Outcome.RED_MINOR: "Red Min",
    Outcome.STATUS_QUO: "SQ",
    Outcome.BLUE_MINOR: "Blue Min",
    Outcome.BLUE_MAJOR: "Blue Maj",
}


def _column_label(table: CountTable, column: int | str) -> str:
    if table.column_header.startswith("Mod"):
        return f"M{column}"
    if "%" in table.column_header:
        return f"+{column}%" if table.column_header.startswith("Change") else f"{column}%"
    if table.column_header.startswith("Change"):
        return f"+{column}"
    return str(column)


def count_table(table: CountTable, lookup: Lookup | None = None) -> Table:
    """The mat, with the cell read (or the printed rows it was read from) highlighted."""
    grid = Table(title=f"{table.title} ({table.figure})", box=box.SIMPLE_HEAVY, title_style="bold")
    grid.add_column(table.row_header, justify="right", style="bold")
    for column in table.columns:
        header = _column_label(table, column)
        style = HIGHLIGHT if lookup and column == lookup.column else ""
        grid.add_column(Text(header, style=style), justify="right")
    used_rows: set[int] = set()
    if lookup is not None and lookup.method == "interpolated":
        used_rows = {max(r for r in table.rows if r < lookup.row), min(r for r in table.rows if r > lookup.row)}
    elif lookup is not None and lookup.method == "extended":
        used_rows = {table.rows[-1]}
    for row, cells in zip(table.rows, table.cells):
        rendered = []
        for column, printed in zip(table.columns, cells):
            value = table.value(row, column)
            text = Text(str(value) if value == printed else f"{value}*")
            if lookup and column == lookup.column:
                if row == lookup.row:
                    text.stylize(HIGHLIGHT)
                elif row in used_rows:
                    text.stylize(NEAR)
            rendered.append(text)
        grid.add_row(str(row), *rendered)
    if any(e for e in table.errata):
        grid.caption = "* erratum: " + "; ".join(f"{e.id} printed {e.printed}" for e in table.errata)
    return grid


def lookup_note(lookup: Lookup) -> Text:
    """One line saying which cell was read, and how."""
    head = f"{lookup.table}, row {lookup.row}, column {lookup.column}: {lookup.value}"
    text = Text(head, style="bold")
    if lookup.method != "printed":
        text.append(f"  ({lookup.method})", style="italic")
    for step in lookup.steps:
        text.append(f"\n  {step}")
    return text


def cf_worksheet(sheet: CFWorksheet) -> Table:
    """The chapter 10 worksheet: one line per subtotal, each step in its own column."""
    who = "U.S." if sheet.us else "non-U.S."
    grid = Table(title=f"Combat Factors, {who} procedure (chapter 10)", box=box.SIMPLE_HEAVY, title_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Source", "left"),
        ("Group", "right"),
        ("Table", "left"),
        ("Read", "right"),
        ("Adj ½↑", "right"),
        ("Readiness", "right"),
        ("CFs", "right"),
    )
    for header, justify in columns:
        grid.add_column(header, justify=justify)
    for line in sheet.lines:
        table = "CONUS reactive" if line.source.value == "conus" else "In-Theater"
        read = str(line.base.value) + ("" if line.base.method == "printed" else f" ({line.base.method})")
        reduced = "—"
        if line.reduced is not None:
            reduced = f"{line.reduced.row}@{line.readiness}% → {line.reduced.value}"
            if line.reduced.method != "printed":
                reduced += f" ({line.reduced.method})"
        grid.add_row(
            line.source.value,
            f"{line.ffs}×M{line.mod}" + ("" if line.readiness == 100 else f" @{line.readiness}%"),
            table,
            read,
            "—" if line.halved is None else str(line.halved),
            reduced,
            Text(str(line.cfs), style="bold"),
        )
    grid.add_section()
    grid.add_row("Total", "", "", "", "", "", Text(str(sheet.total), style=HIGHLIGHT))
    return grid


def column_choice(choice: ColumnChoice, table: ResolutionTable) -> Group:
    """The column headers of the table with the chosen one highlighted, and why."""
    what = "CFs" if choice.table == "crt-a" else "FFs"
    strip = Table(box=box.ROUNDED, show_header=False)
    cells = []
    for column in table.columns:
        strip.add_column(justify="center")
        cells.append(Text(column, style=HIGHLIGHT if column == choice.label else "dim"))
    strip.add_row(*cells)
    return Group(
        Text(
            f"{table.title}: Blue {choice.blue} {what[:-1] if choice.blue == 1 else what} "
            f"vs Red {choice.red} {what[:-1] if choice.red == 1 else what}",
            style="bold",
        ),
        Text(choice.reason),
        strip,
    )


def resolution_table(
    table: ResolutionTable,
    column: str | None = None,
    reading: RowReading | None = None,
    chances: dict[Outcome, Fraction] | None = None,
    modifier: int = 0,
) -> Table:
    """CRT A or RT B drawn like its mat: the column in play and the row read highlighted.

    With ``chances``, the rows a fair D10 can reach (0-9 plus the modifier) are marked.
    """
    grid = Table(
        title=f"{table.title} ({table.figure})",
        caption="Maj/Min = Major/Minor Gain, SQ = Status Quo",
        box=box.SIMPLE_HEAD,
        title_style="bold",
        padding=(0, 1),
        pad_edge=False,
        collapse_padding=True,
    )
    grid.add_column("D10", justify="right", style="bold", no_wrap=True)
    for name in table.columns:
        header = Text(f"▸{name}" if name == column else name, style=HIGHLIGHT if name == column else "")
        grid.add_column(header, justify="center", no_wrap=True)
    reachable = {face + modifier for face in range(10)} if chances is not None else set()
    for index, label in enumerate(table.row_labels()):
        roll = table.low - 1 + index
        row_is_read = reading is not None and reading.row_label == label
        cells = []
        for name, outcome in zip(table.columns, table.cells[index]):
            text = Text(SHORT[outcome], style=OUTCOME_STYLE[outcome])
            if name == column and row_is_read:
                text.stylize(HIGHLIGHT)
            elif name == column and _reaches(roll, table, reachable):
                text.stylize(NEAR)
            cells.append(text)
        grid.add_row(Text(label, style=HIGHLIGHT if row_is_read else ""), *cells)
    return grid


def _reaches(roll: int, table: ResolutionTable, reachable: set[int]) -> bool:
    if roll < table.low:
        return any(r < table.low for r in reachable)
    if roll > table.high:
        return any(r > table.high for r in reachable)
    return roll in reachable


def modifiers(terms: Sequence[Modifier]) -> Text:
    text = Text("Die-roll modifiers: ", style="bold")
    if not terms:
        text.append("none")
    for index, term in enumerate(terms):
        text.append(("" if index == 0 else "; ") + f"{term.label} = {term.value:+d}")
    return text


def odds_table(chances: dict[Outcome, Fraction]) -> Table:
    grid = Table(title="Chance of each outcome on a fair D10", box=box.SIMPLE_HEAVY, title_style="bold")
    grid.add_column("Outcome")
    grid.add_column("Faces", justify="right")
    grid.add_column("Chance", justify="right")
    for outcome, chance in chances.items():
        grid.add_row(
            Text(outcome.title, style=OUTCOME_STYLE[outcome]),
            f"{int(chance * 10)} in 10",
            f"{float(chance):.0%}",
        )
    return grid


def readiness_bill(bill: ReadinessBill) -> Table:
    """The U.S. Readiness Cost Calculation Worksheet (Figure 14.4), filled in."""
    grid = Table(title="U.S. readiness worksheet (Figure 14.4)", box=box.SIMPLE_HEAVY, title_style="bold")
    for header in ("Where", "Readiness", "FFs", "Cost (RPs)", "How read"):
        grid.add_column(header, justify="left" if header in ("Where", "How read") else "right")
    for line in bill.lines:
        how = line.lookup.method if not line.lookup.steps else line.lookup.steps[0]
        grid.add_row(
            "CONUS" if line.conus else "OCONUS", f"{line.readiness}%", str(line.ffs), str(line.lookup.value), how
        )
    grid.add_section()
    grid.add_row("(a) CONUS", "", "", str(bill.conus_total), "")
    grid.add_row("(b) OCONUS", "", "", str(bill.oconus_total), "")
    grid.add_row("(c) = (a) + (b)", "", "", Text(str(bill.total), style=HIGHLIGHT), "")
    return grid


def proxy_table(table: ProxyTable, check: ProxyCheck) -> Table:
    grid = Table(title=f"{table.title} ({table.figure})", box=box.SIMPLE_HEAVY, title_style="bold")
    grid.add_column("D10", justify="right", style="bold")
    for grade, percent in zip(table.grades, table.percent):
        grid.add_column(
            Text(f"{grade.value} ({percent}%)", style=HIGHLIGHT if grade is check.grade else ""), justify="center"
        )
    for face, row in enumerate(table.cells):
        cells = []
        for grade, success in zip(table.grades, row):
            text = Text("Success" if success else "Failure", style="green" if success else "red")
            if grade is check.grade and face == check.roll:
                text.stylize(HIGHLIGHT)
            cells.append(text)
        grid.add_row(str(face), *cells)
    return grid


def budget_table(table: BudgetTable, result: BudgetVariation) -> Table:
    grid = Table(title=f"{table.title} ({table.figure})", box=box.SIMPLE_HEAVY, title_style="bold")
    grid.add_column("Roll", style="bold")
    for band in table.bands:
        grid.add_column(Text(band.label, style=HIGHLIGHT if band == result.band else ""), justify="center")
    cells = []
    for band in table.bands:
        label = "no change" if band.change == 0 else f"{band.change:+d} RP"
        cells.append(Text(label, style=HIGHLIGHT if band == result.band else ""))
    grid.add_row("Change in allocation", *cells)
    return grid


def lines(*parts: RenderableType) -> Group:
    return Group(*parts)
