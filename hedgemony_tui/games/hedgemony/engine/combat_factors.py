"""Combat Factors from Force Factors: the two procedures of chapter 10, as a worksheet.

Non-U.S. players subtotal their FFs by source (in theater, adjacent theater) and Mod
Level; the U.S. also by Readiness Level, and adds a third source, reactive
deployment from CONUS (which also covers forces whose readiness was bought back on
the turn they fight, per the note on the mat). Each subtotal is read from its table,
halved (rounding up) if it came from an adjacent theater, then reduced by the
Readiness Impact table if below 100%. The worksheet keeps every step so the screens
can show the arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from hedgemony_tui.table.errors import RuleInputError

from .tables import Lookup, RuleTables
from .terms import MOD_LEVELS, READINESS_LEVELS, Source


@attrs.frozen
class ForceGroup:
    """Some FFs of one Mod Level, Readiness Level and source, committed to one action."""

    ffs: int
    mod: int
    readiness: int = 100
    source: Source = Source.THEATER


@attrs.frozen
class CFLine:
    """One subtotal of the worksheet and every step taken on it."""

    source: Source
    mod: int
    readiness: int
    ffs: int
    base: Lookup
    halved: int | None  # CFs after halving for an adjacent theater, else None
    reduced: Lookup | None  # Readiness Impact reading, else None
    cfs: int


@attrs.frozen
class CFWorksheet:
    us: bool
    lines: tuple[CFLine, ...]
    total: int


def check_group(group: ForceGroup, *, us: bool) -> None:
    """Raise :class:`RuleInputError` if the group breaks the rules of chapter 10."""
    if group.ffs < 1:
        raise RuleInputError(f"a group needs at least 1 FF (got {group.ffs})")
    if group.mod not in MOD_LEVELS:
        raise RuleInputError(f"Mod Level must be 1-7 (got {group.mod})")
    if group.readiness not in READINESS_LEVELS:
        levels = ", ".join(str(r) for r in READINESS_LEVELS)
        raise RuleInputError(f"readiness must be one of {levels} percent (got {group.readiness})")
    if not us and group.readiness != 100:
        raise RuleInputError("only U.S. forces have a Readiness Level below 100%")
    if not us and group.source is Source.CONUS:
        raise RuleInputError("only U.S. forces deploy reactively from CONUS; use theater or adjacent")


def subtotal(groups: Iterable[ForceGroup], *, us: bool) -> tuple[ForceGroup, ...]:
    """Merge groups that share source, Mod Level and (U.S.) Readiness Level, in a stable order.

    The mats look up each *subtotal*, not each counter: two 1xM3 counters in theater
    are read as 2xM3 (5 CFs), not as 3 + 3.
    """
    totals: dict[tuple[Source, int, int], int] = {}
    for group in groups:
        check_group(group, us=us)
        key = (group.source, group.readiness, group.mod)
        totals[key] = totals.get(key, 0) + group.ffs
    order = {source: index for index, source in enumerate(Source)}
    keys = sorted(totals, key=lambda k: (order[k[0]], -k[1], k[2]))
    return tuple(ForceGroup(ffs=totals[k], mod=k[2], readiness=k[1], source=k[0]) for k in keys)


def combat_factors(tables: RuleTables, groups: Iterable[ForceGroup], *, us: bool) -> CFWorksheet:
    """The CFs of a force, with the worksheet of chapter 10's procedure for its owner."""
    lines = []
    for group in subtotal(groups, us=us):
        table = tables.cf_conus_reactive if group.source is Source.CONUS else tables.cf_in_theater
        base = table.lookup(group.ffs, group.mod)
        cfs = base.value
        halved = None
        if group.source is Source.ADJACENT:
            halved = -(-cfs // 2)
            cfs = halved
        reduced = None
        if group.readiness < 100:
            reduced = tables.readiness_impact.lookup(cfs, group.readiness)
            cfs = reduced.value
        lines.append(
            CFLine(
                source=group.source,
                mod=group.mod,
                readiness=group.readiness,
                ffs=group.ffs,
                base=base,
                halved=halved,
                reduced=reduced,
                cfs=cfs,
            )
        )
    return CFWorksheet(us=us, lines=tuple(lines), total=sum(line.cfs for line in lines))
