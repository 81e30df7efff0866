"""Typed, frozen rule tables, and the loader that reads them from ``rules/*.toml``.

Every printed mat is a :class:`CountTable` (rows are counts of FFs or CFs), a
:class:`ResolutionTable` (CRT A, RT B), the :class:`ProxyTable` or the
:class:`BudgetTable`. The loader checks shape and ranges and raises
:class:`~hedgemony_tui.table.errors.RulesDataError` naming the file and key.

Counts a mat does not print are read by :meth:`CountTable.lookup` under the
extension rules of ``rules/README.md``:

* X1 - a count between two printed rows: straight-line interpolation between them,
  rounded to the nearest whole number (halves up);
* X2 - a count above the last printed row: as many full last-row groups as fit, plus
  the remainder looked up on its own, summed.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

import attrs

from hedgemony_tui.table import tomlsafe
from hedgemony_tui.table.errors import RulesDataError
from hedgemony_tui.table.files import read_capped

from .terms import Outcome, Reliability


class _Readable(Protocol):
    """A path-like thing (``Path`` or an importlib ``Traversable``)."""

    @property
    def name(self) -> str: ...

    def __truediv__(self, other: str) -> _Readable: ...
    def is_file(self) -> bool: ...
    def read_bytes(self) -> bytes: ...


def round_half_up(value: Fraction) -> int:
    """The nearest whole number, halves going up (the rule X1 rounding)."""
    return int((value + Fraction(1, 2)).__floor__())


@attrs.frozen
class Erratum:
    """A printed cell the code does not use as printed (see rules/README.md)."""

    id: str
    row: int
    column: int | str
    printed: int
    corrected: int
    note: str


@attrs.frozen
class Lookup:
    """One reading of a :class:`CountTable`, with how it was read.

    ``method`` is ``printed``, ``corrected`` (an erratum applied), ``interpolated``
    (rule X1), ``extended`` (rule X2) or ``empty`` (a count of zero reads zero).
    ``steps`` says, in words, how the value was reached.
    """

    table: str
    figure: str
    row: int
    column: int | str
    value: int
    method: str
    steps: tuple[str, ...] = ()
    erratum: Erratum | None = None


@attrs.frozen
class CountTable:
    """A mat whose rows are counts (FFs or CFs) and whose columns are levels or changes."""

    key: str
    file: str
    title: str
    figure: str
    row_header: str
    column_header: str
    columns: tuple[int | str, ...]
    rows: tuple[int, ...]
    cells: tuple[tuple[int, ...], ...]
    errata: tuple[Erratum, ...] = ()

    def printed(self, row: int, column: int | str) -> int | None:
        """The cell exactly as the mat prints it, or None when the row is not printed."""
        if row not in self.rows:
            return None
        return self.cells[self.rows.index(row)][self.columns.index(column)]

    def _erratum(self, row: int, column: int | str) -> Erratum | None:
        for erratum in self.errata:
            if erratum.row == row and erratum.column == column:
                return erratum
        return None

    def value(self, row: int, column: int | str) -> int:
        """A printed row's value as the code uses it (errata applied)."""
        erratum = self._erratum(row, column)
        if erratum is not None:
            return erratum.corrected
        printed = self.printed(row, column)
        assert printed is not None, (self.key, row)
        return printed

    def lookup(self, count: int, column: int | str) -> Lookup:
        """Read ``count`` in ``column``, applying errata and extension rules X1/X2."""
        if column not in self.columns:
            raise KeyError(column)
        if count < 0:
            raise ValueError("count must not be negative")

        def read(value: int, method: str, steps: tuple[str, ...] = (), erratum: Erratum | None = None) -> Lookup:
            return Lookup(
                table=self.title,
                figure=self.figure,
                row=count,
                column=column,
                value=value,
                method=method,
                steps=steps,
                erratum=erratum,
            )

        if count == 0:
            return read(value=0, method="empty", steps=("nothing counted, nothing read",))
        if count in self.rows:
            erratum = self._erratum(count, column)
            if erratum is not None:
                return read(
                    value=erratum.corrected,
                    method="corrected",
                    steps=(f"printed {erratum.printed}, read as {erratum.corrected} (erratum {erratum.id})",),
                    erratum=erratum,
                )
            return read(value=self.value(count, column), method="printed")
        last = self.rows[-1]
        if count > last:
            groups, rest = divmod(count, last)
            per_group = self.value(last, column)
            steps = [f"rule X2: {count} = {groups} x {last}" + (f" + {rest}" if rest else "")]
            steps.append(f"{groups} x {per_group} (row {last})")
            total = groups * per_group
            if rest:
                part = self.lookup(rest, column)
                steps.append(f"+ {part.value} (row {rest}, {part.method})")
                steps.extend("  " + s for s in part.steps)
                total += part.value
            return read(value=total, method="extended", steps=tuple(steps))
        below = max(r for r in self.rows if r < count)
        above = min(r for r in self.rows if r > count)
        low, high = self.value(below, column), self.value(above, column)
        exact = low + Fraction(high - low) * Fraction(count - below, above - below)
        value = round_half_up(exact)
        step = (
            f"rule X1: between row {below} ({low}) and row {above} ({high}): "
            f"{low} + ({high} - {low}) x {count - below}/{above - below} = {float(exact):g} -> {value}"
        )
        return read(value=value, method="interpolated", steps=(step,))


@attrs.frozen
class RowReading:
    """One row read off a :class:`ResolutionTable`."""

    table: str
    column: str
    modified_roll: int
    row_label: str
    outcome: Outcome


@attrs.frozen
class ResolutionTable:
    """CRT A or RT B: outcome by column and modified D10 roll.

    ``cells[i]`` is the row for roll ``low - 1 + i``: the first row is the printed
    "< low" row, the last the printed "> high" row; they hold for every roll beyond.
    """

    key: str
    file: str
    title: str
    figure: str
    ratio_of: str
    columns: tuple[str, ...]
    low: int
    high: int
    cells: tuple[tuple[Outcome, ...], ...]

    def row_labels(self) -> tuple[str, ...]:
        return (f"< {self.low}",) + tuple(str(r) for r in range(self.low, self.high + 1)) + (f"> {self.high}",)

    def read(self, column: str, modified_roll: int) -> RowReading:
        if column not in self.columns:
            raise KeyError(column)
        index = min(max(modified_roll, self.low - 1), self.high + 1) - (self.low - 1)
        return RowReading(
            table=self.title,
            column=column,
            modified_roll=modified_roll,
            row_label=self.row_labels()[index],
            outcome=self.cells[index][self.columns.index(column)],
        )


@attrs.frozen
class ProxyTable:
    """Proxy Forces Reliability (Figure 15.2): success or failure by grade and D10 face."""

    file: str
    title: str
    figure: str
    grades: tuple[Reliability, ...]
    percent: tuple[int, ...]
    cells: tuple[tuple[bool, ...], ...]  # cells[face][grade index]: True = success


@attrs.frozen
class BudgetBand:
    low: int
    high: int
    change: int

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@attrs.frozen
class BudgetTable:
    """DoD Budget Variation (Table 3.1)."""

    file: str
    title: str
    figure: str
    bands: tuple[BudgetBand, ...]


@attrs.frozen
class RuleTables:
    """Every printed mat, as the rule functions use them."""

    cf_in_theater: CountTable
    cf_conus_reactive: CountTable
    readiness_impact: CountTable
    crt_a: ResolutionTable
    rt_b: ResolutionTable
    deploy_proactive: CountTable
    deploy_reactive: CountTable
    procurement: CountTable
    modernization: CountTable
    conus_sustainment: CountTable
    oconus_sustainment: CountTable
    conus_buyback: CountTable
    oconus_buyback: CountTable
    proxy: ProxyTable
    budget: BudgetTable

    def resolution_table(self, name: str) -> ResolutionTable:
        """``crt-a`` or ``rt-b`` (the names the CLI and cards use)."""
        tables = {"crt-a": self.crt_a, "rt-b": self.rt_b}
        if name not in tables:
            raise KeyError(name)
        return tables[name]


# --- loading -------------------------------------------------------------------------

# What the code relies on in each count table: file, key, the exact columns, the rows
# that must be printed (at least 1..n), and the largest value a cell may hold.
_COUNT_SPECS: dict[str, tuple[str, str, tuple[int | str, ...], int]] = {
    "cf_in_theater": ("combat_factors.toml", "in_theater", tuple(range(1, 8)), 15),
    "cf_conus_reactive": ("combat_factors.toml", "conus_reactive", tuple(range(1, 8)), 15),
    "readiness_impact": ("combat_factors.toml", "readiness_impact", (90, 80, 70, 60, 50), 10),
    "deploy_proactive": ("deployment.toml", "proactive", ("RP",), 10),
    "deploy_reactive": ("deployment.toml", "reactive", ("RP",), 10),
    "procurement": ("procurement.toml", "procurement", tuple(range(1, 8)), 10),
    "modernization": ("modernization.toml", "modernization", tuple(range(1, 7)), 10),
    "conus_sustainment": ("readiness.toml", "conus_sustainment", (100, 90, 80, 70, 60, 50), 10),
    "oconus_sustainment": ("readiness.toml", "oconus_sustainment", (100, 90, 80, 70, 60, 50), 10),
    "conus_buyback": ("readiness.toml", "conus_buyback", (10, 20, 30, 40, 50), 10),
    "oconus_buyback": ("readiness.toml", "oconus_buyback", (10, 20, 30, 40, 50), 10),
}
_CELL_MAX = 1000

RULE_FILES = (
    "combat_factors.toml",
    "crt_a.toml",
    "rt_b.toml",
    "deployment.toml",
    "procurement.toml",
    "modernization.toml",
    "readiness.toml",
    "proxy.toml",
    "budget.toml",
)


class _Reader:
    """Reads each rules file once and reports problems with the file and key."""

    def __init__(self, directory: _Readable, shown_as: str) -> None:
        self.directory = directory
        self.shown_as = shown_as
        self.docs: dict[str, dict[str, Any]] = {}

    def label(self, file: str) -> str:
        return f"{self.shown_as}/{file}"

    def doc(self, file: str) -> dict[str, Any]:
        if file not in self.docs:
            path = self.directory / file
            if not path.is_file():
                raise RulesDataError(self.label(file), "", "file not found")
            try:
                # read_capped: a regular file of at most the cap (a FIFO or a device never read).
                self.docs[file] = tomlsafe.loads(
                    read_capped(path, tomlsafe.MAX_MAT_BYTES).decode("utf-8"),
                    what="this mat",
                    max_bytes=tomlsafe.MAX_MAT_BYTES,
                )
            except OSError as exc:
                raise RulesDataError(self.label(file), "", f"cannot read it: {exc.strerror or exc}") from None
            except UnicodeDecodeError:
                raise RulesDataError(self.label(file), "", "not UTF-8 text") from None
            except tomllib.TOMLDecodeError as exc:
                raise RulesDataError(self.label(file), "", f"not valid TOML: {exc}") from None
        return self.docs[file]

    def table(self, file: str, key: str) -> dict[str, Any]:
        doc = self.doc(file)
        if key not in doc:
            raise RulesDataError(self.label(file), f"[{key}]", "table missing")
        value = doc[key]
        if not isinstance(value, dict):
            raise RulesDataError(self.label(file), f"[{key}]", "must be a table")
        return value

    def text(self, file: str, key: str, table: dict[str, Any], field: str) -> str:
        value = table.get(field)
        if not isinstance(value, str) or not value.strip():
            raise RulesDataError(self.label(file), f"{key}.{field}", "must be a non-empty string")
        return value

    def fail(self, file: str, key: str, problem: str) -> RulesDataError:
        return RulesDataError(self.label(file), key, problem)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count_table(reader: _Reader, name: str) -> CountTable:
    file, key, columns, min_rows = _COUNT_SPECS[name]
    raw = reader.table(file, key)
    title = reader.text(file, key, raw, "title")
    figure = reader.text(file, key, raw, "figure")
    if tuple(raw.get("columns", ())) != columns:
        raise reader.fail(file, f"{key}.columns", f"must be {list(columns)}, found {raw.get('columns')!r}")
    rows_raw = raw.get("rows")
    if not isinstance(rows_raw, dict) or not rows_raw:
        raise reader.fail(file, f"[{key}.rows]", "table missing or empty")
    rows: list[int] = []
    cells: list[tuple[int, ...]] = []
    for row_key, row in rows_raw.items():
        where = f"[{key}.rows] {row_key}"
        if not row_key.isdigit() or int(row_key) < 1:
            raise reader.fail(file, where, "a row key must be a whole number of 1 or more")
        if rows and int(row_key) <= rows[-1]:
            raise reader.fail(file, where, f"rows must increase (this one follows {rows[-1]})")
        if not isinstance(row, list) or len(row) != len(columns):
            found = len(row) if isinstance(row, list) else type(row).__name__
            raise reader.fail(file, where, f"expected {len(columns)} numbers (columns {list(columns)}), found {found}")
        for value in row:
            if not _is_int(value) or not 0 <= value <= _CELL_MAX:
                raise reader.fail(file, where, f"cells must be whole numbers 0-{_CELL_MAX}, found {value!r}")
        rows.append(int(row_key))
        cells.append(tuple(row))
    if rows[:min_rows] != list(range(1, min_rows + 1)):
        raise reader.fail(file, f"[{key}.rows]", f"rows 1-{min_rows} must all be printed")
    errata = []
    for index, entry in enumerate(raw.get("errata", [])):
        where = f"{key}.errata[{index}]"
        try:
            erratum = Erratum(
                id=str(entry["id"]),
                row=int(entry["row"]),
                column=entry["column"],
                printed=int(entry["printed"]),
                corrected=int(entry["corrected"]),
                note=str(entry.get("note", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise reader.fail(file, where, f"needs id, row, column, printed and corrected ({exc})") from None
        if erratum.row not in rows or erratum.column not in columns:
            raise reader.fail(file, where, f"row {erratum.row}, column {erratum.column!r} is not a printed cell")
        actual = cells[rows.index(erratum.row)][columns.index(erratum.column)]
        if actual != erratum.printed:
            raise reader.fail(file, where, f"says the mat prints {erratum.printed} but the table holds {actual}")
        errata.append(erratum)
    return CountTable(
        key=key,
        file=file,
        title=title,
        figure=figure,
        row_header=reader.text(file, key, raw, "row_header"),
        column_header=reader.text(file, key, raw, "column_header"),
        columns=columns,
        rows=tuple(rows),
        cells=tuple(cells),
        errata=tuple(errata),
    )


_RESOLUTION_COLUMNS = {
    "crt_a": ("red-4:1", "red-3:1", "red-2:1", "1:1", "blue-2:1", "blue-3:1", "blue-4:1"),
    "rt_b": ("red-advantage", "parity", "blue-advantage"),
}


def _resolution_table(reader: _Reader, file: str, key: str) -> ResolutionTable:
    raw = reader.table(file, key)
    columns = _RESOLUTION_COLUMNS[key]
    if tuple(raw.get("columns", ())) != columns:
        raise reader.fail(file, f"{key}.columns", f"must be {list(columns)}, found {raw.get('columns')!r}")
    rows_raw = raw.get("rows")
    if not isinstance(rows_raw, dict) or len(rows_raw) < 3:
        raise reader.fail(file, f"[{key}.rows]", "table missing or too short")
    labels = list(rows_raw)
    first, last = labels[0].replace(" ", ""), labels[-1].replace(" ", "")
    if not (first.startswith("<") and last.startswith(">")):
        raise reader.fail(file, f"[{key}.rows]", 'the first row must be "< N" and the last "> M"')
    try:
        low, high = int(first[1:]), int(last[1:])
        numbers = [int(label) for label in labels[1:-1]]
    except ValueError:
        raise reader.fail(file, f"[{key}.rows]", "row keys must be whole numbers between the < and > rows") from None
    if numbers != list(range(low, high + 1)):
        raise reader.fail(file, f"[{key}.rows]", f"rows must run without gaps from {low} to {high}")
    cells = []
    allowed = [o.value for o in Outcome]
    for label in labels:
        row = rows_raw[label]
        where = f'[{key}.rows] "{label}"'
        if not isinstance(row, list) or len(row) != len(columns):
            raise reader.fail(file, where, f"expected {len(columns)} outcomes, one per column")
        for cell in row:
            if cell not in allowed:
                raise reader.fail(file, where, f"unknown outcome {cell!r}; allowed: {', '.join(allowed)}")
        cells.append(tuple(Outcome(c) for c in row))
    return ResolutionTable(
        key=key,
        file=file,
        title=reader.text(file, key, raw, "title"),
        figure=reader.text(file, key, raw, "figure"),
        ratio_of=reader.text(file, key, raw, "ratio_of"),
        columns=columns,
        low=low,
        high=high,
        cells=tuple(cells),
    )


def _proxy_table(reader: _Reader) -> ProxyTable:
    file, key = "proxy.toml", "reliability"
    raw = reader.table(file, key)
    grades = tuple(Reliability)
    if tuple(raw.get("columns", ())) != tuple(g.value for g in grades):
        raise reader.fail(file, f"{key}.columns", f"must be {[g.value for g in grades]}")
    percent = raw.get("percent")
    if not isinstance(percent, list) or len(percent) != len(grades) or not all(_is_int(p) for p in percent):
        raise reader.fail(file, f"{key}.percent", "must list one whole percentage per column")
    rows_raw = raw.get("rows")
    if not isinstance(rows_raw, dict) or list(rows_raw) != [str(face) for face in range(10)]:
        raise reader.fail(file, f"[{key}.rows]", "must have one row per D10 face, 0 to 9 in order")
    cells = []
    for face, row in rows_raw.items():
        if not isinstance(row, list) or len(row) != len(grades) or any(c not in ("success", "failure") for c in row):
            raise reader.fail(file, f"[{key}.rows] {face}", 'expected one "success" or "failure" per column')
        cells.append(tuple(c == "success" for c in row))
    for index, grade in enumerate(grades):
        column = [row[index] for row in cells]
        if column != sorted(column):
            raise reader.fail(file, f"[{key}.rows]", f"column {grade.value}: successes must be the high rolls")
        if sum(column) * 10 != percent[index]:
            raise reader.fail(
                file, f"[{key}.rows]", f"column {grade.value}: {sum(column)} successes in 10 is not {percent[index]}%"
            )
    return ProxyTable(
        file=file,
        title=reader.text(file, key, raw, "title"),
        figure=reader.text(file, key, raw, "figure"),
        grades=grades,
        percent=tuple(percent),
        cells=tuple(cells),
    )


def _budget_table(reader: _Reader) -> BudgetTable:
    file, key = "budget.toml", "budget_variation"
    raw = reader.table(file, key)
    bands_raw = raw.get("bands")
    if not isinstance(bands_raw, dict) or not bands_raw:
        raise reader.fail(file, f"[{key}.bands]", "table missing or empty")
    bands = []
    for label, change in bands_raw.items():
        where = f'[{key}.bands] "{label}"'
        low_text, _, high_text = label.partition("-")
        try:
            low, high = int(low_text), int(high_text or low_text)
        except ValueError:
            raise reader.fail(file, where, 'a band is a roll "N" or a range "N-M"') from None
        if not _is_int(change) or not -10 <= change <= 10:
            raise reader.fail(file, where, f"the change must be a whole number of RPs from -10 to 10, found {change!r}")
        bands.append(BudgetBand(low, high, change))
    faces = [face for band in bands for face in range(band.low, band.high + 1)]
    if faces != list(range(10)):
        raise reader.fail(file, f"[{key}.bands]", "the bands must cover the faces 0-9 once each, in order")
    return BudgetTable(
        file=file,
        title=reader.text(file, key, raw, "title"),
        figure=reader.text(file, key, raw, "figure"),
        bands=tuple(bands),
    )


def load_rules(directory: _Readable | Path | str, shown_as: str = "rules") -> RuleTables:
    """Load and check every mat under ``directory``.

    ``shown_as`` is how the folder is named in error messages. Raises
    :class:`RulesDataError` on the first problem found.
    """
    if isinstance(directory, str):
        directory = Path(directory)
    reader = _Reader(directory, shown_as)
    counts = {name: _count_table(reader, name) for name in _COUNT_SPECS}
    return RuleTables(
        **counts,
        crt_a=_resolution_table(reader, "crt_a.toml", "crt_a"),
        rt_b=_resolution_table(reader, "rt_b.toml", "rt_b"),
        proxy=_proxy_table(reader),
        budget=_budget_table(reader),
    )
