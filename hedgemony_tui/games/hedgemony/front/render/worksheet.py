"""The contest worksheet behind the column in play, for the roll and commit screens.

:func:`contest_sheet` gathers each side's forces the way the engine reads them (a
chapter 10 combat-factor worksheet per procedure for CRT A, the counted FFs of each
counter for RT B, plus what a card adds) and the column they give; :func:`worksheet`
lays that out step by step in words. The numbers come from ``engine.contest``,
``engine.resolution`` and ``engine.combat_factors``; nothing here decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs
from rich.console import Group, RenderableType
from rich.text import Text

from ...engine import contest as forces
from ...engine.combat_factors import CFLine, CFWorksheet, combat_factors
from ...engine.content import Content
from ...engine.resolution import ColumnChoice, counted_ffs, crt_a_column, rt_b_column
from ...engine.state import Commit, GameState
from .resolution import TABLES


@attrs.frozen
class SideSheet:
    """One side's forces as the column reads them: a CF worksheet per procedure (CRT A) or
    the FFs each counter counts (RT B), and anything a card adds."""

    side: str  # "blue" or "red"
    cf_sheets: tuple[tuple[str, CFWorksheet], ...] = ()
    ff_lines: tuple[tuple[str, int, int, bool, str], ...] = ()  # owner, FFs, counted, arriving, from
    extra: tuple[tuple[str, int], ...] = ()
    total: int = 0


@attrs.frozen
class ContestSheet:
    table: str
    blue: SideSheet
    red: SideSheet
    choice: ColumnChoice


def contest_sheet(state: GameState, content: Content, table: str) -> ContestSheet | None:
    """The chapter 10-12 worksheet for the card in play, from the engine's pieces.

    It follows ``engine.contest.read_table`` (U.S. forces on the U.S. procedure, other Blue
    forces together on the non-U.S. one, all Red forces together) so the totals and the
    column it shows are the engine's; the screens still highlight the column the engine
    reports, and a test checks the two agree.
    """
    run = state.run
    if run is None or table not in TABLES:
        return None
    card = content.card(run.card)
    spec = card.contest
    if spec is None:
        return None
    third = spec.third_party
    if table == "crt-a":
        bought = sum(o.cf_per_rp * run.paid.get(p, 0) for o in card.offers for p in o.players if o.cf_per_rp)
        us = [c for c in run.blue if forces.commit_owner(state, c) == "US"]
        others = [c for c in run.blue if forces.commit_owner(state, c) != "US"]
        blue = _cf_side(
            state,
            content,
            "blue",
            [("U.S.", us, True), (_owners(state, others), others, False)],
            [("third-party forces", third.get("blue", 0)), ("CFs bought with RPs", bought)],
        )
        red = _cf_side(
            state,
            content,
            "red",
            [(_owners(state, run.red), list(run.red), False)],
            [("third-party forces", third.get("red", 0))],
        )
        choice = crt_a_column(blue.total, red.total)
    else:
        blue = _ff_side(state, "blue", run.blue, third.get("blue", 0))
        red = _ff_side(state, "red", run.red, third.get("red", 0))
        choice = rt_b_column(blue.total, red.total)
    return ContestSheet(table, blue, red, choice)


def _owners(state: GameState, commits: Iterable[Commit]) -> str:
    return ", ".join(sorted({forces.commit_owner(state, c) for c in commits} - {""})) or "—"


def _cf_side(
    state: GameState,
    content: Content,
    side: str,
    parts: Sequence[tuple[str, Sequence[Commit], bool]],
    extras: Sequence[tuple[str, int]],
) -> SideSheet:
    sheets: list[tuple[str, CFWorksheet]] = []
    for who, commits, us in parts:
        if commits:
            sheets.append((who, combat_factors(content.rules, forces.force_groups(state, commits), us=us)))
    extra = tuple((label, value) for label, value in extras if value)
    total = sum(sheet.total for _, sheet in sheets) + sum(value for _, value in extra)
    return SideSheet(side, cf_sheets=tuple(sheets), extra=extra, total=total)


def _ff_side(state: GameState, side: str, commits: Sequence[Commit], third: int) -> SideSheet:
    # One counter per player, place of origin and arrival, as the engine counts them
    # (``engine.contest.counters``): steps committed from one place halve together.
    merged: dict[tuple[str, str, bool], tuple[int, str]] = {}  # key -> (FFs, source of the first commit)
    for c in commits:
        key = (forces.commit_owner(state, c), c.origin or f"stack:{c.stack}", c.arriving)
        ffs, where = merged.get(key, (0, c.source))
        merged[key] = (ffs + c.ffs, where)
    lines = [
        (owner, ffs, counted_ffs([(ffs, arriving)]), arriving, where)
        for (owner, _, arriving), (ffs, where) in merged.items()
    ]
    extra = (("third-party forces", counted_ffs([(third, False)])),) if third else ()
    total = counted_ffs(forces.counters(state, commits) + ([(third, False)] if third else []))
    return SideSheet(side, ff_lines=tuple(lines), extra=extra, total=total)


def worksheet(sheet: ContestSheet) -> Group:
    """The worksheet step by step, side by side in words, as the rulebook's chapter 11 example."""
    unit = "CFs" if sheet.table == "crt-a" else "FFs"
    parts: list[RenderableType] = [
        Text(f"Worksheet ({'chapter 10-11' if sheet.table == 'crt-a' else 'chapter 12'})", style="bold")
    ]
    for side in (sheet.red, sheet.blue):
        text = Text(
            f"{side.side.title()}: {side.total} {unit[:-1] if side.total == 1 else unit}",
            style="bold red" if side.side == "red" else "bold cyan",
        )
        if not side.cf_sheets and not side.ff_lines and not side.extra:
            text.append("  (no forces)", style="dim")
        for who, cf in side.cf_sheets:
            procedure = "U.S. procedure" if cf.us else "non-U.S. procedure"
            text.append(f"\n  {who} ({procedure}): {cf.total} CFs", style="bold")
            for line in cf.lines:
                text.append("\n   • " + _cf_line(line))
        for owner, ffs, counted, arriving, source in side.ff_lines:
            how = f"arriving from out of area: half, rounded up → {counted}" if arriving else f"counts {counted}"
            text.append(f"\n   • {owner} {ffs} FF ({source}): {how}")
        for label, value in side.extra:
            text.append(f"\n   • {label}: {value:+d} {unit}")
        parts.append(text)
    parts.append(Text(f"Ratio: {sheet.choice.reason} → column {sheet.choice.label}", style="bold"))
    return Group(*parts)


def _cf_line(line: CFLine) -> str:
    group = f"{line.ffs}×M{line.mod}" + ("" if line.readiness == 100 else f" at {line.readiness}%")
    table = "CONUS reactive" if line.source.value == "conus" else "In-Theater"
    steps = f"{group} from {line.source.value}: {table} table ({line.base.figure}) → {line.base.value}"
    if line.base.method not in ("printed", "empty"):
        steps += f" ({line.base.method})"
    if line.halved is not None:
        steps += f"; adjacent theater, halved rounding up → {line.halved}"
    if line.reduced is not None:
        steps += (
            f"; Readiness Impact ({line.reduced.figure}) {line.reduced.row} at {line.readiness}% → {line.reduced.value}"
        )
    return steps
